/* handrank: equity by exact enumeration and by Monte Carlo (csrc/equity.h).
 *
 * Exact enumeration, per tuple of hole cards.  Without flushes a hand's
 * strength depends only on its ranks, so the boards are first counted by
 * their rank multiset: every multiset of the missing board ranks (at most
 * 6,175 preflop) is weighed by its number of suit assignments, the product of
 * C(cards left of rank r, count of r), and each player is looked up by rank
 * key alone.  That is wrong exactly on the boards where someone makes a
 * flush.  Making one needs at least three board cards of the suit, so a board
 * has at most one suit in which anyone flushes; for each suit f the flush
 * pass enumerates the dealt f-cards as explicit rank sets (their ranks decide
 * the flush) and the other dealt cards again as rank multisets, and on the
 * boards where someone flushes adds the true outcome and takes away the
 * rank-only outcome the first pass counted.  AsKs vs QdQc preflop, 1,712,304
 * boards, takes about 50,000 leaf evaluations this way.  Tuples that are the
 * same up to a suit relabelling (one keeping the board and the dead cards)
 * have the same outcome: one per class is evaluated, weighted by the class.
 *
 * Monte Carlo: xoshiro256** seeded by splitmix64; each trial draws every
 * player's combo by weight, rejects the whole trial on a clash (so the result
 * is conditional on no clash, with no bias from the drawing order), deals
 * players with no range from the cards left, then completes the board.
 * Once the combos are in, the cards left always number the same: the random
 * players' hole cards and then the board are dealt from them, their indices
 * drawn several per 64-bit number, and tallied without branches.
 */
#include "equity.h"

#include "lookup.h"

#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* The caller's cancel flag (NULL: never cancelled).  Another thread sets it
 * while this one runs, so every poll reads memory, not a register copy. */
static inline int cancelled(const volatile int32_t *cancel)
{
    return cancel != NULL && *cancel != 0;
}

/* Trials or attempts between two polls of the cancel flag in Monte Carlo. */
#define HR_POLL_MASK 4095

/* ---------------------------------------------------------------- random */

static uint64_t splitmix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

void hr_rng_seed(hr_rng *rng, uint64_t seed, uint64_t stream)
{
    uint64_t x = seed;
    uint64_t y = splitmix64(&x) ^ (stream * 0xD1B54A32D192ED03ull);
    y = splitmix64(&y);
    for (int i = 0; i < 4; i++)
        rng->s[i] = splitmix64(&y);
    if (!(rng->s[0] | rng->s[1] | rng->s[2] | rng->s[3]))
        rng->s[0] = 1;
}

uint64_t hr_rng_next(hr_rng *rng) { return hr_xoshiro_next(rng->s); }

/* ------------------------------------------------------------- tallying */

/* C(n, k) for n <= 4 (cards of one rank), k <= 5. */
static const int64_t binom4[5][6] = {
    {1, 0, 0, 0, 0, 0}, {1, 1, 0, 0, 0, 0}, {1, 2, 1, 0, 0, 0},
    {1, 3, 3, 1, 0, 0}, {1, 4, 6, 4, 1, 0},
};

static int64_t choose(int n, int k)
{
    int64_t r = 1;
    if (k < 0 || k > n)
        return 0;
    for (int i = 1; i <= k; i++)
        r = r * (n - k + i) / i;
    return r;
}

/* Add one outcome of strengths s[0..n), counted mult times. */
static inline void tally(int n, const unsigned *s, int64_t mult, int64_t *win, int64_t *tie,
                         int64_t *share)
{
    int count;
    unsigned best = hr_best_of(n, s, &count);
    if (count == 1) {
        for (int p = 0; p < n; p++)
            if (s[p] == best) {
                win[p] += mult;
                share[p] += mult * HR_SHARE_UNIT;
            }
    } else {
        int64_t part = mult * (HR_SHARE_UNIT / count);
        for (int p = 0; p < n; p++)
            if (s[p] == best) {
                tie[p] += mult;
                share[p] += part;
            }
    }
}

/* ----------------------------------------------------------------- exact */

typedef struct exact_ctx {
    const hr_game *g;
    int n;                                   /* players */
    int m;                                   /* board cards to deal */
    uint32_t rank_base[13];
    uint32_t prk[HR_MAX_PLAYERS];            /* hole + given board rank key */
    int pc[HR_MAX_PLAYERS][4];               /* hole + given board cards per suit */
    unsigned pm[HR_MAX_PLAYERS][4];          /* their rank sets per suit */
    int fsuit;                               /* flush pass suit, -1 in the rank pass */
    int fcount;                              /* dealt cards of fsuit */
    unsigned fmask;                          /* their rank set */
    uint32_t frk;                            /* their rank key */
    int64_t win[HR_MAX_PLAYERS], tie[HR_MAX_PLAYERS], share[HR_MAX_PLAYERS];
    uint8_t hole[HR_MAX_PLAYERS][2];
} exact_ctx;

static void leaf(exact_ctx *c, uint32_t rk, int64_t mult)
{
    unsigned s[HR_MAX_PLAYERS], a[HR_MAX_PLAYERS];
    const hr_game *g = c->g;
    int n = c->n;
    rk += c->frk;
    for (int p = 0; p < n; p++)
        s[p] = hr_lookup_ranks(g, c->prk[p] + rk);
    if (c->fsuit < 0) {
        tally(n, s, mult, c->win, c->tie, c->share);
        return;
    }
    int f = c->fsuit, any = 0;
    for (int p = 0; p < n; p++) {
        if (c->pc[p][f] + c->fcount >= 5) {
            a[p] = g->flush[(c->pm[p][f] | c->fmask) & 0x1FFFu];
            any = 1;
        } else {
            a[p] = s[p];
        }
    }
    if (!any)
        return;
    tally(n, a, mult, c->win, c->tie, c->share);
    tally(n, s, -mult, c->win, c->tie, c->share);
}

/* Every multiset of `left` ranks from ranks r, r - 1, ..., 0 with at most
 * avail[r] of rank r, each weighed by its number of suit assignments.
 * cap[r] = avail[0] + ... + avail[r] prunes branches that cannot finish. */
static void multisets(exact_ctx *c, const int *avail, const int *cap, int r, int left,
                      uint32_t rk, int64_t mult)
{
    if (left == 0) {
        leaf(c, rk, mult);
        return;
    }
    if (r < 0 || cap[r] < left)
        return;
    int top = avail[r] < left ? avail[r] : left;
    for (int k = 0; k <= top; k++)
        multisets(c, avail, cap, r - 1, left - k, rk + (uint32_t)k * c->rank_base[r],
                  mult * binom4[avail[r]][k]);
}

static void capacities(const int *avail, int *cap)
{
    int sum = 0;
    for (int r = 0; r < 13; r++)
        cap[r] = sum += avail[r];
}

/* Every set of `left` ranks among the ranks r, r - 1, ..., 0 of `free`, as
 * the dealt cards of the flush suit; the rest of the board as multisets. */
static void suit_sets(exact_ctx *c, const int *avail_other, const int *cap, unsigned free, int r, int left,
                      unsigned mask, uint32_t rk)
{
    if (left == 0) {
        c->fmask = mask;
        c->frk = rk;
        multisets(c, avail_other, cap, 12, c->m - c->fcount, 0, 1);
        return;
    }
    for (; r >= left - 1; r--)
        if (free >> r & 1u)
            suit_sets(c, avail_other, cap, free, r - 1, left - 1, mask | 1u << r,
                      rk + c->rank_base[r]);
}

/* Every board counted by its ranks alone, as if no one could flush. */
static void rank_pass(exact_ctx *c, const int *avail)
{
    int cap[13];
    c->fsuit = -1;
    c->fcount = 0;
    c->fmask = 0;
    c->frk = 0;
    capacities(avail, cap);
    multisets(c, avail, cap, 12, c->m, 0, 1);
}

/* The flush correction for suit f (the cards of suit f left are the ranks
 * in `free`): every board with enough f-cards for someone to flush. */
static void flush_pass(exact_ctx *c, int f, const int *avail, unsigned free)
{
    int most = 0, other[13], cap[13];
    for (int p = 0; p < c->n; p++)
        most = c->pc[p][f] > most ? c->pc[p][f] : most;
    int have = (int)hr_popcount32(free);
    for (int r = 0; r < 13; r++)
        other[r] = avail[r] - (int)(free >> r & 1u);
    capacities(other, cap);
    c->fsuit = f;
    for (int j = 0; j <= c->m && j <= have; j++) {
        if (most + j < 5)
            continue;
        c->fcount = j;
        suit_sets(c, other, cap, free, 12, j, 0, 0);
    }
}

