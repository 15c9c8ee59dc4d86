"""Showdowns: pots, side pots, odd chips and why a hand wins, in every game.

:mod:`.pots` settles (``settle``, ``settle_game``, ``showdown_batch``,
``explain``); :mod:`.hilo` pays the halves of a hi-lo pot.  Each asks the
:class:`~handrank.Game` how hands form and are ranked; ``handrank.showdown``
is also callable as :func:`settle` (see ``handrank/__init__.py``).
"""

from __future__ import annotations

from ..core._compat import forward
from . import pots as _pots
from .pots import (
    InvalidShowdownError,
    Pot,
    PotHalf,
    Settlement,
    explain,
    settle,
    showdown_batch,
)

__all__ = ["InvalidShowdownError", "Pot", "PotHalf", "Settlement", "explain", "settle",
           "showdown_batch"]


# The other names of the old module (read and patched through this package).
forward(__name__, _pots)
