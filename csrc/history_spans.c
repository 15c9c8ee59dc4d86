/* handrank: identical text spans grouped (see history.h, hr_same_spans). */
#include <string.h>

#include "history.h"

static uint64_t span_hash(const unsigned char *p, int64_t n, int64_t key)
{
    uint64_t h = 0xcbf29ce484222325u ^ (uint64_t)key;      /* FNV-1a */
    for (int64_t k = 0; k < n; k++)
        h = (h ^ p[k]) * 0x100000001b3u;
    return h ^ (h >> 29);
}

int64_t hr_same_spans(const char *buf, int64_t len, const int64_t *start,
                      const int64_t *span, const int64_t *key, int64_t n, int64_t *table,
                      int64_t cap, int64_t *group)
{
    if (n < 0 || cap < 2 * n || cap < 1 || (cap & (cap - 1)))
        return -1;
    for (int64_t i = 0; i < n; i++)
        if (start[i] < 0 || span[i] < 0 || start[i] > len || span[i] > len - start[i])
            return -1;
    for (int64_t j = 0; j < cap; j++)
        table[j] = -1;
    const uint64_t mask = (uint64_t)cap - 1;
    for (int64_t i = 0; i < n; i++) {
        const char *p = buf + start[i];
        uint64_t at = span_hash((const unsigned char *)p, span[i], key[i]) & mask;
        for (;;) {
            int64_t j = table[at];
            if (j < 0) {
                table[at] = i;
                group[i] = i;
                break;
            }
            if (span[j] == span[i] && key[j] == key[i]
                && memcmp(buf + start[j], p, (size_t)span[i]) == 0) {
                group[i] = j;
                break;
            }
            at = (at + 1) & mask;
        }
    }
    return n;
}
