"""Exact preflop equity tables by class: the work behind ``handrank.dask.preflop_table``.

No dask here: this module splits the table into independent pieces of work
and puts the pieces' integer counts together; :mod:`handrank.dask` runs the
pieces locally or on a cluster.

How work is shared.  A tuple of hole cards (one combo per player) has exact
counts that split into a *rank pass*, which depends only on the hole ranks,
and one *flush correction* per suit, which depends only on those ranks and on
which hole cards are of that suit (its *pattern*).  The C core
(``hr_equity_patterns``, csrc/equity.c) computes the rank pass and every
pattern's correction once per *key* (the players' rank pairs); then every
class tuple with that key (AKs or AKo against QQ, ...) costs one histogram of
its tuples' patterns.  Heads-up there are 4,186 keys for the 14,365 class
matchups, 3-way 129,766 keys for the 818,805 class triples.

All counts are exact integers (boards weighted by suit assignments, pot
shares in units of 1/2520), so a table is the same bit for bit however its
pieces are split, scheduled or rerun; each entry equals
``handrank.equity([...], exact=True)`` bit for bit, since that divides the
same integers the same way.
"""

from __future__ import annotations

import csv
import itertools
import math
import os
import threading
from collections.abc import Iterable, Sequence
from typing import Any

import numpy as np

from ..core import _backend, _run, kernels
from ..core._validate import quote
from ..core.cards import RANKS
from ..core.errors import HandrankError
from ..ranges.holdem import Range

__all__ = ["CLASS_NAMES", "PreflopTable"]

SHARE_UNIT = 2520
BOARD_CARDS = 5
PLAYERS = (2, 3)
# Keys per piece of work: about 0.1 s (heads-up) or 0.15 s (3-way) on one core.
KEYS_PER_TASK = {2: 64, 3: 32}


def _class_names() -> tuple[str, ...]:
    ranks = RANKS[::-1]               # "AKQJT98765432"
    names = []
    for row in range(13):
        for col in range(13):
            if row == col:
                names.append(ranks[row] * 2)
            elif col > row:
                names.append(ranks[row] + ranks[col] + "s")
            else:
                names.append(ranks[col] + ranks[row] + "o")
    return tuple(names)


