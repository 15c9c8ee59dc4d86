"""The C kernels of issue 18's games: badugi's colex-table batch (every
kernel against the rule-by-subsets path on every hand) and the boardless
Monte Carlo (against exact enumeration, seeds independent of threads)."""

from __future__ import annotations

import itertools
from collections.abc import Iterator

import numpy as np
import pytest

import handrank as hr
from handrank.core import kernels
from handrank.equity.hilo import HiLoEquityResult
from handrank.games import badugi as bd

from .conftest import dask_or_skip

C = kernels.compiled_module()
needs_c = pytest.mark.skipif(C is None, reason="needs the C core")


@pytest.fixture
def kernels() -> Iterator[list[int]]:
    """The batch kernels this CPU runs; the kernel in use is restored after."""
    assert C is not None
    lib = C.lib
    before = int(lib.hr_batch_kernel())
    runs = [k for k in range(4) if lib.hr_set_batch_kernel(k) == 0]
    yield runs
    assert lib.hr_set_batch_kernel(before) == 0


@needs_c
def test_badugi_batch_every_kernel_every_hand(kernels: list[int]) -> None:
    assert C is not None
    hands = np.array(list(itertools.combinations(range(52), 4)), dtype=np.uint8)
    assert len(hands) == C.lib.HR_BADUGI_HANDS
    # the order of the cards in a row must not matter: shuffle each row
    rng = np.random.default_rng(18)
    hands = np.ascontiguousarray(rng.permuted(hands, axis=1))
    # the subset rule, one hand at a time (hr_eval_badugi never reads the table)
    want = np.array([C.lib.hr_eval_badugi(bytes(h)) for h in hands[::7]], dtype=np.uint16)
    for k in kernels:
        C.lib.hr_set_batch_kernel(k)
        got = bd.evaluate_badugi_batch(hands)
        np.testing.assert_array_equal(got[::7], want, err_msg=f"kernel {k}")
        np.testing.assert_array_equal(got, bd._numpy_batch(hands.astype(np.int64)))


@needs_c
@pytest.mark.parametrize("bad_row", [0, 5, 15, 16, 17, 40, 63, 99])
@pytest.mark.parametrize("bad", ["repeat", "id"])
def test_badugi_batch_first_bad_row(kernels: list[int], bad_row: int, bad: str) -> None:
    assert C is not None
    rng = np.random.default_rng(bad_row)
    hands = np.array([rng.choice(52, 4, replace=False) for _ in range(100)], dtype=np.uint8)
    hands[bad_row, 2] = hands[bad_row, 0] if bad == "repeat" else 52 + bad_row
    # a later bad row too: the first one is reported
    hands[min(bad_row + 3, 99), 1] = hands[min(bad_row + 3, 99), 3]
    err = hr.InvalidHandError if bad == "repeat" else hr.InvalidCardError
    for k in kernels:
        C.lib.hr_set_batch_kernel(k)
        with pytest.raises(err, match=f"row {bad_row}"):
            bd.evaluate_badugi_batch(hands)


def _within(mc: hr.EquityResult, exact: hr.EquityResult) -> None:
    assert not mc.exact and exact.exact
    assert (mc.stderr > 0).all()
    assert (np.abs(mc.equity - exact.equity) < 4.5 * mc.stderr).all(), (mc.equity,
                                                                         exact.equity)


@needs_c
@pytest.mark.parametrize("game, players, dead", [
    ("stud", ["As Ad Kc 7h 2s", "Qh Qs 7d 8c 9c"], ""),
    ("razz", ["As 2d 3c 9h Ks", "4h 5s 7d 8c Qd"], "6c"),
    ("stud-hilo", ["As 2d 4c Kh 7s", "3h 3c 6d Qs 9h"], ""),
    ("stud", ["As Kd 9c 9h 2s 7d", "Qh Qc Jd 3s 4c 8h", "Th Tc 5d 5s 6c 6h"], ""),
    ("stud-hilo", ["As 2d 4c 8h 7s 6s", "3h 3c 6d Qs 9h 9d", "Ah Kh 5h 4h Jc Js"], ""),
    ("badugi", ["Ac 3d", "2c 4d 6s"], "Kh"),
    ("27-draw", ["7s 5d 3c", "8h 6c 4d 3s"], ""),
    ("draw", ["Ah Ad Kh 7c", "Ks Kd Kc"], "Qh"),
    ("fechado", ["As Ks", "Ah Ad Ac 7c"], "Th"),
])
def test_monte_carlo_against_exact(game: str, players: list[str], dead: str) -> None:
    exact = hr.equity(players, dead=dead, game=game, exact=True)
    mc = hr.equity(players, dead=dead, game=game, exact=False, trials=60_000, seed=11)
    _within(mc, exact)
    assert mc.samples == 60_000
    assert abs(mc.equity.sum() - 1) < 1e-9
    np.testing.assert_allclose(mc.win + mc.tie <= 1 + 1e-12, True)
    if game == "stud-hilo":
        assert isinstance(mc, HiLoEquityResult) and isinstance(exact, HiLoEquityResult)
        assert (np.abs(mc.high - exact.high) < 0.02).all()
        assert (np.abs(mc.low - exact.low) < 0.02).all()
        assert (np.abs(mc.scoop - exact.scoop) < 0.02).all()


