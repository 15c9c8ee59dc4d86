"""A batch of hand histories loses nothing: every file is read or listed with its path and
why, every hand is in the results or the error list, and no input stops the batch."""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
import warnings
from decimal import Decimal
from pathlib import Path

import pytest

from handrank.history import FileError, HistoryError, read, summary

GOOD = """variant = 'NT'
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [100, 100]
players = ['ann', 'bob']
actions = ['d dh p1 AsAd', 'd dh p2 KsKd', 'p2 cbr 6', 'p1 cc', 'd db 2c3d9h', 'p1 cc', \
'p2 cc', 'd db Tc', 'p1 cc', 'p2 cc', 'd db Jd', 'p1 cc', 'p2 cc', 'p1 sm AsAd', 'p2 sm KsKd']
finishing_stacks = [106, 94]
"""

PS_BAD_SEAT = """PokerStars Hand #1: Hold'em No Limit ($0.01/$0.02 USD) - 2020/01/01 0:00:00 ET
Table 'T' 6-max Seat #1 is the button
Seat 1: ann ($-20 in chips)
Seat 2: bob ($2 in chips)
ann: posts small blind $0.01
bob: posts big blind $0.02
*** HOLE CARDS ***
ann: folds
Uncalled bet ($0.01) returned to bob
bob collected $0.02 from pot
*** SUMMARY ***
"""


def _folder(tmp: Path) -> Path:
    d = tmp / "hands"
    d.mkdir()
    (d / "good.phh").write_text(GOOD)
    (d / "bytes.phh").write_bytes(GOOD.encode() + b"\n[x]\nvariant = 'NT'\xff\n")
    (d / "dangling.phh").symlink_to(d / "nowhere.phh")
    (d / "loop.phh").symlink_to(d / "loop.phh")
    os.mkfifo(d / "fifo.phh")
    (d / "zero.phh").symlink_to("/dev/zero")
    (d / "notes.txt").write_text("just some notes\n")
    (d / "inf.phh").write_text(GOOD.replace("'p2 cbr 6'", "'p2 cbr inf'"))
    (d / "huge.phh").write_text(GOOD.replace("'p2 cbr 6'", "'p2 cbr 1" + "0" * 4000 + "'"))
    (d / "nan.phh").write_text(GOOD.replace("[106, 94]", "[nan, 94]"))
    (d / "deep.phh").write_text(GOOD + "x = " + "[" * 1000 + "]" * 1000 + "\n")
    (d / "dotted.phh").write_text(GOOD + "a" + ".b" * 60000 + " = 1\n")
    (d / "ps.txt").write_text(PS_BAD_SEAT)
    sub = d / "sub"
    sub.mkdir()
    (sub / "up").symlink_to("..")
    return d


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    if not hasattr(os, "mkfifo"):
        pytest.skip("no FIFOs here")
    return _folder(tmp_path)


def _why(errors: list[str], name: str) -> str:
    got = [e for e in errors if f"{os.sep}{name}'" in e]
    assert len(got) == 1, (name, errors)
    return got[0]


def test_every_file_read_or_listed(folder: Path) -> None:
    rd = read(folder, errors="collect")
    hands = list(rd)
    errs = [str(e) for e in rd.errors]
    assert [h.source for h in hands].count(str(folder / "good.phh")) == 1
    # bad bytes: the hands before them are read, the file is named
    assert "not UTF-8" in _why(errs, "bytes.phh")
    assert str(folder / "bytes.phh") in [h.source for h in hands]
    assert "dangling symlink" in _why(errs, "dangling.phh")
    assert "symlink loop" in _why(errs, "loop.phh")
    assert "FIFO: not opened" in _why(errs, "fifo.phh")
    assert "device: not opened" in _why(errs, "zero.phh")
    assert "not a hand history" in _why(errs, "notes.txt")
    assert "nested more than" in _why(errs, "deep.phh")
    assert "dotted parts" in _why(errs, "dotted.phh")
    assert "ps.txt" in _why(errs, "ps.txt")
    assert "symlink loop" in _why(errs, "up")
    whole = [e for e in rd.errors if isinstance(e, FileError)]
    assert {Path(e.file).name for e in whole if e.file} == {
        "bytes.phh", "dangling.phh", "loop.phh", "fifo.phh", "zero.phh", "notes.txt", "up"}
    # bad amounts: refused by the replay, naming the hand and the action
    s = summary(folder)
    assert any("bad amount 'inf'" in e and "inf.phh" in e and "action 2" in e
               for e in s.errors), s.errors
    assert any("bad amount" in e and "huge.phh" in e for e in s.errors), s.errors
    # NaN in the record: read, replayed, and said not to agree
    (nan,) = [h for h in hands if h.source and h.source.endswith("nan.phh")]
    r = nan.replay()
    assert r.agrees_with_record is False and "not an amount" in r.disagreement


