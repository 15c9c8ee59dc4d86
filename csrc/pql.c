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

/* The most completions: two cards from at most 49 unseen. */
#define PQL_MAX_RUNOUTS 1176

int64_t hr_pql_street_equity(const hr_game *g, int h, int n, const uint8_t *holes,
                             const uint8_t *boards, int known, uint64_t live, int64_t n_deals,
                             double *out)
{
    if (g == NULL || holes == NULL || boards == NULL || out == NULL || n < 2 ||
        n > HR_PQL_MAX_PLAYERS || !(h == 2 || (h >= HR_OMAHA_MIN_HOLE && h <= HR_OMAHA_MAX_HOLE)) ||
        known < 3 || known > 5 || n_deals < 0 || n * h + known > HR_N_CARDS)
        return -1;
    const int k = 5 - known;
    uint8_t *board_buf = NULL, *hole_buf = NULL;
    uint16_t *strength = malloc(sizeof *strength * (size_t)(PQL_MAX_RUNOUTS * n));
    if (h != 2) {
        board_buf = malloc((size_t)PQL_MAX_RUNOUTS * 5);
        hole_buf = malloc((size_t)PQL_MAX_RUNOUTS * (size_t)h);
    }
    if (strength == NULL || (h != 2 && (board_buf == NULL || hole_buf == NULL))) {
        free(strength);
        free(board_buf);
        free(hole_buf);
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
                uint64_t key = HR_SUIT_INIT, mk = 0;
                for (int j = 0; j < 2; j++) {
                    key += g->card_key[hd[i * 2 + j]];
                    mk += g->card_mask[hd[i * 2 + j]];
                }
                for (int j = 0; j < known; j++) {
                    key += g->card_key[bd[j]];
                    mk += g->card_mask[bd[j]];
                }
                uint16_t *s = strength + (size_t)i * (size_t)r;
                if (k == 0) {
                    s[0] = (uint16_t)hr_lookup(g, key, mk);
                } else if (k == 1) {
                    for (int a = 0; a < u; a++)
                        s[a] = (uint16_t)hr_lookup(g, key + g->card_key[unseen[a]],
                                                   mk + g->card_mask[unseen[a]]);
                } else {
                    int q = 0;
                    for (int a = 0; a < u; a++) {
                        uint64_t ka = key + g->card_key[unseen[a]];
                        uint64_t ma = mk + g->card_mask[unseen[a]];
                        for (int b = a + 1; b < u; b++)
                            s[q++] = (uint16_t)hr_lookup(g, ka + g->card_key[unseen[b]],
                                                         ma + g->card_mask[unseen[b]]);
                    }
                }
            }
        } else {
            int q = 0;
            if (k == 0) {
                memcpy(board_buf, bd, 5);
                q = 1;
            } else if (k == 1) {
                for (int a = 0; a < u; a++, q++) {
                    memcpy(board_buf + q * 5, bd, 4);
                    board_buf[q * 5 + 4] = unseen[a];
                }
            } else {
                for (int a = 0; a < u; a++)
                    for (int b = a + 1; b < u; b++, q++) {
                        memcpy(board_buf + q * 5, bd, 3);
                        board_buf[q * 5 + 3] = unseen[a];
                        board_buf[q * 5 + 4] = unseen[b];
                    }
            }
            for (int i = 0; i < n; i++) {
                for (int a = 0; a < r; a++)
                    memcpy(hole_buf + a * h, hd + i * h, (size_t)h);
                if (hr_eval_omaha_batch(g, hole_buf, h, board_buf, r,
                                        strength + (size_t)i * (size_t)r) != -1) {
                    ret = -2;
                    break;
                }
            }
            if (ret < 0)
                break;
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
            double w = 1.0 / cnt;
            for (int i = 0; i < n; i++)
                if (strength[(size_t)i * (size_t)r + (size_t)a] == best)
                    share[i] += w;
        }
        for (int i = 0; i < n; i++)
            out[d * n + i] = share[i] / r;
    }
    free(strength);
    free(board_buf);
    free(hole_buf);
    return ret;
}
