"""Small files read in C (csrc/files.c, ``kernels.read_small_files``) for the PHH fast path.

``fast.scan`` reads a folder of small files many to a C call; the items it
yields (batches, tails, files left to the Python reader) must be the ones the
Python loop over the same files yields, in the same order, for every kind of
entry a folder can hold.
"""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np
import pytest

from handrank.core import kernels
from handrank.history import fast, summary
from handrank.history._generate import corpus
from handrank.history.phh import _paths

DATA = Path(os.environ.get("HANDRANK_PHH_DATA", Path(__file__).resolve().parents[2]
                           / "shared" / "data" / "phh"))
real = pytest.mark.skipif(not DATA.is_dir(), reason="real PHH data not present")
pytestmark = pytest.mark.skipif(not kernels.read_small_files_available(),
                                reason="no C reader of small files (no C core, or not POSIX)")


def _items(src, **kw):
    """What fast.scan yields, hand by hand (where one batch ends and the next starts is
    not part of the result): each hand's file, number, line, text and record."""
    out = []
    for it in fast.scan(src, **kw):
        if isinstance(it, fast.Batch):
            rec = it.rec.copy()
            rec[:, [fast.SEGMENT, fast.START, fast.END]] = 0    # places in the batch
            # the columns that hold offsets into the batch's text, made relative
            for i in range(len(it)):
                a = int(it.rec[i, fast.START])
                row = rec[i]
                v = int(row[fast.VARIANT])
                row[fast.VARIANT] = ((v & ((1 << 40) - 1)) - a) | (v >> 40 << 40) if v else 0
                if row[fast.FLAGS] & fast.PLAYERS:
                    row[fast.FIXED + 2:fast.EXT:fast.PER_SEAT][:int(row[fast.SEATS])] -= a
                out.append(("hand", it.file(i), it.index[i], it.line(i), it.text(i),
                            row.tobytes()))
        elif isinstance(it, fast.Tail):
            out.append(("tail", it.file, it.data, it.offset, it.index, it.line))
        else:
            out.append(tuple(it))
    return out


def _both(src, monkeypatch, **kw):
    """(items with the C reader, items with the Python loop)."""
    a = _items(src, **kw)
    with monkeypatch.context() as m:
        m.setattr(kernels, "read_small_files_available", lambda: False)
        b = _items(src, **kw)
    return a, b


def _folder(tmp: Path) -> Path:
    hands = [t.split("\n", 1)[1] for t in corpus(40, seed=21).split("\n\n") if t.strip()]
    d = tmp / "hands"
    d.mkdir()
    for k, h in enumerate(hands[:30]):
        (d / f"{k:02d}.phh").write_text(h)
    (d / "30-bom.phh").write_bytes(b"\xef\xbb\xbf" + hands[30].encode())
    (d / "31-empty.phh").write_bytes(b"")
    (d / "32-only-bom.phh").write_bytes(b"\xef\xbb\xbf")
    (d / "33-latin1.phh").write_bytes(hands[31].replace("'NT'", "'NT'\n# caf\xe9", 1)
                                      .encode("latin-1"))            # not UTF-8
    (d / "34-utf8.phh").write_text(hands[32].replace("'NT'", "'NT'\n# café", 1),
                                   encoding="utf-8")
    (d / "35-word.phh").write_text(hands[33] + "\n# not from PokerStars\n")
    (d / "36-stars.phh").write_text("PokerStars Hand #1: Hold'em No Limit ($0.01/$0.02)\n")
    (d / "37-crlf.phh").write_bytes(hands[34].replace("\n", "\r\n").encode())
    (d / "38-lone-cr.phh").write_bytes(hands[35].replace("\n", "\r", 1).encode())
    (d / "39-bad.phh").write_text("variant = 'NT\n")
    (d / "40-big.phhs").write_text(corpus(60, seed=22))             # > fast.SMALL
    (d / "41.txt").write_text("not a hand\n")
    (d / "42-stars.txt").write_text("PokerStars Hand #2: Hold'em No Limit ($0.01/$0.02)\n")
    (d / "43-link.phh").symlink_to(d / "00.phh")
    (d / "44-dangling.phh").symlink_to(d / "no-such-file.phh")
    os.mkfifo(d / "45-fifo.phh")
    (d / "46-dir.phh").mkdir()                                        # a folder named .phh
    (d / "46-dir.phh" / "a.phh").write_text(hands[36])
    (d / "sub").mkdir()
    (d / "sub" / "x.phh").write_text(hands[37])
    (d / "sub" / "loop").symlink_to(d / "sub")                        # a symlink loop
    return d


def test_every_kind_of_entry_gives_the_python_loops_items(tmp_path, monkeypatch):
    d = _folder(tmp_path)
    assert os.path.getsize(d / "40-big.phhs") >= fast.SMALL
    a, b = _both(d, monkeypatch)
    assert a == b
    kinds = [x[0] for x in a]
    assert "hand" in kinds and ("other", str(d / "45-fifo.phh")) in a   # never opened
    assert ("other", str(d / "33-latin1.phh")) in a and ("other", str(d / "41.txt")) in a
    # with every batch closed after a few bytes, and with tiny "small" files
    for block in (1, 200, 5000):
        a, b = _both(d, monkeypatch, block=block)
        assert a == b, block
    monkeypatch.setattr(fast, "SMALL", 300)
    a, b = _both(d, monkeypatch, block=700)
    assert a == b
    assert any(x[0] == "hand" and x[1] == str(d / "40-big.phhs") for x in a)


