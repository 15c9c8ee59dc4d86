/* handrank: per-combo equity (see matrix.h).
 *
 * Strengths: a runout's five cards are gathered once (hr_gather), then each
 * combo costs two additions and one lookup, as in showdown.c.  A combo that
 * shares a card with the runout gets HR_NOT_DEALT, which no strength equals
 * and which no strength exceeds, so a column that is not dealt never counts
 * as beaten or tied; a row that is not dealt is skipped.
 *
 * Matrix: for each pass of HR_MATRIX_BATCH runouts and each row combo, the
 * row's strength on a runout is compared with the whole column of strengths
 * on that runout; the comparisons add 0 or 1 to 16-bit counters, a loop the
 * compiler turns into vector compares (eight or sixteen columns at a time).
 * The pass's counters are then added to the 32-bit totals.  The columns of a
 * pass (HR_MATRIX_BATCH x n_cols 16-bit strengths) stay in cache while every
 * row is compared with them.
 *
 * Range: on each runout the dealt villain combos are sorted by strength (a
 * two-pass radix sort: 7 low bits, then the high bits) and their weights
 * summed in that order.  A hero combo of strength s beats the weight before
 * the first strength >= s and ties the weight up to the first strength > s
 * (two binary searches).  Those sums include the villain combos that share a
 * card with the hero combo: walking the sorted combos once more files each
 * under its two cards, so every card's list is sorted too, and the same two
 * searches in the lists of the hero's two cards give the weight to take away
 * again.  Sums of weights that are multiples of a power of two (1, 0.5,
 * 0.25 ...) are exact.
 */
#include "matrix.h"

#include "lookup.h"

#include <string.h>

#if defined(_MSC_VER)
#define HR_RESTRICT __restrict
#else
#define HR_RESTRICT restrict
#endif

#define HR_RADIX_LOW 7
#define HR_RADIX_BUCKETS 64   /* strengths < 8192: 7 low bits, then 6 high bits */

int64_t hr_combo_strengths(const hr_game *g, const uint8_t *board, int n_board,
                           const uint8_t *runouts, int64_t n_runouts, int k,
                           const uint8_t *combos, int64_t n_combos, int16_t *out)
{
    const uint64_t *ck = g->card_key, *cm = g->card_mask;
    uint64_t board_bits = 0;
    uint8_t row[5];
    if (n_board < 0 || n_board > 5 || k != 5 - n_board || n_runouts < 0 || n_combos < 0)
        return -2;
    for (int j = 0; j < n_board; j++) {
        if (board[j] >= HR_N_CARDS)
            return -2;
        board_bits |= 1ull << board[j];
        row[j] = board[j];
    }
    for (int64_t i = 0; i < n_combos; i++) {
        uint8_t a = combos[2 * i], b = combos[2 * i + 1];
        if (a >= HR_N_CARDS || b >= HR_N_CARDS || a == b || HR_POISON_TEST(ck[a] | ck[b]) ||
            ((board_bits >> a) & 1u) || ((board_bits >> b) & 1u))
            return -2;
    }
    for (int64_t r = 0; r < n_runouts; r++) {
        const uint8_t *run = runouts + r * k;
        uint64_t key, mask, bits = 0;
        for (int j = 0; j < k; j++)
            row[n_board + j] = run[j];
        if (hr_gather(g, row, 5, &key, &mask))
            return r;
        for (int j = 0; j < k; j++)
            bits |= 1ull << run[j];     /* run[j] < 52: hr_gather passed */
        int16_t *o = out + r * n_combos;
        for (int64_t i = 0; i < n_combos; i++) {
            uint8_t a = combos[2 * i], b = combos[2 * i + 1];
            if (((bits >> a) | (bits >> b)) & 1u)
                o[i] = HR_NOT_DEALT;
            else
                o[i] = (int16_t)hr_lookup(g, key + ck[a] + ck[b], mask + cm[a] + cm[b]);
        }
    }
    return -1;
}

