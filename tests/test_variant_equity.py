"""equity/settle/explain in the hold'em variants (short deck, stripped decks) and
equity(game="omaha"), against brute force."""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest

import handrank as hr
from handrank import reference
from handrank.core.errors import InvalidCardError, InvalidHandError, InvalidRangeError

SD = dict(lowest=4, flush_beats_full=True)
BR = dict(lowest=5, flush_beats_full=True)
BR_NK = dict(lowest=5, flush_beats_full=True, kickers=False)


def _deck(v) -> list[int]:
    return list(hr.games.variants.variant(*v).deck) if isinstance(v, tuple) else list(v.deck)


def _brute(holes, board, deck, key):
    """Equity by enumerating every completion of the board; key(hole, board) -> comparable."""
    used = set(board) | {c for h in holes for c in h}
    rest = [c for c in deck if c not in used]
    n = len(holes)
    share = np.zeros(n)
    win = np.zeros(n)
    tie = np.zeros(n)
    boards = 0
    for extra in itertools.combinations(rest, 5 - len(board)):
        full = tuple(board) + extra
        keys = [key(h, full) for h in holes]
        best = max(keys)
        top = [k == best for k in keys]
        for p in range(n):
            if top[p]:
                share[p] += 1 / sum(top)
                (win if sum(top) == 1 else tie)[p] += 1
        boards += 1
    return share / boards, win / boards, tie / boards


def _holdem_key(opts):
    return lambda h, b: reference.best_key(tuple(h) + tuple(b), **opts)


# ------------------------------------------------------------ hold'em variants

@pytest.mark.parametrize("var, opts, players, board", [
    (("shortdeck",), SD, ["As Ks", "Qd Qc"], "6h 7h 8c Jh"),
    (("shortdeck",), SD, ["Ah 9h", "Td Tc", "8s 7s"], "6h 7h Ts"),   # flush vs full house draws
    (("stripped",), BR, ["As Qs", "Jd Jc"], "7h 8h Ts"),
    (("stripped",), BR, ["Ah 8d", "As Kc", "Qd Qh"], "Ad 9c 7s Jh"),
])
def test_variant_exact_matches_reference(var, opts, players, board):
    v = hr.game(*var)
    holes = [hr.cards(p) for p in players]
    want = _brute(holes, hr.cards(board), _deck(v), _holdem_key(opts))
    for game in (v, var[0]):
        r = hr.equity(players, board, game=game)
        assert r.exact
        left = len(v.deck) - len(hr.cards(board)) - 2 * len(players)
        assert r.samples == math.comb(left, 5 - len(hr.cards(board)))
        np.testing.assert_allclose(r.equity, want[0], atol=1e-12)
        np.testing.assert_allclose(r.win, want[1], atol=1e-12)
        np.testing.assert_allclose(r.tie, want[2], atol=1e-12)


def test_no_kicker_equity_matches_reference():
    v = hr.game("stripped", lowest="7", kickers=False)
    players, board = ["As Qs", "Ac 8d"], "Ah Kd 9c Jh"
    want = _brute([hr.cards(p) for p in players], hr.cards(board), _deck(v), _holdem_key(BR_NK))
    r = hr.equity(players, board, game=v)
    np.testing.assert_allclose(r.equity, want[0], atol=1e-12)
    assert r.tie[0] > 0.5                         # A-A with any kickers split


def _numpy_preflop(v, holes):
    """Preflop equity over every board with variant.evaluate_batch, no core equity code."""
    deck = np.array([c for c in v.deck if c not in {c for h in holes for c in h}], dtype=np.uint8)
    boards = deck[np.array(list(itertools.combinations(range(len(deck)), 5)))]
    s = np.stack([v.evaluate_batch(np.concatenate(
        [boards, np.broadcast_to(np.array(h, dtype=np.uint8), (len(boards), 2))], axis=1))
        for h in holes])
    top = s == s.max(axis=0)
    return (top / top.sum(axis=0)).mean(axis=1)


@pytest.mark.parametrize("var", [("shortdeck",), ("stripped",)])
def test_variant_preflop_exact_two_ways(var):
    v = hr.games.variants.variant(*var)
    players = ["As Ks", "Qd Qc"] if var == ("shortdeck",) else ["Ah Th", "9s 9d"]
    r = hr.equity(players, game=hr.game(*var), exact=True)
    want = _numpy_preflop(v, [hr.cards(p) for p in players])
    np.testing.assert_allclose(r.equity, want, atol=1e-12)
    # and the short deck really differs from hold'em here
    assert abs(hr.equity(players).equity[0] - r.equity[0]) > 1e-3


def test_variant_monte_carlo_within_4_se():
    v = hr.game("shortdeck")
    players = ["As Ks", "Qd Qc", "7h 6h"]
    want = hr.equity(players, game=v, exact=True)
    r = hr.equity(players, game=v, exact=False, trials=200_000, seed=11)
    assert not r.exact
    assert (np.abs(r.equity - want.equity) < 4 * r.stderr).all()
    again = hr.equity(players, game=v, exact=False, trials=200_000, seed=11)
    np.testing.assert_array_equal(r.equity, again.equity)


