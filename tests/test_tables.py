"""The generated tables: deterministic, identical on both backends, collision-free."""

from __future__ import annotations

import os
import subprocess
import sys

import numpy as np
import pytest

from handrank.core import _backend, _tables, kernels

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GENERATOR = os.path.join(ROOT, "tables", "generate.py")


def test_regenerated_tables_are_byte_identical_to_the_built_ones(tmp_path):
    out_c, out_bin = tmp_path / "c", tmp_path / "tables.bin"
    subprocess.run([sys.executable, GENERATOR, "--out-c", str(out_c), "--out-bin", str(out_bin),
                    "--quiet"], check=True, timeout=300)
    built_c = os.path.join(ROOT, "csrc", "generated")
    for name in ("tables.h", "tables.c"):
        with open(os.path.join(built_c, name), "rb") as a, open(out_c / name, "rb") as b:
            assert a.read() == b.read(), name
    with open(_tables.BIN_PATH, "rb") as a:
        assert a.read() == out_bin.read_bytes()


def test_c_tables_equal_the_package_data():
    if not kernels.HAVE_C:
        pytest.skip("C extension not built")
    c_games = kernels.load_tables()
    bin_games = _tables.load_bin()
    assert list(c_games) == list(bin_games)
    for name, c in c_games.items():
        b = bin_games[name]
        assert c.classes == b.classes
        for field in ("card_key", "card_mask", "values", "flush", "category", "class_ranks",
                      "hash_offsets", "card"):
            assert np.array_equal(getattr(c, field), getattr(b, field)), (name, field)


def test_hash_and_table_shapes():
    g = _tables.load_bin()["holdem"]
    # one slot per 5-, 6- and 7-card rank multiset: 6,175 + 18,395 + 49,205
    assert np.count_nonzero(g.values) == 73_775
    # every (row, column) the hash can form is inside the table, keys or not:
    # a slot is (h + offsets[h >> shift]) mod 2**32, so row r's columns start
    # at (offsets[r] + r << shift) mod 2**32
    shift = g.params.hash_shift
    rows = np.arange(len(g.hash_offsets), dtype=np.uint64)
    first = (g.hash_offsets.astype(np.uint64) + (rows << np.uint64(shift))) & np.uint64(2**32 - 1)
    assert int(first.max()) + 2**shift <= len(g.values)
    assert len(g.hash_offsets) == 2**(g.params.hash_bits - shift)
    # non-flush hands top out at four aces with a king (7462 minus the 10 straight flushes)
    assert g.values.max() == 7452
    assert len(g.category) == 7463 and g.category[0] == 0
    assert np.all(np.diff(g.category[1:].astype(int)) >= 0)   # categories in order
    # flush table: only rank sets of 5..7 ranks are filled
    sizes = np.array([bin(m).count("1") for m in range(8192)])
    assert np.all((g.flush != 0) == ((sizes >= 5) & (sizes <= 7)))
    total = sum(getattr(g, f).nbytes for f in ("values", "flush", "hash_offsets", "card_key",
                                                 "card_mask", "card"))
    assert total <= 256 * 1024, total


def test_batch_entries_agree_with_the_card_keys():
    """The batch kernels' {key, mask} entries say what card_key and card_mask say."""
    p = _tables.load_bin()["holdem"].params
    mult, bits = p.hash_mult, p.hash_bits
    for name, g in _tables.load_bin().items():
        key, mask = g.card[:, 0].astype(object), g.card[:, 1]
        assert np.array_equal(mask, g.card_mask), name
        for c in range(256):
            if not g.in_deck[c]:
                assert key[c] == 1 << p.card_poison_shift and mask[c] == 0, (name, c)
                continue
            rank_key = int(g.card_key[c]) & 0xFFFFFFFF
            assert key[c] >> p.card_hash_shift == (rank_key * mult) % 2**bits, (name, c)
            # the suit counter of card_key (none in the ace-to-five games: no flushes)
            counter = (int(g.card_key[c]) >> 32) & 0xFFFF
            flushes = not name.startswith("low_a5")
            assert counter == (1 << (4 * (c % 4)) if flushes else 0), (name, c)
            assert key[c] & 0xFFFF == counter, (name, c)
            assert (key[c] >> 16) % 2**(p.card_hash_shift - 16) == 0, (name, c)


def test_bad_backend_choice_is_an_import_error():
    env = dict(os.environ, HANDRANK_BACKEND="fortran")
    r = subprocess.run([sys.executable, "-c", "import handrank"], env=env, capture_output=True,
                       text=True, timeout=60)
    assert r.returncode != 0 and "HANDRANK_BACKEND must be 'c' or 'python'" in r.stderr


def test_forced_python_backend_works():
    env = dict(os.environ, HANDRANK_BACKEND="python")
    code = ("import handrank as hr; print(hr.backend, hr.evaluate('As Ks Qs Js Ts'), "
            "hr.evaluate_batch([[20, 13, 10, 7, 0]])[0])")
    r = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                       timeout=60)
    assert r.returncode == 0, r.stderr
    assert r.stdout.split() == ["python", "7462", "1"]


def test_c_backend_when_required():
    """CI installs with HANDRANK_REQUIRE_C=1: a silent fallback must not pass."""
    if os.environ.get("HANDRANK_REQUIRE_C") != "1":
        pytest.skip("HANDRANK_REQUIRE_C is not set")
    assert _backend.BACKEND == "c"
