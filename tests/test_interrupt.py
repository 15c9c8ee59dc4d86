"""Ctrl-C: every long call raises KeyboardInterrupt within 0.5 s and leaves no worker running.

Each case runs a long call in a subprocess, sends it SIGINT once the child
says (a "ready" line, printed inside the ``try`` just before the call) that
the call is starting, and reads back from the child: when KeyboardInterrupt
reached Python, how much CPU the process burned in the half second after it
(a C worker still running would burn about that much per thread) and how
long the next call took.  The delay bound is the issue's contract (0.5 s),
measured from the signal to the child's ``except`` (or, on the command line,
to ``main`` returning 130), so neither the start-up nor the exit of a process
on a loaded machine counts; the CPU check is what proves no worker is left
behind, so it does not depend on how loaded the machine is.

No outcome depends on a fixed wait: the signal is sent only after the
readiness line, and a signal that lands before the call has entered its C
loop is caught by the same ``except`` (the short pause after the readiness
line, :data:`SETTLE`, only makes it likely that the signal lands inside the
loop, the interesting case).  The delay is wall-clock time: beside other jobs
(load 20 on two cores) a child may wait longer than the bound for a core after
the signal, so a case may run up to three times (:data:`TRIES`) and passes when
one run meets the bound; a call that does not poll misses it every time.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time

import pytest

import handrank as hr

DELAY = 0.5            # the contract: KeyboardInterrupt within 0.5 s of SIGINT
IDLE_CPU = 0.15        # CPU seconds in the 0.5 s after it: a busy worker adds ~0.5 each
SETTLE = 0.3           # after "ready": lets the call reach its loop (see the module docstring)
TRIES = 3              # wall-clock delays: a run may retry twice (see the module docstring)


def _within_bound(measure, ok):
    """``measure()`` until ``ok`` holds of its result, at most :data:`TRIES` times.

    The delay is wall-clock time, and on a loaded machine a child can wait for a
    core longer than the bound after the signal; a call that does not poll the
    signal misses it on every try (by seconds, not tenths).  Returns the last
    result and every result's summary for the assertion message.
    """
    seen = []
    for _ in range(TRIES):
        r = measure()
        seen.append(r)
        if ok(r):
            break
    return r, seen

def _default_sigint() -> None:
    """In the child, before exec: SIGINT back to its default action.

    A job started in the background (``nohup ... &``, some CI runners)
    inherits SIGINT as ignored, and Python then installs no KeyboardInterrupt
    handler at all, so the signal these tests send would do nothing.
    """
    signal.signal(signal.SIGINT, signal.SIG_DFL)


CHILD = r"""
import json, os, sys, time
import numpy as np
import handrank as hr
from handrank.core import _run

def next_call():
    t = time.perf_counter()
    hr.equity(["AsKs", "QdQc"])                      # exact, 1.7M boards, on the pool or not
    hr.evaluate_batch(np.tile(np.arange(7, dtype=np.uint8), (300_000, 1)), threads=2)
    return time.perf_counter() - t

before = next_call()
setup = {setup}
try:
    print("ready", flush=True)
    {call}
    print(json.dumps({{"finished": True}}), flush=True)
except KeyboardInterrupt:
    caught = time.time()
    cpu = time.process_time()
    time.sleep(0.5)
    idle = time.process_time() - cpu
    after = next_call()
    print(json.dumps({{"caught": caught, "idle_cpu": idle, "before": before, "after": after}}),
          flush=True)