static void one_tuple(exact_ctx *c, uint64_t used, double weight, double *out)
{
    int n = c->n, m = c->m;
    int avail[13], left = 0;
    unsigned free_suit[4] = {0, 0, 0, 0};
    for (int r = 0; r < 13; r++) {
        avail[r] = 0;
        for (int s = 0; s < 4; s++)
            if (!(used >> (4 * r + s) & 1u)) {
                avail[r]++;
                free_suit[s] |= 1u << r;
            }
        left += avail[r];
    }
    memset(c->win, 0, sizeof c->win);
    memset(c->tie, 0, sizeof c->tie);
    memset(c->share, 0, sizeof c->share);
    rank_pass(c, avail);
    for (int f = 0; f < 4; f++)
        flush_pass(c, f, avail, free_suit[f]);
    for (int p = 0; p < n; p++) {
        out[p] += weight * (double)c->win[p];
        out[n + p] += weight * (double)c->tie[p];
        out[2 * n + p] += weight * (double)c->share[p];
    }
    out[3 * n] += weight * (double)choose(left, m);
}

/* Suit isomorphism: a suit relabelling that keeps the board, the dead cards
 * and the cards outside the deck where they are maps every tuple to one with
 * the same outcome for each player (the boards left map one to one, and
 * strengths ignore suit names).  So only the first tuple of each class in
 * odometer order (its representative) is evaluated, weighted by the summed
 * weight of the distinct tuples of the class; `combo_index` finds the image
 * of a combo in a player's range (-1 when the range lacks it).
 *
 * A range is a set of combos kept as a bitset over the 1,326 combo numbers
 * (hi * (hi - 1) / 2 + lo, hi > lo) with a running popcount per word, so a
 * combo's row in a range sorted by combo number (ascending or descending,
 * as handrank.ranges writes them) is a popcount: about 250 bytes per player
 * where a card-pair table would take 5 KB, so the whole walk fits in a few
 * KB of a worker thread's stack.  Ranges in any other order (or with a
 * repeated combo) are enumerated without grouping. */
#define HR_SUIT_PERMS 24
#define HR_COMBOS 1326
#define HR_COMBO_WORDS ((HR_COMBOS + 63) / 64)

typedef struct range_set {
    uint64_t bits[HR_COMBO_WORDS];
    uint16_t below[HR_COMBO_WORDS];               /* set bits in the words before */
    int32_t size;
    int descending;
} range_set;

typedef struct tuple_walk {
    const uint8_t *combos;
    const double *weights;
    const int32_t *offsets;
    int64_t index, start, stride, taken;
    uint64_t board_used;
    double *out;
    const volatile int32_t *cancel;
    int stopped;                                  /* the cancel flag was seen */
    int n_perms;                                  /* relabellings besides the identity */
    uint8_t perm[HR_SUIT_PERMS][HR_N_CARDS];      /* card -> relabelled card */
    const range_set *sets;                        /* [player], when grouping */
    int32_t pick[HR_MAX_PLAYERS];                 /* the tuple's combo rows */
} tuple_walk;

static inline int combo_number(int a, int b)
{
    int hi = a > b ? a : b, lo = a > b ? b : a;
    return hi * (hi - 1) / 2 + lo;
}

/* The row of combo (a, b) in a range, or -1 when the range lacks it. */
static inline int combo_index(const range_set *r, int a, int b)
{
    int k = combo_number(a, b), word = k >> 6, bit = k & 63;
    uint64_t w = r->bits[word];
    if (!(w >> bit & 1u))
        return -1;
    int rank = r->below[word] + (int)hr_popcount64(w & ((1ull << bit) - 1));
    return r->descending ? r->size - 1 - rank : rank;
}

/* Fill r from rows lo..hi of combos; 0 if they are not sorted strictly by
 * combo number (no grouping then). */
static int range_set_fill(range_set *r, const uint8_t *combos, int32_t lo, int32_t hi)
{
    memset(r, 0, sizeof *r);
    r->size = hi - lo;
    if (r->size > HR_COMBOS)
        return 0;
    int prev = -1, dir = 0;
    for (int32_t i = lo; i < hi; i++) {
        int k = combo_number(combos[2 * i], combos[2 * i + 1]);
        if (prev >= 0) {
            int d = k > prev ? 1 : k < prev ? -1 : 0;
            if (d == 0 || (dir && d != dir))
                return 0;
            dir = d;
        }
        prev = k;
        r->bits[k >> 6] |= 1ull << (k & 63);
    }
    r->descending = dir < 0;
    int count = 0;
    for (int word = 0; word < HR_COMBO_WORDS; word++) {
        r->below[word] = (uint16_t)count;
        count += (int)hr_popcount64(r->bits[word]);
    }
    return 1;
}

/* The tuple's class weight and size if it is its class's representative;
 * returns 0 (leaving *weight alone) if an earlier tuple represents it. */
static int class_of(const exact_ctx *c, const tuple_walk *w, double *weight, int64_t *members)
{
    int n = c->n, n_seen = 0;
    int16_t seen[HR_SUIT_PERMS][HR_MAX_PLAYERS];
    double total = *weight;
    int64_t count = 1;
    for (int q = 0; q < w->n_perms; q++) {
        const uint8_t *pm = w->perm[q];
        int16_t v[HR_MAX_PLAYERS];
        int order = 0, ok = 1;                /* order: sign of v - pick, lexicographic */
        for (int p = 0; p < n; p++) {
            int j = combo_index(&w->sets[p], pm[c->hole[p][0]], pm[c->hole[p][1]]);
            if (j < 0) {
                ok = 0;
                break;
            }
            v[p] = (int16_t)j;
            if (!order && j != w->pick[p] - w->offsets[p])
                order = j < w->pick[p] - w->offsets[p] ? -1 : 1;
        }
        if (!ok || order == 0)
            continue;
        if (order < 0)
            return 0;
        int dup = 0;
        for (int k = 0; k < n_seen && !dup; k++)
            dup = !memcmp(seen[k], v, (size_t)n * sizeof v[0]);
        if (dup)
            continue;
        memcpy(seen[n_seen++], v, (size_t)n * sizeof v[0]);
        double wt = 1.0;
        for (int p = 0; p < n; p++)
            wt *= w->weights[w->offsets[p] + v[p]];
        total += wt;
        count++;
    }
    *weight = total;
    *members = count;
    return 1;
}

/* Per-player rank keys and suit sets: the board's plus the hole's. */
static void hole_keys(exact_ctx *c, uint64_t board_used)
{
    const uint64_t *ck = c->g->card_key;
    for (int q = 0; q < c->n; q++) {
        uint32_t rk = 0;
        for (int s = 0; s < 4; s++) {
            c->pc[q][s] = 0;
            c->pm[q][s] = 0;
        }
        for (int card = 0; card < HR_N_CARDS; card++) {
            int mine = card == c->hole[q][0] || card == c->hole[q][1];
            if (mine || (board_used >> card & 1u)) {
                rk += (uint32_t)ck[card];
                c->pc[q][card & 3]++;
                c->pm[q][card & 3] |= 1u << (card >> 2);
            }
        }
        c->prk[q] = rk;
    }
}

static void walk(exact_ctx *c, tuple_walk *w, int p, uint64_t used, double weight)
{
    if (w->stopped)
        return;
    if (p == c->n) {
        if (cancelled(w->cancel)) {
            w->stopped = 1;
            return;
        }
        int64_t members = 1;
        if (w->n_perms && !class_of(c, w, &weight, &members))
            return;
        int64_t i = w->index++;
        if (i % w->stride != w->start)
            return;
        w->taken += members;
        hole_keys(c, w->board_used);
        one_tuple(c, used, weight, w->out);
        return;
    }
    for (int32_t i = w->offsets[p]; i < w->offsets[p + 1]; i++) {
        uint8_t a = w->combos[2 * i], b = w->combos[2 * i + 1];
        uint64_t bits = (1ull << a) | (1ull << b);
        if (used & bits)
            continue;
        c->hole[p][0] = a;
        c->hole[p][1] = b;
        w->pick[p] = i;
        walk(c, w, p + 1, used | bits, weight * w->weights[i]);
    }
}

/* The cards no one may be dealt: cards outside the game's deck.  */
static uint64_t outside_deck(const hr_game *g)
{
    uint64_t mask = 0;
    for (int card = 0; card < HR_N_CARDS; card++)
        if (HR_POISON_TEST(g->card_key[card]))
            mask |= 1ull << card;
    return mask;
}

