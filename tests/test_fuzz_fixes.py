"""Inputs the door-by-door fuzzing found accepted or mishandled, now answered or refused by name."""

from __future__ import annotations

import numpy as np
import pytest

import handrank as hr
from handrank.games import holdem


@pytest.mark.parametrize("seed", [2 ** 64, -1, 2 ** 70, -(2 ** 64)])
def test_seed_outside_64_bits_is_refused(seed: int) -> None:
    with pytest.raises(ValueError, match=f"seed must be an int from 0 to 2\\*\\*64 - 1, got {seed}"):
        hr.equity(["AsAd", "KcKh"], trials=100, seed=seed)
    with pytest.raises(ValueError, match="seed must be an int from 0 to 2"):
        hr.deal(1, 5, seed=seed)


def test_seed_edges_deal_their_own_stream() -> None:
    top = hr.deal(4, 5, seed=2 ** 64 - 1)
    assert top.tolist() == hr.deal(4, 5, seed=np.uint64(2 ** 64 - 1)).tolist()
    assert top.tolist() != hr.deal(4, 5, seed=0).tolist()
    eq = hr.equity(["AsAd", "KcKh"], trials=2000, seed=2 ** 64 - 1)
    assert abs(float(eq.equity[0]) - 0.81) < 0.05


@pytest.mark.parametrize("hand", [
    [True, False, 2, 3, 4], (0, 1, 2, 3, True), [2, 3, 4, 5, 6, 7, False],
    [np.bool_(True), 0, 2, 3, 4],
])
@pytest.mark.parametrize("fn", [hr.evaluate, holdem.evaluate])
def test_bool_is_not_a_card_id(fn: object, hand: list[object]) -> None:
    with pytest.raises(TypeError, match="expected a card as str or int, got bool"):
        fn(hand)  # type: ignore[operator]


def test_ints_zero_and_one_stay_cards() -> None:
    assert hr.evaluate([0, 1, 2, 3, 4]) == hr.evaluate("2c 2d 2h 2s 3c")
    assert hr.evaluate((1, 0, 2, 3, 4, 5, 6)) == hr.evaluate("2d 2c 2h 2s 3c 3d 3h")
    with pytest.raises(TypeError, match="got bool"):
        hr.cards([True, 3])
