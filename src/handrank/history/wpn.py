"""Read Winning Poker Network (ACR) text histories (hold'em and Omaha; cash games).

Both layouts: the older one described here, and the newer one (2019 on, ``Hand
#55280000 - Holdem(No Limit) - $0.01/$0.02 - 2019/09/10 12:02:11 UTC``, close to
PokerStars' words; see :func:`_english_v2`), told apart by a file's first line.

A thin layer over the PokerStars reader, as for the other sites: each line
is rewritten into the PokerStars form.  The network writes what each action
puts in (``Player X raises (32)`` adds 32 to what X has in this street), so
the layer keeps each seat's chips street by street to write the "raises
to" amount; ``allin (N)`` becomes a call, a bet or a raise by what it
reaches.  The summary writes, per player, ``Bets: X. Collects: Y.``: the
collected amounts become the record the replay is checked against.

Recognised: ``Game started at: 2014/3/8 22:0:24``, ``Game ID: 261402183
2/4 Braunite (Omaha)``, ``Seat 1 is the button``, seats ``Seat 1: name
(160).``, blinds, straddles, dead bets (``posts (0.25) as a dead bet``) and
returning players' posts, every betting verb, uncalled bets, shows and the
summary's pot and rake.  The summary's rake leaves out the fee a jackpot
table (``(JP)``) or a promotion table (``( Beast )``) takes: the layer
counts it as what the pot held less what the winners collected and the
rake, kept as ``extra["jackpot_fee"]`` (``extra["site_rake"]`` the rake as
written), and the replay takes both as the rake.  A hand nobody played (one
seat dealt in) or cut short (the players' collects do not make the
summary's pot) is refused by name.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable, Iterator
from decimal import Decimal
from typing import Any

from ._sitetext import hands_of, through_pokerstars
from .model import Hand, HistoryError

__all__ = ["HEAD", "HEAD_V2", "read_stream"]

#: the first line of a hand
HEAD = re.compile(r"Game started at: (\d{4})/(\d{1,2})/(\d{1,2}) ")
_ID = re.compile(r"Game ID: (\d+) ([\d.]+)/([\d.]+) (.*)\((Hold'em|Omaha|Omaha H/L)\)\s*$")
_SEAT = re.compile(r"Seat (\d+): (.+) \(([\d.]+)\)\.?$")
_BUTTON = re.compile(r"Seat (\d+) is the button")
_N = r"\(([\d.]+)\)"
#: the lines that show a seat dealt in (not "sitting out", "wait BB", "is timed out")
_ACTS = re.compile(r" (?:has (?:small|big) blind|straddle|posts|received|folds|checks|calls|"
                   r"bets|raises|allin)\b")
#: the older layout's lines, compiled once
_POT = re.compile(r"Pot: (\d+(?:\.\d+)?)\. Rake (\d+(?:\.\d+)?)")
_NAMELESS = re.compile(r"Player\s+(?:is timed out|sitting out)\.?")
_NAMELESS_SUMMARY = re.compile(r"Player\s+does not show cards\.\s?Bets: 0\. Collects: 0\. "
                               r"Wins: 0\.")
_STREET = re.compile(r"\*\*\* (FLOP|TURN|RIVER) \*\*\*: (?:\[[^\]]*\] )?\[([^\]]*)\]$")
_UNCALLED = re.compile(r"Uncalled bet \(([\d.]+)\) returned to (.+)$")
_BETS_COLLECTS = re.compile(r"Bets: ([\d.]+)\. Collects: ([\d.]+)\.")
_SHOWS = re.compile(r"shows: .*\[([^\]]*)\]\. Bets")
_BLIND = re.compile(r"has (small|big) blind " + _N)
_STRADDLE = re.compile(r"straddle " + _N)
_DEAD = re.compile(r"posts " + _N + " as a dead bet")
_POSTS = re.compile(r"posts " + _N)
_VERB = re.compile(r"(calls|bets|raises|allin) " + _N)


def _cards(t: str) -> str:
    return " ".join(c.replace("10", "T") for c in t.split())


_KINDS = {"Hold'em": "Hold'em", "Omaha": "Omaha", "Omaha H/L": "Omaha Hi/Lo"}


def _header(lines: list[str], fail: Any) -> tuple[re.Match[str], re.Match[str], str]:
    """The date's and the game id's matches, and the hand's first line in the
    PokerStars reader's form."""
    date = HEAD.match(lines[0])
    gid = _ID.match(lines[1]) if len(lines) > 1 else None
    if date is None or gid is None:
        raise fail("not a Winning Poker Network hand: no 'Game ID: ... (Hold'em)' line"
                   if date is not None else "not a Winning Poker Network header")
    _, sb, bb, _, game = gid.groups()
    limit = "Pot Limit" if game.startswith("Omaha") else "No Limit"
    return date, gid, (f"PokerStars Hand #0: {_KINDS[game]} {limit} ({sb}/{bb}) - "
                       f"{date.group(1)}/{date.group(2)}/{date.group(3)}")


