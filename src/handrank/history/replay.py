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

import re
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from ..core import kernels
from ..core._validate import quote
from ..core.cards import card_str, cards
from ..core.errors import HandrankError
from ..showdown.pots import Pot, Settlement, settle_game
from . import allin
from ._base import DRAW, GAMES, HOLE, STUD, HistoryError
from .allin import fast_tables as _fast_tables

if TYPE_CHECKING:      # the model calls the replay: Hand is only named here
    from .model import Hand


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
        A hand run twice (a ``second_board``): each board's payouts (each pot
        split between the boards, the odd chip to the first); ``payouts`` is
        their sum and ``boards`` lists both boards.  ``settlement`` then
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


def _seat(tok: str, n: int, h: Hand, i: int) -> int:
    if tok[:1] != "p" or not tok[1:].isdigit() or not 1 <= int(tok[1:]) <= n:
        raise error(h, f"unknown actor {tok!r}", i)
    return int(tok[1:]) - 1


def error(h: Hand, msg: str, i: int | None = None) -> HistoryError:
    """A HistoryError naming hand ``h``'s file, number and line, and action ``i``
    (its own line where the reader could tell)."""
    line = h.line
    if i is not None and h.action_lines is not None and 0 <= i < len(h.action_lines):
        line = h.action_lines[i]
    return HistoryError(msg, file=h.source, hand=h.index, action=i, line=line)


_CARD = {card_str(c): c for c in range(52)}


def _quick_cards(text: str) -> list[int] | None:
    """``"AsKd"`` as ids by table look-up; None sends other spellings to ``cards``."""
    if len(text) % 2:
        return None
    out = []
    for k in range(0, len(text), 2):
        c = _CARD.get(text[k:k + 2])
        if c is None:
            return None
        out.append(c)
    return out


def _who(s: int | None) -> str:
    return "nobody" if s is None else f"seat p{s + 1}"


#: the largest amount a history may hold (chips or the record's unit): far above any
#: real stake, and small enough for every integer path (C int64 after scaling)
LIMIT = 10**15
_AMOUNT = re.compile(r"\d{1,16}(?:\.\d{1,6})?\Z")


#: stud and draw: a folded or discarded card may be dealt again once the stub has run
#: out (the dealer reshuffles them, as pokerkit does); taken as at least this many
#: distinct cards dealt (52 less room for the burns, which records do not show)
RESHUFFLE = 52 - 8


def _num(v: str, h: Hand, i: int) -> Any:
    """An action's amount as written: an int, or a Decimal where it has a fraction."""
    if not _AMOUNT.match(v):
        raise error(h, f"bad amount {v!r} (expected digits, at most 6 after the point)", i)
    x = Decimal(v) if "." in v else int(v)
    if x > LIMIT:
        raise error(h, f"amount {v} is too large (more than {LIMIT})", i)
    return int(x) if isinstance(x, Decimal) and x == x.to_integral_value() else x


def money(v: Any) -> Any:
    """A recorded amount as exact money: int stays, a float becomes the Decimal it
    prints as, a Decimal stays (whole ones become ints); anything else is None."""
    if isinstance(v, bool):
        return None
    if isinstance(v, int):
        return v
    if isinstance(v, float):
        if v != v or v in (float("inf"), float("-inf")):
            return None
        v = Decimal(repr(v))
    if isinstance(v, Decimal):
        if not v.is_finite():
            return None
        if v == v.to_integral_value():
            return int(v)
        return v
    return None


