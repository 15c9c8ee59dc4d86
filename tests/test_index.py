"""handrank.index: sizes (against Burnside counts), bijection, suit invariance."""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import handrank as hr
from handrank.core.errors import InvalidHandError
from handrank.index import Indexer

pytestmark = pytest.mark.skipif(hr.backend != "c", reason="handrank.index needs the C core")

PERMS = list(itertools.permutations(range(4)))


def burnside(groups: tuple[int, ...], ranks: int = 13) -> int:
    """Classes of (group_1, ..., group_G) disjoint card sets under suit relabelling.

    Burnside: the mean over the 24 suit permutations of the tuples each one
    fixes.  A tuple is fixed when every group is a union of the permutation's
    card cycles (one cycle of each suit-cycle length per rank).
    """
    total = 0
    for p in PERMS:
        seen, lengths = set(), []
        for s in range(4):
            if s not in seen:
                n, t = 0, s
                while t not in seen:
                    seen.add(t)
                    t = p[t]
                    n += 1
                lengths.append(n)
        # generating function over the cycles: each joins no group or one group
        ways = {tuple(0 for _ in groups): 1}
        for length in lengths * ranks:
            nxt = dict(ways)
            for state, w in ways.items():
                for j in range(len(groups)):
                    if state[j] + length <= groups[j]:
                        s2 = list(state)
                        s2[j] += length
                        key = tuple(s2)
                        nxt[key] = nxt.get(key, 0) + w
            ways = nxt
        total += ways.get(groups, 0)
    if total % 24:
        raise AssertionError("Burnside count not divisible by 24")
    return total // 24


def test_holdem_sizes_are_the_published_ones() -> None:
    ix = hr.index.holdem
    assert [ix.size(s) for s in range(4)] == [169, 1_286_792, 13_960_050, 123_156_254]
    perfect = Indexer((2, 3, 1, 1), recall="perfect")
    assert [perfect.size(s) for s in range(4)] == [169, 1_286_792, 55_190_538, 2_428_287_420]


@pytest.mark.parametrize("rounds, recall", [((2, 3, 1, 1), "imperfect"),
                                            ((2, 3, 1, 1), "perfect"),
                                            ((4, 3, 1, 1), "imperfect"),
                                            ((4, 3, 1, 1), "perfect"),
                                            ((5,), "imperfect"), ((3, 4), "perfect")])
def test_sizes_equal_burnside_counts(rounds: tuple[int, ...], recall: str) -> None:
    ix = Indexer(rounds, recall=recall)
    for s in range(len(rounds)):
        assert ix.size(s) == burnside(ix.groups(s)), (rounds, recall, s)


