"""A command line that teaches: examples in every --help, errors that name the
flag, one prefix, exit status 2 without a traceback, no carriage returns in logs."""

from __future__ import annotations

import argparse
import importlib
import json
import shlex
import subprocess
import sys
from typing import Any

import pytest

from handrank import bench
from handrank.cli import _bench as _cli_bench
from handrank.cli import build_parser, main

PREFIX = "handrank: error: "
BOARD = "A♣ K♥ Q♦ 5♠ 5♣"


def _commands() -> dict[str, argparse.ArgumentParser]:
    parser = build_parser()
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    raise AssertionError("no subcommands")


@pytest.mark.parametrize("name", [None, *_commands()])
def test_every_help_ends_with_examples_that_parse(name: str | None) -> None:
    parser = build_parser() if name is None else _commands()[name]
    text = parser.format_help()
    assert "\nexamples:\n" in text, name
    examples = [line.strip() for line in text.split("\nexamples:\n", 1)[1].splitlines()
                if line.strip()]
    assert examples, name
    for example in examples:
        argv = shlex.split(example)
        assert argv[0] == "handrank"
        if name is not None:
            assert argv[1] == name, example
        if "--version" in argv:
            continue
        args = build_parser().parse_args(argv[1:])      # exits 2 if the example is wrong
        assert args.command == argv[1]


def _error(capsys: pytest.CaptureFixture[str], argv: list[str]) -> str:
    """Run the command; return its one error line (after argparse's usage line, if any)."""
    status: Any
    try:
        status = main(argv)
    except SystemExit as exc:          # argparse's own usage errors
        status = exc.code
    captured = capsys.readouterr()
    assert status == 2, (argv, captured)
    lines = [line for line in captured.err.splitlines() if line.strip()]
    assert lines and lines[-1].startswith(PREFIX), captured.err
    assert all(line.startswith(("usage:", " ")) for line in lines[:-1]), captured.err
    assert "Traceback" not in captured.err
    return lines[-1][len(PREFIX):]


@pytest.mark.parametrize("argv, message", [
    (["equity", "AsKs", "QdQc", "--board", "Qh 7c Zz"], "--board: invalid card 'Zz'"),
    (["equity", "AsKs", "QdQc", "--dead", "2c 1x"], "--dead: invalid card '1x'"),
    (["equity", "AsKs", "QdQc", "--trials", "0"],
     "argument --trials: expected a whole number of at least 1, got 0"),
    (["equity", "AsKs", "QdQc", "--threads", "two"],
     "argument --threads: expected a whole number, got 'two'"),
    (["equity", "AsKs", "AsQd"], "card 'As' is in player 1's hand and in player 2's hand"),
    (["showdown", "--board", BOARD, "--hand", "As Zz", "--hand", "KdKc", "--bets", "5,5"],
     "--hand 'As Zz': invalid card 'Zz'"),
    (["showdown", "--board", "Ac Kh Qd 5s 9x", "--hand", "AsAd", "--hand", "KdKc",
      "--bets", "5,5"], "--board: invalid card '9x'"),
    (["showdown", "--board", BOARD, "--hand", "AsAd", "--hand", "KdKc", "--bets", "5,x"],
     "--bets: expected whole numbers separated by commas, got 'x'"),
    (["showdown", "--board", BOARD, "--hand", "AsAd", "--hand", "KdKc", "--bets", "5,5",
      "--button", "2"], "--button: no seat 2 at a table of 2 (seats count from 0)"),
    (["showdown", "--board", BOARD, "--hand", "AsAd", "--bets", "5,5,5"],
     ("--hand: got 1 for 3 seats (--bets): give one per seat, 'none' for a seat "
      "that folded")),
    (["showdown", "--board", BOARD, "--hand", "AsAd", "--bets", "5,5,5", "--folded", "2"],
     ("--hand: got 1 for 3 seats (--bets), 1 of them folded (--folded): give one per "
      "seat, 'none' for a seat that folded, or one per seat still in (2)")),
    (["bench", "--json", "/nonexistent-folder/x.json"],
     "--json: cannot write '/nonexistent-folder/x.json': no such directory '/nonexistent-folder'"),
    (["bench", "--libs", "nosuch"], "--libs: unknown library 'nosuch', expected one of "
     + ", ".join(bench.PEERS)),
    (["bench", "--repeats", "0"],
     "argument --repeats: expected a whole number of at least 1, got 0"),
    (["nosuch"], "argument command: invalid choice: 'nosuch' (choose from "),
    (["eval", "As Zz"], "invalid card 'Zz'"),
])
def test_errors_name_the_flag_share_the_prefix_and_exit_2(
        capsys: pytest.CaptureFixture[str], argv: list[str], message: str) -> None:
    assert _error(capsys, argv).startswith(message)


