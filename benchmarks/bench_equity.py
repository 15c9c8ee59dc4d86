"""Equity speed, one thread, with peers measured in the same run when installed.

Run: ``PYTHONPATH=src python -m pytest benchmarks/bench_equity.py --benchmark-only``.
Each benchmark records the backend (handrank.backend) in its extra_info and
prints it, so a pure-Python result can never pass for a C one.
"""

from __future__ import annotations

import pytest

import handrank
from handrank.equity import equity

EXACT = {
    "AsKs-QdQc": ["AsKs", "QdQc"],
    "AhAd-KsKc": ["AhAd", "KsKc"],
    "3way": ["AsKs", "QdQc", "JhTh"],
    "AsKs-QQ+AKs": ["AsKs", "QQ+,AKs"],
}
MC_TRIALS = 2_000_000


@pytest.fixture(autouse=True)
def _backend(benchmark):
    benchmark.extra_info["backend"] = handrank.backend
    print(f"\nhandrank backend: {handrank.backend}")


@pytest.mark.parametrize("name", list(EXACT))
def test_exact_handrank(benchmark, name):
    r = benchmark(equity, EXACT[name], exact=True, threads=1)
    assert r.exact


@pytest.mark.parametrize("name", list(EXACT))
def test_exact_pokerfast(benchmark, name):
    pf = pytest.importorskip("pokerfast.equity")
    benchmark(pf.equity, EXACT[name], exact=True, threads=1)


def test_mc_handrank(benchmark):
    r = benchmark.pedantic(equity, (["AsKs", "QdQc"],),
                           {"exact": False, "trials": MC_TRIALS, "seed": 1, "threads": 1},
                           rounds=5, iterations=1)
    benchmark.extra_info["trials"] = r.samples
    print(f"handrank Monte Carlo: {MC_TRIALS / benchmark.stats.stats.min / 1e6:.1f} M trials/s")


def test_mc_handrank_random(benchmark):
    benchmark.pedantic(equity, (["AsKs", "random"],),
                       {"exact": False, "trials": MC_TRIALS, "seed": 1, "threads": 1},
                       rounds=5, iterations=1)
    print(f"handrank Monte Carlo vs random: "
          f"{MC_TRIALS / benchmark.stats.stats.min / 1e6:.1f} M trials/s")


def test_mc_eval7(benchmark):
    eval7 = pytest.importorskip("eval7")
    hero = [eval7.Card("As"), eval7.Card("Ks")]
    villain = eval7.HandRange("QdQc")
    benchmark.pedantic(eval7.py_hand_vs_range_monte_carlo, (hero, villain, [], MC_TRIALS),
                       rounds=3, iterations=1)
    print(f"eval7 Monte Carlo: {MC_TRIALS / benchmark.stats.stats.min / 1e6:.1f} M trials/s")
