"""Read GGPoker text histories (hold'em and pot-limit Omaha cash games).

A thin layer over the PokerStars reader, as for the other sites: GGPoker
writes nearly PokerStars' words (``Poker Hand #HD23847510: Hold'em No Limit
($0.5/$1) - 2017/11/12 11:43:27``, ``Seat 1: 79adcegg ($173.04 in chips)``,
``name: raises $2.5 to $3.5``, ``*** SUMMARY ***``), so each line is
rewritten into the PokerStars form and the hand read there.  The hand keeps
GGPoker's own id (``extra["hand"] = "HD23847510"``), its date and its
currency; dollar amounts are counted in cents (exact integers).

What is GGPoker's own, and how it is read:

- **"Hero".**  GGPoker names every other player by a hashed id and the
  player whose history it is ``Hero``; the seat dealt known cards is kept as
  ``extra["hero"]``.  The ``Dealt to name`` lines with no cards are dropped.
- **The summary's fees.**  ``Total pot $55.04 | Rake $2.7 | Jackpot $1 |
  Bingo $0 | Fortune $0 | Tax $0``: everything after the total is taken from
  the pot before it is paid, so the hand's rake (``Hand.rake``, the amount
  the replay checks the winners' ``collected`` lines against) is their sum;
  the hand keeps each as written, in cents: ``extra["site_rake"]`` (270),
  ``extra["jackpot_fee"]`` (100), ``"bingo_fee"``, ``"fortune_fee"``,
  ``"tax_fee"`` (those the line writes).
- **Run it twice and three times.**  ``*** FIRST FLOP ***``, ``*** SECOND
  TURN ***``, ``*** THIRD RIVER ***`` ...: the first run is the board, the
  others ``extra["second_board"]`` and ``extra["third_board"]``, and each
  ``*** FIRST SHOWDOWN ***`` pays its share of the pot.
- **Straddles** (``name: straddle $2``) from any seat after the big blind,
  the action then starting after the straddle; **missed blinds** (``posts
  missed blind $0.5`` before ``posts big blind $1``: dead money, the big
  blind live).
- **Bet & Muck** (``name: Bet & Muck $0.05``: a bet its player gives up if
  it is called; ``name: Bet & Muck folds`` after the call): a bet, then a
  muck at the showdown.
- **EV cashouts.**  ``name: Chooses to EV Cashout`` during an all-in run-out,
  then ``name: Pays Cashout Risk ($22.68)`` (it won: the site keeps that much
  of its pot share) or ``name: Receives Cashout ($9.98)`` (it lost: the site
  pays it that much).  The replay settles the pot by the cards (the
  ``collected`` lines, which the site writes before the cashout is applied);
  ``extra["cash_out"]`` holds ``{name: {"amount", "fee", "pot_share",
  "risk_paid", "received"}}`` with ``amount = pot_share - risk_paid +
  received`` (what the seat ended with; GGPoker writes no fee, so ``fee`` is
  None), and :func:`handrank.history.pokerstars.net_as_paid` gives each
  seat's net as the site paid it.

Not read, each refused by name: tournament hands (``Poker Hand #TM...``),
short deck (``ShortDeck``: antes, a button blind) and 5- and 6-card Omaha,
since no licensed real sample of them was found to check the reader against.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from decimal import Decimal, InvalidOperation
from typing import Any

from ._sitetext import hands_of, through_pokerstars
from .model import Hand, HistoryError

__all__ = ["HEAD", "read_stream"]

#: the first line of a GGPoker hand: "Poker Hand #HD23847510: "
HEAD = re.compile(r"Poker Hand #([A-Z]{2,3}\d+): ")
_CASH = re.compile(r"Poker Hand #([A-Z]{2,3}\d+): (.+?) +\((\$?[\d.,]+)/(\$?[\d.,]+)\) - "
                   r"(\d{4})/(\d\d)/(\d\d)")
_AMT = r"\$?[\d.,]+"
#: the games read, by GGPoker's words in the header
_GAMES = {"Hold'em No Limit": "Hold'em No Limit", "PLO": "Omaha Pot Limit"}
_SEAT = re.compile(r"Seat (\d+): (.+) \((\$?[\d.,]+) in chips\)")
_FEES = re.compile(r"\| (Rake|Jackpot|Bingo|Fortune|Tax) (\$?[\d.,]+)")
#: each fee of the summary, as the hand keeps it (``extra["jackpot_fee"]`` ...)
_FEE_KEY = {"Rake": "site_rake", "Jackpot": "jackpot_fee", "Bingo": "bingo_fee",
            "Fortune": "fortune_fee", "Tax": "tax_fee"}
_TOTAL = re.compile(r"Total pot (\$?[\d.,]+) ")
_COLLECTED = re.compile(r"(.+) collected (\$?[\d.,]+) from pot")
_CARDS = re.compile(r"\[([^\]]*)\]")
#: what follows a seat's name on GGPoker's own lines
_MISSED = re.compile(r"posts missed blind (" + _AMT + ")")
_BIG = re.compile(r"posts big blind (" + _AMT + ")")
_STRADDLE = re.compile(r"straddle (" + _AMT + ")")
_BET_MUCK = re.compile(r"Bet & Muck (" + _AMT + ")")
_RISK = re.compile(r"Pays Cashout Risk \((" + _AMT + r")\)")
_RECEIVED = re.compile(r"Receives Cashout \((" + _AMT + r")\)")


def _card_case(m: re.Match[str]) -> str:
    """Cards in brackets as rank upper case, suit lower case ("ks" is the Ks)."""
    return "[" + " ".join(c[:-1].upper() + c[-1:].lower() for c in m.group(1).split()) + "]"


def _cents(t: str) -> int:
    try:
        d = Decimal(t.lstrip("$").replace(",", "")) * 100
    except InvalidOperation:
        raise ValueError(f"an amount the reader does not read: {t!r}") from None
    if d != int(d):
        raise ValueError(f"amount {t!r} is not a whole number of cents")
    return int(d)


def _game(words: str, head: str) -> str:
    words = " ".join(words.split())
    if words in _GAMES:
        return _GAMES[words]
    raise ValueError(f"a GGPoker game the reader does not read: {words!r} in {head[:90]!r}")


def _header(lines: list[str], fail: Any) -> tuple[re.Match[str], str]:
    """The header's match and the hand's first line in the PokerStars reader's form."""
    head = lines[0]
    if head.startswith("Poker Hand #TM") or " Tournament #" in head:
        raise fail("a GGPoker tournament hand: not read (handrank reads GGPoker cash games)")
    m = _CASH.match(head)
    if m is None:
        raise fail(f"a GGPoker header the reader does not read: {head[:90]!r}")
    return m, (f"PokerStars Hand #0: {_game(m.group(2), head)} ({m.group(3)}/{m.group(4)}) - "
               f"{m.group(5)}/{m.group(6)}/{m.group(7)}")


