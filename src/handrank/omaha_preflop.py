"""``python -m handrank.omaha_preflop``: build the Omaha-4 preflop table.

The table itself (its classes, the shipped file, :func:`top_hands`) is
:mod:`handrank.ranges.omaha_preflop`, which the Omaha range term ``15%``
reads; this module adds what builds the table on handrank.dask
(:func:`compute`, :func:`main`), one floor above the engine, and forwards
every other name to the table's module, so ``handrank.omaha_preflop`` reads
as it always did.
"""

from __future__ import annotations

import argparse
import importlib
import sys
import time
from typing import Any

import numpy as np

from .core import _validate
from .core._compat import forward
from .ranges import omaha_preflop as _module
from .ranges.omaha_preflop import *  # noqa: F403
from .ranges.omaha_preflop import N_CLASSES, SEED, TRIALS, compute_block, to_table


def compute(*, first: int = 0, count: int | None = None, trials: int = TRIALS,
            seed: int = SEED, client: Any = None, block: int = 64) -> np.ndarray:
    """The sums of :func:`compute_block` for classes first .. first + count, as
    tasks of `block` classes on handrank.dask (`client` None: local threads)."""
    from . import dask as hdask  # the dask engine (dask itself is optional): only here
    seed = _validate.seed(seed)
    count = N_CLASSES - first if count is None else count
    calls = [(lo, min(block, first + count - lo), trials, seed)
             for lo in range(first, first + count, block)]
    parts = hdask._run(client, compute_block, calls)
    return np.concatenate(parts) if parts else np.zeros((0, 4), dtype=np.int64)

# ----------------------------------------------------------------- command line


def main(argv: list[str] | None = None) -> int:
    """Build the table: ``python -m handrank.omaha_preflop --out FILE [--workers 2]``."""
    p = argparse.ArgumentParser(prog="python -m handrank.omaha_preflop")
    p.add_argument("--out", required=True)
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--trials", type=int, default=TRIALS)
    p.add_argument("--seed", type=int, default=SEED)
    p.add_argument("--count", type=int, default=None, help="only the first COUNT classes")
    p.add_argument("--block", type=int, default=64)
    a = p.parse_args(argv)
    distributed: Any = importlib.import_module("distributed")
    start = time.perf_counter()
    with distributed.LocalCluster(n_workers=a.workers, threads_per_worker=1,
                                  processes=True, dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client:
        sums = compute(count=a.count, trials=a.trials, seed=a.seed, client=client,
                       block=a.block)
    wall = time.perf_counter() - start
    if a.count is not None and a.count < N_CLASSES:
        np.save(a.out, sums)
    else:
        save: Any = np.savez_compressed
        save(a.out, **to_table(sums, a.trials, a.seed))
    trials = len(sums) * a.trials
    print(f"{len(sums):,} classes x {a.trials:,} trials on {a.workers} workers: "
          f"{wall:.0f} s wall, {trials / wall / 1e6:.1f} M trials/s", file=sys.stderr)
    return 0


forward(__name__, _module)

if __name__ == "__main__":
    sys.exit(main())
