"""Omaha: the best hand from exactly two hole cards and three board cards.

Strengths are on the scale of the game (hold'em by default: 1..7462).  The C
core (csrc/omaha.c) evaluates a deal with one table row per board; the
pure-Python backend evaluates the 60/100/150 two-plus-three combinations of
each deal with numpy.
"""

from __future__ import annotations

from typing import Any, NoReturn

import numpy as np

from ..core import _validate, kernels
from ..core._typing import CardArrayLike, CardsLike, StrengthArray
from ..core.cards import card_str, cards, first_duplicate
from ..core.errors import InvalidCardError, InvalidHandError
from .base import VariantLike
from .holdem import _output, _thread_count, game_tables

__all__ = ["evaluate_omaha", "evaluate_omaha_batch"]

_HOLE_SIZES = (4, 5, 6)
_BOARD = 5


def _check_deck(ids: list[int], g: Any, where: str = "") -> None:
    for c in ids:
        if c >= 52:
            raise InvalidCardError(f"invalid card id {c}{where}")
        if not g.in_deck[c]:
            raise InvalidCardError(f"card {card_str(c)!r} is not in the {g.name} deck{where}")


def evaluate_omaha(hole: CardsLike, board: CardsLike, *, variant: VariantLike = None) -> int:
    """Return the strength of the best Omaha hand: two hole cards plus three board cards.

    Parameters
    ----------
    hole : str, sequence of str or int
        4, 5 or 6 hole cards.
    board : str, sequence of str or int
        5 board cards.
    variant : optional
        The game whose five-card scale is used; hold'em by default.

    Returns
    -------
    int
        1..7462 for hold'em; higher is stronger.

    Raises
    ------
    InvalidCardError
        A token that is not a card, or a card outside the variant's deck.
    InvalidHandError
        A wrong number of hole or board cards, or a card that repeats.

    Examples
    --------
    >>> from handrank import describe
    >>> describe(evaluate_omaha("As Ks Qd Jd", "Ts 9s 2c 3h 4d"))   # two hole cards only
    'High card, Ace, with K-T-9-4'
    >>> describe(evaluate_omaha("As Kd 3c 4h", "Ks Qs Js Ts 5c"))   # one spade in hand: no flush
    'Straight, Ace high'
    >>> evaluate_omaha("As Ks Qd", "Ts 9s 2c 3h 4d")
    Traceback (most recent call last):
    ...
    handrank.errors.InvalidHandError: expected 4 to 6 hole cards, got 3
    """
    g = game_tables(variant)
    h_ids, b_ids = cards(hole), cards(board)
    if len(h_ids) not in _HOLE_SIZES:
        raise InvalidHandError(f"expected 4 to 6 hole cards, got {len(h_ids)}")
    if len(b_ids) != _BOARD:
        raise InvalidHandError(f"expected 5 board cards, got {len(b_ids)}")
    strength = kernels.eval_omaha(g, h_ids, b_ids)
    if strength:
        return strength
    _check_deck(h_ids + b_ids, g)
    dup = first_duplicate(h_ids + b_ids)
    if dup >= 0:
        raise InvalidHandError(f"duplicate card {card_str(dup)!r}")
    raise RuntimeError(f"internal error: the C core rejected {h_ids!r} {b_ids!r}")


def _as_array(a: Any, what: str, widths: tuple[int, ...]) -> np.ndarray:
    w = "5" if widths == (_BOARD,) else "4..6"
    return _validate.card_array(a, what=what, shape=f"(n, {w})", widths=widths)


def evaluate_omaha_batch(holes: CardArrayLike, boards: CardArrayLike, *,
                         out: StrengthArray | None = None, threads: int | None = None,
                         variant: VariantLike = None) -> StrengthArray:
    """Return the Omaha strength of each deal: holes (n, 4|5|6), boards (n, 5).

    Parameters
    ----------
    holes : array_like of int, shape (n, 4), (n, 5) or (n, 6)
        Hole card ids.
    boards : array_like of int, shape (n, 5)
        Board card ids.
    out : ndarray of uint16, shape (n,), optional
        Where to write the result.
    threads : int, optional
        Worker threads; by default every core for large batches.
    variant : optional
        The game whose five-card scale is used; hold'em by default.

    Returns
    -------
    ndarray of uint16, shape (n,)

    Raises
    ------
    TypeError
        Arrays that are not integer arrays.
    InvalidCardError
        An id outside 0..51 or outside the deck, with its row.
    InvalidHandError
        Wrong shapes, different row counts, or a card repeated within a deal
        (the first bad row is reported).

    Examples
    --------
    >>> evaluate_omaha_batch([[51, 47, 1, 2]], [[43, 39, 35, 4, 8]])   # As Ks + Qs Js Ts
    array([7462], dtype=uint16)
    >>> evaluate_omaha_batch([[51, 47, 1, 2]], [[51, 39, 35, 4, 8]])
    Traceback (most recent call last):
    ...
    handrank.errors.InvalidHandError: duplicate card 'As' in row 0
    """
    g = game_tables(variant)
    hs = _as_array(holes, "holes", _HOLE_SIZES)
    bs = _as_array(boards, "boards", (_BOARD,))
    if len(hs) != len(bs):
        raise InvalidHandError(f"expected as many boards as holes, got {len(bs)} and {len(hs)}")
    n = hs.shape[0]
    nthreads = _thread_count(threads, n)
    result = _output(out, n, hs, bs, holes, boards)
    if n == 0:
        return result
    bad = kernels.eval_omaha_batch(g, hs, bs, result, nthreads)
    if bad >= 0:
        raise_for_deal(hs, bs, bad, g)
    return result


def raise_for_deal(hs: np.ndarray, bs: np.ndarray, bad: int, g: Any) -> NoReturn:
    """Raise the error of deal `bad` (hole cards plus board) that a batch refused."""
    row = [int(c) for c in hs[bad]] + [int(c) for c in bs[bad]]
    _check_deck(row, g, f" (row {bad})")
    dup = first_duplicate(row)
    if dup >= 0:
        raise InvalidHandError(f"duplicate card {card_str(dup)!r} in row {bad}")
    raise RuntimeError(f"internal error: row {bad} rejected: {row!r}")
