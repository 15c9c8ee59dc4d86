"""What every game's explanation of a comparison shares: the two hands read, and
which element of a category's comparison list decides.

:func:`handrank.showdown.explain` (high hands) and
:func:`handrank.games.lowball.explain_low` (low hands) both read their hands here.
"""

from __future__ import annotations

from ..core._typing import CardsLike
from ..core.cards import card_str, cards, check_hand, first_duplicate
from ..core.errors import InvalidHandError
from .holdem import Category

__all__ = ["holes_and_board", "no_shared", "two_hands"]

_ORDINALS = ("first", "second", "third", "fourth", "fifth")


def _decider(cat: Category, index: int) -> str:
    """The name of the index-th element of a category's comparison list."""
    if cat in (Category.HIGH_CARD, Category.FLUSH):
        return f"the {_ORDINALS[index]} card decides"
    if cat in (Category.STRAIGHT, Category.STRAIGHT_FLUSH):
        return "the top card decides"
    if cat == Category.ONE_PAIR:
        return "the pair decides" if index == 0 else f"the {_ORDINALS[index - 1]} kicker decides"
    if cat == Category.TWO_PAIR:
        return ("the high pair decides", "the low pair decides", "the kicker decides")[index]
    if cat == Category.THREE_OF_A_KIND:
        return "the trips decide" if index == 0 else f"the {_ORDINALS[index - 1]} kicker decides"
    if cat == Category.FULL_HOUSE:
        return "the trips decide" if index == 0 else "the pair decides"
    if cat == Category.FOUR_OF_A_KIND:
        return "the quads decide" if index == 0 else "the kicker decides"
    raise RuntimeError(f"internal error: no category {cat!r}")


def two_hands(a: CardsLike, b: CardsLike
              ) -> tuple[list[int], list[int], tuple[int, ...], tuple[int, ...]]:
    """The two hands of :func:`explain` without a board: 5 to 7 cards each, as
    :func:`handrank.evaluate` takes them.

    Two five-card hands may not share a card.  Longer hands are each a
    player's hole cards plus the board, so they may share cards (the board);
    the cards a hand does not share are its hole cards, which the explanation
    names when they do not play.

    Returns
    -------
    (a, b, hole_a, hole_b)
    """
    ha, hb = cards(a), cards(b)
    check_hand(ha, 5, 7)
    check_hand(hb, 5, 7)
    if len(ha) == 5 and len(hb) == 5:
        no_shared(ha, hb)
        return ha, hb, (), ()
    shared = set(ha) & set(hb)
    if len(ha) == 5 or len(hb) == 5:
        return ha, hb, (), ()
    return (ha, hb, tuple(c for c in ha if c not in shared),
            tuple(c for c in hb if c not in shared))


def holes_and_board(a: CardsLike, b: CardsLike,
                    board: CardsLike) -> list[tuple[list[int], list[int]]]:
    """Each hand of :func:`explain` beside a board: ``[(hole, board), (hole, board)]``.

    Checks what every game's explain needs: a board of 3 to 5 cards, exactly
    2 hole cards a hand, and no card twice.
    """
    bd, ha, hb = cards(board), cards(a), cards(b)
    check_hand(bd, 3, 5)
    for name, hole in (("first", ha), ("second", hb)):
        if len(hole) != 2:
            raise InvalidHandError(f"expected 2 hole cards in the {name} hand beside a board, "
                                   f"got {len(hole)}")
    no_shared(ha, hb)
    for hole in (ha, hb):
        dup = first_duplicate(hole + bd)
        if dup >= 0:
            where = "a hand" if dup in hole[hole.index(dup) + 1:] else "a hand and the board"
            raise InvalidHandError(f"duplicate card {card_str(dup)!r} in {where}")
    return [(ha, bd), (hb, bd)]


def no_shared(a: list[int], b: list[int]) -> None:
    """Refuse a card in both hands."""
    for c in a:
        if c in b:
            raise InvalidHandError(f"duplicate card {card_str(c)!r} in both hands")
