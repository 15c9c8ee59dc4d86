"""Games other than hold'em: the short deck and the stripped decks.

Every game's tables come from the same generator as hold'em's (see
tables/generate.py); a :class:`Variant` only picks them and names its deck.
Strengths run 1 .. ``classes``, higher is stronger, like the core.

* ``"holdem"``: 52 cards, the core's 1..7462 scale.
* ``"shortdeck"``: 36 cards, 6 to A; A-6-7-8-9 is the lowest straight and a
  flush beats a full house.  Options: ``trips_beat_straight=True`` (three of
  a kind above a straight), ``kickers=False``.
* ``"stripped"``: ``lowest=`` "3" .. "7", the deck from that rank to the ace;
  the ace plus the four lowest ranks is the lowest straight and a flush beats a
  full house.  ``lowest="7"`` (the default) is the Brazilian 32-card game of
  seed 003, ``lowest="6"`` is the short deck.  Option ``kickers=False``: the
  seed's house rule that kickers do not split equal pairs or equal two pairs.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Sequence
from typing import Any, overload

import numpy as np
from numpy.typing import NDArray

from ..core._tables import GameTables
from ..core._typing import CardArrayLike, CardsLike, IntArray, StrengthArray
from ..core._validate import quote
from .holdem import Category, best_five, category, describe, evaluate, evaluate_batch
from .registry import _ENTRIES, game

__all__ = ["Variant", "variant"]

# the games a Variant stands for; their options and checks are the registry's
_NAMES = ("holdem", "shortdeck", "stripped")


@dataclasses.dataclass(frozen=True)
class Variant:
    """One game: its rules' tables and its deck.

    Made by :func:`variant`; every method is the core function of the same
    name with ``variant=self``.

    Attributes
    ----------
    name : {"holdem", "shortdeck", "stripped"}
        The game.
    options : tuple of (str, value) pairs
        The rule options it was made with (see :func:`variant`:
        ``trips_beat_straight``, ``kickers``, ``lowest``).
    tables : GameTables
        The game's strength tables.
    """

    name: str
    options: tuple[tuple[str, Any], ...]
    tables: GameTables = dataclasses.field(repr=False, compare=False)

    @property
    def classes(self) -> int:
        """Number of distinct five-card strengths (the strongest hand's strength)."""
        return int(self.tables.classes)

    @property
    def deck(self) -> tuple[int, ...]:
        """The card ids of the deck, ascending."""
        return tuple(c for c in range(52) if self.tables.in_deck[c])

    def evaluate(self, cards: CardsLike) -> int:
        """Strength of the best five of 5..7 cards; see :func:`handrank.evaluate`."""
        return evaluate(cards, variant=self)

    def evaluate_batch(self, a: CardArrayLike, *, out: StrengthArray | None = None,
                       threads: int | None = None) -> StrengthArray:
        """Strengths of an (n, 5..7) id array; see :func:`handrank.evaluate_batch`.

        Parameters
        ----------
        a : array_like of int, shape (n, 5), (n, 6) or (n, 7)
            Card ids of the game's deck, one hand a row.
        out : ndarray of uint16, shape (n,), optional
            Where to write the result.
        threads : int, optional
            Worker threads; by default every core for large batches.
        """
        return evaluate_batch(a, out=out, threads=threads, variant=self)

    @overload
    def category(self, x: int | np.integer[Any]) -> Category: ...
    @overload
    def category(self, x: IntArray | Sequence[int]) -> NDArray[np.uint8]: ...
    def category(self, x: int | np.integer[Any] | IntArray | Sequence[int]
                 ) -> Category | NDArray[np.uint8]:
        """Category of a strength or of an array of them.

        Parameters
        ----------
        x : int or array_like of int
            A strength of this game (from :meth:`evaluate`), or an array of them:
            a :class:`~handrank.Category`, or an array of uint8 categories.
        """
        return category(x, variant=self)

    def describe(self, strength: int | np.integer[Any]) -> str:
        """A strength in words."""
        return describe(strength, variant=self)

    def best_five(self, cards: CardsLike) -> list[int]:
        """The ids of the five cards that make the best hand."""
        return best_five(cards, variant=self)


def variant(name: str = "holdem", **options: Any) -> Variant:
    """Return the game called ``name`` with the given rule options.

    Parameters
    ----------
    name : {"holdem", "shortdeck", "stripped"}
        The game.
    **options
        ``shortdeck``: ``trips_beat_straight`` (bool, default False),
        ``kickers`` (bool, default True; not together with
        ``trips_beat_straight=True``).  ``stripped``: ``lowest`` (a rank "3" ..
        "7", default "7"), ``kickers`` (bool, default True).

    Returns
    -------
    Variant

    Raises
    ------
    ValueError
        An unknown name or an option value out of range.
    TypeError
        An option the game does not take, or of the wrong type.

    Examples
    --------
    >>> sd = variant("shortdeck")
    >>> sd.classes, len(sd.deck)
    (1404, 36)
    >>> sd.describe(sd.evaluate("As 6s 7d 8c 9h"))
    'Straight, Nine high'
    >>> br = variant("stripped", lowest="7")
    >>> br.evaluate_batch([[51, 20, 25, 30, 32], [20, 25, 30, 32, 37]])  # A-7-8-9-T < 7-8-9-T-J
    array([668, 669], dtype=uint16)
    >>> sd.evaluate("5h 6s 7d 8c 9h")
    Traceback (most recent call last):
    ...
    handrank.errors.InvalidCardError: card '5h' is not in the shortdeck deck
    >>> variant("omaha")
    Traceback (most recent call last):
    ...
    ValueError: unknown variant 'omaha', expected 'holdem', 'shortdeck' or 'stripped'
    """
    if not isinstance(name, str) or name not in _NAMES:
        raise ValueError(
            f"unknown variant {quote(name)}, expected 'holdem', 'shortdeck' or 'stripped'")
    allowed = _ENTRIES[name][0]
    for key in options:
        if key not in allowed:
            expected = " or ".join(repr(a) for a in allowed) if allowed else "no options"
            raise TypeError(
                f"variant {quote(name)} has no option {quote(key)}, expected {expected}")
    g = game(name, **options)           # the registry checks the values
    return _variant(name, g.options)


@functools.cache
def _variant(name: str, options: tuple[tuple[str, Any], ...]) -> Variant:
    g = game(name, **dict(options))
    return Variant(name, g.options, g.tables[0])
