"""Inputs the door-by-door fuzzing found mishandled, now answered or refused by name."""

from __future__ import annotations

import warnings

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
