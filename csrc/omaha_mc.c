/* handrank: Omaha equity in C (csrc/omaha_mc.h).
 *
 * Monte Carlo.  A trial's work is split so that what is shared is done once:
 * the board is read once (board_prep: its row of the game's Omaha table, or
 * its ten triples' multiplied rank keys for a game without one; the suit
 * holding three or more board cards; its low-rank set), each hand once
 * (hand_prep: its hole pairs' table columns or multiplied rank keys, its
 * rank bits per suit, its low-rank set) and exact hands only before the
 * first trial.  A hand's value on a board (hand_value) is then the best of
 * its 6/10/15 hole pairs' loads in the board's row, plus the flush table
 * only when the hand holds two of the board's flush suit.  With only exact
 * hands and "random" players the cards left are the same on every trial, so
 * a trial is a partial Fisher-Yates shuffle of them, its indices drawn
 * several per 64-bit number (as csrc/equity.c does).  Ranged players draw a
 * hand each (uniform, or by an alias table: one 64-bit number, two loads)
 * and a clash rejects the whole trial; the rest is then dealt by a
 * Fisher-Yates walk that skips the cards the ranged hands hold.
 *
 * The generator is xoshiro256** as in csrc/equity.c, seeded there
 * (hr_rng_seed); the same (seed, stream) gives the same trials on any
 * thread.
 *
 * Exact enumeration.  A board's Omaha value for a hand is the best, over
 * the board's ten triples, of the best five-card hand of that triple and a
 * hole pair.  So each hand's best over its hole pairs is computed once per
 * triple of the cards a board can hold (17,296 triples preflop heads-up,
 * times six pairs), and each board then costs the best of ten loads,
 * arranged so that four come from the enclosing loop and six from rows
 * contiguous in the innermost index: that loop runs over the last board
 * card with no branch and vectorises.
 */
#include "omaha_mc.h"

#include "lookup.h"
#include "omaha.h"
#include "port.h"
#include "generated/tables.h"

#include <stddef.h>
#include <string.h>

#define HR_POLL_MASK 4095

static inline int cancelled(const volatile int32_t *cancel)
{
    return cancel != NULL && *cancel != 0;
}

/* ---------------------------------------------------------------- random */

/* k uniform indices idx[i] in [0, bound[i]) from one 64-bit number when the
 * product of the bounds fits (see csrc/equity.c, below_batch). */
static inline void below_batch(uint64_t *s, const uint32_t *bound, int k, uint64_t product,
                               uint32_t *idx)
{
    uint64_t r = hr_xoshiro_next(s);
    for (int i = 0; i < k; i++)
        idx[i] = (uint32_t)hr_mul_hi64(r, bound[i], &r);
    if (HR_UNLIKELY(r < product)) {
        uint64_t t = (0 - product) % product;
        while (r < t) {
            r = hr_xoshiro_next(s);
            for (int i = 0; i < k; i++)
                idx[i] = (uint32_t)hr_mul_hi64(r, bound[i], &r);
        }
    }
}

/* ------------------------------------------------------------ alias table */

