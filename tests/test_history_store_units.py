"""The stores keep each hand's unit (currency or chips): ``player_stats`` and
``handrank stats`` never add amounts of different currencies."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from handrank.cli import main
from handrank.history import read, summary

from .test_history_cli_more import EUR_HAND, two_currencies  # noqa: F401  (a fixture)

duckdb = pytest.importorskip("duckdb")

from handrank.history.store import player_stats, to_duckdb, to_parquet  # noqa: E402


@pytest.fixture()
def two_hands(two_currencies: Path) -> Path:  # noqa: F811
    """history's folder of the one hand in euros and in dollars, the dollar copy
    given another hand id: the store keeps one hand per site and id."""
    usd = two_currencies / "usd.txt"
    text = usd.read_text(encoding="utf-8")
    assert text.count("#85998509763") == 1
    usd.write_text(text.replace("#85998509763", "#85998509764"), encoding="utf-8")
    return two_currencies


def _alone() -> dict[str, dict[str, Any]]:
    """The EUR hand's net per player, from its replay (cents, before rake: the
    store's ``net``; the summary's ``net`` is after rake)."""
    h = next(iter(read(EUR_HAND)))
    rp = h.replay()
    assert rp.net is not None and h.players
    return {p: {"net": rp.net[i]} for i, p in enumerate(h.players)}


def test_duckdb_keeps_the_unit_and_stats_never_add_currencies(
        two_hands: Path, tmp_path: Path) -> None:
    db = tmp_path / "h.duckdb"
    r = to_duckdb(two_hands, db)
    assert (r.added, r.refused) == (2, 0), r.refusals
    con = duckdb.connect(str(db), read_only=True)
    try:
        units = dict(con.execute("SELECT file, unit FROM hands").fetchall())
    finally:
        con.close()
    assert {Path(f).name: u for f, u in units.items()} == {"eur.txt": "EUR cents",
                                                           "usd.txt": "USD cents"}
    alone = _alone()
    s = summary(str(two_hands))
    assert sorted(s.units) == ["EUR cents", "USD cents"]
    table = player_stats(db)
    assert table.units == ["EUR cents", "USD cents"]
    assert len(table.rows) == 2 * len(alone)
    for r in table.rows:
        assert r["net"] == Decimal(alone[r["player"]]["net"]), r
        assert set(s.totals(unit=r["unit"])) == set(alone)
        assert r["hands"] == 1
    by_unit = {u: {r["player"]: r for r in table.rows if r["unit"] == u}
               for u in table.units}
    assert set(by_unit["EUR cents"]) == set(by_unit["USD cents"]) == set(alone)
    # the same hand in each currency: each unit's row equals the other's but for its unit
    for p, eur in by_unit["EUR cents"].items():
        assert {k: v for k, v in eur.items() if k != "unit"} == \
            {k: v for k, v in by_unit["USD cents"][p].items() if k != "unit"}
    # sorted by unit, then by net (largest first)
    assert [r["unit"] for r in table.rows] == sorted(r["unit"] for r in table.rows)
    for u in table.units:
        nets = [r["net"] for r in table.rows if r["unit"] == u]
        assert nets == sorted(nets, reverse=True)
    one = player_stats(db, player=next(iter(alone)), by_position=True)
    assert [r["unit"] for r in one.rows] == ["EUR cents", "USD cents"]


def test_parquet_keeps_the_unit(two_hands: Path, tmp_path: Path) -> None:
    pq = pytest.importorskip("pyarrow.parquet")
    out = tmp_path / "pq"
    r = to_parquet(two_hands, out)
    assert (r.added, r.refused) == (2, 0), r.refusals
    hands = pq.read_table(out / "hands").to_pylist()
    results = pq.read_table(out / "results").to_pylist()
    unit = {h["hid"]: h["unit"] for h in hands}
    assert sorted(unit.values()) == ["EUR cents", "USD cents"]
    nets: dict[tuple[str, str], Decimal] = {}
    for row in results:
        k = (unit[row["hid"]], row["player"])
        nets[k] = nets.get(k, Decimal(0)) + row["net"]
    alone = _alone()
    assert nets == {(u, p): Decimal(t["net"]) for u in ("EUR cents", "USD cents")
                    for p, t in alone.items()}
    # the same query as player_stats over the Parquet tables: a row per player and unit
    con = duckdb.connect()
    try:
        got = con.execute(
            "SELECT h.unit, r.player, sum(r.net) FROM read_parquet(?) r "
            "JOIN read_parquet(?) h USING (hid) GROUP BY ALL ORDER BY ALL",
            [str(out / "results" / "*.parquet"), str(out / "hands" / "*.parquet")]).fetchall()
    finally:
        con.close()
    assert {(u, p): v for u, p, v in got} == nets


def _run(capsys: pytest.CaptureFixture[str], argv: list[str]) -> tuple[int, str, str]:
    status = main(argv)
    out, err = capsys.readouterr()
    return status, out, err


def test_cli_stats_prints_a_row_per_player_and_currency(
        capsys: pytest.CaptureFixture[str], two_hands: Path,
        tmp_path: Path) -> None:
    db = str(tmp_path / "h.duckdb")
    assert to_duckdb(two_hands, db).added == 2
    status, out, err = _run(capsys, ["stats", db])
    assert status == 0, err
    lines = out.splitlines()
    assert lines[0].split()[:4] == ["unit", "player", "hands", "net"]
    alone = _alone()
    rows = [ln.split() for ln in lines[1:-1]]
    assert len(rows) == 2 * len(alone)
    got = {(f"{r[0]} {r[1]}", r[2]): Decimal(r[4].replace(",", "")) for r in rows}
    assert got == {(u, p): Decimal(t["net"]) for u in ("EUR cents", "USD cents")
                   for p, t in alone.items()}
    assert lines[-1].startswith("net in each row's unit (EUR cents, USD cents), never added")
    import json
    status, out, _ = _run(capsys, ["stats", db, "--json"])
    js = json.loads(out)
    assert status == 0 and sorted({r["unit"] for r in js}) == ["EUR cents", "USD cents"]


def test_one_currency_prints_as_before(capsys: pytest.CaptureFixture[str],
                                       tmp_path: Path) -> None:
    db = str(tmp_path / "h.duckdb")
    assert to_duckdb(EUR_HAND, db).added == 1
    status, out, err = _run(capsys, ["stats", db])
    assert status == 0, err
    lines = out.splitlines()
    assert lines[0].split()[:4] == ["player", "hands", "net", "bb/100"]    # no unit column
    alone = _alone()
    assert {ln.split()[0]: Decimal(ln.split()[2].replace(",", "")) for ln in lines[1:-1]} \
        == {p: Decimal(t["net"]) for p, t in alone.items()}
    assert lines[-1].startswith("net in EUR cents (the records' unit)")


def test_stats_of_a_parquet_store(two_hands: Path, tmp_path: Path,
                                  capsys: pytest.CaptureFixture[str]) -> None:
    db, out = tmp_path / "h.duckdb", tmp_path / "pq"
    to_duckdb(two_hands, db)
    to_parquet(two_hands, out)
    want, got = player_stats(db), player_stats(out)
    assert got.units == want.units == ["EUR cents", "USD cents"]
    assert got.rows == want.rows
    assert player_stats(out, player="mofdis", by_position=True).rows == \
        player_stats(db, player="mofdis", by_position=True).rows
    status, text, err = _run(capsys, ["stats", str(out)])
    assert status == 0 and text.splitlines()[0].split()[:2] == ["unit", "player"], err
    (out / "store_info.json").write_text('{"schema_version": 1}\n')
    with pytest.raises(ValueError, match="layout"):
        player_stats(out)
    with pytest.raises(ValueError, match="not a Parquet hand store"):
        player_stats(tmp_path)


def test_phh_currency_is_the_unit(tmp_path: Path) -> None:
    """A PHH hand's ``currency`` is its unit ("USD"), one without is in chips: as the
    summary names them."""
    import random

    from handrank.history._generate import hand_text
    rng = random.Random(3)
    (tmp_path / "usd.phh").write_text(hand_text(rng) + "currency = 'USD'\n")
    (tmp_path / "chips.phh").write_text(hand_text(rng))
    db = tmp_path / "h.duckdb"
    assert to_duckdb(tmp_path, db).added == 2
    assert sorted(summary(str(tmp_path)).units) == ["USD", "chips"]
    table = player_stats(db)
    assert table.units == ["USD", "chips"]
    want: dict[tuple[str, str], Decimal] = {}
    for name, u in (("usd.phh", "USD"), ("chips.phh", "chips")):
        h = next(iter(read(tmp_path / name)))
        rp = h.replay()
        assert rp.net is not None
        for i, v in enumerate(rp.net):
            want[(u, h.players[i] if h.players else f"p{i + 1}")] = Decimal(v)
    assert {(r["unit"], r["player"]): r["net"] for r in table.rows} == want


def test_ctrl_c_inside_the_statistics_query_is_a_keyboard_interrupt(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """DuckDB stops a query on SIGINT with its own 'Query interrupted' error:
    player_stats gives it back as KeyboardInterrupt, as to_duckdb does."""
    duckdb = pytest.importorskip("duckdb")
    from handrank.history import store

    class Stopped:
        def execute(self, *a: object, **k: object) -> object:
            raise duckdb.InterruptException("INTERRUPT Error: Query interrupted")

        def close(self) -> None:
            pass

    monkeypatch.setattr(duckdb, "connect", lambda *a, **k: Stopped())
    monkeypatch.setattr(store, "_check_store", lambda *a, **k: None)
    db = tmp_path / "hands.duckdb"
    db.write_bytes(b"")                      # a file, so the call reaches the query
    with pytest.raises(KeyboardInterrupt):
        store.player_stats(db)
