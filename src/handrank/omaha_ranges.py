"""``handrank.omaha_ranges``: moved to :mod:`handrank.ranges.omaha`; this path keeps working."""

from .core._moved import forward
from .ranges import omaha as _module
from .ranges.omaha import *  # noqa: F403

forward(__name__, _module)
