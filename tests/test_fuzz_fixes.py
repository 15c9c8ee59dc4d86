"""Inputs the door-by-door fuzzing found mishandled, now answered or refused by name."""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
import pytest

import handrank as hr
from handrank.games import holdem


@pytest.mark.parametrize("seed", [2 ** 64, -1, 2 ** 70, -(2 ** 64)])
def test_seed_outside_64_bits_is_refused(seed: int) -> None:
    text = f"seed must be an int from 0 to 2\\*\\*64 - 1, got {seed}"
    with pytest.raises(ValueError, match=text):
        hr.equity(["AsAd", "KcKh"], trials=100, seed=seed)
    with pytest.raises(ValueError, match="seed must be an int from 0 to 2"):
        hr.deal(1, 5, seed=seed)


def test_seed_edges_deal_their_own_stream() -> None:
    top = hr.deal(4, 5, seed=2 ** 64 - 1)
    assert top.tolist() == hr.deal(4, 5, seed=np.uint64(2 ** 64 - 1)).tolist()
    assert top.tolist() != hr.deal(4, 5, seed=0).tolist()
    eq = hr.equity(["AsAd", "KcKh"], trials=2000, seed=2 ** 64 - 1)
    assert abs(float(eq.equity[0]) - 0.81) < 0.05


@pytest.mark.parametrize("hand", [
    [True, False, 2, 3, 4], (0, 1, 2, 3, True), [2, 3, 4, 5, 6, 7, False],
    [np.bool_(True), 0, 2, 3, 4],
])
@pytest.mark.parametrize("fn", [hr.evaluate, holdem.evaluate])
@pytest.mark.parametrize("deprecations", ["error", "ignore"])
def test_bool_is_not_a_card_id(fn: object, hand: list[object], deprecations: str) -> None:
    """Refused whatever the warning filters: numpy 2.0 on Python 3.9 warns
    (DeprecationWarning) when a np.bool_ is packed as an index, so the call takes
    one path where that warning is an error (this suite's setting) and another
    where it is not (a user's default); both refuse, and the suite prints no
    warning of its own provoking."""
    with warnings.catch_warnings():
        warnings.simplefilter(deprecations, DeprecationWarning)
        with pytest.raises(TypeError, match="expected a card as str or int, got bool"):
            fn(hand)  # type: ignore[operator]


def test_ints_zero_and_one_stay_cards() -> None:
    assert hr.evaluate([0, 1, 2, 3, 4]) == hr.evaluate("2c 2d 2h 2s 3c")
    assert hr.evaluate((1, 0, 2, 3, 4, 5, 6)) == hr.evaluate("2d 2c 2h 2s 3c 3d 3h")
    with pytest.raises(TypeError, match="got bool"):
        hr.cards([True, 3])


# ------------------------------------------------------------ handrank boards

def _boards_small(monkeypatch: pytest.MonkeyPatch) -> object:
    from handrank import boards
    monkeypatch.setattr(boards, "_BOARD_CHUNK", 300)
    monkeypatch.setattr(boards, "_INDEX_CHUNK", 3000)
    return boards


def test_boards_full_disk_is_a_clear_error_and_leaves_nothing(tmp_path, monkeypatch, capsys):  # type: ignore[no-untyped-def]
    import errno
    import os

    from handrank import cli
    _boards_small(monkeypatch)

    def full(fd: int, offset: int, length: int) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "posix_fallocate", full)
    out = tmp_path / "tables"
    assert cli.main(["boards", "river", "--out", str(out), "--ranks", "5"]) == 2
    err = capsys.readouterr().err
    assert "No space left on device" in err and "r5-river_ehs.npy" in err, err
    assert "nothing was left behind" in err
    assert sorted(os.listdir(out)) == [], os.listdir(out)
    monkeypatch.undo()
    # space freed: the same command runs to the end, and its files are the whole tables
    _boards_small(monkeypatch)
    assert cli.main(["boards", "river", "--out", str(out), "--ranks", "5"]) == 0
    names = sorted(os.listdir(out))
    assert "r5-river_ehs.npy" in names and not [n for n in names if n.endswith(".part")]
    from handrank import boards
    assert np.array_equal(np.load(out / "r5-river_ehs.npy"), boards.ehs(3, _ranks=5))


