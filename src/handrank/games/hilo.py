"""Omaha hi-lo (eight or better): a high hand and a low hand per deal (:ref:`rules-low`).

Each half is made from exactly two hole cards and three board cards, chosen
separately (the two halves may use different hole cards).  The high is on
hold'em's 1..7462 scale; the low on the eight-or-better scale of
``lowball("a5", qualifier=8)``: 1..56, higher is the better low, 0 = no
qualifying low.

The C core (csrc/hilo.c) runs the Omaha kernel for the high and reads the low
from one generated table indexed by the low ranks (A, 2..8) of the hole and
of the board.  The pure-Python backend evaluates the 60/100/150 two-plus-three
combinations of each half with numpy.
"""

from __future__ import annotations

import numpy as np

from ..core import _validate, kernels
from ..core._tables import GameTables
from ..core._typing import CardArrayLike, CardsLike, StrengthArray
from ..core.cards import card_str, cards, first_duplicate
from ..core.errors import InvalidHandError
from .holdem import _thread_count, game_tables
from .lowball import lowball
from .omaha import _as_array, _check_deck, raise_for_deal

__all__ = ["evaluate_omaha_hilo", "evaluate_omaha_hilo_batch"]

_HOLE_SIZES = (4, 5, 6)
_BOARD = 5


def evaluate_omaha_hilo(hole: CardsLike, board: CardsLike) -> tuple[int, int]:
    """Return the Omaha hi-lo (high, low) of a deal.

    Parameters
    ----------
    hole : str, sequence of str or int
        4, 5 or 6 hole cards.
    board : str, sequence of str or int
        5 board cards.

    Returns
    -------
    (int, int)
        The high (1..7462) and the low (1..56, 0 = no qualifying low), each
        the best of exactly two hole cards and three board cards.

    Raises
    ------
    InvalidCardError
        A token that is not a card.
    InvalidHandError
        A wrong number of hole or board cards, or a card that repeats.

    Examples
    --------
    >>> from handrank import describe, lowball
    >>> high, low = evaluate_omaha_hilo("As 2s Kd Qd", "3c 4h 8d Kh 9c")
    >>> describe(high), lowball("a5", qualifier=8).describe(low)
    ('One pair, Kings, with A-9-8 kickers', '8-4-3-2-A low')
    >>> evaluate_omaha_hilo("Ks Qs Jd Td", "3c 4h 8d Kh 9c")[1]       # no two low hole cards
    0
    >>> evaluate_omaha_hilo("As 2s Kd", "3c 4h 8d Kh 9c")
    Traceback (most recent call last):
    ...
    handrank.errors.InvalidHandError: expected 4 to 6 hole cards, got 3
    """
    h_ids, b_ids = cards(hole), cards(board)
    if len(h_ids) not in _HOLE_SIZES:
        raise InvalidHandError(f"expected 4 to 6 hole cards, got {len(h_ids)}")
    if len(b_ids) != _BOARD:
        raise InvalidHandError(f"expected 5 board cards, got {len(b_ids)}")
    dup = first_duplicate(h_ids + b_ids)
    if dup >= 0:
        raise InvalidHandError(f"duplicate card {card_str(dup)!r}")
    g = game_tables(None)
    _check_deck(h_ids + b_ids, g)
    return kernels.eval_omaha_hilo(g, _low_tables(), h_ids, b_ids)


def evaluate_omaha_hilo_batch(holes: CardArrayLike, boards: CardArrayLike, *,
                              out: StrengthArray | None = None,
                              threads: int | None = None) -> StrengthArray:
    """Return the (high, low) of each Omaha hi-lo deal: holes (n, 4|5|6), boards (n, 5).

    Parameters
    ----------
    holes : array_like of int, shape (n, 4), (n, 5) or (n, 6)
        Hole card ids.
    boards : array_like of int, shape (n, 5)
        Board card ids.
    out : ndarray of uint16, shape (n, 2), optional
        Where to write the result.
    threads : int, optional
        Worker threads; by default every core for large batches.

    Returns
    -------
    ndarray of uint16, shape (n, 2)
        Column 0 the high (1..7462), column 1 the low (1..56, 0 = none).

    Raises
    ------
    TypeError
        Arrays that are not integer arrays, or an `out` that is not a uint16
        array.
    InvalidCardError
        An id outside 0..51, with its row.
    InvalidHandError
        Wrong shapes, different row counts, or a card repeated within a deal
        (the first bad row is reported).

    Examples
    --------
    >>> evaluate_omaha_hilo_batch([[51, 0, 44, 40]], [[5, 10, 25, 46, 29]])  # As2cKcQc 3d4h8dKh9d
    array([[3890,   35]], dtype=uint16)
    >>> evaluate_omaha_hilo_batch([[51, 0, 44, 40]], [[51, 10, 25, 46, 29]])
    Traceback (most recent call last):
    ...
    handrank.errors.InvalidHandError: duplicate card 'As' in row 0
    """
    hs = _as_array(holes, "holes", _HOLE_SIZES)
    bs = _as_array(boards, "boards", (_BOARD,))
    if len(hs) != len(bs):
        raise InvalidHandError(f"expected as many boards as holes, got {len(bs)} and {len(hs)}")
    n = len(hs)
    nthreads = _thread_count(threads, n)
    result = _validate.output(out, (n, 2), np.uint16,
                              *[x for x in (hs, bs, holes, boards) if isinstance(x, np.ndarray)])
    if n == 0:
        return result
    g = game_tables(None)
    bad = kernels.eval_omaha_hilo_batch(g, _low_tables(), hs, bs, result, nthreads)
    if bad >= 0:
        raise_for_deal(hs, bs, bad, g)
    return result


def _low_tables() -> GameTables:
    """The ace-to-five eight-or-better tables (the pure-Python backend's low half)."""
    return lowball("a5", qualifier=8).tables
