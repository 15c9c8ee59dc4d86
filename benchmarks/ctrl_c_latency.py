"""Ctrl-C latency of every long call: SIGINT once the call is under way, time to KeyboardInterrupt.

Each case of tests/test_interrupt.py (the long calls of the API), and the
long calls of :data:`EXTRA` (PQL, video poker, analyze, equity_matrix, the
DuckDB store of histories), runs in a child process.  A watcher thread in the child prints "running" once the
call has been running for --after seconds and has not returned (so the
signal always lands inside the call, wherever it is); the parent sends
SIGINT the moment it reads that line.  The child reports the time its
KeyboardInterrupt was caught (CLOCK_REALTIME in both processes); the
latency is caught - sent.  Largest first.

    python benchmarks/ctrl_c_latency.py [--repeat 3] [--after 0.5] [--only NAME]
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import signal
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

CHILD = r"""
import json, sys, threading, time
import numpy as np
import handrank as hr
setup = {setup}
done = threading.Event()
def watch():
    if not done.wait({after}):
        print("running", flush=True)
threading.Thread(target=watch, daemon=True).start()
try:
    {call}
    done.set()
    print(json.dumps({{"finished": True}}), flush=True)
except KeyboardInterrupt:
    print(json.dumps({{"caught": time.time()}}), flush=True)
"""


#: A file of 5,000 generated PHH hands (made in the child's setup, before the clock).
_HANDS_FILE = ("(lambda p: (open(p, 'w').write(__import__('handrank.history._generate')"
               ".history._generate.corpus(5000, seed=1)), __import__('atexit').register("
               "lambda: [__import__('os').remove(x) for x in (p, p + '.duckdb') "
               "if __import__('os').path.exists(x)]), p)[2])"
               "(__import__('tempfile').mkstemp(suffix='.phhs')[1])")

#: The long calls tests/test_interrupt.py does not hold: (setup, call) as there.
#: Their lengths alone on the machine of the note: pql 2e9 trials and its where
#: clause minutes; video_poker('deuces-wild') 3.8 s; analyze of every Omaha hand
#: on a flop 7.1 s; equity_matrix of 22+ against three classes 4.5 s; summary of
#: 5,000 hands ~2 s; to_duckdb of them ~4 s.  draw_odds and best_hold answer in
#: under 0.2 s in every draw game (a 27 triple draw with vs= 0.10 s), so they have
#: no case: the contract is for calls that can run longer than a second.
EXTRA = {
    "pql-mc": ("None", "hr.pql(\"select avg(riverEquity(hero)) from game='holdem', "
                       "hero='AsKs', villain='QQ'\", trials=2_000_000_000, seed=1)"),
    "pql-where": ("None", "hr.pql(\"select count(winsHi(hero)) from game='holdem', "
                          "hero='AsKs', villain='QQ' where true\", trials=500_000_000, seed=1)"),
    "video-poker-deuces-wild": ("None", "hr.video_poker('deuces-wild')"),
    "analyze-omaha-flop": ("None", "hr.analyze('random', 'Qh 7c 2d', game='omaha')"),
    "equity-matrix": ("None", "hr.equity_matrix('22+', 'AKs,AKo,KQs')"),
    "history-to-duckdb": (_HANDS_FILE, "__import__('handrank.history').history.to_duckdb("
                                       "setup, setup + '.duckdb')"),
}


def _cases() -> dict[str, tuple[str, str]]:
    spec = importlib.util.spec_from_file_location("ti", os.path.join(ROOT, "tests",
                                                                     "test_interrupt.py"))
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return {**module.CASES, **EXTRA}


def one(setup: str, call: str, after: float) -> float | None:
    code = CHILD.format(setup=setup, call=call, after=after)
    proc = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, cwd=ROOT,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        line = proc.stdout.readline() if proc.stdout else ""
        if line.strip() != "running":
            return None                      # ended before the signal: too short
        sent = time.time()
        proc.send_signal(signal.SIGINT)
        out, _ = proc.communicate(timeout=120)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    lines = out.strip().splitlines()
    if proc.returncode != 0 or not lines or "caught" not in lines[-1]:
        return float("inf")                  # no KeyboardInterrupt in the child: a failure
    return float(json.loads(lines[-1])["caught"]) - sent


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--repeat", type=int, default=3)
    p.add_argument("--after", type=float, default=0.5)
    p.add_argument("--only", default=None)
    a = p.parse_args()
    rows = []
    for name, (setup, call) in sorted(_cases().items()):
        if a.only and a.only not in name:
            continue
        got = [one(setup, call, a.after) for _ in range(a.repeat)]
        ok = [g for g in got if g is not None]
        rows.append((max(ok) if ok else float("nan"), name, ok))
        print(f"  {name}: {', '.join(f'{g:.3f}' for g in ok)}", file=sys.stderr, flush=True)
    print(f"{'call':28} {'worst s':>8} {'runs':>5}")
    for worst, name, ok in sorted(rows, key=lambda r: -r[0]):
        print(f"{name:28} {worst:8.3f} {len(ok):5d}")


if __name__ == "__main__":
    main()