/* board | dead as a mask, or ~0 when a card is bad or repeats. */
static uint64_t known_cards(const uint8_t *board, int n_board, const uint8_t *dead, int n_dead,
                            uint64_t *board_mask)
{
    uint64_t used = 0;
    *board_mask = 0;
    for (int i = 0; i < n_board + n_dead; i++) {
        uint8_t card = i < n_board ? board[i] : dead[i - n_board];
        if (card >= HR_N_CARDS || (used >> card & 1u))
            return ~0ull;
        used |= 1ull << card;
        if (i < n_board)
            *board_mask |= 1ull << card;
    }
    return used;
}

static int check_combos(int n_players, const uint8_t *combos, const int32_t *offsets)
{
    if (n_players < 2 || n_players > HR_MAX_PLAYERS || offsets[0] != 0)
        return -1;
    for (int p = 0; p < n_players; p++)
        if (offsets[p + 1] < offsets[p])
            return -1;
    for (int32_t i = 0; i < offsets[n_players]; i++)
        if (combos[2 * i] >= HR_N_CARDS || combos[2 * i + 1] >= HR_N_CARDS ||
            combos[2 * i] == combos[2 * i + 1])
            return -1;
    return 0;
}

int64_t hr_equity_exact(const hr_game *g, int n_players, const uint8_t *combos,
                        const double *weights, const int32_t *offsets,
                        const uint8_t *board, int n_board, const uint8_t *dead,
                        int n_dead, int64_t start, int64_t stride, double *out,
                        const volatile int32_t *cancel)
{
    uint64_t board_mask;
    if (n_board < 0 || n_board > HR_BOARD_CARDS || n_dead < 0 || stride < 1 || start < 0 ||
        check_combos(n_players, combos, offsets))
        return -1;
    for (int p = 0; p < n_players; p++)
        if (offsets[p + 1] == offsets[p])
            return -1;
    uint64_t used = known_cards(board, n_board, dead, n_dead, &board_mask);
    if (used == ~0ull)
        return -1;
    exact_ctx c;
    memset(&c, 0, sizeof c);
    c.g = g;
    c.n = n_players;
    c.m = HR_BOARD_CARDS - n_board;
    for (int r = 0; r < 13; r++)
        c.rank_base[r] = (uint32_t)g->card_key[4 * r];
    tuple_walk w;
    memset(&w, 0, sizeof w);
    w.combos = combos;
    w.weights = weights;
    w.offsets = offsets;
    w.start = start;
    w.stride = stride;
    w.board_used = board_mask;
    w.out = out;
    w.cancel = cancel;
    uint64_t outside = outside_deck(g);
    range_set sets[HR_MAX_PLAYERS];
    int grouped = offsets[n_players] > n_players;   /* some player has a range */
    for (int p = 0; p < n_players && grouped; p++)
        grouped = range_set_fill(&sets[p], combos, offsets[p], offsets[p + 1]);
    if (grouped) {
        w.sets = sets;
        uint64_t dead_mask = used & ~board_mask;
        for (int q = 1; q < HR_SUIT_PERMS; q++) {    /* q = 0 is the identity */
            int sig[4], rest = q, pool[4] = {0, 1, 2, 3};
            for (int k = 0; k < 4; k++) {            /* q-th permutation, factorial base */
                int f = 1;
                for (int j = 1; j < 4 - k; j++)
                    f *= j;
                int at = rest / f;
                rest %= f;
                sig[k] = pool[at];
                for (int j = at; j < 3 - k; j++)
                    pool[j] = pool[j + 1];
            }
            uint64_t bm = 0, dm = 0, om = 0;
            uint8_t *pm = w.perm[w.n_perms];
            for (int card = 0; card < HR_N_CARDS; card++) {
                int to = (card & ~3) | sig[card & 3];
                pm[card] = (uint8_t)to;
                bm |= (board_mask >> card & 1u) << to;
                dm |= (dead_mask >> card & 1u) << to;
                om |= (outside >> card & 1u) << to;
            }
            if (bm == board_mask && dm == dead_mask && om == outside)
                w.n_perms++;
        }
    }
    walk(&c, &w, 0, used | outside, 1.0);
    return w.stopped ? -2 : w.taken;
}

/* Preflop counts shared across suits (csrc/equity.h).  A tuple's rank pass
 * depends only on its hole ranks (avail[r] counts the cards of rank r left),
 * and the flush pass of suit f only on those ranks and on which hole cards
 * are of suit f; so each is computed once here, for suit 0 holding the
 * pattern's cards and the other hole cards spread over suits 1..3. */
int64_t hr_equity_patterns(const hr_game *g, int n_players, const uint8_t *ranks, int64_t *out)
{
    int n = n_players, n_cards = 2 * n_players, count[13] = {0};
    if (n < 2 || n > HR_PATTERN_PLAYERS || outside_deck(g))
        return -1;
    for (int i = 0; i < n_cards; i++)
        if (ranks[i] >= 13 || ++count[ranks[i]] > 4)
            return -1;
    exact_ctx c;
    memset(&c, 0, sizeof c);
    c.g = g;
    c.n = n;
    c.m = HR_BOARD_CARDS;
    for (int r = 0; r < 13; r++)
        c.rank_base[r] = (uint32_t)g->card_key[4 * r];
    int width = 3 * n, blocks = 1 << n_cards;
    memset(out, 0, (size_t)(1 + blocks) * (size_t)width * sizeof *out);
    for (int pat = -1; pat < blocks; pat++) {          /* -1: the rank pass */
        int64_t *dst = out + (size_t)(pat + 1) * (size_t)width;
        int twin = -1;                      /* the same pattern with a pair's cards swapped */
        for (int p = 0; p < n && pat >= 0; p++)
            if (ranks[2 * p] == ranks[2 * p + 1] && (pat >> (2 * p) & 3) == 2)
                twin = pat ^ (3 << (2 * p));
        if (twin >= 0) {
            memcpy(dst, out + (size_t)(twin + 1) * (size_t)width, (size_t)width * sizeof *dst);
            continue;
        }
        int next_suit[13];
        uint64_t used = 0;
        int ok = 1;
        for (int r = 0; r < 13; r++)
            next_suit[r] = pat < 0 ? 0 : 1;
        for (int i = 0; i < n_cards && ok; i++) {
            int r = ranks[i], s = pat >= 0 && (pat >> i & 1) ? 0 : next_suit[r]++;
            int card = 4 * r + s;
            ok = s < 4 && !(used >> card & 1u);
            used |= 1ull << card;
            c.hole[i / 2][i % 2] = (uint8_t)card;
        }
        if (!ok)
            continue;                                  /* no tuple has this pattern */
        hole_keys(&c, 0);
        int avail[13];
        unsigned free0 = 0;
        for (int r = 0; r < 13; r++) {
            avail[r] = 4 - count[r];
            if (!(used >> (4 * r) & 1u))
                free0 |= 1u << r;
        }
        memset(c.win, 0, sizeof c.win);
        memset(c.tie, 0, sizeof c.tie);
        memset(c.share, 0, sizeof c.share);
        if (pat < 0)
            rank_pass(&c, avail);
        else
            flush_pass(&c, 0, avail, free0);
        for (int p = 0; p < n; p++) {
            dst[p] = c.win[p];
            dst[n + p] = c.tie[p];
            dst[2 * n + p] = c.share[p];
        }
    }
    return 0;
}

/* ----------------------------------------------------------- Monte Carlo */

/* Draws by batch (Brackett-Rozinsky and Lemire, "Batched ranged random
 * integer generation"): one 64-bit number gives k uniform indices in
 * [0, bound[i]) when the product of the bounds fits in 64 bits; each index is
 * the high word of a 64 x 64-bit product and the low word carries on.  The
 * rare low remainders that would bias the batch are rejected whole, so every
 * index is exactly uniform and the indices are independent. */
static inline void below_batch(uint64_t *s, const uint32_t *bound, int k, uint64_t product,
                               uint32_t *idx)
{
    uint64_t r = hr_xoshiro_next(s);
    for (int i = 0; i < k; i++) {
        idx[i] = (uint32_t)hr_mul_hi64(r, bound[i], &r);
    }
    if (HR_UNLIKELY(r < product)) {
        uint64_t t = (0 - product) % product;
        while (r < t) {
            r = hr_xoshiro_next(s);
            for (int i = 0; i < k; i++) {
                idx[i] = (uint32_t)hr_mul_hi64(r, bound[i], &r);
            }
        }
    }
}

