"""Pictures of ranges, range equities and board breakdowns (the ``plot`` extra).

matplotlib is imported inside the functions, so ``import handrank`` never
needs it.  A new figure is a plain ``matplotlib.figure.Figure`` (no pyplot
state, nothing to close); given ``ax=``, the drawing goes into the caller's
axes and their figure is returned.
"""

from __future__ import annotations

import math
import os
from collections.abc import Sequence
from typing import Any

import numpy as np

from ..core.cards import cards_str
from ._grid import LABELS, RANK_LABELS

__all__ = ["analysis_figure", "grid_figure", "range_equity_figure", "range_figure"]

EQUITY_CMAP = "RdYlGn"
WEIGHT_CMAP = "Blues"
EMPTY = "#f4f4f4"          # cells the range does not hold


def _mpl() -> Any:
    try:
        import matplotlib
        from matplotlib.figure import Figure
    except ImportError:
        raise ImportError("plotting needs matplotlib: pip install 'handrank[plot]'") from None
    return matplotlib, Figure


def _check_path(path: Any) -> None:
    """A TypeError naming the type unless `path` is None, text, path-like or a writable file."""
    if path is None or isinstance(path, (str, os.PathLike)) or callable(getattr(path, "write",
                                                                                None)):
        return
    raise TypeError("path must be a file name, a path-like object or a writable file, "
                    f"got {type(path).__name__}")


def _finish(fig: Any, path: Any) -> Any:
    if path is not None:
        fig.savefig(path, dpi=150, bbox_inches="tight")
    return fig


def _text_colour(rgba: tuple[float, ...]) -> str:
    r, g, b = rgba[:3]
    return "black" if 0.299 * r + 0.587 * g + 0.114 * b > 0.55 else "white"


def grid_figure(values: np.ndarray, ax: Any, *, cmap: str, vmin: float, vmax: float,
                empty: np.ndarray, title: str, bar_label: str, fmt: Any,
                rows: Sequence[int] | None = None) -> Any:
    """Draw the 13x13 chart into ax: coloured cells, class labels, a colour bar;
    ``rows``: only those rows and columns (the ranks of a short deck)."""
    matplotlib, _ = _mpl()
    keep = list(range(13)) if rows is None else list(rows)
    n = len(keep)
    values, empty = values[np.ix_(keep, keep)], empty[np.ix_(keep, keep)]
    names = [RANK_LABELS[k] for k in keep]
    colours = matplotlib.colormaps[cmap]
    norm = matplotlib.colors.Normalize(vmin=vmin, vmax=vmax)
    shown = np.ma.masked_array(np.nan_to_num(values, nan=vmin), mask=empty)
    palette = colours.with_extremes(bad=EMPTY)
    image = ax.imshow(shown, cmap=palette, norm=norm, interpolation="nearest")
    for r in range(n):
        for c in range(n):
            held = not empty[r, c]
            colour = _text_colour(palette(norm(shown[r, c]))) if held else "#9a9a9a"
            text = LABELS[keep[r]][keep[c]]
            if held and fmt is not None:
                text += "\n" + fmt(float(values[r, c]))
            ax.text(c, r, text, ha="center", va="center", fontsize=6.5 if fmt else 7.5,
                    color=colour, linespacing=1.1)
    ax.set_xticks(range(n), names)
    ax.set_yticks(range(n), names)
    ax.tick_params(length=0, labelsize=8, top=True, labeltop=True, bottom=False,
                   labelbottom=False)
    ax.set_xticks(np.arange(-0.5, n, 1), minor=True)
    ax.set_yticks(np.arange(-0.5, n, 1), minor=True)
    ax.grid(which="minor", color="white", linewidth=1.2)
    ax.tick_params(which="minor", length=0)
    for side in ax.spines.values():
        side.set_visible(False)
    ax.set_title(title, fontsize=10, pad=18)
    bar = ax.figure.colorbar(image, ax=ax, fraction=0.046, pad=0.03)
    bar.set_label(bar_label, fontsize=8)
    bar.ax.tick_params(labelsize=7)
    return image


def _new(ax: Any, size: tuple[float, float], ncols: int = 1) -> tuple[Any, list[Any]]:
    _, Figure = _mpl()
    if ax is None:
        fig = Figure(figsize=size, layout="constrained")
        axes = [fig.add_subplot(1, ncols, k + 1) for k in range(ncols)]
        return fig, axes
    axes = list(ax) if isinstance(ax, (list, tuple, np.ndarray)) else [ax]
    if len(axes) != ncols:
        raise ValueError(f"expected {ncols} matplotlib Axes, got {len(axes)}")
    return axes[0].figure, axes


