"""No operation switches on a game's tags: it asks the game's objects.

A :class:`handrank.games.Game` records tags (``hand="omaha"``,
``low_rule=("a5", 8)``, ``exchanges=3`` ...) for the games' own modules; the
operations ask the game's rule (``Game.rule``: how a hand forms, ranks and
reads, which kernels serve it) instead of testing them.  This test scans the
source of ``handrank`` outside ``games/`` (where the rules live) and
``core/_compat.py`` (the old spellings) for a tag used as a switch:

- any read of ``four_cards``, ``hole_fixed`` or ``any_five`` (they are only tags);
- ``low_rule`` or ``exchanges`` as an operand of a comparison, or as the
  test of an ``if``, a conditional expression, a ``while``, an ``assert``,
  an ``and``/``or`` or a ``not`` (used as data, such as a count handed to a
  kernel, they pass);
- ``hand`` compared with a string (a game's ``hand`` is its rule's name);
- ``kind`` or ``name`` of a game or a spot (``g``, ``game``, ``spot``, and
  ``x.g`` ... ) compared with a string or a tuple of strings.

:data:`ALLOWED` lists the files still left with reads and their counts (pql's
spots were the last, now none); every other module must have none.  The scanner is
first run on planted snippets it must catch, so it cannot pass by seeing
nothing.
"""

from __future__ import annotations

import ast
import pathlib

import handrank as hr

PKG = pathlib.Path(hr.__file__).resolve().parent

#: Tags that are nothing but tags: any read of them outside games/ is a switch.
PURE_TAGS = frozenset({"four_cards", "hole_fixed", "any_five"})
#: Tags that may be read as data but not used to choose code.
SWITCH_TAGS = frozenset({"low_rule", "exchanges"})
#: Tags that are names: flagged when compared with a string.
NAMED_TAGS = frozenset({"hand"})
#: Names flagged when compared with a string on a game or a spot (the last part of
#: the receiver: ``g.name``, ``self.game.name``, ``ctx.spot.kind`` ...).
OWNED_TAGS = frozenset({"name", "kind"})
OWNERS = ("g", "game", "spot")

#: Files left with reads, each with how many it may have at most (pql's spots'
#: ``kind`` were the last; none is left).  The list may only shrink: a count over
#: its number, or a read in any other file, fails.
ALLOWED: dict[str, int] = {}


#: Paths not scanned: the games (the rules live there) and the old spellings.
SKIP = ("games/", "core/_compat.py")


def _is_str(node: ast.AST) -> bool:
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str)
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return bool(node.elts) and all(_is_str(e) for e in node.elts)
    return False


def _game_owner(node: ast.Attribute) -> bool:
    text = ast.unparse(node.value)
    return text.split(".")[-1] in OWNERS


def tag_reads(source: str) -> list[tuple[int, str]]:
    """(line, text) of each tag used as a switch in `source`."""
    tree = ast.parse(source)
    found: list[tuple[int, str]] = []
    seen: set[int] = set()

    def hit(node: ast.AST) -> None:
        if id(node) not in seen:
            seen.add(id(node))
            found.append((getattr(node, "lineno", 0), ast.unparse(node)))

    def switch_operands(node: ast.AST) -> list[ast.AST]:
        if isinstance(node, ast.Compare):
            return [node.left, *node.comparators]
        if isinstance(node, (ast.If, ast.IfExp, ast.While, ast.Assert)):
            return [node.test]
        if isinstance(node, ast.BoolOp):
            return list(node.values)
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
            return [node.operand]
        return []

    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr in PURE_TAGS:
            hit(node)
        for op in switch_operands(node):
            if isinstance(op, ast.Attribute) and op.attr in SWITCH_TAGS:
                hit(op)
        if isinstance(node, ast.Compare):
            operands = [node.left, *node.comparators]
            strings = any(_is_str(o) for o in operands)
            for op in operands:
                if not isinstance(op, ast.Attribute) or not strings:
                    continue
                if op.attr in NAMED_TAGS or (op.attr in OWNED_TAGS and _game_owner(op)):
                    hit(op)
    return sorted(found)


