/* handrank: many small files read in one call (the PHH fast path's reader of
 * folders of one-hand files, such as the Pluribus logs).
 *
 * The only C in the core that does I/O: each path is looked at with fstatat()
 * first, from its folder (never opening anything that is not a regular file: FIFOs and
 * devices are left to the Python reader, which names them), then opened,
 * read and closed.  No allocation, no globals.  POSIX only: elsewhere
 * hr_read_small_files returns -1 and the caller reads the files itself.
 */
#ifndef HANDRANK_FILES_H
#define HANDRANK_FILES_H

#include <stdint.h>

/* status of each path */
#define HR_FILE_OK 0      /* read whole into buf[start, end) (a UTF-8 BOM left out) */
#define HR_FILE_OTHER 1   /* not a regular file, or stat/open/read failed: the caller decides */
#define HR_FILE_BIG 2     /* `small` bytes or more: the caller reads it block by block */
/* flags of a file read (HR_FILE_OK) */
#define HR_FILE_NONASCII 1    /* a byte >= 0x80 (the caller checks the UTF-8) */
#define HR_FILE_STARS 2       /* the text holds "PokerStars" */

/* Read paths[k] (NUL-terminated, starting at paths + off[k]) for k = 0, 1, ...
 * into buf (cap bytes), back to back; end[k] is where file k's bytes end in
 * buf (its start is end[k - 1], or 0), status[k] and flags[k] as above.
 * Stops before a file when less than `small` bytes of buf are left.
 * Returns how many paths were handled (>= 1 when cap >= small and n >= 1),
 * -1 where the platform has no such reader. */
int64_t hr_read_small_files(const char *paths, const int64_t *off, int64_t n, int64_t small,
                            char *buf, int64_t cap, int64_t *end, int8_t *status,
                            int8_t *flags);

#endif
