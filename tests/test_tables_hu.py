"""The heads-up engine of tables/ (tables/hu_engine.c, driven by tables/preflop_hu.py)
and the preflop order tables/pql_holdem_order.py derives from its counts.

The scripts import nothing from the package; this test may.  On a sample of
classes (random, and crafted pairs that test flushes, straights and ties) the
engine's counts are compared with the shipped table
(src/handrank/holdem_hu_preflop.npz) and with an independent oracle: the
package's own exact enumeration, ``hr.equity(exact=True)`` with the table
turned off (hr_equity_exact, which counts boards by rank multiset with a flush
correction, not board by board).  The order is compared with the shipped
module text and, class by class, with ``hr.equity([hand, 'random'],
exact=True)``.
"""

from __future__ import annotations

import os
import pathlib
import re
import shutil
import subprocess
import sys

import numpy as np
import pytest

import handrank as hr
from handrank.core import kernels
from handrank.core.cards import cards
from handrank.equity import _hu_preflop

ROOT = pathlib.Path(__file__).resolve().parents[1]
TABLES = ROOT / "tables"
if not (TABLES / "preflop_hu.py").is_file():
    pytest.skip("no tables/ (an installed wheel)", allow_module_level=True)
if shutil.which((os.environ.get("CC") or "cc").split()[0]) is None:
    pytest.skip("no C compiler for tables/hu_engine.c", allow_module_level=True)
sys.path.insert(0, str(TABLES))
import pql_holdem_order  # noqa: E402
import preflop_hu  # noqa: E402

pytestmark = pytest.mark.skipif(kernels.compiled_module() is None,
                                reason="the oracle is the C core's enumeration")

BOARDS = preflop_hu.BOARDS
CRAFTED = [("AsAh", "AdAc"), ("AsKs", "AhKh"), ("AsKh", "AhKs"), ("AsKs", "QsJs"),
           ("7h6h", "5h4h"), ("2c2d", "3c3d"), ("KsKh", "QdQc"), ("5s4s", "AsKs"),
           ("7c2d", "AsAh"), ("AhKh", "QsQd"), ("Ts9s", "8s7s"), ("5c4c", "3c2c")]


@pytest.fixture(scope="module")
def engine():
    with preflop_hu.Engine() as e:
        yield e


@pytest.fixture(scope="module")
def shipped():
    """The shipped table's keys and (first wins, second wins, ties) rows."""
    keys, counts = pql_holdem_order.read_counts(_hu_preflop.path())
    return keys.astype(np.int64), counts.astype(np.int64)


