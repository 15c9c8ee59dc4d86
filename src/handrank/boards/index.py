"""Canonical hand index: hands up to suit relabelling, numbered 0..size-1.

Two hands are the same class when a relabelling of the suits turns one into
the other (hole cards kept apart from the board, and the board taken as a
set, or one group per betting round with perfect recall).  The index is a
bijection between the classes and ``0 .. size(street) - 1``; ``unindex``
gives the canonical member of a class.  The work is done in C
(csrc/index.c) on whole arrays; docs/index.md explains the numbering.

>>> import handrank as hr
>>> [hr.index.holdem.size(s) for s in range(4)]
[169, 1286792, 13960050, 123156254]
>>> hr.index.holdem.index("AhAd") == hr.index.holdem.index("AcAs")
True
>>> hr.cards_str(hr.index.holdem.unindex(168, 0))
'Ac Ad'
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import numpy as np

from ..core import _validate, kernels
from ..core._typing import CardsLike
from ..core._validate import quote
from ..core.cards import card_str, cards
from ..core.errors import InvalidHandError

#: Rows per C call of index_batch / unindex_batch (a few milliseconds each).
_SLICE_ROWS = 1 << 16

__all__ = ["Indexer", "holdem"]

SUITS = 4
_MAX_GROUPS = 8
_MAX_RANKS = 13
_MAX_CONFIG_TABLE = 1 << 25


def _binom_table() -> np.ndarray:
    t = np.zeros((17, 17), dtype=np.int64)
    for n in range(17):
        for k in range(n + 1):
            t[n, k] = math.comb(n, k)
    return t


def _colex_table(ranks: int) -> np.ndarray:
    out = np.zeros(1 << ranks, dtype=np.uint32)
    for m in range(1 << ranks):
        r, i = 0, 0
        for p in range(ranks):
            if m >> p & 1:
                i += 1
                r += math.comb(p, i)
        out[m] = r
    return out


class _Street:
    """One street's tables and its ``hr_index_street`` (kept alive together)."""

    def __init__(self, groups: tuple[int, ...], ranks: int, colex: np.ndarray,
                 binom: np.ndarray) -> None:
        self.groups = groups
        self.ranks = ranks
        self.cards = sum(groups)
        base = [1]
        for g in groups[:-1]:
            base.append(base[-1] * (g + 1))
        K = base[-1] * (groups[-1] + 1)
        if K ** 3 > _MAX_CONFIG_TABLE:
            raise ValueError(f"round structure {groups!r} is too large to index "
                             f"({K} suit patterns)")
        counts = [tuple(key // base[j] % (groups[j] + 1) for j in range(len(groups)))
                  for key in range(K)]
        suit_count = np.zeros(K, dtype=np.int64)
        for key, cs in enumerate(counts):
            if sum(cs) <= ranks:
                n, avail = 1, ranks
                for c in cs:
                    n *= math.comb(avail, c)
                    avail -= c
                suit_count[key] = n
        valid = [k for k in range(K) if suit_count[k] > 0]
        configs: list[tuple[int, ...]] = []

        def walk(prefix: list[int], left: tuple[int, ...]) -> None:
            if len(prefix) == SUITS - 1:
                key = sum(c * b for c, b in zip(left, base))
                if key <= prefix[-1] and suit_count[key] > 0:
                    configs.append((*prefix, key))
                return
            top = prefix[-1] if prefix else K - 1
            for key in reversed(valid):
                if key > top:
                    continue
                cs = counts[key]
                if all(c <= lft for c, lft in zip(cs, left)):
                    walk([*prefix, key], tuple(lft - c for c, lft in zip(cs, left)))

        walk([], groups)
        configs.sort(reverse=True)
        offset = [0]
        run_mult = np.zeros((len(configs), SUITS), dtype=np.int64)
        for i, cfg in enumerate(configs):
            n, s = 1, 0
            while s < SUITS:
                e = s + 1
                while e < SUITS and cfg[e] == cfg[s]:
                    e += 1
                run_mult[i, s] = n
                n *= math.comb(int(suit_count[cfg[s]]) + e - s - 1, e - s)
                s = e
            offset.append(offset[-1] + n)
        if offset[-1] * SUITS >= 1 << 62:
            raise ValueError(f"round structure {groups!r} has too many classes to index")
        config_of = np.full(K ** 3, -1, dtype=np.int32)
        for i, cfg in enumerate(configs):
            config_of[(cfg[0] * K + cfg[1]) * K + cfg[2]] = i
        self.size = offset[-1]
        self.n_configs = len(configs)
        self._arrays = (colex, binom, config_of, np.asarray(offset, dtype=np.int64),
                        np.asarray(configs, dtype=np.int32).reshape(-1), suit_count,
                        run_mult.reshape(-1))
        self.ptr, self._buffers = kernels.index_street(
            ranks, list(groups), list(base), K, len(configs), self._arrays)


class Indexer:
    """Index hands of a round structure up to suit relabelling.

    Parameters
    ----------
    rounds : sequence of int
        Cards dealt in each round; the first is the hole cards.  Hold'em is
        ``(2, 3, 1, 1)``, Omaha ``(4, 3, 1, 1)``.
    recall : {"imperfect", "perfect"}
        ``"imperfect"``: street k is the hole cards and the board so far as
        one set (two groups).  ``"perfect"``: each round is its own group.
    ranks : int
        Ranks per suit (13; fewer for a reduced deck of the lowest ranks,
        whose card ids are ``4 * rank + suit`` with ``rank < ranks``).

    Examples
    --------
    >>> from handrank.index import Indexer
    >>> Indexer((2, 3, 1, 1), recall="perfect").size(3)
    2428287420
    >>> ix = Indexer((2, 3))
    >>> int(ix.index_batch([[48, 49, 0, 4, 8]], 1)[0]) == ix.index("AcAd 2c3c4c")
    True
    >>> ix.size(2)
    Traceback (most recent call last):
    ...
    ValueError: street must be 0 to 1, got 2
    """

    def __init__(self, rounds: Sequence[int] = (2, 3, 1, 1), *, recall: str = "imperfect",
                 ranks: int = 13) -> None:
        if recall not in ("imperfect", "perfect"):
            raise ValueError(f"recall must be 'imperfect' or 'perfect', got {quote(recall)}")
        if isinstance(ranks, bool) or not isinstance(ranks, int) or not 1 <= ranks <= _MAX_RANKS:
            raise ValueError(f"ranks must be an int from 1 to {_MAX_RANKS}, got {quote(ranks)}")
        try:
            rs = tuple(int(r) for r in rounds)
            ok = all(isinstance(r, (int, np.integer)) and not isinstance(r, bool)
                     for r in rounds)
        except (TypeError, ValueError):
            ok = False
        if not ok or not rs or min(rs) < 1:
            raise ValueError(f"rounds must be positive card counts, got {quote(rounds)}")
        if len(rs) > _MAX_GROUPS or sum(rs) > SUITS * ranks:
            raise ValueError(f"rounds {rs!r} deal more than the deck's {SUITS * ranks} cards "
                             f"or more than {_MAX_GROUPS} rounds")
        self.rounds = rs
        self.recall = recall
        self.ranks = ranks
        self._colex = _colex_table(ranks)
        self._binom = _binom_table()
        self._streets: dict[int, _Street] = {}

    def __repr__(self) -> str:
        extra = f", ranks={self.ranks}" if self.ranks != 13 else ""
        return f"Indexer(rounds={self.rounds!r}, recall={self.recall!r}{extra})"

    @property
    def streets(self) -> int:
        """The number of streets (rounds)."""
        return len(self.rounds)

    def groups(self, street: int) -> tuple[int, ...]:
        """The card groups of `street` (suit-isomorphic within, ordered across)."""
        k = self._check_street(street)
        if self.recall == "perfect" or k == 0:
            return self.rounds[: k + 1]
        return (self.rounds[0], sum(self.rounds[1: k + 1]))

    def cards(self, street: int) -> int:
        """Cards in a hand of `street`."""
        return sum(self.rounds[: self._check_street(street) + 1])

    def _check_street(self, street: Any) -> int:
        if isinstance(street, bool) or not isinstance(street, (int, np.integer)) \
                or not 0 <= street < len(self.rounds):
            raise ValueError(f"street must be 0 to {len(self.rounds) - 1}, got {quote(street)}")
        return int(street)

    def _street(self, street: Any) -> _Street:
        k = self._check_street(street)
        st = self._streets.get(k)
        if st is None:
            st = _Street(self.groups(k), self.ranks, self._colex, self._binom)
            self._streets[k] = st
        return st

    def size(self, street: int) -> int:
        """The number of classes of `street`."""
        return self._street(street).size

    def _street_of(self, n: int) -> int:
        total = 0
        for k, r in enumerate(self.rounds):
            total += r
            if total == n:
                return k
        counts = ", ".join(str(sum(self.rounds[: k + 1])) for k in range(len(self.rounds)))
        raise InvalidHandError(f"expected {counts} cards, got {n}")

    def index(self, cards_: CardsLike, street: int | None = None) -> int:
        """The index of one hand (cards round after round).

        `cards_`: the hand's cards, card text or ids, the first round's
        first.  `street` is found from the number of cards when None.
        """
        ids = cards(cards_)
        k = self._street_of(len(ids)) if street is None else self._check_street(street)
        return int(self.index_batch(np.asarray([ids], dtype=np.int64), k)[0])

    def index_batch(self, a: Any, street: int, *, out: np.ndarray | None = None) -> np.ndarray:
        """The index of each row of `a` (shape ``(n, cards(street))``), as int64.

        `out`: an int64 array of n to write into (a reused buffer saves the
        page faults of a new one on big batches); it is returned.
        """
        st = self._street(street)
        arr = np.asarray(_validate.no_bools(a, f"rows of {st.cards} card ids"))
        if arr.ndim != 2 or arr.shape[1] != st.cards or not (
                arr.dtype.kind in "iu" or arr.size == 0):
            raise InvalidHandError(f"expected an integer array of shape (n, {st.cards}), "
                                   f"got shape {arr.shape} dtype {arr.dtype}")
        # uint8 rows go to C as they are (C checks every id); other dtypes are
        # range-checked before the narrowing cast
        if arr.dtype != np.uint8:
            self._check_ids(arr)
        rows = _validate.contiguous(arr, np.uint8, "the cards as uint8")
        if out is None:
            out = _validate.alloc((len(rows),), np.int64, "the indices")
        elif not (isinstance(out, np.ndarray) and out.dtype == np.int64
                  and out.shape == (len(rows),) and out.flags.c_contiguous
                  and out.flags.writeable):
            raise ValueError(f"out must be a writable contiguous int64 array of shape "
                             f"({len(rows)},)")
        # in slices on the calling thread: Ctrl-C lands between two
        bad_row = kernels.index_batch(st.ptr, rows, out, _SLICE_ROWS)
        if bad_row >= 0:
            self._check_ids(rows)   # an id outside the deck anywhere is named first
            row = rows[bad_row]
            seen: set[int] = set()
            for c in row:
                if int(c) in seen:
                    raise InvalidHandError(f"duplicate card {card_str(int(c))!r} in row "
                                           f"{bad_row}")
                seen.add(int(c))
            raise RuntimeError(f"internal error: row {bad_row} refused by the indexer")
        return out

    def _check_ids(self, arr: np.ndarray) -> None:
        deck = SUITS * self.ranks
        if arr.size and (arr.min() < 0 or arr.max() >= deck):
            bad = np.argwhere((arr < 0) | (arr >= deck))[0]
            raise InvalidHandError(f"invalid card id {int(arr[bad[0], bad[1]])} at row "
                                   f"{int(bad[0])}, column {int(bad[1])}")

    def unindex_batch(self, i: Any, street: int) -> np.ndarray:
        """The canonical member of each index, shape ``(n, cards(street))`` uint8.

        `i`: a 1-D integer array of indices of `street`, each 0 to its size - 1.
        """
        st = self._street(street)
        idx = np.asarray(i)
        if idx.ndim != 1 or not (idx.dtype.kind in "iu" or idx.size == 0):
            raise ValueError(f"expected a 1-D integer array of indices, got shape {idx.shape} "
                             f"dtype {idx.dtype}")
        found = _validate.first_outside(idx, 0, st.size - 1) if idx.size else None
        if found is not None:
            bad = found[0]
            raise ValueError(f"index {int(idx[bad])} at position {bad} out of range for "
                             f"street {street} (0 to {st.size - 1})")
        idx = _validate.contiguous(idx, np.int64, "the indices as int64")
        out = _validate.alloc((len(idx), st.cards), np.uint8, "the hands")
        r = kernels.unindex_batch(st.ptr, idx, out, _SLICE_ROWS)   # Ctrl-C between two slices
        if r >= 0:
            raise RuntimeError(f"internal error: index at position {r} refused")
        return out

    def unindex(self, i: int, street: int) -> tuple[int, ...]:
        """The canonical member of class `i` of `street`: card ids round after round."""
        if isinstance(i, bool) or not isinstance(i, (int, np.integer)):
            raise TypeError(f"index must be an int, got {type(i).__name__}")
        st = self._street(street)
        if not 0 <= i < st.size:
            raise ValueError(f"index {i} out of range for street {street} (0 to {st.size - 1})")
        return tuple(int(c) for c in self.unindex_batch(np.asarray([i], np.int64), street)[0])


#: The imperfect-recall hold'em indexer: hole cards, and the board as a set.
holdem = Indexer((2, 3, 1, 1))


