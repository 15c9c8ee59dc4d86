"""The command line of issue 22: --json on every command, progress on a terminal,
the game asked of its Game object."""

from __future__ import annotations

import io
import json

import pytest

import handrank as hr
from handrank.cli import _common as _cli_common
from handrank.cli import build_parser, main


def _run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_every_command_has_json():
    parser = build_parser()
    sub = next(a for a in parser._actions if a.__class__.__name__ == "_SubParsersAction")
    for name, p in sub.choices.items():
        flags = {s for a in p._actions for s in a.option_strings}
        assert "--json" in flags, name


@pytest.mark.parametrize("argv", [
    ["eval", "As Ks Qs Js Ts"],
    ["eval", "As Ks Qs Js Ts", "--game", "shortdeck"],
    ["games"],
    ["equity", "AsKs", "QdQc"],
    ["showdown", "--board", "Ac Kh Qd 5s 5c", "--hand", "AsAd", "--hand", "KdKc",
     "--bets", "100,100"],
    ["range", "QQ+,AKs", "--vs", "JJ"],
])
def test_json_output_parses(capsys, argv):
    code, out, err = _run(capsys, *argv, "--json")
    assert code == 0, err
    json.loads(out)


def test_eval_json_keeps_its_rows():
    """hold'em without a board: no "game" key, as before; other games name theirs."""
    import contextlib
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        main(["eval", "--json", "As Ks Qs Js Ts"])
        main(["eval", "--json", "As Ks Qs Js Ts", "--game", "shortdeck"])
    plain, short = (json.loads(line) for line in buf.getvalue().splitlines())
    assert plain == {"hand": "As Ks Qs Js Ts", "strength": 7462, "category": "STRAIGHT_FLUSH",
                     "description": hr.describe(7462), "best_five": "As Ks Qs Js Ts"}
    assert short["game"] == "shortdeck"
    assert short["strength"] == hr.evaluate("As Ks Qs Js Ts", game="shortdeck")


def test_bench_json_to_stdout(capsys, monkeypatch):
    from handrank import bench
    monkeypatch.setattr(bench.Suite, "preset", classmethod(
        lambda cls, name: cls("tiny", repeats=1, bulk=2_000, single=20, single_loops=1)))
    code, out, err = _run(capsys, "bench", "--quick", "--libs", "", "--json", "-")
    assert code == 0, err
    data = json.loads(out)
    assert data["suite"]["name"] == "tiny" and data["results"]


@pytest.mark.skipif(hr.backend != "c", reason="preflop tables need the C core")
def test_preflop_table_json(capsys, tmp_path):
    out = tmp_path / "t.csv"
    code, printed, err = _run(capsys, "preflop-table", "--classes", "AA,KK", "--out", str(out),
                              "--json")
    assert code == 0, err
    got = json.loads(printed)
    assert got["out"] == str(out) and got["shape"] == [2, 2] and got["classes"] == ["AA", "KK"]
    assert out.exists()


def test_boards_json_is_the_manifest(capsys, tmp_path):
    code, printed, err = _run(capsys, "boards", "river", "--out", str(tmp_path), "--ranks", "6",
                              "--json")
    assert code == 0, err
    manifest = json.loads(printed)
    (written,) = tmp_path.glob("*manifest.json")
    assert manifest == json.loads(written.read_text())


def test_history_has_json():
    code = None
    with pytest.raises(SystemExit) as exc:
        main(["history", "--help"])
    code = exc.value.code
    assert code == 0


def test_the_scheduler_refuses_other_games_without_naming_them(capsys):
    code, _, err = _run(capsys, "equity", "AsKs", "QdQc", "--game", "shortdeck",
                        "--scheduler", "tcp://127.0.0.1:1")
    assert code == 2
    assert err.strip() == "handrank: error: --scheduler runs hold'em only; drop --game or " \
                          "--scheduler"


