"""Badeucy and badacey, checked against a brute force of the rules.

The rules (docs/games.md, "Badeucy and badacey"; WSOP mixed-game rules, as
RULES.md does not name these games): five cards, triple draw; half of each pot
to the best badugi of four of the five cards (aces low), half to the best
five-card low, deuce-to-seven in badeucy, ace-to-five in badacey; no
qualifier; the odd chip of the halving to the badugi half.  Equity deals each
player's missing cards in the one exchange to come.
"""

from __future__ import annotations

import itertools
import random
from fractions import Fraction

import numpy as np
import pytest

import handrank as hr
from handrank.core.errors import InvalidHandError

from ._rules_oracle import badugi_key, low27_key, low_a5_key, settle_parts, shares

GAMES = [("badeucy", low27_key, "2-7 low"), ("badacey", low_a5_key, "A-5 low")]


def _sign(x: object, y: object) -> int:
    return (x > y) - (x < y)  # type: ignore[operator]


def _keys(low_key, hand):
    return [badugi_key(list(hand)), low_key(list(hand))]


@pytest.mark.parametrize("name, low_key, low_name", GAMES)
def test_registered_and_strengths_order_as_the_rules(name, low_key, low_name):
    g = hr.game(name)
    assert name in hr.games() and g == hr.game(name) and g.halves == ("badugi", low_name)
    assert (g.hole_cards, g.board_cards, g.exchanges) == (5, 0, 3)
    rng = random.Random(21)
    hands = [rng.sample(range(52), 5) for _ in range(1500)]
    s = hr.evaluate_batch(np.array(hands), game=name)
    assert s.shape == (1500, 2)
    keys = [_keys(low_key, h) for h in hands]
    for i in range(0, 1500, 2):
        for j in range(2):
            assert _sign(int(s[i, j]), int(s[i + 1, j])) == _sign(keys[i][j], keys[i + 1][j]), \
                (hr.cards_str(hands[i]), hr.cards_str(hands[i + 1]), j)
    for h in hands[:50]:
        assert hr.evaluate(h, game=name) == hr.evaluate(h, game=g) == tuple(
            int(v) for v in hr.evaluate_batch(np.array([h]), game=name)[0])


def test_every_badugi_size_and_pairs_by_the_rules():
    """Hands picked to reach the corners: wheel and straights in each low, pairs, suits."""
    hands = ["As 2d 3h 4c 5s", "2c 3d 4h 5s 7c", "7c 5d 4h 3s 2c", "As Ad 2h 2s 3c",
             "Kc Qc Jc Tc 9c", "2c 2d 2h 2s 3c", "Ac 2c 3d 4d 5h", "8s 6d 4h 3c 2s",
             "As 2s 3s 4s 6s", "Kd Ks Kh 7c 7d"]
    for name, low_key, _ in GAMES:
        s = [hr.evaluate(h, game=name) for h in hands]
        k = [_keys(low_key, hr.cards(h)) for h in hands]
        for a, b in itertools.combinations(range(len(hands)), 2):
            for j in range(2):
                assert _sign(s[a][j], s[b][j]) == _sign(k[a][j], k[b][j]), (name, hands[a],
                                                                            hands[b], j)


def _oracle_equity(low_key, kept):
    """Exact equity by listing every draw: each player draws their missing cards in turn
    from the cards no one holds."""
    known = set(sum(kept, []))
    stub = [c for c in range(52) if c not in known]
    need = [5 - len(k) for k in kept]
    p = len(kept)
    eq = [Fraction(0)] * p
    scoop = [Fraction(0)] * p
    deals = 0
    cache: dict = {}

    def keys(i, drawn):
        if (i, drawn) not in cache:
            cache[i, drawn] = _keys(low_key, kept[i] + list(drawn))
        return cache[i, drawn]

    def rec(i, left, draws):
        nonlocal deals
        if i == p:
            ks = [keys(j, draws[j]) for j in range(p)]
            s = [shares([k[part] for k in ks]) for part in range(2)]
            deals += 1
            for j in range(p):
                eq[j] += (Fraction(s[0][j]) + Fraction(s[1][j])) / 2
                scoop[j] += s[0][j] == 1 and s[1][j] == 1
            return
        for d in itertools.combinations(left, need[i]):
            rec(i + 1, [c for c in left if c not in d], draws + [d])

    rec(0, stub, [])
    return [e / deals for e in eq], [s / deals for s in scoop], deals


@pytest.mark.parametrize("name, low_key, low_name", GAMES)
@pytest.mark.parametrize("players", [["As 2d 3h 4c", "2c 3d 4h 5s"],
                                     ["As 2d 3h 4c 9s", "2c 3d 4h 7s", "Kd 5c 6h 8s Jd"],
                                     ["As 2d 3h 4c Kh", "2c 3d 4h 5s 7c"]])
def test_exact_equity_is_the_brute_force_exactly(name, low_key, low_name, players):
    kept = [hr.cards(p) for p in players]
    eq, sc, deals = _oracle_equity(low_key, kept)
    r = hr.equity(players, game=name)
    assert r.exact and r.samples == deals
    for i in range(len(players)):
        assert Fraction(float(r.equity[i])).limit_denominator(4 * deals) == eq[i]
        assert Fraction(float(r.scoop[i])).limit_denominator(4 * deals) == sc[i]
    assert r.halves == ("badugi", low_name)
    assert np.allclose(r.shares.sum(axis=1), 1)
    assert np.array_equal(hr.equity(players, game=hr.game(name)).equity, r.equity)


