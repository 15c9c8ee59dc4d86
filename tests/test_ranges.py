"""Tests for handrank.ranges: range notation, combos, weights, grid, card removal."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from handrank.core.cards import RANKS, card, card_str, cards
from handrank.core.errors import InvalidCardError, InvalidHandError, InvalidRangeError
from handrank.ranges import Range, parse_player

ALL_COMBOS = [(hi, lo) for hi in range(52) for lo in range(hi)]


def combo_set(r: Range) -> set[tuple[int, int]]:
    return set(r.combos())


def brute(pred) -> set[tuple[int, int]]:
    """Combos (hi, lo) satisfying pred(hi_rank, lo_rank, suited)."""
    return {(h, lo) for h, lo in ALL_COMBOS if pred(h // 4, lo // 4, h % 4 == lo % 4)}


R = {r: i for i, r in enumerate(RANKS)}
EXPECTED_WEIGHT = "expected a number from 0 to 1"


# ---------------------------------------------------------------------------
# counts and contents


@pytest.mark.parametrize(
    ("text", "n"),
    [
        ("random", 1326),
        ("77+", 48),
        ("22-55", 24),
        ("55-22", 24),
        ("AK", 16),
        ("AKs", 4),
        ("AKo", 12),
        ("A2s+", 48),
        ("KTo+", 36),
        ("A5s-A2s", 16),
        ("A2s-A5s", 16),
        ("K9s-K6s", 16),
        ("QQ+,AKs", 22),
        ("QQ+ , AKs", 22),
        ("22+,A2s+,KTo+", 78 + 48 + 36),
        ("AsKs", 1),
        ("A♠K♠", 1),
        ("10s9s", 1),
        ("AA+", 6),
        ("22+", 78),
        ("AK+", 16),
        ("A2+", 192),
        ("KQs-K2s", 44),
        ("AKs-AKs", 4),
        ("JJ-JJ", 6),
        ("aks", 4),
        ("KAs", 4),
        ("1010", 6),
        ("AA,AA", 6),
        ("AA:0", 0),
        ("AA,AsAh:0", 5),
    ],
)
def test_counts(text, n):
    assert len(Range(text)) == n
    assert len(Range(text).combos()) == n


def test_contents_against_brute_force():
    a, k, t, q = R["A"], R["K"], R["T"], R["Q"]
    assert combo_set(Range("77+")) == brute(lambda h, lo, s: h == lo and h >= R["7"])
    assert combo_set(Range("A2s+")) == brute(lambda h, lo, s: h == a and lo < a and s)
    assert combo_set(Range("KTo+")) == brute(lambda h, lo, s: h == k and t <= lo < k and not s)
    assert combo_set(Range("K9s-K6s")) == brute(
        lambda h, lo, s: h == k and R["6"] <= lo <= R["9"] and s
    )
    assert combo_set(Range("AK")) == brute(lambda h, lo, s: h == a and lo == k)
    assert combo_set(Range("QQ+,AKs")) == brute(
        lambda h, lo, s: (h == lo and h >= q) or (h == a and lo == k and s)
    )
    assert combo_set(Range("random")) == set(ALL_COMBOS)


def test_plus_equals_union_of_classes():
    assert Range("A2s+") == Range(",".join(f"A{r}s" for r in RANKS[:-1]))
    assert Range("KTo+") == Range("KTo,KJo,KQo")
    assert Range("77+") == Range("77,88,99,TT,JJ,QQ,KK,AA")
    assert Range("AK") == Range("AKs,AKo")


def test_dashes_run_either_way():
    assert Range("22-55") == Range("55-22") == Range("22,33,44,55")
    assert Range("A5s-A2s") == Range("A2s-A5s") == Range("A2s,A3s,A4s,A5s")
    assert Range("KTo-K8o") == Range("K8o-KTo") == Range("K8o,K9o,KTo")
    assert Range("AK-AQ") == Range("AK,AQ")


def test_exact_combo_spellings_agree():
    expected = [(card("As"), card("Ks"))]
    for text in ("AsKs", "KsAs", "A♠K♠", "a♠k♠", "asks"):
        assert Range(text).combos() == expected
    assert Range("10s9s").combos() == [(card("Ts"), card("9s"))]


def test_term_order_does_not_change_the_set():
    terms = ["22+", "A2s+", "KTo+", "AsKd", "T9s", "87o-85o"]
    first = Range(",".join(terms))
    for perm in itertools.permutations(terms):
        assert Range(", ".join(perm)) == first


_CLASS_TERMS = st.one_of(
    st.sampled_from(RANKS).map(lambda r: r + r),
    st.sampled_from(RANKS).map(lambda r: r + r + "+"),
    st.tuples(st.sampled_from(RANKS), st.sampled_from(RANKS)).map(
        lambda p: p[0] * 2 + "-" + p[1] * 2
    ),
    st.tuples(
        st.integers(1, 12), st.integers(0, 11), st.sampled_from(["", "s", "o"]), st.booleans()
    )
    .filter(lambda t: t[1] < t[0])
    .map(lambda t: RANKS[t[0]] + RANKS[t[1]] + t[2] + ("+" if t[3] else "")),
    st.tuples(st.integers(0, 51), st.integers(0, 51))
    .filter(lambda p: p[0] != p[1])
    .map(lambda p: card_str(p[0]) + card_str(p[1])),
)


@given(st.lists(_CLASS_TERMS, min_size=1, max_size=8), st.randoms())
@settings(max_examples=100, deadline=None)
def test_term_order_does_not_change_the_set_hypothesis(terms, rnd):
    shuffled = list(terms)
    rnd.shuffle(shuffled)
    a, b = Range(",".join(terms)), Range(", ".join(shuffled))
    assert a == b
    union = set().union(*(combo_set(Range(t)) for t in terms))
    assert combo_set(a) == union
    assert Range(a.text) == a


def test_combos_are_sorted_and_unique():
    for text in ("random", "QQ+,AKs", "A2s+,KTo+,76s"):
        combos = Range(text).combos()
        assert combos == sorted(set(combos), reverse=True)
        assert all(0 <= lo < hi < 52 for hi, lo in combos)
    assert Range("random").combos()[0] == (card("As"), card("Ah"))
    assert Range("random").combos()[-1] == (card("2d"), card("2c"))


def test_contains():
    r = Range("AKs")
    assert "AsKs" in r
    assert "KsAs" in r
    assert (51, 47) in r
    assert (47, 51) in r
    assert ["As", "Ks"] in r
    assert "AsKd" not in r
    assert "QsQh" not in r
    assert "AsAh" not in Range("AA,AsAh:0")
    with pytest.raises(InvalidHandError, match="expected 2 cards, got 3"):
        _ = "AsKsQs" in r
    with pytest.raises(InvalidCardError):
        _ = "AsZz" in r


# ---------------------------------------------------------------------------
# weights


def test_weights():
    r = Range("AA:0.5, KK")
    assert len(r) == 12
    assert r.weights() == [0.5] * 6 + [1.0] * 6
    assert Range("AKs").weights() == [1.0] * 4


def test_later_term_wins():
    r = Range("AKs, AsKs:0.5")
    assert dict(zip(r.combos(), r.weights()))[(51, 47)] == 0.5
    assert sorted(r.weights()) == [0.5, 1.0, 1.0, 1.0]
    r = Range("AsKs:0.5, AKs")
    assert r.weights() == [1.0] * 4
    assert Range("QQ+, QsQh:0") == Range("KK+,QsQd,QsQc,QhQd,QhQc,QdQc")


@pytest.mark.parametrize(
    ("text", "w"),
    [("AA:0.5", 0.5), ("AA:.25", 0.25), ("AA:1", 1.0), ("AA:1.0", 1.0), ("AA:0", 0.0),
     ("AA:2.5e-1", 0.25), ("AA:0.333", 0.333)],
)
def test_weight_spellings(text, w):
    r = Range(text)
    assert r.weights() == ([w] * 6 if w else [])
    assert Range(r.text) == r


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("AA:1.5", "invalid weight '1.5' in 'AA:1.5', expected a number from 0 to 1"),
        ("AA:-0.5", "invalid weight '-0.5' in 'AA:-0.5', expected a number from 0 to 1"),
        ("AA:x", "invalid weight 'x' in 'AA:x', expected a number from 0 to 1"),
        ("AA:", "invalid weight '' in 'AA:', expected a number from 0 to 1"),
        ("AA:nan", "invalid weight 'nan' in 'AA:nan', expected a number from 0 to 1"),
        ("AA:inf", "invalid weight 'inf' in 'AA:inf', expected a number from 0 to 1"),
        ("AA:1e999", "invalid weight '1e999' in 'AA:1e999', expected a number from 0 to 1"),
        ("AA:0.5:0.5", "invalid weight '0.5:0.5' in 'AA:0.5:0.5', expected a number from 0 to 1"),
        ("KK,AA: 0.5", "invalid weight ' 0.5' in 'AA: 0.5', expected a number from 0 to 1"),
    ],
)
def test_bad_weights(text, message):
    with pytest.raises(InvalidRangeError) as info:
        Range(text)
    assert str(info.value) == message


# ---------------------------------------------------------------------------
# errors


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("QQ++", "cannot parse 'QQ++'"),
        ("AKx", "cannot parse 'AKx'"),
        ("22-A5", "cannot parse '22-A5'"),
        ("AA-KK+", "cannot parse 'AA-KK+'"),
        ("A", "cannot parse 'A'"),
        ("AAs", "cannot parse 'AAs'"),
        ("AAo+", "cannot parse 'AAo+'"),
        # AKs-KQs is a run of connectors since issue 14 (row 15); ends with
        # different top cards and different gaps still cannot be read
        ("AKs-K9s", "cannot parse 'AKs-K9s'"),
        ("AKs-AQo", "cannot parse 'AKs-AQo'"),
        ("AK-AQs", "cannot parse 'AK-AQs'"),
        ("22-33-44", "cannot parse '22-33-44'"),
        ("22-", "cannot parse '22-'"),
        ("AsKx", "cannot parse 'AsKx'"),
        ("AsKsQs", "cannot parse 'AsKsQs'"),
        ("As", "cannot parse 'As'"),
        ("QQ+ AKs", "cannot parse 'QQ+ AKs'"),
        ("QQ+;AKs", "cannot parse 'QQ+;AKs'"),
        ("QQ+, 1AK", "cannot parse '1AK'"),
        ("randomly", "cannot parse 'randomly'"),
        (":0.5", "cannot parse ':0.5'"),
        ("QQ++:0.5", "cannot parse 'QQ++'"),
        ("A\u212a", "cannot parse 'A\u212a'"),  # Kelvin sign, not K
        ("AK\u017f", "cannot parse 'AK\u017f'"),  # long s, not s
        ("AA:\u0663", "invalid weight '\u0663' in 'AA:\u0663', expected a number from 0 to 1"),
        ("AsAs", "duplicate card 'As' in 'AsAs'"),
        ("", "empty range"),
        ("   ", "empty range"),
        ("AA,,KK", "empty term in 'AA,,KK'"),
        ("AA,", "empty term in 'AA,'"),
    ],
)
def test_parse_errors(text, message):
    with pytest.raises(InvalidRangeError) as info:
        Range(text)
    assert str(info.value) == message
    assert isinstance(info.value, ValueError)


def test_wrong_type():
    with pytest.raises(TypeError, match="got int"):
        Range(5)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="got list"):
        Range(["AA"])  # type: ignore[arg-type]


@given(
    st.one_of(
        st.text(max_size=12),
        st.text(alphabet="AKQJT9876543210sodhc+-:.,e ♠\u212a\u017f\u0663", max_size=16),
    )
)
@settings(max_examples=500, deadline=None)
def test_garbage_text_never_crashes(text):
    try:
        r = Range(text)
    except InvalidRangeError:
        return
    assert 0 <= len(r) <= 1326
    assert Range(r.text) == r


# ---------------------------------------------------------------------------
# text, repr, equality


@pytest.mark.parametrize(
    ("text", "normalised"),
    [
        ("QQ+,AKs", "QQ+,AKs"),
        ("qq+ , aks", "QQ+,AKs"),
        ("KAs", "AKs"),
        ("A♠K♠", "AsKs"),
        ("KsAs", "AsKs"),
        ("10s9s", "Ts9s"),
        ("1010+", "TT+"),
        ("22-55", "55-22"),
        ("A2s-A5s", "A5s-A2s"),
        ("AA:0.50", "AA:0.5"),
        ("AA:1", "AA"),
        ("AA:0.0", "AA:0"),
        ("Random", "random"),
        ("AKs, AsKs:0.5", "AKs,AsKs:0.5"),
    ],
)
def test_text_is_normalised(text, normalised):
    r = Range(text)
    assert r.text == normalised
    assert repr(r) == f"Range({normalised!r})"
    assert Range(r.text) == r


def test_copy_equality_and_hash():
    r = Range("QQ+,AKs")
    assert Range(r) == r and Range(r).text == r.text
    assert Range("AKs,QQ+") == r
    assert hash(Range("AKs,QQ+")) == hash(r)
    assert Range("AA") != Range("AA:0.5")
    assert r != "QQ+,AKs"
    assert len({Range("AA"), Range("AA"), Range("KK")}) == 2
    with pytest.raises(AttributeError):
        r.text = "AA"  # type: ignore[misc]


def test_random():
    assert Range.random() == Range("random")
    assert Range.random().text == "random"
    assert Range.from_combos(ALL_COMBOS).text == "random"


# ---------------------------------------------------------------------------
# arrays and grid


def test_arrays():
    r = Range("AA:0.5,AKs")
    ids, w = r.arrays()
    assert ids.shape == (10, 2) and ids.dtype == np.uint8 and ids.flags.c_contiguous
    assert w.shape == (10,) and w.dtype == np.float64
    assert [tuple(row) for row in ids.tolist()] == r.combos()
    assert w.tolist() == r.weights()
    ids[:] = 0  # the caller's copy
    assert r.arrays()[0].tolist() != ids.tolist()
    empty_ids, empty_w = Range("AA:0").arrays()
    assert empty_ids.shape == (0, 2) and empty_w.shape == (0,)


def test_grid_random_is_all_ones():
    g = Range("random").grid()
    assert g.shape == (13, 13) and g.dtype == np.float64
    assert np.array_equal(g, np.ones((13, 13)))


def test_grid_layout():
    g = Range("AKs").grid()
    expected = np.zeros((13, 13))
    expected[0, 1] = 1.0
    assert np.array_equal(g, expected)

    g = Range("AKo").grid()
    assert g[1, 0] == 1.0 and g.sum() == 1.0

    g = Range("22").grid()
    assert g[12, 12] == 1.0 and g.sum() == 1.0

    g = Range("32s,72o").grid()
    assert g[11, 12] == 1.0  # suited: [row of 3, row of 2], above diagonal
    assert g[12, 7] == 1.0  # offsuit: [row of 2, row of 7], below diagonal

    g = Range("AsKs,AKo:0.5,QQ:0.5,QsQh").grid()
    assert g[0, 1] == 0.25
    assert g[1, 0] == 0.5
    assert g[2, 2] == pytest.approx((5 * 0.5 + 1) / 6)

    assert np.array_equal(np.diag(Range("22+").grid()), np.ones(13))
    all_suited = ",".join(f"{hi}2s+" for hi in RANKS[1:])
    assert len(Range(all_suited)) == 312
    assert np.triu(Range(all_suited).grid(), 1).sum() == 78


@given(
    st.lists(
        st.tuples(st.sampled_from(ALL_COMBOS), st.sampled_from([0, 0.25, 0.5, 1])), max_size=40
    )
)
@settings(max_examples=100, deadline=None)
def test_grid_totals_match_weights(pairs):
    r = Range.from_combos([c for c, _ in pairs], [w for _, w in pairs])
    g = r.grid()
    sizes = np.full((13, 13), 12.0)
    sizes[np.triu_indices(13, 1)] = 4.0
    np.fill_diagonal(sizes, 6.0)
    assert (g * sizes).sum() == pytest.approx(sum(r.weights()))
    assert ((0 <= g) & (g <= 1)).all()


# ---------------------------------------------------------------------------
# card removal


def test_without():
    assert len(Range("AA").without("As")) == 3
    assert len(Range("AA").without("As Ah")) == 1
    assert len(Range("AK").without("As Kd")) == 9
    assert Range("AKs").without("Ah Ad Ac") == Range("AsKs")
    assert Range("AKs").without("Ah Ad Ac").text == "AsKs"
    assert Range("AA").without(51) == Range("AA").without("As")
    assert Range("AA").without([51, 50]) == Range("AA").without("AsAh")
    assert Range("AA").without("") == Range("AA")
    assert Range("QQ+").without("2c") == Range("QQ+")
    gone = Range("AsKs").without("As")
    assert len(gone) == 0 and gone.text == "random:0" and Range(gone.text) == gone
    with pytest.raises(InvalidCardError, match="invalid card 'Zz'"):
        Range("AA").without("Zz")


def test_without_keeps_weights():
    r = Range("AA:0.5,KK").without("As Kd")
    assert sorted(r.weights()) == [0.5] * 3 + [1.0] * 3
    assert Range(r.text) == r


@given(
    st.lists(_CLASS_TERMS, min_size=1, max_size=6),
    st.lists(st.integers(0, 51), max_size=7),
)
@settings(max_examples=100, deadline=None)
def test_without_matches_brute_force(terms, dead):
    r = Range(",".join(terms))
    out = r.without(dead)
    dead_set = set(dead)
    expected = {c: w for c, w in zip(r.combos(), r.weights()) if not dead_set & set(c)}
    assert dict(zip(out.combos(), out.weights())) == expected
    assert Range(out.text) == out


# ---------------------------------------------------------------------------
# from_combos and round trips


def test_from_combos():
    r = Range.from_combos(["AsKs", ("Ah", "Kh"), (card("Ks"), card("Kh")), np.array([49, 45])])
    assert r.combos() == [(51, 47), (50, 46), (49, 45), (47, 46)]
    assert Range.from_combos([]) == Range("AA:0")
    assert Range.from_combos(np.array([[51, 47], [47, 51]])) == Range("AsKs")
    r = Range.from_combos(["AsKs", "AsKs"], [1, 0.5])
    assert r.weights() == [0.5]
    full = Range.from_combos([c for c in ALL_COMBOS if c[0] // 4 == c[1] // 4])
    assert full.text == "22+"
    assert Range.from_combos(Range("A2s+,KTo+,55-33,T9").combos()).text == "55-33,A2s+,KTo+,T9"


@pytest.mark.parametrize(
    ("combos", "weights", "error", "message"),
    [
        (["AsAs"], None, InvalidHandError, "duplicate card 'As'"),
        (["AsKsQs"], None, InvalidHandError, "expected 2 cards, got 3"),
        (["AsZz"], None, InvalidCardError, "invalid card 'Zz'"),
        ([(51, 60)], None, InvalidCardError, "invalid card id 60"),
        (["AsKs"], [1.5], InvalidRangeError, f"invalid weight 1.5, {EXPECTED_WEIGHT}"),
        (["AsKs"], [-0.1], InvalidRangeError, f"invalid weight -0.1, {EXPECTED_WEIGHT}"),
        (["AsKs"], ["x"], InvalidRangeError, f"invalid weight 'x', {EXPECTED_WEIGHT}"),
        (["AsKs"], [float("nan")], InvalidRangeError, f"invalid weight nan, {EXPECTED_WEIGHT}"),
        (["AsKs"], [float("inf")], InvalidRangeError, f"invalid weight inf, {EXPECTED_WEIGHT}"),
        (["AsKs"], [True], InvalidRangeError, f"invalid weight True, {EXPECTED_WEIGHT}"),
        (["AsKs"], [1, 1], InvalidRangeError, "expected 1 weights, got 2"),
    ],
)
def test_from_combos_errors(combos, weights, error, message):
    with pytest.raises(error) as info:
        Range.from_combos(combos, weights)
    assert str(info.value) == message


@given(
    st.dictionaries(
        st.sampled_from(ALL_COMBOS),
        st.sampled_from([0.0, 0.1, 0.25, 1 / 3, 0.5, 1.0]),
        max_size=400,
    )
)
@settings(max_examples=100, deadline=None)
def test_text_round_trip(d):
    r = Range.from_combos(list(d), list(d.values()))
    assert Range(r.text) == r
    assert dict(zip(r.combos(), r.weights())) == {c: w for c, w in d.items() if w > 0}


# ---------------------------------------------------------------------------
# parse_player


def test_parse_player():
    one = Range("AsKs")
    assert parse_player("AsKs") == one
    assert parse_player("As Ks") == one
    assert parse_player("A♠K♠") == one
    assert parse_player([51, 47]) == one
    assert parse_player((47, 51)) == one
    assert parse_player(["As", "Ks"]) == one
    assert parse_player(np.array([51, 47])) == one
    assert parse_player(cards("Ks As")) == one
    assert len(parse_player("AK")) == 16
    assert len(parse_player("random")) == 1326
    assert len(parse_player("QQ+, AKs")) == 22
    r = Range("QQ+")
    assert parse_player(r) is r


def test_parse_player_errors():
    with pytest.raises(InvalidRangeError, match="cannot parse 'QQ\\+\\+'"):
        parse_player("QQ++")
    with pytest.raises(InvalidRangeError, match="cannot parse 'As Zz'"):
        parse_player("As Zz")
    with pytest.raises(InvalidRangeError, match="empty range"):
        parse_player("")
    with pytest.raises(InvalidHandError, match="expected 2 cards, got 3"):
        parse_player([51, 47, 43])
    with pytest.raises(InvalidHandError, match="duplicate card 'As'"):
        parse_player([51, 51])
    with pytest.raises(InvalidCardError, match="invalid card id 60"):
        parse_player([51, 60])
    with pytest.raises(TypeError, match="got NoneType"):
        parse_player(None)
    with pytest.raises(TypeError, match="got int"):
        parse_player(51)
