/* handrank: the canonical hand index (suit isomorphism) and the hand-strength
 * tables built on it (the C side of handrank.index and handrank.boards).
 * src/handrank/_build_ffi.py mirrors these declarations in CDEF_INDEX.
 *
 * A street is a list of groups (hole cards, then the board, or one group per
 * betting round with perfect recall).  Within a group the order of the cards
 * does not matter; suits may be relabelled.  Each suit of a hand gets a key
 * (its card count in each group, mixed radix) and an index (the colex ranks
 * of its rank set in each group among the ranks its earlier groups left);
 * the suits, sorted by (key, index) descending, give a configuration (the
 * four keys) and, for each run of equal keys, a multiset of suit indices.
 * The index of the hand is the configuration's offset plus the mixed-radix
 * combination of the multisets' ranks.  docs/index.md says it in full.
 *
 * The tables (configurations, offsets, colex ranks, binomials) are built by
 * handrank/index.py and owned by Python; C only reads them.
 */
#ifndef HANDRANK_INDEX_H
#define HANDRANK_INDEX_H

#include <stdint.h>

#include "handrank.h"

#define HR_INDEX_SUITS 4
#define HR_INDEX_MAX_GROUPS 8
#define HR_INDEX_MAX_RANKS 13
#define HR_INDEX_MAX_CARDS 16

typedef struct hr_index_street {
    int32_t ranks;                        /* ranks per suit, <= HR_INDEX_MAX_RANKS */
    int32_t groups;                       /* groups in this street */
    int32_t size[HR_INDEX_MAX_GROUPS];    /* cards in each group */
    int32_t base[HR_INDEX_MAX_GROUPS];    /* mixed-radix weight of group j in a suit key */
    int32_t n_keys;                       /* K, the number of suit keys */
    int32_t n_configs;
    const uint32_t *colex;                /* (1 << ranks,) colex rank of a rank set */
    const int64_t *binom;                 /* (17 * 17,) binom[n * 17 + k] */
    const int32_t *config_of;             /* (K * K * K,) config of the 3 largest keys, -1 */
    const int64_t *offset;                /* (n_configs + 1,) first index of each config */
    const int32_t *keys;                  /* (n_configs * 4,) keys, descending */
    const int64_t *suit_count;            /* (K,) rank sets one suit with that key can hold */
    const int64_t *run_mult;              /* (n_configs * 4,) weight of the run starting there */
} hr_index_street;

/* Index n rows of cards (n, total cards of the street; group after group).
 * Returns -1, or the first bad row (a card outside the deck, a repeat). */
int64_t hr_index_batch(const hr_index_street *ix, const uint8_t *cards, int64_t n,
                       int64_t *out);

/* The canonical member of each index: cards group after group, ascending
 * within a group.  Returns -1, or the first index out of range. */
int64_t hr_unindex_batch(const hr_index_street *ix, const int64_t *index, int64_t n,
                         uint8_t *out);

/* River hand strength of every hole pair on each of n_boards boards (five
 * cards of a deck of 4 * river->ranks cards): for board b and the h-th hole
 * pair (colex order over the cards not on the board) writes the river index
 * of (hole, board) to index_out[b * H + h] and 2 * wins + ties against every
 * opponent pair left to value_out (H = C(cards - 5, 2)).  river has groups
 * (2, 5).  Returns -1, or the first bad board. */
int64_t hr_river_values(const hr_game *g, const hr_index_street *river,
                        const uint8_t *boards, int64_t n_boards, int64_t *index_out,
                        uint32_t *value_out);

/* For the indices start .. start + count - 1 of street (groups (2, b) or
 * (2,) for preflop), the mean over every runout to the river of the river
 * table's value (ehs_out), of its square (ehs2_out, may be NULL) and, when
 * bins > 0, the share of runouts in each of bins equal bins of [0, 1]
 * (hist_out, count * bins).  Runouts in colex order, so the sums are the
 * same whatever the split.  Returns -1, or -2 on bad arguments. */
int64_t hr_runout_stats(const hr_index_street *street, const hr_index_street *river,
                        const double *river_value, int64_t start, int64_t count, int bins,
                        double *ehs_out, double *ehs2_out, float *hist_out,
                        const volatile int32_t *cancel);

#endif