int hr_alias_build(const double *w, int32_t n, uint64_t *prob, int32_t *alias, int32_t *work)
{
    /* Vose's method in integers: prob[i] is w[i] * n / sum(w) in units of
     * 2**-32, rounded so that the entries sum to exactly n * 2**32; work
     * holds the small entries from the front and the large from the back. */
    const uint64_t one = 1ull << 32;
    double total = 0;
    if (n < 1)
        return -1;
    for (int32_t i = 0; i < n; i++) {
        if (!(w[i] >= 0) || w[i] > 1e300)
            return -1;
        total += w[i];
    }
    if (!(total > 0) || total > 1e300)
        return -1;
    uint64_t sum = 0, want = (uint64_t)n * one;
    for (int32_t i = 0; i < n; i++) {
        double x = w[i] / total * (double)n * (double)one;
        prob[i] = x < (double)want ? (uint64_t)x : want;
        sum += prob[i];
    }
    while (sum > want)                 /* rounding up is not possible, but be safe */
        for (int32_t i = 0; i < n && sum > want; i++)
            if (prob[i]) {
                prob[i]--;
                sum--;
            }
    while (sum < want)                 /* hand out what the floors left */
        for (int32_t i = 0; i < n && sum < want; i++)
            if (w[i] > 0) {
                prob[i]++;
                sum++;
            }
    int32_t ns = 0, nl = n;
    for (int32_t i = 0; i < n; i++) {
        alias[i] = i;
        if (prob[i] < one)
            work[ns++] = i;
        else
            work[--nl] = i;
    }
    while (ns > 0 && nl < n) {
        int32_t s = work[--ns], l = work[nl];
        alias[s] = l;
        prob[l] -= one - prob[s];
        if (prob[l] < one) {
            nl++;
            work[ns++] = l;
        }
    }
    for (int32_t i = 0; i < ns; i++)
        prob[work[i]] = one;           /* leftovers of rounding: keep themselves */
    for (int32_t i = nl; i < n; i++)
        prob[work[i]] = one;
    return 0;
}

/* --------------------------------------------------------- board and hand */

typedef struct mc_board {
    const uint16_t *row;     /* the board's row of the Omaha table, or NULL */
    uint32_t tri[10];        /* without a table: each triple's rank key x HR_HASH_MULT */
    int fsuit;               /* the suit with three or more board cards, or -1 */
    int kb;
    unsigned fb[HR_OMAHA_BOARD];   /* rank bits of the board cards of that suit */
    unsigned low;            /* low-rank set (hi-lo) */
} mc_board;

typedef struct mc_hand {
    int np;
    uint8_t col[15];         /* table columns of the hole pairs */
    uint32_t pair[15];       /* without a table: pair rank keys x HR_HASH_MULT */
    unsigned suit[4];        /* rank bits of the hole cards per suit */
    unsigned nsuit[4];
    unsigned low;
} mc_hand;

static inline unsigned rank_bits(const hr_game *g, uint8_t c)
{
    return (unsigned)(g->card_mask[c] >> (HR_MASK_SUIT_BITS * (c & 3u))) & 0x1FFFu;
}

static HR_INLINE void hand_prep(const hr_game *g, const uint16_t *rows, const uint8_t *c,
                                int H, mc_hand *x)
{
    uint32_t rk[HR_OMAHA_MAX_HOLE];
    unsigned low = 0;
    for (int s = 0; s < 4; s++)
        x->suit[s] = x->nsuit[s] = 0;
    for (int i = 0; i < H; i++) {
        unsigned s = c[i] & 3u;
        rk[i] = (uint32_t)g->card_key[c[i]];
        x->suit[s] |= rank_bits(g, c[i]);
        x->nsuit[s]++;
        low |= hr_hilo_low_bit[c[i]];
    }
    x->low = low;
    int np = 0;
    for (int a = 0; a < H - 1; a++)
        for (int b = a + 1; b < H; b++, np++) {
            if (rows)
                x->col[np] = hr_omaha_pair_index[(c[a] >> 2) * 13 + (c[b] >> 2)];
            else
                x->pair[np] = (rk[a] + rk[b]) * HR_HASH_MULT;
        }
    x->np = np;
}

