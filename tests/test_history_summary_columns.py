"""summary() in columns: the C all-in pots (hr_phh_allin_pots) and the numpy totals.

Oracles: the Python all-in EV of the replay (``Replay.allin_ev``, its own
pots from ``settle`` and its own equity calls), and the per-row sums the
summary made before it kept columns (written out here as a plain loop over
:attr:`Summary.rows`).
"""

from __future__ import annotations

import os
import random
import re
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from handrank.history import Hand, Summary, allin, fast, summary
from handrank.history._generate import corpus, hand_text
from handrank.history._summary import Row, _allin_rows

DATA = Path(os.environ.get("HANDRANK_PHH_DATA", Path(__file__).resolve().parents[2]
                           / "shared" / "data" / "phh"))
real = pytest.mark.skipif(not DATA.is_dir(), reason="real PHH data not present")
pytestmark = pytest.mark.skipif(not fast.available(), reason="the C core is not loaded")


def _side_pots(n: int, seed: int) -> str:
    rng = random.Random(seed)
    return "".join(f"[{i + 1}]\n"
                   f"{hand_text(rng, stacks=[rng.randrange(150, 20_000) for _ in range(6)])}\n"
                   for i in range(n))


def _check_batches(src: Any, monkeypatch: pytest.MonkeyPatch) -> dict[str, int]:
    """Every fast all-in hand: the C pots' EV == the Python replay's, exactly."""
    seen = {"hands": 0, "contested pots >= 2": 0, "no EV": 0}
    monkeypatch.setattr(allin, "MEMO_SIZE", 0)
    for b in fast.scan(src):
        if not isinstance(b, fast.Batch):
            continue
        rec = b.rec
        idx = np.flatnonzero((rec[:, fast.STATUS] == fast.OK)
                             & ((rec[:, fast.FLAGS] & fast.ALLIN) != 0))
        adj = _allin_rows(b, 0, idx)
        for i in idx.tolist():
            r = b.replay(i)
            n = int(rec[i, fast.SEATS])
            seen["hands"] += 1
            if r.allin_ev is None:
                assert all((i, t) not in adj for t in range(n))
                seen["no EV"] += 1
                continue
            got = [allin.from_nano(adj[i, t]) for t in range(n)]
            assert got == r.allin_ev and [type(x) for x in got] == [
                type(x) for x in r.allin_ev], b.text(i)
            seen["contested pots >= 2"] += sum(len(p.eligible) > 1 for p in r.pots) >= 2
    return seen


def test_c_allin_pots_equal_the_replay_with_side_pots(monkeypatch):
    seen = _check_batches(corpus(150, seed=61) + _side_pots(400, seed=62), monkeypatch)
    assert seen["hands"] > 150 and seen["contested pots >= 2"] > 10, seen


def test_mucked_unknown_hands_and_omaha_equal_the_replay(monkeypatch):
    """A hand dealt unseen and mucked at the end (out of the pots, as the replay has it);
    Omaha all-ins (left to the Python EV by the C call): the same bits."""
    from .test_history_fast import _as_omaha
    rng = random.Random(5)
    texts = [t.split("\n", 1)[1] for t in corpus(120, seed=63).split("\n\n") if t.strip()]
    hidden, omaha = [], []
    for t in texts:
        acts = next(ln for ln in t.split("\n") if ln.startswith("actions"))
        m = re.search(r"'d dh p1 (\w{4})'", acts)
        if m is not None and "p1 sm" in acts:
            hidden.append(t.replace(f"'d dh p1 {m.group(1)}'", "'d dh p1 ????'")
                          .replace(f"'p1 sm {m.group(1)}'", "'p1 sm'"))
        if "d db" in acts:
            omaha.append(_as_omaha(t, rng))
    text = "".join(f"[{k}]\n{t}\n" for k, t in enumerate(hidden + omaha[:40]))
    seen = _check_batches(text, monkeypatch)
    assert seen["hands"] > 20, seen


@real
def test_c_allin_pots_equal_the_replay_on_real_hands(monkeypatch):
    seen = _check_batches([DATA / "pluribus", DATA / "wsop"], monkeypatch)
    assert seen["hands"] >= 92


