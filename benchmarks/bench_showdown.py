"""showdown_batch against evaluate_batch on the same hands, one thread.

Run with ``pytest benchmarks/bench_showdown.py --benchmark-only``; skipped by
default (``--benchmark-skip``).  Target: showdown_batch on 1,000,000
six-handed deals within 1.5x of evaluate_batch on the 6,000,000 seven-card
hands they contain.
"""

from __future__ import annotations

import numpy as np
import pytest

import handrank
from handrank.games.holdem import evaluate_batch
from handrank.showdown import showdown_batch

DEALS = 1_000_000
PLAYERS = 6


@pytest.fixture(scope="module")
def deals():
    print(f"\nbackend: {handrank.backend}")
    rng = np.random.default_rng(2024)
    cards = np.empty((DEALS, 5 + 2 * PLAYERS), dtype=np.uint8)
    for start in range(0, DEALS, 100_000):   # a random 17 of 52 per deal, in chunks
        keys = rng.random((min(100_000, DEALS - start), 52))
        cards[start:start + len(keys)] = np.argpartition(keys, 17, axis=1)[:, :17]
    boards = np.ascontiguousarray(cards[:, :5])
    hole = np.ascontiguousarray(cards[:, 5:]).reshape(DEALS, PLAYERS, 2)
    sevens = np.empty((DEALS, PLAYERS, 7), dtype=np.uint8)
    sevens[:, :, :5] = boards[:, None, :]
    sevens[:, :, 5:] = hole
    return boards, hole, sevens.reshape(-1, 7)


def test_showdown_batch(benchmark, deals):
    boards, hole, _ = deals
    benchmark.extra_info["backend"] = handrank.backend
    out = benchmark.pedantic(showdown_batch, args=(boards, hole), kwargs={"threads": 1},
                             rounds=5, iterations=1)
    secs = benchmark.stats.stats.min
    print(f"\nshowdown_batch: {DEALS * PLAYERS / secs / 1e6:.1f} M hands/s "
          f"({DEALS / secs / 1e6:.2f} M deals/s, backend {handrank.backend})")
    assert out.shape == (DEALS, PLAYERS)


def test_evaluate_batch_same_hands(benchmark, deals):
    _, _, sevens = deals
    benchmark.extra_info["backend"] = handrank.backend
    benchmark.pedantic(evaluate_batch, args=(sevens,), kwargs={"threads": 1},
                       rounds=5, iterations=1)
    secs = benchmark.stats.stats.min
    print(f"\nevaluate_batch: {len(sevens) / secs / 1e6:.1f} M hands/s "
          f"(backend {handrank.backend})")
