"""``handrank.deal``: random hands as an array of card ids, dealt in C.

Each row is the first `k` cards of a partial Fisher-Yates shuffle of the
deck, driven by a counter-based generator keyed by ``(seed, row)``
(csrc/deal.c), so a seed gives the same array for every ``threads`` value
and on every machine.  The pure-Python backend shuffles with numpy: the
same distribution, other draws.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..core import _validate, kernels
from ..core._typing import CardsLike
from ..core.cards import card_str, cards
from ..core.errors import InvalidHandError
from . import game as make_game
from .base import VariantLike
from .holdem import game_tables
from .lowball import lowball

__all__ = ["deal"]

_SLICE_ROWS = 1 << 16


def _deck(game: Any) -> np.ndarray:
    """The deck `game` deals from, asked of the game object itself (no name lists).

    A name is looked up as a game of :func:`handrank.games` (its ``deck``), then
    as a lowball rule (``"a5"``, ``"27"``: its tables' deck), then as a variant
    name (``game_tables``, which raises the error for an unknown name).
    """
    if isinstance(game, str):
        for make in (make_game, lowball):
            try:
                game = make(game)
                break
            except (ValueError, KeyError, TypeError):
                pass
    deck = getattr(game, "deck", None)
    if deck is not None and not callable(deck):
        return np.array(sorted(int(c) for c in deck), dtype=np.uint8)
    tables = getattr(game, "tables", None)
    if tables is None or isinstance(tables, tuple):
        tables = game_tables(game)
    return np.flatnonzero(np.asarray(tables.in_deck)[:52]).astype(np.uint8)


def deal(n: int, k: int, *, seed: int | None = None, game: VariantLike | str = None,
         dead: CardsLike = "", threads: int | None = None) -> np.ndarray:
    """Deal `n` random hands of `k` distinct cards each, as an (n, k) array of card ids.

    Parameters
    ----------
    n : int
        Number of hands (rows), 0 or more.
    k : int
        Cards per hand, 1 to the number of live cards.
    seed : int, optional
        Fixes the hands: the same ``(n, k, seed, game, dead)`` gives the same
        array whatever `threads` and the machine (row *r* depends only on the
        seed and *r*, so the first rows of a longer deal are the same hands).
        None draws a fresh seed.
    game : str, Game or Variant, optional
        Whose deck: ``"holdem"`` (the default, 52 cards), any name of
        :func:`games` or a :class:`Game` (``"shortdeck"``,
        ``hr.game("stripped", lowest="7")``), or a :class:`Variant`.
    dead : str or sequence of cards
        Cards never dealt.
    threads : int, optional
        Worker threads (default: every core); never changes the result.

    Returns
    -------
    ndarray of uint8, shape (n, k)
        Ready for :func:`evaluate_batch` (k from 5 to 7) or to split into
        holes and boards.

    Raises
    ------
    ValueError
        `n` or `k` out of range, an unknown game, a bad dead card.
    TypeError
        `n`, `k` or `seed` not an int.

    Examples
    --------
    >>> import handrank as hr
    >>> hands = hr.deal(4, 7, seed=1)
    >>> hands.shape, hands.dtype, bool((hr.evaluate_batch(hands) > 0).all())
    ((4, 7), dtype('uint8'), True)
    >>> bool((hr.deal(3, 5, seed=1, game="shortdeck") >= 16).all())     # 6 and up
    True
    >>> hr.deal(2, 60)
    Traceback (most recent call last):
    ...
    ValueError: k must be at most 52 (the live cards), got 60
    """
    for name, value in (("n", n), ("k", k)):
        if not _validate.is_int(value):
            raise TypeError(f"{name} must be an int, got {type(value).__name__}")
    if seed is not None and not _validate.is_int(seed):
        raise TypeError(f"seed must be an int or None, got {type(seed).__name__}")
    deck = _deck(game)
    dead_ids = set(cards(dead)) if not isinstance(dead, str) or dead.strip() else set()
    for c in dead_ids:
        if c not in deck:
            raise InvalidHandError(f"dead card {card_str(c)!r} is not in the deck")
    if dead_ids:
        deck = np.array([c for c in deck if c not in dead_ids], dtype=np.uint8)
    n, k = int(n), int(k)
    if n < 0:
        raise ValueError(f"n must be 0 or more, got {n}")
    if not 1 <= k <= len(deck):
        raise ValueError(f"k must be at most {len(deck)} (the live cards), got {k}"
                         if k > 0 else f"k must be at least 1, got {k}")
    if seed is None:
        seed = int(np.random.SeedSequence().generate_state(1, np.uint64)[0])
    seed_u = _validate.seed(seed)
    out = _validate.alloc((n, k), np.uint8, "the deal")
    kernels.deal(deck, k, seed_u, out, _validate.thread_count(threads, n, _SLICE_ROWS))
    return out
