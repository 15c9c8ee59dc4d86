"""analyze, equity_matrix and range_equity in the double-board games, against the rules.

The oracle (tests/_rules_oracle.py) ranks every hand from the rule book; here
every deal of a small spot is listed with itertools: each board's missing
cards from the cards no one holds, each board half of the pot to its best
hand (ties split that half), a scoop when one player takes both halves alone.
"""

from __future__ import annotations

import functools
import itertools
from typing import Any

import numpy as np
import pytest

import handrank as hr
from handrank.ranges.omaha import OmahaRange

from ._rules_oracle import holdem_key, omaha_key, shares

KEYS = {"double-holdem": holdem_key, "double-omaha": omaha_key, "double-omaha5": omaha_key}


def brute(name: str, hands: list[list[int]], boards: list[list[int]], dead: list[int]
          ) -> dict[str, Any]:
    """Player 0's pot share, scoop and part-of-the-pot probabilities and each board's share,
    over every deal of the boards' missing cards."""
    return _brute(name, tuple(tuple(sorted(h)) for h in hands), tuple(tuple(b) for b in boards),
                  tuple(dead))


@functools.cache
def _brute(name: str, hands_t: tuple[tuple[int, ...], ...],
           boards_t: tuple[tuple[int, ...], ...], dead: tuple[int, ...]) -> dict[str, Any]:
    hands = [list(h) for h in hands_t]
    boards = [list(b) for b in boards_t]
    key = KEYS[name]
    gone = {c for h in hands for c in h} | {c for b in boards for c in b} | set(dead)
    stub = [c for c in range(52) if c not in gone]
    need = [5 - len(b) for b in boards]
    pot = scoop = part = 0.0
    halves = [0.0, 0.0]
    n = 0
    for first in itertools.combinations(stub, need[0]):
        rest = [c for c in stub if c not in first]
        for second in itertools.combinations(rest, need[1]):
            full = [boards[0] + list(first), boards[1] + list(second)]
            s = [shares([key(h, b) for h in hands]) for b in full]
            mine = [s[0][0], s[1][0]]
            share = sum(mine) / 2
            pot += share
            halves[0] += mine[0]
            halves[1] += mine[1]
            scoop += mine == [1.0, 1.0]
            part += 0 < share < 1
            n += 1
    return {"equity": pot / n, "win": scoop / n, "tie": part / n,
            "shares": [halves[0] / n, halves[1] / n]}


SPOTS = [
    # a turn on each board (both boards deal), and a turn beside a full board
    ("double-holdem", ["As Ah", "Kd Kc"], "Ks 7d 2c 9h | 8h 6h 3c 4s", ["As Ah", "Qh Jh"],
     ["Kd Kc", "Ts 9s"]),
    ("double-holdem", ["Ad Kd", "Qs Js"], "Ks Td 2c 5h | 8h 6h 3c 4s 2d", ["7d 7c"],
     ["Qs Js", "9c 9d", "Kh 2h"]),
    ("double-omaha", ["As Ah Kd Qd", "7c 7h 6s 5s"], "Ks 7d 2c 9h | 8h 6h 3c 4s Jc",
     ["As Ah Kd Qd"], ["7c 7h 6s 5s", "Td Tc 9s 8s"]),
    ("double-omaha5", ["As Ah Kd Qd 2s", "7c 7h 6s 5s 4d"], "Ks 7d 2c 9h Tc | 8h 6h 3c 4s",
     ["As Ah Kd Qd 2s"], ["7c 7h 6s 5s 4d"]),
]


@pytest.mark.parametrize(("name", "pair", "board", "rows", "cols"), SPOTS)
def test_equity_matrix_is_every_deal_of_each_pair(name: str, pair: list[str], board: str,
                                                  rows: list[str], cols: list[str]) -> None:
    bds = [hr.cards(b) for b in board.split("|")]
    text_r = ",".join(r.replace(" ", "") for r in rows)
    text_c = ",".join(c.replace(" ", "") for c in cols)
    m = hr.equity_matrix(text_r, text_c, board, game=name)
    by_game = hr.equity_matrix(text_r, text_c, board, game=hr.game(name))
    assert np.array_equal(m.equity, by_game.equity, equal_nan=True)
    assert np.array_equal(m.shares, by_game.shares, equal_nan=True)
    assert m.halves == ("board 1", "board 2")
    assert m.equity.shape == (len(rows), len(cols)) and m.shares is not None
    # the rows and columns in the ranges' order: the same combos as given
    assert sorted(sorted(int(x) for x in r) for r in m.rows) == sorted(
        sorted(hr.cards(r)) for r in rows)
    assert sorted(sorted(int(x) for x in c) for c in m.cols) == sorted(
        sorted(hr.cards(c)) for c in cols)
    for i, r in enumerate(m.rows):
        for j, c in enumerate(m.cols):
            a, b = [int(x) for x in r], [int(x) for x in c]
            if set(a) & set(b) or set(a + b) & {x for bd in bds for x in bd}:
                assert np.isnan(m.equity[i, j]) and np.isnan(m.shares[:, i, j]).all()
                continue
            w = brute(name, [a, b], bds, [])
            assert m.equity[i, j] == pytest.approx(w["equity"], abs=1e-12)
            assert m.win[i, j] == pytest.approx(w["win"], abs=1e-12)
            assert m.tie[i, j] == pytest.approx(w["tie"], abs=1e-12)
            assert np.allclose(m.shares[:, i, j], w["shares"], rtol=0, atol=1e-12)
    # the one pair of exact hands, as hr.equity gives it
    e = hr.equity(pair, board=board, game=name, exact=True)
    one = hr.equity_matrix(pair[0], pair[1], board, game=name)
    assert one.equity[0, 0] == pytest.approx(float(e.equity[0]), abs=1e-12)


