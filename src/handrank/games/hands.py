"""Whole hands of a :class:`Game`: the strength of each half, from the game's own data.

The operations (``handrank.evaluate_batch`` ...) and the engines that rank
whole hands (the games without a board, the showdowns) share these, so none
of them needs the operations above it.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..core._typing import StrengthArray
from .base import Game
from .holdem import evaluate_batch as _evaluate_batch
from .lowball import Lowball, lowball

__all__ = ["low", "whole_hands"]


def low(g: Game) -> Lowball:
    """The low rule (and qualifier) of `g`'s low half."""
    if g.low_rule is None:
        raise RuntimeError(f"internal error: game {g.name!r} has no low rule")
    return lowball(g.low_rule[0], qualifier=g.low_rule[1])


def whole_hands(g: Game, arr: Any, out: StrengthArray | None = None,
                threads: int | None = None) -> StrengthArray:
    """Strengths of rows of whole hands (5 to 7 cards) in a game of the best five of any
    cards: ``(n,)`` for one half, ``(n, 2)`` (high, low; low 0 = none) for two."""
    if not g.split:
        if g.high is None:
            return low(g).evaluate_batch(arr, out=out, threads=threads)
        return _evaluate_batch(arr, out=out, threads=threads, variant=g)
    high = _evaluate_batch(arr, threads=threads, variant=g)
    lows = low(g).evaluate_batch(arr, threads=threads)
    n = len(high)
    if out is None:
        res = np.empty((n, 2), dtype=np.uint16)
    else:
        if (not isinstance(out, np.ndarray) or out.dtype != np.uint16 or out.shape != (n, 2)
                or not out.flags.writeable):
            raise TypeError(f"out must be a writable uint16 array of shape ({n}, 2)")
        res = out
    res[:, 0] = high
    res[:, 1] = lows
    return res
