/* handrank: a driver for the sanitizer and valgrind runs (.ci/sanitize.sh).
 *
 * Calls every public C entry point of the core with valid and garbage
 * arguments.  Every buffer is malloc'd at exactly the size the call may
 * read, so AddressSanitizer (or valgrind) reports any read past it; UBSan
 * reports undefined behaviour.  The driver also checks what it can without
 * an oracle (a result is a strength of the game or 0, a batch stops at a
 * bad row and fills the rows before it, shares sum to 1, the self-test
 * finds no mismatch), checks the per-combo kernels (matrix.h) against brute
 * force (hr_eval of the seven cards, pairwise comparisons, weights summed
 * combo by combo) and hr_equity_patterns against hr_equity_exact, and exits
 * 1 if any check fails.
 *
 * Usage: driver [scale]   (scale 1 for valgrind, larger for the sanitizers)
 */
#include <pthread.h>
#include <sys/stat.h>
#include <unistd.h>
#include <stdint.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../draw.h"
#include "../equity.h"
#include "../exact_random.h"
#include "../files.h"
#include "../handrank.h"
#include "../hilo.h"
#include "../index.h"
#include "../onehand.h"
#include "../history.h"
#include "../lookup.h"
#include "../lowball.h"
#include "../matrix.h"
#include "../omaha.h"
#include "../omaha_exact.h"
#include "../stud_exact.h"
#include "../omaha_mc.h"
#include "../pql.h"
#include "../pql_range.h"
#include "../preflop_hu.h"
#include "../showdown.h"
#include "../sites.h"
#include "../store_scan.h"
#include "../sites_gg.h"
#include "../stud_mc.h"
#include "../wild.h"

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
/* what the matrix and pattern checks compared against their oracles */
static int64_t strength_cells = 0, tally_cells = 0, range_heroes = 0, pattern_tuples = 0;

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
            /* the same ids as 64-bit numbers, some made out of range */
            int64_t wide[HR_MAX_HAND];
            int out_of_range = 0;
            for (int i = 0; i < k; i++) {
                wide[i] = ids[i];
                if (below(16) == 0) {
                    wide[i] = below(2) ? -(int64_t)below(1000) - 1 : (int64_t)1 << (8 + below(55));
                    out_of_range = 1;
                }
            }
            char *raw = exact_alloc(8 * (size_t)k);
            memcpy(raw, wide, 8 * (size_t)k);
            int w = k == 5 ? hr_eval5_i64_holdem(raw)
                  : k == 6 ? hr_eval6_i64_holdem(raw)
                           : hr_eval7_i64_holdem(raw);
            CHECK(w == (out_of_range ? 0 : v), "hr_eval%d_i64_holdem disagrees", k);
            free(raw);
            /* and as 32- and 16-bit numbers: an id that would alias a card
             * once narrowed to a byte is out of range, as a negative one is */
            for (int width = 2; width <= 4; width += 2) {
                uint32_t w32[HR_MAX_HAND];
                uint16_t w16[HR_MAX_HAND];
                int out = 0;
                for (int i = 0; i < k; i++) {
                    uint32_t id = ids[i];
                    if (below(16) == 0) {
                        id = below(2) ? (uint32_t)0 - 1 - below(1000)
                                      : ids[i] + ((uint32_t)1 << (8 + below(width == 2 ? 8 : 24)));
                        out = 1;
                    }
                    w32[i] = id;
                    w16[i] = (uint16_t)id;
                }
                raw = exact_alloc((size_t)width * (size_t)k);
                if (width == 4)
                    memcpy(raw, w32, 4 * (size_t)k);
                else
                    memcpy(raw, w16, 2 * (size_t)k);
                int u = width == 4 ? (k == 5 ? hr_eval5_u32_holdem(raw)
                                      : k == 6 ? hr_eval6_u32_holdem(raw)
                                               : hr_eval7_u32_holdem(raw))
                                   : (k == 5 ? hr_eval5_u16_holdem(raw)
                                      : k == 6 ? hr_eval6_u16_holdem(raw)
                                               : hr_eval7_u16_holdem(raw));
                CHECK(u == (out ? 0 : v), "hr_eval%d_u%d_holdem disagrees", k, 8 * width);
                free(raw);
            }
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

/* k distinct cards none of which is in `avoid` (a card mask). */
static void deal_avoiding(uint8_t *out, int k, uint64_t avoid)
{
    uint64_t used = avoid;
    for (int i = 0; i < k; i++) {
        unsigned c;
        do c = below(HR_N_CARDS); while (used >> c & 1u);
        used |= 1ull << c;
        out[i] = (uint8_t)c;
    }
}

/* The exact tallies of hand lists (csrc/omaha_exact.c): strengths of Omaha
 * hands on runouts against hr_eval_omaha / hr_eval_omaha_hilo, the pair
 * counts against the tuple sums of the same two lists, bad arguments. */
static void omaha_exact_calls(const hr_game *g, int rounds)
{
    for (int round = 0; round < rounds; round++) {
        int h = 4 + (int)below(3), n_board = 3 + (int)below(3), k = 5 - n_board;
        int hilo = (int)below(2);
        int64_t c0 = 1 + below(12), c1 = 1 + below(12), r = 1 + below(20);
        int64_t cols = c0 + c1;
        uint8_t board[5];
        deal(board, n_board);
        uint64_t bmask = 0;
        for (int j = 0; j < n_board; j++)
            bmask |= 1ull << board[j];
        uint8_t *hands = exact_alloc((size_t)(cols * h));
        uint64_t *masks = exact_alloc((size_t)cols * sizeof *masks);
        double *weights = exact_alloc((size_t)cols * sizeof *weights);
        for (int64_t i = 0; i < cols; i++) {
            deal_avoiding(hands + i * h, h, bmask);
            masks[i] = 0;
            for (int j = 0; j < h; j++)
                masks[i] |= 1ull << hands[i * h + j];
            weights[i] = 1.0;
        }
        uint8_t *runs = exact_alloc((size_t)(r * k));
        for (int64_t q = 0; q < r; q++)
            deal_avoiding(runs + q * k, k, bmask);
        uint16_t *s = exact_alloc((size_t)(r * cols * 2) * sizeof *s);
        int64_t bad = hr_omaha_runout_strengths(g, hilo, h, hands, cols, board, n_board, runs,
                                                r, s);
        CHECK(bad == -1, "hr_omaha_runout_strengths returned %lld", (long long)bad);
        for (int64_t q = 0; q < r && bad == -1; q++) {
            uint8_t full[5];
            uint64_t rm = 0;
            memcpy(full, board, (size_t)n_board);
            memcpy(full + n_board, runs + q * k, (size_t)k);
            for (int j = 0; j < k; j++)
                rm |= 1ull << runs[q * k + j];
            for (int64_t i = 0; i < cols; i++) {
                const uint16_t *v = s + 2 * (q * cols + i);
                uint16_t one[2] = {0, 0};
                if (!(masks[i] & rm)) {
                    hr_eval_omaha_hilo(g, hands + i * h, h, full, one);
                    if (!hilo)
                        one[1] = 0;
                }
                CHECK(v[0] == one[0] && v[1] == one[1], "runout strengths %lld, %lld",
                      (long long)q, (long long)i);
            }
        }
        /* player 0's hands are columns 0..c0, player 1's c0..cols: the two
         * lists side by side for hr_tuple_tally, apart for hr_pair_tally */
        uint16_t *s0 = exact_alloc((size_t)(r * c0 * 2) * sizeof *s0);
        uint16_t *s1 = exact_alloc((size_t)(r * c1 * 2) * sizeof *s1);
        for (int64_t q = 0; q < r; q++) {
            memcpy(s0 + 2 * q * c0, s + 2 * q * cols, (size_t)(2 * c0) * sizeof *s);
            memcpy(s1 + 2 * q * c1, s + 2 * (q * cols + c0), (size_t)(2 * c1) * sizeof *s);
        }
        int32_t *pairs = calloc((size_t)(c0 * c1 * HR_PAIR_SUMS), sizeof *pairs);
        CHECK(hr_pair_tally(s0, c0, s1, c1, r, masks, masks + c0, 1 + hilo, 0, c0, pairs,
                            NULL) == 0, "hr_pair_tally");
        int32_t off[3] = {0, (int32_t)c0, (int32_t)cols};
        double *rows = calloc((size_t)(c0 * (2 * HR_TUPLE_SUMS + 1)), sizeof *rows);
        int64_t deals = 0;
        int64_t walked = hr_tuple_tally(2, s, cols, r, off, masks, weights, 0, 0, c0, rows,
                                        &deals, NULL);
        CHECK(walked >= 0 && walked <= c0 * c1, "hr_tuple_tally returned %lld",
              (long long)walked);
        int64_t dealt = 0;
        for (int64_t i = 0; i < c0; i++) {
            double pot = 0.0, high = 0.0;
            for (int64_t j = 0; j < c1; j++) {
                if (masks[i] & masks[c0 + j])
                    continue;
                const int32_t *c = pairs + i * c1 * HR_PAIR_SUMS + j;
                pot += c[1 * c1] / 4.0;
                high += c[4 * c1] / 2.0;
                dealt += c[0];
            }
            CHECK(pot == rows[i * (2 * HR_TUPLE_SUMS + 1)] &&
                  high == rows[i * (2 * HR_TUPLE_SUMS + 1) + 3 * 2],
                  "pairs and tuples disagree on hand %lld", (long long)i);
        }
        CHECK(dealt == deals, "pairs dealt %lld, tuples %lld", (long long)dealt,
              (long long)deals);
        /* bad arguments */
        CHECK(hr_omaha_runout_strengths(g, hilo, 3, hands, cols, board, n_board, runs, r, s)
              == -2, "h = 3 accepted");
        CHECK(hr_pair_tally(s0, c0, s1, c1, r, masks, masks, 3, 0, c0, pairs, NULL) == -1 &&
              hr_pair_tally(s0, c0, s1, c1, r, masks, masks, 1, 0, c0 + 1, pairs, NULL) == -1,
              "hr_pair_tally bad arguments accepted");
        CHECK(hr_tuple_tally(1, s, cols, r, off, masks, weights, 0, 0, c0, rows, &deals,
                             NULL) == -1, "hr_tuple_tally one player accepted");
        free(rows);
        free(pairs);
        free(s1);
        free(s0);
        free(s);
        free(runs);
        free(weights);
        free(masks);
        free(hands);
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
        /* the same through the streams entry point: a run of streams of a
         * round, sometimes out of range (-1 then) */
        memset(mc, 0, (4 * HR_MAX_PLAYERS + 2) * sizeof *mc);
        int64_t per = 1 + below(1000), streams = (trials + per - 1) / per;
        int64_t lo = below((int)streams + 1), hi = lo + below(3);
        int64_t ran = hr_equity_mc_streams(g, s->n, s->combos, s->cum, s->uniform, s->offsets,
                                           s->board, s->n_board, s->dead, s->n_dead, rnd(),
                                           below(100), lo, hi, trials, per, mc,
                                           below(2) ? &cancel : NULL);
        CHECK(ran >= -1 && ran <= (hi - lo) * per, "hr_equity_mc_streams returned %lld",
              (long long)ran);
        CHECK(hi <= streams || ran == -1, "hr_equity_mc_streams ran past its streams");
        free(mc);
    }
    free(s);
}

/* The issue's row 1: exact equity with ranges on a thread with a small
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

/* ------------------------------------------------ per-combo equity (matrix.h) */

static int in_deck(const hr_game *g, unsigned c)
{
    return c < HR_N_CARDS && !HR_POISON_TEST(g->card_key[c]);
}

/* k distinct cards of the game's deck, none in *used (which gains them). */
static void deal_deck(const hr_game *g, uint8_t *out, int k, uint64_t *used)
{
    for (int i = 0; i < k; i++) {
        unsigned c;
        do c = below(HR_N_CARDS); while ((*used >> c & 1u) || !in_deck(g, c));
        *used |= 1ull << c;
        out[i] = (uint8_t)c;
    }
}

/* A card no call may take: an id >= 52, or (half the time, when the game's
 * deck lacks cards) a card outside the deck. */
static uint8_t foreign_card(const hr_game *g)
{
    if (below(2)) {
        for (int tries = 0; tries < 200; tries++) {
            unsigned c = below(HR_N_CARDS);
            if (!in_deck(g, c))
                return (uint8_t)c;
        }
    }
    return (uint8_t)(HR_N_CARDS + below(256 - HR_N_CARDS));
}

/* Whether a runout row is good: k cards of the deck, distinct, none on the
 * board (mask). */
static int runout_ok(const hr_game *g, const uint8_t *run, int k, uint64_t board)
{
    uint64_t seen = board;
    for (int j = 0; j < k; j++) {
        if (!in_deck(g, run[j]) || (seen >> run[j] & 1u))
            return 0;
        seen |= 1ull << run[j];
    }
    return 1;
}

/* n combos of two distinct deck cards, none in *avoid, no combo twice (as an
 * unordered pair); the two cards in either order.  Returns how many it made
 * (fewer when the deck runs short of pairs). */
static int64_t make_combos(const hr_game *g, uint8_t *out, int64_t n, uint64_t avoid)
{
    int64_t made = 0;
    for (int tries = 0; made < n && tries < 50 * (int)n + 50; tries++) {
        uint64_t used = avoid;
        uint8_t two[2];
        deal_deck(g, two, 2, &used);
        int repeat = 0;
        for (int64_t i = 0; i < made && !repeat; i++)
            repeat = (out[2 * i] == two[0] && out[2 * i + 1] == two[1]) ||
                     (out[2 * i] == two[1] && out[2 * i + 1] == two[0]);
        if (!repeat) {
            out[2 * made] = two[0];
            out[2 * made + 1] = two[1];
            made++;
        }
    }
    return made;
}

/* Calls hr_combo_strengths on board (n_board cards), runouts (n_r, k) and
 * combos (n_c, 2), each in a buffer of exactly its size, and checks the
 * result: -2 for bad counts or a bad combo, else the first bad runout (or
 * -1), every row before it equal to hr_eval of the seven cards or
 * HR_NOT_DEALT.  Returns the strengths (malloc'd, n_r x n_c) when the call
 * accepted everything, else NULL. */
static int16_t *strengths_checked(const hr_game *g, const uint8_t *board_in, int n_board,
                                  const uint8_t *runs_in, int64_t n_r, int k,
                                  const uint8_t *combos_in, int64_t n_c)
{
    int nb = n_board > 0 ? n_board : 0, kk = k > 0 ? k : 0;
    int64_t nr = n_r > 0 ? n_r : 0, nc = n_c > 0 ? n_c : 0;
    uint8_t *board = exact_alloc((size_t)nb);
    uint8_t *runs = exact_alloc((size_t)(nr * kk));
    uint8_t *combos = exact_alloc((size_t)(2 * nc));
    int16_t *out = exact_alloc((size_t)(nr * nc) * sizeof *out);
    memcpy(board, board_in, (size_t)nb);
    memcpy(runs, runs_in, (size_t)(nr * kk));
    memcpy(combos, combos_in, (size_t)(2 * nc));
    int64_t got = hr_combo_strengths(g, board, n_board, runs, n_r, k, combos, n_c, out);
    /* the expected answer, worked out here */
    int64_t want = -1;
    uint64_t bmask = 0;
    int counts_ok = n_board >= 0 && n_board <= 5 && k == 5 - n_board && n_r >= 0 && n_c >= 0;
    if (!counts_ok)
        want = -2;
    for (int j = 0; j < nb && want == -1; j++) {
        if (board[j] >= HR_N_CARDS)
            want = -2;
        else
            bmask |= 1ull << board[j];
    }
    for (int64_t i = 0; i < nc && want == -1; i++) {
        uint8_t a = combos[2 * i], b = combos[2 * i + 1];
        if (!in_deck(g, a) || !in_deck(g, b) || a == b || (bmask >> a & 1u) || (bmask >> b & 1u))
            want = -2;
    }
    /* a board card outside the deck or a repeat on the board spoils every
     * runout: the first one is reported */
    int board_ok = 1;
    uint64_t seen = 0;
    for (int j = 0; j < nb; j++) {
        board_ok &= in_deck(g, board[j]) && !(seen >> board[j] & 1u);
        seen |= board[j] < HR_N_CARDS ? 1ull << board[j] : 0;
    }
    for (int64_t r = 0; r < nr && want == -1; r++)
        if (!board_ok || !runout_ok(g, runs + r * kk, kk, bmask))
            want = r;
    CHECK(got == want, "hr_combo_strengths (board %d, k %d, %lld x %lld) returned %lld, not %lld",
          n_board, k, (long long)n_r, (long long)n_c, (long long)got, (long long)want);
    int64_t done = got == -2 ? 0 : got == -1 ? nr : got;
    for (int64_t r = 0; r < done && got == want; r++) {
        uint8_t seven[7];
        memcpy(seven, board, (size_t)nb);
        memcpy(seven + nb, runs + r * kk, (size_t)kk);
        for (int64_t i = 0; i < nc; i++) {
            uint8_t a = combos[2 * i], b = combos[2 * i + 1];
            int clash = 0;
            for (int j = 0; j < kk; j++)
                clash |= runs[r * kk + j] == a || runs[r * kk + j] == b;
            seven[5] = a;
            seven[6] = b;
            int16_t expect = clash ? HR_NOT_DEALT : (int16_t)hr_eval(g, seven, 7);
            CHECK(out[r * nc + i] == expect, "hr_combo_strengths runout %lld combo %lld: %d, not %d",
                  (long long)r, (long long)i, out[r * nc + i], expect);
            strength_cells++;
        }
    }
    free(board);
    free(runs);
    free(combos);
    if (got == -1 && want == -1)
        return out;
    free(out);
    return NULL;
}

/* hr_matrix_tally on strengths rows (n_r, n_rows) and cols (n_r, n_cols),
 * rows [start, end): win and tie start at small random counts and must gain
 * exactly the pairwise counts worked out here; rows outside [start, end)
 * must not change. */
static void matrix_tally_checked(const int16_t *rows_in, int64_t n_rows, const int16_t *cols_in,
                                 int64_t n_cols, int64_t n_r, int64_t start, int64_t end)
{
    int16_t *rows = exact_alloc((size_t)(n_r * n_rows) * sizeof *rows);
    int16_t *cols = exact_alloc((size_t)(n_r * n_cols) * sizeof *cols);
    memcpy(rows, rows_in, (size_t)(n_r * n_rows) * sizeof *rows);
    memcpy(cols, cols_in, (size_t)(n_r * n_cols) * sizeof *cols);
    size_t cells = (size_t)(n_rows * n_cols);
    uint16_t *scratch = exact_alloc((size_t)(2 * n_cols) * sizeof *scratch);
    uint32_t *win = exact_alloc(cells * sizeof *win), *tie = exact_alloc(cells * sizeof *tie);
    uint32_t *w0 = exact_alloc(cells * sizeof *w0), *t0 = exact_alloc(cells * sizeof *t0);
    for (size_t c = 0; c < cells; c++) {
        win[c] = w0[c] = below(1000);
        tie[c] = t0[c] = below(1000);
    }
    int ok = hr_matrix_tally(rows, n_rows, cols, n_cols, n_r, start, end, scratch, win, tie);
    CHECK(ok == 0, "hr_matrix_tally (%lld x %lld, %lld runouts) returned %d", (long long)n_rows,
          (long long)n_cols, (long long)n_r, ok);
    for (int64_t i = 0; i < n_rows; i++)
        for (int64_t j = 0; j < n_cols; j++) {
            uint32_t w = 0, t = 0;
            for (int64_t r = 0; r < n_r && i >= start && i < end; r++) {
                int16_t a = rows[r * n_rows + i], b = cols[r * n_cols + j];
                if (a == HR_NOT_DEALT || b == HR_NOT_DEALT)
                    continue;
                w += a > b;
                t += a == b;
            }
            size_t c = (size_t)(i * n_cols + j);
            CHECK(win[c] == w0[c] + w && tie[c] == t0[c] + t,
                  "hr_matrix_tally row %lld col %lld: %u/%u, not %u/%u", (long long)i,
                  (long long)j, win[c] - w0[c], tie[c] - t0[c], w, t);
            tally_cells += i >= start && i < end && n_r > 0;
        }
    free(rows);
    free(cols);
    free(scratch);
    free(win);
    free(tie);
    free(w0);
    free(t0);
}

/* The villain combo equal to each hero combo (either card order), or -1. */
static void find_twins(const uint8_t *hero, int64_t n_hero, const uint8_t *vil, int64_t n_vil,
                       int32_t *twin)
{
    for (int64_t i = 0; i < n_hero; i++) {
        twin[i] = -1;
        for (int64_t j = 0; j < n_vil; j++)
            if ((hero[2 * i] == vil[2 * j] && hero[2 * i + 1] == vil[2 * j + 1]) ||
                (hero[2 * i] == vil[2 * j + 1] && hero[2 * i + 1] == vil[2 * j]))
                twin[i] = (int32_t)j;
    }
}

