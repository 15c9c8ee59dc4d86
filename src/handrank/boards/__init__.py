"""Hand-strength tables for every canonical hand of a hold'em street.

For every index of :data:`handrank.index.holdem` (hole cards and the board
as a set, up to suit relabelling):

- :func:`ehs`: win + tie / 2 against one random hand, over every runout;
- :func:`ehs2`: the mean over the runouts of the river EHS squared;
- :func:`histogram`: the share of runouts whose river EHS falls in each of
  `bins` equal bins of [0, 1];
- :func:`build`: all of them written to ``.npy`` files with a manifest,
  resumable (chunk by chunk) and memory-mapped for the river.

The river table comes first: per canonical board, every live hole pair is
evaluated once, the strengths are sorted, and each pair's wins and ties
against every opponent pair come from the counts below it, with the pairs
holding either of its cards taken away (C, csrc/index.c).  Every other
street is the mean over its runouts of river values, summed in a fixed
order, so tables are bit-identical however the work is split (``client=``
runs it on a ``distributed.Client``, see :mod:`handrank.dask`).
docs/boards.md has the details and timings.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import numpy as np
from numpy.lib import format as npy_format

from ..core import _run as pool
from ..core import kernels
from ..core._validate import quote
from ..core._version import __version__
from ..games.holdem import game_tables
from .index import Indexer

__all__ = ["STREETS", "build", "ehs", "ehs2", "histogram"]

#: Street names and numbers (0 preflop .. 3 river).
STREETS = {"preflop": 0, "flop": 1, "turn": 2, "river": 3}
_NAMES = {v: k for k, v in STREETS.items()}
_WHAT = ("ehs", "ehs2", "hist")
_BOARD_CHUNK = 2048       # canonical boards per river task
_INDEX_CHUNK = 1 << 16    # indices per turn / flop / preflop task

_indexers: dict[int, tuple[Indexer, Indexer]] = {}


def _ix(ranks: int) -> tuple[Indexer, Indexer]:
    """The hold'em indexer and the 5-card board indexer of a deck of `ranks` ranks."""
    got = _indexers.get(ranks)
    if got is None:
        got = (Indexer((2, 3, 1, 1), ranks=ranks), Indexer((5,), ranks=ranks))
        _indexers[ranks] = got
    return got


def _street(street: Any) -> int:
    if isinstance(street, str) and street.lower() in STREETS:
        return STREETS[street.lower()]
    if isinstance(street, (int, np.integer)) and not isinstance(street, bool) \
            and 0 <= street <= 3:
        return int(street)
    raise ValueError(f"street must be 0..3 or one of 'preflop', 'flop', 'turn', 'river', "
                     f"got {quote(street)}")


def _check_bins(bins: Any) -> int:
    if isinstance(bins, bool) or not isinstance(bins, (int, np.integer)) or not 1 <= bins <= 256:
        raise ValueError(f"bins must be an int from 1 to 256, got {quote(bins)}")
    return int(bins)


# ------------------------------------------------------------------ tasks
# Module-level functions with plain arguments, so they run on dask workers.

def river_values(boards: np.ndarray, ranks: int = 13) -> tuple[np.ndarray, np.ndarray]:
    """River EHS of every hole pair on each board: (river indices, EHS), both (n, H).

    `boards` is (n, 5) card ids; H is the number of hole pairs left,
    C(4 * ranks - 5, 2), in colex order of their two cards.
    """
    idx, raw = _river_raw(boards, ranks)
    return idx, _scale(raw, ranks)


def _scale(raw: np.ndarray, ranks: int) -> np.ndarray:
    """EHS from 2 * wins + ties (the same division everywhere, so the same bits)."""
    return raw / (2.0 * math.comb(4 * ranks - 7, 2))


def _river_raw(boards: np.ndarray, ranks: int) -> tuple[np.ndarray, np.ndarray]:
    holdem, _ = _ix(ranks)
    b = np.ascontiguousarray(boards, dtype=np.uint8).reshape(-1, 5)
    n_cards = 4 * ranks
    H = math.comb(n_cards - 5, 2)
    idx = np.empty((len(b), H), dtype=np.int64)
    val = np.empty((len(b), H), dtype=np.uint32)
    r = kernels.river_values(game_tables(None), holdem._street(3).ptr, b, idx, val)
    if r != -1:
        raise ValueError(f"bad board at row {r}")
    return idx, val


