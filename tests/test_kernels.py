"""The batch kernels: every kernel this build and CPU have (plain C, SSE2,
AVX2, AVX-512) gives the values and the first bad row that the numpy backend
gives on the classic card keys, on every game; and the core built as plain C
(``-DHR_PORTABLE``, the path for other architectures and for compilers without
GCC builtins) passes the same checks and the six-card self-test."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys

import numpy as np
import pytest

from handrank.core import _backend, _fallback, _tables, kernels

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CSRC = os.path.join(ROOT, "csrc")
KERNEL_NAMES = ("plain C", "SSE2", "AVX2", "AVX-512")

core = kernels.compiled_module()
pytestmark = pytest.mark.skipif(core is None, reason="C extension not built")


@pytest.fixture(scope="module")
def games() -> dict[str, _tables.GameTables]:
    return _tables.load_bin()


def _call(ptr, a: np.ndarray, kernel: int) -> tuple[int, np.ndarray]:
    ffi, lib = core.ffi, core.lib
    out = np.zeros(len(a), np.uint16)
    a = np.ascontiguousarray(a, dtype=np.uint8)
    bad = lib.hr_eval_batch_kernel(ptr, ffi.from_buffer("uint8_t[]", a), len(a), a.shape[1],
                                   ffi.from_buffer("uint16_t[]", out, require_writable=True),
                                   kernel)
    return int(bad), out


def _kernels() -> list[int]:
    lib = core.lib
    empty = np.zeros((0, 7), np.uint8)
    return [k for k in range(len(KERNEL_NAMES)) if _call(lib.hr_game_at(0), empty, k)[0] != -3]


def _expected(t: _tables.GameTables, a: np.ndarray) -> tuple[int, np.ndarray]:
    out = np.zeros(len(a), np.uint16)
    return _fallback.eval_batch(t, np.ascontiguousarray(a, dtype=np.uint8), out), out


def _deals(rng: np.random.Generator, deck: np.ndarray, n: int, k: int) -> np.ndarray:
    return deck[np.argsort(rng.random((n, len(deck))), axis=1)[:, :k]].astype(np.uint8)


def _spoil(rng: np.random.Generator, a: np.ndarray, row: int, deck: np.ndarray) -> None:
    """Make one row bad: an id >= 52, a card outside the deck, or a repeat."""
    k = a.shape[1]
    col = int(rng.integers(k))
    outside = np.setdiff1d(np.arange(52), deck)
    kind = int(rng.integers(3 if len(outside) else 2))
    if kind == 0:
        a[row, col] = rng.integers(52, 256)
    elif kind == 1:
        a[row, col] = a[row, (col + 1 + int(rng.integers(k - 1))) % k]
    else:
        a[row, col] = rng.choice(outside)


def test_the_chosen_kernel_is_the_widest_this_cpu_runs():
    kernels = _kernels()
    assert kernels[0] == 0 and core.lib.hr_batch_kernel() == kernels[-1]
    print("kernels:", ", ".join(KERNEL_NAMES[k] for k in kernels))


_FORCED = """
import numpy as np, handrank as hr, handrank.bench as b
from handrank.core import _fallback, kernels, _tables
rng = np.random.default_rng(5)
a = np.argsort(rng.random((3000, 52)), axis=1)[:, :7].astype(np.uint8)
want = np.zeros(len(a), np.uint16)
_fallback.eval_batch(_tables.load_bin()["holdem"], a, want)
assert (hr.evaluate_batch(a, threads=1) == want).all()
print(b.batch_kernel())
"""


def _with_kernel(value: str, code: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, HANDRANK_KERNEL=value)
    env.pop("HANDRANK_BACKEND", None)
    return subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                          text=True, timeout=120)


def test_handrank_kernel_forces_each_kernel_this_cpu_runs():
    """HANDRANK_KERNEL=generic|sse2|avx2|avx512 makes evaluate_batch run that
    kernel (bench names it) with the numpy backend's values."""
    for k in _kernels():
        r = _with_kernel(_backend.KERNELS[k].upper(), _FORCED)
        assert r.returncode == 0, r.stderr
        assert r.stdout.strip() == KERNEL_NAMES[k]


