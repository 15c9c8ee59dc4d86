"""Property-based fuzzing of every public entry point (hypothesis).

Arbitrary inputs: only HandrankError / ValueError / TypeError come out, with
a short message; what succeeds is right (checked against the pure-Python
rule book ``handrank.reference`` or a brute force here); no chip is created
or lost.  The fast profile takes a few seconds (``pytest -m "not slow"``);
the slow-marked copies run the same properties with many more examples.
Backend agreement over a fixed corpus of such inputs is in
tests/test_backends.py.
"""

from __future__ import annotations

import itertools
import os
from typing import Any, Callable

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import handrank as hr
from handrank import reference

from .fuzz_corpus import ISSUE_23, TOKENS, bounded, outcome

FAST = settings(max_examples=40, deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.too_slow])
# The long profile (marked slow: CI runs it; ``-m "not slow"`` leaves it out):
# 300 examples per property, about 20 s in all; HANDRANK_FUZZ_EXAMPLES=5000
# for a longer hunt.
SLOW = settings(max_examples=int(os.environ.get("HANDRANK_FUZZ_EXAMPLES", "300")),
                deadline=None, suppress_health_check=[HealthCheck.too_slow])

# ------------------------------------------------------------------ strategies

card_ids = st.integers(0, 51)
any_int = st.one_of(st.integers(-3, 60), st.integers(), st.sampled_from([2**63, -2**63, 10**40]))
token = st.one_of(st.sampled_from(TOKENS), st.text(max_size=6))
text = st.one_of(st.lists(token, max_size=9).map(" ".join), st.text(max_size=30),
                 st.lists(card_ids, max_size=9).map(
                     lambda ids: " ".join(hr.card_str(c) for c in ids)))
scalar = st.one_of(any_int, st.floats(allow_nan=True), st.none(), st.booleans(), text,
                   st.binary(max_size=8))
cards_like = st.one_of(text, st.lists(st.one_of(any_int, token), max_size=9),
                       st.lists(card_ids, min_size=5, max_size=7, unique=True),
                       scalar)
threads = st.one_of(st.none(), st.integers(-2, 3), st.sampled_from([2.0, True, "2"]))
dtypes = st.sampled_from(["uint8", "int8", "int16", "uint16", "int32", "int64", "uint64",
                          "float64", "bool"])


@st.composite
def card_arrays(draw: Any, widths: tuple[int, ...] = (5, 6, 7), valid: float = 0.7) -> Any:
    """(n, k) arrays: mostly rows of distinct cards, sometimes anything."""
    n = draw(st.integers(0, 12))
    k = draw(st.sampled_from(widths) if draw(st.floats(0, 1)) < 0.9 else st.integers(0, 9))
    dtype = draw(dtypes) if draw(st.floats(0, 1)) > valid else "uint8"
    if k <= 52 and draw(st.floats(0, 1)) < valid:
        rows = [draw(st.lists(card_ids, min_size=k, max_size=k, unique=True))
                for _ in range(n)]
        arr = np.array(rows, dtype=np.int64).reshape(n, k)
    else:
        arr = np.array(draw(st.lists(st.integers(-5, 300), min_size=n * k, max_size=n * k)),
                       dtype=np.int64).reshape(n, k)
    with np.errstate(all="ignore"):
        arr = arr.astype(dtype)
    return arr if draw(st.booleans()) else arr.tolist()


def both(prop: Callable[..., None], *strategies: Any) -> tuple[Any, Any]:
    """The property as a fast default test and as a long ``-m slow`` test."""
    fast = FAST(given(*strategies)(prop))
    slow = pytest.mark.slow(SLOW(given(*strategies)(prop)))
    return fast, slow


def _ref(ids: list[int]) -> int:
    return reference.evaluate(list(ids))


# ------------------------------------------------------------------ properties

def check_scalar_entry_points(x: Any, y: Any) -> None:
    for call in (lambda: hr.card(x), lambda: hr.cards(x), lambda: hr.card_str(x),
                 lambda: hr.category(x), lambda: hr.describe(x), lambda: hr.Range(x),
                 lambda: hr.games.variants.variant(x), lambda: hr.games.omaha.evaluate_omaha(x, y),
                 lambda: hr.explain(x, y), lambda: hr.explain(x, y, board=x)):
        outcome(call)
    got = outcome(lambda: hr.evaluate(x))
    if got[0] == "ok":
        ids = hr.cards(x)
        assert got[1] == _ref(ids)
        five = hr.best_five(x)
        assert set(five) <= set(ids) and _ref(five) == got[1]
    else:
        assert outcome(lambda: hr.best_five(x))[0] == "error"


test_scalar_entry_points, test_scalar_entry_points_slow = both(
    check_scalar_entry_points, cards_like, cards_like)


def check_evaluate_batch(a: Any, t: Any) -> None:
    got = outcome(lambda: hr.evaluate_batch(a, threads=t))
    if got[0] == "ok":
        arr = np.asarray(a)
        result = hr.evaluate_batch(a, threads=t)
        assert [int(v) for v in result] == [_ref([int(c) for c in row]) for row in arr]


test_evaluate_batch, test_evaluate_batch_slow = both(check_evaluate_batch, card_arrays(), threads)


