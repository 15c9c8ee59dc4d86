"""handrank.dask on a real distributed.LocalCluster (2 worker processes, 1 thread each).

The oracle is the one-process library: hr.evaluate_batch on the whole numpy
array, hr.equity(..., exact=True), and the local (client=None) run of the same
Monte Carlo chunks.  CI installs the dask extra, so these run there.
"""

from __future__ import annotations

import concurrent.futures
import csv
import itertools
import os
import signal
import subprocess
import sys
import time

import numpy as np
import pytest

distributed = pytest.importorskip("distributed", reason="needs the dask extra")
da = pytest.importorskip("dask.array")

import handrank as hr
from handrank import cli
from handrank import dask as hrd
from handrank.core import kernels
from handrank.equity.preflop import CLASS_NAMES, class_indices, plan

from .conftest import FIXTURE_CLIENT, random_hands

pytestmark = pytest.mark.skipif(kernels.compiled_module() is None, reason="needs the C core")

# Pairs, suited and offsuit classes sharing ranks with each other.
SUBSET = ["AA", "KK", "22", "AKs", "AKo", "KQs", "QJo", "T9s", "72o", "A2s", "32o", "K2o"]


@pytest.fixture(scope="module")
def client():
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                       dashboard_address=":0", silence_logs=40)
    with cluster, distributed.Client(cluster) as c:
        setattr(c, FIXTURE_CLIENT, True)    # the default client while the module runs
        c.wait_for_workers(2)
        yield c


def _same(a: hr.EquityResult, b: hr.EquityResult) -> None:
    """Bit for bit: every array byte-equal, the same flags and counts."""
    for field in ("equity", "win", "tie", "stderr"):
        x, y = getattr(a, field), getattr(b, field)
        assert x.dtype == y.dtype and x.tobytes() == y.tobytes(), (field, x, y)
    assert (a.exact, a.samples) == (b.exact, b.samples)


def _with_workers(client, n: int) -> None:
    client.cluster.scale(n)
    deadline = time.monotonic() + 60
    while len(client.scheduler_info()["workers"]) != n:
        assert time.monotonic() < deadline, "the cluster did not reach its size"
        time.sleep(0.05)


# ---------------------------------------------------------------- imports


def test_import_handrank_does_not_import_dask():
    code = ("import sys, handrank as hr; hr.equity(['AhAd', 'KsKc'], board='2c3d4h');"
            "from handrank import cli; cli.build_parser();"
            "bad = [m for m in sys.modules if m.split('.')[0] in ('dask', 'distributed')];"
            "assert not bad, bad")
    subprocess.run([sys.executable, "-c", code], check=True)


def test_import_without_the_extra_names_it():
    code = ("import sys; sys.modules['distributed'] = None\n"
            "try:\n    import handrank.dask\nexcept ImportError as e:\n    print(e)\n")
    out = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True,
                         text=True).stdout
    assert "pip install 'handrank[dask]'" in out


# ------------------------------------------------------------- evaluate_batch


@pytest.mark.parametrize("k", [5, 6, 7])
def test_evaluate_batch_equals_numpy(client, rng, k):
    hands = random_hands(rng, 20_000, k)
    x = da.from_array(hands, chunks=((3000, 7000, 1, 9999), (2, k - 2)))   # columns rechunked
    lazy = hrd.evaluate_batch(x)
    assert isinstance(lazy, da.Array) and lazy.dtype == np.uint16 and lazy.shape == (20_000,)
    want = hr.evaluate_batch(hands)
    np.testing.assert_array_equal(lazy.compute(), want)                  # local threads
    np.testing.assert_array_equal(client.compute(lazy).result(), want)   # the cluster
    short = hands[(hands >= 16).all(axis=1)].astype(np.int64)          # shortdeck: 6 and up
    assert len(short) > 100
    xs = da.from_array(short, chunks=100)
    np.testing.assert_array_equal(client.compute(hrd.evaluate_batch(xs, game="shortdeck"))
                                  .result(), hr.evaluate_batch(short, game="shortdeck"))


def test_evaluate_batch_numpy_in_numpy_out():
    a = np.array([[51, 47, 43, 39, 35]])
    out = hrd.evaluate_batch(a)
    assert isinstance(out, np.ndarray) and out.tolist() == [7462]


