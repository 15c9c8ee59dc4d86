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
    (lambda p: repr(hr.analyze("QQ+,AKs,76s", "Qh7c2d", progress=p).counts), "analyze"),
    (lambda p: repr(hr.analyze("QQ+,AKs", "Qh7c2d|9s8s3d", game="double-holdem",
                               progress=p).rows()), "analyze"),
    (lambda p: hr.draw_odds("As Ks Qs Js 2d", progress=p).expected.tobytes(), "draw odds"),
    (lambda p: hr.draw_odds("As 2d 3h 4c Kd", game="badeucy", vs="7s 5h 4d 3c 2h",
                            max_discard=2, progress=p).equity.tobytes(), "draw odds"),
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


class _Calls(list[tuple[int, int]]):
    """A progress(done, total) callback that records its calls."""

    def __call__(self, done: int, total: int) -> None:
        self.append((done, total))

    def check(self) -> _Calls:
        assert self, "the callback was never called"
        dones = [d for d, _ in self]
        assert dones == sorted(dones), self            # never goes back
        assert all(0 <= d <= t for d, t in self), self
        assert self[-1][0] == self[-1][1], self        # ends at total
        return self


def test_analyze_and_draw_odds_call_a_callback_and_keep_their_answer() -> None:
    calls = _Calls()
    a = hr.analyze("QQ+,AKs,76s", "Qh7c2d", progress=calls)
    assert calls.check()[-1] == (1, 1)
    assert a.counts == hr.analyze("QQ+,AKs,76s", "Qh7c2d").counts
    calls = _Calls()
    hr.analyze("QQ+,AKs", ("Qh7c2d", "9s8s3d"), game="double-holdem", progress=calls)
    assert calls.check()[-1] == (2, 2)                  # one board, then the other
    calls = _Calls()
    d = hr.draw_odds("As Ks Qs Js 2d", progress=calls)
    # every draw of every hold: sum over k of C(5, k) C(47, 5 - k) = C(52, 5)
    assert calls.check()[-1][1] == int(d.draws.sum()) == 2_598_960
    assert len(calls) > 2                               # hold by hold
    assert d.expected.tobytes() == hr.draw_odds("As Ks Qs Js 2d").expected.tobytes()
    with pytest.raises(TypeError, match="progress must be a callable"):
        hr.analyze("AA", "Qh7c2d", progress=5)
    with pytest.raises(TypeError, match="progress must be a callable"):
        hr.draw_odds("As Ks Qs Js 2d", progress=5)
