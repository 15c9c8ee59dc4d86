/* handrank: a driver for the sanitizer and valgrind runs (.ci/sanitize.sh).
 *
 * Calls every public C entry point of the core with valid and garbage
 * arguments.  Every buffer is malloc'd at exactly the size the call may
 * read, so AddressSanitizer (or valgrind) reports any read past it; UBSan
 * reports undefined behaviour.  The driver also checks what it can without
 * an oracle (a result is a strength of the game or 0, a batch stops at a
 * bad row and fills the rows before it, shares sum to 1, the self-test
 * finds no mismatch) and exits 1 on the first failure.
 *
 * Usage: driver [scale]   (scale 1 for valgrind, larger for the sanitizers)
 */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../equity.h"
#include "../handrank.h"
#include "../hilo.h"
#include "../lowball.h"
#include "../omaha.h"
#include "../showdown.h"

static uint64_t rng_state = 0x9E3779B97F4A7C15ull;

static uint64_t rnd(void)
{
    uint64_t x = rng_state;
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    return rng_state = x;
}

static unsigned below(unsigned n) { return (unsigned)(rnd() % n); }

static int failures = 0;
static int exact_runs = 0;

#define CHECK(cond, ...)                                                      \
    do {                                                                      \
        if (!(cond)) {                                                        \
            fprintf(stderr, "driver: %s:%d: ", __FILE__, __LINE__);           \
            fprintf(stderr, __VA_ARGS__);                                     \
            fputc('\n', stderr);                                              \
            if (++failures > 20)                                              \
                exit(1);                                                      \
        }                                                                     \
    } while (0)

/* A card id: mostly valid, sometimes any byte. */
static uint8_t garbage_card(void)
{
    return below(8) ? (uint8_t)below(HR_N_CARDS) : (uint8_t)below(256);
}

/* k distinct valid cards. */
static void deal(uint8_t *out, int k)
{
    uint64_t used = 0;
    for (int i = 0; i < k; i++) {
        unsigned c;
        do c = below(HR_N_CARDS); while (used >> c & 1u);
        used |= 1ull << c;
        out[i] = (uint8_t)c;
    }
}

static void *exact_alloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (!p) {
        fprintf(stderr, "driver: out of memory\n");
        exit(2);
    }
    return p;
}

static void scalar_calls(const hr_game *g, int rounds)
{
    static const char *pieces[] = {"A", "K", "10", "T", "2", "s", "h", "d", "c", " ", ",",
                                   "\xe2\x99\xa0", "\xe2\x99\xa5", "\xe2\x99", "x", "\t", "9"};
    for (int r = 0; r < rounds; r++) {
        int n = (int)below(10);
        uint8_t *cards = exact_alloc((size_t)n);
        for (int i = 0; i < n; i++)
            cards[i] = below(2) ? garbage_card() : (uint8_t)below(HR_N_CARDS);
        if (n >= 5 && n <= 7 && below(2))
            deal(cards, n);
        int s = hr_eval(g, cards, n);
        CHECK(s >= 0 && (uint32_t)s <= g->classes, "hr_eval returned %d", s);
        int b = hr_eval_bytes(g, (const char *)cards, n);
        CHECK(b == s, "hr_eval_bytes %d != hr_eval %d", b, s);
        free(cards);

        /* text: random pieces, exactly its length (no NUL) for hr_eval_text */
        char buf[96];
        size_t len = 0;
        int parts = (int)below(20);
        for (int i = 0; i < parts; i++) {
            const char *p = below(3) ? pieces[below(sizeof pieces / sizeof *pieces)] : NULL;
            char raw[2] = {(char)below(256), 0};
            const char *piece = p ? p : raw;
            size_t k = p ? strlen(p) : 1;
            if (len + k >= sizeof buf)
                break;
            memcpy(buf + len, piece, k);
            len += k;
        }
        char *text = exact_alloc(len);
        memcpy(text, buf, len);
        int t = hr_eval_text(g, text, len);
        CHECK(t >= 0 && (uint32_t)t <= g->classes, "hr_eval_text returned %d", t);
        free(text);
        char *z = exact_alloc(len + 1);
        memcpy(z, buf, len);
        z[len] = 0;
        int tz = hr_eval_text_holdem(z);
        CHECK(tz >= 0 && tz <= HR_N_STRENGTHS, "hr_eval_text_holdem returned %d", tz);
        free(z);

        for (int k = 5; k <= 7; k++) {
            uint8_t *ids = exact_alloc((size_t)k);
            for (int i = 0; i < k; i++)
                ids[i] = garbage_card();
            int v = k == 5 ? hr_eval5_holdem((const char *)ids)
                  : k == 6 ? hr_eval6_holdem((const char *)ids)
                           : hr_eval7_holdem((const char *)ids);
            CHECK(v == hr_eval(hr_game_at(0), ids, k), "hr_eval%d_holdem disagrees", k);
            free(ids);
        }
    }
}

