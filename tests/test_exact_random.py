"""Known hands against players dealt at random: the board-first count (csrc/exact_random.c).

Oracles: the tuple enumeration of csrc/equity.c (the path this one replaces)
on spots it finishes in well under a second, equal as exact rationals (the
same doubles); the count with no suit symmetry used; Monte Carlo on the
preflop spot the tuple enumeration refuses.
"""

from __future__ import annotations

import importlib
import math
from typing import Any

import numpy as np
import pytest

import handrank as hr
from handrank.equity import _exact_random

from .conftest import dask_or_skip

pytestmark = pytest.mark.skipif(hr.backend != "c", reason="the board-first count needs the C core")

eq_mod: Any = importlib.import_module("handrank.equity")


def _spot(players: list[str], board: str = "", dead: str = "", variant: Any = None) -> Any:
    g = eq_mod.game_tables(None if variant is None else hr.game(variant))
    return eq_mod._prepare(players, board, dead, g)


def _tuple_enumeration(players: list[str], board: str = "", dead: str = "",
                       variant: Any = None) -> hr.EquityResult:
    """handrank.equity's exact path with the board-first count switched off."""
    spot = _spot(players, board, dead, variant)
    saved = _exact_random.job
    _exact_random.job = lambda s: None   # type: ignore[assignment]
    try:
        return eq_mod._exact(spot, 2)  # type: ignore[no-any-return]
    finally:
        _exact_random.job = saved


SPOTS = [
    (["AhAd", "random"], "Kc9s4d", "", None),
    (["AhAd", "random", "random"], "Kc9s4d7h", "", None),
    (["AhAd", "random", "random"], "Kh9h4d", "2c 3c", None),        # a flop, dead cards
    (["AhAd", "KsKc", "random"], "2c7d9h", "", None),
    (["7c2d", "random", "random"], "AhKhQh9d", "3s", None),
    (["AhAd", "random", "7c7d", "random"], "Kh9h4d2c", "", None),   # players in any order
    (["AsKs", "random", "random"], "2s3s4d5h6s", "", None),         # a full board
    (["2c3d", "2h3s", "random", "random"], "AcKdQhJs", "", None),   # the board plays: ties
    (["Td9d", "random", "random"], "8d7d2c", "", None),
    (["AhAd", "random", "random"], "Ks9s7s", "", "shortdeck"),     # a 36-card deck
]


def _board_first(players: list[str], board: str = "", dead: str = "",
                 variant: Any = None) -> hr.EquityResult:
    """The board-first count, also for one random player (left to the tuple
    enumeration by handrank.equity)."""
    spot = _spot(players, board, dead, variant)
    job = _exact_random.job(spot, min_random=1)
    assert job is not None
    return eq_mod._result_exact(  # type: ignore[no-any-return]
        spot, *_exact_random.run(job, spot, 2, False))


@pytest.mark.parametrize("players, board, dead, variant", SPOTS)
def test_equals_the_tuple_enumeration(players: list[str], board: str, dead: str,
                                      variant: Any) -> None:
    want = _tuple_enumeration(players, board, dead, variant)
    direct = _board_first(players, board, dead, variant)
    assert direct.samples == want.samples
    for name in ("equity", "win", "tie"):
        assert getattr(direct, name).tobytes() == getattr(want, name).tobytes(), name
    game = "holdem" if variant is None else hr.game(variant)
    got = hr.equity(players, board, dead, exact=True, game=game)
    assert got.exact and got.samples == want.samples
    for name in ("equity", "win", "tie"):
        assert getattr(got, name).tobytes() == getattr(want, name).tobytes(), name
    one = hr.equity(players, board, dead, exact=True, threads=1, game=game)
    assert one.equity.tobytes() == got.equity.tobytes()


