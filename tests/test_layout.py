"""The house shows the model: the package's layers, read from its source.

Two checks on ``src/handrank`` (docs/internals.md, "The house"):

* the import graph (module-level imports and the imports inside functions,
  not those under ``if TYPE_CHECKING``, which never run) has no circle, and
  every import points down :data:`LAYERS` (to the same layer or an earlier one);
* no operation tests a game's name: no module outside ``games/`` compares a
  ``game`` / ``kind`` variable (or a ``.name``) with the name of a game.

Each checker is tested first on a small made-up case it must reject, so a
checker that sees nothing cannot pass.
"""

from __future__ import annotations

import ast
import pathlib
from collections.abc import Iterable, Iterator

import pytest

import handrank as hr

# the package that runs: the source tree's, or an installed wheel's (its .py files)
PKG = pathlib.Path(hr.__file__).resolve().parent
SRC = PKG.parent

#: The layers, lowest first: a module may import from its own layer and the
#: layers before it, never from a later one.  A prefix names a package and
#: everything in it; "handrank" alone is the package's __init__.
LAYERS: list[tuple[str, tuple[str, ...]]] = [
    ("core", ("handrank.core", "handrank._core")),
    ("reference", ("handrank.reference",)),
    ("present", ("handrank.present",)),
    ("games", ("handrank.games",)),
    ("ranges", ("handrank.ranges",)),
    ("equity", ("handrank.equity",)),
    ("showdown", ("handrank.showdown",)),
    ("operations", ("handrank.operations",)),
    ("analysis", ("handrank.analysis",)),
    ("history", ("handrank.history",)),
    ("dask", ("handrank.dask",)),
    ("boards", ("handrank.boards",)),
    ("pql", ("handrank.pql",)),
    # the public names (handrank/__init__.py) and the Omaha preflop table's builder
    # (the old flat paths have no file: core/_compat.py)
    ("api", ("handrank", "handrank.omaha_preflop")),
    ("bench", ("handrank.bench",)),
    ("cli", ("handrank.cli",)),
    ("main", ("handrank.__main__",)),
]

#: Modules outside the graph: the cffi build script runs at build time only.
NOT_IMPORTED = ("handrank._build_ffi",)

#: Imports inside functions that may point anywhere: the optional third-party
#: extras are not handrank modules and never enter the graph; no handrank
#: module is on this list.
ALLOWED_LAZY: frozenset[tuple[str, str]] = frozenset()

#: Edges left in place that close a circle inside one subpackage, each with
#: why (the test fails when one disappears or no longer closes a circle, so
#: the list stays true).  None is left.
KNOWN_CIRCLES: dict[tuple[str, str], str] = {}


# ------------------------------------------------------------------ the graph


