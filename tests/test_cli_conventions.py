"""One set of conventions for every command (issue 45): --game with every game
option, --json / --json PATH / --out PATH, --csv, one line per command in
--help, examples that run, the draw and index commands, and messages a
person reads (percentages that add up, no category on a low, one traceback)."""

from __future__ import annotations

import argparse
import csv
import importlib.util
import io
import json
import os
import pydoc
import re
import shlex
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import handrank as hr
from handrank import operations
from handrank.boards.index import Indexer
from handrank.cli import build_parser, main
from handrank.cli._common import percentages
from handrank.cli._game import game_of, spelling
from handrank.games.draw import draw_odds

PREFIX = "handrank: error: "


def _commands() -> dict[str, argparse.ArgumentParser]:
    for action in build_parser()._actions:
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    raise AssertionError("no subcommands")


def _run(capsys: pytest.CaptureFixture[str], argv: list[str]) -> tuple[int, str, str]:
    try:
        status = main(argv)
    except SystemExit as exc:
        status = int(exc.code or 0)
    out = capsys.readouterr()
    return status, out.out, out.err


def _error(capsys: pytest.CaptureFixture[str], argv: list[str]) -> str:
    status, _, err = _run(capsys, argv)
    assert status == 2, err
    lines = [line for line in err.splitlines() if line.strip()]
    assert lines[-1].startswith(PREFIX) and "Traceback" not in err, err
    return lines[-1][len(PREFIX):]


# ------------------------------------------------------------------ --help

def test_top_help_lists_every_command_on_one_line() -> None:
    env = {**os.environ, "COLUMNS": "80"}
    text = subprocess.run([sys.executable, "-m", "handrank", "--help"], capture_output=True,
                          text=True, env=env, timeout=120, check=True).stdout
    lines = text.splitlines()
    for name in _commands():
        rows = [line for line in lines if line.strip().split(" ", 1)[0] == name]
        assert len(rows) == 1, (name, text)
        row = rows[0]
        assert len(row) <= 80, row
        assert row.split(None, 1)[1].strip(), f"{name}: no summary on its own line"
        nxt = lines[lines.index(row) + 1]
        assert nxt.strip() == "" or nxt.strip().split(" ", 1)[0] in _commands(), \
            f"{name}'s summary runs onto a second line: {nxt!r}"


#: Commands whose every example needs more than a test should spend: the
#: boards tables take minutes (tests/test_boards.py builds them on reduced
#: decks), and history's examples read a folder of hand histories
#: (tests/test_history*.py run the command on files); stats reads a database.
NOT_RUN = {"boards": "minutes of work", "history": "reads a folder of hand histories",
           "stats": "reads a DuckDB hand database (tests/test_history_store.py runs it)"}


@pytest.mark.parametrize("name", sorted(_commands()))
def test_the_last_example_of_every_help_runs(name: str, tmp_path: Path) -> None:
    if name in NOT_RUN:
        pytest.skip(NOT_RUN[name])
    text = _commands()[name].format_help()
    example = text.split("\nexamples:\n", 1)[1].strip().splitlines()[-1].strip()
    argv = shlex.split(example)
    assert argv[:2] == ["handrank", name]
    if "--plot" in argv and importlib.util.find_spec("matplotlib") is None:
        pytest.skip(f"{example!r} draws a plot: needs the plot extra")
    r = subprocess.run([sys.executable, "-m", "handrank", *argv[1:]], capture_output=True,
                       text=True, cwd=tmp_path, timeout=600)
    assert r.returncode == 0, (example, r.stderr[-2000:])
    assert "Traceback" not in r.stderr
    assert r.stdout.strip(), example


# ------------------------------------------------------------------ --game

@pytest.mark.parametrize("argv, options", [
    (["--game", "27-triple", "--draws", "3"], {"draws": 3}),
    (["--game", "27-triple:draws=3"], {"draws": 3}),
    (["--game", "27-triple:draws=2", "--draws", "3"], {"draws": 3}),     # the flag wins
    (["--game", "fechado", "--players", "6", "--mao"], {"players": 6, "mao": True}),
    (["--game", "fechado:players=6,mao=true"], {"players": 6, "mao": True}),
    (["--game", "stripped", "--lowest", "6"], {"lowest": "6"}),
    (["--game", "shortdeck", "--trips-beat-straight"], {"trips_beat_straight": True}),
    (["--game", "stripped:lowest=6", "--no-kickers"], {"lowest": "6", "kickers": False}),
])
def test_game_takes_every_option_both_ways(argv: list[str], options: dict[str, Any]) -> None:
    args = build_parser().parse_args(["eval", "As Ks Qs Js Ts", *argv])
    name = argv[1].split(":")[0]
    assert game_of(args) == hr.game(name, **options)


