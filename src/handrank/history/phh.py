"""Read and write PHH (``.phh``, one hand; ``.phhs``, many hands in ``[n]`` tables).

The hot path is a hand-written reader for the subset of TOML that PHH files
use (``key = value`` lines; strings, numbers, booleans and one-line arrays
of them).  Anything else in a hand (comments, multi-line arrays, escapes)
sends that hand to a real TOML parser (``tomllib``, or ``tomli`` before
Python 3.11), so both give the same result.  The writer, :func:`dumps`,
lives in :mod:`._phh_write`, below the model whose ``Hand.to_phh`` calls it.
"""

from __future__ import annotations

import errno
import io
import itertools
import os
import re
import stat
import sys
import warnings
from collections.abc import Iterable, Iterator
from decimal import Decimal
from typing import Any, cast

from ..core._validate import quote
from ._base import number
from ._phh_write import dumps as dumps  # the writer sits below the model (Hand.to_phh)
from .model import FileError, Hand, HistoryError
from .sites import FORMATS, READERS, guess

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

_KNOWN = ("variant", "ante_trimming_status", "antes", "blinds_or_straddles", "bring_in",
          "small_bet", "big_bet", "min_bet", "starting_stacks", "actions", "players",
          "finishing_stacks", "winnings", "rake")
_LINE = re.compile(r"([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*?)\s*\Z")
_STR = re.compile(r"'([^'\\\n]*)'|\"([^\"\\\n]*)\"")
_NUM = re.compile(r"[+-]?(?:\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)\Z")


class _Fallback(Exception):
    pass


def _scalar(t: str) -> Any:
    if t in ("true", "false"):
        return t == "true"
    if (t[:1] == "'" and t[-1:] == "'" and "'" not in t[1:-1] and len(t) > 1) or (
            t[:1] == '"' and t[-1:] == '"' and '"' not in t[1:-1] and "\\" not in t
            and len(t) > 1):
        return t[1:-1]
    if _NUM.match(t) and "_" not in t:
        if "e" in t or "E" in t:
            raise _Fallback
        if "." in t:
            return Decimal(t)
        if len(t) > 1 and t.lstrip("+-")[:1] == "0" and t.lstrip("+-") != "0":
            raise _Fallback
        return int(t)
    raise _Fallback


def _value(v: str) -> Any:
    if v[:1] == "[":
        if v[-1:] != "]" or "#" in v:
            raise _Fallback
        body = v[1:-1].strip()
        if not body:
            return []
        if body[0] in "'\"":
            out = []
            pos = 0
            for m in _STR.finditer(body):
                if body[pos:m.start()].strip(" ,"):
                    raise _Fallback
                out.append(m.group(1) if m.group(1) is not None else m.group(2))
                pos = m.end()
            if body[pos:].strip(" ,"):
                raise _Fallback
            return out
        return [_scalar(t.strip()) for t in body.rstrip(", ").split(",")]
    if "#" in v:
        raise _Fallback
    return _scalar(v)


def _fast(text: str) -> dict[str, Any]:
    d: dict[str, Any] = {}
    for line in text.splitlines():
        s = line.strip()
        if not s:
            continue
        m = _LINE.match(s)
        if m is None:
            raise _Fallback
        k = m.group(1)
        if k in d:
            raise _Fallback
        d[k] = _value(m.group(2))
    return d


#: bounds on what the TOML parser is given (its time grows with the square of a
#: dotted key's parts, and it recurses once per nested array)
MAX_KEY_PARTS = 32
MAX_DEPTH = 32
_DEEP = re.compile(r"(?:\[[ \t\r\n]*){" + str(MAX_DEPTH + 1) + "}")


def _bounded(text: str) -> None:
    for line in text.splitlines():
        key = line.split("=", 1)[0]
        if key.count(".") >= MAX_KEY_PARTS:
            raise HistoryError(f"bad TOML: a key of {key.count('.') + 1} dotted parts "
                               f"(at most {MAX_KEY_PARTS} are read)")
    if _DEEP.search(text):
        raise HistoryError(f"bad TOML: arrays nested more than {MAX_DEPTH} deep")


def loads_table(text: str) -> dict[str, Any]:
    """One hand's TOML text as a dict: the fast reader, or TOML where it declines."""
    try:
        return _fast(text)
    except _Fallback:
        _bounded(text)
        return tomllib.loads(text, parse_float=Decimal)


