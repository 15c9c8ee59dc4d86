/* handrank: canonical hand index and hand-strength tables (csrc/index.h). */
#include "index.h"

#include "lookup.h"
#include "port.h"

#include <stddef.h>
#include <string.h>

/* BMI2's pext takes the bits of a board's rank set out of its hole ranks in
 * one instruction; where it is fast (Intel, and AMD's Zen 4 on, which have
 * AVX-512 VBMI: Zen 1 and 2 run it in microcode, far slower) the batch loop
 * has a copy that uses it, chosen at run time. */
#if HR_X86_DISPATCH
#include <immintrin.h>
#define HR_INDEX_PEXT 1
#define HR_BMI2_TARGET __attribute__((target("bmi,bmi2")))
static inline HR_BMI2_TARGET uint32_t hr_pext32(uint32_t x, uint32_t m)
{
    return _pext_u32(x, m);
}
static int hr_index_fast_pext(void)
{
    __builtin_cpu_init();
    return __builtin_cpu_supports("bmi2")
           && (__builtin_cpu_is("intel") || __builtin_cpu_supports("avx512vbmi"));
}
#else
#define HR_INDEX_PEXT 0
#define HR_BMI2_TARGET
#endif

#define BINOM(ix, n, k) ((ix)->binom[(n) * 17 + (k)])

/* C(n, k) for k <= 4 and any n >= 0 (the multiset ranks); exact while the
 * result times k fits in 64 bits, which handrank/index.py checks. */
static inline uint64_t hr_choose_small(uint64_t n, int k)
{
    uint64_t r = 1;
    if ((uint64_t)k > n)
        return 0;
    for (int i = 0; i < k; i++)
        r = r * (n - (uint64_t)i) / (uint64_t)(i + 1);
    return r;
}

/* m with the bits of used taken out (higher bits shift down). */
static inline uint32_t hr_compress(uint32_t m, uint32_t used)
{
    unsigned k = 0;
    while (used) {
        unsigned p = hr_ctz64(used) - k;
        uint32_t low = (1u << p) - 1u;
        m = (m & low) | ((m >> (p + 1)) << p);
        used &= used - 1;
        k++;
    }
    return m;
}

/* The inverse: the bits of x dealt, in order, onto the positions not in used. */
static inline uint32_t hr_expand(uint32_t x, uint32_t used, int ranks)
{
    uint32_t m = 0;
    for (int p = 0; p < ranks && x; p++) {
        if (used & (1u << p))
            continue;
        if (x & 1u)
            m |= 1u << p;
        x >>= 1;
    }
    return m;
}

/* Set bits of a rank set (below 2**16). */
static inline int hr_pop16(uint32_t x)
{
    x = x - ((x >> 1) & 0x5555u);
    x = (x & 0x3333u) + ((x >> 2) & 0x3333u);
    x = (x + (x >> 4)) & 0x0f0fu;
    return (int)((x + (x >> 8)) & 0x1fu);
}

/* C(a + m - 1, m) for m = 1..4 with constant divisors (no division loop). */
static inline uint64_t hr_multi_term(uint64_t a, int m)
{
    switch (m) {
    case 1: return a;
    case 2: return (a + 1) * a / 2;
    case 3: return (a + 2) * (a + 1) * a / 6;
    default: return (a + 3) * (a + 2) * (a + 1) * a / 24;
    }
}

/* Index of one row of a street of G groups; -1 if bad.  Always inlined, so
 * the callers below get a copy with G a constant (loops unrolled). */
