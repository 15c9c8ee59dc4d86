"""The floor of ``history/``: the PHH variants handrank knows and :class:`HistoryError`.

The model (:mod:`.model`), the PHH writer (:mod:`._phh_write`) and the
replay (:mod:`.replay`) all stand on this module, so the model can call the
writer and the replay without either of them importing the model.
"""

from __future__ import annotations

from ..core.errors import HandrankError

__all__ = ["DRAW", "GAMES", "HOLE", "STUD", "FileError", "HistoryError"]

#: PHH variant code -> the handrank game it settles with (None: not on main yet)
GAMES: dict[str, tuple[str, str | None]] = {
    "NT": ("no-limit hold'em", "holdem"),
    "FT": ("fixed-limit hold'em", "holdem"),
    "PT": ("pot-limit hold'em", "holdem"),
    "NS": ("no-limit short-deck hold'em", "shortdeck"),
    "FO/8": ("fixed-limit Omaha hi-lo", "omaha-hilo"),
    "PO/8": ("pot-limit Omaha hi-lo", "omaha-hilo"),
    "NO/8": ("no-limit Omaha hi-lo", "omaha-hilo"),
    "PO": ("pot-limit Omaha", "omaha"),
    "NO": ("no-limit Omaha", "omaha"),
    # five-card Omaha: handrank's own codes (PHH names no five-card Omaha variant)
    "PO5": ("pot-limit five-card Omaha", "omaha5"),
    "PO5/8": ("pot-limit five-card Omaha hi-lo", "omaha5-hilo"),
    "F7S": ("seven-card stud", "stud"),
    "F7S/8": ("seven-card stud hi-lo", "stud-hilo"),
    "FR": ("razz", "razz"),
    "F2L3D": ("deuce-to-seven triple draw", "27-triple"),
    "N2L1D": ("deuce-to-seven single draw", "27-draw"),
    "FB": ("badugi", "badugi"),
}

#: the hole-card count of each variant (for dealing checks)
HOLE = {"NT": 2, "FT": 2, "PT": 2, "NS": 2, "FO/8": 4, "PO/8": 4, "NO/8": 4, "PO": 4, "NO": 4,
        "PO5": 5, "PO5/8": 5}

#: games without a board: stud (cards dealt one street at a time, a bring-in)
#: and draw (a fixed hand size, discards ``sd``)
STUD = {"F7S": 7, "F7S/8": 7, "FR": 7}
DRAW = {"F2L3D": 5, "N2L1D": 5, "FB": 4}


class HistoryError(HandrankError, ValueError):
    """A hand history that cannot be read or replayed.

    Attributes
    ----------
    file : str or None
        The file it came from.
    hand : int or None
        The hand's number in its file, 1-based as the command line counts hands
        ("hand 1" is the first; ``Hand.index`` is the same hand's 0-based index).
    line : int or None
        The line in the file (1-based): the offending action's where it can be
        told, else the hand's first line.
    action : int or None
        The index of the offending action in ``actions`` (0-based).
    reason : str
        What is wrong.
    """

    def __init__(self, reason: str, *, file: str | None = None, hand: int | None = None,
                 action: int | None = None, line: int | None = None) -> None:
        self.reason, self.file, self.hand, self.action = reason, file, hand, action
        self.line = line
        where = []
        if file is not None:
            where.append(f"file {file!r}")
        if hand is not None:
            where.append(f"hand {hand}")
        if line is not None:
            where.append(f"line {line}")
        if action is not None:
            where.append(f"action {action}")
        super().__init__(reason + (" (" + ", ".join(where) + ")" if where else ""))


def number(index: int | None) -> int | None:
    """The 1-based hand number of :class:`HistoryError` for a 0-based ``index``."""
    return None if index is None else index + 1


# Its public home stays handrank.history.model (tracebacks, reprs and pickles name it).
HistoryError.__module__ = "handrank.history.model"


class FileError(HistoryError):
    """A file (or folder entry) that could not be read as a whole: missing, a dangling
    or looping symlink, unreadable, not a regular file (a FIFO or a device is never
    opened), not UTF-8 text, or not a hand history handrank recognises.  ``hand``
    and ``action`` are None; ``file`` names it."""


FileError.__module__ = "handrank.history.model"
