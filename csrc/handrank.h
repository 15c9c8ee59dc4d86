/* handrank: the public C API.  src/handrank/_build_ffi.py mirrors these
 * declarations in its cdef; the compiler checks the two agree.
 *
 * Card id = 4 * rank + suit (rank 0..12 = 2..A, suit 0..3 = c d h s).
 * Strength: 1 .. classes, higher is stronger; 0 means "no hand" and never
 * leaves the C core as a result.
 *
 * Everything here is reentrant: no allocation, no I/O, no globals but the
 * static const tables written by tables/generate.py.
 */
#ifndef HANDRANK_H
#define HANDRANK_H

#include <stddef.h>
#include <stdint.h>

#define HR_N_CARDS 52
#define HR_N_STRENGTHS 7462
#define HR_N_CATEGORIES 9
#define HR_MIN_HAND 5
#define HR_MAX_HAND 7

/* The tables of one game (hold'em, or a variant with its own deck and
 * category order).  All games share the rank-key hash; each has its own
 * values.  Cards outside a game's deck are rejected like ids >= 52. */
typedef struct hr_game {
    const char *name;            /* "holdem", ... */
    const uint64_t *card_key;    /* [256] rank key + suit counters; bit 60 = not a card */
    const uint64_t *card_mask;   /* [256] bit 16*suit + rank */
    const uint16_t *values;      /* [HR_HASH_SIZE] strength of non-flush rank sets */
    const uint16_t *flush;       /* [8192] strength of a flush's 13-bit rank set */
    const uint8_t *category;     /* [classes + 1] standard category 1..9 of a strength */
    const uint8_t *class_ranks;  /* [(classes + 1) * 5] ranks in group order, 255 = none */
    uint32_t classes;            /* number of distinct strengths */
    const uint64_t *card;        /* [256 * 2] {key, mask} per card for the batch
                                  * kernels, 16-byte aligned (tables/README.md) */
} hr_game;

/* The game with this index (0 = hold'em), or NULL. */
const hr_game *hr_game_at(int index);
int hr_game_count(void);

/* One hand of n = 5..7 cards.  Returns its strength, or 0 if n is out of
 * range, a card is not in the game's deck or a card repeats. */
int hr_eval(const hr_game *g, const uint8_t *cards, int n);

/* The same, the ids given as bytes (cffi passes a Python bytes object
 * without a copy): the fast path of a scalar call from a list of ids. */
int hr_eval_bytes(const hr_game *g, const char *cards, int n);

/* The same from text: "As Kd 7h", "AsKd7h", "As,Kd", "10s", "A\u2660".
 * Returns 0 for anything it cannot read; the caller then finds the reason
 * (src/handrank/cards.py owns the messages). */
int hr_eval_text(const hr_game *g, const char *text, size_t len);

/* Hold'em shortcuts with one argument each: cffi calls a one-argument
 * function without packing an argument tuple, which halves the cost of a
 * scalar call from Python.  hr_evalN_holdem reads exactly N ids;
 * hr_eval_text_holdem reads up to the terminating NUL (the caller rejects
 * text with an embedded NUL). */
int hr_eval5_holdem(const char *cards);
int hr_eval6_holdem(const char *cards);
int hr_eval7_holdem(const char *cards);
int hr_eval_text_holdem(const char *text);

/* n hands of k = 5..7 cards, row-major.  Writes out[0..n) and returns -1, or
 * stops at the first bad row (a card not in the deck, a repeated card) and
 * returns its index: out holds the values of the rows before it, and rows
 * after it in the same block of 64 may have been written with meaningless
 * values.  Returns -2 if k is out of range. */
int64_t hr_eval_batch(const hr_game *g, const uint8_t *cards, int64_t n, int k,
                      uint16_t *out);

/* hr_eval_batch with a given kernel: 0 plain C, 1 SSE2, 2 AVX2 (x86-64
 * with AVX2, BMI2 and POPCNT), 3 AVX-512 (AVX2 + AVX-512 VL, VPOPCNTDQ, BW
 * and VBMI).
 * Returns -3 if this build or CPU lacks it.
 * All kernels give the same results; hr_eval_batch picks the fastest. */
int64_t hr_eval_batch_kernel(const hr_game *g, const uint8_t *cards, int64_t n, int k,
                             uint16_t *out, int kernel);

/* The kernel hr_eval_batch uses on this CPU (numbered as above). */
int hr_batch_kernel(void);

/* Make hr_eval_batch (and every caller of hr_batch_kernel) use kernel
 * `kernel` (numbered as above), or the fastest again for -1.  Returns 0, or
 * -3 if this build or CPU lacks it (nothing changed).  Set it before any
 * thread evaluates (handrank reads HANDRANK_KERNEL once, at import). */
int hr_set_batch_kernel(int kernel);

/* How the AVX-512 kernel's 7-card rows read the hash offsets: 1 by one
 * gather of 8 rows, 0 by one load a row (the same results either way).
 * hr_offsets_gather answers for this CPU (loads on AMD, the gather
 * elsewhere) unless hr_set_offsets_gather chose: 0 or 1, -1 for this CPU's
 * choice again; it returns 0, or -3 for any other mode (nothing changed). */
int hr_offsets_gather(void);
int hr_set_offsets_gather(int mode);

/* Every 7-card hand of the 52-card deck whose first (lowest) card is one of
 * start, start + stride, ... : adds one to hist[strength] for each hand
 * (hist has classes + 1 entries).  Splitting the first card over threads
 * with stride = threads covers all 133,784,560 hands once. */
void hr_enumerate7(const hr_game *g, int start, int stride, uint64_t *hist);

/* The same hands, each checked against the best of its 21 five-card
 * subsets evaluated by the five-card path, and k = 6 likewise (best of its 6
 * five-card subsets); the batch kernels' card entries must give the same
 * value too.  Adds to hist as above; returns the number of hands
 * whose value differs from the best of the subsets (0 when correct). */
int64_t hr_selftest(const hr_game *g, int k, int start, int stride, uint64_t *hist);
/* Rows first..first+n of the random deal stream for seed: each row k distinct
 * cards of deck[0..m) (m <= 64, ids below 64: the jokers are 52 and 53), a
 * partial Fisher-Yates shuffle driven by a counter-based generator, so rows
 * do not depend on how they are split.  Returns -1, or -2 for a bad argument. */
int64_t hr_deal(const uint8_t *deck, int m, int k, uint64_t seed, int64_t first,
                int64_t n, uint8_t *out);

#endif
