"""handrank: fast poker hand ranking from numpy, with a C core.

>>> import handrank as hr
>>> hr.evaluate("As Ks Qs Js Ts")
7462
"""

import importlib as _importlib
import inspect as _inspect
import sys as _sys
import types as _types
import typing as _typing
from typing import Any as _Any

from . import boards
from .analysis import (
    BoardAnalysis,
    EquityMatrix,
    RangeEquity,
    analyze,
    equity_matrix,
    range_equity,
)
from .boards import index
from .core import _compat, errors
from .core._backend import BACKEND as backend
from .core._typing import CardsLike
from .core._version import __version__ as __version__
from .core.cards import card, card_str, cards, cards_str
from .core.errors import (
    HandrankError,
    InvalidCardError,
    InvalidHandError,
    InvalidRangeError,
    InvalidShowdownError,
    UnsupportedGameError,
)
from .equity import EquityResult
from .games import Game, game
from .games._deal import deal
from .games.badugi import Badugi, evaluate_badugi, evaluate_badugi_batch
from .games.draw import DrawGame, DrawOdds, best_hold, draw_odds
from .games.holdem import Category
from .games.lowball import Lowball, lowball
from .games.stud import StudRule, stud_rule
from .games.variants import Variant
from .games.videopoker import VideoPoker, video_poker
from .operations import (
    best_five,
    category,
    describe,
    evaluate,
    evaluate_batch,
    explain,
    settle,
    showdown_batch,
)
from .operations import equity as _equity
from .operations import games as _games
from .pql import PqlError, PqlResult
from .pql import pql as _pql
from .ranges import Range
from .showdown import Pot, PotHalf, Settlement

# Two public paths that name a module by another name: ``handrank.index``, the
# hand index (``hr.index.holdem``, ``from handrank.index import Indexer``), is
# handrank.boards.index itself, and ``handrank.errors``, where tracebacks,
# reprs and pickles place the exceptions, is handrank.core.errors.
_sys.modules.setdefault(__name__ + ".index", index)
_sys.modules.setdefault(__name__ + ".errors", errors)
_compat.install()       # the old module paths (core/_compat.py: one place for the past)

# Submodules that are part of the public API (``hr.analysis.CLASSES``,
# ``hr.reference.evaluate``, ``from handrank import showdown``, ``hr.index``,
# ``hr.boards``); the others are machinery, reached through the names in __all__.
_PUBLIC_MODULES = ("analysis", "boards", "index", "reference", "showdown")


class _Package(_types.ModuleType):
    """``handrank`` itself: an old module path of the same name as a function
    (``handrank.cards``), imported for the first time, does not replace the function."""

    def __setattr__(self, name: str, value: _Any) -> None:
        if _compat.protects(name, self.__dict__.get(name), value):
            return
        super().__setattr__(name, value)


class _CallableModule(_compat._Forwarding):
    """``handrank.showdown`` and ``handrank.equity``: the package, and callable as
    the operation of its name (:func:`settle`, :func:`~handrank.operations.equity`).

    ``hr.showdown(board, hands, contributions)`` settles a showdown, as the
    ``handrank showdown`` command does, and ``hr.equity(players, ...)`` computes
    equity; ``from handrank import showdown``, ``handrank.showdown.settle`` and
    ``import handrank.equity.holdem`` keep working.
    """

    def __reduce__(self) -> tuple[_Any, ...]:
        return _importlib.import_module, (self.__name__,)

    @property
    def __doc__(self) -> "str | None":  # type: ignore[override]  # noqa: PLE0307
        """``help(hr.equity)`` documents the call: the operation's own docstring."""
        return _call_doc(self)

    @property
    def __signature__(self) -> _inspect.Signature:
        """The call's parameters (``inspect.signature(hr.equity)``, ``help``)."""
        return _inspect.signature(self.__dict__["_call"])


def _call_doc(module: _types.ModuleType) -> "str | None":
    call = module.__dict__.get("_call")
    return call.__doc__ if call is not None else None


class _CallablePackage(_types.ModuleType):
    """``handrank.games`` and ``handrank.pql``: the package, and callable as the
    function of its name (``hr.games()`` lists the games, ``hr.pql(query)`` runs
    a query; ``import handrank.games.videopoker`` imports)."""

    def __reduce__(self) -> tuple[_Any, ...]:
        return _importlib.import_module, (self.__name__,)

    @property
    def __doc__(self) -> "str | None":  # type: ignore[override]  # noqa: PLE0307
        """``help(hr.games)`` documents the call: the function's own docstring."""
        return _call_doc(self)

    @property
    def __signature__(self) -> _inspect.Signature:
        """The call's parameters (``inspect.signature(hr.games)``, ``help``)."""
        return _inspect.signature(self.__dict__["_call"])


def _callable(name: str, kind: type, call: _Any) -> _types.ModuleType:
    """The package handrank.`name`, callable as `call` (a class of its own whose
    ``__call__`` is `call` itself: no wrapper between the caller and the function)."""
    module = _sys.modules[f"{__name__}.{name}"]
    module.__dict__["_call"] = call
    # (the class's __doc__ is the property that reads the call's docstring)
    module.__class__ = type(kind.__name__, (kind,), {"__call__": staticmethod(call),
                                                     "__module__": __name__,
                                                     "__doc__": kind.__dict__["__doc__"]})
    return module


showdown = _callable("showdown", _CallableModule, settle)
if _typing.TYPE_CHECKING:      # to a type checker, the functions they call
    from .operations import equity as equity
    from .operations import games as games
    from .pql import pql as pql
else:
    equity = _callable("equity", _CallableModule, _equity)
    games = _callable("games", _CallablePackage, _games)
    pql = _callable("pql", _CallablePackage, _pql)
_sys.modules[__name__].__class__ = _Package


def __getattr__(name: str) -> _Any:
    # hr.reference (the pure-Python rule book) is imported on first use only;
    # the old names (hr.evaluate_omaha, hr.stud ...) come from core/_compat.py.
    if name == "reference":
        return _importlib.import_module(".reference", __name__)
    return _compat.attribute(name)


def __dir__() -> list[str]:
    """The public API: the names of __all__, __version__ and the public submodules."""
    return sorted({*__all__, *_PUBLIC_MODULES, "__version__"})

__all__ = [
    "Badugi",
    "BoardAnalysis",
    "DrawGame",
    "DrawOdds",
    "StudRule",
    "VideoPoker",
    "best_hold",
    "draw_game",
    "draw_odds",
    "evaluate_badugi",
    "evaluate_badugi_batch",
    "stud_rule",
    "video_poker",
    "CardsLike",
    "EquityMatrix",
    "RangeEquity",
    "analyze",
    "equity_matrix",
    "range_equity",
    "Category",
    "EquityResult",
    "Game",
    "HandrankError",
    "InvalidCardError",
    "InvalidHandError",
    "InvalidRangeError",
    "InvalidShowdownError",
    "UnsupportedGameError",
    "Lowball",
    "PqlError",
    "PqlResult",
    "Pot",
    "PotHalf",
    "Range",
    "Settlement",
    "Variant",
    "backend",
    "best_five",
    "boards",
    "card",
    "card_str",
    "cards",
    "cards_str",
    "category",
    "deal",
    "describe",
    "equity",
    "evaluate",
    "evaluate_batch",
    "evaluate_omaha",
    "evaluate_omaha_batch",
    "evaluate_omaha_hilo",
    "evaluate_omaha_hilo_batch",
    "index",
    "explain",
    "game",
    "games",
    "lowball",
    "pql",
    "settle",
    "showdown_batch",
    "variant",
]
