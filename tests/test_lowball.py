"""Low hands (RULES.md s.8): every 5-card hand of each rule against the
reference's low rules, best five of seven against the best of 21 fives,
deuce-to-seven's wheel, errors, and the pure-Python backend against C."""

from __future__ import annotations

import itertools
import json
import os
import subprocess
import sys
import textwrap
from concurrent.futures import ProcessPoolExecutor

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import handrank as hr
from handrank import reference
from handrank.games.lowball import lowball

from .conftest import random_hands

RULES = [("a5", None), ("a5", 8), ("27", None)]
CLASSES = {("a5", None): 6175, ("a5", 8): 56, ("27", None): 7462}


@pytest.fixture(scope="module")
def all_fives():
    return np.array(list(itertools.combinations(range(52), 5)), dtype=np.uint8)


def _reference_lows(rows):
    return [(reference.low_evaluate(r, rule="a5"),
             reference.low_evaluate(r, rule="a5", qualifier=8),
             reference.low_evaluate(r, rule="27")) for r in rows]


def _by_reference(rows: np.ndarray) -> np.ndarray:
    """The reference's three lows of each row, in two processes."""
    chunks = [rows[i:i + 50_000].tolist() for i in range(0, len(rows), 50_000)]
    with ProcessPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        out = [s for part in pool.map(_reference_lows, chunks) for s in part]
    return np.array(out, dtype=np.uint16).reshape(-1, 3)


@pytest.fixture(scope="module")
def reference_lows(all_fives):
    """The reference's three lows of every 5-card hand, asked once per class.

    A five-card low depends only on the multiset of ranks and on whether the
    five share a suit (RULES.md s.8: suits count only in a flush), so every
    hand is grouped by that (with numpy, not the tables), the reference rates
    one hand of each of the 7,462 groups, and every hand gets its group's
    answer.  The slow run asks the reference about every hand instead.
    """
    ranks = all_fives // 4
    counts = np.zeros((len(all_fives), 13), dtype=np.int64)
    for j in range(5):
        counts[np.arange(len(all_fives)), ranks[:, j]] += 1
    suited = (all_fives % 4 == all_fives[:, :1] % 4).all(axis=1)
    code = counts @ (5 ** np.arange(13, dtype=np.int64)) * 2 + suited
    _, first, inverse = np.unique(code, return_index=True, return_inverse=True)
    assert len(first) == 7462
    return _by_reference(all_fives[first])[inverse.ravel()]


@pytest.mark.parametrize("column,rule", list(enumerate(RULES)), ids=["a5", "a5/8", "27"])
def test_every_five_card_hand_matches_the_reference(all_fives, reference_lows, column, rule):
    lo = lowball(rule[0], qualifier=rule[1])
    ours = lo.evaluate_batch(all_fives)
    mismatch = np.flatnonzero(ours != reference_lows[:, column])
    assert mismatch.size == 0, [hr.cards_str(all_fives[i]) for i in mismatch[:5]]
    # every strength 1..classes occurs (0 only with the qualifier)
    distinct = np.unique(ours)
    expect = np.arange(0 if rule[1] else 1, CLASSES[rule] + 1)
    assert np.array_equal(distinct, expect)


def test_random_five_card_hands_hand_by_hand(all_fives):
    """100,000 five-card hands, each rated by the reference itself."""
    rows = all_fives[np.random.default_rng(31).choice(len(all_fives), 100_000, replace=False)]
    want = _by_reference(rows)
    for column, rule in enumerate(RULES):
        got = lowball(rule[0], qualifier=rule[1]).evaluate_batch(rows)
        assert np.array_equal(got, want[:, column]), rule


@pytest.mark.slow
def test_every_five_card_hand_hand_by_hand(all_fives):
    """All 2,598,960 hands, each rated by the reference (about 30 s of CPU)."""
    want = _by_reference(all_fives)
    for column, rule in enumerate(RULES):
        got = lowball(rule[0], qualifier=rule[1]).evaluate_batch(all_fives)
        mismatch = np.flatnonzero(got != want[:, column])
        assert mismatch.size == 0, [hr.cards_str(all_fives[i]) for i in mismatch[:5]]


