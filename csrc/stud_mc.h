/* handrank: Monte Carlo equity of the games without a board (stud, razz,
 * stud hi-lo, the one-exchange draw games, badugi).
 *
 * Internal kernel for src/handrank/_boardless.py.  Each player holds some
 * known cards and gets need[i] more from the stub (the deck without every
 * known and dead card); a trial is a partial Fisher-Yates shuffle of the
 * stub.  The random state is the caller's hr_rng (csrc/equity.h), so a
 * (seed, stream) pair gives the same trials on any thread.  Reentrant.
 */
#ifndef HANDRANK_STUD_MC_H
#define HANDRANK_STUD_MC_H

#include <stdint.h>

#include "equity.h"
#include "handrank.h"

/* How the final hands are ranked. */
#define HR_BL_TABLES 0   /* five to seven cards, the best five by g's tables */
#define HR_BL_BADUGI 1   /* four cards, badugi (g unused) */
#define HR_BL_HILO 2     /* both halves: g high, low the low tables (0 = no low) */
#define HR_BL_LOW27 3    /* triple draw: five cards by g, the exact deuce-to-seven rule */

#define HR_BL_MAX_PLAYERS 10
/* One whole pot in the tallies: divisible by 2 * every tie size up to 8... 10. */
#define HR_BL_UNIT 5040

/* Runs `trials` trials for n players (2..HR_BL_MAX_PLAYERS): player i's
 * known cards are known[offsets[i] .. offsets[i + 1]), and the full hand is
 * `full` cards (7 in stud, 5 in the draw games, 4 in badugi).  Adds to
 * out[7 * n + 1]: per player the wins (alone with the whole pot: a scoop in
 * hi-lo), the ties (a part of the pot), the pot share in HR_BL_UNIT units,
 * the high half's share and the low half's share (in HR_BL_UNIT units of
 * the half), the squared share (units squared), the shares of the high half
 * on deals with no low (HR_BL_UNIT units), then the number of trials.
 * Polls *cancel (NULL: never) every 4,096 trials.  Returns the trials run,
 * or -1 for bad arguments. */
int64_t hr_boardless_mc(const hr_game *g, const hr_game *low, int kind, int n,
                        const uint8_t *known, const int32_t *offsets, int full,
                        const uint8_t *stub, int n_stub, int64_t trials, hr_rng *rng,
                        int64_t *out, const volatile int32_t *cancel);

/* The hold of every five-card hand of a game ranked without suits (the
 * ace-to-five tables; for deuce-to-seven the ranks' value, flushes
 * ignored): the kept cards that maximise the mean of value[] (the final
 * strength percentile, classes + 1 entries) over every draw from the 47
 * cards not in the hand, by rank multisets weighted by their ways.  Writes
 * table[strength of the hand's ranks] (n_table = classes + 1): 3 bits per
 * rank (rank r at bit 3 r), the cards kept of it, and bit 63 for a filled
 * entry.  About a second.  Returns 0, or -1 for bad arguments. */
int hr_rank_holds(const hr_game *g, const double *value, uint64_t *table, int n_table);

/* Deuce-to-seven's exact hold rule (best_hold's criterion, flushes counted):
 * table as hr_rank_holds; ev[32 * strength + k] the ranks-only mean of the
 * k-th keep vector (the kept counts as a mixed-radix number, rank 0 the
 * lowest digit, digit r of radix count(r) + 1); flush[32 * H + sub] for a
 * suit's 13-bit rank set H in the hand (at most five) and the kept ones
 * among them (bit i: the i-th lowest rank of H): the mean gain, over the
 * draws from the 47 unseen cards, of the draws that complete a flush of
 * that suit (the flush's value less its ranks' value).  ev has 32 * n_table
 * entries, flush 32 * 8192.  Returns 0, or -1 for bad arguments. */
int hr_low27_tables(const hr_game *g, const double *value, uint64_t *table, double *ev,
                    double *flush, int n_table);

/* Triple-draw Monte Carlo: players as in hr_boardless_mc (kind
 * HR_BL_TABLES, five cards ranked by g; HR_BL_LOW27, the same with the
 * exact deuce-to-seven rule; or HR_BL_BADUGI, four cards) with
 * `draws` (1..3) exchanges to come.  In the first each player keeps the
 * known cards and draws the rest; in each later one, in seat order, the
 * player keeps the cards of the hold rule (best_hold's criterion, from the
 * tables of hr_rank_holds, hr_low27_tables or hr_badugi_hold_sums) and draws; a player
 * the stub cannot serve gets the earlier players' discards, shuffled (never
 * the player's own).  out as in hr_boardless_mc (the halves' columns: the
 * high column has the pot shares, the low and no-low columns stay 0). */
int64_t hr_triple_mc(const hr_game *g, int kind, const uint64_t *table, const double *ev,
                     const double *flush, int n,
                     const uint8_t *known, const int32_t *offsets, int full, int draws,
                     const uint8_t *stub, int n_stub, int64_t trials, hr_rng *rng,
                     int64_t *out, const volatile int32_t *cancel);

/* The subsets of 0..4 cards of the deck. */
#define HR_BADUGI_SUBSETS 294204

/* Badugi's hold rule (best_hold's criterion): sums[X] for every subset X of
 * 0..4 cards (by size, then colex) is the sum of value[strength] over the
 * four-card hands that contain X; value has HR_BADUGI_CLASSES + 1 entries
 * (the strength percentiles); holds[colex index of a sorted hand] the best
 * hold as a mask of the sorted positions (HR_BADUGI_HANDS entries; passed
 * to hr_triple_mc as its table).  About 0.1 s.  Returns 0, or -1 for bad
 * arguments. */
int hr_badugi_hold_sums(const double *value, int n_value, double *sums, uint8_t *holds);

/* The hold mask (bit j keeps hand[j]) the rule of hr_triple_mc picks for one
 * hand of valid, distinct cards (five; four in badugi); ev and flush are
 * hr_low27_tables' for HR_BL_LOW27, else unused; for HR_BL_BADUGI table is
 * hr_badugi_hold_sums' holds (bytes). */
unsigned hr_rule_hold(const hr_game *g, int kind, const uint64_t *table, const double *ev,
                      const double *flush, const uint8_t *hand);

#endif
