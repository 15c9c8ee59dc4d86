/* handrank: draw games and video poker (csrc/draw.h).
 *
 * Video poker follows the known fast method: a table of every 5-card hand's
 * pay class, and for every subset of 0..4 cards the number of 5-card hands
 * of each class that contain it.  For one deal the final hands of a hold H
 * are the 5-card hands that contain H and no other card of the deal; by
 * inclusion-exclusion over the discarded cards that is
 *     f(H) = sum over S >= H within the deal of (-1)^|S - H| g(S),
 * g(S) the table's counts for S: a Moebius transform over the deal's 32
 * subsets, 80 vector subtractions per deal.  Deals are visited once per
 * class of suit relabelling: the deal whose per-suit rank masks descend
 * (clubs the largest) stands for 24 / (prod of m! over equal masks) deals.
 */
#include "draw.h"

#include "lookup.h"
#include "wild.h"
#include "generated/tables.h"

#include <stdlib.h>
#include <string.h>

#include "port.h"

/* Where the subsets of k cards start in the counts table. */
static const int32_t subset_offset[5] = {0, 1, 53, 1379, 23479};
/* C(47, r): the draws of r cards after a deal of five. */
static const double draws47[6] = {1.0, 47.0, 1081.0, 16215.0, 178365.0, 1533939.0};

/* bn[n][k] = C(n, k) for n <= 52, k <= 5: the colex index of sorted ids
 * c_0 < c_1 < ... is sum of C(c_i, i + 1). */
static void binomials(int32_t bn[53][6])
{
    for (int n = 0; n <= 52; n++) {
        bn[n][0] = 1;
        for (int k = 1; k <= 5; k++)
            bn[n][k] = n == 0 ? 0 : bn[n - 1][k - 1] + bn[n - 1][k];
    }
}

/* ------------------------------------------------------------------ badugi */

/* Four valid, distinct ids: the clashes among the six pairs pick the
 * candidate sets (tables/badugi.py), each set's ace-low rank mask its value. */
static inline unsigned badugi4(const uint8_t *c)
{
    unsigned bit[4], r[4], s[4];
    for (int i = 0; i < 4; i++) {
        r[i] = c[i] >> 2;
        s[i] = c[i] & 3u;
        bit[i] = 1u << (r[i] == 12 ? 0 : r[i] + 1);      /* ace-low order */
    }
    unsigned clash = (unsigned)((r[0] == r[1]) | (s[0] == s[1]))
                   | (unsigned)((r[0] == r[2]) | (s[0] == s[2])) << 1
                   | (unsigned)((r[0] == r[3]) | (s[0] == s[3])) << 2
                   | (unsigned)((r[1] == r[2]) | (s[1] == s[2])) << 3
                   | (unsigned)((r[1] == r[3]) | (s[1] == s[3])) << 4
                   | (unsigned)((r[2] == r[3]) | (s[2] == s[3])) << 5;
    const uint8_t *cand = hr_badugi_subsets + 8 * clash;
    unsigned best = 0;
    /* every slot: unused ones hold the empty set, whose value is 0 */
    for (unsigned k = 1; k < 8; k++) {
        unsigned set = cand[k];
        unsigned m = (bit[0] & (0u - (set & 1u))) | (bit[1] & (0u - (set >> 1 & 1u)))
                   | (bit[2] & (0u - (set >> 2 & 1u))) | (bit[3] & (0u - (set >> 3 & 1u)));
        unsigned v = hr_badugi_value[m];
        best = v > best ? v : best;
    }
    return best;
}

static inline int badugi_bad(const uint8_t *c)
{
    uint64_t sum = 0, any = 0;
    unsigned big = 0;
    for (int i = 0; i < 4; i++) {
        uint64_t b = (uint64_t)1 << (c[i] & 63u);
        big |= c[i] >= HR_N_CARDS;
        sum += b;
        any |= b;
    }
    return (int)big | (sum != any);
}

/* The colex table: the strength of every four-card hand by the colex index
 * of its sorted ids, C(a, 1) + C(b, 2) + C(c, 3) + C(d, 4) for a < b < c < d,
 * filled from badugi4 (the build step's tables) by hr_badugi_prepare.  One
 * spare entry: the 16-bit table is read by 32-bit gathers. */