def test_unwritable_json_is_refused_before_the_run(monkeypatch: pytest.MonkeyPatch,
                                                   capsys: pytest.CaptureFixture[str],
                                                   tmp_path: Any) -> None:
    ran: list[bool] = []
    monkeypatch.setattr(bench, "run_suite", lambda *a, **k: ran.append(True))
    assert _error(capsys, ["bench", "--quick", "--json", str(tmp_path)]).startswith(
        f"--json: {str(tmp_path)!r} is a folder")
    assert not ran


def test_an_error_is_one_line_without_traceback_in_a_real_process() -> None:
    r = subprocess.run([sys.executable, "-m", "handrank", "equity", "AsKs", "QdQc",
                        "--board", "Zz"], check=False, capture_output=True, text=True, timeout=120)
    assert r.returncode == 2
    assert r.stderr == f"{PREFIX}--board: invalid card 'Zz'\n"


def test_folded_alone_gives_the_hands_to_the_seats_still_in(
        capsys: pytest.CaptureFixture[str]) -> None:
    common = ["showdown", "--board", BOARD, "--hand", "Q♠ Q♣", "--hand", "A♦ 5♥",
              "--hand", "K♦ K♣"]
    assert main(common + ["--bets", "300,300,100,50", "--button", "3", "--folded", "3"]) == 0
    alone = capsys.readouterr().out
    assert main(common + ["--hand", "none", "--bets", "300,300,100,50", "--button", "3"]) == 0
    assert capsys.readouterr().out == alone
    assert "payouts: seat 0: 400, seat 1: 0, seat 2: 350, seat 3: 0" in alone
    # a folded seat in the middle: the three hands go to seats 0, 2 and 3, and
    # seat 2's kings full beat seat 0's queens full and seat 3's fives full
    assert main(["showdown", "--board", BOARD, "--hand", "Q♠ Q♣", "--hand", "K♦ K♣",
                 "--hand", "A♦ 5♥", "--bets", "100,100,100,100", "--folded", "1",
                 "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["payouts"] == [0, 0, 400, 0]
    assert data["pots"][0]["eligible"] == [0, 2, 3]


def _tiny_suite(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bench.Suite, "preset", classmethod(
        lambda cls, name: cls("tiny", repeats=1, bulk=2_000, single=20, single_loops=1)))


def test_no_carriage_returns_when_stderr_is_not_a_terminal(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    _tiny_suite(monkeypatch)
    assert not sys.stderr.isatty()
    assert _cli_bench.main(["--quick", "--libs", "treys"]) == 0    # progress not disabled
    captured = capsys.readouterr()
    assert "\r" not in captured.err and "\r" not in captured.out
    assert "hr speed-up" in captured.out


def test_progress_is_drawn_on_a_terminal(monkeypatch: pytest.MonkeyPatch,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True, raising=False)
    p = bench._Progress(2, True)
    p.step("one")
    p.step("two")
    p.close()
    assert "\r" in capsys.readouterr().err


def test_a_missing_peer_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setitem(bench.PEERS, "nosuchpeer",
                        lambda: importlib.import_module("handrank_no_such_peer"))
    libs, missing = bench.adapters(["nosuchpeer"])
    assert [lib.name for lib in libs] == ["handrank"]
    assert missing == {"nosuchpeer": "not installed: pip install 'handrank[peers]'"}
    _tiny_suite(monkeypatch)
    assert _cli_bench.main(["--quick", "--libs", "nosuchpeer"]) == 0
    out = capsys.readouterr().out
    assert "not measured: nosuchpeer (not installed: pip install 'handrank[peers]')" in out