/* hr_range_tally with every buffer at its documented size.  When exact is
 * set (strengths from hr_combo_strengths, weights multiples of 1/4) win and
 * tie must gain exactly the brute-force sums over runouts and the dealt
 * villain combos sharing no card with the hero combo. */
static void range_tally_checked(const int16_t *hs_in, int64_t n_hero, const int16_t *vs_in,
                                int64_t n_vil, int64_t n_r, const uint8_t *hero_in,
                                const uint8_t *vil_in, const double *weights_in,
                                const int32_t *twin_in, int exact)
{
    int16_t *hs = exact_alloc((size_t)(n_r * n_hero) * sizeof *hs);
    int16_t *vs = exact_alloc((size_t)(n_r * n_vil) * sizeof *vs);
    uint8_t *hero = exact_alloc((size_t)(2 * n_hero)), *vil = exact_alloc((size_t)(2 * n_vil));
    double *weights = exact_alloc((size_t)n_vil * sizeof *weights);
    int32_t *twin = exact_alloc((size_t)n_hero * sizeof *twin);
    int32_t *scratch = exact_alloc((size_t)(5 * n_vil + 285) * sizeof *scratch);
    double *vscratch = exact_alloc((size_t)(3 * n_vil + 53) * sizeof *vscratch);
    double *win = exact_alloc((size_t)n_hero * sizeof *win);
    double *tie = exact_alloc((size_t)n_hero * sizeof *tie);
    double *w0 = exact_alloc((size_t)n_hero * sizeof *w0);
    double *t0 = exact_alloc((size_t)n_hero * sizeof *t0);
    memcpy(hs, hs_in, (size_t)(n_r * n_hero) * sizeof *hs);
    memcpy(vs, vs_in, (size_t)(n_r * n_vil) * sizeof *vs);
    memcpy(hero, hero_in, (size_t)(2 * n_hero));
    memcpy(vil, vil_in, (size_t)(2 * n_vil));
    memcpy(weights, weights_in, (size_t)n_vil * sizeof *weights);
    memcpy(twin, twin_in, (size_t)n_hero * sizeof *twin);
    for (int64_t i = 0; i < n_hero; i++) {
        win[i] = w0[i] = 0.25 * below(100);
        tie[i] = t0[i] = 0.25 * below(100);
    }
    int ok = hr_range_tally(hs, n_hero, vs, n_vil, n_r, hero, vil, weights, twin, scratch,
                            vscratch, win, tie);
    CHECK(ok == 0, "hr_range_tally (%lld x %lld, %lld runouts) returned %d", (long long)n_hero,
          (long long)n_vil, (long long)n_r, ok);
    for (int64_t i = 0; i < n_hero && exact && ok == 0; i++) {
        double w = w0[i], t = t0[i];
        for (int64_t r = 0; r < n_r; r++) {
            int16_t a = hs[r * n_hero + i];
            if (a == HR_NOT_DEALT)
                continue;
            for (int64_t j = 0; j < n_vil; j++) {
                int16_t b = vs[r * n_vil + j];
                uint8_t h0 = hero[2 * i], h1 = hero[2 * i + 1], v0 = vil[2 * j], v1 = vil[2 * j + 1];
                if (b == HR_NOT_DEALT || h0 == v0 || h0 == v1 || h1 == v0 || h1 == v1)
                    continue;
                w += a > b ? weights[j] : 0.0;
                t += a == b ? weights[j] : 0.0;
            }
        }
        CHECK(win[i] == w && tie[i] == t, "hr_range_tally hero %lld: %g/%g, not %g/%g",
              (long long)i, win[i] - w0[i], tie[i] - t0[i], w - w0[i], t - t0[i]);
        range_heroes += n_r > 0 && n_vil > 0;
    }
    free(hs);
    free(vs);
    free(hero);
    free(vil);
    free(weights);
    free(twin);
    free(scratch);
    free(vscratch);
    free(win);
    free(tie);
    free(w0);
    free(t0);
}

/* Bad counts and ids: hr_matrix_tally and hr_range_tally must return -1 and
 * leave win and tie alone, touching nothing past the buffers. */
static void tally_rejects(void)
{
    int16_t s[4] = {5, 6, 7, HR_NOT_DEALT};
    uint16_t *scratch = exact_alloc(4 * sizeof *scratch);
    uint32_t *win = exact_alloc(4 * sizeof *win), *tie = exact_alloc(4 * sizeof *tie);
    static const int64_t bad[][5] = {   /* n_rows, n_cols, n_runouts, start, end */
        {-1, 2, 1, 0, 0}, {2, -1, 1, 0, 2}, {2, 2, -1, 0, 2}, {2, 2, 1, -1, 2},
        {2, 2, 1, 0, 3}, {2, 2, 1, 2, 1}, {2, 2, 1, 3, 3}, {INT64_MIN, 2, 1, 0, 0},
        /* counts so negative that scratch + n_cols would leave the address space */
        {2, -(INT64_MAX / 16), 1, 0, 2}, {2, INT64_MIN, 1, 0, 2}, {-(INT64_MAX / 4), 2, 1, 0, 0}};
    for (size_t b = 0; b < sizeof bad / sizeof *bad; b++) {
        memset(win, 0, 4 * sizeof *win);
        memset(tie, 0, 4 * sizeof *tie);
        int ok = hr_matrix_tally(s, bad[b][0], s + 2, bad[b][1], bad[b][2], bad[b][3],
                                 bad[b][4], scratch, win, tie);
        CHECK(ok == -1 && !win[0] && !win[3] && !tie[0] && !tie[3],
              "hr_matrix_tally accepted bad case %zu", b);
    }
    free(scratch);
    free(win);
    free(tie);

    /* range: hero (2, 2), villain (2, 2), one runout */
    uint8_t *hero = exact_alloc(4), *vil = exact_alloc(4);
    int32_t *twin = exact_alloc(2 * sizeof *twin);
    double *weights = exact_alloc(2 * sizeof *weights);
    int32_t *rs = exact_alloc((5 * 2 + 285) * sizeof *rs);
    double *vsc = exact_alloc((3 * 2 + 53) * sizeof *vsc);
    double *rw = exact_alloc(2 * sizeof *rw), *rt = exact_alloc(2 * sizeof *rt);
    int16_t hs[2] = {100, 200}, vs[2] = {150, 200};
    for (int what = 0; what < 12; what++) {
        static const uint8_t h_ok[4] = {51, 47, 0, 5}, v_ok[4] = {46, 42, 5, 0};
        memcpy(hero, h_ok, 4);
        memcpy(vil, v_ok, 4);
        twin[0] = -1;
        twin[1] = 1;
        weights[0] = weights[1] = 1.0;
        int64_t nh = 2, nv = 2, nr = 1;
        switch (what) {
        case 0: hero[1] = 52; break;
        case 1: hero[2] = 255; break;
        case 2: vil[0] = 52; break;
        case 3: vil[3] = 200; break;
        case 4: twin[0] = -2; break;
        case 5: twin[1] = 2; break;
        case 6: nh = -1; break;
        case 7: nv = -3; break;
        case 8: nr = -1; break;
        case 9: nv = -(INT64_MAX / 16); break;   /* scratch + n_vil: off the address space */
        case 10: nv = INT64_MIN; break;
        default: nh = -(INT64_MAX / 4); break;
        }
        rw[0] = rw[1] = rt[0] = rt[1] = 0.0;
        int ok = hr_range_tally(hs, nh, vs, nv, nr, hero, vil, weights, twin, rs, vsc, rw, rt);
        CHECK(ok == -1 && rw[0] == 0.0 && rw[1] == 0.0 && rt[0] == 0.0 && rt[1] == 0.0,
              "hr_range_tally accepted bad case %d", what);
    }
    /* the size guard: n_vil too large for the int32 scratch indices */
    CHECK(hr_range_tally(hs, 0, vs, (int64_t)INT32_MAX, 0, hero, vil, weights, twin, rs, vsc,
                         rw, rt) == -1, "hr_range_tally accepted n_vil = INT32_MAX");
    free(hero);
    free(vil);
    free(twin);
    free(weights);
    free(rs);
    free(vsc);
    free(rw);
    free(rt);
}

static void matrix_calls(const hr_game *g, int rounds)
{
    for (int r = 0; r < rounds; r++) {
        int n_board = (int)below(6), k = 5 - n_board;
        uint64_t used = 0;
        uint8_t board[5];
        deal_deck(g, board, n_board, &used);
        int64_t n_r = below(300);                     /* crosses HR_MATRIX_BATCH */
        uint8_t *runs = exact_alloc((size_t)(n_r * k));
        for (int64_t i = 0; i < n_r; i++) {
            uint64_t u = used;
            deal_deck(g, runs + i * k, k, &u);
        }
        int64_t n_a = below(30), n_b = below(30);
        uint8_t *a = exact_alloc((size_t)(2 * n_a)), *b = exact_alloc((size_t)(2 * n_b));
        n_a = make_combos(g, a, n_a, used);
        n_b = make_combos(g, b, n_b, used);
        /* hero combos that are also villain combos (the twins) */
        for (int64_t i = 0; i + 1 < n_a && n_b > 0 && !below(3); i += 2) {
            int64_t j = below((unsigned)n_b);
            int swap = (int)below(2);
            int dup = 0;
            for (int64_t t = 0; t < n_a; t++)
                dup |= (a[2 * t] == b[2 * j] && a[2 * t + 1] == b[2 * j + 1]) ||
                       (a[2 * t] == b[2 * j + 1] && a[2 * t + 1] == b[2 * j]);
            if (!dup) {
                a[2 * i] = b[2 * j + swap];
                a[2 * i + 1] = b[2 * j + 1 - swap];
            }
        }
        int16_t *sa = strengths_checked(g, board, n_board, runs, n_r, k, a, n_a);
        int16_t *sb = strengths_checked(g, board, n_board, runs, n_r, k, b, n_b);
        if (sa && sb) {
            int64_t start = n_a ? below((unsigned)n_a + 1) : 0;
            int64_t end = start + below((unsigned)(n_a - start + 1));
            if (below(2)) {
                start = 0;
                end = n_a;
            }
            matrix_tally_checked(sa, n_a, sb, n_b, n_r, start, end);
            double *weights = exact_alloc((size_t)n_b * sizeof *weights);
            for (int64_t j = 0; j < n_b; j++)
                weights[j] = below(3) ? 1.0 : 0.25 * below(9);
            int32_t *twin = exact_alloc((size_t)n_a * sizeof *twin);
            find_twins(a, n_a, b, n_b, twin);
            range_tally_checked(sa, n_a, sb, n_b, n_r, a, b, weights, twin, 1);
            /* any int16 strengths (negative, above the game's, HR_NOT_DEALT)
             * and any in-range twins: in bounds, whatever the sums */
            for (int64_t i = 0; i < n_r * n_a; i++)
                sa[i] = below(4) ? (int16_t)rnd() : HR_NOT_DEALT;
            for (int64_t i = 0; i < n_r * n_b; i++)
                sb[i] = below(4) ? (int16_t)rnd() : HR_NOT_DEALT;
            for (int64_t i = 0; i < n_a; i++)
                twin[i] = (int32_t)below((unsigned)n_b + 1) - 1;
            matrix_tally_checked(sa, n_a, sb, n_b, n_r, 0, n_a);
            range_tally_checked(sa, n_a, sb, n_b, n_r, a, b, weights, twin, 0);
            free(weights);
            free(twin);
        }
        free(sa);
        free(sb);

        /* garbage for hr_combo_strengths: a bad runout row, a bad combo, a bad
         * board card, or bad counts */
        int what = (int)below(6);
        if (what == 0 && n_r > 0) {
            int64_t row = below((unsigned)n_r);
            int at = k ? (int)below((unsigned)k) : 0;
            if (k == 0)
                board[below(5)] = foreign_card(g);
            else if (below(2))
                runs[row * k + at] = foreign_card(g);
            else    /* a repeat: of the board or within the row */
                runs[row * k + at] = n_board ? board[below((unsigned)n_board)]
                                             : runs[row * k + (at + 1) % k];
        } else if (what == 1 && n_a > 0) {
            int64_t i = below((unsigned)n_a);
            int side = (int)below(2);
            int how = (int)below(3);
            a[2 * i + side] = how == 0 ? foreign_card(g)
                            : how == 1 || n_board == 0 ? a[2 * i + 1 - side]
                                                       : board[below((unsigned)n_board)];
        } else if (what == 2 && n_board > 0) {
            board[below((unsigned)n_board)] = below(2) ? foreign_card(g)
                                                       : board[below((unsigned)n_board)];
        }
        int bad_board = what == 3 ? (below(2) ? -1 - (int)below(3) : 6 + (int)below(3)) : n_board;
        int bad_k = what == 4 ? k + (below(2) ? 1 : -1) : k;
        int64_t bad_n = what == 5 ? -1 - (int64_t)below(5) : n_r;
        uint8_t big_board[8] = {0};
        memcpy(big_board, board, (size_t)n_board);
        /* runouts as wide as the (maybe wrong) k says */
        int wide = bad_k > 0 ? bad_k : 0;
        uint8_t *rows = exact_alloc((size_t)(n_r * wide));
        for (int64_t i = 0; i < n_r * wide; i++)
            rows[i] = what == 4 ? garbage_card() : runs[i];
        int16_t *s = strengths_checked(g, big_board, bad_board, rows, bad_n, bad_k, a, n_a);
        free(s);
        free(rows);
        free(runs);
        free(a);
        free(b);
    }
}

/* hr_equity_patterns: bad arguments rejected untouched; on the full-deck
 * games the blocks checked: shares add up to every board in the rank pass
 * and to nothing in each flush correction, patterns no tuple can have are
 * zero, and a concrete tuple (rank pass plus its four suits' patterns)
 * matches hr_equity_exact on the same hands. */
static void pattern_calls(const hr_game *g, int rounds)
{
    static const double boards_left[HR_PATTERN_PLAYERS + 1] = {0, 0, 1712304, 1370754};
    int full = 1;
    for (unsigned c = 0; c < HR_N_CARDS; c++)
        full &= in_deck(g, c);
    for (int r = 0; r < (full ? rounds : 2); r++) {   /* short decks: rejected at once */
        int n = 2 + (int)below(HR_PATTERN_PLAYERS - 1), garbage = !below(3);
        int what = garbage ? (int)below(3) : -1;
        if (what == 0)
            n = below(2) ? (int)below(2) - 1 + (int)below(2) : HR_PATTERN_PLAYERS + 1 + (int)below(3);
        int valid_n = n >= 2 && n <= HR_PATTERN_PLAYERS;
        int n_cards = valid_n ? 2 * n : (n > 0 ? 2 * n : 0);
        uint8_t *ranks = exact_alloc((size_t)n_cards);
        int count[13] = {0};
        for (int i = 0; i < n_cards; i++) {
            do ranks[i] = (uint8_t)below(13); while (count[ranks[i]] == 4);
            count[ranks[i]]++;
        }
        if (what == 1 && n_cards > 0)
            ranks[below((unsigned)n_cards)] = (uint8_t)(13 + below(243));
        if (what == 2 && n == 3)                       /* a rank held five times */
            for (int i = 0; i < 5; i++)
                ranks[i] = ranks[5];
        int reject = !valid_n || !full || what == 1 || (what == 2 && n == 3);
        size_t width = (size_t)(3 * (valid_n ? n : 1)), blocks = 1u << (valid_n ? 2 * n : 0);
        size_t size = reject ? 1 : (1 + blocks) * width;
        int64_t *out = exact_alloc(size * sizeof *out);
        out[0] = 77;
        int64_t got = hr_equity_patterns(g, n, ranks, out);
        if (reject) {
            CHECK(got == -1 && out[0] == 77, "hr_equity_patterns (%s, n %d, case %d) returned %lld",
                  g->name, n, what, (long long)got);
            free(out);
            free(ranks);
            continue;
        }
        CHECK(got == 0, "hr_equity_patterns (%s, n %d) returned %lld", g->name, n, (long long)got);
        for (size_t pat = 0; pat <= blocks && got == 0; pat++) {
            int64_t share = 0, any = 0;
            for (int p = 0; p < n; p++) {
                share += out[pat * width + 2 * n + p];
                any |= out[pat * width + p] | out[pat * width + n + p] |
                       out[pat * width + 2 * n + p];
            }
            int64_t want = pat == 0 ? (int64_t)boards_left[n] * HR_SHARE_UNIT : 0;
            CHECK(share == want, "hr_equity_patterns %s block %zu: shares %lld, not %lld",
                  g->name, pat, (long long)share, (long long)want);
            int possible = 1;                          /* no two cards of a rank in one suit */
            for (int i = 0; i < 2 * n && pat; i++)
                for (int j = i + 1; j < 2 * n; j++)
                    possible &= !((pat - 1) >> i & 1u && (pat - 1) >> j & 1u && ranks[i] == ranks[j]);
            CHECK(possible || !any, "hr_equity_patterns %s: impossible pattern %zu is not zero",
                  g->name, pat - 1);
        }
        /* a concrete tuple: give the cards of each rank distinct random suits */
        uint8_t combos[2 * HR_PATTERN_PLAYERS];
        uint64_t used = 0;
        for (int i = 0; i < 2 * n; i++) {
            unsigned card;
            do card = 4u * ranks[i] + below(4); while (used >> card & 1u);
            used |= 1ull << card;
            combos[i] = (uint8_t)card;
        }
        int64_t sum[3 * HR_PATTERN_PLAYERS];
        for (size_t x = 0; x < width; x++)
            sum[x] = out[x];
        for (unsigned suit = 0; suit < 4; suit++) {
            unsigned pat = 0;
            for (int i = 0; i < 2 * n; i++)
                pat |= (unsigned)((combos[i] & 3u) == suit) << i;
            for (size_t x = 0; x < width; x++)
                sum[x] += out[(1 + pat) * width + x];
        }
        uint8_t *hands = exact_alloc((size_t)(2 * n));
        memcpy(hands, combos, (size_t)(2 * n));
        double *weights = exact_alloc((size_t)n * sizeof *weights);
        int32_t *offsets = exact_alloc((size_t)(n + 1) * sizeof *offsets);
        double *eq = exact_alloc((size_t)(3 * n + 1) * sizeof *eq);
        for (int p = 0; p <= n; p++)
            offsets[p] = p;
        for (int p = 0; p < n; p++)
            weights[p] = 1.0;
        memset(eq, 0, (size_t)(3 * n + 1) * sizeof *eq);
        int64_t taken = hr_equity_exact(g, n, hands, weights, offsets, NULL, 0, NULL, 0, 0, 1,
                                        eq, NULL);
        CHECK(taken == 1 && eq[3 * n] == boards_left[n], "hr_equity_exact preflop: %lld, %g boards",
              (long long)taken, eq[3 * n]);
        for (size_t x = 0; x < width; x++)
            CHECK((double)sum[x] == eq[x], "hr_equity_patterns %s: tuple count %zu %lld, exact %g",
                  g->name, x, (long long)sum[x], eq[x]);
        pattern_tuples++;
        free(hands);
        free(weights);
        free(offsets);
        free(eq);
        free(out);
        free(ranks);
    }
}

/* Issue 18's kernels (stud_mc.h, draw.h): the badugi colex table against the
 * subset rule, the boardless and triple-draw Monte Carlo tallies, the draw
 * against a drawing opponent. */
