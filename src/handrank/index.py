"""``handrank.index``: moved to :mod:`handrank.boards.index`; this path keeps working."""

from .boards import index as _module
from .boards.index import *  # noqa: F403
from .core._moved import forward

forward(__name__, _module)
