"""draw_odds and best_hold in badeucy and badacey, against a brute force from the rules.

The oracle ranks a final hand from the rules alone (tests/_rules_oracle.py:
RULES.md §2-3 and §8 for the lows, badugi as games/badeucy.py states it) and
lists every draw of every hold of a small spot.  The pot is cut in two halves, each to its best
hand, ties splitting a half.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from typing import Any

import numpy as np
import pytest

import handrank as hr

from ._rules_oracle import badugi_key, high_key, low27_key, low_a5_key

HIGH_NAMES = ("high card", "one pair", "two pair", "three of a kind", "straight", "flush",
              "full house", "four of a kind", "straight flush")
_PATTERN = {(1, 1, 1, 1, 1): 0, (2, 1, 1, 1): 1, (2, 2, 1): 2, (3, 1, 1): 3, (3, 2): 4,
            (4, 1): 5}


def low_category(hand: list[int], low: str) -> str:
    """The five cards' category as the lowball tables name it: the high hand's in
    deuce-to-seven; in ace-to-five only the pairing (straights and flushes do not count)."""
    if low == "27":
        return HIGH_NAMES[high_key(tuple(hand), wheel=False)[0]]
    sizes = tuple(sorted(Counter(c // 4 for c in hand).values(), reverse=True))
    return {0: "high card", 1: "one pair", 2: "two pair", 3: "three of a kind",
            4: "full house", 5: "four of a kind"}[_PATTERN[sizes]]


BADUGI_NAMES = ("one-card", "two-card", "three-card", "badugi")
GAMES = {"badeucy": ("27", low27_key), "badacey": ("a5", low_a5_key)}


def oracle(name: str, hand: list[int], vs: list[int] | None, dead: list[int], limit: int
           ) -> dict[tuple[int, ...], dict[str, Any]]:
    """Every hold of at most `limit` discards: its category shares, and against a pat
    `vs` its scoop, part-of-the-pot and pot-share probabilities, each half's share."""
    low, key = GAMES[name]
    gone = set(hand) | set(dead) | set(vs or [])
    stub = [c for c in range(52) if c not in gone]
    names = [f"badugi: {c}" for c in BADUGI_NAMES] + [
        f"{'2-7' if low == '27' else 'A-5'} low: {c}" for c in HIGH_NAMES]
    out = {}
    for keep in range(5, 5 - limit - 1, -1):
        for kept in itertools.combinations(hand, keep):
            cats: Counter[str] = Counter()
            scoop = part = pot = bad = lo = 0.0
            n = 0
            for draw in itertools.combinations(stub, 5 - keep):
                final = list(kept) + list(draw)
                b = badugi_key(final)
                cats[f"badugi: {BADUGI_NAMES[b[0] - 1]}"] += 1
                cats[f"{names[4].split(':')[0]}: {low_category(final, low)}"] += 1
                n += 1
                if vs is None:
                    continue
                vb, vl = badugi_key(vs), key(vs)
                ml = key(final)
                halves = [1.0 if b > vb else 0.5 if b == vb else 0.0,
                          1.0 if ml > vl else 0.5 if ml == vl else 0.0]
                share = sum(halves) / 2
                scoop += halves == [1.0, 1.0]
                part += 0 < share < 1
                pot += share
                bad += halves[0]
                lo += halves[1]
            out[tuple(sorted(kept))] = {
                "categories": [cats[c] / n for c in names], "names": names, "draws": n,
                "win": scoop / n, "tie": part / n, "equity": pot / n,
                "shares": [bad / n, lo / n]}
    return out


SPOTS = [("badeucy", "As 2d 3h 4c Kd", "7s 5h 4d 3c 2h", "Qs Qh"),
         ("badeucy", "2c 2d 7h 8s 9c", "Ad Kh 3s 4h 5c", ""),
         ("badacey", "As 2d 3h 4c Kd", "7s 5h 4d 3c 2h", "Js"),
         ("badacey", "Ac 4c 6d 6h Ts", "2s 3d 5h 8c Kd", "")]


