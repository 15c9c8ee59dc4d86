"""The sdist carries what a distribution packager needs to build and test.

Built here from the source tree (``python -m build --sdist``); its file list
must hold the C sources, the generator, every file of tests/ (conftest.py and
__init__.py too, so pytest runs from the unpacked sdist), and nothing built.
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
import tarfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _setuptools_is_new() -> bool:
    try:
        from importlib.metadata import version
        major = int(version("setuptools").split(".")[0])
    except Exception:  # noqa: BLE001 - absent or unreadable: build in isolation
        return False
    return major >= 77


@pytest.fixture(scope="module")
def sdist_names(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    if not (ROOT / "pyproject.toml").exists() or not (ROOT / "setup.py").exists():
        pytest.skip("not a source tree (tests run from an installed wheel)")
    if importlib.util.find_spec("build") is None:
        pytest.skip("the 'build' package is not installed")
    out = tmp_path_factory.mktemp("sdist")
    cmd = [sys.executable, "-m", "build", "--sdist", "--outdir", str(out), str(ROOT)]
    if _setuptools_is_new():
        cmd.insert(4, "--no-isolation")
    r = subprocess.run(cmd, check=False, capture_output=True, text=True, timeout=600,
                       env=dict(os.environ, PIP_DISABLE_PIP_VERSION_CHECK="1"))
    assert r.returncode == 0, r.stdout[-2000:] + r.stderr[-2000:]
    (path,) = out.glob("handrank-*.tar.gz")
    with tarfile.open(path) as tar:
        names = tar.getnames()
    top = names[0].split("/")[0]
    return sorted(n[len(top) + 1:] for n in names if n.startswith(top + "/"))


def test_sdist_ships_every_test_file(sdist_names: list[str]) -> None:
    for name in ("tests/__init__.py", "tests/conftest.py"):
        assert name in sdist_names
    source = sorted(f"tests/{p.name}" for p in (ROOT / "tests").glob("*.py"))
    assert source and [n for n in source if n not in sdist_names] == []


def test_sdist_ships_sources_and_build_files(sdist_names: list[str]) -> None:
    needed = ["pyproject.toml", "setup.py", "README.md", "LICENSE", "CHANGELOG.md",
              "MANIFEST.in", "conftest.py", "tables/generate.py", "tables/README.md",
              "src/handrank/_build_ffi.py", "src/handrank/_core.pyi", "src/handrank/py.typed"]
    needed += [f"csrc/{p.name}" for p in (ROOT / "csrc").glob("*.[ch]")]
    needed += [p.relative_to(ROOT).as_posix() for p in (ROOT / "src" / "handrank").rglob("*.py")]
    assert [n for n in needed if n not in sdist_names] == []


def test_sdist_ships_nothing_built(sdist_names: list[str]) -> None:
    built = [n for n in sdist_names
             if n.startswith("csrc/generated/") or n.endswith((".so", ".pyd", ".pyc", ".bin"))
             or "__pycache__" in n or ".hypothesis" in n]
    assert built == []
