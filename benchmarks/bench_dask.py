"""handrank.dask: preflop tables, the 3-way projection, Monte Carlo on a LocalCluster.

Run: ``python benchmarks/bench_dask.py [--quick]`` (needs the dask extra; about
two minutes, ``--quick`` about one).  It prints the numbers README.md's
"Beyond one machine" section quotes.  One-core figures run in a subprocess
pinned to one CPU (``os.sched_setaffinity``), so the baseline (a loop over
``hr.equity(..., exact=True, threads=1)``) and ``preflop_table`` are timed on
the same core in the same run.  The script is not collected by pytest (no
``test_`` functions): it starts its own cluster.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import pickle
import subprocess
import sys
import time
from typing import Any

import numpy as np

ONE_CORE = r"""
import json, os, sys, time, random
os.sched_setaffinity(0, {sorted(os.sched_getaffinity(0))[0]})
import handrank as hr
from handrank.equity import preflop as P
what = sys.argv[1]
out = {"backend": hr.backend}
idx = P.class_indices(None)
if what == "table":
    t, c = time.perf_counter(), time.process_time()
    pieces = P.plan(2, idx)
    table = P.assemble(2, idx, [P.count_piece(2, p) for p in pieces])
    out["seconds"] = time.perf_counter() - t
    out["cpu"] = time.process_time() - c
    out["tasks"] = len(pieces)
    out["keys"] = sum(len(p) for p in pieces)
elif what == "loop":
    names = P.CLASS_NAMES
    pairs = [(a, b) for i, a in enumerate(names) for b in names[i:]]
    sample = int(sys.argv[2])
    if sample < len(pairs):
        random.seed(1)
        pairs = random.sample(pairs, sample)
    t, c = time.perf_counter(), time.process_time()
    for a, b in pairs:
        hr.equity([a, b], exact=True, threads=1)
    out["seconds"] = time.perf_counter() - t
    out["cpu"] = time.process_time() - c
    out["matchups"] = len(pairs)
elif what == "triples":
    names = P.CLASS_NAMES
    random.seed(2)
    n = int(sys.argv[2])
    done = 0
    t = time.process_time()
    while done < n:
        trio = [random.choice(names) for _ in range(3)]
        try:
            hr.equity(trio, exact=True, threads=1)
        except hr.HandrankError:
            continue
        done += 1
    out["seconds_per_triple"] = (time.process_time() - t) / n
