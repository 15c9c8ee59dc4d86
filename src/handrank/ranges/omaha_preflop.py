"""The Omaha-4 preflop table: every suit-isomorphic starting hand against a random hand.

Two four-card Omaha hands are the same *class* when a relabelling of the
suits turns one into the other; the 270,725 hands fall into 16,432 classes
(:func:`classes` enumerates them, smallest canonical code first).  The
shipped table (``omaha4_preflop.npz``, package data) holds, per class, its
all-in equity against one random hand (Monte Carlo: the C core's Omaha
sampler, ``TRIALS`` trials per class, class ``i`` on random stream ``i`` of
the table's seed, so the table is the same on 1 or N workers) and the
standard error of that value.  Its order (equity descending) is what the
Omaha range term ``15%`` reads: :func:`top_hands`.

Build it again with ``python -m handrank.omaha_preflop --out FILE`` (dask
LocalCluster, ``--workers``); see docs/omaha_preflop.md for the cost and the
sha256 of the shipped file.
"""

from __future__ import annotations

import hashlib
import itertools
import math
import os
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from ..core import kernels
from ..core.cards import card_str
from ..core.errors import HandrankError, InvalidRangeError

__all__ = ["PreflopOrder", "classes", "load", "top_hands"]

N_CLASSES = 16_432
N_HANDS = 270_725           # C(52, 4)
TRIALS = 1_000_000           # per class: standard error <= 0.5 / sqrt(TRIALS) = 0.0005
SEED = 17                    # the shipped table's seed
DATA = "omaha4_preflop.npz"
_UNIT = 2520                 # HR_SHARE_UNIT
_SUMS = 8                    # HR_OMAHA_MC_SUMS


def _all_hands() -> np.ndarray:
    rows = np.array(list(itertools.combinations(range(52), 4)), dtype=np.int64)
    return rows


def _min_code(hands: np.ndarray) -> np.ndarray:
    """Each hand's smallest code over the 24 suit relabellings (sorted ids, base 52)."""
    h = np.asarray(hands, dtype=np.int64)
    ranks, suits = h >> 2, h & 3
    weights = np.array([52 ** 3, 52 ** 2, 52, 1], dtype=np.int64)
    best: np.ndarray = np.full(len(h), np.iinfo(np.int64).max, dtype=np.int64)
    for perm in itertools.permutations(range(4)):
        relabelled = np.sort(4 * ranks + np.array(perm, dtype=np.int64)[suits], axis=1)
        best = np.minimum(best, relabelled @ weights)
    return best