static HR_INLINE int64_t hr_index_row_g(const hr_index_street *ix, const uint8_t *row,
                                        const int G)
{
    /* group j's rank set of suit s: bits 16 * (j % 4) of ms[s][j / 4] */
    uint64_t ms[HR_INDEX_SUITS][2];
    uint32_t key[HR_INDEX_SUITS] = {0, 0, 0, 0};
    uint64_t seen = 0, item[HR_INDEX_SUITS];
    const unsigned n_cards = 4u * (unsigned)ix->ranks;
    int pos = 0;
    for (int s = 0; s < HR_INDEX_SUITS; s++)
        ms[s][0] = ms[s][1] = 0;
    for (int j = 0; j < G; j++) {
        const uint32_t b = (uint32_t)ix->base[j];
        const int half = j >> 2, shift = 16 * (j & 3);
        for (int t = 0; t < ix->size[j]; t++) {
            unsigned c = row[pos++], su;
            uint64_t bit;
            if (c >= n_cards)
                return -1;
            bit = (uint64_t)1 << c;
            if (seen & bit)
                return -1;
            seen |= bit;
            su = c & 3u;
            ms[su][half] |= (uint64_t)1 << (shift + (int)(c >> 2));
            key[su] += b;
        }
    }
    for (int s = 0; s < HR_INDEX_SUITS; s++) {
        uint32_t used = 0;
        uint64_t idx = 0, mult = 1;
        int avail = ix->ranks;
        for (int j = 0; j < G; j++) {
            uint32_t g = (uint32_t)(ms[s][j >> 2] >> (16 * (j & 3))) & 0xffffu;
            if (g) {
                int c = hr_pop16(g);
                idx += ix->colex[used ? hr_compress(g, used) : g] * mult;
                used |= g;
                if (j + 1 < G)
                    mult *= (uint64_t)BINOM(ix, avail, c);
                avail -= c;
            }
        }
        item[s] = ((uint64_t)key[s] << 40) | idx;
    }
    /* sort descending: a network of five compare-exchanges */
#define HR_CX(a, b) do { uint64_t x_ = item[a], y_ = item[b]; \
        item[a] = x_ > y_ ? x_ : y_; item[b] = x_ > y_ ? y_ : x_; } while (0)
    HR_CX(0, 1); HR_CX(2, 3); HR_CX(0, 2); HR_CX(1, 3); HR_CX(1, 2);
#undef HR_CX
    {
        const int64_t K = ix->n_keys;
        const uint64_t low = ((uint64_t)1 << 40) - 1;
        int32_t cfg = ix->config_of[((int64_t)(item[0] >> 40) * K + (int64_t)(item[1] >> 40)) * K
                                    + (int64_t)(item[2] >> 40)];
        const int64_t *rm;
        uint64_t total;
        if (cfg < 0)
            return -1;   /* impossible for a valid row */
        rm = ix->run_mult + 4 * cfg;
        {
            /* which neighbours share a key: 3 bits pick one of 8 run patterns */
            const uint64_t a0 = item[0] & low, a1 = item[1] & low, a2 = item[2] & low,
                           a3 = item[3] & low;
            const unsigned pat = (unsigned)((item[0] >> 40) == (item[1] >> 40))
                                 | (unsigned)((item[1] >> 40) == (item[2] >> 40)) << 1
                                 | (unsigned)((item[2] >> 40) == (item[3] >> 40)) << 2;
            switch (pat) {
            case 0:   /* 1 1 1 1 */
                total = a0 * (uint64_t)rm[0] + a1 * (uint64_t)rm[1] + a2 * (uint64_t)rm[2]
                        + a3 * (uint64_t)rm[3];
                break;
            case 1:   /* 2 1 1 */
                total = (hr_multi_term(a0, 2) + a1) * (uint64_t)rm[0] + a2 * (uint64_t)rm[2]
                        + a3 * (uint64_t)rm[3];
                break;
            case 2:   /* 1 2 1 */
                total = a0 * (uint64_t)rm[0] + (hr_multi_term(a1, 2) + a2) * (uint64_t)rm[1]
                        + a3 * (uint64_t)rm[3];
                break;
            case 4:   /* 1 1 2 */
                total = a0 * (uint64_t)rm[0] + a1 * (uint64_t)rm[1]
                        + (hr_multi_term(a2, 2) + a3) * (uint64_t)rm[2];
                break;
            case 5:   /* 2 2 */
                total = (hr_multi_term(a0, 2) + a1) * (uint64_t)rm[0]
                        + (hr_multi_term(a2, 2) + a3) * (uint64_t)rm[2];
                break;
            case 3:   /* 3 1 */
                total = (hr_multi_term(a0, 3) + hr_multi_term(a1, 2) + a2) * (uint64_t)rm[0]
                        + a3 * (uint64_t)rm[3];
                break;
            case 6:   /* 1 3 */
                total = a0 * (uint64_t)rm[0]
                        + (hr_multi_term(a1, 3) + hr_multi_term(a2, 2) + a3) * (uint64_t)rm[1];
                break;
            default:  /* 4 */
                total = (hr_multi_term(a0, 4) + hr_multi_term(a1, 3) + hr_multi_term(a2, 2)
                         + a3) * (uint64_t)rm[0];
                break;
            }
        }
        return ix->offset[cfg] + (int64_t)total;
    }
}

