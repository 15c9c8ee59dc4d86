"""Wild-card hand ranking (deuces-wild, joker-draw, california-lowball) against
a brute force that tries every substitution of every wild card by each of the
52 cards (repeats allowed), and against hand-made orderings."""

from __future__ import annotations

import itertools
import math

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


# ---------------------------------------------------------------- the build-step tables

def _entries(game):
    """(symbols, suited, class) of every table entry a hand of `game` reaches, with a
    representative hand of each."""
    from handrank.core import kernels
    value = kernels._wild_tables()[0]
    g = wild.WILD_GAMES.index(game)
    out = []
    for n_nat in range(6):
        for nat in itertools.combinations_with_replacement(range(13), n_nat):
            w = 5 - n_nat
            if game == "deuces-wild" and (w > 4 or 0 in nat) or game != "deuces-wild" and w > 1:
                continue
            if any(nat.count(r) > 4 for r in nat):
                continue
            for suited in (False, True):
                if n_nat <= 1 and not suited or suited and len(set(nat)) < n_nat:
                    continue
                seen: dict[int, int] = {}
                ids = []
                for r in nat:
                    k = seen.get(r, 0)
                    seen[r] = k + 1
                    ids.append(4 * r + k)
                if not suited and len(set(nat)) == n_nat:
                    ids[-1] += 1                       # one natural card off the suit
                ids += list(range(w)) if game == "deuces-wild" else [52] * w
                sym = sorted([r for r in nat] + [13] * w)
                index = sum(math.comb(sym[i] + i, i + 1) for i in range(5))
                cls = int(value[(g * 2 + suited) * kernels.WILD_KEYS + index])
                out.append((ids, cls))
    return out


def _wilds(ids, game):
    return sum(c == 52 or (game == "deuces-wild" and c < 4) for c in ids)


@pytest.mark.parametrize("game", ["deuces-wild", "joker-draw"])
def test_every_table_entry_against_every_substitution(game):
    """Every entry with up to two wild cards (the rest: the slow test below)."""
    entries = _entries(game)
    assert len(entries) > 2000
    for ids, cls in entries:
        assert cls > 0, ids
        assert wild.strength(ids, game) == cls
        if _wilds(ids, game) <= 2:
            # the table's score and the brute force over all 52 cards agree
            assert wild.evaluate(ids, game) == _brute_high(ids, game), ids
    # every class is some entry's, the classes ordered as their scores
    cls = sorted({c for _, c in entries})
    assert cls == list(range(1, wild.classes(game) + 1))
    scores = [wild._score(c, game) for c in cls]
    assert scores == sorted(scores) and len(set(scores)) == len(scores)


@pytest.mark.slow
def test_every_deuces_entry_with_three_or_four_deuces():
    entries = [(ids, c) for ids, c in _entries("deuces-wild") if _wilds(ids, "deuces-wild") > 2]
    # naturals: one; two ranks (suited or not); a pair
    assert len(entries) == 12 + 2 * 66 + 12
    for ids, _ in entries:
        assert wild.evaluate(ids, "deuces-wild") == _brute_high(ids, "deuces-wild"), ids


def test_every_lowball_entry_against_the_ace_to_five_low():
    """California lowball's classes order as the best ace-to-five low (handrank.lowball's
    own tables) of every card the joker can be."""
    import handrank as hr
    lo = hr.lowball("a5")
    entries = _entries("california-lowball")
    best = {}
    for ids, cls in entries:
        nat = [c for c in ids if c != 52]
        if len(nat) == 5:
            s = lo.evaluate(nat)
        else:
            s = max(lo.evaluate(nat + [c]) for c in range(52) if c not in nat)
        assert best.setdefault(cls, s) == s, ids        # one class, one low
    order = sorted(best)
    assert order == list(range(1, wild.classes("california-lowball") + 1))
    lows = [best[c] for c in order]
    assert lows == sorted(lows) and len(set(lows)) == len(lows)