class _Play:
    """The lines of a hand after its header, rewritten one at a time into `out`: each
    seat's chips in the pot, this street's (`now`) and the hand's (`total`), the dead
    bets, the bets returned, the seats folded, what each seat collects and the
    summary's pot and rake."""

    def __init__(self, names: list[str], acted: set[str | None], out: list[str],
                 fail: Any) -> None:
        self.names = names
        self.acted = acted
        self.out = out
        self.fail = fail
        self.now = {nm: Decimal(0) for nm in names}
        self.total = {nm: Decimal(0) for nm in names}
        self.dead_money = Decimal(0)
        self.returned = Decimal(0)
        self.folded: set[str] = set()
        self.collects: dict[str, Decimal] = {}
        self.rake = Decimal(0)
        self.pot_line: Decimal | None = None
        self.jackpot = Decimal(0)           # the fee the summary's rake leaves out

    def line(self, ln: str) -> None:
        """One line (the seats and the button already written)."""
        if ln.startswith("Game was cancelled") or "cancelled" in ln.lower():
            raise self.fail(f"the hand was cancelled: {ln!r}")
        if ln.startswith("------ Summary"):
            self.out.append("*** SHOW DOWN ***")
            return
        if m := _POT.match(ln):
            # "Pot: 320.75. Rake 2.17. JP fee 0.08": the sentence's full stop is no digit
            self.pot_line, self.rake = Decimal(m.group(1)), Decimal(m.group(2))
            return
        if _NAMELESS.fullmatch(ln) or _NAMELESS_SUMMARY.fullmatch(ln):
            return                                        # a seat with no name, out of the hand
        if ln.startswith("Board: "):
            return
        if m := _STREET.match(ln):
            self.now = {nm: Decimal(0) for nm in self.names}
            self.out.append(f"*** {m.group(1)} *** [{_cards(m.group(2))}]")
            return
        if m := _UNCALLED.match(ln):
            self.returned += Decimal(m.group(1))
            self.out.append(f"Uncalled bet ({m.group(1)}) returned to {m.group(2)}")
            return
        body = ln[1:] if ln.startswith("*Player ") else ln
        who = max((nm for nm in self.names if body.startswith(f"Player {nm} ")), key=len,
                  default=None)
        if who is None:
            raise self.fail(f"a line the reader does not know: {ln!r}")
        rest = body[len(f"Player {who} "):].strip()
        if ms := _BETS_COLLECTS.search(rest):
            self._summary(who, rest, ms)
        elif not (self._post(who, rest) or self._bet(who, rest)):
            raise self.fail(f"a line the reader does not know: {ln!r}")

    def _summary(self, who: str, rest: str, ms: re.Match[str]) -> None:
        """A player's summary line: what it collects, and at the showdown its cards
        shown or mucked."""
        if Decimal(ms.group(2)):
            self.collects[who] = Decimal(ms.group(2))
        in_hand = [nm for nm in self.acted if nm is not None and nm not in self.folded]
        if who in in_hand and len(in_hand) > 1:           # at the showdown: shown or mucked
            mc = _SHOWS.match(rest)
            self.out.append(f"{who}: shows [{_cards(mc.group(1))}]" if mc
                            else f"{who}: mucks hand")

    def _post(self, who: str, rest: str) -> bool:
        """A blind, a straddle, a dead bet or a post (True when `rest` is one)."""
        now, total, out = self.now, self.total, self.out
        if m := _BLIND.fullmatch(rest):
            now[who] += Decimal(m.group(2))
            total[who] += Decimal(m.group(2))
            out.append(f"{who}: posts {m.group(1)} blind {m.group(2)}")
        elif m := _STRADDLE.fullmatch(rest):
            now[who] += Decimal(m.group(1))
            total[who] += Decimal(m.group(1))
            out.append(f"{who}: posts straddle {m.group(1)}")
        elif m := _DEAD.fullmatch(rest):
            dead = Decimal(m.group(1))
            self.dead_money += dead
            out.append(f"DEAD {who} {dead}")
        elif m := _POSTS.fullmatch(rest):
            live = Decimal(m.group(1))
            now[who] += live
            total[who] += live
            if out[-1].startswith(f"DEAD {who} "):
                dead = Decimal(out.pop().rsplit(" ", 1)[1])
                out.append(f"{who}: posts small & big blinds {dead + live}")
            else:
                out.append(f"{who}: posts big blind {live}")
        else:
            return False
        return True

    def _bet(self, who: str, rest: str) -> bool:
        """A fold, a check, a call, a bet, a raise, an all-in or a line that moves
        nothing (True when `rest` is one): the network writes what each puts in,
        PokerStars the total raised to."""
        now, out = self.now, self.out
        if rest.startswith(("received a card", "received card", "sitting out", "wait BB",
                            "is timed out", "mucks cards")) or rest == "mucks":
            return True
        if rest == "folds":
            self.folded.add(who)
            out.append(f"{who}: folds")
        elif rest == "checks":
            out.append(f"{who}: checks")
        elif m := _VERB.fullmatch(rest):
            top = max(now.values())
            now[who] += Decimal(m.group(2))
            self.total[who] += Decimal(m.group(2))
            verb = m.group(1)
            if verb == "allin":
                verb = "calls" if now[who] <= top else "bets" if top == 0 else "raises"
            if verb == "calls":
                out.append(f"{who}: calls {m.group(2)}")
            elif verb == "bets":
                out.append(f"{who}: bets {now[who]}")
            else:
                out.append(f"{who}: raises {now[who] - top} to {now[who]}")
        else:
            return False
        return True

    def ending(self) -> None:
        """The winners' lines and the summary, checked against the summary's pot."""
        out, fail, collects = self.out, self.fail, self.collects
        if any(ln.startswith("DEAD ") for ln in out):
            raise fail("a dead bet with no live post after it")
        if self.pot_line is None:
            raise fail("no 'Pot: ... Rake ...' line: a hand cut short?")
        if sum(collects.values(), Decimal(0)) != self.pot_line:
            raise fail(f"the summary's pot {self.pot_line} is not what the players collect "
                       f"({sum(collects.values(), Decimal(0))}): a hand cut short?")
        out += [f"{nm} collected {a} from pot" for nm, a in collects.items()]
        # what the pot held less what the winners collected: the rake the summary writes,
        # and on a jackpot table ("(JP)") the jackpot fee, which the summary leaves out
        taken = sum(self.total.values(), Decimal(0)) + self.dead_money - self.returned - sum(
            collects.values(), Decimal(0))
        if taken - self.rake < 0:
            raise fail(f"the winners collected more than the pot less the rake of {self.rake}")
        out += ["*** SUMMARY ***",
                f"Total pot {sum(collects.values(), Decimal(0))} | Rake {taken}"]
        self.jackpot = taken - self.rake