static void stud_calls(int rounds)
{
    int64_t n = 64;
    uint8_t rows[64 * 4];
    uint16_t out[64];
    hr_badugi_prepare();
    for (int r = 0; r < rounds; r++) {
        for (int64_t i = 0; i < n; i++)
            deal(rows + 4 * i, 4);
        if (r % 2 == 1)
            rows[4 * (below((unsigned)n)) + 2] = (uint8_t)(52 + below(204));
        int64_t bad = hr_eval_badugi_batch(rows, n, out);
        int64_t good = bad < 0 ? n : bad;
        for (int64_t i = 0; i < good; i++)
            CHECK(out[i] == hr_eval_badugi(rows + 4 * i), "badugi colex row %lld",
                  (long long)i);
    }
    const hr_game *g = hr_game_at(0);
    double *value = malloc((HR_BADUGI_CLASSES + 1) * sizeof *value);
    double *sums = malloc(HR_BADUGI_SUBSETS * sizeof *sums);
    uint64_t *holds4 = malloc((HR_BADUGI_HANDS + 7) / 8 * sizeof *holds4);
    for (int v = 0; v <= HR_BADUGI_CLASSES; v++)
        value[v] = v / (double)HR_BADUGI_CLASSES;
    CHECK(hr_badugi_hold_sums(value, HR_BADUGI_CLASSES + 1, sums, (uint8_t *)(void *)holds4)
          == 0, "hr_badugi_hold_sums");
    for (int r = 0; r < rounds; r++) {
        uint8_t all[52], known[8];
        int32_t off[3] = {0, 3, 6};
        int64_t tally[7 * 2 + 1];
        hr_rng rng;
        deal(all, 52);
        memcpy(known, all, 6);
        hr_rng_seed(&rng, (uint64_t)r, 0);
        memset(tally, 0, sizeof tally);
        CHECK(hr_boardless_mc(g, NULL, HR_BL_TABLES, 2, known, off, 7, all + 6, 46, 300, &rng,
                              tally, NULL) == 300, "hr_boardless_mc");
        CHECK(tally[2 * 2] + tally[2 * 2 + 1] == 300 * HR_BL_UNIT && tally[14] == 300,
              "hr_boardless_mc tallies");
        int32_t off4[3] = {0, 2, 3};
        memset(tally, 0, sizeof tally);
        CHECK(hr_boardless_mc(NULL, NULL, HR_BL_BADUGI, 2, known, off4, 4, all + 6, 46, 300,
                              &rng, tally, NULL) == 300, "hr_boardless_mc badugi");
        memset(tally, 0, sizeof tally);
        CHECK(hr_triple_mc(NULL, HR_BL_BADUGI, (const uint64_t *)(const void *)holds4, NULL,
                           NULL, 2, known, off4, 4, 3, all + 6, 46, 300, &rng, tally,
                           NULL) == 300, "hr_triple_mc badugi");
        CHECK(tally[4] + tally[5] == 300 * HR_BL_UNIT, "hr_triple_mc tallies");
        CHECK(hr_boardless_mc(g, NULL, HR_BL_TABLES, 2, known, off, 7, all + 6, 7, 10, &rng,
                              tally, NULL) == -1, "hr_boardless_mc drew 8 of 7");
        /* a five-card hand against one that keeps two, a stub of 9 */
        uint32_t holds[32];
        int64_t win[32], tie[32];
        uint16_t a[126], b[126];
        for (int h = 0; h < 32; h++)
            holds[h] = (uint32_t)h;
        CHECK(hr_draw_vs(g, 0, all, 5, all + 5, 2, all + 7, 9, holds + 28, 4, a, b, win,
                         tie) == 0, "hr_draw_vs");
        for (int h = 0; h < 4; h++) {
            int d = 5 - hr_popcount64(holds[28 + h]);
            static const int64_t c9[4] = {1, 9, 36, 84}, c3[10] = {0, 0, 0, 1, 4, 10, 20, 35,
                                                                   56, 84};
            int64_t pairs = c9[d] * c3[9 - d];             /* C(9, d) C(9 - d, 3) */
            CHECK(win[h] >= 0 && tie[h] >= 0 && win[h] + tie[h] <= pairs, "hr_draw_vs counts");
        }
    }
    free(value);
    free(sums);
    free(holds4);
}

/* Draw games (draw.h): badugi with garbage rows, the draw kernel on small
 * stubs against hr_eval, and (scale > 1: too slow for valgrind) the video
 * poker tables, hold counts and solve. */
static void draw_calls(int rounds, int scale)
{
    int64_t n = 64;
    uint8_t *rows = malloc((size_t)n * 4);
    uint16_t *out = malloc((size_t)n * sizeof *out);
    for (int r = 0; r < rounds; r++) {
        for (int64_t i = 0; i < n; i++)
            deal(rows + 4 * i, 4);
        if (r % 3 == 1)
            rows[4 * (below((unsigned)n)) + below(4)] = (uint8_t)(52 + below(204));
        if (r % 3 == 2)
            rows[4 * (below((unsigned)n)) + 1] = rows[4 * (below((unsigned)n))];
        int64_t bad = hr_eval_badugi_batch(rows, n, out);
        CHECK(bad >= -1 && bad < n, "hr_eval_badugi_batch returned %lld", (long long)bad);
        int64_t good = bad < 0 ? n : bad;
        for (int64_t i = 0; i < good; i++)
            CHECK(out[i] == hr_eval_badugi(rows + 4 * i) && out[i] >= 1 &&
                  out[i] <= HR_BADUGI_CLASSES, "badugi row %lld", (long long)i);
        if (bad >= 0)
            CHECK(hr_eval_badugi(rows + 4 * bad) == 0, "badugi row %lld is not bad",
                  (long long)bad);
    }
    free(rows);
    free(out);
    /* the draw kernel: a hand, a stub of 9 other cards, every hold */
    const hr_game *g = hr_game_at(0);
    uint8_t *hand = malloc(5), *stub = malloc(9);
    uint32_t *holds = malloc(32 * sizeof *holds);
    uint32_t *hist = malloc(32 * (size_t)(g->classes + 1) * sizeof *hist);
    for (int r = 0; r < rounds; r++) {
        uint8_t all[14];
        deal(all, 14);
        memcpy(hand, all, 5);
        memcpy(stub, all + 5, 9);
        for (int h = 0; h < 32; h++)
            holds[h] = (uint32_t)h;
        CHECK(hr_draw_odds(g, 0, hand, 5, stub, 9, holds, 32, (int)g->classes + 1, hist) == 0,
              "hr_draw_odds");
        /* hold 0b01111 draws one of the 9: its histogram is the 9 hands */
        uint32_t *h15 = hist + 15 * (size_t)(g->classes + 1);
        for (int i = 0; i < 9; i++) {
            uint8_t five[5] = {hand[0], hand[1], hand[2], hand[3], stub[i]};
            CHECK(h15[hr_eval(g, five, 5)] > 0, "draw histogram misses a hand");
        }
        CHECK(hr_draw_odds(g, 1, hand, 4, stub, 9, holds, 16, HR_BADUGI_CLASSES + 1, hist) == 0,
              "hr_draw_odds badugi");
        CHECK(hr_draw_odds(g, 0, hand, 4, stub, 9, holds, 32, (int)g->classes + 1, hist) == -1,
              "hr_draw_odds took 4 cards");
        CHECK(hr_draw_odds(g, 0, hand, 5, stub, 3, holds, 32, (int)g->classes + 1, hist) == -1,
              "hr_draw_odds drew 5 of 3");
    }
    free(hand);
    free(stub);
    free(holds);
    free(hist);
    if (scale <= 1)
        return;
    uint8_t *pay_class = malloc(HR_N_STRENGTHS + 1);
    for (int s = 0; s <= HR_N_STRENGTHS; s++)
        pay_class[s] = (uint8_t)(g->category[s]);
    uint8_t *cls5 = malloc(HR_VP_HANDS);
    int32_t *counts = malloc((size_t)HR_VP_SUBSETS * HR_VP_CLASSES * sizeof *counts);
    CHECK(hr_vp_tables(pay_class, cls5, counts) == 0, "hr_vp_tables");
    int32_t *f = malloc(32 * HR_VP_CLASSES * sizeof *f);
    uint8_t d[5];
    deal(d, 5);
    CHECK(hr_vp_hold_counts(cls5, counts, d, f) == 0, "hr_vp_hold_counts");
    int64_t total = 0;
    for (int i = 0; i < 32 * HR_VP_CLASSES; i++)
        total += f[i];
    CHECK(total == HR_VP_HANDS, "hold counts sum to %lld", (long long)total);
    d[1] = d[0];
    CHECK(hr_vp_hold_counts(cls5, counts, d, f) == -1, "hr_vp_hold_counts took a repeat");
    double pay[HR_VP_CLASSES] = {0}, prob[HR_VP_CLASSES];
    int64_t deals = 0;
    pay[9] = 1.0;
    CHECK(hr_vp_solve(cls5, counts, pay, prob, &deals) > 0.0 && deals == 134459, "hr_vp_solve");
    pay_class[7462] = HR_VP_CLASSES;
    CHECK(hr_vp_tables(pay_class, cls5, counts) == -1, "hr_vp_tables took a bad class");
    free(f);
    free(pay_class);
    free(cls5);
    free(counts);
}

/* Omaha Monte Carlo and exact (csrc/omaha_mc.c): exact hands, ranges with
 * alias tables and "random", garbage cards refused; buffers at exact size. */
static void omaha_mc_calls(const hr_game *g, int rounds)
{
    for (int r = 0; r < rounds; r++) {
        int n = 2 + (int)below(3), h = 4 + (int)below(3), nb = (int)below(6);
        if (nb == 1 || nb == 2)
            nb = 0;
        int garbage = below(6) == 0;
        uint8_t cards[52];
        deal(cards, n * h + nb);
        int32_t *offsets = exact_alloc(sizeof(int32_t) * (size_t)(n + 1));
        int32_t count[HR_MAX_PLAYERS], total = 0;
        for (int p = 0; p < n; p++) {
            count[p] = (int32_t)below(4);      /* 0 random, 1 exact, 2..3 a range */
            offsets[p] = total;
            total += count[p];
        }
        offsets[n] = total;
        uint8_t *hands = exact_alloc((size_t)total * (size_t)h);
        double *w = exact_alloc(sizeof(double) * (size_t)(total ? total : 1));
        uint64_t *prob = exact_alloc(sizeof(uint64_t) * (size_t)(total ? total : 1));
        int32_t *alias = exact_alloc(sizeof(int32_t) * (size_t)(total ? total : 1));
        int32_t *work = exact_alloc(sizeof(int32_t) * (size_t)(total ? total : 1));
        uint8_t uniform[HR_MAX_PLAYERS];
        for (int p = 0; p < n; p++) {
            uniform[p] = (uint8_t)below(2);
            for (int32_t i = offsets[p]; i < offsets[p + 1]; i++) {
                if (count[p] == 1)
                    memcpy(hands + (size_t)i * (size_t)h, cards + p * h, (size_t)h);
                else
                    deal(hands + (size_t)i * (size_t)h, h);
                w[i] = (double)below(4);
            }
            if (count[p] > 1) {
                w[offsets[p]] += 1;
                CHECK(hr_alias_build(w + offsets[p], count[p], prob + offsets[p],
                                     alias + offsets[p], work) == 0, "alias build");
            }
        }
        if (garbage && total)
            hands[below((unsigned)(total * h))] = garbage_card();
        uint8_t *board = exact_alloc((size_t)nb), dead[1];
        memcpy(board, cards + n * h, (size_t)nb);
        int64_t out[HR_OMAHA_MC_SUMS * HR_MAX_PLAYERS + 2];
        memset(out, 0, sizeof out);
        hr_rng rng;
        hr_rng_seed(&rng, (uint64_t)r, 1);
        int hilo = (g == hr_game_at(0)) && below(2);
        int64_t got = hr_omaha_mc(g, hilo, n, h, hands, prob, alias, uniform, offsets, board,
                                  nb, dead, 0, 300, 3000, &rng, out, NULL);
        CHECK(got >= -1 && got <= 300, "hr_omaha_mc returned %lld", (long long)got);
        if (got > 0 && !hilo) {
            int64_t shares = 0;
            for (int p = 0; p < n; p++)
                shares += out[2 * n + p];
            CHECK(shares == got * HR_SHARE_UNIT, "omaha mc shares %lld", (long long)shares);
        }
        /* exact: every player an exact hand, a turn or river board */
        if (nb >= 4 && !garbage) {
            int nc = 52 - n * h, k = 0;
            uint8_t list[52];
            uint64_t held = 0;
            for (int i = 0; i < n * h; i++)
                held |= 1ull << cards[i];
            for (int i = 0; i < nb; i++) {
                list[k++] = cards[n * h + i];
                held |= 1ull << cards[n * h + i];
            }
            for (int c = 0; c < 52; c++)
                if (!(held >> c & 1u) && !HR_POISON_TEST(g->card_key[c]))
                    list[k++] = (uint8_t)c;
            nc = k;
            int16_t *scratch = exact_alloc(sizeof(int16_t) * (size_t)n * (size_t)nc *
                                           (size_t)nc * (size_t)nc);
            int prep = hr_omaha_exact_prep(g, n, h, cards, list, nc, scratch);
            int ok = 1;
            for (int i = 0; i < n * h + nb; i++)
                ok &= !HR_POISON_TEST(g->card_key[cards[i]]);
            CHECK(prep == (ok ? 0 : -1), "hr_omaha_exact_prep returned %d", prep);
            if (prep == 0) {
                int64_t eo[3 * HR_MAX_PLAYERS + 1];
                memset(eo, 0, sizeof eo);
                int64_t b = hr_omaha_exact_run(n, nc, nb, scratch, 0, 1, eo, NULL);
                CHECK(b == (nb == 5 ? 1 : nc - 4), "hr_omaha_exact_run boards %lld",
                      (long long)b);
                /* hi-lo on the same scratch: every board's pot shared out whole */
                int64_t ho[HR_OMAHA_HILO_SUMS * HR_MAX_PLAYERS + 2];
                memset(ho, 0, sizeof ho);
                int64_t hb = hr_omaha_exact_hilo_run(n, h, cards, list, nc, nb, scratch, 0, 1,
                                                     ho, NULL);
                int64_t pot = 0;
                for (int p = 0; p < n; p++)
                    pot += ho[p];
                CHECK(hb == b && ho[HR_OMAHA_HILO_SUMS * n] == b &&
                      pot == 2 * HR_SHARE_UNIT * b && ho[HR_OMAHA_HILO_SUMS * n + 1] <= b,
                      "hr_omaha_exact_hilo_run boards %lld, shares %lld", (long long)hb,
                      (long long)pot);
                CHECK(hr_omaha_exact_hilo_run(1, h, cards, list, nc, nb, scratch, 0, 1, ho,
                                              NULL) == -1 &&
                      hr_omaha_exact_hilo_run(n, 3, cards, list, nc, nb, scratch, 0, 1, ho,
                                              NULL) == -1,
                      "hr_omaha_exact_hilo_run bad arguments accepted");
            }
            free(scratch);
        }
        free(offsets);
        free(hands);
        free(w);
        free(prob);
        free(alias);
        free(work);
        free(board);
    }
}

/* hr_stud_three_exact (csrc/stud_exact.c) on random strengths and filters
 * over small stubs, against walking every ordered triple of disjoint
 * completions; a full stub's shares sum to the deals; bad arguments refused. */
static void stud_exact_calls(int rounds)
{
    for (int r = 0; r < rounds; r++) {
        const int u = 9 + (int)below(3);
        const int64_t n = (int64_t)u * (u - 1) * (u - 2) / 6;
        int32_t *value = exact_alloc(sizeof(int32_t) * 3 * (size_t)n);
        uint8_t *allowed = exact_alloc(3 * (size_t)n), *mine = exact_alloc(3 * (size_t)n);
        uint64_t *mask = exact_alloc(sizeof(uint64_t) * (size_t)n);
        const int spread = 1 + (int)below(r % 2 ? 4 : 60000);    /* few values: ties */
        for (int64_t t = 0; t < 3 * n; t++) {
            value[t] = (int32_t)below((unsigned)spread);
            allowed[t] = r % 3 ? (uint8_t)(below(4) != 0) : 1;
            mine[t] = r % 3 ? (uint8_t)(allowed[t] && below(3) != 0) : allowed[t];
        }
        {
            int64_t t = 0;
            for (int c = 2; c < u; c++)
                for (int b = 1; b < c; b++)
                    for (int a = 0; a < b; a++)
                        mask[t++] = 1ull << a | 1ull << b | 1ull << c;
        }
        const int64_t size = hr_stud_three_scratch(u);
        CHECK(size > 0, "hr_stud_three_scratch(%d) = %lld", u, (long long)size);
        int64_t *scratch = exact_alloc(sizeof(int64_t) * (size_t)size);
        int64_t out[3] = {0, 0, 0}, want[3] = {0, 0, 0};
        const int64_t unit = 6;
        CHECK(hr_stud_three_exact(u, value, allowed, mine, unit, scratch, out, NULL) == 0,
              "hr_stud_three_exact refused a stub of %d", u);
        for (int64_t a = 0; a < n; a++)
            for (int64_t b = 0; b < n; b++) {
                if (mask[a] & mask[b])
                    continue;
                for (int64_t c = 0; c < n; c++) {
                    if ((mask[a] | mask[b]) & mask[c])
                        continue;
                    const int64_t t[3] = {a, b, c};
                    int ok = 1;
                    for (int s = 0; s < 3; s++)
                        ok &= allowed[s * n + t[s]];
                    if (!ok)
                        continue;
                    int32_t best = -1;
                    int k = 0;
                    for (int s = 0; s < 3; s++) {
                        const int32_t x = value[s * n + t[s]];
                        k = x > best ? 1 : x == best ? k + 1 : k;
                        best = x > best ? x : best;
                    }
                    for (int s = 0; s < 3; s++)
                        if (value[s * n + t[s]] == best && mine[s * n + t[s]])
                            want[s] += unit / k;
                }
            }
        for (int s = 0; s < 3; s++)
            CHECK(out[s] == want[s], "hr_stud_three_exact seat %d: %lld, walked %lld", s,
                  (long long)out[s], (long long)want[s]);
        CHECK(hr_stud_three_exact(u, value, allowed, mine, 4, scratch, out, NULL) == -1 &&
              hr_stud_three_exact(8, value, allowed, mine, 6, scratch, out, NULL) == -1,
              "hr_stud_three_exact bad arguments accepted");
        value[n] = 70000;
        CHECK(hr_stud_three_exact(u, value, allowed, mine, 6, scratch, out, NULL) == -1,
              "hr_stud_three_exact: a strength beyond 65535 accepted");
        free(scratch);
        free(mask);
        free(mine);
        free(allowed);
        free(value);
    }
    CHECK(hr_stud_three_scratch(8) == -1 && hr_stud_three_scratch(HR_STUD3_MAX_STUB + 1) == -1,
          "hr_stud_three_scratch: a stub out of range accepted");
    {   /* a full stub: every deal counted once */
        const int u = HR_STUD3_MAX_STUB;
        const int64_t n = (int64_t)u * (u - 1) * (u - 2) / 6;
        int32_t *value = exact_alloc(sizeof(int32_t) * 3 * (size_t)n);
        uint8_t *all = exact_alloc(3 * (size_t)n);
        for (int64_t t = 0; t < 3 * n; t++) {
            value[t] = (int32_t)below(200);
            all[t] = 1;
        }
        int64_t *scratch = exact_alloc(sizeof(int64_t) * (size_t)hr_stud_three_scratch(u));
        int64_t out[3] = {0, 0, 0};
        CHECK(hr_stud_three_exact(u, value, all, all, 6, scratch, out, NULL) == 0,
              "hr_stud_three_exact on a full stub");
        /* C(40, 9) * 9! / 3!^3 deals */
        CHECK(out[0] + out[1] + out[2] == 6 * 459377318400LL,
              "hr_stud_three_exact: %lld shares", (long long)(out[0] + out[1] + out[2]));
        free(scratch);
        free(all);
        free(value);
    }
}

/* hr_phh_scan on a real hand, cut, spliced and sprinkled with random bytes,
 * each buffer malloc'd at exactly its length (no terminator to lean on) */
static int64_t phh_hands = 0;

