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

from ..core import _backend, _progress, kernels
from ..core._run import check_progress
from ..core._typing import CardsLike
from ..core._validate import quote
from ..core.cards import cards_str, hand
from ..core.errors import InvalidCardError, InvalidHandError
from . import _vpwild as _wild
from ._vpchart import build as _build_chart
from .holdem import evaluate_batch

__all__ = ["ALIASES", "MACHINES", "PAYTABLES", "WILD_PAYTABLES", "VideoPoker", "video_poker"]


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


_DEUCES_BASE = {"natural-royal-flush": 800, "four-deuces": 200, "wild-royal-flush": 25,
                "three-of-a-kind": 1, "nothing": 0}
#: The built-in pay tables of the wild-card machines (payouts per coin, the
#: top award at the five-coin rate).  Sources of the published returns:
#: docs/howto/videopoker.md.
WILD_PAYTABLES: dict[str, dict[str, int]] = {
    # Deuces Wild, 52 cards, the four deuces wild
    "deuces-wild-full-pay": {**_DEUCES_BASE, "five-of-a-kind": 15, "straight-flush": 9,
                             "four-of-a-kind": 5, "full-house": 3, "flush": 2, "straight": 2},
    "deuces-wild-nsu": {**_DEUCES_BASE, "five-of-a-kind": 16, "straight-flush": 10,
                        "four-of-a-kind": 4, "full-house": 4, "flush": 3, "straight": 2},
    "deuces-wild-apdw": {**_DEUCES_BASE, "five-of-a-kind": 15, "straight-flush": 11,
                         "four-of-a-kind": 4, "full-house": 4, "flush": 3, "straight": 2},
    "deuces-wild-illinois": {**_DEUCES_BASE, "five-of-a-kind": 15, "straight-flush": 9,
                             "four-of-a-kind": 4, "full-house": 4, "flush": 3, "straight": 2},
    # Joker Poker, 53 cards, the joker wild
    "joker-poker-kings": {"natural-royal-flush": 800, "five-of-a-kind": 200,
                          "wild-royal-flush": 100, "straight-flush": 50, "four-of-a-kind": 20,
                          "full-house": 7, "flush": 5, "straight": 3, "three-of-a-kind": 2,
                          "two-pair": 1, "kings-or-better": 1, "nothing": 0},
    # Joker Poker two pair or better ("20/10/6"): no pair pays
    "joker-poker-two-pair": {"natural-royal-flush": 1000, "five-of-a-kind": 100,
                             "wild-royal-flush": 50, "straight-flush": 50, "four-of-a-kind": 20,
                             "full-house": 10, "flush": 6, "straight": 5, "three-of-a-kind": 2,
                             "two-pair": 1, "kings-or-better": 0, "nothing": 0},
    # Double Joker, 54 cards, both jokers wild
    "double-joker": {"natural-royal-flush": 800, "wild-royal-flush": 100, "five-of-a-kind": 50,
                     "straight-flush": 25, "four-of-a-kind": 9, "full-house": 5, "flush": 4,
                     "straight": 3, "three-of-a-kind": 2, "two-pair": 1, "nothing": 0},
    "double-joker-8-5": {"natural-royal-flush": 800, "wild-royal-flush": 100,
                         "five-of-a-kind": 50, "straight-flush": 25, "four-of-a-kind": 8,
                         "full-house": 5, "flush": 4, "straight": 3, "three-of-a-kind": 2,
                         "two-pair": 1, "nothing": 0},
    # Deuces and Joker Wild, 53 cards, the deuces and the joker wild
    "deuces-joker-wild": {"four-deuces-and-joker": 2000, "natural-royal-flush": 800,
                          "four-deuces": 25, "wild-royal-flush": 12, "five-of-a-kind": 9,
                          "straight-flush": 6, "four-of-a-kind": 3, "full-house": 3, "flush": 3,
                          "straight": 2, "three-of-a-kind": 1, "nothing": 0},
    # the same with 8 for five of a kind
    "deuces-joker-wild-8": {"four-deuces-and-joker": 2000, "natural-royal-flush": 800,
                            "four-deuces": 25, "wild-royal-flush": 12, "five-of-a-kind": 8,
                            "straight-flush": 6, "four-of-a-kind": 3, "full-house": 3,
                            "flush": 3, "straight": 2, "three-of-a-kind": 1, "nothing": 0},
}
_WILD_FAMILY = {"deuces-wild-full-pay": "deuces-wild", "deuces-wild-nsu": "deuces-wild",
                "deuces-wild-apdw": "deuces-wild", "deuces-wild-illinois": "deuces-wild",
                "joker-poker-kings": "joker-poker", "joker-poker-two-pair": "joker-poker",
                "double-joker": "double-joker",
                "double-joker-8-5": "double-joker", "deuces-joker-wild": "deuces-joker-wild",
                "deuces-joker-wild-8": "deuces-joker-wild"}
