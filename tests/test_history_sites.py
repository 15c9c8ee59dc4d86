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

from handrank.history import HistoryError, read, winamax

SITES = Path(__file__).resolve().parent / "data" / "sites"
WINAMAX = sorted((SITES / "winamax").glob("*.txt"))
#: the two files that are not Winamax hands as written
NOT_HANDS = {"CashGame_HandActionTests_OmahaHiLo.txt", "CashGame_ValidHandTests_InValidHand.txt"}


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


def test_winamax_unknown_line_is_refused_by_name(tmp_path: Path) -> None:
    src = (SITES / "winamax" / "CashGame_StreetTests_Flop.txt").read_text(encoding="utf-8-sig")
    lines = src.splitlines()
    at = next(i for i, ln in enumerate(lines) if ln.startswith("*** FLOP"))
    who = lines[at + 1].split()[0]
    lines.insert(at + 1, f"{who} juggles 3€")
    bad: list[HistoryError] = []
    assert list(winamax.read_stream(lines, "x.txt", "collect", bad)) == []
    assert "juggles" in str(bad[0]) and "x.txt" in str(bad[0])
