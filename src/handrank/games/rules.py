"""How a player's cards form a hand: the rule object each :class:`Game` carries.

A game's ``hand`` names its rule (``"any"``, ``"omaha"``, ``"badugi"``);
:attr:`Game.rule` is the object behind the name, which the operations ask
instead of comparing the name: whether a hand is the best five of all its
cards, exactly two hole cards with three of the board, or a badugi of four,
and which five-card hands the rule allows.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass

__all__ = ["RULES", "AnyFive", "Badugi", "HandRule", "HoleBoard", "Parts"]


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


@dataclass(frozen=True)
class Parts(HandRule):
    """A hand of parts, each formed and ranked by its own game (``Game.parts``: the two
    boards of double-board hold'em, the badugi and the low of badeucy)."""

    tag: str = "parts"


#: The rule of each ``Game.hand`` name.
RULES: dict[str, HandRule] = {r.tag: r for r in (AnyFive(), HoleBoard(), Badugi(), Parts())}
