/* handrank: many small files read in one call (see files.h). */
#if !defined(_POSIX_C_SOURCE) && !defined(_WIN32)
#define _POSIX_C_SOURCE 200809L    /* stat, open, O_CLOEXEC under -std=c99 */
#endif
#include "files.h"

#include <string.h>

#if defined(__unix__) || defined(__APPLE__)
#define HR_FILES_POSIX 1
#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#else
#define HR_FILES_POSIX 0
#endif

#if HR_FILES_POSIX
/* up to `want` bytes of fd into p (to the end of the file); -1 on an error */
static int64_t read_upto(int fd, char *p, int64_t want)
{
    int64_t got = 0;
    while (got < want) {
        ssize_t k = read(fd, p + got, (size_t)(want - got));
        if (k < 0) {
            if (errno == EINTR)
                continue;
            return -1;
        }
        if (k == 0)
            break;
        got += k;
    }
    return got;
}

static int has_high(const char *p, int64_t n)
{
    int64_t k = 0;
    for (; n - k >= 8; k += 8) {
        uint64_t w;
        memcpy(&w, p + k, 8);
        if (w & (uint64_t)0x8080808080808080u)
            return 1;
    }
    for (; k < n; k++)
        if ((unsigned char)p[k] >= 0x80)
            return 1;
    return 0;
}

static int has_stars(const char *p, int64_t n)
{
    static const char word[] = "PokerStars";
    const int64_t w = (int64_t)sizeof word - 1;
    for (const char *q = p, *e = p + n; e - q >= w;) {
        q = memchr(q, 'P', (size_t)(e - q - w + 1));
        if (!q)
            return 0;
        if (memcmp(q, word, (size_t)w) == 0)
            return 1;
        q++;
    }
    return 0;
}
/* the folder part of path (before its last '/'): into dir (room for cap), its
 * length; -1 when it does not fit (the caller then uses the whole path) */
static int64_t folder_of(const char *path, char *dir, size_t cap, const char **name)
{
    const char *slash = strrchr(path, '/');
    if (!slash) {
        *name = path;
        dir[0] = '.', dir[1] = 0;
        return 1;
    }
    size_t k = (size_t)(slash - path);
    if (k + 2 > cap)
        return -1;
    if (k == 0)
        dir[0] = '/', dir[1] = 0;
    else
        memcpy(dir, path, k), dir[k] = 0;
    *name = slash + 1;
    return (int64_t)(k ? k : 1);
}
#endif

int64_t hr_read_small_files(const char *paths, const int64_t *off, int64_t n, int64_t small,
                            char *buf, int64_t cap, int64_t *end, int8_t *status,
                            int8_t *flags)
{
#if HR_FILES_POSIX
    int64_t at = 0, k = 0;
    if (small < 1)
        return 0;
    /* each name is looked up from its folder's descriptor (fstatat, openat: one
     * component a lookup), the folder opened once for the files in a row in it */
    int dfd = -1, dir_ok = 0;
    char dir[4096], next[4096];
    dir[0] = 0;
    for (; k < n && cap - at >= small; k++) {
        const char *path = paths + off[k];
        end[k] = at;
        flags[k] = 0;
        const char *name = path;
        int here = AT_FDCWD;
        if (folder_of(path, next, sizeof next, &name) >= 0) {
            if (dfd < 0 || strcmp(next, dir) != 0) {
                if (dfd >= 0)
                    close(dfd);
                memcpy(dir, next, strlen(next) + 1);
                int o = O_RDONLY | O_DIRECTORY;
#ifdef O_CLOEXEC
                o |= O_CLOEXEC;
#endif
                dfd = open(dir, o);
                dir_ok = dfd >= 0;
            }
            if (!dir_ok) {
                status[k] = HR_FILE_OTHER;
                continue;
            }
            here = dfd;
        } else {
            name = path;
        }
        struct stat st;
        if (fstatat(here, name, &st, 0) != 0 || !S_ISREG(st.st_mode)) {
            status[k] = HR_FILE_OTHER;
            continue;
        }
        if (st.st_size >= small) {
            status[k] = HR_FILE_BIG;
            continue;
        }
        int o = O_RDONLY | O_NONBLOCK;
#ifdef O_CLOEXEC
        o |= O_CLOEXEC;
#endif
        int fd = openat(here, name, o);
        if (fd < 0) {
            status[k] = HR_FILE_OTHER;
            continue;
        }
        int64_t got = read_upto(fd, buf + at, small);
        close(fd);
        if (got < 0) {
            status[k] = HR_FILE_OTHER;
            continue;
        }
        if (got >= small) {             /* grew since fstatat() */
            status[k] = HR_FILE_BIG;
            continue;
        }
        char *p = buf + at;
        if (got >= 3 && memcmp(p, "\xef\xbb\xbf", 3) == 0) {
            memmove(p, p + 3, (size_t)(got - 3));
            got -= 3;
        }
        flags[k] = (int8_t)((has_high(p, got) ? HR_FILE_NONASCII : 0)
                            | (has_stars(p, got) ? HR_FILE_STARS : 0));
        status[k] = HR_FILE_OK;
        at += got;
        end[k] = at;
    }
    if (dfd >= 0)
        close(dfd);
    return k;
#else
    (void)paths, (void)off, (void)n, (void)small, (void)buf, (void)cap, (void)end,
        (void)status, (void)flags;
    return -1;
#endif
}