/* w[j] += s > c[j], t[j] += s == c[j]: vectorised by the compiler. */
static void compare_row(int16_t s, const int16_t *HR_RESTRICT c, int64_t n,
                        uint16_t *HR_RESTRICT w, uint16_t *HR_RESTRICT t)
{
    for (int64_t j = 0; j < n; j++) {
        w[j] = (uint16_t)(w[j] + (s > c[j]));
        t[j] = (uint16_t)(t[j] + (s == c[j]));
    }
}

int hr_matrix_tally(const int16_t *rows, int64_t n_rows, const int16_t *cols, int64_t n_cols,
                    int64_t n_runouts, int64_t row_start, int64_t row_end, uint16_t *scratch,
                    uint32_t *win, uint32_t *tie)
{
    if (n_rows < 0 || n_cols < 0 || n_runouts < 0 || row_start < 0 || row_end > n_rows ||
        row_start > row_end)
        return -1;
    /* only now: scratch + n_cols with a garbage n_cols would point nowhere */
    uint16_t *w16 = scratch, *t16 = scratch + n_cols;
    for (int64_t r0 = 0; r0 < n_runouts; r0 += HR_MATRIX_BATCH) {
        int64_t r1 = r0 + HR_MATRIX_BATCH < n_runouts ? r0 + HR_MATRIX_BATCH : n_runouts;
        for (int64_t i = row_start; i < row_end; i++) {
            int dealt = 0;
            for (int64_t r = r0; r < r1; r++) {
                int16_t s = rows[r * n_rows + i];
                if (s == HR_NOT_DEALT)
                    continue;
                if (!dealt) {
                    memset(scratch, 0, (size_t)(2 * n_cols) * sizeof scratch[0]);
                    dealt = 1;
                }
                compare_row(s, cols + r * n_cols, n_cols, w16, t16);
            }
            if (!dealt)
                continue;
            uint32_t *wr = win + i * n_cols, *tr = tie + i * n_cols;
            for (int64_t j = 0; j < n_cols; j++) {
                wr[j] += w16[j];
                tr[j] += t16[j];
            }
        }
    }
    return 0;
}

/* First index in sorted s[0..n) whose value is >= v (after_equal = 0) or > v.
 * Branch-free (the comparisons become conditional moves): the strengths a
 * runout deals are unpredictable, so a branching search mispredicts often. */
static inline int32_t search(const int32_t *s, int32_t n, int32_t v, int after_equal)
{
    const int32_t *base = s;
    int32_t bound = v + (after_equal ? 1 : 0);
    if (n == 0)
        return 0;
    while (n > 1) {
        int32_t half = n / 2;
        base = base[half] < bound ? base + half : base;
        n -= half;
    }
    return (int32_t)(base - s) + (base[0] < bound);
}

