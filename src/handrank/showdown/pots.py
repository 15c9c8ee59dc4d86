"""Showdown: who wins each pot, how it is split, and why (docs/rules.md).

The rules: :ref:`rules-comparison` and :ref:`rules-pots`.

Seats are numbered 0..n-1 clockwise; ``button`` is the dealer's seat.
Chips are whole: every pot is paid out to the last chip and the payouts
always add up to exactly what was put in.

How the chips are cut into pots
-------------------------------
Each distinct amount put in by a player still in the hand (not folded) is a
cut.  The layer between two cuts is a pot; its eligible players are those
still in who put in at least the upper cut.  Folded players' chips fill the
layers they reached; chips a folded player put in above the largest amount
of anyone still in join the last pot.  So a pot is cut only where the set of
eligible players changes, and folded chips never make a pot (or an odd chip)
of their own.  A pot only one player is eligible for (an uncalled bet) goes
back to that player.  When everyone else folded, the last player takes
everything and no hands are needed.

Odd chips
---------
When a pot does not divide evenly among tied winners, the ``r`` odd chips
go one at a time to the first ``r`` winners in an order set by ``odd_chip``:

``"left_of_button"`` (default, seed 004)
    seat order starting from the first seat clockwise from the button.
``"high_card_by_suit"``
    by each winner's highest hole card, rank first and then suit
    (clubs < diamonds < hearts < spades), highest first.
``"seat_order"``
    seat number order, seat 0 first (some online rooms).
"""

from __future__ import annotations

import numbers
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..core import _backend, _validate, kernels
from ..core._tables import GameTables
from ..core._typing import CardArrayLike, CardsLike, FloatArray, IntArray
from ..core._validate import number, quote
from ..core.cards import RANKS, card_str, cards
from ..core.errors import (
    InvalidCardError,
    InvalidHandError,
    InvalidShowdownError,
    UnsupportedGameError,
    no_board,
)
from ..equity import boardless as _boardless
from ..games._compare import _decider, holes_and_board, two_hands
from ..games.base import VariantLike
from ..games.holdem import (
    Category,
    _thread_count,
    best_five,
    cards_checked,
    evaluate,
    evaluate_batch,
    game_tables,
)
from ..games.lowball import LowHand, explain_low, low_hand, lowball, why_low
from ..games.omaha import _check_deck
from ..games.registry import legacy_game, legacy_names, plain_names, variant_game
from ..games.rules import Badugi as _BadugiRule
from ..present._tabular import html_table

__all__ = ["InvalidShowdownError", "Pot", "PotHalf", "Settlement", "explain", "settle",
           "showdown_batch"]

ODD_CHIP_RULES = ("left_of_button", "high_card_by_suit", "seat_order")
GAMES = legacy_names("settle")          # the games settle() takes by name


@dataclass(frozen=True)
class Pot:
    """One pot of a settlement.

    Attributes
    ----------
    amount : int
        Chips in the pot.
    eligible : tuple of int
        Seats still in that put in enough to win it, in seat order.
    winners : tuple of int
        Seats that win it, in seat order.
    shares : tuple of int
        Chips each winner receives, aligned with ``winners`` (odd chips
        included); ``sum(shares) == amount``.
    odd_chips : int
        Chips left over after the even split, ``amount % len(winners)``; in a
        hi-lo pot, the odd chip of the halving plus each half's.
    reason : str
        Why the pot went where it went.
    high, low : PotHalf or None
        Hi-lo games only: the high half and the low half (``low`` is None
        when no eligible player has a qualifying low and the high hand takes
        the whole pot, then ``high`` is all of it).
    halves : tuple of PotHalf
        The games of parts only (double board, badeucy, badacey): one per
        part, each with its ``name`` (``"board 1"``, ``"badugi"``); empty
        for the other games and for an uncontested pot.
    """

    amount: int
    eligible: tuple[int, ...]
    winners: tuple[int, ...]
    shares: tuple[int, ...]
    odd_chips: int
    reason: str
    high: PotHalf | None = None
    low: PotHalf | None = None
    halves: tuple[PotHalf, ...] = field(default=(), repr=False)


@dataclass(frozen=True)
class PotHalf:
    """One half of a hi-lo pot (:ref:`rules-low`): who won it and why.

    Attributes
    ----------
    amount : int
        Chips in this half (the high half takes the odd chip of the halving).
    winners, shares, odd_chips, reason
        As for :class:`Pot`, for this half alone.
    name : str
        The part's name in a game of parts (``"board 1"``, ``"badugi"``);
        empty in the hi-lo games.
    """

    amount: int
    winners: tuple[int, ...]
    shares: tuple[int, ...]
    odd_chips: int
    reason: str
    name: str = field(default="", repr=False)


