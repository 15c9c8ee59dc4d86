"""What a game is: its deck, its deal and how each half is ranked.

:class:`Game` (base.py) is plain data; :func:`game` and :func:`games`
(registry.py) name the games the library knows.  Every operation
(``handrank.evaluate``, ``equity``, ``settle`` ...) takes ``game=`` and asks
the :class:`Game` how to deal and how to rank, never its name.  This package
imports only the core below it (tables, cards, validation).
"""

from __future__ import annotations

from .base import HANDS, Game
from .registry import game, games, resolve

# the games made in their own modules register themselves in the one registry
from . import double, badeucy, courchevel, wild  # noqa: E402,F401,I001  isort: skip

# the hand rules (Game.rule) register themselves above the evaluators they call
from . import rules  # noqa: E402,F401,I001  isort: skip

__all__ = ["HANDS", "Game", "game", "games", "resolve"]
