"""Low hands (:ref:`rules-low`): ace-to-five, eight or better, deuce-to-seven.

Every rule is tables from the same build step as hold'em (see
tables/lowball.py); a :class:`Lowball` only names them.  Strengths run 1 ..
``classes`` and **higher is the better low**, like every other scale in
handrank; with a qualifier, 0 means "no qualifying low" (a valid result, not
an error).

* ``lowball("a5")``: ace-to-five (razz).  Aces low, straights and flushes do
  not count; 6,175 classes, 6175 = 5-4-3-2-A ("the wheel").
* ``lowball("a5", qualifier=8)``: eight or better, the low half of the hi-lo
  games; five different ranks, all 8 or lower: 56 classes.
* ``lowball("27")``: deuce-to-seven.  Aces high, straights and flushes count
  against the hand, A-2-3-4-5 is an ace-high hand; 7,462 classes, 7462 =
  7-5-4-3-2 of mixed suits.

With six or seven cards each rule plays the best low of any five.  The C
core (csrc/lowball.c) runs the batch kernel shared by every game; the
pure-Python backend does the same with numpy.
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
from typing import Any

import numpy as np

from ..core import _backend, kernels
from ..core._tables import GameTables
from ..core._typing import CardArrayLike, CardsLike, StrengthArray
from ..core._validate import quote
from ..core.cards import RANKS
from ._compare import _decider, holes_and_board, two_hands
from .holdem import (
    Category,
    _as_card_array,
    _output,
    _play_order,
    _raise_for_row,
    _thread_count,
    cards_checked,
    describe_in,
)
from .registry import LOW_TABLES

__all__ = ["Lowball", "explain_low", "lowball"]


@dataclasses.dataclass(frozen=True)
class Lowball:
    """One low rule: its tables and how to read them.

    Made by :func:`lowball`.  ``name`` is ``"a5"``, ``"a5/8"`` or ``"27"``.

    Attributes
    ----------
    name : str
        The rule's name, as above.
    rule : {"a5", "27"}
        Ace-to-five or deuce-to-seven.
    qualifier : {None, 8}
        8: only a low of eight or better counts (strength 0 for none); None: every
        hand has a low.
    tables : GameTables
        The rule's strength tables.
    """

    name: str
    rule: str
    qualifier: int | None
    tables: GameTables = dataclasses.field(repr=False, compare=False)

    @property
    def classes(self) -> int:
        """Number of distinct lows; the best low's strength."""
        return int(self.tables.classes)

    def evaluate(self, cards: CardsLike) -> int:
        """Strength of the best low of any five of 5..7 cards (0: no qualifying low).

        Parameters
        ----------
        cards : str, sequence of str or int, or 1-D integer array
            5, 6 or 7 cards, as for :func:`handrank.evaluate`.

        Returns
        -------
        int
            1 .. ``classes``, higher is the better low; 0 only with a qualifier.

        Raises
        ------
        InvalidCardError
            A token that is not a card.
        InvalidHandError
            A repeated card, or fewer than 5 or more than 7 cards.

        Examples
        --------
        >>> lo = lowball("a5")
        >>> lo.evaluate("As 2d 3h 4c 5s 9d Kc") == lo.classes      # the wheel
        True
        >>> lowball("a5", qualifier=8).evaluate("9s Ts Jd Qh Kc")
        0
        >>> lo.evaluate("As 2d 3h 4c")
        Traceback (most recent call last):
        ...
        handrank.errors.InvalidHandError: expected 5 to 7 cards, got 4
        """
        ids = cards_checked(cards, self.tables)
        return kernels.eval_low(self.tables, ids)

    def evaluate_batch(self, a: CardArrayLike, *, out: StrengthArray | None = None,
                       threads: int | None = None) -> StrengthArray:
        """Strength of the best low of each row of an (n, 5..7) array of card ids.

        Parameters
        ----------
        a : array_like of int, shape (n, 5), (n, 6) or (n, 7)
            Card ids, any integer dtype.
        out : ndarray of uint16, shape (n,), optional
            Where to write the result.
        threads : int, optional
            Worker threads; by default every core for large batches.

        Returns
        -------
        ndarray of uint16, shape (n,)
            0 where a qualifier finds no low.

        Raises
        ------
        TypeError
            `a` is not an integer array, or `out` not a fitting uint16 array.
        InvalidCardError
            An id outside 0..51, with its row.
        InvalidHandError
            A repeated card in a row, or a shape other than (n, 5..7).

        Examples
        --------
        >>> l8 = lowball("a5", qualifier=8)
        >>> l8.evaluate_batch([[48, 0, 4, 8, 12], [28, 32, 36, 40, 44]])  # A2345, 9TJQK
        array([56,  0], dtype=uint16)
        >>> l8.evaluate_batch([[48, 48, 4, 8, 12]])
        Traceback (most recent call last):
        ...
        handrank.errors.InvalidHandError: duplicate card 'Ac' in row 0
        """
        arr = _as_card_array(a)
        n = arr.shape[0]
        nthreads = _thread_count(threads, n)
        result = _output(out, n, arr, a)
        if n == 0:
            return result
        g = self.tables
        bad = kernels.eval_low_batch(g, arr, result, nthreads, self.rule == "27")
        if bad >= 0:
            _raise_for_row(arr, bad, self.tables)
        return result

    def describe(self, strength: int | np.integer[Any]) -> str:
        """A low strength in words.

        Parameters
        ----------
        strength : int
            1 .. ``classes``, or 0 with a qualifier.

        Returns
        -------
        str
            ``"8-5-4-3-2 low"`` for five different ranks (and no straight or
            flush in deuce-to-seven), else the hand's category in the words
            of :func:`handrank.describe`.

        Raises
        ------
        ValueError
            A strength out of range.
        TypeError
            A strength that is not an int.

        Examples
        --------
        >>> lo = lowball("a5")
        >>> lo.describe(lo.evaluate("8s 5d 4h 3c 2s"))
        '8-5-4-3-2 low'
        >>> lo.describe(lo.evaluate("Ks Kd 4h 3c As"))
        'One pair, Kings, with 4-3-A kickers'
        >>> dt = lowball("27")
        >>> dt.describe(dt.evaluate("As 2s 3s 4s 5s")), dt.describe(dt.evaluate("6s 2d 3h 4c 5s"))
        ('Flush, A-5-4-3-2', 'Straight, Six high')
        >>> lowball("a5", qualifier=8).describe(0)
        'no qualifying low'
        """
        if self.qualifier is not None and strength == 0 and not isinstance(strength, bool):
            return "no qualifying low"
        text = describe_in(strength, self.tables)
        if Category(int(self.tables.category[strength])) == Category.HIGH_CARD:
            return "-".join(RANKS[r] for r in self.tables.class_ranks[strength]) + " low"
        return text

    def best_five(self, cards: CardsLike) -> list[int]:
        """The ids of the five cards that make the best low.

        In the order the lows compare (the highest card first; the ace last
        in ace-to-five).  Among equal best lows the first five-card subset in
        input order wins.  With a qualifier and no qualifying low, the best
        ace-to-five low of the cards.

        Parameters
        ----------
        cards : str, sequence of str or int, or 1-D integer array
            5, 6 or 7 cards.

        Returns
        -------
        list of int
            Five card ids.

        Raises
        ------
        InvalidCardError, InvalidHandError
            As :meth:`evaluate`.

        Examples
        --------
        >>> from handrank.core.cards import cards_str
        >>> cards_str(lowball("a5").best_five("Kh 3c Ks 6d 7c Ah 2s"))
        '7c 6d 3c 2s Ah'
        >>> cards_str(lowball("27").best_five("7h 5h 4h 3h 2h 8c"))   # not the flush
        '8c 5h 4h 3h 2h'
        """
        scale = _lowball("a5", None) if self.rule == "a5" else self
        ids = cards_checked(cards, self.tables)
        subsets = np.array(list(itertools.combinations(ids, 5)), dtype=np.uint8)
        strengths = scale.evaluate_batch(subsets, threads=1)
        best = int(np.argmax(strengths))
        return _play_order([int(c) for c in subsets[best]],
                           scale.tables.class_ranks[int(strengths[best])])


