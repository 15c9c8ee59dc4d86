"""The public evaluation API, on both backends, against the rule-book reference."""

from __future__ import annotations

import itertools
import struct
import subprocess
import sys
import textwrap

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import handrank as hr
from handrank import reference
from handrank.core.errors import InvalidCardError, InvalidHandError

from .conftest import colex5, random_hands

# ----------------------------------------------------------------- cards


def test_card_ids_follow_the_contract():
    assert hr.card("2c") == 0
    assert hr.card("Kd") == 45
    assert hr.card("As") == 51
    assert hr.card_str(51) == "As"
    assert [hr.card_str(i) for i in range(4)] == ["2c", "2d", "2h", "2s"]


@pytest.mark.parametrize("text", ["AsKd", "As Kd", "As,Kd", "A♠ K♦", "a♠k♦", ["As", "Kd"],
                                  [51, 45], np.array([51, 45])])
def test_cards_accepts_every_spelling(text):
    assert hr.cards(text) == [51, 45]


def test_ten_and_symbols():
    assert hr.cards("10s 10♥ Tc") == [35, 34, 32]


@pytest.mark.parametrize("bad, token", [("As Zz", "'Zz'"), ("AsKdX", "'X'"), ("1s", "'1s'"),
                                        ("As,,Qx", "'Qx'")])
def test_cards_names_the_bad_token(bad, token):
    with pytest.raises(InvalidCardError, match=f"invalid card {token}"):
        hr.cards(bad)


# ----------------------------------------------------------- evaluate


def test_scale_ends(backend):
    assert hr.evaluate("As Ks Qs Js Ts") == 7462
    assert hr.evaluate("7c 5d 4h 3s 2c") == 1
    assert hr.category(7462) is hr.Category.STRAIGHT_FLUSH
    assert hr.category(1) is hr.Category.HIGH_CARD


def test_issue_examples(backend):
    s = hr.evaluate("Kh 3c Ks 6d 7c 9h 2s")
    assert hr.category(s) == hr.Category.ONE_PAIR
    assert hr.describe(s) == "One pair, Kings, with 9-7-6 kickers"
    assert sorted(hr.best_five("Kh 3c Ks 6d 7c 9h 2s")) == sorted(hr.cards("Kh Ks 9h 7c 6d"))


@pytest.mark.parametrize("text, words", [
    ("As Ks Qs Js Ts", "Royal flush"),
    ("9s 8s 7s 6s 5s", "Straight flush, Nine high"),
    ("Ah 2h 3h 4h 5h", "Straight flush, Five high"),
    ("Ac Ad Ah As Kc", "Four of a kind, Aces, with a King kicker"),
    ("Qc Qd Qh 5s 5c", "Full house, Queens full of Fives"),
    ("Kc Qc 9c 8c 5c", "Flush, K-Q-9-8-5"),
    ("Ac 2d 3h 4s 5c", "Straight, Five high"),
    ("7c 7d 7h Ks 2c", "Three of a kind, Sevens, with K-2 kickers"),
    ("Kc Kd 4h 4s Ac", "Two pair, Kings and Fours, with an Ace kicker"),
    ("Ac Kd Qh Js 9c", "High card, Ace, with K-Q-J-9"),
])
def test_describe(text, words):
    assert hr.describe(hr.evaluate(text)) == words


def test_cactus_kev_scale_anchors(backend):
    # 7463 - strength is the rank treys, deuces and phevaluator print.
    for text, ckev in [("As Ks Qs Js Ts", 1), ("Ac Ad Ah As Kc", 11), ("2c 2d 2h 2s 3c", 166),
                       ("Ac Kd Qh Js Tc", 1600), ("Ac 2d 3h 4s 5c", 1609),
                       ("Ac Kd Qh Js 9c", 6186), ("7c 5d 4h 3s 2c", 7462)]:
        assert 7463 - hr.evaluate(text) == ckev, text


def test_agrees_with_treys_on_random_hands(rng):
    treys = pytest.importorskip("treys")
    hands = random_hands(rng, 3000, 7)
    ours = hr.evaluate_batch(hands)
    ev = treys.Evaluator()
    for row, s in zip(hands, ours):
        tc = [treys.Card.new(hr.card_str(int(c))) for c in row]
        assert ev.evaluate(tc[:2], tc[2:]) == 7463 - int(s)


