"""Scale out on Dask: the same answers on one machine or a cluster.

Needs the ``dask`` extra (``pip install 'handrank[dask]'``: dask with
``distributed``); ``import handrank`` never imports dask.

Every function takes ``client=``: None runs on the local machine (dask's
local threaded scheduler on every core; the C core releases the GIL), a
``distributed.Client`` runs on that cluster.  Each piece of work is a pure
function of its arguments that returns integer counts, and the counts are
summed, so results do not depend on the number of workers, the order tasks
run in, or tasks rerun after a worker is lost.

- :func:`evaluate_batch`: a dask array of card ids in, a lazy dask array of
  strengths out (one task per block of rows).
- :func:`equity`: exact enumeration split into tasks of combo tuples, or
  Monte Carlo in chunks of ``chunk_trials`` trials, chunk ``k`` seeded from
  ``(seed, k)`` alone.
- :func:`preflop_table`: exact class-against-class tables, heads-up or 3-way
  (see :mod:`handrank.equity.preflop` for how work is shared across matchups).
"""

from __future__ import annotations

import dataclasses
import importlib
import inspect
import math
import os
import re
import sys
import threading
import time
from collections.abc import Callable, Iterable, Sequence
from typing import Any, cast

import numpy as np

from . import operations
from .core import _backend, kernels
from .core._run import Cancel
from .core._typing import CardsLike
from .core._validate import quote
from .core.errors import HandrankError, InvalidHandError, InvalidRangeError
from .equity import _exact_random
from .equity import boardless as _boardless
from .equity import preflop as _preflop
from .equity.holdem import (
    BOARD_CARDS,
    DEFAULT_TRIALS,
    SHARE_UNIT,
    TARGET_MAX_TRIALS,
    EquityResult,
    _deck_size,
    _exact_python,
    _hand_labels,
    _monte_carlo_python,
    _prepare,
    _result_exact,
    _stderr,
    check_acceptance,
    check_deal,
    check_trials,
    exact_parts,
    mc_arrays,
    mc_seed,
    use_exact,
)
from .equity.preflop import PreflopTable
from .games import game as _make_game
from .games.base import VariantLike
from .games.holdem import evaluate_batch as _evaluate_batch
from .games.holdem import game_tables
from .games.registry import best_five_game, beyond_best_five, resolve
from .history import fast as _fast
from .history._summary import Summary, _add_fast
from .history._summary import summary as _summary
from .history.model import FileError
from .history.phh import _paths, problem
from .ranges.holdem import PlayerLike

try:
    import dask
    import dask.array as da
    import distributed
except ImportError as e:  # pragma: no cover - exercised in a subprocess test
    raise ImportError("handrank.dask needs dask and distributed: "
                      "pip install 'handrank[dask]'") from e

# dask's own annotations are partial: use it untyped
_dask: Any = dask
_dist: Any = distributed

__all__ = ["CHUNK_TRIALS", "PreflopTable", "equity", "evaluate_batch", "preflop_table"]

# Monte Carlo trials per task.  Heads-up with exact hands (the fastest spot,
# about 60 M trials/s on one core) 32 M trials are 0.5 s of work; ranges and
# more players take longer per trial.  A task costs a LocalCluster 2 to 18 ms
# on this project's loaded 2-core machine (benchmarks/bench_dask.py), so the
# overhead stays under 5% even there.  The chunk size fixes the random
# streams, so it never depends on the cluster; pass chunk_trials to make
# more, smaller tasks for a run of few trials on many workers.
CHUNK_TRIALS = 32_000_000
# Exact enumeration: evaluations per task (about 0.25 s of work, see
# handrank.equity's cost estimate) and the most tasks one call makes.
EXACT_TASK_COST = 12_500_000
MAX_EXACT_TASKS = 4096

_ROW = re.compile(r"\brow (\d+)")


def _after_fork() -> None:
    """In a forked child: forget dask's local thread pools.

    The child inherits dask's pool objects but none of their threads, so the
    first ``compute(scheduler="threads")`` in the child would wait forever
    (dask does not reset them itself).  Dropping them makes dask create new
    ones on first use.
    """
    threaded: Any = sys.modules.get("dask.threaded")
    if threaded is None:
        return
    if hasattr(threaded, "default_pool"):
        threaded.default_pool = None
    pools: Any = getattr(threaded, "pools", None)
    if pools is not None and hasattr(pools, "clear"):
        pools.clear()
    if hasattr(threaded, "pools_lock"):
        threaded.pools_lock = threading.Lock()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_after_fork)


