"""Read partypoker text histories (hold'em and Omaha, hi and hi-lo; cash games).

partypoker and 888poker grew from one layout: each action writes what it
adds (``raises [$0.30 USD]``), no line writes the uncalled bet or the rake,
and the winners' lines (``wins $20.66 USD from the main pot``) close the hand.
This layer rewrites a partypoker hand into the 888poker reader's words (the
header, ``is all-In``, ``wins``, ``doesn't show [cards]`` as cards shown at the
showdown), and that reader does the rest (see :mod:`.poker888`): the rake is
worked out as the pot less what the winners were paid
(``extra["rake_inferred"]``).

Recognised: ``***** Hand History for Game 13549932236 *****`` then ``$0.05/$0.10
USD NL Texas Hold'em - Sunday, January 05, 19:24:07 EST 2014`` (or ``$1,000
USD PL Omaha`` for a table named by its buy-in: the blinds are then read from
the posts), seats ``Seat 2: name ( $29.58 USD )``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from decimal import Decimal
from typing import Any

from . import poker888
from ._sitetext import hands_of
from .model import Hand, HistoryError

__all__ = ["HEAD", "read_stream"]

#: the first line of a hand
HEAD = re.compile(r"\*{5} Hand History for Game (\d+) \*{5}")
_GAME = re.compile(r"^(?:([$€£][\d.,]+)/)?([$€£][\d.,]+) (USD|EUR|GBP) (NL|PL|FL) "
                   r"(Texas Hold'em|Omaha Hi-Lo|Omaha) - \w+, (\w+) (\d{1,2}), .* (\d{4})$")
_MONTHS = {m: i for i, m in enumerate(
    ["January", "February", "March", "April", "May", "June", "July", "August", "September",
     "October", "November", "December"], 1)}
#: lines that move no chips: read and let go
_QUIET = re.compile(r" (?:will be using (?:his|her|their) time bank for this hand\.|"
                    r"has joined the table\.|has left the table\.|did not respond in time|"
                    r"is sitting out|shows[\dTJQKA,]+\s+for low\.)\s*$|^Your time bank ")


#: the line patterns, compiled once
_POSTED = re.compile(r" posts (small|big) blind \[([^\]]*?)(?: USD| EUR| GBP)?\]")
_SEAT_NAME = re.compile(r"Seat \d+: (.+) \( ")
_CURRENCY = re.compile(r" (?:USD|EUR|GBP)(?=\s?[\])])")
_POST_DOT = re.compile(r"(posts (?:small|big) blind(?: \+ dead)? \[[^\]]*\])\.$")
_DEAD = re.compile(r" posts big blind \+ dead \[([$€£]?)([\d.,]+)\]$")
_DEALING = re.compile(r"\*\* Dealing (Flop|Turn|River) \*\*")
_ALLIN = re.compile(r" is all-In\s+\[")
_NOSHOW = re.compile(r" doesn't show \[([^\]]*)\].*$")
_WINS = re.compile(r" wins (?:(?:Hi|Lo) \()?([$€£]?[\d.,]+)\)?(?: USD| EUR| GBP| chips)?"
                   r"(?: from the .*)?$")


def _eight88(lines: list[str], fail: Any) -> tuple[list[str], dict[str, Any]]:
    """The hand in the 888poker reader's words, and what the hand keeps."""
    head = HEAD.match(lines[0])
    g = _GAME.match(lines[1]) if len(lines) > 1 else None
    t = _TGAME.match(lines[1]) if len(lines) > 1 and g is None else None
    if head is not None and t is not None:
        return _tournament(lines, head.group(1), t, fail)
    if head is None or g is None:
        raise fail("a partypoker layout the reader does not know: "
                   f"{(lines[1] if len(lines) > 1 else lines[0])[:70]!r}")
    sb, bb, currency, limit, game, month, day, year = g.groups()
    posted = {k: m.group(2) for ln in lines if " posts " in ln
              if (m := _POSTED.search(ln)) for k in [m.group(1)]}
    if sb is None:                      # a table named by its buy-in: the blinds as posted
        sb, bb = posted.get("small"), posted.get("big")
        if sb is None or bb is None:
            raise fail("no blinds in the header and no small and big blind posted")
    words = {"NL": "No Limit", "PL": "Pot Limit", "FL": "Fix Limit"}[limit]
    kind = {"Texas Hold'em": "Holdem", "Omaha": "Omaha", "Omaha Hi-Lo": "OmahaHL"}[game]
    if month not in _MONTHS:
        raise fail(f"an unknown month {month!r}")
    out = [f"#Game No : {head.group(1)}",
           f"***** 888poker Hand History for Game {head.group(1)} *****",
           f"{sb}/{bb} Blinds {words} {kind} - *** {int(day):02d} {_MONTHS[month]:02d} "
           f"{year} 00:00:00"]
    names = {m.group(1) for ln in lines if (m := _SEAT_NAME.match(ln))}
    small_posted = False
    for ln in lines[2:]:
        i = ln.find(": ")
        while i > 0:
            if ln[:i] in names:
                break                                     # a player's chat
            i = ln.find(": ", i + 1)
        if i > 0:
            continue
        if "USD" in ln or "EUR" in ln or "GBP" in ln:
            ln = _CURRENCY.sub("", ln)
        if _QUIET.search(ln) or ln.startswith(("Game #", "#Game No")):
            continue
        if ln.endswith("]."):
            ln = _POST_DOT.sub(r"\1", ln)
        if "+ dead" in ln and (m := _DEAD.search(ln)):
            # the big blind live, the small blind dead
            dead = Decimal(m.group(2).replace(",", "")) - Decimal(re.sub(r"[^\d.]", "", bb))
            ln = (ln[:m.start()] + f" posts dead blind [{m.group(1)}{dead} + "
                  f"{m.group(1)}{re.sub(r'[^0-9.]', '', bb)}]")
        elif " posts small blind [" in ln:
            if small_posted:                              # a second small blind: live
                ln = ln.replace(" posts small blind [", " posts big blind [")
            small_posted = True
        if ln.startswith("** Dealing "):
            ln = _DEALING.sub(lambda m: f"** Dealing {m.group(1).lower()} **", ln)
        if " is all-In" in ln:
            ln = _ALLIN.sub(" allin [", ln)
        if " doesn't show [" in ln:
            ln = _NOSHOW.sub(r" shows [\1]", ln)
        if " wins " in ln:
            ln = _WINS.sub(r" collected [ \1 ]", ln)
        out.append(ln)
    keep = {"site": "partypoker", "currency": currency}
    return out, keep


