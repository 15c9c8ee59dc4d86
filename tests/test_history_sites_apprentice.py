"""Real hands of poker-apprentice/hand-history-parser (MIT): PokerStars cash and a
bounty tournament's last hand, and an ACR (Winning Poker Network) seven-card stud
hi-lo hand.

The samples (tests/data/sites/pokerstars-apprentice/, wpn-v2-apprentice/; the
README there says where each came from) are checked against the site's own
lines, read here independently of the readers: each seat is paid its
``collected`` lines plus its returned bet, the pot is the summary's total and
the rake the summary's rake.  The bounty hand's knockout, places and prizes are
read as money beside the chips (``extra["bounty"]``, ``["knockouts"]``,
``["places"]``) and checked against the seat lines and the replay (the player
knocked out ends with no chips).  The stud hand is checked seat by seat against
what its own action lines put in (the network writes what each action adds) and
street by street against its ``Main pot ... | Rake ...`` lines.
"""

from __future__ import annotations

import re
import tempfile
from decimal import Decimal
from pathlib import Path

import pytest

from handrank.history import HistoryError, read, wpn
from handrank.history.sites import guess

from .test_history_sites_pokerstars import _read, _site_lines, _text
from .test_history_sites_wpn_v2 import _site

SITES = Path(__file__).resolve().parent / "data" / "sites"
STARS = sorted((SITES / "pokerstars-apprentice").glob("*.txt"))
STUD = SITES / "wpn-v2-apprentice" / "HAND_7CARD_STUD_HILO.txt"
BOUNTY = SITES / "pokerstars-apprentice" / "HAND_TOURNAMENT_BOUNTY_AND_PLACEMENT.txt"


def _cents(t: str) -> int:
    return int(Decimal(t.replace("$", "").replace(",", "")) * 100)


def test_every_sample_is_here() -> None:
    assert [p.name for p in STARS] == ["HAND_CASH_ALL_IN.txt", "HAND_CASH_NO_SHOWDOWN.txt",
                                       "HAND_TOURNAMENT_BOUNTY_AND_PLACEMENT.txt"]
    assert STUD.is_file()


@pytest.mark.parametrize("path", STARS, ids=lambda p: p.name)
def test_pokerstars_hands_settle_as_the_site_says(path: Path) -> None:
    hands, bad = _read(path)
    assert bad == []
    # (the file's "*********** # 97 ****" line before the header holds no hand)
    ((total, rake, coll, back),) = [x for x in _site_lines(_text(path)) if x[0] >= 0]
    (h,) = hands
    unit = 1 if h.extra["unit"] == "cents" else 100       # the oracle counts cents
    r = h.replay(allin_ev=False)
    assert r.agrees_with_record is True, r.disagreement
    assert sum(coll.values()) + rake == total and r.rake * unit == rake
    for s, p in enumerate(h.players):
        assert (r.net_after_rake[s] + r.contributions[s]) * unit == coll.get(p, 0) + back.get(
            p, 0)
    assert sum(r.contributions) * unit - sum(back.values()) == total


