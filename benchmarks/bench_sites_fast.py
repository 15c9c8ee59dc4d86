"""PokerStars text read + replay + settle on the fast path, hands per second on one core.

    python benchmarks/bench_sites_fast.py [--hands N] [--distinct D] [--python N]

The corpus is generated (handrank.history._generate_sites: hold'em and
pot-limit Omaha, cash with rake and tournaments with antes, 2 to 9 seats, side
pots): D distinct hands (default 20,000), repeated with new hand numbers
until the file holds N hands (default 1,000,000), written once into a
temporary folder.  Timed:

* fast: :func:`handrank.history.stars_fast.scan` over the file (block by
  block: C cuts each hand, replays and settles it on the arrays it read
  (``hr_stars_replay``), the site's record check in numpy), plus the Python
  reader and replay for any hand the fast path leaves (none in the generated
  corpus: the count is printed); three ways, in turns, in the same process:
  ``text=False`` (no PHH text written), the default (the PHH text written for
  what reads it, e.g. ``summary()``'s statistics), and the way before
  ``hr_stars_replay`` (``hr_stars_scan`` writes PHH text, ``hr_phh_scan``
  reads it back, replays and settles);
* python: the Python reader and replay (``read(..., format="pokerstars")``
  and ``Hand.replay``) over the first ``--python`` hands (default 20,000).

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

from handrank.history import read, stars_fast
from handrank.history._generate_sites import pokerstars_corpus


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
    base = pokerstars_corpus(distinct, seed=1).split("\n\n")
    base = [h for h in base if h.strip()]
    with open(path, "w", encoding="utf-8") as f:
        for i in range(hands):
            h = base[i % len(base)]
            if i >= len(base):          # a new hand number for each copy
                h = re.sub(r"#\d+:", f"#{300_000_000_000 + i}:", h, count=1)
            f.write(h.rstrip("\n") + "\n\n\n")


def _fast(path: str, text: bool = True) -> tuple[int, int, int]:
    n = slow = agree = 0
    for it in stars_fast.scan(path, format="pokerstars", text=text):
        if not isinstance(it, stars_fast.StarsBatch):
            raise SystemExit(f"the fast path left the file to Python: {it!r}")
        n += len(it)
        agree += int((it.rec[:, 6] == 1).sum())
        for i in range(len(it)):
            if not it.fast(i):
                slow += 1
                it.hand(i).replay(allin_ev=False)
    return n, slow, agree


def _python(path: str, limit: int) -> int:
    n = 0
    for h in read(path, format="pokerstars"):
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
    args = ap.parse_args()
    print(f"CPU: {_cpu()}; Python {platform.python_version()}; "
          f"load average {os.getloadavg()[0]:.1f} (CPU time of this process, one core)")
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "pokerstars.txt")
        _write(path, args.hands, args.distinct)
        size = os.path.getsize(path)
        print(f"corpus: {args.hands:,} hands ({args.distinct:,} distinct), "
              f"{size / 1e6:,.0f} MB")
        ways = {"no PHH text (text=False)": False, "PHH text written (default)": True,
                "before: PHH text written and read back": None}
        best = dict.fromkeys(ways, float("inf"))
        replayed = stars_fast._replayed
        for _ in range(args.repeat):
            for way, text in ways.items():
                stars_fast._replayed = replayed if text is not None else stars_fast._batch_twice
                t = time.process_time()
                n, slow, agree = _fast(path, text is not False)
                best[way] = min(best[way], time.process_time() - t)
        stars_fast._replayed = replayed
        for way, b in best.items():
            print(f"fast   read + replay + settle, {way}: {n:,} hands, {slow:,} by Python, "
                  f"{agree:,} agree with the site's lines: {n / b:,.0f} hands/s "
                  f"({size / b / 1e6:,.0f} MB/s)")
        t = time.process_time()
        m = _python(path, args.python)
        dt = time.process_time() - t
        print(f"python read + replay + settle: {m:,} hands: {m / dt:,.0f} hands/s")
        print(f"load average after: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
