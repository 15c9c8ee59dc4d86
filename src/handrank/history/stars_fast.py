"""PokerStars text on the fast path: hands read, replayed and settled in C, as arrays.

:func:`scan` reads PokerStars English text histories (hold'em and Omaha, cash
and tournament) block by block.  ``hr_stars_scan`` (csrc/sites.c) cuts each
block into hands exactly as :func:`handrank.history.pokerstars.read_stream`
cuts it and writes each hand it is sure of as a PHH hand -- the same fields
the Python reader gives the hand -- which ``hr_phh_scan`` (csrc/history.c)
then replays and settles, as for PHH files.  A hand either scanner is not sure
of (another language, a cash-out, a straddle, a dead blind, a seat sitting
out, a name or an amount it does not read, any error) is marked for the Python
reader and replay, which give that hand's result or its error message, so
results are the same either way.

Each :class:`StarsBatch` is a :class:`~handrank.history.fast.Batch` (the PHH
records, with the site's own record check: each seat's ``collected`` and
``Uncalled bet`` lines against the payouts, the summary's rake taken from the
winners as :class:`~handrank.history.replay.Replay` takes it), so what reads
PHH batches reads these.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from typing import Any

import numpy as np

from ..core import kernels
from . import fast, pokerstars
from .model import FileError, Hand, HistoryError
from .phh import _file_lines, _paths, problem
from .sites import guess

#: record layout of hr_stars_scan (csrc/sites.h)
S_STATUS, S_SEGMENT, S_START, S_END, S_LINE, S_RAKE, S_CENTS, S_ID, S_SEATS, S_WHY = range(10)
S_WON = 10
PHH, PYTHON = 0, 1

#: bytes per block of a file
BLOCK = 1 << 22

#: the currency of a cash hand's header, as pokerstars.py reads it
_CURRENCY = re.compile(r"\b(USD|EUR|GBP|CAD|CNY)\)")

__all__ = ["StarsBatch", "StarsTail", "available", "scan"]


def available() -> bool:
    """True when the C core (with both scanners) is loaded."""
    return kernels.stars_scan_available() and kernels.phh_scan_available()


class StarsBatch(fast.Batch):
    """PokerStars hands of one block: one row of ``rec`` (PHH records) per hand.

    ``data`` is the PHH text the site text became (the names of ``names(i)``
    are in it; with ``scan(..., text=False)`` the site text itself); ``site_data``
    the site text and ``srec`` the scanner's own
    records (layout in csrc/sites.h).  ``rec[:, AGREE]`` is the site's record
    check, ``taken_rake`` the rake each hand's replay takes from its winners
    (0 where the payouts are the collected amounts exactly), ``cents`` 1 for
    cash hands (amounts in cents) and 0 for tournament chips.
    """

    def __init__(self, site_data: bytes, phh: bytes, file: str | None, first: int,
                 first_line: int, srec: np.ndarray[Any, Any], rec: np.ndarray[Any, Any]
                 ) -> None:
        index = list(range(first, first + len(rec)))
        super().__init__(phh, [file], index, rec, True, False)
        self.site_data, self.srec, self.first_line = site_data, srec, first_line
        self.cents = srec[:, S_CENTS].copy()
        self.taken_rake = np.zeros(len(rec), dtype=np.int64)
        self._check()

    def _check(self) -> None:
        """The record check of Replay._compare on the fast hands, in whole numbers."""
        rec, srec = self.rec, self.srec
        ok = rec[:, fast.STATUS] == fast.OK
        m = fast.MAX_SEATS
        seat = np.arange(m)[None, :] < rec[:, fast.SEATS][:, None]
        pay = self.payouts
        won = srec[:, S_WON:S_WON + m]
        diff = np.where(seat, won - pay, 0)
        exact = (diff == 0).all(axis=1)
        rake = srec[:, S_RAKE]
        raked = (~exact & (rake > 0) & (diff.sum(axis=1) == -rake) & (diff <= 0).all(axis=1)
                 & ((diff == 0) | (pay > 0)).all(axis=1))
        rec[:, fast.AGREE] = np.where(ok, (exact | raked).astype(np.int64), -1)
        self.taken_rake = np.where(ok & raked, rake, 0)
        self._diff = np.where((ok & raked)[:, None], diff, 0)

    @property
    def net_after_rake(self) -> np.ndarray[Any, Any]:
        """Each seat's net less its part of the rake the record takes (fast hands)."""
        out: np.ndarray[Any, Any] = self.net + self._diff
        return out

    def rake_taken(self, lo: int, hi: int) -> np.ndarray[Any, Any]:
        """``(hi - lo, MAX_SEATS)``: what the record's rake takes from each seat of hands
        ``lo:hi`` (0 or less; ``net_after_rake`` is the net plus it)."""
        out: np.ndarray[Any, Any] = self._diff[lo:hi]
        return out

    def unit(self, i: int) -> str:
        """Hand ``i``'s unit as the Python reader's ``Hand.extra`` gives it: "chips" for a
        tournament, else the header's currency (or "money") followed by " cents"."""
        if not self.cents[i]:
            return "chips"
        start = int(self.srec[i, S_START])
        end = self.site_data.find(b"\n", start, int(self.srec[i, S_END]))
        head = self.site_data[start:end if end >= 0 else int(self.srec[i, S_END])]
        m = _CURRENCY.search(head.decode("utf-8"))
        return f"{m.group(1) if m else 'money'} cents"

    def text(self, i: int) -> str:
        """Hand ``i``'s site text."""
        r = self.srec[i]
        return self.site_data[int(r[S_START]):int(r[S_END])].decode("utf-8")

    def line(self, i: int) -> int:
        """The line (1-based) of hand ``i``'s header in its file."""
        return int(self.srec[i, S_LINE]) + self.first_line - 1

    def hand(self, i: int) -> Hand:
        """Hand ``i`` read by the Python reader (its HistoryError when it is bad)."""
        line = self.line(i)
        return pokerstars.hand_at(self.text(i), self.files[0], self.index[i], line)