@pytest.mark.parametrize("rule", RULES)
def test_class_counts(rule):
    lo = lowball(rule[0], qualifier=rule[1])
    assert lo.classes == CLASSES[rule] == reference.low_classes(rule=rule[0], qualifier=rule[1])


def test_strength_order_is_the_reference_order(all_fives):
    """strength -> reference low key is one-to-one and the better low is higher."""
    for rule in ("a5", "27"):
        strengths = lowball(rule).evaluate_batch(all_fives)
        first = np.unique(strengths, return_index=True)[1]
        keys = [reference.low_key(all_fives[i].tolist(), rule=rule) for i in first]
        assert all(a > b for a, b in zip(keys, keys[1:])), rule   # smaller key = better low


def test_class_categories():
    """Deuce-to-seven keeps the high categories, less the wheel straight: one more high
    card and flush class, one fewer straight and straight flush."""
    dt = lowball("27")
    cats = np.bincount(dt.tables.category[1:], minlength=10)[1:].tolist()
    assert cats == [1278, 2860, 858, 858, 9, 1278, 156, 156, 9]
    a5 = lowball("a5")
    assert np.bincount(a5.tables.category[1:], minlength=10)[1:].tolist() == \
        [1287, 2860, 858, 858, 0, 0, 156, 156, 0]


def test_deuce_to_seven_wheel_is_ace_high():
    dt = lowball("27")
    wheel = dt.evaluate("As 2d 3h 4c 5s")
    assert dt.describe(wheel) == "A-5-4-3-2 low"
    assert dt.evaluate("6s 2d 3h 4c 5s") < wheel < dt.evaluate("Ks Qd Jh Tc 8s")
    assert wheel > dt.evaluate("Ac Ad 2h 3c 4s")              # a pair is worse
    suited = dt.evaluate("As 2s 3s 4s 5s")
    assert dt.describe(suited) == "Flush, A-5-4-3-2"
    assert hr.Category(int(dt.tables.category[suited])) == hr.Category.FLUSH
    assert dt.evaluate("7s 5d 4h 3c 2s") == 7462
    assert dt.describe(1) == "Royal flush"                    # the worst low
    assert dt.evaluate("6s 5d 4h 3c 2s") == dt.evaluate("6c 5c 4c 3c 2d")


def test_ace_to_five_rules():
    lo = lowball("a5")
    assert lo.evaluate("5s 4d 3h 2c As") == lo.evaluate("5s 4s 3s 2s As") == 6175
    assert lo.evaluate("8s 5d 4h 3c 2s") > lo.evaluate("8d 6h 3s 2d Ac")
    # any unpaired hand beats any paired one; patterns in RULES.md's order
    worst_unpaired = lo.evaluate("Ks Qd Jh Tc 9s")
    assert worst_unpaired > lo.evaluate("2s 2d 3h 4c 5s")
    order = ["As Ad 2h 3c 4s", "As Ad 2h 2c 3s", "As Ad Ah 2c 3s", "As Ad Ah 2c 2s",
             "As Ad Ah Ac 2s"]
    values = [lo.evaluate(h) for h in order]
    assert values == sorted(values, reverse=True)
    l8 = lowball("a5", qualifier=8)
    assert l8.evaluate("8s 7d 6h 5c 4s") == 1 and l8.evaluate("5s 4d 3h 2c As") == 56
    assert l8.evaluate("9s 5d 4h 3c 2s") == 0 and l8.evaluate("8s 8d 4h 3c 2s") == 0
    assert l8.evaluate("9s 5d 4h 3c 2s 8d Kc") == l8.evaluate("8d 5d 4h 3c 2s")


