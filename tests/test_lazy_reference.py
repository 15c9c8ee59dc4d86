"""``hr.reference`` is an attribute of the package, imported on first use."""

from __future__ import annotations

import subprocess
import sys

import pytest

import handrank as hr


def test_reference_attribute_is_the_module() -> None:
    assert hr.reference.evaluate("As Ks Qs Js Ts") == 7462
    assert hr.reference is sys.modules["handrank.reference"]


def test_import_handrank_does_not_import_reference() -> None:
    code = ("import sys, handrank as hr; a = 'handrank.reference' in sys.modules; "
            "hr.reference.evaluate('7d 5c 4h 3s 2c'); "
            "print(a, 'handrank.reference' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.split() == ["False", "True"]


def test_unknown_attribute_still_raises() -> None:
    with pytest.raises(AttributeError, match="has no attribute 'no_such_name'"):
        hr.no_such_name  # noqa: B018
