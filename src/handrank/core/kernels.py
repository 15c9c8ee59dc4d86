"""The one door to the compiled library.

This is the only module that touches the C core's ``ffi`` and ``lib``
(``tests/test_door.py`` checks it).  It offers one typed Python function per
C entry point the package uses; each takes and returns Python and numpy
values, does the cffi casts itself, turns the C core's error codes into the
named exceptions, and runs the numpy fallback (``core._fallback``) when the
C core is not built, so no other module branches on the backend.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import numpy as np

from . import _backend, _fallback, _fallback_games, _run
from ._tables import GameTables

#: The compiled module (``handrank._core``), or None on the pure-Python backend.
_C: Any = _backend.core

#: True when the C core serves the calls.
HAVE_C: bool = _C is not None


# --- games, core, showdown, ranges, boards, bench ---
#
# Each batch kernel returns the first bad row (or -1) the way the C core does;
# the caller names what is wrong with it.  A code the C core gives for a call
# the package never makes (-2: an unsupported width) is a RuntimeError here.

#: Rows a C batch call takes at once (a few ms): Ctrl-C is seen between two.
SLICE_ROWS = 1 << 18
#: Rows a numpy slice of the pure-Python backend takes at once.
SLICE_ROWS_PY = 1 << 16
#: Omaha deals a C call takes at once.
SLICE_DEALS = 1 << 15
#: Cards a slice of the showdown batch holds.
SLICE_CARDS = 1 << 21


def _need_c(what: str, error: type[Exception] = RuntimeError) -> Any:
    """The compiled module, or ``error`` naming what needs it."""
    if _C is None:
        raise error(f"{what} needs the C core (handrank.backend is 'python')")
    return _C


def need_c(what: str) -> None:
    """Raise RuntimeError "`what` needs the C core" on the pure-Python backend."""
    _need_c(what)


# ------------------------------------------------------------ one hold'em hand
# The one-hand paths bind these cffi functions once (a global read is cheaper
# than an attribute read); each is None without the C core.  Each takes the
# cards as bytes and returns the strength, 0 for anything it cannot rank.

#: hr_eval5_holdem / 6 / 7: 5, 6, 7 ids as bytes.
EVAL5_HOLDEM: Callable[[bytes], int] | None = None
EVAL6_HOLDEM: Callable[[bytes], int] | None = None
EVAL7_HOLDEM: Callable[[bytes], int] | None = None
#: hr_eval7_i64_holdem / hr_eval7_u32_holdem: 7 ids as native int64 / int32 bytes.
EVAL7_I64_HOLDEM: Callable[[bytes], int] | None = None
EVAL7_I32_HOLDEM: Callable[[bytes], int] | None = None
#: hr_eval_text_holdem: one hand as UTF-8 text.
EVAL_TEXT_HOLDEM: Callable[[bytes], int] | None = None
#: hr_eval_text(g.ptr, text, len) and hr_eval_bytes(g.ptr, ids, n) of any game.
EVAL_TEXT: Callable[[Any, bytes, int], int] | None = None
EVAL_BYTES: Callable[[Any, bytes, int], int] | None = None
#: By the itemsize of a native-endian integer dtype: its (5, 6, 7)-id calls.
EVAL_BY_WIDTH: dict[int, tuple[Callable[[bytes], int], ...]] = {}
if _C is not None:
    _lib = _C.lib
    EVAL5_HOLDEM, EVAL6_HOLDEM, EVAL7_HOLDEM = (_lib.hr_eval5_holdem, _lib.hr_eval6_holdem,
                                                _lib.hr_eval7_holdem)
    EVAL7_I64_HOLDEM, EVAL7_I32_HOLDEM = _lib.hr_eval7_i64_holdem, _lib.hr_eval7_u32_holdem
    EVAL_TEXT_HOLDEM = _lib.hr_eval_text_holdem
    EVAL_TEXT, EVAL_BYTES = _lib.hr_eval_text, _lib.hr_eval_bytes
    EVAL_BY_WIDTH.update({
        1: (_lib.hr_eval5_holdem, _lib.hr_eval6_holdem, _lib.hr_eval7_holdem),
        2: (_lib.hr_eval5_u16_holdem, _lib.hr_eval6_u16_holdem, _lib.hr_eval7_u16_holdem),
        4: (_lib.hr_eval5_u32_holdem, _lib.hr_eval6_u32_holdem, _lib.hr_eval7_u32_holdem),
        8: (_lib.hr_eval5_i64_holdem, _lib.hr_eval6_i64_holdem, _lib.hr_eval7_i64_holdem),
    })


def eval_one(g: GameTables, ids: list[int]) -> int:
    """hr_eval_bytes: the strength of one hand of ids, 0 for one it cannot rank."""
    if _C is None:
        return _fallback.eval_one(g, ids)
    return int(_C.lib.hr_eval_bytes(g.ptr, bytes(ids), len(ids)))


# ------------------------------------------------------------ batches

def eval_batch(g: GameTables, arr: np.ndarray, out: np.ndarray, threads: int) -> int:
    """hr_eval_batch: the high strength of each row of ``arr`` (n, k) uint8 into
    ``out``; the first bad row or -1."""
    n, k = arr.shape
    if _C is None:
        return _run.run_rows(lambda lo, hi: _fallback.eval_batch(g, arr[lo:hi], out[lo:hi]),
                             n, 1, SLICE_ROWS_PY)
    ffi, lib = _C.ffi, _C.lib
    src = ffi.from_buffer("uint8_t[]", arr)
    dst = ffi.from_buffer("uint16_t[]", out, require_writable=True)
    if n <= SLICE_ROWS:
        return int(lib.hr_eval_batch(g.ptr, src, n, k, dst))

    def part(lo: int, hi: int) -> int:
        return int(lib.hr_eval_batch(g.ptr, src + lo * k, hi - lo, k, dst + lo))

    return _run.run_rows(part, n, threads, SLICE_ROWS)


def eval_low(g: GameTables, ids: list[int]) -> int:
    """hr_eval_low: the low strength of one valid hand (0: no qualifying low)."""
    if _C is None:
        row = np.array([ids], dtype=np.uint8)
        out = np.empty(1, dtype=np.uint16)
        _fallback_games.low_batch(g, row, out)
        return int(out[0])
    strength = int(_C.lib.hr_eval_low(g.ptr, bytes(ids), len(ids)))
    if strength < 0:
        raise RuntimeError(f"internal error: the C core rejected {ids!r}")
    return strength


def eval_low_batch(g: GameTables, arr: np.ndarray, out: np.ndarray, threads: int,
                   flushes: bool) -> int:
    """hr_eval_low_batch, or for a game without flushes (ace-to-five) the
    core's kernel it starts with (hr_eval_batch), which is then the whole
    answer; the first bad row or -1."""
    n, k = arr.shape
    if _C is None:
        return _run.run_rows(lambda lo, hi: _fallback_games.low_batch(g, arr[lo:hi],
                                                                      out[lo:hi]),
                             n, 1, SLICE_ROWS_PY)
    ffi, lib = _C.ffi, _C.lib
    kernel = lib.hr_eval_low_batch if flushes else lib.hr_eval_batch
    src = ffi.from_buffer("uint8_t[]", arr)
    dst = ffi.from_buffer("uint16_t[]", out, require_writable=True)

    def part(lo: int, hi: int) -> int:
        bad = int(kernel(g.ptr, src + lo * k, hi - lo, k, dst + lo))
        if bad == -2:
            raise RuntimeError(f"internal error: the C core rejected {k} cards per hand")
        return bad

    return _run.run_rows(part, n, threads, SLICE_ROWS)


# ------------------------------------------------------------ deal

def deal(deck: np.ndarray, k: int, seed: int, out: np.ndarray, threads: int) -> None:
    """hr_deal: fill ``out`` (n, k) uint8 with deals of ``k`` distinct cards of
    ``deck`` from the 64-bit ``seed``; each backend's stream is its own."""
    n = len(out)
    slice_rows = SLICE_ROWS_PY
    if _C is None:
        _fallback_games.deal(deck, k, seed, out, slice_rows)
        return
    ffi, lib = _C.ffi, _C.lib
    deck_c = np.ascontiguousarray(deck)
    deck_buf: Any = ffi.from_buffer("uint8_t[]", deck_c)
    out_buf: Any = ffi.from_buffer("uint8_t[]", out, require_writable=True)
    ptr: Any = ffi.cast("uint8_t *", out_buf)

    def part(lo: int, hi: int) -> int:
        rc = int(lib.hr_deal(deck_buf, len(deck_c), k, seed, lo, hi - lo, ptr + lo * k))
        if rc != -1:
            raise RuntimeError(f"internal error: hr_deal returned {rc}")
        return -1

    _run.run_rows(part, n, threads, slice_rows)