static uint16_t badugi_colex[HR_BADUGI_HANDS + 1];
static int32_t colex_binom[5][HR_N_CARDS];     /* C(c, k), k = 1..4 */
static int badugi_ready;

void hr_badugi_prepare(void)
{
    if (badugi_ready)
        return;
    for (int c = 0; c < HR_N_CARDS; c++) {
        int32_t v = 1;
        for (int k = 1; k <= 4; k++) {
            v = k > c ? 0 : v * (c - k + 1) / k;
            colex_binom[k][c] = v;
        }
    }
    uint8_t h[4];
    for (h[3] = 3; h[3] < HR_N_CARDS; h[3]++)
    for (h[2] = 2; h[2] < h[3]; h[2]++)
    for (h[1] = 1; h[1] < h[2]; h[1]++)
    for (h[0] = 0; h[0] < h[1]; h[0]++) {
        int32_t idx = colex_binom[1][h[0]] + colex_binom[2][h[1]] + colex_binom[3][h[2]]
                    + colex_binom[4][h[3]];
        badugi_colex[idx] = (uint16_t)badugi4(h);
    }
    badugi_ready = 1;
}

#define HR_SWAP_MIN(x, y) do { unsigned t_ = x < y ? x : y; y = x < y ? y : x; x = t_; } while (0)

/* A row by the colex table (after hr_badugi_prepare): -1 for a bad row. */
static inline int badugi_colex4(const uint8_t *row)
{
    unsigned a = row[0], b = row[1], c = row[2], d = row[3];
    HR_SWAP_MIN(a, b);
    HR_SWAP_MIN(c, d);
    HR_SWAP_MIN(a, c);
    HR_SWAP_MIN(b, d);
    HR_SWAP_MIN(b, c);
    if (!(a < b && b < c && c < d && d < HR_N_CARDS))
        return -1;
    return badugi_colex[colex_binom[1][a] + colex_binom[2][b] + colex_binom[3][c]
                        + colex_binom[4][d]];
}

unsigned hr_badugi_fast(const uint8_t *cards)
{
    int v = badugi_ready ? badugi_colex4(cards) : (int)badugi4(cards);
    return v < 0 ? 0u : (unsigned)v;
}

int hr_eval_badugi(const uint8_t *cards)
{
    return badugi_bad(cards) ? 0 : (int)badugi4(cards);
}

static int64_t badugi_rows_scalar(const uint8_t *cards, int64_t from, int64_t n, uint16_t *out)
{
    for (int64_t i = from; i < n; i++) {
        int v = badugi_colex4(cards + 4 * i);
        if (v < 0)
            return i;
        out[i] = (uint16_t)v;
    }
    return -1;
}

#if HR_X86_DISPATCH && HR_X86_AVX512
#include <immintrin.h>
#define HR_BADUGI_AVX512 __attribute__((target("avx2,avx512f,avx512bw,avx512vl")))
/* Sixteen rows a time: one 64-byte load holds them (four ids per 32-bit
 * lane), a sorting network of min/max, the colex index by exact integer
 * arithmetic (C(c, 3) = C(c, 2) (c - 2) / 3 and C(d, 4) = C(d, 2) C(d - 2, 2)
 * / 6, the divisions by 3 as multiplications by its inverse modulo 2^32), one
 * gather.  A block with a bad row goes to the scalar loop, which reports it. */
