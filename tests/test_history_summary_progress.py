"""``handrank.history.summary(..., progress=)``: a bar or a callback, the same result.

``progress(done, total)`` counts bytes of the files given; ``done`` never goes
back, the last call is ``done == total``; the fast path and the Python path
report alike; a notebook draws a bar by default, ``False`` never does.
"""

from __future__ import annotations

import sys

import pytest

from handrank.history import fast, summary
from handrank.history._generate import corpus

HU = ("variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n"
      "starting_stacks = [100, 100]\n"
      "actions = ['d dh p1 AsKs', 'd dh p2 QhQd', 'p2 cbr 100', 'p1 cc', 'd db 2c3d4h', "
      "'d db 9s', 'd db Jd', 'p1 sm AsKs', 'p2 sm QhQd']\n")


def _folder(tmp_path):
    d = tmp_path / "h"
    (d / "sub").mkdir(parents=True)
    (d / "a.phhs").write_text(corpus(40, seed=5))
    for k in range(7):
        (d / "sub" / f"{k}.phh").write_text(HU)
    (d / "sub" / "bad.phh").write_text("variant = 'NT'\nantes = \n")     # refused, listed
    (d / "sub" / "bytes.phh").write_bytes(b"\xff\xfe")                 # not UTF-8: unread
    return d


def _same(a, b):
    assert (a.read, a.settled, a.refused, a.errors, a.unread) == (
        b.read, b.settled, b.refused, b.errors, b.unread)
    assert a.totals() == b.totals()


@pytest.mark.parametrize("fast_path", [True, False])
def test_the_callback_counts_bytes_up_to_the_total(tmp_path, monkeypatch, fast_path):
    if not fast_path:
        monkeypatch.setattr(fast, "available", lambda: False)
    elif not fast.available():
        pytest.skip("the C core is not loaded")
    d = _folder(tmp_path)
    size = sum(p.stat().st_size for p in d.rglob("*") if p.is_file())
    calls: list[tuple[int, int]] = []
    got = summary([d, d / "sub" / "0.phh"], progress=lambda a, b: calls.append((a, b)))
    _same(got, summary([d, d / "sub" / "0.phh"]))
    total = size + len(HU)
    assert calls[0] == (0, total) and calls[-1] == (total, total)
    assert all(t == total for _, t in calls)
    done = [a for a, _ in calls]
    assert done == sorted(done) and len(calls) >= 3
    assert got.read == 40 + 8 + 1 and len(got.unread) == 1


def test_hands_and_text_count_nothing_but_still_end(tmp_path):
    calls: list[tuple[int, int]] = []
    s = summary(corpus(5, seed=2), progress=lambda a, b: calls.append((a, b)))
    assert s.read == 5 and calls == [(0, 0), (0, 0)]


def test_progress_true_draws_a_bar_and_false_draws_none(tmp_path, capsys, monkeypatch):
    from handrank.core import _progress
    monkeypatch.setitem(sys.modules, "tqdm", None)         # the plain bar
    d = _folder(tmp_path)
    plain = summary(d)
    assert capsys.readouterr().err == ""                   # not a notebook: nothing
    _same(summary(d, progress=True), plain)
    err = capsys.readouterr().err
    assert "summary: 100.0%" in err and err.endswith("\r\x1b[K"), err[-200:]
    monkeypatch.setattr(_progress, "NOTEBOOK_AFTER", 0.0)
    monkeypatch.setattr(_progress, "in_notebook", lambda: True)
    _same(summary(d), plain)
    assert "summary: 100.0%" in capsys.readouterr().err   # a notebook: drawn by default
    summary(d, progress=False)
    assert capsys.readouterr().err == ""


def test_a_bad_progress_is_refused(tmp_path):
    with pytest.raises(TypeError, match="progress must be"):
        summary(corpus(2, seed=1), progress="yes")