def test_handrank_kernel_refuses_bad_names_and_missing_kernels():
    r = _with_kernel("avx3", "import handrank")
    assert r.returncode != 0
    assert ("ImportError: HANDRANK_KERNEL must be one of generic, sse2, avx2, avx512, "
            "got 'avx3'") in r.stderr
    missing = [k for k in range(len(KERNEL_NAMES)) if k not in _kernels()]
    for k in missing:
        r = _with_kernel(_backend.KERNELS[k], "import handrank")
        assert r.returncode != 0
        assert f"HANDRANK_KERNEL={_backend.KERNELS[k]} but this CPU or build" in r.stderr
    r = _with_kernel("avx3", "import sys; sys.argv[0] = 'handrank'; import handrank")
    assert r.returncode == 2 and r.stderr.startswith("handrank: error: HANDRANK_KERNEL")


@pytest.mark.parametrize("k", [5, 6, 7])
def test_every_kernel_gives_the_numpy_values_on_every_game(games, k):
    rng = np.random.default_rng(k)
    kernels = _kernels()
    for index, (name, t) in enumerate(games.items()):
        deck = np.flatnonzero(t.in_deck[:52])
        a = _deals(rng, deck, 20_000 + k, k)          # not a whole number of blocks
        bad, want = _expected(t, a)
        assert bad == -1
        for kernel in kernels:
            got_bad, got = _call(core.lib.hr_game_at(index), a, kernel)
            assert got_bad == -1, (name, KERNEL_NAMES[kernel])
            assert np.array_equal(got, want), (name, KERNEL_NAMES[kernel])


@pytest.mark.parametrize("k", [5, 6, 7])
def test_every_kernel_reports_the_first_bad_row(games, k):
    rng = np.random.default_rng(100 + k)
    kernels = _kernels()
    lib = core.lib
    for index, (name, t) in enumerate(games.items()):
        deck = np.flatnonzero(t.in_deck[:52])
        ptr = lib.hr_game_at(index)
        for trial in range(40):
            a = _deals(rng, deck, 300, k)
            first = int(rng.integers(300))
            for row in {first, *rng.integers(first, 300, int(rng.integers(3))).tolist()}:
                _spoil(rng, a, int(row), deck)
            bad, _ = _expected(t, a)
            assert bad == first
            want = _expected(t, a[:first])[1]
            for kernel in kernels:
                got_bad, got = _call(ptr, a, kernel)
                assert got_bad == first, (name, trial, KERNEL_NAMES[kernel])
                assert np.array_equal(got[:first], want[:first]), (name, KERNEL_NAMES[kernel])
        # nothing but garbage: every id 0..255, in every column
        g = rng.integers(0, 256, (4096, k), dtype=np.uint8)
        g[:256, 0] = np.arange(256)
        bad, _ = _expected(t, g)
        for kernel in kernels:
            assert _call(ptr, g, kernel)[0] == bad, (name, KERNEL_NAMES[kernel])


def test_offsets_knob_refuses_other_modes_and_restores_the_cpus_choice():
    lib = core.lib
    auto = int(lib.hr_offsets_gather())
    assert auto in (0, 1)
    try:
        for mode in (0, 1):
            assert lib.hr_set_offsets_gather(mode) == 0 and lib.hr_offsets_gather() == mode
        for bad in (-2, 2, 7, -(2**31)):
            assert lib.hr_set_offsets_gather(bad) == -3
            assert lib.hr_offsets_gather() == 1          # unchanged
    finally:
        assert lib.hr_set_offsets_gather(-1) == 0
    assert lib.hr_offsets_gather() == auto


@pytest.mark.skipif(3 not in _kernels(), reason="this CPU or build has no AVX-512 kernel")
def test_avx512_gives_the_same_values_with_the_offsets_gathered_or_loaded(games):
    """The AVX-512 7-card kernel reads the hash offsets by a gather or by one
    load a row (hr_set_offsets_gather): both give the numpy backend's values
    and first bad row on every game, whichever this CPU picks by itself."""
    rng = np.random.default_rng(77)
    lib = core.lib
    try:
        for index, (name, t) in enumerate(games.items()):
            deck = np.flatnonzero(t.in_deck[:52])
            ptr = lib.hr_game_at(index)
            a = _deals(rng, deck, 10_000 + 37, 7)
            want_bad, want = _expected(t, a)
            spoilt = a.copy()
            first = 5_000 + int(rng.integers(64))
            _spoil(rng, spoilt, first, deck)
            g = rng.integers(0, 256, (4096, 7), dtype=np.uint8)
            for mode in (0, 1):
                assert lib.hr_set_offsets_gather(mode) == 0
                got_bad, got = _call(ptr, a, 3)
                assert (got_bad, name, mode) == (want_bad, name, mode)
                assert np.array_equal(got, want), (name, mode)
                got_bad, got = _call(ptr, spoilt, 3)
                assert (got_bad, name, mode) == (first, name, mode)
                assert np.array_equal(got[:first], want[:first]), (name, mode)
                assert _call(ptr, g, 3)[0] == _expected(t, g)[0], (name, mode)
    finally:
        lib.hr_set_offsets_gather(-1)


