"""Hand-versus-range equities of the PQL: ``HvREquity``, ``minHvREquity``,
``HvPerceivedRangeEquity``, ``minHvPerceivedRangeEquity``.

A player's equity on a street as the player sees it: its own cards, the
board to the street and the dead cards known; each opponent holds some hand
of a range (``HvREquity``: the opponents' ranges of the ``from`` clause;
``HvPerceivedRangeEquity``: the range given, for every opponent), any hand
of it that shares no card with the known cards nor with the other
opponents' (weighted as the range weighs it), and the board is completed
from the cards left, each completion equally likely.

Each deal's value is exact when the tuples of opponent hands times the
completions are at most :data:`RANGE_EXACT` (the river against any range,
hold'em's turn against one random hand: 45,540), else the mean of
:data:`RANGE_SAMPLES` draws (a tuple by weight and one completion), from a
stream fixed by the deal's cards (the same answer for a seed on any thread).
In C (``hr_pql_range_equity``, behind :func:`handrank.core.kernels.pql_range_equity`);
:func:`_range_equity_numpy` computes the same without the C core.
"""

from __future__ import annotations

import hashlib
import math
from typing import Any

import numpy as np

from ..core import kernels
from ._eval import Ctx, pot_shares
from ._parse import PqlError
from ._spot import BOARD, STREETS, Spot, _is_all, combos, masks_of

__all__ = ["RANGE_EXACT", "RANGE_SAMPLES", "RANGE_MAX_OPPONENTS", "RANGE_MAX_HANDS",
           "range_equity", "ranges_of_others", "perceived_range", "range_bound",
           "range_inexact", "range_cost"]

#: a deal is enumerated when its opponent-hand tuples times its board
#: completions are at most this many
RANGE_EXACT = 50_000
#: else its value is the mean of this many draws
RANGE_SAMPLES = 1_000
#: the most opponents (the C kernel's bound)
RANGE_MAX_OPPONENTS = 9
#: the most hands a random opponent's range may hold (Omaha-5's 2,598,960)
RANGE_MAX_HANDS = 3_000_000

Ranges = list[tuple[np.ndarray, np.ndarray]]


def ranges_of_others(spot: Spot, player: int) -> Ranges:
    """The other players' ranges of the ``from`` clause as (hands, weights), a
    random player as every hand of the deck off the board and dead cards."""
    return [(h, w) for i, (h, w, _) in enumerate(spot.exact_players()) if i != player]


def perceived_range(spot: Spot, text: str) -> tuple[np.ndarray, np.ndarray]:
    """The hands of a range text in this game (hold'em or Omaha notation) as
    (hands, weights), the hands on the fixed board or dead cards left out."""
    deck_mask = int(masks_of(spot.deck[None, :])[0])
    if BOARD not in spot.offers:
        raise PqlError("ranges are not supported in the stud games")
    if _is_all(text, spot.hole):
        hands = spot.deck[combos(len(spot.deck), spot.hole)]
        weights = np.ones(len(hands))
    else:
        hands, weights = type(spot).read_hands("the range", text, spot.hole, deck_mask)
        hands = np.asarray(hands, dtype=np.uint8).reshape(-1, spot.hole)
        weights = np.asarray(weights, dtype=float)
    masks = masks_of(hands) if len(hands) else np.zeros(0, np.uint64)
    keep = ((masks & np.uint64(spot.fixed_mask)) == 0) & ((masks & ~np.uint64(deck_mask)) == 0) \
        & (weights > 0)
    if not keep.any():
        raise PqlError(f"the range {text!r} cannot be held: every hand in it uses a board "
                       "or dead card")
    return np.ascontiguousarray(hands[keep], dtype=np.uint8), np.asarray(weights[keep], float)


