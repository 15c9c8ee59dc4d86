"""Video poker with wild cards: the pay class of every hand and the exact solver.

A machine family fixes the deck (52 cards, or 53 or 54 with jokers, ids 52
and 53), which cards are wild (the four deuces, the jokers) and its pay
classes, best first.  A hand holding wild cards is in the best class it can
stand for: each wild card may be any card, the same card as another wild
or natural one included (so five of a kind exists), except where a class
says otherwise (a natural royal flush has no wild card; two pair is only
natural, as one pair and a wild card is three of a kind).

The solver is exact and works in numpy: the class of every five-card hand
of the deck (3,162,510 with two jokers), for every subset of up to four
cards the number of hands of each class containing it, then for each deal
(one per class of suit relabelling, the jokers interchangeable) the total
payout of each of its 32 holds over every draw by inclusion-exclusion over
the discarded cards (a Moebius transform over the deal's 32 subsets).
"""

from __future__ import annotations

import dataclasses
import functools
import math
import numpy as np

__all__ = ["FAMILIES", "Family", "Solution", "classify", "deal_classes", "solve"]

JOKER, JOKER2 = 52, 53
ROYAL_RANKS = 0b1111100000000  # T J Q K A (rank 0 is the deuce)
#: The ten straights as rank masks, ace-low first.
STRAIGHTS = np.array([0b1000000001111] + [0b11111 << lo for lo in range(9)], dtype=np.int64)


@dataclasses.dataclass(frozen=True)
class Family:
    """A wild-card machine family: the deck, the wild cards, the pay classes."""

    name: str
    cards: int                    # 52, 53 or 54
    deuces_wild: bool
    classes: tuple[str, ...]      # best first; the last is "nothing"
    title: str

    @property
    def jokers(self) -> int:
        return self.cards - 52


_DEUCES = ("natural-royal-flush", "four-deuces", "wild-royal-flush", "five-of-a-kind",
           "straight-flush", "four-of-a-kind", "full-house", "flush", "straight",
           "three-of-a-kind", "nothing")
_JOKER_KINGS = ("natural-royal-flush", "five-of-a-kind", "wild-royal-flush", "straight-flush",
                "four-of-a-kind", "full-house", "flush", "straight", "three-of-a-kind",
                "two-pair", "kings-or-better", "nothing")
_DOUBLE_JOKER = ("natural-royal-flush", "wild-royal-flush", "five-of-a-kind", "straight-flush",
                 "four-of-a-kind", "full-house", "flush", "straight", "three-of-a-kind",
                 "two-pair", "nothing")
_DEUCES_JOKER = ("four-deuces-and-joker", "natural-royal-flush", "four-deuces",
                 "wild-royal-flush", "five-of-a-kind", "straight-flush", "four-of-a-kind",
                 "full-house", "flush", "straight", "three-of-a-kind", "nothing")

FAMILIES: dict[str, Family] = {
    "deuces-wild": Family("deuces-wild", 52, True, _DEUCES, "Deuces Wild (52 cards, deuces wild)"),
    "joker-poker": Family("joker-poker", 53, False, _JOKER_KINGS,
                          "Joker Poker (53 cards, one joker wild)"),
    "double-joker": Family("double-joker", 54, False, _DOUBLE_JOKER,
                           "Double Joker (54 cards, two jokers wild)"),
    "deuces-joker-wild": Family("deuces-joker-wild", 53, True, _DEUCES_JOKER,
                                "Deuces and Joker Wild (53 cards, deuces and the joker wild)"),
}


# ---------------------------------------------------------------------------
# combinations in colex order and their indexes

@functools.cache
def _binom(n: int) -> np.ndarray:
    """C(c, j) for c < n + 1, j <= 5, as int64 (rows c, columns j)."""
    return np.array([[math.comb(c, j) for j in range(6)] for c in range(n + 1)], dtype=np.int64)


@functools.cache
def combos(n: int, k: int) -> np.ndarray:
    """Every k-subset of range(n), ascending within a row, rows in colex order."""
    if k == 0:
        return np.zeros((1, 0), dtype=np.uint8)
    parts = []
    for m in range(k - 1, n):
        head = combos(m, k - 1)
        parts.append(np.hstack([head, np.full((len(head), 1), m, dtype=np.uint8)]))
    out = np.vstack(parts)
    out.flags.writeable = False
    return out


def colex(rows: np.ndarray, n: int) -> np.ndarray:
    """The colex index of each ascending row of card ids (an index into combos(n, k))."""
    b = _binom(n)
    idx = np.zeros(rows.shape[0], dtype=np.int64)
    for i in range(rows.shape[1]):
        idx += b[rows[:, i].astype(np.int64), i + 1]
    return idx


# ---------------------------------------------------------------------------
# the pay class of a hand

