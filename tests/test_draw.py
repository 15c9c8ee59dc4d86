"""Draw games, video poker, badugi, stud rules (issue 18, the parts without the Game model).

Oracles: published video-poker returns, brute-force enumeration of every
draw of every hold (numpy over the evaluator), the rule-written badugi
reference over all 270,725 four-card hands, the existing low and high
evaluators for razz and stud.
"""

from __future__ import annotations

import functools
import itertools
import math

import numpy as np
import pytest

import handrank as hr
import handrank.games.badugi as bd
from handrank.core.cards import cards, cards_str
from handrank.games import draw, stud, videopoker
from handrank.reference.badugi import hand_key

pytestmark = pytest.mark.skipif(hr.backend != "c", reason="draw kernels need the C core")

# Published returns of optimal play (wizardofodds.com video poker pay tables).
PUBLISHED = {
    "jacks-or-better-9/6": 0.995439,
    "jacks-or-better-8/5": 0.972984,
    "bonus-poker-8/5": 0.991660,
    "double-bonus-10/7": 1.001725,
    "double-double-bonus-9/6": 0.989808,
}


# ------------------------------------------------------------------ video poker


@functools.cache
def _combos(n, r):
    """Every r-subset of range(n) as rows of an int array."""
    if r == 0:
        return np.zeros((1, 0), dtype=np.intp)
    flat = itertools.chain.from_iterable(itertools.combinations(range(n), r))
    return np.fromiter(flat, dtype=np.intp).reshape(-1, r)


@pytest.mark.parametrize("name", sorted(PUBLISHED))
def test_video_poker_published_returns(name):
    vp = hr.video_poker(name)
    assert round(vp.expected_return, 6) == PUBLISHED[name]
    assert math.isclose(sum(vp.breakdown.values()), vp.expected_return, rel_tol=1e-9)
    assert math.isclose(sum(vp.probabilities.values()), 1.0, rel_tol=1e-9)


def test_pay_class_counts_of_all_hands():
    cls5, _ = videopoker._tables()
    counts = dict(zip(videopoker.CLASSES, np.bincount(cls5, minlength=len(videopoker.CLASSES))))
    # Counted from the rules: 4 royals, 36 other straight flushes, four aces with a 2-4
    # kicker 3 * 4 = 12, with 5-K 36; four 2s-4s with A-4 kicker 3 * 12 = 36, with 5-K 3 * 36.
    assert counts["royal-flush"] == 4 and counts["straight-flush"] == 36
    assert counts["four-aces-with-2-4"] == 12 and counts["four-aces-with-5-k"] == 36
    assert counts["four-2-4-with-a-4"] == 36 and counts["four-2-4-with-5-k"] == 108
    assert counts["four-5-k"] == 9 * 48
    assert counts["full-house"] == 3744 and counts["flush"] == 5108
    assert counts["straight"] == 10200 and counts["three-of-a-kind"] == 54912
    assert counts["two-pair"] == 123552 and counts["jacks-or-better"] == 4 * 84480
    assert sum(counts.values()) == math.comb(52, 5)


def _brute_hold_counts(deal):
    """Every draw of every hold, evaluated one final hand per row."""
    classes = videopoker._pay_classes()
    stub = np.array([c for c in range(52) if c not in deal], dtype=np.uint8)
    out = np.zeros((32, len(videopoker.CLASSES)), dtype=np.int64)
    for h in range(32):
        kept = [deal[j] for j in range(5) if h >> j & 1]
        r = 5 - len(kept)
        draws = _combos(len(stub), r)
        rows = np.concatenate([np.tile(np.array(kept, dtype=np.uint8), (len(draws), 1)),
                               stub[draws].reshape(len(draws), r)], axis=1)
        out[h] = np.bincount(classes[hr.evaluate_batch(rows)], minlength=out.shape[1])
    return out


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_hold_counts_against_brute_force(seed):
    deal = [int(c) for c in np.random.default_rng(seed).choice(52, 5, replace=False)]
    vp = hr.video_poker("jacks-or-better-9/6")
    got = vp._hold_counts(deal)[:, :len(videopoker.CLASSES)]
    np.testing.assert_array_equal(got, _brute_hold_counts(deal))
    # the best hold is the best expected payout of the brute-force counts
    pay = np.array([videopoker.PAYTABLES["jacks-or-better-9/6"].get(c, 0) if c not in
                    videopoker.GROUPS["four-of-a-kind"] else 25 for c in videopoker.CLASSES])
    brute = _brute_hold_counts(deal)
    ev = [brute[h] @ pay / math.comb(47, 5 - bin(h).count("1")) for h in range(32)]
    best = max(range(32), key=lambda h: (ev[h], -h))
    assert math.isclose(max(vp.hold_values(deal).values()), ev[best], rel_tol=1e-9)


