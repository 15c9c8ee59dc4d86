"""PokerStars hands of 2020 and tournament hands, against the site's own lines.

The samples (tests/data/sites/pokerstars-pokerregion/) are real hands from
the tests of the ``poker`` package (pokerregion/poker, MIT; see
tests/data/sites/README.md): 29 files of $0.01/$0.02 no-limit hold'em cash
tables played in April 2020 (1,402 hands, gzip-compressed here) and five
tournament hands of 2013 (antes, side pots, players finishing the tournament);
and the ten hands of iagowp/JSPokerParser (two of them in Portuguese).

The oracle is the site's lines, read here without the reader: each
player's ``collected`` lines, ``Uncalled bet`` lines and the summary's total
pot and rake; and, for the 24 hands where a player all in took the site's
"cash out" (paid an amount of the site's instead of the pot), that player's
stack at the same table in the next hand of the file, which must be the
stack before plus the net as the site paid it.
"""

from __future__ import annotations

import gzip
import re
from decimal import Decimal
from pathlib import Path

import pytest

from handrank.history import Hand, HistoryError, pokerstars, read

DATA = Path(__file__).resolve().parent / "data" / "sites" / "pokerstars-pokerregion"
CASH = sorted(DATA.glob("Cash_*.txt.gz"))
TOURNAMENT = sorted(DATA.glob("Tournament_*.txt"))


def _amount(t: str, cents: bool) -> int:
    d = Decimal(re.sub(r"[^\d.]", "", t))
    return int(d * 100) if cents else int(d)


def _site_lines(text: str, cents: bool) -> list[tuple[int, int, dict[str, int],
                                                     dict[str, int]]]:
    out = []
    text = "\n".join(text.splitlines())                 # CR LF line ends as well
    for part in re.split(r"(?m)^(?=\ufeff?PokerStars (?:Zoom )?Hand #)", text):
        if not part.strip():
            continue
        coll: dict[str, int] = {}
        back: dict[str, int] = {}
        for ln in part.split("*** SUMMARY ***")[0].splitlines():
            ln = ln.strip()
            if m := re.fullmatch(r"(.+) collected (\S+) from (?:main |side )?pot(?:-\d+)?", ln):
                coll[m.group(1)] = coll.get(m.group(1), 0) + _amount(m.group(2), cents)
            if m := re.fullmatch(r"Uncalled bet \((\S+)\) returned to (.+)", ln):
                back[m.group(2)] = back.get(m.group(2), 0) + _amount(m.group(1), cents)
        m = re.search(r"(?m)^Total pot (\S+) .*\| Rake (\S+)", part)
        assert m is not None
        out.append((_amount(m.group(1), cents), _amount(m.group(2), cents), coll, back))
    return out


def _check(hands: list[Hand], text: str, cents: bool) -> None:
    site = _site_lines(text, cents)
    assert len(hands) == len(site) > 0
    for h, (total, rake, coll, back) in zip(hands, site):
        r = h.replay(allin_ev=False)
        assert r.agrees_with_record is True, r.disagreement
        assert r.rake == rake
        cash = h.extra.get("cash_out", {})
        # what the pot paid out: the collected lines and the shares kept for cash-outs
        shares = sum(c["pot_share"] for c in cash.values())
        assert sum(coll.values()) + shares + rake == total
        assert sum(r.contributions) - sum(back.values()) == total
        for s, p in enumerate(h.players):
            got = r.net_after_rake[s] + r.contributions[s]
            assert got == coll.get(p, 0) + back.get(p, 0) + cash.get(p, {}).get("pot_share", 0)


@pytest.mark.parametrize("path", CASH, ids=lambda p: p.name)
def test_cash_hands_of_2020_settle_as_the_site_says(path: Path) -> None:
    text = gzip.decompress(path.read_bytes()).decode("utf-8-sig")
    bad: list[HistoryError] = []
    hands = list(pokerstars.read_stream(text.splitlines(), str(path), "collect", bad))
    assert bad == []
    _check(hands, text, cents=True)


@pytest.mark.parametrize("path", TOURNAMENT, ids=lambda p: p.name)
def test_tournament_hands_settle_as_the_site_says(path: Path) -> None:
    (h,) = list(read(path))
    assert h.extra["unit"] == "chips"
    _check([h], path.read_text(encoding="utf-8"), cents=False)


def test_a_tournament_hand_with_antes_and_a_side_pot() -> None:
    (h,) = list(read(DATA / "Tournament_HAND2.txt"))
    assert h.antes == [75] * 9 and h.extra["hand"] == 105034215446
    r = h.replay(allin_ev=False)
    assert r.agrees_with_record is True and r.net_after_rake[6] == 14495   # costamar
    assert sum(1 for p in r.pots if len(p.eligible) > 1) == 2          # main and side pot


