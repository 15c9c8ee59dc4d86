"""The PHH fast path: hands read, replayed and settled in C, as arrays.

:func:`scan` cuts files (or PHH text) into hands as :func:`~handrank.history.read`
does and hands each one to ``hr_phh_scan`` (csrc/history.c), which reads
the subset of PHH real files use and replays and settles hold'em hands
(variants NT, FT, PT), Omaha hands (PO, NO) and Omaha hi-lo hands (FO/8) in
bulk.  A hand it does not
take whole -- another variant, an unusual key or spelling, a float, a
comment, any error -- is marked for the Python reader and replay, which then
give that hand's result or its error message, so results are the same either
way.

Small files are read many to a call (in C where the core has its file
reader, ``kernels.read_small_files``: no Python work per file); a big file
is read block by block (bounded memory).  ``Batch.hand(i)`` and ``Batch.replay(i)`` build the
Python objects of one hand on demand.
"""

from __future__ import annotations

import io
import os
from collections.abc import Iterator
from typing import Any

import numpy as np

from ..core import kernels
from .model import FileError, Hand, HistoryError
from .phh import _paths, chunks_at, hand_of, problem

#: record layout (csrc/history.h)
STATUS, SEGMENT, START, END, SEATS, FLAGS, AGREE, DEAD, BIG_BLIND, WHY = range(10)
FIXED, PER_SEAT, MAX_SEATS = 10, 4, 12
#: from EXT on, what the all-in EV needs (mode "replay", fast hands)
EXT = FIXED + PER_SEAT * MAX_SEATS
VARIANT, OUT, KNOWN, ALLIN_BOARD = EXT, EXT + 1, EXT + 2, EXT + 3
CHIPS = EXT + 4
HOLES = CHIPS + MAX_SEATS
WIDTH = HOLES + MAX_SEATS
OK, PYTHON = 0, 1
SHOWDOWN, ALLIN, PLAYERS = 1, 2, 4

#: bytes per block of a big file; files smaller than SMALL are read many to a call
BLOCK = 1 << 22
SMALL = 1 << 14
GROUP_FILES = 4096


def available() -> bool:
    """True when the C core (with the fast path) is loaded."""
    return kernels.phh_scan_available()


class Batch:
    """Hands read by the fast path: one row of ``rec`` per hand.

    Attributes
    ----------
    data : bytes
        The text the hands were cut from.
    files : list of str or None
        The file of each segment (None for text).
    index : list of int
        Each hand's number in its file, as :func:`read` numbers them.
    rec : numpy.ndarray
        ``(hands, WIDTH)`` int64 records (layout in csrc/history.h).
    settled : bool
        Whether the records hold payouts (mode "replay") or only the read.
    """

    def __init__(self, data: bytes, files: list[str | None], index: list[int],
                 rec: np.ndarray[Any, Any], settled: bool, newlines: bool,
                 starts: list[int] | None = None, lines: list[int] | None = None) -> None:
        self.data, self.files, self.index, self.rec = data, files, index, rec
        self.settled, self._newlines = settled, newlines
        #: each segment's first byte in ``data`` and that byte's line in its file
        self.starts = starts if starts is not None else [0] * len(files)
        self.lines = lines if lines is not None else [1] * len(files)
        self._at: tuple[tuple[int, int], int] = ((-1, 0), 0)

    def __len__(self) -> int:
        return len(self.rec)

    def file(self, i: int) -> str | None:
        """The file hand ``i`` came from."""
        return self.files[int(self.rec[i, SEGMENT])]

    def fast(self, i: int) -> bool:
        """True when the fast path took hand ``i`` whole."""
        return bool(self.rec[i, STATUS] == OK)

    def text(self, i: int) -> str:
        """Hand ``i``'s text as the Python reader sees it."""
        t = self.data[int(self.rec[i, START]):int(self.rec[i, END])].decode("utf-8")
        return t.replace("\r\n", "\n") if self._newlines else t

    def hand(self, i: int) -> Hand:
        """Hand ``i`` read by the Python reader (its HistoryError when it is bad)."""
        file, index = self.file(i), self.index[i]
        line = self.line(i)
        try:
            text = self.text(i)
        except UnicodeDecodeError as e:
            raise HistoryError(f"unexpected {type(e).__name__} reading the hand: {e}",
                               file=file, hand=int(index) + 1, line=line) from None
        return hand_of(text, file, index, line)

    def line(self, i: int) -> int | None:
        """The line (1-based) in its file where hand ``i``'s text starts."""
        if self.lines is None:
            return None
        seg = int(self.rec[i, SEGMENT])
        start = int(self.rec[i, START])
        at, no = self._at
        if at[0] != seg or at[1] > start:
            at, no = (seg, self.starts[seg]), self.lines[seg]
        no += self.data.count(b"\n", at[1], start)
        self._at = ((seg, start), no)
        return no

    def replay(self, i: int, *, allin_ev: bool = True) -> Any:
        """Hand ``i`` replayed by the Python replay."""
        return self.hand(i).replay(allin_ev=allin_ev)

    def names(self, i: int) -> list[str] | None:
        """The players of fast hand ``i`` (None where none are recorded)."""
        r = self.rec[i]
        if not r[FLAGS] & PLAYERS:
            return None
        d = self.data
        return [d[int(r[FIXED + PER_SEAT * s + 2]):int(r[FIXED + PER_SEAT * s + 2]
                                                       + r[FIXED + PER_SEAT * s + 3])
                  ].decode("ascii") for s in range(int(r[SEATS]))]

    def seat_column(self, k: int) -> np.ndarray[Any, Any]:
        """Per-seat field ``k`` (0 chips put in, 1 payout) as ``(hands, MAX_SEATS)``."""
        col: np.ndarray[Any, Any] = self.rec[:, FIXED + k::PER_SEAT][:, :MAX_SEATS]
        return col

    @property
    def payouts(self) -> np.ndarray[Any, Any]:
        """Chips paid to each seat (fast hands; zero past each hand's seats)."""
        return self.seat_column(1)

    @property
    def contributions(self) -> np.ndarray[Any, Any]:
        """Chips each seat put in, antes included."""
        return self.seat_column(0)

    @property
    def net(self) -> np.ndarray[Any, Any]:
        """Payout less chips put in, per seat."""
        out: np.ndarray[Any, Any] = self.payouts - self.contributions
        return out


