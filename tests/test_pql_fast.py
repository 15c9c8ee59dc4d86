"""PQL's C paths agree with its general (numpy) path.

The stud race (``histogram(winningHandType())`` of random players) runs in C
(``hr_pql_race_types``); a ``where`` that always holds sends the same query
down the general path, which deals in numpy and ranks with the batch
evaluator.  The two are independent simulations of the same distribution:
each category's frequency must agree within 4.5 combined standard errors.
"""

from __future__ import annotations

import math

import pytest

import handrank as hr
from handrank.core import kernels

pytestmark = pytest.mark.skipif(not kernels.HAVE_C, reason="the C core is not built")

RACE = ("select histogram(winningHandType()) as w from game='{game}', syntax='generic', "
        "{players}{dead}")


def _players(n: int) -> str:
    return ", ".join(f"p{i}='*'" for i in range(1, n + 1))


def _agree(a: hr.PqlResult, b: hr.PqlResult) -> None:
    va, vb = a[0].value, b[0].value
    sa, sb = a[0].stderr, b[0].stderr
    for k in set(va) | set(vb):
        x, y = va.get(k, 0.0), vb.get(k, 0.0)
        se = math.hypot(sa.get(k, 0.0), sb.get(k, 0.0))
        assert abs(x - y) <= 4.5 * max(se, 1e-4), (k, x, y, se)


@pytest.mark.parametrize("game,n,dead", [
    ("studhi", 5, ""),
    ("studhi", 2, ""),
    ("stud8", 3, ""),
    ("studhi", 4, ", dead='AsAhAdAcKsKhKdKc2c3c'"),
])
def test_the_stud_race_in_c_agrees_with_the_general_path(game: str, n: int, dead: str) -> None:
    q = RACE.format(game=game, players=_players(n), dead=dead)
    fast = hr.pql(q, trials=400_000, seed=11)
    slow = hr.pql(q + " where 1 = 1", trials=60_000, seed=11)
    assert fast.samples == 400_000 and slow.samples == 60_000
    assert sum(fast[0].value.values()) == pytest.approx(1.0)
    _agree(fast, slow)
    if dead:                                  # no aces or kings: no broadway straight flush...
        assert "quads" in fast[0].value       # ...but quads of the ranks left still come


def test_the_stud_race_is_the_same_for_any_number_of_threads_and_chunks() -> None:
    q = RACE.format(game="studhi", players=_players(5), dead="")
    one = hr.pql(q, trials=2_300_000, seed=3, threads=1)
    two = hr.pql(q, trials=2_300_000, seed=3, threads=2)
    assert one[0].value == two[0].value and one.seed == two.seed == 3
    other = hr.pql(q, trials=2_300_000, seed=4, threads=2)
    assert other[0].value != one[0].value


def test_the_stud_race_tells_progress_and_reports_a_seed() -> None:
    q = RACE.format(game="studhi", players=_players(3), dead="")
    seen: list[tuple[int, int]] = []
    r = hr.pql(q, trials=2_500_000, progress=lambda d, t: seen.append((d, t)))
    assert seen[-1] == (2_500_000, 2_500_000) and len(seen) == 3
    assert isinstance(r.seed, int) and not r.exact


def test_a_race_the_c_kernel_does_not_take_goes_the_general_way() -> None:
    # a known card: not every player is random
    q = ("select histogram(winningHandType()) from game='studhi', p1='AsAhAdAcKsKhKd', "
         "p2='*'")
    r = hr.pql(q, trials=2000, seed=1)
    assert r[0].value == {"quads": 1.0} or set(r[0].value) <= {"quads", "straightflush"}


@pytest.mark.parametrize("game,players,board", [
    ("holdem", "hero='AsKs,QdQc', villain='7h6h', p3='**'", "Ts9h2c"),
    ("holdem", "hero='AsKs', villain='**'", "Ts9h2c5d"),
    ("shortdeck", "hero='AsKs', villain='9h9c'", "Ts9d6c"),
    ("omahahi", "hero='AsAhKd2h', villain='QsJsTh9h'", "Ts9d2c"),
    ("omahahi5", "hero='AsAhKd2h3c', villain='QsJsTh9h8d'", "Ts9d2c4h"),
    ("omaha8", "hero='As2hKd3h', villain='QsJsTh9h', p3='4d5d6cKc'", "Ts9d2c"),
    ("omaha85", "hero='AsAhKd2h3c', villain='QsJsTh4h8d'", "Ts9d2c6h"),
    ("holdem8", "hero='As2s,3c4c', villain='KhKd'", "Ts7d5c"),
])
def test_street_equity_in_c_equals_the_numpy_enumeration(game: str, players: str, board: str,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    street = "flop" if len(board) == 6 else "turn"
    q = (f"select avg(HvHequity(hero, {street})) as e, avg(HvHequity(villain, {street})) as v, "
         f"count(minHvHequity(hero, {street}, 0.5)) as m "
         f"from game='{game}', {players}, board='{board}', dead='7s'")
    kw = {"trials": 300, "seed": 5} if "**" in players else {"exact": True}
    c_path = hr.pql(q, **kw)
    monkeypatch.setattr(kernels, "pql_street_equity", lambda *a, **k: None)
    numpy_path = hr.pql(q, **kw)
    assert [r.value for r in c_path] == pytest.approx([r.value for r in numpy_path], abs=1e-12)
    assert 0.0 < c_path[0].value < 1.0
