"""Shared fixtures: the API suite runs on both backends in one process."""

from __future__ import annotations

import importlib
import itertools
import math
import os
import pathlib
from concurrent.futures import ProcessPoolExecutor

import numpy as np
import pytest

from handrank import reference
from handrank.core import _tables, kernels

# The hold'em evaluator's module (handrank.games.holdem), not the function hr.evaluate.
evaluate_module = importlib.import_module("handrank.games.holdem")


@pytest.fixture(params=["c", "python"])
def backend(request, monkeypatch):
    """Run the test on the C core and on the pure-Python backend.

    The Python backend is the same module with the C core switched off and the
    tables read from the package-data file, as ``HANDRANK_BACKEND=python``
    does at import.
    """
    if request.param == "c":
        if kernels.compiled_module() is None:
            pytest.skip("C extension not built")
        return "c"
    bin_tables = _tables.load_bin()
    monkeypatch.setattr(kernels, "_C", None)
    monkeypatch.setattr(evaluate_module, "_HOLDEM", bin_tables["holdem"])
    return "python"


@pytest.fixture(scope="session")
def rng():
    return np.random.default_rng(20261129)


def random_hands(rng: np.random.Generator, n: int, k: int) -> np.ndarray:
    """n distinct-card hands of k cards, uint8, without a per-hand loop."""
    keys = rng.random((n, 52), dtype=np.float32)
    return np.argpartition(keys, k, axis=1)[:, :k].astype(np.uint8)


@pytest.fixture(scope="session")
def hands7(rng):
    return random_hands(rng, 1_000_000, 7)


@pytest.fixture(scope="session")
def hands6(rng):
    return random_hands(rng, 1_000_000, 6)


@pytest.fixture(scope="session")
def all_fives():
    """Every 5-card hand, in itertools.combinations order (each row sorted)."""
    return np.array(list(itertools.combinations(range(52), 5)), dtype=np.uint8)


def _reference_strengths(rows):
    return [reference.evaluate(r) for r in rows]


@pytest.fixture(scope="session")
def reference_fives(all_fives):
    """The reference's strength of every 5-card hand, each rated by
    ``reference.evaluate`` on its own (two processes, ~15 s of wall time).

    Session-wide: tests/test_exhaustive.py checks every five-card hand against
    it, and tests/test_evaluate.py rates a million 6- and 7-card hands through
    it.  Tests that use it carry ``xdist_group("reference_fives")`` so that,
    under ``--dist loadgroup``, one pytest-xdist worker computes it once.
    """
    chunks = [all_fives[i:i + 50_000].tolist() for i in range(0, len(all_fives), 50_000)]
    with ProcessPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        out = [s for part in pool.map(_reference_strengths, chunks) for s in part]
    return np.array(out, dtype=np.uint16)


# C(n, r) for n < 53, r < 6: the colex rank of a sorted 5-card row c0 < ... < c4
# is sum C(c_i, i + 1), a bijection onto 0 .. 2,598,959.
_BINOM = np.array([[math.comb(n, r) for r in range(6)] for n in range(53)], dtype=np.int64)


def colex5(rows: np.ndarray) -> np.ndarray:
    """Colex rank of each row of sorted 5-card hands (shape (n, 5))."""
    rows = rows.astype(np.int64)
    return sum(_BINOM[rows[:, i], i + 1] for i in range(5))



def dask_or_skip():
    """handrank.dask, or skip the test when the dask extra is not installed.

    ``pytest.importorskip("handrank.dask")`` does not do: the module raises
    ImportError (naming the extra), not ModuleNotFoundError, and pytest 9
    skips only on the latter.
    """
    pytest.importorskip("dask", reason="needs the dask extra")
    pytest.importorskip("distributed", reason="needs the dask extra")
    return importlib.import_module("handrank.dask")


# The edit-test loop: `python -m pytest -m "not slow and not long" -x -q -n auto`
# (the README names it) leaves out the `slow` checks and the tests listed in
# tests/long_tests.txt, which take about a second or more each (subprocesses,
# exhaustive spaces, builds); together they are most of the suite's time.  CI
# (the README's test command) runs them all, and so do the wheel jobs (they
# leave out `slow` only).
LONG = tuple(
    line.split("#", 1)[0].strip()
    for line in (pathlib.Path(__file__).parent / "long_tests.txt").read_text().splitlines()
    if line.split("#", 1)[0].strip()
)


def pytest_configure(config):
    config.addinivalue_line(
        "markers", "long: a second or more; left out of the edit-test loop (tests/conftest.py)")


def pytest_collection_modifyitems(config, items):
    for item in items:
        # "tests/FILE::TEST", wherever pytest runs from (the wheel job copies tests/)
        name = item.nodeid.split("::", 1)[1].split("[", 1)[0] if "::" in item.nodeid else ""
        node = f"tests/{item.path.name}::{name}" if name else f"tests/{item.path.name}"
        if any(node == e or node.startswith(e + "::") for e in LONG):
            item.add_marker(pytest.mark.long)


#: The attribute a fixture sets on a Client it keeps as the default for a module.
FIXTURE_CLIENT = "_handrank_fixture_client"


@pytest.fixture(autouse=True)
def _no_default_dask_client_left(request: pytest.FixtureRequest):  # type: ignore[no-untyped-def]
    """A test must not leave a distributed Client as the process's default: dask
    work of a later test in the same worker would go to it and wait for a cluster
    that is gone.  Such a client is closed here and named in a warning (a module
    fixture's client, marked with FIXTURE_CLIENT, is the fixture's to close)."""
    yield
    import sys
    import warnings
    client_mod = sys.modules.get("distributed.client")
    if client_mod is None:
        return
    left = client_mod._get_global_client()
    if left is None or getattr(left, FIXTURE_CLIENT, False):
        return
    warnings.warn(f"{request.node.nodeid} left a default distributed Client "
                  f"({left.status}); closed", stacklevel=1)
    try:
        left.close(timeout=10)
    except Exception:
        pass
