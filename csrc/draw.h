/* handrank: draw games and video poker (the best hold, exact over every draw).
 *
 * Internal kernels for src/handrank/draw.py and src/handrank/videopoker.py.
 * No allocation: every buffer is the caller's.  Reentrant like the rest of
 * the core.
 */
#ifndef HANDRANK_DRAW_H
#define HANDRANK_DRAW_H

#include <stdint.h>

#include "handrank.h"

/* Pay classes of a video-poker pay table (at most). */
#define HR_VP_CLASSES 16
/* 5-card hands of 52 cards, and the subsets of 0..4 cards of the deck. */
#define HR_VP_HANDS 2598960
#define HR_VP_SUBSETS 294204   /* 1 + 52 + 1326 + 22100 + 270725 */

/* Four-card hands of 52 cards. */
#define HR_BADUGI_HANDS 270725

/* Fill the badugi colex table (the strength of every four-card hand, about
 * 5 ms) that hr_eval_badugi_batch, hr_badugi_fast and the draw kernels read;
 * until then they use the slower rule-by-subsets path (same results).  Call
 * it once, before any thread evaluates (handrank calls it under a lock). */
void hr_badugi_prepare(void);

/* The strength of four valid, distinct ids (no check; 0 for a bad row once
 * the table is filled). */
unsigned hr_badugi_fast(const uint8_t *cards);

/* Badugi: the strength (1..HR_BADUGI_CLASSES, higher is better) of four
 * cards, or 0 if a card is not one of 52 or repeats. */
int hr_eval_badugi(const uint8_t *cards);

/* n rows of four cards: writes out[0..n) and returns -1, or the index of the
 * first bad row. */
int64_t hr_eval_badugi_batch(const uint8_t *cards, int64_t n, uint16_t *out);

/* Video poker, step one: the pay class of every 5-card hand and how many
 * 5-card hands of each class contain each subset of 0..4 cards.
 * pay_class[strength] (7,463 entries) is the class of a hold'em strength,
 * below HR_VP_CLASSES.  Writes cls5[HR_VP_HANDS] (by the hands' colex index)
 * and counts[HR_VP_SUBSETS * HR_VP_CLASSES] (subsets by size, then colex
 * index).  Returns 0, or -1 for a class out of range. */
int hr_vp_tables(const uint8_t *pay_class, uint8_t *cls5, int32_t *counts);

/* The final-hand counts of every hold of one deal of five distinct ids:
 * out[32 * HR_VP_CLASSES], hold h keeping deal[j] where bit j of h is set.
 * Returns 0, or -1 for a bad deal. */
int hr_vp_hold_counts(const uint8_t *cls5, const int32_t *counts, const uint8_t *deal,
                      int32_t *out);

/* Step two: optimal play over every deal (by suit-isomorphic classes).
 * pay[HR_VP_CLASSES] is each class's payout.  Writes prob[HR_VP_CLASSES],
 * the probability of each final class under optimal play, and returns the
 * expected return; *deals gets the number of classes of deals visited. */
double hr_vp_solve(const uint8_t *cls5, const int32_t *counts, const double *pay,
                   double *prob, int64_t *deals);

/* The best draw: for each of n_holds holds (bit j keeps hand[j]), every
 * draw of the discarded number of cards from stub[0..n_stub), each final
 * hand evaluated by game g (kind 0: the 5-card tables of g; kind 1:
 * badugi, four cards, g unused).  Writes the histogram of final strengths
 * of hold h to hist[h * n_strengths ..], n_strengths = classes + 1.
 * Returns 0, or -1 for bad arguments (a hand size other than 5 (kind 0) or
 * 4 (kind 1), a wrong n_strengths, a discard of more cards than the stub
 * holds). */
int hr_draw_odds(const hr_game *g, int kind, const uint8_t *hand, int n_hand,
                 const uint8_t *stub, int n_stub, const uint32_t *holds, int n_holds,
                 int n_strengths, uint32_t *hist);

/* Against a drawing opponent: the opponent keeps vs[0..n_vs) and draws the
 * rest of a hand (kind 0: the 5-card tables of g; kind 1: badugi, g unused;
 * kind 2 + k: five cards of wild game k of wild.h, g unused, ids below 53 in
 * the joker games, no id twice); for each hold (as in hr_draw_odds) win[h] and tie[h] get
 * the number of pairs of disjoint draws (the hold's, the opponent's) from
 * stub[0..n_stub) where the hold's final hand is better, and equal.  The
 * pairs number C(n_stub, d) C(n_stub - d, d_vs).  By inclusion-exclusion
 * over the cards T both draws share: the sum over T of (-1)^|T| times the
 * pairs of draws that both contain T, each term from the two sides' sorted
 * strengths.  scratch_a and scratch_b hold C(n_stub, the most cards either
 * side draws) entries.  Returns 0, or -1 for bad arguments. */
int hr_draw_vs(const hr_game *g, int kind, const uint8_t *hand, int n_hand,
               const uint8_t *vs, int n_vs, const uint8_t *stub, int n_stub,
               const uint32_t *holds, int n_holds, uint16_t *scratch_a, uint16_t *scratch_b,
               int64_t *win, int64_t *tie);

#endif
