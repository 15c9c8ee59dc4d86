"""Low games and Omaha hi-lo speed (pytest-benchmark; skipped unless --benchmark-only).

Run: ``python -m pytest benchmarks/bench_lowball.py --benchmark-only``.  One
thread, the backend printed.  ``Lowball.evaluate_batch`` on random 7-card
hands is reported as a ratio to hold'em's ``evaluate_batch`` on the same hands
in the same run (target >= 0.7); ``evaluate_omaha_hilo_batch`` with 4 hole
cards in deals per second (target >= 15 M/s), next to ``evaluate_omaha_batch``
(the high half alone) on the same deals.
"""

from __future__ import annotations

import numpy as np
import pytest

import handrank as hr

N = 1_000_000
RULES = [("holdem", None), ("a5", None), ("a5", 8), ("27", None)]
_rates: dict[str, float] = {}


def _cards(n: int, k: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    return np.ascontiguousarray(
        np.argpartition(rng.random((n, 52), dtype=np.float32), k, axis=1)[:, :k].astype(np.uint8))


@pytest.fixture(scope="module")
def hands7() -> np.ndarray:
    return _cards(N, 7, 0)


@pytest.mark.parametrize("rule", RULES, ids=lambda r: f"{r[0]}{'/8' if r[1] else ''}")
def test_lowball_batch7(benchmark, hands7, rule):
    out = np.empty(N, np.uint16)
    if rule[0] == "holdem":
        benchmark(hr.evaluate_batch, hands7, out=out, threads=1)
    else:
        lo = hr.lowball(rule[0], qualifier=rule[1])
        benchmark(lo.evaluate_batch, hands7, out=out, threads=1)
    rate = N / benchmark.stats.stats.min
    name = f"{rule[0]}{'/8' if rule[1] else ''}"
    _rates[name] = rate
    base = _rates.get("holdem")
    ratio = f", {rate / base:.2f} x hold'em" if base and name != "holdem" else ""
    print(f"\n[{hr.backend}] {name}: {rate / 1e6:.1f} M hands/s{ratio}")


@pytest.mark.parametrize("what", ["omaha", "omaha-hilo"])
def test_omaha_hilo_batch4(benchmark, what):
    deals = _cards(N, 9, 4)
    holes, boards = np.ascontiguousarray(deals[:, :4]), np.ascontiguousarray(deals[:, 4:])
    if what == "omaha":
        benchmark(hr.games.omaha.evaluate_omaha_batch, holes, boards, out=np.empty(N, np.uint16), threads=1)
    else:
        benchmark(hr.games.hilo.evaluate_omaha_hilo_batch, holes, boards, out=np.empty((N, 2), np.uint16),
                  threads=1)
    print(f"\n[{hr.backend}] {what}-4: {N / benchmark.stats.stats.min / 1e6:.1f} M deals/s")