@pytest.mark.parametrize("rule", RULES, ids=["a5", "a5/8", "27"])
@pytest.mark.parametrize("k", [6, 7])
def test_best_five_of_k_is_the_best_subset(rule, k):
    """A million random hands (and flush-heavy ones) against the best of their fives."""
    lo = lowball(rule[0], qualifier=rule[1])
    rng = np.random.default_rng(100 + k)
    hands = random_hands(rng, 1_000_000 if k == 7 else 200_000, k)
    # hands with five to seven cards of one suit, the case deuce-to-seven treats apart
    n = 100_000
    suit = rng.integers(0, 4, n)
    many = rng.integers(5, k + 1, n)
    ranks = np.argsort(rng.random((n, 13)), axis=1)
    others = np.argsort(rng.random((n, 39)), axis=1)
    flushy = np.empty((n, k), dtype=np.uint8)
    for j in range(k):     # card j: suited while j < many, else an off-suit card
        off = others[:, j]
        off_card = (off // 3) * 4 + (suit + 1 + off % 3) % 4
        flushy[:, j] = np.where(j < many, ranks[:, j] * 4 + suit, off_card)
    for batch in (hands, flushy):
        full = lo.evaluate_batch(batch)
        subsets = list(itertools.combinations(range(k), 5))
        fives = np.ascontiguousarray(batch[:, subsets].reshape(-1, 5))
        best = lo.evaluate_batch(fives).reshape(len(batch), -1).max(axis=1)
        assert np.array_equal(full, best)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(0, 51), min_size=5, max_size=7, unique=True),
       st.sampled_from(RULES))
def test_random_hands_against_the_reference(ids, rule):
    lo = lowball(rule[0], qualifier=rule[1])
    want = reference.low_evaluate(ids, rule=rule[0], qualifier=rule[1])
    assert lo.evaluate(ids) == want
    assert lo.evaluate_batch([ids]).tolist() == [want]
    assert lo.evaluate(hr.cards_str(ids)) == want


@st.composite
def flush_heavy(draw):
    """Six or seven cards, five or more of them of one suit."""
    k = draw(st.integers(6, 7))
    suit = draw(st.integers(0, 3))
    ranks = draw(st.lists(st.integers(0, 12), min_size=5, max_size=k, unique=True))
    suited = [4 * r + suit for r in ranks]
    others = [c for c in range(52) if c % 4 != suit]
    off = draw(st.lists(st.sampled_from(others), min_size=k - len(suited),
                        max_size=k - len(suited), unique=True))
    return draw(st.permutations(suited + off))


@settings(max_examples=300, deadline=None)
@given(flush_heavy())
def test_flush_heavy_hands_against_the_reference(ids):
    """Deuce-to-seven's own path: the best low avoids the flush when it can."""
    for rule, q in RULES:
        assert lowball(rule, qualifier=q).evaluate(ids) == \
            reference.low_evaluate(ids, rule=rule, qualifier=q), rule


def test_describe_and_best_five():
    lo, l8, dt = lowball("a5"), lowball("a5", qualifier=8), lowball("27")
    assert lo.describe(6175) == "5-4-3-2-A low"
    assert lo.describe(1) == "Four of a kind, Kings, with a Queen kicker"
    assert l8.describe(0) == "no qualifying low" and l8.describe(56) == "5-4-3-2-A low"
    assert dt.describe(7462) == "7-5-4-3-2 low"
    assert dt.describe(dt.evaluate("Ks Kd 2c 3h 4s")) == "One pair, Kings, with 4-3-2 kickers"
    with pytest.raises(ValueError, match="invalid strength 0, expected 1 to 6175"):
        lo.describe(0)
    with pytest.raises(ValueError, match="invalid strength 57"):
        l8.describe(57)
    with pytest.raises(TypeError):
        lo.describe(True)
    assert hr.cards_str(lo.best_five("Kh 3c Ks 6d 7c Ah 2s")) == "7c 6d 3c 2s Ah"
    assert hr.cards_str(l8.best_five("Kh Qc Ks 6d 7c Ah Js")) == "Qc Js 7c 6d Ah"
    # deuce-to-seven avoids the flush when it can, and plays it when it must
    assert hr.cards_str(dt.best_five("7h 5h 4h 3h 2h 8c Kd")) == "8c 5h 4h 3h 2h"
    assert hr.cards_str(dt.best_five("7h 5h 4h 3h 2h 9h")) == "7h 5h 4h 3h 2h"
    for rule in RULES:
        low = lowball(rule[0], qualifier=rule[1])
        for hand in ("Kh 3c Ks 6d 7c Ah 2s", "7h 5h 4h 3h 2h 8c Kd", "9s 8s 7d 6c 5h"):
            five = low.best_five(hand)
            assert low.evaluate(five) == low.evaluate(hand)


