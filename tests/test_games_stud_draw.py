"""The games without a board (issue 18): stud, stud hi-lo, razz, the draw games, badugi.

Oracles: handrank.reference (the rule-written evaluator) and
handrank.reference_badugi, brute force over every deal of small spots, and
exact results for Monte Carlo (within 4 standard errors).
"""

from __future__ import annotations

import itertools
import random
from typing import Any

import numpy as np
import pytest

import handrank as hr
from handrank import reference as ref
from handrank.reference import badugi as refb

BOARDLESS = ["stud", "stud-hilo", "razz", "draw", "fechado", "27-draw", "27-triple",
             "a5-triple", "badugi"]


def _ref_strength(name: str, ids: list[int], players: int = 4) -> Any:
    """A comparable key of a whole hand by the rule-written references (higher is better)."""
    if name in ("stud", "draw"):
        return ref.evaluate(ids)
    if name == "fechado":
        lowest = max(5 - (players - 4), 1)
        return ref.evaluate(ids, lowest=lowest, flush_beats_full=True)
    if name in ("razz", "a5-triple"):
        return ref.low_evaluate(ids, rule="a5")
    if name in ("27-draw", "27-triple"):
        return ref.low_evaluate(ids, rule="27")
    if name == "stud-hilo":
        return ref.evaluate(ids), ref.low_evaluate(ids, rule="a5", qualifier=8)
    assert name == "badugi"
    return refb.hand_key(ids)


def _deal(rng: random.Random, g: hr.Game, k: int) -> list[int]:
    return rng.sample(list(g.deck), k)


def _shares(values: list[Any]) -> np.ndarray:
    if isinstance(values[0], tuple) and isinstance(values[0][0], int) and len(values[0]) == 2 \
            and not isinstance(values[0][1], tuple):
        high = _shares([v[0] for v in values])
        lows = [v[1] for v in values]
        if max(lows) == 0:
            return high
        return (high + _shares(lows)) / 2
    best = max(values)
    top = np.array([v == best for v in values], dtype=float)
    return top / top.sum()


def test_registry():
    names = list(hr.games())
    start = names.index(BOARDLESS[0])
    assert names[start:start + len(BOARDLESS)] == BOARDLESS
    for name in BOARDLESS:
        g = hr.game(name)
        assert g.board_cards == 0 and g.hand_sizes
        assert (g.exchanges == 0) == name.startswith(("stud", "razz"))
    assert hr.game("stud-hilo").halves == ("high", "low")
    assert hr.game("razz").halves == ("low",)
    assert hr.game("badugi").hand == "badugi" and hr.game("badugi").hand_sizes == (4,)
    assert hr.game("fechado").max_discard == 3 and hr.game("draw").max_discard == 5
    assert hr.game("27-triple").exchanges == 3 and hr.game("27-draw").exchanges == 1
    for players in range(2, 9):
        deck = hr.game("fechado", players=players).deck
        assert len(deck) == 32 + 4 * max(players - 4, 0)
    six = set(hr.game("fechado", players=6).deck) - set(hr.game("fechado").deck)
    assert sorted({hr.card_str(c)[0] for c in six}) == ["5", "6"]
    assert hr.game("stud").up_cards == (2, 3, 4, 5)
    assert hr.game("fechado", mao=True).max_discard == 4
    assert hr.game("fechado", players=6, mao=True) != hr.game("fechado", players=6)


@pytest.mark.parametrize("name", BOARDLESS)
def test_evaluate_against_reference(name):
    rng = random.Random(name)
    g = hr.game(name)
    sizes = g.hand_sizes
    hands = [_deal(rng, g, rng.choice(sizes)) for _ in range(120)]
    got = [hr.evaluate(h, game=g) for h in hands]
    want = [_ref_strength(name, h) for h in hands]
    if name == "badugi":
        # badugi's reference is a comparison key: compare every pair's order
        for (a, ka), (b, kb) in itertools.combinations(zip(got, want), 2):
            assert (a > b) == (ka > kb) and (a == b) == (ka == kb)
    else:
        assert got == want
    # the batch agrees row by row, per hand size
    for k in sizes:
        rows = [h for h in hands if len(h) == k]
        if not rows:
            continue
        b = hr.evaluate_batch(np.array(rows, dtype=np.uint8), game=name)
        single = [hr.evaluate(h, game=name) for h in rows]
        assert [tuple(int(x) for x in r) if np.ndim(r) else int(r) for r in b] == single


@pytest.mark.parametrize("players", [5, 6, 8])
def test_fechado_deck_by_players(players):
    g = hr.game("fechado", players=players)
    rng = random.Random(players)
    for _ in range(60):
        h = _deal(rng, g, 5)
        assert hr.evaluate(h, game=g) == _ref_strength("fechado", h, players)


