/* handrank: heads-up preflop hold'em classes (see preflop_hu.h). */
#include "preflop_hu.h"

static const uint8_t PERMS[24][4] = {
    {0, 1, 2, 3}, {0, 1, 3, 2}, {0, 2, 1, 3}, {0, 2, 3, 1}, {0, 3, 1, 2}, {0, 3, 2, 1},
    {1, 0, 2, 3}, {1, 0, 3, 2}, {1, 2, 0, 3}, {1, 2, 3, 0}, {1, 3, 0, 2}, {1, 3, 2, 0},
    {2, 0, 1, 3}, {2, 0, 3, 1}, {2, 1, 0, 3}, {2, 1, 3, 0}, {2, 3, 0, 1}, {2, 3, 1, 0},
    {3, 0, 1, 2}, {3, 0, 2, 1}, {3, 1, 0, 2}, {3, 1, 2, 0}, {3, 2, 0, 1}, {3, 2, 1, 0},
};

static uint32_t hand12(const uint8_t *perm, const uint8_t *h)
{
    uint32_t x = (uint32_t)((h[0] & ~3) | perm[h[0] & 3]);
    uint32_t y = (uint32_t)((h[1] & ~3) | perm[h[1] & 3]);
    return x > y ? x << 6 | y : y << 6 | x;
}

uint32_t hr_hu_preflop_key(const uint8_t *a, const uint8_t *b, int *swapped)
{
    uint64_t used = 0;
    const uint8_t *cards[2] = {a, b};
    for (int i = 0; i < 4; i++) {
        uint8_t c = cards[i / 2][i % 2];
        if (c >= 52 || (used >> c & 1u))
            return 0xFFFFFFFFu;
        used |= 1ull << c;
    }
    uint32_t best = 0xFFFFFFFFu;
    int sw = 0;
    for (int p = 0; p < 24; p++) {
        uint32_t ha = hand12(PERMS[p], a), hb = hand12(PERMS[p], b);
        uint32_t ab = ha << 12 | hb, ba = hb << 12 | ha;
        if (ab < best)
            best = ab, sw = 0;
        if (ba < best)
            best = ba, sw = 1;
    }
    *swapped = sw;
    return best;
}

int64_t hr_hu_preflop_class(const uint32_t *keys, int64_t n_keys, const uint8_t *a,
                            const uint8_t *b, int *swapped)
{
    uint32_t key = hr_hu_preflop_key(a, b, swapped);
    if (key == 0xFFFFFFFFu)
        return -1;
    int64_t lo = 0, hi = n_keys;            /* the first keys[i] >= key in [lo, hi) */
    while (lo < hi) {
        int64_t mid = lo + (hi - lo) / 2;
        if (keys[mid] < key)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < n_keys && keys[lo] == key ? lo : -1;
}

int hr_hu_preflop_counts(const uint32_t *keys, const uint32_t *counts, int64_t n_keys,
                         const uint8_t *a, const uint8_t *b, int64_t *out)
{
    int sw = 0;
    int64_t c = hr_hu_preflop_class(keys, n_keys, a, b, &sw);
    if (c < 0)
        return 0;
    const uint32_t *k = counts + 3 * c;
    out[0] = k[sw], out[1] = k[1 - sw], out[2] = k[2];
    return 1;
}

int64_t hr_hu_preflop_classes(const uint32_t *keys, int64_t n_keys, const uint8_t *pairs,
                              int64_t n, int64_t *cls, uint8_t *swapped)
{
    int64_t found = 0;
    for (int64_t i = 0; i < n; i++) {
        int sw = 0;
        cls[i] = hr_hu_preflop_class(keys, n_keys, pairs + 4 * i, pairs + 4 * i + 2, &sw);
        swapped[i] = (uint8_t)sw;
        found += cls[i] >= 0;
    }
    return found;
}
