"""``handrank.errors``: moved to :mod:`handrank.core.errors`; this path keeps working."""

from .core import errors as _module
from .core._moved import forward
from .core.errors import *  # noqa: F403

forward(__name__, _module)
