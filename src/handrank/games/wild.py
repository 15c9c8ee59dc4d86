"""Five-card hands with wild cards: ``deuces-wild``, ``joker-draw``, ``california-lowball``.

A hand with wild cards ranks as the best natural hand it can stand for:

* ``deuces-wild`` (52 cards): the four deuces may each be any card, the same
  card as another included, so five of a kind exists and ranks above a
  straight flush; a natural royal flush ranks above a wild one.
* ``joker-draw`` (53 cards, the joker ``Xx`` is the bug): the joker is an
  ace, or any card that completes a straight, a flush or a straight flush
  (five aces is the top hand).
* ``california-lowball`` (53 cards, ace-to-five low, the joker is the bug):
  the joker is the lowest rank the hand does not hold; straights and flushes
  do not count.

A hand's rank is one lookup in tables the build step writes
(tables/wild.py, csrc/wild.c through :func:`handrank.core.kernels.wild_batch`,
in batch over numpy arrays): it depends only on the natural cards' ranks, the
number of wild cards and whether the natural cards share a suit.  The tests
check every table entry against a brute force that substitutes each of the
52 cards for each wild card.

:func:`strength` and :func:`evaluate_batch` give the class (1 .. the game's
classes, higher is better: what ``handrank.evaluate(..., game=...)`` returns
for these games), :func:`evaluate` the hand's score (category and the ranks it
stands for, the same number in every release), :func:`describe` names the
hand and what each wild card stands for, :func:`best_five` the natural cards
the hand stands for (the wild cards found by trying every substitution worth
trying: each wild card as every rank, in each suit the natural cards hold and
one they do not).

The three games are registered: ``handrank.game("deuces-wild")``,
``"joker-draw"`` and ``"california-lowball"`` are games of one part
(:class:`WildFive`), so evaluate, evaluate_batch, describe, category,
best_five, equity, settle and explain take them.
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
from typing import Any

import numpy as np

from ..core import _validate, kernels
from ..core._tables import read_bin
from ..core._typing import CardsLike
from ..core.cards import cards_str, hand
from ..core.errors import InvalidCardError, InvalidHandError
from .base import Game
from .parts import Part, ids_of
from .registry import high_tables, register

__all__ = ["WILD_GAMES", "WildFive", "best_five", "classes", "describe", "describe_strength",
           "evaluate", "evaluate_batch", "strength"]

WILD_GAMES = ("deuces-wild", "joker-draw", "california-lowball")
JOKER = 52
_RANKS = "23456789TJQKA"
_NAMES = ("high card", "one pair", "two pair", "three of a kind", "straight", "flush",
          "full house", "four of a kind", "straight flush", "royal flush", "five of a kind")
_ROYAL, _FIVE = 9, 10


def _cards(cards: CardsLike, game: str) -> list[int]:
    if game not in WILD_GAMES:
        raise ValueError(f"unknown wild-card game {game!r}, expected "
                         + ", ".join(repr(g) for g in WILD_GAMES))
    items: list[Any] = cards.split() if isinstance(cards, str) else list(cards)
    out: list[int] = []
    for x in items:
        int_joker = not isinstance(x, bool) and isinstance(x, (int, np.integer)) and x == JOKER
        if isinstance(x, str) and x.lower() in ("xx", "jk") or int_joker:
            if game == "deuces-wild":
                raise InvalidCardError(f"invalid card {x!r} (deuces-wild has no joker)")
            out.append(JOKER)
        elif isinstance(x, str) and x.lower() == "xy":
            raise InvalidCardError(f"'Xy' is a second joker: {game} has one joker, 'Xx'")
        else:
            out.extend(hand(x, 1, 5) if isinstance(x, str) else hand([x], 1, 1))
    if len(out) != 5:
        raise InvalidHandError(f"expected 5 cards, got {len(out)}")
    if len(set(out)) != 5:
        dup = next(c for c in out if out.count(c) > 1)
        raise InvalidHandError("duplicate card " + ("'Xx'" if dup == JOKER else
                                                      repr(cards_str([dup]))))
    return out


def natural_strength(rows: np.ndarray, *, natural_royal: np.ndarray | None = None
                     ) -> np.ndarray:
    """High strength of five natural cards per row (cards may repeat: five of a kind).

    category * 13**5 + the ranks by (count, rank) descending, base 13; a
    royal flush is its own category, above a straight flush; ``natural_royal``
    (bool per row) adds 1 to a royal flush made without a wild card.
    """
    r = rows // 4
    s = rows % 4
    n = len(rows)
    counts = np.zeros((n, 13), dtype=np.int64)
    for j in range(5):
        counts[np.arange(n), r[:, j]] += 1
    flush = (s == s[:, :1]).all(axis=1)
    distinct = counts.max(axis=1) == 1
    rs = np.sort(r, axis=1)
    wheel = distinct & (rs == np.array([0, 1, 2, 3, 12])).all(axis=1)
    straight = distinct & ((rs[:, 4] - rs[:, 0] == 4) | wheel)
    # ranks ordered by (count, rank) descending
    key = counts * 16 + np.arange(13)
    order = np.argsort(-key, axis=1)
    byc = np.take_along_axis(counts, order, axis=1)
    ranks = np.zeros((n, 5), dtype=np.int64)
    pos = np.zeros(n, dtype=np.int64)
    for i in range(13):
        c, rk = byc[:, i], order[:, i]
        for k in range(5):
            put = (c > k) & (pos < 5)
            ranks[np.arange(n)[put], pos[put]] = rk[put]
            pos += put
    top = byc[:, 0]
    second = byc[:, 1]
    cat = np.zeros(n, dtype=np.int64)
    cat[top == 2] = 1
    cat[(top == 2) & (second == 2)] = 2
    cat[top == 3] = 3
    cat[straight] = 4
    cat[flush & ~straight] = 5
    cat[(top == 3) & (second == 2)] = 6
    cat[top == 4] = 7
    cat[straight & flush] = 8
    cat[straight & flush & (rs[:, 0] == 8)] = _ROYAL
    cat[top == 5] = _FIVE
    # a straight's ranks: the wheel's five plays low
    srank = np.where(wheel[:, None], np.array([3, 2, 1, 0, 12]), ranks)
    ranks = np.where((straight)[:, None], srank, ranks)
    value = ranks[:, 0]
    for j in range(1, 5):
        value = value * 13 + ranks[:, j]
    # room for the natural-royal bit below the categories
    strength = (cat * 2) * 13 ** 5 + value
    if natural_royal is not None:
        strength = strength + np.where((cat == _ROYAL) & natural_royal, 13 ** 5, 0)
    out: np.ndarray = strength
    return out


def _substitutions(nat: list[int], w: int, game: str) -> np.ndarray:
    """Rows of five natural cards a hand with `w` wild cards can stand for."""
    if w == 0:
        return np.array([nat], dtype=np.int64)
    suits = sorted({c % 4 for c in nat})
    other = [s for s in range(4) if s not in suits][:1]
    cands = [rank * 4 + s for rank in range(13) for s in suits + other]
    rows = [nat + list(sub) for sub in itertools.combinations_with_replacement(cands, w)]
    return np.array(rows, dtype=np.int64)


def _best_high(ids: list[int], game: str) -> tuple[int, list[int]]:
    deuce = game == "deuces-wild"
    wild = [c for c in ids if c == JOKER or (deuce and c < 4)]
    nat = [c for c in ids if c not in wild]
    rows = _substitutions(nat, len(wild), game)
    strength = natural_strength(rows, natural_royal=np.full(len(rows), not wild))
    if game == "joker-draw" and wild:
        # the bug: an ace, or a card completing a straight, flush or straight flush
        cat = strength // (2 * 13 ** 5)
        ace = rows[:, -1] // 4 == 12
        ok = ace | np.isin(cat, (4, 5, 8, _ROYAL))
        strength = np.where(ok, strength, -1)
    i = int(np.argmax(strength))
    return int(strength[i]), [int(c) for c in rows[i]]


def _low(ids: list[int]) -> tuple[int, list[int]]:
    """Ace-to-five low: the joker is the lowest rank not held; higher strength is a better low."""
    ranks = [(c // 4 + 1) % 13 for c in ids if c != JOKER]     # ace 0, deuce 1, ..., king 12
    subs = []
    if len(ranks) < 5:
        lowest = next(r for r in range(13) if r not in ranks)
        ranks = ranks + [lowest]
        subs = [lowest]
    counts = {r: ranks.count(r) for r in set(ranks)}
    order = sorted(ranks, key=lambda r: (counts[r], r), reverse=True)
    value = 0
    for r in order:
        value = value * 13 + r
    shape = sorted(counts.values(), reverse=True)
    badness = {(1, 1, 1, 1, 1): 0, (2, 1, 1, 1): 1, (2, 2, 1): 2, (3, 1, 1): 3,
               (3, 2): 4, (4, 1): 5}[tuple(shape)]
    strength = -(badness * 13 ** 5 + value)
    stand = [((r - 1) % 13) * 4 for r in subs]                  # the low rank, clubs
    return strength, [c for c in ids if c != JOKER] + stand


def evaluate(cards: CardsLike, game: str = "deuces-wild") -> int:
    """The strength of five cards in a wild-card game (higher is better).

    Examples
    --------
    >>> evaluate("2c 2d Ah Ad As") > evaluate("Kh Qh Jh Th 9h")   # five aces beat a straight flush
    True
    >>> evaluate("Ah Kh Qh Jh Th") > evaluate("2c Kh Qh Jh Th")   # natural royal over wild royal
    True
    >>> evaluate("Xx Ah Ad Ac As", "joker-draw") > evaluate("Kh Qh Jh Th 9h", "joker-draw")
    True
    >>> evaluate("Xx 2c 3d 4h 5s", "california-lowball") == evaluate("Ac 2c 3d 4h 5s", \
"california-lowball")
    True
    """
    return _score(strength(cards, game), game)


def best_five(cards: CardsLike, game: str = "deuces-wild") -> list[int]:
    """The natural cards the hand stands for: its natural cards, then what each wild card is."""
    ids = _cards(cards, game)
    return (_low(ids) if game == "california-lowball" else _best_high(ids, game))[1]


def describe(cards: CardsLike, game: str = "deuces-wild") -> str:
    """The hand's name and what each wild card stands for.

    Examples
    --------
    >>> describe("2c 2d Ah Ad As")
    'five of a kind (2c as Ad, 2d as Ad)'
    >>> describe("Xx 3c 4d 5h 6s", "joker-draw")
    'straight (Xx as 7c)'
    >>> describe("Xx Ac 2d 3h 5s", "california-lowball")
    '5-4-3-2-A (Xx as 4)'
    """
    ids = _cards(cards, game)
    deuce = game == "deuces-wild"
    wild = [c for c in ids if c == JOKER or (deuce and c < 4)]
    if game == "california-lowball":
        _, five = _low(ids)
        ranks = sorted(((c // 4 + 1) % 13 for c in five), reverse=True)
        text = "-".join("A" if r == 0 else _RANKS[r - 1] for r in ranks)
        subs = [f"Xx as {'A' if (c // 4 + 1) % 13 == 0 else _RANKS[c // 4]}"
                for c in five[len(ids) - len(wild):]]
        return text + (f" ({', '.join(subs)})" if subs else "")
    score, five = _best_high(ids, game)
    cat = _score(_classes(np.array([ids], dtype=np.uint8), game)[0], game) // (2 * 13 ** 5)
    name = _NAMES[cat]
    if cat == _ROYAL:
        name = "wild royal flush" if wild else "natural royal flush"
    subs = [f"{'Xx' if w == JOKER else cards_str([w])} as {cards_str([c])}"
            for w, c in zip(wild, five[len(ids) - len(wild):])]
    return name + (f" ({', '.join(subs)})" if subs else "")


# ------------------------------------------------------------ the table lookup

_INDEX = {name: i for i, name in enumerate(WILD_GAMES)}


@functools.cache
def _score_table(game: str) -> np.ndarray:
    """Each class's score (tables/wild.py ``wild_score_<game>``), negated for the low game."""
    raw = read_bin()["wild_score_" + game.replace("-", "_")].astype(np.int64)
    out: np.ndarray = -raw if game == "california-lowball" else raw
    return out