def _canonical_keys(hands: np.ndarray, groups: tuple[int, ...], ranks: int) -> np.ndarray:
    """Brute force: the least encoding over the 24 suit relabellings (groups sorted)."""
    best = None
    for p in PERMS:
        perm = np.asarray(p, dtype=np.int64)
        h = 4 * (hands // 4) + perm[hands % 4]
        parts, col = [], 0
        for g in groups:
            parts.append(np.sort(h[:, col:col + g], axis=1))
            col += g
        h = np.concatenate(parts, axis=1)
        key = np.zeros(len(h), dtype=np.int64)
        for c in range(h.shape[1]):
            key = key * (4 * ranks) + h[:, c]
        best = key if best is None else np.minimum(best, key)
    assert best is not None
    return best


def _all_hands(groups: tuple[int, ...], ranks: int) -> np.ndarray:
    """Every hand (each group a set, groups disjoint) of a deck of 4 * ranks cards."""
    deck = range(4 * ranks)
    rows: list[tuple[int, ...]] = [()]
    for g in groups:
        rows = [r + c for r in rows for c in itertools.combinations(
            [x for x in deck if x not in r], g)]
    return np.asarray(rows, dtype=np.int64)


@pytest.mark.parametrize("rounds, recall, ranks", [((2, 3, 1, 1), "imperfect", 3),
                                                   ((2, 3, 1, 1), "perfect", 3),
                                                   ((4, 3, 1), "perfect", 3),
                                                   ((2, 3, 1, 1), "imperfect", 4),
                                                   ((1, 2, 1), "perfect", 2)])
def test_reduced_deck_exhaustive_bijection(rounds: tuple[int, ...], recall: str,
                                           ranks: int) -> None:
    ix = Indexer(rounds, recall=recall, ranks=ranks)
    for s in range(len(rounds)):
        groups = ix.groups(s)
        hands = _all_hands(groups, ranks)
        keys = _canonical_keys(hands, groups, ranks)
        idx = ix.index_batch(hands, s)
        n = ix.size(s)
        assert idx.min() >= 0 and idx.max() < n
        classes = len(np.unique(keys))
        assert classes == n == burnside(groups, ranks)
        # same class <=> same index: as many (class, index) pairs as classes
        assert len(np.unique(keys * n + idx)) == n
        assert len(np.unique(idx)) == n
        back = ix.unindex_batch(np.arange(n), s)
        assert np.array_equal(ix.index_batch(back, s), np.arange(n))


def test_preflop_exhaustive() -> None:
    ix = hr.index.holdem
    hole = np.asarray(list(itertools.combinations(range(52), 2)))
    idx = ix.index_batch(hole, 0)
    assert np.array_equal(idx, ix.index_batch(hole[:, ::-1], 0))
    assert np.array_equal(np.bincount(idx, minlength=169) > 0, np.ones(169, bool))
    # pairs 6 combos, suited 4, offsuit 12 each
    counts = np.bincount(idx, minlength=169)
    assert sorted(counts.tolist()) == sorted([6] * 13 + [4] * 78 + [12] * 78)
    back = ix.unindex_batch(np.arange(169), 0)
    assert np.array_equal(ix.index_batch(back, 0), np.arange(169))


def _relabel(hands: np.ndarray, perm: tuple[int, ...]) -> np.ndarray:
    p = np.asarray(perm, dtype=hands.dtype)
    return (4 * (hands // 4) + p[hands % 4]).astype(hands.dtype)


def test_flop_exhaustive_bijection() -> None:
    """Every (hole, flop): onto 0..size-1, fixed by suit relabellings (generators of S4)."""
    ix = hr.index.holdem
    n = ix.size(1)
    hole = np.asarray(list(itertools.combinations(range(52), 2)), dtype=np.uint8)
    flops = np.asarray(list(itertools.combinations(range(52), 3)), dtype=np.uint8)
    hm = (np.uint64(1) << hole.astype(np.uint64)).sum(axis=1)
    fm = (np.uint64(1) << flops.astype(np.uint64)).sum(axis=1)
    seen = np.zeros(n, dtype=bool)
    for lo in range(0, len(hole), 221):
        h = hole[lo:lo + 221]
        ok = (hm[lo:lo + 221, None] & fm[None, :]) == 0
        hi, fi = np.nonzero(ok)
        rows = np.concatenate([h[hi], flops[fi]], axis=1)
        idx = ix.index_batch(rows, 1)
        seen[idx] = True
        for perm in ((1, 0, 2, 3), (1, 2, 3, 0)):
            # the flop reversed too: order within a group does not matter
            moved = _relabel(rows, perm)[:, [1, 0, 4, 3, 2]]
            assert np.array_equal(ix.index_batch(moved, 1), idx)
    assert seen.all()
    back = ix.unindex_batch(np.arange(n), 1)
    assert np.array_equal(ix.index_batch(back, 1), np.arange(n))


def _hands(k: int) -> st.SearchStrategy[list[int]]:
    return st.permutations(list(range(52))).map(lambda p: list(p[:k]))


@settings(max_examples=200, deadline=None)
@given(st.sampled_from([(hr.index.holdem, s) for s in range(4)]
                       + [(Indexer((4, 3, 1, 1), recall="perfect"), s) for s in range(4)]
                       + [(Indexer((2, 3, 1, 1), recall="perfect"), s) for s in range(4)]),
       _hands(10), st.sampled_from(PERMS), st.randoms(use_true_random=False))
def test_suit_relabelling_and_order_keep_the_index(case: tuple[Indexer, int], deal: list[int],
                                                    perm: tuple[int, ...], rnd: object) -> None:
    ix, s = case
    groups = ix.groups(s)
    hand = np.asarray([deal[: sum(groups)]])
    i = ix.index_batch(hand, s)[0]
    moved = _relabel(hand, perm)[0].tolist()
    col, shuffled = 0, []
    for g in groups:
        part = moved[col:col + g]
        rnd.shuffle(part)  # type: ignore[attr-defined]
        shuffled += part
        col += g
    assert ix.index(shuffled, s) == i
    member = ix.unindex(int(i), s)
    assert len(set(member)) == len(member) == sum(groups)
    assert ix.index(list(member), s) == i


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 3), st.integers(0, 2**62))
def test_unindex_gives_a_member(street: int, raw: int) -> None:
    for ix in (hr.index.holdem, Indexer((2, 3, 1, 1), recall="perfect")):
        i = raw % ix.size(street)
        assert ix.index(list(ix.unindex(i, street)), street) == i


def test_street_from_the_number_of_cards() -> None:
    ix = hr.index.holdem
    assert ix.index("AhKh") == ix.index("AsKs", 0)
    assert ix.index("AhKh 2c3c4c 5c 6c") == ix.index("AsKs 2d3d4d 5d 6d", 3)


def test_errors() -> None:
    ix = hr.index.holdem
    with pytest.raises(InvalidHandError, match="duplicate card 'Ah' in row 1"):
        ix.index_batch([[0, 1], [50, 50]], 0)
    with pytest.raises(InvalidHandError, match="invalid card id 52 at row 0, column 1"):
        ix.index_batch([[0, 52]], 0)
    with pytest.raises(InvalidHandError, match=r"shape \(n, 5\)"):
        ix.index_batch([[0, 1]], 1)
    with pytest.raises(InvalidHandError, match="expected 2, 5, 6, 7 cards, got 3"):
        ix.index("AhKh2c")
    with pytest.raises(ValueError, match="street must be 0 to 3, got 4"):
        ix.size(4)
    with pytest.raises(ValueError, match="out of range"):
        ix.unindex(169, 0)
    with pytest.raises(ValueError, match="out of range"):
        ix.unindex_batch(np.array([0, -1]), 0)
    with pytest.raises(TypeError):
        ix.unindex(1.5, 0)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="recall must be"):
        Indexer(recall="total")
    with pytest.raises(ValueError, match="rounds must be positive"):
        Indexer((2, 0))
    with pytest.raises(ValueError, match="more than the deck"):
        Indexer((20, 20, 20))
    with pytest.raises(ValueError, match="ranks must be"):
        Indexer(ranks=14)
    assert math.comb(52, 2) == 1326
    assert repr(hr.index.holdem) == "Indexer(rounds=(2, 3, 1, 1), recall='imperfect')"


