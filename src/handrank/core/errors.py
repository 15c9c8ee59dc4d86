"""The exceptions handrank raises.

Bad values raise subclasses of :class:`ValueError`, so ``except ValueError``
keeps working for callers that do not know handrank; wrong types raise plain
:class:`TypeError`.
"""

from __future__ import annotations

__all__ = ["HandrankError", "InvalidCardError", "InvalidHandError", "InvalidRangeError",
           "InvalidShowdownError", "UnsupportedGameError"]


class HandrankError(Exception):
    """Base class of every error handrank raises on purpose."""


class InvalidCardError(HandrankError, ValueError):
    """A card that cannot be read: ``invalid card 'Zz'``, ``invalid card id 60``."""


class InvalidHandError(HandrankError, ValueError):
    """A set of cards that is not a hand: a duplicate card or the wrong count."""


class InvalidRangeError(HandrankError, ValueError):
    """Range text that cannot be parsed (``cannot parse 'QQ++'``) or a bad weight."""


class InvalidShowdownError(HandrankError, ValueError):
    """A showdown that cannot be settled: bad chips, seats, lengths or hands."""


class UnsupportedGameError(HandrankError, ValueError):
    """An operation that has no meaning for a game: ``draw_odds`` in hold'em, a board
    for stud.  The message names the operation and the game:
    ``draw_odds does not apply to game 'holdem': ...``."""


def unsupported(operation: str, game: object, why: str = "") -> UnsupportedGameError:
    """The :class:`UnsupportedGameError` of `operation` in `game` (a name or a Game)."""
    name = getattr(game, "name", game)
    return UnsupportedGameError(f"{operation} does not apply to game {name!r}"
                                + (f": {why}" if why else ""))


def no_board(operation: str, game: object, hint: str) -> UnsupportedGameError:
    """The :class:`UnsupportedGameError` of a board given to `operation` in a game without one."""
    name = getattr(game, "name", game)
    return UnsupportedGameError(f"{operation}: game {name!r} has no board: {hint}")


# Their public home is handrank.errors (tracebacks, reprs and pickles name it).
for _cls in (HandrankError, InvalidCardError, InvalidHandError, InvalidRangeError,
             InvalidShowdownError, UnsupportedGameError):
    _cls.__module__ = "handrank.errors"
del _cls
