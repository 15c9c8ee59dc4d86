"""Side-by-side speed comparison of handrank with every evaluator installed.

Every library evaluates the same pre-generated hands (fixed seed), each
converted to the library's own representation before the clock starts.
Repeats are interleaved (library order rotates each round) so that drift in
the machine hits everyone alike; the table reports the median and the
min..max of the repeats.

The check column compares every peer's answers with handrank's on the
*ranking* of every hand it was timed on: scales differ (treys counts down
from 1 = royal flush, pokerkit counts lookup entries, eval7 packs bits), so
two libraries agree when sorting the hands by either one's values gives the
same weak order.  Disagreements are listed with the hands, never hidden.

Peers (optional extra ``peers``): eval7, phevaluator, treys, deuces,
pokerkit and pokerfast (its pure-Python ``eval7`` and, when its compiled
library loads, OMPEval through ``pokerfast.equity``).
"""

from __future__ import annotations

import datetime
import functools
import gc
import itertools
import json
import os
import platform
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from importlib import metadata
from typing import Any, Callable

import numpy as np

import handrank as hr

from ..core import kernels
from ..core._backend import BACKEND
from ..core.cards import card_str
from ..equity.holdem import equity as _hr_equity
from ..games.holdem import game_tables

__all__ = [
    "Adapter",
    "Suite",
    "adapters",
    "check_order",
    "load_json",
    "machine_info",
    "random_hands",
    "render_table",
    "run_suite",
    "save_json",
    "save_plot",
]

N_ALL7 = 133_784_560
"""Number of distinct 7-card hands from a 52-card deck, C(52, 7)."""

SINGLE_HAND = "As Kd 7h 7c 2s 9d Jc"
EQUITY_HANDS = ("AsKs", "QdQc")
MC_TRIALS = 1_000_000

_RANKS = "23456789TJQKA"
_SUITS = "cdhs"
CARD_TEXT = [r + s for r in _RANKS for s in _SUITS]
"""Two-character text of each card id (id = 4 * rank + suit)."""


# --------------------------------------------------------------------- hands
def random_hands(n: int, k: int = 7, seed: int = 2024) -> np.ndarray:
    """Return ``n`` random ``k``-card hands as an (n, k) uint8 array of card ids.

    Vectorised rejection sampling: draw ``k`` ids per row, redraw the rows
    that repeat a card.  The same ``(n, k, seed)`` always gives the same hands.

    Parameters
    ----------
    n : int
        Number of hands.
    k : int
        Cards per hand, 5 to 7.
    seed : int
        Seed of numpy's default generator.

    Returns
    -------
    ndarray of uint8, shape (n, k)

    Examples
    --------
    >>> random_hands(3, 7).shape
    (3, 7)
    >>> random_hands(2, 8)
    Traceback (most recent call last):
    ...
    ValueError: expected 5 to 7 cards per hand, got 8
    """
    if not 5 <= k <= 7:
        raise ValueError(f"expected 5 to 7 cards per hand, got {k}")
    rng = np.random.default_rng([seed, k])
    out = rng.integers(0, 52, size=(n, k), dtype=np.uint8)
    todo = np.arange(n)
    while todo.size:
        rows = np.sort(out[todo], axis=1)
        bad = (np.diff(rows, axis=1) == 0).any(axis=1)
        todo = todo[bad]
        out[todo] = rng.integers(0, 52, size=(todo.size, k), dtype=np.uint8)
    return out


def hand_text(row: Sequence[int]) -> str:
    """``"As Kd 7h ..."`` for a row of card ids."""
    return " ".join(card_str(int(c)) for c in row)


# ------------------------------------------------------------------ adapters
@dataclass
class Adapter:
    """How to drive one library.

    Attributes
    ----------
    name, version : str
        The library as printed in the table.
    convert : callable
        (n, k) uint8 ids -> the library's own representation of the hands.
    evaluate_many : callable
        That representation -> one value per hand, in the library's scale.
    higher_is_stronger : bool
        False for the Cactus Kev scale (1 = royal flush).
    scale : float
        Fraction of the bulk sample this library is timed on (a loop in pure
        Python gets fewer hands than a C batch call; the rate is what counts).
    one_native, one_text : callable, optional
        ``(hand) -> callable()`` evaluating one prepared 7-card hand: from the
        library's own objects, and from the string ``"As Kd 7h ..."``.
    equity : callable, optional
        ``() -> (equity of AsKs vs QdQc, how, trials or 0 for exact)``.
    note : str
        Which API is timed.
    """

    name: str
    version: str
    convert: Callable[[np.ndarray], Any]
    evaluate_many: Callable[[Any], Any]
    higher_is_stronger: bool = True
    scale: float = 1.0
    one_native: Callable[[np.ndarray], Callable[[], Any]] | None = None
    one_text: Callable[[str], Callable[[], Any]] | None = None
    equity: Callable[[], tuple[float, str, int]] | None = None
    note: str = ""

    def keys(self, values: Any) -> np.ndarray:
        """Values as int64, higher stronger (the order the check compares)."""
        v = np.asarray(values, dtype=np.int64)
        return v if self.higher_is_stronger else -v


