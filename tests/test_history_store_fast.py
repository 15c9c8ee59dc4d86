"""The stores' whole-column import of fast-path hands against the hand-by-hand path,
on texts written to reach each column builder's edge cases, and ``progress=``.

Each folder is imported twice, with ``store.FAST`` on (fast-path hands built as
whole Arrow columns) and off (every hand replayed and written row by row);
every table must hold the same rows.
"""

from __future__ import annotations

import random

import pytest

from handrank.history._generate import hand_text

duckdb = pytest.importorskip("duckdb")
pytest.importorskip("pyarrow")

from handrank.history import store  # noqa: E402
from handrank.history.store import SCHEMA, to_duckdb, to_parquet  # noqa: E402


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


def _both_ways(folder, tmp_path, monkeypatch):
    from handrank.history import fast
    if not fast.available():
        pytest.skip("the C core is not loaded")
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
        r = to_duckdb(folder, db)
        assert r.refused == 0, r.refusals
        got[fast_path] = _dump(db)
    for t in SCHEMA:
        assert got[True][t] == got[False][t], t
    return got[True], sum(taken)


def test_stack_lines_as_written_and_boards_and_names(tmp_path, monkeypatch):
    """Stacks written with odd spacing, in one line or not plainly (left to the
    Python path), hands with no board (all fold), recorded players' names and
    hands of 2 to 9 seats: the same rows both ways."""
    rng = random.Random(5)
    d = tmp_path / "in"
    d.mkdir()
    texts = []
    for i in range(60):
        n = rng.randrange(3, 10)
        t = hand_text(rng, seats=n, stacks=[rng.randrange(150, 5000) for _ in range(n)])
        stacks = t.split("starting_stacks = [", 1)[1].split("]", 1)[0]
        vals = [v.strip() for v in stacks.split(",")]
        form = i % 6
        if form == 1:
            t = t.replace(f"[{stacks}]", "[ " + " ,".join(vals) + " ]")
        elif form == 2:
            t = t.replace(f"[{stacks}]", "[" + ",\t".join(vals) + "]\t")
        elif form == 3:     # a trailing comma (TOML allows it; the Python path reads it)
            t = t.replace(f"[{stacks}]", "[" + ", ".join(vals) + ",]")
        elif form == 4:
            t += "players = [" + ", ".join(f"'Player {k}'" for k in range(n)) + "]\n"
        texts.append(f"[{i + 1}]\n{t}\n")
    # every seat folds to the big blind: no board
    walk = ("variant = 'NT'\nante_trimming_status = true\nantes = [0, 0, 0]\n"
            "blinds_or_straddles = [1, 2, 0]\nmin_bet = 2\nstarting_stacks = [100, 100, 100]\n"
            "actions = ['d dh p1 AsKs', 'd dh p2 2c7d', 'd dh p3 9h9d', 'p3 f', 'p1 f']\n")
    texts.append(f"[61]\n{walk}\n")
    (d / "a.phhs").write_text("".join(texts))
    (d / "b.phh").write_text(walk.replace("100, 100, 100", "100, 150, 100"))
    # the first line of a file is its stacks
    (d / "c.phh").write_text("starting_stacks = [300, 100, 100]\n" + walk.replace(
        "starting_stacks = [100, 100, 100]\n", ""))
    rows, taken = _both_ways(d, tmp_path, monkeypatch)
    assert len(rows["hands"]) == 63
    assert taken >= 40                        # most went the whole-column way
    board = [c for c, _ in SCHEMA["hands"] if c != "hid"].index("board")
    assert sum(r[board] is None for r in rows["hands"]) >= 3
    names = {r[2] for r in rows["seats"]}
    assert "Player 0" in names and "p1" in names


def test_progress_reports_bytes_up_to_the_total(tmp_path):
    rng = random.Random(2)
    d = tmp_path / "in"
    d.mkdir()
    for k in range(3):
        (d / f"{k}.phhs").write_text("".join(f"[{i + 1}]\n{hand_text(rng)}\n"
                                             for i in range(40)))
    total = sum(p.stat().st_size for p in d.iterdir())
    for to, where in ((to_duckdb, tmp_path / "p.duckdb"), (to_parquet, tmp_path / "pq")):
        seen: list[tuple[int, int]] = []

        def note(done, tot, seen=seen):
            seen.append((done, tot))
        r = to(d, where, progress=note)
        assert r.added == 120
        assert seen[-1] == (total, total)
        assert all(t == total for _, t in seen)
        assert [x for x, _ in seen] == sorted(x for x, _ in seen)


def test_progress_true_draws_and_a_bad_progress_is_refused(tmp_path, capsys):
    rng = random.Random(3)
    f = tmp_path / "a.phhs"
    f.write_text("".join(f"[{i + 1}]\n{hand_text(rng)}\n" for i in range(5)))
    to_duckdb(f, tmp_path / "t.duckdb", progress=True)
    assert "to_duckdb" in capsys.readouterr().err
    with pytest.raises(TypeError, match="progress"):
        to_duckdb(f, tmp_path / "u.duckdb", progress="yes")
    with pytest.raises(TypeError, match="progress"):
        to_parquet(f, tmp_path / "v", progress=3)