/* The multiset part of an index, without a branch on the run pattern: item i
 * of the four sorted (key << 40 | suit index) items, with d later items in
 * its run of equal keys, adds C(a + d, d + 1) times the weight of the run's
 * first position (the same sums as the switch in hr_index_row_g). */
static HR_INLINE int64_t hr_index_runs(const hr_index_street *ix, const uint64_t *item)
{
    const int64_t K = ix->n_keys;
    const uint64_t low = ((uint64_t)1 << 40) - 1;
    const uint64_t k0 = item[0] >> 40, k1 = item[1] >> 40, k2 = item[2] >> 40,
                   k3 = item[3] >> 40;
    const int32_t cfg = ix->config_of[((int64_t)k0 * K + (int64_t)k1) * K + (int64_t)k2];
    const unsigned e01 = k0 == k1, e12 = k1 == k2, e23 = k2 == k3;
    const unsigned d2 = e23, d1 = e12 * (1u + d2), d0 = e01 * (1u + d1);
    const unsigned s1 = e01 ? 0u : 1u, s2 = e12 ? s1 : 2u, s3 = e23 ? s2 : 3u;
    const uint64_t a0 = item[0] & low, a1 = item[1] & low, a2 = item[2] & low,
                   a3 = item[3] & low;
    const int64_t *rm;
    uint64_t v0[4], v1[3], v2[2], total;
    if (cfg < 0)
        return -1;   /* impossible for a valid row */
    rm = ix->run_mult + 4 * cfg;
    /* item i has at most 3 - i later items in its run */
    v0[0] = a0;
    v0[1] = (a0 + 1) * a0 / 2;
    v0[2] = (a0 + 2) * (a0 + 1) * a0 / 6;
    v0[3] = (a0 + 3) * (a0 + 2) * (a0 + 1) * a0 / 24;
    v1[0] = a1;
    v1[1] = (a1 + 1) * a1 / 2;
    v1[2] = (a1 + 2) * (a1 + 1) * a1 / 6;
    v2[0] = a2;
    v2[1] = (a2 + 1) * a2 / 2;
    total = v0[d0] * (uint64_t)rm[0] + v1[d1] * (uint64_t)rm[s1] + v2[d2] * (uint64_t)rm[s2]
            + a3 * (uint64_t)rm[s3];
    return ix->offset[cfg] + (int64_t)total;
}

/* m with the (at most H) bits of used taken out, in H steps whatever used
 * holds: a missing bit is a position above every rank, which changes nothing. */
static HR_INLINE uint32_t hr_compress_n(uint32_t m, uint32_t used, const int H)
{
    for (int k = 0; k < H; k++) {
        unsigned p = hr_ctz64((uint64_t)used | ((uint64_t)1 << 24)) - (unsigned)k;
        uint32_t lo = (1u << p) - 1u;
        m = (m & lo) | ((m >> (p + 1)) << p);
        used &= used - 1u;
    }
    return m;
}

/* Index of one row of a street of one group (H cards) or two (H, then B cards:
 * the hole cards and the board as a set); -1 if bad.  The same numbers as
 * hr_index_row_g, with the rank sets of the four suits in 16-bit lanes (each
 * card of the deck has a bit of its own there, so a repeat is a bit already
 * set), the suit keys summed in 16-bit lanes too, no branch on the data but
 * the error test, and inlined with H, B (and P: use pext) constants. */
