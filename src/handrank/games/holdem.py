"""Hand strength: one hand at a time or whole numpy arrays at once.

Strength is an int from 1 (7-5-4-3-2 of mixed suits) to 7462 (a royal
flush); higher is stronger and equal strengths split the pot.  ``7463 -
strength`` is the rank printed by treys, deuces and phevaluator (the "Cactus
Kev" scale, 1 = royal flush), so results can be cross-checked.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from enum import IntEnum
from typing import Any, overload

import numpy as np
from numpy.typing import NDArray

from ..core import _backend, _run, _validate, kernels
from ..core._tables import LOW_PREFIX, GameTables
from ..core._typing import CardArrayLike, CardsLike, IntArray, StrengthArray
from ..core._validate import number
from ..core.cards import (
    RANKS,
    card_str,
    cards,
    check_hand,
    check_text_length,
    first_duplicate,
)
from ..core.errors import InvalidCardError, InvalidHandError
from .base import Game, VariantLike
from .registry import high_tables

__all__ = ["Category", "best_five", "category", "describe", "evaluate", "evaluate_batch"]


class Category(IntEnum):
    """Hand categories, weakest first (0 is "no hand" and never returned)."""

    HIGH_CARD = 1
    ONE_PAIR = 2
    TWO_PAIR = 3
    THREE_OF_A_KIND = 4
    STRAIGHT = 5
    FLUSH = 6
    FULL_HOUSE = 7
    FOUR_OF_A_KIND = 8
    STRAIGHT_FLUSH = 9

    def __str__(self) -> str:
        """The name, ``"ONE_PAIR"`` (``int(c)`` gives the number).

        Examples
        --------
        >>> str(Category.ONE_PAIR), f"{Category.FLUSH}", int(Category.FLUSH)
        ('ONE_PAIR', 'FLUSH', 6)
        """
        return self.name

    def __format__(self, spec: str) -> str:
        # A numeric presentation type (":d", ":03d") formats the number, any
        # other spec (":>16", "") the name.
        if spec and spec[-1] in "bcdoxXneEfFgG%":
            return format(int(self), spec)
        return format(self.name, spec)


_HOLDEM: GameTables = _backend.GAMES["holdem"]
# Batches smaller than this run on the calling thread: splitting costs more.
_MIN_ROWS_PER_THREAD = 1 << 16


def game_tables(variant: VariantLike = None) -> GameTables:
    """The tables for ``variant``: None, a game name, or a Variant (``.tables``).

    Names are those of the generated games: "holdem", "shortdeck",
    "shortdeck_tbs", "stripped7", ... (``handrank.variant`` takes options).
    The low-hand rules ("low_27", a :class:`~handrank.Lowball`) are refused:
    their strengths are not a high-hand scale, and a :class:`Lowball`'s own
    methods read them.
    """
    if variant is None:
        return _HOLDEM
    if isinstance(variant, Game):
        high = variant.high
        if high is None:
            raise TypeError(f"game {variant.name!r} has no high half")
        # hold'em's own tables (the ones a backend switch replaces) for every
        # game whose high half is hold'em's
        return _HOLDEM if high.values is _backend.GAMES["holdem"].values else high
    if isinstance(variant, str):
        tables = _backend.GAMES.get(variant)
        if tables is None:
            # "stripped" and the other user-facing names, with their default options
            if variant != "stripped":
                raise ValueError(f"unknown variant {_validate.quote(variant)}, "
                                 "expected 'holdem', 'shortdeck' or 'stripped'")
            return high_tables("stripped", False, True, "7")[0]
        if tables.low:
            raise ValueError(f"{_validate.quote(variant)} is a low-hand rule, not a variant: "
                             + _lowball_hint(tables))
        return tables
    tables = getattr(variant, "tables", None)
    if isinstance(tables, GameTables):
        if tables.low:
            raise TypeError(f"variant= takes a high-hand game, got the low rule "
                            f"{type(variant).__name__} {tables.name!r}: " + _lowball_hint(tables))
        return tables
    raise TypeError(f"expected a variant name or a Variant, got {type(variant).__name__}")


def _lowball_hint(tables: GameTables) -> str:
    """Where to go instead: ``use hr.lowball('a5', qualifier=8).evaluate(...)``."""
    rule, _, qualifier = tables.name.removeprefix(LOW_PREFIX).replace("_", "/").partition("/")
    args = repr(rule) + (f", qualifier={qualifier}" if qualifier else "")
    return (f"use hr.lowball({args}).evaluate(...) (or its evaluate_batch, describe, "
            "best_five), or the game= of hr.settle and hr.explain")


@kernels.one_hand_holdem
def evaluate(cards: CardsLike, *, variant: VariantLike = None) -> int:
    """Return the strength of the best five-card hand among 5, 6 or 7 cards.

    Parameters
    ----------
    cards : str, sequence of str or int, or 1-D integer array
        ``"As Kd 7h 7c 2s"``, ``"AsKd7h7c2s"``, ``["As", "Kd", ...]`` or card
        ids (``4 * rank + suit``).
    variant : optional
        The game; hold'em by default.

    Returns
    -------
    int
        1 (7-5-4-3-2 of mixed suits) .. 7462 (royal flush); higher is
        stronger and equal strengths split the pot.  ``7463 - strength`` is
        the "Cactus Kev" rank that treys, deuces and phevaluator print.  The
        rules behind it: :ref:`rules-comparison` on the rules page.

    Raises
    ------
    InvalidCardError
        A token that is not a card, or an id outside 0..51.
    InvalidHandError
        A repeated card, or fewer than 5 or more than 7 cards.

    Examples
    --------
    >>> evaluate("As Ks Qs Js Ts")
    7462
    >>> evaluate([51, 45, 22, 20, 3, 29, 36])      # As Kd 7h 7c 2s 9d Jc
    2596
    >>> evaluate("As Ks Qs Js Zz")
    Traceback (most recent call last):
    ...
    handrank.errors.InvalidCardError: invalid card 'Zz'
    """
    # The common calls (5 to 7 ids, text) take the C fast path that
    # kernels.one_hand_holdem builds around this general path (which runs
    # this line itself: kernels.one_hand_holdem_general below).
    return _evaluate(cards, game_tables(variant))


def _evaluate(cards: Any, g: GameTables) -> int:
    """Any input and any game; raises the error that names what is wrong."""
    strength = kernels.eval_given(g, cards)
    if strength:
        return strength
    ids = cards_checked(cards, g)
    strength = kernels.eval_one(g, ids)
    if not strength:
        _raise_for(cards, g)
    return strength


# evaluate's own body, run by its fast path when that declines
kernels.one_hand_holdem_general(game_tables, _evaluate)


def cards_checked(x: Any, g: GameTables = _HOLDEM) -> list[int]:
    """Parse a hand and raise the error that names what is wrong with it."""
    check_text_length(x)
    ids = cards(x)
    check_hand(ids, 5, 7)
    for c in ids:
        if not g.in_deck[c]:
            raise InvalidCardError(f"card {card_str(c)!r} is not in the {g.name} deck")
    return ids


def _raise_for(x: Any, g: GameTables) -> None:
    if isinstance(x, (bytes, bytearray)):
        raise TypeError(f"expected cards as str, sequence or array, got {type(x).__name__}")
    cards_checked(x, g)
    raise RuntimeError(f"internal error: the C core rejected {x!r}")


def evaluate_batch(a: CardArrayLike, *, out: StrengthArray | None = None,
                   threads: int | None = None, variant: VariantLike = None) -> StrengthArray:
    """Return the strength of each row of an (n, 5..7) array of card ids.

    Parameters
    ----------
    a : array_like of int, shape (n, 5), (n, 6) or (n, 7)
        Card ids, any integer dtype; uint8 C-contiguous input is used as is.
    out : ndarray of uint16, shape (n,), optional
        Where to write the result.
    threads : int, optional
        Worker threads; by default every core for large batches, one for small.
    variant : optional
        The game; hold'em by default.

    Returns
    -------
    ndarray of uint16, shape (n,)

    Raises
    ------
    TypeError
        If `a` is not an integer array, or `out` is not a fitting uint16 array.
    InvalidCardError
        An id outside 0..51 (or outside the variant's deck), with its row.
    InvalidHandError
        A repeated card in a row, or a shape other than (n, 5..7).

    Examples
    --------
    >>> evaluate_batch([[51, 47, 43, 39, 35], [20, 13, 10, 7, 0]])
    array([7462,    1], dtype=uint16)
    >>> evaluate_batch([[51, 51, 43, 39, 35]])
    Traceback (most recent call last):
    ...
    handrank.errors.InvalidHandError: duplicate card 'As' in row 0
    """
    g = _HOLDEM if variant is None else game_tables(variant)
    arr = _as_card_array(a)
    n = arr.shape[0]
    nthreads = _thread_count(threads, n)
    result = _output(out, n, arr, a)
    if n == 0:
        return result
    bad = kernels.eval_batch(g, arr, result, nthreads)
    if bad >= 0:
        _raise_for_row(arr, bad, g)
    return result


def _as_card_array(a: Any) -> np.ndarray:
    return _validate.card_array(a)


def _output(out: Any, n: int, *inputs: Any) -> StrengthArray:
    return _validate.output(out, (n,), np.uint16,
                            *[x for x in inputs if isinstance(x, np.ndarray)])


def _thread_count(threads: Any, n: int) -> int:
    return _validate.thread_count(threads, n, _MIN_ROWS_PER_THREAD)


def _executor() -> ThreadPoolExecutor:
    return _run.executor()


def _raise_for_row(arr: np.ndarray, r: int, g: GameTables) -> None:
    row = [int(c) for c in arr[r]]
    for col, c in enumerate(row):
        if c >= 52:
            raise InvalidCardError(f"invalid card id {c} at row {r}, column {col}")
        if not g.in_deck[c]:
            raise InvalidCardError(f"card {card_str(c)!r} is not in the {g.name} deck (row {r})")
    dup = first_duplicate(row)
    if dup >= 0:
        raise InvalidHandError(f"duplicate card {card_str(dup)!r} in row {r}")
    raise RuntimeError(f"internal error: row {r} rejected: {row!r}")


@overload
def category(x: int | np.integer[Any], *, variant: VariantLike = None) -> Category: ...
@overload
def category(x: IntArray | Sequence[int], *, variant: VariantLike = None) -> NDArray[np.uint8]: ...
def category(x: int | np.integer[Any] | IntArray | Sequence[int], *,
             variant: VariantLike = None) -> Category | NDArray[np.uint8]:
    """Return the Category of a strength, or a uint8 array of them for an array.

    Examples
    --------
    >>> category(7462)
    <Category.STRAIGHT_FLUSH: 9>
    >>> category(np.array([1, 7462]))
    array([1, 9], dtype=uint8)
    >>> category(0)
    Traceback (most recent call last):
    ...
    ValueError: invalid strength 0, expected 1 to 7462
    """
    g = _HOLDEM if variant is None else game_tables(variant)
    if isinstance(x, (int, np.integer)) and not isinstance(x, bool):
        return Category(int(g.category[_check_strength(x, g)]))
    arr = np.asarray(x)
    if arr.dtype.kind not in "iu":
        raise TypeError(f"expected a strength or an integer array of strengths, got {arr.dtype}")
    _validate.fits(arr.shape, np.uint8, "the categories")
    at = (() if not 1 <= arr <= g.classes else None) if arr.ndim == 0 \
        else _validate.first_outside(arr, 1, g.classes)   # a broadcast axis read once
    if at is not None:
        raise ValueError(f"invalid strength {number(arr[at])}, expected 1 to {g.classes}")
    found: NDArray[np.uint8] = g.category[arr]
    return found


def _check_strength(s: Any, g: GameTables) -> int:
    if isinstance(s, bool) or not isinstance(s, (int, np.integer)):
        raise TypeError(f"expected a strength (int), got {type(s).__name__}")
    if not 1 <= s <= g.classes:
        raise ValueError(f"invalid strength {number(s)}, expected 1 to {g.classes}")
    return int(s)


_PLURAL = ("Twos", "Threes", "Fours", "Fives", "Sixes", "Sevens", "Eights", "Nines", "Tens",
           "Jacks", "Queens", "Kings", "Aces")
_SINGULAR = ("Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten", "Jack",
             "Queen", "King", "Ace")


def describe(strength: int | np.integer[Any], *, variant: VariantLike = None) -> str:
    """Describe a strength in words.

    Examples
    --------
    >>> describe(evaluate("Kh 3c Ks 6d 7c 9h 2s"))
    'One pair, Kings, with 9-7-6 kickers'
    >>> describe(7462)
    'Royal flush'
    """
    return describe_in(strength, _HOLDEM if variant is None else game_tables(variant))


def describe_in(strength: int | np.integer[Any], g: GameTables) -> str:
    """:func:`describe` on the tables `g` (a :class:`~handrank.Lowball`'s too)."""
    s = _check_strength(strength, g)
    cat = Category(int(g.category[s]))
    ranks = [int(r) for r in g.class_ranks[s] if r != 255]
    distinct = list(dict.fromkeys(ranks))

    def kick(rs: list[int]) -> str:
        if not rs:
            return ""
        if len(rs) == 1:
            name = _SINGULAR[rs[0]]
            return f", with {'an' if name[0] in 'AE' else 'a'} {name} kicker"
        return ", with " + "-".join(RANKS[r] for r in rs) + " kickers"

    if cat == Category.STRAIGHT_FLUSH:
        return "Royal flush" if ranks[0] == 12 else f"Straight flush, {_SINGULAR[ranks[0]]} high"
    if cat == Category.STRAIGHT:
        return f"Straight, {_SINGULAR[ranks[0]]} high"
    if cat == Category.FLUSH:
        return "Flush, " + "-".join(RANKS[r] for r in ranks)
    if cat == Category.FOUR_OF_A_KIND:
        return f"Four of a kind, {_PLURAL[distinct[0]]}" + kick(distinct[1:])
    if cat == Category.FULL_HOUSE:
        return f"Full house, {_PLURAL[distinct[0]]} full of {_PLURAL[distinct[1]]}"
    if cat == Category.THREE_OF_A_KIND:
        return f"Three of a kind, {_PLURAL[distinct[0]]}" + kick(distinct[1:])
    if cat == Category.TWO_PAIR:
        return f"Two pair, {_PLURAL[distinct[0]]} and {_PLURAL[distinct[1]]}" + kick(distinct[2:])
    if cat == Category.ONE_PAIR:
        return f"One pair, {_PLURAL[distinct[0]]}" + kick(distinct[1:])
    return f"High card, {_SINGULAR[ranks[0]]}" + (
        ", with " + "-".join(RANKS[r] for r in ranks[1:]) if len(ranks) > 1 else "")


def best_five(cards: CardsLike, *, variant: VariantLike = None) -> list[int]:
    """Return the ids of the five cards that make the best hand.

    The cards come in the order the rule book compares them: the largest group
    first, then the kickers from the highest (a wheel's ace last).  Among
    equal best hands the first five-card subset in input order wins.

    Examples
    --------
    >>> from handrank.core.cards import cards_str
    >>> cards_str(best_five("Kh 3c Ks 6d 7c 9h 2s"))
    'Ks Kh 9h 7c 6d'
    >>> cards_str(best_five("Ah 2c 3d 4s 5h Kd Qc"))
    '5h 4s 3d 2c Ah'
    """
    g = _HOLDEM if variant is None else game_tables(variant)
    ids = cards_checked(cards, g)
    subsets = np.array(list(itertools.combinations(ids, 5)), dtype=np.uint8)
    strengths = evaluate_batch(subsets, threads=1, variant=variant)
    best = int(np.argmax(strengths))
    return _play_order([int(c) for c in subsets[best]], g.class_ranks[int(strengths[best])])


def _play_order(five: list[int], ranks: np.ndarray) -> list[int]:
    """The five cards in the order the rule book compares them (groups, then kickers)."""
    left = sorted(five, key=lambda c: -c)
    out = []
    for r in ranks:
        for c in left:
            if c // 4 == r:
                out.append(c)
                left.remove(c)
                break
    return out + left
