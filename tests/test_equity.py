"""Equity: exact enumeration vs a brute force over handrank.reference, known
values, Monte Carlo within 4 standard errors, determinism, bad input."""

from __future__ import annotations

import argparse
import itertools
import json
from fractions import Fraction

import numpy as np
import pytest

from handrank import reference
from handrank.core import kernels
from handrank.core.cards import cards
from handrank.core.errors import InvalidHandError, InvalidRangeError
from handrank.equity import equity
from handrank.ranges import parse_player

needs_c = pytest.mark.skipif(kernels.compiled_module() is None, reason="needs the C core")


def brute(players, board="", dead=""):
    """Equity by the reference evaluator: every tuple, every board."""
    b, d = cards(board) if board else [], cards(dead) if dead else []
    ranges = [parse_player(p) for p in players]
    n = len(players)
    eq = [Fraction(0)] * n
    total = Fraction(0)
    for tup in itertools.product(*[list(zip(r.combos(), r.weights())) for r in ranges]):
        used = set(b) | set(d)
        ok = True
        for (h, _w) in tup:
            if used & set(h):
                ok = False
                break
            used |= set(h)
        if not ok:
            continue
        w = Fraction(1)
        for (_h, wt) in tup:
            w *= Fraction(wt).limit_denominator(1000)
        deck = [c for c in range(52) if c not in used]
        for rest in itertools.combinations(deck, 5 - len(b)):
            s = [reference.evaluate(list(h) + b + list(rest)) for (h, _w) in tup]
            best = max(s)
            k = s.count(best)
            for p in range(n):
                if s[p] == best:
                    eq[p] += w / k
            total += w
    return [float(e / total) for e in eq]


SMALL = [
    (["AsKs", "QdQc"], "Qh7c2d5s", ""),
    (["AsKs", "QdQc", "JhTh"], "9h8h2c3d", ""),
    (["AhKh", "QQ,JJ"], "Th9h2c4s", "Jh"),
    (["AsKd", "7c7d", "KK", "Ah5h"], "Qh7h2c3c", ""),
    (["AKs,KQs", "TT+"], "Qs7s2d9c5h", ""),
    (["88", "AK:0.5,AQs"], "Ks8s4sTh", ""),
    (["Ah2h", "Kh3h"], "5h6h7h8c", ""),
    (["AsAc", "KsKc", "QsQc", "JsJc"], "2s3s4d5d", ""),
]


@pytest.mark.parametrize("players,board,dead", SMALL)
def test_exact_equals_brute_force(players, board, dead):
    r = equity(players, board, dead, exact=True, threads=2)
    assert r.exact
    np.testing.assert_allclose(r.equity, brute(players, board, dead), atol=1e-12)
    assert r.equity.sum() == pytest.approx(1.0)
    assert (r.stderr == 0).all()
    assert ((r.win + r.tie) >= r.equity - 1e-12).all()


KNOWN = [
    (["AsKs", "QdQc"], [0.462145, 0.537855]),
    (["AhAd", "KsKc"], [0.812555, 0.187445]),
    (["AsKs", "QdQc", "JhTh"], [0.402092, 0.410545, 0.187363]),
]


@needs_c
@pytest.mark.parametrize("players,expected", KNOWN)
def test_known_preflop_values(players, expected):
    r = equity(players)
    assert r.exact
    np.testing.assert_allclose(r.equity, expected, atol=5e-7)


@needs_c
def test_known_exact_fraction_and_win_tie():
    r = equity(["AsKs", "QdQc"], threads=1)
    assert r.samples == 1_712_304
    wins = np.rint(r.win * 1_712_304)
    ties = np.rint(r.tie * 1_712_304)
    np.testing.assert_allclose(r.win * 1_712_304, wins, atol=1e-6)
    assert r.equity[0] == pytest.approx((wins[0] + ties[0] / 2) / 1_712_304, abs=1e-12)


@needs_c
def test_exact_threads_agree():
    a = equity(["AsKs", "QQ+,AKs"], board="Qh7c", threads=1)
    b = equity(["AsKs", "QQ+,AKs"], board="Qh7c", threads=2)
    np.testing.assert_allclose(a.equity, b.equity, atol=1e-12)


MC_SPOTS = [
    (["AsKs", "QdQc"], "", ""),
    (["AhAd", "KsKc"], "", ""),
    (["AsKs", "QdQc", "JhTh"], "", ""),
    (["AsKs", "QQ+,AKs"], "", ""),
    (["AsKs", "QQ+,AKs"], "Qh7c2d", ""),
    (["AKs", "22+,A2s+,KTo+"], "Jd8c3h", ""),
    (["AhAd", "random"], "Kc9s4d", ""),
    (["TT,99", "AK,AQ", "random"], "8h5c2s", ""),
    (["Ah2h", "Kh3h"], "5h6h7c", "8h"),
    (["JJ:0.5,QQ", "AKo"], "", ""),
    (["7c6c", "AsKs", "QQ"], "Tc9c2d", ""),
    (["AA,KK", "AK", "QQ", "random"], "2c7d9h", ""),
]


@needs_c
@pytest.mark.parametrize("players,board,dead", MC_SPOTS)
def test_monte_carlo_within_four_stderr(players, board, dead):
    exact = equity(players, board, dead, exact=True)
    mc = equity(players, board, dead, exact=False, trials=400_000, seed=12345, threads=2)
    assert not mc.exact and mc.samples == 400_000
    assert (mc.stderr > 0).all()
    assert (np.abs(mc.equity - exact.equity) <= 4 * mc.stderr).all(), (mc, exact)
    assert mc.equity.sum() == pytest.approx(1.0)


