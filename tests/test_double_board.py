"""Double-board hold'em and Omaha, checked against a brute force of the rules.

The rules (docs/games.md, "Double-board hold'em and Omaha"): two boards from
one deck; each board settles half of each pot, the odd chip of the cut to
board 1; a player who wins both boards scoops.  The oracle
(tests/_rules_oracle.py) ranks every hand from the rule book by itertools.
"""

from __future__ import annotations

import itertools
import math
import random
from fractions import Fraction

import numpy as np
import pytest

import handrank as hr
from handrank.core.errors import InvalidHandError

from ._rules_oracle import holdem_key, omaha_key, settle_parts, shares

DOUBLE = [("double-holdem", 2, holdem_key), ("double-omaha", 4, omaha_key),
          ("double-omaha5", 5, omaha_key)]


def _sign(x: object, y: object) -> int:
    return (x > y) - (x < y)  # type: ignore[operator]


@pytest.mark.parametrize("name, hole, key", DOUBLE)
def test_registered_and_same_by_name_or_game(name, hole, key):
    g = hr.game(name)
    assert name in hr.games() and g == hr.game(name) and hash(g) == hash(hr.game(name))
    assert (g.hole_cards, g.board_cards, g.boards, g.halves) == (hole, 5, 2,
                                                                  ("board 1", "board 2"))
    assert len(repr(g).splitlines()) == 1
    rng = random.Random(7)
    ids = rng.sample(range(52), hole + 10)
    h, b1, b2 = ids[:hole], ids[hole:hole + 5], ids[hole + 5:]
    by_name = hr.evaluate(h, board=(b1, b2), game=name)
    assert by_name == hr.evaluate(h, board=(b1, b2), game=g)
    text = hr.cards_str(b1) + " | " + hr.cards_str(b2)
    assert by_name == hr.evaluate(h, board=text, game=name)


@pytest.mark.parametrize("name, hole, key", DOUBLE)
def test_strengths_order_as_the_rules(name, hole, key):
    """Each board's strength orders hands as the brute force does, and the batch agrees."""
    rng = random.Random(11)
    rows, boards, keys = [], [], []
    for _ in range(120):
        ids = rng.sample(range(52), 2 * hole + 10)
        b = ids[-10:]
        for h in (ids[:hole], ids[hole:2 * hole]):
            rows.append(h)
            boards.append(b)
            keys.append((key(h, b[:5]), key(h, b[5:])))
    s = hr.evaluate_batch(np.array(rows), boards=np.array(boards).reshape(-1, 2, 5), game=name)
    assert s.shape == (len(rows), 2)
    for i in range(0, len(rows), 2):
        for j in range(2):
            assert _sign(int(s[i, j]), int(s[i + 1, j])) == _sign(keys[i][j], keys[i + 1][j])
        assert tuple(int(v) for v in s[i]) == hr.evaluate(rows[i], board=(boards[i][:5],
                                                                           boards[i][5:]),
                                                          game=name)


def _oracle_equity(key, holes, b1, b2, dead=()):
    """Exact equity and scoops by listing every runout of both boards (one deck: no card
    on both); each board's shares (in sixths: ties of up to three) are worked out once per
    runout of that board, the sums kept as integers."""
    known = set(sum(holes, [])) | set(b1) | set(b2) | set(dead)
    stub = [c for c in range(52) if c not in known]
    k1, k2 = 5 - len(b1), 5 - len(b2)
    p = len(holes)

    def sixths(keys):
        return tuple(int(round(6 * x)) for x in shares(keys))

    first = {frozenset(r): sixths([key(h, b1 + list(r)) for h in holes])
             for r in itertools.combinations(stub, k1)}
    second = {frozenset(r): sixths([key(h, b2 + list(r)) for h in holes])
              for r in itertools.combinations(stub, k2)}
    eq = [0] * p
    scoop = [0] * p
    deals = 0
    for r1, s1 in first.items():
        for r2, s2 in second.items():
            if r1 & r2:
                continue
            deals += 1
            for i in range(p):
                eq[i] += s1[i] + s2[i]
                scoop[i] += s1[i] == 6 and s2[i] == 6
    return ([Fraction(e, 12 * deals) for e in eq], [Fraction(x, deals) for x in scoop],
            deals)


