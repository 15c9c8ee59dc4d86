"""Reading a PQL query: tokens, then a recursive-descent parser to a small tree.

The grammar (keywords and function names are case-insensitive)::

    query     := SELECT selector (',' selector)* FROM binding (',' binding)* [',']
                 [WHERE expr] [';']
    selector  := NAME '(' expr? ')' [AS NAME]           -- avg, count, histogram, max, min
    binding   := NAME '=' STRING
    expr      := or
    or        := and ((OR | '||') and)*                -- '||' is a synonym of OR
    and       := not (AND not)*
    not       := NOT not | cmp
    cmp       := sum [('=' | '<>' | '!=' | '<' | '<=' | '>' | '>=') sum
                       | [NOT] IN '(' expr (',' expr)* ')']
    sum       := prod (('+' | '-') prod)*
    prod      := unary (('*' | '/') unary)*
    unary     := '-' unary | atom
    atom      := NUMBER | STRING | TRUE | FALSE | NAME ['(' [expr (',' expr)*] ')']
               | '(' expr ')' | case
    case      := CASE [expr] (WHEN expr THEN expr)+ [ELSE expr] END

Errors raise :class:`PqlError` with the line, the column and a caret under
the place.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Union

from ..core.errors import HandrankError

__all__ = ["PqlError", "parse", "Query", "Selector", "Node", "Num", "Str", "Name", "Call",
           "BinOp", "UnOp", "In", "Case", "locate"]


class PqlError(HandrankError, ValueError):
    """A PQL query that cannot run: its syntax, a name, a range, a game."""


def locate(text: str, pos: int, message: str) -> PqlError:
    """An error at offset `pos` of `text`: the message, line and column, the
    line itself and a caret under the column."""
    pos = max(0, min(pos, len(text)))
    line_no = text.count("\n", 0, pos) + 1
    start = text.rfind("\n", 0, pos) + 1
    end = text.find("\n", pos)
    line = text[start:end if end >= 0 else len(text)]
    col = pos - start + 1
    return PqlError(f"{message} at line {line_no}, column {col}\n  {line}\n  {' ' * (col - 1)}^")


# ---------------------------------------------------------------------- tokens

_TOKEN = re.compile(r"""
    (?P<space>\s+|--[^\n]*|/\*.*?\*/)
  | (?P<number>(?:\d+\.\d*|\.\d+|\d+)(?:[eE][+-]?\d+)?)
  | (?P<string>'(?:[^']|'')*')
  | (?P<name>[A-Za-z_][A-Za-z0-9_]*)
  | (?P<op><>|!=|<=|>=|\|\||[=<>+\-*/(),;])