@pytest.mark.parametrize("deal, keep", [
    ("As Ks Qs Js Ts", "As Ks Qs Js Ts"),       # pat royal
    ("As Ks Qs Js 9d", "As Ks Qs Js"),          # four to a royal over a made straight draw
    ("Jh Jd 4c 4s 9h", "Jh Jd 4c 4s"),
    ("Qh Jh 9h 3c 2d", "Qh Jh 9h"),             # three to a flush with two high cards
    ("Ah Kh Qh Jh 9h", "Ah Kh Qh Jh"),          # four to a royal breaks a made flush
])
def test_hold_known_strategy(deal, keep):
    assert cards_str(hr.video_poker("jacks-or-better-9/6").hold(deal)) == keep


def test_four_to_a_royal_breaks_a_flush_at_8_5():
    # A flush (pays 5) versus four to a royal: keep the four at every pay table here.
    assert cards_str(hr.video_poker("jacks-or-better-8/5").hold("Ah Kh Qh Jh 2h")) == \
        "Ah Kh Qh Jh"


def test_custom_paytable_and_errors():
    table = dict(videopoker.PAYTABLES["jacks-or-better-9/6"])
    assert hr.video_poker(table).expected_return == \
        hr.video_poker("jacks-or-better-9/6").expected_return
    del table["flush"]
    with pytest.raises(ValueError, match="pays nothing for 'flush'"):
        hr.video_poker(table)
    with pytest.raises(ValueError, match="unknown hand class 'flushes'"):
        hr.video_poker({**videopoker.PAYTABLES["jacks-or-better-9/6"], "flushes": 3})
    with pytest.raises(ValueError, match="unknown pay table 'jacks'"):
        hr.video_poker("jacks")
    with pytest.raises(ValueError, match="finite number >= 0"):
        hr.video_poker({**videopoker.PAYTABLES["jacks-or-better-9/6"], "flush": -1})
    with pytest.raises(TypeError):
        hr.video_poker(9)
    with pytest.raises(hr.InvalidHandError):
        hr.video_poker("jacks-or-better-9/6").hold("As Ks")


# ------------------------------------------------------------------ draw odds


def _brute_draw(game, hand, vs=None, dead=()):
    g = draw.draw_game(game)
    known = set(hand) | set(vs or ()) | set(dead)
    stub = np.array([c for c in g.deck if c not in known], dtype=np.uint8)
    vs_s = draw._strength(g, list(vs)) if vs else None
    out = {}
    n = g.hand_size
    for h in range(1 << n):
        kept = [hand[j] for j in range(n) if h >> j & 1]
        r = n - len(kept)
        if r > g.max_discard:
            continue
        draws = _combos(len(stub), r)
        rows = np.concatenate([np.tile(np.array(kept, dtype=np.uint8), (len(draws), 1)),
                               stub[draws].reshape(len(draws), r)], axis=1)
        s = draw._evaluate_rows(g, rows)
        cat = draw._category_table(g)[s]
        hist = np.bincount(cat, minlength=len(g.categories) + 1)[1:] / len(s)
        win = float((s > vs_s).mean()) if vs else None
        tie = float((s == vs_s).mean()) if vs else None
        out[tuple(kept)] = (hist, win, tie)
    return out


