"""The betting and dealing of one PHH hand, action by action (the state the replay settles).

:class:`Play` holds a hand's state (stacks, bets, cards, who is to act) and
checks each action against it; :func:`handrank.history.replay.replay` runs it
over the actions and settles what it leaves.  The rules it follows are in the
replay module's docstring.
"""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Any

from ..core._validate import quote
from ..core.cards import card_str, cards
from ..core.errors import HandrankError
from ..games import game as _game
from ._base import DRAW, HOLE, STUD, HistoryError, number
from ._record import HandRecord


def _seat(tok: str, n: int, h: HandRecord, i: int) -> int:
    if tok[:1] != "p" or not tok[1:].isdigit() or not 1 <= int(tok[1:]) <= n:
        raise error(h, f"unknown actor {tok!r}", i)
    return int(tok[1:]) - 1


def error(h: HandRecord, msg: str, i: int | None = None) -> HistoryError:
    """A HistoryError naming hand ``h``'s file, number and line, and action ``i``
    (its own line where the reader could tell; the hand's line where the action has none,
    as for the lines a site reader wrote itself)."""
    line = h.line
    if i is not None and h.action_lines is not None and 0 <= i < len(h.action_lines):
        line = h.action_lines[i] or h.line
    return HistoryError(msg, file=h.source, hand=number(h.index), action=i, line=line)


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


def _num(v: str, h: HandRecord, i: int) -> Any:
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


def _check_amounts(h: HandRecord, fail: Any) -> dict[str, list[Any]]:
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


_DECKS: dict[str | None, frozenset[int] | None] = {}


def _short_deck(name: str | None) -> frozenset[int] | None:
    """The game's deck when it is not all 52 cards (short deck), else None."""
    if name not in _DECKS:
        deck = None
        if name is not None:
            try:
                d = _game(name).deck
            except (HandrankError, ValueError, KeyError):
                d = tuple(range(52))
            deck = frozenset(d) if len(d) < 52 else None
        _DECKS[name] = deck
    return _DECKS[name]