class Tail:
    """The rest of a file the fast path leaves whole to the Python reader.

    From byte ``offset`` (a hand boundary) on; hands are numbered from ``index``.
    """

    def __init__(self, file: str | None, data: bytes | None, offset: int, index: int,
                 line: int = 1) -> None:
        self.file, self.data, self.offset, self.index = file, data, offset, index
        self.line = line            # the line of byte ``offset``

    def hands(self) -> Iterator[Hand | HistoryError]:
        """Each hand, or the HistoryError that refused it, in order."""
        if self.data is not None:
            text: Any = io.StringIO(self.data[self.offset:].decode("utf-8"))
            f = None
        else:
            if self.file is None:
                raise RuntimeError("internal error: a tail without a file")
            f = open(self.file, "rb")
            f.seek(self.offset)
            text = io.TextIOWrapper(f, encoding="utf-8-sig" if self.offset == 0 else "utf-8")
        try:
            for k, (_name, chunk, line) in enumerate(chunks_at(text, self.line)):
                i = self.index + k
                try:
                    h = hand_of(chunk, self.file, i, line)
                except HistoryError as e:
                    yield e
                else:
                    yield h
        except UnicodeDecodeError as e:
            byte = e.object[e.start:e.start + 1]
            yield FileError(f"not UTF-8 text ({e.reason}, byte {byte!r}); the hands before it "
                            "are read", file=self.file)
        finally:
            if f is not None:
                text.close()


def _scan(data: bytes, seg_end: list[int], final: bool, mode: int, length: int | None = None
          ) -> tuple[np.ndarray[Any, Any] | None, int]:
    """One C call on ``data[:length]`` (default all of it): (records, bytes consumed),
    records None when Python must read it all."""
    ends = np.asarray(seg_end, dtype=np.int64)
    size = len(data) if length is None else length
    # rows for hands of 256 bytes on average (without counting the text); a
    # text of shorter hands is scanned again with a row for each '[', a bound
    cap = size // 256 + len(seg_end) + 1
    out = np.empty((cap, WIDTH), dtype=np.int64)
    n, consumed = kernels.phh_scan(data, ends, final, mode, out, size)
    if n == -2:
        out = np.empty((data.count(b"[", 0, size) + len(seg_end) + 1, WIDTH), dtype=np.int64)
        n, consumed = kernels.phh_scan(data, ends, final, mode, out, size)
        if n == -2:
            raise RuntimeError("internal error: hr_phh_scan ran out of records")
    if n < 0:
        return None, 0
    return out[:n], consumed


