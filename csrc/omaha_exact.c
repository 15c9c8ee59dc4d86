/* handrank: exact equity of hand lists, runout by runout (see omaha_exact.h).
 *
 * Pairs: for each row hand, every runout, and the whole column of strengths
 * on that runout: a handful of compares and adds per (pair, runout), without
 * branches, into the row's seven counter arrays (7 x c1 int32, in cache
 * while the row is walked; a loop the compiler turns into vector code).  The counters are integers, so the means the Python layer
 * divides out are those of summing exact shares.
 *
 * Tuples: an odometer over the players' hands with the cards held so far as
 * a 64-bit mask; a hand that meets the mask is skipped with every tuple
 * behind it.  Each tuple then walks the runouts, shares counted in units of
 * 1 / HR_SHARE_UNIT of a half (every tie size 1..10 divides it), and adds
 * its weighted sums once at the end.
 */
#include "omaha_exact.h"

#include "equity.h"
#include "omaha.h"
#include "generated/tables.h"

#include <stddef.h>

#if defined(_MSC_VER)
#define HR_RESTRICT __restrict
#else
#define HR_RESTRICT restrict
#endif

/* One row hand (strengths ah, al) on one runout against the columns b. */
static void pair_row(int32_t ah, int32_t al, const uint16_t *HR_RESTRICT b, int64_t c1,
                     int32_t *HR_RESTRICT dealt, int32_t *HR_RESTRICT pot,
                     int32_t *HR_RESTRICT whole, int32_t *HR_RESTRICT part,
                     int32_t *HR_RESTRICT high, int32_t *HR_RESTRICT low,
                     int32_t *HR_RESTRICT has_low)
{
    for (int64_t j = 0; j < c1; j++) {
        const int32_t bh = b[2 * j], bl = b[2 * j + 1];
        const int32_t ok = bh != 0;
        const int32_t hi = (ah > bh) + (ah >= bh);
        const int32_t lo = (al > bl) + ((al >= bl) & (al != 0));
        const int32_t has = (al | bl) != 0;
        const int32_t units = hi + lo + (1 - has) * hi;
        dealt[j] += ok;
        pot[j] += ok * units;
        whole[j] += ok & (units == 4);
        part[j] += ok & (units > 0) & (units < 4);
        high[j] += ok * hi;
        low[j] += ok * lo;
        has_low[j] += ok & has;
    }
}

/* The same for a game of one half (every low 0): wins, ties and dealt only,
 * the other sums derived at the end of hr_pair_tally. */
static void pair_row_high(int32_t ah, const uint16_t *HR_RESTRICT b, int64_t c1,
                          int32_t *HR_RESTRICT dealt, int32_t *HR_RESTRICT whole,
                          int32_t *HR_RESTRICT part)
{
    for (int64_t j = 0; j < c1; j++) {
        const int32_t bh = b[2 * j];
        const int32_t ok = bh != 0;
        dealt[j] += ok;
        whole[j] += ok & (ah > bh);
        part[j] += ok & (ah == bh);
    }
}