def _pot_line(ln: str, fail: Any) -> tuple[str, dict[str, int]]:
    """The summary's ``Total pot`` line with every fee the site takes from the pot as the
    rake the winners pay, and each fee in cents (``extra["site_rake"]`` ...)."""
    fees = {_FEE_KEY[k]: _cents(v) for k, v in _FEES.findall(ln)}
    mt = _TOTAL.match(ln)
    if mt is None or "site_rake" not in fees:
        raise fail(f"a summary's pot line the reader cannot read: {ln!r}")
    took = Decimal(sum(fees.values())) / 100
    return f"Total pot {mt.group(1)} | Rake ${took}", fees


class _Rewrite:
    """The lines of a hand before its summary, rewritten one at a time into `out`, and
    what they tell aside: the seat dealt known cards, the missed blinds waiting for
    a big blind, and each seat's cashout risk paid, cashout received and pot collected
    (in cents)."""

    def __init__(self, names: list[str], out: list[str]) -> None:
        self.names = names
        self.out = out
        self.hero: str | None = None
        self.missed: dict[str, str] = {}    # a missed blind posted, waiting for the big blind
        self.risk: dict[str, int] = {}
        self.received: dict[str, int] = {}
        self.collected: dict[str, int] = {}

    def line(self, ln: str) -> None:
        out = self.out
        if ln.startswith("Dealt to "):
            if "[" in ln:                   # (else a seat dealt in, its cards not known)
                self.hero = ln[len("Dealt to "):].rsplit(" [", 1)[0]
                out.append(ln)
            return
        if ln.startswith("*** "):
            if ln == "*** SHOWDOWN ***" or ln.endswith(" SHOWDOWN ***"):
                out.append("*** SHOW DOWN ***")
                return
            if ln.startswith("*** HOLE CARDS"):
                # a missed blind with no big blind after it: dead money
                out += [f"{w}: posts the ante {a}" for w, a in self.missed.items()]
                self.missed.clear()
            out.append(ln)
            return
        if (mc := _COLLECTED.fullmatch(ln)) and mc.group(1) in self.names:
            self.collected[mc.group(1)] = (self.collected.get(mc.group(1), 0)
                                           + _cents(mc.group(2)))
            out.append(ln)
            return
        who = max((nm for nm in self.names if ln.startswith(nm + ": ")), key=len, default=None)
        if who is None:
            out.append(ln)
            return
        rest = ln[len(who) + 2:].strip()
        if self._blind(who, rest):
            return
        self._action(who, rest, ln)

    def _blind(self, who: str, rest: str) -> bool:
        """A missed blind's lines (True when `rest` is written, or kept for later)."""
        missed = self.missed
        if who in missed and not rest.startswith("posts big blind "):
            self.out.append(f"{who}: posts the ante {missed.pop(who)}")
        if mm := _MISSED.fullmatch(rest):
            missed[who] = mm.group(1)
            return True
        if who in missed and (mb := _BIG.fullmatch(rest)):
            # a player coming back: the missed small blind dead, the big blind live
            both = Decimal(missed.pop(who).lstrip("$")) + Decimal(mb.group(1).lstrip("$"))
            self.out.append(f"{who}: posts small & big blinds ${both}")
            return True
        return False

    def _action(self, who: str, rest: str, ln: str) -> None:
        """A seat's line other than a missed blind's: GGPoker's own verbs rewritten."""
        out = self.out
        if ms := _STRADDLE.fullmatch(rest):
            # from any seat after the big blind (not only the next): the reader's
            # "posts a straddle"
            out.append(f"{who}: posts a straddle {ms.group(1)}")
        elif mb2 := _BET_MUCK.fullmatch(rest):
            out.append(f"{who}: bets {mb2.group(1)}")
        elif rest == "Bet & Muck folds":
            out.append(f"{who}: mucks hand")
        elif rest == "Chooses to EV Cashout":
            pass                        # what it is paid comes on a line of its own
        elif mc := _RISK.fullmatch(rest):
            self.risk[who] = self.risk.get(who, 0) + _cents(mc.group(1))
        elif mc := _RECEIVED.fullmatch(rest):
            self.received[who] = self.received.get(who, 0) + _cents(mc.group(1))
        else:
            out.append(ln)

    def cash_out(self) -> dict[str, dict[str, Any]]:
        """``extra["cash_out"]``: each seat that cashed out, what it ended with."""
        risk, received, collected = self.risk, self.received, self.collected
        return {nm: {"amount": collected.get(nm, 0) - risk.get(nm, 0) + received.get(nm, 0),
                     "fee": None, "pot_share": collected.get(nm, 0),
                     "risk_paid": risk.get(nm, 0), "received": received.get(nm, 0)}
                for nm in sorted(set(risk) | set(received))}