/* ------------------------------ Monte Carlo, exact hands and "random" players
 *
 * When every player holds an exact hand, a trial deals only the board: m
 * cards from the `size` cards left (a fixed mask `avail`); a "random"
 * player's two cards come first, from the same cards, so there is no
 * combo to draw and nothing to reject.  The indices come by batch from one
 * 64-bit number (below_batch, bounds size, size - 1, ...), and index i
 * picks the idx[i]-th lowest card still in avail (one pdep on the mask
 * with BMI2, the free-count lanes below without; both give the same card),
 * so a trial touches no memory but the tables, and no trial waits on the
 * one before.  The board's batch keys and masks
 * (g->card) are summed once and each player's hole sum added to it.
 * Heads-up, the flush branch is taken only when a sum has a flush (no suit
 * has five cards otherwise); with three or more players every trial of a
 * block goes through the hash with no branch and the trials with a flush
 * are done again after it (3-way 1.1-1.3x the branch, heads-up the same,
 * measured in one process on an Intel Xeon).  The tallies are kept without
 * branches: wins, ties and pot shares by the size of the winning group. */

/* Pot share of one of k tied winners, and its square, in units of 1 /
 * HR_SHARE_UNIT. */
static const int64_t mc_part[HR_MAX_PLAYERS + 1] = {
    0, HR_SHARE_UNIT, HR_SHARE_UNIT / 2, HR_SHARE_UNIT / 3, HR_SHARE_UNIT / 4,
    HR_SHARE_UNIT / 5, HR_SHARE_UNIT / 6, HR_SHARE_UNIT / 7, HR_SHARE_UNIT / 8,
    HR_SHARE_UNIT / 9, HR_SHARE_UNIT / 10,
};

/* The best of a board's strengths v[0..n) and how many hold it, and that
 * board's outcome for n >= 3 players: wins, tied or won boards, pot shares
 * and their squares (both trial loops below), without branches. */
static HR_INLINE unsigned mc_best(int n, const unsigned *v, int *count)
{
    unsigned best = v[0];
    for (int p = 1; p < n; p++)
        best = v[p] > best ? v[p] : best;
    int k = 0;
    for (int p = 0; p < n; p++)
        k += v[p] == best;
    *count = k;
    return best;
}

static HR_INLINE void mc_split(int n, const unsigned *v, int64_t *win, int64_t *eq,
                               int64_t *share, int64_t *sq)
{
    int count;
    unsigned best = mc_best(n, v, &count);
    int64_t one = count == 1, part = mc_part[count], part2 = part * part;
    for (int p = 0; p < n; p++) {
        int64_t e = v[p] == best;
        win[p] += e & one;
        eq[p] += e;
        share[p] += part & (0 - e);
        sq[p] += part2 & (0 - e);
    }
}

/* Most cards one trial deals: two for each "random" player, then the board. */
#define HR_MC_DRAWS (2 * HR_MAX_PLAYERS + HR_BOARD_CARDS)

/* Dealing without BMI2: the cards left in order, deck[0..size), and for
 * each place taken so far this trial, the number of places below it that
 * are still free, f, one byte lane each (unsorted; a lane not yet used holds
 * 127, above any f).  The idx-th free place is idx moved up past each taken
 * place below it, and a taken place is below it exactly when its f <= idx;
 * once it is taken, every f above idx loses one and idx joins as its f.  So
 * a card costs a few word operations per eight places taken, with no chain
 * through the earlier cards' places (the sorted scan this replaced waited on
 * each one in turn: with the SSE2 kernel, one process on a Zen 5, 1.26x
 * the trials a second heads-up, 1.21x 3-way, 2.3-2.5x with "random"
 * players, 1.01x against a range). */
#define HR_LANES_01 0x0101010101010101ull
#define HR_LANES_80 0x8080808080808080ull
#define HR_FREE_WORDS ((HR_MC_DRAWS + 7) / 8)
#define HR_FREE_INIT                                                                     \
    uint64_t fr0_ = 0x7F7F7F7F7F7F7F7Full, fr_[HR_FREE_WORDS], dealt_ = 0;               \
    (void)fr_
#define HR_FREE_LANE(f, i, k) (((f) & ~(0xFFull << 8 * ((i) & 7))) | (uint64_t)(k) << 8 * ((i) & 7))
/* r = the idx-th free place (k), and the lanes updated (i places taken) */
#define HR_FREE_RANK(i, k, r)                                                            \
    do {                                                                                 \
        const uint64_t kb_ = (uint64_t)(k) * HR_LANES_01;                                \
        uint64_t below_ = ((kb_ | HR_LANES_80) - fr0_) & HR_LANES_80;    /* f <= idx */  \
        fr0_ -= (below_ ^ HR_LANES_80) >> 7;                                             \
        below_ >>= 7;                                                                    \
        if ((i) >= 8) {                        /* past eight places: the other words */  \
            if (((i) & 7) == 0)                                                          \
                fr_[(i) >> 3] = 0x7F7F7F7F7F7F7F7Full;                                   \
            for (int w_ = 1; w_ <= (i) >> 3; w_++) {                                     \
                uint64_t x_ = ((kb_ | HR_LANES_80) - fr_[w_]) & HR_LANES_80;             \
                below_ += x_ >> 7;                                                       \
                fr_[w_] -= (x_ ^ HR_LANES_80) >> 7;                                      \
            }                                                                            \
            fr_[(i) >> 3] = HR_FREE_LANE(fr_[(i) >> 3], i, k);                           \
        } else {                                                                         \
            fr0_ = HR_FREE_LANE(fr0_, i, k);                                             \
        }                                                                                \
        (r) = (k) + (unsigned)((below_ * HR_LANES_01) >> 56);                            \
    } while (0)
#define HR_FREE_CARD(i, k, c)                                                            \
    do {                                                                                 \
        unsigned r_;                                                                     \
        HR_FREE_RANK(i, k, r_);                                                          \
        (c) = deck[r_];                                                                  \
        dealt_ |= 1ull << (c);                                                           \
    } while (0)

#define HR_MC_FLUSH 0x8888u
#define HR_MC_ROW_SHIFT (HR_CARD_HASH_SHIFT + HR_HASH_SHIFT)

/* Strength from batch key and mask sums (csrc/eval.c, card_lookup). */
static inline unsigned mc_flush(const hr_game *g, uint64_t key, uint64_t mask)
{
    if (!(key & HR_MC_FLUSH))
        return g->values[(uint32_t)((uint32_t)(key >> HR_CARD_HASH_SHIFT) +
                                    hr_hash_offsets[key >> HR_MC_ROW_SHIFT])];
    unsigned suit = hr_ctz64((key >> 3) & 0x1111u) >> 2;
    return g->flush[(mask >> (HR_MASK_SUIT_BITS * suit)) & 0x1FFFu];
}


/* Add the exact-hand tallies to out (hr_equity_mc's layout).  Heads-up keeps
 * wins only: every other trial is a split. */
static void mc_exact_out(int n, int64_t t, const int64_t *win, const int64_t *eq,
                         const int64_t *share, const int64_t *sq, int64_t *out)
{
    const int64_t whole = HR_SHARE_UNIT, half = HR_SHARE_UNIT / 2;
    for (int p = 0; p < n; p++) {
        if (n == 2) {
            int64_t ties = t - win[0] - win[1];
            out[p] += win[p];
            out[n + p] += ties;
            out[2 * n + p] += whole * win[p] + half * ties;
            out[3 * n + p] += whole * whole * win[p] + half * half * ties;
        } else {
            out[p] += win[p];
            out[n + p] += eq[p] - win[p];
            out[2 * n + p] += share[p];
            out[3 * n + p] += sq[p];
        }
    }
    out[4 * n] += t;
    out[4 * n + 1] += t;
}

#define HR_MC_BLOCK 32
/* Player p's hole-card mask sum in trial b of a block: fixed for an exact
 * hand, from the cards dealt for a "random" player. */
#define HR_MC_HOLE_MASK(b, p)                                                            \
    (n_deal && random_[p] ? card[2 * (rc[b][p] & 0xFFu) + 1] + card[2 * (rc[b][p] >> 8) + 1] \
                          : pm[p])
