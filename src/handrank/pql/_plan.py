"""Compiling a parsed query to a plan: typed closures over a block of deals.

Every expression becomes ``(type, fn)`` where ``fn(ctx)`` returns one value
per deal of the block (a numpy array, or a 0-d array for a constant).  Types
are checked here, before any deal: a comparison of a hand type with a number,
an unknown name or a function handrank does not honour yet is refused with
the place in the query.
"""

from __future__ import annotations

import difflib
import itertools
import math
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..core.cards import RANKS, card_str
from ..core.cards import card as _card
from ..core.cards import cards as _cards
from ..core.errors import HandrankError
from ..games import game as _game
from ..operations import category, evaluate
from ._eval import Ctx
from ._hvr import (
    RANGE_MAX_HANDS,
    RANGE_MAX_OPPONENTS,
    perceived_range,
    range_cost,
    range_equity,
    range_inexact,
    ranges_of_others,
)
from ._parse import BinOp, Call, Case, In, Name, Node, Num, PqlError, Query, Str, UnOp, locate
from ._plays import cards_play, hand_ranking
from ._spot import BOARD, HANDTYPES, HOLDEM, STREETS, STUD, Spot, masks_of

__all__ = ["Expr", "Plan", "compile_query", "FUNCTIONS", "REFUSED", "HANDTYPES", "FLOPCATS",
           "STRING", "value_text"]


def _word(node: Node) -> str:
    """What a person wrote for `node`, for an error message (not the parser's class name)."""
    if isinstance(node, Name):
        return node.name
    if isinstance(node, Num):
        return f"{node.value:g}"
    if isinstance(node, Str):
        return f"'{node.value}'"          # quoted, as written: a name goes without quotes
    if isinstance(node, Call):
        return f"{node.name}(...)"
    return "an expression"

BOOL, NUM, INT, HANDTYPE, RANK, RANKSET, CARD, FLOPCAT = "boolean", "number", "integer", \
    "hand type", "rank", "rank set", "card", "flop category"
STRING = "string"
NUMERIC = (BOOL, NUM, INT)

_RANK_LETTERS = "23456789TJQKA"


def value_text(t: str, v: Any, handtypes: list[str], flopcats: list[str]) -> str:
    """The text of one value of type `t`, as the result tables print it
    (hand types and flop categories by name, ranks by letter, cards as
    'As', booleans as true/false, numbers as %.6g)."""
    if t == HANDTYPE:
        return handtypes[int(v)]
    if t == FLOPCAT:
        return flopcats[int(v)]
    if t == RANK:
        return _RANK_LETTERS[int(v)] if int(v) >= 0 else "none"
    if t == CARD:
        return card_str(int(v))
    if t == RANKSET:
        return "".join(r for i, r in reversed(list(enumerate(_RANK_LETTERS)))
                       if (int(v) >> i) & 1) or "none"
    if t == BOOL:
        return "true" if bool(v) else "false"
    if t == INT:
        return str(int(v))
    if t == NUM:
        return f"{float(v):.6g}"
    return str(v)

Fn = Callable[[Ctx], np.ndarray]


@dataclass
class Expr:
    type: str
    fn: Fn
    cost: int = 0            # run-outs evaluated per deal (for the exact/simulate choice)


_HT_ALIASES = {
    "highcard": "highcard", "nopair": "highcard", "high_card": "highcard",
    "pair": "pair", "onepair": "pair", "one_pair": "pair",
    "twopair": "twopair", "two_pair": "twopair",
    "trips": "trips", "set": "trips", "threeofakind": "trips", "three_of_a_kind": "trips",
    "straight": "straight", "flush": "flush",
    "fullhouse": "fullhouse", "full_house": "fullhouse", "boat": "fullhouse",
    "quads": "quads", "fourofakind": "quads", "four_of_a_kind": "quads",
    "straightflush": "straightflush", "straight_flush": "straightflush",
}


def handtype_order(spot: Spot) -> list[str]:
    return spot.handtypes


def _categories_to_ordinal(spot: Spot) -> np.ndarray:
    """handrank's Category value (1..9) -> the hand type's place in the game's order."""
    order = handtype_order(spot)
    lut = np.zeros(10, dtype=np.int16)
    for v in range(1, 10):
        lut[v] = order.index(HANDTYPES[v - 1])
    return lut


# hold'em flop categories, weakest first (short deck swaps flush and full house)
FLOPCATS = ["flopnothing", "flopunderpair", "flopthirdpair", "floppocket23",
            "flopsecondpair", "floppocket12", "floptoppair", "flopoverpair", "flopbottomtwo",
            "floptopandbottom", "floptoptwo", "floptrips", "flopset", "flopstraight",
            "flopflush", "flopfullhouse", "flopquads", "flopstraightflush"]


def flopcat_order(spot: Spot) -> list[str]:
    if spot.flush_beats_full:
        o = list(FLOPCATS)
        i, j = o.index("flopflush"), o.index("flopfullhouse")
        o[i], o[j] = o[j], o[i]
        return o
    return FLOPCATS


# ---------------------------------------------------------------- functions

@dataclass
class Func:
    name: str
    args: tuple[str, ...]          # player, street, handtype, num, rankset, range, int
    returns: str
    impl: Callable[..., Any]
    optional: int = 0              # trailing arguments that may be left out
    cost: Callable[[Spot, list[Any]], int] | None = None
    needs: tuple[str, ...] = ()    # what the spot must offer (Spot.offers: BOARD, ...)
    halves: tuple[str, ...] = ()   # halves the game must have
    full_deck: bool = False        # needs the 52-card deck's hand numbering
    #: why a deal's value may be drawn rather than enumerated (None: never)
    inexact: Callable[[Spot, list[Any]], str | None] | None = None
    #: the other players' ranges of the ``from`` clause are passed last
    with_ranges: bool = False


def _hi_or_only(ctx: Ctx) -> str:
    return "high" if "high" in ctx.g.halves else ctx.g.halves[0]


def _wins(half: str) -> Callable[[Ctx, int], np.ndarray]:
    def f(ctx: Ctx, p: int) -> np.ndarray:
        s = ctx.all_halves("river")[half]
        me = s[p]
        others = np.delete(s, p, axis=0)
        ok = me > others.max(axis=0) if len(others) else np.ones(ctx.n, bool)
        return ok & (me > 0) if half == "low" else ok
    return f


def _ties(half: str) -> Callable[[Ctx, int], np.ndarray]:
    def f(ctx: Ctx, p: int) -> np.ndarray:
        s = ctx.all_halves("river")[half]
        me = s[p]
        others = np.delete(s, p, axis=0)
        if not len(others):
            return np.zeros(ctx.n, bool)
        ok = (me == others.max(axis=0)) & (me >= s.max(axis=0))
        return np.asarray(ok & (me > 0) if half == "low" else ok)
    return f


def _scoops(ctx: Ctx, p: int) -> np.ndarray:
    share = ctx.river_shares()[p]
    return np.asarray(share == 1.0)


def _hand_type(ctx: Ctx, p: int, street: str) -> np.ndarray:
    short = ctx.spot.short_hand(street)
    if short is not None:
        return _short_hand_type(ctx, p, short)
    s = ctx.half(p, street, "high")
    cats = np.asarray(category(s, game=ctx.high_game), dtype=np.int64)
    return _categories_to_ordinal(ctx.spot)[cats]