static void history_calls(int rounds)
{
    static const char hand[] =
        "[1]\nvariant = 'NT'\nante_trimming_status = true\nantes = [0, 0, 0]\n"
        "blinds_or_straddles = [50, 100, 0]\nmin_bet = 100\n"
        "starting_stacks = [1000, 400, 1000]\n"
        "actions = ['d dh p1 AsKs', 'd dh p2 QhQd', 'd dh p3 2c7d', 'p3 f', 'p1 cbr 1000', "
        "'p2 cc', 'd db 2s3s9h', 'd db Tc', 'd db Jd', 'p1 sm AsKs', 'p2 sm QhQd']\n"
        "players = ['a', 'b', 'c']\nfinishing_stacks = [600, 800, 1000]\n\n";
    static const char noise[] = "[]'\",=#\r\n\t p0123456789.?dbhsmcfx-+";
    int64_t len0 = (int64_t)sizeof hand - 1;
    for (int r = 0; r < rounds * 50; r++) {
        int copies = 1 + (int)below(4);
        int64_t len = len0 * copies;
        if (r % 3)
            len = (int64_t)below((unsigned)len + 1);
        char *buf = exact_alloc(len > 0 ? (size_t)len : 1);
        for (int64_t k = 0; k < len; k++)
            buf[k] = hand[k % len0];
        int flips = r % 5 == 0 ? 0 : (int)below(6);
        for (int f = 0; f < flips && len > 0; f++)
            buf[below((unsigned)len)] = (r % 7 == 0) ? (char)below(256)
                                                     : noise[below(sizeof noise - 1)];
        int64_t cap = 1;
        for (int64_t k = 0; k < len; k++)
            cap += buf[k] == '[';
        int64_t ends[2] = {len / 2, len}, consumed = -1;
        int n_seg = 1 + (int)below(2);
        if (n_seg == 1)
            ends[0] = len;
        cap += n_seg;
        int64_t *out = exact_alloc((size_t)cap * HR_PHH_WIDTH * sizeof *out);
        for (int mode = 0; mode < 2; mode++) {
            int final = (int)below(2);
            int64_t n = hr_phh_scan(buf, len, ends, n_seg, final, mode, out, cap, &consumed);
            CHECK(n >= -1 && n <= cap, "hr_phh_scan returned %lld", (long long)n);
            {   /* the quick reader takes only what the generic one reads the same */
                int64_t *gen = exact_alloc((size_t)cap * HR_PHH_WIDTH * sizeof *gen);
                int64_t g_used = -1;
                int64_t g = hr_phh_scan(buf, len, ends, n_seg, final, mode | HR_PHH_GENERIC,
                                        gen, cap, &g_used);
                CHECK(g == n && (n < 0 || g_used == consumed)
                      && (n <= 0 || memcmp(gen, out, (size_t)n * HR_PHH_WIDTH * sizeof *gen)
                          == 0), "hr_phh_scan: the quick and generic readers differ");
                g = hr_phh_scan(buf, len, ends, n_seg, final, mode | HR_PHH_QUICK_ONLY, gen,
                                cap, &g_used);
                CHECK(g == n, "hr_phh_scan: the quick reader alone found %lld hands",
                      (long long)g);
                for (int64_t h = 0; h < g; h++)
                    CHECK(gen[h * HR_PHH_WIDTH + HR_PHH_WHY] == 70
                          || memcmp(gen + h * HR_PHH_WIDTH, out + h * HR_PHH_WIDTH,
                                    HR_PHH_WIDTH * sizeof *gen) == 0,
                          "hr_phh_scan: the quick reader's record differs");
                free(gen);
            }
            CHECK(n < 0 || (consumed >= 0 && consumed <= len), "hr_phh_scan consumed %lld",
                  (long long)consumed);
            for (int64_t h = 0; h < n; h++) {
                const int64_t *rec = out + h * HR_PHH_WIDTH;
                CHECK(rec[HR_PHH_START] >= 0 && rec[HR_PHH_START] <= rec[HR_PHH_END]
                      && rec[HR_PHH_END] <= len, "hr_phh_scan: a hand outside the buffer");
                CHECK(rec[HR_PHH_STATUS] == HR_PHH_OK || rec[HR_PHH_STATUS] == HR_PHH_PYTHON,
                      "hr_phh_scan: status %lld", (long long)rec[HR_PHH_STATUS]);
                if (rec[HR_PHH_STATUS] == HR_PHH_OK && mode == 1 && flips == 0
                    && len % len0 == 0) {
                    CHECK(rec[HR_PHH_AGREE] == 1, "hr_phh_scan: the hand does not agree");
                    /* by hand: QQ holds; 600 of p1's 1000 is uncalled */
                    CHECK(rec[HR_PHH_FIXED + 1] == 600
                          && rec[HR_PHH_FIXED + HR_PHH_PER_SEAT + 1] == 800,
                          "hr_phh_scan: p1 paid %lld", (long long)rec[HR_PHH_FIXED + 1]);
                }
                phh_hands++;
            }
            if (n > 0) {        /* the statistics of every record (any text: bounded) */
                int64_t *st0 = exact_alloc((size_t)n * sizeof *st0);
                int64_t *en0 = exact_alloc((size_t)n * sizeof *en0);
                int64_t *se0 = exact_alloc((size_t)n * sizeof *se0);
                int64_t *pay = exact_alloc((size_t)n * HR_PHH_MAX_SEATS * sizeof *pay);
                int32_t *tab = exact_alloc((size_t)n * HR_PHH_MAX_SEATS * HR_PHH_STAT_COLS
                                           * sizeof *tab);
                uint8_t *dn = exact_alloc((size_t)n), *pf = exact_alloc((size_t)n);
                for (int64_t h = 0; h < n; h++) {
                    const int64_t *rec = out + h * HR_PHH_WIDTH;
                    st0[h] = rec[HR_PHH_START];
                    en0[h] = rec[HR_PHH_END];
                    se0[h] = rec[HR_PHH_SEATS] > 0 ? rec[HR_PHH_SEATS] : 1 + (int64_t)below(12);
                    for (int s = 0; s < HR_PHH_MAX_SEATS; s++)
                        pay[h * HR_PHH_MAX_SEATS + s] = rec[HR_PHH_FIXED + s * HR_PHH_PER_SEAT
                                                            + 1];
                }
                CHECK(hr_phh_stats(buf, len, st0, en0, se0, pay, n, tab, dn, pf) == n,
                      "hr_phh_stats failed");
                for (int64_t h = 0; h < n; h++) {
                    CHECK(dn[h] <= 1 && pf[h] <= 1, "hr_phh_stats: flags %d %d", dn[h], pf[h]);
                    for (int64_t k = 0; k < HR_PHH_MAX_SEATS * HR_PHH_STAT_COLS; k++)
                        CHECK(tab[h * HR_PHH_MAX_SEATS * HR_PHH_STAT_COLS + k] >= 0
                              && (dn[h] || tab[h * HR_PHH_MAX_SEATS * HR_PHH_STAT_COLS + k] == 0),
                              "hr_phh_stats: a count of %d",
                              tab[h * HR_PHH_MAX_SEATS * HR_PHH_STAT_COLS + k]);
                    if (flips == 0 && len % len0 == 0 && out[h * HR_PHH_WIDTH + HR_PHH_STATUS]
                        == HR_PHH_OK && mode == 1)
                        CHECK(dn[h] == 1, "hr_phh_stats: the plain hand is not counted");
                }
                CHECK(hr_phh_stats(NULL, 0, st0, en0, se0, pay, n, tab, dn, pf) == -1,
                      "hr_phh_stats: no buffer");
                /* the per-player sums (player = seat): the table's rows of the hands done */
                int32_t *ids = exact_alloc((size_t)n * HR_PHH_MAX_SEATS * sizeof *ids);
                uint8_t *msk = exact_alloc((size_t)n * HR_PHH_MAX_SEATS);
                uint8_t *dn2 = exact_alloc((size_t)n);
                int64_t sums[HR_PHH_MAX_SEATS * HR_PHH_STAT_COLS] = {0};
                int64_t want[HR_PHH_MAX_SEATS * HR_PHH_STAT_COLS] = {0};
                uint8_t has[HR_PHH_MAX_SEATS * 16] = {0};
                for (int64_t h = 0; h < n; h++)
                    for (int s = 0; s < HR_PHH_MAX_SEATS; s++) {
                        ids[h * HR_PHH_MAX_SEATS + s] = s;
                        msk[h * HR_PHH_MAX_SEATS + s] = (uint8_t)(s < se0[h] && below(4) != 0);
                        if (dn[h] && msk[h * HR_PHH_MAX_SEATS + s])
                            for (int k = 0; k < HR_PHH_STAT_COLS; k++)
                                want[s * HR_PHH_STAT_COLS + k] +=
                                    tab[(h * HR_PHH_MAX_SEATS + s) * HR_PHH_STAT_COLS + k];
                    }
                CHECK(hr_phh_stat_sums(buf, len, st0, en0, se0, pay, n, ids, msk,
                                       HR_PHH_MAX_SEATS, sums, has, dn2) == n,
                      "hr_phh_stat_sums failed");
                for (int64_t h = 0; h < n; h++)
                    CHECK(dn2[h] == dn[h], "hr_phh_stat_sums: done differs from hr_phh_stats");
                for (int k = 0; k < HR_PHH_MAX_SEATS * HR_PHH_STAT_COLS; k++)
                    CHECK(sums[k] == want[k], "hr_phh_stat_sums: column %d", k);
                int any = 0;
                for (int64_t k = 0; k < n * HR_PHH_MAX_SEATS; k++)
                    any |= msk[k];
                CHECK(hr_phh_stat_sums(buf, len, st0, en0, se0, pay, n, ids, msk, 0, sums, has,
                                       dn2) == (any ? -1 : n),
                      "hr_phh_stat_sums: a player id outside sums is refused");
                free(ids);
                free(msk);
                free(dn2);
                free(st0);
                free(en0);
                free(se0);
                free(pay);
                free(tab);
                free(dn);
                free(pf);
            }
            if (mode == 1 && n > 0 && r % 10 == 0) {     /* the all-in pots of every record */
                int64_t rows[8];
                double ev[8 * HR_PHH_EV_WIDTH];
                int8_t st[8];
                int64_t k = n < 8 ? n : 8;
                for (int64_t h = 0; h < k; h++)
                    rows[h] = h;
                CHECK(hr_phh_allin_pots(hr_game_at(0), out, rows, k, NULL, NULL, 0, ev, st) == k,
                      "hr_phh_allin_pots failed");
                for (int64_t h = 0; h < k; h++) {
                    CHECK(st[h] >= 0 && st[h] <= 2, "hr_phh_allin_pots: status %d", st[h]);
                    const int64_t *rec = out + h * HR_PHH_WIDTH;
                    if (flips == 0 && len % len0 == 0 && rec[HR_PHH_STATUS] == HR_PHH_OK) {
                        /* 800 contested by AsKs and QhQd preflop, 600 p1's alone */
                        const double *e = ev + h * HR_PHH_EV_WIDTH;
                        CHECK(st[h] == 0 && e[HR_PHH_EV_WIDTH - 1] == 2 && e[0] == 800
                              && e[1] == 3 && e[HR_PHH_EV_POT] == 600
                              && e[HR_PHH_EV_POT + 1] == 1 && e[3] + e[4] == e[2] * 2520,
                              "hr_phh_allin_pots: the pots of the hand by hand");
                    }
                }
            }
        }
        free(out);
        free(buf);
    }
}

/* hr_stars_replay on the buffer hr_stars_scan read (n records into out, phh_len bytes
 * of PHH): the same records and text, and for each hand written the record hr_phh_scan
 * gives its PHH text (every field but the profiling code), zeros and status Python
 * for the others */
static void stars_replay_same(const char *buf, int64_t len, const int64_t *ends, int n_seg,
                              int final, int64_t cap, int64_t room, int64_t n,
                              const int64_t *out, const char *phh, int64_t phh_len,
                              int64_t consumed)
{
    int64_t *out2 = exact_alloc((size_t)cap * HR_STARS_WIDTH * sizeof *out2);
    int64_t *prec = exact_alloc((size_t)cap * HR_PHH_WIDTH * sizeof *prec);
    char *phh2 = exact_alloc((size_t)room);
    int64_t phh_len2 = -1, consumed2 = -1;
    int64_t n2 = hr_stars_replay(buf, len, ends, n_seg, final, out2, prec, cap, phh2, room,
                                 &phh_len2, &consumed2);
    CHECK(n2 == n, "hr_stars_replay: %lld records, hr_stars_scan %lld", (long long)n2,
          (long long)n);
    if (n > 0 && n2 == n) {
        CHECK(consumed2 == consumed && phh_len2 == phh_len
              && !memcmp(out, out2, (size_t)n * HR_STARS_WIDTH * sizeof *out)
              && !memcmp(phh, phh2, (size_t)phh_len), "hr_stars_replay: not hr_stars_scan's");
        int64_t pcap = n + 1, pc = -1;
        int64_t *want = exact_alloc((size_t)pcap * HR_PHH_WIDTH * sizeof *want);
        int64_t pend[1] = {phh_len};
        int64_t got = hr_phh_scan(phh, phh_len, pend, 1, 1, 1, want, pcap, &pc);
        int64_t k = 0;
        for (int64_t h = 0; h < n; h++) {
            const int64_t *pr = prec + h * HR_PHH_WIDTH;
            if (out[h * HR_STARS_WIDTH + HR_STARS_STATUS] != HR_STARS_PHH) {
                CHECK(pr[HR_PHH_STATUS] == HR_PHH_PYTHON, "hr_stars_replay: a hand not written");
                continue;
            }
            CHECK(k < got, "hr_stars_replay: more hands written than hr_phh_scan reads");
            if (k >= got)
                break;
            const int64_t *w = want + k++ * HR_PHH_WIDTH;
            CHECK(pr[HR_PHH_STATUS] == w[HR_PHH_STATUS], "hr_stars_replay: another status");
            for (int f = 0; w[HR_PHH_STATUS] == HR_PHH_OK && f < HR_PHH_WIDTH; f++)
                CHECK(f == HR_PHH_WHY || pr[f] == w[f], "hr_stars_replay: field %d", f);
        }
        free(want);
        /* without PHH text: the same records but for the spans of text they point to */
        int64_t *out3 = exact_alloc((size_t)cap * HR_STARS_WIDTH * sizeof *out3);
        int64_t *prec3 = exact_alloc((size_t)cap * HR_PHH_WIDTH * sizeof *prec3);
        int64_t phh_len3 = -1, consumed3 = -1;
        int64_t n3 = hr_stars_replay(buf, len, ends, n_seg, final, out3, prec3, cap, NULL, 0,
                                     &phh_len3, &consumed3);
        CHECK(n3 == n && consumed3 == consumed && phh_len3 == 0
              && !memcmp(out, out3, (size_t)n * HR_STARS_WIDTH * sizeof *out),
              "hr_stars_replay without text: not the same hands");
        for (int64_t h = 0; h < n && n3 == n; h++) {
            const int64_t *a = prec + h * HR_PHH_WIDTH, *b = prec3 + h * HR_PHH_WIDTH;
            CHECK(a[HR_PHH_STATUS] == b[HR_PHH_STATUS], "hr_stars_replay without text: status");
            for (int s = 0; s < HR_PHH_MAX_SEATS && a[HR_PHH_STATUS] == HR_PHH_OK; s++)
                CHECK(a[HR_PHH_FIXED + HR_PHH_PER_SEAT * s] == b[HR_PHH_FIXED + HR_PHH_PER_SEAT * s]
                      && a[HR_PHH_FIXED + HR_PHH_PER_SEAT * s + 1]
                         == b[HR_PHH_FIXED + HR_PHH_PER_SEAT * s + 1]
                      && a[HR_PHH_FIXED + HR_PHH_PER_SEAT * s + 3]
                         == b[HR_PHH_FIXED + HR_PHH_PER_SEAT * s + 3],
                      "hr_stars_replay without text: seat %d", s);
        }
        free(prec3);
        free(out3);
    }
    free(phh2);
    free(prec);
    free(out2);
}

/* hr_stars_scan on a PokerStars hand, cut, spliced and sprinkled with random bytes,
 * each buffer malloc'd at exactly its length; the whole hand, once, by hand and
 * through hr_phh_scan */
/* hr_same_spans: spans of a text grouped (brute force: the first equal span and
 * key), exact-size arrays; spans outside the text and a small table refused */
static void spans_calls(int rounds)
{
    for (int r = 0; r < rounds; r++) {
        int64_t len = 1 + (int64_t)(rnd() % 64), n = (int64_t)(rnd() % 40);
        char *text = malloc((size_t)len);
        for (int64_t k = 0; k < len; k++)
            text[k] = "ab'"[rnd() % 3];
        int64_t *start = malloc(sizeof *start * (size_t)(n + 1));
        int64_t *span = malloc(sizeof *span * (size_t)(n + 1));
        int64_t *key = malloc(sizeof *key * (size_t)(n + 1));
        int64_t *group = malloc(sizeof *group * (size_t)(n + 1));
        int64_t cap = 1;
        while (cap < 2 * n)
            cap *= 2;
        int64_t *table = malloc(sizeof *table * (size_t)cap);
        for (int64_t i = 0; i < n; i++) {
            start[i] = (int64_t)(rnd() % (uint64_t)(len + 1));
            span[i] = (int64_t)(rnd() % (uint64_t)(len - start[i] + 1)) % 4;
            key[i] = (int64_t)(rnd() % 2);
        }
        CHECK(hr_same_spans(text, len, start, span, key, n, table, cap, group) == n,
              "hr_same_spans refused good spans");
        for (int64_t i = 0; i < n; i++) {
            int64_t want = i;
            for (int64_t j = 0; j < i; j++)
                if (span[j] == span[i] && key[j] == key[i]
                    && !memcmp(text + start[j], text + start[i], (size_t)span[i])) {
                    want = j;
                    break;
                }
            CHECK(group[i] == want, "hr_same_spans: span %lld in group %lld, not %lld",
                  (long long)i, (long long)group[i], (long long)want);
        }
        if (n > 0) {
            int64_t keep = span[0];
            span[0] = len - start[0] + 1;
            CHECK(hr_same_spans(text, len, start, span, key, n, table, cap, group) == -1,
                  "hr_same_spans took a span past the text");
            span[0] = keep;
            CHECK(hr_same_spans(text, len, start, span, key, n, table, n, group) == -1,
                  "hr_same_spans took a small table");
        }
        free(text);
        free(start);
        free(span);
        free(key);
        free(group);
        free(table);
    }
}

/* hr_store_scan: a hand of known stacks, blinds and number read back; the same text
 * cut at every length and sprinkled with random bytes in exact-size buffers (flags
 * only from the bits declared, stacks only with the flag); bad arguments refused */
static void store_scan_calls(int rounds)
{
    static const char hand[] =
        "variant = 'NT'\nhand = 0042\nblinds_or_straddles = [5, 10, 0]\n"
        "starting_stacks = [100,\t200 , 300]\r\nactions = ['d dh p1 AsKs']\n\n";
    int64_t len = (int64_t)strlen(hand), st = 0, en = len, seats = 3;
    int64_t stacks[12], blinds[12], hid, key[2];
    uint8_t flags;
    CHECK(hr_store_scan(hand, len, &st, &en, &seats, 1, stacks, blinds, &hid, key, &flags)
          == 1, "hr_store_scan refused a hand");
    CHECK(flags == (HR_STORE_STACKS | HR_STORE_BLINDS | HR_STORE_HAND_ID | HR_STORE_CR),
          "hr_store_scan: flags %d", flags);
    CHECK(stacks[0] == 100 && stacks[1] == 200 && stacks[2] == 300 && stacks[3] == 0,
          "hr_store_scan: stacks %lld %lld %lld", (long long)stacks[0],
          (long long)stacks[1], (long long)stacks[2]);
    CHECK(blinds[0] == 5 && blinds[1] == 10 && blinds[2] == 0, "hr_store_scan: blinds");
    CHECK(hid == 42 && key[0] == 0 && key[1] == len - 2, "hr_store_scan: hand %lld, key "
          "%lld..%lld", (long long)hid, (long long)key[0], (long long)key[1]);
    seats = 4;                                   /* three stacks for four seats */
    CHECK(hr_store_scan(hand, len, &st, &en, &seats, 1, stacks, blinds, &hid, key, &flags)
          == 1 && !(flags & HR_STORE_STACKS) && stacks[0] == 0, "hr_store_scan: 3 of 4");
    seats = 13;
    CHECK(hr_store_scan(hand, len, &st, &en, &seats, 1, stacks, blinds, &hid, key, &flags)
          == -1, "hr_store_scan took 13 seats");
    seats = 3;
    en = len + 1;
    CHECK(hr_store_scan(hand, len, &st, &en, &seats, 1, stacks, blinds, &hid, key, &flags)
          == -1, "hr_store_scan took a hand past the text");
    for (int r = 0; r < rounds; r++) {
        int64_t n = 1 + (int64_t)(rnd() % (uint64_t)len);
        char *text = malloc((size_t)n);
        memcpy(text, hand, (size_t)n);
        for (int k = 0; k < 3; k++)
            text[rnd() % (uint64_t)n] = (char)"[],= \n\r\t0x"[rnd() % 11];
        int64_t s2 = (int64_t)(rnd() % (uint64_t)n), e2 = n;
        seats = 1 + (int64_t)(rnd() % 12);
        CHECK(hr_store_scan(text, n, &s2, &e2, &seats, 1, stacks, blinds, &hid, key, &flags)
              == 1, "hr_store_scan refused a cut hand");
        CHECK((flags & ~31) == 0 && key[0] >= s2 && key[1] <= e2 && key[0] <= key[1],
              "hr_store_scan: flags %d, key %lld..%lld", flags, (long long)key[0],
              (long long)key[1]);
        if (!(flags & HR_STORE_STACKS))
            for (int s = 0; s < 12; s++)
                CHECK(stacks[s] == 0, "hr_store_scan: stacks without the flag");
        free(text);
    }
}

/* hr_store_actions: the actions of a known hand read back (seats, verbs, amounts,
 * arguments), a cap too small answered with the room needed, the hand cut at
 * every length and sprinkled with random bytes in exact-size buffers (every action
 * inside its hand, in order), bad arguments refused */
