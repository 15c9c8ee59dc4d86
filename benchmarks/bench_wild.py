"""Wild-card hand ranking: the table lookup over every hand of each game, one core.

Run: ``python benchmarks/bench_wild.py``.  For deuces-wild (every five of 52
cards, 2,598,960 hands) and joker-draw and california-lowball (every five of
53, 2,869,685), the classes of all hands in one batch: the C kernel
(csrc/wild.c through core/kernels.py) and the numpy fallback, the best of
three, as wall time and as this process's CPU time (the machine may be
shared), and hands per CPU second.  Then draw_odds against an opponent who
keeps two cards and draws three (every pair of draws of all 32 holds, the
C kernel hr_draw_vs), in each wild game and, to compare, in five-card draw.
"""

from __future__ import annotations

import os

for _v in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ[_v] = "1"

import itertools  # noqa: E402
import platform  # noqa: E402
import time  # noqa: E402

import numpy as np  # noqa: E402

import handrank as hr  # noqa: E402
from handrank.core import kernels  # noqa: E402
from handrank.games import wild  # noqa: E402


def best_of(fn, n=3):  # type: ignore[no-untyped-def]
    walls, cpus = [], []
    for _ in range(n):
        w, c = time.perf_counter(), time.process_time()
        fn()
        walls.append(time.perf_counter() - w)
        cpus.append(time.process_time() - c)
    return min(walls), min(cpus)


def main() -> None:
    print(f"handrank {hr.__version__}, backend {hr.backend}, {platform.processor() or ''} "
          f"{platform.machine()}, numpy {np.__version__}")
    print(f"{'game':<20}{'path':<8}{'hands':>11}{'wall s':>9}{'cpu s':>9}{'M hands/cpu s':>15}")
    for game in wild.WILD_GAMES:
        deck = 52 if game == "deuces-wild" else 53
        rows = np.array(list(itertools.combinations(range(deck), 5)), dtype=np.uint8)
        for path in ("C", "numpy"):
            saved = kernels._C
            if path == "numpy":
                kernels._C = None
            elif saved is None:
                continue
            try:
                wall, cpu = best_of(lambda r=rows, g=game: wild.evaluate_batch(r, g))
            finally:
                kernels._C = saved
            print(f"{game:<20}{path:<8}{len(rows):>11,}{wall:>9.3f}{cpu:>9.3f}"
                  f"{len(rows) / cpu / 1e6:>15.1f}")
    if kernels._C is None:
        return
    print(f"\n{'draw_odds vs a hand drawing three':<48}{'wall s':>9}{'cpu s':>9}")
    for game, hand, vs in (("deuces-wild", "2c Kh Qh 3c 3d", "As Ad"),
                           ("joker-draw", "Xx Kh Qh 3c 3d", "Ac Ad"),
                           ("california-lowball", "Xx 2c 3d 7h Ks", "Ac 4d"),
                           ("draw", "Ah Kh Qh 3c 3d", "Ac Ad")):
        wall, cpu = best_of(lambda g=game, h=hand, v=vs: hr.draw_odds(h, game=g, vs=v), n=1)
        print(f"{game + ': ' + hand + ' vs ' + vs:<48}{wall:>9.2f}{cpu:>9.2f}")


if __name__ == "__main__":
    main()
