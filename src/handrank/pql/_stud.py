"""The nuts and the outs in the stud games, which have no board.

A stud player's view on a street is the player's own cards dealt so far and
the dead cards; every other card is unseen (the same view as the board games'
``nutHi``: other players' cards are unknown).  The nut high on a street of s
cards (5..7) is the best hand of s cards the unseen cards hold, which is the
best five-card hand among them; the nut low likewise the best low.  These are
found without trying every hand: :func:`best_high_of_sets` builds the best
hand of each category a set of cards holds (the categories are few) and ranks
them, :func:`best_low_of_sets` ranks the seven lowest cards of the set.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..operations import category, evaluate_batch

__all__ = ["best_high_of_sets", "best_low_of_sets", "presence"]

_WINDOWS = [[12, 0, 1, 2, 3]] + [list(range(t - 4, t + 1)) for t in range(4, 13)]


def presence(masks: np.ndarray) -> np.ndarray:
    """(n, 4, 13) booleans: card ``4 * rank + suit`` in each 52-bit mask."""
    bits = ((masks[:, None] >> np.arange(52, dtype=np.uint64)) & np.uint64(1)).astype(bool)
    return bits.reshape(len(masks), 13, 4).transpose(0, 2, 1)


def _top(mask: np.ndarray, k: int) -> tuple[np.ndarray, np.ndarray]:
    """The k highest ranks (n, k) set in each row of `mask` (n, 13), and
    whether the row has k of them."""
    order = np.argsort(~mask[:, ::-1], axis=1, kind="stable")[:, :k]
    return 12 - order, mask.sum(axis=1) >= k


def _cards(p: np.ndarray, ranks: np.ndarray, k: int) -> np.ndarray:
    """k cards (n, k) of the rank of each row (n,): the first k suits present."""
    rows = np.arange(len(ranks))
    suits = np.argsort(~p[rows, :, ranks], axis=1, kind="stable")[:, :k]
    return (4 * ranks[:, None] + suits).astype(np.int64)


def best_high_of_sets(masks: np.ndarray, g: Any) -> np.ndarray:
    """The strength (int64, game `g`'s high scale) of the best five-card high
    hand each 52-bit mask's cards hold (0 when fewer than five cards).

    For each category the best hand of it the set holds: the highest
    straight flush of each suit, the highest quads with the highest other
    card, the highest trips with the highest other pair, each suit's five
    highest cards, the highest straight, the highest trips / two pair / pair
    with the highest other cards, the five highest ranks.  Every candidate is
    a hand of the set and the best hand is among them, so the strongest
    candidate is the best hand."""
    p = presence(masks)
    n = len(masks)
    cnt = p.sum(axis=1)                                             # (n, 13)
    cands: list[tuple[np.ndarray, np.ndarray]] = []

    def windows(have: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        top = np.full(n, -1)
        for w, ranks in enumerate(_WINDOWS):
            top = np.where(have[:, ranks].all(axis=1), w, top)
        ok = top >= 0
        return np.asarray(_WINDOWS)[np.maximum(top, 0)], ok         # (n, 5) ranks

    rows = np.arange(n)
    for s in range(4):
        ranks, ok = windows(p[:, s, :])
        cands.append((4 * ranks + s, ok))                           # straight flush
        top5, ok5 = _top(p[:, s, :], 5)
        cands.append((4 * top5 + s, ok5))                           # flush
    ranks, ok = windows(cnt >= 1)                                   # straight
    cands.append((np.stack([_cards(p, ranks[:, j], 1)[:, 0] for j in range(5)], axis=1), ok))

    def others(exclude: list[np.ndarray], k: int) -> tuple[np.ndarray, np.ndarray]:
        m = cnt >= 1
        for r in exclude:
            m = m.copy()
            m[rows, r] = False
        top, ok = _top(m, k)
        return np.stack([_cards(p, top[:, j], 1)[:, 0] for j in range(k)], axis=1), ok

    q, okq = _top(cnt == 4, 1)                                      # quads
    kick, okk = others([q[:, 0]], 1)
    cands.append((np.concatenate([_cards(p, q[:, 0], 4), kick], axis=1), okq & okk))
    t, okt = _top(cnt >= 3, 1)                                      # full house
    pm = cnt >= 2
    pm[rows, t[:, 0]] = False
    pr, okp = _top(pm, 1)
    cands.append((np.concatenate([_cards(p, t[:, 0], 3), _cards(p, pr[:, 0], 2)], axis=1),
                  okt & okp))
    kick, okk = others([t[:, 0]], 2)                                # trips
    cands.append((np.concatenate([_cards(p, t[:, 0], 3), kick], axis=1), okt & okk))
    two, ok2 = _top(cnt >= 2, 2)                                    # two pair
    kick, okk = others([two[:, 0], two[:, 1]], 1)
    cands.append((np.concatenate([_cards(p, two[:, 0], 2), _cards(p, two[:, 1], 2), kick],
                                 axis=1), ok2 & okk))
    one, ok1 = _top(cnt >= 2, 1)                                    # pair
    kick, okk = others([one[:, 0]], 3)
    cands.append((np.concatenate([_cards(p, one[:, 0], 2), kick], axis=1), ok1 & okk))
    high, okh = others([], 5)                                       # high card
    cands.append((high, okh))
    hands = np.concatenate([c for c, _ in cands]).astype(np.uint8)
    valid = np.concatenate([ok for _, ok in cands])
    hands[~valid] = np.array([0, 5, 10, 15, 16], dtype=np.uint8)    # any five distinct
    got = np.asarray(evaluate_batch(hands, game=g, threads=1), dtype=np.int64)
    got[~valid] = 0
    return np.asarray(got.reshape(len(cands), n).max(axis=0))


def best_low_of_sets(masks: np.ndarray, g: Any, half: int | None) -> np.ndarray:
    """The strength of the best low each mask's cards hold in game `g` (razz:
    its only half, `half` None; stud hi-lo: the low half, `half` 1): the
    lowest seven cards by ace-to-five rank, one of each rank first, then the
    second and later cards of the lowest ranks, ranked as a seven-card hand
    (its best five is the set's best low).  0 for no low (fewer than five
    cards, or no qualifying low)."""
    p = presence(masks)
    n = len(masks)
    order = [12] + list(range(12))                                  # ace, 2, ..., king
    picks: list[np.ndarray] = []
    for copy in range(4):
        for r in order:
            have = p[:, :, r].sum(axis=1) > copy
            suit = np.argsort(~p[:, :, r], axis=1, kind="stable")[:, min(copy, 3)]
            picks.append(np.where(have, 4 * r + suit, -1))
    allp = np.stack(picks, axis=1)                                  # (n, 52) in preference order
    first = np.argsort(allp < 0, axis=1, kind="stable")[:, :7]
    seven = np.take_along_axis(allp, first, axis=1)
    width = (seven >= 0).sum(axis=1)                                # the first `width` valid
    out = np.zeros(n, dtype=np.int64)
    for w in (5, 6, 7):
        rows = np.flatnonzero(width == w)
        if not len(rows):
            continue
        s = np.asarray(evaluate_batch(seven[rows, :w].astype(np.uint8), game=g, threads=1),
                       dtype=np.int64)
        out[rows] = s[:, half] if half is not None else s
    return out


def hand_types_of(strengths: np.ndarray, g: Any, lut: np.ndarray) -> np.ndarray:
    """Hand-type ordinals (`lut` from handrank's categories) of high strengths."""
    return lut[np.asarray(category(strengths.reshape(-1), game=g),
                          dtype=np.int64)].reshape(strengths.shape)
