"""PQL's hand-versus-range equities (HvREquity, minHvREquity,
HvPerceivedRangeEquity, minHvPerceivedRangeEquity), checked against a brute
force.

The brute force here walks every tuple of opponent hands that fits the cards
the player knows (its own, the board to the street, the dead cards) and every
completion of the board, and ranks each hand with the rules written out in
``tests/_rules_oracle.py`` (independent of handrank): hold'em's best five of
seven, Omaha's two and three; the eight-or-better low of five different ranks
for the hi-lo games, the pot split when some hand has one.
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
from handrank.pql._eval import Ctx
from handrank.pql._hvr import (
    RANGE_EXACT,
    RANGE_SAMPLES,
    _range_equity_numpy,
    perceived_range,
    range_equity,
)
from handrank.pql._run import plan_of
from handrank.pql._spot import Deals

from ._rules_oracle import high_key, low_a5_key

C = kernels._C is not None


def _low8(cards: list[int]) -> tuple | None:
    """The best eight-or-better ace-to-five low of five different ranks among
    `cards` (five of them), None when there is none."""
    best = None
    for f in itertools.combinations(cards, 5):
        ranks = {0 if c // 4 == 12 else c // 4 + 1 for c in f}
        if len(ranks) == 5 and max(ranks) <= 7:
            k = low_a5_key(list(f))
            best = k if best is None or k > best else best
    return best


def _key(game: str, hole: list[int], board: list[int]) -> tuple[tuple, tuple | None]:
    """(high key, low key or None) of a hand on a five-card board, by the rules."""
    if game.startswith("omaha"):
        hi = max(high_key(p + t) for p in itertools.combinations(hole, 2)
                 for t in itertools.combinations(board, 3))
        lo = None
        if game in ("omaha8", "omaha85"):
            lows = [_low8(list(p) + list(t)) for p in itertools.combinations(hole, 2)
                    for t in itertools.combinations(board, 3)]
            got = [x for x in lows if x is not None]
            lo = max(got) if got else None
        return hi, lo
    hi = max(high_key(f) for f in itertools.combinations(hole + board, 5))
    lo = _low8(hole + board) if game == "holdem8" else None
    return hi, lo


def _share0(game: str, hands: list[list[int]], board: list[int]) -> float:
    """Player 0's pot share, by the rules."""
    keys = [_key(game, h, board) for h in hands]
    his = [k[0] for k in keys]
    top = max(his)
    hshare = (1 / his.count(top)) if his[0] == top else 0.0
    lows = [k[1] for k in keys if k[1] is not None]
    if not lows:
        return hshare
    lbest = max(lows)
    lshare = (1 / lows.count(lbest)) if keys[0][1] == lbest else 0.0
    return 0.5 * hshare + 0.5 * lshare


def brute(game: str, hero: list[int], board: list[int], known: int, dead: list[int],
          ranges: list[list[tuple[list[int], float]]]) -> float:
    """The player's equity against the ranges, every tuple and completion walked."""
    seen = set(hero) | set(board[:known]) | set(dead)
    unseen = [c for c in range(52) if c not in seen]
    num = den = 0.0
    for tup in itertools.product(*ranges):
        cards = [c for h, _ in tup for c in h]
        if seen & set(cards) or len(set(cards)) != len(cards):
            continue
        w = math.prod(x for _, x in tup)
        left = [c for c in unseen if c not in cards]
        tot = 0.0
        runs = list(itertools.combinations(left, 5 - known))
        for run in runs:
            b = board[:known] + list(run)
            tot += _share0(game, [hero] + [h for h, _ in tup], b)
        num += w * tot / len(runs)
        den += w
    return num / den


