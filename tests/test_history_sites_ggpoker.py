"""GGPoker hands as the site wrote them, against the site's own summary lines.

The samples (tests/data/sites/ggpoker/) are the GGPoker cash-game fixtures
of PokerHandHistoryParser (ItalyToast/PokerHandHistoryParser, MIT;
tests/data/sites/README.md says where and under which licence): no-limit
hold'em and pot-limit Omaha, Rush & Cash, a straddle, a missed blind, a new
player's big blind, hands run twice and three times, "Bet & Muck", EV
cashouts paid and received, and GGPoker's summary fees (rake, jackpot,
bingo, fortune, tax).

For every hand the oracle is the site's lines, read here independently of the
reader: each ``collected`` line, each ``Uncalled bet (X) returned to P``
line, the summary's ``Total pot T | Rake R | Jackpot J | ...`` and each seat's
``won ($X)`` / ``collected ($X)`` in the summary.  The replay must pay each
seat its collected amounts plus its returned bet, build a pot of exactly T
and take exactly R + J + ... (every fee the site takes from the pot) as the
rake.  One sample's own lines put $1 more in the pot than its summary's
total (a bet of the flop or turn edited in the published fixture): it reads,
and is reported as disagreeing by exactly that dollar.
"""

from __future__ import annotations

import re
from decimal import Decimal
from pathlib import Path

import pytest

from handrank.history import HistoryError, ggpoker, read
from handrank.history.pokerstars import net_as_paid
from handrank.history.sites import guess

DATA = Path(__file__).resolve().parent / "data" / "sites" / "ggpoker"
FILES = sorted(DATA.glob("*.txt"))

#: a sample whose lines put in more than its summary's total pot: by how many cents
SELF_CONTRADICTING = {"CashGame_GeneralHands_MultiplePosts.txt": 100}


def _text(path: Path) -> str:
    return path.read_bytes().decode("utf-8-sig")


def _cents(t: str) -> int:
    return int(Decimal(re.sub(r"[^\d.]", "", t)) * 100)


def _site(text: str) -> dict:
    """The site's own lines of a one-hand file: total pot, every fee, each player's
    collected and returned amounts, and what the summary says each seat won."""
    coll: dict[str, int] = {}
    back: dict[str, int] = {}
    seats: dict[int, str] = {}
    summary_won: dict[str, int] = {}
    in_summary = False
    for ln in text.splitlines():
        ln = ln.strip()
        if ln.startswith("*** SUMMARY"):
            in_summary = True
            continue
        m = re.fullmatch(r"Seat (\d+): (\S+) (.*)", ln)
        if not in_summary:
            if m and "in chips)" in ln:
                seats[int(m.group(1))] = m.group(2)
            if m := re.fullmatch(r"(\S+) collected (\S+) from pot", ln):
                coll[m.group(1)] = coll.get(m.group(1), 0) + _cents(m.group(2))
            if m := re.fullmatch(r"Uncalled bet \((\S+)\) returned to (\S+)", ln):
                back[m.group(2)] = back.get(m.group(2), 0) + _cents(m.group(1))
        elif m:
            got = sum(_cents(x) for x in re.findall(r"(?:won|collected) \((\$[\d.,]+)\)", ln))
            if got:
                summary_won[seats[int(m.group(1))]] = got
    mt = re.search(r"(?m)^Total pot (\S+) ((?:\| \w+ \S+ ?)+)$", text)
    assert mt is not None
    fees = {k: _cents(v) for k, v in re.findall(r"\| (\w+) (\S+)", mt.group(2))}
    return {"total": _cents(mt.group(1)), "fees": fees, "collected": coll, "back": back,
            "summary_won": summary_won}


def _read(path: Path) -> tuple[list, list[HistoryError]]:
    bad: list[HistoryError] = []
    hands = list(ggpoker.read_stream(_text(path).splitlines(), str(path), "collect", bad))
    return hands, bad


