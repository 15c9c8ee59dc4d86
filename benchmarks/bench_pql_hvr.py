"""The PQL's hand-versus-range equities: deals per second, one thread.

Run: ``PYTHONPATH=src python benchmarks/bench_pql_hvr.py``.  Each figure is
the best of three runs in CPU time of the process (the wall time, inflated by
a shared machine's load, is printed after).  A deal's value is exact when its
opponent-hand tuples times its board completions are at most 50,000 (the
river against any hand, hold'em's turn against one random hand), else the
mean of 1,000 draws.
"""

from __future__ import annotations

import os
import time

from bench_pql import cpu

import handrank as hr

QUERIES = [
    ("hold'em flop v **, 1,000 draws a deal",
     "select avg(HvREquity(hero, flop)) from game='holdem', hero='AhKh', villain='**'", 20_000),
    ("hold'em turn v **, every hand and river (45,540 a deal)",
     "select avg(HvREquity(hero, turn)) from game='holdem', hero='AhKh', villain='**'", 5_000),
    ("hold'em river v **, every hand (1,035 a deal)",
     "select avg(HvREquity(hero, river)) from game='holdem', hero='AhKh', villain='**'",
     50_000),
    ("hold'em flop v 15% (minHvREquity 0.65), 1,000 draws",
     "select count(minHvREquity(hero, flop, 0.65)) from game='holdem', hero='**', "
     "villain='15%'", 20_000),
    ("Omaha flop v ****, 1,000 draws (minHvREquity 0.65)",
     "select count(minHvREquity(hero, flop, 0.65)) from game='omahahi', hero='AA**', "
     "villain='****'", 3_000),
    ("Omaha river v perceived 'AA**,KK**' (every hand)",
     "select avg(HvPerceivedRangeEquity(hero, river, 'AA**,KK**')) from game='omahahi', "
     "hero='AsKs**', villain='****'", 3_000),
]


def main() -> None:
    print(f"CPU: {cpu()}; handrank backend {hr.backend}; one thread; figures in CPU time")
    print(f"load average at start: {os.getloadavg()[0]:.1f}")
    walls = []
    for label, q, trials in QUERIES:
        best = wall = float("inf")
        r = None
        for _ in range(3):
            t, w = time.process_time(), time.perf_counter()
            r = hr.pql(q, trials=trials, seed=1, threads=1)
            best = min(best, time.process_time() - t)
            wall = min(wall, time.perf_counter() - w)
        assert r is not None
        walls.append(trials / wall)
        print(f"{label}: {trials / best:,.0f} deals/s ({100 * r[0].value:.2f}% "
              f"+/- {100 * r[0].stderr:.2f}%)")
    print("wall-time rates, same order: " + ", ".join(f"{w:,.0f}" for w in walls))
    print(f"load average at the end: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
