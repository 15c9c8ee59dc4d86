"""Omaha speed, measured in one process, each figure beside its before/peer:

- exact heads-up preflop: the C enumeration (csrc/omaha_mc.c) against the
  numpy enumeration it replaced (boards built in numpy, evaluate_omaha_batch);
- Monte Carlo, hand vs random and range vs range, hold'em-style C sampler
  against the numpy sampler it replaced (both evaluate in C);
- exact equity with ranges (equity_matrix A2** vs KKQQ, Omaha and Omaha
  hi-lo, turn and flop; a three-way range spot): the C tallies
  (csrc/omaha_exact.c) against the numpy loop over player 0's hands they
  replaced (its size limits lifted for the measurement);
- evaluate_batch(game="omaha") against phevaluator's C PLO4 evaluator, both
  from a C loop over the same deals: phevaluator's evaluate_plo4_cards (the
  symbol its extension exports) is called from benchmarks/native/ph_plo4.c,
  built here with gcc -O3, so neither side pays a Python call per hand; its
  per-hand Python call (the only API its package documents) is shown too.

    python benchmarks/bench_omaha.py [--flop-numpy]

(``--flop-numpy`` also times the numpy loop on the flop: about half a minute a game.)
"""

from __future__ import annotations

import ctypes
import os
import subprocess
import sys
import tempfile
import time

import numpy as np

import handrank as hr
from handrank.core import kernels
from handrank.core.cards import cards
from handrank.equity import hilo as he
from handrank.equity import omaha as oe
from handrank.games.holdem import game_tables

HERE = os.path.dirname(os.path.abspath(__file__))


def best(f, repeat: int = 3) -> float:  # type: ignore[no-untyped-def]
    out = []
    for _ in range(repeat):
        t = time.perf_counter()
        f()
        out.append(time.perf_counter() - t)
    return min(out)


def _numpy_sampler(players: list[str], trials: int) -> None:
    have_c = kernels.have_c
    kernels.have_c = lambda: False          # the numpy sampler (evaluation stays in C)
    try:
        oe._range_equity(None, game_tables(None), players, "", "", None, trials, None, 1, 1)
    finally:
        kernels.have_c = have_c


def _ph_loop() -> ctypes.CDLL | None:
    lib = os.path.join(tempfile.gettempdir(), "hr-native", "libph_plo4.so")
    src = os.path.join(HERE, "native", "ph_plo4.c")
    os.makedirs(os.path.dirname(lib), exist_ok=True)
    if not os.path.exists(lib) or os.path.getmtime(lib) < os.path.getmtime(src):
        subprocess.run(["gcc", "-O3", "-shared", "-fPIC", "-o", lib, src], check=True)
    return ctypes.CDLL(lib)


def _numpy_exact(fn, *args):  # type: ignore[no-untyped-def]
    """fn on the numpy code path, its size limits lifted (evaluation stays in C)."""
    have_c, cells, comps = kernels.have_c, he.EXACT_CELLS, he.EXACT_COMPARISONS
    kernels.have_c, he.EXACT_CELLS, he.EXACT_COMPARISONS = lambda: False, 10**12, 10**15
    try:
        return fn(*args)
    finally:
        kernels.have_c, he.EXACT_CELLS, he.EXACT_COMPARISONS = have_c, cells, comps


def exact_ranges(flop_numpy: bool) -> None:
    for game in ("omaha", "omaha-hilo"):
        for board in ("7c 8d 9h Ts", "7c 8d 9h"):
            t = he.table(hr.game(game), ["A2**", "KKQQ"], board, "", listed=True)
            t_new = best(lambda t=t: he.exact_pairs(t), 2)
            line = (f"exact pairs {game} A2** vs KKQQ on {board} ({len(t.hands[0]):,} x "
                    f"{len(t.hands[1]):,} hands): C {t_new:.2f} s")
            if len(board) > 8 or flop_numpy:
                t_old = best(lambda t=t: _numpy_exact(he.exact_pairs, t), 1)
                line += f", numpy {t_old:.2f} s ({t_old / t_new:.0f}x)"
            print(line)
    t_m = best(lambda: hr.equity_matrix("A2**", "KKQQ", board="7c 8d 9h", game="omaha"), 2)
    print(f"hr.equity_matrix('A2**', 'KKQQ', board='7c 8d 9h', game='omaha'): {t_m:.2f} s")
    try:
        hr.equity_matrix("A2**", "KKQQ", game="omaha")
    except hr.InvalidRangeError as err:
        print(f"preflop: {err}")
    spot = ["AsKsQ*", "QdQcJ*", "JhTh9h*"], "Kh 7d 2c Ts"
    t = he.table(hr.game("omaha"), *spot, "", listed=True)
    t_new = best(lambda: he.exact_equity(t), 2)
    t_old = best(lambda: _numpy_exact(he.exact_equity, t), 1)
    print(f"exact three-way ranges {spot}: C {t_new:.2f} s, numpy {t_old:.2f} s "
          f"({t_old / t_new:.0f}x)")
    pre = ["As2sKdQd", "Ah3hJcTc"]
    t_new = best(lambda: hr.equity(pre, game="omaha-hilo", exact=True), 3)
    t_old = best(lambda: _numpy_exact(lambda: hr.equity(pre, game="omaha-hilo", exact=True)), 2)
    print(f"exact omaha-hilo hands preflop {pre}: C {t_new * 1e3:.0f} ms, numpy "
          f"{t_old * 1e3:.0f} ms ({t_old / t_new:.1f}x)")


