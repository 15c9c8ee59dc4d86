"""What ``--help`` and ``help()`` tell a person: descriptions wrapped to the
terminal, and what equity does with a draw game's hands (the cards kept; a
full hand stands pat)."""

from __future__ import annotations

import dataclasses
import inspect
import pydoc

import pytest

import handrank as hr
from handrank.cli import build_parser, main
from handrank.core.cards import cards


def _subcommands() -> list[str]:
    import argparse
    parser = build_parser()
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return list(action.choices)
    raise AssertionError("no subcommands")


def _help(capsys: pytest.CaptureFixture[str], argv: list[str]) -> str:
    with pytest.raises(SystemExit) as exc:
        main(argv)
    assert exc.value.code == 0
    return capsys.readouterr().out


@pytest.mark.parametrize("command", _subcommands())
def test_descriptions_are_wrapped_to_the_terminal(capsys: pytest.CaptureFixture[str],
                                                  monkeypatch: pytest.MonkeyPatch,
                                                  command: str) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    text = _help(capsys, [command, "--help"])
    description = text.split("\n\n")[1]         # after the usage block
    assert description.strip() and not description.startswith(("positional", "options"))
    assert max(len(line) for line in description.splitlines()) <= 80, description
    examples = text.split("examples:\n", 1)[1].splitlines()
    assert examples and all(line.startswith("  handrank ") for line in examples if line)