@pytest.mark.parametrize("game, hand, vs", [
    ("draw", "As Ks Qs Js 2d", None),
    ("27-draw", "7h 5d 4c 2s Kh", "8s 6d 4h 3c 2h"),
    ("fechado", "As Ad 9s 8s 7s", "Ks Kd Kh 7d 7h"),
    ("badugi", "Ac 2d 3h Kh", "Ad 4c 6s 9h"),
    ("a5-triple", "As 2d 3h 4c 4s", None),
])
def test_draw_odds_against_brute_force(game, hand, vs):
    ids = cards(hand)
    d = hr.draw_odds(hand, game=game, vs=vs)
    brute = _brute_draw(game, ids, cards(vs) if vs else None)
    assert sorted(d.holds) == sorted(brute)
    for i, kept in enumerate(d.holds):
        hist, win, tie = brute[kept]
        np.testing.assert_allclose(d.categories[i], hist, rtol=1e-12, atol=1e-15)
        if vs:
            assert math.isclose(d.win[i], win, rel_tol=1e-12, abs_tol=1e-15)
            assert math.isclose(d.tie[i], tie, rel_tol=1e-12, abs_tol=1e-15)
        else:
            assert np.isnan(d.win[i]) and np.isnan(d.tie[i])
    score = d.win + d.tie / 2 if vs else d.expected
    assert all(np.diff(score) <= 1e-15)               # best first
    assert hr.best_hold(hand, game=game, vs=vs) == d.best


def _brute_vs_drawing(game, hand, vs, dead):
    """Every pair of disjoint draws (the hold's, then the opponent's from the rest)."""
    g = draw.draw_game(game)
    known = set(hand) | set(vs) | set(dead)
    stub = [c for c in g.deck if c not in known]
    n, dv = g.hand_size, g.hand_size - len(vs)
    out = {}
    for m in range(1 << n):
        kept = [hand[j] for j in range(n) if m >> j & 1]
        if n - len(kept) > g.max_discard:
            continue
        rows_h, rows_v = [], []
        for d in itertools.combinations(stub, n - len(kept)):
            rest = [c for c in stub if c not in d]
            for e in itertools.combinations(rest, dv):
                rows_h.append(kept + list(d))
                rows_v.append(list(vs) + list(e))
        a = draw._evaluate_rows(g, np.array(rows_h, dtype=np.uint8)).astype(int)
        b = draw._evaluate_rows(g, np.array(rows_v, dtype=np.uint8)).astype(int)
        out[tuple(kept)] = (float((a > b).mean()), float((a == b).mean()))
    return out


@pytest.mark.parametrize("game, hand, vs, stub", [
    ("badugi", "Ac 2d 3h Kh", "4s 5c", 10),
    ("draw", "As Ks Qs Js 2d", "Ah Ad 7c", 15),     # long lists: the counting path too
    ("27-draw", "7s 5d 3c 2h Kd", "8h 6c 4d 3s", 13),
    ("fechado", "As Ks Qs Js 9d", "Ah Ad", 12),
])
def test_draw_odds_against_a_drawing_opponent(game, hand, vs, stub):
    """vs keeps some cards and draws the rest from the same stub: exact over
    every pair of disjoint draws, against brute force on a small stub."""
    g = draw.draw_game(game)
    h, v = cards(hand), cards(vs)
    rng = np.random.default_rng(len(hand) + stub)
    others = [c for c in g.deck if c not in h + v]
    dead = [int(c) for c in rng.permutation(others)[:len(others) - stub]]
    d = hr.draw_odds(h, game=game, vs=v, dead=dead)
    want = _brute_vs_drawing(game, h, v, dead)
    assert sorted(d.holds) == sorted(want)
    for i, kept in enumerate(d.holds):
        assert math.isclose(d.win[i], want[kept][0], rel_tol=1e-12, abs_tol=1e-15)
        assert math.isclose(d.tie[i], want[kept][1], rel_tol=1e-12, abs_tol=1e-15)
    assert all(np.diff(d.win + d.tie / 2) <= 1e-15)
    # a full deck: the categories are the hold's own draws (vs's cards out of the stub)
    full = hr.draw_odds(hand, game=game, vs=vs)
    alone = hr.draw_odds(hand, game=game, dead=vs)
    order = [alone.holds.index(k) for k in full.holds]
    np.testing.assert_allclose(full.categories, alone.categories[order], rtol=1e-12)


