"""Omaha equity: exact hands of 4, 5 or 6 cards, each playing two hole cards.

Reached through ``handrank.equity(..., game="omaha")``.  Both methods are
vectorised over boards: the boards (every completion of the given board, or
random ones) are built as numpy arrays in chunks of ``CHUNK`` rows and each
player's strengths come from one :func:`handrank.evaluate_omaha_batch` call
per chunk.

Choosing the method (``exact=None``): exact when the number of (board,
player) evaluations is at most ``EXACT_LIMIT`` (20 million, about two seconds
on one core, which covers heads-up preflop), otherwise Monte Carlo with
``DEFAULT_TRIALS`` trials.  ``exact=True`` refuses more than ``EXACT_MAX``.

Monte Carlo draws each trial's missing board cards uniformly from the cards
left with a numpy ``Generator`` seeded by `seed`, so the same seed gives the
same result whatever `threads` is.

On the C backend both methods run in C instead (csrc/omaha_mc.c, the numpy
code above stays the Python backend's): exact enumeration by each hand's
best per board triple (:func:`_c_exact`), Monte Carlo with hands, ranges and
``"random"`` by :func:`c_sample` (the same joint distribution as
:func:`sample_ranges`; seeded streams of ``MC_STREAM_TRIALS`` trials as in
hold'em, so the same seed gives the same result whatever `threads` is).
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from ..core import _fallback_equity, kernels
from ..core._combinations import combinations as _combinations
from ..core._validate import quote
from ..core.cards import card_str, cards
from ..core.errors import InvalidCardError, InvalidHandError, InvalidRangeError
from ..games.hilo import evaluate_omaha_hilo_batch
from ..games.holdem import game_tables
from ..games.omaha import evaluate_omaha_batch
from ..ranges.holdem import Range, parse_player
from ..ranges.omaha import OmahaRange
from . import _exact_tally
from .holdem import (
    BOARD_CARDS,
    DEFAULT_TRIALS,
    PYTHON_EXACT_LIMIT,
    TARGET_MAX_TRIALS,
    EquityResult,
    _threads,
    check_trials,
    claim_card,
    mc_seed,
    table_cards,
)

__all__ = ["equity"]

GAMES = ("holdem", "omaha")
HOLE_SIZES = (4, 5, 6)
EXACT_LIMIT = 20_000_000
EXACT_MAX = 2_000_000_000
CHUNK = _fallback_equity.CHUNK                     # boards per evaluate_omaha_batch call
TARGET_CHUNK = _fallback_equity.OMAHA_TARGET_CHUNK  # trials between two target_stderr checks


def equity(players: Any, board: Any = "", dead: Any = "", *, game: str = "omaha",
           exact: bool | None = None, trials: int | None = None,
           target_stderr: float | None = None, seed: int | None = None,
           threads: int | None = None, variant: Any = None) -> EquityResult:
    """Omaha equity of exact hands; see :func:`handrank.equity` for the parameters.

    Each player is an exact hand of 4, 5 or 6 cards (every player the same
    size) or an Omaha range (:class:`handrank.ranges.omaha.OmahaRange` or its
    text, ``"random"``), and makes the best hand of exactly two hole cards and
    three board cards.  With any range the method is Monte Carlo (hands drawn
    jointly by weight with card removal, a bounded loop); ``exact=True`` with
    ranges raises ValueError.  Hold'em range text raises InvalidRangeError.

    Raises
    ------
    ValueError
        An unknown `game`, fewer than 2 or more than 10 players, a bad
        `trials`, `threads` or `target_stderr`, an exact enumeration too large.
    InvalidCardError, InvalidHandError
        A bad card, a card outside the variant's deck, a card used twice, a
        hand of other than 4 to 6 cards, hands of different sizes, a bad
        board size, more cards needed than the deck holds.
    InvalidRangeError
        Bad range text, a hold'em range, a range emptied by the board or dead
        cards, ranges that leave no deal.

    Examples
    --------
    >>> r = equity(["As Ks Qd Jd", "7c 7h 2c 2h"], board="Ah Kh 7d 2s Qs")
    >>> r.equity.tolist(), r.exact
    ([0.0, 1.0], True)
    """
    g = game_tables(variant)
    if not isinstance(players, (str, bytes)) and hasattr(players, "__len__") \
            and any(_is_range(p) for p in players):
        return _range_equity(variant, g, players, board, dead, exact, trials, target_stderr,
                             seed, nthreads=_threads(threads))
    holes, b, d = _prepare(players, board, dead, g)
    trials, target_stderr = check_trials(trials, target_stderr)
    nthreads = _threads(threads)
    used = set(b) | set(d) | {c for h in holes for c in h}
    deck = np.array([c for c in range(52) if c not in used and g.in_deck[c]],
                    dtype=np.uint8)
    m = BOARD_CARDS - len(b)
    cost = math.comb(len(deck), m) * len(holes)
    if exact is None:
        exact = trials is None and target_stderr is None and cost <= EXACT_LIMIT
        exact = exact and not python_too_slow(cost, len(holes[0]))
    if exact:
        if trials is not None or target_stderr is not None:
            raise ValueError("trials and target_stderr apply to Monte Carlo, not exact=True")
        if cost > EXACT_MAX:
            raise ValueError(f"exact enumeration too large ({cost:.2g} evaluations, "
                             f"limit {EXACT_MAX:.0e}); use exact=False")
        win, tie, eq, boards = kernels.omaha_exact(g, holes, b, deck, nthreads)
        return EquityResult(equity=eq, win=win, tie=tie, stderr=np.zeros(len(holes)),
                            exact=True, samples=boards)
    board_ids = np.array(b, dtype=np.uint8)
    total, done = kernels.omaha_hands_mc(
        g, False, [np.array(h, dtype=np.uint8) for h in holes], board_ids,
        np.array(d, dtype=np.uint8), deck, mc_cap(trials, target_stderr), target_stderr,
        mc_seed(seed), nthreads, _high_sums,
        lambda boards: np.array(_tally(_strengths(variant, holes, boards, nthreads))), _stderr)
    return EquityResult(equity=total[2] / done, win=total[0] / done, tie=total[1] / done,
                        stderr=_stderr(total, done), exact=False, samples=done)


def python_too_slow(cost: float, hole: int) -> bool:
    """Whether the Python backend would enumerate for long: Monte Carlo instead.

    `cost` counts hands; each is ``comb(hole, 2) * 10`` five-card evaluations
    (60 for Omaha), held to the hold'em rule's ``PYTHON_EXACT_LIMIT``.  The
    C core enumerates up to ``EXACT_LIMIT`` as before.
    """
    return too_slow_in_python(cost * math.comb(hole, 2) * 10)


def too_slow_in_python(evaluations: float) -> bool:
    """Whether `evaluations` five-card evaluations would run long on the Python
    backend (more than the hold'em rule's ``PYTHON_EXACT_LIMIT``); never on C."""
    return evaluations > kernels.on_backend(c=math.inf, python=PYTHON_EXACT_LIMIT)


def _prepare(players: Any, board: Any, dead: Any,
             g: Any) -> tuple[list[list[int]], list[int], list[int]]:
    n, b, d = table_cards(players, board, dead)
    holes = [_hand(p, i) for i, p in enumerate(players)]
    sizes = sorted({len(h) for h in holes})
    if len(sizes) > 1:
        raise InvalidHandError(f"expected every omaha hand to have the same number of cards, "
                               f"got {sizes[0]} and {sizes[-1]}")
    where: dict[int, str] = {}
    places = [(c, "the board") for c in b] + [(c, "the dead cards") for c in d]
    places += [(c, f"player {i + 1}'s hand") for i, h in enumerate(holes) for c in h]
    for c, place in places:
        claim_card(where, c, place, g)
    size = int(g.in_deck[:52].sum())
    need = BOARD_CARDS - len(b)
    left = size - len(where)
    if need > left:
        raise InvalidHandError(f"not enough cards: the board needs {need} more cards, "
                               f"the deck has {left} left")
    return holes, b, d


def _hand(p: Any, i: int) -> list[int]:
    what = f"player {i + 1}'s hand"
    if isinstance(p, Range) or (isinstance(p, str) and p.strip().lower() == "random"):
        raise InvalidRangeError(f"{what}: omaha equity takes exact hands, "
                                "ranges are not supported")
    try:
        ids = cards(p)
    except InvalidCardError as err:
        try:
            parse_player(p)
        except (ValueError, TypeError):
            raise err from None
        raise InvalidRangeError(f"{what}: omaha equity takes exact hands, ranges are not "
                                "supported") from None
    if len(ids) not in HOLE_SIZES:
        raise InvalidHandError(f"expected 4 to 6 cards in {what}, got {len(ids)}")
    return ids


def _strengths(v: Any, holes: list[list[int]], boards: np.ndarray, nthreads: int) -> np.ndarray:
    """(players, boards) strengths, one evaluate_omaha_batch call per player."""

    def evaluate(hs: np.ndarray, bs: np.ndarray, out: np.ndarray) -> None:
        evaluate_omaha_batch(hs, bs, out=out, threads=nthreads, variant=v)

    return _fallback_equity.strengths(evaluate, holes, boards)


_tally = _fallback_equity.tally
_boards = _fallback_equity.boards_of


def _exact(variant: Any, holes: list[list[int]], board: np.ndarray, deck: np.ndarray, m: int,
           nthreads: int) -> EquityResult:
    """The numpy enumeration of :func:`handrank.core.kernels.omaha_exact` on the
    games' evaluator (the tests' oracle of the C core's)."""
    if m != BOARD_CARDS - len(board):
        raise ValueError(f"internal error: {m} cards to come on a board of {len(board)}")

    def evaluate(hs: np.ndarray, bs: np.ndarray, out: np.ndarray) -> None:
        evaluate_omaha_batch(hs, bs, out=out, threads=nthreads, variant=variant)

    win, tie, eq, nb = _fallback_equity.omaha_exact(evaluate, holes, board, deck)
    return EquityResult(equity=eq, win=win, tie=tie, stderr=np.zeros(len(holes)), exact=True,
                        samples=nb)


