"""Arbitrary inputs for every public entry point, and what each call did.

Shared by tests/test_fuzz.py (hypothesis draws the inputs) and the backends
test (a fixed corpus built here from a seed, run once per backend in a
subprocess, whose outcomes must be identical).

An outcome is ``("ok", summary)`` or ``("error", exception type, message)``;
only HandrankError, ValueError and TypeError may come out (MemoryError is
allowed for the few inputs whose result would not fit in memory).
"""

from __future__ import annotations

import hashlib
import os
import threading
from typing import Any, Callable

import numpy as np

import handrank as hr

ALLOWED = (hr.HandrankError, ValueError, TypeError)

# Tokens the generators mix: cards in every spelling, near misses and junk.
TOKENS = ["As", "Kd", "7h", "2c", "Td", "10s", "A♠", "K♥", "q♦", "3♣", "Zz", "A", "1",
          "11c", "", " ", ",", "AsKs", "QQ+", "AKs", "T9s-65s", "random", ":0.5", "-", "+",
          "\x00", "é", "🂡", "22-55", "A5s-A2s", "KK:1e-300"]
INTS = [0, 1, 5, 51, 52, 255, 256, -1, 7462, 7463, 10**30, -10**30, 2**63, 2**64]


def _digest(x: Any) -> Any:
    """A JSON-able summary of a result, equal across backends when results are."""
    if isinstance(x, np.ndarray):
        return ["array", list(x.shape), str(x.dtype),
                hashlib.sha256(np.ascontiguousarray(x).tobytes()).hexdigest()[:16]]
    if isinstance(x, hr.EquityResult):
        return ["equity", [round(float(v), 9) for v in x.equity], x.exact, x.samples]
    if isinstance(x, hr.Settlement):
        return ["settle", list(x.payouts)]
    if isinstance(x, hr.Range):
        return ["range", x.text, len(x)]
    if isinstance(x, (list, tuple)):
        return [_digest(v) for v in x]
    if isinstance(x, (np.integer, int)):
        return int(x)
    if isinstance(x, float):
        return round(x, 9)
    return str(x)


# The watchdog: a call that has not returned after this many seconds fails
# the test (a hang would otherwise stall the run).  Generous, for a loaded
# machine: every call here takes well under a second.
CALL_SECONDS = float(os.environ.get("HANDRANK_FUZZ_CALL_SECONDS", "60"))


class Hang(AssertionError):
    """A call that did not return within CALL_SECONDS."""


def bounded(call: Callable[[], Any], seconds: float | None = None) -> Any:
    """``call()`` on a watchdog thread: its result or its exception, or Hang.

    A hung call cannot be killed from Python; its (daemon) thread is left
    behind and the test fails at once with the call's name.
    """
    box: dict[str, Any] = {}

    def run() -> None:
        try:
            box["value"] = call()
        except BaseException as e:   # handed back to the caller's thread
            box["error"] = e

    t = threading.Thread(target=run, daemon=True, name="handrank-fuzz-watchdog")
    t.start()
    t.join(CALL_SECONDS if seconds is None else seconds)
    if t.is_alive():
        raise Hang(f"no answer after {CALL_SECONDS if seconds is None else seconds:.0f} s "
                   f"from {getattr(call, '__qualname__', call)!r}")
    if "error" in box:
        raise box["error"]
    return box["value"]


def outcome(call: Callable[[], Any]) -> tuple[Any, ...]:
    """Run ``call`` under the watchdog; its result summary, or the allowed error.

    Any other exception propagates: that is a failure of the fuzz test (and
    so is a call that does not return in CALL_SECONDS).
    """
    try:
        return ("ok", _digest(bounded(call)))
    except ALLOWED as e:
        text = str(e)
        assert text, f"empty message from {type(e).__name__}"
        assert "internal error" not in text, text
        assert len(text) < 400, text[:400]
        return ("error", type(e).__name__, text)


# --------------------------------------------------------------------- a fixed corpus