def lowball(rule: str, *, qualifier: int | None = None) -> Lowball:
    """Return the low rule ``rule``: ``"a5"`` (ace-to-five) or ``"27"`` (deuce-to-seven).

    Parameters
    ----------
    rule : {"a5", "27"}
        Ace-to-five (razz; the low half of the hi-lo games) or deuce-to-seven.
    qualifier : {None, 8}
        8: eight or better (``"a5"`` only): a low needs five different ranks,
        all 8 or lower; any other hand scores 0.

    Returns
    -------
    Lowball

    Raises
    ------
    ValueError
        An unknown rule or qualifier, or a qualifier with ``"27"``.
    TypeError
        A rule that is not a str, a qualifier that is not an int.

    Examples
    --------
    >>> [lowball(r, qualifier=q).classes for r, q in (("a5", None), ("a5", 8), ("27", None))]
    [6175, 56, 7462]
    >>> dt = lowball("27")
    >>> dt.evaluate("7s 5d 4h 3c 2s")
    7462
    >>> dt.evaluate("As 2d 3h 4c 5s") > dt.evaluate("6s 2d 3h 4c 5s")   # ace-high, no straight
    True
    >>> lowball("razz")
    Traceback (most recent call last):
    ...
    ValueError: unknown low rule 'razz', expected 'a5' or '27'
    """
    if not isinstance(rule, str):
        raise TypeError(f"rule must be 'a5' or '27', got {type(rule).__name__}")
    if rule not in ("a5", "27"):
        raise ValueError(f"unknown low rule {quote(rule)}, expected 'a5' or '27'")
    if qualifier is not None:
        if isinstance(qualifier, (bool, np.bool_)) or not isinstance(qualifier,
                                                                      (int, np.integer)):
            raise TypeError(f"qualifier must be None or 8, got {quote(qualifier)}")
        if qualifier != 8:
            raise ValueError(f"qualifier must be None or 8, got {quote(qualifier)}")
    if qualifier is not None and rule != "a5":
        raise ValueError("deuce-to-seven ('27') takes no qualifier")
    return _lowball(rule, None if qualifier is None else 8)


