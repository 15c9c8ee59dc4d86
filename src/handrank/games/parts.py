"""The parts of a pot that a game cuts into equal shares, each ranked on its own.

A game whose pot is cut into equal parts that hold'em's and Omaha's halves
cannot say (two boards, a badugi half beside a low half) lists one
:class:`Part` per share in :attr:`Game.parts`.  A part knows how a player's
cards and the boards form its hand and how that hand ranks: the operations
(:mod:`handrank.equity.parts`, :mod:`handrank.showdown.parts`) ask each part
for strengths and never test the game's name.

Every part ranks higher-is-better and every hand has a strength in every
part (no qualifier), so each part goes to its best hand(s).

==================== ============================================================
part                 its hand
==================== ============================================================
:class:`BoardHigh`   the best high hand with board ``index`` (any five of the
                     hole and board cards, or Omaha's two plus three)
:class:`BadugiOfFive` the best badugi of the hand's cards (the best four-card
                     subset: cards of different ranks and suits, aces low)
:class:`LowOfFive`   the hand's five cards as a deuce-to-seven or an
                     ace-to-five low
==================== ============================================================
"""

from __future__ import annotations

import dataclasses
import itertools
from typing import Any

import numpy as np

from ..core import _validate, kernels
from ..core.cards import card_str, cards
from ..core.errors import InvalidHandError, no_board
from .badugi import badugi, evaluate_badugi_batch
from .base import Game
from .holdem import Category, best_five, describe, evaluate_batch
from .holdem import category as high_category
from .holdem import game_tables as high_tables
from .lowball import lowball
from .omaha import evaluate_omaha_batch

__all__ = ["BadugiOfFive", "BoardHigh", "LowOfFive", "Part", "best_five_parts", "boards_of",
           "category_parts", "describe_parts", "evaluate_parts", "evaluate_parts_batch",
           "ids_of"]

#: The names of the nine categories of a high hand (a low's five cards too), weakest first.
HIGH_CATEGORIES = ("high card", "one pair", "two pair", "three of a kind", "straight", "flush",
                   "full house", "four of a kind", "straight flush")
#: The names of badugi's categories: the number of cards that play.
BADUGI_CATEGORIES = ("one-card", "two-card", "three-card", "badugi")

#: The four-card subsets of five cards, as column indices.
_FOURS = np.array(list(itertools.combinations(range(5), 4)), dtype=np.intp)


