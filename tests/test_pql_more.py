"""PQL's low functions (madeLo, minLoRating, rateLoHand, nutLoOuts), maxHiRating,
upCard, the four-argument minOutsToHandType and the refused functions.

The low brute force ranks lows by the rules written out in
``tests/_rules_oracle.py`` (ace-to-five, five different ranks eight or
lower), independent of handrank.
"""

from __future__ import annotations

import itertools

import pytest

import handrank as hr
from handrank.core.cards import cards as parse_cards
from handrank.pql import REFUSED, PqlError

from ._rules_oracle import low_a5_key


def _ids(text: str) -> list[int]:
    return [int(c) for c in parse_cards(text)]


def _low(five: tuple[int, ...]) -> tuple | None:
    ranks = {0 if c // 4 == 12 else c // 4 + 1 for c in five}
    if len(ranks) < 5 or max(ranks) > 7:
        return None
    return low_a5_key(list(five))


def _best_low(hole: list[int], board: list[int], omaha: bool) -> tuple | None:
    if omaha:
        fives = [p + t for p in itertools.combinations(hole, 2)
                 for t in itertools.combinations(board, 3)]
    else:
        fives = list(itertools.combinations(hole + board, 5))
    lows = [k for k in (_low(tuple(f)) for f in fives) if k is not None]
    return max(lows) if lows else None


def _nut_lo_outs(hole: list[int], board: list[int], omaha: bool, dead: list[int]) -> int:
    """Next cards (the player's view) after which the player's low is one no
    two other unseen cards beat with the board and that card."""
    unseen = [c for c in range(52) if c not in hole and c not in board and c not in dead]
    n = 0
    for x in unseen:
        b = board + [x]
        mine = _best_low(hole, b, omaha)
        if mine is None:
            continue
        rest = [c for c in unseen if c != x]
        if omaha:
            best = None
            for two in itertools.combinations(rest, 2):
                k = _best_low(list(two), b, True)
                if k is not None and (best is None or k > best):
                    best = k
        else:
            best = None
            for two in itertools.combinations(rest, 2):
                k = _best_low(list(two), b, False)
                if k is not None and (best is None or k > best):
                    best = k
        n += best is None or mine >= best
    return n


@pytest.mark.parametrize(("game", "hero", "board"), [
    ("holdem8", "As4d", "2c7h9sKd"),
    ("holdem8", "3s6d", "2c7h9s8d"),
    ("omaha8", "As2d9hKc", "3c7hTsQd"),
    ("omaha8", "4s5dJhJc", "2c3h8sKd"),
])
def test_low_functions_equal_the_brute_force(game: str, hero: str, board: str) -> None:
    omaha = game == "omaha8"
    q = (f"select avg(nutLoOuts(hero, turn)) as n, count(madeLo(hero, river)) as m, "
         f"count(madeLo(hero, turn)) as m4, "
         f"count(minLoRating(hero, river, rateLoHand('7s5d4c3h2s'))) as x "
         f"from game='{game}', hero='{hero}', villain='KhKs{'QhQs' if omaha else ''}', "
         f"board='{board}'")
    r = hr.pql(q, exact=True)
    h, b = _ids(hero), _ids(board)
    assert r[0].value == _nut_lo_outs(h, b, omaha, [])
    villain = _ids("KhKs" + ("QhQs" if omaha else ""))
    rivers = [c for c in range(52) if c not in h + b + villain]
    lows = [_best_low(h, b + [x], omaha) for x in rivers]
    assert r[1].value == pytest.approx(sum(k is not None for k in lows) / len(rivers))
    assert r[2].value == float(_best_low(h, b, omaha) is not None)
    bar = low_a5_key(_ids("7s5d4c3h2s"))
    assert r[3].value == pytest.approx(
        sum(k is not None and k >= bar for k in lows) / len(rivers))


def test_rate_lo_hand_is_the_low_rating_of_those_cards() -> None:
    for game, hero, villain in (("holdem8", "As2d", "KhKs"), ("omaha8", "As2dKdQd", "KhKsJhJs"),
                                ("stud8", "As2d3c4h5sKdKc", "QhQsJhJsTcTd9c")):
        board = ", board='3c4h5sKcQc'" if game != "stud8" else ""
        r = hr.pql(f"select count(loRating(hero, river) = rateLoHand('As2d3c4h5s')) as w, "
                   f"count(loRating(villain, river) = 0) as v from game='{game}', "
                   f"hero='{hero}', villain='{villain}'{board}", trials=3, seed=1)
        assert r[0].value == 1.0 and r[1].value == 1.0, game
    r = hr.pql("select count(loRating(hero, river) = rateLoHand('As2d3c4h5s')) as w "
               "from game='razz', hero='As2d3c4h5sKdKc', villain='*'", trials=3, seed=1)
    assert r[0].value == 1.0


def test_max_hi_rating_in_both_forms() -> None:
    q = ("select count(maxHiRating(river) = rateHiHand('AsKsQsJsTs')) as royal, "
         "count(maxHiRating(hero, river)) as mine, count(bestHiRating(hero, river)) as best, "
         "count(maxHiRating(river) = hiRating(villain, river)) as v, "
         "count(maxHiRating(river) >= hiRating(hero, river) and "
         "maxHiRating(river) >= hiRating(villain, river)) as top "
         "from game='holdem', hero='AhAd', villain='*', board='2c7d9hKs'")
    r = hr.pql(q, exact=True)
    assert r[0].value == 0.0
    assert r[1].value == r[2].value
    assert r[4].value == 1.0
    # hero has the max hi rating exactly when the villain does not beat it
    r2 = hr.pql("select count(hiRating(villain, river) > hiRating(hero, river)) as beat "
                "from game='holdem', hero='AhAd', villain='*', board='2c7d9hKs'", exact=True)
    assert r[1].value == pytest.approx(1 - r2[0].value)
    r3 = hr.pql("select count(maxHiRating(river) = rateHiHand('AsKsQsJsTs')) as royal "
                "from game='holdem', hero='2c3d', villain='4h5h', board='AsKsQsJsTs'",
                exact=True)
    assert r3[0].value == 1.0


def test_min_outs_with_a_count_is_outs_compared() -> None:
    q = ("select count(minOutsToHandType(hero, flop, flush, 9)) as a, "
         "count(outsToHandType(hero, flop, flush) >= 9) as b, "
         "count(minOutsToHandType(hero, flop, straight, 4)) as c, "
         "count(outsToHandType(hero, flop, straight) >= 4) as d "
         "from game='holdem', hero='AsKs', villain='*', board='Qs9s2d'")
    r = hr.pql(q, trials=500, seed=4)
    assert r[0].value == r[1].value == 1.0
    assert r[2].value == r[3].value


def test_up_card_is_the_card_dealt_face_up_on_the_street() -> None:
    hand = "2c3d4h5s6c7d8h"
    r = hr.pql("select count(upCard(p1, third) = toCard('4h')) as a, "
               "count(upCard(p1, fourth) = toCard('5s')) as b, "
               "count(upCard(p1, sixth) = toCard('7d')) as c "
               f"from game='studhi', p1='{hand}', p2='*'", trials=10, seed=1)
    assert [row.value for row in r] == [1.0, 1.0, 1.0]
    with pytest.raises(PqlError, match="dealt face down"):
        hr.pql(f"select histogram(upCard(p1, seventh)) from game='studhi', p1='{hand}', "
               "p2='*'", trials=10)
    with pytest.raises(PqlError, match="not supported in the game 'holdem'"):
        hr.pql("select histogram(upCard(p1, flop)) from game='holdem', p1='AsKs'")


@pytest.mark.parametrize("name", REFUSED)
def test_refused_functions_say_why_at_parse_time(name: str) -> None:
    args = {"toString": "1", "handRankingFor": "hero, '6h'"}.get(name, "hero, flop")
    with pytest.raises(PqlError, match=f"function '{name}' is not supported: ") as e:
        hr.pql(f"select count({name}({args}) > 0) from game='holdem', hero='AsKs', "
               "villain='*'")
    assert "^" in str(e.value)


def test_nut_lo_outs_in_stud_count_the_nut_lows() -> None:
    # razz: A-2-3-4 on fourth street; the fifth card makes the nut low (a wheel:
    # the unseen cards always hold another) only when it is a five
    r = hr.pql("select avg(nutLoOuts(hero, fourth)) as n from game='razz', "
               "hero='As2s3d4h', villain='*'", trials=200, seed=1)
    assert r[0].value == 4.0
