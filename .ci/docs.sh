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
# When this tree is already installed in the venv with those extras (CI's test
# venv), only the docs extra's own requirements are added: a second
# `pip install -e .` would regenerate the tables and recompile the C core.
# (Python < 3.11 has no tomllib: the check fails quietly and the full install runs.)
if docs_reqs=$(python - 2> /dev/null <<'PY'
import importlib.metadata as md, pathlib, sys, tomllib
extras = tomllib.loads(pathlib.Path("pyproject.toml").read_text())["project"]["optional-dependencies"]
import handrank  # noqa: F401  (installed from this tree: the check below)
here = pathlib.Path.cwd().resolve()
if here not in pathlib.Path(handrank.__file__).resolve().parents:
    sys.exit(1)
for extra in ("test", "plot", "dask"):
    for req in extras[extra]:
        name = req.split(";")[0].split(">")[0].split("=")[0].split("<")[0].strip()
        md.version(name)  # raises when a requirement is missing
print("\n".join(extras["docs"]))
PY
); then
  printf '%s\n' "$docs_reqs" > "${TMPDIR:-/tmp}/handrank-docs-reqs.$$"
  python -m pip install -q -r "${TMPDIR:-/tmp}/handrank-docs-reqs.$$"
  rm -f "${TMPDIR:-/tmp}/handrank-docs-reqs.$$"
else
  python -m pip install -q -e '.[docs,test,plot,dask]'
fi

rm -rf docs/_build
python -m sphinx -W --keep-going -q -b html docs docs/_build/html
echo "docs: site built in docs/_build/html (warnings are errors)"
python -m pytest -q -p no:cacheprovider docs --doctest-glob='*.md'
