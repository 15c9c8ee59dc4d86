/* handrank: the table lookup shared by the C modules (internal, not API).
 *
 * key and mask are sums of the cards' keys and masks (tables/README.md).
 * Keys and masks are additive, so a board is summed once and each player's
 * hole cards are added to it.  static inline: each module gets its own copy
 * and nothing is exported.
 */
#ifndef HR_LOOKUP_H
#define HR_LOOKUP_H

#include "handrank.h"
#include "port.h"

#include "generated/tables.h"

#include <stdint.h>

#define HR_POISON_TEST(key) ((key) >> HR_POISON_SHIFT)
#define HR_HASH_KEYS ((1u << HR_HASH_BITS) - 1u)

/* The slot of a hash value h < 2**HR_HASH_BITS (tables/README.md): each row's
 * offset has the row's first h taken off, so the sum wraps to the slot. */
static inline uint32_t hr_hash_slot(uint32_t h)
{
    return h + hr_hash_offsets[h >> HR_HASH_SHIFT];
}

/* Strength of a rank key (bits 0..31 of a key) through the perfect hash: the
 * strength of the hand as if it had no flush. */
static inline unsigned hr_lookup_ranks(const hr_game *g, uint32_t rank_key)
{
    return g->values[hr_hash_slot((rank_key * HR_HASH_MULT) & HR_HASH_KEYS)];
}

/* Strength of 5..7 valid, distinct cards given their key and mask sums. */
static inline unsigned hr_lookup(const hr_game *g, uint64_t key, uint64_t mask)
{
    uint64_t flush = (key >> HR_SUIT_SHIFT) & HR_FLUSH_BITS;
    if (flush) {
        unsigned suit = hr_ctz64(flush) >> 2;
        return g->flush[(mask >> (HR_MASK_SUIT_BITS * suit)) & 0x1FFFu];
    }
    return hr_lookup_ranks(g, (uint32_t)key);
}

/* Sum a row's keys and masks.  The masks are both added and or-ed: the two
 * differ exactly when a card repeats (the sum carries).  Returns nonzero if
 * the row is bad (a repeat, or a card outside the deck / id >= 52). */
static inline uint64_t hr_gather(const hr_game *g, const uint8_t *row, int k, uint64_t *key_out,
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

/* Called by the batch kernels for each row whose key has a flush, with the
 * flush table's value; returns the value to store (csrc/eval.c). */
typedef unsigned (*hr_flush_fix)(const hr_game *g, const uint8_t *row, int k,
                                 unsigned flush_value);

/* hr_eval_batch_kernel with a fix for the flush rows (NULL: none). */
int64_t hr_eval_batch_fix(const hr_game *g, const uint8_t *cards, int64_t n, int k,
                          uint16_t *out, int kernel, hr_flush_fix fix);

/* Whether the Monte Carlo loops may use pdep (csrc/eval.c). */
int hr_fast_pdep(void);

#endif
