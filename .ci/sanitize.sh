#!/usr/bin/env bash
# The C core under AddressSanitizer + UndefinedBehaviorSanitizer, then under
# valgrind: csrc/test/driver.c calls every entry point (garbage ids, every
# batch function, exact and Monte Carlo equity with and without the cancel
# flag, exact equity on a 40 KiB thread stack, the self-test, the per-combo
# kernels hr_combo_strengths / hr_matrix_tally / hr_range_tally, the
# preflop hr_equity_patterns, the draw, badugi and video-poker kernels, the
# hand index and the boards tables (hr_index_batch, hr_unindex_batch,
# hr_river_values, hr_runout_stats on tables the driver builds itself),
# hr_exact_random, the triple-draw hold rules and hr_pot_levels;
# tests/test_c_coverage.py fails when an entry point of csrc/*.h has no caller)
# with buffers malloc'd at exactly the size each call may read.  Any report
# fails CI.
# Usage: .ci/sanitize.sh [scale]   (default 10; ASan and valgrind at once, about two minutes)
set -euo pipefail
cd "$(dirname "$0")/.."
SCALE="${1:-10}"
BUILD="${TMPDIR:-/tmp}/handrank-sanitize.$$"
mkdir -p "$BUILD"
trap 'rm -rf "$BUILD"' EXIT

# the tables, as the build writes them (csrc/generated is git-ignored)
python3 tables/generate.py --quiet --out-bin "$BUILD/tables.bin"
SOURCES=(csrc/*.c csrc/generated/tables.c csrc/test/driver.c)
WARN=(-std=gnu11 -Wall -Wextra -Wno-unused-function -Werror)   # the project's C: every warning fatal

asan() {
    echo "== AddressSanitizer + UndefinedBehaviorSanitizer"
    gcc -O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=all \
        "${WARN[@]}" -Icsrc "${SOURCES[@]}" -pthread -o "$BUILD/driver-asan"
    ASAN_OPTIONS=detect_leaks=1:abort_on_error=1:detect_stack_use_after_return=1 \
    UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
        "$BUILD/driver-asan" "$SCALE"
}

plain_valgrind() {
    echo "== valgrind"
    if ! command -v valgrind > /dev/null; then
        echo "valgrind is missing: install it (apt-get install valgrind)" >&2
        return 1
    fi
    gcc -O1 -g "${WARN[@]}" -Icsrc "${SOURCES[@]}" -pthread -o "$BUILD/driver-plain"
    valgrind --quiet --error-exitcode=1 --leak-check=full --errors-for-leak-kinds=definite \
        "$BUILD/driver-plain" 1
}

# The two runs are independent and each uses one core: both at once, each
# one's output printed whole when both have ended.
( set -e; asan ) > "$BUILD/asan.log" 2>&1 &
asan_pid=$!
( set -e; plain_valgrind ) > "$BUILD/valgrind.log" 2>&1 &
valgrind_pid=$!
status=0
wait "$asan_pid" || { status=1; echo "sanitize: the ASan/UBSan run FAILED"; }
cat "$BUILD/asan.log"
wait "$valgrind_pid" || { status=1; echo "sanitize: the valgrind run FAILED"; }
cat "$BUILD/valgrind.log"
[ "$status" -eq 0 ]
echo "sanitize: ok"
