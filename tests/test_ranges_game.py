"""``Range(text, game=...)``: a range read in the game it is dealt in, for every game.

The games of two hole cards and a board keep the combos of the text whose
two cards are both in the game's deck (checked against every pair of the
game's deck, listed with itertools); the games of Omaha hands read the
Omaha notation in their hand size (the same hands and weights as
``OmahaRange(text, size=...)``); the games without a board raise
``UnsupportedGameError`` naming ``Range`` and the game.  A name and its
``Game`` give the same range.
"""

from __future__ import annotations

import itertools
import pickle

import numpy as np
import pytest

import handrank as hr
from handrank.ranges.omaha import OmahaRange

NAMES = list(hr.games())
TWO_CARD = [n for n in NAMES if hr.game(n).board_cards and hr.game(n).hole_cards == 2]
OMAHA = [n for n in NAMES if hr.game(n).board_cards and hr.game(n).hole_cards != 2]
NO_BOARD = [n for n in NAMES if not hr.game(n).board_cards]
TEXTS = ["22+", "A2s+", "KTo+", "random", "AsKs", "QQ+:0.5,AKs", "T9s-65s", "7c6c,7d6d:0.25"]
# starting hands of every size in the Omaha notation
OMAHA_TEXTS = {4: ["AA**", "AsKsQdJd,7c7h2c2h:0.5", "KK**:0.5,AKQJ"],
               5: ["AA***", "AsKsQdJdTc", "KK***:0.5"],
               6: ["AA****", "AsKsQdJdTc9c"]}


def test_the_games_fall_in_three_kinds() -> None:
    assert set(TWO_CARD) >= {"holdem", "shortdeck", "stripped", "holdem-hilo", "double-holdem"}
    assert set(OMAHA) >= {"omaha", "omaha5", "omaha6", "double-omaha", "courchevel"}
    assert set(NO_BOARD) >= {"stud", "razz", "draw", "badugi", "badeucy"}
    assert sorted(TWO_CARD + OMAHA + NO_BOARD) == sorted(NAMES)


@pytest.mark.parametrize("name", TWO_CARD)
@pytest.mark.parametrize("text", TEXTS)
def test_two_card_games_keep_the_combos_in_their_deck(name: str, text: str) -> None:
    g = hr.game(name)
    full = dict(zip(hr.Range(text).combos(), hr.Range(text).weights()))
    deck = set(g.deck)
    # every pair of the game's deck, listed on its own
    want = {tuple(sorted(p, reverse=True)): full[tuple(sorted(p, reverse=True))]
            for p in itertools.combinations(sorted(deck), 2)
            if tuple(sorted(p, reverse=True)) in full}
    if not want:
        with pytest.raises(hr.InvalidRangeError, match=f"deck of {name}"):
            hr.Range(text, game=name)
        return
    r = hr.Range(text, game=name)
    assert type(r) is hr.Range
    assert dict(zip(r.combos(), r.weights())) == want
    assert hr.Range(text, game=g) == r
    assert pickle.loads(pickle.dumps(r)) == r
    if len(deck) == 52:
        assert r == hr.Range(text)


def test_short_deck_pairs_start_at_six() -> None:
    r = hr.Range("22+", game="shortdeck")
    assert len(r) == 9 * 6 and r.text == "66+"
    assert len(hr.Range("random", game="shortdeck")) == 36 * 35 // 2
    assert len(hr.Range("random", game=hr.game("stripped", lowest="5"))) == 40 * 39 // 2
    with pytest.raises(hr.InvalidRangeError, match="no combo of '55-22' is in the 36-card deck"):
        hr.Range("22-55", game="shortdeck")


@pytest.mark.parametrize("name", OMAHA)
def test_omaha_games_read_the_omaha_notation_in_their_size(name: str) -> None:
    g = hr.game(name)
    for text in OMAHA_TEXTS[g.hole_cards]:
        r = hr.Range(text, game=name)
        want = OmahaRange(text, size=g.hole_cards)
        assert isinstance(r, OmahaRange) and r.size == g.hole_cards
        assert r.hands.shape == want.hands.shape and np.ndim(r.weights) == 1
        assert (r.hands == want.hands).all() and (r.weights == want.weights).all()
        by_game = hr.Range(text, game=g)
        assert (by_game.hands == r.hands).all() and (by_game.weights == r.weights).all()
    other = 4 if g.hole_cards != 4 else 5
    with pytest.raises(hr.InvalidRangeError, match=f"expected {g.hole_cards}-card hands"):
        hr.Range(OMAHA_TEXTS[other][0], game=name)


@pytest.mark.parametrize("name", NO_BOARD)
def test_games_without_a_board_have_no_range(name: str) -> None:
    for game in (name, hr.game(name)):
        with pytest.raises(hr.UnsupportedGameError) as err:
            hr.Range("AA", game=game)
        assert str(err.value).startswith(f"Range does not apply to game {name!r}")


def test_an_unknown_game_and_no_game() -> None:
    with pytest.raises(ValueError, match="unknown game 'holdm'"):
        hr.Range("AA", game="holdm")
    assert hr.Range("QQ+,AKs") == hr.Range("QQ+,AKs", game=None)