def _bound(func: Callable[..., Any], *args: Any) -> Callable[[], Any]:
    """``func`` with its arguments fixed now, so a single-call timing measures the call."""
    return functools.partial(func, *args)


def _version(module: str) -> str:
    try:
        return metadata.version(module)
    except Exception:  # noqa: BLE001 - any metadata problem just means "unknown"
        return "?"


def _handrank() -> Adapter:
    def one_native(row: np.ndarray) -> Callable[[], Any]:
        ids = [int(c) for c in row]
        ev = hr.evaluate
        return lambda: ev(ids)

    def one_text(text: str) -> Callable[[], Any]:
        ev = hr.evaluate
        return lambda: ev(text)

    return Adapter(
        name="handrank", version=f"{hr.__version__} ({BACKEND})",
        convert=lambda a: np.ascontiguousarray(a, dtype=np.uint8),
        evaluate_many=lambda a: hr.evaluate_batch(a, threads=1),
        one_native=one_native, one_text=one_text, equity=_handrank_equity(),
        note="evaluate_batch(uint8 array, threads=1); evaluate(list of ids | str)")


def _handrank_equity() -> Callable[[], tuple[float, str, int]]:
    """hr.equity, exact, on one thread (the check compares it with _batch_equity)."""
    def run_api() -> tuple[float, str, int]:
        return float(_hr_equity(list(EQUITY_HANDS), exact=True, threads=1).equity[0]), \
            "hr.equity, exact", 0
    return run_api


def _batch_equity() -> Callable[[], tuple[float, str, int]]:
    """Exact equity of AsKs vs QdQc, every board through evaluate_batch: the
    independent answer hr.equity and the peers are checked against."""
    def run_batch() -> tuple[float, str, int]:
        a, b = _equity_hands()
        sa = hr.evaluate_batch(a, threads=1)
        sb = hr.evaluate_batch(b, threads=1)
        wins = np.count_nonzero(sa > sb) + 0.5 * np.count_nonzero(sa == sb)
        return float(wins / len(a)), "exact, 1,712,304 boards via evaluate_batch", 0
    return run_batch


_EQUITY_HANDS: list[np.ndarray] = []


def _equity_hands() -> tuple[np.ndarray, np.ndarray]:
    """AsKs and QdQc on every board of the other 48 cards (built once, on first use)."""
    if not _EQUITY_HANDS:
        hero = hr.cards(EQUITY_HANDS[0])
        villain = hr.cards(EQUITY_HANDS[1])
        rest = [c for c in range(52) if c not in hero + villain]
        boards = np.array(list(itertools.combinations(rest, 5)), dtype=np.uint8)
        for hole in (hero, villain):
            h = np.empty((len(boards), 7), np.uint8)
            h[:, :2] = hole
            h[:, 2:] = boards
            _EQUITY_HANDS.append(h)
    return _EQUITY_HANDS[0], _EQUITY_HANDS[1]


def _eval7() -> Adapter:
    import eval7

    deck = [eval7.Card(t) for t in CARD_TEXT]
    ev = eval7.evaluate

    def convert(a: np.ndarray) -> list[list[Any]]:
        return [[deck[c] for c in row] for row in a.tolist()]

    def equity() -> tuple[float, str, int]:
        hero = [eval7.Card(EQUITY_HANDS[0][:2]), eval7.Card(EQUITY_HANDS[0][2:])]
        eq = eval7.py_hand_vs_range_monte_carlo(hero, eval7.HandRange(EQUITY_HANDS[1]), [],
                                                MC_TRIALS)
        return float(eq), "Monte Carlo", MC_TRIALS

    return Adapter(
        name="eval7", version=_version("eval7"), convert=convert,
        evaluate_many=lambda hands: [ev(h) for h in hands], scale=0.2,
        one_native=lambda row: _bound(ev, [deck[int(c)] for c in row]),
        one_text=lambda text: (lambda: ev([eval7.Card(t) for t in text.split()])),
        equity=equity, note="evaluate(list of Card) in a loop")