def sample_boards(board: np.ndarray, deck: np.ndarray, m: int, trials: int | None,
                  target: float | None, seed: int | None,
                  tally: Callable[[np.ndarray], np.ndarray],
                  stderr: Callable[[np.ndarray, int], np.ndarray]) -> tuple[np.ndarray, int]:
    """Monte Carlo over runouts with numpy, shared by Omaha and Omaha hi-lo equity
    (``core._fallback_equity.sample_boards``, the door's Omaha job without the C core).

    Deals `m` more board cards from `deck` per trial (seeded from `seed`),
    adds the array ``tally(boards)`` per chunk, and stops at
    `trials`, or once ``stderr(total, done)`` is below `target`.  Returns
    (total, trials done).
    """
    return _fallback_equity.sample_boards(board, deck, m, mc_cap(trials, target), target,
                                          mc_seed(seed), tally, stderr)


def _stderr(total: np.ndarray, acc: int) -> np.ndarray:
    if acc < 2:
        return np.full(total.shape[1], np.inf)
    mean = total[2] / acc
    var = np.maximum(total[3] / acc - mean * mean, 0.0) * acc / (acc - 1)
    stderr: np.ndarray = np.sqrt(var / acc)
    return stderr



# ---------------------------------------------------------------------------
# ranges (Monte Carlo only)

