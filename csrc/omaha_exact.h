/* handrank: exact equity of hand lists (ranges) in the games with a board
 * and two halves or one (the C side of handrank._hilo_equity's exact
 * enumerations: equity_matrix, range_equity, analyze and exact equity with
 * ranges, for Omaha, Omaha hi-lo and hold'em hi-lo).
 *
 * Each hand's (high, low) on each runout is computed once (for the Omaha
 * games by hr_omaha_runout_strengths in csrc/omaha.c; for the others by the
 * Python layer from the core's evaluators), as uint16 pairs in an array
 * (n_runouts, n_hands, 2): high 0 marks a hand that shares a card with the
 * runout (not dealt); low 0 is no qualifying low.  These functions then
 * compare the hands runout by runout:
 *   hr_pair_tally   every hand of one list against every hand of another
 *                   (heads-up): integer counts per pair;
 *   hr_tuple_tally  every tuple of hands, one per player, that share no
 *                   card: weighted sums per player.
 * A pot is cut as in RULES.md s.8: with a qualifying low somewhere, half to
 * the best high and half to the best low (ties split each half), otherwise
 * the whole pot to the best high.  Reentrant: no allocation, no I/O; the
 * caller owns every array.
 */
#ifndef HANDRANK_OMAHA_EXACT_H
#define HANDRANK_OMAHA_EXACT_H

#include <stdint.h>

#include "handrank.h"

/* Counts per pair written by hr_pair_tally. */
#define HR_PAIR_SUMS 7

/* Heads-up: rows s0 (n_runouts, c0, 2) and columns s1 (n_runouts, c1, 2);
 * m0[c0], m1[c1] the hands' 64-bit card masks (unused: pairs sharing a
 * card get counts too, which the caller drops).  For each row i in
 * [start, end) and each column j adds to out[(i * HR_PAIR_SUMS + k) * c1 + j],
 * over the runouts where both are dealt, k =
 *   0  runouts (both dealt)
 *   1  row i's pot shares, in quarters of the pot
 *   2  runouts row i wins the whole pot
 *   3  runouts row i wins a part of the pot but not all of it
 *   4  row i's shares of the high half, in halves of the half
 *   5  row i's shares of the low half, in halves of the half
 *   6  runouts with a qualifying low
 * halves = 1 says every low is 0 (a game of one half: fewer counters, the
 * same sums); 2, a game of two halves.  Polls *cancel (NULL: never) before
 * each row.  Returns 0, -1 on bad arguments, -2 when cancelled. */
int hr_pair_tally(const uint16_t *s0, int64_t c0, const uint16_t *s1, int64_t c1,
                  int64_t n_runouts, const uint64_t *m0, const uint64_t *m1,
                  int halves, int64_t start, int64_t end, int32_t *out,
                  const volatile int32_t *cancel);

/* Sums per player and first-player hand written by hr_tuple_tally. */
#define HR_TUPLE_SUMS 5

/* Any number of players (2..HR_TUPLE_MAX_PLAYERS): s (n_runouts, n_cols, 2)
 * holds every player's hands side by side, player p's in columns
 * offsets[p] .. offsets[p + 1] - 1, masks[n_cols] their card masks and
 * weights[n_cols] their weights.  Walks every tuple (one hand per player,
 * no card shared) whose player-0 hand i is in [start, end), in odometer
 * order, and for it adds to row i of out (rows of HR_TUPLE_SUMS * n + 1
 * doubles, sum k of player p at k * n + p):
 *   k = 0  pot shares          1  runouts won whole   2  runouts with a part
 *   3  high-half shares        4  low-half shares (a qualifying low)
 * each as w * x / d, x the tuple's sum over the runouts where every hand is
 * dealt (shares as fractions), w the product of the hands' weights and d
 * the number of those runouts when `mean` is nonzero, else 1; and adds w
 * to out[row + HR_TUPLE_SUMS * n] and d to deals[0].  A tuple of weight 0 is
 * skipped.  Polls *cancel (NULL: never) before each player-0 hand.
 * Returns the tuples walked, -1 on bad arguments, -2 when cancelled. */
#define HR_TUPLE_MAX_PLAYERS 10
int64_t hr_tuple_tally(int n_players, const uint16_t *s, int64_t n_cols, int64_t n_runouts,
                       const int32_t *offsets, const uint64_t *masks, const double *weights,
                       int mean, int64_t start, int64_t end, double *out, int64_t *deals,
                       const volatile int32_t *cancel);

/* Strengths of Omaha hands on runouts (csrc/omaha.c): hands (n_hands, h),
 * h = 4..6, none holding a board card; board[0..n_board) plus runout r's
 * 5 - n_board cards (runouts row-major) make the board.  Writes
 * out[(r * n_hands + i) * 2] the high (on g's scale) and [.. + 1] the
 * eight-or-better low when hilo is nonzero (else 0); both 0 where hand i
 * shares a card with runout r.  Returns -1, -2 on bad arguments (h or
 * n_board out of range, a card id of 52 or more, a hand holding a board
 * card), or the index of the first bad runout (a repeated card, a card
 * outside the deck). */
int64_t hr_omaha_runout_strengths(const hr_game *g, int hilo, int h, const uint8_t *hands,
                                  int64_t n_hands, const uint8_t *board, int n_board,
                                  const uint8_t *runouts, int64_t n_runouts, uint16_t *out);

/* Sums per player written by hr_omaha_exact_hilo_run (sum k at out[k * n + p]). */
#define HR_OMAHA_HILO_SUMS 3

/* Exact enumeration of Omaha hi-lo (eight or better), exact hands only: the
 * boards of hr_omaha_exact_run (csrc/omaha_mc.h) from the scratch its
 * hr_omaha_exact_prep wrote for the same hands and cards (high on the
 * 52-card tables), each board's low from the hands' and the board's low-rank
 * sets (hr_hilo_low).  hands (n_players, h), h = 4..6, the hands prep took;
 * cards[0 .. n_cards) the cards prep took (the n_board given board cards
 * first).  Walks the boards whose first two free positions' pair number is
 * start, start + stride, ...  On each board the pot is cut as RULES.md s.8
 * says: with a qualifying low, half to the best high and half to the best
 * low (ties split each half evenly), otherwise the whole pot to the best
 * high.  Adds to out[0 .. HR_OMAHA_HILO_SUMS * n + 2):
 *   sum 0  pot shares, in 1 / (2 HR_SHARE_UNIT) of the pot
 *   sum 1  shares of the high half, in 1 / HR_SHARE_UNIT of a half
 *   sum 2  shares of the low half (boards with a qualifying low), the same unit
 *   out[3n]      boards walked
 *   out[3n + 1]  boards with a qualifying low
 * Returns the boards walked, -1 on bad arguments (n_players, h, n_cards or
 * n_board out of range, a card id of 52 or more), -2 when cancelled (polled
 * before each pair of first positions). */
int64_t hr_omaha_exact_hilo_run(int n_players, int h, const uint8_t *hands,
                                const uint8_t *cards, int n_cards, int n_board,
                                const int16_t *scratch, int64_t start, int64_t stride,
                                int64_t *out, const volatile int32_t *cancel);

#endif
