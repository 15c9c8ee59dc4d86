/* handrank: five-card hands with wild cards (deuces wild, the joker as the bug,
 * California lowball), ranked by one lookup in tables/wild.py's tables.
 *
 * Internal kernel for src/handrank/games/wild.py (through core/kernels.py).
 * No allocation; reentrant.
 */
#ifndef HANDRANK_WILD_H
#define HANDRANK_WILD_H

#include <stdint.h>

/* The wild-card games, in the order of tables/wild.py's GAMES. */
#define HR_WILD_DEUCES 0
#define HR_WILD_JOKER 1
#define HR_WILD_LOWBALL 2
#define HR_WILD_GAMES 3
/* The joker's id (the 53-card games). */
#define HR_WILD_JOKER_ID 52

/* n rows of five card ids in wild game `game`: writes each row's class
 * (1..the game's classes, higher is better) to out[0..n) and returns -1, or
 * the index of the first bad row (an id outside the game's deck or a repeated
 * id), rows before it written; -2 for an unknown game. */
int64_t hr_wild_batch(int game, const uint8_t *cards, int64_t n, uint16_t *out);

#endif
