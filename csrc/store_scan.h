/* handrank: what the hand store reads from the text of fast-path PHH hands
 * beyond hr_phh_scan's record (src/handrank/history/_store_fast.py): each
 * hand's starting stacks and blinds as whole numbers, its "hand" number, the
 * keys the store's fast columns do not cover, and the span its key digest is
 * taken over.  One pass over each hand's lines; no allocation, no I/O. */
#ifndef HANDRANK_STORE_SCAN_H
#define HANDRANK_STORE_SCAN_H

#include <stdint.h>

#define HR_STORE_MAX_SEATS 12

/* flags[h] bits */
#define HR_STORE_STACKS 1  /* one plain starting_stacks line of seats[h] whole numbers */
#define HR_STORE_BLINDS 2  /* one plain blinds_or_straddles line: blinds[h * 12 + s] */
#define HR_STORE_SLOW 4    /* for the Python path: a site, year, month, day or currency
                            * key, a hand number not a plain whole number, or a
                            * blinds_or_straddles line not in the plain form */
#define HR_STORE_HAND_ID 8 /* hand_id[h] holds the "hand = N" number (the last one) */
#define HR_STORE_CR 16     /* the key span holds a carriage return before a newline */

/* For hand h, the text buf[start[h], end[h]) of seats[h] seats (1..12), lines
 * starting at start[h] or after a newline:
 *   stacks[h * 12 + s]   "starting_stacks = [a, b, ...]" (whole numbers of at most
 *                        18 digits, spaces and tabs around them): HR_STORE_STACKS
 *                        when it is the hand's only starting_stacks line and has
 *                        seats[h] numbers (else the row is zeros)
 *   blinds[h * 12 + s]   "blinds_or_straddles = [a, b, ...]" (exactly that
 *                        spelling, at most 12 whole numbers of at most 15 digits):
 *                        HR_STORE_BLINDS; an empty list is no line; any other
 *                        form or a second line: HR_STORE_SLOW
 *   hand_id[h]           "hand = N", N whole of at most 18 digits (else SLOW)
 *   key[2h], key[2h + 1] the text with ASCII white space stripped at both ends
 * Returns n, or -1 for arguments out of range (a span outside buf, seats out
 * of 1..12, n < 0). */
int64_t hr_store_scan(const char *buf, int64_t len, const int64_t *start, const int64_t *end,
                      const int64_t *seats, int64_t n, int64_t *stacks, int64_t *blinds,
                      int64_t *hand_id, int64_t *key, uint8_t *flags);

/* The actions of hand h's "actions = ['...', '...']" line, cut as
 * src/handrank/history/_stats_np.py's cut_actions cuts them: one line spelled
 * exactly so (its strings single-quoted, separated by "," or ", ", no double
 * quote, backslash, tab, carriage return or double space inside the brackets,
 * "]" ending the line but for spaces, tabs, carriage returns, vertical tabs
 * and form feeds).  For each action of a hand whose line is read (ok[h] 1;
 * else 0 and none of its actions written), HR_STORE_ACT_WIDTH int64 at
 * out[a * HR_STORE_ACT_WIDTH]: the hand, the seat (-1 the dealer or none), the
 * verb (HR_STORE_V_*), a bet's whole amount (-1 none), the string's bytes
 * [start, end), where its argument starts (end: none), where its verb starts
 * and ends.  A bet amount not a whole number of at most 18 digits: ok[h] 0.
 * Returns the number of actions, or -1 for arguments out of range, or -2 when
 * cap is too small (*need then holds the number needed). */
#define HR_STORE_ACT_WIDTH 9
#define HR_STORE_V_OTHER 0
#define HR_STORE_V_F 1
#define HR_STORE_V_CC 2
#define HR_STORE_V_CBR 3
#define HR_STORE_V_DB 4
#define HR_STORE_V_SM 5
#define HR_STORE_V_DH 6
int64_t hr_store_actions(const char *buf, int64_t len, const int64_t *start,
                         const int64_t *end, int64_t n, int64_t *out, int64_t cap,
                         uint8_t *ok, int64_t *need);

#endif