# ------------------------------------------------------------------ running


def _game_key(variant: VariantLike) -> str:
    """The name of `variant`'s tables in the core's game list (sent to workers)."""
    g = game_tables(variant)
    for name, t in _backend.GAMES.items():
        if t.values is g.values and t.flush is g.flush and t.card_key is g.card_key:
            return name
    raise RuntimeError(f"internal error: no game named for {g.name!r}")


def _check_client(client: Any) -> None:
    if client is not None and not isinstance(client, distributed.Client):
        raise TypeError(f"client must be a distributed.Client or None, "
                        f"got {type(client).__name__}")


def _terminal() -> bool:
    """Whether stderr is a terminal (a bar redrawn with carriage returns belongs only there)."""
    try:
        return bool(sys.stderr.isatty())
    except (AttributeError, ValueError):
        return False


def _bar(done: int, total: int, start: float) -> None:
    """Progress on stderr: a bar redrawn in place on a terminal, else one closing line."""
    if not _terminal():
        if done == total:
            sys.stderr.write(f"{done}/{total} tasks {time.perf_counter() - start:.1f} s\n")
            sys.stderr.flush()
        return
    width = 30
    fill = width * done // max(total, 1)
    sys.stderr.write(f"\r[{'#' * fill}{' ' * (width - fill)}] {done}/{total} tasks "
                     f"{time.perf_counter() - start:6.1f} s")
    if done == total:
        sys.stderr.write("\n")
    sys.stderr.flush()


def _run(client: Any, fn: Callable[..., Any], calls: Sequence[tuple[Any, ...]],
         progress: bool = False) -> list[Any]:
    """``[fn(*args) for args in calls]``, as tasks on `client` (None: local threads)."""
    if client is None:
        return _run_local(fn, calls, progress)
    futures = [client.submit(fn, *args, pure=True) for args in calls]
    if progress:
        start = time.perf_counter()
        _bar(0, len(futures), start)
        for done, _ in enumerate(_dist.as_completed(futures, loop=client.loop), 1):
            _bar(done, len(futures), start)
    return list(cast(Any, client).gather(futures))


def _run_local(fn: Callable[..., Any], calls: Sequence[tuple[Any, ...]],
               progress: bool) -> list[Any]:
    """:func:`_run` on dask's local threaded scheduler, stopped by Ctrl-C.

    The scheduler's threads share this process, so a C call left running
    would burn the cores after KeyboardInterrupt.  As in :mod:`handrank.core._run`:
    every task that can be cancelled (`fn` with a ``cancel`` parameter) polls
    one flag; on KeyboardInterrupt (or any failure) it is set, tasks not yet
    started return at once, and the call waits for the running ones to return
    before raising again.
    """
    cancel = Cancel()
    cancellable = "cancel" in inspect.signature(fn).parameters
    running = [0]
    idle = threading.Condition()

    def task(*args: Any) -> Any:
        with idle:
            running[0] += 1
        try:
            if cancel.is_set():
                return None
            return fn(*args, cancel=cancel.ptr) if cancellable else fn(*args)
        finally:
            with idle:
                running[0] -= 1
                idle.notify_all()

    tasks = [_dask.delayed(task, pure=False)(*args) for args in calls]
    try:
        if progress and _terminal():
            bar: Any = importlib.import_module("dask.diagnostics").ProgressBar
            with bar(out=sys.stderr):
                return list(_dask.compute(*tasks, scheduler="threads"))
        return list(_dask.compute(*tasks, scheduler="threads"))
    except BaseException:
        cancel.set()
        with idle:
            idle.wait_for(lambda: running[0] == 0)
        raise


# -------------------------------------------------------------- evaluation


def _evaluate_block(block: np.ndarray, game: str,
                    start: int) -> tuple[np.ndarray | None, HandrankError | None]:
    """Strengths of rows start.. of the array, or the error of its first bad row
    (naming the row's global index, as evaluate_batch on the whole array)."""
    try:
        return _evaluate_batch(block, threads=1, variant=game), None
    except HandrankError as e:
        message = _ROW.sub(lambda m: f"row {start + int(m.group(1))}", str(e), count=1)
        return None, type(e)(message)


def _first_error(before: HandrankError | None,
                 block: tuple[np.ndarray | None, HandrankError | None]) -> HandrankError | None:
    """The error of the first bad row up to this block: blocks come in row order."""
    return before if before is not None else block[1]


