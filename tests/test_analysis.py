"""equity_matrix, range_equity and analyze against brute forces written here.

The oracles share nothing with the library's analysis code: equities come
from :mod:`handrank.reference` strengths compared pair by pair over every
runout with exact fractions; the board breakdown is recomputed rule by rule
from RULES.md's words with Python sets and ``reference.best_key``.  Small
decks (many dead cards) keep the enumerations short on every street.
"""

from __future__ import annotations

import importlib
import itertools
import os
import shutil
import subprocess
import sys
from fractions import Fraction

import numpy as np
import pytest

import handrank as hr
from handrank import reference
from handrank.analysis import CLASSES, DRAWS
from handrank.core import _tables, kernels

evaluate_module = importlib.import_module("handrank.games.holdem")


@pytest.fixture(params=["c", "python"])
def backend(request, monkeypatch):
    """The C core, or the numpy fallback with the tables from the package data."""
    if request.param == "c":
        if kernels.compiled_module() is None:
            pytest.skip("C extension not built")
        return "c"
    tables = _tables.load_bin()
    monkeypatch.setattr(evaluate_module, "_HOLDEM", tables["holdem"])
    monkeypatch.setattr(kernels, "_C", None)
    return "python"


def ids(text: str) -> list[int]:
    return hr.cards(text) if text.strip() else []


# ----------------------------------------------------------------- oracle

_STRENGTH: dict[tuple[int, ...], int] = {}


def ref_strength(hand: tuple[int, ...]) -> int:
    key = tuple(sorted(hand))
    if key not in _STRENGTH:
        _STRENGTH[key] = reference.evaluate(list(key))
    return _STRENGTH[key]


def ref_pair(a: tuple[int, int], b: tuple[int, int], board: list[int],
             dead: list[int]) -> tuple[int, int, int] | None:
    """(wins, ties, runouts) of combo a against combo b, or None if they cannot meet."""
    used = set(board) | set(dead)
    if set(a) & set(b) or set(a) & used or set(b) & used:
        return None
    deck = [c for c in range(52) if c not in used and c not in a and c not in b]
    wins = ties = total = 0
    for run in itertools.combinations(deck, 5 - len(board)):
        sa = ref_strength(tuple(board) + run + a)
        sb = ref_strength(tuple(board) + run + b)
        wins += sa > sb
        ties += sa == sb
        total += 1
    return wins, ties, total


# Small decks: the dead cards leave 12 to 18 cards to deal from.
SPOTS = [
    # board, dead, row range, column range
    ("", ("2c 2d 2h 2s 3c 3d 3h 3s 4c 4d 4h 4s 5c 5d 5h 5s 6c 6d 6h 6s 7c 7d 7h 7s "
          "8c 8d 8h 8s 9c 9d 9h 9s Tc Td Th Ts Jc Jd Jh Js"),
     "AA,AKs,QhQd,Ts9s", "KK,AsQs,QsQc"),
    ("Ah Kd 7c", ("2c 2d 2h 2s 3c 3d 3h 3s 4c 4d 4h 4s 5c 5d 5h 5s 6c 6d 6h 6s 8c 8d 8h "
                  "8s 9c 9d 9h 9s Tc Td Th"),
     "AA,KQs,7s7h,Js9s", "KK,AQ,JhJd,7d6d"),
    ("Qh Jh 7c 7d", ("2c 2d 2h 2s 3c 3d 3h 3s 4c 4d 4h 4s 5c 5d 5h 5s 6c 6d 6h 6s 8c 8d "
                     "8h 8s 9c 9d 9s"),
     "AhKh,QQ,T9s,7s6s,Ac7h", "AK,JJ,Th9h,KsQs"),
    ("Ks Qs Js 2h 3d", "4c 5c 6c 7c 8c 9c Tc 4d 5d 6d 7d 8d 9d Td",
     "AsTs,AA,KK,As4s,Ts9s", "AK,QQ,AsTd,9s8s"),
]