static void store_actions_calls(int rounds)
{
    static const char hand[] =
        "variant = 'NT'\nactions = ['d dh p1 AsKs', 'p12 cbr 300', 'p1 f','d db 2c3c4c']\n";
    int64_t len = (int64_t)strlen(hand), st = 0, en = len, need = 0;
    int64_t out[8 * HR_STORE_ACT_WIDTH];
    uint8_t ok = 0;
    CHECK(hr_store_actions(hand, len, &st, &en, 1, out, 8, &ok, &need) == 4 && ok == 1
          && need == 4, "hr_store_actions: %d actions", (int)need);
    const int64_t *a = out;
    CHECK(a[1] == -1 && a[2] == HR_STORE_V_DH && a[3] == -1
          && !memcmp(hand + a[6], "p1 AsKs", 7) && !memcmp(hand + a[7], "dh", 2)
          && a[8] - a[7] == 2, "hr_store_actions: the dealt hand");
    a += HR_STORE_ACT_WIDTH;
    CHECK(a[0] == 0 && a[1] == 11 && a[2] == HR_STORE_V_CBR && a[3] == 300
          && a[5] - a[4] == 11 && a[6] == a[5] - 3, "hr_store_actions: the bet");
    a += HR_STORE_ACT_WIDTH;
    CHECK(a[1] == 0 && a[2] == HR_STORE_V_F && a[6] == a[5], "hr_store_actions: the fold");
    a += HR_STORE_ACT_WIDTH;
    CHECK(a[2] == HR_STORE_V_DB && !memcmp(hand + a[6], "2c3c4c", 6), "hr_store_actions: board");
    CHECK(hr_store_actions(hand, len, &st, &en, 1, out, 2, &ok, &need) == -2 && need == 4,
          "hr_store_actions: a small cap");
    en = len + 1;
    CHECK(hr_store_actions(hand, len, &st, &en, 1, out, 8, &ok, &need) == -1,
          "hr_store_actions took a hand past the text");
    for (int r = 0; r < rounds; r++) {
        int64_t n = 1 + (int64_t)(rnd() % (uint64_t)len);
        char *text = malloc((size_t)n);
        memcpy(text, hand, (size_t)n);
        for (int k = 0; k < 3; k++)
            text[rnd() % (uint64_t)n] = (char)"[],' \n\r\tp1d9"[rnd() % 13];
        int64_t s2 = (int64_t)(rnd() % (uint64_t)n), e2 = n;
        int64_t got = hr_store_actions(text, n, &s2, &e2, 1, out, 8, &ok, &need);
        CHECK(got >= 0 && got <= 8 && (ok || got == 0), "hr_store_actions: %lld on a cut "
              "hand", (long long)got);
        for (int64_t i = 0; i < got; i++) {
            const int64_t *o = out + i * HR_STORE_ACT_WIDTH;
            CHECK(o[0] == 0 && o[4] >= s2 && o[4] <= o[5] && o[5] <= e2 && o[6] <= o[5]
                  && o[2] >= 0 && o[2] <= 6 && o[1] >= -1 && o[1] < 99,
                  "hr_store_actions: action %lld out of its hand", (long long)i);
        }
        free(text);
    }
}

/* hr_count_byte: counted against a loop, on buffers of exact size, every length
 * to 600 (the 16-byte part, its 255-round counters and the tail) */
static void count_byte_calls(int rounds)
{
    for (int r = 0; r < rounds; r++) {
        int64_t len = r < 600 ? r : (int64_t)below(9000);
        char *buf = exact_alloc(len > 0 ? (size_t)len : 1);
        int byte = r % 3 == 0 ? '\n' : (int)below(256);
        int64_t want = 0;
        for (int64_t k = 0; k < len; k++) {
            buf[k] = (char)(below(4) == 0 ? byte : (int)below(256));
            want += (unsigned char)buf[k] == byte;
        }
        CHECK(hr_count_byte(buf, len, byte) == want, "hr_count_byte: not %lld", (long long)want);
        CHECK(hr_count_byte(buf, -1, byte) == -1 && hr_count_byte(buf, len, 256) == -1,
              "hr_count_byte took a bad argument");
        free(buf);
    }
}

/* hr_read_small_files on a temporary folder: files of known bytes read back
 * into exact-size buffers; a FIFO and a folder never read; a missing path;
 * a buffer that stops the call before a file */
static void files_calls(void)
{
    char dir[] = "/tmp/hr-driver-XXXXXX";
    if (!mkdtemp(dir)) {
        fprintf(stderr, "driver: files_calls: no temporary folder, skipped\n");
        return;
    }
    static const char *const body[] = {"abc", "\xef\xbb\xbfxyz", "caf\xc3\xa9", "PokerStars", "",
                                       "0123456789012345678901234567890123456789012"};
    enum { NF = 6, NP = 9 };
    char names[NP][64];
    for (int k = 0; k < NP; k++)
        snprintf(names[k], sizeof names[k], "%s/%d", dir, k);
    for (int k = 0; k < NF; k++) {
        FILE *f = fopen(names[k], "wb");
        CHECK(f != NULL, "files_calls: cannot write %s", names[k]);
        if (!f)
            return;
        fwrite(body[k], 1, strlen(body[k]), f);
        fclose(f);
    }
    CHECK(mkfifo(names[6], 0600) == 0, "files_calls: mkfifo");
    CHECK(mkdir(names[7], 0700) == 0, "files_calls: mkdir");    /* names[8]: missing */
    size_t total = 0;
    int64_t off[NP];
    for (int k = 0; k < NP; k++)
        off[k] = (int64_t)total, total += strlen(names[k]) + 1;
    char *paths = malloc(total);
    for (int k = 0; k < NP; k++)
        memcpy(paths + off[k], names[k], strlen(names[k]) + 1);
    int64_t *end = malloc(sizeof *end * NP);
    int8_t *st = malloc(NP), *fl = malloc(NP);
    const int64_t small = 40;
    int64_t cap = 3 + 3 + 5 + 10 + 0 + small;   /* the five files read, room for the next */
    char *buf = malloc((size_t)cap);
    int64_t n = hr_read_small_files(paths, off, NP, small, buf, cap, end, st, fl);
    CHECK(n == NP, "hr_read_small_files handled %lld", (long long)n);
    static const int8_t want[NP] = {HR_FILE_OK, HR_FILE_OK, HR_FILE_OK, HR_FILE_OK, HR_FILE_OK,
                                    HR_FILE_BIG, HR_FILE_OTHER, HR_FILE_OTHER, HR_FILE_OTHER};
    static const char *const got[NF] = {"abc", "xyz", "caf\xc3\xa9", "PokerStars", "", ""};
    for (int k = 0; k < NP && n == NP; k++) {
        CHECK(st[k] == want[k], "hr_read_small_files: status %d of file %d", st[k], k);
        int64_t a = k ? end[k - 1] : 0;
        CHECK(a >= 0 && a <= end[k] && end[k] <= cap, "hr_read_small_files: file %d at %lld",
              k, (long long)end[k]);
        if (k < NF)
            CHECK(end[k] - a == (int64_t)strlen(got[k]) && !memcmp(buf + a, got[k], strlen(got[k])),
                  "hr_read_small_files: the bytes of file %d", k);
    }
    CHECK(n != NP || (fl[2] == HR_FILE_NONASCII && fl[3] == HR_FILE_STARS && fl[0] == 0),
          "hr_read_small_files: flags");
    free(buf);
    cap = 3 + small - 1;                        /* stops after the first file */
    buf = malloc((size_t)cap);
    n = hr_read_small_files(paths, off, NP, small, buf, cap, end, st, fl);
    CHECK(n == 1 && end[0] == 3, "hr_read_small_files with little room: %lld", (long long)n);
    CHECK(hr_read_small_files(paths, off, NP, small, buf, small - 1, end, st, fl) == 0,
          "hr_read_small_files with no room");
    CHECK(hr_read_small_files(paths, off, 0, small, buf, cap, end, st, fl) == 0,
          "hr_read_small_files of nothing");
    free(buf);
    free(paths);
    free(end);
    free(st);
    free(fl);
    for (int k = 0; k < NP; k++)
        k == 7 ? rmdir(names[k]) : unlink(names[k]);
    rmdir(dir);
}

static void sites_calls(int rounds)
{
    static const char hand[] =
        "PokerStars Hand #42: Hold'em No Limit ($0.01/$0.02 USD) - 2020/04/16 ET\n"
        "Table 'T' 6-max Seat #3 is the button\n"
        "Seat 1: a ($1.00 in chips)\nSeat 2: b b ($0.40 in chips)\nSeat 3: c ($1 in chips)\n"
        "a: posts small blind $0.01\nb b: posts big blind $0.02\n*** HOLE CARDS ***\n"
        "Dealt to c [2c 7d]\nc: folds\na: raises $0.98 to $1 and is all-in\n"
        "b b: calls $0.38 and is all-in\nUncalled bet ($0.60) returned to a\n"
        "*** FLOP *** [2s 3s 9h]\n*** TURN *** [2s 3s 9h] [Tc]\n"
        "*** RIVER *** [2s 3s 9h Tc] [Jd]\n*** SHOW DOWN ***\na: shows [As Ks]\n"
        "b b: shows [Qh Qd]\nb b collected $0.78 from pot\n*** SUMMARY ***\n"
        "Total pot $0.80 | Rake $0.02\nBoard [2s 3s 9h Tc Jd]\n\n";
    static const char noise[] = "[]()$:.,#*\r\n\t 0123456789PokerStarsHand#SeatcollectedA";
    int64_t len0 = (int64_t)sizeof hand - 1;
    for (int r = 0; r < rounds * 50; r++) {
        int copies = 1 + (int)below(3);
        int64_t len = len0 * copies;
        if (r % 3)
            len = (int64_t)below((unsigned)len + 1);
        char *buf = exact_alloc(len > 0 ? (size_t)len : 1);
        for (int64_t k = 0; k < len; k++)
            buf[k] = hand[k % len0];
        int flips = r % 5 == 0 ? 0 : (int)below(6);
        for (int f = 0; f < flips && len > 0; f++)
            buf[below((unsigned)len)] = (r % 7 == 0) ? (char)below(256)
                                                     : noise[below(sizeof noise - 1)];
        /* every fourth call with little room for the PHH: -2, never a write past it */
        int64_t cap = 4, room = r % 4 == 3 ? (int64_t)below(1500) + 1 : 2 * len + 4096;
        int64_t ends[2] = {len / 2, len}, consumed = -1, phh_len = -1;
        int n_seg = 1 + (int)below(2);
        if (n_seg == 1)
            ends[0] = len;
        int64_t *out = exact_alloc((size_t)cap * HR_STARS_WIDTH * sizeof *out);
        char *phh = exact_alloc((size_t)room);
        int final = (int)below(2);
        int64_t n = hr_stars_scan(buf, len, ends, n_seg, final, out, cap, phh, room, &phh_len,
                                  &consumed);
        CHECK(n >= -2 && n <= cap, "hr_stars_scan returned %lld", (long long)n);
        CHECK(n < 0 || (consumed >= 0 && consumed <= len && phh_len >= 0 && phh_len <= room),
              "hr_stars_scan consumed %lld, wrote %lld", (long long)consumed,
              (long long)phh_len);
        stars_replay_same(buf, len, ends, n_seg, final, cap, room, n, out, phh, phh_len,
                          consumed);
        for (int64_t h = 0; h < n; h++) {
            const int64_t *rec = out + h * HR_STARS_WIDTH;
            CHECK(rec[HR_STARS_START] >= 0 && rec[HR_STARS_START] <= rec[HR_STARS_END]
                  && rec[HR_STARS_END] <= len, "hr_stars_scan: a hand outside the buffer");
            CHECK(rec[HR_STARS_STATUS] == HR_STARS_PHH || rec[HR_STARS_STATUS] == HR_STARS_PYTHON,
                  "hr_stars_scan: status %lld", (long long)rec[HR_STARS_STATUS]);
        }
        if (n > 0 && flips == 0 && len % len0 == 0 && final && n_seg == 1) {
            /* whole hands: each taken, paid a $0.60 back and b b $0.78 after a $0.02 rake */
            int64_t pcap = n + 1, pc = -1;
            int64_t *prec = exact_alloc((size_t)pcap * HR_PHH_WIDTH * sizeof *prec);
            int64_t pend[1] = {phh_len};
            int64_t got = hr_phh_scan(phh, phh_len, pend, 1, 1, 1, prec, pcap, &pc);
            CHECK(got == n, "hr_phh_scan of the PHH written: %lld hands", (long long)got);
            for (int64_t h = 0; h < n && h < got; h++) {
                const int64_t *rec = out + h * HR_STARS_WIDTH, *pr = prec + h * HR_PHH_WIDTH;
                CHECK(rec[HR_STARS_STATUS] == HR_STARS_PHH && rec[HR_STARS_RAKE] == 2
                      && rec[HR_STARS_ID] == 42 && rec[HR_STARS_WON] == 60
                      && rec[HR_STARS_WON + 1] == 78, "hr_stars_scan: the hand by hand");
                CHECK(pr[HR_PHH_STATUS] == HR_PHH_OK && pr[HR_PHH_FIXED + 1] == 60
                      && pr[HR_PHH_FIXED + HR_PHH_PER_SEAT + 1] == 80,
                      "hr_stars_scan: the hand replayed");
            }
            free(prec);
        }
        free(phh);
        free(out);
        free(buf);
    }
}

/* hr_gg_scan on a GGPoker hand, cut, spliced and sprinkled with random bytes, each
 * buffer malloc'd at exactly its length; the whole hand, once, through hr_stars_scan
 * and hr_phh_scan (the summary's fees the rake the winner pays) */
static void gg_calls(int rounds)
{
    static const char hand[] =
        "Poker Hand #HD42: Hold'em No Limit  ($0.01/$0.02) - 2020/04/16 10:00:00\n"
        "Table 'T' 6-max Seat #3 is the button\n"
        "Seat 1: a ($1 in chips)\nSeat 2: b b ($0.4 in chips)\nSeat 3: c ($1 in chips)\n"
        "a: posts small blind $0.01\nb b: posts big blind $0.02\n*** HOLE CARDS ***\n"
        "Dealt to a \nDealt to b b\nDealt to c [2C 7d]\nc: folds\n"
        "a: raises $0.98 to $1 and is all-in\n"
        "b b: calls $0.38 and is all-in\nUncalled bet ($0.6) returned to a\n"
        "a: shows [as ks]\nb b: shows [Qh  qd]\n"
        "*** FLOP *** [2s 3s 9h]\n*** TURN *** [2s 3s 9h] [Tc]\n"
        "*** RIVER *** [2s 3s 9h Tc] [Jd]\n*** SHOWDOWN ***\n"
        "b b collected $0.77 from pot\n*** SUMMARY ***\n"
        "Total pot $0.8 | Rake $0.02 | Jackpot $0.01 | Bingo $0\nBoard [2s 3s 9h Tc Jd]\n\n";
    static const char noise[] = "[]()$:.,#*|\r\n\t 0123456789PokerHandSeatcollectedTotalpot";
    int64_t len0 = (int64_t)sizeof hand - 1;
    for (int r = 0; r < rounds * 50; r++) {
        int copies = 1 + (int)below(3);
        int64_t len = len0 * copies;
        if (r % 3)
            len = (int64_t)below((unsigned)len + 1);
        char *buf = exact_alloc(len > 0 ? (size_t)len : 1);
        for (int64_t k = 0; k < len; k++)
            buf[k] = hand[k % len0];
        int flips = r % 5 == 0 ? 0 : (int)below(6);
        for (int f = 0; f < flips && len > 0; f++)
            buf[below((unsigned)len)] = (r % 7 == 0) ? (char)below(256)
                                                     : noise[below(sizeof noise - 1)];
        /* every fourth call with little room for the text written: -2, never a write past it */
        int64_t cap = 4, room = r % 4 == 3 ? (int64_t)below(1500) + 1 : 2 * len + 4096;
        int64_t consumed = -1, ps_len = -1;
        int64_t *out = exact_alloc((size_t)cap * HR_GG_WIDTH * sizeof *out);
        char *ps = exact_alloc((size_t)room);
        int final = (int)below(2);
        int64_t n = hr_gg_scan(buf, len, final, out, cap, ps, room, &ps_len, &consumed);
        CHECK(n >= -2 && n <= cap, "hr_gg_scan returned %lld", (long long)n);
        CHECK(n < 0 || (consumed >= 0 && consumed <= len && ps_len >= 0 && ps_len <= room),
              "hr_gg_scan consumed %lld, wrote %lld", (long long)consumed, (long long)ps_len);
        int64_t written = 0;
        for (int64_t h = 0; h < n; h++) {
            const int64_t *rec = out + h * HR_GG_WIDTH;
            CHECK(rec[HR_GG_START] >= 0 && rec[HR_GG_START] <= rec[HR_GG_END]
                  && rec[HR_GG_END] <= len, "hr_gg_scan: a hand outside the buffer");
            CHECK(rec[HR_GG_STATUS] == HR_GG_STARS || rec[HR_GG_STATUS] == HR_GG_PYTHON,
                  "hr_gg_scan: status %lld", (long long)rec[HR_GG_STATUS]);
            CHECK(rec[HR_GG_PS_START] == written && rec[HR_GG_PS_END] >= written
                  && rec[HR_GG_PS_END] <= ps_len, "hr_gg_scan: the text written");
            written = rec[HR_GG_PS_END];
        }
        if (n > 0 && flips == 0 && len % len0 == 0 && final) {
            /* whole hands: each rewritten, then written as PHH and replayed */
            int64_t scap = n + 1, sroom = 4 * ps_len + 4096, plen = -1, sc = -1, pc = -1;
            int64_t send[1] = {ps_len};
            int64_t *srec = exact_alloc((size_t)scap * HR_STARS_WIDTH * sizeof *srec);
            char *phh = exact_alloc((size_t)sroom);
            int64_t got = hr_stars_scan(ps, ps_len, send, 1, 1, srec, scap, phh, sroom, &plen,
                                        &sc);
            CHECK(got == n, "hr_stars_scan of the text written: %lld hands", (long long)got);
            int64_t *prec = exact_alloc((size_t)scap * HR_PHH_WIDTH * sizeof *prec);
            int64_t pend[1] = {plen};
            int64_t pgot = got > 0 ? hr_phh_scan(phh, plen, pend, 1, 1, 1, prec, scap, &pc) : 0;
            CHECK(pgot == n, "hr_phh_scan of the PHH written: %lld hands", (long long)pgot);
            for (int64_t h = 0; h < n && h < got && h < pgot; h++) {
                const int64_t *g = out + h * HR_GG_WIDTH, *rec = srec + h * HR_STARS_WIDTH;
                const int64_t *pr = prec + h * HR_PHH_WIDTH;
                CHECK(g[HR_GG_STATUS] == HR_GG_STARS && rec[HR_STARS_STATUS] == HR_STARS_PHH
                      && rec[HR_STARS_RAKE] == 3 && rec[HR_STARS_WON] == 60
                      && rec[HR_STARS_WON + 1] == 77, "hr_gg_scan: the hand by hand");
                CHECK(pr[HR_PHH_STATUS] == HR_PHH_OK && pr[HR_PHH_FIXED + 1] == 60
                      && pr[HR_PHH_FIXED + HR_PHH_PER_SEAT + 1] == 80,
                      "hr_gg_scan: the hand replayed");
            }
            free(prec);
            free(phh);
            free(srec);
        }
        free(ps);
        free(out);
        free(buf);
    }
}

/* hr_hu_preflop_*: bad cards refused, a suit relabelling and the swap keep the key,
 * a key table of three pairs finds each and nothing else. */
