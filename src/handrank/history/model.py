"""The one hand model every reader fills and every writer reads.

It stands on the modules that only read a hand's fields: :mod:`._base` (the
variant tables and :class:`HistoryError`, re-exported here), :mod:`._record`
(the fields, :class:`HandRecord`), the PHH writer (:mod:`._phh_write`, for
:meth:`Hand.to_phh`) and the replay (:mod:`.replay`, for :meth:`Hand.replay`);
they name :class:`HandRecord`, not :class:`Hand`, so every import in
``history/`` points down, type-only imports included.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ._base import DRAW, GAMES, HOLE, STUD, FileError, HistoryError
from ._phh_write import dumps
from ._record import HandRecord
from .replay import replay as _replay

__all__ = ["DRAW", "GAMES", "HOLE", "STUD", "FileError", "Hand", "HistoryError"]


@dataclass(eq=True)
class Hand(HandRecord):
    """One hand as recorded.

    Fields follow the PHH specification: seats are ``p1..pn`` there and
    ``0..n-1`` here, in the order of ``starting_stacks`` (for button games
    seat 0 is the small blind and the last seat the button).  ``actions``
    keeps the PHH action strings (``"d dh p1 AsKs"``, ``"p2 cbr 300"``,
    ``"p1 f"``, ``"p2 cc"``, ``"p1 sm AsKs"``, ``"d db 2c8cTh"``).
    ``extra`` holds every other recorded field (event, players' ids...).
    """

    def to_phh(self) -> str:
        """The hand as PHH text; ``read(hand.to_phh())`` gives back an equal hand."""
        return dumps(self)

    def replay(self, *, allin_ev: bool = True) -> Any:
        """Replay the actions: see :class:`handrank.history.Replay`.

        ``allin_ev=False`` skips the all-in EV (the exact equity is the costly part).
        """
        return _replay(self, allin_ev=allin_ev)
