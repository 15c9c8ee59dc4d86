"""Hold'em hi-lo equity: each half the best five of the seven cards.

Reached through ``handrank.equity(..., game="holdem-hilo")``.  The high half
is the core's hold'em scale, the low half ace-to-five eight-or-better (0 = no
low).  Exact hands run the two-half driver of :mod:`handrank.equity.hilo`
(the one Omaha hi-lo runs, on this game's strengths); hands given as ranges
(hold'em notation, weights, ``"random"``) run its any-game driver.
"""

from __future__ import annotations

from typing import Any

from .. import games as _games
from ..core.cards import cards
from ..core.errors import InvalidCardError, InvalidHandError
from ..games.holdem import game_tables
from ..ranges.holdem import Range
from .hilo import HiLoEquityResult, game_equity, hands_equity
from .holdem import BOARD_CARDS, claim_card, table_cards
from .omaha import _hand_list

__all__ = ["equity"]


def equity(players: Any, board: Any = "", dead: Any = "", *, exact: bool | None = None,
           trials: int | None = None, target_stderr: float | None = None,
           seed: int | None = None, threads: int | None = None) -> HiLoEquityResult:
    """Hold'em hi-lo equity of two-card hands or hold'em ranges; see :func:`handrank.equity`.

    Examples
    --------
    >>> r = equity(["As 2s", "Ah 2h"], board="3c 4d 8h Kc Qd")   # both halves split
    >>> r.equity.tolist(), r.high.tolist(), r.low.tolist()
    ([0.5, 0.5], [0.5, 0.5], [0.5, 0.5])
    """
    g = _games.game("holdem-hilo")
    tables = game_tables(None)
    n, b, d = table_cards(players, board, dead)
    holes = [_hand(p, i) for i, p in enumerate(players)]
    if any(h is None for h in holes):
        r = game_equity(g, players, board, dead, exact=exact, trials=trials,
                        target_stderr=target_stderr, seed=seed, threads=threads)
        assert isinstance(r, HiLoEquityResult)
        return r
    where: dict[int, str] = {}
    places = [(c, "the board") for c in b] + [(c, "the dead cards") for c in d]
    places += [(c, f"player {i + 1}'s hand") for i, h in enumerate(holes) for c in h or ()]
    for c, place in places:
        claim_card(where, c, place, tables)
    need = BOARD_CARDS - len(b)
    if need > 52 - len(where):
        raise InvalidHandError(f"not enough cards: the board needs {need} more cards, "
                               f"the deck has {52 - len(where)} left")
    return hands_equity(g, [h for h in holes if h is not None], b, d, exact=exact,
                        trials=trials, target_stderr=target_stderr, seed=seed,
                        threads=threads)


def _hand(p: Any, i: int) -> list[int] | None:
    """An exact hand's two card ids; None for a range (checked by the range driver)."""
    if isinstance(p, Range) or (isinstance(p, str) and p.strip().lower() in ("random", "*")):
        return None
    try:
        ids = cards(p)
    except (InvalidCardError, TypeError):
        return None                     # range text, or an error the range parser names
    if isinstance(p, str) and _hand_list(p):
        return None                     # exact hands, comma-separated: a range
    if len(ids) != 2:
        raise InvalidHandError(f"expected 2 cards in player {i + 1}'s hand, got {len(ids)}")
    return ids