def _ctx(query: str, hero_rows: list[str], board_rows: list[str]) -> Ctx:
    """A block of the query's spot with the player 0 rows and boards given
    (the other players' dealt cards are not read by these functions)."""
    plan = plan_of(query)
    spot = plan.spot
    hero = np.array([parse_cards(h) for h in hero_rows], dtype=np.uint8)
    boards = np.array([parse_cards(b) for b in board_rows], dtype=np.uint8)
    others = []
    for _ in spot.players[1:]:
        others.append(np.zeros((len(hero), spot.hole), np.uint8))
    return Ctx(spot, Deals([hero] + others, boards, None, len(hero)))


def _as_list(hands: np.ndarray, weights: np.ndarray) -> list[tuple[list[int], float]]:
    return [(list(map(int, h)), float(w)) for h, w in zip(hands, weights)]


# ------------------------------------------------------------ brute force

HOLDEM_CASES = [
    # (game, hero rows, board rows, street, ranges of the opponents)
    ("holdem", ["AhKh", "7s7d", "QcJc"], ["As7c2dTs3c", "Kd8h8s2c4h", "Tc9c2h5d6s"], "river",
     ["QQ+,AKs,72o"]),
    ("holdem", ["AhKh", "7s7d"], ["As7c2dTs3c", "Kd8h8s2c4h"], "turn", ["QQ+,AK"]),
    ("holdem", ["AhKh", "9c8c"], ["As7c2dTs3c", "7c6c2hKd4s"], "turn", ["AA,KK,T9s", "87s,22"]),
    ("holdem", ["AhKh"], ["Qs7c2dTs3c"], "flop", ["QQ"]),
    ("holdem", ["AhKh", "JsTs"], ["As7c2dTs3c", "Qs9d2s4h5c"], "turn", ["AK:0.5,QQ+,JT"]),
    ("holdem8", ["Ah2h", "As3d"], ["4c5d9hKs8c", "2c7dTh3s4h"], "turn", ["A3,A4,KK:0.5"]),
    ("holdem8", ["Ah2h"], ["4c5d9hKs8c"], "river", ["A3,A4,KK,76"]),
]


@pytest.mark.parametrize("game,hero,board,street,ranges", HOLDEM_CASES)
def test_hold_em_against_brute_force(game: str, hero: list[str], board: list[str],
                                     street: str, ranges: list[str]) -> None:
    players = ", ".join(f"v{i}='{r}'" for i, r in enumerate(ranges))
    q = f"select avg(HvREquity(hero, {street})) from game='{game}', hero='**', {players}"
    ctx = _ctx(q, hero, board)
    known = {"flop": 3, "turn": 4, "river": 5}[street]
    declared = [perceived_range(ctx.spot, r) for r in ranges]
    got = range_equity(ctx, 0, street, declared, "t")
    for d in range(len(hero)):
        want = brute(game, parse_cards(hero[d]), parse_cards(board[d]), known, [],
                     [_as_list(h, w) for h, w in declared])
        assert got[d] == pytest.approx(want, abs=1e-12), (hero[d], board[d])


OMAHA_CASES = [
    ("omahahi", ["AhAsKd7c", "9h8h7s6s"], ["Ad7h2s9c3d", "Th5h2c4dKs"], "river",
     ["KKQJ,QQT9,9876"]),
    ("omahahi", ["AhAsKd7c"], ["Ad7h2s9c3d"], "turn", ["KsKhQd*,JJT9"]),
    ("omaha8", ["Ah2h5d9c", "AsKs3c4d"], ["3d6h7sKcQd", "2c5h8dJhTs"], "river",
     ["A2KQ,A34J,KKQQ"]),
]


