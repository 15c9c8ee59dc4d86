/* handrank: 5-, 6- and 7-card lookups (tables/README.md explains the hash).
 *
 * A hand's key is the sum of its cards' 64-bit keys: the rank key (a number
 * unique to the multiset of ranks) in bits 0..31 and four suit counters,
 * started at 3, in bits 32..47.  A counter that reaches 8 (five or more cards
 * of a suit) is a flush: its 13-bit rank set, taken from the sum of the cards'
 * masks, indexes the flush table.  Otherwise the rank key goes through the
 * perfect hash into the values table.  Nothing is computed that the tables
 * could hold.
 */
/* The batch loops start on a 64-byte boundary (GCC): where the linker put
 * them otherwise moved the kernel's speed by up to 6% between builds of the
 * same code (benchmarks/RESULTS.md, issue 9). */
#if defined(__GNUC__) && !defined(__clang__) && !defined(HR_PORTABLE)
#pragma GCC optimize("align-loops=64")
#endif

#include "handrank.h"
#include "lookup.h"
#include "port.h"

#include <stddef.h>
#include <string.h>

#if HR_X86_DISPATCH
#include <cpuid.h>

/* Whether the CPU is AMD's; *family gets its family (cpuid 1, extended).
 * cpuid traps to the hypervisor in a VM: the callers ask once. */
static int cpu_is_amd(unsigned *family)
{
    unsigned a, b, c, d;
    *family = 0;
    if (!__get_cpuid(0, &a, &b, &c, &d))
        return 0;
    if (!(b == 0x68747541u && d == 0x69746e65u && c == 0x444d4163u))   /* AuthenticAMD */
        return 0;
    if (__get_cpuid(1, &a, &b, &c, &d)) {
        *family = (a >> 8) & 0xFu;
        if (*family == 0xFu)
            *family += (a >> 20) & 0xFFu;
    }
    return 1;
}
#endif

/* How the AVX-512 7-card kernel reads the hash offsets: 1 by a gather of 8
 * rows, 0 by one load a row, -1 not chosen yet (hr_set_offsets_gather).
 * AMD's AVX-512 CPUs (Zen 4 and 5) run vpgatherqd as many micro-ops: on a
 * Zen 5 the loads were 1.20-1.24x the gather in one process; the Intel
 * CPUs keep the gather, which measured 2.5x OMPEval there. */
static volatile int offsets_gather = -1;

int hr_offsets_gather(void)
{
    int mode = offsets_gather;
    if (mode < 0) {
#if HR_X86_DISPATCH
        unsigned family;
        mode = !cpu_is_amd(&family);
#else
        mode = 0;
#endif
        offsets_gather = mode;   /* every thread computes the same answer */
    }
    return mode;
}

int hr_set_offsets_gather(int mode)
{
    if (mode < -1 || mode > 1)
        return -3;
    offsets_gather = mode;
    return 0;
}

extern const hr_game hr_games[HR_N_GAMES];   /* written by the generator */

const hr_game *hr_game_at(int index)
{
    return (unsigned)index < HR_N_GAMES ? &hr_games[index] : NULL;
}

int hr_game_count(void) { return HR_N_GAMES; }

int hr_eval(const hr_game *g, const uint8_t *cards, int n)
{
    uint64_t key, mask;
    if (n < HR_MIN_HAND || n > HR_MAX_HAND)
        return 0;
    if (hr_gather(g, cards, n, &key, &mask))
        return 0;
    return (int)hr_lookup(g, key, mask);
}

int hr_eval_bytes(const hr_game *g, const char *cards, int n)
{
    return hr_eval(g, (const uint8_t *)cards, n);
}

/* The rank of a rank character (either case), or -1: a table, rank + 1. */
static const signed char rank_plus_one[256] = {
    ['2'] = 1, ['3'] = 2, ['4'] = 3, ['5'] = 4, ['6'] = 5, ['7'] = 6, ['8'] = 7, ['9'] = 8,
    ['T'] = 9, ['J'] = 10, ['Q'] = 11, ['K'] = 12, ['A'] = 13,
    ['t'] = 9, ['j'] = 10, ['q'] = 11, ['k'] = 12, ['a'] = 13,
};

static int rank_of(unsigned char ch)
{
    return rank_plus_one[ch] - 1;
}

/* The suit of the suit at s[0..len), or -1; *used gets its length in bytes.
 * Letters c d h s (either case) or the UTF-8 symbols U+2660..U+2667. */
static int suit_of(const unsigned char *s, size_t len, int *used)
{
    /* U+2660..2667: spade, heart (white), diamond, club, spade (white), heart,
     * diamond (white), club (white) */
    static const signed char symbol[8] = {3, 2, 1, 0, 3, 2, 1, 0};
    switch (s[0]) {
    case 'c': case 'C': *used = 1; return 0;
    case 'd': case 'D': *used = 1; return 1;
    case 'h': case 'H': *used = 1; return 2;
    case 's': case 'S': *used = 1; return 3;
    }
    if (len >= 3 && s[0] == 0xE2 && s[1] == 0x99 && s[2] >= 0xA0 && s[2] <= 0xA7) {
        *used = 3;
        return symbol[s[2] - 0xA0];
    }
    return -1;
}

int hr_eval_text(const hr_game *g, const char *text, size_t len)
{
    const unsigned char *s = (const unsigned char *)text;
    uint8_t row[HR_MAX_HAND];
    int n = 0;
    size_t i = 0;
    while (i < len) {
        unsigned char ch = s[i];
        if (ch == ' ' || ch == ',' || ch == ';' || (ch >= '\t' && ch <= '\r')) {
            i++;
            continue;
        }
        int rank, suit, used;
        if (ch == '1' && i + 1 < len && s[i + 1] == '0') {
            rank = 8;
            i += 2;
        } else {
            rank = rank_of(ch);
            i += 1;
        }
        if (rank < 0 || i >= len || n == HR_MAX_HAND)
            return 0;
        suit = suit_of(s + i, len - i, &used);
        if (suit < 0)
            return 0;
        i += (size_t)used;
        row[n++] = (uint8_t)(4 * rank + suit);
    }
    return hr_eval(g, row, n);
}

int hr_eval5_holdem(const char *cards) { return hr_eval(&hr_games[0], (const uint8_t *)cards, 5); }
int hr_eval6_holdem(const char *cards) { return hr_eval(&hr_games[0], (const uint8_t *)cards, 6); }
int hr_eval7_holdem(const char *cards) { return hr_eval(&hr_games[0], (const uint8_t *)cards, 7); }

int hr_eval_text_holdem(const char *text)
{
    return hr_eval_text(&hr_games[0], text, strlen(text));
}

/* ------------------------------------------------------------ batches
 *
 * The batch kernels read each card's 16-byte entry {key, mask} in g->card
 * (tables/README.md, "Batch entries"): one load per card gives both sums.
 * The key's bits 39..63 are the hand's hash value h itself (the rank keys
 * come pre-multiplied), so a non-flush hand is
 *
 *     values[(uint32_t)(h + hr_hash_offsets[h >> 11])]
 *
 * with h = key >> 39 and h >> 11 = key >> 50: two shifts, two loads, one add.
 * Any sum of any entries keeps h < 2**25 and the suit counters < 16, so a
 * garbage row reads inside the tables like a good one.
 *
 * Rows are checked a block at a time.  A row is good exactly when its mask
 * sum has k bits (a repeated card carries, a card outside the deck has mask
 * 0 and poison bit 16 in its key): the AVX2 kernel adds the rows' popcounts,
 * the others or the sum ^ or of the masks and the or of the keys.  A block
 * that fails is scanned again row by row (hr_gather) for its first bad row,
 * which is returned as before; the rows after it in that block are written
 * (with meaningless values) but not reported.
 *
 * Flushes: the plain, SSE2 and AVX2 kernels test each row's key and branch.
 * That branch is taken at random (3% of 7-card hands) and only once the
 * row's sum is known, so each miss throws away the work of the rows behind
 * it.  The AVX-512 kernel on 7-card rows instead finds, before a block, the
 * rows with five or more cards of a suit from the ids themselves
 * (flush_rows_avx512), runs the block with no branch (every row through the
 * hash), then redoes those rows through the flush table when their key has
 * a flush (a game without suit counters, a5 and a5/8, has none and keeps
 * the branch).  Its rows' sums need not start the suit counters at 3
 * (HR_CARD_SUIT_INIT), as no flush is read from them: one add less.
 *
 * fix, when not NULL, is called for every row whose key has a flush, with
 * the flush table's value; its answer is stored instead (deuce-to-seven,
 * csrc/lowball.c).  Any row may reach it, garbage rows too. */
