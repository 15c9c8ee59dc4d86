"""``handrank.hilo``: moved to :mod:`handrank.games.hilo`; this path keeps working."""

from .core._moved import forward
from .games import hilo as _module
from .games.hilo import *  # noqa: F403

forward(__name__, _module)
