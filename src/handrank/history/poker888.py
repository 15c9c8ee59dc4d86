"""Read 888poker text histories (hold'em and Omaha, hi and hi-lo; cash and tournament).

A thin layer over the PokerStars reader, as for Winamax: each line is
rewritten into the PokerStars form.  888poker writes what each action puts
in (``raises [$101.66]`` adds $101.66), not the total it raises to; it writes
neither the uncalled bet returned nor the rake, and its shows and
``collected`` lines come after ``** Summary **``.  The layer therefore keeps
each seat's chips in the pot street by street: a raise becomes "raises to"
the seat's new total for the street, the part of the last bet nobody called
is written as returned, and the rake is what the pot held less what the
winners collected (``extra["rake_inferred"]`` is True).

Recognised: the header ``#Game No : 349444554`` / ``***** 888poker Hand
History for Game 349444554 *****`` / ``$0.50/$1 Blinds No Limit Holdem -
*** 06 01 2014 10:56:05``, seats ``Seat 1: name ( $100 )``, blinds, dead
blinds (``posts dead blind [$1 + $2]``: the small blind dead, the big blind
live), every betting verb, shows, mucks and ``collected``.  Other 888 layouts
(the 2012 one, ``$50 USD PL Texas Hold'em - Tuesday, ...``) are refused by
name.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from decimal import Decimal
from typing import Any

from ._sitetext import hands_of, through_pokerstars
from .model import Hand, HistoryError

__all__ = ["HEAD", "SITE", "read_stream"]

#: the first line of a hand, and the line that names the site
HEAD = re.compile(r"#Game No : (\d+)")
#: the site line: 888poker, or a skin of its software ("Cassava", "LuckyAcePoker.com")
_SITE = re.compile(r"\*+ (\S+) Hand History for Game (\d+) \*+")
SITE = _SITE
_STAKES = re.compile(r"^([$€£]?\s?[\d.,]+\s?[$€£]?)/([$€£]?\s?[\d.,]+\s?[$€£]?) Blinds "
                     r"(No Limit|Pot Limit|Fix Limit) (Holdem|Omaha|OmahaHL)\b.*?"
                     r"\*\*\* (\d\d) (\d\d) (\d{4})")
#: an amount: a currency sign before or after, thousands apart by a comma, a space or a
#: no-break space (also as the "Â\xa0" a file encoded twice makes of it)
_NUM = r"[$€£]?\s?[\d.,\s\xa0\u202fÂ]*\d\s?[$€£]?"
_SEAT = re.compile(r"Seat (\d+): (.+) \( ?(" + _NUM + r") ?\)$")
_BUTTON = re.compile(r"Seat (\d+) is the button")
#: a tournament's line: "Tournament #78669312 $0.01 - Table #3 9 Max (Real Money)"
_TOURNEY = re.compile(r"Tournament #(\d+) (.*?) - Table #\d+ .*$")
_AMT = r"\[\s?(" + _NUM + r")\s?\]"


#: the line patterns, compiled once
_P_DEALING = re.compile(r"\*\* Dealing (down cards|flop|turn|river) \*\*(?: \[(.*)\])?$")
_P_DEALT = re.compile(r"Dealt to (.+) \[(.*)\]$")
_P_HILO = re.compile(r"\((?:Hi|Lo): [^)]*\)")
_P_BLIND = re.compile(r"posts (small|big) blind " + _AMT)
_P_DEAD = re.compile(r"posts dead blind \[\s?([^+\]]+)\+\s?([^\]]+)\]")
_P_ANTE = re.compile(r"posts ante " + _AMT)
_P_CALLS = re.compile(r"calls " + _AMT)
_P_BETS = re.compile(r"bets " + _AMT)
_P_RAISES = re.compile(r"raises " + _AMT)
_P_ALLIN = re.compile(r"allin " + _AMT)
_P_SHOWS = re.compile(r"shows \[(.*)\](?:.*)")
_P_COLLECTED = re.compile(r"collected \[\s?([^\]]+)\]")


_NOT_DIGIT = re.compile(r"[^\d.,]")
_COMMA_CENTS = re.compile(r",\d\d$")


def _who(ln: str, names: set[str]) -> str | None:
    """The longest seated name the line starts with (followed by a space)."""
    i = ln.find(" ")
    who = None
    while i > 0:
        if ln[:i] in names:
            who = ln[:i]
        i = ln.find(" ", i + 1)
    return who


def _plain(t: str) -> str:
    """An amount as written ("$0.50", "25 $", "1,000", "3 023,50 $") as plain digits."""
    t = _NOT_DIGIT.sub("", t)
    if "." not in t and _COMMA_CENTS.search(t):       # a decimal comma: "3 023,50"
        t = t.replace(",", ".")
    return t.replace(",", "")


def _dec(t: str) -> Decimal:
    return Decimal(_plain(t))


class _Street:
    """Each seat's chips in the pot: this street's and the hand's."""

    def __init__(self, names: list[str]) -> None:
        self.now = {nm: Decimal(0) for nm in names}
        self.total = {nm: Decimal(0) for nm in names}
        self.dead = Decimal(0)

    def put(self, nm: str, amount: Decimal) -> Decimal:
        """Add `amount` for `nm`; return the seat's total for the street."""
        self.now[nm] += amount
        self.total[nm] += amount
        return self.now[nm]

    def next(self) -> None:
        self.now = {nm: Decimal(0) for nm in self.now}


