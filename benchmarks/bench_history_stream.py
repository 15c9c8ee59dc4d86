"""A big .phhs file read + replayed + settled in bounded memory: peak RSS against the file size.

    python benchmarks/bench_history_stream.py [--mb 1024] [--dir DIR]

Writes a .phhs of about ``--mb`` megabytes (a generated block of 2,000 hands,
repeated) into a temporary folder (never the source tree), then, in a fresh
process each, runs the fast path (``handrank.history.fast.scan``: read, replay
and settle, block by block) over a 16 MB file and over the big one, and prints
the hands, the CPU time and the peak resident memory (``ru_maxrss``) of each:
streaming means the big file's peak is the small one's, not the file's size.
"""

from __future__ import annotations

import argparse
import os
import platform
import subprocess
import sys
import tempfile

from handrank.history._generate import corpus

CHILD = """
import resource, sys, time
from handrank.history import fast
t = time.process_time()
n = 0
for it in fast.scan(sys.argv[1]):
    if isinstance(it, fast.Batch):
        n += int((it.rec[:, fast.STATUS] == fast.OK).sum())
    elif isinstance(it, fast.Tail):
        n += sum(1 for _ in it.hands())
print(n, time.process_time() - t, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
"""


def write(path: str, mb: int) -> int:
    """A .phhs of about ``mb`` MB: a generated block repeated; returns its size."""
    block = corpus(2000, seed=7).encode()
    reps = max(1, (mb << 20) // len(block))
    with open(path, "wb") as f:
        for _ in range(reps):
            f.write(block)
    return os.path.getsize(path)


def measure(path: str) -> tuple[int, float, int]:
    """(hands, CPU seconds, peak RSS in KB) of one fresh process scanning ``path``."""
    out = subprocess.run([sys.executable, "-c", CHILD, path], capture_output=True, text=True,
                         check=True).stdout.split()
    return int(out[0]), float(out[1]), int(out[2])


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--mb", type=int, default=1024)
    ap.add_argument("--dir", default=tempfile.gettempdir())
    a = ap.parse_args()
    print(f"{platform.machine()}, {platform.platform()}")
    with tempfile.TemporaryDirectory(dir=a.dir) as d:
        for mb in (16, a.mb):
            p = os.path.join(d, f"big{mb}.phhs")
            size = write(p, mb)
            hands, cpu, rss = measure(p)
            print(f"{size / 2**20:8.0f} MB  {hands:>10,} hands  {cpu:7.2f} s CPU  "
                  f"{hands / cpu:>10,.0f} hands/s  peak RSS {rss / 1024:7.1f} MB")
            os.unlink(p)


if __name__ == "__main__":
    main()
