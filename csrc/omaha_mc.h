/* handrank: Omaha equity in C, Monte Carlo (hands, ranges, "random") and
 * exact enumeration, for the high-only Omaha games and Omaha hi-lo (eight or
 * better).  Reentrant like the rest of the core: no allocation, no I/O;
 * the random state is a caller-owned hr_rng and scratch memory is the
 * caller's.
 *
 * Players: player p's hands are rows offsets[p] .. offsets[p + 1] - 1 of
 * hands (h card ids each, h = 4..6, the same for every player).  One row is
 * an exact hand; none means "random" (dealt from the cards left); more is a
 * range, drawn by weight.
 *
 * Pot shares are counted in units of 1 / HR_SHARE_UNIT of a pot half
 * (hi-lo) or of the pot (high only), so every sum is an exact integer.
 */
#ifndef HANDRANK_OMAHA_MC_H
#define HANDRANK_OMAHA_MC_H

#include <stdint.h>

#include "handrank.h"
#include "equity.h"

/* Sums per player written by hr_omaha_mc (out[j * n + p] for sum j). */
#define HR_OMAHA_MC_SUMS 8

/* Walker's alias table of weights w[0..n) (n >= 1, every w >= 0, some > 0):
 * entry i keeps itself when a uniform 32-bit draw is below prob[i] (scaled
 * to 2**32) and is replaced by alias[i] otherwise; work[0 .. n) is scratch.
 * Returns 0, or -1 for bad weights. */
int hr_alias_build(const double *w, int32_t n, uint64_t *prob, int32_t *alias, int32_t *work);

/* Monte Carlo: `trials` accepted trials.  Each trial draws every ranged
 * player's hand (uniformly when uniform[p] is nonzero, else by the alias
 * table prob/alias at rows offsets[p] ..) independently and rejects the
 * whole trial when two hands share a card or a hand holds a board or dead
 * card, so the result is the joint distribution given that the hands fit
 * together; then deals the "random" players and the board from the cards
 * left.  hilo = 0: high only; 1: eight-or-better low too (the game must be
 * the 52-card hold'em one).  Adds to out[0 .. HR_OMAHA_MC_SUMS * n + 2):
 *   sum 0, 1   trials won alone, trials with a part of the pot but not all
 *              (hi-lo: scooped; a part short of the whole pot)
 *   sum 2, 3   pot shares and their squares: high only in 1 / HR_SHARE_UNIT
 *              of the pot, hi-lo in 1 / (2 HR_SHARE_UNIT)
 *   sum 4, 5   hi-lo: shares of the high half, of the low half (when a low
 *              qualifies), in 1 / HR_SHARE_UNIT of a half; zero otherwise
 *   sum 6, 7   reserved, zero
 *   out[8n], out[8n + 1]   accepted trials, attempts.
 * Stops after max_attempts attempts, or when *cancel (NULL: never), polled
 * every 4,096 attempts, is nonzero.  Returns the accepted trials, or -1 on
 * bad arguments (a card outside the deck or repeated among the board, dead
 * cards and exact hands, too few cards left, n or h out of range). */
int64_t hr_omaha_mc(const hr_game *g, int hilo, int n_players, int h, const uint8_t *hands,
                    const uint64_t *prob, const int32_t *alias, const uint8_t *uniform,
                    const int32_t *offsets, const uint8_t *board, int n_board,
                    const uint8_t *dead, int n_dead, int64_t trials, int64_t max_attempts,
                    hr_rng *rng, int64_t *out, const volatile int32_t *cancel);

/* Exact enumeration, exact hands only.  cards[0 .. n_cards) lists the given
 * board cards first (n_board of them) and then every card a board may still
 * take; every board is cards[0 .. n_board) plus a subset of the rest.
 * Scratch: n_players * n_cards**3 int16 (n_cards <= 52).  Step one,
 * hr_omaha_exact_prep, writes each player's best hand over its hole pairs
 * for every triple of those cards; step two, hr_omaha_exact_run, walks the
 * boards whose first two free positions' pair number is start, start +
 * stride, ... (threads split the boards so), each board's value being the
 * best of its ten triples.  Adds to out[0 .. 3 n + 1): boards won alone, boards
 * tied, pot shares in 1 / HR_SHARE_UNIT, boards.  Returns 0 (prep) or the
 * boards walked (run), -1 on bad arguments, -2 when cancelled. */
int hr_omaha_exact_prep(const hr_game *g, int n_players, int h, const uint8_t *hands,
                        const uint8_t *cards, int n_cards, int16_t *scratch);
int64_t hr_omaha_exact_run(int n_players, int n_cards, int n_board, const int16_t *scratch,
                           int64_t start, int64_t stride, int64_t *out,
                           const volatile int32_t *cancel);

#endif
