/* handrank: five-card hands with wild cards (deuces wild, the joker as the bug,
 * California lowball), ranked by one lookup in tables/wild.py's tables.
 *
 * Internal kernel for src/handrank/games/wild.py (through core/kernels.py).
 * No allocation; reentrant.
 */
#ifndef HANDRANK_WILD_H
#define HANDRANK_WILD_H

#include <stddef.h>
#include <stdint.h>

/* The wild-card games, in the order of tables/wild.py's GAMES. */
#define HR_WILD_DEUCES 0
#define HR_WILD_JOKER 1
#define HR_WILD_LOWBALL 2
#define HR_WILD_GAMES 3
/* The joker's id (the 53-card games). */
#define HR_WILD_JOKER_ID 52

#include "generated/tables.h"

/* The class of five valid, distinct ids of wild game `game` (0 .. HR_WILD_GAMES - 1):
 * the one lookup of hr_wild_batch without its checks (the caller has checked). */
static inline uint16_t hr_wild_class(int game, const uint8_t *row)
{
    unsigned s[5], suits = 0;                 /* bit per suit a natural card holds */
    for (int j = 0; j < 5; j++) {
        unsigned c = row[j];
        int wild = c == HR_WILD_JOKER_ID || (game == HR_WILD_DEUCES && c < 4);
        s[j] = wild ? 13u : c >> 2;
        suits |= wild ? 0u : 1u << (c & 3);
    }
    /* a sorting network for five */
#define HR_WILD_SORT2(a, b) do { unsigned lo_ = (a) < (b) ? (a) : (b); \
                                 (b) = (a) < (b) ? (b) : (a); (a) = lo_; } while (0)
    HR_WILD_SORT2(s[0], s[1]); HR_WILD_SORT2(s[3], s[4]); HR_WILD_SORT2(s[2], s[4]);
    HR_WILD_SORT2(s[2], s[3]); HR_WILD_SORT2(s[1], s[4]); HR_WILD_SORT2(s[0], s[3]);
    HR_WILD_SORT2(s[0], s[2]); HR_WILD_SORT2(s[1], s[3]); HR_WILD_SORT2(s[1], s[2]);
#undef HR_WILD_SORT2
    unsigned index = 0;
    for (unsigned j = 0; j < 5; j++)
        index += hr_wild_choose[18 * j + s[j] + j];
    unsigned suited = (suits & (suits - 1)) == 0;
    return hr_wild_value[((size_t)game * 2 + suited) * HR_WILD_KEYS + index];
}

/* n rows of five card ids in wild game `game`: writes each row's class
 * (1..the game's classes, higher is better) to out[0..n) and returns -1, or
 * the index of the first bad row (an id outside the game's deck or a repeated
 * id), rows before it written; -2 for an unknown game. */
int64_t hr_wild_batch(int game, const uint8_t *cards, int64_t n, uint16_t *out);

#endif
