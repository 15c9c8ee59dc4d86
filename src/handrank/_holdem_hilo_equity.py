"""Hold'em hi-lo equity: each half the best five of the seven cards.

Reached through ``handrank.equity(..., game="holdem-hilo")``.  The high half
is the core's hold'em scale, the low half ace-to-five eight-or-better (0 = no
low); boards are enumerated or sampled as for Omaha hi-lo, and the halves are
tallied by the same code, so the result is a :class:`HiLoEquityResult`.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from ._hilo_equity import HiLoEquityResult, _result, _stderr, _tally
from ._omaha_equity import CHUNK, EXACT_LIMIT, EXACT_MAX, _boards, _combinations, sample_boards
from .cards import cards
from .equity import BOARD_CARDS, _threads, check_trials, claim_card, table_cards
from .errors import InvalidCardError, InvalidHandError, InvalidRangeError
from .evaluate import evaluate_batch, game_tables
from .lowball import lowball
from .ranges import Range, parse_player

__all__ = ["equity"]


def equity(players: Any, board: Any = "", dead: Any = "", *, exact: bool | None = None,
           trials: int | None = None, target_stderr: float | None = None,
           seed: int | None = None, threads: int | None = None) -> HiLoEquityResult:
    """Hold'em hi-lo equity of exact two-card hands; see :func:`handrank.equity`.

    Examples
    --------
    >>> r = equity(["As 2s", "Ah 2h"], board="3c 4d 8h Kc Qd")   # both halves split
    >>> r.equity.tolist(), r.high.tolist(), r.low.tolist()
    ([0.5, 0.5], [0.5, 0.5], [0.5, 0.5])
    """
    g = game_tables(None)
    n, b, d = table_cards(players, board, dead)
    holes = [_hand(p, i) for i, p in enumerate(players)]
    where: dict[int, str] = {}
    places = [(c, "the board") for c in b] + [(c, "the dead cards") for c in d]
    places += [(c, f"player {i + 1}'s hand") for i, h in enumerate(holes) for c in h]
    for c, place in places:
        claim_card(where, c, place, g)
    need = BOARD_CARDS - len(b)
    if need > 52 - len(where):
        raise InvalidHandError(f"not enough cards: the board needs {need} more cards, "
                               f"the deck has {52 - len(where)} left")
    trials, target_stderr = check_trials(trials, target_stderr)
    nthreads = _threads(threads)
    deck = np.array([c for c in range(52) if c not in where], dtype=np.uint8)
    cost = math.comb(len(deck), need) * len(holes)
    if exact is None:
        exact = trials is None and target_stderr is None and cost <= EXACT_LIMIT
    board_ids = np.array(b, dtype=np.uint8)
    if exact:
        if trials is not None or target_stderr is not None:
            raise ValueError("trials and target_stderr apply to Monte Carlo, not exact=True")
        if cost > EXACT_MAX:
            raise ValueError(f"exact enumeration too large ({cost:.2g} evaluations, "
                             f"limit {EXACT_MAX:.0e}); use exact=False")
        idx = _combinations(len(deck), need)
        total = np.zeros((6, len(holes)))
        for lo in range(0, len(idx), CHUNK):
            boards = _boards(board_ids, deck[idx[lo:lo + CHUNK]])
            total += _tally(_strengths(holes, boards, nthreads))
        return _result(total, len(idx), exact=True)
    total, done = sample_boards(board_ids, deck, need, trials, target_stderr, seed,
                                lambda bs: _tally(_strengths(holes, bs, nthreads)), _stderr)
    return _result(total, done, exact=False)


def _hand(p: Any, i: int) -> list[int]:
    what = f"player {i + 1}'s hand"
    if isinstance(p, Range) or (isinstance(p, str) and p.strip().lower() == "random"):
        raise InvalidRangeError(f"{what}: holdem-hilo equity takes exact hands, "
                                "ranges are not supported")
    try:
        ids = cards(p)
    except InvalidCardError as err:
        try:
            parse_player(p)
        except (ValueError, TypeError):
            raise err from None
        raise InvalidRangeError(f"{what}: holdem-hilo equity takes exact hands, ranges are "
                                "not supported") from None
    if len(ids) != 2:
        raise InvalidHandError(f"expected 2 cards in {what}, got {len(ids)}")
    return ids


def _strengths(holes: list[list[int]], boards: np.ndarray, nthreads: int) -> np.ndarray:
    """(players, boards, 2): each player's high and eight-or-better low on each board."""
    nb = len(boards)
    low = lowball("a5", qualifier=8)
    out = np.empty((len(holes), nb, 2), dtype=np.uint16)
    for p, h in enumerate(holes):
        seven = np.empty((nb, 7), dtype=np.uint8)
        seven[:, :2] = h
        seven[:, 2:] = boards
        out[p, :, 0] = evaluate_batch(seven, threads=nthreads)
        out[p, :, 1] = low.evaluate_batch(seven, threads=nthreads)
    return out