static void hu_preflop_calls(void)
{
    int sw = 0, sw2 = 0;
    const uint8_t bad[2][2] = {{52, 1}, {3, 3}};
    const uint8_t ok[2] = {4, 5};
    for (int i = 0; i < 2; i++)
        CHECK(hr_hu_preflop_key(bad[i], ok, &sw) == 0xFFFFFFFFu &&
                  hr_hu_preflop_key(ok, bad[i], &sw) == 0xFFFFFFFFu,
              "hr_hu_preflop_key took bad cards");
    CHECK(hr_hu_preflop_key(ok, ok, &sw) == 0xFFFFFFFFu, "hr_hu_preflop_key took a clash");
    const uint8_t a[2] = {51, 47}, b[2] = {44, 45};          /* AsKs v QhQd, 4 * rank + suit */
    const uint8_t a2[2] = {48, 40}, b2[2] = {37, 38};          /* AcQc v JdJh */
    const uint8_t pa[2] = {49, 45}, pb[2] = {46, 47};          /* AdKd v QhQs: a, b relabelled */
    uint32_t k = hr_hu_preflop_key(a, b, &sw);
    CHECK(k == hr_hu_preflop_key(pa, pb, &sw2) && sw == sw2, "a relabelling changed the key");
    CHECK(k == hr_hu_preflop_key(b, a, &sw2) && sw2 == 1 - sw, "the swap changed the key");
    uint32_t keys[3] = {k, hr_hu_preflop_key(a2, b2, &sw2), hr_hu_preflop_key(ok, a, &sw2)};
    for (int i = 0; i < 3; i++)                              /* sort three */
        for (int j = 0; j + 1 < 3; j++)
            if (keys[j] > keys[j + 1]) {
                uint32_t t = keys[j];
                keys[j] = keys[j + 1], keys[j + 1] = t;
            }
    uint32_t counts[9] = {1, 2, 1712301, 4, 5, 1712295, 7, 8, 1712289};
    int64_t got[3];
    int64_t c = hr_hu_preflop_class(keys, 3, pb, pa, &sw2);
    CHECK(c >= 0 && keys[c] == k, "hr_hu_preflop_class missed a key");
    CHECK(hr_hu_preflop_counts(keys, counts, 3, a, b, got) == 1 &&
              got[0] == counts[3 * c + sw] && got[2] == counts[3 * c + 2],
          "hr_hu_preflop_counts");
    CHECK(hr_hu_preflop_class(keys, 3, ok, b, &sw2) == -1 &&
              hr_hu_preflop_class(keys, 0, a, b, &sw2) == -1,
          "hr_hu_preflop_class found a missing key");
    uint8_t pairs[8] = {51, 47, 44, 45, 52, 0, 1, 2};
    int64_t cls[2];
    uint8_t sws[2];
    CHECK(hr_hu_preflop_classes(keys, 3, pairs, 2, cls, sws) == 1 && cls[1] == -1,
          "hr_hu_preflop_classes");
}

/* ---- the hand index (index.h): tables built here from the rules of
 * docs/index.md, independently of src/handrank/boards/index.py ----------- */

typedef struct ix_street {
    hr_index_street st;
    uint32_t *colex;
    int64_t *binom, *offset, *suit_count, *run_mult;
    int32_t *config_of, *keys;
    int64_t size;
} ix_street;

static int64_t choose(int n, int k)
{
    if (k < 0 || n < 0 || k > n)
        return 0;
    int64_t r = 1;
    for (int i = 1; i <= k; i++)
        r = r * (n - k + i) / i;
    return r;
}

typedef struct ix_build {
    int groups, size[HR_INDEX_MAX_GROUPS], base[HR_INDEX_MAX_GROUPS], K;
    const int64_t *suit_count;
    int32_t *configs;
    int n_configs, cap;
} ix_build;

static int key_count(const ix_build *b, int key, int j)
{
    return key / b->base[j] % (b->size[j] + 1);
}

static void ix_walk(ix_build *b, int depth, int *prefix, const int *left)
{
    if (depth == 3) {
        int key = 0;
        for (int j = 0; j < b->groups; j++)
            key += left[j] * b->base[j];
        if (key <= prefix[2] && b->suit_count[key] > 0) {
            if (b->n_configs == b->cap) {
                b->cap = b->cap ? 2 * b->cap : 64;
                b->configs = realloc(b->configs, (size_t)b->cap * 4 * sizeof *b->configs);
            }
            for (int s = 0; s < 3; s++)
                b->configs[4 * b->n_configs + s] = prefix[s];
            b->configs[4 * b->n_configs + 3] = key;
            b->n_configs++;
        }
        return;
    }
    int top = depth ? prefix[depth - 1] : b->K - 1;
    for (int key = top; key >= 0; key--) {
        int rest[HR_INDEX_MAX_GROUPS], ok = b->suit_count[key] > 0;
        for (int j = 0; j < b->groups && ok; j++) {
            rest[j] = left[j] - key_count(b, key, j);
            ok = rest[j] >= 0;
        }
        if (!ok)
            continue;
        prefix[depth] = key;
        ix_walk(b, depth + 1, prefix, rest);
    }
}

static void ix_make(ix_street *x, int ranks, int groups, const int *size)
{
    ix_build b = {0};
    memset(x, 0, sizeof *x);
    b.groups = groups;
    b.base[0] = 1;
    for (int j = 0; j < groups; j++) {
        b.size[j] = size[j];
        if (j)
            b.base[j] = b.base[j - 1] * (size[j - 1] + 1);
    }
    b.K = b.base[groups - 1] * (size[groups - 1] + 1);
    x->suit_count = calloc((size_t)b.K, sizeof *x->suit_count);
    for (int key = 0; key < b.K; key++) {
        int64_t n = 1;
        int avail = ranks;
        for (int j = 0; j < groups; j++) {
            n *= choose(avail, key_count(&b, key, j));
            avail -= key_count(&b, key, j);
        }
        x->suit_count[key] = avail >= 0 ? n : 0;
    }
    b.suit_count = x->suit_count;
    int prefix[3], left[HR_INDEX_MAX_GROUPS];
    for (int j = 0; j < groups; j++)
        left[j] = size[j];
    ix_walk(&b, 0, prefix, left);
    x->keys = b.configs;
    x->offset = malloc(((size_t)b.n_configs + 1) * sizeof *x->offset);
    x->run_mult = malloc((size_t)b.n_configs * 4 * sizeof *x->run_mult);
    x->offset[0] = 0;
    for (int i = 0; i < b.n_configs; i++) {
        const int32_t *cfg = b.configs + 4 * i;
        int64_t n = 1;
        for (int s = 0; s < 4;) {
            int e = s + 1;
            while (e < 4 && cfg[e] == cfg[s])
                e++;
            x->run_mult[4 * i + s] = n;
            for (int t = s + 1; t < e; t++)
                x->run_mult[4 * i + t] = 0;
            n *= choose((int)x->suit_count[cfg[s]] + e - s - 1, e - s);
            s = e;
        }
        x->offset[i + 1] = x->offset[i] + n;
    }
    x->config_of = malloc((size_t)b.K * b.K * b.K * sizeof *x->config_of);
    for (int i = 0; i < b.K * b.K * b.K; i++)
        x->config_of[i] = -1;
    for (int i = 0; i < b.n_configs; i++) {
        const int32_t *cfg = b.configs + 4 * i;
        x->config_of[(cfg[0] * b.K + cfg[1]) * b.K + cfg[2]] = i;
    }
    x->colex = malloc(((size_t)1 << ranks) * sizeof *x->colex);
    for (int m = 0; m < 1 << ranks; m++) {
        uint32_t r = 0;
        int i = 0;
        for (int p = 0; p < ranks; p++)
            if (m >> p & 1)
                r += (uint32_t)choose(p, ++i);
        x->colex[m] = r;
    }
    x->binom = malloc(17 * 17 * sizeof *x->binom);
    for (int n = 0; n < 17; n++)
        for (int k = 0; k < 17; k++)
            x->binom[n * 17 + k] = choose(n, k);
    x->st.ranks = ranks;
    x->st.groups = groups;
    for (int j = 0; j < groups; j++) {
        x->st.size[j] = size[j];
        x->st.base[j] = b.base[j];
    }
    x->st.n_keys = b.K;
    x->st.n_configs = b.n_configs;
    x->st.colex = x->colex;
    x->st.binom = x->binom;
    x->st.config_of = x->config_of;
    x->st.offset = x->offset;
    x->st.keys = x->keys;
    x->st.suit_count = x->suit_count;
    x->st.run_mult = x->run_mult;
    x->size = x->offset[b.n_configs];
}

static void ix_free(ix_street *x)
{
    free(x->colex), free(x->binom), free(x->offset), free(x->suit_count);
    free(x->run_mult), free(x->config_of), free(x->keys);
}

static int64_t index_checks = 0, river_boards = 0, runout_rows = 0;

/* n distinct cards of a deck of 4 * ranks cards */
static void deal_small(uint8_t *out, int n, int ranks)
{
    uint64_t used = 0;
    for (int i = 0; i < n; i++) {
        unsigned c;
        do
            c = below(4u * (unsigned)ranks);
        while (used >> c & 1u);
        used |= 1ull << c;
        out[i] = (uint8_t)c;
    }
}

/* One street: unindex every index (or a sample) and index it back; the index
 * of random hands does not change under a suit relabelling or a reordering
 * inside a group; bad cards, repeats and indices out of range are refused. */
static void index_street_calls(const ix_street *x, int rounds)
{
    const hr_index_street *st = &x->st;
    int k = 0;
    for (int j = 0; j < st->groups; j++)
        k += st->size[j];
    int64_t n = x->size < 4096 ? x->size : 4096;
    int64_t *idx = malloc((size_t)n * sizeof *idx), *back = malloc((size_t)n * sizeof *back);
    uint8_t *rows = malloc((size_t)n * (size_t)k);
    for (int64_t i = 0; i < n; i++)
        idx[i] = x->size <= 4096 ? i : (int64_t)(rnd() % (uint64_t)x->size);
    CHECK(hr_unindex_batch(st, idx, n, rows) == -1, "unindex_batch of valid indices");
    CHECK(hr_index_batch(st, rows, n, back) == -1, "index_batch of canonical hands");
    for (int64_t i = 0; i < n; i++)
        CHECK(back[i] == idx[i], "index(unindex(%lld)) = %lld", (long long)idx[i],
              (long long)back[i]);
    index_checks += n;
    for (int r = 0; r < rounds; r++) {
        uint8_t h[HR_INDEX_MAX_CARDS], p[HR_INDEX_MAX_CARDS];
        int64_t a, b;
        int perm[4] = {0, 1, 2, 3};
        deal_small(h, k, st->ranks);
        for (int s = 3; s > 0; s--) {
            int t = (int)below((unsigned)s + 1), tmp = perm[s];
            perm[s] = perm[t], perm[t] = tmp;
        }
        for (int i = 0; i < k; i++)
            p[i] = (uint8_t)(h[i] / 4 * 4 + perm[h[i] % 4]);
        if (st->size[0] > 1) {      /* reorder the first group */
            uint8_t t = p[0];
            p[0] = p[st->size[0] - 1], p[st->size[0] - 1] = t;
        }
        CHECK(hr_index_batch(st, h, 1, &a) == -1 && hr_index_batch(st, p, 1, &b) == -1,
              "index of a hand");
        CHECK(a == b && a >= 0 && a < x->size, "index not invariant: %lld vs %lld",
              (long long)a, (long long)b);
        /* hostile: a card outside the deck, a repeated card, an index out of range */
        uint8_t bad[HR_INDEX_MAX_CARDS * 2];
        memcpy(bad, h, (size_t)k);
        memcpy(bad + k, h, (size_t)k);
        bad[k + below((unsigned)k)] = (uint8_t)(4 * st->ranks + below(256u - 4u * st->ranks));
        CHECK(hr_index_batch(st, bad, 2, back) == 1, "index_batch: a bad card accepted");
        if (k > 1) {
            memcpy(bad + k, h, (size_t)k);
            bad[k + 1] = bad[k];
            CHECK(hr_index_batch(st, bad, 2, back) == 1, "index_batch: a repeat accepted");
        }
        int64_t wrong[3] = {0, r % 2 ? -1 - (int64_t)below(1000) : x->size + below(1000),
                            INT64_MIN};
        CHECK(hr_unindex_batch(st, wrong, 3, rows) == 1, "unindex_batch: out of range");
        wrong[1] = INT64_MAX;
        CHECK(hr_unindex_batch(st, wrong, 2, rows) == 1, "unindex_batch: INT64_MAX");
    }
    CHECK(hr_index_batch(st, rows, 0, back) == -1 && hr_unindex_batch(st, idx, 0, rows) == -1,
          "empty batches");
    free(idx), free(back), free(rows);
}

static void index_calls(int scale)
{
    const hr_game *g = hr_game_at(0);
    static const int shapes[][5] = {{1, 2}, {2, 2, 3}, {2, 2, 4}, {2, 2, 5}, {3, 2, 3, 1},
                                    {1, 5}, {4, 2, 3, 1, 1}};
    for (int ranks = 2; ranks <= 13; ranks += ranks < 6 ? 1 : 7) {
        for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++) {
            int groups = shapes[s][0], size[4] = {0}, total = 0;
            for (int j = 0; j < groups; j++)
                total += size[j] = shapes[s][1 + j];
            if (total > 4 * ranks || (ranks == 13 && total > 5))
                continue;
            ix_street x;
            ix_make(&x, ranks, groups, size);
            index_street_calls(&x, 20 * scale);
            ix_free(&x);
        }
    }
    /* the river values and runout statistics on a deck of 4 ranks (16 cards) */
    const int R = 4;
    ix_street river, boardix, street[3];
    const int rv[2] = {2, 5}, bd[1] = {5}, pre[1] = {2}, flop[2] = {2, 3}, turn[2] = {2, 4};
    ix_make(&river, R, 2, rv);
    ix_make(&boardix, R, 1, bd);
    ix_make(&street[0], R, 1, pre);
    ix_make(&street[1], R, 2, flop);
    ix_make(&street[2], R, 2, turn);
    const int H = (int)choose(4 * R - 5, 2), opp = (int)choose(4 * R - 7, 2);
    int64_t nb = boardix.size;
    uint8_t *boards = malloc((size_t)nb * 5);
    int64_t *bidx = malloc((size_t)nb * sizeof *bidx), *ridx = malloc((size_t)(nb * H) * sizeof *ridx);
    uint32_t *val = malloc((size_t)(nb * H) * sizeof *val);
    for (int64_t i = 0; i < nb; i++)
        bidx[i] = i;
    CHECK(hr_unindex_batch(&boardix.st, bidx, nb, boards) == -1, "unindex the boards");
    CHECK(hr_river_values(g, &river.st, boards, nb, ridx, val) == -1, "hr_river_values");
    double *table = malloc((size_t)river.size * sizeof *table);
    for (int64_t i = 0; i < river.size; i++)
        table[i] = -1.0;
    for (int64_t b = 0; b < nb; b++) {
        int64_t sum = 0;
        for (int h = 0; h < H; h++) {
            sum += val[b * H + h];
            CHECK(ridx[b * H + h] >= 0 && ridx[b * H + h] < river.size, "river index range");
            CHECK(val[b * H + h] <= 2u * (unsigned)opp, "river value range");
            table[ridx[b * H + h]] = val[b * H + h] / (2.0 * opp);
        }
        /* each pair of disjoint hole pairs hands out 2 (a win, or a tie each) */
        CHECK(sum == (int64_t)H * opp, "board %lld: values sum to %lld, not %lld",
              (long long)b, (long long)sum, (long long)H * opp);
    }
    river_boards += nb;
    for (int64_t i = 0; i < river.size; i++)
        CHECK(table[i] >= 0.0 && table[i] <= 1.0, "river index %lld not reached", (long long)i);
    /* hostile boards: a card outside the 16-card deck, a repeat */
    memcpy(boards + 5, boards, 5);
    boards[5 + 3] = (uint8_t)(16 + below(240));
    CHECK(hr_river_values(g, &river.st, boards, 2, ridx, val) == 1, "river: bad card accepted");
    boards[5 + 3] = boards[5 + 4];
    CHECK(hr_river_values(g, &river.st, boards, 2, ridx, val) == 1, "river: repeat accepted");
    CHECK(hr_river_values(g, &street[1].st, boards, 1, ridx, val) == -2, "river: wrong street");
    for (int s = 0; s < 3; s++) {
        int64_t n = street[s].size;
        const int bins = 1 + (int)below(12);
        double *e = malloc((size_t)n * sizeof *e), *e2 = malloc((size_t)n * sizeof *e2);
        double *f = malloc((size_t)n * sizeof *f), *f2 = malloc((size_t)n * sizeof *f2);
        float *hist = malloc((size_t)(n * bins) * sizeof *hist);
        CHECK(hr_runout_stats(&street[s].st, &river.st, table, 0, n, bins, e, e2, hist, NULL)
              == -1, "hr_runout_stats street %d", s);
        for (int64_t i = 0; i < n; i++) {
            double hs = 0.0;
            for (int b = 0; b < bins; b++)
                hs += hist[i * bins + b];
            CHECK(e[i] >= 0.0 && e[i] <= 1.0 && e2[i] <= e[i] + 1e-12 && e2[i] >= e[i] * e[i] - 1e-12,
                  "runout stats of %lld: %g %g", (long long)i, e[i], e2[i]);
            CHECK(hs > 0.999 && hs < 1.001, "histogram of %lld sums to %g", (long long)i, hs);
        }
        /* split anywhere: the same bits; ehs2 may be NULL */
        int64_t cut = (int64_t)(rnd() % (uint64_t)n);
        CHECK(hr_runout_stats(&street[s].st, &river.st, table, 0, cut, 0, f, NULL, NULL, NULL)
              == -1 && hr_runout_stats(&street[s].st, &river.st, table, cut, n - cut, 0,
                                       f + cut, f2 + cut, NULL, NULL) == -1, "split stats");
        for (int64_t i = 0; i < n; i++)
            CHECK(f[i] == e[i] && (i < cut || f2[i] == e2[i]), "split changed index %lld",
                  (long long)i);
        runout_rows += n;
        volatile int32_t stop = 1;
        CHECK(hr_runout_stats(&street[s].st, &river.st, table, 0, n, 0, f, f2, NULL, &stop) == 0,
              "a set cancel flag is not seen at once");
        CHECK(hr_runout_stats(&street[s].st, &river.st, table, 0, n, 257, f, f2, hist, NULL)
              == -2 && hr_runout_stats(&street[s].st, &river.st, table, 0, n, -1, f, f2, hist,
                                       NULL) == -2, "bad bins accepted");
        CHECK(hr_runout_stats(&street[s].st, &street[s].st, table, 0, n, 0, f, f2, NULL, NULL)
              == -2, "a river that is not (2, 5) accepted");
        CHECK(hr_runout_stats(&street[s].st, &river.st, table, n - 1, 2, 0, f, f2, NULL, NULL)
              == -2 && hr_runout_stats(&street[s].st, &river.st, table, -1, 1, 0, f, f2, NULL,
                                       NULL) == -2
              && hr_runout_stats(&street[s].st, &river.st, table, 0, -1, 0, f, f2, NULL, NULL)
              == -2 && hr_runout_stats(&street[s].st, &river.st, table, INT64_MAX, INT64_MAX, 0,
                                       f, f2, NULL, NULL) == -2,
              "runout stats past the street's indices accepted");
        free(e), free(e2), free(f), free(f2), free(hist);
    }
    free(boards), free(bidx), free(ridx), free(val), free(table);
    ix_free(&river), ix_free(&boardix);
    for (int s = 0; s < 3; s++)
        ix_free(&street[s]);
}

/* ---- exact equity against random players (exact_random.h) -------------- */

