/* handrank internal: the table lookup shared by eval.c and omaha.c.
 *
 * Not part of the public API (nothing here is in the cdef); static inline so
 * each C module gets its own copy and the compiler inlines it as before.
 */
#ifndef HR_LOOKUP_H
#define HR_LOOKUP_H

#include "handrank.h"
#include "generated/tables.h"

#include <stdint.h>

#define HR_POISON_TEST(key) ((key) >> HR_POISON_SHIFT)
#define HR_HASH_COLS ((1u << HR_HASH_SHIFT) - 1u)
#define HR_HASH_KEYS ((1u << HR_HASH_BITS) - 1u)

/* The lookup proper.  key and mask are sums over 5..7 valid, distinct cards. */
static inline unsigned lookup(const hr_game *g, uint64_t key, uint64_t mask)
{
    uint64_t flush = (key >> HR_SUIT_SHIFT) & HR_FLUSH_BITS;
    if (flush) {
        unsigned suit = (unsigned)__builtin_ctzll(flush) >> 2;
        return g->flush[(mask >> (HR_MASK_SUIT_BITS * suit)) & 0x1FFFu];
    }
    uint32_t h = ((uint32_t)key * HR_HASH_MULT) & HR_HASH_KEYS;
    return g->values[hr_hash_offsets[h >> HR_HASH_SHIFT] + (h & HR_HASH_COLS)];
}

/* Sum a row's keys and masks.  The masks are both added and or-ed: the two
 * differ exactly when a card repeats (the sum carries).  Returns nonzero if
 * the row is bad. */
static inline uint64_t gather(const hr_game *g, const uint8_t *row, int k, uint64_t *key_out,
                              uint64_t *mask_out)
{
    uint64_t key = HR_SUIT_INIT, sum = 0, any = 0;
    for (int j = 0; j < k; j++) {
        uint8_t c = row[j];
        uint64_t m = g->card_mask[c];
        key += g->card_key[c];
        sum += m;
        any |= m;
    }
    *key_out = key;
    *mask_out = sum;
    return HR_POISON_TEST(key) | (sum ^ any);
}

#endif
