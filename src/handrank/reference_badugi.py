"""``handrank.reference_badugi``: moved to :mod:`handrank.reference.badugi` (this path works)."""

from .core._moved import forward
from .reference import badugi as _module
from .reference.badugi import *  # noqa: F403

forward(__name__, _module)