_WORDS = {"No Limit": "No Limit", "Pot Limit": "Pot Limit", "Fix Limit": "Fixed Limit"}
_KINDS = {"Holdem": "Hold'em", "Omaha": "Omaha", "OmahaHL": "Omaha Hi/Lo"}
#: what a seat may still write after ``** Summary **``
_AFTER_SUMMARY = ("shows", "mucks", "collected", "did not", "does not")


class _Play:
    """The lines of a hand after its seats, rewritten one at a time into `out`: each
    seat's chips in the pot (`pot`), the shows and mucks (written after the
    actions, with whose they are), the seats folded and what each winner collected."""

    def __init__(self, names: list[str], out: list[str], fail: Any) -> None:
        self.known = set(names)
        self.out = out
        self.fail = fail
        self.pot = _Street(names)
        self.shows: list[str] = []
        self.shown: list[str] = []          # whose line each of `shows` is
        self.folded: set[str] = set()
        self.won: dict[str, Decimal] = {}

    def dealing(self, ln: str) -> bool:
        """A street's or a seat's cards (True when `ln` is one)."""
        if md := _P_DEALING.match(ln):
            street = md.group(1)
            if street == "down cards":
                self.out.append("*** HOLE CARDS ***")
                return True
            self.pot.next()
            cards = (md.group(2) or "").replace(",", " ").split()
            self.out.append(f"*** {street.upper()} *** [{' '.join(cards)}]")
            return True
        if mdt := _P_DEALT.match(ln):
            cards = " ".join(mdt.group(2).replace(",", " ").split())
            self.out.append(f"Dealt to {mdt.group(1)} [{cards}]")
            return True
        return False

    def seat_line(self, ln: str, summary: bool) -> None:
        """A line that starts with a seat's name (else a hand spelled out, or refused)."""
        who = _who(ln, self.known)
        if who is None:
            if _P_HILO.fullmatch(ln):
                return                                    # the hand a seat showed, spelled out
            raise self.fail(f"a line the reader does not know: {ln!r}")
        rest = ln[len(who) + 1:].strip()
        if not (self._post(who, rest) or self._bet(who, rest) or self._show(who, rest)):
            raise self.fail(f"a line the reader does not know: {ln!r}")
        if summary and not rest.startswith(_AFTER_SUMMARY):
            raise self.fail(f"an action after the summary: {ln!r}")

    def _post(self, who: str, rest: str) -> bool:
        """A blind, a dead blind or an ante (True when `rest` is one)."""
        pot, out = self.pot, self.out
        if m := _P_BLIND.fullmatch(rest):
            a = _dec(m.group(2))
            pot.put(who, a)
            out.append(f"{who}: posts {m.group(1)} blind {a}")
        elif m := _P_DEAD.fullmatch(rest):
            a = _dec(m.group(1)) + _dec(m.group(2))
            pot.put(who, _dec(m.group(2)))
            pot.dead += _dec(m.group(1))
            out.append(f"{who}: posts small & big blinds {a}")
        elif m := _P_ANTE.fullmatch(rest):
            a = _dec(m.group(1))
            pot.dead += a
            out.append(f"{who}: posts the ante {a}")
        else:
            return False
        return True

    def _bet(self, who: str, rest: str) -> bool:
        """A fold, a check, a call, a bet, a raise or an all-in (True when `rest` is one):
        888poker writes what each puts in, PokerStars the total raised to."""
        pot, out = self.pot, self.out
        if rest == "folds":
            self.folded.add(who)
            out.append(f"{who}: folds")
        elif rest == "checks":
            out.append(f"{who}: checks")
        elif m := _P_CALLS.fullmatch(rest):
            # a call of the full big blind when the big blind was all in for less puts
            # in more than any bet so far: the excess is a bet of its own (returned if
            # nobody matches it), so it is written as the raise it is
            before = max(pot.now.values())
            to = pot.put(who, _dec(m.group(1)))
            out.append(f"{who}: calls {_dec(m.group(1))}" if to <= before else
                       f"{who}: raises {to - before} to {to}")
        elif m := _P_BETS.fullmatch(rest):
            out.append(f"{who}: bets {pot.put(who, _dec(m.group(1)))}")
        elif m := _P_RAISES.fullmatch(rest):
            before = max(pot.now.values())
            to = pot.put(who, _dec(m.group(1)))
            out.append(f"{who}: raises {to - before} to {to}")
        elif m := _P_ALLIN.fullmatch(rest):
            # all in (partypoker's words): a call, a bet or a raise by what it reaches
            before = max(pot.now.values())
            to = pot.put(who, _dec(m.group(1)))
            out.append(f"{who}: calls {_dec(m.group(1))}" if to <= before else
                       f"{who}: bets {to}" if before == 0 else
                       f"{who}: raises {to - before} to {to}")
        else:
            return False
        return True

    def _show(self, who: str, rest: str) -> bool:
        """A show, a muck, a hand not shown or a pot collected (True when `rest` is one)."""
        if m := _P_SHOWS.fullmatch(rest):
            self.shows.append(
                f"{who}: shows [{' '.join(m.group(1).replace(',', ' ').split())}]")
            self.shown.append(who)
        elif rest.startswith("mucks"):
            self.shows.append(f"{who}: mucks hand")
            self.shown.append(who)
        elif rest in ("did not show his hand", "does not show cards."):
            pass                                          # nothing shown, nothing paid
        elif m := _P_COLLECTED.fullmatch(rest):
            self.won[who] = self.won.get(who, Decimal(0)) + _dec(m.group(1))
        else:
            return False
        return True

    def ending(self, names: list[str], acted: set[str | None], returned_in_won: bool
               ) -> None:
        """The bet returned, the showdown, the winners' lines and the summary (the rake
        what the pot held less what the winners collected)."""
        pot, won, out = self.pot, self.won, self.out
        # the part of the largest stake nobody matched went back to its seat
        totals = sorted(pot.total.items(), key=lambda kv: kv[1], reverse=True)
        returned = totals[0][1] - (totals[1][1] if len(totals) > 1 else Decimal(0))
        in_pot = sum(pot.total.values(), Decimal(0)) + pot.dead - returned
        collected = sum(won.values(), Decimal(0))
        if returned > 0:
            out.append(f"Uncalled bet ({returned}) returned to {totals[0][0]}")
            if totals[0][0] in won and (returned_in_won or (
                    collected > in_pot and collected - in_pot == returned)):
                # a hand that ends before anyone calls the last bet (a walk): 888poker
                # writes the unmatched part in the seat's "collected"
                won[totals[0][0]] -= returned
                collected -= returned
        if not won:
            raise self.fail("no seat collected the pot: a hand cut short?")
        rake = in_pot - collected
        if rake < 0:
            raise self.fail(f"the winners collected {collected}, more than the pot of {in_pot}")
        shows = self.shows
        if len([nm for nm in names if nm in acted and nm not in self.folded]) < 2:
            # no showdown: a winner's cards shown by choice after everyone folded
            shows = [ln for ln, nm in zip(shows, self.shown) if nm in self.folded]
        shows += [f"{nm} collected {a} from pot" for nm, a in won.items()]
        out += ["*** SHOW DOWN ***"] + shows + ["*** SUMMARY ***",
                                               f"Total pot {in_pot} | Rake {rake}"]