HR_BADUGI_AVX512 static int64_t badugi_rows_avx512(const uint8_t *cards, int64_t n,
                                                   uint16_t *out)
{
    const __m512i ff = _mm512_set1_epi32(0xFF), one = _mm512_set1_epi32(1);
    const __m512i two = _mm512_set1_epi32(2), three = _mm512_set1_epi32(3);
    const __m512i n52 = _mm512_set1_epi32(HR_N_CARDS);
    const __m512i inv3 = _mm512_set1_epi32((int)0xAAAAAAABu);
    int64_t i = 0;
    for (; i + 16 <= n; i += 16) {
        __m512i v = _mm512_loadu_si512((const void *)(cards + 4 * i));
        __m512i a = _mm512_and_si512(v, ff), b = _mm512_and_si512(_mm512_srli_epi32(v, 8), ff);
        __m512i c = _mm512_and_si512(_mm512_srli_epi32(v, 16), ff), d = _mm512_srli_epi32(v, 24);
        __m512i t;
#define HR_CX(x, y) (t = _mm512_min_epu32(x, y), y = _mm512_max_epu32(x, y), x = t)
        HR_CX(a, b);
        HR_CX(c, d);
        HR_CX(a, c);
        HR_CX(b, d);
        HR_CX(b, c);
#undef HR_CX
        __mmask16 ok = _mm512_cmplt_epu32_mask(a, b) & _mm512_cmplt_epu32_mask(b, c)
                     & _mm512_cmplt_epu32_mask(c, d) & _mm512_cmplt_epu32_mask(d, n52);
        if (ok != 0xFFFF)
            return badugi_rows_scalar(cards, i, n, out);
        __m512i b2 = _mm512_srli_epi32(_mm512_mullo_epi32(b, _mm512_sub_epi32(b, one)), 1);
        __m512i c2 = _mm512_srli_epi32(_mm512_mullo_epi32(c, _mm512_sub_epi32(c, one)), 1);
        __m512i c3 = _mm512_mullo_epi32(_mm512_mullo_epi32(c2, _mm512_sub_epi32(c, two)), inv3);
        __m512i d2 = _mm512_srli_epi32(_mm512_mullo_epi32(d, _mm512_sub_epi32(d, one)), 1);
        __m512i e = _mm512_sub_epi32(d, two);
        __m512i e2 = _mm512_srli_epi32(_mm512_mullo_epi32(e, _mm512_sub_epi32(d, three)), 1);
        __m512i d4 = _mm512_mullo_epi32(_mm512_srli_epi32(_mm512_mullo_epi32(d2, e2), 1), inv3);
        __m512i idx = _mm512_add_epi32(_mm512_add_epi32(a, b2), _mm512_add_epi32(c3, d4));
        __m512i val = _mm512_i32gather_epi32(idx, (const void *)badugi_colex, 2);
        _mm256_storeu_si256((__m256i *)(void *)(out + i), _mm512_cvtepi32_epi16(val));
    }
    return badugi_rows_scalar(cards, i, n, out);
}
#endif

int64_t hr_eval_badugi_batch(const uint8_t *cards, int64_t n, uint16_t *out)
{
    if (!badugi_ready) {
        for (int64_t i = 0; i < n; i++) {
            const uint8_t *row = cards + 4 * i;
            if (badugi_bad(row))
                return i;
            out[i] = (uint16_t)badugi4(row);
        }
        return -1;
    }
#if HR_X86_DISPATCH && HR_X86_AVX512
    if (hr_batch_kernel() == 3)
        return badugi_rows_avx512(cards, n, out);
#endif
    return badugi_rows_scalar(cards, 0, n, out);
}

/* ------------------------------------------------------------ video poker */

int hr_vp_tables(const uint8_t *pay_class, uint8_t *cls5, int32_t *counts)
{
    const hr_game *g = hr_game_at(0);
    int32_t bn[53][6];
    binomials(bn);
    memset(counts, 0, sizeof(int32_t) * (size_t)HR_VP_SUBSETS * HR_VP_CLASSES);
    for (int s = 0; s <= HR_N_STRENGTHS; s++)
        if (pay_class[s] >= HR_VP_CLASSES)
            return -1;
    uint8_t h[5];
    for (h[4] = 4; h[4] < 52; h[4]++)
    for (h[3] = 3; h[3] < h[4]; h[3]++)
    for (h[2] = 2; h[2] < h[3]; h[2]++)
    for (h[1] = 1; h[1] < h[2]; h[1]++)
    for (h[0] = 0; h[0] < h[1]; h[0]++) {
        uint64_t key = HR_SUIT_INIT, mask = 0;
        for (int j = 0; j < 5; j++) {
            key += g->card_key[h[j]];
            mask += g->card_mask[h[j]];
        }
        unsigned cls = pay_class[hr_lookup(g, key, mask)];
        int32_t idx5 = bn[h[0]][1] + bn[h[1]][2] + bn[h[2]][3] + bn[h[3]][4] + bn[h[4]][5];
        cls5[idx5] = (uint8_t)cls;
        for (unsigned s = 0; s < 31; s++) {
            int k = 0;
            int32_t idx = 0;
            for (int j = 0; j < 5; j++)
                if (s >> j & 1u)
                    idx += bn[h[j]][++k];
            counts[(size_t)(subset_offset[k] + idx) * HR_VP_CLASSES + cls]++;
        }
    }
    return 0;
}

