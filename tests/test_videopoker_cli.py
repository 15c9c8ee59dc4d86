"""``handrank videopoker``: a deal's holds, --chart, --list, --json, and bad input."""

from __future__ import annotations

import json

import pytest

import handrank as hr
from handrank.cli import main

pytestmark = pytest.mark.skipif(hr.backend != "c", reason="video poker needs the C core")


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_deal_best_hold_and_every_hold(capsys):
    code, out, _ = run(capsys, "videopoker", "Ah Kh Qh Jh 9c", "--table", "deuces-wild")
    assert code == 0
    lines = out.splitlines()
    assert lines[0].startswith("deuces-wild: return 100.7619")
    assert lines[1].startswith("Ah Kh Qh Jh 9c: hold Ah Kh Qh Jh (expected 19.574468")
    assert len(lines) == 2 + 32


def test_json(capsys):
    code, out, _ = run(capsys, "videopoker", "Xx Th Qh 3c 4h", "--table", "joker-poker-kings",
                       "--json")
    assert code == 0
    d = json.loads(out)
    assert d["best_hold"] == "Xx Th Qh"
    assert len(d["holds"]) == 32
    assert d["holds"][0]["value"] == max(h["value"] for h in d["holds"])
    vp = hr.video_poker("joker-poker-kings")
    assert d["expected_return"] == vp.expected_return


def test_list_and_chart(capsys):
    code, out, _ = run(capsys, "videopoker", "--list")
    assert code == 0
    for name in ("deuces-wild-full-pay", "deuces-wild-nsu", "joker-poker-kings",
                 "double-joker", "deuces-joker-wild", "jacks-or-better-9/6"):
        assert any(line.startswith(name + " ") for line in out.splitlines())
    code, out, _ = run(capsys, "videopoker", "--table", "deuces-wild-full-pay", "--chart")
    assert code == 0
    assert "Strategy chart: deuces-wild-full-pay" in out
    assert "4 deuces only" in out


def test_paytable_json(capsys, tmp_path):
    from handrank.games.videopoker import WILD_PAYTABLES
    f = tmp_path / "dw.json"
    f.write_text(json.dumps(WILD_PAYTABLES["deuces-wild-nsu"]))
    code, out, _ = run(capsys, "videopoker", "2c 2d 5h 6h 9s", "--paytable", str(f))
    assert code == 0
    assert "return 99.728" in out


@pytest.mark.parametrize("argv, message", [
    (["videopoker", "Xx Xy Ah Kh Qh", "--table", "joker-poker-kings"],
     "hand: 2 jokers in 'Xx Xy Ah Kh Qh': a joker-poker deck has 1"),
    (["videopoker", "Xx Ah Kh Qh Jh", "--table", "deuces-wild"], "hand: invalid card 'Xx'"),
    (["videopoker", "Ah Kh Qh Jh 9c", "--table", "deuces-wild-nope"],
     "--table: unknown machine 'deuces-wild-nope'"),
    (["videopoker", "Ah Kh Qh Jh 9c", "--paytable", '{"natural-royal-flush": 800, '
      '"four-deuces": -1}'], "--paytable: payout for 'four-deuces' must be a finite number >= 0"),
    (["videopoker", "Ah Kh Qh Jh 9c", "--paytable", '{"natural-royal-flush": 800, '
      '"four-deuces": 200, "wild-royal-flush": 25, "five-of-a-kind": 15, "straight-flush": 9, '
      '"four-of-a-kind": 5, "full-house": 3, "flush": 2, "straight": 2, "nothing": 0}'],
     "--paytable: the deuces-wild pay table pays nothing for 'three-of-a-kind'"),
    (["videopoker", "Ah Kh Qh Jh 9c", "--paytable", "{nope"], "--paytable: not JSON"),
    (["videopoker", "--table", "deuces-wild"], "give a deal of five cards, --chart or --list"),
])
def test_bad_input(capsys, argv, message):
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert out == ""
    assert err.startswith("handrank: error: " + message), err
