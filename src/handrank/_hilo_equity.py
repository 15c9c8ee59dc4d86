"""Omaha hi-lo equity: each player's share of the pot, of its high half and of its low half.

Reached through ``handrank.equity(..., game="omaha-hilo")``.  As Omaha equity
(:mod:`handrank._omaha_equity`): exact hands of 4, 5 or 6 cards, boards built
as numpy arrays in chunks, exact enumeration or Monte Carlo (a numpy
``Generator`` seeded by `seed`); each player's (high, low) per board comes
from one :func:`handrank.evaluate_omaha_hilo_batch` call per chunk.

How a board's pot splits (:ref:`rules-low`): with a qualifying low somewhere, half
to the best high (ties split it) and half to the best low (ties split it);
with none, the whole pot to the best high.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from . import _backend
from ._omaha_equity import (
    CHUNK,
    EXACT_LIMIT,
    EXACT_MAX,
    _boards,
    _combinations,
    _is_range,
    _prepare,
    c_players,
    c_sample,
    dead_cards,
    python_too_slow,
    range_spot,
    sample_boards,
    sample_ranges,
)
from .equity import (
    BOARD_CARDS,
    EquityResult,
    _threads,
    check_trials,
)
from .evaluate import game_tables
from .hilo import evaluate_omaha_hilo_batch

__all__ = ["HiLoEquityResult", "equity"]

# Sums kept per player: pot shares, their squares, high-half shares,
# low-half shares, scoops, boards with a share short of the whole pot.
_EQUITY, _SQUARES, _HIGH, _LOW, _SCOOP, _PART = range(6)


@dataclass(frozen=True, repr=False)      # EquityResult's table, with the halves
class HiLoEquityResult(EquityResult):
    """The result of ``equity(..., game="omaha-hilo")``: :class:`EquityResult` plus the halves.

    Attributes
    ----------
    equity : ndarray of float64
        Each player's expected share of the pot; sums to 1.
    high : ndarray of float64
        Each player's expected share of the high half; sums to 1.
    low : ndarray of float64
        Each player's expected share of the low half, counted only when a
        qualifying low exists; sums to the probability that one does.  (With
        no low the low half goes to the high hand, so ``equity = (high + low
        + high share on boards without a low) / 2``.)
    scoop : ndarray of float64
        Probability of winning the whole pot alone.
    win : ndarray of float64
        The same as `scoop` (the whole pot, alone).
    tie : ndarray of float64
        Probability of a part of the pot but not all of it.
    stderr : ndarray of float64
        Standard error of each equity; zeros when exact.
    """

    # Defaults only because EquityResult's last field has one; always given.
    high: np.ndarray = field(default_factory=lambda: np.zeros(0))
    low: np.ndarray = field(default_factory=lambda: np.zeros(0))
    scoop: np.ndarray = field(default_factory=lambda: np.zeros(0))

    def _more_columns(self) -> list[tuple[str, np.ndarray]]:
        return [("high", self.high), ("low", self.low), ("scoop", self.scoop)]

    def rows(self) -> list[dict[str, Any]]:
        """One dict per player: as :meth:`EquityResult.rows`, plus high, low and scoop."""
        out = super().rows()
        for row, h, lo, sc in zip(out, self.high, self.low, self.scoop):
            row.update(high=float(h), low=float(lo), scoop=float(sc))
        return out


def equity(players: Any, board: Any = "", dead: Any = "", *, exact: bool | None = None,
           trials: int | None = None, target_stderr: float | None = None,
           seed: int | None = None, threads: int | None = None,
           variant: Any = None, hole_cards: int | None = None) -> HiLoEquityResult:
    """Omaha hi-lo equity; see :func:`handrank.equity` for the parameters.

    Players are exact hands or Omaha ranges (as in Omaha equity: an
    :class:`handrank.omaha_ranges.OmahaRange`, its text, ``"random"``).  With
    any range the method is Monte Carlo, hands drawn jointly by weight with
    card removal (:func:`handrank._omaha_equity.sample_ranges`); `hole_cards`
    is what ``"random"`` deals (None: the other players' size, else 4).

    Examples
    --------
    >>> r = equity(["As 2s Kd Qd", "Ah 2h Jc Tc"], board="4c 5d Kh 8s 9s")   # quartered
    >>> r.equity.tolist(), r.high.tolist(), r.low.tolist(), r.scoop.tolist()
    ([0.75, 0.25], [1.0, 0.0], [0.5, 0.5], [0.0, 0.0])
    """
    if variant is not None and game_tables(variant) is not game_tables(None):
        raise ValueError("omaha-hilo is played with the 52-card deck; variant= does not apply")
    g = game_tables(None)
    if not isinstance(players, (str, bytes)) and hasattr(players, "__len__") \
            and any(_is_range(p) for p in players):
        return _range_equity(g, players, board, dead, exact, trials, target_stderr, seed,
                             _threads(threads), hole_cards)
    holes, b, d = _prepare(players, board, dead, g)
    trials, target_stderr = check_trials(trials, target_stderr)
    nthreads = _threads(threads)
    used = set(b) | set(d) | {c for h in holes for c in h}
    deck = np.array([c for c in range(52) if c not in used], dtype=np.uint8)
    m = BOARD_CARDS - len(b)
    cost = math.comb(len(deck), m) * len(holes)
    if exact is None:
        exact = trials is None and target_stderr is None and cost <= EXACT_LIMIT
        exact = exact and not python_too_slow(cost, len(holes[0]))
    board_ids = np.array(b, dtype=np.uint8)
    if exact:
        if trials is not None or target_stderr is not None:
            raise ValueError("trials and target_stderr apply to Monte Carlo, not exact=True")
        if cost > EXACT_MAX:
            raise ValueError(f"exact enumeration too large ({cost:.2g} evaluations, "
                             f"limit {EXACT_MAX:.0e}); use exact=False")
        idx = _combinations(len(deck), m)
        total = np.zeros((6, len(holes)))
        for lo in range(0, len(idx), CHUNK):
            boards = _boards(board_ids, deck[idx[lo:lo + CHUNK]])
            total += _tally(_strengths(holes, boards, nthreads))
        return _result(total, len(idx), exact=True)
    return _monte_carlo(holes, board_ids, deck, m, trials, target_stderr, seed, nthreads)


def _strengths(holes: list[list[int]], boards: np.ndarray, nthreads: int) -> np.ndarray:
    """(players, boards, 2): each player's high and low on each board."""
    nb = len(boards)
    out = np.empty((len(holes), nb, 2), dtype=np.uint16)
    for p, h in enumerate(holes):
        hs = np.broadcast_to(np.array(h, dtype=np.uint8), (nb, len(h)))
        evaluate_omaha_hilo_batch(hs, boards, out=out[p], threads=nthreads)
    return out


def _tally(s: np.ndarray) -> np.ndarray:
    """The six per-player sums (see _EQUITY ...) over the boards of (players, boards, 2)."""
    high, low = s[:, :, 0], s[:, :, 1]
    high_top = high == high.max(axis=0)
    high_share = high_top / high_top.sum(axis=0)
    best_low = low.max(axis=0)
    has_low = best_low > 0
    low_top = (low == best_low) & has_low
    low_share = low_top / np.maximum(low_top.sum(axis=0), 1)
    share = np.where(has_low, (high_share + low_share) / 2, high_share)
    return np.array([share.sum(axis=1), (share * share).sum(axis=1), high_share.sum(axis=1),
                     low_share.sum(axis=1), (share == 1).sum(axis=1),
                     ((share > 0) & (share < 1)).sum(axis=1)])


def _result(total: np.ndarray, boards: int, exact: bool) -> HiLoEquityResult:
    n = total.shape[1]
    scoop = total[_SCOOP] / boards
    return HiLoEquityResult(
        equity=total[_EQUITY] / boards, win=scoop, tie=total[_PART] / boards,
        stderr=np.zeros(n) if exact else _stderr(total, boards), exact=exact,
        samples=boards, high=total[_HIGH] / boards, low=total[_LOW] / boards, scoop=scoop)


def _stderr(total: np.ndarray, acc: int) -> np.ndarray:
    if acc < 2:
        return np.full(total.shape[1], np.inf)
    mean = total[_EQUITY] / acc
    var = np.maximum(total[_SQUARES] / acc - mean * mean, 0.0) * acc / (acc - 1)
    stderr: np.ndarray = np.sqrt(var / acc)
    return stderr


def _monte_carlo(holes: list[list[int]], board: np.ndarray, deck: np.ndarray, m: int,
                 trials: int | None, target: float | None, seed: int | None,
                 nthreads: int) -> HiLoEquityResult:
    if _backend.core is not None:        # the C core's sampler (csrc/omaha_mc.c)
        used = set(board.tolist()) | set(deck.tolist())
        dead = np.array([c for c in range(52) if c not in used
                         and all(c not in h for h in holes)], dtype=np.uint8)
        total, done = c_sample(game_tables(None), True,
                               [(np.array([h], dtype=np.uint8), None) for h in holes],
                               board, dead, trials, target, seed, nthreads, _hilo_sums, _stderr)
        return _result(total, done, exact=False)
    total, done = sample_boards(
        board, deck, m, trials, target, seed,
        lambda boards: _tally(_strengths(holes, boards, nthreads)), _stderr)
    return _result(total, done, exact=False)


def _range_equity(g: Any, players: Any, board: Any, dead: Any, exact: bool | None,
                  trials: int | None, target: float | None, seed: int | None,
                  nthreads: int, hole_cards: int | None) -> HiLoEquityResult:
    n, rs, barr, m, blocked, trials, target = range_spot(
        hole_cards, g, players, board, dead, exact, trials, target)

    def tally(hs: list[np.ndarray], boards: np.ndarray) -> np.ndarray:
        s = np.empty((n, len(boards), 2), dtype=np.uint16)
        for p, h in enumerate(hs):
            evaluate_omaha_hilo_batch(h, boards, out=s[p], threads=nthreads)
        return _tally(s)

    if _backend.core is not None:        # the C core's sampler (csrc/omaha_mc.c)
        total, done = c_sample(g, True, c_players(rs, int((~blocked).sum())), barr,
                               dead_cards(blocked, barr, g), trials, target, seed, nthreads,
                               _hilo_sums, _stderr)
        return _result(total, done, exact=False)
    total, done = sample_ranges(rs, barr, m, blocked, trials, target, seed, tally, _stderr)
    return _result(total, done, exact=False)


def _hilo_sums(raw: np.ndarray) -> np.ndarray:
    """hr_omaha_mc's integer sums (csrc/omaha_mc.h) as the six rows of _tally."""
    r = raw.astype(np.float64)
    unit = 2520.0                     # HR_SHARE_UNIT: shares of a half
    return np.array([r[2] / (2 * unit), r[3] / (2 * unit) ** 2, r[4] / unit, r[5] / unit,
                     r[0], r[1]])
