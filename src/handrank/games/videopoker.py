"""Video poker: the exact return of optimal play and its strategy.

:func:`video_poker` solves a pay table over all 2,598,960 deals of five
cards, each visited once per class of suit relabelling (134,459 classes),
with every one of a deal's 32 holds scored exactly over every draw by the
known fast counting method (csrc/draw.c): a table of every five-card hand's
pay class, the number of hands of each class containing each subset of up
to four cards, and inclusion-exclusion over the discarded cards.

A pay table maps hand classes to payouts per coin bet.  The classes, from
the finest (each hand is in exactly one):

``royal-flush``, ``straight-flush``, ``four-aces-with-2-4`` (four aces and
a 2, 3 or 4), ``four-aces-with-5-k``, ``four-2-4-with-a-4`` (four 2s, 3s or
4s and an A, 2, 3 or 4), ``four-2-4-with-5-k``, ``four-5-k``,
``full-house``, ``flush``, ``straight``, ``three-of-a-kind``, ``two-pair``,
``jacks-or-better`` (a pair of jacks, queens, kings or aces), ``nothing``
(every other hand).

Coarser names cover several: ``four-aces`` (both four-aces classes),
``four-2-4`` (both four-2-4 classes), ``four-of-a-kind`` (all five).  A pay
table must pay every hand, by its own class or a coarser name it belongs
to, ``nothing`` included (usually 0); a name given twice for the same hand
(``four-aces`` and ``four-of-a-kind``) is allowed, the finer one counts.

Needs the C core (``handrank.backend == "c"``).
"""

from __future__ import annotations

import dataclasses
import functools
import math
from collections.abc import Mapping
from typing import Any

import numpy as np

from ..core import _backend
from ..core._typing import CardsLike
from ..core._validate import quote
from ..core.cards import cards_str, hand
from ..core.errors import InvalidHandError

__all__ = ["PAYTABLES", "VideoPoker", "video_poker"]

_C = _backend.core

CLASSES = ("nothing", "jacks-or-better", "two-pair", "three-of-a-kind", "straight", "flush",
           "full-house", "four-5-k", "four-2-4-with-5-k", "four-2-4-with-a-4",
           "four-aces-with-5-k", "four-aces-with-2-4", "straight-flush", "royal-flush")
GROUPS = {
    "four-aces": ("four-aces-with-5-k", "four-aces-with-2-4"),
    "four-2-4": ("four-2-4-with-5-k", "four-2-4-with-a-4"),
    "four-of-a-kind": ("four-5-k", "four-2-4-with-5-k", "four-2-4-with-a-4",
                       "four-aces-with-5-k", "four-aces-with-2-4"),
}

_JOB = {"royal-flush": 800, "straight-flush": 50, "four-of-a-kind": 25, "three-of-a-kind": 3,
        "two-pair": 2, "jacks-or-better": 1, "nothing": 0, "straight": 4}
_BONUS = {"royal-flush": 800, "straight-flush": 50, "four-aces": 80, "four-2-4": 40,
          "four-5-k": 25, "full-house": 8, "flush": 5, "straight": 4, "three-of-a-kind": 3,
          "two-pair": 2, "jacks-or-better": 1, "nothing": 0}
_DOUBLE = {"royal-flush": 800, "straight-flush": 50, "four-aces": 160, "four-2-4": 80,
           "four-5-k": 50, "full-house": 10, "flush": 7, "straight": 5, "three-of-a-kind": 3,
           "two-pair": 1, "jacks-or-better": 1, "nothing": 0}
_DOUBLE_DOUBLE = {"royal-flush": 800, "straight-flush": 50, "four-aces-with-2-4": 400,
                  "four-2-4-with-a-4": 160, "four-aces": 160, "four-2-4": 80, "four-5-k": 50,
                  "full-house": 9, "flush": 6, "straight": 4, "three-of-a-kind": 3,
                  "two-pair": 1, "jacks-or-better": 1, "nothing": 0}
#: The built-in pay tables (payouts per coin, the royal flush at the five-coin rate).
PAYTABLES: dict[str, dict[str, int]] = {
    "jacks-or-better-9/6": {**_JOB, "full-house": 9, "flush": 6},
    "jacks-or-better-8/5": {**_JOB, "full-house": 8, "flush": 5},
    "bonus-poker-8/5": _BONUS,
    "double-bonus-10/7": _DOUBLE,
    "double-double-bonus-9/6": _DOUBLE_DOUBLE,
}


def _names_of(leaf: str) -> list[str]:
    """The names that cover a class, finest first."""
    coarse = sorted((g for g, members in GROUPS.items() if leaf in members),
                    key=lambda g: len(GROUPS[g]))
    return [leaf, *coarse]


