"""Sphinx configuration of the handrank documentation.

Build: ``sphinx-build -W --keep-going -b html docs docs/_build/html`` (what
``.ci/docs.sh`` runs).  The pages are Markdown (MyST), the API reference is
generated from the numpydoc docstrings by autodoc + numpydoc.

Why Sphinx and not MkDocs: the docstrings are numpydoc with Sphinx roles
(``:func:``, ``:class:``, ``:ref:``), which numpydoc renders and Sphinx
resolves, and ``-W`` turns a link to a missing rules section into a failed
build; MyST keeps the pages in the same Markdown as the README, so the same
``pytest --doctest-glob`` runs their examples.
"""

from __future__ import annotations

import re
from pathlib import Path

import handrank

project = "handrank"
author = "the handrank authors"
copyright = "2026, the handrank authors"
version = release = handrank.__version__

extensions = [
    "myst_parser",
    "numpydoc",
    "sphinx.ext.autodoc",
]

source_suffix = {".md": "markdown", ".rst": "restructuredtext"}
root_doc = "index"
exclude_patterns = ["_build", "PENDING", "conftest.py"]
myst_heading_anchors = 3
myst_enable_extensions = ["colon_fence"]

# API reference: signatures as written in the code, members in source order.
autodoc_member_order = "bysource"
autodoc_typehints = "none"            # numpydoc's Parameters section says it in words
numpydoc_show_class_members = False   # classes list their own attributes
numpydoc_xref_param_type = False

html_theme = "furo" if __import__("importlib.util").util.find_spec("furo") else "alabaster"
html_title = f"handrank {release}"
html_static_path: list[str] = []
suppress_warnings = ["myst.header"]

# ---------------------------------------------------------------------------
# Pages of features still being built elsewhere are listed in docs/PENDING
# (one "path  # why" per line).  A listed how-to page (.md) is built with a
# notice at its top, and docs/conftest.py keeps its examples out of the
# doctest run; a listed API page (.rst) is not built at all (autodoc cannot
# import what does not exist yet) and its line in the api/index toctree is
# dropped.  Deleting the line from PENDING enables the page fully.
# ---------------------------------------------------------------------------
_HERE = Path(__file__).parent


def pending_pages() -> dict[str, str]:
    """The pages listed in docs/PENDING, as {path: reason}."""
    pages: dict[str, str] = {}
    for line in (_HERE / "PENDING").read_text(encoding="utf-8").splitlines():
        path, _, why = line.partition("#")
        if path.strip():
            pages[path.strip()] = why.strip()
    return pages


_PENDING = pending_pages()
_NOTICE = {re.sub(r"\.md$", "", p): why for p, why in _PENDING.items() if p.endswith(".md")}
_SKIPPED = [p for p in _PENDING if p.endswith(".rst")]
exclude_patterns += _SKIPPED


def _pending(app: object, docname: str, source: list[str]) -> None:
    why = _NOTICE.get(docname)
    if why is not None:
        title, _, rest = source[0].partition("\n")
        source[0] = (f"{title}\n\n:::{{note}}\nThis page describes a feature that is being "
                     f"built ({why}). Its examples are not yet run as tests.\n:::\n{rest}")
    if docname == "api/index":
        gone = {Path(p).stem for p in _SKIPPED if p.startswith("api/")}
        source[0] = "\n".join(line for line in source[0].split("\n")
                              if line.strip() not in gone)


_PICTURES = Path(__file__).parent / "_generated"


def _bench_plot(path: str) -> None:
    """`handrank bench --plot` on a short suite: this build machine's figures."""
    from handrank import bench

    libs, _ = bench.adapters(None)          # handrank and every peer installed here
    suite = bench.Suite("docs", repeats=1, bulk=100_000, single=500, single_loops=1)
    bench.save_plot(bench.run_suite(suite, libs, progress=False), path)


def _draw_pictures(app: object) -> None:
    """Draw the gallery's pictures with the library itself, at every build.

    They are never committed: docs/gallery.md shows what this build of
    handrank draws (matplotlib's Agg backend, no display needed).
    """
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    import handrank as hr

    _PICTURES.mkdir(exist_ok=True)
    hero, villain, board = "QQ+,AKs,A5s,KQs", "22+,AJo+,KTs+", "Qh 7c 2d"
    jobs = {
        "range-grid.png": lambda p: hr.Range(hero).plot(p),
        "equity-grid.png": lambda p: hr.range_equity(hero, villain, board=board).plot(
            p, kind="grid"),
        "equity-distribution.png": lambda p: hr.range_equity(hero, villain, board=board).plot(
            p, kind="distribution"),
        "board-breakdown.png": lambda p: hr.analyze("22+,A2s+,KTo+,QJs", board="Qh 7h 2d").plot(p),
        "bench.png": _bench_plot,
    }
    for name, draw in jobs.items():
        draw(str(_PICTURES / name))
        plt.close("all")


def setup(app: object) -> None:
    app.connect("source-read", _pending)  # type: ignore[attr-defined]
    app.connect("builder-inited", _draw_pictures)  # type: ignore[attr-defined]
