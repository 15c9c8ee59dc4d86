"""The pure-Python backend of the runout tallies (csrc/matrix.c), with numpy.

:mod:`handrank.core.kernels` calls these when the C core is not built: each
combo's strength on each runout (``hr_combo_strengths``), and the runout-by-
runout comparisons of two lists of combos (``hr_matrix_tally``,
``hr_range_tally``), with the same results.
"""

from __future__ import annotations

import numpy as np

from . import _fallback
from ._tables import GameTables

NOT_DEALT = 32767          # as HR_NOT_DEALT in csrc/matrix.h


def clashes(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """(n, m) bool: combo a[i] shares a card with combo b[j]."""
    bit = np.uint64(1) << np.arange(52, dtype=np.uint64)
    ma = bit[a[:, 0]] | bit[a[:, 1]]
    mb = bit[b[:, 0]] | bit[b[:, 1]]
    out: np.ndarray = (ma[:, None] & mb[None, :]) != 0
    return out


def combo_strengths(g: GameTables, board: np.ndarray, runs: np.ndarray, combos: np.ndarray,
                    out: np.ndarray) -> None:
    """Fill `out` (runouts, combos) int16 as ``hr_combo_strengths`` does."""
    n_r, k = runs.shape
    bit = np.uint64(1) << np.arange(52, dtype=np.uint64)
    run_bits = np.bitwise_or.reduce(bit[runs], axis=1) if k else np.zeros(n_r, np.uint64)
    combo_bits = bit[combos[:, 0]] | bit[combos[:, 1]]
    dealt: np.ndarray = (run_bits[:, None] & combo_bits[None, :]) == 0
    r_idx, c_idx = np.nonzero(dealt)
    hands = np.empty((len(r_idx), 7), dtype=np.uint8)
    hands[:, :len(board)] = board
    hands[:, len(board):5] = runs[r_idx]
    hands[:, 5:] = combos[c_idx]
    values = np.empty(len(hands), dtype=np.uint16)
    if _fallback.eval_batch(g, hands, values) >= 0:
        raise RuntimeError("internal error: a bad hand among the runouts")
    out.fill(NOT_DEALT)
    out[r_idx, c_idx] = values.astype(np.int16)


def matrix_tally(rows: np.ndarray, cols: np.ndarray, win: np.ndarray, tie: np.ndarray) -> None:
    """Add to win/tie (n, m) uint32 as ``hr_matrix_tally`` does."""
    # a row that is not dealt can neither beat nor tie anything
    r = np.where(rows == NOT_DEALT, -1, rows).astype(np.int16)
    step = max(1, (1 << 22) // max(1, rows.shape[1] * cols.shape[1]))
    for s in range(0, len(rows), step):
        a, b = r[s:s + step, :, None], cols[s:s + step, None, :]
        win += (a > b).sum(axis=0, dtype=np.uint32)
        tie += (a == b).sum(axis=0, dtype=np.uint32)


def range_tally(hero_s: np.ndarray, vil_s: np.ndarray, hero: np.ndarray, vil: np.ndarray,
                weights: np.ndarray, win: np.ndarray, tie: np.ndarray) -> None:
    """Add to win/tie (n,) float64 as ``hr_range_tally`` does."""
    apart = ~clashes(hero, vil)
    h = np.where(hero_s == NOT_DEALT, -1, hero_s)
    for r in range(len(hero_s)):
        a, b = h[r][:, None], vil_s[r][None, :]
        win += ((a > b) & apart) @ weights
        tie += ((a == b) & apart) @ weights
