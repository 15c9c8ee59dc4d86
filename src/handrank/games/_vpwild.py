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
from collections.abc import Callable

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

def _runs_table() -> np.ndarray:
    """For each pattern of 4 bits (bit j: cards j and j+1 of a sorted row are equal),
    the largest and the second largest run."""
    out = np.zeros((16, 2), dtype=np.int64)
    for pat in range(16):
        runs, cur = [], 1
        for j in range(4):
            if pat >> j & 1:
                cur += 1
            else:
                runs.append(cur)
                cur = 1
        runs.append(cur)
        runs.sort(reverse=True)
        out[pat] = runs[0], runs[1] if len(runs) > 1 else 0
    return out


_RUNS = _runs_table()


def _features(hands: np.ndarray, fam: Family) -> dict[str, np.ndarray]:
    """The wild count, the two largest groups of equal natural ranks, the natural
    ranks' and suits' bit masks.  Rows must be ascending card ids."""
    ids = np.arange(54)
    joker_lut = ids >= 52
    deuce_lut = (ids < 4) if fam.deuces_wild else np.zeros(54, dtype=bool)
    wild_lut = joker_lut | deuce_lut
    # a wild card gets a rank of its own (20 + position), equal to no other
    rank_lut = np.where(wild_lut, 0, ids // 4).astype(np.int16)
    rbit_lut = np.where(wild_lut, 0, 1 << (ids // 4)).astype(np.int16)
    sbit_lut = np.where(wild_lut, 0, 1 << (ids % 4)).astype(np.int8)
    h = np.asarray(hands)
    cols = [h[:, j] for j in range(5)]          # column by column: fast in numpy
    wild = [wild_lut[c] for c in cols]
    rank = [np.where(wild[j], np.int16(20 + j), rank_lut[cols[j]]) for j in range(5)]
    w = sum((x.astype(np.int8) for x in wild), np.zeros(len(h), dtype=np.int8))
    eq = [rank[j + 1] == rank[j] for j in range(4)]
    pat = (eq[0].astype(np.int8) | eq[1].astype(np.int8) << 1 | eq[2].astype(np.int8) << 2
           | eq[3].astype(np.int8) << 3)
    top1 = _RUNS[pat, 0].astype(np.int8)
    top2 = np.minimum(_RUNS[pat, 1].astype(np.int8), 5 - w - top1)
    rmask = rbit_lut[cols[0]] | rbit_lut[cols[1]] | rbit_lut[cols[2]] | rbit_lut[cols[3]] \
        | rbit_lut[cols[4]]
    smask = sbit_lut[cols[0]] | sbit_lut[cols[1]] | sbit_lut[cols[2]] | sbit_lut[cols[3]] \
        | sbit_lut[cols[4]]
    high = (w > 0) & ((rmask & np.int16(0b1100000000000)) != 0)
    for j in range(4):
        high |= eq[j] & (rank[j + 1] >= 11) & (rank[j + 1] <= 12)
    deuces = sum((deuce_lut[c].astype(np.int8) for c in cols), np.zeros(len(h), dtype=np.int8))
    jokers = sum((joker_lut[c].astype(np.int8) for c in cols), np.zeros(len(h), dtype=np.int8))
    return {"w": w, "deuces": deuces, "jokers": jokers, "top1": top1, "top2": top2,
            "rmask": rmask.astype(np.int64), "smask": smask, "high": high}


@functools.cache
def _mask_luts() -> tuple[np.ndarray, np.ndarray]:
    """For each 13-bit set of ranks: inside some straight's ranks; inside T-A."""
    m = np.arange(1 << 13, dtype=np.int64)
    in_straight = np.zeros(1 << 13, dtype=bool)
    for s in STRAIGHTS:
        in_straight |= (m & ~s) == 0
    return in_straight, (m & ~ROYAL_RANKS) == 0


def _rules(f: dict[str, np.ndarray]) -> dict[str, np.ndarray]:
    """Each class name -> whether each hand can stand for it."""
    w, top1, top2, rmask, smask = f["w"], f["top1"], f["top2"], f["rmask"], f["smask"]
    one_suit = (smask & (smask - 1)) == 0
    distinct = top1 <= 1
    in_straight, in_royal = _mask_luts()
    straight = distinct & in_straight[rmask]
    royal = distinct & one_suit & in_royal[rmask]
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
        "kings-or-better": f["high"],
        "nothing": np.ones(len(w), dtype=bool),
    }


def classify(hands: np.ndarray, fam: Family) -> np.ndarray:
    """The class (index into fam.classes, 0 the best) of each five-card hand (rows of ids)."""
    rows = np.asarray(hands).reshape(-1, 5)
    if not (rows[:, 1:] > rows[:, :-1]).all():
        rows = np.sort(rows, axis=1)
    rules = _rules(_features(rows, fam))
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
    """counts[k][T, c]: the hands of class c that contain the k-subset T (k = 0..4).

    Whole numbers held as float64 (exact: none reaches 2**53), ready for products.
    """
    c64 = cls5.astype(np.int64)
    size4 = math.comb(n, 4)
    acc = np.zeros(size4 * ncls, dtype=np.int64)
    for pos in combos(5, 4):
        acc += np.bincount(colex(hands[:, pos], n) * ncls + c64, minlength=size4 * ncls)
    out = [acc.reshape(size4, ncls).astype(np.float64)]
    # a k-subset lies in 5 - k of the (k+1)-subsets between it and each hand
    for k in (3, 2, 1, 0):
        above, size = combos(n, k + 1), math.comb(n, k)
        sums = np.zeros(size * ncls, dtype=np.float64)
        weights = out[0].ravel()
        for pos in combos(k + 1, k):
            idx = colex(above[:, pos], n) if k else np.zeros(len(above), dtype=np.int64)
            # every class at once: bin (subset, class), the rows' weights in order
            flat = (idx[:, None] * ncls + np.arange(ncls)).ravel()
            sums += np.bincount(flat, weights=weights, minlength=size * ncls)
        out.insert(0, sums.reshape(size, ncls) / (5 - k))
    for t in out:
        t.flags.writeable = False
    return tuple(out)


def deal_classes(hands: np.ndarray, n: int) -> tuple[np.ndarray, np.ndarray]:
    """One deal per class under suit relabelling (jokers alike) and each class's size."""
    ids = np.arange(54)
    # each natural card as one bit of a word of four 13-bit suit fields; a joker 1 << 52
    lut = np.where(ids < 52, np.left_shift(1, (ids // 4) + 13 * (ids % 4), dtype=np.int64),
                   np.int64(1) << 52)
    h = np.asarray(hands)
    word = lut[h[:, 0]] + lut[h[:, 1]] + lut[h[:, 2]] + lut[h[:, 3]] + lut[h[:, 4]]
    field = np.int64((1 << 13) - 1)
    m = [(word >> (13 * s)) & field for s in range(4)]
    # the one deal of a class whose suits' rank sets do not increase (clubs the largest);
    # equal rank sets in two suits make the same deal when swapped
    rep = (m[0] >= m[1]) & (m[1] >= m[2]) & (m[2] >= m[3])
    jokers = word >> 52
    if n == 54:     # one joker: the deal with the first joker stands for both
        rep &= (jokers != 1) | (h[:, 4] == JOKER)
    first = np.flatnonzero(rep)
    e01, e12, e23 = (m[0] == m[1])[first], (m[1] == m[2])[first], (m[2] == m[3])[first]
    # 4! / (the factorials of the runs of equal rank sets)
    run = np.ones(len(first), dtype=np.int64)
    denom = np.ones(len(first), dtype=np.int64)
    for e in (e01, e12, e23):
        run = np.where(e, run + 1, 1)
        denom *= np.where(e, run, 1)
    size = 24 // denom
    if n == 54:
        size *= np.where(jokers[first] == 1, 2, 1)
    return first, size


#: Families whose classes come from elsewhere: name -> function of the (N, 5) hands.
CLASSIFIERS: dict[str, Callable[[np.ndarray], np.ndarray]] = {}


_TABLES: dict[str, Tables] = {}

#: The stages of a family's first build (:func:`tables` reports each as it ends).
BUILD_STAGES = 3


def built(name: str) -> bool:
    """Whether the tables of family `name` are built."""
    return name in _TABLES


def forget_tables() -> None:
    """Drop every family's tables (the next use builds them again: benchmarks)."""
    _TABLES.clear()


def tables(name: str, step: Callable[[int], None] | None = None) -> Tables:
    """The tables of a family, built on first use and kept.

    `step(i)` is called as each stage of a build ends (1: every hand's class,
    2: the subset counts, 3: the classes of deals); not at all when built.
    """
    kept = _TABLES.get(name)
    if kept is not None:
        return kept
    fam = FAMILIES[name]
    n = fam.cards
    hands = combos(n, 5)
    cls5 = CLASSIFIERS[name](hands) if name in CLASSIFIERS else classify(hands, fam)
    cls5.flags.writeable = False
    if step is not None:
        step(1)
    counts = _subset_counts(hands, cls5, n, len(fam.classes))
    if step is not None:
        step(2)
    first, size = deal_classes(hands, n)
    deals = hands[first]
    if step is not None:
        step(3)
    # two threads may both build: the first kept is everyone's
    return _TABLES.setdefault(name, Tables(fam, cls5, counts, deals, size.astype(np.int64)))


# ---------------------------------------------------------------------------
# the solver

#: _SUPERSETS[m]: the masks T of 5 bits with T a superset of m.
_POPCOUNT = np.array([bin(m).count("1") for m in range(32)], dtype=np.int64)


def _subset_index(deals: np.ndarray, n: int) -> np.ndarray:
    """(32, R): the colex index of each subset (a bit pattern) of each deal in its size's table."""
    out = np.zeros((32, len(deals)), dtype=np.int64)
    for m in range(1, 32):
        pos = [j for j in range(5) if m >> j & 1]
        out[m] = colex(deals[:, pos], n)
    return out


@functools.cache
def _deal_subsets(name: str) -> np.ndarray:
    out = _subset_index(tables(name).deals, FAMILIES[name].cards)
    out.flags.writeable = False
    return out


def _table_of(t: Tables, pay: np.ndarray) -> list[np.ndarray]:
    """Total payout of the hands containing each k-subset, k = 0..5 (k = 5: the hand's pay)."""
    out = [c @ pay for c in t.counts]
    out.append(pay[t.cls5])
    return out


def _moebius(f: np.ndarray) -> np.ndarray:
    """g[H] = sum over T superset of H of (-1)^|T - H| f[T], along the first axis (32)."""
    g = f.copy()
    for j in range(5):
        bit = 1 << j
        for m in range(32):
            if not m & bit:
                g[m] -= g[m | bit]
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
    combinations: np.ndarray     # per class: final hands, each deal weighted by lcm / its draws


def hold_totals(t: Tables, pay: np.ndarray, ids: np.ndarray) -> np.ndarray:
    """(32, R): total payout over every draw of each hold of each deal (rows of ascending ids)."""
    sub = _subset_index(ids, t.family.cards)
    f = np.empty(sub.shape, dtype=np.float64)
    for m in range(32):
        k = int(_POPCOUNT[m])
        f[m] = pay[t.cls5[sub[m]]] if k == 5 else t.counts[k][sub[m]] @ pay
    return _moebius(f)


def hold_class_counts(t: Tables, ids: np.ndarray) -> np.ndarray:
    """(32, classes): the final hands of each class over every draw of each hold of one deal."""
    sub = _subset_index(ids.reshape(1, 5), t.family.cards)[:, 0]
    ncls = len(t.family.classes)
    f = np.zeros((32, ncls), dtype=np.float64)
    for m in range(32):
        k = int(_POPCOUNT[m])
        if k == 5:
            f[m, t.cls5[sub[m]]] = 1.0
        else:
            f[m] = t.counts[k][sub[m]]
    out: np.ndarray = np.rint(_moebius(f)).astype(np.int64)
    return out


def solve(name: str, pay: np.ndarray) -> Solution:
    """Optimal play of a family under a pay vector (one payout per class)."""
    t = tables(name)
    n = t.family.cards
    per_k = _table_of(t, pay)
    sub = _deal_subsets(name)
    f = np.empty(sub.shape, dtype=np.float64)
    for m in range(32):
        f[m] = per_k[int(_POPCOUNT[m])][sub[m]]
    d = draws(n)
    values = _moebius(f) / d[:, None]
    best = np.argmax(values, axis=0)
    r = np.arange(len(best))
    total = math.comb(n, 5)
    er = float(t.weights @ values[best, r]) / total
    # the final hands of each class under the best holds, counted exactly: each
    # deal's draws scaled to the least common multiple of the draw counts, so
    # every term and sum is a whole number below 2**53
    ncls = len(t.family.classes)
    prob = np.zeros(ncls, dtype=np.float64)
    lcm = math.lcm(*(int(x) for x in d))
    coef = (t.weights * (lcm // d.astype(np.int64)[best])).astype(np.float64)
    odd = _POPCOUNT[best] % 2
    for m in range(32):
        k = int(_POPCOUNT[m])
        on = (best & ~m) == 0    # m is a superset of the best hold
        a = np.where(on, np.where((k - odd) % 2 == 0, coef, -coef), 0.0)
        if k == 5:
            prob += np.bincount(t.cls5[sub[m]], weights=a, minlength=ncls)
        else:
            prob += np.bincount(sub[m], weights=a, minlength=math.comb(n, k)) @ t.counts[k]
    values = np.ascontiguousarray(values.T)
    values.flags.writeable = False
    best = best.astype(np.uint8)
    best.flags.writeable = False
    combinations = np.rint(prob).astype(np.int64)
    if pay.tolist() == [int(x) for x in pay]:
        # whole payouts: the return from the exact counts, rounded once
        won = sum(int(c) * int(x) for c, x in zip(combinations.tolist(), pay.tolist()))
        er = won / (total * lcm)
    return Solution(er, combinations / float(total * lcm), values, best, combinations)