"""

CASES = {
    "mc-1-thread": ("None", "hr.equity(['AsKs', 'QdQc'], trials=2_000_000_000, threads=1)"),
    "mc-2-threads": ("None", "hr.equity(['AsKs', 'QdQc'], trials=2_000_000_000, threads=2)"),
    "mc-ranges": ("None", "hr.equity(['QQ+,AK', 'random', '22+'], trials=2_000_000_000)"),
    "exact-1-thread": ("None", "hr.equity(['22+,A2+', 'random'], exact=True, threads=1)"),
    "exact-2-threads": ("None", "hr.equity(['22+,A2+', 'random'], exact=True, threads=2)"),
    # The C batch loops do 25-100 million hands a second, so one call long
    # enough to interrupt needs gigabytes; a loop of calls on the pool stands
    # in (the Python backend's case below interrupts one long call).
    "omaha-batch-loop": (
        ("np.random.default_rng(1).permuted(np.tile(np.arange(52, dtype=np.uint8), "
         "(1_000_000, 1)), axis=1)[:, :11].copy()"),
        "[hr.games.omaha.evaluate_omaha_batch(setup[:, :6], setup[:, 6:], threads=2) "
        "for _ in range(200)]"),
    "showdown-batch-loop": (
        ("np.random.default_rng(1).permuted(np.tile(np.arange(52, dtype=np.uint8), "
         "(500_000, 1)), axis=1)[:, :51].copy()"),
        ("[hr.showdown_batch(setup[:, :5], setup[:, 5:].reshape(-1, 23, 2), threads=2) "
         "for _ in range(200)]")),
    "lowball-27-batch-loop": (
        ("np.random.default_rng(1).permuted(np.tile(np.arange(52, dtype=np.uint8), "
         "(2_000_000, 1)), axis=1)[:, :7].copy()"),
        "[hr.lowball('27').evaluate_batch(setup, threads=2) for _ in range(400)]"),
    "omaha-hilo-batch-loop": (
        ("np.random.default_rng(1).permuted(np.tile(np.arange(52, dtype=np.uint8), "
         "(1_000_000, 1)), axis=1)[:, :11].copy()"),
        "[hr.games.hilo.evaluate_omaha_hilo_batch(setup[:, :6], setup[:, 6:], threads=2) "
        "for _ in range(200)]"),
    "omaha-hilo-mc": ("None", "hr.equity(['As2sKdQd', 'Ah3hJcTc'], game='omaha-hilo', "
                              "trials=2_000_000_000, threads=2)"),
    # handrank.dask on the local threaded scheduler (client=None): the tasks'
    # C loops share this process and poll the cancel flag.
    "dask-mc": ("__import__('handrank.dask').dask",
                "setup.equity(['AsKs', 'QdQc'], trials=2_000_000_000, chunk_trials=100_000_000)"),
    "dask-exact": ("__import__('handrank.dask').dask",
                   "setup.equity(['22+,A2+', 'random'], exact=True)"),
    # Issue 23, the calls added since: Monte Carlo of Omaha ranges and of stud.
    "omaha-range-mc": ("None", "hr.equity(['AA**', 'random'], game='omaha', trials=10**8)"),
    "stud-mc": ("None", "hr.equity(['AsKsQs', 'JdTd9d'], game='stud', trials=10**8)"),
    # handrank.boards: the signal lands while the 1 GB river array is set up
    # (it was one numpy fill of 3 s under load) ...
    "boards-turn-ehs": ("__import__('handrank.boards').boards", "setup.ehs('turn')"),
    # ... and inside a flop task (1-2 s of C each; here one of ten times that
    # size, so a task that ignored the cancel flag would show): it polls the
    # cancel flag.  A river of zeros (calloc: no 1 GB written) stands in.
    "boards-flop-stats": (
        "__import__('handrank.boards').boards",
        ("setup._run(None, setup._stats_task, "
         "[(1, 13, 0, 200_000, 50, np.zeros(setup._ix(13)[0].size(3)))], [0], "
         "lambda key, res: None, None)")),
    # The hand index: the C loops run in slices of 65,536 rows (milliseconds).
    "index-batch": ("hr.deal(12_000_000, 7, seed=1)",
                    "__import__('handrank.boards.index').boards.index.holdem"
                    ".index_batch(setup, 3)"),
    "unindex-batch": ("np.arange(20_000_000, dtype=np.int64)",
                      "__import__('handrank.boards.index').boards.index.holdem"
                      ".unindex_batch(setup, 3)"),
    # The input copy of a broadcast view (one numpy copy of seconds before it
    # ran in slices) and then the batch.
    "batch-broadcast-copy": ("np.broadcast_to(np.arange(7, dtype=np.int16), (100_000_000, 7))",
                             "hr.evaluate_batch(setup, threads=2)"),
    # Reading and replaying hand histories (pure Python: between two bytecodes).
    "history-replay": (
        "__import__('handrank.history._generate').history._generate.corpus(20000, seed=1)",
        "[h.replay() for h in __import__('handrank.history').history.read(setup)]"),
    # The summary of a file of 5,000 hands (removed at exit): its all-in hands' exact
    # pots in C, a few hands a call (one call per batch of thousands took seconds).
    "history-summary": (
        "(lambda p: (open(p, 'w').write(__import__('handrank.history._generate')"
        ".history._generate.corpus(5000, seed=1)), __import__('atexit').register("
        "__import__('os').remove, p), p)[2])(__import__('tempfile').mkstemp(suffix='.phhs')[1])",
        "__import__('handrank.history').history.summary(setup)"),
}


def _interrupt(code: str, env: dict[str, str] | None = None) -> dict:
    proc = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True,
                            env={**os.environ, **(env or {})},
                            preexec_fn=_default_sigint)
    try:
        line = proc.stdout.readline()
        assert line.strip() == "ready", line + proc.stderr.read()
        time.sleep(SETTLE)
        sent = time.time()
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=600)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == 0, err
    result = json.loads(out.strip().splitlines()[-1])
    assert "finished" not in result, "the call ended before the signal: make it longer"
    result["delay"] = result["caught"] - sent
    return result


@pytest.mark.parametrize("case", sorted(CASES))
def test_ctrl_c_stops_the_call_and_every_worker(case, record_property):
    if case.startswith("dask"):
        pytest.importorskip("distributed", reason="needs the dask extra")
    setup, call = CASES[case]
    r, seen = _within_bound(lambda: _interrupt(CHILD.format(setup=setup, call=call)),
                            lambda r: r["delay"] < DELAY and r["idle_cpu"] < IDLE_CPU)
    record_property("delay", r["delay"])
    record_property("next_call", (r["before"], r["after"]))
    print(f"{case}: KeyboardInterrupt {r['delay']:.3f} s after SIGINT; CPU in the next 0.5 s "
          f"{r['idle_cpu']:.3f} s; next call {r['after']:.3f} s (before: {r['before']:.3f} s)")
    tries = [(round(x["delay"], 3), round(x["idle_cpu"], 3)) for x in seen]
    assert r["delay"] < DELAY, tries
    assert r["idle_cpu"] < IDLE_CPU, f"a worker kept running after KeyboardInterrupt: {tries}"


def test_ctrl_c_python_backend_batch():
    code = CHILD.format(
        setup="np.tile(np.arange(7, dtype=np.uint8), (12_000_000, 1))",
        call="hr.evaluate_batch(setup)")
    r, seen = _within_bound(lambda: _interrupt(code, env={"HANDRANK_BACKEND": "python"}),
                            lambda r: r["delay"] < DELAY and r["idle_cpu"] < IDLE_CPU)
    print(f"python backend evaluate_batch: KeyboardInterrupt {r['delay']:.3f} s after SIGINT")
    tries = [(round(x["delay"], 3), round(x["idle_cpu"], 3)) for x in seen]
    assert r["delay"] < DELAY, tries
    assert r["idle_cpu"] < IDLE_CPU, tries


# The command line, run as ``python -m handrank`` does, with the library call
# it makes wrapped to print "ready" on stderr just before it starts, and
# ``main``'s return reported with its time.
CLI_CHILD = r"""
import json, sys, time
import handrank.cli as cli
from handrank.cli import _equity, _bench
from handrank import bench

