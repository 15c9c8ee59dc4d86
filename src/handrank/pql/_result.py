"""The answer of a query: one row per selector."""

from __future__ import annotations

import html
import json
import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any, overload

__all__ = ["PqlResult", "PqlRow"]


@dataclass(frozen=True)
class PqlRow:
    """One selector's answer.

    ``name`` is the selector as the query wrote it, ``kind`` its kind
    (``"count"``, ``"avg"``, ``"histogram"``, ``"max"`` or ``"min"``).
    ``value`` is a fraction in [0, 1] for ``count`` and an average for ``avg``
    (equities are fractions too); for ``histogram`` a dict from category to
    the fraction of deals in it; for ``max``/``min`` the extreme value seen.
    ``stderr`` is the standard error of ``value`` (0.0 when exact; a dict
    per category for a histogram; None for ``max``/``min`` when simulated).
    ``percent`` says whether the text shows ``value`` as a percentage (an
    average of counts such as outs is shown as a plain number).
    """
    name: str
    kind: str
    value: Any
    stderr: Any
    percent: bool = True

    def _fmt(self, x: Any, pct: bool) -> str:
        if isinstance(x, float) and pct:
            return f"{100 * x:.2f}%"
        if isinstance(x, float):
            return f"{x:.6g}"
        return str(x)

    def text(self) -> list[str]:
        pct = self.kind in ("avg", "count", "histogram") and self.percent
        if self.kind == "histogram":
            lines = [f"{self.name}:"]
            width = max((len(str(k)) for k in self.value), default=0)
            for k, v in self.value.items():
                se = self.stderr.get(k, 0.0) if isinstance(self.stderr, dict) else 0.0
                tail = f"  (+/- {100 * se:.2f}%)" if se else ""
                lines.append(f"  {str(k).ljust(width)}  {100 * v:6.2f}%{tail}")
            return lines
        tail = f"  (+/- {100 * self.stderr:.2f}%)" if isinstance(self.stderr, float) \
            and self.stderr and pct else ""
        if not pct and isinstance(self.stderr, float) and self.stderr:
            tail = f"  (+/- {self.stderr:.4g})"
        if self.kind in ("max", "min"):
            pct = False
        return [f"{self.name} = {self._fmt(self.value, pct)}{tail}"]


