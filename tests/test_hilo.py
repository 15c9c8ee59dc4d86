"""Omaha hi-lo and the hi-lo pots (RULES.md s.8): deals against a brute force over
the 60 two-plus-three choices per half, equity against a brute force over the
boards, settle against a brute force written here."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import handrank as hr
from handrank import reference
from handrank.games.lowball import lowball

# ------------------------------------------------------------------ brute forces


def ref_omaha(hole: list[int], board: list[int]) -> tuple[int, int]:
    """(high, low) by the reference: the best of every two hole plus three board cards."""
    fives = [list(p) + list(t) for p in itertools.combinations(hole, 2)
             for t in itertools.combinations(board, 3)]
    return (max(reference.evaluate(f) for f in fives),
            max(reference.low_evaluate(f, qualifier=8) for f in fives))


def numpy_omaha(holes: np.ndarray, boards: np.ndarray) -> np.ndarray:
    """(n, 2) by the 5-card evaluators (checked hand by hand against the reference)."""
    h = holes.shape[1]
    fives = np.concatenate([
        np.concatenate([holes[:, list(p)], boards[:, list(t)]], axis=1)
        for p in itertools.combinations(range(h), 2) for t in itertools.combinations(range(5), 3)])
    k = len(fives) // len(holes)
    high = hr.evaluate_batch(fives).reshape(k, -1).max(axis=0)
    low = lowball("a5", qualifier=8).evaluate_batch(fives).reshape(k, -1).max(axis=0)
    return np.stack([high, low], axis=1)


def deals(seed: int, n: int, h: int) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    d = np.argpartition(rng.random((n, 52)), h + 5, axis=1)[:, :h + 5].astype(np.uint8)
    return np.ascontiguousarray(d[:, :h]), np.ascontiguousarray(d[:, h:])


# ------------------------------------------------------------------ evaluation


@pytest.mark.parametrize("h", [4, 5, 6])
def test_batch_against_the_best_of_every_choice(h):
    holes, boards = deals(h, 100_000, h)
    got = hr.games.hilo.evaluate_omaha_hilo_batch(holes, boards)
    assert got.shape == (100_000, 2) and got.dtype == np.uint16
    assert np.array_equal(got, numpy_omaha(holes, boards))
    assert 0 < (got[:, 1] > 0).mean() < 1                    # lows and no lows both met
    # the high half is the Omaha evaluator's
    assert np.array_equal(got[:, 0], hr.games.omaha.evaluate_omaha_batch(holes, boards))


@pytest.mark.parametrize("h", [4, 5, 6])
def test_deals_against_the_reference(h):
    holes, boards = deals(10 + h, 150, h)
    for hole, board in zip(holes.tolist(), boards.tolist()):
        want = ref_omaha(hole, board)
        assert hr.games.hilo.evaluate_omaha_hilo(hole, board) == want
        assert hr.games.hilo.evaluate_omaha_hilo_batch([hole], [board]).tolist() == [list(want)]


def test_low_needs_exactly_two_hole_cards():
    l8 = lowball("a5", qualifier=8)
    # three low hole cards do not help: two of them and three board cards
    assert hr.games.hilo.evaluate_omaha_hilo("As 2s 3s Kd", "4c 5h Qd Kh 9c")[1] == 0
    # the board's wheel cannot be played whole
    high, low = hr.games.hilo.evaluate_omaha_hilo("Ks Kd Qs Qd", "Ac 2h 3d 4h 5c")
    assert low == 0 and hr.describe(high) == "One pair, Kings, with A-5-4 kickers"
    # the two halves may use different hole cards
    high, low = hr.games.hilo.evaluate_omaha_hilo("As 2s Kd Kc", "3c 4h 8d Kh 9c")
    assert hr.describe(high) == "Three of a kind, Kings, with 9-8 kickers"
    assert l8.describe(low) == "8-4-3-2-A low"


def test_evaluate_errors_and_out():
    with pytest.raises(hr.InvalidHandError, match="expected 4 to 6 hole cards, got 3"):
        hr.games.hilo.evaluate_omaha_hilo("As 2s Kd", "3c 4h 8d Kh 9c")
    with pytest.raises(hr.InvalidHandError, match="expected 5 board cards, got 4"):
        hr.games.hilo.evaluate_omaha_hilo("As 2s Kd Qd", "3c 4h 8d Kh")
    with pytest.raises(hr.InvalidHandError, match="duplicate card 'As'"):
        hr.games.hilo.evaluate_omaha_hilo("As 2s Kd Qd", "As 4h 8d Kh 9c")
    with pytest.raises(hr.InvalidCardError, match="invalid card 'Zz'"):
        hr.games.hilo.evaluate_omaha_hilo("As 2s Kd Zz", "3c 4h 8d Kh 9c")
    holes, boards = deals(3, 1000, 4)
    with pytest.raises(hr.InvalidHandError, match="as many boards as holes"):
        hr.games.hilo.evaluate_omaha_hilo_batch(holes, boards[:10])
    with pytest.raises(hr.InvalidCardError, match="invalid card id 60 in boards at row 2"):
        bad = boards.astype(np.int64)
        bad[2, 1] = 60
        hr.games.hilo.evaluate_omaha_hilo_batch(holes, bad)
    bad = boards.copy()
    bad[700, 0] = holes[700, 1]
    with pytest.raises(hr.InvalidHandError, match="in row 700"):
        hr.games.hilo.evaluate_omaha_hilo_batch(holes, bad, threads=2)
    with pytest.raises(ValueError, match=r"shape \(1000, 2\)"):
        hr.games.hilo.evaluate_omaha_hilo_batch(holes, boards, out=np.empty(1000, np.uint16))
    out = np.empty((1000, 2), np.uint16)
    assert hr.games.hilo.evaluate_omaha_hilo_batch(holes, boards, out=out, threads=2) is out
    assert np.array_equal(out, hr.games.hilo.evaluate_omaha_hilo_batch(holes, boards, threads=1))
    assert hr.games.hilo.evaluate_omaha_hilo_batch(np.empty((0, 4), np.uint8),
                                        np.empty((0, 5), np.uint8)).shape == (0, 2)


# ------------------------------------------------------------------ equity


def brute_equity(players: list[str], board: str, dead: str = "") -> dict[str, np.ndarray]:
    """Every completion of the board; each rated by ref_omaha, the pot split by RULES.md s.8."""
    holes = [hr.cards(p) for p in players]
    b = hr.cards(board) if board else []
    used = set(b) | {c for h in holes for c in h} | set(hr.cards(dead) if dead else [])
    left = [c for c in range(52) if c not in used]
    n = len(holes)
    sums = {k: np.zeros(n) for k in ("equity", "high", "low", "scoop", "nolow_high")}
    boards = 0
    has_low = 0
    for extra in itertools.combinations(left, 5 - len(b)):
        rated = [ref_omaha(h, b + list(extra)) for h in holes]
        top = max(r[0] for r in rated)
        high = np.array([r[0] == top for r in rated]) / sum(r[0] == top for r in rated)
        best_low = max(r[1] for r in rated)
        if best_low:
            low = np.array([r[1] == best_low for r in rated]) / sum(r[1] == best_low
                                                                    for r in rated)
            share = high / 2 + low / 2
            has_low += 1
        else:
            low = np.zeros(n)
            share = high
            sums["nolow_high"] += high
        sums["equity"] += share
        sums["high"] += high
        sums["low"] += low
        sums["scoop"] += share == 1
        boards += 1
    out = {k: v / boards for k, v in sums.items()}
    out["p_low"] = np.array(has_low / boards)
    return out


SPOTS = [
    (["As 2s Kd Qd", "Ah 3h Jc Tc"], "4c 5d Kh 9s"),                   # turn
    (["As 2s Kd Qd", "Ah 2h Jc Tc", "7c 7d 6h 6s"], "4c 5d Kh 9s"),    # turn, three-way
    (["As 2s Kd Qd", "Ah 2h Jc Tc"], "4c 5d Kh 8s 9s"),                # river, quartered
    (["As 2s 3s Kd Qd", "Ah 3h Jc Tc 9d"], "4c 5d Kh 8s"),             # five-card Omaha
    (["Ks Kd Qs Qd", "Jh Th 9c 9s"], "2c 3d 4h 8s"),                   # nobody can make a low
]


@pytest.mark.parametrize("players,board", SPOTS)
def test_exact_equity_against_brute_force(players, board):
    size = len(hr.cards(players[0]))
    r = hr.equity(players, board=board, game="omaha-hilo" if size == 4 else f"omaha{size}-hilo")
    want = brute_equity(players, board)
    assert r.exact and r.stderr.tolist() == [0.0] * len(players)
    for name in ("equity", "high", "low", "scoop"):
        assert np.allclose(getattr(r, name), want[name], rtol=0, atol=1e-12), name
    assert np.array_equal(r.win, r.scoop)
    # the halves and the pot agree
    assert r.equity.sum() == pytest.approx(1) and r.high.sum() == pytest.approx(1)
    assert r.low.sum() == pytest.approx(float(want["p_low"]))
    assert np.allclose(r.equity, (r.high + r.low + want["nolow_high"]) / 2, atol=1e-12)
    assert ((0 <= r.tie) & (r.tie <= 1) & (r.scoop + r.tie <= 1 + 1e-12)).all()


def test_flop_equity_and_monte_carlo():
    players, board = ["As 2s Kd Qd", "Ah 3h Jc Tc"], "4c 5d Kh"
    exact = hr.equity(players, board=board, game="omaha-hilo")
    want = brute_equity(players, board)
    for name in ("equity", "high", "low", "scoop"):
        assert np.allclose(getattr(exact, name), want[name], rtol=0, atol=1e-12), name
    trials = 200_000
    mc = hr.equity(players, board=board, game="omaha-hilo", exact=False, trials=trials, seed=3)
    assert not mc.exact and mc.samples == trials
    assert (np.abs(mc.equity - exact.equity) <= 4 * mc.stderr).all()
    # a share lies in [0, 1]: its standard error is at most 0.5 / sqrt(trials)
    bound = 4 * 0.5 / np.sqrt(trials)
    for name in ("high", "low", "scoop"):
        assert (np.abs(getattr(mc, name) - getattr(exact, name)) <= bound).all(), name
    again = hr.equity(players, board=board, game="omaha-hilo", exact=False, trials=trials,
                      seed=3, threads=1)
    assert np.array_equal(again.equity, mc.equity) and np.array_equal(again.low, mc.low)


def test_preflop_monte_carlo_with_target():
    r = hr.equity(["As 2s Kd Qd", "Ah 3h Jc Tc", "7c 7d 6h 6s"], game="omaha-hilo",
                  target_stderr=0.004, seed=1)
    assert not r.exact and r.stderr.max() < 0.004
    assert r.equity.sum() == pytest.approx(1) and r.high.sum() == pytest.approx(1)
    assert 0 < r.low.sum() < 1


def test_equity_errors():
    # ranges work since issue 17 (tests/test_hilo_range_equity.py); hold'em range text does not
    with pytest.raises(hr.InvalidRangeError, match="hold'em notation"):
        hr.equity(["As 2s Kd Qd", "AKs"], game="omaha-hilo")
    with pytest.raises(hr.InvalidHandError, match="card 'As' is in player 1's hand and on "
                                                 "the board"):
        hr.equity(["As 2s Kd Qd", "Ah 3h Jc Tc"], board="As 4c 5d", game="omaha-hilo")
    # 'stud' and 'razz' are games now (issue 18): an unknown name stands in
    with pytest.raises(ValueError, match="unknown game 'mexican', expected 'holdem' or 'omaha'"):
        hr.equity(["As 2s Kd Qd", "Ah 3h Jc Tc"], game="mexican")
    with pytest.raises(ValueError, match="trials and target_stderr apply to Monte Carlo"):
        hr.equity(["As 2s Kd Qd", "Ah 3h Jc Tc"], game="omaha-hilo", exact=True, trials=10)


# ------------------------------------------------------------------ settle


def brute_settle(game: str, board: list[int], holes: list[list[int]], chips: list[int],
                 folded: list[bool], button: int, rule: str) -> list[int]:
    """Payouts by RULES.md s.6 and s.8, from the reference's hands."""
    n = len(chips)
    live = [s for s in range(n) if not folded[s]]
    pay = [0] * n
    if len(live) == 1:
        pay[live[0]] = sum(chips)
        return pay
    rated = {}
    for s in live:
        if game == "holdem-hilo":
            rated[s] = (reference.evaluate(holes[s] + board),
                        reference.low_evaluate(holes[s] + board, qualifier=8))
        else:
            rated[s] = ref_omaha(holes[s], board)

    def order(seat: int) -> object:
        if rule == "left_of_button":
            return (seat - button - 1) % n
        if rule == "high_card_by_suit":
            return -max(holes[seat])
        return seat

    def split(amount: int, seats: list[int]) -> None:
        each, odd = divmod(amount, len(seats))
        for i, s in enumerate(sorted(seats, key=order)):
            pay[s] += each + (i < odd)

    levels = sorted({chips[s] for s in live})
    below = 0
    for i, level in enumerate(levels):
        amount = sum(min(c, level) - min(c, below) for c in chips)
        if i == len(levels) - 1:                       # folded chips above every live seat
            amount += sum(max(c - level, 0) for c in chips)
        below = level
        seats = [s for s in live if chips[s] >= level]
        if amount == 0:
            continue
        if len(seats) == 1:
            pay[seats[0]] += amount
            continue
        top = max(rated[s][0] for s in seats)
        best_low = max(rated[s][1] for s in seats)
        highs = [s for s in seats if rated[s][0] == top]
        if best_low == 0:
            split(amount, highs)
        else:
            split(amount - amount // 2, highs)
            split(amount // 2, [s for s in seats if rated[s][1] == best_low])
    return pay


BOARDS = [None, "Ac 2d 3h 4s 5c", "Kc Kd Qh Js 9c", "2c 3d 7h 8s Kc", "Ac 2c 3c Kd Kh"]


@st.composite
def tables(draw):
    game = draw(st.sampled_from(["holdem-hilo", "omaha-hilo"]))
    size = 2 if game == "holdem-hilo" else draw(st.integers(4, 6))
    n = draw(st.integers(2, 10 if game == "holdem-hilo" else 47 // size))
    rng = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    fixed = draw(st.sampled_from(BOARDS))
    given = hr.cards(fixed) if fixed else []
    perm = [int(c) for c in rng.permutation([c for c in range(52) if c not in given])]
    board = given + perm[:5 - len(given)]
    rest = perm[5 - len(given):]
    holes = [rest[i * size:(i + 1) * size] for i in range(n)]
    chips = draw(st.lists(st.sampled_from([0, 1, 2, 5, 10, 11, 25, 50, 99, 100, 101]),
                          min_size=n, max_size=n))
    folded = draw(st.lists(st.booleans(), min_size=n, max_size=n))
    if all(folded):
        folded[draw(st.integers(0, n - 1))] = False
    button = draw(st.integers(0, n - 1))
    rule = draw(st.sampled_from(["left_of_button", "high_card_by_suit", "seat_order"]))
    return game, board, holes, chips, folded, button, rule


@settings(max_examples=250, deadline=None)
@given(tables())
def test_settle_against_brute_force(table):
    game, board, holes, chips, folded, button, rule = table
    hands = [None if f else hr.cards_str(h) for h, f in zip(holes, folded)]
    # the Omaha hi-lo game of that hand size (six cards: "omaha-hilo", its one name)
    named = game if game == "holdem-hilo" or len(holes[0]) in (4, 6) else \
        f"omaha{len(holes[0])}-hilo"
    s = hr.settle(hr.cards_str(board), hands, chips, folded=folded, button=button,
                  odd_chip=rule, game=named)
    assert s.payouts == brute_settle(game, board, holes, chips, folded, button, rule)
    assert sum(s.payouts) == sum(chips)
    for pot in s.pots:
        assert sum(pot.shares) == pot.amount and set(pot.winners) <= set(pot.eligible)
        if pot.high is None:
            assert pot.low is None and len(pot.eligible) == 1
            continue
        assert sum(pot.high.shares) == pot.high.amount and pot.reason
        if pot.low is None:
            assert pot.high.amount == pot.amount
            assert "no qualifying low" in pot.reason
        else:
            assert sum(pot.low.shares) == pot.low.amount
            assert pot.high.amount + pot.low.amount == pot.amount
            assert pot.high.amount - pot.low.amount == pot.amount % 2     # odd chip to high
            assert pot.odd_chips == pot.amount % 2 + pot.high.odd_chips + pot.low.odd_chips
            scoop = len(pot.high.winners) == 1 and pot.high.winners == pot.low.winners
            assert scoop == pot.reason.startswith(f"seat {pot.high.winners[0]} scoops")
            assert set(pot.winners) == set(pot.high.winners) | set(pot.low.winners)


def test_settle_examples():
    # quartered: seat 0 has the high and half the low, seat 1 the other half of the low
    s = hr.settle("4c 5d Kh 8s 9s", ["As 2s Kd Qd", "Ah 2h Jc Tc", "Qs Qh 7c 7d"],
                  [100, 100, 100], game="omaha-hilo")
    (pot,) = s.pots
    assert s.payouts == [225, 75, 0]
    assert pot.high is not None and pot.low is not None
    assert (pot.high.winners, pot.high.shares) == ((0,), (150,))
    assert (pot.low.winners, pot.low.shares) == ((0, 1), (75, 75))
    assert "quartered" in pot.low.reason and "8-5-4-2-A" in pot.low.reason
    assert pot.high.reason == ("seat 0 wins: K-K-A-9-8 beats Q-Q-K-9-8: both one pair; "
                               "the pair decides, K against Q (seat 2)")
    # a scoop: the best high and the only low
    s = hr.settle("4c 5d Kh 8s 9s", ["As 2s Kd Qd", "Qs Qh 7c 7d"], [50, 50], game="omaha-hilo")
    assert s.payouts == [100, 0] and s.pots[0].reason.startswith("seat 0 scoops")
    assert s.pots[0].low.reason == "seat 0 has the only qualifying low, 8-5-4-2-A"
    # no qualifying low: the high takes it all
    s = hr.settle("Tc Jd Kh 8s 9s", ["As 2s", "Qs Qh"], [100, 100], game="holdem-hilo")
    assert s.payouts == [0, 200] and s.pots[0].low is None
    assert s.pots[0].reason.startswith("no qualifying low, the high hand takes the whole pot")
    # an odd pot: the odd chip of the halving goes to the high half
    s = hr.settle("4c 5d Kh 8s 9s", ["As 2s", "Qs Qh"], [51, 50], folded=[False, False],
                  game="holdem-hilo")
    assert s.pots[0].amount == 100 and s.pots[1].amount == 1
    s = hr.settle("4c 5d Kh 8s 9s", ["As 2s", "Qs Qh", None], [50, 50, 1],
                  folded=[False, False, True], game="holdem-hilo")
    (pot,) = s.pots
    assert pot.amount == 101 and (pot.high.amount, pot.low.amount) == (51, 50)
    assert pot.high.winners == (1,) and pot.low.winners == (0,) and s.payouts == [50, 51, 0]
    assert "the odd chip of the halving to the high half" in pot.reason


def test_settle_errors():
    with pytest.raises(ValueError, match="unknown game 'mexican'"):
        hr.settle("4c 5d Kh 8s 9s", ["As 2s", "Qs Qh"], [1, 1], game="mexican")
    # razz is a game now (issue 18), one without a board
    with pytest.raises(ValueError, match="game 'razz' has no board: pass board=None"):
        hr.settle("4c 5d Kh 8s 9s", ["As 2s", "Qs Qh"], [1, 1], game="razz")
    with pytest.raises(hr.InvalidHandError,
                       match="expected 4 to 6 cards for seat 1's hand, got 2"):
        hr.settle("4c 5d Kh 8s 9s", ["As 2s Kd Qd", "Qs Qh"], [1, 1], game="omaha-hilo")
    with pytest.raises(hr.InvalidHandError, match="expected 2 cards for seat 0's hand, got 4"):
        hr.settle("4c 5d Kh 8s 9s", ["As 2s Kd Qd", "Qs Qh"], [1, 1], game="holdem-hilo")
    with pytest.raises(hr.InvalidHandError, match="duplicate card 'As'"):
        hr.settle("4c 5d Kh 8s 9s", ["As 2s Kd Qd", "As Qh Jd Td"], [1, 1], game="omaha-hilo")


def test_hilo_equity_result_repr_and_tables():
    """HiLoEquityResult keeps EquityResult's labelled table (a generated dataclass
    repr once printed raw arrays) and shows the halves in every table form."""
    r = hr.equity(["As2sKdQd", "Ah3hJcTc"], board="4c 5d 9s", game="omaha-hilo", exact=True)
    text = repr(r)
    lines = text.splitlines()
    # one shape in every game: the same name and common columns as hold'em's
    assert lines[0] == f"EquityResult(exact, {r.samples:,} boards)"
    # win is the same array as scoop: the table shows it once, under the common name
    assert lines[1].split() == ["player", "hand", "equity", "win", "tie", "high", "low"]
    for i, line in enumerate(lines[2:]):
        cells = line.split()
        assert cells[:2] == [str(i + 1), ["As2sKdQd", "Ah3hJcTc"][i]]
        want = [r.equity[i], r.scoop[i], r.tie[i], r.high[i], r.low[i]]
        assert cells[2:] == [f"{100 * float(x):.4f}%" for x in want]
    assert "array(" not in text
    html = r._repr_html_()
    assert all(f"<th>{c}</th>" in html for c in ("win", "high", "low"))
    pd = pytest.importorskip("pandas")
    df = r.to_pandas()
    assert isinstance(df, pd.DataFrame)
    assert list(df.columns) == ["player", "hand", "equity", "win", "tie", "high", "low",
                                "scoop", "stderr"]
    for col in ("high", "low", "scoop", "equity"):
        assert df[col].tolist() == getattr(r, col).tolist()
