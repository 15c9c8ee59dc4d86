"""All-in EV of Omaha hi-lo, eight or better (4, 5 and 6 hole cards), on the C core's
exact enumeration (``allin._omaha_counts`` through ``kernels.omaha_exact_hilo_shares``):

- the same whole share counts as the numpy enumeration of every board it replaces
  (``allin._enumerate_boards``), spot by spot: 2-5 hands, every board size, dead
  cards, ties, quartered pots, boards with no low;
- the shares a brute force from the rules gives (RULES.md s.8: two hole cards and
  three board cards for each half, a low of five different ranks eight or lower,
  the low half to the high where no hand has one), written here from scratch;
- the same EV hand by hand on generated pot-limit Omaha hi-lo all-ins.
"""

from __future__ import annotations

import itertools
import random
from fractions import Fraction

import pytest

from handrank.core import kernels
from handrank.games import game
from handrank.history import allin, read
from handrank.history._generate import corpus

pytestmark = pytest.mark.skipif(not kernels.have_c(), reason="the C core is not loaded")

U = allin.UNIT


def _spot(rng: random.Random, deck: list[int], n: int, h: int, nb: int, n_dead: int
          ) -> tuple[list[list[int]], list[int], list[int]]:
    d = list(deck)
    rng.shuffle(d)
    holes = [d[i * h:(i + 1) * h] for i in range(n)]
    board = d[n * h:n * h + nb]
    dead = d[n * h + nb:n * h + nb + n_dead]
    return holes, board, dead


@pytest.mark.parametrize("name,h", [("omaha-hilo", 4), ("omaha-hilo", 5), ("omaha-hilo", 6),
                                    ("omaha5-hilo", 5), ("courchevel-hilo", 5)])