def test_draw_odds_counts_and_limits():
    d = hr.draw_odds("As Ks Qs Js 2d")
    assert len(d.holds) == 32 and int(d.draws.sum()) == math.comb(52, 5)
    f = hr.draw_odds("As Ks Qs Js 7d", game="fechado")
    assert min(len(h) for h in f.holds) == 2 and len(f.holds) == 26     # up to 3 discards
    m = hr.draw_odds("As Ks Qs Js 7d", game=draw.draw_game("fechado", mao=True))
    assert min(len(h) for h in m.holds) == 1 and len(m.holds) == 31     # the mao: up to 4
    assert len(hr.draw_odds("Ac 2d 3h Kh", game="badugi").holds) == 16
    assert min(len(h) for h in hr.draw_odds("As Ks Qs Js 2d", max_discard=2).holds) == 3
    assert len(draw.draw_game("fechado", players=6).deck) == 40
    hr.draw_odds("5s 6s 7s 8s 9s", game=draw.draw_game("fechado", players=6))
    # dead cards leave the stub: with every spade but the hand's dead, no straight flush
    dead = [c for c in range(3, 52, 4) if c not in cards("As Ks Qs Js")]
    d = hr.draw_odds("As Ks Qs Js 2d", dead=dead, max_discard=1)
    assert d.categories[d.holds.index(tuple(cards("As Ks Qs Js")))][8] == 0


@pytest.mark.parametrize("kwargs, error, match", [
    (dict(hand="As Ks Qs Js"), hr.InvalidHandError, "played with 5 cards, got 4"),
    (dict(hand="As Ks Qs Js 2d", game="fechado"), hr.InvalidCardError,
     "card '2d' in the hand is not in the 32-card deck of 'fechado'"),
    (dict(hand="As Ks Qs Js 9d", game="fechado", max_discard=4), ValueError,
     "allows 0 to 3 discards"),
    (dict(hand="As Ks Qs Js 9d", game="holdem"), hr.UnsupportedGameError,
     "draw_odds does not apply to game 'holdem': it has no exchange of cards"),
    (dict(hand="As Ks Qs Js 9d", game="nothing"), ValueError, "unknown draw game 'nothing'"),
    (dict(hand="As Ks Qs Js 9d", vs="As Kd Qd Jd Td"), hr.InvalidHandError, "duplicate card"),
    (dict(hand="As Ks Qs Js 9d", vs="Ad Kd Qd Jd Td 9h"), ValueError,
     "vs must be a hand of 5 cards that stands pat, or the cards it keeps, got 6"),
    (dict(hand="As Ks Qs Js 9d", vs="Ad", game="fechado"), ValueError,
     "'fechado' allows at most 3 cards exchanged, vs keeps 1 of 5"),
    (dict(hand="As Ks Qs Js 9d", vs="Ad Kd",
          dead=[c for c in range(52) if c not in cards("As Ks Qs Js 9d Ad Kd")][:40]),
     ValueError, "only 5 cards left to draw for both hands"),
    (dict(hand="Ac 2d 3h Kh 5s", game="badugi"), hr.InvalidHandError,
     "played with 4 cards, got 5"),
])
def test_draw_odds_errors(kwargs, error, match):
    with pytest.raises(error, match=match):
        hr.draw_odds(**kwargs)


