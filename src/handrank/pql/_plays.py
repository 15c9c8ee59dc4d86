"""``cardsPlay`` and ``handRanking`` of the PQL.

``cardsPlay(p, street)``: how many of the player's own cards its best high
hand on the street needs: the fewest hole cards among the five-card hands of
its hole cards and the board that rank as its best (0: the board plays).
Omaha's best hand always takes exactly two.

``handRanking(p)``: where the player's hold'em starting hand stands in the
order of the percentage ranges (:data:`._holdem_order.ORDER`, exact all-in
equity against one random hand, best first): the share of the 1,326 starting
hands in its class and the classes ranked above it, a fraction in (0, 1]
(AA: 6 / 1,326).  ``inRange(p, 'x%')`` holds for every x at least this
percentage.
"""

from __future__ import annotations

import itertools

import numpy as np

from ..operations import evaluate_batch
from ..ranges.holdem import Range
from ._eval import Ctx
from ._holdem_order import ORDER
from ._spot import HOLDEM

__all__ = ["cards_play", "hand_ranking", "holdem_ranking_table"]

_TABLE: np.ndarray | None = None


def holdem_ranking_table() -> np.ndarray:
    """(52, 52) float64: the :func:`hand_ranking` of every two cards."""
    global _TABLE
    if _TABLE is None:
        t = np.zeros((52, 52))
        count = 0
        for name, _ in ORDER:
            rows = np.asarray(Range(name).combo_ids, dtype=np.int64).reshape(-1, 2)
            count += len(rows)
            t[rows[:, 0], rows[:, 1]] = count / 1326
            t[rows[:, 1], rows[:, 0]] = count / 1326
        _TABLE = t
    return _TABLE


def hand_ranking(ctx: Ctx, p: int) -> np.ndarray:
    h = ctx.d.holes[p].astype(np.int64)
    return np.asarray(holdem_ranking_table()[h[:, 0], h[:, 1]])


def cards_play(ctx: Ctx, p: int, street: str) -> np.ndarray:
    if HOLDEM not in ctx.spot.offers:           # Omaha: exactly two
        return np.full(ctx.n, 2, dtype=np.int64)
    s = ctx.street_cards(street)
    best = ctx.half(p, street, "high").astype(np.int64)
    hole = ctx.d.holes[p]
    board = ctx.d.board[:, :s]
    g = ctx.high_game
    out = np.full(ctx.n, 2, dtype=np.int64)
    if s >= 4:                                   # one hole card and four of the board
        one = np.zeros(ctx.n, dtype=np.int64)
        for i in range(2):
            for t in itertools.combinations(range(s), 4):
                five = np.concatenate([hole[:, [i]], board[:, list(t)]], axis=1)
                np.maximum(one, evaluate_batch(np.ascontiguousarray(five), game=g, threads=1)
                           .astype(np.int64), out=one)
        out[one == best] = 1
    if s == 5:                                   # the board alone
        zero = evaluate_batch(np.ascontiguousarray(board), game=g, threads=1).astype(np.int64)
        out[zero == best] = 0
    return out
