"""Courchevel: five-card Omaha whose first flop card is dealt face up before the first round.

Each player gets five hole cards and one board card is turned face up before
the first betting round; the other two flop cards, the turn and the river
follow as in Omaha.  A hand is exactly two hole cards and three board cards,
as in five-card Omaha; ``courchevel-hilo`` splits each pot with an
eight-or-better low as five-card Omaha hi-lo does.  (RULES.md does not name
the game; these are the published rules of the game, the deal of
``omaha5`` with ``board_streets=(1, 3, 4, 5)``.)  Every operation answers as
for five-card Omaha; equity and the other board operations take a board of
1, 3, 4 or 5 cards.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .base import Game
from .registry import _ENTRIES, register

__all__: list[str] = []

STREETS = (1, 3, 4, 5)


def _courchevel(name: str, like: str, summary: str) -> Callable[[dict[str, Any]], Game]:
    make_like = _ENTRIES[like][1]

    def make(options: dict[str, Any]) -> Game:
        base = make_like({})
        return Game(name, base.deck, base.hole_cards, base.board_cards, base.halves, base.hand,
                    base.tables, base.low_rule, (), summary, board_streets=STREETS)
    return make


register("courchevel", (), _courchevel(
    "courchevel", "omaha5", "Courchevel: five-card Omaha with the first flop card face up "
    "before the first betting round"))
register("courchevel-hilo", (), _courchevel(
    "courchevel-hilo", "omaha5-hilo", "Courchevel hi-lo: Courchevel with an eight-or-better "
    "low"))
