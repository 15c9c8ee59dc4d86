"""Replay a :class:`Hand`: check every action, put chips in, settle with ``handrank.settle``.

Button games (hold'em, Omaha): seat 0 is the small blind; heads-up the
larger blind is seat 0's and seat 1 (the button) acts first before the flop.
Antes are dead money (``settle(dead=)``) unless ``ante_trimming_status`` is
true, when they count as each seat's contribution (so an ante nobody could
match goes back).  A ``sm`` without cards is a muck: that seat gives up its
claim.  When the record splits an odd chip into halves (the Pluribus logs do),
a payout within half a chip of it per seat, with the same total, agrees.

Games without a board (stud, stud hi-lo, razz, the deuce-to-seven draws,
badugi) settle through ``handrank.settle`` with ``board=None`` and their
game.  Stud: ``d dh`` deals each street's card(s) (the next street opens when
betting is over), ``pN pb`` posts the bring-in, then play goes clockwise.  The
bring-in must be the lowest up card (razz: the highest, ace low; suits c < d <
h < s break ties) and each later street opens with the best up cards (razz:
the lowest; pairs count, straights and flushes do not); where up cards tie or
are unknown the record says who opens.  Draw: a seat's ``sd`` discards (none: stands pat), the
first one closes the betting round, and the next bet or check opens the next;
play goes clockwise from seat 0 as in the button games.  Odd chips go from
the first seat left of the last seat (no button in stud).  Bet sizes are not
checked against the limits (as for fixed-limit hold'em).  The all-in EV of
every game is :mod:`handrank.history.allin`'s.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Any

from ..core import kernels
from ..core._validate import quote
from ..core.cards import card_str, cards
from ..core.errors import HandrankError
from ..games import game as _game
from ..showdown.pots import Pot, Settlement, settle_game
from . import allin
from ._base import DRAW, GAMES, HOLE, STUD
from ._play import Play, error, money
from ._record import HandRecord
from .allin import fast_tables as _fast_tables


@dataclass
class Replay:
    """What happened in a hand.

    Attributes
    ----------
    contributions : list
        Chips each seat put in (antes included).
    dead : number
        Antes taken as dead money.
    folded : list of bool
    boards : list of str
        The board(s), card by card.
    shown : dict of int -> str
        Hole cards known at the end, per seat.
    settlement : Settlement or None
        From :func:`handrank.settle`; None when the game cannot be settled yet.
    pots, payouts, net
        From the settlement (net = payout - contribution).
    allin_ev : list of int or Decimal, or None
        Each seat's expected net at the moment the last bet before the river
        (stud: before the seventh card; draw: after the last draw) was called
        with all but at most one player all in, pot by pot over every run-out
        still to come (:mod:`handrank.history.allin` has the definition),
        rounded half-even to ``allin.PLACES`` (9) decimal places of the record's
        unit; None when that never happened or the EV is undefined
        (``allin_note`` says why).
    allin_ev_exact : list of Fraction or None
        The same expectations, exact.
    allin_note : str
        Why ``allin_ev`` is None although an all-in happened (an all-in before
        a draw, a hand still in unknown, too many run-outs to enumerate); "".
    allin_board : str or None
        The board at that moment.
    rake : number
        The rake the record takes from the winners (0 where none is stated
        or the record does not agree).
    net_after_rake : list or None
        ``net`` less each winner's part of the rake, as the record has it
        (equal to ``net`` where no rake is taken).
    board_payouts : list of lists or None
        A hand run twice (a ``second_board``) or three times (a ``third_board``
        as well): each board's payouts (each pot split between the boards, the
        odd chips to the first ones); ``payouts`` is their sum and ``boards``
        lists every board.  ``settlement`` then
        settles the whole pots on the first board (its ``pots`` are the pots
        both boards share; its payouts are not the hand's).  None otherwise.
    agrees_with_record : bool or None
        Compared with ``finishing_stacks`` (or ``winnings``); None when
        nothing is recorded or nothing could be settled.
    disagreement : str
        Why and by how much, when it does not agree.
    error : str or None
        Why the hand could not be settled (``"not settleable yet: ..."``).
    """

    contributions: list[Any]
    dead: Any
    folded: list[bool]
    boards: list[str]
    shown: dict[int, str]
    _settlement: Settlement | None = None
    _args: tuple[Any, ...] | None = None
    payouts: list[Any] | None = None
    net: list[Any] | None = None
    allin_ev: list[Any] | None = None
    allin_ev_exact: list[Fraction] | None = None
    allin_note: str = ""
    agrees_with_record: bool | None = None
    disagreement: str = ""
    error: str | None = None
    allin_board: str | None = None
    rake: Any = 0
    net_after_rake: list[Any] | None = None
    board_payouts: list[list[Any]] | None = None

    @property
    def adjusted_net(self) -> list[Any] | None:
        """All-in adjusted net: ``allin_ev`` where an all-in happened, else ``net``."""
        return self.allin_ev if self.allin_ev is not None else self.net

    @property
    def settlement(self) -> Settlement | None:
        """The :class:`~handrank.Settlement` of the showdown, by ``settle_game`` for the
        history's Game (made on first use)."""
        if self._settlement is None and self._args is not None:
            a = self._args
            self._settlement = _settle_any(a[0], a[1], a[2], a[3], a[4], a[5], a[6])
        return self._settlement

    @property
    def pots(self) -> tuple[Pot, ...]:
        return self.settlement.pots if self.settlement is not None else ()


def replay(h: HandRecord, *, allin_ev: bool = True) -> Replay:
    """Replay hand ``h``: every action checked (:class:`~._play.Play`), the pots settled,
    the result compared with the record, and the all-in EV (unless ``allin_ev=False``)."""
    if h.variant not in GAMES:
        raise error(h, f"unknown variant {h.variant!r}")
    name, game = GAMES[h.variant]
    n = h.seats
    if h.variant not in HOLE and h.variant not in STUD and h.variant not in DRAW:
        return Replay([0] * n, 0, [False] * n, [], {},
                      error=f"not settleable yet: game {name!r} not supported")
    p = Play(h, name, game)
    for i, act in enumerate(h.actions):
        p.step(i, act)
    p.finish()
    shown = {s: "".join(card_str(c) for c in ids) for s, ids in p.holes.items()}
    r = Replay(p.put, p.dead, p.folded, ["".join(card_str(c) for c in p.board)], shown)
    if not p.over and p.need and not p.betting_done():
        raise p.fail("truncated hand: betting is not over", None)
    if game is None:
        r.error = f"not settleable yet: game {name!r} not supported"
        return r
    got = _showdown(p, r, game)
    if got is None:
        return r
    out, back, scale = got
    _pay(p, r, game, back, scale)
    _compare(h, r)
    if allin_ev:
        _allin(p, r, game, out, scale)
    return r


def _showdown(p: Play, r: Replay, game: str) -> tuple[list[bool], list[Any], int] | None:
    """The settlement's arguments (kept in ``r._args``): who is out, the chips that come
    back outside it, and the unit the amounts are settled in.  None (``r.error`` set)
    where a hand at the showdown is unknown."""
    h, n, folded = p.h, p.n, p.folded
    out = [folded[s] or p.mucked[s] for s in range(n)]
    # a bet nobody matched is the bettor's again: through the settlement's top pot
    # (uncontested), but a seat that mucked has no claim there, so it is taken out
    back = [p.back[s] if out[s] else 0 for s in range(n)]
    contrib = [p.put[s] - back[s] - (min(p.antes[s], p.starting[s])
                                     if not h.ante_trimming_status else 0) for s in range(n)]
    if all(out):
        out[max(range(n), key=lambda s: (not folded[s], contrib[s]))] = False
    many = sum(not o for o in out) > 1
    if p.boardless:
        short = [s for s in range(n) if not out[s] and len(p.held.get(s, [])) != p.size]
        if many and short:
            raise p.fail(f"truncated hand: seat p{short[0] + 1} holds "
                         f"{len(p.held.get(short[0], []))} cards at showdown, not {p.size}",
                         None)
    elif many and len(p.board) != 5:
        raise p.fail(f"truncated hand: showdown with a board of {len(p.board)} cards", None)
    # decimal amounts: settled in the smallest unit any of them uses, exactly
    places = max((-int(v.as_tuple().exponent) for v in contrib + [p.dead]
                  if isinstance(v, Decimal)), default=0)
    scale = 10 ** max(places, 0)
    hands = [None if out[s] or (p.boardless and not many) else p.holes.get(s)
             for s in range(n)]
    if many and any(hands[s] is None for s in range(n) if not out[s]):
        r.error = "not settleable: a hand at showdown is unknown"
        return None
    r._args = (p.board if many and not p.boardless else None, hands,
               [int(v * scale) for v in contrib], out, (1 if n == 2 else n - 1), game,
               int(p.dead * scale))
    return out, back, scale


def _pay(p: Play, r: Replay, game: str, back: list[Any], scale: int) -> None:
    """Payouts and net: the fast settlement where it applies, a hand run twice board by
    board, else the settlement's."""
    args = r._args
    if args is None:
        raise RuntimeError("internal error: pay before the showdown")
    second = p.h.extra.get("second_board") if p.h.extra else None
    if second is None and p.h.extra and p.h.extra.get("third_board") is not None:
        raise p.fail("a third_board with no second_board", None)
    ptr = _fast_tables(game)
    board, hands, ints, outs, button, g, dead = args
    pay = (_fast_payouts(board, hands, ints, outs, button, g, dead, ptr)
           if ptr is not None and second is None else None)
    if second is not None:
        more = [_second_board(second, p.board, p.allin_board, p.seen, p.boardless, p.fail)]
        third = p.h.extra.get("third_board")
        if third is not None:
            # run three times: the third run's cards are new to both runs before it
            b3 = _second_board(third, p.board, p.allin_board, p.seen | set(more[0]),
                               p.boardless, p.fail, "third_board")
            more.append(b3)
        r.boards += ["".join(card_str(c) for c in b) for b in more]
        try:
            pay, r.board_payouts = _run_twice(args, more)
        except HandrankError as e:
            raise p.fail(str(e), None) from None
        if scale > 1:
            r.board_payouts = [[_unscale(x, scale) for x in b] for b in r.board_payouts]
    try:
        if pay is None:
            pay = r.settlement.payouts if r.settlement is not None else None
    except HandrankError as e:
        raise p.fail(str(e), None) from None
    if pay is None:
        raise RuntimeError("internal error: no payouts")
    r.payouts = [_unscale(x, scale) + back[s] for s, x in enumerate(pay)]
    r.net = [r.payouts[s] - p.put[s] for s in range(p.n)]
    r.net_after_rake = r.net


def _allin(p: Play, r: Replay, game: str, out: list[bool], scale: int) -> None:
    """The all-in EV of the hand's game (:mod:`.allin`), or why there is none."""
    variant = p.h.variant
    if p.allin_board is not None and len(p.allin_board) < 5:
        r.allin_board = "".join(card_str(c) for c in p.allin_board)
        _set_ev(r, allin.board_ev(_pots(r), p.allin_board, p.holes, out, p.put, scale, game))
    elif variant in STUD and p.snap is not None:
        _set_ev(r, allin.stud_ev(_pots(r), p.snap, p.later, p.holes, out, p.put, scale, game,
                                 p.size))
    elif variant in DRAW and p.before_draw:
        r.allin_note = "all in before a draw: the draws are the players' choices"
    elif variant in DRAW and sum(not o for o in out) > 1 and p.all_in():
        _set_ev(r, allin.stud_ev(_pots(r), {}, {}, p.holes, out, p.put, scale, game, p.size))


def _pots(r: Replay) -> list[tuple[int, tuple[int, ...]]]:
    """The settlement's pots as (amount, eligible seats), in the settlement's units."""
    st = r.settlement
    return [] if st is None else [(p.amount, p.eligible) for p in st.pots]


def _set_ev(r: Replay, ev: list[Fraction] | str) -> None:
    """The all-in EV, exact and as money (:func:`allin.expectation`), or why there is none."""
    if isinstance(ev, str):
        r.allin_note = ev
        return
    r.allin_ev_exact = ev
    r.allin_ev = [allin.expectation(x) for x in ev]


def _second_board(text: Any, board: list[int], allin_board: list[int] | None, seen: set[int],
                  boardless: bool, fail: Any, key: str = "second_board") -> list[int]:
    """The second (or third: `key`) board of a hand run twice (or three times), checked:
    five cards, the cards of the board at the all-in, then cards no one holds and no
    run before it has."""
    if boardless:
        raise fail(f"{key} in a game without a board", None)
    if allin_board is None or len(allin_board) >= 5:
        raise fail("a second board, but no all-in before the river", None)
    if not isinstance(text, str):
        raise fail(f"{key} must be cards as text, got {quote(text)}", None)
    try:
        ids = cards(text)
    except HandrankError as e:
        raise fail(f"{key}: {e}", None) from None
    k = len(allin_board)
    if len(ids) != 5 or len(board) != 5:
        raise fail(f"{key} has {len(ids)} cards, the first board {len(board)}: "
                   "both runs must reach the river", None)
    if ids[:k] != allin_board:
        raise fail(f"{key} {text!r} does not start with the board at the all-in "
                   f"{''.join(card_str(c) for c in allin_board)!r}", None)
    for c in ids[k:]:
        if c in seen or c in ids[k:][:ids[k:].index(c)]:
            raise fail(f"duplicate card {card_str(c)!r} in {key}", None)
    return ids


def _run_twice(args: tuple[Any, ...], more: list[list[int]]
               ) -> tuple[list[int], list[list[int]]]:
    """Payouts of a hand run twice (or three times: the boards after the first in
    `more`): each pot split between the boards, the odd chips to the first ones, each
    part settled on its board by ``settle`` (as its own pot, the same contenders; odd
    chips of a part as the rule book says).  Returns the payouts and each board's."""
    board, hands, ints, out, button, game, dead = args
    n = len(ints)
    boards = [board, *more]
    k = len(boards)
    per = [[0] * n for _ in boards]
    for amount, eligible in allin.pots_of(ints, out, dead):
        halves = [(amount + k - 1 - b) // k for b in range(k)]
        for b, (bd, half) in enumerate(zip(boards, halves)):
            if len(eligible) == 1 or half == 0:
                per[b][eligible[0]] += half
                continue
            folded = [s not in eligible for s in range(n)]
            hs = [hands[s] if s in eligible else None for s in range(n)]
            pay = _settle_any(bd, hs, [0] * n, folded, button, game, half).payouts
            for s in range(n):
                per[b][s] += pay[s]
    return [sum(part[s] for part in per) for s in range(n)], per


def _settle_any(board: Any, hands: Any, chips: list[int], folded: list[bool], button: int,
                game: str, dead: int) -> Settlement:
    """The settlement of a history's showdown, by ``settle_game`` for its
    :class:`~handrank.games.Game`: the Game's hand rule (board or none, any five
    or two plus three), its halves and its tables say how the pots are paid, never
    its name.  (For the three games ``settle`` also takes by name, ``settle_game``
    pays and describes every pot the same: same hand rule, same tables.)"""
    return settle_game(board, hands, chips, _game(game), folded=folded, button=button,
                       dead=dead)


def _fast_payouts(board: list[int] | None, hands: list[list[int] | None], chips: list[int],
                  out: list[bool], button: int, game: str, dead: int, ptr: Any) -> list[int]:
    """Payouts as :func:`handrank.settle` makes them, without its explanations.

    For the games :func:`_fast_tables` takes (hold'em): same cuts, same
    odd-chip rule (first clockwise from the button); checked against
    ``settle`` over every real and generated hand in the tests.
    """
    n = len(chips)
    live = [s for s in range(n) if not out[s]]
    pay = [0] * n
    if len(live) == 1:
        pay[live[0]] = sum(chips) + dead
        return pay
    if board is None:
        raise RuntimeError("internal error: showdown without a board")
    st = {}
    for s in live:
        h = hands[s]
        if h is None:
            raise RuntimeError("internal error: live seat without cards")
        st[s] = kernels.eval_ids_at(ptr, bytes(h + board))
    levels = sorted({chips[s] for s in live})
    low = 0
    for i, high in enumerate(levels):
        last = i == len(levels) - 1
        amount = sum(min(c, high) - min(c, low) + (c - high if last and c > high else 0)
                     for c in chips) + (dead if i == 0 else 0)
        low = high
        if amount == 0:
            continue
        elig = [s for s in live if chips[s] >= high]
        best = max(st[s] for s in elig)
        win = [s for s in elig if st[s] == best]
        each, odd = divmod(amount, len(win))
        for w in win:
            pay[w] += each
        if odd:
            for w in sorted(win, key=lambda s: (s - button - 1) % n)[:odd]:
                pay[w] += 1
    return pay


def _unscale(p: int, scale: int) -> Any:
    """``p`` units of ``1/scale``: an int where whole, else the exact Decimal."""
    if scale == 1 or p % scale == 0:
        return p // scale
    return Decimal(p).scaleb(-(len(str(scale)) - 1))


def _exact(x: Fraction) -> Any:
    """A Fraction as an int where it is whole, else the Decimal it is (amounts of
    the record's unit have a power of ten below the line; others are rounded to
    12 places)."""
    if x.denominator == 1:
        return int(x)
    d = Decimal(x.numerator) / Decimal(x.denominator)
    return d if d * x.denominator == x.numerator else round(d, 12)


def _compare(h: HandRecord, r: Replay) -> None:
    if r.payouts is None or r.net is None:
        raise RuntimeError("internal error: compare before settle")
    n = h.seats
    if h.finishing_stacks is not None:
        mine = [(money(h.starting_stacks[s]) or 0) + r.net[s] for s in range(n)]
        raw, what = list(h.finishing_stacks), "finishing_stacks"
    elif h.winnings is not None:
        mine, raw, what = r.payouts, list(h.winnings), "winnings"
    else:
        return
    rec = [money(x) for x in raw]
    bad = [k for k, x in enumerate(rec) if x is None]
    if bad:
        r.agrees_with_record = False
        r.disagreement = f"{what}[{bad[0]}] is {quote(raw[bad[0]])}, not an amount"
        return
    if rec == mine and all(type(x) is int for x in rec):
        r.agrees_with_record = True
        return
    diff = [Fraction(rec[s]) - Fraction(mine[s]) for s in range(n)]
    rk = money(h.rake) if h.rake is not None else 0
    rake = Fraction(rk or 0)
    if rake and sum(diff) == -rake and all(d <= 0 and (d == 0 or r.payouts[s] > 0)
                                           for s, d in enumerate(diff)):
        r.agrees_with_record = True
        r.disagreement = f"the record takes a rake of {h.rake} from the winners"
        r.rake = rk
        r.net_after_rake = [_exact(r.net[s] + diff[s]) for s in range(n)]
    elif all(d == 0 for d in diff):
        r.agrees_with_record = True
    elif sum(diff) == 0 and all(abs(d) <= Fraction(1, 2) for d in diff) and any(
            Fraction(x).denominator > 1 for x in rec):
        r.agrees_with_record = True
        r.disagreement = "the record splits an odd chip into halves"
    else:
        r.agrees_with_record = False
        r.disagreement = "; ".join(
            f"seat p{s + 1}: recorded {rec[s]}, replayed {mine[s]} ({float(diff[s]):+g})"
            for s in range(n) if diff[s] != 0)
