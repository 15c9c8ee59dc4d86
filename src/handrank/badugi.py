"""``handrank.badugi``: moved to :mod:`handrank.games.badugi`; this path keeps working."""

from .core._moved import forward
from .games import badugi as _module
from .games.badugi import *  # noqa: F403

forward(__name__, _module)