@pytest.mark.parametrize("game,hero,board,street,ranges", OMAHA_CASES)
def test_omaha_against_brute_force(game: str, hero: list[str], board: list[str], street: str,
                                   ranges: list[str]) -> None:
    players = ", ".join(f"v{i}='{r}'" for i, r in enumerate(ranges))
    q = f"select avg(HvREquity(hero, {street})) from game='{game}', hero='****', {players}"
    ctx = _ctx(q, hero, board)
    known = {"flop": 3, "turn": 4, "river": 5}[street]
    declared = [perceived_range(ctx.spot, r) for r in ranges]
    got = range_equity(ctx, 0, street, declared, "t")
    for d in range(len(hero)):
        want = brute(game, parse_cards(hero[d]), parse_cards(board[d]), known, [],
                     [_as_list(h, w) for h, w in declared])
        assert got[d] == pytest.approx(want, abs=1e-12), (hero[d], board[d])


def test_dead_cards_are_known() -> None:
    q = ("select avg(HvREquity(hero, turn)) from game='holdem', hero='**', v='QQ+,AK,T9s', "
         "dead='Qs9h'")
    ctx = _ctx(q, ["AhKh"], ["As7c2dTs3c"])
    declared = [perceived_range(ctx.spot, "QQ+,AK,T9s")]
    got = range_equity(ctx, 0, "turn", declared, "t")
    want = brute("holdem", parse_cards("AhKh"), parse_cards("As7c2dTs3c"), 4,
                 parse_cards("Qs9h"), [_as_list(*declared[0])])
    assert got[0] == pytest.approx(want, abs=1e-12)


# ------------------------------------------------------ C against numpy

NUMPY_CASES = [
    ("holdem", "**", "AhKh,7s7d", "As7c2dTs3c,Kd8h8s2c4h", "turn", ["QQ+,AK", "T9s,22"]),
    ("holdem", "**", "AhKh,7s7d", "As7c2dTs3c,Kd8h8s2c4h", "turn", ["**"]),
    ("shortdeck", "**", "AhKh,7s7d", "As7c9dTs6c,Kd8h8s9cTh", "turn", ["QQ+,AK"]),
    ("holdem8", "**", "Ah2h", "4c5d9hKs8c", "turn", ["A3,A4,KK"]),
    ("omahahi", "****", "AhAsKd7c", "Ad7h2s9c3d", "turn", ["KK**"]),
    ("omaha8", "****", "Ah2h5d9c", "3d6h7sKcQd", "river", ["A2**,A3**"]),
    ("omahahi5", "*****", "AhAsKd7c2c", "Ad7h2s9c3d", "river", ["KK***"]),
]


@pytest.mark.skipif(not C, reason="needs the C core")
@pytest.mark.parametrize("game,hole,hero,board,street,ranges", NUMPY_CASES)
def test_c_equals_numpy_when_enumerated(game: str, hole: str, hero: str, board: str,
                                        street: str, ranges: list[str]) -> None:
    players = ", ".join(f"v{i}='{r}'" for i, r in enumerate(ranges))
    q = f"select avg(HvREquity(hero, {street})) from game='{game}', hero='{hole}', {players}"
    ctx = _ctx(q, hero.split(","), board.split(","))
    declared = [perceived_range(ctx.spot, r) for r in ranges]
    known = {"flop": 3, "turn": 4, "river": 5}[street]
    h = np.ascontiguousarray(ctx.d.holes[0])
    live = (1 << 52) - 1
    for c in range(52):
        if c not in ctx._deck:
            live &= ~(1 << c)
    g = ctx.g
    low = None
    if g.split:
        low = g.tables[g.halves.index("low")].ptr
    got = kernels.pql_range_equity(g.high.ptr, low, h, ctx.d.board, known, live, declared,
                                   10 ** 9, 1, 0, 0)
    assert got is not None
    c_got, n_exact = got
    assert n_exact == len(h)
    np_got = _range_equity_numpy(ctx, h, ctx.d.board, known, live, declared, 10 ** 9, 10, 1)
    assert np.allclose(c_got, np_got, atol=1e-12, rtol=0)
    if n_exact_by_default(ctx, street, declared):
        assert np.allclose(range_equity(ctx, 0, street, declared, "t"), c_got, atol=1e-12,
                           rtol=0)


