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

:func:`evaluate` gives a strength (higher is better in all three games),
:func:`describe` names the hand and what each wild card stands for,
:func:`best_five` the natural cards the hand stands for.  The high games
are solved by trying every substitution of the wild cards worth trying (each
wild card as every rank, in each suit the natural cards hold and one they do
not), each scored by a natural evaluator that allows repeated cards; the
tests check this against every substitution of all 52 cards.
"""

from __future__ import annotations

import itertools
from typing import Any

import numpy as np

from ..core._typing import CardsLike
from ..core.cards import cards_str, hand
from ..core.errors import InvalidCardError, InvalidHandError

__all__ = ["WILD_GAMES", "best_five", "describe", "evaluate"]

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
    ids = _cards(cards, game)
    return (_low(ids) if game == "california-lowball" else _best_high(ids, game))[0]


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
        strength, five = _low(ids)
        ranks = sorted(((c // 4 + 1) % 13 for c in five), reverse=True)
        text = "-".join("A" if r == 0 else _RANKS[r - 1] for r in ranks)
        subs = [f"Xx as {'A' if (c // 4 + 1) % 13 == 0 else _RANKS[c // 4]}"
                for c in five[len(ids) - len(wild):]]
        return text + (f" ({', '.join(subs)})" if subs else "")
    strength, five = _best_high(ids, game)
    cat = strength // (2 * 13 ** 5)
    name = _NAMES[cat]
    if cat == _ROYAL:
        name = "wild royal flush" if wild else "natural royal flush"
    subs = [f"{'Xx' if w == JOKER else cards_str([w])} as {cards_str([c])}"
            for w, c in zip(wild, five[len(ids) - len(wild):])]
    return name + (f" ({', '.join(subs)})" if subs else "")