@lru_cache(maxsize=1)
def _canonical() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(codes of the classes ascending, each hand's class index, class sizes)."""
    codes, index, sizes = np.unique(_min_code(_all_hands()), return_inverse=True,
                                    return_counts=True)
    return codes, index.reshape(-1), sizes


def _decode(codes: np.ndarray) -> np.ndarray:
    out = np.empty((len(codes), 4), dtype=np.uint8)
    rest = codes.copy()
    for j in range(3, -1, -1):
        out[:, j] = rest % 52
        rest //= 52
    return out


def classes() -> tuple[np.ndarray, np.ndarray]:
    """Every class of Omaha-4 starting hands: (representatives (16432, 4) uint8, sizes).

    A class's representative is its hand with the smallest code (the sorted
    card ids read as base-52 digits) over the 24 suit relabellings; classes
    come in that code's order.  The sizes (hands per class) sum to 270,725.

    >>> reps, sizes = classes()
    >>> len(reps), int(sizes.sum())
    (16432, 270725)
    """
    codes, _, sizes = _canonical()
    return _decode(codes), sizes.astype(np.int64)


def class_of(hands: np.ndarray) -> np.ndarray:
    """The class index of each row of sorted 4-card hands (n, 4)."""
    codes, _, _ = _canonical()
    idx: np.ndarray = np.searchsorted(codes, _min_code(hands))
    return idx


# ----------------------------------------------------------------- computing


def compute_block(first: int, count: int, trials: int, seed: int) -> np.ndarray:
    """Sums (count, 4) int64 of classes first .. first + count: won alone, tied,
    pot shares and their squares (in 1 / 2520 of a pot), each over `trials`
    trials of the class's representative against a random hand (random
    stream = class index of `seed`).  A pure function: the same on any worker."""
    reps, _ = classes()
    hands = reps[np.arange(first, first + count)]
    return kernels.omaha_vs_random(hands, first, trials, seed, _SUMS, HandrankError)


def to_table(sums: np.ndarray, trials: int, seed: int) -> dict[str, np.ndarray]:
    """The arrays of the shipped file from the sums of every class."""
    codes, _, sizes = _canonical()
    share = sums[:, 2] / _UNIT
    mean = share / trials
    var = np.maximum(sums[:, 3] / (_UNIT * _UNIT) / trials - mean * mean, 0.0) \
        * trials / (trials - 1)
    return {"code": codes.astype(np.int32), "size": sizes.astype(np.int32),
            "equity": mean.astype(np.float64),
            "stderr": np.sqrt(var / trials).astype(np.float32),
            "win": (sums[:, 0] / trials).astype(np.float32),
            "tie": (sums[:, 1] / trials).astype(np.float32),
            "trials": np.array(trials, dtype=np.int64), "seed": np.array(seed, dtype=np.int64)}


# ----------------------------------------------------------------- the shipped table


@dataclass(frozen=True)
class PreflopOrder:
    """The shipped table: per class (in :func:`classes` order) its size,
    equity against a random hand and that value's standard error; `order`
    lists the class indices by equity, best first (ties by class index)."""

    size: np.ndarray
    equity: np.ndarray
    stderr: np.ndarray
    win: np.ndarray
    tie: np.ndarray
    trials: int
    seed: int
    order: np.ndarray

    def __repr__(self) -> str:
        return (f"PreflopOrder({len(self.size):,} classes, {self.trials:,} trials each, "
                f"max stderr {float(self.stderr.max()):.5f})")

    def hand(self, i: int) -> str:
        """The representative hand of class `i` as text."""
        reps, _ = classes()
        return "".join(card_str(int(c)) for c in reps[i])


def _data_path() -> str:
    return os.path.join(os.path.dirname(os.path.dirname(__file__)), DATA)  # package data


@lru_cache(maxsize=1)
def load() -> PreflopOrder:
    """The shipped table (raises InvalidRangeError if the file is missing).

    >>> t = load()
    >>> t.hand(int(t.order[0]))
    'TcTdAcAd'
    """
    path = _data_path()
    if not os.path.exists(path):
        raise InvalidRangeError("omaha percentage ranges need the preflop table "
                                f"{DATA!r}, which this installation lacks")
    with np.load(path) as z:
        codes, _, sizes = _canonical()
        if not np.array_equal(z["code"].astype(np.int64), codes):
            raise HandrankError(f"{DATA} does not match this version's hand classes")
        eq = z["equity"].astype(np.float64)
        order = np.lexsort((np.arange(len(eq)), -eq))
        return PreflopOrder(size=sizes.astype(np.int64), equity=eq,
                            stderr=z["stderr"].astype(np.float64),
                            win=z["win"].astype(np.float64), tie=z["tie"].astype(np.float64),
                            trials=int(z["trials"]), seed=int(z["seed"]), order=order)


def top_hands(percent: float) -> np.ndarray:
    """The hands (sorted card ids, (n, 4) uint8) of the top `percent` % by the table.

    Classes are taken best first while the hands taken so far are fewer than
    ``percent / 100 * 270,725``: the smallest run of whole classes holding at
    least that share of the hands.
    """
    if not 0 <= percent <= 100 or math.isnan(percent):
        raise InvalidRangeError(f"expected a percentage from 0 to 100, got {percent!r}")
    t = load()
    want = percent / 100 * N_HANDS
    before = np.cumsum(t.size[t.order]) - t.size[t.order]
    chosen = t.order[before < want - 1e-9]
    _, index, _ = _canonical()
    keep = np.isin(index, chosen)
    hands: np.ndarray = _all_hands()[keep].astype(np.uint8)
    return hands


def sha256() -> str:
    """The sha256 of the shipped table file."""
    with open(_data_path(), "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()
