/* handrank: Omaha (exactly two hole cards and three board cards).
 *
 * The hand keys are additive, so a combination's key is the sum of a board
 * triple's key and a hole pair's key.  Per deal:
 *
 * 1. Read the h + 5 cards once: validate (poison bit, repeated mask bits) and
 *    keep each card's rank key and rank bit.
 * 2. Non-flush strengths, hold'em (a game with an Omaha table, written by
 *    tables/generate.py): the board's rank multiset goes through the core's
 *    perfect hash to a dense board number (6,175 five-card rank multisets);
 *    its row holds, for each of the 91 hole rank pairs, the best non-flush
 *    strength of the pair plus three of the board.  So a deal is one hash
 *    lookup plus one load per hole pair (6/10/15), all in one 182-byte row.
 *    Cost: 6,175 x 91 x 2 bytes = 1.1 MB per game, plus a 150 KB board index
 *    shared by all games; ~2 s of generator time.
 *    Other games: the hash distributes over the key sum (multiplication by an
 *    odd constant modulo 2**32), so the 10 board triples' and the hole pairs'
 *    rank keys are multiplied once each, and every combination is one add
 *    and the core lookup's two loads.  A suited combination also gets a
 *    value here (its high card or straight), below its flush value, so the
 *    maximum stays right.
 * 3. Flushes need three board cards and two hole cards of one suit.  Five
 *    board cards have at most one suit with three or more; only when the hole
 *    holds two or more of it are the suited triples x suited pairs looked up
 *    in the flush table (by their 13-bit rank set).  Most deals skip this.
 *
 * Against the hundreds of megabytes to gigabytes of a direct 9- to 11-card
 * Omaha table, the cost is the 1.1 MB above and a few dozen operations.
 */
#include "omaha.h"
#include "omaha_exact.h"

#include "handrank.h"
#include "generated/tables.h"
#include "lookup.h"

#define HR_ALWAYS_INLINE HR_INLINE

/* Strength of one deal with H hole cards, or 0 if it is not a valid deal.
 * Inlined with a constant H, so each width gets its own unrolled loops. */
