"""Reading and writing cards.

A card is an int id ``4 * rank + suit``: rank 0..12 is 2..A, suit 0..3 is
c, d, h, s.  So ``2c`` is 0, ``Kd`` is 45 and ``As`` is 51.  Text accepts
``10`` for ``T`` and the symbols ``♣ ♦ ♥ ♠`` for ``c d h s``; output is
always the two-character ``"Th"`` form.

This module owns every message about a bad card or a bad hand; the other
modules call its helpers.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

import numpy as np

from ._typing import CardLike, CardsLike
from ._validate import number, quote
from .errors import InvalidCardError, InvalidHandError

__all__ = ["RANKS", "SUITS", "card", "card_str", "cards", "cards_str"]

RANKS = "23456789TJQKA"
SUITS = "cdhs"
N_CARDS = 52

_SUIT_ALIASES = {
    "c": 0, "d": 1, "h": 2, "s": 3,
    "♣": 0, "♦": 1, "♥": 2, "♠": 3,
    "♧": 0, "♢": 1, "♡": 2, "♤": 3,
}
_RANK_ALIASES = {r: i for i, r in enumerate(RANKS)}
_RANK_ALIASES.update({r.lower(): i for i, r in enumerate(RANKS)})
_RANK_ALIASES["10"] = RANKS.index("T")

# Every spelling of every card, for the common case of separated tokens.
_CARD_IDS: dict[str, int] = {}
for _rank_text, _rank in _RANK_ALIASES.items():
    for _suit_text, _suit in _SUIT_ALIASES.items():
        for _s in {_suit_text, _suit_text.upper()}:
            _CARD_IDS[_rank_text + _s] = 4 * _rank + _suit
_CARD_NAMES = tuple(r + s for r in RANKS for s in SUITS)

_SEPARATORS = re.compile(r"[\s,;]+")
# One card inside a run of cards written without separators: "AsKd", "10h".
_ONE_CARD = re.compile(r"(10|.)(.)", re.DOTALL)


def card_str(card_id: int) -> str:
    """Return the two-character name of a card id.

    Parameters
    ----------
    card_id : int
        A card id, 0..51.

    Returns
    -------
    str
        Rank then suit, e.g. ``"As"``.

    Raises
    ------
    InvalidCardError
        If the id is not in 0..51.

    Examples
    --------
    >>> card_str(51)
    'As'
    >>> card_str(60)
    Traceback (most recent call last):
    ...
    handrank.errors.InvalidCardError: invalid card id 60
    """
    return _CARD_NAMES[_card_id(card_id)]


def cards_str(ids: Iterable[int]) -> str:
    """Return cards as space-separated text, e.g. ``"As Kd"``.

    Parameters
    ----------
    ids : iterable of int
        Card ids (0 = 2c, 1 = 2d ... 51 = As).
    """
    return " ".join(card_str(c) for c in ids)


def card(x: CardLike) -> int:
    """Return the id of one card given as text or as an id.

    Parameters
    ----------
    x : str or int
        ``"Kd"``, ``"10h"``, ``"A♠"`` (rank then suit, any case) or an id 0-51.

    Examples
    --------
    >>> card("2c"), card("Kd"), card("A♠"), card("10h")
    (0, 45, 51, 34)
    >>> card("Zz")
    Traceback (most recent call last):
    ...
    handrank.errors.InvalidCardError: invalid card 'Zz'
    """
    if isinstance(x, str):
        found = _CARD_IDS.get(x.strip())
        if found is None:
            raise InvalidCardError(f"invalid card {quote(x)}{_joker_hint(x.strip())}")
        return found
    return _card_id(x)


def _joker_hint(text: str) -> str:
    """A word for a joker written where the deck has none (52 cards)."""
    if text in ("Xx", "Xy", "Jk"):
        return (" (a joker: only joker-draw, california-lowball and the joker video-poker "
                "machines deal one)")
    return ""


def cards(x: CardsLike) -> list[int]:
    """Return a list of card ids from text, a sequence of cards or an array.

    Parameters
    ----------
    x : str, sequence of str or int, or numpy array
        ``"AsKd"``, ``"As Kd"``, ``"As,Kd"``, ``"A♠ K♦"``, ``"10s"``,
        ``["As", "Kd"]``, ``[51, 45]`` or a 1-D integer array.  A card id is
        ``4 * rank + suit``: rank 0..12 is 2..A, suit 0..3 is c, d, h, s
        (:ref:`rules-cards`).

    Returns
    -------
    list of int
        The ids in the order given.  Duplicates are not checked here.

    Raises
    ------
    InvalidCardError
        Naming the first token that is not a card.
    TypeError
        If `x` is not text, a sequence or an integer array.

    Examples
    --------
    >>> cards("As Kd")
    [51, 45]
    >>> cards("A♠K♦ 10c")
    [51, 45, 32]
    >>> cards("As Zz")
    Traceback (most recent call last):
    ...
    handrank.errors.InvalidCardError: invalid card 'Zz'
    """
    if isinstance(x, str):
        try:
            return [_CARD_IDS[t] for t in x.split()]
        except KeyError:
            pass                    # parsed again outside the handler: one traceback
        return _parse_text(x)
    if isinstance(x, np.ndarray):
        if x.ndim != 1 or not (x.dtype.kind in "iu" or x.size == 0):
            raise TypeError(
                f"expected a 1-D integer array of card ids, got shape {x.shape} dtype {x.dtype}"
            )
        bad = (x < 0) | (x >= N_CARDS)
        if bad.any():
            raise InvalidCardError(f"invalid card id {number(x[bad.argmax()])}")
        ids: list[int] = x.astype(np.intp).tolist()
        return ids
    if isinstance(x, (bytes, bytearray)):
        raise TypeError(f"expected cards as str, sequence or array, got {type(x).__name__}")
    try:
        items = list(x)
    except TypeError:
        raise TypeError(
            f"expected cards as str, sequence or array, got {type(x).__name__}"
        ) from None
    return [card(c) if isinstance(c, str) else _card_id(c) for c in items]


#: Text longer than this cannot be a hand or a board (7 cards in any spelling,
#: with room for any spacing): refused before it is parsed.
MAX_HAND_TEXT = 10_000


def check_text_length(x: Any) -> None:
    """Refuse card text too long to be a hand or a board, without parsing it."""
    if isinstance(x, str) and len(x) > MAX_HAND_TEXT:
        raise InvalidHandError(f"card text too long: {len(x):,} characters "
                               f"(a hand or board needs far fewer than {MAX_HAND_TEXT:,})")


def hand(x: CardsLike, low: int = 5, high: int = 7) -> list[int]:
    """Return the ids of a hand of `low` to `high` distinct cards, or raise."""
    check_text_length(x)
    ids = cards(x)
    check_hand(ids, low, high)
    return ids


def check_hand(ids: list[int], low: int = 5, high: int = 7) -> None:
    """Raise InvalidHandError if `ids` has the wrong count or a repeated card."""
    n = len(ids)
    if not low <= n <= high:
        expected = str(low) if low == high else f"{low} to {high}"
        raise InvalidHandError(f"expected {expected} cards, got {n}")
    if len(set(ids)) != n:
        raise InvalidHandError(f"duplicate card {card_str(first_duplicate(ids))!r}")


def first_duplicate(ids: Iterable[int]) -> int:
    """Return the first card id that repeats an earlier one (-1 if none)."""
    seen: set[int] = set()
    for c in ids:
        if c in seen:
            return c
        seen.add(c)
    return -1


def has_bool(items: Iterable[Any]) -> bool:
    """True if any item is a bool: True and False are ints in Python (1 and 0,
    the ids of 2d and 2c) but never card ids here."""
    kinds = set(map(type, items))
    return bool in kinds or np.bool_ in kinds


def _card_id(x: Any) -> int:
    # bool is an int in Python (True == 1) but not a card id: refused by name
    if isinstance(x, (int, np.integer)) and not isinstance(x, (bool, np.bool_)):
        if 0 <= x < N_CARDS:
            return int(x)
        raise InvalidCardError(f"invalid card id {number(x)}")
    raise TypeError(f"expected a card as str or int, got {type(x).__name__}")


def _parse_text(text: str) -> list[int]:
    out: list[int] = []
    for token in _SEPARATORS.split(text.strip()):
        if not token:
            continue
        found = _CARD_IDS.get(token)
        if found is not None:
            out.append(found)
            continue
        pos = 0
        while pos < len(token):
            m = _ONE_CARD.match(token, pos)
            chunk = m.group(0) if m else token[pos:]
            found = _CARD_IDS.get(chunk)
            if found is None:
                raise InvalidCardError(f"invalid card {quote(chunk)}{_joker_hint(chunk)}")
            out.append(found)
            pos += len(chunk)
    return out
