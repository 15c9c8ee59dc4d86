"""Wild-card games for the table generator (docs/rules.md); standard library only.

Three games rank five cards with wild cards, each hand as the best natural
hand it can stand for:

* ``deuces-wild`` (game 0, 52 cards): each deuce may be any card, the same
  card as another included (five of a kind ranks above a straight flush);
* ``joker-draw`` (game 1, 53 cards, id 52 the joker): the joker is an ace, or
  any card that completes a straight, a flush or a straight flush;

in both a natural royal flush ranks above a wild one;
* ``california-lowball`` (game 2, 53 cards): ace-to-five low, the joker the
  lowest rank the hand does not hold.

A hand's rank depends only on its **symbols** (each natural card's rank
0..12, each wild card 13) and on whether its natural cards share one suit:
the wild cards can take any rank in that suit or in another.  The sorted
five symbols a0 <= ... <= a4 index the multisets of five of 14 symbols by
their combinatorial number ``sum C(a_i + i, i + 1)`` (0 .. 8,567), and the
suit flag picks one of two halves:

* ``wild_value`` (3 * 2 * 8,568 uint16): game * 17,136 + suited * 8,568 +
  index -> the hand's class (1..classes, higher is better), 0 for symbols no
  hand of the game holds;
* ``wild_choose`` (5 * 18 uint16): ``C(b, i + 1)`` at ``18 * i + b``, the
  index's terms;
* ``wild_score_<game>`` (classes + 1 uint32): each class's score, the number
  :func:`handrank.games.wild.evaluate` returns (for the low game its
  negation): category * 2 * 13**5 (+ 13**5 for a natural royal) + the five
  ranks it stands for in base 13, ordered by count then rank (a straight's
  wheel plays the ace low); for the low game badness * 13**5 + the ace-low
  places (ace 0 .. king 12) in the same order.

Each entry is the best over every rank the wild cards can take (with
repeats), each tried in the natural cards' suit (when they share one) and
out of it; tests/test_wild_tables.py checks every entry against a brute
force that substitutes each of the 52 cards for each wild card.
"""

from __future__ import annotations

import functools
import itertools

GAMES = ("deuces-wild", "joker-draw", "california-lowball")
WILD = 13                                   # the wild cards' symbol
SYMBOLS = 14
SIZE = 5
KEYS = 8568                                 # C(18, 5): multisets of 5 of 14 symbols
BASE = 13 ** 5
ROYAL, FIVE = 9, 10
# category of each (count shape) once straights and flushes are set aside
_LOW_BADNESS = {(1, 1, 1, 1, 1): 0, (2, 1, 1, 1): 1, (2, 2, 1): 2, (3, 1, 1): 3,
                (3, 2): 4, (4, 1): 5}


def choose(n: int, k: int) -> int:
    if k < 0 or n < k:
        return 0
    out = 1
    for i in range(k):
        out = out * (n - i) // (i + 1)
    return out


def key_index(symbols: tuple[int, ...]) -> int:
    """The combinatorial index of five symbols (any order)."""
    a = sorted(symbols)
    return sum(choose(a[i] + i, i + 1) for i in range(SIZE))


def by_count(ranks: tuple[int, ...]) -> list[int]:
    """The ranks ordered by (count, rank), largest first."""
    counts = {r: ranks.count(r) for r in ranks}
    return sorted(ranks, key=lambda r: (counts[r], r), reverse=True)


@functools.cache
def high_score(ranks: tuple[int, ...], flush: bool) -> int:
    """The score of five natural ranks (sorted, repeats allowed), all of one suit or not."""
    counts = sorted((ranks.count(r) for r in set(ranks)), reverse=True) + [0]
    top, second = counts[0], counts[1]
    distinct = top == 1
    wheel = distinct and ranks == (0, 1, 2, 3, 12)
    straight = distinct and (ranks[4] - ranks[0] == 4 or wheel)
    cat = 0
    if top == 2:
        cat = 2 if second == 2 else 1
    if top == 3:
        cat = 3
    if straight:
        cat = 4
    if flush and not straight:
        cat = 5
    if top == 3 and second == 2:
        cat = 6
    if top == 4:
        cat = 7
    if straight and flush:
        cat = ROYAL if ranks[0] == 8 else 8
    if top == 5:
        cat = FIVE
    order = [3, 2, 1, 0, 12] if wheel else by_count(ranks)
    value = 0
    for r in order:
        value = value * 13 + r
    return cat * 2 * BASE + value


