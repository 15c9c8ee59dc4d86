"""888poker tournament hands, against what the site says it paid.

The samples (tests/data/sites/888poker-pokerregion/) are real hands of five
2016 tournaments from the tests of the ``poker`` package (pokerregion/poker,
MIT; see tests/data/sites/README.md): 120 hands with antes, short blinds,
all-ins and side pots.  Tournament chips are written with a dollar sign
(``Seat 1: joeballoons ( $970 )``); the reader reads them as chips.

The oracle is the site's ``collected [ $X ]`` lines: the replay must pay each
seat what it collected plus the part of its bet nobody matched, take no
rake (a tournament pot has none) and build a pot of what the site paid out.
Two hands are not read as the site paid them, and each is reported: one
seats a player with no name (refused by name), and in one the site paid a
seat whose cards its summary writes as mucked (the replay, which takes a
muck as giving up the pot, disagrees with the record and says so).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from handrank.history import HistoryError, poker888, read

DATA = Path(__file__).resolve().parent / "data" / "sites" / "888poker-pokerregion"
FILES = sorted(DATA.glob("*.txt"))
#: hand id -> the words of its refusal
REFUSED = {"778799896": "a line the reader does not know: 'Seat 1:  ( $325 )'"}
#: hand id -> the seat the site paid though its cards are written as mucked
MUCKED_BUT_PAID = {"775396118": "SYSTEM3RROR"}


def _collected(part: str) -> dict[str, int]:
    out: dict[str, int] = {}
    for ln in part.splitlines():
        if m := re.fullmatch(r"(.+) collected \[ \$([\d,]+) \]", ln.strip()):
            out[m.group(1)] = out.get(m.group(1), 0) + int(m.group(2).replace(",", ""))
    return out


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_888_tournament_hands_pay_what_the_site_paid(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    parts = [p for p in re.split(r"(?m)^(?=#Game No : )", text) if p.strip()]
    bad: list[HistoryError] = []
    hands = list(poker888.read_stream(text.splitlines(), str(path), "collect", bad))
    ids = [re.match(r"#Game No : (\d+)", p).group(1) for p in parts]  # type: ignore[union-attr]
    refused = [i for i in ids if i in REFUSED]
    assert len(bad) == len(refused)
    for e, i in zip(bad, refused):
        assert REFUSED[i] in e.reason and e.file == str(path)
    by_id = {i: p for i, p in zip(ids, parts)}
    assert [h.extra["hand"] for h in hands] == [i for i in ids if i not in REFUSED]
    for h in hands:
        part = by_id[h.extra["hand"]]
        assert h.extra["unit"] == "chips" and h.extra["tournament"] == path.stem.split("_")[1]
        assert "currency" not in h.extra
        r = h.replay(allin_ev=False)
        paid = _collected(part)
        if h.extra["hand"] in MUCKED_BUT_PAID:
            who = MUCKED_BUT_PAID[h.extra["hand"]]
            assert f"{who} mucks [" in part and paid[who] > 0
            assert r.agrees_with_record is False
            assert r.payouts[h.players.index(who)] == 0
            continue
        assert r.agrees_with_record is True, (h.extra["hand"], r.disagreement)
        assert r.rake == 0
        returned = [r.payouts[s] - paid.get(p, 0) for s, p in enumerate(h.players)]
        assert all(x >= 0 for x in returned)
        assert sum(r.contributions) - sum(returned) == sum(paid.values())


def test_a_call_of_the_full_big_blind_over_a_short_big_blind() -> None:
    """The big blind all in for 33 of 200: a call of 200 puts in 100 more than the small
    blind's 100; nobody matches it, and it comes back (the site's collected 234 holds it)."""
    text = (DATA / "Tournament_78669773.txt").read_text(encoding="utf-8")
    hands = {h.extra["hand"]: h for h in poker888.read_stream(text.splitlines(), None,
                                                               "collect", [])}
    h = hands["778800266"]
    s = h.players.index("sportsfury8")
    assert f"p{s + 1} cbr 200" in h.actions
    r = h.replay(allin_ev=False)
    assert r.agrees_with_record is True and r.payouts[s] == 234


def test_888_tournaments_are_guessed_from_the_first_line() -> None:
    hands = list(read(DATA / "Tournament_78678966.txt"))
    assert len(hands) == 16 and {h.extra["buy_in"] for h in hands} == {"$0.09 + $0.01"}
