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
from typing import Any

from ..equity import equity as _hr_equity
from ..ranges.holdem import Range
from ._parse import Call, Name, PqlError, Query, parse
from ._plan import BOOL, FUNCTIONS, NUM, RANK, REFUSED, Plan, compile_query
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
from ._spot import GAMES, build_spot

__all__ = ["pql", "PqlResult", "PqlRow", "PqlError", "GAMES", "FUNCTIONS", "REFUSED",
           "EXACT_AUTO", "EXACT_MAX", "DEFAULT_TRIALS", "supported_functions"]


def supported_functions() -> list[str]:
    """The names of the PQL functions handrank runs."""
    return sorted({f.name for f in FUNCTIONS.values()})


def _label(plan: Plan, i: int, v: Any) -> Any:
    t = plan.selectors[i].type
    if t == "hand type":
        return plan.handtypes[int(v)]
    if t == RANK:
        return "23456789TJQKA"[int(v)] if int(v) >= 0 else "none"
    if t == BOOL:
        return bool(v)
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
            rows.append(PqlRow(sel.name, sel.kind, mean, se))
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
    without ``where``: :func:`handrank.equity`'s C enumeration or Monte Carlo
    answers it whole.  None when the query is any other."""
    spot = plan.spot
    if spot.kind != "shared" or spot.game.split or len(spot.deck) != 52:
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
        r = _hr_equity(players, board=spot.board, dead=spot.dead, game=spot.game.name,
                       exact=kw["exact"], trials=kw["trials"], seed=kw["seed"],
                       target_stderr=kw["target_stderr"], threads=kw["threads"],
                       progress=kw["progress"])
    except ValueError as exc:
        raise PqlError(str(exc)) from None
    n = int(r.samples)
    rows = []
    for sel, (fn, i) in zip(plan.selectors, which):
        if fn in ("riverequity", "fractionalriverequity"):
            v, se = float(r.equity[i]), 0.0 if r.exact else float(r.stderr[i])
        else:
            v = float(r.win[i] if fn == "winshi" else r.tie[i])
            se = 0.0 if r.exact else math.sqrt(max(v * (1 - v), 0.0) / n)
        rows.append(PqlRow(sel.name, sel.kind, v, se))
    return PqlResult(q.text, rows, exact=bool(r.exact), samples=n, trials=n,
                     seed=None if r.exact else kw["seed"], game=spot.pql_game)


def pql(query: str, *, trials: int | None = None, seed: int | None = None,
        exact: bool | None = None, target_stderr: float | None = None,
        threads: int | None = None, client: Any = None,
        progress: Callable[[int, int], None] | None = None) -> PqlResult:
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
    progress : callable, optional
        Called ``progress(done, total)`` after each block.

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
    if threads is not None and (not isinstance(threads, int) or threads < 1):
        raise PqlError(f"threads must be a positive int, got {threads!r}")
    if trials is not None and (isinstance(trials, bool) or not isinstance(trials, int)
                               or trials < 1):
        raise PqlError(f"trials must be a positive int, got {trials!r}")
    if client is None and q.where is None:
        fast = _equity_fast_path(q, plan, trials=trials, seed=seed, exact=exact,
                                 target_stderr=target_stderr, threads=threads,
                                 progress=progress)
        if fast is not None:
            return fast
    do_exact, est = choose(plan, exact, trials, target_stderr)
    if do_exact:
        sums = run_exact(plan, progress, est)
        used_seed = None
    else:
        sums, used_seed = run_sampled(plan, query, trials=trials, seed=seed,
                                      target_stderr=target_stderr, threads=threads,
                                      client=client, progress=progress)
    if sums.kept <= 0:
        raise PqlError("no deal satisfies the 'where' condition"
                       + ("" if do_exact else f" (in {sums.deals:,} trials)"))
    return PqlResult(query, _rows(plan, sums, do_exact), exact=do_exact,
                     samples=sums.kept_n, trials=sums.deals, seed=used_seed,
                     game=spot.pql_game)