static HR_INLINE int64_t hr_index_row_hb(const hr_index_street *ix, const uint8_t *row,
                                         const int H, const int B, const int P)
{
    uint64_t hm = 0, bm = 0, hc = 0, dup = 0;
    unsigned bad = 0;
    const unsigned n_cards = 4u * (unsigned)ix->ranks;
    const uint64_t base1 = (uint64_t)(H + 1);
    uint64_t item[HR_INDEX_SUITS];
    for (int t = 0; t < H + B; t++) {
        const unsigned c = row[t];
        const uint64_t lb = (uint64_t)1 << (((c & 3u) << 4) | ((c >> 2) & 15u));
        bad |= c >= n_cards;
        if (t < H) {
            dup |= hm & lb;
            hm |= lb;
            hc += (uint64_t)1 << ((c & 3u) << 4);
        } else {
            dup |= (hm | bm) & lb;
            bm |= lb;
            hc += base1 << ((c & 3u) << 4);
        }
    }
    (void)P;   /* unused without pext */
    if (bad | (dup != 0))
        return -1;
    for (int s = 0; s < HR_INDEX_SUITS; s++) {
        const uint32_t h = (uint32_t)(hm >> (16 * s)) & 0xffffu;
        const uint64_t key = (hc >> (16 * s)) & 0xffffu;
        uint64_t idx = ix->colex[h];
        if (B) {
            const uint32_t b = (uint32_t)(bm >> (16 * s)) & 0xffffu;
            const int ch = (int)(key % base1);
            uint32_t bc;
#if HR_INDEX_PEXT
            if (P)
                bc = hr_pext32(b, ~h);
            else
#endif
                bc = hr_compress_n(b, h, H);
            idx += (uint64_t)ix->colex[bc] * (uint64_t)BINOM(ix, ix->ranks, ch);
        }
        item[s] = (key << 40) | idx;
    }
#define HR_CX(a, b) do { uint64_t x_ = item[a], y_ = item[b]; \
        item[a] = x_ > y_ ? x_ : y_; item[b] = x_ > y_ ? y_ : x_; } while (0)
    HR_CX(0, 1); HR_CX(2, 3); HR_CX(0, 2); HR_CX(1, 3); HR_CX(1, 2);
#undef HR_CX
    return hr_index_runs(ix, item);
}

static int64_t hr_index_row(const hr_index_street *ix, const uint8_t *row)
{
    if (ix->groups == 1)
        return hr_index_row_hb(ix, row, ix->size[0], 0, 0);
    if (ix->groups == 2) {
        if (ix->size[0] == 2) {
            switch (ix->size[1]) {
            case 3: return hr_index_row_hb(ix, row, 2, 3, 0);
            case 4: return hr_index_row_hb(ix, row, 2, 4, 0);
            case 5: return hr_index_row_hb(ix, row, 2, 5, 0);
            default: break;
            }
        }
        return hr_index_row_hb(ix, row, ix->size[0], ix->size[1], 0);
    }
    switch (ix->groups) {
    case 3: return hr_index_row_g(ix, row, 3);
    case 4: return hr_index_row_g(ix, row, 4);
    default: return hr_index_row_g(ix, row, ix->groups);
    }
}

/* The batch loop of one or two groups, with H and B constants for the usual
 * streets (hold'em and Omaha, imperfect recall); P: use pext. */
#define HR_INDEX_LOOP_HB(H, B, P) \
    for (int64_t i = 0; i < n; i++) { \
        int64_t v = hr_index_row_hb(ix, cards + i * k, (H), (B), (P)); \
        if (v < 0) \
            return i; \
        out[i] = v; \
    } \
    return -1
#define HR_INDEX_BATCH_HB(P) \
    const hr_index_street loc = *ixp, *ix = &loc; \
    const int H = ix->size[0], B = ix->groups == 2 ? ix->size[1] : 0, k = H + B; \
    if (H == 2 && B == 0) { HR_INDEX_LOOP_HB(2, 0, P); } \
    if (H == 2 && B == 3) { HR_INDEX_LOOP_HB(2, 3, P); } \
    if (H == 2 && B == 4) { HR_INDEX_LOOP_HB(2, 4, P); } \
    if (H == 2 && B == 5) { HR_INDEX_LOOP_HB(2, 5, P); } \
    if (H == 4 && B == 3) { HR_INDEX_LOOP_HB(4, 3, P); } \
    if (H == 4 && B == 4) { HR_INDEX_LOOP_HB(4, 4, P); } \
    if (H == 4 && B == 5) { HR_INDEX_LOOP_HB(4, 5, P); } \
    HR_INDEX_LOOP_HB(H, B, P)

