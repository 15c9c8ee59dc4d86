"""Read PokerStars English text histories (hold'em, Omaha and five-card Omaha; cash and
tournament).

Each hand becomes a :class:`Hand` in PHH terms: seats are renumbered so
``p1`` is the first seat after the button (the button last); money amounts
are kept as written (dollars as floats, tournament chips as ints);
``winnings`` is what each seat was paid (``collected`` plus any uncalled bet
returned) and ``rake`` the rake of the summary line.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from decimal import Decimal, InvalidOperation
from typing import Any

from .model import HOLE, STUD, FileError, Hand, HistoryError

#: "PokerStars Hand #...:", "PokerStars Zoom Hand #...:" and the older "PokerStars Game #...:"
_HEAD = re.compile(r"PokerStars (?:Zoom )?(?:Hand|Game) #(\d+):")
_SEAT = re.compile(r"Seat (\d+): (.+?) \([$€£¥]?([\d.,]+) in chips")
_BUTTON = re.compile(r"Seat #(\d+) is the button")
_AMT = r"[$€£¥]?([\d.,]+)"
#: the blinds in the header: "($0.02/$0.05 USD)", "Level I (10/20)"
_STAKES = re.compile(r"\([$€£¥]?([\d.,]+)/[$€£¥]?([\d.,]+)")


def _num(t: str) -> int:
    """Whole chips, or cents for money (set per hand through _CENTS)."""
    try:
        d = Decimal(t.replace(",", ""))
    except InvalidOperation:
        raise ValueError(f"an amount the reader does not read: {t!r}") from None
    v = d * 100 if _CENTS[0] else d
    if v != int(v):
        raise ValueError(f"amount {t!r} is not a whole number of chips or cents")
    return int(v)


_CENTS = [False]


#: stud games in the reader's words (written by a site layer: see :func:`_hand`'s `stud`)
_STUD_GAMES = (("7 Card Stud Hi/Lo Limit", "F7S/8"), ("7 Card Stud Limit", "F7S"),
               ("Razz Limit", "FR"))
#: a stud street: "*** 3rd STREET ***" ... "*** 7th STREET ***" (PokerStars: "*** RIVER ***")
_P_STUD_STREET = re.compile(r"\*\*\* (?:(3rd|4th|5th|6th|7th) STREET|RIVER) \*\*\*$")
_P_BRINGS = re.compile(r"brings in for " + _AMT + "$")


def _variant(head: str, stud: bool = False) -> str:
    limit = "N" if "No Limit" in head else "P" if "Pot Limit" in head else "F"
    for words, code in _STUD_GAMES:
        if words in head:
            if not stud:
                # no licensed real PokerStars stud hand to check the reader against
                raise ValueError("PokerStars stud and razz are not read (only through the "
                                 "Winning Poker Network reader): " + repr(head[:80]))
            return code
    if "6+ Hold'em" in head or "Button Blind" in head:
        # short deck (a button blind and antes, its own hand order): not the 52-card game
        raise ValueError("6+ Hold'em (short deck, button blind) is not read: " + repr(head[:80]))
    if "5 Card Omaha" in head:
        # five-card Omaha: pot limit is the game dealt (handrank's codes PO5, PO5/8)
        if limit != "P":
            raise ValueError("5 Card Omaha other than pot limit is not read: " + repr(head[:80]))
        return "PO5/8" if "Hi/Lo" in head else "PO5"
    if "Omaha" in head:
        if "Hi/Lo" in head:
            return "FO/8" if limit == "F" else limit + "O/8"
        return limit + "O"
    if "Hold'em" in head:
        return limit + "T"
    raise ValueError("unsupported game in " + repr(head[:80]))


#: the lines of a seated player ("name: ...") that move no chips and change no one's
#: hand: read and let go.  Any other "name: ..." line the reader does not know is refused.
_QUIET = re.compile(r"sits out|is sitting out|doesn't show hand")

#: lines that move money outside the pot the seats' bets make: the reader cannot settle
#: them chip for chip, so the hand is refused (see docs/howto/history.md)
_REFUSED = [
    (re.compile(r"^STP added: "), "splash the pot: the site added money to the pot"),
    (re.compile(r"^Hand cancelled"), "the hand was cancelled"),
]

#: a seat listed but not dealt in: "... in chips) is sitting out", "... in chips) out of
#: hand (moved from another table into small blind)"
_AWAY = re.compile(r"in chips(?:, [^)]*)?\) (?:is sitting out|out of hand)")


#: a capped no-limit game's cap in the header: "($1/$2 - $40 Cap -  USD)"
_CAP = re.compile(r" - [$€£¥]?([\d.,]+) Cap - ")
_CAPPED = re.compile(r" and has reached the [$€£¥]?[\d.,]+ cap$")
#: a player's line that moves chips or cards (not a chat line): the player must have a seat
_NO_SEAT = re.compile(r"(?!.*? said, \")(?:.+: (?:posts |bets |calls |raises |folds|checks"
                      r"|shows |mucks)|.+ collected [$€£¥]?[\d.,]+ from )")


#: "name cashed out the hand for $0.65 | Cash Out Fee $0.01" (after the name)
_CASHED = re.compile(r" cashed out the hand for " + _AMT + r"(?: \| Cash Out Fee " + _AMT + r")?")
_NOT_AWARDED = "(pot not awarded as player cashed out)"

#: a tournament seat's bounty: "Seat 1: name (755175 in chips, $148.95 bounty)"
_BOUNTY = re.compile(r"in chips, ([$€£¥]?)([\d.,]+) bounty\)")
#: tournament results after a seat's name (money of the tournament, never chips):
#: "wins $19.31 for eliminating NAME and their own bounty increases by $19.31 to $168.26"
#: (a progressive knockout), "wins the $10 bounty for eliminating NAME" (a knockout),
#: "finished the tournament in 2nd place[ and received $150.40.]",
#: "wins the tournament and receives $150.56 - congratulations!"; a place or a win
#: written otherwise ("... and received a ticket") keeps its words (``"prize_text"``)
_KNOCKOUT = re.compile(r" wins (?:the )?[$€£¥]?([\d.,]+)(?: bounty)? for eliminating (.+?)"
                       r"(?: and their own bounty increases by [$€£¥]?([\d.,]+) to "
                       r"[$€£¥]?([\d.,]+))?")
_PLACE = re.compile(r" finished the tournament(?: in (\d+)(?:st|nd|rd|th) place)?"
                    r"(?: and received [$€£¥]?([\d.,]+)\.| ?(.*))")
_WINS_ALL = re.compile(r" wins the tournament(?: and receives [$€£¥]?([\d.,]+) - "
                       r"congratulations!| ?(.*))")


#: the lines the hand reader matches, compiled once
_P_RAKE = re.compile(r"Rake " + _AMT)
_P_SEAT_N = re.compile(r"Seat (\d+): ")
_P_WON = re.compile(r" won \(" + _AMT + r"\)")
_P_STREET = re.compile(r"\*\*\* (FLOP|TURN|RIVER) \*\*\* (?:\[[^\]]*\] )?\[([^\]]*)\]$")
_P_DEALT = re.compile(r"Dealt to (.+?) \[([^\]]+)\]")
_P_UNCALLED = re.compile(r"Uncalled bet \(" + _AMT + r"\) returned to (.+)$")
_P_ANTE = re.compile(r"posts the ante " + _AMT)
_P_SB = re.compile(r"posts small blind " + _AMT + r"$")
_P_BLIND = re.compile(r"posts (small|big) blind " + _AMT + r"$")
_P_BOTH = re.compile(r"posts small & big blinds " + _AMT + r"$")
_P_STRADDLE = re.compile(r"posts (a )?straddle " + _AMT + r"$")
_P_FOLDS_SHOWN = re.compile(r"folds \[[^\]]+\]")
_P_BETS = re.compile(r"bets " + _AMT)
_P_RAISES = re.compile(r"raises " + _AMT + " to " + _AMT)
_P_SHOWS = re.compile(r"shows \[([^\]]+)\]")
_P_COLLECTED = re.compile(r"collected " + _AMT)


def net_as_paid(hand: Hand, replay: Any) -> list[Any]:
    """Each seat's net as the site paid it: the replay's net after the rake, except
    that a seat that cashed out all in (``hand.extra["cash_out"]``) is paid the amount
    the site paid it instead of the pot share its cards won."""
    net = list(replay.net_after_rake if replay.net_after_rake is not None else replay.net)
    for nm, c in hand.extra.get("cash_out", {}).items():
        s = (hand.players or []).index(nm)
        net[s] = net[s] - c["pot_share"] + c["amount"]
    return net


def _cards(t: str) -> str:
    return t.replace(" ", "").replace("10", "T")


def _money(t: str) -> Decimal:
    try:
        return Decimal(t.replace(",", ""))
    except InvalidOperation:
        raise ValueError(f"an amount the reader does not read: {t!r}") from None


def _result(ln: str, name: dict[str, int], results: dict[str, Any], fail: Any) -> bool:
    """A tournament result line (a knockout, a place, the winner) read into `results`
    (the keys of ``Hand.extra``: ``knockouts``, ``places``); False for any other line.
    A knockout line that starts with a seated name but is not read is refused (the
    fast path hands any hand with such a line to this reader: stars_fast._batch)."""
    if not ((" finished the tournament" in ln or " wins the tournament" in ln
             or " for eliminating " in ln) and " said, \"" not in ln):
        return False
    who = max((nm for nm in name if ln.startswith(nm + " ")), key=len, default=None)
    if who is None:
        return False
    rest = ln[len(who):]
    if mk := _KNOCKOUT.fullmatch(rest):
        if mk.group(2) not in name:
            raise fail(f"a knockout of a player with no seat in the hand: {ln!r}")
        ko: dict[str, Any] = {"winner": who, "eliminated": mk.group(2),
                              "amount": _money(mk.group(1))}
        if mk.group(3) is not None:
            ko["bounty_increase"] = _money(mk.group(3))
            ko["bounty_after"] = _money(mk.group(4))
        results.setdefault("knockouts", []).append(ko)
    elif mp := _PLACE.fullmatch(rest):
        results.setdefault("places", {})[who] = {
            "place": int(mp.group(1)) if mp.group(1) is not None else None,
            "prize": _money(mp.group(2)) if mp.group(2) is not None else None,
            **({"prize_text": mp.group(3)} if mp.group(3) else {})}
    elif mw := _WINS_ALL.fullmatch(rest):
        results.setdefault("places", {})[who] = {
            "place": 1, "prize": _money(mw.group(1)) if mw.group(1) is not None else None,
            **({"prize_text": mw.group(2)} if mw.group(2) else {})}
    else:
        raise fail(f"a tournament result line the reader does not know: {ln!r}")
    return True


def _hand(lines: list[str], file: str | None, index: int,
          nums: list[int] | None = None, stud: bool = False) -> Hand:
    """The hand of `lines` (its header first).  `stud`: a site layer's stud hand
    (seven-card stud, its hi-lo, razz) in the reader's words: ``*** 3rd STREET ***``
    ... ``*** 7th STREET ***``, ``Dealt to NAME [up]`` (``[down down up]`` for the
    history's owner; later streets ``[held] [new]``), ``NAME: brings in for X``."""
    def fail(msg: str) -> HistoryError:
        return HistoryError(msg, file=file, hand=index + 1)
    head = lines[0]
    _CENTS[0] = "Tournament" not in head
    if len(lines) == 1:
        raise fail("a header and nothing else: no table, seats or actions")
    if lines[1].startswith("Tisch '") or any(ln.startswith("Platz ") for ln in lines[1:4]):
        raise fail("a PokerStars hand in German: not read (handrank reads PokerStars in "
                   "English, Portuguese and French)")
    if any(ln.startswith("Hand cancelled") for ln in lines):
        raise fail("the hand was cancelled: no chips moved")
    try:
        variant = _variant(head, stud)
        return _body(lines, head, variant, file, index, fail, nums)
    except HistoryError:
        raise                           # already names the file and hand: not twice
    except ValueError as e:
        raise fail(str(e)) from None


def _split_seats(lines: list[str], nums: list[int] | None
                 ) -> tuple[list[tuple[int, str, Any]], list[str], list[int],
                            dict[str, Decimal], set[str]]:
    """The seat lines of `lines` (before the summary) read apart from the rest: the
    seats (number, name, chips), the other lines with their line in the file (0 when
    `nums` is not given), each seat's bounty and the seats marked away."""
    seats: list[tuple[int, str, Any]] = []
    body: list[str] = []
    body_nums: list[int] = []
    away: set[str] = set()
    bounty: dict[str, Decimal] = {}
    in_summary = False
    for k, ln in enumerate(lines[1:], 1):
        in_summary = in_summary or ln.startswith("*** SUMMARY")
        ms = _SEAT.match(ln) if not in_summary and ln.startswith("Seat ") else None
        if ms:
            seats.append((int(ms.group(1)), ms.group(2), _num(ms.group(3))))
            if " bounty)" in ln and (mb := _BOUNTY.search(ln)):
                bounty[ms.group(2)] = _money(mb.group(2))
            if _AWAY.search(ln):
                away.add(ms.group(2))
        else:
            body.append(ln)
            body_nums.append(nums[k] if nums is not None else 0)
    return seats, body, body_nums, bounty, away


def _dealt_in(seats: list[tuple[int, str, Any]], body: list[str], away: set[str],
              head: str, fail: Any) -> list[tuple[int, str, Any]]:
    """The seats of the hand: a seat marked sitting out (or moved in, out of the hand)
    with no line of its own before the summary was not dealt in and is dropped (one
    that posts or acts stays: a tournament player sitting out is dealt in and folds);
    in a capped no-limit game each stack is the cap at most.  The hand is refused with
    fewer than 2 seats, no actions, or no summary."""
    if away:
        end = next((i for i, ln in enumerate(body) if ln.startswith("*** SUMMARY")),
                   len(body))
        dealt = {nm for nm in away for ln in body[:end] if ln.startswith(nm + ": ")
                 and not _QUIET.fullmatch(ln[len(nm) + 2:].strip())}
        seats = [t for t in seats if t[1] not in away - dealt]
    if len(seats) < 2:
        raise fail("fewer than 2 seats")
    if mc := _CAP.search(head):
        # a capped no-limit game: no seat puts in more than the cap in the hand, so a
        # seat plays as if its stack were the cap ("... and has reached the $40 cap"
        # is all in); the net of every seat is the same
        cap = _num(mc.group(1))
        seats = [(s, nm, min(c, cap)) for s, nm, c in seats]
    if not any(ln.startswith("*** ") or ": posts " in ln or ": folds" in ln for ln in body):
        raise fail("no actions after the seats (a hand cut short?)")
    if not any(ln.startswith("*** SUMMARY ***") for ln in body):
        raise fail("a hand cut short: no '*** SUMMARY ***' line (its rake and pot unknown)")
    return seats


#: the boards of a hand run twice (or three times)
_P_RUN = re.compile(r"\*\*\* (FIRST|SECOND|THIRD|FOURTH) (FLOP|TURN|RIVER) \*\*\* "
                    r"(\[[^\]]*\] )?\[([^\]]*)\]$")


class _Play:
    """One hand's play read line by line: each method takes one kind of line (the
    summary, a stud street or deal, a board, a seat's post or action) into the hand's
    stacks, forced bets, actions, winnings and extras; `hand` builds the Hand."""

    def __init__(self, head: str, variant: str, seats: list[tuple[int, str, Any]],
                 button: int, fail: Any) -> None:
        self.head, self.variant, self.fail = head, variant, fail
        self.stud = stud = variant in STUD
        numbers = [s for s, _, _ in seats]
        after = [s for s in numbers if s > button] + [s for s in numbers if s <= button]
        self.order = order = {s: i for i, s in enumerate(after)}
        self.name = {nm: order[s] for s, nm, _ in seats}
        self.n = n = len(seats)
        self.stacks: list[Any] = [0] * n
        self.players = [""] * n
        for s, nm, c in seats:
            self.stacks[order[s]] = c
            self.players[order[s]] = nm
        self.antes: list[Any] = [0] * n
        self.blinds: list[Any] = [0] * n
        self.holes: dict[int, str] = {}
        self.acts: list[str] = []
        self.won: list[Any] = [0] * n
        self.rake: Any = 0
        self.street_bet = [0] * n
        self.stakes = _STAKES.search(head)
        self.big = _num(self.stakes.group(2)) if self.stakes else None
        self.summary = False
        self.shown: dict[int, str] = {}
        self.deal_at = 0
        self.deal_line = 0                # the line of "*** HOLE CARDS ***"
        self.sb_seat: list[int] = []      # the seat that posted the small blind
        self.first_run: list[str] = []    # run it twice: the cards of each run
        self.second_run: list[str] = []
        self.third_run: list[str] = []    # run three times: the third run's cards
        self.shared: str | None = None    # the board both runs share
        self.paid = False                 # a "collected" line read
        self.cash: dict[int, tuple[Any, Any]] = {}   # seats that cashed out: (amount, fee)
        self.ended: dict[int, Any] = {}   # their pot share, from the summary
        self.showdown = False             # a "*** SHOW DOWN ***" line read
        self.results: dict[str, Any] = {}  # tournament results: knockouts, places
        self.hole = STUD[variant] if stud else HOLE[variant]
        self.bring_in: Any = None
        self.street_no = 0                # stud: the street whose cards are being dealt
        self.pending: dict[int, str] | None = None   # stud: each seat's new cards
        self.out: set[int] = set()        # stud: folded seats (dealt no more cards)

    def line(self, ln: str, num: int) -> None:
        """One line of the hand after its seats, handed to the method of its kind."""
        stud = self.stud
        if stud and self.pending is not None and not ln.startswith("Dealt to "):
            self.deal_street()
            self.pending = None
        if ln.startswith("*** SUMMARY"):
            self.summary = True
            return
        if self.summary:
            self.summary_line(ln)
            return
        if ln.startswith(("STP", "Hand")):
            for pat, why in _REFUSED:
                if pat.match(ln):
                    raise self.fail(f"{why}: {ln!r}")
        if stud and self.stud_line(ln):
            return
        if ln.startswith("*** "):
            self.board_line(ln, num)
            return
        if " tournament" in ln or " for eliminating " in ln:
            if _result(ln, self.name, self.results, self.fail):
                return
        if ln.startswith(("Dealt to ", "Uncalled bet (")) and self.dealt_or_returned(ln):
            return
        self.seat_line(ln)

    def summary_line(self, ln: str) -> None:
        """A summary line: the rake, or how a seat that cashed out ended (the pot
        share it won, its record: the cards' result, or lost)."""
        mr = _P_RAKE.search(ln)
        if mr:
            self.rake = _num(mr.group(1))
        elif (ms := _P_SEAT_N.match(ln)) and (int(ms.group(1)) in self.order) and (
                ln.endswith(("(cashed out).", _NOT_AWARDED))):
            s = self.order[int(ms.group(1))]
            share = 0
            if ln.endswith(_NOT_AWARDED):
                mw = _P_WON.search(ln)
                if mw is None:
                    raise self.fail(f"a pot not awarded with no amount: {ln!r}")
                share = _num(mw.group(1))
                self.won[s] += share
            self.ended[s] = share

    def stud_line(self, ln: str) -> bool:
        """Stud: a street's header or a seat's cards of the street; False for any other
        line."""
        if mt := _P_STUD_STREET.match(ln):
            k = int(mt.group(1)[0]) if mt.group(1) else 7
            if k != self.street_no + 1 and not (self.street_no == 0 and k == 3):
                raise self.fail(f"a stud street out of order: {ln!r}")
            self.street_no, self.pending = k, {}
            return True
        if not ln.startswith("Dealt to "):
            return False
        if self.pending is None:
            raise self.fail(f"cards dealt outside a street: {ln!r}")
        who_d = max((nm for nm in self.name if ln.startswith(f"Dealt to {nm} [")), key=len,
                    default=None)
        if who_d is None:
            raise self.fail(f"cards dealt to a player with no seat in the hand: {ln!r}")
        parts = re.findall(r"\[([^\]]*)\]", ln[len(f"Dealt to {who_d} "):])
        if not parts:
            raise self.fail(f"a deal the reader does not read: {ln!r}")
        self.pending[self.name[who_d]] = _cards(parts[-1])
        return True

    def deal_street(self) -> None:
        """Stud: each seat still in is dealt the street's cards (unknown: ``??``)."""
        count = 3 if self.street_no == 3 else 1
        for t in range(self.n):
            if t in self.out:
                continue
            got = (self.pending or {}).get(t)
            if got is None:
                got = "??" * count
            elif self.street_no == 3 and len(got) == 2:
                got = "????" + got    # the up card; the two down cards unknown
            if len(got) != 2 * count:
                who = next(nm for nm, k in self.name.items() if k == t)
                raise self.fail(f"seat {who!r} is dealt {got!r} on street {self.street_no}")
            self.acts.append(f"d dh p{t + 1} {got}")

    def board_line(self, ln: str, num: int) -> None:
        """A ``*** ... ***`` line: the hole cards' deal, a board's cards, a run of a
        board run twice or three times (the first run's cards are the board, the
        second run's cards after the cards both runs share a second board), the
        showdown."""
        self.showdown = self.showdown or "SHOW DOWN ***" in ln
        acts = self.acts
        mb = _P_STREET.match(ln)
        if ln.startswith("*** HOLE CARDS"):
            self.deal_at = len(acts)
            self.deal_line = num
        if mb:
            acts.append("d db " + _cards(mb.group(2)))
            self.street_bet = [0] * self.n
        mr = _P_RUN.match(ln)
        if mr:
            run, new = mr.group(1), _cards(mr.group(4))
            if run == "FOURTH":
                raise self.fail("a board run four times: hands run twice or three times "
                                "are read")
            if run == "FIRST":
                self.first_run.append(new)
                acts.append("d db " + new)
            else:
                if self.shared is None:
                    self.shared = "".join(a[5:] for a in acts if a.startswith("d db ")
                                          )[:-len("".join(self.first_run)) or None]
                (self.second_run if run == "SECOND" else self.third_run).append(new)

    def dealt_or_returned(self, ln: str) -> bool:
        """A seat's hole cards ("Dealt to NAME [..]") or an uncalled bet returned;
        False for any other line.  (Each pattern is tried only on the lines that start
        with its first words.)"""
        md = _P_DEALT.match(ln) if ln.startswith("Dealt to ") else None
        if md and md.group(1) in self.name:
            self.holes[self.name[md.group(1)]] = _cards(md.group(2))
            return True
        mu = _P_UNCALLED.match(ln) if ln.startswith("Uncalled bet (") else None
        if mu:
            if mu.group(2) not in self.name:
                raise self.fail(f"an uncalled bet returned to a player with no seat: {ln!r}")
            self.won[self.name[mu.group(2)]] += _num(mu.group(1))
            return True
        return False

    def seat_line(self, ln: str) -> None:
        """A line of a seat (``NAME: ...``, ``NAME collected ...``, an all-in cash out):
        its bring-in, post or action; a line naming no seat is let go unless it reads
        as a seat's line (then refused, never skipped)."""
        name = self.name
        who = None
        for sep in (": ", " collected "):
            # the longest seated name the line starts with, then the separator
            i = ln.find(sep)
            while i > 0:
                if ln[:i] in name and (who is None or i > len(who)):
                    who = ln[:i]
                i = ln.find(sep, i + 1)
        i = ln.find(" cashed out the hand for ")
        if i > 0 and ln[:i] in name:
            # an all-in cash out: the site paid the seat an amount of its own and kept
            # the seat's pot share (a seat's own line: the same words inside a chat
            # line are let go)
            mc = _CASHED.fullmatch(ln[i:])
            if mc is None:
                raise self.fail(f"an all-in cash out the reader cannot read: {ln!r}")
            self.cash[name[ln[:i]]] = (_num(mc.group(1)), _num(mc.group(2) or "0"))
        if who is None:
            if _NO_SEAT.match(ln):
                raise self.fail(f"a line of a player with no seat in the hand: {ln!r}")
            return
        s = name[who]
        rest = ln[len(who):].lstrip(": ").strip()
        rest = rest.replace(" and is all-in", "")
        if rest.endswith(" cap"):
            rest = _CAPPED.sub("", rest)
        if self.stud and (m := _P_BRINGS.match(rest)):
            if self.bring_in is not None:
                raise self.fail(f"a second bring-in: {ln!r}")
            self.bring_in = _num(m.group(1))
            self.street_bet[s] = self.bring_in
            self.acts.append(f"p{s + 1} pb")
        elif rest.startswith("posts "):
            self.post(s, rest, ln)
        else:
            self.action(s, who, rest, ln)

    def post(self, s: int, rest: str, ln: str) -> None:
        """Seat `s` posts an ante, a blind, both blinds or a straddle."""
        antes, blinds = self.antes, self.blinds
        if m := _P_ANTE.match(rest):
            antes[s] = _num(m.group(1))
        elif (m := _P_SB.match(rest)) and any(blinds[t] and t != s for t in self.sb_seat):
            # a small blind posted alone by a player coming back, after the seat in
            # the small blind posted it: dead money (an ante of theirs), never their bet
            antes[s] += _num(m.group(1))
        elif m := _P_BLIND.match(rest):
            blinds[s] = _num(m.group(2))
            self.street_bet[s] = blinds[s]
            if m.group(1) == "small":
                self.sb_seat.append(s)
        elif m := _P_BOTH.match(rest):
            # a player coming back posts both: the big blind is live (their bet),
            # the small blind dead money (an ante of theirs: dead, never returned)
            big = self.big
            if big is None:
                raise self.fail("a dead blind in a hand whose big blind is not known")
            both = _num(m.group(1))
            if both <= big:
                raise self.fail(f"posts small & big blinds {m.group(1)}, not above the "
                                "big blind")
            antes[s] += both - big
            blinds[s] = big
            self.street_bet[s] = big
        elif m := _P_STRADDLE.match(rest):
            # a live blind above the big blind, posted by the seat after the largest
            # blind so far (a re-straddle after the straddle): the action starts after it.
            # "posts a straddle" (GGPoker's straddle, rewritten): from any seat that
            # posted no blind, the action starting after it all the same
            n = self.n
            top = max(blinds)
            first = blinds.index(top) if top else -1
            amount = _num(m.group(2))
            anywhere = m.group(1) == "a "
            if n == 2 or top == 0 or amount <= top or blinds[s] or (
                    s != (first + 1) % n and not anywhere):
                raise self.fail(f"a straddle the reader cannot place in the order of "
                                f"action: {ln!r}")
            blinds[s] = amount
            self.street_bet[s] = amount
        else:
            # "posts button blind" (6+ Hold'em) and any other forced bet not read above
            raise self.fail(f"a forced bet the reader does not know: {ln!r}")

    def action(self, s: int, who: str, rest: str, ln: str) -> None:
        """Seat `s` folds, checks or calls, bets, raises, shows, mucks or collects."""
        acts = self.acts
        if rest == "folds" or _P_FOLDS_SHOWN.fullmatch(rest):
            # "folds [Ah 7c]": a player folding face up (or the history's owner folding)
            acts.append(f"p{s + 1} f")
            self.out.add(s)
        elif rest == "checks" or rest.startswith("calls "):
            acts.append(f"p{s + 1} cc")
        elif m := _P_BETS.match(rest):
            self.street_bet[s] = _num(m.group(1))
            acts.append(f"p{s + 1} cbr {self.street_bet[s]}")
        elif m := _P_RAISES.match(rest):
            self.street_bet[s] = _num(m.group(2))
            acts.append(f"p{s + 1} cbr {self.street_bet[s]}")
        elif m := _P_SHOWS.match(rest):
            if self.paid and not self.showdown:
                return          # shown after an uncontested pot was paid: no action
            cards = _cards(m.group(1))
            if len(cards) < 2 * self.hole:
                # part of a hand shown ("shows [Qs]"): the hand is not shown, a muck
                acts.append(f"p{s + 1} sm")
                return
            self.shown[s] = cards
            acts.append(f"p{s + 1} sm {cards}")
        elif rest.startswith("mucks"):
            acts.append(f"p{s + 1} sm")
        elif m := _P_COLLECTED.match(rest):
            self.won[s] += _num(m.group(1))
            self.paid = True
        elif ln.startswith(who + ": ") and not _QUIET.fullmatch(rest):
            # an action line the reader does not know: never skipped, since it may move chips
            raise self.fail(f"an action the reader does not know: {ln!r}")

    def extra(self, bounty: dict[str, Decimal]) -> dict[str, Any]:
        """The hand's ``Hand.extra``: the site, unit, currency, hand number, bounties,
        tournament results, all-in cash outs and the boards of a hand run twice."""
        head, players, cash = self.head, self.players, self.cash
        extra: dict[str, Any] = {
            "site": "PokerStars", "unit": "cents" if _CENTS[0] else "chips",
            **({"currency": m_cur.group(1)} if _CENTS[0] and (
                m_cur := re.search(r"\b(USD|EUR|GBP|CAD|CNY)\)", head)) else {}),
            "hand": int(mh.group(1)) if (mh := _HEAD.match(head)) else 0}
        if bounty:
            extra["bounty"] = {nm: b for nm, b in bounty.items() if nm in players}
        extra.update(self.results)
        if (bounty or self.results) and (mt := re.search(r"Tournament #(\d+)", head)):
            extra["tournament"] = mt.group(1)
            if mc := re.search(r"\b(USD|EUR|GBP|CAD|CNY)\b", head):
                extra["prize_currency"] = mc.group(1)
        if cash:
            for s in cash:
                if s not in self.ended:
                    raise self.fail(f"all-in cash out of {players[s]!r} with no summary "
                                    "line saying how the hand ended for the seat (won, "
                                    "not awarded, or lost)")
            extra["cash_out"] = {players[s]: {"amount": a, "fee": f,
                                              "pot_share": self.ended[s]}
                                 for s, (a, f) in cash.items()}
        if self.second_run or self.first_run or self.third_run:
            if not self.second_run or not self.first_run:
                raise self.fail("a hand run twice with only one run of the board")
            extra["second_board"] = (self.shared or "") + "".join(self.second_run)
            if self.third_run:
                extra["third_board"] = (self.shared or "") + "".join(self.third_run)
        return extra

    def hand(self, act_lines: list[int], first_line: int, bounty: dict[str, Decimal],
             file: str | None, index: int) -> Hand:
        """The Hand read: the hole cards dealt where "*** HOLE CARDS ***" stood (at
        its line, else `first_line`), the stud limits, the extras."""
        acts, n, hole = self.acts, self.n, self.hole
        deal = [] if self.stud else [f"d dh p{s + 1} {self.holes.get(s, '??' * hole)}"
                                     for s in range(n)]
        acts[self.deal_at:self.deal_at] = deal
        act_lines[self.deal_at:self.deal_at] = [self.deal_line or first_line] * len(deal)
        limits: dict[str, Any] = {}
        if self.stud:
            if self.stakes is None or self.bring_in is None:
                raise self.fail("a stud hand with no limits in its header or no bring-in")
            limits = {"small_bet": _num(self.stakes.group(1)), "big_bet": self.big,
                      "bring_in": self.bring_in}
        extra = self.extra(bounty)
        antes, blinds = self.antes, self.blinds
        if n == 2:
            # PHH lists heads-up antes and blinds in the reverse seat order: p1 (the big
            # blind, first after the button) posts the second entry
            antes, blinds = antes[::-1], blinds[::-1]
        return Hand(variant=self.variant, starting_stacks=self.stacks, actions=acts,
                    antes=antes, blinds_or_straddles=blinds, ante_trimming_status=False,
                    **limits, players=self.players, winnings=self.won, rake=self.rake,
                    extra=extra, source=file, index=index, action_lines=tuple(act_lines))


def _body(lines: list[str], head: str, variant: str, file: str | None, index: int,
          fail: Any, nums: list[int] | None = None) -> Hand:
    """The hand of `lines` after its header: the seats, then every other line read by
    a `_Play` (each action's line in the file kept when `nums` gives the lines)."""
    m = _BUTTON.search("\n".join(lines[1:3]))
    if m is None and variant not in STUD:
        raise fail("no button line")
    button = int(m.group(1)) if m is not None else 0      # stud: no button, seat order
    seats, body, body_nums, bounty, away = _split_seats(lines, nums)
    seats = _dealt_in(seats, body, away, head, fail)
    play = _Play(head, variant, seats, button, fail)
    acts = play.acts
    act_lines: list[int] = []         # the line of each action (nums given)
    at = 0
    line = play.line
    for ln, num in zip(body, body_nums):
        act_lines += [at] * (len(acts) - len(act_lines))     # the last line's actions
        at = num
        line(ln, num)
    act_lines += [at] * (len(play.acts) - len(act_lines))
    return play.hand(act_lines, body_nums[0] if body_nums else 0, bounty, file, index)


#: the headers of the hands PokerStars writes in other languages (checked on public
#: samples): Portuguese ("Mão PokerStars #..."), and French headers over English lines
#: ("Main PokerStars n°... :", actions written "name : verb")
_HEAD_PT = re.compile(r"Mão PokerStars #(\d+):")
_HEAD_FR = re.compile(r"Main PokerStars n°(\d+) :")

#: Portuguese lines -> the English the reader reads (whole-line patterns)
_PT_LINES = [
    (re.compile(r"^Mesa '(.*)' (.*)Lugar #(\d+) é o botão$"),
     r"Table '\1' \2Seat #\3 is the button"),
    (re.compile(r"^Lugar (\d+): (.+) \((\$?[\d.,]+) em fichas\)"), r"Seat \1: \2 (\3 in chips)"),
    (re.compile(r"^\*\*\* CARTAS DA MÃO \*\*\*"), "*** HOLE CARDS ***"),
    (re.compile(r"^\*\*\* SUMÁRIO \*\*\*"), "*** SUMMARY ***"),
    (re.compile(r"^(.+) recebe \[([^\]]+)\]$"), r"Dealt to \1 [\2]"),
    (re.compile(r"^Aposta não-igualada \((.+)\) voltou para (.+)$"),
     r"Uncalled bet (\1) returned to \2"),
    (re.compile(r"^(.+) recebeu (\$?[\d.,]+) do pote"), r"\1 collected \2 from pot"),
    (re.compile(r"^Total pote (.*)\| comissão "), r"Total pot \1| Rake "),
]
#: Portuguese verbs after "name: " -> English
_PT_VERBS = [
    (re.compile(r": coloca ante "), ": posts the ante "),
    (re.compile(r": paga o small blind "), ": posts small blind "),
    (re.compile(r": paga o big blind "), ": posts big blind "),
    (re.compile(r": desiste$"), ": folds"),
    (re.compile(r": passa$"), ": checks"),
    (re.compile(r": iguala "), ": calls "),
    (re.compile(r": aposta "), ": bets "),
    (re.compile(r": aumenta (\$?[\d.,]+) para "), r": raises \1 to "),
    (re.compile(r": mostra \["), ": shows ["),
    (re.compile(r": não mostra a mão$"), ": doesn't show hand"),
    (re.compile(r": escondeu as cartas"), ": mucks hand"),
]


def _english(ln: str, lang: str) -> str:
    """A line of a hand written in ``lang`` ("pt", "fr") as the English reader reads it."""
    if lang == "fr":
        m = _HEAD_FR.match(ln)
        if m:
            return f"PokerStars Hand #{m.group(1)}:" + ln[m.end():]
        if not ln.startswith("*** ") and " : " in ln:
            return ln.replace(" : ", ": ", 1)
        return ln
    m = _HEAD_PT.match(ln)
    if m:
        rest = ln[m.end():].replace("Torneio #", "Tournament #")
        rest = re.sub(r"(?<![\w])Nível ", "Level ", rest)
        return f"PokerStars Hand #{m.group(1)}:" + rest
    for pat, rep in _PT_LINES:
        out, k = pat.subn(rep, ln, count=1)
        if k:
            ln = out
            break
    else:
        for pat, rep in _PT_VERBS:
            out, k = pat.subn(rep, ln, count=1)
            if k:
                ln = out.replace(" e está all-in", " and is all-in")
                break
    return ln


def at_line(e: HistoryError, line: int) -> HistoryError:
    """`e`, naming `line` (the hand's first line in its file) where it names none."""
    if e.line is not None:
        return e
    return type(e)(e.reason, file=e.file, hand=e.hand, action=e.action, line=line)


def _one(buf: list[str], nums: list[int], file: str | None, index: int, start: int) -> Hand:
    """The hand of lines `buf` (header first; `nums` their lines, `start` the header's):
    its HistoryError (naming the line) when it is refused."""
    try:
        try:
            h = _hand(buf, file, index, nums)
        except HistoryError:
            raise
        except (ValueError, KeyError, IndexError, TypeError, ArithmeticError,
                RecursionError) as e:
            raise HistoryError(f"unexpected {type(e).__name__} reading the hand: {e}",
                               file=file, hand=index + 1) from e
    except HistoryError as e:
        raise at_line(e, start) from e.__cause__
    h.line = start
    return h


def hand_at(text: str, file: str | None, index: int, line: int) -> Hand:
    """The English hand whose text (its header first) starts at `line` of `file`, read
    as :func:`read_stream` reads it there as hand number `index` (the fast path's
    fallback: csrc/sites.c cuts the text as read_stream does)."""
    buf: list[str] = []
    nums: list[int] = []
    for n, raw in enumerate(text.split("\n"), line):
        ln = raw.strip().lstrip("\ufeff")
        if ln:
            buf.append(ln)
            nums.append(n)
    return _one(buf, nums, file, index, line)


def read_stream(lines: Iterable[str], file: str | None, errors: str,
                bad: list[HistoryError]) -> Iterator[Hand]:
    """Hands from PokerStars text, one at a time (English; Portuguese and French
    headers read through :func:`_english`)."""
    buf: list[str] = []
    nums: list[int] = []                # the line (1-based) of each line of `buf`
    i = 0
    lang = "en"
    start = 0                           # the line of the hand's header

    def flush() -> Iterator[Hand]:
        nonlocal i
        if buf:
            try:
                h = _one(buf, nums, file, i, start)
            except HistoryError as err:
                if errors == "raise":
                    raise err from err.__cause__
                bad.append(err)
            else:
                yield h
            i += 1
    text = False
    for n, raw in enumerate(lines, 1):
        ln = raw.strip().lstrip("\ufeff")
        head = None if not ln.startswith(("PokerStars", "M")) else "en" if _HEAD.match(ln) \
            else "pt" if _HEAD_PT.match(ln) else "fr" if _HEAD_FR.match(ln) else None
        if head is not None:
            yield from flush()
            lang = head
            start = n
            buf = [ln if lang == "en" else _english(ln, lang)]
            nums = [n]
        elif ln and buf:
            buf.append(ln if lang == "en" else _english(ln, lang))
            nums.append(n)
        elif ln:
            text = True
    yield from flush()
    if i == 0 and text:
        e = FileError("not a hand history handrank recognises (no PokerStars hand header in "
                      "English, Portuguese or French)", file=file)
        if errors == "raise":
            raise e
        bad.append(e)
