"""Write src/handrank/holdem_hu_preflop.npz: heads-up preflop hold'em counts by class.

A class is an orbit of ordered pairs of disjoint hands under the 24 suit
permutations and the swap of the two hands (csrc/preflop_hu.h gives the key).
This script finds the classes by canonicalising all 1326 * 1225 ordered
pairs with numpy, checks their number by Burnside's lemma (the mean, over
the 48 group elements, of the pairs each one fixes), and counts each class
(first hand wins, second wins, ties over the C(48, 5) boards, on its key's
cards) with its own engine: tables/hu_engine.c, compiled here with the
system C compiler, which deals every board and ranks both hands with the
hold'em lookup tables/generate.py builds.  Nothing here imports the package
or loads its compiled library (tables/README.md).

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
import shlex
import subprocess
import sys
import tempfile
import zipfile
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import generate  # noqa: E402  (tables/generate.py: the lookup the engine reads)

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
    return oriented_keys(pairs)[0]


def oriented_keys(pairs: np.ndarray[Any, Any]) -> tuple[np.ndarray[Any, Any],
                                                         np.ndarray[Any, Any]]:
    """Each pair's class key and whether the key's first hand is the pair's
    second (True only when no image keeps the pair's order and reaches the key:
    a class that holds both orders counts the same for both hands)."""
    kept = np.full(len(pairs), np.iinfo(np.int64).max)
    swapped = kept.copy()
    for perm in PERMS:
        c = _relabel(pairs, perm)
        ha, hb = _hand12(c[:, 0], c[:, 1]), _hand12(c[:, 2], c[:, 3])
        kept = np.minimum(kept, ha << 12 | hb)
        swapped = np.minimum(swapped, hb << 12 | ha)
    return np.minimum(kept, swapped), swapped < kept


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


ENGINE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "hu_engine.c")
MAGIC = b"HUENGIN1"


def write_engine_tables(path: str) -> None:
    """The hold'em lookup of tables/generate.py, in the file hu_engine.c reads."""
    offsets, index, size = generate.build_hash()
    t = generate.build_game(generate.Game("holdem"), index, size)
    params = [generate.HASH_MULT, generate.HASH_BITS, generate.HASH_SHIFT, generate.SUIT_SHIFT,
              generate.FLUSH_BITS, generate.SUIT_INIT,
              len(offsets), len(t.values)]
    cards = [v for c in range(generate.N_CARDS) for v in (t.card_key[c], t.card_mask[c])]
    with open(path, "wb") as f:
        f.write(MAGIC)
        f.write(np.array(params, dtype=np.uint64).tobytes())
        f.write(np.array(offsets, dtype=np.uint32).tobytes())
        f.write(np.array(t.values, dtype=np.uint16).tobytes())
        f.write(np.array(t.flush, dtype=np.uint16).tobytes())
        f.write(np.array(cards, dtype=np.uint64).tobytes())


class Engine:
    """hu_engine.c compiled into a temporary directory, with its tables file.

    ``cc`` is the C compiler (default: $CC, else ``cc``).  Use as a context
    manager; the directory goes when it closes.
    """

    def __init__(self, cc: str | None = None) -> None:
        self._dir = tempfile.TemporaryDirectory(prefix="hu_engine")
        self.exe = os.path.join(self._dir.name, "hu_engine")
        self.tables = os.path.join(self._dir.name, "tables.bin")
        compiler = shlex.split(cc or os.environ.get("CC") or "cc")
        try:
            subprocess.run(compiler + ["-O2", "-o", self.exe, ENGINE], check=True)
            write_engine_tables(self.tables)
        except BaseException:
            self._dir.cleanup()
            raise

    def __enter__(self) -> Engine:
        return self

    def __exit__(self, *exc: object) -> None:
        self._dir.cleanup()

    def counts(self, cards: np.ndarray[Any, Any]) -> np.ndarray[Any, Any]:
        """(first wins, second wins, ties) over the C(48, 5) boards of each
        row of four card ids (first hand, second hand)."""
        rows = np.ascontiguousarray(cards, dtype=np.int64)
        if rows.ndim != 2 or rows.shape[1] != 4 or ((rows < 0) | (rows > 51)).any():
            raise ValueError("expected rows of four card ids 0..51")
        run = subprocess.run([self.exe, self.tables], input=rows.astype(np.uint8).tobytes(),
                             capture_output=True, check=False)
        if run.returncode != 0:
            raise RuntimeError(f"hu_engine failed: {run.stderr.decode(errors='replace').strip()}")
        out = np.frombuffer(run.stdout, dtype=np.uint32).reshape(-1, 3).copy()
        if len(out) != len(rows) or (out.astype(np.int64).sum(axis=1) != BOARDS).any():
            raise RuntimeError("hu_engine's counts do not add up to C(48, 5) per pair")
        return out

    def counts_parallel(self, cards: np.ndarray[Any, Any], procs: int,
                        chunks: int = 64) -> np.ndarray[Any, Any]:
        """:meth:`counts` in ``procs`` engine processes at once."""
        parts = np.array_split(cards, chunks)
        with ThreadPoolExecutor(max(1, procs)) as pool:
            return np.concatenate(list(pool.map(self.counts, parts)))


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
    with Engine() as engine:
        counts = engine.counts_parallel(cards_of(keys), args.procs)
    _write(args.out, {"keys": keys.astype(np.uint32), "wins_first": counts[:, 0],
                      "wins_second": counts[:, 1], "ties": counts[:, 2]})
    with open(args.out, "rb") as f:
        digest = hashlib.sha256(f.read()).hexdigest()
    print(f"wrote {args.out}: {os.path.getsize(args.out)} bytes, sha256 {digest}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