def test_the_option_changes_the_answer(capsys: pytest.CaptureFixture[str]) -> None:
    """fechado with 6 players deals 40 cards: a 5 is in the deck only then."""
    assert "not in the 32-card deck" in _error(
        capsys, ["eval", "As Ks Qs Js 5s", "--game", "fechado"])
    status, out, _ = _run(capsys, ["eval", "As Ks Qs Js 5s", "--game", "fechado:players=6"])
    assert status == 0 and "FLUSH" in out


@pytest.mark.parametrize("argv, message", [
    (["--game", "omha"], "--game: unknown game 'omha'; `handrank games` lists the"),
    (["--game", "razz", "--draws", "2"], "--draws: game 'razz' has no option 'draws'"),
    (["--game", "27-triple", "--draws", "5"], "--game: 27-triple has 1 to 3 exchanges"),
    (["--game", "fechado:players=x"], "--game: players takes a whole number, got 'x'"),
    (["--game", "fechado:players"], "--game: expected key=value after 'fechado':"),
])
def test_game_errors_name_the_flag_and_point_to_handrank_games(
        capsys: pytest.CaptureFixture[str], argv: list[str], message: str) -> None:
    msg = _error(capsys, ["eval", "As Ks Qs Js Ts", *argv])
    assert msg.startswith(message), msg
    assert "handrank.games()" not in msg


