/* handrank: Monte Carlo equity of the games without a board (stud_mc.h).
 *
 * A trial shuffles the first m = sum of need[i] places of the stub (a
 * partial Fisher-Yates shuffle; the array is not reset between trials, which
 * keeps every trial uniform), hands player i the next need[i] of them and
 * ranks every hand: the known cards' key and mask sums are made once, a
 * trial adds the drawn cards' and looks the sum up (hr_lookup), or ranks the
 * four badugi cards by the colex table (hr_badugi_fast).  The random numbers
 * are xoshiro256** on the caller's hr_rng state, each index by Lemire's
 * unbiased multiply, as in csrc/equity.c.
 */
#include "stud_mc.h"

#include "draw.h"
#include "lookup.h"

#include <string.h>

int64_t hr_boardless_mc(const hr_game *g, const hr_game *low, int kind, int n,
                        const uint8_t *known, const int32_t *offsets, int full,
                        const uint8_t *stub, int n_stub, int64_t trials, hr_rng *rng,
                        int64_t *out, const volatile int32_t *cancel)
{
    uint64_t key[HR_BL_MAX_PLAYERS], mask[HR_BL_MAX_PLAYERS];
    uint64_t lkey[HR_BL_MAX_PLAYERS], lmask[HR_BL_MAX_PLAYERS];
    uint8_t four[HR_BL_MAX_PLAYERS][4];
    int start[HR_BL_MAX_PLAYERS + 1], have[HR_BL_MAX_PLAYERS];
    uint8_t deck[HR_N_CARDS];
    unsigned hi[HR_BL_MAX_PLAYERS], lo[HR_BL_MAX_PLAYERS];
    if (n < 2 || n > HR_BL_MAX_PLAYERS || n_stub < 0 || n_stub > HR_N_CARDS || trials < 0 ||
        (kind != HR_BL_TABLES && kind != HR_BL_BADUGI && kind != HR_BL_HILO) ||
        (kind != HR_BL_BADUGI && (g == NULL || full < HR_MIN_HAND || full > HR_MAX_HAND)) ||
        (kind == HR_BL_HILO && low == NULL) || (kind == HR_BL_BADUGI && full != 4))
        return -1;
    int m = 0;
    start[0] = 0;
    for (int i = 0; i < n; i++) {
        int k = offsets[i + 1] - offsets[i];
        if (k < 0 || k > full)
            return -1;
        have[i] = k;
        m += full - k;
        start[i + 1] = m;
        key[i] = lkey[i] = HR_SUIT_INIT;
        mask[i] = lmask[i] = 0;
        for (int j = 0; j < k; j++) {
            uint8_t c = known[offsets[i] + j];
            if (c >= HR_N_CARDS)
                return -1;
            if (kind == HR_BL_BADUGI) {
                four[i][j] = c;
                continue;
            }
            key[i] += g->card_key[c];
            mask[i] += g->card_mask[c];
            if (kind == HR_BL_HILO) {
                lkey[i] += low->card_key[c];
                lmask[i] += low->card_mask[c];
            }
        }
    }
    if (m > n_stub)
        return -1;
    for (int i = 0; i < n_stub; i++) {
        if (stub[i] >= HR_N_CARDS)
            return -1;
        deck[i] = stub[i];
    }
    int64_t *win = out, *tie = out + n, *eq = out + 2 * n, *hsh = out + 3 * n;
    int64_t *lsh = out + 4 * n, *sq = out + 5 * n, *nolow = out + 6 * n;
    uint64_t s[4];
    memcpy(s, rng->s, sizeof s);
    int64_t t;
    for (t = 0; t < trials; t++) {
        if ((t & 4095) == 4095 && cancel != NULL && *cancel)
            break;
        for (int j = 0; j < m; j++) {
            uint32_t r = (uint32_t)j + hr_below(s, (uint32_t)(n_stub - j));
            uint8_t a = deck[j];
            deck[j] = deck[r];
            deck[r] = a;
        }
        for (int i = 0; i < n; i++) {
            if (kind == HR_BL_BADUGI) {
                uint8_t *f = four[i];
                for (int j = start[i]; j < start[i + 1]; j++)
                    f[have[i] + j - start[i]] = deck[j];
                hi[i] = hr_badugi_fast(f);
                continue;
            }
            uint64_t k = key[i], mk = mask[i], lk = lkey[i], lm = lmask[i];
            for (int j = start[i]; j < start[i + 1]; j++) {
                uint8_t c = deck[j];
                k += g->card_key[c];
                mk += g->card_mask[c];
                if (kind == HR_BL_HILO) {
                    lk += low->card_key[c];
                    lm += low->card_mask[c];
                }
            }
            hi[i] = hr_lookup(g, k, mk);
            if (kind == HR_BL_HILO)
                lo[i] = hr_lookup(low, lk, lm);
        }
        int nh, nl = 0;
        unsigned bh = hr_best_of(n, hi, &nh), bl = 0;
        if (kind == HR_BL_HILO)
            bl = hr_best_of(n, lo, &nl);
        int64_t hshare = HR_BL_UNIT / nh;
        if (bl == 0) {
            /* one pot (no qualifying low): the high hands share it */
            for (int i = 0; i < n; i++) {
                if (hi[i] != bh)
                    continue;
                win[i] += nh == 1;
                tie[i] += nh > 1;
                eq[i] += hshare;
                hsh[i] += hshare;
                sq[i] += hshare * hshare;
                nolow[i] += hshare;
            }
        } else {
            int64_t lshare = HR_BL_UNIT / nl;
            for (int i = 0; i < n; i++) {
                int64_t e = 0;
                if (hi[i] == bh) {
                    e += hshare / 2;
                    hsh[i] += hshare;
                }
                if (lo[i] == bl) {
                    e += lshare / 2;
                    lsh[i] += lshare;
                }
                if (e == 0)
                    continue;
                win[i] += e == HR_BL_UNIT;
                tie[i] += e < HR_BL_UNIT;
                eq[i] += e;
                sq[i] += e * e;
            }
        }
    }
    out[7 * n] += t;
    memcpy(rng->s, s, sizeof s);
    return t;
}