def scan(root: pathlib.Path = PKG) -> dict[str, list[tuple[int, str]]]:
    """Every scanned module's tag reads, by path under `root` (modules with none left out)."""
    out: dict[str, list[tuple[int, str]]] = {}
    for path in sorted(root.rglob("*.py")):
        rel = path.relative_to(root).as_posix()
        if rel.startswith(SKIP):
            continue
        reads = tag_reads(path.read_text(encoding="utf-8"))
        if reads:
            out[rel] = reads
    return out


# ------------------------------------------------------------ the scanner's own test

PLANTED = {
    'if g.hand == "omaha":\n    pass\n': "g.hand",
    'x = g.rule.hole_fixed\n': "g.rule.hole_fixed",
    'y = 1 if game.rule.four_cards else 2\n': "game.rule.four_cards",
    'ok = g.rule.any_five and g.split\n': "g.rule.any_five",
    'if g.low_rule == ("a5", 8):\n    pass\n': "g.low_rule",
    'z = g.low_rule is not None\n': "g.low_rule",
    'if g.exchanges > 1:\n    pass\n': "g.exchanges",
    'while not g.exchanges:\n    break\n': "g.exchanges",
    'if self.spot.kind == "studlike":\n    pass\n': "self.spot.kind",
    'if g.name in ("omaha", "omaha-hilo"):\n    pass\n': "g.name",
    'assert "holdem" != self.game.name\n': "self.game.name",
    'ok = p.hand in ("any", "omaha")\n': "p.hand",
    'if t.g.kind == "badugi":\n    pass\n': "t.g.kind",
}

#: Data reads and look-alikes the scanner must leave alone.
CLEAN = [
    "n = g.exchanges\n",
    "kernel(g.exchanges, g.hole_cards)\n",
    "lo = lowball(*g.low_rule)\n",
    "rows = acts.hand[use]\n",
    "if e.hand is None:\n    pass\n",
    'if t.kind == "eof":\n    pass\n',
    'if s.kind == "histogram":\n    pass\n',
    'if libs[0].name == "handrank":\n    pass\n',
    "if f.name in _NOT_AVERAGED:\n    pass\n",
    "if g.rule.hole_count(g) is not None:\n    pass\n",
    'msg = f"{g.name!r}"\n',
]


def test_the_scanner_catches_each_planted_read() -> None:
    for snippet, text in PLANTED.items():
        reads = tag_reads(snippet)
        assert [t for _, t in reads] == [text], snippet


def test_the_scanner_leaves_data_reads_alone() -> None:
    for snippet in CLEAN:
        assert tag_reads(snippet) == [], snippet


def test_the_scanner_finds_a_read_planted_in_a_module(tmp_path: pathlib.Path) -> None:
    pkg = tmp_path / "pkg"
    (pkg / "games").mkdir(parents=True)
    (pkg / "equity").mkdir()
    (pkg / "games" / "rules.py").write_text('ok = g.hand == "omaha"\n')
    (pkg / "equity" / "x.py").write_text('def f(g):\n    return g.rule.hole_fixed\n')
    assert scan(pkg) == {"equity/x.py": [(2, "g.rule.hole_fixed")]}


def test_the_package_is_scanned() -> None:
    files = [p for p in PKG.rglob("*.py") if not p.relative_to(PKG).as_posix().startswith(SKIP)]
    assert len(files) > 100
    assert (PKG / "operations.py") in files


# ------------------------------------------------------------ the package


def test_no_operation_switches_on_a_game_tag() -> None:
    found = scan()
    over = {path: reads for path, reads in found.items()
            if len(reads) > ALLOWED.get(path, 0)}
    assert not over, "game tags used as switches (ask Game.rule instead):\n" + "\n".join(
        f"  {path}:{line}: {text}" for path, reads in over.items() for line, text in reads)


def test_the_allowed_list_names_files_that_exist() -> None:
    for path in ALLOWED:
        assert (PKG / path).is_file(), path
