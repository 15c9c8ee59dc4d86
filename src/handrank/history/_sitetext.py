"""What every site reader shares: a stream cut into hands, and a hand read through the
PokerStars reader once its lines are rewritten into PokerStars' words.

The site modules (:mod:`.winamax`, :mod:`.poker888`, :mod:`.partypoker`,
:mod:`.wpn`, :mod:`.ipoker`) keep only what is their own: the header that
starts a hand and the rewriting of its lines.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from typing import Any, Protocol

from . import pokerstars
from .model import Hand, HistoryError

__all__ = ["Header", "hands_of", "through_pokerstars"]


class Header(Protocol):
    """What :func:`hands_of` asks of a hand's first line: ``match(line)``, a match
    where a hand starts (a compiled pattern, or a reader's own test)."""

    def match(self, line: str) -> re.Match[str] | None: ...


def through_pokerstars(file: str | None, index: int,
                       english: Callable[[Any], tuple[list[str], dict[str, Any]]],
                       stud: bool = False) -> Hand:
    """The hand whose lines ``english(fail)`` rewrites into PokerStars' words (and
    the fields it keeps for ``Hand.extra``); a ValueError there names the file and hand.
    `stud`: the layer writes stud hands in the reader's stud words (see
    :func:`handrank.history.pokerstars._hand`)."""
    def fail(msg: str) -> HistoryError:
        return HistoryError(msg, file=file, hand=index + 1)
    try:
        lines, keep = english(fail)
    except HistoryError:
        raise
    except (ValueError, ArithmeticError) as e:
        raise fail(str(e)) from None
    h = pokerstars._hand(lines, file, index, stud=stud)
    h.extra.update(keep)
    return h


def hands_of(lines: Iterable[str], file: str | None, errors: str, bad: list[HistoryError],
             head: re.Pattern[str] | Header, site: str,
             hand: Callable[[list[str], str | None, int], Hand],
             ignore: tuple[str, ...] = ()) -> Iterator[Hand]:
    """Cut `lines` into hands at each line `head` matches and read each with `hand`.

    A bad hand is raised (``errors="raise"``) or recorded in `bad`; text before the
    first header (other than lines starting with `ignore`) is recorded once, so a
    file that holds no hand of this site is reported, never skipped.
    """
    buf: list[str] = []
    i = 0
    stray = 0
    start = 0                           # the line (1-based) of the hand's header

    def flush() -> Iterator[Hand]:
        nonlocal i
        if buf:
            try:
                h = hand(buf, file, i)
            except HistoryError as e:
                err = pokerstars.at_line(e, start)
                if errors == "raise":
                    raise err from e.__cause__
                bad.append(err)
            else:
                h.line = start
                yield h
            i += 1
    for n, raw in enumerate(lines, 1):
        ln = raw.strip().lstrip("\ufeff")
        if head.match(ln):
            yield from flush()
            start = n
            buf = [ln]
        elif ln and buf:
            buf.append(ln)
        elif ln and not ln.startswith(ignore):
            stray += 1
            if stray == 1:
                e = HistoryError(f"text that is not a {site} hand before the first header: "
                                 f"{ln[:60]!r}", file=file, hand=None, line=n)
                if errors == "raise":
                    raise e
                bad.append(e)
    yield from flush()
