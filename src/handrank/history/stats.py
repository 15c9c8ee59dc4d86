"""Tracker statistics of one hand, seat by seat: what a HUD counts.

Each statistic is a pair of counts, the times a player did a thing and the
times they had the chance (its *opportunities*), so a reader can rebuild the
ratio over any set of hands.  The definitions follow PokerTracker 4's
published ones (its "Statistic definitions" help pages), read from the PHH
action stream:

``vpip``
    Put chips in the pot voluntarily in the first betting round (a call or a
    raise; posting a blind or a straddle, or checking the big blind, is not
    voluntary).  Opportunity: the player acted in that round (a walk or a
    blind that is all in before acting is no opportunity).
``pfr``
    Raised in the first betting round; same opportunities as ``vpip``.
``three_bet`` / ``four_bet``
    Raised when facing exactly one raise (the blinds are the first bet) /
    exactly two raises, preflop.  Opportunity: acted facing that many raises
    (callers in between or not).
``fold_to_three_bet``
    Folded, as the player who made the first raise, to a re-raise (the
    3-bet) on their next action.  Opportunity: faced it.
``steal`` / ``fold_to_steal``
    A first raise from the cut-off, the button or the small blind when every
    player before folded; folding the small or the big blind to such a raise
    (from a seat after it) when nobody else has called or raised.
``cbet_flop``, ``cbet_turn``, ``cbet_river``
    A bet by the player who made the last raise of the street before, when
    nobody has bet yet on this street (on the turn and river: only after a
    c-bet on the street before, as PokerTracker counts "turn c-bet").
``fold_to_cbet_flop`` ...
    Folding to that c-bet as the first aggression of the street.
``wtsd``, ``wsd``, ``wwsf``
    Went to showdown having seen the flop (an all-in before the flop sees
    it); won money at showdown (paid any part of a pot, a split pot
    included) having gone there; won money having seen the flop.
``aggression_bets``, ``aggression_calls``, ``aggression_folds``
    Bets and raises, calls, folds after the first round: aggression factor
    = bets / calls, aggression frequency = bets / (bets + calls + folds).

Where a statistic has no meaning for a game it is absent, not zero: games
without blinds (stud) have no preflop, position or steal columns, games
without a board have no flop statistics (see :func:`stat_names`).

Positions, for games with blinds: with two seats the button is the small
blind (the last seat) and the other seat the big blind; otherwise seat 0 is
the small blind, seat 1 the big blind, the last seat the button, the seat
before it the cut-off and the one before that the hijack (with seven or more
seats), the others ``UTG``, ``UTG+1`` ... from the first to act.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from ._base import DRAW, STUD
from .model import Hand

__all__ = ["PREFLOP_STATS", "FLOP_STATS", "ALWAYS_STATS", "hand_stats", "positions",
           "stat_names", "big_blind"]

#: statistics of the first betting round (games with blinds)
PREFLOP_STATS = ("vpip", "pfr", "three_bet", "four_bet", "fold_to_three_bet", "steal",
                 "fold_to_steal")
#: statistics that need a flop (games with a board)
FLOP_STATS = ("cbet_flop", "cbet_turn", "cbet_river", "fold_to_cbet_flop",
              "fold_to_cbet_turn", "fold_to_cbet_river", "wtsd", "wsd", "wwsf")
#: counts every game has (no opportunity column: they are counts of actions)
ALWAYS_STATS = ("aggression_bets", "aggression_calls", "aggression_folds")

_STREETS = ("flop", "turn", "river")
_STEAL_SEATS = ("CO", "BTN", "SB")


def _has_blinds(h: Hand) -> bool:
    return h.variant not in STUD and any(_amount(b) > 0 for b in h.blinds_or_straddles)


def _has_board(h: Hand) -> bool:
    return h.variant not in STUD and h.variant not in DRAW


def stat_names(h: Hand) -> tuple[str, ...]:
    """The statistics (with opportunities) that have a meaning for `h`'s game."""
    names: tuple[str, ...] = ()
    if _has_blinds(h):
        names += PREFLOP_STATS
    if _has_board(h):
        names += FLOP_STATS
    return names


def _amount(v: Any) -> Decimal:
    return v if isinstance(v, Decimal) else Decimal(str(v)) if isinstance(v, float) else Decimal(v)


