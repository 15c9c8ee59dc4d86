"""Heads-up preflop hold'em counts by class (src/handrank/holdem_hu_preflop.npz).

Oracles: the enumeration itself (``hr.equity(exact=True)`` with the table
turned off, i.e. hr_equity_exact on the pair's own cards), a suit
isomorphism check written here with numpy (not the C key function), the
sha256 recorded in docs/howto/history.md, and the replay's all-in EV (its
own hr_equity_exact calls) for the C all-in pots.
"""

from __future__ import annotations

import itertools
import re
from pathlib import Path

import numpy as np
import pytest

import handrank as hr
from handrank.core import kernels
from handrank.core.cards import cards
from handrank.equity import _hu_preflop

pytestmark = pytest.mark.skipif(kernels.compiled_module() is None,
                                reason="the C core is not loaded")
ROOT = Path(__file__).resolve().parents[1]


def _pairs() -> np.ndarray:
    h = np.array(list(itertools.combinations(range(52), 2)), dtype=np.int64)
    i, j = np.divmod(np.arange(len(h) ** 2), len(h))
    a, b = h[i], h[j]
    ok = (a[:, :, None] != b[:, None, :]).all(axis=(1, 2))
    return np.concatenate([a[ok], b[ok]], axis=1)


def _classes(pairs: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    ffi, lib = kernels.compiled_module().ffi, kernels.compiled_module().lib
    keys, counts = _hu_preflop.table()
    flat = np.ascontiguousarray(pairs, dtype=np.uint8)
    cls = np.empty(len(pairs), dtype=np.int64)
    sw = np.empty(len(pairs), dtype=np.uint8)
    found = lib.hr_hu_preflop_classes(ffi.from_buffer("uint32_t[]", keys), len(keys),
                                      ffi.from_buffer("uint8_t[]", flat), len(pairs),
                                      ffi.from_buffer("int64_t[]", cls, require_writable=True),
                                      ffi.from_buffer("uint8_t[]", sw, require_writable=True))
    assert found == len(pairs)
    return cls, sw


def test_file_sha256_is_the_documented_one():
    assert _hu_preflop.sha256() == _hu_preflop.SHA256
    page = ROOT / "docs" / "howto" / "history.md"
    if not page.exists():
        pytest.skip("not a source tree (tests run from an installed wheel): no docs")
    doc = page.read_text(encoding="utf-8")
    assert _hu_preflop.SHA256 in re.sub(r"\s+", "", doc)


def test_table_shape():
    keys, counts = _hu_preflop.table()
    assert len(keys) == 47008 == _hu_preflop.CLASSES
    assert (np.diff(keys.astype(np.int64)) > 0).all()
    assert (counts.astype(np.int64).sum(axis=1) == 1712304).all()


def test_every_ordered_pair_maps_to_an_isomorphic_representative():
    pairs = _pairs()
    assert len(pairs) == 1326 * 1225
    cls, sw = _classes(pairs)
    keys, _ = _hu_preflop.table()
    k = keys[cls].astype(np.int64)
    rep = np.stack([k >> 18 & 63, k >> 12 & 63, k >> 6 & 63, k & 63], axis=1)
    # the pair in the representative's order of hands
    src = np.where(sw[:, None] == 1, pairs[:, [2, 3, 0, 1]], pairs)
    rep_a = np.sort(rep[:, :2], axis=1)
    rep_b = np.sort(rep[:, 2:], axis=1)
    ok = np.zeros(len(pairs), dtype=np.bool_)
    for perm in itertools.permutations(range(4)):
        p = np.array(perm)
        c = (src & ~3) | p[src & 3]
        ok |= ((np.sort(c[:, :2], axis=1) == rep_a).all(axis=1)
               & (np.sort(c[:, 2:], axis=1) == rep_b).all(axis=1))
    assert ok.all(), pairs[~ok][:5]
    # every class is reached
    assert len(np.unique(cls)) == len(keys)


def _same(a: list[int], b: list[int], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_hu_preflop, "ENABLED", True)
    got = hr.equity([a, b], exact=True)
    monkeypatch.setattr(_hu_preflop, "ENABLED", False)
    want = hr.equity([a, b], exact=True)
    for f in ("equity", "win", "tie", "stderr"):
        assert getattr(got, f).tobytes() == getattr(want, f).tobytes(), (a, b, f)
    assert (got.samples, got.exact) == (want.samples, want.exact)


def test_equity_equals_the_enumeration_on_every_pair_of_sampled_classes(monkeypatch):
    """Every ordered pair of 300 random classes: the same doubles as the enumeration."""
    monkeypatch.setattr(_hu_preflop, "ENABLED", True)
    pairs = _pairs()
    cls, _ = _classes(pairs)
    rng = np.random.default_rng(19)
    pick = rng.choice(_hu_preflop.CLASSES, size=300, replace=False)
    chosen = pairs[np.isin(cls, pick)]
    assert len(np.unique(cls[np.isin(cls, pick)])) == 300
    for row in chosen:
        r = row.tolist()
        _same(r[:2], r[2:], monkeypatch)


@pytest.mark.parametrize("a, b", [
    ("AsAh", "AdAc"), ("AsKs", "AhKh"), ("AsKh", "AhKs"), ("AsKd", "AcKh"),   # same ranks
    ("AsKs", "QsJs"), ("7h6h", "5h4h"), ("2c2d", "3c3d"),                    # same suits
    ("KsKh", "QdQc"), ("AsAd", "KsKd"), ("2s2h", "AcAd"), ("TsTh", "TdTc"),   # pairs v pairs
    ("AsKd", "AhQc"), ("AsKs", "AhQh"), ("AsQs", "KsQd"), ("KhKd", "Kc2c"),   # dominated
    ("7c2d", "AsAh"), ("AhKh", "QsQd"), ("5s4s", "AsKs"),
])
def test_crafted_pairs_equal_the_enumeration(a, b, monkeypatch):
    _same(cards(a), cards(b), monkeypatch)
    _same(cards(b), cards(a), monkeypatch)


def test_table_off_outside_its_case(monkeypatch):
    """A board, a dead card, a range, three players: the enumeration, as before."""
    monkeypatch.setattr(_hu_preflop, "ENABLED", True)
    for players, kw in [(["AsKs", "QhQd"], {"board": "2c"}), (["AsKs", "QhQd"], {"dead": "2c"}),
                        (["AsKs", "QhQd", "7c7d"], {}), (["AsKs", "QQ"], {})]:
        got = hr.equity(players, exact=True, **kw)
        monkeypatch.setattr(_hu_preflop, "ENABLED", False)
        want = hr.equity(players, exact=True, **kw)
        monkeypatch.setattr(_hu_preflop, "ENABLED", True)
        assert got.equity.tobytes() == want.equity.tobytes()


def test_c_allin_pots_use_the_table_and_equal_the_replay(monkeypatch):
    """Generated heads-up preflop all-ins: the C pots with the table == the replay's EV."""
    from handrank.history import fast
    from handrank.history._generate import corpus

    from .test_history_summary_columns import _check_batches
    text = corpus(600, seed=191)
    hu = 0
    for b in fast.scan(text):
        if not isinstance(b, fast.Batch):
            continue
        rec = b.rec
        allin = (rec[:, fast.STATUS] == fast.OK) & ((rec[:, fast.FLAGS] & fast.ALLIN) != 0)
        n = rec[:, fast.SEATS]
        live = ((1 << n) - 1) & ~rec[:, fast.OUT]
        two = np.array([bin(int(x)).count("1") == 2 for x in live])
        hu += int((allin & two & ((rec[:, fast.ALLIN_BOARD] & 255) == 0)).sum())
    assert hu >= 5
    monkeypatch.setattr(_hu_preflop, "ENABLED", True)
    seen = _check_batches(text, monkeypatch)
    assert seen["hands"] > 20, seen


def test_progress_reports_are_the_enumeration_ones(monkeypatch):
    seen: dict[bool, list[tuple[int, int]]] = {True: [], False: []}
    for on in (True, False):
        monkeypatch.setattr(_hu_preflop, "ENABLED", on)
        hr.equity(["AsKs", "QhQd"], exact=True,
                  progress=lambda d, t, on=on: seen[on].append((d, t)))
    assert seen[True] == seen[False] == [(0, 1), (1, 1)]