# ------------------------------------------------------------ badugi

BADUGI_CLASSES = 1092
_badugi_lock = threading.Lock()
_badugi_ready = False


def badugi_prepare() -> None:
    """hr_badugi_prepare: fill the C core's colex table once, before any batch."""
    global _badugi_ready
    if not _badugi_ready and _C is not None:
        with _badugi_lock:
            if not _badugi_ready:
                _C.lib.hr_badugi_prepare()
                _badugi_ready = True


def badugi_tables() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """badugi_value (8192,), badugi_size and badugi_ranks (classes + 1, 4)."""
    if _C is None:
        return _fallback_games.badugi_tables()
    ffi, lib = _C.ffi, _C.lib
    n = lib.HR_BADUGI_CLASSES + 1
    value = np.frombuffer(ffi.buffer(lib.hr_badugi_value, 2 * 8192), dtype=np.uint16)
    size = np.frombuffer(ffi.buffer(lib.hr_badugi_size, n), dtype=np.uint8)
    ranks = np.frombuffer(ffi.buffer(lib.hr_badugi_ranks, 4 * n), dtype=np.uint8)
    return value, size, ranks.reshape(-1, 4)


def eval_badugi(ids: list[int]) -> int:
    """hr_eval_badugi: the strength of four valid card ids."""
    if _C is None:
        value = badugi_tables()[0]
        return int(_fallback_games.badugi_strengths(np.array([ids], dtype=np.int64), value)[0])
    return int(_C.lib.hr_eval_badugi(bytes(ids)))


