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
