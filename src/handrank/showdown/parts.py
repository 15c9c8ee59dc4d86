"""Settle a pot in a game whose pot is cut into equal parts (:attr:`Game.parts`).

Each pot (main and side, cut as :func:`handrank.settle` cuts them) is cut
into the game's parts, each paid to its best hand(s) among the pot's
eligible seats; a seat that wins every part alone scoops.  When a pot does
not divide evenly between the parts, the odd chips go to the first parts
(board 1, the badugi half), one each; ties within a part split that part,
odd chips by the ``odd_chip`` rule.  Each pot's ``halves`` holds one
:class:`PotHalf` per part (with its ``name``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..core.cards import card_str
from ..core.errors import InvalidHandError
from ..equity.parts import tally
from ..games.badugi import badugi
from ..games.base import Game
from ..games.holdem import game_tables
from ..games.lowball import low_hand, lowball, why_low
from ..games.parts import boards_of, evaluate_parts_batch
from .pots import (
    _RULE_WORDS,
    Pot,
    PotHalf,
    Settlement,
    _check_inputs,
    _hand,
    _odd_order,
    _pay,
    _seats,
    _settle,
    _why,
    _why_badugi,
)

__all__ = ["explain", "settle", "showdown_batch"]


@dataclass(frozen=True)
class _Badugi:
    hole: tuple[int, ...]
    strength: int

    @property
    def text(self) -> str:
        return badugi().describe(self.strength)


def _part_hand(part: Any, hole: list[int], boards: list[list[int]]) -> Any:
    """One seat's hand in one part, as the explanations read it."""
    own = part.seat_hand(hole, boards)
    if own is not None:
        return own
    if part.ranking == "badugi":
        return _Badugi(tuple(hole), int(part.strengths(_row(hole), _row(sum(boards, [])))[0]))
    if part.ranking in ("27", "a5"):
        return low_hand(lowball(part.ranking), hole, tuple(hole))
    t = game_tables(None)
    return _hand(part.best(hole, boards), tuple(hole), t, None)


def _row(ids: list[int]) -> Any:
    return np.array([ids], dtype=np.uint8)


def _why_of(part: Any) -> Any:
    if part.why() is not None:
        return part.why()
    if part.ranking == "badugi":
        return _why_badugi            # the words of badugi's own explanations
    if part.ranking in ("27", "a5"):
        return why_low
    return _why


def _pay_part(name: str, amount: int, eligible: tuple[int, ...], hand: dict[int, Any],
              why: Any, rule: str, button: int, n: int, holes: list[list[int] | None]
              ) -> PotHalf:
    best = max(hand[s].strength for s in eligible)
    winners = tuple(s for s in eligible if hand[s].strength == best)
    losers = [s for s in eligible if hand[s].strength != best]
    each, odd = divmod(amount, len(winners))
    extra = set(_odd_order(list(winners), rule, button, n, holes)[:odd])
    shares = tuple(each + (w in extra) for w in winners)
    top = hand[winners[0]]
    runner = max(losers, key=lambda s: hand[s].strength) if losers else -1
    if len(winners) == 1:
        reason = f"seat {winners[0]} wins: {why(top, hand[runner])} (seat {runner})"
    else:
        said = why(top, hand[winners[1]])
        reason = f"{_seats(winners)} split: " + said[len("split: "):]
        if losers:
            reason += f"; {why(top, hand[runner])} (seat {runner})"
        if odd:
            reason += (f"; {odd} odd chip{'s' if odd > 1 else ''} to {_seats(sorted(extra))} "
                       f"({_RULE_WORDS[rule]})")
    return PotHalf(amount, winners, shares, odd, reason, name=name)


def _payer(g: Game) -> Any:
    whys = [_why_of(p) for p in g.parts]
    names = [p.name for p in g.parts]

    def pay(amount: int, eligible: tuple[int, ...], hands: dict[int, tuple[Any, ...]],
            rule: str, button: int, n: int, holes: list[list[int] | None], alone: bool) -> Pot:
        if len(eligible) == 1:
            return _pay(amount, eligible, {}, rule, button, n, holes, alone)
        k = len(names)
        each, odd = divmod(amount, k)
        amounts = [each + (i < odd) for i in range(k)]
        halves = tuple(_pay_part(names[i], amounts[i], eligible,
                                 {s: hands[s][i] for s in eligible}, whys[i], rule, button, n,
                                 holes) for i in range(k))
        paid: dict[int, int] = {}
        for h in halves:
            for w, c in zip(h.winners, h.shares):
                paid[w] = paid.get(w, 0) + c
        winners = tuple(sorted(paid))
        scoop = all(len(h.winners) == 1 and h.winners == halves[0].winners for h in halves)
        head = f"seat {halves[0].winners[0]} scoops; " if scoop else ""
        extra = (f", the odd chip{'s' if odd > 1 else ''} of the cut to "
                 f"{' and '.join(names[:odd])}" if odd else "")
        reason = head + "; ".join(
            f"{h.name} ({h.amount}{extra if i == 0 else ''}): {h.reason}"
            for i, h in enumerate(halves))
        return Pot(amount, eligible, winners, tuple(paid[w] for w in winners),
                   odd + sum(h.odd_chips for h in halves), reason, halves=halves)
    return pay


