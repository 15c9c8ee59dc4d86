/* handrank: site text histories into the PHH fast path.
 *
 * hr_stars_scan cuts PokerStars English text (hold'em and Omaha, cash and
 * tournament) into hands as the Python reader (src/handrank/history/
 * pokerstars.py) cuts it and writes each hand it takes whole as a PHH hand
 * (the fields the Python reader gives the hand: variant, stacks, antes,
 * blinds, actions, players), ready for hr_phh_scan to replay and settle.
 * What PHH does not hold (the winnings the site wrote, the rake, the unit)
 * goes into a record of its own per hand.
 *
 * It never decides anything the Python reader would decide differently: a
 * hand with any line, amount, name or spelling it is not sure of (another
 * language, a cash-out, a straddle, a dead blind, a seat sitting out, a run
 * twice, a non-ASCII byte...) gets status HR_STARS_PYTHON and the Python
 * reader reads it, with its result or its error message.
 *
 * Reentrant: no allocation, no I/O, no globals.
 */
#ifndef HANDRANK_SITES_H
#define HANDRANK_SITES_H

#include <stdint.h>

#include "history.h"

/* record fields (int64 each) */
#define HR_STARS_STATUS 0   /* HR_STARS_PHH: written as a PHH hand; HR_STARS_PYTHON */
#define HR_STARS_SEGMENT 1  /* which segment (file) the hand is in */
#define HR_STARS_START 2    /* the hand's text: bytes [start, end) of the buffer */
#define HR_STARS_END 3
#define HR_STARS_LINE 4     /* the header's line in its segment, from 1 */
#define HR_STARS_RAKE 5     /* the summary's rake (HR_STARS_PHH) */
#define HR_STARS_CENTS 6    /* 1: a cash hand, amounts in cents; 0: tournament chips */
#define HR_STARS_ID 7       /* the site's hand number */
#define HR_STARS_SEATS 8
#define HR_STARS_WHY 9      /* HR_STARS_PYTHON: a code for why (for profiling only) */
#define HR_STARS_WON 10     /* then per seat (p1 first after the button): paid as written */
#define HR_STARS_WIDTH (HR_STARS_WON + HR_PHH_MAX_SEATS)

#define HR_STARS_PHH 0
#define HR_STARS_PYTHON 1

/* Cut buf[0, len) into segments (files) ending at seg_end[0..n_seg) and each
 * segment into hands at its PokerStars header lines; write one record per
 * hand to out (cap records of HR_STARS_WIDTH) and, for each hand of status
 * HR_STARS_PHH in order, one PHH hand to phh (room for phh_cap bytes; its
 * length in *phh_len).  When final is 0 the last hand of the last segment
 * may be incomplete: it is left, and *consumed says where its header line
 * begins (else *consumed = len).  Returns the number of records, -1 when the
 * buffer needs the Python reader as a whole (a lone carriage return, a line
 * that starts with a byte that is not ASCII, a header in another language, a
 * segment with text but no header), or -2 when cap or phh_cap is too small. */
int64_t hr_stars_scan(const char *buf, int64_t len, const int64_t *seg_end, int64_t n_seg,
                      int final, int64_t *out, int64_t cap, char *phh, int64_t phh_cap,
                      int64_t *phh_len, int64_t *consumed);

/* hr_stars_scan, each hand written as PHH also replayed and settled as hr_phh_scan
 * (mode 1) replays and settles that PHH text, on the arrays it was written from (the
 * text is not read again): record i of prec (cap records of HR_PHH_WIDTH) is hand i's
 * PHH record, equal to the one hr_phh_scan gives for it (offsets into phh; its
 * segment 0), or zeros with status HR_PHH_PYTHON for a hand of status HR_STARS_PYTHON;
 * a hand whose text holds " for eliminating " (a knockout line, which the Python reader
 * reads or refuses) has status HR_PHH_PYTHON.  With phh NULL no PHH text is written (*phh_len = 0): the records' hand span and
 * names are then offsets into buf (the site text), and their variant field is 0.
 * Returns as hr_stars_scan. */
int64_t hr_stars_replay(const char *buf, int64_t len, const int64_t *seg_end, int64_t n_seg,
                        int final, int64_t *out, int64_t *prec, int64_t cap, char *phh,
                        int64_t phh_cap, int64_t *phh_len, int64_t *consumed);

#endif
