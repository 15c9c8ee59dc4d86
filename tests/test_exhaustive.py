"""Exhaustive checks: every 5-card hand against the reference, every 6- and
7-card hand in C against the best of its five-card subsets."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pytest

import handrank as hr
from handrank import reference
from handrank.core import kernels

# RULES.md s.2, weakest category first.
CLASSES = [1277, 2860, 858, 858, 10, 1277, 156, 156, 10]
HANDS5 = [1302540, 1098240, 123552, 54912, 10200, 5108, 3744, 624, 40]
HANDS7 = [23294460, 58627800, 31433400, 6461620, 6180020, 4047644, 3473184, 224848, 41584]


# all_fives and reference_fives: session fixtures in conftest.py (test_evaluate.py
# rates its million 6- and 7-card hands through the same reference table).


@pytest.mark.xdist_group("reference_fives")
def test_all_five_card_hands_match_the_reference(backend, all_fives, reference_fives):
    assert len(all_fives) == 2_598_960
    ours = hr.evaluate_batch(all_fives)
    mismatch = np.flatnonzero(ours != reference_fives)
    assert mismatch.size == 0, [hr.cards_str(all_fives[i]) for i in mismatch[:5]]


def test_five_card_categories_and_classes(all_fives):
    strengths = hr.evaluate_batch(all_fives)
    cats = hr.category(strengths)
    assert np.bincount(cats, minlength=10)[1:].tolist() == HANDS5
    distinct = np.unique(strengths)
    assert len(distinct) == 7462 and distinct[0] == 1 and distinct[-1] == 7462
    assert np.bincount(hr.category(distinct), minlength=10)[1:].tolist() == CLASSES


@pytest.mark.xdist_group("reference_fives")
def test_strength_order_is_the_rule_book_order(all_fives, reference_fives):
    """strength -> reference key is one-to-one and strictly increasing."""
    strengths = hr.evaluate_batch(all_fives)
    first = np.unique(strengths, return_index=True)[1]
    keys = [reference.hand_key(all_fives[i].tolist()) for i in first]
    assert all(a < b for a, b in zip(keys, keys[1:]))
    # every hand of a strength has the same key: checked through the reference
    # strengths above, which are positions in the reference's own sorted keys
    assert len(set(keys)) == 7462


def _selftest(k: int) -> tuple[int, np.ndarray]:
    core = kernels.compiled_module()
    ffi, lib = core.ffi, core.lib
    game = lib.hr_game_at(0)
    threads = 2
    hists = [np.zeros(7463, np.uint64) for _ in range(threads)]

    def run(i):
        return lib.hr_selftest(game, k, i, threads, ffi.from_buffer("uint64_t[]", hists[i],
                                                                    require_writable=True))
    with ThreadPoolExecutor(threads) as pool:
        bad = sum(pool.map(run, range(threads)))
    return bad, sum(hists)


@pytest.mark.slow
def test_every_seven_card_hand_in_c():
    """All 133,784,560 hands: eval7 == best of 21 fives, and RULES.md's counts."""
    if kernels.compiled_module() is None:
        pytest.skip("C extension not built")
    bad, hist = _selftest(7)
    assert bad == 0
    assert int(hist.sum()) == 133_784_560
    cats = hr.category(np.arange(1, 7463))
    per_cat = np.bincount(cats, weights=hist[1:].astype(np.float64), minlength=10)[1:]
    assert per_cat.astype(np.int64).tolist() == HANDS7
    assert hist[0] == 0


def test_every_six_card_hand_in_c():
    """All 20,358,520 hands: eval6 == best of its 6 fives."""
    if kernels.compiled_module() is None:
        pytest.skip("C extension not built")
    bad, hist = _selftest(6)
    assert bad == 0 and int(hist.sum()) == 20_358_520 and hist[0] == 0


def test_enumerate7_counts():
    if kernels.compiled_module() is None:
        pytest.skip("C extension not built")
    core = kernels.compiled_module()
    hist = np.zeros(7463, np.uint64)
    core.lib.hr_enumerate7(core.lib.hr_game_at(0), 0, 1,
                           core.ffi.from_buffer("uint64_t[]", hist, require_writable=True))
    cats = hr.category(np.arange(1, 7463))
    per_cat = np.bincount(cats, weights=hist[1:].astype(np.float64), minlength=10)[1:]
    assert per_cat.astype(np.int64).tolist() == HANDS7