def _phevaluator() -> Adapter:
    from phevaluator import evaluate_cards

    return Adapter(
        name="phevaluator", version=_version("phevaluator"),
        convert=lambda a: [tuple(row) for row in a.tolist()],
        evaluate_many=lambda hands: [evaluate_cards(*h) for h in hands],
        higher_is_stronger=False, scale=0.2,
        one_native=lambda row: _bound(evaluate_cards, *(int(c) for c in row)),
        one_text=lambda text: (lambda: evaluate_cards(*text.split())),
        note="evaluate_cards(*ints) in a loop")


def _cactus(module_name: str) -> Adapter:
    module = __import__(module_name)
    new = module.Card.new
    ids = [new(t) for t in CARD_TEXT]
    ev = module.Evaluator().evaluate

    def convert(a: np.ndarray) -> list[tuple[list[int], list[int]]]:
        return [([ids[c] for c in row[:2]], [ids[c] for c in row[2:]]) for row in a.tolist()]

    def one_text(text: str) -> Callable[[], Any]:
        def run() -> Any:
            t = [new(x) for x in text.split()]
            return ev(t[:2], t[2:])
        return run

    return Adapter(
        name=module_name, version=_version(module_name), convert=convert,
        evaluate_many=lambda hands: [ev(h, b) for h, b in hands],
        higher_is_stronger=False, scale=0.02,
        one_native=lambda row: _bound(ev, *convert(row[None, :])[0]),
        one_text=one_text, note="Evaluator().evaluate(hole, board) in a loop")


def _pokerkit() -> Adapter:
    from pokerkit import Card, StandardHighHand

    deck = [next(iter(Card.parse(t))) for t in CARD_TEXT]
    from_game = StandardHighHand.from_game

    def convert(a: np.ndarray) -> list[tuple[Any, Any]]:
        return [(tuple(deck[c] for c in row[:2]), tuple(deck[c] for c in row[2:]))
                for row in a.tolist()]

    def equity() -> tuple[float, str, int]:
        from pokerkit import Deck, calculate_equities, parse_range

        trials = 1_000
        eq = calculate_equities((parse_range(EQUITY_HANDS[0]), parse_range(EQUITY_HANDS[1])),
                                (), 2, 5, Deck.STANDARD, (StandardHighHand,),
                                sample_count=trials)
        return float(eq[0]), "Monte Carlo", trials

    return Adapter(
        name="pokerkit", version=_version("pokerkit"), convert=convert,
        evaluate_many=lambda hands: [from_game(h, b).entry.index for h, b in hands],
        scale=0.002,
        one_native=lambda row: _bound(lambda h, b: from_game(h, b).entry.index,
                                       *convert(row[None, :])[0]),
        one_text=lambda text: (lambda: from_game(text, "").entry.index),
        equity=equity, note="StandardHighHand.from_game(hole, board) in a loop; key entry.index")


def _pokerfast() -> Adapter:
    from pokerfast import eval7 as pf_eval7

    def convert(a: np.ndarray) -> list[tuple[str, ...]]:
        return [tuple(CARD_TEXT[c] for c in row) for row in a.tolist()]

    return Adapter(
        name="pokerfast", version=_version("pokerfast"), convert=convert,
        evaluate_many=lambda hands: [pf_eval7(h) for h in hands], scale=0.02,
        one_native=lambda row: _bound(pf_eval7, convert(row[None, :])[0]),
        one_text=lambda text: (lambda: pf_eval7(text.split())),
        note="pokerfast.eval7(tuple of str) in a loop (pure Python)")


def _pokerfast_omp() -> Adapter:
    from pokerfast import equity as pfe

    if not pfe.available():
        raise ImportError("pokerfast's OMPEval library does not load")

    def convert(a: np.ndarray) -> list[str]:
        return ["".join(CARD_TEXT[c] for c in row) for row in a.tolist()]

    def equity() -> tuple[float, str, int]:
        return float(pfe.equity(list(EQUITY_HANDS), exact=True)[0]), "exact", 0

    return Adapter(
        name="pokerfast-omp", version=_version("pokerfast"), convert=convert,
        evaluate_many=pfe.evaluate, scale=0.2,
        one_native=lambda row: _bound(lambda h: pfe.evaluate(h)[0], convert(row[None, :])),
        one_text=lambda text: (lambda: pfe.evaluate([text.replace(" ", "")])[0]),
        equity=equity, note="pokerfast.equity.evaluate(list of str): OMPEval, one call")