static HR_INLINE void board_prep(const hr_game *g, const uint16_t *rows, const uint8_t *b,
                                 mc_board *x)
{
    uint32_t rk[HR_OMAHA_BOARD];
    unsigned count[4] = {0, 0, 0, 0}, low = 0;
    for (int i = 0; i < HR_OMAHA_BOARD; i++) {
        rk[i] = (uint32_t)g->card_key[b[i]];
        count[b[i] & 3u]++;
        low |= hr_hilo_low_bit[b[i]];
    }
    x->low = low;
    if (rows) {
        uint32_t hb = ((rk[0] + rk[1] + rk[2] + rk[3] + rk[4]) * HR_HASH_MULT) & HR_HASH_KEYS;
        x->row = rows + (size_t)HR_OMAHA_PAIRS * hr_omaha_board_index[hr_hash_slot(hb)];
    } else {
        int t = 0;
        x->row = NULL;
        for (int a = 0; a < 3; a++)
            for (int c = a + 1; c < 4; c++)
                for (int d = c + 1; d < 5; d++)
                    x->tri[t++] = (rk[a] + rk[c] + rk[d]) * HR_HASH_MULT;
    }
    x->fsuit = -1;
    x->kb = 0;
    for (unsigned s = 0; s < 4; s++)
        if (count[s] >= 3) {
            x->fsuit = (int)s;
            for (int i = 0; i < HR_OMAHA_BOARD; i++)
                if ((b[i] & 3u) == s)
                    x->fb[x->kb++] = rank_bits(g, b[i]);
        }
}

static HR_INLINE unsigned hand_value(const hr_game *g, const mc_board *b, const mc_hand *h)
{
    unsigned best = 0;
    if (b->row) {
        const uint16_t *row = b->row;
        for (int p = 0; p < h->np; p++) {
            unsigned v = row[h->col[p]];
            best = v > best ? v : best;
        }
    } else {
        const uint16_t *values = g->values;
        for (int p = 0; p < h->np; p++)
            for (int t = 0; t < 10; t++) {
                unsigned v = values[hr_hash_slot((b->tri[t] + h->pair[p]) & HR_HASH_KEYS)];
                best = v > best ? v : best;
            }
    }
    int f = b->fsuit;
    if (HR_UNLIKELY(f >= 0 && h->nsuit[f] >= 2)) {
        unsigned fh[HR_OMAHA_MAX_HOLE], bits = h->suit[f];
        int kh = 0, kb = b->kb;
        while (bits) {
            fh[kh++] = bits & (0u - bits);
            bits &= bits - 1;
        }
        const uint16_t *flush = g->flush;
        for (int x = 0; x < kh - 1; x++)
            for (int y = x + 1; y < kh; y++) {
                unsigned pb = fh[x] | fh[y];
                for (int i = 0; i < kb - 2; i++)
                    for (int j = i + 1; j < kb - 1; j++)
                        for (int k = j + 1; k < kb; k++) {
                            unsigned v = flush[pb | b->fb[i] | b->fb[j] | b->fb[k]];
                            best = v > best ? v : best;
                        }
            }
    }
    return best;
}

/* ---------------------------------------------------------------- tally */

typedef struct mc_sums {
    int64_t s[HR_OMAHA_MC_SUMS][HR_MAX_PLAYERS];
} mc_sums;

static const int64_t unit_of[HR_MAX_PLAYERS + 1] = {
    0, HR_SHARE_UNIT, HR_SHARE_UNIT / 2, HR_SHARE_UNIT / 3, HR_SHARE_UNIT / 4,
    HR_SHARE_UNIT / 5, HR_SHARE_UNIT / 6, HR_SHARE_UNIT / 7, HR_SHARE_UNIT / 8,
    HR_SHARE_UNIT / 9, HR_SHARE_UNIT / 10,
};

static HR_INLINE void tally_high(int n, const unsigned *v, mc_sums *t)
{
    int count;
    unsigned best = hr_best_of(n, v, &count);
    int64_t u = unit_of[count];
    for (int p = 0; p < n; p++)
        if (v[p] == best) {
            t->s[count == 1 ? 0 : 1][p]++;
            t->s[2][p] += u;
            t->s[3][p] += u * u;
        }
}

static HR_INLINE void tally_hilo(int n, const unsigned *hi, const unsigned *lo, mc_sums *t)
{
    int ch, cl;
    unsigned bh = hr_best_of(n, hi, &ch), bl = hr_best_of(n, lo, &cl);
    int64_t uh = unit_of[ch], ul = unit_of[cl];
    for (int p = 0; p < n; p++) {
        int64_t hs = hi[p] == bh ? uh : 0;
        int64_t ls = bl ? (lo[p] == bl ? ul : 0) : hs;
        int64_t share = hs + ls;
        if (!share)
            continue;
        t->s[share == 2 * HR_SHARE_UNIT ? 0 : 1][p]++;
        t->s[2][p] += share;
        t->s[3][p] += share * share;
        t->s[4][p] += hs;
        if (bl)
            t->s[5][p] += ls;
    }
}

