"""The CLI walked as a new user would (issue 45): gaps found on the way, each
pinned here -- the common --json / --json PATH / --out convention on every
command, one-line errors, the game choices of each command."""

from __future__ import annotations

import json
import shlex
from pathlib import Path

import pytest

from handrank.cli import build_parser, main

PREFIX = "handrank: error: "


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


# ------------------------------------------------------------------ --json PATH everywhere

def test_videopoker_json_takes_a_path_and_out(capsys: pytest.CaptureFixture[str],
                                               tmp_path: Path) -> None:
    argv = ["videopoker", "Ah Kh Qh Jh 9c", "--table", "deuces-wild"]
    status, printed, _ = _run(capsys, [*argv, "--json"])
    assert status == 0
    shown = json.loads(printed)
    assert shown["best_hold"] == "Ah Kh Qh Jh"
    target = tmp_path / "vp.json"
    status, out, _ = _run(capsys, [*argv, "--json", str(target)])
    assert status == 0 and out == ""
    assert json.loads(target.read_text()) == shown
    _, listed, _ = _run(capsys, ["videopoker", "--list"])
    status, out, _ = _run(capsys, ["videopoker", "--list", "--out", str(tmp_path / "m.txt")])
    assert status == 0 and out == "" and (tmp_path / "m.txt").read_text() == listed


def test_pql_json_takes_a_path_and_leaves_the_query(capsys: pytest.CaptureFixture[str],
                                                    tmp_path: Path) -> None:
    query = "select avg(riverEquity(hero)) from game='holdem', hero='AA', villain='KK'"
    status, printed, _ = _run(capsys, ["pql", "--json", query])      # the query stays one
    assert status == 0
    shown = json.loads(printed)
    assert shown["exact"] and shown["rows"][0]["value"] == pytest.approx(0.8194605, abs=1e-6)
    target = tmp_path / "q.json"
    status, out, _ = _run(capsys, ["pql", query, "--json", str(target)])
    assert status == 0 and out == ""
    assert json.loads(target.read_text()) == shown


# ------------------------------------------------------------------ double boards

def _example(command: str, needle: str) -> list[str]:
    for action in build_parser()._actions:
        if hasattr(action, "choices") and isinstance(action.choices, dict) \
                and command in action.choices:
            text = action.choices[command].format_help()
            lines = text.split("\nexamples:\n", 1)[1].splitlines()
            found = [ln.strip() for ln in lines if needle in ln]
            assert len(found) == 1, text
            return shlex.split(found[0])[1:]
    raise AssertionError(command)


def test_equity_help_shows_a_double_board_example_that_runs(
        capsys: pytest.CaptureFixture[str]) -> None:
    argv = _example("equity", "double-holdem")
    status, out, err = _run(capsys, argv)
    assert status == 0, err
    header, first, second = out.splitlines()[:3]
    assert header.split()[:3] == ["player", "equity", "tie"]
    assert "board 1" in header and "board 2" in header and "scoop" in header
    status, printed, _ = _run(capsys, [*argv, "--json"])
    rows = json.loads(printed)["players"]
    # each board is half the pot: a player's equity is the mean of its two boards
    for row in rows:
        assert row["equity"] == pytest.approx((row["board 1"] + row["board 2"]) / 2)
    assert sum(r["equity"] for r in rows) == pytest.approx(1.0)


@pytest.mark.parametrize("game", ["holdem", "omaha"])
def test_two_boards_in_a_one_board_game_say_which_games_deal_two(
        capsys: pytest.CaptureFixture[str], game: str) -> None:
    hands = ["AsKs", "QdQc"] if game == "holdem" else ["AsKsQhJh", "QdQc9d8d"]
    message = _error(capsys, ["equity", *hands, "--game", game,
                              "--board", "Th7c2d | 8s9s9c"])
    assert message.startswith(f"--board: '|' separates two boards, but {game} deals one")
    assert "double-holdem" in message


# ------------------------------------------------------------------ every site named

def test_history_help_and_read_doc_name_every_site() -> None:
    from handrank.history import read
    from handrank.history.sites import FORMATS
    text = " ".join(_help("history").split())
    doc = " ".join((read.__doc__ or "").split())
    for name in FORMATS:
        assert name in text, name
        assert f'"{name}"' in doc, name


