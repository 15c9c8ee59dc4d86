/* hr_deal: random hands from a deck, for Monte Carlo work in numpy.
 *
 * Row r is a partial Fisher-Yates shuffle of the deck (its first k draws)
 * driven by a counter-based generator: draw i of row r is splitmix64's
 * output for the counter (seed, r, i).  A row depends on nothing but the
 * seed and its own index, so any split of the rows over threads gives the
 * same array, bit for bit. */
#include <string.h>

#include "handrank.h"

static inline uint64_t mix64(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

int64_t hr_deal(const uint8_t *deck, int m, int k, uint64_t seed, int64_t first,
                int64_t n, uint8_t *out)
{
    uint8_t d[64];
    if (m < 1 || m > 64 || k < 0 || k > m || n < 0 || first < 0)
        return -2;
    for (int i = 0; i < m; i++)
        if (deck[i] >= 64)          /* 52 cards, the jokers 52 and 53 of the wild games */
            return -2;
    uint64_t key = mix64(seed ^ 0x6A09E667F3BCC909ull);
    for (int64_t r = 0; r < n; r++) {
        memcpy(d, deck, (size_t)m);
        uint64_t row = mix64(key + (uint64_t)(first + r) * 0x9E3779B97F4A7C15ull);
        uint8_t *o = out + r * k;
        for (int j = 0; j < k; j++) {
            uint32_t span = (uint32_t)(m - j);
            uint64_t ctr = row + (uint64_t)(j + 1) * 0xD1B54A32D192ED03ull;
            uint64_t prod;
            uint32_t low;
            /* Lemire's multiply; a low product below 2**32 mod span is redrawn */
            for (;;) {
                prod = (mix64(ctr) >> 32) * span;
                low = (uint32_t)prod;
                if (low >= span || low >= (uint32_t)(-span) % span)
                    break;
                ctr += 0x632BE59BD9B4E019ull;
            }
            int pick = j + (int)(prod >> 32);
            uint8_t c = d[pick];
            d[pick] = d[j];
            d[j] = c;
            o[j] = c;
        }
    }
    return -1;
}