def _leaf_payouts(paytable: Mapping[str, Any]) -> tuple[list[float], list[str]]:
    """Each class's payout and the pay-table name that gives it."""
    known = set(CLASSES) | set(GROUPS)
    for name, pay in paytable.items():
        if not isinstance(name, str) or name not in known:
            raise ValueError(f"unknown hand class {quote(name)} in the pay table, expected "
                             f"one of {', '.join(repr(c) for c in (*reversed(CLASSES), *GROUPS))}")
        if isinstance(pay, bool) or not isinstance(pay, (int, float, np.integer, np.floating)):
            raise TypeError(f"payout for {name!r} must be a number, got {quote(pay)}")
        if not np.isfinite(pay) or pay < 0:
            raise ValueError(f"payout for {name!r} must be a finite number >= 0, got {quote(pay)}")
    pays, named, missing = [], [], []
    for leaf in CLASSES:
        given = [n for n in _names_of(leaf) if n in paytable]
        if not given:
            missing.append(leaf)
            continue
        pays.append(float(paytable[given[0]]))
        named.append(given[0])
    if missing:
        raise ValueError("the pay table pays nothing for "
                         + ", ".join(repr(m) for m in missing)
                         + " (every hand needs a payout, 0 included)")
    return pays, named


@functools.cache
def _pay_classes() -> np.ndarray:
    """The class (index into CLASSES) of every hold'em strength 0..7462."""
    g = _backend.GAMES["holdem"]
    cat, ranks = g.category, g.class_ranks
    out = np.zeros(g.classes + 1, dtype=np.uint8)
    index = {c: i for i, c in enumerate(CLASSES)}
    ace, low = 12, (0, 1, 2)
    for s in range(1, g.classes + 1):
        c, r = int(cat[s]), ranks[s]
        if c == 2:
            name = "jacks-or-better" if r[0] >= 9 else "nothing"
        elif c == 1:
            name = "nothing"
        elif c == 8:
            quad, kick = int(r[0]), int(r[4])
            if quad == ace:
                name = "four-aces-with-2-4" if kick in low else "four-aces-with-5-k"
            elif quad in low:
                name = "four-2-4-with-a-4" if kick in (*low, ace) else "four-2-4-with-5-k"
            else:
                name = "four-5-k"
        elif c == 9:
            name = "royal-flush" if s == g.classes else "straight-flush"
        else:
            name = CLASSES[c - 1]
        out[s] = index[name]
    return out


@functools.cache
def _tables() -> tuple[np.ndarray, np.ndarray]:
    """The pay-class table of every 5-card hand and the subset counts (csrc/draw.c)."""
    if _C is None:
        raise RuntimeError("video_poker needs the C core (handrank.backend is 'python')")
    ffi, lib = _C.ffi, _C.lib
    if len(CLASSES) > lib.HR_VP_CLASSES:
        raise RuntimeError("internal error: more pay classes than the C core holds")
    cls5 = np.empty(lib.HR_VP_HANDS, dtype=np.uint8)
    counts = np.empty(lib.HR_VP_SUBSETS * lib.HR_VP_CLASSES, dtype=np.int32)
    if lib.hr_vp_tables(ffi.from_buffer("uint8_t[]", _pay_classes()),
                        ffi.from_buffer("uint8_t[]", cls5, require_writable=True),
                        ffi.from_buffer("int32_t[]", counts, require_writable=True)) != 0:
        raise RuntimeError("internal error: a pay class out of range")
    cls5.flags.writeable = False
    counts.flags.writeable = False
    return cls5, counts


@dataclasses.dataclass(frozen=True, eq=False)
class VideoPoker:
    """One pay table solved: made by :func:`video_poker`.

    Attributes
    ----------
    paytable : dict
        The pay table as given (names to payouts).
    expected_return : float
        The return of optimal play per coin bet (0.995439... for 9/6 Jacks
        or Better).
    breakdown : dict
        Each pay-table name -> its contribution to the return (probability
        of ending with such a hand under optimal play times its payout);
        the values sum to ``expected_return``.
    probabilities : dict
        Each class (the finest names) -> its probability under optimal play.
    """

    paytable: dict[str, float]
    expected_return: float
    breakdown: dict[str, float]
    probabilities: dict[str, float]
    _pay: np.ndarray = dataclasses.field(repr=False)

    def hold_values(self, cards: CardsLike) -> dict[tuple[int, ...], float]:
        """The expected payout of every one of a deal's 32 holds, best first.

        Equal values keep the order of the holds' bit patterns (bit j keeps
        the j-th card given), so the first best hold is :meth:`hold`.
        """
        ids = hand(cards, 5, 5)
        counts = self._hold_counts(ids)
        kept = [tuple(ids[j] for j in range(5) if h >> j & 1) for h in range(32)]
        draws = np.array([_comb(47, 5 - len(k)) for k in kept], dtype=np.float64)
        ev = counts[:, :len(CLASSES)] @ self._pay / draws
        order = sorted(range(32), key=lambda h: -ev[h])
        return {kept[h]: float(ev[h]) for h in order}

    def hold(self, cards: CardsLike) -> tuple[int, ...]:
        """The cards to keep from a deal of five: the hold of highest expected payout.

        Parameters
        ----------
        cards : str or sequence of cards
            Five cards.

        Returns
        -------
        tuple of int
            The kept card ids, in the order given (empty: draw five).

        Raises
        ------
        InvalidCardError, InvalidHandError
            A bad card, a repeat, other than five cards.

        Examples
        --------
        >>> vp = video_poker("jacks-or-better-9/6")
        >>> cards_str(vp.hold("As Ks Qs Js 9d"))           # four to a royal
        'As Ks Qs Js'
        >>> cards_str(vp.hold("Jh Jd 4c 4s 9h"))           # two pair: keep both
        'Jh Jd 4c 4s'
        """
        return next(iter(self.hold_values(cards)))

    def _hold_counts(self, ids: list[int]) -> np.ndarray:
        ffi, lib = _C.ffi, _C.lib
        cls5, counts = _tables()
        out = np.empty((32, lib.HR_VP_CLASSES), dtype=np.int32)
        if lib.hr_vp_hold_counts(ffi.from_buffer("uint8_t[]", cls5),
                                 ffi.from_buffer("int32_t[]", counts), bytes(ids),
                                 ffi.from_buffer("int32_t[]", out, require_writable=True)) != 0:
            raise InvalidHandError(f"not a deal of five cards: {cards_str(ids)!r}")
        return out

    def __repr__(self) -> str:
        return f"VideoPoker(expected_return={self.expected_return:.6f})"


