"""Exact equity of hand lists in C (csrc/omaha_exact.c): equity_matrix, range_equity,
exact equity with ranges and exact hands of the two-half games.

Three oracles: the numpy code the C core replaced (still the Python
backend's; bit for bit heads-up), a brute force over handrank.reference on
small spots, and hr.equity of each pair of exact hands.
"""

from __future__ import annotations

import itertools
import math
from functools import cache

import numpy as np
import pytest

import handrank as hr
from handrank import reference
from handrank.core import kernels
from handrank.core.cards import cards
from handrank.core.errors import InvalidRangeError
from handrank.equity import _exact_tally
from handrank.equity import hilo as H

needs_c = pytest.mark.skipif(kernels.compiled_module() is None, reason="C extension not built")
KEYS = ("equity", "win", "tie", "high", "low", "has_low", "dealt")


def _numpy(fn, *args, **kw):
    """fn on the numpy code path (the C enumerators and samplers switched off for the call)."""
    have_c = kernels.have_c
    kernels.have_c = lambda: False
    try:
        return fn(*args, **kw)
    finally:
        kernels.have_c = have_c


SPOTS = [   # game, player 0, player 1, board, dead
    ("omaha", "AsKs**", "QQJJ", "Qh 7d 2c Ts", ""),
    ("omaha", "AhAdK*,KK9*:0.5", "QQJJ", "Qh 7d 2c", "3c 4c"),
    ("omaha", "AKQJ", "T98*", "Ah 9d 2c Ts Js", ""),
    ("omaha-hilo", "A2K*", "KKQQ", "7c 8d 9h Ts", ""),
    ("omaha-hilo", "AAKKds", "A3Q*", "2c 5d Kh", ""),
    ("omaha-hilo", "As2s**", "3c4c**", "6h 7d 8h 2d 3h", "Kc"),
    ("omaha5", "AsKsQs**", "JJTT*", "Ts 9d 2c 4h", ""),
    ("omaha5-hilo", "As2sK**", "KdKc8h7*", "3c 4h Qd Jc", ""),
    ("holdem-hilo", "A2,A3,A4s", "KK,QQ,76s", "5c 8d 9h", ""),
    ("holdem-hilo", "A2:0.5,KQ", "random", "4c 5d 9h Kh", "2c"),
]


@needs_c
@pytest.mark.parametrize("game, a, b, board, dead", SPOTS)
def test_pairs_bit_for_bit_against_numpy(game, a, b, board, dead):
    t = H.table(hr.game(game), [a, b], board, dead, listed=True)
    new = H.exact_pairs(t)
    old = _numpy(H.exact_pairs, t)
    for k in KEYS:
        np.testing.assert_array_equal(new[k], old[k], err_msg=k)
    assert new["dealt"].any() and not new["dealt"].all() or "random" not in b
    for threads in (2,):
        again = H.exact_pairs(t, threads)
        for k in KEYS:
            np.testing.assert_array_equal(again[k], new[k], err_msg=k)


@needs_c
@pytest.mark.parametrize("game", ["omaha", "omaha5", "omaha6", "omaha-hilo", "omaha5-hilo"])
def test_runout_strengths_match_the_evaluators(game):
    g = hr.game(game)
    k = g.hole_cards
    lines = {4: "AsKs**", 5: "AsKs***", 6: "AsKsQs***"}
    t = H.table(g, [lines[k], "random"], "2c 7d", "", listed=(0,))
    hands = t.hands[0][:300]
    runs = H._runouts(t)[::17]
    want = H.runout_strengths(t, hands, runs)
    kernel = _exact_tally.omaha_kernel(g)
    assert kernel is not None
    got = _exact_tally.omaha_strengths(kernel, hands, t.board, runs)
    np.testing.assert_array_equal(got, want)


@cache
def _ref_hand(hole: tuple[int, ...], board: tuple[int, ...], hilo: bool) -> tuple:
    combos = [list(h) + list(b) for h in itertools.combinations(hole, 2)
              for b in itertools.combinations(board, 3)]
    high = max(reference.hand_key(c) for c in combos)
    low = max(reference.low_evaluate(c, rule="a5", qualifier=8) for c in combos) if hilo else 0
    return high, low


