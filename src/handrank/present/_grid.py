"""The 13x13 chart of starting-hand classes: its labels, shared by text, HTML and plots.

Row and column 0 are aces, 12 are deuces; pairs on the diagonal, suited
classes above it (row = top card), offsuit below it (column = top card), as
:meth:`handrank.Range.grid`.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..core.cards import RANKS

__all__ = ["LABELS", "RANK_LABELS", "class_name", "deck_rows"]

RANK_LABELS = tuple(RANKS[::-1])          # "A", "K", ... "2": the rows and columns


def _label(r: int, c: int) -> str:
    a, b = RANK_LABELS[r], RANK_LABELS[c]
    if r == c:
        return a + b
    if r < c:
        return a + b + "s"
    return b + a + "o"


LABELS = tuple(tuple(_label(r, c) for c in range(13)) for r in range(13))


def deck_rows(deck: Iterable[int]) -> tuple[int, ...]:
    """The chart's rows (and columns) of the ranks a deck holds, aces first.

    Examples
    --------
    >>> deck_rows(range(52)) == tuple(range(13))
    True
    >>> [RANK_LABELS[r] for r in deck_rows(range(16, 52))]     # the short deck: A-6
    ['A', 'K', 'Q', 'J', 'T', '9', '8', '7', '6']
    """
    have = {int(c) // 4 for c in deck}
    return tuple(r for r in range(13) if 12 - r in have)


def class_name(a: int, b: int) -> str:
    """The class of the combo of card ids a and b: ``"AKs"``, ``"QQ"``, ``"T9o"``.

    Examples
    --------
    >>> class_name(51, 47), class_name(51, 50), class_name(51, 46)
    ('AKs', 'AA', 'AKo')
    """
    hi, lo = max(a, b), min(a, b)
    rh, rl = hi // 4, lo // 4
    if rh == rl:
        return RANKS[rh] * 2
    return RANKS[rh] + RANKS[rl] + ("s" if hi % 4 == lo % 4 else "o")