int hr_pair_tally(const uint16_t *s0, int64_t c0, const uint16_t *s1, int64_t c1,
                  int64_t n_runouts, const uint64_t *m0, const uint64_t *m1,
                  int halves, int64_t start, int64_t end, int32_t *out,
                  const volatile int32_t *cancel)
{
    (void)m0;
    (void)m1;   /* pairs sharing a card are counted too: the caller drops them */
    if (c0 < 0 || c1 < 0 || n_runouts < 0 || start < 0 || end > c0 || start > end ||
        (halves != 1 && halves != 2))
        return -1;
    for (int64_t i = start; i < end; i++) {
        if (cancel && *cancel)
            return -2;
        int32_t *row = out + i * c1 * HR_PAIR_SUMS;
        if (halves == 2) {
            for (int64_t r = 0; r < n_runouts; r++) {
                const uint16_t *a = s0 + 2 * (r * c0 + i);
                if (a[0])
                    pair_row(a[0], a[1], s1 + 2 * r * c1, c1, row, row + c1, row + 2 * c1,
                             row + 3 * c1, row + 4 * c1, row + 5 * c1, row + 6 * c1);
            }
            continue;
        }
        int32_t *dealt = row, *whole = row + 2 * c1, *part = row + 3 * c1;
        for (int64_t r = 0; r < n_runouts; r++) {
            const uint16_t *a = s0 + 2 * (r * c0 + i);
            if (a[0])
                pair_row_high(a[0], s1 + 2 * r * c1, c1, dealt, whole, part);
        }
        /* sums so far of this row, made whole: pot quarters, high halves; no low.
         * Rows accumulate over calls, so derive from the running totals. */
        for (int64_t j = 0; j < c1; j++) {
            row[c1 + j] = 4 * whole[j] + 2 * part[j];
            row[4 * c1 + j] = 2 * whole[j] + part[j];
            row[5 * c1 + j] = 0;
            row[6 * c1 + j] = 0;
        }
    }
    return 0;
}

/* One tuple's sums over the runouts: pot, whole, part, high, low per player
 * (integer units) and the runouts where every hand is dealt. */
static int64_t tuple_runouts(int n, const uint16_t *s, int64_t n_cols, int64_t n_runouts,
                             const int64_t *col, int64_t sums[][HR_TUPLE_MAX_PLAYERS])
{
    const int64_t U = HR_SHARE_UNIT;
    int64_t dealt = 0;
    for (int k = 0; k < HR_TUPLE_SUMS; k++)
        for (int p = 0; p < n; p++)
            sums[k][p] = 0;
    for (int64_t r = 0; r < n_runouts; r++) {
        const uint16_t *row = s + 2 * r * n_cols;
        unsigned hv[HR_TUPLE_MAX_PLAYERS], lv[HR_TUPLE_MAX_PLAYERS];
        unsigned all = 1;
        for (int p = 0; p < n; p++) {
            hv[p] = row[2 * col[p]];
            lv[p] = row[2 * col[p] + 1];
            all &= hv[p] != 0;
        }
        if (!all)
            continue;
        dealt++;
        int nh, nl;
        const unsigned best_h = hr_best_of(n, hv, &nh), best_l = hr_best_of(n, lv, &nl);
        for (int p = 0; p < n; p++) {
            int64_t hs = hv[p] == best_h ? U / nh : 0;
            int64_t ls = best_l && lv[p] == best_l ? U / nl : 0;
            int64_t pot = best_l ? hs + ls : 2 * hs;
            sums[0][p] += pot;
            sums[1][p] += pot == 2 * U;
            sums[2][p] += pot > 0 && pot < 2 * U;
            sums[3][p] += hs;
            sums[4][p] += ls;
        }
    }
    return dealt;
}

