"""The game model: hr.game / hr.games, and game= through every operation.

Oracles: handrank.reference (the rule book in plain Python) and brute force
over every runout, never the code under test.
"""

from __future__ import annotations

import itertools
import json

import numpy as np
import pytest

import handrank as hr
from handrank import reference as R
from handrank.core import _backend, _tables, kernels
from handrank.games import registry

from .conftest import dask_or_skip

NAMES = ["holdem", "shortdeck", "stripped", "omaha", "omaha5", "omaha6", "omaha-hilo",
         "omaha5-hilo", "holdem-hilo"]
# the games without a board (issue 18; tested in test_games_stud_draw.py)
BOARDLESS = ["stud", "stud-hilo", "razz", "draw", "fechado", "27-draw", "27-triple",
             "a5-triple", "badugi"]
# the games of parts and Courchevel (tested in test_double_board.py, test_badeucy.py,
# test_courchevel.py)
NEW = ["double-holdem", "double-omaha", "double-omaha5", "badeucy", "badacey", "courchevel",
       "courchevel-hilo"]
# the wild-card games (tested in test_wild_ranking.py)
WILD = ["deuces-wild", "joker-draw", "california-lowball"]
# reference options of each game's high half
OPTS = {"holdem": {}, "shortdeck": dict(lowest=4, flush_beats_full=True),
        "stripped": dict(lowest=5, flush_beats_full=True)}
HIGH_ONLY_FIVE = ["holdem", "shortdeck", "stripped"]


@pytest.fixture(params=["c", "python"])
def backend(request, monkeypatch):
    """Every game on the C core and on the numpy backend (all modules' core off,
    the tables read from the package-data file, as HANDRANK_BACKEND=python does)."""
    if request.param == "c":
        if kernels.compiled_module() is None:
            pytest.skip("C extension not built")
        return "c"
    import importlib
    bin_tables = _tables.load_bin()
    monkeypatch.setattr(kernels, "_C", None)
    monkeypatch.setattr(importlib.import_module("handrank.games.holdem"), "_HOLDEM",
                        bin_tables["holdem"])
    monkeypatch.setattr(_backend, "GAMES", bin_tables)
    registry.high_tables.cache_clear()
    importlib.import_module("handrank.games.lowball")._lowball.cache_clear()
    request.addfinalizer(registry.high_tables.cache_clear)
    request.addfinalizer(importlib.import_module("handrank.games.lowball")._lowball.cache_clear)
    return "python"


def _opts(g: hr.Game) -> dict:
    return OPTS.get(g.name, {})


def ref_strength(g: hr.Game, hole: list[int], board: list[int]):
    """The strength (pair for two halves) from the rule book alone."""
    if g.hand == "omaha":
        fives = [tuple(h) + tuple(b) for h in itertools.combinations(hole, 2)
                 for b in itertools.combinations(board, 3)]
    else:
        fives = list(itertools.combinations(hole + board, 5))
    high = max(R.evaluate(f, **_opts(g)) for f in fives)
    if not g.split:
        return high
    return high, max(R.low_evaluate(f, rule="a5", qualifier=8) for f in fives)


def deal(g: hr.Game, rng: np.random.Generator, players: int, board: int):
    cards = [int(c) for c in rng.permutation(np.array(g.deck))]
    holes = [cards[i * g.hole_cards:(i + 1) * g.hole_cards] for i in range(players)]
    rest = cards[players * g.hole_cards:]
    return holes, rest[:board]


def shares(values) -> np.ndarray:
    """Pot shares of each seat from comparable values (pairs: high half and low half)."""
    if isinstance(values[0], tuple):
        high = shares([v[0] for v in values])
        lows = [v[1] for v in values]
        if max(lows) == 0:
            return high
        return (high + shares(lows)) / 2
    best = max(values)
    top = np.array([v == best for v in values], dtype=float)
    return top / top.sum()


# ------------------------------------------------------------------ registry