def test_summary_the_same_with_and_without_the_c_reader(tmp_path, monkeypatch):
    pytest.importorskip("pandas")
    d = _folder(tmp_path)
    a = summary(d)
    monkeypatch.setattr(kernels, "read_small_files_available", lambda: False)
    b = summary(d)
    assert a == b and a.unread == b.unread and a.read > 30
    assert a.to_pandas().equals(b.to_pandas())


def test_many_files_in_groups(tmp_path, monkeypatch):
    """More files than one C call takes (GROUP_FILES), in batches of a few bytes."""
    text = corpus(300, seed=23)
    hands = [t.split("\n", 1)[1] for t in text.split("\n\n") if t.strip()]
    for k, h in enumerate(hands):
        (tmp_path / f"{k:03d}.phh").write_text(h)
    monkeypatch.setattr(fast, "GROUP_FILES", 7)
    a, b = _both(tmp_path, monkeypatch, block=900)
    assert a == b and sum(x[0] == "hand" for x in a) == 300


def test_the_kernel_reads_stops_and_flags(tmp_path):
    names = []
    for k, body in enumerate([b"abc", b"\xef\xbb\xbfxyz", b"caf\xc3\xa9", b"a PokerStars b",
                              b"", b"q" * 50]):
        p = tmp_path / f"{k}.phh"
        p.write_bytes(body)
        names.append(p)
    os.mkfifo(tmp_path / "fifo")
    names += [tmp_path / "fifo", tmp_path / "missing", tmp_path]
    enc = [os.fsencode(p) for p in names]
    paths = b"\0".join(enc) + b"\0"
    off = np.cumsum([0] + [len(e) + 1 for e in enc[:-1]]).astype(np.int64)
    n = len(enc)
    end, st, fl = (np.zeros(n, np.int64), np.zeros(n, np.int8), np.zeros(n, np.int8))
    buf = bytearray(1000)
    assert kernels.read_small_files(paths, off, 40, buf, end, st, fl) == n
    assert st.tolist() == [kernels.FILE_OK] * 5 + [kernels.FILE_BIG] + [kernels.FILE_OTHER] * 3
    starts = [0] + end[:-1].tolist()
    got = [bytes(buf[a:b]) for a, b in zip(starts, end.tolist())]
    assert got[:6] == [b"abc", b"xyz", b"caf\xc3\xa9", b"a PokerStars b", b"", b""]
    assert fl[:5].tolist() == [0, 0, kernels.FILE_NONASCII, kernels.FILE_STARS, 0]
    # stops before a file when fewer than `small` bytes are left
    buf = bytearray(45)
    assert kernels.read_small_files(paths, off, 40, buf, end, st, fl) == 2
    assert end[:2].tolist() == [3, 6]
    with pytest.raises(ValueError, match="NUL"):
        kernels.read_small_files(paths[:-1], off, 40, buf, end, st, fl)
    with pytest.raises(ValueError, match="slot"):
        kernels.read_small_files(paths, off, 40, buf, end[:2], st, fl)


@real
def test_pluribus_the_same_items(monkeypatch):
    a, b = _both([DATA / "pluribus" / "100", DATA / "pluribus" / "101"], monkeypatch)
    assert a == b and sum(x[0] == "hand" for x in a) > 150
    files = _paths(str(DATA / "pluribus" / "100"))
    assert [x[1] for x in a[:len(files)]] == files


def test_relative_paths_and_names_without_a_folder(tmp_path, monkeypatch):
    d = _folder(tmp_path)
    monkeypatch.chdir(d)
    names = ["00.phh", "01.phh", "45-fifo.phh", "no-such.phh", "sub/x.phh", "./02.phh",
             "../hands/03.phh", "46-dir.phh"]
    a, b = _both(names, monkeypatch)
    assert a == b and sum(x[0] == "hand" for x in a) == 6
    monkeypatch.chdir(tmp_path)
    a, b = _both("hands", monkeypatch)
    assert a == b and sum(x[0] == "hand" for x in a) > 30


def test_names_not_ascii(tmp_path, monkeypatch):
    hands = [t.split("\n", 1)[1] for t in corpus(6, seed=24).split("\n\n") if t.strip()]
    (tmp_path / "zoë.phh").write_text(hands[0])
    (tmp_path / "a.phh").write_text(hands[1])
    (tmp_path / "日本.phh").write_text(hands[2])
    (tmp_path / "b.txt").write_text("not a hand\n")
    raw = os.path.join(os.fsencode(tmp_path), b"\xff-undecodable.phh")
    with open(raw, "w") as f:
        f.write(hands[3])
    a, b = _both(tmp_path, monkeypatch)
    assert a == b and sum(x[0] == "hand" for x in a) == 4
    assert ("other", str(tmp_path / "b.txt")) in a


def test_the_small_file_reader_refuses_arrays_of_another_type() -> None:
    """Each array must be the C reader's type: an int32 ``end`` would be written past."""
    paths = b"a\0"
    off = np.zeros(1, np.int64)
    end, status, flags = np.zeros(1, np.int64), np.zeros(1, np.int8), np.zeros(1, np.int8)
    buf = bytearray(64)
    if kernels.read_small_files(paths, off, 16, buf, end, status, flags) == -1:
        pytest.skip("no C reader of small files here")
    for bad in ({"end": np.zeros(1, np.int32)}, {"off": np.zeros(1, np.int32)},
                {"status": np.zeros(1, np.int64)}, {"flags": np.zeros(4, np.int8)[::2]}):
        args = {"off": off, "end": end, "status": status, "flags": flags, **bad}
        with pytest.raises(ValueError, match=next(iter(bad))):
            kernels.read_small_files(paths, args["off"], 16, buf, args["end"],
                                     args["status"], args["flags"])
