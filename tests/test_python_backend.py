"""Without a compiler, no surprise: the pure-Python backend runs every equity call.

Each test runs a script in a subprocess with ``HANDRANK_BACKEND=python``, as a
user without a C compiler gets the package, and compares with exact answers
from the C core (itself checked against a brute force in test_equity.py).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from typing import Any

import numpy as np
import pytest

import handrank as hr

needs_c = pytest.mark.skipif(hr.backend != "c", reason="needs the C core as the oracle")

# (players, board, dead, keyword arguments): preflop hands and ranges, weighted
# ranges beside a random player, several random players, dead cards, a variant.
SPOTS: list[tuple[list[str], str, str, dict[str, Any]]] = [
    (["AsKs", "QdQc"], "", "", {}),
    (["QQ+,AKs", "AsKs"], "", "", {}),
    (["AhAd", "random", "random"], "Qh7c2d", "", {}),
    (["AA:0.5,KK,AKs", "QQ-TT", "random"], "2c7d9h", "", {}),
    (["AsKs", "QdQc"], "2c7d9hKd", "3s", {}),
    (["AsKs", "QdQc"], "6c7d8h", "", {"game": "shortdeck"}),
    (["As Ks Qd Jd", "7c 7h 2c 2h", "9s 8s 6d 5d"], "Ah Kh 7d", "", {"game": "omaha"}),
]
TRIALS = 100_000


def _python(script: str) -> Any:
    env = dict(os.environ, HANDRANK_BACKEND="python")
    r = subprocess.run([sys.executable, "-c", textwrap.dedent(script)], check=False, env=env,
                       capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stderr[-3000:]
    return json.loads(r.stdout)


@pytest.fixture(scope="module")
def monte_carlo() -> Any:
    """Every spot by Monte Carlo on the Python backend: twice with one seed (all
    threads, one thread), once with another seed."""
    return _python(f"""
        import json
        import handrank as hr
        assert hr.backend == "python"
        spots = {SPOTS!r}
        def fields(r):
            return {{"equity": r.equity.tolist(), "win": r.win.tolist(), "tie": r.tie.tolist(),
                     "stderr": r.stderr.tolist(), "exact": r.exact, "samples": r.samples}}
        out = []
        for players, board, dead, kw in spots:
            runs = [hr.equity(players, board, dead, trials={TRIALS}, seed=s, threads=t, **kw)
                    for s, t in ((11, None), (11, 1), (12, None))]
            out.append([fields(r) for r in runs])
        print(json.dumps(out))
    """)


@needs_c
@pytest.mark.xdist_group("python_backend_monte_carlo")  # one worker runs the fixture
@pytest.mark.parametrize("i", range(len(SPOTS)))
def test_monte_carlo_within_four_stderr_of_exact(monte_carlo: Any, i: int) -> None:
    players, board, dead, kw = SPOTS[i]
    exact = hr.equity(players, board, dead, exact=True, **kw)
    r = monte_carlo[i][0]
    assert r["exact"] is False and r["samples"] == TRIALS
    eq, se = np.array(r["equity"]), np.array(r["stderr"])
    assert np.all(se > 0) and np.all(se < 0.01)
    assert np.all(np.abs(eq - exact.equity) <= 4 * se), (eq, exact.equity, se)
    assert np.array(r["win"]) + np.array(r["tie"]) == pytest.approx(
        exact.win + exact.tie, abs=6 * se.max() + 1e-3)
    assert sum(r["equity"]) == pytest.approx(1.0, abs=1e-12)


@pytest.mark.xdist_group("python_backend_monte_carlo")  # one worker runs the fixture
@pytest.mark.parametrize("i", range(len(SPOTS)))
def test_monte_carlo_same_seed_same_result(monte_carlo: Any, i: int) -> None:
    first, same, other = monte_carlo[i]
    assert first == same
    assert first["equity"] != other["equity"]


def test_every_call_runs_and_never_refuses() -> None:
    """Issue 14 row 9: ['random', 'random'] used to advise exact=False, which then
    said Monte Carlo needs the C core.  Now every method answers."""
    out = _python("""
        import importlib, json
        import handrank as hr
        E = importlib.import_module("handrank.equity")
        def fields(r):
            return {"equity": r.equity.tolist(), "exact": r.exact, "samples": r.samples,
                    "stderr": r.stderr.tolist()}
        out = {"random": fields(hr.equity(["random", "random"], seed=1)),
               "target": fields(hr.equity(["AsKs", "QdQc"], target_stderr=0.004, seed=2)),
               "exact_small": fields(hr.equity(["AsKs", "QdQc"], board="Qh7c2d"))}
        # Above the Python enumeration limit: exact=None picks Monte Carlo, exact=True
        # still enumerates (slower), exact=False and trials= run Monte Carlo.
        E.PYTHON_EXACT_LIMIT = 1000
        out["auto_large"] = fields(hr.equity(["AsKs", "QdQc"], board="Qh7c2d", seed=3))
        out["forced_exact"] = fields(hr.equity(["AsKs", "QdQc"], board="Qh7c2d", exact=True))
        out["forced_mc"] = fields(hr.equity(["AsKs", "QdQc"], board="Qh7c2d", exact=False,
                                            seed=4))
        print(json.dumps(out))
    """)
    r = out["random"]
    assert r["exact"] is False and r["samples"] == 1_000_000
    assert np.all(np.abs(np.array(r["equity"]) - 0.5) <= 4 * np.array(r["stderr"]))
    t = out["target"]
    assert not t["exact"] and max(t["stderr"]) < 0.004
    assert out["exact_small"]["exact"] and out["forced_exact"]["exact"]
    assert out["forced_exact"]["equity"] == pytest.approx(out["exact_small"]["equity"],
                                                           abs=1e-12)
    for key in ("auto_large", "forced_mc"):
        m = out[key]
        assert m["exact"] is False and m["samples"] == 1_000_000
        diff = np.abs(np.array(m["equity"]) - out["exact_small"]["equity"])
        assert np.all(diff <= 4 * np.array(m["stderr"]))
    if hr.backend == "c":
        c = hr.equity(["AsKs", "QdQc"], board="Qh7c2d")
        assert out["exact_small"]["equity"] == pytest.approx(c.equity.tolist(), abs=1e-12)


def test_preflop_exact_on_python_equals_c() -> None:
    out = _python("""
        import json
        import handrank as hr
        r = hr.equity(["AsKs", "QdQc"])
        print(json.dumps({"equity": r.equity.tolist(), "exact": r.exact,
                          "samples": r.samples}))
    """)
    assert out["exact"] and out["samples"] == 1_712_304
    assert out["equity"] == pytest.approx([0.462145, 0.537855], abs=5e-7)
    if hr.backend == "c":
        assert out["equity"] == pytest.approx(hr.equity(["AsKs", "QdQc"]).equity.tolist(),
                                              abs=1e-12)


def test_always_clash_is_the_same_error() -> None:
    out = _python("""
        import json
        import handrank as hr
        try:
            hr.equity(["AA", "AA", "AA"], trials=1000)
        except Exception as exc:
            print(json.dumps([type(exc).__name__, str(exc)]))
    """)
    assert out == ["InvalidRangeError", "the players' ranges always clash: no deal is possible"]
    with pytest.raises(hr.HandrankError) as err:
        hr.equity(["AA", "AA", "AA"], trials=1000)
    assert [type(err.value).__name__, str(err.value)] == out