def eval_badugi_batch(arr: np.ndarray, out: np.ndarray) -> int:
    """hr_eval_badugi_batch over (n, 4) uint8 into ``out``: the first bad row or -1."""
    if _C is None:
        return _fallback_games.badugi_batch(arr, out, badugi_tables()[0])
    badugi_prepare()
    ffi, lib = _C.ffi, _C.lib
    return int(lib.hr_eval_badugi_batch(ffi.from_buffer("uint8_t[]", arr), len(arr),
                                        ffi.from_buffer("uint16_t[]", out,
                                                        require_writable=True)))


# ------------------------------------------------------------ Omaha

def _valid_deal(g: GameTables, ids: list[int]) -> bool:
    return all(bool(g.in_deck[c]) for c in ids) and len(set(ids)) == len(ids)


def eval_omaha(g: GameTables, hole: list[int], board: list[int]) -> int:
    """hr_eval_omaha: the best two-plus-three strength, 0 for a deal it refuses
    (a card outside the deck, a repeated card)."""
    if _C is None:
        deal = hole + board
        if not _valid_deal(g, deal):
            return 0
        strengths = _fallback_games.omaha_strengths(g, np.array([deal], dtype=np.uint8),
                                                    len(hole))
        return int(strengths.max())
    return int(_C.lib.hr_eval_omaha(g.ptr, bytes(hole), len(hole), bytes(board)))


def eval_omaha_hilo(high: GameTables, low: GameTables, hole: list[int],
                    board: list[int]) -> tuple[int, int]:
    """hr_eval_omaha_hilo of a valid deal: (high, low), low 0 for none.
    ``low`` is the ace-to-five eight-or-better tables (the C core knows them)."""
    if _C is None:
        pair = np.empty((1, 2), dtype=np.uint16)
        _fallback_games.omaha_hilo_batch(high, low, np.array([hole], dtype=np.uint8),
                                         np.array([board], dtype=np.uint8), pair)
        return int(pair[0, 0]), int(pair[0, 1])
    out = _C.ffi.new("uint16_t[2]")
    if not _C.lib.hr_eval_omaha_hilo(high.ptr, bytes(hole), len(hole), bytes(board), out):
        raise RuntimeError(f"internal error: the C core rejected {hole!r} {board!r}")
    return int(out[0]), int(out[1])


