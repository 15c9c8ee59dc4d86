"""Collect ``bench_*.py`` here as test modules (pyproject's python_files is test_*.py)."""

from __future__ import annotations

import pytest


def pytest_collect_file(parent, file_path):  # type: ignore[no-untyped-def]
    if file_path.suffix == ".py" and file_path.name.startswith("bench_"):
        return pytest.Module.from_parent(parent, path=file_path)
    return None
