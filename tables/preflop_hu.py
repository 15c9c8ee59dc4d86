"""Write src/handrank/holdem_hu_preflop.npz: heads-up preflop hold'em counts by class.

A class is an orbit of ordered pairs of disjoint hands under the 24 suit
permutations and the swap of the two hands (csrc/preflop_hu.h gives the key).
This script finds the classes by canonicalising all 1326 * 1225 ordered
pairs with numpy, checks their number by Burnside's lemma (the mean, over
the 48 group elements, of the pairs each one fixes), and computes each
class's counts (first hand wins, second wins, ties over the C(48, 5) boards)
with the C core's exact enumerator, hr_equity_exact, on its key's cards.

    python tables/preflop_hu.py [--procs 2] [--out PATH]

The output is a function of the rules only: the same bytes on every run
(np.savez_compressed with fixed arrays; the zip entries carry no clock time
that differs, see ``_write``).  docs/howto/history.md records its sha256.
"""

from __future__ import annotations

import argparse
import hashlib
import io
import itertools
import os
import sys
import zipfile
from multiprocessing import Pool
from typing import Any

import numpy as np

BOARDS = 1712304            # C(48, 5)
PERMS = np.array(list(itertools.permutations(range(4))), dtype=np.int64)   # (24, 4)


def hands() -> np.ndarray[Any, Any]:
    """The 1326 hands, higher card id first."""
    return np.array([(b, a) for a in range(52) for b in range(a + 1, 52)], dtype=np.int64)


def ordered_pairs() -> np.ndarray[Any, Any]:
    """All ordered pairs of disjoint hands, (n, 4): a_hi, a_lo, b_hi, b_lo."""
    h = hands()
    i, j = np.meshgrid(np.arange(len(h)), np.arange(len(h)), indexing="ij")
    i, j = i.ravel(), j.ravel()
    a, b = h[i], h[j]
    ok = (a[:, :, None] != b[:, None, :]).all(axis=(1, 2))
    return np.concatenate([a[ok], b[ok]], axis=1)


def _relabel(cards: np.ndarray[Any, Any], perm: np.ndarray[Any, Any]) -> np.ndarray[Any, Any]:
    out: np.ndarray[Any, Any] = (cards & ~3) | perm[cards & 3]
    return out


def _hand12(x: np.ndarray[Any, Any], y: np.ndarray[Any, Any]) -> np.ndarray[Any, Any]:
    hi, lo = np.maximum(x, y), np.minimum(x, y)
    out: np.ndarray[Any, Any] = hi << 6 | lo
    return out


def keys_of(pairs: np.ndarray[Any, Any]) -> np.ndarray[Any, Any]:
    """The class key of each ordered pair: the least of its 48 images."""
    best = np.full(len(pairs), np.iinfo(np.int64).max)
    for perm in PERMS:
        c = _relabel(pairs, perm)
        ha, hb = _hand12(c[:, 0], c[:, 1]), _hand12(c[:, 2], c[:, 3])
        best = np.minimum(best, np.minimum(ha << 12 | hb, hb << 12 | ha))
    return best


def burnside(pairs: np.ndarray[Any, Any]) -> int:
    """The number of orbits: the mean number of pairs fixed by a group element."""
    total = 0
    for perm in PERMS:
        c = _relabel(pairs, perm)
        ha, hb = _hand12(c[:, 0], c[:, 1]), _hand12(c[:, 2], c[:, 3])
        a0, b0 = _hand12(pairs[:, 0], pairs[:, 1]), _hand12(pairs[:, 2], pairs[:, 3])
        total += int(((ha == a0) & (hb == b0)).sum())      # the permutation alone
        total += int(((ha == b0) & (hb == a0)).sum())      # with the swap
    assert total % 48 == 0
    return total // 48


def cards_of(keys: np.ndarray[Any, Any]) -> np.ndarray[Any, Any]:
    """The four cards (a_hi, a_lo, b_hi, b_lo) of each key."""
    return np.stack([keys >> 18 & 63, keys >> 12 & 63, keys >> 6 & 63, keys & 63], axis=1)


def _counts(cards: np.ndarray[Any, Any]) -> np.ndarray[Any, Any]:
    from handrank.core import kernels
    from handrank.games import game
    core = kernels.compiled_module()
    ffi, lib = core.ffi, core.lib
    ptr = game("holdem").high.ptr
    out = np.zeros((len(cards), 3), dtype=np.uint32)
    res = np.zeros(7)
    buf = ffi.from_buffer("double[]", res, require_writable=True)
    for i, row in enumerate(cards.tolist()):
        res[:] = 0.0
        taken = lib.hr_equity_exact(ptr, 2, bytes(row), [1.0, 1.0], [0, 1, 2], b"", 0, b"", 0,
                                    0, 1, buf, ffi.NULL)
        if taken != 1 or res[6] != BOARDS or res[2] != res[3]:
            raise RuntimeError(f"hr_equity_exact gave {res} on {row}")
        out[i] = (res[0], res[1], res[2])
        if out[i].astype(np.int64).sum() != BOARDS:
            raise RuntimeError(f"counts {out[i]} of {row} do not add up")
    return out


def _write(path: str, arrays: dict[str, np.ndarray[Any, Any]]) -> None:
    """An .npz with fixed entry times, so the bytes are the same on every run."""
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED) as z:
        for name, a in arrays.items():
            buf = io.BytesIO()
            np.lib.format.write_array(buf, np.ascontiguousarray(a), allow_pickle=False)
            info = zipfile.ZipInfo(name + ".npy", date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, buf.getvalue(), compresslevel=9)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--procs", type=int, default=2)
    here = os.path.dirname(os.path.abspath(__file__))
    ap.add_argument("--out", default=os.path.join(here, "..", "src", "handrank",
                                                  "holdem_hu_preflop.npz"))
    args = ap.parse_args()
    pairs = ordered_pairs()
    assert len(pairs) == 1326 * 1225
    keys = np.unique(keys_of(pairs))
    n_burnside = burnside(pairs)
    print(f"{len(pairs)} ordered pairs, {len(keys)} classes, Burnside {n_burnside}")
    if len(keys) != n_burnside:
        raise SystemExit("the class count differs from Burnside's")
    cards = cards_of(keys)
    chunks = np.array_split(cards, 64)
    with Pool(args.procs) as pool:
        counts = np.concatenate(pool.map(_counts, chunks))
    _write(args.out, {"keys": keys.astype(np.uint32), "wins_first": counts[:, 0],
                      "wins_second": counts[:, 1], "ties": counts[:, 2]})
    with open(args.out, "rb") as f:
        digest = hashlib.sha256(f.read()).hexdigest()
    print(f"wrote {args.out}: {os.path.getsize(args.out)} bytes, sha256 {digest}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
