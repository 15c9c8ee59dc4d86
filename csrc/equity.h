/* handrank: equity by exact enumeration and by Monte Carlo.
 *
 * Players are given as ranges: player p's combos are rows offsets[p] ..
 * offsets[p + 1] - 1 of combos (two card ids each).  An exact hand is a range
 * of one combo.  Nothing here allocates; results go to caller-owned arrays
 * and the random state is a caller-owned hr_rng, so every call is reentrant.
 *
 * Equity shares are counted in units of 1 / HR_SHARE_UNIT of a pot:
 * HR_SHARE_UNIT is divisible by every tie size 1..HR_MAX_PLAYERS, so shares
 * are exact integers.
 */
#ifndef HANDRANK_EQUITY_H
#define HANDRANK_EQUITY_H

#include "handrank.h"
#include "port.h"

#include <stdint.h>

#define HR_MAX_PLAYERS 10
#define HR_SHARE_UNIT 2520
#define HR_BOARD_CARDS 5

/* xoshiro256** state, seeded by hr_rng_seed. */
typedef struct hr_rng {
    uint64_t s[4];
} hr_rng;

/* Seed a stream: the state is four splitmix64 outputs from seed and stream,
 * so (seed, stream) pairs give independent, reproducible streams. */
void hr_rng_seed(hr_rng *rng, uint64_t seed, uint64_t stream);
uint64_t hr_rng_next(hr_rng *rng);

/* One xoshiro256** step on a state's four words, inline for the Monte Carlo
 * loops (csrc/equity.c, omaha_mc.c, stud_mc.c): hr_rng_next is this on an hr_rng. */
static inline uint64_t hr_xoshiro_next(uint64_t *s)
{
    uint64_t x = s[1] * 5;
    uint64_t result = ((x << 7) | (x >> 57)) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = (s[3] << 45) | (s[3] >> 19);
    return result;
}

/* A uniform integer in [0, n), n <= 2**32, from the high word of r
 * (Lemire's multiply), drawing again from s only for the few low products
 * that would bias it; the low word of r stays free for the caller.
 * hr_below draws r from s.  Inline for the Monte Carlo loops of
 * csrc/equity.c, omaha_mc.c and stud_mc.c. */
static inline uint32_t hr_below_hi(uint64_t *s, uint64_t r, uint32_t n)
{
    uint64_t m = (r >> 32) * n;
    uint32_t low = (uint32_t)m;
    if (HR_UNLIKELY(low < n)) {
        uint32_t t = (uint32_t)(-n) % n;
        while (low < t) {
            m = (hr_xoshiro_next(s) >> 32) * n;
            low = (uint32_t)m;
        }
    }
    return (uint32_t)(m >> 32);
}

static inline uint32_t hr_below(uint64_t *s, uint32_t n)
{
    return hr_below_hi(s, hr_xoshiro_next(s), n);
}

/* The best of strengths s[0..n) and, in *count, how many players hold it
 * (0 and n when every strength is 0); inline for the tallies of
 * csrc/equity.c, omaha_mc.c, omaha_exact.c and stud_mc.c. */
static inline unsigned hr_best_of(int n, const unsigned *s, int *count)
{
    unsigned best = 0;
    int k = 0;
    for (int p = 0; p < n; p++) {
        if (s[p] > best) {
            best = s[p];
            k = 1;
        } else if (s[p] == best) {
            k++;
        }
    }
    *count = k;
    return best;
}

/* Exact equity over every non-clashing tuple of combos (one per player) and
 * every board completing board[0..n_board) from the cards left after the
 * board, dead[0..n_dead) and the tuple.  Tuples are numbered in odometer
 * order; this call takes tuples start, start + stride, ... (threads split
 * the work so).  Adds to out[0 .. 3 * n_players + 1):
 *   out[p]                  weighted boards player p wins outright,
 *   out[n_players + p]      weighted boards player p ties for the best hand,
 *   out[2 * n_players + p]  weighted pot shares, in units of 1 / HR_SHARE_UNIT,
 *   out[3 * n_players]      the total weight (sum of tuple weight x boards).
 * A tuple's weight is the product of its combos' weights.  Boards with the
 * same ranks are counted together, and boards where a flush is possible are
 * corrected one suit set at a time, and tuples that are the same up to a
 * suit relabelling keeping the board and dead cards are evaluated once
 * (csrc/equity.c explains).
 * The walk polls *cancel (NULL: never) before each tuple and stops when it
 * is nonzero; out then holds a part of the sums.
 * Returns the number of tuples taken, -1 on bad arguments, or -2 when
 * cancelled. */
