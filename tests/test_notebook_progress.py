"""In a notebook, the long range calls draw a bar by default (issue 45).

``progress=None`` means: a bar in a Jupyter kernel once the call has taken
:data:`handrank.core._progress.NOTEBOOK_AFTER` seconds, nothing elsewhere;
``False`` never draws.  The answer is the same bytes either way.
"""

from __future__ import annotations

import sys
from typing import Any

import pytest

import handrank as hr
from handrank.core import _progress


@pytest.mark.parametrize(("call", "label"), [
    (lambda p: hr.range_equity("QQ+,AKs", "JJ+", "Qh7c2d", progress=p).overall,
     "range equity"),
    (lambda p: hr.equity_matrix("AA,KK", "QQ,AKs", "Qh7c2d", progress=p).equity.tobytes(),
     "equity matrix"),
])
def test_a_notebook_draws_the_range_calls_bar_by_default(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        call: Any, label: str) -> None:
    monkeypatch.setitem(sys.modules, "tqdm", None)          # the plain one-line bar
    monkeypatch.setattr(_progress, "NOTEBOOK_AFTER", 0.0)
    plain = call(None)
    assert capsys.readouterr().err == ""                    # not a notebook: nothing
    monkeypatch.setattr(_progress, "in_notebook", lambda: True)
    drawn = call(None)
    err = capsys.readouterr().err
    assert f"{label}: 100.0%" in err, err[-200:]
    assert call(False) == drawn == plain
    assert capsys.readouterr().err == ""                    # False: never


def test_pql_draws_a_bar_when_asked_and_in_a_notebook(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "tqdm", None)
    monkeypatch.setattr(_progress, "NOTEBOOK_AFTER", 0.0)
    query = ("select avg(riverEquity(hero)) from game='holdem', hero='AhKh', "
             "villain='QQ', board='Qh7c2d'")
    plain = hr.pql(query)
    assert capsys.readouterr().err == ""                    # not a notebook: nothing
    asked = hr.pql(query, progress=True)
    assert "pql: 100.0%" in capsys.readouterr().err
    monkeypatch.setattr(_progress, "in_notebook", lambda: True)
    drawn = hr.pql(query)
    assert "pql: 100.0%" in capsys.readouterr().err
    assert hr.pql(query, progress=False)[0].value == plain[0].value
    assert capsys.readouterr().err == ""
    assert plain[0].value == asked[0].value == drawn[0].value
