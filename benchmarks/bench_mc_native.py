"""Monte Carlo against native OMPEval, in one process (a busy machine moves both alike).

    python benchmarks/bench_mc_native.py [pairs=15] [trials=2000000]

Builds benchmarks/native/omp_mc.cpp with the anchor's OMPEval sources
(../shared/anchors/ompeval, or $OMPEVAL_DIR) with g++ -O3 -march=native, then
alternates hr.equity(exact=False, threads=1) and the native loop on the same
spots (heads-up AsKs v QdQc; 3-way AsKs v QdQc v JhTh; AsKs v the range
"QQ+,AKs", the native loop drawing each player's combo uniformly and
rejecting clashing trials as handrank does; AsKs v "random", AsKs v QdQc v
"random" and AsKs v "random" v "random", the native loop taking "random" as
the full range of 1,326 combos as OMPEval's EquityCalculator does) and prints the best rate of each
and the ratio of the bests (> 1: handrank faster), with the batch kernel and
the load average.
"""
from __future__ import annotations

import ctypes
import os
import subprocess
import sys
import tempfile
import time

import numpy as np

import handrank as hr
from handrank.bench import batch_kernel
from handrank.core.cards import cards
from handrank.ranges import Range

HERE = os.path.dirname(os.path.abspath(__file__))
OMP = os.environ.get("OMPEVAL_DIR", os.path.join(HERE, "..", "..", "shared", "anchors",
                                                 "ompeval"))


def build() -> ctypes.CDLL:
    lib = os.path.join(tempfile.gettempdir(), "hr-native", "libomp_mc.so")
    os.makedirs(os.path.dirname(lib), exist_ok=True)
    src = os.path.join(HERE, "native", "omp_mc.cpp")
    if not os.path.exists(lib) or os.path.getmtime(lib) < os.path.getmtime(src):
        subprocess.run(["g++", "-O3", "-march=native", "-std=c++17", "-shared", "-fPIC", "-I",
                        OMP, "-o", lib, src, os.path.join(OMP, "omp", "HandEvaluator.cpp")],
                       check=True)
    return ctypes.CDLL(lib)


def main() -> None:
    pairs = int(sys.argv[1]) if len(sys.argv) > 1 else 15
    trials = int(sys.argv[2]) if len(sys.argv) > 2 else 2_000_000
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {max(os.sched_getaffinity(0))})
    lib = build()
    lib.omp_mc.restype = ctypes.c_long
    print(f"kernel {batch_kernel()}, {trials:,} trials a pass, best of {pairs} alternations, "
          f"load {os.getloadavg()[0]:.1f}")
    lib.omp_mc_ranges.restype = ctypes.c_long
    for players in (["AsKs", "QdQc"], ["AsKs", "QdQc", "JhTh"], ["AsKs", "QQ+,AKs"],
                    ["AsKs", "random"], ["AsKs", "QdQc", "random"],
                    ["AsKs", "random", "random"]):
        ranged = any("," in p or "+" in p or p == "random" for p in players)
        combo_lists = [Range(p).combos() if ("," in p or "+" in p or p == "random")
                       else [tuple(cards(p))] for p in players]
        holes = np.array([c for p in players if not ranged for c in cards(p)], np.uint8)
        flat = np.array([c for cl in combo_lists for combo in cl for c in combo], np.uint8)
        offs = np.cumsum([0] + [len(cl) for cl in combo_lists]).astype(np.int32)
        wins = (ctypes.c_long * len(players))()

        def ours(seed: int) -> float:
            return float(hr.equity(players, exact=False, trials=trials, seed=seed,
                                   threads=1).equity[0])

        def theirs(seed: int) -> float:
            for i in range(len(players)):
                wins[i] = 0
            if ranged:
                lib.omp_mc_ranges(flat.ctypes.data_as(ctypes.c_void_p),
                                  offs.ctypes.data_as(ctypes.c_void_p), len(players), trials,
                                  ctypes.c_uint64(seed), wins)
            else:
                lib.omp_mc(holes.ctypes.data_as(ctypes.c_void_p), len(players), trials,
                           ctypes.c_uint64(seed), wins)
            return wins[0] / trials

        th, to = [], []
        for i in range(pairs):
            for f, acc in ((ours, th), (theirs, to)) if i % 2 == 0 else ((theirs, to), (ours, th)):
                t = time.perf_counter()
                f(i)
                acc.append(time.perf_counter() - t)
        exact = hr.equity(players, exact=True)
        print(f"{' v '.join(players)}: handrank {trials / min(th) / 1e6:.1f} M trials/s, "
              f"OMPEval loop {trials / min(to) / 1e6:.1f} M/s, ratio {min(to) / min(th):.2f} "
              f"(OMPEval's win rate {theirs(1):.4f}, exact win {exact.win[0]:.4f})")


if __name__ == "__main__":
    main()