def _english(lines: list[str], fail: Any, *, returned_in_won: bool = False
             ) -> tuple[list[str], dict[str, Any]]:
    """The hand's lines in the PokerStars reader's form, and what the hand keeps.

    `returned_in_won`: the winners' lines count the uncalled bet returned
    (partypoker's do; 888poker's only in a hand nobody called).
    """
    head_id = HEAD.match(lines[0])
    site = _SITE.match(lines[1]) if len(lines) > 1 else None
    stakes = _STAKES.match(lines[2]) if len(lines) > 2 else None
    if head_id is None or site is None:
        raise fail("not an 888poker hand: no '***** 888poker Hand History for Game' line")
    if stakes is None:
        raise fail(f"an 888poker layout the reader does not know: {lines[2][:70]!r}"
                   if len(lines) > 2 else "a header and nothing else")
    sb, bb, limit, game, day, month, year = stakes.groups()
    tourney = next((m for ln in lines[3:5] if (m := _TOURNEY.match(ln))), None)
    event = f"Tournament #{tourney.group(1)}, " if tourney else ""
    out = [f"PokerStars Hand #0: {event}{_KINDS[game]} {_WORDS[limit]} "
           f"({_plain(sb)}/{_plain(bb)}) - {year}/{month}/{day}"]
    button = next((m.group(1) for ln in lines[3:6] if (m := _BUTTON.match(ln))), None)
    if button is None:
        raise fail("no button line")
    seats = [m for ln in lines[3:] if (m := _SEAT.match(ln))]
    names = [m.group(2) for m in seats]
    play = _Play(names, out, fail)
    # a seat with no line of its own (no blind, no action, no cards) was not dealt in
    acted = {_who(ln, play.known) for ln in lines[3:]
             if not (ln.startswith("Seat ") and _SEAT.match(ln))}
    out.append(f"Table '888' Seat #{button} is the button")
    out += [f"Seat {m.group(1)}: {m.group(2)} ({_plain(m.group(3))} in chips)"
            for m in sorted(seats, key=lambda m: int(m.group(1))) if m.group(2) in acted]
    summary = False
    for ln in lines[3:]:
        # (both patterns start with "Seat ": a string test first, the same lines)
        if ln.startswith("Seat ") and (_SEAT.match(ln) or _BUTTON.match(ln)) \
                or ln.startswith(("Table ", "Total number")) \
                or (tourney is not None and ln == tourney.group(0)):
            continue
        if ln.startswith("** Summary **"):
            summary = True
        elif not play.dealing(ln):
            play.seat_line(ln, summary)
    play.ending(names, acted, returned_in_won)
    brand = site.group(1)
    keep: dict[str, Any] = {"site": "888poker" if brand == "888poker" else brand,
                            "hand": head_id.group(1), "year": int(year),
                            "month": int(month), "day": int(day), "rake_inferred": True}
    if tourney is not None:
        keep["tournament"] = tourney.group(1)
        keep["buy_in"] = tourney.group(2).strip()
    # a tournament's chips are written with the currency sign too: chips, not money
    if tourney is None and any(c in sb + bb for c in "$€£"):
        keep["currency"] = "EUR" if "€" in sb else "GBP" if "£" in sb else "USD"
    return out, keep


