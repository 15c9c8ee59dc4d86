"""All-in EV in summary(): from the fast path's records, equal to the Python replay's, exactly.

The fast path (csrc/history.c) records, for a hand all in before the river,
the board at that moment, each seat's hole cards, who is out and what each
put in; summary() cuts the pots and computes the EV from those.  The Python
replay computes it from its Settlement.  Both must give the same exact values
(int or Decimal, rounded from the same fractions).
"""

from __future__ import annotations

import os
import random
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

import handrank as hr
from handrank.core import kernels
from handrank.history import allin, fast, read, summary
from handrank.history._generate import corpus, hand_text
from handrank.history._summary import fast_allin_ev

DATA = Path(os.environ.get("HANDRANK_PHH_DATA", Path(__file__).resolve().parents[2]
                           / "shared" / "data" / "phh"))
real = pytest.mark.skipif(not DATA.is_dir(), reason="real PHH data not present")
pytestmark = pytest.mark.skipif(not fast.available(), reason="the C core is not loaded")


def _python_ev(b: fast.Batch, i: int, monkeypatch: pytest.MonkeyPatch) -> list[Any] | None:
    """The Python replay's all-in EV, with the preflop memo off (every spot enumerated)."""
    with monkeypatch.context() as m:
        m.setattr(allin, "MEMO_SIZE", 0)
        ev: list[Any] | None = b.replay(i).allin_ev
        return ev


def _same(a: list[Any] | None, b: list[Any] | None) -> bool:
    """Equal values and equal types (int or Decimal, never float)."""
    if a is None or b is None:
        return a is b
    return a == b and [type(x) for x in a] == [type(x) for x in b] and \
        all(type(x) in (int, Decimal) for x in a)


def _allin(b: fast.Batch) -> list[int]:
    return [i for i in range(len(b))
            if b.fast(i) and b.rec[i, fast.FLAGS] & fast.ALLIN]


def _side_pots(n: int, seed: int) -> str:
    """Generated hands with unequal stacks (side pots)."""
    rng = random.Random(seed)
    return "".join(f"[{i + 1}]\n"
                   f"{hand_text(rng, stacks=[rng.randrange(150, 20_000) for _ in range(6)])}\n"
                   for i in range(n))


def test_generated_allin_hands_fast_ev_equals_the_replay(monkeypatch):
    allin._MEMO.clear()
    seen = {"preflop": 0, "flop": 0, "turn": 0, "side": 0}
    n = 0
    for b in fast.scan(corpus(300, seed=41) + _side_pots(300, seed=44)):
        assert all(b.fast(i) and b.rec[i, fast.AGREE] == 1 for i in range(len(b)))
        for i in _allin(b):
            want = _python_ev(b, i, monkeypatch)
            got = fast_allin_ev(b, i)          # with the memo (filled as it goes)
            assert want is not None and _same(got, want), b.text(i)
            n += 1
            cards = int(b.rec[i, fast.ALLIN_BOARD]) & 255
            seen[{0: "preflop", 3: "flop", 4: "turn"}[cards]] += 1
            seen["side"] += len(b.replay(i, allin_ev=False).pots) > 1
    assert n > 150 and min(seen.values()) > 10, seen


@real
def test_pluribus_allin_hands_fast_ev_equals_the_replay(monkeypatch):
    n = 0
    for b in fast.scan(DATA / "pluribus"):
        for i in _allin(b):
            assert _same(fast_allin_ev(b, i), _python_ev(b, i, monkeypatch)), b.file(i)
            n += 1
    assert n == 92          # every Pluribus hand all in before the river


def test_summary_adjusted_nets_equal_the_python_path(tmp_path, monkeypatch):
    (tmp_path / "g.phhs").write_text(corpus(300, seed=42))
    a = summary(tmp_path)
    monkeypatch.setattr(fast, "available", lambda: False)
    monkeypatch.setattr(allin, "MEMO_SIZE", 0)
    b = summary(tmp_path)
    assert a.rows == b.rows and sum(r.net != r.adjusted_net for r in a.rows) > 100
    assert a.totals() == b.totals() and all(
        type(x) in (int, Decimal) for t in a.totals().values() for k, x in t.items()
        if k != "hands")


