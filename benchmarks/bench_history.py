"""Hand histories: read, read + replay + settle and summary(), hands per second on one core.

    python benchmarks/bench_history.py [--hands N] [--sample M] [--pluribus DIR] [--corpus DIR]
                                       [--file PHHS] [--no-pluribus] [--speed-only]

Two corpora: the Pluribus files (10,000 six-handed no-limit hands, one file
each, when present) and a generated .phhs corpus of N hands (default a
million; written once into --corpus, a temporary folder by default, never
into the source tree).  Timed in one process, one after another:

- the fast path (handrank.history.fast, C): read only; read + replay + settle
  (hands it does not take go through the Python reader and replay, timed too);
- summary() (the fast path into columns, plus the exact all-in EV of every
  hand all in before the river, from the fast path's records, hold'em in one
  C call per batch: hr_phh_allin_pots), and summary() without the all-in EV
  (the adjusted net left equal to the net), to show what the EV costs;
- summary() with the heads-up preflop class table turned off (every such
  pot enumerated by hr_equity_exact, as before the table), to show what the
  table saves;
- the Python path: read() to Hand objects, and read() + Hand.replay();
- the reference parser, pokerkit's HandHistory.load, where installed.

On the generated corpus the slow stages (Python path, pokerkit, summary())
run on its first M hands (--sample, default 20,000): the ratios compare
rates on the same hands in the same run.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import tempfile
import time
from collections.abc import Callable
from typing import Any

import numpy as np

import handrank
from handrank.history import fast, read, summary
from handrank.history._generate import hand_text


def _fast(src: Any, settle: bool) -> int:
    n = 0
    for it in fast.scan(src, settle=settle):
        if isinstance(it, fast.Batch):
            n += len(it)
            for i in np.flatnonzero(it.rec[:, fast.STATUS] != fast.OK).tolist():
                h = it.hand(i)              # the hands the fast path leaves to Python
                if settle:
                    h.replay(allin_ev=False)
        elif isinstance(it, fast.Tail):
            for h in it.hands():
                n += 1
                if settle and not isinstance(h, Exception):
                    h.replay(allin_ev=False)
        else:
            for h in read(it[1]):
                n += 1
                if settle:
                    h.replay(allin_ev=False)
    return n


def _python(src: Any, settle: bool) -> int:
    n = 0
    for h in read(src):
        if settle:
            h.replay(allin_ev=False)
        n += 1
    return n


def _summary(src: Any) -> int:
    from handrank.history import allin
    allin._MEMO.clear()                 # each run from an empty memo of preflop counts
    return summary(src).read


def _summary_enumerated(src: Any) -> int:
    """summary() with every heads-up preflop pot enumerated (the class table off)."""
    from handrank.equity import _hu_preflop
    _hu_preflop.ENABLED = False
    try:
        return _summary(src)
    finally:
        _hu_preflop.ENABLED = True


def _equity_hu(table: bool, pairs: list[tuple[str, str]]) -> float:
    """Mean CPU seconds of one hr.equity([a, b], exact=True), heads-up preflop."""
    from handrank.equity import _hu_preflop
    _hu_preflop.ENABLED = table
    try:
        handrank.equity(list(pairs[0]), exact=True)     # load the table
        t = time.process_time()
        for a, b in pairs:
            handrank.equity([a, b], exact=True)
        return (time.process_time() - t) / len(pairs)
    finally:
        _hu_preflop.ENABLED = True


def _summary_no_ev(src: Any, stats: bool = True) -> int:
    from handrank.history._summary import Summary, _add_fast
    s = Summary()
    _add_fast(s, src, None, allin_ev=False, stats=stats)
    return s.read


def _python_file_loop(run: Callable[[], int | None]) -> Callable[[], int | None]:
    """``run`` with the small files read by the Python loop (os.open / os.read per
    file), not by hr_read_small_files in C: what the C reader saves."""
    def go() -> int | None:
        from handrank.core import kernels
        keep = kernels.read_small_files_available
        kernels.read_small_files_available = lambda: False   # type: ignore[assignment]
        try:
            return run()
        finally:
            kernels.read_small_files_available = keep         # type: ignore[assignment]
    return go


def _summary_no_ev_numpy_stats(src: Any) -> int:
    """summary() without all-in EV, the tracker statistics by the numpy counter
    (history/_stats_np.py, the C counter hr_phh_stat_sums off), to show what it saves."""
    from handrank.core import kernels
    keep = kernels.phh_stat_sums
    kernels.phh_stat_sums = lambda *a, **k: None     # type: ignore[assignment]
    try:
        return _summary_no_ev(src)
    finally:
        kernels.phh_stat_sums = keep


def _allin_rates(name: str, src: Any) -> None:
    """How often hands are all in before the river, by kind, and what each kind's exact
    all-in EV costs in C (hr_phh_allin_pots, CPU time a hand, timed on the first 2,000
    hands of each kind): the all-in EV's cost depends on it."""
    from collections import defaultdict

    from handrank.core import kernels
    from handrank.equity import _hu_preflop
    from handrank.history import allin
    n = 0
    kinds: dict[tuple[int, int], list[tuple[int, int]]] = defaultdict(list)
    count: dict[tuple[int, int], int] = defaultdict(int)
    recs: list[Any] = []        # the records of the batches holding timed hands only
    for it in fast.scan(src):
        if not isinstance(it, fast.Batch):
            continue
        r = np.ascontiguousarray(it.rec)
        n += len(r)
        a = (r[:, fast.STATUS] == fast.OK) & ((r[:, fast.FLAGS] & fast.ALLIN) != 0)
        seats = np.arange(fast.MAX_SEATS)
        live = ((seats < r[:, fast.SEATS][:, None])
                & ~(r[:, fast.OUT][:, None] >> seats & 1).astype(bool)).sum(axis=1)
        board = r[:, fast.ALLIN_BOARD] & 255
        used = False
        for i in np.flatnonzero(a).tolist():
            key = (int(board[i]), min(int(live[i]), 3))
            count[key] += 1
            if count[key] <= 2000:      # timed on the first 2,000 of each kind
                kinds[key].append((len(recs), i))
                used = True
        recs.append(r if used else None)
    if not n:
        return
    total = sum(count.values())
    print(f"{name}: all in before the river {total} of {n} hands ({100 * total / n:.2f}%)")
    ptr = allin.fast_tables("holdem")
    table = _hu_preflop.table()
    street = {0: "preflop", 3: "flop", 4: "turn"}
    spent = 0.0
    for (nb, k), where in sorted(kinds.items()):
        batches: dict[int, list[int]] = defaultdict(list)
        for j, i in where:
            batches[j].append(i)
        t = time.process_time()
        for j, got in batches.items():
            rows = np.array(got, dtype=np.int64)
            out = np.empty((len(rows), kernels.PHH_EV_WIDTH), dtype=np.float64)
            st = np.empty(len(rows), dtype=np.int8)
            if ptr is not None:
                kernels.phh_allin_pots(ptr, recs[j], rows, table, out, st)
        dt = (time.process_time() - t) / len(where)
        spent += dt * count[nb, k]
        who = "heads-up" if k == 2 else "3+ ways" if k >= 3 else "one live"
        print(f"  {street.get(nb, nb)} {who}: {count[nb, k]:7d} hands "
              f"({100 * count[nb, k] / n:5.2f}% of all), hr_phh_allin_pots "
              f"{1e6 * dt:9.1f} us a hand")
    print(f"  all kinds: {1e6 * spent / n:.2f} us a hand of the corpus on average "
          f"(at most {n / spent if spent else float('inf'):,.0f} hands/s with the EV)")


