"""GGPoker text read + replay + settle on the fast path, hands per second on one core.

    python benchmarks/bench_gg_fast.py [--hands N] [--distinct D] [--python N] [--repeat R]

The corpus is generated (handrank.history._generate_gg: cash hold'em no limit
and pot-limit Omaha in GGPoker's words, 2 to 9 seats, side pots, the rake
split into GGPoker's rake and jackpot fee): D distinct hands (default
20,000), repeated with new hand numbers until the file holds N hands
(default 1,000,000), written once into a temporary folder.  Timed:

* fast: :func:`handrank.history.gg_fast.scan` over the file (block by block:
  C cuts each hand and rewrites it into PokerStars lines, C reads those,
  replays and settles them, the site's record check in numpy), plus the
  Python reader and replay for any hand the fast path leaves (none in the
  generated corpus: the count is printed);
* the two C stages alone on the first block (``--stages``): hr_gg_scan and
  hr_stars_replay;
* summary: summary()'s own loop over the file without the all-in EV and the
  tracker statistics (``_add_fast(..., allin_ev=False, stats=False)``: the
  per-player rows), ``--summary``;
* python: the Python reader and replay (``read(..., format="ggpoker")`` and
  ``Hand.replay``) over the first ``--python`` hands (default 20,000).

Times are CPU time of this process (time.process_time); the machine may be
shared with other jobs (the load average is printed).
"""

from __future__ import annotations

import argparse
import os
import platform
import re
import tempfile
import time

import numpy as np

from handrank.history import HistoryError, fast, gg_fast, read, stars_fast
from handrank.history._generate_gg import ggpoker_corpus
from handrank.history._summary import Summary, _add_fast


def _cpu() -> str:
    try:
        with open("/proc/cpuinfo") as f:
            text = f.read()
        name = re.search(r"(?m)^model name\s*:\s*(.+)$", text)
        fam = re.search(r"(?m)^cpu family\s*:\s*(\d+)$", text)
        mod = re.search(r"(?m)^model\s*:\s*(\d+)$", text)
        return (f"{name.group(1) if name else '?'} (family {fam.group(1) if fam else '?'} "
                f"model {mod.group(1) if mod else '?'})")
    except OSError:
        return platform.processor() or platform.machine()


def _write(path: str, hands: int, distinct: int) -> None:
    base = [h for h in ggpoker_corpus(distinct, seed=1).split("\n\n") if h.strip()]
    with open(path, "w", encoding="utf-8") as f:
        for i in range(hands):
            h = base[i % len(base)]
            if i >= len(base):          # a new hand number for each copy
                h = re.sub(r"#([A-Z]{2})\d+:", rf"#\g<1>{90_000_000 + i}:", h, count=1)
            f.write(h.rstrip("\n") + "\n\n\n")


def _fast(path: str) -> tuple[int, int, int]:
    n = slow = agree = 0
    for it in gg_fast.scan(path, format="ggpoker"):
        if not isinstance(it, gg_fast.GGBatch):
            raise SystemExit(f"the fast path left the file to Python: {it!r}")
        n += len(it)
        agree += int((it.rec[:, fast.AGREE] == 1).sum())
        for i in np.flatnonzero(it.rec[:, fast.STATUS] != fast.OK).tolist():
            slow += 1
            try:
                it.hand(i).replay(allin_ev=False)
            except HistoryError:
                pass
    return n, slow, agree


def _stages(path: str) -> None:
    with open(path, "rb") as f:
        data = f.read(gg_fast.BLOCK)
    data = data[:data.rfind(b"\n") + 1]
    t = time.process_time()
    grec, ps, _ = gg_fast._gg(data, False)
    t1 = time.process_time()
    stars_fast._replayed(ps, True)
    t2 = time.process_time()
    k = len(grec) if grec is not None else 0
    print(f"stages on the first block ({k:,} hands): hr_gg_scan {(t1 - t) / k * 1e6:.2f} us, "
          f"hr_stars_replay (PokerStars lines read, replayed, settled) "
          f"{(t2 - t1) / k * 1e6:.2f} us a hand")


def _python(path: str, limit: int) -> int:
    n = 0
    for h in read(path, format="ggpoker"):
        h.replay(allin_ev=False)
        n += 1
        if n >= limit:
            break
    return n


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--hands", type=int, default=1_000_000)
    ap.add_argument("--distinct", type=int, default=20_000)
    ap.add_argument("--python", type=int, default=20_000)
    ap.add_argument("--repeat", type=int, default=1)
    ap.add_argument("--stages", action="store_true")
    ap.add_argument("--summary", action="store_true")
    args = ap.parse_args()
    print(f"CPU: {_cpu()}; Python {platform.python_version()}; "
          f"load average {os.getloadavg()[0]:.1f} (CPU time of this process, one core)")
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "ggpoker.txt")
        t = time.process_time()
        _write(path, args.hands, args.distinct)
        size = os.path.getsize(path)
        print(f"corpus: {args.hands:,} hands ({args.distinct:,} distinct), "
              f"{size / 1e6:,.0f} MB (written in {time.process_time() - t:.0f} s)")
        best = float("inf")
        for _ in range(args.repeat):
            t = time.process_time()
            n, slow, agree = _fast(path)
            best = min(best, time.process_time() - t)
        print(f"fast   read + replay + settle: {n:,} hands, {slow:,} by Python, "
              f"{agree:,} agree with the site's lines: {n / best:,.0f} hands/s "
              f"({size / best / 1e6:,.0f} MB/s)")
        if args.stages:
            _stages(path)
        if args.summary:
            t = time.process_time()
            s = Summary()
            _add_fast(s, path, None, allin_ev=False, stats=False)
            dt = time.process_time() - t
            print(f"summary's loop without all-in EV and statistics: {s.read:,} hands, "
                  f"{s.settled:,} settled: {s.read / dt:,.0f} hands/s")
        t = time.process_time()
        m = _python(path, args.python)
        dt = time.process_time() - t
        print(f"python read + replay + settle: {m:,} hands: {m / dt:,.0f} hands/s")
        print(f"load average after: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