/* ------------------------------------------------------ rank-only holds */

/* C(n, k) for n <= 4, k <= 4 (cards of one rank). */
static const double choose4[5][5] = {
    {1, 0, 0, 0, 0}, {1, 1, 0, 0, 0}, {1, 2, 1, 0, 0}, {1, 3, 3, 1, 0}, {1, 4, 6, 4, 1},
};
static const double draws47[6] = {1.0, 47.0, 1081.0, 16215.0, 178365.0, 1533939.0};

typedef struct rank_ctx {
    const hr_game *g;
    const double *value;
    uint32_t rkey[13];     /* the rank key of one card of each rank */
    int avail[13];         /* cards of the rank left in the stub */
    double sum;
} rank_ctx;

/* Every multiset of `left` ranks from rank r up, weighted by its ways. */
static void rank_draws(rank_ctx *x, int r, int left, double w, uint32_t key)
{
    if (left == 0) {
        x->sum += w * x->value[hr_lookup_ranks(x->g, key)];
        return;
    }
    if (r == 13)
        return;
    for (int c = 0; c <= left && c <= x->avail[r]; c++)
        rank_draws(x, r + 1, left - c, w * choose4[x->avail[r]][c], key + (uint32_t)c * x->rkey[r]);
}

/* The best kept counts of a hand of rank counts cnt (five cards). */
static uint64_t best_rank_hold(rank_ctx *x, const int *cnt, double *ev)
{
    int keep[13] = {0}, idx = 0;
    double best = -1.0;
    uint64_t best_code = 0;
    for (int r = 0; r < 13; r++)
        x->avail[r] = 4 - cnt[r];
    for (;;) {
        int kept = 0;
        uint32_t key = 0;
        uint64_t code = 0;
        for (int r = 0; r < 13; r++) {
            kept += keep[r];
            key += (uint32_t)keep[r] * x->rkey[r];
            code |= (uint64_t)keep[r] << (3 * r);
        }
        x->sum = 0.0;
        rank_draws(x, 0, 5 - kept, 1.0, key);
        double e = x->sum / draws47[5 - kept];
        if (ev != NULL)
            ev[idx++] = e;       /* the keep counts as a mixed-radix number, rank 0 lowest */
        /* ties to the hold that keeps more cards, then lower ranks, as
         * best_hold's stable order over holds would mostly pick */
        if (e > best) {
            best = e;
            best_code = code;
        }
        int r = 0;
        while (r < 13 && keep[r] == cnt[r]) {
            keep[r] = 0;
            r++;
        }
        if (r == 13)
            break;
        keep[r]++;
    }
    return best_code;
}

