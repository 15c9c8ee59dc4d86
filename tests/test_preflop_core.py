"""The shared preflop counts (hr_equity_patterns, handrank.equity.preflop) without dask.

The oracle is hr.equity(..., exact=True), which enumerates each class
matchup's combo tuples on its own (hr_equity_exact with its suit classes):
another path through the C core that shares no counting with the patterns.
"""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest

import handrank as hr
from handrank.core import _backend, kernels
from handrank.equity import preflop as _preflop

pytestmark = pytest.mark.skipif(kernels.compiled_module() is None, reason="needs the C core")


def _table(players, names):
    idx = _preflop.class_indices(names)
    pieces = _preflop.plan(players, idx)
    return _preflop.assemble(players, idx, [_preflop.count_piece(players, p) for p in pieces])


def test_heads_up_pieces_equal_handrank_equity():
    names = ["AA", "QQ", "AKs", "AKo", "AQs", "QJo", "Q2s", "T9s", "T9o", "32o"]
    t = _table(2, names)
    for a, b in itertools.product(names, repeat=2):
        want = hr.equity([a, b], exact=True).equity[0]
        assert t.equity[t.index(a), t.index(b)].tobytes() == want.tobytes(), (a, b)


def test_three_way_pieces_equal_handrank_equity():
    names = ["KK", "AKs", "K9o", "98s"]
    t = _table(3, names)
    impossible = 0
    for trio in itertools.product(names, repeat=3):
        got = t.equity[tuple(t.index(x) for x in trio)]
        try:
            want = hr.equity(list(trio), exact=True).equity
        except hr.InvalidRangeError:          # five kings: no deal
            assert np.isnan(got).all(), trio
            impossible += 1
            continue
        assert got.tobytes() == want.tobytes(), trio
    assert impossible > 0


def test_patterns_sum_to_the_tuple_counts():
    """Rank pass + the four suits' patterns = hr_equity_exact on one tuple."""
    ffi, lib = kernels.compiled_module().ffi, kernels.compiled_module().lib
    g = _backend.GAMES["holdem"]
    hole = [hr.cards("Ah Kh"), hr.cards("Qh Qd"), hr.cards("Kd 7h")]
    ranks = np.array([c // 4 for h in hole for c in h], dtype=np.uint8)
    out = np.zeros(65 * 9, dtype=np.int64)
    assert lib.hr_equity_patterns(g.ptr, 3, ffi.from_buffer("uint8_t[]", ranks),
                                  ffi.from_buffer("int64_t[]", out,
                                                  require_writable=True)) == 0
    blocks = out.reshape(65, 9)
    flat = [c for h in hole for c in h]
    total = blocks[0].copy()
    for suit in range(4):
        pattern = sum(1 << i for i, c in enumerate(flat) if c % 4 == suit)
        total += blocks[1 + pattern]
    want = hr.equity(["AhKh", "QhQd", "Kd7h"], exact=True)
    boards = float(math.comb(46, 5))
    assert (total[6:9] / 2520 / boards).tobytes() == want.equity.tobytes()
    assert (total[0:3] / boards).tobytes() == want.win.tobytes()


def test_patterns_reject_bad_arguments():
    ffi, lib = kernels.compiled_module().ffi, kernels.compiled_module().lib
    g = _backend.GAMES["holdem"]
    out = np.zeros(65 * 9, dtype=np.int64)
    dst = ffi.from_buffer("int64_t[]", out, require_writable=True)
    for n, ranks in [(2, [13, 0, 1, 2]), (2, [255, 0, 1, 2]), (3, [5, 5, 5, 5, 5, 1]),
                     (1, [0, 1]), (4, [0] * 8)]:
        r = np.array(ranks + [0] * (8 - len(ranks)), dtype=np.uint8)
        assert lib.hr_equity_patterns(g.ptr, n, ffi.from_buffer("uint8_t[]", r), dst) == -1
    short = _backend.GAMES["shortdeck"]
    r = np.array([12, 11, 10, 10], dtype=np.uint8)
    assert lib.hr_equity_patterns(short.ptr, 2, ffi.from_buffer("uint8_t[]", r), dst) == -1


@pytest.mark.slow
def test_whole_heads_up_table_equals_handrank_equity():
    """Every one of the 14,365 class matchups, both directions, bit for bit."""
    t = _table(2, None)
    assert t.equity.shape == (169, 169) and t.classes == _preflop.CLASS_NAMES
    for i, a in enumerate(t.classes):
        for j in range(i, 169):
            want = hr.equity([a, t.classes[j]], exact=True).equity
            assert t.equity[i, j].tobytes() == want[0].tobytes(), (a, t.classes[j])
            assert t.equity[j, i].tobytes() == want[1].tobytes(), (a, t.classes[j])
    np.testing.assert_array_equal(np.diag(t.equity), 0.5)
    total = t.equity + t.equity.T
    off = ~np.eye(169, dtype=bool)
    np.testing.assert_array_equal(total[off], 1.0)        # exactly, in float64


def test_histograms_shared_by_shape_are_each_tuples_own():
    """A class tuple's pattern histogram is taken from the first tuple of its
    shape (equal ranks, suitedness); recounted from each tuple's own combos,
    every heads-up matchup and 3,000 class triples give the same counts."""
    from handrank.equity import preflop as p
    rng = np.random.default_rng(18)
    every_pair = list(itertools.combinations_with_replacement(range(169), 2))
    triples = [tuple(sorted(rng.integers(0, 169, 3).tolist())) for _ in range(3000)]
    shapes: dict[tuple[int, ...], tuple[int, ...]] = {}
    for ct in every_pair + triples:
        hist, deals = p._histogram(ct)
        own, own_deals = p._count_patterns(ct)
        assert deals == own_deals and np.array_equal(hist, own), ct
        shapes.setdefault(p._shape(ct), ct)
    # the shapes are few (what makes the sharing pay) but more than one per size
    n2 = sum(len(s) == 6 for s in shapes)
    assert 10 < n2 < 100
    assert sum(len(s) == 9 for s in shapes) > n2
