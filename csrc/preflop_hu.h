/* handrank: heads-up preflop hold'em counts by suit-isomorphism class.
 *
 * Two disjoint hands (a, b) with no board and no dead cards have exact
 * counts (a wins, b wins, ties over the C(48, 5) boards) that do not change
 * when one permutation of the four suits is applied to all four cards, and
 * that swap when the hands swap.  A class is an orbit of ordered pairs under
 * the 24 suit permutations and the swap; its key is the least, over the 48,
 * of (x0 << 18 | x1 << 12 | y0 << 6 | y1), x and y the transformed first and
 * second hands, each with its higher card id first.  The table
 * (src/handrank/holdem_hu_preflop.npz, made by tables/preflop_hu.py) holds
 * the classes' keys in increasing order and three counts per class for the
 * key's own order of hands; the caller owns it.  No allocation, no globals.
 */
#ifndef HANDRANK_PREFLOP_HU_H
#define HANDRANK_PREFLOP_HU_H

#include <stdint.h>

#define HR_HU_BOARDS 1712304 /* C(48, 5) */

/* The class key of (a, b), two cards each; *swapped = 1 when the key's first
 * hand comes from b.  Returns 0xFFFFFFFF when a card is above 51 or repeats. */
uint32_t hr_hu_preflop_key(const uint8_t *a, const uint8_t *b, int *swapped);

/* The class of (a, b) in keys[0 .. n_keys) (increasing), or -1 when the
 * cards are bad or the key is missing; *swapped as hr_hu_preflop_key's. */
int64_t hr_hu_preflop_class(const uint32_t *keys, int64_t n_keys, const uint8_t *a,
                            const uint8_t *b, int *swapped);

/* (a wins, b wins, ties) of (a, b) from counts[3 * class ..]: 1 found, 0 not. */
int hr_hu_preflop_counts(const uint32_t *keys, const uint32_t *counts, int64_t n_keys,
                         const uint8_t *a, const uint8_t *b, int64_t *out);

/* hr_hu_preflop_class of n pairs (four cards each, a then b): cls[i] and
 * swapped[i].  Returns how many were found. */
int64_t hr_hu_preflop_classes(const uint32_t *keys, int64_t n_keys, const uint8_t *pairs,
                              int64_t n, int64_t *cls, uint8_t *swapped);

#endif
