"""Tracker statistics: hand-counted examples, and the numpy counts equal to the Python ones.

The oracle is a set of hands written for the purpose, each count worked
out by hand from PokerTracker 4's published definitions (stated in
:mod:`handrank.history.stats`).  Every example is counted by both
implementations: :func:`~handrank.history.stats.hand_stats` (one hand, in
Python) and :func:`~handrank.history._stats_np.stat_arrays` (many hands at
once, numpy, the path of the fast reader); then both are compared hand by
hand on generated and real hands.
"""

from __future__ import annotations

import os
import random
import re
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from handrank.history import Hand, HistoryError, fast
from handrank.history._generate import corpus, hand_text
from handrank.history._stats_np import cut_actions, stat_arrays
from handrank.history.stats import hand_stats

DATA = Path(os.environ.get("HANDRANK_PHH_DATA", Path(__file__).resolve().parents[2]
                           / "shared" / "data" / "phh"))
needs_c = pytest.mark.skipif(not fast.available(), reason="the C core is not loaded")

HOLES = ["d dh p1 3c4d", "d dh p2 QsQc", "d dh p3 5h6h", "d dh p4 7c8d", "d dh p5 9sTs",
         "d dh p6 AcAd"]
_BLINDS = re.compile(rb"(?m)^blinds_or_straddles[ \t]*=[ \t]*\[([^\]\n]*)\]")


def six(actions: list[str], blinds: list[int] | None = None) -> Hand:
    return Hand(variant="NT", starting_stacks=[200] * 6, antes=[0] * 6,
                blinds_or_straddles=blinds or [1, 2, 0, 0, 0, 0], min_bet=2,
                actions=HOLES + actions)


def _blinds(b: Any, rows: np.ndarray[Any, Any]) -> np.ndarray[Any, Any]:
    out = np.zeros((len(rows), 12))
    for j, i in enumerate(rows.tolist()):
        m = _BLINDS.search(b.data, int(b.rec[i, fast.START]), int(b.rec[i, fast.END]))
        if m and m.group(1).strip():
            v = [float(x) for x in m.group(1).split(b",") if x.strip()]
            out[j, :len(v)] = v
    return out


def numpy_stats(text: str) -> list[list[dict[str, int]] | None]:
    """Each fast hand of ``text`` counted by stat_arrays (None: not a fast hand)."""
    out: list[list[dict[str, int]] | None] = []
    for b in fast.scan(text):
        assert isinstance(b, fast.Batch)
        rows = np.arange(len(b))
        fast_ = b.rec[:, fast.STATUS] == fast.OK
        acts = cut_actions(b.data, b.rec[:, fast.START], b.rec[:, fast.END])
        sa = stat_arrays(acts, b.rec[:, fast.SEATS], _blinds(b, rows), b.payouts)
        for j in rows.tolist():
            if not (fast_[j] and acts.ok[j]):
                out.append(None)
                continue
            seats = []
            for s in range(int(b.rec[j, fast.SEATS])):
                d: dict[str, int] = {}
                for k in sa.did:
                    if k in ("vpip", "pfr", "three_bet", "four_bet", "fold_to_three_bet",
                             "steal", "fold_to_steal") and not sa.preflop[j]:
                        continue
                    d[k] = int(sa.did[k][j, s])
                    d[k + "_opportunities"] = int(sa.opp[k][j, s])
                for k in sa.aggression:
                    d[k] = int(sa.aggression[k][j, s])
                seats.append(d)
            out.append(seats)
    return out