MAX_DRAWS_FACTOR = _fallback_equity.MAX_DRAWS_FACTOR   # draws per wanted trial, then stop
MIN_DRAWS = _fallback_equity.MIN_DRAWS                 # draws tried before "no deal exists"


def _is_range(p: Any) -> bool:
    if isinstance(p, OmahaRange):
        return True
    if not isinstance(p, str):
        return False
    if p.strip().lower() in ("random", "*"):
        return True
    try:
        cards(p)
    except InvalidCardError:
        pass
    else:
        return _hand_list(p, 4)
    # text that is neither omaha nor hold'em range text keeps the card error,
    # unless it is written in range notation: then the range parser's error
    for parse in (OmahaRange, parse_player):
        try:
            parse(p)
        except (ValueError, TypeError):
            continue
        return True
    return _RANGE_TEXT.search(p) is not None


def _hand_list(text: str, least: int = 2) -> bool:
    """Whether card text is a list of exact hands (``"AsKsQdJd,7c7h2c2h"``): two or
    more comma-separated parts of `least` or more cards each (``"As, Ks"`` is one
    hand, and so is ``"AsKs, QdJd"`` where a hand holds four or more)."""
    parts = text.split(",")
    if len(parts) < 2:
        return False
    try:
        return all(len(cards(part)) >= least for part in parts)
    except InvalidCardError:
        return False


