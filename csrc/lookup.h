/* handrank: the table lookup shared by eval.c and equity.c (internal).
 *
 * key and mask are sums of the cards' keys and masks (tables/README.md);
 * static inline so each module gets its own copy and nothing is exported.
 */
#ifndef HR_LOOKUP_H
#define HR_LOOKUP_H

#include "handrank.h"

#include "generated/tables.h"

#include <stdint.h>

#define HR_POISON_TEST(key) ((key) >> HR_POISON_SHIFT)
#define HR_HASH_COLS ((1u << HR_HASH_SHIFT) - 1u)
#define HR_HASH_KEYS ((1u << HR_HASH_BITS) - 1u)

/* Strength of a rank key (bits 0..31 of a key) through the perfect hash: the
 * strength of the hand as if it had no flush. */
static inline unsigned hr_lookup_ranks(const hr_game *g, uint32_t rank_key)
{
    uint32_t h = (rank_key * HR_HASH_MULT) & HR_HASH_KEYS;
    return g->values[hr_hash_offsets[h >> HR_HASH_SHIFT] + (h & HR_HASH_COLS)];
}

/* The lookup proper.  key and mask are sums over 5..7 valid, distinct cards. */
static inline unsigned hr_lookup(const hr_game *g, uint64_t key, uint64_t mask)
{
    uint64_t flush = (key >> HR_SUIT_SHIFT) & HR_FLUSH_BITS;
    if (flush) {
        unsigned suit = (unsigned)__builtin_ctzll(flush) >> 2;
        return g->flush[(mask >> (HR_MASK_SUIT_BITS * suit)) & 0x1FFFu];
    }
    return hr_lookup_ranks(g, (uint32_t)key);
}

#endif
