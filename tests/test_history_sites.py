"""Site readers against the sites' own summary lines, hand by hand.

The samples are real hands (tests/data/sites/README.md says where each came
from and under which licence).  For every hand: the replay pays each seat
what the site says it collected (``agrees_with_record``), the summary's
total pot is the sum of the ``collected`` lines, and the pot the replay
builds (contributions less uncalled bets) is that total plus the rake, and
each seat's net after the rake is what it collected less what it put in.
"""

from __future__ import annotations

import re
from decimal import Decimal
from pathlib import Path

import pytest

from handrank.history import Hand, HistoryError, read, sites, winamax, wpn

SITES = Path(__file__).resolve().parent / "data" / "sites"
WINAMAX = sorted((SITES / "winamax").glob("*.txt"))
#: the two files that are not Winamax hands as written
NOT_HANDS = {"CashGame_HandActionTests_OmahaHiLo.txt", "CashGame_ValidHandTests_InValidHand.txt",
             "CashGame_ValidHandTests_InValidHand_1.txt"}


def _text(path: Path) -> str:
    raw = path.read_bytes()
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        return raw.decode("cp1252")          # the older files: the euro sign as 0x80


def _cents(t: str) -> int:
    return int(Decimal(re.sub(r"[^\d.]", "", t)) * 100)


def _summaries(text: str) -> list[tuple[int, int, dict[str, int]]]:
    """Per hand, from the site's lines: total pot, rake, and each player's collected."""
    out = []
    for part in re.split(r"\n(?=\ufeff?Winamax Poker - )", text.strip()):
        coll: dict[str, int] = {}
        total = rake = 0
        for ln in part.splitlines():
            ln = ln.strip()
            if m := re.match(r"(.+) collected ([\d.,]+)\S* from pot", ln):
                coll[m.group(1)] = coll.get(m.group(1), 0) + _cents(m.group(2))
            if m := re.match(r"Total pot ([\d.,]+)\S*(?: \| Rake ([\d.,]+))?", ln):
                total = _cents(m.group(1))
                rake = _cents(m.group(2)) if m.group(2) else 0
        out.append((total, rake, coll))
    return out


@pytest.mark.parametrize("path", WINAMAX, ids=lambda p: p.name)
def test_winamax_hands_settle_as_the_site_says(path: Path) -> None:
    text = _text(path)
    bad: list[HistoryError] = []
    hands = list(winamax.read_stream(text.splitlines(), str(path), "collect", bad))
    if path.name in NOT_HANDS:
        assert hands == [] and len(bad) == 1 and path.name in str(bad[0])
        assert "not a Winamax hand" in bad[0].reason
        return
    assert bad == []
    sums = _summaries(text)
    assert len(hands) == len(sums) > 0
    for h, (total, rake, coll) in zip(hands, sums):
        assert h.extra["site"] == "Winamax" and re.fullmatch(r"[\d-]+", h.extra["hand"])
        r = h.replay(allin_ev=False)
        assert r.agrees_with_record is True, r.disagreement
        assert sum(coll.values()) == total
        assert r.rake == rake
        returned = [w - coll.get(p, 0) for w, p in zip(h.winnings, h.players)]
        assert sum(r.contributions) - sum(returned) == total + rake
        for s, p in enumerate(h.players):            # paid, less the rake, as the site paid
            assert r.net_after_rake[s] + r.contributions[s] == coll.get(p, 0) + returned[s]


def test_winamax_is_guessed_from_the_first_line(tmp_path: Path) -> None:
    src = SITES / "winamax" / "CashGame_MultipleHandsTests_10MultipleHands.txt"
    hands = list(read(src))
    assert len(hands) == 10 and {h.extra["site"] for h in hands} == {"Winamax"}
    assert [h.extra["hand"] for h in read(src, format="winamax")] == [
        h.extra["hand"] for h in hands]


def test_winamax_seat_without_a_line_was_not_dealt_in() -> None:
    h = next(iter(read(SITES / "winamax" / "CashGame_GeneralHands_HeroName.txt")))
    assert h.players == ["WM_Hero", "Opponent1"]          # Opponent2 sat out
    assert h.replay().net == [-400, 400]


