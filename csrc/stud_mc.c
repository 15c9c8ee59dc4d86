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

static inline uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

static inline uint64_t next(uint64_t *s)
{
    uint64_t result = rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
}

/* Uniform in [0, n), n <= 2**32, unbiased. */
static inline uint32_t below(uint64_t *s, uint32_t n)
{
    uint64_t m = (next(s) >> 32) * n;
    uint32_t low = (uint32_t)m;
    if (HR_UNLIKELY(low < n)) {
        uint32_t t = (uint32_t)(-n) % n;
        while (low < t) {
            m = (next(s) >> 32) * n;
            low = (uint32_t)m;
        }
    }
    return (uint32_t)(m >> 32);
}

/* The best of s[0..n) and how many hold it. */
static inline unsigned top(int n, const unsigned *s, int *count)
{
    unsigned best = 0;
    int c = 0;
    for (int i = 0; i < n; i++) {
        if (s[i] > best) {
            best = s[i];
            c = 1;
        } else if (s[i] == best) {
            c++;
        }
    }
    *count = c;
    return best;
}

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
            uint32_t r = (uint32_t)j + below(s, (uint32_t)(n_stub - j));
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
        unsigned bh = top(n, hi, &nh), bl = 0;
        if (kind == HR_BL_HILO)
            bl = top(n, lo, &nl);
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