def classes(game: str) -> int:
    """The number of distinct strengths of `game`."""
    return len(_score_table(_game_name(game))) - 1


def _game_name(game: str) -> str:
    if game not in _INDEX:
        raise ValueError(f"unknown wild-card game {game!r}, expected "
                         + ", ".join(repr(g) for g in WILD_GAMES))
    return game


def _score(cls: int, game: str) -> int:
    return int(_score_table(game)[cls])


def _classes(rows: np.ndarray, game: str) -> np.ndarray:
    """The class of each row of five valid ids (checked by the caller or here)."""
    arr = np.ascontiguousarray(rows, dtype=np.uint8)
    out, bad = kernels.wild_batch(_INDEX[game], arr)
    if bad >= 0:
        row = [int(c) for c in arr[bad]]
        deck = 52 if game == "deuces-wild" else 53
        what = ("a repeated card" if all(c < deck for c in row)
                else f"an id outside the {deck}-card deck")
        raise InvalidHandError(f"row {bad} of the {game} hands {row} holds {what}")
    return out


def strength(cards: CardsLike, game: str = "deuces-wild") -> int:
    """The class of five cards in `game`: 1 .. :func:`classes`, higher is better.

    >>> strength("2c 2d Ah Ad As") == classes("deuces-wild")   # five aces
    True
    """
    ids = _cards(cards, game)
    return int(_classes(np.array([ids], dtype=np.uint8), game)[0])


