"""Omaha hi-lo equity with ranges: Monte Carlo against a brute force over handrank.reference."""

from __future__ import annotations

import itertools
from functools import cache
from typing import Any

import numpy as np
import pytest

import handrank as hr
from handrank import reference
from handrank.core.cards import cards
from handrank.core.errors import InvalidCardError, InvalidHandError, InvalidRangeError
from handrank.ranges.omaha import OmahaRange


@cache
def _best(hole: tuple[int, ...], board: tuple[int, ...]) -> tuple[int, int]:
    """(high, low) by the reference: every two hole cards plus three board cards."""
    fives = [list(h) + list(t) for h in itertools.combinations(hole, 2)
             for t in itertools.combinations(board, 3)]
    return (max(reference.evaluate(f) for f in fives),
            max(reference.low_evaluate(f, qualifier=8) for f in fives))


def _brute(texts: list[str], board: list[int]) -> dict[str, np.ndarray]:
    """Weighted expectations of equity, high, low and scoop over every fitting deal and river."""
    rs = [OmahaRange(t).without(board) for t in texts]
    sums = {k: np.zeros(len(rs)) for k in ("equity", "high", "low", "scoop")}
    weight = 0.0
    for pick in itertools.product(*(zip(r.hands.tolist(), r.weights.tolist()) for r in rs)):
        hands = [tuple(h) for h, _ in pick]
        used = set(board).union(*hands)
        if len(used) != len(board) + sum(len(h) for h in hands):
            continue                                    # card removal: the hands clash
        w = float(np.prod([wi for _, wi in pick]))
        rivers = [c for c in range(52) if c not in used]
        for river in rivers:
            rated = [_best(h, tuple(board) + (river,)) for h in hands]
            highs = np.array([r[0] for r in rated])
            lows = np.array([r[1] for r in rated])
            high = (highs == highs.max()) / (highs == highs.max()).sum()
            low = (lows == lows.max()) & (lows > 0)
            low = low / max(int(low.sum()), 1)
            share = (high + low) / 2 if lows.max() > 0 else high
            f = w / len(rivers)
            sums["equity"] += f * share
            sums["high"] += f * high
            sums["low"] += f * low
            sums["scoop"] += f * (share == 1)
        weight += w
    return {k: v / weight for k, v in sums.items()}


def test_turn_range_against_brute_force() -> None:
    board = cards("Kc 4d 5h 9s")
    # the first hand of the range shares the ace of spades with player 1: removed
    texts = ["As2sJdTd", "AsAd2c3h:0.5,AA23ds,Kx2x3y4y:0.3"]
    want = _brute(texts, board)
    r: Any = hr.equity(texts, board="Kc 4d 5h 9s", game="omaha-hilo", trials=40_000, seed=7)
    assert not r.exact and r.samples == 40_000
    assert r.hands == tuple(texts)
    assert (r.stderr > 0).all()
    assert np.allclose(r.equity, want["equity"], atol=4 * r.stderr.max())
    # high, low and scoop are proportions; their standard error is at most 0.5/sqrt(n)
    se = 0.5 / np.sqrt(r.samples)
    for name in ("high", "low", "scoop"):
        assert np.allclose(getattr(r, name), want[name], atol=4 * se), name
    assert r.equity.sum() == pytest.approx(1.0)


def test_random_and_seeds() -> None:
    a: Any = hr.equity(["As 2s Kd Qd", "random"], board="3c 4d 9h", game="omaha-hilo",
                  trials=5_000, seed=3)
    b: Any = hr.equity(["As 2s Kd Qd", "random"], board="3c 4d 9h", game="omaha-hilo",
                  trials=5_000, seed=3)
    assert np.array_equal(a.equity, b.equity) and np.array_equal(a.low, b.low)
    assert a.equity.sum() == pytest.approx(1.0) and a.high.sum() == pytest.approx(1.0)
    # random deals the game's hole-card count: five cards in omaha5-hilo
    r: Any = hr.equity(["As 2s Kd Qd Jh", "random", "*"], game="omaha5-hilo", trials=2_000, seed=1)
    assert r.equity.sum() == pytest.approx(1.0) and len(r.scoop) == 3
    with pytest.raises(InvalidHandError, match="same number of cards"):
        hr.equity(["As 2s Kd Qd", "random"], game="omaha5-hilo", trials=100)
    # OmahaRange objects as players; a range of one hand is that hand
    players: list[Any] = [OmahaRange("As2sKdQd"), OmahaRange("AhAc3h4c")]
    one = hr.equity(players, board="3c 4d 9h 8s",
                    game="omaha-hilo", trials=4_000, seed=2)
    exact = hr.equity(["As2sKdQd", "AhAc3h4c"], board="3c 4d 9h 8s", game="omaha-hilo")
    assert np.allclose(one.equity, exact.equity, atol=4 * one.stderr.max() + 1e-9)


def test_range_errors() -> None:
    # each game deals its own hole-card count (a fifth card, a fifth wildcard)
    for game, x, w in (("omaha", "", ""), ("omaha-hilo", "", ""), ("omaha5-hilo", "2c", "*")):
        with pytest.raises(InvalidRangeError, match="cannot parse 'AAxx"):
            hr.equity(["AsKsQdJd" + x, "AAxx" + w], game=game, trials=100)
        with pytest.raises(InvalidRangeError, match="no hand of positive weight"):
            hr.equity(["AsKsQdJd" + x, "AA**" + w + ":0"], game=game, trials=100)
        with pytest.raises(InvalidRangeError, match="no hand left"):
            hr.equity(["AsKsQdJd" + x, "AdAh**" + w], game=game, board="Ad Ac 7h", trials=100)
        with pytest.raises(ValueError, match="exact omaha equity with ranges"):
            hr.equity(["AsKsQdJd" + x, "AA**" + w], game=game, exact=True)
        # card text keeps the card error
        with pytest.raises(InvalidCardError, match="invalid card 'Zz'"):
            hr.equity(["AsKsQdJd" + x, "Zz Ks Qd Jd" + (" 3c" if x else "")], game=game)
    with pytest.raises(InvalidRangeError, match="clash in almost every deal|no deal found"):
        hr.equity(["AsAhAdAc", "AA**"], game="omaha-hilo", trials=100)