def _short_hand_type(ctx: Ctx, p: int, n: int) -> np.ndarray:
    """The hand type of a stud player's first n (3 or 4) cards, from the rank
    counts: quads, trips, two pair, a pair or a high card (no straight or
    flush has five cards yet)."""
    return _short_types(ctx, ctx.d.holes[p][:, :n])


def _short_types(ctx: Ctx, cards: np.ndarray) -> np.ndarray:
    """The hand types of rows of 3 or 4 cards (see :func:`_short_hand_type`)."""
    return ctx.short_types(cards)


def _winning_hand_type(ctx: Ctx) -> np.ndarray:
    s = ctx.all_halves("river")["high"].max(axis=0)
    cats = np.asarray(category(s, game=ctx.high_game), dtype=np.int64)
    return _categories_to_ordinal(ctx.spot)[cats]


def _best_rating(half: str) -> Callable[[Ctx, int, str], np.ndarray]:
    def f(ctx: Ctx, p: int, street: str) -> np.ndarray:
        s = ctx.all_halves(street)[half]
        ok = s[p] >= s.max(axis=0)
        return np.asarray(ok & (s[p] > 0) if half == "low" else ok)
    return f


def _board_suits(ctx: Ctx, street: str) -> np.ndarray:
    b = ctx.board_at(street)
    return np.asarray(((b[:, :, None] % 4) == np.arange(4)).sum(axis=1))      # (n, 4)


