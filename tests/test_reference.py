"""Tests for handrank.reference, the pure-Python rule book (RULES.md sections 2, 3, 5, 7)."""

from __future__ import annotations

import collections
import importlib.util
import itertools
import math
import pathlib
import re
import sys

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

try:
    from handrank import reference
except Exception:  # a broken package __init__ must not hide the oracle: it stands alone
    _path = pathlib.Path(__file__).parents[1] / "src" / "handrank" / "reference" / "__init__.py"
    _spec = importlib.util.spec_from_file_location("_handrank_reference", _path)
    reference = importlib.util.module_from_spec(_spec)
    sys.modules[_spec.name] = reference
    _spec.loader.exec_module(reference)

RANKS = "23456789TJQKA"
SUITS = "cdhs"

STANDARD: dict = {}
SHORT_DECK = {"lowest": 4, "flush_beats_full": True}
BRAZILIAN_32 = {"lowest": 5, "flush_beats_full": True}

NAMES = reference.CATEGORY_NAMES


def card(text: str) -> int:
    """Test-side card id, written independently of the module's parser."""
    return 4 * RANKS.index(text[0]) + SUITS.index(text[1])


def cards(text: str) -> list[int]:
    return [card(token) for token in text.split()]


def category(hand, **options) -> str:
    key = reference.best_key(hand, **options)
    return NAMES[reference.category_of_key(key, **options)]


# --------------------------------------------------------------- API basics


def test_category_names():
    assert NAMES[1:] == (
        "HIGH_CARD",
        "ONE_PAIR",
        "TWO_PAIR",
        "THREE_OF_A_KIND",
        "STRAIGHT",
        "FLUSH",
        "FULL_HOUSE",
        "FOUR_OF_A_KIND",
        "STRAIGHT_FLUSH",
    )
    assert len(NAMES) == 10


def test_card_ids():
    assert reference.hand_key([0, 45, 51, 20, 30]) == reference.hand_key("2c Kd As 7c 9h")
    assert card("2c") == 0 and card("Kd") == 45 and card("As") == 51


@pytest.mark.parametrize(
    "text",
    ["As Kd 7h 7c 2s", "AsKd7h7c2s", "AsKd 7h7c  2s", "\tAs\nKd 7h 7c 2s "],
)
def test_string_forms(text):
    assert reference.hand_key(text) == reference.hand_key([51, 45, 22, 20, 3])


def test_other_input_forms():
    expected = reference.evaluate([51, 45, 22, 20, 3])
    assert reference.evaluate(["As", "Kd", "7h", "7c", "2s"]) == expected
    assert reference.evaluate(np.array([51, 45, 22, 20, 3], dtype=np.uint8)) == expected
    assert reference.evaluate(iter([51, 45, 22, 20, 3])) == expected
    assert reference.evaluate((51, 45, 22, 20, 3, 0, 4)) == reference.evaluate(
        "As Kd 7h 7c 2s 2c 3c"
    )


def test_hand_key_shapes():
    # RULES.md 3: group by size, largest first, equal sizes high rank first.
    assert reference.hand_key("Kh Ks 4c 4d Ad") == (3, 11, 2, 12)  # K, 4, A
    assert reference.hand_key("Qh Qs Jc Jd Kd") == (3, 10, 9, 11)  # Q, J, K
    assert reference.hand_key("Kh Ks 4c 4d Ad") > reference.hand_key("Qh Qs Jc Jd Kd")
    assert reference.hand_key("3c 3d 3h Ac As") == (7, 1, 12)
    assert reference.hand_key("9c 9d 9h 9s 2c") == (8, 7, 0)
    assert reference.hand_key("9c 9d 9h Ks 2c") == (4, 7, 11, 0)
    assert reference.hand_key("9c 9d 5h Ks 2c") == (2, 7, 11, 3, 0)
    assert reference.hand_key("9c 8d 5h Ks 2c") == (1, 11, 7, 6, 3, 0)
    assert reference.hand_key("9c 8c 5c Kc 2c") == (6, 11, 7, 6, 3, 0)
    assert reference.hand_key("Ac 2d 3h 4s 5c") == (5, 3)  # the wheel's top card is the 5
    assert reference.hand_key("Tc Jd Qh Ks Ac") == (5, 12)
    assert reference.hand_key("Tc Jc Qc Kc Ac") == (9, 12)


