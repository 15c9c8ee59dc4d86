#!/usr/bin/env bash
# Static checks in the active venv (mypy on src/, ruff on src/ and tests/): mypy --strict and ruff, both
# configured in pyproject.toml ([tool.mypy], [tool.ruff.lint]).  Installs the
# checkers and the stub packages the code needs when they are missing.
# About 20 s cold, a few seconds with mypy's cache.
set -euo pipefail
cd "$(dirname "$0")/.."

need=()
python -c "import mypy" 2> /dev/null || need+=("mypy>=1.10")
python -m ruff --version > /dev/null 2>&1 || need+=("ruff>=0.4")
# Stubs for the third-party modules src/ imports (cffi in _build_ffi.py, tqdm
# in the progress bars, pandas in to_pandas()).
python -m pip show -q types-cffi > /dev/null 2>&1 || need+=("types-cffi")
python -m pip show -q types-tqdm > /dev/null 2>&1 || need+=("types-tqdm")
python -m pip show -q pandas-stubs > /dev/null 2>&1 || need+=("pandas-stubs")
if [ ${#need[@]} -gt 0 ]; then
  python -m pip install -q "${need[@]}"
fi

python -m mypy --version
python -m mypy            # files and strictness from pyproject.toml
python -m ruff --version
python -m ruff check src tests
