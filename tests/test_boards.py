"""handrank.boards: hand-strength tables against brute force and hr.equity."""

from __future__ import annotations

import itertools
import json
import math
import os

import numpy as np
import pytest

import handrank as hr
from handrank import boards
from handrank.index import Indexer

pytestmark = pytest.mark.skipif(hr.backend != "c", reason="handrank.boards needs the C core")

R = 5   # a reduced deck: 20 cards, ranks 2..6


@pytest.fixture(scope="module")
def river5() -> np.ndarray:
    return boards.ehs(3, _ranks=R)


def _brute_river(hands: np.ndarray, ranks: int) -> np.ndarray:
    """EHS of each (hole 2, board 5) row against every opponent pair, by evaluate_batch."""
    deck = 4 * ranks
    out = np.empty(len(hands))
    for i, row in enumerate(hands):
        left = [c for c in range(deck) if c not in row]
        opp = np.asarray(list(itertools.combinations(left, 2)), dtype=np.uint8)
        board = np.broadcast_to(row[2:], (len(opp), 5))
        me = hr.evaluate_batch(np.broadcast_to(row, (len(opp), 7)).copy())
        them = hr.evaluate_batch(np.concatenate([opp, board], axis=1))
        out[i] = ((me > them).sum() + 0.5 * (me == them).sum()) / len(opp)
    return out


def test_river_table_is_exact_on_a_reduced_deck(river5: np.ndarray) -> None:
    ix = Indexer((2, 3, 1, 1), ranks=R)
    assert river5.shape == (ix.size(3),) and river5.dtype == np.float64
    rng = np.random.default_rng(5)
    sample = rng.choice(ix.size(3), 300, replace=False)
    hands = ix.unindex_batch(sample, 3)
    assert np.allclose(river5[sample], _brute_river(hands, R), rtol=0, atol=1e-12)


