"""Tracker statistics (handrank.history.stats) and the database stores (.store).

The statistics are checked on hands written for the purpose, each count
worked out by hand from PokerTracker 4's definitions (the module docstring
states them); the stores against the replay of every hand they hold: the
money in the tables is the replay's, to the chip, and chips are conserved.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
from decimal import Decimal
from pathlib import Path

import pytest

from handrank.history import Hand
from handrank.history._generate import hand_text
from handrank.history.stats import hand_stats, positions, stat_names

DATA = Path(os.environ.get("HANDRANK_PHH_DATA", Path(__file__).resolve().parents[2]
                           / "shared" / "data" / "phh"))

HOLES = ["d dh p1 3c4d", "d dh p2 QsQc", "d dh p3 5h6h", "d dh p4 7c8d", "d dh p5 9sTs",
         "d dh p6 AcAd"]


def six(actions: list[str]) -> Hand:
    return Hand(variant="NT", starting_stacks=[200] * 6, antes=[0] * 6,
                blinds_or_straddles=[1, 2, 0, 0, 0, 0], min_bet=2,
                actions=HOLES + actions)


def got(stats: dict[str, int], name: str) -> tuple[int, int]:
    return stats[name], stats[name + "_opportunities"]


def test_positions():
    assert positions(2) == ["BB", "BTN"]
    assert positions(3) == ["SB", "BB", "BTN"]
    assert positions(6) == ["SB", "BB", "UTG", "UTG+1", "CO", "BTN"]
    assert positions(9) == ["SB", "BB", "UTG", "UTG+1", "UTG+2", "UTG+3", "HJ", "CO", "BTN"]


def test_steal_and_fold_to_steal():
    h = six(["p3 f", "p4 f", "p5 f", "p6 cbr 5", "p1 f", "p2 f"])
    st = hand_stats(h)
    utg, _, co, btn, sb, bb = st[2], st[3], st[4], st[5], st[0], st[1]
    assert got(btn, "steal") == (1, 1) and got(btn, "vpip") == (1, 1)
    assert got(btn, "pfr") == (1, 1)
    assert got(co, "steal") == (0, 1)
    assert got(utg, "steal") == (0, 0)              # not a stealing seat
    assert got(sb, "steal") == (0, 0)               # a raise is in already
    assert got(sb, "three_bet") == (0, 1)
    assert got(bb, "fold_to_steal") == (1, 1) and got(bb, "vpip") == (0, 1)
    for s in st:                                    # nobody saw a flop
        assert got(s, "wtsd") == (0, 0) and got(s, "cbet_flop") == (0, 0)


def test_three_bet_fold_to_three_bet_four_bet():
    h = six(["p3 cbr 6", "p4 f", "p5 cbr 18", "p6 f", "p1 f", "p2 f", "p3 f"])
    st = hand_stats(h)
    utg, co = st[2], st[4]
    assert got(utg, "pfr") == (1, 1) and got(utg, "three_bet") == (0, 0)
    assert got(utg, "fold_to_three_bet") == (1, 1)
    assert got(utg, "four_bet") == (0, 1)
    assert got(co, "three_bet") == (1, 1)
    assert got(co, "steal") == (0, 0)               # a raise was in: not a steal
    for s in (st[5], st[0], st[1]):                 # faced the 3-bet cold
        assert got(s, "four_bet") == (0, 1) and got(s, "three_bet") == (0, 0)
        assert got(s, "fold_to_three_bet") == (0, 0)
    assert got(st[3], "three_bet") == (0, 1)        # UTG+1 faced the open


def test_cbets_showdown_and_aggression():
    h = six(["p3 f", "p4 f", "p5 f", "p6 cbr 5", "p1 f", "p2 cc",
             "d db AhKd2c", "p2 cc", "p6 cbr 6", "p2 cc",
             "d db 7s", "p2 cc", "p6 cbr 15", "p2 cc",
             "d db 9h", "p2 cc", "p6 cc", "p2 sm QsQc", "p6 sm AcAd"])
    net = h.replay().net
    assert net == [-1, -26, 0, 0, 0, 27]
    st = hand_stats(h, h.replay().payouts)
    btn, bb = st[5], st[1]
    assert got(btn, "cbet_flop") == (1, 1) and got(btn, "cbet_turn") == (1, 1)
    assert got(btn, "cbet_river") == (0, 1)
    assert got(bb, "fold_to_cbet_flop") == (0, 1) and got(bb, "fold_to_cbet_turn") == (0, 1)
    assert got(bb, "fold_to_cbet_river") == (0, 0)  # no c-bet on the river
    assert got(bb, "cbet_flop") == (0, 0)
    assert got(bb, "fold_to_steal") == (0, 1) and got(bb, "vpip") == (1, 1)
    assert got(btn, "wtsd") == (1, 1) and got(btn, "wsd") == (1, 1)
    assert got(btn, "wwsf") == (1, 1)
    assert got(bb, "wtsd") == (1, 1) and got(bb, "wsd") == (0, 1) and got(bb, "wwsf") == (0, 1)
    assert (btn["aggression_bets"], btn["aggression_calls"], btn["aggression_folds"]) == (2, 0, 0)
    assert (bb["aggression_bets"], bb["aggression_calls"], bb["aggression_folds"]) == (0, 2, 0)
    for s in (st[0], st[2], st[3], st[4]):
        assert got(s, "wtsd") == (0, 0)             # folded before the flop


def test_a_walk_is_no_opportunity():
    h = six(["p3 f", "p4 f", "p5 f", "p6 f", "p1 f"])
    st = hand_stats(h)
    assert got(st[1], "vpip") == (0, 0)             # the big blind never acted
    assert got(st[0], "steal") == (0, 1)            # the small blind could have stolen
    assert got(st[0], "vpip") == (0, 1)


def test_heads_up_button_is_the_small_blind():
    h = Hand(variant="NT", starting_stacks=[100, 100], blinds_or_straddles=[2, 1],
             antes=[0, 0], min_bet=2,
             actions=["d dh p1 AsAd", "d dh p2 KsKd", "p2 cbr 6", "p1 f"])
    st = hand_stats(h)
    assert got(st[1], "steal") == (1, 1)
    assert got(st[0], "fold_to_steal") == (1, 1)


def test_absent_where_meaningless():
    stud = Hand(variant="F7S", starting_stacks=[100, 100], antes=[1, 1], bring_in=1,
                small_bet=2, big_bet=4,
                actions=["d dh p1 ????2c", "d dh p2 ????Kd", "p1 pb 1", "p2 cbr 2", "p1 f"])
    assert stat_names(stud) == ()
    st = hand_stats(stud)
    assert "vpip" not in st[0] and "wtsd" not in st[0]
    assert st[1]["aggression_bets"] == 1 and st[0]["aggression_folds"] == 1
    draw = Hand(variant="F2L3D", starting_stacks=[100, 100], blinds_or_straddles=[1, 2],
                antes=[0, 0], small_bet=2, big_bet=4, actions=["d dh p1 ??????????",
                                                                "d dh p2 ??????????", "p2 f"])
    names = stat_names(draw)
    assert "vpip" in names and "steal" in names and "cbet_flop" not in names


# --- the stores -----------------------------------------------------------------

duckdb = pytest.importorskip("duckdb")
pytest.importorskip("pyarrow")

from handrank.history.store import (  # noqa: E402
    SCHEMA,
    player_stats,
    to_duckdb,
    to_parquet,
)


@pytest.fixture(scope="module")
def corpus(tmp_path_factory):
    """Three files of generated hands (one with side pots), a bad file and a copy."""
    d = tmp_path_factory.mktemp("hands")
    rng = random.Random(7)
    (d / "a.phhs").write_text("".join(f"[{i}]\n{hand_text(rng)}\n" for i in range(60)))
    (d / "b.phhs").write_text("".join(
        f"[{i}]\n{hand_text(rng, seats=3, stacks=[900, 2500, 6000])}\n" for i in range(40)))
    (d / "sub").mkdir()
    (d / "sub" / "c.phh").write_text(hand_text(rng, seats=3))
    (d / "bad.phh").write_bytes(b"variant = 'NT'\n\xff\xfe broken\n")
    return d


def _hands(db):
    con = duckdb.connect(str(db), read_only=True)
    try:
        return {t: con.execute(f"SELECT * FROM {t}").fetchall() for t in SCHEMA}
    finally:
        con.close()


def test_duckdb_import_is_exact_and_appends_once(corpus, tmp_path):
    db = tmp_path / "h.duckdb"
    r = to_duckdb(corpus, db)
    assert (r.files, r.added, r.already_present) == (4, 101, 0)
    assert any("bad.phh" in str(e) for e in r.refusals)      # named, not lost
    assert (r.hands_read, r.refused) == (101, 0)             # a file, not a hand
    again = to_duckdb([corpus / "a.phhs", corpus / "sub"], db)
    assert (again.added, again.already_present, again.refused) == (0, 61, 0)
    con = duckdb.connect(str(db), read_only=True)
    try:
        assert con.execute("SELECT count(*) FROM hands").fetchone() == (101,)
        # chips are conserved in every hand, and every net is the replay's
        assert con.execute("SELECT count(*) FROM (SELECT hid, sum(net) s FROM results "
                           "GROUP BY hid) WHERE s <> 0").fetchone() == (0,)
        nets = dict(((k, s), v) for k, s, v in con.execute(
            "SELECT hid, seat, net FROM results").fetchall())
        pots = dict(con.execute("SELECT hid, sum(amount) FROM pots GROUP BY hid")
                    .fetchall())
        files = dict(((f, n), k) for k, f, n in con.execute(
            "SELECT hid, file, hand_number FROM hands").fetchall())
    finally:
        con.close()
    from handrank.history import read
    checked = 0
    for f in ("a.phhs", "b.phhs"):
        for number, h in enumerate(read(corpus / f), 1):
            key = files[(str(corpus / f), number)]
            rp = h.replay()
            for s, v in enumerate(rp.net):
                assert nets[(key, s)] == Decimal(v)
            assert pots[key] == sum(Decimal(p.amount) for p in rp.pots)
            checked += 1
    assert checked == 100


def test_parquet_holds_what_duckdb_holds(corpus, tmp_path):
    pd = pytest.importorskip("pandas")
    db, out = tmp_path / "h.duckdb", tmp_path / "pq"
    to_duckdb(corpus, db)
    r = to_parquet(corpus, out)
    assert (r.added, r.already_present) == (101, 0)
    again = to_parquet(corpus / "a.phhs", out)
    assert (again.added, again.already_present) == (0, 60)
    want = _hands(db)
    for t in SCHEMA:
        got_rows = pd.read_parquet(out / t)
        assert len(got_rows) == len(want[t]), t
    res = pd.read_parquet(out / "results")
    assert sum(res["net"]) == sum(row[6] for row in want["results"])


def test_decimal_stakes_stay_decimal(tmp_path):
    text = ("variant = 'NT'\nantes = [0, 0, 0]\nblinds_or_straddles = [0.1, 0.25, 0]\n"
            "min_bet = 0.25\nstarting_stacks = [10.00, 7.35, 5.10]\n"
            "actions = ['d dh p1 AsAd', 'd dh p2 KsKd', 'd dh p3 QsQd', 'p3 cbr 0.85', "
            "'p1 f', 'p2 f']\n")
    (tmp_path / "x.phh").write_text(text)
    db = tmp_path / "d.duckdb"
    r = to_duckdb(tmp_path / "x.phh", db)
    assert r.added == 1, r.refusals
    con = duckdb.connect(str(db), read_only=True)
    try:
        nets = [v for (v,) in con.execute("SELECT net FROM results ORDER BY seat").fetchall()]
    finally:
        con.close()
    assert nets == [Decimal("-0.1"), Decimal("-0.25"), Decimal("0.35")]


def test_player_stats_sums_the_hand_counts(corpus, tmp_path):
    db = tmp_path / "h.duckdb"
    to_duckdb(corpus, db)
    from handrank.history import read
    want: dict[str, dict[str, int]] = {}
    nets: dict[str, Decimal] = {}
    for f in ("a.phhs", "b.phhs", "sub/c.phh"):
        for h in read(corpus / f):
            rp = h.replay()
            for s, counts in enumerate(hand_stats(h, rp.payouts)):
                name = h.players[s] if h.players else f"p{s + 1}"
                acc = want.setdefault(name, {})
                for k, v in counts.items():
                    acc[k] = acc.get(k, 0) + v
                nets[name] = nets.get(name, Decimal(0)) + Decimal(rp.net[s])
    table = player_stats(db)
    assert {r["player"] for r in table.rows} == set(want)
    for r in table.rows:
        assert r["net"] == nets[r["player"]]
        for k in ("vpip", "pfr", "three_bet", "steal", "cbet_flop", "wtsd", "wsd"):
            assert (r[k], r[k + "_opportunities"]) == (want[r["player"]][k],
                                                      want[r["player"]][k + "_opportunities"])
    assert [r["net"] for r in table.rows] == sorted((r["net"] for r in table.rows),
                                                    reverse=True)
    one = player_stats(db, player=table.rows[0]["player"], by_position=True)
    assert sum(r["hands"] for r in one.rows) == table.rows[0]["hands"]


def test_cli_stats(corpus, tmp_path):
    db = tmp_path / "h.duckdb"
    to_duckdb(corpus, db)
    run = [sys.executable, "-m", "handrank", "stats"]
    out = subprocess.run(run + [str(db)], capture_output=True, text=True, check=True)
    assert out.stdout.splitlines()[0].split()[:4] == ["player", "hands", "net", "bb/100"]
    bad = subprocess.run(run + [str(tmp_path / "none.duckdb")], capture_output=True, text=True)
    assert bad.returncode == 2 and "Traceback" not in bad.stderr and "none.duckdb" in bad.stderr


@pytest.mark.skipif(not (DATA / "pluribus").is_dir(), reason="real PHH data not present")
def test_real_hands_conserve_chips(tmp_path):
    db = tmp_path / "p.duckdb"
    r = to_duckdb(DATA / "pluribus" / "100", db)
    assert r.refused == 0 and r.added == r.hands_read > 0
    con = duckdb.connect(str(db), read_only=True)
    try:
        assert con.execute("SELECT count(*) FROM (SELECT hid, sum(net) s FROM results "
                           "GROUP BY hid) WHERE s <> 0").fetchone() == (0,)
    finally:
        con.close()


def _dump(db):
    con = duckdb.connect(str(db), read_only=True)
    try:
        out = {}
        for t, cols in SCHEMA.items():
            # hid is the store's own number (the order hands were written in): each
            # hand compared by its identity, hand_key
            if t == "hands":
                q = "SELECT * EXCLUDE (hid) FROM hands ORDER BY hand_key"
            else:
                q = (f"SELECT h.hand_key, t.* EXCLUDE (hid) FROM {t} t JOIN hands h "
                     f"USING (hid) ORDER BY h.hand_key, t.{cols[1][0]}")
            out[t] = con.execute(q).fetchall()
        return out
    finally:
        con.close()


def test_fast_import_equals_the_python_path(tmp_path, monkeypatch):
    """The whole-column import of fast hands writes the rows the replay of each hand
    writes (every table, every column, row by row), and appends without duplicates."""
    from handrank.history import fast, store
    if not fast.available():
        pytest.skip("the C core is not loaded")
    d = tmp_path / "in"
    d.mkdir()
    rng = random.Random(31)
    (d / "a.phhs").write_text("".join(
        f"[{i}]\n{hand_text(rng, seats=rng.randrange(3, 9))}\n" for i in range(150)))
    (d / "b.phhs").write_text("".join(
        f"[{i}]\n{hand_text(rng, seats=4, stacks=[rng.randrange(150, 3000) for _ in range(4)])}"
        f"\nhand = {i}\n" for i in range(100)))
    one = hand_text(rng)
    (d / "c.phhs").write_text(f"[1]\n{one}\n[2]\n{one}\n[3]\nyear = 2020\nmonth = 1\nday = 2\n"
                              f"{hand_text(rng)}\n")          # a duplicate; a dated hand
    if (DATA / "pluribus" / "100").is_dir():
        import shutil
        shutil.copytree(DATA / "pluribus" / "100", d / "pluribus")
    got = {}
    taken = []
    real = store.fast_tables

    def counting(*args):
        tables, slow = real(*args)
        taken.append(int((~slow).sum()))
        return tables, slow
    monkeypatch.setattr(store, "fast_tables", counting)
    for fast_path in (True, False):
        monkeypatch.setattr(store, "FAST", fast_path)
        db = tmp_path / f"{fast_path}.duckdb"
        r = to_duckdb(d, db)
        assert r.refused == 0 and r.already_present == 1, r
        assert r.added == r.hands_read - 1
        got[fast_path] = _dump(db)
        again = to_duckdb(d, db)
        assert (again.added, again.already_present) == (0, r.hands_read)
    for t in SCHEMA:
        assert got[True][t] == got[False][t], t
    assert len(got[True]["hands"]) > 250
    assert sum(taken) > 200          # most hands took the whole-column path


def test_a_store_of_the_first_layout_is_refused_by_name(tmp_path):
    """A store written before the layout was recorded (hand_key in every table,
    actions.text) is refused by to_duckdb and player_stats, naming the fix."""
    db = tmp_path / "old.duckdb"
    con = duckdb.connect(str(db))
    con.execute("CREATE TABLE hands (hand_key VARCHAR PRIMARY KEY, site VARCHAR)")
    con.execute("CREATE TABLE results (hand_key VARCHAR, seat SMALLINT, player VARCHAR)")
    con.close()
    with pytest.raises(ValueError, match=r"old\.duckdb.*layout 1 .*layout 2.*new store"):
        to_duckdb([], db)
    with pytest.raises(ValueError, match=r"old\.duckdb.*layout 1 .*new store"):
        player_stats(db)
    con = duckdb.connect(str(db), read_only=True)      # left as it was
    try:
        assert {t for (t,) in con.execute("SHOW TABLES").fetchall()} == {"hands", "results"}
    finally:
        con.close()


def test_a_store_of_another_layout_or_columns_is_refused_by_name(tmp_path, corpus):
    db = tmp_path / "h.duckdb"
    to_duckdb(corpus / "a.phhs", db)
    con = duckdb.connect(str(db))
    con.execute("UPDATE store_info SET value = '3' WHERE name = 'schema_version'")
    con.close()
    with pytest.raises(ValueError, match=r"h\.duckdb.*layout 3 .*new store"):
        to_duckdb(corpus / "b.phhs", db)
    con = duckdb.connect(str(db))
    con.execute("UPDATE store_info SET value = '2' WHERE name = 'schema_version'")
    con.execute("ALTER TABLE actions ADD COLUMN text VARCHAR")
    con.close()
    with pytest.raises(ValueError, match=r"h\.duckdb.*'actions'.*new store"):
        to_duckdb(corpus / "b.phhs", db)
    old = tmp_path / "pq"
    (old / "hands").mkdir(parents=True)
    (old / "hands" / "part-00000.parquet").write_bytes(b"")
    with pytest.raises(ValueError, match=r"pq.*layout 1 .*new store"):
        to_parquet(corpus / "a.phhs", old)


def test_hands_are_numbered_once_across_appends(corpus, tmp_path):
    """hid numbers the hands 0, 1, 2 ... over every import; each child row names
    a stored hand; Parquet numbers them the same way."""
    db = tmp_path / "h.duckdb"
    first = to_duckdb(corpus / "a.phhs", db)
    second = to_duckdb(corpus, db)
    n = first.added + second.added
    con = duckdb.connect(str(db), read_only=True)
    try:
        assert con.execute("SELECT count(DISTINCT hid), min(hid), max(hid), count(*) "
                           "FROM hands").fetchone() == (n, 0, n - 1, n)
        assert con.execute("SELECT max(hid) FROM hands WHERE file LIKE '%a.phhs'"
                           ).fetchone() == (first.added - 1,)
        for t in ("seats", "actions", "pots", "results"):
            assert con.execute(f"SELECT count(*) FROM {t} WHERE hid NOT IN "
                               "(SELECT hid FROM hands)").fetchone() == (0,), t
        assert con.execute("SELECT count(*) FROM (SELECT hid, seat FROM seats "
                           "GROUP BY ALL HAVING count(*) > 1)").fetchone() == (0,)
        seats = con.execute("SELECT sum(seats) FROM hands").fetchone()[0]
        assert con.execute("SELECT count(*) FROM results").fetchone() == (seats,)
    finally:
        con.close()
    pd = pytest.importorskip("pandas")
    out = tmp_path / "pq"
    to_parquet(corpus / "a.phhs", out)
    to_parquet(corpus, out)
    hands = pd.read_parquet(out / "hands")
    assert sorted(hands["hid"]) == list(range(n))
    assert set(pd.read_parquet(out / "results")["hid"]) == set(range(n))

def test_actions_give_back_each_action_as_written(corpus, tmp_path):
    """Without a text column, seat, verb and argument still give each PHH action
    back as the file writes it (the formula the docs show)."""
    db = tmp_path / "h.duckdb"
    to_duckdb(corpus, db)
    con = duckdb.connect(str(db), read_only=True)
    try:
        got = {}
        for f, number, text in con.execute(
                "SELECT h.file, h.hand_number, list(coalesce('p' || (a.seat + 1), 'd') || ' ' "
                "|| a.verb || coalesce(' ' || a.argument, '') ORDER BY a.action_index) "
                "FROM actions a JOIN hands h USING (hid) GROUP BY ALL").fetchall():
            got[(f, number)] = text
    finally:
        con.close()
    from handrank.history import read
    checked = 0
    for f in ("a.phhs", "b.phhs"):
        for number, h in enumerate(read(corpus / f), 1):
            assert got[(str(corpus / f), number)] == list(h.actions)
            checked += 1
    assert checked == 100
