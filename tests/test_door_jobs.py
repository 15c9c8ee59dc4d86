"""The door's jobs: what the C core alone does, which limit applies on which
backend, a job's numpy algorithm behind the door's function, and the C kernels
a game's hand rule names.

The Python backend is switched on for a call the way the suite does it
(``kernels._C`` set to None, or ``kernels.have_c`` patched where the C batch
evaluators should stay); one test runs ``HANDRANK_BACKEND=python`` in a child.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import numpy as np
import pytest

import handrank as hr
from handrank.analysis import matrix as _matrix
from handrank.core import _backend, kernels
from handrank.core.cards import cards
from handrank.equity import _hu_preflop
from handrank.equity import omaha as oe
from handrank.equity import preflop as _preflop
from handrank.errors import HandrankError
from handrank.games.holdem import game_tables
from handrank.games.registry import LOW_TABLES, game, games
from handrank.games.rules import OWN_HOLD_TABLES

needs_c = pytest.mark.skipif(kernels.compiled_module() is None, reason="C extension not built")


@pytest.fixture
def no_c_jobs(monkeypatch: pytest.MonkeyPatch) -> None:
    """The door's jobs as on the Python backend, with the C batch evaluators kept."""
    monkeypatch.setattr(kernels, "have_c", lambda: False)


@needs_c
def test_need_c_names_the_job_and_is_read_at_each_call(monkeypatch: pytest.MonkeyPatch) -> None:
    kernels.need_c("preflop tables", HandrankError, plural=True)         # served: no error
    monkeypatch.setattr(kernels, "_C", None)
    with pytest.raises(RuntimeError, match=r"^draw_odds needs the C core \(handrank\.backend "
                                           r"is 'python'\)$"):
        kernels.need_c("draw_odds")
    with pytest.raises(HandrankError, match=r"^preflop tables need the C core"):
        _preflop.local_table(classes=["AA", "KK"])
    with pytest.raises(HandrankError, match=r"^preflop tables need the C core"):
        _preflop.pattern_blocks((12, 12, 11, 11))


@needs_c
def test_on_backend_gives_the_value_of_the_backend_serving_the_call(no_c_jobs: None) -> None:
    assert kernels.on_backend(c=1, python=2) == 2
    # the limits of an operation follow: Omaha's exact=None samples on the Python
    # backend where the numpy enumeration would be long, and enumerates with C
    assert oe.python_too_slow(1e9, 4)


@needs_c
def test_on_backend_on_the_c_core() -> None:
    assert kernels.on_backend(c=1, python=2) == 1
    assert not oe.python_too_slow(1e12, 6)


@needs_c
def test_the_c_only_kernels_answer_none_on_the_python_backend(no_c_jobs: None) -> None:
    def never() -> None:
        raise AssertionError("the table is not loaded without the C core")

    assert kernels.hu_preflop_counts(never, cards("AhAd"), cards("KsKc")) is None
    assert kernels.runout_kernel(game_tables(None), 0) is None
    out = np.zeros((1 + 4**2) * 6, dtype=np.int64)
    assert kernels.equity_patterns(_backend.GAMES["holdem"], (12, 12, 11, 11), out) is False
    assert not out.any()
    assert _preflop.pattern_counts((12, 12, 11, 11)) is None


@needs_c
def test_the_c_only_kernels_answer_on_the_c_core() -> None:
    assert _hu_preflop.counts(cards("AhAd"), cards("KsKc")) is not None
    assert kernels.runout_kernel(game_tables(None), 1) == (game_tables(None), 1)
    blocks = _preflop.pattern_counts((12, 12, 11, 11))
    assert blocks is not None and blocks.any()
    five = _preflop.pattern_counts((12, 12, 12, 12, 12, 11))   # five aces: no deal
    assert five is not None and not five.any()


@needs_c
@pytest.mark.parametrize("hero, villain", [("AA,KK", "QQ,JJ"), ("AKs,T9s", "22+"),
                                           ("AA:0.5,KQo", "JJ,AKs:0.25")])
