"""handrank.history replays stud, razz, the draw games and badugi (no board)."""

from __future__ import annotations

import os
from collections import Counter
from pathlib import Path

import pytest

from handrank.history import HistoryError, read

# The real hands: ../shared/data/phh beside the checkout (as laid for the
# project and its CI), or HANDRANK_PHH_DATA; the tests that need them skip
# without them.
DATA = Path(os.environ.get("HANDRANK_PHH_DATA", Path(__file__).resolve().parents[2]
                           / "shared" / "data" / "phh"))
real = pytest.mark.skipif(not DATA.is_dir(), reason="real PHH data not present")

# Seven-card stud by hand: antes 1 (dead), p1's 2c is the lowest up card and
# brings in for 2; p2 completes to 5, both call.  From 4th street p3's up
# cards (J-8, then J-8-6, Q-J-8-6) are the best showing: p3 opens each
# street; p1 folds on 4th street.
# p1 put in 1 + 5 = 6; p2 and p3 each 1 + 5 + 5 + 10 + 0 + 10 = 31.
# Pot 68 to p2 (kings over p3's sevens): stacks 94, 100 - 31 + 68, 100 - 31.
STUD = """variant = 'F7S'
ante_trimming_status = false
antes = [1, 1, 1]
bring_in = 2
small_bet = 5
big_bet = 10
starting_stacks = [100, 100, 100]
actions = ['d dh p1 AhAd2c', 'd dh p2 KsKd9h', 'd dh p3 7c7d8s', 'p1 pb', 'p2 cbr 5', \
'p3 cc', 'p1 cc', 'd dh p1 3h', 'd dh p2 4s', 'd dh p3 Jc', 'p3 cbr 5', 'p1 f', 'p2 cc', \
'd dh p2 5d', 'd dh p3 6h', 'p3 cc', 'p2 cbr 10', 'p3 cc', 'd dh p2 Qd', 'd dh p3 Qc', \
'p3 cc', 'p2 cc', 'd dh p2 2d', 'd dh p3 3c', 'p3 cc', 'p2 cbr 10', 'p3 cc', \
'p2 sm KsKd9h4s5dQd2d', 'p3 sm 7c7d8sJc6hQc3c']
finishing_stacks = [94, 137, 69]
"""

# Deuce-to-seven single draw by hand: blinds 1 and 2; p3 opens to 6, p1
# calls, p2 folds.  p1 draws one (9c for Qh), p3 stands pat on 8-7-4-3-2;
# p3 bets 10, p1 calls.  8-7 low beats Q-5 low: p3 takes 16 + 2 + 16 = 34.
DRAW = """variant = 'N2L1D'
ante_trimming_status = true
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [50, 50, 50]
actions = ['d dh p1 2c3d4h5s9c', 'd dh p2 KsKd8h7c6d', 'd dh p3 2d3c4d7h8s', 'p3 cbr 6', \
'p1 cc', 'p2 f', 'p1 sd 9c', 'p3 sd', 'd dh p1 Qh', 'p1 cc', 'p3 cbr 10', 'p1 cc', \
'p3 sm 2d3c4d7h8s', 'p1 sm 2c3d4h5sQh']
finishing_stacks = [34, 48, 68]
"""


def _one(text: str) -> object:
    return next(read(text=text)).replay()


def test_stud_hand_by_hand():
    r = _one(STUD)
    assert r.payouts == [0, 68, 0]
    assert r.contributions == [6, 31, 31] and r.dead == 3
    assert r.net == [-6, 37, -31]
    assert r.agrees_with_record is True
    assert r.allin_ev is None                  # nobody all in
    assert r.settlement is not None and r.settlement.pots[0].winners == (1,)


def test_draw_hand_by_hand():
    r = _one(DRAW)
    assert r.payouts == [0, 0, 34]
    assert r.net == [-16, -2, 18]
    assert r.shown == {0: "2c3d4h5sQh", 1: "KsKd8h7c6d", 2: "2d3c4d7h8s"}  # as dealt or shown
    assert r.agrees_with_record is True