CLASS_NAMES: tuple[str, ...] = _class_names()
_INDEX = {name: i for i, name in enumerate(CLASS_NAMES)}
_COMBOS: list[np.ndarray] = [Range(name).arrays()[0].astype(np.int64) for name in CLASS_NAMES]
# (hi rank, lo rank) of each class: its combos list the higher card first.
_RANKS: list[tuple[int, int]] = [(int(c[0, 0]) // 4, int(c[0, 1]) // 4) for c in _COMBOS]


class PreflopTable:
    """Exact all-in preflop equities between hand classes.

    Made by :func:`handrank.dask.preflop_table`.

    Attributes
    ----------
    classes : tuple of str
        The class names, in ``handrank.Range`` grid order ("AA", "AKs", ...,
        "AKo", "KK", ...) or the order given.
    players : int
        2 or 3.
    equity : ndarray of float64
        Heads-up, shape (k, k): ``equity[a, b]`` is the row class's equity
        against the column class.  3-way, shape (k, k, k, 3): the three
        players' equities with classes a, b, c; NaN where no deal exists.

    Examples
    --------
    >>> t = PreflopTable(["AA", "KK"], 2, np.array([[0.5, 0.8195], [0.1805, 0.5]]))
    >>> t
    PreflopTable(players=2, classes=2, shape=(2, 2))
    >>> float(t.equity[t.index("AA"), t.index("KK")])
    0.8195
    """

    __slots__ = ("_index", "classes", "equity", "players")

    classes: tuple[str, ...]
    players: int
    equity: np.ndarray
    _index: dict[str, int]

    def __init__(self, classes: Sequence[str], players: int, equity: np.ndarray) -> None:
        self.classes = tuple(classes)
        self.players = players
        self.equity = equity
        self._index = {name: i for i, name in enumerate(self.classes)}

    def index(self, name: str) -> int:
        """Return the row (and column) of a class name.

        Raises
        ------
        KeyError
            If the table has no such class.

        Examples
        --------
        >>> t = PreflopTable(["AA", "KK"], 2, np.full((2, 2), 0.5))
        >>> t.index("KK")
        1
        >>> t.index("QQ")
        Traceback (most recent call last):
        ...
        KeyError: "no class 'QQ' in this table"
        """
        try:
            return self._index[name]
        except (KeyError, TypeError):
            raise KeyError(f"no class {name!r} in this table") from None

    def to_csv(self, path: str | os.PathLike[str]) -> None:
        """Write the table as CSV.

        Heads-up: a header row of class names and one row per class, its
        equity against each column class.  3-way: one row per ordered class
        triple, ``a,b,c,equity_a,equity_b,equity_c`` (empty where no deal
        exists).  Floats are written with ``repr``, so they read back exactly.

        Parameters
        ----------
        path : str or path-like
            The file to write (replaced if it exists).

        Raises
        ------
        OSError
            If the file cannot be written.

        Examples
        --------
        >>> import os, tempfile
        >>> t = PreflopTable(["AA", "KK"], 2, np.array([[0.5, 0.25], [0.75, 0.5]]))
        >>> path = os.path.join(tempfile.mkdtemp(), "t.csv")
        >>> t.to_csv(path)
        >>> print(open(path).read().strip())
        class,AA,KK
        AA,0.5,0.25
        KK,0.75,0.5
        """
        with open(path, "w", newline="") as f:
            w = csv.writer(f)
            if self.players == 2:
                w.writerow(["class", *self.classes])
                for name, row in zip(self.classes, self.equity):
                    w.writerow([name, *(repr(float(x)) for x in row)])
                return
            w.writerow(["a", "b", "c", "equity_a", "equity_b", "equity_c"])
            k = len(self.classes)
            for a, b, c in itertools.product(range(k), repeat=3):
                e = self.equity[a, b, c]
                cells = ["" if math.isnan(x) else repr(float(x)) for x in e]
                w.writerow([self.classes[a], self.classes[b], self.classes[c], *cells])

    def __repr__(self) -> str:
        return (f"PreflopTable(players={self.players}, classes={len(self.classes)}, "
                f"shape={self.equity.shape})")


def class_indices(classes: Iterable[str] | None) -> list[int]:
    """Indices in CLASS_NAMES of the classes asked for (all 169 for None)."""
    if classes is None:
        return list(range(len(CLASS_NAMES)))
    if isinstance(classes, str):
        raise TypeError("classes must be a sequence of class names such as ['AA', 'AKs'], "
                        "not one string")
    out: list[int] = []
    for name in classes:
        if not isinstance(name, str):
            raise TypeError(f"expected class names, got {type(name).__name__}")
        i = _INDEX.get(name.strip())
        if i is None:
            raise ValueError(f"unknown hand class {quote(name)} (expected a name such as "
                             "'AA', 'AKs', 'T9o')")
        if i in out:
            raise ValueError(f"hand class {name!r} is given twice")
        out.append(i)
    if not out:
        raise ValueError("classes is empty")
    return out


def check_players(players: Any) -> int:
    if isinstance(players, bool) or players not in PLAYERS:
        raise ValueError(f"players must be 2 or 3, got {players!r}")
    return int(players)


def _canonical(ct: Sequence[int]) -> tuple[int, ...]:
    """The class tuple reordered by rank pair: the order its key is computed in."""
    return tuple(sorted(ct, key=lambda c: (_RANKS[c], c)))


def _key(ct: Sequence[int]) -> tuple[int, ...]:
    return tuple(r for c in ct for r in _RANKS[c])


Piece = list[tuple[tuple[int, ...], list[tuple[int, ...]]]]


def plan(players: int, idx: Sequence[int]) -> list[Piece]:
    """The pieces of work: lists of (key, canonical class tuples with that key).

    Every unordered class tuple of `idx` (repeats allowed) is in exactly one
    piece; keys are dealt round-robin over the pieces (in key order) to
    balance their cost.
    """
    groups: dict[tuple[int, ...], set[tuple[int, ...]]] = {}
    for ct in itertools.combinations_with_replacement(sorted(idx), players):
        c = _canonical(ct)
        groups.setdefault(_key(c), set()).add(c)
    keys = sorted(groups)
    n_tasks = max(1, math.ceil(len(keys) / KEYS_PER_TASK[players]))
    pieces: list[Piece] = [[] for _ in range(n_tasks)]
    for i, key in enumerate(keys):
        pieces[i % n_tasks].append((key, sorted(groups[key])))
    return pieces


def pattern_blocks(key: Sequence[int]) -> np.ndarray:
    """hr_equity_patterns' counts for hole ranks `key`: shape (1 + 4**n, 3n).

    Raises HandrankError on the pure-Python backend (a job of the C core).
    """
    kernels.need_c("preflop tables", HandrankError, plural=True)
    blocks = pattern_counts(key)
    assert blocks is not None
    return blocks


def pattern_counts(key: Sequence[int]) -> np.ndarray | None:
    """:func:`pattern_blocks`, or None on the pure-Python backend (the caller
    counts another way)."""
    n = len(key) // 2
    out = np.zeros((1 + 4**n) * 3 * n, dtype=np.int64)
    if not kernels.equity_patterns(_backend.GAMES["holdem"], key, out):
        return None
    return out.reshape(1 + 4**n, 3 * n)


# Whether each class is suited (a pair is not): with the classes' rank pairs,
# all a class tuple's pattern histogram depends on.
_SUITED: list[bool] = [bool(c[0, 0] % 4 == c[0, 1] % 4) for c in _COMBOS]
# Pattern histograms by shape (below), filled as tuples are met: heads-up
# 14,365 class matchups have a few dozen shapes.  Shared by threads (a race
# computes the same entry twice); read-only arrays.
_HISTOGRAMS: dict[tuple[int, ...], tuple[np.ndarray, int]] = {}


def _shape(ct: Sequence[int]) -> tuple[int, ...]:
    """What a class tuple's histogram depends on: which of its 2n hole ranks
    are equal (each rank by its first position) and which classes are suited.

    Two combos clash exactly when their cards share rank and suit, and a
    card's pattern bit is its suit, so the tuples' patterns are counted the
    same for any two class tuples of one shape.
    """
    first: dict[int, int] = {}
    out: list[int] = []
    for c in ct:
        hi, lo = _RANKS[c]
        out.append(first.setdefault(hi, len(first)))
        out.append(first.setdefault(lo, len(first)))
        out.append(_SUITED[c])
    return tuple(out)


def _histogram(ct: Sequence[int]) -> tuple[np.ndarray, int]:
    """Counts of suit patterns over the class tuple's non-clashing combo tuples."""
    shape = _shape(ct)
    got = _HISTOGRAMS.get(shape)
    if got is None:
        hist, deals = _count_patterns(ct)
        hist.setflags(write=False)
        got = _HISTOGRAMS[shape] = (hist, deals)
    return got


def _count_patterns(ct: Sequence[int]) -> tuple[np.ndarray, int]:
    """_histogram's counts, from the class tuple's combos."""
    n = len(ct)
    parts = [_COMBOS[c] for c in ct]
    grids = np.meshgrid(*[np.arange(len(p)) for p in parts], indexing="ij")
    cards = np.concatenate([p[g.ravel()] for p, g in zip(parts, grids)], axis=1)
    ordered = np.sort(cards, axis=1)
    cards = cards[(ordered[:, 1:] != ordered[:, :-1]).all(axis=1)]
    bits = np.int64(1) << np.arange(2 * n, dtype=np.int64)
    in_suit = (cards[:, None, :] & 3) == np.arange(4)[None, :, None]
    patterns = (in_suit * bits).sum(axis=2)
    return np.bincount(patterns.ravel(), minlength=4**n), len(cards)


def count_piece(players: int, piece: Sequence[tuple[Sequence[int], Sequence[Sequence[int]]]]
                ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Exact counts of a piece's class tuples.

    Returns
    -------
    tuples : ndarray of int16, shape (m, players)
        The canonical class tuples (indices into CLASS_NAMES).
    counts : ndarray of int64, shape (m, 3 * players)
        Wins, ties and pot shares (1/2520) of each player, summed over the
        tuple's combo tuples and every board.
    deals : ndarray of int64, shape (m,)
        The number of non-clashing combo tuples.
    """
    cts: list[Sequence[int]] = []
    counts: list[np.ndarray] = []
    deals: list[int] = []
    for key, group in piece:
        blocks = pattern_blocks(key)
        for ct in group:
            hist, t = _histogram(ct)
            counts.append(t * blocks[0] + hist @ blocks[1:])
            deals.append(t)
            cts.append(ct)
    return (np.array(cts, dtype=np.int16).reshape(-1, players),
            np.array(counts, dtype=np.int64).reshape(-1, 3 * players),
            np.array(deals, dtype=np.int64))


def assemble(players: int, idx: Sequence[int],
             results: Iterable[tuple[np.ndarray, np.ndarray, np.ndarray]]) -> PreflopTable:
    """The table from every piece's counts (in any order)."""
    pos = {c: i for i, c in enumerate(idx)}
    k = len(idx)
    n = players
    shape = (k, k) if n == 2 else (k, k, k, 3)
    eq = np.full(shape, np.nan)
    boards = math.comb(52 - 2 * n, BOARD_CARDS)
    for cts, counts, deals in results:
        total = (deals * boards).astype(np.float64)
        with np.errstate(invalid="ignore", divide="ignore"):
            # the division hr.equity does: shares / SHARE_UNIT / total
            e = counts[:, 2 * n:3 * n].astype(np.float64) / SHARE_UNIT / total[:, None]
        e[deals == 0] = np.nan
        at = np.vectorize(pos.__getitem__, otypes=[np.intp])(cts.astype(np.intp))
        for perm in itertools.permutations(range(n)):
            p = list(perm)
            if n == 2:
                eq[at[:, p[0]], at[:, p[1]]] = e[:, p[0]]
            else:
                eq[at[:, p[0]], at[:, p[1]], at[:, p[2]]] = e[:, p]
    names = [CLASS_NAMES[c] for c in idx]
    return PreflopTable(names, n, eq)


def local_table(players: int = 2, classes: Iterable[str] | None = None,
                progress: Any = None) -> PreflopTable:
    """The table on this machine's cores, with no dask: the CLI's entry without a scheduler.

    The same pieces as :func:`handrank.dask.preflop_table`, run on the shared
    pool (Ctrl-C stops it between pieces), so the same table bit for bit.
    `progress`, if given, is called as ``progress(done, total)`` after each piece.
    """
    n = check_players(players)
    idx = class_indices(classes)
    kernels.need_c("preflop tables", HandrankError, plural=True)
    pieces = plan(n, idx)
    done = [0]
    lock = threading.Lock()

    def task(i: int, cancel: Any) -> tuple[np.ndarray, np.ndarray, np.ndarray] | None:
        if cancel.is_set():
            return None
        result = count_piece(n, pieces[i])
        if progress is not None:
            with lock:
                done[0] += 1
                progress(done[0], len(pieces))
        return result

    results = _run.run_tasks(task, len(pieces))
    return assemble(n, idx, [r for r in results if r is not None])
