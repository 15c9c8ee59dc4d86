"""The stud race in C: ``histogram(winningHandType())`` of random players.

A query whose selectors are all ``histogram(winningHandType())``, in a stud
game with a high half, every player ``*``, no ``where``, simulated: the C
kernel ``hr_pql_race_types`` (through :mod:`handrank.core.kernels`) deals and
ranks whole chunks of :data:`RACE_CHUNK` trials, chunk ``k`` on the random
stream ``(seed, k)``, summed in chunk order: the same answer on any number
of threads.  Any other query (or no C core) goes the general way.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import numpy as np

from ..core import kernels
from ..core.cards import card_str
from ..operations import equity as _hr_equity
from ._parse import Call, Name, PqlError, Query
from ._plan import Plan, _categories_to_ordinal
from ._result import PqlResult, PqlRow
from ._run import DEFAULT_TRIALS
from ._spot import STUD, stud_street

__all__ = ["RACE_CHUNK", "race_fast_path", "stud_equity_fast_path"]

#: Trials per kernel call (about 0.1 s on one core)
RACE_CHUNK = 1_000_000


def _is_race(q: Query, plan: Plan) -> bool:
    spot = plan.spot
    if STUD not in spot.offers or "high" not in spot.game.halves:
        return False
    if not 2 <= len(spot.players) <= kernels.PQL_MAX_PLAYERS:
        return False
    if not all(p.random for p in spot.players):
        return False
    if spot.hole * len(spot.players) > len(spot.deck) - len(spot.dead):
        return False
    return all(s.kind == "histogram" and isinstance(s.expr, Call)
               and s.expr.name.lower() == "winninghandtype" and not s.expr.args
               for s in q.selectors)


def race_fast_path(q: Query, plan: Plan, *, trials: int | None, seed: int | None,
                   exact: bool | None, target_stderr: float | None, threads: int | None,
                   client: Any, progress: Callable[[int, int], None] | None
                   ) -> PqlResult | None:
    """The stud race's answer from the C kernel, or None for any other query."""
    if (q.where is not None or exact is True or target_stderr is not None or client is not None
            or not kernels.HAVE_C or not _is_race(q, plan)):
        return None
    spot = plan.spot
    if seed is None:
        seed = int(np.random.SeedSequence().entropy % (1 << 63))  # type: ignore[operator]
    total = DEFAULT_TRIALS if trials is None else trials
    sizes = [RACE_CHUNK] * (total // RACE_CHUNK) + ([total % RACE_CHUNK]
                                                    if total % RACE_CHUNK else [])
    dead = set(spot.dead)
    stub = np.array([c for c in spot.deck if c not in dead], dtype=np.uint8)
    high = spot.game.high
    if high is None:
        return None
    ptr = high.ptr
    players, full = len(spot.players), spot.hole

    def chunk(k: int) -> np.ndarray:
        got: np.ndarray = kernels.pql_race_types(ptr, players, full, stub, sizes[k], seed, k)
        return got

    hist = np.zeros(10, dtype=np.int64)
    wave = max(1, int(threads or 1))
    done = 0
    pool = ThreadPoolExecutor(wave) if wave > 1 else None
    try:
        for b in range(0, len(sizes), wave):
            ids = range(b, min(len(sizes), b + wave))
            parts = list(pool.map(chunk, ids)) if pool is not None else [chunk(k) for k in ids]
            for part in parts:                      # in chunk order
                hist += part
            done += sum(sizes[k] for k in ids)
            if progress is not None:
                progress(done, total)
    finally:
        if pool is not None:
            pool.shutdown()
    lut = _categories_to_ordinal(spot)
    by_ordinal = {int(lut[c]): int(hist[c]) for c in range(1, 10) if hist[c]}
    value = {plan.handtypes[o]: by_ordinal[o] / total for o in sorted(by_ordinal)}
    stderr = {k: float(np.sqrt(max(p * (1 - p), 0.0) / total)) for k, p in value.items()}
    rows = [PqlRow(s.name, s.kind, dict(value), dict(stderr)) for s in plan.selectors]
    return PqlResult(q.text, rows, exact=False, samples=total, trials=total, seed=seed,
                     game=spot.pql_game)


_EQUITY = {"riverequity": 0, "fractionalriverequity": 0, "equity": 1, "hvhequity": 1}


def stud_equity_fast_path(q: Query, plan: Plan, *, trials: int | None, seed: int | None,
                          exact: bool | None, target_stderr: float | None,
                          threads: int | None, client: Any,
                          progress: Callable[[int, int], None] | None) -> PqlResult | None:
    """Stud equities averaged, from :func:`handrank.equity` (exact when its
    deals are few enough, else its Monte Carlo with the seed).

    A query whose selectors are all ``avg(riverEquity(p))`` or
    ``avg(equity(p, street))`` (``HvHequity``, ``fractionalRiverEquity``), in a
    stud game, every player given the same number k (3..7) of exact cards, no
    ``where``, no cluster, and every street at k cards or later: the mean over
    the deals of the equity on a street at or after the cards known is the
    equity from the cards known (the mean of a conditional mean), so every
    selector of one player has the value of ``hr.equity`` of the players'
    known cards.  None for any other query."""
    spot = plan.spot
    if STUD not in spot.offers or q.where is not None or client is not None:
        return None
    counts = {p.hands.shape[1] if p.hands is not None else 0 for p in spot.players}
    if len(counts) != 1:
        return None
    (k,) = counts
    if not 3 <= k <= 7:
        return None
    names = [p.name.lower() for p in spot.players]
    which: list[int] = []
    for s in q.selectors:
        e = s.expr
        if s.kind != "avg" or not isinstance(e, Call) or e.name.lower() not in _EQUITY:
            return None
        args = e.args
        if not args or not isinstance(args[0], Name) or args[0].name.lower() not in names:
            return None
        if _EQUITY[e.name.lower()] == 1 and len(args) == 2:
            if not isinstance(args[1], Name):
                return None
            try:
                street = stud_street(args[1].name.lower())
            except KeyError:
                return None
            if street < k:
                return None
        elif len(args) != 1:
            return None
        which.append(names.index(args[0].name.lower()))
    players = [" ".join(card_str(int(c)) for c in p.hands[0])    # type: ignore[index]
               for p in spot.players]
    dead = " ".join(card_str(int(c)) for c in spot.dead)
    try:
        r = _hr_equity(players, dead=dead, game=spot.game.name, exact=exact,
                       trials=trials if (trials is not None or target_stderr is not None)
                       else DEFAULT_TRIALS,
                       target_stderr=target_stderr, seed=seed, threads=threads,
                       progress=progress)
    except ValueError as exc:
        raise PqlError(str(exc)) from None
    n = int(r.samples)
    rows = [PqlRow(s.name, s.kind, float(r.equity[i]),
                   0.0 if r.exact else float(r.stderr[i]))
            for s, i in zip(plan.selectors, which)]
    return PqlResult(q.text, rows, exact=bool(r.exact), samples=n, trials=n,
                     seed=None if r.exact else seed, game=spot.pql_game)