def test_registry_names_and_fields():
    assert list(hr.games()) == NAMES + BOARDLESS + NEW + WILD
    assert all(isinstance(s, str) and s and "\n" not in s for s in hr.games().values())
    want = {"holdem": (52, 2, ("high",)), "shortdeck": (36, 2, ("high",)),
            "stripped": (32, 2, ("high",)), "omaha": (52, 4, ("high",)),
            "omaha5": (52, 5, ("high",)), "omaha6": (52, 6, ("high",)),
            "omaha-hilo": (52, 4, ("high", "low")), "omaha5-hilo": (52, 5, ("high", "low")),
            "holdem-hilo": (52, 2, ("high", "low"))}
    for name, (deck, hole, halves) in want.items():
        g = hr.game(name)
        assert (g.name, len(g.deck), g.hole_cards, g.board_cards, g.halves) == (
            name, deck, hole, 5, halves)
        assert g.deck == tuple(sorted(g.deck)) and g.exchanges == 0 and g.up_cards == ()
        assert g.classes[0] == R.classes(**_opts(g))
    assert hr.game("omaha-hilo").classes == (7462, 56)


def test_registry_options():
    assert len(hr.game("stripped", lowest="6").deck) == 36
    assert len(hr.game("stripped", lowest=3).deck) == 48
    assert hr.game("stripped").options == (("lowest", "7"), ("kickers", True))
    tbs = hr.game("shortdeck", trips_beat_straight=True)
    assert dict(tbs.options)["trips_beat_straight"] is True
    assert tbs.tables[0].ptr == hr.games.variants.variant(
        "shortdeck", trips_beat_straight=True).tables.ptr
    assert hr.game("shortdeck") == hr.game("shortdeck")
    assert hr.game("shortdeck") != tbs


@pytest.mark.parametrize("call, err, match", [
    (lambda: hr.game("mexican"), ValueError, "unknown game 'mexican', expected 'holdem' or "
     "'omaha' or another of the 28 games of handrank.games\\(\\)$"),
    (lambda: hr.game("omaha-hi-lo"), ValueError, "unknown game 'omaha-hi-lo', expected .*; "
     "did you mean 'omaha-hilo' or 'omaha5-hilo'\\?$"),
    (lambda: hr.equity(["AsKs", "QdQc"], game="studd"), ValueError,
     "unknown game 'studd', .*did you mean 'stud'"),
    (lambda: hr.game("omaha", kickers=False), TypeError, "game 'omaha' has no option 'kickers'"),
    (lambda: hr.game("stripped", lowest="2"), ValueError, "lowest must be a rank"),
    (lambda: hr.game("shortdeck", kickers=1), TypeError, "kickers must be True or False"),
    (lambda: hr.game(5), ValueError, "unknown game 5"),
    (lambda: hr.evaluate("As Ks Qs Js", game=5), TypeError, "game must be a game name"),
    (lambda: hr.evaluate("As Ks Qs Js", game="omaha"), ValueError, "board= is required"),
    (lambda: hr.evaluate_batch([[0, 1, 2, 3]], game="omaha"), ValueError, "boards="),
    (lambda: hr.evaluate("5s 6s 7s 8s 9s", game="shortdeck"), hr.InvalidCardError,
     "card '5s' is not in the shortdeck deck"),
    # the Omaha games take Omaha ranges; each deals its own hole-card count
    (lambda: hr.equity_matrix("AA**", "KK**", game="omaha"), hr.InvalidRangeError,
     "equity_matrix too large for omaha"),
    (lambda: hr.range_equity("AA", "KK", game="omaha"), hr.InvalidRangeError,
     "hold'em notation"),
    (lambda: hr.analyze("AA", "2c 7d 9h", game="omaha-hilo"), hr.InvalidRangeError,
     "hold'em notation"),
    (lambda: hr.equity(["AsKsQdJd2c", "AKs"], game="omaha5-hilo"), hr.InvalidRangeError,
     "hold'em notation"),
    (lambda: hr.equity(["AsKsQdJd2c", "AA***:0"], game="omaha5-hilo"), hr.InvalidRangeError,
     "no hand of positive weight"),
    (lambda: hr.equity(["AsKsQdJd", "random"], game="omaha5-hilo"), hr.InvalidHandError,
     "expected 5 cards in player 1's hand, got 4"),
    (lambda: hr.equity(["AsKsQdJd", "AA***"], game="omaha5"), hr.InvalidHandError,
     "expected 5 cards in player 1's hand, got 4"),
    (lambda: hr.evaluate("AsKsQdJd2c", board="3c 4d 5h 9h Ks", game=hr.game("omaha")),
     hr.InvalidHandError, "expected 4 cards in the hole cards, got 5"),
    (lambda: hr.evaluate_batch([[0, 1, 2, 3]], boards=[[4, 5, 6, 7, 8]], game="omaha6"),
     hr.InvalidHandError, "expected 6 cards in each row of hole cards, got 4"),
    (lambda: hr.settle("3c 4d 5h 9h Ks", ["AsKsQdJd", "2c2d2h7c"], [1, 1], game="omaha5"),
     hr.InvalidHandError, "expected 5 cards in player 1's hand, got 4"),
    (lambda: hr.equity(["AsKs", "random"], game="holdem-hilo", exact=True), ValueError,
     "exact holdem-hilo equity with ranges is not supported yet at this size"),
])
def test_errors(call, err, match):
    with pytest.raises(err, match=match):
        call()