def _english(lines: list[str], fail: Any) -> tuple[list[str], dict[str, Any]]:
    """The hand's lines in the PokerStars reader's form, and what the hand keeps."""
    date, gid, first = _header(lines, fail)
    out = [first]
    button = next((m.group(1) for ln in lines[2:4] if (m := _BUTTON.match(ln))), None)
    if button is None:
        raise fail("no button line")
    end = next((i for i, ln in enumerate(lines) if ln.startswith("------ Summary")),
               len(lines))
    seats = [m for ln in lines[2:end] if (m := _SEAT.match(ln))]
    names = [m.group(2) for m in seats]
    # a seat with no line of its own before the summary was not dealt in
    acted = {max((nm for nm in names if ln.startswith(f"Player {nm} ")), key=len, default=None)
             for ln in lines[2:end] if _ACTS.search(ln)}
    if len(acted - {None}) < 2:
        raise fail("no hand was played: fewer than two seats were dealt in")
    out.append(f"Table '{gid.group(4).strip()}' Seat #{button} is the button")
    out += [f"Seat {m.group(1)}: {m.group(2)} ({m.group(3)} in chips)" for m in seats
            if m.group(2) in acted]
    play = _Play(names, acted, out, fail)
    for ln in lines[2:]:
        if not (ln.startswith("Seat ") and (_SEAT.match(ln) or _BUTTON.match(ln))
                or ln.startswith("Game ended at")):
            play.line(ln)
    play.ending()
    keep: dict[str, Any] = {"site": "Winning Poker Network", "hand": gid.group(1),
                            "year": int(date.group(1)), "month": int(date.group(2)),
                            "day": int(date.group(3)), "currency": "USD",
                            "site_rake": play.rake, "jackpot_fee": play.jackpot}
    return out, keep