def check_omaha_batch(h: Any, b: Any, t: Any) -> None:
    hs, bs = np.asarray(h), np.asarray(b)
    if hs.ndim == 2 and bs.ndim == 2 and len(hs) != len(bs) and len(bs):
        b = np.resize(bs, (len(hs), bs.shape[1]))
    got = outcome(lambda: hr.games.omaha.evaluate_omaha_batch(h, b, threads=t))
    if got[0] == "ok":
        result = hr.games.omaha.evaluate_omaha_batch(h, b, threads=t)
        for row, hole, board in zip(result, np.asarray(h), np.asarray(b)):
            best = max(_ref([int(c) for c in two + three])
                       for two in itertools.combinations(hole, 2)
                       for three in itertools.combinations(board, 3))
            assert int(row) == best


test_omaha_batch, test_omaha_batch_slow = both(
    check_omaha_batch, card_arrays((4, 5, 6)), card_arrays((5,)), threads)


def check_showdown_batch(deals: Any, players: int, t: Any, garbage: int) -> None:
    n = len(deals)
    b = np.array([d[:5] for d in deals], dtype=np.int64).reshape(n, 5)
    h = np.array([d[5:5 + 2 * players] for d in deals], dtype=np.int64).reshape(n, players, 2)
    if garbage and n:
        h[garbage % n, 0, 0] = garbage % 70
    got = outcome(lambda: hr.showdown_batch(b, h, threads=t))
    if got[0] == "ok":
        shares = hr.showdown_batch(b, h, threads=t)
        np.testing.assert_allclose(shares.sum(axis=1), 1.0)
        for d in range(n):
            s = [_ref([int(c) for c in b[d]] + [int(c) for c in h[d, p]])
                 for p in range(players)]
            winners = [p for p in range(players) if s[p] == max(s)]
            assert [p for p in range(players) if shares[d, p] > 0] == winners


test_showdown_batch, test_showdown_batch_slow = both(
    check_showdown_batch,
    st.lists(st.permutations(range(52)), max_size=6), st.integers(1, 6), threads,
    st.integers(0, 200))


def check_settle(chips: Any, folded: Any, button: Any, rule: Any, deal: Any, junk: Any) -> None:
    n = len(chips)
    hands: Any = [hr.cards_str(deal[5 + 2 * i:7 + 2 * i]) for i in range(n)]
    if folded is not None and len(folded) == n:
        hands = [None if f and i % 2 else h for i, (f, h) in enumerate(zip(folded, hands))]
    board: Any = hr.cards_str(deal[:5])
    if junk is not None:
        which = len(repr(junk)) % 3
        hands, board, chips = ((junk, board, chips) if which == 0 else
                               (hands, junk, chips) if which == 1 else
                               (hands, board, chips + [junk]))
    got = outcome(lambda: hr.settle(board, hands, chips, folded=folded, button=button,
                                    odd_chip=rule))
    if got[0] == "ok":
        s = hr.settle(board, hands, chips, folded=folded, button=button, odd_chip=rule)
        assert sum(s.payouts) == sum(chips)             # no chip created or lost
        assert all(p >= 0 for p in s.payouts)
        assert sum(p.amount for p in s.pots) == sum(chips)


test_settle, test_settle_slow = both(
    check_settle,
    st.lists(st.one_of(st.integers(0, 500), st.integers(0, 3)), min_size=2, max_size=10),
    st.one_of(st.none(), st.lists(st.booleans(), min_size=2, max_size=10)),
    st.one_of(st.integers(0, 9), any_int, scalar),
    st.sampled_from(["left_of_button", "high_card_by_suit", "seat_order", "x", ""]),
    st.permutations(range(52)),
    st.one_of(st.none(), st.none(), scalar))


def check_equity(hands: Any, board: Any, junk: Any, t: Any, target: Any) -> None:
    players: list[Any] = [hr.cards_str(h) for h in hands]
    if junk is not None:
        players[0] = junk
    kwargs: dict[str, Any] = {"threads": t, "exact": True}
    got = outcome(lambda: hr.equity(players, board=hr.cards_str(board), **kwargs))
    if got[0] == "ok":
        r = hr.equity(players, board=hr.cards_str(board), **kwargs)
        assert r.equity.sum() == pytest.approx(1.0)
        assert np.all(r.equity >= 0)
    if hr.backend == "c" and target is not None:
        outcome(lambda: hr.equity(players, board=hr.cards_str(board), threads=t,
                                  target_stderr=target, trials=20_000, seed=1))


@st.composite
def table(draw: Any) -> Any:
    deck = draw(st.permutations(range(52)))
    n = draw(st.integers(1, 4))
    k = draw(st.sampled_from([3, 4, 5]))
    return [deck[2 * i:2 * i + 2] for i in range(n)], deck[2 * n:2 * n + k]


def _check_equity_table(t: Any, junk: Any, th: Any, target: Any) -> None:
    check_equity(t[0], t[1], junk, th, target)


test_equity, test_equity_slow = both(
    _check_equity_table, table(), st.one_of(st.none(), st.none(), cards_like, scalar), threads,
    st.one_of(st.none(), st.floats(-1, 2), st.sampled_from([np.float32(0.5), True, "0.1"])))


@pytest.mark.parametrize("index", range(len(ISSUE_23)))
def test_issue_23_calls_answer_at_once(index: int) -> None:
    """Each call that hung before issue 23 now gives a clear error, well within 10 s."""
    name, call = ISSUE_23[index]
    got = bounded(lambda: outcome(call), 10.0)
    assert got[0] == "error" and got[1] == "InvalidRangeError", (name, got)
