"""Runouts and per-combo strengths, shared by the analyses.

A *runout* is the set of cards that completes the board to five.  Every
combo's strength on every runout is computed once (``strengths``), in C
(``hr_combo_strengths``) or with numpy on the pure-Python backend; the
comparisons between combos then use those arrays (``matrix_tally``,
``range_tally``) and never evaluate a hand again.  The C calls and their
numpy fallback are :mod:`handrank.core.kernels`'.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from typing import Any

import numpy as np

from ..core import kernels
from ..core._fallback_runouts import clashes as clashes  # the analyses use it too
from ..equity.holdem import BOARD_CARDS

# strengths held at once (runouts x combos): 16 MB in C; the numpy path
# builds a 7-card row and a bit mask per cell, so it takes smaller steps
CHUNK_CELLS = 1 << 23 if kernels.HAVE_C else 1 << 20


def deck_left(g: Any, board: np.ndarray, dead: np.ndarray) -> np.ndarray:
    """The cards of the game's deck not on the board and not dead, ascending."""
    used = np.zeros(52, dtype=bool)
    used[board] = True
    used[dead] = True
    return np.flatnonzero(np.asarray(g.in_deck[:52], dtype=bool) & ~used).astype(np.uint8)


def n_runouts(g: Any, board: np.ndarray, dead: np.ndarray) -> int:
    return math.comb(len(deck_left(g, board, dead)), BOARD_CARDS - len(board))


def combinations(n: int, k: int) -> np.ndarray:
    """Every k-subset of range(n) as rows of ascending indices, in lexicographic order."""
    out = np.zeros((1, 0), dtype=np.int64)
    for col in range(k):
        last = out[:, -1] + 1 if col else np.zeros(1, dtype=np.int64)
        # each row continues with every value from last to n - (k - col)
        top = n - (k - col)
        counts = np.maximum(top - last + 1, 0)
        rows = np.repeat(np.arange(len(out)), counts)
        starts = np.repeat(last - np.cumsum(counts) + counts, counts)
        values = starts + np.arange(int(counts.sum()))
        out = np.concatenate([out[rows], values[:, None]], axis=1)
    return out


def runouts(g: Any, board: np.ndarray, dead: np.ndarray, chunk: int) -> Iterator[np.ndarray]:
    """The runouts, (r, 5 - len(board)) uint8 arrays of at most `chunk` rows.

    Built one first card at a time, so a preflop enumeration (2.6 million
    runouts) never holds more than one block of indices.
    """
    left = deck_left(g, board, dead)
    k = BOARD_CARDS - len(board)
    chunk = max(chunk, 1)
    if k <= 2:
        idx = combinations(len(left), k)
        for start in range(0, len(idx), chunk):
            yield np.ascontiguousarray(left[idx[start:start + chunk]], dtype=np.uint8)
        return
    for first in range(len(left) - k + 1):
        rest = combinations(len(left) - first - 1, k - 1) + (first + 1)
        block = np.empty((len(rest), k), dtype=np.uint8)
        block[:, 0] = left[first]
        block[:, 1:] = left[rest]
        for start in range(0, len(block), chunk):
            yield np.ascontiguousarray(block[start:start + chunk])


def strengths(g: Any, board: np.ndarray, runs: np.ndarray, combos: np.ndarray) -> np.ndarray:
    """(runouts, combos) int16: each combo's strength on each runout, NOT_DEALT on a clash.

    The combos must be valid and off the board (the callers checked them).
    """
    return kernels.combo_strengths(g, board, runs, combos)


def matrix_tally(rows: np.ndarray, cols: np.ndarray, win: np.ndarray, tie: np.ndarray) -> None:
    """Add to win/tie (n, m) uint32 the runouts each row combo beats / ties each column."""
    kernels.matrix_tally(rows, cols, win, tie)


def range_tally(hero_s: np.ndarray, vil_s: np.ndarray, hero: np.ndarray, vil: np.ndarray,
                weights: np.ndarray, win: np.ndarray, tie: np.ndarray) -> None:
    """Add to win/tie (n,) the villain weight each hero combo beats / ties, runout by runout.

    Only villain combos that share no card with the hero combo count.
    """
    kernels.range_tally(hero_s, vil_s, hero, vil, weights, win, tie)


def touches(combos: np.ndarray, cards: np.ndarray) -> np.ndarray:
    """(n,) bool: the combo holds one of `cards`."""
    hit = np.zeros(256, dtype=bool)
    hit[cards] = True
    out: np.ndarray = hit[combos[:, 0]] | hit[combos[:, 1]]
    return out
