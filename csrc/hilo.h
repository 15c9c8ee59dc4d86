/* handrank: Omaha hi-lo (eight or better), RULES.md s.8.
 *
 * Each half from exactly two hole cards and three board cards, chosen
 * separately: the high half by the Omaha kernel (csrc/omaha.c) on the game
 * passed, the low half on the eight-or-better scale (1..56, 0 = no low) by
 * one load from the generator's hr_hilo_low table: the best such low depends
 * only on which of the eight low ranks (A, 2..8) the hole and the board hold.
 * Reentrant like the rest of the core.
 */
#ifndef HANDRANK_HILO_H
#define HANDRANK_HILO_H

#include <stdint.h>

#include "handrank.h"

/* Deals per call of the Omaha kernel: its results wait on the stack. */
#define HR_HILO_BLOCK 256

/* n deals, holes (n, h) with h = 4..6 and boards (n, 5) row-major.  Writes
 * out[2 i] (high, on g's scale) and out[2 i + 1] (low, 0 = none) and returns
 * -1, or stops at the first bad deal and returns its index (earlier deals
 * written).  Returns -2 if h is out of range. */
int64_t hr_eval_omaha_hilo_batch(const hr_game *g, const uint8_t *holes, int h,
                                 const uint8_t *boards, int64_t n, uint16_t *out);

/* One deal: writes out[0] (high) and out[1] (low); returns 1, or 0 if it is
 * not a deal. */
int hr_eval_omaha_hilo(const hr_game *g, const uint8_t *hole, int h, const uint8_t *board,
                       uint16_t *out);

#endif