def test_the_bounty_hand_keeps_bounties_places_and_prizes_as_money() -> None:
    (h,) = list(read(BOUNTY))
    text = _text(BOUNTY)
    assert h.extra["unit"] == "chips" and h.extra["tournament"] == "3429918960"
    assert h.extra["prize_currency"] == "USD" and "currency" not in h.extra
    # each seat's bounty as its seat line writes it, in money, never in chips
    seats = dict(re.findall(r"(?m)^Seat \d: (\S+) \(\d+ in chips, \$([\d.]+) bounty\)$", text))
    assert h.extra["bounty"] == {nm: Decimal(b) for nm, b in seats.items()}
    assert h.starting_stacks == [184825, 755175]          # chips: the bounties left out
    (ko,) = h.extra["knockouts"]
    assert ko == {"winner": "mhuggins", "eliminated": "hammy6955", "amount": Decimal("19.31"),
                  "bounty_increase": Decimal("19.31"), "bounty_after": Decimal("168.26")}
    # the site's own bounty arithmetic: the winner's bounty before plus the increase,
    # and (a progressive knockout) half the loser's bounty in cash, half on the head
    assert h.extra["bounty"][ko["winner"]] + ko["bounty_increase"] == ko["bounty_after"]
    assert ko["amount"] + ko["bounty_increase"] == h.extra["bounty"][ko["eliminated"]]
    assert h.extra["places"] == {"hammy6955": {"place": 2, "prize": Decimal("150.40")},
                                 "mhuggins": {"place": 1, "prize": Decimal("150.56")}}
    # the replay agrees: the player knocked out (and placed) ends with no chips, the
    # winner with every chip at the table
    r = h.replay(allin_ev=False)
    end = [h.starting_stacks[s] + r.net[s] for s in range(h.seats)]
    assert end[h.players.index("hammy6955")] == 0
    assert end[h.players.index("mhuggins")] == sum(h.starting_stacks)


def _places(text: str) -> dict[str, int]:
    return {m.group(1): int(m.group(2)) for m in re.finditer(
        r"(?m)^(.+) finished the tournament in (\d+)(?:st|nd|rd|th) place", text)}


@pytest.mark.parametrize("path", [
    SITES / "pokerstars-pokerregion" / "Tournament_HAND2.txt",
    SITES / "pokerstars-italytoast" / "MultiTableTournament_Limits_Limit1.txt",
    SITES / "pokerstars-italytoast" / "MultiTableTournament_GameTypeTests_NoLimitHoldem.txt",
    SITES / "pokerstars-pokerdf" / "Tournament_T99999_3-max.txt", BOUNTY],
    ids=lambda p: p.name)
def test_every_place_written_is_read_and_leaves_no_chips(path: Path) -> None:
    """Places in other real tournaments (names with spaces among them): each is read,
    and each placed player ends the hand with no chips; the winner with all of them."""
    hands = list(read(path, format="pokerstars"))
    text = _text(path)
    parts = [p for p in re.split(r"(?m)^(?=PokerStars Hand #)", text) if "Hand #" in p]
    assert len(parts) == len(hands)
    seen = 0
    for h, part in zip(hands, parts):
        want = _places(part)
        if m := re.search(r"(?m)^(.+) wins the tournament and receives \$([\d.]+)", part):
            want[m.group(1)] = 1
        got = {nm: v["place"] for nm, v in h.extra.get("places", {}).items()}
        assert got == want
        if not want:
            continue
        seen += 1
        r = h.replay(allin_ev=False)
        for nm, place in want.items():
            end = h.starting_stacks[h.players.index(nm)] + r.net[h.players.index(nm)]
            assert end == (sum(h.starting_stacks) if place == 1 else 0)
    assert seen >= 1


def _puts(text: str) -> tuple[dict[str, int], list[int]]:
    """What each seat put in, from the stud hand's own action lines (the network writes
    what each action adds: ``raises $0.20 to $0.30`` adds $0.20), less any returned
    bet; and the pot before each street, summed as the action lines go."""
    put: dict[str, int] = {}
    before: list[int] = []
    head = text.partition("*** SHOW DOWN ***")[0]
    for ln in head.splitlines():
        if re.fullmatch(r"\*\*\* (3rd|4th|5th|6th|7th) STREET \*\*\*", ln):
            before.append(sum(put.values()))
        m = re.fullmatch(r"(\S+) (?:posts ante|brings in|calls|bets|raises) (\$[\d.]+)"
                         r"(?: to \$[\d.]+)?(?: and is all-in)?", ln)
        if m:
            put[m.group(1)] = put.get(m.group(1), 0) + _cents(m.group(2))
        if m := re.fullmatch(r"Uncalled bet \((\$[\d.]+)\) returned to (\S+)", ln):
            put[m.group(2)] -= _cents(m.group(1))
    return put, before