class PqlResult(Sequence[PqlRow]):
    """The rows of a query, one per selector, and how they were obtained.

    ``exact`` is True when every deal was enumerated (each ``stderr`` 0.0),
    ``samples`` the number of deals (or trials) that satisfied ``where`` and
    entered the figures, ``trials`` the deals dealt, ``seed`` the seed of a
    simulation (None when exact).

    Made by :func:`handrank.pql`; the constructor's parameters are its attributes:

    Parameters
    ----------
    query : str
        The query's text.
    rows : list of PqlRow
        One row per selector, in the query's order.
    exact, samples, trials, seed
        As above.
    game : str
        The name of the game the query dealt (``"holdem"``, ``"omaha"`` ...).
    """

    def __init__(self, query: str, rows: list[PqlRow], *, exact: bool, samples: int,
                 trials: int, seed: int | None, game: str) -> None:
        self.query = query
        self.rows = rows
        self.exact = exact
        self.samples = samples
        self.trials = trials
        self.seed = seed
        self.game = game

    @overload
    def __getitem__(self, i: int) -> PqlRow: ...

    @overload
    def __getitem__(self, i: slice) -> list[PqlRow]: ...

    def __getitem__(self, i: int | slice | str) -> Any:
        if isinstance(i, str):
            for r in self.rows:
                if r.name == i:
                    return r
            raise KeyError(i)
        return self.rows[i]

    def __len__(self) -> int:
        return len(self.rows)

    def __iter__(self) -> Iterator[PqlRow]:
        return iter(self.rows)

    def how(self) -> str:
        if self.exact:
            return f"exact: {self.samples:,} deals enumerated"
        kept = "" if self.samples == self.trials else f", {self.samples:,} kept by 'where'"
        seed = "no seed" if self.seed is None else f"seed {self.seed}"
        return f"Monte Carlo: {self.trials:,} trials{kept}, {seed}"

    def text(self) -> str:
        lines = [line for r in self.rows for line in r.text()]
        return "\n".join(lines + [f"({self.how()})"])

    def __str__(self) -> str:
        return self.text()

    def __repr__(self) -> str:
        return f"PqlResult({self.how()})\n" + "\n".join(
            line for r in self.rows for line in r.text())

    def _repr_html_(self) -> str:
        out = ["<table><tr><th>selector</th><th>value</th><th>std. error</th></tr>"]
        for r in self.rows:
            if r.kind == "histogram":
                out.append(f"<tr><td colspan=3><b>{html.escape(r.name)}</b></td></tr>")
                for k, v in r.value.items():
                    se = r.stderr.get(k, 0.0) if isinstance(r.stderr, dict) else 0.0
                    out.append(f"<tr><td>&nbsp;&nbsp;{html.escape(str(k))}</td>"
                               f"<td>{100 * v:.2f}%</td><td>{100 * se:.2f}%</td></tr>")
            else:
                pct = r.kind in ("avg", "count") and r.percent
                v = f"{100 * r.value:.2f}%" if pct else html.escape(str(r.value))
                se = "" if r.stderr is None else (f"{100 * r.stderr:.2f}%" if pct
                                                  else f"{r.stderr:.4g}")
                out.append(f"<tr><td>{html.escape(r.name)}</td><td>{v}</td><td>{se}</td></tr>")
        out.append(f"</table><p>{html.escape(self.how())}</p>")
        return "".join(out)

    def to_dict(self) -> dict[str, Any]:
        def clean(x: Any) -> Any:
            if isinstance(x, float) and not math.isfinite(x):
                return None
            if isinstance(x, dict):
                return {str(k): clean(v) for k, v in x.items()}
            return x
        return {"query": self.query, "game": self.game, "exact": self.exact,
                "trials": self.trials, "samples": self.samples, "seed": self.seed,
                "rows": [{"name": r.name, "selector": r.kind, "value": clean(r.value),
                          "stderr": clean(r.stderr)} for r in self.rows]}

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False)

    def to_pandas(self) -> Any:
        """A DataFrame: one row per selector, or per category of a histogram
        (columns ``name``, ``category``, ``value``, ``stderr``)."""
        import pandas as pd
        recs = []
        for r in self.rows:
            if r.kind == "histogram":
                for k, v in r.value.items():
                    se = r.stderr.get(k, 0.0) if isinstance(r.stderr, dict) else 0.0
                    recs.append({"name": r.name, "category": k, "value": v, "stderr": se})
            else:
                recs.append({"name": r.name, "category": None, "value": r.value,
                             "stderr": r.stderr})
        return pd.DataFrame.from_records(recs, columns=["name", "category", "value", "stderr"])

    def plot(self, path: Any = None, ax: Any = None) -> Any:
        """Bar charts: a histogram's categories, or the selectors' values (as %),
        with error bars where simulated.  Saves to `path` if given; returns the axes.

        Parameters
        ----------
        path : str or path-like, optional
            Where to save the figure (its format from the suffix, as matplotlib's
            ``savefig``).
        ax : matplotlib Axes, optional
            The axes to draw on; by default a new figure's.  Needs matplotlib
            (``pip install 'handrank[plot]'``).
        """
        try:
            import matplotlib
            if ax is None and path is not None:
                matplotlib.use("Agg")
            import matplotlib.pyplot as plt
        except ImportError as exc:          # pragma: no cover - the plot extra
            raise ImportError("PqlResult.plot needs matplotlib "
                              "(pip install 'handrank[plot]')") from exc
        hists = [r for r in self.rows if r.kind == "histogram"]
        if hists:
            r = hists[0]
            labels = [str(k) for k in r.value]
            vals = [100 * v for v in r.value.values()]
            errs = [100 * (r.stderr.get(k, 0.0) if isinstance(r.stderr, dict) else 0.0)
                    for k in r.value]
            title = r.name
        else:
            rows = [r for r in self.rows if r.kind in ("avg", "count")]
            labels = [r.name for r in rows]
            vals = [100 * r.value for r in rows]
            errs = [100 * (r.stderr or 0.0) for r in rows]
            title = "PQL"
        fig = None
        if ax is None:
            fig, ax = plt.subplots(figsize=(max(4.0, 0.9 * len(labels) + 2), 3.5))
        ax.bar(range(len(labels)), vals, yerr=errs if any(errs) else None, color="#3b75af",
               capsize=3)
        ax.set_xticks(range(len(labels)))
        ax.set_xticklabels(labels, rotation=30 if len(labels) > 4 else 0, ha="right"
                           if len(labels) > 4 else "center")
        ax.set_ylabel("% of deals")
        ax.set_title(f"{title}\n{self.how()}", fontsize=9)
        for i, v in enumerate(vals):
            ax.annotate(f"{v:.1f}%", (i, v), ha="center", va="bottom", fontsize=8)
        if fig is not None:
            fig.tight_layout()
        if path is not None:
            (fig or ax.figure).savefig(path, dpi=110)
            if fig is not None:
                plt.close(fig)
        return ax
