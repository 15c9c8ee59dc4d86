"""Scaling on one machine: threads=2 against threads=1, and what the VM gives.

Run: ``python benchmarks/bench_scaling.py [--dask]`` (about a minute; ``--dask``
adds a 2-worker LocalCluster against one process, a few minutes more).  Not
collected by pytest.

Each figure is a ratio measured in this run:

- the VM: one single-thread process alone, then two at once (the same C loop,
  ``evaluate_batch(threads=1)``), wall and CPU seconds of each: the speed-up
  two processes get is the most any two-thread code can get here;
- ``evaluate_batch(a, threads=2)`` against ``threads=1`` (20M random hands);
- ``hr.equity(["AsKs", "QdQc"], trials=..., threads=2)`` against ``threads=1``;
- where the threads' shortfall goes (``split_part``): the same 20M rows as two
  halves, each evaluated by one direct C call in its own thread (no slices,
  no Python between slices), against one direct call on all of them, and
  ``threads=2`` with the library's slice size overridden in this process
  (2^16, 2^18, 2^20 rows), each alternated with ``threads=1``;
- with ``--dask``: ``handrank.dask.equity`` on a 2-worker LocalCluster against
  ``hr.equity(threads=1)`` in one process, and ``preflop_table`` on the cluster
  against ``preflop_table`` on one core.

The machine is shared while these run: the load average is printed with each
figure, and every time is the best of a few alternations.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from typing import Any

import numpy as np

CHILD = r"""
import json, sys, time, numpy as np, handrank as hr
rng = np.random.default_rng(int(sys.argv[1]))
a = np.argsort(rng.random((2_000_000, 52)), axis=1)[:, :7].astype(np.uint8)
a = np.tile(a, (5, 1))
out = np.empty(len(a), np.uint16)
hr.evaluate_batch(a, out=out, threads=1)
w, c = time.perf_counter(), time.process_time()
for _ in range(int(sys.argv[2])):
    hr.evaluate_batch(a, out=out, threads=1)
print(json.dumps({"wall": time.perf_counter() - w, "cpu": time.process_time() - c,
                  "hands": len(a) * int(sys.argv[2])}))
