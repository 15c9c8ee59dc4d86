/* handrank: kernels of the Poker Query Language (pql.h).
 *
 * The race deals as csrc/stud_mc.c does (xoshiro256** on the caller's state,
 * each index by Lemire's multiply), two indices from one 64-bit draw (the
 * high word, then the low word), and ranks each hand by its key and mask sums
 * (hr_lookup); the winning category is the category of the best strength.
 */
#include "pql.h"

#include "lookup.h"
#include "omaha.h"
#include "omaha_exact.h"

#include <stdlib.h>
#include <string.h>

/* A uniform integer in [0, n) from the 32-bit word w (Lemire), drawing again
 * from s only for the few words that would bias it. */
static inline uint32_t below32(uint64_t *s, uint32_t w, uint32_t n)
{
    uint64_t m = (uint64_t)w * n;
    uint32_t low = (uint32_t)m;
    if (HR_UNLIKELY(low < n)) {
        uint32_t t = (uint32_t)(-n) % n;
        while (low < t) {
            m = (hr_xoshiro_next(s) >> 32) * n;
            low = (uint32_t)m;
        }
    }
    return (uint32_t)(m >> 32);
}

int64_t hr_pql_race_types(const hr_game *g, int n, int full, const uint8_t *stub, int n_stub,
                          int64_t trials, hr_rng *rng, int64_t *hist,
                          const volatile int32_t *cancel)
{
    uint8_t deck[HR_N_CARDS];
    if (g == NULL || rng == NULL || hist == NULL || n < 2 || n > HR_PQL_MAX_PLAYERS ||
        full < HR_MIN_HAND || full > HR_MAX_HAND || n_stub < 0 || n_stub > HR_N_CARDS ||
        trials < 0 || n * full > n_stub)
        return -1;
    uint64_t seen = 0;
    for (int i = 0; i < n_stub; i++) {
        uint8_t c = stub[i];
        if (c >= HR_N_CARDS || (g->card_key[c] >> 60) || ((seen >> c) & 1))
            return -1;
        seen |= 1ULL << c;
        deck[i] = c;
    }
    const int m = n * full;
    const uint8_t *cat = g->category;
    uint64_t s[4];
    memcpy(s, rng->s, sizeof s);
    int64_t t;
    for (t = 0; t < trials; t++) {
        if ((t & 4095) == 4095 && cancel != NULL && *cancel)
            break;
        int j = 0;
        for (; j + 1 < m; j += 2) {
            uint64_t r = hr_xoshiro_next(s);
            uint32_t a = (uint32_t)j + below32(s, (uint32_t)(r >> 32), (uint32_t)(n_stub - j));
            uint8_t x = deck[j];
            deck[j] = deck[a];
            deck[a] = x;
            uint32_t b = (uint32_t)(j + 1) +
                         below32(s, (uint32_t)r, (uint32_t)(n_stub - j - 1));
            x = deck[j + 1];
            deck[j + 1] = deck[b];
            deck[b] = x;
        }
        if (j < m) {
            uint32_t a = (uint32_t)j + hr_below(s, (uint32_t)(n_stub - j));
            uint8_t x = deck[j];
            deck[j] = deck[a];
            deck[a] = x;
        }
        unsigned best = 0;
        for (int i = 0; i < n; i++) {
            const uint8_t *h = deck + i * full;
            uint64_t k = HR_SUIT_INIT, mk = 0;
            for (int q = 0; q < full; q++) {
                k += g->card_key[h[q]];
                mk += g->card_mask[h[q]];
            }
            unsigned v = hr_lookup(g, k, mk);
            best = v > best ? v : best;
        }
        hist[cat[best]]++;
    }
    memcpy(rng->s, s, sizeof s);
    return t;
}

/* The strengths under t of two hole cards with the board's first `known`
 * cards and each completion (k = 0, 1 or 2 cards of unseen[0..u)), in the
 * order of hr_pql_street_equity's completions. */