def _ref_share(h0, h1, board, hilo):
    (a, al), (b, bl) = _ref_hand(h0, board, hilo), _ref_hand(h1, board, hilo)
    high = 1.0 if a > b else 0.5 if a == b else 0.0
    if al or bl:
        low = 1.0 if al > bl else 0.5 if al == bl else 0.0
        return (high + low) / 2
    return high


@pytest.mark.parametrize("game, a, b, board", [
    ("omaha", "AsKs**", "QdQcJ*", "Qs 7h 2c 9d"),
    ("omaha-hilo", "As2s**", "KdKcQ*", "3c 4h 8d Td"),
])
def test_matrix_against_reference_brute_force(game, a, b, board):
    m = hr.equity_matrix(a, b, board=board, game=game)
    bd = cards(board)
    rng = np.random.default_rng(5)
    cells = np.argwhere(np.isfinite(m.equity))
    assert len(cells) > 100
    for i, j in cells[rng.choice(len(cells), 12, replace=False)]:
        h0, h1 = tuple(int(c) for c in m.rows[i]), tuple(int(c) for c in m.cols[j])
        used = set(bd) | set(h0) | set(h1)
        shares = [_ref_share(h0, h1, tuple(bd) + (c,), game.endswith("hilo"))
                  for c in range(52) if c not in used]
        assert m.equity[i, j] == pytest.approx(sum(shares) / len(shares), abs=1e-12)


