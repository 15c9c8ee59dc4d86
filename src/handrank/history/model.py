"""The one hand model every reader fills and every writer reads.

It stands on the modules that only read a hand's fields: :mod:`._base` (the
variant tables and :class:`HistoryError`, re-exported here), the PHH writer
(:mod:`._phh_write`, for :meth:`Hand.to_phh`) and the replay (:mod:`.replay`,
for :meth:`Hand.replay`); they import :class:`Hand` for annotations only, so
every import in ``history/`` points down.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ._base import DRAW, GAMES, HOLE, STUD, FileError, HistoryError
from ._phh_write import dumps
from .replay import replay as _replay

__all__ = ["DRAW", "GAMES", "HOLE", "STUD", "FileError", "Hand", "HistoryError"]


@dataclass(eq=True)
class Hand:
    """One hand as recorded.

    Fields follow the PHH specification: seats are ``p1..pn`` there and
    ``0..n-1`` here, in the order of ``starting_stacks`` (for button games
    seat 0 is the small blind and the last seat the button).  ``actions``
    keeps the PHH action strings (``"d dh p1 AsKs"``, ``"p2 cbr 300"``,
    ``"p1 f"``, ``"p2 cc"``, ``"p1 sm AsKs"``, ``"d db 2c8cTh"``).
    ``extra`` holds every other recorded field (event, players' ids...).
    """

    variant: str
    starting_stacks: list[Any]
    actions: list[str]
    antes: list[Any] = field(default_factory=list)
    blinds_or_straddles: list[Any] = field(default_factory=list)
    ante_trimming_status: bool = False
    min_bet: Any = None
    small_bet: Any = None
    big_bet: Any = None
    bring_in: Any = None
    players: list[str] | None = None
    finishing_stacks: list[Any] | None = None
    winnings: list[Any] | None = None
    rake: Any = None
    extra: dict[str, Any] = field(default_factory=dict)
    source: str | None = field(default=None, compare=False)
    index: int | None = field(default=None, compare=False)
    #: the line (1-based) of the hand's first line in its file or text, and of each of
    #: its actions where the reader could tell (error messages name them)
    line: int | None = field(default=None, compare=False)
    action_lines: tuple[int, ...] | None = field(default=None, compare=False, repr=False)

    @property
    def seats(self) -> int:
        """The number of seats dealt in."""
        return len(self.starting_stacks)

    @property
    def game(self) -> str | None:
        """The handrank game this variant settles with, or None if not supported yet."""
        return GAMES.get(self.variant, ("", None))[1]

    def to_phh(self) -> str:
        """The hand as PHH text; ``read(hand.to_phh())`` gives back an equal hand."""
        return dumps(self)

    def replay(self, *, allin_ev: bool = True) -> Any:
        """Replay the actions: see :class:`handrank.history.Replay`.

        ``allin_ev=False`` skips the all-in EV (the exact equity is the costly part).
        """
        return _replay(self, allin_ev=allin_ev)