static int64_t hr_index_batch_hb(const hr_index_street *ixp, const uint8_t *cards, int64_t n,
                                 int64_t *out)
{
    HR_INDEX_BATCH_HB(0);
}

#if HR_INDEX_PEXT
static HR_BMI2_TARGET int64_t hr_index_batch_hb_pext(const hr_index_street *ixp,
                                                     const uint8_t *cards, int64_t n,
                                                     int64_t *out)
{
    HR_INDEX_BATCH_HB(1);
}
#endif
#undef HR_INDEX_BATCH_HB
#undef HR_INDEX_LOOP_HB

int64_t hr_index_batch(const hr_index_street *ix, const uint8_t *cards, int64_t n,
                       int64_t *out)
{
    /* a local copy: the stores to out cannot alias it, so nothing is reloaded */
    const hr_index_street loc = *ix;
    int k = 0;
    for (int j = 0; j < loc.groups; j++)
        k += loc.size[j];
    if (loc.groups <= 2) {
#if HR_INDEX_PEXT
        if (hr_index_fast_pext())
            return hr_index_batch_hb_pext(&loc, cards, n, out);
#endif
        return hr_index_batch_hb(&loc, cards, n, out);
    }
#define HR_INDEX_LOOP(G) \
    for (int64_t i = 0; i < n; i++) { \
        int64_t v = hr_index_row_g(&loc, cards + i * k, (G)); \
        if (v < 0) \
            return i; \
        out[i] = v; \
    }
    switch (loc.groups) {
    case 1: HR_INDEX_LOOP(1) break;
    case 2: HR_INDEX_LOOP(2) break;
    case 3: HR_INDEX_LOOP(3) break;
    case 4: HR_INDEX_LOOP(4) break;
    default: HR_INDEX_LOOP(loc.groups) break;
    }
#undef HR_INDEX_LOOP
    return -1;
}

/* Largest b with C(b, k) <= r (b >= k - 1), by bisection below hi. */
static inline uint64_t hr_unrank_top(uint64_t r, int k, uint64_t hi)
{
    uint64_t lo = (uint64_t)(k - 1);   /* C(k - 1, k) = 0 <= r */
    while (lo + 1 < hi) {
        uint64_t mid = lo + (hi - lo) / 2;
        if (hr_choose_small(mid, k) <= r)
            lo = mid;
        else
            hi = mid;
    }
    return lo;
}

/* Colex unrank: the c-subset of 0..n-1 of rank r. */
static inline uint32_t hr_colex_unrank(const hr_index_street *ix, uint64_t r, int c, int n)
{
    uint32_t m = 0;
    int b = n - 1;
    for (int i = c; i >= 1; i--) {
        while ((uint64_t)BINOM(ix, b, i) > r)
            b--;
        m |= 1u << b;
        r -= (uint64_t)BINOM(ix, b, i);
        b--;
    }
    return m;
}

static void hr_unindex_one(const hr_index_street *ix, int64_t index, uint8_t *row)
{
    int lo = 0, hi = ix->n_configs;     /* offset[lo] <= index < offset[hi] */
    const int G = ix->groups;
    uint64_t rest, sidx[HR_INDEX_SUITS];
    const int32_t *keys;
    int pos[HR_INDEX_MAX_GROUPS], p = 0;
    while (lo + 1 < hi) {
        int mid = (lo + hi) / 2;
        if (ix->offset[mid] <= index)
            lo = mid;
        else
            hi = mid;
    }
    keys = ix->keys + 4 * lo;
    rest = (uint64_t)(index - ix->offset[lo]);
    for (int s = 0; s < HR_INDEX_SUITS;) {
        int e = s + 1, mm;
        uint64_t N, count, rank;
        while (e < HR_INDEX_SUITS && keys[e] == keys[s])
            e++;
        mm = e - s;
        N = (uint64_t)ix->suit_count[keys[s]];
        count = hr_choose_small(N + (uint64_t)mm - 1, mm);
        rank = rest % count;
        rest /= count;
        if (mm == 1) {
            sidx[s] = rank;
        } else {
            uint64_t hi_b = N + (uint64_t)mm;
            for (int i = 0; i < mm; i++) {
                int k = mm - i;
                uint64_t b = hr_unrank_top(rank, k, hi_b);
                rank -= hr_choose_small(b, k);
                sidx[s + i] = b - (uint64_t)(mm - 1 - i);
                hi_b = b;
            }
        }
        s = e;
    }
    for (int j = 0; j < G; j++) {
        pos[j] = p;
        p += ix->size[j];
    }
    {
        uint32_t m[HR_INDEX_SUITS][HR_INDEX_MAX_GROUPS];
        for (int s = 0; s < HR_INDEX_SUITS; s++) {
            uint32_t used = 0;
            uint64_t idx = sidx[s];
            int avail = ix->ranks, key = keys[s];
            for (int j = 0; j < G; j++) {
                int c = (key / ix->base[j]) % (ix->size[j] + 1);
                uint64_t span = (uint64_t)BINOM(ix, avail, c);
                uint64_t r = idx % span;
                idx /= span;
                m[s][j] = c ? hr_expand(hr_colex_unrank(ix, r, c, avail), used, ix->ranks) : 0;
                used |= m[s][j];
                avail -= c;
            }
        }
        for (int j = 0; j < G; j++) {
            int q = pos[j];
            for (int r = 0; r < ix->ranks; r++)
                for (int s = 0; s < HR_INDEX_SUITS; s++)
                    if (m[s][j] & (1u << r))
                        row[q++] = (uint8_t)(4 * r + s);
        }
    }
}

