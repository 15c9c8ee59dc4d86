"""Every k-subset of range(n) as one numpy array: the exact enumerations' deals."""

from __future__ import annotations

import numpy as np

__all__ = ["combinations"]


def combinations(n: int, k: int) -> np.ndarray:
    """Every k-subset of range(n) as rows of ascending indices, lexicographic (numpy only)."""
    rows = np.zeros((1, 0), dtype=np.int64)
    for j in range(k):
        start = rows[:, -1] + 1 if j else np.zeros(1, dtype=np.int64)
        stop = n - (k - 1 - j)                  # leave room for the later columns
        counts = np.maximum(stop - start, 0)
        rep = np.repeat(np.arange(len(rows)), counts)
        offset = np.arange(counts.sum()) - np.repeat(np.cumsum(counts) - counts, counts)
        rows = np.concatenate([rows[rep], (np.repeat(start, counts) + offset)[:, None]], axis=1)
    return rows