def _river_task(ranks: int, lo: int, hi: int, _cancel: Any = None
                ) -> tuple[np.ndarray, np.ndarray]:
    """(river index as uint32, 2 * wins + ties as uint32) of boards lo..hi-1: 8 bytes
    a hole pair to send back, not 16.  (`_cancel` is unused: a task takes ~0.2 s.)"""
    _, board_ix = _ix(ranks)
    boards = board_ix.unindex_batch(np.arange(lo, hi, dtype=np.int64), 0)
    idx, raw = _river_raw(boards, ranks)
    return idx.reshape(-1).astype(np.uint32), raw.reshape(-1)


_river_cache: dict[tuple[str, int, int], np.ndarray] = {}


def _river_array(river: Any) -> np.ndarray:
    if isinstance(river, str):   # a .npy path: memory-mapped once per process and version
        st = os.stat(river)
        key = (river, st.st_mtime_ns, st.st_size)
        arr = _river_cache.get(key)
        if arr is None:
            arr = np.load(river, mmap_mode="r")
            _river_cache.clear()
            _river_cache[key] = arr
        return arr
    return np.asarray(river)


def _stats_task(street: int, ranks: int, lo: int, hi: int, bins: int,
                river: Any, _cancel: Any = None
                ) -> tuple[np.ndarray, np.ndarray, np.ndarray | None]:
    holdem, _ = _ix(ranks)
    table = np.ascontiguousarray(_river_array(river), dtype=np.float64)
    n = hi - lo
    e = np.empty(n, dtype=np.float64)
    e2 = np.empty(n, dtype=np.float64)
    h = np.empty((n, bins), dtype=np.float32) if bins else np.empty((0, 1), np.float32)
    r = kernels.runout_stats(holdem._street(street).ptr, holdem._street(3).ptr, table, lo,
                             e, e2, h if bins else None, _cancel)
    if r != -1 and not (_cancel is not None and _cancel.is_set()):   # Ctrl-C: dropped
        raise RuntimeError(f"internal error: hr_runout_stats returned {r}")
    return e, e2, (h if bins else None)


# ----------------------------------------------------------------- runner

