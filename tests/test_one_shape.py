"""One shape for every game: the results of every operation read alike in every game.

For each game of ``hr.games()`` and each operation that answers in it, the
result is of the reference game's type (hold'em's; the draw games' for
draw_odds), its repr starts as the reference's does, its printed table and
``.to_pandas()`` columns hold the reference's columns under the same names
and in the same order, and every column beyond them is named after a half
or a part of the game (``high``, ``low``, ``board 1``, ``badugi`` ...) or is
the scoop.  So a hi-lo or a two-board game adds columns for its parts and
renames none.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest

import handrank as hr

from .test_game_cells import _joined, spot

NAMES = list(hr.games())


def calls(g: hr.Game) -> dict[str, Callable[[], Any]]:
    a, b, a2, a3, board = spot(g)
    bd = board or ""
    rng = _joined(a, a2)
    return {"equity": lambda: hr.equity([a, b], board=bd, game=g),
            "equity_range": lambda: hr.equity([rng, b], board=bd, game=g, exact=True),
            "settle": lambda: hr.settle(board, [a, b], [10, 7], game=g),
            "explain": lambda: hr.explain(a, b, board, game=g),
            "range_equity": lambda: hr.range_equity(rng, _joined(b, a3), bd, game=g),
            "equity_matrix": lambda: hr.equity_matrix(rng, _joined(b, a3), bd, game=g),
            "analyze": lambda: hr.analyze(rng, bd, game=g),
            "draw_odds": lambda: hr.draw_odds(a, game=g, max_discard=2)}


def results(name: str) -> dict[str, Any]:
    out = {}
    for op, f in calls(hr.game(name)).items():
        try:
            out[op] = f()
        except hr.UnsupportedGameError:
            continue
    return out


REFERENCE = {op: r for op, r in results("holdem").items()}
REFERENCE["draw_odds"] = results("draw")["draw_odds"]
#: draw_odds' columns in every game, before its categories and parts
DRAW_COMMON = ["hold", "equity", "win", "tie", "expected", "draws"]


def _head(r: Any) -> str:
    """The repr up to its first parenthesis: the result's name as it prints."""
    return repr(r).split("(", 1)[0]


def _table_header(r: Any) -> list[str]:
    """The printed table's column names (two spaces or more between them)."""
    return re.split(r"\s{2,}", repr(r).splitlines()[1].strip())


def _extra_ok(g: hr.Game, column: str) -> bool:
    """Whether an added column is named after one of the game's halves or parts."""
    names = set(g.halves) | {p.name for p in g.parts} | {"high", "low", "scoop"}
    return column in names or any(column == f"{n} {w}" for n in names
                                  for w in ("combos", "share"))


def _in_order(common: list[str], got: list[str]) -> bool:
    """`common` appears in `got` as it is, in order (other columns may sit between)."""
    it = iter(got)
    return all(c in it for c in common)


@pytest.mark.parametrize("name", NAMES)
def test_every_result_has_the_reference_shape(name: str) -> None:
    pd = pytest.importorskip("pandas")
    g = hr.game(name)
    got = results(name)
    # every game answers equity, settle and explain; one with a board the board ones
    assert {"equity", "equity_range", "settle", "explain"} <= set(got)
    if g.board_cards:
        assert {"range_equity", "equity_matrix", "analyze"} <= set(got)
    if g.exchanges and not g.board_cards:
        assert "draw_odds" in got
    for op, r in got.items():
        ref = REFERENCE[op]
        assert isinstance(r, type(ref)), (name, op, type(r))
        if op == "explain":
            continue        # one sentence a half: tests/test_game_cells.py
        assert _head(r) == _head(ref), (name, op, repr(r)[:80])
        if op.startswith("equity") and op != "equity_matrix":
            head, ref_head = _table_header(r), _table_header(ref)
            assert head[:len(ref_head)] == ref_head, (name, op, head)
            assert all(_extra_ok(g, c) for c in head[len(ref_head):]), (name, op, head)
        if hasattr(ref, "to_pandas"):
            cols = list(r.to_pandas().columns)
            ref_cols = list(ref.to_pandas().columns)
            assert isinstance(r.to_pandas(), pd.DataFrame)
            if op == "draw_odds":
                # the common columns, then the game's own categories and parts
                ref_cols = ref_cols[:len(DRAW_COMMON)]
                assert cols == [*DRAW_COMMON, *r.category_names, *r.halves], (name, cols)
                continue
            assert _in_order(ref_cols, cols), (name, op, cols, ref_cols)
            extra = [c for c in cols if c not in ref_cols]
            assert all(_extra_ok(g, c) for c in extra), (name, op, extra)
        else:
            assert not hasattr(r, "to_pandas"), (name, op)


def test_a_game_of_halves_adds_its_halves_and_keeps_the_common_names() -> None:
    # the checks above can fail: a renamed or dropped common column is caught
    pytest.importorskip("pandas")
    hilo = results("omaha-hilo")["equity"]
    assert _table_header(hilo) == ["player", "hand", "equity", "win", "tie", "high", "low"]
    assert list(hilo.to_pandas().columns) == ["player", "hand", "equity", "win", "tie",
                                              "high", "low", "scoop", "stderr"]
    assert not _in_order(["player", "hand", "equity", "win"], ["player", "equity", "hand"])
    assert not _extra_ok(hr.game("holdem"), "board 1")
    two = results("double-omaha")
    assert list(two["range_equity"].to_pandas().columns) == [
        "hand", "class", "weight", "equity", "win", "tie", "board 1", "board 2"]
    assert re.match(r"BoardAnalysis\('.*' on '.* \| .*': \d+ combos; board 1: ",
                    repr(two["analyze"]))
    # a game of one part adds nothing: its part is the pot
    wild = results("deuces-wild")["equity"]
    assert list(wild.to_pandas().columns) == ["player", "hand", "equity", "win", "tie",
                                              "stderr"]