# sha256 of the indices of 20,000 random hands per street, as numbered before the
# branch-free batch path (csrc/index.c hr_index_row_hb) replaced the general one for
# one or two groups: tables built on the index stay valid only if these never change.
PINNED = {
    0: "af9753bdf6451e909ed665091ad2d53b04beb5ec721c235bd8d7391b42725154",
    1: "484e35bc0834bc3ef7d5204372274fbbbca3178a2a7ee0ad516132ad5d0f7f80",
    2: "682cc05c66eedd7ee3bbc611000cbaf1e7b87c217f19cd8d1b7a1afa0453ca24",
    3: "fb08106d83a68fbcb468a11b2b91a36c95c73c9dc9c318b86114a8735dd45cef",
}


def test_numbering_is_pinned() -> None:
    import hashlib
    ix = hr.index.holdem
    rng = np.random.default_rng(7)
    for s in range(4):
        r = rng.random((300_000, 52))
        rows = np.argsort(r[:20_000], axis=1)[:, :ix.cards(s)].astype(np.uint8)
        got = ix.index_batch(rows, s)
        assert hashlib.sha256(got.astype("<i8").tobytes()).hexdigest() == PINNED[s], s
        # every dtype and layout gives the same numbers (uint8 rows skip the Python checks)
        assert np.array_equal(ix.index_batch(rows.astype(np.int64), s), got)
        assert np.array_equal(ix.index_batch(np.asfortranarray(rows), s), got)
        rng.integers(0, ix.size(s), 100_000)


def test_uint8_rows_report_errors_as_before() -> None:
    ix = hr.index.holdem
    rows = np.array([[0, 1, 2, 3, 4], [5, 5, 6, 7, 8], [9, 10, 60, 11, 12]], dtype=np.uint8)
    # the id outside the deck is named first, though the repeat comes in an earlier row
    with pytest.raises(InvalidHandError, match="invalid card id 60 at row 2, column 2"):
        ix.index_batch(rows, 1)
    with pytest.raises(InvalidHandError, match="duplicate card '3d' in row 1"):
        ix.index_batch(rows[:2], 1)