def _compiler() -> str | None:
    return shutil.which(os.environ.get("CC", "cc")) or shutil.which("gcc")


@pytest.fixture(scope="module")
def portable(tmp_path_factory) -> str:
    """The core and tests/c/portable_check.c built with -DHR_PORTABLE (~10 s)."""
    if not os.path.isdir(os.path.join(CSRC, "generated")):
        pytest.skip("not a source tree with generated tables (tests run from an installed wheel)")
    cc = _compiler()
    if cc is None or sys.platform == "win32":
        pytest.skip("no C compiler to build the plain-C core with")
    exe = str(tmp_path_factory.mktemp("portable") / "portable_check")
    sources = sorted(os.path.join(CSRC, f) for f in os.listdir(CSRC) if f.endswith(".c"))
    cmd = [cc, "-O2", "-std=c99", "-Wall", "-Werror", "-DHR_PORTABLE", "-I", CSRC, "-o", exe,
           os.path.join(ROOT, "tests", "c", "portable_check.c"),
           os.path.join(CSRC, "generated", "tables.c"), *sources]
    subprocess.run(cmd, check=True, timeout=300)
    return exe


def test_the_plain_c_core_gives_the_same_results(games, portable, tmp_path):
    rng = np.random.default_rng(7)
    for index, (name, t) in enumerate(games.items()):
        if index % 4:          # hold'em and every fourth variant keep it under a few seconds
            continue
        deck = np.flatnonzero(t.in_deck[:52])
        for k in (5, 6, 7):
            a = _deals(rng, deck, 5000, k)
            if k == 7:
                _spoil(rng, a, 4321, deck)
            path, out = tmp_path / "in.u8", tmp_path / "out.bin"
            a.tofile(path)
            subprocess.run([portable, "batch", str(index), str(k), str(path), str(out)],
                           check=True, timeout=120)
            raw = out.read_bytes()
            bad = int(np.frombuffer(raw[:8], np.int64)[0])
            fast, slow = np.frombuffer(raw[8:], np.uint16).reshape(2, len(a))
            want_bad = _expected(t, a)[0]
            assert bad == want_bad, (name, k)
            valid = np.ones(len(a), bool)
            if want_bad >= 0:
                valid[want_bad] = False
                assert slow[want_bad] == 0
            want = _expected(t, a[valid])[1]
            stop = len(a) if bad < 0 else bad
            assert np.array_equal(fast[:stop], want[:stop]), (name, k)
            assert np.array_equal(slow[valid], want), (name, k)


def test_the_plain_c_core_passes_the_six_card_self_test(portable):
    r = subprocess.run([portable, "selftest", "6"], check=True, timeout=300, capture_output=True,
                       text=True)
    bad, total, *cats = map(int, r.stdout.split())
    assert bad == 0 and total == 20_358_520
    # RULES.md s.2 has no six-card table; the categories at least add up and all occur
    assert sum(cats) == total and min(cats) > 0