/* A low game (tables/generate.py names them low_*): 0 is a valid strength
 * there ("no qualifying low"), and hr_eval_low_batch applies. */
static int is_low(const hr_game *g) { return strncmp(g->name, "low_", 4) == 0; }

static void batch_calls(const hr_game *g, int rounds)
{
    for (int r = 0; r < rounds; r++) {
        int k = 4 + (int)below(5);                  /* 4..8: 4 and 8 are bad */
        int64_t n = below(400);
        uint8_t *cards = exact_alloc((size_t)(n * k));
        for (int64_t i = 0; i < n; i++) {
            if (k >= 5 && k <= 7 && below(40))
                deal(cards + i * k, k);
            else
                for (int j = 0; j < k; j++)
                    cards[i * k + j] = garbage_card();
        }
        uint16_t *out = exact_alloc((size_t)n * sizeof *out);
        int64_t bad = hr_eval_batch(g, cards, n, k, out);
        if (k < 5 || k > 7) {
            CHECK(bad == -2, "hr_eval_batch k=%d returned %lld", k, (long long)bad);
        } else {
            CHECK(bad >= -1 && bad < n, "hr_eval_batch returned %lld", (long long)bad);
            int64_t done = bad < 0 ? n : bad;
            for (int64_t i = 0; i < done; i++)
                CHECK(out[i] == hr_eval(g, cards + i * k, k) && (out[i] > 0 || is_low(g)),
                      "hr_eval_batch row %lld", (long long)i);
            if (bad >= 0)
                CHECK(hr_eval(g, cards + bad * k, k) == 0, "row %lld is not bad",
                      (long long)bad);
        }
        /* every batch kernel this build and CPU have gives the same answer */
        for (int kernel = 0; kernel < 4 && k >= 5 && k <= 7; kernel++) {
            uint16_t *again = exact_alloc((size_t)n * sizeof *again);
            int64_t same = hr_eval_batch_kernel(g, cards, n, k, again, kernel);
            if (same != -3) {
                CHECK(same == bad, "kernel %d returned %lld, not %lld", kernel,
                      (long long)same, (long long)bad);
                for (int64_t i = 0; i < (bad < 0 ? n : bad); i++)
                    CHECK(again[i] == out[i], "kernel %d row %lld", kernel, (long long)i);
            }
            free(again);
        }
        free(out);
        free(cards);

        /* Omaha: holes (n, h), h = 3..7 (3 and 7 bad), boards (n, 5) */
        int h = 3 + (int)below(5);
        n = below(200);
        uint8_t *holes = exact_alloc((size_t)(n * h));
        uint8_t *boards = exact_alloc((size_t)(n * 5));
        for (int64_t i = 0; i < n; i++) {
            uint8_t all[12];
            deal(all, h + 5 <= 12 ? h + 5 : 12);
            if (!below(30))
                all[below((unsigned)(h + 5 <= 12 ? h + 5 : 12))] = garbage_card();
            memcpy(holes + i * h, all, (size_t)h);
            memcpy(boards + i * 5, all + (h + 5 <= 12 ? h : 12 - 5), 5);
        }
        uint16_t *om = exact_alloc((size_t)n * sizeof *om);
        bad = hr_eval_omaha_batch(g, holes, h, boards, n, om);
        if (h < HR_OMAHA_MIN_HOLE || h > HR_OMAHA_MAX_HOLE) {
            CHECK(bad == -2, "hr_eval_omaha_batch h=%d returned %lld", h, (long long)bad);
        } else {
            CHECK(bad >= -1 && bad < n, "hr_eval_omaha_batch returned %lld", (long long)bad);
            int64_t done = bad < 0 ? n : bad;
            for (int64_t i = 0; i < done; i++)
                CHECK(om[i] == hr_eval_omaha(g, holes + i * h, h, boards + i * 5),
                      "omaha row %lld", (long long)i);
        }
        if (n > 0)
            (void)hr_eval_omaha(g, holes, h, boards);
        free(om);
        free(holes);
        free(boards);

        /* showdown: players 0..24 (0 and 24 bad) */
        int players = (int)below(25);
        n = below(100);
        size_t per = 5 + 2 * (size_t)players;
        uint8_t *sb = exact_alloc((size_t)n * 5);
        uint8_t *sh = exact_alloc((size_t)n * 2 * (size_t)players);
        for (int64_t i = 0; i < n; i++) {
            uint8_t all[5 + 2 * 24];
            deal(all, per <= 52 ? (int)per : 52);
            for (size_t j = 52; j < per; j++)
                all[j] = garbage_card();
            if (!below(30))
                all[below((unsigned)(per <= 52 ? per : 52))] = garbage_card();
            memcpy(sb + i * 5, all, 5);
            memcpy(sh + i * 2 * players, all + 5, 2 * (size_t)players);
        }
        double *share = exact_alloc((size_t)n * (size_t)players * sizeof *share);
        bad = hr_showdown_batch(g, sb, sh, n, players, share);
        if (players < 1 || players > HR_SHOWDOWN_MAX_PLAYERS) {
            CHECK(bad == -2, "hr_showdown_batch players=%d returned %lld", players,
                  (long long)bad);
        } else {
            CHECK(bad >= -1 && bad < n, "hr_showdown_batch returned %lld", (long long)bad);
            int64_t done = bad < 0 ? n : bad;
            for (int64_t i = 0; i < done; i++) {
                double sum = 0;
                for (int p = 0; p < players; p++)
                    sum += share[i * players + p];
                CHECK(sum > 0.999999 && sum < 1.000001, "shares of deal %lld sum to %f",
                      (long long)i, sum);
            }
        }
        free(share);
        free(sb);
        free(sh);
    }
}

