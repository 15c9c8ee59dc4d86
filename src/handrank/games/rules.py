"""How a player's cards form a hand: the rule object each :class:`Game` carries.

A game's ``hand`` names its rule (``"any"``, ``"omaha"``, ``"badugi"``);
:attr:`Game.rule` is the object behind the name, which the operations ask
instead of comparing the name: whether a hand is the best five of all its
cards, exactly two hole cards with three of the board, or a badugi of four,
which five-card hands the rule allows, and which of the C core's kernels rank
a game's hands (:meth:`HandRule.boardless_kernel`, :meth:`HandRule.hold_kind`).
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..core import kernels
from ..core._tables import GameTables

__all__ = ["OWN_HOLD_TABLES", "RULES", "AnyFive", "Badugi", "HandRule", "HoleBoard", "Parts"]


@dataclass(frozen=True)
class HandRule:
    """A way cards form a hand.

    Attributes
    ----------
    tag : str
        The name a :class:`Game` records (its ``hand``).
    any_five : bool
        The best five of every card a player holds or shares.
    hole_fixed : bool
        Exactly `hole_used` hole cards with the rest from the board: every
        hand holds the game's own number of hole cards.
    four_cards : bool
        Ranked as a badugi of four cards (no five-card hand).
    """

    tag: str
    any_five: bool = False
    hole_fixed: bool = False
    four_cards: bool = False
    hole_used: int = 0

    def fives(self, hole: Sequence[int], board: Sequence[int]) -> list[list[int]]:
        """Every five-card hand the rule allows from `hole` and `board`."""
        raise ValueError(f"a {self.tag} hand is not a hand of five cards")

    def boardless_kernel(self, g: Any) -> tuple[int, GameTables | None, GameTables | None]:
        """(kind, high tables, low tables) with which the C core's boardless Monte
        Carlo (``kernels.boardless_streams``) ranks game `g`'s hands: its
        high half, or its high and low halves."""
        if g.split:
            return kernels.BL_HILO, g.tables[0], g.tables[1]
        return kernels.BL_TABLES, g.tables[0], None

    def hold_kind(self, g: Any) -> int:
        """The kind of the C core's hold rule (``kernels.hold_tables``,
        ``kernels.rule_hold``) of the draw game `g`: the game's own tables, or
        the deuce-to-seven triple draw's tables of its own (:data:`OWN_HOLD_TABLES`)."""
        if g.exchanges > 1:
            return OWN_HOLD_TABLES.get(g.low_rule, kernels.BL_TABLES)
        return kernels.BL_TABLES


@dataclass(frozen=True)
class AnyFive(HandRule):
    """The best five of all the cards (hold'em, stud, the five-card draw games)."""

    tag: str = "any"
    any_five: bool = True

    def fives(self, hole: Sequence[int], board: Sequence[int]) -> list[list[int]]:
        return [list(f) for f in itertools.combinations(list(hole) + list(board), 5)]


@dataclass(frozen=True)
class HoleBoard(HandRule):
    """Exactly `hole_used` hole cards and the rest from the board (Omaha: two and three)."""

    tag: str = "omaha"
    hole_fixed: bool = True
    hole_used: int = 2

    def fives(self, hole: Sequence[int], board: Sequence[int]) -> list[list[int]]:
        return [list(p) + list(t) for p in itertools.combinations(hole, self.hole_used)
                for t in itertools.combinations(board, 5 - self.hole_used)]


@dataclass(frozen=True)
class Badugi(HandRule):
    """The best badugi of four cards (different ranks and suits)."""

    tag: str = "badugi"
    four_cards: bool = True

    def boardless_kernel(self, g: Any) -> tuple[int, GameTables | None, GameTables | None]:
        return kernels.BL_BADUGI, None, None

    def hold_kind(self, g: Any) -> int:
        return kernels.BL_BADUGI


@dataclass(frozen=True)
class Parts(HandRule):
    """A hand of parts, each formed and ranked by its own game (``Game.parts``: the two
    boards of double-board hold'em, the badugi and the low of badeucy)."""

    tag: str = "parts"


#: The low rules (``Game.low_rule``) whose triple draw's hold rule has tables of its
#: own in the C core (deuce-to-seven: hr_low27_tables), with their kind.
OWN_HOLD_TABLES: dict[tuple[str, int | None], int] = {("27", None): kernels.BL_LOW27}

#: The rule of each ``Game.hand`` name.
RULES: dict[str, HandRule] = {r.tag: r for r in (AnyFive(), HoleBoard(), Badugi(), Parts())}
