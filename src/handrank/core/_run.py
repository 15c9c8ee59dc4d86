"""The one place that runs long C work on threads and keeps Ctrl-C working.

A thread blocked in a cffi call (the GIL released) runs no Python signal
handler until the call returns, so nothing long runs as one call on the
main thread:

- :func:`run_rows` cuts a batch into slices of rows and runs them on the
  calling thread (``threads=1``) or on the pool, checking between slices
  whether to stop.  A slice takes milliseconds, so Ctrl-C is seen at once.
- :func:`run_tasks` runs calls that cannot be cut (an exact enumeration, a
  run of Monte Carlo trials) on the pool, each given the address of a
  shared cancel flag that the C loops poll.

Either way the calling thread only waits, in a wait Ctrl-C interrupts; on
KeyboardInterrupt it sets the flag, waits for every worker to return (they
stop within milliseconds) and raises it again, so no worker is left running
behind the next call.

A forked child inherits the pool object but none of its threads (and maybe
a lock some thread held at the fork), so the first job it submitted would
wait forever: :func:`_after_fork` forgets the pool, the lock and the
worker mark in every child, and the child makes its own pool on first use.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any, TypeVar

from . import _progress
from ._validate import cores

T = TypeVar("T")

_pool: ThreadPoolExecutor | None = None
_pool_lock = threading.Lock()
_in_worker = threading.local()


def executor() -> ThreadPoolExecutor:
    """The shared pool (one worker per core), created on first use."""
    global _pool
    with _pool_lock:
        if _pool is None:
            _pool = ThreadPoolExecutor(max_workers=max(2, cores()),
                                       thread_name_prefix="handrank",
                                       initializer=_mark_worker)
    return _pool


def _after_fork() -> None:
    """In a forked child: a new lock, no pool (its threads stayed in the parent)."""
    global _pool, _pool_lock, _in_worker
    _pool = None
    _pool_lock = threading.Lock()
    _in_worker = threading.local()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_after_fork)


def _mark_worker() -> None:
    _in_worker.flag = True


def in_worker() -> bool:
    """True on a pool thread: work started there runs inline (no nested waits)."""
    return bool(getattr(_in_worker, "flag", False))


def _python_cell() -> tuple[Any, Any]:
    return [0], None


#: Makes a Cancel's flag and the pointer C polls: ``core.kernels`` installs
#: the C core's (an ``int32_t``); without it a list and no pointer.
new_cancel_cell: Callable[[], tuple[Any, Any]] = _python_cell


class Cancel:
    """A flag the C loops poll (``ptr``) and Python threads read (``is_set``)."""

    def __init__(self) -> None:
        self._cell, self.ptr = new_cancel_cell()

    def set(self) -> None:
        self._cell[0] = 1

    def is_set(self) -> bool:
        return bool(self._cell[0])


ProgressLike = Callable[[int, int], Any]


def check_progress(progress: Any) -> ProgressLike | None:
    """`progress` as given (None or a callable), else TypeError.

    True is a bar on stderr (:class:`handrank.core._progress.Bar`), False none.
    """
    if progress is True or progress is False:
        return _progress.resolve(progress, "working")  # type: ignore[no-any-return]
    if progress is not None and not callable(progress):
        raise TypeError("progress must be a callable progress(done, total) or None, "
                        f"got {type(progress).__name__}")
    return progress  # type: ignore[no-any-return]


class Tally:
    """Work done so far, reported to ``progress(done, total)`` on the calling thread.

    Worker threads call :meth:`add` after each chunk (a stream of trials, a
    part of an enumeration); the calling thread, while it waits in
    :func:`run_tasks`, passes the count on every 0.1 s when it has moved, and
    :meth:`finish` reports ``(total, total)`` at the end.  So the callback is
    never called from a worker, its `done` never decreases, and the last call
    has ``done == total``.  With no callback every method does nothing, and
    the work (its chunks, its sums) is the same either way.
    """

    def __init__(self, progress: ProgressLike | None, total: int) -> None:
        self.progress, self.total, self.done = progress, int(total), 0
        self.shown: tuple[int, int] | None = None
        self._lock = threading.Lock()
        self._owner = threading.get_ident()

    def add(self, k: int) -> None:
        if self.progress is None:
            return
        with self._lock:
            self.done = min(self.total, self.done + int(k))
        if threading.get_ident() == self._owner:
            self.show()

    def show(self) -> None:
        """Report the count if it moved (calling thread only)."""
        if self.progress is not None and (self.done, self.total) != self.shown:
            self.shown = (self.done, self.total)
            self.progress(self.done, self.total)

    def finish(self, total: int | None = None) -> None:
        """Report the end: ``(total, total)`` (`total` may end a run early)."""
        if self.progress is None:
            return
        if total is not None:
            self.total = int(total)
        self.done = self.total
        self.show()


class _Done:
    """Counts the futures that have finished (done callbacks, run on the worker
    that finishes one), and says when all have and whether one failed.

    The calling thread waits on two Events, which Ctrl-C interrupts cleanly.
    It does not wait in :func:`concurrent.futures.wait`: that acquires every
    future's lock in a loop before it waits, and a KeyboardInterrupt landing
    inside that loop leaves some of them held by the calling thread, so a
    worker finishing its future blocks on the lock for ever while the calling
    thread waits for it (the rare Ctrl-C hang under heavy load)."""

    def __init__(self, futures: Sequence[Future[Any]]) -> None:
        self.left = len(futures)
        self.lock = threading.Lock()
        self.all = threading.Event()
        self.failed = threading.Event()
        if not futures:
            self.all.set()
        for f in futures:
            f.add_done_callback(self._one)

    def _one(self, f: Future[Any]) -> None:
        if not f.cancelled() and f.exception() is not None:
            self.failed.set()
        with self.lock:
            self.left -= 1
            if self.left == 0:
                self.all.set()


def _wait_all(futures: Sequence[Future[Any]], cancel: Cancel,
              tally: Tally | None = None) -> None:
    """Wait for every future; on Ctrl-C (or a failure) cancel the rest first."""
    done = _Done(futures)
    showing = tally is not None and tally.progress is not None
    try:
        while not done.all.is_set():
            # short waits: progress shows every 0.1 s, and a failure is seen soon
            done.all.wait(0.1 if showing else 0.5)
            if showing:
                assert tally is not None
                tally.show()
            if done.failed.is_set():
                cancel.set()
    except BaseException:
        cancel.set()
        for f in futures:
            f.cancel()
        done.all.wait()
        raise


def run_tasks(task: Callable[[int, Cancel], T], count: int, *,
              inline: bool = False, tally: Tally | None = None) -> list[T]:
    """``[task(i, cancel) for i in range(count)]``, run so Ctrl-C stops every task.

    With `inline` (small jobs) and one task, the task runs on the calling
    thread.  Raises KeyboardInterrupt if the work was cancelled by Ctrl-C.
    A `tally` the tasks add to is reported while the calling thread waits.
    """
    cancel = Cancel()
    if count == 1 and (inline or in_worker()):
        return [task(0, cancel)]
    if in_worker():
        return [task(i, cancel) for i in range(count)]
    futures = [executor().submit(task, i, cancel) for i in range(count)]
    _wait_all(futures, cancel, tally)
    return [f.result() for f in futures]


def run_rows(part: Callable[[int, int], int], n: int, threads: int, slice_rows: int) -> int:
    """Run ``part(lo, hi)`` over rows 0..n in slices; return the first bad row or -1.

    ``part`` returns -1 or the index (relative to lo) of the first bad row
    of its slice.  Slices after a bad row already found are skipped; the
    slices before it all run, so the smallest bad row is the one returned.
    """
    slices = [(lo, min(lo + slice_rows, n)) for lo in range(0, n, slice_rows)]
    if threads <= 1 or len(slices) == 1 or in_worker():
        for lo, hi in slices:        # Ctrl-C lands between two slices
            bad = part(lo, hi)
            if bad >= 0:
                return lo + bad
        return -1
    lock = threading.Lock()
    state = {"next": 0, "bad": n}
    cancel = Cancel()

    def worker(_: int) -> None:
        while not cancel.is_set():
            with lock:
                i = state["next"]
                state["next"] = i + 1
            if i >= len(slices):
                return
            lo, hi = slices[i]
            if lo >= state["bad"]:
                return
            bad = part(lo, hi)
            if bad >= 0:
                with lock:
                    state["bad"] = min(state["bad"], lo + bad)

    futures = [executor().submit(worker, t) for t in range(min(threads, len(slices)))]
    _wait_all(futures, cancel)
    for f in futures:
        f.result()
    return -1 if state["bad"] == n else state["bad"]
