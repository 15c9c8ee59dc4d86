"""Type aliases for what the public functions accept and return.

``CardsLike`` is public (``handrank.CardsLike``): annotate your own
functions that pass cards through to handrank with it.  The others name the
shapes the signatures share; the aliases that name a game or a range live
with them (``VariantLike`` in :mod:`handrank.games.base`, ``PlayerLike`` in
:mod:`handrank.ranges.holdem`), so this module imports nothing above core.
Aliases are built with ``Union`` (not ``|``) because they are evaluated at
import time, on Python 3.9 too.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol, Union

import numpy as np
from numpy.typing import NDArray

if TYPE_CHECKING:
    from ._tables import GameTables

__all__ = [
    "CardArrayLike",
    "CardLike",
    "CardsLike",
    "ComboArray",
    "FloatArray",
    "HasTables",
    "IntArray",
    "StrengthArray",
]

#: One card: ``"As"`` or an id 0..51 (``4 * rank + suit``).
CardLike = Union[str, int, np.integer[Any]]

#: What a card argument accepts: text (``"As Kd"``, ``"AsKd"``, ``"A♠ K♦"``),
#: a sequence of cards given as text or ids (``["As", "Kd"]``, ``[51, 45]``),
#: or a 1-D integer numpy array of ids.
CardsLike = Union[str, Sequence[CardLike], NDArray[np.integer[Any]]]

#: Rows of card ids, shape ``(n, k)``: an integer array or nested sequences of ids.
CardArrayLike = Union[NDArray[np.integer[Any]], Sequence[Sequence[Union[int, np.integer[Any]]]]]

#: Integers of any width (strengths given back to ``category``, card ids, ...).
IntArray = NDArray[np.integer[Any]]

#: Strengths as returned by the batch functions.
StrengthArray = NDArray[np.uint16]

#: Equities, weights, fractions.
FloatArray = NDArray[np.float64]

#: Two-card combos as ``(n, 2)`` card ids.
ComboArray = NDArray[np.uint8]


class HasTables(Protocol):
    """A game object: :class:`Variant` (and :class:`Lowball`) name their tables."""

    @property
    def tables(self) -> GameTables: ...