def evaluate_batch(rows: Any, game: str = "deuces-wild") -> np.ndarray:
    """The class of each row of five card ids (n, 5) (the joker is id 52), as uint16.

    >>> evaluate_batch([[0, 1, 51, 50, 49], [48, 44, 40, 36, 32]]).tolist() == [
    ...     classes("deuces-wild"), strength("Ac Kc Qc Jc Tc")]
    True
    """
    _game_name(game)
    arr = np.asarray(_validate.no_bools(rows, "rows of five card ids"))
    if arr.ndim != 2 or arr.shape[1] != 5 or (arr.size and arr.dtype.kind not in "iu"):
        raise InvalidHandError(f"expected rows of five card ids, shape (n, 5), got "
                               f"{arr.dtype} shape {arr.shape}")
    # a broadcast view is read once per distinct row; the copy goes in slices
    bad = _validate.first_outside(arr, 0, 255) if arr.size else None
    if bad is not None:
        raise InvalidHandError(f"row {bad[0]} of the {game} hands holds an id outside the deck")
    return _classes(_validate.contiguous(arr, np.uint8, "the rows as uint8"), game)


def describe_strength(cls: int, game: str = "deuces-wild") -> str:
    """A class in words: the hand's name and the ranks it stands for.

    >>> describe_strength(classes("deuces-wild"))
    'five of a kind, A-A-A-A-A'
    >>> describe_strength(classes("california-lowball"), "california-lowball")
    '5-4-3-2-A'
    """
    _game_name(game)
    n = classes(game)
    if isinstance(cls, bool) or not isinstance(cls, (int, np.integer)) or not 1 <= cls <= n:
        raise ValueError(f"{game} strength out of range 1..{n}: {cls!r}")
    score = _score(int(cls), game)
    if game == "california-lowball":
        v = -score % 13 ** 5
        places = [v // 13 ** k % 13 for k in range(4, -1, -1)]
        return "-".join("A" if p == 0 else _RANKS[p - 1] for p in sorted(places, reverse=True))
    cat = score // (2 * 13 ** 5)
    v = score % 13 ** 5
    ranks = "-".join(_RANKS[v // 13 ** k % 13] for k in range(4, -1, -1))
    name = _NAMES[cat]
    if cat == _ROYAL:
        name = "natural royal flush" if score % (2 * 13 ** 5) >= 13 ** 5 else "wild royal flush"
    return f"{name}, {ranks}"


#: The category names of each game, worst first (:func:`category_table` numbers them from 1).
CATEGORY_NAMES = {
    "deuces-wild": _NAMES[:_ROYAL] + ("wild royal flush", "natural royal flush",
                                      "five of a kind"),
    "joker-draw": _NAMES[:_ROYAL] + ("wild royal flush", "natural royal flush",
                                     "five of a kind"),
    "california-lowball": ("four of a kind", "full house", "three of a kind", "two pair",
                           "one pair", "no pair"),
}


@functools.cache
def category_table(game: str) -> np.ndarray:
    """The category of each class (uint8, 1-based into :data:`CATEGORY_NAMES`; 0 for 0)."""
    score = _score_table(_game_name(game))[1:]
    if game == "california-lowball":
        idx = 6 - (-score) // 13 ** 5                   # badness 0 (no pair) .. 5 (quads)
    else:
        cat = score // (2 * 13 ** 5)
        natural = score % (2 * 13 ** 5) >= 13 ** 5
        idx = np.where(cat == _FIVE, 12, np.where(cat == _ROYAL, 10 + natural, cat + 1))
    out: np.ndarray = np.concatenate([[0], idx]).astype(np.uint8)
    return out


def category_of(cls: int, game: str = "deuces-wild") -> str:
    """The category of a class: its name (``"five of a kind"``, ``"wild royal flush"``), or
    for the low game the shape of its ranks (``"no pair"``, ``"one pair"`` ...)."""
    describe_strength(cls, game)                        # its checks
    return CATEGORY_NAMES[game][int(category_table(game)[int(cls)]) - 1]


# ------------------------------------------------------------ the games


@dataclasses.dataclass(frozen=True)
class WildFive(Part):
    """A five-card hand with wild cards, ranked by its wild game (`ranking`: one of
    :data:`WILD_GAMES`); the only part of that game."""

    @property
    def classes(self) -> int:
        return classes(self.ranking)

    def strengths(self, holes: np.ndarray, boards: np.ndarray) -> np.ndarray:
        return np.asarray(_classes(holes, self.ranking), dtype=np.int64)

    def best(self, hole: list[int], boards: list[list[int]]) -> list[int]:
        return best_five(hole, self.ranking)

    def describe(self, strength: int) -> str:
        return describe_strength(strength, self.ranking)

    def category(self, strength: int) -> Any:
        return category_of(strength, self.ranking)

    @property
    def whole_hand(self) -> bool:
        return True

    @property
    def wild_game(self) -> int | None:
        return _INDEX[self.ranking]

    def category_scale(self) -> tuple[tuple[str, ...], np.ndarray]:
        return CATEGORY_NAMES[self.ranking], category_table(self.ranking)

    def ids(self, x: Any, what: str) -> list[int]:
        """The card ids of `x` in this game: ``Xx`` (or ``Jk``, or id 52) is the joker."""
        items: list[Any] = x.split() if isinstance(x, str) else list(x)
        if any(isinstance(c, str) and c.lower() in ("xx", "jk") or
               not isinstance(c, (bool, np.bool_)) and isinstance(c, (int, np.integer))
               and c == JOKER for c in items) and self.ranking == "deuces-wild":
            raise InvalidCardError(f"{what}: invalid card 'Xx' (deuces-wild has no joker)")
        out: list[int] = []
        for c in items:
            if isinstance(c, str) and c.lower() == "xy":
                raise InvalidCardError(f"{what}: 'Xy' is a second joker: {self.ranking} has "
                                       + ("no joker" if self.ranking == "deuces-wild"
                                          else "one joker, 'Xx'"))
            if isinstance(c, str) and c.lower() in ("xx", "jk") or (
                    not isinstance(c, (bool, np.bool_)) and isinstance(c, (int, np.integer))
                    and c == JOKER):
                out.append(JOKER)
            else:
                out.extend(_plain_ids(c, what))
        return out

    def seat_hand(self, hole: list[int], boards: list[list[int]]) -> Any:
        return _WildHand(self.ranking, tuple(hole), int(self.strengths(
            np.array([hole], dtype=np.uint8), np.zeros((1, 0), dtype=np.uint8))[0]))

    def why(self) -> Any:
        return _why_wild


def _plain_ids(c: Any, what: str) -> list[int]:
    return ids_of(c if isinstance(c, str) else [c], what)


@dataclasses.dataclass(frozen=True)
class _WildHand:
    game: str
    hole: tuple[int, ...]
    strength: int

    @property
    def text(self) -> str:
        """The ranks the hand stands for, then what each wild card is."""
        words = describe(list(self.hole), self.game)
        subs = words[words.index(" ("):] if " (" in words else ""
        return describe_strength(self.strength, self.game).split(", ")[-1] + subs


def _why_wild(a: _WildHand, b: _WildHand) -> str:
    """``"<stronger> beats <weaker>: <why>"`` or ``"split: <why>"``, as hold'em's explain."""
    if a.strength == b.strength:
        return f"split: both hold {describe_strength(a.strength, a.game)}"
    top, low = (a, b) if a.strength > b.strength else (b, a)
    cat_top, cat_low = category_of(top.strength, top.game), category_of(low.strength, low.game)
    reason = (f"{cat_top} beats {cat_low}" if cat_top != cat_low
              else f"both {cat_top}; the ranks they stand for decide")
    return f"{top.text} beats {low.text}: {reason}"


_SUMMARY = {
    "deuces-wild": "deuces wild: five-card draw, the four deuces wild (five of a kind "
                   "tops a straight flush, a natural royal a wild one)",
    "joker-draw": "five-card draw with the joker (53 cards, 'Xx') as the bug: an ace or "
                  "the card completing a straight or flush",
    "california-lowball": "California lowball: ace-to-five draw with the joker (53 cards, "
                          "'Xx') as the lowest rank the hand does not hold",
}


def _wild_game(name: str) -> Any:
    def make(options: dict[str, Any]) -> Game:
        t, _ = high_tables("holdem")
        deck = tuple(range(52)) if name == "deuces-wild" else tuple(range(53))
        part = WildFive(name, name, 1)
        return Game(name, deck, 5, 0, (name,), "parts", (t,), None, (), _SUMMARY[name],
                    exchanges=1, hand_sizes=(5,), max_discard=5, parts=(part,), boards=0)
    return make


for _name in WILD_GAMES:
    register(_name, (), _wild_game(_name))
