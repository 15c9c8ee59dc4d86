"""The C core's exact tallies of hand lists (csrc/omaha_exact.c), for the games with a board.

:mod:`handrank.equity.hilo` lists each player's hands and the runouts; the
functions here compute every hand's (high, low) on every runout once and
compare them runout by runout in C, without a Python loop over hands:

- :func:`pair_counts`: every hand of player 0 against every hand of player 1
  (equity_matrix, range_equity, analyze, heads-up exact equity), integer
  counts per pair;
- :func:`tuple_sums`: every tuple of hands, one per player, that share no card
  (exact equity of three or more players, and exact hands of two-half
  games), weighted sums per player.

Only for the C backend (:func:`omaha_kernel` is None without it, as
``kernels.runout_kernel`` says); the callers keep their numpy code for the
Python backend.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from ..core import _run, kernels

__all__ = ["omaha_kernel", "omaha_kernel_tables", "omaha_strengths", "pair_counts",
           "tuple_sums"]

# Strength cells ((runouts x hands) uint16 pairs) computed per pass of pair_counts.
CHUNK_CELLS = 1 << 23
_MIN_ROWS_PER_THREAD = 64

Strengths = Callable[[np.ndarray, np.ndarray], np.ndarray]


def omaha_kernel(g: Any) -> tuple[Any, int] | None:
    """(hr_game, hilo) when csrc/omaha.c ranks game `g`'s hands, else None.

    The Omaha games of 4 to 6 hole cards with a high half, high only or
    with the eight-or-better low (the tables evaluate_omaha_batch and
    evaluate_omaha_hilo_batch use).
    """
    tables = g.rule.omaha_tables(g)
    return None if tables is None else kernels.runout_kernel(tables[0], int(tables[1]))


def omaha_kernel_tables(tables: Any, hilo: bool) -> tuple[Any, int] | None:
    """(hr_game, hilo) for the Omaha drivers, which hold the high half's tables."""
    return kernels.runout_kernel(tables, int(hilo))


def omaha_strengths(kernel: tuple[Any, int], hands: np.ndarray, board: np.ndarray,
                    runs: np.ndarray) -> np.ndarray:
    """(runouts, hands, 2) uint16: each hand's (high, low) on each runout, 0 where they clash."""
    tables, hilo = kernel
    hs = np.ascontiguousarray(hands, dtype=np.uint8)
    rs = np.ascontiguousarray(runs, dtype=np.uint8)
    b = np.ascontiguousarray(board, dtype=np.uint8)
    out = np.empty((len(rs), len(hs), 2), dtype=np.uint16)
    if not len(rs) or not len(hs):
        return out
    kernels.omaha_runout_strengths(tables, hilo, hs, b, rs, out)
    return out


def _masks(h: np.ndarray) -> np.ndarray:
    bits = np.left_shift(np.uint64(1), h.astype(np.uint64))
    return np.ascontiguousarray(np.bitwise_or.reduce(bits, axis=1), dtype=np.uint64)


def pair_counts(strengths: Strengths, h0: np.ndarray, h1: np.ndarray, runs: np.ndarray,
                halves: int, nthreads: int = 1) -> np.ndarray:
    """(c0, c1, HR_PAIR_SUMS) int32 counts of every hand pair over the runouts.

    `strengths(hands, runs)` gives (runouts, hands, 2) strengths (high 0
    where a hand clashes with the runout); the runouts are taken in passes
    of about ``CHUNK_CELLS`` strengths.  Sums as in csrc/omaha_exact.h: dealt
    runouts, player 0's pot quarters, whole pots, parts, high-half halves,
    low-half halves, runouts with a low.  `halves` is 1 when every low is 0
    (a game of one half), else 2.  Pairs that share a card get counts
    too: the caller drops them.
    """
    if len(h0) > len(h1):
        # the longer list in the inner loop; player 0's counts from player 1's
        # (heads-up, every share is the other player's complement)
        a = pair_counts(strengths, h1, h0, runs, halves, nthreads).transpose(1, 0, 2)
        out = np.empty_like(a)
        dealt, has_low = a[..., 0], a[..., 6]
        out[..., 0] = dealt
        out[..., 1] = 4 * dealt - a[..., 1]
        out[..., 2] = dealt - a[..., 2] - a[..., 3]
        out[..., 3] = a[..., 3]
        out[..., 4] = 2 * dealt - a[..., 4]
        out[..., 5] = 2 * has_low - a[..., 5]
        out[..., 6] = has_low
        return out
    c0, c1, r = len(h0), len(h1), len(runs)
    sums = kernels.PAIR_SUMS
    acc = np.zeros((c0, sums, c1), dtype=np.int32)
    m0, m1 = _masks(h0), _masks(h1)
    step = max(1, CHUNK_CELLS // max(1, c0 + c1))
    k = max(1, min(nthreads, c0 // _MIN_ROWS_PER_THREAD))
    for lo in range(0, r, step):
        part = runs[lo:lo + step]
        s0 = np.ascontiguousarray(strengths(h0, part), dtype=np.uint16)
        s1 = np.ascontiguousarray(strengths(h1, part), dtype=np.uint16)
        n_part = len(part)

        def task(t: int, cancel: Any, s0: np.ndarray = s0, s1: np.ndarray = s1,
                 n_part: int = n_part) -> int:
            return kernels.pair_tally(s0, s1, m0, m1, n_part, halves, c0 * t // k,
                                      c0 * (t + 1) // k, acc, cancel.ptr)

        got = _run.run_tasks(task, k, inline=True)
        if min(got) < 0:
            raise RuntimeError("internal error: hr_pair_tally rejected its arguments")
    return acc.transpose(0, 2, 1)


def tuple_sums(s: np.ndarray, offsets: list[int], masks: np.ndarray, weights: np.ndarray,
               mean: bool, nthreads: int = 1) -> tuple[np.ndarray, float, int]:
    """Weighted sums over every tuple of hands that share no card (hr_tuple_tally).

    `s` is (runouts, hands, 2) with every player's hands side by side
    (player p's in columns ``offsets[p]:offsets[p + 1]``), `masks` and
    `weights` per column.  Returns ((HR_TUPLE_SUMS, n) sums, the total
    weight, the (tuple, runout) deals); the sums are added per player-0
    hand and then in that order, so the result does not depend on
    `nthreads`.
    """
    n = len(offsets) - 1
    ks = kernels.TUPLE_SUMS
    c0 = offsets[1]
    rows = np.zeros((c0, ks * n + 1), dtype=np.float64)
    deals = np.zeros((max(1, nthreads), 1), dtype=np.int64)
    sc = np.ascontiguousarray(s, dtype=np.uint16)
    off = np.ascontiguousarray(offsets, dtype=np.int32)
    mk = np.ascontiguousarray(masks, dtype=np.uint64)
    wt = np.ascontiguousarray(weights, dtype=np.float64)
    k = max(1, min(nthreads, c0))

    def task(t: int, cancel: Any) -> int:
        return kernels.tuple_tally(n, sc, off, mk, wt, mean, c0 * t // k, c0 * (t + 1) // k,
                                   rows, deals[t], cancel.ptr)

    got = _run.run_tasks(task, k, inline=k == 1)
    if min(got) < 0:
        raise RuntimeError("internal error: hr_tuple_tally rejected its arguments")
    total = rows.sum(axis=0)
    return total[:ks * n].reshape(ks, n), float(total[ks * n]), int(deals.sum())