def _chunks(total: int, size: int) -> list[tuple[int, int]]:
    """[lo, hi) parts of at most `size`, and at least 64 parts when `total` allows
    (the preflop's 169 indices are many runouts each: one part would be one task)."""
    size = max(1, min(size, -(-total // 64)))
    return [(lo, min(lo + size, total)) for lo in range(0, total, size)]


def _run(client: Any, fn: Callable[..., Any], calls: Sequence[tuple[Any, ...]],
         keys: Sequence[int], done: Callable[[int, Any], None],
         progress: Callable[[int], None] | None) -> None:
    """fn(*args) for each call; done(key, result) in the caller, as results arrive."""
    if client is None:
        for key, args in zip(keys, calls):
            # On the pool with a cancel flag the C loop polls: a flop task is ~2 s of C,
            # and Ctrl-C must not wait for it.
            def task(_: int, cancel: pool.Cancel, a: tuple[Any, ...] = args) -> Any:
                return fn(*a, cancel)
            done(key, pool.run_tasks(task, 1)[0])
            if progress:
                progress(1)
        return
    from .. import dask as hrdask  # imports dask; only when a client is given
    hrdask._check_client(client)
    import distributed
    as_completed: Any = distributed.as_completed
    futures = {client.submit(fn, *args, pure=False): key for key, args in zip(keys, calls)}
    for fut in as_completed(list(futures), loop=client.loop):   # not only the default client
        done(futures[fut], fut.result())
        if progress:
            progress(1)
        fut.release()


def _river_into(out: np.ndarray, ranks: int, client: Any, skip: Iterable[int] = (),
                commit: Callable[[int], None] | None = None,
                progress: Callable[[int], None] | None = None) -> None:
    _, board_ix = _ix(ranks)
    parts = _chunks(board_ix.size(0), _BOARD_CHUNK)
    skip = set(skip)
    keys = [k for k in range(len(parts)) if k not in skip]

    def done(key: int, res: tuple[np.ndarray, np.ndarray]) -> None:
        out[res[0]] = _scale(res[1], ranks)
        if commit:
            commit(key)

    _run(client, _river_task, [(ranks, *parts[k]) for k in keys], keys, done, progress)


def _river(ranks: int, client: Any) -> np.ndarray:
    holdem, _ = _ix(ranks)
    out = np.empty(holdem.size(3))
    for lo in range(0, out.size, 1 << 22):   # in slices: Ctrl-C between them, not after 1 GB
        out[lo:lo + (1 << 22)] = np.nan
    _river_into(out, ranks, client)
    return out


def _stats(street: int, ranks: int, client: Any, bins: int, river: np.ndarray
           ) -> tuple[np.ndarray, np.ndarray, np.ndarray | None]:
    holdem, _ = _ix(ranks)
    size = holdem.size(street)
    e = np.empty(size, np.float64)
    e2 = np.empty(size, np.float64)
    h = np.empty((size, bins), np.float32) if bins else None
    ref: Any = client.scatter(river, broadcast=True) if client is not None else river
    parts = _chunks(size, _INDEX_CHUNK)

    def done(key: int, res: tuple[np.ndarray, np.ndarray, np.ndarray | None]) -> None:
        lo, hi = parts[key]
        e[lo:hi], e2[lo:hi] = res[0], res[1]
        if h is not None and res[2] is not None:
            h[lo:hi] = res[2]

    _run(client, _stats_task, [(street, ranks, lo, hi, bins, ref) for lo, hi in parts],
         range(len(parts)), done, None)
    return e, e2, h


def _check_what(street: int, what: str) -> None:
    if street == 3 and what != "ehs":
        raise ValueError(f"{what} is for the preflop, flop and turn (the river has no "
                         f"runouts), got street {_NAMES[street]!r}")


def ehs(street: Any, *, client: Any = None, _ranks: int = 13) -> np.ndarray:
    """EHS of every index of `street`: win + tie / 2 against one random hand.

    Parameters
    ----------
    street : int or str
        0..3 or "preflop", "flop", "turn", "river".
    client : distributed.Client, optional
        Run the tasks on a Dask cluster (the same bits as without).

    Returns
    -------
    numpy.ndarray
        float64, one per index of :data:`handrank.index.holdem` at `street`.

    Raises
    ------
    ValueError
        A bad street.

    Examples
    --------
    >>> import handrank as hr
    >>> hr.boards.ehs("sixth")
    Traceback (most recent call last):
    ...
    ValueError: street must be 0..3 or one of 'preflop', 'flop', 'turn', 'river', got 'sixth'
    """
    k = _street(street)
    river = _river(_ranks, client)
    if k == 3:
        return river
    return _stats(k, _ranks, client, 0, river)[0]


def ehs2(street: Any, *, client: Any = None, _ranks: int = 13) -> np.ndarray:
    """The mean over the runouts of the river EHS squared, for every index of `street`.

    For the preflop, flop and turn; float64, one per index.
    """
    k = _street(street)
    _check_what(k, "ehs2")
    return _stats(k, _ranks, client, 0, _river(_ranks, client))[1]


def histogram(street: Any, bins: int = 50, *, client: Any = None,
              _ranks: int = 13) -> np.ndarray:
    """Share of the runouts whose river EHS falls in each of `bins` equal bins of [0, 1].

    float32, shape (index, bins), rows sum to 1 (EHS 1 goes in the last
    bin).  For the preflop, flop and turn.
    """
    k = _street(street)
    _check_what(k, "hist")
    b = _check_bins(bins)
    h = _stats(k, _ranks, client, b, _river(_ranks, client))[2]
    if h is None:
        raise RuntimeError("internal error: no histogram")
    return h


# ------------------------------------------------------------------ build

def _sha256(path: str) -> str:
    d = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 22), b""):
            d.update(block)
    return d.hexdigest()


class _Journal:
    """Chunks already written (one line per chunk, appended after the data is flushed)."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.done: set[int] = set()
        if os.path.exists(path):
            with open(path) as f:
                for line in f:
                    line = line.strip()
                    if line.isdigit():
                        self.done.add(int(line))

    def reset(self) -> None:
        """Forget every chunk (the data file was made anew)."""
        self.done.clear()
        if os.path.exists(self.path):
            os.remove(self.path)

    def commit(self, key: int) -> None:
        with open(self.path, "a") as f:
            f.write(f"{key}\n")
            f.flush()
            os.fsync(f.fileno())
        self.done.add(key)


def _create(path: str, shape: tuple[int, ...], dtype: Any) -> None:
    """A new .npy at `path` with its whole size reserved on disk.

    The header goes by plain writes and the data's blocks by posix_fallocate,
    so a full disk is an OSError here, before any work, and never a SIGBUS
    later (a page of a memory-mapped sparse file that finds no free block is
    a SIGBUS).  On failure nothing is left at `path`.
    """
    header = {"descr": npy_format.dtype_to_descr(np.dtype(dtype)),
              "fortran_order": False, "shape": shape}
    nbytes = int(np.dtype(dtype).itemsize * math.prod(shape))
    try:
        with open(path, "wb") as f:
            npy_format.write_array_header_1_0(f, header)
            f.flush()
            start = f.tell()
            if hasattr(os, "posix_fallocate"):
                os.posix_fallocate(f.fileno(), start, max(1, nbytes))
            else:   # no fallocate: the zeros written, so a full disk still fails here
                for lo in range(0, nbytes, 1 << 24):
                    f.write(bytes(min(1 << 24, nbytes - lo)))
            f.truncate(start + nbytes)
            f.flush()
            os.fsync(f.fileno())
    except OSError as exc:
        try:
            os.remove(path)
        except OSError:
            pass
        raise OSError(exc.errno, f"cannot write {path}: {exc.strerror} (it needs "
                      f"{nbytes / 2**20:,.1f} MiB; nothing was left behind)") from None


def _open(path: str, shape: tuple[int, ...], dtype: Any, journal: _Journal) -> np.memmap:
    """The work file of the .npy at `path` (``path + ".part"``), kept when it has
    the shape and dtype (else made anew, and `journal` forgets its chunks)."""
    part = path + ".part"
    if not os.path.exists(part) and os.path.exists(path):
        os.replace(path, part)        # a run from before the .part files: resumed
    if os.path.exists(part):
        try:
            arr = np.load(part, mmap_mode="r+")
        except ValueError:
            arr = None
        if arr is not None and arr.shape == shape and arr.dtype == dtype:
            return arr  # type: ignore[no-any-return]
        del arr
    journal.reset()
    _create(part, shape, dtype)
    return np.load(part, mmap_mode="r+")  # type: ignore[no-any-return]


def _finish(path: str) -> None:
    """The complete work file, flushed to disk, renamed onto `path` in one step."""
    part = path + ".part"
    with open(part, "rb+") as f:
        os.fsync(f.fileno())
    os.replace(part, path)
    try:
        fd = os.open(os.path.dirname(os.path.abspath(path)), os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _done(path: str, journal: _Journal, chunks: int) -> bool:
    """True when `path` is complete: renamed from its work file with every chunk."""
    return len(journal.done) >= chunks and os.path.exists(path) \
        and not os.path.exists(path + ".part")


class _Steps:
    """The chunks done so far: calls `progress(done, total)` after each, and
    stops the run after `stop_after` commits (a test hook)."""

    def __init__(self, total: int, progress: Callable[[int, int], None] | None,
                 stop_after: int | None) -> None:
        self.total, self.progress, self.stop_after = total, progress, stop_after
        self.count = 0
        self.commits = 0

    def step(self) -> None:
        self.count += 1
        if self.progress:
            self.progress(self.count, self.total)
        self.commits += 1
        if self.stop_after is not None and self.commits >= self.stop_after:
            raise KeyboardInterrupt("stopped by _stop_after (a test hook)")


def build(street: Any, out: str | os.PathLike[str], what: Sequence[str] = _WHAT, *,
          client: Any = None, bins: int = 50, progress: Callable[[int, int], None] | None = None,
          _ranks: int = 13, _stop_after: int | None = None) -> dict[str, Any]:
    """Write the tables of `street` to `out` (``.npy`` files and ``manifest.json``).

    Files: ``river_ehs.npy`` (always: every other street is made from it),
    and ``{street}_ehs.npy``, ``{street}_ehs2.npy``, ``{street}_hist.npy``
    as asked (the river has only EHS).  Each is written chunk by chunk,
    with a journal of the chunks done, so a run stopped part way resumes
    where it stopped; the result is bit-identical to an uninterrupted run.
    `progress(done, total)` is called after each chunk.  Returns the
    manifest: street, sizes, each file's sha256, the handrank version.
    """
    k = _street(street)
    items = list(what) if not isinstance(what, str) else [w.strip() for w in what.split(",")]
    for w in items:
        if w not in _WHAT:
            raise ValueError(f"what must name 'ehs', 'ehs2' or 'hist', got {quote(w)}")
    if k == 3:
        items = [w for w in items if w == "ehs"] or ["ehs"]
    b = _check_bins(bins) if "hist" in items else 0
    os.makedirs(out, exist_ok=True)
    holdem, board_ix = _ix(_ranks)
    tag = f"r{_ranks}-" if _ranks != 13 else ""
    n_river = len(_chunks(board_ix.size(0), _BOARD_CHUNK))
    n_stats = len(_chunks(holdem.size(k), _INDEX_CHUNK)) if k < 3 else 0
    steps = _Steps(n_river + n_stats, progress, _stop_after)
    river_path = os.path.join(out, f"{tag}river_ehs.npy")
    files = {"river_ehs": river_path}
    _build_river(river_path, _ranks, client, steps, n_river)
    steps.count = n_river
    if k < 3:
        files.update(_build_stats(out, tag, k, items, b, river_path, _ranks, client, steps))
    manifest = {
        "street": _NAMES[k],
        "sizes": {_NAMES[s]: holdem.size(s) for s in range(4)},
        "ranks": _ranks,
        "bins": b or None,
        "files": {key: {"path": os.path.basename(p), "sha256": _sha256(p)}
                  for key, p in files.items()},
        "handrank": __version__,
    }
    _write_json(os.path.join(out, f"{tag}{_NAMES[k]}_manifest.json"), manifest)
    return manifest


def _build_river(river_path: str, ranks: int, client: Any, steps: _Steps, n_river: int
                 ) -> None:
    """build's river EHS file (every other street is made from it)."""
    holdem, board_ix = _ix(ranks)
    # the journal's name carries the chunking, so a journal never names other chunks
    river_parts = _chunks(board_ix.size(0), _BOARD_CHUNK)
    journal = _Journal(f"{river_path}.{river_parts[0][1]}.done")
    if _done(river_path, journal, n_river):
        return
    # held in a dict, so that clearing it closes the file before _finish
    arrays = {"river": _open(river_path, (holdem.size(3),), np.float64, journal)}
    steps.count = len(journal.done)

    def commit(key: int) -> None:
        arrays["river"].flush()
        journal.commit(key)
        steps.step()

    _river_into(arrays["river"], ranks, client, journal.done, commit)
    arrays["river"].flush()
    arrays.clear()
    _finish(river_path)


def _build_stats(out: str | os.PathLike[str], tag: str, k: int, items: list[str], b: int,
                 river_path: str, ranks: int, client: Any, steps: _Steps) -> dict[str, str]:
    """build's files of street `k` < 3 from the river's: {name: path}."""
    holdem, _ = _ix(ranks)
    name = _NAMES[k]
    size = holdem.size(k)
    parts = _chunks(size, _INDEX_CHUNK)
    sj = _Journal(os.path.join(out, f"{tag}{name}-{'-'.join(items)}.{parts[0][1]}.done"))
    arrays: dict[str, np.memmap] = {}
    paths = {w: os.path.join(out, f"{tag}{name}_{w}.npy") for w in items}
    files = {f"{name}_{w}": path for w, path in paths.items()}
    if all(_done(p, sj, len(parts)) for p in paths.values()):
        items = []
    made: list[str] = []      # the work files reserved here: removed if a later one fails
    try:
        for w in items:
            new = not (os.path.exists(paths[w] + ".part") or os.path.exists(paths[w]))
            arrays[w] = _open(paths[w], (size, b) if w == "hist" else (size,),
                              np.float32 if w == "hist" else np.float64, sj)
            if new:
                made.append(paths[w] + ".part")
    except OSError:
        arrays.clear()
        for part in made:
            try:
                os.remove(part)
            except OSError:
                pass
        raise
    steps.count += len(sj.done)
    keys = [i for i in range(len(parts)) if i not in sj.done]
    ref: Any = os.path.abspath(river_path)

    def done(key: int, res: tuple[np.ndarray, np.ndarray, np.ndarray | None]) -> None:
        lo, hi = parts[key]
        if "ehs" in arrays:
            arrays["ehs"][lo:hi] = res[0]
        if "ehs2" in arrays:
            arrays["ehs2"][lo:hi] = res[1]
        if "hist" in arrays and res[2] is not None:
            arrays["hist"][lo:hi] = res[2]
        for arr in arrays.values():
            arr.flush()
        sj.commit(key)
        steps.step()

    _run(client, _stats_task, [(k, ranks, *parts[i], b, ref) for i in keys], keys,
         done, None)
    for arr in arrays.values():
        arr.flush()
    arrays.clear()
    for w in items:
        _finish(paths[w])
    return files


def _write_json(target: str, manifest: dict[str, Any]) -> None:
    """Write `manifest` to `target` through a ``.part`` file, synced, then renamed."""
    try:
        with open(target + ".part", "w") as f:
            json.dump(manifest, f, indent=2, sort_keys=True)
            f.write("\n")
            f.flush()
            os.fsync(f.fileno())
        os.replace(target + ".part", target)
    except OSError:
        try:
            os.remove(target + ".part")
        except OSError:
            pass
        raise