def _value(rng: np.random.Generator) -> Any:
    """One arbitrary value: a card, cards, text, an int, an array, junk."""
    kind = int(rng.integers(12))
    if kind == 0:
        return TOKENS[int(rng.integers(len(TOKENS)))]
    if kind == 1:
        k = int(rng.integers(0, 9))
        return " ".join(TOKENS[int(i)] for i in rng.integers(0, 10, size=k))
    if kind == 2:
        return INTS[int(rng.integers(len(INTS)))]
    if kind == 3:
        k = int(rng.integers(0, 9))
        return [int(v) for v in rng.integers(0, 52 if rng.random() < 0.8 else 80, size=k)]
    if kind == 4:
        k = int(rng.integers(0, 9))
        return [TOKENS[int(i)] for i in rng.integers(0, 10, size=k)]
    if kind == 5:
        return _array(rng)
    if kind == 6:
        return [0.0, 0.5, 1.5, -1.0, np.nan, np.inf][int(rng.integers(6))]
    if kind == 7:
        junk: list[Any] = [None, True, False, b"AsKs", (), {}, object, 1.0 + 2j]
        return junk[int(rng.integers(len(junk)))]
    if kind == 8:
        return "".join(rng.choice(list("AKQJT98765432cdhs ,+-:.s♠♥xyz0"),
                                  size=int(rng.integers(0, 20))))
    if kind == 9:
        return np.int64(rng.integers(-5, 60))
    if kind == 10:
        return [_value(rng) for _ in range(int(rng.integers(0, 4)))]
    return " ".join(hr.card_str(int(c)) for c in rng.permutation(52)[:int(rng.integers(0, 9))])


def _array(rng: np.random.Generator, ndim: int | None = None, width: int | None = None) -> Any:
    dtype = str(rng.choice(["uint8", "int8", "int16", "uint16", "int64", "uint64", "float64",
                            "bool", "int32"]))
    n = int(rng.integers(0, 6))
    w = width if width is not None else int(rng.integers(3, 9))
    shape: tuple[int, ...] = (n, w) if (ndim or int(rng.integers(1, 4))) == 2 else \
        ((n, 2, w) if ndim == 3 else (w,))
    if ndim == 3:
        shape = (n, int(rng.integers(0, 4)), 2)
    low, high = (0, 52) if rng.random() < 0.7 else (-3, 70)
    if dtype.startswith("uint") or dtype == "bool":
        low = max(low, 0)
    values = rng.integers(low, high, size=shape)
    # mostly distinct cards per row, so many calls succeed
    if len(shape) >= 2 and rng.random() < 0.6 and shape[0]:
        flat = np.argsort(rng.random((shape[0], 52)), axis=1)[:, :int(np.prod(shape[1:]))]
        if flat.shape[1] == int(np.prod(shape[1:])):
            values = flat.reshape(shape)
    return values.astype(dtype)


def _hand(rng: np.random.Generator, k: int) -> Any:
    """k distinct cards as text, a list of ids or an array."""
    ids = [int(c) for c in rng.permutation(52)[:k]]
    form = int(rng.integers(3))
    if form == 0:
        return " ".join(hr.card_str(c) for c in ids)
    return ids if form == 1 else np.array(ids, dtype=rng.choice(["uint8", "int64"]))


def _threads(rng: np.random.Generator) -> Any:
    if rng.random() < 0.7:
        return [None, 1, 2][int(rng.integers(3))]
    choices: list[Any] = [None, 1, 2, 0, -1, 2.0, True, "2", np.int64(3)]
    return choices[int(rng.integers(len(choices)))]