def c_stats(text: str, every: bool = False) -> list[list[dict[str, int]] | None]:
    """Each fast hand of ``text`` counted by the C counter, hr_phh_stats (None: not a
    fast hand, or one the C counter leaves to Python).  ``every``: the hands the
    fast path leaves to Python too, with the Python replay's payouts."""
    from handrank.core import kernels
    from handrank.history import read
    from handrank.history._stats_np import COLUMNS, PREFLOP_STATS
    out: list[list[dict[str, int]] | None] = []
    for b in fast.scan(text):
        assert isinstance(b, fast.Batch)
        pay, seats = b.payouts, b.rec[:, fast.SEATS].copy()
        settled = b.rec[:, fast.STATUS] == fast.OK
        if every:
            pay = np.zeros((len(b), 12), dtype=np.int64)
            seats[:] = [h.seats for h in read(text=text)]
            for j, h in enumerate(read(text=text)):
                try:
                    won = [int(p > 0) for p in h.replay(allin_ev=False).payouts]
                except HistoryError:
                    continue
                pay[j, :h.seats], settled[j] = won, True
        got_ = kernels.phh_stats(b.data, b.rec[:, fast.START], b.rec[:, fast.END],
                                 seats, pay)
        assert got_ is not None
        table, done, preflop = got_
        for j in range(len(b)):
            assert done[j] or not table[j].any()
            if not (settled[j] and done[j]):
                out.append(None)
                continue
            assert not table[j, int(seats[j]):].any()
            pre = {k for s in PREFLOP_STATS for k in (s, s + "_opportunities")}
            out.append([{k: int(table[j, s, i]) for i, k in enumerate(COLUMNS)
                         if preflop[j] or k not in pre}
                        for s in range(int(seats[j]))])
    return out


def counted(h: Hand) -> list[dict[str, int]]:
    """``h``'s counts by the Python reference, checked equal to the numpy and the C counts."""
    ref = hand_stats(h, h.replay(allin_ev=False).payouts)
    if fast.available():
        got = numpy_stats(h.to_phh())
        assert len(got) == 1 and got[0] is not None, "the example is not a fast hand"
        assert got[0] == ref
        got = c_stats(h.to_phh())
        assert len(got) == 1 and got[0] is not None, "the C counter left the example"
        assert got[0] == ref
    return ref


def got(stats: dict[str, int], name: str) -> tuple[int, int]:
    return stats[name], stats[name + "_opportunities"]


def test_sb_and_bb_fold_to_a_button_steal():
    st = counted(six(["p3 f", "p4 f", "p5 f", "p6 cbr 5", "p1 f", "p2 f"]))
    assert got(st[5], "steal") == (1, 1)
    assert got(st[0], "fold_to_steal") == (1, 1)     # the small blind faced it and folded
    assert got(st[1], "fold_to_steal") == (1, 1)
    assert got(st[4], "fold_to_steal") == (0, 0)     # the cut-off is no blind


def test_a_limp_takes_away_the_steal():
    st = counted(six(["p3 cc", "p4 f", "p5 f", "p6 cbr 8", "p1 f", "p2 f", "p3 f"]))
    assert got(st[5], "steal") == (0, 0)             # a limper was in: an isolation raise
    assert got(st[5], "pfr") == (1, 1) and got(st[2], "vpip") == (1, 1)
    assert got(st[1], "fold_to_steal") == (0, 0)
    assert got(st[2], "pfr") == (0, 1)


def test_a_caller_in_between_takes_away_fold_to_steal():
    st = counted(six(["p3 f", "p4 f", "p5 cbr 5", "p6 cc", "p1 f", "p2 f",
                      "d db 2c7dKh", "p5 cc", "p6 cc", "d db Jd", "p5 cc", "p6 cc",
                      "d db 3h", "p5 cc", "p6 cc", "p5 sm 9sTs", "p6 sm AcAd"]))
    assert got(st[4], "steal") == (1, 1)
    assert got(st[5], "three_bet") == (0, 1) and got(st[5], "vpip") == (1, 1)
    assert got(st[0], "fold_to_steal") == (0, 0)     # the button called first
    assert got(st[1], "fold_to_steal") == (0, 0)
    assert got(st[4], "cbet_flop") == (0, 1) and got(st[5], "wsd") == (1, 1)
    assert got(st[4], "wtsd") == (1, 1) and got(st[4], "wsd") == (0, 1)


def test_the_small_blind_stealing_leaves_the_big_blind_to_defend():
    st = counted(six(["p3 f", "p4 f", "p5 f", "p6 f", "p1 cbr 6", "p2 cc",
                      "d db 2c7dKh", "p1 cbr 6", "p2 f"]))
    assert got(st[0], "steal") == (1, 1) and got(st[0], "fold_to_steal") == (0, 0)
    assert got(st[1], "fold_to_steal") == (0, 1)     # defended: called
    assert got(st[0], "cbet_flop") == (1, 1) and got(st[1], "fold_to_cbet_flop") == (1, 1)
    assert got(st[1], "wtsd") == (0, 1) and got(st[0], "wwsf") == (1, 1)
    assert got(st[1], "wwsf") == (0, 1)
    assert got(st[0], "cbet_turn") == (0, 0)         # no turn dealt