@needs_c
def test_monte_carlo_seeds_independent_of_threads() -> None:
    p = ["As Ad Kc", "Qh Qs 7d", "2c 3c 4c"]
    for game in ("stud", "razz", "stud-hilo"):
        a = hr.equity(p, game=game, exact=False, trials=130_000, seed=7, threads=1)
        b = hr.equity(p, game=game, exact=False, trials=130_000, seed=7, threads=2)
        c = hr.equity(p, game=game, exact=False, trials=130_000, seed=8, threads=1)
        np.testing.assert_array_equal(a.equity, b.equity)
        np.testing.assert_array_equal(a.tie, b.tie)
        assert not np.array_equal(a.equity, c.equity)


@needs_c
def test_monte_carlo_target_stderr() -> None:
    r = hr.equity(["As Ad Kc", "Qh Qs 7d"], game="stud", exact=False, target_stderr=2e-3,
                  seed=1)
    assert r.stderr.max() < 2e-3 and r.samples < 1_000_000
    with pytest.raises(ValueError, match="target_stderr must be a positive number"):
        hr.equity(["As Ad Kc", "Qh Qs 7d"], game="stud", exact=False, target_stderr=-1.0)
    with pytest.raises(ValueError, match="trials must be at least 1"):
        hr.equity(["As Ad Kc", "Qh Qs 7d"], game="razz", exact=False, trials=0)


# ------------------------------------------------------------ triple draw


@needs_c
def test_hold_rules_are_best_hold() -> None:
    from handrank.equity import boardless as bl
    rng = np.random.default_rng(21)
    # a5-triple: the rule is best_hold's criterion itself (ranks decide in ace-to-five)
    g = hr.game("a5-triple", draws=3)
    for _ in range(40):
        h = [int(c) for c in rng.choice(52, 5, replace=False)]
        assert sorted(c >> 2 for c in bl.rule_hold(g, h)) == \
            sorted(c >> 2 for c in hr.best_hold(h, game="a5-triple")), h
    # 27-triple: best_hold's criterion with the flushes counted: the rule's hold has
    # the best expected percentile (ties may keep another, equally good hold)
    g = hr.game("27-triple", draws=3)
    hands = [[int(c) for c in rng.choice(52, 5, replace=False)] for _ in range(30)]
    for _ in range(20):                                  # four or five of a suit
        suit, ranks = int(rng.integers(4)), rng.choice(13, 5, replace=False)
        h = [4 * int(r) + suit for r in ranks]
        if rng.random() < 0.5:
            h[4] = int(rng.choice([c for c in range(52) if c not in h]))
        hands.append(h)
    for h in hands:
        d = hr.draw_odds(h, game="27-triple")
        kept = bl.rule_hold(g, h)
        assert abs(d.expected[d.holds.index(kept)] - d.expected[0]) < 1e-12, h
    # badugi: best_hold's criterion, by inclusion-exclusion over the hands with the hold
    g = hr.game("badugi", draws=3)
    for _ in range(200):
        h = [int(c) for c in rng.choice(52, 4, replace=False)]
        d = hr.draw_odds(h, game="badugi")
        kept = bl.rule_hold(g, h)
        assert abs(d.expected[d.holds.index(kept)] - d.expected[0]) < 1e-12, h


def _simulate_triple(name: str, players: list[list[int]], draws: int, trials: int,
                     seed: int) -> np.ndarray:
    """The triple-draw process written out: seat order, the rule's holds, and
    the earlier players' discards shuffled when the stub runs out."""
    from handrank.equity import boardless as bl
    g = hr.game(name, draws=draws)
    full = 4 if name == "badugi" else 5
    rng = np.random.default_rng(seed)
    known = {c for p in players for c in p}
    deck = [c for c in range(52) if c not in known]
    shares = np.zeros(len(players))
    for _ in range(trials):
        stub = list(rng.permutation(deck))
        hands = [list(p) + [int(stub.pop()) for _ in range(full - len(p))] for p in players]
        pile: list[int] = []
        for _ in range(draws - 1):
            for i, h in enumerate(hands):
                kept = list(bl.rule_hold(g, h))
                mine = [c for c in h if c not in kept]
                for _c in mine:
                    if not stub:
                        stub, pile = [int(c) for c in rng.permutation(pile)], []
                    kept.append(stub.pop())
                hands[i] = kept
                pile += mine
        s = [int(v) for v in hr.evaluate_batch(np.array(hands, dtype=np.uint8), game=name)]
        best = max(s)
        winners = [i for i, v in enumerate(s) if v == best]
        for i in winners:
            shares[i] += 1 / len(winners)
    return shares / trials