/* Low games: hr_eval_low_batch and hr_eval_low, rows with many cards of one
 * suit (deuce-to-seven's own path) among valid and garbage rows. */
static void low_calls(const hr_game *g, int rounds)
{
    for (int r = 0; r < rounds; r++) {
        int k = 4 + (int)below(5);                  /* 4..8: 4 and 8 are bad */
        int64_t n = below(1200);
        uint8_t *cards = exact_alloc((size_t)(n * k));
        for (int64_t i = 0; i < n; i++) {
            uint8_t *row = cards + i * k;
            if (k >= 5 && k <= 7 && below(40)) {
                deal(row, k);
                if (below(2)) {                     /* five to k of one suit */
                    unsigned suit = below(4), many = 5 + below((unsigned)k - 4);
                    uint8_t ranks[13];
                    for (int j = 0; j < 13; j++)
                        ranks[j] = (uint8_t)j;
                    for (int j = 0; j < 13; j++) {
                        int x = (int)below(13);
                        uint8_t t = ranks[j];
                        ranks[j] = ranks[x];
                        ranks[x] = t;
                    }
                    for (unsigned j = 0; j < many; j++)
                        row[j] = (uint8_t)(4 * ranks[j] + suit);
                    for (int j = (int)many; j < k; j++)   /* off-suit, distinct */
                        row[j] = (uint8_t)(4 * ranks[j] + (suit + 1 + below(3)) % 4);
                }
            } else {
                for (int j = 0; j < k; j++)
                    row[j] = garbage_card();
            }
        }
        uint16_t *out = exact_alloc((size_t)n * sizeof *out);
        int64_t bad = hr_eval_low_batch(g, cards, n, k, out);
        if (k < 5 || k > 7) {
            CHECK(bad == -2, "hr_eval_low_batch k=%d returned %lld", k, (long long)bad);
        } else {
            CHECK(bad >= -1 && bad < n, "hr_eval_low_batch returned %lld", (long long)bad);
            int64_t done = bad < 0 ? n : bad;
            for (int64_t i = 0; i < done; i++)
                CHECK(out[i] == hr_eval_low(g, cards + i * k, k) && out[i] <= g->classes,
                      "hr_eval_low_batch row %lld", (long long)i);
            if (bad >= 0)
                CHECK(hr_eval_low(g, cards + bad * k, k) == -1, "low row %lld is not bad",
                      (long long)bad);
        }
        free(out);
        free(cards);
    }
}