@pytest.mark.parametrize(("name", "hand", "vs", "dead"), SPOTS)
@pytest.mark.parametrize("spelling", ["name", "game"])
def test_every_hold_against_a_pat_hand_matches_the_brute_force(
        name: str, hand: str, vs: str, dead: str, spelling: str) -> None:
    game: Any = name if spelling == "name" else hr.game(name)
    d = hr.draw_odds(hand, game=game, vs=vs, dead=dead, max_discard=2)
    want = oracle(name, hr.cards(hand), hr.cards(vs), hr.cards(dead) if dead else [], 2)
    assert len(d.holds) == len(want) == 16
    assert d.halves == ("badugi", "2-7 low" if name == "badeucy" else "A-5 low")
    for i, hold in enumerate(d.holds):
        w = want[tuple(sorted(hold))]
        assert list(d.category_names) == w["names"]
        assert d.draws[i] == w["draws"]
        assert np.allclose(d.categories[i], w["categories"], rtol=0, atol=1e-12)
        assert d.win[i] == pytest.approx(w["win"], abs=1e-12)
        assert d.tie[i] == pytest.approx(w["tie"], abs=1e-12)
        assert d.equity[i] == pytest.approx(w["equity"], abs=1e-12)
        assert np.allclose(d.shares[i], w["shares"], rtol=0, atol=1e-12)
    # best first: the holds by their pot share against the pat hand
    assert (np.diff(d.equity) <= 1e-12).all()
    best = max(want.values(), key=lambda w: w["equity"])["equity"]
    assert d.equity[0] == pytest.approx(best, abs=1e-12)
    assert hr.best_hold(hand, game=game, vs=vs, dead=dead) == \
        hr.draw_odds(hand, game=game, vs=vs, dead=dead).best


def test_without_an_opponent_the_categories_of_every_hold() -> None:
    hand = "Ac 4c 6d 6h Ts"
    d = hr.draw_odds(hand, game="badacey", max_discard=1)
    want = oracle("badacey", hr.cards(hand), None, [], 1)
    assert len(d.holds) == 6
    for i, hold in enumerate(d.holds):
        assert np.allclose(d.categories[i], want[tuple(sorted(hold))]["categories"],
                           rtol=0, atol=1e-12)
    assert np.isnan(d.win).all() and np.isnan(d.equity).all() and np.isnan(d.shares).all()
    # each part's categories sum to one
    assert np.allclose(d.categories[:, :4].sum(axis=1), 1)
    assert np.allclose(d.categories[:, 4:].sum(axis=1), 1)
    assert (np.diff(d.expected) <= 1e-12).all()


@pytest.mark.parametrize("name", ["badeucy", "badacey"])
def test_the_expected_percentile_of_a_pat_hand_against_sampled_hands(name: str) -> None:
    # a pat hand's expected percentile is the mean of its two halves' percentiles: the
    # share of every five-card hand it beats, plus half the share it ties, in each half;
    # 4,000 hands sampled with the oracle's ranking agree within five standard errors
    hand = hr.cards("As 2d 3h 4c Kd")
    d = hr.draw_odds(hand, game=name, max_discard=0)
    assert len(d.holds) == 1
    low, key = GAMES[name]
    rng = random.Random(7)
    mine = (badugi_key(hand), key(hand))
    samples = []
    for _ in range(4000):
        other = rng.sample(range(52), 5)
        ob, ol = badugi_key(other), key(other)
        samples.append(((ob < mine[0]) + (ob == mine[0]) / 2
                        + (ol < mine[1]) + (ol == mine[1]) / 2) / 2)
    mean = float(np.mean(samples))
    err = float(np.std(samples)) / np.sqrt(len(samples))
    assert abs(d.expected[0] - mean) <= 5 * err + 1e-9, (d.expected[0], mean, err)


def test_a_drawing_opponent_is_refused_by_name() -> None:
    with pytest.raises(hr.UnsupportedGameError, match="draw_odds does not apply to game "
                                                      "'badeucy'.*stands pat"):
        hr.draw_odds("As 2d 3h 4c Kd", game="badeucy", vs="7s 5h 4d")


def test_a_game_with_a_board_has_no_draw_odds() -> None:
    for name in ("double-holdem", "holdem", "courchevel"):
        with pytest.raises(hr.UnsupportedGameError, match=f"draw_odds does not apply to "
                                                          f"game '{name}'"):
            hr.draw_odds("As Kd", game=name)