def _enumerated(a: list[int], b: list[int], monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """(a wins, b wins, ties) from hr_equity_exact, the shipped table off."""
    monkeypatch.setattr(_hu_preflop, "ENABLED", False)
    r = hr.equity([a, b], exact=True)
    assert r.samples == BOARDS
    got = [r.win[0] * BOARDS, r.win[1] * BOARDS, r.tie[0] * BOARDS]
    assert all(abs(x - round(x)) < 1e-6 for x in got), got
    return [round(x) for x in got]


def _sample(shipped, n: int, seed: int) -> np.ndarray:
    keys, _ = shipped
    return np.sort(np.random.default_rng(seed).choice(len(keys), size=n, replace=False))


def test_engine_counts_equal_the_shipped_table_and_the_enumeration(engine, shipped,
                                                                   monkeypatch):
    keys, counts = shipped
    pick = _sample(shipped, 12, 40)
    rows = preflop_hu.cards_of(keys[pick])
    got = engine.counts(rows).astype(np.int64)
    assert got.tolist() == counts[pick].tolist()
    for row, want in zip(rows.tolist(), got.tolist()):
        assert _enumerated(row[:2], row[2:], monkeypatch) == want, row


@pytest.mark.parametrize("a, b", CRAFTED)
def test_engine_on_crafted_pairs_equals_the_enumeration_both_ways(engine, a, b, monkeypatch):
    x, y = cards(a), cards(b)
    got = engine.counts(np.array([x + y, y + x])).astype(np.int64).tolist()
    assert got[0] == _enumerated(x, y, monkeypatch)
    assert got[1] == [got[0][1], got[0][0], got[0][2]]      # the swap swaps the wins


def test_engine_counts_a_larger_sample_like_the_shipped_table(engine, shipped):
    """2,000 random classes (about 4% of the table) against the shipped counts."""
    keys, counts = shipped
    pick = _sample(shipped, 2000, 41)
    got = engine.counts_parallel(preflop_hu.cards_of(keys[pick]), procs=1, chunks=4)
    assert got.astype(np.int64).tolist() == counts[pick].tolist()


def test_script_classes_are_the_shipped_keys(shipped):
    """The classes preflop_hu.py finds (every ordered pair canonicalised; Burnside's count)."""
    pairs = preflop_hu.ordered_pairs()
    keys = np.unique(preflop_hu.keys_of(pairs))
    assert len(keys) == preflop_hu.burnside(pairs) == _hu_preflop.CLASSES
    assert keys.tolist() == shipped[0].tolist()


def test_engine_source_includes_only_the_c_standard_library():
    """tables/hu_engine.c stands alone: no header of csrc/ or of the package."""
    standard = {"stdint.h", "stdio.h", "stdlib.h", "string.h"}
    for path in TABLES.glob("*.c"):
        includes = re.findall(r"^\s*#\s*include\s*(\S+)", path.read_text(encoding="utf-8"),
                              flags=re.MULTILINE)
        assert includes, path
        assert {i.strip("<>") for i in includes} <= standard and all(
            i.startswith("<") for i in includes), (path, includes)


def test_engine_refuses_bad_pairs_and_bad_tables(engine, tmp_path):
    with pytest.raises(RuntimeError, match="repeated card"):
        engine.counts(np.array([[0, 1, 1, 2]]))
    with pytest.raises(ValueError, match="card ids 0..51"):
        engine.counts(np.array([[0, 1, 2, 52]]))
    short = tmp_path / "short.bin"
    short.write_bytes(pathlib.Path(engine.tables).read_bytes()[:-5])
    run = subprocess.run([engine.exe, str(short)], input=bytes([0, 1, 2, 3]),
                         capture_output=True, check=False)
    assert run.returncode == 2 and b"table file too short" in run.stderr
    run = subprocess.run([engine.exe, engine.tables], input=bytes([0, 1, 2]),
                         capture_output=True, check=False)
    assert run.returncode == 2 and b"ends inside a pair" in run.stderr
    good = pathlib.Path(engine.tables).read_bytes()
    assert int.from_bytes(good[40:48], "little") == 0x8888       # the fifth parameter
    for bits in (0, 0x8880, 0x8889, 0x18888, 0x1111):
        bad = tmp_path / f"flush{bits:x}.bin"
        bad.write_bytes(good[:40] + bits.to_bytes(8, "little") + good[48:])
        run = subprocess.run([engine.exe, str(bad)], input=bytes([0, 1, 2, 3]),
                             capture_output=True, check=False, timeout=600)
        assert run.returncode == 2 and b"flush bits" in run.stderr, bits


def test_order_from_the_shipped_counts_is_the_shipped_module(shipped):
    keys, counts = shipped
    text = pql_holdem_order.module_text(pql_holdem_order.equities(keys, counts))
    module = ROOT / "src" / "handrank" / "pql" / "_holdem_order.py"
    assert text == module.read_text(encoding="utf-8")


def test_an_order_equity_is_the_enumerated_equity_against_a_random_hand(shipped):
    """The derived equity is the same double as hr.equity's exact answer."""
    rows = dict(pql_holdem_order.equities(*shipped))
    a, b = pql_holdem_order.hand_of("K2s")
    r = hr.equity([[a, b], "random"], exact=True)
    assert r.exact
    assert rows["K2s"] == float(r.equity[0])


def test_order_equities_of_every_class_are_the_enumerated_ones(shipped):
    rows = pql_holdem_order.equities(*shipped)
    assert [n for n, _ in rows] == pql_holdem_order.classes()
    assert len(rows) == 169
    for name, eq in rows:
        a, b = pql_holdem_order.hand_of(name)
        assert eq == float(hr.equity([[a, b], "random"], exact=True).equity[0]), name