def module_name(path: pathlib.Path, src: pathlib.Path = SRC) -> str:
    parts = list(path.relative_to(src).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _imports(tree: ast.AST) -> Iterator[tuple[ast.Import | ast.ImportFrom, bool]]:
    """Each import statement that runs (not in the body of an ``if TYPE_CHECKING``)
    and whether it sits inside a function (a lambda counts), in one walk."""
    stack: list[tuple[ast.AST, bool]] = [(tree, False)]
    while stack:
        node, lazy = stack.pop()
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node, lazy
            continue
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            children: Iterable[ast.AST] = node.orelse
        else:
            children = ast.iter_child_nodes(node)
        inner = lazy or isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
        stack.extend((c, inner) for c in children)


def imports_of(name: str, is_package: bool, source: str,
               known: set[str]) -> dict[str, str]:
    """The handrank modules `name` imports: target -> "top" or "function"."""
    out: dict[str, str] = {}
    for node, lazy in _imports(ast.parse(source)):
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        else:
            if node.level:
                base = name.split(".") if is_package else name.split(".")[:-1]
                base = base[: len(base) - (node.level - 1)]
                prefix = ".".join(base + ([node.module] if node.module else []))
            else:
                prefix = node.module or ""
            # `from pkg import sub` imports the module pkg.sub; `from mod import f`, mod
            targets = [f"{prefix}.{a.name}" if f"{prefix}.{a.name}" in known else prefix
                       for a in node.names]
        for t in targets:
            while t and t not in known:
                t = t.rpartition(".")[0]
            if t and t != name:
                kind = "function" if lazy else "top"
                if out.get(t) != "top":
                    out[t] = kind
    return out


def package_graph(pkg: pathlib.Path = PKG) -> dict[str, dict[str, str]]:
    files = {module_name(p, pkg.parent): p for p in sorted(pkg.rglob("*.py"))}
    known = set(files) | {"handrank._core"}
    return {m: imports_of(m, p.name == "__init__.py", p.read_text(encoding="utf-8"), known)
            for m, p in files.items() if m not in NOT_IMPORTED}


def layer_of(module: str, layers: list[tuple[str, tuple[str, ...]]] = LAYERS) -> int:
    """The index of the layer whose longest prefix matches `module` (KeyError: none)."""
    best, where = -1, -1
    for i, (_, prefixes) in enumerate(layers):
        for p in prefixes:
            matches = module == p or (p != "handrank" and module.startswith(p + "."))
            if matches and len(p) > best:
                best, where = len(p), i
    if where < 0:
        raise KeyError(module)
    return where


def circles(graph: dict[str, dict[str, str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in graph.get(v, {}):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                found.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def problems(graph: dict[str, dict[str, str]],
             layers: list[tuple[str, tuple[str, ...]]] = LAYERS,
             allowed_lazy: frozenset[tuple[str, str]] = ALLOWED_LAZY,
             known_circles: frozenset[tuple[str, str]] | set[tuple[str, str]] = frozenset(),
             ) -> list[str]:
    """Every module without a layer, every upward import and every circle."""
    out = []
    for m in sorted(graph):
        try:
            layer_of(m, layers)
        except KeyError:
            out.append(f"{m} has no layer")
    for m, targets in sorted(graph.items()):
        for t, kind in sorted(targets.items()):
            if kind == "function" and (m, t) in allowed_lazy:
                continue
            try:
                up = layer_of(t, layers) > layer_of(m, layers)
            except KeyError:
                continue
            if up:
                out.append(f"{m} imports {t} ({kind}), a later layer "
                           f"({layers[layer_of(m, layers)][0]} -> "
                           f"{layers[layer_of(t, layers)][0]})")
    pruned = {m: {t: k for t, k in ts.items() if (m, t) not in known_circles}
              for m, ts in graph.items()}
    out += [f"import circle: {' -> '.join(c)}" for c in circles(pruned)]
    return out


def stale_entries(graph: dict[str, dict[str, str]],
                  allowed_lazy: frozenset[tuple[str, str]] | set[tuple[str, str]] = ALLOWED_LAZY,
                  known_circles: frozenset[tuple[str, str]] | set[tuple[str, str]] = frozenset(),
                  ) -> list[str]:
    """Every entry of the two exception lists that no longer says something true:
    an allowed lazy import that is not an import inside a function, a known
    circle's edge that is gone or no longer closes a circle."""
    out = []
    for m, t in sorted(allowed_lazy):
        if graph.get(m, {}).get(t) != "function":
            out.append(f"{m} -> {t} is not an import inside a function: drop it from ALLOWED_LAZY")
    comps = circles(graph)
    for m, t in sorted(known_circles):
        if t not in graph.get(m, {}):
            out.append(f"{m} -> {t} is gone: drop it from KNOWN_CIRCLES")
        elif not any(m in c and t in c for c in comps):
            out.append(f"{m} -> {t} closes no circle: drop it from KNOWN_CIRCLES")
    return out


# ------------------------------------------------------------ the checker, tested

_TOY_LAYERS = [("low", ("toy.low",)), ("high", ("toy.high",))]


def test_the_checker_finds_an_upward_import_a_circle_and_a_stray_module() -> None:
    graph = {
        "toy.low.a": {"toy.high.b": "function"},      # upward, in a function
        "toy.high.b": {"toy.low.a": "top"},           # down: fine on its own
        "toy.high.c": {"toy.high.d": "top"},          # c <-> d: a circle in one layer
        "toy.high.d": {"toy.high.c": "function"},
        "toy.stray": {},
    }
    found = problems(graph, _TOY_LAYERS)
    assert "toy.stray has no layer" in found
    assert any(p.startswith("toy.low.a imports toy.high.b (function)") for p in found)
    assert "import circle: toy.high.c -> toy.high.d" in found
    assert "import circle: toy.high.b -> toy.low.a" in found
    assert not any(p.startswith("toy.high.b imports") for p in found)
    # a known circle's edge is left out of the circle check, and only that
    assert "import circle: toy.high.c -> toy.high.d" not in problems(
        graph, _TOY_LAYERS, known_circles={("toy.high.d", "toy.high.c")})
    clean = {"toy.low.a": {}, "toy.high.b": {"toy.low.a": "top"}}
    assert problems(clean, _TOY_LAYERS) == []


def test_the_exception_lists_must_stay_true() -> None:
    graph = {
        "toy.high.c": {"toy.high.d": "top"},          # c <-> d: a circle
        "toy.high.d": {"toy.high.c": "function"},
        "toy.high.e": {"toy.low.a": "top"},           # e -> a: no circle
        "toy.low.a": {},
    }
    # true entries: a lazy import that is one, an edge that closes a circle
    assert stale_entries(graph, {("toy.high.d", "toy.high.c")},
                         {("toy.high.d", "toy.high.c")}) == []
    found = stale_entries(graph,
                          {("toy.high.c", "toy.high.d"), ("toy.low.a", "toy.high.e")},
                          {("toy.low.a", "toy.high.c"), ("toy.high.e", "toy.low.a")})
    assert found == [
        "toy.high.c -> toy.high.d is not an import inside a function: drop it from ALLOWED_LAZY",
        "toy.low.a -> toy.high.e is not an import inside a function: drop it from ALLOWED_LAZY",
        "toy.high.e -> toy.low.a closes no circle: drop it from KNOWN_CIRCLES",
        "toy.low.a -> toy.high.c is gone: drop it from KNOWN_CIRCLES",
    ]


def test_the_reader_sees_relative_lazy_and_type_only_imports() -> None:
    src = ("from typing import TYPE_CHECKING\n"
           "from . import low\n"
           "from ..x.high import thing\n"
           "if TYPE_CHECKING:\n    from .typed import T\n"
           "def f():\n    from .lazy import g\n")
    known = {"toy.p.low", "toy.p.lazy", "toy.p.typed", "toy.x.high", "toy.p.mod"}
    got = imports_of("toy.p.mod", False, src, known)
    assert got == {"toy.p.low": "top", "toy.x.high": "top", "toy.p.lazy": "function"}


@pytest.fixture(scope="module")
def graph() -> dict[str, dict[str, str]]:
    """The package's import graph, read once for the tests below."""
    return package_graph()


def test_every_module_has_a_layer_imports_go_down_and_nothing_circles(
        graph: dict[str, dict[str, str]]) -> None:
    assert len(graph) > 60                      # the whole package was read
    assert problems(graph, known_circles=set(KNOWN_CIRCLES)) == []


def test_the_known_circles_and_allowed_lazy_imports_are_still_there(
        graph: dict[str, dict[str, str]]) -> None:
    assert stale_entries(graph, ALLOWED_LAZY, set(KNOWN_CIRCLES)) == []


# ------------------------------------------------- no operation tests a game name

#: Variables that hold a game (or a name standing for one) in the operations.
_GAME_VARS = ("game", "kind", "name")

#: Functions not checked yet, with why.
NAME_TEST_EXEMPT: dict[tuple[str, str], str] = {}


def _is_game_var(node: ast.AST) -> bool:
    if isinstance(node, ast.Name):
        return node.id in _GAME_VARS or "game" in node.id.lower()
    if isinstance(node, ast.Attribute):
        return node.attr in _GAME_VARS or "game" in node.attr.lower()
    return False


def _literals(node: ast.AST) -> list[str]:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return [v for e in node.elts for v in _literals(e)]
    return []


def name_tests(source: str, names: set[str], exempt: set[str] = frozenset()  # type: ignore[assignment]
               ) -> list[tuple[int, str]]:
    """(line, text) of each comparison of a game variable with a game's name."""
    tree = ast.parse(source)
    skip: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name in exempt:
            skip.update(id(n) for n in ast.walk(node))
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Compare) or id(node) in skip:
            continue
        sides = [node.left, *node.comparators]
        for i, op in enumerate(node.ops):
            if not isinstance(op, (ast.Eq, ast.NotEq, ast.In, ast.NotIn, ast.Is, ast.IsNot)):
                continue
            a, b = sides[i], sides[i + 1]
            for var, lit in ((a, b), (b, a)):
                if _is_game_var(var) and set(_literals(lit)) & names:
                    found.append((node.lineno, ast.unparse(node)))
    return found


def _operation_modules() -> list[pathlib.Path]:
    """Every module but the games themselves (games/: the registry is the name table),
    the rule book and the old-path re-exports."""
    out = []
    for p in sorted(PKG.rglob("*.py")):
        m = module_name(p)
        if m.startswith(("handrank.games", "handrank.reference")) or m in NOT_IMPORTED:
            continue
        out.append(p)
    return out


def test_the_name_scanner_finds_a_name_test() -> None:
    names = set(hr.games())
    snippet = ("def f(game, g, kind):\n"
               "    if game == 'omaha':\n        pass\n"
               "    if g.name in ('holdem', 'shortdeck'):\n        pass\n"
               "    x = 'omaha-hilo' != kind\n"
               "    if g.hand == 'omaha':\n        pass\n"        # a hand rule, not a name
               "    if game in _TABLE:\n        pass\n")
    found = name_tests(snippet, names)
    assert [line for line, _ in found] == [2, 4, 6]
    assert name_tests("def evaluate(game):\n    return game == 'holdem'\n", names,
                      {"evaluate"}) == []


@pytest.mark.parametrize("path", _operation_modules(), ids=lambda p: module_name(p))
def test_no_operation_tests_a_game_name(path: pathlib.Path) -> None:
    m = module_name(path)
    exempt = {f for (mod, f) in NAME_TEST_EXEMPT if mod == m}
    found = name_tests(path.read_text(encoding="utf-8"), set(hr.games()), exempt)
    assert found == [], "\n".join(f"{path.relative_to(SRC)}:{n}: {t}" for n, t in found)