def range_figure(r: Any, path: Any, ax: Any) -> Any:
    """Range.plot: the chart coloured by each class's weight (held share of its combos)."""
    _check_path(path)
    fig, (a,) = _new(ax, (6.4, 5.6))
    g = r.grid()
    partial = bool(((g > 0) & (g < 1)).any())
    rows = r._chart_rows()
    cards = 4 * len(rows)                   # the deck's two-card hands: 1,326 in 52 cards
    grid_figure(g, a, cmap=WEIGHT_CMAP, vmin=0.0, vmax=1.0, empty=g <= 0,
                title=f"{_short(r.text)}: {len(r)} combos "
                      f"({100 * len(r) / (cards * (cards - 1) // 2):.1f}%)",
                bar_label="weight (share of the class's combos)",
                fmt=(lambda v: f"{v:.2g}") if partial else None, rows=rows)
    return _finish(fig, path)


def range_equity_figure(re: Any, path: Any, ax: Any, kind: str) -> Any:
    """RangeEquity.plot: the chart by class equity and/or the equity distribution."""
    _check_path(path)
    if kind not in ("both", "grid", "distribution"):
        raise ValueError(f"kind must be 'both', 'grid' or 'distribution', got {kind!r}")
    ncols = 2 if kind == "both" else 1
    size = (12.0, 5.4) if kind == "both" else (6.4, 5.6)
    fig, axes = _new(ax, size, ncols)
    board = f" on {cards_str(re.board)}" if re.board else ""
    title = (f"{_short(re.hero.text)} vs {_short(re.villain.text)}{board}: "
             f"{100 * re.overall:.1f}%")
    if kind in ("both", "grid"):
        g = re.by_class()
        grid_figure(g, axes[0], cmap=EQUITY_CMAP, vmin=0.0, vmax=1.0, empty=np.isnan(g),
                    title=title, bar_label="equity against the villain range",
                    fmt=lambda v: f"{100 * v:.0f}",
                    rows=getattr(re.hero, "_chart_rows", lambda: None)())
    if kind in ("both", "distribution"):
        a = axes[-1]
        e, c = re.distribution()
        a.step(np.concatenate([[0.0], c]), np.concatenate([e[:1], e]), where="pre",
               color="#2166ac", linewidth=1.8)
        a.fill_between(np.concatenate([[0.0], c]), np.concatenate([e[:1], e]), step="pre",
                       color="#2166ac", alpha=0.15)
        a.axhline(re.overall, color="#b2182b", linestyle="--", linewidth=1,
                  label=f"range equity {100 * re.overall:.1f}%")
        a.set_xlim(0, 1)
        a.set_ylim(0, 1)
        a.set_xlabel("share of the hero range (weakest first)")
        a.set_ylabel("equity")
        a.grid(alpha=0.3)
        a.legend(loc="upper left", fontsize=8)
        a.set_title("equity distribution" if kind == "both" else title, fontsize=10)
    return _finish(fig, path)


def analysis_figure(an: Any, path: Any, ax: Any, classes: Sequence[str],
                    draws: Sequence[str]) -> Any:
    """BoardAnalysis.plot: horizontal bars of each class's and draw's share (the
    analysis hands over its `classes` and `draws`, so this leaf imports no analysis)."""
    _check_path(path)
    CLASSES, DRAWS = classes, draws
    fig, (a,) = _new(ax, (7.0, 6.2))
    names = [n for n in CLASSES] + [n for n in DRAWS]
    shares = [an.share[n] for n in names]
    colours = ["#2166ac"] * len(CLASSES) + ["#e08214"] * len(DRAWS)
    y = np.arange(len(names))[::-1]
    bars = a.barh(y, [100 * s for s in shares], color=colours, height=0.7)
    a.set_yticks(y, [n.replace("_", " ") for n in names], fontsize=8)
    top = max(shares) * 100 if max(shares) > 0 else 1.0
    a.set_xlim(0, top * 1.25 + 1)
    for bar, s, n in zip(bars, shares, names):
        if s > 0:
            a.text(bar.get_width() + top * 0.01, bar.get_y() + bar.get_height() / 2,
                   f"{100 * s:.1f}%  ({an.counts[n]:g})", va="center", fontsize=7)
    a.axhline(len(DRAWS) - 0.5, color="#999999", linewidth=0.8)
    a.set_xlabel("share of the range's weight (%)")
    a.set_title(f"{_short(an.range.text)} on {cards_str(an.board)}: "
                f"{len(an.combos)} combos", fontsize=10)
    a.grid(axis="x", alpha=0.3)
    handles = [bars[0], bars[len(CLASSES)]]
    a.legend(handles, ["made hand", "draw"], loc="lower right", fontsize=8)
    for side in ("top", "right"):
        a.spines[side].set_visible(False)
    return _finish(fig, path)


def _short(text: str, width: int = 40) -> str:
    return text if len(text) <= width else text[:width - 1] + "\u2026"


def cell_centre(ax: Any, row: int, col: int) -> tuple[float, float]:
    """Display coordinates (pixels, origin bottom left) of a chart cell's centre."""
    x, y = ax.transData.transform((col, row))
    return float(x), float(y)


def _unused(value: float) -> bool:
    return math.isnan(value)
