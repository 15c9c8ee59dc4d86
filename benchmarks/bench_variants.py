"""Variant and Omaha batch speed (pytest-benchmark; skipped unless --benchmark-only).

Run: ``PYTHONPATH=src python -m pytest benchmarks/bench_variants.py --benchmark-only``.
Every benchmark runs on one thread and prints the backend it ran on.  The
variant rates are reported as a ratio to hold'em's on the same 7-card batch
size (target >= 0.7); Omaha as deals per second (target: Omaha-4 >= 20 M/s).
"""

from __future__ import annotations

import numpy as np
import pytest

import handrank as hr
from handrank.games.omaha import evaluate_omaha_batch
from handrank.games.variants import variant

N = 1_000_000
VARIANTS = [("holdem", {}), ("shortdeck", {}), ("shortdeck", {"trips_beat_straight": True}),
            ("stripped", {"lowest": "7"}), ("stripped", {"lowest": "7", "kickers": False}),
            ("stripped", {"lowest": "3"})]
_rates: dict[str, float] = {}


def _hands(deck, n, k, seed=0):
    rng = np.random.default_rng(seed)
    deck = np.array(deck, dtype=np.uint8)
    return np.ascontiguousarray(deck[np.argsort(rng.random((n, len(deck))), axis=1)[:, :k]])


def _rate(benchmark) -> float:
    return N / benchmark.stats.stats.min


@pytest.mark.parametrize("args", VARIANTS, ids=lambda a: f"{a[0]}{a[1] or ''}")
def test_variant_batch7(benchmark, args):
    v = variant(args[0], **args[1])
    hands = _hands(v.deck, N, 7)
    out = np.empty(N, np.uint16)
    benchmark(v.evaluate_batch, hands, out=out, threads=1)
    rate = _rate(benchmark)
    key = f"{args[0]}{args[1] or ''}"
    _rates[key] = rate
    base = _rates.get("holdem")
    ratio = f", {rate / base:.2f} x hold'em" if base else ""
    print(f"\n[{hr.backend}] {key}: {rate / 1e6:.1f} M hands/s{ratio}")


@pytest.mark.parametrize("h", [4, 5, 6])
def test_omaha_batch(benchmark, h):
    deals = _hands(range(52), N, h + 5, seed=h)
    holes, boards = np.ascontiguousarray(deals[:, :h]), np.ascontiguousarray(deals[:, h:])
    out = np.empty(N, np.uint16)
    benchmark(evaluate_omaha_batch, holes, boards, out=out, threads=1)
    print(f"\n[{hr.backend}] omaha-{h}: {_rate(benchmark) / 1e6:.1f} M deals/s")


def test_omaha_shortdeck_batch(benchmark):
    v = variant("shortdeck")
    deals = _hands(v.deck, N, 9, seed=9)
    holes, boards = np.ascontiguousarray(deals[:, :4]), np.ascontiguousarray(deals[:, 4:])
    out = np.empty(N, np.uint16)
    benchmark(evaluate_omaha_batch, holes, boards, out=out, threads=1, variant=v)
    print(f"\n[{hr.backend}] omaha-4 shortdeck (hash path): {_rate(benchmark) / 1e6:.1f} M deals/s")