_NATURAL = "jacks-or-better"
#: Every built-in machine -> its family (the deck, the wild cards, the pay classes).
MACHINES: dict[str, str] = {**{name: _NATURAL for name in PAYTABLES}, **_WILD_FAMILY}
#: Short names of the best-known machine of a family.
ALIASES: dict[str, str] = {"deuces-wild": "deuces-wild-full-pay",
                           "joker-poker": "joker-poker-kings",
                           "jacks-or-better": "jacks-or-better-9/6"}


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
    return kernels.vp_tables(_pay_classes(), len(CLASSES))


def _natural_classes(hands: np.ndarray) -> np.ndarray:
    """The class (index into CLASSES) of each 52-card five-card hand, for the numpy solver."""
    return _pay_classes()[evaluate_batch(np.ascontiguousarray(hands, dtype=np.uint8))]


_wild.FAMILIES[_NATURAL] = _wild.Family(_NATURAL, 52, False, CLASSES,
                                        "Jacks or Better and its bonus tables (52 cards)")
_wild.CLASSIFIERS[_NATURAL] = _natural_classes

_JOKER_TEXT = {"xx": _wild.JOKER, "jk": _wild.JOKER, "xy": _wild.JOKER2}


def _joker_text(token: str) -> int | None:
    return _JOKER_TEXT.get(token.lower())


def deal(cards: CardsLike, family: str = _NATURAL) -> list[int]:
    """The ids of a deal of five cards in a machine family, jokers included where it has them.

    A joker is written ``Xx`` (or ``Jk``), a second joker ``Xy``; their ids
    are 52 and 53.  A family without jokers refuses them as invalid cards.
    """
    fam = _wild.FAMILIES[family]
    if isinstance(cards, np.ndarray) and fam.jokers:
        cards = [int(c) for c in cards.ravel()] if cards.dtype.kind in "iu" else cards
    if fam.jokers == 0 or not isinstance(cards, (str, list, tuple)):
        ids = hand(cards, 5, 5)
        return ids
    items: list[Any] = cards.split() if isinstance(cards, str) else list(cards)
    out: list[int] = []
    ids, jokers = [], []
    for x in items:
        j = _joker_text(x) if isinstance(x, str) else (int(x) if isinstance(x, (int, np.integer))
                                                       and not isinstance(x, bool)
                                                       and x in (52, 53) else None)
        if j is None:
            got = hand(x, 1, 5) if isinstance(x, str) else [_one_card(x)]
            ids.extend(got)
            out.extend(got)
            continue
        jokers.append(j)
        out.append(j)
    if len(jokers) > fam.jokers:
        raise InvalidHandError(f"{len(jokers)} jokers in {quote(cards)}: a {fam.name} deck "
                               f"has {fam.jokers}")
    if fam.jokers == 1 and jokers == [_wild.JOKER2]:
        raise InvalidCardError(f"'Xy' is a second joker: a {fam.name} deck has one joker, 'Xx'")
    if len(set(jokers)) != len(jokers):
        raise InvalidHandError(f"duplicate joker in {quote(cards)} (the second joker is 'Xy')")
    if len(out) != 5:
        raise InvalidHandError(f"expected 5 cards, got {len(out)}")
    if len(set(ids)) != len(ids):
        raise InvalidHandError(f"duplicate card in {quote(cards)}")
    return out


def _one_card(x: Any) -> int:
    return hand([x], 1, 1)[0]