def test_boards_no_final_file_until_complete(tmp_path, monkeypatch):  # type: ignore[no-untyped-def]
    import os
    boards = _boards_small(monkeypatch)
    out = str(tmp_path / "t")
    with pytest.raises(KeyboardInterrupt):
        boards.build("flop", out, what=("ehs",), _ranks=5, _stop_after=2)  # type: ignore[attr-defined]
    names = sorted(os.listdir(out))
    assert "r5-river_ehs.npy.part" in names
    assert not [n for n in names if n.endswith(".npy") or n.endswith(".json")], names
    m = boards.build("flop", out, what=("ehs",), _ranks=5)  # type: ignore[attr-defined]
    names = sorted(os.listdir(out))
    assert not [n for n in names if n.endswith(".part")], names
    assert np.array_equal(np.load(os.path.join(out, m["files"]["flop_ehs"]["path"])),
                          boards.ehs(1, _ranks=5))  # type: ignore[attr-defined]


def test_boards_with_a_client_that_is_not_the_default(monkeypatch):  # type: ignore[no-untyped-def]
    distributed = pytest.importorskip("distributed")
    boards = _boards_small(monkeypatch)
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=False,
                                  dashboard_address=":0", silence_logs=40) as cluster, \
            distributed.Client(cluster, set_as_default=False) as client:
        got = boards.ehs(2, client=client, _ranks=4)  # type: ignore[attr-defined]
    assert np.array_equal(got, boards.ehs(2, _ranks=4))  # type: ignore[attr-defined]


# ------------------------------------------------------- boardless games

BOARDLESS = [name for name in hr.games() if hr.game(name).hand_sizes]


def test_the_boardless_games_are_found() -> None:
    assert {"stud", "razz", "draw", "badugi", "fechado"} <= set(BOARDLESS)


#: the boardless games whose equity deals a "random" player a random hand (the games of
#: parts: badeucy, badacey); every other boardless game refuses it by name
RANDOM_DEALT = {name for name in BOARDLESS if hr.game(name).parts}


@pytest.mark.parametrize("game", BOARDLESS)
def test_random_in_a_boardless_game_is_refused_by_name(game: str) -> None:
    if game in RANDOM_DEALT:
        r = hr.equity(["As Ks 2c 3d 4h", " Random "], game=game, trials=1000, seed=1)
        assert abs(float(r.equity.sum()) - 1.0) < 1e-9 and r.samples == 1000
        return
    with pytest.raises(hr.errors.InvalidRangeError,
                       match=f"game '{game}' has no ranges: player 2 is 'random'"):
        hr.equity(["AsKs", " Random "], game=game, trials=1000, seed=1)


@pytest.mark.parametrize("game", ["stud", "draw", "badugi", "fechado"])
def test_cli_range_in_a_boardless_game(game: str, capsys: pytest.CaptureFixture[str]) -> None:
    from handrank import cli
    assert cli.main(["range", "AA", "--game", game]) == 2
    err = capsys.readouterr().err
    assert f"game '{game}' has no ranges" in err and "Traceback" not in err


def test_history_unreachable_scheduler_is_a_clean_error(
        capsys: pytest.CaptureFixture[str]) -> None:
    import os
    pytest.importorskip("distributed")
    from handrank import cli
    golden = os.path.join(os.path.dirname(__file__), "golden")
    assert cli.main(["history", golden, "--scheduler", "tcp://127.0.0.1:1"]) == 2
    err = capsys.readouterr().err
    assert "cannot reach the dask scheduler 'tcp://127.0.0.1:1'" in err, err
    assert "Traceback" not in err


def test_history_missing_path_is_a_clean_error(capsys: pytest.CaptureFixture[str]) -> None:
    """Found by the long CLI fuzz: `handrank history eval` printed a traceback."""
    from handrank import cli
    assert cli.main(["history", "no-such-file.phh"]) in (1, 2)
    err = capsys.readouterr().err
    assert "no-such-file.phh" in err and "Traceback" not in err, err