def corpus(seed: int = 14, size: int = 400) -> list[tuple[str, Callable[[], Any]]]:
    """``size`` named calls with arbitrary arguments, the same on every run."""
    rng = np.random.default_rng(seed)
    calls: list[tuple[str, Callable[[], Any]]] = []

    def add(name: str, f: Callable[[], Any]) -> None:
        calls.append((name, f))

    while len(calls) < size:
        v, w, x = _value(rng), _value(rng), _value(rng)
        if rng.random() < 0.5:     # often a valid hand, so results are compared too
            v, w = _hand(rng, int(rng.integers(4, 8))), _hand(rng, int(rng.integers(2, 6)))
        t = _threads(rng)
        pick = int(rng.integers(16))
        if pick == 0:
            add("card", lambda v=v: hr.card(v))
        elif pick == 1:
            add("cards", lambda v=v: hr.cards(v))
        elif pick == 2:
            add("evaluate", lambda v=v: hr.evaluate(v))
        elif pick == 3:
            a = _array(rng, 2, int(rng.integers(4, 9)))
            add("evaluate_batch", lambda a=a, t=t: hr.evaluate_batch(a, threads=t))
        elif pick == 4:
            s_ = v if rng.random() < 0.5 else int(rng.integers(-2, 7470))
            add("category", lambda v=s_: hr.category(v))
        elif pick == 5:
            s_ = v if rng.random() < 0.5 else int(rng.integers(-2, 7470))
            add("describe", lambda v=s_: hr.describe(v))
        elif pick == 6:
            add("best_five", lambda v=v: hr.best_five(v))
        elif pick == 7:
            add("Range", lambda v=v: hr.Range(v))
        elif pick == 8:
            add("evaluate_omaha", lambda v=v, w=w: hr.games.omaha.evaluate_omaha(v, w))
        elif pick == 9:
            h = _array(rng, 2, int(rng.integers(3, 8)))
            b = _array(rng, 2, 5)
            if len(b) != len(h) and rng.random() < 0.8:
                b = _array(rng, 2, 5)[:0] if len(h) == 0 else np.resize(b, (len(h), 5))
            add("evaluate_omaha_batch",
                lambda h=h, b=b, t=t: hr.games.omaha.evaluate_omaha_batch(h, b, threads=t))
        elif pick == 10:
            b = _array(rng, 2, 5)
            h = _array(rng, 3)
            if len(h) != len(b):
                h = np.resize(h, (len(b), *h.shape[1:])) if h.size else h
            add("showdown_batch", lambda b=b, h=h, t=t: hr.showdown_batch(b, h, threads=t))
        elif pick == 11:
            add("explain", lambda v=v, w=w, x=x: hr.explain(v, w, board=x))
        elif pick == 12:
            chips = [_value(rng) if rng.random() < 0.2 else int(c)
                     for c in rng.integers(0, 200, size=int(rng.integers(1, 5)))]
            hands = [None if rng.random() < 0.2 else
                     " ".join(hr.card_str(int(c)) for c in rng.permutation(52)[:2])
                     for _ in chips] if rng.random() < 0.8 else v
            board = w if rng.random() < 0.3 else \
                " ".join(hr.card_str(int(c)) for c in rng.permutation(52)[:5])
            folded = None if rng.random() < 0.6 else [bool(rng.random() < 0.3) for _ in chips]
            button = x if rng.random() < 0.2 else int(rng.integers(0, len(chips)))
            rule = w if rng.random() < 0.1 else \
                str(rng.choice(["left_of_button", "high_card_by_suit", "seat_order"]))
            add("settle", lambda b=board, h=hands, c=chips, f=folded, n=button, r=rule:
                hr.settle(b, h, c, folded=f, button=n, odd_chip=r))
        elif pick == 13:
            # exact equity on spots small enough for the pure-Python backend
            hands = [" ".join(hr.card_str(int(c)) for c in rng.permutation(52)[:2])
                     for _ in range(int(rng.integers(1, 4)))]
            if rng.random() < 0.3:
                hands[int(rng.integers(len(hands)))] = v
            board = " ".join(hr.card_str(int(c)) for c in rng.permutation(52)[:5])[:14] \
                if rng.random() < 0.8 else w
            add("equity", lambda p=hands, b=board, t=t: hr.equity(p, board=b, exact=True,
                                                                  threads=t))
        elif pick == 14:
            add("variant", lambda v=v: hr.games.variants.variant(v))
        else:
            add("card_str", lambda v=v: hr.card_str(v))
    return calls


# Calls that hung (or ran for minutes) before issue 23: each now answers at once
# (run by tests/test_fuzz.py under the watchdog, on both backends).
ISSUE_23: list[tuple[str, Callable[[], Any]]] = [
    ("equity", lambda: hr.equity(["AA"] * 4, seed=1)),
    ("equity", lambda: hr.equity(["AKs"] * 5, seed=1)),
    ("equity", lambda: hr.equity(["AA:1e-300"] * 10, seed=1)),
    ("equity", lambda: hr.equity(["AA"] * 3, seed=1)),
    ("equity", lambda: hr.equity(["AA"] * 4, seed=1, exact=False, trials=1000)),
    ("equity", lambda: hr.equity(["AsAh,KsKh:1e-300", "AsAh,QsQh:1e-300"], seed=1,
                                 trials=10**6)),
    ("equity", lambda: hr.equity(["KK,AA"] * 5, board="2c", seed=1)),
]


def run_corpus(seed: int = 14, size: int = 400) -> list[list[Any]]:
    """Every call of the corpus with its outcome, as JSON-able lists."""
    return [[name, *outcome(f)] for name, f in corpus(seed, size)]
