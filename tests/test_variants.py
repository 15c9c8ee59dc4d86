"""Variants (short deck, stripped decks) and Omaha against the rule-based reference."""

from __future__ import annotations

import collections
import itertools
import math

import numpy as np
import pytest

import handrank as hr
from handrank import reference
from handrank.core.errors import InvalidCardError, InvalidHandError
from handrank.games.omaha import evaluate_omaha, evaluate_omaha_batch
from handrank.games.variants import variant

# (variant() arguments, reference options, number of classes or None)
CASES = [
    (("shortdeck", {}), dict(lowest=4, flush_beats_full=True), 1404),
    (("shortdeck", {"trips_beat_straight": True}),
     dict(lowest=4, flush_beats_full=True, trips_beat_straight=True), 1404),
    (("shortdeck", {"kickers": False}),
     dict(lowest=4, flush_beats_full=True, kickers=False), None),
    (("stripped", {"lowest": "7"}), dict(lowest=5, flush_beats_full=True), 840),
    (("stripped", {"lowest": "7", "kickers": False}),
     dict(lowest=5, flush_beats_full=True, kickers=False), None),
] + [
    (("stripped", {"lowest": low, "kickers": k}),
     dict(lowest="23456789".index(low), flush_beats_full=True, kickers=k), None)
    for low in "345" for k in (True, False)
]
# Per-hand reference calls for these in the default run (about 10 us a hand);
# the bigger decks get one reference call per (rank multiset, flush) class.
FULL_REFERENCE = {0, 3, 4}
IDS = [f"{a[0]}-{'-'.join(f'{k}={v}' for k, v in a[1].items())}" for a, _, _ in CASES]


def _slow_run(request) -> bool:
    """True unless the run deselected the slow checks (``-m "not slow"``): the
    default run, and so CI, does the full per-hand and million-hand checks."""
    expr = request.config.getoption("-m") or ""
    return "not slow" not in expr


def _var(args):
    return variant(args[0], **args[1])


def _all_hands(deck, k):
    return np.array(list(itertools.combinations(deck, k)), dtype=np.uint8)


def _reference_strengths(hands, opts, per_hand):
    if per_hand:
        return np.array([reference.evaluate(tuple(int(c) for c in h), **opts) for h in hands])
    strength = {key: i + 1 for i, key in enumerate(reference.all_keys(**opts))}
    ranks = np.sort(hands >> 2, axis=1)
    flush = (hands & 3).min(axis=1) == (hands & 3).max(axis=1)
    code = (ranks.astype(np.int64) * (13 ** np.arange(5))).sum(axis=1) * 2 + flush
    uniq, first, inverse = np.unique(code, return_index=True, return_inverse=True)
    per_class = np.array([strength[reference.hand_key(tuple(int(c) for c in hands[i]), **opts)]
                          for i in first])
    return per_class[inverse.ravel()]


def _combinatorial_counts(n):
    """Five-card hands per category in a deck of n ranks x 4 suits (ace low straight)."""
    s = n - 3                                   # straights: tops from the fourth lowest to A
    no_run = math.comb(n, 5) - s
    return {
        hr.Category.STRAIGHT_FLUSH: 4 * s,
        hr.Category.FOUR_OF_A_KIND: n * (n - 1) * 4,
        hr.Category.FULL_HOUSE: n * 4 * (n - 1) * 6,
        hr.Category.FLUSH: 4 * no_run,
        hr.Category.STRAIGHT: s * (4 ** 5 - 4),
        hr.Category.THREE_OF_A_KIND: n * 4 * math.comb(n - 1, 2) * 16,
        hr.Category.TWO_PAIR: math.comb(n, 2) * 36 * (n - 2) * 4,
        hr.Category.ONE_PAIR: n * 6 * math.comb(n - 1, 3) * 64,
        hr.Category.HIGH_CARD: no_run * (4 ** 5 - 4),
    }


@pytest.mark.parametrize("index", range(len(CASES)), ids=IDS)
def test_five_card_space_exhaustive(index, request):
    args, opts, classes = CASES[index]
    v = _var(args)
    hands = _all_hands(v.deck, 5)
    got = v.evaluate_batch(hands)
    per_hand = index in FULL_REFERENCE or _slow_run(request)
    want = _reference_strengths(hands, opts, per_hand)
    np.testing.assert_array_equal(got, want)
    # Every strength 1..classes occurs, as many as the reference has keys.
    assert v.classes == reference.classes(**opts)
    if classes is not None:
        assert v.classes == classes
    assert np.array_equal(np.unique(got), np.arange(1, v.classes + 1))
    # Strength -> category agrees with the reference's key order.
    keys = reference.all_keys(**opts)
    cats = np.array([reference.category_of_key(k, **opts) for k in keys])
    np.testing.assert_array_equal(v.category(np.arange(1, v.classes + 1)), cats)
    # Category counts: the exhaustive run vs a combinatorial count.
    counts = collections.Counter(v.category(got).tolist())
    n_ranks = len(v.deck) // 4
    assert dict(counts) == {int(c): k for c, k in _combinatorial_counts(n_ranks).items()}
    assert len(hands) == math.comb(len(v.deck), 5)


