"""Hands run twice: PokerStars' "*** FIRST FLOP ***" / "*** SECOND FLOP ***" boards.

Each pot is split between the two boards (the odd chip to the first), each
half settled on its board among the pot's contenders; the all-in EV is the
expectation at the all-in, the same as if the board had been run once.
The hands below are written for these tests in PokerStars' format; every
expected chip count is counted by hand.  PHH defines no notation for a
second board: handrank writes it as the field ``second_board`` (its own
extension, read back by handrank) and refuses a sixth board card as before.
"""

from __future__ import annotations

import pytest

from handrank.history import HistoryError, read, summary

CASH = """PokerStars Hand #900000000001:  Hold'em No Limit ($0.50/$1.00 USD) - 2024/05/01 12:00 ET
Table 'Testa II' 6-max Seat #1 is the button
Seat 1: alpha ($100 in chips)
Seat 2: bravo ($80.25 in chips)
Seat 3: charlie ($120 in chips)
bravo: posts small blind $0.50
charlie: posts big blind $1
*** HOLE CARDS ***
alpha: raises $2 to $3
bravo: raises $77.25 to $80.25 and is all-in
charlie: folds
alpha: calls $77.25
bravo: shows [Ah Ad]
alpha: shows [Ks Kc]
*** FIRST FLOP *** [2c 7d 9h]
*** FIRST TURN *** [2c 7d 9h] [Kd]
*** FIRST RIVER *** [2c 7d 9h Kd] [3s]
*** SECOND FLOP *** [4c 8s Jd]
*** SECOND TURN *** [4c 8s Jd] [Qh]
*** SECOND RIVER *** [4c 8s Jd Qh] [5d]
*** FIRST SHOW DOWN ***
alpha collected $79.25 from pot
*** SECOND SHOW DOWN ***
bravo collected $79.25 from pot
*** SUMMARY ***
Total pot $161.50 | Rake $3
Hand was run twice
FIRST Board [2c 7d 9h Kd 3s]
SECOND Board [4c 8s Jd Qh 5d]
Seat 1: alpha (button) showed [Ks Kc] and won ($79.25), and lost
Seat 2: bravo (small blind) showed [Ah Ad] and lost, and won ($79.25)
Seat 3: charlie (big blind) folded before Flop
"""

# tournament chips, antes (an odd main pot: 1,515), a side pot, all in on the flop; the
# second board is a straight on the board (everyone plays it)
TOURNEY = """PokerStars Hand #900000000002: Tournament #77, Hold'em No Limit - Level II (10/20) - \
2024/05/01 12:05:00 ET
Table '77 1' 9-max Seat #3 is the button
Seat 1: dora (505 in chips)
Seat 2: emil (755 in chips)
Seat 3: finn (760 in chips)
dora: posts the ante 5
emil: posts the ante 5
finn: posts the ante 5
dora: posts small blind 10
emil: posts big blind 20
*** HOLE CARDS ***
finn: calls 20
dora: calls 10
emil: checks
*** FLOP *** [9c Tc 8h]
dora: bets 480 and is all-in
emil: raises 250 to 730 and is all-in
finn: calls 730
dora: shows [Ah Ac]
emil: shows [6d 6s]
finn: shows [9h 9s]
*** FIRST TURN *** [9c Tc 8h] [Jd]
*** FIRST RIVER *** [9c Tc 8h Jd] [3s]
*** SECOND TURN *** [9c Tc 8h] [Qd]
*** SECOND RIVER *** [9c Tc 8h Qd] [Jh]
*** FIRST SHOW DOWN ***
finn collected 250 from side pot
finn collected 758 from main pot
*** SECOND SHOW DOWN ***
emil collected 125 from side pot
finn collected 125 from side pot
dora collected 253 from main pot
emil collected 252 from main pot
finn collected 252 from main pot
*** SUMMARY ***
Total pot 2015 Main pot 1515. Side pot 500. | Rake 0
Hand was run twice
FIRST Board [9c Tc 8h Jd 3s]
SECOND Board [9c Tc 8h Qd Jh]
Seat 1: dora (small blind) showed [Ah Ac] and lost, and won (253)
Seat 2: emil (big blind) showed [6d 6s] and lost, and won (377)
Seat 3: finn (button) showed [9h 9s] and won (1008), and won (377)
"""