#define HR_BLOCK 64
#define HR_CARD_FLUSH 0x8888u
#define HR_CARD_ROW_SHIFT (HR_CARD_HASH_SHIFT + HR_HASH_SHIFT)

/* Flush value of a flush key: the suit's rank set in the mask sum. */
static HR_INLINE unsigned card_flush(const uint16_t *flush, uint64_t key, uint64_t mask)
{
    unsigned suit = hr_ctz64((key >> 3) & 0x1111u) >> 2;
    return flush[(mask >> (HR_MASK_SUIT_BITS * suit)) & 0x1FFFu];
}

/* Strength of a hand from its batch key and mask sums. */
static HR_INLINE unsigned card_lookup(const hr_game *g, uint64_t key, uint64_t mask)
{
    if (HR_UNLIKELY(key & HR_CARD_FLUSH))
        return card_flush(g->flush, key, mask);
    return g->values[(uint32_t)((uint32_t)(key >> HR_CARD_HASH_SHIFT) +
                                hr_hash_offsets[key >> HR_CARD_ROW_SHIFT])];
}

/* The rows are read once, in order, and the kernels do little per byte: on
 * a Zen 5 KVM guest the hardware prefetcher left them waiting on that
 * stream (7-card rows from memory, in one process: AVX-512 1.55-1.8x, AVX2
 * 1.3x, SSE2 1.05x with this).  Each block asks for the block
 * HR_PREFETCH_BLOCKS ahead, when that block is inside the batch. */
#define HR_PREFETCH_BLOCKS 4
static HR_INLINE void prefetch_block(const uint8_t *cards, int64_t lo, int64_t n, int k)
{
    if (n - lo >= (HR_PREFETCH_BLOCKS + 1) * HR_BLOCK) {
        const uint8_t *p = cards + (lo + HR_PREFETCH_BLOCKS * HR_BLOCK) * k;
        for (int b = 0; b < k * HR_BLOCK; b += 64)
            HR_PREFETCH(p + b);
    }
}

/* The first row of [lo, hi) that fails the exact per-row test, or -1. */
static int64_t first_bad(const hr_game *g, const uint8_t *cards, int64_t lo, int64_t hi, int k)
{
    for (int64_t i = lo; i < hi; i++) {
        uint64_t key, mask;
        if (hr_gather(g, cards + i * k, k, &key, &mask))
            return i;
    }
    return -1;
}

/* Plain C: any compiler, any architecture. */
static HR_INLINE int64_t batch_plain(const hr_game *g, const uint8_t *cards, int64_t n,
                                     const int k, uint16_t *out, hr_flush_fix fix)
{
    const uint64_t *card = g->card;
    for (int64_t lo = 0; lo < n; lo += HR_BLOCK) {
        int64_t hi = n - lo > HR_BLOCK ? lo + HR_BLOCK : n;
        uint64_t bad = 0;
        prefetch_block(cards, lo, n, k);
        for (int64_t i = lo; i < hi; i++) {
            const uint8_t *row = cards + i * k;
            uint64_t key = HR_CARD_SUIT_INIT, mask = 0, any = 0, keys = 0;
            for (int j = 0; j < k; j++) {
                const uint64_t *e = card + 2 * row[j];
                key += e[0];
                mask += e[1];
                keys |= e[0];
                any |= e[1];
            }
            bad |= (mask ^ any) | (keys & (1ull << HR_CARD_POISON_SHIFT));
            unsigned v = card_lookup(g, key, mask);
            if (HR_UNLIKELY(fix != NULL && (key & HR_CARD_FLUSH)))
                v = fix(g, row, k, v);
            out[i] = (uint16_t)v;
        }
        if (HR_UNLIKELY(bad)) {
            int64_t i = first_bad(g, cards, lo, hi, k);
            if (i >= 0)
                return i;
        }
    }
    return -1;
}

#if HR_SSE2
/* Whether the game's entries carry suit counters (a5 and a5/8 have none). */
static int has_suit_counters(const hr_game *g)
{
    uint64_t any = 0;
    for (int id = 0; id < HR_N_CARDS; id++)
        any |= g->card[2 * id];
    return (any & 0xFFFFu) != 0;
}

/* The SIMD kernels, one body for every instruction set: NAME is defined
 * with the target attribute ATTR; ROW(sum) folds a row's sums into the
 * block's validity state, BAD(k, rows) says whether the block has a bad row;
 * FLUSH_ROWS(src, m, k) is the bit set of a block's rows that may be a flush
 * (a superset of those whose key has a flush), FLUSH_ROWS_BRANCH 1 for the
 * kernels that branch on each row's key instead.
 *
 * A block's ids are first turned into byte offsets of their entries (id * 16,
 * a loop the compiler vectorises), so the card loop is one load of the offset
 * and one paddq per card. */
