/* handrank: exact equity of known hands against players dealt at random.
 *
 * A player dealt at random ("random": every combo of the cards left, equal
 * weight) makes the tuple enumeration of csrc/equity.c cost the number of
 * combos to the power of the random players.  Here the boards come first:
 * for each completion of the board (up to the suit relabellings that fix
 * the known hands, the board and the dead cards, each canonical board
 * counted with its orbit's size), the known hands and every combo of the
 * cards left are evaluated once, and the outcomes over the random players'
 * disjoint combos are counted by inclusion-exclusion on the cards (two
 * distinct combos share at most one card).  Counts are exact integers in
 * the units of csrc/equity.c (ordered tuples x boards; pot shares in
 * 1/HR_XR_SHARE_UNIT), so the result divides to the same doubles.
 * src/handrank/_build_ffi.py mirrors the declaration in CDEF_EXACT_RANDOM;
 * src/handrank/_exact_random.py is the Python side.
 */
#ifndef HANDRANK_EXACT_RANDOM_H
#define HANDRANK_EXACT_RANDOM_H

#include <stdint.h>

#include "handrank.h"

#define HR_XR_MAX_RANDOM 2
#define HR_XR_MAX_FIXED 9
#define HR_XR_SHARE_UNIT 2520

/* n_fixed known hands (fixed, 2 cards each) against k_random players dealt
 * at random (1 <= k_random <= HR_XR_MAX_RANDOM) from deck[0..n_deck) (the
 * live cards: not on the board, dead or in a known hand), with the board
 * (n_board cards) completed from the same deck.  perms: n_perms suit maps
 * (4 bytes each: suit s becomes perms[4 * i + s]), the group of suit
 * relabellings that fix every known hand, the board, the dead cards and the
 * deck, the identity among them.  This call takes the completions number
 * part, part + parts, ... (in lexicographic order of deck positions).
 *
 * Adds to out (3 * (n_fixed + 1) + 2 int64): wins, ties and pot shares of
 * each known hand, then of the first random player (the others have the
 * same counts), then the total (ordered tuples of the random players'
 * combos x boards) and the canonical boards evaluated.  Returns the number
 * of completions this part took, or -2 on bad arguments; stops early when
 * *cancel becomes nonzero. */
int64_t hr_exact_random(const hr_game *g, int n_fixed, const uint8_t *fixed, int k_random,
                        const uint8_t *board, int n_board, const uint8_t *deck, int n_deck,
                        const uint8_t *perms, int n_perms, int64_t part, int64_t parts,
                        int64_t *out, const volatile int32_t *cancel);

#endif