def test_input_forms_agree(backend):
    want = hr.evaluate("As Kd 7h 7c 2s 9d Jc")
    for x in ([51, 45, 22, 20, 3, 29, 36], (51, 45, 22, 20, 3, 29, 36),
              np.array([51, 45, 22, 20, 3, 29, 36], dtype=np.int64),
              ["As", "Kd", "7h", "7c", "2s", "9d", "Jc"], "AsKd7h7c2s9dJc",
              "A♠ K♦ 7♥ 7♣ 2♠ 9♦ J♣", "as,kd,7h,7c,2s,9d,jc",
              "As\u00a0Kd 7h\u30007c 2s\x1c9d Jc"):      # Unicode spaces, as str.split
        assert hr.evaluate(x) == want


@pytest.mark.parametrize("bad, exc, message", [
    ("As Ks Qs Js Zz", InvalidCardError, "invalid card 'Zz'"),
    ("As As Qs Js Ts", InvalidHandError, "duplicate card 'As'"),
    ("As Ks Qs Js", InvalidHandError, "expected 5 to 7 cards, got 4"),
    ("As Ks Qs Js Ts 9s 8s 7s", InvalidHandError, "expected 5 to 7 cards, got 8"),
    ([60, 1, 2, 3, 4], InvalidCardError, "invalid card id 60"),
    ([-1, 1, 2, 3, 4], InvalidCardError, "invalid card id -1"),
    ([256, 1, 2, 3, 4], InvalidCardError, "invalid card id 256"),
    ([2**70, 1, 2, 3, 4], InvalidCardError, "invalid card id"),
    ([1.0, 2, 3, 4, 5], TypeError, "got float"),
    (b"AsKsQsJsTs", TypeError, "got bytes"),
    (None, TypeError, "got NoneType"),
    ("As Ks Qs Js \udcff", InvalidCardError, "invalid card"),
    ("As Ks Qs Js Ts\x00", InvalidCardError, "invalid card"),
    ("", InvalidHandError, "expected 5 to 7 cards, got 0"),
])
def test_bad_hands_raise_clear_errors(backend, bad, exc, message):
    with pytest.raises(exc, match=message):
        hr.evaluate(bad)


# ------------------------------------------------------- evaluate_batch


def test_batch_equals_scalar(backend, rng):
    for k in (5, 6, 7):
        hands = random_hands(rng, 500, k)
        batch = hr.evaluate_batch(hands)
        assert batch.dtype == np.uint16 and batch.shape == (500,)
        assert batch.tolist() == [hr.evaluate(row.tolist()) for row in hands]


def test_batch_accepts_any_integer_dtype_and_lists(backend, rng):
    hands = random_hands(rng, 1000, 7)
    want = hr.evaluate_batch(hands)
    for dtype in (np.int8, np.int16, np.int32, np.int64, np.uint16, np.uint64):
        assert np.array_equal(hr.evaluate_batch(hands.astype(dtype)), want)
    assert np.array_equal(hr.evaluate_batch(hands.tolist()), want)
    assert np.array_equal(hr.evaluate_batch(np.asfortranarray(hands)), want)
    assert np.array_equal(hr.evaluate_batch(hands[::-1])[::-1], want)


def test_batch_out_and_threads(rng):
    hands = random_hands(rng, 300_000, 7)
    want = hr.evaluate_batch(hands, threads=1)
    out = np.zeros(len(hands), np.uint16)
    got = hr.evaluate_batch(hands, out=out, threads=2)
    assert got is out and np.array_equal(out, want)
    with pytest.raises(TypeError, match="uint16"):
        hr.evaluate_batch(hands, out=np.zeros(len(hands), np.int32))
    with pytest.raises(ValueError, match="shape"):
        hr.evaluate_batch(hands, out=np.zeros(3, np.uint16))
    with pytest.raises(ValueError, match="threads"):
        hr.evaluate_batch(hands, threads=0)


def test_empty_batch(backend):
    for a in (np.zeros((0, 7), np.uint8), np.zeros((0, 5), np.int64)):
        r = hr.evaluate_batch(a)
        assert r.shape == (0,) and r.dtype == np.uint16


def _bad(a):
    return np.array(a)


