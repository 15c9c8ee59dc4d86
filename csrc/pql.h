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

#endif