def _hand(lines: list[str], file: str | None, index: int) -> Hand:
    return through_pokerstars(file, index, lambda fail: _english(lines, fail))


def read_stream(lines: Iterable[str], file: str | None, errors: str,
                bad: list[HistoryError]) -> Iterator[Hand]:
    """Hands from Winning Poker Network text, one at a time (bad ones raised or
    collected in `bad`): the older layout (``Game started at: ...``) or the newer
    (``Hand #... - Holdem(No Limit) - ...``), told by the first line that is not blank."""
    it = iter(lines)
    head: list[str] = []
    for ln in it:
        head.append(ln)
        if ln.strip():
            break
    first = head[-1].strip().lstrip("\ufeff") if head else ""
    if HEAD_V2.match(first):
        return hands_of(itertools.chain(head, it), file, errors, bad, HEAD_V2,
                        "Winning Poker Network", _hand_v2)
    return hands_of(itertools.chain(head, it), file, errors, bad, HEAD,
                    "Winning Poker Network", _hand)


# --- the network's newer layout ("Hand #55280000 - Omaha(Pot Limit) - ...") ---------

#: the first line of a hand in the newer layout (2019 on): "Hand #55280000 -
#: Holdem(No Limit) - $0.01/$0.02 - 2019/09/10 12:02:11 UTC"
HEAD_V2 = re.compile(r"Hand #(\d+) - (Holdem|Omaha|Omaha H/L|7Stud|7Stud H/L)"
                     r"\((No Limit|Pot Limit|Fixed Limit)\) "
                     r"- \$?([\d.,]+)/\$?([\d.,]+) - (\d{4})/(\d\d)/(\d\d) ")
_TABLE_V2 = re.compile(r"(.+) (\d+-max) Seat #(\d+) is the button$")
#: a stud table has no button: "Crainville 8-max"
_TABLE_STUD_V2 = re.compile(r"(.+) (\d+-max)$")
#: the network's stud games -> the PokerStars reader's words
_STUD_V2 = {"7Stud": "7 Card Stud", "7Stud H/L": "7 Card Stud Hi/Lo"}
_KINDS_V2 = {"Holdem": "Hold'em", "Omaha": "Omaha", "Omaha H/L": "Omaha Hi/Lo"}
_SEAT_V2 = re.compile(r"Seat (\d+): (.+) \((\$?[\d.,]+)\)( is sitting out)?$")
_FEES_V2 = re.compile(r"\| (Rake|JP Fee) \$?([\d.,]+)")
#: what follows a player's name, in PokerStars' words ("name verb" -> "name: verb")
_VERBS_V2 = [
    (re.compile(r"posts the (small|big) blind (\$?[\d.,]+)$"), r"posts \1 blind \2"),
    (re.compile(r"posts ante (\$?[\d.,]+)$"), r"posts the ante \1"),
    (re.compile(r"posts dead (\$?[\d.,]+)$"), r"posts small & big blinds \1"),
    # a player joining posts the big blind ("posts $0.02")
    (re.compile(r"posts (\$?[\d.,]+)$"), r"posts big blind \1"),
    (re.compile(r"(folds|checks)$"), r"\1"),
    (re.compile(r"brings in (\$?[\d.,]+)( and is all-in)?$"), r"brings in for \1\2"),
    (re.compile(r"(calls|bets) (\$?[\d.,]+)( and is all-in)?$"), r"\1 \2\3"),
    (re.compile(r"raises (\$?[\d.,]+) to (\$?[\d.,]+)( and is all-in)?$"), r"raises \1 to \2\3"),
    (re.compile(r"shows \[([^\]]*)\].*$"), r"shows [\1]"),
    (re.compile(r"mucks.*$"), "mucks hand"),
]
#: lines of a player that move nothing
_QUIET_V2 = re.compile(r"(?:waits for big blind|sits out|does not show|is sitting out"
                       r"|has timed out|is disconnected|is connected)$")
