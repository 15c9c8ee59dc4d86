"""Running a plan: blocks of deals, exact or sampled, folded into sums.

Monte Carlo: block ``b`` of a seed draws from its own generator,
``PCG64(SeedSequence(seed, spawn_key=(b,)))``, and blocks are folded in
their order, so the answer of a seed does not depend on the number of
threads or on a Dask cluster.  Exact: every deal is visited once with its
weight (the product of the players' range weights).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ._eval import Ctx
from ._parse import PqlError, parse
from ._plan import BOOL, Plan, compile_query
from ._spot import Deals, build_spot

__all__ = ["Sums", "run_block", "choose", "EXACT_AUTO", "EXACT_MAX", "DEFAULT_TRIALS",
           "plan_of"]

#: exact=None enumerates when the estimated work (deals x (1 + run-outs per
#: deal of the street functions)) is at most this; exact=True refuses above EXACT_MAX.
EXACT_AUTO = 20_000_000
EXACT_MAX = 2_000_000_000
DEFAULT_TRIALS = 600_000
#: rows evaluated per block (deals x run-outs)
BLOCK_WORK = 1 << 19


@dataclass
class Sums:
    """What a block contributes: per selector sums (weights, values, squares),
    histograms, extremes; and the weight of the deals where `where` held."""
    deals: int = 0                      # deals dealt
    kept: float = 0.0                   # weight of the deals where `where` held
    kept_n: int = 0
    sw: list[float] = field(default_factory=list)
    swx: list[float] = field(default_factory=list)
    swx2: list[float] = field(default_factory=list)
    hist: list[dict[Any, float]] = field(default_factory=list)
    ext: list[float | None] = field(default_factory=list)

    @classmethod
    def empty(cls, k: int) -> Sums:
        return cls(0, 0.0, 0, [0.0] * k, [0.0] * k, [0.0] * k, [{} for _ in range(k)],
                   [None] * k)

    def add(self, o: Sums, plan: Plan) -> None:
        self.deals += o.deals
        self.kept += o.kept
        self.kept_n += o.kept_n
        for i, s in enumerate(plan.selectors):
            self.sw[i] += o.sw[i]
            self.swx[i] += o.swx[i]
            self.swx2[i] += o.swx2[i]
            for k, v in o.hist[i].items():
                self.hist[i][k] = self.hist[i].get(k, 0.0) + v
            if o.ext[i] is not None:
                a, b = self.ext[i], o.ext[i]
                assert b is not None
                self.ext[i] = b if a is None else (max(a, b) if s.kind == "max" else min(a, b))


def evaluate_block(plan: Plan, deals: Deals) -> Sums:
    ctx = Ctx(plan.spot, deals)
    n = deals.n
    w = deals.weight
    sums = Sums.empty(len(plan.selectors))
    sums.deals = n
    keep: np.ndarray | None = None
    if plan.where is not None:
        keep = np.broadcast_to(np.asarray(plan.where(ctx), dtype=bool), (n,))
    ww = np.ones(n) if w is None else w
    if keep is not None:
        ww = ww * keep
    sums.kept = float(ww.sum())
    sums.kept_n = int(n if keep is None else keep.sum())
    for i, s in enumerate(plan.selectors):
        assert s.fn is not None
        x = np.broadcast_to(np.asarray(s.fn(ctx)), (n,))
        if s.kind in ("avg", "count"):
            xf = x.astype(float)
            sums.sw[i] = sums.kept
            sums.swx[i] = float(ww @ xf)
            sums.swx2[i] = float(ww @ (xf * xf))
        elif s.kind == "histogram":
            sel = ww > 0
            vals, inv = np.unique(x[sel], return_inverse=True)
            tot = np.bincount(inv.ravel(), weights=ww[sel], minlength=len(vals))
            sums.hist[i] = {(bool(v) if s.type == BOOL else v.item()): float(t)
                            for v, t in zip(vals, tot)}
            sums.sw[i] = sums.kept
        else:
            sel = ww > 0
            if sel.any():
                xs = x[sel].astype(float)
                sums.ext[i] = float(xs.max() if s.kind == "max" else xs.min())
    return sums


def plan_of(text: str) -> Plan:
    q = parse(text)
    return compile_query(q, build_spot(text, q.bindings))


def block_size(plan: Plan) -> int:
    """Deals per Monte Carlo block: fixed by the query (never by the threads)."""
    per = 1 + plan.cost
    return int(max(256, min(1 << 16, BLOCK_WORK // per)))


def run_block(plan: Plan, seed: int, b: int, n: int) -> Sums:
    ss = np.random.SeedSequence(seed, spawn_key=(b,))
    rng = np.random.Generator(np.random.PCG64(ss))
    return evaluate_block(plan, plan.spot.sample(rng, n))


def _remote_block(text: str, seed: int, b: int, n: int) -> Sums:
    """A block on a Dask worker: the query compiled there (a plan holds closures)."""
    return run_block(plan_of(text), seed, b, n)


def choose(plan: Plan, exact: bool | None, trials: int | None,
           target_stderr: float | None) -> tuple[bool, int]:
    """(exact?, estimated deals of an enumeration)."""
    spot = plan.spot
    tuples, runouts = spot.exact_size()
    deals = tuples * runouts
    work = deals * (1 + plan.cost)
    if exact is True and plan.inexact is not None:
        raise PqlError(f"exact=True: {plan.inexact}; use exact=False")
    if plan.inexact is not None:
        return False, deals
    if exact is True:
        if work > EXACT_MAX:
            raise PqlError("exact=True: " + spot.too_many_deals(tuples, runouts,
                                                                1 + plan.cost, EXACT_MAX))
        return True, deals
    if exact is False or trials is not None or target_stderr is not None:
        return False, deals
    return work <= EXACT_AUTO, deals


def run_exact(plan: Plan, progress: Callable[[int, int], None] | None,
              est: int) -> Sums:
    total = Sums.empty(len(plan.selectors))
    rows = max(1 << 12, BLOCK_WORK // (1 + plan.cost))
    for deals in plan.spot.enumerate(rows):
        total.add(evaluate_block(plan, deals), plan)
        if progress is not None:
            progress(min(total.deals, est), est)
    if progress is not None:            # collisions may leave fewer deals than estimated
        progress(est, est)
    return total


def _worst_stderr(plan: Plan, s: Sums) -> float:
    worst = 0.0
    for i, sel in enumerate(plan.selectors):
        if sel.kind in ("avg", "count") and s.sw[i] > 1:
            n = s.sw[i]
            m = s.swx[i] / n
            var = max(s.swx2[i] / n - m * m, 0.0) * n / (n - 1)
            worst = max(worst, math.sqrt(var / n))
        elif sel.kind == "histogram" and s.sw[i] > 1:
            n = s.sw[i]
            for v in s.hist[i].values():
                p = v / n
                worst = max(worst, math.sqrt(p * (1 - p) / n))
    return worst


def run_sampled(plan: Plan, text: str, *, trials: int | None, seed: int | None,
                target_stderr: float | None, threads: int | None, client: Any,
                progress: Callable[[int, int], None] | None) -> tuple[Sums, int]:
    if seed is None:
        seed = int(np.random.SeedSequence().entropy % (1 << 63))   # type: ignore[operator]
    n_block = block_size(plan)
    if target_stderr is not None:
        if not target_stderr > 0:
            raise PqlError(f"target_stderr must be positive, got {target_stderr!r}")
        limit = trials if trials is not None else 100_000_000
    else:
        limit = DEFAULT_TRIALS if trials is None else trials
    if limit < 1:
        raise PqlError(f"trials must be at least 1, got {limit}")
    sizes = [n_block] * (limit // n_block) + ([limit % n_block] if limit % n_block else [])
    total = Sums.empty(len(plan.selectors))
    workers = max(1, int(threads or 1))
    wave = max(workers, 1) * (4 if client is not None else 1)

    def blocks(first: int, last: int) -> Iterable[Sums]:
        ids = range(first, last)
        if client is not None:
            futs = client.map(_remote_block, [text] * len(ids), [seed] * len(ids), list(ids),
                              [sizes[b] for b in ids], pure=False)
            return client.gather(futs)              # type: ignore[no-any-return]
        if workers == 1:
            return (run_block(plan, seed, b, sizes[b]) for b in ids)
        with ThreadPoolExecutor(workers) as pool:
            return list(pool.map(lambda b: run_block(plan, seed, b, sizes[b]), ids))

    b = 0
    while b < len(sizes):
        last = min(len(sizes), b + wave)
        for s in blocks(b, last):
            total.add(s, plan)
            b += 1
            if progress is not None:
                progress(total.deals, limit)
            if target_stderr is not None and total.kept_n > 1000 \
                    and _worst_stderr(plan, total) <= target_stderr:
                return total, seed
        b = last
    return total, seed


def is_bool(plan: Plan, i: int) -> bool:
    return plan.selectors[i].type == BOOL