def test_lowball_errors():
    with pytest.raises(ValueError, match="unknown low rule 'razz', expected 'a5' or '27'"):
        lowball("razz")
    with pytest.raises(ValueError, match="qualifier must be None or 8, got 7"):
        lowball("a5", qualifier=7)
    with pytest.raises(TypeError, match="qualifier must be None or 8, got True"):
        lowball("a5", qualifier=True)
    with pytest.raises(TypeError, match="qualifier must be None or 8, got 8.0"):
        lowball("a5", qualifier=8.0)
    with pytest.raises(TypeError, match="rule must be 'a5' or '27', got int"):
        lowball(27)
    assert lowball("a5", qualifier=np.int64(8)).classes == 56
    with pytest.raises(ValueError, match="deuce-to-seven"):
        lowball("27", qualifier=8)
    lo = lowball("27")
    with pytest.raises(hr.InvalidCardError, match="invalid card 'Zz'"):
        lo.evaluate("As Ks Qs Js Zz")
    with pytest.raises(hr.InvalidHandError, match="expected 5 to 7 cards, got 8"):
        lo.evaluate(list(range(8)))
    with pytest.raises(hr.InvalidHandError, match="duplicate card 'As'"):
        lo.evaluate("As As Qs Js Ts")
    with pytest.raises(hr.InvalidCardError, match="invalid card id 60 at row 1, column 2"):
        lo.evaluate_batch([[0, 1, 2, 3, 4], [5, 6, 60, 7, 8]])
    with pytest.raises(hr.InvalidCardError, match="invalid card id 200 at row 0, column 0"):
        lo.evaluate_batch(np.array([[200, 1, 2, 3, 4, 5, 6]], dtype=np.uint8))
    with pytest.raises(hr.InvalidHandError, match=r"duplicate card '2c' in row 1"):
        lo.evaluate_batch(np.array([[0, 1, 2, 3, 4, 5], [0, 0, 2, 3, 4, 5]], dtype=np.uint8))
    with pytest.raises(hr.InvalidHandError, match="shape"):
        lo.evaluate_batch([[0, 1, 2, 3]])
    with pytest.raises(TypeError, match="out must be a uint16"):
        lo.evaluate_batch([[0, 1, 2, 3, 4]], out=np.empty(1, np.int32))


def test_batch_threads_and_out():
    rng = np.random.default_rng(8)
    hands = random_hands(rng, 300_000, 7)
    for rule in RULES:
        lo = lowball(rule[0], qualifier=rule[1])
        one = lo.evaluate_batch(hands, threads=1)
        out = np.empty(len(hands), np.uint16)
        assert lo.evaluate_batch(hands, out=out, threads=2) is out
        assert np.array_equal(out, one)
        assert [lo.evaluate(h) for h in hands[:200].tolist()] == one[:200].tolist()
        # a bad row past the first thread's part is still the one reported
        bad = hands.copy()
        bad[250_000, 3] = bad[250_000, 0]
        with pytest.raises(hr.InvalidHandError, match="in row 250000"):
            lo.evaluate_batch(bad, threads=2)
    assert lowball("a5").evaluate_batch(np.empty((0, 7), np.uint8)).shape == (0,)


