"""Pictures, notebook HTML, pandas tables and ``handrank range``.

Pictures are rendered with the Agg canvas and checked by the colour of
known cells of the 13x13 chart; the command's plain-text chart is compared
with a golden file.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import numpy as np
import pytest

import handrank as hr
from handrank.cli import main

matplotlib = pytest.importorskip("matplotlib")
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

GOLDEN = Path(__file__).parent / "golden"
EMPTY = np.array(matplotlib.colors.to_rgb("#f4f4f4"))


def pixels(fig):
    FigureCanvasAgg(fig)
    fig.canvas.draw()
    return np.asarray(fig.canvas.buffer_rgba())[:, :, :3] / 255.0


def cell_colour(fig, img, ax, row, col):
    """The colour near the top-left corner of a chart cell (clear of its label)."""
    x, y = ax.transData.transform((col - 0.38, row - 0.38))
    return img[round(img.shape[0] - y), round(x)]


def chart_axes(fig):
    """The axes holding the 13x13 image (not the colour bar)."""
    return next(a for a in fig.axes
                if a.get_images() and a.get_images()[0].get_array().shape == (13, 13))


def coloured_cells(fig):
    img = pixels(fig)
    ax = chart_axes(fig)
    return {(r, c) for r in range(13) for c in range(13)
            if not np.allclose(cell_colour(fig, img, ax, r, c), EMPTY, atol=0.02)}


def test_range_of_only_aa_colours_exactly_one_cell():
    fig = hr.Range("AA").plot()
    assert isinstance(fig, Figure)
    assert coloured_cells(fig) == {(0, 0)}


def test_range_plot_colours_by_weight():
    fig = hr.Range("AKs,KQo:0.5,72o:0.25,T9s").plot()
    assert coloured_cells(fig) == {(0, 1), (2, 1), (12, 7), (4, 5)}
    img, ax = pixels(fig), chart_axes(fig)
    cmap = matplotlib.colormaps["Blues"]
    for (r, c), w in {(0, 1): 1.0, (2, 1): 0.5, (12, 7): 0.25}.items():
        assert np.allclose(cell_colour(fig, img, ax, r, c), cmap(w)[:3], atol=0.02)
    # the colour bar is labelled
    assert any("weight" in a.get_ylabel() for a in fig.axes)


def test_range_equity_plot_grid_and_curve(tmp_path):
    re = hr.range_equity("AA,KK,AKs,72o", "QQ,JTs", "Qd 7h 2s")
    path = tmp_path / "re.png"
    fig = re.plot(path)
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert coloured_cells(fig) == {(0, 0), (1, 1), (0, 1), (12, 7)}
    img, ax = pixels(fig), chart_axes(fig)
    cmap = matplotlib.colormaps["RdYlGn"]
    g = re.by_class()
    for r, c in [(0, 0), (0, 1), (12, 7)]:
        assert np.allclose(cell_colour(fig, img, ax, r, c), cmap(g[r, c])[:3], atol=0.02)
    # the distribution curve: a step line ending at the strongest combo's equity
    curve = next(a for a in fig.axes if a.get_xlabel().startswith("share"))
    y = curve.get_lines()[0].get_ydata()
    assert y[-1] == pytest.approx(np.nanmax(re.equity))


def test_plots_draw_into_given_axes(tmp_path):
    fig = Figure()
    ax = fig.add_subplot()
    assert hr.Range("QQ+").plot(ax=ax) is fig
    fig2 = Figure()
    axes = fig2.subplots(1, 2)
    re = hr.range_equity("QQ+", "AK", "2c 3d 4h")
    assert re.plot(ax=axes) is fig2
    fig3 = Figure()
    assert re.plot(ax=fig3.add_subplot(), kind="distribution") is fig3
    with pytest.raises(ValueError, match="expected 2 matplotlib Axes, got 1"):
        re.plot(ax=Figure().add_subplot())
    with pytest.raises(ValueError, match="kind must be"):
        re.plot(kind="pie")


def test_analysis_plot_bars_are_the_shares(tmp_path):
    a = hr.analyze("22+,A2s+,KTo+,QJs", "Qh 7h 2d")
    fig = a.plot(tmp_path / "a.svg")
    assert (tmp_path / "a.svg").read_text().lstrip().startswith("<?xml")
    ax = fig.axes[0]
    widths = [p.get_width() for p in ax.patches]
    expected = [100 * a.share[n] for n in hr.analysis.CLASSES + hr.analysis.DRAWS]
    assert widths == pytest.approx(expected)
    labels = [t.get_text() for t in ax.get_yticklabels()]
    assert labels[0] == "straight flush" and labels[-1] == "overcards" and "top pair" in labels


def test_plot_without_matplotlib_says_what_to_install(monkeypatch):
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    monkeypatch.setitem(sys.modules, "matplotlib.figure", None)
    with pytest.raises(ImportError, match=r"handrank\[plot\]"):
        hr.Range("AA").plot()


def test_import_handrank_needs_neither_matplotlib_nor_pandas():
    import subprocess
    code = ("import sys, handrank as hr; hr.range_equity('AA', 'KK', 'Qh 7c 2d'); "
            "hr.analyze('AA', 'Qh 7c 2d'); "
            "print('matplotlib' in sys.modules, 'pandas' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=120, check=True).stdout
    assert out.split() == ["False", "False"]


# ----------------------------------------------------------------- HTML and pandas

def _backgrounds(html):
    return re.findall(r"background:(#[0-9a-f]{6})", html)


def test_html_reprs():
    html = hr.Range("AA,AKs:0.5")._repr_html_()
    assert len(_backgrounds(html)) == 2 and "AA,AKs:0.5" in html
    assert html.count("<td") == 169
    r = hr.equity(["AsAh", "KK"], board="Kd 7c 2h")
    html = r._repr_html_()
    for word in ("player", "hand", "equity", "win", "tie", "AsAh", "KK", "exact"):
        assert word in html
    assert f"{r.equity[1]:.4f}" in html
    re = hr.range_equity("AA,KK", "QQ", "Qh 7c 2d")
    html = re._repr_html_()
    assert len(_backgrounds(html)) == 2 and f"{100 * re.overall:.2f}%" in html
    a = hr.analyze("AA,KK,QJs", "Qh 7c 2d")
    html = a._repr_html_()
    assert "overpair" in html and "top_pair" in html and "<td>flush_draw" not in html
    s = hr.settle("2c 3c 8s 9h Td", ["AhAd", "KhKd", "QhQd"], [100, 100, 50])
    html = s._repr_html_()
    assert "main" in html and "side 1" in html and "payout" in html
    assert "<td>0 (150)</td>" in html and "<td>250</td>" in html


def test_to_pandas():
    pd = pytest.importorskip("pandas")
    r = hr.equity(["AsAh", "KK"], board="Kd 7c 2h")
    df = r.to_pandas()
    assert isinstance(df, pd.DataFrame)
    assert list(df.columns) == ["player", "hand", "equity", "win", "tie", "stderr"]
    assert df["equity"].tolist() == r.equity.tolist() and df["hand"].tolist() == ["AsAh", "KK"]
    re = hr.range_equity("AA,KK", "QQ", "Qh 7c 2d")
    df = re.to_pandas()
    assert len(df) == len(re.combos) and df["equity"].tolist() == re.equity.tolist()
    assert df["hand"].iloc[0] == "AsAh" and df["class"].iloc[0] == "AA"
    a = hr.analyze("AA,KK,QJs", "Qh 7c 2d")
    df = a.to_pandas()
    assert list(df["name"]) == list(hr.analysis.CLASSES + hr.analysis.DRAWS)
    assert dict(zip(df["name"], df["combos"])) == a.counts


def test_to_pandas_without_pandas_says_what_to_install(monkeypatch):
    monkeypatch.setitem(sys.modules, "pandas", None)
    with pytest.raises(ImportError, match=r"handrank\[pandas\]"):
        hr.analyze("AA", "Qh 7c 2d").to_pandas()


# ----------------------------------------------------------------- the command

def _golden(name):
    return (GOLDEN / name).read_text()


@pytest.mark.parametrize("argv,golden", [
    (["range", "QQ+,AKs,A5s,KQo:0.5"], "range_weights.txt"),
    (["range", "QQ+,AKs,A5s", "--vs", "22+,AJo+", "--board", "Qh7c2d"], "range_vs_board.txt"),
])
def test_range_command_plain_text_matches_golden_file(capsys, argv, golden):
    assert main(argv + ["--color", "never"]) == 0
    out = capsys.readouterr().out
    assert out == _golden(golden)
    assert "\x1b[" not in out


def test_range_command_colours_on_a_terminal_only(capsys, monkeypatch):
    argv = ["range", "QQ+,AKs,A5s", "--vs", "22+,AJo+", "--board", "Qh7c2d"]
    assert main(argv + ["--color", "always"]) == 0
    out = capsys.readouterr().out
    assert out.count("\x1b[48;2;") == 5                     # AA, KK, QQ, AKs, A5s
    assert re.sub(r"\x1b\[[0-9;]*m", "", out) == _golden("range_vs_board.txt")
    monkeypatch.delenv("NO_COLOR", raising=False)
    assert main(argv) == 0                                  # auto: captured stdout is no tty
    assert "\x1b[" not in capsys.readouterr().out


def test_range_command_json_and_plot(capsys, tmp_path):
    path = tmp_path / "grid.png"
    argv = ["range", "QQ+,AKs", "--vs", "TT+,AK", "--board", "Ks 7d 2c", "--json",
            "--plot", str(path)]
    assert main(argv) == 0
    data = json.loads(capsys.readouterr().out)
    re = hr.range_equity("QQ+,AKs", "TT+,AK", "Ks 7d 2c")
    assert data["equity"] == re.overall and data["grid_kind"] == "equity"
    g = re.by_class()
    assert data["grid"][0][0] == g[0, 0] and data["grid"][5][5] is None
    assert data["labels"][0][1] == "AKs" and data["labels"][1][0] == "AKo"
    assert data["breakdown"]["counts"] == hr.analyze("QQ+,AKs", "Ks 7d 2c").counts
    assert path.read_bytes()[:4] == b"\x89PNG"


@pytest.mark.parametrize("argv,message", [
    (["range", "QQ+", "--board", "Qh7c"], "expected a board of 3 to 5 cards, got 2"),
    (["range", "AsKs", "--board", "AsKd2c"], "card 'As' is in the hand and on the board"),
    (["range", "QQ", "--board", "QhQcQd2s"], "range 'QQ' has no combos left"),
    (["range", "QQ++"], "cannot parse 'QQ++'"),
    (["range", "AA", "--vs", "KK", "--board", "2c3c4c5c6c7c"],
     "expected 0 to 5 board cards, got 6"),
])
def test_range_command_errors(capsys, argv, message):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("handrank: error: ") and message in err and "Traceback" not in err


@pytest.mark.parametrize("argv", [
    ["range", "QQ+", "--plot", "/nonexistent/x.png"],
    ["range", "QQ+", "--vs", "KK", "--board", "2c3d4h", "--plot", "/nonexistent/x.png"],
])
def test_range_command_refuses_an_unwritable_plot_first(capsys, monkeypatch, tmp_path, argv):
    """The output folder is checked before any work (it was a traceback after it)."""
    def no_work(*args, **kwargs):
        raise AssertionError("work started before the output path was checked")

    import handrank.cli._range as cli_range
    monkeypatch.setattr(cli_range, "range_equity", no_work)
    monkeypatch.setattr(cli_range, "analyze", no_work)
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("handrank: error: --plot: cannot write '/nonexistent/x.png': "
                          "no such directory") and "Traceback" not in err
    assert main(["range", "QQ+", "--plot", str(tmp_path)]) == 2
    assert "is a folder" in capsys.readouterr().err