@functools.cache
def _lowball(rule: str, qualifier: int | None) -> Lowball:
    table = LOW_TABLES[(rule, qualifier)]
    tables = _backend.GAMES.get(table)
    if tables is None:
        raise RuntimeError(f"internal error: no generated tables named {table!r}")
    name = rule if qualifier is None else f"{rule}/{qualifier}"
    return Lowball(name, rule, qualifier, dataclasses.replace(tables, name=name))


# ------------------------------------------------------------------ evaluation


# ------------------------------------------------------------------ explain

_WORDS = ("two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack",
          "queen", "king", "ace")
_PATTERNS = {Category.HIGH_CARD: "no pair", Category.ONE_PAIR: "one pair",
             Category.TWO_PAIR: "two pair", Category.THREE_OF_A_KIND: "three of a kind",
             Category.STRAIGHT: "a straight", Category.FLUSH: "a flush",
             Category.FULL_HOUSE: "a full house", Category.FOUR_OF_A_KIND: "four of a kind",
             Category.STRAIGHT_FLUSH: "a straight flush"}


@dataclasses.dataclass(frozen=True)
class LowHand:
    """A low hand for explanations: its strength on one Lowball's scale and its cards."""

    hole: tuple[int, ...]       # the hole cards (empty for a bare five-card hand)
    five: tuple[int, ...]       # the five cards of the low
    strength: int
    category: Category
    ranks: tuple[int, ...]      # the five ranks in comparison order (8-5-4-3-2, 5-4-3-2-A)
    ace_low: bool

    @property
    def text(self) -> str:
        return "-".join(RANKS[r] for r in self.ranks)

    @property
    def key(self) -> tuple[int, ...]:
        """The comparison list: the groups, largest first, then the kickers."""
        if self.category in (Category.STRAIGHT, Category.STRAIGHT_FLUSH):
            return self.ranks[:1]
        return tuple(dict.fromkeys(self.ranks))


