"""Draw games, video poker, badugi and razz speed (same-process harness).

Run: ``python benchmarks/bench_draw.py``.  One core, the backend printed,
the best of several repeats.  Reports:

* ``video_poker("jacks-or-better-9/6")`` from nothing (building the pay-class
  and subset-count tables, then solving the 134,459 classes of deals), and a
  second pay table's solve alone (the tables are shared);
* ``draw_odds`` of one five-card hand, all 32 holds (2,598,960 final hands),
  and of one badugi hand (16 holds);
* badugi, razz and stud hi-lo ``evaluate_batch`` rates on 1 M random hands,
  each as a ratio to hold'em's 7-card ``evaluate_batch`` in the same run.
"""

from __future__ import annotations

import platform
import time
from collections.abc import Callable

import numpy as np

import handrank as hr
from handrank import videopoker

N = 1_000_000


def best_of(fn: Callable[[], object], repeats: int = 5) -> float:
    times = []
    for _ in range(repeats):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return min(times)


def cards(n: int, k: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    return np.ascontiguousarray(
        np.argpartition(rng.random((n, 52), dtype=np.float32), k, axis=1)[:, :k].astype(np.uint8))


def video_poker_cold() -> None:
    videopoker._tables.cache_clear()
    videopoker._solve.cache_clear()
    hr.video_poker("jacks-or-better-9/6")


def video_poker_solve() -> None:
    videopoker._solve.cache_clear()
    hr.video_poker("double-double-bonus-9/6")


def main() -> None:
    print(f"backend {hr.backend}, {platform.machine()}, {platform.platform()}")
    cold = best_of(video_poker_cold, 3)
    solve = best_of(video_poker_solve, 3)
    print(f"video_poker jacks-or-better-9/6 (tables + solve): {cold * 1e3:.0f} ms; "
          f"another pay table's solve alone: {solve * 1e3:.0f} ms")
    hr.draw_odds("As Ks Qs Js 2d")            # the percentile table, once per game
    hr.draw_odds("Ac 2d 3h Kh", game="badugi")
    d5 = best_of(lambda: hr.draw_odds("As Ks Qs Js 2d"), 20)
    dvs = best_of(lambda: hr.draw_odds("As Ks Qs Js 2d", vs="Kh Kd Kc 7s 7d"), 20)
    d4 = best_of(lambda: hr.draw_odds("Ac 2d 3h Kh", game="badugi"), 20)
    print(f"draw_odds, 5-card draw, 32 holds: {d5 * 1e3:.1f} ms ({dvs * 1e3:.1f} ms with vs); "
          f"badugi, 16 holds: {d4 * 1e3:.1f} ms")
    h7, h4 = cards(N, 7, 0), cards(N, 4, 1)
    out = np.empty(N, np.uint16)
    base = N / best_of(lambda: hr.evaluate_batch(h7, out=out, threads=1))
    razz = hr.stud_rule("razz")
    hilo = hr.stud_rule("stud-hilo")
    rates = {
        "hold'em 7-card": base,
        "badugi 4-card": N / best_of(lambda: hr.evaluate_badugi_batch(h4, out=out)),
        "razz 7-card": N / best_of(lambda: razz.evaluate_batch(h7, out=out, threads=1)),
        "stud hi-lo 7-card": N / best_of(lambda: hilo.evaluate_batch(h7, threads=1)),
    }
    for name, rate in rates.items():
        print(f"{name}: {rate / 1e6:.1f} M hands/s ({rate / base:.2f} x hold'em 7-card)")


if __name__ == "__main__":
    main()
