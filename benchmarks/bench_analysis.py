"""Speed of the range analyses, one thread, with a baseline measured in the same run.

Run: ``PYTHONPATH=src python -m pytest benchmarks/bench_analysis.py --benchmark-only``.

Targets (issue #11): equity_matrix of 1,326 x 1,326 combos on a flop in 1 s
or less; range_equity of a 20% range against a 30% range on a flop in 50 ms
or less; analyze of 1,326 combos on a flop in 10 ms or less.  Baselines:
hr.equity on the same two ranges (which gives only the overall number),
hr.equity of one pair (times the number of pairs), eval7's exact hand-vs-range
on the river (one call per hero combo), and evaluate_batch of the same
1,326 hands (the floor for analyze).
"""

from __future__ import annotations

import pytest

import handrank as hr

FLOP = "Qh 7c 2d"
RIVER = "Qh 7c 2d 9s 4h"
HERO_20 = "22+,A2s+,K9s+,Q9s+,J9s+,T9s,98s,A9o+,KTo+,QJo"                          # 21.0%
VILLAIN_30 = "22+,A2s+,K5s+,Q7s+,J7s+,T7s+,97s+,86s+,76s,65s,A7o+,K9o+,QTo+,JTo"   # 30.0%


@pytest.fixture(autouse=True)
def _backend(benchmark):
    benchmark.extra_info["backend"] = hr.backend
    print(f"\nhandrank backend: {hr.backend}")


def test_equity_matrix_all_combos_flop(benchmark):
    m = benchmark.pedantic(hr.equity_matrix, ("random", "random", FLOP), rounds=3,
                           iterations=1)
    assert m.equity.shape == (1326, 1326)
    pairs = int((m.equity == m.equity).sum())
    print(f"equity_matrix: {pairs:,} pairs in {benchmark.stats.stats.min:.3f} s")


def test_equity_one_pair_flop(benchmark):
    """Baseline: one heads-up exact equity; times 1.6 M pairs for the whole matrix."""
    benchmark(hr.equity, ["AsKs", "JdTd"], FLOP, exact=True, threads=1)
    print(f"hr.equity per pair x 1,624,350 pairs: "
          f"{benchmark.stats.stats.min * 1_624_350:.0f} s")


def test_range_equity_20_vs_30_flop(benchmark):
    re = benchmark(hr.range_equity, HERO_20, VILLAIN_30, FLOP)
    print(f"range_equity: {len(re.combos)} hero combos in "
          f"{1000 * benchmark.stats.stats.min:.1f} ms")


def test_equity_ranges_20_vs_30_flop(benchmark):
    """Baseline: hr.equity of the same two ranges (the overall number only)."""
    r = benchmark.pedantic(hr.equity, ([HERO_20, VILLAIN_30], FLOP),
                           {"exact": True, "threads": 1}, rounds=5, iterations=1)
    assert r.exact


def test_range_equity_20_vs_30_river(benchmark):
    benchmark(hr.range_equity, HERO_20, VILLAIN_30, RIVER)


def test_range_equity_river_eval7(benchmark):
    """Peer: eval7's exact hand-vs-range (river only), once per hero combo."""
    eval7 = pytest.importorskip("eval7")
    board = [eval7.Card(c) for c in RIVER.split()]
    villain = eval7.HandRange(VILLAIN_30)
    dead = set(RIVER.split())
    heroes = [[eval7.Card(a), eval7.Card(b)] for (a, b) in
              (hr.cards_str(c).split() for c in hr.Range(HERO_20).arrays()[0])
              if a not in dead and b not in dead]

    def run() -> list[float]:
        return [eval7.py_hand_vs_range_exact(h, villain, board) for h in heroes]

    benchmark(run)


def test_analyze_all_combos_flop(benchmark):
    a = benchmark(hr.analyze, "random", FLOP)
    assert len(a.combos) == 1176


def test_evaluate_batch_same_hands(benchmark):
    """Baseline: evaluating the same 1,176 five-card hands once."""
    import numpy as np
    combos = hr.Range("random").without(FLOP).arrays()[0]
    hands = np.concatenate([np.broadcast_to(np.array(hr.cards(FLOP), np.uint8), (len(combos), 3)),
                            combos], axis=1)
    benchmark(hr.evaluate_batch, np.ascontiguousarray(hands), threads=1)
