"""More PokerStars hands as the site wrote them: five-card Omaha, yuan, tournaments.

The samples (tests/data/sites/pokerstars-italytoast/) are the PokerStars
fixtures that ItalyToast/PokerHandHistoryParser (MIT; the fork that continues
the fixtures in tests/data/sites/pokerstars/) added: pot-limit five-card
Omaha (one hand to the showdown), a table in yuan, an all-in cash-out, a
player disconnected, a muck of known cards, multi-table tournament hands (a
final hand with the payouts' lines), and a hand cut short.  The oracle is the
site's own lines, read as in ``test_history_sites_pokerstars.py``: each seat
is paid its ``collected`` lines plus its returned bet, the pot is the
summary's total and the rake the summary's rake (the cash-out seat: as the
site paid it, through ``net_as_paid``).  And the 88 hands of one three-handed
tournament from pokerdf's tests (MIT, tests/data/sites/pokerstars-pokerdf/),
checked hand by hand and stack by stack.
"""

from __future__ import annotations

import re
from decimal import Decimal
from pathlib import Path

import pytest

from handrank.history import read
from handrank.history.pokerstars import net_as_paid

from .test_history_sites_pokerstars import _read, _site_lines, _text

DATA = Path(__file__).resolve().parent / "data" / "sites" / "pokerstars-italytoast"
FILES = sorted(DATA.glob("*.txt"))
#: a hand the reader refuses, and the words of the reason
REFUSED = {"CashGame_ValidHandTests_InValidHand_1.txt": "cut short"}
#: the seat that cashed out all in
CASHED_OUT = {"CashGame_HandActionTests_CashOut.txt": "m788"}


def test_every_sample_is_here() -> None:
    assert len(FILES) == 12 and set(REFUSED) | set(CASHED_OUT) <= {p.name for p in FILES}


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_more_pokerstars_hands_settle_as_the_site_says(path: Path) -> None:
    hands, bad = _read(path)
    if path.name in REFUSED:
        assert hands == [] and len(bad) == 1 and REFUSED[path.name] in bad[0].reason
        assert bad[0].file == str(path) and bad[0].line == 1
        return
    assert bad == []
    site = _site_lines(_text(path))
    assert len(hands) == len(site) == 1
    (h,), ((total, rake, coll, back),) = hands, site
    # the oracle counts cents; tournament chips are whole chips
    unit = 1 if h.extra["unit"] == "cents" else 100
    r = h.replay(allin_ev=False)
    assert r.agrees_with_record is True, r.disagreement
    # a pot not awarded (cashed out) is the summary's: "won ($38.95) ... (pot not awarded"
    held = sum(int(Decimal(x) * 100) for x in re.findall(
        r"won \(\$([\d.]+)\)[^(]*\(pot not awarded", _text(path)))
    assert sum(coll.values()) + held + rake == total and r.rake * unit == rake
    returned = {p: back.get(p, 0) for p in h.players}
    paid = (net_as_paid(h, r) if path.name in CASHED_OUT else r.net_after_rake)
    who = CASHED_OUT.get(path.name)
    for s, p in enumerate(h.players):
        got = (paid[s] + r.contributions[s]) * unit
        if p == who:
            # paid the cash-out, not its pot share (the site's collected line is absent)
            c = h.extra["cash_out"][p]
            assert c == {"amount": 2610, "fee": 26, "pot_share": 3895}
            assert got == c["amount"] + returned[p]
        else:
            assert got == coll.get(p, 0) + returned[p]
    assert (sum(r.contributions) * unit - sum(returned.values())) == total


def test_five_card_omaha_and_yuan() -> None:
    (h,) = list(read(DATA / "CashGame_PlayerTests_FiveCardOmaha.txt"))
    assert h.variant == "PO5"
    assert "p1 sm As5h4sAdJd" in h.actions or "p2 sm As5h4sAdJd" in h.actions
    r = h.replay(allin_ev=False)
    s = h.players.index("madmax84")
    assert r.payouts[s] == 9280                 # aces full of nothing: three aces win
    (h,) = list(read(DATA / "CashGame_Limits_YuanTable.txt"))
    assert h.extra["currency"] == "CNY" and h.variant == "PO"
    assert h.starting_stacks[h.players.index("146701")] == 511300


POKERDF = (Path(__file__).resolve().parent / "data" / "sites" / "pokerstars-pokerdf"
           / "Tournament_T99999_3-max.txt")


def test_a_whole_three_handed_tournament_settles_and_carries_its_stacks() -> None:
    """88 hands of one 3-max tournament (pokerdf's test input, MIT): each hand pays
    as the site's lines say, and each player's next stack is this stack plus this
    hand's net, from the first hand to the last (the chips are never lost)."""
    hands, bad = _read(POKERDF)
    site = _site_lines(_text(POKERDF))
    assert bad == [] and len(hands) == len(site) == 88
    after: dict[str, int] = {}
    for h, (total, rake, coll, back) in zip(hands, site):
        assert h.extra["unit"] == "chips" and rake == 0
        r = h.replay(allin_ev=False)
        assert r.agrees_with_record is True, r.disagreement
        returned = {p: back.get(p, 0) for p in h.players}
        for s, p in enumerate(h.players):
            assert (r.net[s] + r.contributions[s]) * 100 == coll.get(p, 0) + returned[p]
            if p in after:
                assert h.starting_stacks[s] == after[p], (h.extra["hand"], p)
            after[p] = h.starting_stacks[s] + r.net[s]
        assert sum(r.contributions) * 100 - sum(returned.values()) == total
    # the last hand's winner holds every chip: 3 x 500
    assert max(after.values()) == 1500