# ------------------------------------------------------------------ evaluation

@pytest.mark.parametrize("name", NAMES)
def test_evaluate_every_game_vs_reference(backend, name, rng):
    g = hr.game(name)
    holes, boards, want = [], [], []
    for _ in range(60):
        (hole,), board = deal(g, rng, 1, 5)
        holes.append(hole)
        boards.append(board)
        want.append(ref_strength(g, hole, board))
        got = hr.evaluate(hole, board=board, game=g)
        assert got == want[-1]
        assert hr.evaluate(hr.cards_str(hole), board=hr.cards_str(board), game=name) == got
    batch = hr.evaluate_batch(np.array(holes), boards=np.array(boards), game=name)
    if g.split:
        assert batch.shape == (60, 2) and batch.dtype == np.uint16
        assert [tuple(map(int, r)) for r in batch] == want
        out = np.zeros((60, 2), np.uint16)
        assert hr.evaluate_batch(np.array(holes), boards=np.array(boards), game=g,
                                 out=out) is out
    else:
        assert batch.dtype == np.uint16 and batch.tolist() == want


@pytest.mark.parametrize("name", NAMES)
def test_describe_category_best_five(name, rng):
    g = hr.game(name)
    five_game = hr.game("holdem-hilo" if g.split else (name if name in OPTS else "holdem"))
    for _ in range(15):
        (hole,), board = deal(g, rng, 1, 5)
        s = hr.evaluate(hole, board=board, game=g)
        best = hr.best_five(hole, board=board, game=g)
        text = hr.describe(s, game=g)
        cat = hr.category(s, game=g)
        if not g.split:
            assert len(best) == 5 and set(best) <= set(hole + board)
            assert hr.evaluate(best, game=five_game) == s
            assert text == hr.describe(s, game=five_game) and text
            assert cat == hr.Category(R.category_of_key(R.best_key(tuple(best), **_opts(g)),
                                                        **_opts(g)))
            continue
        high5, low5 = best
        assert hr.evaluate(high5, game=five_game)[0] == s[0]
        if s[1]:
            assert low5 is not None and hr.lowball("a5", qualifier=8).evaluate(low5) == s[1]
            assert text.endswith(" low")
        else:
            assert low5 is None and text.endswith("; no low")
        assert cat[0] == hr.category(s[0])
        assert (cat[1] is None) == (s[1] == 0)
        if g.hand == "omaha":
            assert len(set(high5) & set(hole)) == 2


def test_category_array_two_halves():
    g = hr.game("holdem-hilo")
    s = hr.evaluate_batch([hr.cards("As 2d 3h 4c 5s 9d 9c"), hr.cards("Ks Kd Kh 9c 9s 2d 3c")],
                          game=g)
    cats = hr.category(s, game=g)
    assert cats.shape == (2, 2)
    assert cats[:, 0].tolist() == [hr.Category.STRAIGHT, hr.Category.FULL_HOUSE]
    assert cats[1, 1] == 0   # no low


