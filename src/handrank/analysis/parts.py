"""The board operations in a game whose pot is cut into parts: board by board, pair by pair.

A game of two boards (double-board hold'em and Omaha) has one part per
board, and each part ranks its hands as a game of that one board would
(:meth:`~handrank.games.parts.Part.alone`).  So :func:`handrank.analyze`
sorts a range board by board (the other board's cards are gone from the
deck, as dead cards are), and :func:`handrank.equity_matrix` and
:func:`handrank.range_equity` compute each pair of combos exactly as
:func:`handrank.equity` does (:func:`handrank.equity.parts.exact_known`: each
board's runouts ranked on their own, the scoops by inclusion-exclusion over
the cards the two boards could share), then weigh the pairs as the ranges
say.  Nothing here asks a game's name: the parts say where their boards are.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from ..core import _run
from ..core.cards import cards
from ..core.errors import InvalidRangeError, unsupported
from ..equity import hilo as _hilo_equity
from ..equity.parts import EXACT_MAX, exact_known, known_cost
from ..games import Game
from ..games.parts import boards_of, ids_of
from ..ranges.holdem import Range, parse_player
from ..ranges.omaha import OmahaRange

__all__ = ["Alone", "PairTable", "board_cards", "boards_alone", "pair_table", "player_range"]

_RANDOM = ("random", "*")


@dataclass(frozen=True)
class Alone:
    """One part of a game of boards as a game of its one board."""

    name: str               # the part's name ("board 1")
    game: Game              # the game of that board alone
    board: list[int]        # its board's cards
    dead: list[int]         # the dead cards and every other board's cards


def boards_alone(g: Game, board: Any, dead: Any, operation: str) -> list[Alone]:
    """Each part of `g` with its board alone; UnsupportedGameError naming `operation`
    for a game whose parts do not each read a board of their own."""
    alone = [p.alone(g) for p in g.parts]
    if not g.parts or any(a is None for a in alone):
        raise unsupported(operation, g, "its parts do not each read a board of their own")
    boards = boards_of(g, board, operation)
    dead_ids = _dead(dead)
    out = []
    for part, game in zip(g.parts, alone):
        assert game is not None and part.board is not None
        others = [c for j, b in enumerate(boards) if j != part.board for c in b]
        out.append(Alone(part.name, game, boards[part.board], dead_ids + others))
    return out


def board_cards(g: Game, board: Any) -> list[int]:
    """The cards of every board of `g`, one board after the other."""
    return [c for b in boards_of(g, board, "this operation") for c in b]


def _dead(dead: Any) -> list[int]:
    if dead is None or (isinstance(dead, str) and not dead.strip()):
        return []
    return ids_of(dead, "dead")


def player_range(g: Game, x: Any, i: int) -> tuple[Range | OmahaRange, np.ndarray, np.ndarray]:
    """A player's range in `g` (hold'em ranges for two hole cards, Omaha ranges for more;
    an exact hand is a range of one), its combos (n, hole cards) in range order and
    their weights."""
    r: Range | OmahaRange
    if isinstance(x, (Range, OmahaRange)):
        r = x
    elif g.hole_cards == 2:
        r = parse_player(x)
    elif isinstance(x, str) and x.strip().lower() not in _RANDOM:
        try:
            r = OmahaRange(x)
        except InvalidRangeError as err:        # one exact hand written with spaces
            try:
                one = cards(x)
            except ValueError:
                raise err from None
            r = OmahaRange(_hilo_equity.hands_text(np.array([one], dtype=np.uint8)))
    elif isinstance(x, str):
        raise InvalidRangeError(f"player {i + 1}: {g.name} takes Omaha ranges or exact hands "
                                f"here, not {x!r} (every {g.hole_cards}-card hand is too many "
                                "to list pair by pair)")
    else:
        r = OmahaRange(_hilo_equity.hands_text(np.array([cards(x)], dtype=np.uint8)))
    if isinstance(r, Range):
        ids, w = r.arrays()
    else:
        ids, w = np.asarray(r.hands), np.asarray(r.weights)
    if ids.ndim != 2 or ids.shape[1] != g.hole_cards:
        raise InvalidRangeError(f"player {i + 1}'s range deals {ids.shape[-1]}-card hands, "
                                f"{g.name} deals {g.hole_cards}")
    return r, np.ascontiguousarray(ids, dtype=np.uint8), np.asarray(w, dtype=np.float64)


@dataclass(frozen=True)
class PairTable:
    """Each pair of combos' exact result (row player's view), NaN where none is dealt."""

    equity: np.ndarray          # (n, m)
    win: np.ndarray             # (n, m): every part alone (a scoop)
    tie: np.ndarray             # (n, m): a part of the pot, not all of it
    shares: np.ndarray          # (parts, n, m): each part's share
    dealt: np.ndarray           # (n, m) bool
    gone: list[int]             # the boards' and the dead cards


def pair_table(g: Game, rows: np.ndarray, cols: np.ndarray, board: Any, dead: Any,
               operation: str, progress: Any) -> PairTable:
    """Every pair of a row combo and a column combo that can be dealt together (no card
    in common, none on a board, dead or outside the deck), each exactly; InvalidRangeError
    when the pairs' strengths together exceed :data:`~handrank.equity.parts.EXACT_MAX`."""
    boards_alone(g, board, dead, operation)           # the boards checked, every part alone
    boards = boards_of(g, board, operation)
    gone = sorted({c for b in boards for c in b} | set(_dead(dead))
                  | {c for c in range(52) if c not in set(g.deck)})
    out = np.zeros(52, dtype=bool)
    out[gone] = True
    row_ok = ~out[rows].any(axis=1)
    col_ok = ~out[cols].any(axis=1)
    rmask, cmask = _hilo_equity.masks(rows), _hilo_equity.masks(cols)
    dealt = (row_ok[:, None] & col_ok[None, :]
             & ((rmask[:, None] & cmask[None, :]) == 0))
    pairs = np.argwhere(dealt)
    shape = (len(rows), len(cols))
    parts = len(g.parts)
    eq, win, tie = (np.full(shape, np.nan) for _ in range(3))
    shares = np.full((parts,) + shape, np.nan)
    if len(pairs):
        i, j = pairs[0]
        each = known_cost(g, [rows[i], cols[j]], board, dead)
        if each * len(pairs) > EXACT_MAX:
            raise InvalidRangeError(
                f"{operation} too large for {g.name}: {len(pairs):,} pairs of combos x "
                f"{each:,} strengths, limit {EXACT_MAX:,}; give more board cards or smaller "
                "ranges")
    tally = _run.Tally(_run.check_progress(progress), len(pairs))
    tally.show()
    for i, j in pairs:
        r = exact_known(g, [rows[i], cols[j]], board, dead)
        eq[i, j], win[i, j], tie[i, j] = r.equity[0], r.win[0], r.tie[0]
        shares[:, i, j] = r.shares[:, 0]
        tally.add(1)
    tally.finish()
    return PairTable(eq, win, tie, shares, dealt, gone)