def test_cash_hand_run_twice_each_board_half_the_pot():
    (h,) = read(text=CASH)
    assert h.extra["second_board"] == "4c8sJdQh5d"
    r = h.replay()
    # seats: p1 bravo (small blind), p2 charlie, p3 alpha (button); 16,150 cents in the
    # pot: 8,075 a board; kings (trips) take the first, aces the second
    assert r.boards == ["2c7d9hKd3s", "4c8sJdQh5d"]
    assert r.board_payouts == [[0, 0, 8075], [8075, 0, 0]]
    assert r.payouts == [8075, 0, 8075] and r.net == [50, -100, 50]
    assert r.agrees_with_record is True and r.rake == 300
    assert r.net_after_rake == [-100, -100, -100]
    # the all-in EV: the expectation at the all-in, as if run once
    once = "\n".join(ln.replace("*** FIRST ", "*** ") for ln in CASH.split("\n")
                     if not ln.startswith("*** SECOND"))
    (h1,) = read(text=once)
    assert "second_board" not in h1.extra
    assert h1.replay().allin_ev == r.allin_ev and r.allin_ev is not None


def test_tournament_run_twice_side_pot_odd_chip_and_split():
    (h,) = read(text=TOURNEY)
    r = h.replay()
    # p1 dora (all in for 500 after the ante), p2 emil (750), p3 finn (button, 750 of
    # 755): the antes (15) are dead money in the main pot: 15 + 3 x 500 = 1,515 (all
    # three), side 2 x 250 = 500 (emil, finn).  Halves: main 758 / 757, side 250 / 250.
    # Board 1 (9c Tc 8h Jd 3s): finn's three nines take both halves: 1,008.
    # Board 2 (9c Tc 8h Qd Jh): the straight on the board for all: 757 three ways
    # (253, 252, 252: the odd chip to the first seat after the button, p1), the side
    # half two ways (125 each).
    assert r.contributions == [505, 755, 755] and r.dead == 15
    assert r.board_payouts == [[0, 0, 1008], [253, 377, 377]]
    assert r.payouts == [253, 377, 1385]
    assert r.agrees_with_record is True, r.disagreement
    # a record that gives the odd chip to the second board does not agree
    (bad,) = read(text=TOURNEY.replace("finn collected 758", "finn collected 757")
                  .replace("dora collected 253", "dora collected 254"))
    assert bad.replay().agrees_with_record is False


def test_round_trip_and_summary_paths():
    for text in (CASH, TOURNEY):
        (h,) = read(text=text)
        phh = h.to_phh()
        assert "second_board = " in phh
        (back,) = read(text=phh)
        assert back == h
        assert back.replay().board_payouts == h.replay().board_payouts
        # the PHH text through summary() (the fast path hands it to the Python replay)
        a, b = summary(phh), summary(h)
        assert [(r.player, r.net, r.adjusted_net) for r in a.rows] == [
            (r.player, r.net, r.adjusted_net) for r in b.rows]
        assert a.settled == 1


@pytest.mark.parametrize("change, message", [
    (("*** SECOND RIVER *** [4c 8s Jd Qh] [5d]", "*** SECOND RIVER *** [4c 8s Jd Qh] [3s]"),
     "duplicate card '3s' in second_board"),
    (("*** SECOND RIVER *** [4c 8s Jd Qh] [5d]",
      "*** SECOND RIVER *** [4c 8s Jd Qh] [5d]\n*** FOURTH FLOP *** [6c 6d 6h]"),
     "hands run twice or three times are read"),
    (("*** SECOND RIVER *** [4c 8s Jd Qh] [5d]",
      "*** SECOND RIVER *** [4c 8s Jd Qh] [5d]\n*** THIRD FLOP *** [6c 6d 6h]"),
     "third_board has 3 cards"),
    (("*** SECOND FLOP *** [4c 8s Jd]\n*** SECOND TURN *** [4c 8s Jd] [Qh]\n"
      "*** SECOND RIVER *** [4c 8s Jd Qh] [5d]\n", ""), "only one run of the board"),
])
def test_bad_run_twice_hands_refused_clearly(change, message):
    text = CASH.replace(*change)
    with pytest.raises(HistoryError, match=message) as e:
        for h in read(text=text):
            h.replay()
    assert "hand 1" in str(e.value)


def test_phh_sixth_board_card_still_refused():
    text = ("variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n"
            "starting_stacks = [10, 10]\nactions = ['d dh p1 AsAd', 'd dh p2 KsKd', "
            "'p2 cbr 10', 'p1 cc', 'd db 2c3d9h', 'd db Tc', 'd db Jd', 'd db 4c4d4h']\n")
    (h,) = read(text=text)
    with pytest.raises(HistoryError, match="bad board card count"):
        h.replay()
