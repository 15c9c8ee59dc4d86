/* handrank: low games (RULES.md s.8) on the shared hash-and-flush lookup.
 *
 * A low game is an hr_game like any other (tables/lowball.py writes its
 * tables): ace-to-five and eight-or-better have no suit counters, so the
 * core's batch kernel reads their value table only; 0 is "no qualifying
 * low", a valid result.  Deuce-to-seven counts flushes against the hand: the
 * kernel is exact for five cards and for six or seven without five of a
 * suit; a six- or seven-card hand with five of a suit and an off-suit card
 * plays its best five that is not a flush (every flush is a worse low than
 * any hand without one), found here from its five-card subsets.
 * Reentrant like the rest of the core.
 */
#ifndef HANDRANK_LOWBALL_H
#define HANDRANK_LOWBALL_H

#include <stdint.h>

#include "handrank.h"

/* n hands of k = 5..7 cards of a low game, row-major.  Writes out[0..n)
 * (0 = no qualifying low) and returns -1, or stops at the first bad row (a
 * card not in the deck, a repeated card) and returns its index.  Returns -2
 * if k is out of range. */
int64_t hr_eval_low_batch(const hr_game *g, const uint8_t *cards, int64_t n, int k,
                          uint16_t *out);

/* hr_eval_low_batch with a given batch kernel (numbered as for
 * hr_eval_batch_kernel); -3 if this build or CPU lacks it. */
int64_t hr_eval_low_batch_kernel(const hr_game *g, const uint8_t *cards, int64_t n, int k,
                                 uint16_t *out, int kernel);

/* One hand of n = 5..7 cards: its strength (0 = no qualifying low), or -1 if
 * it is not a hand. */
int hr_eval_low(const hr_game *g, const uint8_t *cards, int n);

#endif
