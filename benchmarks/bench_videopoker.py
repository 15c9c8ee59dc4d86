"""Video poker with wild cards: the exact solve of every built-in machine, one core.

Run: ``python benchmarks/bench_videopoker.py``.  BLAS and OpenMP are held to
one thread.  For each machine family, the tables built on first use (every
five-card hand's pay class, the subset counts, the classes of deals), then
for each machine the solve alone (every hold of every class of deals, the
best hold, the probabilities of the pay lines), the best of three, as wall
time and as this process's CPU time (the machine may be shared).

Target (issue 44): every machine solved in <= 1 s on one core.
"""

from __future__ import annotations

import os

for _v in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ[_v] = "1"

import platform  # noqa: E402
import time  # noqa: E402

import numpy as np  # noqa: E402

import handrank as hr  # noqa: E402
from handrank.games import _vpwild as W  # noqa: E402
from handrank.games import videopoker as V  # noqa: E402


def timed(fn):  # type: ignore[no-untyped-def]
    w, c = time.perf_counter(), time.process_time()
    out = fn()
    return out, time.perf_counter() - w, time.process_time() - c


def main() -> None:
    print(f"handrank {hr.__version__}, backend {hr.backend}, {platform.processor() or ''} "
          f"{platform.machine()}, numpy {np.__version__}")
    print(f"{'family / machine':<28}{'wall s':>9}{'cpu s':>9}  return")
    for family in ("deuces-wild", "joker-poker", "double-joker", "deuces-joker-wild",
                   "jacks-or-better"):
        W.forget_tables()
        W._deal_subsets.cache_clear()
        _, w, c = timed(lambda f=family: (W.tables(f), W._deal_subsets(f)))
        print(f"{family + ' tables':<28}{w:9.3f}{c:9.3f}")
        names = [n for n, f in V.MACHINES.items() if f == family]
        for name in names:
            table = {**V.PAYTABLES, **V.WILD_PAYTABLES}[name]
            pay = np.array([float(table[k]) for k in W.FAMILIES[family].classes]) \
                if family != "jacks-or-better" else hr.video_poker(name)._pay
            best_w, best_c, er = 1e9, 1e9, 0.0
            for _ in range(3):
                sol, w, c = timed(lambda f=family, p=pay: W.solve(f, p))
                best_w, best_c, er = min(best_w, w), min(best_c, c), sol.expected_return
            print(f"  {name:<26}{best_w:9.3f}{best_c:9.3f}  {er:.6f}")


if __name__ == "__main__":
    main()
