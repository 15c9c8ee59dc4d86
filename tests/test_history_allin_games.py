"""Exact all-in EV in every game the replay settles, against a brute force over the run-outs.

The oracle does not use :mod:`handrank.history.allin`'s counting: it deals every
run-out still to come (every completion of the board, or every way to deal
each stud hand still in its missing cards from the stub), settles the whole
hand on it with ``settle_game`` (the rule book's settlement), with every
contribution multiplied by ``K`` so that no pot or half pot leaves an odd chip,
and averages the payouts as exact fractions.  That mean, divided by ``K``,
less what each seat put in, must equal ``Replay.allin_ev_exact`` exactly, and
``Replay.allin_ev`` is its rounding (int or Decimal, never float).  In stud the
oracle deals cards to every seat still in, also those not in a pot, so it also
checks that a pot's EV need not deal them.
"""

from __future__ import annotations

import itertools
from decimal import Decimal
from fractions import Fraction
from typing import Any

import pytest

import handrank as hr
from handrank.history import allin, read
from handrank.showdown.pots import settle_game

K = allin.UNIT       # 2 * lcm(1..12): every pot and half pot divides evenly


def _replay(text: str) -> Any:
    (h,) = read(text=text)
    return h, h.replay()


def _check(r: Any, want: list[Fraction]) -> None:
    assert r.allin_ev_exact == want
    assert r.allin_ev == [allin.expectation(x) for x in want]
    assert all(type(x) in (int, Decimal) for x in r.allin_ev)
    assert sum(want) == 0                        # chips are conserved, exactly
    assert r.adjusted_net == r.allin_ev


def _board_oracle(h: Any, r: Any, game: str, holes: dict[int, str], board: str
                  ) -> list[Fraction]:
    g = hr.game(game)
    known = {s: hr.cards(c) for s, c in holes.items()}
    used = set(hr.cards(board)) | {c for x in known.values() for c in x}
    deck = [c for c in g.deck if c not in used]
    hands = [known.get(s) if not r.folded[s] else None for s in range(h.seats)]
    tot = [Fraction(0)] * h.seats
    m = 0
    for extra in itertools.combinations(deck, 5 - len(hr.cards(board))):
        st = settle_game(hr.cards(board) + list(extra), hands,
                         [c * K for c in r.contributions], g, folded=r.folded, dead=r.dead * K)
        tot = [t + p for t, p in zip(tot, st.payouts)]
        m += 1
    return [t / (m * K) - c for t, c in zip(tot, r.contributions)]


def _holdem_like(variant: str, holes: list[str], flop: str, turn: str, river: str,
                 stacks: list[int]) -> str:
    """Three seats, blinds 1-2, everyone limps, all in on the flop with side pots."""
    return (f"variant = '{variant}'\nantes = [0, 0, 0]\nblinds_or_straddles = [1, 2, 0]\n"
            f"min_bet = 2\nsmall_bet = 2\nbig_bet = 4\nstarting_stacks = {stacks}\n"
            f"actions = ['d dh p1 {holes[0]}', 'd dh p2 {holes[1]}', 'd dh p3 {holes[2]}', "
            f"'p3 cc', 'p1 cc', 'p2 cc', 'd db {flop}', 'p1 cbr {stacks[0] - 2}', "
            f"'p2 cbr {stacks[1] - 2}', 'p3 cc', 'd db {turn}', 'd db {river}', "
            f"'p1 sm {holes[0]}', 'p2 sm {holes[1]}', 'p3 sm {holes[2]}']\n")


@pytest.mark.parametrize("variant, game, holes, flop, turn, river", [
    ("NT", "holdem", ["AsKs", "QhQd", "Jc9c"], "2s3sTc", "4d", "5h"),
    ("NS", "shortdeck", ["AsKs", "QhQd", "Jc9c"], "6s7sTc", "8d", "9h"),
    ("PO", "omaha", ["AsKsQdJd", "9c9hTcTh", "8s7s6d6c"], "2s3sTd", "4d", "5h"),
    ("NO/8", "omaha-hilo", ["As2sQdJd", "3c4hKcKh", "Ad5s6d8c"], "2h7s9d", "Td", "4s"),
])
def test_board_games_side_pots_on_the_flop(variant, game, holes, flop, turn, river):
    h, r = _replay(_holdem_like(variant, holes, flop, turn, river, [50, 100, 200]))
    assert r.allin_board == flop and len(r.pots) == 2         # main and side pots
    want = _board_oracle(h, r, game, dict(enumerate(holes)), flop)
    _check(r, want)


