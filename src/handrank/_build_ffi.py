"""cffi builder for ``handrank._core`` (out-of-line API mode).

Used by setup.py's ``cffi_modules``; never imported at run time.  The cdef
mirrors csrc/handrank.h by hand; in API mode the compiler checks that the two
agree.
"""

from __future__ import annotations

import glob
import os
import sys

from cffi import FFI

# Paths are relative to the project root, where setup.py runs.
CSRC = "csrc"

# One block per C module, each mirroring that module's header.
CDEF_EVAL = """
#define HR_N_CARDS ...
#define HR_N_STRENGTHS ...
#define HR_N_CATEGORIES ...
#define HR_MIN_HAND ...
#define HR_MAX_HAND ...
#define HR_HASH_SIZE ...
#define HR_HASH_ROWS ...
#define HR_N_GAMES ...
#define HR_POISON_SHIFT ...

typedef struct hr_game {
    const char *name;
    const uint64_t *card_key;
    const uint64_t *card_mask;
    const uint16_t *values;
    const uint16_t *flush;
    const uint8_t *category;
    const uint8_t *class_ranks;
    uint32_t classes;
    const uint64_t *card;
} hr_game;

extern const uint32_t hr_hash_offsets[];

const hr_game *hr_game_at(int index);
int hr_game_count(void);
int hr_eval(const hr_game *g, const uint8_t *cards, int n);
int hr_eval_bytes(const hr_game *g, const char *cards, int n);
int hr_eval_text(const hr_game *g, const char *text, size_t len);
int hr_eval5_holdem(const char *cards);
int hr_eval6_holdem(const char *cards);
int hr_eval7_holdem(const char *cards);
int hr_eval_text_holdem(const char *text);
int64_t hr_eval_batch(const hr_game *g, const uint8_t *cards, int64_t n, int k,
                      uint16_t *out);
int64_t hr_eval_batch_kernel(const hr_game *g, const uint8_t *cards, int64_t n, int k,
                             uint16_t *out, int kernel);
int hr_batch_kernel(void);
int hr_set_batch_kernel(int kernel);
int hr_offsets_gather(void);
int hr_set_offsets_gather(int mode);
void hr_enumerate7(const hr_game *g, int start, int stride, uint64_t *hist);
int64_t hr_selftest(const hr_game *g, int k, int start, int stride, uint64_t *hist);
int64_t hr_deal(const uint8_t *deck, int m, int k, uint64_t seed, int64_t first,
                int64_t n, uint8_t *out);
"""

CDEF_ONEHAND = """
int hr_eval5_i64_holdem(const char *ids);
int hr_eval6_i64_holdem(const char *ids);
int hr_eval7_i64_holdem(const char *ids);
int hr_eval5_u32_holdem(const char *ids);
int hr_eval6_u32_holdem(const char *ids);
int hr_eval7_u32_holdem(const char *ids);
int hr_eval5_u16_holdem(const char *ids);
int hr_eval6_u16_holdem(const char *ids);
int hr_eval7_u16_holdem(const char *ids);
"""

CDEF_SHOWDOWN = """
#define HR_SHOWDOWN_MAX_PLAYERS ...

int64_t hr_showdown_batch(const hr_game *g, const uint8_t *boards, const uint8_t *hole,
                          int64_t n, int players, double *out);
"""

CDEF_EQUITY = """
#define HR_MAX_PLAYERS ...
#define HR_SHARE_UNIT ...
#define HR_BOARD_CARDS ...

typedef struct hr_rng {
    uint64_t s[4];
} hr_rng;

void hr_rng_seed(hr_rng *rng, uint64_t seed, uint64_t stream);
uint64_t hr_rng_next(hr_rng *rng);
int64_t hr_equity_exact(const hr_game *g, int n_players, const uint8_t *combos,
                        const double *weights, const int32_t *offsets,
                        const uint8_t *board, int n_board, const uint8_t *dead,
                        int n_dead, int64_t start, int64_t stride, double *out,
                        const volatile int32_t *cancel);
#define HR_PATTERN_PLAYERS ...
int64_t hr_equity_patterns(const hr_game *g, int n_players, const uint8_t *ranks,
                           int64_t *out);
int64_t hr_equity_mc(const hr_game *g, int n_players, const uint8_t *combos,
                     const uint64_t *cum, const uint8_t *uniform, const int32_t *offsets,
                     const uint8_t *board, int n_board, const uint8_t *dead, int n_dead,
                     int64_t trials, int64_t max_attempts, hr_rng *rng, int64_t *out,
                     const volatile int32_t *cancel);
int64_t hr_equity_mc_streams(const hr_game *g, int n_players, const uint8_t *combos,
                             const uint64_t *cum, const uint8_t *uniform,
                             const int32_t *offsets, const uint8_t *board, int n_board,
                             const uint8_t *dead, int n_dead, uint64_t seed, int64_t first,
                             int64_t lo, int64_t hi, int64_t todo, int64_t stream_trials,
                             int64_t *out, const volatile int32_t *cancel);
"""