def _board_rank_counts(ctx: Ctx, street: str) -> np.ndarray:
    b = ctx.board_at(street)
    return np.asarray(((b[:, :, None] // 4) == np.arange(13)).sum(axis=1))    # (n, 13)


def _rankset(cards: np.ndarray) -> np.ndarray:
    out = np.zeros(len(cards), dtype=np.int64)
    for j in range(cards.shape[1]):
        out |= 1 << (cards[:, j].astype(np.int64) // 4)
    return out


def _straight_board(ctx: Ctx, street: str) -> np.ndarray:
    """Some two hole cards make a straight with three of the board's ranks."""
    present = _board_rank_counts(ctx, street) > 0                   # (n, 13)
    ranks = np.concatenate([present[:, 12:13], present], axis=1)    # ace low first
    out = np.zeros(ctx.n, bool)
    lowest = ctx.spot.lowest_rank
    if lowest == 0:
        for lo in range(0, 10):                                     # windows of five
            out |= ranks[:, lo:lo + 5].sum(axis=1) >= 3
    else:                                                           # the ace plays low
        for lo in range(lowest, 9):                                 # just below the lowest
            out |= present[:, lo:lo + 5].sum(axis=1) >= 3
        w = present[:, [12, lowest, lowest + 1, lowest + 2, lowest + 3]].sum(axis=1)
        out |= w >= 3
    return out


def _hole_ranks(ctx: Ctx, p: int, street: str | None = None) -> np.ndarray:
    return _rankset(ctx.spot.hole_at(ctx.d.holes[p], street))


def _top_rank(ranks: np.ndarray) -> np.ndarray:
    """The highest rank (0..12) of each rank set, -1 if empty."""
    out = np.full(len(ranks), -1, dtype=np.int64)
    for r in range(13):
        out = np.where((ranks >> r) & 1, r, out)
    return out


def _bottom_rank(ranks: np.ndarray) -> np.ndarray:
    out = np.full(len(ranks), -1, dtype=np.int64)
    for r in range(12, -1, -1):
        out = np.where((ranks >> r) & 1, r, out)
    return out


def _nth_rank(n: np.ndarray, ranks: np.ndarray) -> np.ndarray:
    n = np.broadcast_to(np.asarray(n, dtype=np.int64), ranks.shape)
    out = np.full(len(ranks), -1, dtype=np.int64)
    seen = np.zeros(len(ranks), dtype=np.int64)
    for r in range(12, -1, -1):
        has = ((ranks >> r) & 1).astype(bool)
        seen = seen + has
        out = np.where(has & (seen == n) & (out < 0), r, out)
    return out


def _has_board_rank(which: int) -> Callable[[Ctx, int, str], np.ndarray]:
    def f(ctx: Ctx, p: int, street: str) -> np.ndarray:
        board = _rankset(ctx.board_at(street))
        r = _nth_rank(np.asarray(which), board)
        hole = _hole_ranks(ctx, p)
        return np.asarray((r >= 0) & (((hole >> np.maximum(r, 0)) & 1) == 1))
    return f


def _pocket_pair(ctx: Ctx, p: int) -> np.ndarray:
    h = ctx.d.holes[p] // 4
    return np.asarray((h[:, :, None] == h[:, None, :]).sum(axis=(1, 2)) > h.shape[1])


def _overpair(ctx: Ctx, p: int, street: str) -> np.ndarray:
    h = ctx.d.holes[p] // 4
    top = _top_rank(_rankset(ctx.board_at(street)))
    return np.asarray((h[:, 0] == h[:, 1]) & (h[:, 0] > top))


def _intersections(ctx: Ctx, p: int, street: str) -> np.ndarray:
    board = _rankset(ctx.board_at(street))
    h = ctx.d.holes[p].astype(np.int64) // 4
    return np.asarray(((board[:, None] >> h) & 1).sum(axis=1))


def _equity(ctx: Ctx, p: int, street: str = "river") -> np.ndarray:
    return np.asarray(ctx.street_equity(street)[p])


def _min_equity(ctx: Ctx, p: int, street: str, x: np.ndarray) -> np.ndarray:
    return np.asarray(ctx.street_equity(street)[p] >= x)


def _runouts_cost(spot: Spot, args: list[Any]) -> int:
    street = args[1] if len(args) > 1 else "river"
    if not isinstance(street, str) or street == "river":
        return 0
    return spot.runouts_cost(street)


def _nut_cost(spot: Spot, args: list[Any]) -> int:
    return spot.nut_cost(args[1])


def _flop_category(ctx: Ctx, p: int) -> np.ndarray:
    """The player's hold'em flop category (its place in :func:`flopcat_order`).

    Five-card hands from a straight up are named by their type.  Trips are
    ``floptrips`` with two of the rank on the flop, ``flopset`` with a pocket
    pair, nothing when the flop holds all three.  Two pair on a flop of three
    ranks names the two flop ranks paired (top two, top and bottom, else bottom
    two).  Otherwise (one pair, or two pair on a paired flop) the player's own
    pair names it: a pocket pair by where it falls among the flop's ranks
    (over, between the top and second, between the second and third, under),
    a hole card paired with the flop by the rank it pairs (top, second, third);
    a pair that is the flop's own, or no pair, is nothing."""
    order = flopcat_order(ctx.spot)
    code = {name: order.index(name) for name in FLOPCATS}
    hole = ctx.d.holes[p].astype(np.int64) // 4                     # (n, 2)
    flop = ctx.d.board[:, :3].astype(np.int64) // 4
    n = ctx.n
    rows = np.arange(n)
    cnt_b = (flop[:, :, None] == np.arange(13)).sum(axis=1)        # (n, 13)
    cnt = cnt_b + (hole[:, :, None] == np.arange(13)).sum(axis=1)
    cat = np.asarray(category(ctx.half(p, "flop", "high"), game=ctx.high_game), dtype=np.int64)
    ht = np.array(HANDTYPES)[cat - 1]
    bset = _rankset(ctx.d.board[:, :3])
    top, mid, bot = (_nth_rank(np.asarray(k), bset) for k in (1, 2, 3))
    out = np.full(n, code["flopnothing"], dtype=np.int64)
    for t in ("straight", "flush", "fullhouse", "quads", "straightflush"):
        out[ht == t] = code["flop" + t]
    trips_rank = cnt.argmax(axis=1)
    on_board = cnt_b[rows, trips_rank]
    trips = ht == "trips"
    out[trips & (on_board == 2)] = code["floptrips"]
    out[trips & (on_board == 1)] = code["flopset"]
    unpaired = (cnt_b > 0).sum(axis=1) == 3
    two = (ht == "twopair") & unpaired
    paired_rank = (cnt == 2) & (cnt_b == 1)                         # (n, 13)
    has_top = paired_rank[rows, np.maximum(top, 0)]
    has_mid = paired_rank[rows, np.maximum(mid, 0)]
    out[two] = np.where(has_top & has_mid, code["floptoptwo"],
                        np.where(has_top, code["floptopandbottom"], code["flopbottomtwo"]))[two]
    own = (ht == "pair") | ((ht == "twopair") & ~unpaired)
    q = hole[:, 0]
    pocket = (hole[:, 0] == hole[:, 1]) & (cnt_b[rows, q] == 0)
    pos = np.where(q > top, code["flopoverpair"],
                   np.where(q > mid, code["floppocket12"],
                            np.where((bot >= 0) & (q > bot), code["floppocket23"],
                                     code["flopunderpair"])))
    out[own & pocket] = pos[own & pocket]
    match = np.full(n, -1, dtype=np.int64)
    for j in (0, 1):
        r = hole[:, j]
        match = np.where(cnt_b[rows, r] == 1, r, match)
    pair_pos = np.where(match == top, code["floptoppair"],
                        np.where(match == mid, code["flopsecondpair"], code["flopthirdpair"]))
    sel = own & ~pocket & (match >= 0)
    out[sel] = pair_pos[sel]
    return out


def _n_flush(k: int) -> Callable[[Ctx, int, str], np.ndarray]:
    """k cards of one suit the player can use, one at least from the hand (at
    most two hole cards count in Omaha); more (a made flush) counts too."""
    def f(ctx: Ctx, p: int, street: str) -> np.ndarray:
        board = _board_suits(ctx, street)                           # (n, 4)
        hole = ((ctx.d.holes[p][:, :, None] % 4) == np.arange(4)).sum(axis=1)
        return np.asarray(((hole > 0) & (np.minimum(hole, 2) + board >= k)).any(axis=1))
    return f


def _outs_to(at_least: bool) -> Callable[[Ctx, int, str, int], np.ndarray]:
    """The unseen cards that give the player the hand type on the next street
    (exactly, or at least), when the player does not have it already."""
    def f(ctx: Ctx, p: int, street: str, t: int) -> np.ndarray:
        lut = _categories_to_ordinal(ctx.spot)
        after = ctx.next_types(p, street, lut)
        now = _hand_type(ctx, p, street)
        if at_least:
            return np.where(now >= t, 0, (after >= t).sum(axis=1))
        return np.where(now == t, 0, (after == t).sum(axis=1))
    return f


def _outs_cost(spot: Spot, args: list[Any]) -> int:
    return spot.outs_cost(args[1])


def _nut_outs_cost(spot: Spot, args: list[Any]) -> int:
    return spot.nut_outs_cost(args[1])


def _made_lo(ctx: Ctx, p: int, street: str) -> np.ndarray:
    return np.asarray(ctx.half(p, street, "low") > 0)


def _up_card(ctx: Ctx, p: int, street: str) -> np.ndarray:
    """The card a stud player gets face up on `street` (third: the door card)."""
    n = ctx.street_cards_any(street)
    if not 3 <= n <= 6:
        raise PqlError(f"street {street!r}: up cards are dealt on third to sixth street "
                       "(seventh street's card is dealt face down)")
    return np.asarray(ctx.d.holes[p][:, n - 1].astype(np.int64))


def _max_hi_rating(ctx: Ctx, street: str) -> np.ndarray:
    """The highest hi rating of the players on `street`."""
    return np.asarray(ctx.all_halves(street)["high"].max(axis=0).astype(np.int64))


def _min_outs(ctx: Ctx, p: int, street: str, t: int, k: np.ndarray) -> np.ndarray:
    return np.asarray(_outs_to(False)(ctx, p, street, t) >= k)


FUNCTIONS: dict[str, Func] = {}
_BOARD = (BOARD,)


def _register(f: Func, *aliases: str) -> None:
    for n in (f.name, *aliases):
        FUNCTIONS[n.lower()] = f


def _identity(ctx: Ctx, x: np.ndarray) -> np.ndarray:
    return x


# toString's argument may be of any type: _Compiler.to_string compiles it
_register(Func("toString", ("any",), STRING, _identity))


_register(Func("riverEquity", ("player",), NUM, lambda c, p: c.river_shares()[p]))
_register(Func("fractionalRiverEquity", ("player",), NUM, lambda c, p: c.river_shares()[p]))
_register(Func("HvHequity", ("player", "street"), NUM, _equity, optional=1,
               cost=_runouts_cost), "equity")
_register(Func("minHvHequity", ("player", "street", "num"), BOOL, _min_equity,
               cost=_runouts_cost), "minEquity")
_register(Func("winsHi", ("player",), BOOL, _wins("high"), halves=("high",)))
_register(Func("tiesHi", ("player",), BOOL, _ties("high"), halves=("high",)))
_register(Func("winsLo", ("player",), BOOL, _wins("low"), halves=("low",)))
_register(Func("tiesLo", ("player",), BOOL, _ties("low"), halves=("low",)))
_register(Func("scoops", ("player",), BOOL, _scoops))
_register(Func("handType", ("player", "street"), HANDTYPE, _hand_type, halves=("high",)))
_register(Func("minHandType", ("player", "street", "handtype"), BOOL,
               lambda c, p, s, t: _hand_type(c, p, s) >= t, halves=("high",)))
_register(Func("exactHandType", ("player", "street", "handtype"), BOOL,
               lambda c, p, s, t: _hand_type(c, p, s) == t, halves=("high",)))
_register(Func("winningHandType", (), HANDTYPE, _winning_hand_type, halves=("high",)))
_register(Func("hiRating", ("player", "street"), INT,
               lambda c, p, s: c.half(p, s, "high").astype(np.int64), halves=("high",)))
_register(Func("loRating", ("player", "street"), INT,
               lambda c, p, s: c.half(p, s, "low").astype(np.int64), halves=("low",)))
_register(Func("bestHiRating", ("player", "street"), BOOL, _best_rating("high"),
               halves=("high",)))
_register(Func("bestLoRating", ("player", "street"), BOOL, _best_rating("low"),
               halves=("low",)))
_register(Func("nutHi", ("player", "street"), BOOL, lambda c, p, s: c.nut(p, s, "high"),
               cost=_nut_cost, halves=("high",)))
_register(Func("nutHiForHandType", ("player", "street"), BOOL,
               lambda c, p, s: c.nut(p, s, "high", same_type=True),
               cost=_nut_cost, needs=_BOARD, halves=("high",)))
_register(Func("nutLo", ("player", "street"), BOOL, lambda c, p, s: c.nut(p, s, "low"),
               cost=_nut_cost, halves=("low",)))
_register(Func("boardSuitCount", ("street",), INT,
               lambda c, s: (_board_suits(c, s) > 0).sum(axis=1), needs=_BOARD))
_register(Func("boardRanks", ("street",), RANKSET,
               lambda c, s: _rankset(c.board_at(s)), needs=_BOARD))
_register(Func("pairedBoard", ("street",), BOOL,
               lambda c, s: (_board_rank_counts(c, s) >= 2).any(axis=1), needs=_BOARD))
_register(Func("flushingBoard", ("street",), BOOL,
               lambda c, s: (_board_suits(c, s) >= 3).any(axis=1), needs=_BOARD))
_register(Func("monotoneBoard", ("street",), BOOL,
               lambda c, s: (_board_suits(c, s) > 0).sum(axis=1) == 1, needs=_BOARD))
_register(Func("twoToneBoard", ("street",), BOOL,
               lambda c, s: (_board_suits(c, s) > 0).sum(axis=1) == 2, needs=_BOARD))
_register(Func("rainbowBoard", ("street",), BOOL,
               lambda c, s: (_board_suits(c, s) <= 1).all(axis=1), needs=_BOARD))
_register(Func("straightBoard", ("street",), BOOL, _straight_board, needs=_BOARD))
_register(Func("handRanks", ("player", "street"), RANKSET, _hole_ranks, optional=1))
_register(Func("maxRank", ("rankset",), RANK, lambda c, r: _top_rank(r)))
_register(Func("minRank", ("rankset",), RANK, lambda c, r: _bottom_rank(r)))
_register(Func("nthRank", ("num", "rankset"), RANK, lambda c, n, r: _nth_rank(n, r)))
_register(Func("rankCount", ("rankset",), INT,
               lambda c, r: sum(((r >> i) & 1) for i in range(13))))
_register(Func("hasTopBoardRank", ("player", "street"), BOOL, _has_board_rank(1),
               needs=_BOARD))
_register(Func("hasSecondBoardRank", ("player", "street"), BOOL, _has_board_rank(2),
               needs=_BOARD))
_register(Func("handBoardIntersections", ("player", "street"), INT, _intersections,
               needs=_BOARD))
_register(Func("pocketPair", ("player",), BOOL, _pocket_pair, needs=(HOLDEM,)))
_register(Func("overpair", ("player", "street"), BOOL, _overpair, needs=(HOLDEM,)))
_register(Func("inRange", ("player", "range"), BOOL, lambda c, p, keys:
               _in_sorted(keys, masks_of(c.d.holes[p]))))
_register(Func("toRank", ("rankname",), RANK, lambda c, r: r))
_register(Func("toCard", ("cardname",), CARD, lambda c, x: x))
_register(Func("turnCard", (), CARD, lambda c: c.d.board[:, 3].astype(np.int64),
               needs=_BOARD))
_register(Func("riverCard", (), CARD, lambda c: c.d.board[:, 4].astype(np.int64),
               needs=_BOARD))
_register(Func("duplicatedBoardRanks", ("street",), RANKSET,
               lambda c, s: _mask_of_ranks(_board_rank_counts(c, s) >= 2), needs=_BOARD))
_register(Func("duplicatedHandRanks", ("player",), RANKSET,
               lambda c, p: _mask_of_ranks(_hole_rank_counts(c, p) >= 2)))
_register(Func("intersectingHandRanks", ("player", "street"), RANKSET,
               lambda c, p, s: _hole_ranks(c, p) & _rankset(c.board_at(s)), needs=_BOARD))
_register(Func("nonintersectingHandRanks", ("player", "street"), RANKSET,
               lambda c, p, s: _hole_ranks(c, p) & ~_rankset(c.board_at(s)), needs=_BOARD))
_register(Func("boardLoCardCount", ("street",), INT, lambda c, s: _low_board_ranks(c, s),
               needs=_BOARD))
_register(Func("boardAllowsMadeLo", ("street",), BOOL,
               lambda c, s: _low_board_ranks(c, s) >= 3, needs=_BOARD))
_register(Func("boardHasOneDistinctLoCard", ("street",), BOOL,
               lambda c, s: _low_board_ranks(c, s) == 1, needs=_BOARD))
_register(Func("boardHasTwoDistinctLoCards", ("street",), BOOL,
               lambda c, s: _low_board_ranks(c, s) == 2, needs=_BOARD))

_register(Func("flopHandCategory", ("player",), FLOPCAT, _flop_category, needs=(HOLDEM,),
               halves=("high",)))
_register(Func("exactFlopHandCategory", ("player", "flopcat"), BOOL,
               lambda c, p, t: _flop_category(c, p) == t, needs=(HOLDEM,),
               halves=("high",)))
_register(Func("minFlopHandCategory", ("player", "flopcat"), BOOL,
               lambda c, p, t: _flop_category(c, p) >= t, needs=(HOLDEM,),
               halves=("high",)))
_register(Func("fourFlush", ("player", "street"), BOOL, _n_flush(4), needs=_BOARD))
_register(Func("threeFlush", ("player", "street"), BOOL, _n_flush(3), needs=_BOARD))
_register(Func("rateHiHand", ("handtext",), INT, lambda c, v: v, halves=("high",)))
_register(Func("minHiRating", ("player", "street", "num"), BOOL,
               lambda c, p, s, x: c.half(p, s, "high").astype(np.int64) >= x,
               halves=("high",)))
_register(Func("fiveCardHiHandNumber", ("player", "street"), INT,
               lambda c, p, s: 7463 - c.half(p, s, "high").astype(np.int64),
               halves=("high",), full_deck=True))
_register(Func("outsToHandType", ("player", "street", "handtype"), INT, _outs_to(False),
               cost=_outs_cost, halves=("high",)))
_register(Func("minOutsToHandType", ("player", "street", "handtype"), INT, _outs_to(True),
               cost=_outs_cost, halves=("high",)))
_register(Func("madeLo", ("player", "street"), BOOL, _made_lo, halves=("low",)))
_register(Func("minLoRating", ("player", "street", "num"), BOOL,
               lambda c, p, s, x: c.half(p, s, "low").astype(np.int64) >= x,
               halves=("low",)))
_register(Func("rateLoHand", ("lowtext",), INT, lambda c, v: v, halves=("low",)))
_register(Func("nutLoOuts", ("player", "street"), INT, lambda c, p, s: c.nut_lo_outs(p, s),
               cost=_nut_outs_cost, halves=("low",)))
_register(Func("upCard", ("player", "street"), CARD, _up_card, needs=(STUD,)))
_register(Func("maxHiRating", ("player", "street"), BOOL, _best_rating("high"),
               halves=("high",)))
#: The forms some functions take with another number of arguments.
BY_ARITY: dict[tuple[str, int], Func] = {
    ("maxhirating", 1): Func("maxHiRating", ("street",), INT, _max_hi_rating,
                             halves=("high",)),
    ("minoutstohandtype", 4): Func("minOutsToHandType", ("player", "street", "handtype", "num"),
                                   BOOL, _min_outs, cost=_outs_cost, halves=("high",)),
}
_register(Func("nutHiOuts", ("player", "street"), INT,
               lambda c, p, s: c.nut_hi_outs(p, s), cost=_nut_outs_cost, halves=("high",)))


def _hvr_sizes(spot: Spot, args: list[Any]) -> list[int]:
    if len(args) > 2 and isinstance(args[2], tuple):          # a perceived range
        return [len(args[2][0])] * (len(spot.players) - 1)
    return [len(h) for h, _ in args[-1]] if args and isinstance(args[-1], list) else []


def _hvr_cost(spot: Spot, args: list[Any]) -> int:
    street = args[1] if len(args) > 1 and isinstance(args[1], str) else "river"
    return range_cost(spot, street, _hvr_sizes(spot, args))


def _hvr_inexact(name: str) -> Callable[[Spot, list[Any]], str | None]:
    def f(spot: Spot, args: list[Any]) -> str | None:
        street = args[1] if len(args) > 1 and isinstance(args[1], str) else "river"
        return range_inexact(name, spot, street, _hvr_sizes(spot, args))
    return f


def _hvr(ctx: Ctx, p: int, street: str, others: Any) -> np.ndarray:
    return range_equity(ctx, p, street, others, "declared")


def _hvr_perceived(ctx: Ctx, p: int, street: str, rng: tuple[np.ndarray, np.ndarray, str],
                   *_: Any) -> np.ndarray:
    hands, weights, text = rng
    m = len(ctx.spot.players) - 1
    return range_equity(ctx, p, street, [(hands, weights)] * m, "perceived:" + text)


_register(Func("HvREquity", ("player", "street"), NUM, _hvr, cost=_hvr_cost,
               needs=_BOARD, inexact=_hvr_inexact("HvREquity"), with_ranges=True))
_register(Func("minHvREquity", ("player", "street", "num"), BOOL,
               lambda c, p, s, x, o: _hvr(c, p, s, o) >= x, cost=_hvr_cost, needs=_BOARD,
               inexact=_hvr_inexact("minHvREquity"), with_ranges=True))
_register(Func("HvPerceivedRangeEquity", ("player", "street", "handrange"), NUM,
               _hvr_perceived, cost=_hvr_cost, needs=_BOARD,
               inexact=_hvr_inexact("HvPerceivedRangeEquity")))
_register(Func("minHvPerceivedRangeEquity", ("player", "street", "handrange", "num"), BOOL,
               lambda c, p, s, r, x: _hvr_perceived(c, p, s, r) >= x, cost=_hvr_cost,
               needs=_BOARD, inexact=_hvr_inexact("minHvPerceivedRangeEquity")))
_register(Func("cardsPlay", ("player", "street"), INT, cards_play, needs=_BOARD,
               halves=("high",)))
_register(Func("handRanking", ("player",), NUM, hand_ranking, needs=(HOLDEM,),
               full_deck=True))


_BOARD_POS = re.compile(r"(10|[2-9TJQKA*])([cdhswxyz]?)", re.IGNORECASE)


def parse_board_range(text: str) -> list[list[tuple[int | None, int | None, str]]]:
    """Board range text -> terms, each a list of positions (rank or None, suit
    or None, suit variable or ''): 3 to 5 positions, the first three the flop
    (in any order), then the turn and the river in their places."""
    terms = []
    for raw in text.split(","):
        body = raw.strip()
        if not re.fullmatch(r"(?:(?:10|[2-9TJQKA*])[cdhswxyz]?){3,5}", body, re.IGNORECASE):
            raise PqlError(f"cannot read the board range term {body!r} (3 to 5 positions "
                           "such as 'AK*', 'KJAK3', 'AsxKx*')")
        pos: list[tuple[int | None, int | None, str]] = []
        for r, su in _BOARD_POS.findall(body):
            rk = None if r == "*" else RANKS.index("T" if r == "10" else r.upper())
            sl = su.lower()
            if sl in ("w", "x", "y", "z"):
                pos.append((rk, None, sl))
            else:
                pos.append((rk, "cdhs".index(sl) if sl else None, ""))
        terms.append(pos)
    return terms


def _board_in_range(ctx: Ctx, terms: list[list[tuple[int | None, int | None, str]]]
                    ) -> np.ndarray:
    b = ctx.d.board.astype(np.int64)
    out = np.zeros(ctx.n, dtype=bool)
    for pos in terms:
        k = len(pos)
        for perm in itertools.permutations(range(3)):
            order = list(perm) + list(range(3, k))
            cards = b[:, order]
            ok = np.ones(ctx.n, dtype=bool)
            for j, (rk, su, _) in enumerate(pos):
                if rk is not None:
                    ok &= cards[:, j] // 4 == rk
                if su is not None:
                    ok &= cards[:, j] % 4 == su
            for i, j in itertools.combinations(range(k), 2):
                vi, vj = pos[i][2], pos[j][2]
                if vi and vj:
                    same = cards[:, i] % 4 == cards[:, j] % 4
                    ok &= same if vi == vj else ~same
            out |= ok
    return out


_register(Func("boardInRange", ("boardrange",), BOOL, _board_in_range, needs=_BOARD))


def _mask_of_ranks(present: np.ndarray) -> np.ndarray:
    """(n, 13) booleans -> rank-set masks."""
    return np.asarray((present.astype(np.int64) << np.arange(13)).sum(axis=1))


def _hole_rank_counts(ctx: Ctx, p: int) -> np.ndarray:
    h = ctx.d.holes[p]
    return np.asarray(((h[:, :, None] // 4) == np.arange(13)).sum(axis=1))


def _low_board_ranks(ctx: Ctx, street: str) -> np.ndarray:
    """The number of different ranks from ace to eight on the board."""
    present = _board_rank_counts(ctx, street) > 0
    return np.asarray(present[:, [12, 0, 1, 2, 3, 4, 5, 6]].sum(axis=1))


def _in_sorted(keys: np.ndarray, x: np.ndarray) -> np.ndarray:
    i = np.searchsorted(keys, x)
    i = np.minimum(i, len(keys) - 1)
    return np.asarray(keys[i] == x)


#: Functions of the reference's list that handrank does not honour, refused by
#: name at parse time, each with the reason.
REFUSALS: dict[str, str] = {
    "handRankingFor": "the rankings it names ('3h', '6h', '10h', 'vr' ...) are the Odds "
                      "Oracle's own orders of starting hands, which are not public",
}
REFUSED: list[str] = sorted(REFUSALS, key=str.lower)
_REFUSED = {n.lower(): n for n in REFUSED}


# ------------------------------------------------------------------ compile

def _const(v: np.ndarray) -> Fn:
    def f(c: Ctx) -> np.ndarray:
        return v
    return f


def _unary(op: Callable[[np.ndarray], Any], a: Fn) -> Fn:
    def f(c: Ctx) -> np.ndarray:
        return np.asarray(op(a(c)))
    return f


def _binary(op: Callable[[np.ndarray, np.ndarray], Any], a: Fn, b: Fn) -> Fn:
    def f(c: Ctx) -> np.ndarray:
        return np.asarray(op(a(c), b(c)))
    return f


def _str_equal(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    return np.asarray(np.asarray(x) == np.asarray(y))


def _negate(x: np.ndarray) -> np.ndarray:
    return -np.asarray(x, dtype=float)


class _Compiler:
    def __init__(self, q: Query, spot: Spot) -> None:
        self.q = q
        self.spot = spot
        self.players = {p.name.lower(): i for i, p in enumerate(spot.players)}
        for key, _, pos in q.bindings:
            low = key.lower()
            if low in STREETS or low in _HT_ALIASES or low in ("true", "false") \
                    or low in FUNCTIONS or low in FLOPCATS:
                raise locate(q.text, pos, f"{key!r} cannot name a player: it is a street, a "
                                          "hand type or a function")
        self.order = handtype_order(spot)
        self.flop_order = flopcat_order(spot)
        self.cost = 0
        self.inexact: str | None = None
        self._ranges: dict[Any, Any] = {}

    def err(self, node: Any, message: str) -> PqlError:
        return locate(self.q.text, node.pos, message)

    def _near(self, word: str, names: list[str]) -> str:
        got = difflib.get_close_matches(word.lower(), [n.lower() for n in names], n=1)
        if not got:
            return ""
        orig = next(n for n in names if n.lower() == got[0])
        return f"; did you mean {orig!r}?"

    def known_names(self) -> list[str]:
        return ([p.name for p in self.spot.players] + list(STREETS) + HANDTYPES
                + FLOPCATS + ["true", "false"])

    # -- arguments
    def arg_player(self, node: Node) -> int:
        if isinstance(node, Name) and node.name.lower() in self.players:
            return self.players[node.name.lower()]
        word = _word(node)
        raise self.err(node, f"expected a player, found {word!r}"
                       + self._near(word, [p.name for p in self.spot.players]))

    def arg_street(self, node: Node) -> str:
        if isinstance(node, Name) and node.name.lower() in STREETS:
            return node.name.lower()
        word = _word(node)
        raise self.err(node, f"expected a street (flop, turn, river), found {word!r}"
                       + self._near(word, list(STREETS)))

    def arg_handtype(self, node: Node) -> int:
        if isinstance(node, Name) and node.name.lower() in _HT_ALIASES:
            return self.order.index(_HT_ALIASES[node.name.lower()])
        word = _word(node)
        raise self.err(node, f"expected a hand type ({', '.join(HANDTYPES)}), found {word!r}"
                       + self._near(word, list(_HT_ALIASES)))

    def arg_five_cards(self, node: Node, low: bool = False) -> np.ndarray:
        """Five cards in quotes -> their high (or `low`) strength in this game
        (a constant)."""
        try:
            if not isinstance(node, Str):
                raise ValueError
            cs = _cards(node.value)
            if len(cs) != 5 or len(set(cs)) != 5:
                raise ValueError
            g = self.spot.game
            if low:
                return np.asarray(self._low_of_five(cs))
            high = _game("holdem") if g.split else g
            return np.asarray(int(evaluate(cs, game=high)))
        except (ValueError, HandrankError):
            raise self.err(node, "expected five different cards in quotes, e.g. "
                                 "'AsKsQsJsTs'") from None

    def _low_of_five(self, cs: list[int]) -> int:
        """The low strength of five cards in this game's scale (0: no low):
        Omaha's as two hole cards and three of the board, the rest filled
        with cards of ten to king, which no low uses."""
        return self.spot.low_of_five(cs)

    def arg_flopcat(self, node: Node) -> int:
        if isinstance(node, Name) and node.name.lower() in FLOPCATS:
            return self.flop_order.index(node.name.lower())
        word = _word(node)
        raise self.err(node, f"expected a flop category ({', '.join(FLOPCATS)}), found "
                       f"{word!r}" + self._near(word, FLOPCATS))

    def arg_range(self, node: Node, player: int) -> np.ndarray:
        if not isinstance(node, Str):
            raise self.err(node, "expected a range in quotes, e.g. 'AK,QQ+'")
        try:
            hands = self.spot.range_hands(node.value)
        except HandrankError as exc:
            raise self.err(node, f"{exc}") from None
        return np.unique(masks_of(hands))

    def other_ranges(self, node: Node, player: int) -> list[tuple[np.ndarray, np.ndarray]]:
        """The ranges of the players other than `player` (hand versus range)."""
        if len(self.spot.players) < 2:
            raise self.err(node, f"{_word(node)} needs another player")
        if len(self.spot.players) - 1 > RANGE_MAX_OPPONENTS:
            raise self.err(node, f"{_word(node)} takes at most {RANGE_MAX_OPPONENTS} "
                                 "opponents")
        key = ("others", player)
        if key not in self._ranges:
            big = [p.name for i, p in enumerate(self.spot.players) if i != player
                   and p.random and math.comb(len(self.spot.deck), self.spot.hole)
                   > RANGE_MAX_HANDS]
            if big:
                raise self.err(node, f"{_word(node)}: the range of {big[0]} (any "
                                     f"{self.spot.hole} cards) has more than "
                                     f"{RANGE_MAX_HANDS:,} hands; give it a range")
            self._ranges[key] = ranges_of_others(self.spot, player)
        got: list[tuple[np.ndarray, np.ndarray]] = self._ranges[key]
        return got

    # -- expressions
    def compile(self, node: Node) -> Expr:
        if isinstance(node, Num):
            v = np.asarray(node.value)
            return Expr(INT if float(node.value).is_integer() else NUM, _const(v))
        if isinstance(node, Str):
            raise self.err(node, "a quoted string is an argument (a range, a rank), not a value")
        if isinstance(node, Name):
            low = node.name.lower()
            if low in ("true", "false"):
                v = np.asarray(low == "true")
                return Expr(BOOL, _const(v))
            if low in _HT_ALIASES:
                ht = np.asarray(self.order.index(_HT_ALIASES[low]))
                return Expr(HANDTYPE, _const(ht))
            if low in FLOPCATS:
                return Expr(FLOPCAT, _const(np.asarray(self.flop_order.index(low))))
            if low in self.players or low in STREETS:
                raise self.err(node, f"{node.name!r} is an argument of a function, "
                                     "not a value")
            if low in FUNCTIONS or low in _REFUSED:
                return self.compile(Call(node.name, [], node.pos))
            raise self.err(node, f"unknown name {node.name!r}"
                           + self._near(node.name, self.known_names()))
        if isinstance(node, Call):
            return self.call(node)
        if isinstance(node, UnOp):
            a = self.compile(node.arg)
            if node.op == "not":
                self.need(node.arg, a, (BOOL,), "'not'")
                return Expr(BOOL, _unary(np.logical_not, a.fn))
            self.need(node.arg, a, NUMERIC, "'-'")
            return Expr(NUM if a.type == NUM else INT, _unary(_negate, a.fn))
        if isinstance(node, BinOp):
            return self.binop(node)
        if isinstance(node, In):
            a = self.compile(node.arg)
            opts = [self.literal_or_compile(o, a) for o in node.options]
            for o, e in zip(node.options, opts):
                self.comparable(o, a, e)
            neg = node.negated

            arg_fn, fs = a.fn, tuple(e.fn for e in opts)

            def f_in(c: Ctx) -> np.ndarray:
                x = arg_fn(c)
                out = np.zeros(np.shape(x), dtype=bool)
                for g in fs:
                    out = out | (x == g(c))
                return ~out if neg else out
            return Expr(BOOL, f_in)
        if isinstance(node, Case):
            return self.case(node)
        raise AssertionError(node)

    def need(self, node: Node, e: Expr, types: tuple[str, ...], what: str) -> None:
        if e.type not in types:
            raise self.err(node, f"{what} needs a {' or '.join(types)}, found a {e.type}")

    def comparable(self, node: Node, a: Expr, b: Expr) -> None:
        if a.type in NUMERIC and b.type in NUMERIC:
            return
        if a.type != b.type:
            raise self.err(node, f"cannot compare a {a.type} with a {b.type}")

    def literal_or_compile(self, node: Node, other: Expr) -> Expr:
        """`node` compiled; a quoted string beside a string value is that text."""
        if isinstance(node, Str) and other.type == STRING:
            return Expr(STRING, _const(np.asarray(node.value)))
        return self.compile(node)

    def operands(self, left: Node, right: Node) -> tuple[Expr, Expr]:
        if isinstance(left, Str) and not isinstance(right, Str):
            b = self.compile(right)
            return self.literal_or_compile(left, b), b
        a = self.compile(left)
        return a, self.literal_or_compile(right, a)

    def to_string(self, node: Call) -> Expr:
        """toString(x): the text of each value of x, as the result tables print it."""
        a = self.compile(node.args[0])
        t, fn = a.type, a.fn
        order, flop_order = list(self.order), list(self.flop_order)

        def f_str(c: Ctx) -> np.ndarray:
            x = np.asarray(fn(c))
            if x.ndim == 0:
                return np.asarray(value_text(t, x.item(), order, flop_order))
            uniq, inv = np.unique(x, return_inverse=True)
            texts = np.asarray([value_text(t, v, order, flop_order) for v in uniq.tolist()],
                               dtype=str)
            return np.asarray(texts[inv.reshape(x.shape)])
        return Expr(STRING, f_str)

    def binop(self, node: BinOp) -> Expr:
        a, b = self.operands(node.left, node.right)
        op = node.op
        if op in ("and", "or"):
            self.need(node.left, a, (BOOL,), f"'{op}'")
            self.need(node.right, b, (BOOL,), f"'{op}'")
            npop = np.logical_and if op == "and" else np.logical_or
            return Expr(BOOL, _binary(npop, a.fn, b.fn))
        if op in ("=", "<>", "<", "<=", ">", ">="):
            self.comparable(node, a, b)
            if a.type == RANKSET and op not in ("=", "<>"):
                raise self.err(node, "rank sets compare with = and <> only")
            if a.type == STRING:
                if op not in ("=", "<>"):
                    raise self.err(node, "strings compare with = and <> only")
                same = op == "="
                fa, fb = a.fn, b.fn

                def f_eq(c: Ctx) -> np.ndarray:
                    eq = _str_equal(fa(c), fb(c))
                    return eq if same else ~eq
                return Expr(BOOL, f_eq)
            cmp = {"=": np.equal, "<>": np.not_equal, "<": np.less, "<=": np.less_equal,
                   ">": np.greater, ">=": np.greater_equal}[op]
            return Expr(BOOL, _binary(cmp, a.fn, b.fn))
        self.need(node.left, a, NUMERIC, f"'{op}'")
        self.need(node.right, b, NUMERIC, f"'{op}'")
        ar = {"+": np.add, "-": np.subtract, "*": np.multiply, "/": np.true_divide}[op]
        kind = INT if (a.type != NUM and b.type != NUM and op != "/") else NUM

        def f_ar(c: Ctx, f: Fn = a.fn, g: Fn = b.fn) -> np.ndarray:
            x, y = np.asarray(f(c), dtype=float), np.asarray(g(c), dtype=float)
            if op == "/":
                with np.errstate(divide="ignore", invalid="ignore"):
                    return np.asarray(np.true_divide(x, y))
            return np.asarray(ar(x, y))
        return Expr(kind, f_ar)

    def case(self, node: Case) -> Expr:
        subject = self.compile(node.subject) if node.subject is not None else None
        conds, vals = [], []
        for cond_node, val_node in node.whens:
            cond = (self.literal_or_compile(cond_node, subject) if subject is not None
                    else self.compile(cond_node))
            if subject is not None:
                self.comparable(cond_node, subject, cond)
                # `==`, not np.equal: numpy 1.x has no string equality ufunc
                eq = _str_equal if subject.type == STRING else np.equal
                cond = Expr(BOOL, _binary(eq, subject.fn, cond.fn))
            else:
                self.need(cond_node, cond, (BOOL,), "'when'")
            conds.append(cond)
            vals.append((val_node, self.compile(val_node)))
        default = self.compile(node.default) if node.default is not None else None
        types = {v.type for _, v in vals} | ({default.type} if default else set())
        if types <= set(NUMERIC):
            kind = BOOL if types == {BOOL} else (INT if types <= {INT, BOOL} else NUM)
        elif len(types) == 1:
            kind = types.pop()
        else:
            raise self.err(node, f"the branches of 'case' have different types: "
                                 f"{', '.join(sorted(types))}")
        if default is None and kind != BOOL:
            if kind not in NUMERIC:
                raise self.err(node, "a 'case' of this type needs an 'else'")
        dflt: Fn = default.fn if default else (lambda c: np.asarray(False if kind == BOOL
                                                                   else 0))

        def f_case(c: Ctx) -> np.ndarray:
            out = np.broadcast_to(np.asarray(dflt(c)), (c.n,)).copy()
            if kind in NUMERIC:
                out = out.astype(float if kind == NUM else np.int64 if kind == INT else bool)
            done = np.zeros(c.n, dtype=bool)
            for cond, (_, val) in zip(conds, vals):
                hit = np.broadcast_to(np.asarray(cond.fn(c)), (c.n,)) & ~done
                if hit.any():
                    v = np.broadcast_to(np.asarray(val.fn(c)), (c.n,))
                    out[hit] = v[hit]
                done |= hit
            return out
        return Expr(kind, f_case)

    def arguments(self, f: Func, node: Call) -> tuple[list[Any], list[tuple[int, Fn]]]:
        """The arguments of a call of `f`: the constants read at compile time
        (players, streets, hand types, ranges, quoted cards ...; None in the
        place of an expression) and the compiled expressions by place."""
        consts: list[Any] = []
        fns: list[tuple[int, Fn]] = []
        for i, (kind, a) in enumerate(zip(f.args, node.args)):
            if kind == "player":
                consts.append(self.arg_player(a))
            elif kind == "street":
                consts.append(self.arg_street(a))
            elif kind == "handtype":
                consts.append(self.arg_handtype(a))
            elif kind == "flopcat":
                consts.append(self.arg_flopcat(a))
            elif kind == "range":
                consts.append(self.arg_range(a, consts[0]))
            elif kind == "handrange":
                if not isinstance(a, Str):
                    raise self.err(a, "expected a range in quotes, e.g. 'AK,QQ+'")
                try:
                    hands, weights = perceived_range(self.spot, a.value)
                except PqlError as exc:
                    raise self.err(a, str(exc)) from None
                consts.append((hands, weights, a.value))
            elif kind == "boardrange":
                if not isinstance(a, Str):
                    raise self.err(a, "expected a board range in quotes, e.g. 'AK*'")
                try:
                    consts.append(parse_board_range(a.value))
                except PqlError as exc:
                    raise self.err(a, str(exc)) from None
            elif kind == "cardname":
                try:
                    if not isinstance(a, Str):
                        raise ValueError
                    consts.append(np.asarray(_card(a.value.strip())))
                except (ValueError, HandrankError):
                    raise self.err(a, "expected a card in quotes, e.g. 'As'") from None
            elif kind == "handtext":
                consts.append(self.arg_five_cards(a))
            elif kind == "lowtext":
                consts.append(self.arg_five_cards(a, low=True))
            elif kind == "rankname":
                if not isinstance(a, Str) or a.value.strip().upper() not in RANKS:
                    raise self.err(a, "expected a rank in quotes, e.g. 'A' or 'T'")
                consts.append(np.asarray(RANKS.index(a.value.strip().upper())))
            else:
                e = self.compile(a)
                wants: tuple[str, ...] = (RANKSET,) if kind == "rankset" else NUMERIC
                self.need(a, e, wants, f"argument {i + 1} of {f.name}")
                consts.append(None)
                fns.append((i, e.fn))
        return consts, fns

    def call(self, node: Call) -> Expr:
        low = node.name.lower()
        if low in _REFUSED and low not in FUNCTIONS:
            name = _REFUSED[low]
            raise self.err(node, f"function {name!r} is not supported: {REFUSALS[name]}")
        if low not in FUNCTIONS:
            if low in ("avg", "count", "histogram", "max", "min"):
                raise self.err(node, f"{node.name!r} is a selector: it cannot be nested")
            raise self.err(node, f"unknown function {node.name!r}"
                           + self._near(node.name, sorted({f.name for f in FUNCTIONS.values()})
                                        + REFUSED))
        f = BY_ARITY.get((low, len(node.args)), FUNCTIONS[low])
        if f.args == ("any",):
            if len(node.args) != 1:
                raise self.err(node, f"{f.name} takes 1 argument (a value of any type), got "
                                     f"{len(node.args)}")
            return self.to_string(node)
        if any(need not in self.spot.offers for need in f.needs):
            raise self.err(node, f"function {f.name!r} is not supported in the game "
                                 f"{self.spot.pql_game!r} yet")
        if f.full_deck and (self.spot.lowest_rank != 0 or self.spot.flush_beats_full):
            raise self.err(node, f"function {f.name!r} numbers the hands of the 52-card "
                                 f"deck; the game {self.spot.pql_game!r} has another deck")
        missing = [h for h in f.halves if h not in self.spot.game.halves]
        if missing:
            raise self.err(node, f"function {f.name!r} needs a {missing[0]} half; the game "
                                 f"{self.spot.pql_game!r} has none")
        n_min, n_max = len(f.args) - f.optional, len(f.args)
        if not n_min <= len(node.args) <= n_max:
            want = f"{n_min}" if n_min == n_max else f"{n_min} or {n_max}"
            raise self.err(node, f"{f.name} takes {want} argument(s) "
                                 f"({', '.join(f.args) or 'none'}), got {len(node.args)}")
        consts, fns = self.arguments(f, node)
        if f.with_ranges:
            consts.append(self.other_ranges(node, consts[0]))
        if f.inexact is not None:
            why = f.inexact(self.spot, consts)
            if why is not None:
                self.inexact = why
        if f.cost is not None:
            self.cost += f.cost(self.spot, consts)
            if f.cost is _runouts_cost:
                street = consts[1] if len(consts) > 1 else "river"
                why = self.spot.runouts_inexact(f.name, street)
                if why is not None:
                    self.inexact = why
        impl = f.impl

        def f_call(c: Ctx) -> np.ndarray:
            args = list(consts)
            for i, g in fns:
                args[i] = g(c)
            return np.asarray(impl(c, *args))
        return Expr(f.returns, f_call)


def _constant(node: Node) -> bool:
    """An expression of literals only (no function, player or street)."""
    if isinstance(node, (Num, Str)):
        return True
    if isinstance(node, Name):
        return (node.name.lower() in ("true", "false") or node.name.lower() in _HT_ALIASES
                or node.name.lower() in FLOPCATS)
    if isinstance(node, Call):
        return False
    if isinstance(node, BinOp):
        return _constant(node.left) and _constant(node.right)
    if isinstance(node, UnOp):
        return _constant(node.arg)
    if isinstance(node, In):
        return _constant(node.arg) and all(_constant(o) for o in node.options)
    if isinstance(node, Case):
        parts = [node.subject, node.default] + [x for w in node.whens for x in w]
        return all(p is None or _constant(p) for p in parts)
    return False


@dataclass
class Sel:
    kind: str
    name: str
    type: str
    fn: Fn | None


@dataclass
class Plan:
    spot: Spot
    selectors: list[Sel]
    where: Fn | None
    cost: int                      # run-outs evaluated per deal by the street functions
    handtypes: list[str]
    flopcats: list[str]
    #: why an enumeration of the deals would not be exact (a stud street
    #: equity of more ways a deal than it enumerates), or None
    inexact: str | None = None


def compile_query(q: Query, spot: Spot) -> Plan:
    comp = _Compiler(q, spot)
    sels: list[Sel] = []
    names: set[str] = set()
    for s in q.selectors:
        if s.expr is None:
            raise locate(q.text, s.pos, f"{s.kind}() needs an expression")
        e = comp.compile(s.expr)
        if s.kind == "count" and e.type != BOOL:
            raise locate(q.text, s.pos, f"count() counts a condition (a boolean), found a "
                                        f"{e.type}")
        if s.kind == "avg" and e.type not in NUMERIC:
            raise locate(q.text, s.pos, f"avg() averages a number, found a {e.type}")
        if s.kind in ("max", "min") and e.type == STRING:
            raise locate(q.text, s.pos, f"{s.kind}() of a string is not defined; use "
                                        "histogram()")
        if s.kind in ("max", "min") and e.type == RANKSET:
            raise locate(q.text, s.pos, f"{s.kind}() of a rank set is not defined")
        name = s.alias or s.text
        if name.lower() in names:
            raise locate(q.text, s.pos, f"two selectors are named {name!r}; use 'as'")
        names.add(name.lower())
        sels.append(Sel(s.kind, name, e.type, e.fn))
    where = None
    if q.where is not None:
        w = comp.compile(q.where)
        if w.type != BOOL:
            raise locate(q.text, getattr(q.where, "pos", 0),
                         f"'where' needs a condition (a boolean), found a {w.type}")
        where = w.fn
        if _constant(q.where):
            probe = np.asarray(w.fn(None))      # type: ignore[arg-type]
            if not probe.any():
                raise locate(q.text, getattr(q.where, "pos", 0),
                             "the 'where' condition never holds (it reads no deal and is "
                             "false)")
    return Plan(spot, sels, where, comp.cost, handtype_order(spot), flopcat_order(spot),
                comp.inexact)
