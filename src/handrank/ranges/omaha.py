"""Omaha hand ranges: the notation Omaha players write, beside the hold'em one.

A term names a set of Omaha starting hands (4, 5 or 6 cards; the number of
positions in the pattern says which).  Range text is a comma-separated list
of terms, each optionally followed by a weight ``:0.5`` exactly as in
:mod:`handrank.ranges`; a hand named by several terms takes the weight of the
*last* term naming it, and hands of weight 0 are not in the range.

=================  ====================================================
``AsKsQdJd``       one exact hand
``random``, ``*``  every hand of the range's size (4 unless told)
``AAKK``           two aces and two kings, any suits (36 hands)
``AA**``           two aces and any two other cards; ``*`` is any card
``AKQ*``           an ace, a king, a queen and any fourth card
``AxKx**``         ace and king of one suit (``x``, ``y``, ``z``, ``w`` are
                   suit variables: different letters are different suits)
``As***``          a position may also carry a fixed suit
``AAKKds``         suffix ``ds``: two cards each of two suits
``JT98ss``         suffix ``ss``: exactly two cards share a suit, the other
                   two differ from it and from each other
``AA**r``          suffix ``r``: four different suits
``15%``            the top 15% of 4-card hands by the shipped preflop order
                   (:mod:`handrank.omaha_preflop`: equity against a random
                   hand); whole classes of suit-isomorphic hands, best
                   first, until they hold at least 15% of the 270,725 hands
=================  ====================================================

A hand matches a pattern when its cards can be put one to one on the
pattern's positions so that every fixed rank and fixed suit agrees and the
suit variables take distinct suits (a variable may equal a fixed suit).
Suit-shape suffixes apply to 4-card patterns only.  Ranks may be written in
either case, ``10`` means ``T``.

Errors raise :class:`~handrank.errors.InvalidRangeError` naming the term:
``cannot parse 'AAK'``, ``duplicate card 'As' in 'AsAs**'``, a pattern no hand
matches, terms of different sizes.
"""

from __future__ import annotations

import itertools
import math
import re
from functools import lru_cache
from typing import Any, Optional

import numpy as np

from ..core._validate import quote
from ..core.cards import RANKS, SUITS
from ..core.cards import card_str as _card_str
from ..core.cards import cards as _parse_cards
from ..core.errors import InvalidRangeError
from .holdem import _OMAHA_RANGE, _WEIGHT, _cannot_parse, _format_weight
from .omaha_preflop import top_hands

__all__ = ["OmahaRange", "parse_omaha_range"]

SIZES = (4, 5, 6)
SHAPES = ("ds", "ss", "r")
VARIABLES = "xyzw"
# Materialising every hand of a size costs C(52, k) rows of k bytes.
MAX_HANDS = 3_000_000

_POS = r"(?:10|[2-9TJQKA*])[cdhsxyzw]?"
_TERM = re.compile(rf"((?:{_POS}){{4,6}})(ds|ss|r)?", re.IGNORECASE | re.ASCII)
_POS_RE = re.compile(r"(10|[2-9TJQKA*])([cdhsxyzw]?)", re.IGNORECASE | re.ASCII)
_PERCENT = re.compile(r"[0-9]+(?:\.[0-9]*)?%|\.[0-9]+%")
_SPACE = re.compile(r"\s")

# A position: (rank 0..12 or None, suit 0..3 or None, variable letter or "").
Position = tuple[Optional[int], Optional[int], str]  # a runtime alias: no `|` (Python 3.9)


_SHAPE_COUNTS = {"ds": (2, 2, 0, 0), "ss": (2, 1, 1, 0), "r": (1, 1, 1, 1)}


def _shape_ok(rows: np.ndarray, shape: str) -> np.ndarray:
    """Which rows (hands of 4 card ids) have the suit shape ``ds``, ``ss`` or ``r``."""
    per_suit = (rows[:, :, None] % 4 == np.arange(4)).sum(axis=1)
    counts = -np.sort(-per_suit, axis=1)                       # most cards first
    ok: np.ndarray = (counts == np.array(_SHAPE_COUNTS[shape])).all(axis=1)
    return ok


