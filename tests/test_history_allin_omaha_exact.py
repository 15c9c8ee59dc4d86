"""All-in EV of high-only Omaha (4, 5 and 6 cards) on the C core's exact enumeration
(``allin._omaha_counts`` through ``kernels.omaha_exact_shares``; hi-lo in
tests/test_history_allin_omaha_hilo_exact.py) against the numpy
enumeration of every board it replaces (``allin._enumerate_boards``): the same whole
share counts spot by spot, and the same EV hand by hand on generated pot-limit Omaha
all-ins, preflop multiway pots included.
"""

from __future__ import annotations

import random

import pytest

from handrank.core import kernels
from handrank.games import game
from handrank.history import allin, fast
from handrank.history._generate import corpus

pytestmark = pytest.mark.skipif(not kernels.have_c(), reason="the C core is not loaded")


@pytest.mark.parametrize("name", ["omaha", "omaha5", "omaha6"])
def test_counts_equal_the_numpy_enumeration(name):
    g = game(name)
    h = g.hole_cards
    rng = random.Random(11 + h)
    ties = 0
    for k in range(14):
        n = 2 + k % (4 if h < 6 else 3)         # 2..5 hands (2..4 of six cards)
        deck = list(g.deck)
        rng.shuffle(deck)
        holes = [deck[i * h:(i + 1) * h] for i in range(n)]
        nb = (0, 3, 4, 3, 4)[k % 5] if k % 7 else 0
        board = deck[n * h:n * h + nb]
        dead = deck[n * h + nb:n * h + nb + (k % 3) * 2]
        want = allin._enumerate_boards(name, holes, board, dead)
        got = allin._omaha_counts(name, holes, board, dead)
        assert got == want, (holes, board, dead)
        assert isinstance(got, tuple)
        ties += any(x % (allin.UNIT // 2) for x in got[0])   # a share of a split pot
    assert ties > 0


def test_board_counts_takes_the_high_only_c_path_for_omaha_only(monkeypatch):
    """Omaha goes through the high-only C enumeration, hi-lo through its own
    (``kernels.omaha_exact_hilo_shares``, tests/test_history_allin_omaha_hilo_exact.py)."""
    calls = []
    real = kernels.omaha_exact_shares

    def spy(*a):
        calls.append(a)
        return real(*a)
    monkeypatch.setattr(kernels, "omaha_exact_shares", spy)
    holes = [[0, 5, 10, 15], [20, 25, 30, 35], [40, 45, 50, 3]]
    allin.board_counts("omaha", holes, [7, 11, 19], [])
    assert len(calls) == 1
    allin.board_counts("omaha-hilo", holes, [7, 11, 19], [])
    assert len(calls) == 1


def _as_omaha(text: str, rng: random.Random) -> str:
    from .test_history_fast import _as_omaha as deal_again
    return deal_again(text, rng).replace("variant = 'NO'", "variant = 'PO'")


def test_generated_omaha_allins_hand_by_hand(monkeypatch):
    """Generated hands dealt again as pot-limit Omaha: each all-in hand's EV (the
    replay's exact all-in EV, every pot) with the C enumeration equals the EV with
    the numpy one, preflop multiway all-ins among them."""
    rng = random.Random(21)
    texts = [t.split("\n", 1)[1] for t in corpus(160, seed=77).split("\n\n") if t.strip()]
    checked = preflop_multi = 0
    for text in texts:
        (b,) = list(fast.scan(_as_omaha(text, rng)))
        if not (b.rec[0, fast.FLAGS] & fast.ALLIN):
            continue
        c_ev = b.replay(0).allin_ev
        with monkeypatch.context() as m:
            m.setattr(allin, "_omaha_counts", lambda *a: None)
            numpy_ev = b.replay(0).allin_ev
        assert c_ev == numpy_ev and [type(x) for x in c_ev or ()] == \
            [type(x) for x in numpy_ev or ()], b.text(0)
        checked += c_ev is not None
        board = int(b.rec[0, fast.ALLIN_BOARD]) & 255
        live = bin(int(b.rec[0, fast.KNOWN]) & ~int(b.rec[0, fast.OUT])).count("1")
        preflop_multi += board == 0 and live >= 3
    assert checked >= 30 and preflop_multi >= 5, (checked, preflop_multi)
