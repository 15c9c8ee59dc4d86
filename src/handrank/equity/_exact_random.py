"""Exact equity of known hands against players dealt at random (``"random"``).

The tuple enumeration of csrc/equity.c costs the number of combos to the
power of the random players: ``["AhAd", "random", "random"]`` is about
7.5e10 evaluations.  csrc/exact_random.c turns it around: for each board
(the completions of the board up to the suit relabellings that fix the
known hands, the board and the dead cards, each counted with the size of its
orbit) it evaluates the known hands and every combo of the cards left once,
then counts the deals of the random players (unordered, since they are
alike) by inclusion-exclusion on the cards.  The counts are the integers
the tuple enumeration sums, so the equities are the same doubles.

Used by :func:`handrank.equity` (and :mod:`handrank.dask`) when every player
is a known hand or ``random``, with 2 to ``HR_XR_MAX_RANDOM`` random players
(the C side takes one too) and at least one known hand, on the C core.
No import of :mod:`handrank.equity` here: it calls in.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..core import _run, kernels

BOARD_CARDS = 5
SUITS = 4
# Cost in handrank.equity's units (about 20 ns of one core each: its EXACT_LIMIT
# of 5e7 is about a second), measured: per canonical board each combo left is
# one lookup and its counts, about 2 ns with one random player and 6 ns with
# two (the second pass over the pairs above the known hands); each completion
# costs a test against every suit map (about 2 ns a map).
_PASS = {1: 0.12, 2: 0.35}
_PER_MAP = 0.1
_EXACT_BITS = 1 << 53


@dataclass(frozen=True)
class Plan:
    fixed_players: tuple[int, ...]     # positions of the known hands
    random_players: tuple[int, ...]    # positions of the random players
    fixed: np.ndarray                  # (n_fixed * 2,) uint8
    board: np.ndarray
    deck: np.ndarray                   # live cards, uint8
    perms: np.ndarray                  # (n_perms * 4,) uint8 suit maps
    boards: int                        # completions of the board

    @property
    def cost(self) -> float:
        r = len(self.deck) - (BOARD_CARDS - len(self.board))
        canonical = self.boards / (len(self.perms) // SUITS)
        return (canonical * math.comb(r, 2) * _PASS[len(self.random_players)]
                + self.boards * len(self.perms) // SUITS * _PER_MAP)


def _limits() -> tuple[int, int]:
    return kernels.XR_MAX_RANDOM, kernels.XR_MAX_FIXED


def _card_set(cs: Any) -> frozenset[int]:
    return frozenset(int(c) for c in np.asarray(cs).reshape(-1))


def _stabilizer(sets: list[frozenset[int]]) -> np.ndarray:
    """The suit maps (4 bytes each) that map every set in `sets` onto itself."""
    keep = []
    for sig in itertools.permutations(range(SUITS)):
        if all(frozenset((c & ~3) | sig[c & 3] for c in s) == s for s in sets):
            keep.append(sig)
    return np.asarray(keep, dtype=np.uint8).reshape(-1)


@dataclass(frozen=True)
class Job:
    """The plans of a spot, each with the number of hands it stands for.

    One plan for known hands; for one player with a range (equal weights),
    one plan per class of its combos under the suit relabellings that fix
    everything else (AA's six combos are one class before the flop), each
    counted as many times as the range holds combos of that class.
    """

    plans: tuple[tuple[Plan, int], ...]

    @property
    def cost(self) -> float:
        return sum(pl.cost for pl, _ in self.plans)


def plan(spot: Any, *, min_random: int = 2) -> Plan | None:
    """The plan of a spot of known hands and random players, or None."""
    j = job(spot, min_random=min_random)
    if j is None or len(j.plans) != 1 or j.plans[0][1] != 1:
        return None
    return j.plans[0][0]


def job(spot: Any, *, min_random: int = 2) -> Job | None:
    """How to enumerate `spot` board first, or None when this path does not apply.

    Every player is a known hand or random, except at most one with a range
    of equal weights.  One random player is left to the tuple enumeration by
    default: its boards of equal ranks counted together make it about ten
    times faster than this path there (0.12 s against 1.25 s for AhAd preflop).
    """
    max_random, max_fixed = _limits()
    if max_random == 0:
        return None
    randoms = tuple(p for p in range(spot.n) if spot.deal[p])
    fixed_players = tuple(p for p in range(spot.n) if not spot.deal[p])
    if not min_random <= len(randoms) <= max_random or not 1 <= len(fixed_players) <= max_fixed:
        return None
    ranged = [p for p in fixed_players if len(spot.combos[p]) != 1]
    if len(ranged) > 1:
        return None
    for p in fixed_players:
        w = spot.weights[p]
        if not (w == w[0]).all() or not w[0] > 0:
            return None
    known = [p for p in fixed_players if p not in ranged]
    board = _card_set(spot.board)
    dead = _card_set(spot.dead)
    in_deck = frozenset(c for c in range(52) if spot.g.in_deck[c])
    hands = {p: _card_set(spot.combos[p][0]) for p in known}
    base = in_deck - board - dead - frozenset().union(*hands.values())
    m = BOARD_CARDS - len(board)
    n_pairs = math.comb(len(base), 2)
    for p in randoms:
        # every combo of the live cards, equal weights: the deal the C side assumes
        if len(spot.combos[p]) != n_pairs or _card_set(spot.combos[p]) - base:
            return None
    sets = [board, dead, in_deck] + list(hands.values())
    choices: list[tuple[frozenset[int], int]]
    if ranged:
        # the range's combos by class under the maps that fix all the rest
        around = _stabilizer(sets).reshape(-1, SUITS)
        classes: dict[tuple[int, ...], list[Any]] = {}
        for combo in spot.combos[ranged[0]]:
            cs = [int(c) for c in combo]
            key = min(tuple(sorted((c & ~3) | int(sig[c & 3]) for c in cs)) for sig in around)
            entry = classes.setdefault(key, [frozenset(cs), 0])
            entry[1] += 1
        choices = [(frozenset(v[0]), int(v[1])) for _, v in sorted(classes.items())]
    else:
        choices = [(frozenset(), 1)]
    plans = []
    for extra, times in choices:
        if extra:
            hands[ranged[0]] = extra
        deck = sorted(base - extra)
        if len(deck) - m < 2 * len(randoms) or (extra and len(extra) != 2):
            return None
        fixed = np.asarray([c for p in fixed_players for c in sorted(hands[p])], dtype=np.uint8)
        perms = _stabilizer(sets + ([extra] if extra else []))
        plans.append((Plan(fixed_players, randoms, fixed, np.asarray(spot.board, dtype=np.uint8),
                           np.asarray(deck, dtype=np.uint8), perms, math.comb(len(deck), m)),
                      times))
    return Job(tuple(plans))


#: Parts per thread of a plan when progress is reported (none without: one part each).
PROGRESS_PARTS = 32


def count(pl: Plan, game: Any, part: int, parts: int, cancel: Any = None
          ) -> tuple[np.ndarray, int]:
    """Completions part, part + parts, ... of `pl`: int64 counts, completions taken."""
    nf = len(pl.fixed_players)
    out = np.zeros(3 * (nf + 1) + 2, dtype=np.int64)
    taken = kernels.exact_random(game, pl.fixed, nf, len(pl.random_players), pl.board, pl.deck,
                                 pl.perms, part, parts, out, cancel)
    return out, taken


def result_counts(jb: Job, n: int, parts: list[list[np.ndarray]]) -> tuple[np.ndarray, int]:
    """The tuple enumeration's count vector (wins n, ties n, shares n, total) and
    samples, from each plan's partial counts (parts[i] for jb.plans[i])."""
    out = np.zeros(3 * n + 1)
    acc: list[int] = [0] * (3 * n + 1)
    for (pl, times), counts in zip(jb.plans, parts):
        c = [int(x) * times for x in np.asarray(np.sum(counts, axis=0, dtype=np.int64)).tolist()]
        nf = len(pl.fixed_players)
        for j, p in enumerate(pl.fixed_players):
            for q in range(3):
                acc[q * n + p] += c[3 * j + q]
        for p in pl.random_players:
            for q in range(3):
                acc[q * n + p] += c[3 * nf + q]
        acc[3 * n] += c[3 * nf + 3]
    samples = acc[3 * n]
    if max(abs(x) for x in acc) >= _EXACT_BITS:
        # a range's classes summed may pass 2**53 (doubles are no longer exact):
        # take out the common factor, or else divide exactly here (each equity
        # is then rounded twice, shares / total and / SHARE_UNIT: within 1 ulp)
        g = math.gcd(*acc)
        acc = [x // g for x in acc]
        if max(abs(x) for x in acc) >= _EXACT_BITS:
            out[:] = [x / acc[3 * n] for x in acc]
            return out, samples
    out[:] = acc
    return out, samples


def run(jb: Job, spot: Any, nthreads: int, inline: bool, tally: _run.Tally | None = None
        ) -> tuple[np.ndarray, int]:
    """Count `jb` on the shared pool: (the count vector, samples).

    With a `tally` that reports (a progress callback), each plan is cut into
    :data:`PROGRESS_PARTS` parts per thread and the tally moves after each;
    the counts are integers, so the result is the same for any cut.
    """
    reporting = tally is not None and tally.progress is not None
    per_thread = PROGRESS_PARTS if reporting else 1
    tasks = []
    for i, (pl, _) in enumerate(jb.plans):
        parts = max(1, min(nthreads * per_thread, pl.boards))
        tasks += [(i, k, parts) for k in range(parts)]

    def part(t: int, cancel: _run.Cancel) -> tuple[np.ndarray, int]:
        i, k, parts = tasks[t]
        return count(jb.plans[i][0], spot.g, k, parts, cancel.ptr)

    if not reporting:
        res = _run.run_tasks(part, len(tasks), inline=inline)
    else:
        assert tally is not None
        tally.total = len(tasks)
        tally.show()
        workers = max(1, min(nthreads, len(tasks)))
        got: list[Any] = [None] * len(tasks)

        def worker(w: int, cancel: _run.Cancel) -> int:
            for t in range(w, len(tasks), workers):
                if cancel.is_set():
                    break
                got[t] = part(t, cancel)
                tally.add(1)
            return 0

        _run.run_tasks(worker, workers, inline=inline, tally=tally)
        res = got
    by_plan: list[list[np.ndarray]] = [[] for _ in jb.plans]
    taken = [0] * len(jb.plans)
    for (i, _, _), (c, t) in zip(tasks, res):
        by_plan[i].append(c)
        taken[i] += t
    if taken != [pl.boards for pl, _ in jb.plans]:
        raise RuntimeError("internal error: the board-first enumeration missed boards")
    return result_counts(jb, spot.n, by_plan)