def test_counts_equal_the_numpy_enumeration(name, h):
    g = game(name)
    rng = random.Random(31 + 7 * h + len(name))
    ties = 0
    for k in range(16):
        n = 2 + k % (4 if h < 6 else 3)              # 2..5 hands (2..4 of six cards)
        nb = (0, 3, 4, 5)[k % 4] if k % 6 else 0
        holes, board, dead = _spot(rng, list(g.deck), n, h, nb, (k % 3) * 2)
        want = allin._enumerate_boards(name, holes, board, dead)
        got = allin._omaha_counts(name, holes, board, dead)
        assert got == want, (holes, board, dead)
        assert isinstance(got, tuple) and sum(got[0]) == got[1]
        ties += any(x % (U // 2) for x in got[0])      # a half (or pot) shared
    assert ties > 0


def _cards(text: str) -> list[int]:
    ranks = "23456789TJQKA"
    suits = "cdhs"
    return [4 * ranks.index(text[i]) + suits.index(text[i + 1]) for i in range(0, len(text), 2)]


@pytest.mark.parametrize("holes,board,want", [
    # both lows 7-4-3-2-A, the first hand's high (spade flush) better: quartered
    (["As2sKsQh", "Ad2dJcJh"], "3s4d7sTs9c", [3 * U // 4, U // 4]),
    # no low can be made from this board (two low ranks): the high (nines full)
    # takes the pot
    (["As2sKsQh", "9c8hAd3d"], "KcQd9s9h8d", [0, U]),
    # the same with three hands, two sharing the best high
    (["AcKdQc2h", "AhKsQd3c", "7c7d5h4s"], "KhKcQsJd9s", [U // 2, U // 2, 0]),
    # a low for one hand only: it takes the low half, the other the high half
    (["As2s8h8d", "QdQcJcJh"], "3s4d7cQsKd", [U // 2, U // 2]),
    # three-way: high to one, the low split two ways, the high hand's low none
    (["KsKhKdQc", "Ad2dJcTh", "Ac2cTd9h"], "3h4c8sKc7d", [U // 2, U // 4, U // 4]),
])
def test_river_spots_cut_as_the_rules_say(holes, board, want):
    got = allin._omaha_counts("omaha-hilo", [_cards(h) for h in holes], _cards(board), [])
    assert got == (want, U)
    assert got == allin._enumerate_boards("omaha-hilo", [_cards(h) for h in holes],
                                          _cards(board), [])


# ---------------------------------------------------------------- brute force
def _high(five: tuple[int, ...]) -> tuple[int, ...]:
    """A five-card high hand's key (larger is better), from the rules alone."""
    ranks = sorted((c >> 2 for c in five), reverse=True)
    flush = len({c & 3 for c in five}) == 1
    uniq = sorted(set(ranks), reverse=True)
    straight_top = -1
    if len(uniq) == 5 and uniq[0] - uniq[4] == 4:
        straight_top = uniq[0]
    elif uniq == [12, 3, 2, 1, 0]:                   # the wheel, five high
        straight_top = 3
    groups = sorted(((ranks.count(r), r) for r in uniq), reverse=True)
    shape = [c for c, _ in groups]
    order = [r for _, r in groups]
    if straight_top >= 0 and flush:
        return (8, straight_top)
    if shape == [4, 1]:
        return (7, *order)
    if shape == [3, 2]:
        return (6, *order)
    if flush:
        return (5, *ranks)
    if straight_top >= 0:
        return (4, straight_top)
    if shape == [3, 1, 1]:
        return (3, *order)
    if shape == [2, 2, 1]:
        return (2, *order)
    if shape == [2, 1, 1, 1]:
        return (1, *order)
    return (0, *ranks)


def _low(five: tuple[int, ...]) -> tuple[int, ...] | None:
    """A five-card eight-or-better low's key (smaller is better; ace low), or None."""
    lows = sorted({(c >> 2) + 2 if c >> 2 < 12 else 1 for c in five}, reverse=True)
    if len(lows) != 5 or lows[0] > 8:
        return None
    return tuple(lows)


def _brute_shares(holes: list[list[int]], board: list[int], stub: list[int]
                  ) -> tuple[list[Fraction], int, int, int]:
    """Each hand's expected part of the pot over the boards, the boards, the boards
    where a hand's part is a quarter (a low shared, a high not) and those with no low."""
    n = len(holes)
    total = [Fraction(0)] * n
    boards = quarters = lowless = 0
    for run in itertools.combinations(stub, 5 - len(board)):
        full = board + list(run)
        boards += 1
        highs, lows = [], []
        for h in holes:
            fives = [p + t for p in itertools.combinations(h, 2)
                     for t in itertools.combinations(full, 3)]
            highs.append(max(_high(f) for f in fives))
            got = [x for x in (_low(f) for f in fives) if x is not None]
            lows.append(min(got) if got else None)
        best_h = max(highs)
        winners = [i for i in range(n) if highs[i] == best_h]
        have = [x for x in lows if x is not None]
        if not have:
            lowless += 1
            for i in winners:
                total[i] += Fraction(1, len(winners))
            continue
        best_l = min(have)
        low_winners = [i for i in range(n) if lows[i] == best_l]
        for i in winners:
            total[i] += Fraction(1, 2 * len(winners))
        for i in low_winners:
            total[i] += Fraction(1, 2 * len(low_winners))
        quarters += len(low_winners) == 2 and len(winners) == 1
    return total, boards, quarters, lowless


def test_counts_equal_a_brute_force_from_the_rules():
    g = game("omaha-hilo")
    rng = random.Random(5)
    quartered = no_low = 0
    for k in range(9):
        n = 2 + k % 3
        h = (4, 5, 6)[k // 3]
        nb = 4 if k % 2 else 3
        holes, board, dead = _spot(rng, list(g.deck), n, h, nb, 2 * (k % 2))
        if k % 3 == 0:            # low cards in two hands, so lows tie and pots quarter
            lows = [c for c in g.deck if c >> 2 in (12, 0, 1, 2, 3)]
            rng.shuffle(lows)
            rest = [c for c in g.deck if c not in lows[:4 + nb]]
            rng.shuffle(rest)
            holes = [lows[0:2] + rest[0:h - 2], lows[2:4] + rest[h - 2:2 * h - 4]]
            holes += [rest[2 * h - 4 + i * h:2 * h - 4 + (i + 1) * h] for i in range(n - 2)]
            board = lows[4:4 + nb]
            dead = []
        used = set(board) | set(dead) | {c for x in holes for c in x}
        stub = [c for c in g.deck if c not in used]
        got = allin._omaha_counts("omaha-hilo", holes, board, dead)
        assert isinstance(got, tuple)
        want, boards, q, nl = _brute_shares(holes, board, stub)
        assert got[1] == U * boards
        assert [Fraction(x, got[1]) for x in got[0]] == [w / boards for w in want], \
            (holes, board, dead)
        quartered += q
        no_low += nl
    assert quartered > 0 and no_low > 0


def test_board_counts_takes_the_c_path_for_hilo(monkeypatch):
    """Omaha hi-lo and high-only Omaha each go through their C enumeration."""
    calls: list[str] = []
    real_hilo, real_high = kernels.omaha_exact_hilo_shares, kernels.omaha_exact_shares

    def spy_hilo(*a):
        calls.append("hilo")
        return real_hilo(*a)

    def spy_high(*a):
        calls.append("high")
        return real_high(*a)
    monkeypatch.setattr(kernels, "omaha_exact_hilo_shares", spy_hilo)
    monkeypatch.setattr(kernels, "omaha_exact_shares", spy_high)
    holes = [[0, 5, 10, 15], [20, 25, 30, 35], [40, 45, 50, 3]]
    allin.board_counts("omaha-hilo", holes, [7, 11, 19], [])
    allin.board_counts("omaha", holes, [7, 11, 19], [])
    allin.board_counts("omaha5-hilo", [h + [c] for h, c in zip(holes, (1, 2, 4))],
                       [7, 11, 19], [])
    assert calls == ["hilo", "high", "hilo"]


def _as_omaha_hilo(text: str, rng: random.Random) -> str:
    from .test_history_fast import _as_omaha as deal_again
    out = deal_again(text, rng)
    return out.replace("variant = 'NO'", "variant = 'PO/8'").replace(
        "variant = 'PO'", "variant = 'PO/8'")


def test_generated_omaha_hilo_allins_hand_by_hand(monkeypatch):
    """Generated hands dealt again as pot-limit Omaha hi-lo: each all-in hand's EV
    (every pot) with the C enumeration equals the EV with the numpy one, preflop
    multiway all-ins among them."""
    rng = random.Random(23)
    texts = [t.split("\n", 1)[1] for t in corpus(160, seed=78).split("\n\n") if t.strip()]
    checked = preflop_multi = 0
    for text in texts:
        (h,) = read(text=_as_omaha_hilo(text, rng))
        r = h.replay()
        if r.allin_board is None:
            continue
        with monkeypatch.context() as m:
            m.setattr(allin, "_omaha_counts", lambda *a: None)
            numpy_r = h.replay()
        assert r.allin_ev_exact == numpy_r.allin_ev_exact, text
        assert r.allin_ev == numpy_r.allin_ev and [type(x) for x in r.allin_ev or ()] == \
            [type(x) for x in numpy_r.allin_ev or ()], text
        checked += r.allin_ev is not None
        live = sum(not f for f in r.folded)
        preflop_multi += r.allin_board == "" and live >= 3 and r.allin_ev is not None
    assert checked >= 30 and preflop_multi >= 5, (checked, preflop_multi)
