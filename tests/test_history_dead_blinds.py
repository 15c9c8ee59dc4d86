"""PokerStars dead blinds: "posts small & big blinds" (a player coming back to the table).

The big blind part is live (the player's bet), the small blind part dead
money: it goes to the pot, belongs to no one's bet, and is never returned
as an uncalled bet.  Every expected number below is counted by hand.
"""

from __future__ import annotations

import pytest

from handrank.history import HistoryError, read

HEAD = ("PokerStars Hand #2000000001:  Hold'em No Limit ($0.10/$0.20 USD) - "
        "2020/01/01 0:00:00 ET\nTable 'Test' 6-max Seat #1 is the button\n"
        "Seat 1: alice ($20 in chips)\nSeat 2: bob ($20 in chips)\n"
        "Seat 3: carol ($20 in chips)\nSeat 4: dave ($20 in chips)\n"
        "bob: posts small blind $0.10\ncarol: posts big blind $0.20\n"
        "dave: posts small & big blinds $0.30\n*** HOLE CARDS ***\n")

SHOWDOWN = HEAD + """dave: raises $0.40 to $0.60
alice: folds
bob: calls $0.50
carol: folds
*** FLOP *** [2c 7d 9h]
bob: checks
dave: bets $1
bob: calls $1
*** TURN *** [2c 7d 9h] [Ks]
bob: checks
dave: checks
*** RIVER *** [2c 7d 9h Ks] [3d]
bob: checks
dave: checks
*** SHOW DOWN ***
bob: shows [Ah Kh] (a pair of Kings)
dave: shows [Qc Qd] (a pair of Queens)
bob collected $3.35 from pot
*** SUMMARY ***
Total pot $3.50 | Rake $0.15
Board [2c 7d 9h Ks 3d]
"""

FOLDS = HEAD + """dave: raises $0.40 to $0.60
alice: folds
bob: folds
carol: folds
Uncalled bet ($0.40) returned to dave
dave collected $0.60 from pot
*** SUMMARY ***
Total pot $0.60 | Rake $0
"""


def test_dead_small_blind_is_dead_money_live_big_blind_acts_in_turn():
    (h,) = read(text=SHOWDOWN)
    # p1 = bob (small blind), p2 = carol (big blind), p3 = dave, p4 = alice (button)
    assert h.players == ["bob", "carol", "dave", "alice"]
    assert h.blinds_or_straddles == [10, 20, 20, 0] and h.antes == [0, 0, 10, 0]
    r = h.replay()
    # by hand, in cents: bob 10 + 50 + 100, carol 20, dave 10 dead + 60 + 100
    assert r.contributions == [160, 20, 170, 0] and r.dead == 10
    assert sum(r.contributions) == 350                      # "Total pot $3.50"
    assert r.payouts == [350, 0, 0, 0]                      # kings beat queens
    assert r.agrees_with_record is True and r.rake == 15    # collected $3.35 + rake $0.15
    assert r.net_after_rake == [175, -20, -170, 0]


def test_dead_small_blind_is_not_returned_as_uncalled():
    (h,) = read(text=FOLDS)
    r = h.replay()
    # dave: 10 dead + 60 live; 40 of the 60 goes back uncalled, the dead 10 does not
    assert r.contributions == [10, 20, 70, 0] and r.dead == 10
    assert r.payouts == [0, 0, 100, 0]          # 40 back + 10 + 20 + his 20 + 10 dead
    assert r.agrees_with_record is True and r.net == [-10, -20, 30, 0]


def test_dead_blind_not_above_the_big_blind_is_refused():
    with pytest.raises(HistoryError, match="not above the big blind"):
        next(read(text=SHOWDOWN.replace("blinds $0.30", "blinds $0.20")))


def test_phh_of_it_takes_the_fast_path_with_the_same_result():
    """As PHH (two seats post the big blind): the C fast path starts after the first, too."""
    from handrank.history import fast

    from .test_history_fast import _check_batch
    if not fast.available():
        pytest.skip("the C core is not loaded")
    for text in (SHOWDOWN, FOLDS):
        (h,) = read(text=text)
        phh = "\n".join(ln for ln in h.to_phh().splitlines()
                         if not ln.startswith(("rake", "currency")))
        (b,) = list(fast.scan(phh))
        assert b.fast(0) and _check_batch(b, 0)
        assert b.payouts[0, :4].tolist() == h.replay().payouts


LONE = HEAD.replace("dave: posts small & big blinds $0.30\n", "dave: posts small blind $0.10\n") \
    + """dave: folds
alice: raises $0.40 to $0.60
bob: folds
carol: folds
Uncalled bet ($0.40) returned to alice
alice collected $0.60 from pot
*** SUMMARY ***
Total pot $0.60 | Rake $0
"""


def test_lone_dead_small_blind_is_dead_money():
    """A small blind posted alone by a player coming back (the small blind seat posted
    its own): dead money, in the main pot, never returned, not part of dave's bet."""
    (h,) = read(text=LONE)
    assert h.blinds_or_straddles == [10, 20, 0, 0] and h.antes == [0, 0, 10, 0]
    r = h.replay()
    # p1 bob 10, p2 carol 20, p3 dave 10 dead, p4 alice 60 (40 back uncalled)
    assert r.contributions == [10, 20, 10, 60] and r.dead == 10
    assert r.payouts == [0, 0, 0, 100]          # 40 back + her 20 + 10 + 20 + 10 dead
    assert r.agrees_with_record is True and r.net == [-10, -20, -10, 40]