def test_games_shows_the_spelling_of_each_games_options(
        capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = _run(capsys, ["games", "--json"])
    rows = {r["name"]: r for r in json.loads(out)}
    for r in rows.values():
        assert all(isinstance(c, int) for c in r["classes"]), r
        assert isinstance(r["deck"], int) and isinstance(r["hole"], int)
        g = hr.game(r["name"])
        assert r["classes"] == [int(c) for c in (g.classes if g.tables else (1092,))]
    assert rows["27-triple"]["spelling"] == "27-triple:draws=3" == spelling("27-triple")
    assert rows["holdem"]["options"] == []
    status, text, _ = _run(capsys, ["games"])
    assert "27-triple:draws=3" in text and "fechado:players=6,mao=true" in text
    for r in rows.values():                 # every spelling shown makes its game
        args = build_parser().parse_args(["eval", "As Ks Qs Js Ts", "--game", r["spelling"]])
        assert game_of(args).name == r["name"]
    status, text, _ = _run(capsys, ["games", "--csv"])
    got = list(csv.DictReader(io.StringIO(text)))
    assert [r["name"] for r in got] == list(rows)


# ------------------------------------------------------------------ --json, --out, --csv

def test_json_flag_prints_and_json_path_writes(capsys: pytest.CaptureFixture[str],
                                               tmp_path: Path) -> None:
    status, printed, _ = _run(capsys, ["equity", "AsKs", "QdQc", "--json"])
    assert status == 0
    target = tmp_path / "eq.json"
    status, out, _ = _run(capsys, ["equity", "AsKs", "QdQc", "--json", str(target)])
    assert status == 0 and out == ""
    assert json.loads(target.read_text()) == json.loads(printed)
    # the hand after --json stays a hand
    status, out, _ = _run(capsys, ["eval", "--json", "As Ks Qs Js Ts"])
    assert status == 0 and json.loads(out)["strength"] == 7462
    # --json=PATH, and --json - for stdout
    status, out, _ = _run(capsys, ["games", f"--json={tmp_path / 'g.json'}"])
    assert status == 0 and out == "" and json.loads((tmp_path / "g.json").read_text())
    status, out, _ = _run(capsys, ["index", "AhAd", "--json", "-"])
    assert json.loads(out)["rows"][0]["index"] == 168


def test_out_writes_what_would_be_printed(capsys: pytest.CaptureFixture[str],
                                          tmp_path: Path) -> None:
    _, shown, _ = _run(capsys, ["equity", "AsKs", "QdQc", "--csv"])
    target = tmp_path / "eq.csv"
    status, out, _ = _run(capsys, ["equity", "AsKs", "QdQc", "--csv", "--out", str(target)])
    assert status == 0 and out == "" and target.read_text() == shown
    rows = list(csv.DictReader(io.StringIO(shown)))
    r = hr.equity(["AsKs", "QdQc"])
    assert [float(x["equity"]) for x in rows] == r.equity.tolist()


def test_an_unwritable_output_is_refused_before_the_work(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert _error(capsys, ["equity", "AsKs", "QdQc", "--json", "/nonexistent-dir/x.json"]) \
        .startswith("--json: cannot write '/nonexistent-dir/x.json'")
    assert _error(capsys, ["draw", "As Ks Qs Js 2d", "--out", "/nonexistent-dir/x"]) \
        .startswith("--out: cannot write")
    assert "name two files" in _error(
        capsys, ["index", "AhAd", "--json", "a.json", "--out", "b.json"])


def test_bench_json_alone_prints_json(monkeypatch: pytest.MonkeyPatch) -> None:
    args = build_parser().parse_args(["bench", "--json", "--quick"])
    assert args.json == "-" and args.quick
    args = build_parser().parse_args(["bench", "--json", "b.json"])
    assert args.json == "b.json"


# ------------------------------------------------------------------ messages

@pytest.mark.parametrize("players", [["QQ+,AKs", "random"], ["AsKs", "QdQc", "7h7d"],
                                     ["AhAd", "KhKd", "QhQd", "JhJd"]])
def test_equity_percentages_add_up_to_100(capsys: pytest.CaptureFixture[str],
                                          players: list[str]) -> None:
    status, out, _ = _run(capsys, ["equity", *players, "--trials", "30000", "--seed", "5"])
    assert status == 0
    shown = [line.split()[1] for line in out.splitlines()[1:1 + len(players)]]
    assert sum(round(float(x.rstrip("%")) * 10_000) for x in shown) == 1_000_000, shown


@pytest.mark.parametrize("seed", range(200))
def test_largest_remainder_rounding(seed: int) -> None:
    rng = np.random.default_rng(seed)
    shares = rng.dirichlet(np.ones(int(rng.integers(2, 10))))
    got = percentages(shares, 4)
    assert round(sum(got) * 10_000) == 1_000_000
    for g, s in zip(got, shares):       # each within one unit of the last place
        assert abs(g - 100 * s) < 1e-4 + 1e-9


def test_range_names_holdem_notation_in_omaha(capsys: pytest.CaptureFixture[str]) -> None:
    msg = _error(capsys, ["range", "QQ+,AKs", "--game", "omaha"])
    assert msg.startswith("'QQ+,AKs' is hold'em range notation, which does not apply to omaha")
    assert _error(capsys, ["range", "AAK", "--game", "omaha"]) == "cannot parse 'AAK'"


@pytest.mark.parametrize("argv, shown, hidden", [
    (["eval", "As 2d 3c 4h 8s", "--game", "razz"], "8-4-3-2-A low", "HIGH_CARD"),
    (["eval", "As 2d 3c 4h 8s Kd Kh", "--game", "stud-hilo"], "(ONE_PAIR), low 35 ",
     "HIGH_CARD"),
    (["eval", "As 2h 3d 4c", "--game", "badugi"], "(4-CARD)", "HIGH_CARD"),
])
def test_a_low_prints_without_a_high_category(capsys: pytest.CaptureFixture[str],
                                              argv: list[str], shown: str, hidden: str) -> None:
    status, out, _ = _run(capsys, argv)
    assert status == 0 and shown in out and hidden not in out, out


def test_a_bad_card_is_one_error_without_a_chained_keyerror() -> None:
    with pytest.raises(hr.InvalidCardError, match="invalid card 'Zz'") as info:
        hr.evaluate("As Ks Qs Js Zz")
    assert info.value.__context__ is None or info.value.__suppress_context__
    r = subprocess.run([sys.executable, "-c", "import handrank as hr; "
                        "hr.evaluate('As Ks Qs Js Zz')"], capture_output=True, text=True,
                       timeout=120)
    assert r.stderr.count("Traceback") == 1 and "KeyError" not in r.stderr, r.stderr


@pytest.mark.parametrize("fn, words", [
    (operations.equity, ["players", "board", "dead", "exact", "trials", "target_stderr", "seed",
                 "threads", "game", "progress"]),
    (hr.equity, ["players", "board", "dead", "exact", "trials", "target_stderr", "seed",
                 "threads", "game", "progress"]),
    (hr.settle, ["board", "hands", "contributions", "folded", "button", "odd_chip", "game",
                 "dead"]),
    (operations.settle, ["board", "hands", "contributions", "folded", "button", "odd_chip", "game",
                 "dead"]),
])
def test_help_documents_the_parameters_where_it_is(fn: Any, words: list[str]) -> None:
    """What help() prints names every parameter (hr.equity is a callable package:
    its help carries the call's docstring)."""
    text = pydoc.render_doc(fn, renderer=pydoc.plaintext)
    assert "for the parameters" not in text
    for w in words:
        assert re.search(rf"\n\s*\|?\s*{w} :", text), w


# ------------------------------------------------------------------ draw

@pytest.mark.parametrize("hand, argv, name", [
    ("As Ks Qs Js 2d", [], "draw"),
    ("8s 5d 4h 3c 3s", ["--game", "27-triple", "--draws", "3"], "27-triple"),
    ("8s 5d 4h 3c 3s", ["--game", "27-draw"], "27-draw"),
    ("As 3d 4h 7c 7s", ["--game", "a5-triple"], "a5-triple"),
    ("As 2d 3h Kc", ["--game", "badugi"], "badugi"),
    ("As Ad Kc Qh Jd", ["--game", "fechado"], "fechado"),
    ("As Ad Kc Qh 5d", ["--game", "fechado", "--players", "6"], hr.game("fechado", players=6)),
    ("As Ad Kc Qh 5d", ["--game", "fechado:players=6,mao=true"],
     hr.game("fechado", players=6, mao=True)),
])
def test_draw_is_draw_odds(capsys: pytest.CaptureFixture[str], hand: str, argv: list[str],
                           name: Any) -> None:
    status, out, _ = _run(capsys, ["draw", hand, *argv, "--json"])
    assert status == 0
    got = json.loads(out)
    want = draw_odds(hand, game=name)
    assert got["best"] == hr.cards_str(hr.best_hold(hand, game=name))
    assert [r["hold"] for r in got["holds"]] == [hr.cards_str(h) for h in want.holds]
    assert got["best"] == want.best_str and want.holds_str[0] == want.best_str
    assert [r["expected"] for r in got["holds"]] == want.expected.tolist()
    for r, row in zip(got["holds"], want.categories):
        assert list(r["categories"].values()) == row.tolist()
    status, text, _ = _run(capsys, ["draw", hand, *argv])
    assert f"-> keep {got['best'] or 'nothing'}" in text


def test_draw_against_a_hand_gives_win_and_tie(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["draw", "As Ad Kc Qh 9s", "--vs", "Kd Kh 7c 7d 2s"]
    status, out, _ = _run(capsys, [*argv, "--json"])
    want = draw_odds("As Ad Kc Qh 9s", vs="Kd Kh 7c 7d 2s")
    rows = json.loads(out)["holds"]
    assert [r["win"] for r in rows] == want.win.tolist()
    assert [r["tie"] for r in rows] == want.tie.tolist()
    status, out, _ = _run(capsys, [*argv, "--csv"])
    table = list(csv.DictReader(io.StringIO(out)))
    assert len(table) == len(want.holds) and table[0]["hold"] == "As Ad"


@pytest.mark.parametrize("argv, message", [
    (["draw", "As Ad Kc Qh 9s", "--game", "holdem"], "--game: 'holdem' has no exchange"),
    (["draw", "As Ad Kc Qh"], "hand: 'draw' is played with 5 cards, got 4"),
    (["draw", "As Ad Kc Qh Zz"], "hand: invalid card 'Zz'"),
    (["draw", "As Ad Kc Qh 9s", "--dead", "Zz"], "--dead: invalid card 'Zz'"),
    (["draw", "As Ad Kc Qh 9s", "--vs", "Kd Xx"], "--vs: invalid card 'Xx'"),
    (["draw", "As Ad Kc Qh 9s", "--vs", "Kd As"], "hand: duplicate card 'As'"),
])
def test_draw_errors(capsys: pytest.CaptureFixture[str], argv: list[str], message: str) -> None:
    assert _error(capsys, argv).startswith(message)


# ------------------------------------------------------------------ index

def test_index_and_unindex_are_the_indexer(capsys: pytest.CaptureFixture[str]) -> None:
    ix = Indexer((2, 3, 1, 1))
    rng = np.random.default_rng(45)
    hands = []
    for n in (2, 5, 6, 7):
        for _ in range(5):
            hands.append(hr.cards_str([int(c) for c in rng.choice(52, n, replace=False)]))
    status, out, _ = _run(capsys, ["index", *hands, "--json"])
    rows = json.loads(out)["rows"]
    streets = {2: 0, 5: 1, 6: 2, 7: 3}
    for h, r in zip(hands, rows):
        street = streets[len(h.split())]
        assert r["index"] == ix.index(h, street)
        assert r["street"] == ("preflop", "flop", "turn", "river")[street]
        # back: the canonical member indexes to the same number
        status, back, _ = _run(capsys, ["index", "--unindex", str(r["index"]), "--street",
                                        r["street"], "--json"])
        canon = json.loads(back)["rows"][0]["hand"]
        assert canon == hr.cards_str(ix.unindex(r["index"], street))
        assert ix.index(canon, street) == r["index"]


def test_index_sizes(capsys: pytest.CaptureFixture[str]) -> None:
    for recall in ("imperfect", "perfect"):
        status, out, _ = _run(capsys, ["index", "--sizes", "--recall", recall, "--json"])
        ix = Indexer((2, 3, 1, 1), recall=recall)
        assert list(json.loads(out)["sizes"].values()) == [ix.size(s) for s in range(4)]


@pytest.mark.parametrize("argv, message", [
    (["index"], "give hands to index"),
    (["index", "AhAdKc"], "hand 'AhAdKc': 3 cards"),
    (["index", "AhAh"], "hand 'AhAh': "),
    (["index", "--unindex", "169", "--street", "preflop"],
     "--unindex: the preflop has indices 0 to 168, got 169"),
    (["index", "--unindex", "3"], "--street: give the street"),
    (["index", "--unindex", "3", "--street", "fifth"], "--street: expected preflop"),
])
def test_index_errors(capsys: pytest.CaptureFixture[str], argv: list[str], message: str) -> None:
    assert _error(capsys, argv).startswith(message)


# ------------------------------------------------------------------ progress

def test_exact_multiway_against_random_reports_parts_and_keeps_its_bits() -> None:
    calls: list[tuple[int, int]] = []
    spot = (["AhAd", "random", "random"],)
    kw = {"board": "2c7d9h", "exact": True}
    with_progress = hr.equity(*spot, progress=lambda d, t: calls.append((d, t)), **kw)
    without = hr.equity(*spot, **kw)
    for f in ("equity", "win", "tie", "stderr"):
        assert getattr(with_progress, f).tobytes() == getattr(without, f).tobytes()
    assert with_progress.samples == without.samples
    # the work is counted in parts (the start and the end alone would be a total of 1)
    assert calls[0] == (0, calls[0][1]) and calls[0][1] > 1
    assert calls[-1][0] == calls[-1][1]
    assert all(a[0] <= b[0] for a, b in zip(calls, calls[1:]))


def test_progress_true_draws_a_bar_on_stderr(capsys: pytest.CaptureFixture[str],
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "tqdm", None)         # the plain bar
    r = hr.equity(["AhAd", "random", "random"], board="2c7d9h", exact=True, progress=True)
    err = capsys.readouterr().err
    assert "equity: 100.0%" in err and err.endswith("\r\x1b[K"), err[-200:]
    assert r.equity.tolist() == hr.equity(["AhAd", "random", "random"], board="2c7d9h",
                                          exact=True).equity.tolist()


def test_a_notebook_draws_a_bar_by_default(capsys: pytest.CaptureFixture[str],
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    from handrank.core import _progress
    monkeypatch.setitem(sys.modules, "tqdm", None)
    monkeypatch.setattr(_progress, "NOTEBOOK_AFTER", 0.0)
    spot = (["AhAd", "random", "random"],)
    kw = {"board": "2c7d9h", "exact": True}
    plain = hr.equity(*spot, **kw)
    assert capsys.readouterr().err == ""                   # not a notebook: nothing
    monkeypatch.setattr(_progress, "in_notebook", lambda: True)
    drawn = hr.equity(*spot, **kw)
    assert "equity: 100.0%" in capsys.readouterr().err
    hr.equity(*spot, progress=False, **kw)
    assert capsys.readouterr().err == ""                   # False: never
    assert drawn.equity.tobytes() == plain.equity.tobytes()


@pytest.mark.parametrize("call", [
    lambda p: hr.range_equity("QQ+,AKs", "JJ+", "Qh7c2d", progress=p).overall,
    lambda p: hr.equity_matrix("AA,KK", "QQ,AKs", "Qh7c2d", progress=p).equity.tobytes(),
])
def test_progress_true_on_the_range_calls(capsys: pytest.CaptureFixture[str],
                                          monkeypatch: pytest.MonkeyPatch, call: Any) -> None:
    monkeypatch.setitem(sys.modules, "tqdm", None)
    with_bar = call(True)
    assert "100.0%" in capsys.readouterr().err
    assert call(False) == with_bar == call(None)
    assert capsys.readouterr().err == ""
