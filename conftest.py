"""Root conftest: collection rules for the whole project.

1. ``handrank.dask`` needs the dask extra; without it its doctests cannot be
   collected (tests/test_dask.py says why it is skipped).
2. Pytest may run from a source tree whose package is installed elsewhere (an
   unpacked sdist after ``pip install .``, a distribution build).  The
   doctests of ``src/handrank`` are collected from the source files; when the
   ``handrank`` that imports is another copy (site-packages), collecting them
   would import a second copy of each module, which pytest refuses ("import
   file mismatch").  Then only those doctests are left out: tests/ and
   README.md still run against the installed package.  In an editable install
   (CI, the README's test command) the imported package is src/handrank and
   every doctest runs.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import handrank

collect_ignore = []
if importlib.util.find_spec("distributed") is None or importlib.util.find_spec("dask") is None:
    collect_ignore.append("src/handrank/dask.py")

_SRC = Path(__file__).resolve().parent / "src" / "handrank"

_OTHER_COPY = Path(handrank.__file__).resolve().parent != _SRC


def pytest_ignore_collect(collection_path: Path) -> bool | None:
    """Leave out src/handrank's files when the imported handrank is another copy."""
    if _OTHER_COPY and collection_path.resolve().is_relative_to(_SRC):
        return True
    return None
