"""The recorded fields of a hand (:class:`HandRecord`), below everything that reads them.

:class:`handrank.history.Hand` is this record with the two methods that call
the PHH writer and the replay; the writer (:mod:`._phh_write`), the betting
(:mod:`._play`) and the replay (:mod:`.replay`) read a hand's fields only, so
they name this class and every import in ``history/`` points down, type-only
imports included.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ._base import GAMES

__all__ = ["HandRecord"]


@dataclass(eq=True)
class HandRecord:
    """The fields of one hand as recorded: see :class:`handrank.history.Hand`."""

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