/* f[hold][class] for a deal of five ascending ids. */
static void deal_counts(const uint8_t *cls5, const int32_t *counts, const int32_t bn[53][6],
                        const uint8_t *d, int32_t f[32][HR_VP_CLASSES])
{
    for (unsigned s = 0; s < 32; s++) {
        int k = 0;
        int32_t idx = 0;
        for (int j = 0; j < 5; j++)
            if (s >> j & 1u)
                idx += bn[d[j]][++k];
        if (k == 5) {
            memset(f[s], 0, sizeof f[s]);
            f[s][cls5[idx]] = 1;
        } else {
            memcpy(f[s], counts + (size_t)(subset_offset[k] + idx) * HR_VP_CLASSES, sizeof f[s]);
        }
    }
    for (unsigned bit = 1; bit < 32; bit <<= 1)
        for (unsigned s = 0; s < 32; s++)
            if (!(s & bit))
                for (int c = 0; c < HR_VP_CLASSES; c++)
                    f[s][c] -= f[s | bit][c];
}

int hr_vp_hold_counts(const uint8_t *cls5, const int32_t *counts, const uint8_t *deal,
                      int32_t *out)
{
    uint8_t d[5], pos[5];
    uint64_t seen = 0;
    for (int j = 0; j < 5; j++) {
        if (deal[j] >= HR_N_CARDS || (seen >> deal[j] & 1u))
            return -1;
        seen |= (uint64_t)1 << deal[j];
        d[j] = deal[j];
        pos[j] = (uint8_t)j;
    }
    for (int i = 1; i < 5; i++)            /* insertion sort, positions along */
        for (int j = i; j > 0 && d[j - 1] > d[j]; j--) {
            uint8_t t = d[j]; d[j] = d[j - 1]; d[j - 1] = t;
            t = pos[j]; pos[j] = pos[j - 1]; pos[j - 1] = t;
        }
    int32_t bn[53][6];
    int32_t f[32][HR_VP_CLASSES];
    binomials(bn);
    deal_counts(cls5, counts, bn, d, f);
    for (unsigned s = 0; s < 32; s++) {
        unsigned h = 0;
        for (int j = 0; j < 5; j++)
            if (s >> j & 1u)
                h |= 1u << pos[j];
        memcpy(out + (size_t)h * HR_VP_CLASSES, f[s], sizeof f[s]);
    }
    return 0;
}

double hr_vp_solve(const uint8_t *cls5, const int32_t *counts, const double *pay,
                   double *prob, int64_t *deals)
{
    static const double fact[5] = {1.0, 1.0, 2.0, 6.0, 24.0};
    int32_t bn[53][6];
    int32_t f[32][HR_VP_CLASSES];
    double total = 0.0, weights = 0.0;
    int64_t visited = 0;
    binomials(bn);
    for (int c = 0; c < HR_VP_CLASSES; c++)
        prob[c] = 0.0;
    uint8_t h[5];
    for (h[4] = 4; h[4] < 52; h[4]++)
    for (h[3] = 3; h[3] < h[4]; h[3]++)
    for (h[2] = 2; h[2] < h[3]; h[2]++)
    for (h[1] = 1; h[1] < h[2]; h[1]++)
    for (h[0] = 0; h[0] < h[1]; h[0]++) {
        unsigned m[4] = {0, 0, 0, 0};
        for (int j = 0; j < 5; j++)
            m[h[j] & 3u] |= 1u << (h[j] >> 2);
        if (m[0] < m[1] || m[1] < m[2] || m[2] < m[3])
            continue;
        double w = 24.0;
        for (int i = 0, run = 1; i < 4; i++) {
            if (i + 1 < 4 && m[i + 1] == m[i]) {
                run++;
            } else {
                w /= fact[run];
                run = 1;
            }
        }
        deal_counts(cls5, counts, bn, h, f);
        double best = -1.0;
        unsigned best_s = 0;
        for (unsigned s = 0; s < 32; s++) {
            double ev = 0.0;
            for (int c = 0; c < HR_VP_CLASSES; c++)
                ev += (double)f[s][c] * pay[c];
            ev /= draws47[5 - hr_popcount64(s)];
            if (ev > best) {
                best = ev;
                best_s = s;
            }
        }
        double scale = w / draws47[5 - hr_popcount64(best_s)];
        for (int c = 0; c < HR_VP_CLASSES; c++)
            prob[c] += scale * (double)f[best_s][c];
        total += w * best;
        weights += w;
        visited++;
    }
    for (int c = 0; c < HR_VP_CLASSES; c++)
        prob[c] /= weights;
    *deals = visited;
    return total / weights;
}

