"""PQL's spots own how their game deals: the planner and the evaluator ask
the spot (its methods, ``Spot.offers``) and never test a kind or a game name.

The rows of every query are checked elsewhere (tests/test_pql*.py); here the
shape: which class serves each game, what each offers, and that no PQL module
reads a spot's kind.
"""

from __future__ import annotations

import ast
import pathlib

import pytest

import handrank as hr
from handrank.pql import FUNCTIONS, GAMES
from handrank.pql._plan import BY_ARITY
from handrank.pql._spot import (
    BOARD,
    HOLDEM,
    STUD,
    BoardSpot,
    HoldemSpot,
    OmahaSpot,
    Spot,
    StudSpot,
    build_spot,
)

PQL = pathlib.Path(hr.__file__).resolve().parent / "pql"


def kind_reads(source: str) -> list[int]:
    """Lines where `source` reads a ``kind`` of something named spot
    (``spot.kind``, ``self.spot.kind``, ``ctx.spot.kind``) or compares a
    ``self.kind`` with a dealing kind."""
    out = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Attribute) and node.attr == "kind":
            v = node.value
            named = v.id if isinstance(v, ast.Name) else v.attr if isinstance(v, ast.Attribute) \
                else ""
            if "spot" in named:
                out.append(node.lineno)
        if isinstance(node, ast.Compare):
            for c in [node.left, *node.comparators]:
                if isinstance(c, ast.Constant) and c.value in ("studlike", "shared", "pick2"):
                    out.append(node.lineno)
    return sorted(set(out))


def test_the_kind_reader_flags_each_spelling() -> None:
    assert kind_reads("if spot.kind == 'x':\n    pass\n") == [1]
    assert kind_reads("x = ctx.spot.kind\n") == [1]
    assert kind_reads("if self.kind != 'pick2':\n    pass\n") == [1]
    assert kind_reads("if s.kind == 'avg':\n    pass\n") == []      # a selector's kind


@pytest.mark.parametrize("path", sorted(PQL.glob("*.py")), ids=lambda p: p.name)
def test_no_pql_module_reads_a_spot_kind(path: pathlib.Path) -> None:
    assert kind_reads(path.read_text(encoding="utf-8")) == []


def test_a_spot_has_no_kind() -> None:
    spot = build_spot("", [("game", "holdem", 0), ("hero", "AA", 0)])
    assert not hasattr(spot, "kind")


@pytest.mark.parametrize("name", sorted(GAMES))
def test_each_game_is_served_by_its_spot_class(name: str) -> None:
    hr_name, cls = GAMES[name]
    assert issubclass(cls, Spot) and cls is not Spot and cls is not BoardSpot
    spot = build_spot("", [("game", name, 0), ("hero", "*", 0), ("villain", "*", 0)])
    assert type(spot) is cls and spot.game == hr.game(hr_name)
    # a board game offers a board, stud its streets; hold'em hands only with two cards
    assert (BOARD in spot.offers) == (spot.board_cards > 0)
    assert (STUD in spot.offers) == (spot.board_cards == 0)
    assert (HOLDEM in spot.offers) == (BOARD in spot.offers and spot.hole == 2)


def test_the_classes_offer_what_the_functions_need() -> None:
    offered = HoldemSpot.offers | OmahaSpot.offers | StudSpot.offers
    needs = {n for f in [*FUNCTIONS.values(), *BY_ARITY.values()] for n in f.needs}
    assert needs == offered == {BOARD, HOLDEM, STUD}