#define HR_SIMD_KERNEL(NAME, ATTR, ROW, BAD, FLUSH_ROWS)                                 \
    ATTR static HR_INLINE int64_t NAME##_run(const hr_game *g, const uint8_t *cards,     \
                                             int64_t n, const int k, uint16_t *out,      \
                                             hr_flush_fix fix, const int branch)         \
    {                                                                                    \
        const char *card = (const char *)(const void *)g->card;                          \
        const uint16_t *values = g->values, *flush = g->flush;                           \
        const uint32_t *offsets = hr_hash_offsets;                                       \
        const __m128i init = _mm_cvtsi32_si128((int)HR_CARD_SUIT_INIT);                  \
        uint16_t at[HR_BLOCK * HR_MAX_HAND];                                             \
        for (int64_t lo = 0; lo < n; lo += HR_BLOCK) {                                   \
            int64_t hi = n - lo > HR_BLOCK ? lo + HR_BLOCK : n;                          \
            const uint8_t *src = cards + lo * k;                                         \
            int count = (int)(hi - lo) * k;                                              \
            prefetch_block(cards, lo, n, k);                                             \
            uint64_t flush_rows = branch ? 0 : FLUSH_ROWS(src, (int)(hi - lo), k);       \
            for (int j = 0; j < count; j++)                                              \
                at[j] = (uint16_t)(src[j] << 4);                                         \
            const uint16_t *row = at;                                                    \
            uint64_t bits = 0;                                                           \
            __m128i acc = _mm_setzero_si128(), seen = _mm_setzero_si128();               \
            for (int64_t i = lo; i < hi; i++, row += k) {                                \
                __m128i sum = branch ? init : _mm_setzero_si128();                       \
                __m128i any = _mm_setzero_si128();                                       \
                for (int j = 0; j < k; j++) {                                            \
                    __m128i e = _mm_load_si128((const __m128i *)(const void *)(card + row[j])); \
                    sum = _mm_add_epi64(sum, e);                                         \
                    ROW##_CARD(any, e);                                                  \
                }                                                                        \
                uint64_t key = (uint64_t)_mm_cvtsi128_si64(sum);                         \
                ROW(sum, any, acc, seen, bits);                                          \
                unsigned v;                                                              \
                if (branch && HR_UNLIKELY(key & HR_CARD_FLUSH)) {                        \
                    uint64_t mask = (uint64_t)_mm_cvtsi128_si64(_mm_unpackhi_epi64(sum, sum)); \
                    v = card_flush(flush, key, mask);                                    \
                    if (fix != NULL)                                                     \
                        v = fix(g, cards + i * k, k, v);                                 \
                } else {                                                                 \
                    v = values[(uint32_t)((uint32_t)(key >> HR_CARD_HASH_SHIFT) +        \
                                          offsets[key >> HR_CARD_ROW_SHIFT])];           \
                }                                                                        \
                out[i] = (uint16_t)v;                                                    \
            }                                                                            \
            while (flush_rows) {                                                         \
                int r = (int)hr_ctz64(flush_rows);                                       \
                flush_rows &= flush_rows - 1;                                            \
                __m128i sum = init;                                                      \
                for (int j = 0; j < k; j++)                                              \
                    sum = _mm_add_epi64(sum, _mm_load_si128(                             \
                        (const __m128i *)(const void *)(card + at[r * k + j])));        \
                uint64_t key = (uint64_t)_mm_cvtsi128_si64(sum);                         \
                if (key & HR_CARD_FLUSH) {                                               \
                    uint64_t mask = (uint64_t)_mm_cvtsi128_si64(_mm_unpackhi_epi64(sum, sum)); \
                    unsigned v = card_flush(flush, key, mask);                           \
                    if (fix != NULL)                                                     \
                        v = fix(g, src + r * k, k, v);                                   \
                    out[lo + r] = (uint16_t)v;                                           \
                }                                                                        \
            }                                                                            \
            if (HR_UNLIKELY(BAD(acc, seen, bits, (uint64_t)k * (uint64_t)(hi - lo)))) {  \
                int64_t i = first_bad(g, cards, lo, hi, k);                              \
                if (i >= 0)                                                              \
                    return i;                                                            \
            }                                                                            \
        }                                                                                \
        return -1;                                                                       \
    }                                                                                    \
    /* a game without suit counters has no flush: no rows to find; nor has a         \
     * batch of less than a block much to gain from them */                              \
    ATTR static HR_INLINE int64_t NAME(const hr_game *g, const uint8_t *cards, int64_t n, \
                                       const int k, uint16_t *out, hr_flush_fix fix)     \
    {                                                                                    \
        if (FLUSH_ROWS##_BRANCH || n < HR_BLOCK || !has_suit_counters(g))                \
            return NAME##_run(g, cards, n, k, out, fix, 1);                              \
        return NAME##_run(g, cards, n, k, out, fix, 0);                                  \
    }

/* SSE2: or every entry; a row is bad if its mask sum differs from the or of
 * its masks (a carry) or the or of its keys has the poison bit. */
#define HR_OR_CARD(any, e) any = _mm_or_si128(any, e)
#define HR_OR(sum, any, acc, seen, bits)                                                 \
    ((void)bits, acc = _mm_or_si128(acc, _mm_xor_si128(sum, any)),                     \
     seen = _mm_or_si128(seen, any))
#define HR_OR_BAD(acc, seen, bits, want)                                                 \
    (((uint64_t)_mm_cvtsi128_si64(_mm_unpackhi_epi64(acc, acc)) |                       \
      ((uint64_t)_mm_cvtsi128_si64(seen) & (1ull << HR_CARD_POISON_SHIFT))) != 0)
/* POPCNT: add the popcounts of the rows' mask sums; AVX-512 VPOPCNTDQ counts
 * both lanes of the sum in the vector unit and keeps the mask lane's total. */
#define HR_NO_CARD(any, e) (void)0
#define HR_POPCNT_CARD HR_NO_CARD
#define HR_VPOPCNT_CARD HR_NO_CARD
#define HR_POPCNT(sum, any, acc, seen, bits)                                             \
    ((void)any, (void)acc, (void)seen,                                                   \
     bits += hr_popcount64((uint64_t)_mm_cvtsi128_si64(_mm_unpackhi_epi64(sum, sum))))
#define HR_VPOPCNT(sum, any, acc, seen, bits)                                            \
    ((void)any, (void)seen, (void)bits, acc = _mm_add_epi64(acc, _mm_popcnt_epi64(sum)))
#define HR_POPCNT_BAD(acc, seen, bits, want) (bits != (want))
#define HR_VPOPCNT_BAD(acc, seen, bits, want)                                            \
    ((uint64_t)_mm_cvtsi128_si64(_mm_unpackhi_epi64(acc, acc)) != (want))
/* Kernels that branch on each row's key find no rows beforehand. */
#define HR_BRANCH_ROWS(src, m, k) ((void)(src), (void)(m), (uint64_t)0)
#define HR_BRANCH_ROWS_BRANCH 1

HR_SIMD_KERNEL(batch_sse2, , HR_OR, HR_OR_BAD, HR_BRANCH_ROWS)

/* The rows of a block whose bits are set in rows: through the card entries,
 * the flush table's value where the key has a flush. */
static HR_INLINE void planes_flushes(const hr_game *g, const uint8_t *src, uint16_t *out,
                                     uint64_t rows)
{
    const uint64_t *card = g->card;
    while (rows) {
        int r = (int)hr_ctz64(rows);
        rows &= rows - 1;
        const uint8_t *row = src + 7 * r;
        uint64_t key = HR_CARD_SUIT_INIT, mask = 0;
        for (int j = 0; j < 7; j++) {
            key += card[2 * row[j]];
            mask += card[2 * row[j] + 1];
        }
        if (key & HR_CARD_FLUSH)
            out[r] = (uint16_t)card_flush(g->flush, key, mask);
    }
}


/* SSE2 on 7-card rows.  A row's key is summed in a general register from a
 * copy of the entries' keys at a stride of 8 bytes (one load and one add per
 * card, the id itself the index), two rows at a time; no mask is summed.
 * Every row goes through the hash with no branch; the rows whose key has a
 * flush (3%: a branch on each would be mispredicted that often) are found
 * from the stored keys after the block and done again through the flush
 * table.  A block is checked with no per-card work: a card outside the
 * game's deck (ids >= 52 among them) has the poison bit in its key, which
 * the or of the block's keys keeps (no sum of seven valid keys reaches bits
 * 16..38); a repeated card is found by dup8 on 8 rows at a time.  A failing
 * block is scanned again row by row (first_bad), as before.  The blocks read
 * one byte past their last row: the last block, and batches of less than 4
 * blocks, take the kernel above. */

/* 8 rows of 7 ids at s (8 bytes read from each row's start: 1 past the
 * last) transposed into 4 registers, cards 0-1, 2-3, 4-5 and 6 of the 8
 * rows, the byte after a row's 7 ids set to 0xFF (no id); each register
 * compared with the others and with their halves swapped pairs each of a
 * row's 21 pairs of ids at least once.  Returns dup with the bytes of equal
 * pairs set. */
static HR_INLINE __m128i dup8(const uint8_t *s, __m128i dup)
{
    const __m128i junk = _mm_set_epi64x(-1, 0);
    __m128i r0 = _mm_loadl_epi64((const __m128i *)(const void *)(s));
    __m128i r1 = _mm_loadl_epi64((const __m128i *)(const void *)(s + 7));
    __m128i r2 = _mm_loadl_epi64((const __m128i *)(const void *)(s + 14));
    __m128i r3 = _mm_loadl_epi64((const __m128i *)(const void *)(s + 21));
    __m128i r4 = _mm_loadl_epi64((const __m128i *)(const void *)(s + 28));
    __m128i r5 = _mm_loadl_epi64((const __m128i *)(const void *)(s + 35));
    __m128i r6 = _mm_loadl_epi64((const __m128i *)(const void *)(s + 42));
    __m128i r7 = _mm_loadl_epi64((const __m128i *)(const void *)(s + 49));
    __m128i b01 = _mm_unpacklo_epi8(r0, r1), b23 = _mm_unpacklo_epi8(r2, r3);
    __m128i b45 = _mm_unpacklo_epi8(r4, r5), b67 = _mm_unpacklo_epi8(r6, r7);
    __m128i w0 = _mm_unpacklo_epi16(b01, b23), w1 = _mm_unpackhi_epi16(b01, b23);
    __m128i w2 = _mm_unpacklo_epi16(b45, b67), w3 = _mm_unpackhi_epi16(b45, b67);
    __m128i q0 = _mm_unpacklo_epi32(w0, w2), q1 = _mm_unpackhi_epi32(w0, w2);
    __m128i q2 = _mm_unpacklo_epi32(w1, w3), q3 = _mm_or_si128(_mm_unpackhi_epi32(w1, w3), junk);
    __m128i s0 = _mm_shuffle_epi32(q0, 0x4E), s1 = _mm_shuffle_epi32(q1, 0x4E);
    __m128i s2 = _mm_shuffle_epi32(q2, 0x4E), s3 = _mm_shuffle_epi32(q3, 0x4E);
    __m128i e = _mm_or_si128(_mm_cmpeq_epi8(q0, s0), _mm_cmpeq_epi8(q1, s1));
    e = _mm_or_si128(e, _mm_cmpeq_epi8(q2, s2));
    e = _mm_or_si128(e, _mm_or_si128(_mm_cmpeq_epi8(q0, q1), _mm_cmpeq_epi8(q0, s1)));
    e = _mm_or_si128(e, _mm_or_si128(_mm_cmpeq_epi8(q0, q2), _mm_cmpeq_epi8(q0, s2)));
    e = _mm_or_si128(e, _mm_or_si128(_mm_cmpeq_epi8(q0, q3), _mm_cmpeq_epi8(q0, s3)));
    e = _mm_or_si128(e, _mm_or_si128(_mm_cmpeq_epi8(q1, q2), _mm_cmpeq_epi8(q1, s2)));
    e = _mm_or_si128(e, _mm_or_si128(_mm_cmpeq_epi8(q1, q3), _mm_cmpeq_epi8(q1, s3)));
    e = _mm_or_si128(e, _mm_or_si128(_mm_cmpeq_epi8(q2, q3), _mm_cmpeq_epi8(q2, s3)));
    return _mm_or_si128(dup, e);
}

static int64_t flat7_sse2(const hr_game *g, const uint8_t *cards, int64_t n, uint16_t *out)
{
    const uint16_t *values = g->values;
    const uint32_t *offsets = hr_hash_offsets;
    const __m128i zero = _mm_setzero_si128();
    const __m128i init = _mm_set1_epi32((int)HR_CARD_SUIT_INIT);
    const __m128i fbit = _mm_set1_epi32((int)HR_CARD_FLUSH);
    uint64_t key[256];
    HR_ALIGN16 uint64_t hv[HR_BLOCK];
    int64_t lo = 0;
    if (n >= 4 * HR_BLOCK) {
        for (int id = 0; id < 256; id++)
            key[id] = g->card[2 * id];
        for (; lo + HR_BLOCK < n; lo += HR_BLOCK) {
            const uint8_t *src = cards + lo * 7;
            uint64_t any = 0;
            prefetch_block(cards, lo, n, 7);
            __m128i dup = zero;
            for (int q = 0; q < HR_BLOCK; q += 8) {
                dup = dup8(src + 7 * q, dup);
                for (int i = q; i < q + 8; i += 2) {
                    const uint8_t *r = src + 7 * i;
                    uint64_t k = key[r[0]] + key[r[1]] + key[r[2]] + key[r[3]] + key[r[4]] +
                                 key[r[5]] + key[r[6]];
                    uint64_t k2 = key[r[7]] + key[r[8]] + key[r[9]] + key[r[10]] + key[r[11]] +
                                  key[r[12]] + key[r[13]];
                    any |= k | k2;
                    hv[i] = k;
                    hv[i + 1] = k2;
                    out[lo + i] = values[(uint32_t)((uint32_t)(k >> HR_CARD_HASH_SHIFT) +
                                                    offsets[k >> HR_CARD_ROW_SHIFT])];
                    out[lo + i + 1] = values[(uint32_t)((uint32_t)(k2 >> HR_CARD_HASH_SHIFT) +
                                                        offsets[k2 >> HR_CARD_ROW_SHIFT])];
                }
            }
            uint64_t rows = 0;
            for (int q = 0; q < HR_BLOCK; q += 4) {
                __m128i c = _mm_castps_si128(_mm_shuffle_ps(
                    _mm_load_ps((const float *)(const void *)(hv + q)),
                    _mm_load_ps((const float *)(const void *)(hv + q + 2)), 0x88));
                c = _mm_cmpeq_epi32(_mm_and_si128(_mm_add_epi32(c, init), fbit), zero);
                rows |= (uint64_t)(~_mm_movemask_ps(_mm_castsi128_ps(c)) & 15) << q;
            }
            planes_flushes(g, src, out + lo, rows);
            if (HR_UNLIKELY((any & (7ull << HR_CARD_POISON_SHIFT)) != 0 ||
                            _mm_movemask_epi8(dup) != 0)) {
                int64_t i = first_bad(g, cards, lo, lo + HR_BLOCK, 7);
                if (i >= 0)
                    return i;
            }
        }
    }
    if (lo == n)
        return -1;
    int64_t i = batch_sse2_run(g, cards + lo * 7, n - lo, 7, out + lo, NULL, 1);
    return i < 0 ? -1 : lo + i;
}

/* The SSE2 kernel: 7-card rows without a branch on the flush where the game
 * has no fix for them. */
static HR_INLINE int64_t batch_sse2_sel(const hr_game *g, const uint8_t *cards, int64_t n,
                                        const int k, uint16_t *out, hr_flush_fix fix)
{
    if (k == 7 && fix == NULL)
        return flat7_sse2(g, cards, n, out);
    return batch_sse2(g, cards, n, k, out, fix);
}
#if HR_X86_DISPATCH
#include <immintrin.h>
#define HR_AVX2_TARGET __attribute__((target("avx2,bmi,bmi2,popcnt")))
HR_SIMD_KERNEL(batch_avx2, HR_AVX2_TARGET, HR_POPCNT, HR_POPCNT_BAD, HR_BRANCH_ROWS)
/* 7-card rows across hands (AVX2 and AVX-512), for the games whose entries
 * are hold'em's layout: each card's hash value depends on its rank only, its
 * key has one suit counter and no poison.  A row's 7 ids are spread over the
 * 8 bytes of a 64-bit lane, byte 7 a sentinel (0x80); each id's rank picks,
 * by a byte shuffle, each of the 4 bytes of its hash value less the deuce's,
 * and vpsadbw adds a byte of the 7 cards per lane (the sentinel, rank 0,
 * adds 0): the 4 sums, shifted and added, plus 7 times the deuce's value,
 * are the row's h modulo 2**25.  The suit counters are summed the same way
 * (two bytes: suits 0 and 1, suits 2 and 3), so the rows with a flush are
 * known from the ids before any lookup: they are done again through the card
 * entries after the block.  A row is good when no id exceeds 51 (the or of
 * the lanes' maximum) and no two of its bytes are equal (each lane compared
 * with itself rotated by 1 to 4 bytes). */
typedef struct {
    HR_ALIGN16 uint8_t rank[4][16];   /* byte q of a rank's hash value less the deuce's */
    uint64_t base;                    /* 7 times the deuce's hash value, modulo 2**25 */
} hr_planes;

#define HR_H_MASK ((1ull << (64 - HR_CARD_HASH_SHIFT)) - 1u)

/* Fills p and returns 1 if g's entries have hold'em's layout, else 0. */
static int planes_of(const hr_game *g, hr_planes *p)
{
    const uint64_t *card = g->card;
    uint64_t w0 = card[0] >> HR_CARD_HASH_SHIFT;
    memset(p, 0, sizeof *p);
    for (int id = 0; id < HR_N_CARDS; id++) {
        uint64_t key = card[2 * id];
        if ((key & ((1ull << HR_CARD_HASH_SHIFT) - 1u)) != 1ull << (4 * (id & 3)) ||
            key >> HR_CARD_HASH_SHIFT != card[8 * (id >> 2)] >> HR_CARD_HASH_SHIFT)
            return 0;
    }
    for (int r = 0; r < HR_N_CARDS / 4; r++) {
        uint64_t w = ((card[8 * r] >> HR_CARD_HASH_SHIFT) - w0) & HR_H_MASK;
        for (int q = 0; q < 4; q++)
            p->rank[q][r] = (uint8_t)(w >> (8 * q));
    }
    p->base = (7u * w0) & HR_H_MASK;
    return 1;
}

/* The non-flush values of 4 rows from their h, in the loop that finds the
 * next rows' h: the loads overlap that work. */
static HR_INLINE void planes_values4(const uint16_t *values, const uint32_t *offsets,
                                     const uint64_t *hv, uint16_t *out)
{
    for (int j = 0; j < 4; j++) {
        uint64_t h = hv[j];
        out[j] = values[(uint32_t)((uint32_t)h + offsets[h >> HR_HASH_SHIFT])];
    }
}

/* Shuffle indices: byte j < 7 of each 8 to byte (j + d) mod 7 of the same 8,
 * byte 7 to itself (ignored).  d = 1, 2, 3 pair each of 7 bytes with every
 * other one once. */
#define HR_CYC(d)                                                                        \
    (d) % 7, (1 + (d)) % 7, (2 + (d)) % 7, (3 + (d)) % 7, (4 + (d)) % 7, (5 + (d)) % 7,       \
        (6 + (d)) % 7, 7, 8 + (d) % 7, 8 + (1 + (d)) % 7, 8 + (2 + (d)) % 7,                \
        8 + (3 + (d)) % 7, 8 + (4 + (d)) % 7, 8 + (5 + (d)) % 7, 8 + (6 + (d)) % 7, 15

HR_AVX2_TARGET static int64_t planes7_avx2(const hr_game *g, const hr_planes *p,
                                           const uint8_t *cards, int64_t n, uint16_t *out)
{
#define HR_ROT(d) _mm256_setr_epi8(HR_CYC(d), HR_CYC(d))
    const __m256i expand = _mm256_setr_epi8(0, 1, 2, 3, 4, 5, 6, -128, 7, 8, 9, 10, 11, 12, 13,
                                            -128, 0, 1, 2, 3, 4, 5, 6, -128, 7, 8, 9, 10, 11,
                                            12, 13, -128);
    const __m256i rot1 = HR_ROT(1), rot2 = HR_ROT(2), rot3 = HR_ROT(3);
    const __m256i cards7 = _mm256_set1_epi64x(0x00FFFFFFFFFFFFFFll);
    const __m256i low6 = _mm256_set1_epi8(0x3F), low2 = _mm256_set1_epi8(3);
    const __m256i zero = _mm256_setzero_si256(), top = _mm256_set1_epi8(HR_N_CARDS - 1);
    const __m256i t0 = _mm256_broadcastsi128_si256(
        _mm_load_si128((const __m128i *)(const void *)p->rank[0]));
    const __m256i t1 = _mm256_broadcastsi128_si256(
        _mm_load_si128((const __m128i *)(const void *)p->rank[1]));
    const __m256i t2 = _mm256_broadcastsi128_si256(
        _mm_load_si128((const __m128i *)(const void *)p->rank[2]));
    const __m256i t3 = _mm256_broadcastsi128_si256(
        _mm_load_si128((const __m128i *)(const void *)p->rank[3]));
    /* suits 0 and 1 in 4-bit counters, and 2 and 3 (a second sum) */
    const __m256i sa = _mm256_setr_epi8(1, 16, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 16, 0,
                                        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
    const __m256i sb = _mm256_setr_epi8(0, 0, 1, 16, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1,
                                        16, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
    const __m256i base = _mm256_set1_epi64x((long long)p->base);
    const __m256i hmask = _mm256_set1_epi64x((long long)HR_H_MASK);
    /* the counters start at 3, suit 0's at 2 (the sentinel counts as a club) */
    const __m256i init = _mm256_set1_epi64x((long long)(HR_CARD_SUIT_INIT - 1u));
    const __m256i fbit = _mm256_set1_epi64x((long long)HR_CARD_FLUSH);
    const uint16_t *values = g->values;
    const uint32_t *offsets = hr_hash_offsets;
    __attribute__((aligned(32))) uint64_t hv[HR_BLOCK];
    int64_t lo = 0;
    /* a block's loads read 2 bytes past it: the next row's */
    for (; lo + HR_BLOCK < n; lo += HR_BLOCK) {
        const uint8_t *src = cards + lo * 7;
        __m256i most = zero, dup = zero;
        prefetch_block(cards, lo, n, 7);
        uint64_t rows = 0;
        for (int q = 0; q < HR_BLOCK; q += 4) {
            const uint8_t *s = src + 7 * q;
            __m256i v = _mm256_inserti128_si256(
                _mm256_castsi128_si256(_mm_loadu_si128((const __m128i *)(const void *)s)),
                _mm_loadu_si128((const __m128i *)(const void *)(s + 14)), 1);
            v = _mm256_shuffle_epi8(v, expand);
            most = _mm256_max_epu8(most, v);
            dup = _mm256_or_si256(dup, _mm256_cmpeq_epi8(v, _mm256_shuffle_epi8(v, rot1)));
            dup = _mm256_or_si256(dup, _mm256_cmpeq_epi8(v, _mm256_shuffle_epi8(v, rot2)));
            dup = _mm256_or_si256(dup, _mm256_cmpeq_epi8(v, _mm256_shuffle_epi8(v, rot3)));
            __m256i r = _mm256_and_si256(_mm256_srli_epi16(v, 2), low6);
            __m256i su = _mm256_and_si256(v, low2);
            __m256i k0 = _mm256_sad_epu8(_mm256_shuffle_epi8(t0, r), zero);
            __m256i k1 = _mm256_sad_epu8(_mm256_shuffle_epi8(t1, r), zero);
            __m256i k2 = _mm256_sad_epu8(_mm256_shuffle_epi8(t2, r), zero);
            __m256i k3 = _mm256_sad_epu8(_mm256_shuffle_epi8(t3, r), zero);
            __m256i key = _mm256_add_epi64(_mm256_add_epi64(k0, base),
                                           _mm256_slli_epi64(k1, 8));
            key = _mm256_add_epi64(key, _mm256_add_epi64(_mm256_slli_epi64(k2, 16),
                                                         _mm256_slli_epi64(k3, 24)));
            _mm256_store_si256((__m256i *)(void *)(hv + q), _mm256_and_si256(key, hmask));
            if (q)
                planes_values4(values, offsets, hv + q - 4, out + lo + q - 4);
            __m256i ca = _mm256_sad_epu8(_mm256_shuffle_epi8(sa, su), zero);
            __m256i cb = _mm256_sad_epu8(_mm256_shuffle_epi8(sb, su), zero);
            __m256i c = _mm256_add_epi64(_mm256_or_si256(ca, _mm256_slli_epi64(cb, 8)), init);
            c = _mm256_cmpeq_epi64(_mm256_and_si256(c, fbit), zero);
            rows |= (uint64_t)(~_mm256_movemask_pd(_mm256_castsi256_pd(c)) & 15) << q;
        }
        planes_values4(values, offsets, hv + HR_BLOCK - 4, out + lo + HR_BLOCK - 4);
        planes_flushes(g, src, out + lo, rows);
        __m256i fits = _mm256_cmpeq_epi8(_mm256_max_epu8(most, top), top);
        if (HR_UNLIKELY(_mm256_movemask_epi8(fits) != -1 || !_mm256_testz_si256(dup, cards7))) {
            int64_t i = first_bad(g, cards, lo, lo + HR_BLOCK, 7);
            if (i >= 0)
                return i;
        }
    }
    int64_t i = batch_avx2_run(g, cards + lo * 7, n - lo, 7, out + lo, NULL, 1);
    return i < 0 ? -1 : lo + i;
#undef HR_ROT
}

/* The AVX2 kernel: 7-card rows across hands where the game allows. */
HR_AVX2_TARGET static HR_INLINE int64_t batch_avx2_sel(const hr_game *g, const uint8_t *cards,
                                                       int64_t n, const int k, uint16_t *out,
                                                       hr_flush_fix fix)
{
    hr_planes p;
    if (k == 7 && fix == NULL && n > HR_BLOCK && planes_of(g, &p))
        return planes7_avx2(g, &p, cards, n, out);
    return batch_avx2(g, cards, n, k, out, fix);
}
#if HR_X86_AVX512
#define HR_AVX512_TARGET                                                                 \
    __attribute__((target("avx2,bmi,bmi2,popcnt,avx512f,avx512vl,avx512vpopcntdq,"      \
                          "avx512bw,avx512vbmi")))
/* The rows of a block of m <= 64 rows of k ids at src with five or more
 * cards of one suit (suit = id & 3), eight rows at a time: vpermb spreads
 * each row's ids over the 8 bytes of a 64-bit lane (the spare bytes zeroed),
 * vpshufb turns each id into a weight, 1 or 8 for suits 0 and 1 (and for
 * suits 2 and 3 in a second pass), and vpsadbw adds a lane's weights: the
 * lane holds c0 + 8 c1 and, shifted, c2 + 8 c3, four 3-bit counts (k <= 7).
 * A count c >= 5 is bit 2 and bit 1 or 0.  Ids >= 128 weigh 0: such a row is
 * bad anyway.  Reads only the block's k * m bytes (masked loads). */
HR_AVX512_TARGET static HR_INLINE uint64_t flush_rows_avx512(const uint8_t *src, int m, int k)
{
    const long long r = k * 0x0101010101010101ll, j = 0x0706050403020100ll;
    const __m512i idx = _mm512_set_epi64(j + 7 * r, j + 6 * r, j + 5 * r, j + 4 * r, j + 3 * r,
                                         j + 2 * r, j + r, j);
    const __m512i low = _mm512_broadcast_i32x4(_mm_set1_epi32(0x00000801));
    const __m512i high = _mm512_broadcast_i32x4(_mm_set1_epi32(0x08010000));
    const __m512i zero = _mm512_setzero_si512(), counts = _mm512_set1_epi64(0x249);
    const __mmask64 keep = 0x0101010101010101ull * ((1u << k) - 1u);
    uint64_t rows = 0;
    int bytes = k * m;
    for (int c = 0; c < HR_BLOCK / 8 && 8 * k * c < bytes; c++) {
        int left = bytes - 8 * k * c;
        __mmask64 load = left >= 64 ? ~0ull : (1ull << left) - 1u;
        __m512i ids = _mm512_maskz_loadu_epi8(load, src + 8 * k * c);
        __m512i t = _mm512_maskz_permutexvar_epi8(keep, idx, ids);
        __m512i a = _mm512_sad_epu8(_mm512_maskz_shuffle_epi8(keep, low, t), zero);
        __m512i b = _mm512_sad_epu8(_mm512_maskz_shuffle_epi8(keep, high, t), zero);
        __m512i s = _mm512_or_si512(a, _mm512_slli_epi64(b, 6));
        __m512i f = _mm512_ternarylogic_epi64(_mm512_srli_epi64(s, 2), _mm512_srli_epi64(s, 1),
                                              s, 0xE0);   /* a & (b | c) */
        rows |= (uint64_t)_mm512_test_epi64_mask(f, counts) << (8 * c);
    }
    return m < 64 ? rows & ((1ull << m) - 1u) : rows;
}
/* Five- and six-card hands are a flush less often (0.2%, 1.5%; 7 cards: 3%):
 * they keep the branch, which then costs less than finding the rows. */
#define HR_AVX512_ROWS(src, m, k) (k == 7 ? flush_rows_avx512(src, m, k) : (uint64_t)0)
#define HR_AVX512_ROWS_BRANCH (k < 7)
HR_SIMD_KERNEL(batch_avx512, HR_AVX512_TARGET, HR_VPOPCNT, HR_VPOPCNT_BAD, HR_AVX512_ROWS)

/* The non-flush values of 8 rows from at: each row's index into values
 * (gather: the offset already added) or its h (the offset read here). */
static HR_INLINE void planes_values8(const uint16_t *values, const uint32_t *offsets,
                                     const uint32_t *at, uint16_t *out, const int gather)
{
    for (int j = 0; j < 8; j++)
        out[j] = values[gather ? at[j] : at[j] + offsets[at[j] >> HR_HASH_SHIFT]];
}

/* The same on AVX-512, eight rows to a vector: vpermb spreads the rows and
 * looks each id up in 64-byte tables (ids 52..63 read 0; the sentinel, 0x80,
 * reads id 0's entry, a deuce of clubs, as on AVX2); the good rows are a mask
 * chain of compares (each byte below 52, unequal to the lane rotated by 1 to
 * 4 bytes).  The rows' hash offsets are read by one gather of 8 where the
 * CPU gathers fast, else one load per row with the value's (gather = 0:
 * AMD's AVX-512 CPUs, where the gather took a quarter of the kernel's time;
 * gather_is_fast). */
HR_AVX512_TARGET static HR_INLINE int64_t planes7_avx512_body(const hr_game *g,
                                                              const hr_planes *p,
                                                              const uint8_t *cards, int64_t n,
                                                              uint16_t *out, const int gather)
{
    const long long step = 7 * 0x0101010101010101ll, first = 0x0706050403020100ll;
    const __m512i spread = _mm512_set_epi64(first + 7 * step, first + 6 * step,
                                            first + 5 * step, first + 4 * step,
                                            first + 3 * step, first + 2 * step, first + step,
                                            first);
    const __mmask64 keep = 0x7F7F7F7F7F7F7F7Full;
    const __m512i rot1 = _mm512_broadcast_i32x4(_mm_setr_epi8(HR_CYC(1)));
    const __m512i rot2 = _mm512_broadcast_i32x4(_mm_setr_epi8(HR_CYC(2)));
    const __m512i rot3 = _mm512_broadcast_i32x4(_mm_setr_epi8(HR_CYC(3)));
    const __m512i sentinel = _mm512_set1_epi64((long long)0x8000000000000000ull);
    const __m512i zero = _mm512_setzero_si512(), top = _mm512_set1_epi8(HR_N_CARDS - 1);
    __attribute__((aligned(64))) uint8_t tab[6][64];   /* aligned as one vector: gcc may load it aligned, and ASan's fake stack keeps only a stated alignment */
    memset(tab, 0, sizeof tab);
    for (int id = 0; id < HR_N_CARDS; id++) {
        for (int q = 0; q < 4; q++)
            tab[q][id] = p->rank[q][id >> 2];
        tab[4][id] = (uint8_t)((id & 3) == 0 ? 1 : (id & 3) == 1 ? 16 : 0);
        tab[5][id] = (uint8_t)((id & 3) == 2 ? 1 : (id & 3) == 3 ? 16 : 0);
    }
    const __m512i t0 = _mm512_loadu_si512(tab[0]), t1 = _mm512_loadu_si512(tab[1]);
    const __m512i t2 = _mm512_loadu_si512(tab[2]), t3 = _mm512_loadu_si512(tab[3]);
    const __m512i sa = _mm512_loadu_si512(tab[4]), sb = _mm512_loadu_si512(tab[5]);
    const __m512i base = _mm512_set1_epi64((long long)p->base);
    const __m512i hmask = _mm512_set1_epi64((long long)HR_H_MASK);
    const __m512i init = _mm512_set1_epi64((long long)(HR_CARD_SUIT_INIT - 1u));
    const __m512i fbit = _mm512_set1_epi64((long long)HR_CARD_FLUSH);
    const uint16_t *values = g->values;
    const uint32_t *offsets = hr_hash_offsets;
    __attribute__((aligned(32))) uint32_t at[HR_BLOCK];
    int64_t lo = 0;
    for (; lo + HR_BLOCK + 2 <= n; lo += HR_BLOCK) {
        const uint8_t *src = cards + lo * 7;
        __mmask64 good = keep;
        prefetch_block(cards, lo, n, 7);
        uint64_t rows = 0;
        for (int q = 0; q < HR_BLOCK; q += 8) {
            __m512i v = _mm512_loadu_si512(src + 7 * q);
            v = _mm512_mask_permutexvar_epi8(sentinel, keep, spread, v);
            __mmask64 ok = _mm512_mask_cmple_epu8_mask(keep, v, top);
            ok = _mm512_mask_cmpneq_epi8_mask(ok, v, _mm512_shuffle_epi8(v, rot1));
            ok = _mm512_mask_cmpneq_epi8_mask(ok, v, _mm512_shuffle_epi8(v, rot2));
            ok = _mm512_mask_cmpneq_epi8_mask(ok, v, _mm512_shuffle_epi8(v, rot3));
            good &= ok;
            __m512i k0 = _mm512_sad_epu8(_mm512_permutexvar_epi8(v, t0), zero);
            __m512i k1 = _mm512_sad_epu8(_mm512_permutexvar_epi8(v, t1), zero);
            __m512i k2 = _mm512_sad_epu8(_mm512_permutexvar_epi8(v, t2), zero);
            __m512i k3 = _mm512_sad_epu8(_mm512_permutexvar_epi8(v, t3), zero);
            __m512i key = _mm512_add_epi64(_mm512_add_epi64(k0, base), _mm512_slli_epi64(k1, 8));
            key = _mm512_add_epi64(key, _mm512_add_epi64(_mm512_slli_epi64(k2, 16),
                                                         _mm512_slli_epi64(k3, 24)));
            key = _mm512_and_si512(key, hmask);
            if (gather) {
                __m256i off = _mm512_i64gather_epi32(_mm512_srli_epi64(key, HR_HASH_SHIFT),
                                                     (const void *)offsets, 4);
                _mm256_store_si256((__m256i *)(void *)(at + q),
                                   _mm256_add_epi32(_mm512_cvtepi64_epi32(key), off));
            } else {
                _mm256_store_si256((__m256i *)(void *)(at + q), _mm512_cvtepi64_epi32(key));
            }
            if (q)
                planes_values8(values, offsets, at + q - 8, out + lo + q - 8, gather);
            __m512i ca = _mm512_sad_epu8(_mm512_permutexvar_epi8(v, sa), zero);
            __m512i cb = _mm512_sad_epu8(_mm512_permutexvar_epi8(v, sb), zero);
            __m512i c = _mm512_add_epi64(_mm512_or_si512(ca, _mm512_slli_epi64(cb, 8)), init);
            rows |= (uint64_t)_mm512_test_epi64_mask(c, fbit) << q;
        }
        planes_values8(values, offsets, at + HR_BLOCK - 8, out + lo + HR_BLOCK - 8, gather);
        planes_flushes(g, src, out + lo, rows);
        if (HR_UNLIKELY(good != keep)) {
            int64_t i = first_bad(g, cards, lo, lo + HR_BLOCK, 7);
            if (i >= 0)
                return i;
        }
    }
    if (lo == n)
        return -1;
    int64_t i = batch_avx512_run(g, cards + lo * 7, n - lo, 7, out + lo, NULL, 1);
    return i < 0 ? -1 : lo + i;
}

HR_AVX512_TARGET static int64_t planes7_avx512_gather(const hr_game *g, const hr_planes *p,
                                                      const uint8_t *cards, int64_t n,
                                                      uint16_t *out)
{
    return planes7_avx512_body(g, p, cards, n, out, 1);
}

HR_AVX512_TARGET static int64_t planes7_avx512_loads(const hr_game *g, const hr_planes *p,
                                                     const uint8_t *cards, int64_t n,
                                                     uint16_t *out)
{
    return planes7_avx512_body(g, p, cards, n, out, 0);
}

/* The AVX-512 kernel: 7-card rows across hands where the game allows. */
HR_AVX512_TARGET static HR_INLINE int64_t batch_avx512_sel(const hr_game *g,
                                                           const uint8_t *cards, int64_t n,
                                                           const int k, uint16_t *out,
                                                           hr_flush_fix fix)
{
    hr_planes p;
    if (k == 7 && fix == NULL && n >= HR_BLOCK && planes_of(g, &p))
        return hr_offsets_gather() ? planes7_avx512_gather(g, &p, cards, n, out)
                                : planes7_avx512_loads(g, &p, cards, n, out);
    return batch_avx512(g, cards, n, k, out, fix);
}
#endif
#endif
#endif

/* One function per kernel and width, so the compiler unrolls the card loop. */
#define HR_WIDTHS(NAME, ATTR, BODY)                                                      \
    ATTR static int64_t NAME##5(const hr_game *g, const uint8_t *c, int64_t n, uint16_t *o, \
                                hr_flush_fix f)                                          \
    {                                                                                    \
        return BODY(g, c, n, 5, o, f);                                                   \
    }                                                                                    \
    ATTR static int64_t NAME##6(const hr_game *g, const uint8_t *c, int64_t n, uint16_t *o, \
                                hr_flush_fix f)                                          \
    {                                                                                    \
        return BODY(g, c, n, 6, o, f);                                                   \
    }                                                                                    \
    ATTR static int64_t NAME##7(const hr_game *g, const uint8_t *c, int64_t n, uint16_t *o, \
                                hr_flush_fix f)                                          \
    {                                                                                    \
        return BODY(g, c, n, 7, o, f);                                                   \
    }