@pytest.mark.parametrize("bad", [("dup", 17_345), ("id", 9_999), ("id", 0), ("dup", 19_999)])
def test_evaluate_batch_error_names_global_row(client, rng, bad):
    kind, row = bad
    hands = random_hands(rng, 20_000, 7).astype(np.int16)
    if kind == "dup":
        hands[row, 4] = hands[row, 1]
    else:
        hands[row, 2] = 60
    with pytest.raises(hr.HandrankError) as want:
        hr.evaluate_batch(hands)
    assert str(row) in str(want.value)
    x = da.from_array(hands, chunks=(5000, 7))
    for run in (lambda: hrd.evaluate_batch(x).compute(),
                lambda: client.compute(hrd.evaluate_batch(x)).result()):
        with pytest.raises(type(want.value)) as got:
            run()
        assert str(got.value) == str(want.value)


@pytest.mark.parametrize("chunks", [100, 7, 1000])
def test_evaluate_batch_error_is_the_first_bad_row(client, rng, chunks):
    """Bad rows in many blocks: the error is the lowest one's, whichever block
    fails first (the last block of bad ids once won on the local scheduler)."""
    hands = random_hands(rng, 4000, 7).astype(np.int16)
    hands[1000:, 0] = 99                   # every block from row 1000 on
    hands[[1500, 2999, 3999], 3] = hands[[1500, 2999, 3999], 5]   # duplicates later
    with pytest.raises(hr.InvalidCardError) as want:
        hr.evaluate_batch(hands)
    assert "row 1000," in str(want.value)
    x = da.from_array(hands, chunks=(chunks, 7))
    for run in (lambda: hrd.evaluate_batch(x).compute(),
                lambda: hrd.evaluate_batch(x).compute(scheduler="sync"),
                lambda: client.compute(hrd.evaluate_batch(x)).result()):
        with pytest.raises(hr.InvalidCardError) as got:
            run()
        assert str(got.value) == str(want.value)
    # a slice before the first bad row computes; the good rows are right
    good = hrd.evaluate_batch(x)[:1000 - 1000 % chunks].compute()
    np.testing.assert_array_equal(good, hr.evaluate_batch(hands[:len(good)]))


def test_evaluate_batch_bad_arrays():
    with pytest.raises(TypeError, match="shape"):
        hrd.evaluate_batch(da.zeros((4, 5), dtype=np.float64, chunks=2))
    with pytest.raises(hr.InvalidHandError, match=r"got shape \(4, 8\)"):
        hrd.evaluate_batch(da.zeros((4, 8), dtype=np.uint8, chunks=2))
    x = da.from_array(np.zeros((4, 5), np.uint8), chunks=2)
    with pytest.raises(hr.InvalidHandError, match="compute_chunk_sizes"):
        hrd.evaluate_batch(x[x[:, 0] == 0])


# ------------------------------------------------------------------ equity

EXACT_SPOTS = [
    (["AsKs", "QdQc"], "", ""),
    (["AhAd", "KsKc", "7c2d"], "Kd 7h 2s", ""),
    (["QQ+,AKs", "JJ-99,AQo"], "", ""),                  # many tuples, many tasks
    (["AK", "22-55", "random"], "Ah 7d 2c 9s", "Kd"),
    (["AA:0.5,KK", "QQ,AKs:0.25"], "Qh 8d 3c", ""),       # weights below 1
]


@pytest.mark.parametrize("players, board, dead", EXACT_SPOTS)
@pytest.mark.parametrize("task_cost", [None, 100_000])
def test_exact_is_bit_identical(client, monkeypatch, players, board, dead, task_cost):
    if task_cost is not None:       # many small tasks: up to hundreds of partial counts
        monkeypatch.setattr(hrd, "EXACT_TASK_COST", task_cost)
    want = hr.equity(players, board, dead, exact=True)
    _same(hrd.equity(players, board, dead, exact=True), want)
    _same(hrd.equity(players, board, dead, exact=True, client=client), want)


def test_one_and_two_workers_and_local_agree(client):
    spots = [
        {"players": ["AhAd", "random", "random"], "trials": 400_003, "seed": 7,
         "chunk_trials": 50_000},
        {"players": ["QQ+,AKs", "random"], "board": "Qh 7d 2c", "trials": 120_000, "seed": 3,
         "chunk_trials": 25_000},
        {"players": ["AsKs", "QdQc"], "target_stderr": 0.0015, "seed": 11,
         "chunk_trials": 20_000},
        {"players": ["QQ+,AKs", "JJ-99,AQo"], "exact": True},
    ]
    local = [hrd.equity(**s) for s in spots]
    two = [hrd.equity(**s, client=client) for s in spots]
    try:
        _with_workers(client, 1)
        one = [hrd.equity(**s, client=client) for s in spots]
    finally:
        _with_workers(client, 2)
    for a, b, c in zip(local, two, one):
        _same(a, b)
        _same(a, c)
    assert local[0].samples == 400_003
    assert local[2].samples % 20_000 == 0 and local[2].stderr.max() < 0.0015
    # the smallest whole number of chunks that reaches the target
    fewer = hrd.equity(["AsKs", "QdQc"], trials=local[2].samples - 20_000, seed=11,
                       chunk_trials=20_000)
    assert fewer.stderr.max() >= 0.0015


