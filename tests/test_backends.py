"""The whole API on the pure-Python backend (HANDRANK_BACKEND=python, in a
subprocess, as a user without a compiler gets it) gives the C results."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap

import pytest

import handrank as hr

SCRIPT = textwrap.dedent("""
    import json
    import numpy as np
    import handrank as hr
    rng = np.random.default_rng(3)
    keys = rng.random((400, 52))
    deals = np.argpartition(keys, 17, axis=1)[:, :17].astype(np.uint8)
    sd = hr.games.variants.variant("shortdeck")
    sd_deals = (np.argpartition(keys[:, :36], 7, axis=1)[:, :7] + 16).astype(np.uint8)
    out = {
        "backend": hr.backend,
        "batch7": hr.evaluate_batch(deals[:, :7]).tolist(),
        "scalar": [hr.evaluate(r.tolist()) for r in deals[:50, :6]],
        "shortdeck": sd.evaluate_batch(sd_deals).tolist(),
        "stripped": hr.games.variants.variant("stripped", lowest="7",
                                              kickers=False).evaluate_batch(
            sd_deals[np.all(sd_deals >= 20, axis=1)][:, :5]).tolist(),
        "omaha4": hr.games.omaha.evaluate_omaha_batch(deals[:, :4], deals[:, 4:9]).tolist(),
        "omaha6": hr.games.omaha.evaluate_omaha_batch(deals[:, :6], deals[:, 6:11]).tolist(),
        "showdown": hr.showdown_batch(deals[:, :5], deals[:, 5:17].reshape(-1, 6, 2)).tolist(),
        "equity": hr.equity(["AsKs", "QdQc", "JhTh"], board="Qh7c2d8s").equity.tolist(),
        "settle": hr.settle(board="A♣ K♥ Q♦ 5♠ 5♣", hands=["Q♠ Q♣", "A♦ 5♥", "K♦ K♣", None],
                            contributions=[300, 300, 100, 50],
                            folded=[False, False, False, True], button=3).payouts,
        "best_five": hr.best_five("Kh 3c Ks 6d 7c 9h 2s"),
        "range_equity": hr.range_equity("JJ+,AK", "QQ+,AQs:0.5", board="Qh7c2d").equity.tolist(),
        "matrix": np.nan_to_num(hr.equity_matrix("AA,KQs", "QQ,AK", board="Qh7c2d8s").equity,
                                nan=-1.0).tolist(),
        "analyze": hr.analyze("random", board="Qh7c2d").counts,
    }
    print(json.dumps(out))
""")


def _run(backend: str) -> dict:
    env = dict(os.environ, HANDRANK_BACKEND=backend)
    r = subprocess.run([sys.executable, "-c", SCRIPT], env=env, capture_output=True, text=True,
                       timeout=600)
    assert r.returncode == 0, r.stderr[-3000:]
    return json.loads(r.stdout)


def test_python_backend_gives_the_c_results():
    if hr.backend != "c":
        pytest.skip("C extension not built")
    c, py = _run("c"), _run("python")
    assert c.pop("backend") == "c" and py.pop("backend") == "python"
    for key in c:
        if key == "equity":
            assert py[key] == pytest.approx(c[key], abs=1e-12)
        else:
            assert py[key] == c[key], key


CORPUS_SCRIPT = textwrap.dedent("""
    import json
    from tests.fuzz_corpus import run_corpus
    print(json.dumps(run_corpus(seed=14, size=1200)))
""")


def test_both_backends_accept_and_reject_the_same_fuzz_corpus():
    """1,200 arbitrary calls of every entry point (tests/fuzz_corpus.py): the
    same result or the same error, word for word, on both backends."""
    if hr.backend != "c":
        pytest.skip("C extension not built")
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    outcomes = {}
    for backend in ("c", "python"):
        r = subprocess.run([sys.executable, "-c", CORPUS_SCRIPT], capture_output=True,
                           text=True, timeout=600, cwd=root,
                           env=dict(os.environ, HANDRANK_BACKEND=backend))
        assert r.returncode == 0, r.stderr[-3000:]
        outcomes[backend] = json.loads(r.stdout)
    c, py = outcomes["c"], outcomes["python"]
    assert len(c) == len(py) == 1200
    assert sum(o[1] == "ok" for o in c) > 200        # many calls succeed, not only errors
    for a, b in zip(c, py):
        assert a == b