SPOTS = [
    ("double-holdem", ["As Ad", "Kc Kd"], "2c 7d 9h 5s", "Ks 3c 4d 8h"),
    ("double-holdem", ["Ah Kh", "Qs Qd"], "Jh Th 2c", "9h 8h 3s"),           # a flop each
    ("double-holdem", ["Ah 5h", "Qs Js", "7c 7d"], "2h 9h Tc 4s", "Jd 6c 3h"),
    ("double-omaha", ["As Ad Kh Qh", "Kc Kd 7s 6s"], "2c 7d 9h 5s", "Ks 3c 4d"),
    ("double-omaha5", ["As Ad Kh Qh 2s", "Kc Kd 7s 6s 5d"], "2c 7d 9h 5s Jc", "Ks 3c 4d"),
]


@pytest.mark.parametrize("name, players, b1, b2", SPOTS)
def test_exact_equity_is_the_brute_force_exactly(name, players, b1, b2):
    key = holdem_key if name == "double-holdem" else omaha_key
    holes = [hr.cards(p) for p in players]
    eq, sc, deals = _oracle_equity(key, holes, hr.cards(b1), hr.cards(b2))
    r = hr.equity(players, board=(b1, b2), game=name, exact=True)
    assert r.exact and r.samples == deals
    for i in range(len(players)):
        assert Fraction(float(r.equity[i])).limit_denominator(4 * deals) == eq[i]
        assert Fraction(float(r.scoop[i])).limit_denominator(4 * deals) == sc[i]
    assert r.shares.shape == (2, len(players))
    assert np.allclose(r.shares.sum(axis=1), 1) and np.allclose(r.shares.mean(axis=0), r.equity)
    assert r.halves == ("board 1", "board 2") and np.array_equal(r.half("board 2"), r.shares[1])
    assert r.hands == tuple(players)
    # the same by name or Game, and by the '|' spelling; exact=None takes these spots exactly
    again = hr.equity(players, board=f"{b1} | {b2}", game=hr.game(name))
    assert again.exact and np.array_equal(again.equity, r.equity)


def test_board_by_board_is_the_joint_enumeration():
    """Known hands: each board is enumerated on its own and the scoops are summed over the
    pairs of runouts with no card in common by inclusion-exclusion; the same numbers as
    listing every pair of runouts (the any-deal enumeration)."""
    from handrank.equity import parts as P
    for name, players, b1, b2 in [("double-holdem", ["As Ad", "Kc Kd", "7h 6h"], "2c 7d 9h",
                                   "Ks 3c 4d"),
                                  ("double-omaha", ["As Ad Kh Qh", "Kc Kd 7s 6s"], "2c 7d 9h",
                                   "Ks 3c 4d 8h")]:
        g = hr.game(name)
        spot = P._spot(g, players, (b1, b2), "")
        assert P._separable(spot)
        a = hr.equity(players, board=(b1, b2), game=name)
        b = P._exact(spot, tuple(players))
        assert a.exact and a.samples == b.samples
        for x, y in [(a.equity, b.equity), (a.scoop, b.scoop), (a.tie, b.tie),
                     (a.shares, b.shares)]:
            assert np.allclose(x, y, rtol=0, atol=1e-12)


def test_each_board_alone_is_holdem_equity():
    """Each board's share is the hand's hold'em equity on that board with the other
    board's cards dead, exactly (every runout of one board meets as many of the other)."""
    from handrank.equity import parts as P
    spot = P._spot(hr.game("double-holdem"), ["Ah Kh", "7c 7d"], ("2c 7h 9d", "Qs"), "")
    r = P._exact_by_board(spot, ())
    one = hr.equity(["Ah Kh", "7c 7d"], board="2c 7h 9d", dead="Qs", exact=True)
    two = hr.equity(["Ah Kh", "7c 7d"], board="Qs", dead="2c 7h 9d", exact=True)
    assert np.allclose(r.shares[0], one.equity, rtol=0, atol=1e-12)
    assert np.allclose(r.shares[1], two.equity, rtol=0, atol=1e-12)
    assert r.samples == math.comb(44, 2) * math.comb(42, 4)