#: a tournament's game line: "NL Texas Hold'em $22 USD Buy-in Trny:125049467 Level:12
#: Blinds-Antes(1.200/2.400 -400) - Thursday, May 12, 17:41:57 EDT 2016"
_TGAME = re.compile(r"^(NL|PL|FL) (Texas Hold'em|Omaha Hi-Lo|Omaha) (.*?) Trny:(\d+) "
                    r"Level:\d+\s+Blinds-Antes\(([\d.,]+)/([\d.,]+)(?: -[\d.,]+)?\) - "
                    r"\w+, (\w+) (\d{1,2}), .* (\d{4})$")


def _tournament(lines: list[str], game_id: str, t: re.Match[str], fail: Any
                ) -> tuple[list[str], dict[str, Any]]:
    """A tournament hand in the 888poker reader's words (its tournament line, chips:
    the blinds written with a dot or a comma between thousands)."""
    limit, game, buyin, trny, sb, bb, month, day, year = t.groups()
    if month not in _MONTHS:
        raise fail(f"an unknown month {month!r}")
    words = {"NL": "No Limit", "PL": "Pot Limit", "FL": "Fix Limit"}[limit]
    kind = {"Texas Hold'em": "Holdem", "Omaha": "Omaha", "Omaha Hi-Lo": "OmahaHL"}[game]
    sb, bb = re.sub(r"[.,]", "", sb), re.sub(r"[.,]", "", bb)
    buyin = _CURRENCY.sub("", buyin.replace(" Buy-in", "")).strip() or "-"
    out = [f"#Game No : {game_id}",
           f"***** 888poker Hand History for Game {game_id} *****",
           f"{sb}/{bb} Blinds {words} {kind} - *** {int(day):02d} {_MONTHS[month]:02d} "
           f"{year} 00:00:00",
           f"Tournament #{trny} {buyin} - Table #0 (Real Money)"]
    for ln in lines[2:]:
        if ln.startswith(("Trny:", "Blinds-Antes(", "Table ", "Game #", "#Game No")) or \
                _QUIET.search(ln):
            continue
        if ln.endswith("]."):
            ln = _POST_DOT.sub(r"\1", ln)
        if ln.startswith("** Dealing "):
            ln = _DEALING.sub(lambda m: f"** Dealing {m.group(1).lower()} **", ln)
        if " is all-In" in ln:
            ln = _ALLIN.sub(" allin [", ln)
        if " doesn't show [" in ln:
            ln = _NOSHOW.sub(r" shows [\1]", ln)
        if " wins " in ln:
            ln = _WINS.sub(r" collected [ \1 ]", ln)
        out.append(ln)
    return out, {"site": "partypoker", "tournament": trny}


def _hand(lines: list[str], file: str | None, index: int) -> Hand:
    def fail(msg: str) -> HistoryError:
        return HistoryError(msg, file=file, hand=index + 1)
    eight88, keep = _eight88(lines, fail)
    h = poker888._hand(eight88, file, index, returned_in_won=True)
    h.extra.update(keep)
    return h


def read_stream(lines: Iterable[str], file: str | None, errors: str,
                bad: list[HistoryError]) -> Iterator[Hand]:
    """Hands from partypoker text, one at a time (bad ones raised or collected in `bad`)."""
    return hands_of(lines, file, errors, bad, HEAD, "partypoker", _hand,
                    ignore=("#Game No", "Game #"))