def test_range_equity_preflop_is_the_same_without_the_pattern_counts(
        hero: str, villain: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Preflop, range_equity takes the C core's pattern counts; without them
    (the Python backend) its runout loop gives the same numbers bit for bit."""
    fast = hr.range_equity(hero, villain)
    monkeypatch.setattr(kernels, "have_c", lambda: False)
    monkeypatch.setattr(_matrix, "MAX_EVALUATIONS", 2e9)
    monkeypatch.setattr(_matrix, "MAX_COMPARISONS", 1e12)
    loop = hr.range_equity(hero, villain)
    for field in ("equity", "win", "tie"):
        np.testing.assert_array_equal(getattr(fast, field), getattr(loop, field))
    assert fast.overall == loop.overall


OMAHA_SPOTS = [   # holes, board, dead
    (["As Ks Qd Jd", "7c 7h 2c 2h"], "Ah Kh 7d", ""),
    (["As Ks Qd Jd", "7c 7h 2c 2h", "9s 8s 6d 5d"], "Ah Kh 7d 3c", "2d"),
    (["As Ks Qd Jd Tc", "7c 7h 2c 2h 3s"], "Ah Kh 7d 4c", ""),
    (["As Ks Qd Jd Tc 9c", "7c 7h 2c 2h 3s 4s"], "Ah Kh 7d 4c 5d", ""),
]


def _omaha_job(holes: list[str], board: str, dead: str) -> tuple[np.ndarray, ...]:
    hs, b, d = [cards(h) for h in holes], cards(board), cards(dead)
    used = set(b) | set(d) | {c for h in hs for c in h}
    deck = np.array([c for c in range(52) if c not in used], dtype=np.uint8)
    win, tie, eq, boards = kernels.omaha_exact(game_tables(None), hs, b, deck, 1)
    return win, tie, eq, np.array([boards])


@needs_c
@pytest.mark.parametrize("holes, board, dead", OMAHA_SPOTS)
def test_omaha_exact_is_one_job_on_both_backends(holes: list[str], board: str, dead: str,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    c = _omaha_job(holes, board, dead)
    monkeypatch.setattr(kernels, "have_c", lambda: False)
    numpy = _omaha_job(holes, board, dead)
    assert c[3] == numpy[3]
    for a, b in zip(c[:3], numpy[:3]):
        np.testing.assert_allclose(a, b, rtol=0, atol=1e-13)
    # the job's numpy algorithm is the one equity/omaha.py ran before (bit for bit)
    hs, b = [cards(h) for h in holes], cards(board)
    used = set(b) | set(cards(dead)) | {x for h in hs for x in h}
    deck = np.array([x for x in range(52) if x not in used], dtype=np.uint8)
    old = oe._exact(None, hs, np.array(b, dtype=np.uint8), deck, 5 - len(b), 1)
    np.testing.assert_array_equal(old.win, numpy[0])
    np.testing.assert_array_equal(old.tie, numpy[1])
    np.testing.assert_array_equal(old.equity, numpy[2])


@needs_c
def test_omaha_exact_on_the_python_backend_in_a_child() -> None:
    script = (
        "import json, handrank as hr\n"
        f"spots = {[(h, b, d) for h, b, d in OMAHA_SPOTS[:2]]!r}\n"
        "out = []\n"
        "for holes, board, dead in spots:\n"
        "    r = hr.equity(holes, board=board, dead=dead, game='omaha', exact=True)\n"
        "    out.append([hr.backend, r.samples, r.equity.tolist(), r.win.tolist(),"
        " r.tie.tolist()])\n"
        "print(json.dumps(out))\n")
    env = dict(os.environ, HANDRANK_BACKEND="python")
    run = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True,
                         text=True, timeout=600, check=False)
    assert run.returncode == 0, run.stderr
    got = json.loads(run.stdout.strip().splitlines()[-1])
    for (holes, board, dead), (backend, samples, eq, win, tie) in zip(OMAHA_SPOTS, got):
        assert backend == "python"
        want = hr.equity(holes, board=board, dead=dead, game="omaha", exact=True)
        assert samples == want.samples
        np.testing.assert_allclose(eq, want.equity, rtol=0, atol=1e-13)
        np.testing.assert_allclose(win, want.win, rtol=0, atol=1e-13)
        np.testing.assert_allclose(tie, want.tie, rtol=0, atol=1e-13)


def _boardless_games() -> list[str]:
    return [name for name in games() if game(name).hand_sizes and not game(name).parts]


@pytest.mark.parametrize("name", _boardless_games())
def test_a_boardless_games_kernels_are_its_hand_rules(name: str) -> None:
    """The hand rule names the C kernels the boardless Monte Carlo and the hold
    rule run, as the tags chose them before (stated here from the rules:
    a badugi of four, a high-low split, the deuce-to-seven triple draw)."""
    g = game(name)
    kind, high, low = g.rule.boardless_kernel(g)
    if g.rule.four_cards:
        assert (kind, high, low) == (kernels.BL_BADUGI, None, None)
        assert g.rule.hold_kind(g) == kernels.BL_BADUGI
        return
    if g.split:
        assert (kind, high, low) == (kernels.BL_HILO, g.tables[0], g.tables[1])
    else:
        assert (kind, high, low) == (kernels.BL_TABLES, g.tables[0], None)
    low27_triple = g.low_rule == ("27", None) and g.exchanges > 1
    assert g.rule.hold_kind(g) == (kernels.BL_LOW27 if low27_triple else kernels.BL_TABLES)


def test_every_low_rule_with_hold_tables_of_its_own_is_a_registered_low() -> None:
    assert set(OWN_HOLD_TABLES) <= set(LOW_TABLES)
    assert any(game(n).rule.hold_kind(game(n)) == kernels.BL_LOW27 for n in games())