@pytest.mark.parametrize("k", [6, 7])
def test_every_kernel_gives_the_low_27_values(games, k):
    """Deuce-to-seven redoes the rows with five of a suit inside each kernel
    (csrc/lowball.c): every kernel matches the numpy backend's redo, on
    random and on flush-heavy hands (two suits only), and stops at the same
    first bad row, on the same garbage."""
    from handrank.core._fallback_games import low_batch as _fallback_batch

    rng = np.random.default_rng(27 + k)
    names = list(games)
    index = names.index("low_27")
    t = games["low_27"]
    ptr = core.lib.hr_game_at(index)
    ffi, lib = core.ffi, core.lib
    deck = np.arange(52)
    random = _deals(rng, deck, 20_000 + k, k)
    suited = _deals(rng, deck[deck % 4 < 2], 5_000, k)     # a flush in about half
    spoiled = _deals(rng, deck, 300, k)
    _spoil(rng, spoiled, 123, deck)
    garbage = rng.integers(0, 256, (2048, k), dtype=np.uint8)
    for a in (random, suited, spoiled, garbage):
        want_bad = _fallback_batch(t, a, np.zeros(len(a), np.uint16))
        stop = len(a) if want_bad < 0 else want_bad
        want = np.zeros(stop, np.uint16)          # the rows before the first bad one
        assert _fallback_batch(t, a[:stop], want) == -1
        for kernel in _kernels():
            got = np.zeros(len(a), np.uint16)
            bad = lib.hr_eval_low_batch_kernel(ptr, ffi.from_buffer("uint8_t[]", a), len(a), k,
                                               ffi.from_buffer("uint16_t[]", got,
                                                               require_writable=True),
                                               kernel)
            assert bad == want_bad, KERNEL_NAMES[kernel]
            assert np.array_equal(got[:stop], want[:stop]), KERNEL_NAMES[kernel]


# Monte Carlo with exact hands or ranges deals the board by a select on the
# mask of the cards left: pdep where the AVX2 or AVX-512 kernel runs, a
# sorted deck or a broadword select otherwise (generic, SSE2, and the plain-C
# build).  All must deal the same cards for a seed, whatever the threads.
_MC_SPOTS = """
import sys, handrank as hr
spots = [(["AsKs", "QdQc"], ""), (["AsKs", "QdQc", "JhTh"], ""),
         (["AhKh", "7c7d", "QsJs", "2c3d", "9h8h"], ""), (["AsKs", "QdQc"], "Kh 7h 2s"),
         (["AsKs", "QdQc", "6h6c"], "Kh 7h 2s 9d"), (["AsKs", "QdQc"], "Kh 7h 2s 9d 3c"),
         (["AsKs", "QQ+,AKs"], ""), (["QQ+,AKs", "JJ-99,AQs", "T9s,87s"], "Kh 7h 2s")]
for players, board in spots:
    for threads in (1, 2):
        r = hr.equity(players, board, exact=False, trials=60_000, seed=11, threads=threads)
        print(list(r.win), list(r.tie), list(r.equity), list(r.stderr))
"""


def test_monte_carlo_deals_the_same_boards_with_every_kernel():
    runs = {}
    for k in _kernels():
        r = _with_kernel(_backend.KERNELS[k], _MC_SPOTS)
        assert r.returncode == 0, r.stderr
        runs[k] = r.stdout.splitlines()
    first = runs[_kernels()[0]]
    assert len(first) == 16
    for k, lines in runs.items():
        assert lines == first, KERNEL_NAMES[k]
    for one, two in zip(first[0::2], first[1::2]):
        assert one == two                                   # threads=1 and threads=2


@pytest.mark.parametrize("players,board", [
    (["AsKs", "QdQc"], ""),                                 # heads-up preflop
    (["AsKs", "QdQc", "JhTh"], ""),                         # three-way preflop
    (["AhKh", "7c7d", "QsJs", "2c3d"], ""),                 # four players: the general tally
    (["AsKs", "QdQc"], "Kh 7h 2s"),                         # two cards to come, flush draws
    (["AsKs", "QdQc", "6h6c"], "Kh 7h 2s 9d"),              # one card to come
    (["Ac2c", "KdKh"], "3c 4c 9h"),
    (["AsKs", "QQ+,AKs"], ""),                              # ranges: the combos drawn too
    (["QQ+,AKs", "JJ-99,AQs", "T9s,87s"], "Kh 7h 2s"),
])
def test_monte_carlo_with_exact_hands_agrees_with_the_exact_answer(players, board):
    """An independent oracle: the exact enumeration (its own code path).  Wins,
    ties and equities within 5 standard errors at 400,000 trials, on every
    kernel's dealing (the default here; the test above ties the others to it)."""
    import handrank as hr
    exact = hr.equity(players, board, exact=True)
    mc = hr.equity(players, board, exact=False, trials=400_000, seed=3, threads=1)
    n = 400_000
    for p in range(len(players)):
        for got, want in ((mc.win[p], exact.win[p]), (mc.tie[p], exact.tie[p]),
                          (mc.equity[p], exact.equity[p])):
            sd = max(np.sqrt(want * (1 - want) / n), 1 / n)
            assert abs(got - want) < 5 * sd + 1e-12, (p, got, want)
