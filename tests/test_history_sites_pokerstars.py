"""PokerStars hands as the site wrote them, against the site's own summary lines.

The samples (tests/data/sites/pokerstars/) are real hands from the test
fixtures of PokerHandHistoryParser (MIT; tests/data/sites/README.md says
where and under which licence): cash hold'em (no-limit, pot-limit, fixed
limit, capped no-limit), Omaha and Omaha hi-lo, 2 to 10 seats, dollars,
euros and pounds, antes, side pots, hands run twice, seats sitting out, the
older "PokerStars Game #" header.  For every hand the oracle is the site's
lines, read here independently of the reader: each player's ``collected``
lines, each ``Uncalled bet (X) returned to P`` line, and the summary's
``Total pot T | Rake R``.  The replay must pay each seat its collected
amounts plus its returned bet, build a pot of exactly T (what was put in less
what was returned) and take R as the rake.

Some files are not hands the reader can take as written, and each is reported
by name, never skipped or settled wrongly: fragments with no hand header, a
cancelled hand, a hand cut short before its summary, a sample whose seat lines
name players differently from their actions, a sample whose deal is
impossible (the 5d on the board and in a shown hand), and three samples whose
own lines disagree with their summary (two with no ``Uncalled bet`` line for a
bet nobody called, one whose total pot leaves out the blind and antes posted).
"""

from __future__ import annotations

import re
from decimal import Decimal
from pathlib import Path

import pytest

from handrank.history import HistoryError, pokerstars, read

DATA = Path(__file__).resolve().parent / "data" / "sites" / "pokerstars"
FILES = sorted(DATA.glob("*.txt"))

#: files holding part of a hand only (no header line): reported as not a hand history
FRAGMENTS = {"CashGame_BlindActionTests_Ante.txt", "CashGame_BlindActionTests_Ignore.txt",
             "CashGame_ShowDownActionTests_AllinFlop.txt",
             "CashGame_ShowDownActionTests_Ignore.txt",
             "CashGame_ShowDownActionTests_RunItTwice.txt",
             "CashGame_ShowDownActionTests_Wins.txt"}
#: a file with nothing in it but a byte-order mark
EMPTY = {"CashGame_Seats_4_Max.txt"}
#: hands the reader refuses, and the words of the reason
REFUSED = {"CashGame_PlayerTests_WithSittingOut.txt": "a player with no seat",
           "CashGame_ValidHandTests_CancelledHand.txt": "the hand was cancelled",
           "CashGame_ValidHandTests_InValidHand.txt": "cut short"}
#: hands read whose replay refuses the deal
IMPOSSIBLE = {"CashGame_StreetTests_River.txt": "duplicate card '5d'"}
#: samples with no "Uncalled bet" line for a bet nobody called: the player, the bet
NO_UNCALLED_LINE = {"CashGame_ExtraHands_DateIssue1.txt": ("Mohamedali13", 250),
                    "CashGame_ExtraHands_DateIssue2.txt": ("DarkEvilus", 3600)}
#: a sample whose total pot ($0.50) leaves out the small blind and the six antes its
#: own lines post ($0.40)
SELF_CONTRADICTING = {"CashGame_Limits_AnteTable.txt": 40}


def _text(path: Path) -> str:
    return path.read_bytes().decode("utf-8-sig")


def _cents(t: str) -> int:
    return int(Decimal(re.sub(r"[^\d.]", "", t)) * 100)


def _site_lines(text: str) -> list[tuple[int, int, dict[str, int], dict[str, int]]]:
    """Per hand, from the site's own lines: total pot, rake, each player's collected
    amounts (every showdown of a hand run twice) and each player's returned bet."""
    out = []
    text = "\n".join(text.splitlines())                 # CR line ends as well
    for part in re.split(r"(?m)^(?=\ufeff?PokerStars (?:Hand|Game) #)", text):
        if not part.strip():
            continue
        coll: dict[str, int] = {}
        back: dict[str, int] = {}
        total = rake = -1
        for ln in part.splitlines():
            ln = ln.strip()
            if ln.startswith("*** SUMMARY"):
                break
            if m := re.fullmatch(r"(.+) collected (\S+) from (?:main |side )?pot(?:-\d+)?", ln):
                coll[m.group(1)] = coll.get(m.group(1), 0) + _cents(m.group(2))
            if m := re.fullmatch(r"Uncalled bet \((\S+)\) returned to (.+)", ln):
                back[m.group(2)] = back.get(m.group(2), 0) + _cents(m.group(1))
        if m := re.search(r"(?m)^Total pot (\S+) .*\| Rake (\S+)", part):
            total, rake = _cents(m.group(1)), _cents(m.group(2))
        out.append((total, rake, coll, back))
    return out