static int rank_holds(const hr_game *g, const double *value, uint64_t *table, double *ev,
                      int n_table)
{
    rank_ctx x;
    int cnt[13];
    if (g == NULL || n_table != (int)g->classes + 1)
        return -1;
    x.g = g;
    x.value = value;
    for (int r = 0; r < 13; r++)
        x.rkey[r] = (uint32_t)g->card_key[4 * r];
    for (int i = 0; i < n_table; i++)
        table[i] = 0;
    /* every multiset of five ranks, at most four of one */
    for (int a = 0; a < 13; a++)
    for (int b = a; b < 13; b++)
    for (int c = b; c < 13; c++)
    for (int d = c; d < 13; d++)
    for (int e = d; e < 13; e++) {
        if (a == e)
            continue;
        for (int r = 0; r < 13; r++)
            cnt[r] = 0;
        cnt[a]++, cnt[b]++, cnt[c]++, cnt[d]++, cnt[e]++;
        uint32_t key = x.rkey[a] + x.rkey[b] + x.rkey[c] + x.rkey[d] + x.rkey[e];
        unsigned s = hr_lookup_ranks(g, key);
        table[s] = best_rank_hold(&x, cnt, ev == NULL ? NULL : ev + 32 * (size_t)s)
                 | (uint64_t)1 << 63;
    }
    return 0;
}

int hr_rank_holds(const hr_game *g, const double *value, uint64_t *table, int n_table)
{
    return rank_holds(g, value, table, NULL, n_table);
}

/* Every d-subset of the ranks not in `out_mask` from rank r up, added to
 * `kept`: the flush value less the ranks' value. */
static double flush_gain(const hr_game *g, const double *value, const uint32_t *rkey,
                         unsigned out_mask, unsigned kept, uint32_t key, int r, int d)
{
    if (d == 0)
        return value[g->flush[kept]] - value[hr_lookup_ranks(g, key)];
    double sum = 0.0;
    for (int q = r; q <= 13 - d; q++)
        if (!(out_mask >> q & 1u))
            sum += flush_gain(g, value, rkey, out_mask, kept | 1u << q, key + rkey[q], q + 1,
                              d - 1);
    return sum;
}

int hr_low27_tables(const hr_game *g, const double *value, uint64_t *table, double *ev,
                    double *flush, int n_table)
{
    uint32_t rkey[13];
    if (g == NULL || n_table != (int)g->classes + 1)
        return -1;
    for (int i = 0; i < 32 * n_table; i++)
        ev[i] = 0.0;
    if (rank_holds(g, value, table, ev, n_table) != 0)
        return -1;
    for (int r = 0; r < 13; r++)
        rkey[r] = (uint32_t)g->card_key[4 * r];
    for (unsigned h = 0; h < 8192; h++) {
        int nh = hr_popcount64(h);
        for (unsigned sub = 0; sub < 32; sub++)
            flush[32 * (size_t)h + sub] = 0.0;
        if (nh > 5)
            continue;
        int pos[5], np = 0;
        for (int q = 0; q < 13; q++)
            if (h >> q & 1u)
                pos[np++] = q;
        for (unsigned sub = 0; sub < (1u << nh); sub++) {
            unsigned kept = 0;
            uint32_t key = 0;
            for (int i = 0; i < nh; i++)
                if (sub >> i & 1u) {
                    kept |= 1u << pos[i];
                    key += rkey[pos[i]];
                }
            int d = 5 - hr_popcount64(sub);
            flush[32 * (size_t)h + sub] = flush_gain(g, value, rkey, h, kept, key, 0, d)
                                        / draws47[d];
        }
    }
    return 0;
}