@pytest.mark.parametrize("name", BOARDLESS)
def test_describe_category_best_five(name):
    rng = random.Random(name + "d")
    g = hr.game(name)
    for _ in range(30):
        h = _deal(rng, g, max(g.hand_sizes))
        s = hr.evaluate(h, game=g)
        assert isinstance(hr.describe(s, game=g), str) and hr.describe(s, game=g)
        best = hr.best_five(h, game=g)
        if name == "badugi":
            assert set(best) <= set(h)
            assert len({c // 4 for c in best}) == len({c % 4 for c in best}) == len(best)
            assert refb._key(best) == refb.hand_key(h)
            assert hr.category(s, game=g) == len(best)
        elif name == "stud-hilo":
            top, low = best
            assert ref.evaluate(top) == s[0]
            assert (low is None) == (s[1] == 0)
            if low is not None:
                assert ref.low_evaluate(low, rule="a5", qualifier=8) == s[1]
            assert hr.category(s, game=g)[0] == ref.category_of_key(ref.hand_key(top))
        elif g.high is None:
            assert len(best) == 5 and set(best) <= set(h)
            assert hr.evaluate(best, game=g) == s
            cat = hr.category(s, game=g)
            assert cat == hr.Category(int(g.tables[0].category[s]))
        else:
            assert len(best) == 5 and hr.evaluate(best, game=g) == s


def test_settle_and_showdown_batch_against_reference():
    rng = random.Random(7)
    for name in BOARDLESS:
        g = hr.game(name)
        k = max(g.hand_sizes)
        deals = []
        for _ in range(25):
            cards = _deal(rng, g, 3 * k)
            deals.append([cards[i * k:(i + 1) * k] for i in range(3)])
        got = hr.showdown_batch(None, np.array(deals, dtype=np.uint8), game=name)
        for d, row in zip(deals, got):
            want = _shares([_ref_strength(name, h) for h in d])
            np.testing.assert_allclose(row, want)
            s = hr.settle(None, [hr.cards_str(h) for h in d], [60, 60, 60], game=name)
            np.testing.assert_allclose(np.array(s.payouts) / 180, want, atol=1 / 90)
            assert sum(s.payouts) == 180
        assert isinstance(hr.explain(deals[0][0], deals[0][1], game=name), str)


def _brute_equity(name: str, known: list[list[int]], dead: list[int] = ()) -> np.ndarray:
    g = hr.game(name)
    full = max(g.hand_sizes)
    used = {c for k in known for c in k} | set(dead)
    stub = [c for c in g.deck if c not in used]
    need = [full - len(k) for k in known]
    total = np.zeros(len(known))
    n = 0
    for drawn in itertools.permutations(stub, sum(need)):
        # ordered draws: each deal counted the same number of times
        hands, at = [], 0
        for k, m in zip(known, need):
            hands.append(k + list(drawn[at:at + m]))
            at += m
        total += _shares([_ref_strength(name, h) for h in hands])
        n += 1
    return total / n


@pytest.mark.parametrize("name, players, dead", [
    ("stud", ["As Kd 9c 9h 2s 7d", "Qh Qc Jd 3s 4c 8h"], "Tc Ts 5h"),
    ("razz", ["As 2d 4c Kh 7s 8d", "3h 5c 6d Qs 9h Jc"], ""),
    ("stud-hilo", ["As 2d 4c Kh 7s 8d", "3h 3c 6d Qs 9h Jc"], "5s"),
    ("27-draw", ["7s 5d 3c 2h", "8h 6c 4d 3s"], ""),
    ("badugi", ["Ac 3d 5h", "2c 4d 6s"], "Kh"),
    ("fechado", ["As Ks Qs Js", "Ah Ad Ac 7c 8d"], "Th"),
    ("draw", ["Ah Ad", "Ks Kd Kc 2c 2d"], "Qh"),
])
def test_equity_exact_against_brute_force(name, players, dead):
    r = hr.equity(players, dead=dead, game=name)
    assert r.exact
    known = [hr.cards(p) for p in players]
    want = _brute_equity(name, known, hr.cards(dead) if dead else [])
    np.testing.assert_allclose(r.equity, want, atol=1e-12)
    assert abs(r.equity.sum() - 1) < 1e-9


def test_equity_multiway_and_monte_carlo():
    players = ["As Kd 9c 9h 2s 7d", "Qh Qc Jd 3s 4c 8h", "Th Tc 5d 5s 6c 6h"]
    exact = hr.equity(players, game="stud")
    assert exact.exact and len(exact.equity) == 3
    mc = hr.equity(players, game="stud", exact=False, trials=40_000, seed=3)
    assert not mc.exact and (mc.stderr > 0).all()
    assert (np.abs(mc.equity - exact.equity) < 4 * mc.stderr).all()
    # stud hi-lo on fifth street: exact, and Monte Carlo within 4 standard errors
    p2 = ["As 2d 4c Kh 7s", "3h 3c 6d Qs 9h"]
    e = hr.equity(p2, game="stud-hilo")
    assert e.exact and e.samples == 671_580
    m = hr.equity(p2, game="stud-hilo", exact=False, trials=40_000, seed=5)
    assert (np.abs(m.equity - e.equity) < 4 * m.stderr).all()
    assert (np.abs(e.high.sum() - 1) < 1e-9) and (e.low <= 1).all()
    # third street: too many deals to enumerate by default, Monte Carlo
    r = hr.equity(["As Ad Kc", "7h 7d 2c"], game="stud", trials=20_000, seed=1)
    assert not r.exact and r.equity[0] > 0.5


@pytest.mark.parametrize("call, match", [
    (lambda: hr.evaluate("As Ks Qs Js", game="stud"), "ranks hands of 5 to 7 cards, got 4"),
    (lambda: hr.evaluate("As Ks Qs Js Ts 9s", game="draw"), "ranks hands of 5 cards, got 6"),
    (lambda: hr.evaluate("As Ks Qs Js Ts", game="badugi"), "ranks hands of 4 cards, got 5"),
    (lambda: hr.evaluate("As Ks Qs Js 2d", game="fechado"),
     "card '2d' in the hand is not in the 32-card deck of game 'fechado'"),
    (lambda: hr.evaluate("As Ks Qs Js 6d", game=hr.game("fechado", players=4)),
     "card '6d'"),
    (lambda: hr.evaluate_batch([[51, 47, 43, 39, 0]], game="fechado"), "card '2c' in row 0"),
    (lambda: hr.evaluate_batch([[51, 47, 43, 39]], game="razz"), "got rows of 4"),
    (lambda: hr.equity(["As Kd 9c", "Qh Qc Jd 3s"], game="stud"),
     r"same number of cards on a street, got counts \[3, 4\]"),
    (lambda: hr.equity(["As Kd", "Qh Qc"], game="stud"), "holds 3 to 7 cards, got 2"),
    (lambda: hr.equity(["As", "Ks Kd Kc 2c 2d"], game="fechado"),
     "allows at most 3 cards exchanged, player 1 keeps 1 of 5"),
    (lambda: hr.equity(["As Kd 9c", "Qh Qc Jd"], board="2c", game="stud"), "has no board"),
    (lambda: hr.evaluate("As Ks Qs Js Ts", board="2c", game="draw"), "has no board"),
    (lambda: hr.settle(None, ["As Ks Qs Js", "Ah Ad Ac 7c 8d"], [1, 1], game="draw"),
     "expected 5 cards for seat 0's hand, got 4"),
    (lambda: hr.game("fechado", players=9), "fechado is for 2 to 8 players"),
    (lambda: hr.range_equity("AA", "KK", game="stud"),
     "range_equity does not support game 'stud' yet"),
    (lambda: hr.equity_matrix(["AA"], ["KK"], game="draw"),
     "equity_matrix does not support game 'draw' yet"),
    (lambda: hr.equity(["", "Ah Ad Ac 7c 8d"], game=hr.game("fechado", mao=True)),
     "allows at most 4 cards exchanged, player 1 keeps 0 of 5"),
])
def test_bad_input(call, match):
    with pytest.raises(ValueError, match=match):
        call()


def test_cli_game(capsys):
    from handrank.cli import main
    assert main(["eval", "Ac 2d 3h 4s", "--game", "badugi"]) == 0
    assert "Badugi, 4-3-2-A" in capsys.readouterr().out
    assert main(["equity", "As Kd 9c 9h 2s 7d", "Qh Qc Jd 3s 4c 8h", "--game", "stud"]) == 0
    out = capsys.readouterr().out
    want = hr.equity(["As Kd 9c 9h 2s 7d", "Qh Qc Jd 3s 4c 8h"], game="stud").equity
    assert f"{100 * want[0]:.4f}%" in out
    assert main(["showdown", "--hand", "As 2d 3c 4h 5s Kd Kc", "--hand", "Ah Ad Ac 8h 7s 6d 9c",
                 "--bets", "10,10", "--game", "stud-hilo"]) == 0
    assert "seat 0 scoops" in capsys.readouterr().out
    assert main(["games"]) == 0
    lines = capsys.readouterr().out.splitlines()
    rows = {ln.split()[0]: ln.split()[1:6] for ln in lines[1:lines.index("")]}
    assert rows["badugi"] == ["52", "4", "0", "low", "1092"]
