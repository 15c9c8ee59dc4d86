/* handrank: the PQL's hand-versus-range equity (pql_range.h).
 *
 * Hold'em-like hands (two hole cards) are ranked by their key and mask sums
 * (hr_lookup), the player's and the known board's sums made once per deal;
 * Omaha hands by hr_omaha_runout_strengths, every hand of a tuple on every
 * completion in one call.
 */
#include "pql_range.h"

#include "lookup.h"
#include "omaha_exact.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define N_HANDS (HR_PQL_RANGE_MAX_OPPONENTS + 1)
/* The most completions of a board: two cards from at most 49. */
#define MAX_RUNOUTS 1176
#define MAX_REJECTS 1000000

typedef struct {
    const hr_game *g, *low;
    int h, m, known, k;
    const uint8_t *board;
    /* the current tuple: hand 0 the player's, i the opponents' */
    const uint8_t *hand[N_HANDS];
    /* h = 2: each hand's key and mask sums with the known board */
    uint64_t key[N_HANDS], mask[N_HANDS], lkey[N_HANDS], lmask[N_HANDS];
    /* opponents' hands left after the known cards: index lists and cumulative weights */
    int32_t *idx[HR_PQL_RANGE_MAX_OPPONENTS];
    double *cum[HR_PQL_RANGE_MAX_OPPONENTS];
    int32_t n_left[HR_PQL_RANGE_MAX_OPPONENTS];
    const uint8_t *hands;
    const uint64_t *hmask;
    const double *weights;
    const int64_t *off;
    /* scratch: Omaha hands side by side, completions, strengths */
    uint8_t omaha[N_HANDS * 6];
    uint8_t *runs;
    uint16_t *pairs;
    /* hold'em: the player's strengths on every completion (hero_table) */
    uint16_t hhi[HR_N_CARDS * HR_N_CARDS], hlo[HR_N_CARDS * HR_N_CARDS];
    /* the enumeration's sums */
    double num, den;
} rctx;

/* The player's share of a pot from each hand's high (and low) strength. */
static double hero_share(int n, const unsigned *hi, const unsigned *lo)
{
    unsigned best = 0, lbest = 0;
    int cnt = 0, lcnt = 0;
    for (int i = 0; i < n; i++) {
        if (hi[i] > best) {
            best = hi[i];
            cnt = 1;
        } else if (hi[i] == best) {
            cnt++;
        }
        if (lo != NULL) {
            if (lo[i] > lbest) {
                lbest = lo[i];
                lcnt = 1;
            } else if (lo[i] == lbest && lbest > 0) {
                lcnt++;
            }
        }
    }
    double hs = hi[0] == best ? 1.0 / cnt : 0.0;
    if (lbest == 0)
        return hs;
    return 0.5 * hs + (lo[0] == lbest ? 0.5 / lcnt : 0.0);
}

/* The hold'em sums of hand i with the known board. */
static void sums_of(rctx *c, int i)
{
    const hr_game *g = c->g;
    uint64_t k = HR_SUIT_INIT, mk = 0;
    for (int j = 0; j < 2; j++) {
        k += g->card_key[c->hand[i][j]];
        mk += g->card_mask[c->hand[i][j]];
    }
    for (int j = 0; j < c->known; j++) {
        k += g->card_key[c->board[j]];
        mk += g->card_mask[c->board[j]];
    }
    c->key[i] = k;
    c->mask[i] = mk;
    if (c->low != NULL) {
        const hr_game *l = c->low;
        k = HR_SUIT_INIT;
        mk = 0;
        for (int j = 0; j < 2; j++) {
            k += l->card_key[c->hand[i][j]];
            mk += l->card_mask[c->hand[i][j]];
        }
        for (int j = 0; j < c->known; j++) {
            k += l->card_key[c->board[j]];
            mk += l->card_mask[c->board[j]];
        }
        c->lkey[i] = k;
        c->lmask[i] = mk;
    }
}

/* The player's share on the completion run[0..k) (hold'em); the player's
 * own strengths are given (hhi, hlo) when `given`, else computed. */