/* Deuce-to-seven's exact rule: best_hold's criterion with the flushes.  A
 * hold's mean is its ranks' mean (ev) plus, when every kept card is of one
 * suit (or none is kept, every suit), the gain of the draws that make the
 * flush (flush[hand's ranks of the suit][kept ones among them]). */
static unsigned low27_rule(const hr_game *g, const double *ev, const double *flush,
                           const uint8_t *h)
{
    int cnt[13] = {0};
    unsigned suit_mask[4] = {0, 0, 0, 0};
    uint32_t key = 0;
    for (int i = 0; i < 5; i++) {
        cnt[h[i] >> 2]++;
        suit_mask[h[i] & 3u] |= 1u << (h[i] >> 2);
        key += (uint32_t)g->card_key[h[i]];
    }
    const double *e = ev + 32 * (size_t)hr_lookup_ranks(g, key);
    int radix[13];
    for (int r = 0, m = 1; r < 13; r++) {
        radix[r] = m;
        m *= cnt[r] + 1;
    }
    double best = -1.0;
    unsigned best_m = 0;
    for (unsigned m = 0; m < 32; m++) {
        int idx = 0;
        unsigned suits = 0, kept_ranks = 0;
        for (int i = 0; i < 5; i++)
            if (m >> i & 1u) {
                idx += radix[h[i] >> 2];
                suits |= 1u << (h[i] & 3u);
                kept_ranks |= 1u << (h[i] >> 2);
            }
        double v = e[idx];
        if (suits == 0) {
            for (int s = 0; s < 4; s++)
                v += flush[32 * (size_t)suit_mask[s]];
        } else if ((suits & (suits - 1)) == 0) {
            int s = hr_ctz64(suits);
            unsigned hs = suit_mask[s], sub = 0;
            for (int q = 0, i = 0; q < 13; q++)
                if (hs >> q & 1u) {
                    if (kept_ranks >> q & 1u)
                        sub |= 1u << i;
                    i++;
                }
            v += flush[32 * (size_t)hs + sub];
        }
        if (v > best) {
            best = v;
            best_m = m;
        }
    }
    return best_m;
}

/* ------------------------------------------------------ triple draw */

/* C(n, k) for k <= 4 (n < 2^10). */
static inline int32_t cnk(int32_t n, int k)
{
    switch (k) {
    case 0: return 1;
    case 1: return n;
    case 2: return n * (n - 1) / 2;
    case 3: return n * (n - 1) * (n - 2) / 6;
    default: return n < 4 ? 0 : n * (n - 1) * (n - 2) * (n - 3) / 24;
    }
}

/* Where the subsets of k cards start (colex order within a size). */
static const int32_t subset_start[5] = {0, 1, 53, 1379, 23479};

/* The index of the cards of sorted c[] selected by `set`. */
static inline int32_t subset_index(const uint8_t *c, unsigned set)
{
    int k = 0;
    int32_t idx = 0;
    for (int i = 0; i < 4; i++)
        if (set >> i & 1u)
            idx += cnk(c[i], ++k);
    return subset_start[k] + idx;
}

static unsigned badugi_best_sorted(const double *sums, const uint8_t *c);

int hr_badugi_hold_sums(const double *value, int n_value, double *sums, uint8_t *holds)
{
    if (n_value != HR_BADUGI_CLASSES + 1)
        return -1;
    hr_badugi_prepare();
    for (int i = 0; i < HR_BADUGI_SUBSETS; i++)
        sums[i] = 0.0;
    uint8_t h[4];
    for (h[3] = 3; h[3] < HR_N_CARDS; h[3]++)
    for (h[2] = 2; h[2] < h[3]; h[2]++)
    for (h[1] = 1; h[1] < h[2]; h[1]++)
    for (h[0] = 0; h[0] < h[1]; h[0]++) {
        double v = value[hr_badugi_fast(h)];
        for (unsigned set = 0; set < 16; set++)
            sums[subset_index(h, set)] += v;
    }
    for (h[3] = 3; h[3] < HR_N_CARDS; h[3]++)
    for (h[2] = 2; h[2] < h[3]; h[2]++)
    for (h[1] = 1; h[1] < h[2]; h[1]++)
    for (h[0] = 0; h[0] < h[1]; h[0]++)
        holds[subset_index(h, 15) - subset_start[4]] = (uint8_t)badugi_best_sorted(sums, h);
    return 0;
}