def _run_deals(kernel: Any, g: GameTables, hs: np.ndarray, bs: np.ndarray, out: np.ndarray,
               threads: int) -> int:
    """Run an Omaha batch kernel over the deals in slices; ``out`` holds
    ``out.size // n`` values a deal.  The first bad deal, or -1."""
    assert _C is not None
    ffi = _C.ffi
    n, h = hs.shape
    width = out.size // n
    src_h = ffi.from_buffer("uint8_t[]", hs)
    src_b = ffi.from_buffer("uint8_t[]", bs)
    dst = ffi.from_buffer("uint16_t[]", out, require_writable=True)

    def part(lo: int, hi: int) -> int:
        bad = int(kernel(g.ptr, src_h + lo * h, h, src_b + lo * 5, hi - lo,
                         dst + width * lo))
        if bad == -2:
            raise RuntimeError(f"internal error: the C core rejected {h} hole cards")
        return bad

    return _run.run_rows(part, n, threads, SLICE_DEALS)


def eval_omaha_batch(g: GameTables, hs: np.ndarray, bs: np.ndarray, out: np.ndarray,
                     threads: int) -> int:
    """hr_eval_omaha_batch: holes (n, h), boards (n, 5) uint8 into ``out`` (n,);
    the first bad deal or -1."""
    if _C is None:
        return _run.run_rows(lambda lo, hi: _fallback_games.omaha_batch(
            g, hs[lo:hi], bs[lo:hi], out[lo:hi]), len(hs), 1, SLICE_DEALS)
    return _run_deals(_C.lib.hr_eval_omaha_batch, g, hs, bs, out, threads)


def eval_omaha_hilo_batch(high: GameTables, low: GameTables, hs: np.ndarray, bs: np.ndarray,
                          out: np.ndarray, threads: int) -> int:
    """hr_eval_omaha_hilo_batch: (high, low) of each deal into ``out`` (n, 2);
    the first bad deal or -1."""
    if _C is None:
        bad = _fallback_games.omaha_hilo_first_bad(np.concatenate([hs, bs], axis=1), high)
        if bad < 0:
            _run.run_rows(lambda lo, hi: _fallback_games.omaha_hilo_batch(
                high, low, hs[lo:hi], bs[lo:hi], out[lo:hi]), len(hs), 1, SLICE_DEALS)
        return bad
    return _run_deals(_C.lib.hr_eval_omaha_hilo_batch, high, hs, bs, out, threads)


# ------------------------------------------------------------ showdown

def showdown_max_players() -> int:
    """The most players a showdown batch takes on the backend in use."""
    return int(_C.lib.HR_SHOWDOWN_MAX_PLAYERS) if _C is not None else 23