static double share_two(const rctx *c, const uint8_t *run, int given, unsigned hhi,
                        unsigned hlo)
{
    const int n = c->m + 1;
    unsigned hi[N_HANDS], lo[N_HANDS];
    uint64_t ck = 0, cm = 0, lk = 0, lm = 0;
    for (int j = 0; j < c->k; j++) {
        ck += c->g->card_key[run[j]];
        cm += c->g->card_mask[run[j]];
        if (c->low != NULL) {
            lk += c->low->card_key[run[j]];
            lm += c->low->card_mask[run[j]];
        }
    }
    for (int i = given ? 1 : 0; i < n; i++) {
        hi[i] = hr_lookup(c->g, c->key[i] + ck, c->mask[i] + cm);
        if (c->low != NULL)
            lo[i] = hr_lookup(c->low, c->lkey[i] + lk, c->lmask[i] + lm);
    }
    if (given) {
        hi[0] = hhi;
        lo[0] = hlo;
    }
    return hero_share(n, hi, c->low != NULL ? lo : NULL);
}

/* Hold'em: the player's strengths on every completion from unseen[0..u)
 * (k = 0: one; 1: by card index; 2: by a * u + b, a < b). */
static void hero_table(const rctx *c, const uint8_t *unseen, int u, uint16_t *hi, uint16_t *lo)
{
    const hr_game *g = c->g, *l = c->low;
    if (c->k == 0) {
        hi[0] = (uint16_t)hr_lookup(g, c->key[0], c->mask[0]);
        if (l != NULL)
            lo[0] = (uint16_t)hr_lookup(l, c->lkey[0], c->lmask[0]);
        return;
    }
    for (int a = 0; a < u; a++) {
        uint64_t ka = c->key[0] + g->card_key[unseen[a]], ma = c->mask[0] + g->card_mask[unseen[a]];
        uint64_t la = 0, lb = 0;
        if (l != NULL) {
            la = c->lkey[0] + l->card_key[unseen[a]];
            lb = c->lmask[0] + l->card_mask[unseen[a]];
        }
        if (c->k == 1) {
            hi[a] = (uint16_t)hr_lookup(g, ka, ma);
            if (l != NULL)
                lo[a] = (uint16_t)hr_lookup(l, la, lb);
            continue;
        }
        for (int b = a + 1; b < u; b++) {
            hi[a * u + b] = (uint16_t)hr_lookup(g, ka + g->card_key[unseen[b]],
                                                ma + g->card_mask[unseen[b]]);
            if (l != NULL)
                lo[a * u + b] = (uint16_t)hr_lookup(l, la + l->card_key[unseen[b]],
                                                    lb + l->card_mask[unseen[b]]);
        }
    }
}

/* The player's shares summed over the r completions at c->runs (Omaha).
 * Returns -1 when the evaluator refuses them. */
static double shares_omaha(rctx *c, int r)
{
    const int n = c->m + 1;
    for (int i = 0; i < n; i++)
        memcpy(c->omaha + i * c->h, c->hand[i], (size_t)c->h);
    if (hr_omaha_runout_strengths(c->g, c->low != NULL, c->h, c->omaha, n, c->board, c->known,
                                  c->runs, r, c->pairs) != -1)
        return -1.0;
    double sum = 0.0;
    unsigned hi[N_HANDS], lo[N_HANDS];
    for (int a = 0; a < r; a++) {
        for (int i = 0; i < n; i++) {
            hi[i] = c->pairs[2 * (a * n + i)];
            lo[i] = c->pairs[2 * (a * n + i) + 1];
        }
        sum += hero_share(n, hi, c->low != NULL ? lo : NULL);
    }
    return sum;
}

/* Every completion of the board from left[0..nl) for the current tuple, its
 * mean share added to the sums with weight w.  Returns -1 on an evaluator's
 * refusal. */
static int settle_all(rctx *c, const uint8_t *unseen, int u, uint64_t used, double w)
{
    double sum = 0.0;
    int r = 0;
    if (c->h == 2) {
        for (int i = 1; i <= c->m; i++)
            sums_of(c, i);
        uint8_t run[2] = {0, 0};    /* read only for k > 0 */
        if (c->k == 0) {
            sum = share_two(c, run, 1, c->hhi[0], c->hlo[0]);
            r = 1;
        } else if (c->k == 1) {
            for (int a = 0; a < u; a++) {
                if ((used >> unseen[a]) & 1)
                    continue;
                run[0] = unseen[a];
                sum += share_two(c, run, 1, c->hhi[a], c->hlo[a]);
                r++;
            }
        } else {
            for (int a = 0; a < u; a++) {
                if ((used >> unseen[a]) & 1)
                    continue;
                run[0] = unseen[a];
                for (int b = a + 1; b < u; b++) {
                    if ((used >> unseen[b]) & 1)
                        continue;
                    run[1] = unseen[b];
                    sum += share_two(c, run, 1, c->hhi[a * u + b], c->hlo[a * u + b]);
                    r++;
                }
            }
        }
    } else {
        uint8_t left[HR_N_CARDS];
        int nl = 0;
        for (int a = 0; a < u; a++)
            if (!((used >> unseen[a]) & 1))
                left[nl++] = unseen[a];
        if (c->k == 0) {
            r = 1;
        } else if (c->k == 1) {
            for (int a = 0; a < nl; a++)
                c->runs[r++] = left[a];
        } else {
            for (int a = 0; a < nl; a++)
                for (int b = a + 1; b < nl; b++, r++) {
                    c->runs[2 * r] = left[a];
                    c->runs[2 * r + 1] = left[b];
                }
        }
        sum = shares_omaha(c, r);
        if (sum < 0)
            return -1;
    }
    if (r == 0)
        return 0;
    c->num += w * sum / r;
    c->den += w;
    return 0;
}