def test_holdem_paths_unchanged():
    hand = "As Kd 7h 7c 2s 9d Jc"
    assert hr.evaluate(hand) == hr.evaluate(hand, game="holdem") == R.evaluate(hand)
    assert hr.evaluate("As Kd 7h", board="7c 2s 9d Jc") == R.evaluate(hand)
    with pytest.raises(hr.InvalidCardError, match="^invalid card 'Zz'$"):
        hr.evaluate("As Ks Qs Js Zz")
    assert hr.describe(7462) == "Royal flush" and hr.category(7462) == 9


# ------------------------------------------------------------------ equity

def brute_equity(g: hr.Game, holes, board, dead=()):
    used = set(board) | set(dead) | {c for h in holes for c in h}
    rest = [c for c in g.deck if c not in used]
    total, high, low = np.zeros(len(holes)), np.zeros(len(holes)), np.zeros(len(holes))
    n = 0
    for extra in itertools.combinations(rest, 5 - len(board)):
        vals = [ref_strength(g, h, list(board) + list(extra)) for h in holes]
        total += shares(vals)
        if g.split:
            high += shares([v[0] for v in vals])
            if max(v[1] for v in vals):
                low += shares([v[1] for v in vals])
        n += 1
    return total / n, high / n, low / n


@pytest.mark.parametrize("name, players, board, dead", [
    ("holdem", ["As Ks", "Qd Qc"], "Qh 7c 2d Js", ""),
    ("shortdeck", ["As Ks", "Qd Qc", "9h 9s"], "Qh 7c 6d Js", "Ac"),
    ("stripped", ["Ah 8d", "Qd Qh"], "Ad 9c 7s Jh", ""),
    ("omaha", ["As Ks Qd Jd", "7c 7h 2c 2h"], "Ah Kh 7d", ""),
    ("omaha5", ["As Ks Qd Jd Tc", "7c 7h 2c 2h 3s", "9s 9d 8c 8d 4h"], "Ah Kh 7d 3d", ""),
    ("omaha6", ["As Ks Qd Jd Tc 9c", "7c 7h 2c 2h 3s 4s"], "Ah Kh 7d Qs", "8h"),
    ("omaha-hilo", ["As 2s Kd Qd", "Ah 3h Jc Tc"], "4c 5d Kh 8s", ""),
    ("omaha5-hilo", ["As 2s Kd Qd 9c", "Ah 3h Jc Tc 9d", "6c 7c 8h 8d Qs"], "4c 5d Kh", ""),
    ("holdem-hilo", ["As 2s", "Kh Kd"], "3c 4d 9h", ""),
    ("holdem-hilo", ["As 2s", "Ah 3h", "7c 8c"], "3c 4d 9h Qs", "2h"),
])
def test_equity_exact_vs_brute_force(name, players, board, dead):
    g = hr.game(name)
    r = hr.equity(players, board, dead, game=name)
    want, high, low = brute_equity(g, [hr.cards(p) for p in players], hr.cards(board),
                                   hr.cards(dead))
    assert r.exact
    np.testing.assert_allclose(r.equity, want, atol=1e-12)
    if g.split:
        np.testing.assert_allclose(r.high, high, atol=1e-12)
        np.testing.assert_allclose(r.low, low, atol=1e-12)
        assert (r.scoop <= r.equity + 1e-12).all()
    assert r.hands == tuple(p.strip() for p in players)


@pytest.mark.parametrize("name, players, board", [
    ("omaha", ["As Ks Qd Jd", "7c 7h 2c 2h"], "Ah Kh 7d"),
    ("holdem-hilo", ["As 2s", "Kh Kd"], "3c 4d 9h"),
    ("omaha5-hilo", ["As 2s Kd Qd 9c", "Ah 3h Jc Tc 9d"], "4c 5d Kh"),
    ("shortdeck", ["As Ks", "Qd Qc"], "Qh 7c"),
])
def test_equity_monte_carlo_within_4_se(name, players, board):
    exact = hr.equity(players, board, game=name, exact=True)
    mc = hr.equity(players, board, game=name, trials=20_000, seed=7)
    assert not mc.exact and mc.samples == 20_000
    assert (np.abs(mc.equity - exact.equity) <= 4 * mc.stderr + 1e-9).all()
    again = hr.equity(players, board, game=name, trials=20_000, seed=7)
    np.testing.assert_array_equal(mc.equity, again.equity)


