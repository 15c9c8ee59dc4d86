/* handrank: the PHH fast path.  Reads the subset of PHH that real files use
 * (``key = value`` lines; strings, whole numbers, booleans and one-line
 * arrays of them; the action notation ``d dh p1 AsKs``, ``p2 cbr 300``,
 * ``p3 f``, ``p1 cc``, ``d db AhKhQh``, ``p1 sm AsKs``), replays hold'em
 * and Omaha hands (variants NT, FT, PT; PO, NO; FO/8, hi-lo) chip by chip and settles
 * them with the evaluator, one fixed-width record of int64 per hand.
 *
 * It never decides anything the Python reader would decide differently: a
 * hand it does not take whole (another variant, a float, a comment, an
 * unusual key or spelling, any error at all) gets status HR_PHH_PYTHON and
 * the Python reader and replay (src/handrank/history) read that hand, with
 * their results and their error messages.
 *
 * Reentrant: no allocation, no I/O, no globals but the evaluator's tables.
 */
#ifndef HANDRANK_HISTORY_H
#define HANDRANK_HISTORY_H

#include <stdint.h>

#include "handrank.h"

#define HR_PHH_MAX_SEATS 12
#define HR_PHH_FIXED 10
#define HR_PHH_PER_SEAT 4
#define HR_PHH_EXT (HR_PHH_FIXED + HR_PHH_PER_SEAT * HR_PHH_MAX_SEATS)
#define HR_PHH_WIDTH (HR_PHH_EXT + 4 + 2 * HR_PHH_MAX_SEATS)

/* The distinct contributions of the seats in `mask`, sorted ascending, into
 * `level` (room for n): the cuts between a hand's main and side pots.
 * Returns how many.  (Shared by the replay and the all-in pots.) */
static inline int hr_pot_levels(const int64_t *chips, int n, uint64_t mask, int64_t *level)
{
    int nl = 0;
    for (int s = 0; s < n; s++) {
        if (!(mask >> s & 1))
            continue;
        int j = 0;
        while (j < nl && level[j] < chips[s])
            j++;
        if (j < nl && level[j] == chips[s])
            continue;
        for (int t = nl; t > j; t--)
            level[t] = level[t - 1];
        level[j] = chips[s];
        nl++;
    }
    return nl;
}

/* record fields (int64 each) */
#define HR_PHH_STATUS 0   /* HR_PHH_OK or HR_PHH_PYTHON */
#define HR_PHH_SEGMENT 1  /* which segment (file) the hand is in */
#define HR_PHH_START 2    /* the hand's text: bytes [start, end) of the buffer */
#define HR_PHH_END 3
#define HR_PHH_SEATS 4
#define HR_PHH_FLAGS 5    /* HR_PHH_SHOWDOWN | HR_PHH_ALLIN | HR_PHH_PLAYERS */
#define HR_PHH_AGREE 6    /* 1 agrees with the record, 0 not, -1 nothing recorded */
#define HR_PHH_DEAD 7     /* antes taken as dead money */
#define HR_PHH_BIG_BLIND 8 /* the largest blind, else small_bet, else 0 */
#define HR_PHH_WHY 9      /* HR_PHH_PYTHON: a code for why (for profiling only) */
/* then per seat s, at HR_PHH_FIXED + HR_PHH_PER_SEAT * s: chips put in
 * (antes included), payout, and the player's name as bytes [off, off + len) */
/* then, from HR_PHH_EXT (mode 1, hands with status HR_PHH_OK), what the
 * all-in EV needs (src/handrank/history/summary.py):
 *   HR_PHH_VARIANT       the variant's text: bytes [off, off + len), packed off | len << 40
 *   HR_PHH_OUT           bit mask of the seats out of the showdown (folded or mucked)
 *   HR_PHH_KNOWN         bit mask of the seats whose hole cards are known
 *   HR_PHH_ALLIN_BOARD   HR_PHH_ALLIN: the board when the last all-in was called,
 *                        card count | card k << (8 + 8k)
 *   HR_PHH_CHIPS + s     seat s's contribution as settle takes it (antes
 *                        taken as dead money left out)
 *   HR_PHH_HOLES + s     seat s's hole cards (known seats): count | card k << (8 + 8k) */
#define HR_PHH_VARIANT (HR_PHH_EXT + 0)
#define HR_PHH_OUT (HR_PHH_EXT + 1)
#define HR_PHH_KNOWN (HR_PHH_EXT + 2)
#define HR_PHH_ALLIN_BOARD (HR_PHH_EXT + 3)
#define HR_PHH_CHIPS (HR_PHH_EXT + 4)
#define HR_PHH_HOLES (HR_PHH_CHIPS + HR_PHH_MAX_SEATS)

#define HR_PHH_OK 0
#define HR_PHH_PYTHON 1

#define HR_PHH_SHOWDOWN 1 /* a pot was contested at showdown */
#define HR_PHH_ALLIN 2    /* all but one player all in before the river (all-in EV) */
#define HR_PHH_PLAYERS 4  /* players recorded (names in the record) */
#define HR_PHH_OMAHA 8    /* an Omaha hand (four hole cards) */

/* Read (mode 0) or read, replay and settle (mode 1) the hands in buf[0, len),
 * cut into segments (files) ending at seg_end[0..n_seg).  Each segment is cut
 * into hands at its ``[name]`` header lines as the Python reader cuts them;
 * a hand made only of blank and comment lines is no hand.  When final is 0
 * the last hand of the last segment may be incomplete: it is left, and
 * *consumed says where it begins (else *consumed = len).  Writes at most cap
 * records to out (cap * HR_PHH_WIDTH int64) and returns how many, or -1 when
 * the buffer needs the Python reader as a whole (a lone carriage return, or a
 * header line that is not plain ASCII at its ends), or -2 when cap is too
 * small. */