HR_WIDTHS(plain, , batch_plain)
#if HR_SSE2
HR_WIDTHS(sse2_, , batch_sse2_sel)
#endif
#if HR_X86_DISPATCH
HR_WIDTHS(avx2_, HR_AVX2_TARGET, batch_avx2_sel)
#if HR_X86_AVX512
HR_WIDTHS(avx512_, HR_AVX512_TARGET, batch_avx512_sel)
#endif
#endif

typedef int64_t (*hr_batch_fn)(const hr_game *, const uint8_t *, int64_t, uint16_t *,
                               hr_flush_fix);

/* The kernels by number (see handrank.h), each for k = 5, 6, 7; NULL where
 * this build has no such kernel. */
static const hr_batch_fn kernels[4][3] = {
    {plain5, plain6, plain7},
#if HR_SSE2
    {sse2_5, sse2_6, sse2_7},
#else
    {NULL, NULL, NULL},
#endif
#if HR_X86_DISPATCH
    {avx2_5, avx2_6, avx2_7},
#else
    {NULL, NULL, NULL},
#endif
#if HR_X86_DISPATCH && HR_X86_AVX512
    {avx512_5, avx512_6, avx512_7},
#else
    {NULL, NULL, NULL},
#endif
};

/* Whether this CPU runs kernel number `kernel`. */
static int kernel_runs(int kernel)
{
    switch (kernel) {
    case 0: return 1;
    case 1: return HR_SSE2;
#if HR_X86_DISPATCH
    case 2:
        __builtin_cpu_init();
        return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi2") &&
               __builtin_cpu_supports("popcnt");
#if HR_X86_AVX512
    case 3:
        return kernel_runs(2) && __builtin_cpu_supports("avx512f") &&
               __builtin_cpu_supports("avx512vl") &&
               __builtin_cpu_supports("avx512vpopcntdq") &&
               __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512vbmi");
#endif
#endif
    default: return 0;
    }
}