PEERS: dict[str, Callable[[], Adapter]] = {
    "eval7": _eval7,
    "phevaluator": _phevaluator,
    "treys": lambda: _cactus("treys"),
    "deuces": lambda: _cactus("deuces"),
    "pokerkit": _pokerkit,
    "pokerfast": _pokerfast,
    "pokerfast-omp": _pokerfast_omp,
}


def adapters(names: Sequence[str] | None = None) -> tuple[list[Adapter], dict[str, str]]:
    """handrank plus every peer that imports.

    Parameters
    ----------
    names : sequence of str, optional
        Only these peers (handrank is always included).

    Returns
    -------
    (list of Adapter, dict)
        The adapters, and for each peer left out the reason.
    """
    found = [_handrank()]
    missing: dict[str, str] = {}
    for name, make in PEERS.items():
        if names is not None and name not in names:
            continue
        try:
            found.append(make())
        except ImportError:
            missing[name] = "not installed: pip install 'handrank[peers]'"
        except Exception as exc:  # noqa: BLE001 - a broken peer is reported, not fatal
            missing[name] = f"{type(exc).__name__}: {exc}".lower()
    return found, missing


# --------------------------------------------------------------------- check
def check_order(hands: np.ndarray, ref: np.ndarray, got: np.ndarray,
                limit: int = 5) -> tuple[int, list[str]]:
    """Compare two libraries' rankings of the same hands.

    Sort the hands by (ref, got).  The weak orders agree exactly when, for
    every pair of neighbours in that order, equal ``ref`` comes with equal
    ``got`` and a larger ``ref`` with a larger ``got``.

    Parameters
    ----------
    hands : ndarray, shape (n, k)
        The card ids, to print the hands of a disagreement.
    ref, got : array_like, shape (n,)
        handrank's strengths and the peer's keys (higher stronger).
    limit : int
        How many disagreements to describe.

    Returns
    -------
    (int, list of str)
        The number of neighbour pairs that disagree (0 = same ranking) and
        up to ``limit`` descriptions naming both hands.

    Examples
    --------
    >>> h = random_hands(3, 5)
    >>> check_order(h, np.array([1, 2, 2]), np.array([10, 30, 30]))[0]
    0
    >>> check_order(h, np.array([1, 2, 2]), np.array([10, 30, 31]))[0]
    1
    """
    ref = np.asarray(ref, dtype=np.int64)
    got = np.asarray(got, dtype=np.int64)
    if ref.shape != got.shape:
        raise ValueError(f"expected one value per hand, got {got.shape} for {ref.shape}")
    order = np.lexsort((got, ref))
    r, g = ref[order], got[order]
    dr, dg = np.diff(r), np.diff(g)
    bad = np.flatnonzero(((dr == 0) & (dg != 0)) | ((dr > 0) & (dg <= 0)))
    notes = []
    for i in bad[:limit]:
        a, b = order[i], order[i + 1]
        relation = "equal" if dr[i] == 0 else "weaker"
        notes.append(f"handrank: [{hand_text(hands[a])}] ({r[i]}) {relation} than/to "
                     f"[{hand_text(hands[b])}] ({r[i + 1]}), peer gives {g[i]} vs {g[i + 1]}")
    return int(bad.size), notes


# ---------------------------------------------------------------- the suite
@dataclass
class Suite:
    """Sizes of one run (``quick`` and ``default`` are the two presets)."""

    name: str
    repeats: int
    bulk: int          # hands handrank is timed on; peers get bulk * scale
    single: int        # distinct hands cycled through for the one-call workload
    single_loops: int  # passes over them per repeat
    seed: int = 2024

    @classmethod
    def preset(cls, name: str) -> Suite:
        if name == "quick":
            return cls("quick", repeats=3, bulk=200_000, single=500, single_loops=4)
        if name == "default":
            return cls("default", repeats=5, bulk=2_000_000, single=2_000, single_loops=10)
        raise ValueError(f"unknown suite {name!r}, expected 'quick' or 'default'")