def test_acr_stud_hilo_settles_as_the_site_says() -> None:
    text = STUD.read_text(encoding="utf-8")
    assert guess(text.splitlines()[0]) == "wpn"
    bad: list[HistoryError] = []
    (h,) = list(wpn.read_stream(text.splitlines(), str(STUD), "collect", bad))
    assert bad == [] and h.variant == "F7S/8" and h.extra["hand"] == "1903647457"
    assert (h.bring_in, h.small_bet, h.big_bet) == (5, 10, 20) and set(h.antes) == {2}
    site = _site(text)
    assert site["paid"] == site["won"] == {"AzRic": 448, "KickShorty": 448}
    assert site["fees"] == {"Rake": 8, "JP Fee": 2} and site["total"] == 896
    r = h.replay(allin_ev=False)
    assert r.agrees_with_record is True, r.disagreement
    assert r.rake == 10 and h.extra["site_rake"] * 100 == 8
    assert h.extra["jackpot_fee"] * 100 == 2
    for s, p in enumerate(h.players):
        assert r.net_after_rake[s] + r.contributions[s] == site["won"].get(p, 0)
    # seat by seat, what the action lines put in is what the replay puts in
    put, before = _puts(text)
    assert dict(zip(h.players, r.contributions)) == put
    # street by street, the site's "Main pot $X | Rake $Y" (and side pots) before the
    # street's cards are what the action lines put in so far
    streets = re.split(r"(?m)^\*\*\* (?:3rd|4th|5th|6th|7th) STREET \*\*\*$", text)[1:]
    assert len(streets) == len(before) == 5
    for pot, part in zip(before, streets):
        lines = re.findall(r"(?m)^(?:Main pot|Side pot\(\d\)) (\$[\d.]+) \| Rake (\$[\d.]+)$",
                           part.split("Dealt to", 1)[0])
        assert sum(_cents(a) + _cents(b) for a, b in lines) == pot
    # the showdown's pots: main $8.36 (+ $0.10 rake) and side $0.60, each split high
    # (KickShorty's tens) and low (AzRic's 8-7-5-3-2)
    assert [p.amount for p in r.pots] == [846, 60]
    for p in r.pots:
        assert [h.players[w] for w in p.high.winners] == ["KickShorty"]
        assert [h.players[w] for w in p.low.winners] == ["AzRic"]
    # the history owner's down cards are known from the deal; the others' from the show
    assert "d dh p6 4c7h3c" in h.actions and "d dh p1 ????8s" in h.actions
    assert h.actions.count("d dh p1 ??") == 1             # the seventh card, face down


def test_acr_stud_round_trips_through_phh() -> None:
    (h,) = list(read(STUD))
    (back,) = list(read(text=h.to_phh(), format="phh"))
    r1, r2 = h.replay(allin_ev=False), back.replay(allin_ev=False)
    assert back.variant == "F7S/8" and back.actions == h.actions
    assert r1.payouts == r2.payouts and r1.contributions == r2.contributions


def _bad(text: str, fmt: str) -> HistoryError:
    rd = read(text=text, format=fmt, errors="collect")
    assert list(rd) == [] and len(rd.errors) == 1
    return rd.errors[0]


@pytest.mark.parametrize(("old", "new", "words"), [
    ("Dealt to AzRic [8s] [5s]", "Dealt to Nobody [8s] [5s]", "no seat"),
    ("Dealt to AzRic [8s] [5s]", "Dealt to AzRic [8s] [5s 5h]", "is dealt"),
    ("*** 5th STREET ***", "*** 6th STREET ***", "out of order"),
    ("cleaver52 brings in $0.05", "cleaver52 brings in $0.05\nfuggins brings in $0.05",
     "second bring-in"),
    ("cleaver52 brings in $0.05", "cleaver52 folds", "no bring-in"),
    ("Crainville 8-max", "Crainville 8-max Seat #1 is the button", "no table line"),
    ("7Stud H/L(Fixed Limit)", "7Stud H/L(Pot Limit)", "fixed limit"),
])
def test_bad_stud_hands_are_refused_by_name(old: str, new: str, words: str) -> None:
    text = STUD.read_text(encoding="utf-8")
    assert old in text
    e = _bad(text.replace(old, new, 1), "wpn")
    assert words in str(e) and "hand 1" in str(e), str(e)


