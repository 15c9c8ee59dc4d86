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


# --- pql ---

#: The most players :func:`pql_race_types` takes.
PQL_MAX_PLAYERS = 10


def pql_race_types(game_ptr: Any, players: int, full: int, stub: Any, trials: int,
                   seed: int, stream: int) -> Any:
    """A race of `players` hands of `full` (5..7) random cards each from `stub`
    (card ids, uint8): the trials' winning high categories, counted.

    `game_ptr` is the ``hr_game *`` of the game's high tables
    (``Game.tables[0].ptr``).  The trials are those of the random stream
    ``(seed, stream)`` (``hr_rng_seed``), the same on any thread.  Returns
    an int64 array of 10 counts indexed by handrank's standard category
    (1 high card .. 9 straight flush; 0 unused), or None without the C core
    (the caller then deals in numpy)."""
    import numpy as np
    if _C is None:
        return None
    ffi, lib = _C.ffi, _C.lib
    cards = np.ascontiguousarray(stub, dtype=np.uint8)
    hist = np.zeros(10, dtype=np.int64)
    rng = ffi.new("hr_rng *")
    lib.hr_rng_seed(rng, seed & 0xFFFFFFFFFFFFFFFF, stream & 0xFFFFFFFFFFFFFFFF)
    got = lib.hr_pql_race_types(game_ptr, players, full, ffi.from_buffer("uint8_t[]", cards),
                                len(cards), trials, rng,
                                ffi.from_buffer("int64_t[]", hist), ffi.NULL)
    if got != trials:
        raise ValueError(f"hr_pql_race_types refused {players} players of {full} cards "
                         f"from {len(cards)} cards")
    return hist


def pql_street_equity(game_ptr: Any, holes: Any, boards: Any, known: int, live: int) -> Any:
    """Hand-versus-hand equity on a street, deal by deal, in C.

    `holes` is (n_deals, players, h) uint8 (h = 2: hold'em's any five;
    h = 4..6: Omaha's two and three), `boards` (n_deals, 5) uint8 of which the
    first `known` (3..5) cards are seen; the rest of each board is every
    completion from the cards of the 52-bit mask `live` (the deck less the dead
    cards) no hole or board card holds.  Returns (players, n_deals) float64
    pot shares averaged over the completions (high only: the best hand takes
    the pot, ties split), or None without the C core."""
    import numpy as np
    if _C is None:
        return None
    ffi, lib = _C.ffi, _C.lib
    hs = np.ascontiguousarray(holes, dtype=np.uint8)
    bs = np.ascontiguousarray(boards, dtype=np.uint8)
    n_deals, players, h = hs.shape
    if bs.shape != (n_deals, 5):
        raise ValueError(f"boards of shape {bs.shape}, expected ({n_deals}, 5)")
    out = np.zeros((n_deals, players), dtype=np.float64)
    got = lib.hr_pql_street_equity(game_ptr, h, players, ffi.from_buffer("uint8_t[]", hs),
                                   ffi.from_buffer("uint8_t[]", bs), known,
                                   live & ((1 << 52) - 1), n_deals,
                                   ffi.from_buffer("double[]", out))
    if got != n_deals:
        raise ValueError(f"hr_pql_street_equity refused the deals ({got}): {players} "
                         f"players of {h} cards, {known} board cards known")
    return out.T.copy()