def _help(command: str) -> str:
    for action in build_parser()._actions:
        if isinstance(getattr(action, "choices", None), dict) and command in action.choices:
            return str(action.choices[command].format_help())
    raise AssertionError(command)


# ------------------------------------------------------------------ draw: every draw game

#: the games dealt five (four in badugi) cards with an exchange and no board,
#: from the registry's own description of each (handrank games)
DRAW_GAMES = {"draw", "fechado", "27-draw", "27-triple", "a5-triple", "badugi", "badeucy",
              "badacey", "deuces-wild", "joker-draw", "california-lowball"}


def test_draw_names_every_draw_game_in_help_and_error(capsys: pytest.CaptureFixture[str]
                                                       ) -> None:
    import handrank as hr
    assert DRAW_GAMES <= set(hr.games())
    text = " ".join(_help("draw").split())
    listed = text.split("in a draw game (", 1)[1].split(")", 1)[0].split(", ")
    assert set(listed) == DRAW_GAMES
    message = _error(capsys, ["draw", "As Ad Kc Qh 9s", "--game", "stud"])
    assert set(message.split("the draw games are ", 1)[1].split(", ")) == DRAW_GAMES


@pytest.mark.parametrize("game", ["deuces-wild", "badeucy"])
def test_draw_examples_of_the_wild_and_split_games_are_draw_odds(
        capsys: pytest.CaptureFixture[str], game: str) -> None:
    from handrank.games.draw import draw_odds
    argv = _example("draw", f"--game {game}")
    status, out, err = _run(capsys, [*argv, "--json"])
    assert status == 0, err
    shown = json.loads(out)
    want = draw_odds(argv[1], game=game)
    holds = shown["holds"]
    assert len(holds) == len(want.holds) == 32
    assert holds[0]["hold"] == want.holds_str[0]
    assert [h["expected"] for h in holds] == pytest.approx(want.expected.tolist())


# ------------------------------------------------------------------ stats and history

GG = Path(__file__).parent / "data" / "sites" / "ggpoker" / "CashGame_GeneralHands_Regular.txt"


def test_stats_says_what_net_is_counted_in(capsys: pytest.CaptureFixture[str],
                                           tmp_path: Path) -> None:
    pytest.importorskip("duckdb")
    db = str(tmp_path / "h.duckdb")
    status, shown, err = _run(capsys, ["history", str(GG), "--db", db])
    assert status == 0, err
    # history prints the record's currency: ac12334d won $1 (one hand, no all-in)
    row = next(ln.split() for ln in shown.splitlines() if ln.startswith("ac12334d"))
    assert row[:3] == ["ac12334d", "1", "1"] and "net (USD)" in shown
    status, out, err = _run(capsys, ["stats", db])
    assert status == 0, err
    lines = out.splitlines()
    assert lines[0].split()[:3] == ["player", "hands", "net"]
    assert next(ln.split() for ln in lines if ln.startswith("ac12334d"))[:3] == \
        ["ac12334d", "1", "100"]                         # the store counts cents
    assert lines[-1].startswith("net in USD cents (the records' unit)")
    status, out, _ = _run(capsys, ["stats", db, "--json"])
    assert status == 0 and isinstance(json.loads(out), list)      # JSON rows as before


def test_units_note_of_mixed_units() -> None:
    from handrank.cli._stats import _units_note
    assert _units_note(["EUR cents", "chips"]).startswith(
        "net in each row's unit (EUR cents, chips), never added")


def test_history_of_a_player_with_no_hands_says_so(capsys: pytest.CaptureFixture[str]
                                                   ) -> None:
    status, out, _ = _run(capsys, ["history", str(GG), "--player", "Nobody"])
    assert status == 0
    assert out.splitlines()[-1] == "no hands for player 'Nobody'"


# ------------------------------------------------------------------ flags, not keywords

