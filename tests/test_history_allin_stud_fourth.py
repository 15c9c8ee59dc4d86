"""Stud, stud hi-lo and razz pots of three hands with three cards each to come (4th
street, ~4.6 * 10^11 deals on a full stub): counted on the C core without dealing
(``allin._three_way_counts_c``, ``kernels.stud_three_shares``) against dealing every
deal (``allin.deal_counts``' own enumeration, the stub shrunk by dead cards to stay
under ``allin.LIMIT``), against settling every deal by the rule book on a stub of 9,
and on real-size spots and a replayed hand against a seeded Monte Carlo of
``hr.equity``.
"""

from __future__ import annotations

import itertools
import random
from fractions import Fraction

import pytest

import handrank as hr
from handrank.core import kernels
from handrank.history import allin, read
from handrank.showdown.pots import settle_game

GAMES = ["stud", "stud-hilo", "razz"]
pytestmark = pytest.mark.skipif(not kernels.have_c(), reason="the C core is not loaded")


def _stub(game: str, used: list[int]) -> list[int]:
    return [c for c in hr.game(game).deck if c not in set(used)]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("u, seed", [(9, 1), (10, 2), (11, 3), (12, 4), (13, 5), (13, 6)])
def test_counts_equal_dealing_every_deal(game, u, seed):
    deck = list(range(52))
    random.Random(seed).shuffle(deck)
    known = [deck[i * 4:(i + 1) * 4] for i in range(3)]
    gone = deck[12 + u:]
    want = allin.deal_counts(game, known, gone, 7)
    assert isinstance(want, tuple)
    got = allin._three_way_counts_c(hr.game(game), known, _stub(game, known[0] + known[1]
                                                                 + known[2] + gone))
    assert got == want


@pytest.mark.parametrize("game", GAMES)
def test_counts_equal_dealing_every_deal_with_ties(game):
    """Hands of like ranks (the same up to suits), so that pots split two and three
    ways on many deals."""
    known = [hr.cards("AhKd5c4s"), hr.cards("AsKc5d4h"), hr.cards("AdKh5s4c")]
    stub = hr.cards("2c2d3h3s6c7d8h9sTcJd8c9d")          # 12 cards: 369,600 deals
    dead = [c for c in range(52) if c not in set(stub) | {c for h in known for c in h}]
    want = allin.deal_counts(game, known, dead, 7)
    assert isinstance(want, tuple)
    assert allin._three_way_counts_c(hr.game(game), known, stub) == want
    # deals that split the pot are among those counted (300 of them, seeded)
    rng = random.Random(0)
    split = 0
    for _ in range(300):
        d = rng.sample(stub, 9)
        st = settle_game(None, [known[i] + d[3 * i:3 * i + 3] for i in range(3)],
                         [allin.UNIT] * 3, hr.game(game))
        split += sum(p > 0 for p in st.payouts) > 1
    assert split > 0


@pytest.mark.parametrize("game", GAMES)
def test_counts_against_settling_every_deal(game):
    """Three cards each from a stub of 9 (1,680 deals), every deal settled by the rule
    book's settlement: hands chosen so that split pots occur."""
    hands = [hr.cards("AhAdKcQs"), hr.cards("AsAcKdQh"), hr.cards("8s8d7c6c")]
    stub = hr.cards("2s2d2h3c3d3h4s4d4h")
    if game == "razz":                    # low hands that tie on like ranks
        hands = [hr.cards("Ah2d3cKh"), hr.cards("As2h3dKd"), hr.cards("8s8d9c9h")]
        stub = hr.cards("4s4d5h5c6s6d7h7cKs")
    g = hr.game(game)
    k = allin.UNIT
    tot = [0, 0, 0]
    deals = split = 0
    for x in itertools.combinations(stub, 3):
        r1 = [c for c in stub if c not in x]
        for y in itertools.combinations(r1, 3):
            z = [c for c in r1 if c not in y]
            st = settle_game(None, [hands[0] + list(x), hands[1] + list(y), hands[2] + z],
                             [k, k, k], g)
            tot = [a + b for a, b in zip(tot, st.payouts)]
            deals += 1
            split += sum(p > 0 for p in st.payouts) > 1
    assert deals == 1680 and split > 0
    got = allin._three_way_counts_c(g, hands, stub)
    assert got is not None
    shares, whole = got
    assert [Fraction(x, whole) for x in shares] == [Fraction(t, 3 * k * deals) for t in tot]
    assert sum(shares) == whole


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("hands", [("AhAd2c3h", "KsKd9h4s", "7c7d8sJc"),
                                   ("2c3d4h5s", "As2d7c8h", "KcKhQdJs")])