def test_four_bet_and_a_second_fold_to_three_bet():
    # UTG opens, CO 3-bets, UTG 4-bets, CO folds: CO's fold is to a 4-bet, not a 3-bet
    st = counted(six(["p3 cbr 6", "p4 f", "p5 cbr 18", "p6 f", "p1 f", "p2 f",
                      "p3 cbr 50", "p5 f"]))
    assert got(st[2], "four_bet") == (1, 1) and got(st[2], "fold_to_three_bet") == (0, 1)
    assert got(st[4], "three_bet") == (1, 1) and got(st[4], "fold_to_three_bet") == (0, 0)
    assert got(st[4], "four_bet") == (0, 0)          # it faced a 4-bet, not a 3-bet
    assert got(st[2], "pfr") == (1, 1) and got(st[4], "pfr") == (1, 1)


def test_a_raised_cbet_is_no_fold_to_cbet_for_the_third_player():
    st = counted(six(["p3 cbr 6", "p4 f", "p5 cc", "p6 cc", "p1 f", "p2 f",
                      "d db AhKd2c", "p3 cbr 10", "p5 cbr 30", "p6 f", "p3 f"]))
    assert got(st[2], "cbet_flop") == (1, 1)
    assert got(st[4], "fold_to_cbet_flop") == (0, 1)   # raised it
    assert got(st[5], "fold_to_cbet_flop") == (0, 0)   # faced a raise, not the c-bet
    assert (st[4]["aggression_bets"], st[5]["aggression_folds"]) == (1, 1)
    assert (st[2]["aggression_bets"], st[2]["aggression_folds"]) == (1, 1)
    for s in (st[2], st[4], st[5]):
        assert got(s, "wtsd") == (0, 1)
    assert got(st[4], "wwsf") == (1, 1)


def test_a_checked_flop_ends_the_cbet_chain():
    st = counted(six(["p3 f", "p4 f", "p5 f", "p6 cbr 5", "p1 f", "p2 cc",
                      "d db AhKd2c", "p2 cc", "p6 cc", "d db 7s", "p2 cbr 4", "p6 f"]))
    assert got(st[5], "cbet_flop") == (0, 1)
    assert got(st[5], "cbet_turn") == (0, 0)          # no flop c-bet: no turn chance
    assert got(st[1], "fold_to_cbet_turn") == (0, 0)
    assert got(st[5], "fold_to_cbet_turn") == (0, 0)  # a donk bet is no c-bet
    assert (st[5]["aggression_calls"], st[5]["aggression_folds"]) == (0, 1)  # a check: no call


def test_a_split_pot_is_won_money_at_showdown():
    holes = ["d dh p1 2c3d", "d dh p2 4s5c"]
    h = Hand(variant="NT", starting_stacks=[100, 100], antes=[0, 0],
             blinds_or_straddles=[1, 2], min_bet=2,
             actions=holes + ["p2 cc", "p1 cc", "d db AhKhQh", "p1 cc", "p2 cc",
                              "d db Jh", "p1 cc", "p2 cc", "d db Th", "p1 cc", "p2 cc",
                              "p1 sm 2c3d", "p2 sm 4s5c"])
    assert h.replay().net == [0, 0]
    st = counted(h)
    for s in st:
        assert got(s, "wtsd") == (1, 1) and got(s, "wsd") == (1, 1) and got(s, "wwsf") == (1, 1)
    assert got(st[1], "vpip") == (1, 1) and got(st[0], "vpip") == (0, 1)   # BB checked


def test_an_all_in_before_the_flop_sees_the_flop():
    st = counted(six(["p3 f", "p4 f", "p5 f", "p6 cbr 200", "p1 f", "p2 cc",
                      "d db 2c7dKh", "d db Jd", "d db 3h", "p2 sm QsQc", "p6 sm AcAd"]))
    assert got(st[5], "wtsd") == (1, 1) and got(st[5], "wsd") == (1, 1)
    assert got(st[1], "wtsd") == (1, 1) and got(st[1], "wsd") == (0, 1)
    assert got(st[1], "wwsf") == (0, 1)
    assert got(st[5], "cbet_flop") == (0, 0)         # nobody acted on the flop
    assert got(st[0], "wtsd") == (0, 0)