static int forced_kernel = -1;

int hr_set_batch_kernel(int kernel)
{
    if (kernel == -1) {
        forced_kernel = -1;
        return 0;
    }
    if (kernel < 0 || kernel > 3 || !kernels[kernel][0] || !kernel_runs(kernel))
        return -3;
    forced_kernel = kernel;
    return 0;
}

int hr_batch_kernel(void)
{
    if (forced_kernel >= 0)
        return forced_kernel;
    for (int kernel = 3; kernel > 0; kernel--)
        if (kernels[kernel][0] && kernel_runs(kernel))
            return kernel;
    return 0;
}

/* Whether Monte Carlo may select cards with pdep: the batch kernel in use
 * is AVX2 or AVX-512 (so BMI2 runs, and HANDRANK_KERNEL=sse2 or generic
 * times the plain select), on a CPU whose pdep is one fast instruction (AMD
 * before Zen 3, families below 0x19, run it in microcode). */
#if HR_X86_DISPATCH
static int pdep_is_fast(void)
{
    unsigned family;
    return !cpu_is_amd(&family) || family >= 0x19u;
}
#endif

int hr_fast_pdep(void)
{
#if HR_X86_DISPATCH
    /* cpuid traps to the hypervisor in a VM: asked once (every thread
     * computes the same answer, so a race only repeats the question) */
    static volatile int fast = -1;
    if (hr_batch_kernel() < 2)
        return 0;
    if (fast < 0)
        fast = pdep_is_fast();
    return fast;
#else
    return 0;
#endif
}

