"""``handrank.evaluate``: moved to :mod:`handrank.games.holdem`; this path keeps working."""

from .core._moved import forward
from .games import holdem as _module
from .games.holdem import *  # noqa: F403

forward(__name__, _module)