def _totals_by_rows(rows: list[Row]) -> dict[str, dict[str, Any]]:
    """The per-row loop the summary used to run (the oracle for the numpy totals)."""
    out: dict[str, dict[str, Any]] = {}
    for r in rows:
        t = out.setdefault(r.player, {"hands": 0, "net": 0, "allin_adjusted_net": 0,
                                      "showdown_net": 0, "non_showdown_net": 0,
                                      "net_bb": Fraction(0)})
        t["hands"] += 1
        t["net"] += r.net
        t["allin_adjusted_net"] += r.adjusted_net
        t["showdown_net" if r.showdown else "non_showdown_net"] += r.net
        t["net_bb"] += Fraction(r.net) / Fraction(r.big_blind) if r.big_blind else 0
    for t in out.values():
        t["net_bb"] = allin.expectation(t["net_bb"])
        x = t["allin_adjusted_net"]
        if isinstance(x, Decimal) and x == x.to_integral_value():
            t["allin_adjusted_net"] = int(x)
        elif isinstance(x, Decimal):
            t["allin_adjusted_net"] = allin.from_nano(allin.nano(x))   # trailing zeros
    return out


def _typed(d: dict[str, dict[str, Any]]) -> list[Any]:
    return [(p, [(k, type(v), v) for k, v in t.items()]) for p, t in d.items()]


def test_totals_and_curves_equal_the_row_loop(tmp_path):
    (tmp_path / "a.phhs").write_text(corpus(200, seed=64))
    # a hand the fast path leaves to Python (a decimal stack: Decimal nets), players named
    (tmp_path / "b.phh").write_text(
        "variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [0.5, 1]\nmin_bet = 1\n"
        "starting_stacks = [100.25, 50]\nactions = ['d dh p1 AsAd', 'd dh p2 KsKd', "
        "'p2 cbr 2.5', 'p1 cc', 'd db 2c3d9h', 'p1 cc', 'p2 cc', 'd db Tc', 'p1 cc', "
        "'p2 cc', 'd db Jd', 'p1 cc', 'p2 cc', 'p1 sm AsAd', 'p2 sm KsKd']\n"
        "players = ['p1', 'zed']\n")
    s = summary(tmp_path)
    rows = s.rows
    assert len(rows) == len(s) == 1202 and any(type(r.net) is Decimal for r in rows)
    assert _typed(s.totals()) == _typed(_totals_by_rows(rows))
    for who in ("p1", "p3", "zed"):
        for unit in ("chips", "bb"):
            net, adj, a, b = [], [], Fraction(0), Fraction(0)
            for r in rows:
                if r.player == who:
                    k = (Fraction(1) / Fraction(r.big_blind) if r.big_blind else Fraction(0)
                         ) if unit == "bb" else Fraction(1)
                    a += Fraction(r.net) * k
                    b += Fraction(r.adjusted_net) * k
                    net.append(allin.expectation(a))
                    adj.append(allin.expectation(b))
            got = s.curves(who, unit)
            assert got == (net, adj)
            assert all(type(x) in (int, Decimal) for c in got for x in c)
    only = summary(tmp_path, player="zed")
    assert [r.player for r in only.rows] == ["zed"] and only.read == s.read


def test_merge_rows_and_equality():
    a = summary(corpus(30, seed=65))
    b = summary(corpus(20, seed=66))
    m = a.merge(b)
    assert m.rows == a.rows + b.rows and (m.read, m.settled) == (50, 50)
    assert Summary(m.rows, m.read, m.settled, m.agreeing, m.refused, m.errors) == m
    assert Summary(Summary().rows) == Summary() and len(Summary()) == 0
    h = Hand("NT", [100, 100], ["d dh p1 AsAd", "d dh p2 KsKd", "p2 f"],
             blinds_or_straddles=[1, 2])
    one = summary(h)
    assert [r.hand for r in one.rows] == ["#None", "#None"]
    assert one.totals()["p1"]["net"] == 1 and type(one.totals()["p1"]["net"]) is int
