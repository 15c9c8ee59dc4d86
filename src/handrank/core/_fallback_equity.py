"""The pure-Python backend of the equity jobs of :mod:`handrank.core.kernels`, with numpy.

A job whose C driver and numpy algorithm differ (not one C entry point and its
twin) runs here without the C core: the door's job function chooses, the
caller sees one function.  The hands are ranked by an `evaluate` the door
hands in (its own batch evaluator, with the fallback behind it), so nothing
here knows the backend.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable
from typing import Any

import numpy as np

from . import _fallback, _run
from ._combinations import combinations
from ._tables import GameTables
from .errors import InvalidRangeError

#: Boards per call of the Omaha batch evaluator.
CHUNK = 1 << 16

#: ``evaluate(holes (rows, h), boards (rows, 5), out (rows,))``: the strengths into `out`.
Evaluate = Callable[[np.ndarray, np.ndarray, np.ndarray], None]


def boards_of(board: np.ndarray, rest: np.ndarray) -> np.ndarray:
    """`board` followed by each row of `rest`: (rows, 5) uint8."""
    return np.ascontiguousarray(
        np.concatenate([np.broadcast_to(board, (len(rest), len(board))), rest], axis=1),
        dtype=np.uint8)


def tally(s: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Per player of (players, boards) strengths: boards won alone, boards tied,
    sum of pot shares, sum of their squares."""
    top = s == s.max(axis=0)
    count = top.sum(axis=0)
    share = top / count
    return ((top & (count == 1)).sum(axis=1), (top & (count > 1)).sum(axis=1),
            share.sum(axis=1), (share * share).sum(axis=1))


def strengths(evaluate: Evaluate, holes: list[list[int]], boards: np.ndarray) -> np.ndarray:
    """(players, boards) strengths, one `evaluate` call per player."""
    nb = len(boards)
    out = np.empty((len(holes), nb), dtype=np.uint16)
    for p, h in enumerate(holes):
        hs = np.ascontiguousarray(np.broadcast_to(np.array(h, dtype=np.uint8), (nb, len(h))))
        evaluate(hs, boards, out[p])
    return out


def omaha_exact(evaluate: Evaluate, holes: list[list[int]], board: np.ndarray,
                deck: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, int]:
    """Exact equity of exact Omaha hands: every completion of `board` from `deck`,
    ``CHUNK`` boards at a time.  (win, tie, equity, boards), as kernels.omaha_exact."""
    n = len(holes)
    idx = combinations(len(deck), 5 - len(board))
    total = np.zeros((4, n))
    for lo in range(0, len(idx), CHUNK):
        boards = boards_of(board, deck[idx[lo:lo + CHUNK]])
        total += np.array(tally(strengths(evaluate, holes, boards)))
    nb = len(idx)
    return total[0] / nb, total[1] / nb, total[2] / nb, nb


# ------------------------------------------------ hold'em Monte Carlo

#: Divides every tie size 1..10 (HR_SHARE_UNIT).
SHARE_UNIT = 2520
#: Trials dealt and evaluated together by :func:`holdem_mc`.
PYTHON_MC_CHUNK = 1 << 15
BOARD_CARDS = 5


def holdem_stderr(total: np.ndarray, n: int) -> np.ndarray:
    """The standard error of each player's equity from hold'em's Monte Carlo
    tallies (the C core's layout: wins, ties, shares, squared shares, trials)."""
    acc = float(total[4 * n])
    if acc < 2:
        return np.full(n, np.inf)
    mean = total[2 * n:3 * n] / SHARE_UNIT / acc
    mean_sq = total[3 * n:4 * n] / SHARE_UNIT**2 / acc
    var = np.maximum(mean_sq - mean * mean, 0.0) * acc / (acc - 1)
    out: np.ndarray = np.sqrt(var / acc)
    return out


