"""Which site wrote a text history: guessed from its first lines.

:func:`guess` names the reader (``"ggpoker"``, ``"ipoker"``, ``"winamax"``, ``"wpn"``,
``"888poker"``, ``"partypoker"``, ``"pokerstars"`` or ``"phh"``) from the first two lines
that are not blank, as :func:`handrank.history.read` does when no
``format`` is given; :data:`READERS` maps each site format to its
``read_stream``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any

from . import ggpoker, ipoker, partypoker, poker888, pokerstars, winamax, wpn
from .model import Hand, HistoryError

__all__ = ["FORMATS", "READERS", "guess"]

#: the formats read() takes
FORMATS = ("phh", "pokerstars", "ggpoker", "888poker", "winamax", "ipoker", "partypoker", "wpn")

Stream = Callable[[Iterable[str], "str | None", str, list[HistoryError]], Iterator[Hand]]
#: the text readers, by format
READERS: dict[str, Any] = {
    "pokerstars": pokerstars.read_stream,
    "ggpoker": ggpoker.read_stream,
    "winamax": winamax.read_stream,
    "888poker": poker888.read_stream,
    "partypoker": partypoker.read_stream,
    "wpn": wpn.read_stream,
    "ipoker": ipoker.read_stream,
}


def guess(first: str, second: str = "", file: str | None = None) -> str:
    """The format of a history whose first non-blank lines are `first` and `second`."""
    a, b = first.strip().lstrip("\ufeff"), second.strip()
    if a.startswith(("<?xml", "<session")) and ("<session" in a + b or "<session" in b):
        return "ipoker"
    if ggpoker.HEAD.match(a):
        return "ggpoker"
    if "Winamax Poker" in a:
        return "winamax"
    if wpn.HEAD.match(a) or wpn.HEAD_V2.match(a):
        return "wpn"
    if partypoker.HEAD.match(a) or (poker888.HEAD.match(a) and partypoker.HEAD.match(b)):
        return "partypoker"
    if poker888.HEAD.match(a) or poker888.SITE.match(a):
        return "888poker"
    if "PokerStars" in a or (file or "").endswith(".txt"):
        return "pokerstars"
    return "phh"