def _numbered(rec: np.ndarray[Any, Any], first: list[int]) -> list[int]:
    """Each hand's number in its file: ``first[segment]`` + its rank in the segment."""
    seg = rec[:, SEGMENT]
    n = len(seg)
    if n == 0:
        return []
    if len(first) == 1:                 # one file: numbered on from first[0]
        return list(range(first[0], first[0] + n))
    new = np.empty(n, dtype=bool)           # where a run of one segment's hands starts
    new[0] = True
    np.not_equal(seg[1:], seg[:-1], out=new[1:])
    at = np.flatnonzero(new)
    base = np.asarray(first, dtype=np.int64)[seg[at]] - at
    out: list[int] = (np.arange(n, dtype=np.int64)
                      + np.repeat(base, np.diff(np.append(at, n)))).tolist()
    return out


def _is_pokerstars(path: str | None, head: bytes) -> bool:
    """The format guess of :func:`read`: a .txt file, or "PokerStars" up to the first line."""
    if (path or "").endswith(".txt"):
        return True
    if b"PokerStars" not in head:
        return False
    k = 0
    while True:
        j = head.find(b"\n", k)
        line = head[k:] if j < 0 else head[k:j + 1]
        if line.strip() or j < 0:
            return b"PokerStars" in head[:k + len(line)]
        k = j + 1


Item = Any      # Batch | Tail | tuple[str, str] ("pokerstars" or "python", path)


def scan(source: Any, *, settle: bool = True, block: int = BLOCK) -> Iterator[Item]:
    """The hands of ``source`` (a path, a folder, a list of them, or PHH text), in order.

    Yields :class:`Batch` and :class:`Tail` items, and ``("other", path)`` for
    a file the fast path does not read (PokerStars text).  ``settle=False``
    reads only (no replay: the records hold no payouts).
    """
    if not available():
        raise RuntimeError("the C core is not loaded: the fast path needs it")
    mode = 1 if settle else 0
    if isinstance(source, str) and ("\n" in source or "=" in source) and \
            "\0" not in source and not os.path.lexists(source):
        yield from _scan_text(source, mode)
        return
    items = source if isinstance(source, (list, tuple)) else [source]
    files = [f for p in items for f in _paths(os.fspath(p))]
    yield from _scan_files(files, mode, block)


def _scan_text(text: str, mode: int) -> Iterator[Item]:
    try:
        data = text.encode("utf-8")
    except UnicodeEncodeError:
        yield ("text", text)
        return
    if _is_pokerstars(None, data[:4096]):
        yield ("text", text)
        return
    rec, _ = _scan(data, [len(data)], True, mode)
    if rec is None:
        yield ("text", text)
        return
    yield Batch(data, [None], _numbered(rec, [0]), rec, mode == 1, False)


def _batch_of(data: bytes, names: list[str | None], ends: list[int], mode: int
              ) -> Iterator[Item]:
    """The hands of files read back to back into ``data`` (file k ends at ``ends[k]``)."""
    rec, _ = _scan(data, ends, True, mode)
    if rec is None:             # some file needs Python whole: one call per file
        start = 0
        for nm, stop in zip(names, ends):
            piece = data[start:stop]
            start = stop
            r1, _ = _scan(piece, [len(piece)], True, mode)
            if r1 is None:
                yield Tail(nm, None, 0, 0)
            else:
                yield Batch(piece, [nm], _numbered(r1, [0]), r1, mode == 1, True)
    else:
        yield Batch(data, names, _numbered(rec, [0] * len(names)), rec, mode == 1, True,
                    [0] + ends[:-1])


def _scan_files(files: list[str], mode: int, block: int) -> Iterator[Item]:
    if len(files) > 1 and kernels.read_small_files_available():
        yield from _scan_files_c(files, mode, block)
        return
    pieces: list[bytes] = []
    names: list[str | None] = []
    ends: list[int] = []
    size = 0

    def flush() -> Iterator[Item]:
        nonlocal pieces, names, ends, size
        if not pieces:
            return
        yield from _batch_of(b"".join(pieces), names, ends, mode)
        pieces, names, ends, size = [], [], [], 0

    flags = os.O_RDONLY | getattr(os, "O_BINARY", 0)
    small = SMALL
    for path in files:
        if problem(path) is not None:   # never opened (a FIFO, a device...): Python reports it
            yield from flush()
            yield ("other", path)
            continue
        try:
            fd = os.open(path, flags)
            try:
                b = os.read(fd, small)
            finally:
                os.close(fd)
        except OSError:
            yield from flush()
            yield ("other", path)       # the Python reader raises the same error
            continue
        if len(b) < small:
            if b[:3] == b"\xef\xbb\xbf":
                b = b[3:]
            try:
                b.decode("utf-8")
                utf8 = True
            except UnicodeDecodeError:
                utf8 = False            # the Python reader reports it, as read() does
            if not utf8 or path.endswith(".txt") or b"PokerStars" in b and \
                    _is_pokerstars(path, b):
                yield from flush()
                yield ("other", path)
                continue
            pieces.append(b)
            names.append(path)
            size += len(b)
            ends.append(size)
            if size >= block or len(pieces) >= GROUP_FILES:
                yield from flush()
            continue
        yield from flush()
        yield from _scan_big(path, mode, block)
    yield from flush()