def holdem_mc(g: GameTables, combos: list[np.ndarray], weights: list[np.ndarray],
              deal: list[bool], board: np.ndarray, dead: np.ndarray, cap: int, chunk_size: int,
              target: float | None, seed: int, tally: Any) -> np.ndarray:
    """Hold'em Monte Carlo with numpy, ``PYTHON_MC_CHUNK`` trials at a time: the
    tallies (4 n + 2 int64, the C core's layout) of `cap` trials, or fewer once
    the standard error is below `target` (checked every `chunk_size`).

    Each trial draws every ranged player's combo by weight and is rejected
    when two of them share a card (so a tuple's chance is proportional to the
    product of its weights, as in the C core); the random players' hands
    (`deal`) and the missing board cards are then dealt from the cards left:
    one uniform key per card, known cards keyed out, the smallest keys in key
    order.  One numpy ``Generator`` seeded by `seed` draws everything, so the
    same seed gives the same result bit for bit.
    """
    rng = np.random.default_rng(seed)
    n = len(combos)
    m = BOARD_CARDS - len(board)
    ranged = [p for p in range(n) if not deal[p]]
    dealt = [p for p in range(n) if deal[p]]
    k = 2 * len(dealt) + m                       # cards dealt per trial
    cums = []
    for p in ranged:
        c = np.cumsum(weights[p])
        cums.append(c / c[-1])
    known = ~np.asarray(g.in_deck[:52], dtype=bool)
    known[board] = True
    known[dead] = True
    total = np.zeros(4 * n + 2, dtype=np.int64)
    while total[4 * n] < cap:
        todo = int(min(chunk_size, cap - total[4 * n]))
        done, attempts, max_attempts = 0, 0, max(1000 * todo, 1_000_000)
        while done < todo:
            if attempts >= max_attempts:
                if total[4 * n] + done == 0:
                    raise InvalidRangeError("the players' ranges always clash: "
                                            "no deal is possible")
                raise InvalidRangeError("the players' ranges clash in almost every deal")
            rows = min(PYTHON_MC_CHUNK, max(todo - done, 1024))
            attempts += rows
            holes = _draw_ranged(combos, rng, rows, ranged, cums)
            rows = min(len(holes), todo - done)
            if rows == 0:
                continue
            holes = holes[:rows]
            boards = _deal_rest(board, rng, holes, ranged, dealt, k, known)
            _score_deals(g, holes, boards, total)
            done += rows
            tally.add(rows)
        total[4 * n] += done
        if target is not None and holdem_stderr(total, n).max() < target:
            break
    return total


def _draw_ranged(combos: list[np.ndarray], rng: np.random.Generator, rows: int,
                 ranged: list[int], cums: list[np.ndarray]) -> np.ndarray:
    """`rows` draws of the ranged players' combos by weight, those where two of them
    share a card left out: (rows kept, n, 2) uint8, the dealt players' rows unset."""
    holes = np.empty((rows, len(combos), 2), dtype=np.uint8)
    for p, cum in zip(ranged, cums):
        pick = np.minimum(np.searchsorted(cum, rng.random(rows), side="right"), len(cum) - 1)
        holes[:, p] = combos[p][pick]
    if len(ranged) > 1:
        held = np.sort(holes[:, ranged].reshape(rows, -1), axis=1)
        ok = (held[:, 1:] != held[:, :-1]).all(axis=1)
        holes = holes[ok]
    return holes


def _deal_rest(board: np.ndarray, rng: np.random.Generator, holes: np.ndarray,
               ranged: list[int], dealt: list[int], k: int, known: np.ndarray) -> np.ndarray:
    """Deal the random players' hands (into `holes`) and the missing board cards from
    the cards left, the smallest of one uniform key per card; returns the boards."""
    rows = len(holes)
    keys = rng.random((rows, 52))
    keys[:, known] = 2.0
    if ranged:
        np.put_along_axis(keys, holes[:, ranged].reshape(rows, -1).astype(np.intp), 2.0,
                          axis=1)
    if k:
        part = np.argpartition(keys, k - 1, axis=1)[:, :k]
        order = np.argsort(np.take_along_axis(keys, part, axis=1), axis=1)
        drawn = np.take_along_axis(part, order, axis=1).astype(np.uint8)
    else:
        drawn = np.zeros((rows, 0), dtype=np.uint8)
    if dealt:
        holes[:, dealt] = drawn[:, :2 * len(dealt)].reshape(rows, len(dealt), 2)
    boards: np.ndarray = np.concatenate(
        [np.broadcast_to(board, (rows, len(board))), drawn[:, 2 * len(dealt):]], axis=1)
    return boards