def test_winamax_five_card_omaha_and_a_dead_small_blind() -> None:
    (h,) = list(read(SITES / "winamax" / "CashGame_GameTypeTests_PotLimitFiveCardOmahaHiLo.txt"))
    assert h.variant == "PO5/8"
    (h,) = list(read(SITES / "winamax" / "CashGame_HandActionTests_UncalledBet.txt"))
    assert h.variant == "PO5" and h.actions[0] == "d dh p1 " + "?" * 10
    # "Dbrz34 posts small blind 0.25€ out of position": dead; the big blind after it live
    (h,) = list(read(SITES / "winamax" / "CashGame_HandActionTests_PostingDead.txt"))
    s = h.players.index("Dbrz34")
    assert h.antes[s] == 25 and h.blinds_or_straddles[s] == 50


def test_winamax_unknown_line_is_refused_by_name(tmp_path: Path) -> None:
    src = (SITES / "winamax" / "CashGame_StreetTests_Flop.txt").read_text(encoding="utf-8-sig")
    lines = src.splitlines()
    at = next(i for i, ln in enumerate(lines) if ln.startswith("*** FLOP"))
    who = lines[at + 1].split()[0]
    lines.insert(at + 1, f"{who} juggles 3€")
    bad: list[HistoryError] = []
    assert list(winamax.read_stream(lines, "x.txt", "collect", bad)) == []
    assert "juggles" in str(bad[0]) and "x.txt" in str(bad[0])


# --- 888poker and partypoker ---------------------------------------------------

FAMILY = sorted((SITES / "888poker").glob("*.txt")) + sorted(
    (SITES / "partypoker").glob("*.txt"))
#: files with no hand at all (a byte-order mark and blank lines)
EMPTY = {"CashGame_Seats_4_Max.txt", "CashGame_Seats_Full_Ring_(10_Handed).txt"}
#: hands cut short before the winner's line (888's also has a flop of two cards): refused
#: by name
CUT = {("partypoker", "CashGame_Limits_Limit6.txt"),
       ("888poker", "CashGame_ValidHandTests_InValidHand.txt"),
       ("partypoker", "CashGame_ValidHandTests_InValidHand.txt"),
       ("partypoker", "CashGame_ValidHandTests_InValidHand_1.txt"),
       ("888poker", "CashGame_ValidHandTests_InValidHand_1.txt")}
#: a hand whose seat lines name a player ("Player1") its actions name otherwise
#: ("WolfgangCutler"): refused by name
RENAMED = {("partypoker", "CashGame_PlayerTests_WithAnonomous.txt"): "WolfgangCutler raises"}
#: files whose hand starts at the site's line (no "#Game No" line before it) and that
#: end with a lone "#Game No : ..." line: the hand read, the lone line reported
TRAILING_NUMBER = {"CashGame_HandActionTests_DealingCardsMissing.txt",
                   "CashGame_HandActionTests_DealingCardsMissing2.txt",
                   "CashGame_ExtraHands_SpecialCards.txt"}
#: a hand that writes cards in another language's letters ("Ec", "Knc", "Dc"): read,
#: and refused by the replay by name
FOREIGN_CARDS = {"CashGame_ExtraHands_SpecialCards.txt": "invalid card 'Ec'"}


def _paid(text: str) -> dict[str, int]:
    """What the site's lines say each player was paid, in cents: 888poker's
    ``collected [ $X ]`` and partypoker's ``wins $X USD`` / ``wins Lo ($X)``."""
    out: dict[str, int] = {}
    for ln in text.splitlines():
        m = re.match(r"(.+) collected \[ ?([^\]]+?) ?\]$", ln.strip()) or re.match(
            r"(.+?) wins (?:(?:Hi|Lo) \()?([$€£]?[\d.,]+)", ln.strip())
        if m:
            amount = re.sub(r"[^\d.,]", "", m.group(2))
            if re.search(r",\d\d$", amount) and "." not in amount:
                amount = amount.replace(",", ".")
            out[m.group(1)] = out.get(m.group(1), 0) + int(
                Decimal(amount.replace(",", "")) * 100)
    return out


