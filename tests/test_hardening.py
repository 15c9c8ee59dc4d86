"""Regression tests for the rows of issue 14's table (each failed before its fix).

Row 3 (Ctrl-C) is tests/test_interrupt.py; row 9 belongs to the Python
backend's Monte Carlo (issue 13).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
import time

import numpy as np
import pytest

import handrank as hr
from handrank import HandrankError
from handrank.core._validate import QUOTE_LIMIT, first_outside, quote

from .conftest import dask_or_skip

needs_c = pytest.mark.skipif(hr.backend != "c", reason="C extension not built")


def _python(code: str, env: dict[str, str] | None = None, timeout: float = 120) -> dict:
    """Run code in a fresh interpreter; it prints one JSON line last."""
    r = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True,
                       text=True, timeout=timeout, env={**os.environ, **(env or {})})
    assert r.returncode == 0, r.stderr[-3000:]
    return json.loads(r.stdout.strip().splitlines()[-1])


# --- row 1: exact equity on a small worker stack ---------------------------------------

@needs_c
@pytest.mark.parametrize("stack", [32768, 49152])
def test_exact_equity_on_a_small_thread_stack(stack):
    # The spot has ten players (6 s); four touch the same stack frame.
    players = ["AsKs", "QQ+", "JJ", "TT"]
    out = _python(f"""
        import json, threading
        threading.stack_size({stack})
        import handrank as hr
        r = hr.equity({players!r}, board="2c 7d 9h Kd", exact=True, threads=2)
        print(json.dumps(r.equity.tolist()))
    """)
    # the same spot on the default stack, in this process: grouped walk or not, same sums
    expected = hr.equity(players, board="2c 7d 9h Kd", exact=True, threads=1).equity
    assert out == pytest.approx(expected.tolist(), abs=1e-12)


@needs_c
def test_grouping_needs_sorted_ranges_but_any_order_gives_the_same_answer():
    """The C walk groups suit-isomorphic tuples only for ranges sorted by combo;
    the same combos in another order take the ungrouped path: same result."""
    from handrank.core import kernels
    eq = sys.modules["handrank.equity"]
    spot = eq._prepare(["QQ+,AKs", "JJ-99,AQs"], "", "", eq.game_tables(None))
    grouped = eq._exact(spot, 1)
    spot.combos = [c[::-1].copy() for c in spot.combos]   # ascending: still grouped
    spot.weights = [w[::-1].copy() for w in spot.weights]
    ascending = eq._exact(spot, 1)
    rng = np.random.default_rng(5)
    order = [rng.permutation(len(c)) for c in spot.combos]
    spot.combos = [c[o] for c, o in zip(spot.combos, order)]
    spot.weights = [w[o] for w, o in zip(spot.weights, order)]
    shuffled = eq._exact(spot, 1)
    assert kernels.compiled_module() is not None
    np.testing.assert_allclose(ascending.equity, grouped.equity, rtol=0, atol=1e-12)
    np.testing.assert_allclose(shuffled.equity, grouped.equity, rtol=0, atol=1e-12)


# --- row 2: out= overlapping the input ------------------------------------------------

def test_out_overlapping_the_input_is_refused(backend):
    a = np.tile(np.arange(7, dtype=np.uint8), (1000, 1))
    with pytest.raises(ValueError, match="out overlaps the input"):
        hr.evaluate_batch(a, out=a.reshape(-1).view(np.uint16)[-1000:])
    with pytest.raises(ValueError, match="out overlaps the input"):
        hr.evaluate_batch(a, out=a.reshape(-1).view(np.uint16)[:1000])
    # overlapping an input that needs a copy anyway (int16) is refused the same
    # way: the rule is about the caller's arrays, not about the copy made inside
    b = a.astype(np.int16)
    with pytest.raises(ValueError, match="out overlaps the input"):
        hr.evaluate_batch(b, out=b.reshape(-1).view(np.uint16)[:1000])
    good = hr.evaluate_batch(a, out=np.empty(1000, np.uint16))
    assert (good == hr.evaluate(list(range(7)))).all()


def test_out_overlapping_omaha_input_is_refused():
    holes = np.tile(np.array([0, 1, 2, 3], dtype=np.uint8), (64, 1))
    boards = np.tile(np.array([4, 5, 6, 7, 8], dtype=np.uint8), (64, 1))
    with pytest.raises(ValueError, match="out overlaps the input"):
        hr.games.omaha.evaluate_omaha_batch(holes, boards,
                                            out=holes.reshape(-1).view(np.uint16)[:64])
    with pytest.raises(ValueError, match="out overlaps the input"):
        hr.games.omaha.evaluate_omaha_batch(holes, boards,
                                            out=boards.reshape(-1).view(np.uint16)[:64])


@needs_c
def test_out_over_the_head_of_a_big_input_on_two_threads_is_refused():
    a = np.tile(np.arange(7, dtype=np.uint8), (1 << 19, 1))
    with pytest.raises(ValueError, match="out overlaps"):
        hr.evaluate_batch(a, out=a.reshape(-1).view(np.uint16)[:len(a)], threads=2)
    assert (a == np.arange(7)).all()          # refused before anything was written


# --- row 4: error paths bounded in memory --------------------------------------------

@pytest.mark.parametrize("entry", ["evaluate_batch", "evaluate_omaha_batch"])
def test_sixty_million_bad_rows_cost_no_more_memory_than_the_input(entry):
    out = _python(f"""
        import json, resource, time
        import numpy as np
        import handrank as hr
        a = np.full((60_000_000, 7), 99, np.int8)      # every entry bad; 420 MB
        a[:, 0] = 0
        base = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        t = time.perf_counter()
        try:
            if {entry!r} == "evaluate_batch":
                hr.evaluate_batch(a)
            else:
                hr.games.omaha.evaluate_omaha_batch(a[:, :4], a[:, 2:])
        except hr.InvalidCardError as e:
            message = str(e)
        seconds = time.perf_counter() - t
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        print(json.dumps({{"extra_mb": (peak - base) / 1024, "message": message,
                          "seconds": seconds}}))
    """)
    print(f"{entry}: {out['extra_mb']:.1f} MB above the input, {out['seconds']:.2f} s")
    assert out["message"].startswith("invalid card id 99")
    assert "row 0, column 1" in out["message"]
    # one block of rows at a time: a few MB, against 7 GB before
    assert out["extra_mb"] < 64


def test_first_outside_finds_the_first_bad_entry_in_a_late_block():
    a = np.zeros((300_000, 7), np.int16)
    a[250_001, 3] = -1
    a[290_000, 0] = 60
    assert first_outside(a, 0, 51) == (250_001, 3)
    with pytest.raises(hr.InvalidCardError, match="invalid card id -1 at row 250001, column 3"):
        hr.evaluate_batch(a)
    assert first_outside(a[:250_001], 0, 51) is None


# --- row 5: a broadcast view of a huge shape ------------------------------------------

def test_a_huge_broadcast_input_fails_at_once():
    out = _python("""
        import json, time
        import numpy as np
        import handrank as hr
        t = time.perf_counter()
        results = []
        for dtype in (np.int64, np.uint8):
            a = np.broadcast_to(np.arange(7, dtype=dtype), (2**40, 7))
            try:
                hr.evaluate_batch(a)
                results.append("no error")
            except ValueError as e:      # before allocating: the documented ValueError
                results.append("ValueError: " + str(e).split(" of shape")[0])
        bad = np.broadcast_to(np.array([0, 1, 2, 3, 4, 5, 99]), (2**40, 7))
        try:
            hr.evaluate_batch(bad)
        except hr.InvalidCardError as e:
            results.append(str(e))
        print(json.dumps({"results": results, "seconds": time.perf_counter() - t}))
    """, timeout=60)
    assert out["results"] == ["ValueError: the cards as uint8", "ValueError: the cards as uint8",
                              "invalid card id 99 at row 0, column 6"]


# --- row 6: trials too large ----------------------------------------------------------

@pytest.mark.parametrize("trials", [10**17, 2**63, 10**12 + 1])
def test_huge_trials_is_a_value_error(trials):
    with pytest.raises(ValueError, match="trials must be at most 1,000,000,000,000"):
        hr.equity(["AsKs", "QdQc"], trials=trials)


def test_huge_trials_on_the_command_line_is_one_line():
    r = subprocess.run([sys.executable, "-m", "handrank", "equity", "AsKs", "QdQc", "--trials",
                        "100000000000000000"], capture_output=True, text=True, timeout=60)
    assert r.returncode == 2
    assert "Traceback" not in r.stderr and len(r.stderr.strip().splitlines()) == 1
    assert "trials must be at most" in r.stderr


# --- row 7: tiny weights --------------------------------------------------------------

def test_tiny_weights_do_not_underflow_to_a_clash():
    tiny = hr.equity(["AA:1e-200", "KK:1e-200"])
    plain = hr.equity(["AA", "KK"])
    assert tiny.exact
    np.testing.assert_allclose(tiny.equity, plain.equity, rtol=0, atol=1e-12)
    mixed = hr.equity(["AA:1e-300,KK:1e-300", "QQ:1e-250"])
    np.testing.assert_allclose(mixed.equity, hr.equity(["AA,KK", "QQ"]).equity, atol=1e-12)


# --- row 8: numpy scalars -------------------------------------------------------------

@needs_c
@pytest.mark.parametrize("value", [np.float32(0.01), np.float64(0.01), 0.01])
def test_numpy_scalar_target_stderr(value):
    r = hr.equity(["AsKs", "QdQc"], target_stderr=value, seed=1)
    assert r.stderr.max() < 0.01


@pytest.mark.parametrize("value", [True, "0.01", 0, 1, np.float32(1.5), float("nan")])
def test_bad_target_stderr(value):
    with pytest.raises(ValueError, match="target_stderr must be a number between 0 and 1"):
        hr.equity(["AsKs", "QdQc"], target_stderr=value)


# --- row 10: threads= on both backends ------------------------------------------------

BAD_THREADS = [0, -1, 2.0, True, "2", np.float64(2)]


@pytest.mark.parametrize("threads", BAD_THREADS, ids=repr)
def test_bad_threads_rejected_on_both_backends(threads):
    code = f"""
        import json
        import numpy as np
        import handrank as hr
        hands = np.tile(np.arange(11, dtype=np.uint8), (3, 1))
        calls = {{
            "evaluate_batch": lambda t: hr.evaluate_batch(hands[:, :7], threads=t),
            "evaluate_omaha_batch": lambda t: hr.games.omaha.evaluate_omaha_batch(hands[:, :4],
                                                                      hands[:, 4:9], threads=t),
            "showdown_batch": lambda t: hr.showdown_batch(hands[:, :5],
                                                          hands[:, 5:9].reshape(3, 2, 2),
                                                          threads=t),
            "equity": lambda t: hr.equity(["AsKs", "QdQc"], board="2c3c4c", threads=t),
        }}
        out = {{}}
        for name, call in calls.items():
            try:
                call({threads!r})
                out[name] = "accepted"
            except ValueError as e:
                out[name] = str(e)
        print(json.dumps(out))
    """
    results = {b: _python(code, env={"HANDRANK_BACKEND": b})
               for b in (["c", "python"] if hr.backend == "c" else ["python"])}
    for backend, out in results.items():
        for name, text in out.items():
            assert text.startswith("threads must be a positive int"), (backend, name, text)


# --- rows 11 and 12: huge ints and huge strings in messages ---------------------------

HUGE = 10**5000


@pytest.mark.parametrize("call", [
    lambda: hr.card(HUGE),
    lambda: hr.evaluate([HUGE, 1, 2, 3, 4]),
    lambda: hr.category(HUGE),
    lambda: hr.describe(-HUGE),
    lambda: hr.settle("As Ks Qs Js Ts", ["2c 3c", "4d 5d"], [-HUGE, 5]),
    lambda: hr.settle("As Ks Qs Js Ts", ["2c 3c", "4d 5d"], [5, 5], button=HUGE),
    lambda: hr.Range("Z" * 10_000_000),
    lambda: hr.Range("AA:" + "1" * 100_000),
    lambda: hr.settle("As Ks Qs Js Ts", ["2c 3c", "4d 5d"], [5, 5], odd_chip="x" * 10**7),
    lambda: hr.card("x" * 10**6),
    lambda: hr.cards("As " + "Q" * 10**6),
    lambda: hr.games.variants.variant("y" * 10**6),
    lambda: hr.equity(["AsKs", "QdQc"], game="z" * 10**6),
    lambda: hr.equity(["AsKs", "QdQc"], trials=-HUGE),
    lambda: hr.evaluate_batch([[HUGE] * 5]),
], ids=lambda f: "")
def test_messages_quote_at_most_about_80_characters(call):
    with pytest.raises((HandrankError, ValueError, TypeError)) as info:
        call()
    text = str(info.value)
    assert "Exceeds the limit" not in text
    assert len(text) < 3 * QUOTE_LIMIT, text[:300]


def _dask_call(**kwargs):
    hrd = dask_or_skip()
    return lambda: hrd.equity(["AsKs", "QdQc"], trials=1000, **kwargs)


@pytest.mark.parametrize("call", [
    lambda: hr.settle("As Ks Qs Js Ts", ["2c 3c", "4d 5d"], [5, 5], game="x" * 10_000),
    lambda: hr.explain("As Ks", "Qd Qc", board="2c 3d 4h", game="x" * 10_000),
    lambda: hr.explain("As Ks", "Qd Qc", board="2c 3d 4h", game=10**5000),
    lambda: hr.evaluate("As Ks Qs Js Ts", game="low_27" + "x" * 10**6),
    lambda: hr.equity(["AsAd,AsAh" + ",AsAd" * 3000, "KK"], board="As Kd 2c"),  # no combos
    lambda: _dask_call(chunk_trials="x" * 1000)(),
    lambda: _dask_call(chunk_trials=-HUGE)(),
    lambda: dask_or_skip().preflop_table(classes=["A" * 10_000]),
], ids=["settle-game", "explain-game", "explain-huge-game", "evaluate-game", "range-text",
        "dask-chunk-trials", "dask-chunk-trials-int", "preflop-class"])
def test_more_messages_quote_at_most_about_80_characters(call):
    """Messages of the calls added today quote their input as the rest do."""
    with pytest.raises((HandrankError, ValueError, TypeError)) as info:
        call()
    text = str(info.value)
    assert "Exceeds the limit" not in text
    assert len(text) < 3 * QUOTE_LIMIT, text[:300]


def test_quote():
    assert quote("Zz") == "'Zz'"
    assert quote(HUGE) == "an int of 5001 digits"
    assert quote(-HUGE + 1) == "a negative int of 5000 digits"
    assert quote(10**70) == repr(10**70)
    long = quote("a" * 200)
    assert long.startswith("'aaa") and long.endswith("(202 characters)")
    assert len(quote("b" * 10**7)) < 2 * QUOTE_LIMIT

    class Bad:
        def __repr__(self) -> str:
            raise RuntimeError("no")
    assert quote(Bad()) == "<Bad object>"


# --- row 13: settle and explain errors ------------------------------------------------

def test_settle_hands_none_names_hands():
    with pytest.raises(TypeError, match="hands must be a sequence .* got NoneType"):
        hr.settle("As Ks Qs Js Ts", None, [5, 5])


def test_settle_folded_bool_names_folded():
    message = "folded must be a sequence of bool, one per seat, got bool"
    with pytest.raises(TypeError, match=message):
        hr.settle("As Ks Qs Js Ts", ["2c 3c", "4d 5d"], [5, 5], folded=True)


@pytest.mark.parametrize("a,b,count", [
    ("As Ks Qs Js 9s", "2c 3c 4c 5c 7d", 5),
    ("As", "Kd Kc", 1),
    ("", "Kd Kc", 0),
    ("Ah Ad", "Kd", 1),
])
def test_explain_wants_two_hole_cards_beside_a_board(a, b, count):
    with pytest.raises(hr.InvalidHandError, match=f"expected 2 hole cards .* got {count}"):
        hr.explain(a, b, board="2h 3d 4h")


# --- row 14: the command line ---------------------------------------------------------

def test_bench_json_to_a_missing_directory_fails_before_the_run():
    t = time.perf_counter()
    r = subprocess.run([sys.executable, "-m", "handrank", "bench", "--quick", "--json",
                        "/nonexistent/x.json"], capture_output=True, text=True, timeout=120)
    assert r.returncode == 2
    assert "Traceback" not in r.stderr
    assert "no such directory" in r.stderr
    assert r.stdout == ""          # nothing was run or printed
    print(f"bench --json to a missing directory: rc 2 after {time.perf_counter() - t:.2f} s")


def test_garbage_backend_on_the_command_line_is_one_line():
    r = subprocess.run([sys.executable, "-m", "handrank", "eval", "As Ks Qs Js Ts"],
                       capture_output=True, text=True, timeout=60,
                       env={**os.environ, "HANDRANK_BACKEND": "garbage"})
    assert r.returncode == 2
    assert r.stderr.strip() == ("handrank: error: HANDRANK_BACKEND must be 'c' or 'python', "
                                "got 'garbage'")


def test_garbage_backend_in_a_program_is_still_an_import_error():
    r = subprocess.run([sys.executable, "-c", "import handrank"], capture_output=True,
                       text=True, timeout=60, env={**os.environ, "HANDRANK_BACKEND": "garbage"})
    assert r.returncode == 1
    assert "ImportError: HANDRANK_BACKEND must be 'c' or 'python', got 'garbage'" in r.stderr


# --- row 15: runs of connectors and gappers -------------------------------------------

@pytest.mark.parametrize("text,same", [
    ("T9s-65s", "T9s,98s,87s,76s,65s"),
    ("65s-T9s", "T9s,98s,87s,76s,65s"),
    ("J9o-64o", "J9o,T8o,97o,86o,75o,64o"),
    ("KQ-JT", "KQ,QJ,JT"),
    ("AKs-KQs", "AKs,KQs"),
    ("AKs-32s", "AKs,KQs,QJs,JTs,T9s,98s,87s,76s,65s,54s,43s,32s"),
    ("T9s-65s:0.5, AA", "T9s:0.5,98s:0.5,87s:0.5,76s:0.5,65s:0.5,AA"),
])
def test_connector_runs(text, same):
    assert hr.Range(text) == hr.Range(same)


@pytest.mark.parametrize("text", ["T9s-64s", "T9s-65o", "T9s-65", "T9s-22", "T9s-65s+"])
def test_connector_runs_need_the_same_gap_and_shape(text):
    with pytest.raises(hr.InvalidRangeError, match="cannot parse"):
        hr.Range(text)


def test_out_errors_name_what_is_wrong():
    """A non-contiguous or read-only out= of the right shape is told so (it was
    "must be ... of shape (4,), got shape (4,)")."""
    hands = np.tile(np.arange(7, dtype=np.uint8), (4, 1))
    strided = np.empty(8, dtype=np.uint16)[::2]
    assert strided.shape == (4,)
    with pytest.raises(ValueError, match=r"^out must be C-contiguous, got a non-contiguous"):
        hr.evaluate_batch(hands, out=strided)
    frozen = np.empty(4, dtype=np.uint16)
    frozen.flags.writeable = False
    with pytest.raises(ValueError, match=r"^out must be writable, got a read-only array"):
        hr.evaluate_batch(hands, out=frozen)
    with pytest.raises(ValueError, match=r"of shape \(4,\), got shape \(5,\)"):
        hr.evaluate_batch(hands, out=np.empty(5, dtype=np.uint16))
    hilo = np.empty((8, 2), dtype=np.uint16)[::2]
    with pytest.raises(ValueError, match="C-contiguous"):
        hr.games.hilo.evaluate_omaha_hilo_batch(np.tile(np.arange(4, dtype=np.uint8), (4, 1)),
                                     np.tile(np.arange(4, 9, dtype=np.uint8), (4, 1)), out=hilo)