def big_blind(h: Hand) -> Any:
    """The big blind (the second smallest blind or straddle posted; the only one
    when one is posted), else ``big_bet`` or ``min_bet``; None when none is known."""
    posted = sorted(b for b in h.blinds_or_straddles if _amount(b) > 0)
    if posted:
        return posted[1] if len(posted) > 1 else posted[0]
    for v in (h.big_bet, h.min_bet):
        if v is not None and _amount(v) > 0:
            return v
    return None


def positions(n: int) -> list[str]:
    """The position names of `n` seats in a game with blinds, seat by seat."""
    if n == 2:
        return ["BB", "BTN"]
    names = ["SB", "BB"] + [""] * (n - 2)
    tail = ["BTN", "CO", "HJ"] if n >= 7 else ["BTN", "CO"] if n >= 4 else ["BTN"]
    for k, name in enumerate(tail):
        names[n - 1 - k] = name
    free = [i for i in range(2, n) if not names[i]]
    for k, i in enumerate(free):
        names[i] = "UTG" if k == 0 else f"UTG+{k}"
    return names


class _Seat:
    __slots__ = ("counts",)

    def __init__(self) -> None:
        self.counts: dict[str, int] = {}

    def opp(self, name: str, did: bool) -> None:
        self.counts[name + "_opportunities"] = 1
        self.counts[name] = int(did) or self.counts.get(name, 0)


def _parse(a: str) -> tuple[str, int, str, str] | None:
    """(kind, seat, verb, argument) of one action: kind "d" dealer, "p" player."""
    text = a.split("#", 1)[0].split()
    if not text:
        return None
    if text[0] == "d":
        return "d", -1, text[1] if len(text) > 1 else "", " ".join(text[2:])
    if text[0][:1] == "p" and text[0][1:].isdigit() and len(text) > 1:
        return "p", int(text[0][1:]) - 1, text[1], " ".join(text[2:])
    return None


#: the zero counts of each tuple of statistics' names
_BLANK: dict[tuple[str, ...], dict[str, int]] = {}


def _blank_seats(n: int, names: tuple[str, ...]) -> list[_Seat]:
    """`n` seats whose counts are every statistic of `names` (with its opportunities)
    and the aggression counts, all zero."""
    template = _BLANK.get(names)
    if template is None:
        keys = [k2 for k in names for k2 in (k, k + "_opportunities")] + list(ALWAYS_STATS)
        template = _BLANK[names] = dict.fromkeys(keys, 0)
    seats = [_Seat() for _ in range(n)]
    for seat in seats:
        seat.counts = template.copy()
    return seats


def _posted(h: Hand, n: int, blinds: bool) -> list[Decimal]:
    """The chips each seat has in before the first action: its blind or straddle
    (heads-up the PHH order is the big blind first)."""
    posted = [_amount(b) for b in h.blinds_or_straddles] if blinds else []
    if blinds and n == 2:
        posted.reverse()
    posted += [Decimal(0)] * (n - len(posted))
    return posted


def _preflop(c: _Seat, s: int, verb: str, facing: bool, raises: int, limped: bool,
             callers: int, first_raiser: int | None, steal_from: int | None,
             pos: list[str]) -> None:
    """The preflop statistics' opportunities of seat `s` acting `verb` (see the module's
    docstring), from the state of the round before the action."""
    c.opp("vpip", verb == "cbr" or (verb == "cc" and facing))
    c.opp("pfr", verb == "cbr")
    if raises == 1:
        c.opp("three_bet", verb == "cbr")
    elif raises == 2:
        c.opp("four_bet", verb == "cbr")
        if s == first_raiser:
            c.opp("fold_to_three_bet", verb == "f")
    if raises == 0 and not limped and pos[s] in _STEAL_SEATS:
        c.opp("steal", verb == "cbr")
    if (steal_from is not None and raises == 1 and callers == 0
            and pos[s] in ("SB", "BB") and s != steal_from):
        c.opp("fold_to_steal", verb == "f")


def _cbets(c: _Seat, s: int, verb: str, street: int, raises: int, chain: int | None,
           cbettor: int | None) -> None:
    """The c-bet opportunities of seat `s` acting `verb` after the flop: `chain` the
    seat that may c-bet, `cbettor` the one that did."""
    k = _STREETS[min(street, 3) - 1]
    if raises == 0 and chain is not None and s == chain:
        c.opp("cbet_" + k, verb == "cbr")
    if cbettor is not None and raises == 1 and s != cbettor:
        c.opp("fold_to_cbet_" + k, verb == "f")


