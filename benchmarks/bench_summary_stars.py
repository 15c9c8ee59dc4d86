"""summary() of PokerStars text, hands per second on one core, with and without the C
fast path for PokerStars (handrank.history.stars_fast).

    python benchmarks/bench_summary_stars.py [--hands N] [--distinct D] [--python N]

The corpus is generated as in bench_sites_fast.py (hold'em and pot-limit Omaha,
cash with rake and tournaments with antes, 2 to 9 seats, side pots): D distinct
hands (default 20,000) repeated with new hand numbers up to N hands (default
200,000), one file in a temporary folder; a second file holds its first
``--python`` hands (default 5,000).  Timed (CPU time of this process,
time.process_time; best of --repeat), each with the PokerStars fast path on
("fast") and switched off ("python": ``stars_fast.available`` made to say
False, so the Python reader and replay, as summary() read PokerStars text
before):

* summary's loop without the all-in EV (``_add_fast(..., allin_ev=False)``),
  with and without the tracker statistics: on the whole corpus (fast) or the
  small file (python);
* ``summary(path)`` as users call it (statistics and all-in EV) on the small
  file: the exact all-in EV of multiway Omaha hands (the same code on both
  paths) takes most of that time.

The two results on the small file are compared.

The machine may be shared with other jobs: the load average is printed.
"""

from __future__ import annotations

import argparse
import os
import platform
import tempfile
import time
from typing import Any

from bench_sites_fast import _cpu, _write

from handrank.history import stars_fast, summary
from handrank.history._summary import Summary, _add_fast


def _timed(path: str, repeat: int, ev: bool = True, **kw: Any) -> tuple[float, Any]:
    """Best CPU time of ``summary(path, **kw)``; ``ev=False``: the same without the all-in
    EV (summary's own loop with ``allin_ev=False``, on both paths)."""
    best, out = float("inf"), None
    for _ in range(repeat):
        t = time.process_time()
        if ev:
            out = summary(path, progress=False, **kw)
        else:
            out = Summary()
            _add_fast(out, path, None, allin_ev=False, stats=kw.get("stats", True))
        best = min(best, time.process_time() - t)
    return best, out


def _run(path: str, small: str, repeat: int, label: str) -> Any:
    """The figures of one path (the PokerStars fast path on or off)."""
    for ev, stats in ((False, False), (False, True)):
        dt, s = _timed(path, repeat, ev, stats=stats)
        what = f"summary({'' if stats else 'stats=False'}) without all-in EV"
        print(f"{label} {what:40s} {s.read:>9,} hands: {s.read / dt:>9,.0f} hands/s")
    dt, s = _timed(small, repeat)
    print(f"{label} {'summary() as called (all-in EV)':40s} {s.read:>9,} hands: "
          f"{s.read / dt:>9,.0f} hands/s")
    return s


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--hands", type=int, default=200_000)
    ap.add_argument("--distinct", type=int, default=20_000)
    ap.add_argument("--python", type=int, default=5_000)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    print(f"CPU: {_cpu()}; Python {platform.python_version()}; "
          f"load average {os.getloadavg()[0]:.1f} (CPU time of this process, one core)")
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "pokerstars.txt")
        small = os.path.join(folder, "small.txt")
        _write(path, args.hands, args.distinct)
        _write(small, args.python, args.distinct)
        print(f"corpus: {args.hands:,} hands ({args.distinct:,} distinct), "
              f"{os.path.getsize(path) / 1e6:,.0f} MB")
        on = _run(path, small, args.repeat, "fast  ")
        real = stars_fast.available
        stars_fast.available = lambda: False       # type: ignore[assignment]
        try:
            off = _run(small, small, 1, "python")
        finally:
            stars_fast.available = real         # type: ignore[method-assign]
        same = on == off and on.units == off.units and \
            on.to_pandas().equals(off.to_pandas())
        print(f"same result on both paths: {same}")
        print(f"load average after: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