@pytest.mark.parametrize("game, size", [("omaha5", 5), ("omaha6", 6), ("omaha-hilo", 4),
                                        ("omaha5-hilo", 5)])
def test_omaha_sizes_board_counts_against_settle(game, size):
    """Omaha 5 and 6 (no PHH variant code): the counts of allin.board_counts on the turn
    against settling each river, heads-up and with a dead hand."""
    import random
    g = hr.game(game)
    rng = random.Random(size)
    deck = list(g.deck)
    rng.shuffle(deck)
    a, b, dead, board = deck[:size], deck[size:2 * size], deck[2 * size:3 * size], \
        deck[3 * size:3 * size + 4]
    shares, whole = allin.board_counts(game, [a, b], board, dead)
    rest = [c for c in g.deck if c not in set(a + b + dead + board)]
    tot = [0, 0]
    for c in rest:
        st = settle_game(board + [c], [a, b], [K, K], g)
        tot = [t + p for t, p in zip(tot, st.payouts)]
    assert [Fraction(s, whole) for s in shares] == [Fraction(t, 2 * K * len(rest))
                                                    for t in tot]


STUD = """variant = '{v}'
ante_trimming_status = false
antes = [1, 1, 1]
bring_in = 2
small_bet = 5
big_bet = 10
starting_stacks = [100, 31, {s3}]
actions = [{acts}]
"""

# p1 folds on 4th street (its up cards 2c 3h are seen), p2 goes all in on 6th street
STUD_ACTS = ("'d dh p1 AhAd2c', 'd dh p2 KsKd9h', 'd dh p3 7c7d8s', 'p1 pb', 'p2 cbr 5', "
             "'p3 cc', 'p1 cc', 'd dh p1 3h', 'd dh p2 4s', 'd dh p3 Jc', 'p3 cbr 5', 'p1 f', "
             "'p2 cc', 'd dh p2 5d', 'd dh p3 6h', 'p3 cc', 'p2 cbr 10', 'p3 cc', "
             "'d dh p2 Qd', 'd dh p3 Qc', 'p3 cc', 'p2 cbr 10', 'p3 cc', 'd dh p2 2d', "
             "'d dh p3 3c', 'p2 sm KsKd9h4s5dQd2d', 'p3 sm 7c7d8sJc6hQc3c'")
# razz: p1's king brings in; the lowest showing opens each later street
RAZZ_ACTS = ("'d dh p1 AhAdKc', 'd dh p2 2s3d9h', 'd dh p3 4c5d8s', 'p1 pb', 'p2 cbr 5', "
             "'p3 cc', 'p1 cc', 'd dh p1 3h', 'd dh p2 6s', 'd dh p3 7c', 'p3 cbr 5', 'p1 f', "
             "'p2 cc', 'd dh p2 Td', 'd dh p3 Jc', 'p2 cc', 'p3 cbr 10', 'p2 cc', "
             "'d dh p2 Qd', 'd dh p3 Qc', 'p2 cbr 10', 'p3 cc', 'd dh p2 2d', 'd dh p3 3c', "
             "'p2 sm 2s3d9h6sTdQd2d', 'p3 sm 4c5d8s7cJcQc3c'")


def _stud_oracle(h: Any, r: Any, game: str, then: dict[int, list[int]], seen: list[int]
                 ) -> list[Fraction]:
    """Every way to deal each seat still in its missing cards, settled."""
    g = hr.game(game)
    live = sorted(then)
    need = [7 - len(then[s]) for s in live]
    used = set(seen) | {c for s in live for c in then[s]}
    stub = [c for c in g.deck if c not in used]
    tot = [Fraction(0)] * h.seats
    m = 0
    for deal in itertools.permutations(stub, sum(need)):
        hands: list[Any] = [None] * h.seats
        k = 0
        for s, q in zip(live, need):
            hands[s] = then[s] + list(deal[k:k + q])
            k += q
        # the antes (1 a seat) are dead money: r.dead, not the seats' chips
        st = settle_game(None, hands, [(c - 1) * K for c in r.contributions], g,
                         folded=r.folded, dead=r.dead * K)
        tot = [t + p for t, p in zip(tot, st.payouts)]
        m += 1
    # permutations order each seat's own cards too: every hand counted q! times alike
    return [t / (m * K) - c for t, c in zip(tot, r.contributions)]


