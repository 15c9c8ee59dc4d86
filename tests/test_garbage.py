"""Garbage into every C batch entry point: a clear error or a right answer,
never a crash (run in a subprocess, so a crash fails the test instead of
killing the run)."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

import handrank as hr

CODE = textwrap.dedent("""
    import numpy as np
    import handrank as hr
    rng = np.random.default_rng(11)
    errors = 0

    def valid(rows, deck):
        # each row's cards all in the deck and all different (numpy, no C)
        rows = rows.reshape(len(rows), -1).astype(np.int64)
        s = np.sort(rows, axis=1)
        return np.isin(rows, deck).all(axis=1) & (np.diff(s, axis=1) != 0).all(axis=1)

    def attempt(f, deck, *args):
        # an error exactly when some row is bad, and then naming the first
        global errors
        rows = np.concatenate([a.reshape(len(a), -1) for a in args], axis=1)
        ok = valid(rows, deck)
        try:
            f(*args)
            assert ok.all(), "a bad row was accepted"
        except ValueError as e:
            assert str(e) and "internal error" not in str(e), e
            assert not ok.all(), f"a good batch was rejected: {e}"
            first = int(np.argmin(ok))
            assert f"row {first}" in str(e) or f"deal {first}" in str(e), (first, e)
            errors += 1

    for _ in range(300):
        n = int(rng.integers(1, 50))
        junk = lambda *shape: rng.integers(0, 256, size=shape, dtype=np.uint8)
        near = lambda *shape: rng.integers(0, 56, size=shape, dtype=np.uint8)
        for make in (junk, near):
            full = np.arange(52)
            attempt(hr.showdown_batch, full, make(n, 5), make(n, 3, 2))
            attempt(hr.games.omaha.evaluate_omaha_batch, full, make(n, 4), make(n, 5))
            attempt(hr.games.omaha.evaluate_omaha_batch, full, make(n, 6), make(n, 5))
            attempt(hr.games.variants.variant("shortdeck").evaluate_batch, np.arange(16, 52),
                    make(n, 7))
            attempt(hr.games.variants.variant("stripped", lowest="7").evaluate_batch,
                    np.arange(20, 52), make(n, 5))
            attempt(hr.evaluate_batch, full, make(n, 6))
    print("ok", errors)
""")


def test_garbage_into_every_batch_entry_point():
    if hr.backend != "c":
        pytest.skip("C extension not built")
    r = subprocess.run([sys.executable, "-c", CODE], capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stderr[-2000:]
    ok, errors = r.stdout.split()
    assert ok == "ok" and int(errors) > 0