def _scan_files_c(files: list[str], mode: int, block: int) -> Iterator[Item]:
    """:func:`_scan_files` with the small files read in C, many to a call
    (``kernels.read_small_files``: stat, open, read, close each, no Python per file
    but for the few it flags); the same items in the same order."""
    buf = bytearray(block + SMALL - 1)      # a batch closes at ``block`` bytes or more
    k = 0
    while k < len(files):
        group = files[k:k + GROUP_FILES]
        enc = [os.fsencode(p) for p in group]
        paths = b"\0".join(enc) + b"\0"
        off = np.zeros(len(enc), dtype=np.int64)
        if len(enc) > 1:
            np.cumsum(np.fromiter(map(len, enc), dtype=np.int64, count=len(enc))[:-1] + 1,
                      out=off[1:])
        end = np.empty(len(enc), dtype=np.int64)
        status = np.empty(len(enc), dtype=np.int8)
        flags = np.empty(len(enc), dtype=np.int8)
        done = kernels.read_small_files(paths, off, SMALL, buf, end, status, flags)
        if done <= 0:
            raise RuntimeError("internal error: hr_read_small_files read no file")
        k += done
        # files to look at in Python: not read, not ASCII, naming PokerStars, or .txt
        look = np.flatnonzero((status[:done] != kernels.FILE_OK) | (flags[:done] != 0))
        txt = [j for j, p in enumerate(group[:done]) if p.endswith(".txt")]
        if txt:
            look = np.union1d(look, txt)
        ends = end[:done].tolist()
        first = 0               # the first file of the run not yet yielded
        start = 0               # and where its bytes start in buf
        for j in look.tolist() + [done]:
            if j < done and status[j] == kernels.FILE_OK and not group[j].endswith(".txt"):
                piece = bytes(buf[ends[j - 1] if j else 0:ends[j]])
                ok = True
                if flags[j] & kernels.FILE_NONASCII:
                    try:
                        piece.decode("utf-8")
                    except UnicodeDecodeError:
                        ok = False  # the Python reader reports it, as read() does
                if ok and not (flags[j] & kernels.FILE_STARS and _is_pokerstars(group[j],
                                                                                  piece)):
                    continue        # an ordinary PHH file after all: stays in the run
            if j > first:
                stop = ends[j - 1]
                yield from _batch_of(bytes(buf[start:stop]), list(group[first:j]),
                                     [x - start for x in ends[first:j]], mode)
            if j == done:
                break
            if status[j] == kernels.FILE_BIG:
                yield from _scan_big(group[j], mode, block)
            else:
                yield ("other", group[j])
            first = j + 1
            start = ends[j]


def _newlines(data: bytes, end: int) -> int:
    """``data.count(b"\\n", 0, end)``, in C (several times faster on a block)."""
    return kernels.count_byte(data, end, 10)


def _scan_big(path: str, mode: int, block: int) -> Iterator[Item]:
    """A big file block by block; bounded memory (a block plus one hand).

    Each block is read whole from where the hands before it end: the hand a block
    cuts is read again at the start of the next one (no block is copied)."""
    with open(path, "rb") as f:
        buf = f.read(block)
        size = block
        eof = len(buf) < size
        bom = 3 if buf[:3] == b"\xef\xbb\xbf" else 0
        if _is_pokerstars(path, buf[bom:]):
            yield ("other", path)
            return
        if bom:
            buf = buf[bom:]
        offset = bom                # the file offset of buf[0]
        line = 1                    # and its line
        index = 0
        while True:
            # the text up to the last line end (all of it at the end of the file)
            cut = len(buf) if eof else buf.rfind(b"\n") + 1
            rec, used = _scan(buf, [cut], eof, mode, cut) if cut else (
                np.empty((0, WIDTH), dtype=np.int64), 0)
            if rec is None:
                yield Tail(path, None, offset, index, line)
                return
            if len(rec):
                yield Batch(buf, [path], _numbered(rec, [index]), rec, mode == 1, True, [0],
                            [line])
                index += len(rec)
            if eof:
                return
            line += _newlines(buf, used)
            offset += used
            if used == 0:           # a hand longer than the block: a longer block
                size += block
            f.seek(offset)
            buf = f.read(size)
            eof = len(buf) < size
