"""Read iPoker network XML histories (hold'em and Omaha; cash games).

An iPoker file is one ``<session>`` of ``<game>`` elements: each game lists
its players (``chips`` at the start, ``bet`` in all, ``win`` paid back, the
dealer) and its rounds of numbered ``<action>`` elements and ``<cards>``.
This layer writes each game as PokerStars text and lets that reader build
the hand, as the other site layers do.

The action types read: 0 fold, 1 small blind, 2 big blind, 15 ante, 3 call
(the amount added), 4 check, 5 bet, 23 raise (to the amount), 6 raise (by
the amount), 7 all in (the amount added: a call, a bet or a raise by what it
reaches); 8 and 9 (sitting out) move no chips.  Actions are taken in the
order of their ``no``, not of the file.  Cards are written suit first
(``D9 CK H10`` = 9d Kc Td).  A player's ``win`` counts the uncalled bet
returned to them; no line gives the rake, so it is what the pot held less
what the winners were paid (``extra["rake_inferred"]``), and each player's
``bet`` and ``win`` are checked against the actions before the hand is
taken.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Iterable, Iterator
from decimal import Decimal, InvalidOperation
from typing import Any

from ._sitetext import through_pokerstars
from .model import Hand, HistoryError
from .pokerstars import at_line

__all__ = ["read_stream"]

_GAMETYPE = re.compile(r"(Holdem|Omaha)\s+(NL|PL|L|FL)\s+\D?([\d.,]+)\D?/\D?([\d.,]+)")
_GAMETYPE_T = re.compile(r"(Holdem|Omaha)\s+(NL|PL|L|FL)$")
_SUITS = {"C": "c", "D": "d", "H": "h", "S": "s"}
_NOT_AMOUNT = re.compile(r"[^\d.,]")
_COMMA_CENTS = re.compile(r",\d\d$")
_DATE = re.compile(r"(\d{4})-(\d\d)-(\d\d)")


def _money(t: str | None) -> Decimal:
    s = _NOT_AMOUNT.sub("", t or "")
    if _COMMA_CENTS.search(s) and "." not in s:
        s = s.replace(",", ".")
    try:
        return Decimal(s.replace(",", "") or "0")
    except InvalidOperation:
        raise ValueError(f"an amount the reader cannot read: {t!r}") from None


def _cards(t: str) -> str | None:
    """``"D9 CK"`` as ``"9d Kc"``; None for hidden cards (``"X X"``)."""
    out = []
    for c in t.split():
        if c[:1].upper() not in _SUITS or len(c) < 2:
            return None
        out.append(c[1:].upper().replace("10", "T") + _SUITS[c[0].upper()])
    return " ".join(out) or None


_KINDS = {"Holdem": "Hold'em", "Omaha": "Omaha"}
_LIMITS = {"NL": "No Limit", "PL": "Pot Limit", "L": "Fixed Limit", "FL": "Fixed Limit"}
_BOARD_NAMES = {"Flop": "FLOP", "Turn": "TURN", "River": "RIVER"}


def _game_words(game: ET.Element, gametype: str, fail: Any, tourney: str
                ) -> tuple[tuple[str, str], tuple[str, str]]:
    """(game, limit) as the session's ``gametype`` writes them, and the (small, big)
    blind: the gametype's, or in a tournament ("Holdem NL", no stakes) the blinds as
    the game posts them."""
    m = _GAMETYPE.match(gametype.strip())
    if m is not None:
        return (m.group(1), m.group(2)), (m.group(3), m.group(4))
    if tourney and (mt := _GAMETYPE_T.match(gametype.strip())):
        # a tournament: chips, the blinds as the game posts them
        posted = {a.get("type"): a.get("sum") or "0" for r in game.findall("round")
                  if r.get("no") == "0" for a in r.findall("action")
                  if a.get("type") in ("1", "2")}
        # (no blind posted: every seat all in on its ante, no bet to size)
        return (mt.group(1), mt.group(2)), (str(_money(posted.get("1", "0"))),
                                            str(_money(posted.get("2", "0"))))
    raise fail(f"a game the reader does not know: {gametype!r}")


class _Pot:
    """A game's rounds written as PokerStars lines into `out`, with each player's chips
    in the pot: this street's (`now`), the hand's (`total`), the antes (dead money)."""

    def __init__(self, info: dict[str, ET.Element], out: list[str], fail: Any) -> None:
        self.info = info
        self.out = out
        self.fail = fail
        self.now: dict[str, Decimal] = {nm: Decimal(0) for nm in info}
        self.total: dict[str, Decimal] = {nm: Decimal(0) for nm in info}
        self.dead = Decimal(0)
        self.antes: dict[str, Decimal] = {nm: Decimal(0) for nm in info}
        self.folded: set[str] = set()
        self.pocket: dict[str, str] = {}

    def cards(self, r: ET.Element) -> None:
        """A round's cards: the players' pockets kept, a board street written."""
        for c in r.findall("cards"):
            t = c.get("type", "")
            if t == "Pocket":
                cards = _cards(c.text or "")
                if cards:
                    self.pocket[c.get("player", "")] = cards
            elif t in _BOARD_NAMES:
                cards = _cards(c.text or "")
                if cards is None:
                    raise self.fail(f"board cards the reader cannot read: {c.text!r}")
                self.now = {nm: Decimal(0) for nm in self.info}
                self.out.append(f"*** {_BOARD_NAMES[t]} *** [{cards}]")

    def action(self, a: ET.Element) -> None:
        """One ``<action>`` (its type's number, see the module's docstring) written."""
        who, t, amount = a.get("player", ""), a.get("type", ""), _money(a.get("sum"))
        if who not in self.info:
            raise self.fail(f"an action by a player not seated: {who!r}")
        now, total, out = self.now, self.total, self.out
        top = max(now.values())
        if t == "0":
            self.folded.add(who)
            out.append(f"{who}: folds")
        elif t in ("1", "2"):
            now[who] += amount
            total[who] += amount
            out.append(f"{who}: posts {'small' if t == '1' else 'big'} blind {amount}")
        elif t == "15":
            self.dead += amount
            self.antes[who] += amount
            out.append(f"{who}: posts the ante {amount}")
        elif t == "4":
            out.append(f"{who}: checks")
        elif t in ("3", "6", "7"):
            now[who] += amount
            total[who] += amount
            to = now[who]
            out.append(f"{who}: calls {amount}" if t == "3" or (t == "7" and to <= top)
                       else f"{who}: bets {to}" if top == 0 else
                       f"{who}: raises {to - top} to {to}")
        elif t in ("5", "23"):
            total[who] += amount - now[who]
            now[who] = amount
            out.append(f"{who}: bets {amount}" if top == 0 else
                       f"{who}: raises {amount - top} to {amount}")
        elif t not in ("8", "9"):
            raise self.fail(f"an action type the reader does not know: {t!r} ({who})")

    def check_record(self, acting: set[str | None]) -> None:
        """Each player's ``bet`` and ``win`` against the actions."""
        for nm, p in self.info.items():
            bet = _money(p.get("bet"))
            if nm not in acting and (bet or _money(p.get("win"))):
                raise self.fail(f"{nm} bets {p.get('bet')} and is paid {p.get('win')} with "
                                "no action in the hand")
            if self.total[nm] + self.antes[nm] != bet and nm in acting:
                raise self.fail(f"{nm}'s actions put in {self.total[nm] + self.antes[nm]}, "
                                f"the record says {bet}")

    def ending(self, acting: set[str | None]) -> None:
        """The bet returned, the showdown, the winners' lines and the summary (the rake
        what the pot held less what the winners were paid)."""
        info, out, fail = self.info, self.out, self.fail
        ranked = sorted(self.total.items(), key=lambda kv: kv[1], reverse=True)
        returned = ranked[0][1] - (ranked[1][1] if len(ranked) > 1 else Decimal(0))
        if returned > 0:
            out.append(f"Uncalled bet ({returned}) returned to {ranked[0][0]}")
        live = [nm for nm in info if nm in acting and nm not in self.folded]
        if len(live) > 1:
            out.append("*** SHOW DOWN ***")
            # a hand not shown: mucked if the record pays it nothing, else unknown (the
            # record is then the only word on who won, and the hand is not settled)
            out += [f"{nm}: shows [{self.pocket[nm]}]" if nm in self.pocket
                    else f"{nm}: mucks hand"
                    for nm in live if nm in self.pocket or not _money(info[nm].get("win"))]
        paid = Decimal(0)
        for nm, p in info.items():
            win = _money(p.get("win")) - (returned if nm == ranked[0][0] else Decimal(0))
            if win < 0:
                raise fail(f"{nm} is paid {p.get('win')}, less than the bet returned to them")
            if win:
                paid += win
                out.append(f"{nm} collected {win} from pot")
        in_pot = sum(self.total.values(), Decimal(0)) + self.dead - returned
        if not paid:
            raise fail("no player is paid: a hand cut short?")
        if paid > in_pot:
            raise fail(f"the players are paid {paid}, more than the pot of {in_pot}")
        out += ["*** SUMMARY ***", f"Total pot {paid} | Rake {in_pot - paid}"]


