"""What a user meets in the first minute: readable reprs, category names,
a consistent Range, and metadata that says which Pythons are supported."""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import handrank as hr

ROOT = Path(__file__).resolve().parents[1]


def test_equity_repr_labels_every_player() -> None:
    r = hr.equity(["AhAd", "KsKc"], board="Qh7c2d8s")
    lines = repr(r).splitlines()
    assert lines[0] == f"EquityResult(exact, {r.samples:,} boards)"
    assert lines[1].split() == ["player", "hand", "equity", "win", "tie"]
    for i, (line, hand) in enumerate(zip(lines[2:], ["AhAd", "KsKc"])):
        assert line.split() == [str(i + 1), hand, f"{100 * r.equity[i]:.4f}%",
                                f"{100 * r.win[i]:.4f}%", f"{100 * r.tie[i]:.4f}%"]
    assert len(lines) == 4


def test_monte_carlo_repr_shows_the_standard_error_and_range_text() -> None:
    r = hr.equity(["AsKs", hr.Range("QQ+, AKs"), "random"], trials=20_000, seed=3)
    lines = repr(r).splitlines()
    assert lines[0] == "EquityResult(monte carlo, 20,000 trials)"
    assert lines[1].split() == ["player", "hand", "equity", "win", "tie", "±", "s.e."]
    assert [line.split()[1] for line in lines[2:]] == ["AsKs", "QQ+,AKs", "random"]
    assert [line.split()[-1] for line in lines[2:]] == [f"{100 * s:.4f}%" for s in r.stderr]
    assert r.hands == ("AsKs", "QQ+,AKs", "random")


def test_hands_do_not_change_equality() -> None:
    a = hr.equity(["AhAd", "KsKc"], board="Qh7c2d8s")
    b = hr.equity([[50, 49], "Ks Kc"], board="Qh7c2d8s")
    assert a.hands != b.hands and b.hands == ("Ah Ad", "Ks Kc")
    assert np.array_equal(a.equity, b.equity)


@pytest.mark.parametrize("c", list(hr.Category))
def test_category_prints_its_name(c: hr.Category) -> None:
    assert str(c) == c.name == f"{c}" == "%s" % c  # noqa: UP031 - %-formatting too
    assert f"{c:d}" == str(int(c)) and f"{c:>16}" == c.name.rjust(16)
    assert repr(c) == f"<Category.{c.name}: {int(c)}>"
    assert c == int(c) and hr.category(hr.evaluate("As Ks Qs Js Ts")) is hr.Category.STRAIGHT_FLUSH


@pytest.mark.parametrize("text", ["QQ+,AKs", "AA:0.5,KK,AKs", "random", "AsKs", "72o"])
def test_range_properties_match_the_methods_and_are_read_only(text: str) -> None:
    r = hr.Range(text)
    assert r.combo_ids.tolist() == [list(c) for c in r.combos()]
    assert r.combo_weights.tolist() == r.weights()
    ids, w = r.arrays()
    assert np.array_equal(r.combo_ids, ids) and np.array_equal(r.combo_weights, w)
    assert np.array_equal(r.chart, r.grid())
    for prop in (r.combo_ids, r.combo_weights, r.chart):
        assert not prop.flags.writeable
        with pytest.raises(ValueError):
            prop[0] = 0
    # the methods still return objects the caller may change
    ids[0, 0] = 0
    g = r.grid()
    g[0, 0] = 7.0
    assert r.chart[0, 0] != 7.0
    assert r.combo_ids[0, 0] != 0
    assert isinstance(r.text, str) and r.text == hr.Range(r.text).text


def _pyproject() -> dict[str, Any]:
    if not (ROOT / "pyproject.toml").exists():
        pytest.skip("not a source tree")
    if sys.version_info >= (3, 11):
        import tomllib
    else:
        tomllib = pytest.importorskip("tomli")
    with open(ROOT / "pyproject.toml", "rb") as f:
        data: dict[str, Any] = tomllib.load(f)
    return data


def test_metadata_names_every_supported_python() -> None:
    data = _pyproject()
    project = data["project"]
    match = re.fullmatch(r">=(\d+)\.(\d+)", project["requires-python"])
    assert match is not None
    low = tuple(int(x) for x in match.groups())
    assert low == (3, 9)
    minors = [f"3.{m}" for m in range(low[1], 14)]
    classifiers = project["classifiers"]
    for v in minors:
        assert f"Programming Language :: Python :: {v}" in classifiers
    assert "Typing :: Typed" in classifiers
    # the wheels: built once per platform on the oldest Python, tested on each
    build = data["tool"]["cibuildwheel"]["build"].split()
    assert build == [f"cp3{m}-*" for m in range(low[1], 14)]
    setup = (ROOT / "setup.py").read_text()
    assert '"py_limited_api": "cp39"' in setup
