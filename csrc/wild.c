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

static inline void sort2(unsigned *a, unsigned *b)
{
    unsigned lo = *a < *b ? *a : *b, hi = *a < *b ? *b : *a;
    *a = lo;
    *b = hi;
}

int64_t hr_wild_batch(int game, const uint8_t *cards, int64_t n, uint16_t *out)
{
    if (game < 0 || game >= HR_WILD_GAMES)
        return -2;
    const unsigned deck = game == HR_WILD_DEUCES ? 52u : 53u;
    const uint16_t *value = hr_wild_value + (size_t)game * 2 * HR_WILD_KEYS;
    for (int64_t i = 0; i < n; i++) {
        const uint8_t *row = cards + 5 * i;
        uint64_t seen = 0;
        unsigned s[5];
        unsigned suits = 0;                /* bit per suit a natural card holds */
        for (int j = 0; j < 5; j++) {
            unsigned c = row[j];
            if (c >= deck || (seen >> c & 1))
                return i;
            seen |= (uint64_t)1 << c;
            int wild = c == HR_WILD_JOKER_ID || (game == HR_WILD_DEUCES && c < 4);
            s[j] = wild ? 13u : c >> 2;
            suits |= wild ? 0u : 1u << (c & 3);
        }
        /* a sorting network for five */
        sort2(&s[0], &s[1]); sort2(&s[3], &s[4]); sort2(&s[2], &s[4]);
        sort2(&s[2], &s[3]); sort2(&s[1], &s[4]); sort2(&s[0], &s[3]);
        sort2(&s[0], &s[2]); sort2(&s[1], &s[3]); sort2(&s[1], &s[2]);
        unsigned index = 0;
        for (unsigned j = 0; j < 5; j++)
            index += hr_wild_choose[18 * j + s[j] + j];
        unsigned suited = (suits & (suits - 1)) == 0;
        out[i] = value[suited * HR_WILD_KEYS + index];
    }
    return -1;
}