def _features(hands: np.ndarray, fam: Family) -> dict[str, np.ndarray]:
    """Rank counts, suit and rank masks of the natural cards, and the wild count."""
    h = hands.astype(np.int64)
    n = len(h)
    joker = h >= 52
    deuce = (h < 4) if fam.deuces_wild else np.zeros_like(joker)
    wild = joker | deuce
    rank = np.where(wild, 0, h // 4)
    suit = np.where(wild, 0, h % 4)
    counts = np.zeros((n, 13), dtype=np.int8)
    rows = np.arange(n)
    rmask = np.zeros(n, dtype=np.int64)
    smask = np.zeros(n, dtype=np.int64)
    for j in range(h.shape[1]):
        nat = ~wild[:, j]
        np.add.at(counts, (rows[nat], rank[nat, j]), 1)
        rmask |= np.where(nat, 1 << rank[:, j], 0)
        smask |= np.where(nat, 1 << suit[:, j], 0)
    top = np.sort(counts, axis=1)
    return {"w": wild.sum(axis=1), "deuces": deuce.sum(axis=1), "jokers": joker.sum(axis=1),
            "top1": top[:, -1].astype(np.int64), "top2": top[:, -2].astype(np.int64),
            "rmask": rmask, "smask": smask, "counts": counts}


def _rules(f: dict[str, np.ndarray]) -> dict[str, np.ndarray]:
    """Each class name -> whether each hand can stand for it."""
    w, top1, top2, rmask, smask = f["w"], f["top1"], f["top2"], f["rmask"], f["smask"]
    one_suit = (smask & (smask - 1)) == 0
    distinct = top1 <= 1
    in_straight = np.zeros(len(w), dtype=bool)
    for s in STRAIGHTS:
        in_straight |= (rmask & ~s) == 0
    straight = distinct & in_straight
    royal = distinct & one_suit & ((rmask & ~ROYAL_RANKS) == 0)
    counts = f["counts"]
    high_pair = (counts[:, 11:].max(axis=1) + w) >= 2
    return {
        "four-deuces-and-joker": (f["deuces"] == 4) & (f["jokers"] == 1),
        "natural-royal-flush": royal & (w == 0),
        "four-deuces": f["deuces"] == 4,
        "wild-royal-flush": royal & (w > 0),
        "five-of-a-kind": top1 + w >= 5,
        "straight-flush": straight & one_suit,
        "four-of-a-kind": top1 + w >= 4,
        "full-house": top1 + top2 + w >= 5,
        "flush": one_suit,
        "straight": straight,
        "three-of-a-kind": top1 + w >= 3,
        "two-pair": (top1 >= 2) & (top2 >= 2),
        "kings-or-better": high_pair,
        "nothing": np.ones(len(w), dtype=bool),
    }


def classify(hands: np.ndarray, fam: Family) -> np.ndarray:
    """The class (index into fam.classes, 0 the best) of each five-card hand (rows of ids)."""
    rules = _rules(_features(np.asarray(hands).reshape(-1, 5), fam))
    out = np.full(len(rules["nothing"]), len(fam.classes) - 1, dtype=np.uint8)
    for i in range(len(fam.classes) - 1, -1, -1):
        out[rules[fam.classes[i]]] = i
    return out


# ---------------------------------------------------------------------------
# the tables of a family: classes of every hand, subset counts, deal classes

@dataclasses.dataclass(frozen=True, eq=False)
class Tables:
    family: Family
    cls5: np.ndarray             # class of every 5-card hand, colex order
    counts: tuple[np.ndarray, ...]  # counts[k][colex index of a k-subset, class], k = 0..4
    deals: np.ndarray            # (R, 5) one deal per class of deals, ascending ids
    weights: np.ndarray          # (R,) how many deals each stands for


def _subset_counts(hands: np.ndarray, cls5: np.ndarray, n: int, ncls: int
                   ) -> tuple[np.ndarray, ...]:
    """counts[k][T, c]: the hands of class c that contain the k-subset T (k = 0..4)."""
    out: list[np.ndarray] = []
    c64 = cls5.astype(np.int64)
    for k in range(5):
        size = math.comb(n, k)
        acc = np.zeros(size * ncls, dtype=np.int64)
        for pos in combos(5, k):
            idx = colex(hands[:, pos], n) if k else np.zeros(len(hands), dtype=np.int64)
            acc += np.bincount(idx * ncls + c64, minlength=size * ncls)
        t = acc.reshape(size, ncls).astype(np.int32)
        t.flags.writeable = False
        out.append(t)
    return tuple(out)


def deal_classes(hands: np.ndarray, n: int) -> tuple[np.ndarray, np.ndarray]:
    """One deal per class under suit relabelling (jokers alike) and each class's size."""
    h = hands.astype(np.int64)
    nat = h < 52
    masks = np.zeros((len(h), 4), dtype=np.int64)
    for j in range(5):
        bit = np.where(nat[:, j], 1 << (h[:, j] // 4), 0)
        suit = np.where(nat[:, j], h[:, j] % 4, 0)
        for s in range(4):
            masks[:, s] |= np.where(suit == s, bit, 0)
    masks.sort(axis=1)
    key = (masks[:, 0] | masks[:, 1] << 13 | masks[:, 2] << 26 | masks[:, 3] << 39
           | (~nat).sum(axis=1).astype(np.int64) << 52)
    _, first, size = np.unique(key, return_index=True, return_counts=True)
    return first, size


@functools.cache
def tables(name: str) -> Tables:
    """The tables of a family, built on first use and kept."""
    fam = FAMILIES[name]
    n = fam.cards
    hands = combos(n, 5)
    cls5 = classify(hands, fam)
    cls5.flags.writeable = False
    counts = _subset_counts(hands, cls5, n, len(fam.classes))
    first, size = deal_classes(hands, n)
    deals = hands[first]
    return Tables(fam, cls5, counts, deals, size.astype(np.int64))


# ---------------------------------------------------------------------------
# the solver

#: _SUPERSETS[m]: the masks T of 5 bits with T a superset of m.
_POPCOUNT = np.array([bin(m).count("1") for m in range(32)], dtype=np.int64)


def _subset_index(deals: np.ndarray, n: int) -> np.ndarray:
    """(R, 32): the colex index of each subset (by bit pattern) of each deal, in its size's table."""
    out = np.zeros((len(deals), 32), dtype=np.int64)
    for m in range(1, 32):
        pos = [j for j in range(5) if m >> j & 1]
        out[:, m] = colex(deals[:, pos], n)
    return out


def _table_of(t: Tables, pay: np.ndarray) -> list[np.ndarray]:
    """Total payout of the hands containing each k-subset, k = 0..5 (k = 5: the hand's pay)."""
    out = [c.astype(np.float64) @ pay for c in t.counts]
    out.append(pay[t.cls5])
    return out


def _moebius(f: np.ndarray) -> np.ndarray:
    """g[H] = sum over T superset of H of (-1)^|T - H| f[T], along the last axis (32)."""
    g = f.copy()
    for j in range(5):
        bit = 1 << j
        for m in range(32):
            if not m & bit:
                g[..., m] -= g[..., m | bit]
    return g


def draws(n: int) -> np.ndarray:
    """The number of draws for each hold (by bit pattern): C(n - 5, 5 - kept)."""
    return np.array([math.comb(n - 5, 5 - int(_POPCOUNT[m])) for m in range(32)],
                    dtype=np.float64)


@dataclasses.dataclass(frozen=True, eq=False)
class Solution:
    expected_return: float
    probabilities: np.ndarray    # per class
    values: np.ndarray           # (R, 32) expected payout of each hold of each deal class
    best: np.ndarray             # (R,) best hold (bit pattern over the deal's ascending ids)


def hold_totals(t: Tables, pay: np.ndarray, ids: np.ndarray,
                per_k: list[np.ndarray] | None = None) -> np.ndarray:
    """(R, 32) total payout over every draw of each hold of each deal (rows of ascending ids)."""
    n = t.family.cards
    sub = _subset_index(ids, n)
    f = np.empty(sub.shape, dtype=np.float64)
    if per_k is None:
        for m in range(32):
            k = int(_POPCOUNT[m])
            if k == 5:
                f[:, m] = pay[t.cls5[sub[:, m]]]
            else:
                f[:, m] = t.counts[k][sub[:, m]].astype(np.float64) @ pay
    else:
        for m in range(32):
            f[:, m] = per_k[int(_POPCOUNT[m])][sub[:, m]]
    return _moebius(f)


def solve(name: str, pay: np.ndarray) -> Solution:
    """Optimal play of a family under a pay vector (one payout per class)."""
    t = tables(name)
    n = t.family.cards
    per_k = _table_of(t, pay)
    d = draws(n)
    values = hold_totals(t, pay, t.deals, per_k) / d
    best = np.argmax(values, axis=1)
    total = math.comb(n, 5)
    er = float(t.weights @ values[np.arange(len(best)), best]) / total
    # the probability of each class: the best hold's class counts, weighted
    sub = _subset_index(t.deals, n)
    ncls = len(t.family.classes)
    prob = np.zeros(ncls, dtype=np.float64)
    coef = t.weights / d[best] / total
    for m in range(32):
        k = int(_POPCOUNT[m])
        on = (best & ~m) == 0    # m is a superset of the best hold
        sign = np.where((_POPCOUNT[m] - _POPCOUNT[best]) % 2 == 0, 1.0, -1.0)
        a = np.where(on, coef * sign, 0.0)
        if k == 5:
            prob += np.bincount(t.cls5[sub[:, m]], weights=a, minlength=ncls)
        else:
            acc = np.bincount(sub[:, m], weights=a, minlength=math.comb(n, k))
            prob += acc @ t.counts[k]
    values.flags.writeable = False
    best = best.astype(np.uint8)
    best.flags.writeable = False
    return Solution(er, prob, values, best)