static void pql_any_five(const hr_game *t, const uint8_t *hole, const uint8_t *board,
                         int known, const uint8_t *unseen, int u, int k, uint16_t *s)
{
    uint64_t key = HR_SUIT_INIT, mk = 0;
    for (int j = 0; j < 2; j++) {
        key += t->card_key[hole[j]];
        mk += t->card_mask[hole[j]];
    }
    for (int j = 0; j < known; j++) {
        key += t->card_key[board[j]];
        mk += t->card_mask[board[j]];
    }
    if (k == 0) {
        s[0] = (uint16_t)hr_lookup(t, key, mk);
    } else if (k == 1) {
        for (int a = 0; a < u; a++)
            s[a] = (uint16_t)hr_lookup(t, key + t->card_key[unseen[a]],
                                       mk + t->card_mask[unseen[a]]);
    } else {
        int q = 0;
        for (int a = 0; a < u; a++) {
            uint64_t ka = key + t->card_key[unseen[a]];
            uint64_t ma = mk + t->card_mask[unseen[a]];
            for (int b = a + 1; b < u; b++)
                s[q++] = (uint16_t)hr_lookup(t, ka + t->card_key[unseen[b]],
                                             ma + t->card_mask[unseen[b]]);
        }
    }
}

/* The most completions: two cards from at most 49 unseen. */
#define PQL_MAX_RUNOUTS 1176

int64_t hr_pql_street_equity(const hr_game *g, const hr_game *low, int h, int n,
                             const uint8_t *holes, const uint8_t *boards, int known,
                             uint64_t live, int64_t n_deals, double *out)
{
    if (g == NULL || holes == NULL || boards == NULL || out == NULL || n < 2 ||
        n > HR_PQL_MAX_PLAYERS || !(h == 2 || (h >= HR_OMAHA_MIN_HOLE && h <= HR_OMAHA_MAX_HOLE)) ||
        known < 3 || known > 5 || n_deals < 0 || n * h + known > HR_N_CARDS)
        return -1;
    const int k = 5 - known;
    const int hilo = low != NULL;
    uint16_t *strength = malloc(sizeof *strength * (size_t)(PQL_MAX_RUNOUTS * n));
    uint16_t *lows = hilo ? malloc(sizeof *lows * (size_t)(PQL_MAX_RUNOUTS * n)) : NULL;
    uint16_t *pairs = NULL;
    uint8_t *run_buf = NULL;
    if (h != 2) {
        pairs = malloc(sizeof *pairs * (size_t)(PQL_MAX_RUNOUTS * n * 2));
        run_buf = malloc((size_t)PQL_MAX_RUNOUTS * 2);
    }
    if (strength == NULL || (hilo && lows == NULL) ||
        (h != 2 && (pairs == NULL || run_buf == NULL))) {
        free(strength);
        free(lows);
        free(pairs);
        free(run_buf);
        return -1;
    }
    int64_t ret = n_deals;
    for (int64_t d = 0; d < n_deals; d++) {
        const uint8_t *hd = holes + d * n * h, *bd = boards + d * 5;
        uint64_t used = 0;
        int bad = 0;
        for (int j = 0; j < n * h + known; j++) {
            uint8_t c = j < n * h ? hd[j] : bd[j - n * h];
            if (c >= HR_N_CARDS || (g->card_key[c] >> 60) || ((used >> c) & 1))
                bad = 1;
            else
                used |= 1ULL << c;
        }
        if (bad) {
            ret = -2;
            break;
        }
        uint8_t unseen[HR_N_CARDS];
        int u = 0;
        for (int c = 0; c < HR_N_CARDS; c++)
            if (((live >> c) & 1) && !((used >> c) & 1) && !(g->card_key[c] >> 60))
                unseen[u++] = (uint8_t)c;
        int r = k == 0 ? 1 : k == 1 ? u : u * (u - 1) / 2;
        if (r < 1 || r > PQL_MAX_RUNOUTS) {
            ret = -1;
            break;
        }
        if (h == 2) {
            for (int i = 0; i < n; i++) {
                uint16_t *s = strength + (size_t)i * (size_t)r;
                pql_any_five(g, hd + i * 2, bd, known, unseen, u, k, s);
                if (hilo)
                    pql_any_five(low, hd + i * 2, bd, known, unseen, u, k,
                                 lows + (size_t)i * (size_t)r);
            }
        } else {
            /* every player on every completion in one call: each completion's
             * board is gathered once (hr_omaha_runout_strengths) */
            int q = 0;
            if (k == 1) {
                for (int a = 0; a < u; a++)
                    run_buf[q++] = unseen[a];
            } else if (k == 2) {
                for (int a = 0; a < u; a++)
                    for (int b = a + 1; b < u; b++, q++) {
                        run_buf[2 * q] = unseen[a];
                        run_buf[2 * q + 1] = unseen[b];
                    }
            }
            if (hr_omaha_runout_strengths(g, hilo, h, hd, n, bd, known, run_buf, r, pairs)
                != -1) {
                ret = -2;
                break;
            }
            for (int a = 0; a < r; a++)
                for (int i = 0; i < n; i++) {
                    strength[(size_t)i * (size_t)r + (size_t)a] = pairs[2 * (a * n + i)];
                    if (hilo)
                        lows[(size_t)i * (size_t)r + (size_t)a] = pairs[2 * (a * n + i) + 1];
                }
        }
        double share[HR_PQL_MAX_PLAYERS] = {0};
        for (int a = 0; a < r; a++) {
            unsigned best = 0;
            int cnt = 0;
            for (int i = 0; i < n; i++) {
                unsigned v = strength[(size_t)i * (size_t)r + (size_t)a];
                if (v > best) {
                    best = v;
                    cnt = 1;
                } else if (v == best) {
                    cnt++;
                }
            }
            unsigned lbest = 0;
            int lcnt = 0;
            if (hilo)
                for (int i = 0; i < n; i++) {
                    unsigned v = lows[(size_t)i * (size_t)r + (size_t)a];
                    if (v > lbest) {
                        lbest = v;
                        lcnt = 1;
                    } else if (v == lbest && v > 0) {
                        lcnt++;
                    }
                }
            double w = (lbest > 0 ? 0.5 : 1.0) / cnt;
            for (int i = 0; i < n; i++)
                if (strength[(size_t)i * (size_t)r + (size_t)a] == best)
                    share[i] += w;
            if (lbest > 0) {
                double lw = 0.5 / lcnt;
                for (int i = 0; i < n; i++)
                    if (lows[(size_t)i * (size_t)r + (size_t)a] == lbest)
                        share[i] += lw;
            }
        }
        for (int i = 0; i < n; i++)
            out[d * n + i] = share[i] / r;
    }
    free(strength);
    free(lows);
    free(pairs);
    free(run_buf);
    return ret;
}

