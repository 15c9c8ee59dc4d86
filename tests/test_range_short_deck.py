"""A short deck's range chart shows only the deck's ranks: text, JSON, picture
and the notebook's HTML (``handrank range --game shortdeck``: A-6, 9x9)."""

from __future__ import annotations

import json
import re

import pytest

import handrank as hr
from handrank.cli import main
from handrank.games.registry import resolve
from handrank.present._grid import RANK_LABELS, deck_rows

SHORT = ["A", "K", "Q", "J", "T", "9", "8", "7", "6"]


def _out(capsys: pytest.CaptureFixture[str], argv: list[str]) -> str:
    assert main(argv) == 0
    return capsys.readouterr().out


def test_deck_rows_are_the_ranks_of_the_deck() -> None:
    for name, lowest in (("holdem", "2"), ("shortdeck", "6"), ("stripped", "7")):
        deck = resolve(name).deck
        want = RANK_LABELS[:RANK_LABELS.index(lowest) + 1]
        assert tuple(RANK_LABELS[r] for r in deck_rows(deck)) == want, name


def test_text_chart_of_the_short_deck(capsys: pytest.CaptureFixture[str]) -> None:
    out = _out(capsys, ["range", "22+,AKs", "--game", "shortdeck", "--color", "never"])
    lines = out.splitlines()
    # 9 pairs of 6 combos and 4 suited AK: of the 630 two-card hands of 36 cards
    assert lines[0] == "22+,AKs: 58 combos (9.2%)"
    assert lines[1].split() == SHORT
    grid = lines[2:11]
    assert [row.split()[0] for row in grid] == SHORT and len(lines) == 11
    assert all(len(row.split()) == 10 for row in grid)
    assert grid[0].split()[1:3] == ["AA", "AKs"] and grid[8].split()[-1] == "66"
    assert not re.search(r"\b[2-5]{2}\b", out.split("\n", 1)[1])


def test_the_52_card_chart_is_unchanged(capsys: pytest.CaptureFixture[str]) -> None:
    lines = _out(capsys, ["range", "22+,AKs", "--color", "never"]).splitlines()
    assert lines[0] == "22+,AKs: 82 combos (6.2%)"
    assert lines[1].split() == list(RANK_LABELS) and len(lines) == 15


def test_stripped_deck_and_equity_chart(capsys: pytest.CaptureFixture[str]) -> None:
    lines = _out(capsys, ["range", "TT+", "--game", "stripped", "--lowest", "7",
                          "--color", "never"]).splitlines()
    assert lines[1].split() == SHORT[:-1]
    lines = _out(capsys, ["range", "22+", "--game", "shortdeck", "--vs", "AA",
                          "--color", "never"]).splitlines()
    assert lines[0].startswith("22+: 54 combos")
    assert lines[2].split() == SHORT and [r.split()[0] for r in lines[3:12]] == SHORT


def test_json_names_the_ranks_and_keeps_the_grid(capsys: pytest.CaptureFixture[str]) -> None:
    got = json.loads(_out(capsys, ["range", "22+,AKs", "--game", "shortdeck", "--json"]))
    assert got["ranks"] == SHORT and got["combos"] == 58
    assert len(got["grid"]) == 13 and got["grid"][12][12] == 0      # 22: no such combo
    full = json.loads(_out(capsys, ["range", "22+,AKs", "--json"]))
    assert full["ranks"] == list(RANK_LABELS) and full["grid"][12][12] == 1


def test_picture_and_html_of_a_short_deck_range() -> None:
    pytest.importorskip("matplotlib")
    r = hr.Range("22+,AKs", game="shortdeck")
    ax = r.plot().axes[0]
    assert [t.get_text() for t in ax.get_xticklabels()] == SHORT
    assert [t.get_text() for t in ax.get_yticklabels()] == SHORT
    assert ax.get_title() == "66+,AKs: 58 combos (9.2%)"
    cells = {t.get_text() for t in ax.texts}
    assert "AA" in cells and "66" in cells and "55" not in cells and "A2s" not in cells
    html = r._repr_html_()
    assert re.findall(r"<th>(\w)</th>", html)[:9] == SHORT and "<th>5</th>" not in html
    full = hr.Range("22+,AKs")
    assert len(full.plot().axes[0].get_xticklabels()) == 13
    assert "<th>2</th>" in full._repr_html_()
    re_ = hr.range_equity(r, "AA", game="shortdeck")
    ax = re_.plot(kind="grid").axes[0]
    assert [t.get_text() for t in ax.get_xticklabels()] == SHORT
    assert "<th>5</th>" not in re_._repr_html_()
