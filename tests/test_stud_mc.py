"""The C kernels of issue 18's games: badugi's colex-table batch (every
kernel against the rule-by-subsets path on every hand) and the boardless
Monte Carlo (against exact enumeration, seeds independent of threads)."""

from __future__ import annotations

import itertools
from collections.abc import Iterator

import numpy as np
import pytest

import handrank as hr
from handrank import _backend
from handrank import badugi as bd
from handrank._hilo_equity import HiLoEquityResult

C = _backend.core
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