def _english(game: ET.Element, gametype: str, currency: str, fail: Any, tourney: str = ""
             ) -> tuple[list[str], dict[str, Any]]:
    """The game's lines in the PokerStars reader's form, and what the hand keeps."""
    kinds, stakes = _game_words(game, gametype, fail, tourney)
    kind, limit = _KINDS[kinds[0]], _LIMITS[kinds[1]]
    date = game.findtext("general/startdate") or ""
    md = _DATE.match(date)
    event = "Tournament #0, " if tourney else ""
    out = [f"PokerStars Hand #0: {event}{kind} {limit} ({stakes[0]}/{stakes[1]}) - "
           + (f"{md.group(1)}/{md.group(2)}/{md.group(3)}" if md else "")]
    players = game.findall("general/players/player")
    if len(players) < 2:
        raise fail("fewer than 2 players")
    dealer = next((p.get("seat") for p in players if p.get("dealer") == "1"), None)
    if dealer is None:
        raise fail("no dealer")
    rounds = sorted(game.findall("round"), key=lambda r: int(r.get("no", "0")))
    acting = {a.get("player") for r in rounds for a in r.findall("action")
              if a.get("type") not in ("8", "9")}
    out.append(f"Table 'iPoker' Seat #{dealer} is the button")
    out += [f"Seat {p.get('seat')}: {p.get('name')} ({_money(p.get('chips'))} in chips)"
            for p in sorted(players, key=lambda p: int(p.get("seat", "0")))
            if p.get("name") in acting]
    pot = _Pot({p.get("name", ""): p for p in players}, out, fail)
    for r in rounds:
        pot.cards(r)
        if r.get("no") == "1":
            out.append("*** HOLE CARDS ***")
            out += [f"Dealt to {nm} [{cards}]" for nm, cards in pot.pocket.items()]
        for a in sorted(r.findall("action"), key=lambda a: int(a.get("no", "0"))):
            pot.action(a)
    pot.check_record(acting)
    pot.ending(acting)
    keep: dict[str, Any] = {"site": "iPoker", "hand": game.get("gamecode", ""),
                            "rake_inferred": True}
    if md:
        keep.update(year=int(md.group(1)), month=int(md.group(2)), day=int(md.group(3)))
    if currency and not tourney:
        keep["currency"] = currency
    if tourney:
        keep["tournament"] = tourney
    return out, keep


