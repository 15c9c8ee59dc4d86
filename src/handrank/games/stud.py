"""Stud rankings: best five of seven, high, razz, and stud hi-lo.

Each rule is an object of the shape of :class:`~handrank.Variant` and
:class:`~handrank.Lowball`, over the tables the build step already writes:

* ``stud_rule("stud")``: the best high hand of five of the cards (hold'em's
  1..7462 scale).
* ``stud_rule("razz")``: the best ace-to-five low, no qualifier
  (``lowball("a5")``: 6175 = 5-4-3-2-A).
* ``stud_rule("stud-hilo")``: both halves, high and the eight-or-better low
  (0 = no qualifying low); ``evaluate`` returns ``(high, low)`` and
  ``evaluate_batch`` an (n, 2) uint16 array.

Stud hands hold 5 to 7 cards (3 and 4 on the early streets are not a
five-card hand; equity on those streets needs the Game model).
"""

from __future__ import annotations

import dataclasses
from typing import Any

import numpy as np

from ..core._typing import CardArrayLike, CardsLike, StrengthArray
from ..core._validate import quote
from .holdem import best_five, describe, evaluate, evaluate_batch
from .lowball import Lowball, lowball
from .registry import _ENTRIES, game

__all__ = ["StudRule", "stud_rule"]


@dataclasses.dataclass(frozen=True)
class StudRule:
    """One stud game's ranking: made by :func:`stud_rule`.

    Attributes
    ----------
    name : str
        The stud game's name (``"stud"``, ``"stud-hilo"``, ``"razz"``).
    high : bool
        Whether the high hand plays (a half of the pot in stud hi-lo).
    low : Lowball or None
        The low rule that plays (razz's ace-to-five, stud hi-lo's eight or
        better); None in a game of the high hand only.
    """

    name: str
    high: bool
    low: Lowball | None

    def evaluate(self, cards: CardsLike) -> Any:
        """The strength (``(high, low)`` in stud hi-lo) of 5..7 cards.

        Examples
        --------
        >>> stud_rule("razz").evaluate("Ks Kd 5h 4c 3s 2d As")
        6175
        >>> stud_rule("stud-hilo").evaluate("As Ad 5h 4c 3s 2d Kc")
        (5854, 56)
        >>> stud_rule("stud").evaluate("As Ad")
        Traceback (most recent call last):
        ...
        handrank.errors.InvalidHandError: expected 5 to 7 cards, got 2
        """
        if self.low is None:
            return evaluate(cards)
        if not self.high:
            return self.low.evaluate(cards)
        return evaluate(cards), self.low.evaluate(cards)

    def evaluate_batch(self, a: CardArrayLike, *, out: StrengthArray | None = None,
                       threads: int | None = None) -> np.ndarray:
        """Strengths of an (n, 5..7) array; (n, 2) [high, low] in stud hi-lo.

        Parameters
        ----------
        a : array-like of card ids, shape (n, 5..7)
            One hand a row.
        out : ndarray of uint16, shape (n,), optional
            Written in place and returned (no allocation); not in stud hi-lo,
            whose result has two columns (a TypeError).
        threads : int, optional
            Worker threads; by default every core for large batches.

        Examples
        --------
        >>> stud_rule("stud-hilo").evaluate_batch([[51, 50, 13, 8, 7, 0, 45]])
        array([[5854,   56]], dtype=uint16)
        """
        if self.low is None:
            return evaluate_batch(a, out=out, threads=threads)
        if not self.high:
            return self.low.evaluate_batch(a, out=out, threads=threads)
        if out is not None:
            raise TypeError("stud-hilo's evaluate_batch takes no out= (it returns (n, 2))")
        hi = evaluate_batch(a, threads=threads)
        lo = self.low.evaluate_batch(a, threads=threads)
        return np.stack([hi, lo], axis=1)

    def describe(self, strength: Any) -> Any:
        """A strength in words (a pair of texts in stud hi-lo)."""
        if self.low is None:
            return describe(strength)
        if not self.high:
            return self.low.describe(strength)
        try:
            high, low = strength
        except (TypeError, ValueError):
            raise TypeError("a stud-hilo strength is a (high, low) pair, got "
                            f"{type(strength).__name__}") from None
        return describe(high), self.low.describe(low)

    def best_five(self, cards: CardsLike) -> Any:
        """The five cards played (``(high five, low five)`` in stud hi-lo)."""
        if self.low is None:
            return best_five(cards)
        if not self.high:
            return self.low.best_five(cards)
        return best_five(cards), self.low.best_five(cards)


def _stud_names() -> tuple[str, ...]:
    """The stud games of the one registry (:func:`handrank.games`): dealt with up cards."""
    return tuple(n for n in _ENTRIES if game(n).up_cards)


def stud_rule(name: str) -> StudRule:
    """The ranking of a stud game of the registry (``"stud"``, ``"stud-hilo"``, ``"razz"``).

    Parameters
    ----------
    name : str
        The stud game's name.

    Examples
    --------
    >>> stud_rule("omaha")
    Traceback (most recent call last):
    ...
    ValueError: unknown stud game 'omaha', expected 'stud', 'stud-hilo' or 'razz'
    """
    names = _stud_names()
    if not isinstance(name, str) or name not in names:
        raise ValueError(f"unknown stud game {quote(name)}, expected "
                         + ", ".join(repr(n) for n in names[:-1]) + f" or {names[-1]!r}")
    g = game(name)
    low = None if g.low_rule is None else lowball(g.low_rule[0], qualifier=g.low_rule[1])
    return StudRule(name, "high" in g.halves, low)
