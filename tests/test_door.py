"""One door to C: only ``handrank.core.kernels`` touches the compiled library.

A module touches it when its source names cffi's ``ffi`` or ``lib``
(``x.lib``, ``x.ffi``, a bare ``lib``/``ffi``/``_C``), reads
``_backend.core``, imports ``handrank._core``, asks the door for the
compiled module (``compiled_module()``, the tests' and table builders' way)
or holds one of the cffi functions the door binds from ``lib`` (its
``EVAL7_HOLDEM``, ``EVAL_BYTES`` ...: read from the door's source).  Read from
the source with ``ast``; the checker is first run on small made-up modules
it must flag.
"""

from __future__ import annotations

import ast
import functools
import pathlib

import pytest

import handrank as hr

PKG = pathlib.Path(hr.__file__).resolve().parent

#: The door.
DOOR = "core/kernels.py"

#: Modules that still call the C core themselves; each moves behind the door
#: and leaves this list (the test fails while the list names a module that no
#: longer touches C, so the list only shrinks).
NOT_YET_BEHIND_THE_DOOR: dict[str, str] = {}

#: The cffi build script runs at build time, never imported by the package.
BUILD_ONLY = frozenset({"_build_ffi.py"})


def door_bindings(source: str) -> frozenset[str]:
    """The module-level names the door's `source` binds to attributes of the
    cffi library (``X = _lib.hr_...``), which hold the C functions themselves."""
    names: set[str] = set()

    def from_lib(value: ast.AST) -> bool:
        return any(isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name)
                   and n.value.id in ("_lib", "lib") for n in ast.walk(value))

    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Assign) and from_lib(node.value):
            for t in node.targets:
                names.update(n.id for n in ast.walk(t) if isinstance(n, ast.Name)
                             and n.id.isupper())
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
              and node.func.attr == "update" and isinstance(node.func.value, ast.Name)
              and node.func.value.id.isupper() and any(from_lib(a) for a in node.args)):
            names.add(node.func.value.id)
    return frozenset(names)


@functools.cache
def _bindings() -> frozenset[str]:
    return door_bindings((PKG / DOOR).read_text(encoding="utf-8"))


def touches_c(source: str, bindings: frozenset[str] | None = None) -> list[str]:
    """What in ``source`` reaches the compiled library (empty when nothing);
    `bindings` are the door's names of cffi functions (default: the door's)."""
    held = _bindings() if bindings is None else bindings
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Attribute):
            if node.attr in ("lib", "ffi"):
                found.add(f".{node.attr}")
            if node.attr in held:
                found.add(f"holds {node.attr}")
            if node.attr == "compiled_module":
                found.add("compiled_module")
            if (node.attr == "core" and isinstance(node.value, ast.Name)
                    and node.value.id == "_backend"):
                found.add("_backend.core")
        elif isinstance(node, ast.Name) and node.id in ("lib", "ffi", "_C"):
            found.add(node.id)
        elif isinstance(node, ast.ImportFrom):
            names = {a.name for a in node.names}
            if (node.module or "").split(".")[-1] == "_core" or "_core" in names:
                found.add("import _core")
            found.update(f"holds {n}" for n in names & held)
            if "compiled_module" in names:
                found.add("compiled_module")
        elif isinstance(node, ast.Import):
            if any(a.name.split(".")[-1] == "_core" for a in node.names):
                found.add("import _core")
    return sorted(found)


@pytest.mark.parametrize("source", [
    "from .. import _core as core\n",
    "import handrank._core\n",
    "from ..core import _backend\nx = _backend.core\n",
    "def f(m):\n    return m.lib.hr_eval7_holdem(1)\n",
    "def f(m):\n    return m.ffi.cast('int *', 0)\n",
    "def f():\n    return _C\n",
    "from ..core import kernels\nm = kernels.compiled_module()\n",
    "from ..core import kernels\n_EVAL7 = kernels.EVAL7_HOLDEM\n",
    "from ..core.kernels import EVAL_BYTES as ev\n",
])
def test_the_checker_flags_each_way_of_reaching_c(source: str) -> None:
    assert touches_c(source, frozenset({"EVAL7_HOLDEM", "EVAL_BYTES"}))