@pytest.mark.parametrize("spot", SPOTS, ids=["preflop", "flop", "turn", "river"])
def test_equity_matrix_against_reference(backend, spot):
    board_t, dead_t, a, b = spot
    board, dead = ids(board_t), ids(dead_t)
    m = hr.equity_matrix(a, b, board_t, dead_t)
    rows, _ = hr.Range(a).arrays()
    cols, _ = hr.Range(b).arrays()
    assert np.array_equal(m.rows, rows) and np.array_equal(m.cols, cols)
    assert m.equity.shape == m.win.shape == m.tie.shape == (len(rows), len(cols))
    met = 0
    for i, j in itertools.product(range(len(rows)), range(len(cols))):
        got = ref_pair(tuple(int(x) for x in rows[i]), tuple(int(x) for x in cols[j]),
                       board, dead)
        if got is None:
            assert np.isnan(m.equity[i, j]) and np.isnan(m.win[i, j]) and np.isnan(m.tie[i, j])
            continue
        met += 1
        w, t, n = got
        assert m.win[i, j] == float(Fraction(w, n)), (i, j)
        assert m.tie[i, j] == float(Fraction(t, n)), (i, j)
        assert m.equity[i, j] == pytest.approx(float(Fraction(2 * w + t, 2 * n)), rel=1e-15)
    assert met >= 6        # the spot exercises dealt pairs, not only NaN


@pytest.mark.parametrize("spot", SPOTS, ids=["preflop", "flop", "turn", "river"])
@pytest.mark.parametrize("weights", ["dyadic", "odd"])
def test_range_equity_against_reference(backend, spot, weights):
    board_t, dead_t, a, b = spot
    board, dead = ids(board_t), ids(dead_t)
    hw = {"dyadic": ":0.5", "odd": ":0.3"}[weights]
    hero = hr.Range(a + ",KhKc" + hw) if "KK" not in a else hr.Range(a)
    terms = b.split(",")
    villain = hr.Range(",".join(terms[:-1] + [terms[-1] + hw]))
    re = hr.range_equity(hero, villain, board_t, dead_t)
    used = set(board) | set(dead)
    h_ids, h_w = hero.arrays()
    live = [k for k in range(len(h_ids)) if not set(h_ids[k].tolist()) & used]
    assert np.array_equal(re.combos, h_ids[live]) and np.array_equal(re.weights, h_w[live])
    v_ids, v_w = villain.arrays()
    for k, combo in enumerate(re.combos):
        wins = ties = total = Fraction(0)
        for vc, vw in zip(v_ids, v_w):
            got = ref_pair(tuple(int(x) for x in combo), tuple(int(x) for x in vc), board, dead)
            if got is None:
                continue
            w, t, n = got
            wins += Fraction(vw) * w
            ties += Fraction(vw) * t
            total += Fraction(vw) * n
        if total == 0:
            assert np.isnan(re.equity[k])
            continue
        assert re.win[k] == pytest.approx(float(wins / total), rel=1e-14)
        assert re.tie[k] == pytest.approx(float(ties / total), rel=1e-14)
        assert re.equity[k] == pytest.approx(float((wins + ties / 2) / total), rel=1e-14)
    # the range's equity is hr.equity's, to the last bit
    full = hr.equity([hero, villain], board_t, dead_t, exact=True)
    assert re.overall == full.equity[0]


def test_overall_is_hr_equity_on_wide_ranges():
    hero = "22+,A2s+,K9s+,Q9s+,J9s+,T9s,A9o+,KTo+,QTo+,JTo"
    villain = "22+,A2+,K5s+,Q7s+,J7s+,T7s+,97s+,86s+,75s+,65s,54s,K9o+,Q9o+,J9o+,T9o"
    for board in ("Qh 7c 2d", "Ah Kh 5h 5c"):
        re = hr.range_equity(hero, villain, board)
        assert re.overall == hr.equity([hero, villain], board, exact=True).equity[0]
        # and the weighted mean of the per-combo equities
        ok = np.isfinite(re.equity)
        mean = np.average(re.equity[ok], weights=(re.weights * _met(re, villain, board))[ok])
        assert mean == pytest.approx(re.overall, rel=1e-12)


def _met(re, villain, board):
    """Weight of the villain combos each hero combo can meet (the per-combo denominators)."""
    v, w = hr.Range(villain).without(board).arrays()
    bit = np.uint64(1) << np.arange(52, dtype=np.uint64)
    hb = bit[re.combos[:, 0]] | bit[re.combos[:, 1]]
    vb = bit[v[:, 0]] | bit[v[:, 1]]
    return ((hb[:, None] & vb[None, :]) == 0).astype(float) @ w