/* Omaha hi-lo on hold'em: the high half is hr_eval_omaha's, the low 0..56. */
static void hilo_calls(const hr_game *g, int rounds)
{
    for (int r = 0; r < rounds; r++) {
        int h = 3 + (int)below(5);                  /* 3..7: 3 and 7 are bad */
        int64_t n = below(700);
        int w = h + 5 <= 12 ? h + 5 : 12;
        uint8_t *holes = exact_alloc((size_t)(n * h));
        uint8_t *boards = exact_alloc((size_t)(n * 5));
        for (int64_t i = 0; i < n; i++) {
            uint8_t all[12];
            deal(all, w);
            if (!below(30))
                all[below((unsigned)w)] = garbage_card();
            memcpy(holes + i * h, all, (size_t)(h < w ? h : w));
            memcpy(boards + i * 5, all + w - 5, 5);
        }
        uint16_t *out = exact_alloc((size_t)n * 2 * sizeof *out);
        int64_t bad = hr_eval_omaha_hilo_batch(g, holes, h, boards, n, out);
        if (h < HR_OMAHA_MIN_HOLE || h > HR_OMAHA_MAX_HOLE) {
            CHECK(bad == -2, "hr_eval_omaha_hilo_batch h=%d returned %lld", h, (long long)bad);
        } else {
            CHECK(bad >= -1 && bad < n, "hr_eval_omaha_hilo_batch returned %lld",
                  (long long)bad);
            int64_t done = bad < 0 ? n : bad;
            for (int64_t i = 0; i < done; i++) {
                uint16_t one[2];
                CHECK(hr_eval_omaha_hilo(g, holes + i * h, h, boards + i * 5, one) == 1 &&
                      one[0] == out[2 * i] && one[1] == out[2 * i + 1] &&
                      out[2 * i] == hr_eval_omaha(g, holes + i * h, h, boards + i * 5) &&
                      out[2 * i + 1] <= 56, "omaha hi-lo row %lld", (long long)i);
            }
            if (bad >= 0) {
                uint16_t one[2];
                CHECK(hr_eval_omaha_hilo(g, holes + bad * h, h, boards + bad * 5, one) == 0,
                      "omaha hi-lo row %lld is not bad", (long long)bad);
            }
        }
        free(out);
        free(holes);
        free(boards);
    }
}

/* Player ranges for the equity calls: n players, each an exact hand, a
 * range of a few combos (sorted descending by combo, as Python passes
 * them, or shuffled), or empty (dealt from the deck, Monte Carlo only). */