int64_t hr_tuple_tally(int n_players, const uint16_t *s, int64_t n_cols, int64_t n_runouts,
                       const int32_t *offsets, const uint64_t *masks, const double *weights,
                       int mean, int64_t start, int64_t end, double *out, int64_t *deals,
                       const volatile int32_t *cancel)
{
    const int n = n_players;
    const double U = (double)HR_SHARE_UNIT;
    const double unit[HR_TUPLE_SUMS] = {2.0 * U, 1.0, 1.0, U, U};
    if (n < 2 || n > HR_TUPLE_MAX_PLAYERS || n_cols < 0 || n_runouts < 0 || offsets[0] != 0 ||
        offsets[n] != n_cols)
        return -1;
    for (int p = 0; p < n; p++)
        if (offsets[p + 1] <= offsets[p])
            return -1;
    if (start < 0 || end > offsets[1] || start > end)
        return -1;
    int64_t col[HR_TUPLE_MAX_PLAYERS];
    uint64_t held[HR_TUPLE_MAX_PLAYERS + 1];
    double wt[HR_TUPLE_MAX_PLAYERS + 1];
    int64_t sums[HR_TUPLE_SUMS][HR_TUPLE_MAX_PLAYERS];
    int64_t walked = 0;
    for (int64_t i = start; i < end; i++) {
        if (cancel && *cancel)
            return -2;
        double *row = out + i * (HR_TUPLE_SUMS * n + 1);
        col[0] = i;
        held[1] = masks[i];
        wt[1] = weights[i];
        int p = 1;
        col[1] = offsets[1] - 1;
        /* odometer over players 1..n-1: advance player p, descend when it fits */
        while (p >= 1) {
            col[p]++;
            if (col[p] >= offsets[p + 1]) {
                p--;
                continue;
            }
            uint64_t m = masks[col[p]];
            if (held[p] & m)
                continue;
            held[p + 1] = held[p] | m;
            wt[p + 1] = wt[p] * weights[col[p]];
            if (p + 1 < n) {
                p++;
                col[p] = offsets[p] - 1;
                continue;
            }
            const double w = wt[n];
            if (w == 0.0)
                continue;
            walked++;
            int64_t dealt = tuple_runouts(n, s, n_cols, n_runouts, col, sums);
            const double d = mean && dealt > 0 ? (double)dealt : 1.0;
            for (int k = 0; k < HR_TUPLE_SUMS; k++)
                for (int q = 0; q < n; q++)
                    row[k * n + q] += w * ((double)sums[k][q] / unit[k]) / d;
            row[HR_TUPLE_SUMS * n] += w;
            deals[0] += dealt;
        }
    }
    return walked;
}

/* ---------------------------------------------------------------- Omaha hi-lo, exact */

/* A board position's first and last index into cards: a given board card
 * (i < n_board) is card i; a free position runs from just after the
 * previous one to where the positions behind it still fit. */
static int hilo_pos_lo(int i, int n_board, int prev)
{
    return i < n_board ? i : prev + 1;
}

static int hilo_pos_hi(int i, int n_board, int n_cards)
{
    return i < n_board ? i : n_cards - HR_OMAHA_BOARD + i;
}

/* Every hand's high on the boards (a, b, c, d, e), e0 <= e < e1: the best
 * of the board's ten triples, each triple's value (the hand's best over its
 * hole pairs) read from the prepared scratch. */
static void hilo_highs(int n, size_t N, const int16_t *scratch, size_t a, size_t b, size_t c,
                       size_t d, int e0, int e1, int16_t vals[][HR_N_CARDS])
{
    const size_t cube = N * N * N;
    for (int p = 0; p < n; p++) {
        const int16_t *T = scratch + (size_t)p * cube;
        const int16_t *ab = T + (a * N + b) * N, *ac = T + (a * N + c) * N;
        const int16_t *ad = T + (a * N + d) * N, *bc = T + (b * N + c) * N;
        const int16_t *bd = T + (b * N + d) * N, *cd = T + (c * N + d) * N;
        int16_t m4 = ab[c];
        m4 = ab[d] > m4 ? ab[d] : m4;
        m4 = ac[d] > m4 ? ac[d] : m4;
        m4 = bc[d] > m4 ? bc[d] : m4;
        int16_t *v = vals[p];
        for (int e = e0; e < e1; e++) {
            int16_t x = m4;
            x = ab[e] > x ? ab[e] : x;
            x = ac[e] > x ? ac[e] : x;
            x = ad[e] > x ? ad[e] : x;
            x = bc[e] > x ? bc[e] : x;
            x = bd[e] > x ? bd[e] : x;
            x = cd[e] > x ? cd[e] : x;
            v[e] = x;
        }
    }
}

