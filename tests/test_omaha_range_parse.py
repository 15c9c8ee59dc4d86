"""The numpy Omaha range parser against the tuple-by-tuple one it replaced.

`OmahaRange` lists a term's hands with numpy (each constrained position's
cards, then every combination of the cards left for the free positions) and
merges the terms' weights by key.  Before that it yielded every hand as a
Python tuple and merged them in a dict, which took seconds on a 5- or 6-card
wildcard term.  The tuple version, written out below, is the oracle: for each
range text the hands (rows and their order) and weights must be the same bit
for bit.  Four-card patterns are also checked against a brute force over all
270,725 hands in test_omaha_ranges.py.
"""

from __future__ import annotations

import itertools
import math
import time

import numpy as np
import pytest

from handrank.core.errors import InvalidRangeError
from handrank.ranges import omaha as om
from handrank.ranges.omaha import OmahaRange


def _tuples(pos, body):
    """Every hand (sorted card ids) matching the positions, with repeats."""
    letters = sorted({v for _, _, v in pos if v})
    for suits in itertools.permutations(range(4), len(letters)):
        sub = dict(zip(letters, suits))
        cands, free = [], 0
        for r, s, v in pos:
            suit = sub[v] if v else s
            if r is None and suit is None:
                free += 1
                continue
            ranks = range(13) if r is None else [r]
            su = range(4) if suit is None else [suit]
            cands.append([4 * a + b for a in ranks for b in su])
        for part in itertools.product(*cands):
            if len(set(part)) < len(part):
                continue
            rest = [c for c in range(52) if c not in part]
            for extra in itertools.combinations(rest, free):
                yield tuple(sorted(part + extra))


def _shape(hand, shape):
    counts = sorted((sum(1 for c in hand if c % 4 == s) for s in range(4)), reverse=True)
    return counts == {"ds": [2, 2, 0, 0], "ss": [2, 1, 1, 0], "r": [1, 1, 1, 1]}[shape]


def oracle(text):
    """(hands, weights) by tuples and a dict: the last term naming a hand sets its weight."""
    weights, k = {}, None
    for raw in text.split(","):
        body, _, w = raw.strip().partition(":")
        pos, shape = om._positions(body)
        k = len(pos)
        if all(r is None and s is None and not v for r, s, v in pos) and not shape:
            hands = itertools.combinations(range(52), k)
        else:
            hands = (h for h in _tuples(pos, body) if not shape or _shape(h, shape))
        for h in hands:
            weights[h] = float(w) if w else 1.0
    items = sorted((h, w) for h, w in weights.items() if w > 0)
    return (np.array([h for h, _ in items], dtype=np.uint8).reshape(-1, k),
            np.array([w for _, w in items]))


TEXTS = [
    # four cards (*x*x*y*y and ****ss are brute-forced in test_omaha_ranges.py)
    "AAKK", "AA**", "AxKx**", "AxAyKxKy", "AA**r", "JT98ss", "As***ss", "2x3y4z5w", "KQJT",
    "AA**, AAKK:0.5, AsAhKsKh:0", "AA**:0.25,KK**,AK**:0.75", "AAKK:0,AA**", "****,AA**:0",
    # five cards
    "AsKs***,QQJ**:0.5", "AAKKQ", "AAKK*", "AsAhKK*", "AAKKQ,AsAhKK*:0.5", "AxKxQx**",
    "Ax*x*x**",
    # six cards
    "KQJT98", "AsKsQd***", "AsKsQdJd**:0.3,AsKs*d*d**", "AsKsQs***", "AxKyQz***", "AAKK**",
    "AsKsQdJdTc*,AsKsQdJd**:0.5",
]


@pytest.mark.parametrize("text", TEXTS)
def test_same_hands_order_and_weights_as_the_tuple_parser(text):
    want_hands, want_weights = oracle(text)
    r = OmahaRange(text)
    assert r.hands.dtype == np.uint8 and r.hands.shape == want_hands.shape
    assert np.array_equal(r.hands, want_hands), text
    assert r.weights.tobytes() == want_weights.tobytes(), text
    assert not r.hands.flags.writeable and not r.weights.flags.writeable


def test_percent_terms_keep_the_table_order_and_merge_by_weight():
    r = OmahaRange("5%,AA**:0.5")
    top = OmahaRange("5%")
    aa = OmahaRange("AA**")
    want = {tuple(h): 1.0 for h in top.hands.tolist()}
    want.update({tuple(h): 0.5 for h in aa.hands.tolist()})
    got = dict(zip(map(tuple, r.hands.tolist()), r.weights.tolist()))
    assert got == want
    assert [tuple(h) for h in r.hands.tolist()] == sorted(want)


@pytest.mark.parametrize("text,size,message", [
    ("AsAs**", None, "duplicate card 'As' in 'AsAs\\*\\*'"),
    ("AAAAA", None, "no hand matches 'AAAAA'"),
    ("AAAA**ds", None, "applies to 4-card hands only"),
    ("AsKsQsJs*ds", None, "applies to 4-card hands only"),
    ("AsAhAdAcds", None, "no hand matches 'AsAhAdAcds'"),     # four suits, not two
    ("AcAdKcKd:0", None, "no hand of positive weight"),
    ("******,AA****", None, "cannot list every 6-card hand"),
])
def test_errors_name_the_term(text, size, message):
    with pytest.raises(InvalidRangeError, match=message):
        OmahaRange(text, size)


def test_a_six_card_wildcard_term_is_listed_at_once():
    """'As*****' names C(51, 5) = 2,349,060 six-card hands; the tuple parser took seconds.
    (No timing is asserted; this checks the count and the first and last rows.)"""
    t = time.perf_counter()
    r = OmahaRange("As*****")
    elapsed = time.perf_counter() - t
    assert len(r) == math.comb(51, 5) and r.size == 6
    assert r.hands[0].tolist() == [0, 1, 2, 3, 4, 51]
    assert r.hands[-1].tolist() == [46, 47, 48, 49, 50, 51]
    assert (r.hands == 51).any(axis=1).all()
    print(f"As***** listed in {elapsed:.2f} s")