int64_t hr_eval_batch_fix(const hr_game *g, const uint8_t *cards, int64_t n, int k,
                          uint16_t *out, int kernel, hr_flush_fix fix)
{
    if (k < HR_MIN_HAND || k > HR_MAX_HAND)
        return -2;
    if (kernel < 0 || kernel > 3 || !kernels[kernel][0] || !kernel_runs(kernel))
        return -3;
    return kernels[kernel][k - HR_MIN_HAND](g, cards, n, out, fix);
}

int64_t hr_eval_batch_kernel(const hr_game *g, const uint8_t *cards, int64_t n, int k,
                             uint16_t *out, int kernel)
{
    return hr_eval_batch_fix(g, cards, n, k, out, kernel, NULL);
}

int64_t hr_eval_batch(const hr_game *g, const uint8_t *cards, int64_t n, int k,
                      uint16_t *out)
{
    return hr_eval_batch_fix(g, cards, n, k, out, hr_batch_kernel(), NULL);
}

/* All hands with the first card in start, start + stride, ...: six nested
 * loops carry partial sums of the batch keys; the seventh card is looked up
 * like a batch row.  When no suit has four of the first six cards, no seventh
 * card makes a flush: that card is taken suit by suit, so consecutive hands
 * differ in rank and their histogram increments are not one chain through the
 * same counter (four cards of a rank in a row would be). */