@needs_c
@pytest.mark.parametrize("name, players, draws", [
    ("a5-triple", ["As 2d 3c Ks", "8h 7s 6d 5c 9c"], 3),
    ("27-triple", ["2c 3d 4h 5s Kd", "7h 8s 9d"], 2),
    ("badugi", ["Ac 2d", "5c 6d 7h", "Kh Qs", "9c 9d", "3s", "Jh Js Jd"], 3),
])
def test_triple_draw_against_a_written_out_simulation(name: str, players: list[str],
                                                      draws: int) -> None:
    ids = [hr.cards(p) for p in players]
    r = hr.equity(players, game=hr.game(name, draws=draws), trials=100_000, seed=3)
    assert r.hold_rule and not r.exact and r.samples == 100_000
    n = 3000 if len(players) > 2 else 6000
    want = _simulate_triple(name, ids, draws, n, 9)
    # the simulation's own standard error dominates
    tol = 4.5 * np.sqrt(np.maximum(want * (1 - want), 0.01) / n) + 4.5 * r.stderr
    assert (np.abs(r.equity - want) < tol).all(), (r.equity, want)
    assert abs(r.equity.sum() - 1) < 1e-9


@needs_c
def test_triple_draw_options_and_errors() -> None:
    assert hr.game("badugi", draws=1) == hr.game("badugi")
    with pytest.raises(ValueError, match="1 to 3 exchanges to come, got draws=4"):
        hr.game("27-triple", draws=4)
    with pytest.raises(TypeError, match="draws must be an int"):
        hr.game("a5-triple", draws="3")
    with pytest.raises(ValueError, match="Monte Carlo equity only"):
        hr.equity(["As 2d 3c", "Kh Qh"], game=hr.game("a5-triple", draws=2), exact=True)
    # pat hands with the rule standing pat: the same as the one exchange to come
    p = ["As 2d 3c 4h 6s", "7h 5s 4d 3h 2c"]
    a = hr.equity(p, game=hr.game("a5-triple", draws=3), trials=30_000, seed=1)
    assert a.equity[0] == 1.0 and a.win[0] == 1.0


def test_fechado_reshuffle_against_the_deal_written_out() -> None:
    """Six players of fechado (40 cards, 10 left after the deal) each exchange
    three: the stub runs out and the earlier discards are shuffled and dealt
    (seed 003).  The deal written out -- each player dealt the kept cards and
    three unknown ones, the discards in seat order, the reshuffle -- gives
    the equity handrank computes from the unseen cards."""
    players = ["As Ks", "Ah Ad", "Qc Jc", "Tc 9c", "8h 8d", "7s 6s"]
    g = hr.game("fechado", players=6)
    r = hr.equity(players, game=g, exact=False, trials=200_000, seed=2)
    ids = [hr.cards(p) for p in players]
    rng = np.random.default_rng(6)
    unseen = [c for c in g.deck if c not in {x for p in ids for x in p}]
    n = 4000
    shares = np.zeros(len(players))
    reshuffles = 0
    for _ in range(n):
        cards = [int(c) for c in rng.permutation(unseen)]
        thrown = [[cards.pop() for _ in range(5 - len(p))] for p in ids]
        stub, pile, hands = cards, [], []
        assert len(stub) == 10
        for p, mine in zip(ids, thrown):
            got = []
            for _c in mine:
                if not stub:
                    stub, pile = [int(c) for c in rng.permutation(pile)], []
                    reshuffles += 1
                got.append(stub.pop())
            hands.append(p + got)
            pile += mine
        s = hr.evaluate_batch(np.array(hands, dtype=np.uint8), game=g)
        top = s == s.max()
        shares += top / top.sum()
    assert reshuffles == n
    want = shares / n
    tol = 4.5 * np.sqrt(np.maximum(want * (1 - want), 0.01) / n) + 4.5 * r.stderr
    assert (np.abs(r.equity - want) < tol).all(), (r.equity, want)


@needs_c
def test_dask_equity_of_the_boardless_games() -> None:
    hd = dask_or_skip()
    cases = [("stud", ["As Ad Kc", "Qh Qs 7d"]),
             ("stud-hilo", ["As 2d 3c", "Kh Ks 7d", "9c 9d 8h"]),
             ("razz", ["As 2d 3c", "4h 5s 7d"]), ("badugi", ["Ac 2d", "4h 5s 6c"]),
             ("fechado", ["As Ks", "Ah Ad Ac"]),
             (hr.game("27-triple", draws=3), ["2c 3d 4h 5s Kd", "7h 8s 9d"])]
    for game, players in cases:
        local = hr.equity(players, game=game, exact=False, trials=110_000, seed=4)
        dist = hd.equity(players, game=game, exact=False, trials=110_000, seed=4,
                         chunk_trials=30_000)          # rounded up to whole streams
        np.testing.assert_array_equal(dist.equity, local.equity)
        np.testing.assert_array_equal(dist.stderr, local.stderr)
        assert type(dist) is type(local) and dist.samples == 110_000
    exact = hd.equity(["As Ad Kc 7h 2s", "Qh Qs 7d 8c 9c"], game="stud")
    assert exact.exact
    np.testing.assert_array_equal(
        exact.equity, hr.equity(["As Ad Kc 7h 2s", "Qh Qs 7d 8c 9c"], game="stud").equity)
    with pytest.raises(ValueError, match="same number of cards"):
        hd.equity(["As Kd 9c", "Qh Qc Jd 3s"], game="stud")