def _comb(n: int, k: int) -> int:
    return math.comb(n, k)


def video_poker(paytable: str | Mapping[str, Any]) -> VideoPoker:
    """Solve a video-poker pay table exactly: the return of optimal play.

    Parameters
    ----------
    paytable : str or mapping
        A built-in name (``"jacks-or-better-9/6"``, ``"jacks-or-better-8/5"``,
        ``"bonus-poker-8/5"``, ``"double-bonus-10/7"``,
        ``"double-double-bonus-9/6"``; see :data:`PAYTABLES`) or a mapping
        from the hand classes of this module to payouts per coin.

    Returns
    -------
    VideoPoker

    Raises
    ------
    ValueError
        An unknown name, an unknown class, a negative payout, or a pay table
        that leaves some class unpaid.
    TypeError
        A pay table of the wrong type.

    Examples
    --------
    >>> round(video_poker("jacks-or-better-9/6").expected_return, 6)
    0.995439
    >>> video_poker({"royal-flush": 800})
    Traceback (most recent call last):
    ...
    ValueError: the pay table pays nothing for 'nothing', 'jacks-or-better', 'two-pair', \
'three-of-a-kind', 'straight', 'flush', 'full-house', 'four-5-k', 'four-2-4-with-5-k', \
'four-2-4-with-a-4', 'four-aces-with-5-k', 'four-aces-with-2-4', 'straight-flush' \
(every hand needs a payout, 0 included)
    """
    if isinstance(paytable, str):
        if paytable not in PAYTABLES:
            raise ValueError(f"unknown pay table {quote(paytable)}, expected "
                             + ", ".join(repr(p) for p in PAYTABLES) + " or a mapping")
        table: Mapping[str, Any] = PAYTABLES[paytable]
    elif isinstance(paytable, Mapping):
        table = paytable
    else:
        raise TypeError(f"paytable must be a name or a mapping, got {type(paytable).__name__}")
    pays, named = _leaf_payouts(table)
    return _solve(tuple(pays), tuple(named), tuple(sorted(table.items())))


@functools.cache
def _solve(pays: tuple[float, ...], named: tuple[str, ...],
           items: tuple[tuple[str, Any], ...]) -> VideoPoker:
    cls5, counts = _tables()
    ffi, lib = _C.ffi, _C.lib
    pay = np.zeros(lib.HR_VP_CLASSES, dtype=np.float64)
    pay[:len(pays)] = pays
    prob = np.zeros(lib.HR_VP_CLASSES, dtype=np.float64)
    deals = ffi.new("int64_t *")
    ret = float(lib.hr_vp_solve(ffi.from_buffer("uint8_t[]", cls5),
                                ffi.from_buffer("int32_t[]", counts),
                                ffi.from_buffer("double[]", pay),
                                ffi.from_buffer("double[]", prob, require_writable=True), deals))
    if deals[0] != 134459:
        raise RuntimeError(f"internal error: {deals[0]} classes of deals, expected 134,459")
    breakdown: dict[str, float] = {}
    for leaf, name, p in zip(CLASSES, named, prob):
        breakdown[name] = breakdown.get(name, 0.0) + float(p) * pays[CLASSES.index(leaf)]
    order = sorted(breakdown, key=lambda n: -dict(items).get(n, 0))
    return VideoPoker(dict(items), ret, {n: breakdown[n] for n in order},
                      {c: float(p) for c, p in zip(CLASSES, prob)},
                      np.array(pays, dtype=np.float64))
