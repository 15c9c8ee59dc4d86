"""PokerStars lines between the seat list and the summary, beyond the plain blinds.

Each line kind is either read (a straddle, a seat sitting out, a fold face
up), let go (chat, joins, leaves, time-outs, disconnections: no chips), or
the hand is refused with the line named (a forced bet or an action the
reader does not know, an all-in cash out, splash the pot, short deck).  The
hands are written for these tests; every expected number is counted by hand.
"""

from __future__ import annotations

import pytest

from handrank.history import HistoryError, read

CASH = ("PokerStars Hand #2000000101:  Hold'em No Limit ($0.10/$0.20 USD) - "
        "2020/01/01 0:00:00 ET\n")

STRADDLE = CASH + """Table 'Test' 6-max Seat #1 is the button
Seat 1: alice ($20 in chips)
Seat 2: bob ($20 in chips)
Seat 3: carol ($20 in chips)
Seat 4: dave ($20 in chips)
Seat 5: erin ($20 in chips)
bob: posts small blind $0.10
carol: posts big blind $0.20
dave: posts straddle $0.40
*** HOLE CARDS ***
erin: calls $0.40
alice: folds
bob: folds
carol: calls $0.20
dave: raises $0.80 to $1.20
erin: calls $0.80
carol: folds
*** FLOP *** [4c 8d Jh]
dave: bets $1
erin: folds
Uncalled bet ($1) returned to dave
dave collected $2.80 from pot
*** SUMMARY ***
Total pot $2.90 | Rake $0.10
Board [4c 8d Jh]
"""


def test_straddle_is_a_live_blind_and_the_action_starts_after_it():
    (h,) = read(text=STRADDLE)
    # p1 bob (small blind), p2 carol (big blind), p3 dave (straddle), p4 erin, p5 alice
    assert h.players == ["bob", "carol", "dave", "erin", "alice"]
    assert h.blinds_or_straddles == [10, 20, 40, 0, 0] and h.antes == [0] * 5
    r = h.replay()
    # by hand, in cents: bob 10, carol 40, dave 120 + 100 (back), erin 120
    assert r.contributions == [10, 40, 220, 120, 0] and r.dead == 0
    assert r.payouts == [0, 0, 390, 0, 0]           # 10 + 40 + 120 + 120 + 100 back
    assert r.agrees_with_record is True and r.rake == 10    # $2.80 + $1 back + $0.10
    assert r.net == [-10, -40, 170, -120, 0]


RESTRADDLE = STRADDLE.split("*** HOLE CARDS ***")[0] + """erin: posts straddle $0.80
*** HOLE CARDS ***
alice: folds
bob: folds
carol: folds
dave: folds
Uncalled bet ($0.40) returned to erin
erin collected $1.10 from pot
*** SUMMARY ***
Total pot $1.10 | Rake $0
"""


def test_restraddle_after_the_straddle_starts_the_action_after_it():
    (h,) = read(text=RESTRADDLE)
    assert h.blinds_or_straddles == [10, 20, 40, 80, 0]
    r = h.replay()
    # alice (after erin) acts first; erin's 80 against dave's 40: 40 back
    assert r.contributions == [10, 20, 40, 80, 0] and r.payouts == [0, 0, 0, 150, 0]
    assert r.agrees_with_record is True and r.net == [-10, -20, -40, 70, 0]


def test_straddle_the_reader_cannot_place_is_refused():
    # posted by the seat after the straddler's seat (not after the big blind)
    late = STRADDLE.replace("dave: posts straddle", "erin: posts straddle")
    # not above the big blind: no straddle
    small = STRADDLE.replace("posts straddle $0.40", "posts straddle $0.20")
    # heads-up
    two = (CASH + "Table 'Test' 6-max Seat #1 is the button\nSeat 1: alice ($20 in chips)\n"
           "Seat 2: bob ($20 in chips)\nalice: posts small blind $0.10\n"
           "bob: posts big blind $0.20\nalice: posts straddle $0.40\n*** HOLE CARDS ***\n"
           "bob: folds\n*** SUMMARY ***\n")
    for text in (late, small, two):
        with pytest.raises(HistoryError, match="straddle the reader cannot place"):
            next(read(text=text))


def test_straddle_takes_the_fast_path_with_the_same_result():
    from handrank.history import fast

    from .test_history_fast import _check_batch
    if not fast.available():
        pytest.skip("the C core is not loaded")
    (h,) = read(text=STRADDLE)
    phh = "\n".join(ln for ln in h.to_phh().splitlines()
                     if not ln.startswith(("rake", "currency")))
    (b,) = list(fast.scan(phh))
    assert b.fast(0) and _check_batch(b, 0)
    assert b.payouts[0, :5].tolist() == h.replay().payouts


#: the button on a seat sitting out: that seat is not dealt in (a dead button)
AWAY = CASH + """Table 'Test' 6-max Seat #4 is the button
Seat 1: alice ($20 in chips)
Seat 2: bob ($20 in chips)
Seat 3: carol ($20 in chips)
Seat 4: erin ($20 in chips) is sitting out
alice: posts small blind $0.10
bob: posts big blind $0.20
*** HOLE CARDS ***
carol: raises $0.40 to $0.60
alice: calls $0.50
bob: folds [9c 4h]
erin: sits out
*** FLOP *** [3s 8h Qd]
alice: checks
carol: bets $0.80
alice: folds
Uncalled bet ($0.80) returned to carol
carol collected $1.35 from pot
*** SUMMARY ***
Total pot $1.40 | Rake $0.05
Board [3s 8h Qd]
"""


