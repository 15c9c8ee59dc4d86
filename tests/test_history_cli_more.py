"""``handrank history``: the site chosen with --format, and amounts of several
currencies (never added together)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from handrank.cli import main
from handrank.history import read, summary
from handrank.history.sites import FORMATS

SITES = Path(__file__).parent / "data" / "sites"
GG = SITES / "ggpoker" / "CashGame_GeneralHands_Regular.txt"
STARS_USD = SITES / "pokerstars" / "CashGame_ExtraHands_DateIssue1.txt"

# A heads-up hold'em hand written for this test: p1 and p2 all in, p1's kings
# lose to p2's aces; p3 folds.
PHH = """variant = 'NT'
ante_trimming_status = true
antes = [0, 0, 0]
blinds_or_straddles = [50, 100, 0]
min_bet = 100
starting_stacks = [1000, 1000, 1000]
actions = ['d dh p1 KsKd', 'd dh p2 AhAc', 'd dh p3 2c7d', 'p3 f', 'p1 cbr 1000', 'p2 cc', \
'd db 2s3s9h', 'd db Tc', 'd db Jd', 'p1 sm KsKd', 'p2 sm AhAc']
players = ['Kay', 'Abe', 'Tom']
finishing_stacks = [0, 2000, 1000]
"""


def _run(capsys: pytest.CaptureFixture[str], argv: list[str]) -> tuple[int, str, str]:
    try:
        status = main(argv)
    except SystemExit as exc:
        status = int(exc.code or 0)
    out = capsys.readouterr()
    return status, out.out, out.err


# ------------------------------------------------------------------ --format


def test_help_lists_every_format(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = _run(capsys, ["history", "--help"])
    assert status == 0
    flat = " ".join(out.split())
    assert "--format {" + ",".join(FORMATS) + "}" in flat
    assert "first lines" in flat


def test_a_phh_file_named_txt_is_read_with_format_phh(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    right = tmp_path / "hand.phh"
    right.write_text(PHH)
    wrong = tmp_path / "hand.txt"       # a .txt file is guessed to be PokerStars text
    wrong.write_text(PHH)
    status, guessed, err = _run(capsys, ["history", str(wrong)])
    assert status == 1 and "0 hands read" in guessed and "hand.txt" in err
    status, forced, err = _run(capsys, ["history", str(wrong), "--format", "phh"])
    assert status == 0, err
    status, plain, _ = _run(capsys, ["history", str(right)])
    assert status == 0
    assert forced == plain
    assert forced.startswith("1 hand read: 1 settled, 0 refused")
    rows = {line.split()[0]: line.split()[2] for line in forced.splitlines()[2:]}
    assert rows == {"Abe": "1,000", "Tom": "0", "Kay": "-1,000"}


def test_format_is_passed_to_the_reader(capsys: pytest.CaptureFixture[str]) -> None:
    # the right site: the same as the guess
    _, guessed, _ = _run(capsys, ["history", str(GG)])
    status, forced, _ = _run(capsys, ["history", str(GG), "--format", "ggpoker"])
    assert status == 0 and forced == guessed and "1 hand read: 1 settled" in forced
    # the wrong site: the reader of that site refuses the file, by name
    status, out, err = _run(capsys, ["history", str(GG), "--format", "pokerstars"])
    assert status == 1 and "0 hands read" in out
    assert "PokerStars" in err and GG.name in err
    status, out, err = _run(capsys, ["history", str(STARS_USD), "--format", "winamax"])
    assert "0 settled, 1 refused" in out       # refused hands are listed, not failures
    assert status == 0 and "not a Winamax hand" in err and STARS_USD.name in err


def test_format_json_equals_the_library(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = _run(capsys, ["history", str(GG), "--format", "ggpoker", "--json"])
    assert status == 0
    got = json.loads(out)
    want = summary(list(read(str(GG), format="ggpoker")))
    assert got["read"] == want.read == 1
    assert got["players"] == json.loads(json.dumps(want.totals(), default=str))


@pytest.mark.parametrize("argv", [["--format", "stars"], ["--format", "phh", "--db", "x.duckdb"],
                                  ["--format", "phh", "--scheduler", "tcp://127.0.0.1:1"]])
def test_bad_format_use_is_a_usage_error(capsys: pytest.CaptureFixture[str],
                                         argv: list[str]) -> None:
    if "--db" in argv:
        pytest.importorskip("duckdb")      # without it --db is refused for that first
    status, _, err = _run(capsys, ["history", str(GG), *argv])
    assert status == 2 and "Traceback" not in err
    assert "--format" in err.splitlines()[-1]


# ------------------------------------------------------------------ several currencies

EUR_HAND = SITES / "pokerstars" / "CashGame_ExtraHands_SidePot.txt"


@pytest.fixture()
def two_currencies(tmp_path: Path) -> Path:
    """A folder of one hand in euros and the same hand in dollars: the same players
    win and lose the same amounts in each currency."""
    text = EUR_HAND.read_text(encoding="utf-8")
    assert "€" in text and "EUR" in text and "$" not in text
    (tmp_path / "eur.txt").write_text(text, encoding="utf-8")
    (tmp_path / "usd.txt").write_text(text.replace("€", "$").replace("EUR", "USD"),
                                      encoding="utf-8")
    return tmp_path


def _tables(out: str) -> list[list[list[str]]]:
    """The tables of the history output: blocks of rows split on blanks."""
    blocks = out.split("\n\n")
    blocks[0] = blocks[0].split("\n", 1)[1]     # the counts line
    return [[line.split() for line in b.strip().splitlines()] for b in blocks]


def test_history_prints_one_table_per_currency(capsys: pytest.CaptureFixture[str],
                                               two_currencies: Path) -> None:
    status, one, _ = _run(capsys, ["history", str(EUR_HAND)])
    assert status == 0
    status, out, err = _run(capsys, ["history", str(two_currencies)])
    assert status == 0, err
    assert out.startswith("2 hands read: 2 settled, 0 refused")
    eur, usd = _tables(out)
    assert eur[0][:4] == ["player", "hands", "net", "(EUR)"]
    assert usd[0][:4] == ["player", "hands", "net", "(USD)"]
    assert eur == _tables(one)[0]               # the euro hand's table, nothing added
    assert usd[1:] == eur[1:]                   # the same amounts, in dollars
    assert all(row[1] == "1" for row in eur[1:] + usd[1:])   # no player's two hands summed


def test_big_blinds_add_up_across_currencies(capsys: pytest.CaptureFixture[str],
                                             two_currencies: Path) -> None:
    _, one, _ = _run(capsys, ["history", str(EUR_HAND), "--unit", "bb"])
    status, out, _ = _run(capsys, ["history", str(two_currencies), "--unit", "bb"])
    assert status == 0
    (table,) = _tables(out)
    (single,) = _tables(one)
    assert [r[0] for r in table] == [r[0] for r in single]
    from decimal import Decimal
    for row, alone in zip(table[1:], single[1:]):
        assert row[1] == "2"
        assert Decimal(row[2].replace(",", "")) == 2 * Decimal(alone[2].replace(",", ""))


def test_json_players_by_unit(capsys: pytest.CaptureFixture[str],
                              two_currencies: Path) -> None:
    status, out, _ = _run(capsys, ["history", str(two_currencies), "--json"])
    assert status == 0
    got = json.loads(out)
    assert got["unit"] == "mixed: EUR cents, USD cents"
    assert sorted(got["players"]) == ["EUR cents", "USD cents"]
    _, one, _ = _run(capsys, ["history", str(EUR_HAND), "--json"])
    alone = json.loads(one)["players"]
    assert got["players"]["EUR cents"] == alone == got["players"]["USD cents"]


def test_library_never_adds_currencies(monkeypatch: pytest.MonkeyPatch,
                                       two_currencies: Path) -> None:
    pytest.importorskip("pandas")
    from handrank.history import stars_fast
    alone = summary(str(EUR_HAND)).totals()
    with monkeypatch.context() as m:
        m.setattr(stars_fast, "available", lambda: False)
        slow = summary(str(two_currencies))
    fast = summary(str(two_currencies))
    for s in (fast, slow):
        assert s.units == {"EUR cents": 1, "USD cents": 1}
        assert sorted(s.unit_names) == ["EUR cents", "USD cents"]
        with pytest.raises(ValueError, match=r"2 units \(EUR cents, USD cents\), never added"):
            s.totals()
        with pytest.raises(ValueError, match="no hand is in unit 'GBP'"):
            s.totals(unit="GBP")
        assert s.totals(unit="EUR cents") == alone == s.totals(unit="USD cents")
        assert s.by_unit() == {"EUR cents": alone, "USD cents": alone}
        assert {r.unit for r in s.rows} == {"EUR cents", "USD cents"}
        df = s.to_pandas()
        assert df["unit"].value_counts().to_dict() == {"EUR cents": len(alone),
                                                       "USD cents": len(alone)}
        assert df[df["unit"] == "USD cents"]["net"].to_dict() == \
            {p: t["net"] for p, t in alone.items()}
        who = next(iter(alone))
        with pytest.raises(ValueError, match="several units"):
            s.curves(who)
        net, _ = s.curves(who, unit="bb")
        assert len(net) == 2 and net[1] == 2 * net[0]
    assert fast.rows == slow.rows and fast.table() == slow.table()
    merged = summary(str(two_currencies / "eur.txt")).merge(
        summary(str(two_currencies / "usd.txt")))
    assert merged.by_unit() == fast.by_unit() and merged.rows == fast.rows


def test_plot_of_several_currencies_asks_for_big_blinds(
        capsys: pytest.CaptureFixture[str], two_currencies: Path, tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    who = next(iter(summary(str(EUR_HAND)).totals()))
    png = tmp_path / "net.png"
    status, _, err = _run(capsys, ["history", str(two_currencies), "--player", who,
                                   "--plot", str(png)])
    assert status == 2 and "several units" in err and "--unit bb" in err
    assert not png.exists()
    status, _, err = _run(capsys, ["history", str(two_currencies), "--player", who,
                                   "--plot", str(png), "--unit", "bb"])
    assert status == 0, err
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_the_last_help_example_runs_in_a_clone(capsys: pytest.CaptureFixture[str],
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    import shlex
    monkeypatch.setenv("COLUMNS", "200")
    _, text, _ = _run(capsys, ["history", "--help"])
    last = text.rstrip().splitlines()[-1].split()
    assert last[:2] == ["handrank", "history"]
    monkeypatch.chdir(SITES.parent.parent.parent)       # the repository's root
    status, out, err = _run(capsys, shlex.split(" ".join(last[1:])))
    assert status == 0, err
    assert "hands read" in out and "net (big blinds)" in out
