"""The package's types as a user meets them.

mypy --strict checks tests/typecheck/user_script.py (the public API used as
a user would, with ``assert_type`` on what each call returns) and must accept
it; tests/typecheck/bad_call.py holds wrong calls, each marked with the mypy
error code it must draw.  The user script also runs, on both backends, so
the annotations describe what the calls really return.
"""

from __future__ import annotations

import ast
import importlib.util
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

import handrank as hr

HERE = Path(__file__).parent / "typecheck"
USER_SCRIPT = HERE / "user_script.py"
BAD_CALL = HERE / "bad_call.py"
_ERROR_LINE = re.compile(
    r"^(?P<path>.+?):(?P<line>\d+): error: (?P<msg>.*?)(?:  \[(?P<code>[a-z-]+)\])?$")


def _expected_errors(path: Path) -> set[tuple[int, str]]:
    found = set()
    for lineno, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        m = re.search(r"# error: ([a-z-]+)\s*$", line)
        if m:
            found.add((lineno, m.group(1)))
    return found


def _mypy(tmp_path: Path, *files: Path) -> tuple[int, list[tuple[str, int, str, str]]]:
    """Run ``mypy --strict`` on `files` with no project configuration."""
    config = tmp_path / "mypy.ini"
    config.write_text("[mypy]\nstrict = True\n", encoding="utf-8")
    proc = subprocess.run(
        [sys.executable, "-m", "mypy", "--config-file", str(config),
         "--cache-dir", str(tmp_path / "cache"), "--no-color-output", "--show-error-codes",
         *[str(f) for f in files]],
        cwd=tmp_path, capture_output=True, text=True, timeout=300,
    )
    if proc.returncode not in (0, 1):
        pytest.fail(f"mypy crashed (exit {proc.returncode}):\n{proc.stdout}\n{proc.stderr}")
    errors = []
    for line in proc.stdout.splitlines():
        m = _ERROR_LINE.match(line)
        if m:
            errors.append((Path(m["path"]).name, int(m["line"]), m["code"] or "", m["msg"]))
    return proc.returncode, errors


def test_mypy_accepts_the_user_script_and_rejects_the_bad_calls(tmp_path):
    pytest.importorskip("mypy", reason="mypy is not installed (pip install 'handrank[test]')")
    expected = _expected_errors(BAD_CALL)
    assert len(expected) >= 5        # the markers were read

    status, errors = _mypy(tmp_path, USER_SCRIPT, BAD_CALL)

    in_script = [e for e in errors if e[0] == USER_SCRIPT.name]
    assert in_script == [], "mypy rejects the user script:\n" + "\n".join(map(str, in_script))
    got = {(line, code) for name, line, code, _ in errors if name == BAD_CALL.name}
    assert got == expected, f"bad_call.py: expected errors {sorted(expected)}, got {errors}"
    assert status == 1
    # The first wrong call is the issue's: a float is not cards.
    (float_msg,) = [msg for name, line, _, msg in errors
                    if name == BAD_CALL.name and line == min(expected)[0]]
    assert '"evaluate" has incompatible type "float"' in float_msg


def _load_user_script():
    spec = importlib.util.spec_from_file_location("handrank_user_script", USER_SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_user_script_runs_on_the_active_backend():
    _load_user_script().main()


def test_user_script_runs_on_the_python_backend():
    env = dict(os.environ, HANDRANK_BACKEND="python")
    proc = subprocess.run([sys.executable, str(USER_SCRIPT)], env=env, capture_output=True,
                          text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr


def test_cardslike_is_public():
    assert "CardsLike" in hr.__all__
    assert hr.CardsLike is importlib.import_module("handrank.core._typing").CardsLike


def test_core_stub_names_what_the_compiled_module_has():
    stub = Path(hr.__file__).with_name("_core.pyi")
    tree = ast.parse(stub.read_text(encoding="utf-8"))
    declared = {node.target.id for node in tree.body
                if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name)}
    assert declared == {"ffi", "lib"}
    if hr.backend != "c":
        pytest.skip("the C core is not in use")
    core = importlib.import_module("handrank._core")
    assert {n for n in dir(core) if not n.startswith("_")} == declared
