/* The file-system floor of reading many small files: open + read + close of
 * each file named on stdin (one path a line), and the directory walk that
 * finds them, in CPU time (user + system) of this process, best of R runs.
 *
 *   cc -O2 -o fs_floor fs_floor.c && find DIR -type f | ./fs_floor [R] [DIR]
 *
 * Prints, for each stage, microseconds a file and files a second; a reader
 * that parses nothing cannot be faster than this.  Used by
 * benchmarks/bench_fs_floor.py. */
#define _POSIX_C_SOURCE 200809L
#define _DEFAULT_SOURCE
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

static double cpu(void)
{
    struct rusage u;
    getrusage(RUSAGE_SELF, &u);
    return u.ru_utime.tv_sec + u.ru_stime.tv_sec
           + 1e-6 * (double)(u.ru_utime.tv_usec + u.ru_stime.tv_usec);
}

static char buf[1 << 16];

/* open + read (to the end) + close of every file; returns bytes read */
static long long read_all(char **paths, int n, int with_stat)
{
    long long bytes = 0;
    for (int i = 0; i < n; i++) {
        if (with_stat) {
            struct stat st;
            if (stat(paths[i], &st) != 0 || !S_ISREG(st.st_mode))
                continue;
        }
        int fd = open(paths[i], O_RDONLY);
        if (fd < 0)
            continue;
        ssize_t k;
        while ((k = read(fd, buf, sizeof buf)) > 0)
            bytes += k;
        close(fd);
    }
    return bytes;
}

/* the same, each name looked up from its folder's descriptor (fstatat + openat:
 * one path component a lookup, not the whole path twice) */
static long long read_all_at(char **paths, int n)
{
    long long bytes = 0;
    int dfd = -1;
    char dir[4096] = "";
    for (int i = 0; i < n; i++) {
        const char *slash = strrchr(paths[i], '/');
        size_t k = slash ? (size_t)(slash - paths[i]) : 0;
        if (k >= sizeof dir)
            continue;
        if (dfd < 0 || strlen(dir) != k || memcmp(dir, paths[i], k) != 0) {
            if (dfd >= 0)
                close(dfd);
            memcpy(dir, paths[i], k);
            dir[k] = 0;
            dfd = open(k ? dir : ".", O_RDONLY | O_DIRECTORY);
            if (dfd < 0)
                continue;
        }
        const char *name = slash ? slash + 1 : paths[i];
        struct stat st;
        if (fstatat(dfd, name, &st, 0) != 0 || !S_ISREG(st.st_mode))
            continue;
        int fd = openat(dfd, name, O_RDONLY);
        if (fd < 0)
            continue;
        ssize_t r;
        while ((r = read(fd, buf, sizeof buf)) > 0)
            bytes += r;
        close(fd);
    }
    if (dfd >= 0)
        close(dfd);
    return bytes;
}

/* files under dir, recursively (opendir/readdir; d_type, else lstat) */
static long walk(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d)
        return 0;
    long n = 0;
    struct dirent *e;
    char p[4096];
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.' && (!e->d_name[1] || (e->d_name[1] == '.' && !e->d_name[2])))
            continue;
        snprintf(p, sizeof p, "%s/%s", dir, e->d_name);
        int isdir = e->d_type == DT_DIR, isreg = e->d_type == DT_REG;
        if (e->d_type == DT_UNKNOWN) {
            struct stat st;
            if (lstat(p, &st) != 0)
                continue;
            isdir = S_ISDIR(st.st_mode);
            isreg = S_ISREG(st.st_mode);
        }
        if (isdir)
            n += walk(p);
        else if (isreg)
            n++;
    }
    closedir(d);
    return n;
}

int main(int argc, char **argv)
{
    int reps = argc > 1 ? atoi(argv[1]) : 5;
    const char *dir = argc > 2 ? argv[2] : NULL;
    int cap = 1024, n = 0;
    char **paths = malloc(sizeof *paths * cap);
    char line[4096];
    while (fgets(line, sizeof line, stdin)) {
        size_t k = strcspn(line, "\n");
        line[k] = 0;
        if (!k)
            continue;
        if (n == cap)
            paths = realloc(paths, sizeof *paths * (cap *= 2));
        paths[n++] = strdup(line);
    }
    if (!n) {
        fprintf(stderr, "fs_floor: no paths on stdin\n");
        return 2;
    }
    long long bytes = read_all(paths, n, 0);     /* warm the cache */
    for (int with_stat = 0; with_stat < 2; with_stat++) {
        double best = 1e30;
        for (int r = 0; r < reps; r++) {
            double t = cpu();
            read_all(paths, n, with_stat);
            t = cpu() - t;
            if (t < best)
                best = t;
        }
        printf("%s %d files %lld bytes: best %.3f s CPU, %.2f us a file, %.0f files/s\n",
               with_stat ? "stat+open+read+close" : "open+read+close", n, bytes, best,
               1e6 * best / n, n / best);
    }
    {
        double best = 1e30;
        for (int r = 0; r < reps; r++) {
            double t = cpu();
            read_all_at(paths, n);
            t = cpu() - t;
            if (t < best)
                best = t;
        }
        printf("fstatat+openat+read+close (from the folder) %d files: best %.3f s CPU, "
               "%.2f us a file, %.0f files/s\n", n, best, 1e6 * best / n, n / best);
    }
    if (dir) {
        double best = 1e30;
        long found = 0;
        for (int r = 0; r < reps; r++) {
            double t = cpu();
            found = walk(dir);
            t = cpu() - t;
            if (t < best)
                best = t;
        }
        printf("walk (opendir/readdir) %ld files: best %.4f s CPU, %.2f us a file\n", found,
               best, 1e6 * best / (found ? found : 1));
    }
    return 0;
}