@dataclass
class Result:
    workload: str
    library: str
    unit: str                       # "hands/s", "ns/call" or "s"
    samples: list[float] = field(default_factory=list)
    n: int = 0                      # hands (or calls) per sample
    check: str = ""
    extrapolated: bool = False
    note: str = ""


BATCH_KERNELS = ("plain C", "SSE2", "AVX2", "AVX-512")
"""Names of the C batch kernels, by the number ``hr_batch_kernel()`` returns."""


def batch_kernel() -> str:
    """The batch kernel ``evaluate_batch`` runs on this CPU ("numpy" without the C core)."""
    number = kernels.batch_kernel()
    return "numpy" if number is None or BACKEND != "c" else BATCH_KERNELS[number]


def machine_info() -> dict[str, Any]:
    """CPU model, core count, OS, Python and numpy versions."""
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return {"cpu": cpu, "cores": cores, "os": platform.platform(),
            "python": platform.python_version(), "numpy": np.__version__}


def _on_terminal(stream: Any) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):
        return False


class _Progress:
    def __init__(self, total: int, enabled: Any) -> None:
        self.total, self.done, self.enabled = total, 0, enabled
        self.bar: Any = None
        # A callable is told progress(done, total) after each step, and draws nothing.
        self.callback: Any = enabled if callable(enabled) else None
        if self.callback is not None:
            self.callback(0, total)
            enabled = False
        # A redrawn line (carriage returns) only on a terminal, never into a log.
        self.enabled = enabled = enabled and _on_terminal(sys.stderr)
        if enabled:
            try:
                from tqdm import tqdm

                self.bar = tqdm(total=total, desc="handrank bench", unit="step",
                                file=sys.stderr, leave=False)
            except ImportError:
                self.bar = None

    def step(self, label: str) -> None:
        self.done += 1
        if self.callback is not None:
            self.callback(min(self.done, self.total), self.total)
        if not self.enabled:
            return
        if self.bar is not None:
            self.bar.set_postfix_str(label, refresh=False)
            self.bar.update(1)
        else:
            sys.stderr.write(f"\rhandrank bench: {self.done}/{self.total} {label:<40}")
            sys.stderr.flush()

    def close(self) -> None:
        if self.callback is not None and self.done < self.total:
            self.done = self.total
            self.callback(self.total, self.total)
        if self.bar is not None:
            self.bar.close()
        elif self.enabled:
            sys.stderr.write("\r" + " " * 70 + "\r")
            sys.stderr.flush()


def _timed(func: Callable[[], Any]) -> tuple[float, Any]:
    gc_was = gc.isenabled()
    gc.disable()
    try:
        t0 = time.perf_counter()
        out = func()
        return time.perf_counter() - t0, out
    finally:
        if gc_was:
            gc.enable()


def _enumerate_all() -> int:
    """hr_enumerate7 over every 7-card hand on one thread; returns the hand count."""
    return int(kernels.enumerate7(game_tables()).sum())