static HR_ALWAYS_INLINE unsigned omaha_one(const hr_game *g, const uint16_t *rows,
                                           const uint8_t *hole, const int H,
                                           const uint8_t *board)
{
    const uint64_t *ck = g->card_key, *cm = g->card_mask;
    uint32_t brk[HR_OMAHA_BOARD], hrk[HR_OMAHA_MAX_HOLE];
    uint64_t bmask[HR_OMAHA_BOARD], hmask[HR_OMAHA_MAX_HOLE];
    uint64_t key = 0, sum = 0, any = 0;

    for (int i = 0; i < HR_OMAHA_BOARD; i++) {
        uint64_t k = ck[board[i]], m = cm[board[i]];
        key += k;
        sum += m;
        any |= m;
        brk[i] = (uint32_t)k;
        bmask[i] = m;
    }
    uint64_t board_suits = key >> HR_SUIT_SHIFT;   /* four 4-bit counters */
    for (int i = 0; i < H; i++) {
        uint64_t k = ck[hole[i]], m = cm[hole[i]];
        key += k;
        sum += m;
        any |= m;
        hrk[i] = (uint32_t)k;
        hmask[i] = m;
    }
    /* At most 11 cards: poisoned keys cannot wrap past bit 64. */
    if (HR_POISON_TEST(key) | (sum ^ any))
        return 0;

    unsigned best = 0;
    if (rows) {
        /* 2a. One row per board rank multiset, one column per hole rank pair. */
        uint32_t hb = ((brk[0] + brk[1] + brk[2] + brk[3] + brk[4]) * HR_HASH_MULT) & HR_HASH_KEYS;
        const uint16_t *row = rows + (size_t)HR_OMAHA_PAIRS * hr_omaha_board_index[hr_hash_slot(hb)];
        for (int a = 0; a < H - 1; a++)
            for (int b = a + 1; b < H; b++) {
                unsigned v = row[hr_omaha_pair_index[(hole[a] >> 2) * 13 + (hole[b] >> 2)]];
                best = v > best ? v : best;
            }
        goto flushes;
    }

    /* 2b. Non-flush: products of the partial rank keys, summed per combination. */
    uint32_t tri[10], pair[15];
    int nt = 0, np = 0;
    for (int a = 0; a < 3; a++)
        for (int b = a + 1; b < 4; b++)
            for (int c = b + 1; c < 5; c++)
                tri[nt++] = (brk[a] + brk[b] + brk[c]) * HR_HASH_MULT;
    for (int a = 0; a < H - 1; a++)
        for (int b = a + 1; b < H; b++)
            pair[np++] = (hrk[a] + hrk[b]) * HR_HASH_MULT;

    const uint16_t *values = g->values;
    for (int p = 0; p < np; p++) {
        uint32_t hp = pair[p];
        for (int t = 0; t < 10; t++) {
            uint32_t h = (tri[t] + hp) & HR_HASH_KEYS;
            unsigned v = values[hr_hash_slot(h)];
            best = v > best ? v : best;
        }
    }

flushes:;
    /* 3. Flushes: a suit with >= 3 board cards and >= 2 hole cards. */
    uint64_t hole_suits = (key >> HR_SUIT_SHIFT) - board_suits;
    for (unsigned s = 0; s < 4; s++) {
        unsigned nb = (unsigned)(board_suits >> (4 * s)) & 15u;
        if (nb < 3 || (((unsigned)(hole_suits >> (4 * s)) & 15u) < 2))
            continue;
        unsigned shift = HR_MASK_SUIT_BITS * s;
        unsigned fb[HR_OMAHA_BOARD], fh[HR_OMAHA_MAX_HOLE];
        int kb = 0, kh = 0;
        for (int i = 0; i < HR_OMAHA_BOARD; i++) {
            unsigned r = (unsigned)(bmask[i] >> shift) & 0x1FFFu;
            if (r)
                fb[kb++] = r;
        }
        for (int i = 0; i < H; i++) {
            unsigned r = (unsigned)(hmask[i] >> shift) & 0x1FFFu;
            if (r)
                fh[kh++] = r;
        }
        const uint16_t *flush = g->flush;
        for (int a = 0; a < kh - 1; a++)
            for (int b = a + 1; b < kh; b++) {
                unsigned pb = fh[a] | fh[b];
                for (int x = 0; x < kb - 2; x++)
                    for (int y = x + 1; y < kb - 1; y++)
                        for (int z = y + 1; z < kb; z++) {
                            unsigned v = flush[pb | fb[x] | fb[y] | fb[z]];
                            best = v > best ? v : best;
                        }
            }
        break;   /* only one suit can have three of the five board cards */
    }
    return best;
}

extern const hr_game hr_games[HR_N_GAMES];   /* written by the generator */

/* The game's Omaha table (board x hole pair), or NULL: then the hash path. */
static const uint16_t *omaha_rows(const hr_game *g)
{
    return hr_omaha_table(g);
}

const uint16_t *hr_omaha_table(const hr_game *g)
{
    for (int i = 0; i < HR_N_GAMES; i++)
        if (g == &hr_games[i])
            return hr_omaha_rows[i];
    return NULL;
}

int hr_eval_omaha(const hr_game *g, const uint8_t *hole, int h, const uint8_t *board)
{
    switch (h) {
    case 4: return (int)omaha_one(g, omaha_rows(g), hole, 4, board);
    case 5: return (int)omaha_one(g, omaha_rows(g), hole, 5, board);
    case 6: return (int)omaha_one(g, omaha_rows(g), hole, 6, board);
    default: return 0;
    }
}

#define HR_OMAHA_BATCH(H)                                                          \
    static int64_t omaha_batch##H(const hr_game *g, const uint8_t *holes,          \
                                  const uint8_t *boards, int64_t n, uint16_t *out) \
    {                                                                              \
        const uint16_t *rows = omaha_rows(g);                                      \
        for (int64_t i = 0; i < n; i++) {                                          \
            unsigned v = omaha_one(g, rows, holes + i * H, H, boards + i * HR_OMAHA_BOARD); \
            if (HR_UNLIKELY(v == 0))                                               \
                return i;                                                          \
            out[i] = (uint16_t)v;                                                  \
        }                                                                          \
        return -1;                                                                 \
    }
HR_OMAHA_BATCH(4)
HR_OMAHA_BATCH(5)
HR_OMAHA_BATCH(6)

int64_t hr_eval_omaha_batch(const hr_game *g, const uint8_t *holes, int h,
                            const uint8_t *boards, int64_t n, uint16_t *out)
{
    switch (h) {
    case 4: return omaha_batch4(g, holes, boards, n, out);
    case 5: return omaha_batch5(g, holes, boards, n, out);
    case 6: return omaha_batch6(g, holes, boards, n, out);
    default: return -2;
    }
}

