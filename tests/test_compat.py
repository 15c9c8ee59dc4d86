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

import numpy as np
import pytest

import handrank as hr
from handrank.core import _compat
from handrank.core.errors import InvalidCardError, InvalidHandError

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
    monkeypatch.delattr(hr, "videopoker", raising=False)
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


def test_an_omaha_name_still_wants_hands_of_one_size() -> None:
    with pytest.deprecated_call(match="omaha5"), pytest.raises(
            InvalidHandError, match="expected every omaha hand to have the same number of "
                                    "cards, got 4 and 5"):
        hr.equity(["As Ks Qd Jd", "7c 7h 2c 2h 3c"], game="omaha")


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
    assert np.array_equal(a.equity, b.equity) and np.array_equal(a.win, b.win)
    assert hr.equity(players, board="2c 7d 9s", game="holdem").equity.sum() == \
        pytest.approx(1.0)
    for module in (hr.games, hr.equity, hr.showdown):
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
    pattern = re.compile(r"(?:automodule::|import|from|:mod:`~?)\s*(handrank(?:\.\w+)*)")
    paths = set()
    for f in [*(ROOT / "docs").rglob("*.md"), *(ROOT / "docs").rglob("*.rst"),
              *(ROOT / "src" / "handrank").rglob("*.py"), ROOT / "README.md"]:
        paths.update(pattern.findall(f.read_text(encoding="utf-8")))
    return paths


def test_every_module_path_the_docs_name_imports_without_a_warning() -> None:
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