#define HR_MC_EXACT(NAME, ATTR, INIT, CARD, DEALT)                                                  \
    ATTR static HR_INLINE int64_t NAME(const hr_game *g, const int n, const int n_deal,  \
                                       const int *dealt_to, const uint64_t *pk,          \
                                       const uint64_t *pm, uint64_t avail, uint64_t bk0,  \
                                       uint64_t bm0, const int m, int64_t trials,        \
                                       uint64_t *s, int64_t *out,                        \
                                       const volatile int32_t *cancel)                   \
    {                                                                                    \
        const uint64_t *card = g->card;                                                  \
        const uint16_t *values = g->values;                                              \
        const uint32_t *offsets = hr_hash_offsets;                                       \
        int size = 0;                                                                    \
        uint8_t deck[HR_N_CARDS];                                                        \
        for (int c_ = 0; c_ < HR_N_CARDS; c_++)                                          \
            if (avail >> c_ & 1u)                                                        \
                deck[size++] = (uint8_t)c_;                                              \
        const int k = 2 * n_deal + m;        /* the caller checks the product fits */    \
        uint32_t bound[HR_MC_DRAWS], idx[HR_MC_DRAWS];                                   \
        uint64_t product = 1;                                                            \
        for (int i = 0; i < k; i++)                                                      \
            product *= bound[i] = (uint32_t)(size - i);                                  \
        int random_[HR_MAX_PLAYERS] = {0};                                               \
        for (int j = 0; j < n_deal; j++)                                                 \
            random_[dealt_to[j]] = 1;                                                    \
        int64_t win[HR_MAX_PLAYERS] = {0}, eq[HR_MAX_PLAYERS] = {0};                     \
        int64_t share[HR_MAX_PLAYERS] = {0}, sq[HR_MAX_PLAYERS] = {0};                   \
        int64_t t = 0, tie3 = 0;                                                         \
        uint64_t st[4];                          /* in registers, not through s */       \
        memcpy(st, s, sizeof st);                                                        \
        uint64_t bks[HR_MC_BLOCK], dealt[HR_MC_BLOCK];                                   \
        uint64_t kk[HR_MC_BLOCK][HR_MAX_PLAYERS];    /* with "random" players: keys */   \
        uint16_t rc[HR_MC_BLOCK][HR_MAX_PLAYERS];    /* and their cards */               \
        while (t < trials && !cancelled(cancel)) {                                       \
            int64_t end = trials - t > HR_POLL_MASK + 1 ? t + HR_POLL_MASK + 1 : trials; \
            while (t < end) {                                                            \
                int nb = end - t > HR_MC_BLOCK ? HR_MC_BLOCK : (int)(end - t);           \
                for (int b = 0; b < nb; b++) {                                           \
                    below_batch(st, bound, k, product, idx);                             \
                    uint64_t bk = bk0, board = 0, hs[HR_MAX_PLAYERS];                    \
                    INIT;                                                                \
                    for (int j = 0; j < n_deal; j++) {                                   \
                        unsigned a, c2;                                                  \
                        CARD(2 * j, idx[2 * j], a);                                      \
                        CARD(2 * j + 1, idx[2 * j + 1], c2);                             \
                        hs[j] = card[2 * a] + card[2 * c2];                              \
                        rc[b][dealt_to[j]] = (uint16_t)(a | c2 << 8);                    \
                    }                                                                    \
                    for (int i = 2 * n_deal; i < k; i++) {                               \
                        unsigned c;                                                      \
                        CARD(i, idx[i], c);                                              \
                        bk += card[2 * c];                                               \
                        board |= 1ull << c;                                              \
                    }                                                                    \
                    bks[b] = bk;                                                         \
                    dealt[b] = n_deal ? board : DEALT;   /* the board's cards */         \
                    if (n_deal) {                                                        \
                        for (int p = 0; p < n; p++)                                      \
                            kk[b][p] = bk + pk[p];                                       \
                        for (int j = 0; j < n_deal; j++)                                 \
                            kk[b][dealt_to[j]] += hs[j];                                 \
                    }                                                                    \
                }                                                                        \
                t += nb;                                                                 \
                if (n == 2) {        /* heads-up: the branch (no faster without it) */   \
                    for (int b = 0; b < nb; b++) {                                       \
                        uint64_t k0 = n_deal ? kk[b][0] : bks[b] + pk[0];                \
                        uint64_t k1 = n_deal ? kk[b][1] : bks[b] + pk[1];                \
                        unsigned v0, v1;                                                 \
                        if (HR_UNLIKELY((k0 | k1) & HR_MC_FLUSH)) {                      \
                            uint64_t bm = bm0;                                           \
                            for (uint64_t d = dealt[b]; d; d &= d - 1)                   \
                                bm += card[2 * hr_ctz64(d) + 1];                         \
                            v0 = mc_flush(g, k0, bm + HR_MC_HOLE_MASK(b, 0));            \
                            v1 = mc_flush(g, k1, bm + HR_MC_HOLE_MASK(b, 1));            \
                        } else {                                                         \
                            v0 = values[(uint32_t)((uint32_t)(k0 >> HR_CARD_HASH_SHIFT) +\
                                                   offsets[k0 >> HR_MC_ROW_SHIFT])];     \
                            v1 = values[(uint32_t)((uint32_t)(k1 >> HR_CARD_HASH_SHIFT) +\
                                                   offsets[k1 >> HR_MC_ROW_SHIFT])];     \
                        }                                                                \
                        win[0] += v0 > v1;                                               \
                        win[1] += v1 > v0;                                               \
                    }                                                                    \
                    continue;                                                            \
                }                                                                        \
                /* three or more players: a flush in one hand or another is likelier,    \
                 * so every trial goes through the hash with no branch and the           \
                 * trials with a flush are done again after the block */                 \
                unsigned vs[HR_MC_BLOCK][HR_MAX_PLAYERS];                                \
                uint64_t flushes = 0;                                                    \
                for (int b = 0; b < nb; b++) {                                           \
                    uint64_t bk = bks[b], any = 0;                                       \
                    for (int p = 0; p < n; p++) {                                        \
                        uint64_t key = n_deal ? kk[b][p] : bk + pk[p];                   \
                        any |= key;                                                      \
                        vs[b][p] = values[(uint32_t)((uint32_t)(key >> HR_CARD_HASH_SHIFT) +\
                                                     offsets[key >> HR_MC_ROW_SHIFT])];  \
                    }                                                                    \
                    flushes |= (uint64_t)((any & HR_MC_FLUSH) != 0) << b;                \
                }                                                                        \
                while (flushes) {                                                        \
                    int b = (int)hr_ctz64(flushes);                                      \
                    flushes &= flushes - 1;                                              \
                    uint64_t bk = bks[b], bm = bm0;                                      \
                    for (uint64_t d = dealt[b]; d; d &= d - 1)                           \
                        bm += card[2 * hr_ctz64(d) + 1];                                 \
                    for (int p = 0; p < n; p++)                                          \
                        vs[b][p] = mc_flush(g, n_deal ? kk[b][p] : bk + pk[p],           \
                                            bm + HR_MC_HOLE_MASK(b, p));                 \
                }                                                                        \
                for (int b = 0; b < nb; b++) {                                           \
                    const unsigned *v = vs[b];                                           \
                    if (n == 3) {                                                        \
                        int count;                                                       \
                        unsigned best = mc_best(n, v, &count);                           \
                        int64_t one = count == 1;                                        \
                        tie3 += count == 3;                                              \
                        for (int p = 0; p < n; p++) {                                    \
                            int64_t e = v[p] == best;                                    \
                            win[p] += e & one;                                           \
                            eq[p] += e;                                                  \
                        }                                                                \
                        continue;                                                        \
                    }                                                                    \
                    mc_split(n, v, win, eq, share, sq);                                  \
                }                                                                        \
            }                                                                            \
        }                                                                                \
        if (n == 3)                                                                      \
            for (int p = 0; p < n; p++) {                                                \
                int64_t tie2 = eq[p] - win[p] - tie3;                                    \
                share[p] = mc_part[1] * win[p] + mc_part[2] * tie2 + mc_part[3] * tie3;  \
                sq[p] = mc_part[1] * mc_part[1] * win[p] + mc_part[2] * mc_part[2] * tie2 + \
                        mc_part[3] * mc_part[3] * tie3;                                  \
            }                                                                            \
        memcpy(s, st, sizeof st);                                                        \
        mc_exact_out(n, t, win, eq, share, sq, out);                                     \
        return t;                                                                        \
    }

HR_MC_EXACT(mc_exact_plain, , HR_FREE_INIT, HR_FREE_CARD, dealt_)
#if HR_X86_DISPATCH
#include <immintrin.h>
#define HR_MC_BMI2 __attribute__((target("bmi,bmi2,popcnt")))
/* With BMI2: the cards not yet taken as a mask, and the idx-th of them is
 * one pdep. */
