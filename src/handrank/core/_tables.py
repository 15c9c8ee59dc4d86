"""The generated tables as numpy arrays, from the C core or from package data.

On the C backend the arrays are views of the compiled tables (no copy); on
the Python backend they are read from ``_tables.bin``, which the same
generator wrote in the same build.  Either way nothing is computed here.
"""

from __future__ import annotations

import os
import struct
from dataclasses import dataclass
from typing import Any

import numpy as np

# package data, beside the package root
BIN_PATH = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                        "_tables.bin")
_MAGIC = b"HRTABLES1\n"
# tables/generate.py names every low-hand rule's tables "low_<rule>".
LOW_PREFIX = "low_"
_DTYPES = {"B": np.uint8, "H": np.uint16, "I": np.uint32, "Q": np.uint64}


def read_bin(path: str = BIN_PATH) -> dict[str, np.ndarray]:
    """Read every named array of a tables file (format: tables/README.md)."""
    with open(path, "rb") as f:
        data = f.read()
    if not data.startswith(_MAGIC):
        raise RuntimeError(f"internal error: {path} is not a handrank tables file")
    (count,) = struct.unpack_from("<I", data, len(_MAGIC))
    pos = len(_MAGIC) + 4
    out: dict[str, np.ndarray] = {}
    for _ in range(count):
        raw_name, code, length = struct.unpack_from("<32s1sI", data, pos)
        pos += struct.calcsize("<32s1sI")
        pos += -pos % 8
        dtype = np.dtype(_DTYPES[code.decode()]).newbyteorder("<")
        arr = np.frombuffer(data, dtype=dtype, count=length, offset=pos)
        out[raw_name.rstrip(b"\0").decode()] = arr.astype(dtype.newbyteorder("="))
        pos += arr.nbytes
    return out


@dataclass(frozen=True)
class Params:
    """The constants of the tables' hand key and perfect hash (tables/generate.py).

    Attributes
    ----------
    hash_mult, hash_bits, hash_shift : int
        The hash of a rank key: ``h = key * hash_mult mod 2**hash_bits``, its
        row of `hash_offsets` ``h >> hash_shift``.
    suit_shift, suit_init, flush_bits : int
        The key's four 4-bit suit counters start at `suit_init`, at bit
        `suit_shift`; ``(key >> suit_shift) & flush_bits`` finds a flush.
    poison_shift : int
        The bit of the key that marks a card outside the deck.
    mask_suit_bits : int
        The bits of each suit's rank set in the card mask.
    card_suit_init, card_poison_shift, card_hash_shift : int
        The same for the batch kernels' per-card entry (:attr:`GameTables.card`):
        its suit counters' start, its poison bit, and the shift of its
        premultiplied hash.
    """

    hash_mult: int
    hash_bits: int
    hash_shift: int
    suit_shift: int
    suit_init: int
    flush_bits: int
    poison_shift: int
    mask_suit_bits: int
    card_suit_init: int
    card_poison_shift: int
    card_hash_shift: int


@dataclass(frozen=True)
class GameTables:
    """One game's tables; ``ptr`` is its ``hr_game *`` on the C backend.

    Attributes
    ----------
    name : str
        The game's name in the tables (``"holdem"``; ``"low_<rule>"`` for a low).
    classes : int
        The number of distinct strengths (the best hand's strength).
    card_key, card_mask : ndarray of uint64, shape (256,)
        Each card id's key (rank key, suit counters, poison bit) and mask
        (one bit per rank and suit); ids >= 52 and cards outside the deck
        carry the poison bit.
    values : ndarray of uint16
        The strength of each rank key, by its perfect hash.
    flush : ndarray of uint16, shape (8192,)
        The strength of a flush, by its suit's rank set.
    category : ndarray of uint8, shape (classes + 1,)
        Each strength's category.
    class_ranks : ndarray of uint8, shape (classes + 1, 5)
        Each strength's five ranks (255: none).
    hash_offsets : ndarray of uint32
        The perfect hash's row offsets, shared by every game.
    params : Params or None
        The hash's constants; None in the views of the compiled tables.
    ptr : cffi pointer or None
        The game's ``hr_game *`` on the C backend.
    in_deck : ndarray of bool, shape (256,)
        Whether each card id is in the game's deck (read off `card_key`'s
        poison bit).
    card : ndarray of uint64, shape (256, 2)
        The batch kernels' ``{key, mask}`` entry per card (see :class:`Params`).
    low : bool
        A low-hand rule's tables: read only through a
        :class:`~handrank.Lowball`, never as a ``variant=``.
    """

    name: str
    classes: int
    card_key: np.ndarray      # (256,) uint64
    card_mask: np.ndarray     # (256,) uint64
    values: np.ndarray        # (hash size,) uint16
    flush: np.ndarray         # (8192,) uint16
    category: np.ndarray      # (classes + 1,) uint8
    class_ranks: np.ndarray   # (classes + 1, 5) uint8, 255 = none
    hash_offsets: np.ndarray  # (rows,) uint32, shared by every game
    params: Params | None
    ptr: Any = None
    # (256,) bool: the card is in the game's deck.  Read off the poison bit of
    # card_key (ids >= 52 and cards outside the deck carry it).
    in_deck: Any = None
    # (256, 2) uint64: the batch kernels' {key, mask} entry per card.
    card: Any = None
    # A low-hand rule (the generator's "low_*" games): read only through a
    # Lowball, never as a ``variant=`` (its strengths are not a high scale).
    low: bool = False


def load_bin(path: str = BIN_PATH) -> dict[str, GameTables]:
    """Every game's tables from the package-data file."""
    arrays = read_bin(path)
    params = Params(**{k[len("param."):]: int(v[0]) for k, v in arrays.items()
                       if k.startswith("param.")})
    names = [k.split(".")[0] for k in arrays if k.endswith(".values")]
    games = {}
    for name in names:
        category = arrays[f"{name}.category"]
        games[name] = GameTables(
            name=name,
            classes=len(category) - 1,
            card_key=arrays[f"{name}.card_key"],
            card_mask=arrays[f"{name}.card_mask"],
            values=arrays[f"{name}.values"],
            flush=arrays[f"{name}.flush"],
            category=category,
            class_ranks=arrays[f"{name}.class_ranks"].reshape(-1, 5),
            hash_offsets=arrays["hash_offsets"],
            params=params,
            in_deck=(arrays[f"{name}.card_key"] >> np.uint64(params.poison_shift)) == 0,
            card=arrays[f"{name}.card"].reshape(256, 2),
            low=name.startswith(LOW_PREFIX),
        )
    return games