int hr_range_tally(const int16_t *hero_s, int64_t n_hero, const int16_t *vil_s, int64_t n_vil,
                   int64_t n_runouts, const uint8_t *hero, const uint8_t *vil,
                   const double *weights, const int32_t *twin, int32_t *scratch,
                   double *vscratch, double *win, double *tie)
{
    /* int32 scratch: order, live, sorted [n_vil each], count [128],
     * card_at [53], card_fill [52], card_s [2 * n_vil + 52]
     * double scratch: prefix [n_vil + 1], card_p [2 * n_vil + 52]
     * (laid out once n_vil is known to be good: a garbage count would put
     * the pointers outside the buffers, undefined even unread) */
    if (n_hero < 0 || n_vil < 0 || n_vil > INT32_MAX / 8 || n_runouts < 0)
        return -1;
    int32_t *order = scratch, *live = scratch + n_vil, *sorted = scratch + 2 * n_vil;
    int32_t *count = scratch + 3 * n_vil;
    int32_t *card_at = count + 128, *card_fill = card_at + 53, *card_s = card_fill + 52;
    double *prefix = vscratch, *card_p = vscratch + n_vil + 1;
    for (int64_t j = 0; j < n_vil; j++)
        if (vil[2 * j] >= HR_N_CARDS || vil[2 * j + 1] >= HR_N_CARDS)
            return -1;
    for (int64_t i = 0; i < n_hero; i++)
        if (hero[2 * i] >= HR_N_CARDS || hero[2 * i + 1] >= HR_N_CARDS || twin[i] < -1 ||
            twin[i] >= n_vil)
            return -1;
    for (int64_t r = 0; r < n_runouts; r++) {
        const int16_t *vs = vil_s + r * n_vil, *hs = hero_s + r * n_hero;
        int32_t n_live = 0;
        for (int32_t j = 0; j < (int32_t)n_vil; j++)
            if (vs[j] != HR_NOT_DEALT)
                live[n_live++] = j;
        /* radix sort of the dealt combos by strength: low bits into order,
         * then high bits back into live */
        for (int pass = 0; pass < 2; pass++) {
            const int32_t *src = pass ? order : live;
            int32_t *dst = pass ? live : order;
            int shift = pass ? HR_RADIX_LOW : 0;
            int32_t bucket_mask = pass ? 0x3F : (1 << HR_RADIX_LOW) - 1;
            int32_t buckets = bucket_mask + 1, sum = 0;
            memset(count, 0, (size_t)buckets * sizeof count[0]);
            for (int32_t t = 0; t < n_live; t++)
                count[(vs[src[t]] >> shift) & bucket_mask]++;
            for (int32_t b = 0; b < buckets; b++) {
                int32_t c = count[b];
                count[b] = sum;
                sum += c;
            }
            for (int32_t t = 0; t < n_live; t++)
                dst[count[(vs[src[t]] >> shift) & bucket_mask]++] = src[t];
        }
        /* the sorted strengths and their running weight; and for each card
         * the dealt combos holding it, still in strength order, with their
         * own running weight (card c's list starts at card_at[c] + c, one
         * slot for its leading zero) */
        memset(card_at, 0, 53 * sizeof card_at[0]);
        prefix[0] = 0.0;
        for (int32_t t = 0; t < n_live; t++) {
            int32_t j = live[t];
            sorted[t] = vs[j];
            prefix[t + 1] = prefix[t] + weights[j];
            card_at[vil[2 * j] + 1]++;
            card_at[vil[2 * j + 1] + 1]++;
        }
        for (int c = 0; c < HR_N_CARDS; c++) {
            card_at[c + 1] += card_at[c];
            card_fill[c] = card_at[c] + c;
            card_p[card_fill[c]] = 0.0;
        }
        for (int32_t t = 0; t < n_live; t++) {
            int32_t j = live[t];
            for (int side = 0; side < 2; side++) {
                int c = vil[2 * j + side];
                int32_t at = card_fill[c]++;
                card_s[at + 1] = vs[j];
                card_p[at + 1] = card_p[at] + weights[j];
            }
        }
        for (int64_t i = 0; i < n_hero; i++) {
            int32_t s = hs[i];
            if (s == HR_NOT_DEALT)
                continue;
            int32_t lo = search(sorted, n_live, s, 0);
            int32_t hi = lo + search(sorted + lo, n_live - lo, s, 1);
            double beat = prefix[lo], same = prefix[hi] - prefix[lo];
            /* take away the combos holding either hero card: a search in each
             * card's own sorted list */
            for (int side = 0; side < 2; side++) {
                int c = hero[2 * i + side];
                int32_t base = card_at[c] + c, n = card_at[c + 1] - card_at[c];
                const int32_t *cs = card_s + base + 1;
                const double *cp = card_p + base;
                int32_t clo = search(cs, n, s, 0);
                int32_t chi = clo + search(cs + clo, n - clo, s, 1);
                beat -= cp[clo];
                same -= cp[chi] - cp[clo];
            }
            /* a villain combo holding both cards was taken away twice */
            int32_t j = twin[i];
            if (j >= 0 && vs[j] == s)
                same += weights[j];
            win[i] += beat;
            tie[i] += same;
        }
    }
    return 0;
}
