"""Rows 8-12 of issue 23: bounds on threads, input size, big chip counts, error types."""

from __future__ import annotations

import importlib
from typing import Any

import numpy as np
import pytest

import handrank as hr

from .fuzz_corpus import bounded

_validate: Any = importlib.import_module("handrank.core._validate")


def test_threads_capped_at_a_fixed_bound() -> None:
    assert _validate.MAX_THREADS == 256
    assert _validate.thread_count(10**5) == 256
    assert _validate.thread_count(7) == 7
    spot = (["AsKs", "QdQc"], "2h 7d")
    capped = bounded(lambda: hr.equity(*spot, threads=100_000), 60)
    assert capped.equity.tolist() == hr.equity(*spot, threads=256).equity.tolist()
    mc = bounded(lambda: hr.equity(["AKs", "QQ"], target_stderr=0.004, seed=4,
                                   threads=100_000), 60)
    assert mc.equity.tolist() == hr.equity(["AKs", "QQ"], target_stderr=0.004, seed=4,
                                           threads=256).equity.tolist()


def test_huge_card_text_refused_before_parsing() -> None:
    text = "As " * 3_500_000                          # 10.5 MB of valid cards
    for call in (lambda: hr.evaluate(text), lambda: hr.equity(["AsKs", "QQ"], board=text),
                 lambda: hr.equity(["AsKs", "QQ"], dead=text)):
        with pytest.raises(hr.InvalidHandError, match="card text too long: 10,500,000"):
            bounded(call, 1.0)
    # text of an ordinary size keeps its message
    with pytest.raises(hr.InvalidHandError, match="expected 5 to 7 cards, got 8"):
        hr.evaluate("As Kd Qh Jc Ts 9s 8s 7s")


def test_settle_with_chip_counts_past_the_int_to_str_limit() -> None:
    big = 10**5000
    s = hr.settle("As Kd 7h 2c 3d", ["Qs Qh", "Js Jh"], [big, big + 1])
    assert s.payouts == [2 * big, 1]
    assert "an int of 5001 digits" in str(s)
    assert "an int of 5001 digits" in repr(s)
    small = hr.settle("As Kd 7h 2c 3d", ["Qs Qh", "Js Jh"], [10, 11])
    assert repr(small).startswith("Settlement(payouts=[20, 1], pots=(Pot(amount=20,")


def test_too_large_analysis_is_a_value_error() -> None:
    for call in (lambda: hr.equity_matrix("random", "random"),
                 lambda: hr.range_equity("random", "random")):
        with pytest.raises(ValueError, match="too large") as e:
            call()
        assert isinstance(e.value, hr.HandrankError)


def test_plot_with_a_bad_path_is_a_type_error() -> None:
    pytest.importorskip("matplotlib")
    r = hr.Range("QQ+,AKs")
    for obj in (r, hr.analyze("QQ+", board="2c 7d 9h"),
                hr.range_equity("QQ+", "AKs", board="2c 7d 9h")):
        with pytest.raises(TypeError, match="path must be .* got int"):
            obj.plot(5)


def test_selftest_refuses_bad_arguments() -> None:
    core = importlib.import_module("handrank.core.kernels").compiled_module()
    if core is None:
        pytest.skip("needs the C core")
    ffi, lib = core.ffi, core.lib
    game = lib.hr_game_at(0)
    hist = np.zeros(7463, np.uint64)
    buf = ffi.from_buffer("uint64_t[]", hist, require_writable=True)
    for k, start, stride in ((7, -1, 52), (7, -(2**31), 1), (7, 0, 0), (5, 0, 1)):
        assert lib.hr_selftest(game, k, start, stride, buf) == -1
    assert lib.hr_selftest(game, 7, 52, 2**31 - 1, buf) == 0
    assert lib.hr_selftest(game, 7, 45, 2**31 - 1, buf) == 0   # one hand, no overflow
    assert int(hist.sum()) == 1


def test_python_backend_samples_omaha_preflop(monkeypatch: pytest.MonkeyPatch) -> None:
    """exact=None: Omaha and Omaha hi-lo preflop sample on the Python backend (as hold'em).

    The choice alone is checked (the runs are stubbed): the numpy enumeration
    took 87 s and 155 s there.
    """
    omaha: Any = importlib.import_module("handrank.equity.omaha")
    hilo: Any = importlib.import_module("handrank.equity.hilo")
    monkeypatch.setattr(importlib.import_module("handrank.core.kernels"), "_C", None)

    class Ran(Exception):
        pass

    def run(kind: str) -> Any:
        def stub(*a: Any, **k: Any) -> Any:
            raise Ran(kind)
        return stub

    kernels: Any = importlib.import_module("handrank.core.kernels")
    monkeypatch.setattr(kernels, "omaha_hands_mc", run("monte carlo"))   # the door's jobs
    monkeypatch.setattr(hilo, "_monte_carlo", run("monte carlo"))
    monkeypatch.setattr(kernels, "omaha_exact", run("exact"))
    hands = ["AsKsQhJh", "9c9d8c8d"]
    for game, board, kind in (("omaha", "", "monte carlo"), ("omaha-hilo", "", "monte carlo"),
                              ("omaha", "2c 3d 4h", "exact")):
        with pytest.raises(Ran, match=kind):
            hr.equity(hands, board=board, game=game)
    assert omaha.python_too_slow(2 * 1_086_008, 4)
    assert not omaha.python_too_slow(2 * 990, 4)