/* Badugi's rule: best_hold's criterion.  The draws of a hold K from the 48
 * unseen cards are the four-card hands that contain K and no other card of
 * the hand: by inclusion-exclusion over the discarded cards, the sum of their
 * values is the sum over K <= X <= hand of (-1)^|X - K| sums[X] (sums[X]:
 * the values of every hand containing X), as video poker counts.  The
 * highest mean wins, ties to the lowest mask of positions (best_hold's
 * order).  Returns the hold as a bit mask of positions. */
static unsigned badugi_best_sorted(const double *sums, const uint8_t *c)
{
    static const double draws48[5] = {1.0, 48.0, 1128.0, 17296.0, 194580.0};
    double s[16];
    for (unsigned set = 0; set < 16; set++)
        s[set] = sums[subset_index(c, set)];
    for (unsigned bit = 1; bit < 16; bit <<= 1)   /* the Moebius transform over supersets */
        for (unsigned x = 0; x < 16; x++)
            if (!(x & bit))
                s[x] -= s[x | bit];
    double best = -1.0;
    unsigned best_k = 0;
    for (unsigned k = 0; k < 16; k++) {
        double e = s[k] / draws48[4 - hr_popcount64(k)];
        if (e > best) {
            best = e;
            best_k = k;
        }
    }
    return best_k;
}

/* The rule on a hand in any order: its sorted cards' hold from the table. */
static unsigned badugi_rule(const uint8_t *holds, const uint8_t *h)
{
    uint8_t c[4];
    int pos[4];
    for (int i = 0; i < 4; i++) {
        c[i] = h[i];
        pos[i] = i;
    }
    for (int i = 1; i < 4; i++)
        for (int j = i; j > 0 && c[j - 1] > c[j]; j--) {
            uint8_t t = c[j]; c[j] = c[j - 1]; c[j - 1] = t;
            int p = pos[j]; pos[j] = pos[j - 1]; pos[j - 1] = p;
        }
    unsigned k = holds[subset_index(c, 15) - subset_start[4]], m = 0;
    for (int i = 0; i < 4; i++)
        if (k >> i & 1u)
            m |= 1u << pos[i];
    return m;
}

/* A hold of five cards by the rank-only table: a bit mask of positions. */
static unsigned table_rule(const hr_game *g, const uint64_t *table, const uint8_t *h)
{
    uint32_t key = 0;
    for (int i = 0; i < 5; i++)
        key += (uint32_t)g->card_key[h[i]];
    uint64_t code = table[hr_lookup_ranks(g, key)];
    unsigned keep = 0;
    for (int i = 0; i < 5; i++) {
        unsigned r = h[i] >> 2;
        if (code >> (3 * r) & 7u) {
            code -= (uint64_t)1 << (3 * r);
            keep |= 1u << i;
        }
    }
    return keep;
}