def n_exact_by_default(ctx: Ctx, street: str, declared: list) -> bool:
    """Whether the default limit enumerates every deal of the block."""
    from handrank.pql._hvr import range_bound
    return range_bound(ctx.spot, street, [len(h) for h, _ in declared]) <= RANGE_EXACT


# --------------------------------------------------------------- sampled

@pytest.mark.skipif(not C, reason="needs the C core")
def test_sampled_deals_agree_with_their_enumeration() -> None:
    """The flop against any hand: 1,000 draws a deal; each within 4.5 standard
    errors of the deal's enumeration (1,070,190 tuples and completions, in C),
    and their mean within 4.5 of the mean's."""
    q = "select avg(HvREquity(hero, flop)) from game='holdem', hero='**', v='**'"
    hero = ["AhKh", "7s7d", "QcJc", "5d4d", "As2c", "9h9c"]
    board = ["As7c2dTs3c", "Kd8h8s2c4h", "Tc9c2h5d6s", "6d7d8h2s3s", "KsQs3c4d5h", "Ts9s8s2d2c"]
    ctx = _ctx(q, hero, board)
    declared = [perceived_range(ctx.spot, "**")]
    sampled = range_equity(ctx, 0, "flop", declared, "t")
    live = (1 << 52) - 1
    g = ctx.g
    got = kernels.pql_range_equity(g.high.ptr, None, ctx.d.holes[0], ctx.d.board, 3, live,
                                   declared, 10 ** 9, 1, 0, 0)
    assert got is not None
    exact, n_exact = got
    assert n_exact == len(hero)
    var = exact * (1 - exact) / RANGE_SAMPLES          # a share in [0, 1]: var <= e (1 - e)
    assert np.all(np.abs(sampled - exact) <= 4.5 * np.sqrt(var) + 1e-9)
    assert abs(sampled.mean() - exact.mean()) <= 4.5 * math.sqrt(var.sum()) / len(hero)
    # the first deal by the brute force on a coarser check: AhKh on As7c2d
    # against any hand is the mean over the 1,081 hands of their flop equity


@pytest.mark.skipif(not C, reason="needs the C core")
@pytest.mark.parametrize("game,hole,hero,board,rng", [
    ("shortdeck", "**", "AhKh,7s7d,9c8c", "As7cTdJsQc,Kd8h8sTc6h,7c6cJhAdKs", "**"),
    ("holdem8", "**", "Ah2h,As3d,KdQd", "4c5d9hKs8c,2c7dTh3s4h,QsJs2dAc6c", "**"),
    ("omahahi", "****", "AhAsKd7c,9h8h7s6s", "Ad7h2s9c3d,Th5h2c4dKs", "KK**,QJT*"),
    ("omaha8", "****", "Ah2h5d9c,AsKs3c4d", "3d6h7sKcQd,2c5h8dJhTs", "A2**,A3**"),
])
def test_sampled_deals_agree_in_every_game(game: str, hole: str, hero: str, board: str,
                                           rng: str) -> None:
    """The flop: the deal's mean of 1,000 draws within 4.5 standard errors of its
    enumeration (in C, above the default limit)."""
    q = f"select avg(HvREquity(hero, flop)) from game='{game}', hero='{hole}', v='{rng}'"
    ctx = _ctx(q, hero.split(","), board.split(","))
    declared = [perceived_range(ctx.spot, rng)]
    sampled = range_equity(ctx, 0, "flop", declared, "t")
    g = ctx.g
    low = g.tables[g.halves.index("low")].ptr if g.split else None
    live = (1 << 52) - 1
    for c in range(52):
        if c not in ctx._deck:
            live &= ~(1 << c)
    got = kernels.pql_range_equity(g.high.ptr, low, np.ascontiguousarray(ctx.d.holes[0]),
                                   ctx.d.board, 3, live, declared, 10 ** 9, 1, 0, 0)
    assert got is not None
    exact, n_exact = got
    assert n_exact == len(exact)
    var = np.maximum(exact * (1 - exact), 1e-4) / RANGE_SAMPLES
    assert np.all(np.abs(sampled - exact) <= 4.5 * np.sqrt(var))