def test_equity_help_says_what_a_draw_games_hand_is(capsys: pytest.CaptureFixture[str],
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    text = " ".join(_help(capsys, ["equity", "--help"]).split())
    assert "each hand is the cards its player keeps" in text
    assert "a full hand stands pat, scored as given" in text
    assert "`handrank draw` finds the cards to keep" in text
    doc = " ".join(pydoc.render_doc(hr.equity, renderer=pydoc.plaintext).split())
    assert "a hand is the cards its player keeps" in doc
    assert "a full hand stands pat, scored as given" in doc


def test_a_draw_games_full_hand_stands_pat_and_a_short_one_draws() -> None:
    # as the help says: five cards are scored as given, one deal ...
    r = hr.equity(["As Ks Qs Js 2h", "7c 7d 7h 2c 3d"], game="draw")
    assert r.exact and r.samples == 1 and r.equity.tolist() == [0.0, 1.0]
    # ... four cards draw the fifth from the 43 unseen: counted here card by card
    seen = set(cards("As Ks Qs Js 7c 7d 7h 2c 3d"))
    villain = hr.evaluate("7c 7d 7h 2c 3d")
    wins = ties = 0
    for c in range(52):
        if c in seen:
            continue
        s = hr.evaluate(list(cards("As Ks Qs Js")) + [c])
        wins += s > villain
        ties += s == villain
    r = hr.equity(["As Ks Qs Js", "7c 7d 7h 2c 3d"], game="draw")
    assert r.exact and r.samples == 43
    assert r.equity[0] == pytest.approx((wins + ties / 2) / 43, abs=1e-12)
    # the triple draws alike: one exchange unless draws= says more
    r = hr.equity(["7s 5d 4h 3c 2d", "Kc Qd Jh 9c 8d"], game="27-triple")
    assert r.exact and r.samples == 1 and r.equity.tolist() == [1.0, 0.0]


@pytest.mark.parametrize(("text", "board"), [("JJ+,AK", "Ks 7d 2c"), ("TT+,AQ+,KQ", "Ks 7d 2c"),
                                             ("TT+,AQ+,KQ", "Qs Js 2h 5c")])
def test_range_made_hands_add_up_to_100(capsys: pytest.CaptureFixture[str], text: str,
                                        board: str) -> None:
    from decimal import Decimal

    from handrank.analysis import CLASSES
    assert main(["range", text, "--board", board, "--color", "never"]) == 0
    out = capsys.readouterr().out
    made = out.split("made hands", 1)[1].split("draws:", 1)[0].splitlines()[1:]
    shown = {line.split()[0]: Decimal(line.split()[2].rstrip("%")) for line in made}
    assert sum(shown.values()) == 100
    a = hr.analyze(text, board)     # each within a unit of the last place of the share
    for name, pct in shown.items():
        assert name in CLASSES and abs(float(pct) - 100 * a.share[name]) < 0.01


def _public_functions() -> list[str]:
    import inspect
    return sorted(n for n in hr.__all__ if inspect.isfunction(getattr(hr, n, None)))


@pytest.mark.parametrize("name", _public_functions())
def test_help_of_every_public_function_documents_its_parameters(name: str) -> None:
    import inspect
    import re
    f = getattr(hr, name)
    body = pydoc.render_doc(f, renderer=pydoc.plaintext).split("\n", 3)[-1]   # no signature
    missing = [p for p in inspect.signature(f).parameters
               if p not in ("args", "kwargs") and not re.search(rf"\b{p}\b", body)]
    assert not missing, f"help(hr.{name}) does not document {missing}"


def _doc_without_signature(cls: type) -> str:
    # a dataclass without a docstring gets its signature as one: that documents nothing
    doc = cls.__doc__ or ""
    return "" if doc.startswith(f"{cls.__name__}(") else doc


def _own_constructor(cls: type) -> bool:
    """Whether the project wrote ``cls``'s constructor (not an exception's ``*args``)."""
    for klass in cls.__mro__:
        if "__init__" in klass.__dict__ or "__new__" in klass.__dict__:
            return klass.__module__.split(".")[0] == "handrank"
    return False


def _hinted_classes(obj: object) -> set[type]:
    """The project's classes named in ``obj``'s annotations (a function's parameters and
    result, a dataclass's fields), through unions and containers."""
    import typing

    def walk(t: object) -> None:
        for arg in typing.get_args(t):
            walk(arg)
        if inspect.isclass(t) and t.__module__.split(".")[0] == "handrank":
            found.add(t)

    found: set[type] = set()
    try:
        hints = typing.get_type_hints(obj)
    except TypeError:
        # Python 3.9 cannot evaluate ``X | None`` written as a string annotation:
        # the classes reached through hints are then checked on newer Pythons only
        return found
    for hint in hints.values():
        walk(hint)
    return found


def _public_methods(cls: type) -> list[str]:
    """The public methods ``cls`` defines or inherits from the project's own classes."""
    names = []
    for attr in sorted(dir(cls)):
        if attr.startswith("_"):
            continue
        raw = inspect.getattr_static(cls, attr)
        func = raw.__func__ if isinstance(raw, (staticmethod, classmethod)) else raw
        if inspect.isfunction(func) and func.__module__.split(".")[0] == "handrank":
            names.append(attr)
    return names


def _reachable_classes() -> dict[str, type]:
    """The public classes a user meets from hr.__all__, by the name that reaches them:
    those it holds, those of the modules it holds (``pql.PqlRow``), and those the
    annotations of all of these' functions, methods and fields name (``Part``)."""
    classes: dict[str, type] = {}
    todo: list[tuple[str, object]] = []
    for name in hr.__all__:
        obj = getattr(hr, name, None)
        if inspect.ismodule(obj):
            todo += [(f"{name}.{n}", getattr(obj, n, None)) for n in getattr(obj, "__all__", ())]
        todo.append((name, obj))
    seen: set[int] = set()
    while todo:
        name, obj = todo.pop(0)
        if id(obj) in seen:
            continue
        seen.add(id(obj))
        if inspect.isfunction(obj):
            todo += [(c.__name__, c) for c in _hinted_classes(obj)]
        elif (inspect.isclass(obj) and obj.__module__.split(".")[0] == "handrank"
              and not getattr(obj, "_is_protocol", False)):
            classes.setdefault(name, obj)
            hinted = _hinted_classes(obj) if dataclasses.is_dataclass(obj) else set()
            for m in _public_methods(obj):
                hinted |= _hinted_classes(getattr(obj, m))
            todo += [(c.__name__, c) for c in hinted]
    return classes


_CLASSES = _reachable_classes()


def _public_callables() -> list[tuple[str, str]]:
    """Each reachable class (its constructor, as ``""``, unless Python's own: an enum's,
    an exception's) and each of its public methods."""
    import enum
    found: list[tuple[str, str]] = []
    for name, cls in sorted(_CLASSES.items()):
        if not issubclass(cls, enum.Enum) and _own_constructor(cls):
            found.append((name, ""))
        found += [(name, m) for m in _public_methods(cls)]
    return found


def _undocumented(sig: inspect.Signature, body: str) -> list[str]:
    import re
    return [p for p in sig.parameters
            if p not in ("self", "cls", "args", "kwargs") and not p.startswith("_")
            and not re.search(rf"\b{p}\b", body)]


@pytest.mark.parametrize(("cls", "method"), _public_callables(),
                         ids=lambda v: v or "()")
def test_help_of_every_public_class_and_method_documents_its_parameters(cls: str,
                                                                        method: str) -> None:
    c = _CLASSES[cls]
    if not method:     # the constructor: the class's docstring, or __init__'s own
        init = c.__init__
        body = _doc_without_signature(c) + "\n" + (
            (init.__doc__ or "") if inspect.isfunction(init) else "")
        missing = _undocumented(inspect.signature(c), body)
        assert not missing, f"help(hr.{cls}) does not document {missing}"
        return
    f = getattr(c, method)
    body = pydoc.render_doc(f, renderer=pydoc.plaintext).split("\n", 3)[-1]   # no signature
    missing = _undocumented(inspect.signature(f), body)
    assert not missing, f"help(hr.{cls}.{method}) does not document {missing}"


def test_wrapping_never_cuts_a_word(capsys: pytest.CaptureFixture[str],
                                    monkeypatch: pytest.MonkeyPatch) -> None:
    words = set()
    for width in ("200", "40"):
        monkeypatch.setenv("COLUMNS", width)
        text = _help(capsys, ["draw", "--help"]).split("\n\n")[1]
        words.add(frozenset(text.split()))
    assert len(words) == 1 and "27-triple," in next(iter(words))
