/* handrank: five-card hands with wild cards, one table lookup per hand.
 *
 * A hand's class depends only on its symbols (each natural card's rank, each
 * wild card the symbol 13) and on whether its natural cards share a suit
 * (tables/wild.py): the five symbols, sorted, index the multisets of five of
 * fourteen symbols by their combinatorial number, and the suit flag picks
 * the table's half.
 */
#include "wild.h"

#include "handrank.h"
#include "generated/tables.h"

int64_t hr_wild_batch(int game, const uint8_t *cards, int64_t n, uint16_t *out)
{
    if (game < 0 || game >= HR_WILD_GAMES)
        return -2;
    const unsigned deck = game == HR_WILD_DEUCES ? 52u : 53u;
    for (int64_t i = 0; i < n; i++) {
        const uint8_t *row = cards + 5 * i;
        uint64_t seen = 0;
        for (int j = 0; j < 5; j++) {
            unsigned c = row[j];
            if (c >= deck || (seen >> c & 1))
                return i;
            seen |= (uint64_t)1 << c;
        }
        out[i] = hr_wild_class(game, row);
    }
    return -1;
}