# ------------------------------------------------------- RULES.md 5 examples

HOLDEM_EXAMPLES = [
    # board, player 1, player 2, winner (1, 2 or 0 = split), best five of p1, of p2
    ("Ks 6d 7c 9h 2s", "Kh 3c", "Kd 8c", 2, "KK976", "KK987"),
    ("Ks 6d 7c 9h 2s", "Kh 3c", "Kd 4c", 0, "KK976", "KK976"),
    ("Ac Kh Qd 5s 5c", "Qs Qc", "Ad 5h", 1, "QQQ55", "555AA"),
    ("5c 8c 9c Kc Qc", "7c Jc", "Ac 3h", 2, "KQJ98", "AKQ98"),
    ("Ac 2d 4s Qh Kd", "Ad 2c", "Ks Qd", 1, "AA22K", "KKQQA"),
    ("6c 6d 8c 8d Qs", "5c 5d", "As 4h", 2, "8866Q", "8866A"),
    ("Jd 5c 5h 2s Ah", "Jc 7d", "Jh 6s", 0, "JJ55A", "JJ55A"),
    ("Jd 5c 5h 2s 4h", "Jc 7d", "Jh 6s", 1, "JJ557", "JJ556"),
    ("As Kd Qc Jh Ts", "2c 3d", "9s 9h", 0, "AKQJT", "AKQJT"),
    ("Qs 9h 6d 4c 2s", "Ad Qc", "Kd Qh", 1, "QQA96", "QQK96"),
]