/* One deal of hr_pql_stud_equity: each player's seen cards' key and mask sums,
 * the unseen cards, and the sums of the shares. */
typedef struct {
    const hr_game *g, *low;
    int n, need, u;
    uint8_t unseen[HR_N_CARDS];
    uint64_t key[HR_PQL_MAX_PLAYERS], mask[HR_PQL_MAX_PLAYERS];
    uint64_t lkey[HR_PQL_MAX_PLAYERS], lmask[HR_PQL_MAX_PLAYERS];
    unsigned hi[HR_PQL_MAX_PLAYERS], lo[HR_PQL_MAX_PLAYERS];
    double share[HR_PQL_MAX_PLAYERS];
    int64_t deals;
} pql_stud;

/* Adds one deal's pot shares (hi[] and lo[] filled). */
static void pql_stud_settle(pql_stud *c)
{
    const int n = c->n;
    unsigned best = 0, lbest = 0;
    int cnt = 0, lcnt = 0;
    for (int i = 0; i < n; i++) {
        if (c->hi[i] > best) {
            best = c->hi[i];
            cnt = 1;
        } else if (c->hi[i] == best) {
            cnt++;
        }
        if (c->low != NULL) {
            if (c->lo[i] > lbest) {
                lbest = c->lo[i];
                lcnt = 1;
            } else if (c->lo[i] == lbest && lbest > 0) {
                lcnt++;
            }
        }
    }
    double w = (lbest > 0 ? 0.5 : 1.0) / cnt;
    for (int i = 0; i < n; i++) {
        if (c->hi[i] == best)
            c->share[i] += w;
        if (lbest > 0 && c->lo[i] == lbest)
            c->share[i] += 0.5 / lcnt;
    }
    c->deals++;
}

/* Every way to deal player i its `need` cards (j of them chosen, the next
 * from unseen[from..]) and the later players theirs, none of `taken`. */
