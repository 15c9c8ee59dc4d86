/* handrank: low games; see lowball.h.
 *
 * Every batch is the core's kernel on the game's tables.  For deuce-to-seven
 * the kernel's key has a flush exactly when the hand holds five or more
 * cards of one suit (the values table holds only hands without a flush);
 * with six or seven cards the kernel hands those few rows (about 3% of
 * random 7-card hands) to best_without_flush: if every card is of that suit,
 * the flush table already holds the best flush; otherwise the answer is the
 * best five-card subset that keeps an off-suit card (never a flush), read
 * through the values table.  Ace-to-five games have no suit counters, so no
 * row is handed over.
 */
#include "lowball.h"

#include "handrank.h"
#include "generated/tables.h"
#include "lookup.h"

static unsigned best_without_flush(const hr_game *g, const uint8_t *row, int k,
                                   unsigned flush_value)
{
    /* Four 8-bit suit counters (card id = 4 * rank + suit); at most one suit
     * of seven cards has five.  Branch-free: the suit is random. */
    uint32_t counts = 0;
    for (int j = 0; j < k; j++)
        counts += 1u << (8 * (row[j] & 3));
    unsigned c[4] = {counts & 255u, (counts >> 8) & 255u, (counts >> 16) & 255u, counts >> 24};
    unsigned suit = (c[1] >= 5) + 2u * (c[2] >= 5) + 3u * (c[3] >= 5);
    if (c[suit] < 5 || c[suit] == (unsigned)k)
        return flush_value;               /* every five is a flush: the flush table's best */
    /* A five with an off-suit card has at most four cards of the suit, so it
     * is a five of the hand less c - 4 of the c suited cards; every five of
     * such a hand is no flush, so its value is the values table's (the hash
     * path) and the answer is the best of those hands: c - 4 = 1 card left
     * out of c = 5 (5 lookups), 2 of c = 6 (15 lookups). */
    uint32_t key = 0, rk[HR_MAX_HAND];
    int ns = 0;
    for (int j = 0; j < k; j++) {
        uint32_t r = (uint32_t)g->card_key[row[j]];
        key += r;
        rk[ns] = r;
        ns += (unsigned)(row[j] & 3) == suit;
    }
    unsigned best = 0;
    if (ns == 5) {
        for (int x = 0; x < 5; x++) {
            unsigned v = hr_lookup_ranks(g, key - rk[x]);
            best = v > best ? v : best;
        }
    } else {
        for (int x = 0; x < ns; x++)
            for (int y = x + 1; y < ns; y++) {
                unsigned v = hr_lookup_ranks(g, key - rk[x] - rk[y]);
                best = v > best ? v : best;
            }
    }
    return best;
}

int64_t hr_eval_low_batch_kernel(const hr_game *g, const uint8_t *cards, int64_t n, int k,
                                 uint16_t *out, int kernel)
{
    /* five cards of a suit in five cards are the flush the table holds */
    return hr_eval_batch_fix(g, cards, n, k, out, kernel,
                             k == 6 || k == 7 ? best_without_flush : NULL);
}

int64_t hr_eval_low_batch(const hr_game *g, const uint8_t *cards, int64_t n, int k,
                          uint16_t *out)
{
    return hr_eval_low_batch_kernel(g, cards, n, k, out, hr_batch_kernel());
}

int hr_eval_low(const hr_game *g, const uint8_t *cards, int n)
{
    uint16_t out;
    if (n < HR_MIN_HAND || n > HR_MAX_HAND)
        return -1;
    return hr_eval_low_batch(g, cards, 1, n, &out) == -1 ? (int)out : -1;
}
