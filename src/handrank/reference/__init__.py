"""Pure-Python rule book: the oracle the table-driven evaluator is checked against.

Everything here follows the comparison rule of the rules page literally
(:ref:`rules-comparison` on the rules page) and imports nothing from the
rest of the package (standard library only), so it can be read and checked on its
own:

1. Higher category wins.
2. Same category: group the ranks by how often they occur, largest group first,
   equal sizes from the highest rank down, and compare the lists left to right.
3. No difference anywhere: the hands are equal.

:func:`hand_key` turns five cards into a tuple ``(category position, rank, ...)``
such that Python's tuple comparison *is* that rule. :func:`all_keys` lists every
distinct key of a variant, weakest first, and :func:`evaluate` is one plus the
position of a hand's best key in that list (1 = weakest, higher is stronger).

Cards are ids ``4 * rank + suit`` (rank 0..12 = 2..A, suit 0..3 = c, d, h, s) or
a string such as ``"As Kd 7h"`` / ``"AsKd7h"``. Ranks in keys are the same rank
indices 0..12.

Low hands (:ref:`rules-low`): :func:`low_key`, :func:`low_evaluate` and
:func:`low_classes` take ``rule="a5"`` (ace-to-five) or ``"27"``
(deuce-to-seven) and, for ace-to-five, ``qualifier=8`` (eight or better).

Variants (keyword-only options, accepted by every high-hand function):

``lowest``
    Rank index of the lowest rank in the deck: 0 (the 2, 52 cards), 4 (the 6,
    short deck), 5 (the 7, the Brazilian 32-card deck); 0 to 7. The lowest
    straight is the ace plus the four lowest ranks of the deck; its top card is
    the fourth lowest rank. No wrap-around.
``flush_beats_full``
    Flush ranks above full house.
``trips_beat_straight``
    Three of a kind ranks above straight.
``kickers``
    ``False`` applies the house rule that kickers do not break ties between equal
    one pairs or equal two pairs.
"""

from __future__ import annotations

import functools
import itertools
import operator
from collections.abc import Iterable
from typing import NamedTuple, SupportsIndex, Union, cast

__all__ = [
    "CATEGORY_NAMES",
    "all_keys",
    "best_five",
    "best_key",
    "category_of_key",
    "classes",
    "evaluate",
    "hand_key",
    "low_classes",
    "low_evaluate",
    "low_key",
]

CATEGORY_NAMES = (
    "NO_HAND",
    "HIGH_CARD",
    "ONE_PAIR",
    "TWO_PAIR",
    "THREE_OF_A_KIND",
    "STRAIGHT",
    "FLUSH",
    "FULL_HOUSE",
    "FOUR_OF_A_KIND",
    "STRAIGHT_FLUSH",
)

# Standard category numbers (index into CATEGORY_NAMES).
_HIGH_CARD = 1
_ONE_PAIR = 2
_TWO_PAIR = 3
_THREE_OF_A_KIND = 4
_STRAIGHT = 5
_FLUSH = 6
_FULL_HOUSE = 7
_FOUR_OF_A_KIND = 8
_STRAIGHT_FLUSH = 9

_RANK_CHARS = "23456789TJQKA"
_SUIT_CHARS = "cdhs"
_N_RANKS = 13
_N_SUITS = 4
_N_CARDS = _N_RANKS * _N_SUITS
_ACE = _N_RANKS - 1
_MAX_LOWEST = _ACE - 5  # at least six ranks, so the ace-low straight differs from ace-high

_Cards = Union[str, Iterable[Union[int, str]]]


# --------------------------------------------------------------------------- cards


