"""The Poker Query Language (PQL): ask any question of a deal.

>>> import handrank as hr
>>> r = hr.pql("select avg(riverEquity(hero)) as eq from game='holdem', "
...            "hero='AsAh', villain='KsKh', board='2c7d9h'")
>>> r.exact, round(r[0].value, 4)
(True, 0.9162)

A query ``select <selectors> from game=..., <player>='<range>', ...,
board=..., dead=... [where <condition>]`` is parsed and type-checked
(:mod:`._parse`, :mod:`._plan`), then run over blocks of deals as numpy
arrays, every hand evaluated by handrank's batch evaluators (:mod:`._run`):
by exhaustive enumeration when the deals are few enough, else by Monte Carlo.
See ``docs/howto/pql.md``.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import numpy as np

from ..core import _progress, _validate
from ..core.cards import card_str
from ..equity import equity as _hr_equity
from ..ranges.holdem import Range
from ._parse import Call, Name, PqlError, Query, parse
from ._plan import BOOL, CARD, FUNCTIONS, INT, NUM, RANK, RANKSET, REFUSED, Plan, compile_query
from ._race import race_fast_path, stud_equity_fast_path
from ._result import PqlResult, PqlRow
from ._run import (
    DEFAULT_TRIALS,
    EXACT_AUTO,
    EXACT_MAX,
    Sums,
    choose,
    run_exact,
    run_sampled,
)
from ._spot import GAMES, HOLDEM, build_spot

__all__ = ["pql", "PqlResult", "PqlRow", "PqlError", "GAMES", "FUNCTIONS", "REFUSED",
           "EXACT_AUTO", "EXACT_MAX", "DEFAULT_TRIALS", "supported_functions"]


def supported_functions() -> list[str]:
    """The names of the PQL functions handrank runs."""
    return sorted({f.name for f in FUNCTIONS.values()})


def _label(plan: Plan, i: int, v: Any) -> Any:
    t = plan.selectors[i].type
    if t == "hand type":
        return plan.handtypes[int(v)]
    if t == "flop category":
        return plan.flopcats[int(v)]
    if t == RANK:
        return "23456789TJQKA"[int(v)] if int(v) >= 0 else "none"
    if t == BOOL:
        return bool(v)
    if t == CARD:
        return card_str(int(v))
    if t == RANKSET:
        return "".join(r for i, r in reversed(list(enumerate("23456789TJQKA")))
                       if (int(v) >> i) & 1) or "none"
    if t == NUM:
        return float(v)
    if isinstance(v, float) and v.is_integer():
        return int(v)
    return v


def _rows(plan: Plan, s: Sums, exact: bool) -> list[PqlRow]:
    rows = []
    for i, sel in enumerate(plan.selectors):
        n = s.sw[i] if sel.kind in ("avg", "count", "histogram") else s.kept
        if sel.kind in ("avg", "count"):
            mean = s.swx[i] / n
            if exact:
                se = 0.0
            else:
                var = max(s.swx2[i] / n - mean * mean, 0.0) * (n / (n - 1) if n > 1 else 0.0)
                se = math.sqrt(var / n) if n > 0 else 0.0
            rows.append(PqlRow(sel.name, sel.kind, mean, se,
                               percent=not (sel.kind == "avg" and sel.type == INT)))
        elif sel.kind == "histogram":
            keys = sorted(s.hist[i])
            value = {_label(plan, i, k): s.hist[i][k] / n for k in keys}
            if exact:
                stderr = {k: 0.0 for k in value}
            else:
                stderr = {k: math.sqrt(max(p * (1 - p), 0.0) / n) for k, p in value.items()}
            rows.append(PqlRow(sel.name, sel.kind, value, stderr))
        else:
            v = s.ext[i]
            rows.append(PqlRow(sel.name, sel.kind, None if v is None else _label(plan, i, v),
                               0.0 if exact else None))
    return rows


_FAST = {"riverequity": "avg", "fractionalriverequity": "avg", "winshi": "count",
         "tieshi": "count"}


def _equity_fast_path(q: Query, plan: Plan, **kw: Any) -> PqlResult | None:
    """A query of showdown equities only (``avg(riverEquity(p))``, and heads-up
    ``count(winsHi(p))``, ``count(tiesHi(p))``) in hold'em,
    without ``where``: :func:`handrank.equity`'s C enumeration, or its C Monte
    Carlo in chunks of :data:`FAST_CHUNK` trials (a tenth of it with a target
    standard error), chunk ``k`` seeded from
    ``(seed, k)`` and summed in chunk order (the same answer on any number of
    threads and on a Dask cluster).  None when the query is any other."""
    spot = plan.spot
    if HOLDEM not in spot.offers or spot.game.split or len(spot.deck) != 52:
        return None                     # hr.equity's hold'em: the full deck, one half
    which: list[tuple[str, int]] = []
    names = [p.name.lower() for p in spot.players]
    for s in q.selectors:
        e = s.expr
        if not (isinstance(e, Call) and len(e.args) == 1 and isinstance(e.args[0], Name)):
            return None
        fn = e.name.lower()
        if _FAST.get(fn) != s.kind or e.args[0].name.lower() not in names:
            return None
        if fn in ("winshi", "tieshi") and len(names) != 2:
            return None
        which.append((fn, names.index(e.args[0].name.lower())))
    players: list[Any] = []
    for p in spot.players:
        if p.random:
            players.append("random")
        else:
            assert p.hands is not None and p.weights is not None
            players.append(Range.from_combos([tuple(int(c) for c in h) for h in p.hands],
                                             p.weights.tolist()))
    try:
        r = None
        if kw["exact"] is not False and kw["trials"] is None and kw["target_stderr"] is None:
            # hr.equity's own choice (exact=None) or insistence (exact=True); a
            # Monte Carlo answer of its choosing is set aside for the chunked one
            got = _hr_equity(players, board=spot.board, dead=spot.dead, exact=kw["exact"],
                             threads=kw["threads"], progress=kw["progress"])
            r = got if got.exact else None
        if r is None:
            r = _chunked_equity(players, spot, kw)
    except ValueError as exc:
        raise PqlError(str(exc)) from None
    n = int(r.samples)
    rows = []
    for sel, (fn, i) in zip(plan.selectors, which):
        if fn in ("riverequity", "fractionalriverequity"):
            v, se = float(r.equity[i]), 0.0 if r.exact else float(r.stderr[i])
        else:
            v = float((r.win[i] if fn == "winshi" else r.tie[i])
                      / (r.n if isinstance(r, _Chunked) else 1))
            se = 0.0 if r.exact else math.sqrt(max(v * (1 - v), 0.0) / n)
        rows.append(PqlRow(sel.name, sel.kind, v, se))
    return PqlResult(q.text, rows, exact=bool(r.exact), samples=n, trials=n,
                     seed=None if r.exact else kw["seed"], game=spot.pql_game)


#: Monte Carlo trials per hr.equity call of the equity fast path
FAST_CHUNK = 1_000_000


def _chunk_seed(seed: int, k: int) -> int:
    ss = np.random.SeedSequence(seed, spawn_key=(k,))
    return int(ss.generate_state(1, np.uint64)[0] >> np.uint64(1))


def _equity_chunk(players: list[Any], board: list[int], dead: list[int], trials: int,
                  seed: int) -> Any:
    return _hr_equity(players, board=board, dead=dead, exact=False, trials=trials,
                      seed=seed, threads=1)


class _Chunked:
    """The fields of an EquityResult, summed over chunks."""

    def __init__(self, k: int) -> None:
        self.n = 0
        self.eq = np.zeros(k)
        self.win = np.zeros(k)
        self.tie = np.zeros(k)
        self.var = np.zeros(k)          # sum of n^2 se^2
        self.exact = False

    def add(self, r: Any) -> None:
        n = int(r.samples)
        self.n += n
        self.eq += n * np.asarray(r.equity)
        self.win += n * np.asarray(r.win)
        self.tie += n * np.asarray(r.tie)
        self.var += (n * np.asarray(r.stderr)) ** 2

    @property
    def samples(self) -> int:
        return self.n

    @property
    def equity(self) -> np.ndarray:
        out: np.ndarray = self.eq / self.n
        return out

    @property
    def stderr(self) -> np.ndarray:
        out: np.ndarray = np.sqrt(self.var) / self.n
        return out


def _chunked_equity(players: list[Any], spot: Any, kw: dict[str, Any]) -> Any:
    seed = kw["seed"]
    if seed is None:
        seed = int(np.random.SeedSequence().entropy % (1 << 63))  # type: ignore[operator]
        kw["seed"] = seed
    target = kw["target_stderr"]
    total = kw["trials"] if kw["trials"] is not None else (
        100_000_000 if target is not None else 1_000_000)
    chunk = FAST_CHUNK if target is None else FAST_CHUNK // 10
    sizes = [chunk] * (total // chunk) + ([total % chunk] if total % chunk else [])
    acc = _Chunked(len(players))
    client, threads = kw["client"], max(1, int(kw["threads"] or 1))
    wave = threads if client is None else 8
    b = 0
    while b < len(sizes):
        ids = list(range(b, min(len(sizes), b + wave)))
        args = [(players, spot.board, spot.dead, sizes[k], _chunk_seed(seed, k)) for k in ids]
        if client is not None:
            futs = [client.submit(_equity_chunk, *a, pure=False) for a in args]
            results = client.gather(futs)
        elif threads > 1:
            with ThreadPoolExecutor(threads) as pool:
                results = list(pool.map(lambda a: _equity_chunk(*a), args))
        else:
            results = [_equity_chunk(*a) for a in args]
        for r in results:
            acc.add(r)
            b += 1
            if kw["progress"] is not None:
                kw["progress"](acc.n, total)
            if target is not None and float(acc.stderr.max()) <= target:
                return acc
    return acc


def pql(query: str, *, trials: int | None = None, seed: int | None = None,
        exact: bool | None = None, target_stderr: float | None = None,
        threads: int | None = None, client: Any = None,
        progress: Callable[[int, int], None] | bool | None = None) -> PqlResult:
    """Run a PQL query.

    Parameters
    ----------
    query : str
        ``select <selectors> from game='holdem', hero='AA', villain='**' [where ...]``.
    trials : int, optional
        Monte Carlo deals (default 600,000, the Odds Oracle's); with
        `target_stderr`, the most to deal.
    seed : int, optional
        The seed of a simulation: the same seed gives the same answer for any
        `threads` and on a Dask cluster.
    exact : bool, optional
        None chooses: enumerate when the estimated work (deals x evaluations per
        deal) is at most :data:`EXACT_AUTO`, else simulate; True enumerates
        (refused above :data:`EXACT_MAX`); False simulates.
    target_stderr : float, optional
        Simulate until every ``avg``/``count``/``histogram`` figure's standard
        error is at most this (a fraction).
    threads : int, optional
        Blocks run on this many threads.
    client : dask.distributed.Client, optional
        Blocks run on the cluster.
    progress : callable or bool, optional
        Called ``progress(done, total)`` after each block; ``True`` draws a
        bar on stderr, ``False`` none; the default draws one in a Jupyter
        notebook once the query has taken a second.

    Returns
    -------
    PqlResult

    Raises
    ------
    PqlError
        A malformed query (line, column, caret), an unknown or unsupported
        name, a range that cannot be dealt, a ``where`` no deal satisfies.
    """
    q = parse(query)
    spot = build_spot(query, q.bindings)
    plan = compile_query(q, spot)
    report: Callable[[int, int], None] | None = _progress.resolve(progress, "pql")  # bar
    if threads is not None and (not isinstance(threads, int) or threads < 1):
        raise PqlError(f"threads must be a positive int, got {threads!r}")
    if trials is not None and (isinstance(trials, bool) or not isinstance(trials, int)
                               or trials < 1):
        raise PqlError(f"trials must be a positive int, got {trials!r}")
    if target_stderr is not None and (isinstance(target_stderr, bool)
                                      or not isinstance(target_stderr, (int, float))
                                      or not target_stderr > 0):
        raise PqlError(f"target_stderr must be positive, got {target_stderr!r}")
    if seed is not None:
        try:                  # 0 .. 2**64 - 1, never reduced (as hr.equity)
            seed = _validate.seed(seed)
        except (TypeError, ValueError) as exc:
            raise PqlError(str(exc)) from None
    if q.where is None:
        fast = _equity_fast_path(q, plan, trials=trials, seed=seed, exact=exact,
                                 target_stderr=target_stderr, threads=threads,
                                 progress=report, client=client)
        if fast is not None:
            return fast
    stud = stud_equity_fast_path(q, plan, trials=trials, seed=seed, exact=exact,
                                 target_stderr=target_stderr, threads=threads, client=client,
                                 progress=report)
    if stud is not None:
        return stud
    race = race_fast_path(q, plan, trials=trials, seed=seed, exact=exact,
                          target_stderr=target_stderr, threads=threads, client=client,
                          progress=report)
    if race is not None:
        return race
    do_exact, est = choose(plan, exact, trials, target_stderr)
    if do_exact:
        sums = run_exact(plan, report, est)
        used_seed = None
    else:
        sums, used_seed = run_sampled(plan, query, trials=trials, seed=seed,
                                      target_stderr=target_stderr, threads=threads,
                                      client=client, progress=report)
    if sums.kept <= 0:
        raise PqlError("no deal satisfies the 'where' condition"
                       + ("" if do_exact else f" (in {sums.deals:,} trials)"))
    return PqlResult(query, _rows(plan, sums, do_exact), exact=do_exact,
                     samples=sums.kept_n, trials=sums.deals, seed=used_seed,
                     game=spot.pql_game)
