"""PQL's stud equities before seventh street, checked against a brute force.

The brute force here deals every way the cards still to come can fall and
ranks each hand with the rules written out in ``tests/_rules_oracle.py``
(independent of handrank): the best five of seven for stud high; the best
ace-to-five low of five different ranks for razz; stud hi-lo's low half is a
low of five different ranks eight or lower, the pot split when some hand has
one.
"""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest

import handrank as hr
from handrank.core import kernels
from handrank.core.cards import cards as parse_cards
from handrank.pql import PqlError
from handrank.pql._eval import STUD_EXACT_RUNOUTS, Ctx, stud_runouts
from handrank.pql._run import plan_of
from handrank.pql._spot import Deals

from ._rules_oracle import high_key, low_a5_key

DECK = list(range(52))


def _best_high(seven: list[int]) -> tuple:
    return max(high_key(tuple(f)) for f in itertools.combinations(seven, 5))


def _best_low(seven: list[int], eight: bool) -> tuple | None:
    """The best ace-to-five low of five different ranks (eight or lower with
    `eight`), None when there is none."""
    best = None
    for f in itertools.combinations(seven, 5):
        ranks = {0 if c // 4 == 12 else c // 4 + 1 for c in f}     # ace 0 .. king 12
        if len(ranks) < 5 or (eight and max(ranks) > 7):
            continue
        k = low_a5_key(list(f))
        best = k if best is None or k > best else best
    return best


def _razz_key(seven: list[int]) -> tuple:
    """Razz: the best ace-to-five five of seven (pairs allowed, worse)."""
    return max(low_a5_key(list(f)) for f in itertools.combinations(seven, 5))


def _shares(hands: list[list[int]], game: str) -> list[float]:
    p = len(hands)
    if game == "razz":
        keys = [_razz_key(h) for h in hands]
        top = max(keys)
        return [1 / keys.count(top) if k == top else 0.0 for k in keys]
    highs = [_best_high(h) for h in hands]
    hbest = max(highs)
    hshare = [1 / highs.count(hbest) if k == hbest else 0.0 for k in highs]
    if game == "studhi":
        return hshare
    lows = [_best_low(h, True) for h in hands]
    found = [k for k in lows if k is not None]
    if not found:
        return hshare
    lbest = max(found)
    lshare = [1 / lows.count(lbest) if k == lbest else 0.0 for k in lows]
    return [0.5 * hshare[i] + 0.5 * lshare[i] for i in range(p)]


def brute_equity(known: list[list[int]], dead: list[int], game: str) -> list[float]:
    """Each player's mean pot share over every way to deal each player up to
    seven cards from the cards not known and not dead."""
    p = len(known)
    used = {c for k in known for c in k} | set(dead)
    unseen = [c for c in DECK if c not in used]
    need = [7 - len(k) for k in known]
    total = [0.0] * p
    runs = 0

    def deal(i: int, left: list[int], hands: list[list[int]]) -> None:
        nonlocal runs
        if i == p:
            for j, s in enumerate(_shares(hands, game)):
                total[j] += s
            runs += 1
            return
        for got in itertools.combinations(left, need[i]):
            rest = [c for c in left if c not in got]
            deal(i + 1, rest, hands + [known[i] + list(got)])

    deal(0, unseen, [])
    return [t / runs for t in total]


def _ids(text: str) -> list[int]:
    return [int(c) for c in parse_cards(text)]


def _dead_all_but(keep: int, known: list[list[int]], salt: int) -> list[int]:
    """Every card but `keep` of those no player holds, dead (a fixed choice)."""
    used = {c for k in known for c in k}
    free = [c for c in DECK if c not in used]
    rng = np.random.default_rng(salt)
    alive = set(rng.choice(free, keep, replace=False).tolist())
    return [c for c in free if c not in alive]


def _txt(ids: list[int]) -> str:
    from handrank.core.cards import card_str
    return "".join(card_str(c) for c in ids)


# ------------------------------------------------------- per-deal (general path)

SPOTS = [
    # (game, players' seven cards, street, cards kept alive or None for the whole deck)
    ("studhi", ["AsAhKdQc2s3s4d", "7cQdJsTc9h8h2d"], "sixth", None),
    ("studhi", ["Ks9s5s2h7d3c8h", "QhQc4d6h6s2c9d"], "sixth", None),
    ("studhi", ["AsKsQsJs2h3d4c", "8c8d8h3s4s5d6d", "TcTd9c9d2c5c7h"], "sixth", 14),
    ("studhi", ["AdKdQd7c2s3hJh", "9s9hTs5c4h6h8c"], "fifth", 10),
    ("studhi", ["AdKdQd7c2s3hJh", "9s9hTs5c4h6h8c"], "fourth", 9),
    ("stud8", ["As2s3d9hKcQc5d", "4h5h6c7c8dTdJd"], "sixth", None),
    ("stud8", ["As2s3d9hKcQc5d", "4h5h6c7c8dTdJd"], "fifth", 11),
    ("razz", ["As2h3dKcKsQd5h", "4c5c6hJdTh8c9s"], "sixth", None),
    ("razz", ["As2h3dKcKsQd5h", "4c5c6hJdTh8c9s"], "fifth", 10),
]
_CARDS = {"third": 3, "fourth": 4, "fifth": 5, "sixth": 6}


@pytest.mark.parametrize(("game", "hands", "street", "alive"), SPOTS)
def test_street_equity_equals_the_brute_force(game: str, hands: list[str], street: str,
                                              alive: int | None) -> None:
    k = _CARDS[street]
    full = [_ids(h) for h in hands]
    known = [h[:k] for h in full]
    # the dead cards: all but `alive` of the cards no player shows on the street
    # (and none of a player's later cards, which the query deals as given)
    dead: list[int] = []
    if alive is not None:
        later = {c for h in full for c in h[k:]}
        shown = {c for h in known for c in h}
        free = [c for c in DECK if c not in shown and c not in later]
        rng = np.random.default_rng(len(hands) * 7 + k)
        keep = set(rng.choice(free, alive - len(later), replace=False).tolist())
        dead = [c for c in free if c not in keep]
    want = brute_equity(known, dead, game)
    names = [f"p{i + 1}" for i in range(len(hands))]
    players = ", ".join(f"{n}='{h}'" for n, h in zip(names, hands))
    sel = ", ".join(f"avg(equity({n}, {street})) as e{i}" for i, n in enumerate(names))
    q = f"select {sel} from game='{game}', {players}, dead='{_txt(dead)}'"
    # every player's seven cards given: each trial is the same deal, and its
    # street equity is computed per deal (the general path)
    spot_ways = stud_runouts(52 - len(dead), len(hands), k)
    assert spot_ways <= STUD_EXACT_RUNOUTS
    r = hr.pql(q, trials=3, seed=1)
    for row, w in zip(r, want):
        assert row.value == pytest.approx(w, abs=1e-12)
    # a where clause keeps the query on the general path too
    r2 = hr.pql(q + f" where equity({names[0]}, {street}) >= 0", trials=2, seed=1)
    for row, w in zip(r2, want):
        assert row.value == pytest.approx(w, abs=1e-12)


@pytest.mark.parametrize(("game", "hands", "street", "alive"), SPOTS[:2] + SPOTS[5:6])
def test_the_numpy_path_equals_the_c_kernel(game: str, hands: list[str], street: str,
                                            alive: int | None) -> None:
    if not kernels.have_c():
        pytest.skip("no C core: both would be the numpy path")
    q = (f"select avg(equity(p1, {street})) from game='{game}', p1='{hands[0]}', "
         f"p2='{hands[1]}'")
    plan = plan_of(q)
    full = [np.array([_ids(h)], dtype=np.uint8) for h in hands]
    ctx = Ctx(plan.spot, Deals(full, np.zeros((1, 0), np.uint8), None, 1))
    got = ctx.stud_equity(_CARDS[street])
    holes = np.stack(full, axis=1)
    slow = ctx._stud_equity_numpy(holes, _CARDS[street], (1 << 52) - 1, 0, 1)
    np.testing.assert_allclose(got, slow, atol=1e-12)
    # the numpy path's draws: within 4.5 standard errors of the exact value
    drawn = ctx._stud_equity_numpy(holes, _CARDS[street], (1 << 52) - 1, 4000, 9)
    se = max(float(np.sqrt(got[0, 0] * (1 - got[0, 0]) / 4000)), 1e-3)
    assert abs(drawn[0, 0] - got[0, 0]) < 4.5 * se
    assert drawn[:, 0].sum() == pytest.approx(1.0)


# -------------------------------------------- the known-cards path (hr.equity)

def test_avg_equity_of_known_cards_is_exact_and_equals_the_brute_force() -> None:
    # sixth street, every player's six cards given: hr.equity's enumeration
    q = ("select avg(equity(hero, sixth)) as h, avg(riverEquity(villain)) as v "
         "from game='studhi', hero='AsAhKdQc2s3s', villain='7cQdJsTc9h8h'")
    r = hr.pql(q)
    want = brute_equity([_ids("AsAhKdQc2s3s"), _ids("7cQdJsTc9h8h")], [], "studhi")
    assert r.exact and r.samples == 40 * 39
    assert r[0].value == pytest.approx(want[0], abs=1e-12)
    assert r[1].value == pytest.approx(want[1], abs=1e-12)


def test_fifth_street_with_many_dead_cards_is_exact() -> None:
    known = [_ids("AdKdQd7c2s"), _ids("9s9hTs5c4h")]
    dead = _dead_all_but(11, known, 5)
    for game in ("studhi", "stud8", "razz"):
        q = (f"select avg(equity(a, fifth)) as a, avg(equity(b, seventh)) as b "
             f"from game='{game}', a='AdKdQd7c2s', b='9s9hTs5c4h', dead='{_txt(dead)}'")
        r = hr.pql(q)
        want = brute_equity(known, dead, game)
        assert r.exact and r.samples == math.comb(11, 2) * math.comb(9, 2)
        assert r[0].value == pytest.approx(want[0], abs=1e-12), game
        assert r[1].value == pytest.approx(want[1], abs=1e-12), game


def test_a_later_known_card_keeps_the_general_path() -> None:
    # hero knows six cards, equity on fifth: the mean is not hr.equity's of the
    # six cards (the sixth is fixed in every deal), so the general path runs
    known6 = [_ids("AsAhKdQc2s3s"), _ids("7cQdJsTc9h8h")]
    q = ("select avg(equity(hero, fifth)) as h from game='studhi', "
         "hero='AsAhKdQc2s3s', villain='7cQdJsTc9h8h'")
    r = hr.pql(q, trials=2000, seed=3)
    assert not r.exact
    five = [k[:5] for k in known6]
    # every deal has the same first five cards: the exact fifth-street equity
    # of them is the value of every trial (sampled above 50,000 ways: 1,000 draws)
    ways = stud_runouts(52, 2, 5)
    assert ways > STUD_EXACT_RUNOUTS
    want = hr.equity(["As Ah Kd Qc 2s", "7c Qd Js Tc 9h"], game="stud", exact=True).equity[0]
    assert abs(r[0].value - want) < 4.5 * r[0].stderr + 1e-9
    assert five[0] == _ids("AsAhKdQc2s")


def test_random_players_street_equity_is_a_mean_of_the_river() -> None:
    # the mean over deals of an equity on any street is the showdown share's
    # mean; with random players both estimate 1/2 in a two-way race
    q = ("select avg(equity(p1, sixth)) as six, avg(equity(p1, third)) as three, "
         "avg(riverEquity(p1)) as river, count(equity(p1, sixth) > 0.5) as ahead "
         "from game='studhi', p1='*', p2='*'")
    r = hr.pql(q, trials=4000, seed=11)
    for row in list(r)[:3]:
        assert abs(row.value - 0.5) < 4.5 * row.stderr
    assert 0.3 < r[3].value < 0.7


def test_same_seed_same_answer_for_any_thread_count() -> None:
    q = ("select avg(equity(p1, fifth)) as e, count(equity(p1, fourth) > 0.6) as c "
         "from game='stud8', p1='As2s3d', p2='*', p3='*'")
    one = hr.pql(q, trials=600, seed=5, threads=1)
    two = hr.pql(q, trials=600, seed=5, threads=2)
    assert [row.value for row in one] == [row.value for row in two]


def test_partial_stud_hands_are_dealt_around_the_given_cards() -> None:
    q = ("select count(handType(hero, seventh) >= trips) as t from game='studhi', "
         "hero='AsAhAd', villain='*'")
    r = hr.pql(q, trials=2000, seed=2)
    assert r[0].value == 1.0
    with pytest.raises(PqlError, match="1 to 7 different cards"):
        hr.pql("select avg(riverEquity(a)) from game='studhi', a='AsAs', b='*'")
    with pytest.raises(PqlError, match="1 to 7 different cards"):
        hr.pql("select avg(riverEquity(a)) from game='studhi', a='AsKsQsJsTs9s8s7s', b='*'")


# ------------------------------------------------------- stud nuts and outs

def _set_mask(ids: list[int]) -> int:
    m = 0
    for c in ids:
        m |= 1 << c
    return m


def test_best_high_of_a_set_equals_trying_every_five() -> None:
    from handrank.pql._stud import best_high_of_sets
    rng = np.random.default_rng(43)
    g = hr.game("holdem")
    sets = [sorted(rng.choice(52, size, replace=False).tolist())
            for size in [5, 6, 7, 8, 9, 10, 12, 14, 16] for _ in range(25)]
    # sets rich in one suit and in pairs, where the categories compete
    sets += [[4 * r + 0 for r in rng.choice(13, 7, replace=False)] + [1, 2, 5]
             for _ in range(20)]
    sets += [[4 * r + s for r in rng.choice(13, 4, replace=False) for s in (0, 1, 2)]
             for _ in range(20)]
    got = best_high_of_sets(np.array([_set_mask(s) for s in sets], dtype=np.uint64), g)
    for cs, v in zip(sets, got):
        best = max(itertools.combinations(cs, 5), key=lambda f: high_key(tuple(f)))
        assert v == hr.evaluate(list(best), game="holdem"), cs


def test_best_low_of_a_set_equals_trying_every_five() -> None:
    from handrank.pql._stud import best_low_of_sets
    rng = np.random.default_rng(44)
    sets = [sorted(rng.choice(52, size, replace=False).tolist())
            for size in [5, 6, 7, 9, 12, 20] for _ in range(25)]
    sets += [[4 * r + s for r in rng.choice(13, 3, replace=False) for s in range(4)]
             for _ in range(15)]
    masks = np.array([_set_mask(s) for s in sets], dtype=np.uint64)
    razz = best_low_of_sets(masks, hr.game("razz"), None)
    eight = best_low_of_sets(masks, hr.game("stud-hilo"), 1)
    for cs, r8, rz in zip(sets, eight, razz):
        best = max(itertools.combinations(cs, 5), key=lambda f: low_a5_key(list(f)))
        assert rz == hr.evaluate(list(best) + [], game="razz"), cs
        lows = [f for f in itertools.combinations(cs, 5) if _best_low(list(f), True)]
        if not lows:
            assert r8 == 0, cs
        else:
            b8 = max(lows, key=lambda f: low_a5_key(list(f)))
            want = np.asarray(hr.evaluate_batch(np.array([b8], np.uint8),
                                                game="stud-hilo"))[0, 1]
            assert r8 == want, cs


def _stud_spot(seven: list[str], alive: int, salt: int) -> tuple[list[list[int]], list[int]]:
    full = [_ids(h) for h in seven]
    used = {c for h in full for c in h}
    free = [c for c in DECK if c not in used]
    rng = np.random.default_rng(salt)
    keep = set(rng.choice(free, alive, replace=False).tolist())
    return full, [c for c in free if c not in keep]


NUT_SPOTS = [(["AsKsQsJs9s2d3d", "7h7c7d7s2c2h4h"], 9, 1),
             (["AhAdAcKhKd2s3s", "TsJsQs8s9c2c4c"], 8, 2),
             (["2c3c4c5c6c9d9h", "AsAhKcKh8d8s8h"], 12, 3),
             (["Th9h8h7h6h5s4s", "KsKhKdQcQh2d3d"], 10, 4)]


@pytest.mark.parametrize(("seven", "alive", "salt"), NUT_SPOTS)
def test_stud_nuts_and_outs_equal_the_brute_force(seven: list[str], alive: int,
                                                  salt: int) -> None:
    full, dead = _stud_spot(seven, alive, salt)
    q = ("select count(nutHi(p1, fifth)) as n5, count(nutHi(p1, sixth)) as n6, "
         "count(nutHi(p1, seventh)) as n7, avg(outsToHandType(p1, fifth, {t})) as o, "
         "avg(minOutsToHandType(p1, fourth, pair)) as m4, "
         "avg(minOutsToHandType(p1, third, trips)) as m3, "
         "avg(nutHiOuts(p1, fifth)) as no "
         "from game='studhi', p1='{a}', p2='{b}', dead='{d}'")
    types = ["highcard", "pair", "twopair", "trips", "straight", "flush", "fullhouse",
             "quads", "straightflush"]
    mine = full[0]
    for t in range(9):
        r = hr.pql(q.format(t=types[t], a=seven[0], b=seven[1], d=_txt(dead)), trials=2,
                   seed=1)
        # the player's view: every card not the player's own so far and not dead
        def unseen(k: int) -> list[int]:
            return [c for c in DECK if c not in mine[:k] and c not in dead]

        def best_of(cards: list[int], k: int) -> tuple:
            return max(_best_high(list(f)) for f in itertools.combinations(cards, k)) \
                if k > 5 else max(high_key(tuple(f)) for f in itertools.combinations(cards, 5))

        if t == 0:
            for k, row in zip((5, 6, 7), list(r)[:3]):
                own = _best_high(mine[:k]) if k > 5 else high_key(tuple(mine[:5]))
                nut = own >= max(high_key(tuple(f)) for f in itertools.combinations(unseen(k), 5))
                assert row.value == float(nut), (k, seven)
            # minOutsToHandType on fourth / third street: the short hand types
            def short(cs: list[int]) -> int:
                from collections import Counter
                cnt = sorted(Counter(c // 4 for c in cs).values(), reverse=True)
                return {4: 7, 3: 3}.get(cnt[0], 2 if cnt[:2] == [2, 2] else cnt[0] - 1)

            def typ(cs: list[int]) -> int:
                return short(cs) if len(cs) < 5 else _best_high(cs)[0]

            now4 = short(mine[:4])
            m4 = 0 if now4 >= 1 else sum(typ(mine[:4] + [x]) >= 1 for x in unseen(4))
            assert r[4].value == m4
            now3 = short(mine[:3])
            m3 = 0 if now3 >= 3 else sum(short(mine[:3] + [x]) >= 3 for x in unseen(3))
            assert r[5].value == m3
            nuts = 0
            for x in unseen(5):
                rest = [c for c in unseen(5) if c != x]
                own6 = _best_high(mine[:5] + [x])
                nuts += own6 >= max(high_key(tuple(f)) for f in itertools.combinations(rest, 5))
            assert r[6].value == nuts
        now = high_key(tuple(mine[:5]))[0]
        want = 0 if now == t else sum(_best_high(mine[:5] + [x])[0] == t for x in unseen(5))
        assert r[3].value == want, (types[t], seven)


def test_stud_low_nuts_equal_the_brute_force() -> None:
    full, dead = _stud_spot(["As2s3d4h8cKdKs", "5c6c7d9hTs2h3h"], 10, 9)
    mine = full[0]
    for game, eight in (("razz", False), ("stud8", True)):
        r = hr.pql(f"select count(nutLo(p1, fifth)) as a, count(nutLo(p1, sixth)) as b "
                   f"from game='{game}', p1='As2s3d4h8cKdKs', p2='5c6c7d9hTs2h3h', "
                   f"dead='{_txt(dead)}'", trials=2, seed=1)
        for k, row in ((5, r[0]), (6, r[1])):
            unseen = [c for c in DECK if c not in mine[:k] and c not in dead]
            if eight:
                own = _best_low(mine[:k], True)
                others = [_best_low(list(f), True) for f in itertools.combinations(unseen, 5)]
                found = [o for o in others if o is not None]
                nut = own is not None and (not found or own >= max(found))
            else:
                own = _razz_key(mine[:k]) if k > 5 else low_a5_key(mine[:5])
                nut = own >= max(low_a5_key(list(f)) for f in itertools.combinations(unseen, 5))
            assert row.value == float(nut), (game, k)


def test_stud_outs_refuse_seventh_street() -> None:
    with pytest.raises(PqlError, match="seventh has no next card"):
        hr.pql("select avg(outsToHandType(p1, seventh, flush)) from game='studhi', "
               "p1='*', p2='*'", trials=10)


# ------------------------------------------------ stud deals enumerated

def test_stud_deals_are_enumerated_when_few() -> None:
    # six cards each given: 40 x 39 ways to deal the seventh cards; the
    # general path (a where clause) enumerates them
    known = [_ids("AsAhKdQc2s3s"), _ids("7c8c9cTcKs2d")]
    q = ("select count(winsHi(p1)) as w, count(tiesHi(p1)) as t, avg(riverEquity(p2)) as e "
         "from game='studhi', p1='AsAhKdQc2s3s', p2='7c8c9cTcKs2d' where 1 = 1")
    r = hr.pql(q)
    assert r.exact and r.samples == 40 * 39
    wins = ties = 0.0
    p2 = 0.0
    used = {c for k in known for c in k}
    unseen = [c for c in DECK if c not in used]
    for a in unseen:
        for b in unseen:
            if a == b:
                continue
            s = _shares([known[0] + [a], known[1] + [b]], "studhi")
            wins += s[0] == 1.0
            ties += 0 < s[0] < 1
            p2 += s[1]
    n = 40 * 39
    assert r[0].value == pytest.approx(wins / n, abs=1e-12)
    assert r[1].value == pytest.approx(ties / n, abs=1e-12)
    assert r[2].value == pytest.approx(p2 / n, abs=1e-12)
    # every card given: one deal
    one = hr.pql("select count(equity(p1, sixth) > 0.5) as c from game='studhi', "
                 "p1='AsAhKdQc2s3s4d', p2='7c8c9cTcKs2d5h'")
    assert one.exact and one.samples == 1


def test_exact_stud_refuses_drawn_street_equities_and_huge_deals() -> None:
    with pytest.raises(PqlError, match="above the 50,000 it enumerates"):
        hr.pql("select count(equity(p1, fifth) > 0.5) from game='studhi', "
               "p1='AsAhKdQc2s3s', p2='7c8c9cTcKs2d'", exact=True)
    with pytest.raises(PqlError, match="ways to deal the stud cards not given"):
        hr.pql("select avg(riverEquity(p1)) from game='studhi', p1='*', p2='*' where 1 = 1",
               exact=True)