def _check_amounts(h: Hand, fail: Any) -> dict[str, list[Any]]:
    """Stacks, antes and blinds as exact chip counts, refused before any arithmetic
    where they are not."""
    if h.seats < 2:
        raise fail(f"starting_stacks must list at least 2 seats, got {h.seats}", None)
    out: dict[str, list[Any]] = {}
    for field_name in ("starting_stacks", "antes", "blinds_or_straddles"):
        values = list(getattr(h, field_name) or [])
        if field_name != "starting_stacks" and len(values) not in (0, h.seats):
            raise fail(f"{field_name} has {len(values)} entries for {h.seats} seats", None)
        got = []
        for k, v in enumerate(values):
            m = money(v)
            if m is None or m < 0 or m > LIMIT:
                raise fail(f"{field_name}[{k}] must be a chip count (a number >= 0"
                           f"{', at most ' + str(LIMIT) if m is not None and m > 0 else ''}),"
                           f" got {quote(v)}", None)
            got.append(m)
        out[field_name] = got or [0] * h.seats
    b = money(h.bring_in) if h.bring_in is not None else 0
    if b is None or b < 0 or b > LIMIT:
        raise fail(f"bring_in must be a chip count (a number >= 0), got {quote(h.bring_in)}",
                   None)
    out["bring_in"] = [b]
    return out


