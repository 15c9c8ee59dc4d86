"""Every operation x every game of issue 17's matrix, tried as a user would.

Each cell runs the public call on a small spot and checks it against an
oracle that does not use the code under test: the rule book in plain Python
(``handrank.reference``) and brute force over every runout.
"""

from __future__ import annotations

import itertools
import math
from typing import Any

import numpy as np
import pytest

import handrank as hr
from handrank import reference as R

from .conftest import dask_or_skip

NAMES = ["holdem", "shortdeck", "stripped", "omaha", "omaha5", "omaha6", "omaha-hilo",
         "omaha5-hilo", "holdem-hilo"]
OPTS: dict[str, dict[str, Any]] = {"shortdeck": dict(lowest=4, flush_beats_full=True),
                                   "stripped": dict(lowest=5, flush_beats_full=True)}


# ------------------------------------------------------------------ the oracle

def fives(g: hr.Game, hole: tuple[int, ...], board: tuple[int, ...]) -> list[tuple[int, ...]]:
    if g.hand == "omaha":
        return [h + b for h in itertools.combinations(hole, 2)
                for b in itertools.combinations(board, 3)]
    return list(itertools.combinations(hole + board, 5))


def strength(g: hr.Game, hole: tuple[int, ...], board: tuple[int, ...]) -> tuple[int, int]:
    """(high, low) from the rule book; low 0 without a low half or a qualifying low."""
    fs = fives(g, hole, board)
    high = max(R.evaluate(f, **OPTS.get(g.name, {})) for f in fs)
    low = max(R.low_evaluate(f, rule="a5", qualifier=8) for f in fs) if g.split else 0
    return high, low


def pot_shares(values: list[tuple[int, int]]) -> np.ndarray:
    high = [v[0] for v in values]
    top = np.array([v == max(high) for v in high], dtype=float)
    hs = top / top.sum()
    lows = [v[1] for v in values]
    if max(lows) == 0:
        return hs
    lt = np.array([v == max(lows) for v in lows], dtype=float)
    return (hs + lt / lt.sum()) / 2


def brute(g: hr.Game, holes: list[tuple[int, ...]], board: tuple[int, ...],
          dead: tuple[int, ...] = ()) -> np.ndarray:
    """Each player's exact equity, every runout enumerated with the rule book."""
    used = set(board) | set(dead) | {c for h in holes for c in h}
    left = [c for c in g.deck if c not in used]
    total = np.zeros(len(holes))
    runs = list(itertools.combinations(left, 5 - len(board)))
    for run in runs:
        b = board + run
        total += pot_shares([strength(g, h, b) for h in holes])
    return total / len(runs)


def spot(name: str, seed: int, players: int = 2, board: int = 4
         ) -> tuple[hr.Game, list[tuple[int, ...]], tuple[int, ...], list[int]]:
    g = hr.game(name)
    rng = np.random.default_rng(seed)
    cards = [int(c) for c in rng.permutation(np.array(g.deck))]
    k = g.hole_cards
    holes = [tuple(cards[i * k:(i + 1) * k]) for i in range(players)]
    rest = cards[players * k:]
    return g, holes, tuple(rest[:board]), rest[board:]


def text(ids: Any) -> str:
    return hr.cards_str(list(ids)).replace(" ", "")


def hand_range(g: hr.Game, hands: list[tuple[int, ...]], weights: list[float]) -> str:
    """Range text of exact hands with weights, in the game's notation."""
    return ",".join(f"{text(h)}:{w}" for h, w in zip(hands, weights))


# ------------------------------------------------------------------ evaluation