def test_omaha_allin_hands_fast_ev_equals_the_replay(monkeypatch):
    """Omaha all-ins on the flop and turn (preflop Omaha enumerations take seconds)."""
    from .test_history_fast import _as_omaha
    rng = random.Random(9)
    texts = [t.split("\n", 1)[1] for t in corpus(400, seed=43).split("\n\n") if t.strip()]
    n = 0
    for text in texts:
        (b,) = list(fast.scan(_as_omaha(text, rng)))
        for i in _allin(b):
            if int(b.rec[i, fast.ALLIN_BOARD]) & 255 == 0:
                continue
            assert _same(fast_allin_ev(b, i), _python_ev(b, i, monkeypatch)), b.text(i)
            n += 1
    assert n > 20


def _perm(cards: list[int], sig: list[int]) -> list[int]:
    return [(c & ~3) | sig[c & 3] for c in cards]


def test_preflop_memo_gives_the_enumerations_counts():
    """Suit-relabelled spots: the same counts; the memo returns them.

    Checked against hr_equity_exact itself (kernels.holdem_exact_counts) on the
    relabelled spot, 2 to 4 hands, with and without dead cards (side pots).
    """
    ptr = allin.fast_tables("holdem")
    rng = random.Random(5)
    hits = 0
    allin._MEMO.clear()
    for k in range(120):
        n = 2 + k % 3
        deck = list(range(52))
        rng.shuffle(deck)
        holes = [deck[2 * p:2 * p + 2] for p in range(n)]
        dead = deck[2 * n:2 * n + 2 * (k % 2)]
        sig = list(range(4))
        rng.shuffle(sig)
        holes2 = [_perm(h, sig) for h in holes]
        rng.shuffle(holes2[0])
        dead2 = _perm(dead, sig)
        first = allin.board_counts("holdem", holes, [], dead)
        size = len(allin._MEMO)
        again = allin.board_counts("holdem", holes2, [], dead2)
        hits += len(allin._MEMO) == size
        direct = kernels.holdem_exact_counts(ptr, holes2, [], dead2)
        assert first == again == direct, (holes, dead, sig)
    assert hits > 100            # the relabelled spot usually has the same key


def test_suit_key_is_a_suit_relabelling():
    """The key is the spot under one suit permutation (seats in order, each seat's cards
    as a set, dead cards as a set): the memo's correctness rests on that."""
    import itertools
    rng = random.Random(6)
    for _ in range(300):
        deck = list(range(52))
        rng.shuffle(deck)
        n = rng.randrange(2, 5)
        holes = [deck[2 * p:2 * p + 2] for p in range(n)]
        dead = deck[2 * n:2 * n + rng.randrange(3)]
        key = allin.suit_key(holes, dead)
        images = {tuple([c for h in holes for c in _perm(sorted(h, reverse=True), list(sig))]
                        + [-1] + sorted(_perm(dead, list(sig))))
                  for sig in itertools.permutations(range(4))}
        assert key in images, (holes, dead, key)


def test_short_deck_allin_ev_by_hr_equity():
    """Short deck: the EV of each pot by hr.equity(game='shortdeck'), computed here."""
    from .test_history_fast import SHORT
    (h,) = read(text=SHORT)
    r = h.replay()
    assert r.allin_ev is not None and r.allin_board is not None
    board = hr.cards(r.allin_board) if r.allin_board else []
    live = [s for s in range(h.seats) if not r.folded[s]]
    ev = [0.0] * h.seats
    for pot in r.pots:
        if len(pot.eligible) == 1:
            ev[pot.eligible[0]] += pot.amount
            continue
        others = [c for s in live if s not in pot.eligible for c in hr.cards(r.shown[s])]
        eq = hr.equity([r.shown[s] for s in pot.eligible], board=board, dead=others,
                       exact=True, game="shortdeck").equity
        for s, e in zip(pot.eligible, eq):
            ev[s] += pot.amount * float(e)
    want = [ev[s] - r.contributions[s] for s in range(h.seats)]
    assert r.allin_ev_exact is not None and r.allin_ev is not None
    assert [float(x) for x in r.allin_ev_exact] == pytest.approx(want, rel=1e-12, abs=1e-6)
    assert sum(r.allin_ev_exact) == 0           # chips are conserved, exactly
    assert all(type(x) in (int, Decimal) for x in r.allin_ev)
