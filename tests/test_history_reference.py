"""handrank's replay against pokerkit, PHH's reference implementation, hand by hand.

Generated corpora (tests/history_pokerkit.py: pokerkit's state machine driven
by seeded random legal actions over every variant both replay, heads-up and
full ring, antes uniform / big-blind / button, straddles, stacks shorter than
a blind or an ante, decimal stakes, folds, calls, bets, raises, all-ins,
bring-ins, completions, discards, shows and mucks) and the real hands of the
PHH dataset.

The one difference by choice: the odd chip.  handrank pays a pot's odd chips
one at a time clockwise from the button (RULES.md section 6); pokerkit gives
the whole remainder to one winner.  The generator runs pokerkit with an exact
split, and :func:`odd_chip_payouts` applies handrank's rule to pokerkit's pots:
the result must equal handrank's net exactly.  pokerkit differs from the rules
in two more places, both about how pots are cut, never about what a PHH field
means, and the test allows exactly those:

- after the showdown pokerkit drops the hands that win nothing and merges the
  pots whose contenders are then the same, so a merged pot has fewer odd chips
  than the pots the rules settle one by one: there handrank's net may differ
  from the reconstruction by at most one chip per pot, only for seats pokerkit
  pays, the differences summing to zero;
- in hi-lo games pokerkit halves a pot when anyone at the showdown has a low,
  paying its low half to every contender of a pot none of whose contenders has
  one; the rules halve a pot only for a contender's qualifying low
  (RULES.md section 7).  The reconstruction applies the rules there.
"""

from __future__ import annotations

import os
from collections import Counter, deque
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import pytest

from handrank.history import read

from .history_pokerkit import VARIANTS, generate, odd_chip_payouts

DATA = Path(os.environ.get("HANDRANK_PHH_DATA", Path(__file__).resolve().parents[2]
                           / "shared" / "data" / "phh"))


def _seats(seed: int) -> int:
    return 2 if seed % 3 == 0 else 3 + seed % 7


def _check(seed: int, variant: str, decimal: bool, seen: Counter[str]) -> None:
    n = _seats(seed)
    g = generate(seed, variant, n, decimal=decimal)
    hand = next(iter(read(text=g.text)))
    r = hand.replay(allin_ev=False)
    assert r.net is not None, (r.error, g.text)
    for x in r.net + (r.payouts or []):
        assert type(x) in (int, Decimal), (type(x), g.text)
    got = [Fraction(x) for x in r.net]
    exact = [sum((a[s] for _, _, a in g.pushes), Fraction(0)) for s in range(n)]
    pay = odd_chip_payouts(g, [])
    want = [g.payoffs[s] + Fraction(pay[s] - exact[s], g.scale) for s in range(n)]
    seen.update(g.features)
    if got == want:
        seen["exact"] += 1
        if want != g.payoffs:
            seen["odd chip moved"] += 1
        return
    # pokerkit merged pots after dropping the losing hands: fewer odd chips
    pots = len(r.pots)
    merged = len({p for p, _, _ in g.pushes})
    diff = [(got[s] - want[s]) * g.scale for s in range(n)]
    paid = {s for _, _, a in g.pushes for s in range(n) if a[s] > 0}
    assert merged < pots and sum(diff) == 0 and all(
        d.denominator == 1 and abs(d) <= pots and (d == 0 or s in paid)
        for s, d in enumerate(diff)), (g.text, r.net, want)
    seen["pots merged by pokerkit"] += 1


@pytest.mark.parametrize("variant", VARIANTS)
def test_generated_hands_agree_with_pokerkit(variant: str) -> None:
    seen: Counter[str] = Counter()
    for seed in range(40):
        _check(seed, variant, seed % 5 == 4, seen)
    assert seen["exact"] >= 30, seen
    # the corpus covers what it says
    for feat in ("heads-up", "short stack", "decimal", "ante uniform"):
        assert seen[feat] > 0, (feat, seen)
    if variant not in ("F7S", "F7S/8", "FR"):
        assert seen["ante big-blind"] + seen["ante button"] > 0, seen


def test_generated_corpus_covers_straddles_and_heads_up_blind_order() -> None:
    seen: Counter[str] = Counter()
    for seed in range(60):
        _check(seed, "NT", seed % 4 == 3, seen)
    assert seen["straddle"] > 0 and seen["heads-up blinds big first"] > 0, seen


