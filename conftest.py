"""Collection rules for the whole project (pytest reads this before any test)."""

from __future__ import annotations

import importlib.util

# handrank.dask needs the dask extra; without it its doctests cannot be
# collected (tests/test_dask.py says why it is skipped).
collect_ignore = []
if importlib.util.find_spec("distributed") is None or importlib.util.find_spec("dask") is None:
    collect_ignore.append("src/handrank/dask.py")