def replay(h: Hand, *, allin_ev: bool = True) -> Replay:
    if h.variant not in GAMES:
        raise error(h, f"unknown variant {h.variant!r}")
    name, game = GAMES[h.variant]
    n = h.seats
    boardless = h.variant in STUD or h.variant in DRAW
    if h.variant not in HOLE and not boardless:
        return Replay([0] * n, 0, [False] * n, [], {},
                      error=f"not settleable yet: game {name!r} not supported")
    size = STUD.get(h.variant) or DRAW.get(h.variant) or HOLE[h.variant]
    def fail(msg: str, i: int | None) -> HistoryError:
        return error(h, msg, i)

    if not boardless:
        deck_size = len(_short_deck(game) or range(52))
        if n * size + 5 > deck_size:
            # more hole cards and a board than the deck holds: no such deal, even with
            # every hole card unknown ("????")
            raise fail(f"{n} seats of {size} hole cards and a board of 5 need "
                       f"{n * size + 5} cards; the deck holds {deck_size}", None)

    amounts = _check_amounts(h, fail)
    starting = amounts["starting_stacks"]
    stack = list(starting)
    put: list[Any] = [0] * n      # total in, antes included
    back: list[Any] = [0] * n     # what came back: bets (and antes) nobody matched
    dead: Any = 0
    antes = amounts["antes"]
    blinds = amounts["blinds_or_straddles"]
    if n == 2:
        # heads-up, PHH lists antes and blinds in the reverse seat order (the
        # reference implementation's reading): p1 posts the second entry
        antes, blinds = antes[::-1], blinds[::-1]
    for s in range(n):
        a = min(antes[s], stack[s])
        stack[s] -= a
        put[s] += a
        if not h.ante_trimming_status:
            dead += a
    if h.ante_trimming_status and n > 1:
        # antes that count as bets: one nobody else matched goes back in part
        posted = [min(antes[s], starting[s]) for s in range(n)]
        cut = sorted(posted)[-2]
        for s in range(n):
            if posted[s] > cut:
                stack[s] += posted[s] - cut
                put[s] -= posted[s] - cut
    bet: list[Any] = [0] * n
    for s in range(n):
        # what the stack holds after its ante (before any trimmed ante comes back)
        b = min(blinds[s], starting[s] - min(antes[s], starting[s]), stack[s])
        stack[s] -= b
        bet[s] = b
    folded = [False] * n
    mucked = [False] * n
    holes: dict[int, list[int]] = {}
    seen: set[int] = set()        # cards in play (dealt, not folded or discarded)
    ever: set[int] = set()        # every card dealt
    board: list[int] = []
    # the first to act: after the seat with the largest blind or straddle posted
    # (no blinds: seat 0).  Where several seats posted as much, after the first:
    # the others posted a live big blind out of turn, as a player coming back does
    # (pokerkit acts after the last of them; the PokerStars reader writes such blinds)
    top = max((bet[i] for i in range(n) if blinds[i] > 0), default=0)
    start = next(((i + 1) % n for i in range(n) if blinds[i] > 0 and bet[i] == top
                  and top > 0), 0)
    need = {s for s in range(n) if stack[s] > 0}
    street = 0
    allin_board: list[int] | None = None
    snap: dict[int, list[int | None]] | None = None    # stud: each seat's cards at the all-in
    later: dict[int, list[int | None]] = {}          # stud: cards dealt after it
    before_draw = False                               # draw: all in with a draw to come
    cur = start
    over = False
    held: dict[int, list[int | None]] = {}    # stud / draw: each seat's cards, None unknown
    free = h.variant in STUD                  # stud: the next action opens a street
    razz = h.variant == "FR"

    def opener() -> int | None:
        """Stud: who must open this street, or None where the record cannot say."""
        ups: dict[int, list[int]] = {}
        for t in live():
            up = held.get(t, [])[2:6]
            if not up or None in up:
                return None
            ups[t] = [c for c in up if c is not None]
        if street == 0:
            # the bring-in: lowest up card (razz: highest, ace low), suit breaking ties
            def low(t: int) -> tuple[int, int]:
                c = ups[t][0]
                r = (c >> 2) if not razz else ((c >> 2) + 1) % 13
                return (r, c & 3) if not razz else (-r, -(c & 3))
            best = min(ups, key=low)
            return best if stack[best] > 0 else None

        def key(t: int) -> tuple[Any, ...]:
            ranks = [(c >> 2) if not razz else ((c >> 2) + 1) % 13 for c in ups[t]]
            groups = sorted(((ranks.count(r), r) for r in set(ranks)), reverse=True)
            if razz:        # fewest pairs, then the lowest cards from the top
                return (sum(k - 1 for k, _ in groups), sorted(set(ranks), reverse=True))
            return tuple((-k, -r) for k, r in groups)
        keys = {t: key(t) for t in ups}
        top = min(keys.values())
        first = [t for t in ups if keys[t] == top]
        if len(first) != 1:
            return None                 # a tie: the record says who opens
        return nxt(first[0])

    def new_street() -> None:
        nonlocal street, need, cur, free
        settle_round()
        street += 1
        need = set(can_act()) if len(can_act()) > 1 else set()
        cur = 0
        free = h.variant in STUD

    def chunks(text: str, i: int, new: bool = True) -> list[int | None]:
        if len(text) % 2:
            raise fail(f"bad cards {text!r}", i)
        out: list[int | None] = []
        for k in range(0, len(text), 2):
            t = text[k:k + 2]
            if t == "??":
                out.append(None)
            elif new:
                out.append(add_cards(t, i)[0])
            else:
                try:
                    out.append(cards(t)[0])
                except HandrankError as e:
                    raise fail(str(e), i) from None
        return out

    def nxt(frm: int) -> int | None:
        for k in range(n):
            s = (frm + k) % n
            if s in need:
                return s
        return None

    def live() -> list[int]:
        return [s for s in range(n) if not folded[s]]

    def can_act() -> list[int]:
        return [s for s in live() if stack[s] > 0]

    def all_in() -> bool:
        """Two or more hands still in, at most one of them with chips behind."""
        acting = len(can_act())
        return len(live()) > 1 and acting <= 1 and acting < len(live())

    def settle_round() -> None:
        # a betting round is over: a bet nobody matched goes back (down to the
        # second largest bet of the round), the rest moves to the pot
        cut = sorted(bet)[-2]
        for s in range(n):
            if bet[s] > cut:
                stack[s] += bet[s] - cut
                back[s] += bet[s] - cut
            put[s] += bet[s]
            bet[s] = 0

    def betting_done() -> bool:
        if not need:
            return True
        acting = can_act()
        return len(acting) <= 1 and all(bet[s] >= max(bet) for s in acting) and \
            len(live()) > 1 and not need - set(acting)

    def add_cards(text: str, i: int) -> list[int]:
        try:
            ids = cards(text)
        except HandrankError as e:
            raise fail(str(e), i) from None
        for c in ids:
            if c in seen or (c in ever and len(ever) < RESHUFFLE):
                raise fail(f"duplicate card {card_str(c)!r}", i)
            if deck is not None and c not in deck:
                raise fail(f"card {card_str(c)!r} is not in the deck of {name}", i)
            seen.add(c)
            ever.add(c)
        return ids

    deck = _short_deck(game)
    for i, act in enumerate(h.actions):
        parts = act.split()
        if not parts:
            raise fail("empty action", i)
        if over:
            raise fail(f"action {act!r} after the hand is over", i)
        if parts[0] == "d":
            if len(parts) < 2:
                raise fail(f"bad dealing action {act!r}", i)
            if parts[1] == "dh":
                if len(parts) != 4:
                    raise fail(f"bad dealing action {act!r}", i)
                s = _seat(parts[2], n, h, i)
                if boardless:
                    if folded[s]:
                        raise fail(f"cards dealt to seat p{s + 1}, which folded", i)
                    if h.variant in STUD and held.get(s) and (not need or betting_done()):
                        if snap is None and all_in():
                            snap = {t: list(c) for t, c in held.items()}
                        new_street()        # the next card(s) of a street, or the draw
                    got = held.setdefault(s, [])
                    new_cards = chunks(parts[3], i)
                    got += new_cards
                    if snap is not None:
                        later.setdefault(s, []).extend(new_cards)
                    if len(got) > size:
                        raise fail(f"seat p{s + 1} holds {len(got)} cards, more than {size}", i)
                    continue
                if "?" in parts[3]:
                    continue
                ids = add_cards(parts[3], i)
                if len(ids) != HOLE[h.variant]:
                    raise fail(f"expected {HOLE[h.variant]} hole cards, got {len(ids)}", i)
                holes[s] = ids
            elif parts[1] == "db":
                if boardless:
                    raise fail(f"game {name!r} has no board: {act!r}", i)
                if len(parts) != 3:
                    raise fail(f"bad dealing action {act!r}", i)
                if need and not betting_done():
                    raise fail(f"board dealt while {_who(nxt(cur))} is still to act", i)
                if allin_board is None and len(live()) > 1 and len(can_act()) <= 1 \
                        and len(can_act()) < len(live()):
                    allin_board = list(board)
                ids = add_cards(parts[2], i)
                if len(board) + len(ids) > 5 or (not board and len(ids) != 3):
                    raise fail(f"bad board card count in {act!r}", i)
                board += ids
                settle_round()
                street += 1
                need = set(can_act()) if len(can_act()) > 1 else set()
                cur = 0
            else:
                raise fail(f"unknown dealer action {parts[1]!r}", i)
            continue
        s = _seat(parts[0], n, h, i)
        if len(parts) < 2:
            raise fail(f"bad action {act!r}", i)
        kind = parts[1]
        if kind == "sd" and h.variant in DRAW:
            if need and not betting_done():
                raise fail(f"seat p{s + 1} draws while betting is not over ({act!r})", i)
            if folded[s]:
                raise fail(f"seat p{s + 1} folded and cannot draw", i)
            if need or street % 2 == 0:
                before_draw = before_draw or all_in()
                new_street()                # the first discard opens the draw
                need = set()
            got = held.get(s, [])
            for c in (chunks(parts[2], i, new=False) if len(parts) == 3 else []):
                if c is not None and c in got:
                    got.remove(c)
                    seen.discard(c)         # a discard may be dealt again (a reshuffle)
                elif None in got:
                    got.remove(None)
                elif c is None and got:
                    got[:] = [None] * (len(got) - 1)   # which card went is not known
                else:
                    raise fail(f"seat p{s + 1} discards {card_str(c) if c is not None else '??'}"
                               f", a card it does not hold", i)
            continue
        if kind == "pb" and h.variant in STUD:
            o = opener() if street == 0 else None
            if street != 0 or any(bet) or s not in need or o not in (None, s):
                raise fail(f"bring-in by seat p{s + 1} out of turn"
                           + (f" (p{o + 1} brings in)" if o is not None and o != s else ""), i)
            b = min(amounts["bring_in"][0], stack[s])
            stack[s] -= b
            bet[s] = b
            need = {t for t in can_act() if t != s}
            cur = (s + 1) % n
            free = False
            continue
        if kind == "sm" and boardless:
            if need and not betting_done():
                raise fail(f"showdown while betting is not over ({act!r})", i)
            if folded[s]:
                raise fail(f"seat p{s + 1} folded and cannot show", i)
            if len(parts) == 2:
                mucked[s] = True
                continue
            if len(parts) != 3:
                raise fail(f"bad action {act!r}", i)
            got = held.get(s, [])
            if set(parts[2]) == {"?"}:
                mucked[s] = True            # shown as unknown: a muck
                continue
            if "?" in parts[2]:
                continue
            try:
                ids = cards(parts[2])
            except HandrankError as e:
                raise fail(str(e), i) from None
            known = [c for c in got if c is not None]
            if len(ids) != len(got) or any(c not in ids for c in known):
                raise fail(f"seat p{s + 1} shows {parts[2]!r}, not the cards it holds", i)
            for c in ids:
                if c not in known:
                    add_cards(card_str(c), i)
            held[s] = list(ids)
            holes[s] = list(ids)
            continue
        if kind == "sm":
            if need and not betting_done():
                raise fail(f"showdown while betting is not over ({act!r})", i)
            if folded[s]:
                raise fail(f"seat p{s + 1} folded and cannot show", i)
            if len(parts) == 3 and set(parts[2]) == {"?"}:
                mucked[s] = True            # shown as unknown: a muck (as pokerkit reads it)
            elif len(parts) == 3 and "?" not in parts[2]:
                try:
                    ids = cards(parts[2])
                except HandrankError as e:
                    raise fail(str(e), i) from None
                if s in holes:
                    if sorted(ids) != sorted(holes[s]):
                        raise fail(f"seat p{s + 1} shows {parts[2]!r}, not the cards dealt", i)
                else:
                    holes[s] = add_cards(parts[2], i)
            elif len(parts) == 2:
                mucked[s] = True
            continue
        if kind not in ("f", "cc", "cbr"):
            raise fail(f"unknown action {kind!r}", i)
        if h.variant in DRAW and street % 2 == 1:
            new_street()                    # the draw is over: betting again
        if free and s in need:
            o = opener()
            if o is not None and o != s:
                raise fail(f"seat p{s + 1} acts out of turn (p{o + 1} opens this street)", i)
            cur = s
        free = False
        if s not in need or nxt(cur) != s:
            who = nxt(cur)
            raise fail(f"seat p{s + 1} acts out of turn"
                       + (f" (p{who + 1} to act)" if who is not None else " (nobody to act)"), i)
        need.discard(s)
        hi = max(bet)
        if kind == "f":
            folded[s] = True
            if boardless:       # a folded hand's cards may be dealt again (a reshuffle)
                seen.difference_update(c for c in held.get(s, []) if c is not None)
            if len(live()) == 1:
                over = True
        elif kind == "cc":
            c = min(hi - bet[s], stack[s])
            bet[s] += c
            stack[s] -= c
        else:
            if len(parts) != 3:
                raise fail(f"bet without an amount: {act!r}", i)
            x = _num(parts[2], h, i)
            if x - bet[s] > stack[s]:
                raise fail(f"seat p{s + 1} bets {x} with only {stack[s] + bet[s]} behind", i)
            if x <= hi:
                raise fail(f"seat p{s + 1} raises to {x}, not above {hi}", i)
            stack[s] -= x - bet[s]
            bet[s] = x
            need = {t for t in can_act() if t != s}
        cur = (s + 1) % n
    settle_round()
    for s, got in held.items():
        if s not in holes and got and None not in got:
            holes[s] = [c for c in got if c is not None]
    shown = {s: "".join(card_str(c) for c in ids) for s, ids in holes.items()}
    r = Replay(put, dead, folded, ["".join(card_str(c) for c in board)], shown)
    if not over and need and not betting_done():
        raise fail("truncated hand: betting is not over", None)
    if game is None:
        r.error = f"not settleable yet: game {name!r} not supported"
        return r
    out = [folded[s] or mucked[s] for s in range(n)]
    # a bet nobody matched is the bettor's again: through the settlement's top pot
    # (uncontested), but a seat that mucked has no claim there, so it is taken out
    back = [back[s] if out[s] else 0 for s in range(n)]
    contrib = [put[s] - back[s] - (min(antes[s], starting[s]) if not h.ante_trimming_status
                                   else 0) for s in range(n)]
    if all(out):
        out[max(range(n), key=lambda s: (not folded[s], contrib[s]))] = False
    if boardless:
        short = [s for s in range(n) if not out[s] and len(held.get(s, [])) != size]
        if sum(not o for o in out) > 1 and short:
            raise fail(f"truncated hand: seat p{short[0] + 1} holds "
                       f"{len(held.get(short[0], []))} cards at showdown, not {size}", None)
    elif sum(not o for o in out) > 1 and len(board) != 5:
        raise fail(f"truncated hand: showdown with a board of {len(board)} cards", None)
    # decimal amounts: settled in the smallest unit any of them uses, exactly
    places = max((-int(v.as_tuple().exponent) for v in contrib + [dead]
                  if isinstance(v, Decimal)), default=0)
    scale = 10 ** max(places, 0)
    ints = [int(v * scale) for v in contrib]
    hands = [None if out[s] or (boardless and sum(not o for o in out) == 1) else holes.get(s)
             for s in range(n)]
    if sum(not o for o in out) > 1 and any(hands[s] is None for s in range(n) if not out[s]):
        r.error = "not settleable: a hand at showdown is unknown"
        return r
    args = (board if sum(not o for o in out) > 1 and not boardless else None, hands, ints, out,
            (1 if n == 2 else n - 1), game, int(dead * scale))
    r._args = args
    second = h.extra.get("second_board") if h.extra else None
    ptr = _fast_tables(game)
    pay = _fast_payouts(*args, ptr) if ptr is not None and second is None else None
    if second is not None:
        board2 = _second_board(second, board, allin_board, seen, boardless, fail)
        r.boards.append("".join(card_str(c) for c in board2))
        try:
            pay, r.board_payouts = _run_twice(args, board2)
        except HandrankError as e:
            raise fail(str(e), None) from None
        if scale > 1:
            r.board_payouts = [[_unscale(p, scale) for p in b] for b in r.board_payouts]
    try:
        if pay is None:
            pay = r.settlement.payouts if r.settlement is not None else None
    except HandrankError as e:
        raise fail(str(e), None) from None
    if pay is None:
        raise RuntimeError("internal error: no payouts")
    r.payouts = [_unscale(p, scale) + back[s] for s, p in enumerate(pay)]
    r.net = [r.payouts[s] - put[s] for s in range(n)]
    r.net_after_rake = r.net
    _compare(h, r)
    if not allin_ev:
        return r
    if allin_board is not None and len(allin_board) < 5:
        r.allin_board = "".join(card_str(c) for c in allin_board)
        _set_ev(r, allin.board_ev(_pots(r), allin_board, holes, out, put, scale, game))
    elif h.variant in STUD and snap is not None:
        _set_ev(r, allin.stud_ev(_pots(r), snap, later, holes, out, put, scale, game, size))
    elif h.variant in DRAW and before_draw:
        r.allin_note = "all in before a draw: the draws are the players' choices"
    elif h.variant in DRAW and sum(not o for o in out) > 1 and all_in():
        _set_ev(r, allin.stud_ev(_pots(r), {}, {}, holes, out, put, scale, game, size))
    return r


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
                  boardless: bool, fail: Any) -> list[int]:
    """The second board of a hand run twice, checked: five cards, the cards of the
    board at the all-in, then cards no one holds and the first run does not have."""
    if boardless:
        raise fail("second_board in a game without a board", None)
    if allin_board is None or len(allin_board) >= 5:
        raise fail("a second board, but no all-in before the river", None)
    if not isinstance(text, str):
        raise fail(f"second_board must be cards as text, got {quote(text)}", None)
    try:
        ids = cards(text)
    except HandrankError as e:
        raise fail(f"second_board: {e}", None) from None
    k = len(allin_board)
    if len(ids) != 5 or len(board) != 5:
        raise fail(f"second_board has {len(ids)} cards, the first board {len(board)}: "
                   "both runs must reach the river", None)
    if ids[:k] != allin_board:
        raise fail(f"second_board {text!r} does not start with the board at the all-in "
                   f"{''.join(card_str(c) for c in allin_board)!r}", None)
    for c in ids[k:]:
        if c in seen or c in ids[k:][:ids[k:].index(c)]:
            raise fail(f"duplicate card {card_str(c)!r} in second_board", None)
    return ids


