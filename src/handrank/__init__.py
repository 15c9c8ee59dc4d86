"""handrank: fast poker hand ranking from numpy, with a C core.

>>> import handrank as hr
>>> hr.evaluate("As Ks Qs Js Ts")
7462
"""

from __future__ import annotations

import importlib
from typing import Any

from . import index
from ._backend import BACKEND as backend
from ._deprecated import (
    evaluate_omaha,
    evaluate_omaha_batch,
    evaluate_omaha_hilo,
    evaluate_omaha_hilo_batch,
    variant,
)
from ._typing import CardsLike
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
from .ranges import Range
from .showdown import Pot, PotHalf, Settlement
from .stud import StudRule, stud_rule
from .variants import Variant
from .videopoker import VideoPoker, video_poker

__version__ = "0.1.0"

from . import boards  # noqa: E402  (reads __version__ lazily)


def __getattr__(name: str) -> Any:
    # hr.reference (the pure-Python rule book) is imported on first use only.
    if name == "reference":
        return importlib.import_module(".reference", __name__)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

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
    "settle",
    "showdown_batch",
    "variant",
]
