"""Stud, stud hi-lo and razz pots of three hands with two cards each to come (5th
street, ~10^8 deals): counted without dealing (``allin._three_way_counts``) against
dealing every deal (``allin.deal_counts``' enumeration, the stub shrunk by dead cards
to stay under ``allin.LIMIT``), against settling every deal by the rule book on a small
stub, and in a replayed hand against a seeded Monte Carlo of ``hr.equity``.
"""

from __future__ import annotations

import itertools
import random
from fractions import Fraction

import pytest

import handrank as hr
from handrank.history import allin, read
from handrank.showdown.pots import settle_game

GAMES = ["stud", "stud-hilo", "razz"]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("have, dead, seed", [(5, 22, 1), (5, 20, 2), (6, 10, 3), (4, 29, 4),
                                              (5, 24, 5), (6, 25, 6)])
def test_three_way_counts_equal_dealing_every_deal(game, have, dead, seed):
    deck = list(range(52))
    random.Random(seed).shuffle(deck)
    known = [deck[i * have:(i + 1) * have] for i in range(3)]
    gone = deck[3 * have:3 * have + dead]
    want = allin.deal_counts(game, known, gone, 7)
    assert isinstance(want, tuple)
    stub = [c for c in hr.game(game).deck if c not in set(deck[:3 * have + dead])]
    assert allin._three_way_counts(hr.game(game), known, stub, 7 - have) == want


@pytest.mark.parametrize("game", GAMES)
def test_three_way_counts_against_settling_every_deal(game):
    """Two cards each from a stub of 8 (2,520 deals), every deal settled by the rule
    book's settlement: hands chosen so that split pots occur."""
    hands = [hr.cards("AhAdKcQsJh"), hr.cards("AsAcKdQhJc"), hr.cards("8s8d4c3cTh")]
    stub = hr.cards("2s3d4h5c6s7d8h9c")
    if game == "razz":                    # low hands that tie on like ranks
        hands = [hr.cards("Ah2d3c4sKh"), hr.cards("As2h3d4cKd"), hr.cards("8s8d9c9hTh")]
        stub = hr.cards("5h6s7d7c8h9sQcQd")
    g = hr.game(game)
    k = allin.UNIT
    tot = [0, 0, 0]
    deals = split = 0
    for x in itertools.combinations(stub, 2):
        r1 = [c for c in stub if c not in x]
        for y in itertools.combinations(r1, 2):
            for z in itertools.combinations([c for c in r1 if c not in y], 2):
                st = settle_game(None, [hands[0] + list(x), hands[1] + list(y),
                                        hands[2] + list(z)], [k, k, k], g)
                tot = [a + b for a, b in zip(tot, st.payouts)]
                deals += 1
                split += sum(p > 0 for p in st.payouts) > 1
    assert deals == 2520 and split > 0
    shares, whole = allin._three_way_counts(g, hands, stub, 2)
    assert [Fraction(x, whole) for x in shares] == [Fraction(t, 3 * k * deals) for t in tot]
    assert sum(shares) == whole


STUD = """variant = '{v}'
ante_trimming_status = false
antes = [1, 1, 1]
bring_in = 2
small_bet = 5
big_bet = 10
starting_stacks = [21, 21, 21]
actions = [{acts}]
"""
# three hands all in on 5th street: p1 bets its last chips, p2 and p3 call
ACTS = ("'d dh p1 AhAd2c', 'd dh p2 KsKd9h', 'd dh p3 7c7d8s', 'p1 pb', 'p2 cc', 'p3 cc', "
        "'d dh p1 3h', 'd dh p2 4s', 'd dh p3 Jc', 'p3 cbr 5', 'p1 cc', 'p2 cc', "
        "'d dh p1 Tc', 'd dh p2 5d', 'd dh p3 6h', 'p3 cbr 13', 'p1 cc', 'p2 cc', "
        "'d dh p1 Ts', 'd dh p2 Qd', 'd dh p3 Qc', 'd dh p1 9d', 'd dh p2 2d', 'd dh p3 3c', "
        "'p1 sm AhAd2c3hTcTs9d', 'p2 sm KsKd9h4s5dQd2d', 'p3 sm 7c7d8sJc6hQc3c'")
# razz: the highest up card brings in, the lowest showing hand opens
RAZZ = (ACTS.replace("'p1 pb', 'p2 cc', 'p3 cc'", "'p2 pb', 'p3 cc', 'p1 cc'")
        .replace("'p3 cbr 5', 'p1 cc', 'p2 cc'", "'p1 cbr 5', 'p2 cc', 'p3 cc'")
        .replace("'p3 cbr 13', 'p1 cc', 'p2 cc'", "'p2 cbr 13', 'p3 cc', 'p1 cc'"))


@pytest.mark.parametrize("variant, game", [("F7S", "stud"), ("F7S/8", "stud-hilo"),
                                           ("FR", "razz")])
def test_fifth_street_three_way_all_in_is_exact(variant, game):
    """All in three ways on 5th street: an exact EV,
    its seats' pot shares within six standard errors of a seeded Monte Carlo."""
    (h,) = read(text=STUD.format(v=variant, acts=RAZZ if game == "razz" else ACTS))
    r = h.replay()
    assert r.allin_note == "" and r.allin_ev_exact is not None, r.allin_note
    assert sum(r.allin_ev_exact) == 0
    (pot,) = r.pots
    assert sorted(pot.eligible) == [0, 1, 2]
    trials = 300_000
    eq = hr.equity(["AhAd2c3hTc", "KsKd9h4s5d", "7c7d8sJc6h"], game=game, trials=trials,
                   seed=11)
    for s in range(3):
        share = (r.allin_ev_exact[s] + r.contributions[s]) / pot.amount
        p = eq.equity[s]
        assert abs(float(share) - p) < 6 * (p * (1 - p) / trials) ** 0.5 + 1e-9, (s, share, p)