class StarsTail:
    """The rest of a file, from byte ``offset`` (a hand's header, line ``line``, hand
    ``index``), left to the Python reader."""

    def __init__(self, file: str, offset: int, index: int, line: int) -> None:
        self.file, self.offset, self.index, self.line = file, offset, index, line

    def hands(self) -> Iterator[Hand | HistoryError]:
        """Each hand, or the HistoryError that refused it, in order."""
        with open(self.file, "rb") as f:
            f.seek(self.offset)
            count = [self.line - 1]         # lines read so far, as read() counts them
            lines = _lines(f, self.line, count)
            bad: list[HistoryError] = []
            try:
                for h in pokerstars.read_stream(lines, self.file, "collect", bad):
                    for e in bad:
                        yield _shift(e, self.index)
                    bad.clear()
                    h.index = (h.index or 0) + self.index
                    yield h
            except UnicodeDecodeError as u:     # read()'s FileError, after the hands before it
                for x in bad:
                    yield _shift(x, self.index)
                bad.clear()
                byte = u.object[u.start:u.start + 1]
                yield FileError(f"not UTF-8 text at line {count[0]} ({u.reason}, byte "
                                f"{byte!r}); the hands before it are read", file=self.file)
                return
            for e in bad:
                yield _shift(e, self.index)


def _shift(e: HistoryError, index: int) -> HistoryError:
    if isinstance(e, FileError) or e.hand is None:
        return e
    return type(e)(e.reason, file=e.file, hand=e.hand + index, action=e.action, line=e.line)


def _lines(f: Any, first: int, count: list[int] | None = None) -> Iterator[str]:
    """Lines of a binary file from its position, as read() reads them, preceded by
    ``first - 1`` empty lines (so the reader numbers lines as in the whole file);
    ``count[0]`` counts the file's lines read."""
    for _ in range(first - 1):
        yield ""
    yield from _file_lines(f, [0] if count is None else count)


def _stars(data: bytes, final: bool) -> tuple[np.ndarray[Any, Any] | None, bytes, int]:
    """One hr_stars_scan call: (records, PHH text, bytes consumed); records None when
    Python must read the text."""
    ends = np.array([len(data)], dtype=np.int64)
    rows = len(data) // 256 + 16
    room = 4 * len(data) + 65536
    for _ in range(4):
        out = np.empty((rows, kernels.STARS_WIDTH), dtype=np.int64)
        phh = np.empty(room, dtype=np.uint8)
        n, used, consumed = kernels.stars_scan(data, ends, final, out, phh)
        if n != -2:
            break
        rows, room = data.count(b"\n") + 16, room * 2
    if n == -2:
        raise RuntimeError("internal error: hr_stars_scan ran out of room")
    if n < 0:
        return None, b"", 0
    return out[:n], phh[:used].tobytes(), consumed


def _replayed(data: bytes, final: bool, text: bool = True
              ) -> tuple[np.ndarray[Any, Any] | None, np.ndarray[Any, Any], bytes, int]:
    """One hr_stars_replay call: (scanner records, PHH records, PHH text, bytes
    consumed); records None when Python must read the text.  ``text`` False: no PHH
    text (b""; the records index ``data``)."""
    ends = np.array([len(data)], dtype=np.int64)
    rows = len(data) // 256 + 16
    room = 4 * len(data) + 65536
    for _ in range(4):
        out = np.empty((rows, kernels.STARS_WIDTH), dtype=np.int64)
        prec = np.empty((rows, fast.WIDTH), dtype=np.int64)
        phh = np.empty(room, dtype=np.uint8) if text else None
        n, used, consumed = kernels.stars_replay(data, ends, final, out, prec, phh)
        if n != -2:
            break
        rows, room = data.count(b"\n") + 16, room * 2
    if n == -2:
        raise RuntimeError("internal error: hr_stars_replay ran out of room")
    if n < 0:
        return None, prec[:0], b"", 0
    return out[:n], prec[:n], b"" if phh is None else phh[:used].tobytes(), consumed


