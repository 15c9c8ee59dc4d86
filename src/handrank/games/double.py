"""Double-board hold'em and Omaha: two boards dealt at once, each settling half of each pot.

Every player's hole cards play with each board on its own (hold'em: the best
five of the hole cards and that board; Omaha: exactly two hole cards and
three of that board).  Each pot is cut in two halves, board 1's and board
2's; the best hand with each board takes its half (ties split it), so a
player who wins both boards scoops.  When a pot does not halve evenly the
odd chip goes to board 1's half (the house rule handrank chose: RULES.md
says nothing of two boards; it is the high half's rule of the hi-lo games
with board 1 in the high half's place).

Boards are given as a pair, ``board=("Ah Kd 2c", "7s 7d 9h")``, or as one
string with ``|`` between them, ``board="Ah Kd 2c | 7s 7d 9h"``; both boards
are dealt from the one deck, so no card is on both.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .base import Game
from .parts import BoardHigh
from .registry import high_tables, register

__all__: list[str] = []


def _double(name: str, hole: int, omaha: bool, summary: str) -> Callable[[dict[str, Any]], Game]:
    def make(options: dict[str, Any]) -> Game:
        t, _ = high_tables("holdem")
        # cost 1: a strength takes about the same time as a seven-card hold'em one with
        # the numpy work around it (measured: 0.2 to 0.3 us each for both, Omaha's
        # ten two-plus-three hands included)
        parts = tuple(BoardHigh(f"board {i + 1}", "high", 1, index=i, omaha=omaha)
                      for i in range(2))
        return Game(name, tuple(range(52)), hole, 5, ("board 1", "board 2"), "parts", (t, t),
                    None, (), summary, parts=parts, boards=2)
    return make


register("double-holdem", (), _double(
    "double-holdem", 2, False, "double-board hold'em: two boards, each half of the pot, "
    "best five of the hole cards and each board"))
register("double-omaha", (), _double(
    "double-omaha", 4, True, "double-board Omaha: 4 hole cards, two boards, each half of "
    "the pot, exactly 2 hole cards with 3 of each board"))
register("double-omaha5", (), _double(
    "double-omaha5", 5, True, "double-board five-card Omaha: 5 hole cards, two boards, "
    "each half of the pot"))
