"""hr_same_spans (csrc/history_spans.c): the players' names of fast hands grouped by
their text, so ``summary()`` looks up each distinct list of names once."""

from __future__ import annotations

import os
import random
from pathlib import Path

import numpy as np
import pytest

from handrank.core import kernels
from handrank.history import fast, summary
from handrank.history._generate import corpus

DATA = Path(os.environ.get("HANDRANK_PHH_DATA", Path(__file__).resolve().parents[2]
                           / "shared" / "data" / "phh"))
real = pytest.mark.skipif(not DATA.is_dir(), reason="real PHH data not present")
needs_c = pytest.mark.skipif(kernels.same_spans(b"", np.zeros(0, np.int64),
                                                np.zeros(0, np.int64),
                                                np.zeros(0, np.int64)) is None,
                             reason="the C core is not loaded")


@needs_c
def test_groups_equal_brute_force():
    rng = random.Random(5)
    for _ in range(300):
        data = bytes(rng.choice(b"ab'") for _ in range(rng.randint(1, 40)))
        n = rng.randint(0, 30)
        start = [rng.randint(0, len(data)) for _ in range(n)]
        span = [rng.randint(0, min(3, len(data) - a)) for a in start]
        key = [rng.randint(0, 1) for _ in range(n)]
        got = kernels.same_spans(data, np.array(start, np.int64), np.array(span, np.int64),
                                 np.array(key, np.int64))
        assert got is not None
        want = []
        for i in range(n):
            me = (data[start[i]:start[i] + span[i]], key[i])
            want.append(next(j for j in range(i + 1)
                             if (data[start[j]:start[j] + span[j]], key[j]) == me))
        assert got.tolist() == want
    with pytest.raises(ValueError, match="outside"):
        kernels.same_spans(b"abc", np.array([2]), np.array([2]), np.array([0]))


def _named(n: int, seed: int) -> str:
    """Generated hands with player names: a few tables of names, seats rotating."""
    rng = random.Random(seed)
    pool = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ivy", "Jo", "Kit", "Lu"]
    out = []
    for hand in (t for t in corpus(n, seed=seed).split("\n\n") if t.strip()):
        seats = hand.count("'d dh p")
        names = rng.sample(pool[:seats + rng.randint(0, 2)], seats)
        out.append(hand.rstrip("\n") + f"\nplayers = {names!r}\n")
    return "\n".join(out)


@needs_c
def test_summary_the_same_with_and_without_grouping(tmp_path, monkeypatch):
    (tmp_path / "a.phhs").write_text(_named(400, 31))
    for k, h in enumerate(_named(60, 32).split("\n[")):
        (tmp_path / f"b{k:02d}.phh").write_text(h.split("\n", 1)[1])
    a = summary(tmp_path)
    assert a.read == 460 and len(a.names) > 6
    monkeypatch.setattr(kernels, "same_spans", lambda *x: None)
    b = summary(tmp_path)
    assert a == b and a.names == b.names
    assert a.to_pandas().equals(b.to_pandas())
    monkeypatch.setattr(fast, "available", lambda: False)      # the Python path
    c = summary(tmp_path)
    assert a == c and a.names == c.names


@real
@needs_c
def test_pluribus_names_the_same(monkeypatch):
    src = [DATA / "pluribus" / "100", DATA / "pluribus" / "101", DATA / "pluribus" / "102"]
    a = summary(src)
    monkeypatch.setattr(kernels, "same_spans", lambda *x: None)
    b = summary(src)
    assert a == b and a.names == b.names and len(a.names) >= 6
