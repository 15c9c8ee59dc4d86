/* handrank: the PQL's hand-versus-range equity (src/handrank/pql/).
 *
 * Called only through src/handrank/core/kernels.py.  The random state is the
 * caller's hr_rng (csrc/equity.h).  Reentrant: the scratch memory is the
 * call's own.
 */
#ifndef HANDRANK_PQL_RANGE_H
#define HANDRANK_PQL_RANGE_H

#include <stdint.h>

#include "equity.h"
#include "handrank.h"

/* The most opponents hr_pql_range_equity takes. */
#define HR_PQL_RANGE_MAX_OPPONENTS 9

/* One player's hand against ranges on a street, deal by deal.
 *
 * For each of n_deals deals: the player's h hole cards at hero[d * h ..]
 * (h = 2: any five of the seven by g's tables; h = 4..6: Omaha, exactly two
 * and three), the board's first `known` (3..5) cards at boards[d * 5 ..];
 * m opponents (1..HR_PQL_RANGE_MAX_OPPONENTS), opponent j holding one hand
 * of its range: sizes[j] hands of h cards, listed one range after another at
 * hands[.. * h] with their weights (> 0) at weights[..].
 *
 * The player knows its own cards, the board to the street and the dead cards
 * (those outside `live`, a 52-bit mask: the deck less the dead cards).  The
 * value is the player's pot share averaged over every tuple of opponent
 * hands that shares no card with those nor with each other (a tuple weighs
 * the product of its hands' weights) and every completion of the board from
 * the cards left, each equally likely.  The pot: with low NULL the best high
 * takes it (ties split); else it is split high and low when some hand has a
 * low (h = 2: low's tables, 0 = none; Omaha: eight or better as
 * hr_omaha_runout_strengths ranks it, low unused but not NULL), each half
 * shared by its best hands, and the high takes it all when nobody has a low.
 *
 * A deal is enumerated when B = (the product of the opponents' hand counts
 * left after the known cards) x (the completions of the board from the
 * cards the player does not see less m * h) is at most exact_limit;
 * otherwise its value is the mean of `samples` draws, each a tuple drawn by
 * weight (a tuple with a shared card drawn again) and one completion of the
 * board drawn from the cards left (each card uniform over the unseen cards,
 * one already taken drawn again), from
 * rng.  A deal where no tuple fits gets NaN.  Writes out[d] and, when
 * n_exact is not NULL, adds one to *n_exact for each deal enumerated.
 * Polls *cancel (NULL: never) after each deal.
 *
 * Returns the deals done (fewer when cancelled), -1 for bad arguments, -2
 * for a deal with a card out of the deck or twice, -3 when a deal drew
 * 1,000,000 tuples in a row with a shared card. */
int64_t hr_pql_range_equity(const hr_game *g, const hr_game *low, int h, const uint8_t *hero,
                            const uint8_t *boards, int known, uint64_t live, int m,
                            const int32_t *sizes, const uint8_t *hands, const double *weights,
                            int64_t exact_limit, int64_t samples, hr_rng *rng, int64_t n_deals,
                            double *out, int64_t *n_exact, const volatile int32_t *cancel);

#endif