/* ---------------------------------------------------------------- Monte Carlo */

int64_t hr_omaha_mc(const hr_game *g, int hilo, int n_players, int h, const uint8_t *hands,
                    const uint64_t *prob, const int32_t *alias, const uint8_t *uniform,
                    const int32_t *offsets, const uint8_t *board, int n_board,
                    const uint8_t *dead, int n_dead, int64_t trials, int64_t max_attempts,
                    hr_rng *rng, int64_t *out, const volatile int32_t *cancel)
{
    const int n = n_players;
    if (n < 2 || n > HR_MAX_PLAYERS || h < HR_OMAHA_MIN_HOLE || h > HR_OMAHA_MAX_HOLE ||
        n_board < 0 || n_board > HR_OMAHA_BOARD || n_dead < 0 || n_dead > HR_N_CARDS ||
        trials < 0 || offsets[0] != 0)
        return -1;
    uint64_t fixed = 0;
    for (int c = 0; c < HR_N_CARDS; c++)
        if (HR_POISON_TEST(g->card_key[c]))
            fixed |= 1ull << c;
    for (int i = 0; i < n_board + n_dead; i++) {
        uint8_t c = i < n_board ? board[i] : dead[i - n_board];
        if (c >= HR_N_CARDS || (fixed >> c & 1u))
            return -1;
        fixed |= 1ull << c;
    }
    int kind[HR_MAX_PLAYERS];        /* 0 random, 1 exact, 2 ranged */
    int n_random = 0, n_ranged = 0;
    for (int p = 0; p < n; p++) {
        int32_t lo = offsets[p], count = offsets[p + 1] - lo;
        if (count < 0)
            return -1;
        for (int64_t i = (int64_t)lo * h; i < ((int64_t)lo + count) * h; i++)
            if (hands[i] >= HR_N_CARDS)
                return -1;
        kind[p] = count == 0 ? 0 : count == 1 ? 1 : 2;
        n_random += kind[p] == 0;
        n_ranged += kind[p] == 2;
        if (kind[p] == 2 && !uniform[p])
            for (int32_t i = lo; i < lo + count; i++)
                if ((uint32_t)alias[i] >= (uint32_t)count || prob[i] > (1ull << 32))
                    return -1;
    }
    const uint16_t *rows = hr_omaha_table(g);
    mc_hand hand[HR_MAX_PLAYERS];
    for (int p = 0; p < n; p++) {
        if (kind[p] != 1)
            continue;
        const uint8_t *c = hands + (size_t)offsets[p] * (size_t)h;
        for (int i = 0; i < h; i++) {
            if (fixed >> c[i] & 1u)
                return -1;
            fixed |= 1ull << c[i];
        }
        hand_prep(g, rows, c, h, &hand[p]);
    }
    uint8_t deck[HR_N_CARDS];
    int nd = 0;
    for (int c = 0; c < HR_N_CARDS; c++)
        if (!(fixed >> c & 1u))
            deck[nd++] = (uint8_t)c;
    const int m = HR_OMAHA_BOARD - n_board;
    const int k = n_random * h + m;            /* cards dealt from deck per trial */
    if (nd < k + n_ranged * h)
        return -1;

    uint8_t bcards[HR_OMAHA_BOARD];
    memcpy(bcards, board, (size_t)n_board);
    mc_board bd;
    memset(&bd, 0, sizeof bd);
    if (m == 0)
        board_prep(g, rows, bcards, &bd);

    uint64_t s[4];
    memcpy(s, rng->s, sizeof s);
    mc_sums t;
    memset(&t, 0, sizeof t);
    unsigned hv[HR_MAX_PLAYERS], lv[HR_MAX_PLAYERS];
    int64_t accepted = 0, attempts = 0;

    if (n_ranged == 0) {
        /* fixed deck: a partial shuffle per trial, indices in batches */
        uint32_t bound[HR_N_CARDS], idx[HR_N_CARDS];
        int batch_end[HR_N_CARDS], n_batch = 0;
        uint64_t product[HR_N_CARDS];
        for (int i = 0; i < k; i++)
            bound[i] = (uint32_t)(nd - i);
        for (int i = 0; i < k;) {
            uint64_t prod = 1, lo_hi;
            int j = i;
            while (j < k && hr_mul_hi64(prod, bound[j], &lo_hi) == 0) {
                prod = lo_hi;
                j++;
            }
            product[n_batch] = prod;
            batch_end[n_batch++] = j;
            i = j;
        }
        for (; accepted < trials && accepted < max_attempts; accepted++) {
            if (!(accepted & HR_POLL_MASK) && cancelled(cancel))
                break;
            for (int b = 0, lo = 0; b < n_batch; lo = batch_end[b++])
                below_batch(s, bound + lo, batch_end[b] - lo, product[b], idx + lo);
            for (int i = 0; i < k; i++) {
                int j = i + (int)idx[i];
                uint8_t c = deck[j];
                deck[j] = deck[i];
                deck[i] = c;
            }
            if (m) {
                memcpy(bcards + n_board, deck + n_random * h, (size_t)m);
                board_prep(g, rows, bcards, &bd);
            }
            for (int p = 0, r = 0; p < n; p++) {
                mc_hand tmp;
                const mc_hand *x = &hand[p];
                if (kind[p] == 0) {
                    hand_prep(g, rows, deck + h * r++, h, &tmp);
                    x = &tmp;
                }
                hv[p] = hand_value(g, &bd, x);
                if (hilo)
                    lv[p] = hr_hilo_low[(bd.low << 8) | x->low];
            }
            if (hilo)
                tally_hilo(n, hv, lv, &t);
            else
                tally_high(n, hv, &t);
        }
        attempts = accepted;
    } else {
        while (accepted < trials && attempts < max_attempts) {
            if (!(attempts & HR_POLL_MASK) && cancelled(cancel))
                break;
            attempts++;
            uint64_t used = fixed;
            const uint8_t *drawn[HR_MAX_PLAYERS];
            int clash = 0;
            for (int p = 0; p < n; p++) {
                if (kind[p] != 2)
                    continue;
                int32_t lo = offsets[p];
                uint32_t count = (uint32_t)(offsets[p + 1] - lo);
                uint64_t r = hr_xoshiro_next(s);
                uint32_t i = hr_below_hi(s, r, count);
                if (!uniform[p] && (uint32_t)r >= prob[lo + (int32_t)i])
                    i = (uint32_t)alias[lo + (int32_t)i];
                const uint8_t *c = hands + ((size_t)lo + i) * (size_t)h;
                uint64_t bits = 0;
                for (int j = 0; j < h; j++)
                    bits |= 1ull << c[j];
                if ((used & bits) || (uint64_t)hr_popcount64(bits) != (uint64_t)h) {
                    clash = 1;
                    break;
                }
                used |= bits;
                drawn[p] = c;
            }
            if (clash)
                continue;
            /* the rest from the deck, skipping the ranged hands' cards */
            uint8_t got[HR_N_CARDS];
            for (int i = 0, have = 0; have < k; i++) {
                int j = i + (int)hr_below_hi(s, hr_xoshiro_next(s), (uint32_t)(nd - i));
                uint8_t c = deck[j];
                deck[j] = deck[i];
                deck[i] = c;
                if (!(used >> c & 1u))
                    got[have++] = c;
            }
            if (m) {
                memcpy(bcards + n_board, got + n_random * h, (size_t)m);
                board_prep(g, rows, bcards, &bd);
            }
            for (int p = 0, r = 0; p < n; p++) {
                mc_hand tmp;
                const mc_hand *x = &hand[p];
                if (kind[p] != 1) {
                    hand_prep(g, rows, kind[p] == 0 ? got + h * r++ : drawn[p], h, &tmp);
                    x = &tmp;
                }
                hv[p] = hand_value(g, &bd, x);
                if (hilo)
                    lv[p] = hr_hilo_low[(bd.low << 8) | x->low];
            }
            if (hilo)
                tally_hilo(n, hv, lv, &t);
            else
                tally_high(n, hv, &t);
            accepted++;
        }
    }
    memcpy(rng->s, s, sizeof s);
    for (int j = 0; j < HR_OMAHA_MC_SUMS; j++)
        for (int p = 0; p < n; p++)
            out[j * n + p] += t.s[j][p];
    out[HR_OMAHA_MC_SUMS * n] += accepted;
    out[HR_OMAHA_MC_SUMS * n + 1] += attempts;
    return accepted;
}