int64_t hr_unindex_batch(const hr_index_street *ix, const int64_t *index, int64_t n,
                         uint8_t *out)
{
    int k = 0;
    const int64_t size = ix->offset[ix->n_configs];
    for (int j = 0; j < ix->groups; j++)
        k += ix->size[j];
    for (int64_t i = 0; i < n; i++) {
        if (index[i] < 0 || index[i] >= size)
            return i;
        hr_unindex_one(ix, index[i], out + i * k);
    }
    return -1;
}

/* ---- hand-strength tables ---------------------------------------------- */

#define HR_MAX_PAIRS 1326

int64_t hr_river_values(const hr_game *g, const hr_index_street *river,
                        const uint8_t *boards, int64_t n_boards, int64_t *index_out,
                        uint32_t *value_out)
{
    const int n_cards = 4 * river->ranks;
    uint8_t hole[HR_MAX_PAIRS][2];
    uint32_t item[HR_MAX_PAIRS], tmp[HR_MAX_PAIRS];
    int H;
    if (river->groups != 2 || river->size[0] != 2 || river->size[1] != 5 || n_cards > 52)
        return -2;
    for (int64_t b = 0; b < n_boards; b++) {
        const uint8_t *bd = boards + 5 * b;
        uint64_t used = 0, key = HR_SUIT_INIT, mask = 0;
        uint8_t row[7];
        int less[52], eq[52];
        int64_t done = 0;
        for (int t = 0; t < 5; t++) {
            if (bd[t] >= n_cards || (used >> bd[t] & 1u))
                return b;
            used |= (uint64_t)1 << bd[t];
            key += g->card_key[bd[t]];
            mask += g->card_mask[bd[t]];
            row[2 + t] = bd[t];
        }
        H = 0;
        for (int y = 1; y < n_cards; y++) {
            if (used >> y & 1u)
                continue;
            for (int x = 0; x < y; x++) {
                unsigned s;
                if (used >> x & 1u)
                    continue;
                hole[H][0] = (uint8_t)x;
                hole[H][1] = (uint8_t)y;
                s = hr_lookup(g, key + g->card_key[x] + g->card_key[y],
                              mask + g->card_mask[x] + g->card_mask[y]);
                item[H] = ((uint32_t)s << 16) | (uint32_t)H;
                H++;
            }
        }
        /* LSD radix sort on the strength (13 bits): 7 bits, then 6 */
        {
            int cnt[128];
            memset(cnt, 0, sizeof cnt);
            for (int i = 0; i < H; i++)
                cnt[(item[i] >> 16) & 127u]++;
            for (int i = 1; i < 128; i++)
                cnt[i] += cnt[i - 1];
            for (int i = H - 1; i >= 0; i--)
                tmp[--cnt[(item[i] >> 16) & 127u]] = item[i];
            memset(cnt, 0, sizeof cnt);
            for (int i = 0; i < H; i++)
                cnt[(tmp[i] >> 23) & 127u]++;
            for (int i = 1; i < 128; i++)
                cnt[i] += cnt[i - 1];
            for (int i = H - 1; i >= 0; i--)
                item[--cnt[(tmp[i] >> 23) & 127u]] = tmp[i];
        }
        memset(less, 0, sizeof less);
        memset(eq, 0, sizeof eq);
        for (int i = 0; i < H;) {
            int j = i;
            uint32_t s = item[i] >> 16;
            while (j < H && (item[j] >> 16) == s)
                j++;
            for (int q = i; q < j; q++) {
                int h = (int)(item[q] & 0xffffu);
                eq[hole[h][0]]++;
                eq[hole[h][1]]++;
            }
            for (int q = i; q < j; q++) {
                int h = (int)(item[q] & 0xffffu);
                int a = hole[h][0], c = hole[h][1];
                int64_t win = done - less[a] - less[c];
                int64_t tie = (j - i) - eq[a] - eq[c] + 1;
                value_out[b * H + h] = (uint32_t)(2 * win + tie);
            }
            for (int q = i; q < j; q++) {
                int h = (int)(item[q] & 0xffffu);
                eq[hole[h][0]]--;
                eq[hole[h][1]]--;
                less[hole[h][0]]++;
                less[hole[h][1]]++;
            }
            done += j - i;
            i = j;
        }
        for (int h = 0; h < H; h++) {
            row[0] = hole[h][0];
            row[1] = hole[h][1];
            index_out[b * H + h] = hr_index_row(river, row);
        }
    }
    return -1;
}