def test_a_straddle_is_the_first_bet():
    st = counted(six(["p4 f", "p5 cbr 12", "p6 f", "p1 f", "p2 f", "p3 f"],
                     blinds=[1, 2, 4, 0, 0, 0]))
    assert got(st[4], "pfr") == (1, 1) and got(st[4], "three_bet") == (0, 0)
    assert got(st[4], "steal") == (1, 1)             # folded to the cut-off
    assert got(st[2], "vpip") == (0, 1)              # the straddle is not voluntary
    assert got(st[2], "three_bet") == (0, 1)


@needs_c
def test_numpy_counts_equal_python_on_generated_hands():
    rng = random.Random(21)
    text = corpus(600, seed=20) + "".join(
        f"[{i}]\n{hand_text(rng, seats=rng.randrange(2, 10))}\n" for i in range(600)) + "".join(
        f"[{i}]\n{hand_text(rng, seats=4, stacks=[rng.randrange(150, 3000) for _ in range(4)])}\n"
        for i in range(300))
    _compare(text)


def _compare(src: Any, counter: Any = None, share: float = 0.8) -> int:
    from handrank.history import read
    hands = list(read(src) if isinstance(src, Path) else read(text=src))
    got_ = (counter or numpy_stats)(src.read_text() if isinstance(src, Path) else src)
    assert len(got_) == len(hands)
    checked = 0
    for h, g in zip(hands, got_):
        if g is None:
            continue
        assert g == hand_stats(h, h.replay(allin_ev=False).payouts), h.actions
        checked += 1
    assert checked >= share * len(hands)
    return checked


@needs_c
@pytest.mark.skipif(not (DATA / "pluribus").is_dir(), reason="real PHH data not present")
def test_numpy_counts_equal_python_on_real_hands():
    n = 0
    for d in sorted((DATA / "pluribus").iterdir())[:12]:
        for f in sorted(d.iterdir()):
            n += _compare(f)
    assert n > 500


def _generated(seed: int) -> str:
    rng = random.Random(seed + 1)
    return corpus(600, seed=seed) + "".join(
        f"[{i}]\n{hand_text(rng, seats=rng.randrange(2, 10))}\n" for i in range(600)) + "".join(
        f"[{i}]\n{hand_text(rng, seats=4, stacks=[rng.randrange(150, 3000) for _ in range(4)])}\n"
        for i in range(300))


@needs_c
def test_c_counts_equal_python_on_generated_hands():
    """hr_phh_stats against hand_stats, hand by hand; it takes every hand the fast path
    takes in the generator's plain text."""
    for seed in (20, 31):
        text = _generated(seed)
        n = _compare(text, c_stats, share=0.0)
        assert n == sum(g is not None for g in numpy_stats(text)) > 1000


@needs_c
@pytest.mark.skipif(not (DATA / "pluribus").is_dir(), reason="real PHH data not present")
def test_c_counts_equal_python_on_real_hands():
    n = 0
    for d in sorted((DATA / "pluribus").iterdir())[:12]:
        for f in sorted(d.iterdir()):
            n += _compare(f, c_stats, share=1.0)
    assert n > 500


# the same hands written other ways TOML allows: (rewrite, whether the C counter takes them)
_REWRITES = [
    (lambda t: t.replace("actions = [", "actions=[").replace(
        "blinds_or_straddles = [", "blinds_or_straddles   =   ["), True),
    (lambda t: t.replace("', '", "' ,  '").replace("actions = ['", "actions = [ '"), True),
    (lambda t: re.sub(r"(?m)^(actions = \[.*)\]$", r"\1, ]", t), True),
    (lambda t: t.replace("\n", "\r\n"), True),
    (lambda t: re.sub(r"(?m)^(actions = \[.*\])$", r"\1   # a comment", t), False),
    (lambda t: t.replace("', '", "',\n  '"), False),                  # one action a line
    (lambda t: t.replace(" cc'", " cc # called'"), False),
    (lambda t: t.replace(" cc'", "  cc'"), False),
    (lambda t: re.sub(r" cbr (\d+)'", r" cbr \1.50'", t), True),       # decimal amounts
    (lambda t: re.sub(r"(?m)^(blinds_or_straddles = \[)(\d+)", r"\g<1>0.5", t), True),
    (lambda t: re.sub(r" cbr (\d+)'", r" cbr \1.1234567'", t), False),  # 7 places
    # basic "strings" (as the PokerStars fast path writes them): read; one with an
    # escape ("c\u0063" for "cc"): left
    (lambda t: _double(t), True),
    (lambda t: _double(t).replace(' cc"', ' c\\u0063"') if " cc'" in t else t, False),
]