def _hand(d: dict[str, Any], file: str | None, index: int | None) -> Hand:
    num = number(index)
    for k in ("variant", "starting_stacks", "actions"):
        if k not in d:
            raise HistoryError(f"missing field {k!r}", file=file, hand=num)
    def lst(k: str) -> Any:
        v = d.get(k)
        if v is not None and not isinstance(v, list):
            raise HistoryError(f"field {k!r} must be an array, got {v!r}", file=file, hand=num)
        return v
    n = len(d["starting_stacks"])
    h = Hand(variant=d["variant"], starting_stacks=lst("starting_stacks"),
             actions=lst("actions"), antes=lst("antes") or [0] * n,
             blinds_or_straddles=lst("blinds_or_straddles") or [0] * n,
             ante_trimming_status=bool(d.get("ante_trimming_status", False)),
             min_bet=d.get("min_bet"), small_bet=d.get("small_bet"), big_bet=d.get("big_bet"),
             bring_in=d.get("bring_in"), players=lst("players"),
             finishing_stacks=lst("finishing_stacks"), winnings=lst("winnings"),
             rake=d.get("rake"), extra={k: v for k, v in d.items() if k not in _KNOWN},
             source=file, index=index)
    if not isinstance(h.variant, str):
        raise HistoryError(f"variant must be a string, got {h.variant!r}", file=file, hand=num)
    for k in ("antes", "blinds_or_straddles", "finishing_stacks", "winnings", "players"):
        v = getattr(h, k)
        if v is not None and len(v) != n:
            raise HistoryError(f"{k} has {len(v)} entries but starting_stacks has {n}",
                               file=file, hand=num)
    if not all(isinstance(a, str) for a in h.actions):
        raise HistoryError("actions must be strings", file=file, hand=num)
    return h


def _chunks(lines: Iterable[str]) -> Iterator[tuple[str | None, str]]:
    """Split a .phhs stream at its ``[name]`` table headers, one hand at a time."""
    for name, text, _ in chunks_at(lines):
        yield name, text


def chunks_at(lines: Iterable[str], first: int = 1
              ) -> Iterator[tuple[str | None, str, int]]:
    """:func:`_chunks` with the line (1-based, the stream's first line being ``first``)
    where each hand's text starts: the line after its ``[name]`` header."""
    name: str | None = None
    buf: list[str] = []
    start = no = first
    for line in lines:
        s = line.strip()
        if s[:1] == "[" and s[-1:] == "]" and not s.startswith("[["):
            if buf and any(x.strip() and not x.strip().startswith("#") for x in buf):
                yield name, "".join(buf), start
            name, buf, start = s[1:-1].strip(), [], no + 1
        else:
            buf.append(line)
        no += 1
    if any(x.strip() and not x.strip().startswith("#") for x in buf):
        yield name, "".join(buf), start


_ACTIONS = re.compile(r"^[ \t]*actions[ \t]*=", re.M)
_LITERAL = re.compile(r"'[^'\n]*'|\"(?:[^\"\\\n]|\\.)*\"")


def action_lines(text: str, first: int, n: int) -> tuple[int, ...] | None:
    """The line of each of the ``n`` strings of a hand's ``actions`` array (the hand's
    text starting at line ``first``), or None where they cannot be told apart."""
    m = _ACTIONS.search(text)
    if m is None:
        return None
    out = []
    pos, line = m.end(), first + text.count("\n", 0, m.end())
    for lit in _LITERAL.finditer(text, pos):
        line += text.count("\n", pos, lit.start())
        pos = lit.start()
        out.append(line)
        if len(out) == n:
            return tuple(out)
    return None


def hand_of(text: str, file: str | None, index: int, line: int | None) -> Hand:
    """One hand's text read into a :class:`Hand` numbered ``index`` (0-based) whose
    text starts at ``line``; every error a HistoryError naming file, hand and line."""
    try:
        d = loads_table(text)
        h = _hand(d, file, index)
    except HistoryError as e:
        raise HistoryError(e.reason, file=file, hand=number(index), line=line,
                           action=e.action) from None
    except tomllib.TOMLDecodeError as e:
        raise HistoryError(f"bad TOML: {e}", file=file, hand=number(index), line=line) from None
    except UNEXPECTED as e:
        raise HistoryError(f"unexpected {type(e).__name__} reading the hand: {e}",
                           file=file, hand=number(index), line=line) from None
    if line is not None:
        h.line = line
        h.action_lines = action_lines(text, line, len(h.actions))
    return h