def test_heads_up_ante_reversed_as_pokerkit() -> None:
    text = """variant = 'NT'
antes = [0, 5]
blinds_or_straddles = [25, 50]
min_bet = 50
starting_stacks = [8299, 4197]
actions = ['d dh p1 2c8d', 'd dh p2 Ts8s', 'p2 cc', 'p1 cbr 8294', 'p2 f']
"""
    r = next(iter(read(text=text))).replay()
    assert r.net == [50, -50]


def test_unknown_shown_cards_are_a_muck() -> None:
    text = """variant = 'NT'
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [100, 100, 100]
actions = ['d dh p1 ????', 'd dh p2 ????', 'd dh p3 AsAd', 'p3 cc', 'p1 cc', 'p2 cc', \
'd db 2c3d4h', 'p1 cc', 'p2 cc', 'p3 cc', 'd db 9s', 'p1 cc', 'p2 cc', 'p3 cc', \
'd db Kc', 'p1 cc', 'p2 cc', 'p3 cc', 'p1 sm ????', 'p2 sm ????', 'p3 sm AsAd']
"""
    r = next(iter(read(text=text))).replay()
    assert r.net == [-2, -2, 4]


def test_mucked_uncalled_excess_goes_back() -> None:
    # p1 bets more than p2 can call, then mucks: the excess is p1's again
    text = """variant = 'NT'
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [100, 30]
actions = ['d dh p1 2c7d', 'd dh p2 AsAd', 'p2 cc', 'p1 cbr 100', 'p2 cc', \
'd db 2h3d4h', 'd db 9s', 'd db Kc', 'p1 sm', 'p2 sm AsAd']
"""
    r = next(iter(read(text=text))).replay()
    assert r.net == [-30, 30]


def test_decimal_stakes_exact() -> None:
    text = """variant = 'NT'
antes = [0, 0]
blinds_or_straddles = [0.05, 0.1]
min_bet = 0.1
starting_stacks = [0.89, 2.5]
actions = ['d dh p1 2c7d', 'd dh p2 AsAd', 'p2 cbr 0.3', 'p1 cbr 0.89', 'p2 cc', \
'd db 2h3d4h', 'd db 9s', 'd db Kc', 'p1 sm 2c7d', 'p2 sm AsAd']
"""
    r = next(iter(read(text=text))).replay()
    assert r.net == [Decimal("-0.89"), Decimal("0.89")]
    assert all(type(x) is Decimal for x in r.net)


def _real_files() -> list[Path]:
    return sorted(p for p in DATA.rglob("*") if p.suffix in (".phh", ".phhs"))


@pytest.mark.skipif(not DATA.is_dir(), reason=f"real PHH data not present at {DATA}")
def test_real_hands_agree_with_pokerkit() -> None:
    """Every real hand pokerkit settles: handrank's net is pokerkit's, but for odd chips
    (a pot split unevenly: at most one chip per pot a seat wins, summing to zero)."""
    pokerkit = pytest.importorskip("pokerkit")
    import warnings
    files = _real_files()
    assert files
    # every file of the dataset's top level and wsop, and a spread of the Pluribus files
    pick = [p for p in files if "pluribus" not in p.parts] + \
        [p for p in files if "pluribus" in p.parts][::25]
    compared = 0
    for p in pick:
        raw = p.read_text(encoding="utf-8")
        texts = [raw] if p.suffix == ".phh" else None
        if texts is None:
            continue
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                hh = pokerkit.HandHistory.loads(raw, parse_value=Decimal)
                st = deque(hh.state_actions, 1)[0][0]
        except Exception:
            continue                      # a hand pokerkit cannot replay
        if st is None or st.status or sum(st.payoffs) != 0:
            continue
        r = next(iter(read(p))).replay(allin_ev=False)
        assert r.net is not None, (p, r.error)
        pots = max(len(r.pots), 1)
        diff = [Fraction(a) - Fraction(b) for a, b in zip(r.net, st.payoffs)]
        unit = Fraction(1, 100) if any(isinstance(x, Decimal) for x in r.net) else 1
        assert sum(diff) == 0 and all(abs(d) <= pots * unit for d in diff), (p, r.net,
                                                                                st.payoffs)
        compared += 1
    assert compared >= 100