def test_explain_lows():
    assert hr.explain("8s 5d 4h 3c 2s", "8d 6h 3s 2d Ac", game="a5") == (
        "8-5-4-3-2 beats 8-6-3-2-A: both eight-low; the second card decides, 5 against 6")
    assert hr.explain("8d 6h 3s 2d Ac", "8s 5d 4h 3c 2s", game="a5").startswith(
        "8-5-4-3-2 beats 8-6-3-2-A")
    assert hr.explain("7s 5d 4h 3c 2s", "8s 5c 4d 3h 2c", game="a5") == (
        "7-5-4-3-2 beats 8-5-4-3-2: seven-low beats eight-low")
    assert hr.explain("Ks Qd Jh Tc 9s", "2s 2d 3h 4c 5s", game="a5") == (
        "K-Q-J-T-9 beats 2-2-5-4-3: no pair beats one pair")
    assert hr.explain("3s 3d 2h 4c 5s", "4s 4d 2c 3c 5d", game="a5") == (
        "3-3-5-4-2 beats 4-4-5-3-2: both one pair; the pair decides, 3 against 4")
    assert hr.explain("As 2d 3h 4c 5s", "6s 2c 3d 4h 5c", game="27") == (
        "A-5-4-3-2 beats 6-5-4-3-2: no pair beats a straight")
    assert hr.explain("7s 6d 5h 4c 3s", "8s 7d 6h 5c 4s", game="27") == (
        "7-6-5-4-3 beats 8-7-6-5-4: both straight; the top card decides, 7 against 8")
    assert hr.explain("7s 5s 4s 3s 2s", "8d 5d 4d 3d 2d", game="27") == (
        "7-5-4-3-2 beats 8-5-4-3-2: both flush; the first card decides, 7 against 8")
    assert hr.explain("As Kd Qh Jc 9s", "Ac Kh Qd Jd 8s", game="27") == (
        "A-K-Q-J-8 beats A-K-Q-J-9: both ace-high; the fifth card decides, 8 against 9")
    assert hr.explain("8s 5d 4h 3c 2s", "8d 5h 4s 3d 2c", game="a5") == (
        "split: both are 8-5-4-3-2, rank for rank; suits never decide")
    assert hr.explain("Ah 2h", "Ac 2c", board="4d 5s 8c Kd Kh", game="a5") == (
        "split: both play 8-5-4-2-A for low")
    with pytest.raises(ValueError, match="unknown game 'a6'"):
        hr.explain("8s 5d 4h 3c 2s", "8d 6h 3s 2d Ac", game="a6")
    with pytest.raises(hr.InvalidHandError, match="duplicate card '8s' in both hands"):
        hr.explain("8s 5d 4h 3c 2s", "8s 6h 3s 2d Ac", game="a5")


# ---------------------------------------------------------------- both backends

SCRIPT = textwrap.dedent("""
    import json
    import numpy as np
    import handrank as hr
    rng = np.random.default_rng(4)
    keys = rng.random((3000, 52))
    deals = np.argpartition(keys, 13, axis=1)[:, :13].astype(np.uint8)
    # many suited cards, for deuce-to-seven's flush path
    suited = (np.argsort(rng.random((3000, 13)), axis=1)[:, :7] * 4 + 3).astype(np.uint8)
    suited[:, 5:] = deals[:, 5:7]
    suited[:, 5:][np.isin(suited[:, 5:], suited[:, :5])] = 0
    ok = np.array([len(set(r)) == 7 for r in suited.tolist()])
    suited = suited[ok]
    out = {"backend": hr.backend}
    for rule, q in (("a5", None), ("a5", 8), ("27", None)):
        lo = hr.lowball(rule, qualifier=q)
        for k in (5, 6, 7):
            out[f"{rule}{q}{k}"] = lo.evaluate_batch(deals[:, :k]).tolist()
            out[f"{rule}{q}{k}s"] = lo.evaluate_batch(suited[:, :k]).tolist()
        out[f"{rule}{q}scalar"] = [lo.evaluate(r) for r in deals[:100, :7].tolist()]
        out[f"{rule}{q}best"] = [lo.best_five(r) for r in suited[:100, :7].tolist()]
    for h in (4, 5, 6):
        out[f"hilo{h}"] = hr.games.hilo.evaluate_omaha_hilo_batch(
            deals[:, :h], deals[:, h:h + 5]).tolist()
    out["hilo1"] = list(hr.games.hilo.evaluate_omaha_hilo("As 2s Kd Qd", "3c 4h 8d Kh 9c"))
    r = hr.equity(["As 2s Kd Qd", "Ah 3h Jc Tc", "7c 7d 6h 6s"], board="4c 5d Kh 9s",
                  game="omaha-hilo")
    out["equity"] = [r.equity.tolist(), r.high.tolist(), r.low.tolist(), r.scoop.tolist()]
    s = hr.settle("4c 5d Kh 8s 9s", ["As 2s Kd Qd", "Ah 2h Jc Tc", "Qs Qh 7c 7d"],
                  [101, 101, 60], game="omaha-hilo")
    out["settle"] = [s.payouts, [p.reason for p in s.pots]]
    s = hr.settle("4c 5d Kh 8s 9s", ["As 2s", "Ah 3h", "Qs Qh"], [100, 100, 99],
                  game="holdem-hilo")
    out["settle2"] = [s.payouts, [p.reason for p in s.pots]]
    out["explain"] = hr.explain("Ah 2h", "Ac 3c", board="4d 5s 8c Kd Kh", game="a5")
    print(json.dumps(out))
""")