def showdown_batch(g: GameTables, b: np.ndarray, h: np.ndarray, out: np.ndarray,
                   threads: int) -> int:
    """hr_showdown_batch: boards (n, 5), holes (n, p, 2) uint8; each seat's share
    of the pot into ``out`` (n, p) float64; the first bad deal or -1."""
    n, p = h.shape[0], h.shape[1]
    rows = max(1, SLICE_CARDS // (2 * p + 5))
    if _C is None:
        return _run.run_rows(lambda lo, hi: _fallback_games.showdown_batch(
            g, b[lo:hi], h[lo:hi], out[lo:hi]), n, 1, rows)
    ffi, lib = _C.ffi, _C.lib
    src_b = ffi.from_buffer("uint8_t[]", b)
    src_h = ffi.from_buffer("uint8_t[]", h)
    dst = ffi.from_buffer("double[]", out, require_writable=True)

    def part(lo: int, hi: int) -> int:
        bad = lib.hr_showdown_batch(g.ptr, src_b + lo * 5, src_h + lo * 2 * p, hi - lo, p,
                                    dst + lo * p)
        if bad == -2:
            raise RuntimeError(f"internal error: the C core rejected {p} players")
        return -1 if bad < 0 else int(bad)

    return _run.run_rows(part, n, threads, rows)


# ------------------------------------------------------------ draw games

def draw_odds(g: GameTables | None, badugi: bool, ids: list[int], stub: np.ndarray,
              masks: list[int], n_strengths: int) -> np.ndarray:
    """hr_draw_odds: per hold (a bit mask of ``ids`` kept) the histogram of the
    final strengths, (holds, n_strengths) uint32.  C core only."""
    core = _need_c("draw_odds")
    ffi, lib = core.ffi, core.lib
    if badugi:
        badugi_prepare()
    holds = np.array(masks, dtype=np.uint32)
    hist = np.empty((len(masks), n_strengths), dtype=np.uint32)
    rc = lib.hr_draw_odds(ffi.NULL if g is None else g.ptr, 1 if badugi else 0,
                          bytes(ids), len(ids), ffi.from_buffer("uint8_t[]", stub), len(stub),
                          ffi.from_buffer("uint32_t[]", holds), len(masks), n_strengths,
                          ffi.from_buffer("uint32_t[]", hist, require_writable=True))
    if rc != 0:
        raise RuntimeError("internal error: the C core rejected the draw")
    return hist


def draw_vs(g: GameTables | None, badugi: bool, ids: list[int], vs_ids: list[int],
            stub: np.ndarray, masks: list[int], size: int) -> tuple[np.ndarray, np.ndarray]:
    """hr_draw_vs: per hold the pairs of draws (ours, theirs) won and tied,
    each (holds,) int64; ``size`` is the scratch length (the largest draw
    count).  C core only."""
    core = _need_c("draw_odds")
    ffi, lib = core.ffi, core.lib
    if badugi:
        badugi_prepare()
    a = np.empty(size, dtype=np.uint16)
    b = np.empty(size, dtype=np.uint16)
    holds = np.array(masks, dtype=np.uint32)
    win = np.zeros(len(masks), dtype=np.int64)
    tie = np.zeros(len(masks), dtype=np.int64)
    rc = lib.hr_draw_vs(ffi.NULL if g is None else g.ptr, 1 if badugi else 0,
                        bytes(ids), len(ids), bytes(vs_ids), len(vs_ids),
                        ffi.from_buffer("uint8_t[]", stub), len(stub),
                        ffi.from_buffer("uint32_t[]", holds), len(masks),
                        ffi.from_buffer("uint16_t[]", a, require_writable=True),
                        ffi.from_buffer("uint16_t[]", b, require_writable=True),
                        ffi.from_buffer("int64_t[]", win, require_writable=True),
                        ffi.from_buffer("int64_t[]", tie, require_writable=True))
    if rc != 0:
        raise RuntimeError("internal error: the C core rejected the draw")
    return win, tie


# ------------------------------------------------------------ video poker

def vp_tables(pay_class: np.ndarray, n_classes: int) -> tuple[np.ndarray, np.ndarray]:
    """hr_vp_tables: the pay class of every 5-card hand and the subset counts,
    both read-only.  C core only (RuntimeError naming video_poker)."""
    core = _need_c("video_poker")
    ffi, lib = core.ffi, core.lib
    if n_classes > lib.HR_VP_CLASSES:
        raise RuntimeError("internal error: more pay classes than the C core holds")
    cls5 = np.empty(lib.HR_VP_HANDS, dtype=np.uint8)
    counts = np.empty(lib.HR_VP_SUBSETS * lib.HR_VP_CLASSES, dtype=np.int32)
    if lib.hr_vp_tables(ffi.from_buffer("uint8_t[]", pay_class),
                        ffi.from_buffer("uint8_t[]", cls5, require_writable=True),
                        ffi.from_buffer("int32_t[]", counts, require_writable=True)) != 0:
        raise RuntimeError("internal error: a pay class out of range")
    cls5.flags.writeable = False
    counts.flags.writeable = False
    return cls5, counts


def vp_hold_counts(cls5: np.ndarray, counts: np.ndarray, ids: list[int]) -> np.ndarray | None:
    """hr_vp_hold_counts: (32 holds, classes) int32 final-class counts of a
    deal of five ids; None when the C core refuses the deal."""
    core = _need_c("video_poker")
    ffi, lib = core.ffi, core.lib
    out = np.empty((32, lib.HR_VP_CLASSES), dtype=np.int32)
    if lib.hr_vp_hold_counts(ffi.from_buffer("uint8_t[]", cls5),
                             ffi.from_buffer("int32_t[]", counts), bytes(ids),
                             ffi.from_buffer("int32_t[]", out, require_writable=True)) != 0:
        return None
    return out


def vp_solve(cls5: np.ndarray, counts: np.ndarray, pays: tuple[float, ...]
             ) -> tuple[float, np.ndarray, int]:
    """hr_vp_solve: (return, probability of each final class, classes of deals)."""
    core = _need_c("video_poker")
    ffi, lib = core.ffi, core.lib
    pay = np.zeros(lib.HR_VP_CLASSES, dtype=np.float64)
    pay[:len(pays)] = pays
    prob = np.zeros(lib.HR_VP_CLASSES, dtype=np.float64)
    deals = ffi.new("int64_t *")
    ret = float(lib.hr_vp_solve(ffi.from_buffer("uint8_t[]", cls5),
                                ffi.from_buffer("int32_t[]", counts),
                                ffi.from_buffer("double[]", pay),
                                ffi.from_buffer("double[]", prob, require_writable=True), deals))
    return ret, prob, int(deals[0])


# ------------------------------------------------------------ boards and the indexer

def index_street(ranks: int, groups: list[int], base: list[int], n_keys: int,
                 n_configs: int, arrays: tuple[np.ndarray, ...]) -> tuple[Any, list[Any]]:
    """An ``hr_index_street`` over ``arrays`` (colex, binom, config_of, offset,
    keys, suit_count, run_mult): the struct and the buffers it points into
    (keep both alive).  C core only (RuntimeError naming handrank.index)."""
    core = _need_c("handrank.index")
    ffi = core.ffi
    st = ffi.new("hr_index_street *")
    st.ranks = ranks
    st.groups = len(groups)
    for j, g in enumerate(groups):
        st.size[j] = g
        st.base[j] = base[j]
    st.n_keys = n_keys
    st.n_configs = n_configs
    names = ("colex", "binom", "config_of", "offset", "keys", "suit_count", "run_mult")
    types = ("uint32_t[]", "int64_t[]", "int32_t[]", "int64_t[]", "int32_t[]", "int64_t[]",
             "int64_t[]")
    buffers = []
    for name, ctype, arr in zip(names, types, arrays):
        buf = ffi.from_buffer(ctype, arr)
        buffers.append(buf)
        setattr(st, name, buf)
    return st, buffers


def index_batch(street: Any, rows: np.ndarray, out: np.ndarray, slice_rows: int) -> int:
    """hr_index_batch: the index of each row (n, k) uint8 into ``out`` (n,) int64,
    in slices on the calling thread; the first bad row or -1."""
    core = _need_c("handrank.index")
    ffi, lib = core.ffi, core.lib
    src = ffi.from_buffer("uint8_t[]", rows)
    dst = ffi.from_buffer("int64_t[]", out, require_writable=True)
    k = rows.shape[1] if rows.ndim == 2 else 0

    def part(lo: int, hi: int) -> int:
        return int(lib.hr_index_batch(street, src + lo * k, hi - lo, dst + lo))

    return _run.run_rows(part, len(rows), 1, slice_rows)


def unindex_batch(street: Any, idx: np.ndarray, out: np.ndarray, slice_rows: int) -> int:
    """hr_unindex_batch: the canonical hand (n, k) uint8 of each int64 index;
    the first bad position or -1."""
    core = _need_c("handrank.index")
    ffi, lib = core.ffi, core.lib
    src = ffi.from_buffer("int64_t[]", idx)
    dst = ffi.from_buffer("uint8_t[]", out, require_writable=True)
    k = out.shape[1]

    def part(lo: int, hi: int) -> int:
        return int(lib.hr_unindex_batch(street, src + lo, hi - lo, dst + lo * k))

    return _run.run_rows(part, len(idx), 1, slice_rows)


def river_values(g: GameTables, river: Any, boards: np.ndarray, idx: np.ndarray,
                 val: np.ndarray) -> int:
    """hr_river_values: per board (n, 5) uint8 the river index (int64) and
    2 * wins + ties (uint32) of every hole pair; -1 or the first bad board.
    C core only (RuntimeError naming handrank.boards)."""
    core = _need_c("handrank.boards")
    ffi = core.ffi
    return int(core.lib.hr_river_values(
        g.ptr, river, ffi.from_buffer("uint8_t[]", boards), len(boards),
        ffi.from_buffer("int64_t[]", idx, require_writable=True),
        ffi.from_buffer("uint32_t[]", val, require_writable=True)))


def runout_stats(street: Any, river: Any, table: np.ndarray, lo: int, e: np.ndarray,
                 e2: np.ndarray, hist: np.ndarray | None, cancel: Any) -> int:
    """hr_runout_stats of indices lo .. lo + len(e): the mean and mean square of
    the river values (float64) and the histogram (float32, or None); -1 when
    done.  ``cancel`` a handrank.core._run.Cancel or None."""
    core = _need_c("handrank.boards")
    ffi = core.ffi
    bins = 0 if hist is None else hist.shape[1]
    return int(core.lib.hr_runout_stats(
        street, river, ffi.from_buffer("double[]", table), lo, len(e), bins,
        ffi.from_buffer("double[]", e, require_writable=True),
        ffi.from_buffer("double[]", e2, require_writable=True),
        ffi.NULL if hist is None else ffi.from_buffer("float[]", hist, require_writable=True),
        ffi.NULL if cancel is None else cancel.ptr))


# ------------------------------------------------------------ Omaha preflop table

def omaha_vs_random(hands: np.ndarray, first: int, trials: int, seed: int, sums: int,
                    error: type[Exception]) -> np.ndarray:
    """hr_omaha_mc of each four-card hand (count, 4) uint8 against one random
    hand, ``trials`` trials from random stream ``first + i`` of ``seed``:
    (count, 4) int64 of won alone, tied, pot shares and their squares.  C core
    only (``error`` naming the Omaha preflop table)."""
    if _C is None:
        raise error("the omaha preflop table needs the C core (handrank.backend is 'python')")
    ffi, lib = _C.ffi, _C.lib
    g = lib.hr_game_at(0)
    n = 2
    prob = np.zeros(1, dtype=np.uint64)
    alias = np.zeros(1, dtype=np.int32)
    uniform = np.ones(n, dtype=np.uint8)
    offsets = np.array([0, 1, 1], dtype=np.int32)
    empty = np.zeros(1, dtype=np.uint8)
    out = np.zeros((len(hands), 4), dtype=np.int64)
    rng = ffi.new("hr_rng *")
    buf = np.zeros(sums * n + 2, dtype=np.int64)
    for i in range(len(hands)):
        hand = np.ascontiguousarray(hands[i])
        buf[:] = 0
        lib.hr_rng_seed(rng, seed, first + i)
        got = lib.hr_omaha_mc(g, 0, n, 4, ffi.from_buffer("uint8_t[]", hand),
                              ffi.from_buffer("uint64_t[]", prob),
                              ffi.from_buffer("int32_t[]", alias),
                              ffi.from_buffer("uint8_t[]", uniform),
                              ffi.from_buffer("int32_t[]", offsets),
                              ffi.from_buffer("uint8_t[]", empty), 0,
                              ffi.from_buffer("uint8_t[]", empty), 0, trials, trials, rng,
                              ffi.from_buffer("int64_t[]", buf, require_writable=True),
                              ffi.NULL)
        if got != trials:
            raise RuntimeError(f"internal error: hr_omaha_mc returned {got}")
        out[i] = [buf[0], buf[n], buf[2 * n], buf[3 * n]]
    return out


# ------------------------------------------------------------ bench

#: Names of the C batch kernels, by the number ``hr_batch_kernel()`` returns.
BATCH_KERNELS = ("generic", "sse2", "avx2", "avx512")


def batch_kernel() -> str:
    """The batch kernel hr_eval_batch runs on this CPU ("numpy" without the C core)."""
    if _C is None:
        return "numpy"
    return BATCH_KERNELS[int(_C.lib.hr_batch_kernel())]


def enumerate7(g: GameTables) -> np.ndarray:
    """hr_enumerate7 over every 7-card hand on one thread, one lowest card a call
    (Ctrl-C is seen between two): the histogram of strengths, uint64.  C core only."""
    core = _need_c("enumerating every hand")
    lib = core.lib
    hist = np.zeros(int(lib.HR_N_STRENGTHS) + 1, dtype=np.uint64)
    dst = core.ffi.from_buffer("uint64_t[]", hist)
    n_cards = int(lib.HR_N_CARDS)
    for first in range(n_cards):
        lib.hr_enumerate7(g.ptr, first, n_cards, dst)
    return hist


# --- history ---

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