#define HR_PDEP_INIT uint64_t left = avail; (void)deck
#define HR_PDEP_CARD(i, k, c)                                                            \
    do {                                                                                 \
        uint64_t bit_ = _pdep_u64(1ull << (k), left);                                    \
        left ^= bit_;                                                                    \
        (c) = hr_ctz64(bit_);                                                            \
    } while (0)
HR_MC_EXACT(mc_exact_bmi2, HR_MC_BMI2, HR_PDEP_INIT, HR_PDEP_CARD, avail ^ left)
#endif

/* Heads-up and three-way preflop, with no "random" player, one or two, get
 * their own copies, so the compiler unrolls the player and card loops: one
 * HR_MC_CASE each (N players, D of them "random", a whole board to deal). */
#define HR_MC_CASE(BODY, N, D)                                                           \
    if (n == (N) && m == HR_BOARD_CARDS && n_deal == (D))                                \
        return BODY(g, N, D, dealt_to, pk, pm, avail, bk0, bm0, HR_BOARD_CARDS,          \
                    trials, s, out, cancel)
#define HR_MC_SIZES(NAME, ATTR, BODY)                                                    \
    ATTR static int64_t NAME(const hr_game *g, int n, int n_deal, const int *dealt_to,  \
                             const uint64_t *pk, const uint64_t *pm, uint64_t avail,     \
                             uint64_t bk0, uint64_t bm0, int m, int64_t trials,          \
                             uint64_t *s, int64_t *out, const volatile int32_t *cancel)  \
    {                                                                                    \
        HR_MC_CASE(BODY, 2, 0);                                                          \
        HR_MC_CASE(BODY, 2, 1);                                                          \
        HR_MC_CASE(BODY, 2, 2);                                                          \
        HR_MC_CASE(BODY, 3, 0);                                                          \
        HR_MC_CASE(BODY, 3, 1);                                                          \
        HR_MC_CASE(BODY, 3, 2);                                                          \
        if (n == 2 && n_deal == 0)                                                       \
            return BODY(g, 2, 0, dealt_to, pk, pm, avail, bk0, bm0, m, trials, s, out,   \
                        cancel);                                                         \
        return BODY(g, n, n_deal, dealt_to, pk, pm, avail, bk0, bm0, m, trials, s, out,  \
                    cancel);                                                             \
    }
HR_MC_SIZES(mc_exact_plain_n, , mc_exact_plain)
#if HR_X86_DISPATCH
HR_MC_SIZES(mc_exact_bmi2_n, HR_MC_BMI2, mc_exact_bmi2)
#endif

/* Every player an exact hand or "random" (no range to draw from): the fast
 * path above, whose trials are the general loop's below card for card (that
 * loop draws nothing for a range of one combo, and deals the "random"
 * players' cards and the board from one batch when their bounds' product
 * fits in 64 bits).  Returns -1 if the hands clash and -2 if the draws need
 * more than one batch (the caller's general path then runs). */
static int64_t mc_exact(const hr_game *g, int n, const int *hand_of, const uint8_t *combos,
                        uint64_t fixed, const uint8_t *board, int n_board, int64_t trials,
                        uint64_t *s, int64_t *out, const volatile int32_t *cancel)
{
    const uint64_t *card = g->card;
    uint64_t used = fixed, pk[HR_MAX_PLAYERS], pm[HR_MAX_PLAYERS];
    int dealt_to[HR_MAX_PLAYERS], n_deal = 0;
    for (int p = 0; p < n; p++) {
        if (hand_of[p] < 0) {                   /* "random": dealt in the loop */
            dealt_to[n_deal++] = p;
            pk[p] = pm[p] = 0;
            continue;
        }
        const uint8_t *cc = combos + 2 * hand_of[p];
        uint64_t bits = (1ull << cc[0]) | (1ull << cc[1]);
        if (used & bits)
            return -1;
        used |= bits;
        pk[p] = card[2 * cc[0]] + card[2 * cc[1]];
        pm[p] = card[2 * cc[0] + 1] + card[2 * cc[1] + 1];
    }
    uint64_t bk0 = HR_CARD_SUIT_INIT, bm0 = 0;
    for (int i = 0; i < n_board; i++) {
        bk0 += card[2 * board[i]];
        bm0 += card[2 * board[i] + 1];
    }
    uint64_t avail = ~used & ((1ull << HR_N_CARDS) - 1);
    int m = HR_BOARD_CARDS - n_board, size = (int)hr_popcount64(avail);
    uint64_t prod = 1;
    for (int i = 0; i < 2 * n_deal + m; i++)
        if (hr_mul_hi64(prod, (uint64_t)(size - i), &prod))
            return -2;
#if HR_X86_DISPATCH
    if (hr_fast_pdep())
        return mc_exact_bmi2_n(g, n, n_deal, dealt_to, pk, pm, avail, bk0, bm0, m, trials, s,
                               out, cancel);
#endif
    return mc_exact_plain_n(g, n, n_deal, dealt_to, pk, pm, avail, bk0, bm0, m, trials, s, out,
                            cancel);
}

/* ------------------------------ Monte Carlo, ranges and "random" players
 *
 * The general loop.  Each trial draws the combos of the players with a
 * range (an exact hand is a range of one combo) by weight, the whole trial
 * rejected on a clash; once they are in, the cards left always number the
 * same, so the cards dealt - two for each "random" player, in player order,
 * then the board - come by batch (one 64-bit number for up to eleven of
 * them), and each is the idx-th card of the mask left (pdep, or the places
 * in the sorted deck without BMI2: the same card).  Trials are drawn a block
 * at a time, keys summed per player, and looked up and tallied after the
 * block without branches, as above; with three or more players the lookups
 * too, the trials with a flush done again after the block (against the
 * branch, one process on an Intel Xeon: 3-way with "random" players
 * 1.00-1.07x preflop and 1.27-1.35x on a flop, 4-way 1.00-1.26x). */

/* Without BMI2: the held cards' places in deck (the cards left in order),
 * h[0..len) ascending, put in with no branch. */
static inline void place_insert(uint32_t *q, int len, uint32_t pos)
{
    q[len] = pos;
    for (int j = len; j > 0; j--) {
        uint32_t lo = q[j - 1], hi = q[j];
        q[j - 1] = lo < hi ? lo : hi;
        q[j] = lo < hi ? hi : lo;
    }
}

/* A dealt card's place among the cards not in a hand comes from the
 * free-count lanes (HR_FREE_RANK); its place in deck is that place moved up
 * past each held place below it, and with the held places ascending, h[j]
 * is below it exactly when h[j] - j <= the place: one more set of lanes,
 * g, filled once a trial. */
#define HR_HELD_WORDS ((2 * HR_MAX_PLAYERS + 7) / 8)
#define HR_PLACE_INIT                                                                    \
    uint32_t h[2 * HR_MAX_PLAYERS];                                                      \
    for (int j = 0; j < n_hold; j++) {                                                   \
        const uint8_t *cc_ = hole[nb][n_deal ? held[j] : j];                             \
        place_insert(h, 2 * j, place[cc_[0]]);                                           \
        place_insert(h, 2 * j + 1, place[cc_[1]]);                                       \
    }                                                                                    \
    uint64_t g_[HR_HELD_WORDS];                                                          \
    for (int w_ = 0; w_ < HR_HELD_WORDS; w_++)                                           \
        g_[w_] = 0x7F7F7F7F7F7F7F7Full;                                                  \
    for (int j = 0; j < 2 * n_hold; j++)                                                 \
        g_[j >> 3] = HR_FREE_LANE(g_[j >> 3], j, h[j] - (uint32_t)j);                    \
    uint64_t fr0_ = 0x7F7F7F7F7F7F7F7Full, fr_[HR_FREE_WORDS];                           \
    (void)fr_
#define HR_PLACE_CARD(i, k, c)                                                           \
    do {                                                                                 \
        unsigned r_;                                                                     \
        HR_FREE_RANK(i, k, r_);                                                          \
        const uint64_t rb_ = (uint64_t)r_ * HR_LANES_01;                                 \
        uint64_t n_ = 0;                                                                 \
        for (int w_ = 0; w_ < (2 * n_hold + 7) >> 3; w_++)                               \
            n_ += (((rb_ | HR_LANES_80) - g_[w_]) & HR_LANES_80) >> 7;                   \
        (c) = deck[r_ + (unsigned)((n_ * HR_LANES_01) >> 56)];                           \
    } while (0)

