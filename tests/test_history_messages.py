"""Every refused hand named by file, hand number (1-based), line in the file and action index.

The same message from the fast path and the Python path, for .phh and .phhs files,
actions written on one line or one per line; errors of the reading (bad TOML, a
missing field) and of the replay (an action out of turn, a bet larger than the
stack); ``--strict`` reads no file after the one holding the first error.
"""

from __future__ import annotations

import functools

import pytest

from handrank.history import HistoryError, fast, read, summary

HAND = """variant = 'NT'
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [100, 100]
"""
GOOD = HAND + ("actions = ['d dh p1 AsKs', 'd dh p2 QhQd', 'p2 cc', 'p1 cc', 'd db 2c3d4h', "
               "'p1 cc', 'p2 cc', 'd db 9s', 'p1 cc', 'p2 cc', 'd db Jd', 'p1 cc', 'p2 cc', "
               "'p1 sm AsKs', 'p2 sm QhQd']\n")
# the bet of 500 is action 2, on line 7 + 3 of the hand (one action a line)
TALL = HAND + ("actions = [\n  'd dh p1 AsKs',\n  'd dh p2 QhQd',\n  'p2 cbr 500',\n"
               "  'p1 cc',\n]\n")
# out of turn: action 3 (p2 acts again), all actions on the hand's line 6
WIDE = HAND + "actions = ['d dh p1 AsKs', 'd dh p2 QhQd', 'p2 cc', 'p2 cc']\n"
# not a hand: a key without a value (bad TOML) on the hand's line 2
BROKEN = "variant = 'NT'\nantes = \n"


def _phhs(*hands: str) -> tuple[str, dict[int, int]]:
    """A .phhs of the hands and each hand's first line (after its header)."""
    text, first, line = "", {}, 1
    for k, h in enumerate(hands):
        text += f"[{k + 1}]\n"
        first[k] = line + 1
        text += h + "\n"
        line += 1 + h.count("\n") + 1
    return text, first


@pytest.mark.parametrize("fast_path", [True, False])
def test_refused_hands_name_file_hand_line_and_action(tmp_path, monkeypatch, fast_path):
    if not fast_path:
        monkeypatch.setattr(fast, "available", lambda: False)
    elif not fast.available():
        pytest.skip("the C core is not loaded")
    text, first = _phhs(GOOD, TALL, GOOD, WIDE, BROKEN, GOOD)
    p = tmp_path / "x.phhs"
    p.write_text(text)
    s = summary(p)
    f = repr(str(p))
    assert s.errors == [
        f"seat p2 bets 500 with only 100 behind (file {f}, hand 2, line {first[1] + 8}, "
        "action 2)",
        f"seat p2 acts out of turn (p1 to act) (file {f}, hand 4, line {first[3] + 5}, "
        "action 3)",
    ] + [e for e in s.errors[2:] if e.startswith("bad TOML")]
    assert len(s.errors) == 3 and s.errors[2].endswith(f"(file {f}, hand 5, line {first[4]})")
    assert (s.read, s.settled, s.refused) == (6, 3, 3)
    lines = text.split("\n")
    assert lines[first[1] + 8 - 1].strip() == "'p2 cbr 500',"      # the line named
    assert "'p2 cc', 'p2 cc'" in lines[first[3] + 5 - 1]


def test_a_phh_file_counts_from_line_one_and_the_error_keeps_its_fields(tmp_path):
    p = tmp_path / "one.phh"
    p.write_text("# a comment\n" + TALL)
    (h,) = read(p)
    assert h.line == 1 and h.action_lines == (8, 9, 10, 11)
    with pytest.raises(HistoryError) as e:
        h.replay()
    assert (e.value.file, e.value.hand, e.value.line, e.value.action) == (str(p), 1, 10, 2)
    assert str(e.value).endswith(f"(file {str(p)!r}, hand 1, line 10, action 2)")


def test_fast_and_python_paths_give_the_same_errors_on_a_big_file(tmp_path, monkeypatch):
    """A file read block by block (lines counted across blocks) and a group of small files."""
    if not fast.available():
        pytest.skip("the C core is not loaded")
    text, _ = _phhs(*([GOOD] * 40 + [TALL] + [GOOD] * 40 + [WIDE, BROKEN] + [GOOD] * 5))
    (tmp_path / "big.phhs").write_text(text)
    for k, h in enumerate((TALL, GOOD, WIDE)):
        (tmp_path / f"s{k}.phh").write_text(h)
    monkeypatch.setattr(fast, "SMALL", 2048)        # big.phhs is a big file
    monkeypatch.setattr(fast, "scan", functools.partial(fast.scan, block=4096))  # in blocks
    a = summary(tmp_path)
    monkeypatch.setattr(fast, "available", lambda: False)
    b = summary(tmp_path)
    assert a.errors == b.errors and len(a.errors) == 5
    assert all(", line " in e for e in a.errors)


