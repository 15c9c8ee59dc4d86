"""``handrank.lowball``: moved to :mod:`handrank.games.lowball`; this path keeps working."""

from .core._moved import forward
from .games import lowball as _module
from .games.lowball import *  # noqa: F403

forward(__name__, _module)