def test_bools_in_nested_lists_are_not_card_ids() -> None:
    """numpy reads True/False among ints as 1/0; a batch given as lists refuses them."""
    for rows in ([[True, 0, 2, 3, 4]], [(1, 0, 2, 3, np.bool_(False))]):
        with pytest.raises(TypeError, match="True and False are not card ids"):
            hr.evaluate_batch(rows)
    assert hr.evaluate_batch([[1, 0, 2, 3, 4]]).tolist() == [hr.evaluate([1, 0, 2, 3, 4])]


def test_a_board_game_with_more_seats_than_the_deck_deals_is_refused() -> None:
    """A hold'em hand of 2,000 seats, every hole card unknown, cannot be dealt."""
    from handrank.history import HistoryError, read
    n = 2000
    text = ("variant = 'NT'\nantes = [{}]\nblinds_or_straddles = [{}]\nmin_bet = 2\n"
            "starting_stacks = [{}]\nactions = [{}]\n".format(
                ",".join(["0"] * n), ",".join(["1", "2"] + ["0"] * (n - 2)),
                ",".join(["100"] * n),
                ",".join([f"'d dh p{i + 1} ????'" for i in range(n)]
                         + [f"'p{i + 1} f'" for i in range(2, n)] + ["'p1 f'"])))
    (h,) = list(read(text=text))
    with pytest.raises(HistoryError, match="2000 seats of 2 hole cards and a board of 5 "
                                           "need 4005 cards; the deck holds 52"):
        h.replay()


# ------------------------------------------------ seeds in every API that takes one

def _omaha_preflop(seed: object) -> object:
    from handrank import omaha_preflop
    return omaha_preflop.compute(count=1, trials=10, seed=seed)  # type: ignore[arg-type]


SEEDED = {
    "equity badugi": lambda s: hr.equity(["As Kd", "2c 3h"], game="badugi", trials=100, seed=s),
    "equity badeucy": lambda s: hr.equity(["As Ks 2c 3d 4h", "random"], game="badeucy",
                                          trials=100, seed=s),
    "equity deuces-wild": lambda s: hr.equity(["As Ks Qs", "2c 3c"], game="deuces-wild",
                                              trials=100, seed=s),
    "equity stud": lambda s: hr.equity(["As Ks Qs", "2c 3c 4c"], game="stud", trials=100,
                                       seed=s),
    "equity omaha": lambda s: hr.equity(["As Ks Qd Jd", "2c 3c 4h 5h"], game="omaha",
                                        trials=100, seed=s),
    "pql": lambda s: hr.pql("select avg(riverEquity(hero)) from game='holdem', hero='AsKs', "
                            "villain='QQ'", trials=100, seed=s),
    "omaha_preflop.compute": _omaha_preflop,
}


@pytest.mark.parametrize("seed", [2 ** 64, -1])
@pytest.mark.parametrize("call", sorted(SEEDED))
def test_every_seeded_api_refuses_a_seed_outside_64_bits(call: str, seed: int) -> None:
    """The games of parts, the wild games and badugi dealt from numpy's generator, which
    took 2**64 and said 'expected non-negative integer' of -1; PQL likewise; the Omaha
    preflop tool raised OverflowError."""
    if call == "omaha_preflop.compute":
        pytest.importorskip("dask")
    with pytest.raises(ValueError, match="seed must be an int from 0 to 2"):
        SEEDED[call](seed)


@pytest.mark.parametrize("call", ["equity badeucy", "equity deuces-wild", "pql"])
def test_a_bool_seed_is_refused(call: str) -> None:
    with pytest.raises((TypeError, ValueError), match="seed must be an int, got bool"):
        SEEDED[call](True)


def test_the_top_seed_still_deals() -> None:
    r = SEEDED["equity deuces-wild"](2 ** 64 - 1)
    assert abs(float(r.equity.sum()) - 1.0) < 1e-9  # type: ignore[attr-defined]


# ------------------------------------------- bools among the ints of nested lists

def _rows_of(name: str) -> tuple[list[list[int]], list[list[int]] | None]:
    """One valid row of game `name` (hands, boards) as Python lists, its first card id 0."""
    g = hr.game(name)
    deck = sorted(int(c) for c in np.unique(hr.deal(300, 1, seed=1, game=name)))
    k = (g.hand_sizes[0] if g.hand_sizes else g.hole_cards) if g.hole_cards or g.hand_sizes \
        else 5
    width = (g.boards * g.board_cards) if g.parts else (0 if g.hand_sizes else 5)
    if not g.parts and not g.hand_sizes and g.rule.any_five and not g.rule.hole_fixed:
        k, width = 2, 5
    cards = [deck[0]] + deck[-(k + width - 1):]
    hand, board = cards[:k], cards[k:]
    return [hand], ([board] if width else None)


