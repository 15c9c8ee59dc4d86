"""Monte Carlo with "random" players (csrc/equity.c's general loop deals
their hole cards by batch from the cards left, as the board): within four
standard errors of exact enumeration, the same for any threads=, and never
dealing a card that is in a hand, on the board or dead."""
from __future__ import annotations

import numpy as np
import pytest

import handrank as hr
from handrank.core import kernels

needs_c = pytest.mark.skipif(kernels.compiled_module() is None, reason="needs the C core")

RANDOM_SPOTS = [
    (["AsKs", "random"], "", "", "holdem"),
    (["AhAd", "random", "random"], "Kc9s4d", "", "holdem"),
    (["AsKs", "QdQc", "random"], "Jh8c2d", "", "holdem"),
    (["AsKs", "random"], "", "Ah Kd 7c 2s", "holdem"),
    (["QQ+,AKs", "random"], "Qh7c2d", "", "holdem"),
    (["TT,99", "AK,AQ", "random"], "8h5c2s", "3d", "holdem"),
    (["AsKs", "random"], "", "", "shortdeck"),
    (["AsKs", "random", "random"], "Th9c", "", "shortdeck"),
    (["AsKs", "random"], "", "", "stripped"),
]


@needs_c
@pytest.mark.parametrize("players,board,dead,game", RANDOM_SPOTS)
def test_random_players_within_four_stderr(players, board, dead, game):
    exact = hr.equity(players, board, dead, exact=True, game=game)
    mc = hr.equity(players, board, dead, exact=False, trials=400_000, seed=2026, threads=2,
                game=game)
    assert not mc.exact and mc.samples == 400_000
    assert (mc.stderr > 0).all()
    assert (np.abs(mc.equity - exact.equity) <= 4 * mc.stderr).all(), (mc, exact)
    assert (np.abs(mc.win - exact.win) <= 4 * mc.stderr + 1e-3).all(), (mc, exact)
    assert mc.equity.sum() == pytest.approx(1.0)


@needs_c
@pytest.mark.parametrize("players", [["AsKs", "random"], ["AsKs", "QdQc", "random"],
                                     ["AsKs", "random", "random"], ["QQ+,AKs", "random"],
                                     ["random"] * 10])
def test_random_players_seed_fixes_result_whatever_threads(players):
    runs = [hr.equity(players, exact=False, trials=110_000, seed=5, threads=t) for t in (1, 2, 3)]
    for r in runs[1:]:
        assert r.samples == runs[0].samples
        assert r.equity.tobytes() == runs[0].equity.tobytes()
        assert r.win.tobytes() == runs[0].win.tobytes()
        assert r.stderr.tobytes() == runs[0].stderr.tobytes()


# Every card but the board's, player 1's and five others is dead: player 1
# holds quad aces and no deal from the five cards left beats them, but a
# "random" player given a dead card (the diamonds Qd Jd Td with Ad Kd on the
# board) could make a royal flush.
_LEFT = "2c 3h 4h 5c 6c"
_BOARD = "Ad Ac Kd Ks"


def _dead_but(kept: str) -> str:
    keep = set(hr.cards(kept)) | set(hr.cards(_BOARD)) | set(hr.cards("AsAh"))
    return " ".join(hr.card_str(c) for c in range(52) if c not in keep)


@needs_c
@pytest.mark.parametrize("players", [["AsAh", "random"], ["AsAh", "random", "random"]])
def test_random_players_get_only_cards_left(players):
    dead = _dead_but(_LEFT)
    r = hr.equity(players, _BOARD, dead, exact=False, trials=200_000, seed=3, threads=2)
    assert r.equity.tolist() == [1.0] + [0.0] * (len(players) - 1)


@needs_c
def test_random_players_tiny_deck_matches_exact():
    # three cards left: the random player takes two of them and the river is the third
    left = "Ad Ac 3c"
    board = "2c 7d 9h Jc"
    keep = set(hr.cards(left)) | set(hr.cards(board)) | set(hr.cards("AsAh"))
    dead = " ".join(hr.card_str(c) for c in range(52) if c not in keep)
    exact = hr.equity(["AsAh", "random"], board, dead, exact=True)
    mc = hr.equity(["AsAh", "random"], board, dead, exact=False, trials=300_000, seed=4,
                threads=2)
    assert (np.abs(mc.equity - exact.equity) <= 4 * mc.stderr).all(), (mc, exact)
    assert (np.abs(mc.tie - exact.tie) <= 0.01).all(), (mc, exact)


@needs_c
def test_random_players_ranges_tiny_deck():
    # a range player and a random one share the five cards left with the river
    left = "Qd Qh Qc 3c 8s 9s"
    board = "2c 7d 9h Jc"
    keep = set(hr.cards(left)) | set(hr.cards(board)) | set(hr.cards("AsAh"))
    dead = " ".join(hr.card_str(c) for c in range(52) if c not in keep)
    players = ["AsAh", "QQ", "random"]
    exact = hr.equity(players, board, dead, exact=True)
    mc = hr.equity(players, board, dead, exact=False, trials=300_000, seed=6, threads=2)
    assert (np.abs(mc.equity - exact.equity) <= 4 * mc.stderr + 1e-9).all(), (mc, exact)