def test_raise_mode_names_the_file(folder: Path) -> None:
    with pytest.raises(FileError, match="not UTF-8") as e:
        list(read(folder / "bytes.phh"))
    assert e.value.file == str(folder / "bytes.phh")
    with pytest.raises(FileError, match="FIFO"):
        list(read(folder / "fifo.phh"))


def test_summary_fast_and_python_paths_agree(folder: Path, monkeypatch) -> None:
    from handrank.history import fast
    s = summary(folder)
    assert s.unread and s.errors and s.settled >= 2
    if fast.available():
        monkeypatch.setattr(fast, "available", lambda: False)
        slow = summary(folder)
        assert sorted(slow.unread) == sorted(s.unread)
        assert sorted(slow.errors) == sorted(s.errors)
        assert (slow.read, slow.settled, slow.refused) == (s.read, s.settled, s.refused)
        assert slow.rows == s.rows


def test_read_str_is_a_path_text_is_explicit(tmp_path: Path) -> None:
    d = tmp_path / "e=d"
    d.mkdir()
    (d / "a.phh").write_text(GOOD)
    (h,) = read(str(d))                          # a folder named e=d is a path
    assert h.source == str(d / "a.phh")
    (h2,) = read(text=GOOD)
    assert h2.actions == h.actions
    from handrank.history import phh
    phh._WARNED[0] = False
    with pytest.warns(DeprecationWarning, match="text="):
        (h3,) = read(GOOD)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        (h4,) = read(GOOD)                       # once only
    assert h3.actions == h4.actions == h.actions
    with pytest.raises(TypeError):
        read(str(d), text=GOOD)


def test_decimal_money_end_to_end(tmp_path: Path) -> None:
    text = GOOD.replace("[1, 2]", "[0.01, 0.02]").replace("min_bet = 2", "min_bet = 0.02") \
        .replace("[100, 100]", "[1.00, 1.00]").replace("cbr 6", "cbr 0.06") \
        .replace("[106, 94]", "[1.06, 0.94]")
    (h,) = read(text=text)
    r = h.replay()
    assert r.net == [Decimal("0.06"), Decimal("-0.06")] and r.agrees_with_record is True
    s = summary([h, h, h])
    t = s.totals()
    assert t["ann"]["net"] == Decimal("0.18") and type(t["bob"]["net"]) is Decimal
    assert [r.net for r in s.rows][:2] == [Decimal("0.06"), Decimal("-0.06")]
    if importlib.util.find_spec("pandas") is None:
        pytest.skip("the rest reads .to_pandas(): needs the pandas extra")
    df = s.to_pandas()
    assert df.loc["ann", "net"] == Decimal("0.18") and df["net"].dtype == object
    # written back as PHH: the same hand
    (back,) = read(text=h.to_phh())
    assert back == h


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "handrank", "history", *args],
                          capture_output=True, text=True, timeout=300)


def test_cli_exit_codes_and_outputs(folder: Path, tmp_path: Path) -> None:
    good = tmp_path / "ok"
    good.mkdir()
    (good / "a.phh").write_text(GOOD)
    p = _cli(str(good))
    assert p.returncode == 0, p.stderr
    assert "1 hand read: 1 settled, 0 refused; 1 of 1 hand with a recorded result agrees" \
        in p.stdout
    assert "net (chips)" in p.stdout and "ann" in p.stdout
    p = _cli(str(good), "--unit", "bb")
    assert p.returncode == 0 and "net (big blinds)" in p.stdout and "3.00" in p.stdout
    p = _cli(str(good), "--json")
    assert p.returncode == 0 and json.loads(p.stdout)["players"]["ann"]["net"] == 6
    p = _cli(str(folder))
    assert p.returncode == 1
    assert "cannot read: a FIFO: not opened" in p.stderr and "Traceback" not in p.stderr
    p = _cli("/nonexistent/x")              # not there at all: a usage error, one line
    assert p.returncode == 2 and p.stderr.count("\n") == 1 and "Traceback" not in p.stderr
    assert "cannot read '/nonexistent/x': No such file or directory" in p.stderr
    p = _cli(str(folder), "--strict")
    assert p.returncode == 1 and p.stderr.count("handrank: error:") == 1
    p = _cli(str(good), "--unit", "furlongs")
    assert p.returncode == 2
    # no record: no count of hands agreeing with it
    (good / "a.phh").write_text(GOOD.replace("finishing_stacks = [106, 94]\n", ""))
    p = _cli(str(good))
    assert p.returncode == 0 and "agree" not in p.stdout


