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

from . import _backend, _run

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
    core = _backend.core
    if core is None:
        return 0, 0
    return int(core.lib.HR_XR_MAX_RANDOM), int(core.lib.HR_XR_MAX_FIXED)


def _card_set(cs: Any) -> frozenset[int]:
    return frozenset(int(c) for c in np.asarray(cs).reshape(-1))


def _stabilizer(sets: list[frozenset[int]]) -> np.ndarray:
    """The suit maps (4 bytes each) that map every set in `sets` onto itself."""
    keep = []
    for sig in itertools.permutations(range(SUITS)):
        if all(frozenset((c & ~3) | sig[c & 3] for c in s) == s for s in sets):
            keep.append(sig)
    return np.asarray(keep, dtype=np.uint8).reshape(-1)


def plan(spot: Any, *, min_random: int = 2) -> Plan | None:
    """How to enumerate `spot` board first, or None when this path does not apply.

    One random player is left to the tuple enumeration by default: its
    boards of equal ranks counted together make it about ten times faster
    than this path there (0.12 s against 1.25 s for AhAd preflop).
    """
    max_random, max_fixed = _limits()
    if max_random == 0:
        return None
    randoms = tuple(p for p in range(spot.n) if spot.deal[p])
    fixed_players = tuple(p for p in range(spot.n) if not spot.deal[p])
    if not min_random <= len(randoms) <= max_random or not 1 <= len(fixed_players) <= max_fixed:
        return None
    for p in fixed_players:
        if len(spot.combos[p]) != 1 or not spot.weights[p][0] > 0:
            return None
    fixed = np.concatenate([spot.combos[p][0] for p in fixed_players]).astype(np.uint8)
    board = _card_set(spot.board)
    dead = _card_set(spot.dead)
    in_deck = frozenset(c for c in range(52) if spot.g.in_deck[c])
    taken = board | dead | _card_set(fixed)
    deck = sorted(in_deck - taken)
    m = BOARD_CARDS - len(board)
    if len(deck) - m < 2 * len(randoms):
        return None
    n_pairs = math.comb(len(deck), 2)
    for p in randoms:
        w = spot.weights[p]
        # every combo of the live cards, equal weights: the deal the C side assumes
        if len(spot.combos[p]) != n_pairs or not (w == w[0]).all() or not w[0] > 0:
            return None
        if _card_set(spot.combos[p]) - set(deck):
            return None
    sets = [board, dead, in_deck] + [_card_set(spot.combos[p][0]) for p in fixed_players]
    return Plan(fixed_players, randoms, fixed, np.asarray(spot.board, dtype=np.uint8),
                np.asarray(deck, dtype=np.uint8), _stabilizer(sets), math.comb(len(deck), m))


def count(pl: Plan, game: Any, part: int, parts: int, cancel: Any = None
          ) -> tuple[np.ndarray, int]:
    """Completions part, part + parts, ... of `pl`: int64 counts, completions taken."""
    core = _backend.core
    if core is None:
        raise RuntimeError("internal error: the board-first enumeration needs the C core")
    ffi, lib = core.ffi, core.lib
    nf = len(pl.fixed_players)
    out = np.zeros(3 * (nf + 1) + 2, dtype=np.int64)
    taken = lib.hr_exact_random(
        game.ptr, nf, ffi.from_buffer("uint8_t[]", pl.fixed), len(pl.random_players),
        ffi.from_buffer("uint8_t[]", pl.board), len(pl.board),
        ffi.from_buffer("uint8_t[]", pl.deck), len(pl.deck),
        ffi.from_buffer("uint8_t[]", pl.perms), len(pl.perms) // SUITS, part, parts,
        ffi.from_buffer("int64_t[]", out, require_writable=True),
        ffi.NULL if cancel is None else cancel)
    if taken < 0:
        raise RuntimeError("internal error: hr_exact_random rejected its arguments")
    return out, int(taken)


def result_counts(pl: Plan, n: int, parts: list[np.ndarray]) -> tuple[np.ndarray, int]:
    """The tuple enumeration's count vector (wins n, ties n, shares n, total) and samples."""
    c: np.ndarray = np.asarray(np.sum(parts, axis=0, dtype=np.int64))
    if int(np.abs(c).max()) >= _EXACT_BITS:
        raise RuntimeError("internal error: exact counts beyond 2**53")
    nf = len(pl.fixed_players)
    out = np.zeros(3 * n + 1)
    for j, p in enumerate(pl.fixed_players):
        out[[p, n + p, 2 * n + p]] = c[3 * j:3 * j + 3]
    for p in pl.random_players:
        out[[p, n + p, 2 * n + p]] = c[3 * nf:3 * nf + 3]
    total = int(c[3 * nf + 3])
    out[3 * n] = total
    return out, total


def run(pl: Plan, spot: Any, nthreads: int, inline: bool) -> tuple[np.ndarray, int]:
    """Count `pl` on the shared pool: (the count vector, samples)."""
    parts = max(1, min(nthreads, pl.boards))

    def part(t: int, cancel: _run.Cancel) -> tuple[np.ndarray, int]:
        return count(pl, spot.g, t, parts, cancel.ptr)

    res = _run.run_tasks(part, parts, inline=inline)
    if sum(r[1] for r in res) != pl.boards:
        raise RuntimeError("internal error: the board-first enumeration missed boards")
    return result_counts(pl, spot.n, [r[0] for r in res])
