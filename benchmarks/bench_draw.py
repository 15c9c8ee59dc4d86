"""Draw games, video poker, badugi and razz speed (same-process harness).

Run: ``python benchmarks/bench_draw.py``.  One core, the backend printed,
the best of several repeats.  Reports:

* ``video_poker("jacks-or-better-9/6")`` from nothing (building the pay-class
  and subset-count tables, then solving the 134,459 classes of deals), and a
  second pay table's solve alone (the tables are shared);
* ``draw_odds`` of one five-card hand, all 32 holds (2,598,960 final hands),
  and of one badugi hand (16 holds);
* badugi, razz and stud hi-lo ``evaluate_batch`` rates on 1 M random hands,
  each as a ratio to hold'em's 7-card ``evaluate_batch`` in the same run;
* stud heads-up exact on fifth street (671,580 deals);
* Monte Carlo trials per second on one thread, heads-up: stud, razz and stud
  hi-lo from third street, badugi and the triple draws (``draws=3``).

Targets (issue 18): video poker <= 3 s, draw_odds <= 20 ms, stud fifth street
<= 50 ms, Monte Carlo >= 10 M trials/s, badugi and razz batches >= 0.7 x
hold'em's 7-card rate.
"""

from __future__ import annotations

import platform
import time
from collections.abc import Callable

import numpy as np

import handrank as hr
from handrank.games import videopoker

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
    fifth = ["As Ad Kc 7h 2s", "Qh Qs 7d 8c 9c"]
    hr.equity(fifth, game="stud")
    t5 = best_of(lambda: hr.equity(fifth, game="stud"), 5)
    print(f"stud heads-up exact, fifth street (671,580 deals): {t5 * 1e3:.1f} ms")
    mc = [("stud", ["As Ad Kc", "Qh Qs 7d"]), ("razz", ["As 2d 3c", "4h 5s 7d"]),
          ("stud-hilo", ["As 2d 3c", "Kh Ks 7d"]), ("badugi", ["Ac 2d", "4h 5s"]),
          (hr.game("27-triple", draws=3), ["2c 3d 4h 5s Kd", "7h 8s 9d Tc Jc"]),
          (hr.game("a5-triple", draws=3), ["As 2d 3c 4h Ks", "8h 7s 6d 5c 9c"]),
          (hr.game("badugi", draws=3), ["Ac 2d 3h Ks", "5c 6d 7h 8h"])]
    trials = 2_000_000
    for game, players in mc:
        hr.equity(players, game=game, exact=False, trials=25_000, seed=1, threads=1)
        t = best_of(lambda: hr.equity(players, game=game, exact=False, trials=trials,
                                      seed=1, threads=1), 3)
        name = game if isinstance(game, str) else f"{game.name} draws=3"
        print(f"Monte Carlo {name}, heads-up, 1 thread: {trials / t / 1e6:.1f} M trials/s")


if __name__ == "__main__":
    main()