def test_all_in_cash_outs_are_paid_as_the_site_paid_them() -> None:
    """The player's next stack at the table is the stack before plus the net as paid
    (where the player did not top up to the table's buy-in between the hands)."""
    seen = 0
    for path in CASH:
        text = gzip.decompress(path.read_bytes()).decode("utf-8-sig")
        hands = list(pokerstars.read_stream(text.splitlines(), str(path), "raise", []))
        for h, after in zip(hands, hands[1:]):
            cash = h.extra.get("cash_out")
            if not cash:
                continue
            r = h.replay(allin_ev=False)
            net = pokerstars.net_as_paid(h, r)
            for nm, c in cash.items():
                s = h.players.index(nm)
                assert c["amount"] > 0 and 0 <= c["fee"] < c["amount"]
                # the seat is paid the site's amount, not the pot share its cards won
                assert net[s] == r.net_after_rake[s] - c["pot_share"] + c["amount"]
                # (a Zoom player's next hand in the file need not be their next hand)
                if "Zoom Hand #" not in text and after.players is not None and \
                        nm in after.players and h.extra["hand"] != after.extra["hand"]:
                    nxt = after.starting_stacks[after.players.index(nm)]
                    if nxt == 200 and h.starting_stacks[s] + net[s] < 200:
                        continue            # topped up to the table's $2 buy-in between hands
                    seen += 1
                    assert nxt == h.starting_stacks[s] + net[s], (path.name, h.extra["hand"], nm)
            for s, p in enumerate(h.players):          # everyone else as the cards paid
                if p not in cash:
                    assert net[s] == r.net_after_rake[s]
    assert seen >= 20                  # 21 of the 24 cash-outs: the others topped up


def test_a_cash_out_with_no_summary_line_is_refused() -> None:
    text = gzip.decompress((DATA / "Cash_HH20200416_Aksnes_II.txt.gz").read_bytes()).decode(
        "utf-8-sig")
    parts = re.split(r"(?m)^(?=PokerStars (?:Zoom )?Hand #)", "\n".join(text.splitlines()))
    hand = next(p for p in parts if "cashed out" in p)
    cut = re.sub(r"(?m)^Seat \d+: titoneopren .*not awarded.*$", "", hand)
    assert cut != hand
    with pytest.raises(HistoryError, match="all-in cash out of 'titoneopren'"):
        list(read(text=cut))


# --- the JSPokerParser samples: Portuguese and English ---------------------------

JS = Path(__file__).resolve().parent / "data" / "sites" / "pokerstars-jspokerparser"
#: the samples that are not whole hands as published, and the words of the reason
JS_REFUSED = {"hand3.txt": "cut short", "hand10.txt": "cut short",
              "hand9.txt": "not a hand history"}

#: Portuguese summary lines -> the English the oracle reads
_PT = [(r"^(.+) recebeu (\S+) do pote", r"\1 collected \2 from pot"),
       (r"^Aposta não-igualada \((\S+)\) voltou para (.+)$", r"Uncalled bet (\1) returned to \2"),
       (r"^Total pote (\S+) (.*)\| comissão (\S+)", r"Total pot \1 \2| Rake \3"),
       (r"^\*\*\* SUMÁRIO \*\*\*", "*** SUMMARY ***"),
       (r"^Mão PokerStars", "PokerStars Hand")]


@pytest.mark.parametrize("path", sorted(JS.glob("*.txt")), ids=lambda p: p.name)
def test_jspokerparser_hands_settle_as_the_site_says(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    bad: list[HistoryError] = []
    hands = list(pokerstars.read_stream(text.splitlines(), str(path), "collect", bad))
    if path.name in JS_REFUSED:
        assert hands == [] and len(bad) == 1 and JS_REFUSED[path.name] in bad[0].reason
        assert bad[0].file == str(path)
        return
    assert bad == []
    english = "\n".join(text.splitlines())
    for pat, rep in _PT:
        english = re.sub(f"(?m){pat}", rep, english)
    _check(hands, english, cents="Tournament" not in text and "Torneio" not in text)
    if text.startswith("Mão"):
        assert hands[0].extra["hand"] in (137737997245, 137738351488)


def test_a_portuguese_seat_sitting_out_that_posts_is_dealt_in() -> None:
    (h,) = list(read(JS / "hand1.txt"))       # "Lugar 4: INDIA598 (500 em fichas) está sit out"
    assert len(h.players) == 6 and h.antes == [2] * 6   # yet posts the ante and folds: dealt in