# wildcards, weights, unions, percentages, suit variables or two ranks in a
# row: never card text, so the range parser says what is wrong
_RANGE_TEXT = re.compile(r"[*:,%]|[2-9TJQKA][xyzw2-9TJQKA]")


def _player_range(p: Any, i: int) -> OmahaRange:
    if isinstance(p, OmahaRange):
        return p
    if isinstance(p, str) and _is_range(p):
        try:
            return OmahaRange(p)
        except InvalidRangeError as err:
            try:
                parse_player(p)
            except (ValueError, TypeError):
                raise err from None
            raise InvalidRangeError(
                f"player {i + 1}'s range {quote(p)} is hold'em notation: hold'em ranges are "
                f"not supported in omaha equity, write omaha notation ({err})") from None
    ids = _hand(p, i)
    return OmahaRange("".join(card_str(c) for c in ids))


def _range_equity(variant: Any, g: Any, players: Any, board: Any, dead: Any,
                  exact: bool | None, trials: int | None, target: float | None,
                  seed: int | None, nthreads: int) -> EquityResult:
    """Monte Carlo equity of Omaha ranges, drawn jointly with card removal (sample_ranges)."""
    n, rs, barr, m, blocked, trials, target = range_spot(
        getattr(variant, "hole_cards", None), g, players, board, dead, exact, trials, target)

    def tally(hs: list[np.ndarray], boards: np.ndarray) -> np.ndarray:
        s = np.empty((n, len(boards)), dtype=np.uint16)
        for p, h in enumerate(hs):
            evaluate_omaha_batch(h, boards, out=s[p], threads=nthreads, variant=variant)
        return np.array(_tally(s))

    total, done, exact = ranges_sums(g, variant, False, rs, barr, m, blocked, trials, target,
                                     seed, nthreads, _high_sums, tally, _stderr)
    if exact:
        return EquityResult(equity=total[0], win=total[1], tie=total[2], stderr=np.zeros(n),
                            exact=True, samples=done)
    return EquityResult(equity=total[2] / done, win=total[0] / done, tie=total[1] / done,
                        stderr=_stderr(total, done), exact=False, samples=done)


def range_spot(size: Any, g: Any, players: Any, board: Any, dead: Any, exact: bool | None,
               trials: int | None, target: float | None
               ) -> tuple[int, list[OmahaRange], np.ndarray, int, np.ndarray,
                          int | None, float | None]:
    """Check a spot with Omaha ranges; shared by Omaha and Omaha hi-lo equity.

    `size` is the game's hole-card count (what "random" deals), or None to
    take that of the other players (4 when every player is "random").
    Returns (players, ranges without the board, dead and off-deck cards,
    board ids, board cards to deal, blocked-card mask, trials, target).
    """
    n, b, d = table_cards(players, board, dead)
    if exact:
        raise ValueError("exact omaha equity with ranges is not supported yet; use exact=False")
    trials, target = check_trials(trials, target)
    where: dict[int, str] = {}
    for c, place in [(c, "the board") for c in b] + [(c, "the dead cards") for c in d]:
        claim_card(where, c, place, g)
    if size not in HOLE_SIZES:
        known = [_player_range(p, i).size for i, p in enumerate(players)
                 if not (isinstance(p, str) and p.strip().lower() in ("random", "*"))]
        size = known[0] if known else 4
    rs = [OmahaRange(p, size) if isinstance(p, str) and p.strip().lower() in ("random", "*")
          else _player_range(p, i) for i, p in enumerate(players)]
    sizes = sorted({r.size for r in rs})
    if len(sizes) > 1:
        raise InvalidHandError(f"expected every omaha hand to have the same number of cards, "
                               f"got {sizes[0]} and {sizes[-1]}")
    off_deck = [c for c in range(52) if not g.in_deck[c]]
    gone = list(b) + list(d) + off_deck
    rs = [r.without(gone) if gone else r for r in rs]
    for i, r in enumerate(rs):
        if not len(r):
            raise InvalidRangeError(f"player {i + 1}'s range has no hand left after the board, "
                                    "dead cards and deck")
    m = BOARD_CARDS - len(b)
    if n * sizes[0] + m > 52 - len(gone):
        raise InvalidHandError("not enough cards for every player and the board")
    blocked = np.zeros(52, dtype=bool)
    blocked[gone] = True
    return n, rs, np.array(b, dtype=np.uint8), m, blocked, trials, target