def test_monte_carlo_within_tolerance_of_exact():
    players = ["As 2d 3h", "2c 3d 4h 5s"]          # 42,570 deals: exact by default
    exact = hr.equity(players, game="badeucy")
    assert exact.exact
    mc = hr.equity(players, game="badeucy", exact=False, trials=50_000, seed=99)
    assert not mc.exact and (np.abs(mc.equity - exact.equity) < 4 * mc.stderr).all()
    assert (np.abs(mc.scoop - exact.scoop) < 0.01).all()
    stop = hr.equity(players, game="badacey", exact=False, target_stderr=0.004, seed=5)
    assert stop.stderr.max() < 0.004 and stop.samples < 1_000_000


def test_settle_against_the_rules():
    rng = random.Random(8)
    for name, low_key, _ in GAMES:
        for _ in range(40):
            n = rng.choice((2, 3, 4, 5))
            ids = rng.sample(range(52), 5 * n)
            hands = [ids[5 * i:5 * i + 5] for i in range(n)]
            chips = [rng.choice((1, 4, 5, 9, 20)) for _ in range(n)]
            folded = [rng.random() < 0.2 for _ in range(n)]
            if all(folded):
                folded[-1] = False
            button = rng.randrange(n)
            keys = [None if folded[s] else _keys(low_key, hands[s]) for s in range(n)]
            want = settle_parts(chips, folded, keys, button)
            given = [None if f else h for f, h in zip(folded, hands)]
            got = hr.settle(None, given, chips, folded=folded, button=button, game=name)
            assert got.payouts == want, (name, hands, chips, folded, button)


def test_scoop_explain_and_describe():
    s = hr.settle(None, ["As 2d 3h 4c 7s", "Kc Kd 5h 5s 9c"], [5, 6], game="badeucy")
    assert s.payouts == [10, 1]
    assert s.pots[0].reason.startswith("seat 0 scoops; badugi (5)")
    assert [h.name for h in s.pots[0].halves] == ["badugi", "2-7 low"]
    split = hr.settle(None, ["As 2d 3h 4c Kh", "2c 3d 4h 5s 7c"], [3, 3], game="badeucy")
    assert split.payouts == [3, 3]
    assert [h.amount for h in split.pots[0].halves] == [3, 3]
    odd = hr.settle(None, ["As 2d 3h 4c Kh", "2c 3d 4h 5s 7c", None], [3, 3, 1],
                    folded=[False, False, True], game="badeucy")
    assert odd.payouts == [4, 3, 0]            # 7 chips: 4 to the badugi half, 3 to the low
    text = hr.explain("As 2d 3h 4c Kh", "2c 3d 4h 5s 7c", game="badeucy")
    assert text == ("badugi: Badugi, 4-3-2-A beats Badugi, 5-4-3-2: both 4 cards; the highest "
                    "card that differs decides, the lower wins; 2-7 low: 7-5-4-3-2 beats "
                    "A-K-4-3-2: seven-low beats ace-high")
    st = hr.evaluate("As 2d 3h 4c Kh", game="badacey")
    assert hr.describe(st, game="badacey") == "badugi: Badugi, 4-3-2-A; A-5 low: K-4-3-2-A low"
    assert hr.category(st, game="badacey")[0] == 4
    four, five = hr.best_five("As Ad 3h 4c Kh", game="badacey")
    # no four of different ranks and suits (the aces pair, 3h and Kh share hearts): A-3-4
    assert sorted(c // 4 for c in four) == [1, 2, 12] and len({c % 4 for c in four}) == 3
    assert len(five) == 5


def test_showdown_batch_is_the_rules_share():
    rng = np.random.default_rng(4)
    n, p = 300, 3
    hole = np.array([rng.permutation(52)[:15] for _ in range(n)], dtype=np.uint8).reshape(n, p, 5)
    out = hr.showdown_batch(None, hole, game="badacey")
    for r in range(0, n, 7):
        ks = [_keys(low_a5_key, list(hole[r, s])) for s in range(p)]
        want = [(a + b) / 2 for a, b in zip(shares([k[0] for k in ks]),
                                            shares([k[1] for k in ks]))]
        assert np.allclose(out[r], want)


def test_bad_input_is_named():
    with pytest.raises(ValueError, match="has no board"):
        hr.equity(["As 2d 3h 4c", "2c 3d 4h 5s"], board="Kh", game="badeucy")
    with pytest.raises(InvalidHandError, match="expected at most 5 cards in player 1's hand"):
        hr.equity(["As 2d 3h 4c 5s 6s", "2c 3d 4h 5d"], game="badeucy")
    with pytest.raises(InvalidHandError, match="expected 5 cards in the hand"):
        hr.evaluate("As 2d 3h 4c", game="badeucy")
    with pytest.raises(InvalidHandError, match="duplicate card 'As'"):
        hr.settle(None, ["As 2d 3h 4c 5s", "As 3d 4h 5d 6c"], [1, 1], game="badacey")
    with pytest.raises(hr.InvalidRangeError, match="exact hands, lists of them or 'random'"):
        hr.equity(["A2345", "random"], game="badeucy")
    with pytest.raises(InvalidHandError, match="'badeucy' is played with 5 cards, got 4"):
        hr.draw_odds("As 2d 3h 4c", game="badeucy")