/* -------------------------------------------------------------- best draw */

typedef struct draw_ctx {
    const hr_game *g;
    const uint8_t *stub;
    int n_stub;
    uint32_t *hist;
    uint8_t cards[5];
} draw_ctx;

static void draw5(draw_ctx *x, int start, int left, uint64_t key, uint64_t mask)
{
    const hr_game *g = x->g;
    if (left == 0) {
        x->hist[hr_lookup(g, key, mask)]++;
        return;
    }
    if (left == 1) {
        uint32_t *hist = x->hist;
        for (int i = start; i < x->n_stub; i++) {
            uint8_t c = x->stub[i];
            hist[hr_lookup(g, key + g->card_key[c], mask + g->card_mask[c])]++;
        }
        return;
    }
    for (int i = start; i <= x->n_stub - left; i++) {
        uint8_t c = x->stub[i];
        draw5(x, i + 1, left - 1, key + g->card_key[c], mask + g->card_mask[c]);
    }
}

static void draw4(draw_ctx *x, int start, int at)
{
    if (at == 4) {
        x->hist[hr_badugi_fast(x->cards)]++;
        return;
    }
    for (int i = start; i <= x->n_stub - (4 - at); i++) {
        x->cards[at] = x->stub[i];
        draw4(x, i + 1, at + 1);
    }
}

int hr_draw_odds(const hr_game *g, int kind, const uint8_t *hand, int n_hand,
                 const uint8_t *stub, int n_stub, const uint32_t *holds, int n_holds,
                 int n_strengths, uint32_t *hist)
{
    if ((kind == 0 && (n_hand != 5 || g == NULL || n_strengths != (int)g->classes + 1)) ||
        (kind == 1 && (n_hand != 4 || n_strengths != HR_BADUGI_CLASSES + 1)) ||
        (kind != 0 && kind != 1))
        return -1;
    for (int j = 0; j < n_hand; j++)
        if (hand[j] >= HR_N_CARDS)
            return -1;
    for (int i = 0; i < n_stub; i++)
        if (stub[i] >= HR_N_CARDS)
            return -1;
    for (int h = 0; h < n_holds; h++) {
        draw_ctx x = {g, stub, n_stub, hist + (size_t)h * (size_t)n_strengths, {0, 0, 0, 0, 0}};
        int kept = 0;
        uint64_t key = HR_SUIT_INIT, mask = 0;
        memset(x.hist, 0, sizeof(uint32_t) * (size_t)n_strengths);
        for (int j = 0; j < n_hand; j++)
            if (holds[h] >> j & 1u) {
                x.cards[kept++] = hand[j];
                if (kind == 0) {
                    key += g->card_key[hand[j]];
                    mask += g->card_mask[hand[j]];
                }
            }
        if (n_hand - kept > n_stub)
            return -1;
        if (kind == 0)
            draw5(&x, 0, n_hand - kept, key, mask);
        else
            draw4(&x, 0, kept);
    }
    return 0;
}

/* ------------------------------------------------ against a drawing hand */