def _batch_twice(data: bytes, final: bool, text: bool = True
                 ) -> tuple[np.ndarray[Any, Any] | None, np.ndarray[Any, Any], bytes, int]:
    """As :func:`_replayed`, the way the fast path took before hr_stars_replay: the PHH
    text written by hr_stars_scan, then read, replayed and settled by hr_phh_scan (the
    tests compare the two; ``text`` is not used: the text is the way)."""
    srec, phh, consumed = _stars(data, final)
    if srec is None:
        return None, np.zeros((0, fast.WIDTH), dtype=np.int64), b"", 0
    conv = np.flatnonzero(srec[:, S_STATUS] == PHH)
    rec = np.zeros((len(srec), fast.WIDTH), dtype=np.int64)
    rec[:, fast.STATUS] = fast.PYTHON
    if len(conv):
        prec, _ = fast._scan(phh, [len(phh)], True, 1)
        if prec is None or len(prec) != len(conv):
            raise RuntimeError("internal error: the PHH scan of the site hands lost hands")
        rec[conv] = prec
    if b" for eliminating " in data:
        # a knockout line: read (or refused) by the Python reader only
        for i in np.flatnonzero(rec[:, fast.STATUS] == fast.OK):
            if b" for eliminating " in data[int(srec[i, S_START]):int(srec[i, S_END])]:
                rec[i, fast.STATUS] = fast.PYTHON
    return srec, rec, phh, consumed


def _batch(data: bytes, file: str | None, first: int, first_line: int,
           final: bool, text: bool = True) -> tuple[StarsBatch | None, int]:
    """The hands of block ``data`` (their numbers from ``first``): a batch and the bytes
    it took, or (None, 0) when Python must read the text from here."""
    srec, rec, phh, consumed = _replayed(data, final, text)
    if srec is None:
        return None, 0
    rec[:, fast.SEGMENT] = 0
    return StarsBatch(data, phh if text else data, file, first, first_line, srec, rec
                      ), consumed


def scan(source: Any, *, format: str | None = None, block: int = BLOCK, text: bool = True
         ) -> Iterator[StarsBatch | StarsTail | tuple[str, str]]:
    """The PokerStars hands of ``source`` (a path, a folder or a list of them), in order.

    Yields :class:`StarsBatch` items (each hand replayed and settled in C, or
    marked for Python), :class:`StarsTail` for the rest of a file the C
    scanner leaves to Python whole, and ``("other", path)`` for a file it does
    not read (another format by :func:`~handrank.history.sites.guess` when
    ``format`` is None, or a file that cannot be opened: the Python reader
    reports it).

    ``text=False`` writes no PHH text: each batch's ``data`` is then the site
    text (names and hand spans index it) and its records' variant field is 0.
    The hands, their payouts, nets, rake and record check are the same; what
    reads the PHH text of a batch (the tracker statistics, the all-in EV of
    ``summary()``) needs the default.
    """
    if not available():
        raise RuntimeError("the C core is not loaded: the fast path needs it")
    items = source if isinstance(source, (list, tuple)) else [source]
    for p in items:
        for path in _paths(os.fspath(p)):
            yield from _scan_file(path, format, block, text)


def _scan_file(path: str, format: str | None, block: int, text: bool = True
               ) -> Iterator[StarsBatch | StarsTail | tuple[str, str]]:
    if problem(path) is not None:
        yield ("other", path)
        return
    try:
        f = open(path, "rb")
    except OSError:
        yield ("other", path)
        return
    with f:
        buf = f.read(block)
        eof = len(buf) < block
        bom = 3 if buf[:3] == b"\xef\xbb\xbf" else 0
        if format is None:
            heads = [ln for ln in buf[bom:bom + 65536].decode("utf-8", "replace").split("\n")
                     if ln.strip()][:2] + ["", ""]
            if guess(heads[0], heads[1], path) != "pokerstars":
                yield ("other", path)
                return
        elif format != "pokerstars":
            yield ("other", path)
            return
        buf = buf[bom:]
        offset, line, index = bom, 1, 0
        while True:
            if eof:
                data = buf
            else:
                data = buf[:buf.rfind(b"\n") + 1]
            try:
                if not data.isascii():
                    data.decode("utf-8")
                b, used = _batch(data, path, index, line, eof, text)
            except UnicodeDecodeError:
                b, used = None, 0
            if b is None:
                if offset == bom:
                    yield ("other", path)
                else:
                    yield StarsTail(path, offset, index, line)
                return
            if len(b):
                yield b
                index += len(b)
            if eof:
                return
            if used == 0 and not data.strip():
                used = len(data)
            if len(b):
                # the line of byte `used`: from the last hand's header line, counting
                # only that hand's newlines (not the whole block's)
                last = b.srec[-1]
                start = int(last[S_START])
                line += int(last[S_LINE]) - 1 + buf.count(b"\n", start, max(start, used))
            else:
                line += buf.count(b"\n", 0, used)
            buf = buf[used:]
            offset += used
            want = max(block, 2 * len(buf))
            more = f.read(want)
            eof = len(more) < want
            buf += more