def test_the_door_bindings_are_read_from_its_source() -> None:
    toy = ("X: int | None = None\nif _C is not None:\n    _lib = _C.lib\n"
           "    A, B = _lib.hr_a, _lib.hr_b\n    C = _lib.hr_c\n    W.update({1: (_lib.hr_d,)})\n"
           "    lower = _lib.hr_e\nD = other.thing\n")
    assert door_bindings(toy) == {"A", "B", "C", "W"}
    got = _bindings()
    assert {"EVAL7_HOLDEM", "EVAL_BYTES", "EVAL_BY_WIDTH"} <= got


def test_the_checker_passes_a_module_that_calls_the_door() -> None:
    assert touches_c("from ..core import kernels\n\ndef f(a):\n"
                     "    return kernels.eval7(a)\n") == []


@functools.cache
def _modules() -> dict[str, list[str]]:
    out = {}
    for path in sorted(PKG.rglob("*.py")):
        rel = path.relative_to(PKG).as_posix()
        if rel in BUILD_ONLY:
            continue
        out[rel] = touches_c(path.read_text(encoding="utf-8"))
    return out


def test_only_the_door_touches_the_compiled_library() -> None:
    modules = _modules()
    assert DOOR in modules and modules[DOOR], "the door must exist and reach C"
    strays = {m: hits for m, hits in modules.items()
              if hits and m != DOOR and m not in NOT_YET_BEHIND_THE_DOOR}
    assert strays == {}, f"modules reaching C past the door: {strays}"


def test_the_modules_touching_c_are_the_door_and_the_listed_ones() -> None:
    touching = {m for m, hits in _modules().items() if hits}
    assert touching == {DOOR} | set(NOT_YET_BEHIND_THE_DOOR)


def test_the_list_of_modules_not_yet_behind_the_door_stays_true() -> None:
    modules = _modules()
    stale = sorted(m for m in NOT_YET_BEHIND_THE_DOOR if not modules.get(m))
    assert stale == [], f"no longer reach C, remove from the list: {stale}"


#: Modules outside core/ that still read ``kernels.have_c()`` to choose between
#: a driver of C kernels and a different numpy algorithm that is written on
#: code above core/ (the games' batch evaluators, ranges, the equity results),
#: with the number of reads; the list only shrinks (each job that moves behind
#: the door as one function, as ``kernels.omaha_exact`` did, leaves it).
BACKEND_CHOICES_LEFT: dict[str, int] = {
    # handrank.dask ships chunks of C kernels to the workers (no numpy twin to
    # ship); without the C core it runs locally what handrank.equity runs, so
    # its two reads choose the engine, not a kernel's backend.
    "dask.py": 2,
}


def have_c_reads(source: str) -> int:
    """Calls of ``have_c()`` (bare or as an attribute) in ``source``."""
    return sum(1 for node in ast.walk(ast.parse(source))
               if isinstance(node, ast.Call)
               and ((isinstance(node.func, ast.Attribute) and node.func.attr == "have_c")
                    or (isinstance(node.func, ast.Name) and node.func.id == "have_c")))


def test_the_have_c_counter_counts_each_spelling() -> None:
    assert have_c_reads("if kernels.have_c() and have_c():\n    pass\n") == 2
    assert have_c_reads("x = kernels.on_backend(c=1, python=2)\n") == 0


def test_only_the_listed_modules_choose_by_the_backend_outside_core() -> None:
    reads = {}
    for path in sorted(PKG.rglob("*.py")):
        rel = path.relative_to(PKG).as_posix()
        if rel.startswith("core/") or rel in BUILD_ONLY:
            continue
        n = have_c_reads(path.read_text(encoding="utf-8"))
        if n:
            reads[rel] = n
    assert reads == BACKEND_CHOICES_LEFT