@pytest.mark.parametrize("variant, game, acts, up", [("F7S", "stud", STUD_ACTS, "2c3h"),
                                                     ("F7S/8", "stud-hilo", STUD_ACTS, "2c3h"),
                                                     ("FR", "razz", RAZZ_ACTS, "Kc3h")])
def test_stud_games_all_in_on_sixth_street(variant, game, acts, up):
    h, r = _replay(STUD.format(v=variant, s3=100, acts=acts))
    assert r.allin_note == ""
    shown = {s: hr.cards(c) for s, c in r.shown.items()}
    then = {s: shown[s][:6] for s in (1, 2)}        # as shown: dealt in order, 7th last
    seen = hr.cards(up)                               # p1's up cards (it folded)
    _check(r, _stud_oracle(h, r, game, then, seen))


@pytest.mark.slow
def test_stud_side_pot_three_seats_still_in():
    """p1 stays in with a short stack (all in on 5th street), p2 on 6th: two pots, three
    seats dealt by the oracle (50,616 deals settled: about 30 s)."""
    acts = ("'d dh p1 AhAd2c', 'd dh p2 KsKd9h', 'd dh p3 7c7d8s', 'p1 pb', 'p2 cbr 5', "
            "'p3 cc', 'p1 cc', 'd dh p1 3h', 'd dh p2 4s', 'd dh p3 Jc', 'p3 cbr 5', "
            "'p1 cc', 'p2 cc', 'd dh p1 Tc', 'd dh p2 5d', 'd dh p3 6h', 'p3 cc', 'p1 cc', "
            "'p2 cbr 10', 'p3 cc', 'p1 cc', 'd dh p1 Ts', 'd dh p2 Qd', 'd dh p3 Qc', "
            "'p2 cbr 10', 'p3 cc', 'd dh p1 9d', 'd dh p2 2d', 'd dh p3 3c', "
            "'p1 sm AhAd2c3hTcTs9d', 'p2 sm KsKd9h4s5dQd2d', 'p3 sm 7c7d8sJc6hQc3c'")
    text = STUD.format(v="F7S", s3=100, acts=acts).replace("[100, 31, 100]", "[21, 31, 100]")
    h, r = _replay(text)
    assert len([p for p in r.pots if len(p.eligible) > 1]) == 2
    shown = {s: hr.cards(c) for s, c in r.shown.items()}
    then = {s: shown[s][:6] for s in (0, 1, 2)}
    _check(r, _stud_oracle(h, r, "stud", then, []))


def test_stud_third_street_heads_up_all_in_is_exact():
    """All in on 3rd street, heads up (1.8 * 10^10 deals): counted without dealing
    (allin._heads_up_counts); the EV against a seeded Monte Carlo of hr.equity on the
    same spot (p1 folded: its up card 2c is seen), within six standard errors."""
    acts = ("'d dh p1 AhAd2c', 'd dh p2 KsKd9h', 'd dh p3 7c7d8s', 'p1 pb', 'p2 cbr 5', "
            "'p3 cbr 30', 'p1 f', 'p2 cc', 'd dh p2 4s', 'd dh p3 Jc', 'd dh p2 5d', "
            "'d dh p3 6h', 'd dh p2 Qd', 'd dh p3 Qc', 'd dh p2 2d', 'd dh p3 3c', "
            "'p2 sm KsKd9h4s5dQd2d', 'p3 sm 7c7d8sJc6hQc3c'")
    h, r = _replay(STUD.format(v="F7S", s3=100, acts=acts))
    assert r.allin_note == "" and r.allin_ev_exact is not None
    assert sum(r.allin_ev_exact) == 0 and r.adjusted_net == r.allin_ev
    (only,) = r.pots                       # one pot (p1's ante and bring-in in it)
    assert sorted(only.eligible) == [1, 2]
    pot = only.amount
    trials = 1_000_000
    eq = hr.equity(["KsKd9h", "7c7d8s"], dead="2c", game="stud", trials=trials, seed=7)
    for s in (1, 2):
        share = (r.allin_ev_exact[s] + r.contributions[s]) / pot   # exact, a Fraction
        p = eq.equity[s - 1]
        assert 0 < share < 1
        assert abs(float(share) - p) < 6 * (p * (1 - p) / trials) ** 0.5


