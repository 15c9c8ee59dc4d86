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

#endif