def _positions(body: str) -> tuple[list[Position], str] | None:
    m = _TERM.fullmatch(body)
    if m is None:
        return None
    shape = (m.group(2) or "").lower()
    pos: list[Position] = []
    for rank_text, suit_text in _POS_RE.findall(m.group(1)):
        r = rank_text.upper()
        rank = None if r == "*" else RANKS.index("T" if r == "10" else r)
        s = suit_text.lower()
        if s in VARIABLES and s:
            pos.append((rank, None, s))
        else:
            pos.append((rank, SUITS.index(s) if s else None, ""))
    return pos, shape


@lru_cache(maxsize=8)
def _combinations(n: int, r: int) -> np.ndarray:
    """Every r-subset of range(n) (n <= 52) as rows of ascending uint8, rows in
    lexicographic order (read-only; C(51, 5) rows take 12 MB)."""
    rows = np.zeros((1, 0), dtype=np.int64)
    for j in range(r):                  # every r-subset, lexicographic, in numpy
        start = rows[:, -1] + 1 if j else np.zeros(1, dtype=np.int64)
        counts = np.maximum(n - (r - 1 - j) - start, 0)
        rep = np.repeat(np.arange(len(rows)), counts)
        offset = np.arange(counts.sum()) - np.repeat(np.cumsum(counts) - counts, counts)
        rows = np.concatenate([rows[rep], (np.repeat(start, counts) + offset)[:, None]], axis=1)
    out = rows.astype(np.uint8)
    out.flags.writeable = False
    return out


def _keys(rows: np.ndarray) -> np.ndarray:
    """One int64 per row of ascending card ids, in the rows' lexicographic order."""
    k = rows.shape[1]
    shifts = 6 * np.arange(k - 1, -1, -1, dtype=np.int64)
    keys: np.ndarray = (rows.astype(np.int64) << shifts).sum(axis=1)
    return keys