/* Row of player p's combo for one draw (the general loop's rule). */
static inline int32_t draw_combo(uint64_t *s, const uint64_t *cum, int32_t lo, int32_t count,
                                 int uniform)
{
    if (count <= 1)
        return 0;
    if (uniform)
        return (int32_t)hr_below(s, (uint32_t)count);
    uint64_t u = hr_xoshiro_next(s) >> 32;
    const uint64_t *cp = cum + lo;
    int32_t a = 0, b = count - 1;                  /* first i with cp[i] > u */
    while (a < b) {
        int32_t mid = (a + b) >> 1;
        if (cp[mid] > u)
            b = mid;
        else
            a = mid + 1;
    }
    return a;
}

/* n_deal players have no combos ("random": two cards each from the cards
 * left), the other n - n_deal hold combos. */
#define HR_MC_RANGES(NAME, ATTR, INIT, CARD)                                             \
    ATTR static HR_INLINE int64_t NAME(const hr_game *g, const int n, const int n_deal,  \
                                       const int one_batch,                              \
                                       const uint8_t *combos, const uint64_t *cum,       \
                                       const uint8_t *uniform, const int32_t *offsets,   \
                                       uint64_t fixed, uint64_t bk0, uint64_t bm0,       \
                                       const int m, int64_t trials, int64_t max_attempts, \
                                       uint64_t *s, int64_t *out,                        \
                                       const volatile int32_t *cancel)                   \
    {                                                                                    \
        const uint64_t *card = g->card;                                                  \
        const uint16_t *values = g->values;                                              \
        const uint32_t *offs = hr_hash_offsets;                                          \
        uint64_t avail = ~fixed & ((1ull << HR_N_CARDS) - 1);                            \
        uint8_t deck[HR_N_CARDS], place[HR_N_CARDS];                                     \
        int size = 0;                                                                    \
        for (int c_ = 0; c_ < HR_N_CARDS; c_++) {                                        \
            place[c_] = (uint8_t)size;                                                   \
            if (avail >> c_ & 1u)                                                        \
                deck[size++] = (uint8_t)c_;                                              \
        }                                                                                \
        int held[HR_MAX_PLAYERS], dealt_to[HR_MAX_PLAYERS], n_held = 0, n_dealt = 0;     \
        for (int p = 0; p < n; p++) {                                                    \
            if (offsets[p + 1] > offsets[p])                                             \
                held[n_held++] = p;                                                      \
            else                                                                         \
                dealt_to[n_dealt++] = p;                                                 \
        }                                                                                \
        const int n_hold = n - n_deal;                                                   \
        size -= 2 * n_hold;                                                              \
        const int k = 2 * n_deal + m;                                                    \
        /* the k draws in batches whose bound products fit in 64 bits */                 \
        uint32_t bound[HR_MC_DRAWS], idx[HR_MC_DRAWS];                                   \
        int batch_end[HR_MC_DRAWS + 1], n_batch = 0;                                     \
        uint64_t product[HR_MC_DRAWS + 1], prod = 1;                                     \
        for (int i = 0; i < k; i++) {                                                    \
            uint64_t next;                                                               \
            bound[i] = (uint32_t)(size - i);                                             \
            if (hr_mul_hi64(prod, bound[i], &next)) {                                    \
                product[n_batch] = prod;                                                 \
                batch_end[n_batch++] = i;                                                \
                prod = bound[i];                                                         \
            } else {                                                                     \
                prod = next;                                                             \
            }                                                                            \
        }                                                                                \
        product[n_batch] = prod;                                                         \
        batch_end[n_batch++] = k;                                                        \
        int64_t win[HR_MAX_PLAYERS] = {0}, eq[HR_MAX_PLAYERS] = {0};                     \
        int64_t share[HR_MAX_PLAYERS] = {0}, sq[HR_MAX_PLAYERS] = {0};                   \
        int64_t t = 0, attempts = 0;                                                     \
        uint64_t st[4];                                                                  \
        memcpy(st, s, sizeof st);                                                        \
        uint64_t keys[HR_MC_BLOCK][HR_MAX_PLAYERS], dealt[HR_MC_BLOCK];                  \
        uint8_t hole[HR_MC_BLOCK][HR_MAX_PLAYERS][2];                                    \
        int stop = 0;                                                                    \
        while (t < trials && !stop) {                                                    \
            int nb = 0;                                                                  \
            while (nb < HR_MC_BLOCK && t + nb < trials) {                                \
                if (attempts >= max_attempts ||                                          \
                    (!(attempts & HR_POLL_MASK) && cancelled(cancel))) {                 \
                    stop = 1;                                                            \
                    break;                                                               \
                }                                                                        \
                attempts++;                                                              \
                uint64_t used = fixed;                                                   \
                int clash = 0;                                                           \
                for (int j = 0; j < n_hold; j++) {                                       \
                    int p = n_deal ? held[j] : j;                                        \
                    int32_t lo = offsets[p];                                             \
                    int32_t i = lo + draw_combo(st, cum, lo, offsets[p + 1] - lo, uniform[p]); \
                    const uint8_t *cc = combos + 2 * i;                                  \
                    uint64_t bits = (1ull << cc[0]) | (1ull << cc[1]);                   \
                    if (used & bits) {                                                   \
                        clash = 1;                                                       \
                        break;                                                           \
                    }                                                                    \
                    used |= bits;                                                        \
                    hole[nb][p][0] = cc[0];                                              \
                    hole[nb][p][1] = cc[1];                                              \
                }                                                                        \
                if (clash)                                                               \
                    continue;                                                            \
                if (one_batch || n_batch == 1)                                           \
                    below_batch(st, bound, k, product[0], idx);                          \
                else                                                                     \
                    for (int b = 0, lo = 0; b < n_batch; lo = batch_end[b++])            \
                        below_batch(st, bound + lo, batch_end[b] - lo, product[b], idx + lo); \
                uint64_t bk = bk0, board = 0;                                            \
                INIT;                                                                    \
                for (int j = 0; j < n_deal; j++) {                                       \
                    unsigned a, b;                                                       \
                    CARD(2 * j, idx[2 * j], a);                                          \
                    CARD(2 * j + 1, idx[2 * j + 1], b);                                  \
                    hole[nb][dealt_to[j]][0] = (uint8_t)a;                               \
                    hole[nb][dealt_to[j]][1] = (uint8_t)b;                               \
                }                                                                        \
                for (int i = 2 * n_deal; i < k; i++) {                                   \
                    unsigned c;                                                          \
                    CARD(i, idx[i], c);                                                  \
                    bk += card[2 * c];                                                   \
                    board |= 1ull << c;                                                  \
                }                                                                        \
                dealt[nb] = board;                                                       \
                for (int p = 0; p < n; p++) {                                            \
                    const uint8_t *cc = hole[nb][p];                                     \
                    keys[nb][p] = bk + card[2 * cc[0]] + card[2 * cc[1]];                \
                }                                                                        \
                nb++;                                                                    \
            }                                                                            \
            t += nb;                                                                     \
            if (n >= 3) {        /* no branch on the flush, as in the exact-hands loop */ \
                unsigned vs[HR_MC_BLOCK][HR_MAX_PLAYERS];                                \
                uint64_t flushes = 0;                                                    \
                for (int b = 0; b < nb; b++) {                                           \
                    uint64_t any = 0;                                                    \
                    for (int p = 0; p < n; p++) {                                        \
                        uint64_t key = keys[b][p];                                       \
                        any |= key;                                                      \
                        vs[b][p] = values[(uint32_t)((uint32_t)(key >> HR_CARD_HASH_SHIFT) +\
                                                     offs[key >> HR_MC_ROW_SHIFT])];     \
                    }                                                                    \
                    flushes |= (uint64_t)((any & HR_MC_FLUSH) != 0) << b;                \
                }                                                                        \
                while (flushes) {                                                        \
                    int b = (int)hr_ctz64(flushes);                                      \
                    flushes &= flushes - 1;                                              \
                    uint64_t bm = bm0;                                                   \
                    for (uint64_t d = dealt[b]; d; d &= d - 1)                           \
                        bm += card[2 * hr_ctz64(d) + 1];                                 \
                    for (int p = 0; p < n; p++) {                                        \
                        const uint8_t *cc = hole[b][p];                                  \
                        vs[b][p] = mc_flush(g, keys[b][p],                               \
                                            bm + card[2 * cc[0] + 1] + card[2 * cc[1] + 1]); \
                    }                                                                    \
                }                                                                        \
                for (int b = 0; b < nb; b++)                                             \
                    mc_split(n, vs[b], win, eq, share, sq);                              \
                continue;                                                                \
            }                                                                            \
            for (int b = 0; b < nb; b++) {                                               \
                unsigned v[HR_MAX_PLAYERS];                                              \
                uint64_t any = 0;                                                        \
                for (int p = 0; p < n; p++)                                              \
                    any |= keys[b][p];                                                   \
                if (HR_UNLIKELY(any & HR_MC_FLUSH)) {                                    \
                    uint64_t bm = bm0;                                                   \
                    for (uint64_t d = dealt[b]; d; d &= d - 1)                           \
                        bm += card[2 * hr_ctz64(d) + 1];                                 \
                    for (int p = 0; p < n; p++) {                                        \
                        const uint8_t *cc = hole[b][p];                                  \
                        v[p] = mc_flush(g, keys[b][p],                                   \
                                        bm + card[2 * cc[0] + 1] + card[2 * cc[1] + 1]); \
                    }                                                                    \
                } else {                                                                 \
                    for (int p = 0; p < n; p++) {                                        \
                        uint64_t key = keys[b][p];                                       \
                        v[p] = values[(uint32_t)((uint32_t)(key >> HR_CARD_HASH_SHIFT) + \
                                                 offs[key >> HR_MC_ROW_SHIFT])];         \
                    }                                                                    \
                }                                                                        \
                if (n == 2) {                                                            \
                    win[0] += v[0] > v[1];                                               \
                    win[1] += v[1] > v[0];                                               \
                    continue;                                                            \
                }                                                                        \
                mc_split(n, v, win, eq, share, sq);                                      \
            }                                                                            \
        }                                                                                \
        (void)n_held;                                                                    \
        (void)n_dealt;                                                                   \
        memcpy(s, st, sizeof st);                                                        \
        mc_exact_out(n, t, win, eq, share, sq, out);                                     \
        out[4 * n + 1] += attempts - t;                                                  \
        return t;                                                                        \
    }

