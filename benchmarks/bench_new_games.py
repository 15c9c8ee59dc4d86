"""The games of parts (double board, badeucy, badacey) and Courchevel: equity, settle.

Run: ``PYTHONPATH=src python -m pytest benchmarks/bench_new_games.py --benchmark-only``.
The exact spots are the largest ``exact=None`` enumerates (up to
handrank.equity.parts.EXACT_AUTO strengths) or near it.
"""

from __future__ import annotations

import pytest

import handrank as hr

EXACT = {
    "double-holdem flop/flop": (["As Ad", "Kc Kd"], ("2c 7d 9h", "Ks 3c 4d"), "double-holdem"),
    "double-omaha flop/flop": (["As Ad Kh Qh", "Kc Kd 7s 6s"], ("2c 7d 9h", "Ks 3c 4d"),
                               "double-omaha"),
    "badeucy draw 2 vs 1": (["As 2d 3h", "2c 3d 4h 5s"], "", "badeucy"),
    "courchevel one card": (["As Ks Qd Jd Tc", "7c 7h 2c 2h 3d"], "Qh", "courchevel"),
}
MC = {
    "double-holdem preflop": (["As Ad", "Kc Kd"], "", "double-holdem"),
    "double-omaha preflop": (["As Ad Kh Qh", "Kc Kd 7s 6s"], "", "double-omaha"),
    "badacey draw 3 vs 3": (["As 2d", "2c 3d"], "", "badacey"),
}


@pytest.fixture(autouse=True)
def _backend(benchmark):
    benchmark.extra_info["backend"] = hr.backend


@pytest.mark.parametrize("name", list(EXACT))
def test_exact(benchmark, name):
    players, board, game = EXACT[name]
    r = benchmark(hr.equity, players, board=board, game=game, threads=1)
    assert r.exact


@pytest.mark.parametrize("name", list(MC))
def test_monte_carlo_200k(benchmark, name):
    players, board, game = MC[name]
    r = benchmark(hr.equity, players, board=board, game=game, trials=200_000, seed=1,
                  threads=1)
    assert not r.exact


def test_settle_double_omaha_three_seats(benchmark):
    s = benchmark(hr.settle, "Ah Kh 2c 3d 9s | 7s 7d 9h 4c 5c",
                  ["As Kd Qs Jh", "6c 8c 2d 3s", "Td Tc 4d 5d"], [10, 20, 20],
                  game="double-omaha")
    assert sum(s.payouts) == 50
