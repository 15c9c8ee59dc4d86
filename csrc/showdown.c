/* handrank: showdown shares of many deals (see showdown.h).
 *
 * Keys and masks are sums over cards, so a board's partial sums are shared
 * by every player at the table: a player costs two additions and one
 * lookup.  The deal's masks are also added and or-ed over all its cards: the
 * two differ exactly when a card repeats anywhere in the deal.  A card that
 * is not in the game's deck carries the poison bit in its key; the keys are
 * or-ed (not summed: over 51 cards the suit counters would carry), so one
 * poisoned card shows.
 */
#include "showdown.h"

#include "lookup.h"

int64_t hr_showdown_batch(const hr_game *g, const uint8_t *boards, const uint8_t *hole,
                          int64_t n, int players, double *out)
{
    const uint64_t *ck = g->card_key, *cm = g->card_mask;
    unsigned value[HR_SHOWDOWN_MAX_PLAYERS];
    if (players < 1 || players > HR_SHOWDOWN_MAX_PLAYERS)
        return -2;
    for (int64_t i = 0; i < n; i++) {
        const uint8_t *b = boards + i * 5;
        const uint8_t *h = hole + i * (int64_t)players * 2;
        double *row = out + i * (int64_t)players;
        uint64_t key = HR_SUIT_INIT, mask = 0, poison = 0;
        for (int j = 0; j < 5; j++) {
            key += ck[b[j]];
            mask += cm[b[j]];
            poison |= ck[b[j]];
        }
        uint64_t sum = mask, any = mask;
        unsigned best = 0, ties = 0;
        for (int p = 0; p < players; p++) {
            uint8_t c0 = h[2 * p], c1 = h[2 * p + 1];
            uint64_t m0 = cm[c0], m1 = cm[c1];
            poison |= ck[c0] | ck[c1];
            sum += m0 + m1;
            any |= m0 | m1;
            unsigned v = hr_lookup(g, key + ck[c0] + ck[c1], mask + m0 + m1);
            value[p] = v;
            ties = v == best ? ties + 1 : (v > best ? 1 : ties);
            best = v > best ? v : best;
        }
        if (__builtin_expect((HR_POISON_TEST(poison) | (sum ^ any)) != 0, 0))
            return i;
        double share = 1.0 / (double)ties;
        for (int p = 0; p < players; p++)
            row[p] = value[p] == best ? share : 0.0;
    }
    return -1;
}
