"""The one door to the compiled library.

This is the only module that touches the C core's ``ffi`` and ``lib``
(``tests/test_door.py`` checks it).  It offers one typed Python function per
C entry point the package uses; each takes and returns Python and numpy
values, does the cffi casts itself, turns the C core's error codes into the
named exceptions, and runs the numpy fallback (``core._fallback``) when the
C core is not built, so no other module branches on the backend.
"""

from __future__ import annotations

from typing import Any

from . import _backend

#: The compiled module (``handrank._core``), or None on the pure-Python backend.
_C: Any = _backend.core

#: True when the C core serves the calls.
HAVE_C: bool = _C is not None


def holdem_exact_counts(tables: Any, holes: list[list[int]], board: list[int],
                        dead: list[int]) -> tuple[list[int], int] | None:
    """Exact pot shares of known two-card hands over every remaining board (``hr_equity_exact``).

    ``tables`` is a hold'em-like game's evaluator pointer (``Game.high.ptr``).
    Returns each hand's summed pot shares and their whole: hand ``i``'s equity
    is ``shares[i] / whole`` (shares in units of ``1 / HR_SHARE_UNIT`` of a pot
    per board; ``whole`` is ``HR_SHARE_UNIT`` times the boards).  All are
    whole numbers (the C core sums whole shares below 2**53 in doubles, so
    exactly); None when the C core is not built or does not take the spot
    (then the caller counts).
    """
    if _C is None or tables is None:
        return None
    import numpy as np
    ffi, lib = _C.ffi, _C.lib
    n = len(holes)
    if not 2 <= n <= lib.HR_MAX_PLAYERS:
        return None
    combos = bytes(c for h in holes for c in h)
    out = np.zeros(3 * n + 1)
    taken = lib.hr_equity_exact(tables, n, combos, [1.0] * n, list(range(n + 1)), bytes(board),
                                len(board), bytes(dead), len(dead), 0, 1,
                                ffi.from_buffer("double[]", out, require_writable=True),
                                ffi.NULL)
    if taken != 1 or out[3 * n] <= 0:
        return None
    got = out[2 * n:3 * n].tolist() + [float(out[3 * n])]
    if any(x != int(x) for x in got):
        raise RuntimeError("internal error: hr_equity_exact returned a share that is not whole")
    return [int(x) for x in got[:n]], int(got[n]) * int(lib.HR_SHARE_UNIT)
