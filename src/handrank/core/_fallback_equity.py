"""The pure-Python backend of the equity jobs of :mod:`handrank.core.kernels`, with numpy.

A job whose C driver and numpy algorithm differ (not one C entry point and its
twin) runs here without the C core: the door's job function chooses, the
caller sees one function.  The hands are ranked by an `evaluate` the door
hands in (its own batch evaluator, with the fallback behind it), so nothing
here knows the backend.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from ._combinations import combinations

#: Boards per call of the Omaha batch evaluator.
CHUNK = 1 << 16

#: ``evaluate(holes (rows, h), boards (rows, 5), out (rows,))``: the strengths into `out`.
Evaluate = Callable[[np.ndarray, np.ndarray, np.ndarray], None]


def boards_of(board: np.ndarray, rest: np.ndarray) -> np.ndarray:
    """`board` followed by each row of `rest`: (rows, 5) uint8."""
    return np.ascontiguousarray(
        np.concatenate([np.broadcast_to(board, (len(rest), len(board))), rest], axis=1),
        dtype=np.uint8)


def tally(s: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Per player of (players, boards) strengths: boards won alone, boards tied,
    sum of pot shares, sum of their squares."""
    top = s == s.max(axis=0)
    count = top.sum(axis=0)
    share = top / count
    return ((top & (count == 1)).sum(axis=1), (top & (count > 1)).sum(axis=1),
            share.sum(axis=1), (share * share).sum(axis=1))


def strengths(evaluate: Evaluate, holes: list[list[int]], boards: np.ndarray) -> np.ndarray:
    """(players, boards) strengths, one `evaluate` call per player."""
    nb = len(boards)
    out = np.empty((len(holes), nb), dtype=np.uint16)
    for p, h in enumerate(holes):
        hs = np.ascontiguousarray(np.broadcast_to(np.array(h, dtype=np.uint8), (nb, len(h))))
        evaluate(hs, boards, out[p])
    return out


def omaha_exact(evaluate: Evaluate, holes: list[list[int]], board: np.ndarray,
                deck: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, int]:
    """Exact equity of exact Omaha hands: every completion of `board` from `deck`,
    ``CHUNK`` boards at a time.  (win, tie, equity, boards), as kernels.omaha_exact."""
    n = len(holes)
    idx = combinations(len(deck), 5 - len(board))
    total = np.zeros((4, n))
    for lo in range(0, len(idx), CHUNK):
        boards = boards_of(board, deck[idx[lo:lo + CHUNK]])
        total += np.array(tally(strengths(evaluate, holes, boards)))
    nb = len(idx)
    return total[0] / nb, total[1] / nb, total[2] / nb, nb