int64_t hr_equity_exact(const hr_game *g, int n_players, const uint8_t *combos,
                        const double *weights, const int32_t *offsets,
                        const uint8_t *board, int n_board, const uint8_t *dead,
                        int n_dead, int64_t start, int64_t stride, double *out,
                        const volatile int32_t *cancel);

/* Preflop exact equity shared across suits: no board, no dead cards, the
 * game's full 52-card deck, n_players = 2 or 3 (HR_PATTERN_PLAYERS) with hole
 * ranks ranks[0 .. 2n) (player p holds ranks[2p] and ranks[2p + 1], 0..12).
 * A tuple of hole cards with these ranks has counts (as hr_equity_exact's)
 * that split into a rank pass, the same for every such tuple, plus for each
 * of the four suits a flush correction that depends only on which hole cards
 * are of that suit.  Writes out[0 .. (1 + 4**n) * 3n), in blocks of 3n
 * int64 (wins[n], ties[n], pot shares[n] in 1 / HR_SHARE_UNIT):
 *   block 0          the rank pass, every board counted as if no one flushed;
 *   block 1 + pat    the flush correction of a suit holding exactly the hole
 *                    cards in bit set pat (bit 2p + i: card i of player p).
 * So a tuple's counts are block 0 plus the four blocks of its suits'
 * patterns, and its boards number C(52 - 2n, 5).  Patterns no tuple can have
 * (two cards of one rank in one suit) are zero.  Returns 0, or -1 on bad
 * arguments (a rank above 12 or held 5 times, n out of range, a game whose
 * deck lacks cards). */
#define HR_PATTERN_PLAYERS 3
int64_t hr_equity_patterns(const hr_game *g, int n_players, const uint8_t *ranks, int64_t *out);

/* Monte Carlo: deals `trials` accepted trials.  Each trial draws player p's
 * combo by cum[offsets[p] .. offsets[p + 1]) (cumulative weights scaled to
 * 2**32, the last equal to 2**32) or uniformly when uniform[p] is nonzero;
 * a player with no combos (offsets[p] == offsets[p + 1]) is dealt two cards
 * from the cards left.  A trial whose combos clash is rejected whole, so the
 * result is conditional on no clash.  Then the board is completed from the
 * cards left.  Adds to out[0 .. 4 * n_players + 2):
 *   out[p], out[n + p]          wins, ties of player p,
 *   out[2n + p], out[3n + p]    sum of pot shares and of their squares, in
 *                               units of 1 / HR_SHARE_UNIT (and its square),
 *   out[4n], out[4n + 1]        accepted trials, attempts.
 * The random players' cards (in player order) and the board are dealt from
 * the cards left by one scheme: indices by batch, each the idx-th card left.
 * Stops early after max_attempts attempts, or when *cancel (NULL: never),
 * polled every 4,096 trials, is nonzero; out holds the trials run so far.
 * Returns the accepted trials, or -1 on bad arguments. */
int64_t hr_equity_mc(const hr_game *g, int n_players, const uint8_t *combos,
                     const uint64_t *cum, const uint8_t *uniform, const int32_t *offsets,
                     const uint8_t *board, int n_board, const uint8_t *dead, int n_dead,
                     int64_t trials, int64_t max_attempts, hr_rng *rng, int64_t *out,
                     const volatile int32_t *cancel);

/* hr_equity_mc over the seeded streams lo .. hi-1 of a round of `todo`
 * trials: stream c deals trials [c * stream_trials, (c + 1) * stream_trials)
 * of the round (the last one fewer), from the generator hr_rng_seed(seed,
 * first + c), with at most max(1000 x its trials, 10^6) attempts (capped at
 * 2^62).  The tallies of every stream are added to out.  One call does what
 * one call of hr_equity_mc per stream does, without a return to the caller
 * between streams (threads calling from Python then meet at the interpreter
 * lock once per call, not once per stream).  Stops after a stream that ran
 * fewer trials than it was given (ranges that clash, or *cancel set).
 * Returns the trials run, or -1 on bad arguments. */
int64_t hr_equity_mc_streams(const hr_game *g, int n_players, const uint8_t *combos,
                             const uint64_t *cum, const uint8_t *uniform,
                             const int32_t *offsets, const uint8_t *board, int n_board,
                             const uint8_t *dead, int n_dead, uint64_t seed, int64_t first,
                             int64_t lo, int64_t hi, int64_t todo, int64_t stream_trials,
                             int64_t *out, const volatile int32_t *cancel);

#endif