def low_hand(lo: Lowball, ids: list[int], hole: tuple[int, ...] = ()) -> LowHand:
    """The best low of 5..7 validated cards, for :func:`why_low`.

    With a qualifier and no qualifying low, the strength is 0 and the cards
    are the best ace-to-five low.
    """
    strength = lo.evaluate(ids)
    five = tuple(lo.best_five(ids))
    scale = lo if strength else _lowball(lo.rule, None)
    s = strength if strength else scale.evaluate(list(five))
    cat = Category(int(scale.tables.category[s]))
    ranks = tuple(int(r) for r in scale.tables.class_ranks[s] if r != 255)
    return LowHand(hole, five, strength, cat, ranks, lo.rule == "a5")


def _rank_word(r: int, ace_low: bool) -> str:
    return _WORDS[r] + ("-low" if not (r == 12 and not ace_low) else "-high")


def why_low(a: LowHand, b: LowHand) -> str:
    """Why the better low of two beats the other, or why they split (:ref:`rules-comparison`
    upside down: the first rank that differs decides, the lower wins)."""
    if a.strength < b.strength:
        a, b = b, a
    if a.strength == b.strength:
        if a.strength == 0:
            return "split: neither has a qualifying low"
        if not a.hole and not b.hole:
            return f"split: both are {a.text}, rank for rank; suits never decide"
        return f"split: both play {a.text} for low"
    head = f"{a.text} beats {b.text}: "
    if b.strength == 0:
        return head + f"{b.text} does not qualify (a low needs five different ranks, 8 or lower)"
    if a.category != b.category:
        return head + f"{_PATTERNS[a.category]} beats {_PATTERNS[b.category]}"
    if a.category == Category.HIGH_CARD and a.ranks[0] != b.ranks[0]:
        return head + (f"{_rank_word(a.ranks[0], a.ace_low)} beats "
                       f"{_rank_word(b.ranks[0], b.ace_low)}")
    for i, (x, y) in enumerate(zip(a.key, b.key)):
        if x != y:
            both = (f"both {_rank_word(a.ranks[0], a.ace_low)}" if a.category == Category.HIGH_CARD
                    else f"both {_PATTERNS[a.category].removeprefix('a ')}")
            return head + f"{both}; {_decider(a.category, i)}, {RANKS[x]} against {RANKS[y]}"
    raise RuntimeError(f"internal error: {a.text} and {b.text} differ in strength only")


def explain_low(a: CardsLike, b: CardsLike, board: CardsLike | None = None, *,
                rule: str = "a5") -> str:
    """Say why one low beats another, or why they split; see :func:`handrank.explain`.

    Parameters
    ----------
    a, b : str or sequence of cards
        Five cards each when `board` is None; otherwise each player's hole
        cards, and each low is the best five of hole cards plus board.
    board : str or sequence of cards, optional
        The community cards (3 to 5).
    rule : {"a5", "27"}
        Ace-to-five or deuce-to-seven.

    Returns
    -------
    str
        ``"<better> beats <worse>: ..."`` (the better low first) or
        ``"split: ..."``.

    Raises
    ------
    InvalidCardError, InvalidHandError
        A bad card, a repeated card, a wrong number of cards (beside a
        board, exactly 2 hole cards a hand).

    Examples
    --------
    >>> explain_low("8s 5d 4h 3c 2s", "8d 6h 3s 2d Ac")
    '8-5-4-3-2 beats 8-6-3-2-A: both eight-low; the second card decides, 5 against 6'
    >>> explain_low("7s 5d 4h 3c 2s", "6d 5h 4s 3d 2c", rule="27")
    '7-5-4-3-2 beats 6-5-4-3-2: no pair beats a straight'
    >>> explain_low("Ah 2h", "Ac 3c", board="4d 5s 8c Kd Kh")
    '8-5-4-2-A beats 8-5-4-3-A: both eight-low; the fourth card decides, 2 against 3'
    """
    lo = lowball(rule)
    if board is None:
        ha, hb, hole_a, hole_b = two_hands(a, b)
        return why_low(low_hand(lo, ha, hole_a), low_hand(lo, hb, hole_b))
    hands = [low_hand(lo, cards_checked(hole + bd, lo.tables), tuple(hole))
             for hole, bd in holes_and_board(a, b, board)]
    return why_low(hands[0], hands[1])
