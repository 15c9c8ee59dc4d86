"""Hand histories: read + replay + settle, hands per second on one core.

    python benchmarks/bench_history.py [--hands N] [--pluribus DIR]

Two corpora: the Pluribus files (10,000 six-handed no-limit hands, when
present) and a generated .phhs corpus.  Three stages are timed separately:
read only, read + replay + settle without all-in EV, and the full replay.
"""

from __future__ import annotations

import argparse
import os
import platform
import time

import handrank
from handrank.history import read
from handrank.history import replay as _replay
from handrank.history._generate import corpus


def _time(label: str, source: object, n_expected: int | None, ev: bool) -> float:
    t = time.perf_counter()
    n = 0
    if ev is None:
        for _ in read(source):
            n += 1
    else:
        for h in read(source):
            _replay.replay(h, allin_ev=ev)
            n += 1
    dt = time.perf_counter() - t
    print(f"{label:50s} {n:8d} hands {dt:7.2f} s {n / dt:10.0f} hands/s")
    return n / dt


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--hands", type=int, default=20_000)
    ap.add_argument("--pluribus", default="/work/shared/data/phh/pluribus")
    a = ap.parse_args()
    print(f"backend {handrank.backend}, {platform.processor() or platform.machine()}, "
          f"{platform.platform()}")
    text = corpus(a.hands, seed=1)
    for name, src in (("generated", text), ("pluribus", a.pluribus)):
        if name == "pluribus" and not os.path.isdir(src):
            continue
        _time(f"{name}: read", src, None, None)  # type: ignore[arg-type]
        _time(f"{name}: read+replay+settle", src, None, False)
        _time(f"{name}: read+replay+settle+all-in EV", src, None, True)


if __name__ == "__main__":
    main()
