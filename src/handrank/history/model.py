"""The one hand model every reader fills and every writer reads."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..core.errors import HandrankError

#: PHH variant code -> the handrank game it settles with (None: not on main yet)
GAMES: dict[str, tuple[str, str | None]] = {
    "NT": ("no-limit hold'em", "holdem"),
    "FT": ("fixed-limit hold'em", "holdem"),
    "PT": ("pot-limit hold'em", "holdem"),
    "NS": ("no-limit short-deck hold'em", "shortdeck"),
    "FO/8": ("fixed-limit Omaha hi-lo", "omaha-hilo"),
    "PO": ("pot-limit Omaha", "omaha"),
    "NO": ("no-limit Omaha", "omaha"),
    "F7S": ("seven-card stud", "stud"),
    "F7S/8": ("seven-card stud hi-lo", "stud-hilo"),
    "FR": ("razz", "razz"),
    "F2L3D": ("deuce-to-seven triple draw", "27-triple"),
    "N2L1D": ("deuce-to-seven single draw", "27-draw"),
    "FB": ("badugi", "badugi"),
}

#: the hole-card count of each variant (for dealing checks)
HOLE = {"NT": 2, "FT": 2, "PT": 2, "NS": 2, "FO/8": 4, "PO": 4, "NO": 4}

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
        The hand's number in its file (0-based), or its recorded ``hand``.
    action : int or None
        The index of the offending action in ``actions``.
    reason : str
        What is wrong.
    """

    def __init__(self, reason: str, *, file: str | None = None, hand: int | None = None,
                 action: int | None = None) -> None:
        self.reason, self.file, self.hand, self.action = reason, file, hand, action
        where = []
        if file is not None:
            where.append(f"file {file!r}")
        if hand is not None:
            where.append(f"hand {hand}")
        if action is not None:
            where.append(f"action {action}")
        super().__init__(reason + (" (" + ", ".join(where) + ")" if where else ""))


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
        from .phh import dumps
        return dumps(self)

    def replay(self, *, allin_ev: bool = True) -> Any:
        """Replay the actions: see :class:`handrank.history.Replay`.

        ``allin_ev=False`` skips the all-in EV (the exact equity is the costly part).
        """
        from .replay import replay
        return replay(self, allin_ev=allin_ev)
