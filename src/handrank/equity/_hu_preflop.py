"""Heads-up preflop hold'em counts by suit-isomorphism class, from package data.

``handrank/holdem_hu_preflop.npz`` (made by tables/preflop_hu.py) holds, for each of
the 47,008 classes of ordered pairs of disjoint hands under the suit
permutations and the swap of the hands, its key (csrc/preflop_hu.h) and
the exact counts for the key's cards: the first hand wins, the second wins,
ties, over the C(48, 5) = 1,712,304 boards (dealt one by one by the engine of
tables/).  A pair's class is found in C (the least of 48 relabellings, then a
binary search of the keys).  The counts are the same integers as
hr_equity_exact's (tests/test_tables_hu.py), so an equity made from them is
the same double as the enumeration's.

``ENABLED`` (internal) turns the table off, for tests that compare with the
enumeration.
"""

from __future__ import annotations

import hashlib
import os
from typing import Any

import numpy as np

from ..core import kernels

DATA = "holdem_hu_preflop.npz"
CLASSES = 47008
BOARDS = 1712304
SHA256 = "e7cea94b412402f274570dad414416ed3609203ee2b4ffccea04e430bf12df08"

#: False: every caller enumerates (the tests' oracle)
ENABLED = True

_TABLE: list[Any] = []


def path() -> str:
    return os.path.join(os.path.dirname(os.path.dirname(__file__)), DATA)


def sha256() -> str:
    with open(path(), "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def table() -> tuple[np.ndarray[Any, Any], np.ndarray[Any, Any]] | None:
    """(keys uint32 (n,), counts uint32 (n, 3)), or None when off or missing."""
    if not ENABLED:
        return None
    if not _TABLE:
        try:
            with np.load(path()) as z:
                keys = np.ascontiguousarray(z["keys"], dtype=np.uint32)
                counts = np.ascontiguousarray(
                    np.stack([z["wins_first"], z["wins_second"], z["ties"]], axis=1),
                    dtype=np.uint32)
        except OSError:
            _TABLE.append(None)
        else:
            ok = (len(keys) == CLASSES and counts.shape == (CLASSES, 3)
                  and bool((counts.astype(np.int64).sum(axis=1) == BOARDS).all())
                  and bool((np.diff(keys.astype(np.int64)) > 0).all()))
            _TABLE.append((keys, counts) if ok else None)
    got: tuple[np.ndarray[Any, Any], np.ndarray[Any, Any]] | None = _TABLE[0]
    return got


def counts(a: Any, b: Any) -> tuple[int, int, int] | None:
    """(a wins, b wins, ties) of two disjoint hands (card ids), or None."""
    return kernels.hu_preflop_counts(table, a, b)