def test_stud_fold_win_needs_no_seven_cards():
    text = STUD.replace("'p3 cc', 'p1 cc', 'd dh p1 3h'", "'p3 f', 'p1 f', 'd dh p1 3h'")
    h = next(read(text=text.split("actions")[0] + "actions = ['d dh p1 AhAd2c', 'd dh p2 KsKd9h', "
                 "'d dh p3 7c7d8s', 'p1 pb', 'p2 cbr 5', 'p3 f', 'p1 f']\n"))
    r = h.replay()
    # 3 dead antes + p1's bring-in 2 + p2's own 5 (3 of it uncalled, back to him)
    assert r.payouts == [0, 10, 0]
    assert r.net == [-3, 4, -1]
    assert r.agrees_with_record is None


def test_changed_record_disagrees():
    r = _one(DRAW.replace("[34, 48, 68]", "[68, 48, 34]"))
    assert r.agrees_with_record is False and "p1" in r.disagreement


@pytest.mark.parametrize("edit, why", [
    (("'p1 sd 9c'", "'p1 sd Ac'"), "does not hold"),
    (("'p3 sm 2d3c4d7h8s'", "'p3 sm 2d3c4d7h9s'"), "not the cards it holds"),
    (("'d dh p1 Qh'", "'d dh p1 Ks'"), "duplicate card"),
    (("'d dh p1 Qh'", "'d dh p1 QhJh'"), "more than 5"),
    (("'p1 sd 9c'", "'d db 9c'"), "no board"),
    (("'p2 f', 'p1 sd 9c'", "'p1 sd 9c'"), "betting is not over"),
])
def test_draw_bad_hands_are_refused(edit, why):
    with pytest.raises(HistoryError, match=why):
        _one(DRAW.replace(*edit))


def test_stud_bring_in_out_of_turn_and_truncated():
    with pytest.raises(HistoryError, match="bring-in"):
        _one(STUD.replace("'p2 cbr 5', 'p3 cc'", "'p2 pb', 'p3 cc'"))
    with pytest.raises(HistoryError, match=r"bring-in by seat p2 out of turn \(p1 brings in\)"):
        _one(STUD.replace("'p1 pb', 'p2 cbr 5', 'p3 cc', 'p1 cc'",
                          "'p2 pb', 'p3 cbr 5', 'p1 cc', 'p2 cc'"))
    with pytest.raises(HistoryError, match=r"p1 out of turn \(p2 brings in\)"):
        _one(STUD.replace("'F7S'", "'FR'"))     # razz: the highest up card (9h) brings in
    with pytest.raises(HistoryError, match=r"p2 acts out of turn \(p3 opens this street\)"):
        _one(STUD.replace("'p3 cbr 5', 'p1 f', 'p2 cc'", "'p2 cbr 5', 'p3 cc', 'p1 f'"))
    with pytest.raises(HistoryError, match="truncated hand"):
        _one(STUD.replace("'d dh p2 2d', 'd dh p3 3c', 'p3 cc', 'p2 cbr 10', 'p3 cc', ",
                          "").replace(
            "'p2 sm KsKd9h4s5dQd2d', 'p3 sm 7c7d8sJc6hQc3c'",
            "'p2 sm KsKd9h4s5dQd', 'p3 sm 7c7d8sJc6hQc'"))


@real
def test_real_stud_razz_draw_hands_all_agree():
    counts: Counter[str] = Counter()
    for h in read(DATA):
        if h.variant not in ("F7S", "F7S/8", "FR", "F2L3D", "N2L1D", "FB"):
            continue
        r = h.replay()
        assert r.error is None, (h.source, r.error)
        if h.finishing_stacks is None:
            assert r.agrees_with_record is None  # the famous hands record no result
            continue
        assert r.agrees_with_record is True, (h.source, r.disagreement)
        assert sum(r.payouts) == sum(r.contributions)   # nothing lost, nothing made
        counts[h.variant] += 1
    # every WSOP 2023 #43 hand of these games has finishing stacks
    assert counts == {"F7S": 13, "F7S/8": 7, "FR": 10, "F2L3D": 7, "N2L1D": 7}
