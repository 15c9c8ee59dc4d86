"""``.to_pandas()`` of equity_matrix and draw_odds in every game that answers them.

The common columns are the same in every game; the figures are the result's
own arrays (EquityMatrix: row combo by row combo, each against every column
combo; DrawOdds: hold by hold, best first), and every column a game adds is
its halves' or parts' (matrix) or its categories' and parts' (draw_odds).
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import pytest

import handrank as hr
from handrank.core.cards import card_str

from .test_game_cells import _joined, spot

NAMES = list(hr.games())
MATRIX_COMMON = ["row", "column", "equity", "win", "tie"]
DRAW_COMMON = ["hold", "equity", "win", "tie", "expected", "draws"]


def _same(column: Any, values: np.ndarray) -> bool:
    got = np.asarray(column, dtype=np.float64)
    return got.shape == values.shape and bool(np.array_equal(got, values, equal_nan=True))


def _matrix(g: hr.Game) -> hr.EquityMatrix | None:
    a, b, a2, a3, board = spot(g)
    try:
        return hr.equity_matrix(_joined(a, a2), _joined(b, a3), board or "", game=g)
    except hr.UnsupportedGameError:
        return None


def _draw(g: hr.Game, vs: bool) -> Any:
    a, b, *_ = spot(g)
    try:
        return hr.draw_odds(a, game=g, max_discard=2, vs=b if vs else None)
    except hr.UnsupportedGameError:
        return None


@pytest.mark.parametrize("name", NAMES)
def test_equity_matrix_frame_is_the_matrix(name: str) -> None:
    pytest.importorskip("pandas")
    g = hr.game(name)
    m = _matrix(g)
    if m is None:
        assert not g.board_cards, name        # a game with a board answers
        pytest.skip(f"{name}: no equity_matrix")
    df = m.to_pandas()
    n, k = len(m.rows), len(m.cols)
    assert len(df) == n * k
    extra: list[str] = []
    if m.high is not None and m.low is not None:
        extra += ["high", "low"]
    if m.shares is not None:
        extra += list(m.halves)
    assert list(df.columns) == MATRIX_COMMON + extra, (name, list(df.columns))
    rows = ["".join(card_str(int(c)) for c in combo) for combo in m.rows]
    cols = ["".join(card_str(int(c)) for c in combo) for combo in m.cols]
    assert df["row"].tolist() == [r for r in rows for _ in cols]
    assert df["column"].tolist() == cols * n
    for c in ("equity", "win", "tie"):
        assert _same(df[c], getattr(m, c).ravel()), (name, c)
    if m.high is not None and m.low is not None:
        assert _same(df["high"], m.high.ravel()) and _same(df["low"], m.low.ravel())
    if m.shares is not None:
        for j, part in enumerate(m.halves):
            assert _same(df[part], m.shares[j].ravel()), (name, part)
    # one pair read back by its card text
    i, j = np.argwhere(np.isfinite(m.equity))[0]
    hit = df[(df["row"] == rows[i]) & (df["column"] == cols[j])]
    assert len(hit) == 1 and float(hit["equity"].iloc[0]) == float(m.equity[i, j])


@pytest.mark.parametrize("vs", [False, True])
@pytest.mark.parametrize("name", NAMES)
def test_draw_odds_frame_is_the_odds(name: str, vs: bool) -> None:
    pytest.importorskip("pandas")
    g = hr.game(name)
    r = _draw(g, vs)
    if r is None:
        assert not (g.exchanges and not g.board_cards), name
        pytest.skip(f"{name}: no draw_odds")
    df = r.to_pandas()
    k = len(r.holds)
    assert len(df) == k
    assert list(df.columns) == [*DRAW_COMMON, *r.category_names, *r.halves], name
    assert df["hold"].tolist() == r.holds_str
    assert df["hold"].tolist() == [" ".join(card_str(c) for c in h) for h in r.holds]
    for c in ("equity", "win", "tie", "expected"):
        assert _same(df[c], np.asarray(getattr(r, c), dtype=np.float64)), (name, c)
    assert df["draws"].tolist() == [int(d) for d in r.draws]
    for j, cat in enumerate(r.category_names):
        assert _same(df[cat], r.categories[:, j]), (name, cat)
    for j, part in enumerate(r.halves):
        assert _same(df[part], r.shares[:, j]), (name, part)
    if vs:
        assert np.isfinite(df["equity"]).all(), name
    else:
        assert df["equity"].isna().all() and df["win"].isna().all(), name


def test_a_full_discard_is_the_empty_hold() -> None:
    pytest.importorskip("pandas")
    r = hr.draw_odds("2c 3d 4h 5s 7c", game="draw")
    df = r.to_pandas()
    assert "" in df["hold"].tolist()
    full = df[df["hold"] == ""]
    i = r.holds.index(())
    # the 5 cards drawn from the 47 left
    assert len(full) == 1 and int(full["draws"].iloc[0]) == int(r.draws[i]) == math.comb(47, 5)


def test_a_game_of_halves_and_parts_adds_its_columns_after_the_common_ones() -> None:
    pytest.importorskip("pandas")
    hilo = _matrix(hr.game("omaha-hilo"))
    assert hilo is not None
    assert list(hilo.to_pandas().columns) == MATRIX_COMMON + ["high", "low"]
    two = _matrix(hr.game("double-omaha"))
    assert two is not None
    assert list(two.to_pandas().columns) == MATRIX_COMMON + ["board 1", "board 2"]
    bad = hr.draw_odds("As Kd 7c 4h 2s", game="badeucy", max_discard=2,
                       vs="2c 3d 4s 5h 7s")
    cols = list(bad.to_pandas().columns)
    assert cols[:6] == DRAW_COMMON and cols[-2:] == ["badugi", "2-7 low"]
    assert "badugi: badugi" in cols and "2-7 low: high card" in cols
