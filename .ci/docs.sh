#!/usr/bin/env bash
# The documentation: build the site with every warning an error, then run the
# examples of every page as doctests.  Uses the active venv, or makes
# .ci-venv-docs when none is active.  About a minute, most of it the install.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ -z "${VIRTUAL_ENV:-}" ]; then
  python3 -m venv .ci-venv-docs
  . .ci-venv-docs/bin/activate
  python -m pip install -q --upgrade pip
fi
# test: pytest and the plugins named in pyproject's addopts; plot: the pages draw.
python -m pip install -q -e '.[docs,test,plot,dask]'

rm -rf docs/_build
python -m sphinx -W --keep-going -q -b html docs docs/_build/html
echo "docs: site built in docs/_build/html (warnings are errors)"
python -m pytest -q -p no:cacheprovider docs --doctest-glob='*.md'
