"""Omaha speed, measured in one process: exact heads-up preflop, Monte Carlo
(hand vs random, range vs range) and evaluate_omaha_batch beside
phevaluator's C PLO4 evaluator (called once per hand from Python, which is
the only way its Python package exposes it).

    python benchmarks/bench_omaha.py
"""

from __future__ import annotations

import time

import numpy as np

import handrank as hr


def best(f, repeat: int = 3) -> float:  # type: ignore[no-untyped-def]
    out = []
    for _ in range(repeat):
        t = time.perf_counter()
        f()
        out.append(time.perf_counter() - t)
    return min(out)


def main() -> None:
    t = best(lambda: hr.equity(["AsAhKsKh", "QdQcJdJc"], game="omaha", threads=1), 1)
    print(f"exact heads-up preflop AsAhKsKh vs QdQcJdJc (1,086,008 boards): {t * 1e3:.0f} ms")
    n = 200_000
    t = best(lambda: hr.equity(["AsKsQdJd", "random"], game="omaha", trials=n, seed=1,
                               threads=1), 1)
    print(f"Monte Carlo hand vs random: {n / t / 1e6:.2f} M trials/s")
    t = best(lambda: hr.equity(["AAKKds,QQJJ", "T9**,88**"], game="omaha", trials=n, seed=1,
                               threads=1), 1)
    print(f"Monte Carlo range vs range: {n / t / 1e6:.2f} M trials/s")

    rng = np.random.default_rng(0)
    m = 1_000_000
    deal = np.argsort(rng.random((m, 52)), axis=1)[:, :9].astype(np.uint8)
    holes, boards = np.ascontiguousarray(deal[:, :4]), np.ascontiguousarray(deal[:, 4:])
    out = np.empty(m, dtype=np.uint16)
    t_hr = best(lambda: hr.evaluate_batch(holes, boards=boards, game="omaha", out=out,
                                          threads=1))
    try:
        from phevaluator import _pheval
    except ImportError:
        print(f"evaluate_batch(game=omaha): {m / t_hr / 1e6:.1f} M hands/s (phevaluator missing)")
        return
    k = 200_000
    # phevaluator ids are 4 * rank + suit with suits c, d, h, s: the same as handrank's
    rows = [tuple(int(c) for c in r) for r in np.concatenate([boards, holes], axis=1)[:k]]
    f = _pheval.evaluate_plo4_cards
    t_ph = best(lambda: [f(*r) for r in rows])
    print(f"evaluate_batch(game=omaha): {m / t_hr / 1e6:.1f} M hands/s; phevaluator "
          f"evaluate_plo4_cards: {k / t_ph / 1e6:.2f} M hands/s; "
          f"ratio {(m / t_hr) / (k / t_ph):.1f}x")


if __name__ == "__main__":
    main()
