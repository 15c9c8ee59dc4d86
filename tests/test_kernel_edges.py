"""Every batch kernel (plain C, SSE2, AVX2, AVX-512: those this build and CPU
run) against the numpy backend and the plain-C kernel on 7-card hold'em rows:
a large random batch, the hands the across-hands kernels treat apart (flushes,
straight flushes, wheels, quads with three suited cards, the deuce of clubs
in every column: the AVX2 and AVX-512 kernels read id 0's entry for their
spare byte), and bad rows at and around the 64-row block edges (every kind of
bad id, repeats at every distance in the row)."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from handrank.core import _fallback, _tables, kernels

core = kernels.compiled_module()
pytestmark = pytest.mark.skipif(core is None, reason="C extension not built")
NAMES = ("plain C", "SSE2", "AVX2", "AVX-512")


@pytest.fixture(scope="module")
def holdem() -> _tables.GameTables:
    return _tables.load_bin()["holdem"]


def _call(a: np.ndarray, kernel: int) -> tuple[int, np.ndarray]:
    ffi, lib = core.ffi, core.lib
    a = np.ascontiguousarray(a, dtype=np.uint8)
    out = np.zeros(len(a), np.uint16)
    bad = lib.hr_eval_batch_kernel(lib.hr_game_at(0), ffi.from_buffer("uint8_t[]", a), len(a),
                                   a.shape[1],
                                   ffi.from_buffer("uint16_t[]", out, require_writable=True),
                                   kernel)
    return int(bad), out


def _kernels() -> list[int]:
    return [k for k in range(len(NAMES)) if _call(np.zeros((0, 7), np.uint8), k)[0] != -3]


def _numpy(t: _tables.GameTables, a: np.ndarray) -> tuple[int, np.ndarray]:
    out = np.zeros(len(a), np.uint16)
    return _fallback.eval_batch(t, np.ascontiguousarray(a, dtype=np.uint8), out), out


def _deals(rng: np.random.Generator, n: int) -> np.ndarray:
    return np.argsort(rng.random((n, 52)), axis=1)[:, :7].astype(np.uint8)


def _fill(rng: np.random.Generator, fixed: list[int]) -> list[int]:
    """`fixed` plus random other cards up to 7, shuffled."""
    rest = rng.permutation(np.setdiff1d(np.arange(52), fixed))[:7 - len(fixed)]
    row = np.array(fixed + rest.tolist())
    return rng.permutation(row).tolist()


def _edge_hands(rng: np.random.Generator) -> np.ndarray:
    rows: list[list[int]] = []
    for s in range(4):
        # every seven-card flush of one suit (1,716 rank sets) and, with two
        # cards of other suits, every five-card rank set of it (1,287)
        rows += [[4 * r + s for r in ranks] for ranks in itertools.combinations(range(13), 7)]
        rows += [_fill(rng, [4 * r + s for r in ranks])
                 for ranks in itertools.combinations(range(13), 5)]
        for n in (6, 7):
            rows += [_fill(rng, [4 * r + s for r in rng.choice(13, n, replace=False)])
                     for _ in range(200)]
        for low in range(-1, 9):     # straight flushes, the wheel (ace low) first
            rows += [_fill(rng, [4 * (r % 13) + s for r in range(low, low + 5)])
                     for _ in range(20)]
    for _ in range(500):             # wheels of mixed suits
        rows.append(_fill(rng, [4 * r + int(rng.integers(4)) for r in (12, 0, 1, 2, 3)]))
    for q in range(13):              # quads and three cards of one suit
        for s in range(4):
            others = [4 * r + s for r in rng.choice([r for r in range(13) if r != q], 3,
                                                    replace=False)]
            rows.append(_fill(rng, [4 * q + t for t in range(4)] + others))
    for col in range(7):             # the deuce of clubs (id 0) in each column
        for _ in range(200):
            row = _fill(rng, [0])
            j = row.index(0)
            row[j], row[col] = row[col], row[j]
            rows.append(row)
    a = np.array(rows, np.uint8)
    assert all(len(set(r)) == 7 for r in a.tolist())
    return a


def test_every_kernel_agrees_on_random_and_edge_hands(holdem):
    rng = np.random.default_rng(21)
    a = np.concatenate([_deals(rng, 200_003), _edge_hands(rng)])
    a = a[rng.permutation(len(a))]
    bad, want = _numpy(holdem, a)
    assert bad == -1
    flush = np.isin(want, np.flatnonzero(holdem.category >= 6))
    assert flush.sum() > 20_000           # the edge hands are in, flushes among them
    for kernel in _kernels():
        got_bad, got = _call(a, kernel)
        assert got_bad == -1, NAMES[kernel]
        assert np.array_equal(got, want), (NAMES[kernel], np.flatnonzero(got != want)[:5])
        # every row alone at the start, at the end and across a block edge
        for lo in (0, 1, 63, 64, 65, len(a) - 130):
            got_bad, got = _call(a[lo:lo + 130], kernel)
            assert got_bad == -1 and np.array_equal(got, want[lo:lo + 130]), (NAMES[kernel], lo)


BAD_IDS = (52, 63, 64, 127, 128, 200, 255)


def _spoiled(rng: np.random.Generator, n: int, row: int, kind: int) -> np.ndarray:
    a = _deals(rng, n)
    col = int(rng.integers(7))
    if kind < len(BAD_IDS):
        a[row, col] = BAD_IDS[kind]
    else:                            # a repeat at distance 1..6 in the row
        dist = kind - len(BAD_IDS) + 1
        other = (col + dist) % 7
        a[row, other] = a[row, col]
    return a


# 256 rows and more: the SSE2 kernel's block path (it reads a byte past a
# block's last row, so its last block and the rows after go the other way)
@pytest.mark.parametrize("n", [64, 65, 66, 67, 129, 130, 200, 256, 257, 320, 321, 400])
def test_every_kernel_reports_the_first_bad_row_at_block_edges(holdem, n):
    rng = np.random.default_rng(n)
    kernels = _kernels()
    rows = {0, 1, 62, 63, 64, 65, 66, 127, 128, 191, 192, 255, 256,
            n - 66, n - 65, n - 64, n - 63, n - 2, n - 1}
    for row in sorted(rows & set(range(n))):
        for kind in range(len(BAD_IDS) + 6):
            a = _spoiled(rng, n, row, kind)
            if kind >= len(BAD_IDS) and rng.random() < 0.5:
                a[row] = np.where(a[row] == a[row].max(), 0, a[row])   # a repeated deuce
                if len(set(a[row].tolist())) == 7:
                    a[row, 0] = a[row, 1] = 0
            bad, _ = _numpy(holdem, a)
            assert bad == row
            want = _numpy(holdem, a[:row])[1]
            for kernel in kernels:
                got_bad, got = _call(a, kernel)
                assert got_bad == row, (NAMES[kernel], n, row, kind)
                assert np.array_equal(got[:row], want[:row]), (NAMES[kernel], n, row, kind)