def dead_cards(blocked: np.ndarray, board: np.ndarray, g: Any) -> np.ndarray:
    """The blocked cards that are neither on the board nor outside the deck: the dead cards."""
    keep = blocked.copy()
    keep[board.astype(np.intp)] = False
    keep &= np.asarray(g.in_deck[:52], dtype=bool)
    return np.flatnonzero(keep).astype(np.uint8)


def sample_ranges(rs: list[OmahaRange], board: np.ndarray, m: int, blocked: np.ndarray,
                  trials: int | None, target: float | None, seed: int | None,
                  tally: Callable[[list[np.ndarray], np.ndarray], np.ndarray],
                  stderr: Callable[[np.ndarray, int], np.ndarray]) -> tuple[np.ndarray, int]:
    """Monte Carlo over Omaha ranges with numpy, shared by Omaha and Omaha hi-lo
    equity (``core._fallback_equity.sample_ranges``: the door's job without the
    C core): one hand per player from its range by weight, kept when the hands
    fit together; ``tally(hands, boards)`` per batch.  Returns (total, done).
    """
    return _fallback_equity.sample_ranges([r.hands for r in rs], [r.weights for r in rs],
                                          board, m, blocked, mc_cap(trials, target), target,
                                          mc_seed(seed), tally, stderr)


def ranges_sums(g: Any, variant: Any, hilo: bool, rs: list[OmahaRange], board: np.ndarray,
                m: int, blocked: np.ndarray, trials: int | None, target: float | None,
                seed: int | None, nthreads: int, convert: Callable[[np.ndarray], np.ndarray],
                tally: Callable[[list[np.ndarray], np.ndarray], np.ndarray],
                stderr: Callable[[np.ndarray, int], np.ndarray]) -> tuple[np.ndarray, int, bool]:
    """Omaha or Omaha hi-lo ranges: the C core's sampler (:func:`c_sample`,
    sums through `convert`) or numpy's (:func:`sample_ranges`, sums from
    `tally`), or when the ranges collide :func:`clash_exact`.  Returns (the
    sums, trials, False) from a sampler, or (the (5, n) weighted means,
    deals, True)."""
    try:
        total, done = kernels.omaha_ranges_mc(
            g, hilo, c_players(rs, int((~blocked).sum())), dead_cards(blocked, board, g),
            [r.hands for r in rs], [r.weights for r in rs], board, m, blocked,
            mc_cap(trials, target), target, mc_seed(seed), nthreads, convert, tally, stderr)
    except InvalidRangeError as err:
        sums, weight, deals = clash_exact(err, g, variant, hilo, rs, board, blocked, nthreads)
        return sums / weight, deals, True
    return total, done, False


# Colliding ranges enumerated instead (clash_exact): hand tuples walked, and
# tuples x runouts (of which fewer than 1 in MAX_DRAWS_FACTOR fit together).
CLASH_TUPLES = 1_000_000_000
CLASH_TUPLE_RUNOUTS = 5_000_000_000_000
CLASH_CELLS = 50_000_000


