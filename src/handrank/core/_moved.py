"""Old module paths that keep working after the package became subpackages.

Two kinds, both pointing at the module's new home (docs/internals.md, "The
house"):

* the public modules of the old flat layout (``handrank.cards``,
  ``handrank.evaluate``, ``handrank.lowball`` ...) are small files that
  re-export the new module's names and :func:`forward` everything else to it,
  reads and writes (so ``monkeypatch.setattr(handrank.evaluate, ...)`` still
  reaches the module that runs); the old modules that became packages
  (``handrank.equity``, ``handrank.showdown``, ``handrank.ranges``) forward
  to the module that holds their old body the same way;
* the private ones (``handrank._backend``, ``handrank._omaha_equity`` ...)
  have no file: :data:`PRIVATE` maps each old name to the new one, and an
  import of the old name returns the new module itself.

Nothing inside the package imports an old path.
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import importlib.util
import sys
import types
from collections.abc import Sequence
from typing import Any

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
    "handrank._deprecated": "handrank.games._deprecated",
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


class _Alias(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Imports an old private name as the module at its new path."""

    def find_spec(self, fullname: str, path: Sequence[str] | None = None,
                  target: types.ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        if fullname not in PRIVATE:
            return None
        return importlib.util.spec_from_loader(fullname, self)

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> types.ModuleType:
        return importlib.import_module(PRIVATE[spec.name])

    def exec_module(self, module: types.ModuleType) -> None:
        pass                            # the new module ran when it was imported


if not any(isinstance(f, _Alias) for f in sys.meta_path):
    sys.meta_path.insert(0, _Alias())


class _Forwarding(types.ModuleType):
    """An old public path: names it lacks are read from the new module, and a write
    of a name the new module has goes to it too."""

    _target: types.ModuleType

    def __getattr__(self, name: str) -> Any:
        return getattr(self.__dict__["_target"], name)

    def __setattr__(self, name: str, value: Any) -> None:
        target = self.__dict__["_target"]
        if name in target.__dict__:
            # a name only the new module had: keep its value, so that deleting
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
    """Make the old public module `name` a forwarding face of `target`."""
    module = sys.modules[name]
    module.__dict__["_target"] = target
    module.__class__ = _Forwarding