def _breakdown(name: str, src: Any, repeat: int = 3) -> None:
    """Where read + replay + settle and summary() spend their CPU time, per hand (best of
    ``repeat``): the C scan (hr_phh_scan: read, replay, settle), the Python around it
    (file reads, blocks, batches), summary()'s columns and its tracker statistics
    (hr_phh_stat_sums), each timed inside the same runs."""
    from handrank.core import kernels
    spent: dict[str, float] = {}

    def timed(key: str, fn: Callable[..., Any]) -> Callable[..., Any]:
        def go(*a: Any, **k: Any) -> Any:
            t = time.process_time()
            try:
                return fn(*a, **k)
            finally:
                spent[key] = spent.get(key, 0.0) + time.process_time() - t
        return go

    keep = kernels.phh_scan, kernels.phh_stat_sums
    kernels.phh_scan = timed("scan", keep[0])               # type: ignore[assignment]
    kernels.phh_stat_sums = timed("stats", keep[1])         # type: ignore[assignment]
    best: dict[str, float] = {}
    try:
        for _ in range(repeat):
            for stage, run in (("fast", lambda: _fast(src, True)),
                               ("summary(stats=False)", lambda: _summary_no_ev(src, False)),
                               ("summary()", lambda: _summary_no_ev(src))):
                spent.clear()
                t = time.process_time()
                n = run()
                total = time.process_time() - t
                for key, v in (("total", total), ("scan", spent.get("scan", 0.0)),
                               ("stats", spent.get("stats", 0.0))):
                    k = f"{stage}:{key}"
                    best[k] = min(best.get(k, float("inf")), 1e6 * v / n)
    finally:
        kernels.phh_scan, kernels.phh_stat_sums = keep   # type: ignore[assignment]
    f, s0, s1 = "fast", "summary(stats=False)", "summary()"
    rows = [
        ("C: hr_phh_scan (read + replay + settle)", best[f"{f}:scan"]),
        ("Python around it (file reads, blocks, batches)", best[f"{f}:total"]
         - best[f"{f}:scan"]),
        ("= read + replay + settle", best[f"{f}:total"]),
        ("summary()'s columns (stats=False, no all-in EV)", best[f"{s0}:total"]
         - best[f"{s0}:scan"] - (best[f"{f}:total"] - best[f"{f}:scan"])),
        ("= summary(stats=False)", best[f"{s0}:total"]),
        ("tracker statistics: hr_phh_stat_sums", best[f"{s1}:stats"]),
        ("tracker statistics: Python around it", best[f"{s1}:total"] - best[f"{s1}:stats"]
         - best[f"{s0}:total"]),
        ("= summary() without all-in EV", best[f"{s1}:total"]),
    ]
    print(f"{name}: where the time goes, us a hand (CPU, best of {repeat} each)")
    for label, us in rows:
        print(f"  {label:52s} {us:6.3f} us  ({1e6 / us if us > 0 else 0:,.0f} hands/s)"
              if label.startswith("=") else f"  {label:52s} {us:6.3f} us")


