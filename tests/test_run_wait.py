"""core._run waits for its workers without concurrent.futures.wait.

``concurrent.futures.wait`` acquires every future's lock in a loop before it
waits; a KeyboardInterrupt landing inside that loop leaves locks held by the
calling thread, and a worker finishing its future then blocks for ever while
the calling thread waits for it.  The calling thread now waits on Events
(done callbacks count the futures), which Ctrl-C interrupts cleanly.
"""

from __future__ import annotations

import concurrent.futures
import concurrent.futures._base
import threading
import time

import pytest

from handrank.core import _run


def _no_wait(*args: object, **kwargs: object) -> None:
    raise AssertionError("concurrent.futures.wait called")


def test_run_tasks_waits_without_futures_wait(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(concurrent.futures, "wait", _no_wait)
    monkeypatch.setattr(concurrent.futures._base, "wait", _no_wait)
    monkeypatch.setattr(_run, "wait", _no_wait, raising=False)
    assert _run.run_tasks(lambda i, c: i * i, 5) == [0, 1, 4, 9, 16]
    seen: list[tuple[int, int]] = []
    tally = _run.Tally(lambda d, t: seen.append((d, t)), 3)

    def task(i: int, cancel: _run.Cancel) -> int:
        time.sleep(0.05 * i)
        tally.add(1)
        return i

    assert _run.run_tasks(task, 3, tally=tally) == [0, 1, 2]
    tally.finish()
    assert seen[-1] == (3, 3)


def test_a_failing_task_cancels_the_others_and_raises() -> None:
    started = threading.Event()

    def task(i: int, cancel: _run.Cancel) -> int:
        if i == 0:
            started.wait(5)
            raise ValueError("bad task")
        started.set()
        while not cancel.is_set():       # a long task that polls the flag
            time.sleep(0.01)
        return i

    with pytest.raises(ValueError, match="bad task"):
        _run.run_tasks(task, 2)


def test_ctrl_c_while_waiting_cancels_every_task_and_raises() -> None:
    # the progress callback runs on the calling thread while it waits: raising
    # KeyboardInterrupt there is Ctrl-C at that moment
    stopped: list[int] = []

    def progress(done: int, total: int) -> None:
        raise KeyboardInterrupt

    tally = _run.Tally(progress, 2)

    def task(i: int, cancel: _run.Cancel) -> int:
        tally.add(0)
        deadline = time.monotonic() + 60
        while not cancel.is_set() and time.monotonic() < deadline:
            time.sleep(0.01)
        stopped.append(i)
        return i

    tally.done = 1                       # a count to show on the first wait
    with pytest.raises(KeyboardInterrupt):
        _run.run_tasks(task, 2, tally=tally)
    # both tasks returned (cancelled by the flag) before run_tasks raised
    assert sorted(stopped) == [0, 1]
    assert _run.run_tasks(lambda i, c: i + 1, 2) == [1, 2]      # the pool still works
