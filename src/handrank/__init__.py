"""handrank: fast poker hand ranking from numpy, with a C core.

>>> import handrank as hr
>>> hr.evaluate("As Ks Qs Js Ts")
7462
"""

import importlib as _importlib
import sys as _sys
from typing import Any as _Any

from . import boards, index
from .analysis import (
    BoardAnalysis,
    EquityMatrix,
    RangeEquity,
    analyze,
    equity_matrix,
    range_equity,
)
from .badugi import Badugi, evaluate_badugi, evaluate_badugi_batch
from .cards import card, card_str, cards, cards_str
from .core import _moved  # noqa: F401  (the old private module paths: core/_moved.py)
from .core._backend import BACKEND as backend
from .core._typing import CardsLike
from .core._version import __version__ as __version__
from .draw import DrawGame, DrawOdds, best_hold, draw_game, draw_odds
from .equity import EquityResult
from .errors import (
    HandrankError,
    InvalidCardError,
    InvalidHandError,
    InvalidRangeError,
    InvalidShowdownError,
)
from .evaluate import Category
from .games import Game, game
from .games._deal import deal
from .games._deprecated import (
    evaluate_omaha,
    evaluate_omaha_batch,
    evaluate_omaha_hilo,
    evaluate_omaha_hilo_batch,
    variant,
)
from .lowball import Lowball, lowball
from .operations import (
    best_five,
    category,
    describe,
    equity,
    evaluate,
    evaluate_batch,
    explain,
    games,
    settle,
    showdown_batch,
)
from .pql import PqlError, PqlResult, pql
from .ranges import Range
from .showdown import Pot, PotHalf, Settlement
from .stud import StudRule, stud_rule
from .variants import Variant
from .videopoker import VideoPoker, video_poker

# Submodules that are part of the public API (``hr.analysis.CLASSES``,
# ``hr.reference.evaluate``, ``from handrank import showdown``, ``hr.index``,
# ``hr.boards``); the others are machinery, reached through the names in __all__.
_PUBLIC_MODULES = ("analysis", "boards", "index", "reference", "showdown")


class _CallableModule(_moved._Forwarding):
    """``handrank.showdown``: the module, and callable as :func:`settle`.

    ``hr.showdown(board, hands, contributions)`` settles a showdown, as the
    ``handrank showdown`` command does; ``from handrank import showdown``
    and ``handrank.showdown.settle`` keep working.
    """

    def __call__(self, *args: _Any, **kwargs: _Any) -> Settlement:
        return settle(*args, **kwargs)


_sys.modules[__name__ + ".showdown"].__class__ = _CallableModule


def __getattr__(name: str) -> _Any:
    # hr.reference (the pure-Python rule book) is imported on first use only.
    if name == "reference":
        return _importlib.import_module(".reference", __name__)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


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