def test_variant_monte_carlo_deals_only_the_deck():
    # a random opponent and random boards, both dealt by the C core: they
    # agree with the exact enumeration only if nothing below the 7 is dealt
    v = hr.game("stripped", lowest="7")
    r = hr.equity(["9h 8h", "random"], "7h Th Ac", game=v, exact=False, trials=100_000,
                  seed=5)
    want = hr.equity(["9h 8h", "random"], "7h Th Ac", game=v, exact=True)
    assert (np.abs(r.equity - want.equity) < 4 * r.stderr).all()


def test_variant_ranges_lose_out_of_deck_combos():
    v = hr.game("shortdeck")
    with pytest.raises(InvalidRangeError, match="no combos left"):
        hr.equity(["AsKs", "55"], game=v)
    r = hr.equity(["AsKs", "55,QQ"], game=v)       # only the queens remain
    np.testing.assert_allclose(r.equity, hr.equity(["AsKs", "QQ"], game=v).equity)


@pytest.mark.parametrize("kw, bad", [
    (dict(players=["5h Ks", "Qd Qc"]), "5h"),
    (dict(players=["As Ks", "Qd Qc"], board="9h 2c 8d"), "2c"),
    (dict(players=["As Ks", "Qd Qc"], dead="3d"), "3d"),
])
def test_variant_out_of_deck_cards(kw, bad):
    with pytest.raises(InvalidCardError, match=f"card '{bad}' is not in the shortdeck deck"):
        hr.equity(game="shortdeck", **kw)
    with pytest.raises(InvalidCardError, match=f"card '{bad}' is not in the 32-card deck"):
        hr.equity(game=hr.game("stripped"), **kw)


def test_equity_unknown_game():
    # 'stud' is a game now (issue 18): an unknown name stands in, and stud's
    # own check refuses hold'em hole cards
    with pytest.raises(ValueError, match="unknown game 'mexican', expected 'holdem' or 'omaha'"):
        hr.equity(["AsKs", "QdQc"], game="mexican")
    with pytest.raises(ValueError, match="game 'stud': each player holds 3 to 7 cards, got 2"):
        hr.equity(["AsKs", "QdQc"], game="stud")

# ------------------------------------------------------------- settle/explain

def test_settle_short_deck_flush_beats_full_house():
    board, hands = "Ah Kh 9h 9c 7d", ["Qh 8h", "9s Ad"]
    assert hr.settle(board, hands, [10, 10]).payouts == [0, 20]
    sd = hr.game("shortdeck")
    assert hr.settle(board, hands, [10, 10], game=sd).payouts == [20, 0]
    assert hr.settle(board, hands, [10, 10], game="shortdeck").payouts == [20, 0]
    assert hr.explain(*hands, board, game=sd) == \
        "A-K-Q-9-8 beats 9-9-9-A-A: flush beats full house"


def test_settle_short_deck_low_straight():
    # A-6-7-8-9 is a straight in the short deck, nothing in hold'em
    board, hands = "Ad 7c 8s 9h Kd", ["6c 2h", "Kc Qh"]
    with pytest.raises(InvalidCardError, match="card '2h' is not in the shortdeck deck"):
        hr.settle(board, hands, [5, 5], game="shortdeck")
    hands = ["6c Th", "Kc Qh"]
    assert hr.settle(board, hands, [5, 5]).payouts == [10, 0]          # T-9-8-7-6
    assert hr.settle(board, ["6c Jh", "Kc Qh"], [5, 5]).payouts == [0, 10]
    assert hr.settle(board, ["6c Jh", "Kc Qh"], [5, 5], game="shortdeck").payouts == [10, 0]


def test_settle_no_kickers_splits_equal_pairs():
    board, hands = "Ad Kc 9h 7s Jd", ["As Qc", "Ah 8c"]
    assert hr.settle(board, hands, [10, 10], game="stripped").payouts == [20, 0]
    nk = hr.game("stripped", lowest="7", kickers=False)
    s = hr.settle(board, hands, [10, 10], game=nk)
    assert s.payouts == [10, 10]
    assert s.pots[0].winners == (0, 1)
    assert hr.explain(*hands, board, game=nk).startswith("split")
    assert hr.explain(*hands, board, game=hr.game("stripped", lowest="7")).startswith(
        "A-A-K-Q-J beats")


@pytest.mark.parametrize("board, hands, bad", [
    ("Ah Kh 9h 9c 5d", ["Qh 8h", "9s Ad"], "5d"),
    ("Ah Kh 9h 9c 7d", ["Qh 2h", "9s Ad"], "2h"),
])
def test_settle_and_explain_reject_out_of_deck(board, hands, bad):
    with pytest.raises(InvalidCardError, match=f"card '{bad}' is not in the shortdeck deck"):
        hr.settle(board, hands, [10, 10], game="shortdeck")
    with pytest.raises(InvalidCardError, match=f"card '{bad}' is not in the shortdeck deck"):
        hr.explain(*hands, board, game=hr.game("shortdeck"))


