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
    status, _, err = _run(capsys, ["history", str(GG), *argv])
    assert status == 2 and "Traceback" not in err
    assert "--format" in err.splitlines()[-1]