@dataclasses.dataclass(frozen=True)
class Part:
    """One equal share of a pot and how its hand forms and ranks.

    Attributes
    ----------
    name : str
        How results and explanations name the part (``"board 1"``, ``"badugi"``).
    ranking : {"high", "badugi", "27", "a5"}
        The scale its strengths are on: hold'em's high hands, badugi, the
        deuce-to-seven or the ace-to-five low (higher is better on each).
    cost : int
        One strength's time in units of a seven-card hold'em ranking (each
        with the numpy work around it), for exact enumeration's estimate.
    """

    name: str
    ranking: str
    cost: int

    @property
    def classes(self) -> int:
        """Distinct strengths on the part's scale."""
        if self.ranking == "badugi":
            return int(badugi().classes)
        return 7462 if self.ranking == "high" else int(lowball(self.ranking).classes)

    @property
    def board(self) -> int | None:
        """The one board this part reads (its index), or None (the hand alone, or more)."""
        return None

    def strengths(self, holes: np.ndarray, boards: np.ndarray) -> np.ndarray:
        """The strength of each row: holes (n, k), boards (n, boards * board cards)."""
        raise NotImplementedError

    def best(self, hole: list[int], boards: list[list[int]]) -> list[int]:
        """The cards of the hand this part ranks, for one player: `hole` the player's
        card ids, `boards` each board's card ids."""
        raise NotImplementedError

    def describe(self, strength: int) -> str:
        """A strength of this part in words."""
        if self.ranking == "high":
            return describe(strength)
        if self.ranking == "badugi":
            return badugi().describe(strength)
        return lowball(self.ranking).describe(strength)

    def ids(self, x: Any, what: str) -> list[int]:
        """The card ids of a player's cards `x` (the part's own card names, if any);
        an error names the cards as `what` says (``"seat 2's hand"``)."""
        return ids_of(x, what)

    def seat_hand(self, hole: list[int], boards: list[list[int]]) -> Any:
        """One seat's hand as settle and explain read it (``.strength``, ``.text``), or None:
        the part's ranking's own (handrank.showdown.parts).  `hole` is the seat's card
        ids, `boards` each board's card ids."""
        return None

    def why(self) -> Any:
        """The words of one hand against another (``why(a, b)`` of two
        :meth:`seat_hand`), or None: the part's ranking's own."""
        return None

    def alone(self, g: Game) -> Game | None:
        """The game of one board that ranks this part's hands (the part's board alone,
        dealt and ranked as a game of one board) in the game `g` the part belongs to,
        or None for a part without a board of its own: the board operations (analyze,
        equity_matrix) ask it board by board."""
        return None

    @property
    def whole_hand(self) -> bool:
        """Whether the part ranks a player's cards alone and all of them (no board, no
        subset): a draw game of this one part is one hand drawn to, and
        :mod:`handrank.games.draw` scores it by :meth:`strengths` and :meth:`category_scale`."""
        return False

    @property
    def wild_game(self) -> int | None:
        """The part's wild-card game as the C kernels number it (csrc/wild.h: 0 deuces
        wild, 1 the joker as the bug, 2 ace-to-five with the joker), or None."""
        return None

    def category_scale(self) -> tuple[tuple[str, ...], np.ndarray]:
        """The names of the part's categories, and each strength's category (uint8, 1-based
        into the names; 0 for strength 0), for draw_odds: the high hands' and the lows'
        nine categories (a low's are its five cards' as a high hand), badugi's card counts."""
        if self.ranking == "badugi":
            return BADUGI_CATEGORIES, np.ascontiguousarray(kernels.badugi_tables()[1],
                                                           dtype=np.uint8)
        t = high_tables() if self.ranking == "high" else lowball(self.ranking).tables
        return HIGH_CATEGORIES, np.ascontiguousarray(t.category, dtype=np.uint8)

    def category(self, strength: int) -> Any:
        """The category of a strength: a Category (high and low) or badugi's card count."""
        if self.ranking == "high":
            return high_category(strength)
        if self.ranking == "badugi":
            return badugi().category(strength)
        t = lowball(self.ranking).tables
        if not 1 <= int(strength) <= int(t.classes):
            raise ValueError(f"low strength out of range 1..{int(t.classes)}: {strength!r}")
        return Category(int(t.category[strength]))


@dataclasses.dataclass(frozen=True)
class BoardHigh(Part):
    """The best high hand of a player's hole cards with one board.

    `omaha`: exactly two hole cards and three board cards; else the best
    five of all of them.
    """

    index: int = 0
    board_cards: int = 5
    omaha: bool = False

    @property
    def board(self) -> int | None:
        return self.index

    def _board(self, boards: np.ndarray) -> np.ndarray:
        w = self.board_cards
        return np.ascontiguousarray(boards[:, self.index * w:(self.index + 1) * w])

    def strengths(self, holes: np.ndarray, boards: np.ndarray) -> np.ndarray:
        b = self._board(boards)
        if self.omaha:
            return np.asarray(evaluate_omaha_batch(holes, b, threads=1), dtype=np.int64)
        return np.asarray(evaluate_batch(np.concatenate([holes, b], axis=1), threads=1),
                          dtype=np.int64)

    def alone(self, g: Game) -> Game | None:
        return Game(f"{g.name} {self.name}", g.deck, g.hole_cards, self.board_cards, ("high",),
                    "omaha" if self.omaha else "any", (g.tables[self.index],), None, (),
                    f"{self.name} of {g.summary}")

    def best(self, hole: list[int], boards: list[list[int]]) -> list[int]:
        board = boards[self.index]
        if not self.omaha:
            return best_five(hole + board)
        combos = [list(p) + list(t) for p in itertools.combinations(hole, 2)
                  for t in itertools.combinations(board, 3)]
        s = evaluate_batch(np.array(combos, dtype=np.uint8), threads=1)
        return best_five(combos[int(np.argmax(s))])