CDEF_OMAHA = """
#define HR_OMAHA_MIN_HOLE ...
#define HR_OMAHA_MAX_HOLE ...
#define HR_OMAHA_BOARD ...

int hr_eval_omaha(const hr_game *g, const uint8_t *hole, int h, const uint8_t *board);
int64_t hr_eval_omaha_batch(const hr_game *g, const uint8_t *holes, int h,
                            const uint8_t *boards, int64_t n, uint16_t *out);
"""

CDEF_LOWBALL = """
int64_t hr_eval_low_batch(const hr_game *g, const uint8_t *cards, int64_t n, int k,
                          uint16_t *out);
int64_t hr_eval_low_batch_kernel(const hr_game *g, const uint8_t *cards, int64_t n, int k,
                                 uint16_t *out, int kernel);
int hr_eval_low(const hr_game *g, const uint8_t *cards, int n);
int64_t hr_eval_omaha_hilo_batch(const hr_game *g, const uint8_t *holes, int h,
                                 const uint8_t *boards, int64_t n, uint16_t *out);
int hr_eval_omaha_hilo(const hr_game *g, const uint8_t *hole, int h, const uint8_t *board,
                       uint16_t *out);
"""

CDEF_MATRIX = """
#define HR_NOT_DEALT ...
#define HR_MATRIX_BATCH ...

int64_t hr_combo_strengths(const hr_game *g, const uint8_t *board, int n_board,
                           const uint8_t *runouts, int64_t n_runouts, int k,
                           const uint8_t *combos, int64_t n_combos, int16_t *out);
int hr_matrix_tally(const int16_t *rows, int64_t n_rows, const int16_t *cols, int64_t n_cols,
                    int64_t n_runouts, int64_t row_start, int64_t row_end, uint16_t *scratch,
                    uint32_t *win, uint32_t *tie);
int hr_range_tally(const int16_t *hero_s, int64_t n_hero, const int16_t *vil_s, int64_t n_vil,
                   int64_t n_runouts, const uint8_t *hero, const uint8_t *vil,
                   const double *weights, const int32_t *twin, int32_t *scratch,
                   double *vscratch, double *win, double *tie);
"""

CDEF_DRAW = """
#define HR_VP_CLASSES ...
#define HR_VP_HANDS ...
#define HR_VP_SUBSETS ...
#define HR_BADUGI_CLASSES ...

extern const uint16_t hr_badugi_value[];
extern const uint8_t hr_badugi_size[];
extern const uint8_t hr_badugi_ranks[];

int hr_eval_badugi(const uint8_t *cards);
int64_t hr_eval_badugi_batch(const uint8_t *cards, int64_t n, uint16_t *out);
int hr_vp_tables(const uint8_t *pay_class, uint8_t *cls5, int32_t *counts);
int hr_vp_hold_counts(const uint8_t *cls5, const int32_t *counts, const uint8_t *deal,
                      int32_t *out);
double hr_vp_solve(const uint8_t *cls5, const int32_t *counts, const double *pay,
                   double *prob, int64_t *deals);
int hr_draw_odds(const hr_game *g, int kind, const uint8_t *hand, int n_hand,
                 const uint8_t *stub, int n_stub, const uint32_t *holds, int n_holds,
                 int n_strengths, uint32_t *hist);
"""

CDEF_INDEX = """
#define HR_INDEX_SUITS ...
#define HR_INDEX_MAX_GROUPS ...
#define HR_INDEX_MAX_RANKS ...

typedef struct hr_index_street {
    int32_t ranks;
    int32_t groups;
    int32_t size[8];
    int32_t base[8];
    int32_t n_keys;
    int32_t n_configs;
    const uint32_t *colex;
    const int64_t *binom;
    const int32_t *config_of;
    const int64_t *offset;
    const int32_t *keys;
    const int64_t *suit_count;
    const int64_t *run_mult;
} hr_index_street;

int64_t hr_index_batch(const hr_index_street *ix, const uint8_t *cards, int64_t n,
                       int64_t *out);
int64_t hr_unindex_batch(const hr_index_street *ix, const int64_t *index, int64_t n,
                         uint8_t *out);
int64_t hr_river_values(const hr_game *g, const hr_index_street *river,
                        const uint8_t *boards, int64_t n_boards, int64_t *index_out,
                        uint32_t *value_out);
int64_t hr_runout_stats(const hr_index_street *street, const hr_index_street *river,
                        const double *river_value, int64_t start, int64_t count, int bins,
                        double *ehs_out, double *ehs2_out, float *hist_out,
                        const volatile int32_t *cancel);
"""