def test_equity_old_spellings_identical():
    p, b = ["As 2s Kd Qd", "Ah 3h Jc Tc"], "4c 5d Kh"
    for new in ("omaha-hilo", hr.game("omaha-hilo")):
        a, o = hr.equity(p, b, game=new), hr.equity(p, b, game="omaha-hilo")
        np.testing.assert_array_equal(a.equity, o.equity)
        np.testing.assert_array_equal(a.low, o.low)


# ------------------------------------------------------------------ settle, showdown, explain

@pytest.mark.parametrize("name", NAMES)
def test_settle_and_showdown_batch_vs_reference(backend, name, rng):
    g = hr.game(name)
    boards, holes, want = [], [], []
    for _ in range(12):
        hs, board = deal(g, rng, 3, 5)
        vals = [ref_strength(g, h, board) for h in hs]
        sh = shares(vals)
        # 3 seats, the short stack all in for 10 of 30: a side pot between the others
        s = hr.settle(board, hs, [10, 30, 30], game=g)
        main = shares(vals) * 30
        side = shares(vals[1:]) * 40
        assert sum(s.payouts) == 70 and len(s.pots) == 2
        for seat in range(3):
            expect = main[seat] + (side[seat - 1] if seat else 0)
            assert abs(s.payouts[seat] - expect) <= 1, (s, vals)
        boards.append(board)
        holes.append(hs)
        want.append(sh)
    got = hr.showdown_batch(np.array(boards), np.array(holes), game=name)
    np.testing.assert_allclose(got, np.array(want))


def test_settle_odd_chips_and_old_names():
    board, hands = "Ks 6d 7c 9h 2s", ["Kh 3c", "Kd 4c", "Qc Qd"]
    assert hr.settle(board, hands, [5, 5, 5], game="holdem").payouts == [7, 8, 0]
    assert hr.settle(board, hands, [5, 5, 5], game=hr.game("holdem")).payouts == [7, 8, 0]
    hl = ("4c 5d Kh 8s 9s", ["As 2s Kd Qd", "Ah 2h Jc Tc"], [50, 50])
    assert (hr.settle(*hl, game="omaha-hilo").payouts
            == hr.settle(*hl, game=hr.game("omaha-hilo")).payouts)
    with pytest.raises(ValueError, match="unknown game 'mexican', expected 'holdem'"):
        hr.settle(board, hands, [5, 5, 5], game="mexican")


def test_settle_omaha_uses_exactly_two_hole_cards():
    # four spades in the hand and one on the board: no flush in Omaha
    board = "As 7d 2c 9h 3s"
    s = hr.settle(board, ["Ks Qs Js Ts", "9c 9d 4h 5h"], [10, 10], game="omaha")
    assert s.payouts == [0, 20]          # trips nines beat king high


@pytest.mark.parametrize("name", NAMES)
def test_explain_every_game_names_the_winner(name, rng):
    g = hr.game(name)
    for _ in range(5):
        (a, b), board = deal(g, rng, 2, 5)
        text = hr.explain(a, b, board, game=name)
        sa, sb = ref_strength(g, a, board), ref_strength(g, b, board)
        share = shares([sa, sb])
        assert isinstance(text, str) and text
        if share.max() < 1:
            continue
        w = int(np.argmax(share))
        # one shape in every game, hold'em's: the winner's five, in play order,
        # comes first ("high: " before it in a game of two halves)
        best = hr.best_five((a, b)[w], board=board, game=g)
        five = hr.cards_str(best[0] if g.split else best).split()
        head = "high: " if g.split else ""
        assert text.startswith(head + "-".join(c[0] for c in five) + " beats"), text
        assert "seat" not in text
        if g.split:
            assert "; low: " in text and "; low: split" not in text.replace(
                "; low: split: neither has a qualifying low", ""), text


def test_explain_old_low_games_still_work():
    assert hr.explain("8s 5d 4h 3c 2s", "8d 6h 3s 2d Ac", game="a5").startswith(
        "8-5-4-3-2 beats 8-6-3-2-A")


