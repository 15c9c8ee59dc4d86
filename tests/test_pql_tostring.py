"""toString(x): the text of each value, as the result tables print it.

Every query here is enumerated exactly, so a histogram of toString(x) must
equal the histogram of x with its keys written as text, fraction for
fraction, and a comparison with a quoted string must count what the
comparison on x counts.
"""

from __future__ import annotations

from typing import Any

import pytest

import handrank as hr
from handrank.pql import REFUSED, PqlError, supported_functions

# a board of four cards: 46 rivers against one hand of a small range
SPOT = "from game='holdem', hero='AsKs,AhKh', villain='QdQc,JdJc', board='QsJs2d7h'"
FLOP = "from game='holdem', hero='AK,QQ,76', villain='33', board='QsJs2d7h'"


def _text(v: Any) -> str:
    """A key of the plain histogram as text: the table's own spelling."""
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, float):
        return f"{v:.6g}"
    return str(v)


CASES = [
    # (expression, the type it has, the spot)
    ("handType(hero, river)", "hand type", SPOT),
    ("handType(villain, river)", "hand type", SPOT),
    ("flopHandCategory(hero)", "flop category", FLOP),
    ("maxRank(boardRanks(river))", "rank", SPOT),
    ("maxRank(handRanks(villain))", "rank", SPOT),
    ("riverCard()", "card", SPOT),
    ("boardRanks(river)", "rank set", SPOT),
    ("duplicatedBoardRanks(river)", "rank set", SPOT),
    ("pairedBoard(river)", "boolean", SPOT),
    ("winsHi(hero)", "boolean", SPOT),
    ("boardSuitCount(river)", "integer", SPOT),
    ("outsToHandType(hero, turn, flush)", "integer", SPOT),
    ("riverEquity(hero)", "number", SPOT),
    ("HvHequity(hero, turn)", "number", SPOT),
]


@pytest.mark.parametrize(("expr", "kind", "spot"), CASES)
def test_histogram_of_the_text_is_the_histogram_with_text_keys(expr: str, kind: str,
                                                               spot: str) -> None:
    r = hr.pql(f"select histogram({expr}) as x, histogram(toString({expr})) as s {spot}",
               exact=True)
    assert r.exact
    plain, text = r[0].value, r[1].value
    assert len(plain) > 1                  # the value varies over the deals
    assert text == {_text(k): v for k, v in plain.items()}
    assert all(isinstance(k, str) for k in text)


@pytest.mark.parametrize(("expr", "kind", "spot"), CASES)
def test_comparing_the_text_counts_what_comparing_the_value_counts(expr: str, kind: str,
                                                                   spot: str) -> None:
    plain = hr.pql(f"select histogram({expr}) {spot}", exact=True)[0].value
    for k, frac in plain.items():
        t = _text(k)
        r = hr.pql(f"select count(toString({expr}) = '{t}') as a, "
                   f"count('{t}' <> toString({expr})) as b, "
                   f"count(toString({expr}) in ('{t}', 'nothing')) as c {spot}", exact=True)
        assert r[0].value == pytest.approx(frac, abs=1e-15)
        assert r[1].value == pytest.approx(1 - frac, abs=1e-15)
        assert r[2].value == pytest.approx(frac, abs=1e-15)


def test_the_texts_are_the_names_the_tables_print() -> None:
    r = hr.pql("select histogram(toString(handType(hero, river))) as h, "
               "histogram(toString(riverCard())) as c, "
               "histogram(toString(pairedBoard(river))) as p "
               "from game='holdem', hero='AsKs', villain='QdQc', board='QsJs2d7h'",
               exact=True)
    assert set(r[0].value) == {"highcard", "pair", "flush", "straight", "straightflush"}
    assert "Ts" in r[1].value and "2c" in r[1].value and len(r[1].value) == 44
    assert set(r[2].value) == {"true", "false"}


