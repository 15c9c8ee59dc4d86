"""Courchevel and Courchevel hi-lo: five-card Omaha whose first flop card is dealt face up
before the first betting round, checked against a brute force of the rules.

The rules (docs/games.md, "Courchevel"; the published rules of the game, as
RULES.md does not name it): five hole cards, a hand of exactly two of them and
three board cards; the hi-lo game splits each pot with an eight-or-better low
(RULES.md §8).  The brute force lists every runout and every two-plus-three,
ranking the five cards with hr.evaluate_batch / lowball(...).evaluate_batch
(five-card rankings that tests/test_exhaustive.py and test_lowball.py check
against the rule book), so neither the Omaha kernels nor the equity drivers
take part in it.
"""

from __future__ import annotations

import itertools
import random
from fractions import Fraction

import numpy as np
import pytest

import handrank as hr

from ._rules_oracle import omaha_key, settle_parts

PAIRS = list(itertools.combinations(range(5), 2))
TRIPLES = list(itertools.combinations(range(5), 3))


def _best(holes: np.ndarray, boards: np.ndarray, rank) -> np.ndarray:
    """Each row's best two-plus-three on `rank`'s five-card scale (n,)."""
    best = np.zeros(len(boards), dtype=np.int64)
    for p in PAIRS:
        for t in TRIPLES:
            five = np.concatenate([holes[:, p], boards[:, t]], axis=1)
            best = np.maximum(best, np.asarray(rank(five), dtype=np.int64))
    return best


def _oracle(players, board, hilo):
    """Exact pot equity over every runout, as a Fraction per player."""
    holes = [hr.cards(p) for p in players]
    given = hr.cards(board)
    stub = [c for c in range(52) if c not in set(sum(holes, []) + given)]
    runs = np.array([given + list(r) for r in itertools.combinations(stub, 5 - len(given))],
                    dtype=np.uint8)
    high = np.stack([_best(np.tile(np.array(h, dtype=np.uint8), (len(runs), 1)), runs,
                           hr.evaluate_batch) for h in holes], axis=1)
    top = high == high.max(axis=1, keepdims=True)
    hs = top / top.sum(axis=1, keepdims=True)
    if not hilo:
        share = hs
    else:
        l8 = hr.lowball("a5", qualifier=8)
        low = np.stack([_best(np.tile(np.array(h, dtype=np.uint8), (len(runs), 1)), runs,
                              l8.evaluate_batch) for h in holes], axis=1)
        has = low.max(axis=1) > 0
        lt = (low == low.max(axis=1, keepdims=True)) & has[:, None]
        ls = lt / np.maximum(lt.sum(axis=1, keepdims=True), 1)
        share = np.where(has[:, None], (hs + ls) / 2, hs)
    # shares are multiples of 1/12 at most (ties of 2 or 3 in a half): exact as fractions
    assert np.allclose(share * 12, np.rint(share * 12))
    twelfths = np.rint(share * 12).astype(np.int64).sum(axis=0)
    return [Fraction(int(x), 12 * len(runs)) for x in twelfths], len(runs)


def test_registered_as_five_card_omaha_with_one_board_card_first():
    for name, like in (("courchevel", "omaha5"), ("courchevel-hilo", "omaha5-hilo")):
        g, o = hr.game(name), hr.game(like)
        assert name in hr.games() and g == hr.game(name) and g != o
        assert (g.hole_cards, g.board_cards, g.halves, g.hand) == (o.hole_cards, o.board_cards,
                                                                   o.halves, o.hand)
        assert g.board_streets == (1, 3, 4, 5)


@pytest.mark.parametrize("name, hilo", [("courchevel", False), ("courchevel-hilo", True)])
@pytest.mark.parametrize("players, board", [
    (["As Ks Qd Jd Tc", "7c 7h 2c 2h 3d"], "Qh"),           # the face-up card alone
    (["Ah 2h 3s Kd Kc", "As 4d 5c Qs Jh"], "6c"),
    (["Ah 2h 3s Kd Kc", "As 4d 5c Qs Jh", "9c 9d Th Js 8s"], "6c 7d 2s 4h"),
])
def test_exact_equity_is_the_brute_force_exactly(name, hilo, players, board):
    want, runs = _oracle(players, board, hilo)
    r = hr.equity(players, board=board, game=name)
    assert r.exact and r.samples == runs
    got = [Fraction(float(x)).limit_denominator(12 * runs) for x in r.equity]
    assert got == want
    assert np.array_equal(hr.equity(players, board=board, game=hr.game(name)).equity, r.equity)


def test_monte_carlo_within_tolerance_of_exact():
    players = ["As Ks Qd Jd Tc", "7c 7h 2c 2h 3d"]
    exact = hr.equity(players, board="Qh", game="courchevel")
    mc = hr.equity(players, board="Qh", game="courchevel", exact=False, trials=100_000, seed=7)
    assert not mc.exact and (np.abs(mc.equity - exact.equity) < 4 * mc.stderr).all()


def test_evaluate_settle_explain_against_the_rules():
    rng = random.Random(3)
    for _ in range(30):
        n = rng.choice((2, 3, 4))
        ids = rng.sample(range(52), 5 * n + 5)
        holes = [ids[5 * i:5 * i + 5] for i in range(n)]
        board = ids[-5:]
        s = [hr.evaluate(h, board=board, game="courchevel") for h in holes]
        k = [omaha_key(h, board) for h in holes]
        for a, b in itertools.combinations(range(n), 2):
            assert (s[a] > s[b]) - (s[a] < s[b]) == (k[a] > k[b]) - (k[a] < k[b])
        chips = [rng.choice((2, 5, 8)) for _ in range(n)]
        want = settle_parts(chips, [False] * n, [[x] for x in k], 0)
        assert hr.settle(board, holes, chips, game="courchevel").payouts == want
    text = hr.explain("As Ks Qd Jd Tc", "7c 7h 2c 2h 3d", "Qh 2s 3h 9c Td", game="courchevel")
    assert text == "K-Q-J-T-9 beats 2-2-2-Q-T: straight beats three of a kind"


def test_hand_size_is_five():
    with pytest.raises(hr.InvalidHandError, match="expected 5 cards"):
        hr.equity(["As Ks Qd Jd", "7c 7h 2c 2h"], board="Qh", game="courchevel")
