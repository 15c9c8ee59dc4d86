"""A child forked from a process that used handrank's threads works at once.

Every kind of threaded call runs in the parent (so the pools exist and
their workers are alive), then the process forks and the child makes the
same call: its result must equal the parent's, within a time bound so a
hang fails the test instead of stalling it (issue 23, rows 1 and 2).
"""

from __future__ import annotations

import multiprocessing
import os
import pickle
import signal
import sys
import tempfile
import time
import warnings
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

import handrank as hr

from .conftest import dask_or_skip

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="needs os.fork")

CHILD_SECONDS = 15.0        # generous: the machine may be loaded; a hang never returns


def _rows(n: int) -> np.ndarray:
    rng = np.random.default_rng(7)
    return np.argsort(rng.random((n, 52)), axis=1)[:, :7].astype(np.uint8)


def _batch() -> Any:
    return hr.evaluate_batch(_rows(300_000), threads=2).tolist()


def _exact() -> Any:
    r = hr.equity(["AsKs", "QdQc"], board="2h", threads=2)
    return r.equity.tolist(), r.exact


def _monte_carlo() -> Any:
    return hr.equity(["AKs", "QQ+"], trials=400_000, seed=3, threads=2).equity.tolist()


def _omaha() -> Any:
    return hr.equity(["AsKsQhJh", "9c9d8c8d"], trials=300_000, seed=5, threads=2,
                     game="omaha").equity.tolist()


def _analysis() -> Any:
    m = hr.equity_matrix("AA,KK", "QQ,AKs", board="2c 7d 9h")
    a = hr.analyze("QQ+,AKs", board="2h 7d 9c")
    r = hr.range_equity("QQ+", "AKs,JJ", board="2h 7d")
    return np.nan_to_num(np.asarray(m.equity), nan=-1.0).tolist(), repr(a), repr(r)


def _dask_local() -> Any:
    hd = dask_or_skip()
    r = hd.equity(["AKs", "QQ"], trials=200_000, seed=9)
    return r.equity.tolist()


def _dask_batch() -> Any:
    hd = dask_or_skip()
    da = pytest.importorskip("dask.array")
    x = da.from_array(_rows(40_000), chunks=(10_000, 7))
    return np.asarray(hd.evaluate_batch(x).compute(scheduler="threads")).tolist()


CALLS: dict[str, Callable[[], Any]] = {
    "batch": _batch, "exact": _exact, "monte_carlo": _monte_carlo, "omaha": _omaha,
    "analysis": _analysis, "dask_local": _dask_local, "dask_batch": _dask_batch,
}


def _in_child(call: Callable[[], Any]) -> Any:
    """``call()`` in an ``os.fork`` child; its result, or a failure if it hangs."""
    fd, path = tempfile.mkstemp(suffix=".pickle")
    os.close(fd)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)   # fork with threads (3.12+)
            pid = os.fork()
        if pid == 0:                               # the child: never returns to pytest
            code = 0
            try:
                with open(path, "wb") as f:
                    pickle.dump(call(), f)
            except BaseException:
                code = 1
            finally:
                os._exit(code)
        deadline = time.monotonic() + CHILD_SECONDS
        while time.monotonic() < deadline:
            done, status = os.waitpid(pid, os.WNOHANG)
            if done:
                break
            time.sleep(0.02)
        else:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            pytest.fail(f"the forked child hung for {CHILD_SECONDS:.0f} s")
        assert os.waitstatus_to_exitcode(status) == 0, "the forked child failed"
        with open(path, "rb") as f:
            return pickle.load(f)
    finally:
        os.unlink(path)


@pytest.mark.parametrize("kind", sorted(CALLS))
def test_os_fork_after_threaded_call(kind: str) -> None:
    call = CALLS[kind]
    expected = call()                  # the parent's pools now exist, workers idle
    assert _in_child(call) == expected
    assert call() == expected          # and the parent still works


def _pool_batch(rows: np.ndarray) -> list[int]:
    return [int(s) for s in hr.evaluate_batch(rows, threads=2)]


def test_multiprocessing_fork_pool_after_threaded_call() -> None:
    rows = _rows(600_000)
    _batch()
    chunks = np.array_split(rows, 2)    # each large enough to use the thread pool
    expected = [_pool_batch(c) for c in chunks]
    ctx = multiprocessing.get_context("fork")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        pool = ctx.Pool(2)
    try:
        got = pool.map_async(_pool_batch, chunks).get(timeout=CHILD_SECONDS)
    except multiprocessing.TimeoutError:
        pytest.fail(f"the fork pool's workers hung for {CHILD_SECONDS:.0f} s")
    finally:
        pool.terminate()
        pool.join()
    assert got == expected


def test_child_of_child() -> None:
    """A grandchild works too: the reset runs in every fork, not only the first."""
    _batch()

    def twice() -> Any:
        return _in_child(_batch)

    assert _in_child(twice) == _batch()


if __name__ == "__main__":       # pragma: no cover
    sys.exit(pytest.main([__file__, "-q"]))