def clash_exact(err: InvalidRangeError, g: Any, variant: Any, hilo: bool,
                rs: list[OmahaRange], board: np.ndarray, blocked: np.ndarray,
                nthreads: int) -> tuple[np.ndarray, float, int]:
    """Exact equity of ranges the sampler found to collide.

    When the Monte Carlo stopped with `err` (the ranges clash in almost
    every deal), every tuple of hands that fit together is enumerated with
    every runout, weighted as the sampler weights them (csrc/omaha_exact.c
    on the C core, numpy on the Python backend), if the ranges are small
    enough (``CLASH_TUPLES``, ``CLASH_CELLS``; the Python backend
    ``NUMPY_CLASH_CELLS``); otherwise, or when no tuple fits at all, `err`
    is raised.  Returns the (5, n) weighted sums (as hr_tuple_tally's),
    their total weight and the (tuple, runout) deals.
    """
    tuples = math.prod(len(r) for r in rs)
    gone = blocked.copy()
    for r in rs:
        if len(r) == 1:
            gone[r.hands[0]] = True
    left = np.flatnonzero(~gone).astype(np.uint8)
    m = BOARD_CARDS - len(board)
    runs = math.comb(len(left), m)
    cols = sum(len(r) for r in rs)
    if tuples > CLASH_TUPLES or tuples * runs > CLASH_TUPLE_RUNOUTS or cols * runs > CLASH_CELLS:
        raise err
    every = np.ascontiguousarray(np.concatenate([r.hands for r in rs]), dtype=np.uint8)
    bits = np.left_shift(np.uint64(1), every.astype(np.uint64))
    masks = np.bitwise_or.reduce(bits, axis=1)
    weights = np.concatenate([r.weights for r in rs])
    outs = np.ascontiguousarray(left[_combinations(len(left), m)])
    kernel = _exact_tally.omaha_kernel_tables(g, hilo)
    if kernel is None:          # the C core's runout kernel is not there: numpy's tuples
        return _numpy_clash(err, variant, hilo, rs, every, masks, weights, board, outs)
    s = _exact_tally.omaha_strengths(kernel, every, board, outs)
    offsets = [0]
    for r in rs:
        offsets.append(offsets[-1] + len(r))
    sums, weight, deals = _exact_tally.tuple_sums(s, offsets, masks, weights, True, nthreads)
    if weight <= 0 or deals == 0:
        raise err
    return sums, weight, deals


NUMPY_CLASH_CELLS = 20_000_000     # (tuples that fit) x runouts, Python backend