/* Every tuple of the opponents j.. that shares no card with `used`. */
static int walk(rctx *c, int j, uint64_t used, double w, const uint8_t *unseen, int u)
{
    if (j == c->m)
        return settle_all(c, unseen, u, used, w);
    for (int32_t t = 0; t < c->n_left[j]; t++) {
        int64_t x = c->off[j] + c->idx[j][t];
        if (c->hmask[x] & used)
            continue;
        c->hand[j + 1] = c->hands + x * c->h;
        if (walk(c, j + 1, used | c->hmask[x], w * c->weights[x], unseen, u) < 0)
            return -1;
    }
    return 0;
}

/* A uniform double in [0, 1). */
static inline double unit(uint64_t *s)
{
    return (double)(hr_xoshiro_next(s) >> 11) * 0x1.0p-53;
}

static double binom(int n, int k)
{
    if (k < 0 || n < k)
        return 0.0;
    double r = 1.0;
    for (int i = 0; i < k; i++)
        r = r * (n - i) / (i + 1);
    return r;
}

int64_t hr_pql_range_equity(const hr_game *g, const hr_game *low, int h, const uint8_t *hero,
                            const uint8_t *boards, int known, uint64_t live, int m,
                            const int32_t *sizes, const uint8_t *hands, const double *weights,
                            int64_t exact_limit, int64_t samples, hr_rng *rng, int64_t n_deals,
                            double *out, int64_t *n_exact, const volatile int32_t *cancel)
{
    if (g == NULL || hero == NULL || boards == NULL || out == NULL || sizes == NULL ||
        weights == NULL || hands == NULL ||
        !(h == 2 || (h >= 4 && h <= 6)) || known < 3 || known > 5 || m < 1 ||
        m > HR_PQL_RANGE_MAX_OPPONENTS || n_deals < 0 || exact_limit < 0 || samples < 1 ||
        (samples > 0 && rng == NULL) || (m + 1) * h + known > HR_N_CARDS)
        return -1;
    int64_t total = 0;
    int64_t off[HR_PQL_RANGE_MAX_OPPONENTS];
    for (int j = 0; j < m; j++) {
        if (sizes[j] < 0)
            return -1;
        off[j] = total;
        total += sizes[j];
    }
    /* every range hand's card mask; a card out of the deck or twice is refused */
    uint64_t *hmask = malloc(sizeof *hmask * (size_t)(total > 0 ? total : 1));
    int32_t *idx = malloc(sizeof *idx * (size_t)(total > 0 ? total : 1));
    double *cum = malloc(sizeof *cum * (size_t)(total > 0 ? total : 1));
    uint8_t *runs = malloc((size_t)MAX_RUNOUTS * 2);
    uint16_t *pairs = malloc(sizeof *pairs * (size_t)MAX_RUNOUTS * N_HANDS * 2);
    int64_t ret = n_deals;
    if (hmask == NULL || idx == NULL || cum == NULL || runs == NULL || pairs == NULL) {
        ret = -1;
        goto done;
    }
    for (int64_t x = 0; x < total; x++) {
        uint64_t mk = 0;
        for (int q = 0; q < h; q++) {
            uint8_t cd = hands[x * h + q];
            if (cd >= HR_N_CARDS || (g->card_key[cd] >> 60) || ((mk >> cd) & 1)) {
                ret = -1;
                goto done;
            }
            mk |= 1ULL << cd;
        }
        if (!(weights[x] > 0.0)) {
            ret = -1;
            goto done;
        }
        hmask[x] = mk;
    }
    rctx c;
    memset(&c, 0, sizeof c);
    c.g = g;
    c.low = low;
    c.h = h;
    c.m = m;
    c.known = known;
    c.k = 5 - known;
    c.hands = hands;
    c.hmask = hmask;
    c.weights = weights;
    c.off = off;
    c.runs = runs;
    c.pairs = pairs;
    for (int j = 0; j < m; j++) {
        c.idx[j] = idx + off[j];
        c.cum[j] = cum + off[j];
    }
    uint64_t s[4];
    if (rng != NULL)
        memcpy(s, rng->s, sizeof s);
    int64_t d;
    for (d = 0; d < n_deals; d++) {
        if (cancel != NULL && *cancel)
            break;
        const uint8_t *hd = hero + d * h, *bd = boards + d * 5;
        uint64_t seen = 0;
        int bad = 0;
        for (int j = 0; j < h + known; j++) {
            uint8_t cd = j < h ? hd[j] : bd[j - h];
            if (cd >= HR_N_CARDS || (g->card_key[cd] >> 60) || ((seen >> cd) & 1))
                bad = 1;
            else
                seen |= 1ULL << cd;
        }
        if (bad) {
            ret = -2;
            break;
        }
        uint64_t known_mask = seen | ~live;
        uint8_t unseen[HR_N_CARDS];
        int u = 0;
        for (int cd = 0; cd < HR_N_CARDS; cd++)
            if (!((known_mask >> cd) & 1) && !(g->card_key[cd] >> 60))
                unseen[u++] = (uint8_t)cd;
        c.board = bd;
        c.hand[0] = hd;
        if (h == 2)
            sums_of(&c, 0);
        double bound = 1.0;
        int empty = 0;
        for (int j = 0; j < m; j++) {
            int32_t nl = 0;
            double acc = 0.0;
            for (int32_t t = 0; t < sizes[j]; t++) {
                int64_t x = off[j] + t;
                if (hmask[x] & known_mask)
                    continue;
                acc += weights[x];
                c.idx[j][nl] = t;
                c.cum[j][nl] = acc;
                nl++;
            }
            c.n_left[j] = nl;
            empty |= nl == 0;
            bound *= nl;
        }
        if (empty) {
            out[d] = NAN;
            continue;
        }
        if (u - m * h < c.k) {
            ret = -1;
            break;
        }
        bound *= binom(u - m * h, c.k);
        if (bound <= (double)exact_limit) {
            c.num = c.den = 0.0;
            if (h == 2)
                hero_table(&c, unseen, u, c.hhi, c.hlo);
            if (walk(&c, 0, 0, 1.0, unseen, u) < 0) {
                ret = -2;
                break;
            }
            out[d] = c.den > 0.0 ? c.num / c.den : NAN;
            if (n_exact != NULL)
                (*n_exact)++;
            continue;
        }
        double sum = 0.0;
        int64_t rejects = 0;
        for (int64_t t = 0; t < samples;) {
            uint64_t used = 0;
            int clash = 0;
            for (int j = 0; j < m && !clash; j++) {
                int32_t nl = c.n_left[j];
                double x = unit(s) * c.cum[j][nl - 1];
                int32_t lo = 0, hi = nl - 1;
                while (lo < hi) {
                    int32_t mid = (lo + hi) / 2;
                    if (c.cum[j][mid] > x)
                        hi = mid;
                    else
                        lo = mid + 1;
                }
                int64_t y = off[j] + c.idx[j][lo];
                if (hmask[y] & used)
                    clash = 1;
                used |= hmask[y];
                c.hand[j + 1] = hands + y * h;
            }
            if (clash) {
                if (++rejects >= MAX_REJECTS) {
                    ret = -3;
                    break;
                }
                continue;
            }
            rejects = 0;
            /* the completion: k different cards of the unseen no opponent holds */
            uint8_t left[2];
            uint64_t taken = used;
            for (int a = 0; a < c.k;) {
                uint8_t cd = unseen[hr_below(s, (uint32_t)u)];
                if ((taken >> cd) & 1)
                    continue;
                taken |= 1ULL << cd;
                left[a++] = cd;
            }
            if (h == 2) {
                for (int i = 1; i <= m; i++)
                    sums_of(&c, i);
                sum += share_two(&c, left, 0, 0, 0);
            } else {
                memcpy(c.runs, left, (size_t)c.k);
                double v = shares_omaha(&c, 1);
                if (v < 0) {
                    ret = -2;
                    break;
                }
                sum += v;
            }
            t++;
        }
        if (ret < 0)
            break;
        out[d] = sum / (double)samples;
    }
    if (ret >= 0) {
        ret = d;
        if (rng != NULL)
            memcpy(rng->s, s, sizeof s);
    }
done:
    free(hmask);
    free(idx);
    free(cum);
    free(runs);
    free(pairs);
    return ret;
}