@pytest.mark.parametrize(("name", "pair", "board", "rows", "cols"), SPOTS)
def test_range_equity_weighs_the_pairs_it_can_meet(name: str, pair: list[str], board: str,
                                                   rows: list[str], cols: list[str]) -> None:
    bds = [hr.cards(b) for b in board.split("|")]
    hero = ",".join(r.replace(" ", "") for r in rows)
    villain = ",".join(c.replace(" ", "") for c in cols)
    r = hr.range_equity(hero, villain, board, game=name)
    gone = {x for bd in bds for x in bd}
    live = [h for h in rows if not set(hr.cards(h)) & gone]
    assert len(r.combos) == len(live) and r.shares is not None
    total_w = total_eq = 0.0
    for k, combo in enumerate(r.combos):
        a = [int(x) for x in combo]
        met = [hr.cards(c) for c in cols if not set(hr.cards(c)) & (gone | set(a))]
        got = [brute(name, [a, b], bds, []) for b in met]
        for f in ("equity", "win", "tie"):
            assert getattr(r, f)[k] == pytest.approx(np.mean([g[f] for g in got]), abs=1e-12)
        assert np.allclose(r.shares[:, k], np.mean([g["shares"] for g in got], axis=0),
                           rtol=0, atol=1e-12)
        total_w += len(got)
        total_eq += sum(g["equity"] for g in got)
    assert r.overall == pytest.approx(total_eq / total_w, abs=1e-12)
    # the same number as hr.equity with the two ranges, to the last bit
    assert r.overall == float(hr.equity([hero, villain], board=board, game=name,
                                        exact=True).equity[0])


def _category(name: str, hole: list[int], board: list[int]) -> int:
    return int(KEYS[name](hole, board)[0])


_PAIRS = ("overpair", "top_pair", "middle_pair", "bottom_pair", "underpair", "board_pair")
_NAMES = ("high_card", "one_pair", "two_pair", "three_of_a_kind", "straight", "flush",
          "full_house", "four_of_a_kind", "straight_flush")


@pytest.mark.parametrize(("name", "text", "board"), [
    ("double-holdem", "AA,KK,QhJh,76s,T9", "Ks 7d 2c | 9h 8h 3c 4s"),
    ("double-omaha", "AsAhKdQd,7c7h6s5s,TdTc9s8s,JhJd2s2d", "Ks 7d 2c 9h | 8h 6h 3c"),
    ("double-omaha5", "AsAhKdQd2s,7c7h6s5s4d,TdTc9s8s5c", "Ks 7d 2c | 8h 6h 3c Jd Js"),
])
def test_analyze_is_each_board_alone(name: str, text: str, board: str) -> None:
    bds = [hr.cards(b) for b in board.split("|")]
    a = hr.analyze(text, board, game=name)
    b = hr.analyze(text, board, game=hr.game(name))
    assert list(a.parts) == ["board 1", "board 2"] == list(b.parts)
    assert a.to_pandas().equals(b.to_pandas())
    on_boards = {c for bd in bds for c in bd}
    for k, part in enumerate(a.parts.values()):
        assert tuple(part.board) == tuple(bds[k])
        assert (part.combos == a.combos).all()
        for combo, cls in zip(part.combos, part.classes):
            hole = [int(c) for c in combo]
            assert not set(hole) & on_boards           # no combo holds a card of a board
            cat = _category(name, hole, bds[k])
            want = "one_pair" if cls in _PAIRS else str(cls)
            assert _NAMES[cat] == want, (hr.cards_str(hole), k, cls)
    # the fields of the result are the first board's, and rows add each board's columns
    assert a.counts == a.parts["board 1"].counts
    cols = list(a.to_pandas().columns)
    assert cols == ["name", "kind", "combos", "share", "board 1 combos", "board 1 share",
                    "board 2 combos", "board 2 share"]
    # every combo of the range that holds no board card is sorted on both boards
    listed = {tuple(sorted(int(c) for c in h)) for h in
              (hr.Range(text).arrays()[0] if hr.game(name).hole_cards == 2
               else OmahaRange(text).hands)}
    live = {h for h in listed if not set(h) & on_boards}
    assert {tuple(sorted(int(c) for c in h)) for h in a.combos} == live


def test_board_errors_name_the_board_and_the_game() -> None:
    with pytest.raises(hr.InvalidHandError, match="deals 2 boards"):
        hr.analyze("AA", "Ks 7d 2c", game="double-holdem")
    with pytest.raises(hr.InvalidHandError, match="deals 2 boards"):
        hr.range_equity("AA", "KK", "Ks 7d 2c", game="double-holdem")
    with pytest.raises(hr.InvalidHandError, match="duplicate card 'Ks'"):
        hr.equity_matrix("AA", "QQ", "Ks 7d 2c | Ks 8h 3c", game="double-holdem")
    with pytest.raises(hr.InvalidRangeError, match="4-card hands, double-omaha5 deals 5"):
        hr.range_equity("AsAhKdQd", "7c7h6s5s4d", "Ks 7d 2c | 8h 6h 3c", game="double-omaha5")
    with pytest.raises(hr.InvalidRangeError, match="too large for double-holdem"):
        hr.equity_matrix("random", "random", "", game="double-holdem")