def _pokerkit(files: list[str]) -> int | None:
    try:
        from pokerkit import HandHistory
    except ImportError:
        return None
    n = 0
    for p in files:
        with open(p, "rb") as f:
            if p.endswith(".phhs"):
                n += sum(1 for _ in HandHistory.load_all(f))
            else:
                HandHistory.load(f)
                n += 1
    return n


def _time(label: str, run: Callable[[], int | None], repeat: int = 1) -> float | None:
    """Hands per CPU second of ``run()`` (one core), the best of ``repeat`` runs.

    CPU time (time.process_time), since the machine may be shared; the wall
    time of the same run is printed too.
    """
    dt = wall = float("inf")
    for _ in range(repeat):
        t, w = time.process_time(), time.perf_counter()
        n = run()
        dt = min(dt, time.process_time() - t)
        wall = min(wall, time.perf_counter() - w)
    if n is None:
        print(f"{label:58s} (not installed)")
        return None
    print(f"{label:58s} {n:9d} hands {dt:8.2f} s CPU {n / dt:10.0f} hands/s "
          f"(wall {wall:.2f} s)")
    return n / dt


def _corpus(folder: str, hands: int) -> str:
    path = os.path.join(folder, f"generated-{hands}-seed1.phhs")
    if not os.path.exists(path):
        t = time.perf_counter()
        tmp = path + ".part"
        rng = random.Random(1)                     # the same hands as corpus(hands, seed=1)
        with open(tmp, "w") as f:                  # written hand by hand: bounded memory
            for i in range(hands):
                f.write(f"[{i + 1}]\n{hand_text(rng)}\n")
        os.replace(tmp, path)
        print(f"(generated {hands} hands into {path} in {time.perf_counter() - t:.0f} s)")
    return path


def _head(path: str, hands: int, folder: str) -> str:
    """The first ``hands`` hands of a .phhs file, as a file of their own."""
    out = os.path.join(folder, f"{os.path.basename(path)}.first-{hands}.phhs")
    if not os.path.exists(out):
        k = 0
        with open(path) as f, open(out, "w") as g:
            for line in f:
                if line.startswith("["):
                    k += 1
                    if k > hands:
                        break
                g.write(line)
    return out