@pytest.mark.parametrize("name", sorted(hr.games()))
def test_bools_in_nested_lists_are_refused_in_every_game(name: str) -> None:
    """evaluate_batch of stud, razz, the draw games, badugi, the wild games, the games
    of parts and boards= of hold'em read True/False among ints as the cards 1/0."""
    hands, boards = _rows_of(name)
    if hands[0][0] != 0 and not (boards and 0 in boards[0]):
        pytest.skip(f"game {name!r} has no card id 0")
    ok = hr.evaluate_batch(hands, boards=boards, game=name)
    assert np.asarray(ok).shape[0] == 1
    spoiled = [[False if c == 0 else c for c in hands[0]]]
    if hands[0][0] == 0:
        with pytest.raises(TypeError, match="True and False are not card ids"):
            hr.evaluate_batch(spoiled, boards=boards, game=name)
    if boards is not None:
        with pytest.raises(TypeError, match="True and False are not card ids"):
            hr.evaluate_batch([[c for c in hands[0]]],
                              boards=[[True] + boards[0][1:]], game=name)


def test_bools_in_nested_lists_elsewhere() -> None:
    from handrank.games import wild
    from handrank.index import holdem as ix
    with pytest.raises(TypeError, match="True and False are not card ids"):
        ix.index_batch([[True, 0, 2, 3, 4, 5, 6]], 3)
    assert ix.index_batch([[1, 0, 2, 3, 4, 5, 6]], 3).tolist() == \
        ix.index_batch(np.array([[1, 0, 2, 3, 4, 5, 6]]), 3).tolist()
    with pytest.raises(TypeError, match="True and False are not card ids"):
        wild.evaluate_batch([[True, 0, 12, 13, 14]])
    for game, boards, hole in [("omaha", [[True, 0, 12, 13, 14]], [[[5, 6, 7, 8], [2, 3, 9, 10]]]),
                               ("stud", None, [[[True, 0, 2, 3, 4, 5, 6],
                                                [7, 8, 9, 10, 11, 12, 13]]]),
                               ("double-holdem", [[True, 0, 12, 13, 14, 20, 21, 22, 23, 24]],
                                [[[5, 6], [2, 3]]])]:
        with pytest.raises(TypeError, match="True and False are not card ids"):
            hr.showdown_batch(boards, hole, game=game)


# ------------------------------------------------ 10**12 rows: ValueError, never allocated

N = 10 ** 12


def _b(row: list[int], dtype: object = np.uint8) -> np.ndarray:
    return np.broadcast_to(np.array(row, dtype=dtype), (N, len(row)))  # type: ignore[call-overload]


HUGE = {
    "evaluate_batch boards=": lambda: hr.evaluate_batch(_b([0, 1]), boards=_b([2, 3, 4, 5, 6])),
    "evaluate_batch deuces-wild": lambda: hr.evaluate_batch(_b(list(range(5))),
                                                            game="deuces-wild"),
    "evaluate_batch badeucy": lambda: hr.evaluate_batch(_b(list(range(5))), game="badeucy"),
    "evaluate_batch double-holdem": lambda: hr.evaluate_batch(
        _b([0, 1]), boards=_b(list(range(2, 12))), game="double-holdem"),
    "evaluate_batch stud": lambda: hr.evaluate_batch(_b(list(range(7))), game="stud"),
    "showdown_batch omaha": lambda: hr.showdown_batch(
        _b(list(range(5))), np.broadcast_to(np.array([[12, 13, 16, 17], [14, 15, 18, 19]],
                                                     np.uint8), (N, 2, 4)), game="omaha"),
    "showdown_batch stud": lambda: hr.showdown_batch(
        None, np.broadcast_to(np.arange(14, dtype=np.uint8).reshape(2, 7), (N, 2, 7)),
        game="stud"),
    "category": lambda: hr.category(np.broadcast_to(np.uint16(100), (N,))),
    "wild.evaluate_batch": lambda: __import__("handrank.games.wild").games.wild.evaluate_batch(
        _b(list(range(5)))),
}


