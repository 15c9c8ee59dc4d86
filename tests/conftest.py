"""Shared fixtures: the API suite runs on both backends in one process."""

from __future__ import annotations

import importlib

import numpy as np
import pytest

from handrank import _backend, _tables

# The module, not the function of the same name that the package exports.
evaluate_module = importlib.import_module("handrank.evaluate")


@pytest.fixture(params=["c", "python"])
def backend(request, monkeypatch):
    """Run the test on the C core and on the pure-Python backend.

    The Python backend is the same module with the C core switched off and the
    tables read from the package-data file, as ``HANDRANK_BACKEND=python``
    does at import.
    """
    if request.param == "c":
        if _backend.core is None:
            pytest.skip("C extension not built")
        return "c"
    bin_tables = _tables.load_bin()
    monkeypatch.setattr(evaluate_module, "_C", None)
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



def dask_or_skip():
    """handrank.dask, or skip the test when the dask extra is not installed.

    ``pytest.importorskip("handrank.dask")`` does not do: the module raises
    ImportError (naming the extra), not ModuleNotFoundError, and pytest 9
    skips only on the latter.
    """
    pytest.importorskip("dask", reason="needs the dask extra")
    pytest.importorskip("distributed", reason="needs the dask extra")
    return importlib.import_module("handrank.dask")