print(json.dumps(out))
"""


def one_core(*args: str) -> dict[str, Any]:
    res = subprocess.run([sys.executable, "-c", ONE_CORE, *args], check=True,
                         capture_output=True, text=True)
    return dict(json.loads(res.stdout))


def timed_piece(players: int, piece: Any) -> tuple[Any, float, int, float]:
    """count_piece, with its wall and CPU seconds (thread CPU time of the worker)."""
    from handrank.equity import preflop as _preflop
    t, c = time.perf_counter(), time.thread_time()
    res = _preflop.count_piece(players, piece)
    return res, time.perf_counter() - t, len(res[2]), time.thread_time() - c


def noop(i: int) -> int:
    return i


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true", help="sample the baseline loop")
    parser.add_argument("--sample", type=float, default=0.02,
                        help="fraction of the 3-way table to run on the cluster")
    parser.add_argument("--parts", default="table,threeway,mc",
                        help="comma-separated: table, threeway, mc")
    args = parser.parse_args()
    import distributed

    import handrank as hr
    from handrank import dask as hrd

    parts = set(args.parts.split(","))
    report: dict[str, Any] = {"backend": hr.backend, "cpus": len(os.sched_getaffinity(0)),
                              "loadavg_start": os.getloadavg()}
    print(f"handrank backend: {hr.backend}; {report['cpus']} cpus; load average "
          f"{report['loadavg_start'][0]:.1f} (other work on the machine)")
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                       dashboard_address=None, silence_logs=40)
    client = distributed.Client(cluster)
    client.wait_for_workers(2)
    hrd.preflop_table(classes=["AA", "KK"], client=client)          # warm the workers

    # ---- per-task overhead on the cluster
    n = 2000
    t = time.perf_counter()
    client.gather(client.map(noop, range(n)))
    overhead = (time.perf_counter() - t) / n * 2      # seconds of a worker's time per task
    report["task_overhead_ms"] = overhead * 1e3
    print(f"per-task overhead (2,000 no-op tasks, 2 workers): {overhead * 1e3:.2f} ms "
          "of a worker's time per task (wall per task x 2)")

    # ---- heads-up table, one core: baseline loop vs preflop_table's pieces
    if "table" in parts:
        table_part(args, report, client)
    if "threeway" in parts:
        threeway_part(args, report, client, overhead)
    if "mc" in parts:
        mc_part(report, client)
    client.close()
    cluster.close()
    report["loadavg_end"] = os.getloadavg()
    print(json.dumps(report, indent=1))


def table_part(args: Any, report: dict[str, Any], client: Any) -> None:
    from handrank import dask as hrd
    # CPU seconds of the pinned process: what one core spends, whatever else runs
    loop = one_core("loop", "2000" if args.quick else "100000")
    table = one_core("table")
    per = loop["cpu"] / loop["matchups"]
    report["loop_ms_per_matchup_cpu"] = 1e3 * per
    report["loop_seconds_full_cpu"] = per * 14365
    report["table_one_core"] = table
    print(f"heads-up 169x169, one core (CPU s): loop over hr.equity {per * 1e3:.3f} ms/matchup "
          f"-> {per * 14365:.1f} s ({loop['matchups']} timed, wall {loop['seconds']:.1f} s); "
          f"preflop_table {table['cpu']:.2f} s (wall {table['seconds']:.2f} s; "
          f"{table['tasks']} tasks, {table['keys']} keys); "
          f"speed-up {per * 14365 / table['cpu']:.2f}x")

    t = time.perf_counter()
    hrd.preflop_table()
    report["table_local_threads_seconds"] = time.perf_counter() - t
    print(f"heads-up, client=None (local threads, {report['cpus']} cores): "
          f"{report['table_local_threads_seconds']:.2f} s")

    t = time.perf_counter()
    hrd.preflop_table(client=client)
    report["table_cluster2_seconds"] = time.perf_counter() - t
    print(f"heads-up, 2-worker LocalCluster: {report['table_cluster2_seconds']:.2f} s")


def threeway_part(args: Any, report: dict[str, Any], client: Any, overhead: float) -> None:
    """3-way: cost per triple, a sample on the cluster, the projection."""
    from handrank.equity import preflop as _preflop
    idx = _preflop.class_indices(None)
    t = time.process_time()
    pieces = _preflop.plan(3, idx)
    planning = time.process_time() - t
    triples_all = sum(len(g) for p in pieces for _, g in p)
    keys_all = sum(len(p) for p in pieces)
    step = max(1, round(1 / args.sample))
    sample = pieces[::step]
    futures = [client.submit(timed_piece, 3, p, pure=False) for p in sample]
    t = time.perf_counter()
    done = client.gather(futures)
    wall = time.perf_counter() - t
    busy = sum(d[3] for d in done)               # CPU seconds of the tasks
    triples = sum(d[2] for d in done)
    largest = max(d[3] for d in done)
    arg_bytes = float(np.mean([len(pickle.dumps((3, p))) for p in sample]))
    out_bytes = float(np.mean([len(pickle.dumps(d[0])) for d in done]))
    per_triple = busy / triples
    per_task = busy / len(sample)
    plain = one_core("triples", "60")["seconds_per_triple"]
    report.update(three_way={
        "triples": triples_all, "keys": keys_all, "tasks": len(pieces),
        "sample_tasks": len(sample), "sample_triples": triples,
        "sample_fraction": triples / triples_all, "sample_wall_2_workers": wall,
        "sample_busy_seconds": busy, "ms_per_triple": per_triple * 1e3,
        "ms_per_task": per_task * 1e3, "largest_task_s": largest,
        "bytes_in_per_task": arg_bytes, "bytes_out_per_task": out_bytes,
        "hr_equity_ms_per_triple": plain * 1e3})
    t = time.perf_counter()
    _preflop.assemble(3, idx, [d[0] for d in done])
    assemble = time.perf_counter() - t
    report["three_way"]["client_assemble_s_sample"] = assemble
    full_busy = per_task * len(pieces)
    full_assemble = assemble * len(pieces) / len(sample) + planning
    print(f"  client side: planning the tasks {planning:.1f} s; assembling the sample's "
          f"results {assemble:.2f} s -> {full_assemble:.0f} s with planning for the table")
    report["three_way"]["client_plan_s"] = planning
    print(f"3-way: {triples_all:,} class triples, {keys_all:,} keys, {len(pieces):,} tasks; "
          f"sample {len(sample)} tasks = {triples:,} triples ({100 * triples / triples_all:.2f}%) "
          f"in {wall:.1f} s on 2 workers ({busy:.1f} CPU s of task time; "
          f"{busy / wall:.2f} of 2 workers kept busy)")
    print(f"  {per_triple * 1e3:.3f} ms per triple ({per_task * 1e3:.0f} ms per task, largest "
          f"{largest * 1e3:.0f} ms) vs hr.equity {plain * 1e3:.2f} ms per triple; "
          f"{arg_bytes / 1e3:.1f} kB in, {out_bytes / 1e3:.1f} kB out per task")
    def projected(workers: int) -> float:
        # task time and per-task overhead spread over the workers, the last
        # (largest) task, and the client's assembly (serial)
        return (full_busy + len(pieces) * overhead) / workers + largest + full_assemble

    for workers in (1, 2, 8, 64):
        print(f"  projected full 3-way table on {workers:>2} workers: "
              f"{projected(workers) / 60:7.1f} min "
              f"({full_busy / 3600:.2f} h of task time, {len(pieces) * overhead:.0f} s "
              f"overhead, results {len(pieces) * out_bytes / 1e6:.0f} MB)")
    report["three_way"]["projected_minutes"] = {str(w): projected(w) / 60 for w in (1, 8, 64)}


def mc_part(report: dict[str, Any], client: Any) -> None:
    """Monte Carlo: the cluster against hr.equity in one process."""
    import handrank as hr
    from handrank import dask as hrd


    spot = ["AhAd", "random", "random"]
    trials = 4 * hrd.CHUNK_TRIALS           # whole chunks, as many per worker
    small = hrd.CHUNK_TRIALS // 40
    hrd.equity(spot, trials=hrd.CHUNK_TRIALS, seed=1, client=client)   # warm
    runs: dict[str, list[float]] = {"one": [], "threads": [], "cluster": [], "small": []}
    jobs = {"one": lambda: hr.equity(spot, trials=trials, seed=1, threads=1),
            "threads": lambda: hr.equity(spot, trials=trials, seed=1),
            "cluster": lambda: hrd.equity(spot, trials=trials, seed=1, client=client),
            "small": lambda: hrd.equity(spot, trials=trials, seed=1, client=client,
                                        chunk_trials=small)}
    for _ in range(3):                      # interleaved; the best of 3 (load comes and goes)
        for name, job in jobs.items():
            t = time.perf_counter()
            r = job()
            runs[name].append(time.perf_counter() - t)
    one_thread, threads = min(runs["one"]), min(runs["threads"])
    on_cluster, on_cluster_small = min(runs["cluster"]), min(runs["small"])
    rate = trials / one_thread
    chunk_s = hrd.CHUNK_TRIALS / rate
    n_big, n_small = math.ceil(trials / hrd.CHUNK_TRIALS), math.ceil(trials / small)
    # the extra tasks' cost, in worker time (2 workers)
    overhead = max(0.0, (on_cluster_small - on_cluster) * 2 / (n_small - n_big))
    share = overhead / (chunk_s + overhead)
    report.update(monte_carlo={
        "spot": spot, "trials": trials, "hr_equity_1_thread_s": one_thread,
        "hr_equity_threads_s": threads, "cluster_2_workers_s": on_cluster,
        "cluster_small_chunks_s": on_cluster_small, "small_chunk": small,
        "trials_per_s_one_core": rate, "chunk_trials": hrd.CHUNK_TRIALS,
        "chunk_seconds": chunk_s, "overhead_s": overhead, "overhead_share": share,
        "samples": r.samples, "runs": runs})
    print(f"Monte Carlo {spot}, {trials:,} trials: hr.equity 1 thread {one_thread:.2f} s, "
          f"{report['cpus']} threads {threads:.2f} s; 2-worker LocalCluster {on_cluster:.2f} s "
          f"({math.ceil(trials / hrd.CHUNK_TRIALS)} chunks of {hrd.CHUNK_TRIALS:,}); "
          f"chunks of {small:,}: {on_cluster_small:.2f} s")
    print(f"  per task: {chunk_s * 1e3:.0f} ms of work; overhead (small chunks - default "
          f"chunks, per extra task, x 2 workers) {overhead * 1e3:.2f} ms = {100 * share:.2f}%")
    heads = ["AsKs", "QdQc"]
    t = time.process_time()
    hr.equity(heads, trials=hrd.CHUNK_TRIALS, seed=1, threads=1)
    hu = time.process_time() - t
    report["monte_carlo"]["heads_up_chunk_s"] = hu
    print(f"  heads-up {heads}: one default chunk is {hu * 1e3:.0f} ms of CPU, overhead "
          f"{100 * overhead / (hu + overhead):.2f}%")


if __name__ == "__main__":
    main()