def test_full_stub_against_a_seeded_monte_carlo(game, hands):
    """All 40 cards left to deal from (4.6 * 10^11 deals): each seat's exact share
    within six standard errors of 300,000 seeded trials of ``hr.equity``."""
    known = [hr.cards(h) for h in hands]
    got = allin.deal_counts(game, known, [], 7)
    assert isinstance(got, tuple)
    shares, whole = got
    assert whole == allin.UNIT * 459_377_318_400 and sum(shares) == whole
    trials = 300_000
    eq = hr.equity(list(hands), game=game, trials=trials, seed=17)
    for s in range(3):
        p = eq.equity[s]
        assert abs(shares[s] / whole - p) < 6 * (p * (1 - p) / trials) ** 0.5 + 1e-9, (s, p)


STUD = """variant = '{v}'
ante_trimming_status = false
antes = [1, 1, 1]
bring_in = 2
small_bet = 5
big_bet = 10
starting_stacks = [12, 12, 12]
actions = [{acts}]
"""
# three hands all in on 4th street: p3 bets its last chips, p1 and p2 call
ACTS = ("'d dh p1 AhAd2c', 'd dh p2 KsKd9h', 'd dh p3 7c7d8s', 'p1 pb', 'p2 cc', 'p3 cc', "
        "'d dh p1 3h', 'd dh p2 4s', 'd dh p3 Jc', 'p3 cbr 9', 'p1 cc', 'p2 cc', "
        "'d dh p1 Tc', 'd dh p2 5d', 'd dh p3 6h', "
        "'d dh p1 Ts', 'd dh p2 Qd', 'd dh p3 Qc', 'd dh p1 9d', 'd dh p2 2d', 'd dh p3 3c', "
        "'p1 sm AhAd2c3hTcTs9d', 'p2 sm KsKd9h4s5dQd2d', 'p3 sm 7c7d8sJc6hQc3c'")
# razz: the highest up card brings in, the lowest showing hand opens
RAZZ = (ACTS.replace("'p1 pb', 'p2 cc', 'p3 cc'", "'p2 pb', 'p3 cc', 'p1 cc'")
        .replace("'p3 cbr 9', 'p1 cc', 'p2 cc'", "'p1 cbr 9', 'p2 cc', 'p3 cc'"))


@pytest.mark.parametrize("variant, game", [("F7S", "stud"), ("F7S/8", "stud-hilo"),
                                           ("FR", "razz")])
def test_fourth_street_three_way_all_in_is_exact(variant, game, monkeypatch):
    """All in three ways on 4th street: an exact EV (without the kernel it is None:
    too many deals), its seats' pot shares within six standard errors of a seeded
    Monte Carlo."""
    (h,) = read(text=STUD.format(v=variant, acts=RAZZ if game == "razz" else ACTS))
    with monkeypatch.context() as m:
        m.setattr(kernels, "stud_three_shares", lambda *a: None)
        before = h.replay()
    assert before.allin_ev is None and before.allin_note.startswith("459,377,318,400 deals")
    r = h.replay()
    assert r.allin_note == "" and r.allin_ev_exact is not None, r.allin_note
    assert sum(r.allin_ev_exact) == 0
    (pot,) = r.pots
    assert sorted(pot.eligible) == [0, 1, 2]
    trials = 300_000
    eq = hr.equity(["AhAd2c3h", "KsKd9h4s", "7c7d8sJc"], game=game, trials=trials, seed=11)
    for s in range(3):
        share = (r.allin_ev_exact[s] + r.contributions[s]) / pot.amount
        p = eq.equity[s]
        assert abs(float(share) - p) < 6 * (p * (1 - p) / trials) ** 0.5 + 1e-9, (s, share, p)


def test_fourth_street_without_the_c_core_stays_none(monkeypatch):
    """Without the C kernel the pot keeps its None and the count of deals."""
    monkeypatch.setattr(kernels, "stud_three_shares", lambda *a: None)
    known = [hr.cards("AhAd2c3h"), hr.cards("KsKd9h4s"), hr.cards("7c7d8sJc")]
    got = allin.deal_counts("stud", known, [], 7)
    assert got == "459,377,318,400 deals, more than the 3,000,000 enumerated exactly"
