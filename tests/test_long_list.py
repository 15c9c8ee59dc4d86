"""tests/long_tests.txt (the tests the edit-test loop leaves out) names real tests.

An entry that names no file, or a function its file does not define, would
mark nothing: the loop would quietly run what the list meant to leave out,
or the list would grow stale.
"""

from __future__ import annotations

import pathlib
import re

import pytest

HERE = pathlib.Path(__file__).parent

#: The entries, read as tests/conftest.py reads them.
LONG = tuple(
    line.split("#", 1)[0].strip()
    for line in (HERE / "long_tests.txt").read_text(encoding="utf-8").splitlines()
    if line.split("#", 1)[0].strip()
)


def test_the_list_is_read() -> None:
    assert len(LONG) > 50
    assert all(e.startswith("tests/test_") for e in LONG)


@pytest.mark.parametrize("entry", LONG)
def test_every_entry_names_a_test_that_exists(entry: str) -> None:
    path, _, func = entry.partition("::")
    source = HERE.parent / path
    assert source.is_file(), f"{entry}: no such file"
    if func:
        assert re.search(rf"^\s*def {re.escape(func)}\(", source.read_text(encoding="utf-8"),
                         re.M), f"{entry}: no such test function"