static void pql_stud_enum(pql_stud *c, int i, int j, int from, uint64_t taken, uint64_t k,
                          uint64_t mk, uint64_t lk, uint64_t lm)
{
    if (j == c->need) {
        c->hi[i] = (unsigned)hr_lookup(c->g, k, mk);
        if (c->low != NULL)
            c->lo[i] = (unsigned)hr_lookup(c->low, lk, lm);
        if (i + 1 == c->n) {
            pql_stud_settle(c);
            return;
        }
        i++;
        pql_stud_enum(c, i, 0, 0, taken, c->key[i], c->mask[i], c->lkey[i], c->lmask[i]);
        return;
    }
    const hr_game *g = c->g, *low = c->low;
    for (int a = from; a <= c->u - (c->need - j); a++) {
        if ((taken >> a) & 1)
            continue;
        uint8_t x = c->unseen[a];
        pql_stud_enum(c, i, j + 1, a + 1, taken | (1ULL << a), k + g->card_key[x],
                      mk + g->card_mask[x], low ? lk + low->card_key[x] : 0,
                      low ? lm + low->card_mask[x] : 0);
    }
}

int64_t hr_pql_stud_equity(const hr_game *g, const hr_game *low, int n, const uint8_t *holes,
                           int known, uint64_t live, int64_t n_deals, int64_t samples,
                           hr_rng *rng, double *out, const volatile int32_t *cancel)
{
    if (g == NULL || holes == NULL || out == NULL || n < 2 || n > HR_PQL_MAX_PLAYERS ||
        known < 3 || known > 7 || n_deals < 0 || samples < 0 || (samples > 0 && rng == NULL))
        return -1;
    pql_stud c;
    c.g = g;
    c.low = low;
    c.n = n;
    c.need = 7 - known;
    uint64_t s[4] = {0, 0, 0, 0};
    if (rng != NULL)
        memcpy(s, rng->s, sizeof s);
    int64_t d;
    for (d = 0; d < n_deals; d++) {
        if (cancel != NULL && *cancel)
            break;
        const uint8_t *hd = holes + d * n * 7;
        uint64_t used = 0;
        for (int i = 0; i < n; i++) {
            c.key[i] = c.lkey[i] = HR_SUIT_INIT;
            c.mask[i] = c.lmask[i] = 0;
            for (int j = 0; j < known; j++) {
                uint8_t x = hd[i * 7 + j];
                if (x >= HR_N_CARDS || (g->card_key[x] >> 60) || ((used >> x) & 1)) {
                    if (rng != NULL)
                        memcpy(rng->s, s, sizeof s);
                    return -2;
                }
                used |= 1ULL << x;
                c.key[i] += g->card_key[x];
                c.mask[i] += g->card_mask[x];
                if (low != NULL) {
                    c.lkey[i] += low->card_key[x];
                    c.lmask[i] += low->card_mask[x];
                }
            }
        }
        c.u = 0;
        for (int x = 0; x < HR_N_CARDS; x++)
            if (((live >> x) & 1) && !((used >> x) & 1) && !(g->card_key[x] >> 60))
                c.unseen[c.u++] = (uint8_t)x;
        const int m = n * c.need;
        if (m > c.u) {
            if (rng != NULL)
                memcpy(rng->s, s, sizeof s);
            return -1;
        }
        memset(c.share, 0, sizeof c.share);
        c.deals = 0;
        if (samples == 0 || m == 0) {
            pql_stud_enum(&c, 0, 0, 0, 0, c.key[0], c.mask[0], c.lkey[0], c.lmask[0]);
        } else {
            uint8_t deck[HR_N_CARDS];
            memcpy(deck, c.unseen, (size_t)c.u);
            for (int64_t t = 0; t < samples; t++) {
                for (int j = 0; j < m; j++) {
                    uint32_t r = (uint32_t)j + hr_below(s, (uint32_t)(c.u - j));
                    uint8_t x = deck[j];
                    deck[j] = deck[r];
                    deck[r] = x;
                }
                for (int i = 0; i < n; i++) {
                    uint64_t k = c.key[i], mk = c.mask[i], lk = c.lkey[i], lm = c.lmask[i];
                    for (int j = i * c.need; j < (i + 1) * c.need; j++) {
                        uint8_t x = deck[j];
                        k += g->card_key[x];
                        mk += g->card_mask[x];
                        if (low != NULL) {
                            lk += low->card_key[x];
                            lm += low->card_mask[x];
                        }
                    }
                    c.hi[i] = (unsigned)hr_lookup(g, k, mk);
                    if (low != NULL)
                        c.lo[i] = (unsigned)hr_lookup(low, lk, lm);
                }
                pql_stud_settle(&c);
            }
        }
        for (int i = 0; i < n; i++)
            out[d * n + i] = c.share[i] / (double)c.deals;
    }
    if (rng != NULL)
        memcpy(rng->s, s, sizeof s);
    return d;
}