void hr_enumerate7(const hr_game *g, int start, int stride, uint64_t *hist)
{
    const uint64_t *card = g->card;
    const uint16_t *values = g->values;
    const uint32_t *offsets = hr_hash_offsets;
    if (stride < 1 || start < 0 || g == NULL || hist == NULL)
        return;
    if (stride > HR_N_CARDS)    /* the same hands, and a += stride cannot overflow */
        stride = HR_N_CARDS;
    for (int a = start; a < HR_N_CARDS - 6; a += stride) {
        uint64_t ka = HR_CARD_SUIT_INIT + card[2 * a], ma = card[2 * a + 1];
        for (int b = a + 1; b < HR_N_CARDS - 5; b++) {
            uint64_t kb = ka + card[2 * b], mb = ma + card[2 * b + 1];
            for (int c = b + 1; c < HR_N_CARDS - 4; c++) {
                uint64_t kc = kb + card[2 * c], mc = mb + card[2 * c + 1];
                for (int d = c + 1; d < HR_N_CARDS - 3; d++) {
                    uint64_t kd = kc + card[2 * d], md = mc + card[2 * d + 1];
                    for (int e = d + 1; e < HR_N_CARDS - 2; e++) {
                        uint64_t ke = kd + card[2 * e], me = md + card[2 * e + 1];
                        for (int f = e + 1; f < HR_N_CARDS - 1; f++) {
                            uint64_t kf = ke + card[2 * f], mf = me + card[2 * f + 1];
                            if (((kf + 0x1111u) & HR_CARD_FLUSH) == 0) {
                                for (int s = 0; s < 4; s++)
                                    for (int h = f + 1 + ((s - f - 1) & 3); h < HR_N_CARDS; h += 4) {
                                        uint64_t key = kf + card[2 * h];
                                        hist[values[(uint32_t)(
                                            (uint32_t)(key >> HR_CARD_HASH_SHIFT) +
                                            offsets[key >> HR_CARD_ROW_SHIFT])]]++;
                                    }
                            } else {
                                for (int h = f + 1; h < HR_N_CARDS; h++)
                                    hist[card_lookup(g, kf + card[2 * h], mf + card[2 * h + 1])]++;
                            }
                        }
                    }
                }
            }
        }
    }
}