int64_t hr_runout_stats(const hr_index_street *street, const hr_index_street *river,
                        const double *river_value, int64_t start, int64_t count, int bins,
                        double *ehs_out, double *ehs2_out, float *hist_out,
                        const volatile int32_t *cancel)
{
    const int n_cards = 4 * river->ranks;
    int nb, k;
    uint8_t row[7], base[7];
    uint32_t hcount[256];
    if (river->groups != 2 || river->size[0] != 2 || river->size[1] != 5 || n_cards > 52
        || street->ranks != river->ranks || street->size[0] != 2 || street->groups > 2
        || bins < 0 || bins > 256 || start < 0 || count < 0
        || start > street->offset[street->n_configs] - count)
        return -2;                  /* indices past the street's: refused, never decoded */
    nb = street->groups == 2 ? street->size[1] : 0;
    k = 5 - nb;
    if (k < 1)
        return -2;
    for (int64_t i = 0; i < count; i++) {
        uint64_t used = 0;
        int rest[52], nr = 0, c[5];
        double sum = 0.0, sum2 = 0.0;
        int64_t n = 0;
        if (cancel && *cancel)
            return i;
        hr_unindex_one(street, start + i, base);
        for (int t = 0; t < 2 + nb; t++) {
            used |= (uint64_t)1 << base[t];
            row[t] = base[t];
        }
        for (int x = 0; x < n_cards; x++)
            if (!(used >> x & 1u))
                rest[nr++] = x;
        if (bins)
            memset(hcount, 0, sizeof(uint32_t) * (size_t)bins);
        for (int t = 0; t < k; t++)
            c[t] = t;
        for (;;) {
            int64_t ri;
            double v;
            for (int t = 0; t < k; t++)
                row[2 + nb + t] = (uint8_t)rest[c[t]];
            ri = hr_index_row(river, row);
            v = river_value[ri];
            sum += v;
            sum2 += v * v;
            if (bins) {
                int bin = (int)(v * bins);
                hcount[bin >= bins ? bins - 1 : bin]++;
            }
            n++;
            /* next k-subset of 0..nr-1, colex */
            {
                int t = 0;
                while (t < k - 1 && c[t] + 1 == c[t + 1]) {
                    c[t] = t;
                    t++;
                }
                if (c[t] + 1 >= (t == k - 1 ? nr : c[t + 1]))
                    break;
                c[t]++;
            }
        }
        ehs_out[i] = sum / (double)n;
        if (ehs2_out)
            ehs2_out[i] = sum2 / (double)n;
        if (bins)
            for (int b = 0; b < bins; b++)
                hist_out[i * bins + b] = (float)((double)hcount[b] / (double)n);
    }
    return -1;
}
