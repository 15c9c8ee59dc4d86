"""Speed of hr.pql on the three target queries of issue #43, one thread.

Run: ``PYTHONPATH=src python benchmarks/bench_pql.py`` (prints trials/s and
the CPU).  Targets: ``avg(riverEquity(hero))`` AA v ``**`` at 50 M trials/s
and exact in 1 s; the Omaha suck-out query of the PQL overview at 20,000
trials/s; a five-player stud ``histogram(winningHandType())`` at 10 M
trials/s.  The hold'em equity query also runs down the general block path
(``where 1 = 1`` keeps it off the hr.equity fast path) for comparison.
Two stud street equities (not targets) are measured too.
Each figure is the best of `REPEAT` runs, in CPU time of the process
(``time.process_time``: one thread, so the time one core spent, which a
shared, loaded machine does not inflate) and, in brackets, in wall time.
"""

from __future__ import annotations

import os
import platform
import subprocess
import time

import handrank as hr

REPEAT = 3

AA = "select avg(riverEquity(hero)) from game='holdem', hero='AA', villain='**'"
SUCK = ("select count(HvHequity(villain, turn) > 0.5 and winsHi(hero)) as suckAndResuck "
        "from game='omahahi', hero='AA**', villain='****' where HvHequity(hero, flop) > 0.5")
STUD = ("select histogram(winningHandType()) from game='studhi', syntax='generic', "
        "p1='*', p2='*', p3='*', p4='*', p5='*'")
#: stud street equities (not a target of the issue): sixth street heads-up is
#: exact in each deal (1,560 ways), fifth street 1,000 drawn ways a deal
STUD6 = ("select count(equity(p1, sixth) > 0.5) as ahead from game='studhi', "
         "p1='*', p2='*'")
STUD5 = ("select count(equity(p1, fifth) > 0.5) as ahead from game='studhi', "
         "p1='*', p2='*'")
QUARTER = ("select count(tiesLo(hero)) as lostSomeChips from game='omaha8', hero='A2**', "
           "villain1='15%', villain2='15%' "
           "where nutLo(hero, river) and not (winsHi(hero) or tiesHi(hero))")


def cpu() -> str:
    """lscpu's model name, family/model and the widest vector extension."""
    try:
        out = subprocess.run(["lscpu"], capture_output=True, text=True, check=False).stdout
    except OSError:
        return platform.processor() or "unknown CPU"
    info = {k.strip(): v.strip() for k, _, v in (ln.partition(":") for ln in out.splitlines())}
    flags = info.get("Flags", "").split()
    simd = next((f for f in ("avx512f", "avx2", "sse4_2") if f in flags), "")
    return (f"{info.get('Model name', 'unknown CPU')} (family {info.get('CPU family', '?')} "
            f"model {info.get('Model', '?')}{', ' + simd.upper() if simd else ''})")


def rate(query: str, trials: int, **kw: object) -> tuple[float, hr.PqlResult]:
    best = wall = float("inf")
    r = None
    for _ in range(REPEAT):
        t, w = time.process_time(), time.perf_counter()
        r = hr.pql(query, trials=trials, seed=1, threads=1, **kw)  # type: ignore[arg-type]
        best = min(best, time.process_time() - t)
        wall = min(wall, time.perf_counter() - w)
    assert r is not None
    WALL.append(trials / wall)
    return trials / best, r


#: the wall-time rates of the runs, in order (the machine's load inflates them)
WALL: list[float] = []


def main() -> None:
    print(f"CPU: {cpu()}; handrank backend {hr.backend}; one thread; figures in CPU time")
    print(f"load average at start: {os.getloadavg()[0]:.1f}")
    t, w = time.process_time(), time.perf_counter()
    r = hr.pql(AA, exact=True, threads=1)
    print(f"AA v ** exact: {time.process_time() - t:.3f} s CPU "
          f"({time.perf_counter() - w:.3f} s wall), equity {r[0].value:.6f} ({r.how()})")
    v, r = rate(AA, 10_000_000)
    print(f"AA v ** Monte Carlo (hr.equity path): {v / 1e6:.1f} M trials/s "
          f"(equity {r[0].value:.4f} +/- {r[0].stderr:.4f})")
    v, r = rate(AA + " where 1 = 1", 2_000_000)
    print(f"AA v ** Monte Carlo (block path):     {v / 1e6:.2f} M trials/s")
    v, r = rate(SUCK, 20_000)
    print(f"Omaha suck-out (two street equities a trial): {v:,.0f} trials/s "
          f"({100 * r[0].value:.2f}% +/- {100 * r[0].stderr:.2f}%)")
    v, r = rate(STUD, 2_000_000)
    print(f"stud five-way histogram(winningHandType()): {v / 1e6:.2f} M trials/s")
    v, r = rate(STUD6, 20_000)
    print(f"stud sixth-street equity, every deal of the last cards: {v:,.0f} trials/s")
    v, r = rate(STUD5, 20_000)
    print(f"stud fifth-street equity, 1,000 drawn deals each: {v:,.0f} trials/s")
    v, r = rate(QUARTER, 50_000)
    print(f"Omaha-8 quartered (nutLo): {v:,.0f} trials/s "
          f"({100 * r[0].value:.2f}% +/- {100 * r[0].stderr:.2f}%)")


if __name__ == "__main__":
    main()
    print("wall-time rates, same order: " + ", ".join(f"{w:,.0f}" for w in WALL))