def range_bound(spot: Spot, street: str, sizes: list[int]) -> int:
    """An upper bound of a deal's tuples times completions on `street`, from
    the opponents' range sizes (each at most the hands of the cards the player
    cannot see)."""
    known = STREETS[street]
    unseen = len(spot.deck) - len(spot.dead) - spot.hole - known
    tuples = 1
    for s in sizes:
        tuples *= min(s, math.comb(max(unseen, 0), spot.hole))
    left = unseen - spot.hole * len(sizes)
    return tuples * math.comb(max(left, 0), 5 - known)


def range_inexact(name: str, spot: Spot, street: str, sizes: list[int]) -> str | None:
    b = range_bound(spot, street, sizes)
    if b <= RANGE_EXACT:
        return None
    return (f"{name} on the {street} has up to {b:,} opponent hands and board completions a "
            f"deal, above the {RANGE_EXACT:,} it enumerates (it averages {RANGE_SAMPLES:,} "
            "drawn at random)")


def range_cost(spot: Spot, street: str, sizes: list[int]) -> int:
    return min(range_bound(spot, street, sizes), RANGE_SAMPLES) * (len(sizes) + 1)


def _pointers(ctx: Ctx) -> tuple[Any, Any, bool]:
    """(high game pointer, low pointer, C usable) as the street equity uses them."""
    g = ctx.g
    high = g.high
    low_ptr = None
    if g.split:
        low_ptr = g.tables[g.halves.index("low")].ptr if g.eight_or_better else None
    ok = high is not None and (not g.split or low_ptr is not None)
    return (high.ptr if high is not None else None), low_ptr, ok


def range_equity(ctx: Ctx, player: int, street: str, ranges: Ranges, tag: str) -> np.ndarray:
    """(n,) the player's equity on `street` against `ranges` (one per
    opponent), deal by deal; `tag` names the ranges in the block's cache."""
    if BOARD not in ctx.spot.offers:
        raise PqlError("hand-versus-range equities are board-game functions")
    known = ctx.street_cards(street)
    key = ("hvr", player, street, tag)
    if key in ctx.cache:
        out: np.ndarray = ctx.cache[key]
        return out
    d = ctx.d
    hero = np.ascontiguousarray(d.holes[player], dtype=np.uint8)
    boards = np.ascontiguousarray(d.board[:, :5], dtype=np.uint8)
    live = ((1 << 52) - 1) & ~ctx.dead_mask
    for c in range(52):
        if c not in ctx._deck:
            live &= ~(1 << c)
    seed = int.from_bytes(hashlib.blake2b(hero.tobytes() + boards[:, :known].tobytes()
                                          + f"{player}/{tag}".encode(),
                                          digest_size=8).digest(), "little")
    got = None
    high_ptr, low_ptr, c_ok = _pointers(ctx)
    if c_ok and len(ranges) <= kernels.PQL_RANGE_MAX_OPPONENTS:
        res = kernels.pql_range_equity(high_ptr, low_ptr, hero, boards, known, live, ranges,
                                       RANGE_EXACT, RANGE_SAMPLES, seed, known)
        if res is not None:
            got = res[0]
    if got is None:
        got = _range_equity_numpy(ctx, hero, boards, known, live, ranges, RANGE_EXACT,
                                  RANGE_SAMPLES, seed)
    # no hand of the ranges fits the known cards: the player faces none of
    # them and its equity is taken as 1
    got = np.where(np.isnan(got), 1.0, got)
    ctx.cache[key] = got
    return np.asarray(got)