def test_monte_carlo_is_close_to_exact_and_seeded():
    exact = hr.equity(["AsKs", "QdQc"], exact=True)
    r = hrd.equity(["AsKs", "QdQc"], trials=300_000, seed=5, chunk_trials=40_000)
    assert not r.exact and r.samples == 300_000
    assert np.all(np.abs(r.equity - exact.equity) < 4 * r.stderr + 1e-12)
    other = hrd.equity(["AsKs", "QdQc"], trials=300_000, seed=6, chunk_trials=40_000)
    assert other.equity.tobytes() != r.equity.tobytes()


def test_a_killed_worker_changes_nothing(client):
    spec = {"players": ["AhAd", "random", "random"], "trials": 3_000_000, "seed": 99,
                "chunk_trials": 100_000}
    want = hrd.equity(**spec)
    pids = client.run(os.getpid)
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        job = pool.submit(hrd.equity, **spec, client=client)
        deadline = time.monotonic() + 30
        while not any(client.processing().values()):       # the job's tasks are running
            assert time.monotonic() < deadline
            time.sleep(0.01)
        victim = next(iter(pids.values()))
        os.kill(victim, signal.SIGKILL)
        assert not job.done()                               # killed in the middle of it
        got = job.result(timeout=120)
    _same(got, want)
    deadline = time.monotonic() + 60
    while len(client.scheduler_info()["workers"]) < 2:      # the nanny restarts it
        assert time.monotonic() < deadline
        time.sleep(0.05)
    assert victim not in client.run(os.getpid).values()


def test_equity_errors_match_handrank_equity():
    for args, kwargs in [((["AsKs", "QdQc"], "As Kd 7h"), {}),
                         ((["AsKs"],), {}),
                         ((["AA", "AA", "AA"],), {"exact": True}),
                         ((["AsKs", "QdQc"],), {"trials": 0}),
                         ((["AsKs", "QdQc"],), {"exact": True, "trials": 10})]:
        with pytest.raises(Exception) as want:
            hr.equity(*args, **kwargs)
        with pytest.raises(type(want.value)) as got:
            hrd.equity(*args, **kwargs)
        assert str(got.value) == str(want.value)
    with pytest.raises(ValueError, match="chunk_trials must be a positive int"):
        hrd.equity(["AsKs", "QdQc"], trials=10, chunk_trials=0)
    with pytest.raises(TypeError, match="client must be a distributed.Client"):
        hrd.equity(["AsKs", "QdQc"], trials=10, client="tcp://nowhere:1")


# ----------------------------------------------------------- preflop tables


def test_class_names_are_the_range_grid():
    assert len(CLASS_NAMES) == 169 and CLASS_NAMES[:3] == ("AA", "AKs", "AQs")
    assert CLASS_NAMES[13] == "AKo" and CLASS_NAMES[14] == "KK" and CLASS_NAMES[-1] == "22"
    for i, name in enumerate(CLASS_NAMES):
        grid = hr.Range(name).grid().ravel()
        assert grid[i] == 1.0 and grid.sum() == 1.0


def test_plan_covers_every_class_tuple_once():
    idx = class_indices(SUBSET)
    for players in (2, 3):
        seen = [tuple(sorted(ct)) for piece in plan(players, idx) for _, group in piece
                for ct in group]
        want = list(itertools.combinations_with_replacement(sorted(idx), players))
        assert sorted(seen) == want


def test_heads_up_table_equals_handrank_equity(client):
    t = hrd.preflop_table(classes=SUBSET)
    assert t.classes == tuple(SUBSET) and t.players == 2 and t.equity.shape == (12, 12)
    for a, b in itertools.product(SUBSET, repeat=2):
        want = hr.equity([a, b], exact=True).equity[0]
        assert t.equity[t.index(a), t.index(b)].tobytes() == want.tobytes(), (a, b)
    off = ~np.eye(12, dtype=bool)
    np.testing.assert_allclose((t.equity + t.equity.T)[off], 1.0, rtol=0, atol=1e-15)
    np.testing.assert_array_equal(np.diag(t.equity), 0.5)   # a class against itself
    on_cluster = hrd.preflop_table(classes=SUBSET, client=client)
    assert on_cluster.equity.tobytes() == t.equity.tobytes()


