"""One place for the past: every old spelling of handrank, and its warning.

Each old spelling works as it did and warns once per process with a
:class:`DeprecationWarning` that names its replacement and the release that
removes it (:data:`REMOVED_IN`):

* the public modules of the old flat layout (``handrank.cards``,
  ``handrank.evaluate``, ``handrank.lowball`` ...; :data:`MOVED`) have no
  file: importing one builds a module that re-exports its new home and
  forwards reads and writes to it (so ``monkeypatch.setattr`` on the old
  path still reaches the module that runs);
* the old private modules (``handrank._backend``, ``handrank._omaha_equity``
  ...; :data:`PRIVATE`) import as their new module itself;
* the old functions on ``handrank`` (``hr.evaluate_omaha*``, ``hr.variant``,
  ``hr.draw_game``;
  :data:`FUNCTIONS`) warn when called and run the function of today;
* keyword spellings inside the operations (``variant=``, an Omaha game name
  with another hand size) call :func:`warn` with the message here.

This module sits in ``core`` so that every layer may call :func:`warn`; it
names the modules above it by their dotted path only and imports them when an
old spelling is first used.  Nothing inside the package uses an old spelling.
"""

from __future__ import annotations

import functools
import importlib
import importlib.abc
import importlib.machinery
import importlib.util
import sys
import types
import warnings
from collections.abc import Callable, Sequence
from typing import Any

#: The release that removes every old spelling below.
REMOVED_IN = "1.0"

#: The old spellings that warned in this process (each warns once).
_warned: set[str] = set()


def warn(old: str, new: str, stacklevel: int = 2) -> None:
    """Warn, once per process, that `old` is deprecated in favour of `new`.

    `stacklevel` counts as :func:`warnings.warn`'s does, from the caller of
    this function (2: the caller's caller).
    """
    if old in _warned:
        return
    warnings.warn(f"{old} is deprecated and will be removed in handrank {REMOVED_IN}; "
                  f"use {new}", DeprecationWarning, stacklevel=stacklevel + 1)
    _warned.add(old)                  # not before: a warning turned into an error repeats


# ------------------------------------------------------------ keyword spellings

def warn_variant(stacklevel: int = 2) -> None:
    """``variant=`` on an operation (superseded by ``game=hr.game(...)``)."""
    warn("variant=", "game=hr.game(name, **options) (for example game=hr.game('shortdeck'))",
         stacklevel + 1)


def warn_hand_size(name: str, n: int, new: str, stacklevel: int = 2) -> None:
    """An Omaha game name (``"omaha"``, ``"omaha-hilo"``) given hands of another size."""
    warn(f"game={name!r} with {n}-card hands", f"game={new!r}", stacklevel + 1)


# ------------------------------------------------------------ old functions

#: Old function on ``handrank`` -> (the module and name of today's function it
#: runs, the call that replaces it).
FUNCTIONS = {
    "evaluate_omaha": ("handrank.games.omaha", "evaluate_omaha",
                       'hr.evaluate(hole, board=board, game="omaha")'),
    "evaluate_omaha_batch": ("handrank.games.omaha", "evaluate_omaha_batch",
                             'hr.evaluate_batch(holes, boards=boards, game="omaha")'),
    "evaluate_omaha_hilo": ("handrank.games.hilo", "evaluate_omaha_hilo",
                            'hr.evaluate(hole, board=board, game="omaha-hilo")'),
    "evaluate_omaha_hilo_batch": ("handrank.games.hilo", "evaluate_omaha_hilo_batch",
                                  'hr.evaluate_batch(holes, boards=boards, game="omaha-hilo")'),
    "variant": ("handrank.games.variants", "variant", "hr.game(name, **options)"),
    "draw_game": ("handrank.games.draw", "draw_game",
                  "hr.game(name, **options) (draw_odds and best_hold take a Game)"),
}


@functools.cache
def function(name: str) -> Callable[..., Any]:
    """The old function `name` of :data:`FUNCTIONS`: warns, then runs today's."""
    module, attr, new = FUNCTIONS[name]
    f = getattr(importlib.import_module(module), attr)

    @functools.wraps(f)
    def old(*args: Any, **kwargs: Any) -> Any:
        warn(f"handrank.{name}", new)
        return f(*args, **kwargs)
    return old


# ------------------------------------------------------------ old module paths

#: Old public module -> its new home.
MOVED = {
    "handrank.badugi": "handrank.games.badugi",
    "handrank.cards": "handrank.core.cards",
    "handrank.draw": "handrank.games.draw",
    "handrank.evaluate": "handrank.games.holdem",
    "handrank.hilo": "handrank.games.hilo",
    "handrank.lowball": "handrank.games.lowball",
    "handrank.omaha": "handrank.games.omaha",
    "handrank.omaha_ranges": "handrank.ranges.omaha",
    "handrank.reference_badugi": "handrank.reference.badugi",
    "handrank.stud": "handrank.games.stud",
    "handrank.variants": "handrank.games.variants",
    "handrank.videopoker": "handrank.games.videopoker",
}