#: the summary's lines of a seat's win and of the pot, and a seat's pot collected
_WON_V2 = re.compile(r"Seat \d+: (.+?) (?:\(.*?\) )*(?:did not show and |showed "
                     r"\[[^\]]*\] and )won \$?([\d.,]+)")
_TOTAL_V2 = re.compile(r"Total pot \$?([\d.,]+)")
_COLLECTED_V2 = re.compile(r"collected (\$?[\d.,]+) from (?:main |side )?pot(?:-\d+)?")


def _header_v2(lines: list[str], fail: Any) -> tuple[re.Match[str], list[str]]:
    """The header's match and the hand's first two lines (the game, the table) in the
    PokerStars reader's form: a stud table has no button."""
    m = HEAD_V2.match(lines[0])
    if m is None:
        raise fail(f"a Winning Poker Network header the reader does not read: "
                   f"{lines[0][:90]!r}")
    game, limit, sb, bb = m.group(2), m.group(3), m.group(4), m.group(5)
    day = f"{m.group(6)}/{m.group(7)}/{m.group(8)}"
    if game in _STUD_V2:
        if limit != "Fixed Limit":
            raise fail(f"stud other than fixed limit is not read: {lines[0][:90]!r}")
        first = f"PokerStars Hand #0: {_STUD_V2[game]} Limit (${sb}/${bb}) - {day}"
        ms = _TABLE_STUD_V2.match(lines[1]) if len(lines) > 1 else None
        if ms is None or _TABLE_V2.match(lines[1]):
            raise fail("no table line after the header")
        return m, [first, f"Table '{ms.group(1)}' {ms.group(2)}"]
    first = f"PokerStars Hand #0: {_KINDS_V2[game]} {limit} (${sb}/${bb}) - {day}"
    mt = _TABLE_V2.match(lines[1]) if len(lines) > 1 else None
    if mt is None:
        raise fail("no table and button line after the header")
    return m, [first, f"Table '{mt.group(1)}' {mt.group(2)} Seat #{mt.group(3)} is the button"]


def _acted_v2(lines: list[str], names: list[str]) -> set[str]:
    """The seats dealt in: a seat with no line of its own but quiet ones ("waits for big
    blind", "sits out") before the summary was not."""
    acted: set[str] = set()
    for ln in lines:
        body = ln[len("Dealt to "):] if ln.startswith("Dealt to ") else ln
        nm = max((n for n in names if body.startswith(n + " ")), key=len, default=None)
        if nm is not None and (body is not ln or not _QUIET_V2.fullmatch(
                body[len(nm) + 1:].strip())) and not _SEAT_V2.match(ln):
            acted.add(nm)
    return acted


def _summary_v2(ln: str, names: list[str], won: dict[str, Decimal],
                fees: dict[str, Decimal]) -> str:
    """A summary line as the PokerStars reader reads it; a seat's "won" kept in `won`,
    the pot line's fees in `fees` (its pot the winners' share and the fees)."""
    if (mw := _WON_V2.match(ln)) and mw.group(1) in names:
        won[mw.group(1)] = Decimal(mw.group(2).replace(",", ""))
    if mp := _TOTAL_V2.match(ln):
        fees.clear()
        fees.update((k, Decimal(v.replace(",", ""))) for k, v in _FEES_V2.findall(ln))
        paid_out = Decimal(mp.group(1).replace(",", ""))
        taken = sum(fees.values(), Decimal(0))
        ln = f"Total pot ${paid_out + taken} | Rake ${taken}"
    return ln