def test_hand_type_count_equals_the_count_on_the_hand_type() -> None:
    a = hr.pql(f"select count(toString(handType(hero, river)) = 'flush') as a, "
               f"count(handType(hero, river) = flush) as b {SPOT}", exact=True)
    assert a[0].value == a[1].value > 0
    w = hr.pql(f"select avg(riverEquity(hero)) as e {SPOT} "
               "where toString(handType(hero, river)) <> 'flush'", exact=True)
    v = hr.pql(f"select avg(riverEquity(hero)) as e {SPOT} "
               "where handType(hero, river) <> flush", exact=True)
    assert w[0].value == v[0].value
    c = hr.pql(f"select count(case toString(riverCard()) when 'Ts' then true else false end) "
               f"as a, count(riverCard() = toCard('Ts')) as b {SPOT}", exact=True)
    assert c[0].value == c[1].value > 0


def test_to_string_of_a_constant_and_of_a_string() -> None:
    r = hr.pql(f"select count(toString(1) = '1') as a, count(toString(0.5) = '0.5') as b, "
               f"count(toString(toString(flush)) = 'flush') as c, "
               f"count(toString(toRank('T')) = 'T') as d {SPOT}", exact=True)
    assert [row.value for row in r] == [1.0, 1.0, 1.0, 1.0]


def test_simulated_histogram_of_the_text_matches_on_the_same_seed() -> None:
    q = "from game='holdem', hero='AA', villain='**'"
    r = hr.pql(f"select histogram(handType(hero, river)) as x, "
               f"histogram(toString(handType(hero, river))) as s {q}", trials=20000, seed=7)
    assert not r.exact
    assert r[1].value == {_text(k): v for k, v in r[0].value.items()}


@pytest.mark.parametrize(("query", "message"), [
    ("select avg(toString(riverEquity(hero)))", "avg\\(\\) averages a number, found a string"),
    ("select max(toString(handType(hero, river)))", "max\\(\\) of a string is not defined"),
    ("select min(toString(riverCard()))", "min\\(\\) of a string is not defined"),
    ("select avg(toString(riverEquity(hero)) + 1)", "'\\+' needs .*found a string"),
    ("select avg(2 * toString(boardSuitCount(river)))", "'\\*' needs .*found a string"),
    ("select avg(-toString(boardSuitCount(river)))", "'-' needs .*found a string"),
    ("select count(toString(handType(hero, river)))", "counts a condition .*found a string"),
    ("select count(toString(handType(hero, river)) > 'flush')",
     "strings compare with = and <> only"),
    ("select count(toString(handType(hero, river)) = flush)",
     "cannot compare a string with a hand type"),
    ("select count(toString(hero, river) = 'x')", "toString takes 1 argument"),
    ("select count(toString() = 'x')", "toString takes 1 argument"),
    ("select count(handType(hero, river) = 'flush')", "a quoted string is an argument"),
    ("select avg(riverEquity(hero)) SPOT where toString(pairedBoard(river))",
     "'where' needs a condition .*found a string"),
])
def test_bad_uses_of_strings_are_refused_with_the_place(query: str, message: str) -> None:
    with pytest.raises(PqlError, match=message) as e:
        hr.pql(query.replace("SPOT", SPOT) if "SPOT" in query else f"{query} {SPOT}",
               exact=True)
    assert "^" in str(e.value)


def test_to_string_is_a_function_and_no_longer_refused() -> None:
    assert "toString" not in REFUSED
    assert "toString" in supported_functions()


def test_simulated_strings_are_the_same_on_one_and_two_threads() -> None:
    q = ("select histogram(toString(handType(villain, river))) as h, "
         "count(toString(riverCard()) = 'As') as a "
         "from game='holdem', hero='KK', villain='**'")
    one = hr.pql(q, trials=60000, seed=11, threads=1)
    two = hr.pql(q, trials=60000, seed=11, threads=2)
    assert one[0].value == two[0].value and one[1].value == two[1].value
    assert len(one[0].value) >= 8