/* Every hand on every runout (omaha_exact.h): per runout the board is
 * gathered once, then each hand that shares no card with it is one kernel
 * call (and, hi-lo, one load from the eight-or-better table). */
#define HR_OMAHA_RUNOUTS(H)                                                        \
    static int64_t omaha_runouts##H(const hr_game *g, int hilo, const uint8_t *hands, \
                                    int64_t n_hands, const uint8_t *board, int n_board, \
                                    const uint8_t *runouts, int64_t n_runouts,     \
                                    uint16_t *out)                                 \
    {                                                                              \
        const uint16_t *rows = omaha_rows(g);                                      \
        const uint8_t *bit = hr_hilo_low_bit;                                      \
        const int k = HR_OMAHA_BOARD - n_board;                                    \
        uint8_t full[HR_OMAHA_BOARD];                                              \
        for (int j = 0; j < n_board; j++)                                          \
            full[j] = board[j];                                                    \
        for (int64_t r = 0; r < n_runouts; r++) {                                  \
            const uint8_t *run = runouts + r * k;                                  \
            uint64_t bits = 0;                                                     \
            for (int j = 0; j < k; j++) {                                          \
                if (run[j] >= HR_N_CARDS)                                          \
                    return r;                                                      \
                bits |= 1ull << run[j];                                            \
                full[n_board + j] = run[j];                                        \
            }                                                                      \
            unsigned board_set = 0;                                                \
            for (int j = 0; j < HR_OMAHA_BOARD; j++)                               \
                board_set |= bit[full[j]];                                         \
            uint16_t *o = out + 2 * r * n_hands;                                   \
            for (int64_t i = 0; i < n_hands; i++) {                                \
                const uint8_t *p = hands + i * H;                                  \
                uint64_t hm = 0;                                                   \
                for (int j = 0; j < H; j++)                                        \
                    hm |= 1ull << p[j];                                            \
                if (hm & bits) {                                                   \
                    o[2 * i] = 0;                                                  \
                    o[2 * i + 1] = 0;                                              \
                    continue;                                                      \
                }                                                                  \
                unsigned v = omaha_one(g, rows, p, H, full);                       \
                if (HR_UNLIKELY(v == 0))                                           \
                    return r;                                                      \
                o[2 * i] = (uint16_t)v;                                            \
                if (hilo) {                                                        \
                    unsigned hole_set = 0;                                         \
                    for (int j = 0; j < H; j++)                                    \
                        hole_set |= bit[p[j]];                                     \
                    o[2 * i + 1] = hr_hilo_low[(board_set << 8) | hole_set];       \
                } else {                                                           \
                    o[2 * i + 1] = 0;                                              \
                }                                                                  \
            }                                                                      \
        }                                                                          \
        return -1;                                                                 \
    }
HR_OMAHA_RUNOUTS(4)
HR_OMAHA_RUNOUTS(5)
HR_OMAHA_RUNOUTS(6)

int64_t hr_omaha_runout_strengths(const hr_game *g, int hilo, int h, const uint8_t *hands,
                                  int64_t n_hands, const uint8_t *board, int n_board,
                                  const uint8_t *runouts, int64_t n_runouts, uint16_t *out)
{
    uint64_t board_bits = 0;
    if (h < HR_OMAHA_MIN_HOLE || h > HR_OMAHA_MAX_HOLE || n_board < 0 ||
        n_board > HR_OMAHA_BOARD || n_hands < 0 || n_runouts < 0)
        return -2;
    for (int j = 0; j < n_board; j++) {
        if (board[j] >= HR_N_CARDS)
            return -2;
        board_bits |= 1ull << board[j];
    }
    for (int64_t i = 0; i < n_hands * h; i++)
        if (hands[i] >= HR_N_CARDS || ((board_bits >> hands[i]) & 1u))
            return -2;
    switch (h) {
    case 4: return omaha_runouts4(g, hilo, hands, n_hands, board, n_board, runouts, n_runouts, out);
    case 5: return omaha_runouts5(g, hilo, hands, n_hands, board, n_board, runouts, n_runouts, out);
    default: return omaha_runouts6(g, hilo, hands, n_hands, board, n_board, runouts, n_runouts, out);
    }
}