def _read_guessing(path: Path) -> tuple[list[Hand], list[HistoryError]]:
    lines = _text(path).splitlines()
    heads = [ln for ln in lines if ln.strip()] + ["", ""]
    bad: list[HistoryError] = []
    hands = list(sites.READERS[sites.guess(heads[0], heads[1], str(path))](
        lines, str(path), "collect", bad))
    return hands, bad


@pytest.mark.parametrize("path", FAMILY, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_888_and_party_hands_pay_what_the_site_paid(path: Path) -> None:
    hands, bad = _read_guessing(path)
    if path.name in EMPTY:
        assert hands == [] and bad == []
        return
    if (path.parent.name, path.name) in RENAMED:
        assert hands == [] and len(bad) == 1
        assert RENAMED[(path.parent.name, path.name)] in bad[0].reason
        return
    if (path.parent.name, path.name) in CUT:
        assert hands == [] and len(bad) == 1 and "cut short" in str(bad[0])
        assert path.name in str(bad[0])
        return
    if path.parent.name == "888poker" and path.name in TRAILING_NUMBER:
        (e,) = bad
        assert "not an 888poker hand" in e.reason and e.file == str(path)
        assert _text(path).splitlines()[e.line - 1].startswith("#Game No : ")
        bad = []
    if path.parent.name == "888poker" and path.name in FOREIGN_CARDS:
        (h,) = hands
        with pytest.raises(HistoryError, match=FOREIGN_CARDS[path.name]):
            h.replay(allin_ev=False)
        return
    assert bad == []
    text = _text(path)
    # one hand a file (the multi-hand files: one check a hand, on its own lines)
    parts = re.split(r"\n(?=\ufeff?(?:#Game No|\*{5} Hand History for Game))", text.strip())
    parts = [p for p in parts if "Hand History for Game" in p]
    assert len(hands) == len(parts) > 0
    for h, part in zip(hands, parts):
        assert h.extra["rake_inferred"] is True
        r = h.replay(allin_ev=False)
        assert r.agrees_with_record is True, r.disagreement
        paid = _paid(part)
        # a tournament's chips (partypoker's "Trny:", 888's "Tournament #"): whole chips
        unit = 100 if h.extra["unit"] == "chips" else 1
        assert (unit == 100) == ("Trny:" in part or "Tournament #" in part)
        for s, p in enumerate(h.players):                 # paid as the site paid
            got = (r.net_after_rake[s] + r.contributions[s]) * unit
            returned = h.winnings[s] * unit - paid.get(p, 0)
            assert returned >= 0 and got == paid.get(p, 0) + returned
        # the rake worked out obeys both sites' rule: none without a flop, at most 5%
        pot = sum(r.contributions) * unit - sum(w * unit - paid.get(p, 0)
                                                for w, p in zip(h.winnings, h.players))
        if not any(a.startswith("d db") for a in h.actions):
            assert r.rake == 0
        assert 0 <= r.rake * 20 * unit <= pot


def test_888poker_is_guessed_from_the_first_line() -> None:
    src = SITES / "888poker" / "CashGame_HandActionTests_PostingDead.txt"
    (h,) = list(read(src))
    assert h.extra["site"] == "888poker" and h.extra["hand"] == "359567819"
    # a dead blind: $1 dead, $2 live
    assert h.replay().agrees_with_record is True


def test_888poker_without_its_game_number_line_is_guessed_and_read() -> None:
    # the hand starts at "***** 888poker Hand History for Game 717000000 *****"
    rd = read(SITES / "888poker" / "CashGame_HandActionTests_DealingCardsMissing.txt",
              errors="collect")
    (h,) = list(rd)
    assert h.extra["site"] == "888poker" and h.extra["hand"] == "717000000" and h.line == 1
    assert len(rd.errors) == 1 and rd.errors[0].line == 17     # the lone "#Game No" line


def test_888poker_skins_and_decimal_commas() -> None:
    (h,) = list(read(SITES / "888poker" / "CashGame_Limits_Limit5.txt"))
    assert h.starting_stacks == [1555250, 492500, 716700, 302350]   # cents ("3 023,50 $")
    (h,) = list(read(SITES / "888poker" / "CashGame_GameTypeTests_NoLimitOmaha.txt"))
    assert h.extra["site"] == "Cassava"


def test_partypoker_is_guessed_from_the_first_lines() -> None:
    hands = list(read(SITES / "partypoker" / "CashGame_MultipleHandsTests_10MultipleHands.txt"))
    assert len(hands) == 10 and {h.extra["site"] for h in hands} == {"partypoker"}
    # "#Game No" over partypoker's layout: partypoker's reader
    (h,) = list(read(SITES / "888poker" / "CashGame_GameTypeTests_PotLimitHoldem.txt"))
    assert h.extra["site"] == "partypoker"


# --- Winning Poker Network ------------------------------------------------------

WPN = sorted((SITES / "wpn").glob("*.txt"))
#: hands the site wrote that the reader refuses, and why
WPN_REFUSED = {"CashGame_PlayerTests_UncalledBet.txt": "no hand was played",
               "CashGame_ValidHandTests_CancelledHand.txt": "no hand was played",
               "CashGame_ValidHandTests_InValidHand.txt": "cut short",
               "CashGame_ValidHandTests_InValidHand_1.txt": "cut short",
               "CashGame_ValidHandTests_InValidHand_2.txt": "cut short"}
#: a hand whose own lines disagree: the big blind all in for $0.24, called, yet the
#: summary's pot is $0.21 and its winner collects $0.21 (a capped table's hand): read,
#: and reported as disagreeing with the record
WPN_SELF_CONTRADICTING = {"CashGame_ValidHandTests_ValidHand_2.txt"}


def _bets_collects(text: str) -> list[dict[str, tuple[int, int]]]:
    """Per hand, each player's "Bets: X. Collects: Y." in cents, as the site wrote them."""
    out = []
    for part in re.split(r"\n(?=\ufeff?Game started at: )", text.strip()):
        seen = {}
        for ln in part.splitlines():
            if m := re.match(r"\*?Player (.+?) (?:shows|mucks|does not show).*?Bets: ([\d.]+)\. "
                             r"Collects: ([\d.]+)\.", ln.strip()):
                seen[m.group(1)] = (int(Decimal(m.group(2)) * 100),
                                    int(Decimal(m.group(3)) * 100))
        out.append(seen)
    return out


@pytest.mark.parametrize("path", WPN, ids=lambda p: p.name)
def test_wpn_nets_are_the_sites(path: Path) -> None:
    text = path.read_text(encoding="utf-8-sig")
    bad: list[HistoryError] = []
    hands = list(wpn.read_stream(text.splitlines(), str(path), "collect", bad))
    if path.name in WPN_REFUSED:
        assert hands == [] and len(bad) == 1 and WPN_REFUSED[path.name] in str(bad[0])
        return
    assert bad == []
    sums = _bets_collects(text)
    assert len(hands) == len(sums) > 0
    for h, site in zip(hands, sums):
        r = h.replay(allin_ev=False)
        if path.name in WPN_SELF_CONTRADICTING:
            assert r.agrees_with_record is False
            continue
        assert r.agrees_with_record is True, r.disagreement
        for s, p in enumerate(h.players):
            bets, collects = site[p]
            assert r.net_after_rake[s] == collects - bets, p   # the site's own net
        for p in set(site) - set(h.players):                  # not dealt in: nothing moved
            assert site[p] == (0, 0)
        fee = h.extra["jackpot_fee"]
        # a fee only at a jackpot or promotion table; where the summary writes it
        # ("Pot: 320.75. Rake 2.17. JP fee 0.08"), the fee worked out is the one written
        written = re.search(r"^Pot: .*\bJP fee ([\d.]+)", text, re.M)
        assert fee >= 0 and (fee == 0 or "(JP)" in text or "Beast" in text or (
            written is not None and fee == Decimal(written.group(1))))


def test_wpn_is_guessed_from_the_first_line() -> None:
    hands = list(read(SITES / "wpn" / "CashGame_MultipleHandsTests_10MultipleHands.txt"))
    assert len(hands) == 10 and {h.extra["site"] for h in hands} == {"Winning Poker Network"}


# --- iPoker ---------------------------------------------------------------------

IPOKER = sorted((SITES / "ipoker").glob("*.txt"))
#: games the reader refuses, and why
#: (a showdown where neither hand is shown is settled by the record's word that one of
#: them was paid nothing: that hand was mucked)
IPOKER_REFUSED = {"CashGame_Seats_Full_Ring_(10_Handed).txt": "with no action in the hand",
                  "CashGame_ValidHandTests_InValidHand.txt": "fewer than 2 players",
                  "CashGame_ValidHandTests_InValidHand_1.txt": "fewer than 2 players",
                  # the record's bet is not what the player's actions put in
                  "CashGame_PlayerTests_WithShowdown2.txt": "put in 667, the record says 673"}
#: files that are not well-formed XML (a tag left open): reported with the parser's line
IPOKER_BAD_XML = {"CashGame_IdTest_IdTest1.txt": 22, "CashGame_ValidHandTests_HMExport_1.txt": 60}
#: a game whose session calls it hold'em ("Holdem PL") while it deals four cards a
#: hand: read, and refused by the replay by name
IPOKER_NOT_HOLDEM = {"CashGame_HandActionTests_PostingDead.txt": "expected 2 hole cards, got 4"}


def _ipoker_record(text: str) -> list[dict[str, int]]:
    """Per game, each player's win less bet in cents, from the XML's own attributes."""
    import xml.etree.ElementTree as ET
    body = re.sub(r"<\?xml[^>]*\?>", "", text.replace("\ufeff", ""))
    root = ET.fromstring("<s>" + body + "</s>")
    out = []
    for game in root.iter("game"):
        out.append({p.get("name"): int((Decimal(re.sub(r"[^\d.]", "", p.get("win"))) -
                                        Decimal(re.sub(r"[^\d.]", "", p.get("bet")))) * 100)
                    for p in game.iter("player")})
    return out


@pytest.mark.parametrize("path", IPOKER, ids=lambda p: p.name)
def test_ipoker_nets_are_the_sites(path: Path) -> None:
    hands, bad = _read_guessing(path)
    if path.name in IPOKER_BAD_XML:
        assert hands == [] and len(bad) == 1 and "not well-formed iPoker XML" in bad[0].reason
        assert bad[0].line == IPOKER_BAD_XML[path.name] and bad[0].file == str(path)
        return
    if path.name in IPOKER_NOT_HOLDEM:
        (h,) = hands
        with pytest.raises(HistoryError, match=IPOKER_NOT_HOLDEM[path.name]):
            h.replay(allin_ev=False)
        return
    if path.name in IPOKER_REFUSED:
        assert hands == [] and len(bad) == 1 and IPOKER_REFUSED[path.name] in str(bad[0])
        assert "<game" in _text(path).splitlines()[bad[0].line - 1]    # named by its line
        return
    assert bad == []
    record = _ipoker_record(_text(path))
    assert len(hands) == len(record) > 0
    lines = _text(path).splitlines()
    for h, nets in zip(hands, record):
        assert h.extra["site"] == "iPoker"
        assert f'gamecode="{h.extra["hand"]}"' in lines[h.line - 1]     # its <game> line
        r = h.replay(allin_ev=False)
        assert r.agrees_with_record is True, r.disagreement
        # a tournament's chips are whole chips (its session names the tournament)
        unit = 100 if h.extra["unit"] == "chips" else 1
        assert (unit == 100) == ("tournament" in h.extra) == path.name.startswith(
            ("SitAndGo", "MultiTable"))
        for s, p in enumerate(h.players):
            assert r.net_after_rake[s] * unit == nets[p], p   # the site's win - bet
        for p in set(nets) - set(h.players):                  # not dealt in: nothing moved
            assert nets[p] == 0
        if not any(a.startswith("d db") for a in h.actions):
            assert r.rake == 0                                # no flop, no rake
        assert r.rake >= 0


def test_ipoker_is_guessed_and_reads_several_sessions() -> None:
    hands = list(read(SITES / "ipoker" / "CashGame_MultipleHandsTests_20MultipleHands.txt"))
    assert len(hands) == 20 and {h.extra["site"] for h in hands} == {"iPoker"}