def _run_twice(args: tuple[Any, ...], board2: list[int]) -> tuple[list[int], list[list[int]]]:
    """Payouts of a hand run twice: each pot split between the boards, the odd chip to
    the first, each half settled on its board by ``settle`` (as its own pot, the same
    contenders; odd chips of a half as the rule book says).  Returns the payouts and
    each board's."""
    board, hands, ints, out, button, game, dead = args
    n = len(ints)
    per = [[0] * n, [0] * n]
    for amount, eligible in allin.pots_of(ints, out, dead):
        halves = ((amount + 1) // 2, amount // 2)
        for b, (bd, half) in enumerate(zip((board, board2), halves)):
            if len(eligible) == 1 or half == 0:
                per[b][eligible[0]] += half
                continue
            folded = [s not in eligible for s in range(n)]
            hs = [hands[s] if s in eligible else None for s in range(n)]
            pay = _settle_any(bd, hs, [0] * n, folded, button, game, half).payouts
            for s in range(n):
                per[b][s] += pay[s]
    return [per[0][s] + per[1][s] for s in range(n)], per


def _settle_any(board: Any, hands: Any, chips: list[int], folded: list[bool], button: int,
                game: str, dead: int) -> Settlement:
    """The settlement of a history's showdown, by ``settle_game`` for its
    :class:`~handrank.games.Game`: the Game's hand rule (board or none, any five
    or two plus three), its halves and its tables say how the pots are paid, never
    its name.  (For the three games ``settle`` also takes by name, ``settle_game``
    pays and describes every pot the same: same hand rule, same tables.)"""
    from ..games import game as _game
    return settle_game(board, hands, chips, _game(game), folded=folded, button=button,
                       dead=dead)


_DECKS: dict[str | None, frozenset[int] | None] = {}


def _short_deck(name: str | None) -> frozenset[int] | None:
    """The game's deck when it is not all 52 cards (short deck), else None."""
    if name not in _DECKS:
        deck = None
        if name is not None:
            from ..games import game as _game
            try:
                d = _game(name).deck
            except (HandrankError, ValueError, KeyError):
                d = tuple(range(52))
            deck = frozenset(d) if len(d) < 52 else None
        _DECKS[name] = deck
    return _DECKS[name]


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
    ev = kernels.EVAL_BYTES
    if ev is None:
        raise RuntimeError("internal error: the fast settlement needs the C core")
    st = {}
    for s in live:
        h = hands[s]
        if h is None:
            raise RuntimeError("internal error: live seat without cards")
        st[s] = ev(ptr, bytes(h + board), 7)
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


def _compare(h: Hand, r: Replay) -> None:
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