def test_strict_reads_no_file_after_the_first_error(tmp_path, monkeypatch):
    from handrank.cli._history import _summarize
    files = []
    for k, h in enumerate([GOOD, TALL, GOOD, GOOD]):
        (tmp_path / f"{k}.phh").write_text(h)
        files.append(str(tmp_path / f"{k}.phh"))
    s = _summarize(files, None, strict=True)
    assert (s.read, s.refused) == (2, 1) and len(s.errors) == 1
    s = _summarize(files, None, strict=False)
    assert (s.read, s.refused) == (4, 1)


@pytest.mark.slow
def test_a_big_phhs_streams_in_bounded_memory(tmp_path):
    """256 MB read, replayed and settled by the fast path in a fresh process: its peak
    memory within 64 MB of the same on a 16 MB file (benchmarks/bench_history_stream.py
    measures 1 GB)."""
    if not fast.available():
        pytest.skip("the C core is not loaded")
    import importlib.util
    from pathlib import Path
    spec = importlib.util.spec_from_file_location(
        "bench_stream", Path(__file__).resolve().parents[1] / "benchmarks"
        / "bench_history_stream.py")
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    small, big = tmp_path / "small.phhs", tmp_path / "big.phhs"
    bench.write(str(small), 16)
    bench.write(str(big), 256)
    hs, _, rs = bench.measure(str(small))
    hb, _, rb = bench.measure(str(big))
    assert hb > 14 * hs and hb > 400_000
    assert rb - rs < 64 * 1024, (rs, rb)          # KB


@pytest.mark.parametrize("newline", ["\r\n", "\r"])
def test_lines_counted_alike_with_any_newline(tmp_path, monkeypatch, newline):
    """Windows and old Mac line ends: the same lines named, by both paths."""
    text, first = _phhs(GOOD, TALL, WIDE)
    p = tmp_path / "x.phhs"
    p.write_bytes(text.replace("\n", newline).encode())
    a = summary(p).errors
    monkeypatch.setattr(fast, "available", lambda: False)
    assert summary(p).errors == a and len(a) == 2
    assert a[0].endswith(f"hand 2, line {first[1] + 8}, action 2)")


def _numbered(e: HistoryError) -> int:
    """The hand number the message prints (1-based)."""
    import re
    m = re.search(r"\(.*\bhand (\d+)\b", str(e))
    assert m is not None, e
    return int(m.group(1))


def _all_errors(p, errors: list[HistoryError]) -> None:
    """Every HistoryError the Python path raises for the hands of ``p``: reading and replaying."""
    rd = read(p, errors="collect")
    for h in rd:
        try:
            h.replay(allin_ev=False)
        except HistoryError as e:
            errors.append(e)
    errors += rd.errors


def test_the_hand_attribute_is_the_number_the_message_prints(tmp_path):
    """``HistoryError.hand`` is 1-based, as the CLI prints it: reader and replay errors,
    the Python path and the fast path's hands."""
    text, first = _phhs(GOOD, TALL, GOOD, WIDE, BROKEN, GOOD)
    p = tmp_path / "x.phhs"
    p.write_text(text)
    py: list[HistoryError] = []
    _all_errors(p, py)
    assert sorted((e.hand, e.line, e.action) for e in py) == [
        (2, first[1] + 8, 2), (4, first[3] + 5, 3), (5, first[4], None)]
    assert all(e.hand == _numbered(e) for e in py)
    if not fast.available():
        return
    fp: list[HistoryError] = []
    for it in fast.scan(p):
        assert isinstance(it, fast.Batch)
        for i in range(len(it)):
            try:
                it.replay(i, allin_ev=False)
            except HistoryError as e:
                fp.append(e)
    assert sorted(map(str, fp)) == sorted(map(str, py))
    assert sorted((e.hand, e.line, e.action) for e in fp) == sorted(
        (e.hand, e.line, e.action) for e in py)


def test_a_single_hand_and_the_site_readers_number_from_one(tmp_path):
    p = tmp_path / "one.phh"
    p.write_text(WIDE)
    (h,) = read(p)
    with pytest.raises(HistoryError) as e:
        h.replay()
    assert e.value.hand == 1 == _numbered(e.value) and h.index == 0
    ps = ("PokerStars Hand #1: Hold'em No Limit ($0.01/$0.02 USD) - 2020/01/01 0:00:00 ET\n"
          "\n\n"
          "PokerStars Hand #2: Hold'em No Limit ($0.01/$0.02 USD) - 2020/01/01 0:00:01 ET\n")
    q = tmp_path / "ps.txt"
    q.write_text(ps)
    rd = read(q, errors="collect")
    assert list(rd) == [] and [e.hand for e in rd.errors] == [1, 2]
    assert [_numbered(e) for e in rd.errors] == [1, 2]


def test_store_refusals_number_hands_from_one(tmp_path):
    pytest.importorskip("duckdb")
    pytest.importorskip("pyarrow")
    from handrank.history.store import to_duckdb
    text, first = _phhs(GOOD, TALL, GOOD, WIDE)
    p = tmp_path / "x.phhs"
    p.write_text(text)
    r = to_duckdb(p, tmp_path / "h.duckdb")
    assert sorted((e.hand, e.line) for e in r.refusals) == [(2, first[1] + 8),
                                                             (4, first[3] + 5)]
    assert all(e.hand == _numbered(e) for e in r.refusals)