class Play:
    """One hand's state as its actions are replayed: :meth:`step` checks and applies
    each action; :meth:`finish` closes the last betting round."""

    def __init__(self, h: HandRecord, name: str, game: str | None) -> None:
        self.h, self.name, self.game, self.n = h, name, game, h.seats
        self.boardless = h.variant in STUD or h.variant in DRAW
        self.size = STUD.get(h.variant) or DRAW.get(h.variant) or HOLE[h.variant]
        self.deck = _short_deck(game)
        if not self.boardless:
            deck_size = len(self.deck or range(52))
            if self.n * self.size + 5 > deck_size:
                # more hole cards and a board than the deck holds: no such deal, even with
                # every hole card unknown ("????")
                raise self.fail(f"{self.n} seats of {self.size} hole cards and a board of 5 "
                                f"need {self.n * self.size + 5} cards; the deck holds "
                                f"{deck_size}", None)
        self.amounts = _check_amounts(h, self.fail)
        self.starting = self.amounts["starting_stacks"]
        self.stack = list(self.starting)
        n = self.n
        self.put: list[Any] = [0] * n      # total in, antes included
        self.back: list[Any] = [0] * n     # what came back: bets (and antes) nobody matched
        self.bet: list[Any] = [0] * n
        self.dead: Any = 0
        self._post()
        self.folded, self.mucked = [False] * n, [False] * n
        self.holes: dict[int, list[int]] = {}
        self.seen: set[int] = set()        # cards in play (dealt, not folded or discarded)
        self.ever: set[int] = set()        # every card dealt
        self.board: list[int] = []
        self.need = {s for s in range(n) if self.stack[s] > 0}
        self.street = 0
        self.allin_board: list[int] | None = None
        self.snap: dict[int, list[int | None]] | None = None   # stud: cards at the all-in
        self.later: dict[int, list[int | None]] = {}          # stud: cards dealt after it
        self.before_draw = False                               # draw: all in, a draw to come
        self.cur = self._first()
        self.over = False
        self.held: dict[int, list[int | None]] = {}   # stud / draw: cards, None unknown
        self.free = h.variant in STUD                 # stud: the next action opens a street
        self.razz = h.variant == "FR"

    def fail(self, msg: str, i: int | None) -> HistoryError:
        return error(self.h, msg, i)

    def _post(self) -> None:
        """Antes and blinds (heads-up, PHH lists both in the reverse seat order: the
        reference implementation's reading, p1 posts the second entry)."""
        h, n, stack, starting = self.h, self.n, self.stack, self.starting
        antes, blinds = self.amounts["antes"], self.amounts["blinds_or_straddles"]
        if n == 2:
            antes, blinds = antes[::-1], blinds[::-1]
        self.antes, self.blinds = antes, blinds
        for s in range(n):
            a = min(antes[s], stack[s])
            stack[s] -= a
            self.put[s] += a
            if not h.ante_trimming_status:
                self.dead += a
        if h.ante_trimming_status and n > 1:
            # antes that count as bets: one nobody else matched goes back in part
            posted = [min(antes[s], starting[s]) for s in range(n)]
            cut = sorted(posted)[-2]
            for s in range(n):
                if posted[s] > cut:
                    stack[s] += posted[s] - cut
                    self.put[s] -= posted[s] - cut
        for s in range(n):
            # what the stack holds after its ante (before any trimmed ante comes back)
            b = min(blinds[s], starting[s] - min(antes[s], starting[s]), stack[s])
            stack[s] -= b
            self.bet[s] = b

    def _first(self) -> int:
        """The first to act: after the seat with the largest blind or straddle posted
        (no blinds: seat 0).  Where several seats posted as much, after the first: the
        others posted a live big blind out of turn, as a player coming back does
        (pokerkit acts after the last of them; the PokerStars reader writes such blinds)."""
        n, bet, blinds = self.n, self.bet, self.blinds
        top = max((bet[i] for i in range(n) if blinds[i] > 0), default=0)
        return next(((i + 1) % n for i in range(n) if blinds[i] > 0 and bet[i] == top
                     and top > 0), 0)

    # ------------------------------------------------------------------ the table
    def live(self) -> list[int]:
        return [s for s in range(self.n) if not self.folded[s]]

    def can_act(self) -> list[int]:
        return [s for s in self.live() if self.stack[s] > 0]

    def all_in(self) -> bool:
        """Two or more hands still in, at most one of them with chips behind."""
        acting = len(self.can_act())
        return len(self.live()) > 1 and acting <= 1 and acting < len(self.live())

    def nxt(self, frm: int) -> int | None:
        for k in range(self.n):
            s = (frm + k) % self.n
            if s in self.need:
                return s
        return None

    def settle_round(self) -> None:
        """A betting round is over: a bet nobody matched goes back (down to the second
        largest bet of the round), the rest moves to the pot."""
        bet = self.bet
        cut = sorted(bet)[-2]
        for s in range(self.n):
            if bet[s] > cut:
                self.stack[s] += bet[s] - cut
                self.back[s] += bet[s] - cut
            self.put[s] += bet[s]
            bet[s] = 0

    def betting_done(self) -> bool:
        if not self.need:
            return True
        acting = self.can_act()
        return len(acting) <= 1 and all(self.bet[s] >= max(self.bet) for s in acting) and \
            len(self.live()) > 1 and not self.need - set(acting)

    def new_street(self) -> None:
        self.settle_round()
        self.street += 1
        self.need = set(self.can_act()) if len(self.can_act()) > 1 else set()
        self.cur = 0
        self.free = self.h.variant in STUD

    def add_cards(self, text: str, i: int) -> list[int]:
        try:
            ids = cards(text)
        except HandrankError as e:
            raise self.fail(str(e), i) from None
        for c in ids:
            if c in self.seen or (c in self.ever and len(self.ever) < RESHUFFLE):
                raise self.fail(f"duplicate card {card_str(c)!r}", i)
            if self.deck is not None and c not in self.deck:
                raise self.fail(f"card {card_str(c)!r} is not in the deck of {self.name}", i)
            self.seen.add(c)
            self.ever.add(c)
        return ids

    def chunks(self, text: str, i: int, new: bool = True) -> list[int | None]:
        if len(text) % 2:
            raise self.fail(f"bad cards {text!r}", i)
        out: list[int | None] = []
        for k in range(0, len(text), 2):
            t = text[k:k + 2]
            if t == "??":
                out.append(None)
            elif new:
                out.append(self.add_cards(t, i)[0])
            else:
                try:
                    out.append(cards(t)[0])
                except HandrankError as e:
                    raise self.fail(str(e), i) from None
        return out

    def opener(self) -> int | None:
        """Stud: who must open this street, or None where the record cannot say."""
        ups: dict[int, list[int]] = {}
        for t in self.live():
            up = self.held.get(t, [])[2:6]
            if not up or None in up:
                return None
            ups[t] = [c for c in up if c is not None]
        razz = self.razz
        if self.street == 0:
            # the bring-in: lowest up card (razz: highest, ace low), suit breaking ties
            def low(t: int) -> tuple[int, int]:
                c = ups[t][0]
                r = (c >> 2) if not razz else ((c >> 2) + 1) % 13
                return (r, c & 3) if not razz else (-r, -(c & 3))
            best = min(ups, key=low)
            return best if self.stack[best] > 0 else None
        keys = {t: _showing(ups[t], razz) for t in ups}
        top = min(keys.values())
        first = [t for t in ups if keys[t] == top]
        if len(first) != 1:
            return None                 # a tie: the record says who opens
        return self.nxt(first[0])

    # ---------------------------------------------------------------- the actions
    def step(self, i: int, act: str) -> None:
        """Check action ``i`` against the state and apply it."""
        parts = act.split()
        if not parts:
            raise self.fail("empty action", i)
        if self.over:
            raise self.fail(f"action {act!r} after the hand is over", i)
        if parts[0] == "d":
            if len(parts) >= 2 and parts[1] == "dh" and len(parts) == 4:
                self.deal_hole(i, _seat(parts[2], self.n, self.h, i), parts[3])
            elif len(parts) >= 2 and parts[1] == "db":
                self.deal_board(i, parts, act)
            elif len(parts) < 2 or parts[1] == "dh":
                raise self.fail(f"bad dealing action {act!r}", i)
            else:
                raise self.fail(f"unknown dealer action {parts[1]!r}", i)
            return
        s = _seat(parts[0], self.n, self.h, i)
        if len(parts) < 2:
            raise self.fail(f"bad action {act!r}", i)
        kind, variant = parts[1], self.h.variant
        if kind == "sd" and variant in DRAW:
            self.draw(i, s, parts, act)
        elif kind == "pb" and variant in STUD:
            self.bring_in(i, s)
        elif kind == "sm":
            if self.need and not self.betting_done():
                raise self.fail(f"showdown while betting is not over ({act!r})", i)
            if self.folded[s]:
                raise self.fail(f"seat p{s + 1} folded and cannot show", i)
            (self.show_boardless if self.boardless else self.show)(i, s, parts, act)
        elif kind in ("f", "cc", "cbr"):
            self.wager(i, s, kind, parts, act)
        else:
            raise self.fail(f"unknown action {kind!r}", i)

    def deal_hole(self, i: int, s: int, text: str) -> None:
        if not self.boardless:
            if "?" in text:
                return
            ids = self.add_cards(text, i)
            if len(ids) != HOLE[self.h.variant]:
                raise self.fail(f"expected {HOLE[self.h.variant]} hole cards, got {len(ids)}",
                                i)
            self.holes[s] = ids
            return
        if self.folded[s]:
            raise self.fail(f"cards dealt to seat p{s + 1}, which folded", i)
        if self.h.variant in STUD and self.held.get(s) and (not self.need
                                                            or self.betting_done()):
            if self.snap is None and self.all_in():
                self.snap = {t: list(c) for t, c in self.held.items()}
            self.new_street()        # the next card(s) of a street, or the draw
        got = self.held.setdefault(s, [])
        new_cards = self.chunks(text, i)
        got += new_cards
        if self.snap is not None:
            self.later.setdefault(s, []).extend(new_cards)
        if len(got) > self.size:
            raise self.fail(f"seat p{s + 1} holds {len(got)} cards, more than {self.size}", i)

    def deal_board(self, i: int, parts: list[str], act: str) -> None:
        if self.boardless:
            raise self.fail(f"game {self.name!r} has no board: {act!r}", i)
        if len(parts) != 3:
            raise self.fail(f"bad dealing action {act!r}", i)
        if self.need and not self.betting_done():
            raise self.fail(f"board dealt while {_who(self.nxt(self.cur))} is still to act", i)
        if self.allin_board is None and self.all_in():
            self.allin_board = list(self.board)
        ids = self.add_cards(parts[2], i)
        if len(self.board) + len(ids) > 5 or (not self.board and len(ids) != 3):
            raise self.fail(f"bad board card count in {act!r}", i)
        self.board += ids
        self.settle_round()
        self.street += 1
        self.need = set(self.can_act()) if len(self.can_act()) > 1 else set()
        self.cur = 0

    def draw(self, i: int, s: int, parts: list[str], act: str) -> None:
        if self.need and not self.betting_done():
            raise self.fail(f"seat p{s + 1} draws while betting is not over ({act!r})", i)
        if self.folded[s]:
            raise self.fail(f"seat p{s + 1} folded and cannot draw", i)
        if self.need or self.street % 2 == 0:
            self.before_draw = self.before_draw or self.all_in()
            self.new_street()                # the first discard opens the draw
            self.need = set()
        got = self.held.get(s, [])
        for c in (self.chunks(parts[2], i, new=False) if len(parts) == 3 else []):
            if c is not None and c in got:
                got.remove(c)
                self.seen.discard(c)         # a discard may be dealt again (a reshuffle)
            elif None in got:
                got.remove(None)
            elif c is None and got:
                got[:] = [None] * (len(got) - 1)   # which card went is not known
            else:
                raise self.fail(f"seat p{s + 1} discards "
                                f"{card_str(c) if c is not None else '??'}, a card it does "
                                "not hold", i)

    def bring_in(self, i: int, s: int) -> None:
        o = self.opener() if self.street == 0 else None
        if self.street != 0 or any(self.bet) or s not in self.need or o not in (None, s):
            raise self.fail(f"bring-in by seat p{s + 1} out of turn"
                            + (f" (p{o + 1} brings in)" if o is not None and o != s else ""),
                            i)
        b = min(self.amounts["bring_in"][0], self.stack[s])
        self.stack[s] -= b
        self.bet[s] = b
        self.need = {t for t in self.can_act() if t != s}
        self.cur = (s + 1) % self.n
        self.free = False

    def show_boardless(self, i: int, s: int, parts: list[str], act: str) -> None:
        if len(parts) == 2 or (len(parts) == 3 and set(parts[2]) == {"?"}):
            self.mucked[s] = True            # no cards, or shown as unknown: a muck
            return
        if len(parts) != 3:
            raise self.fail(f"bad action {act!r}", i)
        if "?" in parts[2]:
            return
        got = self.held.get(s, [])
        try:
            ids = cards(parts[2])
        except HandrankError as e:
            raise self.fail(str(e), i) from None
        known = [c for c in got if c is not None]
        if len(ids) != len(got) or any(c not in ids for c in known):
            raise self.fail(f"seat p{s + 1} shows {parts[2]!r}, not the cards it holds", i)
        for c in ids:
            if c not in known:
                self.add_cards(card_str(c), i)
        self.held[s] = list(ids)
        self.holes[s] = list(ids)

    def show(self, i: int, s: int, parts: list[str], act: str) -> None:
        if len(parts) == 3 and set(parts[2]) == {"?"}:
            self.mucked[s] = True            # shown as unknown: a muck (as pokerkit reads it)
        elif len(parts) == 3 and "?" not in parts[2]:
            try:
                ids = cards(parts[2])
            except HandrankError as e:
                raise self.fail(str(e), i) from None
            if s in self.holes:
                if sorted(ids) != sorted(self.holes[s]):
                    raise self.fail(f"seat p{s + 1} shows {parts[2]!r}, not the cards dealt",
                                    i)
            else:
                self.holes[s] = self.add_cards(parts[2], i)
        elif len(parts) == 2:
            self.mucked[s] = True

    def _in_turn(self, i: int, s: int) -> None:
        """Seat ``s`` acting now is in its turn (stud: the street's opener), or refused."""
        if self.h.variant in DRAW and self.street % 2 == 1:
            self.new_street()                # the draw is over: betting again
        if self.free and s in self.need:
            o = self.opener()
            if o is not None and o != s:
                raise self.fail(f"seat p{s + 1} acts out of turn (p{o + 1} opens this street)",
                                i)
            self.cur = s
        self.free = False
        if s not in self.need or self.nxt(self.cur) != s:
            who = self.nxt(self.cur)
            raise self.fail(f"seat p{s + 1} acts out of turn"
                            + (f" (p{who + 1} to act)" if who is not None
                               else " (nobody to act)"), i)

    def wager(self, i: int, s: int, kind: str, parts: list[str], act: str) -> None:
        """A fold, a check or call, or a bet or raise to an amount."""
        self._in_turn(i, s)
        self.need.discard(s)
        bet, stack = self.bet, self.stack
        hi = max(bet)
        if kind == "f":
            self.folded[s] = True
            if self.boardless:   # a folded hand's cards may be dealt again (a reshuffle)
                self.seen.difference_update(c for c in self.held.get(s, []) if c is not None)
            if len(self.live()) == 1:
                self.over = True
        elif kind == "cc":
            c = min(hi - bet[s], stack[s])
            bet[s] += c
            stack[s] -= c
        else:
            if len(parts) != 3:
                raise self.fail(f"bet without an amount: {act!r}", i)
            x = _num(parts[2], self.h, i)
            if x - bet[s] > stack[s]:
                raise self.fail(f"seat p{s + 1} bets {x} with only {stack[s] + bet[s]} behind",
                                i)
            if x <= hi:
                raise self.fail(f"seat p{s + 1} raises to {x}, not above {hi}", i)
            stack[s] -= x - bet[s]
            bet[s] = x
            self.need = {t for t in self.can_act() if t != s}
        self.cur = (s + 1) % self.n

    def finish(self) -> None:
        """The last betting round closed; cards held whole become the seats' hands."""
        self.settle_round()
        for s, got in self.held.items():
            if s not in self.holes and got and None not in got:
                self.holes[s] = [c for c in got if c is not None]


def _showing(up: list[int], razz: bool) -> tuple[Any, ...]:
    """Stud: the order of up cards for opening a street (smallest opens): pairs and
    ranks from the top (razz: fewest pairs, then the lowest cards from the top)."""
    ranks = [(c >> 2) if not razz else ((c >> 2) + 1) % 13 for c in up]
    groups = sorted(((ranks.count(r), r) for r in set(ranks)), reverse=True)
    if razz:
        return (sum(k - 1 for k, _ in groups), sorted(set(ranks), reverse=True))
    return tuple((-k, -r) for k, r in groups)