def _runout_means(ix: Indexer, street: int, river: np.ndarray, bins: int, which: np.ndarray
                  ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Mean, mean square and histogram of river values over each index's runouts (numpy)."""
    n = len(which)
    hands = ix.unindex_batch(which, street)
    deck = 4 * ix.ranks
    k = 5 - (ix.cards(street) - 2)
    e, e2, h = np.empty(n), np.empty(n), np.empty((n, bins))
    for i, row in enumerate(hands):
        left = [c for c in range(deck) if c not in row]
        outs = np.asarray(list(itertools.combinations(left, k)), dtype=np.uint8)
        rows = np.concatenate([np.broadcast_to(row, (len(outs), len(row))), outs], axis=1)
        v = river[ix.index_batch(rows, 3)]
        e[i], e2[i] = v.mean(), (v * v).mean()
        b = np.minimum((v * bins).astype(int), bins - 1)
        h[i] = np.bincount(b, minlength=bins) / len(v)
    return e, e2, h


@pytest.mark.parametrize("street", [2, 1])
def test_turn_and_flop_are_means_of_the_river_table(river5: np.ndarray, street: int) -> None:
    ix = Indexer((2, 3, 1, 1), ranks=R)
    which = np.random.default_rng(street).choice(ix.size(street), 2000, replace=False)
    e, e2, h = _runout_means(ix, street, river5, 10, which)
    got_e = boards.ehs(street, _ranks=R)
    got_e2 = boards.ehs2(street, _ranks=R)
    got_h = boards.histogram(street, bins=10, _ranks=R)
    assert got_h.dtype == np.float32 and got_h.shape == (ix.size(street), 10)
    assert np.allclose(got_h.sum(axis=1), 1, atol=1e-5)
    got_e, got_e2, got_h = got_e[which], got_e2[which], got_h[which]
    assert np.allclose(got_e, e, rtol=0, atol=1e-12)
    assert np.allclose(got_e2, e2, rtol=0, atol=1e-12)
    assert np.allclose(got_h, h, rtol=0, atol=1e-6)
    assert np.allclose(got_h.sum(axis=1), 1, atol=1e-5)


def test_preflop_reduced_deck_against_equity_brute_force() -> None:
    """Preflop EHS = the exact equity against a random hand (brute force over boards)."""
    got = boards.ehs(0, _ranks=4)
    ix = Indexer((2, 3, 1, 1), ranks=4)
    hole = ix.unindex_batch(np.arange(ix.size(0)), 0)
    for i in (0, len(hole) - 1):
        left = [c for c in range(16) if c not in hole[i]]
        total = 0.0
        rows = []
        for bd in itertools.combinations(left, 5):
            rows.append((*hole[i], *bd))
        vals = _brute_river(np.asarray(rows), 4)
        total = vals.mean()
        assert abs(got[i] - total) < 1e-12


@pytest.mark.parametrize("board", ["AhKd7c2s9s", "5c5d5h5sQc", "2h3h4h5h6h", "TcJdQhKsAc"])
def test_river_values_full_deck_against_equity(board: str) -> None:
    idx, val = boards.river_values(np.asarray([hr.cards(board)]))
    b = hr.cards(board)
    holes = [(x, y) for y in range(52) for x in range(y) if x not in b and y not in b]
    assert idx.shape == val.shape == (1, 1081)
    for h in (0, 77, 540, 1080):
        res = hr.equity([hr.cards_str(holes[h]), "random"], board=board)
        assert abs(val[0, h] - float(res.equity[0])) < 1e-12
        assert idx[0, h] == hr.index.holdem.index([*holes[h], *b], 3)


def test_turn_ehs_full_deck_from_river_values_against_equity() -> None:
    """Turn EHS = the mean of the 46 river values, as hr.equity counts it exactly."""
    hole, turn = hr.cards("QsJs"), hr.cards("Ts9d2c3s")
    rivers = [c for c in range(52) if c not in hole + turn]
    bs = np.asarray([turn + [r] for r in rivers])
    _, val = boards.river_values(bs)
    left = lambda r: [c for c in range(52) if c not in turn + [r]]  # noqa: E731
    pos = [[(x, y) for y in left(r) for x in left(r) if x < y].index(tuple(sorted(hole)))
           for r in rivers]
    mean = float(np.mean([val[i, p] for i, p in enumerate(pos)]))
    res = hr.equity(["QsJs", "random"], board="Ts9d2c3s")
    assert abs(mean - float(res.equity[0])) < 1e-12


def test_bad_arguments() -> None:
    with pytest.raises(ValueError, match="street must be"):
        boards.ehs("fifth")
    with pytest.raises(ValueError, match="ehs2 is for the preflop, flop and turn"):
        boards.ehs2("river")
    with pytest.raises(ValueError, match="hist is for the preflop"):
        boards.histogram(3)
    with pytest.raises(ValueError, match="bins must be"):
        boards.histogram(2, bins=0)
    with pytest.raises(ValueError, match="what must name"):
        boards.build(2, "/nonexistent-never-made", what=("ehs", "speed"))


def _read(out: str, manifest: dict) -> dict[str, bytes]:
    return {k: open(os.path.join(out, f["path"]), "rb").read()
            for k, f in manifest["files"].items()}


def test_build_resumes_bit_identically(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(boards, "_BOARD_CHUNK", 300)
    monkeypatch.setattr(boards, "_INDEX_CHUNK", 3000)
    whole = str(tmp_path / "whole")
    m1 = boards.build("turn", whole, bins=8, _ranks=R)
    part = str(tmp_path / "part")
    for stop in (3, 4, 2):   # killed three times: in the river, then in the turn
        with pytest.raises(KeyboardInterrupt):
            boards.build("turn", part, bins=8, _ranks=R, _stop_after=stop)
    m2 = boards.build("turn", part, bins=8, _ranks=R)
    assert m1 == m2
    assert _read(whole, m1) == _read(part, m2)
    assert set(m1["files"]) == {"river_ehs", "turn_ehs", "turn_ehs2", "turn_hist"}
    loaded = json.load(open(os.path.join(part, "r5-turn_manifest.json")))
    assert loaded["sizes"]["turn"] == Indexer(ranks=R).size(2)
    assert loaded["handrank"] == hr.__version__
    e = np.load(os.path.join(part, m2["files"]["turn_ehs"]["path"]))
    assert np.array_equal(e, boards.ehs(2, _ranks=R))


def test_dask_client_gives_the_same_bits(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    distributed = pytest.importorskip("distributed")
    monkeypatch.setattr(boards, "_BOARD_CHUNK", 200)
    monkeypatch.setattr(boards, "_INDEX_CHUNK", 2000)
    local = boards.histogram(2, bins=6, _ranks=4)
    with distributed.Client(n_workers=2, threads_per_worker=1, processes=False,
                            dashboard_address=":0", silence_logs=40) as client:
        got = boards.histogram(2, bins=6, client=client, _ranks=4)
        e = boards.ehs(1, client=client, _ranks=4)
    assert np.array_equal(local, got)
    assert np.array_equal(e, boards.ehs(1, _ranks=4))
    assert math.isfinite(float(e.sum()))


def test_cli_boards_resumes_a_stopped_run(tmp_path, monkeypatch, capsys) -> None:  # type: ignore[no-untyped-def]
    from handrank import cli
    monkeypatch.setattr(boards, "_BOARD_CHUNK", 300)
    monkeypatch.setattr(boards, "_INDEX_CHUNK", 3000)
    whole, part = str(tmp_path / "whole"), str(tmp_path / "part")
    assert cli.main(["boards", "flop", "--out", whole, "--what", "ehs,hist", "--bins", "7",
                     "--ranks", str(R)]) == 0
    assert "flop_ehs.npy" in capsys.readouterr().out
    with pytest.raises(KeyboardInterrupt):   # a run stopped after five chunks
        boards.build("flop", part, what=("ehs", "hist"), bins=7, _ranks=R, _stop_after=5)
    assert cli.main(["boards", "1", "--out", part, "--what", "ehs,hist", "--bins", "7",
                     "--ranks", str(R)]) == 0
    m = json.load(open(os.path.join(part, "r5-flop_manifest.json")))
    assert m == json.load(open(os.path.join(whole, "r5-flop_manifest.json")))
    assert set(m["files"]) == {"river_ehs", "flop_ehs", "flop_hist"}
    assert cli.main(["boards", "fifth", "--out", part]) == 2
    assert "street must be" in capsys.readouterr().err