def test_monte_carlo_within_tolerance_of_exact():
    """A fixed seed; each player within 4 standard errors of the exact value (the exact
    value checked against the brute force above on smaller spots)."""
    players = ["As Ad", "Kc Kd"]
    board = ("2c 7d 9h", "Ks 3c 4d")
    exact = hr.equity(players, board=board, game="double-holdem", exact=True)
    mc = hr.equity(players, board=board, game="double-holdem", exact=False, trials=60_000,
                   seed=2026)
    assert not mc.exact and mc.samples == 60_000
    assert (np.abs(mc.equity - exact.equity) < 4 * mc.stderr).all()
    assert (mc.stderr < 0.003).all()
    again = hr.equity(players, board=board, game="double-holdem", exact=False, trials=60_000,
                      seed=2026)
    assert np.array_equal(again.equity, mc.equity)
    # preflop: too many deals to list; exact=None runs Monte Carlo, symmetric hands 50/50
    r = hr.equity(["As Kd", "Ac Kh"], game="double-holdem", trials=20_000, seed=1)
    assert not r.exact and abs(r.equity[0] - 0.5) < 4 * r.stderr[0] + 1e-12
    with pytest.raises(InvalidHandError, match="cannot enumerate"):
        hr.equity(["As Kd", "random"], game="double-holdem", exact=True)


def test_random_player_is_every_hand():
    """'random' deals the hole cards from the stub too: the brute force over them."""
    b1, b2 = hr.cards("2c 7d 9h 5s Qd"), hr.cards("Ks 3c 4d 8h Jh")
    hero = hr.cards("As Ad")
    stub = [c for c in range(52) if c not in hero + b1 + b2]
    total = Fraction(0)
    n = 0
    for v in itertools.combinations(stub, 2):
        s1 = shares([holdem_key(hero, b1), holdem_key(list(v), b1)])
        s2 = shares([holdem_key(hero, b2), holdem_key(list(v), b2)])
        total += (Fraction(s1[0]) + Fraction(s2[0])) / 2
        n += 1
    r = hr.equity(["As Ad", "random"], board=(b1, b2), game="double-holdem")
    assert r.exact and r.samples == n
    assert Fraction(float(r.equity[0])).limit_denominator(4 * n) == total / n


def test_settle_against_the_rules():
    """Random three- and four-seat pots with side pots and folds, every chip by the rules."""
    rng = random.Random(5)
    for name, hole, key in DOUBLE:
        for _ in range(25):
            n = rng.choice((2, 3, 4))
            ids = rng.sample(range(52), n * hole + 10)
            holes = [ids[i * hole:(i + 1) * hole] for i in range(n)]
            b1, b2 = ids[-10:-5], ids[-5:]
            chips = [rng.choice((3, 7, 10, 11, 25)) for _ in range(n)]
            folded = [rng.random() < 0.2 for _ in range(n)]
            if all(folded):
                folded[0] = False
            button = rng.randrange(n)
            keys = [None if folded[s] else [key(holes[s], b1), key(holes[s], b2)]
                    for s in range(n)]
            want = settle_parts(chips, folded, keys, button)
            hands = [None if f else h for f, h in zip(folded, holes)]
            got = hr.settle((b1, b2), hands, chips, folded=folded, button=button, game=name)
            assert got.payouts == want, (name, holes, b1, b2, chips, folded, button)
            assert got == hr.settle((b1, b2), hands, chips, folded=folded, button=button,
                                    game=hr.game(name))