int64_t hr_triple_mc(const hr_game *g, int kind, const uint64_t *table, const double *ev,
                     const double *flush, int n,
                     const uint8_t *known, const int32_t *offsets, int full, int draws,
                     const uint8_t *stub, int n_stub, int64_t trials, hr_rng *rng,
                     int64_t *out, const volatile int32_t *cancel)
{
    uint8_t hand[HR_BL_MAX_PLAYERS][5], pool[HR_N_CARDS], pile[HR_N_CARDS];
    unsigned val[HR_BL_MAX_PLAYERS];
    if (n < 2 || n > HR_BL_MAX_PLAYERS || n_stub < 0 || n_stub > HR_N_CARDS || trials < 0 ||
        draws < 1 || draws > 3 ||
        (kind != HR_BL_TABLES && kind != HR_BL_BADUGI && kind != HR_BL_LOW27) ||
        (kind == HR_BL_TABLES && (g == NULL || table == NULL || full != 5)) ||
        (kind == HR_BL_LOW27 && (g == NULL || ev == NULL || flush == NULL || full != 5)) ||
        (kind == HR_BL_BADUGI && (full != 4 || table == NULL)))
        return -1;
    int need = 0;
    for (int i = 0; i < n; i++) {
        int k = offsets[i + 1] - offsets[i];
        if (k < 0 || k > full)
            return -1;
        need += full - k;
        for (int j = 0; j < k; j++)
            if (known[offsets[i] + j] >= HR_N_CARDS)
                return -1;
    }
    if (need > n_stub)
        return -1;
    for (int i = 0; i < n_stub; i++)
        if (stub[i] >= HR_N_CARDS)
            return -1;
    int64_t *win = out, *tie = out + n, *eq = out + 2 * n, *sq = out + 5 * n;
    uint64_t s[4];
    memcpy(s, rng->s, sizeof s);
    int64_t t;
    for (t = 0; t < trials; t++) {
        if ((t & 4095) == 4095 && cancel != NULL && *cancel)
            break;
        memcpy(pool, stub, (size_t)n_stub);
        int left = n_stub, piled = 0;
        /* the first exchange: each player keeps the cards given */
        for (int i = 0; i < n; i++) {
            int k = offsets[i + 1] - offsets[i];
            memcpy(hand[i], known + offsets[i], (size_t)k);
            for (int j = k; j < full; j++) {
                uint32_t r = hr_below(s, (uint32_t)left);
                hand[i][j] = pool[r];
                pool[r] = pool[--left];
            }
        }
        /* the later exchanges by the rule, in seat order; a player whom the
         * stub cannot serve gets the earlier discards, shuffled (not their own) */
        for (int round = 1; round < draws; round++)
            for (int i = 0; i < n; i++) {
                unsigned keep = hr_rule_hold(g, kind, table, ev, flush, hand[i]);
                uint8_t mine[5];
                int nm = 0;
                for (int j = 0; j < full; j++) {
                    if (keep >> j & 1u)
                        continue;
                    mine[nm++] = hand[i][j];
                    if (left == 0) {
                        memcpy(pool, pile, (size_t)piled);
                        left = piled;
                        piled = 0;
                    }
                    if (left == 0) {      /* nothing to draw at all: keep the card */
                        nm--;
                        continue;
                    }
                    uint32_t r = hr_below(s, (uint32_t)left);
                    hand[i][j] = pool[r];
                    pool[r] = pool[--left];
                }
                memcpy(pile + piled, mine, (size_t)nm);
                piled += nm;
            }
        for (int i = 0; i < n; i++) {
            if (kind == HR_BL_BADUGI) {
                val[i] = hr_badugi_fast(hand[i]);
            } else {
                uint64_t k = HR_SUIT_INIT, m = 0;
                for (int j = 0; j < 5; j++) {
                    k += g->card_key[hand[i][j]];
                    m += g->card_mask[hand[i][j]];
                }
                val[i] = hr_lookup(g, k, m);
            }
        }
        int nt;
        unsigned bv = hr_best_of(n, val, &nt);
        int64_t share = HR_BL_UNIT / nt;
        for (int i = 0; i < n; i++)
            if (val[i] == bv) {
                win[i] += nt == 1;
                tie[i] += nt > 1;
                eq[i] += share;
                out[3 * n + i] += share;
                sq[i] += share * share;
            }
    }
    out[7 * n] += t;
    memcpy(rng->s, s, sizeof s);
    return t;
}

unsigned hr_rule_hold(const hr_game *g, int kind, const uint64_t *table, const double *ev,
                      const double *flush, const uint8_t *hand)
{
    if (kind == HR_BL_BADUGI)       /* table: hr_badugi_hold_sums' holds, as bytes */
        return badugi_rule((const uint8_t *)(const void *)table, hand);
    if (kind == HR_BL_LOW27)
        return low27_rule(g, ev, flush, hand);
    return table_rule(g, table, hand);
}