def _stages(name: str, src: str, files: list[str], sample: str | None,
            sample_files: list[str] | None) -> None:
    r_read = _time(f"{name}: fast path, read only", lambda: _fast(src, False), 3)
    r_fast = _time(f"{name}: fast path, read+replay+settle", lambda: _fast(src, True), 3)
    if len(files) > 1:
        _time(f"{name}: fast path, read+replay+settle, files read by Python",
              _python_file_loop(lambda: _fast(src, True)), 3)
        _time(f"{name}: summary() (with all-in EV), files read by Python",
              _python_file_loop(lambda: _summary(src)), 3)
    s_src, s_files, s_name = (src, files, name) if sample is None else (
        sample, sample_files or [sample], name + " (first hands)")
    _time(f"{name}: summary() without all-in EV", lambda: _summary_no_ev(src), 3)
    _time(f"{name}: summary() without all-in EV, statistics by numpy",
          lambda: _summary_no_ev_numpy_stats(src), 3)
    _time(f"{name}: summary(stats=False) without all-in EV",
          lambda: _summary_no_ev(src, False), 3)
    _allin_rates(name, src)
    if sample is not None:
        r_read = _time(f"{s_name}: fast path, read only", lambda: _fast(s_src, False), 3)
        r_fast = _time(f"{s_name}: fast path, read+replay+settle", lambda: _fast(s_src, True),
                       3)
    r_sum = _time(f"{s_name}: summary() (with all-in EV)", lambda: _summary(s_src), 5)
    _time(f"{s_name}: summary(), heads-up preflop enumerated",
          lambda: _summary_enumerated(s_src), 5)
    if sample is not None:
        _time(f"{s_name}: summary() without all-in EV", lambda: _summary_no_ev(s_src), 5)
    r_py_read = _time(f"{s_name}: Python path, read() to Hand objects",
                      lambda: _python(s_src, False))
    r_py = _time(f"{s_name}: Python path, read()+replay()", lambda: _python(s_src, True))
    r_pk = _time(f"{s_name}: pokerkit HandHistory.load (read only)",
                 lambda: _pokerkit(s_files))
    if r_read and r_fast and r_py and r_py_read:
        print(f"{s_name}: fast/Python read {r_read / r_py_read:.1f}x, "
              f"read+replay+settle {r_fast / r_py:.1f}x")
    if r_pk and r_read and r_fast and r_sum:
        print(f"{s_name}: against the reference parser (pokerkit load): read only "
              f"{r_read / r_pk:.1f}x, read+replay+settle {r_fast / r_pk:.1f}x, "
              f"summary() {r_sum / r_pk:.1f}x")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--hands", type=int, default=1_000_000)
    ap.add_argument("--sample", type=int, default=20_000)
    ap.add_argument("--pluribus", default="/work/shared/data/phh/pluribus")
    ap.add_argument("--file", default=None,
                    help="a .phhs file to use as the generated corpus (instead of "
                         "generating --hands hands; e.g. a corpus written once and "
                         "repeated to a million hands)")
    ap.add_argument("--no-pluribus", action="store_true")
    ap.add_argument("--speed-only", action="store_true",
                    help="only the fast path, summary() and the time per stage (no Python "
                         "path, pokerkit or all-in EV stages)")
    ap.add_argument("--corpus", default=os.path.join(tempfile.gettempdir(),
                                                     "handrank-bench-history"))
    a = ap.parse_args()
    rng = random.Random(19)
    deck = [r + s for r in "23456789TJQKA" for s in "cdhs"]
    pairs = [(x[0] + x[1], x[2] + x[3]) for x in (rng.sample(deck, 4) for _ in range(200))]
    on, off = _equity_hu(True, pairs), _equity_hu(False, pairs[:50])
    print(f"hr.equity heads-up preflop, two exact hands: {on * 1e6:.1f} us with the class "
          f"table, {off * 1e6:.0f} us enumerated ({off / on:.0f}x)")
    print(f"backend {handrank.backend}, fast path {fast.available()}, "
          f"{platform.processor() or platform.machine()}, {platform.platform()}")
    if a.speed_only:
        os.makedirs(a.corpus, exist_ok=True)
        big = a.file or _corpus(a.corpus, a.hands)
        name = f"generated {os.path.basename(big)}"
        _time(f"{name}: fast path, read+replay+settle", lambda: _fast(big, True), 3)
        _time(f"{name}: summary(stats=False) without all-in EV",
              lambda: _summary_no_ev(big, False), 3)
        _time(f"{name}: summary() without all-in EV", lambda: _summary_no_ev(big), 3)
        _breakdown(name, big)
        if os.path.isdir(a.pluribus) and not a.no_pluribus:
            _time("pluribus: fast path, read+replay+settle",
                  lambda: _fast(a.pluribus, True), 5)
            _time("pluribus: summary() (with all-in EV)", lambda: _summary(a.pluribus), 5)
            _breakdown("pluribus", a.pluribus)
        return
    if os.path.isdir(a.pluribus) and not a.no_pluribus:
        from handrank.history.phh import _paths
        files = _paths(a.pluribus)
        _stages("pluribus", a.pluribus, files, None, None)
    os.makedirs(a.corpus, exist_ok=True)
    big = a.file or _corpus(a.corpus, a.hands)
    head = _head(big, a.sample, a.corpus) if a.sample < a.hands else None
    _stages(f"generated {os.path.basename(big)}", big, [big], head, [head] if head else None)


if __name__ == "__main__":
    main()