def test_one_combo_is_hr_equity_bit_for_bit():
    villain = "TT+,AQs+,KQs,AKo:0.5"
    re = hr.range_equity("AhKh,QsJs,7c7d,AcQd", villain, "Qh Th 4c")
    for combo, e in zip(re.combos, re.equity):
        assert e == hr.equity([combo.tolist(), villain], "Qh Th 4c", exact=True).equity[0]


@pytest.mark.parametrize("board", ["Qh 7c 2d", "9s 8s 2d 3c", "Ah Kh 5h 5c 2d"])
def test_range_equity_agrees_with_the_matrix(backend, board):
    hero, villain = "JJ+,AQs+,KQs,76s,AKo", "TT+,AJs+,KJs+,QJs,T9s,AQo+"
    re = hr.range_equity(hero, villain, board)
    m = hr.equity_matrix(hero, villain, board)
    _, w = hr.Range(villain).arrays()
    ok = ~np.isnan(m.equity)
    num = np.where(ok, m.equity, 0.0) @ w
    den = ok.astype(float) @ w
    rows = {tuple(r): k for k, r in enumerate(m.rows.tolist())}
    pick = [rows[tuple(c)] for c in re.combos.tolist()]
    np.testing.assert_allclose(re.equity, num[pick] / den[pick], rtol=1e-12)


@pytest.mark.skipif(kernels.compiled_module() is None, reason="needs the C core")
def test_backends_agree_on_a_full_flop(monkeypatch):
    def run():
        return (hr.range_equity("22+,AT+,KQ", "JJ+,AK,T9s", "Kd 9d 4s"),
                hr.equity_matrix("AA,KK,T9s", "JJ+,AK,T9s", "Kd 9d 4s"),
                hr.analyze("random", "Kd 9d 4s 3d"))

    re_c, m_c, a_c = run()
    tables = _tables.load_bin()
    monkeypatch.setattr(evaluate_module, "_HOLDEM", tables["holdem"])
    monkeypatch.setattr(kernels, "_C", None)
    re_p, m_p, a_p = run()
    assert np.array_equal(re_c.equity, re_p.equity, equal_nan=True)
    assert re_c.overall == re_p.overall
    assert np.array_equal(m_c.equity, m_p.equity, equal_nan=True)
    assert np.array_equal(m_c.win, m_p.win, equal_nan=True)
    assert a_c.counts == a_p.counts and list(a_c.classes) == list(a_p.classes)
    assert a_c.draws == a_p.draws


def test_distribution_and_by_class():
    re = hr.range_equity("AA,KK:0.5,AKs,72o", "QQ,JTs", "Qd 7h 2s")
    e, c = re.distribution()
    ok = np.isfinite(re.equity)
    assert len(e) == int(ok.sum()) and np.all(np.diff(e) >= 0) and c[-1] == 1.0
    order = np.argsort(re.equity[ok], kind="stable")
    np.testing.assert_allclose(c, np.cumsum(re.weights[ok][order]) / re.weights[ok].sum())
    g = re.by_class()
    assert g.shape == (13, 13)
    held = {(0, 0), (1, 1), (0, 1), (12, 7)}         # AA, KK, AKs, 72o
    for r, col in itertools.product(range(13), range(13)):
        assert np.isnan(g[r, col]) == ((r, col) not in held)
    names = [hr.cards_str(x).replace(" ", "") for x in re.combos]
    kk = [k for k, n in enumerate(names) if n[0] == "K" and n[2] == "K"]
    assert g[1, 1] == pytest.approx(np.average(re.equity[kk], weights=re.weights[kk]))


# ----------------------------------------------------------------- breakdown oracle

STRAIGHTS = [set(range(r, r + 5)) for r in range(9)] + [{12, 0, 1, 2, 3}]


def _has_straight(ranks: set[int]) -> bool:
    return any(s <= ranks for s in STRAIGHTS)