typedef struct spot {
    int n, n_board, n_dead;
    uint8_t board[5], dead[4];
    int32_t offsets[HR_MAX_PLAYERS + 1];
    uint8_t combos[2 * 2000];
    double weights[2000];
    uint64_t cum[2000];
    uint8_t uniform[HR_MAX_PLAYERS];
} spot;

static void make_spot(spot *s, int n, int allow_empty, int garbage)
{
    uint8_t known[9];
    memset(s, 0, sizeof *s);
    s->n = n;
    s->n_board = (int)below(6);
    s->n_dead = (int)below(3);
    deal(known, s->n_board + s->n_dead);
    memcpy(s->board, known, (size_t)s->n_board);
    memcpy(s->dead, known + s->n_board, (size_t)s->n_dead);
    int32_t at = 0;
    for (int p = 0; p < n; p++) {
        s->offsets[p] = at;
        int kind = (int)below(allow_empty ? 3 : 2);
        int count = kind == 0 ? 1 : kind == 1 ? 1 + (int)below(40) : 0;
        for (int i = 0; i < count; i++) {
            uint8_t two[2];
            deal(two, 2);
            uint8_t hi = two[0] > two[1] ? two[0] : two[1], lo = two[0] ^ two[1] ^ hi;
            s->combos[2 * (at + i)] = hi;
            s->combos[2 * (at + i) + 1] = lo;
            s->weights[at + i] = below(4) ? 1.0 : 0.25 * (1 + below(4));
        }
        if (below(2)) {   /* sort descending by (hi, lo), drop repeats */
            int m = 0;
            for (int i = 0; i < count; i++) {
                int best = i;
                for (int j = i + 1; j < count; j++) {
                    const uint8_t *a = s->combos + 2 * (at + j), *b = s->combos + 2 * (at + best);
                    if (a[0] > b[0] || (a[0] == b[0] && a[1] > b[1]))
                        best = j;
                }
                uint8_t t0 = s->combos[2 * (at + i)], t1 = s->combos[2 * (at + i) + 1];
                s->combos[2 * (at + i)] = s->combos[2 * (at + best)];
                s->combos[2 * (at + i) + 1] = s->combos[2 * (at + best) + 1];
                s->combos[2 * (at + best)] = t0;
                s->combos[2 * (at + best) + 1] = t1;
                if (m == 0 || s->combos[2 * (at + i)] != s->combos[2 * (at + m - 1)] ||
                    s->combos[2 * (at + i) + 1] != s->combos[2 * (at + m - 1) + 1]) {
                    s->combos[2 * (at + m)] = s->combos[2 * (at + i)];
                    s->combos[2 * (at + m) + 1] = s->combos[2 * (at + i) + 1];
                    s->weights[at + m] = s->weights[at + i];
                    m++;
                }
            }
            count = m;
        }
        double total = 0;
        for (int i = 0; i < count; i++)
            total += s->weights[at + i];
        double run = 0;
        for (int i = 0; i < count; i++) {
            run += s->weights[at + i];
            s->cum[at + i] = i == count - 1 ? (1ull << 32)
                                            : (uint64_t)(run / total * 4294967296.0);
        }
        s->uniform[p] = (uint8_t)below(2);
        at += count;
    }
    s->offsets[n] = at;
    if (garbage && at > 0) {
        int what = (int)below(4);
        if (what == 0)
            s->combos[below((unsigned)(2 * at))] = (uint8_t)(52 + below(204));
        else if (what == 1)
            s->combos[1] = s->combos[0];
        else if (what == 2 && s->n_board > 0)
            s->board[0] = (uint8_t)(52 + below(204));
        else
            s->n = below(2) ? 1 : HR_MAX_PLAYERS + 1;
    }
}

