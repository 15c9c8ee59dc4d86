"""Shared fixtures: the API suite runs on both backends in one process."""

from __future__ import annotations

import importlib
import itertools
import math
import os
from concurrent.futures import ProcessPoolExecutor

import numpy as np
import pytest

from handrank import reference
from handrank.core import _backend, _tables, kernels

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
        if _backend.core is None:
            pytest.skip("C extension not built")
        return "c"
    bin_tables = _tables.load_bin()
    monkeypatch.setattr(kernels, "_C", None)
    for name in ("_C", "_EVAL7", "_eval_bytes"):      # the one-hand paths' bound C calls
        monkeypatch.setattr(evaluate_module, name, None)
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


# The edit-test loop: `python -m pytest -m "not slow and not long" -x -q` (the
# README names it) leaves out the `slow` checks and the tests below, which take
# a second or more each (subprocesses, exhaustive spaces, builds); together they
# are most of the suite's time.  CI (the README's test command) runs them all,
# and so do the wheel jobs (they leave out `slow` only).  An entry is a whole
# file or a test function (every parametrised case of it).
LONG = (
    "tests/test_interrupt.py",            # Ctrl-C in child processes
    "tests/test_python_backend.py",       # equity on the numpy backend
    "tests/test_exhaustive.py",           # all 2,598,960 five-card hands
    "tests/test_kernels.py",              # builds the plain C core
    "tests/test_sdist.py",                # builds an sdist
    "tests/test_typing.py",               # runs mypy
    "tests/test_fork.py",                 # forks and pools
    "tests/test_dask.py",                 # a local dask cluster
    "tests/test_tables.py::test_regenerated_tables_are_byte_identical_to_the_built_ones",
    "tests/test_index.py::test_flop_exhaustive_bijection",
    "tests/test_index.py::test_reduced_deck_exhaustive_bijection",
    "tests/test_analysis.py::test_c_tallies_check_counts_before_laying_out_scratch",
    "tests/test_analysis.py::test_preflop_range_equity_from_shared_patterns_is_the_runout_loop",
    "tests/test_draw.py::test_badugi_every_hand_against_reference",
    "tests/test_lowball.py::test_every_five_card_hand_matches_the_reference",
    "tests/test_lowball.py::test_best_five_of_k_is_the_best_subset",
    "tests/test_variants.py::test_five_card_space_exhaustive",
    "tests/test_variants.py::test_seven_card_random",
    "tests/test_variants.py::test_seven_card_exhaustive_32_card_deck",
    "tests/test_reference.py::test_stripped_deck_exhaustive",
    "tests/test_evaluate.py::test_batch_invariances",
    "tests/test_games.py::test_equity_exact_vs_brute_force",
    "tests/test_showdown.py::test_settle_properties",
    "tests/test_backends.py::test_both_backends_accept_and_reject_the_same_fuzz_corpus",
    "tests/test_omaha_ranges.py::test_pattern_matches_brute_force",
    "tests/test_history.py::test_streams_in_bounded_memory",
    "tests/test_history.py::test_generated_corpus_agrees_and_fast_path_equals_settle",
    "tests/test_hardening.py::test_sixty_million_bad_rows_cost_no_more_memory_than_the_input",
    "tests/test_analysis_output.py::test_range_equity_plot_grid_and_curve",
    "tests/test_first_hour.py::test_the_docs_pictures_are_drawn_by_the_library_at_build_time",
    "tests/test_lowball.py::test_random_five_card_hands_hand_by_hand",
    "tests/test_lowball.py::test_python_backend_gives_the_c_results",
    "tests/test_evaluate.py::test_c_equals_fallback_on_a_million_hands",
    "tests/test_deals.py::test_refused_exactly_when_no_deal_exists",
    "tests/test_index.py::test_unindex_gives_a_member",
    "tests/test_hardening.py::test_bad_threads_rejected_on_both_backends",
    "tests/test_hilo.py::test_settle_against_brute_force",
    "tests/test_hilo.py::test_flop_equity_and_monte_carlo",
    "tests/test_hilo_range_equity.py::test_random_and_seeds",
    "tests/test_omaha_range_equity.py::test_rare_deals_are_refused_not_returned_on_fewer_trials",
    "tests/test_games_stud_draw.py::test_equity_exact_against_brute_force",
    "tests/test_evaluate.py::test_seven_cards_are_the_best_of_their_21_fives",
    "tests/test_ranges.py::test_garbage_text_never_crashes",
    "tests/test_lowball.py::test_strength_order_is_the_reference_order",
    "tests/test_index.py::test_suit_relabelling_and_order_keep_the_index",
    "tests/test_exact_random.py::test_one_range_by_classes_of_its_combos",
    "tests/test_exact_random.py::test_preflop_three_way_is_exact_and_agrees_with_monte_carlo",
    "tests/test_exact_random.py::test_equals_the_tuple_enumeration",
    "tests/test_omaha_mc.py::test_table_is_the_same_on_one_or_many_workers",
    "tests/test_omaha_mc.py::test_percentage_ranges",
    "tests/test_stud_mc.py::test_hold_rules_are_best_hold",
    "tests/test_draw.py::test_draw_odds_against_a_drawing_opponent",
    "tests/test_boards.py::test_build_resumes_bit_identically",
    "tests/test_boards.py::test_cli_boards_resumes_a_stopped_run",
    "tests/test_hu_preflop.py::test_equity_equals_the_enumeration_on_every_pair_of_sampled_classes",
    "tests/test_hu_preflop.py::test_every_ordered_pair_maps_to_an_isomorphic_representative",
    "tests/test_omaha_exact.py::test_impossible_deals_still_refused_with_the_same_message",
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