def test_stud_third_street_three_way_all_in_is_too_many_deals_and_named():
    """Three hands still in on 3rd street: the deals outnumber allin.LIMIT and no
    counting without dealing covers three hands: None, with the count."""
    acts = ("'d dh p1 AhAd2c', 'd dh p2 KsKd9h', 'd dh p3 7c7d8s', 'p1 pb', 'p2 cbr 5', "
            "'p3 cbr 30', 'p1 cc', 'p2 cc', 'd dh p1 3h', 'd dh p2 4s', 'd dh p3 Jc', "
            "'d dh p1 Tc', 'd dh p2 5d', 'd dh p3 6h', 'd dh p1 Ts', 'd dh p2 Qd', "
            "'d dh p3 Qc', 'd dh p1 9d', 'd dh p2 2d', 'd dh p3 3c', "
            "'p1 sm AhAd2c3hTcTs9d', 'p2 sm KsKd9h4s5dQd2d', 'p3 sm 7c7d8sJc6hQc3c'")
    text = STUD.format(v="F7S", s3=100, acts=acts).replace("[100, 31, 100]", "[31, 31, 100]")
    h, r = _replay(text)
    assert r.allin_ev is None and "deals, more than the" in r.allin_note
    assert r.adjusted_net == r.net


def _settled_deals(game: str, a: list[int], b: list[int], stub: list[int], t: int
                   ) -> list[Fraction]:
    """Each of two hands' share of a pot of K over every deal of ``t`` cards each from
    ``stub``, by settling every deal (the rule book's settlement)."""
    g = hr.game(game)
    tot = [0, 0]
    m = 0
    for x in itertools.combinations(stub, t):
        rest = [c for c in stub if c not in x]
        for y in itertools.combinations(rest, t):
            st = settle_game(None, [a + list(x), b + list(y)], [K, K], g)
            tot = [u + v for u, v in zip(tot, st.payouts)]
            m += 1
    return [Fraction(u, 2 * K * m) for u in tot]


@pytest.mark.parametrize("game", ["stud", "stud-hilo", "razz"])
def test_heads_up_counts_against_settling_every_deal(game):
    """Four cards each to come from a stub of 10 (3,150 deals): every deal settled."""
    a, b = hr.cards("Ah2d3c"), hr.cards("KsKd9h")
    stub = hr.cards("4h5s6d7cTsJdQh8c9c2s")
    shares, whole = allin._heads_up_counts(hr.game(game), [a, b], stub, 4)
    assert [Fraction(x, whole) for x in shares] == _settled_deals(game, a, b, stub, 4)


@pytest.mark.parametrize("game", ["stud", "stud-hilo", "razz"])
@pytest.mark.parametrize("have, dead", [(3, 30), (4, 24), (5, 2), (6, 6)])
def test_heads_up_counts_equal_dealing_every_deal(game, have, dead):
    """The counting without dealing gives deal_counts' own integers (every deal
    enumerated; the stub shrunk by dead cards to stay under allin.LIMIT)."""
    import random
    deck = list(range(52))
    random.Random(have * 100 + dead).shuffle(deck)
    a, b = deck[:have], deck[have:2 * have]
    gone = deck[2 * have:2 * have + dead]
    want = allin.deal_counts(game, [a, b], gone, 7)
    stub = [c for c in hr.game(game).deck if c not in set(a) | set(b) | set(gone)]
    assert allin._heads_up_counts(hr.game(game), [a, b], stub, 7 - have) == want


DRAW = """variant = '{v}'
ante_trimming_status = true
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
small_bet = 2
big_bet = 4
starting_stacks = [{s1}, 50, 50]
actions = [{acts}]
"""