static void equity_calls(const hr_game *g, int rounds)
{
    spot *s = exact_alloc(sizeof *s);
    for (int r = 0; r < rounds; r++) {
        int n = 2 + (int)below(3);
        int garbage = !below(6);
        make_spot(s, n, 0, garbage);
        /* exact: keep it small (few tuples, or few boards per tuple) */
        double tuples = 1;
        for (int p = 0; p < s->n && p < HR_MAX_PLAYERS; p++)
            tuples *= s->offsets[p + 1] - s->offsets[p];
        static const double afford[6] = {2, 2, 2, 200, 2000, 20000};
        if (tuples <= afford[s->n_board]) {
            double *out = exact_alloc((size_t)(3 * HR_MAX_PLAYERS + 1) * sizeof *out);
            memset(out, 0, (3 * HR_MAX_PLAYERS + 1) * sizeof *out);
            int32_t cancel = (int32_t)!below(8);
            int64_t stride = 1 + below(3), all = 0;
            for (int64_t start = 0; start < stride; start++) {
                int64_t taken = hr_equity_exact(g, s->n, s->combos, s->weights, s->offsets,
                                                s->board, s->n_board, s->dead, s->n_dead,
                                                start, stride, out, below(2) ? &cancel : NULL);
                CHECK(taken >= -2, "hr_equity_exact returned %lld", (long long)taken);
                CHECK(taken != -2 || cancel, "hr_equity_exact cancelled without the flag");
                if (garbage && (s->n < 2 || s->n > HR_MAX_PLAYERS))
                    CHECK(taken == -1, "hr_equity_exact accepted %d players", s->n);
                all = taken < 0 || all < 0 ? -1 : all + taken;
            }
            if (all > 0) {          /* every part ran: shares add up to the boards */
                double share = 0, total = out[3 * s->n];
                for (int p = 0; p < s->n; p++)
                    share += out[2 * s->n + p];
                CHECK(share >= total * HR_SHARE_UNIT * (1 - 1e-9) &&
                      share <= total * HR_SHARE_UNIT * (1 + 1e-9),
                      "exact shares %f of %f", share, total * HR_SHARE_UNIT);
                exact_runs++;
            }
            free(out);
        }
        make_spot(s, n, 1, garbage);
        int64_t *mc = exact_alloc((size_t)(4 * HR_MAX_PLAYERS + 2) * sizeof *mc);
        memset(mc, 0, (4 * HR_MAX_PLAYERS + 2) * sizeof *mc);
        hr_rng rng;
        hr_rng_seed(&rng, rnd(), (uint64_t)r);
        int32_t cancel = (int32_t)!below(8);
        int64_t trials = 1 + below(3000);
        int64_t got = hr_equity_mc(g, s->n, s->combos, s->cum, s->uniform, s->offsets,
                                   s->board, s->n_board, s->dead, s->n_dead, trials,
                                   1000 * trials, &rng, mc, below(2) ? &cancel : NULL);
        CHECK(got >= -1 && got <= trials, "hr_equity_mc returned %lld", (long long)got);
        if (got > 0 && !garbage) {
            int64_t share = 0;
            for (int p = 0; p < s->n; p++)
                share += mc[2 * s->n + p];
            CHECK(share == got * HR_SHARE_UNIT, "Monte Carlo shares %lld of %lld trials",
                  (long long)share, (long long)got);
        }
        free(mc);
    }
    free(s);
}

/* The row 1: exact equity with ranges on a thread with a small
 * stack (its ~54 KB table overflowed 32 and 48 KiB stacks). */
typedef struct stack_job {
    const hr_game *g;
    spot *s;
    int64_t taken;
    double out[3 * HR_MAX_PLAYERS + 1];
} stack_job;

static void *run_exact(void *arg)
{
    stack_job *job = arg;
    spot *s = job->s;
    memset(job->out, 0, sizeof job->out);
    job->taken = hr_equity_exact(job->g, s->n, s->combos, s->weights, s->offsets, s->board,
                                 s->n_board, s->dead, 0, 0, 1, job->out, NULL);
    return NULL;
}

