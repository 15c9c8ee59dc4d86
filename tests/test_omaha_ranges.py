"""Omaha range notation against a brute force over all C(52,4) = 270,725 hands.

The oracle reads each pattern position by position and tests every hand
with numpy under every assignment of its cards to the positions (24
permutations); it shares no code with the parser's generator.
"""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from handrank.core.errors import InvalidRangeError
from handrank.ranges.omaha import OmahaRange

ALL4 = np.array(list(itertools.combinations(range(52), 4)), dtype=np.int64)
RANK = {r: i for i, r in enumerate("23456789TJQKA")}
SUIT = {s: i for i, s in enumerate("cdhs")}


def _tokens(pattern: str) -> list[tuple[str, str]]:
    out, i = [], 0
    while i < len(pattern):
        r = pattern[i]
        i += 1
        s = ""
        if i < len(pattern) and pattern[i] in "cdhsxyzw":
            s = pattern[i]
            i += 1
        out.append((r, s))
    return out


def oracle(pattern: str, shape: str = "") -> set[tuple[int, ...]]:
    pos = _tokens(pattern)
    assert len(pos) == 4
    ranks, suits = ALL4 // 4, ALL4 % 4
    ok = np.zeros(len(ALL4), dtype=bool)
    for perm in itertools.permutations(range(4)):
        good = np.ones(len(ALL4), dtype=bool)
        var: dict[str, np.ndarray] = {}
        for j, (r, s) in enumerate(pos):
            c = perm[j]
            if r != "*":
                good &= ranks[:, c] == RANK[r]
            if s in SUIT:
                good &= suits[:, c] == SUIT[s]
            elif s:
                if s in var:
                    good &= suits[:, c] == var[s]
                else:
                    var[s] = suits[:, c]
        letters = list(var)
        for a, b in itertools.combinations(letters, 2):
            good &= var[a] != var[b]
        ok |= good
    if shape:
        counts = np.sort(np.stack([(suits == k).sum(axis=1) for k in range(4)], axis=1),
                         axis=1)[:, ::-1]
        want = {"ds": [2, 2, 0, 0], "ss": [2, 1, 1, 0], "r": [1, 1, 1, 1]}[shape]
        ok &= (counts == np.array(want)).all(axis=1)
    return {tuple(int(c) for c in h) for h in ALL4[ok]}


CASES = [("AAKK", ""), ("AA**", ""), ("AKQ*", ""), ("AxKx**", ""), ("AxAyKxKy", ""),
         ("AsKsQdJd", ""), ("AAKK", "ds"), ("JT98", "ss"), ("AA**", "r"), ("Ax***", "ds"),
         ("*x*x*y*y", ""), ("As***", "ss"), ("2x3y4z5w", ""), ("KK**", "ds"), ("****", "ss")]


@pytest.mark.parametrize("pattern,shape", CASES)
def test_pattern_matches_brute_force(pattern: str, shape: str) -> None:
    r = OmahaRange(pattern + shape)
    got = {tuple(int(c) for c in h) for h in r.hands}
    assert len(got) == len(r)
    assert got == oracle(pattern, shape)


def test_random_and_star_are_every_hand() -> None:
    for t in ("random", "*", "****"):
        r = OmahaRange(t)
        assert len(r) == len(ALL4)
        assert np.array_equal(r.hands.astype(np.int64), ALL4)


def test_unions_and_weights_last_term_wins() -> None:
    r = OmahaRange("AA**, AAKK:0.5, AsAhKsKh:0")
    want = {h: 1.0 for h in oracle("AA**")}
    for h in oracle("AAKK"):
        want[h] = 0.5
    del want[tuple(sorted([51, 50, 47, 46]))]
    got = dict(zip((tuple(int(c) for c in h) for h in r.hands), r.weights.tolist()))
    assert got == want


def test_card_removal() -> None:
    r = OmahaRange("AAKK").without("As Kd")
    assert {tuple(int(c) for c in h) for h in r.hands} == {
        h for h in oracle("AAKK") if 51 not in h and 45 not in h}


def test_five_and_six_card_patterns() -> None:
    r5 = OmahaRange("AAKKQ")
    assert r5.size == 5 and len(r5) == 6 * 6 * 4
    r6 = OmahaRange("AsKsQsJsTs9s")
    assert r6.size == 6 and len(r6) == 1
    # the fifth card may be a third ace or king
    assert len(OmahaRange("AAKK*")) == 36 * 44 + 4 * 6 + 6 * 4


@pytest.mark.parametrize("text,message", [
    ("AsAs**", "duplicate card 'As'"), ("AAK", "cannot parse 'AAK'"),
    ("AAAAA", "no hand matches"), ("AAKK,AAKKQ", "different hand sizes"),
    ("101%", "percentage from 0 to 100"), ("AA**:1.5", "invalid weight"), ("", "empty range"),
    ("AA**,", "empty term"), ("AAKKQds", "4-card hands only"), ("AAKKxx", "cannot parse"),
])
def test_errors(text: str, message: str) -> None:
    with pytest.raises(InvalidRangeError, match=message):
        OmahaRange(text)