def test_draw_all_in_after_the_last_draw_is_the_hands_shares():
    acts = ("'d dh p1 2c3d4h5s9c', 'd dh p2 KsKd8h7c6d', 'd dh p3 2d3c4d7h8s', 'p3 cbr 6', "
            "'p1 cc', 'p2 f', 'p1 sd 9c', 'p3 sd', 'd dh p1 Qh', 'p1 cc', 'p3 cbr 10', "
            "'p1 cc', 'p3 sm 2d3c4d7h8s', 'p1 sm 2c3d4h5sQh'")
    h, r = _replay(DRAW.format(v="N2L1D", s1=16, acts=acts))
    g = hr.game("27-draw")
    st = settle_game(None, [hr.cards(r.shown[s]) if not r.folded[s] else None
                            for s in range(3)], [c * K for c in r.contributions], g,
                     folded=r.folded, dead=r.dead * K)
    _check(r, [Fraction(p, K) - c for p, c in zip(st.payouts, r.contributions)])
    assert r.allin_ev == r.net           # one outcome: the settlement (no odd chip here)


@pytest.mark.parametrize("variant, acts", [
    ("N2L1D", "'d dh p1 2c3d4h5s9c', 'd dh p2 KsKd8h7c6d', 'd dh p3 2d3c4d7h8s', "
              "'p3 cbr 6', 'p1 cc', 'p2 f', 'p1 sd 9c', 'p3 sd', 'd dh p1 Qh', "
              "'p3 sm 2d3c4d7h8s', 'p1 sm 2c3d4h5sQh'"),
    ("FB", "'d dh p1 2c3d4h5s', 'd dh p2 KsKd8h7c', 'd dh p3 2d3c4s7h', "
           "'p3 cbr 6', 'p1 cc', 'p2 f', 'p1 sd 5s', 'p3 sd', 'd dh p1 Qh', 'p3 sd', "
           "'p1 sd', 'p3 sd', 'p1 sd', 'p3 sm 2d3c4s7h', 'p1 sm 2c3d4hQh'"),
])
def test_draw_all_in_before_a_draw_has_no_ev_and_says_why(variant, acts):
    h, r = _replay(DRAW.format(v=variant, s1=6, acts=acts))
    assert r.allin_ev is None and r.allin_ev_exact is None
    assert r.allin_note == "all in before a draw: the draws are the players' choices"
    assert r.adjusted_net == r.net


def test_expectation_rounds_half_even_to_nine_places():
    assert allin.expectation(Fraction(1, 3)) == Decimal("0.333333333")
    assert allin.expectation(Fraction(-2, 3)) == Decimal("-0.666666667")
    assert allin.expectation(Fraction(1, 2 * 10**9)) == 0          # a tie: to even (0)
    assert allin.expectation(Fraction(3, 2 * 10**9)) == Decimal("2E-9")
    assert allin.expectation(Fraction(-3, 2 * 10**9)) == Decimal("-2E-9")
    assert allin.expectation(Fraction(5, 2)) == Decimal("2.5")
    assert type(allin.expectation(Fraction(7))) is int
    for q in (0, 1, -1, 10**9, 123456789012, -5 * 10**8):
        assert allin.nano(allin.from_nano(q)) == q


@pytest.mark.parametrize("game", ["stud", "stud-hilo", "razz"])
def test_stud_two_cards_to_come_against_hr_equity(game):
    """All in on 5th street (two cards each to come, 548,340 deals): the counts against
    hr.equity's own exact enumeration of the same deals (boardless.equity)."""
    a, b, dead = hr.cards("KsKd9h4s5d"), hr.cards("7c7d8sJc6h"), hr.cards("2c3h")
    shares, whole = allin.deal_counts(game, [a, b], dead, 7)
    eq = hr.equity(["KsKd9h4s5d", "7c7d8sJc6h"], dead="2c3h", game=game, exact=True)
    assert eq.exact and eq.samples == whole // allin.UNIT == 548_340
    assert [x / whole for x in shares] == pytest.approx(list(eq.equity), rel=1e-12)
    assert sum(shares) == whole
    # the counting without dealing, on the same full stub: the same integers
    stub = [c for c in hr.game(game).deck if c not in set(a) | set(b) | set(dead)]
    assert allin._heads_up_counts(hr.game(game), [a, b], stub, 2) == (shares, whole)