def _double(t: str) -> str:
    """The actions as basic "strings"."""
    return re.sub(r"(?m)^(actions = .*)$", lambda m: m.group(1).replace("'", '"'), t)


@needs_c
@pytest.mark.parametrize("k", range(len(_REWRITES)))
def test_c_counts_equal_python_on_other_spellings(k):
    """Equal counts wherever the C counter counts; it takes every fast hand of the
    spellings it reads, and none of the hands rewritten in a spelling it leaves."""
    rewrite, taken = _REWRITES[k]
    rng = random.Random(40 + k)
    hands = [hand_text(rng, seats=rng.randrange(2, 9)) for _ in range(150)]
    new = [rewrite(h) for h in hands]
    changed = [a != b for a, b in zip(hands, new)]
    assert sum(changed) > 10
    text = "".join(f"[{i}]\n{h}\n" for i, h in enumerate(new))
    n_fast = sum(int((b.rec[:, fast.STATUS] == fast.OK).sum()) for b in fast.scan(text))
    n = _compare(text, c_stats, share=0.0)       # every hand the C counter takes: equal
    if taken:
        assert n == n_fast, (n, n_fast)
        # the hands the fast path leaves (decimal amounts, ...) counted alike
        n_all = _compare(text, lambda t: c_stats(t, every=True), share=0.0)
        assert n_all > 0.5 * len(hands), n_all
    else:
        got_ = c_stats(text)
        assert not any(g is not None and c for g, c in zip(got_, changed))


@needs_c
def test_summary_statistics_are_the_same_with_the_numpy_counter(tmp_path, monkeypatch):
    """summary() with the C counter and with the numpy one (no C counter): equal sums."""
    pytest.importorskip("pandas")
    from handrank.core import kernels
    from handrank.history import summary
    f = tmp_path / "a.phhs"
    f.write_text(_generated(50) + _REWRITES[5][0](_generated(51)))
    a = summary(f).to_pandas()
    monkeypatch.setattr(kernels, "phh_stat_sums", lambda *a: None)
    b = summary(f).to_pandas()
    assert a.equals(b) and "vpip" in a.columns


# --- Summary.to_pandas(): the statistics columns -------------------------------------

def _python_sums(hands: list[Hand]) -> dict[str, dict[str, int]]:
    want: dict[str, dict[str, int]] = {}
    for h in hands:
        for s, counts in enumerate(hand_stats(h, h.replay(allin_ev=False).payouts)):
            acc = want.setdefault(h.players[s] if h.players else f"p{s + 1}", {})
            for k, v in counts.items():
                acc[k] = acc.get(k, 0) + v
    return want


def test_summary_to_pandas_has_the_statistics_beside_their_opportunities(tmp_path):
    pytest.importorskip("pandas")
    from handrank.history import read, summary
    rng = random.Random(5)
    text = corpus(400, seed=9) + "".join(
        f"[{i}]\n{hand_text(rng, seats=rng.randrange(3, 8))}\n" for i in range(300))
    f = tmp_path / "a.phhs"
    f.write_text(text)
    hands = list(read(f))
    want = _python_sums(hands)
    old = ["hands", "net", "allin_adjusted_net", "showdown_net", "non_showdown_net", "net_bb"]
    for got_ in (summary(f).to_pandas(), summary(hands).to_pandas(),
                 summary(f).merge(summary(hands[:0])).to_pandas()):
        cols = list(got_.columns)
        assert cols[:6] == old                          # today's columns first, unchanged
        for k in ("vpip", "pfr", "three_bet", "fold_to_three_bet", "four_bet", "steal",
                  "fold_to_steal", "cbet_flop", "cbet_turn", "cbet_river",
                  "fold_to_cbet_flop", "fold_to_cbet_turn", "fold_to_cbet_river",
                  "wtsd", "wsd", "wwsf"):
            assert cols[cols.index(k) + 1] == k + "_opportunities"
        assert set(got_.index) == set(want)
        for p, row in got_.iterrows():
            for k, v in want[p].items():
                assert int(row[k]) == v, (p, k)
    # the same hands split in two summaries and merged: the same sums
    half = summary(hands[:350]).merge(summary(hands[350:])).to_pandas()
    assert (half[list(want["p1"])] == summary(f).to_pandas()[list(want["p1"])]).all().all()


