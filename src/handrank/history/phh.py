"""Read and write PHH (``.phh``, one hand; ``.phhs``, many hands in ``[n]`` tables).

The hot path is a hand-written reader for the subset of TOML that PHH files
use (``key = value`` lines; strings, numbers, booleans and one-line arrays
of them).  Anything else in a hand (comments, multi-line arrays, escapes)
sends that hand to a real TOML parser (``tomllib``, or ``tomli`` before
Python 3.11), so both give the same result.  The writer, :func:`dumps`,
lives in :mod:`._phh_write`, below the model whose ``Hand.to_phh`` calls it.
"""

from __future__ import annotations

import io
import os
import re
import sys
from collections.abc import Iterable, Iterator
from decimal import Decimal
from typing import Any

from ._phh_write import dumps as dumps  # the writer sits below the model (Hand.to_phh)
from .model import Hand, HistoryError

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


def loads_table(text: str) -> dict[str, Any]:
    """One hand's TOML text as a dict: the fast reader, or TOML where it declines."""
    try:
        return _fast(text)
    except _Fallback:
        return tomllib.loads(text, parse_float=Decimal)


def _hand(d: dict[str, Any], file: str | None, index: int | None) -> Hand:
    for k in ("variant", "starting_stacks", "actions"):
        if k not in d:
            raise HistoryError(f"missing field {k!r}", file=file, hand=index)
    def lst(k: str) -> Any:
        v = d.get(k)
        if v is not None and not isinstance(v, list):
            raise HistoryError(f"field {k!r} must be an array, got {v!r}", file=file, hand=index)
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
        raise HistoryError(f"variant must be a string, got {h.variant!r}", file=file, hand=index)
    for k in ("antes", "blinds_or_straddles", "finishing_stacks", "winnings", "players"):
        v = getattr(h, k)
        if v is not None and len(v) != n:
            raise HistoryError(f"{k} has {len(v)} entries but starting_stacks has {n}",
                               file=file, hand=index)
    if not all(isinstance(a, str) for a in h.actions):
        raise HistoryError("actions must be strings", file=file, hand=index)
    return h


def _chunks(lines: Iterable[str]) -> Iterator[tuple[str | None, str]]:
    """Split a .phhs stream at its ``[name]`` table headers, one hand at a time."""
    name: str | None = None
    buf: list[str] = []
    for line in lines:
        s = line.strip()
        if s[:1] == "[" and s[-1:] == "]" and not s.startswith("[["):
            if buf and any(x.strip() and not x.strip().startswith("#") for x in buf):
                yield name, "".join(buf)
            name, buf = s[1:-1].strip(), []
        else:
            buf.append(line)
    if any(x.strip() and not x.strip().startswith("#") for x in buf):
        yield name, "".join(buf)


class Reader(Iterator[Hand]):
    """The iterator :func:`read` returns; ``.errors`` lists what was refused (collect mode)."""

    def __init__(self, it: Iterator[Hand], errors: list[HistoryError]) -> None:
        self._it, self.errors = it, errors

    def __next__(self) -> Hand:
        return next(self._it)


def _paths(p: str) -> list[str]:
    if "\0" in p:
        from ..core._validate import quote
        raise ValueError(f"source {quote(p)} is neither PHH text (no key = value line) nor a "
                         "path (it holds a NUL byte)")
    if os.path.isdir(p):
        out = []
        posix = os.sep == "/" and os.altsep is None
        for root, dirs, files in os.walk(p):
            dirs.sort()
            # os.path.join(root, f), spelled out where that is all it does
            head = (root if not root or root.endswith("/") else root + "/") if posix else None
            for f in sorted(files):
                if f.endswith((".phh", ".phhs", ".txt")):
                    out.append(head + f if head is not None else os.path.join(root, f))
        return out
    return [p]


def _from_stream(lines: Iterable[str], file: str | None, errors: str,
                 bad: list[HistoryError]) -> Iterator[Hand]:
    for i, (_name, text) in enumerate(_chunks(lines)):
        try:
            try:
                d = loads_table(text)
            except tomllib.TOMLDecodeError as e:
                raise HistoryError(f"bad TOML: {e}", file=file, hand=i) from None
            yield _hand(d, file, i)
        except HistoryError as e:
            if errors == "raise":
                raise
            bad.append(e)


def read(source: Any, *, format: str | None = None, errors: str = "raise") -> Reader:
    """Read hands from a path, a folder (recursively), an open file or a string.

    Parameters
    ----------
    source : str, os.PathLike or text file
        A path to a ``.phh``/``.phhs`` file, a folder, an open file, or PHH text.
    format : {"phh"}, optional
        Guessed when omitted.
    errors : {"raise", "collect"}
        ``"collect"`` goes on past a bad hand and records it in the
        returned reader's ``.errors``.

    Returns
    -------
    Reader
        An iterator of :class:`Hand`, read hand by hand (bounded memory).
    """
    if errors not in ("raise", "collect"):
        raise ValueError(f"errors must be 'raise' or 'collect', got {errors!r}")
    if format not in (None, "phh", "pokerstars"):
        raise ValueError(f"unknown format {format!r}, expected 'phh' or 'pokerstars'")
    from .pokerstars import read_stream

    def stream(lines: Any, file: str | None) -> Iterator[Hand]:
        it = iter(lines)
        first: list[str] = []
        for ln in it:
            first.append(ln)
            if ln.strip():
                break
        fmt = format or ("pokerstars" if "PokerStars" in "".join(first) or (
            file or "").endswith(".txt") else "phh")
        import itertools
        allof = itertools.chain(first, it)
        if fmt == "pokerstars":
            return read_stream(allof, file, errors, bad)
        return _from_stream(allof, file, errors, bad)
    bad: list[HistoryError] = []

    def gen() -> Iterator[Hand]:
        if isinstance(source, (str, os.PathLike)) and (
                isinstance(source, os.PathLike) or "\n" not in source and "=" not in source):
            for p in _paths(os.fspath(source)):
                with open(p, encoding="utf-8-sig") as f:
                    yield from stream(f, p)
        elif isinstance(source, str):
            yield from stream(io.StringIO(source), None)
        elif hasattr(source, "read"):
            yield from stream(source, getattr(source, "name", None))
        else:
            raise TypeError(f"source must be a path, an open file or a string, "
                            f"got {type(source).__name__}")
    return Reader(gen(), bad)
