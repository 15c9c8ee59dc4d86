"""Wrong calls that ``mypy --strict`` must reject (tests/test_typing.py).

Each line marked ``# error: CODE`` must draw a mypy error with that code, and
no other line may draw one.  Nothing here runs: the calls sit in a function
that is never called.
"""

# ruff: noqa: F841, B018 - the wrong calls are the point, their results unused

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

import handrank as hr


def never_called() -> None:
    hr.evaluate(12345.6)  # error: arg-type
    hr.evaluate("As Ks Qs Js Ts", game=7)  # error: arg-type
    hr.equity(["AhAd", "KsKc"], board=3.5)  # error: arg-type
    strengths: list[int] = hr.evaluate_batch([[51, 47, 43, 39, 35]])  # error: assignment
    cats: NDArray[np.float64] = hr.category(np.array([1, 7462]))  # error: assignment
    hr.category(7462).shape  # error: attr-defined
    name: str = hr.evaluate("As Ks Qs Js Ts")  # error: assignment
