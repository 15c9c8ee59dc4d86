"""One hand: ``hr.evaluate`` of one 7-card hand in each input form, against the peers.

Run: ``python benchmarks/bench_one_hand.py [ROUNDS]`` (about half a minute with
the default 30 rounds).  Not collected by pytest.

Prints, for each form (a list and a tuple of ids, a string, a uint8, an int64 and an
int32 array, a list of numpy ints) and for eval7's ``evaluate`` on its own
``Card`` objects and holdem-hand-evaluator's ``evaluate_hand`` on its string,
the best and the median of ROUNDS rounds of 4,000 calls, the rounds of all
the forms interleaved (this machine's speed drifts by up to 2x within
minutes: only figures of one run compare), and each form's speed as a
ratio to each peer's (above 1: handrank is faster).  The floors come last: a
bare cffi call on prebuilt bytes, the packing of a list into bytes, an empty
lambda (timeit's own cost, in every figure).
"""

from __future__ import annotations

import os
import statistics
import sys
import timeit
from typing import Any, Callable

import numpy as np

import handrank as hr
from handrank.core import kernels

HAND = "As Kd 7h 7c 2s 9d Jc"
IDS = [51, 45, 22, 20, 3, 29, 36]
CALLS = 4000


def cases() -> dict[str, Callable[[], Any]]:
    ev = hr.evaluate
    ids, tup, text = list(IDS), tuple(IDS), HAND
    u8, i64, i32 = np.array(IDS, np.uint8), np.array(IDS, np.int64), np.array(IDS, np.int32)
    npints = [np.int64(c) for c in IDS]
    want = ev(text)
    for x in (ids, tup, u8, i64, i32, npints):
        assert ev(x) == want
    out: dict[str, Callable[[], Any]] = {
        "list": lambda: ev(ids), "tuple": lambda: ev(tup), "str": lambda: ev(text),
        "uint8 array": lambda: ev(u8), "int64 array": lambda: ev(i64),
        "int32 array": lambda: ev(i32),
        "list of np.int64": lambda: ev(npints),
    }
    try:
        import eval7
        cards = [eval7.Card(c) for c in HAND.split()]
        e7 = eval7.evaluate
        out["eval7.evaluate(Cards)"] = lambda: e7(cards)
    except ImportError:
        print("eval7 not installed (pip install '.[peers]')")
    try:
        import holdem_hand_evaluator as hhe
        joined, he = HAND.replace(" ", ""), hhe.evaluate_hand
        out["hhe.evaluate_hand(str)"] = lambda: he(joined)
    except ImportError:
        print("holdem-hand-evaluator not installed (pip install '.[peers]')")
    if kernels.EVAL7_HOLDEM is not None:
        raw, f7, pack = bytes(IDS), kernels.EVAL7_HOLDEM, kernels._PACK7
        out["floor: cffi call, bytes ready"] = lambda: f7(raw)
        out["floor: Struct pack of the list"] = lambda: pack(*ids)
        out["floor: bytes(list)"] = lambda: bytes(ids)
    out["floor: empty lambda"] = lambda: None
    return out


def main() -> None:
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 30
    print(f"handrank {hr.__version__}, backend {hr.backend}; Python {sys.version.split()[0]}; "
          f"load {os.getloadavg()[0]:.2f}")
    runs = cases()
    times: dict[str, list[float]] = {k: [] for k in runs}
    for _ in range(rounds):
        for name, f in runs.items():
            times[name].append(timeit.timeit(f, number=CALLS) / CALLS * 1e9)
    best = {k: min(v) for k, v in times.items()}
    peers = [p for p in ("eval7.evaluate(Cards)", "hhe.evaluate_hand(str)") if p in best]
    head = "".join(f"  {'x ' + p.split('.')[0]:>8s}" for p in peers)
    print(f"{'form':32s} {'best ns':>8s} {'median':>8s}{head}")
    for name, v in times.items():
        ratios = "".join(f"  {best[p] / best[name]:8.2f}" for p in peers)
        print(f"{name:32s} {best[name]:8.0f} {statistics.median(v):8.0f}{ratios}")
    print(f"load {os.getloadavg()[0]:.2f} at the end; ratios are best against best")


if __name__ == "__main__":
    main()