static void exact_random_calls(const hr_game *g, int scale)
{
    for (int r = 0; r < 2 + scale / 5; r++) {
        uint8_t all[52], fixed[4], board[5], deck[52], perms[4] = {0, 1, 2, 3};
        uint64_t used = 0;
        deal(all, 52);
        const int n_fixed = 1 + (int)below(2), n_board = scale > 1 ? 3 + (int)below(2) : 4;
        const int k_random = 1;
        int at = 0, nd = 0;
        for (int i = 0; i < 2 * n_fixed; i++)
            fixed[i] = all[at++];
        for (int i = 0; i < n_board; i++)
            board[i] = all[at++];
        for (int i = 0; i < at; i++)
            used |= 1ull << all[i];
        for (int c = 0; c < 52; c++)
            if (!(used >> c & 1u))
                deck[nd++] = (uint8_t)c;
        const int len = 3 * (n_fixed + 1) + 2;
        int64_t whole[3 * 4 + 2] = {0}, split[3 * 4 + 2] = {0};
        int64_t took = hr_exact_random(g, n_fixed, fixed, k_random, board, n_board, deck, nd,
                                       perms, 1, 0, 1, whole, NULL);
        CHECK(took > 0, "hr_exact_random returned %lld", (long long)took);
        int64_t parts_took = 0;
        for (int p = 0; p < 3; p++)
            parts_took += hr_exact_random(g, n_fixed, fixed, k_random, board, n_board, deck, nd,
                                          perms, 1, p, 3, split, NULL);
        CHECK(parts_took == took, "the parts took %lld completions, the whole %lld",
              (long long)parts_took, (long long)took);
        for (int i = 0; i < len; i++)
            CHECK(split[i] == whole[i], "exact_random split differs at %d", i);
        /* chips conserved: every tuple x board hands out one pot */
        int64_t shares = 0, total = whole[3 * (n_fixed + 1)];
        for (int i = 0; i < n_fixed; i++)
            shares += whole[3 * i + 2];
        shares += (int64_t)k_random * whole[3 * n_fixed + 2];
        CHECK(shares == total * HR_XR_SHARE_UNIT, "exact_random shares %lld of %lld pots",
              (long long)shares, (long long)total);
        int64_t m = 5 - n_board, boards = choose(nd, m) * choose(nd - m, 2);
        CHECK(total == boards, "exact_random total %lld, not %lld", (long long)total,
              (long long)boards);
        volatile int32_t stop = 1;
        int64_t junk[3 * 4 + 2] = {0};
        CHECK(hr_exact_random(g, n_fixed, fixed, k_random, board, n_board, deck, nd, perms, 1,
                              0, 1, junk, &stop) < took || took <= 1, "cancel not seen");
        /* hostile arguments: every one refused with -2 */
        uint8_t badp[4] = {0, 1, 2, 4};
        CHECK(hr_exact_random(g, 0, fixed, 1, board, n_board, deck, nd, perms, 1, 0, 1, junk,
                              NULL) == -2, "n_fixed 0");
        CHECK(hr_exact_random(g, n_fixed, fixed, 3, board, n_board, deck, nd, perms, 1, 0, 1,
                              junk, NULL) == -2, "k_random 3");
        CHECK(hr_exact_random(g, n_fixed, fixed, 1, board, 6, deck, nd, perms, 1, 0, 1, junk,
                              NULL) == -2, "n_board 6");
        CHECK(hr_exact_random(g, n_fixed, fixed, 1, board, n_board, deck, nd, perms, 0, 0, 1,
                              junk, NULL) == -2, "n_perms 0");
        CHECK(hr_exact_random(g, n_fixed, fixed, 1, board, n_board, deck, nd, badp, 1, 0, 1,
                              junk, NULL) == -2, "a suit 4 in perms");
        CHECK(hr_exact_random(g, n_fixed, fixed, 1, board, n_board, deck, nd, perms, 1, 3, 3,
                              junk, NULL) == -2, "part == parts");
        CHECK(hr_exact_random(g, n_fixed, fixed, 1, board, n_board, deck, nd, perms, 1, 0, 0,
                              junk, NULL) == -2, "parts 0");
        deck[0] = fixed[0];
        CHECK(hr_exact_random(g, n_fixed, fixed, 1, board, n_board, deck, nd, perms, 1, 0, 1,
                              junk, NULL) == -2, "a deck card in a known hand");
        deck[0] = 52 + (uint8_t)below(200);
        CHECK(hr_exact_random(g, n_fixed, fixed, 1, board, n_board, deck, nd, perms, 1, 0, 1,
                              junk, NULL) == -2, "a deck card past 51");
        exact_runs++;
    }
}

/* ---- the hold rules of the triple draws (stud_mc.h) --------------------- */

static const hr_game *game_named(const char *name)
{
    for (int i = 0; i < hr_game_count(); i++)
        if (strcmp(hr_game_at(i)->name, name) == 0)
            return hr_game_at(i);
    return NULL;
}

static void hold_rule_calls(int scale)
{
    const hr_game *a5 = game_named("low_a5"), *l27 = game_named("low_27");
    CHECK(a5 != NULL && l27 != NULL, "the low games are missing");
    if (a5 == NULL || l27 == NULL)
        return;
    for (int which = 0; which < 2; which++) {
        const hr_game *g = which ? l27 : a5;
        int n = (int)g->classes + 1;
        double *value = malloc((size_t)n * sizeof *value);
        uint64_t *table = calloc((size_t)n, sizeof *table);
        for (int v = 0; v < n; v++)
            value[v] = v / (double)(n - 1);
        CHECK(hr_rank_holds(g, value, table, n - 1) == -1, "hr_rank_holds: a short table");
        CHECK(hr_rank_holds(NULL, value, table, n) == -1, "hr_rank_holds: no game");
        CHECK(hr_low27_tables(g, value, table, NULL, NULL, n + 1) == -1,
              "hr_low27_tables: a long table");
        /* the tables themselves take about a second each: under the sanitizers only */
        if (scale > 1) {
            double *ev = NULL, *flush = NULL;
            int kind = HR_BL_TABLES;
            if (which) {
                ev = calloc((size_t)n * 32, sizeof *ev);
                flush = calloc(32 * 8192, sizeof *flush);
                CHECK(hr_low27_tables(g, value, table, ev, flush, n) == 0, "hr_low27_tables");
                kind = HR_BL_LOW27;
            } else {
                CHECK(hr_rank_holds(g, value, table, n) == 0, "hr_rank_holds");
            }
            for (int r = 0; r < 200 * scale; r++) {
                uint8_t hand[5];
                deal(hand, 5);
                unsigned mask = hr_rule_hold(g, kind, table, ev, flush, hand);
                CHECK(mask < 32u, "hr_rule_hold mask %u", mask);
            }
            free(ev), free(flush);
        }
        free(value), free(table);
    }
}

/* ---- the rest: kernels, the scalar helpers, hr_pot_levels --------------- */

static unsigned keep_flush(const hr_game *g, const uint8_t *row, int k, unsigned v)
{
    (void)g, (void)row, (void)k;
    return v;
}

static void misc_calls(int scale)
{
    const hr_game *g = hr_game_at(0);
    int best = hr_batch_kernel();
    CHECK(best >= 0 && best <= 3, "hr_batch_kernel %d", best);
    CHECK(hr_set_batch_kernel(99) == -3 && hr_set_batch_kernel(-2) == -3, "a bad kernel set");
    int gather = hr_offsets_gather();
    CHECK(gather == 0 || gather == 1, "hr_offsets_gather %d", gather);
    CHECK(hr_set_offsets_gather(2) == -3 && hr_set_offsets_gather(0) == 0
          && hr_offsets_gather() == 0 && hr_set_offsets_gather(1) == 0 && hr_offsets_gather() == 1
          && hr_set_offsets_gather(-1) == 0 && hr_offsets_gather() == gather,
          "hr_set_offsets_gather");
    (void)hr_fast_pdep();
    const int64_t n = 200;
    uint8_t *rows = malloc((size_t)n * 7);
    uint16_t *ref = malloc((size_t)n * sizeof *ref), *out = malloc((size_t)n * sizeof *out);
    for (int r = 0; r < 2 * scale; r++) {
        for (int k = 5; k <= 7; k++) {
            for (int64_t i = 0; i < n; i++)
                deal(rows + k * i, k);
            CHECK(hr_eval_batch_kernel(g, rows, n, k, ref, 0) == -1, "plain kernel");
            for (int kern = 0; kern <= 3; kern++) {
                if (hr_set_batch_kernel(kern) != 0)
                    continue;
                CHECK(hr_batch_kernel() == kern, "kernel %d not set", kern);
                CHECK(hr_eval_batch(g, rows, n, k, out) == -1, "batch on kernel %d", kern);
                CHECK(memcmp(out, ref, (size_t)n * sizeof *out) == 0, "kernel %d differs", kern);
                CHECK(hr_eval_batch_fix(g, rows, n, k, out, kern, keep_flush) == -1
                      && memcmp(out, ref, (size_t)n * sizeof *out) == 0, "fix kernel %d", kern);
                CHECK(hr_eval_batch_fix(g, rows, n, k, out, kern, NULL) == -1, "fix NULL");
            }
            CHECK(hr_set_batch_kernel(-1) == 0 && hr_batch_kernel() == best, "kernel reset");
            CHECK(hr_eval_batch_fix(g, rows, n, 4, out, 0, NULL) == -2, "k 4 accepted");
            for (int gi = 0; gi < hr_game_count(); gi++) {
                const hr_game *lg = hr_game_at(gi);
                if (!is_low(lg))
                    continue;
                int64_t a = hr_eval_low_batch(lg, rows, n, k, ref);
                for (int kern = 0; kern <= 3; kern++) {
                    int64_t b = hr_eval_low_batch_kernel(lg, rows, n, k, out, kern);
                    if (b == -3)
                        continue;
                    CHECK(b == a && (a != -1 || memcmp(out, ref, (size_t)n * 2) == 0),
                          "low kernel %d differs", kern);
                }
            }
        }
    }
    for (int gi = 0; gi < hr_game_count(); gi++)
        (void)hr_omaha_table(hr_game_at(gi));
    hr_badugi_prepare();
    for (int r = 0; r < 100 * scale; r++) {
        uint8_t hand[4];
        deal(hand, 4);
        CHECK(hr_badugi_fast(hand) == (unsigned)hr_eval_badugi(hand), "hr_badugi_fast");
    }
    hr_rng rng;
    hr_rng_seed(&rng, 7, 1);
    uint64_t first = hr_rng_next(&rng), again;
    hr_rng_seed(&rng, 7, 1);
    again = hr_rng_next(&rng);
    CHECK(first == again, "hr_rng_next is not reproducible");
    /* hr_pot_levels: the distinct contributions of the seats in the mask, ascending */
    for (int r = 0; r < 1000 * scale; r++) {
        int64_t chips[HR_PHH_MAX_SEATS], level[HR_PHH_MAX_SEATS];
        int ns = 1 + (int)below(HR_PHH_MAX_SEATS);
        uint64_t mask = rnd() & ((1ull << ns) - 1);
        if (r % 7 == 0)
            mask = rnd() | 1ull << 63;      /* seats past n are ignored */
        for (int s = 0; s < ns; s++)
            chips[s] = r % 5 == 0 ? (int64_t)(rnd() >> 1) * (rnd() & 1 ? 1 : -1)
                                  : (int64_t)below(5);
        int nl = hr_pot_levels(chips, ns, mask, level);
        CHECK(nl >= 0 && nl <= ns, "hr_pot_levels count %d of %d", nl, ns);
        for (int j = 1; j < nl; j++)
            CHECK(level[j - 1] < level[j], "levels not strictly ascending");
        for (int s = 0; s < ns; s++) {
            if (!(mask >> s & 1))
                continue;
            int found = 0;
            for (int j = 0; j < nl; j++)
                found |= level[j] == chips[s];
            CHECK(found, "seat %d's %lld is no level", s, (long long)chips[s]);
        }
        for (int j = 0; j < nl; j++) {
            int found = 0;
            for (int s = 0; s < ns; s++)
                found |= (mask >> s & 1) && chips[s] == level[j];
            CHECK(found, "level %lld is no seat's", (long long)level[j]);
        }
    }
    free(rows), free(ref), free(out);
}

/* The wild-card games (wild.h): every row a class of its game or the first bad
 * row reported, rows before it written; a bad game refused. */
static void wild_calls(int scale)
{
    int64_t n = 64 * scale;
    uint8_t *rows = malloc((size_t)n * 5);
    uint16_t *out = malloc((size_t)n * 2);
    for (int game = 0; game < HR_WILD_GAMES; game++) {
        unsigned deck = game == HR_WILD_DEUCES ? 52 : 53;
        for (int64_t i = 0; i < n; i++) {
            uint64_t seen = 0;
            for (int j = 0; j < 5; j++) {
                unsigned c;
                do
                    c = (unsigned)below(deck);
                while (seen >> c & 1);
                seen |= 1ull << c;
                rows[5 * i + j] = (uint8_t)c;
            }
        }
        CHECK(hr_wild_batch(game, rows, n, out) == -1, "wild game %d: a good row refused", game);
        for (int64_t i = 0; i < n; i++)
            CHECK(out[i] > 0, "wild game %d: row %lld has no class", game, (long long)i);
        int64_t bad = n / 2;
        rows[5 * bad + 4] = (uint8_t)(rnd() | 0x80);   /* past every deck */
        CHECK(hr_wild_batch(game, rows, n, out) == bad, "wild game %d: bad id", game);
        rows[5 * bad + 4] = rows[5 * bad];                  /* a repeat */
        CHECK(hr_wild_batch(game, rows, n, out) == bad, "wild game %d: repeat", game);
        rows[5 * bad + 4] = 52;
        if (game == HR_WILD_DEUCES)
            CHECK(hr_wild_batch(game, rows, n, out) == bad, "deuces wild took a joker");
    }
    CHECK(hr_wild_batch(HR_WILD_GAMES, rows, n, out) == -2, "an unknown wild game");
    CHECK(hr_wild_batch(-1, rows, n, out) == -2, "a negative wild game");
    /* hr_draw_vs in each wild game (kind 2 + game): a hand against one that keeps two,
     * a stub of 9 holding the joker (the joker games); the pat hold against every draw
     * of the other hand ranked by hr_wild_batch */
    for (int game = 0; game < HR_WILD_GAMES; game++) {
        unsigned deck = game == HR_WILD_DEUCES ? 52 : 53;
        uint8_t all[53];
        for (unsigned i = 0; i < deck; i++)
            all[i] = (uint8_t)i;
        for (unsigned i = deck - 1; i > 0; i--) {
            unsigned j = below(i + 1);
            uint8_t t = all[i];
            all[i] = all[j];
            all[j] = t;
        }
        for (unsigned i = 0; i < deck; i++)
            if (all[i] == 52) {                         /* the joker into the stub */
                all[i] = all[0];
                all[0] = 52;
            }
        const uint8_t *stub = all, *hand = all + 9, *vs = all + 14;
        uint32_t holds[4] = {0, 1, 15, 31};
        int64_t win[4], tie[4];
        uint16_t a[126], b[126];
        CHECK(hr_draw_vs(NULL, 2 + game, hand, 5, vs, 2, stub, 9, holds, 4, a, b, win, tie)
              == 0, "hr_draw_vs wild game %d", game);
        /* C(9, d) C(9 - d, 3) pairs of draws for d = 5, 4, 1, 0 */
        static const int64_t pairs[4] = {126 * 4, 126 * 10, 9 * 56, 84};
        for (int h = 0; h < 4; h++)
            CHECK(win[h] >= 0 && tie[h] >= 0 && win[h] + tie[h] <= pairs[h],
                  "hr_draw_vs wild game %d counts", game);
        uint16_t mine, theirs;
        CHECK(hr_wild_batch(game, hand, 1, &mine) == -1, "wild game %d: the hand", game);
        int64_t w = 0, e = 0;
        for (int x = 0; x < 9; x++)
            for (int y = x + 1; y < 9; y++)
                for (int z = y + 1; z < 9; z++) {
                    uint8_t row[5] = {vs[0], vs[1], stub[x], stub[y], stub[z]};
                    CHECK(hr_wild_batch(game, row, 1, &theirs) == -1, "wild game %d: vs", game);
                    w += mine > theirs;
                    e += mine == theirs;
                }
        CHECK(win[3] == w && tie[3] == e, "hr_draw_vs wild game %d: the pat hold", game);
        uint8_t twice[5] = {hand[0], hand[0], hand[1], hand[2], hand[3]};
        CHECK(hr_draw_vs(NULL, 2 + game, twice, 5, vs, 2, stub, 9, holds, 4, a, b, win, tie)
              == -1, "hr_draw_vs wild: a card twice");
        CHECK(hr_draw_vs(NULL, 2 + game, hand, 4, vs, 2, stub, 9, holds, 4, a, b, win, tie)
              == -1, "hr_draw_vs wild: a hand of four");
    }
    uint8_t five[5] = {0, 1, 2, 3, 4}, st[9] = {10, 11, 12, 13, 14, 15, 16, 17, 52};
    uint32_t pat = 31;
    int64_t w1, t1;
    uint16_t a1[126], b1[126];
    CHECK(hr_draw_vs(NULL, 2 + HR_WILD_DEUCES, five, 5, st, 2, st + 2, 7, &pat, 1, a1, b1, &w1,
                     &t1) == -1, "hr_draw_vs: the joker in deuces wild");
    CHECK(hr_draw_vs(NULL, 2 + HR_WILD_GAMES, five, 5, st, 2, st + 2, 7, &pat, 1, a1, b1, &w1,
                     &t1) == -1, "hr_draw_vs: an unknown kind");
    free(rows), free(out);
}

/* hr_pql_stud_equity against every completion listed here and ranked one by
 * one (hr_eval of seven cards): two players on sixth street, and on fifth
 * street with all but ten cards dead; the sampled mode's shares sum to one
 * and repeat with the seed; bad arguments, a card twice, the cancel flag. */
static void pql_stud_calls(const hr_game *g, int scale)
{
    hr_rng rng0;
    hr_rng_seed(&rng0, 4343, 0);
    for (int r = 0; r < 2 * scale; r++) {
        const int known = 5 + r % 2;
        uint8_t holes[14];
        uint64_t pick = 0;
        for (int i = 0; i < 14; i++) {
            uint8_t c;
            do
                c = (uint8_t)(hr_rng_next(&rng0) % HR_N_CARDS);
            while ((pick >> c) & 1);
            pick |= 1ULL << c;
            holes[i] = c;
        }
        uint64_t seen = 0;
        for (int i = 0; i < 2; i++)
            for (int j = 0; j < known; j++)
                seen |= 1ULL << holes[i * 7 + j];
        /* fifth street: ten live unseen cards (every other card dead) */
        uint64_t live = (1ULL << HR_N_CARDS) - 1;
        uint8_t cand[HR_N_CARDS];
        int u = 0;
        for (int c = 0; c < HR_N_CARDS; c++) {
            if ((seen >> c) & 1)
                continue;
            if (known == 5 && u == 10) {
                live &= ~(1ULL << c);
                continue;
            }
            cand[u++] = (uint8_t)c;
        }
        double got[2];
        CHECK(hr_pql_stud_equity(g, NULL, 2, holes, known, live, 1, 0, NULL, got, NULL) == 1,
              "hr_pql_stud_equity known %d", known);
        const int need = 7 - known;
        double want[2] = {0, 0};
        int runs = 0;
        /* the cards each player gets as bit sets over cand[]: one card of the
         * 40 unseen on sixth street, two of the ten on fifth */
        const uint64_t top = need == 1 ? (uint64_t)u : (1ULL << u);
        for (uint64_t x = 0; x < top; x++) {
            uint64_t a = need == 1 ? 1ULL << x : x;
            if (__builtin_popcountll(a) != need)
                continue;
            for (uint64_t y = 0; y < top; y++) {
                uint64_t b = need == 1 ? 1ULL << y : y;
                if ((a & b) || __builtin_popcountll(b) != need)
                    continue;
                uint8_t h0[7], h1[7];
                memcpy(h0, holes, (size_t)known);
                memcpy(h1, holes + 7, (size_t)known);
                int q0 = known, q1 = known;
                for (int c = 0; c < u; c++) {
                    if ((a >> c) & 1)
                        h0[q0++] = cand[c];
                    if ((b >> c) & 1)
                        h1[q1++] = cand[c];
                }
                int v0 = hr_eval(g, h0, 7), v1 = hr_eval(g, h1, 7);
                want[0] += v0 > v1 ? 1.0 : v0 == v1 ? 0.5 : 0.0;
                want[1] += v1 > v0 ? 1.0 : v0 == v1 ? 0.5 : 0.0;
                runs++;
            }
        }
        for (int i = 0; i < 2; i++) {
            double diff = got[i] - want[i] / runs;
            CHECK(diff < 1e-12 && diff > -1e-12, "hr_pql_stud_equity %g vs %g", got[i],
                  want[i] / runs);
        }
        double s1[2], s2[2];
        hr_rng rng;
        hr_rng_seed(&rng, 7, (uint64_t)r);
        CHECK(hr_pql_stud_equity(g, g, 2, holes, 3, ~0ULL, 1, 50, &rng, s1, NULL) == 1,
              "hr_pql_stud_equity sampled");
        hr_rng_seed(&rng, 7, (uint64_t)r);
        CHECK(hr_pql_stud_equity(g, g, 2, holes, 3, ~0ULL, 1, 50, &rng, s2, NULL) == 1 &&
              s1[0] == s2[0] && s1[1] == s2[1], "hr_pql_stud_equity not reproducible");
        double sum = s1[0] + s1[1];
        CHECK(sum > 1 - 1e-9 && sum < 1 + 1e-9, "hr_pql_stud_equity shares sum %g", sum);
    }
    uint8_t holes[14] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13};
    double out[2];
    hr_rng rng;
    hr_rng_seed(&rng, 1, 1);
    volatile int32_t stop = 1;
    CHECK(hr_pql_stud_equity(g, NULL, 2, holes, 6, ~0ULL, 1, 0, NULL, out, &stop) == 0,
          "hr_pql_stud_equity ignores the cancel flag");
    holes[8] = 0;
    CHECK(hr_pql_stud_equity(g, NULL, 2, holes, 6, ~0ULL, 1, 0, NULL, out, NULL) == -2,
          "hr_pql_stud_equity: a card twice accepted");
    holes[8] = 8;
    CHECK(hr_pql_stud_equity(NULL, NULL, 2, holes, 6, ~0ULL, 1, 0, NULL, out, NULL) == -1 &&
          hr_pql_stud_equity(g, NULL, 1, holes, 6, ~0ULL, 1, 0, NULL, out, NULL) == -1 &&
          hr_pql_stud_equity(g, NULL, 2, holes, 2, ~0ULL, 1, 0, NULL, out, NULL) == -1 &&
          hr_pql_stud_equity(g, NULL, 2, holes, 8, ~0ULL, 1, 0, NULL, out, NULL) == -1 &&
          hr_pql_stud_equity(g, NULL, 2, holes, 6, ~0ULL, 1, 5, NULL, out, NULL) == -1 &&
          hr_pql_stud_equity(g, NULL, 2, holes, 6, 0xFFFULL, 1, 0, NULL, out, NULL) == -1,
          "hr_pql_stud_equity bad arguments accepted");
}

