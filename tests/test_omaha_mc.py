"""The C core's Omaha equity (csrc/omaha_mc.c): exact enumeration against the
numpy enumeration, Monte Carlo against exact values (within 4.5 standard
errors) and against the numpy sampler, seeds independent of threads, the
alias tables exact, and the Omaha-4 preflop classes and table."""

from __future__ import annotations

import itertools
import math
import random

import numpy as np
import pytest

import handrank as hr
from handrank import omaha_preflop
from handrank.core import kernels
from handrank.core.cards import card_str, cards
from handrank.equity import hilo as _hilo_equity
from handrank.equity import omaha as oe
from handrank.games.holdem import game_tables
from handrank.ranges.omaha import OmahaRange

needs_c = pytest.mark.skipif(kernels.compiled_module() is None, reason="needs the C core")


def _text(ids: list[int]) -> str:
    return "".join(card_str(c) for c in ids)


def _numpy_exact(holes: list[list[int]], board: list[int], dead: list[int],
                 variant: object = None) -> hr.EquityResult:
    g = game_tables(variant)
    used = set(board) | set(dead) | {c for h in holes for c in h}
    deck = np.array([c for c in range(52) if c not in used and g.in_deck[c]], dtype=np.uint8)
    return oe._exact(variant, holes, np.array(board, dtype=np.uint8), deck, 5 - len(board), 1)


@needs_c
def test_c_exact_matches_the_numpy_enumeration() -> None:
    rnd = random.Random(11)
    spots = [([cards("AsAhKsKh"), cards("QdQcJdJc")], [], cards("2c"))]   # preflop, 962,598 boards
    for _ in range(14):
        n, h = rnd.randint(2, 6), rnd.choice([4, 5, 6])
        nb = rnd.choice([3, 4, 5])
        if n * h + nb + 2 > 52:
            continue
        deal = rnd.sample(range(52), n * h + nb + 2)
        holes = [deal[i * h:(i + 1) * h] for i in range(n)]
        dead = deal[n * h + nb:n * h + nb + rnd.randint(0, 2)]
        spots.append((holes, deal[n * h:n * h + nb], dead))
    for holes, board, dead in spots:
        want = _numpy_exact(holes, board, dead)
        game = {4: "omaha", 5: "omaha5", 6: "omaha6"}[len(holes[0])]
        got = hr.equity([_text(h) for h in holes], board=_text(board), dead=_text(dead),
                        game=game, exact=True)
        assert got.samples == want.samples
        for field in ("equity", "win", "tie"):
            np.testing.assert_allclose(getattr(got, field), getattr(want, field), atol=1e-13)


# short-deck Omaha (game="omaha" with variant=, its one spelling): tests/test_compat.py


def _close(got: np.ndarray, want: np.ndarray, se: np.ndarray, k: float = 4.5) -> None:
    assert np.all(np.abs(got - want) <= k * se + 1e-12), (got, want, se)


def test_monte_carlo_exact_hands_match_exact() -> None:
    hs = ["AsAhKsKh", "QdQcJdJc", "9s8s7h6h"]
    want = hr.equity(hs, board="2s 5h Td", game="omaha")
    got = hr.equity(hs, board="2s 5h Td", game="omaha", trials=300_000, seed=5)
    _close(got.equity, want.equity, got.stderr)
    # win and tie: each a proportion, standard error at most 0.5 / sqrt(n)
    _close(got.win, want.win, np.full(3, 0.5 / math.sqrt(got.samples)))
    six = ["AsAhKsKh2c3c", "QdQcJdJc4h4d"]
    want = hr.equity(six, board="2s 5h Td 9c", game="omaha6")
    got = hr.equity(six, board="2s 5h Td 9c", game="omaha6", trials=100_000, seed=6)
    _close(got.equity, want.equity, got.stderr)


def test_monte_carlo_hilo_matches_exact() -> None:
    hs = ["As2s3dKd", "Ah4hQcJc"]
    want = hr.equity(hs, board="5c 8d Kh", game="omaha-hilo")
    got = hr.equity(hs, board="5c 8d Kh", game="omaha-hilo", trials=300_000, seed=7)
    assert want.exact and not got.exact
    bound = np.full(2, 0.5 / math.sqrt(got.samples))
    _close(got.equity, want.equity, got.stderr)
    for field in ("high", "low", "scoop", "tie"):
        _close(getattr(got, field), getattr(want, field), bound)


