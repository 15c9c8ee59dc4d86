"""Omaha hi-lo equity: each player's share of the pot, of its high half and of its low half.

Reached through ``handrank.equity(..., game="omaha-hilo")``.  As Omaha equity
(:mod:`handrank.equity.omaha`): exact hands of 4, 5 or 6 cards, boards built
as numpy arrays in chunks, exact enumeration or Monte Carlo (a numpy
``Generator`` seeded by `seed`); each player's (high, low) per board comes
from one :func:`handrank.evaluate_omaha_hilo_batch` call per chunk.

How a board's pot splits (:ref:`rules-low`): with a qualifying low somewhere, half
to the best high (ties split it) and half to the best low (ties split it);
with none, the whole pot to the best high.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np

from .. import games as _games
from ..core import _fallback_equity, kernels
from ..core._combinations import combinations as _combinations
from ..core.cards import card_str, cards
from ..core.errors import InvalidHandError, InvalidRangeError
from ..games.hilo import evaluate_omaha_hilo_batch
from ..games.holdem import game_tables
from ..ranges.omaha import MAX_HANDS, OmahaRange
from . import _exact_tally
from .holdem import (
    BOARD_CARDS,
    DEFAULT_TRIALS,
    TARGET_MAX_TRIALS,
    EquityResult,
    _threads,
    check_trials,
    claim_card,
    mc_seed,
    table_cards,
)
from .holdem import _prepare as _holdem_prepare
from .omaha import (
    CHUNK,
    CLASH_TUPLE_RUNOUTS,
    CLASH_TUPLES,
    EXACT_LIMIT,
    EXACT_MAX,
    _boards,
    _is_range,
    _player_range,
    _prepare,
    mc_cap,
    range_spot,
    ranges_sums,
    sample_boards,
    too_slow_in_python,
)
from .omaha import _hand as _omaha_hand

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
    :class:`handrank.ranges.omaha.OmahaRange`, its text, ``"random"``).  With
    any range the method is Monte Carlo, hands drawn jointly by weight with
    card removal (:func:`handrank.equity.omaha.sample_ranges`); `hole_cards`
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
    # the omaha hi-lo kernel takes hands of 4, 5 or 6 cards alike
    return hands_equity(_games.game("omaha-hilo"), holes, b, d, exact=exact, trials=trials,
                        target_stderr=target_stderr, seed=seed, threads=threads)


def hands_equity(g: Any, holes: list[list[int]], b: list[int], d: list[int], *,
                 exact: bool | None = None, trials: int | None = None,
                 target_stderr: float | None = None, seed: int | None = None,
                 threads: int | None = None) -> HiLoEquityResult:
    """Equity of exact hands in a game of two halves (hold'em or Omaha hi-lo), checked.

    Boards are enumerated or sampled in chunks; each player's (high, low) on
    each chunk comes from one :func:`game_strengths` call.
    """
    trials, target_stderr = check_trials(trials, target_stderr)
    nthreads = _threads(threads)
    used = set(b) | set(d) | {c for h in holes for c in h}
    deck = np.array([c for c in range(52) if c not in used], dtype=np.uint8)
    m = BOARD_CARDS - len(b)
    cost = math.comb(len(deck), m) * len(holes)
    if exact is None:
        exact = trials is None and target_stderr is None and cost <= EXACT_LIMIT
        # the hands whose rule ranks its fives one by one (Omaha) cost more in numpy
        exact = exact and not too_slow_in_python(
            cost * g.rule.picked_fives(len(holes[0]), BOARD_CARDS))
    board_ids = np.array(b, dtype=np.uint8)
    hs = [np.array(h, dtype=np.uint8) for h in holes]

    def strengths(boards: np.ndarray) -> np.ndarray:
        nb = len(boards)
        out = np.empty((len(hs), nb, 2), dtype=np.uint16)
        for p, h in enumerate(hs):
            game_strengths(g, np.ascontiguousarray(np.broadcast_to(h, (nb, len(h)))), boards,
                           nthreads, out=out[p])
        return out

    if exact:
        if trials is not None or target_stderr is not None:
            raise ValueError("trials and target_stderr apply to Monte Carlo, not exact=True")
        if cost > EXACT_MAX:
            raise ValueError(f"exact enumeration too large ({cost:.2g} evaluations, "
                             f"limit {EXACT_MAX:.0e}); use exact=False")
        idx = _combinations(len(deck), m)
        # the door's job: the C core's tuple tally of every runout, or numpy's
        # tally of the runouts chunk by chunk
        total = kernels.runouts_exact(
            lambda: _c_hands_exact(g, hs, board_ids, deck[idx], strengths, nthreads),
            board_ids, deck, idx, len(holes), lambda boards: _tally(strengths(boards)))
        return _result(total, len(idx), exact=True)
    omaha = g.rule.omaha_tables(g)
    if omaha is not None and omaha[1]:
        # the door's Omaha hi-lo job: the C core's sampler (csrc/omaha_mc.c, on
        # the 52-card deck), or numpy's over the runouts
        total, done = kernels.omaha_hands_mc(
            omaha[0], omaha[1], hs, board_ids, np.array(d, dtype=np.uint8), deck,
            mc_cap(trials, target_stderr), target_stderr, mc_seed(seed), nthreads, _hilo_sums,
            lambda boards: _tally(strengths(boards)), _stderr)
        return _result(total, done, exact=False)
    return _monte_carlo(strengths, board_ids, deck, m, trials, target_stderr, seed)


def _c_hands_exact(g: Any, hs: list[np.ndarray], board: np.ndarray, runs: np.ndarray,
                   strengths: Any, nthreads: int) -> np.ndarray:
    """The exact branch of :func:`hands_equity` on the C core: every hand's
    (high, low) on every runout, then one tuple's sums (csrc/omaha_exact.c) in
    integer units (heads-up the same bits as the numpy sums), as the six rows
    of :func:`_tally`."""
    hands = np.ascontiguousarray(np.stack(hs), dtype=np.uint8)
    kernel = _exact_tally.omaha_kernel(g)
    if kernel is not None:
        s = _exact_tally.omaha_strengths(kernel, hands, board, runs)
    else:
        s = np.empty((len(runs), len(hs), 2), dtype=np.uint16)
        for lo in range(0, len(runs), CHUNK):
            s[lo:lo + CHUNK] = strengths(_boards(board, runs[lo:lo + CHUNK])).transpose(1, 0, 2)
    n = len(hs)
    sums, _, _ = _exact_tally.tuple_sums(s, list(range(n + 1)), _masks(hands), np.ones(n),
                                         False, nthreads)
    total = np.zeros((6, n))
    total[_EQUITY], total[_HIGH], total[_LOW] = sums[0], sums[3], sums[4]
    total[_SCOOP], total[_PART] = sums[1], sums[2]
    return total


def _monte_carlo(strengths: Any, board: np.ndarray, deck: np.ndarray, m: int,
                 trials: int | None, target: float | None,
                 seed: int | None) -> HiLoEquityResult:
    total, done = sample_boards(board, deck, m, trials, target, seed,
                                lambda boards: _tally(strengths(boards)), _stderr)
    return _result(total, done, exact=False)


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

    # the C core's sampler (csrc/omaha_mc.c) or numpy's; colliding ranges enumerated
    total, done, exact = ranges_sums(g, None, True, rs, barr, m, blocked, trials, target,
                                     seed, nthreads, _hilo_sums, tally, _stderr)
    if exact:
        return HiLoEquityResult(equity=total[0], win=total[1], tie=total[2],
                                stderr=np.zeros(n), exact=True, samples=done,
                                high=total[3], low=total[4], scoop=total[1])
    return _result(total, done, exact=False)


def _hilo_sums(raw: np.ndarray) -> np.ndarray:
    """hr_omaha_mc's integer sums (csrc/omaha_mc.h) as the six rows of _tally."""
    r = raw.astype(np.float64)
    unit = 2520.0                     # HR_SHARE_UNIT: shares of a half
    return np.array([r[2] / (2 * unit), r[3] / (2 * unit) ** 2, r[4] / unit, r[5] / unit,
                     r[0], r[1]])


# ------------------------------------------------------- any game with a board
#
# The equity of any game with a board, asked of its Game only: how a hand
# forms (Game.hand), the halves (Game.halves, Game.low_rule) and the deck.
# Used for what the games' own drivers do not cover: exact equity with
# ranges, hold'em hi-lo with ranges, Omaha "random" hands too many to list
# (six-card Omaha), and the combo-by-combo matrices of handrank.analysis.

# Exact enumerations with ranges: (runouts x combos) strengths held at once,
# and (tuples x runouts x last player's combos) comparisons.
EXACT_CELLS = 20_000_000
EXACT_COMPARISONS = 600_000_000
# The C core's (csrc/omaha_exact.c): strengths are computed in passes over
# the runouts, so the limits are of time (about 2e8 strengths and 1e9 pair
# comparisons a second on one core) and of the (c0, c1) counters and
# results (about 80 bytes a pair); tuples hold every strength at once.
NUMPY_BLOCK = 1 << 18                  # (runout, pair) cells per numpy pass of exact_pairs
NUMPY_TUPLE_CELLS = 20_000_000         # hand tuples built at once by exact_equity (3+ players)
C_EXACT_CELLS = 500_000_000            # csrc/omaha.c's strengths (the Omaha games)
C_NUMPY_CELLS = 100_000_000            # the others' (runout_strengths, numpy rows)
C_EXACT_COMPARISONS = 20_000_000_000
C_EXACT_PAIRS = 10_000_000             # about 100 bytes a pair while the results are made
C_TUPLE_CELLS = 50_000_000
C_TUPLE_COMPARISONS = 5_000_000_000


def game_strengths(g: Any, hands: np.ndarray, boards: np.ndarray, nthreads: int = 1,
                   out: np.ndarray | None = None) -> np.ndarray:
    """(n, 2) uint16: each row's high and low in game `g` (low 0 = none or no low half).

    `hands` is (n, hole) and `boards` (n, 5); every card is checked by the
    evaluators (deck, duplicates).  A low-only game has its strength in
    column 1 and 0 in column 0.
    """
    n = len(hands)
    res = np.zeros((n, 2), dtype=np.uint16) if out is None else out
    if n == 0:
        return res
    # the game's rule ranks the rows: (n,) for one half, (n, 2) for two
    s = np.asarray(g.rule.evaluate_batch(g, hands, boards, None, nthreads))
    if s.ndim == 2:
        res[:] = s
    elif g.high is not None:
        res[:, 0], res[:, 1] = s, 0
    else:
        res[:, 0], res[:, 1] = 0, s
    return res


@dataclass
class Table:
    """A spot of any game with a board, checked: each player's hands and weights.

    ``hands[p]`` is (c, hole) uint8, or None for a ``"random"`` player whose
    hands are too many to list (dealt from the cards left); ``weights[p]``
    is parallel to ``hands[p]`` (None: uniform).
    """

    g: Any
    board: np.ndarray
    dead: np.ndarray
    hands: list[np.ndarray | None]
    weights: list[np.ndarray | None]
    texts: list[str]

    @property
    def n(self) -> int:
        return len(self.hands)

    def gone(self) -> np.ndarray:
        """Cards no player and no runout may hold: board, dead and off-deck cards."""
        out = np.zeros(52, dtype=bool)
        out[self.board] = True
        out[self.dead] = True
        out |= ~np.asarray(self.g.tables[0].in_deck[:52], dtype=bool) if self.g.tables \
            else False
        return out


def _is_random(p: Any) -> bool:
    return isinstance(p, str) and p.strip().lower() in ("random", "*")


def table(g: Any, players: Any, board: Any, dead: Any, *,
          listed: bool | tuple[int, ...] = False) -> Table:
    """Check a spot of `g`: hold'em ranges for two hole cards, Omaha ranges otherwise.

    With `listed` (True, or the indices of the players to list), a
    ``"random"`` player's hands are listed (raises InvalidRangeError when
    there are too many).
    """

    tables = g.tables[0]
    if g.hole_cards == 2:
        spot = _holdem_prepare(players, board, dead, game_tables(g) if g.high is not None
                               else tables)
        return Table(g, spot.board, spot.dead, list(spot.combos), list(spot.weights),
                     [str(p) for p in players])
    n, b, d = table_cards(players, board, dead)
    where: dict[int, str] = {}
    for c in b:
        claim_card(where, c, "the board", tables)
    for c in d:
        claim_card(where, c, "the dead cards", tables)
    k = g.hole_cards
    hands: list[Any] = []
    for i, p in enumerate(players):
        if _is_random(p):
            hands.append(None)
            continue
        if _is_range(p):
            r = _player_range(p, i)
        else:
            try:
                ids = _omaha_hand(p, i)
            except InvalidHandError:
                ids = cards(p)
            if len(ids) != k:
                raise InvalidHandError(f"expected {k} cards in player {i + 1}'s hand "
                                       f"({g.name}), got {len(ids)}")
            for c in ids:
                claim_card(where, c, f"player {i + 1}'s hand", tables)
            r = OmahaRange("".join(card_str(c) for c in ids))
        if r.size != k:
            raise InvalidHandError(f"expected {k}-card hands in player {i + 1}'s range "
                                   f"({g.name}), got {r.size}")
        hands.append(r)
    gone = np.zeros(52, dtype=bool)
    gone[list(where)] = True
    gone |= ~np.asarray(tables.in_deck[:52], dtype=bool)
    need = n * k + BOARD_CARDS - len(b)
    exact_cards = sum(k for r in hands if r is not None and len(r) == 1)
    left = int((~gone).sum()) + exact_cards
    if need > left:
        raise InvalidHandError(f"not enough cards: {n} players and the board need {need} "
                               f"more cards, the deck has {left} left")
    out_h, out_w = _table_hands(hands, gone, k, listed)
    return Table(g, np.array(b, dtype=np.uint8), np.array(d, dtype=np.uint8), out_h, out_w,
                 [str(p) for p in players])


def _table_hands(hands: list[Any], gone: np.ndarray, k: int, listed: bool | tuple[int, ...]
                 ) -> tuple[list[np.ndarray | None], list[np.ndarray | None]]:
    """Each player's hands and weights for :func:`table`, off the `gone` cards: a
    range's hands (weights scaled to a largest of 1), a ``"random"`` player's every
    `k`-card hand when `listed` names it (weights None), else None."""
    out_h: list[np.ndarray | None] = []
    out_w: list[np.ndarray | None] = []
    for i, r in enumerate(hands):
        if r is None:
            free = np.flatnonzero(~gone).astype(np.uint8)
            if not (listed is True or (isinstance(listed, tuple) and i in listed)):
                out_h.append(None)
                out_w.append(None)
                continue
            if math.comb(len(free), k) > MAX_HANDS:
                raise InvalidRangeError(
                    f"cannot list every {k}-card hand ({math.comb(len(free), k):,} hands, "
                    f"limit {MAX_HANDS:,}): narrow the range (equity: use exact=False)")
            out_h.append(np.ascontiguousarray(free[_combinations(len(free), k)]))
            out_w.append(None)
            continue
        h, w = r.hands, r.weights
        if len(h) != 1:
            keep = ~gone[h].any(axis=1)
            h, w = h[keep], w[keep]
        if not len(h):
            raise InvalidRangeError(f"player {i + 1}'s range has no hand left after the "
                                    "board, dead cards, deck and the other players' hands")
        if (w < 0).any() or not np.isfinite(w).all():
            raise InvalidRangeError(f"player {i + 1}'s range has a negative weight")
        out_h.append(np.ascontiguousarray(h, dtype=np.uint8))
        out_w.append(np.asarray(w, dtype=np.float64) / float(w.max()))
    return out_h, out_w


def hands_text(h: np.ndarray) -> str:
    """Omaha range text of listed hands (a union of exact hands)."""
    return ",".join("".join(card_str(int(c)) for c in row) for row in h)


def masks(h: np.ndarray) -> np.ndarray:
    """A 64-bit card mask per row of card ids."""
    return _masks(h)


def _masks(h: np.ndarray) -> np.ndarray:
    """A 64-bit card mask per row of card ids."""
    bits = np.left_shift(np.uint64(1), h.astype(np.uint64))
    return np.asarray(np.bitwise_or.reduce(bits, axis=1))


def runout_strengths(t: Table, hands: np.ndarray, runs: np.ndarray,
                     nthreads: int = 1) -> np.ndarray:
    """(runouts, hands, 2) strengths of every hand on every runout; high 0 where they clash."""
    r, c = len(runs), len(hands)
    boards = _boards(t.board, runs)
    clash = (_masks(runs)[:, None] & _masks(hands)[None, :]) != 0 if r and c else \
        np.zeros((r, c), dtype=bool)
    rows = np.flatnonzero(~clash.ravel())
    out = np.zeros((r * c, 2), dtype=np.uint16)
    if len(rows):
        hs = np.ascontiguousarray(hands[rows % c])
        bs = np.ascontiguousarray(boards[rows // c])
        out[rows] = game_strengths(t.g, hs, bs, nthreads)
        if t.g.high is None:
            out[rows, 0] = 1           # low-only: every dealt hand has the same "high"
    return out.reshape(r, c, 2)


def _runouts(t: Table, extra: np.ndarray | None = None) -> np.ndarray:
    gone = t.gone()
    if extra is not None:
        gone[extra] = True
    left = np.flatnonzero(~gone).astype(np.uint8)
    m = BOARD_CARDS - len(t.board)
    return np.ascontiguousarray(left[_combinations(len(left), m)])


def exact_pairs(t: Table, nthreads: int = 1, too_large: Any = None) -> dict[str, np.ndarray]:
    """Heads-up, every hand of player 0 against every hand of player 1, exactly.

    Returns arrays of shape (c0, c1): player 0's ``equity`` (pot share),
    ``win`` (the whole pot), ``tie`` (a part of it), ``high`` and ``low``
    (half shares) and ``has_low`` (runouts with a qualifying low), each the
    mean over the runouts both hands can be dealt with; ``dealt`` False (and
    NaN values) where the two hands share a card.  `too_large(detail)` makes
    the error of a job above EXACT_CELLS / EXACT_COMPARISONS.
    """
    h0, h1 = t.hands
    assert h0 is not None and h1 is not None
    fixed = [h[0] for h in (h0, h1) if len(h) == 1]
    runs = _runouts(t, np.concatenate(fixed) if fixed else None)
    r = len(runs)

    def numpy_strengths() -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        if r * (len(h0) + len(h1)) > EXACT_CELLS or r * len(h0) * len(h1) > EXACT_COMPARISONS:
            detail = f"{len(h0):,} x {len(h1):,} hands on {r:,} runouts"
            if too_large is not None:
                raise too_large(detail)
            raise ValueError(f"exact {_label(t.g)} equity with ranges is not supported yet at "
                             f"this size ({detail}); use exact=False or narrower ranges")
        return (runout_strengths(t, h0, runs, nthreads), runout_strengths(t, h1, runs, nthreads),
                _masks(h0), _masks(h1))

    # the door's job: the C core's pair tally (the caller's driver), or numpy's
    # blocks of hands over the runouts
    return kernels.exact_pairs(lambda: _c_pairs(t, h0, h1, runs, nthreads, too_large),
                               numpy_strengths, NUMPY_BLOCK)


def pair_limits(g: Any) -> tuple[float, float]:
    """The largest (strengths, comparisons) of :func:`exact_pairs` in game `g` on this backend."""
    return kernels.on_backend(c=(_cells_limit(g), C_EXACT_COMPARISONS),
                              python=(EXACT_CELLS, EXACT_COMPARISONS))


def _cells_limit(g: Any) -> int:
    return C_EXACT_CELLS if _exact_tally.omaha_kernel(g) is not None else C_NUMPY_CELLS


def _c_strengths(t: Table, nthreads: int) -> Any:
    """(hands, runs) -> (runouts, hands, 2) strengths: csrc/omaha.c for the Omaha
    games it ranks, else :func:`runout_strengths`."""
    kernel = _exact_tally.omaha_kernel(t.g)
    if kernel is not None:
        return lambda hands, runs: _exact_tally.omaha_strengths(kernel, hands, t.board, runs)
    return lambda hands, runs: runout_strengths(t, hands, runs, nthreads)


def _c_pairs(t: Table, h0: np.ndarray, h1: np.ndarray, runs: np.ndarray, nthreads: int,
             too_large: Any) -> dict[str, np.ndarray]:
    """:func:`exact_pairs` on the C core (csrc/omaha_exact.c): integer counts per
    pair, divided as the numpy code divides its exact sums (the same bits)."""
    r, c0, c1 = len(runs), len(h0), len(h1)
    if r * (c0 + c1) > _cells_limit(t.g) or r * c0 * c1 > C_EXACT_COMPARISONS \
            or c0 * c1 > C_EXACT_PAIRS:
        detail = f"{c0:,} x {c1:,} hands on {r:,} runouts"
        if c0 * c1 > C_EXACT_PAIRS:
            detail += f", more than {C_EXACT_PAIRS:.0e} hand pairs"
        if too_large is not None:
            raise too_large(detail)
        raise ValueError(f"exact {_label(t.g)} equity with ranges is not supported yet at "
                         f"this size ({detail}); use exact=False or narrower ranges")
    acc = _exact_tally.pair_counts(_c_strengths(t, nthreads), h0, h1, runs,
                                   2 if "low" in t.g.halves else 1, nthreads)
    cnt = acc[..., 0]
    apart = (_masks(h0)[:, None] & _masks(h1)[None, :]) == 0
    good = apart & (cnt > 0)
    c = np.maximum(cnt, 1)
    out: dict[str, np.ndarray] = {}
    for key, col, unit in (("equity", 1, 4.0), ("win", 2, 0.0), ("tie", 3, 0.0),
                           ("high", 4, 2.0), ("low", 5, 2.0), ("has_low", 6, 0.0)):
        v = acc[..., col] / unit if unit else acc[..., col]
        out[key] = np.where(good, v / c, np.nan)
    out["dealt"] = good
    return out


def pair_mean(x: np.ndarray, w0: np.ndarray, w1: np.ndarray, dealt: np.ndarray
              ) -> tuple[np.ndarray, float]:
    """Per row of (c0, c1) `x`: its mean over the columns dealt, weighted by `w1`;
    and the mean of every dealt pair weighted by ``w0 * w1`` (NaN rows: none dealt)."""
    wm = dealt * w1[None, :]
    num = np.where(dealt, x, 0.0) @ w1
    den = wm.sum(axis=1)
    with np.errstate(invalid="ignore", divide="ignore"):
        rows = np.where(den > 0, num / np.where(den > 0, den, 1), np.nan)
    tot = float(w0 @ den)
    return rows, (float(w0 @ num) / tot if tot > 0 else math.nan)


def _heads_up(t: Table, nthreads: int) -> EquityResult:
    p = exact_pairs(t, nthreads)
    w0, w1, dealt = _weights(t, 0), _weights(t, 1), p["dealt"]
    if not dealt.any():
        raise InvalidRangeError("the players' ranges always clash: no deal is possible")
    m = {k: pair_mean(p[k], w0, w1, dealt)[1] for k in
         ("equity", "win", "tie", "high", "low", "has_low")}
    lose = 1.0 - m["win"] - m["tie"]
    res = dict(equity=np.array([m["equity"], 1.0 - m["equity"]]),
               win=np.array([m["win"], lose]), tie=np.array([m["tie"], m["tie"]]),
               high=np.array([m["high"], 1.0 - m["high"]]),
               low=np.array([m["low"], m["has_low"] - m["low"]]),
               scoop=np.array([m["win"], lose]))
    fixed = [h[0] for h in t.hands if h is not None and len(h) == 1]
    runs = len(_runouts(t, np.concatenate(fixed) if fixed else None))
    left = int((~t.gone()).sum()) - 2 * t.g.hole_cards
    per = math.comb(left, BOARD_CARDS - len(t.board))
    del runs
    return _typed(t, res, int(dealt.sum()) * per)


def _label(g: Any) -> str:
    """How the errors name the game: by its hand rule for the Omaha games."""
    return str(g.rule.label(g))


def weights_of(t: Table, p: int) -> np.ndarray:
    """Player `p`'s hand weights (ones when uniform)."""
    return _weights(t, p)


def _weights(t: Table, p: int) -> np.ndarray:
    w, h = t.weights[p], t.hands[p]
    assert h is not None
    return np.ones(len(h)) if w is None else w


def exact_equity(t: Table, nthreads: int = 1) -> EquityResult:
    """Exact equity of a spot with ranges (any number of players), weighted by hand."""
    n = t.n
    if any(h is None for h in t.hands):
        raise RuntimeError("internal error: exact_equity needs listed hands")
    hands = [h for h in t.hands if h is not None]
    if n == 2:
        return _heads_up(t, nthreads)
    # every tuple of hands that fit, as arrays, on every runout (no loop per tuple)
    fixed = [h[0] for h in hands if len(h) == 1]
    runs = _runouts(t, np.concatenate(fixed) if fixed else None)
    r = len(runs)

    def numpy_strengths() -> tuple[list[np.ndarray], list[np.ndarray], np.ndarray]:
        tuples = math.prod(len(h) for h in hands[:-1])
        if r * sum(len(h) for h in hands) > EXACT_CELLS or \
                tuples * r * len(hands[-1]) > EXACT_COMPARISONS:
            raise ValueError(f"exact {_label(t.g)} equity with ranges is not supported yet at "
                             f"this size ({tuples * len(hands[-1]):,} hand tuples on {r:,} "
                             "runouts); use exact=False or narrower ranges")
        # every hand's strengths on every runout, the players' hands side by side
        s = np.concatenate([runout_strengths(t, h, runs, nthreads) for h in hands], axis=1)
        return hands, [_weights(t, p) for p in range(n)], s

    # the door's job: the C core's tuple tally in integer units (the caller's
    # driver), or numpy's blocks of fitting tuples over the runouts
    sums, total_w, deals = kernels.exact_tuples(
        lambda: _c_tuple_sums(t, hands, runs, nthreads), numpy_strengths, NUMPY_BLOCK,
        NUMPY_TUPLE_CELLS)
    if total_w <= 0:
        raise InvalidRangeError("the players' ranges always clash: no deal is possible")
    sums = sums / total_w
    res = dict(equity=sums[0], win=sums[1], tie=sums[2], high=sums[3], low=sums[4],
               scoop=sums[1])
    return _typed(t, res, deals)


def _c_tuple_sums(t: Table, hands: list[np.ndarray], runs: np.ndarray,
                  nthreads: int) -> tuple[np.ndarray, float, int]:
    """The sums of :func:`exact_equity` of three or more players on the C core
    (csrc/omaha_exact.c): (the (5, n) weighted sums, the total weight, the
    deals), summed in integer units per tuple (so they may differ from numpy's
    float sums in the last bits)."""
    r = len(runs)
    cols = sum(len(h) for h in hands)
    tuples = math.prod(len(h) for h in hands)
    if r * cols > C_TUPLE_CELLS or tuples * r > C_TUPLE_COMPARISONS:
        raise ValueError(f"exact {_label(t.g)} equity with ranges is not supported yet at "
                         f"this size ({tuples:,} hand tuples on {r:,} runouts); use "
                         "exact=False or narrower ranges")
    every = np.concatenate(hands)
    s = _c_strengths(t, nthreads)(every, runs)
    offsets = [0]
    for h in hands:
        offsets.append(offsets[-1] + len(h))
    weights = np.concatenate([_weights(t, p) for p in range(t.n)])
    sums, total_w, deals = _exact_tally.tuple_sums(s, offsets, _masks(every), weights,
                                                   True, nthreads)
    return sums, total_w, deals


def _typed(t: Table, res: dict[str, np.ndarray], deals: int) -> EquityResult:
    n = t.n
    if t.g.split:
        return HiLoEquityResult(equity=res["equity"], win=res["win"], tie=res["tie"],
                                stderr=np.zeros(n), exact=True, samples=deals,
                                high=res["high"], low=res["low"], scoop=res["scoop"])
    return EquityResult(equity=res["equity"], win=res["win"], tie=res["tie"],
                        stderr=np.zeros(n), exact=True, samples=deals)


def monte_carlo(t: Table, trials: int | None, target: float | None, seed: int | None,
                nthreads: int = 1) -> EquityResult:
    """Monte Carlo over a spot with ranges, any game with a board.

    Each trial draws one hand for every listed player by weight and keeps
    the trial when no card is used twice (the joint distribution of the
    hands given that they fit together); the ``"random"`` players and the
    board are then dealt together from the cards left, uniformly (an
    unlisted random hand never causes a rejection).  The loop is bounded as
    :func:`handrank.equity.omaha.sample_ranges`'s
    (``core._fallback_equity.table_mc``).
    """
    total, done = _fallback_equity.table_mc(*_table_mc_args(t, trials, target, seed, nthreads))
    return _mc_result(t, total, done)


def _table_mc_args(t: Table, trials: int | None, target: float | None, seed: int | None,
                   nthreads: int) -> tuple[Any, ...]:
    """The arguments of ``core._fallback_equity.table_mc`` for `t`."""
    hands = list(t.hands)
    weights = [_weights(t, p) if hands[p] is not None else np.ones(0) for p in range(t.n)]

    def strengths(hs: list[np.ndarray], boards: np.ndarray) -> np.ndarray:
        return np.stack([game_strengths(t.g, h, boards, nthreads) for h in hs])

    cap = trials if trials is not None else (TARGET_MAX_TRIALS if target else DEFAULT_TRIALS)
    return (hands, weights, t.board, t.gone(), t.g.hole_cards, cap, target, mc_seed(seed),
            strengths, _tally, _stderr)


def _mc_result(t: Table, total: np.ndarray, done: int) -> EquityResult:
    r = _result(total, done, exact=False)
    if t.g.split:
        return r
    return EquityResult(equity=r.equity, win=r.win, tie=r.tie, stderr=r.stderr, exact=False,
                        samples=r.samples)


def game_equity(g: Any, players: Any, board: Any = "", dead: Any = "", *,
                exact: bool | None = None, trials: int | None = None,
                target_stderr: float | None = None, seed: int | None = None,
                threads: int | None = None) -> EquityResult:
    """Equity of any game with a board, with exact hands or ranges (see :func:`table`).

    ``exact=None`` enumerates when the enumeration is small (as the games'
    own drivers choose), else Monte Carlo.
    """
    trials, target_stderr = check_trials(trials, target_stderr)
    nthreads = _threads(threads)
    if exact and (trials is not None or target_stderr is not None):
        raise ValueError("trials and target_stderr apply to Monte Carlo, not exact=True")
    if exact is None and trials is None and target_stderr is None:
        try:
            t = table(g, players, board, dead, listed=True)
            est = _exact_cost(t)
        except ValueError as err:
            if "cannot list" not in str(err):
                raise
            est = math.inf
        exact = est <= EXACT_LIMIT
        if exact:
            return exact_equity(t, nthreads)
    if exact:
        try:
            t = table(g, players, board, dead, listed=True)
        except InvalidRangeError as err:
            river = _river_classes(g, players, board, dead, err)
            if river is None:
                raise
            grouped, deals = river
            return replace(exact_equity(grouped, nthreads), samples=deals)
        return exact_equity(t, nthreads)
    t = table(g, players, board, dead)
    try:
        # the door's job: the C core's Omaha sampler where it plays the game,
        # or numpy's any-game sampler
        total, done = kernels.ranges_mc(
            _c_game(t), lambda: _c_sample_args(t, trials, target_stderr, seed, nthreads),
            lambda: _table_mc_args(t, trials, target_stderr, seed, nthreads))
        return _mc_result(t, total, done)
    except InvalidRangeError as err:
        return _clash_table(err, g, players, board, dead, nthreads)


def _river_classes(g: Any, players: Any, board: Any, dead: Any,
                   err: InvalidRangeError) -> tuple[Table, int] | None:
    """The spot of one ``"random"`` player too many to list, on the river, beside exact hands.

    With the board complete each of the random player's hands meets one
    deal, so its result depends only on its (high, low) strength: the hands
    are evaluated through their pairs of hole cards (every pair of the cards
    left, each with its best three of the board, once; a hand's strength is
    the best of its pairs) and stand as one hand per strength, weighted by
    how many hands have it.  Returns that spot and the number of deals (the
    random player's hands); None when the spot is another (then `err`).
    """
    # each hand ranks as the best of its pairs of hole cards with three of the board
    if "cannot list" not in str(err) or g.rule.hole_used != 2:
        return None
    t = table(g, players, board, dead)
    randoms = [i for i, h in enumerate(t.hands) if h is None]
    if len(t.board) != BOARD_CARDS or len(randoms) != 1 \
            or any(h is not None and len(h) != 1 for h in t.hands):
        return None
    gone = t.gone()
    for h in t.hands:
        if h is not None:
            gone[h[0]] = True
    free = np.flatnonzero(~gone).astype(np.uint8)
    k = g.hole_cards
    pairs = _combinations(len(free), 2)                       # (P, 2) indices into free
    triples = t.board[_combinations(BOARD_CARDS, 3)]                  # (10, 3)
    five = np.concatenate([np.repeat(free[pairs], len(triples), axis=0),
                           np.tile(triples, (len(pairs), 1))], axis=1)
    s = game_strengths(replace(g, hand="any"), np.ascontiguousarray(five[:, :2]),
                       np.ascontiguousarray(five[:, 2:])).astype(np.int64)
    # each half the best of its own: a high and a low may come from different cards
    high_p = s[:, 0].reshape(len(pairs), len(triples)).max(axis=1)
    low_p = s[:, 1].reshape(len(pairs), len(triples)).max(axis=1)
    m = len(free)
    high_t = np.zeros((m, m), dtype=np.uint16)
    low_t = np.zeros((m, m), dtype=np.uint16)
    high_t[pairs[:, 0], pairs[:, 1]] = high_p
    low_t[pairs[:, 0], pairs[:, 1]] = low_p
    counts: dict[int, int] = {}
    first: dict[int, np.ndarray] = {}
    for a_ in range(m - k + 1):               # the hands whose lowest card is free[a_]
        # the hands grow a card at a time, each row's best pair kept as it grows
        rows = np.arange(a_ + 1, m - k + 2, dtype=np.intp)[:, None]
        hi_s, lo_s = high_t[a_, rows[:, 0]], low_t[a_, rows[:, 0]]
        for j in range(1, k - 1):
            last = rows[:, -1]
            n_new = np.maximum(m - (k - 2 - j) - (last + 1), 0)
            rep = np.repeat(np.arange(len(rows)), n_new)
            new = np.repeat(last + 1, n_new) + (np.arange(int(n_new.sum()))
                                                - np.repeat(np.cumsum(n_new) - n_new, n_new))
            rows = rows[rep]
            hi_s = np.maximum(hi_s[rep], high_t[a_, new])
            lo_s = np.maximum(lo_s[rep], low_t[a_, new])
            for i in range(j):
                np.maximum(hi_s, high_t[rows[:, i], new], out=hi_s)
                np.maximum(lo_s, low_t[rows[:, i], new], out=lo_s)
            rows = np.concatenate([rows, new[:, None]], axis=1)
        key = (hi_s.astype(np.int64) << 16) | lo_s
        keys, where, n = np.unique(key, return_index=True, return_counts=True)
        for key_, w_, n_ in zip(keys.tolist(), where.tolist(), n.tolist()):
            if key_ not in counts:
                counts[key_] = 0
                first[key_] = free[np.concatenate([[a_], rows[w_]])]
            counts[key_] += n_
    order = sorted(counts)
    hands = list(t.hands)
    weights = list(t.weights)
    hands[randoms[0]] = np.ascontiguousarray(np.stack([first[x] for x in order]),
                                             dtype=np.uint8)
    w = np.array([counts[x] for x in order], dtype=np.float64)
    weights[randoms[0]] = w / w.max()
    return Table(g, t.board, t.dead, hands, weights, t.texts), int(w.sum())


def _clash_table(err: InvalidRangeError, g: Any, players: Any, board: Any, dead: Any,
                 nthreads: int) -> EquityResult:
    """Exact equity of ranges the sampler found to collide (as
    :func:`handrank.equity.omaha.clash_exact`): every hand tuple that fits
    together, when they can be listed and the enumeration is small enough;
    else, or when none fits, `err`."""
    try:
        t = table(g, players, board, dead, listed=True)
    except InvalidRangeError:
        raise err from None
    tuples = math.prod(len(h) for h in t.hands if h is not None)
    if tuples > CLASH_TUPLES or _exact_cost(t) > CLASH_TUPLE_RUNOUTS:
        raise err
    try:
        return exact_equity(t, nthreads)
    except (InvalidRangeError, ValueError):
        raise err from None


def _c_game(t: Table) -> bool:
    """Whether the C core's Omaha sampler plays this spot's game (csrc/omaha_mc.c)."""
    g = t.g
    omaha = g.rule.omaha_tables(g)
    return omaha is not None and (not omaha[1] or g.deck == tuple(range(52)))


def _c_sample_args(t: Table, trials: int | None, target: float | None, seed: int | None,
                   nthreads: int) -> tuple[Any, ...]:
    """The arguments of :func:`handrank.core.kernels.omaha_sample` for `t`: the
    same joint distribution as :func:`monte_carlo` ("random" players dealt from
    the cards left, listed hands drawn by weight, a clashing trial rejected
    whole), seeded streams as hold'em's."""
    k = t.g.hole_cards
    players: list[tuple[np.ndarray, np.ndarray | None]] = []
    for p in range(t.n):
        h, w = t.hands[p], t.weights[p]
        if h is None:
            players.append((np.zeros((0, k), dtype=np.uint8), None))
        else:
            uniform = w is None or bool((w == w[0]).all())
            players.append((np.ascontiguousarray(h, dtype=np.uint8), None if uniform else w))
    convert = _hilo_sums if t.g.split else _high_rows
    return (t.g.tables[0], bool(t.g.split), players, t.board, t.dead, mc_cap(trials, target),
            target, mc_seed(seed), nthreads, convert, _stderr)


def _high_rows(raw: np.ndarray) -> np.ndarray:
    """hr_omaha_mc's high-only sums as the six rows of _tally (no low half)."""
    r = raw.astype(np.float64)
    unit = 2520.0                     # HR_SHARE_UNIT
    share = r[2] / unit
    return np.array([share, r[3] / unit ** 2, share, np.zeros_like(share), r[0], r[1]])


def _exact_cost(t: Table) -> float:
    """(hand tuples x runouts) of an exact enumeration of `t`."""
    hands = [h for h in t.hands if h is not None]
    fixed = sum(len(h[0]) for h in hands if len(h) == 1)
    left = int((~t.gone()).sum()) - fixed
    runs = math.comb(max(left, 0), BOARD_CARDS - len(t.board))
    return float(math.prod(len(h) for h in hands)) * runs