typedef struct vs_ctx {
    const hr_game *g;
    int kind;
    const uint8_t *stub;
    int n_stub;
    uint64_t used;           /* stub positions in T */
    uint16_t *list;
    int64_t count;
    uint8_t cards[8];        /* 5 used; 8 so gcc's -Wstringop-overflow sees the bound */
    int64_t *below;          /* the strengths + 2 counts */
} vs_ctx;

/* The kinds of hr_draw_vs: 0 the 5-card tables, 1 badugi, VS_WILD + k wild game k. */
#define VS_WILD 2

/* The classes of a hr_draw_vs kind (its strengths run 1..classes). */
static int vs_classes(const hr_game *g, int kind)
{
    if (kind == 0)
        return (int)g->classes;
    if (kind == 1)
        return HR_BADUGI_CLASSES;
    if (kind == VS_WILD + HR_WILD_DEUCES)
        return (int)(sizeof hr_wild_score_deuces_wild / sizeof hr_wild_score_deuces_wild[0]) - 1;
    if (kind == VS_WILD + HR_WILD_JOKER)
        return (int)(sizeof hr_wild_score_joker_draw / sizeof hr_wild_score_joker_draw[0]) - 1;
    return (int)(sizeof hr_wild_score_california_lowball
                 / sizeof hr_wild_score_california_lowball[0]) - 1;
}

/* The strength of the five cards x->cards[0..5) in a wild kind. */
static inline uint16_t vs_wild(const vs_ctx *x)
{
    return hr_wild_class(x->kind - VS_WILD, x->cards);     /* the cards were checked */
}

/* Every completion of `left` more cards from the stub positions not in T,
 * from position `start` on; the strengths go to x->list. */
static void vs_fill(vs_ctx *x, int start, int left, int at, uint64_t key, uint64_t mask)
{
    const hr_game *g = x->g;
    if (left == 0) {
        x->list[x->count++] = (uint16_t)(x->kind == 0 ? hr_lookup(g, key, mask)
                                         : x->kind == 1 ? hr_badugi_fast(x->cards)
                                                        : vs_wild(x));
        return;
    }
    if (at < 0 || at >= 5)          /* never: at + left <= 5 */
        return;
    for (int i = start; i <= x->n_stub - left; i++) {
        if (x->used >> i & 1u)
            continue;
        uint8_t c = x->stub[i];
        x->cards[at] = c;
        if (x->kind == 0)
            vs_fill(x, i + 1, left - 1, at + 1, key + g->card_key[c], mask + g->card_mask[c]);
        else
            vs_fill(x, i + 1, left - 1, at + 1, 0, 0);
    }
}

static int cmp_u16(const void *a, const void *b)
{
    return (int)*(const uint16_t *)a - (int)*(const uint16_t *)b;
}

typedef struct vs_side {
    uint8_t cards[5];
    int kept, draw;
} vs_side;

/* The strengths of a side's completions that contain T. */
static int64_t vs_list(vs_ctx *x, const vs_side *s, const uint8_t *t, int nt, uint16_t *out)
{
    uint64_t key = HR_SUIT_INIT, mask = 0;
    int at = 0;
    for (int j = 0; j < s->kept; j++)
        x->cards[at++] = s->cards[j];
    for (int j = 0; j < nt; j++)
        x->cards[at++] = t[j];
    if (x->kind == 0)
        for (int j = 0; j < at; j++) {
            key += x->g->card_key[x->cards[j]];
            mask += x->g->card_mask[x->cards[j]];
        }
    x->list = out;
    x->count = 0;
    vs_fill(x, 0, s->draw - nt, at, key, mask);
    return x->count;
}

/* Every T of the stub with |T| <= tmax, from position `start` on: adds
 * (-1)^|T| times the (hero > villain) and (equal) pairs of completions
 * containing T. */
