"""Badugi (four cards): evaluation, categories, words, the best badugi.

A badugi is the largest set of a hand's cards with no two of the same rank
and no two of the same suit; more cards beat fewer, then the lower highest
card, then the next, and so on; aces are low; suits never decide.  The
tables come from the build step (tables/badugi.py); strengths run 1 ..
1,092, higher is better (1092 = 4-3-2-A, four suits).  The category of a
strength is its number of cards, 1..4.

On the C backend csrc/draw.c evaluates: the first batch fills a table of
all 270,725 four-card hands by the colex index of their sorted ids (from the
build step's tables), then a row is a sort of four ids and one lookup
(sixteen rows at a time with AVX-512).  The pure-Python backend does the
same with numpy (no per-hand loop).
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
from typing import Any

import numpy as np

from ..core import _fallback_games, kernels
from ..core._typing import CardArrayLike, CardsLike, StrengthArray
from ..core._validate import card_array, quote
from ..core.cards import RANKS, card_str, first_duplicate, hand
from ..core.errors import InvalidCardError, InvalidHandError

__all__ = ["Badugi", "badugi", "evaluate_badugi", "evaluate_badugi_batch"]

HAND = 4


def _prepare() -> None:
    """Fill the C core's colex table once, before any batch (a no-op without it)."""
    kernels.badugi_prepare()


_NAMES = {1: "one-card", 2: "two-card", 3: "three-card", 4: "badugi"}


@functools.cache
def _tables() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """badugi_value, badugi_size, badugi_ranks (tables/badugi.py)."""
    return kernels.badugi_tables()


CLASSES = 1092


def _numpy_batch(arr: np.ndarray) -> np.ndarray:
    """The pure-Python backend's strengths of valid rows (n, 4), vectorised."""
    return _fallback_games.badugi_strengths(arr, _tables()[0])


def evaluate_badugi(cards: CardsLike) -> int:
    """The badugi strength of four cards, 1..1092, higher is better.

    Examples
    --------
    >>> evaluate_badugi("Ac 2d 3h 4s")
    1092
    >>> evaluate_badugi("Kc Kd Ks Kh")            # one card: a king
    1
    >>> evaluate_badugi("Ac 2d 3h")
    Traceback (most recent call last):
    ...
    handrank.errors.InvalidHandError: expected 4 cards, got 3
    """
    ids = hand(cards, HAND, HAND)
    return kernels.eval_badugi(ids)


def evaluate_badugi_batch(a: CardArrayLike, *, out: StrengthArray | None = None
                          ) -> StrengthArray:
    """The badugi strengths of an (n, 4) array of card ids.

    Parameters
    ----------
    a : array-like of card ids, shape (n, 4)
        One four-card hand a row.
    out : ndarray of uint16, shape (n,), optional
        Written in place and returned (no allocation).

    Examples
    --------
    >>> evaluate_badugi_batch([[48, 1, 6, 11], [44, 45, 46, 47]])
    array([1092,    1], dtype=uint16)
    >>> evaluate_badugi_batch([[48, 48, 6, 11]])
    Traceback (most recent call last):
    ...
    handrank.errors.InvalidHandError: duplicate card 'Ac' in row 0
    """
    arr = card_array(a, shape="(n, 4)", widths=(HAND,))
    n = arr.shape[0]
    if out is None:
        result = np.empty(n, dtype=np.uint16)
    else:
        if not isinstance(out, np.ndarray) or out.dtype != np.uint16 or out.shape != (n,) \
                or not out.flags.c_contiguous:
            raise TypeError(f"out must be a contiguous uint16 array of shape ({n},)")
        result = out
    if n == 0:
        return result
    bad = kernels.eval_badugi_batch(arr, result)
    if bad >= 0:
        row = [int(c) for c in arr[bad]]
        for col, c in enumerate(row):
            if c >= 52:
                raise InvalidCardError(f"invalid card id {c} at row {bad}, column {col}")
        dup = first_duplicate(row)
        raise InvalidHandError(f"duplicate card {card_str(dup)!r} in row {bad}")
    return result


def _check_strength(s: Any) -> int:
    if isinstance(s, bool) or not isinstance(s, (int, np.integer)):
        raise TypeError(f"a badugi strength must be an int, got {quote(s)}")
    if not 1 <= s <= CLASSES:
        raise ValueError(f"badugi strength must be 1 to {CLASSES}, got {quote(s)}")
    return int(s)


@dataclasses.dataclass(frozen=True)
class Badugi:
    """Badugi's ranking, shaped like :class:`~handrank.Lowball` (made by :func:`badugi`).

    Parameters
    ----------
    name : str
        The ranking's name (default ``"badugi"``).
    """

    name: str = "badugi"

    @property
    def classes(self) -> int:
        return CLASSES

    def evaluate(self, cards: CardsLike) -> int:
        """The badugi strength of four `cards`, 1..1092, higher is better.

        See :func:`evaluate_badugi`.

        Parameters
        ----------
        cards : str or sequence of card ids or card text
            Four cards (``"Ac 2d 3h 4s"``).
        """
        return evaluate_badugi(cards)

    def evaluate_batch(self, a: CardArrayLike, *, out: StrengthArray | None = None
                       ) -> StrengthArray:
        """The badugi strengths of an (n, 4) array of card ids.

        See :func:`evaluate_badugi_batch`.

        Parameters
        ----------
        a : array-like of card ids, shape (n, 4)
            One four-card hand a row.
        out : ndarray of uint16, shape (n,), optional
            Written in place and returned (no allocation).
        """
        return evaluate_badugi_batch(a, out=out)

    def category(self, strength: int) -> int:
        """The number of cards of the badugi (1..4; 4 is a badugi proper).

        Parameters
        ----------
        strength : int
            A badugi strength, 1..1092 (from :meth:`evaluate`).
        """
        return int(_tables()[1][_check_strength(strength)])

    def describe(self, strength: int) -> str:
        """A strength in words.

        Examples
        --------
        >>> b = badugi()
        >>> b.describe(b.evaluate("Ac 2d 3h 4s")), b.describe(b.evaluate("Kc 7c 2d 2h"))
        ('Badugi, 4-3-2-A', 'Two-card, 7-2')
        """
        s = _check_strength(strength)
        size = int(_tables()[1][s])
        ranks = "-".join(RANKS[r] for r in _tables()[2][s][:size])
        return f"{_NAMES[size].capitalize()}, {ranks}"

    def best_four(self, cards: CardsLike) -> list[int]:
        """The cards of the best badugi, highest first (fewer than four when it is smaller).

        Examples
        --------
        >>> from handrank.core.cards import cards_str
        >>> cards_str(badugi().best_four("Kc 7c 2d 2h"))
        '7c 2d'
        """
        ids = hand(cards, HAND, HAND)
        target = self.evaluate(ids)
        size = int(_tables()[1][target])
        for combo in itertools.combinations(ids, size):
            if (len({c >> 2 for c in combo}) == size and len({c & 3 for c in combo}) == size):
                place = sorted(combo, key=lambda c: -(0 if c >> 2 == 12 else (c >> 2) + 1))
                mask = sum(1 << (0 if c >> 2 == 12 else (c >> 2) + 1) for c in combo)
                if int(_tables()[0][mask]) == target:
                    return place
        raise RuntimeError("internal error: no subset makes the hand's badugi")


def badugi() -> Badugi:
    """Badugi's ranking object (evaluate, evaluate_batch, category, describe, best_four)."""
    return Badugi()
