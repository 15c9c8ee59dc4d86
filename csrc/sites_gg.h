/* handrank: GGPoker text histories into the PokerStars fast path.
 *
 * hr_gg_scan cuts GGPoker cash-game text (hold'em no limit and pot-limit
 * Omaha) into hands exactly as the Python reader (src/handrank/history/
 * ggpoker.py, through _sitetext.hands_of) cuts it, and rewrites each hand it
 * is sure of into the PokerStars lines that reader's _english gives (the
 * header, the card case, "*** SHOW DOWN ***", the summary's fees as one rake,
 * the "Dealt to" lines with no cards dropped), ready for hr_stars_scan
 * (csrc/sites.h), which writes them as PHH for hr_phh_scan.
 *
 * It never decides anything the Python reader would decide differently: a
 * hand with a straddle, a missed blind, Bet & Muck, an EV cash-out, a
 * tournament header, a game or an amount it does not read, a byte that is
 * not printable ASCII, ... gets status HR_GG_PYTHON and the Python reader
 * reads it, with its result or its error message.
 *
 * Reentrant: no allocation, no I/O, no globals.
 */
#ifndef HANDRANK_SITES_GG_H
#define HANDRANK_SITES_GG_H

#include <stdint.h>

/* record fields (int64 each) */
#define HR_GG_STATUS 0      /* HR_GG_STARS: rewritten into ps; HR_GG_PYTHON */
#define HR_GG_START 1       /* the hand's text: bytes [start, end) of the buffer */
#define HR_GG_END 2
#define HR_GG_LINE 3        /* the header's line in the buffer, from 1 */
#define HR_GG_PS_START 4    /* HR_GG_STARS: its PokerStars text, bytes [start, end) of ps */
#define HR_GG_PS_END 5
#define HR_GG_WHY 6         /* HR_GG_PYTHON: a code for why (for profiling only) */
#define HR_GG_DOLLARS 7     /* 1: the header's first "(" is followed by "$" (a USD hand) */
#define HR_GG_WIDTH 8

#define HR_GG_STARS 0
#define HR_GG_PYTHON 1

/* Cut buf[0, len) (one file's text, or a part of it that starts at a line)
 * into hands at its GGPoker header lines; write one record per hand to out
 * (cap records of HR_GG_WIDTH) and, for each hand of status HR_GG_STARS in
 * order, its PokerStars text to ps (room for ps_cap bytes; its length in
 * *ps_len), each hand followed by a blank line.  When final is 0 the last
 * hand may be incomplete: it is left, and *consumed says where its header
 * line begins (else *consumed = len).  Returns the number of records, -1
 * when the buffer needs the Python reader as a whole (a lone carriage
 * return, a line that starts with a byte that is not ASCII, text before the
 * first header), or -2 when cap or ps_cap is too small. */
int64_t hr_gg_scan(const char *buf, int64_t len, int final, int64_t *out, int64_t cap,
                   char *ps, int64_t ps_cap, int64_t *ps_len, int64_t *consumed);

#endif
