/* handrank: kernels of the Poker Query Language (src/handrank/pql/).
 *
 * Called only through src/handrank/core/kernels.py.  The random state is the
 * caller's hr_rng (csrc/equity.h), so a (seed, stream) pair gives the same
 * trials on any thread.  Reentrant.
 */
#ifndef HANDRANK_PQL_H
#define HANDRANK_PQL_H

#include <stdint.h>

#include "equity.h"
#include "handrank.h"

#define HR_PQL_MAX_PLAYERS 10

/* A race of n players (2..HR_PQL_MAX_PLAYERS) each dealt `full` (5..7)
 * random cards from the stub (a partial Fisher-Yates shuffle of its first
 * n * full places, as hr_boardless_mc deals): adds to hist[c] (10 entries)
 * one for each trial whose best high hand (by g) is of standard category c
 * (1..9, g->category).  Polls *cancel (NULL: never) every 4,096 trials.
 * Returns the trials run, or -1 for bad arguments. */
int64_t hr_pql_race_types(const hr_game *g, int n, int full, const uint8_t *stub, int n_stub,
                          int64_t trials, hr_rng *rng, int64_t *hist,
                          const volatile int32_t *cancel);

/* Hand-versus-hand equity on a street, deal by deal: for each of n_deals
 * deals, n players (2..HR_PQL_MAX_PLAYERS) with h hole cards each (h = 2:
 * any five of the seven, g's tables; h = 4..6: Omaha, exactly two and three)
 * at holes[(d * n + i) * h ..], the board's first `known` (3..5) cards at
 * boards[d * 5 ..]; every completion of the board from the cards of `live`
 * (a 52-bit mask: the deck less the dead cards) that no hole or board card
 * holds, each equally likely.  Writes out[d * n + i], player i's pot share
 * averaged over the completions: with low NULL the best high takes the pot
 * (ties split); else the pot is split high and low when some hand has a low
 * (h = 2: the low by low's tables, 0 = none; Omaha: eight or better as
 * hr_omaha_runout_strengths ranks it, low unused but not NULL), each half shared by
 * its best hands, and the high takes it all when nobody has a low.
 * Returns n_deals, -1 for bad arguments, -2 for a deal with a card out of
 * the deck or twice. */
int64_t hr_pql_street_equity(const hr_game *g, const hr_game *low, int h, int n,
                             const uint8_t *holes, const uint8_t *boards, int known,
                             uint64_t live, int64_t n_deals, double *out);

/* Stud hand-versus-hand equity on a street, deal by deal: for each of n_deals
 * deals, n players (2..HR_PQL_MAX_PLAYERS) with seven cards each at
 * holes[(d * n + i) * 7 ..] of which the first `known` (3..7) are seen; each
 * player is dealt 7 - known more from the unseen cards (those of `live`, a
 * 52-bit mask: the deck less the dead cards, that no player's seen cards
 * hold).  samples = 0: every way to deal them, each equally likely (the
 * caller bounds their number); samples > 0: that many deals drawn from rng
 * (a partial Fisher-Yates shuffle of the unseen cards, as hr_boardless_mc).
 * Hands are the best five of seven by g; with low non-NULL the pot is split
 * high and low when some hand has a low (low's tables, 0 = none), each half
 * shared by its best hands, and the high takes it all when nobody has one.
 * Writes out[d * n + i], player i's mean pot share.  Polls *cancel (NULL:
 * never) after each deal.  Returns the deals done, -1 for bad arguments, -2
 * for a deal with a card out of the deck or twice. */
int64_t hr_pql_stud_equity(const hr_game *g, const hr_game *low, int n, const uint8_t *holes,
                           int known, uint64_t live, int64_t n_deals, int64_t samples,
                           hr_rng *rng, double *out, const volatile int32_t *cancel);

#endif