def _hand(game: ET.Element, gametype: str, currency: str, file: str | None,
          index: int, tourney: str = "") -> Hand:
    return through_pokerstars(file, index,
                              lambda fail: _english(game, gametype, currency, fail, tourney))


def read_stream(lines: Iterable[str], file: str | None, errors: str,
                bad: list[HistoryError]) -> Iterator[Hand]:
    """Hands from an iPoker XML session, one ``<game>`` at a time (bad ones raised or
    collected in `bad`)."""
    text = "".join(ln if ln.endswith("\n") else ln + "\n" for ln in lines)
    # a file may hold several sessions one after the other: one root over them all
    text = re.sub(r"<\?xml[^>]*\?>", "", text.replace("\ufeff", ""))
    try:
        root = ET.fromstring(("<sessions>" + text + "</sessions>").encode())
    except ET.ParseError as e:
        err = HistoryError(f"not well-formed iPoker XML: {e}", file=file, hand=None,
                           line=e.position[0])
        if errors == "raise":
            raise err from None
        bad.append(err)
        return
    i = 0
    at, line = 0, 1                     # where the last game was found, and its line
    for session in root.iter("session"):
        gametype = session.findtext("general/gametype") or ""
        currency = (session.findtext("general/tablecurrency") or
                    session.findtext("general/currency") or "").strip()
        # a tournament's session names it (its chips are no money)
        tourney = (session.findtext("general/tournamentname") or "").strip()
        for game in session.iter("game"):
            # the game's line in the file: its opening tag, found after the last one
            # (the XML declarations taken out above hold no line end)
            k = text.find(f'<game gamecode="{game.get("gamecode", "")}"', at)
            if k >= 0:
                line += text.count("\n", at, k)
                at = k
            try:
                h = _hand(game, gametype, currency, file, i, tourney)
            except HistoryError as e:
                err = at_line(e, line) if k >= 0 else e
                if errors == "raise":
                    raise err from e.__cause__
                bad.append(err)
            else:
                if k >= 0:
                    h.line = line
                yield h
            i += 1