@needs_c
def test_matrix_cells_equal_exact_hand_equity():
    m = hr.equity_matrix("AsKs**", "QdQc**", board="Qs 7h 2c", game="omaha")
    cells = np.argwhere(np.isfinite(m.equity))
    for i, j in cells[:: max(1, len(cells) // 6)]:
        r = hr.equity([hr.cards_str(m.rows[i]), hr.cards_str(m.cols[j])], board="Qs 7h 2c",
                      game="omaha", exact=True)
        assert m.equity[i, j] == r.equity[0]


@needs_c
@pytest.mark.parametrize("game, players, board", [
    ("omaha", ["AsKsQ*", "QdQcJ*", "JhTh9h*"], "Kh 7d 2c Ts 3d"),
    ("omaha-hilo", ["As2sQ*", "KdKcQ*", "7h6h5h*"], "3c 4d 8s 9h Jd"),
    ("holdem-hilo", ["A2,A3", "KK,QQ", "76s:0.5"], "4c 5d 9h"),
    ("omaha5", ["AsKsQsJs*", "QdQcJcTc*", "JhTh9h8c*"], "Kh 7d 2c 3s 4s"),
])
def test_three_way_ranges_against_numpy(game, players, board):
    t = H.table(hr.game(game), players, board, "", listed=True)
    new = H.exact_equity(t)
    old = _numpy(H.exact_equity, t)
    assert new.samples == old.samples
    for k in ("equity", "win", "tie") + (("high", "low", "scoop") if game.endswith("hilo")
                                         else ()):
        np.testing.assert_allclose(getattr(new, k), getattr(old, k), rtol=0, atol=1e-12)
    assert abs(new.equity.sum() - 1) < 1e-12
    np.testing.assert_array_equal(H.exact_equity(t, 2).equity, new.equity)


@needs_c
@pytest.mark.parametrize("game, players, board, dead", [
    ("omaha-hilo", ["As2sKdQd", "Ah3hJcTc"], "4c 5d Kh", ""),
    ("omaha-hilo", ["As2sKdQd", "Ah3hJcTc"], "4c 5d", "9s"),
    ("omaha5-hilo", ["As2sKdQd9c", "Ah3hJcTc8h"], "4c 5d Kh", ""),
    ("holdem-hilo", ["As2s", "Ah3h"], "4c 5d", "Kd"),
    ("omaha-hilo", ["As2sKdQd", "Ah3hJcTc", "7c8c9dTd"], "4c 5d 6h", ""),
    ("holdem-hilo", ["As2s", "Ah3h", "KdKc"], "7c", ""),
])
def test_two_half_exact_hands_against_numpy(game, players, board, dead):
    new = hr.equity(players, board, dead, game=game, exact=True)
    old = _numpy(hr.equity, players, board, dead, game=game, exact=True)
    assert new.exact and new.samples == old.samples
    for k in ("equity", "win", "tie", "high", "low", "scoop"):
        if len(players) == 2:
            np.testing.assert_array_equal(getattr(new, k), getattr(old, k), err_msg=k)
        else:
            np.testing.assert_allclose(getattr(new, k), getattr(old, k), rtol=0, atol=1e-14)


@needs_c
def test_too_large_is_a_clear_error():
    with pytest.raises(InvalidRangeError, match="equity_matrix too large for omaha: .* hands "
                       "on .* runouts"):
        hr.equity_matrix("A***", "K***", game="omaha")


@needs_c
def test_range_equity_and_overall_from_the_c_pairs():
    r = hr.range_equity("A2**", "KKQQ", board="7c 8d 9h Ts", game="omaha-hilo")
    e = hr.equity(["A2**", "KKQQ"], board="7c 8d 9h Ts", game="omaha-hilo", exact=True)
    assert r.overall == e.equity[0]
    assert np.isfinite(r.equity).all() and r.high is not None


@needs_c
@pytest.mark.parametrize("game, board", [("omaha", "Kh 7d 2s Ts"), ("omaha-hilo", "Kh 7d 8s Ts"),
                                         ("omaha", "Kh 7d 2s")])
def test_colliding_ranges_enumerated_instead_of_refused(game, board):
    # one hand in 1,100 of player 1's range fits beside player 2's: the
    # sampler stops, the compatible tuples are few enough to enumerate
    players = ["AsKs**,2c2d3c3d", "AsQh**"]
    r = hr.equity(players, board, game=game, trials=2_000, seed=1)
    assert r.exact
    if len(cards(board)) == 3:      # the pairs' matrix would be too large here
        want = r
    else:
        t = H.table(hr.game(game), players, board, "", listed=True)
        want = H.exact_equity(t)
    np.testing.assert_allclose(r.equity, want.equity, rtol=0, atol=1e-12)
    if game.endswith("hilo"):
        np.testing.assert_allclose(r.high, want.high, rtol=0, atol=1e-12)
        np.testing.assert_allclose(r.low, want.low, rtol=0, atol=1e-12)
    # the brute force of the one compatible hand of player 1 against player 2's range
    ex = hr.equity(["2c2d3c3d", "AsQh**"], board, game=game, trials=50_000, seed=1)
    assert abs(ex.equity[0] - r.equity[0]) <= 4 * ex.stderr[0] + 1e-9


@needs_c
def test_impossible_deals_still_refused_with_the_same_message():
    with pytest.raises(InvalidRangeError, match="no deal found in .* draws: the ranges "
                       "collide"):
        hr.equity(["AsAhKsKh", "AsAd**"], game="omaha-hilo", trials=1000, seed=1)
    with pytest.raises(InvalidRangeError, match="clash in almost every deal"):
        hr.equity(["AsKs****,2c2d3c3d4c4d", "As*****"], "Qh 7d 8s Ts 9c", game="omaha6",
                  trials=2_000, seed=1)


@needs_c
@pytest.mark.parametrize("game", ["omaha", "omaha-hilo"])
def test_colliding_ranges_enumerated_on_the_python_backend_too(game):
    players, board = ["AsKs**,2c2d3c3d", "As***"], "Qh 7d 8s Ts"
    c = hr.equity(players, board, game=game, trials=2_000, seed=1)
    p = _numpy(hr.equity, players, board, game=game, trials=2_000, seed=1)
    assert c.exact and p.exact and c.samples == p.samples
    for k in ("equity", "win", "tie") + (("high", "low") if game.endswith("hilo") else ()):
        np.testing.assert_allclose(getattr(p, k), getattr(c, k), rtol=0, atol=1e-12)


def _tuple_loop(t):
    """exact_equity of three or more players as the Python backend computed it
    before it was vectorised: a Python loop over every tuple of all players but
    the last (the reference of the numpy version's counts and sums)."""
    from handrank.equity.omaha import pot_shares

    n, hands = t.n, t.hands
    fixed = [h[0] for h in hands if len(h) == 1]
    runs = H._runouts(t, np.concatenate(fixed) if fixed else None)
    s = [H.runout_strengths(t, h, runs) for h in hands]
    masks = [H.masks(h) for h in hands]
    sums, total_w, deals = np.zeros((5, n)), 0.0, 0
    weights = [H.weights_of(t, p) for p in range(n)]
    for idx in itertools.product(*[range(len(h)) for h in hands[:-1]]):
        m, clash = np.uint64(0), False
        for p, i in enumerate(idx):
            clash = clash or bool(masks[p][i] & m)
            m |= masks[p][i]
        if clash:
            continue
        w = math.prod(float(weights[p][i]) for p, i in enumerate(idx))
        keep = (masks[-1] & m) == 0
        if not keep.any() or w == 0:
            continue
        last = s[-1][:, keep, :]
        st = np.stack([np.broadcast_to(s[p][:, i, None, :], last.shape)
                       for p, i in enumerate(idx)] + [last])
        ok = np.asarray((st[..., 0] > 0).all(axis=0))
        share, hi, lo = pot_shares(st, ok)
        lw = w * weights[-1][keep] / np.maximum(ok.sum(axis=0), 1)
        for k, x in enumerate((share.sum(axis=1), ((share == 1) & ok).sum(axis=1),
                               ((share > 0) & (share < 1) & ok).sum(axis=1),
                               hi.sum(axis=1), lo.sum(axis=1))):
            sums[k] += (x * lw).sum(axis=1)
        total_w += float((w * weights[-1][keep]).sum())
        deals += int(ok.sum())
    return sums / total_w, deals


TUPLE_SPOTS = [   # game, players, board
    ("omaha", ["AsKsQ*", "QdQcJ*", "JhTh9h*"], "Kh 7d 2c Ts 3d"),
    ("omaha-hilo", ["As2sQ*", "KdKcQ*", "7h6h5h*"], "3c 4d 8s 9h Jd"),
    ("omaha-hilo", ["As2sQd*:0.3,KsKdQhJh", "AhAdJc*", "7h6h5h4s", "9c9dTd*"],
     "3c 4d 8s Kc"),
    ("omaha5", ["AsKsQsJs*", "QdQcJcTc*", "JhTh9h8c*"], "Kh 7d 2c 3s 4s"),
    ("holdem-hilo", ["A2,A3", "KK,QQ", "76s:0.5"], "4c 5d 9h"),
    ("holdem", ["AK,AQ", "KK,QQ:0.7", "76s,JTs"], "4c 5d 9h"),
]


@pytest.mark.parametrize("game, players, board", TUPLE_SPOTS)
@pytest.mark.parametrize("zero", [False, True])
def test_python_tuples_as_arrays_against_the_loop_and_c(game, players, board, zero,
                                                        monkeypatch):
    """Three or more players on the Python backend: every tuple that fits built
    as arrays (no loop per tuple) counts the same deals as the loop over tuples
    did and sums the same within 1e-13 (float sums in another order), and agrees
    with the C core within 1e-12; also with player 0's hands taken one at a
    time, and with weights of 0 (a tuple left out, or only weighing nothing)."""
    t = H.table(hr.game(game), players, board, "", listed=True)
    if zero:
        for p in (0, t.n - 1):
            w = H.weights_of(t, p).copy()
            w[::3] = 0.0
            t.weights[p] = w
    new = _numpy(H.exact_equity, t)
    sums, deals = _numpy(_tuple_loop, t)
    assert new.samples == deals
    keys = ("equity", "win", "tie") + (("high", "low") if t.g.split else ())
    for k, want in zip(keys, sums):
        np.testing.assert_allclose(getattr(new, k), want, rtol=0, atol=1e-13, err_msg=k)
    monkeypatch.setattr(H, "NUMPY_TUPLE_CELLS", 1)               # player 0's hands one by one
    monkeypatch.setattr(H, "NUMPY_BLOCK", 1000)
    one = _numpy(H.exact_equity, t)
    monkeypatch.undo()
    assert one.samples == deals
    for k in keys:
        np.testing.assert_allclose(getattr(one, k), getattr(new, k), rtol=0, atol=1e-13)
    if kernels.compiled_module() is not None:
        c = H.exact_equity(t)
        # the C core leaves out every tuple with a weight of 0 from the deals it
        # counts; the Python backend (as before) only those whose hands but the last do
        assert c.samples == new.samples or zero
        for k in keys:
            np.testing.assert_allclose(getattr(c, k), getattr(new, k), rtol=0, atol=1e-12)