static void vs_terms(vs_ctx *x, const vs_side *hero, const vs_side *vil, uint8_t *t, int nt,
                     int tmax, int start, uint16_t *a, uint16_t *b, int64_t *win, int64_t *tie)
{
    int64_t na = vs_list(x, hero, t, nt, a), nb = vs_list(x, vil, t, nt, b);
    int64_t w = 0, e = 0;
    if (na + nb > 2048) {
        /* long lists: the villain's strengths counted, then summed below */
        int ns = vs_classes(x->g, x->kind) + 1;
        memset(x->below, 0, sizeof(int64_t) * (size_t)(ns + 1));
        for (int64_t i = 0; i < nb; i++)
            x->below[b[i] + 1]++;
        for (int v = 1; v <= ns; v++)
            x->below[v] += x->below[v - 1];       /* below[v]: villain strengths < v */
        for (int64_t i = 0; i < na; i++) {
            w += x->below[a[i]];
            e += x->below[a[i] + 1] - x->below[a[i]];
        }
    } else {
        qsort(a, (size_t)na, sizeof(uint16_t), cmp_u16);
        qsort(b, (size_t)nb, sizeof(uint16_t), cmp_u16);
        int64_t lo = 0, hi = 0;
        for (int64_t i = 0; i < na; i++) {       /* b[0..lo) < a[i], b[lo..hi) == a[i] */
            while (lo < nb && b[lo] < a[i])
                lo++;
            if (hi < lo)
                hi = lo;
            while (hi < nb && b[hi] == a[i])
                hi++;
            w += lo;
            e += hi - lo;
        }
    }
    if (nt & 1) {
        *win -= w;
        *tie -= e;
    } else {
        *win += w;
        *tie += e;
    }
    if (nt == tmax)
        return;
    for (int i = start; i < x->n_stub; i++) {
        t[nt] = x->stub[i];
        x->used |= (uint64_t)1 << i;
        vs_terms(x, hero, vil, t, nt + 1, tmax, i + 1, a, b, win, tie);
        x->used &= ~((uint64_t)1 << i);
    }
}

int hr_draw_vs(const hr_game *g, int kind, const uint8_t *hand, int n_hand,
               const uint8_t *vs, int n_vs, const uint8_t *stub, int n_stub,
               const uint32_t *holds, int n_holds, uint16_t *scratch_a, uint16_t *scratch_b,
               int64_t *win, int64_t *tie)
{
    int wild = kind >= VS_WILD && kind < VS_WILD + HR_WILD_GAMES;
    if ((kind == 0 && (n_hand != 5 || g == NULL)) || (kind == 1 && n_hand != 4) ||
        (wild && n_hand != 5) || (kind != 0 && kind != 1 && !wild) || n_vs < 0 ||
        n_vs > n_hand || n_stub < 0 || n_stub > 53)
        return -1;
    /* the deck: 52 cards, 53 in the joker games (the joker id 52) */
    unsigned deck = wild && kind != VS_WILD + HR_WILD_DEUCES ? 53u : (unsigned)HR_N_CARDS;
    uint64_t seen = 0;
    for (int j = 0; j < n_hand + n_vs + n_stub; j++) {
        unsigned c = j < n_hand ? hand[j] : j < n_hand + n_vs ? vs[j - n_hand]
                                                              : stub[j - n_hand - n_vs];
        if (c >= deck || (wild && (seen >> c & 1u)))
            return -1;              /* a wild lookup refuses a repeated card: none here */
        seen |= (uint64_t)1 << c;
    }
    static const int most = 8192;        /* above the largest scale: joker-draw's 7,676 + 1 */
    int64_t below[8192 + 2];
    if (vs_classes(g, kind) + 1 > most)
        return -1;
    vs_side vil;
    vil.kept = n_vs;
    vil.draw = n_hand - n_vs;
    memcpy(vil.cards, vs, (size_t)n_vs);
    for (int h = 0; h < n_holds; h++) {
        vs_side hero;
        hero.kept = 0;
        for (int j = 0; j < n_hand; j++)
            if (holds[h] >> j & 1u)
                hero.cards[hero.kept++] = hand[j];
        hero.draw = n_hand - hero.kept;
        if (hero.draw + vil.draw > n_stub)
            return -1;
        vs_ctx x = {g, kind, stub, n_stub, 0, NULL, 0, {0, 0, 0, 0, 0}, below};
        uint8_t t[5];
        int tmax = hero.draw < vil.draw ? hero.draw : vil.draw;
        win[h] = tie[h] = 0;
        vs_terms(&x, &hero, &vil, t, 0, tmax, 0, scratch_a, scratch_b, win + h, tie + h);
    }
    return 0;
}