#: Old private module -> its new home.
PRIVATE = {
    "handrank._backend": "handrank.core._backend",
    "handrank._fallback": "handrank.core._fallback",
    "handrank._run": "handrank.core._run",
    "handrank._tables": "handrank.core._tables",
    "handrank._typing": "handrank.core._typing",
    "handrank._validate": "handrank.core._validate",
    "handrank._grid": "handrank.present._grid",
    "handrank._plot": "handrank.present._plot",
    "handrank._tabular": "handrank.present._tabular",
    "handrank._deal": "handrank.games._deal",
    "handrank._boardless": "handrank.equity.boardless",
    "handrank._exact_random": "handrank.equity._exact_random",
    "handrank._exact_tally": "handrank.equity._exact_tally",
    "handrank._hu_preflop": "handrank.equity._hu_preflop",
    "handrank._hilo_equity": "handrank.equity.hilo",
    "handrank._holdem_hilo_equity": "handrank.equity.holdem_hilo",
    "handrank._omaha_equity": "handrank.equity.omaha",
    "handrank._preflop": "handrank.equity.preflop",
    "handrank._cli_bench": "handrank.cli._bench",
    "handrank._cli_boards": "handrank.cli._boards",
    "handrank._cli_common": "handrank.cli._common",
    "handrank._cli_equity": "handrank.cli._equity",
    "handrank._cli_history": "handrank.cli._history",
    "handrank._cli_preflop": "handrank.cli._preflop",
    "handrank._cli_range": "handrank.cli._range",
    "handrank._cli_showdown": "handrank.cli._showdown",
}


class _Forwarding(types.ModuleType):
    """A module whose names it lacks are read from another (its ``_target``), and
    a write of a name the target has goes to the target too."""

    _target: types.ModuleType

    def __getattr__(self, name: str) -> Any:
        return getattr(self.__dict__["_target"], name)

    def __setattr__(self, name: str, value: Any) -> None:
        target = self.__dict__["_target"]
        if name in target.__dict__:
            # a name only the target had: keep its value, so that deleting
            # this face's copy (what a test's monkeypatch undo does for a name
            # it did not find in this module's own __dict__) gives it back
            saved = self.__dict__.setdefault("_shadowed", {})
            if name not in self.__dict__ and name not in saved:
                saved[name] = target.__dict__[name]
            setattr(target, name, value)
        super().__setattr__(name, value)

    def __delattr__(self, name: str) -> None:
        target = self.__dict__["_target"]
        saved = self.__dict__.get("_shadowed", {})
        if name in saved:
            setattr(target, name, saved.pop(name))
        elif name in target.__dict__:
            delattr(target, name)
        if name in self.__dict__:
            super().__delattr__(name)


def forward(name: str, target: types.ModuleType) -> None:
    """Make the module `name` a forwarding face of `target`.

    The packages that were modules once (``handrank.equity``,
    ``handrank.ranges``, ``handrank.showdown``) forward to the module that
    holds their old body, so their old names read and patch as before.
    """
    module = sys.modules[name]
    module.__dict__["_target"] = target
    module.__class__ = _Forwarding


def _public(target: types.ModuleType) -> list[str]:
    """The names ``from target import *`` binds."""
    names = getattr(target, "__all__", None)
    if names is None:
        names = [n for n in vars(target) if not n.startswith("_")]
    return list(names)


class _OldPaths(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Imports an old module path (:data:`MOVED`, :data:`PRIVATE`), with its warning."""

    def find_spec(self, fullname: str, path: Sequence[str] | None = None,
                  target: types.ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        if fullname not in MOVED and fullname not in PRIVATE:
            return None
        return importlib.util.spec_from_loader(fullname, self)

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> types.ModuleType | None:
        if spec.name in PRIVATE:
            new = importlib.import_module(PRIVATE[spec.name])
            new.__dict__["_own_spec"] = new.__spec__
            return new
        return None                     # an old public path: a new module object

    def exec_module(self, module: types.ModuleType) -> None:
        old = module.__spec__.name if module.__spec__ is not None else module.__name__
        if old in PRIVATE:
            # the import system stamped the old name's spec on the new module
            module.__spec__ = module.__dict__.pop("_own_spec")
            warn(old, PRIVATE[old], stacklevel=2)   # the import line (importlib's frames skipped)
            return
        new = MOVED[old]
        target = importlib.import_module(new)
        for name in _public(target):
            module.__dict__[name] = getattr(target, name)
        module.__doc__ = f"``{old}``: moved to :mod:`{new}` (deprecated path)."
        warn(old, new, stacklevel=2)   # the import line (importlib's frames skipped)
        forward(old, target)


def install() -> None:
    """Put the old-path importer on :data:`sys.meta_path` (once)."""
    if not any(isinstance(f, _OldPaths) for f in sys.meta_path):
        sys.meta_path.insert(0, _OldPaths())


def attribute(name: str) -> Any:
    """An old name read from ``handrank`` (its module ``__getattr__``).

    The old functions of :data:`FUNCTIONS`, and the old modules of
    :data:`MOVED` that ``handrank`` carried as attributes (``hr.stud``,
    ``hr.videopoker`` ...): importing one warns.  AttributeError otherwise.
    """
    if name in FUNCTIONS:
        return function(name)
    old = f"handrank.{name}"
    if old in MOVED:
        warn(old, MOVED[old], stacklevel=3)     # the line that read hr.<name>
        return importlib.import_module(old)
    raise AttributeError(f"module 'handrank' has no attribute {name!r}")


def protects(name: str, current: Any, value: Any) -> bool:
    """True when the import system would replace `current`, a name of
    ``handrank`` today (``hr.cards``, ``hr.evaluate``, ``hr.lowball``), by the
    old module of the same name on its first import: the name keeps its value."""
    return (isinstance(value, types.ModuleType) and value.__name__ in MOVED
            and current is not None and not isinstance(current, types.ModuleType))
