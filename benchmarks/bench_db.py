"""Hand databases: import into DuckDB, append again, and the statistics query.

On a generated corpus (handrank.history._generate: six-handed no-limit hold'em,
random legal play, many all-ins), one core's CPU time and the wall time of:

- ``to_duckdb`` of N hands into a new file (read, settle, all-in EV, statistics,
  insert), and again with the all-in EV turned off (what the EV costs);
- the same import a second time (every hand already present: nothing added);
- ``player_stats`` (per player, and per player and position) over a store of
  a million hands: the imported hands copied under new keys in SQL until the
  store holds ``--stats-hands`` hands.

Speed is measured here, never asserted in a test.  Usage::

    python benchmarks/bench_db.py --hands 100000 --stats-hands 1000000
    python benchmarks/bench_db.py --hands 1000000 --copies 10 --corpus /tmp/m.phhs --parquet

``--copies 10`` writes 100,000 generated hands ten times over, each copy with
its own player names: a million distinct hands (ten times the same deals and
play; nothing is shared between copies, each hand is read, settled and its
all-in EV computed again) in a tenth of the generating time.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any


def _cpu() -> str:
    try:
        out = subprocess.run(["lscpu"], capture_output=True, text=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return platform.processor() or platform.machine()
    info = {k.strip(): v.strip() for k, _, v in (ln.partition(":") for ln in out.splitlines())}
    name = info.get("Model name", platform.machine())
    if "CPU family" in info and "Model" in info:
        name += f" (family {info['CPU family']}, model {info['Model']})"
    return name


def _timed(label: str, f: Any, hands: int | None) -> Any:
    c, w = time.process_time(), time.perf_counter()
    out = f()
    dc, dw = time.process_time() - c, time.perf_counter() - w
    if hands is None:
        hands = out.hands_read
    print(f"{label}: {hands:,} hands, CPU {dc:.2f} s ({hands / dc:,.0f} hands/s), "
          f"wall {dw:.2f} s ({hands / dw:,.0f} hands/s)")
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=100_000)
    ap.add_argument("--stats-hands", type=int, default=1_000_000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--corpus", help="a generated .phhs to reuse (written when missing)")
    ap.add_argument("--copies", type=int, default=1,
                    help="write hands/copies generated hands this many times, each copy "
                         "with its own player names (distinct hands, generated faster)")
    ap.add_argument("--paths", nargs="*", help="import these files or folders instead")
    ap.add_argument("--parquet", action="store_true", help="time to_parquet as well")
    args = ap.parse_args()
    import duckdb

    from handrank.history import store
    from handrank.history._generate import hand_text
    print(f"CPU: {_cpu()}; Python {platform.python_version()}, duckdb {duckdb.__version__}")
    print(f"load average at the start: {os.getloadavg()[0]:.1f} "
          f"({os.cpu_count()} logical CPUs)")
    with tempfile.TemporaryDirectory() as tmp:
        if args.paths:
            src: Any = args.paths
        else:
            src = Path(args.corpus) if args.corpus else Path(tmp) / "hands.phhs"
            if not src.exists():
                rng = random.Random(args.seed)     # corpus(hands, seed), written as made
                distinct = -(-args.hands // args.copies)
                texts = [hand_text(rng) for _ in range(distinct)]
                with open(src, "w") as f:
                    i = 0
                    for k in range(args.copies):
                        for t in texts:
                            if i == args.hands:
                                break
                            i += 1
                            # copy k: the same deal and play, its own players (a new hand)
                            names = "" if args.copies == 1 else "players = [" + ", ".join(
                                f"'c{k}p{s + 1}'" for s in range(6)) + "]\n"
                            f.write(f"[{i}]\n{t}{names}\n")
        db = Path(tmp) / "hands.duckdb"
        r = _timed("to_duckdb, new store", lambda: store.to_duckdb(src, db), None)
        print(f"  {r}; load {os.getloadavg()[0]:.1f}")
        args.hands = r.hands_read
        r = _timed("to_duckdb, same file again", lambda: store.to_duckdb(src, db),
                   args.hands)
        print(f"  {r}; load {os.getloadavg()[0]:.1f}")
        # the all-in EV off: the summary's and the store's builder's name of it
        mods = [sys.modules["handrank.history._summary"],
                sys.modules["handrank.history._store_fast"]]
        real = [m._allin_rows for m in mods]
        for m in mods:
            m._allin_rows = lambda b, lo, hands: {}
        try:
            db2 = Path(tmp) / "no_ev.duckdb"
            _timed("to_duckdb, all-in EV off", lambda: store.to_duckdb(src, db2), args.hands)
            print(f"  load {os.getloadavg()[0]:.1f}")
            os.remove(db2)
            if args.parquet:
                _timed("to_parquet, all-in EV off",
                       lambda: store.to_parquet(src, Path(tmp) / "pq_no_ev"), args.hands)
                print(f"  load {os.getloadavg()[0]:.1f}")
        finally:
            for m, f in zip(mods, real):
                m._allin_rows = f
        if args.parquet:
            _timed("to_parquet", lambda: store.to_parquet(src, Path(tmp) / "pq"), args.hands)
            print(f"  load {os.getloadavg()[0]:.1f}")
        con = duckdb.connect(str(db))
        n = n0 = con.execute("SELECT count(*) FROM hands").fetchone()[0]
        k = 0
        while n < args.stats_hands:       # copies of the imported hands (hid 0 .. n0 - 1)
            k += 1
            take = min(n0, args.stats_hands - n)
            for t in ("hands", "seats", "results"):
                cols = [c for c, _ in store.SCHEMA[t]]
                sel = ", ".join(f"hand_key || '#{k}'" if c == "hand_key" else
                                f"hid + {n}" if c == "hid" else c for c in cols)
                con.execute(f"INSERT INTO {t} SELECT {sel} FROM {t} WHERE hid < {take}")
            n = con.execute("SELECT count(*) FROM hands").fetchone()[0]
        con.close()
        print(f"store for the statistics: {n:,} hands")
        t = _timed("player_stats (per player)", lambda: store.player_stats(db), n)
        print(f"  {len(t)} rows")
        t = _timed("player_stats (per player and position)",
                   lambda: store.player_stats(db, by_position=True), n)
        print(f"  {len(t)} rows")
    return 0


if __name__ == "__main__":
    sys.exit(main())
