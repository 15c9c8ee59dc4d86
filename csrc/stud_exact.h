/* handrank: exact pot shares of three hands that each lack three cards from
 * one stub (stud, stud hi-lo and razz all in three ways on 4th street),
 * without dealing the ~10^11 deals.
 *
 * The completions are the 3-subsets of stub positions 0 .. n_stub - 1 in
 * colex order: {p < q < r} is number p + C(q, 2) + C(r, 3).  value[s][t]
 * is seat s's strength (larger is better, 0 .. 65535) with completion t,
 * and a completion a seat may not take (a filter of the caller's: "no low")
 * is marked by allowed[s][t] = 0.  A deal is an ordered triple (a, b, c)
 * of pairwise disjoint completions, each allowed to its seat.  On a deal
 * the pot goes to the best strength, ties split evenly.
 *
 * Seat i's sum over deals with its completion a: the deals' count with the
 * other two seats below a's strength, or tied, is, by Moebius inversion of
 * [b & c == {}], a sum over the sets U the two may share of
 * (-1)^|U| * N_j(a, U) * N_k(a, U), N_s(a, U) the allowed completions of s
 * holding U, missing a, below (tied with) a's strength.  The a's are swept
 * in order of strength while counts per card and per card pair of the
 * completions below (at most) the strength grow, so N_s is a few lookups
 * (inclusion-exclusion over a's three cards) and each a costs about
 * C(n_stub - 3, 2) steps: ~2 * 10^8 for a stub of 40.
 * Reentrant: no allocation, no I/O; the caller owns every array.
 */
#ifndef HANDRANK_STUD_EXACT_H
#define HANDRANK_STUD_EXACT_H

#include <stdint.h>

/* The largest stub (a three-handed deal leaves at most 52 - 12 cards). */
#define HR_STUD3_MAX_STUB 40

/* int64 entries of scratch hr_stud_three_exact takes for n_stub positions
 * (n_comp = C(n_stub, 3) completions): 10 n_comp + 7 (1 + n_stub + n_stub^2),
 * or -1 for n_stub out of range. */
int64_t hr_stud_three_scratch(int n_stub);

/* For each seat i (0..2) adds to out[i] its shares over every deal in
 * units of 1 / unit of the pot (a tie of two gives unit / 2 each, of three
 * unit / 3; unit divisible by 6), counting only the deals where seat i's
 * own completion has mine[i][t] != 0 (the pot it is a share of: "seat i
 * has a low"); the other seats' completions count where allowed.  value,
 * allowed and mine are (3, n_comp) row-major; scratch as
 * hr_stud_three_scratch says.  Polls *cancel (NULL: never) between strengths.
 * Returns 0, -1 on bad arguments (n_stub below 9 or above
 * HR_STUD3_MAX_STUB, unit not a positive multiple of 6, a value outside
 * 0..65535), -2 when cancelled. */
int hr_stud_three_exact(int n_stub, const int32_t *value, const uint8_t *allowed,
                        const uint8_t *mine, int64_t unit, int64_t *scratch, int64_t *out,
                        const volatile int32_t *cancel);

#endif