def test_three_way_table_equals_handrank_equity(client):
    sub = ["AA", "KK", "AKs", "AKo", "72o"]
    t = hrd.preflop_table(players=3, classes=sub, client=client)
    assert t.equity.shape == (5, 5, 5, 3)
    for a, b, c in itertools.product(sub, repeat=3):
        got = t.equity[t.index(a), t.index(b), t.index(c)]
        try:
            want = hr.equity([a, b, c], exact=True).equity
        except hr.InvalidRangeError:
            assert np.isnan(got).all(), (a, b, c)             # AA three times: no deal
            continue
        assert got.tobytes() == want.tobytes(), (a, b, c)
    for perm in itertools.permutations(range(3)):
        moved = np.transpose(t.equity, (*perm, 3))[..., list(perm)]
        np.testing.assert_array_equal(moved, t.equity)        # symmetric, NaN included
    assert hrd.preflop_table(players=3, classes=sub).equity.tobytes() == t.equity.tobytes()


def test_table_errors_and_csv(tmp_path):
    with pytest.raises(ValueError, match="players must be 2 or 3, got 4"):
        hrd.preflop_table(players=4)
    with pytest.raises(ValueError, match="unknown hand class 'AKx'"):
        hrd.preflop_table(classes=["AA", "AKx"])
    with pytest.raises(ValueError, match="'AA' is given twice"):
        hrd.preflop_table(classes=["AA", "KK", "AA"])
    with pytest.raises(TypeError, match="not one string"):
        hrd.preflop_table(classes="AA")
    t = hrd.preflop_table(classes=["AA", "KK", "AKs"])
    with pytest.raises(KeyError, match="no class 'QQ'"):
        t.index("QQ")
    assert "players=2" in repr(t)
    path = tmp_path / "t.csv"
    t.to_csv(path)
    rows = list(csv.reader(path.open()))
    assert rows[0] == ["class", "AA", "KK", "AKs"]
    back = np.array([[float(x) for x in r[1:]] for r in rows[1:]])
    assert back.tobytes() == t.equity.tobytes()
    t3 = hrd.preflop_table(players=3, classes=["AA", "KK"])
    t3.to_csv(path)
    rows = list(csv.reader(path.open()))
    assert rows[1] == ["AA", "AA", "AA", "", "", ""] and len(rows) == 1 + 8


# --------------------------------------------------------------------- CLI


def test_cli_preflop_table(client, tmp_path, capsys):
    out = tmp_path / "table.csv"
    address = client.scheduler.address
    assert cli.main(["preflop-table", "--out", str(out), "--classes", "AA,KK,AKs",
                     "--scheduler", address]) == 0
    captured = capsys.readouterr()
    assert "wrote" in captured.out and "1/1 tasks" in captured.err
    rows = list(csv.reader(out.open()))
    want = hrd.preflop_table(classes=["AA", "KK", "AKs"])
    assert np.array([[float(x) for x in r[1:]] for r in rows[1:]]).tobytes() == \
        want.equity.tobytes()
    assert cli.main(["preflop-table", "--out", str(out), "--classes", "AA,ZZ"]) == 2
    assert "unknown hand class 'ZZ'" in capsys.readouterr().err


def test_cli_preflop_table_refuses_an_unwritable_out_first(capsys, monkeypatch, tmp_path):
    """--out is checked before the table is computed (it failed 11 s later)."""
    def no_work(*args, **kwargs):
        raise AssertionError("work started before --out was checked")

    monkeypatch.setattr(hrd, "run_preflop_table", no_work)
    assert cli.main(["preflop-table", "--out", "/nonexistent/t.csv"]) == 2
    err = capsys.readouterr().err
    assert "--out: cannot write '/nonexistent/t.csv': no such directory" in err
    assert "Traceback" not in err
    assert cli.main(["preflop-table", "--out", str(tmp_path)]) == 2
    assert "is a folder" in capsys.readouterr().err


def test_cli_equity_on_a_scheduler(client, capsys):
    args = ["equity", "AhAd", "KsKc", "--trials", "100000", "--seed", "4", "--json",
            "--scheduler", client.scheduler.address]
    assert cli.main(args) == 0
    import json
    got = json.loads(capsys.readouterr().out)
    want = hrd.equity(["AhAd", "KsKc"], trials=100_000, seed=4)
    assert [p["equity"] for p in got["players"]] == want.equity.tolist()
    assert cli.main(["equity", "AhAd", "AhKc", "--scheduler", client.scheduler.address]) == 2
    assert "card 'Ah' is in player 1's hand and in player 2's hand" in capsys.readouterr().err