def announce(call):
    def wrapped(*args, **kwargs):
        print("ready", file=sys.stderr, flush=True)
        return call(*args, **kwargs)
    return wrapped

_equity.equity = announce(_equity.equity)
bench.run_suite = announce(bench.run_suite)
status = cli.main({argv!r})
print(json.dumps({{"status": status, "returned": time.time()}}), file=sys.stderr, flush=True)
sys.exit(status)
"""


@pytest.mark.skipif(hr.backend != "c", reason="Monte Carlo on the command line needs the C core")
@pytest.mark.parametrize("argv", [
    ["equity", "AsKs", "QdQc", "--trials", "2000000000"],
    ["equity", "22+,A2+", "random", "--exact"],
    ["bench", "--no-progress", "--libs", ""],
])
def test_ctrl_c_command_line(argv):
    delay, seen = _within_bound(lambda: _cli_delay(argv), lambda d: d < DELAY)
    assert delay < DELAY, [round(d, 3) for d in seen]


def _cli_delay(argv):
    """Run ``handrank ARGV``, SIGINT it once it runs: seconds until main returned 130."""
    proc = subprocess.Popen([sys.executable, "-c", CLI_CHILD.format(argv=argv)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            preexec_fn=_default_sigint)
    try:
        line = proc.stderr.readline()      # import, parse, and the run is starting
        assert line.strip() == "ready", line + proc.stderr.read()
        time.sleep(SETTLE)
        sent = time.time()
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=600)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == 130, err
    assert "Traceback" not in err
    delay: float = json.loads(err.strip().splitlines()[-1])["returned"] - sent
    print(f"handrank {' '.join(argv)}: main returned 130 {delay:.3f} s after SIGINT")
    return delay


def test_the_real_command_exits_130_on_ctrl_c():
    """``python -m handrank``, unwrapped: SIGINT once the run's progress shows -> 130.

    stderr is not a terminal here, so the signal is sent once a bounded poll
    sees the process still running after its first second of CPU time (import
    and parse take less), with no fixed wait.
    """
    if hr.backend != "c":
        pytest.skip("Monte Carlo on the command line needs the C core")
    if not os.path.exists(f"/proc/{os.getpid()}/stat"):
        pytest.skip("reads the child's CPU time from /proc")
    proc = subprocess.Popen([sys.executable, "-m", "handrank", "equity", "AsKs", "QdQc",
                             "--trials", "2000000000"], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, preexec_fn=_default_sigint)
    try:
        deadline = time.monotonic() + 120
        while _cpu_seconds(proc.pid) < 1.5:
            assert proc.poll() is None, proc.communicate()
            assert time.monotonic() < deadline, "the command did not start within 120 s"
            time.sleep(0.05)
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=600)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == 130, err
    assert "Traceback" not in err


def _cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of a running process, from /proc (0 where there is none)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _ignore_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def test_ctrl_c_tests_work_with_sigint_ignored():
    """Run under ``nohup ... &`` (SIGINT inherited as ignored), the tests still pass."""
    proc = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-x", "-p", "no:cacheprovider",
         f"{__file__}::test_ctrl_c_stops_the_call_and_every_worker[mc-1-thread]",
         f"{__file__}::test_ctrl_c_python_backend_batch",
         f"{__file__}::test_ctrl_c_command_line[argv0]",
         f"{__file__}::test_the_real_command_exits_130_on_ctrl_c"],
        capture_output=True, text=True, timeout=600, preexec_fn=_ignore_sigint,
        cwd=os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-2000:]
    assert "4 passed" in proc.stdout, proc.stdout[-2000:]
