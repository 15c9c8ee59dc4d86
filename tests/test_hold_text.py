"""Holds read as card text: DrawOdds' text accessors and repr, video poker's text-keyed holds."""

from __future__ import annotations

import pytest

import handrank as hr
from handrank.games import videopoker as vp_mod
from handrank.games.draw import JOKER


def _text(ids: tuple[int, ...]) -> str:
    """The independent spelling: hr.cards_str for every card, ``Xx`` for the joker."""
    return " ".join("Xx" if c == JOKER else hr.cards_str([c]) for c in ids)


@pytest.mark.parametrize(("game", "hand"), [
    ("draw", "As Kd 9h 9c 2s"),
    ("27-draw", "7s 5d 4h 3c Kd"),
    ("badugi", "As 2d 3h Kh"),
])
def test_draw_odds_text_is_cards_str_of_the_ids(game: str, hand: str) -> None:
    d = hr.draw_odds(hand, game=game)
    assert isinstance(d.best, tuple) and all(isinstance(c, int) for c in d.best)
    assert d.best_str == hr.cards_str(d.best)
    assert d.holds_str == [hr.cards_str(h) for h in d.holds]
    assert len(set(d.holds_str)) == len(d.holds)        # text tells the holds apart
    r = repr(d)
    assert repr(hr.cards_str(d.best)) in r
    assert str(list(d.best)) not in r and str(d.best) not in r


def test_draw_odds_text_in_a_wild_draw_game() -> None:
    d = hr.draw_odds("Xx As Kd 7h 2c", game="joker-draw")
    assert any(JOKER in h for h in d.holds)
    assert d.best_str == _text(d.best)
    assert d.holds_str == [_text(h) for h in d.holds]
    assert JOKER in d.best and "Xx" in d.best_str      # keeping the joker is best
    assert repr(d.best_str) in repr(d)


@pytest.mark.parametrize(("machine", "deal"), [
    ("jacks-or-better-9/6", "As Ks Qs Js 9d"),
    ("jacks-or-better-9/6", "Jh Jd 4c 4s 9h"),
    ("deuces-wild-full-pay", "2c 2d Ks Qs 7h"),
])
def test_video_poker_holds_as_text(machine: str, deal: str) -> None:
    vp = hr.video_poker(machine)
    values = vp.hold_values(deal)
    text = vp.hold_values_text(deal)
    assert len(values) == len(text) == 32
    # same values, same order, keys the card text of the id keys
    assert list(text) == [hr.cards_str(k) for k in values]
    assert list(text.values()) == list(values.values())
    assert vp.hold_text(deal) == hr.cards_str(vp.hold(deal)) == next(iter(text))
    odds = vp.hold_odds(deal)
    odds_text = vp.hold_odds_text(deal)
    assert list(odds_text) == [hr.cards_str(k) for k in odds]
    assert list(odds_text.values()) == list(odds.values())
    # the id-keyed results keep their type
    assert all(isinstance(k, tuple) for k in values)
    assert "" in text                                   # drawing five reads as no cards


def test_video_poker_known_holds_as_text() -> None:
    vp = hr.video_poker("jacks-or-better-9/6")
    assert vp.hold_text("As Ks Qs Js 9d") == "As Ks Qs Js"
    assert vp.hold_text("Jh Jd 4c 4s 9h") == "Jh Jd 4c 4s"


def test_video_poker_jokers_read_as_xx() -> None:
    vp = hr.video_poker("joker-poker-kings")
    deal = "Xx As Kd 7h 2c"
    values = vp.hold_values(deal)
    text = vp.hold_values_text(deal)
    assert list(text) == [vp_mod.card_text(k) for k in values]
    assert all(("Xx" in t) == (vp.deal(deal)[0] in k) for t, k in zip(text, values))
    assert vp.hold_text(deal).startswith("Xx")         # keeping the joker is best


def test_chart_repr_is_short_text() -> None:
    chart = hr.video_poker("jacks-or-better-9/6").chart()
    r = repr(chart)
    assert r.startswith("Chart(machine='jacks-or-better-9/6', ")
    assert f"lines={len(chart.lines)}" in r and f"exceptions={len(chart.exceptions)}" in r
    assert chart.short(3) in r
    assert "array(" not in r and len(r) < 400           # no card-id arrays