@dataclasses.dataclass(frozen=True)
class BadugiOfFive(Part):
    """The best badugi among a five-card hand's four-card subsets."""

    def strengths(self, holes: np.ndarray, boards: np.ndarray) -> np.ndarray:
        n = holes.shape[0]
        fours = np.ascontiguousarray(holes[:, _FOURS].reshape(n * len(_FOURS), 4))
        s = np.asarray(evaluate_badugi_batch(fours), dtype=np.int64)
        return np.asarray(s.reshape(n, len(_FOURS)).max(axis=1))

    def best(self, hole: list[int], boards: list[list[int]]) -> list[int]:
        b = badugi()
        four = max(itertools.combinations(hole, 4), key=lambda c: b.evaluate(list(c)))
        return b.best_four(list(four))


@dataclasses.dataclass(frozen=True)
class LowOfFive(Part):
    """A five-card hand as a low (the part's `ranking`: ``"27"`` or ``"a5"``)."""

    def strengths(self, holes: np.ndarray, boards: np.ndarray) -> np.ndarray:
        return np.asarray(lowball(self.ranking).evaluate_batch(holes, threads=1),
                          dtype=np.int64)

    def best(self, hole: list[int], boards: list[list[int]]) -> list[int]:
        return lowball(self.ranking).best_five(hole)


def ids_of(x: Any, what: str) -> list[int]:
    try:
        return cards(x)
    except (ValueError, TypeError) as e:
        raise type(e)(f"{what}: {e}") from None


def boards_of(g: Game, board: Any, operation: str = "this operation") -> list[list[int]]:
    """The card ids of each of `g`'s boards, as given by ``board=``.

    A game of two boards takes a pair ``("Ah Kd 2c", "7s 7d 9h")`` or one
    string with ``|`` between the boards; no board at all ("" or None) is
    every board empty.  A game without a board takes only "" or None.
    """
    if board is None or (isinstance(board, str) and not board.strip()):
        return [[] for _ in range(g.boards)]
    if g.boards == 0:
        raise no_board(operation, g, "pass every card of a hand in the hand")
    if isinstance(board, str):
        texts: list[Any] = board.split("|")
    elif isinstance(board, (list, tuple)) and len(board) == g.boards \
            and all(isinstance(b, (str, list, tuple, np.ndarray)) for b in board):
        texts = list(board)
    else:
        texts = [board]
    if len(texts) != g.boards:
        raise InvalidHandError(
            f"game {g.name!r} deals {g.boards} boards: give board=(first, second), for "
            f"example ('Ah Kd 2c', '7s 7d 9h'), or one string with '|' between them, got "
            f"{len(texts)} board{'s' if len(texts) != 1 else ''}")
    out = []
    for i, b in enumerate(texts):
        ids = ids_of(b, f"board {i + 1}")
        if len(ids) > g.board_cards:
            raise InvalidHandError(f"expected at most {g.board_cards} cards on board {i + 1}, "
                                   f"got {len(ids)}")
        out.append(ids)
    return out




def _hand_and_boards(g: Game, hand: Any, board: Any, operation: str
                     ) -> tuple[list[int], list[list[int]]]:
    """One player's cards and the boards, checked: counts, the deck, no card twice."""
    hole = g.parts[0].ids(hand, "the hand")
    if len(hole) != g.hole_cards:
        raise InvalidHandError(f"expected {g.hole_cards} cards in the hand ({g.name}), "
                               f"got {len(hole)}")
    if g.boards and board is None:
        raise ValueError(f"game {g.name!r} forms a hand from hole and board cards: board= is "
                         "required")
    boards = boards_of(g, board, operation)
    where: dict[int, str] = {}
    places = [("the hand", hole)] + [(f"board {i + 1}" if g.boards > 1 else "the board", b)
                                     for i, b in enumerate(boards)]
    for name, ids in places:
        if name != "the hand" and len(ids) != g.board_cards:
            raise InvalidHandError(f"expected {g.board_cards} cards on {name}, got {len(ids)}")
        for c in ids:
            if c not in g.deck:
                raise InvalidHandError(f"card {card_str(c)!r} in {name} is not in the "
                                       f"{g.name} deck")
            if c in where:
                other = where[c]
                place = other if other == name else f"{other} and {name}"
                raise InvalidHandError(f"duplicate card {card_str(c)!r} in {place}")
            where[c] = name
    return hole, boards


def evaluate_parts(g: Game, hand: Any, board: Any) -> Any:
    """The strength of one hand in each of `g`'s parts (a game of one part: the int)."""
    hole, boards = _hand_and_boards(g, hand, board, "evaluate")
    h = np.array([hole], dtype=np.uint8)
    b = np.array([sum(boards, [])], dtype=np.uint8).reshape(1, -1)
    out = tuple(int(p.strengths(h, b)[0]) for p in g.parts)
    return out[0] if len(out) == 1 else out