def brute_breakdown(combo: tuple[int, int], board: list[int],
                    dead: list[int]) -> tuple[str, set[str]]:
    """The made-hand class and the draws of one combo, rule by rule."""
    hand = list(combo) + board
    cat = reference.CATEGORY_NAMES[reference.category_of_key(reference.best_key(hand))]
    hole_r = [c // 4 for c in combo]
    board_r = [c // 4 for c in board]
    if cat == "ONE_PAIR":
        if hole_r[0] == hole_r[1]:
            p = hole_r[0]
            if p > max(board_r):
                made = "overpair"
            elif p < min(board_r):
                made = "underpair"
            else:
                made = "middle_pair"
        elif hole_r[0] in board_r or hole_r[1] in board_r:
            p = hole_r[0] if hole_r[0] in board_r else hole_r[1]
            made = ("top_pair" if p == max(board_r) else
                    "bottom_pair" if p == min(board_r) else "middle_pair")
        else:
            made = "board_pair"
    else:
        made = cat.lower()
    draws: set[str] = set()
    if len(board) == 5 or cat in ("FLUSH", "FULL_HOUSE", "FOUR_OF_A_KIND", "STRAIGHT_FLUSH"):
        return made, draws
    gone = set(board) | set(dead)
    for suit in range(4):
        in_suit = [c for c in hand if c % 4 == suit]
        mine = [c for c in combo if c % 4 == suit]
        if len(in_suit) == 4 and mine:
            draws.add("flush_draw")
            top = max(c for c in range(suit, 52, 4) if c not in gone)
            if top in combo:
                draws.add("nut_flush_draw")
        if len(board) == 3 and len(in_suit) == 3 and mine:
            draws.add("backdoor_flush_draw")
    ranks = set(hole_r) | set(board_r)
    if not _has_straight(ranks):
        outs = 0
        for x in range(13):
            if all(4 * x + s in gone for s in range(4)):
                continue
            if any(s <= ranks | {x} and x in s and not s <= set(board_r) | {x}
                   for s in STRAIGHTS):
                outs += 1
        if outs >= 2:
            draws.add("open_ended")
        elif outs == 1:
            draws.add("gutshot")
    if cat == "HIGH_CARD" and min(hole_r) > max(board_r):
        draws.add("overcards")
    return made, draws


BOARDS = [
    ("Qh 7h 2d", ""),            # two-tone flop
    ("9s 8s 7s", ""),            # monotone, connected
    ("Jc Tc 4d", "Ac Kd"),       # nut card dead: the king of clubs is the nut
    ("5d 4c 3h", ""),            # wheel draws
    ("Kh Kd 6s", ""),            # paired board
    ("Td 9c 6h 2s", "8h 8d 8c 8s"),  # turn; every eight dead: no gutshot to an eight
    ("As Qs 8d 8c 3s", ""),      # river: no draws
]


@pytest.mark.parametrize("board,dead", BOARDS)
def test_analyze_against_rules(backend, board, dead):
    rng = hr.Range("random:0.5,22+,A2s+,K9s+,QTo+,76s:0.25")
    a = hr.analyze(rng, board, dead)
    b, d = ids(board), ids(dead)
    gone = set(b) | set(d)
    all_ids, all_w = rng.arrays()
    live = [k for k in range(len(all_ids)) if not set(all_ids[k].tolist()) & gone]
    assert np.array_equal(a.combos, all_ids[live]) and np.array_equal(a.weights, all_w[live])
    counts = dict.fromkeys(CLASSES + DRAWS, 0.0)
    for k, combo in enumerate(a.combos.tolist()):
        made, draws = brute_breakdown(tuple(combo), b, d)
        assert (a.classes[k], a.draws[k]) == (made, draws), hr.cards_str(combo)
        counts[made] += a.weights[k]
        for name in draws:
            counts[name] += a.weights[k]
    assert a.counts == pytest.approx(counts)
    total = a.weights.sum()
    assert a.share == pytest.approx({k: v / total for k, v in counts.items()})
    assert sum(a.counts[c] for c in CLASSES) == pytest.approx(total)


def test_analyze_counts_every_kind_somewhere():
    """The boards above between them produce every class and every draw name."""
    seen: set[str] = set()
    for board, dead in BOARDS + [("Ts 9s 8s 7s 6s", ""), ("Ah Ad Ac 2d", ""),
                                 ("Kh Kd 6s 6d", "")]:
        a = hr.analyze("random", board, dead)
        seen |= {k for k, v in a.counts.items() if v > 0}
    assert seen == set(CLASSES) | set(DRAWS)


def test_analyze_short_deck_straights():
    # short deck: A-6-7-8-9 is the lowest straight, so A6 on 9-8-K wants only a seven
    a = hr.analyze("As6d", "9h 8c Kd", game="shortdeck")
    assert a.draws[0] == {"gutshot"}
    a = hr.analyze("As6d,Kc7c", "9h 8c 7d", game="shortdeck")
    assert [str(c) for c in a.classes] == ["straight", "bottom_pair"]
    # in hold'em the same A-6 has no straight draw on 9-8-K
    assert hr.analyze("As6d", "9h 8c Kd").draws[0] == set()


# ----------------------------------------------------------------- errors

@pytest.mark.parametrize("call,error,message", [
    (lambda: hr.analyze("AA", "Qh 7h"), hr.InvalidHandError,
     "expected a board of 3 to 5 cards, got 2"),
    (lambda: hr.analyze("AA", "Qh 7h 2d 3c 4c 5c"), hr.InvalidHandError,
     "expected a board of 3 to 5 cards, got 6"),
    (lambda: hr.range_equity("AA", "KK", "Qh 7h 2d 3c 4c 5c"), hr.InvalidHandError,
     "expected 0 to 5 board cards, got 6"),
    (lambda: hr.equity_matrix("AA", "KK", "Qh 7h 2d 3c 4c 5c"), hr.InvalidHandError,
     "expected 0 to 5 board cards, got 6"),
    (lambda: hr.analyze("AsKs", "As 7h 2d"), hr.InvalidHandError,
     "card 'As' is in the hand and on the board"),
    (lambda: hr.range_equity("AsKs", "QQ", "As 7h 2d"), hr.InvalidHandError,
     "card 'As' is in player 1's hand and on the board"),
    (lambda: hr.equity_matrix("QQ", "Kd7c", "Kd 7h 2d"), hr.InvalidHandError,
     "card 'Kd' is in player 2's hand and on the board"),
    (lambda: hr.analyze("QQ", "Qh Qc Qd"), hr.InvalidRangeError,
     "range 'QQ' has no combos left after removing the board and the dead cards"),
    (lambda: hr.range_equity("AA", "QQ", "Qh Qc Qd"), hr.InvalidRangeError,
     "player 2's range 'QQ' has no combos left"),
    (lambda: hr.equity_matrix("AA", "KK", "Ks Kh", "Kd Kc"), hr.InvalidRangeError,
     "player 2's range 'KK' has no combos left"),
    (lambda: hr.range_equity("AsKs,AsKh", "AsQs,AsQh"), hr.InvalidRangeError,
     "always clash"),
    (lambda: hr.analyze("AA", "Qh 7h 7h"), hr.InvalidHandError,
     "card '7h' is on the board twice"),
    (lambda: hr.analyze("AA++", "Qh 7h 2d"), hr.InvalidRangeError, "cannot parse 'AA++'"),
    (lambda: hr.analyze("AA", "Qh 7h Zz"), hr.InvalidCardError, "invalid card 'Zz'"),
    (lambda: hr.range_equity("AA", "KK", "Qh 7h 2d", game="shortdeck2"), ValueError,
     "unknown game 'shortdeck2'"),
])
def test_bad_input_gets_a_clear_error(call, error, message):
    with pytest.raises(error, match=message.replace("(", r"\(").replace("+", r"\+")):
        call()


def test_too_large_is_refused_before_any_work():
    with pytest.raises(hr.HandrankError, match="too large"):
        hr.equity_matrix("random", "random")


@pytest.mark.skipif(kernels.compiled_module() is None, reason="needs the C core")
def test_c_kernels_reject_garbage():
    ffi, lib = kernels.compiled_module().ffi, kernels.compiled_module().lib
    g = evaluate_module.game_tables(None).ptr
    board = np.array([0, 1, 2], dtype=np.uint8)
    runs = np.array([[3, 200], [3, 4]], dtype=np.uint8)
    combos = np.array([[10, 11]], dtype=np.uint8)
    out = np.zeros((2, 1), dtype=np.int16)
    buf = ffi.from_buffer
    args = (g, buf("uint8_t[]", board), 3, buf("uint8_t[]", runs), 2, 2)
    assert lib.hr_combo_strengths(*args, buf("uint8_t[]", combos), 1,
                                  buf("int16_t[]", out, require_writable=True)) == 0
    for bad in ([10, 99], [10, 10], [0, 11], [255, 254]):
        c = np.array([bad], dtype=np.uint8)
        assert lib.hr_combo_strengths(*args, buf("uint8_t[]", c), 1,
                                      buf("int16_t[]", out, require_writable=True)) == -2
    hero = np.array([[10, 11]], dtype=np.uint8)
    s = np.zeros((1, 1), dtype=np.int16)
    win, tie = np.zeros(1), np.zeros(1)

    def tally(vil, twin):
        return lib.hr_range_tally(
            buf("int16_t[]", s), 1, buf("int16_t[]", s), 1, 1, buf("uint8_t[]", hero),
            buf("uint8_t[]", np.array(vil, dtype=np.uint8)), buf("double[]", np.ones(1)),
            buf("int32_t[]", np.array(twin, dtype=np.int32)),
            buf("int32_t[]", np.zeros(290, np.int32), require_writable=True),
            buf("double[]", np.zeros(56), require_writable=True),
            buf("double[]", win, require_writable=True),
            buf("double[]", tie, require_writable=True))

    assert tally([[3, 4]], [-1]) == 0
    assert tally([[3, 200]], [-1]) == -1           # a villain card id out of range
    assert tally([[3, 4]], [5]) == -1              # a twin index out of range


def test_c_tallies_check_counts_before_laying_out_scratch(tmp_path):
    """Negative counts: -1 from both tallies, and no pointer formed off the buffers first.

    tests/c/bad_counts.c built with -fsanitize=undefined (about 5 s): before the fix,
    ``scratch + n_cols`` (and ``scratch + n_vil``) were computed before the counts were
    checked, undefined behaviour the sanitizer reports as a pointer overflow.
    """
    cc = shutil.which(os.environ.get("CC", "cc")) or shutil.which("gcc")
    if cc is None or sys.platform == "win32":
        pytest.skip("no C compiler")
    flags = ["-fsanitize=undefined", "-fno-sanitize-recover=all"]
    probe = tmp_path / "probe.c"
    probe.write_text("int main(void) { return 0; }\n")
    if subprocess.run([cc, *flags, "-o", str(tmp_path / "probe"), str(probe)],
                      check=False, capture_output=True, timeout=60).returncode != 0:
        pytest.skip("the C compiler has no undefined-behaviour sanitizer")
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    csrc = os.path.join(root, "csrc")
    if not os.path.exists(os.path.join(csrc, "generated", "tables.c")):
        pytest.skip("csrc/generated/tables.c is not built (an installed copy)")
    exe = str(tmp_path / "bad_counts")
    subprocess.run([cc, "-O0", "-std=c99", "-Wall", "-Werror", *flags, "-I", csrc, "-o", exe,
                    os.path.join(root, "tests", "c", "bad_counts.c"),
                    os.path.join(csrc, "matrix.c"), os.path.join(csrc, "generated", "tables.c")],
                   check=True, timeout=300)
    r = subprocess.run([exe], check=False, capture_output=True, text=True, timeout=60)
    assert r.returncode == 0 and r.stdout == "ok\n", r.stdout + r.stderr


@pytest.mark.skipif(kernels.compiled_module() is None, reason="needs the C core")
@pytest.mark.parametrize("hero,villain", [
    ("AKs,QQ:0.5", "QQ,JTs:0.25"),   # card removal, fractional weights, a shared class
    ("AhKh", "KK,72o"),
])
def test_preflop_range_equity_from_shared_patterns_is_the_runout_loop(hero, villain,
                                                                      monkeypatch):
    """Before the flop range_equity takes the preflop table's suit-pattern
    counts: the same numbers, bit for bit, as the runout loop (forced here),
    and an overall equal to hr.equity's exact enumeration."""
    from handrank.analysis import matrix
    fast = hr.range_equity(hero, villain)
    monkeypatch.setattr(matrix, "_preflop_tally", lambda *a: None)
    slow = hr.range_equity(hero, villain)
    for name in ("equity", "win", "tie", "weights", "combos"):
        assert getattr(fast, name).tobytes() == getattr(slow, name).tobytes(), name
    assert fast.overall == slow.overall
    assert fast.overall == hr.equity([hero, villain], exact=True).equity[0]