@needs_c
def test_random_dealt_from_the_deck_is_the_uniform_range() -> None:
    # "random" is dealt from the cards left; the same player as an explicit
    # uniform range of every hand (drawn, clashes rejected) must agree.
    g = game_tables(None)
    board = np.array(cards("Ks 8h 3c 2d"), dtype=np.uint8)
    hero = np.array([cards("AsKhQd8d")], dtype=np.uint8)
    everything = OmahaRange("random").without(board.tolist())
    outs = []
    for villain in ((np.zeros((0, 4), dtype=np.uint8), None), (everything.hands, None)):
        total, done = oe.c_sample(g, False, [(hero, None), villain], board, [], 200_000,
                                  None, 9, 1, oe._high_sums, oe._stderr)
        outs.append((total[2] / done, oe._stderr(total, done)))
    (a, sa), (b, sb) = outs
    _close(a, b, np.hypot(sa, sb), 5.0)


@needs_c
def test_c_sampler_matches_the_numpy_sampler() -> None:
    texts = ["AAKKds,QQJJ:0.5", "T9**,88**:0.3"]
    c = hr.equity(texts, board="Ts 7h 2c", game="omaha", trials=200_000, seed=3)
    have_c = kernels.have_c
    kernels.have_c = lambda: False
    try:
        py = oe._range_equity(None, game_tables(None), texts, "Ts 7h 2c", "", None, 200_000,
                              None, 3, 1)
        py_hilo = _hilo_equity._range_equity(game_tables(None), ["A2**", "random"],
                                             "3c 7h Kd", "", None, 100_000, None, 3, 1, None)
    finally:
        kernels.have_c = have_c
    _close(c.equity, py.equity, np.hypot(c.stderr, py.stderr), 5.0)
    ch = hr.equity(["A2**", "random"], board="3c 7h Kd", game="omaha-hilo", trials=100_000,
                   seed=3)
    _close(ch.equity, py_hilo.equity, np.hypot(ch.stderr, py_hilo.stderr), 5.0)
    bound = np.full(2, 0.5 * math.sqrt(2 / 100_000))
    _close(ch.low, py_hilo.low, bound, 5.0)


@needs_c
@pytest.mark.parametrize("players,game", [
    (["AsKsQdJd", "random"], "omaha"),
    (["AAKKds,QQJJ:0.5", "T9**", "random"], "omaha"),
    (["A2**", "AsKsQdJd"], "omaha-hilo"),
    (["As2s3dKd", "Ah4hQcJc"], "omaha-hilo"),
])
def test_a_seed_gives_the_same_result_on_any_threads(players: list[str], game: str) -> None:
    runs = [hr.equity(players, game=game, trials=150_000, seed=21, threads=t)
            for t in (1, 2, 3)]
    for r in runs[1:]:
        assert r.equity.tobytes() == runs[0].equity.tobytes()
        assert r.stderr.tobytes() == runs[0].stderr.tobytes()


@needs_c
def test_alias_tables_are_exact() -> None:
    ffi, lib = kernels.compiled_module().ffi, kernels.compiled_module().lib
    rng = np.random.default_rng(4)
    for n in (1, 2, 7, 1000):
        w = rng.random(n) * (rng.random(n) < 0.8)
        w[0] += 0.1
        prob = np.zeros(n, dtype=np.uint64)
        alias = np.zeros(n, dtype=np.int32)
        work = np.zeros(n, dtype=np.int32)
        assert lib.hr_alias_build(ffi.from_buffer("double[]", w), n,
                                  ffi.from_buffer("uint64_t[]", prob, require_writable=True),
                                  ffi.from_buffer("int32_t[]", alias, require_writable=True),
                                  ffi.from_buffer("int32_t[]", work, require_writable=True)) == 0
        one = float(1 << 32)
        p = prob.astype(np.float64) / one
        assert np.all(p <= 1) and np.all((alias >= 0) & (alias < n))
        got = p.copy()
        np.add.at(got, alias, 1 - p)
        np.testing.assert_allclose(got / n, w / w.sum(), atol=1e-9)
        assert np.all(got[w == 0] < 1e-9 * n)
    bad = np.array([1.0, -1.0])
    assert lib.hr_alias_build(ffi.from_buffer("double[]", bad), 2,
                              ffi.from_buffer("uint64_t[]", np.zeros(2, np.uint64)),
                              ffi.from_buffer("int32_t[]", np.zeros(2, np.int32)),
                              ffi.from_buffer("int32_t[]", np.zeros(2, np.int32))) == -1


def test_rare_deals_still_refused() -> None:
    with pytest.raises(hr.InvalidRangeError, match="clash in almost every deal"):
        hr.equity(["AsAhKsKh", "As***,2c3c4c5c"], game="omaha", trials=2000, seed=1)


# ------------------------------------------------------------- the preflop classes