# ---------------------------------------------------------------------- omaha

def _omaha_key(opts):
    def key(hole, board):
        return max(reference.hand_key(tuple(h2) + tuple(b3), **opts)
                   for h2 in itertools.combinations(hole, 2)
                   for b3 in itertools.combinations(board, 3))
    return key


@pytest.mark.parametrize("players, board", [
    (["As Ks Qd Jd", "7c 7h 2c 2h"], "Ah Kh 7d 2s Qs"),
    (["As Ks Qd Jd", "Ac Kc Qh Jh"], "Td 9s 2c 3c 4d"),                 # split
    (["As Ks Qd Jd", "7c 7h 2c 2h", "Th 9h 8s 6s"], "Ah Kh 7d 2s"),
    (["As Ks Qd Jd 5c", "7c 7h 2c 2h 3d"], "Ah Kh 7d Qs"),
    (["As Ks Qd Jd 5c 4c", "7c 7h 2c 2h 3d Td"], "Ah Kh 7d 9c"),
])
def test_omaha_exact_matches_reference(players, board):
    holes = [hr.cards(p) for p in players]
    want = _brute(holes, hr.cards(board), list(range(52)), _omaha_key({}))
    r = hr.equity(players, board, game={4: "omaha", 5: "omaha5", 6: "omaha6"}[len(holes[0])])
    assert r.exact
    np.testing.assert_allclose(r.equity, want[0], atol=1e-12)
    np.testing.assert_allclose(r.win, want[1], atol=1e-12)
    np.testing.assert_allclose(r.tie, want[2], atol=1e-12)


def test_omaha_flop_exact_vs_monte_carlo():
    players, board = ["As Ks Qd Jd", "7c 7h 2c 2h", "Th 9h 8s 6s"], "Ah Kh 7d"
    exact = hr.equity(players, board, game="omaha")
    assert exact.exact and exact.samples == math.comb(52 - 3 - 12, 2)
    assert abs(exact.equity.sum() - 1) < 1e-12
    r = hr.equity(players, board, game="omaha", exact=False, trials=100_000, seed=7)
    assert not r.exact and r.samples == 100_000
    assert (np.abs(r.equity - exact.equity) < 4 * r.stderr).all()
    again = hr.equity(players, board, game="omaha", exact=False, trials=100_000, seed=7, threads=1)
    np.testing.assert_array_equal(r.equity, again.equity)
    t = hr.equity(players, board, game="omaha", target_stderr=0.003, seed=7)
    assert t.stderr.max() < 0.003 and not t.exact


@pytest.mark.parametrize("players, board, dead, err, match", [
    (["As Ks Qd", "7c 7h 2c 2h"], "", "", InvalidHandError,
     "expected 4 to 6 cards in player 1's hand, got 3"),
    (["As Ks Qd Jd Tc 9c 8c", "7c 7h 2c 2h"], "", "", InvalidHandError,
     "expected 4 to 6 cards in player 1's hand, got 7"),
    # hands of 4 and 5 cards: tests/test_compat.py (the name "omaha" with 5 cards)
    (["As Ks Qd Jd", "7c 7h 2c As"], "", "", InvalidHandError,
     "card 'As' is in player 1's hand and in player 2's hand"),
    (["As Ks Qd Qd", "7c 7h 2c 2h"], "", "", InvalidHandError,
     "card 'Qd' is in player 1's hand twice"),
    (["As Ks Qd Jd", "7c 7h 2c 2h"], "2h 3h 4h", "", InvalidHandError,
     "card '2h' is in player 2's hand and on the board"),
    (["As Ks Qd Jd", "7c 7h 2c 2h"], "", "Ks", InvalidHandError,
     "card 'Ks' is in player 1's hand and in the dead cards"),
    (["As Ks Qd Jd", "7c 7h 2c 2h"], "2d 3d 4d 5d 6d 7d", "", InvalidHandError,
     "expected 0 to 5 board cards, got 6"),
    (["AA,KK", "7c 7h 2c 2h"], "", "", InvalidRangeError, "ranges are not supported"),
    # "random" now works (issue 17): see tests/test_omaha_range_equity.py
    (["As Ks Qd Zz", "7c 7h 2c 2h"], "", "", InvalidCardError, "invalid card 'Zz'"),
    (["As Ks Qd Jd"], "", "", ValueError, "expected 2 to 10 players, got 1"),
])
def test_omaha_bad_inputs(players, board, dead, err, match):
    with pytest.raises(err, match=match):
        hr.equity(players, board, dead, game="omaha")


def test_omaha_bad_options():
    players = ["As Ks Qd Jd", "7c 7h 2c 2h"]
    with pytest.raises(ValueError, match="trials must be a positive int"):
        hr.equity(players, game="omaha", trials=0)
    with pytest.raises(ValueError, match="apply to Monte Carlo"):
        hr.equity(players, game="omaha", exact=True, trials=10)
    with pytest.raises(TypeError, match="seed must be an int"):
        hr.equity(players, game="omaha", exact=False, trials=10, seed="x")