HR_MC_RANGES(mc_ranges_plain, , HR_PLACE_INIT, HR_PLACE_CARD)
#if HR_X86_DISPATCH
#define HR_PDEP_LEFT uint64_t left = avail & ~used; (void)deck; (void)place
HR_MC_RANGES(mc_ranges_bmi2, HR_MC_BMI2, HR_PDEP_LEFT, HR_PDEP_CARD)
#endif

/* Heads-up and three-way preflop, with none, one or two "random" players,
 * get their own copies, so the compiler unrolls the player and card loops. */
#define HR_MC_RANGE_SIZES(NAME, ATTR, BODY)                                              \
    ATTR static int64_t NAME(const hr_game *g, int n, int n_deal, const uint8_t *combos, \
                             const uint64_t *cum, const uint8_t *uniform,                \
                             const int32_t *offsets, uint64_t fixed, uint64_t bk0,       \
                             uint64_t bm0, int m, int64_t trials, int64_t max_attempts,  \
                             uint64_t *s, int64_t *out, const volatile int32_t *cancel)  \
    {                                                                                    \
        if (n == 2 && m == HR_BOARD_CARDS && n_deal == 0)                                \
            return BODY(g, 2, 0, 1, combos, cum, uniform, offsets, fixed, bk0, bm0,         \
                        HR_BOARD_CARDS, trials, max_attempts, s, out, cancel);           \
        if (n == 2 && m == HR_BOARD_CARDS && n_deal == 1)                                \
            return BODY(g, 2, 1, 1, combos, cum, uniform, offsets, fixed, bk0, bm0,         \
                        HR_BOARD_CARDS, trials, max_attempts, s, out, cancel);           \
        if (n == 3 && m == HR_BOARD_CARDS && n_deal == 1)                                \
            return BODY(g, 3, 1, 1, combos, cum, uniform, offsets, fixed, bk0, bm0,         \
                        HR_BOARD_CARDS, trials, max_attempts, s, out, cancel);           \
        if (n == 3 && m == HR_BOARD_CARDS && n_deal == 2)                                \
            return BODY(g, 3, 2, 1, combos, cum, uniform, offsets, fixed, bk0, bm0,         \
                        HR_BOARD_CARDS, trials, max_attempts, s, out, cancel);           \
        return BODY(g, n, n_deal, 0, combos, cum, uniform, offsets, fixed, bk0, bm0, m,     \
                    trials, max_attempts, s, out, cancel);                               \
    }
HR_MC_RANGE_SIZES(mc_ranges_plain_n, , mc_ranges_plain)
#if HR_X86_DISPATCH
HR_MC_RANGE_SIZES(mc_ranges_bmi2_n, HR_MC_BMI2, mc_ranges_bmi2)
#endif

int64_t hr_equity_mc(const hr_game *g, int n_players, const uint8_t *combos,
                     const uint64_t *cum, const uint8_t *uniform, const int32_t *offsets,
                     const uint8_t *board, int n_board, const uint8_t *dead, int n_dead,
                     int64_t trials, int64_t max_attempts, hr_rng *rng, int64_t *out,
                     const volatile int32_t *cancel)
{
    uint64_t board_mask;
    int n = n_players;
    if (n_board < 0 || n_board > HR_BOARD_CARDS || n_dead < 0 || trials < 0 ||
        check_combos(n_players, combos, offsets))
        return -1;
    uint64_t fixed = known_cards(board, n_board, dead, n_dead, &board_mask);
    if (fixed == ~0ull)
        return -1;
    fixed |= outside_deck(g);
    if ((int)hr_popcount64(~fixed & ((1ull << HR_N_CARDS) - 1)) <
        2 * n + HR_BOARD_CARDS - n_board)
        return -1;

    int m = HR_BOARD_CARDS - n_board;
    uint64_t s[4];
    memcpy(s, rng->s, sizeof s);

    /* every player an exact hand or "random": no combo to draw, nothing to reject */
    int hand_of[HR_MAX_PLAYERS], all_exact = 1, n_deal = 0;
    for (int p = 0; p < n; p++) {
        int32_t count = offsets[p + 1] - offsets[p];
        hand_of[p] = count ? offsets[p] : -1;
        all_exact &= count <= 1;
        n_deal += count == 0;
    }
    if (all_exact && max_attempts >= trials) {
        int64_t done = mc_exact(g, n, hand_of, combos, fixed, board, n_board, trials, s, out,
                                cancel);
        if (done >= 0) {
            memcpy(rng->s, s, sizeof s);
            return done;
        }
    }

    uint64_t bk = HR_CARD_SUIT_INIT, bm = 0;
    for (int i = 0; i < n_board; i++) {
        bk += g->card[2 * board[i]];
        bm += g->card[2 * board[i] + 1];
    }
    int64_t done;
#if HR_X86_DISPATCH
    if (hr_fast_pdep())
        done = mc_ranges_bmi2_n(g, n, n_deal, combos, cum, uniform, offsets, fixed, bk, bm, m,
                                trials, max_attempts, s, out, cancel);
    else
#endif
        done = mc_ranges_plain_n(g, n, n_deal, combos, cum, uniform, offsets, fixed, bk, bm, m,
                                 trials, max_attempts, s, out, cancel);
    memcpy(rng->s, s, sizeof s);
    return done;
}

int64_t hr_equity_mc_streams(const hr_game *g, int n_players, const uint8_t *combos,
                             const uint64_t *cum, const uint8_t *uniform,
                             const int32_t *offsets, const uint8_t *board, int n_board,
                             const uint8_t *dead, int n_dead, uint64_t seed, int64_t first,
                             int64_t lo, int64_t hi, int64_t todo, int64_t stream_trials,
                             int64_t *out, const volatile int32_t *cancel)
{
    if (lo < 0 || hi < lo || todo < 0 || stream_trials < 1 || first < 0)
        return -1;
    int64_t streams = todo / stream_trials + (todo % stream_trials != 0);  /* no overflow */
    if (hi > streams)
        return -1;
    int64_t done = 0;
    for (int64_t c = lo; c < hi; c++) {
        int64_t share = todo - c * stream_trials;
        if (share > stream_trials)
            share = stream_trials;
        int64_t attempts = share <= (INT64_C(1) << 62) / 1000 ? 1000 * share
                                                              : INT64_C(1) << 62;
        if (attempts < 1000000)
            attempts = 1000000;
        hr_rng rng;
        hr_rng_seed(&rng, seed, (uint64_t)first + (uint64_t)c);
        int64_t got = hr_equity_mc(g, n_players, combos, cum, uniform, offsets, board,
                                   n_board, dead, n_dead, share, attempts, &rng, out, cancel);
        if (got < 0)
            return got;
        done += got;
        if (got < share)
            break;
    }
    return done;
}
