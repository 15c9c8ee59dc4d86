"""``handrank.stud``: moved to :mod:`handrank.games.stud`; this path keeps working."""

from .core._moved import forward
from .games import stud as _module
from .games.stud import *  # noqa: F403

forward(__name__, _module)
