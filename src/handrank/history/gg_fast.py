"""GGPoker text on the fast path: hands read, replayed and settled in C, as arrays.

:func:`scan` reads GGPoker cash-game text (hold'em no limit and pot-limit
Omaha) block by block.  ``hr_gg_scan`` (csrc/sites_gg.c) cuts each block into
hands exactly as :func:`handrank.history.ggpoker.read_stream` cuts it and
rewrites each hand it is sure of into the PokerStars lines that reader gives
the PokerStars reader; ``hr_stars_replay`` (csrc/sites.c) reads those, replays
and settles them as on the PokerStars fast path
(:mod:`handrank.history.stars_fast`).  A hand any of
the three scanners is not sure of (a straddle, a missed blind, Bet & Muck, an
EV cash-out, a run twice, a tournament, an amount or a name it does not
read, any error) is marked for the Python reader and replay, which give that
hand's result or its error message, so results are the same either way.

Each :class:`GGBatch` is a :class:`~handrank.history.stars_fast.StarsBatch`
over the GGPoker text (``text(i)``, ``line(i)`` and ``hand(i)`` are the
GGPoker hand's; the record check is the summary's fees taken from the
winners, as the Python reader's replay takes them), so what reads PHH and
PokerStars batches reads these.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import numpy as np

from ..core import kernels
from . import fast, ggpoker, pokerstars, stars_fast
from .model import FileError, Hand, HistoryError
from .phh import _paths, problem
from .sites import guess

#: record layout of hr_gg_scan (csrc/sites_gg.h)
G_STATUS, G_START, G_END, G_LINE, G_PS_START, G_PS_END, G_WHY, G_DOLLARS = range(8)
STARS, PYTHON = 0, 1

#: bytes per block of a file
BLOCK = stars_fast.BLOCK

__all__ = ["GGBatch", "GGTail", "available", "scan"]


def available() -> bool:
    """True when the C core (with the three scanners) is loaded."""
    return kernels.gg_scan_available() and stars_fast.available()


def hand_at(text: str, file: str | None, index: int, line: int) -> Hand:
    """The GGPoker hand whose text (its header first) starts at `line` of `file`, read
    as :func:`handrank.history.ggpoker.read_stream` reads it there as hand number
    `index` (its HistoryError, naming the header's line, when it is bad)."""
    buf = [ln for ln in (raw.strip().lstrip("\ufeff") for raw in text.split("\n")) if ln]
    try:
        h = ggpoker._hand(buf, file, index)
    except HistoryError as e:
        raise pokerstars.at_line(e, line) from e.__cause__
    h.line = line
    return h


class GGBatch(stars_fast.StarsBatch):
    """GGPoker hands of one block: one row of ``rec`` (PHH records) per hand.

    ``site_data`` is the GGPoker text; ``srec`` the PokerStars scanner's records
    of the rewritten hands, with each hand's place (start, end, line) in the
    GGPoker text.  Every hand is in cents (GGPoker cash games).
    """

    def __init__(self, site_data: bytes, phh: bytes, file: str | None, first: int,
                 first_line: int, srec: np.ndarray[Any, Any], rec: np.ndarray[Any, Any],
                 dollars: np.ndarray[Any, Any]) -> None:
        super().__init__(site_data, phh, file, first, first_line, srec, rec)
        self.dollars = dollars

    def unit(self, i: int) -> str:
        """Hand ``i``'s unit as the Python reader's ``Hand.extra`` gives it: "USD cents"
        when the header's small blind is in dollars, else "money cents"."""
        return "USD cents" if self.dollars[i] else "money cents"

    def hand(self, i: int) -> Hand:
        """Hand ``i`` read by the Python reader (its HistoryError when it is bad)."""
        return hand_at(self.text(i), self.files[0], self.index[i], self.line(i))


class GGTail(stars_fast.StarsTail):
    """The rest of a file, from byte ``offset`` (a hand's header, line ``line``, hand
    ``index``), left to the Python reader."""

    def hands(self) -> Iterator[Hand | HistoryError]:
        """Each hand, or the HistoryError that refused it, in order."""
        with open(self.file, "rb") as f:
            f.seek(self.offset)
            count = [self.line - 1]
            lines = stars_fast._lines(f, self.line, count)
            bad: list[HistoryError] = []
            try:
                for h in ggpoker.read_stream(lines, self.file, "collect", bad):
                    for e in bad:
                        yield stars_fast._shift(e, self.index)
                    bad.clear()
                    h.index = (h.index or 0) + self.index
                    yield h
            except UnicodeDecodeError as u:
                for x in bad:
                    yield stars_fast._shift(x, self.index)
                bad.clear()
                byte = u.object[u.start:u.start + 1]
                yield FileError(f"not UTF-8 text at line {count[0]} ({u.reason}, byte "
                                f"{byte!r}); the hands before it are read", file=self.file)
                return
            for e in bad:
                yield stars_fast._shift(e, self.index)


def _gg(data: bytes, final: bool) -> tuple[np.ndarray[Any, Any] | None, bytes, int]:
    """One hr_gg_scan call: (records, PokerStars text, bytes consumed); records None
    when Python must read the text."""
    rows = len(data) // 256 + 16
    room = 2 * len(data) + 65536
    for _ in range(4):
        out = np.empty((rows, kernels.GG_WIDTH), dtype=np.int64)
        ps = np.empty(room, dtype=np.uint8)
        n, used, consumed = kernels.gg_scan(data, final, out, ps)
        if n != -2:
            break
        rows, room = data.count(b"\n") + 16, room * 2
    if n == -2:
        raise RuntimeError("internal error: hr_gg_scan ran out of room")
    if n < 0:
        return None, b"", 0
    return out[:n], ps[:used].tobytes(), consumed


def _batch(data: bytes, file: str | None, first: int, first_line: int,
           final: bool) -> tuple[GGBatch | None, int]:
    """The hands of block ``data`` (their numbers from ``first``): a batch and the bytes
    it took, or (None, 0) when Python must read the text from here."""
    grec, ps, consumed = _gg(data, final)
    if grec is None:
        return None, 0
    n = len(grec)
    srec = np.zeros((n, kernels.STARS_WIDTH), dtype=np.int64)
    srec[:, stars_fast.S_STATUS] = stars_fast.PYTHON
    srec[:, stars_fast.S_CENTS] = 1
    took = np.flatnonzero(grec[:, G_STATUS] == STARS)
    rec = np.zeros((n, fast.WIDTH), dtype=np.int64)
    rec[:, fast.STATUS] = fast.PYTHON
    phh = b""
    if len(took):
        # the PokerStars lines written as PHH, replayed and settled (hr_stars_replay)
        got, prec, phh, _ = stars_fast._replayed(ps, True)
        if got is not None:
            if len(got) != len(took) or len(prec) != len(took):
                raise RuntimeError("internal error: the PokerStars scan of the GGPoker "
                                   "hands lost hands")
            srec[took] = got
            rec[took] = prec
    srec[:, stars_fast.S_SEGMENT] = 0
    srec[:, stars_fast.S_START] = grec[:, G_START]
    srec[:, stars_fast.S_END] = grec[:, G_END]
    srec[:, stars_fast.S_LINE] = grec[:, G_LINE]
    rec[:, fast.SEGMENT] = 0
    return GGBatch(data, phh, file, first, first_line, srec, rec, grec[:, G_DOLLARS].copy()), \
        consumed


def scan(source: Any, *, format: str | None = None, block: int = BLOCK
         ) -> Iterator[GGBatch | GGTail | tuple[str, str]]:
    """The GGPoker hands of ``source`` (a path, a folder or a list of them), in order.

    Yields :class:`GGBatch` items (each hand replayed and settled in C, or
    marked for Python), :class:`GGTail` for the rest of a file the C scanner
    leaves to Python whole, and ``("other", path)`` for a file it does not
    read (another format by :func:`~handrank.history.sites.guess` when
    ``format`` is None, or a file that cannot be opened: the Python reader
    reports it).
    """
    if not available():
        raise RuntimeError("the C core is not loaded: the fast path needs it")
    items = source if isinstance(source, (list, tuple)) else [source]
    for p in items:
        for path in _paths(os.fspath(p)):
            yield from _scan_file(path, format, block)


def _scan_file(path: str, format: str | None, block: int
               ) -> Iterator[GGBatch | GGTail | tuple[str, str]]:
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
            if guess(heads[0], heads[1], path) != "ggpoker":
                yield ("other", path)
                return
        elif format != "ggpoker":
            yield ("other", path)
            return
        buf = buf[bom:]
        offset, line, index = bom, 1, 0
        while True:
            data = buf if eof else buf[:buf.rfind(b"\n") + 1]
            try:
                data.decode("utf-8")
                b, used = _batch(data, path, index, line, eof)
            except UnicodeDecodeError:
                b, used = None, 0
            if b is None:
                if offset == bom:
                    yield ("other", path)
                else:
                    yield GGTail(path, offset, index, line)
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
                start = int(b.srec[-1, stars_fast.S_START])
                line += int(b.srec[-1, stars_fast.S_LINE]) - 1 + buf.count(
                    b"\n", start, max(start, used))
            else:
                line += buf.count(b"\n", 0, used)
            buf = buf[used:]
            offset += used
            want = max(block, 2 * len(buf))
            more = f.read(want)
            eof = len(more) < want
            buf += more
