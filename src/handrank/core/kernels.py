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

import numpy as np

from . import _backend

#: The compiled module (``handrank._core``), or None on the pure-Python backend.
_C: Any = _backend.core

#: True when the C core serves the calls.
HAVE_C: bool = _C is not None


# --- wild ---

def _wild_tables() -> tuple[Any, Any]:
    """tables/wild.py's wild_value and wild_choose (from the tables file, both backends)."""
    global _WILD_TABLES
    if _WILD_TABLES is None:
        from ._tables import read_bin
        arrays = read_bin()
        _WILD_TABLES = (arrays["wild_value"], arrays["wild_choose"].astype(np.int64))
    return _WILD_TABLES


_WILD_TABLES: tuple[Any, Any] | None = None
#: Keys of one half of a wild game's table (tables/wild.py KEYS).
WILD_KEYS = 8568


def wild_batch(game: int, cards: np.ndarray) -> tuple[np.ndarray, int]:
    """The class of each row of five ids in wild game `game` (0 deuces-wild, 1 joker-draw,
    2 california-lowball; csrc/wild.h ``hr_wild_batch``).

    `cards` is (n, 5) uint8, C-contiguous.  Returns (classes as uint16, -1) or, when a row
    holds an id outside the game's deck or a repeated id, (the array, that row's index):
    rows before it are written.
    """
    n = len(cards)
    out = np.zeros(n, dtype=np.uint16)
    if _C is not None:
        ffi = _C.ffi
        bad = int(_C.lib.hr_wild_batch(game, ffi.from_buffer("uint8_t[]", cards), n,
                                       ffi.from_buffer("uint16_t[]", out, require_writable=True)))
        if bad == -2:
            raise ValueError(f"internal error: no wild game {game}")
        return out, bad
    value, choose = _wild_tables()
    c = cards.astype(np.int64)
    deck = 52 if game == 0 else 53
    srt = np.sort(c, axis=1)
    bad_rows = ((c >= deck).any(axis=1)) | (srt[:, 1:] == srt[:, :-1]).any(axis=1)
    wild = (c == 52) | ((c < 4) if game == 0 else False)
    sym = np.sort(np.where(wild, 13, c >> 2), axis=1)
    index = sum(choose[18 * j + sym[:, j] + j] for j in range(5))
    bits = np.zeros(n, dtype=np.int64)
    for j in range(5):
        bits |= np.where(wild[:, j], 0, 1 << (c[:, j] & 3))
    suited = (bits & (bits - 1)) == 0
    got = value[game * 2 * WILD_KEYS + suited * WILD_KEYS + np.where(bad_rows, 0, index)]
    first = int(np.argmax(bad_rows)) if bad_rows.any() else -1
    stop = n if first < 0 else first
    out[:stop] = got[:stop]
    return out, first
