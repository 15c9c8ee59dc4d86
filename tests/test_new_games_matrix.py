"""The new games through every public operation, by name and by Game.

Each cell either answers the same both ways or raises UnsupportedGameError
naming the operation and the game (the answers themselves are checked
against brute force in test_double_board.py, test_badeucy.py and
test_courchevel.py).
"""

from __future__ import annotations

import json

import numpy as np
import pytest

import handrank as hr
from handrank.cli import main

SPOTS = {
    "double-holdem": (["As Kd", "6c 8c"], ("Ah Kh 2c 3d 9s", "7s 7d 9h 4c 5c")),
    "double-omaha": (["As Kd Qs Jh", "6c 8c 2d 3s"], ("Ah Kh 2c 3d 9s", "7s 7d 9h 4c 5c")),
    "double-omaha5": (["As Kd Qs Jh Td", "6c 8c 2d 3s 4d"], ("Ah Kh 2c 3d 9s",
                                                              "7s 7d 9h 4c 5c")),
    "badeucy": (["As 2d 3h 4c Kh", "2c 3d 4h 5s 7c"], None),
    "badacey": (["As 2d 3h 4c Kh", "2c 3d 4h 5s 7c"], None),
    "courchevel": (["As Ks Qd Jd Tc", "7c 7h 2c 2h 3d"], "Qh 2s 3h 9c Td"),
    "courchevel-hilo": (["As Ks Qd Jd Tc", "7c 7h 2c 2h 3d"], "Qh 2s 3h 9c Td"),
}


def _same(a, b):
    if isinstance(a, np.ndarray):
        return np.array_equal(a, b)
    if hasattr(a, "equity"):
        return np.array_equal(a.equity, b.equity) and a.samples == b.samples
    return a == b


@pytest.mark.parametrize("name", list(SPOTS))
def test_every_operation_by_name_and_by_game(name):
    hands, board = SPOTS[name]
    g = hr.game(name)
    rows = np.array([hr.cards(h) for h in hands])
    flat = None if board is None else np.array([hr.cards(" ".join(board) if isinstance(
        board, tuple) else board)] * len(hands))
    ops = {
        "evaluate": lambda game: hr.evaluate(hands[0], board=board, game=game),
        "evaluate_batch": lambda game: hr.evaluate_batch(rows, boards=flat, game=game),
        "describe": lambda game: hr.describe(hr.evaluate(hands[0], board=board, game=game),
                                             game=game),
        "category": lambda game: hr.category(hr.evaluate(hands[0], board=board, game=game),
                                             game=game),
        "best_five": lambda game: hr.best_five(hands[0], board=board, game=game),
        "settle": lambda game: hr.settle(board, hands, [5, 5], game=game),
        "explain": lambda game: hr.explain(hands[0], hands[1], board, game=game),
        "equity": lambda game: hr.equity(hands, board=board, game=game),
        "showdown_batch": lambda game: hr.showdown_batch(
            None if flat is None else flat[:1], rows[None], game=game),
    }
    for op, call in ops.items():
        assert _same(call(name), call(g)), op
    # the range operations: on the games of parts with boards they answer board by
    # board, the same by name and by Game; without a board they have no meaning, and
    # say so naming the operation and the game
    if not g.parts:
        return
    two = ("2c 3d 4h", "5c 6d 7h") if g.boards == 2 else "2c 3d 4h"
    a, b = (h.replace(" ", "") for h in hands)   # exact hands as one-combo ranges
    ranged = {
        "analyze": lambda game: repr(hr.analyze(a, board=two, game=game)),
        "equity_matrix": lambda game: hr.equity_matrix(a, b, board=two,
                                                       game=game).equity.tolist(),
        "range_equity": lambda game: repr(hr.range_equity(a, b, board=two, game=game)),
    }
    for op, call in ranged.items():
        if board is None:
            for game in (name, g):
                with pytest.raises(hr.UnsupportedGameError, match=f"{op} .*'{name}'"):
                    call(game)
        else:
            assert call(name) == call(g), op


def test_cli_takes_two_boards_and_the_new_games(capsys):
    assert main(["equity", "AsAd", "KcKd", "--game", "double-holdem", "--board",
                 "2c7d9h5s | Ks3c4d8h", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    r = hr.equity(["AsAd", "KcKd"], board="2c7d9h5s | Ks3c4d8h", game="double-holdem")
    assert [p["equity"] for p in out["players"]] == r.equity.tolist()
    assert [p["board 2"] for p in out["players"]] == r.shares[1].tolist()
    assert main(["equity", "As2d3h", "2c3d4h5s", "--game", "badacey"]) == 0
    text = capsys.readouterr().out
    assert "badugi" in text and "A-5 low" in text and "scoop" in text
    assert main(["showdown", "--game", "double-holdem", "--board",
                 "Ah Kh 2c 3d 9s | 7s 7d 9h 4c 5c", "--hand", "As Kd", "--hand", "6c 8c",
                 "--bets", "10,11", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["payouts"] == [10, 11]
    assert [h["name"] for h in out["pots"][0]["halves"]] == ["board 1", "board 2"]
