"""The store's whole-column import (``hr_store_scan`` reading stacks, blinds, hand
numbers and the keys it leaves to the Python path; the C-built columns) against the
hand-by-hand Python path on a generated corpus: every table, every row, every value.

The corpus mixes plain generated hands with the text forms each branch of the C
reader decides on (hand numbers plain, zero-padded and not numbers; keys the fast
columns do not cover; blinds and stacks written oddly or twice; CRLF files; the
same hand twice), and is imported into a new store and then appended to.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

from handrank.history._generate import hand_text

duckdb = pytest.importorskip("duckdb")
pytest.importorskip("pyarrow")

from handrank.core import kernels  # noqa: E402
from handrank.history import fast, read, store  # noqa: E402
from handrank.history.store import SCHEMA, to_duckdb, to_parquet  # noqa: E402

if not fast.available() or kernels.store_scan(b"", np.zeros(0), np.zeros(0),
                                              np.zeros(0)) is None:
    pytest.skip("the C core is not loaded", allow_module_level=True)


def _dump(db):
    """Every table's rows, each hand named by its hand_key (hid is the store's own
    numbering, which follows the order hands were written in)."""
    con = duckdb.connect(str(db), read_only=True)
    try:
        out = {}
        for t, cols in SCHEMA.items():
            if t == "hands":
                q = "SELECT * EXCLUDE (hid) FROM hands ORDER BY hand_key"
            else:
                q = (f"SELECT h.hand_key, t.* EXCLUDE (hid) FROM {t} t JOIN hands h "
                     f"USING (hid) ORDER BY h.hand_key, t.{cols[1][0]}")
            out[t] = con.execute(q).fetchall()
        out["constraints"] = sorted(con.execute(
            "SELECT constraint_type, constraint_column_names FROM duckdb_constraints() "
            "WHERE table_name = 'hands' AND constraint_type <> 'NOT NULL'").fetchall())
        out["hids"] = con.execute("SELECT min(hid), max(hid), count(*) FROM hands"
                                  ).fetchall()
        return out
    finally:
        con.close()


def _variant(rng: random.Random, i: int) -> str:
    """A generated hand, rewritten in one of the forms the C reader decides on."""
    n = rng.randrange(3, 10)
    t = hand_text(rng, seats=n, stacks=[rng.randrange(100, 4000) for _ in range(n)])
    form = i % 12
    if form == 1:
        t += f"hand = {1000 + i}\n"
    elif form == 2:
        t += f"hand = '00{i}'\n"                        # a string: Python path
    elif form == 3:
        t += "hand = 'A17'\n"                           # a string: Python path
    elif form == 4:
        t += "site = 'Somewhere'\n" + f"hand = {i}\n"   # a site: keyed by site and id
    elif form == 5:
        t += "year = 2024\nmonth = 3\nday = 9\n"        # a date: Python path
    elif form == 6:
        t = t.replace("blinds_or_straddles = [", "blinds_or_straddles =  [")
    elif form == 7:                                     # a trailing comma
        line = t.split("blinds_or_straddles = [", 1)[1].split("]", 1)[0]
        t = t.replace(f"[{line}]", f"[{line},]", 1)
    elif form == 8:
        t = t.replace("blinds_or_straddles = [", "blinds_or_straddles = [ ")
    elif form == 9:                                     # a trailing comma
        line = t.split("starting_stacks = [", 1)[1].split("]", 1)[0]
        t = t.replace(f"[{line}]", f"[{line},]", 1)
    elif form == 10:
        t += "currency = 'USD'\n"
    return t


def _corpus(tmp_path, seed: int, count: int):
    rng = random.Random(seed)
    d = tmp_path / f"in{seed}"
    d.mkdir()
    texts = [_variant(rng, i) for i in range(count)]
    (d / "a.phhs").write_text("".join(f"[{i + 1}]\n{t}\n" for i, t in enumerate(texts)))
    # CRLF line ends, and hands already in a.phhs (the same hands: added once)
    crlf = "".join(f"[{i + 1}]\r\n{t}\r\n".replace("\n", "\r\n").replace("\r\r", "\r")
                   for i, t in enumerate(texts[:20]))
    (d / "b.phhs").write_bytes(crlf.encode())
    (d / "c.phhs").write_text("".join(f"[{i + 1}]\n{t}\n" for i, t in enumerate(texts[:15])))
    return d


def test_the_store_built_from_columns_equals_the_store_built_hand_by_hand(
        tmp_path, monkeypatch):
    taken = []
    real = store.fast_tables

    def counting(*args):
        tables, slow = real(*args)
        taken.append(int((~slow).sum()))
        return tables, slow
    monkeypatch.setattr(store, "fast_tables", counting)
    first, second = _corpus(tmp_path, 11, 240), _corpus(tmp_path, 12, 120)
    got, reports = {}, {}
    for fast_path in (True, False):
        monkeypatch.setattr(store, "FAST", fast_path)
        db = tmp_path / f"{fast_path}.duckdb"
        r1 = to_duckdb(first, db)
        r2 = to_duckdb([second, first], db)             # appended: first adds nothing
        reports[fast_path] = [(r.files, r.hands_read, r.added, r.already_present,
                               r.refused) for r in (r1, r2)]
        got[fast_path] = _dump(db)
    assert reports[True] == reports[False]
    (_, read1, added1, _, _), (_, read2, added2, present2, refused2) = reports[True]
    assert added1 == 240 and refused2 == 0
    assert present2 >= read1 and added2 == read2 - present2 > 100   # nothing doubled
    for t in got[True]:
        assert got[True][t] == got[False][t], t
    assert got[True]["constraints"] == [("PRIMARY KEY", ["hid"]), ("UNIQUE", ["hand_key"])]
    n = len(got[True]["hands"])
    assert got[True]["hids"] == [(0, n - 1, n)]
    assert sum(taken) >= 100        # forms 0, 1, 8 and 11 (a third) the whole-column way
    ids = {r[2] for r in got[True]["hands"]}        # hand_id
    assert {"1001", "002", "A17", "1013"} <= ids
    assert any(k.startswith("Somewhere:") for k in (r[0] for r in got[True]["hands"]))


def test_parquet_from_columns_equals_duckdb_hand_by_hand(tmp_path, monkeypatch):
    """The Parquet store of the same corpus holds the same rows as the DuckDB store
    written hand by hand."""
    d = _corpus(tmp_path, 13, 96)
    monkeypatch.setattr(store, "FAST", False)
    to_duckdb(d, tmp_path / "slow.duckdb")
    want = _dump(tmp_path / "slow.duckdb")
    monkeypatch.setattr(store, "FAST", True)
    to_parquet(d, tmp_path / "pq")
    con = duckdb.connect()
    for t in SCHEMA:
        parts = (tmp_path / "pq" / t / "*.parquet").as_posix()
        con.execute(f"CREATE TABLE {t} AS SELECT * FROM read_parquet('{parts}')")
    db = tmp_path / "pq.duckdb"
    con.execute(f"ATTACH '{db.as_posix()}' AS f")
    for t in SCHEMA:
        con.execute(f"CREATE TABLE f.{t} AS SELECT * FROM {t}")
    con.close()
    got = _dump(db)
    for t in SCHEMA:
        assert got[t] == want[t], t


def test_store_scan_reads_what_the_python_reader_reads(tmp_path):
    """kernels.store_scan against the Python reader, hand by hand: stacks, blinds,
    the hand number, and the flags of the forms it leaves to the Python path."""
    d = _corpus(tmp_path, 14, 120)
    hands = list(read(d / "a.phhs"))
    b = next(x for x in fast.scan([str(d / "a.phhs")]) if isinstance(x, fast.Batch))
    rec = b.rec
    stacks, blinds, hand_id, key, flags = kernels.store_scan(
        b.data, rec[:, fast.START], rec[:, fast.END], np.array([h.seats for h in hands]))
    assert len(hands) == len(rec) == 120
    for i, h in enumerate(hands):
        form = i % 12
        slow = bool(flags[i] & kernels.STORE_SLOW)
        assert slow == (form in (2, 3, 4, 5, 6, 7, 10)), i
        if flags[i] & kernels.STORE_STACKS:
            assert stacks[i, :h.seats].tolist() == [int(v) for v in h.starting_stacks]
            assert not stacks[i, h.seats:].any()
        else:
            assert form == 9 and not stacks[i].any(), i
        if not slow:
            assert flags[i] & kernels.STORE_BLINDS
            assert blinds[i, :h.seats].tolist() == [int(v) for v in h.blinds_or_straddles]
        if form == 1:
            assert flags[i] & kernels.STORE_HAND_ID and hand_id[i] == int(h.extra["hand"])
        text = b.data[key[i, 0]:key[i, 1]]
        assert text == b.data[rec[i, fast.START]:rec[i, fast.END]].strip()


def test_store_actions_cuts_as_the_numpy_cutter(tmp_path):
    """kernels.store_actions (C) against _stats_np.cut_actions (numpy) on generated
    hands whose actions lines are cut, spliced and sprinkled with the bytes the
    cutters decide on: the same hands read, and for them the same actions
    (hand, seat, verb, amount, bytes, argument, the verb's bytes)."""
    from handrank.history._stats_np import cut_actions
    from handrank.history._store_fast import _verb_end, _verb_start
    rng = random.Random(21)
    hands = [hand_text(rng, seats=rng.randrange(3, 10)).encode() for _ in range(40)]
    alpha = b" ,'\"\\\t\rp0123456789dcbrfsmh]?#."
    read_ = refused = 0
    for _ in range(250):
        texts = []
        for h in rng.sample(hands, 6):
            t = bytearray(h)
            a = t.find(b"actions = [")
            for _ in range(rng.randrange(0, 4)):
                e = t.find(b"\n", a)
                p = rng.randrange(a + 11, e)
                op = rng.randrange(3)
                if op == 0:
                    t[p] = rng.choice(alpha)
                elif op == 1:
                    t[p:p] = bytes([rng.choice(alpha)])
                else:
                    del t[p]
            texts.append(bytes(t))
        data = b"\n".join(texts)
        ends = np.cumsum([len(t) + 1 for t in texts]) - 1
        starts = ends - [len(t) for t in texts]
        ref = cut_actions(data, starts, ends)
        out, ok = kernels.store_actions(data, starts, ends)
        assert ok.tolist() == ref.ok.tolist()
        read_ += int(ok.sum())
        refused += int((~ok).sum())
        mine = ok[ref.hand]
        buf = np.frombuffer(data, dtype=np.uint8)
        a0, a1 = ref.start[mine], ref.end[mine]
        amount = np.where(np.isnan(ref.amount[mine]), -1, np.nan_to_num(ref.amount[mine]))
        want = np.stack([ref.hand[mine], ref.seat[mine], ref.verb[mine], amount, a0, a1,
                         ref.arg[mine], _verb_start(buf, a0), _verb_end(buf, a0, a1)],
                        axis=1).astype(np.int64)
        assert out.tolist() == want.tolist()
    assert read_ > 400 and refused > 200          # both outcomes reached


def _files_of(tmp_path, count: int, per: int):
    rng = random.Random(31)
    d = tmp_path / "files"
    d.mkdir()
    for f in range(count):
        (d / f"f{f:02d}.phhs").write_text("".join(
            f"[{i + 1}]\n{hand_text(rng, seats=rng.randrange(3, 7))}\n" for i in range(per)))
    return d


def _stopping_after(monkeypatch, blocks: int):
    real = store._blocks

    def stopping(*args, **kw):
        for i, rows in enumerate(real(*args, **kw)):
            if i == blocks:
                raise KeyboardInterrupt
            yield rows
    monkeypatch.setattr(store, "_blocks", stopping)
    return real


def test_a_stopped_first_import_keeps_its_commits_and_gets_its_keys(tmp_path, monkeypatch):
    """Ctrl-C during a new store's first import: the transactions committed stay, the
    open one is rolled back, ``hands`` still gets its key and identity, and the
    import run again adds the rest (nothing doubled): the store equals one written
    in a single run."""
    d = _files_of(tmp_path, 6, 10)
    monkeypatch.setattr(store, "FAST", False)       # a block a file: 10 hands each
    monkeypatch.setattr(store, "_BLOCK", 10)
    monkeypatch.setattr(store, "_COMMIT", 20)       # a commit every second block
    real = _stopping_after(monkeypatch, 3)
    db = tmp_path / "h.duckdb"
    with pytest.raises(KeyboardInterrupt):
        to_duckdb(d, db)
    got = _dump(db)
    assert got["hids"] == [(0, 19, 20)]
    assert got["constraints"] == [("PRIMARY KEY", ["hid"]), ("UNIQUE", ["hand_key"])]
    monkeypatch.setattr(store, "_blocks", real)
    r = to_duckdb(d, db)
    assert (r.hands_read, r.added, r.already_present, r.refused) == (60, 40, 20, 0)
    to_duckdb(d, tmp_path / "once.duckdb")
    assert _dump(db) == _dump(tmp_path / "once.duckdb")


def test_a_store_left_without_its_keys_gets_them_when_next_opened(tmp_path, monkeypatch):
    """A first import killed before its constraints were added (here: their adding
    skipped) leaves ``hands`` without them; the next import adds them first."""
    d = _files_of(tmp_path, 3, 10)
    monkeypatch.setattr(store, "FAST", False)
    monkeypatch.setattr(store, "_BLOCK", 10)
    monkeypatch.setattr(store, "_COMMIT", 10)
    monkeypatch.setattr(store, "_finish_keys", lambda con: None)
    real = _stopping_after(monkeypatch, 2)
    db = tmp_path / "h.duckdb"
    with pytest.raises(KeyboardInterrupt):
        to_duckdb(d, db)
    assert _dump(db)["constraints"] == []
    monkeypatch.setattr(store, "_blocks", real)
    r = to_duckdb(d, db)
    assert (r.added, r.already_present) == (10, 20)
    got = _dump(db)
    assert got["constraints"] == [("PRIMARY KEY", ["hid"]), ("UNIQUE", ["hand_key"])]
    assert got["hids"] == [(0, 29, 30)]
    con = duckdb.connect(str(db))
    try:
        with pytest.raises(duckdb.ConstraintException):
            con.execute("INSERT INTO hands (hid, hand_key) SELECT 30, hand_key FROM hands "
                        "LIMIT 1")
    finally:
        con.close()


def test_indented_keys_are_read_as_the_python_reader_reads_them(tmp_path, monkeypatch):
    """Keys written after blanks ("  site = ..."; the Python reader strips each line)
    and lines starting with a byte it strips or splits at go to the Python path: the
    store built from columns equals the store built hand by hand, and the indented
    site is kept."""
    rng = random.Random(31)
    texts = []
    for i in range(24):
        n = rng.randrange(3, 10)
        t = hand_text(rng, seats=n, stacks=[rng.randrange(100, 4000) for _ in range(n)])
        form = i % 6
        if form == 1:
            t += f'  site = "GGPoker"\n\thand = {500 + i}\n'
        elif form == 2:
            t += f"\t year = 2024\n hand = {500 + i}\n"
        elif form == 3:
            t = t.replace("starting_stacks = [", " \tstarting_stacks = [")
            t = t.replace("blinds_or_straddles = [", "  blinds_or_straddles = [")
        elif form == 4:
            t += f"\x0bsite = 'Elsewhere'\nhand = {500 + i}\n"
        elif form == 5:
            t += f"\x1dsite = 'Far'\nhand = {500 + i}\n"
        texts.append(t)
    d = tmp_path / "in"
    d.mkdir()
    (d / "a.phhs").write_text("".join(f"[{i + 1}]\n{t}\n" for i, t in enumerate(texts)))
    hands = list(read(d / "a.phhs"))
    assert [h.extra.get("site") for h in hands[1::6]] == ["GGPoker"] * 4
    assert [h.extra.get("site") for h in hands[4::6]] == ["Elsewhere"] * 4
    got = {}
    for fast_path in (True, False):
        monkeypatch.setattr(store, "FAST", fast_path)
        db = tmp_path / f"{fast_path}.duckdb"
        assert to_duckdb(d, db).added == 24
        got[fast_path] = _dump(db)
    for t in got[True]:
        assert got[True][t] == got[False][t], t
    keys = [r[0] for r in got[True]["hands"]]
    assert sum(k.startswith("GGPoker:") for k in keys) == 4, keys
    b = next(x for x in fast.scan([str(d / "a.phhs")]) if isinstance(x, fast.Batch))
    flags = kernels.store_scan(b.data, b.rec[:, fast.START], b.rec[:, fast.END],
                               np.array([h.seats for h in hands]))[4]
    assert [bool(f & kernels.STORE_SLOW) for f in flags] == [i % 6 > 0 for i in range(24)]
