/* handrank: showdown shares of many deals (see showdown.h).
 *
 * Keys and masks are sums over cards, so a board's partial sums are shared
 * by every player at the table: a player costs two additions and one
 * lookup.  Up to 51 cards make a deal, too many for the summed-mask
 * duplicate test of a single hand, so a deal is checked first with one bit
 * per card id; a card outside the game's deck carries the poison bit in its
 * key (the keys are or-ed for that test, not summed).
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
        /* Check the whole deal before any lookup: every card in the deck,
         * none twice (a bit per card id; poisoned ids are caught first). */
        uint64_t seen = 0, repeat = 0, poison = 0;
        for (int j = 0; j < 5 + 2 * players; j++) {
            uint8_t c = j < 5 ? b[j] : h[j - 5];
            uint64_t bit = 1ULL << (c & 63);
            poison |= ck[c];
            repeat |= seen & bit;
            seen |= bit;
        }
        if (HR_UNLIKELY(HR_POISON_TEST(poison) | repeat))
            return i;
        uint64_t key = HR_SUIT_INIT, mask = 0;
        for (int j = 0; j < 5; j++) {
            key += ck[b[j]];
            mask += cm[b[j]];
        }
        unsigned best = 0, ties = 0;
        for (int p = 0; p < players; p++) {
            uint8_t c0 = h[2 * p], c1 = h[2 * p + 1];
            unsigned v = hr_lookup(g, key + ck[c0] + ck[c1], mask + cm[c0] + cm[c1]);
            value[p] = v;
            ties = v == best ? ties + 1 : (v > best ? 1 : ties);
            best = v > best ? v : best;
        }
        double share = 1.0 / (double)ties;
        for (int p = 0; p < players; p++)
            row[p] = value[p] == best ? share : 0.0;
    }
    return -1;
}