int64_t hr_omaha_exact_hilo_run(int n_players, int h, const uint8_t *hands,
                                const uint8_t *cards, int n_cards, int n_board,
                                const int16_t *scratch, int64_t start, int64_t stride,
                                int64_t *out, const volatile int32_t *cancel)
{
    const int n = n_players;
    if (n < 2 || n > HR_MAX_PLAYERS || h < HR_OMAHA_MIN_HOLE || h > HR_OMAHA_MAX_HOLE ||
        n_cards < HR_OMAHA_BOARD || n_cards > HR_N_CARDS || n_board < 0 ||
        n_board > HR_OMAHA_BOARD || start < 0 || stride < 1)
        return -1;
    for (int i = 0; i < n * h; i++)
        if (hands[i] >= HR_N_CARDS)
            return -1;
    for (int i = 0; i < n_cards; i++)
        if (cards[i] >= HR_N_CARDS)
            return -1;
    const int64_t U = HR_SHARE_UNIT;
    const size_t N = (size_t)n_cards;
    unsigned hole_low[HR_MAX_PLAYERS], card_low[HR_N_CARDS];
    for (int p = 0; p < n; p++) {
        hole_low[p] = 0;
        for (int j = 0; j < h; j++)
            hole_low[p] |= hr_hilo_low_bit[hands[p * h + j]];
    }
    for (int i = 0; i < n_cards; i++)
        card_low[i] = hr_hilo_low_bit[cards[i]];
    int64_t sums[HR_OMAHA_HILO_SUMS][HR_MAX_PLAYERS];
    for (int k = 0; k < HR_OMAHA_HILO_SUMS; k++)
        for (int p = 0; p < n; p++)
            sums[k][p] = 0;
    int64_t boards = 0, lows = 0, pair = -1;
    int16_t vals[HR_MAX_PLAYERS][HR_N_CARDS];
    for (int a = hilo_pos_lo(0, n_board, -1); a <= hilo_pos_hi(0, n_board, n_cards); a++)
        for (int b = hilo_pos_lo(1, n_board, a); b <= hilo_pos_hi(1, n_board, n_cards); b++) {
            if (++pair % stride != start)
                continue;
            if (cancel && *cancel)
                return -2;
            for (int c = hilo_pos_lo(2, n_board, b); c <= hilo_pos_hi(2, n_board, n_cards); c++)
                for (int d = hilo_pos_lo(3, n_board, c); d <= hilo_pos_hi(3, n_board, n_cards);
                     d++) {
                    const int e0 = hilo_pos_lo(4, n_board, d);
                    const int e1 = hilo_pos_hi(4, n_board, n_cards) + 1;
                    if (e0 >= e1)
                        continue;
                    hilo_highs(n, N, scratch, (size_t)a, (size_t)b, (size_t)c, (size_t)d, e0,
                               e1, vals);
                    const unsigned set4 = card_low[a] | card_low[b] | card_low[c] | card_low[d];
                    for (int e = e0; e < e1; e++) {
                        const unsigned set = (set4 | card_low[e]) << 8;
                        unsigned hv[HR_MAX_PLAYERS], lv[HR_MAX_PLAYERS];
                        for (int p = 0; p < n; p++) {
                            hv[p] = (unsigned)vals[p][e];
                            lv[p] = hr_hilo_low[set | hole_low[p]];
                        }
                        int nh, nl;
                        const unsigned bh = hr_best_of(n, hv, &nh);
                        const unsigned bl = hr_best_of(n, lv, &nl);
                        lows += bl != 0;
                        for (int p = 0; p < n; p++) {
                            const int64_t hs = hv[p] == bh ? U / nh : 0;
                            const int64_t ls = bl && lv[p] == bl ? U / nl : 0;
                            sums[0][p] += bl ? hs + ls : 2 * hs;
                            sums[1][p] += hs;
                            sums[2][p] += ls;
                        }
                    }
                    boards += e1 - e0;
                }
        }
    for (int k = 0; k < HR_OMAHA_HILO_SUMS; k++)
        for (int p = 0; p < n; p++)
            out[k * n + p] += sums[k][p];
    out[HR_OMAHA_HILO_SUMS * n] += boards;
    out[HR_OMAHA_HILO_SUMS * n + 1] += lows;
    return boards;
}
