"""The house shows it (issue 40's checklist), read from the source with ``ast``.

Beside tests/test_layout.py (layers, circles of the imports that run) and
tests/test_c_coverage.py (the cffi cdef against csrc/*.h):

* no import circle and no upward import when the imports under
  ``if TYPE_CHECKING`` count too;
* no import inside a function, except the optional extras and the CLI's
  per-command loads;
* ``tables/`` (the table builders) imports nothing from ``src/``;
* no function of more than :data:`MAX_LINES` lines of code (its docstring
  not counted) unless its docstring says why, on a line starting
  ``Long because:`` (:data:`REASON`), and no such line on a shorter one;
* no public name of a package is a function that shares its name with one of
  the package's modules (``hr.equity`` is the module ``handrank.equity``,
  callable).

Where the house does not show it yet, the places are pinned below, each
list only shrinking: a new place fails, and so does an entry that is no
longer true.  Each checker is first run on a small made-up case it must flag.
"""

from __future__ import annotations

import ast
import importlib
import pathlib
import sys

import pytest

import handrank as hr

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import test_layout as layout  # noqa: E402  (the graph reader and the layers)

PKG = layout.PKG
ROOT = pathlib.Path(__file__).resolve().parents[1]
TABLES = ROOT / "tables"

#: Optional extras and peers a function may import where it needs them (and
#: handrank.dask, the optional engine, which needs dask).
EXTRAS = frozenset({"dask", "distributed", "pandas", "matplotlib", "tqdm", "duckdb",
                    "pyarrow", "IPython", "ipywidgets", "pokerkit", "pokerfast", "eval7",
                    "phevaluator", "treys"})

#: Circles closed by imports under ``if TYPE_CHECKING`` (each the set of its
#: modules).
KNOWN_TYPE_ONLY_CIRCLES: list[frozenset[str]] = []
#: Upward imports under ``if TYPE_CHECKING``.
KNOWN_TYPE_ONLY_UPWARD: frozenset[str] = frozenset()

#: Imports inside functions (not of an extra, not in cli/): module -> count.
KNOWN_LAZY: dict[str, int] = {}

#: Table builders that still import the built package (to rank hands or run
#: its C core).  None left: tables/preflop_hu.py counts with its own engine
#: (tables/hu_engine.c on tables/generate.py's lookup) and
#: tables/pql_holdem_order.py ranks the classes from those counts.
KNOWN_TABLES_IMPORTING_SRC: frozenset[str] = frozenset()

#: Public functions named like a module of their package (the module's own
#: function re-exported, so the function hides the module once the package is
#: imported).  None left.
KNOWN_CLASHES: frozenset[tuple[str, str]] = frozenset()

MAX_LINES = 80
#: A function may be longer than MAX_LINES where its docstring says why, on a line
#: starting with this (and a reason of at least REASON_CHARS characters after it):
#: "Long because: one pass over the actions; a call per action costs 8% (measured)".
REASON = "Long because:"
REASON_CHARS = 20
#: Functions of more than MAX_LINES lines of code with no reason, with their count.
KNOWN_LONG: dict[str, int] = {}


# ------------------------------------------------------------------ readers

def full_graph(pkg: pathlib.Path = PKG) -> dict[str, dict[str, str]]:
    """The package's import graph with the type-only imports counted."""
    files = {layout.module_name(p, pkg.parent): p for p in sorted(pkg.rglob("*.py"))}
    known = set(files) | {"handrank._core"}
    out = {}
    for m, p in files.items():
        if m in layout.NOT_IMPORTED:
            continue
        src = p.read_text(encoding="utf-8").replace("if TYPE_CHECKING:", "if True:")
        out[m] = layout.imports_of(m, p.name == "__init__.py", src, known)
    return out


def lazy_imports(source: str, module: str) -> list[tuple[int, str]]:
    """(line, module) of each import inside a function that is not an extra."""
    out = []
    for fn in ast.walk(ast.parse(source)):
        if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        for n in ast.walk(fn):
            if isinstance(n, ast.ImportFrom):
                mod = "." * n.level + (n.module or "")
                if any(a.name == "dask" for a in n.names) or mod.endswith(".dask"):
                    continue            # handrank.dask, the optional engine
            elif isinstance(n, ast.Import):
                mod = n.names[0].name
            else:
                continue
            if mod.split(".")[0] in EXTRAS:
                continue
            out.append((n.lineno, mod))
    return sorted(set(out))


