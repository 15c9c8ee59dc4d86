"""The Winning Poker Network's (ACR's) newer layout, against the site's own lines.

``Hand #55280000 - Omaha(Pot Limit) - $0.50/$1.00 - 2019/04/25 16:00:00 UTC``:
the 13 fixtures of ItalyToast/PokerHandHistoryParser's ``WinningPokerV2`` folder
(MIT; tests/data/sites/README.md says where and under which licence): hold'em
and Omaha, heads-up to nine seats, side pots, a dead blind, seats waiting for
the big blind or sitting out, a show after an uncontested pot.  The oracle is
the site's lines, read here on their own: each ``collected $X from main pot`` /
``side pot-1`` line, the summary's ``won $X`` of an uncontested pot (the
layout writes no collected line for it), each ``Uncalled bet ($X) returned to
P`` and the summary's ``Total pot $T | Rake $R | JP Fee $J``, where T is what
the winners were paid: the replay must pay each seat that plus its returned
bet, take R + J as the rake and build a pot of T + R + J.  One sample's summary
writes no rake although its winner collects a cent less than the pot: read, and
reported as disagreeing by exactly that cent.
"""

from __future__ import annotations

import re
from decimal import Decimal
from pathlib import Path

import pytest

from handrank.history import HistoryError, read, wpn
from handrank.history.sites import guess

DATA = Path(__file__).resolve().parent / "data" / "sites" / "wpn-v2"
FILES = sorted(DATA.glob("*.txt"))
#: a summary with no rake for a pot its winner was paid a cent less of
UNWRITTEN_RAKE = {"HandActionTests_PostingDead.txt": 1}


def _cents(t: str) -> int:
    return int(Decimal(t.replace("$", "").replace(",", "")) * 100)


def _site(text: str) -> dict:
    paid: dict[str, int] = {}
    back: dict[str, int] = {}
    names = re.findall(r"(?m)^Seat \d+: (.+) \(\$[\d.,]+\)", text)
    head, _, summary = text.partition("*** SUMMARY ***")
    for ln in head.splitlines():
        if m := re.fullmatch(r"(.+) collected (\$[\d.,]+) from (?:main |side )?pot(?:-\d+)?",
                             ln.strip()):
            paid[m.group(1)] = paid.get(m.group(1), 0) + _cents(m.group(2))
        if m := re.fullmatch(r"Uncalled bet \((\$[\d.,]+)\) returned to (.+)", ln.strip()):
            back[m.group(2)] = back.get(m.group(2), 0) + _cents(m.group(1))
    won = {}
    for nm in names:
        if m := re.search(r"(?m)^Seat \d+: " + re.escape(nm) + r" .*?won (\$[\d.,]+)", summary):
            won[nm] = _cents(m.group(1))
    m = re.search(r"(?m)^Total pot (\$[\d.,]+)(.*)$", summary)
    assert m is not None
    fees = {k: _cents(v) for k, v in re.findall(r"\| (Rake|JP Fee) (\$[\d.,]+)", m.group(2))}
    return {"total": _cents(m.group(1)), "fees": fees, "paid": paid, "won": won, "back": back}


def test_every_sample_is_here() -> None:
    assert len(FILES) == 13 and set(UNWRITTEN_RAKE) <= {p.name for p in FILES}


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_wpn_newer_layout_settles_as_the_site_says(path: Path) -> None:
    text = path.read_text(encoding="utf-8-sig")
    assert guess(text.splitlines()[0]) == "wpn"
    bad: list[HistoryError] = []
    (h,) = list(wpn.read_stream(text.splitlines(), str(path), "collect", bad))
    assert bad == [] and h.extra["site"] == "Winning Poker Network"
    assert h.extra["hand"] == re.match(r"Hand #(\d+)", text).group(1)
    site = _site(text)
    # the site's own lines agree: the collected lines are the summary's wins (where
    # there are any), and they make the summary's total
    for nm, amount in site["paid"].items():
        assert site["won"][nm] == amount
    assert sum(site["won"].values()) == site["total"]
    took = sum(site["fees"].values())
    assert h.extra["site_rake"] * 100 == site["fees"].get("Rake", 0)
    assert h.extra["jackpot_fee"] * 100 == site["fees"].get("JP Fee", 0)
    r = h.replay(allin_ev=False)
    returned = {p: site["back"].get(p, 0) for p in h.players}
    built = sum(r.contributions) - sum(returned.values())
    if path.name in UNWRITTEN_RAKE:
        assert r.agrees_with_record is False and took == 0
        assert built - site["total"] == UNWRITTEN_RAKE[path.name]
        return
    assert r.agrees_with_record is True, r.disagreement
    assert r.rake == took and built == site["total"] + took
    for s, p in enumerate(h.players):
        assert r.net_after_rake[s] + r.contributions[s] == site["won"].get(p, 0) + returned[p]
    # a seat waiting for the big blind or sitting out was not dealt in
    for nm in re.findall(r"(?m)^(.+) (?:waits for big blind|sits out)$", text):
        if not re.search(r"(?m)^" + re.escape(nm) + r" (?:posts|folds|checks|calls|bets|raises)",
                         text):
            assert nm not in h.players


def test_both_layouts_read_through_read() -> None:
    hands = list(read(DATA))
    assert len(hands) == 13 and {h.extra["site"] for h in hands} == {"Winning Poker Network"}
    old = Path(__file__).resolve().parent / "data" / "sites" / "wpn"
    assert all(h.extra["site"] == "Winning Poker Network"
               for h in read(old / "CashGame_GeneralHands_GeneralHand.txt"))