""", re.VERBOSE | re.DOTALL)

KEYWORDS = {"select", "from", "where", "as", "and", "or", "not", "in", "case", "when",
            "then", "else", "end", "true", "false"}


@dataclass(frozen=True)
class Token:
    kind: str          # number, string, name, keyword, op, eof
    text: str
    pos: int


def tokenize(text: str) -> list[Token]:
    out: list[Token] = []
    i = 0
    while i < len(text):
        m = _TOKEN.match(text, i)
        if m is None:
            if text.startswith("'", i):
                raise locate(text, i, "unterminated string")
            raise locate(text, i, f"unexpected character {text[i]!r}")
        kind = m.lastgroup or ""
        if kind != "space":
            word = m.group()
            if kind == "name" and word.lower() in KEYWORDS:
                out.append(Token("keyword", word.lower(), i))
            else:
                out.append(Token(kind, word, i))
        i = m.end()
    out.append(Token("eof", "", len(text)))
    return out


# ------------------------------------------------------------------------ tree

@dataclass
class Num:
    value: float
    pos: int


@dataclass
class Str:
    value: str
    pos: int


@dataclass
class Name:
    name: str
    pos: int


@dataclass
class Call:
    name: str
    args: list[Node]
    pos: int


@dataclass
class BinOp:
    op: str
    left: Node
    right: Node
    pos: int


@dataclass
class UnOp:
    op: str            # "not" or "-"
    arg: Node
    pos: int


@dataclass
class In:
    arg: Node
    options: list[Node]
    negated: bool
    pos: int


@dataclass
class Case:
    subject: Node | None
    whens: list[tuple[Node, Node]]
    default: Node | None
    pos: int


Node = Union[Num, Str, Name, Call, BinOp, UnOp, In, Case]


@dataclass
class Selector:
    kind: str          # avg, count, histogram, max, min
    expr: Node | None
    alias: str | None
    text: str          # the selector as written, the default name of its row
    pos: int


@dataclass
class Query:
    text: str
    selectors: list[Selector]
    bindings: list[tuple[str, str, int]] = field(default_factory=list)   # (key, value, pos)
    where: Node | None = None


SELECTORS = ("avg", "count", "histogram", "max", "min")


class _Parser:
    def __init__(self, text: str) -> None:
        self.text = text
        self.toks = tokenize(text)
        self.i = 0

    # -- helpers
    @property
    def tok(self) -> Token:
        return self.toks[self.i]

    def next(self) -> Token:
        t = self.toks[self.i]
        self.i += 1
        return t

    def error(self, message: str, tok: Token | None = None) -> PqlError:
        t = tok or self.tok
        return locate(self.text, t.pos, message)

    def found(self) -> str:
        t = self.tok
        return "the end of the query" if t.kind == "eof" else repr(t.text)

    def accept(self, kind: str, text: str | None = None) -> Token | None:
        t = self.tok
        if t.kind == kind and (text is None or t.text == text):
            self.i += 1
            return t
        return None

    def expect(self, kind: str, text: str | None = None, what: str | None = None) -> Token:
        t = self.accept(kind, text)
        if t is None:
            raise self.error(f"expected {what or repr(text) or kind}, found {self.found()}")
        return t

    # -- query
    def query(self) -> Query:
        self.expect("keyword", "select", "'select'")
        selectors = [self.selector()]
        while self.accept("op", ","):
            selectors.append(self.selector())
        self.expect("keyword", "from", "',' or 'from'")
        q = Query(self.text, selectors)
        while True:
            key = self.expect("name", what="a name such as game, board or a player")
            self.expect("op", "=", "'='")
            if self.tok.kind != "string":
                raise self.error(f"expected a quoted value such as 'AKs', found {self.found()}")
            value = self.next()
            q.bindings.append((key.text, value.text[1:-1].replace("''", "'"), key.pos))
            if not self.accept("op", ","):
                break
            if self.tok.kind != "name":     # a trailing comma
                break
        if self.accept("keyword", "where"):
            q.where = self.expr()
        self.accept("op", ";")
        if self.tok.kind != "eof":
            raise self.error(f"expected 'where' or the end of the query, found {self.found()}")
        return q

    def selector(self) -> Selector:
        t = self.tok
        if t.kind != "name" or t.text.lower() not in SELECTORS:
            raise self.error(f"expected a selector (avg, count, histogram, max or min), "
                             f"found {self.found()}")
        self.next()
        self.expect("op", "(", "'('")
        expr = None if self.tok.kind == "op" and self.tok.text == ")" else self.expr()
        close = self.expect("op", ")", "')'")
        text = self.text[t.pos:close.pos + 1]
        alias = None
        if self.accept("keyword", "as"):
            alias = self.expect("name", what="a name after 'as'").text
        return Selector(t.text.lower(), expr, alias, " ".join(text.split()), t.pos)

    # -- expressions
    def expr(self) -> Node:
        left = self.and_()
        while (t := self.accept("keyword", "or") or self.accept("op", "||")):
            left = BinOp("or", left, self.and_(), t.pos)
        return left

    def and_(self) -> Node:
        left = self.not_()
        while (t := self.accept("keyword", "and")):
            left = BinOp("and", left, self.not_(), t.pos)
        return left

    def not_(self) -> Node:
        if (t := self.accept("keyword", "not")):
            return UnOp("not", self.not_(), t.pos)
        return self.cmp()

    def cmp(self) -> Node:
        left = self.sum()
        t = self.tok
        if t.kind == "op" and t.text in ("=", "<>", "!=", "<", "<=", ">", ">="):
            self.next()
            op = "<>" if t.text == "!=" else t.text
            return BinOp(op, left, self.sum(), t.pos)
        negated = False
        if t.kind == "keyword" and t.text == "not" and self.toks[self.i + 1].text == "in":
            self.next()
            negated = True
        if (t2 := self.accept("keyword", "in")):
            self.expect("op", "(", "'(' after 'in'")
            options = [self.expr()]
            while self.accept("op", ","):
                options.append(self.expr())
            self.expect("op", ")", "',' or ')'")
            return In(left, options, negated, t2.pos)
        return left

    def sum(self) -> Node:
        left = self.prod()
        while self.tok.kind == "op" and self.tok.text in ("+", "-"):
            t = self.next()
            left = BinOp(t.text, left, self.prod(), t.pos)
        return left

    def prod(self) -> Node:
        left = self.unary()
        while self.tok.kind == "op" and self.tok.text in ("*", "/"):
            t = self.next()
            left = BinOp(t.text, left, self.unary(), t.pos)
        return left

    def unary(self) -> Node:
        if (t := self.accept("op", "-")):
            return UnOp("-", self.unary(), t.pos)
        return self.atom()

    def atom(self) -> Node:
        t = self.tok
        if t.kind == "number":
            self.next()
            return Num(float(t.text), t.pos)
        if t.kind == "string":
            self.next()
            return Str(t.text[1:-1].replace("''", "'"), t.pos)
        if t.kind == "keyword" and t.text in ("true", "false"):
            self.next()
            return Name(t.text, t.pos)
        if t.kind == "keyword" and t.text == "case":
            return self.case()
        if t.kind == "op" and t.text == "(":
            self.next()
            e = self.expr()
            self.expect("op", ")", "')'")
            return e
        if t.kind == "name":
            self.next()
            if self.accept("op", "("):
                args: list[Node] = []
                if not self.accept("op", ")"):
                    args.append(self.expr())
                    while self.accept("op", ","):
                        args.append(self.expr())
                    self.expect("op", ")", "',' or ')'")
                return Call(t.text, args, t.pos)
            return Name(t.text, t.pos)
        raise self.error(f"expected a value, a name or '(', found {self.found()}")

    def case(self) -> Node:
        t = self.expect("keyword", "case")
        subject = None if self.tok.text == "when" else self.expr()
        whens: list[tuple[Node, Node]] = []
        while self.accept("keyword", "when"):
            cond = self.expr()
            self.expect("keyword", "then", "'then'")
            whens.append((cond, self.expr()))
        if not whens:
            raise self.error(f"expected 'when', found {self.found()}")
        default = self.expr() if self.accept("keyword", "else") else None
        self.expect("keyword", "end", "'when', 'else' or 'end'")
        return Case(subject, whens, default, t.pos)


def parse(text: str) -> Query:
    """Parse a query; :class:`PqlError` with line, column and caret if it is malformed."""
    if not isinstance(text, str):
        raise TypeError(f"a PQL query is text, got {type(text).__name__}")
    return _Parser(text).query()
