"""The :class:`Game` record: a game as data, with no behaviour of its own."""

from __future__ import annotations

import dataclasses
import functools
from typing import Any, Union

from ..core import _backend
from ..core._tables import GameTables
from ..core._typing import HasTables
from .handrule import HandRule, rule_of

__all__ = ["HANDS", "Game", "VariantLike"]

# How a player's hand forms from hole and board cards:
#   "any":    the best five of all of them (hold'em, stud, the five-card draw games)
#   "omaha":  exactly two hole cards and three board cards
#   "badugi": the best badugi of four cards (cards of different ranks and suits)
#   "parts":  each of the game's parts forms its own hand (Game.parts: two boards,
#             a badugi half beside a low half)
HANDS = ("any", "omaha", "badugi", "parts")


@dataclasses.dataclass(frozen=True)
class Game:
    """One game: the deck, the deal, how a hand forms and the tables of each half.

    Made by :func:`handrank.game`; compare and hash by name and options.

    Attributes
    ----------
    name : str
        The registry name (``"holdem"``, ``"omaha-hilo"`` ...).
    deck : tuple of int
        The card ids of the deck, ascending.
    hole_cards : int
        Cards dealt to each player.
    board_cards : int
        Community cards at showdown (0 for a game without a board).
    halves : tuple of str
        ``("high",)``, ``("low",)`` or ``("high", "low")``: the halves a pot pays.
    hand : {"any", "omaha", "badugi"}
        ``"any"``: the best five of every card a player holds or shares;
        ``"omaha"``: exactly two hole cards plus three board cards (hole hands
        of 4 to 6 cards are evaluated by this rule); ``"badugi"``: the best
        badugi of four cards.
    tables : tuple of GameTables
        The tables ranking each half, in the order of `halves`.
    low_rule : tuple or None
        ``(rule, qualifier)`` of the low half for :func:`handrank.lowball`.
    options : tuple of (str, value)
        The rule options the game was made with.
    summary : str
        One line for :func:`handrank.games`.
    exchanges : int
        Draws in which cards may be exchanged (0: none).
    up_cards : tuple of int
        Which dealt cards are face up (empty: none).
    hand_sizes : tuple of int
        The card counts a hand may hold when it is ranked (empty: the game's
        usual, 5 to 7 with the board); a game without a board checks it.
    max_discard : int
        The most cards one exchange may replace (0 in a game without draws).
    parts : tuple of Part
        A game whose pot is cut into equal parts, each ranked on its own
        (:mod:`handrank.games.parts`): one :class:`~handrank.games.parts.Part`
        per part, in the order of `halves` (empty for every other game).
    boards : int
        Boards dealt at once (2 in the double-board games), each of
        `board_cards` cards.
    board_streets : tuple of int
        The board cards seen at each betting round (empty: the game's usual,
        0, 3, 4 and 5 with a board); Courchevel shows one before the first.
    """

    name: str
    deck: tuple[int, ...] = dataclasses.field(repr=False)
    hole_cards: int
    board_cards: int
    halves: tuple[str, ...]
    hand: str = dataclasses.field(repr=False)
    tables: tuple[GameTables, ...] = dataclasses.field(repr=False, compare=False)
    low_rule: tuple[str, int | None] | None = dataclasses.field(repr=False, default=None)
    options: tuple[tuple[str, Any], ...] = ()
    summary: str = dataclasses.field(repr=False, default="", compare=False)
    exchanges: int = dataclasses.field(repr=False, default=0)
    up_cards: tuple[int, ...] = dataclasses.field(repr=False, default=())
    hand_sizes: tuple[int, ...] = dataclasses.field(repr=False, default=())
    max_discard: int = dataclasses.field(repr=False, default=0)
    parts: tuple[Any, ...] = dataclasses.field(repr=False, default=(), compare=False)
    boards: int = dataclasses.field(repr=False, default=1)
    board_streets: tuple[int, ...] = dataclasses.field(repr=False, default=())

    def half_tables(self, half: str) -> GameTables:
        """The tables ranking `half` ("high" or "low")."""
        try:
            return self.tables[self.halves.index(half)]
        except ValueError:
            raise ValueError(f"game {self.name!r} has no {half} half") from None

    @functools.cached_property
    def rule(self) -> HandRule:
        """How a player's cards form a hand (:mod:`handrank.games.rules`), by `hand`:
        the object the operations ask (:class:`~handrank.games.handrule.HandRule`)."""
        return rule_of(self.hand)

    @functools.cached_property
    def holdem_ranked(self) -> bool:
        """Whether hold'em's own kernels rank this game's hands unchanged.

        The best five of all the cards, one high half on hold'em's tables,
        the 52-card deck, two hole cards and five on the board: ``holdem``
        and a game made with the old ``variant="holdem"``.  The operations'
        fast paths (one hand, a batch, a strength's words) ask this.
        """
        return (self.rule.any_five and self.halves == ("high",) and not self.hand_sizes
                and not self.parts and self.hole_cards == 2 and self.board_cards == 5
                and self.deck == tuple(range(52))
                and self.tables[0].values is _backend.GAMES["holdem"].values)

    @property
    def eight_or_better(self) -> bool:
        """Whether the low half is ace-to-five, eight or better (the hi-lo kernels' low)."""
        return self.low_rule == ("a5", 8)

    @property
    def high(self) -> GameTables | None:
        """The high half's tables, or None for a low-only game."""
        return self.tables[self.halves.index("high")] if "high" in self.halves else None

    @property
    def classes(self) -> tuple[int, ...]:
        """Distinct strengths of each half, in the order of `halves`."""
        if self.parts:
            return tuple(int(p.classes) for p in self.parts)
        return tuple(int(t.classes) for t in self.tables)

    @property
    def split(self) -> bool:
        """True when the pot is split between a high and a low half."""
        return len(self.halves) > 1


#: A game: None (hold'em), a name (``"shortdeck"``) or a :class:`Game`.
VariantLike = Union[None, str, HasTables, Game]
