/* handrank: per-combo equity, combo against combo and combo against a range
 * (the C side of handrank.analysis).  src/handrank/_build_ffi.py mirrors
 * these declarations in CDEF_MATRIX.
 *
 * The work is split in two so that every combo's strength on every runout
 * is computed once, never once per pair:
 *   hr_combo_strengths  evaluates each combo on each runout (a runout is the
 *                       board completed to five cards);
 *   hr_matrix_tally     compares the strengths of every row combo with every
 *                       column combo, runout by runout (counting wins and
 *                       ties per pair, vectorised over the columns);
 *   hr_range_tally      sorts the villain's strengths on each runout once,
 *                       so each hero combo's weighted wins and ties come from
 *                       binary searches: in the whole range, then in the
 *                       combos holding each of its two cards (taken away).
 */
#ifndef HANDRANK_MATRIX_H
#define HANDRANK_MATRIX_H

#include <stdint.h>

#include "handrank.h"

/* Marks a combo that shares a card with the runout (it is not dealt). */
#define HR_NOT_DEALT 32767
/* Runouts compared per pass in hr_matrix_tally (per-pair counters are 16-bit
 * within a pass). */
#define HR_MATRIX_BATCH 128

/* n_runouts runouts: board[0..n_board) followed by row r of runouts
 * (n_runouts, k), k = 5 - n_board, make five distinct cards of the deck.
 * combos is (n_combos, 2): valid, distinct cards, none on the board.
 * Writes out[r * n_combos + i]: the strength of combo i with runout r, or
 * HR_NOT_DEALT when the combo shares a card with the runout.  Returns -1,
 * -2 if k or n_board is out of range, or a combo is bad (a card outside
 * the deck, a repeat, a board card), else the index of the first bad runout. */
int64_t hr_combo_strengths(const hr_game *g, const uint8_t *board, int n_board,
                           const uint8_t *runouts, int64_t n_runouts, int k,
                           const uint8_t *combos, int64_t n_combos, int16_t *out);

/* Strengths rows (n_runouts, n_rows) and cols (n_runouts, n_cols) from
 * hr_combo_strengths.  For every row i in [row_start, row_end) and every
 * column j adds to win[i * n_cols + j] the runouts on which both are dealt
 * and row i is stronger, and to tie[...] those on which they are equal.
 * scratch holds 2 * n_cols counters.  Returns 0, or -1 on bad arguments. */
int hr_matrix_tally(const int16_t *rows, int64_t n_rows, const int16_t *cols, int64_t n_cols,
                    int64_t n_runouts, int64_t row_start, int64_t row_end, uint16_t *scratch,
                    uint32_t *win, uint32_t *tie);

/* Hero strengths (n_runouts, n_hero), villain strengths (n_runouts, n_vil)
 * from hr_combo_strengths; hero and vil are the combos (n, 2), weights the
 * villain's; twin[i] is the villain combo equal to hero combo i, or -1.  For
 * each hero combo i adds to win[i] (tie[i]) the summed weight, over
 * runouts, of the dealt villain combos that share no card with it and that
 * it beats (ties).  scratch holds 5 * n_vil + 285 int32 and vscratch
 * 3 * n_vil + 53 doubles.  Returns 0, or -1 on bad arguments. */
int hr_range_tally(const int16_t *hero_s, int64_t n_hero, const int16_t *vil_s, int64_t n_vil,
                   int64_t n_runouts, const uint8_t *hero, const uint8_t *vil,
                   const double *weights, const int32_t *twin, int32_t *scratch,
                   double *vscratch, double *win, double *tie);

#endif