def test_settle_scoop_split_and_odd_chip():
    # seat 0 wins both boards: scoops
    s = hr.settle("Ah Kh 2c 3d 9s | Ad Kc 4h 7c 8d", ["As Ks", "Qc Qd"], [10, 11],
                  game="double-holdem")
    assert s.payouts == [20, 1]
    assert s.pots[0].reason.startswith("seat 0 scoops; board 1 (10)")
    # each board to a different seat; 21 chips: 11 to board 1, 10 to board 2
    s = hr.settle("Ah Kh 2c 3d 9s | 7s 7d 9h 4c 5c", ["As Kd", "6c 8c"], [10, 11],
                  game="double-holdem")
    pot = s.pots[0]
    assert s.payouts == [10, 1 + 10] or s.payouts[0] + s.payouts[1] == 21
    main = pot if pot.amount == 20 else s.pots[1]
    assert [h.name for h in main.halves] == ["board 1", "board 2"]
    assert [h.amount for h in main.halves] == [10, 10]
    odd = hr.settle("Ah Kh 2c 3d 9s | 7s 7d 9h 4c 5c", ["As Kd", "6c 8c", None], [10, 10, 1],
                    folded=[False, False, True], game="double-holdem")
    assert [h.amount for h in odd.pots[0].halves] == [11, 10]
    assert odd.payouts == [11, 10, 0]
    assert "the odd chip of the cut to board 1" in odd.pots[0].reason


def test_explain_and_describe_name_each_board():
    text = hr.explain("As Kd", "6c 8c", ("Ah Kh 2c 3d 9s", "7s 7d 9h 4c 5c"),
                      game="double-holdem")
    assert text == ("board 1: A-A-K-K-9 beats A-K-9-8-6: two pair beats high card; "
                    "board 2: 9-8-7-6-5 beats 7-7-A-K-9: straight beats one pair")
    assert hr.explain("As Kd", "Ac Kc", "Ah Kh 2c 3d 9s | 7s 7d 9h 4c 5c",
                      game="double-holdem") == (
        "board 1: split: both play A-A-K-K-9; suits never decide; "
        "board 2: split: both play 7-7-A-K-9; suits never decide")
    s = hr.evaluate("As Kd", board=("Ah Kh 2c 3d 9s", "7s 7d 9h 4c 5c"), game="double-holdem")
    assert hr.describe(s, game="double-holdem") == (
        "board 1: Two pair, Aces and Kings, with a Nine kicker; "
        "board 2: One pair, Sevens, with A-K-9 kickers")
    assert hr.category(s, game="double-holdem") == (hr.Category.TWO_PAIR, hr.Category.ONE_PAIR)
    five = hr.best_five("As Ad Kh Qh", board=("Ac 7d 2d 9h 3s", "Kc Kd 2h 3h 4h"),
                        game="double-omaha")
    assert [hr.cards_str(f) for f in five] == ["As Ad Ac 9h 7d", "Kh Qh 4h 3h 2h"]


def test_showdown_batch_is_the_settled_share():
    rng = np.random.default_rng(3)
    n, p = 200, 3
    ids = np.array([rng.permutation(52)[:p * 4 + 10] for _ in range(n)], dtype=np.uint8)
    hole = ids[:, :p * 4].reshape(n, p, 4)
    boards = ids[:, p * 4:].reshape(n, 2, 5)
    out = hr.showdown_batch(boards, hole, game="double-omaha")
    for r in range(0, n, 10):
        keys = [[omaha_key(list(hole[r, s]), list(boards[r, 0])),
                 omaha_key(list(hole[r, s]), list(boards[r, 1]))] for s in range(p)]
        want = [(a + b) / 2 for a, b in zip(shares([k[0] for k in keys]),
                                            shares([k[1] for k in keys]))]
        assert np.allclose(out[r], want)


@pytest.mark.parametrize("board, message", [
    ("Ah Kh 2c 3d 9s", "deals 2 boards"),
    (("Ah Kh 2c 3d 9s", "Ah 7d 9h 4c 5c"), "duplicate card 'Ah' on board 1 and board 2"),
    (("Ah Kh 2c 3d", "7s 7d 9h 4c 5c"), "expected board 1 of 5 cards at showdown, got 4"),
    (("Ah Kh 2c 3d 9s", "7s 7d 9h 4c 5c", "2h"), "deals 2 boards"),
])
def test_bad_boards_are_named(board, message):
    with pytest.raises(InvalidHandError, match=message):
        hr.settle(board, ["As Kd", "6c 8c"], [1, 1], game="double-holdem")