def _range_equity_numpy(ctx: Ctx, hero: np.ndarray, boards: np.ndarray, known: int, live: int,
                        ranges: Ranges, limit: int, samples: int, seed: int) -> np.ndarray:
    """:func:`range_equity` deal by deal in numpy (without the C core; NaN where
    no tuple fits).  The draws are numpy's, not the C kernel's."""
    n, h = hero.shape
    m = len(ranges)
    k = 5 - known
    rng = np.random.Generator(np.random.PCG64(seed))
    rmasks = [masks_of(np.asarray(hs, np.uint8)) for hs, _ in ranges]
    out = np.full(n, np.nan)
    bits = np.uint64(1) << np.arange(52, dtype=np.uint64)
    for d in range(n):
        km = int(masks_of(np.concatenate([hero[d], boards[d, :known]])[None, :])[0]) \
            | (((1 << 52) - 1) & ~live)
        unseen = np.array([c for c in range(52) if not (km >> c) & 1 and c in ctx._deck],
                          dtype=np.uint8)
        filt = []
        for (hs, ws), mk in zip(ranges, rmasks):
            ok = (mk & np.uint64(km)) == 0
            filt.append((np.asarray(hs, np.uint8)[ok], np.asarray(ws, float)[ok], mk[ok]))
        if any(len(f[0]) == 0 for f in filt):
            continue
        bound = math.prod(len(f[0]) for f in filt) * math.comb(len(unseen) - m * h, k)
        if bound <= limit:
            grids = np.meshgrid(*[np.arange(len(f[0])) for f in filt], indexing="ij")
            idx = np.stack([g.reshape(-1) for g in grids], axis=1)          # (T, m)
            used = np.zeros(len(idx), np.uint64)
            fits = np.ones(len(idx), bool)
            w = np.ones(len(idx))
            for j, f in enumerate(filt):
                mk = f[2][idx[:, j]]
                fits &= (used & mk) == 0
                used |= mk
                w *= f[1][idx[:, j]]
            idx, used, w = idx[fits], used[fits], w[fits]
            if not len(idx):
                continue
            free = ((used[:, None] & bits[unseen]) == 0)                    # (T, U)
            left = np.broadcast_to(unseen, free.shape)[free].reshape(len(idx), -1)
            runs = left[:, combos(left.shape[1], k)] if k else \
                np.zeros((len(idx), 1, 0), np.uint8)                        # (T, R, k)
            t_n, r_n = runs.shape[0], runs.shape[1]
            runs = runs.reshape(t_n * r_n, k)
            opp = [np.repeat(filt[j][0][idx[:, j]], r_n, axis=0) for j in range(m)]
        else:
            got_idx, got_used = [], []
            have = 0
            while have < samples:
                want = 2 * (samples - have) + 16
                cand = [rng.choice(len(f[0]), size=want, p=f[1] / f[1].sum()) for f in filt]
                used = np.zeros(want, np.uint64)
                fits = np.ones(want, bool)
                for j, f in enumerate(filt):
                    mk = f[2][cand[j]]
                    fits &= (used & mk) == 0
                    used |= mk
                sel = np.flatnonzero(fits)[:samples - have]
                got_idx.append(np.stack([c[sel] for c in cand], axis=1))
                got_used.append(used[sel])
                have += len(sel)
            idx = np.concatenate(got_idx)
            used = np.concatenate(got_used)
            w = np.ones(len(idx))
            keys = rng.random((len(idx), len(unseen)))
            keys[(used[:, None] & bits[unseen]) != 0] = 2.0
            pick = np.argsort(keys, axis=1)[:, :k]
            runs = unseen[pick]
            t_n, r_n = len(idx), 1
            opp = [filt[j][0][idx[:, j]] for j in range(m)]
        rows = t_n * r_n
        board = np.concatenate([np.broadcast_to(boards[d, :known], (rows, known)),
                                runs.astype(np.uint8)], axis=1)
        halves: dict[str, list[np.ndarray]] = {}
        for hand in [np.broadcast_to(hero[d], (rows, h))] + opp:
            for half, v in ctx._evaluate(np.ascontiguousarray(hand, dtype=np.uint8),
                                         np.ascontiguousarray(board)).items():
                halves.setdefault(half, []).append(v)
        sh = pot_shares({hf: np.stack(v) for hf, v in halves.items()}, ctx.g.split)[0]
        per = sh.reshape(t_n, r_n).mean(axis=1)
        out[d] = float((per * w).sum() / w.sum())
    return out