@pytest.mark.skipif(not C, reason="needs the C core")
def test_numpy_draws_agree_with_c() -> None:
    q = "select avg(HvREquity(hero, flop)) from game='holdem', hero='**', v='**'"
    ctx = _ctx(q, ["AhKh", "7s7d"], ["As7c2dTs3c", "Kd8h8s2c4h"])
    declared = [perceived_range(ctx.spot, "**")]
    c_got = range_equity(ctx, 0, "flop", declared, "t")
    np_got = _range_equity_numpy(ctx, np.ascontiguousarray(ctx.d.holes[0]), ctx.d.board, 3,
                                 (1 << 52) - 1, declared, RANGE_EXACT, RANGE_SAMPLES, 5)
    var = 0.25 / RANGE_SAMPLES
    assert np.all(np.abs(c_got - np_got) <= 4.5 * math.sqrt(2 * var))


# ----------------------------------------------------------------- queries

def test_river_query_is_exact_and_matches_brute_force() -> None:
    r = hr.pql("select avg(HvREquity(hero, river)) as e from game='holdem', hero='AhKh', "
               "villain='QQ+,AKs', board='As7c2dTs3c'", exact=True)
    assert r.exact and r[0].stderr == 0.0
    want = brute("holdem", parse_cards("AhKh"), parse_cards("As7c2dTs3c"), 5, [],
                 [_as_list(*perceived_range(plan_of(
                     "select avg(riverEquity(hero)) from game='holdem', hero='AhKh', "
                     "villain='QQ+,AKs', board='As7c2dTs3c'").spot, "QQ+,AKs"))])
    assert r[0].value == pytest.approx(want, abs=1e-12)


def test_average_equals_the_hand_versus_hand_average() -> None:
    """The opponent's hand is dealt from its range, so the mean of the
    player's equity against the range is the mean of its equity against the
    hand (exact both, on the turn)."""
    r = hr.pql("select avg(HvREquity(hero, turn)) as r, avg(riverEquity(hero)) as h "
               "from game='holdem', hero='AhKh,QsJs', villain='QQ+,AK,T9s:0.5', "
               "board='As7c2dTs'", exact=True)
    assert r.exact
    assert r[0].value == pytest.approx(r[1].value, abs=1e-12)
    r = hr.pql("select avg(HvREquity(hero, river)) as r, avg(riverEquity(hero)) as h "
               "from game='omaha8', hero='Ah2h5d9c', villain='A2KQ,A34J,KKQQ', "
               "board='3d6h7sKcQd'", exact=True)
    assert r[0].value == pytest.approx(r[1].value, abs=1e-12)


def test_simulated_mean_agrees_with_the_hand_versus_hand_mean() -> None:
    r = hr.pql("select avg(HvREquity(hero, flop)) as r, avg(riverEquity(hero)) as h "
               "from game='holdem', hero='AhKh', villain='**'", trials=3000, seed=7)
    assert not r.exact
    exact = hr.pql("select avg(riverEquity(hero)) from game='holdem', hero='AhKh', "
                   "villain='**'", exact=True)[0].value
    assert abs(r[0].value - exact) <= 4.5 * r[0].stderr
    assert abs(r[1].value - exact) <= 4.5 * r[1].stderr


def test_perceived_range_equals_declared_range() -> None:
    q = ("select avg(HvREquity(hero, turn)) as r, avg(HvPerceivedRangeEquity(hero, turn, "
         "'QQ+,AK')) as p, count(minHvREquity(hero, turn, 0.7)) as a, "
         "count(minHvPerceivedRangeEquity(hero, turn, 'QQ+,AK', 0.7)) as b, "
         "count(HvREquity(hero, turn) >= 0.7) as c "
         "from game='holdem', hero='AhKh,7s7d,QcJc', villain='QQ+,AK', board='As7c2dTs3c'")
    r = hr.pql(q, exact=True)
    assert r.exact
    assert r[0].value == pytest.approx(r[1].value, abs=1e-12)
    assert r[2].value == r[3].value == r[4].value
    assert 0 < r[2].value < 1


