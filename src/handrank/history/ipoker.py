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


def _money(t: str | None) -> Decimal:
    s = re.sub(r"[^\d.,]", "", t or "")
    if re.search(r",\d\d$", s) and "." not in s:
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


def _english(game: ET.Element, gametype: str, currency: str, fail: Any, tourney: str = ""
             ) -> tuple[list[str], dict[str, Any]]:
    m = _GAMETYPE.match(gametype.strip())
    if m is not None:
        kinds, stakes = m.group(1, 2), (m.group(3), m.group(4))
    elif tourney and (mt := _GAMETYPE_T.match(gametype.strip())):
        # a tournament ("Holdem NL", no stakes): chips, the blinds as the game posts them
        kinds = mt.group(1, 2)
        posted = {a.get("type"): a.get("sum") or "0" for r in game.findall("round")
                  if r.get("no") == "0" for a in r.findall("action")
                  if a.get("type") in ("1", "2")}
        # (no blind posted: every seat all in on its ante, no bet to size)
        stakes = (str(_money(posted.get("1", "0"))), str(_money(posted.get("2", "0"))))
    else:
        raise fail(f"a game the reader does not know: {gametype!r}")
    kind = {"Holdem": "Hold'em", "Omaha": "Omaha"}[kinds[0]]
    limit = {"NL": "No Limit", "PL": "Pot Limit", "L": "Fixed Limit", "FL": "Fixed Limit"}[
        kinds[1]]
    date = game.findtext("general/startdate") or ""
    md = re.match(r"(\d{4})-(\d\d)-(\d\d)", date)
    event = "Tournament #0, " if tourney else ""
    out = [f"PokerStars Hand #0: {event}{kind} {limit} ({stakes[0]}/{stakes[1]}) - "
           + (f"{md.group(1)}/{md.group(2)}/{md.group(3)}" if md else "")]
    players = game.findall("general/players/player")
    if len(players) < 2:
        raise fail("fewer than 2 players")
    info = {p.get("name", ""): p for p in players}
    dealer = next((p.get("seat") for p in players if p.get("dealer") == "1"), None)
    if dealer is None:
        raise fail("no dealer")
    rounds = sorted(game.findall("round"), key=lambda r: int(r.get("no", "0")))
    acting = {a.get("player") for r in rounds for a in r.findall("action")
              if a.get("type") not in ("8", "9")}
    out.append(f"Table 'iPoker' Seat #{dealer} is the button")
    for p in sorted(players, key=lambda p: int(p.get("seat", "0"))):
        if p.get("name") in acting:
            out.append(f"Seat {p.get('seat')}: {p.get('name')} ({_money(p.get('chips'))} "
                       "in chips)")
    now: dict[str, Decimal] = {nm: Decimal(0) for nm in info}
    total: dict[str, Decimal] = {nm: Decimal(0) for nm in info}
    dead = Decimal(0)
    antes: dict[str, Decimal] = {nm: Decimal(0) for nm in info}
    folded: set[str] = set()
    pocket: dict[str, str] = {}
    board_names = {"Flop": "FLOP", "Turn": "TURN", "River": "RIVER"}
    for r in rounds:
        for c in r.findall("cards"):
            t = c.get("type", "")
            if t == "Pocket":
                cards = _cards(c.text or "")
                if cards:
                    pocket[c.get("player", "")] = cards
            elif t in board_names:
                cards = _cards(c.text or "")
                if cards is None:
                    raise fail(f"board cards the reader cannot read: {c.text!r}")
                now = {nm: Decimal(0) for nm in info}
                out.append(f"*** {board_names[t]} *** [{cards}]")
        if r.get("no") == "1":
            out.append("*** HOLE CARDS ***")
            out += [f"Dealt to {nm} [{cards}]" for nm, cards in pocket.items()]
        for a in sorted(r.findall("action"), key=lambda a: int(a.get("no", "0"))):
            who, t, amount = a.get("player", ""), a.get("type", ""), _money(a.get("sum"))
            if who not in info:
                raise fail(f"an action by a player not seated: {who!r}")
            top = max(now.values())
            if t == "0":
                folded.add(who)
                out.append(f"{who}: folds")
            elif t in ("1", "2"):
                now[who] += amount
                total[who] += amount
                out.append(f"{who}: posts {'small' if t == '1' else 'big'} blind {amount}")
            elif t == "15":
                dead += amount
                antes[who] += amount
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
            elif t in ("8", "9"):
                continue
            else:
                raise fail(f"an action type the reader does not know: {t!r} ({who})")
    for nm, p in info.items():
        bet = _money(p.get("bet"))
        if nm not in acting and (bet or _money(p.get("win"))):
            raise fail(f"{nm} bets {p.get('bet')} and is paid {p.get('win')} with no action "
                       "in the hand")
        if total[nm] + antes[nm] != bet and nm in acting:
            raise fail(f"{nm}'s actions put in {total[nm] + antes[nm]}, the record says {bet}")
    ranked = sorted(total.items(), key=lambda kv: kv[1], reverse=True)
    returned = ranked[0][1] - (ranked[1][1] if len(ranked) > 1 else Decimal(0))
    if returned > 0:
        out.append(f"Uncalled bet ({returned}) returned to {ranked[0][0]}")
    live = [nm for nm in info if nm in acting and nm not in folded]
    if len(live) > 1:
        out.append("*** SHOW DOWN ***")
        # a hand not shown: mucked if the record pays it nothing, else unknown (the
        # record is then the only word on who won, and the hand is not settled)
        out += [f"{nm}: shows [{pocket[nm]}]" if nm in pocket else f"{nm}: mucks hand"
                for nm in live if nm in pocket or not _money(info[nm].get("win"))]
    paid = Decimal(0)
    for nm, p in info.items():
        win = _money(p.get("win")) - (returned if nm == ranked[0][0] else Decimal(0))
        if win < 0:
            raise fail(f"{nm} is paid {p.get('win')}, less than the bet returned to them")
        if win:
            paid += win
            out.append(f"{nm} collected {win} from pot")
    in_pot = sum(total.values(), Decimal(0)) + dead - returned
    if not paid:
        raise fail("no player is paid: a hand cut short?")
    if paid > in_pot:
        raise fail(f"the players are paid {paid}, more than the pot of {in_pot}")
    out += ["*** SUMMARY ***", f"Total pot {paid} | Rake {in_pot - paid}"]
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