def test_every_sample_is_here() -> None:
    assert len(FILES) == 16 and set(SELF_CONTRADICTING) <= {p.name for p in FILES}


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_ggpoker_hands_settle_as_the_site_says(path: Path) -> None:
    hands, bad = _read(path)
    assert bad == []
    (h,) = hands
    site = _site(_text(path))
    took = sum(site["fees"].values())
    coll, back = site["collected"], site["back"]
    # the site's lines agree with one another: what was collected and what the site
    # took make the total; each seat's summary line says what it collected
    assert sum(coll.values()) + took == site["total"]
    assert site["summary_won"] == coll
    assert h.extra["site"] == "GGPoker" and h.extra["currency"] == "USD"
    assert h.extra["hand"] == _text(path).split("#", 1)[1].split(":", 1)[0]
    assert {k: h.extra[k] for k in ("site_rake", "jackpot_fee", "bingo_fee", "fortune_fee",
                                    "tax_fee") if k in h.extra} == {
        ("site_rake" if k == "Rake" else k.lower() + "_fee"): v for k, v in site["fees"].items()}
    if "cash_out" not in h.extra:               # PHH text and back: the same hand
        (again,) = read(text=h.to_phh())
        assert again == h
    assert _text(path).splitlines()[h.line - 1].lstrip("\ufeff").startswith("Poker Hand #")
    r = h.replay(allin_ev=False)
    returned = {p: back.get(p, 0) for p in h.players}
    built = sum(r.contributions) - sum(returned.values())
    if path.name in SELF_CONTRADICTING:
        assert r.agrees_with_record is False
        assert built - site["total"] == SELF_CONTRADICTING[path.name]
        return
    assert r.agrees_with_record is True, r.disagreement
    assert r.rake == took == h.rake
    for s, p in enumerate(h.players):                   # after the fees, as the site paid
        assert r.net_after_rake[s] + r.contributions[s] == coll.get(p, 0) + returned[p]
    assert built == site["total"]
    assert set(coll) | set(back) <= set(h.players)      # nobody paid who was not dealt in


def test_read_guesses_ggpoker_from_the_first_line() -> None:
    assert guess("Poker Hand #HD23847510: Hold'em No Limit  ($0.5/$1) - 2017/11/12") == \
        "ggpoker"
    assert guess("\ufeffPoker Hand #OM2268205: PLO ($0.05/$0.1) - 2023/11/01 17:53:18") == \
        "ggpoker"
    rd = read(DATA)
    hands = list(rd)
    assert rd.errors == [] and len(hands) == 16
    assert all(h.extra["site"] == "GGPoker" for h in hands)


def test_hero_omaha_and_rush_and_cash() -> None:
    (h,) = list(read(DATA / "CashGame_GameTypeTests_PotLimitOmaha.txt"))
    assert h.variant == "PO" and h.extra["hero"] == "Hero"
    s = h.players.index("Hero")
    assert f"d dh p{s + 1} 6h6c6s9d" in h.actions
    (h,) = list(read(DATA / "CashGame_GeneralHands_RushAndCash.txt"))
    assert h.extra["hand"] == "RC2345481320" and h.variant == "NT"
    # a card written in lower case ("ks") is the Ks
    (h,) = list(read(DATA / "CashGame_HandActionTests_PostingDead.txt"))
    assert f"d dh p{h.players.index('Hero') + 1} Ks2d" in h.actions


def _boards(text: str) -> list[str]:
    return [m.replace(" ", "") for m in re.findall(r"(?m)^\w+ Board \[([^\]]+)\]$", text)]


def test_run_twice_and_three_times_pay_each_board() -> None:
    text = _text(DATA / "CashGame_GeneralHands_RunTwice.txt")
    (h,) = list(read(DATA / "CashGame_GeneralHands_RunTwice.txt"))
    r = h.replay(allin_ev=False)
    assert r.boards == _boards(text)                     # "FIRST Board [..]", "SECOND ..."
    assert len(r.board_payouts) == 2
    text = _text(DATA / "CashGame_GeneralHands_RunThreeTimes.txt")
    (h,) = list(read(DATA / "CashGame_GeneralHands_RunThreeTimes.txt"))
    r = h.replay(allin_ev=False)
    # the summary writes the second and third boards' new cards only
    written = _boards(text)
    assert len(r.boards) == 3 and r.boards[0] == written[0]
    assert [b[-len(w):] for b, w in zip(r.boards[1:], written[1:])] == written[1:]
    # the pot (before the fees) in three parts, the odd cents to the first boards,
    # each to its board's winner: the same split the site's three showdowns make
    a, b = h.players.index("22ab6yhc"), h.players.index("88kkaa62")
    assert [(p[a], p[b]) for p in r.board_payouts] == [(1835, 0), (1835, 0), (0, 1834)]