@dataclass(frozen=True)
class Settlement:
    """The result of :func:`settle`.

    Attributes
    ----------
    payouts : list of int
        Chips each seat receives; sums to the chips put in.
    pots : tuple of Pot
        The main pot first, then the side pots.
    """

    payouts: list[int]
    pots: tuple[Pot, ...]

    def __str__(self) -> str:
        lines = []
        for i, pot in enumerate(self.pots):
            name = "main pot" if i == 0 else f"side pot {i}"
            seats = ", ".join(str(s) for s in pot.eligible)
            paid = ", ".join(f"seat {w} gets {_chips(c)}" for w, c in zip(pot.winners,
                                                                             pot.shares))
            lines.append(f"{name}: {_chips(pot.amount)} (eligible: seats {seats}): {paid}")
            lines.append(f"  {pot.reason}")
        lines.append("payouts: " + ", ".join(f"seat {s}: {_chips(c)}" for s, c in
                                            enumerate(self.payouts)))
        return "\n".join(lines)

    def __repr__(self) -> str:
        try:
            return f"Settlement(payouts={self.payouts!r}, pots={self.pots!r})"
        except ValueError:      # an int past Python's int-to-str limit (4,300 digits)
            return (f"Settlement(payouts=[{', '.join(_chips(c) for c in self.payouts)}], "
                    f"pots=({len(self.pots)} pots))")

    def _repr_html_(self) -> str:
        """The pots and the payouts as HTML tables (for notebooks)."""
        pots = [{"pot": "main" if i == 0 else f"side {i}", "amount": p.amount,
                 "eligible": ", ".join(map(str, p.eligible)),
                 "winners": ", ".join(f"{w} ({c})" for w, c in zip(p.winners, p.shares)),
                 "reason": p.reason} for i, p in enumerate(self.pots)]
        pay = [{"seat": s, "payout": c} for s, c in enumerate(self.payouts)]
        return html_table(pots) + html_table(pay)


def _chips(c: int) -> str:
    """A chip count as text; one past Python's int-to-str limit by its digit count."""
    try:
        return str(c)
    except ValueError:
        return f"<{quote(c)}>"


#: Badugi's rule: the words of its explanations (a game's badugi part uses them too)
_BADUGI = _BadugiRule()


# ---------------------------------------------------------------------- hands and reasons

_CATEGORY_WORDS = {c: c.name.lower().replace("_", " ") for c in Category}


@dataclass(frozen=True)
class _Hand:
    hole: tuple[int, ...]      # the hole cards (empty for a bare five-card hand)
    five: tuple[int, ...]      # the best five cards
    strength: int
    category: Category
    ranks: tuple[int, ...]     # the five ranks in group order (K-K-9-7-6)
    key: tuple[int, ...]       # the rule-book comparison list: groups, then kickers

    @property
    def text(self) -> str:
        return "-".join(RANKS[r] for r in self.ranks)


def _hand(ids: list[int], hole: tuple[int, ...], g: GameTables, variant: Any) -> _Hand:
    strength = evaluate(ids, variant=variant)
    five = tuple(best_five(ids, variant=variant)) if len(ids) > 5 else tuple(ids)
    cat = Category(int(g.category[strength]))
    ranks = tuple(int(r) for r in g.class_ranks[strength] if r != 255)
    if cat in (Category.STRAIGHT, Category.STRAIGHT_FLUSH):
        key: tuple[int, ...] = ranks[:1]
    else:
        key = tuple(dict.fromkeys(ranks))
    return _Hand(hole, five, strength, cat, ranks, key)


