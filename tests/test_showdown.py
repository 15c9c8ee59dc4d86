"""Tests of handrank.showdown: settle, explain and showdown_batch.

The brute force below is written independently of showdown.py: it walks the
chips one level at a time, strengths come from handrank.reference.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from handrank import reference
from handrank.core import _tables, kernels
from handrank.core.cards import cards
from handrank.core.errors import InvalidCardError, InvalidHandError
from handrank.games import holdem
from handrank.showdown import InvalidShowdownError, explain, settle, showdown_batch

from .test_rules_examples import HOLDEM

# ---------------------------------------------------------------------- RULES.md s.5

# The worked examples, as test_rules_examples.py lists them for the evaluator.
S5 = HOLDEM


@pytest.mark.parametrize("board, p1, p2, winner", S5)
def test_rules_examples_settle(board, p1, p2, winner):
    s = settle(board, [p1, p2], [100, 100], button=1)
    expected = {0: [100, 100], 1: [200, 0], 2: [0, 200]}[winner]
    assert s.payouts == expected
    assert len(s.pots) == 1 and s.pots[0].amount == 200
    assert s.pots[0].winners == ((0, 1) if winner == 0 else (winner - 1,))


@pytest.mark.parametrize("board, p1, p2, winner", S5)
def test_rules_examples_explain(board, p1, p2, winner):
    text = explain(p1, p2, board=board)
    if winner == 0:
        assert text.startswith("split: ")
    else:
        left, _, _ = text.partition(" beats ")
        win_hole = p1 if winner == 1 else p2
        assert explain(win_hole, p2 if winner == 1 else p1, board=board) == text
        assert left and ":" in text


def test_rules_examples_exact_texts():
    assert (explain("Ac Jd 9h 5s 3c", "Ad Jc 8h 7s 6c")
            == "A-J-9-5-3 beats A-J-8-7-6: both high card; the third card decides, 9 against 8")
    assert (explain("K♥ 3♣", "K♦ 4♣", board="K♠ 6♦ 7♣ 9♥ 2♠")
            == "split: both play K-K-9-7-6; the 3 and the 4 do not play")
    assert (explain("K♥ 3♣", "K♦ 8♣", board="K♠ 6♦ 7♣ 9♥ 2♠")
            == "K-K-9-8-7 beats K-K-9-7-6: both one pair; the second kicker decides, 8 against 7")
    assert (explain("Q♠ Q♣", "A♦ 5♥", board="A♣ K♥ Q♦ 5♠ 5♣")
            == "Q-Q-Q-5-5 beats 5-5-5-A-A: both full house; the trips decide, Q against 5")
    assert (explain("7♣ J♣", "A♣ 3♥", board="5♣ 8♣ 9♣ K♣ Q♣")
            == "A-K-Q-9-8 beats K-Q-J-9-8: both flush; the first card decides, A against K")
    assert (explain("A♦ 2♣", "K♠ Q♦", board="A♣ 2♦ 4♠ Q♥ K♦")
            == "A-A-2-2-K beats K-K-Q-Q-A: both two pair; the high pair decides, A against K")
    assert (explain("5♣ 5♦", "A♠ 4♥", board="6♣ 6♦ 8♣ 8♦ Q♠")
            == "8-8-6-6-A beats 8-8-6-6-Q: both two pair; the kicker decides, A against Q")
    assert (explain("J♣ 7♦", "J♥ 6♠", board="J♦ 5♣ 5♥ 2♠ 4♥")
            == "J-J-5-5-7 beats J-J-5-5-6: both two pair; the kicker decides, 7 against 6")
    assert (explain("J♣ 7♦", "J♥ 6♠", board="J♦ 5♣ 5♥ 2♠ A♥")
            == "split: both play J-J-5-5-A; the 7 and the 6 do not play")
    assert (explain("A♦ Q♣", "K♦ Q♥", board="Q♠ 9♥ 6♦ 4♣ 2♠")
            == "Q-Q-A-9-6 beats Q-Q-K-9-6: both one pair; the first kicker decides, A against K")
    assert explain("2c 3d", "7h 8c", board="A♠ K♦ Q♣ J♥ T♠") == (
        "split: both play A-K-Q-J-T (the board); no hole card plays")
    # the five-card comparisons of s.5
    assert (explain("Ac Ad Kh 7s 2c", "Ah As Qc Jd Th")
            == "A-A-K-7-2 beats A-A-Q-J-T: both one pair; the first kicker decides, K against Q")
    assert (explain("3c 3d 3h Ac As", "2c 2d 2h Kc Ks")
            == "3-3-3-A-A beats 2-2-2-K-K: both full house; the trips decide, 3 against 2")
    assert (explain("2c 3d 4h 5s 6c", "Ac 2d 3h 4s 5c")
            == "6-5-4-3-2 beats 5-4-3-2-A: both straight; the top card decides, 6 against 5")
    assert (explain("A♠ A♥ K♣ Q♦ J♠", "A♣ A♦ K♥ Q♠ J♦")
            == "split: both are A-A-K-Q-J, rank for rank; suits never decide")
    # different categories; the stronger hand is named first whatever the order
    assert (explain("2c 3c 4c 5c 7c", "As Ad Ah Kc Kd")
            == "A-A-A-K-K beats 7-5-4-3-2: full house beats flush")


def test_issue_example():
    s = settle(board="A♣ K♥ Q♦ 5♠ 5♣", hands=["Q♠ Q♣", "A♦ 5♥", "K♦ K♣", None],
               contributions=[300, 300, 100, 50], folded=[False, False, False, True], button=3)
    assert s.payouts == [400, 0, 350, 0]
    main, side = s.pots
    assert (main.amount, main.eligible, main.winners, main.shares) == \
        (350, (0, 1, 2), (2,), (350,))
    assert (side.amount, side.eligible, side.winners, side.shares) == (400, (0, 1), (0,), (400,))
    assert "K against Q" in main.reason and "Q against 5" in side.reason
    text = str(s)
    assert "main pot: 350" in text and "side pot 1: 400" in text


# ---------------------------------------------------------------------- odd chips and edges

def test_odd_chip_rules():
    board, hands = "Ks 6d 7c 9h 2s", ["Kh 3c", "Qc Qd", "Kd 4c"]
    s = settle(board, hands, [7, 7, 7], button=0)
    assert s.payouts == [10, 0, 11] and s.pots[0].odd_chips == 1
    s = settle(board, hands, [7, 7, 7], button=2)
    assert s.payouts == [11, 0, 10]
    # highest hole card by suit: Kh (seat 0) beats Kd (seat 2)
    s = settle(board, hands, [7, 7, 7], button=0, odd_chip="high_card_by_suit")
    assert s.payouts == [11, 0, 10]
    s = settle(board, hands, [7, 7, 7], button=0, odd_chip="seat_order")
    assert s.payouts == [11, 0, 10]
    # three-way split of 11: two odd chips, one at a time clockwise from the button
    s = settle(board, ["Kh 3c", "Kd 4c", "Kc 5h", "Qc Qd"], [5, 5, 5, 5], button=1)
    assert s.payouts == [7, 6, 7, 0] and s.pots[0].odd_chips == 2
    assert "2 odd chips to seats 0 and 2" in s.pots[0].reason


def test_uncalled_bet_goes_back():
    s = settle("Ks 6d 7c 9h 2s", ["Kh 3c", "Qc Qd"], [100, 40])
    assert s.payouts == [140, 0]
    assert [p.amount for p in s.pots] == [80, 60]
    assert "uncalled" in s.pots[1].reason
    s = settle("Ks 6d 7c 9h 2s", ["Qc Qd", "Kh 3c"], [100, 40])
    assert s.payouts == [60, 80]


def test_everyone_else_folded_needs_no_hands():
    s = settle(None, [None, "As Ad", None], [10, 25, 5], folded=[True, False, True])
    assert s.payouts == [0, 40, 0] and len(s.pots) == 1
    s = settle("2c 3c 4c", [None, None, "Kh Kd"], [10, 25, 50], folded=[True, True, False])
    assert s.payouts == [0, 0, 85]


def test_folded_chips_never_make_a_pot():
    # seat 2 folded after putting in more than either live player
    s = settle("Ks 6d 7c 9h 2s", ["Kh 3c", "Qc Qd", None], [50, 50, 80],
               folded=[False, False, True])
    assert len(s.pots) == 1 and s.pots[0].amount == 180 and s.payouts == [180, 0, 0]
    # a folded player's chips between two all-ins stay in the layers it reached
    s = settle("Ks 6d 7c 9h 2s", ["Qc Qd", "Kh 3c", None, "Jc Jd"], [20, 100, 60, 100],
               folded=[False, False, True, False])
    assert [p.amount for p in s.pots] == [80, 200]
    assert [p.eligible for p in s.pots] == [(0, 1, 3), (1, 3)]
    assert s.payouts == [0, 280, 0, 0]


# ---------------------------------------------------------------------- bad input

@pytest.mark.parametrize("kwargs, error, message", [
    (dict(contributions=[10, -1]), InvalidShowdownError, "contribution of seat 1 is negative: -1"),
    (dict(contributions=[10, 2.5]), TypeError, "contribution of seat 1 must be a whole number"),
    (dict(contributions=[10, True]), TypeError, "contribution of seat 1 must be a whole number"),
    (dict(contributions=[10, 10, 10]), InvalidShowdownError,
     "hands has 2 entries but contributions has 3"),
    (dict(folded=[False]), InvalidShowdownError, "folded has 1 entries but contributions has 2"),
    (dict(hands=["Kh 3c", "Kh 4c"]), InvalidHandError,
     "duplicate card 'Kh' in seat 0's hand and seat 1's hand"),
    (dict(hands=["Ks 3c", "Kd 4c"]), InvalidHandError,
     "duplicate card 'Ks' in the board and seat 0's hand"),
    (dict(hands=["Kh 3c", None]), InvalidShowdownError, "seat 1 is still in but has no hand"),
    (dict(board="Ks 6d 7c"), InvalidHandError, "expected a board of 5 cards at showdown, got 3"),
    (dict(button=2), InvalidShowdownError, "button must be a seat from 0 to 1, got 2"),
    (dict(button=-1), InvalidShowdownError, "button must be a seat from 0 to 1, got -1"),
    (dict(folded=[True, True]), InvalidShowdownError, "every player folded"),
    (dict(hands=["Kh"], contributions=[1]), InvalidShowdownError,
     "expected at least 2 seats, got 1"),
    (dict(hands=["Kh 3c", "Zz 4c"]), InvalidCardError, "invalid card 'Zz'"),
    (dict(hands=["Kh 3c", "Qh 4c 5c"]), InvalidHandError,
     "expected 2 cards for seat 1's hand, got 3"),
    (dict(odd_chip="dealer"), InvalidShowdownError, "unknown odd_chip rule 'dealer'"),
])
def test_bad_input(kwargs, error, message):
    args = dict(board="Ks 6d 7c 9h 2s", hands=["Kh 3c", "Kd 4c"], contributions=[10, 10])
    args.update(kwargs)
    with pytest.raises(error, match=message.replace("(", r"\(").replace(")", r"\)")):
        settle(args.pop("board"), args.pop("hands"), args.pop("contributions"), **args)


def test_explain_bad_input():
    with pytest.raises(InvalidHandError, match="duplicate card 'As' in both hands"):
        explain("As Ks", "As Qd", board="2c 3d 4h 5s 9c")
    with pytest.raises(InvalidHandError, match="expected 5 to 7 cards, got 4"):
        explain("As Ks Qs Js", "Ac Kc Qc Jc Tc")


# ---------------------------------------------------------------------- brute force

def brute_settle(board, hands, chips, folded, button, order):
    """Chip by chip: the t-th chip of every seat that put in >= t chips goes to the pot
    of the live seats that put in >= t chips (above every live seat: the top pot).
    Pots are then paid in the given order, strengths from handrank.reference."""
    n = len(chips)
    live = [s for s in range(n) if not folded[s]]
    payout = [0] * n
    if len(live) == 1:
        payout[live[0]] = sum(chips)
        return payout
    top = max(chips[s] for s in live)
    pots: dict[tuple[int, ...], int] = {}
    for t in range(1, max(chips) + 1):
        elig = tuple(s for s in live if chips[s] >= min(t, top))
        pots[elig] = pots.get(elig, 0) + sum(1 for c in chips if c >= t)
    key = {s: reference.best_key(cards(hands[s]) + cards(board)) for s in live}
    items = list(pots.items())
    for i in order(len(items)):
        elig, amount = items[i]
        best = max(key[s] for s in elig)
        win = [s for s in elig if key[s] == best]
        clockwise = sorted(win, key=lambda s: (s - button - 1) % n)
        while amount:   # one chip at a time around the winners, from the button
            for s in clockwise:
                if amount:
                    payout[s] += 1
                    amount -= 1
    return payout


TIE_BOARDS = ["As Kd Qc Jh Ts", "2c 2d 2h 2s 3c", "Ac Kc Qc Jc Tc", "5c 5d 9h 9s 9c"]


@st.composite
def tables(draw):
    n = draw(st.integers(2, 10))
    deck = draw(st.permutations(range(52)))
    if draw(st.booleans()):
        board = cards(draw(st.sampled_from(TIE_BOARDS)))
        deck = [c for c in deck if c not in board]
    else:
        board, deck = list(deck[:5]), deck[5:]
    hands = [[deck[2 * i], deck[2 * i + 1]] for i in range(n)]
    levels = draw(st.lists(st.integers(0, 60), min_size=1, max_size=4))
    chips = draw(st.lists(st.one_of(st.sampled_from(levels), st.integers(0, 60)),
                          min_size=n, max_size=n))
    folded = draw(st.lists(st.booleans(), min_size=n, max_size=n))
    if all(folded):
        folded[draw(st.integers(0, n - 1))] = False
    button = draw(st.integers(0, n - 1))
    hands = [None if f and draw(st.booleans()) else h for f, h in zip(folded, hands)]
    return board, hands, chips, folded, button


@settings(max_examples=300, deadline=None)
@given(tables(), st.randoms(use_true_random=False))
def test_settle_properties(table, rnd):
    board, hands, chips, folded, button = table
    s = settle(board, hands, chips, folded=folded, button=button)
    n = len(chips)
    # no chip created or lost
    assert sum(s.payouts) == sum(chips) == sum(p.amount for p in s.pots)
    for p in s.pots:
        assert sum(p.shares) == p.amount and len(p.shares) == len(p.winners)
        assert set(p.winners) <= set(p.eligible)
        assert p.odd_chips == p.amount % len(p.winners) < len(p.winners)
        assert all(not folded[w] for w in p.eligible)
    # no folded player paid
    assert all(s.payouts[i] == 0 for i in range(n) if folded[i])
    # nobody wins from a layer they did not reach
    live_top = max(chips[i] for i in range(n) if not folded[i])
    for i in range(n):
        if chips[i] < live_top:
            assert s.payouts[i] <= sum(min(c, chips[i]) for c in chips)
    # the brute force agrees, whatever order its pots are paid in
    forward = brute_settle(board, hands, chips, folded, button, lambda k: range(k))
    shuffled = brute_settle(board, hands, chips, folded, button,
                            lambda k: rnd.sample(range(k), k))
    assert s.payouts == forward == shuffled
    # seats relabelled by rotation: the same result, rotated
    r = rnd.randrange(n)
    rot = lambda xs: xs[r:] + xs[:r]  # noqa: E731
    s2 = settle(board, rot(hands), rot(chips), folded=rot(folded), button=(button - r) % n)
    assert s2.payouts == rot(s.payouts)
    str(s)


# ---------------------------------------------------------------------- showdown_batch

@pytest.fixture(params=["c", "python"])
def backend(request, monkeypatch):
    if request.param == "python":
        # the pure-Python backend: no C core, hold'em's tables from the package-data file
        monkeypatch.setattr(kernels, "_C", None)
        monkeypatch.setattr(holdem, "_HOLDEM", _tables.load_bin()["holdem"])
    elif not kernels.HAVE_C:
        pytest.skip("C core not built")
    return request.param


def random_deals(n, p, seed):
    rng = np.random.default_rng(seed)
    deals = np.argsort(rng.random((n, 52)), axis=1)[:, : 5 + 2 * p].astype(np.uint8)
    # every tenth deal on a board that plays, so ties are common
    deals[::10, :5] = cards("As Kd Qc Jh Ts")
    for i in range(0, n, 10):
        rest = [c for c in rng.permutation(52) if c not in deals[i, :5]]
        deals[i, 5:] = rest[: 2 * p]
    return deals[:, :5].copy(), deals[:, 5:].reshape(n, p, 2).copy()


@pytest.mark.parametrize("p", [1, 2, 6, 10])
def test_batch_matches_settle(backend, p):
    boards, hole = random_deals(300, p, p)
    shares = showdown_batch(boards, hole)
    assert shares.shape == (300, p) and shares.dtype == np.float64
    assert np.allclose(shares.sum(axis=1), 1.0)
    if p == 1:
        assert (shares == 1.0).all()
        return
    bet = 2520   # divisible by 1..10: every share is whole
    for i in range(300):
        s = settle(boards[i].tolist(), hole[i].tolist(), [bet] * p)
        assert np.allclose(shares[i], np.array(s.payouts) / (bet * p))


def test_batch_threads_and_dtypes(backend, monkeypatch):
    import importlib

    # small batches run on one thread: lower the bar so threads=3 really splits
    monkeypatch.setattr(importlib.import_module("handrank.games.holdem"), "_MIN_ROWS_PER_THREAD",
                        100)
    boards, hole = random_deals(5000, 6, 7)
    one = showdown_batch(boards, hole, threads=1)
    assert np.array_equal(one, showdown_batch(boards.astype(np.int64), hole.astype(np.int32),
                                              threads=3))


def test_batch_rejects_a_card_twice_on_the_board(backend):
    boards, hole = random_deals(10, 2, 3)
    boards[4, 1] = boards[4, 0]
    with pytest.raises(InvalidHandError, match="in deal 4"):
        showdown_batch(boards, hole)
    boards, hole = random_deals(10, 8, 3)
    hole[6, :, :] = boards[6, 0]            # one card seventeen times
    with pytest.raises(InvalidHandError, match="in deal 6"):
        showdown_batch(boards, hole)


def test_batch_bad_input(backend):
    boards, hole = random_deals(20, 3, 1)
    bad = hole.copy()
    bad[7, 2, 1] = boards[7, 0]
    from handrank.core.cards import card_str
    with pytest.raises(InvalidHandError,
                       match=f"duplicate card '{card_str(int(boards[7, 0]))}' in deal 7 "
                             r"\(seat 2's hand\)"):
        showdown_batch(boards, bad)
    bad = hole.astype(np.int64)
    bad[4, 0, 0] = 52
    with pytest.raises(InvalidCardError, match="invalid card id 52 in hole at row 4"):
        showdown_batch(boards, bad)
    with pytest.raises(TypeError, match=r"expected boards as an integer array of shape \(n, 5\)"):
        showdown_batch(boards.astype(float), hole)
    with pytest.raises(InvalidHandError, match=r"expected hole as an integer array"):
        showdown_batch(boards, hole[:, :, :1])
    with pytest.raises(InvalidHandError, match="boards has 19 deals but hole has 20"):
        showdown_batch(boards[:19], hole)
    empty = showdown_batch(np.empty((0, 5), np.uint8), np.empty((0, 2, 2), np.uint8))
    assert empty.shape == (0, 2)


# ---------------------------------------------------------------------- command line

def test_cli_showdown(capsys):
    import argparse
    import json

    from handrank.cli import _showdown as _cli_showdown

    parser = argparse.ArgumentParser(prog="handrank")
    _cli_showdown.add_parser(parser.add_subparsers(dest="command", required=True))
    argv = ["showdown", "--board", "A♣ K♥ Q♦ 5♠ 5♣", "--hand", "Q♠ Q♣", "--hand", "A♦ 5♥",
            "--hand", "K♦ K♣", "--hand", "none", "--bets", "300,300,100,50", "--button", "3",
            "--folded", "3"]
    args = parser.parse_args(argv)
    assert args.func(args) == 0
    assert "payouts: seat 0: 400, seat 1: 0, seat 2: 350, seat 3: 0" in capsys.readouterr().out
    args = parser.parse_args(argv + ["--json"])
    args.func(args)
    assert json.loads(capsys.readouterr().out)["payouts"] == [400, 0, 350, 0]
    args = parser.parse_args(argv[:-2] + ["--folded", "9"])
    with pytest.raises(InvalidShowdownError.__mro__[1], match="--folded: no seat 9"):
        args.func(args)


def test_cli_the_issue_command_and_a_seat_without_cards_folds(capsys):
    from handrank.cli import main

    assert main(["showdown", "--board", "A♣ K♥ Q♦ 5♠ 5♣", "--hand", "Q♠ Q♣", "--hand", "A♦ 5♥",
                 "--hand", "K♦ K♣", "--hand", "none", "--bets", "300,300,100,50",
                 "--button", "3"]) == 0
    assert "payouts: seat 0: 400, seat 1: 0, seat 2: 350, seat 3: 0" in capsys.readouterr().out
