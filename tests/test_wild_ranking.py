"""Wild-card hand ranking (deuces-wild, joker-draw, california-lowball) against
a brute force that tries every substitution of every wild card by each of the
52 cards (repeats allowed), and against hand-made orderings."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from handrank.core.errors import InvalidCardError, InvalidHandError
from handrank.games import _vpwild as W
from handrank.games import wild


def _brute_high(ids, game):
    deuce = game == "deuces-wild"
    wl = [c for c in ids if c == 52 or (deuce and c < 4)]
    nat = [c for c in ids if c not in wl]
    subs = list(itertools.combinations_with_replacement(range(52), len(wl)))
    rows = np.array([nat + list(s) for s in subs], dtype=np.int64).reshape(len(subs), 5)
    s = wild.natural_strength(rows, natural_royal=np.full(len(rows), not wl))
    if game == "joker-draw" and wl:
        cat = s // (2 * 13 ** 5)
        ok = (rows[:, -1] // 4 == 12) | np.isin(cat, (4, 5, 8, 9))
        s = np.where(ok, s, -1)
    return int(s.max())


def _sample(family, rng, per_w):
    t = W.tables(family)
    deals = t.deals
    fam = W.FAMILIES[family]
    wl = ((deals >= 52) | ((deals < 4) if fam.deuces_wild else False)).sum(axis=1)
    out = []
    for w, k in per_w.items():
        idx = np.flatnonzero(wl == w)
        out.extend(deals[rng.choice(idx, min(k, len(idx)), replace=False)].tolist())
    return out


def test_deuces_wild_against_every_substitution():
    rng = np.random.default_rng(1)
    for ids in _sample("deuces-wild", rng, {0: 100, 1: 200, 2: 80, 3: 5, 4: 2}):
        assert wild.evaluate(ids, "deuces-wild") == _brute_high(ids, "deuces-wild"), ids


def test_joker_draw_against_every_substitution():
    rng = np.random.default_rng(2)
    for ids in _sample("joker-poker", rng, {0: 50, 1: 600}):
        assert wild.evaluate(ids, "joker-draw") == _brute_high(ids, "joker-draw"), ids


def test_california_lowball_against_every_rank():
    rng = np.random.default_rng(3)
    for ids in _sample("joker-poker", rng, {1: 800, 0: 50}):
        got = wild.evaluate(ids, "california-lowball")
        if 52 not in ids:
            continue
        nat = [c for c in ids if c != 52]
        best = max(wild.evaluate(nat + [c], "california-lowball")
                   for c in range(52) if c not in nat)
        # the lowest rank not held is the best the joker can be
        assert got == best, ids


def test_orderings():
    ev = wild.evaluate
    assert ev("2c 2d Ah Ad As") > ev("Ah Kh Qh Jh Th") > ev("2c Kh Qh Jh Th") \
        > ev("Kh Qh Jh Th 9h") > ev("2c 2d 2h Kd 9s")    # 5K > natural > wild royal > SF > 4K
    assert ev("2c Kh Qh Jh 7h") == ev("Ah Kh Qh Jh 7h")          # wild flush as the ace
    assert ev("2c Kh Qh Jh 9h") == ev("Kh Qh Jh Th 9h")          # or a straight flush
    assert ev("2c 3d 4h 5s 7c") == ev("6c 3d 4h 5s 7d")          # wild fills the straight
    assert ev("Xx Ah Kd 7c 4s", "joker-draw") == ev("Ac Ah Kd 7c 4s", "joker-draw")
    assert ev("Xx Kh Kd 7c 4s", "joker-draw") == ev("Ac Kh Kd 7c 4s", "joker-draw")   # not trips
    assert ev("Xx 9h Th Jh Qh", "joker-draw") == ev("Kh 9h Th Jh Qh", "joker-draw")
    assert ev("Xx 2c 3d 4h 6s", "california-lowball") == ev("Ac 2c 3d 4h 6s",
                                                               "california-lowball")
    assert ev("Xx Ac 3d 4h 6s", "california-lowball") == ev("2s Ac 3d 4h 6s",
                                                               "california-lowball")
    assert ev("Ac 2c 3d 4h 5s", "california-lowball") > ev("Ac 2c 3d 4h 6s",
                                                              "california-lowball")


def test_describe_and_best_five():
    assert wild.describe("Kh Qh Jh Th 9h") == "straight flush"
    assert wild.describe("2c Kh Qh Jh Th") == "wild royal flush (2c as Ah)"
    assert wild.describe("Ah Kh Qh Jh Th") == "natural royal flush"
    assert wild.describe("Xx Kh Kd 7c 4s", "joker-draw").startswith("one pair (Xx as A")
    assert sorted(wild.best_five("2c Kh Qh Jh Th")) == sorted([50, 46, 42, 38, 34])


def test_bad_input():
    with pytest.raises(InvalidCardError, match="deuces-wild has no joker"):
        wild.evaluate("Xx Ah Kh Qh Jh", "deuces-wild")
    with pytest.raises(InvalidCardError, match="second joker"):
        wild.evaluate("Xx Xy Kh Qh Jh", "joker-draw")
    with pytest.raises(InvalidHandError, match="duplicate card 'Xx'"):
        wild.evaluate("Xx Jk Kh Qh Jh", "joker-draw")
    with pytest.raises(InvalidHandError, match="expected 5 cards"):
        wild.evaluate("Xx Kh Qh Jh", "joker-draw")
    with pytest.raises(ValueError, match="unknown wild-card game 'razz'"):
        wild.evaluate("Ah Kh Qh Jh Th", "razz")
