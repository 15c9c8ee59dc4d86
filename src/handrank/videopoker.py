"""``handrank.videopoker``: moved to :mod:`handrank.games.videopoker`; this path keeps working."""

from .core._moved import forward
from .games import videopoker as _module
from .games.videopoker import *  # noqa: F403

forward(__name__, _module)