def test_summary_statistics_absent_where_they_have_no_meaning():
    pytest.importorskip("pandas")
    from handrank.history import summary
    stud = Hand(variant="F7S", starting_stacks=[100, 100], antes=[1, 1], bring_in=1,
                small_bet=2, big_bet=4, players=["Ann", "Bob"],
                actions=["d dh p1 ????2c", "d dh p2 ????Kd", "p1 pb 1", "p2 cbr 2", "p1 f"])
    df = summary([stud]).to_pandas()
    assert "vpip" not in df.columns and "wtsd" not in df.columns
    assert int(df.loc["Bob", "aggression_bets"]) == 1
    holdem = six(["p3 f", "p4 f", "p5 f", "p6 cbr 5", "p1 f", "p2 f"])
    holdem.players = ["Ann", "Cy", "Di", "Ed", "Flo", "Gus"]
    df = summary([stud, holdem]).to_pandas()
    assert int(df.loc["Ann", "vpip_opportunities"]) == 1       # the hold'em hand only
    assert df.loc["Bob", "vpip"] is pd_na() and df.loc["Bob", "vpip_opportunities"] is pd_na()
    assert int(df.loc["Gus", "steal"]) == 1


def pd_na() -> Any:
    import pandas as pd
    return pd.NA


def test_summary_without_statistics_keeps_todays_table():
    pytest.importorskip("pandas")
    from handrank.history import summary
    text = corpus(50, seed=4)
    plain, full = summary(text, stats=False).to_pandas(), summary(text).to_pandas()
    assert list(plain.columns) == list(full.columns[:6])
    assert (plain == full[plain.columns]).all().all()


@needs_c
def test_c_sums_equal_the_rows_added_up():
    """hr_phh_stat_sums (per player, in C) against StatSums.add_block over
    hr_phh_stats' rows: the same sums and the same 'has a meaning' flags, with players
    shared across hands and seats left out of the mask."""
    from handrank.core import kernels
    from handrank.history._stats_np import StatSums, from_table
    rng = np.random.default_rng(3)
    antes_only = ("variant = 'NT'\nantes = [1, 1, 1]\nblinds_or_straddles = [0, 0, 0]\n"
                  "min_bet = 2\nstarting_stacks = [100, 100, 100]\n"
                  "actions = ['d dh p1 AsKs', 'd dh p2 QhQd', 'd dh p3 7c2d', 'p1 cc', "
                  "'p2 cbr 6', 'p3 f', 'p1 cc', 'd db 2c3d4h', 'p1 cbr 4', 'p2 cc', 'd db 9s', "
                  "'p1 cc', 'p2 cc', 'd db Jd', 'p1 cc', 'p2 cc', 'p1 sm AsKs', 'p2 sm QhQd']\n")
    text = _generated(60) + "".join(           # hands without blinds: no preflop meaning
        f"[{i}]\n{antes_only}\n" for i in range(30))
    without = 0
    for b in fast.scan(text):
        rec = b.rec[b.rec[:, fast.STATUS] == fast.OK]
        n = len(rec)
        seats = rec[:, fast.SEATS]
        ids = rng.integers(0, 40, size=(n, 12)).astype(np.int32)
        mask = (np.arange(12)[None, :] < seats[:, None]) & (rng.random((n, 12)) < 0.8)
        pay = rec[:, fast.FIXED + 1:fast.FIXED + fast.PER_SEAT * 12:fast.PER_SEAT]
        table, done, pre = kernels.phh_stats(b.data, rec[:, fast.START], rec[:, fast.END],
                                             seats, pay)
        want = StatSums()
        want.add_block(ids, mask & done[:, None], from_table(table, pre))
        got = StatSums()
        ok = got.add_counted(b.data, rec[:, fast.START], rec[:, fast.END], seats, pay, ids,
                             mask)
        assert ok is not None and (ok == done).all() and done.mean() > 0.9
        k = len(want.sums)
        assert (got.sums[:k] == want.sums).all() and not got.sums[k:].any()
        assert (got.has[:k] == want.has).all() and not got.has[k:].any()
        assert got.counted == want.counted is True
        without += int((done & ~pre).sum())
    assert without == 30
