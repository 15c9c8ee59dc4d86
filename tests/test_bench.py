"""Tests of the benchmark harness (handrank.bench); no timing asserts."""

from __future__ import annotations

import numpy as np
import pytest

import handrank as hr
from handrank import bench

ROYAL = "As Ks Qs Js Ts"
BOTTOM = "7c 5d 4h 3s 2c"


def _ids(text: str) -> np.ndarray:
    return np.array([hr.cards(text)], dtype=np.uint8)


def _installed() -> list[str]:
    names = []
    for name, make in bench.PEERS.items():
        try:
            make()
        except Exception:  # noqa: BLE001 - not installed or broken: not tested here
            continue
        names.append(name)
    return names


@pytest.mark.parametrize("name", ["handrank", *bench.PEERS])
@pytest.mark.parametrize("k", [5, 7])
def test_adapter_maps_cards(name: str, k: int) -> None:
    if name == "handrank":
        lib = bench._handrank()
    else:
        module = {"pokerfast-omp": "pokerfast"}.get(name, name)
        pytest.importorskip(module)
        try:
            lib = bench.PEERS[name]()
        except ImportError as exc:
            pytest.skip(str(exc))
    extra = " 9d 8h" if k == 7 else ""
    top = ROYAL + extra.replace("9d", "2d")          # still a royal flush
    bottom = "7c 5d 4h 3s 2c" if k == 5 else "9c 8d 6h 4s 3c 2d 7h"
    second = "Ks Qs Js Ts 9s" + extra.replace("9d", "2d").replace("8h", "3h")
    hands = np.vstack([_ids(top), _ids(bottom), _ids(second)])
    keys = lib.keys(lib.evaluate_many(lib.convert(hands)))
    assert keys[0] > keys[2] > keys[1]
    ref = hr.evaluate_batch(hands)
    assert bench.check_order(hands, ref, keys)[0] == 0
    if lib.one_native is not None:
        values = [lib.one_native(h)() for h in hands[:, :7]] if k == 7 else None
        if values is not None:
            assert bench.check_order(hands, ref, lib.keys(values))[0] == 0
    if lib.one_text is not None and k == 7:
        values = [lib.one_text(bench.hand_text(h))() for h in hands]
        assert bench.check_order(hands, ref, lib.keys(values))[0] == 0


def test_random_hands_are_hands() -> None:
    a = bench.random_hands(20_000, 7, seed=5)
    assert a.dtype == np.uint8 and a.shape == (20_000, 7) and a.max() < 52
    assert (np.diff(np.sort(a, axis=1), axis=1) > 0).all()
    assert np.array_equal(a, bench.random_hands(20_000, 7, seed=5))
    # every card turns up about equally often
    counts = np.bincount(a.ravel(), minlength=52)
    assert counts.min() > 0.8 * counts.mean()


def test_check_catches_a_wrong_adapter() -> None:
    hands = bench.random_hands(5_000, 7, seed=1)
    ref = hr.evaluate_batch(hands)
    # A wrong adapter: reads suits as ranks (id = 13 * suit + rank instead of 4 * rank + suit).
    wrong = bench.Adapter(
        name="wrong", version="0",
        convert=lambda a: ((a % 4) * 13 + a // 4).astype(np.uint8),
        evaluate_many=hr.evaluate_batch)
    keys = wrong.keys(wrong.evaluate_many(wrong.convert(hands)))
    bad, notes = bench.check_order(hands, ref, keys)
    assert bad > 0 and notes
    assert "handrank: [" in notes[0]
    # an order-preserving rescaling (treys style) is not a disagreement
    assert bench.check_order(hands, ref, -(7463 - ref.astype(np.int64)) * 3)[0] == 0
    # merged ties and split ties are both caught
    assert bench.check_order(hands, ref, ref // 2)[0] > 0
    assert bench.check_order(hands, ref, ref * 10 + np.arange(len(ref)) % 2)[0] > 0


def test_wrong_adapter_reported_in_a_run(capsys: pytest.CaptureFixture[str]) -> None:
    base = bench._handrank()
    wrong = bench.Adapter(name="wrong", version="0", convert=lambda a: a,
                          evaluate_many=lambda a: hr.evaluate_batch(51 - a, threads=1))
    suite = bench.Suite("tiny", repeats=1, bulk=2_000, single=20, single_loops=1)
    data = bench.run_suite(suite, [base, wrong], progress=False)
    rows = {(r["workload"], r["library"]): r for r in data["results"]}
    assert "DISAGREE" in rows["random 7-card hands", "wrong"]["check"]
    assert data["disagreements"]
    assert "DISAGREEMENTS" in bench.render_table(data)


def test_tiny_run_json_round_trip_and_table(tmp_path) -> None:
    names = [n for n in ("eval7", "phevaluator") if n in _installed()]
    libs, _ = bench.adapters(names)
    suite = bench.Suite("tiny", repeats=2, bulk=3_000, single=30, single_loops=1)
    data = bench.run_suite(suite, libs, progress=False)
    assert not data["disagreements"]
    assert all(r["check"] for r in data["results"])
    path = tmp_path / "out.json"
    bench.save_json(data, str(path))
    assert bench.load_json(str(path)) == data
    table = bench.render_table(data)
    assert "handrank backend:" in table and "random 7-card hands" in table
    for r in data["results"]:
        assert r["min"] <= r["median"] <= r["max"]


def test_cli_quick_run(tmp_path, capsys: pytest.CaptureFixture[str]) -> None:
    from handrank.cli import _bench as _cli_bench

    out = tmp_path / "r.json"
    args = ["--quick", "--repeats", "1", "--no-progress", "--libs", "phevaluator",
            "--json", str(out)]
    orig = bench.Suite.preset
    try:
        bench.Suite.preset = classmethod(  # type: ignore[method-assign]
            lambda cls, name: cls("tiny", repeats=1, bulk=2_000, single=20, single_loops=1))
        assert _cli_bench.main(args) == 0
    finally:
        bench.Suite.preset = orig  # type: ignore[method-assign]
    printed = capsys.readouterr().out
    assert "hr speed-up" in printed
    assert bench.load_json(str(out))["suite"]["name"] == "tiny"


def test_cli_rejects_unknown_library(capsys: pytest.CaptureFixture[str]) -> None:
    from handrank.cli import _bench as _cli_bench

    assert _cli_bench.main(["--libs", "nosuch"]) == 2
    assert "unknown library 'nosuch'" in capsys.readouterr().err


def test_plot(tmp_path) -> None:
    pytest.importorskip("matplotlib")
    data = {"machine": {"cpu": "x"}, "date": "2026-01-01",
            "results": [{"workload": "w", "library": "handrank", "unit": "hands/s",
                         "median": 1e8, "extrapolated": False},
                        {"workload": "w", "library": "p", "unit": "hands/s",
                         "median": 1e5, "extrapolated": True}]}
    path = tmp_path / "p.png"
    bench.save_plot(data, str(path))
    assert path.stat().st_size > 1000