@pytest.mark.parametrize("argv", [
    ["equity", "AhAd", "random", "random", "random", "--exact"],
    ["pql", "select avg(riverEquity(hero)) from game='omaha', hero='AA**', villain='****'",
     "--exact"],
])
def test_a_refused_exact_run_names_the_flag_not_the_keyword(
        capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    message = _error(capsys, argv)
    assert "exact=" not in message, message
    assert "drop --exact to simulate" in message, message


# ------------------------------------------------------------------ counts that read right

@pytest.mark.parametrize("argv, deck", [([], 52), (["--game", "shortdeck"], 36),
                                         (["--game", "stripped"], 32)])
def test_range_share_is_of_the_games_two_card_hands(capsys: pytest.CaptureFixture[str],
                                                    argv: list[str], deck: int) -> None:
    status, out, err = _run(capsys, ["range", "QQ+,AKs", "--color", "never", *argv])
    assert status == 0, err
    hands = deck * (deck - 1) // 2                      # 1326, 630, 496
    assert out.splitlines()[0] == f"QQ+,AKs: 22 combos ({100 * 22 / hands:.1f}%)"


def test_one_deal_is_singular(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = _run(capsys, ["equity", "As 2d 3h Kc 7s", "Ad 4d 5h 8c 9s",
                                     "--game", "badeucy"])
    assert status == 0, err
    assert out.splitlines()[-1] == "exact, 1 deal"
    status, out, _ = _run(capsys, ["equity", "AsKs", "QdQc", "--board", "Qh7c2d9s"])
    assert out.splitlines()[-1] == "exact, 44 boards"


# ------------------------------------------------------------------ bad numbers named by flag

@pytest.mark.parametrize("argv, message", [
    (["draw", "As Ks Qs Js 2d", "--max-discard", "9"],
     "--max-discard: 'draw' allows 0 to 5 discards, got 9"),
    (["draw", "As Ks Qs Js 2d", "--max-discard", "-1"],
     "--max-discard: 'draw' allows 0 to 5 discards, got -1"),
    (["draw", "As Ks Qs Js", "--game", "badugi", "--max-discard", "5"],
     "--max-discard: 'badugi' allows 0 to 4 discards, got 5"),
    (["draw", "As Ks Qs Js 2d", "--game", "fechado:players=4", "--max-discard", "4"],
     "--max-discard: 'fechado' allows 0 to 3 discards, got 4"),
    (["pql", "select avg(riverEquity(hero)) from game='holdem', hero='AA', villain='KK'",
      "--target-stderr", "-1"], "target_stderr must be positive, got -1.0"),
])
def test_a_number_out_of_range_is_one_error(capsys: pytest.CaptureFixture[str],
                                            argv: list[str], message: str) -> None:
    assert _error(capsys, argv) == message


def test_pql_refuses_a_target_stderr_that_is_not_positive() -> None:
    import handrank as hr
    from handrank.pql import PqlError
    query = "select avg(riverEquity(hero)) from game='holdem', hero='AA', villain='KK'"
    for bad in (-1, 0, 0.0, True):
        with pytest.raises(PqlError, match="target_stderr must be positive"):
            hr.pql(query, target_stderr=bad)


@pytest.mark.parametrize("game, hands", [
    ("deuces-wild", ["2s 5d 4h 3c 3s", "Ks Qd Jh 9c 7s"]),
    ("california-lowball", ["Xx 5d 4h 3c 2s", "Ks Qd Jh 9c 7s"]),
    ("joker-draw", ["Xx Ad Kh Kc 7s", "Qs Qd Jh 9c 7d"]),
])
def test_a_one_half_wild_game_prints_the_win_column(capsys: pytest.CaptureFixture[str],
                                                    game: str, hands: list[str]) -> None:
    import handrank as hr
    status, out, err = _run(capsys, ["equity", *hands, "--game", game])
    assert status == 0, err
    lines = out.splitlines()
    assert lines[0].split() == ["player", "equity", "win", "tie"]
    want = hr.equity(hands, game=game)
    for line, win in zip(lines[1:3], want.win.tolist()):
        assert line.split()[-2] == f"{100 * win:.3f}%"


# ------------------------------------------------------------------ videopoker --paytable files

def test_paytable_file_errors_are_one_line(capsys: pytest.CaptureFixture[str],
                                           tmp_path: Path) -> None:
    argv = ["videopoker", "Ah Kh Qh Jh 9c", "--paytable"]
    assert _error(capsys, [*argv, str(tmp_path / "missing.json")]).startswith(
        f"--paytable: no file '{tmp_path / 'missing.json'}'")
    assert _error(capsys, [*argv, str(tmp_path)]) == \
        f"--paytable: cannot read '{tmp_path}': Is a directory"
    binary = tmp_path / "table.bin"
    binary.write_bytes(b"\xff\xfe\x00")
    assert _error(capsys, [*argv, str(binary)]).startswith(
        f"--paytable: cannot read '{binary}': 'utf-8' codec")
    assert _error(capsys, [*argv, "[1]"]) == \
        "--paytable: expected a JSON object of hand class -> payout"


# ------------------------------------------------------------------ outputs refused by name

def test_history_db_that_cannot_be_written_is_one_error(capsys: pytest.CaptureFixture[str],
                                                        tmp_path: Path) -> None:
    pytest.importorskip("duckdb")
    missing = tmp_path / "no" / "x.duckdb"
    status, out, err = _run(capsys, ["history", str(GG), "--db", str(missing)])
    assert status == 2 and out == "" and "Traceback" not in err     # before any work
    assert err.strip() == f"{PREFIX}--db: cannot write '{missing}': no such directory " \
                          f"'{missing.parent}'"
    assert not missing.parent.exists()
    junk = tmp_path / "junk.duckdb"
    junk.write_text("not a database\n")
    message = _error(capsys, ["history", str(GG), "--db", str(junk)])
    assert message.startswith(f"--db: cannot write '{junk}': ")


def test_boards_out_that_is_a_file_is_refused_before_the_work(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    afile = tmp_path / "tables"
    afile.write_text("")
    assert _error(capsys, ["boards", "river", "--out", str(afile)]) == \
        f"--out: '{afile}' is a file, expected a folder for the tables"


# ------------------------------------------------------------------ PQL: what was written

@pytest.mark.parametrize("query, found", [
    ("select avg(equity(p1, 5)) from game='studhi', p1='AsAh', p2='*'",
     "expected a street (flop, turn, river), found '5'"),
    ("select avg(riverEquity(5)) from game='holdem', p1='AA', p2='*'",
     "expected a player, found '5'"),
    ("select avg(riverEquity(riverEquity(p1))) from game='holdem', p1='AA', p2='*'",
     "expected a player, found 'riverEquity(...)'"),
    ("select avg(equity(p1, 'flop')) from game='holdem', p1='AA', p2='*'",
     "expected a street (flop, turn, river), found \"'flop'\"; did you mean 'flop'?"),
])
def test_pql_argument_errors_quote_what_was_written(capsys: pytest.CaptureFixture[str],
                                                    query: str, found: str) -> None:
    status, _, err = _run(capsys, ["pql", query])
    assert status == 2 and "Traceback" not in err
    first = err.splitlines()[0]
    assert first.startswith(PREFIX + found), first
    for name in ("Num", "Str", "Call", "BinOp"):
        assert f"'{name}'" not in first


def test_stats_without_duckdb_names_the_command_and_the_extra(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        tmp_path: Path) -> None:
    import sys
    db = tmp_path / "h.duckdb"
    db.write_bytes(b"")
    monkeypatch.setitem(sys.modules, "duckdb", None)       # import duckdb fails
    assert _error(capsys, ["stats", str(db)]) == \
        "stats needs duckdb (pip install 'handrank[db]')"


# ------------------------------------------------------------------ a joker where there is none

@pytest.mark.parametrize("argv, prefix", [
    (["eval", "Xx Ah Kh Qh Jh"], ""),
    (["videopoker", "Xx Ah Kh Qh Jh"], "hand: "),
    (["draw", "As Ad Kc Qh 9s", "--vs", "Kd Xx"], "--vs: "),
])
def test_a_joker_in_a_52_card_game_says_which_games_deal_one(
        capsys: pytest.CaptureFixture[str], argv: list[str], prefix: str) -> None:
    joker = "Xx"
    assert _error(capsys, argv) == (
        f"{prefix}invalid card '{joker}' (a joker: only joker-draw, california-lowball and "
        "the joker video-poker machines deal one)")


def test_other_bad_cards_keep_their_message() -> None:
    import handrank as hr
    from handrank.errors import InvalidCardError
    with pytest.raises(InvalidCardError, match=r"^invalid card 'Zz'$"):
        hr.card("Zz")
    with pytest.raises(InvalidCardError, match=r"^invalid card 'Xy' \(a joker"):
        hr.cards("As Xy")