def _block_strengths(block: tuple[np.ndarray | None, HandrankError | None],
                     error: HandrankError | None) -> np.ndarray:
    if error is not None:
        raise type(error)(str(error)) from None
    assert block[0] is not None
    return block[0]


def evaluate_batch(x: Any, *, variant: VariantLike = None, game: Any = "holdem",
                   boards: Any = None) -> Any:
    """Return the strength of each row of a dask array of card ids, lazily.

    (Long for its docstring: about 40 lines of code.)

    Parameters
    ----------
    x : dask.array.Array or array_like of int, shape (n, 5), (n, 6) or (n, 7)
        Card ids, chunked along rows; the columns are rechunked to one block
        if needed.  A numpy array (or anything else) goes to
        :func:`handrank.evaluate_batch` and gives a numpy array.
    variant : str or Variant, optional
        Deprecated: use ``game=``.
    game : str or Game
        Any game of :func:`handrank.games`; hold'em by default.  The games
        other than hold'em, short deck and stripped take `x` (and `boards`)
        as :func:`handrank.evaluate_batch` does.
    boards : dask.array.Array or array_like, optional
        The boards of the Omaha games (required there) or of hold'em hi-lo
        (added to `x`), one row per row of `x`.

    Returns
    -------
    dask.array.Array of uint16, shape (n,) or (n, 2) for a game of two halves
        One evaluation task per block of rows; computing it raises, for bad
        rows, the error :func:`handrank.evaluate_batch` raises on the whole
        array: the lowest bad row's, naming its global index.

    Raises
    ------
    TypeError
        If `x` is not an integer array.
    InvalidHandError
        If `x` is not of shape (n, 5..7), or its row chunks are unknown.
    InvalidCardError
        (On compute) an id outside the deck, naming its global row and column.

    Examples
    --------
    >>> import dask.array as da
    >>> x = da.from_array(np.array([[51, 47, 43, 39, 35], [20, 13, 10, 7, 0]]), chunks=1)
    >>> evaluate_batch(x).compute()
    array([7462,    1], dtype=uint16)
    >>> evaluate_batch(da.from_array(np.array([[0, 1, 2, 3, 4], [51, 51, 43, 39, 35]]),
    ...                              chunks=1)).compute()
    Traceback (most recent call last):
    ...
    handrank.errors.InvalidHandError: duplicate card 'As' in row 1
    """
    other = (beyond_best_five(game, variant, 'handrank.dask.evaluate_batch')
             or _boardless_game(game, variant))
    if other is not None:
        return _game_evaluate(other, x, boards)
    if boards is not None:
        raise ValueError("boards= applies to the games of hole and board cards (Omaha, "
                         "hold'em hi-lo); add a hold'em board's columns to x")
    variant = best_five_game(game, variant, 'handrank.dask.evaluate_batch')
    if not isinstance(x, da.Array):
        return _evaluate_batch(x, variant=variant)
    game = _game_key(variant)
    shape_text = (f"expected an integer array of shape (n, 5..7), "
                  f"got shape {x.shape} dtype {x.dtype}")
    if x.dtype.kind not in "iu":
        raise TypeError(shape_text)
    if x.ndim != 2 or not 5 <= x.shape[1] <= 7:
        raise InvalidHandError(shape_text)
    if any(math.isnan(c) for c in x.chunks[0]):
        raise InvalidHandError("the row chunks of x are unknown, so a bad row's global index "
                               "is too; call x.compute_chunk_sizes() first")
    arr: Any = x
    if len(x.chunks[1]) > 1:
        arr = arr.rechunk({1: -1})
    # One evaluation task per block, each returning its strengths or its first
    # bad row's error.  A chain of tiny tasks carries the first error up to
    # each block, and block i's output raises the first error among blocks
    # 0..i: whichever output fails first, the error is the lowest bad row's.
    # (One graph layer, built in one loop: linear in the number of blocks.)
    name = "handrank-evaluate-" + _dask.base.tokenize(arr, game)
    result, first = name + "-block", name + "-first-error"
    graph: dict[Any, Any] = {}
    start = 0
    for i, size in enumerate(arr.chunks[0]):
        graph[(result, i)] = (_evaluate_block, (arr.name, i, 0), game, start)
        graph[(first, i)] = (_first_error, (first, i - 1) if i else None, (result, i))
        graph[(name, i)] = (_block_strengths, (result, i), (first, i))
        start += int(size)
    layers = _dask.highlevelgraph.HighLevelGraph.from_collections(name, graph,
                                                                  dependencies=[arr])
    return cast(Any, da).Array(layers, name, chunks=(arr.chunks[0],), dtype=np.uint16,
                               meta=np.empty(0, dtype=np.uint16))