/* ---------------------------------------------------------------- exact */

int hr_omaha_exact_prep(const hr_game *g, int n_players, int h, const uint8_t *hands,
                        const uint8_t *cards, int n_cards, int16_t *scratch)
{
    const uint64_t *ck = g->card_key, *cm = g->card_mask;
    if (n_players < 2 || n_players > HR_MAX_PLAYERS || h < HR_OMAHA_MIN_HOLE ||
        h > HR_OMAHA_MAX_HOLE || n_cards < HR_OMAHA_BOARD || n_cards > HR_N_CARDS)
        return -1;
    uint64_t seen = 0;
    for (int i = 0; i < n_players * h + n_cards; i++) {
        uint8_t c = i < n_players * h ? hands[i] : cards[i - n_players * h];
        if (c >= HR_N_CARDS || (seen >> c & 1u) || HR_POISON_TEST(ck[c]))
            return -1;
        seen |= 1ull << c;
    }
    const size_t N = (size_t)n_cards, cube = N * N * N;
    for (int p = 0; p < n_players; p++) {
        const uint8_t *c = hands + p * h;
        uint64_t pk[15], pm[15];
        int np = 0;
        for (int a = 0; a < h - 1; a++)
            for (int b = a + 1; b < h; b++, np++) {
                pk[np] = ck[c[a]] + ck[c[b]];
                pm[np] = cm[c[a]] + cm[c[b]];
            }
        int16_t *T = scratch + (size_t)p * cube;
        for (size_t i = 0; i + 2 < N; i++)
            for (size_t j = i + 1; j + 1 < N; j++) {
                uint64_t k2 = HR_SUIT_INIT + ck[cards[i]] + ck[cards[j]];
                uint64_t m2 = cm[cards[i]] + cm[cards[j]];
                int16_t *row = T + (i * N + j) * N;
                for (size_t x = j + 1; x < N; x++) {
                    uint64_t k3 = k2 + ck[cards[x]], m3 = m2 + cm[cards[x]];
                    unsigned best = 0;
                    for (int q = 0; q < np; q++) {
                        unsigned v = hr_lookup(g, k3 + pk[q], m3 + pm[q]);
                        best = v > best ? v : best;
                    }
                    row[x] = (int16_t)best;
                }
            }
    }
    return 0;
}