/* hr_pql_race_types: every trial counted once, in a standard category; a
 * stub of exactly the cards dealt; the same seed the same histogram; bad
 * arguments refused. */
/* hr_pql_range_equity against an enumeration written here (hr_eval of seven
 * cards): a hold'em hand on the turn against a range of random hands (some
 * sharing a card with the known cards), weighted; the sampled mode stays in
 * [0, 1] and repeats with the seed; bad arguments, a card twice, the cancel
 * flag. */
static void pql_range_calls(const hr_game *g, int scale)
{
    hr_rng rng0;
    hr_rng_seed(&rng0, 4747, 0);
    for (int r = 0; r < 2 * scale; r++) {
        uint8_t hero[2], board[5];
        uint64_t pick = 0;
        for (int i = 0; i < 7; i++) {
            uint8_t c;
            do
                c = (uint8_t)(hr_rng_next(&rng0) % HR_N_CARDS);
            while ((pick >> c) & 1);
            pick |= 1ULL << c;
            if (i < 2)
                hero[i] = c;
            else
                board[i - 2] = c;
        }
        enum { K = 12 };
        uint8_t hands[2 * K];
        double w[K];
        for (int t = 0; t < K; t++) {
            uint8_t a = (uint8_t)(hr_rng_next(&rng0) % HR_N_CARDS), b;
            do
                b = (uint8_t)(hr_rng_next(&rng0) % HR_N_CARDS);
            while (b == a);
            hands[2 * t] = a;
            hands[2 * t + 1] = b;
            w[t] = 0.25 + (double)(t % 3);
        }
        const uint64_t known_mask = (1ULL << hero[0]) | (1ULL << hero[1]) | (1ULL << board[0]) |
                                    (1ULL << board[1]) | (1ULL << board[2]) |
                                    (1ULL << board[3]);
        double num = 0.0, den = 0.0;
        for (int t = 0; t < K; t++) {
            uint64_t hm = (1ULL << hands[2 * t]) | (1ULL << hands[2 * t + 1]);
            if (hm & known_mask)
                continue;
            double sum = 0.0;
            int runs = 0;
            for (int c = 0; c < HR_N_CARDS; c++) {
                if (((known_mask | hm) >> c) & 1)
                    continue;
                uint8_t a7[7] = {hero[0], hero[1], board[0], board[1], board[2], board[3],
                                 (uint8_t)c};
                uint8_t b7[7] = {hands[2 * t], hands[2 * t + 1], board[0], board[1], board[2],
                                 board[3], (uint8_t)c};
                int x = hr_eval(g, a7, 7), y = hr_eval(g, b7, 7);
                sum += x > y ? 1.0 : x == y ? 0.5 : 0.0;
                runs++;
            }
            num += w[t] * sum / runs;
            den += w[t];
        }
        int32_t size = K;
        double got = -1.0;
        int64_t n_exact = 0;
        hr_rng rng;
        hr_rng_seed(&rng, 5, 5);
        CHECK(hr_pql_range_equity(g, NULL, 2, hero, board, 4, (1ULL << HR_N_CARDS) - 1, 1,
                                  &size, hands, w, 1000000, 10, &rng, 1, &got, &n_exact,
                                  NULL) == 1 && n_exact == 1,
              "hr_pql_range_equity enumeration");
        if (den > 0.0)
            CHECK(got - num / den < 1e-12 && num / den - got < 1e-12, "hr_pql_range_equity %.15f != %.15f", got,
                  num / den);
        else
            CHECK(got != got, "hr_pql_range_equity no hand fits");
        /* sampled: 200 draws, reproducible, a share */
        double s1 = -1.0, s2 = -2.0;
        hr_rng_seed(&rng, 9, (uint64_t)r);
        CHECK(hr_pql_range_equity(g, NULL, 2, hero, board, 3, (1ULL << HR_N_CARDS) - 1, 1,
                                  &size, hands, w, 0, 200, &rng, 1, &s1, NULL, NULL) == 1,
              "hr_pql_range_equity sampled");
        hr_rng_seed(&rng, 9, (uint64_t)r);
        CHECK(hr_pql_range_equity(g, NULL, 2, hero, board, 3, (1ULL << HR_N_CARDS) - 1, 1,
                                  &size, hands, w, 0, 200, &rng, 1, &s2, NULL, NULL) == 1,
              "hr_pql_range_equity sampled again");
        CHECK((s1 != s1 && s2 != s2) || (s1 == s2 && s1 >= 0.0 && s1 <= 1.0),
              "hr_pql_range_equity sampled %f %f", s1, s2);
    }
    {
        uint8_t hero[2] = {0, 1}, board[5] = {2, 3, 4, 5, 6}, dup[5] = {0, 3, 4, 5, 6};
        uint8_t hands[4] = {10, 11, 12, 13}, bad_hand[2] = {10, 10};
        double w[2] = {1.0, 1.0}, zero[1] = {0.0}, got = 0.0;
        int32_t sizes[1] = {2}, one[1] = {1};
        hr_rng rng;
        hr_rng_seed(&rng, 1, 1);
        const uint64_t all = (1ULL << HR_N_CARDS) - 1;
        CHECK(hr_pql_range_equity(g, NULL, 2, hero, dup, 4, all, 1, sizes, hands, w, 100, 1,
                                  &rng, 1, &got, NULL, NULL) == -2,
              "hr_pql_range_equity card twice");
        CHECK(hr_pql_range_equity(g, NULL, 3, hero, board, 4, all, 1, sizes, hands, w, 100, 1,
                                  &rng, 1, &got, NULL, NULL) == -1 &&
              hr_pql_range_equity(g, NULL, 2, hero, board, 2, all, 1, sizes, hands, w, 100, 1,
                                  &rng, 1, &got, NULL, NULL) == -1 &&
              hr_pql_range_equity(g, NULL, 2, hero, board, 4, all, 0, sizes, hands, w, 100, 1,
                                  &rng, 1, &got, NULL, NULL) == -1 &&
              hr_pql_range_equity(g, NULL, 2, hero, board, 4, all, 1, one, bad_hand, w, 100, 1,
                                  &rng, 1, &got, NULL, NULL) == -1 &&
              hr_pql_range_equity(g, NULL, 2, hero, board, 4, all, 1, one, hands, zero, 100, 1,
                                  &rng, 1, &got, NULL, NULL) == -1 &&
              hr_pql_range_equity(g, NULL, 2, hero, board, 4, all, 1, sizes, hands, w, 100, 0,
                                  &rng, 1, &got, NULL, NULL) == -1 &&
              hr_pql_range_equity(NULL, NULL, 2, hero, board, 4, all, 1, sizes, hands, w, 100,
                                  1, &rng, 1, &got, NULL, NULL) == -1,
              "hr_pql_range_equity bad arguments accepted");
        volatile int32_t stop = 1;
        CHECK(hr_pql_range_equity(g, NULL, 2, hero, board, 4, all, 1, sizes, hands, w, 100, 1,
                                  &rng, 1, &got, NULL, &stop) == 0,
              "hr_pql_range_equity cancel");
    }
}

static void pql_calls(int scale)
{
    const hr_game *g = hr_game_at(0);
    hr_rng rng0;
    hr_rng_seed(&rng0, 43, 0);
    uint8_t stub[HR_N_CARDS];
    for (int i = 0; i < HR_N_CARDS; i++)
        stub[i] = (uint8_t)i;
    for (int n = 2; n <= HR_PQL_MAX_PLAYERS; n++)
        for (int full = HR_MIN_HAND; full <= HR_MAX_HAND && n * full <= HR_N_CARDS; full++) {
            int64_t hist[10] = {0}, again[10] = {0};
            hr_rng rng;
            int64_t trials = 50 * scale + n + full;
            hr_rng_seed(&rng, (uint64_t)(n * 10 + full), 3);
            CHECK(hr_pql_race_types(g, n, full, stub, HR_N_CARDS, trials, &rng, hist, NULL)
                  == trials, "hr_pql_race_types %d x %d", n, full);
            hr_rng_seed(&rng, (uint64_t)(n * 10 + full), 3);
            CHECK(hr_pql_race_types(g, n, full, stub, HR_N_CARDS, trials, &rng, again, NULL)
                  == trials && memcmp(hist, again, sizeof hist) == 0,
                  "hr_pql_race_types not reproducible");
            int64_t sum = 0;
            for (int c = 1; c <= 9; c++)
                sum += hist[c];
            CHECK(sum == trials && hist[0] == 0, "hr_pql_race_types histogram");
            /* only the cards dealt in the stub: its odd length takes the lone draw */
            int64_t tight[10] = {0};
            CHECK(hr_pql_race_types(g, n, full, stub + HR_N_CARDS - n * full, n * full, 7,
                                    &rng, tight, NULL) == 7, "hr_pql_race_types tight stub");
        }
    {   /* four of each rank 2..5 and one six: every player's best is a category
         * the cards allow; three players of five cards from 17 cards */
        uint8_t low[17];
        for (int i = 0; i < 17; i++)
            low[i] = (uint8_t)i;
        int64_t hist[10] = {0};
        hr_rng rng;
        hr_rng_seed(&rng, 5, 0);
        CHECK(hr_pql_race_types(g, 3, 5, low, 17, 20 * scale, &rng, hist, NULL) == 20 * scale,
              "hr_pql_race_types low cards");
        CHECK(hist[1] == 0, "a winning high card among 15 cards of four ranks");
    }
    /* hr_pql_street_equity against the completions listed here, ranked one
     * by one (hr_eval, hr_eval_omaha): hold'em and Omaha, flop and turn */
    for (int r = 0; r < 3 * scale; r++)
        for (int h = 2; h <= 6; h += (h == 2 ? 2 : 1))
            for (int known = 3; known <= 5; known++) {
                const int hilo = h > 2 && r % 2 == 1;   /* Omaha eight or better */
                int n = 2 + r % 2;
                uint8_t all[HR_N_CARDS];
                uint64_t pick = 0;
                for (int i = 0; i < n * h + known; i++) {
                    uint8_t c;
                    do
                        c = (uint8_t)(hr_rng_next(&rng0) % HR_N_CARDS);
                    while ((pick >> c) & 1);
                    pick |= 1ULL << c;
                    all[i] = c;
                }
                uint8_t board[5] = {0};
                memcpy(board, all + n * h, (size_t)known);
                uint64_t live = ((1ULL << HR_N_CARDS) - 1) & ~(1ULL << (r % 52));
                double got[HR_PQL_MAX_PLAYERS];
                CHECK(hr_pql_street_equity(g, hilo ? g : NULL, h, n, all, board, known, live, 1,
                                           got) == 1,
                      "hr_pql_street_equity h %d known %d", h, known);
                double want[HR_PQL_MAX_PLAYERS] = {0};
                int runs = 0;
                uint8_t cand[HR_N_CARDS];
                int u = 0;
                for (int c = 0; c < HR_N_CARDS; c++)
                    if (((live >> c) & 1) && !((pick >> c) & 1))
                        cand[u++] = (uint8_t)c;
                for (int a = 0; a < (known < 5 ? u : 1); a++)
                    for (int b = (known == 3 ? a + 1 : 0); b < (known == 3 ? u : 1); b++) {
                        uint8_t full[5];
                        memcpy(full, board, (size_t)known);
                        if (known <= 4)
                            full[known] = cand[a];
                        if (known == 3)
                            full[4] = cand[b];
                        unsigned v[HR_PQL_MAX_PLAYERS], lo[HR_PQL_MAX_PLAYERS], best = 0;
                        unsigned lbest = 0;
                        int cnt = 0, lcnt = 0;
                        for (int i = 0; i < n; i++) {
                            lo[i] = 0;
                            if (h == 2) {
                                uint8_t seven[7] = {all[2 * i], all[2 * i + 1], full[0],
                                                    full[1], full[2], full[3], full[4]};
                                v[i] = (unsigned)hr_eval(g, seven, 7);
                            } else if (hilo) {
                                uint16_t two[2];
                                CHECK(hr_eval_omaha_hilo(g, all + i * h, h, full, two) == 1,
                                      "hr_eval_omaha_hilo");
                                v[i] = two[0];
                                lo[i] = two[1];
                            } else {
                                v[i] = (unsigned)hr_eval_omaha(g, all + i * h, h, full);
                            }
                            if (v[i] > best) {
                                best = v[i];
                                cnt = 1;
                            } else if (v[i] == best) {
                                cnt++;
                            }
                            if (lo[i] > lbest) {
                                lbest = lo[i];
                                lcnt = 1;
                            } else if (lo[i] == lbest && lo[i] > 0) {
                                lcnt++;
                            }
                        }
                        for (int i = 0; i < n; i++) {
                            if (v[i] == best)
                                want[i] += (lbest > 0 ? 0.5 : 1.0) / cnt;
                            if (lbest > 0 && lo[i] == lbest)
                                want[i] += 0.5 / lcnt;
                        }
                        runs++;
                    }
                for (int i = 0; i < n; i++) {
                    double diff = got[i] - want[i] / runs;
                    CHECK(diff < 1e-12 && diff > -1e-12, "hr_pql_street_equity %g vs %g",
                          got[i], want[i] / runs);
                }
            }
    {
        uint8_t holes[4] = {0, 1, 0, 3}, board[5] = {8, 9, 10, 11, 12};
        double got[2];
        CHECK(hr_pql_street_equity(g, NULL, 2, 2, holes, board, 3, ~0ULL, 1, got) == -2,
              "hr_pql_street_equity: a card twice accepted");
        CHECK(hr_pql_street_equity(g, NULL, 3, 2, holes, board, 3, ~0ULL, 1, got) == -1 &&
              hr_pql_street_equity(g, NULL, 2, 1, holes, board, 3, ~0ULL, 1, got) == -1 &&
              hr_pql_street_equity(g, NULL, 2, 2, holes, board, 2, ~0ULL, 1, got) == -1 &&
              hr_pql_street_equity(NULL, NULL, 2, 2, holes, board, 3, ~0ULL, 1, got) == -1,
              "hr_pql_street_equity bad arguments accepted");
    }
    int64_t hist[10] = {0};
    hr_rng rng;
    hr_rng_seed(&rng, 1, 1);
    volatile int32_t stop = 1;
    CHECK(hr_pql_race_types(g, 5, 7, stub, HR_N_CARDS, 100000, &rng, hist, &stop) == 4095,
          "hr_pql_race_types ignores the cancel flag");
    uint8_t dup[3] = {1, 2, 1};
    CHECK(hr_pql_race_types(g, 1, 7, stub, HR_N_CARDS, 1, &rng, hist, NULL) == -1 &&
          hr_pql_race_types(g, 11, 5, stub, HR_N_CARDS, 1, &rng, hist, NULL) == -1 &&
          hr_pql_race_types(g, 2, 4, stub, HR_N_CARDS, 1, &rng, hist, NULL) == -1 &&
          hr_pql_race_types(g, 8, 7, stub, HR_N_CARDS, 1, &rng, hist, NULL) == -1 &&
          hr_pql_race_types(g, 2, 5, stub, 9, 1, &rng, hist, NULL) == -1 &&
          hr_pql_race_types(g, 2, 5, dup, 3, 1, &rng, hist, NULL) == -1 &&
          hr_pql_race_types(g, 2, 5, stub, HR_N_CARDS, -1, &rng, hist, NULL) == -1 &&
          hr_pql_race_types(NULL, 2, 5, stub, HR_N_CARDS, 1, &rng, hist, NULL) == -1,
          "hr_pql_race_types bad arguments accepted");
    pql_stud_calls(g, scale);
    pql_range_calls(g, scale);
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
        matrix_calls(g, 3 * scale);
        pattern_calls(g, 2 + 2 * scale);
        omaha_mc_calls(g, 4 * scale);
    }
    tally_rejects();
    draw_calls(10 * scale, scale);
    stud_calls(4 * scale);
    stud_exact_calls(1 + scale);
    const hr_game *holdem = hr_game_at(0);
    hilo_calls(holdem, 10 * scale);
    omaha_exact_calls(holdem, 4 * scale);
    small_stack(holdem);
    /* the self-test and the enumeration on the hands whose lowest card is
     * 40 or more (2,380 seven-card hands each way): every path, little time */
    uint64_t *hist = calloc(HR_N_STRENGTHS + 1, sizeof *hist);
    for (int start = 52 - 7 - (scale > 1 ? 8 : 5); start <= 52 - 7; start++) {
        CHECK(hr_selftest(holdem, 7, start, HR_N_CARDS, hist) == 0, "self-test 7, %d", start);
        CHECK(hr_selftest(holdem, 6, start, HR_N_CARDS, hist) == 0, "self-test 6, %d", start);
        hr_enumerate7(holdem, start, HR_N_CARDS, hist);
    }
    /* bad arguments are refused, never read out of bounds (issue 23) */
    CHECK(hr_selftest(holdem, 7, -1, 1, hist) == -1, "self-test with a negative start");
    CHECK(hr_selftest(holdem, 7, INT_MIN, 1, hist) == -1, "self-test with start INT_MIN");
    CHECK(hr_selftest(holdem, 7, 0, 0, hist) == -1, "self-test with stride 0");
    CHECK(hr_selftest(holdem, 5, 0, 1, hist) == -1, "self-test with k 5");
    CHECK(hr_selftest(holdem, 7, 0, 1, NULL) == -1, "self-test without a histogram");
    CHECK(hr_selftest(holdem, 7, HR_N_CARDS, INT_MAX, hist) == 0, "self-test past the deck");
    free(hist);
    {   /* hr_deal: every deck size and k, distinct cards of the deck; bad arguments refused */
        uint8_t deck[64], out[64 * 8];
        for (int i = 0; i < 52; i++)
            deck[i] = (uint8_t)i;
        for (int m = 1; m <= 52; m++)
            for (int k = 0; k <= m && k <= 8; k++) {
                CHECK(hr_deal(deck, m, k, (uint64_t)m * 31 + (uint64_t)k, 5, 8, out) == -1,
                      "deal %d of %d", k, m);
                for (int r = 0; r < 8; r++) {
                    uint64_t seen = 0;
                    for (int j = 0; j < k; j++) {
                        int c = out[r * k + j];
                        CHECK(c < m && !(seen >> c & 1), "deal %d of %d: card %d", k, m, c);
                        seen |= 1ull << (c & 63);
                    }
                }
            }
        deck[3] = 200;
        CHECK(hr_deal(deck, 10, 2, 1, 0, 1, out) == -2, "deal: a bad card accepted");
        CHECK(hr_deal(deck, 65, 2, 1, 0, 1, out) == -2, "deal: 65 cards accepted");
        CHECK(hr_deal(deck, 3, 4, 1, 0, 1, out) == -2, "deal: k > m accepted");
        CHECK(hr_deal(deck, 3, 2, 1, -1, 1, out) == -2, "deal: a negative row accepted");
    }
    history_calls(scale);
    sites_calls(scale);
    gg_calls(scale);
    files_calls();
    spans_calls(20 * scale);
    count_byte_calls(700 + 50 * scale);
    store_scan_calls(200 * scale);
    store_actions_calls(200 * scale);
    hu_preflop_calls();
    index_calls(scale);
    exact_random_calls(holdem, scale);
    hold_rule_calls(scale);
    misc_calls(scale);
    wild_calls(scale);
    pql_calls(scale);
    CHECK(index_checks > 0 && river_boards > 0 && runout_rows > 0, "the index checks ran nothing");
    CHECK(phh_hands > 0, "no PHH hand was read");
    CHECK(exact_runs > 0, "no exact equity ran");
    CHECK(strength_cells > 0 && tally_cells > 0 && range_heroes > 0 && pattern_tuples > 0,
          "matrix or pattern checks compared nothing");
    if (failures) {
        fprintf(stderr, "driver: %d failures\n", failures);
        return 1;
    }
    printf("driver: ok (%d games, scale %d, %d exact equities, %lld combo strengths, "
           "%lld tally pairs, %lld range heroes, %lld pattern tuples, %lld index round trips, "
           "%lld river boards, %lld runout rows)\n", hr_game_count(), scale,
           exact_runs, (long long)strength_cells, (long long)tally_cells, (long long)range_heroes,
           (long long)pattern_tuples, (long long)index_checks, (long long)river_boards,
           (long long)runout_rows);
    return 0;
}
