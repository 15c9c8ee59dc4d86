"""Equity: how often each hand wins, exactly or by Monte Carlo, in every game.

:mod:`.holdem` is the hold'em-like engine and :func:`equity`'s result types;
:mod:`.omaha` and :mod:`.hilo` the Omaha and two-half engines,
:mod:`.holdem_hilo` hold'em hi-lo, :mod:`.boardless` the games without a
board (stud, draw, badugi), :mod:`.preflop` the hold'em preflop tables and
:mod:`._exact_random` the exact all-in against ``random``.  They import
games, ranges and the core, never the operations above them.
"""

from __future__ import annotations

from ..core._moved import forward
from . import holdem as _holdem
from .holdem import EquityResult, equity

__all__ = ["EquityResult", "equity"]


# The other names of the old module (read and patched through this package).
forward(__name__, _holdem)