def settle(board: Any, hands: Sequence[Any], contributions: Sequence[int], g: Game, *,
           operation: str = "settle",
           folded: Sequence[bool] | None = None, button: int = 0,
           odd_chip: str = "left_of_button", dead: int = 0) -> Settlement:
    """:func:`handrank.settle` for a game of parts (two boards, badugi and low halves)."""
    _, out, _ = _check_inputs(board, hands, contributions, folded, button, odd_chip)
    boards = boards_of(g, board, operation)
    showdown = sum(not f for f in out) > 1
    where: dict[int, int] = {}
    for i, b in enumerate(boards):
        if showdown and len(b) != g.board_cards:
            name = f"board {i + 1}" if g.boards > 1 else "the board"
            raise InvalidHandError(f"expected {name} of {g.board_cards} cards at showdown, "
                                   f"got {len(b)}")
        for c in b:
            if c in where:
                place = (f"board {where[c] + 1}" if where[c] == i
                         else f"board {where[c] + 1} and board {i + 1}")
                raise InvalidHandError(f"duplicate card {card_str(c)!r} on {place}")
            where[c] = i
    flat = [c for b in boards for c in b]
    deck = set(g.deck)
    for c in flat:
        if c not in deck:
            raise InvalidHandError(f"card {card_str(c)!r} on the board is not in the "
                                   f"{g.name} deck")
    for seat, h in enumerate(hands):
        if h is not None and not out[seat]:
            for c in g.parts[0].ids(h, f"seat {seat}'s hand"):
                if c not in deck:
                    raise InvalidHandError(f"card {card_str(c)!r} in seat {seat}'s hand is "
                                           f"not in the {g.name} deck")

    def make(bd: list[int], live: dict[int, list[int]]) -> tuple[dict[int, Any], Any]:
        return ({s: tuple(_part_hand(p, hole, boards) for p in g.parts)
                 for s, hole in live.items()}, _payer(g))
    return _settle(flat if flat else None, hands, contributions, folded, button, odd_chip,
                   (g.hole_cards,), make, dead=dead, board_size=len(flat),
                   parse=lambda h: g.parts[0].ids(h, "the hand"))


def showdown_batch(boards: Any, hole: Any, g: Game) -> np.ndarray:
    """Each seat's share of one pot in each of n deals: `boards` (n, boards, board cards)
    or (n, boards * board cards), None in a game without a board; `hole` (n, p, k)."""
    h = np.asarray(hole)
    if h.ndim != 3 or h.shape[1] < 1:
        raise InvalidHandError(f"expected hands (n, p, {g.hole_cards}) with 1 or more players, "
                               f"got shape {h.shape}")
    n, p = h.shape[0], h.shape[1]
    width = g.boards * g.board_cards
    if width == 0 and boards is not None and np.asarray(boards).size:
        raise ValueError(f"game {g.name!r} has no board: pass boards=None")
    b = (np.asarray(boards).reshape(n, -1) if width
         else np.zeros((n, 0), dtype=np.uint8)) if boards is not None or width == 0 \
        else None
    per_seat = [evaluate_parts_batch(g, h[:, j], b if width else None) for j in range(p)]
    del per_seat                         # each seat's row checked (counts, deck, repeats)
    flat = np.concatenate([h.reshape(n, -1), np.asarray(b).reshape(n, -1)], axis=1)
    srt = np.sort(flat.astype(np.int64), axis=1)
    dup = (srt[:, 1:] == srt[:, :-1]).any(axis=1)
    if dup.any():
        raise InvalidHandError(f"a card is used twice in deal {int(np.argmax(dup))}")
    hands = [np.ascontiguousarray(h[:, j]).astype(np.uint8) for j in range(p)]
    out = tally(g, hands, np.asarray(b).reshape(n, -1).astype(np.uint8))["pot"]
    return np.stack(out, axis=1).astype(np.float64)


def explain(a: Any, b: Any, board: Any, g: Game) -> str:
    """Why one hand beats the other in each part, in the words of hold'em's explain:
    ``"board 1: <stronger> beats <weaker>: <why>; board 2: split: <why>"``."""
    settle(board, [a, b], [1, 1], g, operation="explain")     # its checks and errors
    boards = boards_of(g, board, "explain")
    x, y = g.parts[0].ids(a, "a"), g.parts[0].ids(b, "b")
    if len(g.parts) == 1:
        p = g.parts[0]
        return str(_why_of(p)(_part_hand(p, x, boards), _part_hand(p, y, boards)))
    return "; ".join(f"{p.name}: {_why_of(p)(_part_hand(p, x, boards), _part_hand(p, y, boards))}"
                     for p in g.parts)