def test_a_stud_deal_of_a_card_twice_is_refused_by_the_replay() -> None:
    text = STUD.read_text(encoding="utf-8").replace(
        "Dealt to KickShorty [Tc Ts] [As]", "Dealt to KickShorty [Tc Ts] [2h]")
    (h,) = list(read(text=text, format="wpn"))
    with pytest.raises(HistoryError, match=r"duplicate card '2h'.*hand 1"):
        h.replay()


@pytest.mark.parametrize(("old", "new", "words"), [
    ("mhuggins wins $19.31 for eliminating hammy6955",
     "mhuggins wins $19.31 for eliminating nobody", "no seat"),
    ("mhuggins wins $19.31 for eliminating hammy6955",
     "mhuggins wins a prize for eliminating hammy6955", "does not know"),
    ("Hold'em No Limit - Level", "7 Card Stud Hi/Lo Limit - Level", "stud"),
])
def test_bad_tournament_lines_are_refused_by_name(old: str, new: str, words: str) -> None:
    text = _text(BOUNTY)
    assert old in text
    e = _bad(text.replace(old, new, 1), "pokerstars")
    assert words in str(e) and "hand 1" in str(e) and "line 2" in str(e), str(e)


def test_other_wordings_of_knockouts_and_places_are_kept() -> None:
    text = _text(BOUNTY).replace(
        "mhuggins wins $19.31 for eliminating hammy6955 and their own bounty increases by "
        "$19.31 to $168.26", "mhuggins wins the $10 bounty for eliminating hammy6955").replace(
        "finished the tournament in 2nd place and received $150.40.",
        "finished the tournament in 2nd place and received a ticket")
    (h,) = list(read(text=text, format="pokerstars"))
    assert h.extra["knockouts"] == [{"winner": "mhuggins", "eliminated": "hammy6955",
                                     "amount": Decimal(10)}]
    assert h.extra["places"]["hammy6955"] == {"place": 2, "prize": None,
                                              "prize_text": "and received a ticket"}


def test_a_chat_line_with_the_words_moves_nothing() -> None:
    text = _text(BOUNTY).replace(
        "*** SUMMARY ***",
        'hammy6955 said, "mhuggins wins the tournament and receives a lot"\n*** SUMMARY ***')
    (h,) = list(read(text=text, format="pokerstars"))
    assert h.extra["places"]["mhuggins"]["prize"] == Decimal("150.56")


def test_the_fast_path_gives_these_hands_as_the_reader_does() -> None:
    fast = pytest.importorskip("tests.test_history_stars_fast")
    if not fast.stars_fast.available():
        pytest.skip("the C core is not loaded")
    for path in STARS:
        seen, _taken = fast._compare(str(path))
        assert seen == 1


FUZZ = [(fmt, path, k) for fmt, path in (("wpn", STUD), ("pokerstars", BOUNTY))
        for k in range(30)]


@pytest.mark.parametrize(("fmt", "path", "seed"), FUZZ,
                         ids=[f"{f}-{p.stem}-{k}" for f, p, k in FUZZ])