def _hand(lines: list[str], file: str | None, index: int, *,
          returned_in_won: bool = False) -> Hand:
    return through_pokerstars(
        file, index, lambda fail: _english(lines, fail, returned_in_won=returned_in_won))


class _Start:
    """A hand starts at ``#Game No : N``, or at the site's line (``***** 888poker Hand
    History for Game N *****``) where no ``#Game No`` line comes before it (files
    that leave the ``#Game No`` line out)."""

    def __init__(self) -> None:
        self.after_number = False

    def match(self, line: str) -> re.Match[str] | None:
        if not line:
            return None
        m = HEAD.match(line)
        after, self.after_number = self.after_number, m is not None
        if m is None and not after:
            return _SITE.match(line)
        return m


def _hand_any(lines: list[str], file: str | None, index: int) -> Hand:
    if not HEAD.match(lines[0]) and (m := _SITE.match(lines[0])):
        lines = [f"#Game No : {m.group(2)}", *lines]     # the number the site line names
    return _hand(lines, file, index)


def read_stream(lines: Iterable[str], file: str | None, errors: str,
                bad: list[HistoryError]) -> Iterator[Hand]:
    """Hands from 888poker text, one at a time (bad ones raised or collected in `bad`)."""
    return hands_of(lines, file, errors, bad, _Start(), "888poker", _hand_any)