def _score_deals(g: GameTables, holes: np.ndarray, boards: np.ndarray,
                 total: np.ndarray) -> None:
    """Add the deals' wins, ties, shares and squared shares to `total` (the C core's layout)."""
    rows, n = holes.shape[0], holes.shape[1]
    strengths = np.empty((n, rows), dtype=np.uint16)
    for p in range(n):
        hand = np.ascontiguousarray(np.concatenate([boards, holes[:, p]], axis=1))
        if _fallback.eval_batch(g, hand, strengths[p]) >= 0:
            raise RuntimeError("internal error: a bad hand in a Monte Carlo deal")
    top = strengths == strengths.max(axis=0)
    count = top.sum(axis=0)
    share = top * (SHARE_UNIT // count).astype(np.int64)
    total[:n] += (top & (count == 1)).sum(axis=1)
    total[n:2 * n] += (top & (count > 1)).sum(axis=1)
    total[2 * n:3 * n] += share.sum(axis=1)
    total[3 * n:4 * n] += (share * share).sum(axis=1)


# ------------------------------------------------ Omaha Monte Carlo of exact hands

#: Trials between two `target` checks of the Omaha samplers.
OMAHA_TARGET_CHUNK = 100_000


def sample_boards(board: np.ndarray, deck: np.ndarray, m: int, cap: int, target: float | None,
                  seed: int, tally: Callable[[np.ndarray], np.ndarray],
                  stderr: Callable[[np.ndarray, int], np.ndarray]) -> tuple[np.ndarray, int]:
    """Monte Carlo over runouts with numpy: deals `m` more board cards from `deck`
    per trial (one ``Generator`` seeded by `seed`), adds the array
    ``tally(boards)`` per chunk, and stops after `cap` trials, or once
    ``stderr(total, done)`` is below `target`.  Returns (total, trials done).
    """
    rng = np.random.default_rng(seed)
    step = OMAHA_TARGET_CHUNK if target else CHUNK
    total: np.ndarray | None = None
    done = 0
    while done < cap:
        k = int(min(step, cap - done))
        for lo in range(0, k, CHUNK):
            n_rows = min(CHUNK, k - lo)
            # m distinct cards per row: the m smallest of uniform keys
            pick = np.argpartition(rng.random((n_rows, len(deck))), m - 1, axis=1)[:, :m] \
                if m else np.zeros((n_rows, 0), dtype=np.int64)
            part = np.asarray(tally(boards_of(board, deck[pick])), dtype=np.float64)
            total = part if total is None else total + part
        done += k
        if target is not None and total is not None and stderr(total, done).max() < target:
            break
    if total is None:
        raise RuntimeError("internal error: a Monte Carlo run of no trials")
    return total, done


# ------------------------------------------------ Omaha Monte Carlo of ranges

#: Draws per wanted trial before a sampler gives up on ranges that clash, and
#: the draws tried before it decides that no deal exists.
MAX_DRAWS_FACTOR = 1000
MIN_DRAWS = 1_000_000


def check_draws(done: int, drawn: int, cap: int) -> None:
    """The bounded rejection loop's stop, shared by the Omaha and any-game samplers.

    Raises InvalidRangeError when `drawn` draws gave no deal (after
    ``MIN_DRAWS``), or more than ``MAX_DRAWS_FACTOR`` draws per wanted trial
    gave fewer than `cap` deals.
    """
    if done == 0 and drawn >= MIN_DRAWS:
        raise InvalidRangeError(f"no deal found in {drawn:,} draws: the ranges collide "
                                "with each other (or leave no deal at all)")
    if drawn >= MAX_DRAWS_FACTOR * max(cap, 1) and done < cap:
        # Fewer deals than asked for: say so rather than return a
        # result on fewer trials than the caller wanted.
        raise InvalidRangeError("the players' ranges clash in almost every deal")


def draw_batch(rng: np.random.Generator, hands: list[np.ndarray], probs: list[Any], k: int,
               blocked: np.ndarray, board: np.ndarray,
               m: int) -> tuple[list[np.ndarray], np.ndarray]:
    """One batch of `k` draws: the deals whose hands fit together, and their boards.

    Draws one hand per player from its range's `hands` (uniform, or by
    `probs`), keeps the draws where no card is used twice, and completes each
    kept board with `m` cards from those neither blocked nor held.  Returns
    (each player's kept hands, boards), both of the kept rows.
    """
    hs = [r[rng.integers(0, len(r), size=k) if pr is None
            else rng.choice(len(r), size=k, p=pr)] for r, pr in zip(hands, probs)]
    used = np.zeros((k, 52), dtype=np.int8)
    rows = np.arange(k)[:, None]
    for h in hs:
        np.add.at(used, (np.broadcast_to(rows, h.shape), h), 1)
    ok = (used <= 1).all(axis=1)
    keys = rng.random((int(ok.sum()), 52)) if ok.any() else np.zeros((0, 52))
    keys[(used[ok] > 0) | blocked] = 2.0
    pick = np.argpartition(keys, m - 1, axis=1)[:, :m].astype(np.uint8) if m and len(keys) \
        else np.zeros((len(keys), m), dtype=np.uint8)
    return [np.ascontiguousarray(h[ok]) for h in hs], boards_of(board, pick)


def sample_ranges(hands: list[np.ndarray], weights: list[np.ndarray], board: np.ndarray,
                  m: int, blocked: np.ndarray, cap: int, target: float | None, seed: int,
                  tally: Callable[[list[np.ndarray], np.ndarray], np.ndarray],
                  stderr: Callable[[np.ndarray, int], np.ndarray]) -> tuple[np.ndarray, int]:
    """Monte Carlo over Omaha ranges (each player's hands and weights) with numpy.

    Each trial draws one hand per player from its range (by weight) and keeps
    the trial when no card is used twice (:func:`draw_batch`), which samples
    the joint distribution of the hands given that they fit together; adds
    ``tally(hands, boards)`` per batch and stops after `cap` trials or once
    ``stderr(total, done)`` is below `target`.  The loop is bounded
    (``MAX_DRAWS_FACTOR`` draws per trial) and raises InvalidRangeError when
    deals are too rare.  Returns (total, done).
    """
    rng = np.random.default_rng(seed)
    probs = [None if (w == w[0]).all() else w / w.sum() for w in weights]
    total: np.ndarray | None = None
    done = drawn = 0
    while done < cap:
        k = int(min(CHUNK, cap - done))
        drawn += k
        hs, boards = draw_batch(rng, hands, probs, k, blocked, board, m)
        if len(boards):
            part = np.asarray(tally(hs, boards), dtype=np.float64)
            total = part if total is None else total + part
            done += len(boards)
        if target is not None and total is not None and done >= 2 \
                and stderr(total, done).max() < target:
            break
        check_draws(done, drawn, cap)
    if total is None or done == 0:
        raise InvalidRangeError("no deal found: the ranges collide with each other")
    return total, done


# ------------------------------------------------ boardless Monte Carlo (numpy)

#: Deals per numpy pass of :func:`boardless_mc`.
BOARDLESS_CHUNK = 50_000


def boardless_sample(rng: np.random.Generator, stub: np.ndarray, c: int, m: int) -> np.ndarray:
    """`c` rows of `m` distinct cards of `stub`: the first m steps of a Fisher-Yates shuffle."""
    size = len(stub)
    perm = np.tile(stub, (c, 1))
    rows = np.arange(c)
    for j in range(m):
        r = j + (rng.random(c) * (size - j)).astype(np.intp)
        a, b = perm[rows, j].copy(), perm[rows, r]
        perm[rows, j] = b
        perm[rows, r] = a
    return np.ascontiguousarray(perm[:, :m])


def boardless_hands(known: list[list[int]], need: list[int], drawn: np.ndarray,
                    split: list[list[int]]) -> np.ndarray:
    """Each player's hand in each deal, (deals, players, cards): the `known` cards
    followed by the columns ``split[p]`` of the `drawn` cards."""
    n = drawn.shape[0]
    rows = []
    for k, idx in zip(known, split):
        base = np.broadcast_to(np.array(k, dtype=np.uint8), (n, len(k)))
        rows.append(np.concatenate([base, drawn[:, idx]], axis=1))
    return np.stack(rows, axis=1)


def boardless_mc(known: list[list[int]], need: list[int], stub: list[int], trials: int,
                 seed: int | None, score: Callable[[np.ndarray], list[np.ndarray]]
                 ) -> tuple[np.ndarray, np.ndarray, int]:
    """Monte Carlo of a game without a board with numpy: `trials` deals of the
    `need` cards each player still gets from `stub`, seeded by `seed`, each pass
    of hands (deals, players, cards) scored by ``score(hands)`` (six per-player
    sums, then the sum of squared equities).  Returns the (6, p) sums, the sum
    of squared equities and the trials."""
    p = len(known)
    m = sum(need)
    rng = np.random.default_rng(seed)
    s = np.array(stub, dtype=np.uint8)
    sums = np.zeros((6, p))
    sq = np.zeros(p)
    split = [list(range(sum(need[:i]), sum(need[:i + 1]))) for i in range(p)]
    done = 0
    while done < trials:
        c = min(BOARDLESS_CHUNK, trials - done)
        got = score(boardless_hands(known, need, boardless_sample(rng, s, c, m), split))
        for i in range(6):
            sums[i] += got[i]
        sq += got[6]
        done += c
    return sums, sq, trials


# ------------------------------------------------ hold'em exact (numpy)


def holdem_exact(g: GameTables, combos: list[np.ndarray], weights: list[np.ndarray],
                 board: np.ndarray, dead: np.ndarray, progress: Any = None
                 ) -> tuple[np.ndarray, int]:
    """Exact hold'em equity with numpy, one tuple of hands at a time, vectorised
    over boards: the (3 n + 1) sums (won alone, tied, pot share in
    ``SHARE_UNIT``, deals; each weighted) and the boards dealt.  `progress`
    counts the tuples (a :class:`handrank.core._run.Tally` argument)."""
    n = len(combos)
    m = BOARD_CARDS - len(board)
    left = int(g.in_deck[:52].sum()) - len(board) - len(dead) - 2 * n
    fixed = set(board.tolist()) | set(dead.tolist())
    # Every m-subset of the cards left, as indices into each tuple's deck (the
    # deck differs per tuple, its size does not).
    subsets = combinations(left, m).astype(np.uint8)
    out = np.zeros(3 * n + 1)
    samples = 0
    tally = _run.Tally(progress, math.prod(len(c) for c in combos))
    tally.show()
    for choice in itertools.product(*[range(len(c)) for c in combos]):
        tally.add(1)
        holes = [combos[p][k] for p, k in enumerate(choice)]
        used = set(fixed)
        clash = False
        for h in holes:
            hs = {int(h[0]), int(h[1])}
            if used & hs:
                clash = True
                break
            used |= hs
        if clash:
            continue
        w = float(np.prod([weights[p][k] for p, k in enumerate(choice)]))
        deck = np.array([c for c in range(52) if c not in used and g.in_deck[c]], dtype=np.uint8)
        if len(deck) != left:
            raise RuntimeError("internal error: the deck left differs between tuples")
        rest = deck[subsets]
        nb = len(rest)
        base = np.concatenate([np.broadcast_to(board, (nb, len(board))), rest], axis=1)
        strengths = np.empty((n, nb), dtype=np.uint16)
        for p, h in enumerate(holes):
            hand = np.ascontiguousarray(
                np.concatenate([base, np.broadcast_to(h, (nb, 2))], axis=1), dtype=np.uint8)
            if _fallback.eval_batch(g, hand, strengths[p]) >= 0:
                raise RuntimeError("internal error: a bad hand in the exact enumeration")
        best = strengths.max(axis=0)
        top = strengths == best
        count = top.sum(axis=0)
        alone = top & (count == 1)
        shared = top & (count > 1)
        out[:n] += w * alone.sum(axis=1)
        out[n:2 * n] += w * shared.sum(axis=1)
        out[2 * n:3 * n] += w * (top * (SHARE_UNIT // count)).sum(axis=1)
        out[3 * n] += w * nb
        samples += nb
    tally.finish()
    return out, samples


# ------------------------------------------- any-game Monte Carlo of ranges (numpy)


def card_masks(h: np.ndarray) -> np.ndarray:
    """A 64-bit card mask per row of card ids."""
    bits = np.left_shift(np.uint64(1), h.astype(np.uint64))
    return np.asarray(np.bitwise_or.reduce(bits, axis=1))


def table_mc(hands: list[np.ndarray | None], weights: list[np.ndarray], board: np.ndarray,
             gone: np.ndarray, k: int, cap: int, target: float | None, seed: int,
             strengths: Callable[[list[np.ndarray], np.ndarray], np.ndarray],
             tally: Callable[[np.ndarray], np.ndarray],
             stderr: Callable[[np.ndarray, int], np.ndarray]) -> tuple[np.ndarray, int]:
    """Monte Carlo over a spot with ranges of any game with a board, with numpy:
    (sums, trials), `cap` trials or fewer once ``stderr(sums, trials)`` is below
    `target`.

    Each trial draws one hand for every listed player (``hands[p]``, by
    ``weights[p]``) and keeps the trial when no card is used twice (the joint
    distribution of the hands given that they fit together); the players
    whose ``hands[p]`` is None ("random", `k` cards each) and the board are
    then dealt together from the cards not `gone`, uniformly.  A pass of kept
    trials adds ``tally(strengths(hands by player, boards))``.  The loop is
    bounded by :func:`check_draws`."""
    rng = np.random.default_rng(seed)
    n = len(hands)
    m = BOARD_CARDS - len(board)
    listed = [p for p in range(n) if hands[p] is not None]
    dealt = [p for p in range(n) if hands[p] is None]
    cums = []
    for p in listed:
        c = np.cumsum(weights[p])
        cums.append(c / c[-1])
    total: np.ndarray | None = None
    done = drawn = 0
    while done < cap:
        size = int(min(CHUNK, cap - done))
        drawn += size
        picks = []
        used = np.zeros(size, dtype=np.uint64)
        ok = np.ones(size, dtype=bool)
        for p, c in zip(listed, cums):
            hp = hands[p]
            assert hp is not None
            i = np.minimum(np.searchsorted(c, rng.random(size), side="right"), len(hp) - 1)
            h = hp[i]
            mk = card_masks(h)
            ok &= (used & mk) == 0
            used |= mk
            picks.append(h)
        rows = int(ok.sum())
        if rows:
            keys = rng.random((rows, 52))
            bits = (used[ok][:, None] >> np.arange(52, dtype=np.uint64)[None, :]) & 1
            keys[(bits == 1) | gone[None, :]] = 2.0
            take = m + k * len(dealt)
            part_idx = np.argpartition(keys, take - 1, axis=1)[:, :take] if take \
                else np.zeros((rows, 0), dtype=np.int64)
            # in key order: a uniform order of the cards dealt
            order = np.argsort(np.take_along_axis(keys, part_idx, axis=1), axis=1)
            cards_out = np.take_along_axis(part_idx, order, axis=1).astype(np.uint8)
            hs: list[np.ndarray] = [np.empty(0)] * n
            for p, h in zip(listed, picks):
                hs[p] = np.ascontiguousarray(h[ok])
            for j, p in enumerate(dealt):
                hs[p] = np.ascontiguousarray(np.sort(cards_out[:, j * k:(j + 1) * k], axis=1))
            boards = boards_of(board, cards_out[:, k * len(dealt):])
            part = tally(strengths(hs, boards))
            total = part if total is None else total + part
            done += rows
        if target is not None and total is not None and done >= 2 \
                and stderr(total, done).max() < target:
            break
        check_draws(done, drawn, cap)
    if total is None or done == 0:
        raise InvalidRangeError("no deal found: the ranges collide with each other")
    return total, done


def runouts_exact(board: np.ndarray, deck: np.ndarray, idx: np.ndarray, players: int,
                  tally: Callable[[np.ndarray], np.ndarray]) -> np.ndarray:
    """The (6, players) sums of ``tally(boards)`` over every runout of `board`
    (the cards ``deck[idx]``), ``CHUNK`` runouts at a time."""
    total = np.zeros((6, players))
    for lo in range(0, len(idx), CHUNK):
        total += tally(boards_of(board, deck[idx[lo:lo + CHUNK]]))
    return total


def pot_shares(s: np.ndarray, ok: np.ndarray | None = None
               ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Pot, high-half and low-half shares of (players, ..., 2) strengths.

    With a qualifying low somewhere, half to the best high and half to the
    best low (ties split each); with none (or no low half), the whole pot to
    the best high.  `ok` masks the deals to count (zero shares elsewhere).
    """
    high, low = s[..., 0], s[..., 1]
    high_top = high == high.max(axis=0)
    high_share = high_top / np.maximum(high_top.sum(axis=0), 1)
    best_low = low.max(axis=0)
    has_low = best_low > 0
    low_top = (low == best_low) & has_low
    low_share = low_top / np.maximum(low_top.sum(axis=0), 1)
    share = np.where(has_low, (high_share + low_share) / 2, high_share)
    if ok is not None:
        share, high_share, low_share = share * ok, high_share * ok, low_share * ok
    return share, high_share, low_share


def exact_pairs(s0: np.ndarray, s1: np.ndarray, m0: np.ndarray, m1: np.ndarray, block: int
                ) -> dict[str, np.ndarray]:
    """Every hand of player 0 against every hand of player 1 over the runouts,
    from their (runouts, hands, 2) strengths `s0`, `s1` (a high of 0: the hand
    cannot be dealt with that runout) and card masks `m0`, `m1`: player 0's
    ``equity``, ``win``, ``tie``, ``high``, ``low``, ``has_low`` (each the mean
    over the runouts both hands can be dealt with; NaN where none or where the
    two hands share a card) and ``dealt``.  About `block` cells per numpy pass."""
    r, c0, c1 = s0.shape[0], s0.shape[1], s1.shape[1]
    apart = (m0[:, None] & m1[None, :]) == 0
    keys = ("equity", "win", "tie", "high", "low", "has_low")
    out = {k: np.full((c0, c1), np.nan) for k in keys}
    dealt = np.zeros((c0, c1), dtype=bool)
    # blocks of player 0's hands against all of player 1's, (r, rows, c1) at a
    # time; every share is a multiple of 1/4, so the sums are exact in any order
    step = max(1, block // max(1, r * c1))
    for a in range(0, c0, step):
        b = min(a + step, c0)
        shape = (r, b - a, c1, 2)
        both = np.stack([np.broadcast_to(s0[:, a:b, None, :], shape),
                         np.broadcast_to(s1[:, None, :, :], shape)])   # (2, r, rows, c1, 2)
        ok = (both[0, ..., 0] > 0) & (both[1, ..., 0] > 0)
        share, hi, lo = pot_shares(both, ok)
        cnt = ok.sum(axis=0)
        good = apart[a:b] & (cnt > 0)
        c = np.maximum(cnt, 1)
        vals = (share[0].sum(axis=0), ((share[0] == 1) & ok).sum(axis=0),
                ((share[0] > 0) & (share[0] < 1) & ok).sum(axis=0), hi[0].sum(axis=0),
                lo[0].sum(axis=0), ((both[..., 1].max(axis=0) > 0) & ok).sum(axis=0))
        for k, v in zip(keys, vals):
            out[k][a:b] = np.where(good, v / c, np.nan)
        dealt[a:b] = good
    out["dealt"] = dealt
    return out


def fitting_tuples(hands: list[np.ndarray], weights: list[np.ndarray], first: int,
                   count: int) -> tuple[np.ndarray, np.ndarray]:
    """The tuples of hands (one a player, player 0's from hands ``first`` to
    ``first + count``) that fit together, as (tuples, players) indices into the
    players' hands side by side, in ``itertools.product`` order, with their
    weights (the players' in seat order, multiplied left to right, as the
    loop over tuples did); a tuple whose hands but the last weigh 0 is left out."""
    starts = np.cumsum([0] + [len(h) for h in hands])
    masks = card_masks(np.concatenate(hands))
    idx = np.arange(first, min(first + count, len(hands[0])))[:, None]
    held, wt = masks[idx[:, 0]], weights[0][idx[:, 0]].astype(float)
    for p in range(1, len(hands)):
        if p == len(hands) - 1:
            live = wt != 0
            idx, held, wt = idx[live], held[live], wt[live]
        cols = np.arange(starts[p], starts[p + 1])
        a = np.repeat(np.arange(len(idx)), len(cols))
        b = np.tile(cols, len(idx))
        keep = (held[a] & masks[b]) == 0
        a, b = a[keep], b[keep]
        idx = np.concatenate([idx[a], b[:, None]], axis=1)
        held, wt = held[a] | masks[b], wt[a] * weights[p][b - starts[p]]
    return idx, wt


def tuple_block(s: np.ndarray, block: np.ndarray, w: np.ndarray, sums: np.ndarray,
                total_w: float, deals: int) -> tuple[np.ndarray, float, int]:
    """Add a block of tuples' weighted shares on every runout to the sums.

    `s` is (runouts, hands side by side, 2), `block` (tuples, players) indices
    into it and `w` the tuples' weights."""
    st = np.ascontiguousarray(np.moveaxis(s[:, block, :], 2, 0))   # (n, r, tuples, 2)
    ok = np.asarray((st[..., 0] > 0).all(axis=0))
    share, hi, lo = pot_shares(st, ok)
    lw = w / np.maximum(ok.sum(axis=0), 1)                # weight per runout of each tuple
    sums[0] += (share.sum(axis=1) * lw).sum(axis=1)
    sums[1] += (((share == 1) & ok).sum(axis=1) * lw).sum(axis=1)
    sums[2] += (((share > 0) & (share < 1) & ok).sum(axis=1) * lw).sum(axis=1)
    sums[3] += (hi.sum(axis=1) * lw).sum(axis=1)
    sums[4] += (lo.sum(axis=1) * lw).sum(axis=1)
    return sums, total_w + float(w.sum()), deals + int(ok.sum())


def exact_tuples(hands: list[np.ndarray], weights: list[np.ndarray], s: np.ndarray,
                 block: int, tuple_cells: int) -> tuple[np.ndarray, float, int]:
    """Exact hi-lo equity of ranges of three or more players with numpy, from
    every hand's (runouts, hands side by side, 2) strengths `s`: the (5, n)
    weighted sums (equity, win, tie, high, low), the total weight and the
    deals, the fitting tuples taken in blocks of about `block` cells (player 0's
    hands a few at a time, about `tuple_cells` tuples)."""
    n, r = len(hands), s.shape[0]
    tuples = math.prod(len(h) for h in hands[:-1])
    sums = np.zeros((5, n))
    total_w = 0.0
    deals = 0
    step = max(1, block // max(1, r))                     # tuples per numpy pass
    per = max(1, tuple_cells // max(1, tuples // len(hands[0]) * len(hands[-1])))
    for first in range(0, len(hands[0]), per):            # player 0's hands, a few at a time
        idx, wt = fitting_tuples(hands, weights, first, per)
        for lo in range(0, len(idx), step):
            sums, total_w, deals = tuple_block(s, idx[lo:lo + step], wt[lo:lo + step],
                                               sums, total_w, deals)
    return sums, total_w, deals