def _numpy_clash(err: InvalidRangeError, variant: Any, hilo: bool, rs: list[OmahaRange],
                 every: np.ndarray, masks: np.ndarray, weights: np.ndarray,
                 board: np.ndarray, runs: np.ndarray) -> tuple[np.ndarray, float, int]:
    """:func:`clash_exact` on the Python backend: the tuples that fit, built
    player by player as arrays, then their shares on every runout in blocks."""
    n, r = len(rs), len(runs)
    starts = np.cumsum([0] + [len(x) for x in rs])
    idx = np.arange(len(rs[0]))[:, None]
    held, wt = masks[:len(rs[0])], weights[:len(rs[0])]
    for p in range(1, n):
        cols = np.arange(starts[p], starts[p + 1])
        if len(idx) * len(cols) > NUMPY_CLASH_CELLS:
            raise err
        a = np.repeat(np.arange(len(idx)), len(cols))
        b = np.tile(cols, len(idx))
        keep = (held[a] & masks[b]) == 0
        a, b = a[keep], b[keep]
        idx = np.concatenate([idx[a], b[:, None]], axis=1)
        held, wt = held[a] | masks[b], wt[a] * weights[b]
    live = wt != 0
    idx, wt = idx[live], wt[live]
    if not len(idx) or len(idx) * r > NUMPY_CLASH_CELLS:
        raise err
    # every hand on every runout (0 where they clash), as runout_strengths
    run_bits = np.left_shift(np.uint64(1), runs.astype(np.uint64))
    clash = (np.bitwise_or.reduce(run_bits, axis=1)[:, None] & masks[None, :]) != 0
    rows = np.flatnonzero(~clash.ravel())
    flat = np.zeros((r * len(every), 2), dtype=np.uint16)
    if len(rows):
        hs = np.ascontiguousarray(every[rows % len(every)])
        bs = _boards(board, runs[rows // len(every)])
        if hilo:
            flat[rows] = evaluate_omaha_hilo_batch(hs, bs)
        else:
            flat[rows, 0] = evaluate_omaha_batch(hs, bs, variant=variant)
    s = flat.reshape(r, len(every), 2)
    sums = np.zeros((5, n))
    weight = 0.0
    deals = 0
    step = max(1, NUMPY_CLASH_CELLS // 20 // max(1, r))
    for lo in range(0, len(idx), step):
        block, w = idx[lo:lo + step], wt[lo:lo + step]
        st = np.moveaxis(s[:, block, :], 2, 0)                # (n, r, tuples, 2)
        ok = np.asarray((st[..., 0] > 0).all(axis=0))
        share, high, low = pot_shares(st, ok)
        cnt = ok.sum(axis=0)
        d = np.maximum(cnt, 1)
        for k, x in enumerate((share.sum(axis=1), ((share == 1) & ok).sum(axis=1),
                               ((share > 0) & (share < 1) & ok).sum(axis=1),
                               high.sum(axis=1), low.sum(axis=1))):
            sums[k] += (w * x / d).sum(axis=1)
        weight += float(w.sum())
        deals += int(cnt.sum())
    if weight <= 0 or deals == 0:
        raise err
    return sums, weight, deals


#: Pot, high-half and low-half shares of (players, ..., 2) strengths.
pot_shares = _fallback_equity.pot_shares


check_draws = _fallback_equity.check_draws


# ---------------------------------------------------------------------------
# the C core's Monte Carlo and exact enumeration (csrc/omaha_mc.c)

# The C core's sampler and its streams: kernels.omaha_sample.
MC_STREAM_TRIALS = kernels.MC_STREAM_TRIALS
SUMS = kernels.OMAHA_MC_SUMS
_UNIT = kernels.SHARE_UNIT


def c_players(rs: list[OmahaRange], left: int) -> list[tuple[np.ndarray, np.ndarray | None]]:
    """Each range as (hands, weights or None when uniform) for :func:`c_sample`.

    A uniform range holding every hand of the `left` cards still in play is
    "random": no hands, dealt from the deck by the C core (the same
    distribution as drawing a hand and rejecting clashes).
    """
    out: list[tuple[np.ndarray, np.ndarray | None]] = []
    for r in rs:
        w = r.weights
        uniform = bool((w == w[0]).all())
        if uniform and len(r) == math.comb(left, r.size):
            out.append((np.zeros((0, r.size), dtype=np.uint8), None))
        else:
            out.append((r.hands, None if uniform else w))
    return out


def c_sample(g: Any, hilo: bool, players: Sequence[tuple[np.ndarray, np.ndarray | None]],
             board: Any, dead: Any, trials: int | None, target: float | None,
             seed: int | None, nthreads: int,
             convert: Callable[[np.ndarray], np.ndarray],
             stderr: Callable[[np.ndarray, int], np.ndarray]) -> tuple[np.ndarray, int]:
    """Monte Carlo in C (:func:`handrank.core.kernels.omaha_sample`, ``hr_omaha_mc``)
    for Omaha and Omaha hi-lo equity, the trials as `trials` and `target` ask.

    `players` are (hands (k, h), weights or None) per player: one hand is
    exact, none is "random", more is a range drawn by weight (alias table),
    a trial whose hands clash rejected whole, as :func:`sample_ranges` does.
    Returns (``convert(sums)``, trials); raises InvalidRangeError as
    :func:`sample_ranges`.
    """
    return kernels.omaha_sample(g, hilo, list(players), board, dead, mc_cap(trials, target),
                                target, mc_seed(seed), nthreads, convert, stderr)


def mc_cap(trials: int | None, target: float | None) -> int:
    """The trials an Omaha Monte Carlo run deals at most."""
    return trials if trials is not None else (TARGET_MAX_TRIALS if target else DEFAULT_TRIALS)


def _high_sums(raw: np.ndarray) -> np.ndarray:
    """The kernel's sums as this module's (win, tie, share, share squared) rows."""
    r = raw.astype(np.float64)
    return np.array([r[0], r[1], r[2] / _UNIT, r[3] / (_UNIT * _UNIT)])