def high_category(score: int) -> int:
    return score // (2 * BASE)


def low_score(places: tuple[int, ...]) -> int:
    """badness * 13**5 + places by (count, place) descending (lower is a better low)."""
    shape = tuple(sorted((places.count(p) for p in set(places)), reverse=True))
    value = 0
    for p in by_count(places):
        value = value * 13 + p
    return _LOW_BADNESS[shape] * BASE + value


def reachable(game: int, naturals: tuple[int, ...], suited: bool) -> bool:
    """Whether some hand of `game` has these natural ranks and wild count, suited or not."""
    wilds = SIZE - len(naturals)
    if game == 0 and (wilds > 4 or 0 in naturals):      # the deuces are the wild cards
        return False
    if game > 0 and wilds > 1:                          # one joker
        return False
    if any(naturals.count(r) > 4 for r in naturals):
        return False
    if len(naturals) <= 1:
        return suited                                   # one natural card is one suit
    return not suited or len(set(naturals)) == len(naturals)


def best(game: int, naturals: tuple[int, ...], suited: bool) -> int:
    """The score of the best hand the symbols can stand for (the low game: its negation)."""
    wilds = SIZE - len(naturals)
    if game == 2:
        places = tuple(0 if r == 12 else r + 1 for r in naturals)
        if wilds:
            places += (min(p for p in range(13) if p not in places),)
        return -low_score(places)
    top = -1
    for sub in itertools.combinations_with_replacement(range(13), wilds):
        ranks = tuple(sorted(naturals + sub))
        for flush in ((False, True) if suited else (False,)):
            s = high_score(ranks, flush)
            if game == 1 and wilds and sub[0] != 12 and high_category(s) not in (4, 5, 8, ROYAL):
                continue          # the bug: an ace, or a straight, flush or straight flush
            if not wilds and high_category(s) == ROYAL:
                s += BASE         # a natural royal flush above a wild one
            top = max(top, s)
    return top


def tables() -> tuple[list[int], list[list[int]]]:
    """wild_value and each game's wild_score (the module docstring)."""
    value = [0] * (len(GAMES) * 2 * KEYS)
    scores = []
    for game in range(len(GAMES)):
        found: dict[tuple[int, int], int] = {}
        for n_nat in range(SIZE + 1):
            for naturals in itertools.combinations_with_replacement(range(13), n_nat):
                for suited in (False, True):
                    if reachable(game, naturals, suited):
                        index = key_index(naturals + (WILD,) * (SIZE - n_nat))
                        found[(int(suited), index)] = best(game, naturals, suited)
        distinct = sorted(set(found.values()))
        cls = {s: i for i, s in enumerate(distinct, start=1)}
        for (suited, index), s in found.items():
            value[(game * 2 + suited) * KEYS + index] = cls[s]
        scores.append([0] + [abs(s) for s in distinct])
    return value, scores


def extras() -> tuple[list[tuple[str, int]], list[tuple[str, str, list[int]]]]:
    """The (defines, arrays) generate.py writes for csrc/wild.c and the Python backend."""
    value, scores = tables()
    chooser = [choose(b, i + 1) for i in range(SIZE) for b in range(SYMBOLS + SIZE - 1)]
    defines = [("HR_WILD_KEYS", KEYS)]
    arrays = [("uint16_t", "hr_wild_value", value), ("uint16_t", "hr_wild_choose", chooser)]
    for name, score in zip(GAMES, scores):
        defines.append((f"HR_WILD_{name.upper().replace('-', '_')}_CLASSES", len(score) - 1))
        arrays.append(("uint32_t", f"hr_wild_score_{name.replace('-', '_')}", score))
    return defines, arrays