def _why(a: _Hand, b: _Hand) -> str:
    """Why a beats b (a stronger), or why they split (equal)."""
    if a.strength < b.strength:
        a, b = b, a
    if a.strength == b.strength:
        if not a.hole and not b.hole:
            return f"split: both are {a.text}, rank for rank; suits never decide"
        idle = [c for c in a.hole if c not in a.five] + [c for c in b.hole if c not in b.five]
        ranks = [RANKS[c // 4] for c in idle]
        text = f"split: both play {a.text}"
        if not idle:
            return text + "; suits never decide"
        if len(a.hole) + len(b.hole) == len(idle):
            return text + " (the board); no hole card plays"
        words = ", ".join(f"the {r}" for r in ranks[:-1])
        words = f"{words} and the {ranks[-1]}" if words else f"the {ranks[-1]}"
        return text + f"; {words} {'does' if len(ranks) == 1 else 'do'} not play"
    head = f"{a.text} beats {b.text}: "
    if a.category != b.category:
        return head + f"{_CATEGORY_WORDS[a.category]} beats {_CATEGORY_WORDS[b.category]}"
    for i, (x, y) in enumerate(zip(a.key, b.key)):
        if x != y:
            return (head + f"both {_CATEGORY_WORDS[a.category]}; {_decider(a.category, i)}, "
                    f"{RANKS[x]} against {RANKS[y]}")
    raise RuntimeError(f"internal error: {a.text} and {b.text} differ in strength only")


def explain(a: CardsLike, b: CardsLike, board: CardsLike | None = None, *,
            variant: VariantLike = None,
            game: str = "holdem") -> str:
    """Say why one hand beats another, or why they split, in the words of the rules page.

    Different categories: the categories.  Same category: the first rank that
    differs in the group-then-kicker order.  Equal: which cards play, and that
    suits never decide.

    Parameters
    ----------
    a, b : str or sequence of cards
        When `board` is None, 5 to 7 cards each, as :func:`evaluate` takes
        them (each hand the best five of its cards; two 6- or 7-card hands
        may share the board's cards); otherwise each player's two hole cards,
        and each hand is the best five of hole cards plus board.
    board : str or sequence of cards, optional
        The community cards (3 to 5).
    variant : optional
        The game; hold'em by default.
    game : {"holdem", "a5", "27"}
        ``"a5"`` (ace-to-five) or ``"27"`` (deuce-to-seven): compare the two
        hands as lows, the words of :ref:`rules-comparison` turned upside down (the
        lower rank wins).

    Returns
    -------
    str
        ``"<winner> beats <loser>: ..."`` (the stronger hand first) or
        ``"split: ..."``.

    Raises
    ------
    InvalidCardError
        A token that is not a card.
    InvalidHandError
        A repeated card (within a hand, or between a hand and the board or
        the two hands), or the wrong number of cards.

    Examples
    --------
    >>> explain("Ac Jd 9h 5s 3c", "Ad Jc 8h 7s 6c")
    'A-J-9-5-3 beats A-J-8-7-6: both high card; the third card decides, 9 against 8'
    >>> explain("K♥ 3♣", "K♦ 4♣", board="K♠ 6♦ 7♣ 9♥ 2♠")
    'split: both play K-K-9-7-6; the 3 and the 4 do not play'
    >>> explain("Kh 3c Ks 6d 7c 9h 2s", "Kd 4c Ks 6d 7c 9h 2s")     # two 7-card hands
    'split: both play K-K-9-7-6; the 3 and the 4 do not play'
    >>> explain("3c 3d 3h Ac As", "2c 2d 2h Kc Ks")
    '3-3-3-A-A beats 2-2-2-K-K: both full house; the trips decide, 3 against 2'
    >>> explain("8s 5d 4h 3c 2s", "8d 6h 3s 2d Ac", game="a5")
    '8-5-4-3-2 beats 8-6-3-2-A: both eight-low; the second card decides, 5 against 6'
    >>> explain("As Ks", "As Qd", board="2c 3d 4h 5s 9c")
    Traceback (most recent call last):
    ...
    handrank.errors.InvalidHandError: duplicate card 'As' in both hands
    """
    if legacy_game("explain", game) is None:
        if game not in ("a5", "27"):
            raise ValueError(f"unknown game {quote(game)}, expected 'holdem', 'a5' or '27'")
        if variant is not None:
            raise ValueError(f"variant= does not apply to the low game {game!r}")
        return explain_low(a, b, board, rule=game)
    g = game_tables(variant)
    if board is None:
        ha, hb, hole_a, hole_b = two_hands(a, b)
        ha, hb = cards_checked(ha, g), cards_checked(hb, g)
        return _why(_hand(ha, hole_a, g, variant), _hand(hb, hole_b, g, variant))
    hands = [_hand(cards_checked(hole + bd, g), tuple(hole), g, variant)
             for hole, bd in holes_and_board(a, b, board)]
    return _why(hands[0], hands[1])


# ---------------------------------------------------------------------- settle


def _seats(seats: tuple[int, ...] | list[int]) -> str:
    if len(seats) == 1:
        return f"seat {seats[0]}"
    return "seats " + ", ".join(str(s) for s in seats[:-1]) + f" and {seats[-1]}"


def _check_inputs(board: Any, hands: Any, contributions: Any, folded: Any, button: Any,
                  odd_chip: Any) -> tuple[list[int], list[bool], int]:
    try:
        chips = list(contributions)
    except TypeError:
        raise TypeError(f"contributions must be a sequence of int, got "
                        f"{type(contributions).__name__}") from None
    n = len(chips)
    if n < 2:
        raise InvalidShowdownError(f"expected at least 2 seats, got {n}")
    for seat, c in enumerate(chips):
        if isinstance(c, (bool, np.bool_)) or not isinstance(c, numbers.Integral):
            raise TypeError(f"contribution of seat {seat} must be a whole number of chips "
                            f"(int), got {quote(c)}")
        if c < 0:
            raise InvalidShowdownError(f"contribution of seat {seat} is negative: {number(c)}")
    chips = [int(c) for c in chips]
    if isinstance(hands, (str, bytes)) or not hasattr(hands, "__len__"):
        raise TypeError("hands must be a sequence with one entry per seat (cards or None), "
                        f"got {type(hands).__name__}")
    if len(hands) != n:
        raise InvalidShowdownError(f"hands has {len(hands)} entries but contributions has {n}")
    if folded is None:
        out = [False] * n
    else:
        if isinstance(folded, (str, bytes)) or not hasattr(folded, "__len__"):
            raise TypeError(f"folded must be a sequence of bool, one per seat, "
                            f"got {type(folded).__name__}")
        out = list(folded)
        if len(out) != n:
            raise InvalidShowdownError(f"folded has {len(out)} entries but contributions has {n}")
        for seat, f in enumerate(out):
            if not isinstance(f, (bool, np.bool_)):
                raise TypeError(
                    f"folded must hold a bool per seat, got {quote(f)} for seat {seat}")
        out = [bool(f) for f in out]
    if isinstance(button, (bool, np.bool_)) or not isinstance(button, numbers.Integral):
        raise TypeError(f"button must be a seat number (int), got {quote(button)}")
    if not 0 <= int(button) < n:
        raise InvalidShowdownError(
            f"button must be a seat from 0 to {n - 1}, got {number(button)}")
    if odd_chip not in ODD_CHIP_RULES:
        raise InvalidShowdownError(f"unknown odd_chip rule {quote(odd_chip)}, expected one of "
                                   + ", ".join(repr(r) for r in ODD_CHIP_RULES))
    if all(out):
        raise InvalidShowdownError("every player folded; at least one must still be in")
    return chips, out, int(button)


def _read_cards(board: Any, hands: Any, folded: list[bool], sizes: tuple[int, ...] = (2,),
                parse: Any = cards) -> tuple[list[int], list[list[int] | None]]:
    """Parse the board and every hand given; raise on a duplicate anywhere, saying where.

    The one seat left when everyone else folded may have no hand (None).
    """
    fold_win = sum(not f for f in folded) == 1
    bd = [] if board is None else cards(board)
    where: dict[int, str] = {}
    for c in bd:
        if c in where:
            raise InvalidHandError(f"duplicate card {card_str(c)!r} on the board")
        where[c] = "the board"
    holes: list[list[int] | None] = []
    for seat, h in enumerate(hands):
        if h is None:
            if not folded[seat] and not fold_win:
                raise InvalidShowdownError(f"seat {seat} is still in but has no hand")
            holes.append(None)
            continue
        ids = parse(h)
        if len(ids) not in sizes:
            want = f"{sizes[0]} to {sizes[-1]}" if len(sizes) > 1 else f"{sizes[0]}"
            raise InvalidHandError(f"expected {want} cards for seat {seat}'s hand, got {len(ids)}")
        for c in ids:
            if c in where:
                other = where[c]
                mine = f"seat {seat}'s hand"
                place = other if other == mine else f"{other} and {mine}"
                raise InvalidHandError(f"duplicate card {card_str(c)!r} in {place}")
            where[c] = f"seat {seat}'s hand"
        holes.append(ids)
    return bd, holes


def _odd_order(winners: list[int], rule: str, button: int, n: int,
               holes: list[list[int] | None]) -> list[int]:
    if rule == "left_of_button":
        return sorted(winners, key=lambda s: (s - button - 1) % n)
    if rule == "high_card_by_suit":
        return sorted(winners, key=lambda s: -max(holes[s] or [-1]))
    if rule == "seat_order":
        return sorted(winners)
    raise RuntimeError(f"internal error: odd chip rule {rule!r}")


_RULE_WORDS = {
    "left_of_button": "first clockwise from the button",
    "high_card_by_suit": "highest hole card by suit",
    "seat_order": "lowest seat first",
}


def settle(board: CardsLike | None, hands: Sequence[CardsLike | None],
           contributions: Sequence[int | np.integer[Any]], *,
           folded: Sequence[bool | np.bool_] | None = None, button: int = 0,
           odd_chip: str = "left_of_button", variant: VariantLike = None,
           game: str = "holdem", dead: int | np.integer[Any] = 0) -> Settlement:
    """Settle a hand: cut the chips into pots and pay each to its best hand(s).

    (Long for its docstring only: the work is in ``_settle``.)

    Parameters
    ----------
    board : str or sequence of cards
        The five community cards (may be incomplete or None when everyone
        else folded).
    hands : sequence of (str, sequence of cards, or None)
        Each seat's two hole cards; None for a folded seat, and may be None
        for the one seat left when everyone else folded.
    contributions : sequence of int
        Chips each seat put in over the whole hand (whole chips, >= 0).
    folded : sequence of bool, optional
        True for each seat that folded; by default nobody folded.
    button : int
        The dealer's seat.
    odd_chip : {"left_of_button", "high_card_by_suit", "seat_order"}
        Who gets the chips that do not divide evenly: the tied winners in
        seat order from the first seat left of the button (the default), by
        highest hole card (rank, then suit c < d < h < s), or from seat 0;
        see :ref:`rules-odd-chips`.
    variant : optional
        The game; hold'em by default.
    game : {"holdem", "holdem-hilo", "omaha-hilo"}
        The hi-lo games split every pot between the best high and the best
        eight-or-better low (:ref:`rules-low`): hold'em hi-lo from any five of
        the seven cards for each half, Omaha hi-lo (4 to 6 hole cards per
        seat) from exactly two hole and three board cards.  Each pot's
        ``high`` and ``low`` say who won each half and why.
    dead : int
        Chips in the pot that belong to no seat's contribution (antes taken
        as dead money, dead blinds).  They go to the main pot and are never
        returned as an uncalled bet: the main pot's winner(s) take them, or
        the last seat in when everyone else folded.

    Returns
    -------
    Settlement
        ``.payouts`` per seat and ``.pots`` (main pot first); ``str()`` of
        it is a readable account.

    Raises
    ------
    TypeError
        A contribution that is not an int (bool and float included).
    InvalidShowdownError
        A negative contribution or `dead`, lengths that differ, fewer than 2 seats,
        `button` out of range, every player folded, a live seat without a
        hand, an unknown `odd_chip` rule.
    InvalidCardError, InvalidHandError
        A bad card, a card repeated across hands and board (saying where),
        a board that is not 5 cards at showdown.

    Examples
    --------
    >>> s = settle("A♣ K♥ Q♦ 5♠ 5♣", ["Q♠ Q♣", "A♦ 5♥", "K♦ K♣", None],
    ...            [300, 300, 100, 50], folded=[False, False, False, True], button=3)
    >>> s.payouts
    [400, 0, 350, 0]
    >>> [(p.amount, p.eligible, p.winners) for p in s.pots]
    [(350, (0, 1, 2), (2,)), (400, (0, 1), (0,))]
    >>> settle("Ks 6d 7c 9h 2s", ["Kh 3c", "Kd 4c", "Qc Qd"], [5, 5, 5]).payouts
    [7, 8, 0]
    >>> settle("Ks 6d 7c 9h 2s", ["Kh 3c", "Kh 4c"], [5, 5])
    Traceback (most recent call last):
    ...
    handrank.errors.InvalidHandError: duplicate card 'Kh' in seat 0's hand and seat 1's hand
    """
    rec = legacy_game("settle", game)
    if rec is None:
        raise ValueError(f"unknown game {quote(game)}, expected "
                         + ", ".join(repr(x) for x in GAMES[:-1]) + f" or {GAMES[-1]!r}")
    if variant is not None:
        if game not in plain_names():
            raise ValueError(f"variant= does not apply to {game!r}")
        rec = variant_game(game_tables(variant))
    # the game's hand rule: Omaha hands of 4 to 6 cards, as always
    return settle_game(board, hands, contributions, rec, folded=folded, button=button,
                       odd_chip=odd_chip, dead=dead)


def settle_game(board: CardsLike | None, hands: Sequence[CardsLike | None],
                contributions: Sequence[int | np.integer[Any]], game: Any, *,
                folded: Sequence[bool | np.bool_] | None = None, button: int = 0,
                odd_chip: str = "left_of_button", dead: int | np.integer[Any] = 0
                ) -> Settlement:
    """:func:`settle` for a :class:`~handrank.games.Game`: its hand rule and its halves."""
    if game.hand_sizes:
        return _settle_boardless(board, hands, contributions, game, folded, button, odd_chip,
                                 dead)
    sizes, make = _board_hands(game)
    return _settle(board, hands, contributions, folded, button, odd_chip, sizes, make, dead)


def _board_hands(game: Any) -> tuple[tuple[int, ...], Any]:
    """A game with a board: the hole-card counts it takes, and the function making
    each live seat's hand(s) from the board and the hole cards."""
    rule = game.rule
    sizes = rule.hole_sizes(game)
    # hold'em itself: the engine's own tables and fast paths (variant None)
    variant = None if game.holdem_ranked else game
    g = game_tables(variant) if game.high is not None else None
    if game.split:
        holdem = _backend.GAMES["holdem"]
        if not game.eight_or_better or g is None or g.values is not holdem.values:
            raise UnsupportedGameError(f"settle does not support game {game.name!r} yet")
    elif g is None:
        raise UnsupportedGameError(f"settle does not support game {game.name!r} yet")
    split = game.split
    return sizes, lambda bd, live_holes: _showdown_hands(rule, split, bd, live_holes, g,
                                                         variant)


def _showdown_hands(rule: Any, split: bool, bd: list[int], live_holes: dict[int, list[int]],
                    g: Any, variant: Any) -> tuple[dict[int, Any], Any]:
    """Each live seat's hand(s) and the function that pays a pot among them: by the
    game's hand rule (``rule.hole_used``: the hole cards every five uses, 0 for the
    best five of all the cards) and halves."""
    if split:
        return _hilo_hands(rule, bd, live_holes), _pay_pot
    if not rule.hole_used:
        return ({s: _hand(cards_checked(hole + bd, g), tuple(hole), g, variant)
                 for s, hole in live_holes.items()}, _pay)
    return ({s: _picked_hand(rule, hole, bd, g, variant) for s, hole in live_holes.items()},
            _pay)


def _picked_hand(rule: Any, hole: list[int], bd: list[int], g: GameTables, variant: Any
                 ) -> _Hand:
    """The best high hand of the fives `rule` allows (Omaha: exactly two of `hole` and
    three of `bd`)."""
    _check_deck(hole + bd, g)
    combos = rule.fives(hole, bd)
    high = evaluate_batch(np.array(combos, dtype=np.uint8), threads=1, variant=variant)
    return _hand(combos[int(np.argmax(high))], tuple(hole), g, variant)


def _settle_boardless(board: Any, hands: Any, contributions: Any, game: Any, folded: Any,
                      button: Any, odd_chip: Any, dead: Any = 0) -> Settlement:
    """Settle a game without a board (stud, razz, the draw games, badugi)."""
    if board is not None and (not isinstance(board, str) or board.strip()):
        raise no_board("settle", game, "pass board=None")
    return _settle(None, hands, contributions, folded, button, odd_chip, game.hand_sizes,
                   _boardless_hands(game), dead=dead, board_size=0)


def _boardless_hands(game: Any) -> Any:
    """A game without a board: the function making each live seat's hand(s)."""
    ranked = _boardless._ranked(game)

    def make(bd: list[int], live: dict[int, list[int]]) -> tuple[dict[int, Any], Any]:
        for s, hole in live.items():
            _boardless.check_deck(game, hole, f"seat {s}'s hand")
        if game.split:
            return _hilo_hands(game.rule, [], live), _pay_pot
        if game.high is not None:
            g = game_tables(ranked)
            return ({s: _hand(cards_checked(hole, g), tuple(hole), g, ranked)
                     for s, hole in live.items()}, _pay)
        return ({s: _Plain(int(np.asarray(_boardless.strengths(
            ranked, np.array([hole], dtype=np.uint8)))[0]), tuple(hole), game)
            for s, hole in live.items()}, _pay_plain)
    return make


def explain_game(a: CardsLike, b: CardsLike, board: CardsLike | None, game: Any) -> str:
    """:func:`handrank.explain` in any game, in the words of hold'em's :func:`explain`.

    ``"<stronger> beats <weaker>: <why>"`` or ``"split: <why>"``; in a game
    of two halves one such sentence a half: ``"high: ...; low: ..."``.  The
    hands are made as :func:`settle_game` makes them (its checks run first).
    """
    if game.hand_sizes:
        sizes, make, bd_in = game.hand_sizes, _boardless_hands(game), None
    else:
        (sizes, make), bd_in = _board_hands(game), board
    bd, holes = _read_cards(bd_in, [a, b], [False, False], sizes)
    h0, h1 = holes
    if h0 is None or h1 is None:
        raise RuntimeError("internal error: explain without two hands")
    hand, _ = make(bd, {0: h0, 1: h1})
    x, y = hand[0], hand[1]
    if isinstance(x, tuple):
        return f"high: {_why(x[0], y[0])}; low: {why_low(x[1], y[1])}"
    if isinstance(x, _Hand):
        return _why(x, y)
    return str(game.rule.why(game, x, y))


def _why_badugi(a: _Plain, b: _Plain) -> str:
    """Why one badugi hand beats another (more cards play, then the lower), or a split."""
    return _BADUGI.why(None, a, b)


@dataclass(frozen=True)
class _Plain:
    """A hand of a low-only or badugi game: its strength and how it reads."""

    strength: int
    hole: tuple[int, ...]
    game: Any

    @property
    def text(self) -> str:
        return str(self.game.rule.describe(self.game, self.strength))


def _pay_plain(amount: int, eligible: tuple[int, ...], hand: dict[int, Any], rule: str,
               button: int, n: int, holes: list[list[int] | None], alone: bool) -> Pot:
    """Pay one pot to the best strength(s) of a low-only or badugi game."""
    if len(eligible) == 1:
        return _pay(amount, eligible, hand, rule, button, n, holes, alone)
    best = max(hand[s].strength for s in eligible)
    winners = tuple(s for s in eligible if hand[s].strength == best)
    losers = [s for s in eligible if hand[s].strength != best]
    each, odd = divmod(amount, len(winners))
    extra = set(_odd_order(list(winners), rule, button, n, holes)[:odd])
    shares = tuple(each + (w in extra) for w in winners)
    top = hand[winners[0]].text
    if len(winners) == 1:
        runner = max(losers, key=lambda s: hand[s].strength)
        reason = (f"seat {winners[0]} wins: {top} beats {hand[runner].text} "
                  f"(seat {runner})")
    else:
        reason = f"{_seats(winners)} split: each has {top}"
        if losers:
            runner = max(losers, key=lambda s: hand[s].strength)
            reason += f"; it beats {hand[runner].text} (seat {runner})"
    return Pot(amount, eligible, winners, shares, odd, reason)


def _hilo_hands(rule: Any, board: list[int],
                holes: dict[int, list[int]]) -> dict[int, tuple[Any, LowHand]]:
    """Each live seat's high hand and eight-or-better low for :func:`handrank.settle`.

    A rule of the best five of all the cards (``rule.hole_used`` 0: hold'em
    hi-lo, stud hi-lo): each half the best five of the cards; else each half
    the best of the fives the rule allows (Omaha: two hole cards plus three
    board cards).  A seat with no qualifying low has strength 0 in the low.
    """
    g = game_tables(None)
    l8 = lowball("a5", qualifier=8)
    out: dict[int, tuple[Any, LowHand]] = {}
    for seat, hole in holes.items():
        ids = hole + board
        if not rule.hole_used:
            checked = cards_checked(ids, g)
            out[seat] = (_hand(checked, tuple(hole), g, None), low_hand(l8, checked, tuple(hole)))
            continue
        _check_deck(ids, g)
        combos = np.array(rule.fives(hole, board), dtype=np.uint8)
        high = evaluate_batch(combos, threads=1)
        # the best ace-to-five five: the best eight-or-better one when there is one
        low = lowball("a5").evaluate_batch(combos, threads=1)
        top_high = [int(c) for c in combos[int(np.argmax(high))]]
        top_low = [int(c) for c in combos[int(np.argmax(low))]]
        out[seat] = (_hand(top_high, tuple(hole), g, None), low_hand(l8, top_low, tuple(hole)))
    return out


def _pay_pot(amount: int, eligible: tuple[int, ...], hands: dict[int, tuple[Any, LowHand]],
        rule: str, button: int, n: int, holes: list[list[int] | None], alone: bool) -> Any:
    """Settle one hi-lo pot (:ref:`rules-low`): halves, the odd chip of the halving
    to the high half, each half split by :func:`handrank.settle`'s odd-chip rule."""
    high = {s: hands[s][0] for s in eligible}
    if len(eligible) == 1:
        return _pay(amount, eligible, high, rule, button, n, holes, alone)
    if not any(hands[s][1].strength for s in eligible):
        whole = _pay(amount, eligible, high, rule, button, n, holes, alone)
        half = PotHalf(amount, whole.winners, whole.shares, whole.odd_chips, whole.reason)
        reason = "no qualifying low, the high hand takes the whole pot: " + whole.reason
        return Pot(amount, eligible, whole.winners, whole.shares, whole.odd_chips, reason,
                   high=half, low=None)
    low_amount = amount // 2
    h = _pay(amount - low_amount, eligible, high, rule, button, n, holes, alone)
    lo = _pay_low(low_amount, eligible, {s: hands[s][1] for s in eligible}, rule, button, n,
                  holes)
    paid: dict[int, int] = {}
    for part in (h, lo):
        for w, c in zip(part.winners, part.shares):
            paid[w] = paid.get(w, 0) + c
    winners = tuple(sorted(paid))      # every seat that won a half (as settle, even of 0 chips)
    scoop = len(h.winners) == 1 and h.winners == lo.winners
    head = f"seat {h.winners[0]} scoops; " if scoop else ""
    odd = ", the odd chip of the halving to the high half" if amount % 2 else ""
    reason = (f"{head}high half ({h.amount}{odd}): {h.reason}; "
              f"low half ({lo.amount}): {lo.reason}")
    return Pot(amount, eligible, winners, tuple(paid[w] for w in winners),
               amount % 2 + h.odd_chips + lo.odd_chips, reason,
               high=PotHalf(h.amount, h.winners, h.shares, h.odd_chips, h.reason), low=lo)


def _pay_low(amount: int, eligible: tuple[int, ...], low: dict[int, LowHand], rule: str,
             button: int, n: int, holes: list[list[int] | None]) -> Any:
    best = max(low[s].strength for s in eligible)
    winners = tuple(s for s in eligible if low[s].strength == best)
    losers = [s for s in eligible if low[s].strength != best]
    each, odd = divmod(amount, len(winners))
    extra = set(_odd_order(list(winners), rule, button, n, holes)[:odd])
    shares = tuple(each + (w in extra) for w in winners)
    top = low[winners[0]]
    runner = max(losers, key=lambda s: low[s].strength) if losers else -1
    if len(winners) == 1:
        if low[runner].strength == 0:
            reason = f"seat {winners[0]} has the only qualifying low, {top.text}"
        else:
            reason = f"seat {winners[0]} wins: " + why_low(top, low[runner]) + f" (seat {runner})"
    else:
        if len(winners) == 2:
            reason = f"{_seats(winners)} split (quartered): both play {top.text} for low"
        else:
            reason = f"{_seats(winners)} split: all play {top.text} for low"
        if losers and low[runner].strength:
            reason += f"; {why_low(top, low[runner])} (seat {runner})"
        if odd:
            reason += (f"; {odd} odd chip{'s' if odd > 1 else ''} to {_seats(sorted(extra))} "
                       f"({_RULE_WORDS[rule]})")
    return PotHalf(amount, winners, shares, odd, reason)


def _settle(board: Any, hands: Any, contributions: Any, folded: Any, button: Any,
            odd_chip: Any, sizes: tuple[int, ...], make_hands: Any, dead: Any = 0,
            board_size: int = 5, parse: Any = cards) -> Settlement:
    chips, out, button = _check_inputs(board, hands, contributions, folded, button, odd_chip)
    if isinstance(dead, (bool, np.bool_)) or not isinstance(dead, numbers.Integral):
        raise TypeError(f"dead must be a whole number of chips (int), got {quote(dead)}")
    dead = int(dead)
    if dead < 0:
        raise InvalidShowdownError(f"dead is negative: {number(dead)}")
    n = len(chips)
    bd, holes = _read_cards(board, hands, out, sizes, parse)
    live = [s for s in range(n) if not out[s]]
    total = sum(chips) + dead
    payouts = [0] * n
    if len(live) == 1:
        (last,) = live
        payouts[last] = total
        pot = Pot(total, (last,), (last,), (total,), 0,
                  f"everyone else folded: seat {last} takes all {total} without a showdown")
        return Settlement(payouts, (pot,))
    if len(bd) != board_size:
        raise InvalidHandError(f"expected a board of 5 cards at showdown, got {len(bd)}")
    live_holes: dict[int, list[int]] = {}
    for s in live:
        hole = holes[s]
        if hole is None:
            raise RuntimeError(f"internal error: seat {s} is in the hand without cards")
        live_holes[s] = hole
    hand, pay = make_hands(bd, live_holes)
    levels = sorted({chips[s] for s in live})
    pots: list[Pot] = []
    low = 0
    for i, high in enumerate(levels):
        last = i == len(levels) - 1
        # each seat's chips in this layer; the last also takes folded chips
        # above every live seat's amount
        part = [min(c, high) - min(c, low) + (max(c - high, 0) if last else 0) for c in chips]
        amount = sum(part) + (dead if i == 0 else 0)   # dead money: the main pot's
        low = high
        if amount == 0:
            continue
        eligible = tuple(s for s in live if chips[s] >= high)
        alone = (all(part[s] == 0 for s in range(n) if s not in eligible)
                 and not (i == 0 and dead))
        pots.append(pay(amount, eligible, hand, odd_chip, button, n, holes, alone))
    for pot in pots:
        for w, c in zip(pot.winners, pot.shares):
            payouts[w] += c
    if sum(payouts) != total:
        raise RuntimeError(f"internal error: paid {sum(payouts)} of {total} chips")
    return Settlement(payouts, tuple(pots))


def _pay(amount: int, eligible: tuple[int, ...], hand: dict[int, _Hand], rule: str, button: int,
         n: int, holes: list[list[int] | None], alone: bool) -> Pot:
    if len(eligible) == 1:
        (only,) = eligible
        why = (f"an uncalled bet: only seat {only} put in this much, so it goes back to "
               f"seat {only}"
               if alone else f"uncontested: seat {only} is the only player still in who put in "
               f"this much; folded chips in it go to seat {only}")
        return Pot(amount, eligible, eligible, (amount,), 0, why)
    best = max(hand[s].strength for s in eligible)
    winners = tuple(s for s in eligible if hand[s].strength == best)
    losers = [s for s in eligible if hand[s].strength != best]
    each, odd = divmod(amount, len(winners))
    extra = set(_odd_order(list(winners), rule, button, n, holes)[:odd])
    shares = tuple(each + (w in extra) for w in winners)
    top = hand[winners[0]]
    if len(winners) == 1:
        runner = max(losers, key=lambda s: hand[s].strength)
        reason = f"seat {winners[0]} wins: " + _why(top, hand[runner]) + f" (seat {runner})"
    else:
        reason = f"{_seats(winners)} split: " + _why(top, hand[winners[1]])[len("split: "):]
        if losers:
            runner = max(losers, key=lambda s: hand[s].strength)
            reason += f"; {_why(top, hand[runner])} (seat {runner})"
        if odd:
            got = sorted(extra)
            reason += (f"; {odd} odd chip{'s' if odd > 1 else ''} to {_seats(got)} "
                       f"({_RULE_WORDS[rule]})")
    return Pot(amount, eligible, winners, shares, odd, reason)


# ---------------------------------------------------------------------- batch


def _as_ids(a: Any, name: str, shape: str, ndim: int, width: int) -> np.ndarray:
    return _validate.card_array(a, what=name, shape=shape, ndim=ndim, widths=(width,),
                                with_column=False)


def showdown_batch(boards: CardArrayLike, hole: IntArray | Sequence[Sequence[Sequence[int]]], *,
                   threads: int | None = None, variant: VariantLike = None) -> FloatArray:
    """Return each player's share of one pot in each of many hold'em deals.

    Parameters
    ----------
    boards : array_like of int, shape (n, 5)
        The five board cards of each deal (card ids).
    hole : array_like of int, shape (n, p, 2)
        Each player's two hole cards; 1 <= p <= 23.
    threads : int, optional
        Worker threads; by default every core for large batches, one for small.
    variant : optional
        The game; hold'em by default.

    Returns
    -------
    ndarray of float64, shape (n, p)
        1.0 for the only best hand, 1/k for each of k tied best hands, else 0.

    Raises
    ------
    TypeError
        A non-integer array.
    InvalidCardError
        An id outside the deck, with its deal.
    InvalidHandError
        A wrong shape, or a card repeated anywhere in a deal.

    Examples
    --------
    >>> from handrank import cards
    >>> showdown_batch([cards("Ks 6d 7c 9h 2s")], [[cards("Kh 3c"), cards("Kd 4c")]])
    array([[0.5, 0.5]])
    >>> showdown_batch([cards("Ks 6d 7c 9h 2s")], [[cards("Kh 3c"), cards("Kd 8c")]])
    array([[0., 1.]])
    >>> showdown_batch([cards("Ks 6d 7c 9h 2s")], [[cards("Kh 3c"), cards("Kh 8c")]])
    Traceback (most recent call last):
    ...
    handrank.errors.InvalidHandError: duplicate card 'Kh' in deal 0 (seat 1's hand)
    """
    g = game_tables(variant)
    b = _as_ids(boards, "boards", "(n, 5)", 2, 5)
    h = _as_ids(hole, "hole", "(n, p, 2)", 3, 2)
    n, p = h.shape[0], h.shape[1]
    if b.shape[0] != n:
        raise InvalidHandError(f"boards has {b.shape[0]} deals but hole has {n}")
    limit = kernels.showdown_max_players()
    if not 1 <= p <= limit:
        raise InvalidHandError(f"expected 1 to {limit} players per deal, got {p}")
    nthreads = _thread_count(threads, n)
    out = np.empty((n, p), dtype=np.float64)
    if n == 0:
        return out
    bad = kernels.showdown_batch(g, b, h, out, nthreads)
    if bad >= 0:
        _raise_for_deal(b, h, bad, g)
    return out


def _raise_for_deal(b: np.ndarray, h: np.ndarray, r: int, g: GameTables) -> None:
    places = [(int(c), "the board") for c in b[r]]
    places += [(int(c), f"seat {s}'s hand") for s in range(h.shape[1]) for c in h[r, s]]
    for c, where in places:
        if c >= 52:
            raise InvalidCardError(f"invalid card id {c} in deal {r} ({where})")
        if not g.in_deck[c]:
            raise InvalidCardError(f"card {card_str(c)!r} is not in the {g.name} deck "
                                   f"(deal {r}, {where})")
    seen: dict[int, str] = {}
    for c, where in places:
        if c in seen:
            raise InvalidHandError(f"duplicate card {card_str(c)!r} in deal {r} ({where})")
        seen[c] = where
    raise RuntimeError(f"internal error: deal {r} rejected")
