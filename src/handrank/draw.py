"""``handrank.draw``: moved to :mod:`handrank.games.draw`; this path keeps working."""

from .core._moved import forward
from .games import draw as _module
from .games.draw import *  # noqa: F403

forward(__name__, _module)