CDEF_STUD = """
#define HR_BADUGI_HANDS ...
void hr_badugi_prepare(void);
unsigned hr_badugi_fast(const uint8_t *cards);

#define HR_BL_TABLES ...
#define HR_BL_BADUGI ...
#define HR_BL_HILO ...
#define HR_BL_MAX_PLAYERS ...
#define HR_BL_UNIT ...
int64_t hr_boardless_mc(const hr_game *g, const hr_game *low, int kind, int n,
                        const uint8_t *known, const int32_t *offsets, int full,
                        const uint8_t *stub, int n_stub, int64_t trials, hr_rng *rng,
                        int64_t *out, const volatile int32_t *cancel);
int hr_rank_holds(const hr_game *g, const double *value, uint64_t *table, int n_table);
int hr_low27_tables(const hr_game *g, const double *value, uint64_t *table, double *ev,
                    double *flush, int n_table);
#define HR_BL_LOW27 ...
#define HR_BADUGI_SUBSETS ...
int hr_badugi_hold_sums(const double *value, int n_value, double *sums, uint8_t *holds);
int64_t hr_triple_mc(const hr_game *g, int kind, const uint64_t *table, const double *ev,
                     const double *flush, int n,
                     const uint8_t *known, const int32_t *offsets, int full, int draws,
                     const uint8_t *stub, int n_stub, int64_t trials, hr_rng *rng,
                     int64_t *out, const volatile int32_t *cancel);
unsigned hr_rule_hold(const hr_game *g, int kind, const uint64_t *table, const double *ev,
                      const double *flush, const uint8_t *hand);
int hr_draw_vs(const hr_game *g, int kind, const uint8_t *hand, int n_hand,
               const uint8_t *vs, int n_vs, const uint8_t *stub, int n_stub,
               const uint32_t *holds, int n_holds, uint16_t *scratch_a, uint16_t *scratch_b,
               int64_t *win, int64_t *tie);
#define HR_STUD3_MAX_STUB ...
int64_t hr_stud_three_scratch(int n_stub);
int hr_stud_three_exact(int n_stub, const int32_t *value, const uint8_t *allowed,
                        const uint8_t *mine, int64_t unit, int64_t *scratch, int64_t *out,
                        const volatile int32_t *cancel);
"""

CDEF_HISTORY = """
#define HR_PHH_MAX_SEATS ...
#define HR_PHH_FIXED ...
#define HR_PHH_PER_SEAT ...
#define HR_PHH_WIDTH ...
#define HR_PHH_EXT ...
#define HR_PHH_VARIANT ...
#define HR_PHH_OUT ...
#define HR_PHH_KNOWN ...
#define HR_PHH_ALLIN_BOARD ...
#define HR_PHH_CHIPS ...
#define HR_PHH_HOLES ...
#define HR_PHH_OMAHA ...
#define HR_PHH_EV_POT ...
#define HR_PHH_EV_WIDTH ...
#define HR_PHH_STAT_COLS ...

int64_t hr_phh_scan(const char *buf, int64_t len, const int64_t *seg_end, int64_t n_seg,
                    int final, int mode, int64_t *out, int64_t cap, int64_t *consumed);
int64_t hr_phh_allin_pots(const hr_game *g, const int64_t *rec, const int64_t *rows,
                          int64_t n_rows, const uint32_t *hu_keys, const uint32_t *hu_counts,
                          int64_t n_hu, double *out, int8_t *status);
int64_t hr_phh_stats(const char *buf, int64_t len, const int64_t *start, const int64_t *end,
                     const int64_t *seats, const int64_t *pay, int64_t n, int32_t *table,
                     uint8_t *done, uint8_t *preflop);
int64_t hr_phh_stat_sums(const char *buf, int64_t len, const int64_t *start,
                         const int64_t *end, const int64_t *seats, const int64_t *pay,
                         int64_t n, const int32_t *ids, const uint8_t *mask, int64_t players,
                         int64_t *sums, uint8_t *has, uint8_t *done);
int64_t hr_same_spans(const char *buf, int64_t len, const int64_t *start,
                      const int64_t *span, const int64_t *key, int64_t n, int64_t *table,
                      int64_t cap, int64_t *group);
int64_t hr_count_byte(const char *buf, int64_t len, int byte);
"""

