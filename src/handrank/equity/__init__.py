"""Equity: how often each hand wins, exactly or by Monte Carlo, in every game.

:mod:`.holdem` is the hold'em-like engine and the result types;
:mod:`.omaha` and :mod:`.hilo` the Omaha and two-half engines,
:mod:`.holdem_hilo` hold'em hi-lo, :mod:`.boardless` the games without a
board (stud, draw, badugi), :mod:`.preflop` the hold'em preflop tables and
:mod:`._exact_random` the exact all-in against ``random``.  They import
games, ranges and the core, never the operations above them;
:func:`equity` here is the old entry point ``handrank.equity.equity``, which
picks the engine from the :class:`~handrank.Game` its ``game=`` names.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from ..core._compat import forward
from ..core._run import check_progress
from ..core._typing import CardsLike
from ..core._validate import quote
from ..games.base import VariantLike
from ..games.registry import legacy_game, legacy_names
from ..ranges.holdem import PlayerLike
from . import hilo as _hilo
from . import holdem as _holdem
from . import omaha as _omaha
from .holdem import EquityResult, _hand_labels

__all__ = ["EquityResult", "equity"]


def equity(players: Sequence[PlayerLike], board: CardsLike = "", dead: CardsLike = "", *,
           exact: bool | None = None,
           trials: int | None = None, target_stderr: float | None = None,
           seed: int | None = None, threads: int | None = None,
           variant: VariantLike = None, game: str = "holdem",
           progress: Any = None) -> EquityResult:
    kw: dict[str, Any] = {"exact": exact, "trials": trials, "target_stderr": target_stderr,
                          "seed": seed, "threads": threads, "variant": variant}
    g = legacy_game("equity", game)
    if g is not None and g.rule.holdem_kernels(g):
        return _holdem.equity(players, board, dead, game=game, progress=progress, **kw)
    tally = check_progress(progress)
    if tally is not None:                   # the other games: the start and the end only
        tally(0, 1)
        out = equity(players, board, dead, game=game, **kw)
        tally(1, 1)
        return out
    if g is None:
        names = legacy_names("equity")
        raise ValueError(f"unknown game {quote(game)}, expected "
                         + " or ".join(repr(n) for n in names))
    if g.split:
        result: EquityResult = _hilo.equity(players, board, dead, **kw)
    else:
        result = _omaha.equity(players, board, dead, **kw)
    return replace(result, hands=_hand_labels(players))


equity.__doc__ = _holdem.equity.__doc__

# The other names of the old module (read and patched through this package).
forward(__name__, _holdem)
