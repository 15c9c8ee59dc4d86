"""Runouts and per-combo strengths, shared by the analyses.

A *runout* is the set of cards that completes the board to five.  Every
combo's strength on every runout is computed once (``strengths``), in C
(``hr_combo_strengths``) or with numpy on the pure-Python backend; the
comparisons between combos then use those arrays (``matrix_tally``,
``range_tally``) and never evaluate a hand again.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from typing import Any

import numpy as np

from ..core import _backend, _fallback
from ..equity.holdem import BOARD_CARDS

_C = _backend.core

NOT_DEALT = 32767          # as HR_NOT_DEALT in csrc/matrix.h
# strengths held at once (runouts x combos): 16 MB in C; the numpy path
# builds a 7-card row and a bit mask per cell, so it takes smaller steps
CHUNK_CELLS = 1 << 23 if _C is not None else 1 << 20


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
    n_r, k = runs.shape
    out = np.empty((n_r, len(combos)), dtype=np.int16)
    if _C is not None:
        ffi, lib = _C.ffi, _C.lib
        bad = lib.hr_combo_strengths(
            g.ptr, ffi.from_buffer("uint8_t[]", board), len(board),
            ffi.from_buffer("uint8_t[]", runs), n_r, k, ffi.from_buffer("uint8_t[]", combos),
            len(combos), ffi.from_buffer("int16_t[]", out, require_writable=True))
        if bad != -1:
            raise RuntimeError(f"internal error: hr_combo_strengths rejected its input ({bad})")
        return out
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
    return out


def matrix_tally(rows: np.ndarray, cols: np.ndarray, win: np.ndarray, tie: np.ndarray) -> None:
    """Add to win/tie (n, m) uint32 the runouts each row combo beats / ties each column."""
    if _C is not None:
        ffi, lib = _C.ffi, _C.lib
        n, m = rows.shape[1], cols.shape[1]
        scratch = np.empty(2 * m, dtype=np.uint16)
        ok = lib.hr_matrix_tally(
            ffi.from_buffer("int16_t[]", rows), n, ffi.from_buffer("int16_t[]", cols), m,
            len(rows), 0, n, ffi.from_buffer("uint16_t[]", scratch, require_writable=True),
            ffi.from_buffer("uint32_t[]", win, require_writable=True),
            ffi.from_buffer("uint32_t[]", tie, require_writable=True))
        if ok != 0:
            raise RuntimeError("internal error: hr_matrix_tally rejected its input")
        return
    # a row that is not dealt can neither beat nor tie anything
    r = np.where(rows == NOT_DEALT, -1, rows).astype(np.int16)
    step = max(1, (1 << 22) // max(1, rows.shape[1] * cols.shape[1]))
    for s in range(0, len(rows), step):
        a, b = r[s:s + step, :, None], cols[s:s + step, None, :]
        win += (a > b).sum(axis=0, dtype=np.uint32)
        tie += (a == b).sum(axis=0, dtype=np.uint32)


def range_tally(hero_s: np.ndarray, vil_s: np.ndarray, hero: np.ndarray, vil: np.ndarray,
                weights: np.ndarray, win: np.ndarray, tie: np.ndarray) -> None:
    """Add to win/tie (n,) the villain weight each hero combo beats / ties, runout by runout.

    Only villain combos that share no card with the hero combo count.
    """
    n_v = len(vil)
    if _C is not None:
        ffi, lib = _C.ffi, _C.lib
        index = np.full(1326, -1, dtype=np.int32)
        index[_combo_index(vil)] = np.arange(n_v, dtype=np.int32)
        twin = index[_combo_index(hero)]
        scratch = np.empty(5 * n_v + 285, dtype=np.int32)
        vscratch = np.empty(3 * n_v + 53, dtype=np.float64)
        ok = lib.hr_range_tally(
            ffi.from_buffer("int16_t[]", hero_s), len(hero), ffi.from_buffer("int16_t[]", vil_s),
            n_v, len(hero_s), ffi.from_buffer("uint8_t[]", hero),
            ffi.from_buffer("uint8_t[]", vil), ffi.from_buffer("double[]", weights),
            ffi.from_buffer("int32_t[]", twin),
            ffi.from_buffer("int32_t[]", scratch, require_writable=True),
            ffi.from_buffer("double[]", vscratch, require_writable=True),
            ffi.from_buffer("double[]", win, require_writable=True),
            ffi.from_buffer("double[]", tie, require_writable=True))
        if ok != 0:
            raise RuntimeError("internal error: hr_range_tally rejected its input")
        return
    apart = ~clashes(hero, vil)
    h = np.where(hero_s == NOT_DEALT, -1, hero_s)
    for r in range(len(hero_s)):
        a, b = h[r][:, None], vil_s[r][None, :]
        win += ((a > b) & apart) @ weights
        tie += ((a == b) & apart) @ weights


def _combo_index(combos: np.ndarray) -> np.ndarray:
    hi = np.maximum(combos[:, 0], combos[:, 1]).astype(np.intp)
    lo = np.minimum(combos[:, 0], combos[:, 1]).astype(np.intp)
    out: np.ndarray = hi * (hi - 1) // 2 + lo
    return out


def clashes(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """(n, m) bool: combo a[i] shares a card with combo b[j]."""
    bit = np.uint64(1) << np.arange(52, dtype=np.uint64)
    ma = bit[a[:, 0]] | bit[a[:, 1]]
    mb = bit[b[:, 0]] | bit[b[:, 1]]
    out: np.ndarray = (ma[:, None] & mb[None, :]) != 0
    return out


def touches(combos: np.ndarray, cards: np.ndarray) -> np.ndarray:
    """(n,) bool: the combo holds one of `cards`."""
    hit = np.zeros(256, dtype=bool)
    hit[cards] = True
    out: np.ndarray = hit[combos[:, 0]] | hit[combos[:, 1]]
    return out
