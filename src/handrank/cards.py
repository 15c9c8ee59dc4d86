"""``handrank.cards``: moved to :mod:`handrank.core.cards`; this path keeps working."""

from .core import cards as _module
from .core._moved import forward
from .core.cards import *  # noqa: F403

forward(__name__, _module)