"""


def kernel_name() -> str:
    from handrank.core import kernels
    if kernels.compiled_module() is None:
        return "python"
    return ("generic", "sse2", "avx2", "avx512")[kernels.compiled_module().lib.hr_batch_kernel()]


def load() -> float:
    return os.getloadavg()[0]


def children(k: int, rounds: int) -> list[dict[str, float]]:
    procs = [subprocess.Popen([sys.executable, "-c", CHILD, str(i), str(rounds)],
                              stdout=subprocess.PIPE, text=True) for i in range(k)]
    return [json.loads(p.communicate()[0]) for p in procs]


def best(fn: Any, reps: int) -> float:
    times = []
    for _ in range(reps):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return min(times)


def vm_part(report: dict[str, Any]) -> None:
    alone, pair = [], []
    for _ in range(2):
        alone.append(children(1, 10)[0])
        pair.append(children(2, 10))
    one = min(alone, key=lambda r: r["wall"])
    two = min(pair, key=lambda rs: max(r["wall"] for r in rs))
    rate1 = one["hands"] / one["wall"]
    rate2 = sum(r["hands"] for r in two) / max(r["wall"] for r in two)
    cpus = ", ".join(f"{r['cpu']:.2f}" for r in two)
    report["vm"] = {"one_alone": one, "two_at_once": two, "speedup": rate2 / rate1,
                    "load": load()}
    print(f"VM: one single-thread process {one['wall']:.2f} s wall / {one['cpu']:.2f} s CPU; "
          f"two at once {max(r['wall'] for r in two):.2f} s wall / "
          f"{cpus} s CPU: the pair does "
          f"{rate2 / rate1:.2f}x the work of one (load {load():.1f})")


def threads_part(report: dict[str, Any]) -> None:
    import handrank as hr
    rng = np.random.default_rng(1)
    a = np.argsort(rng.random((2_000_000, 52)), axis=1)[:, :7].astype(np.uint8)
    a = np.tile(a, (10, 1))
    out = np.empty(len(a), np.uint16)
    t1, t2 = [], []
    for _ in range(4):
        t1.append(best(lambda: hr.evaluate_batch(a, out=out, threads=1), 1))
        t2.append(best(lambda: hr.evaluate_batch(a, out=out, threads=2), 1))
    report["evaluate_batch"] = {"hands": len(a), "threads1_s": min(t1), "threads2_s": min(t2),
                                "speedup": min(t1) / min(t2), "load": load(),
                                "kernel": kernel_name()}
    print(f"evaluate_batch, {len(a):,} hands: threads=1 {len(a) / min(t1) / 1e6:.0f} M/s, "
          f"threads=2 {len(a) / min(t2) / 1e6:.0f} M/s: {min(t1) / min(t2):.2f}x "
          f"(load {load():.1f})")
    spot, trials = ["AsKs", "QdQc"], 20_000_000
    m1, m2 = [], []
    for _ in range(3):
        m1.append(best(lambda: hr.equity(spot, trials=trials, seed=1, threads=1), 1))
        m2.append(best(lambda: hr.equity(spot, trials=trials, seed=1, threads=2), 1))
    report["monte_carlo"] = {"spot": spot, "trials": trials, "threads1_s": min(m1),
                             "threads2_s": min(m2), "speedup": min(m1) / min(m2),
                             "load": load()}
    print(f"hr.equity {spot}, {trials:,} trials: threads=1 {trials / min(m1) / 1e6:.1f} M/s, "
          f"threads=2 {trials / min(m2) / 1e6:.1f} M/s: {min(m1) / min(m2):.2f}x "
          f"(load {load():.1f})")


def split_part(report: dict[str, Any]) -> None:
    import threading

    import handrank as hr
    from handrank.core import kernels
    if kernels.compiled_module() is None:
        return
    ffi, lib = kernels.compiled_module().ffi, kernels.compiled_module().lib
    # the module that slices evaluate_batch's rows (its _SLICE_ROWS is overridden below)
    ev = next((m for m in list(sys.modules.values()) if m is not None
               and m.__name__.rsplit(".", 1)[-1] == "evaluate" and hasattr(m, "_SLICE_ROWS")),
              None)
    rng = np.random.default_rng(1)
    a = np.argsort(rng.random((2_000_000, 52)), axis=1)[:, :7].astype(np.uint8)
    a = np.tile(a, (10, 1))
    out = np.empty(len(a), np.uint16)
    g = lib.hr_game_at(0)
    src = ffi.from_buffer("uint8_t[]", a)
    dst = ffi.from_buffer("uint16_t[]", out, require_writable=True)
    n, half = len(a), len(a) // 2

    def call(lo: int, hi: int) -> None:
        lib.hr_eval_batch(g, src + 7 * lo, hi - lo, 7, dst + lo)

    def two_threads() -> None:
        ts = [threading.Thread(target=call, args=(0, half)),
              threading.Thread(target=call, args=(half, n))]
        for t in ts:
            t.start()
        for t in ts:
            t.join()

    def timed(fn: Any) -> tuple[float, float]:
        w, c = time.perf_counter(), time.process_time()
        fn()
        return time.perf_counter() - w, time.process_time() - c

    c1, c2 = [], []
    for _ in range(4):
        c1.append(timed(lambda: call(0, n)))
        c2.append(timed(two_threads))
    (w1, u1), (w2, u2) = min(c1), min(c2)
    report["direct_halves"] = {"one_call_s": w1, "one_call_cpu_s": u1, "two_threads_s": w2,
                               "two_threads_cpu_s": u2, "speedup": w1 / w2, "load": load()}
    print(f"two direct C calls on halves, one thread each: {w1 / w2:.2f}x one call on all "
          f"{n:,} rows ({w2:.3f} s wall / {u2:.3f} s CPU against {w1:.3f} s / {u1:.3f} s; "
          f"load {load():.1f})")
    if ev is None:
        return
    saved = ev._SLICE_ROWS
    report["slices"] = {}
    try:
        for rows in (1 << 16, 1 << 18, 1 << 20):
            ev._SLICE_ROWS = rows
            t1, t2 = [], []
            for _ in range(3):
                t1.append(best(lambda: hr.evaluate_batch(a, out=out, threads=1), 1))
                t2.append(best(lambda: hr.evaluate_batch(a, out=out, threads=2), 1))
            report["slices"][rows] = {"threads1_s": min(t1), "threads2_s": min(t2),
                                      "speedup": min(t1) / min(t2), "load": load()}
            print(f"slices of {rows:,} rows: threads=2 {min(t1) / min(t2):.2f}x threads=1 "
                  f"(load {load():.1f})")
    finally:
        ev._SLICE_ROWS = saved


def dask_part(report: dict[str, Any], trials: int) -> None:
    import distributed

    import handrank as hr
    from handrank import dask as hrd
    from handrank.equity import preflop as _preflop
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                       dashboard_address=None, silence_logs=40)
    client = distributed.Client(cluster)
    client.wait_for_workers(2)
    spot = ["AsKs", "QdQc"]
    hrd.equity(spot, trials=hrd.CHUNK_TRIALS, seed=1, client=client)      # warm
    one = best(lambda: hr.equity(spot, trials=trials, seed=1, threads=1), 2)
    two = best(lambda: hrd.equity(spot, trials=trials, seed=1, client=client), 2)
    report["dask_monte_carlo"] = {"trials": trials, "one_process_s": one, "cluster2_s": two,
                                  "speedup": one / two, "load": load()}
    print(f"handrank.dask.equity {spot}, {trials:,} trials: one process (threads=1) "
          f"{one:.2f} s, 2-worker LocalCluster {two:.2f} s: {one / two:.2f}x (load {load():.1f})")
    idx = _preflop.class_indices(None)

    def one_core_table() -> None:
        _preflop.assemble(2, idx, [_preflop.count_piece(2, p) for p in _preflop.plan(2, idx)])

    t1 = best(one_core_table, 1)
    t2 = best(lambda: hrd.preflop_table(client=client), 1)
    report["dask_preflop_table"] = {"one_process_s": t1, "cluster2_s": t2,
                                    "speedup": t1 / t2, "load": load()}
    print(f"heads-up preflop table: one process {t1:.2f} s, 2-worker LocalCluster {t2:.2f} s: "
          f"{t1 / t2:.2f}x (load {load():.1f})")
    client.close()
    cluster.close()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--dask", action="store_true", help="add the LocalCluster figures")
    parser.add_argument("--trials", type=float, default=2e8,
                        help="Monte Carlo trials on the cluster (the issue's 1e9 takes minutes)")
    args = parser.parse_args()
    import handrank as hr
    report: dict[str, Any] = {"cpus": len(os.sched_getaffinity(0)), "backend": hr.backend,
                              "load_start": load()}
    print(f"{report['cpus']} CPUs; kernel {kernel_name()}; load {load():.1f} "
          "(other work on the machine)")
    vm_part(report)
    threads_part(report)
    split_part(report)
    if args.dask:
        dask_part(report, int(args.trials))
    print(json.dumps(report, indent=1, default=str))


if __name__ == "__main__":
    main()
