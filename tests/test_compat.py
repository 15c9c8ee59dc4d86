"""The old spellings (src/handrank/core/_compat.py): each works as before and warns
once, with a DeprecationWarning naming its replacement and the release that
removes it; the current names (``hr.games()``, ``hr.equity(...)``) and every
module path the docs name import without a warning.

This is the one test file that uses old spellings: the suite turns every other
DeprecationWarning into an error (pyproject.toml, ``filterwarnings``).
"""

from __future__ import annotations

import importlib
import pathlib
import pickle
import re
import sys
import warnings
from typing import Any

import numpy as np
import pytest

import handrank as hr
from handrank.core import _compat
from handrank.core.errors import InvalidCardError, InvalidHandError

from .conftest import dask_or_skip
from .test_omaha_mc import _numpy_exact
from .test_variant_equity import SD, _brute, _deck, _omaha_key

pytestmark = pytest.mark.filterwarnings("default::DeprecationWarning")

ROOT = pathlib.Path(__file__).resolve().parents[1]


@pytest.fixture(autouse=True)
def _fresh(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test sees every old spelling warn for the first time."""
    monkeypatch.setattr(_compat, "_warned", set())


def _reimport(old: str) -> object:
    """Import the old path `old` anew (its first import warns)."""
    sys.modules.pop(old, None)
    return importlib.import_module(old)


def _says(record: pytest.WarningsRecorder, old: str, new: str) -> None:
    texts = [str(w.message) for w in record if issubclass(w.category, DeprecationWarning)]
    assert texts == [f"{old} is deprecated and will be removed in handrank "
                     f"{_compat.REMOVED_IN}; use {new}"], texts


# ------------------------------------------------------------ old module paths

@pytest.mark.parametrize("old", sorted(_compat.MOVED))
def test_an_old_public_path_warns_once_and_names_its_new_home(old: str) -> None:
    new = _compat.MOVED[old]
    with pytest.warns(DeprecationWarning) as record:
        shim = _reimport(old)
    _says(record, old, new)
    target = importlib.import_module(new)
    for name in getattr(target, "__all__", ()):
        assert getattr(shim, name) is getattr(target, name), f"{old}.{name}"
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        _reimport(old)                      # the second import in a process is silent


@pytest.mark.parametrize("old", sorted(_compat.PRIVATE))
def test_an_old_private_path_imports_as_the_new_module_and_warns(old: str) -> None:
    new = importlib.import_module(_compat.PRIVATE[old])
    with pytest.warns(DeprecationWarning) as record:
        assert _reimport(old) is new
    _says(record, old, _compat.PRIVATE[old])
    assert new.__spec__ is not None and new.__spec__.name == new.__name__   # its own spec


def test_an_old_module_read_from_handrank_warns(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delitem(sys.modules, "handrank.videopoker", raising=False)
    if "videopoker" in vars(hr):              # (hasattr() would read it, and warn, first)
        monkeypatch.delattr(hr, "videopoker")
    with pytest.deprecated_call(match=r"handrank\.videopoker is deprecated .* "
                                      r"use handrank\.games\.videopoker"):
        assert hr.videopoker.VideoPoker is hr.VideoPoker    # type: ignore[attr-defined]


def test_importing_an_old_path_keeps_the_function_of_that_name() -> None:
    for name, f in (("cards", hr.cards), ("evaluate", hr.evaluate), ("lowball", hr.lowball)):
        with pytest.deprecated_call():
            module = _reimport(f"handrank.{name}")
        assert getattr(hr, name) is f and module is not f
    sys.modules.pop("handrank.evaluate")
    _compat._warned.clear()                 # (a second import of it in a process is silent)
    with pytest.deprecated_call():
        from handrank.evaluate import Category  # type: ignore[import-not-found]
    assert Category is hr.Category


#: The old flat public paths and the modules they re-export.
OLD_PUBLIC = {
    **_compat.MOVED,
    # current paths that read as another module
    "handrank.index": "handrank.boards.index", "handrank.errors": "handrank.core.errors",
    "handrank.omaha_preflop": "handrank.ranges.omaha_preflop",
    # old modules that became packages, forwarding to their old body
    "handrank.equity": "handrank.equity.holdem", "handrank.ranges": "handrank.ranges.holdem",
    "handrank.showdown": "handrank.showdown.pots",
}

#: Names an old path defines itself: handrank.equity.equity sends each game
#: to its engine (equity/__init__.py), the hold'em engine's equity takes hold'em.
OWN_NAMES = {"handrank.equity": {"equity"}}


@pytest.mark.parametrize("old", sorted(OLD_PUBLIC))
def test_old_public_paths_read_and_write_through(old: str,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    if old in _compat.MOVED:
        with pytest.deprecated_call():
            shim = _reimport(old)
    else:
        shim = importlib.import_module(old)
    new = importlib.import_module(OLD_PUBLIC[old])
    names = [n for n in vars(new) if not n.startswith("__")]
    assert names
    own = OWN_NAMES.get(old, set())
    for n in names:                                   # private names too
        assert (getattr(shim, n) is getattr(new, n)) != (n in own), f"{old}.{n}"
    marker = object()
    # a name the old path copied (public) and one it only reads through
    # (private, absent from its own __dict__: a monkeypatch undo may then delete it)
    copied = [n for n in names if n in vars(shim) and n not in own]
    through = [n for n in names if n not in vars(shim)]
    for name in copied[:1] + through[:1]:
        before = getattr(new, name)
        monkeypatch.setattr(shim, name, marker)       # a test patching the old path ...
        assert getattr(new, name) is marker           # ... patches the module that runs
        monkeypatch.undo()
        assert getattr(new, name) is before, f"{old}.{name} after undo"
        assert getattr(shim, name) is before
        # both ways an undo can go: set the old value back, or delete the copy
        setattr(shim, name, marker)
        setattr(shim, name, before)
        assert getattr(new, name) is before
        setattr(shim, name, marker)
        if name in through:
            delattr(shim, name)
            assert getattr(new, name) is before, f"del {old}.{name} lost the new module's value"
            assert getattr(shim, name) is before
        else:
            setattr(shim, name, before)


# ------------------------------------------------------------ old functions

HOLE, BOARD = "As Ks Qd Jd", "Ts 9s 2c 3h 4d"


def test_evaluate_omaha_warns_once_and_answers_as_evaluate() -> None:
    with pytest.warns(DeprecationWarning) as record:
        s = hr.evaluate_omaha(HOLE, BOARD)            # type: ignore[attr-defined]
    _says(record, "handrank.evaluate_omaha", 'hr.evaluate(hole, board=board, game="omaha")')
    assert s == hr.evaluate(HOLE, board=BOARD, game="omaha") == 1193
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert hr.evaluate_omaha(HOLE, BOARD) == s    # type: ignore[attr-defined]


def test_the_old_batch_and_hilo_functions_answer_as_their_replacements() -> None:
    rng = np.random.default_rng(40)
    deals = np.array([rng.permutation(52)[:9] for _ in range(200)], dtype=np.uint8)
    holes, boards = deals[:, :4], deals[:, 4:]
    with pytest.deprecated_call(match="evaluate_omaha_batch"):
        a = hr.evaluate_omaha_batch(holes, boards)    # type: ignore[attr-defined]
    assert np.array_equal(a, hr.evaluate_batch(holes, boards=boards, game="omaha"))
    with pytest.deprecated_call(match="evaluate_omaha_hilo_batch"):
        b = hr.evaluate_omaha_hilo_batch(holes, boards)  # type: ignore[attr-defined]
    assert np.array_equal(b, hr.evaluate_batch(holes, boards=boards, game="omaha-hilo"))
    with pytest.deprecated_call(match="evaluate_omaha_hilo is"):
        for row in deals[:20]:                          # (the first call warns)
            hole, board = [int(c) for c in row[:4]], [int(c) for c in row[4:]]
            old = hr.evaluate_omaha_hilo(hole, board)    # type: ignore[attr-defined]
            assert old == hr.evaluate(hole, board=board, game="omaha-hilo")


def test_variant_warns_and_builds_the_game_tables() -> None:
    with pytest.deprecated_call(match=r"handrank\.variant is deprecated .* hr\.game"):
        v = hr.variant("shortdeck")                   # type: ignore[attr-defined]
    hand = "Ah Kh Qh Jh 9h"
    with pytest.deprecated_call(match=r"variant= is deprecated .* game=hr\.game"):
        old = hr.evaluate(hand, variant=v)
    assert old == hr.evaluate(hand, game="shortdeck")


def test_variant_keyword_takes_the_old_names_only() -> None:
    with pytest.deprecated_call(), pytest.raises(ValueError, match="unknown variant 'razz'"):
        hr.evaluate("As Ks Qs Js Ts", variant="razz")
    with pytest.raises(ValueError, match="unknown variant 'nope'"):
        hr.equity(["AsKs", "QdQc"], variant="nope")


def test_variant_keyword_with_an_omaha_game_plays_short_deck_omaha() -> None:
    # the one spelling of short-deck Omaha: game="omaha" with variant="shortdeck"
    players, board = ["As Ks Qd Jd", "9c 9h 8c 8h"], "Ah 9d 8s Qs"
    holes = [hr.cards(p) for p in players]
    want = _brute(holes, hr.cards(board), _deck(("shortdeck",)), _omaha_key(SD))
    with pytest.deprecated_call(match="variant="):
        r = hr.equity(players, board, game="omaha", variant="shortdeck")
    np.testing.assert_allclose(r.equity, want[0], atol=1e-12)
    with pytest.raises(InvalidCardError, match="card '2h' is not in the shortdeck deck"):
        hr.equity(["As Ks Qd Jd", "9c 9h 8c 2h"], game="omaha", variant="shortdeck")
    r = hr.equity(["As Ks Qd Jd", "7c 7h 8c 8h"], game="omaha", variant="shortdeck")
    assert r.exact and r.samples == 98280           # preflop: exact by default


@pytest.mark.skipif(hr.backend != "c", reason="needs the C core")
def test_c_exact_short_deck_omaha_matches_numpy() -> None:
    # (from test_omaha_mc.py) a game without an Omaha table of its own
    with pytest.deprecated_call(match="variant="):
        got = hr.equity(["AsKsQdJd", "9c9hTcTh"], board="Ac 6d 7h", game="omaha",
                        variant="shortdeck")
    want = _numpy_exact([hr.cards("AsKsQdJd"), hr.cards("9c9hTcTh")], hr.cards("Ac 6d 7h"),
                        [], variant="shortdeck")
    np.testing.assert_allclose(got.equity, want.equity, atol=1e-13)


def test_variant_keyword_warns_once_per_process() -> None:
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        for _ in range(3):
            hr.evaluate("Ah Kh Qh Jh 9h", variant="shortdeck")
            hr.describe(100, variant="shortdeck")
    assert [str(w.message).split(" is ")[0] for w in seen] == ["variant="]


def test_an_omaha_name_with_another_hand_size_warns_naming_the_game_of_that_size() -> None:
    with pytest.warns(DeprecationWarning) as record:
        s = hr.evaluate("As Ks Qd Jd 7c", board=BOARD, game="omaha")
    _says(record, "game='omaha' with 5-card hands", "game='omaha5'")
    assert s == hr.evaluate("As Ks Qd Jd 7c", board=BOARD, game="omaha5")


def test_the_current_spellings_do_not_warn() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        hr.evaluate("As Ks Qs Js Ts")
        hr.lowball("a5")
        hr.settle("Ks 6d 7c 9h 2s", ["Kh 3c", "Kd 4c"], [5, 5], game="holdem-hilo")
        hr.evaluate("As Ks Qd Jd", board=BOARD, game="omaha")
        hr.evaluate("As 6s 7d 8c 9h", game=hr.game("shortdeck"))


def test_six_card_omaha_hilo_has_one_name_and_does_not_warn() -> None:
    hole, board = "As 2s 3d Kd Qh Jc", "4c 5h 8d Kh 9c"
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        high, low = hr.evaluate(hole, board=board, game="omaha-hilo")
    assert (high, low) == hr.games.hilo.evaluate_omaha_hilo(hole, board)


def test_an_omaha_name_still_wants_hands_of_one_size() -> None:
    with pytest.deprecated_call(match="omaha5"), pytest.raises(
            InvalidHandError, match="expected every omaha hand to have the same number of "
                                    "cards, got 4 and 5"):
        hr.equity(["As Ks Qd Jd", "7c 7h 2c 2h 3c"], game="omaha")


def test_draw_game_warns_and_plays_as_the_game() -> None:
    with pytest.deprecated_call(match=r"handrank\.draw_game is deprecated .* hr\.game"):
        old = hr.draw_game("fechado", players=6, mao=True)    # type: ignore[attr-defined]
    new = hr.game("fechado", players=6, mao=True)
    assert tuple(old.deck) == tuple(new.deck) and len(new.deck) == 40
    hand = "As Ks Qs Js 7d"
    a, b = hr.draw_odds(hand, game=old), hr.draw_odds(hand, game=new)
    assert a.best == b.best and a.holds == b.holds
    assert np.array_equal(a.expected, b.expected) and np.array_equal(a.win, b.win, equal_nan=True)


def test_every_old_function_is_listed_and_names_a_current_call() -> None:
    for name, (module, attr, new) in _compat.FUNCTIONS.items():
        assert getattr(importlib.import_module(module), attr)
        assert new.startswith("hr.") and name in hr.__all__


# ------------------------------------------------ no function hides a module

def test_games_and_equity_are_the_packages_and_callable() -> None:
    import handrank.equity.holdem
    import handrank.games.videopoker
    from handrank.games import videopoker
    from handrank.operations import equity, games
    assert handrank.games.videopoker is videopoker is sys.modules["handrank.games.videopoker"]
    assert handrank.games.videopoker.VideoPoker is hr.VideoPoker
    assert handrank.equity.holdem is sys.modules["handrank.equity.holdem"]
    assert hr.games is sys.modules["handrank.games"]
    assert hr.equity is sys.modules["handrank.equity"]
    assert hr.games() == games() and "holdem" in hr.games()
    players = ["AhAd", "KhKd"]
    a, b = hr.equity(players, exact=True), equity(players, exact=True)
    assert np.array_equal(a.equity, b.equity) and np.array_equal(a.win, b.win, equal_nan=True)
    assert hr.equity(players, board="2c 7d 9s", game="holdem").equity.sum() == \
        pytest.approx(1.0)
    import handrank.pql._parse
    assert hr.pql is sys.modules["handrank.pql"] and callable(hr.pql)
    assert handrank.pql._parse is sys.modules["handrank.pql._parse"]
    for module in (hr.games, hr.equity, hr.showdown, hr.pql):
        assert pickle.loads(pickle.dumps(module)) is module


def test_no_public_function_shares_its_name_with_a_module() -> None:
    import types
    for name in hr.__all__:
        if isinstance(getattr(hr, name), types.ModuleType):
            continue
        assert f"handrank.{name}" not in sys.modules or f"handrank.{name}" in _compat.MOVED, name
        assert importlib.util.find_spec(f"handrank.{name}") is None \
            or f"handrank.{name}" in _compat.MOVED, name


def _doc_module_paths() -> set[str]:
    pattern = re.compile(r"(?:automodule::|import|from|:mod:`~?|\{mod\}`~?)\s*"
                         r"(handrank(?:\.\w+)*)")
    paths = set()
    for f in [*(ROOT / "docs").rglob("*.md"), *(ROOT / "docs").rglob("*.rst"),
              *(ROOT / "src" / "handrank").rglob("*.py"), ROOT / "README.md"]:
        paths.update(pattern.findall(f.read_text(encoding="utf-8")))
    return paths


def test_every_module_path_the_docs_name_imports_without_a_warning(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # each old path warns once per process: forget what earlier tests imported, so
    # the answer does not depend on which tests ran before in this worker
    monkeypatch.setattr(_compat, "_warned", set())
    if not (ROOT / "README.md").exists() or not (ROOT / "docs").is_dir():
        pytest.skip("not a source tree (tests run from an installed wheel): no docs to read")
    paths = _doc_module_paths()
    assert {"handrank.games.videopoker", "handrank.equity", "handrank.boards.index"} <= paths
    with warnings.catch_warnings():
        warnings.simplefilter("error", DeprecationWarning)
        for path in sorted(paths):
            try:
                importlib.import_module(path)
            except ModuleNotFoundError:
                # `from handrank.x import name` / :mod:`handrank.x.name`: a name in a module
                parent, _, name = path.rpartition(".")
                assert hasattr(importlib.import_module(parent), name), path


# ------------------------------------- variant= refuses the low rules (from test_lowball.py)

def _low_variants() -> list[object]:
    return ["low_27", "low_a5", "low_a5_8", hr.lowball("27"), hr.lowball("a5"),
            hr.lowball("a5", qualifier=8)]


def _variant_calls() -> dict[str, object]:
    seven = hr.cards("2h 3h 4h 5h 7h 8c 9d")
    rows = np.array([seven, seven], dtype=np.uint8)
    holes4 = np.array([hr.cards("As Ks Qd Jd")], dtype=np.uint8)
    boards5 = np.array([hr.cards("2c 3c 4h 8s 9s")], dtype=np.uint8)
    sd_boards = np.array([hr.cards("4h 5h 7h 8c 9d")], dtype=np.uint8)
    sd_holes = np.array([[hr.cards("2h 3h"), hr.cards("As Kd")]], dtype=np.uint8)
    return {
        "evaluate": lambda v: hr.evaluate(seven, variant=v),
        "evaluate_text": lambda v: hr.evaluate("9s Ts Jd Qh Kc", variant=v),
        "evaluate_batch": lambda v: hr.evaluate_batch(rows, variant=v),
        "category": lambda v: hr.category(seven, variant=v),
        "describe": lambda v: hr.describe(100, variant=v),
        "best_five": lambda v: hr.best_five(seven, variant=v),
        "equity": lambda v: hr.equity(["2h3h", "AsKd"], "4h 5h 7h", exact=True, variant=v),
        "equity_hilo": lambda v: hr.equity(["2h3h4c5c", "AsKdQsJs"], "4h 5h 7h",
                                           game="omaha-hilo", variant=v),
        "equity_omaha": lambda v: hr.equity(["2h3h4c5c", "AsKdQsJs"], "4h 5h 7h",
                                            game="omaha", variant=v),
        "settle": lambda v: hr.settle("4h 5h 7h 8c 9d", ["2h3h", "AsKd"], [10, 10], variant=v),
        "explain": lambda v: hr.explain("2h3h", "AsKd", board="4h 5h 7h 8c 9d", variant=v),
        "showdown_batch": lambda v: hr.showdown_batch(sd_boards, sd_holes, variant=v),
        "evaluate_omaha": lambda v: hr.evaluate_omaha("As Ks Qd Jd", "2c 3c 4h 8s 9s",
                                                      variant=v),
        "evaluate_omaha_batch": lambda v: hr.evaluate_omaha_batch(holes4, boards5, variant=v),
        "equity_matrix": lambda v: hr.equity_matrix("AA", "KK", "2c 3d 4h 8s 9s", variant=v),
        "range_equity": lambda v: hr.range_equity("AA", "KK", "2c 3d 4h 8s 9s", variant=v),
        "analyze": lambda v: hr.analyze("AA,KK", "2c 3d 4h", variant=v),
    }


@pytest.mark.parametrize("entry", sorted(_variant_calls()))
def test_low_rules_are_refused_as_variant(entry: str) -> None:
    """A low rule's tables as variant= would read a low scale as a high one
    (hr.evaluate(h, variant=hr.lowball("27")) once gave 1599 where the rule says
    7458): every entry point refuses them and names the Lowball API."""
    call = _variant_calls()[entry]
    with pytest.deprecated_call():
        call("holdem")  # type: ignore[operator]  # the same call with a high game runs
    for v in _low_variants():
        expected = ValueError if isinstance(v, str) else TypeError
        with pytest.raises(expected, match=r"low.* use hr\.lowball\('(27|a5)'"):
            call(v)  # type: ignore[operator]


def test_low_rules_are_refused_by_dask() -> None:
    da = pytest.importorskip("dask.array")
    hrd = dask_or_skip()
    x = da.from_array(np.array([hr.cards("2h 3h 4h 5h 7h 8c 9d")] * 4), chunks=2)
    with pytest.deprecated_call():
        hrd.evaluate_batch(x, variant="holdem").compute()
    for v in _low_variants():
        expected = ValueError if isinstance(v, str) else TypeError
        with pytest.raises(expected, match=r"use hr\.lowball\("):
            hrd.evaluate_batch(x, variant=v).compute()
        with pytest.raises(expected, match=r"use hr\.lowball\("):
            hrd.equity(["2h3h", "AsKd"], "4h 5h 7h", exact=True, variant=v)


def test_lowball_methods_after_refusal() -> None:
    """Lowball's own methods keep their internal path to the low tables."""
    dt = hr.lowball("27")
    h = hr.cards("2h 3h 4h 5h 7h 8c 9d")
    with pytest.deprecated_call(), pytest.raises(TypeError):
        hr.evaluate(h, variant=dt)
    assert dt.evaluate(h) == 7458
    assert dt.evaluate_batch(np.array([h], dtype=np.uint8)).tolist() == [7458]
    assert dt.describe(7458) == "8-5-4-3-2 low"
    assert hr.settle("4h 5h 7h 8c 9d", ["2h3h", "AsKd"], [10, 10]).payouts == [20, 0]


@pytest.mark.parametrize("call", [
    lambda: hr.explain("8s 5d 4h 3c 2s", "8d 6h 3s 2d Ac", game="27", variant="shortdeck"),
    lambda: hr.equity(["As 2s Kd Qd", "Ah 3h Jc Tc"], game="omaha-hilo", variant="shortdeck"),
    lambda: hr.settle("4c 5d Kh 8s 9s", ["As 2s", "Qs Qh"], [1, 1], game="holdem-hilo",
                      variant="shortdeck"),
    lambda: hr.evaluate("As Ks Qs Js Ts", game="shortdeck", variant="shortdeck"),
    lambda: hr.equity(["As Kd", "6c 8c"], game="double-holdem", variant="shortdeck"),
])
def test_variant_keyword_does_not_apply_to_another_game(call: Any) -> None:
    with pytest.deprecated_call(), pytest.raises(ValueError, match="variant= does not apply"):
        call()


def test_variant_keyword_errors_quote_at_most_about_80_characters() -> None:
    from handrank.core._validate import QUOTE_LIMIT
    with pytest.deprecated_call(), pytest.raises(ValueError, match="unknown variant") as info:
        hr.evaluate("As Ks Qs Js Ts", variant="low_27" + "x" * 10**6)
    assert len(str(info.value)) < 3 * QUOTE_LIMIT
    with pytest.raises(ValueError, match="unknown variant 'shortdeck2'"):
        hr.range_equity("AA", "KK", "Qh 7h 2d", variant="shortdeck2")


def test_variant_keyword_gives_what_game_gives() -> None:
    a = hr.equity(["As Ks", "Qd Qc"], "Qh 7c 6d", game=hr.game("shortdeck"))
    with pytest.deprecated_call(match="variant= is deprecated .*; use game="):
        o = hr.equity(["As Ks", "Qd Qc"], "Qh 7c 6d", variant="shortdeck")
    np.testing.assert_array_equal(a.equity, o.equity)
    new = hr.range_equity("AA,KK", "QQ+", "Qh 7c 6d", game="shortdeck")
    old = hr.range_equity("AA,KK", "QQ+", "Qh 7c 6d", variant="shortdeck")
    np.testing.assert_array_equal(old.equity, new.equity)