@pytest.mark.parametrize("name", NAMES)
def test_evaluate_describe_category_best_five(name: str) -> None:
    for seed in range(6):
        g, (hole,), board, _ = spot(name, seed, 1, 5)
        want = strength(g, hole, board)
        got = hr.evaluate(list(hole), board=list(board), game=name)
        assert (tuple(got) if g.split else (got, 0)) == want
        batch = hr.evaluate_batch(np.array([hole]), boards=np.array([board]), game=g)
        assert batch.dtype == np.uint16 and batch.shape == ((1, 2) if g.split else (1,))
        assert (tuple(map(int, batch[0])) if g.split else (int(batch[0]), 0)) == want
        assert isinstance(hr.describe(got, game=name), str)
        five = hr.best_five(list(hole), board=list(board), game=name)
        high5 = five[0] if g.split else five
        assert R.evaluate(tuple(high5), **OPTS.get(name, {})) == want[0]
        cat = hr.category(got, game=name)
        hcat = cat[0] if g.split else cat
        assert int(hcat) == R.category_of_key(R.hand_key(tuple(high5), **OPTS.get(name, {})),
                                              **OPTS.get(name, {}))
        if g.split and want[1]:
            assert R.low_evaluate(tuple(five[1]), rule="a5", qualifier=8) == want[1]


@pytest.mark.parametrize("name", NAMES)
def test_explain_names_the_winner(name: str) -> None:
    g, (a, b), board, _ = spot(name, 11, 2, 5)
    s = pot_shares([strength(g, a, board), strength(g, b, board)])
    why = hr.explain(list(a), list(b), list(board), game=name)
    assert isinstance(why, str) and why
    if s[0] == 1:
        assert "seat 0 wins" in why or "beats" in why


# ------------------------------------------------------------------ equity

@pytest.mark.parametrize("name", NAMES)
def test_equity_exact_heads_up_and_multiway_with_dead(name: str) -> None:
    g, holes, board, rest = spot(name, 1, 3, 4)
    got = hr.equity([text(h) for h in holes], board=text(board), dead=text(rest[:1]),
                    game=name, exact=True)
    np.testing.assert_allclose(got.equity, brute(g, holes, board, (rest[0],)), atol=1e-12)
    assert got.exact
    two = hr.equity([text(h) for h in holes[:2]], board=text(board), game=name, exact=True)
    np.testing.assert_allclose(two.equity, brute(g, holes[:2], board), atol=1e-12)
    if g.split:
        assert two.high.sum() == pytest.approx(1) and len(two.scoop) == 2