static void small_stack(const hr_game *g)
{
    spot *s = exact_alloc(sizeof *s);
    memset(s, 0, sizeof *s);
    s->n = 6;
    static const uint8_t board[4] = {0, 21, 30, 45};   /* 2c 7d 9h Kd */
    memcpy(s->board, board, 4);
    s->n_board = 4;
    s->combos[0] = 51;                                 /* AsKs */
    s->combos[1] = 47;
    s->weights[0] = 1;
    int32_t at = 1;
    for (int p = 1; p < s->n; p++) {                   /* QQ, JJ, TT, 99, 88: 6 combos each */
        s->offsets[p] = at;
        int rank = 11 - p;
        for (int a = 3; a >= 0; a--)
            for (int b = a - 1; b >= 0; b--) {
                s->combos[2 * at] = (uint8_t)(4 * rank + a);
                s->combos[2 * at + 1] = (uint8_t)(4 * rank + b);
                s->weights[at++] = 1;
            }
    }
    s->offsets[s->n] = at;
    stack_job job = {g, s, 0, {0}};
    pthread_attr_t attr;
    pthread_t thread;
    pthread_attr_init(&attr);
    /* 40 KiB: below the old frame, well above the new one (also with ASan's redzones) */
    CHECK(pthread_attr_setstacksize(&attr, 40960) == 0, "pthread_attr_setstacksize");
    CHECK(pthread_create(&thread, &attr, run_exact, &job) == 0, "pthread_create");
    pthread_join(thread, NULL);
    pthread_attr_destroy(&attr);
    double total = job.out[3 * s->n], share = 0;
    for (int p = 0; p < s->n; p++)
        share += job.out[2 * s->n + p];
    CHECK(job.taken > 0 && total > 0, "small stack: %lld tuples", (long long)job.taken);
    CHECK(share > total * HR_SHARE_UNIT * (1 - 1e-12) && share < total * HR_SHARE_UNIT * (1 + 1e-12),
          "small stack: shares %f of %f", share, total * HR_SHARE_UNIT);
    free(s);
}

int main(int argc, char **argv)
{
    int scale = argc > 1 ? atoi(argv[1]) : 10;
    if (scale < 1)
        scale = 1;
    CHECK(hr_game_at(-1) == NULL && hr_game_at(hr_game_count()) == NULL, "hr_game_at range");
    for (int gi = 0; gi < hr_game_count(); gi++) {
        const hr_game *g = hr_game_at(gi);
        scalar_calls(g, 300 * scale);
        batch_calls(g, 6 * scale);
        equity_calls(g, 8 * scale);
        if (is_low(g))
            low_calls(g, 10 * scale);
    }
    const hr_game *holdem = hr_game_at(0);
    hilo_calls(holdem, 10 * scale);
    small_stack(holdem);
    /* the self-test and the enumeration on the hands whose lowest card is
     * 40 or more (2,380 seven-card hands each way): every path, little time */
    uint64_t *hist = calloc(HR_N_STRENGTHS + 1, sizeof *hist);
    for (int start = 52 - 7 - (scale > 1 ? 8 : 5); start <= 52 - 7; start++) {
        CHECK(hr_selftest(holdem, 7, start, HR_N_CARDS, hist) == 0, "self-test 7, %d", start);
        CHECK(hr_selftest(holdem, 6, start, HR_N_CARDS, hist) == 0, "self-test 6, %d", start);
        hr_enumerate7(holdem, start, HR_N_CARDS, hist);
    }
    free(hist);
    CHECK(exact_runs > 0, "no exact equity ran");
    if (failures) {
        fprintf(stderr, "driver: %d failures\n", failures);
        return 1;
    }
    printf("driver: ok (%d games, scale %d, %d exact equities)\n", hr_game_count(), scale,
           exact_runs);
    return 0;
}
