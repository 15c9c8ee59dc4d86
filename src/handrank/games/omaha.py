"""Omaha: the best hand from exactly two hole cards and three board cards.

Strengths are on the scale of the game (hold'em by default: 1..7462).  The C
core (csrc/omaha.c) evaluates a deal with one table row per board; the
pure-Python backend evaluates the 60/100/150 two-plus-three combinations of
each deal with numpy.
"""

from __future__ import annotations

import itertools
from typing import Any, NoReturn

import numpy as np

from ..core import _backend, _fallback, _run, _validate
from ..core._typing import CardArrayLike, CardsLike, StrengthArray, VariantLike
from ..core.cards import card_str, cards, first_duplicate
from ..core.errors import InvalidCardError, InvalidHandError
from .holdem import _output, _thread_count, game_tables

__all__ = ["evaluate_omaha", "evaluate_omaha_batch"]

_C = _backend.core
_HOLE_SIZES = (4, 5, 6)
_BOARD = 5
_SLICE_ROWS = 1 << 15        # deals per C call (a few ms): Ctrl-C is seen between two


def _combos(h: int) -> np.ndarray:
    """Column indices into (hole + board) of every two-plus-three combination."""
    return np.array([list(p) + [h + t for t in tri]
                     for p in itertools.combinations(range(h), 2)
                     for tri in itertools.combinations(range(_BOARD), 3)], dtype=np.intp)


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
    if _C is not None:
        strength = _C.lib.hr_eval_omaha(g.ptr, bytes(h_ids), len(h_ids), bytes(b_ids))
        if strength:
            return int(strength)
    _check_deck(h_ids + b_ids, g)
    dup = first_duplicate(h_ids + b_ids)
    if dup >= 0:
        raise InvalidHandError(f"duplicate card {card_str(dup)!r}")
    if _C is not None:
        raise RuntimeError(f"internal error: the C core rejected {h_ids!r} {b_ids!r}")
    deal = np.array([h_ids + b_ids], dtype=np.uint8)
    return int(_omaha_fallback(g, deal, len(h_ids)).max())


def _omaha_fallback(g: Any, deals: np.ndarray, h: int) -> np.ndarray:
    """(n, combinations) strengths of validated deals (n, h + 5), with numpy."""
    combos = np.ascontiguousarray(deals[:, _combos(h)].reshape(-1, 5))
    out = np.empty(len(combos), dtype=np.uint16)
    if _fallback.eval_batch(g, combos, out) >= 0:
        raise RuntimeError("internal error: a validated Omaha combination was rejected")
    return out.reshape(len(deals), -1)


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
    if _C is None:
        bad = _run.run_rows(lambda lo, hi: _fallback_batch(g, hs[lo:hi], bs[lo:hi],
                                                           result[lo:hi]),
                            n, 1, _SLICE_ROWS)
    else:
        bad = run_deals(_C.lib.hr_eval_omaha_batch, g, hs, bs, result, nthreads)
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


def run_deals(kernel: Any, g: Any, hs: np.ndarray, bs: np.ndarray, out: np.ndarray,
              threads: int) -> int:
    """Run an Omaha batch kernel (hr_eval_omaha_batch, hr_eval_omaha_hilo_batch) over
    the deals in slices; `out` holds ``out.size // n`` values a deal.  The first bad
    deal, or -1."""
    ffi = _C.ffi
    n, h = hs.shape
    width = out.size // n
    src_h = ffi.from_buffer("uint8_t[]", hs)
    src_b = ffi.from_buffer("uint8_t[]", bs)
    dst = ffi.from_buffer("uint16_t[]", out, require_writable=True)

    def part(lo: int, hi: int) -> int:
        bad = int(kernel(g.ptr, src_h + lo * h, h, src_b + lo * _BOARD, hi - lo,
                         dst + width * lo))
        if bad == -2:
            raise RuntimeError(f"internal error: the C core rejected {h} hole cards")
        return bad

    return _run.run_rows(part, n, threads, _SLICE_ROWS)


def _fallback_batch(g: Any, hs: np.ndarray, bs: np.ndarray, out: np.ndarray) -> int:
    deals = np.concatenate([hs, bs], axis=1)
    u64 = np.uint64
    masks = g.card_mask[deals]
    poisoned = (~g.in_deck[deals]).any(axis=1)
    repeated = masks.sum(axis=1, dtype=u64) != np.bitwise_or.reduce(masks, axis=1)
    bad = poisoned | repeated
    if bad.any():
        return int(bad.argmax())
    step = 1 << 12
    for start in range(0, len(deals), step):
        part = _omaha_fallback(g, deals[start:start + step], hs.shape[1])
        out[start:start + step] = part.max(axis=1)
    return -1
