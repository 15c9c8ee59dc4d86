"""The pure-Python backend: the C core's lookups, on the same tables.

Batches are evaluated a chunk of rows at a time with numpy (no loop per
hand); a single hand is evaluated in plain Python.  The functions mirror
``hr_eval`` and ``hr_eval_batch`` in csrc/eval.c, step for step.
"""

from __future__ import annotations

from functools import cache

import numpy as np

from ._tables import BIN_PATH, GameTables, Params, read_bin

CHUNK = 1 << 16


@cache
def _file_params() -> Params:
    """The hash parameters written beside the tables in the package-data file."""
    arrays = read_bin(BIN_PATH)
    return Params(**{k[len("param."):]: int(v[0]) for k, v in arrays.items()
                     if k.startswith("param.")})


def _params(t: GameTables) -> Params:
    """The hash parameters of `t`: its own, or, for the views of the compiled
    tables (which leave them to C), the package-data file's: one generator
    writes both, so the numpy lookups run on either."""
    return t.params if t.params is not None else _file_params()


def eval_one(t: GameTables, ids: list[int]) -> int:
    """Strength of one hand of 5..7 ids (0..255), or 0 if it is not a hand."""
    p = _params(t)
    key = p.suit_init
    total = 0
    seen = 0
    for c in ids:
        key += int(t.card_key[c])
        m = int(t.card_mask[c])
        total += m
        seen |= m
    if key >> p.poison_shift or total != seen:
        return 0
    return _lookup_one(t, key, total)


def _lookup_one(t: GameTables, key: int, mask: int) -> int:
    p = _params(t)
    flush = (key >> p.suit_shift) & p.flush_bits
    if flush:
        suit = ((flush & -flush).bit_length() - 1) >> 2
        return int(t.flush[(mask >> (p.mask_suit_bits * suit)) & 0x1FFF])
    h = ((key & 0xFFFFFFFF) * p.hash_mult) & ((1 << p.hash_bits) - 1)
    return int(t.values[(h + int(t.hash_offsets[h >> p.hash_shift])) & 0xFFFFFFFF])


def eval_batch(t: GameTables, cards: np.ndarray, out: np.ndarray) -> int:
    """Fill ``out`` from a C-contiguous (n, k) uint8 array; -1 or the first bad row."""
    for start in range(0, len(cards), CHUNK):
        bad = _chunk(t, cards[start:start + CHUNK], out[start:start + CHUNK])
        if bad >= 0:
            return start + bad
    return -1


def _chunk(t: GameTables, cards: np.ndarray, out: np.ndarray) -> int:
    p = _params(t)
    u64 = np.uint64
    key = t.card_key[cards].sum(axis=1, dtype=u64) + u64(p.suit_init)
    masks = t.card_mask[cards]
    total = masks.sum(axis=1, dtype=u64)
    seen = np.bitwise_or.reduce(masks, axis=1)
    bad = ((key >> u64(p.poison_shift)) != 0) | (total != seen)
    if bad.any():
        return int(bad.argmax())
    flush = (key >> u64(p.suit_shift)) & u64(p.flush_bits)
    h = ((key & u64(0xFFFFFFFF)) * u64(p.hash_mult)) & u64((1 << p.hash_bits) - 1)
    # each row's offset has the row's first h taken off, mod 2**32
    index = (h + t.hash_offsets[h >> u64(p.hash_shift)]) & u64(0xFFFFFFFF)
    result = t.values[index]
    is_flush = flush != 0
    if is_flush.any():
        f = flush[is_flush]
        # The flush suit: its counter's bit 3 is the lowest set bit of f.
        suit = np.full(f.shape, 3, dtype=u64)
        for s in (2, 1, 0):
            suit[(f & u64(8 << (4 * s))) != 0] = s
        shift = suit * u64(p.mask_suit_bits)
        result[is_flush] = t.flush[(total[is_flush] >> shift) & u64(0x1FFF)]
    out[:] = result
    return -1