def _seat_line_v2(ln: str, names: list[str], collected: dict[str, Decimal],
                  out: list[str], fail: Any) -> None:
    """A line before the summary that starts with a seat's name, written into `out`
    (a pot collected also kept in `collected`)."""
    who = max((nm for nm in names if ln.startswith(nm + " ")), key=len, default=None)
    if who is None:
        raise fail(f"a line the reader does not know: {ln!r}")
    rest = ln[len(who) + 1:].strip()
    if mc := _COLLECTED_V2.fullmatch(rest):
        collected[who] = collected.get(who, Decimal(0)) + Decimal(
            mc.group(1).lstrip("$").replace(",", ""))
        out.append(f"{who} collected {mc.group(1)} from pot")
        return
    if _QUIET_V2.fullmatch(rest):
        return
    for pat, to in _VERBS_V2:
        if pat.match(rest):
            out.append(f"{who}: {pat.sub(to, rest)}")
            return
    raise fail(f"a line the reader does not know: {ln!r}")


def _english_v2(lines: list[str], fail: Any) -> tuple[list[str], dict[str, Any]]:
    """A hand of the newer layout in the PokerStars reader's form, and what it keeps.

    The summary's ``Total pot $79.50 | Rake $0.46 | JP Fee $0.04`` is what the
    winners collected, the rake and the jackpot fee taken before: the pot is their
    sum and the hand's rake the two fees (``extra["site_rake"]``,
    ``extra["jackpot_fee"]``).  A summary that writes no rake takes none."""
    m, out = _header_v2(lines, fail)
    end = next((i for i, ln in enumerate(lines) if ln.startswith("*** SUMMARY")), len(lines))
    names = [ms.group(2) for ln in lines[2:end] if (ms := _SEAT_V2.match(ln))]
    acted = _acted_v2(lines[2:end], names)
    fees: dict[str, Decimal] = {}
    collected: dict[str, Decimal] = {}
    won: dict[str, Decimal] = {}
    summary = False
    for ln in lines[2:]:
        if ms := (None if summary else _SEAT_V2.match(ln)):
            if ms.group(2) in acted:
                away = " is sitting out" if ms.group(4) else ""
                out.append(f"Seat {ms.group(1)}: {ms.group(2)} ({ms.group(3)} in chips){away}")
        elif ln.startswith("*** SUMMARY"):
            summary = True
            out.append(ln)
        elif summary:
            out.append(_summary_v2(ln, names, won, fees))
        elif ln.startswith(("*** ", "Dealt to ", "Uncalled bet ")):
            out.append(ln)
        elif not ln.startswith(("Main pot ", "Side pot(")):    # (the pot street by street)
            _seat_line_v2(ln, names, collected, out, fail)
    # an uncontested pot is written in the summary only ("did not show and won $4.75"):
    # paid after the bet nobody called came back (a show after it moves nothing)
    at = out.index("*** SUMMARY ***") if "*** SUMMARY ***" in out else len(out)
    back = [i for i, x in enumerate(out[:at]) if x.startswith("Uncalled bet ")]
    at = back[-1] + 1 if back else at
    out[at:at] = [f"{nm} collected ${amount - collected.get(nm, Decimal(0))} from pot"
                  for nm, amount in won.items() if amount > collected.get(nm, Decimal(0))]
    keep: dict[str, Any] = {"site": "Winning Poker Network", "hand": m.group(1),
                            "year": int(m.group(6)), "month": int(m.group(7)),
                            "day": int(m.group(8)), "currency": "USD",
                            "site_rake": fees.get("Rake", Decimal(0)),
                            "jackpot_fee": fees.get("JP Fee", Decimal(0))}
    return out, keep


def _hand_v2(lines: list[str], file: str | None, index: int) -> Hand:
    # (stud=True: the newer layout's stud games, "7Stud H/L(Fixed Limit)")
    return through_pokerstars(file, index, lambda fail: _english_v2(lines, fail), stud=True)