class Reader(Iterator[Hand]):
    """The iterator :func:`read` returns; ``.errors`` lists what was refused (collect mode)."""

    def __init__(self, it: Iterator[Hand], errors: list[HistoryError]) -> None:
        self._it, self.errors = it, errors

    def __next__(self) -> Hand:
        return next(self._it)


def _paths(p: str) -> list[str]:
    """The files of a path: itself, or a folder's .phh, .phhs and .txt files (sorted,
    recursively, following symlinked folders once each; a folder reached again
    through a symlink loop is listed itself, for the reader to report)."""
    if "\0" in p:
        raise ValueError(f"source {quote(p)} is neither PHH text (no key = value line) nor a "
                         "path (it holds a NUL byte)")
    if os.path.isdir(p):
        out = []
        posix = os.sep == "/" and os.altsep is None
        seen: set[tuple[int, int]] = set()
        for root, dirs, files in os.walk(p, followlinks=True):
            try:
                st = os.stat(root)
                here = (st.st_dev, st.st_ino)
            except OSError:
                here = None
            if here is not None and here in seen:
                out.append(root)            # a loop: reported by the reader, not walked
                dirs[:] = []
                continue
            if here is not None:
                seen.add(here)
            dirs.sort()
            # os.path.join(root, f), spelled out where that is all it does
            head = (root if not root or root.endswith("/") else root + "/") if posix else None
            for f in sorted(files):
                if f.endswith((".phh", ".phhs", ".txt")):
                    out.append(head + f if head is not None else os.path.join(root, f))
        return out
    return [p]


#: what a malformed hand may raise inside the readers, turned into a HistoryError
UNEXPECTED = (ValueError, TypeError, KeyError, IndexError, AttributeError, ArithmeticError,
              RecursionError)


def _from_stream(lines: Iterable[str], file: str | None, errors: str,
                 bad: list[HistoryError]) -> Iterator[Hand]:
    for i, (_name, text, line) in enumerate(chunks_at(lines)):
        try:
            h = hand_of(text, file, i, line)
        except HistoryError as e:
            if errors == "raise":
                raise
            bad.append(e)
        else:
            yield h


def problem(path: str) -> str | None:
    """Why ``path`` is not read as a file (never opening it), or None for a regular file."""
    try:
        st = os.stat(path)
    except FileNotFoundError:
        return ("a dangling symlink (its target does not exist)" if os.path.islink(path)
                else "no such file or folder")
    except OSError as e:
        if e.errno == errno.ELOOP:
            return "a symlink loop"
        return f"cannot be read: {e.strerror or e}"
    if stat.S_ISDIR(st.st_mode):
        return "a folder reached again through a symlink loop: not read twice"
    if not stat.S_ISREG(st.st_mode):
        kind = ("a FIFO" if stat.S_ISFIFO(st.st_mode) else "a device"
                if stat.S_ISCHR(st.st_mode) or stat.S_ISBLK(st.st_mode) else "a socket"
                if stat.S_ISSOCK(st.st_mode) else "not a regular file")
        return f"{kind}: not opened"
    return None


_WARNED = [False]