def test_errors_bad_input_never_a_crash() -> None:
    for bad in ("p1 cbr inf", "p1 cbr 1e400", "p1 cbr -5", "p1 cbr 0x10", "p1 cbr nan"):
        text = GOOD.replace("'p2 cbr 6'", repr(bad))
        with pytest.raises(HistoryError):
            next(read(text=text)).replay()


def test_dask_histories_name_the_bad_files(folder: Path) -> None:
    from .conftest import dask_or_skip
    hd = dask_or_skip()
    a = hd.histories([folder])
    b = summary(folder)
    assert sorted(a.unread) == sorted(b.unread) and len(a.unread) == 7
    assert all("(file '" in e for e in a.unread)
    assert sorted(a.errors) == sorted(b.errors) and a.rows == b.rows


_BASE = None


def _base() -> bytes:
    global _BASE
    if _BASE is None:
        from handrank.history._generate import corpus
        _BASE = corpus(12, seed=41).encode()
    return _BASE


try:
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st
except ImportError:                                  # pragma: no cover
    given = None


if given is not None:
    _edit = st.tuples(st.sampled_from(["insert", "delete", "replace", "dup"]),
                      st.integers(0, 10**9), st.binary(min_size=1, max_size=6))

    @settings(max_examples=40, deadline=None,
              suppress_health_check=[HealthCheck.too_slow])
    @given(st.lists(_edit, min_size=1, max_size=6))
    def test_fast_and_python_paths_agree_on_mutated_files(edits) -> None:
        """The fast path (C) and the Python path give the same counts, rows, errors and
        unread files on files mutated byte by byte (bad bytes, cut lines, junk)."""
        import tempfile

        from handrank.history import fast
        data = bytearray(_base())
        for kind, at, junk in edits:
            k = at % (len(data) + 1)
            if kind == "insert":
                data[k:k] = junk
            elif kind == "delete":
                del data[k:k + len(junk)]
            elif kind == "replace":
                data[k:k + len(junk)] = junk
            else:
                line_start = data.rfind(b"\n", 0, k) + 1
                line_end = data.find(b"\n", k)
                line_end = len(data) if line_end < 0 else line_end + 1
                data[line_end:line_end] = data[line_start:line_end]
        with tempfile.TemporaryDirectory() as d:
            Path(d, "m.phhs").write_bytes(bytes(data))
            Path(d, "ok.phh").write_text(GOOD)
            a = summary(d)
            keep = fast.available
            fast.available = lambda: False        # type: ignore[assignment]
            try:
                b = summary(d)
            finally:
                fast.available = keep            # type: ignore[assignment]
        assert (a.read, a.settled, a.refused, a.agreeing) == (b.read, b.settled, b.refused,
                                                              b.agreeing)
        assert a.errors == b.errors and a.unread == b.unread
        assert a.rows == b.rows


def test_german_pokerstars_is_named_not_skipped(tmp_path: Path) -> None:
    f = tmp_path / "de.txt"
    f.write_text("PokerStars Hand #1: Hold'em No Limit (0,01 €/0,02 € EUR) - 2020/01/01 "
                 "0:00:00 MEZ\nTisch 'Alpha' 6-max Platz #1 ist der Button\n"
                 "Platz 1: ann (2 € in Chips)\nPlatz 2: bob (2 € in Chips)\n"
                 "ann: postet Small Blind 0,01 €\nbob: postet Big Blind 0,02 €\n")
    s = summary(f)
    assert s.refused == 1 and "in German" in s.errors[0] and "de.txt" in s.errors[0]