def test_bad_input_elsewhere_is_named():
    with pytest.raises(InvalidHandError, match="duplicate card 'As' in player 1's hand and "
                                                "board 2"):
        hr.equity(["As Kd", "6c 8c"], board=("2c 3c 4c", "As 9d 9h"), game="double-holdem")
    with pytest.raises(InvalidHandError, match="expected 4 cards in player 2's hand"):
        hr.equity(["As Kd Qs Js", "6c 8c"], board=("2c 3c 4c", "5s 9d 9h"),
                  game="double-omaha")
    with pytest.raises(hr.InvalidRangeError, match="Ax"):
        hr.equity(["Ax", "random"], game="double-holdem")
    with pytest.raises(ValueError, match="board= is required"):
        hr.evaluate("As Kd", game="double-holdem")
    # variant= with double-holdem: tests/test_compat.py
    # everyone else folded: no board needed
    assert hr.settle(None, ["As Kd", None], [5, 2], folded=[False, True],
                     game="double-holdem").payouts == [7, 0]


def _suited(r1: str, r2: str) -> list[list[int]]:
    return [[hr.card(r1 + s), hr.card(r2 + s)] for s in "cdhs"]


def _pairs(r: str) -> list[list[int]]:
    return [[hr.card(r + a), hr.card(r + b)] for a, b in itertools.combinations("cdhs", 2)]


def test_ranges_exact_are_the_weighted_brute_force():
    """Ranges: every tuple of combos that fit together (card removal), weighted by the
    product of the weights, each tuple's equity by the brute force."""
    b1, b2 = "2h 7h 9c 5s", "Kd 3h 4d 8h"
    hero = [(c, Fraction(1)) for c in _suited("A", "K")] + \
        [(c, Fraction(1, 4)) for c in _suited("A", "Q")]
    villain = [(c, Fraction(1)) for c in _pairs("Q")]
    board_ids = set(hr.cards(b1) + hr.cards(b2))
    num, den = [Fraction(0), Fraction(0)], Fraction(0)
    for h, wh in hero:
        for v, wv in villain:
            if set(h) & set(v) or (set(h) | set(v)) & board_ids:
                continue
            eq, _, _ = _oracle_equity(holdem_key, [h, v], hr.cards(b1), hr.cards(b2))
            num = [n + wh * wv * e for n, e in zip(num, eq)]
            den += wh * wv
    want = [n / den for n in num]
    r = hr.equity(["AKs,AQs:0.25", "QQ"], board=(b1, b2), game="double-holdem")
    assert r.exact and r.hands == ("AKs,AQs:0.25", "QQ")
    assert r.equity.tolist() == pytest.approx([float(w) for w in want], abs=1e-12)
    assert abs(float(sum(want)) - 1) < 1e-12
    mc = hr.equity(["AKs,AQs:0.25", "QQ"], board=(b1, b2), game="double-holdem", exact=False,
                   trials=40_000, seed=11)
    assert (np.abs(mc.equity - r.equity) < 4 * mc.stderr).all()


def test_omaha_ranges_monte_carlo_within_tolerance_of_exact():
    players = ["AAKK", "As Ad Qh Jh"]          # the exact hand takes two aces from the range
    board = ("2c 7d 9h 5s", "Ks 3c 4d")
    exact = hr.equity(players, board=board, game="double-omaha")
    assert exact.exact
    mc = hr.equity(players, board=board, game="double-omaha", exact=False, trials=40_000,
                   seed=4)
    assert (np.abs(mc.equity - exact.equity) < 4 * mc.stderr).all()
    with pytest.raises(hr.InvalidRangeError, match="no combos left"):
        hr.equity(["KK", "As Ad"], board=("Kc Kd 2h", "Ks 3c 4d"), game="double-holdem")


def test_ranges_that_share_cards():
    r = hr.equity(["AA", "AA"], board=("2c 7d 9h 5s", "Ks 3c 4d 8h"), game="double-holdem")
    assert r.exact and r.equity.tolist() == pytest.approx([0.5, 0.5], abs=1e-12)
    assert r.samples == 6 * 1560                 # the six AA-vs-AA tuples that fit