def evaluate_parts_batch(g: Game, a: Any, boards: Any) -> np.ndarray:
    """The strengths (n, parts) of n hands: `a` (n, hole cards), `boards` (n, boards,
    board cards) or (n, boards * board cards); None in a game without a board."""
    h = np.asarray(a)
    if h.ndim != 2 or h.shape[1] != g.hole_cards or h.dtype.kind not in "iu":
        raise InvalidHandError(f"expected hands of {g.hole_cards} card ids, shape (n, "
                               f"{g.hole_cards}), got {h.dtype} shape {h.shape}")
    width = g.boards * g.board_cards
    if width:
        if boards is None:
            raise ValueError(f"game {g.name!r} forms a hand from hole and board cards: "
                             "boards= is required")
        b = np.asarray(boards)
        if b.ndim == 3:
            b = b.reshape(b.shape[0], -1)
        if b.ndim != 2 or b.shape != (h.shape[0], width) or b.dtype.kind not in "iu":
            raise InvalidHandError(f"expected boards of shape (n, {g.boards}, {g.board_cards}) "
                                   f"or (n, {width}) for {h.shape[0]} hands, got {b.dtype} "
                                   f"shape {np.asarray(boards).shape}")
    else:
        if boards is not None:
            raise ValueError(f"game {g.name!r} has no board: boards= does not apply")
        b = np.zeros((h.shape[0], 0), dtype=np.uint8)
    _validate.fits((h.shape[0], h.shape[1] + b.shape[1]), np.int64, "the hands as int64")
    rows = np.concatenate([h, b], axis=1).astype(np.int64)
    deck = np.zeros(64, dtype=bool)
    deck[list(g.deck)] = True
    bad = (rows < 0) | (rows >= 64)
    if bad.any() or not deck[rows].all():
        r = int(np.argmax(bad.any(axis=1) | ~deck[np.clip(rows, 0, 63)].all(axis=1)))
        raise InvalidHandError(f"a card id outside the {g.name} deck in row {r}")
    srt = np.sort(rows, axis=1)
    dup = (srt[:, 1:] == srt[:, :-1]).any(axis=1)
    if dup.any():
        raise InvalidHandError(f"a card is used twice in row {int(np.argmax(dup))}")
    h8, b8 = h.astype(np.uint8), b.astype(np.uint8)
    out = np.stack([p.strengths(h8, b8) for p in g.parts], axis=1).astype(np.uint16)
    return out[:, 0] if len(g.parts) == 1 else out


def _per_part(g: Game, strengths: Any) -> list[int]:
    if len(g.parts) == 1 and np.ndim(strengths) == 0:
        return [strengths]
    s = list(np.asarray(strengths).ravel()) if np.ndim(strengths) else []
    if len(s) != len(g.parts) or np.ndim(strengths) != 1:
        raise ValueError(f"game {g.name!r} has parts {g.halves}: expected one strength per "
                         f"part, got {strengths!r}")
    return [int(x) for x in s]


def describe_parts(g: Game, strengths: Any) -> str:
    """Each part's strength in words, ``"board 1: ...; board 2: ..."`` (one part: its words)."""
    if len(g.parts) == 1:
        return str(g.parts[0].describe(_per_part(g, strengths)[0]))
    return "; ".join(f"{p.name}: {p.describe(s)}"
                     for p, s in zip(g.parts, _per_part(g, strengths)))


def category_parts(g: Game, strengths: Any) -> Any:
    """Each part's category (a Category; badugi: the badugi's card count; one part: its
    category)."""
    if len(g.parts) == 1:
        return g.parts[0].category(_per_part(g, strengths)[0])
    return tuple(p.category(s) for p, s in zip(g.parts, _per_part(g, strengths)))


def best_five_parts(g: Game, hand: Any, board: Any) -> Any:
    """The cards each part's hand plays (five; a badugi's one to four; one part: its
    cards)."""
    hole, boards = _hand_and_boards(g, hand, board, "best_five")
    if len(g.parts) == 1:
        return g.parts[0].best(hole, boards)
    return tuple(p.best(hole, boards) for p in g.parts)
