"""``handrank.variants``: moved to :mod:`handrank.games.variants`; this path keeps working."""

from .core._moved import forward
from .games import variants as _module
from .games.variants import *  # noqa: F403

forward(__name__, _module)
