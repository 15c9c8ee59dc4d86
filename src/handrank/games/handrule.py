"""What every hand rule answers: the interface :attr:`Game.rule` returns.

A game's ``hand`` names its rule; :mod:`handrank.games.rules` defines the
rules (the best five of all the cards, two hole cards with three of the
board, a badugi of four, a hand of parts) and registers each here with
:func:`add_rule`, so the :class:`~handrank.games.Game` record below them can
hand out its rule without importing the evaluators the rules call.

The operations ask the rule instead of testing the game's tags:

- how a player's cards are checked and shaped: :meth:`HandRule.hole_count`
  (the hole cards every hand holds, or None), :meth:`HandRule.hole_sizes`
  (the counts a showdown reads), :meth:`HandRule.fives` and
  :attr:`HandRule.hole_used` (which five-card hands the rule allows);
- how a hand ranks and reads: :meth:`HandRule.evaluate`,
  :meth:`HandRule.evaluate_batch`, :meth:`HandRule.best_five`,
  :meth:`HandRule.describe`, :meth:`HandRule.category`, :meth:`HandRule.why`;
- which of the C core's kernels serve the game:
  :meth:`HandRule.holdem_kernels`, :meth:`HandRule.holdem_hilo_kernels`,
  :meth:`HandRule.omaha_tables`, :meth:`HandRule.boardless_kernel`,
  :meth:`HandRule.hold_kind`, and the cost model's
  :meth:`HandRule.picked_fives`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..core import kernels
from ..core._tables import GameTables

__all__ = ["OWN_HOLD_TABLES", "HandRule", "add_rule", "rule_of"]

#: The low rules (``Game.low_rule``) whose triple draw's hold rule has tables of its
#: own in the C core (deuce-to-seven: hr_low27_tables), with their kind.
OWN_HOLD_TABLES: dict[tuple[str, int | None], int] = {("27", None): kernels.BL_LOW27}


@dataclass(frozen=True)
class HandRule:
    """A way cards form a hand (the interface; :mod:`handrank.games.rules` has the rules).

    Attributes
    ----------
    tag : str
        The name a :class:`Game` records (its ``hand``).
    any_five, hole_fixed, four_cards : bool
        What the rule is, for the games' own modules (the operations ask the
        methods below instead).
    hole_used : int
        The hole cards every five-card hand uses (Omaha: 2); 0 where a hand
        is the best five of every card, whatever their number.
    """

    tag: str
    any_five: bool = False
    hole_fixed: bool = False
    four_cards: bool = False
    hole_used: int = 0

    # ------------------------------------------------ how the cards are checked

    def hole_count(self, g: Any) -> int | None:
        """The hole cards every hand of game `g` holds, or None where a hand is
        whatever cards the player has (the best five of them)."""
        return None

    def hole_sizes(self, g: Any) -> tuple[int, ...]:
        """The hole-card counts a showdown of game `g` reads for each seat."""
        return (int(g.hole_cards),)

    def fives(self, hole: Sequence[int], board: Sequence[int]) -> list[list[int]]:
        """Every five-card hand the rule allows from `hole` and `board`."""
        raise ValueError(f"a {self.tag} hand is not a hand of five cards")

    def picked_fives(self, hole: int, board: int) -> int:
        """The five-card hands the rule ranks one by one to find the best hand of
        `hole` hole cards on `board` board cards (the pure-Python backend's cost
        model); 0 where one lookup ranks every card at once."""
        return 0

    def label(self, g: Any) -> str:
        """How messages name game `g`'s hands."""
        return str(g.name)

    # ------------------------------------------------ how a hand ranks and reads

    def evaluate(self, g: Any, hole: Any, board: Any) -> Any:
        """The strength (or (high, low)) of one hand of game `g` (checked by the operation)."""
        raise self._no("evaluate", g)

    def evaluate_batch(self, g: Any, a: Any, boards: Any, out: Any, threads: Any) -> Any:
        """The strengths of rows of hands of game `g`: ``(n,)``, or ``(n, 2)`` for two halves."""
        raise self._no("evaluate_batch", g)

    def best_five(self, g: Any, hole: Any, board: Any) -> Any:
        """The cards that make the best hand of game `g` (or (high, low or None))."""
        raise self._no("best_five", g)

    def describe(self, g: Any, strength: Any) -> str:
        """A strength of game `g` in words."""
        raise self._no("describe", g)

    def category(self, g: Any, x: Any) -> Any:
        """The category of a strength (array) of game `g`."""
        raise self._no("category", g)

    def why(self, g: Any, a: Any, b: Any) -> str:
        """Why hand `a` beats hand `b` (or a split) in a game ranked by one number (a
        low-only or a badugi game): each hand has ``strength``, ``hole`` and ``text``."""
        raise self._no("explain", g)

    def _no(self, operation: str, g: Any) -> RuntimeError:
        return RuntimeError(f"internal error: the {self.tag} rule has no {operation} "
                            f"(game {g.name!r})")

    # ------------------------------------------------ which kernels serve the game

    def holdem_kernels(self, g: Any) -> bool:
        """Whether hold'em's kernels (one hand, equity, showdown, explain: the best five
        of all the cards on one high half's tables) rank game `g`, with its tables."""
        return False

    def holdem_hilo_kernels(self, g: Any) -> bool:
        """Whether hold'em hi-lo's equity engine (the best five of all the cards for
        each half, the eight-or-better low, the 52-card deck) plays game `g`."""
        return False

    def omaha_tables(self, g: Any) -> tuple[GameTables, bool] | None:
        """(high tables, hilo) with which the C core's Omaha kernels (csrc/omaha.c,
        omaha_mc.c, omaha_exact.c: two of 4 to 6 hole cards with three of the board,
        high only or with the eight-or-better low) rank game `g`; None where they do not."""
        return None

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


_RULES: dict[str, HandRule] = {}


def add_rule(rule: HandRule) -> None:
    """Register `rule` under its tag (:mod:`handrank.games.rules` registers each rule)."""
    _RULES[rule.tag] = rule


def rule_of(tag: str) -> HandRule:
    """The rule a :class:`Game`'s ``hand`` names."""
    try:
        return _RULES[tag]
    except KeyError:
        raise RuntimeError(f"internal error: no hand rule {tag!r} is registered "
                           "(handrank.games.rules registers them)") from None
