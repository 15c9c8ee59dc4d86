"""hr.deal: random hands in C, uniform, reproducible whatever the threads."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

import handrank as hr
from handrank.core import _tables, kernels
from handrank.games import holdem

BACKENDS = ["c", "python"] if kernels.HAVE_C else ["python"]


@pytest.fixture(params=BACKENDS)
def backend(request, monkeypatch):
    if request.param == "python":
        # no C core, hold'em's tables from the package-data file (the checks evaluate)
        monkeypatch.setattr(kernels, "_C", None)
        monkeypatch.setattr(holdem, "_HOLDEM", _tables.load_bin()["holdem"])
    return request.param


def test_rows_are_distinct_cards_of_the_deck(backend):
    hands = hr.deal(20_000, 7, seed=3)
    assert hands.shape == (20_000, 7) and hands.dtype == np.uint8
    assert (hands < 52).all()
    s = np.sort(hands, axis=1)
    assert (np.diff(s, axis=1) > 0).all()
    assert (hr.evaluate_batch(hands) > 0).all()


def test_every_ordered_deal_is_equally_likely(backend):
    """Five live cards, two dealt: the 20 ordered pairs by a chi-square test."""
    live = hr.cards("As Kd 7h 2c 9s")
    dead = [c for c in range(52) if c not in live]
    n = 40_000
    hands = hr.deal(n, 2, seed=11, dead=dead)
    assert set(np.unique(hands).tolist()) == set(live)
    pairs = list(itertools.permutations(live, 2))
    index = {p: i for i, p in enumerate(pairs)}
    counts = np.bincount([index[(int(a), int(b))] for a, b in hands], minlength=len(pairs))
    expect = n / len(pairs)
    chi2 = float(((counts - expect) ** 2 / expect).sum())
    assert chi2 < 50.0, chi2          # 19 degrees of freedom: P(chi2 > 50) < 1e-4


def test_card_frequencies_per_column_are_uniform():
    n = 200_000
    hands = hr.deal(n, 7, seed=5)
    for col in range(7):
        counts = np.bincount(hands[:, col], minlength=52)
        expect = n / 52
        chi2 = float(((counts - expect) ** 2 / expect).sum())
        assert chi2 < 110.0, (col, chi2)  # 51 degrees of freedom: P(chi2 > 110) < 1e-5


@pytest.mark.skipif(not kernels.HAVE_C, reason="the C core")
def test_a_seed_fixes_the_hands_whatever_the_threads():
    a = hr.deal(300_000, 7, seed=42, threads=1)
    for threads in (2, 3, 8):
        assert np.array_equal(a, hr.deal(300_000, 7, seed=42, threads=threads))
    assert np.array_equal(a[:1000], hr.deal(1000, 7, seed=42))       # a prefix: the same rows
    assert not np.array_equal(a[:1000], hr.deal(1000, 7, seed=43))


def test_the_games_deck_and_dead_cards(backend):
    sd = hr.deal(5000, 9, seed=1, game="shortdeck")
    assert set(np.unique(sd).tolist()) == set(hr.game("shortdeck").deck)
    br = hr.game("stripped", lowest="7")
    assert set(np.unique(hr.deal(5000, 5, seed=1, game=br)).tolist()) == set(br.deck)
    dead = hr.cards("As Ah Ad Ac")
    assert not np.isin(hr.deal(5000, 7, seed=2, dead="As Ah Ad Ac"), dead).any()
    assert hr.deal(3, 52, seed=1).shape == (3, 52)
    assert hr.deal(0, 7, seed=1).shape == (0, 7)


def test_bad_input():
    with pytest.raises(ValueError, match="k must be at most 52 \\(the live cards\\), got 60"):
        hr.deal(2, 60)
    with pytest.raises(ValueError, match="k must be at most 48"):
        hr.deal(2, 49, dead="As Ah Ad Ac")
    with pytest.raises(ValueError, match="k must be at least 1"):
        hr.deal(2, 0)
    with pytest.raises(ValueError, match="n must be 0 or more"):
        hr.deal(-1, 5)
    with pytest.raises(TypeError, match="n must be an int"):
        hr.deal(2.5, 5)
    with pytest.raises(TypeError, match="seed must be an int"):
        hr.deal(2, 5, seed="x")
    with pytest.raises(hr.InvalidCardError):
        hr.deal(2, 5, dead="Zz")
    with pytest.raises(hr.InvalidHandError, match="not in the deck"):
        hr.deal(2, 5, game="shortdeck", dead="2c")
    with pytest.raises(ValueError):
        hr.deal(2, 5, game="nosuchgame")