def _best_of_subsets(v, hands):
    k = hands.shape[1]
    subsets = np.array(list(itertools.combinations(range(k), 5)))
    best = np.zeros(len(hands), dtype=np.uint16)
    step = 1 << 16
    for s in range(0, len(hands), step):
        chunk = hands[s:s + step][:, subsets].reshape(-1, 5)
        best[s:s + step] = v.evaluate_batch(chunk).reshape(-1, len(subsets)).max(axis=1)
    return best


def _random_hands(deck, n, k, seed):
    rng = np.random.default_rng(seed)
    deck = np.array(deck, dtype=np.uint8)
    return deck[np.argsort(rng.random((n, len(deck))), axis=1)[:, :k]]


@pytest.mark.parametrize("index", range(len(CASES)), ids=IDS)
def test_seven_card_random(index, request):
    args, opts, _ = CASES[index]
    v = _var(args)
    n = 1_000_000 if index in (0, 3) or _slow_run(request) else 200_000
    for k in (6, 7):
        hands = _random_hands(v.deck, n if k == 7 else n // 4, k, seed=index * 10 + k)
        np.testing.assert_array_equal(v.evaluate_batch(hands), _best_of_subsets(v, hands))
    few = hands[:500]
    want = [reference.evaluate(tuple(int(c) for c in h), **opts) for h in few]
    np.testing.assert_array_equal(v.evaluate_batch(few), want)


def _all_combinations(n, k):
    """Every k-subset of range(n), rows ascending, built with numpy."""
    rows = np.arange(n, dtype=np.uint8)[:, None]
    for _ in range(k - 1):
        last = rows[:, -1].astype(np.int64)
        counts = n - 1 - last
        base = np.repeat(rows, counts, axis=0)
        starts = np.repeat(last + 1 - np.cumsum(counts) + counts, counts)
        nxt = (np.arange(counts.sum()) + starts).astype(np.uint8)
        rows = np.concatenate([base, nxt[:, None]], axis=1)
    return rows


def _seven_card_category_counts(v):
    deck = np.array(v.deck, dtype=np.uint8)
    hands = deck[_all_combinations(len(deck), 7)]
    direct = v.evaluate_batch(hands)
    via_subsets = _best_of_subsets(v, hands)
    np.testing.assert_array_equal(direct, via_subsets)
    return collections.Counter(v.category(direct).tolist()), len(hands)


def test_seven_card_exhaustive_32_card_deck():
    counts, total = _seven_card_category_counts(variant("stripped", lowest="7"))
    assert total == math.comb(32, 7) == sum(counts.values())


@pytest.mark.slow
def test_seven_card_exhaustive_short_deck(request):
    counts, total = _seven_card_category_counts(variant("shortdeck"))
    assert total == math.comb(36, 7) == sum(counts.values())


# ------------------------------------------------------------- the seed's statements


def test_seed_003_statements():
    br = variant("stripped", lowest="7")
    lowest = br.evaluate("As 7d 8c 9h Tc")
    assert br.category(lowest) == hr.Category.STRAIGHT
    assert br.evaluate("7d 8c 9h Tc Jd") > lowest
    straights = [s for s in range(1, br.classes + 1) if br.category(s) == hr.Category.STRAIGHT]
    assert lowest == min(straights)
    assert br.category(br.evaluate("Qs Kd Ac 7h 8c")) == hr.Category.HIGH_CARD
    assert br.evaluate("As Js 9s 8s 7s") > br.evaluate("Ah Ad Ac Kh Kd")   # flush > full house
    assert br.evaluate("7h 7d 7c 7s 8c") > br.evaluate("As Js 9s 8s 7s")   # quads > flush
    # House rule: kickers do not split equal pairs or two pairs.
    nk = variant("stripped", lowest="7", kickers=False)
    assert nk.evaluate("Ks Kd Ac 9h 8c") == nk.evaluate("Kh Kc Qc Jh 7c")
    assert nk.evaluate("Ks Kd Qc Qh 8c") == nk.evaluate("Kh Kc Qs Qd Ac")
    assert nk.evaluate("Ks Kd Qc Qh 8c") < nk.evaluate("Ah Ac 7s 7d 8d")


def test_short_deck_rules():
    sd = variant("shortdeck")
    assert sd.describe(sd.evaluate("As 6s 7d 8c 9h")) == "Straight, Nine high"
    assert sd.evaluate("As 6s 7d 8c 9h") < sd.evaluate("6s 7d 8c 9h Tc")
    assert sd.evaluate("As Js 9s 8s 7s") > sd.evaluate("Ah Ad Ac Kh Kd")
    assert sd.evaluate("As Ad Ac Kh Qd") < sd.evaluate("6s 7d 8c 9h Tc")
    tbs = variant("shortdeck", trips_beat_straight=True)
    assert tbs.evaluate("6s 6d 6c Kh Qd") > tbs.evaluate("Ts Jd Qc Kh Ad")
    assert tbs.classes == 1404


def test_names_and_aliases():
    assert variant("stripped", lowest="6").tables.ptr == variant("shortdeck").tables.ptr
    assert len(variant("stripped", lowest="3").deck) == 48
    assert variant("holdem").classes == 7462
    assert variant("shortdeck") == variant("shortdeck")
    assert hr.evaluate("As 6s 7d 8c 9h", game="shortdeck") == variant("shortdeck").evaluate(
        "As 6s 7d 8c 9h")
    hands = _random_hands(variant("shortdeck").deck, 100, 7, 1)
    np.testing.assert_array_equal(hr.evaluate_batch(hands, game="shortdeck"),
                                  variant("shortdeck").evaluate_batch(hands))
    v = variant("stripped", lowest="7")
    five = _random_hands(v.deck, 10, 5, 2)
    np.testing.assert_array_equal(v.evaluate_batch(five),
                                  hr.evaluate_batch(five, game=hr.game("stripped", lowest="7")))
    ids = v.best_five("As 7d 8c 9h Tc Jd Qs")
    assert sorted(ids) == sorted(hr.cards("Qs Jd Tc 9h 8c"))


def test_errors():
    with pytest.raises(InvalidCardError, match="card '5h' is not in the shortdeck deck"):
        variant("shortdeck").evaluate("5h 6s 7d 8c 9h")
    with pytest.raises(InvalidCardError, match="card '5h' is not in the shortdeck deck"):
        hr.evaluate("5h 6s 7d 8c 9h", game="shortdeck")
    with pytest.raises(InvalidCardError, match=r"card '6h' is not in the 32-card deck \(row 1\)"):
        variant("stripped", lowest="7").evaluate_batch(
            [[20, 24, 28, 32, 36], [18, 24, 28, 32, 36]])
    with pytest.raises(ValueError, match="unknown variant 'omaha'"):
        variant("omaha")
    with pytest.raises(TypeError, match="has no option 'lowest'"):
        variant("shortdeck", lowest="6")
    with pytest.raises(ValueError, match="lowest must be a rank from '3' to '7', got '2'"):
        variant("stripped", lowest="2")
    with pytest.raises(TypeError, match="kickers must be True or False"):
        variant("stripped", kickers="no")
    with pytest.raises(ValueError, match="invalid strength 1405"):
        variant("shortdeck").describe(1405)


# --------------------------------------------------------------------------- Omaha


def _omaha_brute(holes, boards, v=None):
    h = holes.shape[1]
    combos = [list(p) + [h + t for t in tri] for p in itertools.combinations(range(h), 2)
              for tri in itertools.combinations(range(5), 3)]
    deals = np.concatenate([holes, boards], axis=1)
    sub = deals[:, combos].reshape(-1, 5)
    five = hr.evaluate_batch(sub) if v is None else v.evaluate_batch(sub)
    return five.reshape(len(deals), -1).max(axis=1)


@pytest.mark.parametrize("h", [4, 5, 6])
def test_omaha_random_vs_brute_force(h):
    deals = _random_hands(range(52), 70_000, h + 5, seed=h)
    holes, boards = deals[:, :h], deals[:, h:]
    got = evaluate_omaha_batch(holes, boards)
    np.testing.assert_array_equal(got, _omaha_brute(holes, boards))
    np.testing.assert_array_equal(evaluate_omaha_batch(holes[:1000], boards[:1000], threads=1),
                                  got[:1000])
    # A few hundred straight through the reference: the best key over the combinations.
    for row in range(300):
        hole, board = [int(c) for c in holes[row]], [int(c) for c in boards[row]]
        best = max((p + t for p in itertools.combinations(hole, 2)
                    for t in itertools.combinations(board, 3)), key=reference.hand_key)
        assert got[row] == reference.evaluate(best)
        assert evaluate_omaha(hole, board) == got[row]


@pytest.mark.parametrize("h", [4, 6])
def test_omaha_flush_heavy(h):
    # Boards with three or more of one suit, to work the flush path.
    deals = _random_hands(range(52), 40_000, h + 5, seed=h + 100)
    suits = (deals[:, h:] & 3)
    keep = (np.stack([(suits == s).sum(axis=1) for s in range(4)], axis=1).max(axis=1) >= 3)
    deals = deals[keep]
    assert len(deals) > 3000
    np.testing.assert_array_equal(evaluate_omaha_batch(deals[:, :h], deals[:, h:]),
                                  _omaha_brute(deals[:, :h], deals[:, h:]))


def test_omaha_variant_uses_hash_path():
    v = variant("shortdeck")
    deals = _random_hands(v.deck, 20_000, 9, seed=3)
    np.testing.assert_array_equal(evaluate_omaha_batch(deals[:, :4], deals[:, 4:], variant=v),
                                  _omaha_brute(deals[:, :4], deals[:, 4:], v))


def test_omaha_traps():
    # Four spades on the board and one in hand: no flush.
    s = evaluate_omaha("As Kd 3c 4h", "Ks Qs Js Ts 5c")
    assert hr.category(s) == hr.Category.STRAIGHT
    s = evaluate_omaha("As 2d 3c 4h", "Ks Qs Js 9s 5c")
    assert hr.category(s) != hr.Category.FLUSH
    # Two spades in hand: the flush plays.
    assert hr.category(evaluate_omaha("As 2s 3c 4h", "Ks Qs Js 9d 5c")) == hr.Category.FLUSH
    # A full house on the board needs two hole cards that play.
    s = evaluate_omaha("2c 3d 4h 9s", "Ks Kd Kc Qs Qd")
    assert hr.category(s) == hr.Category.THREE_OF_A_KIND
    s = evaluate_omaha("Qh 3d 4h 9s", "Ks Kd Kc Qs Qd")
    assert hr.category(s) == hr.Category.THREE_OF_A_KIND
    s = evaluate_omaha("Qh Qc 4h 9s", "Ks Kd Kc Qs Jd")
    assert hr.category(s) == hr.Category.FULL_HOUSE
    # Four of a kind on the board is only trips with two hole cards.
    s = evaluate_omaha("2c 3d 4h 5s", "Ks Kd Kc Kh Qd")
    assert hr.category(s) == hr.Category.THREE_OF_A_KIND


def test_omaha_errors():
    with pytest.raises(InvalidHandError, match="expected 4 to 6 hole cards, got 3"):
        evaluate_omaha("As Ks Qs", "2c 3c 4c 5d 6h")
    with pytest.raises(InvalidHandError, match="expected 4 to 6 hole cards, got 7"):
        evaluate_omaha("As Ks Qs Js Ts 9s 8s", "2c 3c 4c 5d 6h")
    with pytest.raises(InvalidHandError, match="expected 5 board cards, got 4"):
        evaluate_omaha("As Ks Qs Js", "2c 3c 4c 5d")
    with pytest.raises(InvalidHandError, match="duplicate card 'As'"):
        evaluate_omaha("As Ks Qs Js", "As 3c 4c 5d 6h")
    with pytest.raises(InvalidCardError, match="card '2c' is not in the shortdeck deck"):
        evaluate_omaha("As Ks Qs Js", "2c 7c 8c 9d Th", variant=variant("shortdeck"))
    holes = np.array([[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 10]])
    boards = np.array([[20, 21, 22, 23, 24], [30, 31, 32, 33, 4], [40, 41, 42, 43, 44]])
    with pytest.raises(InvalidHandError, match="duplicate card '3c' in row 1"):
        evaluate_omaha_batch(holes, boards)
    with pytest.raises(InvalidCardError, match="invalid card id 60 in boards at row 0, column 4"):
        evaluate_omaha_batch(holes[:1], [[20, 21, 22, 23, 60]])
    with pytest.raises(InvalidHandError, match=r"shape \(n, 4..6\)"):
        evaluate_omaha_batch([[0, 1, 2]], boards[:1])
    with pytest.raises(InvalidHandError, match="as many boards as holes"):
        evaluate_omaha_batch(holes, boards[:2])
    with pytest.raises(TypeError):
        evaluate_omaha_batch(holes.astype(float), boards)
