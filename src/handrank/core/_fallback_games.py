"""The pure-Python backend of the games' C entry points, with numpy.

Each function mirrors one kernel of ``handrank.core.kernels`` (which calls
it when the C core is not built): the same answers, the same first bad row.
"""

from __future__ import annotations

import itertools
from typing import Any

import numpy as np

from . import _fallback
from ._tables import GameTables, read_bin

#: Categories a low hand that is a flush may have (hold'em's numbering).
_FLUSHES = (6, 9)
#: Omaha's board size.
_BOARD = 5


def deal(deck: np.ndarray, k: int, seed: int, out: np.ndarray, slice_rows: int) -> None:
    """Fill ``out`` (n, k) with deals of ``k`` distinct cards of ``deck``."""
    n = len(out)
    rng = np.random.default_rng([seed, k, len(deck)])
    for lo in range(0, n, slice_rows):
        hi = min(lo + slice_rows, n)
        keys = rng.random((hi - lo, len(deck)))
        out[lo:hi] = deck[np.argpartition(keys, k - 1, axis=1)[:, :k]] if k < len(deck) \
            else deck[np.argsort(keys, axis=1)]


# ------------------------------------------------------------------ badugi

# Every non-empty subset of four positions as a 0/1 row, and its pairs.
_SUBSETS = np.array([[s >> i & 1 for i in range(4)] for s in range(1, 16)], dtype=bool)
_PAIRS = list(itertools.combinations(range(4), 2))


def badugi_tables() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """badugi_value, badugi_size, badugi_ranks (n, 4) from the package-data file."""
    arrays = read_bin()
    return (arrays["badugi_value"], arrays["badugi_size"],
            arrays["badugi_ranks"].reshape(-1, 4))


def badugi_strengths(arr: np.ndarray, value: np.ndarray) -> np.ndarray:
    """The badugi strength of each valid row of ``arr`` (n, 4): every subset, vectorised."""
    rank = arr >> 2
    place = np.where(rank == 12, 0, rank + 1).astype(np.int64)
    suit = arr & 3
    clash = np.stack([(place[:, i] == place[:, j]) | (suit[:, i] == suit[:, j])
                      for i, j in _PAIRS], axis=1)                  # (n, 6)
    best = np.zeros(len(arr), dtype=np.uint16)
    for sub in _SUBSETS:
        inside = [p for p, (i, j) in enumerate(_PAIRS) if sub[i] and sub[j]]
        ok = ~clash[:, inside].any(axis=1) if inside else np.ones(len(arr), dtype=bool)
        mask = ((1 << place) * sub[None, :]).sum(axis=1)
        v = np.where(ok, value[np.where(ok, mask, 0)], 0)
        np.maximum(best, v, out=best)
    return best


def badugi_batch(arr: np.ndarray, out: np.ndarray, value: np.ndarray) -> int:
    """hr_eval_badugi_batch: fill ``out``; the first row with a repeated or
    invalid card (then nothing is written), or -1."""
    s = np.sort(arr, axis=1)
    rows = np.nonzero((s[:, 1:] == s[:, :-1]).any(axis=1) | (s[:, -1] >= 52))[0]
    if len(rows):
        return int(rows[0])
    out[:] = badugi_strengths(arr.astype(np.int64), value)
    return -1


# ------------------------------------------------------------------ lowball

def low_batch(g: GameTables, arr: np.ndarray, out: np.ndarray) -> int:
    """hr_eval_low_batch step for step (csrc/lowball.c)."""
    bad = _fallback.eval_batch(g, arr, out)
    k = arr.shape[1]
    if k == 5 or bad >= 0:
        # A bad row raises; the rows before it in its chunk were not filled.
        return bad
    rows = np.arange(len(arr))
    redo = rows[np.isin(g.category[out[rows]], _FLUSHES)]
    if len(redo) == 0:
        return bad
    # Five of a suit with an off-suit card: the best five that is not a flush.
    hands = arr[redo]
    combos = np.array(list(itertools.combinations(range(k), 5)), dtype=np.intp)
    fives = np.ascontiguousarray(hands[:, combos].reshape(-1, 5))
    values = np.empty(len(fives), dtype=np.uint16)
    if _fallback.eval_batch(g, fives, values) >= 0:
        raise RuntimeError("internal error: a five-card subset of a valid hand was rejected")
    suits = fives & 3
    flush = (suits == suits[:, :1]).all(axis=1)
    best = np.where(flush, 0, values).reshape(len(redo), -1).max(axis=1)
    out[redo] = np.where(best > 0, best, out[redo])
    return bad