def card_text(ids: Any) -> str:
    """Card text for ids, jokers included (``Xx``, ``Xy``)."""
    out = []
    for c in ids:
        c = int(c)
        out.append("Xx" if c == _wild.JOKER else "Xy" if c == _wild.JOKER2 else cards_str([c]))
    return " ".join(out)


@dataclasses.dataclass(frozen=True, eq=False)
class VideoPoker:
    """One pay table solved: made by :func:`video_poker`.

    Attributes
    ----------
    paytable : dict
        The pay table as given (names to payouts).
    expected_return : float
        The return of optimal play per coin bet (0.995439... for 9/6 Jacks
        or Better, 1.007620... for full-pay Deuces Wild).
    breakdown : dict
        Each pay-table name -> its contribution to the return (probability
        of ending with such a hand under optimal play times its payout);
        the values sum to ``expected_return``.
    probabilities : dict
        Each class (the finest names) -> its probability under optimal play.
    variance : float
        The variance of one game's payout per coin under optimal play.
    family : str
        The machine family: ``"jacks-or-better"`` (52 cards, none wild),
        ``"deuces-wild"``, ``"joker-poker"``, ``"double-joker"`` or
        ``"deuces-joker-wild"``.
    """

    paytable: dict[str, float]
    expected_return: float
    breakdown: dict[str, float]
    probabilities: dict[str, float]
    _pay: np.ndarray = dataclasses.field(repr=False)
    variance: float = 0.0
    family: str = _NATURAL

    @property
    def classes(self) -> tuple[str, ...]:
        """The family's pay classes."""
        return _wild.FAMILIES[self.family].classes

    def deal(self, cards: CardsLike) -> list[int]:
        """The card ids of a deal of five in this machine (jokers ``Xx``, ``Xy`` if it has any).

        Parameters
        ----------
        cards : str or sequence of cards
            Five cards (a joker ``Xx``, a second joker ``Xy``, in the
            machines that have them).
        """
        return deal(cards, self.family)

    def hold_values(self, cards: CardsLike) -> dict[tuple[int, ...], float]:
        """The expected payout of every one of a deal's 32 holds, best first.

        Equal values keep the order of the holds' bit patterns (bit j keeps
        the j-th card given), so the first best hold is :meth:`hold`.  Keys
        are card-id tuples; :meth:`hold_values_text` gives the same values
        keyed by card text.

        Parameters
        ----------
        cards : str or sequence of cards
            Five cards (a joker ``Xx``, a second joker ``Xy``, in the
            machines that have them).
        """
        ids = self.deal(cards)
        kept = [tuple(ids[j] for j in range(5) if h >> j & 1) for h in range(32)]
        if self.family == _NATURAL:
            counts = self._hold_counts(ids)
            draws = np.array([_comb(47, 5 - len(k)) for k in kept], dtype=np.float64)
            ev = counts[:, :len(CLASSES)] @ self._pay / draws
        else:
            ev = self._wild_values(ids)
        order = sorted(range(32), key=lambda h: -ev[h])
        return {kept[h]: float(ev[h]) for h in order}

    def hold_values_text(self, cards: CardsLike) -> dict[str, float]:
        """:meth:`hold_values` keyed by card text: ``{"As Ks Qs Js": 19.6, ...}``, best first.

        Each key is the hold's cards in the order given (jokers ``Xx``,
        ``Xy``; ``""`` to draw five), the values and their order those of
        :meth:`hold_values`.

        Examples
        --------
        >>> vp = video_poker("jacks-or-better-9/6")
        >>> next(iter(vp.hold_values_text("As Ks Qs Js 9d")))
        'As Ks Qs Js'
        """
        return {card_text(k): v for k, v in self.hold_values(cards).items()}

    def hold_text(self, cards: CardsLike) -> str:
        """:meth:`hold` as card text (``"Jh Jd 4c 4s"``; ``""`` to draw five).

        Parameters
        ----------
        cards : str or sequence of cards
            Five cards (a joker ``Xx``, a second joker ``Xy``, in the
            machines that have them).
        """
        return card_text(self.hold(cards))

    def hold_odds_text(self, cards: CardsLike) -> dict[str, dict[str, float]]:
        """:meth:`hold_odds` keyed by card text, as :meth:`hold_values_text`.

        Parameters
        ----------
        cards : str or sequence of cards
            Five cards (a joker ``Xx``, a second joker ``Xy``, in the
            machines that have them).
        """
        return {card_text(k): v for k, v in self.hold_odds(cards).items()}

    def _wild_values(self, ids: list[int]) -> np.ndarray:
        """The 32 holds' values, by bit pattern over ``ids`` as given."""
        t = _wild.tables(self.family)
        order = sorted(range(5), key=lambda j: ids[j])
        row = np.array([[ids[j] for j in order]], dtype=np.uint8)
        sorted_ev = _wild.hold_totals(t, self._pay, row)[:, 0] / _wild.draws(t.family.cards)
        ev = np.empty(32, dtype=np.float64)
        for m in range(32):
            # bit i of the sorted pattern keeps ids[order[i]]
            ev[sum(1 << order[i] for i in range(5) if m >> i & 1)] = sorted_ev[m]
        return ev

    def hold_odds(self, cards: CardsLike) -> dict[tuple[int, ...], dict[str, float]]:
        """The probability of ending in each pay class, for every one of a deal's 32 holds.

        The draw odds of a deal in this machine's deck (wild cards and jokers
        included): keys as in :meth:`hold_values` (best hold first), each a
        dict of class -> probability over every draw, summing to 1.
        """
        ids = self.deal(cards)
        t = _wild.tables(self.family)
        order = sorted(range(5), key=lambda j: ids[j])
        counts = _wild.hold_class_counts(t, np.array([ids[j] for j in order], dtype=np.uint8))
        draws = _wild.draws(t.family.cards)
        by_hold: dict[tuple[int, ...], dict[str, float]] = {}
        for m in range(32):
            kept = tuple(sorted(order[i] for i in range(5) if m >> i & 1))
            by_hold[tuple(ids[j] for j in kept)] = {
                c: n / float(draws[m]) for c, n in zip(self.classes, counts[m].tolist())}
        return {k: by_hold[k] for k in self.hold_values(ids)}

    def hold(self, cards: CardsLike) -> tuple[int, ...]:
        """The cards to keep from a deal of five: the hold of highest expected payout.

        Parameters
        ----------
        cards : str or sequence of cards
            Five cards (a joker ``Xx``, a second joker ``Xy``, in the
            machines that have them).

        Returns
        -------
        tuple of int
            The kept card ids, in the order given (empty: draw five).

        Raises
        ------
        InvalidCardError, InvalidHandError
            A bad card, a repeat, other than five cards, a joker the machine
            does not have.

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
        cls5, counts = _tables()
        out = kernels.vp_hold_counts(cls5, counts, ids)
        if out is None:
            raise InvalidHandError(f"not a deal of five cards: {cards_str(ids)!r}")
        return out

    @functools.cached_property
    def _solution(self) -> _wild.Solution:
        return _wild.solve(self.family, self._pay)

    @property
    def values(self) -> np.ndarray:
        """(R, 32) float64: the expected payout of each hold of each distinct deal.

        Row i is the deal ``strategy["cards"][i]``; column m the hold keeping
        card j of it where bit j of m is set.
        """
        return self._solution.values

    @functools.cached_property
    def strategy(self) -> np.ndarray:
        """The best hold of every distinct deal, up to suit relabelling (and the jokers' order).

        A structured array, one row per class of deals: ``cards`` (the five
        ids, ascending), ``weight`` (how many of the deck's deals it stands
        for), ``hold`` (bit j keeps ``cards[j]``; the first best pattern)
        and ``value`` (its expected payout per coin).  The weights sum to
        the number of deals; ``(weight * value).sum() / weight.sum()`` is
        the expected return.
        """
        t = _wild.tables(self.family)
        sol = self._solution
        out = np.empty(len(t.deals), dtype=[("cards", np.uint8, (5,)), ("weight", np.int64),
                                           ("hold", np.uint8), ("value", np.float64)])
        out["cards"] = t.deals
        out["weight"] = t.weights
        out["hold"] = sol.best
        out["value"] = sol.values[np.arange(len(sol.best)), sol.best]
        out.flags.writeable = False
        return out

    def to_pandas(self) -> Any:
        """The strategy as a pandas DataFrame: one row per distinct deal.

        Columns ``deal`` and ``hold`` (card text), ``weight``, ``value``, then
        ``keep_xxxxx`` for each of the 32 holds (x is 1 where the card of that
        position in ``deal`` is kept).  Needs pandas (``pip install
        'handrank[pandas]'``).
        """
        try:
            import pandas as pd
        except ImportError:
            raise ImportError("to_pandas() needs pandas: pip install 'handrank[pandas]'") from None
        st, vals = self.strategy, self.values
        names = [card_text([c]) for c in range(54)]
        rows = [[names[c] for c in row] for row in st["cards"].tolist()]
        deals = [" ".join(r) for r in rows]
        holds = [" ".join(r[j] for j in range(5) if h >> j & 1)
                 for r, h in zip(rows, st["hold"].tolist())]
        cols: dict[str, Any] = {"deal": deals, "hold": holds, "weight": st["weight"],
                                "value": st["value"]}
        for m in range(32):
            cols["keep_" + "".join("1" if m >> j & 1 else "0" for j in range(5))] = vals[:, m]
        return pd.DataFrame(cols)

    def chart(self) -> Any:
        """The strategy chart: the holds players look for, best first (see :mod:`._vpchart`)."""
        name = next((n for n, t in {**PAYTABLES, **WILD_PAYTABLES}.items()
                     if dict(t) == dict(self.paytable)), f"{self.family} (pay table given)")
        return _build_chart(self, name)

    def __repr__(self) -> str:
        return f"VideoPoker(expected_return={self.expected_return:.6f})"


def _comb(n: int, k: int) -> int:
    return math.comb(n, k)


def video_poker(paytable: str | Mapping[str, Any], *, progress: Any = None) -> VideoPoker:
    """Solve a video-poker pay table exactly: the return of optimal play.

    Parameters
    ----------
    paytable : str or mapping
        A built-in name (see :data:`MACHINES`: ``"jacks-or-better-9/6"``,
        ``"jacks-or-better-8/5"``, ``"bonus-poker-8/5"``,
        ``"double-bonus-10/7"``, ``"double-double-bonus-9/6"``, and the
        wild-card machines ``"deuces-wild-full-pay"``, ``"deuces-wild-nsu"``,
        ``"deuces-wild-apdw"``, ``"deuces-wild-illinois"``,
        ``"joker-poker-kings"``, ``"joker-poker-two-pair"``, ``"double-joker"``,
        ``"double-joker-8-5"``,
        ``"deuces-joker-wild"``, ``"deuces-joker-wild-8"``; the short names of :data:`ALIASES`,
        ``"deuces-wild"``, ``"joker-poker"``, ``"jacks-or-better"``, name the
        best-known machine of each) or a mapping from hand classes to payouts
        per coin: the classes of this module for 52 cards without wild
        cards, or every class of one wild family (see
        :data:`WILD_PAYTABLES`; the family is the one whose classes the
        mapping names).
    progress : callable or True, optional
        ``progress(done, total)`` as the work goes: the first solve of a
        family builds its tables (up to a second or so) in three stages, then
        solves; ``True`` draws a bar on stderr, ``False`` none, and the
        default draws one in a Jupyter notebook for a call over a second.

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
    report = check_progress(_progress.resolve(progress, "video_poker"))
    try:
        if report is not None:
            report(0, _STAGES)
        vp = _video_poker(paytable, report)
    except BaseException:
        if isinstance(report, _progress.Bar):
            report.close()
        raise
    if report is not None:
        report(_STAGES, _STAGES)
    return vp


#: progress(done, total)'s total: the table stages of a first build, then the solve.
_STAGES = _wild.BUILD_STAGES + 1


def _video_poker(paytable: Any, report: Any) -> VideoPoker:
    if isinstance(paytable, str):
        paytable = ALIASES.get(paytable, paytable)
        if paytable in WILD_PAYTABLES:
            return _solve_wild(_WILD_FAMILY[paytable], tuple(WILD_PAYTABLES[paytable].items()),
                               report)
        if paytable not in PAYTABLES:
            raise ValueError(f"unknown pay table {quote(paytable)}, expected "
                             + ", ".join(repr(p) for p in MACHINES) + " or a mapping")
        table: Mapping[str, Any] = PAYTABLES[paytable]
    elif isinstance(paytable, Mapping):
        table = paytable
    else:
        raise TypeError(f"paytable must be a name or a mapping, got {type(paytable).__name__}")
    family = _wild_family_of(table)
    if family is not None:
        return _solve_wild(family, tuple(table.items()), report)
    pays, named = _leaf_payouts(table)
    _tables()
    if report is not None:
        report(_wild.BUILD_STAGES, _STAGES)
    return _solve(tuple(pays), tuple(named), tuple(sorted(table.items())))


def _wild_family_of(table: Mapping[str, Any]) -> str | None:
    """The wild family a mapping names (None: the 52-card classes of this module)."""
    known = set(CLASSES) | set(GROUPS)
    names = {n for n in table if isinstance(n, str)}
    wild_names = set().union(*(_wild.FAMILIES[f].classes for f in _WILD_FAMILIES)) - known
    if not names & wild_names:
        return None
    # the family naming most of the given classes, then the one with fewest left unpaid
    return max(_WILD_FAMILIES, key=lambda f: (len(names & set(_wild.FAMILIES[f].classes)),
                                              -len(set(_wild.FAMILIES[f].classes) - names)))


_WILD_FAMILIES = ("deuces-wild", "deuces-joker-wild", "joker-poker", "double-joker")


def _solve_wild(family: str, items: tuple[tuple[str, Any], ...], report: Any = None
                ) -> VideoPoker:
    classes = _wild.FAMILIES[family].classes
    table = dict(items)
    for name, pay in table.items():
        if name not in classes:
            raise ValueError(f"unknown hand class {quote(name)} in a {family} pay table, "
                             "expected " + ", ".join(repr(c) for c in classes))
        if isinstance(pay, bool) or not isinstance(pay, (int, float, np.integer, np.floating)):
            raise TypeError(f"payout for {name!r} must be a number, got {quote(pay)}")
        if not np.isfinite(pay) or pay < 0:
            raise ValueError(f"payout for {name!r} must be a finite number >= 0, got {quote(pay)}")
    missing = [c for c in classes if c not in table]
    if missing:
        raise ValueError(f"the {family} pay table pays nothing for "
                         + ", ".join(repr(m) for m in missing)
                         + " (every hand needs a payout, 0 included)")
    if report is not None:
        _wild.tables(family, step=lambda i: report(i, _STAGES))
        report(_wild.BUILD_STAGES, _STAGES)
    return _solve_wild_cached(family, tuple(float(table[c]) for c in classes), items)


@functools.cache
def _solve_wild_cached(family: str, pays: tuple[float, ...],
                       items: tuple[tuple[str, Any], ...]) -> VideoPoker:
    classes = _wild.FAMILIES[family].classes
    pay = np.array(pays, dtype=np.float64)
    sol = _wild.solve(family, pay)
    prob = {c: float(p) for c, p in zip(classes, sol.probabilities)}
    variance = float(sum(p * x * x for p, x in zip(sol.probabilities, pays))
                     - sol.expected_return ** 2)
    table = dict(items)
    order = sorted(table, key=lambda n: -table[n])
    vp = VideoPoker(table, sol.expected_return, {n: prob[n] * float(table[n]) for n in order},
                    prob, pay, variance, family)
    vp.__dict__["_solution"] = sol
    return vp


@functools.cache
def _solve(pays: tuple[float, ...], named: tuple[str, ...],
           items: tuple[tuple[str, Any], ...]) -> VideoPoker:
    cls5, counts = _tables()
    ret, prob, deals = kernels.vp_solve(cls5, counts, pays)
    if deals != 134459:
        raise RuntimeError(f"internal error: {deals} classes of deals, expected 134,459")
    breakdown: dict[str, float] = {}
    for leaf, name, p in zip(CLASSES, named, prob):
        breakdown[name] = breakdown.get(name, 0.0) + float(p) * pays[CLASSES.index(leaf)]
    order = sorted(breakdown, key=lambda n: -dict(items).get(n, 0))
    variance = float(sum(float(p) * x * x for p, x in zip(prob, pays)) - ret * ret)
    return VideoPoker(dict(items), ret, {n: breakdown[n] for n in order},
                      {c: float(p) for c, p in zip(CLASSES, prob)},
                      np.array(pays, dtype=np.float64), variance)