def _aggression(c: _Seat, verb: str, facing: bool) -> None:
    if verb == "cbr":
        c.counts["aggression_bets"] += 1
    elif verb == "cc" and facing:
        c.counts["aggression_calls"] += 1
    elif verb == "f":
        c.counts["aggression_folds"] += 1


def _bet_to(arg: str, to_call: Decimal) -> Decimal:
    """What a ``cbr`` bets or raises to: its argument, else (none, or not a number)
    the amount to call."""
    try:
        return _amount(arg.split()[0]) if arg else to_call
    except (ArithmeticError, ValueError):
        return to_call


def _showdown(seats: list[_Seat], folded: list[bool], saw_flop: list[bool], street: int,
              payouts: list[Any] | None) -> None:
    """``wtsd``, ``wwsf`` and ``wsd`` of each seat that saw the flop."""
    if street < 1:
        return
    showdown = len([i for i in range(len(seats)) if not folded[i]]) > 1
    for i, c in enumerate(seats):
        if not saw_flop[i]:
            continue
        won = payouts is not None and _amount(payouts[i]) > 0
        c.opp("wtsd", showdown and not folded[i])
        c.opp("wwsf", won)
        if showdown and not folded[i]:
            c.opp("wsd", won)


def hand_stats(h: Hand, payouts: list[Any] | None = None) -> list[dict[str, int]]:
    """The counts of every statistic `h`'s game has, one dict per seat.

    `payouts` (the chips each seat won from the pots, ``Replay.payouts``)
    decide ``wsd`` and ``wwsf``: a seat paid any part of a pot won the hand,
    as PokerTracker counts "won"; without them those two count no success.  Every key of
    :func:`stat_names` (and its ``_opportunities``) is in every dict, with
    the counts of :data:`ALWAYS_STATS`.
    """
    n = h.seats
    seats = _blank_seats(n, stat_names(h))
    blinds = _has_blinds(h)
    board = _has_board(h)
    pos = positions(n) if blinds and n >= 2 else [""] * n
    folded = [False] * n
    street = 0                       # 0: the first betting round
    # the chips each seat has put in this street (blinds and straddles preflop)
    posted = _posted(h, n, blinds)
    to_call = max(posted) if posted else Decimal(0)
    raises = 0                       # raises this street (preflop: above the blinds)
    limped = False                   # preflop: a voluntary call before any raise
    callers = 0                      # calls since the last raise
    first_raiser: int | None = None  # preflop: who made the first raise
    steal_from: int | None = None    # preflop: the seat of a steal attempt
    prev_aggr: int | None = None     # the last raiser of the street before
    aggr: int | None = None          # the last raiser of this street
    cbettor: int | None = None       # who made this street's c-bet
    prev_cbettor: int | None = None  # who made the street before's c-bet
    saw_flop = [False] * n
    for a in h.actions:
        p = _parse(a)
        if p is None:
            continue
        kind, s, verb, arg = p
        if kind == "d":
            if verb == "db" and board:
                street += 1
                if street == 1:
                    saw_flop = [not f for f in folded]
                prev_aggr, aggr = aggr, None
                prev_cbettor, cbettor = cbettor, None
                raises, callers = 0, 0
                posted = [Decimal(0)] * n
                to_call = Decimal(0)
            continue
        if not 0 <= s < n or verb not in ("f", "cc", "cbr"):
            continue
        c = seats[s]
        facing = to_call > posted[s]
        if street == 0 and blinds:
            _preflop(c, s, verb, facing, raises, limped, callers, first_raiser, steal_from, pos)
        elif street >= 1:
            _cbets(c, s, verb, street, raises, prev_aggr if street == 1 else prev_cbettor,
                   cbettor)
        if street >= 1 or not blinds:
            _aggression(c, verb, facing)
        if verb == "f":
            folded[s] = True
        elif verb == "cc":
            if facing:
                posted[s] = to_call
                if raises == 0:
                    limped = True
                else:
                    callers += 1
        else:  # cbr: a bet, a raise or a completion to the amount given
            if street == 0:
                if raises == 0:
                    first_raiser = s
                    steal_from = s if not limped and pos[s] in _STEAL_SEATS else None
                else:
                    steal_from = None
            elif raises == 0 and s == (prev_aggr if street == 1 else prev_cbettor):
                cbettor = s
            raises += 1
            callers = 0
            aggr = s
            posted[s] = _bet_to(arg, to_call)
            to_call = max(to_call, posted[s])
    if board:
        _showdown(seats, folded, saw_flop, street, payouts)
    return [seat.counts for seat in seats]