def _card_name(card_id: int) -> str:
    return _RANK_CHARS[card_id // _N_SUITS] + _SUIT_CHARS[card_id % _N_SUITS]


def _parse_one(text: str) -> int:
    if len(text) != 2 or text[0] not in _RANK_CHARS or text[1] not in _SUIT_CHARS:
        raise ValueError(f"invalid card {text!r}")
    return _N_SUITS * _RANK_CHARS.index(text[0]) + _SUIT_CHARS.index(text[1])


def _parse_string(text: str) -> list[int]:
    """``"As Kd 7h"`` or ``"AsKd7h"`` -> ids; each card is a rank char then a suit char."""
    ids = []
    for token in text.split():
        if len(token) % 2:
            raise ValueError(f"invalid card {token!r}")
        for i in range(0, len(token), 2):
            ids.append(_parse_one(token[i : i + 2]))
    return ids


def _card_id(card: object) -> int:
    if type(card) is int:
        card_id = card
    elif isinstance(card, str):
        return _parse_one(card)
    elif isinstance(card, bool):
        raise TypeError(f"expected a card id or card string, got {card!r}")
    else:
        try:
            # numpy integers and the like; anything else raises TypeError here
            card_id = operator.index(cast(SupportsIndex, card))
        except TypeError:
            raise TypeError(
                f"expected a card id or card string, got {type(card).__name__} {card!r}"
            ) from None
    if not 0 <= card_id < _N_CARDS:
        raise ValueError(f"invalid card id {card_id!r}")
    return card_id


def _cards(cards: _Cards, low: int, high: int, lowest: int) -> tuple[int, ...]:
    """Validate and normalise ``cards`` to a tuple of ids; ``low..high`` cards allowed."""
    if isinstance(cards, str):
        ids = _parse_string(cards)
    else:
        # Plain in-range ints pass straight through; anything else goes to _card_id.
        ids = [
            card if type(card) is int and 0 <= card < _N_CARDS else _card_id(card)
            for card in cards
        ]
    n = len(ids)
    if not low <= n <= high:
        expected = f"{low}" if low == high else f"{low} to {high}"
        raise ValueError(f"expected {expected} cards, got {n}")
    if len(set(ids)) != n:
        seen = set()
        for card_id in ids:
            if card_id in seen:
                raise ValueError(f"duplicate card {_card_name(card_id)!r}")
            seen.add(card_id)
    if min(ids) < _N_SUITS * lowest:
        for card_id in ids:
            if card_id // _N_SUITS < lowest:
                raise ValueError(
                    f"card {_card_name(card_id)!r} is not in the deck "
                    f"(lowest rank {_RANK_CHARS[lowest]!r})"
                )
    return tuple(ids)


# ------------------------------------------------------------------------ variants


class _Variant(NamedTuple):
    lowest: int
    flush_beats_full: bool
    trips_beat_straight: bool
    kickers: bool
    order: tuple[int, ...]  # standard category numbers, weakest first
    position: tuple[int, ...]  # standard category number -> 1 + its index in order


@functools.cache
def _make_variant(
    lowest: int, flush_beats_full: bool, trips_beat_straight: bool, kickers: bool
) -> _Variant:
    order = list(range(_HIGH_CARD, _STRAIGHT_FLUSH + 1))
    if trips_beat_straight:
        i, j = order.index(_THREE_OF_A_KIND), order.index(_STRAIGHT)
        order[i], order[j] = order[j], order[i]
    if flush_beats_full:
        i, j = order.index(_FLUSH), order.index(_FULL_HOUSE)
        order[i], order[j] = order[j], order[i]
    position = [0] * len(CATEGORY_NAMES)
    for i, category in enumerate(order):
        position[category] = i + 1
    return _Variant(
        lowest, flush_beats_full, trips_beat_straight, kickers, tuple(order), tuple(position)
    )


def _variant(
    lowest: object, flush_beats_full: object, trips_beat_straight: object, kickers: object
) -> _Variant:
    if isinstance(lowest, bool):
        raise TypeError(f"lowest must be an integer rank index, got {lowest!r}")
    try:
        low = operator.index(lowest)  # type: ignore[arg-type]
    except TypeError:
        raise TypeError(f"lowest must be an integer rank index, got {lowest!r}") from None
    if not 0 <= low <= _MAX_LOWEST:
        raise ValueError(f"lowest must be 0 to {_MAX_LOWEST}, got {lowest!r}")
    return _make_variant(
        low, bool(flush_beats_full), bool(trips_beat_straight), bool(kickers)
    )


# ------------------------------------------------------------------------ the rule


def _straight_top(ranks_desc: list[int], lowest: int) -> int | None:
    """Top card of a straight, or None. ``ranks_desc``: five distinct ranks, high first."""
    if ranks_desc[0] - ranks_desc[4] == 4:
        return ranks_desc[0]
    # The ace playing low, below the four lowest ranks of the deck (A-2-3-4-5 in a
    # full deck): the top card is the fourth lowest rank.
    if ranks_desc == [_ACE, lowest + 3, lowest + 2, lowest + 1, lowest]:
        return lowest + 3
    return None


def _key(ids: tuple[int, ...], variant: _Variant) -> tuple[int, ...]:
    """Rule-book key of five validated card ids."""
    is_flush = len({card_id % _N_SUITS for card_id in ids}) == 1
    counts: dict[int, int] = {}
    for card_id in ids:
        rank = card_id // _N_SUITS
        counts[rank] = counts.get(rank, 0) + 1

    # Group the ranks by size: largest group first, equal sizes from the highest rank
    # down (sorting (size, rank) pairs high first does exactly that).
    groups = sorted([(count, rank) for rank, count in counts.items()], reverse=True)
    order = [rank for _, rank in groups]
    shape = tuple([count for count, _ in groups])

    if shape == (1, 1, 1, 1, 1):
        top = _straight_top(order, variant.lowest)
        if top is not None:
            category = _STRAIGHT_FLUSH if is_flush else _STRAIGHT
            order = [top]  # only the top card of a straight counts
        else:
            category = _FLUSH if is_flush else _HIGH_CARD
    elif shape == (4, 1):
        category = _FOUR_OF_A_KIND
    elif shape == (3, 2):
        category = _FULL_HOUSE
    elif shape == (3, 1, 1):
        category = _THREE_OF_A_KIND
    elif shape == (2, 2, 1):
        category = _TWO_PAIR
        if not variant.kickers:
            order = order[:2]
    elif shape == (2, 1, 1, 1):
        category = _ONE_PAIR
        if not variant.kickers:
            order = order[:1]
    else:
        raise RuntimeError(f"internal error: impossible rank groups {shape!r}")
    return (variant.position[category], *order)


# ---------------------------------------------------------------------- public API


def hand_key(
    cards: _Cards,
    *,
    lowest: int = 0,
    flush_beats_full: bool = False,
    trips_beat_straight: bool = False,
    kickers: bool = True,
) -> tuple[int, ...]:
    """Rule-book comparison key of exactly five cards.

    Parameters
    ----------
    cards : str or iterable of int or str
        Five card ids (``4 * rank + suit``) or a string such as ``"As Kd 7h 7c 2s"``.
    lowest, flush_beats_full, trips_beat_straight, kickers
        The variant; see the module docstring.

    Returns
    -------
    tuple of int
        ``(position of the category in the variant's order, rank, ...)`` where the
        ranks are grouped by size, largest group first, equal sizes high rank first;
        straights give only their top card. Comparing two keys with ``<`` gives the
        rule-book result; equal keys split the pot.

    Raises
    ------
    ValueError
        Not exactly five cards, a duplicate, an unknown card, or a card below
        ``lowest``.

    Examples
    --------
    >>> hand_key("Kh Ks 4c 4d Ad")  # two pair: kings, fours, ace kicker
    (3, 11, 2, 12)
    """
    variant = _variant(lowest, flush_beats_full, trips_beat_straight, kickers)
    return _key(_cards(cards, 5, 5, variant.lowest), variant)


def category_of_key(
    key: tuple[int, ...],
    *,
    lowest: int = 0,
    flush_beats_full: bool = False,
    trips_beat_straight: bool = False,
    kickers: bool = True,
) -> int:
    """Standard category number (1 = high card .. 9 = straight flush) of a key.

    Parameters
    ----------
    key : tuple of int
        A key from :func:`hand_key` or :func:`best_key` made with the same options.
    lowest, flush_beats_full, trips_beat_straight, kickers
        The variant the key was made with.

    Returns
    -------
    int
        Index into :data:`CATEGORY_NAMES`, independent of the variant's order.

    Raises
    ------
    ValueError
        The key's first element is not a category position.

    Examples
    --------
    >>> CATEGORY_NAMES[category_of_key(hand_key("9c 8c 7c 6c Ac", lowest=4), lowest=4)]
    'STRAIGHT_FLUSH'
    """
    variant = _variant(lowest, flush_beats_full, trips_beat_straight, kickers)
    if not key or not 1 <= key[0] <= len(variant.order):
        raise ValueError(f"invalid hand key {key!r}")
    return variant.order[key[0] - 1]


def best_key(
    cards: _Cards,
    *,
    lowest: int = 0,
    flush_beats_full: bool = False,
    trips_beat_straight: bool = False,
    kickers: bool = True,
) -> tuple[int, ...]:
    """Key of the best five-card hand among five to seven cards.

    Parameters
    ----------
    cards : str or iterable of int or str
        Five, six or seven distinct cards.
    lowest, flush_beats_full, trips_beat_straight, kickers
        The variant; see the module docstring.

    Returns
    -------
    tuple of int
        The largest :func:`hand_key` over all five-card subsets.

    Raises
    ------
    ValueError
        Fewer than five or more than seven cards, a duplicate, an unknown card, or
        a card below ``lowest``.

    Examples
    --------
    >>> best_key("As Ks Qs Js Ts 2c 2d") == hand_key("As Ks Qs Js Ts")
    True
    """
    variant = _variant(lowest, flush_beats_full, trips_beat_straight, kickers)
    ids = _cards(cards, 5, 7, variant.lowest)
    return max(_key(five, variant) for five in itertools.combinations(ids, 5))


def best_five(
    cards: _Cards,
    *,
    lowest: int = 0,
    flush_beats_full: bool = False,
    trips_beat_straight: bool = False,
    kickers: bool = True,
) -> list[int]:
    """Ids of a five-card subset whose key is :func:`best_key`.

    When several subsets tie, the first in :func:`itertools.combinations` order of
    the input is returned, so the result is deterministic.

    Parameters
    ----------
    cards : str or iterable of int or str
        Five, six or seven distinct cards.
    lowest, flush_beats_full, trips_beat_straight, kickers
        The variant; see the module docstring.

    Returns
    -------
    list of int
        Five card ids, in input order.

    Raises
    ------
    ValueError
        As :func:`best_key`.

    Examples
    --------
    >>> best_five("2c 3d Ah Ac Kd Ks 7h")  # aces and kings, seven kicker
    [50, 48, 45, 47, 22]
    """
    variant = _variant(lowest, flush_beats_full, trips_beat_straight, kickers)
    ids = _cards(cards, 5, 7, variant.lowest)
    best = max(itertools.combinations(ids, 5), key=lambda five: _key(five, variant))
    return list(best)


@functools.cache
def _strengths(
    variant: _Variant,
) -> tuple[tuple[tuple[int, ...], ...], dict[tuple[int, ...], int]]:
    """All distinct keys of ``variant`` sorted weakest first, and key -> strength."""
    keys = set()
    ranks = range(variant.lowest, _N_RANKS)
    # Every five-card hand's key depends only on its rank multiset and on whether it
    # is a flush, so one representative hand per (multiset, flush) covers the deck.
    for multiset in itertools.combinations_with_replacement(ranks, 5):
        counts = [multiset.count(rank) for rank in multiset]
        if max(counts) > _N_SUITS:
            continue
        # Not a flush: give the k-th copy of a rank suit k; five distinct ranks get
        # suits c c c c d.
        copies: dict[int, int] = {}
        hand = []
        for rank in multiset:
            suit = copies.get(rank, 0)
            copies[rank] = suit + 1
            hand.append(_N_SUITS * rank + suit)
        if len(set(multiset)) == 5:
            hand[4] += 1
            # A flush: all five distinct ranks in clubs.
            keys.add(_key(tuple(_N_SUITS * rank for rank in multiset), variant))
        keys.add(_key(tuple(hand), variant))
    ordered = tuple(sorted(keys))
    return ordered, {key: i + 1 for i, key in enumerate(ordered)}


def all_keys(
    *,
    lowest: int = 0,
    flush_beats_full: bool = False,
    trips_beat_straight: bool = False,
    kickers: bool = True,
) -> tuple[tuple[int, ...], ...]:
    """Every distinct five-card key of a variant, weakest first.

    Parameters
    ----------
    lowest, flush_beats_full, trips_beat_straight, kickers
        The variant; see the module docstring.

    Returns
    -------
    tuple of tuple of int
        Strictly increasing keys; computed once per variant and cached.

    Examples
    --------
    >>> keys = all_keys()
    >>> keys[0], keys[-1]  # 7-5-4-3-2 and the royal flush
    ((1, 5, 3, 2, 1, 0), (9, 12))
    """
    variant = _variant(lowest, flush_beats_full, trips_beat_straight, kickers)
    return _strengths(variant)[0]


def classes(
    *,
    lowest: int = 0,
    flush_beats_full: bool = False,
    trips_beat_straight: bool = False,
    kickers: bool = True,
) -> int:
    """Number of distinct hand strengths of a variant.

    Parameters
    ----------
    lowest, flush_beats_full, trips_beat_straight, kickers
        The variant; see the module docstring.

    Returns
    -------
    int
        ``len(all_keys(...))``: 7462 for the standard deck.

    Examples
    --------
    >>> classes(), classes(lowest=4, flush_beats_full=True)
    (7462, 1404)
    """
    return len(
        all_keys(
            lowest=lowest,
            flush_beats_full=flush_beats_full,
            trips_beat_straight=trips_beat_straight,
            kickers=kickers,
        )
    )


def evaluate(
    cards: _Cards,
    *,
    lowest: int = 0,
    flush_beats_full: bool = False,
    trips_beat_straight: bool = False,
    kickers: bool = True,
) -> int:
    """Strength of the best five-card hand among five to seven cards.

    Parameters
    ----------
    cards : str or iterable of int or str
        Five, six or seven distinct cards.
    lowest, flush_beats_full, trips_beat_straight, kickers
        The variant; see the module docstring.

    Returns
    -------
    int
        ``1 + all_keys(...).index(best_key(cards, ...))``: 1 is the weakest hand,
        :func:`classes` the strongest; equal strengths split the pot.

    Raises
    ------
    ValueError
        As :func:`best_key`.

    Examples
    --------
    >>> evaluate("7c 5d 4h 3s 2c"), evaluate("As Ks Qs Js Ts")
    (1, 7462)
    """
    variant = _variant(lowest, flush_beats_full, trips_beat_straight, kickers)
    ids = _cards(cards, 5, 7, variant.lowest)
    if len(ids) == 5:
        key = _key(ids, variant)
    else:
        key = max(_key(five, variant) for five in itertools.combinations(ids, 5))
    return _strengths(variant)[1][key]


# --------------------------------------------------------------------- low hands
#
# The low-hand rules of docs/rules.md ("Low hands and high-low games"),
# read literally.  A low key is a tuple that is *smaller for the
# better low*: comparing two keys with ``<`` says which low wins.


_LOW_RULES = ("a5", "27")
_A5_PATTERNS = ((1, 1, 1, 1, 1), (2, 1, 1, 1), (2, 2, 1), (3, 1, 1), (3, 2), (4, 1))


def _check_low_rule(rule: object, qualifier: object) -> None:
    if rule not in _LOW_RULES:
        raise ValueError(f"unknown low rule {rule!r}, expected 'a5' or '27'")
    if qualifier not in (None, 8) or isinstance(qualifier, bool):
        raise ValueError(f"qualifier must be None or 8, got {qualifier!r}")
    if qualifier is not None and rule != "a5":
        raise ValueError("only ace-to-five ('a5') takes a qualifier")


def _low_key(ids: tuple[int, ...], rule: str) -> tuple[int, ...]:
    if rule == "a5":
        # Aces are low: the ace counts 1, the 2 counts 2, ... the king 13.
        # Straights and flushes do not count.
        values = [1 if card_id // _N_SUITS == _ACE else card_id // _N_SUITS + 2 for card_id in ids]
        count = {v: values.count(v) for v in values}
        # Unpaired beats one pair beats two pair beats trips beats a full house
        # beats four of a kind; within a pattern the groups (largest first,
        # highest first), then the kickers, lowest wins.
        groups = sorted(count, key=lambda v: (count[v], v), reverse=True)
        pattern = tuple(sorted(count.values(), reverse=True))
        return (_A5_PATTERNS.index(pattern), *groups)
    # Deuce-to-seven: exactly the high order turned upside down (the weaker
    # high hand is the better low), except that A-2-3-4-5 is no straight but
    # an ace-high hand (suited, an ace-high flush).
    ranks = sorted((card_id // _N_SUITS for card_id in ids), reverse=True)
    if ranks == [_ACE, 3, 2, 1, 0]:
        suited = len({card_id % _N_SUITS for card_id in ids}) == 1
        position = _make_variant(0, False, False, True).position
        return (position[_FLUSH if suited else _HIGH_CARD], *ranks)
    return _key(ids, _variant(0, False, False, True))


def _qualifies(key: tuple[int, ...]) -> bool:
    """Eight or better: five different ranks (an unpaired a5 key), all 8 or lower."""
    return key[0] == 0 and max(key[1:]) <= 8


def low_key(cards: _Cards, *, rule: str = "a5") -> tuple[int, ...]:
    """Comparison key of a five-card low hand: the *smaller* key is the better low.

    Parameters
    ----------
    cards : str or iterable of int or str
        Exactly five cards.
    rule : {"a5", "27"}
        Ace-to-five or deuce-to-seven (:ref:`rules-low`).

    Returns
    -------
    tuple of int
        ``a5``: (pattern, group ranks...) with ranks counted A=1 .. K=13 and
        pattern 0 = no pair .. 5 = four of a kind.  ``27``: the high key of
        :func:`hand_key`, A-2-3-4-5 counted as an ace-high hand.

    Raises
    ------
    ValueError
        Not five distinct valid cards, or an unknown rule.

    Examples
    --------
    >>> low_key("8s 5d 4h 3c 2s") < low_key("8d 6h 3s 2d Ac")
    True
    >>> low_key("As 2d 3h 4c 5s", rule="27") < low_key("6s 2d 3h 4c 5s", rule="27")  # no straight
    True
    >>> low_key("As 2d 3h 4c 5s", rule="27") < low_key("Ks Qd Jh 9c 8s", rule="27")  # ace-high
    False
    """
    _check_low_rule(rule, None)
    return _low_key(_cards(cards, 5, 5, 0), rule)


@functools.cache
def _low_strengths(rule: str, qualifier: int | None) -> dict[tuple[int, ...], int]:
    """Every distinct low key (qualifying ones only with a qualifier) -> strength,
    the worst low 1."""
    keys = set()
    for multiset in itertools.combinations_with_replacement(range(_N_RANKS), 5):
        if max(multiset.count(r) for r in multiset) > _N_SUITS:
            continue
        copies: dict[int, int] = {}
        hand = []
        for rank in multiset:               # the k-th copy of a rank gets suit k
            copies[rank] = copies.get(rank, 0) + 1
            hand.append(_N_SUITS * rank + copies[rank] - 1)
        if len(set(multiset)) == 5:
            keys.add(_low_key(tuple(_N_SUITS * r for r in multiset), rule))  # suited
            hand[4] += 1                                                   # not suited
        keys.add(_low_key(tuple(hand), rule))
    if qualifier is not None:
        keys = {k for k in keys if _qualifies(k)}
    ordered = sorted(keys, reverse=True)
    return {key: i + 1 for i, key in enumerate(ordered)}


def low_classes(*, rule: str = "a5", qualifier: int | None = None) -> int:
    """Number of distinct lows of a rule (qualifying ones only with a qualifier).

    Examples
    --------
    >>> low_classes(), low_classes(qualifier=8), low_classes(rule="27")
    (6175, 56, 7462)
    """
    _check_low_rule(rule, qualifier)
    return len(_low_strengths(rule, qualifier))


def low_evaluate(cards: _Cards, *, rule: str = "a5", qualifier: int | None = None) -> int:
    """Strength of the best low among five to seven cards (any five of them).

    Parameters
    ----------
    cards : str or iterable of int or str
        Five, six or seven distinct cards.
    rule : {"a5", "27"}
        Ace-to-five or deuce-to-seven.
    qualifier : {None, 8}
        8: only five different ranks, all 8 or lower (ace = 1), make a low.

    Returns
    -------
    int
        1 (the worst low) .. :func:`low_classes` (the best); 0 when a
        qualifier is given and no five cards qualify.

    Raises
    ------
    ValueError
        As :func:`best_key`, or an unknown rule or qualifier.

    Examples
    --------
    >>> low_evaluate("As 2d 3h 4c 5s 9d Kc"), low_classes()
    (6175, 6175)
    >>> low_evaluate("9s Ts Jd Qh Kc", qualifier=8)
    0
    >>> low_evaluate("7s 5d 4h 3c 2s", rule="27")
    7462
    """
    _check_low_rule(rule, qualifier)
    ids = _cards(cards, 5, 7, 0)
    best = min(_low_key(five, rule) for five in itertools.combinations(ids, 5))
    if qualifier is not None and not _qualifies(best):
        return 0
    return _low_strengths(rule, qualifier)[best]