# ------------------------------------------------------------------ equity


def _exact_part(game: str, n: int, combos: np.ndarray, weights: np.ndarray,
                offsets: np.ndarray, board: np.ndarray, dead: np.ndarray, part: int,
                parts: int, cancel: Any = None) -> tuple[np.ndarray, int]:
    """Tuples part, part + parts, ... of an exact enumeration: counts and tuples taken.

    `cancel` is the address of a flag the C loop polls (local runs only).
    """
    out = np.zeros(3 * n + 1)
    taken = kernels.equity_exact(_backend.GAMES[game], n, combos, weights, offsets, board, dead,
                                 part, parts, out, cancel)
    return out, taken


def _mc_chunk(game: str, n: int, combos: np.ndarray, cum: np.ndarray, uniform: np.ndarray,
              offsets: np.ndarray, board: np.ndarray, dead: np.ndarray, seed: int, chunk: int,
              trials: int, cancel: Any = None) -> np.ndarray:
    """Chunk `chunk` of a Monte Carlo run: `trials` trials from stream (seed, chunk).

    `cancel` is the address of a flag the C loop polls (local runs only).
    """
    out = np.zeros(4 * n + 2, dtype=np.int64)
    kernels.equity_mc(_backend.GAMES[game], n, combos, cum, uniform, offsets, board, dead,
                      trials, max(1000 * trials, 1_000_000), seed, chunk, out, cancel)
    return out