def run_suite(suite: Suite, libs: list[Adapter], *, progress: Any = True,
              log: Callable[[str], None] | None = None) -> dict[str, Any]:
    """Run every workload for every adapter; return the results as plain data.

    Parameters
    ----------
    suite : Suite
        Sizes and repeats.
    libs : list of Adapter
        handrank first, then the peers.
    progress : bool or callable
        True: show a progress bar on stderr (on a terminal only); or a
        callable ``progress(done, total)``, told after each timed step (a
        workload of one library in one round), drawing nothing itself: `done`
        never decreases and the last call has ``done == total``.
    log : callable, optional
        Where disagreements are written as they are found (default stderr).

    Returns
    -------
    dict
        JSON-ready: ``machine``, ``versions``, ``backend``, ``suite``,
        ``results`` (one dict per workload and library), ``disagreements``.
    """
    if libs[0].name != "handrank":
        raise ValueError("expected handrank as the first adapter")
    run = _SuiteRun(suite, libs, log or (lambda s: print(s, file=sys.stderr)))
    has_hr_enum = BACKEND == "c"
    steps_per_round = sum(
        2 + (adapter.one_native is not None) + (adapter.one_text is not None)
        + (adapter.equity is not None) for adapter in libs) + has_hr_enum
    run.bar = _Progress(steps_per_round * suite.repeats, progress)
    try:
        for rep in range(suite.repeats):
            shift = rep % len(libs)
            for adapter in libs[shift:] + libs[:shift]:
                run.bulk(rep, adapter)
                run.single_calls(rep, adapter)
                if adapter is run.base and has_hr_enum:
                    run.enumerate_all()
                if adapter.equity is not None:
                    run.equity(adapter)
    finally:
        run.bar.close()
    results = run.results
    # Peers on all 7-card hands: extrapolated from their random 7-card rate.
    for adapter in libs:
        if adapter is run.base and has_hr_enum:
            continue
        rr = results[("random 7-card hands", adapter.name)]
        results[("all 133,784,560 7-card hands", adapter.name)] = Result(
            "all 133,784,560 7-card hands", adapter.name, "s",
            [N_ALL7 / x for x in rr.samples], rr.n, rr.check, True,
            f"from {rr.n:,} random hands")

    order = ["one 7-card call, native", "one 7-card call, from str", "random 7-card hands",
             "random 5-card hands", "all 133,784,560 7-card hands", "equity AsKs vs QdQc"]
    names = [adapter.name for adapter in libs]
    rows = sorted(results.values(), key=lambda r: (order.index(r.workload),
                                                   names.index(r.library)))
    return {
        "date": datetime.datetime.now().astimezone().isoformat(timespec="seconds"),
        "machine": machine_info(),
        "backend": BACKEND,
        "batch_kernel": batch_kernel(),
        "versions": {adapter.name: adapter.version for adapter in libs},
        "suite": {"name": suite.name, "repeats": suite.repeats, "bulk": suite.bulk,
                  "single": suite.single, "single_loops": suite.single_loops,
                  "seed": suite.seed},
        "results": [_result_dict(r) for r in rows],
        "disagreements": run.disagreements,
    }


class _SuiteRun:
    """run_suite's state: the hands, each adapter's prepared inputs, the results."""

    def __init__(self, suite: Suite, libs: list[Adapter], say: Callable[[str], None]) -> None:
        self.suite, self.say = suite, say
        self.base = base = libs[0]
        self.hands = {k: random_hands(suite.bulk, k, suite.seed) for k in (5, 7)}
        self.ref = {k: base.evaluate_many(base.convert(self.hands[k])) for k in (5, 7)}
        self.single = self.hands[7][: suite.single]
        text = [hand_text(r) for r in self.single]
        _handrank_equity_exact()    # builds the equity boards before any clock starts
        self.results: dict[tuple[str, str], Result] = {}
        self.disagreements: list[str] = []
        self.prepared: dict[tuple[str, str], Any] = {}
        self.bar: Any = None
        for adapter in libs:
            for k in (5, 7):
                n = max(100, int(suite.bulk * adapter.scale))
                self.prepared[adapter.name, f"bulk{k}"] = (
                    n, adapter.convert(self.hands[k][:n]))
            # Slow libraries get fewer single calls (the rate is what counts).
            m = max(50, int(len(self.single) * min(1.0, adapter.scale * 10)))
            if adapter.one_native is not None:
                self.prepared[adapter.name, "native"] = [adapter.one_native(r)
                                                         for r in self.single[:m]]
            if adapter.one_text is not None:
                self.prepared[adapter.name, "text"] = [adapter.one_text(t) for t in text[:m]]

    def record(self, workload: str, adapter: Adapter, unit: str, value: float, n: int,
               note: str = "") -> Result:
        r = self.results.setdefault((workload, adapter.name),
                                    Result(workload, adapter.name, unit, n=n, note=note))
        r.samples.append(value)
        return r

    def bulk(self, rep: int, adapter: Adapter) -> None:
        """Random 7- and 5-card hands in one call; checked against handrank in round 0."""
        for k in (7, 5):
            n, native = self.prepared[adapter.name, f"bulk{k}"]
            dt, out = _timed(functools.partial(adapter.evaluate_many, native))
            r = self.record(f"random {k}-card hands", adapter, "hands/s", n / dt, n,
                            adapter.note)
            if rep == 0 and adapter is not self.base:
                bad, notes = check_order(self.hands[k][:n], self.ref[k][:n],
                                         adapter.keys(out))
                r.check = "ok" if bad == 0 else f"{bad} DISAGREE"
                for s in notes:
                    msg = f"{adapter.name} ({k}-card): {s}"
                    self.disagreements.append(msg)
                    self.say(msg)
            elif rep == 0:
                r.check = "reference"
            self.bar.step(f"{adapter.name} {k}-card")

    def single_calls(self, rep: int, adapter: Adapter) -> None:
        """One 7-card hand a call, native and from text."""
        for kind, label in (("native", "one 7-card call, native"),
                            ("text", "one 7-card call, from str")):
            calls = self.prepared.get((adapter.name, kind))
            if calls is None:
                continue

            def loop(calls: list[Callable[[], Any]] = calls) -> None:
                for _ in range(self.suite.single_loops):
                    for c in calls:
                        c()
            dt, _ = _timed(loop)
            m = len(calls) * self.suite.single_loops
            r = self.record(label, adapter, "ns/call", dt / m * 1e9, m)
            if rep == 0:
                r.check = _check_single(adapter, self.base, self.single[:len(calls)], calls)
            self.bar.step(f"{adapter.name} {kind}")

    def enumerate_all(self) -> None:
        """handrank's hr_enumerate7 over all 7-card hands."""
        dt, count = _timed(_enumerate_all)
        r = self.record("all 133,784,560 7-card hands", self.base, "s", dt, N_ALL7,
                        "hr_enumerate7, one thread")
        r.check = "ok" if count == N_ALL7 else f"counted {count}"
        self.bar.step("handrank all 7-card")

    def equity(self, adapter: Adapter) -> None:
        """AsKs vs QdQc, exact or Monte Carlo scaled to MC_TRIALS."""
        assert adapter.equity is not None
        dt, (eq, how, trials) = _timed(adapter.equity)
        full = trials if trials == 0 else MC_TRIALS
        r = self.record("equity AsKs vs QdQc", adapter, "s",
                        dt * (full / trials if trials else 1.0), trials, how)
        r.extrapolated = bool(trials) and trials != MC_TRIALS
        if r.extrapolated:
            r.note = f"{how}, {trials:,} trials scaled to {MC_TRIALS:,}"
        r.check = _check_equity(eq, trials, r.check)
        self.bar.step(f"{adapter.name} equity")


