"""HTML for notebooks and pandas tables: the shared helpers.

pandas is imported inside :func:`dataframe` only, so ``import handrank``
never needs it.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from html import escape
from typing import Any

import numpy as np

from ._grid import LABELS, RANK_LABELS

__all__ = ["dataframe", "frame", "html_grid", "html_table"]

_CELL_STYLE = ("width:2.6em;height:1.7em;text-align:center;font:11px monospace;"
               "border:1px solid #ddd;padding:0")


def dataframe(rows: Sequence[dict[str, Any]], columns: Sequence[str] | None = None) -> Any:
    """A pandas DataFrame of the rows (dicts with the same keys)."""
    try:
        import pandas as pd
    except ImportError:
        raise ImportError("to_pandas() needs pandas: pip install 'handrank[pandas]'") from None
    return pd.DataFrame(list(rows), columns=list(columns) if columns is not None else None)


def frame(columns: dict[str, Any]) -> Any:
    """A pandas DataFrame of whole columns (name: sequence), in the dict's order."""
    try:
        import pandas as pd
    except ImportError:
        raise ImportError("to_pandas() needs pandas: pip install 'handrank[pandas]'") from None
    return pd.DataFrame(columns)


def _fmt(value: Any) -> str:
    if isinstance(value, (float, np.floating)):
        if math.isnan(float(value)):
            return ""
        return f"{float(value):.4f}"
    return escape(str(value))


def html_table(rows: Sequence[dict[str, Any]], columns: Sequence[str] | None = None) -> str:
    """A plain HTML table of the rows (dicts), one column per key."""
    if not rows and columns is None:
        return "<table></table>"
    cols = list(columns) if columns is not None else list(rows[0])
    head = "".join(f"<th>{escape(c)}</th>" for c in cols)
    body = "".join("<tr>" + "".join(f"<td>{_fmt(r.get(c, ''))}</td>" for c in cols) + "</tr>"
                   for r in rows)
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def _colour(v: float, percent: bool) -> str:
    """Weights: white to blue; equities: red (0) through yellow (0.5) to green (1)."""
    if percent:
        if v < 0.5:
            t = v / 0.5
            r, g, b = 215 + (255 - 215) * t, 48 + (224 - 48) * t, 39 + (139 - 39) * t
        else:
            t = (v - 0.5) / 0.5
            r, g, b = 255 + (26 - 255) * t, 224 + (152 - 224) * t, 139 + (80 - 139) * t
    else:
        t = min(max(v, 0.0), 1.0)
        r, g, b = 255 + (33 - 255) * t, 255 + (113 - 255) * t, 255 + (181 - 255) * t
    return f"#{round(r):02x}{round(g):02x}{round(b):02x}"


def html_grid(values: np.ndarray, percent: bool = False,
              keep: Sequence[int] | None = None) -> str:
    """The 13x13 chart as an HTML table; NaN (or 0 for weights) cells are blank.

    percent: the values are equities (coloured red to green, shown in %);
    otherwise weights 0..1 (coloured white to blue).  keep: only those rows
    and columns (the ranks of a short deck).
    """
    ks = list(range(13)) if keep is None else list(keep)
    rows = ["<tr><th></th>" + "".join(f"<th>{RANK_LABELS[c]}</th>" for c in ks) + "</tr>"]
    for r in ks:
        cells = []
        for c in ks:
            v = float(values[r, c])
            empty = math.isnan(v) or (not percent and v <= 0)
            style = _CELL_STYLE + ("" if empty else f";background:{_colour(v, percent)}")
            tip = "" if empty else (f"{100 * v:.1f}%" if percent else f"weight {v:g}")
            cells.append(f'<td style="{style}" title="{tip}">{LABELS[r][c]}</td>')
        rows.append(f"<tr><th>{RANK_LABELS[r]}</th>{''.join(cells)}</tr>")
    return f"<table style=\"border-collapse:collapse\">{''.join(rows)}</table>"