# ------------------------------------------------------------------ Omaha

def _combos(h: int) -> np.ndarray:
    """Column indices into (hole + board) of every two-plus-three combination."""
    return np.array([list(p) + [h + t for t in tri]
                     for p in itertools.combinations(range(h), 2)
                     for tri in itertools.combinations(range(_BOARD), 3)], dtype=np.intp)


def omaha_strengths(g: Any, deals: np.ndarray, h: int) -> np.ndarray:
    """(n, combinations) strengths of validated deals (n, h + 5), with numpy."""
    combos = np.ascontiguousarray(deals[:, _combos(h)].reshape(-1, 5))
    out = np.empty(len(combos), dtype=np.uint16)
    if _fallback.eval_batch(g, combos, out) >= 0:
        raise RuntimeError("internal error: a validated Omaha combination was rejected")
    return out.reshape(len(deals), -1)


def first_bad_deal(deals: np.ndarray, g: Any) -> int:
    """The first deal with a card outside the deck or a repeated card, or -1."""
    u64 = np.uint64
    masks = g.card_mask[deals]
    poisoned = (~g.in_deck[deals]).any(axis=1)
    repeated = masks.sum(axis=1, dtype=u64) != np.bitwise_or.reduce(masks, axis=1)
    bad = poisoned | repeated
    return int(bad.argmax()) if bad.any() else -1


def omaha_batch(g: Any, hs: np.ndarray, bs: np.ndarray, out: np.ndarray) -> int:
    """hr_eval_omaha_batch: the first bad deal, or -1 with ``out`` filled."""
    deals = np.concatenate([hs, bs], axis=1)
    bad = first_bad_deal(deals, g)
    if bad >= 0:
        return bad
    step = 1 << 12
    for start in range(0, len(deals), step):
        part = omaha_strengths(g, deals[start:start + step], hs.shape[1])
        out[start:start + step] = part.max(axis=1)
    return -1


def omaha_hilo_first_bad(deals: np.ndarray, g: Any) -> int:
    """The first deal with a card outside the deck or a repeated card, or -1."""
    srt = np.sort(deals, axis=1)
    bad = (srt[:, 1:] == srt[:, :-1]).any(axis=1) | ~g.in_deck[deals].all(axis=1)
    return int(bad.argmax()) if bad.any() else -1


def omaha_hilo_batch(high: Any, low: Any, hs: np.ndarray, bs: np.ndarray,
                     out: np.ndarray) -> int:
    """Write the (n, 2) high and low of validated deals; returns -1 (no bad
    row, as a run_rows part)."""
    deals = np.ascontiguousarray(np.concatenate([hs, bs], axis=1), dtype=np.uint8)
    step = 1 << 12
    for lo in range(0, len(deals), step):
        part = deals[lo:lo + step]
        out[lo:lo + step, 0] = omaha_strengths(high, part, hs.shape[1]).max(axis=1)
        out[lo:lo + step, 1] = omaha_strengths(low, part, hs.shape[1]).max(axis=1)
    return -1


# ------------------------------------------------------------------ showdown

def showdown_batch(g: GameTables, b: np.ndarray, h: np.ndarray, out: np.ndarray) -> int:
    """hr_showdown_batch: each seat's share of one pot; the first bad deal or -1."""
    n, p = h.shape[0], h.shape[1]
    deal = np.sort(np.concatenate([b, h.reshape(n, 2 * p)], axis=1), axis=1)
    bad = (deal[:, 1:] == deal[:, :-1]).any(axis=1) | (deal[:, -1] > 51)
    bad |= (~g.in_deck[deal]).any(axis=1)
    if bad.any():
        return int(np.argmax(bad))
    strengths = np.empty((p, n), dtype=np.uint16)   # one player per row: contiguous
    seven = np.empty((n, 7), dtype=np.uint8)
    seven[:, :5] = b
    for j in range(p):
        seven[:, 5:] = h[:, j]
        if _fallback.eval_batch(g, seven, strengths[j]) >= 0:
            raise RuntimeError("internal error: a validated deal was rejected")
    win = strengths == strengths.max(axis=0)
    out[:] = (win / win.sum(axis=0)).T
    return -1
