/* handrank: kernels of the Poker Query Language (pql.h).
 *
 * The race deals as csrc/stud_mc.c does (xoshiro256** on the caller's state,
 * each index by Lemire's multiply), two indices from one 64-bit draw (the
 * high word, then the low word), and ranks each hand by its key and mask sums
 * (hr_lookup); the winning category is the category of the best strength.
 */
#include "pql.h"

#include "lookup.h"

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