def test_range_checks_the_game_when_no_operation_runs(capsys):
    code, _, err = _run(capsys, "range", "QQ+", "--game", "holdem-hilo")
    assert code == 2 and "does not support game 'holdem-hilo'" in err
    code, out, _ = _run(capsys, "range", "QQ+", "--game", "holdem")
    assert code == 0 and out.startswith("QQ+: 18 combos")


# ------------------------------------------------------------ progress on a terminal

class _Tty(io.StringIO):
    def isatty(self):
        return True


@pytest.mark.parametrize("tqdm", [True, False])
def test_equity_draws_progress_on_a_terminal_only(capsys, monkeypatch, tqdm):
    import sys
    if not tqdm:
        monkeypatch.setitem(sys.modules, "tqdm", None)
    else:
        pytest.importorskip("tqdm")
    monkeypatch.setattr(_cli_common, "BAR_AFTER", 0.0)
    argv = ["equity", "AhAd", "random", "--trials", "100000", "--seed", "3", "--json"]
    assert main(argv) == 0
    plain = capsys.readouterr()
    assert plain.err == ""                              # not a terminal: nothing drawn
    tty = _Tty()
    monkeypatch.setattr(sys, "stderr", tty)
    assert main(argv) == 0
    assert capsys.readouterr().out == plain.out         # the same JSON, bit for bit
    drawn = tty.getvalue()
    assert "equity" in drawn and ("100,000/100,000" in drawn or "/100000" in drawn), drawn


def test_range_draws_progress_on_a_terminal(capsys, monkeypatch):
    import sys
    monkeypatch.setitem(sys.modules, "tqdm", None)
    monkeypatch.setattr(_cli_common, "BAR_AFTER", 0.0)
    tty = _Tty()
    monkeypatch.setattr(sys, "stderr", tty)
    assert main(["range", "QQ+,AKs", "--vs", "JJ+", "--board", "Qh7c2d"]) == 0
    assert "range equity: 100.0% (1,176/1,176)" in tty.getvalue()


@pytest.mark.parametrize("hand, best", [
    ("As 2h 3d 4c", "best hand 4c 3d 2h As"),         # a four-card badugi
    ("As 2h 3d 3c", "best hand 3d 2h As"),            # three cards: the pair's 3 drops
])
def test_eval_names_badugis_best_hand(capsys, hand, best):
    code, out, _ = _run(capsys, "eval", hand, "--game", "badugi")
    assert code == 0
    assert out.rstrip().endswith(best) and "best five" not in out


def test_equity_counts_deals_in_a_game_without_a_board(capsys):
    # razz on sixth street: one card to come for each player, 40 x 39 deals
    code, out, _ = _run(capsys, "equity", "As 2h 3d 4c 7s 5d", "Ks Kh Qd Jc 9s 8d",
                        "--game", "razz")
    assert code == 0 and out.rstrip().endswith("exact, 1,560 deals")
    code, out, _ = _run(capsys, "equity", "AsKs", "QdQc", "--board", "2c 3d 4h 5s")
    assert code == 0 and out.rstrip().endswith("exact, 44 boards")


def test_hilo_equity_table_has_no_win_column_repeating_scoop(capsys):
    code, out, _ = _run(capsys, "equity", "As 2h Kd Qd", "Ks Kh 3c 4c", "--game", "omaha-hilo",
                        "--board", "5c 6d 9h")
    assert code == 0
    lines = out.splitlines()
    assert lines[0].split() == ["player", "equity", "tie", "high", "low", "scoop"]
    r = hr.equity(["As 2h Kd Qd", "Ks Kh 3c 4c"], board="5c 6d 9h", game="omaha-hilo")
    for line, e, sc in zip(lines[1:3], r.equity, r.scoop):
        cells = line.split()
        assert cells[4] == f"{100 * e:.4f}%" and cells[-1] == f"{100 * sc:.4f}%"
