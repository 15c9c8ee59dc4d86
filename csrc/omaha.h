/* handrank: Omaha, the best hand from exactly two hole cards and three board
 * cards, on the scale of the game passed (hold'em: 1..7462).
 *
 * No Omaha-specific table: the five-card strength of each two-plus-three
 * combination comes from the game's own tables (see csrc/omaha.c).
 * Reentrant like the rest of the core: no allocation, no I/O, no globals.
 */
#ifndef HANDRANK_OMAHA_H
#define HANDRANK_OMAHA_H

#include <stdint.h>

#include "handrank.h"

#define HR_OMAHA_MIN_HOLE 4
#define HR_OMAHA_MAX_HOLE 6
#define HR_OMAHA_BOARD 5

/* One deal: h = 4..6 hole cards and 5 board cards.  Returns the strength, or
 * 0 if h is out of range, a card is not in the game's deck or a card repeats
 * (in the hole, on the board or across the two). */
int hr_eval_omaha(const hr_game *g, const uint8_t *hole, int h, const uint8_t *board);

/* n deals, holes (n, h) and boards (n, 5) row-major.  Writes out[0..n) and
 * returns -1, or stops at the first bad deal and returns its index.  Returns
 * -2 if h is out of range. */
int64_t hr_eval_omaha_batch(const hr_game *g, const uint8_t *holes, int h,
                            const uint8_t *boards, int64_t n, uint16_t *out);

/* Internal (csrc/omaha_mc.c, not in the cdef): the game's Omaha table, a
 * row of HR_OMAHA_PAIRS strengths per board rank multiset, or NULL. */
const uint16_t *hr_omaha_table(const hr_game *g);

#endif