def _check_equity(eq: float, trials: int, previous: str) -> str:
    """Exact answers must match handrank's exact one; Monte Carlo within 4 s.e."""
    exact = _handrank_equity_exact()
    if trials == 0:
        ok = abs(eq - exact) < 1e-9
        text = f"{eq:.6f}"
    else:
        se = (exact * (1 - exact) / trials) ** 0.5
        ok = abs(eq - exact) <= 4 * se
        text = f"{eq:.4f}"
    verdict = ("ok " if ok else "DISAGREE ") + text
    if previous and previous.startswith("DISAGREE"):
        return previous
    return verdict


def _handrank_equity_exact() -> float:
    """The reference answer, computed once per process."""
    if not _EXACT_CACHE:
        _EXACT_CACHE.append(_batch_equity()()[0])
    return _EXACT_CACHE[0]


_EXACT_CACHE: list[float] = []


def _check_single(adapter: Adapter, base: Adapter, single: np.ndarray,
                  calls: list[Callable[[], Any]]) -> str:
    """The one-call answers, ranked against handrank's on the same hands."""
    out = [c() for c in calls]
    ref = base.evaluate_many(base.convert(single))
    bad, _ = check_order(single, ref, adapter.keys(out))
    return "ok" if bad == 0 else f"{bad} DISAGREE"


def _result_dict(r: Result) -> dict[str, Any]:
    s = np.asarray(r.samples, dtype=float)
    return {"workload": r.workload, "library": r.library, "unit": r.unit,
            "median": float(np.median(s)), "min": float(s.min()), "max": float(s.max()),
            "samples": [float(x) for x in r.samples], "n": int(r.n), "check": r.check,
            "extrapolated": r.extrapolated, "note": r.note}


# ------------------------------------------------------------------- output
def _fmt(x: float, unit: str) -> str:
    if unit == "hands/s":
        for div, suffix in ((1e9, "G"), (1e6, "M"), (1e3, "k")):
            if x >= div:
                return f"{x / div:.3g}{suffix}"
        return f"{x:.3g}"
    if unit == "s" and x < 100:
        return f"{x:.3g}"
    return f"{x:,.0f}"


def _ratio(r: dict[str, Any], base: dict[str, Any] | None) -> str:
    """How many times faster handrank is than this library (1.0 for itself)."""
    if base is None:
        return ""
    if r["unit"] == "hands/s":
        x = base["median"] / r["median"]
    else:
        x = r["median"] / base["median"]
    return f"{x:,.0f}x" if x >= 100 else f"{x:.3g}x"