/* Odometer over k-card hands (k = 6 or 7) whose first card is start, start +
 * stride, ...; each hand checked against the best of its five-card subsets,
 * each subset's key formed by taking the left-out cards' keys off the sum. */
int64_t hr_selftest(const hr_game *g, int k, int start, int stride, uint64_t *hist)
{
    const uint64_t *ck = g->card_key, *cm = g->card_mask;
    int64_t bad = 0;
    int idx[HR_MAX_HAND];
    if ((k != 6 && k != 7) || stride < 1 || start < 0 || g == NULL || hist == NULL)
        return -1;
    if (stride > HR_N_CARDS)    /* the same hands, and a += stride cannot overflow */
        stride = HR_N_CARDS;
    for (int a = start; a <= HR_N_CARDS - k; a += stride) {
        idx[0] = a;
        for (int j = 1; j < k; j++)
            idx[j] = a + j;
        for (;;) {
            uint64_t key = HR_SUIT_INIT, mask = 0;
            for (int j = 0; j < k; j++) {
                key += ck[idx[j]];
                mask += cm[idx[j]];
            }
            unsigned value = hr_lookup(g, key, mask), best = 0;
            /* the batch kernels' entries give the same value */
            uint64_t bkey = HR_CARD_SUIT_INIT, bmask = 0;
            for (int j = 0; j < k; j++) {
                bkey += g->card[2 * idx[j]];
                bmask += g->card[2 * idx[j] + 1];
            }
            bad += card_lookup(g, bkey, bmask) != value;
            if (k == 7) {
                for (int x = 0; x < 7; x++)
                    for (int y = x + 1; y < 7; y++) {
                        unsigned v = hr_lookup(g, key - ck[idx[x]] - ck[idx[y]],
                                            mask - cm[idx[x]] - cm[idx[y]]);
                        best = v > best ? v : best;
                    }
            } else {
                for (int x = 0; x < 6; x++) {
                    unsigned v = hr_lookup(g, key - ck[idx[x]], mask - cm[idx[x]]);
                    best = v > best ? v : best;
                }
            }
            bad += value != best;
            hist[value]++;
            /* next hand with the same first card */
            int j = k - 1;
            while (j >= 1 && idx[j] == HR_N_CARDS - k + j)
                j--;
            if (j < 1)
                break;
            idx[j]++;
            for (int t = j + 1; t < k; t++)
                idx[t] = idx[t - 1] + 1;
        }
    }
    return bad;
}
