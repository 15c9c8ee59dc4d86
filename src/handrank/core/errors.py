"""The exceptions handrank raises.

Bad values raise subclasses of :class:`ValueError`, so ``except ValueError``
keeps working for callers that do not know handrank; wrong types raise plain
:class:`TypeError`.
"""

from __future__ import annotations

__all__ = ["HandrankError", "InvalidCardError", "InvalidHandError", "InvalidRangeError",
           "InvalidShowdownError"]


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


# Their public home is handrank.errors (tracebacks, reprs and pickles name it).
for _cls in (HandrankError, InvalidCardError, InvalidHandError, InvalidRangeError,
             InvalidShowdownError):
    _cls.__module__ = "handrank.errors"
del _cls
