"""The file-system floor of reading many small files (the Pluribus corpus).

    python benchmarks/bench_fs_floor.py [--dir DIR] [--repeat R]

How fast can any reader open 10,000 small files, before parsing a byte?
Timed on one core in CPU time (user + system), warm page cache, best of R:

- C (benchmarks/native/fs_floor.c, compiled here with the system ``cc -O2``):
  open + read + close of each file; the same with a ``stat`` first; the
  directory walk (opendir/readdir);
- Python at the os level: ``os.open`` + ``os.read`` + ``os.close``; with
  ``os.stat`` first; ``os.walk``; handrank's own walk (``phh._paths``);
- handrank's fast path reading the same files (``fast.scan(settle=False)``),
  and ``summary(stats=False)`` without the all-in EV, for comparison.

The C figure is the ceiling of a reader of one hand a file: at 4 us a file,
about 250,000 files a second with no parsing at all.
"""

from __future__ import annotations

import argparse
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable

HERE = os.path.dirname(os.path.abspath(__file__))


def _best(run: Callable[[], object], repeat: int) -> float:
    run()                                   # warm the cache
    best = float("inf")
    for _ in range(repeat):
        t = time.process_time()
        run()
        best = min(best, time.process_time() - t)
    return best


def _line(label: str, n: int, dt: float) -> None:
    print(f"{label:52s} {n:6d} files {dt:7.4f} s CPU {1e6 * dt / n:7.2f} us a file "
          f"{n / dt:10.0f} files/s")


def _c(files: list[str], folder: str, repeat: int) -> None:
    cc = shutil.which("cc") or shutil.which("gcc")
    if cc is None:
        print("C: no cc found")
        return
    with tempfile.TemporaryDirectory() as tmp:
        exe = os.path.join(tmp, "fs_floor")
        subprocess.run([cc, "-O2", "-o", exe, os.path.join(HERE, "native", "fs_floor.c")],
                       check=True)
        out = subprocess.run([exe, str(repeat), folder], input="\n".join(files) + "\n",
                             capture_output=True, text=True, check=True).stdout
    for line in out.splitlines():
        print("C:", line)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--dir", default="/work/shared/data/phh/pluribus")
    ap.add_argument("--repeat", type=int, default=5)
    a = ap.parse_args()
    if not os.path.isdir(a.dir):
        sys.exit(f"no folder {a.dir}")
    from handrank.history.phh import _paths
    files = _paths(a.dir)
    n = len(files)
    print(f"{platform.processor() or platform.machine()}, {platform.platform()}, "
          f"load average {os.getloadavg()[0]:.1f}, {n} files in {a.dir}")
    _c(files, a.dir, a.repeat)

    flags = os.O_RDONLY

    def py_read() -> None:
        for p in files:
            fd = os.open(p, flags)
            try:
                while os.read(fd, 1 << 16):
                    pass
            finally:
                os.close(fd)

    def py_stat_read() -> None:
        for p in files:
            os.stat(p)
            fd = os.open(p, flags)
            try:
                while os.read(fd, 1 << 16):
                    pass
            finally:
                os.close(fd)

    def py_walk() -> None:
        for _root, _dirs, _names in os.walk(a.dir):
            pass
    _line("Python: os.open + os.read + os.close", n, _best(py_read, a.repeat))
    _line("Python: os.stat + os.open + os.read + os.close", n, _best(py_stat_read, a.repeat))
    _line("Python: os.walk", n, _best(py_walk, a.repeat))
    _line("Python: handrank.history.phh._paths (sorted walk)", n,
          _best(lambda: _paths(a.dir), a.repeat))

    from handrank.history import fast
    from handrank.history._summary import Summary, _add_fast
    if fast.available():
        def read_only() -> None:
            for _ in fast.scan(a.dir, settle=False):
                pass

        def settle() -> None:
            for _ in fast.scan(a.dir, settle=True):
                pass

        def summ() -> None:
            _add_fast(Summary(), a.dir, None, allin_ev=False, stats=False)
        _line("handrank fast.scan(settle=False): walk + read", n, _best(read_only, a.repeat))
        _line("handrank fast.scan(): walk + read + replay + settle", n,
              _best(settle, a.repeat))
        _line("handrank summary(stats=False), no all-in EV", n, _best(summ, a.repeat))


if __name__ == "__main__":
    main()