def test_classes_count_by_burnside() -> None:
    reps, sizes = omaha_preflop.classes()
    assert len(reps) == omaha_preflop.N_CLASSES == 16_432
    assert int(sizes.sum()) == math.comb(52, 4)
    # Burnside: the number of orbits is the mean number of hands each of the
    # 24 suit relabellings leaves fixed (counted here directly).
    hands = np.array(list(itertools.combinations(range(52), 4)), dtype=np.int64)
    fixed = 0
    for perm in itertools.permutations(range(4)):
        moved = np.sort(4 * (hands >> 2) + np.array(perm)[hands & 3], axis=1)
        fixed += int((moved == hands).all(axis=1).sum())
    assert fixed % 24 == 0 and fixed // 24 == len(reps)
    # every hand's class holds it, and a class's size is 24 / its stabiliser
    idx = omaha_preflop.class_of(hands)
    assert np.array_equal(np.bincount(idx, minlength=len(reps)), sizes)
    assert set(np.unique(24 // sizes).tolist()) <= {1, 2, 4, 6, 12, 24}


@needs_c
def test_table_is_the_same_on_one_or_many_workers() -> None:
    distributed = pytest.importorskip("distributed")
    one = omaha_preflop.compute_block(100, 6, 4000, 5)
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                       dashboard_address=":0", silence_logs=40)
    with cluster, distributed.Client(cluster) as client:
        many = omaha_preflop.compute(first=100, count=6, trials=4000, seed=5, client=client,
                                     block=2)
    assert np.array_equal(one, many)
    assert np.array_equal(one[3:], omaha_preflop.compute_block(103, 3, 4000, 5))


def test_shipped_table() -> None:
    t = omaha_preflop.load()
    assert len(t.equity) == 16_432 and t.trials >= 1
    assert float(t.stderr.max()) <= 0.5 / math.sqrt(t.trials) + 1e-9
    top, bottom = cards(t.hand(int(t.order[0]))), cards(t.hand(int(t.order[-1])))
    assert sorted(c >> 2 for c in top)[2:] == [12, 12]          # a pair of aces
    assert sorted(np.bincount(np.array(top) % 4, minlength=4).tolist()) == [0, 0, 2, 2]
    assert bottom == cards("2c2d2h2s")
    assert float(t.equity[t.order[0]]) > 0.65 > 0.15 > float(t.equity[t.order[-1]])
    assert np.all(np.diff(t.equity[t.order]) <= 0)
    assert int(t.size.sum()) == math.comb(52, 4)


@needs_c
def test_shipped_values_agree_with_equity() -> None:
    t = omaha_preflop.load()
    for i in (int(t.order[0]), 5000, int(t.order[-1])):
        r = hr.equity([t.hand(i), "random"], game="omaha", trials=100_000, seed=i)
        assert abs(r.equity[0] - t.equity[i]) <= 5 * math.hypot(r.stderr[0], t.stderr[i])


def test_percentage_ranges() -> None:
    total = math.comb(52, 4)
    r15 = OmahaRange("15%")
    assert 0.15 * total <= len(r15) < 0.15 * total + 24
    r5 = OmahaRange("5%")
    assert set(map(tuple, r5.hands.tolist())) <= set(map(tuple, r15.hands.tolist()))
    assert "AsAhKsKh" in r5 and "7c2d3h8s" not in r15
    union = OmahaRange("AA**,15%")
    assert len(union) == len(set(map(tuple, r15.hands.tolist()))
                             | set(map(tuple, OmahaRange("AA**").hands.tolist())))
    assert len(OmahaRange("100%")) == total
    with pytest.raises(hr.InvalidRangeError, match="4-card"):
        OmahaRange("15%", 5)
    with pytest.raises(hr.InvalidRangeError, match="no hand matches"):
        OmahaRange("0%")


@needs_c
def test_six_card_random_on_the_c_sampler_matches_numpy() -> None:
    # six-card "random" hands are too many to list: the any-game driver deals
    # them; its C path must agree with its numpy path
    g = hr.game("omaha6")
    players = ["AsKsQdJd9c8c", "random", "random"]
    c = hr.equity(players, board="2c 7h Td", game="omaha6", trials=150_000, seed=1)
    py = _hilo_equity.monte_carlo(_hilo_equity.table(g, players, "2c 7h Td", ""), 150_000,
                                  None, 2, 1)
    _close(c.equity, py.equity, np.hypot(c.stderr, py.stderr), 5.0)
    again = hr.equity(players, board="2c 7h Td", game="omaha6", trials=150_000, seed=1,
                      threads=2)
    assert again.equity.tobytes() == c.equity.tobytes()
