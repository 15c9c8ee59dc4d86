"""Read Winamax text histories (hold'em and Omaha, cash games and tournaments).

A thin layer over the PokerStars reader: Winamax writes the same events in
nearly the same words (``name raises 2€ to 2.50€``, ``*** FLOP *** [..]``,
``name collected 43.45€ from pot``, ``Total pot 43.45€ | Rake 3€``), so each
line is rewritten into the PokerStars form and the hand read there.  The
hand keeps Winamax's own id (``"5343878-96-1383820687"``), its date and its
currency; euro amounts are counted in cents (exact integers).

Recognised: the header ``Winamax Poker - CashGame - HandId: #... - Holdem no
limit (0.25€/0.50€) - 2013/11/07 10:38:07 UTC`` (and ``Tournament``
headers), ``Table: '...' 6-max (real money) Seat #4 is the button``, seats
``Seat 1: name (67.80€)``, the blinds and antes, every betting verb, shows,
``collected ... from pot`` and the summary's rake.  Files written in
Latin-1 (the euro sign lost as a replacement character) read the same.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import Any

from ._sitetext import hands_of, through_pokerstars
from .model import Hand, HistoryError

__all__ = ["HEAD", "read_stream"]

#: the first line of a Winamax hand
HEAD = re.compile(r"Winamax Poker - (.*?) - HandId: #([\d-]+) - (.+?) \(([^)]*)\) - "
                  r"(\d{4})/(\d\d)/(\d\d)")
#: the currency after an amount: the euro, dollar or pound sign, or what a Latin-1 or
#: cp1252 file makes of the euro (a replacement character, 0x80, 0xa4)
_CUR = "[€$£\ufffd\x80\xa4]?"
_AMT = r"([\d.,]+)" + _CUR
_TABLE = re.compile(r"Table: '(.*)' (.*?)(?: \((?:real|play) money\))? (Seat #\d+ is the button)")
_SEAT = re.compile(r"Seat (\d+): (.+) \(" + _AMT + r"(?:, [^)]*)?\)(.*)$")
#: the verbs that follow a player's name, in PokerStars' words
_VERBS = [
    # a small blind "out of position" (a player coming back): the PokerStars reader
    # takes a second small blind as dead money
    (re.compile(r"posts small blind " + _AMT + "( out of position)?$"), r"posts small blind \1"),
    (re.compile(r"posts big blind " + _AMT + "( out of position)?$"), r"posts big blind \1"),
    (re.compile(r"posts ante " + _AMT + "$"), r"posts the ante \1"),
    (re.compile(r"posts straddle " + _AMT + "$"), r"posts straddle \1"),
    (re.compile(r"folds$"), "folds"),
    (re.compile(r"checks$"), "checks"),
    (re.compile(r"calls " + _AMT + "( and is all-in)?$"), r"calls \1\2"),
    (re.compile(r"bets " + _AMT + "( and is all-in)?$"), r"bets \1\2"),
    (re.compile(r"raises " + _AMT + " to " + _AMT + "( and is all-in)?$"), r"raises \1 to \2\3"),
    (re.compile(r"shows \[([^\]]*)\].*$"), r"shows [\1]"),
    (re.compile(r"mucks.*$"), "mucks"),
    (re.compile(r"doesn't show.*$"), "doesn't show hand"),
]


def _game(words: str) -> str:
    """Winamax's game words as the PokerStars reader's header words."""
    w = words.lower()
    limit = ("No Limit" if "no limit" in w else "Pot Limit" if "pot limit" in w
             else "Fixed Limit" if "limit" in w else "")
    if not limit:
        raise ValueError(f"unknown betting structure in {words!r}")
    if w.startswith("holdem"):
        return f"Hold'em {limit}"
    if w.startswith(("5 card omaha", "omaha5")):
        if limit != "Pot Limit":
            raise ValueError(f"5-card Omaha other than pot limit is not read: {words!r}")
        return "5 Card Omaha Hi/Lo Pot Limit" if "hi/lo" in w else "5 Card Omaha Pot Limit"
    if w.startswith("omaha"):
        if "5" in w.split()[0]:
            raise ValueError(f"5-card Omaha is not read yet: {words!r}")
        return "Omaha Hi/Lo " + limit if "hi/lo" in w or "hilo" in w else "Omaha " + limit
    raise ValueError(f"unsupported game {words!r}")


def _english(lines: list[str], fail: Any) -> tuple[list[str], dict[str, Any]]:
    """The hand's lines in the PokerStars reader's form, and what the hand keeps."""
    m = HEAD.match(lines[0])
    if m is None:
        raise fail("not a Winamax header")
    kind, hand_id, words, stakes = m.group(1), m.group(2), m.group(3), m.group(4)
    sb, _, bb = stakes.rpartition("/")
    blind = re.sub(r"[^\d.,/]", "", sb + "/" + bb)
    cash = "CashGame" in kind
    head = (f"PokerStars Hand #0: {'' if cash else 'Tournament #0, '}"
            f"{_game(words)} ({blind}) - {m.group(5)}/{m.group(6)}/{m.group(7)}")
    names: list[str] = []
    out = [head]
    summary = next((i for i, ln in enumerate(lines) if ln.startswith("*** SUMMARY")),
                   len(lines))
    seated = [(i, ms) for i, ln in enumerate(lines[:summary]) if (ms := _SEAT.match(ln))]
    every = [ms.group(2) for _, ms in seated]
    # a seat with no line of its own before the summary (no blind, no action, no cards)
    # was not dealt in: it sits out this hand
    acted = {max((nm for nm in every if ln.startswith(nm + " ")), key=len, default=None)
             for ln in lines[1:summary]} | {
        ln[len("Dealt to "):].rsplit(" [", 1)[0] for ln in lines[1:summary]
        if ln.startswith("Dealt to ")}
    seat_lines = {i for i, _ in seated}
    for i, ln in enumerate(lines):
        if i == 0:
            continue
        if mt := _TABLE.match(ln):
            out.append(f"Table '{mt.group(1)}' {mt.group(2)} {mt.group(3)}")
            continue
        if i in seat_lines:
            ms = _SEAT.match(ln)
            assert ms is not None
            names.append(ms.group(2))
            if ms.group(2) in acted:
                out.append(f"Seat {ms.group(1)}: {ms.group(2)} ({ms.group(3)} in chips)")
            continue
        if ln.startswith("*** ANTE/BLINDS"):
            continue
        if ln.startswith("*** PRE-FLOP"):
            out.append("*** HOLE CARDS ***")
            continue
        if ln.startswith(("*** ", "Dealt to ", "Board: ")):
            # "*** TURN *** [Ah Qd 3h][2c]" (no space between the brackets) as well
            out.append(ln.replace("][", "] ["))
            continue
        if ln.startswith("Total pot "):
            out.append(re.sub(r"([\d.,]+)" + _CUR, r"\1", ln))
            continue
        who = max((nm for nm in names if ln.startswith(nm + " ")), key=len, default=None)
        if who is None:
            out.append(ln)
            continue
        rest = ln[len(who) + 1:].strip()
        if mc := re.match(r"collected " + _AMT + r" from (?:the )?(?:main |side )?pot", rest):
            out.append(f"{who} collected {mc.group(1)} from pot")
            continue
        for pat, to in _VERBS:
            if pat.match(rest):
                out.append(f"{who}: {pat.sub(to, rest)}")
                break
        else:
            raise fail(f"a line the reader does not know: {ln!r}")
    keep = {"site": "Winamax", "hand": hand_id, "year": int(m.group(5)),
            "month": int(m.group(6)), "day": int(m.group(7))}
    if cash:
        keep["currency"] = "EUR"
    return out, keep


def _hand(lines: list[str], file: str | None, index: int) -> Hand:
    return through_pokerstars(file, index, lambda fail: _english(lines, fail))


def read_stream(lines: Iterable[str], file: str | None, errors: str,
                bad: list[HistoryError]) -> Iterator[Hand]:
    """Hands from Winamax text, one at a time (bad ones raised or collected in `bad`)."""
    return hands_of(lines, file, errors, bad, HEAD, "Winamax", _hand)
