"""Every worked example of RULES.md s.5, through the fast evaluator."""

from __future__ import annotations

import pytest

import handrank as hr

# board, player 1, player 2, expected winner (1, 2 or 0 = split)
HOLDEM = [
    ("K♠ 6♦ 7♣ 9♥ 2♠", "K♥ 3♣", "K♦ 8♣", 2),
    ("K♠ 6♦ 7♣ 9♥ 2♠", "K♥ 3♣", "K♦ 4♣", 0),
    ("A♣ K♥ Q♦ 5♠ 5♣", "Q♠ Q♣", "A♦ 5♥", 1),
    ("5♣ 8♣ 9♣ K♣ Q♣", "7♣ J♣", "A♣ 3♥", 2),
    ("A♣ 2♦ 4♠ Q♥ K♦", "A♦ 2♣", "K♠ Q♦", 1),
    ("6♣ 6♦ 8♣ 8♦ Q♠", "5♣ 5♦", "A♠ 4♥", 2),
    ("J♦ 5♣ 5♥ 2♠ A♥", "J♣ 7♦", "J♥ 6♠", 0),
    ("J♦ 5♣ 5♥ 2♠ 4♥", "J♣ 7♦", "J♥ 6♠", 1),
    ("A♠ K♦ Q♣ J♥ T♠", "2c 3d", "7h 8s", 0),
    ("Q♠ 9♥ 6♦ 4♣ 2♠", "A♦ Q♣", "K♦ Q♥", 1),
]

# stronger, weaker (or equal) five-card hands
FIVES = [
    ("Ac Jd 9h 5s 3c", "Ad Jc 8h 7s 6c", 1),
    ("Ac Ad Kh 7s 2c", "Ah As Qc Jd Th", 1),
    ("3c 3d 3h As Ac", "2c 2d 2h Ks Kc", 1),
    ("2c 3d 4h 5s 6c", "Ac 2d 3h 4s 5c", 1),
    ("A♠ A♥ K♣ Q♦ J♠", "A♣ A♦ K♥ Q♠ J♦", 0),
]


@pytest.mark.parametrize("board, p1, p2, winner", HOLDEM)
def test_holdem_examples(backend, board, p1, p2, winner):
    s1 = hr.evaluate(f"{p1} {board}")
    s2 = hr.evaluate(f"{p2} {board}")
    assert (1 if s1 > s2 else 2 if s2 > s1 else 0) == winner


def test_playing_the_board_ties_every_pair_of_hole_cards():
    board = hr.cards("A♠ K♦ Q♣ J♥ T♠")
    rest = [c for c in range(52) if c not in board]
    import itertools

    import numpy as np

    hands = np.array([board + list(h) for h in itertools.combinations(rest, 2)], np.uint8)
    strengths = hr.evaluate_batch(hands)
    # every hand plays at least the board's broadway; only a flush or better beats it
    assert (strengths >= hr.evaluate(board)).all()


@pytest.mark.parametrize("a, b, result", FIVES)
def test_five_card_comparisons(backend, a, b, result):
    sa, sb = hr.evaluate(a), hr.evaluate(b)
    assert (1 if sa > sb else 0 if sa == sb else -1) == result
