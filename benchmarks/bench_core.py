"""pytest-benchmark targets of issue 2 (skipped by default: --benchmark-skip).

Run with ``PYTHONPATH=src python -m pytest benchmarks --benchmark-only``.
Every benchmark records the backend it ran on in ``extra_info``, so a silent
fallback to the pure-Python backend can never pass for a C result.
"""

from __future__ import annotations

import numpy as np
import pytest

import handrank as hr
from handrank.bench import N_ALL7, _enumerate_all, batch_kernel, random_hands
from handrank.core import _fallback, _tables

N_BATCH = 20_000_000
HAND = "As Kd 7h 7c 2s 9d Jc"


@pytest.fixture(scope="module")
def hands20m() -> np.ndarray:
    return random_hands(N_BATCH, 7, seed=2)


def _tag(benchmark, **extra) -> None:
    benchmark.extra_info["backend"] = hr.backend
    benchmark.extra_info["batch_kernel"] = batch_kernel()
    benchmark.extra_info.update(extra)


def test_evaluate_batch_20m_one_thread(benchmark, hands20m) -> None:
    _tag(benchmark, hands=N_BATCH, threads=1)
    out = np.empty(N_BATCH, np.uint16)
    benchmark.pedantic(hr.evaluate_batch, args=(hands20m,), kwargs={"out": out, "threads": 1},
                       rounds=3, iterations=1)
    benchmark.extra_info["hands_per_s"] = N_BATCH / benchmark.stats.stats.median


def test_evaluate_batch_20m_two_threads(benchmark, hands20m) -> None:
    """The same hands split over two threads (compare with the one-thread row)."""
    _tag(benchmark, hands=N_BATCH, threads=2)
    out = np.empty(N_BATCH, np.uint16)
    benchmark.pedantic(hr.evaluate_batch, args=(hands20m,), kwargs={"out": out, "threads": 2},
                       rounds=3, iterations=1)
    benchmark.extra_info["hands_per_s"] = N_BATCH / benchmark.stats.stats.median


@pytest.mark.skipif(hr.backend != "c", reason="hr_enumerate7 needs the C backend")
def test_enumerate_all_7card_one_thread(benchmark) -> None:
    _tag(benchmark, hands=N_ALL7, threads=1)
    count = benchmark.pedantic(_enumerate_all, rounds=3, iterations=1)
    assert count == N_ALL7
    benchmark.extra_info["hands_per_s"] = N_ALL7 / benchmark.stats.stats.median


def test_evaluate_one_from_str(benchmark) -> None:
    _tag(benchmark)
    assert benchmark(hr.evaluate, HAND) == 2596


def test_evaluate_one_from_ints(benchmark) -> None:
    _tag(benchmark)
    ids = hr.cards(HAND)
    assert benchmark(hr.evaluate, ids) == 2596


def test_fallback_batch(benchmark) -> None:
    """The pure-Python backend's numpy batch path, called directly (1M hands)."""
    benchmark.extra_info["backend"] = "python (direct _fallback call)"
    tables = _tables.load_bin()["holdem"]
    arr = random_hands(1_000_000, 7, seed=3)
    out = np.empty(len(arr), np.uint16)
    bad = benchmark.pedantic(_fallback.eval_batch, args=(tables, arr, out), rounds=3,
                             iterations=1)
    assert bad == -1
    assert np.array_equal(out[:1000], hr.evaluate_batch(arr[:1000]))
    benchmark.extra_info["hands_per_s"] = len(arr) / benchmark.stats.stats.median
