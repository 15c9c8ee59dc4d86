"""PQL's flop categories, draws, outs, hand numbers and ``||`` against a brute
force written here from the rules.

The oracle below ranks hands with its own small evaluator (category and
kickers read off the rank counts and suits, best five of the cards by trying
every five), independent of handrank's evaluators; every exact query is
recomputed from each function's definition over every deal.
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from functools import cache

import pytest

import handrank as hr
from handrank.pql import PqlError

HT = ["highcard", "pair", "twopair", "trips", "straight", "flush", "fullhouse", "quads",
      "straightflush"]


# ------------------------------------------------------------ the evaluator

def key_of(ranks: tuple[int, ...], flush: bool) -> tuple[int, ...]:
    """The strength of five cards (ranks 0 = deuce .. 12 = ace) as a tuple
    (category 0..8 in HT's order, then the ranks that break ties)."""
    cnt = Counter(ranks)
    groups = sorted(cnt.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    shape = [c for _, c in groups]
    order = tuple(r for r, _ in groups)
    distinct = sorted(cnt, reverse=True)
    top = None
    if len(distinct) == 5:
        if distinct[0] - distinct[4] == 4:
            top = distinct[0]
        elif distinct == [12, 3, 2, 1, 0]:          # the wheel: the ace plays low
            top = 3
    if top is not None and flush:
        return (8, top)
    if shape == [4, 1]:
        return (7, *order)
    if shape == [3, 2]:
        return (6, *order)
    if flush:
        return (5, *distinct)
    if top is not None:
        return (4, top)
    if shape == [3, 1, 1]:
        return (3, *order)
    if shape == [2, 2, 1]:
        return (2, *order)
    if shape == [2, 1, 1, 1]:
        return (1, *order)
    return (0, *distinct)


@cache
def best(cards: tuple[int, ...]) -> tuple[int, ...]:
    """The best five of the cards (hold'em: any five)."""
    return max(key_of(tuple(c // 4 for c in five), len({c % 4 for c in five}) == 1)
               for five in itertools.combinations(cards, 5))


def omaha_best(hole: tuple[int, ...], board: tuple[int, ...]) -> tuple[int, ...]:
    """Exactly two hole cards and three of the board."""
    return max(best(tuple(two + three)) for two in itertools.combinations(hole, 2)
               for three in itertools.combinations(board, 3))


def strength(game: str, hole: tuple[int, ...], board: tuple[int, ...]) -> tuple[int, ...]:
    if game == "holdem":
        return best(tuple(sorted(hole + board)))
    return omaha_best(hole, board)


def all_classes() -> list[tuple[int, ...]]:
    """Every distinct five-card high, best first."""
    keys = set()
    for ranks in itertools.combinations_with_replacement(range(13), 5):
        if max(Counter(ranks).values()) <= 4:
            keys.add(key_of(ranks, False))
        if len(set(ranks)) == 5:
            keys.add(key_of(ranks, True))
    return sorted(keys, reverse=True)


def flop_category(hole: tuple[int, ...], flop: tuple[int, ...]) -> str:
    """The flop category, from its definition (see ``flopHandCategory``)."""
    k = best(tuple(sorted(hole + flop)))
    t = HT[k[0]]
    if k[0] >= 4:
        return "flop" + t
    fr = Counter(c // 4 for c in flop)
    hr_ = [c // 4 for c in hole]
    distinct = sorted(fr, reverse=True)
    if t == "trips":
        r = k[1]
        return {3: "flopnothing", 2: "floptrips", 1: "flopset"}[fr[r]]
    if t == "twopair" and len(distinct) == 3:
        pairs = {k[1], k[2]}
        if distinct[0] in pairs and distinct[1] in pairs:
            return "floptoptwo"
        return "floptopandbottom" if distinct[0] in pairs else "flopbottomtwo"
    if t in ("pair", "twopair"):
        if hr_[0] == hr_[1] and fr[hr_[0]] == 0:
            q = hr_[0]
            if q > distinct[0]:
                return "flopoverpair"
            if q > distinct[1]:
                return "floppocket12"
            if len(distinct) == 3 and q > distinct[2]:
                return "floppocket23"
            return "flopunderpair"
        for r in hr_:
            if fr[r] == 1:
                return ["floptoppair", "flopsecondpair", "flopthirdpair"][distinct.index(r)]
    return "flopnothing"


def deck_minus(*groups: tuple[int, ...]) -> list[int]:
    used = {c for g in groups for c in g}
    return [c for c in range(52) if c not in used]


# ------------------------------------------------------------------ tests

def test_the_oracle_counts_the_known_number_of_five_card_highs() -> None:
    assert len(all_classes()) == 7462


@pytest.mark.parametrize("board", ["Ks8h5s2d9c", "KsKh5s2d5c", "7h7d7c2hQh", "9s8s7s2hKd",
                                   "Ah4d4cTs3h"])
def test_flop_categories_four_flush_and_hand_numbers_match_the_rules(board: str) -> None:
    q = ("select histogram(flopHandCategory(hero)) as fc, count(fourFlush(hero, flop)) as f3, "
         "count(fourFlush(hero, turn)) as f4, avg(fiveCardHiHandNumber(hero, river)) as num, "
         "count(minHiRating(hero, river, 3000)) as mhr, "
         "count(exactFlopHandCategory(hero, floptoppair)) as tp, "
         "count(minFlopHandCategory(hero, floptoptwo)) as m2, "
         "count(flopHandCategory(hero) = flopset || flopHandCategory(hero) = floptrips) as st, "
         "count(threeFlush(hero, flop)) as t3, "
         "count(hiRating(hero, river) >= rateHiHand('JsJd8c5h2d')) as rh "
         f"from game='holdem', hero='**', board='{board}'")
    r = hr.pql(q, exact=True)
    got = {row.name: row.value for row in r}
    b = tuple(hr.cards(board))
    number = {k: i + 1 for i, k in enumerate(all_classes())}
    order = ["flopnothing", "flopunderpair", "flopthirdpair", "floppocket23", "flopsecondpair",
             "floppocket12", "floptoppair", "flopoverpair", "flopbottomtwo", "floptopandbottom",
             "floptoptwo", "floptrips", "flopset", "flopstraight", "flopflush",
             "flopfullhouse", "flopquads", "flopstraightflush"]
    hands = list(itertools.combinations(deck_minus(b), 2))
    cats: Counter[str] = Counter()
    f3 = f4 = num = mhr = t3 = rh = 0
    jacks = number[key_of(tuple(c // 4 for c in hr.cards("JsJd8c5h2d")), False)]
    for h in hands:
        cats[flop_category(h, b[:3])] += 1
        for n, name in ((3, "f3"), (4, "f4")):
            suits = Counter(c % 4 for c in b[:n])
            hit = any(hs > 0 and min(hs, 2) + suits[s] >= 4
                      for s, hs in Counter(c % 4 for c in h).items())
            if name == "f3":
                f3 += hit
            else:
                f4 += hit
        suits3 = Counter(c % 4 for c in b[:3])
        t3 += any(hs > 0 and min(hs, 2) + suits3[s] >= 3
                  for s, hs in Counter(c % 4 for c in h).items())
        rh += number[best(tuple(sorted(h + b)))] <= jacks       # 1 is the best
        num += number[best(tuple(sorted(h + b)))]
        # handrank's high strength is 7463 - the hand number (1 = the best hand)
        mhr += 7463 - number[best(tuple(sorted(h + b)))] >= 3000
    n = len(hands)
    assert got["fc"] == pytest.approx({k: v / n for k, v in cats.items()}, abs=1e-12)
    assert got["f3"] == pytest.approx(f3 / n, abs=1e-12)
    assert got["f4"] == pytest.approx(f4 / n, abs=1e-12)
    assert got["num"] == pytest.approx(num / n, abs=1e-9)
    assert got["mhr"] == pytest.approx(mhr / n, abs=1e-12)
    assert got["tp"] == pytest.approx(cats["floptoppair"] / n, abs=1e-12)
    top2 = order.index("floptoptwo")
    assert got["m2"] == pytest.approx(
        sum(v for k, v in cats.items() if order.index(k) >= top2) / n, abs=1e-12)
    assert got["st"] == pytest.approx((cats["flopset"] + cats["floptrips"]) / n, abs=1e-12)
    assert got["t3"] == pytest.approx(t3 / n, abs=1e-12)
    assert got["rh"] == pytest.approx(rh / n, abs=1e-12)


def test_the_flop_categories_seen_cover_the_list() -> None:
    """Across the boards above, each category the oracle names is met (so the
    comparison is not between two empty tables)."""
    seen = set()
    for board in ["Ks8h5s", "KsKh5s", "7h7d7c", "9s8s7s", "Ah4d4c", "Qs9s2s"]:
        b = tuple(hr.cards(board))
        for h in itertools.combinations(deck_minus(b), 2):
            seen.add(flop_category(h, b))
    assert seen == {"flopnothing", "flopunderpair", "flopthirdpair", "floppocket23",
                    "flopsecondpair", "floppocket12", "floptoppair", "flopoverpair",
                    "flopbottomtwo", "floptopandbottom", "floptoptwo", "floptrips", "flopset",
                    "flopstraight", "flopflush", "flopfullhouse", "flopquads",
                    "flopstraightflush"}


def _outs(game: str, hole, board, t: int, at_least: bool) -> int:
    unseen = deck_minus(hole, board)
    now = strength(game, hole, board)[0]
    have = now >= t if at_least else now == t
    if have:
        return 0
    ks = [strength(game, hole, board + (c,))[0] for c in unseen]
    return sum((k >= t) if at_least else (k == t) for k in ks)


@cache
def _pairs_by_strength(game: str, board: tuple[int, ...]):
    """Every two cards off the board with the high they make, best first."""
    rest = deck_minus(board)
    out = [(strength(game, two, board), set(two)) for two in itertools.combinations(rest, 2)]
    out.sort(key=lambda x: x[0], reverse=True)
    return out


def _nut_outs(game: str, hole, board) -> int:
    n = 0
    for c in deck_minus(hole, board):
        b2 = tuple(board) + (c,)
        mine = strength(game, hole, b2)
        # the best two cards the player cannot see (not own, not the board)
        top = next(k for k, two in _pairs_by_strength(game, b2) if not two & set(hole))
        n += mine >= top
    return n


@pytest.mark.parametrize("game,hero,board", [
    ("holdem", "AsKs,9h9c,7d6d,Ah2h,Qc8c,As4s", "Ks8h5s2d"),
    ("omahahi", "AsJs9h7h,Kh8d6c6d,QdJdTc9c", "Ks8h5s2d"),
])
def test_outs_match_the_rules(game: str, hero: str, board: str) -> None:
    q = ("select avg(outsToHandType(hero, flop, straight)) as s3, "
         "avg(minOutsToHandType(hero, flop, twopair)) as p3, "
         "avg(outsToHandType(hero, turn, flush)) as f4, "
         "avg(minOutsToHandType(hero, turn, trips)) as t4, "
         "avg(nutHiOuts(hero, turn)) as n4 "
         f"from game='{game}', hero='{hero}', board='{board}'")
    r = hr.pql(q, exact=True)
    got = {row.name: row.value for row in r}
    b = tuple(hr.cards(board))
    acc: Counter[str] = Counter()
    n = 0
    # every hero hand the board leaves has as many deals (one per river card)
    # and its outs do not depend on the river: the average is over the hands
    for text in hero.split(","):
        h = tuple(hr.cards(text))
        if set(h) & set(b):
            continue
        n += 1
        acc["s3"] += _outs(game, h, b[:3], 4, False)
        acc["p3"] += _outs(game, h, b[:3], 2, True)
        acc["f4"] += _outs(game, h, b, 5, False)
        acc["t4"] += _outs(game, h, b, 3, True)
        acc["n4"] += _nut_outs(game, h, b)
    assert r.samples == n * (52 - 4 - (2 if game == "holdem" else 4))
    for k in ("s3", "p3", "f4", "t4", "n4"):
        assert got[k] == pytest.approx(acc[k] / n, abs=1e-12), k
    assert acc["n4"] > 0 and acc["s3"] > 0 and acc["f4"] > 0


def test_nut_hi_outs_on_the_flop_match_the_rules() -> None:
    hero, board = ("JsTs", "Qs9h2s")
    r = hr.pql("select avg(nutHiOuts(hero, flop)) as n from game='holdem', "
               f"hero='{hero}', board='{board}Kd'", exact=True)
    h, b = tuple(hr.cards(hero)), tuple(hr.cards(board))
    want = _nut_outs("holdem", h, b)
    assert r[0].value == pytest.approx(want, abs=1e-12)
    # by hand: a king or an eight that is not a spade makes the nut straight (no
    # flush is possible then); a spade makes a flush some ace of spades beats
    assert want == 6


def test_outs_show_as_numbers_not_percentages() -> None:
    r = hr.pql("select avg(outsToHandType(hero, flop, flush)) as o from game='holdem', "
               "hero='AsKs', board='Qs9s2d3h'", exact=True)
    assert r[0].value == pytest.approx(9.0)
    assert "o = 9" in str(r) and "%" not in str(r).splitlines()[0]


def test_double_bar_is_or() -> None:
    r = hr.pql("select count(pairedBoard(flop) || flushingBoard(flop)) as a, "
               "count(pairedBoard(flop) or flushingBoard(flop)) as b, "
               "count(1 = 2 || 2 = 2) as c from game='holdem', hero='AsKs', "
               "board='Qs9s2d3h'", exact=True)
    assert r[0].value == r[1].value == 0.0
    assert r[2].value == 1.0


@pytest.mark.parametrize("query,message", [
    ("select count(flopHandCategory(hero) = toppair) from game='holdem', hero='AsKs'",
     "unknown name 'toppair'"),
    ("select count(minFlopHandCategory(hero, pair)) from game='holdem', hero='AsKs'",
     "expected a flop category"),
    ("select count(flopHandCategory(hero) = pair) from game='holdem', hero='AsKs'",
     "cannot compare"),
    ("select avg(fiveCardHiHandNumber(hero, river)) from game='shortdeck', hero='AsKs'",
     "52-card deck"),
    ("select count(flopHandCategory(hero) = flopset) from game='omahahi', hero='AAKK'",
     "not supported in the game 'omahahi'"),
    ("select avg(outsToHandType(hero, river, flush)) from game='holdem', hero='AsKs'",
     "river has no next card"),
    ("select avg(nutHiOuts(hero, third)) from game='studhi', hero='*', villain='*'",
     "stud nut outs are counted on fourth to sixth street"),
    ("select count(1 || 2) from game='holdem', hero='AsKs'", "needs a boolean"),
    ("select count(hiRating(hero, river) > rateHiHand('AsKs')) from game='holdem', "
     "hero='AsKs'", "expected five different cards"),
])
def test_bad_uses_get_one_clear_message(query: str, message: str) -> None:
    with pytest.raises(PqlError, match=message.replace("(", r"\(").replace(")", r"\)")):
        hr.pql(query, trials=100, seed=1)


def test_hi_lo_games_name_the_high_half_s_hand_type() -> None:
    """Omaha-8's high half is Omaha's, hold'em-8's hold'em's: the same deals
    give the same hand types."""
    sel = "histogram(handType(hero, river)) as h, histogram(winningHandType()) as w"
    cases = (("omaha8", "omahahi", "AsKdQc2h", "Ah3h4dKc", "7s6d8hTc", sel),
             ("holdem8", "holdem", "As2d", "KhKc", "7s6d8h",
              sel + ", histogram(flopHandCategory(hero)) as f"))
    for g8, g, h, v, b, sels in cases:
        tail = f"hero='{h}', villain='{v}', board='{b}'"
        hi = hr.pql(f"select {sels} from game='{g}', {tail}", exact=True)
        lo = hr.pql(f"select {sels} from game='{g8}', {tail}", exact=True)
        assert [r.value for r in hi] == [r.value for r in lo]
        assert len(hi[0].value) >= 2


# ------------------------------------------------------ percentage ranges

def test_the_hold_em_order_is_exact_equity_against_a_random_hand_best_first() -> None:
    from handrank.pql._holdem_order import ORDER
    names = [n for n, _ in ORDER]
    assert len(names) == len(set(names)) == 169
    eqs = [e for _, e in ORDER]
    assert eqs == sorted(eqs, reverse=True)
    # three classes recomputed: the top, one of the middle, the last
    for name in (names[0], names[84], names[-1]):
        a, b = hr.Range(name).combos()[0]
        r = hr.equity([hr.card_str(a) + hr.card_str(b), "random"], exact=True)
        assert dict(ORDER)[name] == pytest.approx(float(r.equity[0]), abs=1e-12), name
    assert names[:3] == ["AA", "KK", "QQ"] and names[-1] == "32o"


@pytest.mark.parametrize("pct", [0.5, 5, 15, 33.3, 100])
def test_a_percentage_range_is_the_smallest_run_of_best_classes_holding_it(pct: float) -> None:
    from handrank.pql._holdem_order import ORDER
    want = pct / 100 * 1326
    combos: set[tuple[int, int]] = set()
    for name, _ in ORDER:                    # whole classes, best first, until enough
        if len(combos) >= want:
            break
        combos |= {tuple(sorted(c)) for c in hr.Range(name).combos()}
    text = ",".join(f"{hr.card_str(a)}{hr.card_str(b)}" for a, b in sorted(combos))
    r = hr.pql(f"select count(inRange(villain, '{text}')) as a from game='holdem', "
               f"hero='*', villain='{pct}%'", trials=3000, seed=2)
    assert r[0].value == 1.0
    # and nothing outside the run: its complement never comes
    n_all = hr.pql(f"select count(pocketPair(villain)) as a from game='holdem', "
                   f"villain='{pct}%', board='2c3d4h5s7c'", exact=True).samples
    dealt = sum(1 for a, b in combos if not {a, b} & set(hr.cards("2c3d4h5s7c")))
    assert n_all == dealt


def test_percentage_ranges_are_refused_in_short_deck() -> None:
    with pytest.raises(PqlError, match="52-card hold'em order"):
        hr.pql("select avg(riverEquity(hero)) from game='shortdeck', hero='AA', "
               "villain='15%'", trials=100, seed=1)
    with pytest.raises(PqlError, match="above 0 and at most 100"):
        hr.pql("select avg(riverEquity(hero)) from game='holdem', hero='AA', "
               "villain='150%'", trials=100, seed=1)


# ------------------------------------------------------------ stud streets

def _short_type(cards: tuple[int, ...]) -> str:
    counts = sorted(Counter(c // 4 for c in cards).values(), reverse=True)
    if counts[0] == 4:
        return "quads"
    if counts[0] == 3:
        return "trips"
    if counts[:2] == [2, 2]:
        return "twopair"
    return "pair" if counts[0] == 2 else "highcard"


def test_stud_hand_types_on_third_and_fourth_street_match_every_hand() -> None:
    q = ("select histogram(handType(p1, third)) as t3, histogram(handType(p1, fourth)) as t4, "
         "count(minHandType(p2, fourth, pair)) as m from game='studhi', p1='*', p2='*'")
    r = hr.pql(q, trials=60_000, seed=9)
    got = {row.name: row for row in r}
    for name, n in (("t3", 3), ("t4", 4)):
        all_hands = Counter(_short_type(h) for h in itertools.combinations(range(52), n))
        total = sum(all_hands.values())
        for t, c in all_hands.items():
            p = c / total
            se = max(math.sqrt(p * (1 - p) / 60_000), 1e-4)
            assert got[name].value.get(t, 0.0) == pytest.approx(p, abs=4.5 * se), (name, t)
    pair_or_better = 1 - (48 * 44 * 40) / (51 * 50 * 49)
    assert got["m"].value == pytest.approx(pair_or_better, abs=4.5 * got["m"].stderr)
    exact = hr.pql("select histogram(handType(p1, third)) as a, "
                   "histogram(handType(p1, fourth)) as b from game='studhi', "
                   "p1='AsAh2d2c3c4c5c', p2='*'", trials=500, seed=1)
    assert exact[0].value == {"pair": 1.0} and exact[1].value == {"twopair": 1.0}