@pytest.mark.parametrize("a, exc, message", [
    (np.array([[51, 47, 43, 39, 35], [0, 4, 8, 12, 60]], np.int64), InvalidCardError,
     r"invalid card id 60 at row 1, column 4"),
    (np.array([[51, 47, 43, 39, 35], [0, 4, 8, 12, 60]], np.uint8), InvalidCardError,
     r"invalid card id 60 at row 1"),
    (np.array([[51, 47, 43, 39, 255]], np.uint8), InvalidCardError,
     r"invalid card id 255 at row 0"),
    (np.array([[51, 47, 43, 39, -1]], np.int8), InvalidCardError, r"invalid card id -1 at row 0"),
    (np.array([[51, 47, 43, 39, -128]], np.int8), InvalidCardError, r"invalid card id -128"),
    (np.array([[1, 2, 3, 4, 5], [51, 51, 43, 39, 35]]), InvalidHandError,
     r"duplicate card 'As' in row 1"),
    (np.zeros((3, 7), np.float64), TypeError, r"expected an integer array of shape \(n, 5..7\), "
     r"got shape \(3, 7\) dtype float64"),
    (np.arange(7), InvalidHandError, r"got shape \(7,\)"),
    (np.zeros((2, 4), np.uint8), InvalidHandError, r"got shape \(2, 4\)"),
    (np.zeros((2, 8), np.uint8), InvalidHandError, r"got shape \(2, 8\)"),
    (np.zeros((2, 7, 1), np.uint8), InvalidHandError, r"got shape \(2, 7, 1\)"),
    (np.array([[True] * 5]), TypeError, r"dtype bool"),
    ([[1, 2, 3, 4, 5], [4, 5]], InvalidHandError, r"rows of different lengths"),
    ([["As", "Ks", "Qs", "Js", "Ts"]], TypeError, r"dtype <U2"),
])
def test_bad_batches_raise_clear_errors(backend, a, exc, message):
    with pytest.raises(exc, match=message):
        hr.evaluate_batch(a)


def test_garbage_ids_never_crash_the_c_core():
    """Every uint8 id 0..255 in every column, in a subprocess so a crash shows."""
    code = textwrap.dedent("""
        import numpy as np, handrank as hr
        assert hr.backend == "c"
        rng = np.random.default_rng(5)
        base = np.array([0, 5, 10, 15, 20, 25, 30], np.uint8)
        n_err = 0
        for k in (5, 6, 7):
            for col in range(k):
                for v in range(256):
                    a = np.tile(base[:k], (4, 1))
                    a[2, col] = v
                    try:
                        hr.evaluate_batch(a)
                    except ValueError as e:
                        n_err += 1
                        assert "row 2" in str(e), e
        junk = rng.integers(0, 256, size=(200_000, 7), dtype=np.uint8)
        for i in range(0, len(junk), 1000):
            try:
                hr.evaluate_batch(junk[i:i + 1000])
            except ValueError:
                pass
        for v in range(256):
            try:
                hr.evaluate(bytes([v, 1, 2, 3, 4]).decode("latin-1"))
            except ValueError:
                pass
        print("ok", n_err)
    """)
    if hr.backend != "c":
        pytest.skip("C extension not built")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                       timeout=300)
    assert r.returncode == 0, r.stderr
    ok, n_err = r.stdout.split()
    # each (k, col) pair: 256 values, of which the 7..k valid distinct ones pass
    assert ok == "ok" and int(n_err) > 0


# ------------------------------------------------------------ category


def test_category_of_arrays(backend):
    s = np.array([1, 1277, 1278, 7462], dtype=np.uint16)
    c = hr.category(s)
    assert c.dtype == np.uint8 and c.tolist() == [1, 1, 2, 9]
    with pytest.raises(ValueError, match="invalid strength 7463"):
        hr.category(np.array([5, 7463]))
    with pytest.raises(ValueError, match="invalid strength 0"):
        hr.describe(0)
    with pytest.raises(TypeError):
        hr.category("7462")


# ------------------------------------------------- against the reference


@given(st.lists(st.integers(0, 51), min_size=5, max_size=7, unique=True))
@settings(max_examples=300, deadline=None)
def test_random_hands_match_reference(ids):
    assert hr.evaluate(ids) == reference.evaluate(ids)


@given(st.lists(st.integers(0, 51), min_size=5, max_size=7, unique=True),
       st.permutations(range(4)), st.randoms(use_true_random=False))