def imports_handrank(source: str) -> bool:
    """Whether the source reaches the package: an import of handrank, an
    ``importlib.import_module`` / ``__import__`` of it, a ``sys.path`` entry
    naming ``src``, or a compiled library loaded by hand (dlopen, CDLL)."""
    for n in ast.walk(ast.parse(source)):
        if isinstance(n, ast.Import) and any(a.name.split(".")[0] == "handrank"
                                             for a in n.names):
            return True
        if isinstance(n, ast.ImportFrom) and (n.module or "").split(".")[0] == "handrank":
            return True
        if not isinstance(n, ast.Call):
            continue
        f = n.func
        name = f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else ""
        texts = [c.value for c in ast.walk(n)
                 if isinstance(c, ast.Constant) and isinstance(c.value, str)]
        if name in ("import_module", "__import__") and any(
                t.split(".")[0] == "handrank" for t in texts):
            return True
        if (name in ("insert", "append") and "path" in ast.unparse(f)
                and any(t == "src" or "src/" in t or "/src" in t for t in texts)):
            return True
        if name in ("dlopen", "CDLL", "LoadLibrary"):
            return True
    return False


def long_reason(fn: ast.FunctionDef | ast.AsyncFunctionDef) -> str | None:
    """The reason `fn`'s docstring gives for its length (the text after
    :data:`REASON` on a line of its own), None without one or with too short a one."""
    for line in (ast.get_docstring(fn) or "").splitlines():
        line = line.strip()
        if line.startswith(REASON) and len(line[len(REASON):].strip()) >= REASON_CHARS:
            return line[len(REASON):].strip()
    return None


