"""Equity and draw odds in the wild-card games (deuces-wild, joker-draw, california-lowball)
with the joker among a player's given cards, or still in the deck to be dealt, and
draw_odds against an opponent who draws: each against a brute force that enumerates
every completion one by one and ranks each hand by trying every substitution of its
wild cards (the rules: deuces and the bug by every card of the deck, the low game's
joker by every card, the best ace-to-five low of them), not by the game's tables."""

from __future__ import annotations

import functools
import itertools

import numpy as np
import pytest

import handrank as hr
from handrank.core.errors import InvalidCardError, InvalidHandError, InvalidRangeError
from handrank.games import wild

JOKER = 52


@functools.cache
def _rank(hand: frozenset[int], game: str) -> int:
    """A comparable strength of five cards from the rules: the best natural hand of every
    substitution of the wild cards (higher is better)."""
    ids = sorted(hand)
    if game == "california-lowball":
        lo = hr.lowball("a5")
        nat = [c for c in ids if c != JOKER]
        if len(nat) == 5:
            return int(lo.evaluate(nat))
        return max(int(lo.evaluate(nat + [c])) for c in range(52) if c not in nat)
    deuce = game == "deuces-wild"
    wl = [c for c in ids if c == JOKER or (deuce and c < 4)]
    nat = [c for c in ids if c not in wl]
    subs = list(itertools.combinations_with_replacement(range(52), len(wl)))
    rows = np.array([nat + list(s) for s in subs], dtype=np.int64).reshape(len(subs), 5)
    s = wild.natural_strength(rows, natural_royal=np.full(len(rows), not wl))
    if game == "joker-draw" and wl:
        # the bug: an ace, or the card completing a straight, a flush or a straight flush
        cat = s // (2 * 13 ** 5)
        ok = (rows[:, -1] // 4 == 12) | np.isin(cat, (4, 5, 8, 9))
        s = np.where(ok, s, -1)
    return int(s.max())


def _ids(text: str) -> list[int]:
    return [JOKER if c.lower() == "xx" else hr.cards(c)[0] for c in text.split()]


def _brute_equity(game: str, hands: list[str], dead: str = "") -> tuple[np.ndarray, int]:
    """Each player's pot share over every deal of the missing cards, and the deals."""
    given = [_ids(h) for h in hands]
    gone = {c for h in given for c in h} | set(_ids(dead))
    stub = [c for c in hr.game(game).deck if c not in gone]
    need = [5 - len(h) for h in given]
    shares = np.zeros(len(hands))
    deals = 0

    def deal(i: int, left: list[int], done: list[list[int]]) -> None:
        nonlocal deals
        if i == len(hands):
            s = [_rank(frozenset(h), game) for h in done]
            top = max(s)
            winners = [j for j, x in enumerate(s) if x == top]
            for j in winners:
                shares[j] += 1 / len(winners)
            deals += 1
            return
        for pick in itertools.combinations(left, need[i]):
            rest = [c for c in left if c not in pick]
            deal(i + 1, rest, done + [given[i] + list(pick)])

    deal(0, stub, [])
    return shares / deals, deals


SPOTS = [
    # the joker held
    ("joker-draw", ["Xx Kh Qh Jh", "Ac Ad As Kc"], ""),
    ("joker-draw", ["Xx 9h 9d 4c", "Kc Kd 7s 7h 2c"], ""),
    ("california-lowball", ["Xx 2c 3d 7h", "Ac 2d 3h 4s"], ""),
    # the joker still in the deck, to either player
    ("joker-draw", ["Ah Kh Qh Jh", "9s 9d 9c 4h"], ""),
    ("california-lowball", ["Ac 2d 3h 8s", "2c 3d 4h 6s"], ""),
    # the joker dead
    ("joker-draw", ["Ah Kh Qh Jh", "9s 9d 9c 4h"], "Xx"),
    # deuces are natural cards: held, and dealt
    ("deuces-wild", ["2c Kh Qh Jh", "2d 9s 9d 9c"], ""),
    ("deuces-wild", ["Ah Kh Qh Jh", "9s 9d 9c 4h"], ""),
]


@pytest.mark.parametrize("game,hands,dead", SPOTS)
def test_exact_equity_against_every_completion(game, hands, dead):
    want, deals = _brute_equity(game, hands, dead)
    r = hr.equity(hands, game=game, dead=dead, exact=True)
    assert r.exact and r.samples == deals
    assert np.allclose(r.equity, want, atol=1e-12), (r.equity, want)
    assert r.hands == tuple(hands)


@pytest.mark.parametrize("game,hands,dead", SPOTS[:5])
def test_monte_carlo_equity_against_every_completion(game, hands, dead):
    want, _ = _brute_equity(game, hands, dead)
    r = hr.equity(hands, game=game, dead=dead, exact=False, trials=60_000, seed=7)
    assert not r.exact and r.samples == 60_000
    assert np.all(r.stderr > 0)
    # within five standard errors of the exact value (seeded: the same every run)
    assert np.all(np.abs(r.equity - want) < 5 * r.stderr + 1e-12), (r.equity, want, r.stderr)
    again = hr.equity(hands, game=game, dead=dead, exact=False, trials=60_000, seed=7)
    assert np.array_equal(again.equity, r.equity)


def test_the_joker_is_dealt_only_where_it_is_left():
    """The joker is dealt while it is in the stub, and not once it is dead: 'Ac Ad As Ks
    Kd' is beaten by the four hearts only with Th or the joker."""
    hands = ["Ah Kh Qh Jh", "Ac Ad As Ks Kd"]
    want, deals = _brute_equity("joker-draw", hands)
    assert deals == 53 - 9
    # the royal's card Th, or the joker (a wild royal flush): 2 of 44
    assert want[0] == pytest.approx(2 / 44)
    r = hr.equity(hands, game="joker-draw", exact=False, trials=200_000, seed=3)
    assert abs(r.equity[0] - 2 / 44) < 5 * r.stderr[0]
    assert hr.equity(hands, game="joker-draw", exact=True).equity[0] == pytest.approx(2 / 44)
    dead = hr.equity(hands, game="joker-draw", dead="Xx", exact=True)
    assert dead.equity[0] == pytest.approx(1 / 43)


def test_a_random_player_and_a_list_of_hands_with_the_joker():
    r = hr.equity(["Xx Ac 2d 3h 4s", "random"], game="california-lowball", exact=False,
                  trials=20_000, seed=1)
    assert r.equity[0] > 0.99                    # the wheel: a tie at best
    listed = hr.equity(["Xx Kh Qh Jh Th,Ac Ad As Kc Kd", "9s 9d 9c 4h 4d"], game="joker-draw",
                       exact=True)
    # the royal and the full house beat three nines: every deal
    assert listed.equity[0] == pytest.approx(1.0)


def test_bad_jokers_in_equity():
    with pytest.raises(InvalidHandError, match="duplicate card 'Xx' in player 1's hand and "
                                               "player 2's hand"):
        hr.equity(["Xx Kh Qh Jh", "Xx Ad As Kc Kd"], game="joker-draw")
    with pytest.raises(InvalidHandError, match="duplicate card 'Xx'"):
        hr.equity(["Xx Kh Qh Jh", "Ac Ad As Kc Kd"], game="joker-draw", dead="Xx")
    with pytest.raises(InvalidRangeError, match="deuces-wild has no joker"):
        hr.equity(["Xx Kh Qh Jh", "Ac Ad As Kc Kd"], game="deuces-wild")
    with pytest.raises(InvalidRangeError, match="'Xy' is a second joker"):
        hr.equity(["Xx Xy Qh Jh", "Ac Ad As Kc Kd"], game="joker-draw")
    with pytest.raises(InvalidCardError, match="deuces-wild has no joker"):
        hr.equity([[52, 4, 5, 6], "Ac Ad As Kc Kd"], game="deuces-wild")


# ---------------------------------------------------------------- draw_odds, vs= drawing

def _brute_vs(game: str, hand: str, vs: str, dead: str) -> dict[tuple[int, ...], tuple]:
    """Per hold: P(win), P(tie) over every pair of disjoint draws (ours, then theirs)."""
    ids, v = _ids(hand), _ids(vs)
    gone = set(ids) | set(v) | set(_ids(dead))
    stub = [c for c in hr.game(game).deck if c not in gone]
    out = {}
    for m in range(32):
        kept = [ids[j] for j in range(5) if m >> j & 1]
        w = t = n = 0
        for ours in itertools.combinations(stub, 5 - len(kept)):
            a = _rank(frozenset(kept + list(ours)), game)
            rest = [c for c in stub if c not in ours]
            for theirs in itertools.combinations(rest, 5 - len(v)):
                b = _rank(frozenset(v + list(theirs)), game)
                w += a > b
                t += a == b
                n += 1
        out[tuple(sorted(kept))] = (w / n, t / n)
    return out


@pytest.mark.parametrize("game,hand,vs,stub", [
    ("joker-draw", "Xx Kh Qh 3c 3d", "Ac Ad As", "Ah Ks Jh Th 3h 3s 9h 5c 7d Kd Qc 2h"),
    ("joker-draw", "Ah Kh Qh 3c 3d", "Ac Ad", "Xx Jh Th 3h Kd As 9h 5c 7d Qs 2h 4h"),
    ("deuces-wild", "2c Kh Qh 3c 3d", "As Ad 2h Jc", "2d Tc Jh Th Ah 3h Ac 9h 5c 7d Ks Qs"),
    ("california-lowball", "Ac 2c 3d Kh Ks", "Xx 4d 5h", "Ad 2d 3h 4c 5c 6d 7h 8s Kd Qc 9h Th"),
])
def test_draw_odds_against_a_drawing_hand(game, hand, vs, stub):
    """Every hold's P(win) and P(tie) against an opponent keeping `vs` and drawing the rest
    from the same stub (12 cards: every other card dead), against every pair of draws
    ranked from the rules."""
    left = set(_ids(hand + " " + vs + " " + stub))
    dead = [c for c in hr.game(game).deck if c not in left]
    dead_text = " ".join("Xx" if c == JOKER else hr.cards_str([c]) for c in dead)
    d = hr.draw_odds(hand, game=game, vs=vs, dead=dead_text)
    want = _brute_vs(game, hand, vs, dead_text)
    assert len(d.holds) == 32
    for i, hold in enumerate(d.holds):
        w, t = want[tuple(sorted(hold))]
        assert d.win[i] == pytest.approx(w, abs=1e-12), (hold, d.win[i], w)
        assert d.tie[i] == pytest.approx(t, abs=1e-12), (hold, d.tie[i], t)
    score = d.win + d.tie / 2
    assert np.all(np.diff(score) <= 1e-15)                  # ordered by equity
    assert hr.best_hold(hand, game=game, vs=vs, dead=dead_text) == d.best


@pytest.mark.parametrize("game,hand,vs", [
    ("joker-draw", "Xx Ah Kh 9h 3d", "9s 9d 9c 4c"),
    ("california-lowball", "Kc 2d 8h 7s 6c", "Xx 2c 3d 4h"),
    ("deuces-wild", "2c 7h 8h 9h Kd", "2d 2h Ac 4c"),
])
def test_draw_odds_vs_drawing_on_the_full_deck(game, hand, vs):
    """The whole deck, no dead card: each hold drawing at most one card, against an
    opponent drawing one, over every pair of draws ranked from the rules."""
    d = hr.draw_odds(hand, game=game, vs=vs)
    ids, v = _ids(hand), _ids(vs)
    stub = [c for c in hr.game(game).deck if c not in set(ids) | set(v)]
    checked = 0
    for i, hold in enumerate(d.holds):
        if len(hold) < 4:
            continue
        w = t = n = 0
        for ours in itertools.combinations(stub, 5 - len(hold)):
            a = _rank(frozenset(hold + ours), game)
            for theirs in stub:
                if theirs in ours:
                    continue
                b = _rank(frozenset(v + [theirs]), game)
                w += a > b
                t += a == b
                n += 1
        assert d.win[i] == pytest.approx(w / n, abs=1e-12), hold
        assert d.tie[i] == pytest.approx(t / n, abs=1e-12), hold
        checked += 1
    assert checked == 6
