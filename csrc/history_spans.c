/* handrank: identical text spans grouped (see history.h, hr_same_spans), and a
 * byte counted (hr_count_byte). */
#include <string.h>

#include "history.h"
#include "port.h"

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

int64_t hr_count_byte(const char *buf, int64_t len, int byte)
{
    if (len < 0 || (len > 0 && !buf) || byte < 0 || byte > 255)
        return -1;
    int64_t count = 0, k = 0;
#if HR_SSE2
    /* sixteen bytes at once, in 8-bit counters summed every 255 rounds */
    const __m128i want = _mm_set1_epi8((char)byte), zero = _mm_setzero_si128();
    while (len - k >= 16) {
        int64_t rounds = (len - k) / 16 < 255 ? (len - k) / 16 : 255;
        __m128i acc = zero;
        for (int64_t r = 0; r < rounds; r++, k += 16) {
            __m128i v = _mm_loadu_si128((const __m128i *)(const void *)(buf + k));
            acc = _mm_sub_epi8(acc, _mm_cmpeq_epi8(v, want));
        }
        __m128i sums = _mm_sad_epu8(acc, zero);
        count += _mm_cvtsi128_si32(sums) + _mm_cvtsi128_si32(_mm_srli_si128(sums, 8));
    }
#endif
    for (; k < len; k++)
        count += (unsigned char)buf[k] == byte;
    return count;
}