CDEF_STORE_SCAN = """
#define HR_STORE_STACKS ...
#define HR_STORE_BLINDS ...
#define HR_STORE_SLOW ...
#define HR_STORE_HAND_ID ...
#define HR_STORE_CR ...

int64_t hr_store_scan(const char *buf, int64_t len, const int64_t *start, const int64_t *end,
                      const int64_t *seats, int64_t n, int64_t *stacks, int64_t *blinds,
                      int64_t *hand_id, int64_t *key, uint8_t *flags);
int64_t hr_store_actions(const char *buf, int64_t len, const int64_t *start,
                         const int64_t *end, int64_t n, int64_t *out, int64_t cap,
                         uint8_t *ok, int64_t *need);
"""

CDEF_PREFLOP_HU = """
#define HR_HU_BOARDS ...

uint32_t hr_hu_preflop_key(const uint8_t *a, const uint8_t *b, int *swapped);
int64_t hr_hu_preflop_class(const uint32_t *keys, int64_t n_keys, const uint8_t *a,
                            const uint8_t *b, int *swapped);
int hr_hu_preflop_counts(const uint32_t *keys, const uint32_t *counts, int64_t n_keys,
                         const uint8_t *a, const uint8_t *b, int64_t *out);
int64_t hr_hu_preflop_classes(const uint32_t *keys, int64_t n_keys, const uint8_t *pairs,
                              int64_t n, int64_t *cls, uint8_t *swapped);
"""

CDEF_EXACT_RANDOM = """
#define HR_XR_MAX_RANDOM ...
#define HR_XR_MAX_FIXED ...
#define HR_XR_SHARE_UNIT ...

int64_t hr_exact_random(const hr_game *g, int n_fixed, const uint8_t *fixed, int k_random,
                        const uint8_t *board, int n_board, const uint8_t *deck, int n_deck,
                        const uint8_t *perms, int n_perms, int64_t part, int64_t parts,
                        int64_t *out, const volatile int32_t *cancel);
"""

CDEF_OMAHA_MC = """
#define HR_OMAHA_MC_SUMS ...

int hr_alias_build(const double *w, int32_t n, uint64_t *prob, int32_t *alias, int32_t *work);
int64_t hr_omaha_mc(const hr_game *g, int hilo, int n_players, int h, const uint8_t *hands,
                    const uint64_t *prob, const int32_t *alias, const uint8_t *uniform,
                    const int32_t *offsets, const uint8_t *board, int n_board,
                    const uint8_t *dead, int n_dead, int64_t trials, int64_t max_attempts,
                    hr_rng *rng, int64_t *out, const volatile int32_t *cancel);
int hr_omaha_exact_prep(const hr_game *g, int n_players, int h, const uint8_t *hands,
                        const uint8_t *cards, int n_cards, int16_t *scratch);
int64_t hr_omaha_exact_run(int n_players, int n_cards, int n_board, const int16_t *scratch,
                           int64_t start, int64_t stride, int64_t *out,
                           const volatile int32_t *cancel);
"""

CDEF_OMAHA_EXACT = """
#define HR_PAIR_SUMS ...
#define HR_TUPLE_SUMS ...
#define HR_TUPLE_MAX_PLAYERS ...

int hr_pair_tally(const uint16_t *s0, int64_t c0, const uint16_t *s1, int64_t c1,
                  int64_t n_runouts, const uint64_t *m0, const uint64_t *m1,
                  int halves, int64_t start, int64_t end, int32_t *out,
                  const volatile int32_t *cancel);
int64_t hr_tuple_tally(int n_players, const uint16_t *s, int64_t n_cols, int64_t n_runouts,
                       const int32_t *offsets, const uint64_t *masks, const double *weights,
                       int mean, int64_t start, int64_t end, double *out, int64_t *deals,
                       const volatile int32_t *cancel);
int64_t hr_omaha_runout_strengths(const hr_game *g, int hilo, int h, const uint8_t *hands,
                                  int64_t n_hands, const uint8_t *board, int n_board,
                                  const uint8_t *runouts, int64_t n_runouts, uint16_t *out);
#define HR_OMAHA_HILO_SUMS ...
int64_t hr_omaha_exact_hilo_run(int n_players, int h, const uint8_t *hands,
                                const uint8_t *cards, int n_cards, int n_board,
                                const int16_t *scratch, int64_t start, int64_t stride,
                                int64_t *out, const volatile int32_t *cancel);
"""