def _english(lines: list[str], fail: Any) -> tuple[list[str], dict[str, Any]]:
    """The hand's lines in the PokerStars reader's form, and what the hand keeps."""
    m, first = _header(lines, fail)
    out = [first]
    summary = next((i for i, ln in enumerate(lines) if ln.startswith("*** SUMMARY")),
                   len(lines))
    rw = _Rewrite([ms.group(2) for ln in lines[1:summary] if (ms := _SEAT.match(ln))], out)
    fees: dict[str, int] = {}
    for i, ln in enumerate(lines[1:], 1):
        if "[" in ln:
            ln = _CARDS.sub(_card_case, ln)
        if i < summary:
            rw.line(ln)
            continue
        if ln.startswith("Total pot "):
            ln, fees = _pot_line(ln, fail)
        out.append(ln)
    keep: dict[str, Any] = {"site": "GGPoker", "hand": m.group(1), "year": int(m.group(5)),
                            "month": int(m.group(6)), "day": int(m.group(7)), **fees}
    if m.group(3).startswith("$"):
        keep["currency"] = "USD"
    if rw.hero is not None:
        keep["hero"] = rw.hero
    if rw.risk or rw.received:
        keep["cash_out"] = rw.cash_out()
    return out, keep


def _hand(lines: list[str], file: str | None, index: int) -> Hand:
    return through_pokerstars(file, index, lambda fail: _english(lines, fail))


def read_stream(lines: Iterable[str], file: str | None, errors: str,
                bad: list[HistoryError]) -> Iterator[Hand]:
    """Hands from GGPoker text, one at a time (bad ones raised or collected in `bad`)."""
    return hands_of(lines, file, errors, bad, HEAD, "GGPoker", _hand)