@pytest.mark.parametrize("name", NAMES)
def test_equity_monte_carlo_many_players(name: str) -> None:
    g = hr.game(name)
    n = min(10, (len(g.deck) - 5) // g.hole_cards)       # as many as the deck allows
    _, holes, board, _ = spot(name, 2, n, 4)
    r = hr.equity([text(h) for h in holes], board=text(board), game=name, trials=20_000,
                  seed=5)
    want = brute(g, holes, board)
    assert r.samples == 20_000 and not r.exact
    assert np.all(np.abs(r.equity - want) <= 5 * r.stderr + 1e-9)
    again = hr.equity([text(h) for h in holes], board=text(board), game=name, trials=20_000,
                      seed=5)
    assert np.array_equal(r.equity, again.equity)


@pytest.mark.parametrize("name", NAMES)
def test_equity_ranges_weights_exact_and_monte_carlo(name: str) -> None:
    g, holes, board, rest = spot(name, 3, 4, 4)
    k = g.hole_cards
    # hero: two hands with weights; villain: two hands, one sharing a card with a hero hand
    hero = [holes[0], holes[1]]
    clash = (holes[0][0],) + tuple(rest[:k - 1])
    villain = [holes[2], clash]
    hw, vw = [1.0, 0.5], [1.0, 0.25]
    players = [hand_range(g, hero, hw), hand_range(g, villain, vw)]
    num = np.zeros(2)
    den = 0.0
    for (h, w1), (v, w2) in itertools.product(zip(hero, hw), zip(villain, vw)):
        if set(h) & set(v):
            continue
        num += w1 * w2 * brute(g, [h, v], board)
        den += w1 * w2
    want = num / den
    got = hr.equity(players, board=text(board), game=name, exact=True)
    np.testing.assert_allclose(got.equity, want, atol=1e-12)
    mc = hr.equity(players, board=text(board), game=name, trials=30_000, seed=9)
    assert np.all(np.abs(mc.equity - want) <= 5 * mc.stderr + 1e-9)


@pytest.mark.parametrize("name", NAMES)
def test_equity_against_random(name: str) -> None:
    """A hand against "random" on the river: the mean over every hand left (oracle:
    every hand of the cards left, ranked by the rule book through evaluate_batch,
    which test_evaluate_describe_category_best_five checks against it)."""
    g, (hero,), board, rest = spot(name, 4, 1, 5)
    k = g.hole_cards
    idx = np.array(list(itertools.combinations(range(len(rest)), k)), dtype=np.int64) \
        if math.comb(len(rest), k) < 200_000 else \
        np.random.default_rng(0).choice(len(rest), size=(200_000, k))   # omaha6: a sample
    if idx.shape[0] == 200_000 and math.comb(len(rest), k) >= 200_000:
        idx = idx[np.array([len(set(r)) == k for r in idx])]
    opp = np.array(rest, dtype=np.uint8)[idx]
    bs = np.broadcast_to(np.array(board, dtype=np.uint8), (len(opp), 5))
    mine = hr.evaluate_batch(np.broadcast_to(np.array(hero, dtype=np.uint8), (len(opp), k)),
                             boards=bs, game=g).reshape(len(opp), -1)
    theirs = hr.evaluate_batch(opp, boards=bs, game=g).reshape(len(opp), -1)
    want = float(np.mean([pot_shares([tuple(a) if g.split else (int(a[0]), 0),
                                      tuple(b) if g.split else (int(b[0]), 0)])[0]
                          for a, b in zip(mine[:3000], theirs[:3000])]))
    r = hr.equity([text(hero), "random"], board=text(board), game=name, trials=20_000,
                  seed=3)
    # the oracle's 3,000 hands are a sample too (or all of them): both errors count
    assert abs(r.equity[0] - want) <= 5 * r.stderr[0] + 5 * 0.5 / math.sqrt(3000)
    assert r.equity.sum() == pytest.approx(1)


# ------------------------------------------------------------------ showdown

@pytest.mark.parametrize("name", NAMES)
def test_settle_side_pots_and_showdown_batch(name: str) -> None:
    g, holes, board, _ = spot(name, 6, 3, 5)
    vals = [strength(g, h, board) for h in holes]
    s = hr.settle(text(board), [text(h) for h in holes], [40, 80, 80], game=name)
    main = pot_shares(vals) * 120
    side = np.concatenate([[0], pot_shares(vals[1:]) * 80])
    want = main + side
    assert sum(s.payouts) == 200
    assert np.all(np.abs(np.array(s.payouts) - want) <= 1)    # odd chips: one each at most
    odd = hr.settle(text(board), [text(h) for h in holes], [7, 7, 7], game=name)
    assert sum(odd.payouts) == 21
    sb = hr.showdown_batch(np.array([board]), np.array([holes]), game=name)
    np.testing.assert_allclose(sb[0], pot_shares(vals))


# ------------------------------------------------------------------ analyses

@pytest.mark.parametrize("name", NAMES)
def test_equity_matrix_and_range_equity(name: str) -> None:
    g, holes, board, rest = spot(name, 7, 4, 4)
    hero, villain = [holes[0], holes[1]], [holes[2], holes[3]]
    a, b = hand_range(g, hero, [1, 1]), hand_range(g, villain, [1, 0.5])
    m = hr.equity_matrix(a, b, board=text(board), game=name)
    assert m.equity.shape == (2, 2)
    for i, j in itertools.product(range(2), range(2)):
        ri = next(x for x in hero if sorted(x) == sorted(int(c) for c in m.rows[i]))
        cj = next(x for x in villain if sorted(x) == sorted(int(c) for c in m.cols[j]))
        assert m.equity[i, j] == pytest.approx(brute(g, [ri, cj], board)[0], abs=1e-12)
    assert (m.high is not None) == g.split
    re = hr.range_equity(a, b, board=text(board), game=name)
    ex = hr.equity([a, b], board=text(board), game=name, exact=True)
    assert re.overall == ex.equity[0]
    if g.split:
        assert re.high is not None and re.low is not None


def test_equity_matrix_states_its_size() -> None:
    with pytest.raises(hr.InvalidRangeError, match="equity_matrix too large for omaha"):
        hr.equity_matrix("AA**", "random", game="omaha")


def _has_straight(fs: list[tuple[int, ...]]) -> bool:
    for f in fs:
        ranks = sorted({c // 4 for c in f})
        if len(ranks) == 5 and (ranks[4] - ranks[0] == 4 or ranks == [0, 1, 2, 3, 12]):
            return True
    return False


@pytest.mark.parametrize("name", NAMES)
def test_analyze(name: str) -> None:
    g, holes, board, rest = spot(name, 8, 3, 3)
    a = hr.analyze(hand_range(g, holes, [1, 1, 1]), board=text(board), game=name)
    assert len(a.combos) == 3
    free = [c for c in g.deck if c not in board and all(c not in h for h in holes)]
    for combo, cls, draws in zip(a.combos, a.classes, a.draws):
        hole = tuple(int(c) for c in combo)
        high = strength(g, hole, board)[0]
        # the class names the category of the best hand (one pair split by position)
        got_cat = int(hr.category(high, game=hr.game(name.replace("-hilo", "")) if
                                  name != "holdem-hilo" else "holdem"))
        names = {9: "straight_flush", 8: "four_of_a_kind", 7: "full_house", 6: "flush",
                 5: "straight", 4: "three_of_a_kind", 3: "two_pair", 1: "high_card"}
        if got_cat != 2:
            assert cls == names[got_cat]
        else:
            assert cls in ("overpair", "top_pair", "middle_pair", "bottom_pair", "underpair",
                           "board_pair")
        if g.hand != "omaha" or got_cat >= 5:
            continue
        # straight draws from the rule of the game: ranks whose card completes a straight
        outs = {c // 4 for c in free if _has_straight(fives(g, hole, board + (c,)))}
        n = len(outs) if not _has_straight(fives(g, hole, board)) else 0
        assert ("open_ended" in draws) == (n >= 2)
        assert ("gutshot" in draws) == (n == 1)
        # a flush draw: some card to come gives a five of one suit by the game's rule
        flush = any(len({x % 4 for x in f}) == 1 for c in free
                    for f in fives(g, hole, board + (c,)))
        assert ("flush_draw" in draws) == flush
    if g.split:
        assert a.low is not None and "low" in a.counts and "low_draw" in a.counts
        for combo, low in zip(a.combos, a.low):
            assert int(low) == strength(g, tuple(int(c) for c in combo), board)[1]


# ------------------------------------------------------------------ dask

@pytest.mark.parametrize("name", NAMES)
def test_dask_equity_and_evaluate_batch(name: str) -> None:
    hd = dask_or_skip()
    import dask.array as da
    g, holes, board, _ = spot(name, 10, 2, 4)
    players = [text(h) for h in holes]
    r = hd.equity(players, board=text(board), game=name, exact=True)
    np.testing.assert_allclose(r.equity, brute(g, holes, board), atol=1e-12)
    mc1 = hd.equity(players, board=text(board), game=name, trials=8_000, seed=2,
                    chunk_trials=2_000)
    mc2 = hd.equity(players, board=text(board), game=name, trials=8_000, seed=2,
                    chunk_trials=2_000)
    assert np.array_equal(mc1.equity, mc2.equity) and mc1.samples == 8_000
    rows = [spot(name, s, 1, 5) for s in range(12)]
    x = np.array([r[1][0] for r in rows])
    b = np.array([r[2] for r in rows])
    want = hr.evaluate_batch(x, boards=b, game=name)
    if g.hand == "omaha" or g.split:
        got = hd.evaluate_batch(da.from_array(x, chunks=5), boards=da.from_array(b, chunks=5),
                                game=name).compute()
    else:
        got = hd.evaluate_batch(da.from_array(np.concatenate([x, b], axis=1), chunks=5),
                                game=name).compute()
    assert np.array_equal(got, want)


# ------------------------------------------------------------------ the CLI

@pytest.mark.parametrize("name", NAMES)
def test_cli_game_on_eval_equity_showdown_range(name: str, capsys: Any) -> None:
    import json

    from handrank.cli import main
    g, holes, board, _ = spot(name, 12, 2, 5)
    assert main(["eval", "--json", "--game", name, "--board", text(board), text(holes[0])]) == 0
    row = json.loads(capsys.readouterr().out)
    want = strength(g, holes[0], board)
    assert (tuple(row["strength"]) if g.split else (row["strength"], 0)) == want
    assert main(["equity", "--json", "--game", name, "--board", text(board[:4]),
                 text(holes[0]), text(holes[1])]) == 0
    res = json.loads(capsys.readouterr().out)
    got = [p["equity"] for p in res["players"]]
    np.testing.assert_allclose(got, brute(g, holes, board[:4]), atol=1e-9)
    assert main(["showdown", "--game", name, "--board", text(board), "--hand", text(holes[0]),
                 "--hand", text(holes[1]), "--bets", "10,10"]) == 0
    out = capsys.readouterr().out
    pays = pot_shares([strength(g, h, board) for h in holes]) * 20
    assert f"seat 0: {int(round(pays[0]))}" in out
    assert main(["range", "--json", "--game", name, "--board", text(board[:4]),
                 hand_range(g, [holes[0]], [1]), "--vs", hand_range(g, [holes[1]], [1])]) == 0
    rr = json.loads(capsys.readouterr().out)
    assert rr["equity"] == pytest.approx(brute(g, holes, board[:4])[0], abs=1e-12)


# ------------------------------------------------------------------ errors

@pytest.mark.parametrize("call", [
    lambda: hr.evaluate("As Ks Qs Js Ts", game="x"),
    lambda: hr.evaluate_batch([[0, 1, 2, 3, 5]], game="x"),
    lambda: hr.describe(100, game="x"),
    lambda: hr.category(100, game="x"),
    lambda: hr.best_five("As Ks Qs Js Ts", game="x"),
    lambda: hr.explain("AsKs", "QdQc", "2c 3d 4h 5s 9c", game="x"),
    lambda: hr.equity(["AsKs", "QdQc"], game="x"),
    lambda: hr.settle("2c 3d 4h 5s 9c", ["AsKs", "QdQc"], [1, 1], game="x"),
    lambda: hr.showdown_batch([[0, 1, 2, 3, 4]], [[[10, 11], [12, 13]]], game="x"),
    lambda: hr.equity_matrix("AA", "KK", game="x"),
    lambda: hr.range_equity("AA", "KK", game="x"),
    lambda: hr.analyze("AA", "2c 3d 4h", game="x"),
    lambda: hr.game("x"),
])
def test_one_unknown_game_message(call: Any) -> None:
    with pytest.raises(ValueError) as err:
        call()
    assert str(err.value) == str(_unknown())


def _unknown() -> ValueError:
    try:
        hr.game("x")
    except ValueError as e:
        return e
    raise AssertionError("hr.game('x') did not raise")


@pytest.mark.parametrize("name, size", [("omaha", 5), ("omaha5", 4), ("omaha6", 5),
                                        ("omaha-hilo", 6), ("omaha5-hilo", 4)])
def test_each_omaha_game_deals_its_own_count(name: str, size: int) -> None:
    g = hr.game(name)
    hole = [51 - i for i in range(size)]
    board = [0, 5, 10, 15, 20]
    with pytest.raises(hr.InvalidHandError, match=f"expected {g.hole_cards} cards"):
        hr.evaluate(hole, board=board, game=g)
    with pytest.raises(hr.InvalidHandError, match=f"expected {g.hole_cards} cards"):
        hr.evaluate_batch([hole], boards=[board], game=g)