def test_perceived_range_is_a_range_of_the_argument() -> None:
    """Against a perceived 'AA' the hero's turn equity is the brute force's
    against AA, whatever the villain's declared range."""
    q = ("select avg(HvPerceivedRangeEquity(hero, turn, 'AA')) from game='holdem', "
         "hero='KhKd', villain='**', board='Ks7c2dTs'")
    r = hr.pql(q, exact=True)
    spot = plan_of(q).spot
    want = brute("holdem", parse_cards("KhKd"), parse_cards("Ks7c2dTs3c"), 4, [],
                 [_as_list(*perceived_range(spot, "AA"))])
    assert r[0].value == pytest.approx(want, abs=1e-12)


def test_no_hand_of_the_range_fits() -> None:
    r = hr.pql("select avg(HvPerceivedRangeEquity(hero, river, 'AsAh')) from game='holdem', "
               "hero='AsKd', villain='**', board='2c7d9hTsJs'", exact=True)
    assert r[0].value == 1.0


def test_three_way_declared_ranges() -> None:
    q = ("select avg(HvREquity(hero, river)) from game='holdem', hero='AhKh', v1='QQ+', "
         "v2='T9s,AK', board='As7c2dTs3c'")
    r = hr.pql(q, exact=True)
    spot = plan_of(q).spot
    want = brute("holdem", parse_cards("AhKh"), parse_cards("As7c2dTs3c"), 5, [],
                 [_as_list(*perceived_range(spot, "QQ+")),
                  _as_list(*perceived_range(spot, "T9s,AK"))])
    assert r[0].value == pytest.approx(want, abs=1e-12)


def test_exact_refused_when_deals_are_drawn() -> None:
    with pytest.raises(PqlError, match="HvREquity on the flop"):
        hr.pql("select avg(HvREquity(hero, flop)) from game='holdem', hero='AhKh', "
               "villain='**'", exact=True)


def test_same_seed_same_answer_on_threads() -> None:
    q = "select avg(HvREquity(hero, flop)) from game='holdem', hero='AhKh', villain='**'"
    a = hr.pql(q, trials=600, seed=11, threads=1)
    b = hr.pql(q, trials=600, seed=11, threads=2)
    assert a[0].value == b[0].value


@pytest.mark.parametrize("q,msg", [
    ("select avg(HvREquity(hero, river)) from game='studhi', hero='*', villain='*'",
     "not supported in the game 'studhi'"),
    ("select avg(HvREquity(hero)) from game='holdem', hero='AA', villain='*'",
     "takes 2 argument"),
    ("select avg(HvPerceivedRangeEquity(hero, river, villain)) from game='holdem', "
     "hero='AA', villain='*'", "expected a range in quotes"),
    ("select avg(HvPerceivedRangeEquity(hero, river, 'ZZ')) from game='holdem', "
     "hero='AA', villain='*'", "ZZ"),
    ("select avg(HvREquity(hero, river)) from game='omahahi6', hero='AA****', "
     "villain='******'", "give it a range"),
])
def test_bad_uses(q: str, msg: str) -> None:
    with pytest.raises(PqlError, match=msg):
        hr.pql(q, trials=100, seed=1)


# ------------------------------------------------------ cardsPlay, handRanking

def _cards_play_brute(hole: list[int], board: list[int]) -> int:
    """The fewest hole cards among the best five-card hands, by the rules."""
    best = max(high_key(f) for f in itertools.combinations(hole + board, 5))
    return min(sum(c in hole for c in f) for f in itertools.combinations(hole + board, 5)
               if high_key(f) == best)


