"""Ranges: what a player may hold, in the notation players write.

:mod:`.holdem` is the :class:`Range` object and the hold'em notation
(``QQ+,AKs``, weights, ``random``); :mod:`.omaha` the Omaha notation beside
it (``AAKKds``, ``AxKx**``, ``15%``), whose percentages read the shipped
preflop order of :mod:`.omaha_preflop`.  Ranges know games' decks and cards,
nothing of equity.
"""

from __future__ import annotations

from ..core._compat import forward
from . import holdem as _holdem
from .holdem import Range, parse_player

__all__ = ["Range", "parse_player"]


# The other names of the old module (read and patched through this package).
forward(__name__, _holdem)