def long_functions(source: str, module: str, limit: int = MAX_LINES,
                   reasoned: bool = False) -> dict[str, int]:
    """qualified name -> lines of code (from the first statement after the
    docstring to the end) of each function longer than `limit` whose docstring
    gives no reason for it (`reasoned`: of each one that gives a reason)."""
    out = {}

    def visit(node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                name = f"{prefix}{child.name}"
                if not isinstance(child, ast.ClassDef):
                    body = child.body
                    if (body and isinstance(body[0], ast.Expr)
                            and isinstance(body[0].value, ast.Constant)
                            and isinstance(body[0].value.value, str) and len(body) > 1):
                        body = body[1:]
                    n = (child.end_lineno or 0) - body[0].lineno + 1
                    if n > limit and (long_reason(child) is not None) == reasoned:
                        out[f"{module}.{name}"] = n
                visit(child, name + ".")
    visit(ast.parse(source), "")
    return out


def _modules() -> dict[str, pathlib.Path]:
    return {layout.module_name(p, PKG.parent): p for p in sorted(PKG.rglob("*.py"))}


# ------------------------------------------------------- the checkers, tested

def test_the_readers_flag_a_made_up_case() -> None:
    src = ("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .b import T\n"
           "def f():\n    import json\n    import pandas\n    from . import c\n"
           "    from .. import dask\n")
    assert lazy_imports(src, "toy.a") == [(5, "json"), (7, ".")]
    assert imports_handrank("from handrank.games import game\n")
    assert imports_handrank("import handrank as hr\n")
    assert not imports_handrank("import numpy as np\nimport lowball\n")
    assert imports_handrank("import importlib\nk = importlib.import_module('handrank.core')\n")
    assert imports_handrank("hr = __import__('handrank')\n")
    assert imports_handrank("import sys\nsys.path.insert(0, os.path.join(ROOT, 'src'))\n")
    assert imports_handrank("import cffi\nlib = cffi.FFI().dlopen(path)\n")
    assert imports_handrank("import ctypes\nlib = ctypes.CDLL('_core.so')\n")
    assert not imports_handrank("import sys\nsys.path.insert(0, HERE)\n"
                                "OUT = os.path.join(HERE, 'src', 'x.npz')\n")
    body = "\n".join(f"    x{i} = {i}" for i in range(81))
    assert long_functions(f'def f():\n    """Doc.\n\n    More."""\n{body}\n', "toy") == {
        "toy.f": 81}
    assert long_functions(f"def f():\n{body[:-len(' x80 = 80') - 4]}\n", "toy") == {}
    nested = body.replace("\n", "\n    ")
    assert long_functions(f"class C:\n    def g(self):\n    {nested}\n", "toy") == {
        "toy.C.g": 81}
    # a reason in the docstring lets a long function pass; a missing or empty one does not
    why = "Long because: one pass over the actions, a call per action costs 8%."
    for doc, flagged in ((f"Doc.\n\n    {why}", False), (why, False),
                         ("Doc.\n\n    Long because:", True),
                         ("Doc.\n\n    Long because: speed.", True),
                         (f"Doc. {why}", True), ("Doc.", True)):
        src = f'def f():\n    """{doc}"""\n{body}\n'
        assert long_functions(src, "toy") == ({"toy.f": 81} if flagged else {}), doc
        assert long_functions(src, "toy", reasoned=True) == ({} if flagged else {"toy.f": 81})


# ---------------------------------------------------------------- the house

def test_no_new_circle_or_upward_import_when_type_only_imports_count() -> None:
    graph = full_graph()
    found = [frozenset(c) for c in layout.circles(graph)]
    assert sorted(map(sorted, found)) == sorted(map(sorted, KNOWN_TYPE_ONLY_CIRCLES))
    upward = {p for p in layout.problems(graph) if "later layer" in p}
    assert upward == KNOWN_TYPE_ONLY_UPWARD


def test_imports_inside_functions_are_extras_or_the_clis_or_pinned() -> None:
    got = {}
    for m, p in _modules().items():
        if m.startswith("handrank.cli"):
            continue
        n = len(lazy_imports(p.read_text(encoding="utf-8"), m))
        if n:
            got[m] = n
    assert got == KNOWN_LAZY


def test_the_pql_package_imports_at_the_top() -> None:
    for m, p in _modules().items():
        if m.startswith("handrank.pql"):
            assert lazy_imports(p.read_text(encoding="utf-8"), m) == [], m


def test_table_builders_import_nothing_from_src() -> None:
    if not TABLES.is_dir():
        pytest.skip("no tables/ (an installed wheel)")
    scripts = sorted(TABLES.glob("*.py"))
    assert {"generate.py", "preflop_hu.py", "pql_holdem_order.py"} <= {p.name for p in scripts}
    got = {p.name for p in scripts if imports_handrank(p.read_text(encoding="utf-8"))}
    assert got == KNOWN_TABLES_IMPORTING_SRC, f"tables/ scripts reaching the package: {got}"


def test_no_new_function_over_the_line_limit() -> None:
    got: dict[str, int] = {}
    for m, p in _modules().items():
        got.update(long_functions(p.read_text(encoding="utf-8"), m))
    new = sorted(set(got) - set(KNOWN_LONG))
    gone = sorted(set(KNOWN_LONG) - set(got))
    assert new == [], (f"functions over {MAX_LINES} lines of code with no line "
                       f"'{REASON} ...' in their docstring: {new}")
    assert gone == [], f"no longer over {MAX_LINES} lines, drop from KNOWN_LONG: {gone}"


def test_a_reason_for_a_long_function_is_kept_only_while_it_is_long() -> None:
    """A docstring's "Long because: ..." on a function of MAX_LINES lines or fewer is
    stale (the function was split): it must go."""
    stale = []
    for m, p in _modules().items():
        src = p.read_text(encoding="utf-8")
        reasoned = set(long_functions(src, m, limit=0, reasoned=True))
        stale += sorted(reasoned - set(long_functions(src, m, reasoned=True)))
    assert stale == [], f"'{REASON}' in the docstring of a short function: {stale}"


def _public_clashes() -> list[tuple[str, str, object]]:
    out = []
    for m, p in _modules().items():
        if p.name != "__init__.py":
            continue
        pkg = importlib.import_module(m)
        subs = {q.stem for q in p.parent.glob("*.py") if q.stem != "__init__"}
        subs |= {q.name for q in p.parent.iterdir() if (q / "__init__.py").is_file()}
        for name in getattr(pkg, "__all__", ()):
            if name in subs:
                out.append((m, name, getattr(pkg, name)))
    return out


def test_no_public_function_shares_its_name_with_a_module() -> None:
    clashes = _public_clashes()
    assert {(m, n) for m, n, _ in clashes} >= {("handrank", "equity"), ("handrank", "games")}
    left = {(m, n) for m, n, v in clashes if v is not sys.modules[f"{m}.{n}"]}
    assert left == KNOWN_CLASHES
    for m, name, value in clashes:
        if (m, name) in KNOWN_CLASHES:
            continue
        # the public name is the module itself (callable where it is an operation)
        assert value is sys.modules[f"{m}.{name}"], f"{m}.{name} is {value!r}, not the module"
    assert callable(hr.equity) and callable(hr.games)
    importlib.import_module("handrank.games.videopoker")