def _first_of_each(keys: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The distinct keys, ascending, and where each first occurs in `keys` (a
    stable sort: numpy's hashing unique is many times slower on these keys)."""
    order = np.argsort(keys, kind="stable")
    ordered = keys[order]
    first = np.ones(len(ordered), dtype=bool)
    first[1:] = ordered[1:] != ordered[:-1]
    return ordered[first], order[first]


def _rows(keys: np.ndarray, k: int) -> np.ndarray:
    """The rows of card ids the keys of :func:`_keys` stand for (uint8)."""
    shifts = 6 * np.arange(k - 1, -1, -1, dtype=np.int64)
    return ((keys[:, None] >> shifts) & 63).astype(np.uint8)


def _expand(pos: list[Position], body: str) -> np.ndarray:
    """The keys (:func:`_keys`, ascending, each once) of every hand matching the
    positions: for each assignment of distinct suits to the suit variables, the
    cards each constrained position allows, one card per position, and any
    cards for the free positions."""
    letters = sorted({v for _, _, v in pos if v})
    fixed = [4 * r + s for r, s, v in pos if r is not None and s is not None]
    if len(set(fixed)) < len(fixed):
        dup = next(c for c in fixed if fixed.count(c) > 1)
        raise InvalidRangeError(f"duplicate card {_card_str(dup)!r} in {quote(body)}")
    k = len(pos)
    parts: set[tuple[int, ...]] = set()
    free = 0
    for suits in itertools.permutations(range(4), len(letters)):
        sub = dict(zip(letters, suits))
        cands: list[list[int]] = []
        free = 0
        for r, s, v in pos:
            suit = sub[v] if v else s
            if r is None and suit is None:
                free += 1
                continue
            ranks = range(13) if r is None else [r]
            su = range(4) if suit is None else [suit]
            cands.append([4 * a + b for a in ranks for b in su])
        for part in itertools.product(*cands):
            if len(set(part)) == len(part):
                parts.add(tuple(sorted(part)))
    if not parts:
        return np.zeros(0, dtype=np.int64)
    fixed_part = np.array(sorted(parts), dtype=np.int64).reshape(len(parts), k - free)
    if not free:                        # every card placed: the parts are the hands
        return _first_of_each(_keys(fixed_part))[0]
    # Each part's cards left (the same number for every part), then every
    # combination of them, a block of parts at a time (about 4M rows).
    extra_idx = _combinations(52 - (k - free), free)
    step = max(1, 4_000_000 // len(extra_idx))
    chunks = []
    for i in range(0, len(fixed_part), step):
        block = fixed_part[i:i + step]
        left = np.ones((len(block), 52), dtype=bool)
        left[np.arange(len(block))[:, None], block] = False
        rest = np.nonzero(left)[1].reshape(len(block), -1)
        rows = np.concatenate([
            np.broadcast_to(block[:, None, :], (len(block), len(extra_idx), k - free)),
            rest[:, extra_idx]], axis=2).reshape(-1, k)
        chunks.append(_keys(np.sort(rows, axis=1)))
    return _first_of_each(np.concatenate(chunks))[0]


def _all_hands(k: int) -> np.ndarray:
    """Every k-card hand, rows ascending (read-only: shared by every range)."""
    return _all_hands_cached(k)


@lru_cache(maxsize=3)
def _all_hands_cached(k: int) -> np.ndarray:
    n = math.comb(52, k)
    if n > MAX_HANDS:
        raise InvalidRangeError(f"cannot list every {k}-card hand ({n:,} hands, limit "
                                f"{MAX_HANDS:,})")
    return _combinations(52, k)


def _term_hands(body: str, size: int | None) -> tuple[int, np.ndarray | None]:
    """(size, keys) of one term: the :func:`_keys` of its hands, ascending, each
    once; None means every hand of that size."""
    low = body.lower()
    if low in ("random", "*"):
        return (size or 0), None
    if _PERCENT.fullmatch(body):
        if size not in (None, 4):
            raise InvalidRangeError(f"{quote(body)}: omaha percentage ranges rank 4-card "
                                    f"hands (the shipped preflop table), not {size}-card ones")
        percent = float(body[:-1])
        if percent > 100:
            raise InvalidRangeError(f"{quote(body)}: expected a percentage from 0 to 100")
        top = top_hands(percent)
        if not len(top):
            raise InvalidRangeError(f"no hand matches {quote(body)}")
        return 4, _first_of_each(_keys(top))[0]
    parsed = _positions(body)
    if parsed is None:
        raise _cannot_parse(body)
    pos, shape = parsed
    k = len(pos)
    if shape and k != 4:
        raise InvalidRangeError(f"suit shape {shape!r} in {quote(body)} applies to 4-card "
                                f"hands only, got {k} positions")
    if all(r is None and s is None and not v for r, s, v in pos) and not shape:
        return k, None
    keys = _expand(pos, body)
    if shape:
        keys = keys[_shape_ok(_rows(keys, k), shape)]
    if not len(keys):
        raise InvalidRangeError(f"no hand matches {quote(body)}")
    return k, keys


class OmahaRange:
    """A weighted set of Omaha starting hands of one size (4, 5 or 6 cards).

    Parameters
    ----------
    text : str
        Range text (see :mod:`handrank.ranges.omaha`).
    size : int, optional
        Hand size when every term is ``random``/``*`` (default 4); when
        given, every term must have this size.

    Examples
    --------
    >>> len(OmahaRange("AAKK")), len(OmahaRange("AAKKds")), len(OmahaRange("AsKsQdJd"))
    (36, 6, 1)
    >>> len(OmahaRange("random")), OmahaRange("AA**").size
    (270725, 4)
    """

    def __init__(self, text: str, size: int | None = None) -> None:
        if not isinstance(text, str):
            raise TypeError(f"expected omaha range text (str), got {type(text).__name__}")
        if size is not None and size not in SIZES:
            raise ValueError(f"expected a hand size of 4, 5 or 6, got {size!r}")
        self._text, self._size, self._hands, self._weights = _parse_shared(text, size)

    @property
    def text(self) -> str:
        """The normalised range text."""
        return self._text

    @property
    def size(self) -> int:
        """Cards per hand."""
        return self._size

    @property
    def hands(self) -> np.ndarray:
        """(n, size) uint8 card ids of the hands of positive weight, rows ascending."""
        return self._hands

    @property
    def weights(self) -> np.ndarray:
        """The weight of each row of :attr:`hands`."""
        return self._weights

    def __len__(self) -> int:
        return len(self._hands)

    def __repr__(self) -> str:
        return f"OmahaRange({self._text!r})"

    def __contains__(self, hand: Any) -> bool:
        ids = tuple(sorted(_parse_cards(hand)))
        if len(ids) != self._size:
            return False
        row = np.array(ids, dtype=np.uint8)
        return bool((self._hands == row).all(axis=1).any())

    def without(self, dead: Any) -> OmahaRange:
        """The range without the hands that use any dead card."""
        ids = _parse_cards(dead)
        if not ids:
            return self
        mask = np.zeros(52, dtype=bool)
        mask[ids] = True
        keep = ~mask[self._hands].any(axis=1)
        out = object.__new__(OmahaRange)
        out._text, out._size = f"({self._text}) without {''.join(map(_card_str, ids))}", \
            self._size
        out._hands, out._weights = self._hands[keep], self._weights[keep]
        return out


@lru_cache(maxsize=16)
def _parse_shared(text: str, size: int | None) -> tuple[str, int, np.ndarray, np.ndarray]:
    """:func:`_parse`, remembered: a spot's range text is read by several
    checks in turn (the arrays are read-only, shared by the ranges)."""
    out, k, hands, weights = _parse(text, size)
    hands.flags.writeable = False
    weights.flags.writeable = False
    return out, k, hands, weights


def _parse(text: str, size: int | None) -> tuple[str, int, np.ndarray, np.ndarray]:
    if not text.strip():
        raise InvalidRangeError("empty range")
    terms: list[tuple[str, int, np.ndarray | None, float]] = []
    for raw in text.split(","):
        term = raw.strip()
        if not term:
            raise InvalidRangeError(f"empty term in {quote(text)}")
        body, colon, weight_text = term.partition(":")
        if not body or _SPACE.search(body):
            raise _cannot_parse(body or term)
        k, keys = _term_hands(body, size)
        weight = 1.0
        if colon:
            if not _WEIGHT.fullmatch(weight_text) or not float(weight_text) <= 1.0:
                raise InvalidRangeError(
                    f"invalid weight {quote(weight_text, 40)} in {quote(term, 40)}, "
                    "expected a number from 0 to 1")
            weight = float(weight_text)
        terms.append((body, k, keys, weight))
    sizes = {k for _, k, _, _ in terms if k}
    if len(sizes) > 1:
        raise InvalidRangeError(f"terms of different hand sizes in {quote(text)}: "
                                f"{sorted(sizes)}")
    k = sizes.pop() if sizes else (size or 4)
    if size is not None and k != size:
        raise InvalidRangeError(f"expected {size}-card hands, {quote(text)} has {k}")
    if len(terms) == 1 and terms[0][2] is None:
        body, _, _, w = terms[0]
        arr = _all_hands(k)
        if w <= 0:
            raise InvalidRangeError(f"no hand of positive weight in {quote(text)}")
        return (body if w == 1.0 else f"{body}:{_format_weight(w)}"), k, arr, \
            np.full(len(arr), w)
    named, weights, normalised = [], [], []
    for body, _, keys, w in terms:
        if keys is None:                # every hand of the size (or the size's error)
            keys = _keys(_all_hands(k))
        named.append(keys)
        weights.append(np.full(len(keys), w))
        normalised.append(body if w == 1.0 else f"{body}:{_format_weight(w)}")
    # A hand named by several terms takes the last one's weight: the first
    # occurrence of each key in the terms taken last to first.
    every, order = _first_of_each(np.concatenate(named)[::-1])
    ws = np.concatenate(weights)[::-1][order]
    keep = ws > 0
    arr, ws = _rows(every[keep], k), ws[keep]
    if not len(arr):
        raise InvalidRangeError(f"no hand of positive weight in {quote(text)}")
    return ",".join(normalised), k, arr, ws


def parse_omaha_range(text: str | OmahaRange, size: int | None = None) -> OmahaRange:
    """Return an :class:`OmahaRange` from text (or the range itself)."""
    if isinstance(text, OmahaRange):
        return text
    return OmahaRange(text, size)


_OMAHA_RANGE.append(OmahaRange)    # Range(text, game=<an Omaha game>) makes one