def read(source: Any = None, *, format: str | None = None, errors: str = "raise",
         text: str | None = None) -> Reader:
    """Read hands from a path, a folder (recursively), an open file, or text.

    Parameters
    ----------
    source : str, os.PathLike or text file
        A path to a ``.phh``/``.phhs``/``.txt`` file, a folder, or an open file.  A
        ``str`` is a path (a ``str`` holding a newline or ``=`` that names no
        existing path is still read as text, with a DeprecationWarning: pass
        ``text=``).
    text : str, optional
        PHH or PokerStars text (instead of ``source``).
    format : str, optional
        The site that wrote the history, one of "phh", "pokerstars", "ggpoker",
        "888poker", "winamax", "ipoker", "partypoker", "wpn"
        (:data:`handrank.history.sites.FORMATS`); guessed from each file's first
        lines when omitted.
    errors : {"raise", "collect"}
        ``"collect"`` goes on past a bad hand or file and records it in the
        returned reader's ``.errors`` (a file that cannot be read as a whole:
        :class:`FileError`, naming it and why).

    Returns
    -------
    Reader
        An iterator of :class:`Hand`, read hand by hand (bounded memory).
    """
    if errors not in ("raise", "collect"):
        raise ValueError(f"errors must be 'raise' or 'collect', got {errors!r}")
    if format not in (None, "phh") and format not in READERS:
        known = ", ".join(repr(f) for f in FORMATS if f == "phh" or f in READERS)
        if format in FORMATS:
            raise ValueError(f"format {format!r} is not read yet; handrank reads {known}")
        raise ValueError(f"unknown format {format!r}, expected one of {known}")

    bad: list[HistoryError] = []

    if text is not None and source is not None:
        raise TypeError("pass either source or text=, not both")
    if text is not None and not isinstance(text, str):
        raise TypeError(f"text must be a str, got {type(text).__name__}")
    as_text = text
    if isinstance(source, str) and ("\n" in source or "=" in source) and \
            "\0" not in source and not os.path.lexists(source):
        if not _WARNED[0]:
            _WARNED[0] = True
            warnings.warn("read() of a str that names no path reads it as text; pass it as "
                          "read(text=...)", DeprecationWarning, stacklevel=2)
        as_text = source

    def gen() -> Iterator[Hand]:
        if as_text is not None:
            yield from _stream(io.StringIO(as_text), None, format, errors, bad)
        elif isinstance(source, (str, os.PathLike)):
            for p in _paths(os.fspath(source)):
                yield from _one_file(p, format, errors, bad)
        elif hasattr(source, "read"):
            yield from _stream(source, getattr(source, "name", None), format, errors, bad)
        else:
            raise TypeError(f"source must be a path, an open file or a string, "
                            f"got {type(source).__name__}")
    return Reader(gen(), bad)


def _stream(lines: Any, file: str | None, format: str | None, errors: str,
            bad: list[HistoryError]) -> Iterator[Hand]:
    """The hands of a stream of lines, by the reader of its format (given, or guessed
    from its first two lines that are not blank)."""
    it = iter(lines)
    first: list[str] = []
    seen = 0
    for ln in it:
        first.append(ln)
        seen += bool(ln.strip())
        if seen == 2:
            break
    heads = [ln for ln in first if ln.strip()] + ["", ""]
    fmt = format or guess(heads[0], heads[1], file)
    allof = itertools.chain(first, it)
    if fmt in READERS:
        return cast(Iterator[Hand], READERS[fmt](allof, file, errors, bad))
    return _from_stream(allof, file, errors, bad)


def _file_lines(f: Any, line: list[int]) -> Iterator[str]:
    """A binary file's lines as text, one at a time (so the hands before a bad byte
    are read), counted in ``line[0]``; universal newlines, as text mode: \\n, \\r\\n
    and a lone \\r end a line."""
    for k, raw in enumerate(f):
        if k == 0 and raw[:3] == b"\xef\xbb\xbf":
            raw = raw[3:]
        parts = raw.replace(b"\r\n", b"\n").split(b"\r")
        for j, part in enumerate(parts):
            if j < len(parts) - 1:
                part += b"\n"
            elif not part:
                continue
            line[0] += 1
            yield part.decode("utf-8")


def _one_file(p: str, format: str | None, errors: str, bad: list[HistoryError]
              ) -> Iterator[Hand]:
    """The hands of one file; a file that cannot be read is a FileError (raised, or
    listed in ``bad``)."""
    why = problem(p)
    if why is None:
        try:
            f = open(p, "rb")
        except OSError as e:
            why = f"cannot be read: {e.strerror or e}"
    if why is not None:
        err = FileError(why, file=p)
        if errors == "raise":
            raise err
        bad.append(err)
        return
    line = [0]
    with f:
        try:
            yield from _stream(_file_lines(f, line), p, format, errors, bad)
        except UnicodeDecodeError as e:
            byte = e.object[e.start:e.start + 1]
            err = FileError(f"not UTF-8 text at line {line[0]} ({e.reason}, byte "
                            f"{byte!r}); the hands before it are read", file=p)
            if errors == "raise":
                raise err from None
            bad.append(err)
        except OSError as e:
            err = FileError(f"cannot be read: {e.strerror or e}", file=p)
            if errors == "raise":
                raise err from None
            bad.append(err)