def _run(backend: str) -> dict:
    env = dict(os.environ, HANDRANK_BACKEND=backend)
    r = subprocess.run([sys.executable, "-c", SCRIPT], env=env, capture_output=True, text=True,
                       check=False, timeout=600)
    assert r.returncode == 0, r.stderr[-3000:]
    return json.loads(r.stdout)


def test_python_backend_gives_the_c_results():
    if hr.backend != "c":
        pytest.skip("C extension not built")
    c, py = _run("c"), _run("python")
    assert c.pop("backend") == "c" and py.pop("backend") == "python"
    assert c.keys() == py.keys()
    for key in c:
        if key == "equity":
            assert np.allclose(py[key], c[key], rtol=0, atol=1e-12)
        else:
            assert py[key] == c[key], key


GARBAGE = textwrap.dedent("""
    import numpy as np
    import handrank as hr
    rng = np.random.default_rng(12)
    rejected = 0
    for _ in range(300):
        n = int(rng.integers(1, 40))
        for top in (256, 56):
            for rule, q in (("a5", None), ("a5", 8), ("27", None)):
                for k in (5, 6, 7):
                    rows = rng.integers(0, top, size=(n, k), dtype=np.uint8)
                    s = np.sort(rows, axis=1)
                    ok = (rows < 52).all(axis=1) & (np.diff(s, axis=1) != 0).all(axis=1)
                    try:
                        hr.lowball(rule, qualifier=q).evaluate_batch(rows)
                        assert ok.all()
                    except ValueError as e:
                        assert not ok.all() and f"row {int(np.argmin(ok))}" in str(e), e
                        rejected += 1
            for h in (4, 6):
                holes = rng.integers(0, top, size=(n, h), dtype=np.uint8)
                boards = rng.integers(0, top, size=(n, 5), dtype=np.uint8)
                rows = np.concatenate([holes, boards], axis=1)
                s = np.sort(rows, axis=1)
                ok = (rows < 52).all(axis=1) & (np.diff(s, axis=1) != 0).all(axis=1)
                try:
                    hr.games.hilo.evaluate_omaha_hilo_batch(holes, boards)
                    assert ok.all()
                except ValueError as e:
                    assert not ok.all() and f"row {int(np.argmin(ok))}" in str(e), e
                    rejected += 1
    print("ok", rejected)
""")


def test_garbage_into_the_low_entry_points():
    if hr.backend != "c":
        pytest.skip("C extension not built")
    r = subprocess.run([sys.executable, "-c", GARBAGE], capture_output=True, text=True,
                       check=False, timeout=600)
    assert r.returncode == 0, r.stderr[-2000:]
    ok, rejected = r.stdout.split()
    assert ok == "ok" and int(rejected) > 0


# ------------------------------------------------- low rules are not variants

# variant= refuses a low rule in every entry point: tests/test_compat.py


@pytest.mark.parametrize("game", ["a5", "27", "holdem"])
@pytest.mark.parametrize("a,b,which,got", [
    ("", "Ac 3c", "first", 0), ("Ah", "Ac 3c", "first", 1), ("Ah 2h 3h", "Ac 3c", "first", 3),
    ("Ah 2h", "Ac", "second", 1), ("Ah 2h", "", "second", 0),
])
def test_explain_beside_a_board_takes_two_hole_cards(game, a, b, which, got):
    """Every game's explain takes exactly 2 hole cards a hand beside a board
    (the low games once took 0 or 1 and explained a hand of 5 or 6)."""
    with pytest.raises(hr.InvalidHandError,
                       match=f"expected 2 hole cards in the {which} hand beside a board, "
                             f"got {got}"):
        hr.explain(a, b, board="4d 5s 8c Kd Kh", game=game)
