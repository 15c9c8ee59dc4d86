"""The badugi rule book in plain Python (beside :mod:`handrank.reference`).

Written from the rule, not from the tables: among all sets of a hand's
cards with no two of the same rank and no two of the same suit, the best is
the largest; among sets of the same size, the one whose highest card is
lowest, then the next card, and so on (aces low).  :func:`hand_key` returns
a tuple that compares like the hands: a larger key is a better badugi.
tests/test_draw.py checks every one of the 270,725 four-card hands against
the C core with it.  Imports nothing from the tables or the C core.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

__all__ = ["best_badugi", "hand_key"]

ACE = 12


def _low(card: int) -> int:
    """A card's rank in the ace-low order: ace 1, 2 two, ... king 13."""
    rank = card // 4
    return 1 if rank == ACE else rank + 2


def _is_badugi(cards: Sequence[int]) -> bool:
    return (len({c // 4 for c in cards}) == len(cards)
            and len({c % 4 for c in cards}) == len(cards))


def _key(cards: Sequence[int]) -> tuple[int, tuple[int, ...]]:
    return len(cards), tuple(-v for v in sorted((_low(c) for c in cards), reverse=True))


def best_badugi(cards: Sequence[int]) -> tuple[int, ...]:
    """The cards of the best badugi of four distinct card ids (one of them if several tie)."""
    if len(cards) != 4 or len(set(cards)) != 4 or not all(0 <= c < 52 for c in cards):
        raise ValueError(f"expected four distinct card ids, got {list(cards)!r}")
    # The largest sets first: any valid set beats every smaller one.
    for k in range(4, 0, -1):
        sets = [s for s in itertools.combinations(cards, k) if _is_badugi(s)]
        if sets:
            return max(sets, key=_key)
    raise RuntimeError("internal error: a single card is always a badugi")


def hand_key(cards: Sequence[int]) -> tuple[int, tuple[int, ...]]:
    """(number of cards, the negated ace-low ranks highest first) of the best badugi."""
    return _key(best_badugi(cards))