int64_t hr_phh_scan(const char *buf, int64_t len, const int64_t *seg_end, int64_t n_seg,
                    int final, int mode, int64_t *out, int64_t cap, int64_t *consumed);
/* Each hand is read first by a quick one-pass reader of the spelling generated
 * and real files use, then, where it leaves the hand, line by line by the generic
 * reader (csrc/history.c); both give the same records.  For the tests and for
 * profiling: mode | HR_PHH_GENERIC reads with the generic reader alone (the same
 * records, more slowly); mode | HR_PHH_QUICK_ONLY with the quick reader alone, a
 * hand it leaves marked HR_PHH_PYTHON with why 70. */
#define HR_PHH_GENERIC 2
#define HR_PHH_QUICK_ONLY 4

/* The all-in pots of fast hands (csrc/history_ev.c): for each record rows[i]
 * of rec (mode 1, status HR_PHH_OK, flag HR_PHH_ALLIN), the pots settle cuts
 * from its contributions (HR_PHH_CHIPS, HR_PHH_OUT, HR_PHH_DEAD), in order,
 * HR_PHH_EV_POT doubles each at out[i * HR_PHH_EV_WIDTH + pot * HR_PHH_EV_POT]:
 *   amount, eligible seats (bit mask), boards (contested pots: the boards
 *   hr_equity_exact counts), then per seat s its pot share counts in units of
 *   1 / HR_SHARE_UNIT (contested pots; the eligible seats)
 * and the number of pots in the last double.  A contested pot is counted by
 * hr_equity_exact over its contenders' hole cards and the board at the
 * all-in, the other live seats' hole cards dead (what the Python all-in EV
 * asks).  status[i]: 0 done, 1 a hand still in is unknown (no EV), 2 left to
 * the Python all-in EV (Omaha, more contenders than HR_MAX_PLAYERS, a call
 * that fails).  g: the hold'em game.  Returns n_rows, or -1. */
#define HR_PHH_EV_POT (3 + HR_PHH_MAX_SEATS)
#define HR_PHH_EV_WIDTH (HR_PHH_EV_POT * HR_PHH_MAX_SEATS + 1)
/* A heads-up pot with no board and no other live hand takes its counts
 * from the class table hu_keys, hu_counts (n_hu classes, csrc/preflop_hu.h;
 * n_hu = 0: none) when the pair is in it: hr_equity_exact's same integers. */
int64_t hr_phh_allin_pots(const hr_game *g, const int64_t *rec, const int64_t *rows,
                          int64_t n_rows, const uint32_t *hu_keys, const uint32_t *hu_counts,
                          int64_t n_hu, double *out, int8_t *status);

/* The tracker statistics of fast hands (csrc/history_stats.c), as
 * handrank.history.stats.hand_stats counts them in board games: for hand h,
 * the text buf[start[h], end[h]) of seats[h] seats, pay[h * HR_PHH_MAX_SEATS + s]
 * the chips seat s won (above zero: a hand won), into
 * table[(h * HR_PHH_MAX_SEATS + s) * HR_PHH_STAT_COLS + k] the columns of
 * history/_stats_np.COLUMNS (each statistic's count beside its opportunities,
 * then the three aggression counts); done[h] 1 when counted, 0 when the text
 * is not in the plain form (left to the Python counter; its row is zeros);
 * preflop[h] 1 when a blind or straddle is above zero.  Returns n, or -1. */
#define HR_PHH_STAT_COLS 35
int64_t hr_phh_stats(const char *buf, int64_t len, const int64_t *start, const int64_t *end,
                     const int64_t *seats, const int64_t *pay, int64_t n, int32_t *table,
                     uint8_t *done, uint8_t *preflop);
/* The same counts added up per player: seat s of hand h (where mask[h * 12 + s]) is
 * player ids[h * 12 + s] (0 <= id < players, else -1 is returned and nothing is
 * counted); its columns are added to sums[id * HR_PHH_STAT_COLS + k] and
 * has[id * 16 + j] |= 1 for each statistic j with a meaning in the hand (the preflop
 * ones when a blind is above zero, the others always).  done[h] as above (a hand
 * not done adds nothing).  Returns n, or -1. */
int64_t hr_phh_stat_sums(const char *buf, int64_t len, const int64_t *start,
                         const int64_t *end, const int64_t *seats, const int64_t *pay,
                         int64_t n, const int32_t *ids, const uint8_t *mask, int64_t players,
                         int64_t *sums, uint8_t *has, uint8_t *done);

/* Hands whose text spans buf[start[i], start[i] + len[i]) and keys key[i] are
 * the same, grouped: group[i] = the first hand i' <= i with the same span and key
 * (the players' names of fast hands: one look-up a distinct list).  table:
 * room for cap int64 (cap a power of two, at least 2n), used as scratch.
 * Returns n, or -1 for a span outside buf or a table too small. */
int64_t hr_same_spans(const char *buf, int64_t len, const int64_t *start,
                      const int64_t *span, const int64_t *key, int64_t n, int64_t *table,
                      int64_t cap, int64_t *group);

/* How many of the bytes buf[0, len) equal byte (0-255): a block's line ends, counted
 * for the line numbers of its hands.  -1 for a bad argument. */
int64_t hr_count_byte(const char *buf, int64_t len, int byte);

#endif