@pytest.mark.parametrize("call", sorted(HUGE))
def test_a_trillion_rows_is_the_documented_value_error(call: str) -> None:
    """These raised MemoryError (a concatenation or an int64 copy) or, for category and
    the wild games, ran a numpy reduction over every one of the 10**12 entries."""
    with pytest.raises(ValueError, match="needs .* more than this machine's memory"):
        HUGE[call]()


def test_category_of_arrays_unchanged() -> None:
    assert hr.category([1, 7462]).tolist() == [1, 9]
    assert hr.category(np.array([[1, 2], [3, 7462]])).tolist() == [[1, 1], [1, 9]]
    assert int(hr.category(np.array(5000))) == int(hr.category(5000))
    for bad, shown in ((np.array(0), 0), ([1, 0], 0), (np.array([[1, 2], [3, 7463]]), 7463)):
        with pytest.raises(ValueError, match=f"invalid strength {shown}, expected 1 to 7462"):
            hr.category(bad)


# ---------------------------------------- a port where something else answers

def test_a_scheduler_address_where_an_http_server_answers(
        capsys: pytest.CaptureFixture[str]) -> None:
    """distributed read the HTTP reply as a frame length of 3 EiB: an
    ArrayMemoryError traceback (exit 1) instead of a clean error."""
    import socket
    import threading
    pytest.importorskip("distributed")
    from handrank import cli
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen()
    stop = threading.Event()

    def answer() -> None:
        server.settimeout(0.2)
        while not stop.is_set():
            try:
                conn, _ = server.accept()
            except OSError:
                continue
            with conn:
                try:
                    conn.recv(65536)
                    conn.sendall(b"HTTP/1.0 426 Upgrade Required\r\nconnection: close\r\n"
                                 b"content-length: 0\r\n\r\n")
                except OSError:
                    pass

    t = threading.Thread(target=answer, daemon=True)
    t.start()
    try:
        address = f"tcp://127.0.0.1:{server.getsockname()[1]}"
        assert cli.main(["equity", "AsKs", "QdQc", "--scheduler", address]) == 2
    finally:
        stop.set()
        t.join()
        server.close()
    err = capsys.readouterr().err
    assert f"cannot reach the dask scheduler '{address}'" in err, err
    assert "not a dask scheduler" in err and "Traceback" not in err


# ------------------------------------------------------------- full disks

def test_boards_full_disk_at_a_later_table_leaves_no_work_file(tmp_path, monkeypatch,  # type: ignore[no-untyped-def]
                                                                capsys):
    """The river fits, the flop's EHS and EHS^2 are reserved, its histogram finds the
    disk full: the two reserved work files were left behind (780 KB at 7 ranks)."""
    import errno
    import os

    from handrank import cli
    _boards_small(monkeypatch)
    real = os.posix_fallocate

    def full_at_hist(fd: int, offset: int, length: int) -> None:
        if os.readlink(f"/proc/self/fd/{fd}").endswith("_hist.npy.part"):
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        real(fd, offset, length)

    if not os.path.exists("/proc/self/fd"):
        pytest.skip("names an open file through /proc")
    monkeypatch.setattr(os, "posix_fallocate", full_at_hist)
    out = tmp_path / "t"
    assert cli.main(["boards", "flop", "--out", str(out), "--ranks", "5"]) == 2
    err = capsys.readouterr().err
    assert "r5-flop_hist.npy.part: No space left on device" in err, err
    names = sorted(os.listdir(out))
    assert not [n for n in names if n.startswith("r5-flop")], names   # nothing of the flop
    assert "r5-river_ehs.npy" in names                                 # the whole river
    monkeypatch.setattr(os, "posix_fallocate", real)
    assert cli.main(["boards", "flop", "--out", str(out), "--ranks", "5"]) == 0
    from handrank import boards
    assert np.array_equal(np.load(out / "r5-flop_hist.npy"),
                          boards.histogram(1, _ranks=5))  # type: ignore[attr-defined]