def test_fechado_players_error():
    with pytest.raises(ValueError, match="2 to 8 players"):
        draw.draw_game("fechado", players=9)
    with pytest.raises(TypeError, match="no option"):
        draw.draw_game("draw", players=5)


# ------------------------------------------------------------------ badugi


def test_badugi_every_hand_against_reference():
    hands = np.array(list(itertools.combinations(range(52), 4)), dtype=np.uint8)
    strengths = bd.evaluate_badugi_batch(hands)
    keys = [hand_key(tuple(int(c) for c in h)) for h in hands]
    order = sorted(range(len(keys)), key=keys.__getitem__)
    # strength is a strictly increasing function of the rule's key
    for a, b in zip(order, order[1:]):
        if keys[a] == keys[b]:
            assert strengths[a] == strengths[b]
        else:
            assert strengths[a] < strengths[b]
    assert len(set(strengths.tolist())) == bd.CLASSES == 1092
    sizes = np.bincount([k[0] for k in keys], minlength=5)[1:]
    assert list(np.bincount(bd._tables()[1][strengths], minlength=5)[1:]) == list(sizes)
    # the numpy backend's kernel agrees on every hand
    np.testing.assert_array_equal(bd._numpy_batch(hands.astype(np.int64)), strengths)


def test_badugi_scalar_words_best_four():
    b = bd.badugi()
    assert b.evaluate("Ac 2d 3h 4s") == 1092
    assert b.describe(b.evaluate("Kc 7c 2d 2h")) == "Two-card, 7-2"
    assert b.category(b.evaluate("Ac 2d 3h 4s")) == 4
    assert cards_str(b.best_four("Kc 7c 2d 2h")) in ("7c 2d", "7c 2h")
    rng = np.random.default_rng(5)
    for _ in range(200):
        h = [int(c) for c in rng.choice(52, 4, replace=False)]
        four = b.best_four(h)
        assert hand_key(h)[0] == len(four)
        assert b.evaluate(h) == int(bd.evaluate_badugi_batch([h])[0])
    with pytest.raises(hr.InvalidHandError, match="expected 4 cards, got 5"):
        b.evaluate("Ac 2d 3h 4s 5c")
    with pytest.raises(hr.InvalidCardError, match="invalid card id 60"):
        b.evaluate_batch([[60, 1, 2, 3]])
    with pytest.raises(hr.InvalidHandError):
        b.evaluate_batch([[1, 2, 3, 4, 5]])
    with pytest.raises(ValueError):
        b.describe(0)


# ------------------------------------------------------------------ stud rules


def test_stud_rules_against_existing_evaluators():
    rng = np.random.default_rng(9)
    hands = np.array([rng.choice(52, 7, replace=False) for _ in range(2000)], dtype=np.uint8)
    np.testing.assert_array_equal(stud.stud_rule("stud").evaluate_batch(hands),
                                  hr.evaluate_batch(hands))
    np.testing.assert_array_equal(stud.stud_rule("razz").evaluate_batch(hands),
                                  hr.lowball("a5").evaluate_batch(hands))
    hl = stud.stud_rule("stud-hilo").evaluate_batch(hands)
    assert hl.shape == (2000, 2)
    np.testing.assert_array_equal(hl[:, 1], hr.lowball("a5", qualifier=8).evaluate_batch(hands))
    for row, (hi, lo) in zip(hands[:50].tolist(), hl[:50]):
        assert stud.stud_rule("stud-hilo").evaluate(row) == (hi, lo)
        assert stud.stud_rule("razz").evaluate(row) == hr.lowball("a5").evaluate(row)
    assert stud.stud_rule("razz").describe(6175) == "5-4-3-2-A low"
    with pytest.raises(ValueError, match="unknown stud game"):
        stud.stud_rule("omaha")


def test_stud_hilo_describe_needs_a_pair():
    with pytest.raises(TypeError, match=r"stud-hilo strength is a \(high, low\) pair"):
        hr.stud_rule("stud-hilo").describe(-5)