/* Lower bound of board position i given the previous position's value:
 * fixed positions (i < n_board) hold card i. */
#define HR_POS_LO(i, prev) ((i) < n_board ? (i) : (prev) + 1)
#define HR_POS_HI(i) ((i) < n_board ? (i) : n_cards - HR_OMAHA_BOARD + (i))

int64_t hr_omaha_exact_run(int n_players, int n_cards, int n_board, const int16_t *scratch,
                           int64_t start, int64_t stride, int64_t *out,
                           const volatile int32_t *cancel)
{
    const int n = n_players;
    if (n < 2 || n > HR_MAX_PLAYERS || n_cards < HR_OMAHA_BOARD || n_cards > HR_N_CARDS ||
        n_board < 0 || n_board > HR_OMAHA_BOARD || start < 0 || stride < 1)
        return -1;
    const size_t N = (size_t)n_cards, cube = N * N * N;
    int64_t win[HR_MAX_PLAYERS] = {0}, tie[HR_MAX_PLAYERS] = {0}, share[HR_MAX_PLAYERS] = {0};
    int64_t boards = 0, pair = -1;
    int16_t vals[HR_MAX_PLAYERS][HR_N_CARDS];
    for (int a = HR_POS_LO(0, -1); a <= HR_POS_HI(0); a++)
        for (int b = HR_POS_LO(1, a); b <= HR_POS_HI(1); b++) {
            if (++pair % stride != start)
                continue;
            if (cancelled(cancel))
                return -2;
            for (int c = HR_POS_LO(2, b); c <= HR_POS_HI(2); c++)
                for (int d = HR_POS_LO(3, c); d <= HR_POS_HI(3); d++) {
                    int e0 = HR_POS_LO(4, d), e1 = HR_POS_HI(4) + 1;
                    if (e0 >= e1)
                        continue;
                    for (int p = 0; p < n; p++) {
                        const int16_t *T = scratch + (size_t)p * cube;
                        const int16_t *ab = T + ((size_t)a * N + (size_t)b) * N;
                        const int16_t *ac = T + ((size_t)a * N + (size_t)c) * N;
                        const int16_t *ad = T + ((size_t)a * N + (size_t)d) * N;
                        const int16_t *bc = T + ((size_t)b * N + (size_t)c) * N;
                        const int16_t *bdr = T + ((size_t)b * N + (size_t)d) * N;
                        const int16_t *cd = T + ((size_t)c * N + (size_t)d) * N;
                        int16_t m4 = ab[c];
                        m4 = ab[d] > m4 ? ab[d] : m4;
                        m4 = ac[d] > m4 ? ac[d] : m4;
                        m4 = bc[d] > m4 ? bc[d] : m4;
                        int16_t *v = vals[p];
                        for (int e = e0; e < e1; e++) {
                            int16_t x = m4;
                            x = ab[e] > x ? ab[e] : x;
                            x = ac[e] > x ? ac[e] : x;
                            x = ad[e] > x ? ad[e] : x;
                            x = bc[e] > x ? bc[e] : x;
                            x = bdr[e] > x ? bdr[e] : x;
                            x = cd[e] > x ? cd[e] : x;
                            v[e] = x;
                        }
                    }
                    boards += e1 - e0;
                    if (n == 2) {
                        const int16_t *v0 = vals[0], *v1 = vals[1];
                        int32_t w0 = 0, w1 = 0;
                        for (int e = e0; e < e1; e++) {
                            w0 += v0[e] > v1[e];
                            w1 += v1[e] > v0[e];
                        }
                        int32_t t2 = (e1 - e0) - w0 - w1;
                        win[0] += w0;
                        win[1] += w1;
                        tie[0] += t2;
                        tie[1] += t2;
                        share[0] += (int64_t)w0 * HR_SHARE_UNIT + (int64_t)t2 * (HR_SHARE_UNIT / 2);
                        share[1] += (int64_t)w1 * HR_SHARE_UNIT + (int64_t)t2 * (HR_SHARE_UNIT / 2);
                        continue;
                    }
                    for (int e = e0; e < e1; e++) {
                        int16_t best = 0;
                        int count = 0;
                        for (int p = 0; p < n; p++) {
                            int16_t x = vals[p][e];
                            if (x > best) {
                                best = x;
                                count = 1;
                            } else if (x == best) {
                                count++;
                            }
                        }
                        for (int p = 0; p < n; p++)
                            if (vals[p][e] == best) {
                                if (count == 1)
                                    win[p]++;
                                else
                                    tie[p]++;
                                share[p] += unit_of[count];
                            }
                    }
                }
        }
    for (int p = 0; p < n; p++) {
        out[p] += win[p];
        out[n + p] += tie[p];
        out[2 * n + p] += share[p];
    }
    out[3 * n] += boards;
    return boards;
}