def main() -> None:
    print(f"backend {hr.backend}; one thread everywhere")
    hands = [cards("AsAhKsKh"), cards("QdQcJdJc")]
    deck = np.array([c for c in range(52) if c not in hands[0] + hands[1]], dtype=np.uint8)
    t_new = best(lambda: hr.equity(["AsAhKsKh", "QdQcJdJc"], game="omaha", threads=1), 5)
    t_old = best(lambda: oe._exact(None, hands, np.zeros(0, np.uint8), deck, 5, 1), 2)
    print(f"exact heads-up preflop AsAhKsKh vs QdQcJdJc (1,086,008 boards): "
          f"{t_new * 1e3:.1f} ms (numpy enumeration {t_old * 1e3:.0f} ms, "
          f"{t_old / t_new:.0f}x)")

    n = 2_000_000
    for label, players in (("hand vs random", ["AsKsQdJd", "random"]),
                           ("range vs range", ["AAKKds,QQJJ", "T9**,88**"])):
        t_new = best(lambda p=players: hr.equity(p, game="omaha", trials=n, seed=1,
                                                 threads=1), 2)
        t_old = best(lambda p=players: _numpy_sampler(p, n // 10), 1) * 10
        print(f"Monte Carlo {label}: {n / t_new / 1e6:.1f} M trials/s "
              f"(numpy sampler {n / t_old / 1e6:.2f} M trials/s, {t_old / t_new:.0f}x)")
    t_new = best(lambda: hr.equity(["As2sKdQd", "random"], game="omaha-hilo", trials=n,
                                   seed=1, threads=1), 2)
    print(f"Monte Carlo omaha-hilo hand vs random: {n / t_new / 1e6:.1f} M trials/s")

    exact_ranges(flop_numpy="--flop-numpy" in sys.argv)

    rng = np.random.default_rng(0)
    m = 2_000_000
    deal = np.argsort(rng.random((m, 52)), axis=1)[:, :9].astype(np.uint8)
    holes, boards = np.ascontiguousarray(deal[:, :4]), np.ascontiguousarray(deal[:, 4:])
    out = np.empty(m, dtype=np.uint16)
    t_hr = best(lambda: hr.evaluate_batch(holes, boards=boards, game="omaha", out=out,
                                          threads=1), 5)
    print(f"evaluate_batch(game=omaha): {m / t_hr / 1e6:.1f} M hands/s")
    try:
        from phevaluator import _pheval
    except ImportError:
        print("phevaluator missing: no comparison")
        return
    # phevaluator ids are 4 * rank + suit with suits c, d, h, s: the same as handrank's
    rows = np.ascontiguousarray(np.concatenate([boards, holes], axis=1))
    loop = _ph_loop()
    ext = ctypes.CDLL(_pheval.__file__)
    fn = ctypes.cast(ext.evaluate_plo4_cards, ctypes.c_void_p)
    ranks = np.empty(m, dtype=np.int32)
    if loop is not None:
        loop.ph_plo4_batch.restype = ctypes.c_long
        loop.ph_plo4_batch.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_long,
                                       ctypes.c_void_p]
        t_ph = best(lambda: loop.ph_plo4_batch(fn, rows.ctypes.data, m, ranks.ctypes.data), 5)
        # the same answers: phevaluator ranks 1 (best) .. 7462, handrank the reverse
        agree = bool(np.array_equal(7463 - ranks, out.astype(np.int32)))
        print(f"phevaluator evaluate_plo4_cards in a C loop: {m / t_ph / 1e6:.1f} M hands/s; "
              f"handrank {t_ph / t_hr:.2f}x (same strengths: {agree})")
    k = 200_000
    py_rows = [tuple(int(c) for c in r) for r in rows[:k]]
    f = _pheval.evaluate_plo4_cards
    t_py = best(lambda: [f(*r) for r in py_rows])
    print(f"phevaluator from Python, one call per hand: {k / t_py / 1e6:.2f} M hands/s")


if __name__ == "__main__":
    main()
