"""Deals that cannot exist are refused at once; those that can are dealt (issue 23).

The oracle is a brute force over every tuple of the players' combos: a deal
exists exactly when some tuple of positive-weight combos is pairwise
disjoint.  Small decks (short-deck and stripped variants) and small ranges
keep it exhaustive.
"""

from __future__ import annotations

import importlib
import itertools
import threading
import time
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import handrank as hr

from .conftest import dask_or_skip

eq: Any = importlib.import_module("handrank.equity")

SECONDS = 5.0       # "at once" on a loaded machine; a refusal today takes minutes


def _bounded(fn: Callable[[], Any], seconds: float = SECONDS) -> Any:
    """fn() on a thread; fails the test if it has not returned in `seconds`."""
    box: dict[str, Any] = {}

    def run() -> None:
        try:
            box["value"] = fn()
        except BaseException as e:      # re-raised on the test's thread
            box["error"] = e

    t = threading.Thread(target=run, daemon=True)
    start = time.monotonic()
    t.start()
    t.join(seconds)
    if t.is_alive():
        pytest.fail(f"the call did not return within {seconds} s")
    if "error" in box:
        raise box["error"]
    return box["value"], time.monotonic() - start


CLASH = "the players' ranges always clash: no deal is possible"


@pytest.mark.parametrize("players", [["AA"] * 4, ["AKs"] * 5, ["AA:1e-300"] * 10,
                                     ["AA"] * 3, ["AA", "AA", "AsAh"], ["KK,AA"] * 5,
                                     ["AsAh,AcAd", "AA", "AA"]])
def test_impossible_deal_refused_at_once(players: list[str]) -> None:
    with pytest.raises(hr.InvalidRangeError, match=CLASH):
        _bounded(lambda: hr.equity(players, seed=1))


def test_impossible_deal_refused_by_every_path() -> None:
    kws: list[dict[str, Any]] = [{"exact": True}, {"exact": False}, {"trials": 10},
                                 {"target_stderr": 0.01}]
    for kw in kws:
        def call(kw: dict[str, Any] = kw) -> Any:
            return hr.equity(["AA"] * 4, seed=1, **kw)
        with pytest.raises(hr.InvalidRangeError, match=CLASH):
            _bounded(call)


def test_impossible_deal_python_backend() -> None:
    code = ("import handrank as hr\n"
            "assert hr.backend == 'python'\n"
            "try:\n"
            "    hr.equity(['AA'] * 3)\n"
            "except hr.InvalidRangeError as e:\n"
            "    print(e)\n")
    import os
    import subprocess
    import sys
    env = dict(os.environ, HANDRANK_BACKEND="python")
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                         text=True, timeout=60)
    assert out.stdout.strip() == CLASH, out.stderr


def test_rare_deal_refused_quickly() -> None:
    """A deal exists but the sampler would almost never draw it: refused in about a second."""
    players = ["AsAh,KsKh:1e-300", "AsAh,QsQh:1e-300"]
    with pytest.raises(hr.InvalidRangeError, match="clash in almost every deal"):
        _bounded(lambda: hr.equity(players, seed=1, trials=1_000_000))


def test_rare_deal_refused_quickly_on_dask_too() -> None:
    """handrank.dask's Monte Carlo refuses the same rare deal with the same message, at once
    (it used to run its chunks for seconds and then say no deal was possible)."""
    hd = dask_or_skip()
    players = ["AsAh,KsKh:1e-300", "AsAh,QsQh:1e-300"]
    with pytest.raises(hr.InvalidRangeError, match="clash in almost every deal"):
        _bounded(lambda: hd.equity(players, seed=1, exact=False))


def test_possible_tight_deal_still_works() -> None:
    """Four players, four suited AK, every one a different suit: a deal in 9% of draws."""
    (r, _) = _bounded(lambda: hr.equity(["AKs"] * 4, seed=1, trials=20_000), 60)
    assert r.samples == 20_000
    assert abs(float(r.equity.sum()) - 1.0) < 1e-9


# --------------------------------------------- property test with an oracle

def _brute_exists(spot: Any) -> bool:
    sets = []
    for p in range(spot.n):
        if spot.deal[p]:
            continue
        keep = spot.weights[p] > 0
        sets.append([frozenset(map(int, c)) for c in spot.combos[p][keep]])
    for tup in itertools.product(*sets):
        cards = [c for s in tup for c in s]
        if len(cards) == len(set(cards)):
            return True
    return False


RANKS = "AKQJT9"
BOARD = "Tc Td Th"      # in both decks, off every range drawn below


@st.composite
def _range_sets(draw: Any) -> tuple[str, list[str]]:
    variant = draw(st.sampled_from(["shortdeck", "holdem"]))
    n = draw(st.integers(2, 6))
    players = []
    for _ in range(n):
        k = draw(st.integers(1, 3))
        parts = []
        for _ in range(k):
            a = draw(st.sampled_from(RANKS[:3]))
            b = draw(st.sampled_from(RANKS[:3]))
            kind = "" if a == b else draw(st.sampled_from(["s", "o", ""]))
            w = draw(st.sampled_from(["", ":0.5", ":1e-300", ":0"]))
            parts.append(f"{a}{b}{kind}{w}")
        players.append(",".join(parts))
    return variant, players


@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
@given(_range_sets())
def test_refused_exactly_when_no_deal_exists(case: tuple[str, list[str]]) -> None:
    variant, players = case
    g = eq.game_tables(variant)
    try:
        spot = eq._prepare(players, BOARD, "", g)
    except hr.HandrankError:
        return                              # an empty range: refused before any deal
    exists = _brute_exists(spot)
    assert eq.deal_exists(spot) is exists
    try:
        _bounded(lambda: hr.equity(players, BOARD, trials=100, seed=2, game=variant), 60)
        refused = False
    except hr.InvalidRangeError as e:
        refused = True
        if not exists:
            assert str(e) == CLASH
    if not exists:
        assert refused
