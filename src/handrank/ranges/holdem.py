"""Hand ranges: the PokerStove / Equilab notation for sets of starting hands.

A *combo* is one two-card starting hand, stored as ``(hi_id, lo_id)`` with
``hi_id > lo_id`` (card id ``4 * rank + suit``, see :mod:`handrank.core.cards`).
There are 1,326 combos in 169 classes: 13 pairs of 6 combos, 78 suited
classes of 4 and 78 offsuit classes of 12.

Range text is a comma-separated list of terms (spaces around the commas are
allowed, nowhere else):

=================  ====================================================
``77``             one pair (6 combos)
``77+``            77 and every higher pair
``22-55``          the pairs from 22 to 55; either end may come first
``AK``             every AK combo (16); ``AKs`` suited (4), ``AKo`` offsuit (12)
``A2s+``           A2s, A3s ... AKs: the kicker rises to one below the top card
``A5s-A2s``        A5s, A4s, A3s, A2s: same top card and shape at both ends;
                   either end may come first
``T9s-65s``        T9s, 98s, 87s, 76s, 65s: a run of connectors (or of
                   gappers, ``J9o-64o``): the same gap and shape at both ends
``AsKs``           one exact combo (also ``A♠K♠``, ``10s9s``, ``KsAs``)
``random``         all 1,326 combos
``TERM:0.5``       the term with weight 0.5 on each of its combos
=================  ====================================================

Ranks may be written in either case and ``10`` means ``T``; an unpaired class
may name its ranks in either order (``KAs`` is ``AKs``).

Weights are numbers from 0 to 1 (``0.5``, ``.25``, ``1``, ``2.5e-1``); a
weight above 1, a negative weight or anything else that is not a plain number
is an error.  A combo named by several terms takes the weight of the *last*
term that names it, so ``"AKs, AsKs:0.5"`` holds AsKs at 0.5 and the other
three AKs combos at 1, and ``"QQ+, QsQh:0"`` is QQ+ without one QQ combo.
Combos of weight 0 are not in the range: they are not counted by ``len``,
listed by :meth:`Range.combos` or found by ``in``.

Errors in range text raise :class:`~handrank.errors.InvalidRangeError`
naming the term (``cannot parse 'QQ++'``), including cards that cannot be
read inside range text (``cannot parse 'AsKx'``).  Cards given as ids or
separate card strings (:meth:`Range.without`, ``in``, :meth:`Range.from_combos`,
:func:`parse_player` with a list) go through :mod:`handrank.core.cards` and raise
its :class:`~handrank.errors.InvalidCardError` /
:class:`~handrank.errors.InvalidHandError`.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable
from html import escape as _html_escape
from numbers import Real
from typing import Any, Union, cast

import numpy as np

from ..core._typing import CardLike, CardsLike, ComboArray, FloatArray
from ..core._validate import quote
from ..core.cards import RANKS
from ..core.cards import card as _card
from ..core.cards import card_str as _card_str
from ..core.cards import cards as _parse_cards
from ..core.cards import check_hand as _check_hand
from ..core.errors import InvalidCardError, InvalidRangeError, unsupported
from ..games.base import Game
from ..games.registry import resolve
from ..present._grid import deck_rows
from ..present._plot import range_figure
from ..present._tabular import html_grid

__all__ = ["Range", "parse_player"]

N_COMBOS = 1326

#: The Omaha range class (:class:`handrank.ranges.omaha.OmahaRange`, which sets
#: itself here: it imports this module), made by ``Range(text, game=<an Omaha game>)``.
_OMAHA_RANGE: list[Any] = []

# Combo index for hi > lo is hi * (hi - 1) // 2 + lo, so ascending index is
# ascending (hi, lo).  _COMBO_IDS[i] = (hi, lo).
_COMBO_IDS = np.array(
    [(hi, lo) for hi in range(52) for lo in range(hi)], dtype=np.uint8
)
_COMBO_IDS.setflags(write=False)
_HI = _COMBO_IDS[:, 0].astype(np.intp)
_LO = _COMBO_IDS[:, 1].astype(np.intp)

# Grid cell of each combo: row/column 0 is an ace, 12 is a deuce; pairs on
# the diagonal, suited above it (row = top card), offsuit below (column = top).
_ROW_HI = 12 - _HI // 4
_ROW_LO = 12 - _LO // 4
_SUITED = (_HI % 4) == (_LO % 4)
_CELL_R = np.where(_SUITED | (_ROW_HI == _ROW_LO), _ROW_HI, _ROW_LO)
_CELL_C = np.where(_SUITED | (_ROW_HI == _ROW_LO), _ROW_LO, _ROW_HI)
_CELL = _CELL_R * 13 + _CELL_C
# Combo indices of each of the 169 cells, ascending.
_CELL_COMBOS = [np.flatnonzero(_CELL == k) for k in range(169)]
_CELL_SIZE = np.bincount(_CELL, minlength=169).astype(np.float64)

_RANK_OF = {r: i for i, r in enumerate(RANKS)}
_RANK_OF["10"] = RANKS.index("T")

_RANK = r"(?:10|[2-9TJQKA])"
_CLASS = re.compile(rf"({_RANK})({_RANK})([SO])?(\+)?", re.IGNORECASE | re.ASCII)
_WEIGHT = re.compile(r"(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?")
_SPACE = re.compile(r"\s")


def _combo_index(hi: int, lo: int) -> int:
    if hi < lo:
        hi, lo = lo, hi
    return hi * (hi - 1) // 2 + lo


def _pair_cell(rank: int) -> int:
    return (12 - rank) * 14


def _unpaired_cells(hi: int, lo: int, shape: str) -> list[int]:
    """Cells of an unpaired class; shape is 's', 'o' or '' (both)."""
    suited = (12 - hi) * 13 + (12 - lo)
    offsuit = (12 - lo) * 13 + (12 - hi)
    if shape == "s":
        return [suited]
    if shape == "o":
        return [offsuit]
    return [suited, offsuit]


def _format_weight(w: float) -> str:
    text = repr(float(w))
    return text[:-2] if text.endswith(".0") else text


def _cannot_parse(token: str) -> InvalidRangeError:
    return InvalidRangeError(f"cannot parse {quote(token)}")


def _check_weight(w: Any) -> float:
    """Return a weight given as a number, or raise InvalidRangeError."""
    if isinstance(w, (bool, np.bool_)) or not isinstance(w, (Real, np.integer, np.floating)):
        raise InvalidRangeError(f"invalid weight {quote(w)}, expected a number from 0 to 1")
    value = float(w)
    if not (math.isfinite(value) and 0.0 <= value <= 1.0):
        raise InvalidRangeError(f"invalid weight {quote(w)}, expected a number from 0 to 1")
    return value


# ---------------------------------------------------------------------------
# parsing


def _parse_class(token: str) -> tuple[int, int, str, bool] | None:
    """Return (hi_rank, lo_rank, shape, plus) of a class token, or None.

    shape is 'p' for a pair, else 's', 'o' or '' (both shapes).
    """
    m = _CLASS.fullmatch(token)
    if m is None:
        return None
    a = _RANK_OF[m.group(1).upper()]
    b = _RANK_OF[m.group(2).upper()]
    shape = (m.group(3) or "").lower()
    plus = m.group(4) is not None
    if a == b:
        if shape:
            return None  # "AAs"
        return a, b, "p", plus
    return max(a, b), min(a, b), shape, plus


def _class_text(hi: int, lo: int, shape: str) -> str:
    return RANKS[hi] + RANKS[lo] + ("" if shape == "p" else shape)


def _parse_body(body: str) -> tuple[str, list[int]]:
    """Return the normalised text of a term (without weight) and its combo indices."""
    if body.lower() == "random":
        return "random", list(range(N_COMBOS))

    cells: list[int] = []
    if "-" in body:
        parts = body.split("-")
        if len(parts) != 2:
            raise _cannot_parse(body)
        first, last = _parse_class(parts[0]), _parse_class(parts[1])
        if first is None or last is None or first[3] or last[3]:
            raise _cannot_parse(body)
        (h1, l1, s1, _), (h2, l2, s2, _) = first, last
        if s1 != s2:
            raise _cannot_parse(body)
        if s1 == "p":
            top, bottom = max(h1, h2), min(h1, h2)
            cells = [_pair_cell(r) for r in range(bottom, top + 1)]
            text = f"{_class_text(top, top, 'p')}-{_class_text(bottom, bottom, 'p')}"
        elif h1 == h2:
            top, bottom = max(l1, l2), min(l1, l2)
            for k in range(bottom, top + 1):
                cells.extend(_unpaired_cells(h1, k, s1))
            text = f"{_class_text(h1, top, s1)}-{_class_text(h1, bottom, s1)}"
        else:
            # a run of connectors or gappers: T9s-65s, J9o-64o (same gap at both ends)
            gap = h1 - l1
            if h2 - l2 != gap:
                raise _cannot_parse(body)
            top, bottom = max(h1, h2), min(h1, h2)
            for k in range(bottom, top + 1):
                cells.extend(_unpaired_cells(k, k - gap, s1))
            text = (f"{_class_text(top, top - gap, s1)}-"
                    f"{_class_text(bottom, bottom - gap, s1)}")
        return text, _cells_to_combos(cells)

    parsed = _parse_class(body)
    if parsed is not None:
        hi, lo, shape, plus = parsed
        if shape == "p":
            top = 12 if plus else hi
            cells = [_pair_cell(r) for r in range(hi, top + 1)]
        else:
            top = hi - 1 if plus else lo
            for k in range(lo, top + 1):
                cells.extend(_unpaired_cells(hi, k, shape))
        return _class_text(hi, lo, shape) + ("+" if plus else ""), _cells_to_combos(cells)

    # An exact combo: "AsKs", "A♠K♠", "10s9s".
    try:
        ids = _parse_cards(body)
    except InvalidCardError:
        raise _cannot_parse(body) from None
    if len(ids) != 2:
        raise _cannot_parse(body)
    if ids[0] == ids[1]:
        raise InvalidRangeError(f"duplicate card {_card_str(ids[0])!r} in {quote(body)}")
    hi, lo = max(ids), min(ids)
    return _card_str(hi) + _card_str(lo), [_combo_index(hi, lo)]


def _cells_to_combos(cells: list[int]) -> list[int]:
    return [int(i) for k in cells for i in _CELL_COMBOS[k]]


def _parse_text(text: str) -> tuple[str, np.ndarray]:
    """Return the normalised text and the 1,326 weights of range text."""
    if not text.strip():
        raise InvalidRangeError("empty range")
    weights = np.zeros(N_COMBOS, dtype=np.float64)
    normalised: list[str] = []
    for raw in text.split(","):
        term = raw.strip()
        if not term:
            raise InvalidRangeError(f"empty term in {quote(text)}")
        body, colon, weight_text = term.partition(":")
        if not body or _SPACE.search(body):
            raise _cannot_parse(body or term)
        body_text, idx = _parse_body(body)
        weight = 1.0
        if colon:
            if not _WEIGHT.fullmatch(weight_text) or not float(weight_text) <= 1.0:
                raise InvalidRangeError(
                    f"invalid weight {quote(weight_text, 40)} in {quote(term, 40)}, "
                    "expected a number from 0 to 1"
                )
            weight = float(weight_text)
        weights[idx] = weight
        normalised.append(body_text if weight == 1.0 else f"{body_text}:{_format_weight(weight)}")
    return ",".join(normalised), weights


# ---------------------------------------------------------------------------
# describing a set of weights as compact text


def _runs(seq: list[tuple[int, float | None]]) -> list[tuple[int, int, float]]:
    """Split (rank, weight) pairs, ranks descending, into runs of equal weight."""
    out: list[tuple[int, int, float]] = []
    start = end = -1
    current: float | None = None
    for rank, w in seq:
        if w is not None and w == current and rank == end - 1:
            end = rank
            continue
        if current is not None:
            out.append((start, end, current))
        start = end = rank
        current = w
    if current is not None:
        out.append((start, end, current))
    return out


def _describe(weights: np.ndarray) -> str:
    """Return range text that parses back to exactly `weights`."""
    if not (weights > 0).any():
        return "random:0"
    if (weights == 1.0).all():
        return "random"

    cell_weight: list[float | None] = [None] * 169
    covered = np.zeros(N_COMBOS, dtype=bool)
    for k, idx in enumerate(_CELL_COMBOS):
        cell = weights[idx]
        if cell[0] > 0 and (cell == cell[0]).all():
            cell_weight[k] = float(cell[0])
            covered[idx] = True

    terms: list[str] = []

    def add(text: str, w: float) -> None:
        terms.append(text if w == 1.0 else f"{text}:{_format_weight(w)}")

    pair_seq = [(r, cell_weight[_pair_cell(r)]) for r in range(12, -1, -1)]
    for a, b, w in _runs(pair_seq):
        pa, pb = RANKS[a] * 2, RANKS[b] * 2
        if a == b:
            add(pa, w)
        elif a == 12:
            add(pb + "+", w)
        else:
            add(f"{pa}-{pb}", w)

    for hi in range(12, 0, -1):
        both: list[tuple[int, float | None]] = []
        suited: list[tuple[int, float | None]] = []
        offsuit: list[tuple[int, float | None]] = []
        for lo in range(hi - 1, -1, -1):
            s_cell, o_cell = _unpaired_cells(hi, lo, "")
            ws, wo = cell_weight[s_cell], cell_weight[o_cell]
            if ws is not None and ws == wo:
                both.append((lo, ws))
                suited.append((lo, None))
                offsuit.append((lo, None))
            else:
                both.append((lo, None))
                suited.append((lo, ws))
                offsuit.append((lo, wo))
        for shape, seq in (("", both), ("s", suited), ("o", offsuit)):
            for a, b, w in _runs(seq):
                ta, tb = RANKS[hi] + RANKS[a] + shape, RANKS[hi] + RANKS[b] + shape
                if a == b:
                    add(ta, w)
                elif a == hi - 1:
                    add(tb + "+", w)
                else:
                    add(f"{ta}-{tb}", w)

    for i in np.flatnonzero((weights > 0) & ~covered)[::-1]:
        hi, lo = _COMBO_IDS[i]
        add(_card_str(int(hi)) + _card_str(int(lo)), float(weights[i]))
    return ",".join(terms)


# ---------------------------------------------------------------------------
# the public class


class Range:
    """A weighted set of two-card starting hands.

    Parameters
    ----------
    text : str or Range
        Range text such as ``"QQ+,AKs"``, ``"22-55, A2s+:0.5"``, ``"AsKs"``
        or ``"random"`` (see the module docstring for the notation), or a
        Range to copy.
    game : str or Game, optional
        The game the range is dealt in (a name of :func:`handrank.games` or a
        :class:`~handrank.Game`).  A game of two hole cards and a board
        (hold'em, short deck, stripped, hold'em hi-lo, double-board
        hold'em) keeps the combos whose cards are in its deck; a game of
        Omaha hands (two of the hole cards with three of the board) reads
        the text in the Omaha notation and returns an
        :class:`~handrank.ranges.omaha.OmahaRange` of its hand size.

    Raises
    ------
    InvalidRangeError
        If the text is empty, a term cannot be parsed (the message names it)
        or a weight is not a number from 0 to 1; with `game`, if no combo of
        the text is in the game's deck.
    TypeError
        If `text` is neither str nor Range.
    UnsupportedGameError
        A `game` whose hands are not starting hands with a board (stud, the
        draw games, badugi, badeucy, badacey: their equity takes lists of
        exact hands).

    Notes
    -----
    Properties give what is fixed and cheap, read-only: :attr:`text`,
    :attr:`combo_ids`, :attr:`combo_weights`, :attr:`chart`.  Methods give
    the same data as new objects to change freely: :meth:`combos` and
    :meth:`weights` (lists), :meth:`arrays` and :meth:`grid` (arrays).

    A Range does not change after it is made; it compares equal to another
    Range with the same combos and weights (whatever the text) and is
    hashable.  Where terms overlap, the last term's weight wins.

    Examples
    --------
    >>> r = Range("QQ+, AKs")
    >>> len(r), r
    (22, Range('QQ+,AKs'))
    >>> [len(Range(t)) for t in ("random", "77+", "A2s+", "KTo+", "A5s-A2s")]
    [1326, 48, 48, 36, 16]
    >>> Range("AsKs").combos()
    [(51, 47)]
    >>> Range("QQ++")
    Traceback (most recent call last):
    ...
    handrank.errors.InvalidRangeError: cannot parse 'QQ++'
    >>> len(Range("22+", game="shortdeck")), len(Range("AA**", game="omaha"))   # 66+; Omaha
    (54, 6961)
    """

    __slots__ = ("_text", "_weights", "_index", "_rows")

    _text: str
    _weights: np.ndarray
    _index: np.ndarray

    def __new__(cls, text: str | Range = "", game: Any = None) -> Range:
        if game is not None:
            g = resolve(game)
            if g.board_cards and g.hole_cards != 2:
                # Omaha hands (one board or two): the Omaha notation, in the game's size
                return cast(Range, _OMAHA_RANGE[0](text, size=g.hole_cards))
            if not g.board_cards:
                raise unsupported("Range", g, "a range is a set of starting hands dealt "
                                  "with a board; in a game without one hr.equity takes "
                                  "lists of exact hands")
        return super().__new__(cls)

    def __init__(self, text: str | Range, game: Any = None) -> None:
        if isinstance(text, Range):
            self._set(text._text, text._weights)
        elif isinstance(text, str):
            self._set(*_parse_text(text))
        else:
            raise TypeError(f"expected range text (str) or a Range, got {type(text).__name__}")
        if game is not None:
            self._in_deck(resolve(game))

    def _chart_rows(self) -> tuple[int, ...]:
        """The chart rows (ranks) the pictures draw: the game's deck's (13 without one)."""
        return getattr(self, "_rows", None) or tuple(range(13))

    def _in_deck(self, g: Game) -> None:
        """Keep the combos whose two cards are both in the deck of `g` (and draw the
        deck's ranks only in :meth:`plot` and the notebook's chart)."""
        self._rows = deck_rows(g.deck)
        deck = np.zeros(52, dtype=bool)
        deck[list(g.deck)] = True
        keep = deck[_COMBO_IDS[:, 0]] & deck[_COMBO_IDS[:, 1]]
        if keep.all():
            return
        weights = np.where(keep, self._weights, 0.0)
        if not (weights > 0).any():
            raise InvalidRangeError(f"no combo of {self._text!r} is in the {len(g.deck)}-card "
                                    f"deck of {g.name}")
        self._set(_describe(weights), weights)

    def _set(self, text: str, weights: np.ndarray) -> None:
        if weights.flags.writeable:
            weights = weights.copy()
            weights.setflags(write=False)
        self._text = text
        self._weights = weights
        # Indices of combos in the range, in combos() order: (hi, lo) descending.
        self._index = np.flatnonzero(weights > 0)[::-1]

    @classmethod
    def _from_weights(cls, weights: np.ndarray) -> Range:
        r = cls.__new__(cls)
        r._set(_describe(weights), weights)
        return r

    @classmethod
    def random(cls) -> Range:
        """Return the range of all 1,326 combos, ``Range("random")``.

        Examples
        --------
        >>> len(Range.random())
        1326
        """
        return cls("random")

    @classmethod
    def from_combos(cls, combos: Iterable[Any], weights: Iterable[Any] | None = None) -> Range:
        """Return the range of the given combos.

        Parameters
        ----------
        combos : iterable of hands
            Each a two-card hand in any form :func:`handrank.core.cards.cards`
            reads: ``"AsKs"``, ``("As", "Ks")``, ``(51, 47)``; an ``(n, 2)``
            integer array works too.
        weights : iterable of float, optional
            One weight from 0 to 1 per combo; 1 for every combo if omitted.
            A combo given twice takes its last weight; weight 0 leaves it out.

        Returns
        -------
        Range
            Its ``text`` is a compact description such as ``"AKs,QsQh"``.

        Raises
        ------
        InvalidCardError
            If a card cannot be read.
        InvalidHandError
            If a combo is not two distinct cards.
        InvalidRangeError
            If a weight is not a number from 0 to 1, or the number of weights
            differs from the number of combos.

        Examples
        --------
        >>> Range.from_combos(["AsKs", "AhKh", (47, 46)])
        Range('AsKs,AhKh,KsKh')
        >>> Range.from_combos(["AsKs", "AdKd", "AhKh", "AcKc"], [1, 1, 1, 0.5])
        Range('AsKs,AhKh,AdKd,AcKc:0.5')
        >>> Range.from_combos(["AsAs"])
        Traceback (most recent call last):
        ...
        handrank.errors.InvalidHandError: duplicate card 'As'
        """
        hands = [_two_cards(c) for c in combos]
        if weights is None:
            ws = [1.0] * len(hands)
        else:
            ws = [_check_weight(w) for w in weights]
            if len(ws) != len(hands):
                raise InvalidRangeError(f"expected {len(hands)} weights, got {len(ws)}")
        out = np.zeros(N_COMBOS, dtype=np.float64)
        for (a, b), w in zip(hands, ws):
            out[_combo_index(a, b)] = w
        return cls._from_weights(out)

    @property
    def text(self) -> str:
        """The normalised text of the range: ``"QQ+,AKs"``, ``"AsKs:0.5"``.

        ``Range(r.text) == r`` always holds.
        """
        return self._text

    # Properties are fixed, cheap and read-only; the methods of the same data
    # (combos(), weights(), arrays(), grid()) return new objects to change freely.
    @property
    def combo_ids(self) -> ComboArray:
        """The combos as a read-only ``(n, 2)`` uint8 array, high card first.

        Row ``i`` is ``combos()[i]``; :meth:`arrays` returns a writable copy.

        Examples
        --------
        >>> Range("AKs").combo_ids.tolist()
        [[51, 47], [50, 46], [49, 45], [48, 44]]
        """
        return _read_only(_COMBO_IDS[self._index])

    @property
    def combo_weights(self) -> FloatArray:
        """The weights as a read-only float64 array, parallel to :attr:`combo_ids`.

        Examples
        --------
        >>> Range("AKs, AsKs:0.5").combo_weights.tolist()
        [0.5, 1.0, 1.0, 1.0]
        """
        return _read_only(self._weights[self._index])

    @property
    def chart(self) -> FloatArray:
        """The 13x13 chart of :meth:`grid`, as a read-only array.

        Examples
        --------
        >>> c = Range("AKs, KK:0.5").chart
        >>> float(c[0, 1]), float(c[1, 1]), c.flags.writeable
        (1.0, 0.5, False)
        """
        return _read_only(self.grid())

    def __len__(self) -> int:
        return len(self._index)

    def __repr__(self) -> str:
        return f"Range({self._text!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Range):
            return NotImplemented
        return bool(np.array_equal(self._weights, other._weights))

    def __hash__(self) -> int:
        return hash(self._weights.tobytes())

    def __contains__(self, hand: Any) -> bool:
        """Return whether an exact two-card hand is in the range (weight > 0).

        Examples
        --------
        >>> "AsKs" in Range("AKs"), (51, 47) in Range("AKs"), "AsKd" in Range("AKs")
        (True, True, False)
        """
        a, b = _two_cards(hand)
        return bool(self._weights[_combo_index(a, b)] > 0)

    def combos(self) -> list[tuple[int, int]]:
        """Return the combos as ``(hi_id, lo_id)`` pairs, ``hi_id > lo_id``.

        Sorted by ``(hi_id, lo_id)`` descending, so AsAh comes first and 2d2c
        last.  Combos of weight 0 are not listed.

        Examples
        --------
        >>> Range("AKs").combos()
        [(51, 47), (50, 46), (49, 45), (48, 44)]
        """
        return [(int(hi), int(lo)) for hi, lo in _COMBO_IDS[self._index]]

    def weights(self) -> list[float]:
        """Return the weights of the combos, parallel to :meth:`combos`.

        Examples
        --------
        >>> Range("AKs, AsKs:0.5").weights()
        [0.5, 1.0, 1.0, 1.0]
        """
        weights: list[float] = self._weights[self._index].tolist()
        return weights

    def arrays(self) -> tuple[ComboArray, FloatArray]:
        """Return the combos and weights as new numpy arrays.

        Returns
        -------
        ids : ndarray of uint8, shape (n, 2)
            Row ``i`` is combo ``i`` of :meth:`combos`, high card first.
        weights : ndarray of float64, shape (n,)
            Parallel to `ids`, every entry in (0, 1].

        Examples
        --------
        >>> ids, w = Range("KK:0.5").arrays()
        >>> ids.shape, ids.dtype, w.dtype, float(w.sum())
        ((6, 2), dtype('uint8'), dtype('float64'), 3.0)
        """
        ids = np.ascontiguousarray(_COMBO_IDS[self._index])
        return ids, self._weights[self._index].copy()

    def grid(self) -> FloatArray:
        """Return the 13x13 chart of the 169 classes.

        Row and column 0 are aces, 12 are deuces.  Pairs are on the diagonal,
        suited classes above it (``[row of top card, row of kicker]``) and
        offsuit classes below it (``[row of kicker, row of top card]``).
        Each value is the summed weight of the class's combos in the range
        divided by the number of combos in the class (6, 4 or 12).

        Returns
        -------
        ndarray of float64, shape (13, 13)

        Examples
        --------
        >>> g = Range("AKs, KK:0.5").grid()
        >>> float(g[0, 1]), float(g[1, 0]), float(g[1, 1]), float(g.sum())
        (1.0, 0.0, 0.5, 1.5)
        """
        total = np.bincount(_CELL, weights=self._weights, minlength=169)
        return (total / _CELL_SIZE).reshape(13, 13)

    def plot(self, path: Any = None, *, ax: Any = None) -> Any:
        """Draw the 13x13 chart, each class coloured by its weight (needs matplotlib).

        Parameters
        ----------
        path : str or path-like, optional
            Save the figure there (the format from the extension).
        ax : matplotlib Axes, optional
            Draw into it; a new figure otherwise.

        Returns
        -------
        matplotlib.figure.Figure
            Classes the range does not hold stay grey.

        Raises
        ------
        ImportError
            Without matplotlib (``pip install handrank[plot]``).

        Examples
        --------
        >>> fig = Range("QQ+,AKs").plot()
        >>> fig.axes[0].get_title()
        'QQ+,AKs: 22 combos (1.7%)'
        """
        return range_figure(self, path, ax)

    def _repr_html_(self) -> str:
        head = f"<p><b>{_html_escape(self._text)}</b>: {len(self)} combos</p>"
        return head + html_grid(self.grid(), keep=self._chart_rows())

    def without(self, dead: CardsLike | CardLike) -> Range:
        """Return the range without the combos that use any dead card.

        Parameters
        ----------
        dead : str, int or iterable of cards
            ``"As Kd"``, ``"AsKd"``, ``51``, ``[51, 45]`` ...; may be empty.

        Returns
        -------
        Range
            The remaining combos with their weights; its ``text`` is a
            compact description of them.

        Raises
        ------
        InvalidCardError
            If a dead card cannot be read.

        Examples
        --------
        >>> len(Range("AA").without("As")), len(Range("AK").without("As Kd"))
        (3, 9)
        >>> Range("AKs").without("Ah Ad Ac")
        Range('AsKs')
        """
        ids = [_card(dead)] if isinstance(dead, (int, np.integer)) else _parse_cards(dead)
        if not ids:
            return self
        dead_mask = np.zeros(52, dtype=bool)
        dead_mask[ids] = True
        weights = np.where(dead_mask[_HI] | dead_mask[_LO], 0.0, self._weights)
        if np.array_equal(weights, self._weights):
            return self
        return Range._from_weights(weights)


def _read_only(a: np.ndarray) -> np.ndarray:
    a.setflags(write=False)
    return a


def _two_cards(hand: Any) -> tuple[int, int]:
    ids = _parse_cards(hand)
    _check_hand(ids, 2, 2)
    return ids[0], ids[1]


def parse_player(x: Any) -> Range:
    """Return the range of one player, given as a hand or a range.

    Parameters
    ----------
    x : str, Range or sequence of cards
        An exact hand (``"AsKs"``, ``"A♠ K♠"``, ``[51, 47]``,
        ``("As", "Ks")``, a 2-element integer array), range text
        (``"AK"``, ``"QQ+,AKs"``, ``"random"``) or a Range (returned as is).

    Returns
    -------
    Range
        An exact hand becomes a one-combo Range.

    Raises
    ------
    InvalidRangeError
        If text cannot be parsed as a range.
    InvalidCardError, InvalidHandError
        If a sequence of cards has a bad card, a repeated card or is not two cards.
    TypeError
        If `x` is none of the above.

    Examples
    --------
    >>> parse_player("AsKs"), parse_player([51, 47]), len(parse_player("AK"))
    (Range('AsKs'), Range('AsKs'), 16)
    >>> parse_player("As Ks"), parse_player("A♠K♠").text
    (Range('AsKs'), 'AsKs')
    >>> parse_player([51, 47, 43])
    Traceback (most recent call last):
    ...
    handrank.errors.InvalidHandError: expected 2 cards, got 3
    """
    if isinstance(x, Range):
        return x
    if isinstance(x, str):
        if not _SPACE.search(x.strip()) or "," in x:
            return Range(x)
        # "As Ks" is an exact hand written with a space, not range text.
        try:
            hand = _two_cards(x)
        except ValueError:
            return Range(x)  # raises the range error, naming the bad term
        return Range.from_combos([hand])
    if isinstance(x, (bytes, bytearray)) or not hasattr(x, "__iter__"):
        raise TypeError(
            f"expected a hand or range (str, Range or card ids), got {type(x).__name__}"
        )
    return Range.from_combos([_two_cards(x)])


#: One player in an equity call: an exact hand (``"AsKs"``, ``[51, 47]``),
#: range text (``"QQ+,AKs"``, ``"random"``) or a :class:`Range`.
PlayerLike = Union[CardsLike, Range]