def _read(path: Path) -> tuple[list, list[HistoryError]]:
    bad: list[HistoryError] = []
    hands = list(pokerstars.read_stream(_text(path).splitlines(), str(path), "collect", bad))
    return hands, bad


def test_every_sample_is_accounted_for() -> None:
    named = FRAGMENTS | EMPTY | set(REFUSED) | set(IMPOSSIBLE) | set(NO_UNCALLED_LINE) | set(
        SELF_CONTRADICTING)
    assert named <= {p.name for p in FILES} and len(FILES) == 74


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_pokerstars_hands_settle_as_the_site_says(path: Path) -> None:
    hands, bad = _read(path)
    if path.name in EMPTY:
        assert hands == [] and bad == []
        return
    if path.name in FRAGMENTS:
        assert hands == [] and len(bad) == 1 and "not a hand history" in bad[0].reason
        assert bad[0].file == str(path)
        return
    if path.name in REFUSED:
        assert hands == [] and len(bad) == 1 and REFUSED[path.name] in bad[0].reason
        assert bad[0].file == str(path) and bad[0].hand == 1 and bad[0].line == 1
        return
    assert bad == []
    if path.name in IMPOSSIBLE:
        (h,) = hands
        with pytest.raises(HistoryError, match=IMPOSSIBLE[path.name]) as e:
            h.replay(allin_ev=False)
        # named by the line of the show that deals the card again
        assert e.value.file == str(path)
        assert "shows [5d" in _text(path).splitlines()[e.value.line - 1]
        return
    site = _site_lines(_text(path))
    assert len(hands) == len(site) > 0
    lines = _text(path).splitlines()
    for h in hands:                # each hand knows its header's line, each action its own
        assert lines[h.line - 1].lstrip("\ufeff").startswith("PokerStars")
        assert h.action_lines is not None and len(h.action_lines) == len(h.actions)
        assert list(h.action_lines) == sorted(h.action_lines) and h.action_lines[0] > h.line
        for a, k in zip(h.actions, h.action_lines):
            if a.startswith("d db "):
                assert lines[k - 1].startswith("*** ")
    for h, (total, rake, coll, back) in zip(hands, site):
        assert total >= 0 and h.extra["site"] == "PokerStars"
        r = h.replay(allin_ev=False)
        assert sum(coll.values()) + rake == total          # the site's lines agree
        paid = [r.net[s] + r.contributions[s] for s in range(h.seats)]   # before the rake
        returned = {p: back.get(p, 0) for p in h.players}
        if path.name in NO_UNCALLED_LINE:
            who, amount = NO_UNCALLED_LINE[path.name]
            assert r.agrees_with_record is False and f"({-amount})" in r.disagreement
            returned[who] = amount                        # the bet the replay returns
        elif path.name in SELF_CONTRADICTING:
            assert r.agrees_with_record is False
            built = sum(r.contributions) - sum(returned.values())
            assert built - total == SELF_CONTRADICTING[path.name]
            continue
        else:
            assert r.agrees_with_record is True, r.disagreement
            assert r.rake == rake
            for s, p in enumerate(h.players):              # after the rake, as the site paid
                assert r.net_after_rake[s] + r.contributions[s] == coll.get(p, 0) + returned[p]
        assert sum(r.contributions) - sum(returned.values()) == total
        assert sum(paid) == total + sum(returned.values())
        for p in set(coll) | set(back):
            assert p in h.players, p                      # nobody paid who was not dealt in


def test_the_older_header_and_currencies_are_read() -> None:
    (h,) = list(read(DATA / "CashGame_Limits_EuroTable.txt"))
    assert h.extra["currency"] == "EUR" and h.extra["hand"] == 109666157973
    (h,) = list(read(DATA / "CashGame_Limits_GbpTable.txt"))      # CR line ends
    assert h.extra["currency"] == "GBP" and h.players == ["a0Kribu", "JOZSEF1981"]


def test_a_capped_game_plays_each_stack_as_the_cap() -> None:
    (h,) = list(read(DATA / "CashGame_RunItTwiceTests_RunItTwice2.txt"))
    assert max(h.starting_stacks) == 8000                          # "$80 Cap"
    r = h.replay(allin_ev=False)
    assert r.agrees_with_record is True and r.board_payouts is not None


def test_part_of_a_hand_shown_is_a_muck() -> None:
    (h,) = list(read(DATA / "CashGame_ExtraHands_MucksHand.txt"))  # "Meelek: shows [Qs]"
    s = h.players.index("Meelek")
    assert f"p{s + 1} sm" in h.actions
    assert h.replay(allin_ev=False).agrees_with_record is True