@settings(max_examples=300, deadline=None)
def test_suit_relabelling_and_order_do_not_matter(ids, perm, rnd):
    relabelled = [4 * (c // 4) + perm[c % 4] for c in ids]
    rnd.shuffle(relabelled)
    assert hr.evaluate(relabelled) == hr.evaluate(ids)


def test_batch_invariances(rng, hands7):
    hands = hands7[:200_000]
    want = hr.evaluate_batch(hands)
    perm = rng.permutation(4)
    relabelled = (hands // 4 * 4 + perm[hands % 4]).astype(np.uint8)
    shuffled = rng.permuted(relabelled, axis=1)
    assert np.array_equal(hr.evaluate_batch(shuffled), want)


def test_c_equals_fallback_on_a_million_hands(hands7, hands6):
    """The C core and the numpy backend agree on 1,000,000 6- and 7-card hands."""
    from handrank.core import _fallback, _tables, kernels

    if kernels.compiled_module() is None:
        pytest.skip("C extension not built")
    tables = _tables.load_bin()["holdem"]
    for hands in (hands6, hands7):
        out = np.empty(len(hands), np.uint16)
        assert _fallback.eval_batch(tables, hands, out) == -1
        assert np.array_equal(out, hr.evaluate_batch(hands))


def test_seven_cards_are_the_best_of_their_21_fives(hands7):
    hands = hands7[:100_000]
    best = np.zeros(len(hands), np.uint16)
    for sub in itertools.combinations(range(7), 5):
        best = np.maximum(best, hr.evaluate_batch(np.ascontiguousarray(hands[:, sub])))
    assert np.array_equal(hr.evaluate_batch(hands), best)


@pytest.mark.slow
@pytest.mark.xdist_group("reference_fives")
@pytest.mark.parametrize("k", [6, 7])
def test_a_million_hands_match_the_reference(k, hands6, hands7, all_fives, reference_fives):
    """C == reference on 1,000,000 random k-card hands.

    ``reference.evaluate`` rates a 6- or 7-card hand as the best key over its
    five-card subsets, and its strengths are positions in its sorted keys, so the
    reference strength of a k-card hand is the maximum of the reference strengths
    of its subsets.  Every five-card hand was rated by the reference one by one
    (``reference_fives``); here each hand takes that maximum over its subsets by
    table lookup, the reference's own number for all million hands.  The first
    20,000 hands are also rated by ``reference.evaluate`` directly, which checks
    that identity on the way.
    """
    hands = (hands6 if k == 6 else hands7)
    ours = hr.evaluate_batch(hands)
    by_colex = np.empty(len(all_fives), np.uint16)
    by_colex[colex5(all_fives)] = reference_fives
    rows = np.sort(hands, axis=1)
    theirs = np.zeros(len(hands), np.uint16)
    for sub in itertools.combinations(range(k), 5):
        theirs = np.maximum(theirs, by_colex[colex5(rows[:, sub])])
    direct = [reference.evaluate(r) for r in hands[:20_000].tolist()]
    assert np.array_equal(theirs[:20_000], np.array(direct, dtype=np.uint16))
    assert np.array_equal(ours, theirs)


@pytest.mark.parametrize("dtype", [np.uint8, np.int8, np.int64, np.uint16, np.int32, np.int16,
                                   np.uint32, np.uint64, np.longlong, ">i4", ">u2", ">i8"])
def test_one_hand_as_an_array_is_a_list(dtype):
    """One hand given as a 1-D array (the fast path: each native integer
    width's bytes straight to C) answers and fails as the same hand given as
    a list of ints does, in every integer dtype and byte order; an id that
    narrowed to a byte or 16 bits would alias a card is an error."""
    from handrank.core import kernels
    from handrank.games import holdem
    rng = np.random.default_rng(4)
    dt = np.dtype(dtype)
    for k in (5, 6, 7):
        for _ in range(50):
            ids = rng.permutation(52)[:k]
            want = hr.evaluate([int(x) for x in ids])
            assert hr.evaluate(np.array(ids, dt)) == holdem.evaluate(np.array(ids, dt)) == want
            if kernels.have_c():           # the C call itself answers (0 would fall back)
                assert kernels.one_array(np.array(ids, dt)) == want
            # a strided view: its bytes are the row's, not the buffer's
            wide = np.zeros(2 * k, dt)
            wide[::2] = ids
            assert hr.evaluate(wide[::2]) == want
    bads = [[51, 51, 3, 4, 5], [60, 1, 2, 3, 4], [1, 2, 3, 4], [1, 2, 3, 4, 5, 6, 7, 8],
            [-1, 1, 2, 3, 4], [0, 1, 2, 3, 256 + 4, 5, 6], [0, 1, 2, 3, 65536 + 4, 5, 6],
            [0, 1, 2, 3, 2**32 + 4, 5], [-256 + 4, 0, 1, 2, 3]]
    info = np.iinfo(dt)
    for bad in bads:
        if min(bad) < info.min or max(bad) > info.max:
            continue
        with pytest.raises(Exception) as want:
            hr.evaluate(bad)
        if kernels.have_c():               # the C call declines, the general path says why
            try:
                declined = kernels.one_array(np.array(bad, dt)) == 0
            except struct.error:           # a list's packer (another byte order): caught too
                declined = True
            assert declined
        for f in (hr.evaluate, holdem.evaluate):
            with pytest.raises(type(want.value)) as got:
                f(np.array(bad, dt))
            assert str(got.value) == str(want.value)


def test_one_hand_fast_paths_answer_and_fail_as_the_general_path():
    """Each form the one-hand fast paths take (hr.evaluate and
    games.holdem.evaluate, list/tuple packers, text without an ASCII test,
    int64 arrays read as their bytes) answers as a list of ints does, and an
    input they cannot rank raises the general path's error."""
    from handrank.games import holdem
    rng = np.random.default_rng(21)
    for k in (5, 6, 7):
        for _ in range(30):
            ids = [int(x) for x in rng.permutation(52)[:k]]
            want = hr.evaluate(ids)
            text = " ".join(hr.card_str(c) for c in ids)
            symbols = text.replace("s", "\u2660").replace("h", "\u2665")
            for x in (tuple(ids), [np.int64(c) for c in ids], [np.uint8(c) for c in ids],
                      text, symbols, np.array(ids, ">i8"), np.array(ids, np.int64)[::-1]):
                assert hr.evaluate(x) == holdem.evaluate(x) == want
    for bad in ([51, 51, 3, 4, 5, 6, 7], [True, 1, 2, 3, 4], [0, 1, 2, 3, 4, 5, 2**64 + 6],
                [-1, 1, 2, 3, 4, 5, 6], [1.0, 2, 3, 4, 5, 6, 7], "As Ks Qs Js\x00Ts",
                "As Ks Qs Js \udcff", np.array([51, 50, 49, 48, 47, 46, -1]),
                np.array([[51, 50, 49, 48, 47, 46, 45]])):
        for f in (hr.evaluate, holdem.evaluate):
            try:
                want_err = None
                _ = hr.evaluate([int(c) for c in bad]) if not isinstance(bad, str) \
                    and np.ndim(bad) == 1 else None
            except Exception as e:     # the list form's error, the message to match
                want_err = e
            with pytest.raises((InvalidCardError, InvalidHandError, TypeError)) as got:
                f(bad)
            if want_err is not None and not isinstance(bad, list):
                assert type(got.value) is type(want_err) and str(got.value) == str(want_err)


_INT_DTYPES = [np.dtype(t).newbyteorder(order) for t in
               (np.int8, np.uint8, np.int16, np.uint16, np.int32, np.uint32, np.int64, np.uint64)
               for order in ("=", "S")]


@settings(max_examples=400, deadline=None)
@given(st.sampled_from(_INT_DTYPES), st.integers(3, 9), st.data())
def test_one_hand_array_of_any_integer_dtype_is_the_list(dt, k, data):
    """Any 1-D integer array (every width, signedness and byte order; ids in
    and out of the deck, repeats, values that alias a card when narrowed)
    answers or fails exactly as the list of the same Python ints does."""
    info = np.iinfo(dt)
    near = st.integers(0, 60)
    wide = st.integers(int(info.min), int(info.max))
    ids = data.draw(st.lists(st.one_of(near, near, near, wide), min_size=k, max_size=k))
    arr = np.array(ids, dtype=dt)
    as_list = [int(v) for v in arr]
    try:
        want: object = hr.evaluate(as_list)
    except Exception as e:          # the list's error: the array must raise the same
        want = (type(e), str(e))
    from handrank.games import holdem
    for f in (hr.evaluate, holdem.evaluate):
        try:
            got: object = f(arr)
        except Exception as e:
            got = (type(e), str(e))
        assert got == want
