"""Badeucy and badacey: triple draw, five cards, half to the best badugi, half to the best low.

The rules (WSOP mixed-game rules; RULES.md says nothing of these games):
each player holds five cards and may exchange any of them in each of three
draws.  At the showdown each pot is cut in two halves:

* the **badugi half** to the best badugi of the five cards: the best of the
  hand's four-card subsets, ranked as in badugi (cards of different ranks
  and different suits, more cards beat fewer, then the lowest highest card;
  aces are low);
* the **low half** to the best five-card low: deuce-to-seven in badeucy
  (aces high, straights and flushes count against the hand; 7-5-4-3-2 is
  the best), ace-to-five in badacey (aces low, straights and flushes do not
  count; 5-4-3-2-A is the best).

Neither half has a qualifier, so every hand has a badugi and a low and a
player may scoop both.  The odd chip of the halving goes to the badugi half
(handrank's choice where the rule book is silent, in the place of the high
half of the hi-lo games).  Equity deals each player's missing cards in the
one exchange to come, as the other draw games do.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .base import Game
from .parts import BadugiOfFive, LowOfFive
from .registry import high_tables, register

__all__: list[str] = []

_LOW_NAMES = {"27": "2-7 low", "a5": "A-5 low"}


def _split_draw(name: str, low: str, summary: str) -> Callable[[dict[str, Any]], Game]:
    def make(options: dict[str, Any]) -> Game:
        t, _ = high_tables("holdem")
        parts = (BadugiOfFive("badugi", "badugi", 1), LowOfFive(_LOW_NAMES[low], low, 1))
        return Game(name, tuple(range(52)), 5, 0, ("badugi", _LOW_NAMES[low]), "parts", (t, t),
                    None, (), summary, exchanges=3, hand_sizes=(5,), max_discard=5,
                    parts=parts, boards=0)
    return make


register("badeucy", (), _split_draw(
    "badeucy", "27", "badeucy: triple draw, five cards, half to the best badugi of four of "
    "them, half to the best deuce-to-seven low"))
register("badacey", (), _split_draw(
    "badacey", "a5", "badacey: triple draw, five cards, half to the best badugi of four of "
    "them, half to the best ace-to-five low"))