@pytest.mark.parametrize("players, board, dead", [
    (["AhAd", "random", "random"], "KcKs4c4s", ""),
    (["AhKd", "random"], "", "Qc Jc Tc 9c 8c 7c 6c 5c Qs Js Ts 9s 8s 7s 6s 5s"),
    (["AhAd", "random", "random"], "", "Kh Qh Jh Th 9h Ks Qs Js Ts 9s Kc Qc Jc Tc 9c Kd Qd "
     "Jd Td 9d 8h 8s 8c 8d 7h 7s 7c 7d 6h 6d"),
])
def test_suit_symmetry_changes_no_count(players: list[str], board: str, dead: str) -> None:
    """Every completion counted once (identity only) against the canonical ones
    with their orbit sizes: the same integers, in every split."""
    spot = _spot(players, board, dead)
    plan = _exact_random.plan(spot, min_random=1)
    assert plan is not None
    assert len(plan.perms) // 4 > 1       # a symmetry to use
    alone = _exact_random.Plan(plan.fixed_players, plan.random_players, plan.fixed,
                               plan.board, plan.deck, np.arange(4, dtype=np.uint8),
                               plan.boards)
    full, taken = _exact_random.count(alone, spot.g, 0, 1)
    assert taken == plan.boards and full[-1] == plan.boards     # every board evaluated
    parts = [_exact_random.count(plan, spot.g, k, 3) for k in range(3)]
    assert sum(t for _, t in parts) == plan.boards
    summed = np.sum([c for c, _ in parts], axis=0)
    assert np.array_equal(summed[:-1], full[:-1])
    assert summed[-1] < plan.boards                              # fewer boards evaluated


def test_preflop_three_way_is_exact_and_agrees_with_monte_carlo() -> None:
    players = ["AhAd", "random", "random"]
    got = hr.equity(players, exact=True)
    assert got.exact
    # ordered pairs of disjoint combos of the 50 cards left, times the boards
    assert got.samples == math.comb(50, 2) * math.comb(48, 2) * math.comb(46, 5)
    assert got.equity.sum() == pytest.approx(1.0, abs=1e-12)
    assert got.equity[1] == got.equity[2] and got.win[1] == got.win[2]
    mc = hr.equity(players, trials=400_000, seed=11)
    assert not mc.exact
    assert (np.abs(mc.equity - got.equity) <= 4 * mc.stderr).all(), (mc, got)
    # AA's six combos are one class before the flop: one plan, counted six times
    job = _exact_random.job(_spot(["AA", "random", "random"]))
    assert job is not None and [t for _, t in job.plans] == [6]
    (aa_plan, _), = job.plans
    assert aa_plan.cost == _exact_random.job(_spot(players)).plans[0][0].cost  # type: ignore[union-attr]


def test_exact_none_counts_the_symmetry() -> None:
    # 966 million tuples x boards for the tuple enumeration: Monte Carlo before
    spot = _spot(["AhAd", "random", "random"], "Kc9s4d")
    assert spot.cost() <= eq_mod.EXACT_LIMIT
    r = hr.equity(["AhAd", "random", "random"], board="Kc9s4d")
    assert r.exact and r.samples == math.comb(47, 2) * math.comb(45, 2) * math.comb(43, 2)
    # the preflop spot is exact on request only (a few seconds), Monte Carlo by default
    pre = _spot(["AhAd", "random", "random"])
    assert eq_mod.EXACT_LIMIT < pre.cost() <= eq_mod.EXACT_MAX
    assert not hr.equity(["AhAd", "random", "random"], trials=1000, seed=1).exact


@pytest.mark.parametrize("players", [["random", "random", "random"], ["AA", "KK", "random"],
                                     ["AhAd", "random"], ["AA:0.5,KK", "random", "random"],
                                     ["AhAd", "random", "random", "random"],
                                     ["AhAd", "KK", "random"]])
def test_other_spots_keep_the_tuple_enumeration(players: list[str]) -> None:
    assert _exact_random.job(_spot(players)) is None


@pytest.mark.parametrize("players, board", [
    (["AA", "random", "random"], "Kc9s4d7h"),
    (["KK,AKs", "7c7d", "random", "random"], "Qh9s4d2c"),
])
def test_one_range_by_classes_of_its_combos(players: list[str], board: str) -> None:
    want = _tuple_enumeration(players, board)
    job = _exact_random.job(_spot(players, board))
    assert job is not None and sum(t for _, t in job.plans) == len(_spot(players, board).combos[0])
    got = hr.equity(players, board, exact=True)
    assert got.samples == want.samples
    for name in ("equity", "win", "tie"):
        assert getattr(got, name).tobytes() == getattr(want, name).tobytes(), name


def test_dask_runs_the_same_count() -> None:
    hrd = dask_or_skip()
    for players, board in ((["AhAd", "random", "random"], "Kc9s4d7h"),
                           (["AhAd", "7c7d", "random", "random"], "Kc9s4d"),
                           (["AA", "random", "random"], "Kc9s4d7h")):
        a = hr.equity(players, board, exact=True)
        b = hrd.equity(players, board, exact=True)
        assert b.samples == a.samples and b.equity.tobytes() == a.equity.tobytes()