CDEF_WILD = """
#define HR_WILD_GAMES ...
#define HR_WILD_KEYS ...
int64_t hr_wild_batch(int game, const uint8_t *cards, int64_t n, uint16_t *out);
"""
CDEF_PQL = """
#define HR_PQL_MAX_PLAYERS ...
int64_t hr_pql_race_types(const hr_game *g, int n, int full, const uint8_t *stub, int n_stub,
                          int64_t trials, hr_rng *rng, int64_t *hist,
                          const volatile int32_t *cancel);
int64_t hr_pql_street_equity(const hr_game *g, const hr_game *low, int h, int n,
                             const uint8_t *holes, const uint8_t *boards, int known,
                             uint64_t live, int64_t n_deals, double *out);
int64_t hr_pql_stud_equity(const hr_game *g, const hr_game *low, int n, const uint8_t *holes,
                           int known, uint64_t live, int64_t n_deals, int64_t samples,
                           hr_rng *rng, double *out, const volatile int32_t *cancel);
"""

CDEF_PQL_RANGE = """
#define HR_PQL_RANGE_MAX_OPPONENTS ...
int64_t hr_pql_range_equity(const hr_game *g, const hr_game *low, int h, const uint8_t *hero,
                            const uint8_t *boards, int known, uint64_t live, int m,
                            const int32_t *sizes, const uint8_t *hands, const double *weights,
                            int64_t exact_limit, int64_t samples, hr_rng *rng, int64_t n_deals,
                            double *out, int64_t *n_exact, const volatile int32_t *cancel);
"""

CDEF_SITES = """
#define HR_STARS_WIDTH ...
int64_t hr_stars_scan(const char *buf, int64_t len, const int64_t *seg_end, int64_t n_seg,
                      int final, int64_t *out, int64_t cap, char *phh, int64_t phh_cap,
                      int64_t *phh_len, int64_t *consumed);
int64_t hr_stars_replay(const char *buf, int64_t len, const int64_t *seg_end, int64_t n_seg,
                        int final, int64_t *out, int64_t *prec, int64_t cap, char *phh,
                        int64_t phh_cap, int64_t *phh_len, int64_t *consumed);
#define HR_GG_WIDTH ...
int64_t hr_gg_scan(const char *buf, int64_t len, int final, int64_t *out, int64_t cap,
                   char *ps, int64_t ps_cap, int64_t *ps_len, int64_t *consumed);
"""

CDEF_FILES = """
#define HR_FILE_OK ...
#define HR_FILE_OTHER ...
#define HR_FILE_BIG ...
#define HR_FILE_NONASCII ...
#define HR_FILE_STARS ...
int64_t hr_read_small_files(const char *paths, const int64_t *off, int64_t n, int64_t small,
                            char *buf, int64_t cap, int64_t *end, int8_t *status,
                            int8_t *flags);
"""

CDEF = (CDEF_EVAL + CDEF_ONEHAND + CDEF_SHOWDOWN + CDEF_EQUITY + CDEF_OMAHA + CDEF_MATRIX
        + CDEF_LOWBALL + CDEF_DRAW + CDEF_INDEX + CDEF_STUD + CDEF_HISTORY + CDEF_EXACT_RANDOM
        + CDEF_OMAHA_MC + CDEF_OMAHA_EXACT + CDEF_PREFLOP_HU + CDEF_PQL + CDEF_PQL_RANGE
        + CDEF_WILD
        + CDEF_SITES + CDEF_FILES + CDEF_STORE_SCAN)

# Every csrc/*.c is compiled and every csrc/*.h included, so a new C module
# needs only its files and its cdef block above.
SOURCES = sorted(glob.glob(os.path.join(CSRC, "*.c"))) + [
    os.path.join(CSRC, "generated", "tables.c")
]
HEADERS = sorted(os.path.basename(h) for h in glob.glob(os.path.join(CSRC, "*.h")))


def _compile_args() -> list[str]:
    if sys.platform == "win32":
        return ["/O2"]
    return ["-O3", "-std=c99"]


ffibuilder = FFI()
ffibuilder.cdef(CDEF)
ffibuilder.set_source(
    "handrank._core",
    "".join(f'#include "{h}"\n' for h in HEADERS) + '#include "generated/tables.h"\n',
    sources=SOURCES,
    include_dirs=[CSRC],
    extra_compile_args=_compile_args(),
)

if __name__ == "__main__":
    ffibuilder.compile(verbose=True)
