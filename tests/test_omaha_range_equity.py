"""Omaha equity with ranges: Monte Carlo against a brute force over handrank.reference."""

from __future__ import annotations

import itertools
from functools import cache

import pytest

import handrank as hr
from handrank import reference
from handrank.core.cards import cards
from handrank.core.errors import InvalidRangeError
from handrank.ranges.omaha import OmahaRange


@cache
def _best(hole: tuple[int, ...], board: tuple[int, ...]) -> tuple[int, ...]:
    return max(reference.hand_key(list(h) + list(t))
               for h in itertools.combinations(hole, 2)
               for t in itertools.combinations(board, 3))


def _brute(texts: list[str], board: list[int]) -> list[float]:
    rs = [OmahaRange(t).without(board) for t in texts]
    eq = [0.0] * len(rs)
    weight = 0.0
    for pick in itertools.product(*(zip(r.hands.tolist(), r.weights.tolist()) for r in rs)):
        hands = [tuple(h) for h, _ in pick]
        used = set(board).union(*hands)
        if len(used) != len(board) + sum(len(h) for h in hands):
            continue
        w = 1.0
        for _, wi in pick:
            w *= wi
        for river in (c for c in range(52) if c not in used):
            full = tuple(board) + (river,)
            keys = [_best(h, full) for h in hands]
            top = max(keys)
            winners = [i for i, k in enumerate(keys) if k == top]
            for i in winners:
                eq[i] += w / len(winners)
            weight += w
    return [e / weight for e in eq]


def test_range_vs_range_monte_carlo_matches_brute_force() -> None:
    texts = ["AsAhKK, AsAhKsKh:0.5", "QQJcJd"]
    board = cards("Qs 7h 2c 9d")
    want = _brute(texts, board)
    r = hr.equity(texts, board="Qs 7h 2c 9d", game="omaha", trials=60_000, seed=7)
    assert not r.exact
    for i in range(2):
        assert abs(r.equity[i] - want[i]) <= 4 * r.stderr[i] + 1e-12


def test_hand_vs_random_seeded_and_reproducible() -> None:
    a = hr.equity(["AsKsQdJd", "random"], game="omaha", trials=20_000, seed=3)
    b = hr.equity(["AsKsQdJd", "*"], game="omaha", trials=20_000, seed=3, threads=2)
    assert a.equity.tolist() == b.equity.tolist()
    assert abs(a.equity.sum() - 1) < 1e-12


def test_colliding_ranges_raise_instead_of_stalling() -> None:
    with pytest.raises(InvalidRangeError, match="no deal"):
        hr.equity(["AsAhKsKh", "AsAd**"], game="omaha", trials=1000, seed=1)


def test_range_emptied_by_the_board() -> None:
    with pytest.raises(InvalidRangeError, match="no hand left"):
        hr.equity(["AsAhKK", "random"], board="As 2c 3d", game="omaha", seed=1)


def test_exact_with_ranges_is_a_clear_error() -> None:
    with pytest.raises(ValueError, match="not supported yet"):
        hr.equity(["AAKK", "random"], game="omaha", exact=True)


def test_exact_hands_unchanged() -> None:
    r = hr.equity(["As Ks Qd Jd", "7c 7h 2c 2h"], board="Ah Kh 7d 2s Qs", game="omaha")
    assert r.equity.tolist() == [0.0, 1.0] and r.exact


def test_random_takes_the_hand_size_of_the_game() -> None:
    r = hr.equity(["AsKsQdJdTd", "random"], game="omaha5", trials=3000, seed=2)
    assert r.samples == 3000 and abs(r.equity.sum() - 1) < 1e-12
    with pytest.raises(ValueError, match="same number of cards"):
        hr.equity(["AsKsQdJdTd", "AAKK"], game="omaha5", trials=100, seed=2)


def test_rare_deals_are_refused_not_returned_on_fewer_trials():
    # Almost every hand of the second range holds the As the first player
    # has (1 deal in about 18,000 draws fits): the sampler must refuse, as
    # hold'em does, instead of returning a result on far fewer trials.
    with pytest.raises(hr.InvalidRangeError, match="clash in almost every deal"):
        hr.equity(["AsAhKsKh", "As***,2c3c4c5c"], game="omaha", trials=2000, seed=1)