def test_cli_out_on_a_full_disk_is_a_clean_error(tmp_path, monkeypatch, capsys):  # type: ignore[no-untyped-def]
    """`--out FILE` / `--json FILE` of every command printing to stdout: an OSError
    traceback (exit 1) when the disk was full; the old file stays as it was."""
    import builtins
    import errno
    import os

    from handrank import cli

    class Full:
        def __init__(self, f: Any) -> None:
            self.f = f

        def write(self, text: str) -> int:
            self.f.write(text[: len(text) // 2])
            self.f.flush()
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

        def __enter__(self) -> Full:
            return self

        def __exit__(self, *exc: object) -> None:
            self.f.close()

    monkeypatch.setattr(cli, "open", lambda *a, **k: Full(builtins.open(*a, **k)),
                        raising=False)
    for argv, flag in ((["equity", "AsKs", "QdQc", "--board", "Qh7c2d", "--out"], "--out"),
                       (["eval", "As Ks Qs Js Ts", "--json"], "--json"),
                       (["draw", "As Ks Qs Js 2d", "--out"], "--out")):
        out = tmp_path / "o.json"
        out.write_text("old")
        assert cli.main([*argv, str(out)]) == 2
        err = capsys.readouterr().err
        assert err.startswith(f"handrank: error: {flag}: cannot write '{out}'"), err
        assert "No space left on device" in err and "Traceback" not in err
        assert out.read_text() == "old" and sorted(os.listdir(tmp_path)) == ["o.json"]


def test_history_db_on_a_full_disk_leaves_no_new_file(tmp_path, monkeypatch, capsys):  # type: ignore[no-untyped-def]
    import errno
    import os
    pytest.importorskip("duckdb")
    from handrank import cli
    from handrank.history import store

    def full(paths: Any, db: str, **kw: Any) -> Any:
        with open(db, "wb") as f:
            f.write(b"\0" * 4096)
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(store, "to_duckdb", full)
    golden = os.path.join(os.path.dirname(__file__), "golden")
    db = tmp_path / "h.duckdb"
    assert cli.main(["history", golden, "--db", str(db)]) == 2
    err = capsys.readouterr().err
    assert "--db: cannot write" in err and "No space left on device" in err
    assert os.listdir(tmp_path) == []


def test_to_duckdb_interrupted_inside_a_query_is_keyboard_interrupt(tmp_path, monkeypatch):  # type: ignore[no-untyped-def]
    """Ctrl-C while DuckDB runs a query: it stops the query and raises RuntimeError('Query
    interrupted'), which reached the caller (and the command line) as a traceback."""
    duckdb = pytest.importorskip("duckdb")
    from handrank.history import store
    real = duckdb.connect

    class Stopped:
        def __init__(self, con: Any) -> None:
            self.con = con

        def execute(self, *a: Any, **k: Any) -> Any:
            raise RuntimeError("Query interrupted")

        def __getattr__(self, name: str) -> Any:
            return getattr(self.con, name)

    monkeypatch.setattr(duckdb, "connect", lambda *a, **k: Stopped(real(*a, **k)))
    import os
    golden = os.path.join(os.path.dirname(__file__), "golden")
    with pytest.raises(KeyboardInterrupt):
        store.to_duckdb(golden, str(tmp_path / "h.duckdb"))


@pytest.mark.parametrize("game", ["fechado", "stud", "draw", "badugi"])
def test_an_empty_board_in_a_boardless_batch_as_one_by_one(game: str) -> None:
    """Found by the long fuzz: evaluate(hand, board='') answered in fechado, while
    evaluate_batch with an empty (n, 0) boards array raised 'boards= does not apply'."""
    g = hr.game(game)
    k = g.hand_sizes[-1]
    hand = list(range(20, 20 + k))
    one = hr.evaluate(hand, board="", game=game)
    batch = hr.evaluate_batch(np.array([hand], dtype=np.uint8),
                              boards=np.zeros((1, 0), dtype=np.uint8), game=game)
    assert [int(x) for x in np.ravel(batch[0])] == [int(x) for x in np.ravel(one)]
    with pytest.raises(hr.HandrankError, match="boards= does not apply"):
        hr.evaluate_batch(np.array([hand], dtype=np.uint8), boards=[[1, 2, 3]], game=game)