def ranks_of(ids) -> list[int]:
    return sorted(i // 4 for i in ids)


@pytest.mark.parametrize("board, hole1, hole2, winner, five1, five2", HOLDEM_EXAMPLES)
def test_rules_holdem_examples(board, hole1, hole2, winner, five1, five2):
    hand1 = cards(hole1) + cards(board)
    hand2 = cards(hole2) + cards(board)
    key1, key2 = reference.best_key(hand1), reference.best_key(hand2)
    s1, s2 = reference.evaluate(hand1), reference.evaluate(hand2)
    expected = {1: (1, 0), 2: (0, 1), 0: (0, 0)}[winner]
    assert ((key1 > key2), (key2 > key1)) == expected
    assert ((s1 > s2), (s2 > s1)) == expected
    # the best five named in RULES.md
    assert ranks_of(reference.best_five(hand1)) == sorted(RANKS.index(r) for r in five1)
    assert ranks_of(reference.best_five(hand2)) == sorted(RANKS.index(r) for r in five2)
    # the string form of the same seven cards gives the same answer
    assert reference.evaluate(f"{hole1} {board}") == s1


def test_rules_playing_the_board_any_hole_cards():
    board = cards("As Kd Qc Jh Ts")
    board_strength = reference.evaluate(board)
    rest = [c for c in range(52) if c not in board]
    for hole in itertools.combinations(rest, 2):
        assert reference.evaluate(list(hole) + board) == board_strength


@pytest.mark.parametrize(
    "better, worse",
    [
        ("As Jd 9h 5c 3c", "Ac Jh 8d 7s 6c"),  # third card, 9 vs 8
        ("As Ad Kh 7c 2c", "Ac Ah Qd Js Tc"),  # third card, K vs Q
        ("3s 3d 3h Ac As", "2c 2h 2s Kd Kh"),  # trips decide, pair never looked at
        ("2s 3d 4h 5c 6c", "As 2d 3h 4c 5c"),  # six-high straight beats the wheel
        ("Kh Ks 4c 4d Ad", "Qh Qs Jc Jd Kd"),  # RULES.md 3: K, 4, A vs Q, J, K
    ],
)
def test_rules_five_card_comparisons(better, worse):
    assert reference.hand_key(better) > reference.hand_key(worse)
    assert reference.evaluate(better) > reference.evaluate(worse)


def test_rules_suits_never_decide():
    assert reference.hand_key("As Ah Kc Qd Js") == reference.hand_key("Ac Ad Kh Qs Jd")
    assert reference.evaluate("As Ah Kc Qd Js") == reference.evaluate("Ac Ad Kh Qs Jd")


def test_categories_strongest_first():
    hands = [
        "7c 5d 4h 3s 2c",
        "2c 2d 4h 3s 7c",
        "2c 2d 3h 3s 4c",
        "2c 2d 2h 3s 4c",
        "Ac 2d 3h 4s 5c",
        "2c 3c 4c 5c 7c",
        "2c 2d 2h 3s 3c",
        "2c 2d 2h 2s 3c",
        "Ac 2c 3c 4c 5c",
    ]
    strengths = [reference.evaluate(h) for h in hands]
    assert strengths == sorted(strengths)
    assert [category(h) for h in hands] == list(NAMES[1:])


def test_no_wraparound():
    assert category("Qc Kd Ah 2s 3c") == "HIGH_CARD"
    assert category("Kc Ad 2h 3s 4c") == "HIGH_CARD"


# ---------------------------------------------------- standard-deck anchors


def test_standard_anchors():
    assert reference.evaluate("7c 5d 4h 3s 2c") == 1
    assert reference.evaluate("As Ks Qs Js Ts") == 7462
    assert reference.classes() == 7462


@pytest.mark.parametrize(
    "hand, cactus_kev",
    [
        ("Ah Kh Qh Jh Th", 1),  # royal flush
        ("6d 5d 4d 3d 2d", 9),  # 6-high straight flush: 10 straight flushes, 5-high last
        ("5s 4s 3s 2s As", 10),  # steel wheel, the lowest straight flush
        ("As Ah Ac Ad Kc", 11),  # best quads, right after the 10 straight flushes
        ("2c 2d 2h 2s 3c", 166),  # worst quads: 10 + 156
        ("Ac Ad Ah Ks Kc", 167),  # best full house
        ("As Ks Qs Js 9s", 323),  # best flush: 10 + 156 + 156 + 1
        ("Ac Kd Qh Js Tc", 1600),  # best straight: 10 + 156 + 156 + 1277 + 1
        ("5c 4d 3h 2s Ac", 1609),  # the wheel, worst straight
        ("Ac Kd Qh Js 9c", 6186),  # best high card: 7462 - 1277 + 1
        ("7c 5d 4h 3s 2c", 7462),  # worst hand
    ],
)
def test_cactus_kev_ranks(hand, cactus_kev):
    # 7463 - strength is the rank used by Cactus Kev / treys / deuces (1 = royal).
    assert 7463 - reference.evaluate(hand) == cactus_kev


# ----------------------------------------------------------------- counts


def expected_class_counts(n_ranks: int) -> dict[str, int]:
    """Distinct strengths per category for a deck of n_ranks ranks, counted by hand."""
    straights = n_ranks - 4 + 1  # n - 4 natural straights + the ace-low one
    no_pair = math.comb(n_ranks, 5)
    return {
        "HIGH_CARD": no_pair - straights,
        "ONE_PAIR": n_ranks * math.comb(n_ranks - 1, 3),
        "TWO_PAIR": math.comb(n_ranks, 2) * (n_ranks - 2),
        "THREE_OF_A_KIND": n_ranks * math.comb(n_ranks - 1, 2),
        "STRAIGHT": straights,
        "FLUSH": no_pair - straights,
        "FULL_HOUSE": n_ranks * (n_ranks - 1),
        "FOUR_OF_A_KIND": n_ranks * (n_ranks - 1),
        "STRAIGHT_FLUSH": straights,
    }


def expected_hand_counts(n_ranks: int) -> dict[str, int]:
    """Five-card hands per category for a deck of n_ranks ranks x 4 suits."""
    straights = n_ranks - 3
    no_pair = math.comb(n_ranks, 5)
    return {
        "HIGH_CARD": (no_pair - straights) * (4**5 - 4),
        "ONE_PAIR": n_ranks * math.comb(4, 2) * math.comb(n_ranks - 1, 3) * 4**3,
        "TWO_PAIR": math.comb(n_ranks, 2) * math.comb(4, 2) ** 2 * (n_ranks - 2) * 4,
        "THREE_OF_A_KIND": n_ranks * 4 * math.comb(n_ranks - 1, 2) * 4**2,
        "STRAIGHT": straights * (4**5 - 4),
        "FLUSH": (no_pair - straights) * 4,
        "FULL_HOUSE": n_ranks * 4 * (n_ranks - 1) * 6,
        "FOUR_OF_A_KIND": n_ranks * (n_ranks - 1) * 4,
        "STRAIGHT_FLUSH": straights * 4,
    }


def class_counts(**options) -> dict[str, int]:
    counter = collections.Counter(
        NAMES[reference.category_of_key(key, **options)]
        for key in reference.all_keys(**options)
    )
    return dict(counter)


def test_standard_counts_match_rules_md():
    assert class_counts() == {
        "HIGH_CARD": 1277,
        "ONE_PAIR": 2860,
        "TWO_PAIR": 858,
        "THREE_OF_A_KIND": 858,
        "STRAIGHT": 10,
        "FLUSH": 1277,
        "FULL_HOUSE": 156,
        "FOUR_OF_A_KIND": 156,
        "STRAIGHT_FLUSH": 10,
    }
    assert expected_class_counts(13) == class_counts()
    assert expected_hand_counts(13) == {
        "HIGH_CARD": 1302540,
        "ONE_PAIR": 1098240,
        "TWO_PAIR": 123552,
        "THREE_OF_A_KIND": 54912,
        "STRAIGHT": 10200,
        "FLUSH": 5108,
        "FULL_HOUSE": 3744,
        "FOUR_OF_A_KIND": 624,
        "STRAIGHT_FLUSH": 40,
    }
    assert sum(expected_hand_counts(13).values()) == math.comb(52, 5)


@pytest.mark.parametrize(
    "options, total",
    [(STANDARD, 7462), (SHORT_DECK, 1404), (BRAZILIAN_32, 840)],
)
def test_class_counts(options, total):
    n_ranks = 13 - options.get("lowest", 0)
    assert reference.classes(**options) == total
    assert len(reference.all_keys(**options)) == total
    assert class_counts(**options) == expected_class_counts(n_ranks)
    assert sum(expected_class_counts(n_ranks).values()) == total


def test_standard_hand_counts_by_rank_multiset():
    # Every 5-card hand, grouped as (rank multiset, flush or not), weighted by the
    # number of suit assignments; checks hand_key's categories on 2,598,960 hands.
    counts = collections.Counter()
    for multiset in itertools.combinations_with_replacement(range(13), 5):
        sizes = collections.Counter(multiset).values()
        if max(sizes) > 4:
            continue
        if len(sizes) == 5:
            flush = [4 * r for r in multiset]
            other = [4 * r for r in multiset[:4]] + [4 * multiset[4] + 1]
            counts[category(flush)] += 4
            counts[category(other)] += 4**5 - 4
        else:
            hand, used = [], collections.Counter()
            for r in multiset:
                hand.append(4 * r + used[r])
                used[r] += 1
            counts[category(hand)] += math.prod(math.comb(4, k) for k in sizes)
    assert dict(counts) == expected_hand_counts(13)


@pytest.mark.parametrize("options", [SHORT_DECK, BRAZILIAN_32])
def test_stripped_deck_exhaustive(options):
    lowest = options["lowest"]
    deck = range(4 * lowest, 52)
    keys = reference.all_keys(**options)
    hands = collections.Counter()
    seen = set()
    for five in itertools.combinations(deck, 5):
        key = reference.hand_key(five, **options)
        seen.add(key)
        hands[NAMES[reference.category_of_key(key, **options)]] += 1
    assert dict(hands) == expected_hand_counts(13 - lowest)
    assert seen == set(keys)


@pytest.mark.parametrize(
    "options",
    [
        STANDARD,
        SHORT_DECK,
        BRAZILIAN_32,
        {"kickers": False},
        {"lowest": 4, "flush_beats_full": True, "trips_beat_straight": True},
        {"lowest": 7},
    ],
)
def test_all_keys_strictly_increasing(options):
    keys = reference.all_keys(**options)
    assert all(a < b for a, b in zip(keys, keys[1:]))
    assert reference.all_keys(**options) is keys  # cached
    # category positions are non-decreasing and follow the variant's order
    positions = [key[0] for key in keys]
    assert positions == sorted(positions)
    assert set(positions) == set(range(1, 10))


def test_kickers_false_merges_pair_kickers():
    options = {"kickers": False}
    counts = class_counts(**options)
    assert counts["ONE_PAIR"] == 13
    assert counts["TWO_PAIR"] == 78
    assert reference.classes(**options) == 7462 - 2860 - 858 + 13 + 78 == 3835
    assert reference.classes(kickers=False, **BRAZILIAN_32) == 840 - 280 - 168 + 8 + 28
    # kickers still count elsewhere
    assert counts["HIGH_CARD"] == 1277 and counts["THREE_OF_A_KIND"] == 858
    assert reference.hand_key("9c 9d 5h Ks 2c", kickers=False) == (2, 7)
    assert reference.hand_key("9c 9d 5h 5s 2c", kickers=False) == (3, 7, 3)
    # RULES.md 5: JJ557 beats JJ556 normally; under the house rule it is a split
    board = cards("Jd 5c 5h 2s 4h")
    p1, p2 = cards("Jc 7d") + board, cards("Jh 6s") + board
    assert reference.evaluate(p1) > reference.evaluate(p2)
    assert reference.evaluate(p1, kickers=False) == reference.evaluate(p2, kickers=False)
    # the pair / the pairs themselves still decide
    assert reference.hand_key("Ac Ad 2h 3s 4c", kickers=False) > reference.hand_key(
        "Kc Kd Ah Qs Jc", kickers=False
    )
    assert reference.hand_key("Ac Ad 3h 3s 4c", kickers=False) > reference.hand_key(
        "Ac Ad 2h 2s Kc", kickers=False
    )


# -------------------------------------------------------------- variants


def test_seed_003_brazilian_32_cards():
    opts = BRAZILIAN_32
    low = reference.hand_key("Ac 7d 8h 9s Tc", **opts)
    assert NAMES[reference.category_of_key(low, **opts)] == "STRAIGHT"
    assert low < reference.hand_key("7c 8d 9h Ts Jc", **opts)
    straights = [k for k in reference.all_keys(**opts) if k[0] == low[0]]
    assert straights[0] == low and len(straights) == 5
    assert category("Qc Kd Ah 7s 8c", **opts) == "HIGH_CARD"  # no wrap-around
    # flush beats full house, and the order, lowest first
    flush = reference.hand_key("7c 8c 9c Jc Kc", **opts)
    full = reference.hand_key("Ac Ad Ah Ks Kc", **opts)
    assert flush > full
    assert reference.evaluate("7c 8c 9c Jc Kc", **opts) > reference.evaluate(
        "Ac Ad Ah Ks Kc", **opts
    )
    hands = [
        "7c 8d 9h Jc Kc",
        "7c 7d 9h Jc Kc",
        "7c 7d 9h 9c Kc",
        "7c 7d 7h 9c Kc",
        "Ac 7d 8h 9s Tc",
        "7c 7d 7h 8c 8d",
        "7c 8c 9c Jc Kc",
        "7c 7d 7h 7s 8c",
        "Ac 7c 8c 9c Tc",
    ]
    keys = [reference.hand_key(h, **opts) for h in hands]
    assert keys == sorted(keys)
    assert [key[0] for key in keys] == list(range(1, 10))
    assert [category(h, **opts) for h in hands] == [
        "HIGH_CARD",
        "ONE_PAIR",
        "TWO_PAIR",
        "THREE_OF_A_KIND",
        "STRAIGHT",
        "FULL_HOUSE",
        "FLUSH",
        "FOUR_OF_A_KIND",
        "STRAIGHT_FLUSH",
    ]
    assert reference.evaluate("Ac 7c 8c 9c Tc", **opts) == 840 - 4  # the 5th best hand


def test_short_deck():
    opts = SHORT_DECK
    low = reference.hand_key("As 6d 7h 8c 9c", **opts)
    assert low == (5, 7)  # top card 9
    straights = [k for k in reference.all_keys(**opts) if k[0] == 5]
    assert straights == [(5, r) for r in range(7, 13)]
    assert low < reference.hand_key("6d 7h 8c 9c Tc", **opts)
    assert category("Kc Ad 6h 7s 8c", **opts) == "HIGH_CARD"
    assert reference.hand_key("6c 7c 8c Tc Qc", **opts) > reference.hand_key(
        "Ac Ad Ah Ks Kc", **opts
    )
    # A-2-3-4-5 cannot be held, and in the 52-card deck A-6-7-8-9 is no straight
    with pytest.raises(ValueError):
        reference.hand_key("As 2d 3h 4c 5c", **opts)
    assert category("As 6d 7h 8c 9c") == "HIGH_CARD"


def test_trips_beat_straight():
    opts = {"lowest": 4, "flush_beats_full": True, "trips_beat_straight": True}
    trips = reference.hand_key("6c 6d 6h 7s 8c", **opts)
    straight = reference.hand_key("Ac Kd Qh Js Tc", **opts)
    assert trips > straight
    assert NAMES[reference.category_of_key(trips, **opts)] == "THREE_OF_A_KIND"
    assert NAMES[reference.category_of_key(straight, **opts)] == "STRAIGHT"
    assert reference.classes(**opts) == 1404
    assert reference.hand_key("6c 6d 6h 7s 8c") < reference.hand_key("Ac Kd Qh Js Tc")
    order = [reference.category_of_key((p,), **opts) for p in range(1, 10)]
    assert [NAMES[c] for c in order] == [
        "HIGH_CARD",
        "ONE_PAIR",
        "TWO_PAIR",
        "STRAIGHT",
        "THREE_OF_A_KIND",
        "FULL_HOUSE",
        "FLUSH",
        "FOUR_OF_A_KIND",
        "STRAIGHT_FLUSH",
    ]


def test_standard_category_of_key_is_identity():
    for p in range(1, 10):
        assert reference.category_of_key((p,)) == p
    with pytest.raises(ValueError):
        reference.category_of_key((10,))
    with pytest.raises(ValueError):
        reference.category_of_key(())


# ------------------------------------------------------------- best five


def hands(min_size=5, max_size=7, lowest=0):
    return st.lists(
        st.integers(4 * lowest, 51), min_size=min_size, max_size=max_size, unique=True
    )


@settings(max_examples=300, deadline=None)
@given(hands())
def test_best_five_achieves_best_key(hand):
    five = reference.best_five(hand)
    assert len(five) == 5 and len(set(five)) == 5 and set(five) <= set(hand)
    assert reference.hand_key(five) == reference.best_key(hand)
    assert reference.best_five(hand) == five  # deterministic
    assert reference.best_key(hand) == max(
        reference.hand_key(c) for c in itertools.combinations(hand, 5)
    )


@settings(max_examples=300, deadline=None)
@given(hands(lowest=4), st.booleans(), st.booleans())
def test_best_five_variants(hand, trips_beat_straight, kickers):
    opts = dict(SHORT_DECK, trips_beat_straight=trips_beat_straight, kickers=kickers)
    five = reference.best_five(hand, **opts)
    assert set(five) <= set(hand)
    assert reference.hand_key(five, **opts) == reference.best_key(hand, **opts)
    assert reference.evaluate(hand, **opts) == 1 + reference.all_keys(**opts).index(
        reference.best_key(hand, **opts)
    )


@settings(max_examples=300, deadline=None)
@given(hands(), st.permutations(range(4)), st.randoms(use_true_random=False))
def test_invariant_under_order_and_suit_relabelling(hand, suit_map, rnd):
    strength = reference.evaluate(hand)
    shuffled = list(hand)
    rnd.shuffle(shuffled)
    assert reference.evaluate(shuffled) == strength
    relabelled = [4 * (c // 4) + suit_map[c % 4] for c in hand]
    assert reference.evaluate(relabelled) == strength
    assert 1 <= strength <= 7462


@settings(max_examples=200, deadline=None)
@given(hands(5, 5), hands(5, 5))
def test_evaluate_order_matches_key_order(a, b):
    ka, kb = reference.hand_key(a), reference.hand_key(b)
    sa, sb = reference.evaluate(a), reference.evaluate(b)
    assert (ka < kb) == (sa < sb) and (ka == kb) == (sa == sb)


# ------------------------------------------------------------- bad input


@pytest.mark.parametrize(
    "func, hand, message",
    [
        (reference.evaluate, "As As Kd 7h 2c", "duplicate card 'As'"),
        (reference.evaluate, [51, 45, 51, 3, 4], "duplicate card 'As'"),
        (reference.hand_key, "As Kd 7h 2c", "expected 5 cards, got 4"),
        (reference.hand_key, "As Kd 7h 2c 3c 4c", "expected 5 cards, got 6"),
        (reference.evaluate, "As Kd 7h 2c", "expected 5 to 7 cards, got 4"),
        (reference.best_key, list(range(8)), "expected 5 to 7 cards, got 8"),
        (reference.best_five, list(range(8)), "expected 5 to 7 cards, got 8"),
        (reference.evaluate, "", "expected 5 to 7 cards, got 0"),
        (reference.evaluate, [52, 1, 2, 3, 4], "invalid card id 52"),
        (reference.evaluate, [-1, 1, 2, 3, 4], "invalid card id -1"),
        (reference.evaluate, "Zz Kd 7h 2c 3c", "invalid card 'Zz'"),
        (reference.evaluate, "As Kd 7h 2c 1c", "invalid card '1c'"),
        (reference.evaluate, "as Kd 7h 2c 3c", "invalid card 'as'"),
        (reference.evaluate, "AS Kd 7h 2c 3c", "invalid card 'AS'"),
        (reference.evaluate, "Ax Kd 7h 2c 3c", "invalid card 'Ax'"),
        (reference.evaluate, "10s Kd 7h 2c 3c", "invalid card '10s'"),
        (reference.evaluate, "A♠ Kd 7h 2c 3c", "invalid card 'A♠'"),
        (reference.evaluate, "AsK d 7h 2c 3c", "invalid card 'AsK'"),
        (reference.evaluate, "As,Kd,7h,2c,3c", "invalid card"),
        (reference.evaluate, ["As", "Kd7h", "2c", "3c", "4c"], "invalid card 'Kd7h'"),
    ],
)
def test_bad_input(func, hand, message):
    with pytest.raises(ValueError, match=re.escape(message)) as info:
        func(hand)
    assert message in str(info.value)
    assert not str(info.value).endswith(".")


def test_card_below_lowest():
    with pytest.raises(ValueError, match="'5h'"):
        reference.evaluate("5h 6d 7h 8c 9c", lowest=4)
    with pytest.raises(ValueError, match="'6h'"):
        reference.hand_key("6h 7d 8h 9c Tc", lowest=5)
    with pytest.raises(ValueError, match="'2c'"):
        reference.best_five([0, 30, 40, 44, 48, 51], lowest=5)


def test_bad_types_and_options():
    with pytest.raises(TypeError):
        reference.evaluate([1.0, 2, 3, 4, 5])
    with pytest.raises(TypeError):
        reference.evaluate([True, 2, 3, 4, 5])
    with pytest.raises(TypeError):
        reference.evaluate([None, 2, 3, 4, 5])
    with pytest.raises(ValueError, match="lowest"):
        reference.classes(lowest=8)
    with pytest.raises(ValueError, match="lowest"):
        reference.classes(lowest=-1)
    with pytest.raises(TypeError):
        reference.classes(lowest=4.0)
    with pytest.raises(TypeError):
        reference.evaluate("As Kd 7h 2c 3c", lowst=4)