def render_table(data: dict[str, Any]) -> str:
    """The printed report: machine, versions, then one row per workload and library."""
    m = data["machine"]
    lines = [
        f"handrank bench ({data['suite']['name']} suite, {data['suite']['repeats']} repeats, "
        f"seed {data['suite']['seed']}), {data['date']}",
        f"machine: {m['cpu']}, {m['cores']} cores; {m['os']}; "
        f"Python {m['python']}, numpy {m['numpy']}",
        f"handrank backend: {data['backend']}"
        + (f", batch kernel {data['batch_kernel']}" if "batch_kernel" in data else ""),
        "versions: " + ", ".join(f"{k} {v}" for k, v in data["versions"].items()),
        "",
    ]
    header = ("workload", "library", "median", "min..max", "unit", "hr speed-up", "n", "check")
    rows = []
    base = {r["workload"]: r for r in data["results"] if r["library"] == "handrank"}
    for r in data["results"]:
        star = " *" if r["extrapolated"] else ""
        rows.append((r["workload"], r["library"], _fmt(r["median"], r["unit"]) + star,
                     f"{_fmt(r['min'], r['unit'])}..{_fmt(r['max'], r['unit'])}", r["unit"],
                     _ratio(r, base.get(r["workload"])),
                     f"{r['n']:,}" if r["n"] else "exact", r["check"]))
    widths = [max(len(str(x)) for x in col) for col in zip(header, *rows)]
    fmt = "  ".join(f"{{:{'<' if i < 2 or i == 7 else '>'}{w}}}" for i, w in enumerate(widths))
    lines.append(fmt.format(*header).rstrip())
    lines.append("  ".join("-" * w for w in widths))
    last = None
    for row in rows:
        if last is not None and row[0] != last:
            lines.append("")
        last = row[0]
        lines.append(fmt.format(*row).rstrip())
    lines += ["",
              "hr speed-up: how many times faster handrank is than that library in this run "
              "(median/median).",
              "* extrapolated: peers on all 7-card hands from their random 7-card rate; "
              f"Monte Carlo equity scaled to {MC_TRIALS:,} trials.",
              "check: the library ranks every timed hand as handrank does "
              "(equity: exact match, or Monte Carlo within 4 standard errors)."]
    if data.get("missing"):
        lines.append("not measured: " + "; ".join(f"{k} ({v})"
                                                  for k, v in data["missing"].items()))
    if data["disagreements"]:
        lines.append("DISAGREEMENTS:")
        lines += ["  " + d for d in data["disagreements"]]
    return "\n".join(lines)


def save_json(data: dict[str, Any], path: str) -> None:
    """Write the results; :func:`load_json` reads back the same numbers."""
    with open(path, "w", encoding="utf-8") as f:
        json.dump(data, f, indent=1)
        f.write("\n")


def load_json(path: str) -> dict[str, Any]:
    """Read results written by :func:`save_json`."""
    with open(path, encoding="utf-8") as f:
        data: dict[str, Any] = json.load(f)
    return data


def save_plot(data: dict[str, Any], path: str) -> None:
    """Bar chart per workload (log scale), needs matplotlib (extra ``plot``).

    Raises
    ------
    ImportError
        matplotlib is not installed.
    """
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    workloads = list(dict.fromkeys(r["workload"] for r in data["results"]))
    fig, axes = plt.subplots(len(workloads), 1, figsize=(8, 2.2 * len(workloads)),
                             squeeze=False)
    for ax, w in zip(axes[:, 0], workloads):
        rows = [r for r in data["results"] if r["workload"] == w]
        names = [r["library"] + (" *" if r["extrapolated"] else "") for r in rows]
        values = [r["median"] for r in rows]
        colors = ["tab:red" if r["library"] == "handrank" else "tab:blue" for r in rows]
        ax.barh(names, values, color=colors)
        ax.set_xscale("log")
        better = "higher is better" if rows[0]["unit"] == "hands/s" else "lower is better"
        ax.set_title(f"{w} ({rows[0]['unit']}, {better})", fontsize=9)
        ax.invert_yaxis()
        ax.tick_params(labelsize=8)
    fig.suptitle(f"handrank bench, {data['machine']['cpu']} ({data['date'][:10]})", fontsize=10)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