def test_damaged_stud_and_bounty_hands_are_read_or_refused_by_name(fmt: str, path: Path,
                                                                   seed: int) -> None:
    """Lines deleted, repeated, swapped, cut, amounts, cards and names changed (the
    damage of test_history_sites_fuzz.py): every hand is read or refused by name."""
    import random

    from handrank.history import sites

    from .test_history_sites_fuzz import _damage
    rng = random.Random(f"apprentice-{fmt}-{seed}")
    lines = _text(path).splitlines()
    for _ in range(rng.randrange(1, 4)):
        lines = _damage(lines, rng)
    bad: list[HistoryError] = []
    hands = list(sites.READERS[fmt](lines, str(path), "collect", bad))
    for e in bad:
        assert isinstance(e, HistoryError) and e.file == str(path) and e.reason
        if e.hand is not None:
            assert e.line is not None and 1 <= e.line <= len(lines), e
    for h in hands:
        try:
            h.replay(allin_ev=False)
        except HistoryError:
            pass


def test_acr_stud_high_only_reads_as_seven_card_stud() -> None:
    """The same layout headed ``7Stud(Fixed Limit)`` (ACR's name for stud high only,
    as poker-apprentice's grammar reads it; no real sample of it was found): read as
    F7S, the whole of each pot to the best high hand, the site's own pot and rake
    taken as written (the collected lines edited to the high hand's)."""
    text = STUD.read_text(encoding="utf-8").replace("7Stud H/L(", "7Stud(")
    text = re.sub(r"(?m)^(AzRic|KickShorty) collected \$[\d.]+ from (main pot|side pot-1)\n",
                  "", text)
    text = text.replace("*** SUMMARY ***", "KickShorty collected $8.36 from main pot\n"
                        "KickShorty collected $0.60 from side pot-1\n*** SUMMARY ***")
    text = re.sub(r"and won \$4\.48", "and lost", text, count=1)
    text = text.replace("and won $4.48", "and won $8.96")
    (h,) = list(read(text=text, format="wpn"))
    assert h.variant == "F7S"
    r = h.replay(allin_ev=False)
    assert r.agrees_with_record is True, r.disagreement
    assert r.payouts[h.players.index("KickShorty")] == 906 and r.rake == 10


def test_the_fast_path_leaves_knockout_lines_to_the_reader() -> None:
    """A hand with a knockout line but no bounty on its seat lines (which the C scanner
    would take): handed to the Python reader, which reads the knockout or refuses it."""
    fast = pytest.importorskip("tests.test_history_stars_fast")
    if not fast.stars_fast.available():
        pytest.skip("the C core is not loaded")
    plain = re.sub(r", \$[\d.]+ bounty\)", ")", _text(BOUNTY))
    for line, ok in (("mhuggins wins $19.31 for eliminating hammy6955", True),
                     ("mhuggins wins $19.31 for eliminating nobody", False)):
        text = plain.replace("mhuggins wins $19.31 for eliminating hammy6955 and their own "
                             "bounty increases by $19.31 to $168.26", line)
        with tempfile.TemporaryDirectory() as d:
            path = Path(d) / "h.txt"
            path.write_text(text, encoding="utf-8")
            batches = [b for b in fast.stars_fast.scan(str(path), format="pokerstars")
                       if isinstance(b, fast.stars_fast.StarsBatch)]
            assert len(batches) == 1 and len(batches[0]) == 1
            b = batches[0]
            assert not b.fast(0)
            if ok:
                assert b.hand(0).extra["knockouts"][0]["eliminated"] == "hammy6955"
            else:
                with pytest.raises(HistoryError, match="no seat"):
                    b.hand(0)


@pytest.mark.parametrize(("old", "new"), [
    ("$148.95 bounty", "$1.4.8 bounty"),
    ("wins $19.31 for eliminating", "wins $1..5 for eliminating"),
])
def test_a_tournament_amount_that_is_not_a_number_is_named(old: str, new: str) -> None:
    text = BOUNTY.read_text(encoding="utf-8")
    assert old in text
    e = _bad(text.replace(old, new, 1), "pokerstars")
    bad = new.split()[0] if new.startswith("$") else new.split()[1]
    assert "amount" in str(e) and bad.lstrip("$") in str(e) and "hand 1" in str(e), str(e)