def _check_positive(name: str, value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < 1:
        raise ValueError(f"{name} must be a positive int, got {quote(value)}")
    return int(value)


def equity(players: Sequence[PlayerLike], board: CardsLike = "", dead: CardsLike = "", *,
           exact: bool | None = None,
           trials: int | None = None, target_stderr: float | None = None,
           seed: int | None = None, client: Any = None, chunk_trials: int | None = None,
           variant: VariantLike = None, game: Any = "holdem") -> EquityResult:
    """Return each player's equity, the work spread over a Dask cluster.

    The arguments and the result mean what they mean for
    :func:`handrank.equity` (same checks, same errors, same choice between
    exact and Monte Carlo).

    Parameters
    ----------
    players, board, dead, exact, trials, target_stderr, variant, game
        As for :func:`handrank.equity`: any game of :func:`handrank.games`.
        The games other than hold'em, short deck and stripped run
        :func:`handrank.equity` in tasks: an exact enumeration (or a run
        without `trials` and `target_stderr`) is one task; a Monte Carlo
        run with `trials` or `target_stderr` is split into chunks of
        `chunk_trials` (default :data:`GAME_CHUNK_TRIALS`), chunk ``k`` seeded
        from ``(seed, k)`` and summed in chunk order, so the result is the
        same on any number of workers.
    seed : int, optional
        Seed of the Monte Carlo streams: chunk ``k`` uses stream ``(seed, k)``.
    client : distributed.Client, optional
        The cluster; None runs on the local machine's cores.
    chunk_trials : int, optional
        Monte Carlo trials per task (default :data:`CHUNK_TRIALS`, 32,000,000).

    Returns
    -------
    EquityResult
        Exact: bit for bit what ``handrank.equity(..., exact=True)`` returns
        (when every range weight is 1, for any number of tasks; with other
        weights the enumeration is split as ``handrank.equity`` splits it on
        this machine's cores).  Monte Carlo: bit for bit the same for any
        number of workers, any task order, and after lost tasks are rerun;
        ``samples`` is the trials asked, or with `target_stderr` the trials of
        the fewest whole chunks, in chunk order, that reach it.

    Raises
    ------
    InvalidCardError, InvalidHandError, InvalidRangeError, ValueError
        As :func:`handrank.equity`; ValueError also for a bad `chunk_trials`.
    HandrankError
        Monte Carlo without the C core.

    Examples
    --------
    >>> equity(["AhAd", "AsAc"]).equity.tolist()
    [0.5, 0.5]
    >>> r = equity(["AhAd", "KsKc"], trials=200_000, seed=1, chunk_trials=50_000)
    >>> r.samples, bool(abs(r.equity[0] - 0.8126) < 0.01)    # exact: 0.81255
    (200000, True)
    >>> equity(["AsKs", "QdQc"], board="As Kd 7h")
    Traceback (most recent call last):
    ...
    handrank.errors.InvalidHandError: card 'As' is in player 1's hand and on the board
    """
    boardless = _boardless_game(game, variant)      # issue 18: stud, razz, draw games
    if boardless is not None:
        _check_client(client)
        chunk = CHUNK_TRIALS if chunk_trials is None else _check_positive("chunk_trials",
                                                                          chunk_trials)
        return _boardless.dask_equity(
            boardless, players, board, dead, exact=exact, trials=trials,
            target_stderr=target_stderr, seed=seed, chunk_trials=chunk,
            run=lambda fn, calls: _run(client, fn, calls))
    other = beyond_best_five(game, variant, 'handrank.dask.equity')
    if other is not None:
        return _game_equity(other, players, board, dead, exact, trials, target_stderr, seed,
                            client, chunk_trials)
    variant = best_five_game(game, variant, 'handrank.dask.equity')
    return run_equity(players, board, dead, exact=exact, trials=trials,
                      target_stderr=target_stderr, seed=seed, client=client,
                      chunk_trials=chunk_trials, variant=variant)


def _boardless_game(game: Any, variant: Any) -> Any:
    """The Game of a game without a board (stud, razz, the draw games), else None."""
    if variant is not None:
        return None
    try:
        g = resolve(game)
    except (TypeError, ValueError):
        return None                     # best_five_game says what is wrong
    return g if g.hand_sizes and not g.parts else None


def run_equity(players: Sequence[PlayerLike], board: CardsLike = "", dead: CardsLike = "", *,
               exact: bool | None = None,
               trials: int | None = None, target_stderr: float | None = None,
               seed: int | None = None, client: Any = None, chunk_trials: int | None = None,
               variant: VariantLike = None, progress: bool = False) -> EquityResult:
    """:func:`equity`, with a progress bar on stderr if `progress` (the CLI's entry)."""
    _check_client(client)
    g = game_tables(variant)
    spot = _prepare(players, board, dead, g)
    trials, target_stderr = check_trials(trials, target_stderr)
    check_deal(spot)
    chunk = CHUNK_TRIALS if chunk_trials is None else _check_positive("chunk_trials",
                                                                      chunk_trials)
    if use_exact(spot, exact, trials, target_stderr):
        return _exact(spot, _game_key(variant), client, progress)
    # a deal that exists but that the sampler would almost never draw is
    # refused now, with handrank.equity's message, not after the chunks ran
    check_acceptance(spot, trials, target_stderr)
    if not kernels.have_c():
        # no C core on this machine: numpy Monte Carlo, as handrank.equity does
        return _monte_carlo_python(spot, trials, target_stderr, seed)
    return _monte_carlo(spot, _game_key(variant), trials, target_stderr, mc_seed(seed),
                        chunk, client, progress)


def _exact_random_part(game: str, fast: Any, part: int, parts: int, _plan: int,
                       cancel: Any = None) -> tuple[np.ndarray, int]:
    """Completions part, part + parts, ... of a known-hands-v.-random enumeration."""
    return _exact_random.count(fast, _backend.GAMES[game], part, parts, cancel)


def _exact(spot: Any, game: str, client: Any, progress: bool) -> EquityResult:
    if not kernels.have_c():
        return _exact_python(spot)      # small spots only, as handrank.equity
    fast = _exact_random.job(spot)
    if fast is not None:                # known hands v. "random": boards first
        xcalls: list[tuple[Any, ...]] = []
        for i, (pl, _) in enumerate(fast.plans):
            parts = max(1, min(pl.boards, MAX_EXACT_TASKS, math.ceil(pl.cost / EXACT_TASK_COST)))
            xcalls += [(game, pl, k, parts, i) for k in range(parts)]
        res = _run(client, _exact_random_part, xcalls, progress)
        by_plan: list[list[np.ndarray]] = [[] for _ in fast.plans]
        taken = [0] * len(fast.plans)
        for call, (counts, t) in zip(xcalls, res):
            by_plan[call[4]].append(counts)
            taken[call[4]] += t
        if taken != [pl.boards for pl, _ in fast.plans]:
            raise RuntimeError("internal error: the board-first enumeration missed boards")
        return _result_exact(spot, *_exact_random.result_counts(fast, spot.n, by_plan))
    combos, weights, offsets = spot.flat()
    tuples = math.prod(len(c) for c in spot.combos)
    if np.all(weights == 1.0):
        # every count is a whole number below 2**53: any split sums exactly
        parts = max(1, min(tuples, MAX_EXACT_TASKS, math.ceil(spot.cost() / EXACT_TASK_COST)))
    else:
        parts = exact_parts(spot)       # handrank.equity's own split
    n = spot.n
    calls = [(game, n, combos, weights, offsets, spot.board, spot.dead, k, parts)
             for k in range(parts)]
    results = _run(client, _exact_part, calls, progress)
    outs = np.array([r[0] for r in results])
    taken = sum(r[1] for r in results)
    left = _deck_size(spot.g) - len(spot.board) - len(spot.dead) - 2 * n
    boards = math.comb(left, BOARD_CARDS - len(spot.board))
    return _result_exact(spot, outs.sum(axis=0), taken * boards)


def _monte_carlo(spot: Any, game: str, trials: int | None, target: float | None, seed: int,
                 chunk: int, client: Any, progress: bool) -> EquityResult:
    n = spot.n
    combos, cum, uniform, offsets = mc_arrays(spot)
    cap = trials if trials is not None else (TARGET_MAX_TRIALS if target
                                             else DEFAULT_TRIALS)
    n_chunks = math.ceil(cap / chunk)

    def size(k: int) -> int:
        return min(chunk, cap - k * chunk)

    total = np.zeros(4 * n + 2, dtype=np.int64)
    workers = 1 if client is None else max(1, len(client.scheduler_info()["workers"]))
    batch = n_chunks if target is None else max(4, 2 * workers)
    k = 0
    while k < n_chunks:
        todo = range(k, min(n_chunks, k + batch))
        calls = [(game, n, combos, cum, uniform, offsets, spot.board, spot.dead, seed, j,
                  size(j)) for j in todo]
        outs = _run(client, _mc_chunk, calls, progress)
        for j, out in zip(todo, outs):      # in chunk order, whatever ran first
            if out[4 * n] < size(j):
                if total[4 * n] + out[4 * n] == 0:
                    raise InvalidRangeError("the players' ranges always clash: "
                                            "no deal is possible")
                raise InvalidRangeError("the players' ranges clash in almost every deal")
            total += out
            k = j + 1
            if target is not None and _stderr(total, n).max() < target:
                k = n_chunks
                break
    acc = int(total[4 * n])
    return EquityResult(equity=total[2 * n:3 * n] / SHARE_UNIT / acc,
                            win=total[:n] / acc, tie=total[n:2 * n] / acc,
                            stderr=_stderr(total, n), exact=False, samples=acc)



# ------------------------------------------- the games of other hands and halves

GAME_CHUNK_TRIALS = 1_000_000


def _spec(g: Any) -> tuple[str, dict[str, Any]]:
    """What a worker needs to make the game again (a Game holds C pointers)."""
    return g.name, dict(g.options)


def _game_of(spec: tuple[str, dict[str, Any]]) -> Any:
    return _make_game(spec[0], **spec[1])


def _game_evaluate_block(spec: tuple[str, dict[str, Any]], x: np.ndarray, b: Any,
                         block_info: Any = None) -> np.ndarray:
    start = 0
    info = [v for k, v in (block_info or {}).items() if k is not None and "array-location" in v]
    if info:
        start = int(info[0]["array-location"][0][0])       # the block's first global row
    try:
        return operations.evaluate_batch(x, boards=b, game=_game_of(spec))
    except HandrankError as e:
        message = _ROW.sub(lambda m: f"row {start + int(m.group(1))}", str(e), count=1)
        raise type(e)(message) from None


def _game_evaluate(g: Any, x: Any, boards: Any) -> Any:
    if not isinstance(x, da.Array) and not isinstance(boards, da.Array):
        return operations.evaluate_batch(x, boards=boards, game=g)
    xa = x if isinstance(x, da.Array) else cast(Any, da).from_array(np.asarray(x))
    if xa.ndim != 2:
        raise InvalidHandError(f"expected an integer array of shape (n, k), got shape "
                               f"{xa.shape}")
    if any(math.isnan(c) for c in xa.chunks[0]):
        raise InvalidHandError("the row chunks of x are unknown, so a bad row's global index "
                               "is too; call x.compute_chunk_sizes() first")
    xa = xa.rechunk({1: -1})
    halves = len(g.halves)
    shape: Any = (xa.chunks[0],) if halves == 1 else (xa.chunks[0], (2,))
    spec = _spec(g)
    if boards is None:
        return cast(Any, da).map_blocks(_game_evaluate_block, spec, xa, None,
                                        dtype=np.uint16, chunks=shape,
                                        drop_axis=[1] if halves == 1 else [],
                                        meta=np.empty((0,) * len(shape), dtype=np.uint16))
    ba = boards if isinstance(boards, da.Array) else cast(Any, da).from_array(np.asarray(boards))
    if ba.ndim != 2 or ba.shape[0] != xa.shape[0]:
        raise InvalidHandError(f"expected hands (n, k) and boards (n, m) of the same n, "
                               f"got shapes {xa.shape} and {ba.shape}")
    ba = ba.rechunk({0: xa.chunks[0], 1: -1})
    return cast(Any, da).map_blocks(_game_evaluate_block, spec, xa, ba, dtype=np.uint16,
                                    chunks=shape, drop_axis=[1] if halves == 1 else [],
                                    meta=np.empty((0,) * len(shape), dtype=np.uint16))


def _game_equity_task(spec: tuple[str, dict[str, Any]], players: Any, board: Any, dead: Any,
                      exact: Any, trials: Any, seed: Any) -> Any:
    return operations.equity(players, board, dead, exact=exact, trials=trials, seed=seed,
                             threads=1, game=_game_of(spec))


def _chunk_seed(seed: int, k: int) -> int:
    """Chunk k's seed: its own stream of (seed, k)."""
    return int(np.random.SeedSequence([seed, k]).generate_state(1, np.uint64)[0])


def _game_equity(g: Any, players: Any, board: Any, dead: Any, exact: Any, trials: Any,
                 target: Any, seed: Any, client: Any, chunk_trials: Any) -> EquityResult:
    _check_client(client)
    trials, target = check_trials(trials, target)
    chunk = GAME_CHUNK_TRIALS if chunk_trials is None else _check_positive("chunk_trials",
                                                                           chunk_trials)
    spec = _spec(g)
    if exact or (trials is None and target is None):
        # one task, the very call handrank.equity makes (same checks, same choice)
        out = _run(client, _game_equity_task, [(spec, players, board, dead, exact, None,
                                                mc_seed(seed))])[0]
        return cast(EquityResult, out)
    # checks the spot (and its errors) before any task runs
    operations.equity(players, board, dead, exact=False, trials=1, seed=0, game=g)
    base = mc_seed(seed)
    cap = trials if trials is not None else TARGET_MAX_TRIALS
    n_chunks = math.ceil(cap / chunk)
    workers = 1 if client is None else max(1, len(client.scheduler_info()["workers"]))
    batch = n_chunks if target is None else max(4, 2 * workers)
    parts: list[Any] = []
    k = 0
    while k < n_chunks:
        todo = range(k, min(n_chunks, k + batch))
        calls = [(spec, players, board, dead, False, min(chunk, cap - j * chunk),
                  _chunk_seed(base, j)) for j in todo]
        for out in _run(client, _game_equity_task, calls):
            parts.append(out)
            k += 1
            if target is not None and float(_pooled(parts).stderr.max()) < target:
                k = n_chunks
                break
    r = _pooled(parts)
    return cast(EquityResult, dataclasses.replace(r, hands=_hand_labels(players)))


def _pooled(parts: list[Any]) -> Any:
    """The chunks' results as one: means weighted by trials, standard errors pooled."""
    n = np.array([p.samples for p in parts], dtype=np.float64)
    total = float(n.sum())

    def mean(name: str) -> np.ndarray:
        return np.asarray(sum(w * getattr(p, name) for w, p in zip(n, parts)) / total)

    se = np.sqrt(sum((w * p.stderr) ** 2 for w, p in zip(n, parts))) / total
    extra = {name: mean(name) for name in ("high", "low", "scoop") if hasattr(parts[0], name)}
    return dataclasses.replace(parts[0], equity=mean("equity"), win=mean("win"),
                               tie=mean("tie"), stderr=np.asarray(se), exact=False,
                               samples=int(total), **extra)

# ----------------------------------------------------------- preflop tables


def preflop_table(*, players: int = 2, client: Any = None,
                  classes: Iterable[str] | None = None) -> PreflopTable:
    """Return the exact all-in preflop equity table of hand classes.

    Parameters
    ----------
    players : {2, 3}
        Heads-up (every class against every class) or 3-way (every triple).
    client : distributed.Client, optional
        The cluster; None runs on the local machine's cores.
    classes : sequence of str, optional
        Class names ("AA", "AKs", "T9o", ...) to tabulate, in the table's
        order; all 169 in ``handrank.Range`` grid order by default.

    Returns
    -------
    PreflopTable
        ``.equity[a, b]`` (heads-up) is what ``handrank.equity([a, b],
        exact=True).equity[0]`` gives, bit for bit; ``.equity[a, b, c]``
        (3-way) is ``handrank.equity([a, b, c], exact=True).equity``, NaN
        where no deal exists.  The same table, bit for bit, on any cluster.

    Raises
    ------
    ValueError
        `players` not 2 or 3, an unknown or repeated class name.
    TypeError
        `classes` not a sequence of names.
    HandrankError
        Without the C core.

    Examples
    --------
    >>> t = preflop_table(classes=["AA", "KK", "AKs"])
    >>> round(float(t.equity[t.index("AA"), t.index("KK")]), 4), float(t.equity[0, 0])
    (0.8195, 0.5)
    >>> preflop_table(classes=["AA", "AKx"])
    Traceback (most recent call last):
    ...
    ValueError: unknown hand class 'AKx' (expected a name such as 'AA', 'AKs', 'T9o')
    """
    return run_preflop_table(players=players, client=client, classes=classes)


def run_preflop_table(*, players: int = 2, client: Any = None,
                      classes: Iterable[str] | None = None,
                      progress: bool = False) -> PreflopTable:
    """:func:`preflop_table`, with a progress bar on stderr if `progress` (the CLI's entry)."""
    _check_client(client)
    n = _preflop.check_players(players)
    idx = _preflop.class_indices(classes)
    kernels.need_c("preflop tables", HandrankError, plural=True)
    pieces = _preflop.plan(n, idx)
    results = _run(client, _preflop.count_piece, [(n, piece) for piece in pieces], progress)
    return _preflop.assemble(n, idx, results)


# -------------------------------------------------------------- hand histories


def _history_file(path: str, player: str | None) -> Any:
    return _summary(path, player=player)


def _history_files(paths: list[str], player: str | None) -> Any:
    """One task: the summaries of several files joined in order (one fast-path pass)."""
    if not _fast.available():
        out = Summary(player=player)
        for p in paths:
            out = out.merge(_history_file(p, player))
        return out
    s = Summary(player=player)
    _add_fast(s, paths, player, per_file=True)
    return s


#: a task reads up to this many files or bytes (small files: many to a task)
_HISTORY_TASK_FILES = 2000
_HISTORY_TASK_BYTES = 1 << 26


def histories(paths: Any, *, client: Any = None, player: str | None = None,
              progress: bool = False) -> Any:
    """:func:`handrank.history.summary` over many files, in tasks of one or more files.

    Parameters
    ----------
    paths : path or iterable of paths
        Files (``.phh``, ``.phhs``) and folders (read recursively).
    client : distributed.Client, optional
        None runs on dask's local threaded scheduler.
    player : str, optional
        As for :func:`handrank.history.summary`.

    Returns
    -------
    handrank.history.Summary
        The per-file summaries joined in file order, so the result is the
        same, bit for bit, on 1 or N workers.  Small files are read many to a
        task (up to 2,000 files or 64 MB), through the fast path.
    """
    _check_client(client)
    items = [paths] if isinstance(paths, (str, os.PathLike)) else list(paths)
    files: list[str] = []
    for p in items:
        files += _paths(os.fspath(p))
    groups: list[list[str]] = []
    size = 0
    for f in files:
        try:
            b = os.path.getsize(f)
        except OSError:
            b = 0                       # the task reports the error as summary() does
        if not groups or len(groups[-1]) >= _HISTORY_TASK_FILES or (
                size + b > _HISTORY_TASK_BYTES and groups[-1]):
            groups.append([])
            size = 0
        groups[-1].append(f)
        size += b
    out = Summary(player=player)
    loops = [f for f in files if os.path.isdir(f)]     # folders listed: symlink loops
    out.unread += [str(FileError(problem(f) or "a folder", file=f)) for f in loops]
    groups = [[f for f in g if f not in set(loops)] for g in groups] if loops else groups
    for s in _run(client, _history_files, [(g, player) for g in groups if g], progress):
        out = out.merge(s)
    return out