# ------------------------------------------------------------------ analysis and dask

def test_analysis_takes_game_for_best_five_games():
    m = hr.equity_matrix("AA", "KK", "Qh 7c 6d", game=hr.game("shortdeck"))
    assert m.equity.shape == (6, 6)
    a = hr.analyze("AA", "Qh 7c 8d", game="stripped")
    assert sum(a.counts.values()) == 6


def test_dask_takes_game():
    hd = dask_or_skip()
    r = hd.equity(["As Ks", "Qd Qc"], "Qh 7c 6d", game="shortdeck")
    want = hr.equity(["As Ks", "Qd Qc"], "Qh 7c 6d", game="shortdeck")
    np.testing.assert_allclose(r.equity, want.equity)
    out = hd.evaluate_batch(np.array([hr.cards("As 6s 7d 8c 9h")]), game="shortdeck")
    assert np.asarray(out).tolist() == [hr.evaluate("As 6s 7d 8c 9h", game="shortdeck")]
    # every game (tests/test_game_matrix.py checks each); Omaha as one exact task
    hands = ["As Ks Qd Jd", "7c 7h 2c 2h"]
    r = hd.equity(hands, "Qh 8c 6d", game="omaha")
    want = hr.equity(hands, "Qh 8c 6d", game="omaha")
    assert r.exact and r.equity.tolist() == want.equity.tolist()


# ------------------------------------------------------------------ deprecations

# the old spellings (hr.evaluate_omaha*, hr.variant, variant=): tests/test_compat.py


# ------------------------------------------------------------------ CLI

def test_cli_games_table(capsys):
    from handrank.cli import main
    assert main(["games"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].split()[:6] == ["name", "deck", "hole", "board", "halves", "classes"]
    table = out[1:out.index("")]                  # the rows, then the options' footer
    assert out[-1].startswith("options: --game NAME:key=value")
    rows = {line.split()[0]: line.split()[1:5] for line in table}
    assert rows["stripped"] == ["32", "2", "5", "high"]
    assert rows["omaha-hilo"] == ["52", "4", "5", "high+low"]
    assert list(rows) == NAMES + BOARDLESS + NEW + WILD
    assert main(["games", "--json"]) == 0
    names = [r["name"] for r in json.loads(capsys.readouterr().out)]
    assert names == NAMES + BOARDLESS + NEW + WILD


def test_cli_game_option(capsys):
    from handrank.cli import main
    assert main(["eval", "--json", "--game", "omaha-hilo", "--board", "3c 4d 5h 9h Ks",
                 "As 2h Kd Qd"]) == 0
    row = json.loads(capsys.readouterr().out)
    assert row["strength"] == list(hr.evaluate("As 2h Kd Qd", board="3c 4d 5h 9h Ks",
                                               game="omaha-hilo"))
    assert main(["equity", "--json", "--game", "holdem-hilo", "--board", "3c4d9h",
                 "As2s", "KhKd"]) == 0
    res = json.loads(capsys.readouterr().out)
    want = hr.equity(["As2s", "KhKd"], "3c4d9h", game="holdem-hilo")
    assert [p["low"] for p in res["players"]] == want.low.tolist()
    assert main(["showdown", "--game", "omaha", "--board", "As 7d 2c 9h 3s",
                 "--hand", "Ks Qs Js Ts", "--hand", "9c 9d 4h 5h", "--bets", "10,10"]) == 0
    assert "seat 1: 20" in capsys.readouterr().out
    assert main(["range", "AA", "--vs", "KK", "--game", "omaha"]) == 2
    assert "'AA' is hold'em range notation, which does not apply to omaha" \
        in capsys.readouterr().err
    assert main(["range", "AAKK", "--vs", "QQJJ", "--board", "Qh 7h 2d", "--game", "omaha",
                 "--json"]) == 0
    got = json.loads(capsys.readouterr().out)
    assert got["equity"] == hr.range_equity("AAKK", "QQJJ", "Qh 7h 2d", game="omaha").overall
    assert main(["eval", "--game", "omaha", "As 2h Kd Qd"]) == 2
    assert "board= is required" in capsys.readouterr().err
