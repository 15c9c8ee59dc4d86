"""handrank: fast poker hand ranking from numpy, with a C core.

>>> import handrank as hr
>>> hr.evaluate("As Ks Qs Js Ts")
7462
"""

import importlib as _importlib
import sys as _sys
import types as _types
from typing import Any as _Any

from ._backend import BACKEND as backend
from ._deal import deal
from ._typing import CardsLike
from .analysis import (
    BoardAnalysis,
    EquityMatrix,
    RangeEquity,
    analyze,
    equity_matrix,
    range_equity,
)
from .cards import card, card_str, cards, cards_str
from .equity import EquityResult, equity
from .errors import (
    HandrankError,
    InvalidCardError,
    InvalidHandError,
    InvalidRangeError,
    InvalidShowdownError,
)
from .evaluate import Category, best_five, category, describe, evaluate, evaluate_batch
from .hilo import evaluate_omaha_hilo, evaluate_omaha_hilo_batch
from .lowball import Lowball, lowball
from .omaha import evaluate_omaha, evaluate_omaha_batch
from .ranges import Range
from .showdown import Pot, PotHalf, Settlement, explain, settle, showdown_batch
from .variants import Variant, variant

__version__ = "0.1.0"

# Submodules that are part of the public API (``hr.analysis.CLASSES``,
# ``hr.reference.evaluate``, ``from handrank import showdown``); the others
# are machinery, reached through the names in __all__.
_PUBLIC_MODULES = ("analysis", "reference", "showdown")


class _CallableModule(_types.ModuleType):
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
    return sorted([*__all__, *_PUBLIC_MODULES, "__version__"])

__all__ = [
    "BoardAnalysis",
    "CardsLike",
    "EquityMatrix",
    "RangeEquity",
    "analyze",
    "equity_matrix",
    "range_equity",
    "Category",
    "EquityResult",
    "HandrankError",
    "InvalidCardError",
    "InvalidHandError",
    "InvalidRangeError",
    "InvalidShowdownError",
    "Lowball",
    "Pot",
    "PotHalf",
    "Range",
    "Settlement",
    "Variant",
    "backend",
    "best_five",
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
    "explain",
    "lowball",
    "settle",
    "showdown_batch",
    "variant",
]