@needs_c
def test_same_seed_same_result():
    args = (["AhAd", "random", "random"],)
    a = equity(*args, trials=300_000, seed=7, threads=2)
    b = equity(*args, trials=300_000, seed=7, threads=2)
    c = equity(*args, trials=300_000, seed=8, threads=2)
    assert a.equity.tobytes() == b.equity.tobytes()
    assert a.stderr.tobytes() == b.stderr.tobytes()
    assert a.equity.tobytes() != c.equity.tobytes()


@needs_c
@pytest.mark.parametrize("kwargs", [
    {"trials": 210_000},                          # not a whole number of streams
    {"trials": 1_000_000, "target_stderr": 0.002},  # rounds of TARGET_CHUNK trials
])
@pytest.mark.parametrize("players", [["AsKs", "QdQc"], ["AhAd", "random", "KQs,JTs"]])
def test_seed_fixes_result_whatever_threads(players, kwargs):
    """A seed fixes a Monte Carlo result on any machine: the trials are dealt
    from fixed streams, so the thread count cannot change them."""
    runs = [equity(players, exact=False, seed=7, threads=t, **kwargs) for t in (1, 2, 3)]
    for r in runs[1:]:
        assert r.samples == runs[0].samples
        assert r.equity.tobytes() == runs[0].equity.tobytes()
        assert r.win.tobytes() == runs[0].win.tobytes()
        assert r.stderr.tobytes() == runs[0].stderr.tobytes()
    other = equity(players, exact=False, seed=8, threads=2, **kwargs)
    assert other.equity.tobytes() != runs[0].equity.tobytes()


@needs_c
def test_target_stderr_stops_when_precise():
    r = equity(["AKs", "22+,A2s+,KTo+"], target_stderr=0.002, seed=3)
    assert not r.exact
    assert (r.stderr < 0.002).all()
    assert r.samples < 2_000_000


@needs_c
def test_exact_none_chooses():
    assert equity(["AsKs", "QQ+,AKs"]).exact
    assert not equity(["AA", "random", "random"], seed=1, trials=10_000).exact
    assert not equity(["random", "random"], seed=1).exact


def test_doc_examples():
    assert equity(["AhAd", "AsAc"], exact=True).equity.tolist() == [0.5, 0.5]
    r = equity(["AhAd", "KsKc"], board="Ac Kd 2h 7s 9c")
    assert r.win.tolist() == [1.0, 0.0] and r.exact and r.samples == 1


BAD = [
    ((["AsKs", "QdQc"], "As Kd 7h"), {}, InvalidHandError,
     "card 'As' is in player 1's hand and on the board"),
    ((["AsKs", "AsQc"],), {}, InvalidHandError,
     "card 'As' is in player 1's hand and in player 2's hand"),
    ((["AsKs", "QdQc"], "", "Qd"), {}, InvalidHandError,
     "card 'Qd' is in player 2's hand and in the dead cards"),
    ((["AsKs", "QdQc"], "2c2c"), {}, InvalidHandError, "card '2c' is on the board twice"),
    ((["AsKs", "QdQc"], "2c3c4c5c6c7c"), {}, InvalidHandError,
     "expected 0 to 5 board cards, got 6"),
    ((["AsKs", "AA"], "Ah Ad Ac"), {}, InvalidRangeError, "has no combos left"),
    ((["AsKs", "QQ++"],), {}, InvalidRangeError, "cannot parse 'QQ++'"),
    ((["AsKs"],), {}, ValueError, "expected 2 to 10 players, got 1"),
    ((["random"] * 11,), {}, ValueError, "expected 2 to 10 players, got 11"),
    ((["random"] * 10, "", list(range(30))), {},
     InvalidHandError, "not enough cards"),
    ((["AsKs", "QdQc"],), {"trials": 0}, ValueError, "trials must be a positive int, got 0"),
    ((["AsKs", "AA:-1"],), {}, InvalidRangeError, "invalid weight '-1'"),
    ((["AsKs", "QdQc"],), {"threads": 0}, ValueError, "threads must be a positive int"),
    ((["random", "random", "random"],), {"exact": True}, ValueError,
     "exact enumeration too large"),
]


@pytest.mark.parametrize("args,kwargs,exc,message", BAD)
def test_bad_input(args, kwargs, exc, message):
    with pytest.raises(exc, match=message.replace("+", r"\+").replace("(", r"\(")):
        equity(*args, **kwargs)


@needs_c
def test_always_clash():
    with pytest.raises(InvalidRangeError, match="always clash"):
        equity(["AA", "AA", "AA"], exact=False, trials=1000, seed=1)
    with pytest.raises(InvalidRangeError, match="always clash"):
        equity(["AA", "AA", "AA"], exact=True)


@needs_c
def test_cli_json_and_table(capsys):
    from handrank.cli import _equity as _cli_equity

    parser = argparse.ArgumentParser()
    sub = parser.add_subparsers(dest="command")
    _cli_equity.add_parser(sub)
    args = parser.parse_args(["equity", "AsKs", "QdQc", "--board", "Qh7c2d", "--json"])
    assert _cli_equity.run(args) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["exact"] is True and len(data["players"]) == 2
    args = parser.parse_args(["equity", "AsKs", "random", "--trials", "20000", "--seed", "1"])
    assert _cli_equity.run(args) == 0
    out = capsys.readouterr().out
    assert "AsKs" in out and "±" in out
    args = parser.parse_args(["equity", "AsKs", "AsQd"])
    assert _cli_equity.run(args) == 2
    assert "card 'As' is in player 1's hand" in capsys.readouterr().err


@pytest.mark.slow
@needs_c
def test_random_vs_random_exact_flop():
    r = equity(["random", "random"], board="Ah7c2d", exact=True)
    np.testing.assert_allclose(r.equity, [0.5, 0.5], atol=1e-12)