@pytest.mark.parametrize("away", ["is sitting out",
                                  "out of hand (moved from another table into small blind)"])
def test_seat_sitting_out_is_not_dealt_in(away):
    (h,) = read(text=AWAY.replace("is sitting out", away))
    assert h.players == ["alice", "bob", "carol"] and h.starting_stacks == [2000] * 3
    r = h.replay()
    # alice 60, bob 20 (folds face up), carol 60 + 80 back
    assert r.contributions == [60, 20, 140] and r.payouts == [0, 0, 220]
    assert r.agrees_with_record is True and r.rake == 5
    assert r.net == [-60, -20, 80]


TOURNEY = ("PokerStars Hand #2000000102: Tournament #77, $1+$0.10 USD Hold'em No Limit - "
           "Level II (10/20) - 2020/01/01 0:10:00 ET\n"
           "Table '77 1' 9-max Seat #1 is the button\n") + """Seat 1: amy (1500 in chips)
Seat 2: ben (1500 in chips)
Seat 3: cat (1500 in chips)
Seat 4: dan (1500 in chips) is sitting out
amy: posts the ante 5
ben: posts the ante 5
cat: posts the ante 5
dan: posts the ante 5
ben: posts small blind 10
cat: posts big blind 20
*** HOLE CARDS ***
dan has timed out
dan: folds
dan: is sitting out
amy: raises 40 to 60
ben: folds
cat: calls 40
*** FLOP *** [2d 9c Kh]
cat: checks
amy: bets 80
cat: folds
Uncalled bet (80) returned to amy
amy collected 150 from pot
*** SUMMARY ***
Total pot 150 | Rake 0
Board [2d 9c Kh]
"""


def test_tournament_seat_sitting_out_is_dealt_in_and_folds():
    """In a tournament a player sitting out still posts and is folded: a seat of the hand."""
    (h,) = read(text=TOURNEY)
    assert h.players == ["ben", "cat", "dan", "amy"] and h.antes == [5] * 4
    r = h.replay()
    # antes 20 dead; ben 10, cat 60, amy 60 + 80 back
    assert r.dead == 20 and r.contributions == [15, 65, 5, 145]
    assert r.payouts == [0, 0, 0, 230] and r.agrees_with_record is True
    assert r.net == [-15, -65, -5, 85]


QUIET = [
    "frank joins the table at seat #6",
    'bob said, "carol: raises $5 to $10"',
    'bob said, "dave cashed out the hand for $5"',
    "alice is disconnected",
    "alice is connected",
    "alice has timed out while disconnected",
    "alice has returned",
    "gina leaves the table",
    "hank was removed from the table for failing to post",
    "ivan will be allowed to play after the button",
]


def test_lines_that_move_no_chips_are_let_go():
    (plain,) = read(text=STRADDLE)
    at = STRADDLE.index("alice: folds")
    noisy = STRADDLE[:at] + "\n".join(QUIET) + "\n" + STRADDLE[at:]
    noisy = noisy.replace("dave collected $2.80 from pot\n",
                          "dave collected $2.80 from pot\ndave: doesn't show hand\n")
    (h,) = read(text=noisy)
    assert (h.players, h.actions, h.blinds_or_straddles, h.winnings) == \
        (plain.players, plain.actions, plain.blinds_or_straddles, plain.winnings)
    assert h.replay().payouts == plain.replay().payouts


@pytest.mark.parametrize(("old", "new", "why"), [
    # an action line the reader does not know: refused, never skipped
    ("alice: folds", "alice: donks $0.40", "an action the reader does not know"),
    # a forced bet of a format the reader does not read
    ("dave: posts straddle $0.40", "dave: posts button blind $0.40",
     "a forced bet the reader does not know"),
    # the all-in cash out: the seat was paid an insured amount, not from the pot
    ("dave collected $2.80 from pot", "dave cashed out the hand for $2.70 | Cash Out Fee $0.05",
     "all-in cash out"),
    ("*** FLOP ***", "STP added: $1\n*** FLOP ***", "splash the pot"),
    ("dave collected $2.80 from pot", "Hand cancelled", "the hand was cancelled"),
    # 6+ Hold'em: the short deck, read as hold'em it would misrank hands
    ("Hold'em No Limit ($0.10/$0.20 USD)",
     "6+ Hold'em No Limit (Button Blind $0.20 - Ante $0.10 USD)", "short deck"),
])
def test_lines_the_reader_cannot_settle_refuse_the_hand(old, new, why):
    text = STRADDLE.replace(old, new, 1)
    assert text != STRADDLE
    with pytest.raises(HistoryError, match=why) as e:
        next(read(text=text))
    assert e.value.hand == 1
    # with errors="collect" the hand is reported, not dropped and not read
    bad: list[HistoryError] = []
    from handrank.history import pokerstars
    assert list(pokerstars.read_stream(text.splitlines(), None, "collect", bad)) == []
    assert len(bad) == 1 and why in str(bad[0])
