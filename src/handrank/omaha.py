"""``handrank.omaha``: moved to :mod:`handrank.games.omaha`; this path keeps working."""

from .core._moved import forward
from .games import omaha as _module
from .games.omaha import *  # noqa: F403

forward(__name__, _module)