def test_straddle_missed_blind_and_bet_and_muck() -> None:
    (h,) = list(read(DATA / "CashGame_GeneralHands_Straddle.txt"))
    s = h.players.index("62dfdfaf")
    assert h.blinds_or_straddles[s] == 200 and sorted(h.blinds_or_straddles)[-2:] == [100, 200]
    (h,) = list(read(DATA / "CashGame_HandActionTests_PostingDead.txt"))
    s = h.players.index("15yfdsaa")
    assert h.antes[s] == 50 and h.blinds_or_straddles[s] == 100   # dead 0.5, live 1
    (h,) = list(read(DATA / "CashGame_HandActionTests_BetAndMuck.txt"))
    s, t = h.players.index("42c6a201") + 1, h.players.index("afv2fads3") + 1
    # the bet, its call, the bettor's muck, the caller's show
    assert h.actions[-4:] == [f"p{s} cbr 5", f"p{t} cc", f"p{s} sm", f"p{t} sm Ah8d"]


def test_ev_cashouts_are_marked_and_paid_as_the_site_paid() -> None:
    (h,) = list(read(DATA / "CashGame_HandActionTests_PaysCashoutFee.txt"))
    r = h.replay(allin_ev=False)
    c = h.extra["cash_out"]["oiesfcv1"]
    assert (c["pot_share"], c["risk_paid"], c["received"]) == (24386, 2268, 0)
    s = h.players.index("oiesfcv1")
    assert net_as_paid(h, r)[s] == r.net_after_rake[s] - 2268
    (h,) = list(read(DATA / "CashGame_HandActionTests_ReceivesCashout.txt"))
    r = h.replay(allin_ev=False)
    c = h.extra["cash_out"]["88989dfa"]
    assert (c["pot_share"], c["amount"]) == (0, 998)
    s = h.players.index("88989dfa")
    assert r.net_after_rake[s] == -700 and net_as_paid(h, r)[s] == -700 + 998


def _one(text: str) -> HistoryError:
    bad: list[HistoryError] = []
    assert list(ggpoker.read_stream(text.splitlines(), "x.txt", "collect", bad)) == []
    (e,) = bad
    return e


def test_what_is_not_read_is_refused_by_name() -> None:
    base = _text(DATA / "CashGame_GeneralHands_RushAndCash.txt")
    tm = base.replace("Poker Hand #RC2345481320: Hold'em No Limit  ($0.05/$0.1)",
                      "Poker Hand #TM2345481320: Tournament #1, Bounty $5 Hold'em No Limit "
                      "- Level6(150/300)")
    e = _one(tm)
    assert "tournament" in e.reason and e.file == "x.txt" and e.line == 1
    sd = base.replace("Hold'em No Limit  ($0.05/$0.1)", "ShortDeck No Limit ($0.05/$0.1)")
    assert "ShortDeck" in _one(sd).reason
    plo5 = base.replace("Hold'em No Limit  ($0.05/$0.1)", "PLO-5 ($0.05/$0.1)")
    assert "PLO-5" in _one(plo5).reason
    odd = base.replace("Hero: calls $0.2", "Hero: juggles $0.2")
    assert "juggles" in _one(odd).reason
    four = _text(DATA / "CashGame_GeneralHands_RunThreeTimes.txt").replace(
        "*** THIRD RIVER *** [Th 9c 5s Ad] [2h]",
        "*** THIRD RIVER *** [Th 9c 5s Ad] [2h]\n*** FOURTH RIVER *** [Th 9c 5s Ad] [3h]")
    assert "four times" in _one(four).reason
    # a third run that deals a card of the second again: the replay refuses it by name
    again = _text(DATA / "CashGame_GeneralHands_RunThreeTimes.txt").replace(
        "[Th 9c 5s] [Ad]", "[Th 9c 5s] [4d]").replace(
        "[Th 9c 5s Ad] [2h]", "[Th 9c 5s 4d] [2h]")
    (h,) = list(ggpoker.read_stream(again.splitlines(), "x.txt", "collect", []))
    with pytest.raises(HistoryError, match="duplicate card '4d' in third_board"):
        h.replay(allin_ev=False)