@pytest.mark.parametrize("game", ["deuces-wild", "joker-draw", "california-lowball"])
def test_every_hand_c_and_numpy_agree(game, monkeypatch):
    """Every hand of the game's deck: the C kernel and the numpy fallback give one class, and
    it is the class of the hand's table entry (symbols and suit flag)."""
    from handrank.core import kernels
    deck = 52 if game == "deuces-wild" else 53
    rows = np.array(list(itertools.combinations(range(deck), 5)), dtype=np.uint8)
    got = wild.evaluate_batch(rows, game)
    assert (got > 0).all()
    monkeypatch.setattr(kernels, "_C", None)
    assert np.array_equal(wild.evaluate_batch(rows, game), got)
    monkeypatch.undo()
    # hands with the same symbols and suit flag as an entry's representative share its class
    reps = {}
    for ids, cls in _entries(game):
        reps[_key(ids, game)] = cls
    keys = _keys(rows, game)
    assert all(reps[k] == c for k, c in zip(keys, got[::97].tolist()))


def _key(ids, game):
    wl = [c == 52 or (game == "deuces-wild" and c < 4) for c in ids]
    sym = tuple(sorted(13 if w else c // 4 for c, w in zip(ids, wl)))
    suits = {c % 4 for c, w in zip(ids, wl) if not w}
    return sym, len(suits) <= 1


def _keys(rows, game):
    return [_key(list(r), game) for r in rows[::97].tolist()]


def test_bad_rows_are_named():
    with pytest.raises(InvalidHandError, match="row 1 .* repeated card"):
        wild.evaluate_batch([[0, 1, 2, 3, 4], [5, 5, 6, 7, 8]])
    with pytest.raises(InvalidHandError, match="row 0 .* outside the 52-card deck"):
        wild.evaluate_batch([[52, 1, 2, 3, 4]], "deuces-wild")
    with pytest.raises(InvalidHandError, match="shape"):
        wild.evaluate_batch([[1, 2, 3]], "joker-draw")
    assert wild.evaluate_batch(np.zeros((0, 5), dtype=np.uint8), "joker-draw").shape == (0,)


# ---------------------------------------------------------------- the registered games

def test_registered_games_rank_through_the_operations():
    import handrank as hr
    assert {"deuces-wild", "joker-draw", "california-lowball"} <= set(hr.games())
    for game in wild.WILD_GAMES:
        g = hr.game(game)
        assert len(g.deck) == (52 if game == "deuces-wild" else 53)
    top = hr.evaluate("2c 2d Ah Ad As", game="deuces-wild")
    assert top == wild.classes("deuces-wild")
    assert hr.describe(top, game="deuces-wild") == "five of a kind, A-A-A-A-A"
    s = hr.evaluate("2c Kh Qh Jh Th", game="deuces-wild")
    assert hr.category(s, game="deuces-wild") == "wild royal flush"
    assert hr.evaluate("Ah Kh Qh Jh Th", game="deuces-wild") == s + 1
    assert hr.cards_str(hr.best_five("2c Kh Qh Jh Th", game="deuces-wild")) == "Kh Qh Jh Th Ah"
    assert hr.evaluate("Xx Ah Kd 7c 4s", game="joker-draw") == \
        hr.evaluate("Ac Ah Kd 7c 4s", game="joker-draw")
    low = hr.evaluate("Xx 2c 3d 4h 5s", game="california-lowball")
    assert low == wild.classes("california-lowball")
    assert hr.describe(low, game="california-lowball") == "5-4-3-2-A"
    assert hr.category(low, game="california-lowball") == "no pair"
    rows = np.array([hr.cards("2c 2d Ah Ad As"), hr.cards("Kh Qh Jh Th 9h")], dtype=np.uint8)
    assert hr.evaluate_batch(rows, game="deuces-wild").tolist() == [
        top, wild.strength("Kh Qh Jh Th 9h")]
    with pytest.raises(InvalidCardError, match="deuces-wild has no joker"):
        hr.evaluate("Xx Ah Kh Qh Jh", game="deuces-wild")
    with pytest.raises(InvalidCardError, match="deuces-wild has no joker"):
        hr.evaluate([52, 1, 4, 5, 6], game="deuces-wild")
    with pytest.raises(InvalidHandError, match="outside the deuces-wild deck in row 0"):
        hr.evaluate_batch([[52, 1, 2, 3, 4]], game="deuces-wild")
    with pytest.raises(InvalidHandError, match="duplicate card 'Ah'"):
        hr.evaluate("Xx Ah Ah Qh Jh", game="joker-draw")
    with pytest.raises(InvalidHandError, match="expected 5 cards"):
        hr.evaluate("Xx Ah Kh Qh", game="california-lowball")


def test_showdown_in_the_wild_games():
    import handrank as hr
    assert hr.explain("2c 2d Ah Ad Ks", "Kh Qh Jh Th 9h", game="deuces-wild") == (
        "K-Q-J-T-9 beats A-A-A-A-K (2c as Ad, 2d as Ad): straight flush beats four of a kind")
    assert hr.explain("Xx 3c 4d 5h 7s", "Ac 2c 3d 4h 6s", game="california-lowball") == (
        "6-4-3-2-A beats 7-5-4-3-A (Xx as A): both no pair; the ranks they stand for decide")
    assert hr.explain("2h Ah Kh Qh Jh", "2c Ac Kc Qc Jc", game="deuces-wild").startswith(
        "split: both hold wild royal flush")
    st = hr.settle(None, ["Xx Ah Kh Qh Jh", "Ac Ad As Kc Kd", "Qs Qd 9c 8c 3h"], [10, 10, 5],
                   game="joker-draw")
    assert list(st.payouts) == [25, 0, 0]
    with pytest.raises(InvalidCardError):
        hr.settle(None, ["Xx Ah Kh Qh Jh", "Ac Ad As Kc Kd"], [10, 10], game="deuces-wild")


def test_equity_in_the_wild_games_against_every_draw():
    """Equity with one card to come, against each card of the stub ranked one by one."""
    import handrank as hr
    for game, a, b in (("deuces-wild", "2c Ah Kh Qh", "9s 9d 9c 4h 4d"),
                       ("joker-draw", "Ah Kh Qh Jh", "9s 9d 9c 4h 4d"),
                       ("california-lowball", "Ah 2c 3d 4s", "7h 2h 3h 5c 6d")):
        r = hr.equity([a, b], game=game)
        g = hr.game(game)
        known = hr.cards(a) + wild._cards(b, game)
        sb = wild.strength(b, game)
        win = tie = 0
        stub = [c for c in g.deck if c not in known]
        for c in stub:
            sa = wild.strength(hr.cards(a) + [c], game)
            win += sa > sb
            tie += sa == sb
        assert r.equity[0] == pytest.approx((win + tie / 2) / len(stub), abs=1e-12), game


def test_draw_odds_in_the_wild_games_against_every_draw():
    """draw_odds' category probabilities of the holds drawing one and two cards, against
    every draw ranked one by one; best_hold is the hold of the highest expected value."""
    import handrank as hr
    for game, text in (("deuces-wild", "2c Kh Qh Jh 7s"), ("joker-draw", "Xx 9h 9d 4c 2s"),
                       ("california-lowball", "Xx 2h 3d 9c Ks")):
        d = hr.draw_odds(text, game=game)
        ids = wild._cards(text, game)
        assert len(d.holds) == 32
        stub = [c for c in hr.game(game).deck if c not in ids]
        names = list(d.category_names)
        for hold, probs in zip(d.holds, d.categories):
            if len(hold) < 3:
                continue
            want = np.zeros(len(names))
            draws = list(itertools.combinations(stub, 5 - len(hold)))
            for drawn in draws:
                cls = wild.strength(list(hold) + list(drawn), game)
                want[names.index(wild.category_of(cls, game))] += 1
            assert np.allclose(probs, want / len(draws), atol=1e-12), (game, hold)
        assert hr.best_hold(text, game=game) == d.best
    assert hr.draw_odds("2c Kh Qh Jh 7s", game="deuces-wild").best_str == "2c Kh Qh Jh"
    with pytest.raises(InvalidCardError, match="deuces-wild has no joker"):
        hr.draw_odds("Xx Kh Qh Jh 7s", game="deuces-wild")


def test_cli_eval_in_the_wild_games(capsys):
    from handrank.cli import main
    assert main(["eval", "2c 2d Ah Ad As", "--game", "deuces-wild"]) == 0
    assert capsys.readouterr().out.strip() == (
        "2c 2d Ah Ad As: strength 5369 (five of a kind) five of a kind, A-A-A-A-A; "
        "best five Ah Ad As Ad Ad")
    assert main(["eval", "Xx 2c 3d 4h 6s", "--game", "california-lowball"]) == 0
    assert "(no pair) 6-4-3-2-A; best five 2c 3d 4h 6s Ac" in capsys.readouterr().out