@pytest.mark.parametrize("board,street", [
    ("AsKsQsJs2d", "river"), ("7c7d7h2s2c", "river"), ("5h6h7h8h9h", "river"),
    ("Tc9d8hKs2c", "turn"), ("AhAdKs", "flop"), ("2c3d4h5s9c", "river"),
])
def test_cards_play_against_brute_force(board: str, street: str) -> None:
    """Every hold'em hand on the board: the distribution of cardsPlay equals
    the brute force's."""
    q = (f"select count(cardsPlay(hero, {street}) = 0) as a, count(cardsPlay(hero, {street}) "
         f"= 1) as b, count(cardsPlay(hero, {street}) = 2) as c from game='holdem', "
         f"hero='**', board='{board}'")
    r = hr.pql(q, exact=True)
    assert r.exact
    b = parse_cards(board)
    known = {"flop": 3, "turn": 4, "river": 5}[street]
    rest = [c for c in range(52) if c not in b]
    counts = [0, 0, 0]
    for hole in itertools.combinations(rest, 2):
        counts[_cards_play_brute(list(hole), b[:known])] += 1
    total = sum(counts)
    for row, n in zip(r, counts):
        assert row.value == pytest.approx(n / total, abs=1e-12)


def test_cards_play_in_omaha_is_two_and_refused_in_stud() -> None:
    r = hr.pql("select avg(cardsPlay(hero, turn)) from game='omahahi', hero='AAKK', "
               "villain='****'", trials=200, seed=1)
    assert r[0].value == 2
    with pytest.raises(PqlError, match="not supported in the game 'razz'"):
        hr.pql("select avg(cardsPlay(hero, river)) from game='razz', hero='*', villain='*'")


def test_hand_ranking_is_the_place_of_the_percentage_ranges() -> None:
    """AA is the top 6 of 1,326; inRange(p, x%) holds for x the player's own
    handRanking and not for the ranking of the class above it: checked on
    every starting hand off a fixed board."""
    from handrank.pql._plays import holdem_ranking_table
    t = holdem_ranking_table()
    assert t[parse_cards("As")[0], parse_cards("Ah")[0]] == pytest.approx(6 / 1326)
    assert t.max() == pytest.approx(1.0)
    board = "2c2d2h2s3c"
    off = set(parse_cards(board))
    hands = [h for h in itertools.combinations(range(52), 2) if not off & set(h)]
    vals = np.array([t[a, b] for a, b in hands])
    r = hr.pql("select avg(handRanking(hero)) as v from game='holdem', hero='**', "
               f"board='{board}'", exact=True)
    assert r[0].value == pytest.approx(vals.mean(), abs=1e-12)
    ranks = sorted(set(np.round(t[t > 0], 12)))
    for k in range(1, len(ranks), 12):
        v, above = ranks[k], ranks[k - 1]
        q = (f"select count(inRange(hero, '{100 * v - 1e-7:.9f}%')) as a, "
             f"count(inRange(hero, '{100 * above - 1e-7:.9f}%')) as b from game='holdem', "
             f"hero='**', board='{board}'")
        got = hr.pql(q, exact=True)
        # x% just under the class's own ranking still holds it (whole classes);
        # just under the ranking of the class above, it does not
        assert got[0].value == pytest.approx((vals <= v + 1e-12).mean(), abs=1e-12)
        assert got[1].value == pytest.approx((vals <= above + 1e-12).mean(), abs=1e-12)


def test_hand_ranking_refused_where_there_is_no_order() -> None:
    with pytest.raises(PqlError, match="52-card deck"):
        hr.pql("select avg(handRanking(hero)) from game='shortdeck', hero='**'")
    with pytest.raises(PqlError, match="not supported in the game 'omahahi'"):
        hr.pql("select avg(handRanking(hero)) from game='omahahi', hero='****'")
