"""The one door to the compiled library.

This is the only module that touches the C core's ``ffi`` and ``lib``
(``tests/test_door.py`` checks it).  It offers one typed Python function per
C entry point the package uses; each takes and returns Python and numpy
values, does the cffi casts itself, turns the C core's error codes into the
named exceptions, and runs the numpy fallback (``core._fallback``) when the
C core is not built, so no other module branches on the backend.

It also loads the C core, as ``core._choice`` decided from the environment
(``HANDRANK_BACKEND``, ``HANDRANK_KERNEL``), and the tables of every game
(:data:`GAMES`: views of the compiled tables, or the package-data file's).
"""

from __future__ import annotations

import functools
import struct
import threading
from collections.abc import Callable
from math import comb as _comb
from typing import Any, TypeVar, cast

import numpy as np

from . import (
    _choice,
    _fallback,
    _fallback_equity,
    _fallback_games,
    _fallback_runouts,
    _run,
    _tables,
)
from ._tables import LOW_PREFIX, GameTables, read_bin
from .errors import InvalidRangeError

#: The compiled module (``handrank._core``), or None on the pure-Python backend.
_C: Any = None
if _choice.CHOICE != "python":
    try:
        from .. import _core as _C
    except ImportError as exc:
        _choice.missing_c(exc)

#: True when the C core serves the calls.
HAVE_C: bool = _C is not None
#: "c" or "python".
BACKEND = "c" if HAVE_C else "python"

if _choice.KERNEL and _C is not None \
        and _C.lib.hr_set_batch_kernel(_choice.KERNELS.index(_choice.KERNEL)) != 0:
    _choice.bad_kernel([k for i, k in enumerate(_choice.KERNELS)
                        if _C.lib.hr_set_batch_kernel(i) == 0
                        and _C.lib.hr_set_batch_kernel(-1) == 0])


_NP = {"uint8_t": np.uint8, "uint16_t": np.uint16, "uint32_t": np.uint32, "uint64_t": np.uint64}


def load_tables() -> dict[str, GameTables]:
    """Views of the compiled tables of every game (``params`` is None: C knows
    them); the package-data file's tables on the pure-Python backend."""
    if _C is None:
        return _tables.load_bin()
    ffi, lib = _C.ffi, _C.lib

    def view(ptr: Any, ctype: str, count: int) -> np.ndarray:
        arr = np.frombuffer(ffi.buffer(ptr, count * ffi.sizeof(ctype)), dtype=_NP[ctype])
        arr.flags.writeable = False
        return arr

    offsets = view(lib.hr_hash_offsets, "uint32_t", lib.HR_HASH_ROWS)
    poison = np.uint64(lib.HR_POISON_SHIFT)
    games = {}
    for index in range(lib.hr_game_count()):
        g = lib.hr_game_at(index)
        name = ffi.string(g.name).decode()
        games[name] = GameTables(
            name=name,
            classes=g.classes,
            card_key=view(g.card_key, "uint64_t", 256),
            card_mask=view(g.card_mask, "uint64_t", 256),
            values=view(g.values, "uint16_t", lib.HR_HASH_SIZE),
            flush=view(g.flush, "uint16_t", 8192),
            category=view(g.category, "uint8_t", g.classes + 1),
            class_ranks=view(g.class_ranks, "uint8_t", 5 * (g.classes + 1)).reshape(-1, 5),
            hash_offsets=offsets,
            params=None,
            ptr=g,
            in_deck=(view(g.card_key, "uint64_t", 256) >> poison) == 0,
            card=view(g.card, "uint64_t", 512).reshape(256, 2),
            low=name.startswith(LOW_PREFIX),
        )
    return games


#: Every game's tables by name, loaded once.
GAMES: dict[str, GameTables] = load_tables()


def _new_cancel_cell() -> tuple[Any, Any]:
    cell = _C.ffi.new("int32_t *")
    return cell, cell


# A Cancel's flag is an int32_t the C loops poll (handrank.core._run.Cancel).
if _C is not None:
    _run.new_cancel_cell = _new_cancel_cell


def compiled_module() -> Any:
    """The compiled module (None on the pure-Python backend), for the tests
    and the table builders that call the C core directly; no other module of
    the package holds it (tests/test_door.py)."""
    return _C


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


def need_c(what: str, error: type[Exception] = RuntimeError, *, plural: bool = False) -> None:
    """Raise `error` "`what` needs the C core" on the pure-Python backend (a job
    the C core alone does; "need" when `plural`).  Read at each call
    (:func:`have_c`)."""
    verb = "need" if plural else "needs"
    require_c(f"{what} {verb} the C core (handrank.backend is 'python')", error)


def require_c(message: str, error: type[Exception] = RuntimeError) -> None:
    """Raise `error` with `message` on the pure-Python backend (a job the C core
    alone does); read at each call (:func:`have_c`)."""
    if not have_c():
        raise error(message)


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


def eval_given(g: GameTables, cards: Any) -> int:
    """One hand of `g` as the caller gave it, read by C where C reads it: text
    through hr_eval_text, a list or tuple of ids 0..255 (no bool) through
    hr_eval_bytes.  0 for anything else, for a hand C cannot rank and on the
    pure-Python backend: the caller then checks the cards and calls
    :func:`eval_one`."""
    if _C is None or EVAL_TEXT is None or EVAL_BYTES is None:
        return 0
    if type(cards) is str:
        # The C parser reads ASCII and the UTF-8 suit symbols; anything it
        # cannot read (other Unicode spaces, say) is parsed by the caller.
        try:
            text = cards.encode()
        except UnicodeEncodeError:
            return 0
        return int(EVAL_TEXT(g.ptr, text, len(text))) if text else 0
    if type(cards) is list or type(cards) is tuple:
        try:
            raw = bytes(cards)          # ints 0..255, passed to C without a copy
        except (TypeError, ValueError, DeprecationWarning):
            return 0                    # (numpy 2.0 warns for a np.bool_: see _DECLINED)
        if (0 in raw or 1 in raw) and not _BOOLS.isdisjoint(map(type, cards)):
            return 0                    # a bool: the caller's check says so
        return int(EVAL_BYTES(g.ptr, raw, len(raw)))
    return 0


def eval_ids_at(ptr: Any, raw: bytes) -> int:
    """hr_eval_bytes (C only) for a game given by its ``hr_game *`` (a
    :class:`GameTables`' ``ptr``): the strength of one hand given as the
    bytes of its ids, 0 for one it cannot rank."""
    if EVAL_BYTES is None or _C is None:
        raise RuntimeError("internal error: the fast settlement needs the C core")
    return int(EVAL_BYTES(ptr, raw, len(raw)))


# ------------------------------------------------------------ one hold'em hand, fast

# One hold'em hand, the scalar fast paths of games.holdem.evaluate and
# operations.evaluate: a few Python steps around one one-argument C call.
# The decorators below build each of them here, reading this module's cffi
# functions as globals (a global read is cheaper than an attribute read);
# they test ``_C`` first, so the backend switched off (``_C = None``) takes
# the decorated general path.
_NDARRAY = np.ndarray
_UINT8 = np.dtype(np.uint8)
_INT64 = np.dtype(np.int64)       # native byte order only (`is` tests identity)
_INT32 = np.dtype(np.int32)
# A list or tuple of ids becomes bytes through a packer of its length: on
# CPython 3.9-3.13 `Struct("7B").pack(*ids)` costs less than `bytes(ids)`
# and takes the same values (ints and __index__ objects 0..255, else
# struct.error).
_PACK5 = struct.Struct("5B").pack
_PACK6 = struct.Struct("6B").pack
_PACK7 = struct.Struct("7B").pack
#: True and False (Python's and numpy's) pack as ids 1 and 0 but are never cards
_BOOLS = frozenset({bool, np.bool_})
# One hand as a 1-D array of a native-endian integer dtype: its bytes go to
# C as they are, through the 5-, 6- or 7-id call of the dtype's width, which
# reads each id as unsigned (a negative one is out of range there too).
# Keyed by dtype: equal dtypes share an entry ('l' and 'q', say).  Seven ids
# as uint8, int64 (numpy's default) or int32 take the same calls before the
# lookup (`is` on the dtype costs less than a dict's hash).  Empty without
# the C core.
_ONE_DTYPE: dict[Any, tuple[Any, ...]] = {}
if EVAL_BY_WIDTH:
    for _t in (np.int8, np.uint8, np.int16, np.uint16, np.int32, np.uint32, np.int64, np.uint64):
        _ONE_DTYPE[np.dtype(_t)] = EVAL_BY_WIDTH[np.dtype(_t).itemsize]
#: What the one-hand C calls raise for input they cannot take (UnicodeEncodeError
#: too; DeprecationWarning: numpy 2.0 warns as it packs a np.bool_, an error
#: where warnings are errors): the general path says what is wrong.
_DECLINED = (struct.error, TypeError, ValueError, DeprecationWarning)


def one_array(a: Any) -> int:
    """Hold'em's strength of the 1-D integer array `a` (C only), or 0.

    0 for a size other than 5..7, an id outside 0..51, a repeated card or a
    dtype other than an integer's: the caller's general path says which.
    A native-endian integer dtype passes its bytes to C without a conversion
    (_ONE_DTYPE); other integer dtypes (another byte order) go as a list of
    ints.
    """
    dtype, n = a.dtype, len(a)
    if not 5 <= n <= 7:
        return 0
    calls = _ONE_DTYPE.get(dtype)
    strength: int = 0
    if calls is not None:
        strength = calls[n - 5](a.tobytes())
    elif dtype.kind in "iu":
        ids = a.tolist()
        ev5, ev6, ev7 = EVAL_BY_WIDTH[1]
        strength = (ev7(_PACK7(*ids)) if n == 7 else ev6(_PACK6(*ids)) if n == 6
                    else ev5(_PACK5(*ids)))
    return strength


_F = TypeVar("_F", bound=Callable[..., Any])
# What the two decorators below were given: the fast functions read them as
# globals, not as closure cells (a function with free variables costs a few
# ns more to call, measurable on this path).  Each decorator serves one function.
_HOLDEM_GENERAL: Any = None
# hold'em's general path once the fast one declines: any_hand(cards, tables(variant))


def _not_set(*args: Any) -> int:
    raise RuntimeError("internal error: one_hand_holdem_general was not called")


_HOLDEM_TABLES: Callable[[Any], Any] = _not_set   # set by one_hand_holdem_general
_HOLDEM_ANY: Callable[[Any, Any], int] = _not_set
_GAME_GENERAL: Any = None
_GAMES: frozenset[Any] = frozenset()


def one_hand_holdem(general: _F) -> _F:
    """Decorate hold'em's ``evaluate(cards, *, variant=None)`` with its C fast
    path: the common calls (5 to 7 ids as a list, tuple or 1-D integer array,
    text) answer here; anything else, and every call without the C core, goes
    to `general`, which says what is wrong.  The result keeps `general`'s name,
    module and docstring (``__wrapped__`` is `general`).  Decorates one function:
    games.holdem.evaluate."""
    global _HOLDEM_GENERAL
    if _HOLDEM_GENERAL is not None:
        raise RuntimeError("internal error: one_hand_holdem decorates one function")
    _HOLDEM_GENERAL = general

    def evaluate(cards: Any, *, variant: Any = None) -> int:
        if variant is None and _C is not None:
            # a few steps around one one-argument C call (0 for anything it
            # cannot rank); one_hand_game below has the same steps inline
            x: Any = cards     # typed Any: the type tests pick the branch
            kind = type(x)
            try:
                if kind is list or kind is tuple:
                    n = len(x)
                    raw = (_PACK7(*x) if n == 7 else _PACK6(*x) if n == 6
                           else _PACK5(*x) if n == 5 else b"")
                    strength: int = (EVAL7_HOLDEM(raw) if n == 7  # type: ignore[misc]
                                     else EVAL6_HOLDEM(raw) if n == 6  # type: ignore[misc]
                                     else EVAL5_HOLDEM(raw) if n == 5 else 0)  # type: ignore[misc]
                    if (1 in raw and type(x[raw.find(1)]) in _BOOLS
                            or 0 in raw and type(x[raw.find(0)]) in _BOOLS):
                        strength = 0       # True, False pack as 2d, 2c: refused by `general`
                elif kind is str:
                    # the C parser reads up to a NUL: text holding one goes on
                    strength = (EVAL_TEXT_HOLDEM(x.encode())  # type: ignore[misc]
                                if "\0" not in x else 0)
                elif kind is _NDARRAY:
                    # 7 ids as uint8, int64 or int32 inline, the rest in one_array
                    dtype = x.dtype
                    strength = (0 if x.ndim != 1 else EVAL7_HOLDEM(x.tobytes())  # type: ignore[misc]
                                if dtype is _UINT8 and len(x) == 7
                                else EVAL7_I64_HOLDEM(x.tobytes())  # type: ignore[misc]
                                if dtype is _INT64 and len(x) == 7
                                else EVAL7_I32_HOLDEM(x.tobytes())  # type: ignore[misc]
                                if dtype is _INT32 and len(x) == 7 else one_array(x))
                else:
                    strength = 0
            except _DECLINED:
                strength = 0
            if strength:
                return strength
        return _HOLDEM_ANY(cards, _HOLDEM_TABLES(variant))

    functools.update_wrapper(evaluate, general)
    return cast(_F, evaluate)


def one_hand_holdem_general(tables: Callable[[Any], Any],
                            any_hand: Callable[[Any, Any], int]) -> None:
    """What :func:`one_hand_holdem`'s function runs when its fast path declines:
    ``any_hand(cards, tables(variant))``, the decorated function's own body
    (set once its module has defined them; one Python call fewer than calling
    the decorated function)."""
    global _HOLDEM_TABLES, _HOLDEM_ANY
    _HOLDEM_TABLES, _HOLDEM_ANY = tables, any_hand


def one_hand_game(games: frozenset[Any]) -> Callable[[_F], _F]:
    """Decorate ``evaluate(cards, *, board=None, game="holdem", variant=None)``
    (any game) with hold'em's C fast path for one hand of a game in `games`
    without a board: the steps of :func:`one_hand_holdem` inline (a Python
    call more costs as much as any two of them); anything else, and every call
    without the C core, goes to the decorated function (``__wrapped__``).
    Decorates one function: operations.evaluate."""
    global _GAMES
    _GAMES = games

    def decorate(general: _F) -> _F:
        global _GAME_GENERAL
        if _GAME_GENERAL is not None:
            raise RuntimeError("internal error: one_hand_game decorates one function")
        _GAME_GENERAL = general

        def evaluate(cards: Any, *, board: Any = None, game: Any = "holdem",
                     variant: Any = None) -> Any:
            x: Any = cards     # typed Any: the type tests pick the branch
            kind = type(x)
            try:
                if board is None and variant is None and game in _GAMES and _C is not None:
                    if kind is list or kind is tuple:
                        n = len(x)
                        raw = (_PACK7(*x) if n == 7 else _PACK6(*x) if n == 6
                               else _PACK5(*x) if n == 5 else b"")
                        strength: int = (EVAL7_HOLDEM(raw) if n == 7  # type: ignore[misc]
                                         else EVAL6_HOLDEM(raw) if n == 6  # type: ignore[misc]
                                         else EVAL5_HOLDEM(raw)  # type: ignore[misc]
                                         if n == 5 else 0)
                        if (1 in raw and type(x[raw.find(1)]) in _BOOLS
                                or 0 in raw and type(x[raw.find(0)]) in _BOOLS):
                            strength = 0   # True, False pack as 2d, 2c: refused by `general`
                    elif kind is str:
                        # the C parser reads up to a NUL: text holding one goes on
                        strength = (EVAL_TEXT_HOLDEM(x.encode())  # type: ignore[misc]
                                    if "\0" not in x else 0)
                    elif kind is _NDARRAY:
                        # 7 ids as uint8, int64 or int32 inline, the rest in one_array
                        dtype = x.dtype
                        strength = (0 if x.ndim != 1
                                    else EVAL7_HOLDEM(x.tobytes())  # type: ignore[misc]
                                    if dtype is _UINT8 and len(x) == 7
                                    else EVAL7_I64_HOLDEM(x.tobytes())  # type: ignore[misc]
                                    if dtype is _INT64 and len(x) == 7
                                    else EVAL7_I32_HOLDEM(x.tobytes())  # type: ignore[misc]
                                    if dtype is _INT32 and len(x) == 7 else one_array(x))
                    else:
                        strength = 0
                    if strength:
                        return strength
            except _DECLINED:      # (an unhashable game too: `general` says what is wrong)
                pass
            return _GAME_GENERAL(cards, board=board, game=game, variant=variant)

        functools.update_wrapper(evaluate, general)
        return cast(_F, evaluate)

    return decorate


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


def badugi_classes() -> int:
    """The number of badugi strengths (HR_BADUGI_CLASSES; 1092)."""
    return int(_C.lib.HR_BADUGI_CLASSES) if _C is not None else 1092


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
            stub: np.ndarray, masks: list[int], size: int, wild: int | None = None
            ) -> tuple[np.ndarray, np.ndarray]:
    """hr_draw_vs: per hold the pairs of draws (ours, theirs) won and tied,
    each (holds,) int64; ``size`` is the scratch length (the largest draw
    count).  ``wild``: the hands ranked by wild game `wild` (0 deuces-wild,
    1 joker-draw, 2 california-lowball; `g` and `badugi` unused).  C core only."""
    core = _need_c("draw_odds")
    ffi, lib = core.ffi, core.lib
    kind = 2 + wild if wild is not None else 1 if badugi else 0
    if badugi and wild is None:
        badugi_prepare()
    a = np.empty(size, dtype=np.uint16)
    b = np.empty(size, dtype=np.uint16)
    holds = np.array(masks, dtype=np.uint32)
    win = np.zeros(len(masks), dtype=np.int64)
    tie = np.zeros(len(masks), dtype=np.int64)
    rc = lib.hr_draw_vs(ffi.NULL if g is None or wild is not None else g.ptr, kind,
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

def batch_kernel() -> int | None:
    """hr_batch_kernel: the number of the batch kernel hr_eval_batch runs on this
    CPU (0 generic, 1 SSE2, 2 AVX2, 3 AVX-512); None without the C core."""
    return None if _C is None else int(_C.lib.hr_batch_kernel())


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


# --- equity, analysis, dask, history ---
#
# Arrays are numpy arrays of the dtype each C parameter names (C-contiguous);
# a game is its tables (``GameTables``, whose ``ptr`` is the ``hr_game *``);
# ``cancel`` is the ``ptr`` of a :class:`handrank.core._run.Cancel` (the
# address of the flag the C loops poll) or None.  A C entry point that
# rejects its arguments is a bug in the caller: RuntimeError("internal
# error: ...").  Entry points marked "C only" have no fallback: their
# callers ask :func:`have_c` first and take another road without it.


def have_c() -> bool:
    """True when the C core serves the calls (read at each call: the tests
    switch the backend by setting ``_C`` to None)."""
    return _C is not None


_T = TypeVar("_T")


def on_backend(c: _T, python: _T) -> _T:
    """`c` when the C core serves the calls, else `python`: a size limit, a cost
    model or a word of a message that depends on how fast the backend is (the
    operations hold both values; the door says which applies, at each call)."""
    return c if have_c() else python


def runout_kernel(tables: GameTables, hilo: int) -> tuple[GameTables, int] | None:
    """(tables, hilo) for :func:`omaha_runout_strengths` when the C core ranks
    the runouts (csrc/omaha.c); None on the pure-Python backend, where the
    caller ranks them with the games' batch evaluators."""
    return (tables, hilo) if have_c() else None


def _c_const(name: str, header_value: int) -> int:
    """A constant of csrc's headers: the built core's, or the header's value without it."""
    return int(getattr(_C.lib, name)) if HAVE_C else header_value


#: Sums per hand pair of hr_pair_tally and per player of hr_tuple_tally (csrc/omaha_exact.h).
PAIR_SUMS: int = _c_const("HR_PAIR_SUMS", 7)
TUPLE_SUMS: int = _c_const("HR_TUPLE_SUMS", 5)
#: hr_exact_random's largest number of random and of known players (csrc/exact_random.h);
#: (0, 0) without the C core, which has no board-first enumeration.
XR_MAX_RANDOM: int = _c_const("HR_XR_MAX_RANDOM", 0)
XR_MAX_FIXED: int = _c_const("HR_XR_MAX_FIXED", 0)
#: Players and share unit of the boardless Monte Carlo (csrc/stud_mc.h).
BL_MAX_PLAYERS: int = _c_const("HR_BL_MAX_PLAYERS", 10)
BL_UNIT: int = _c_const("HR_BL_UNIT", 5040)
#: Players of hr_equity_exact (csrc/equity.h).
MAX_PLAYERS: int = _c_const("HR_MAX_PLAYERS", 10)
#: Columns of hr_phh_allin_pots' rows (csrc/history.h).
PHH_EV_WIDTH: int = _c_const("HR_PHH_EV_WIDTH", 0)
#: Columns per seat of hr_phh_stats' table (csrc/history.h).
PHH_STAT_COLS: int = _c_const("HR_PHH_STAT_COLS", 35)


def _buf(ctype: str, arr: Any) -> Any:
    return _C.ffi.from_buffer(ctype, arr)


def _out(ctype: str, arr: Any) -> Any:
    return _C.ffi.from_buffer(ctype, arr, require_writable=True)


def _flag(cancel: Any) -> Any:
    return _C.ffi.NULL if cancel is None else cancel


# ------------------------------------------------ runouts (csrc/matrix.c)


def combo_strengths(g: GameTables, board: np.ndarray, runs: np.ndarray, combos: np.ndarray
                    ) -> np.ndarray:
    """hr_combo_strengths: (runouts, combos) int16, each combo's strength on each
    runout (uint8 rows) after `board`, HR_NOT_DEALT where they clash."""
    n_r, k = runs.shape
    out = np.empty((n_r, len(combos)), dtype=np.int16)
    if _C is None:
        _fallback_runouts.combo_strengths(g, board, runs, combos, out)
        return out
    bad = _C.lib.hr_combo_strengths(
        g.ptr, _buf("uint8_t[]", board), len(board), _buf("uint8_t[]", runs), n_r, k,
        _buf("uint8_t[]", combos), len(combos), _out("int16_t[]", out))
    if bad != -1:
        raise RuntimeError(f"internal error: hr_combo_strengths rejected its input ({bad})")
    return out


def matrix_tally(rows: np.ndarray, cols: np.ndarray, win: np.ndarray, tie: np.ndarray) -> None:
    """hr_matrix_tally: add to win/tie (n, m) uint32 the runouts each row combo
    beats / ties each column combo, from (runouts, n) and (runouts, m) int16 strengths."""
    if _C is None:
        _fallback_runouts.matrix_tally(rows, cols, win, tie)
        return
    n, m = rows.shape[1], cols.shape[1]
    scratch = np.empty(2 * m, dtype=np.uint16)
    ok = _C.lib.hr_matrix_tally(
        _buf("int16_t[]", rows), n, _buf("int16_t[]", cols), m, len(rows), 0, n,
        _out("uint16_t[]", scratch), _out("uint32_t[]", win), _out("uint32_t[]", tie))
    if ok != 0:
        raise RuntimeError("internal error: hr_matrix_tally rejected its input")


def _combo_index(combos: np.ndarray) -> np.ndarray:
    hi = np.maximum(combos[:, 0], combos[:, 1]).astype(np.intp)
    lo = np.minimum(combos[:, 0], combos[:, 1]).astype(np.intp)
    out: np.ndarray = hi * (hi - 1) // 2 + lo
    return out


def range_tally(hero_s: np.ndarray, vil_s: np.ndarray, hero: np.ndarray, vil: np.ndarray,
                weights: np.ndarray, win: np.ndarray, tie: np.ndarray) -> None:
    """hr_range_tally: add to win/tie (n,) float64 the villain weight each hero
    combo beats / ties, runout by runout, counting villain combos apart from it."""
    if _C is None:
        _fallback_runouts.range_tally(hero_s, vil_s, hero, vil, weights, win, tie)
        return
    n_v = len(vil)
    index = np.full(1326, -1, dtype=np.int32)
    index[_combo_index(vil)] = np.arange(n_v, dtype=np.int32)
    twin = index[_combo_index(hero)]
    scratch = np.empty(5 * n_v + 285, dtype=np.int32)
    vscratch = np.empty(3 * n_v + 53, dtype=np.float64)
    ok = _C.lib.hr_range_tally(
        _buf("int16_t[]", hero_s), len(hero), _buf("int16_t[]", vil_s), n_v, len(hero_s),
        _buf("uint8_t[]", hero), _buf("uint8_t[]", vil), _buf("double[]", weights),
        _buf("int32_t[]", twin), _out("int32_t[]", scratch), _out("double[]", vscratch),
        _out("double[]", win), _out("double[]", tie))
    if ok != 0:
        raise RuntimeError("internal error: hr_range_tally rejected its input")


# ------------------------------------------ hold'em equity (csrc/equity.c)


def equity_exact(g: GameTables, n: int, combos: Any, weights: np.ndarray, offsets: np.ndarray,
                 board: Any, dead: Any, part: int, parts: int, out: np.ndarray,
                 cancel: Any = None) -> int:
    """hr_equity_exact (C only): add tuples part, part + parts, ... of the players'
    combos (uint8 pairs, float64 weights, int32 offsets) to `out` (3 n + 1 float64);
    the tuples taken.  `combos`, `board` and `dead` are uint8 arrays or bytes."""
    taken = int(_C.lib.hr_equity_exact(
        g.ptr, n, _buf("uint8_t[]", combos), _buf("double[]", weights),
        _buf("int32_t[]", offsets), _buf("uint8_t[]", board), len(board),
        _buf("uint8_t[]", dead), len(dead), part, parts, _out("double[]", out), _flag(cancel)))
    if taken < 0:
        raise RuntimeError("internal error: hr_equity_exact rejected its arguments")
    return taken


def holdem_exact(g: GameTables, combos: list[np.ndarray], weights: list[np.ndarray],
                 board: np.ndarray, dead: np.ndarray, *, nthreads: int,
                 plan: Callable[[], tuple[int, bool]], progress: Any = None,
                 flat: Callable[[], tuple[Any, np.ndarray, np.ndarray]],
                 first: Callable[[], tuple[np.ndarray, int] | None]
                 ) -> tuple[np.ndarray, int]:
    """Exact hold'em equity of the players' `combos` (weighted by `weights`):
    the (3 n + 1) sums (won alone, tied, pot share in ``SHARE_UNIT``, deals)
    and the deals.  The C core first tries the caller's ``first()`` (its
    shortcuts: the heads-up preflop table, the board-first plans against
    "random"), then runs hr_equity_exact on ``flat()`` (combos, weights,
    offsets) in ``plan()`` = (parts, inline) parts over `nthreads` threads
    (in this thread when inline), the parts' sums added in part order;
    without it numpy enumerates each tuple's boards
    (``core._fallback_equity.holdem_exact``).  `progress` sees the parts
    (numpy: the tuples)."""
    if not have_c():
        return _fallback_equity.holdem_exact(g, combos, weights, board, dead, progress)
    got = first()
    if got is not None:
        return got
    n = len(combos)
    flat_combos, flat_weights, offsets = flat()
    parts, inline = plan()
    nthreads = max(1, min(nthreads, parts))
    outs = np.zeros((parts, 3 * n + 1))
    tally = _run.Tally(progress, parts)
    tally.show()

    def part(t: int, cancel: _run.Cancel) -> int:
        taken = 0
        for j in range(t, parts, nthreads):
            taken += equity_exact(g, n, flat_combos, flat_weights, offsets, board, dead, j,
                                  parts, outs[j], cancel.ptr)
            tally.add(1)
        return taken

    taken = _run.run_tasks(part, nthreads, inline=inline, tally=tally)
    tally.finish()
    out = outs.sum(axis=0)
    left = int(g.in_deck[:52].sum()) - len(board) - len(dead) - 2 * n
    boards = _comb(left, _fallback_equity.BOARD_CARDS - len(board))
    return out, sum(taken) * boards


def equity_mc(g: GameTables, n: int, combos: np.ndarray, cum: np.ndarray, uniform: np.ndarray,
              offsets: np.ndarray, board: np.ndarray, dead: np.ndarray, trials: int,
              max_draws: int, seed: int, stream: int, out: np.ndarray,
              cancel: Any = None) -> int:
    """hr_equity_mc (C only): `trials` trials from stream (seed, stream), at most
    `max_draws` draws, added to `out` (4 n + 2 int64); the trials dealt."""
    rng = _C.ffi.new("hr_rng *")
    _C.lib.hr_rng_seed(rng, seed, stream)
    done = int(_C.lib.hr_equity_mc(
        g.ptr, n, _buf("uint8_t[]", combos), _buf("uint64_t[]", cum),
        _buf("uint8_t[]", uniform), _buf("int32_t[]", offsets), _buf("uint8_t[]", board),
        len(board), _buf("uint8_t[]", dead), len(dead), trials, max_draws, rng,
        _out("int64_t[]", out), _flag(cancel)))
    if done < 0:
        raise RuntimeError("internal error: hr_equity_mc rejected its arguments")
    return done


def equity_mc_streams(g: GameTables, n: int, combos: np.ndarray, cum: np.ndarray,
                      uniform: np.ndarray, offsets: np.ndarray, board: np.ndarray,
                      dead: np.ndarray, seed: int, first: int, lo: int, hi: int, todo: int,
                      stream_trials: int, out: np.ndarray, cancel: Any = None) -> int:
    """hr_equity_mc_streams (C only): streams first + lo .. first + hi - 1 of a
    round of `todo` trials, `stream_trials` a stream, added to `out` (4 n + 2
    int64); the trials dealt, or a negative code for rejected arguments."""
    return int(_C.lib.hr_equity_mc_streams(
        g.ptr, n, _buf("uint8_t[]", combos), _buf("uint64_t[]", cum),
        _buf("uint8_t[]", uniform), _buf("int32_t[]", offsets), _buf("uint8_t[]", board),
        len(board), _buf("uint8_t[]", dead), len(dead), seed, first, lo, hi, todo,
        stream_trials, _out("int64_t[]", out), _flag(cancel)))


# Monte Carlo trials per random stream: stream c of a seed deals the trials
# [c * MC_STREAM_TRIALS, (c + 1) * MC_STREAM_TRIALS), whatever `threads` is.
MC_STREAM_TRIALS = 25_000
# Streams per C call: each call is one return to Python (progress, the
# interpreter lock) per 400,000 trials rather than per stream, which let two
# threads lose 10-40% to each other (threads=2 1.18-1.58x threads=1 heads-up,
# against 1.69-1.73x with 400,000-trial calls, in one process on an Intel Xeon).
MC_STREAMS_PER_CALL = 16
#: Trials a thread takes at least; rounds of at most INLINE_TRIALS run on the caller's thread.
MIN_TRIALS_PER_THREAD = 50_000
INLINE_TRIALS = 200_000


def mc_arrays(combos_by_player: list[np.ndarray], weights: list[np.ndarray], deal: list[bool]
              ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """hr_equity_mc's combos, cumulative weights, uniform flags and offsets of the
    players' combos and weights (none for a player dealt from the deck)."""
    n = len(combos_by_player)
    combos_l, cum_l, uniform = [], [], np.zeros(n, dtype=np.uint8)
    for p in range(n):
        if deal[p]:
            combos_l.append(np.zeros((0, 2), dtype=np.uint8))
            cum_l.append(np.zeros(0, dtype=np.uint64))
            continue
        w = weights[p]
        combos_l.append(combos_by_player[p])
        if np.all(w == w[0]):
            uniform[p] = 1
        c = np.cumsum(w)
        scaled = np.floor(c / c[-1] * 2.0**32).astype(np.uint64)
        scaled[-1] = np.uint64(1 << 32)
        cum_l.append(scaled)
    combos = np.ascontiguousarray(np.concatenate(combos_l), dtype=np.uint8)
    cum = np.ascontiguousarray(np.concatenate(cum_l), dtype=np.uint64)
    offsets = np.zeros(n + 1, dtype=np.int32)
    offsets[1:] = np.cumsum([len(c) for c in combos_l])
    return combos, cum, uniform, offsets


def holdem_mc(g: GameTables, combos: list[np.ndarray], weights: list[np.ndarray],
              deal: list[bool], board: np.ndarray, dead: np.ndarray, cap: int,
              chunk_size: int, target: float | None, seed: int, nthreads: int,
              progress: Any = None) -> np.ndarray:
    """Hold'em Monte Carlo: the tallies (4 n + 2 int64: wins, ties, shares, squared
    shares per player, trials, draws) of `cap` trials, or fewer once every
    standard error is below `target` (checked every `chunk_size` trials).

    Players are their combos and weights (a range, or one exact hand); a player
    with `deal` set is dealt from the deck.  The C core deals seeded streams
    (hr_equity_mc_streams: the same counts on any number of threads); without
    it ``core._fallback_equity.holdem_mc`` deals with numpy from `seed`.  Raises
    InvalidRangeError when the ranges (nearly) always clash.
    """
    tally = _run.Tally(progress, cap)
    tally.show()
    if not have_c():
        total = _fallback_equity.holdem_mc(g, combos, weights, deal, board, dead, cap,
                                           chunk_size, target, seed, tally)
    else:
        total = _holdem_mc_c(g, combos, weights, deal, board, dead, cap, chunk_size, target,
                             seed, nthreads, tally)
    tally.finish(int(total[4 * len(combos)]))
    return total


def _holdem_mc_c(g: GameTables, combos_by_player: list[np.ndarray], weights: list[np.ndarray],
                 deal: list[bool], board: np.ndarray, dead: np.ndarray, cap: int,
                 chunk_size: int, target: float | None, seed: int, nthreads: int,
                 tally: Any) -> np.ndarray:
    n = len(combos_by_player)
    combos, cum, uniform, offsets = mc_arrays(combos_by_player, weights, deal)
    args = (g, n, combos, cum, uniform, offsets, board, dead)
    total = np.zeros(4 * n + 2, dtype=np.int64)
    first = 0                # the first stream of this round
    while total[4 * n] < cap:
        todo = int(min(chunk_size, cap - total[4 * n]))
        # Stream first + c deals the trials [c * MC_STREAM_TRIALS, ...) of the
        # round; each thread takes a run of whole streams, so the counts (integer
        # sums) are the same for any number of threads.
        streams = -(-todo // MC_STREAM_TRIALS)
        k = max(1, min(nthreads, todo // MIN_TRIALS_PER_THREAD, streams))
        outs = np.zeros((k, 4 * n + 2), dtype=np.int64)

        def part(t: int, cancel: _run.Cancel, todo: int = todo, k: int = k,
                 streams: int = streams, outs: np.ndarray = outs,
                 first: int = first) -> int:
            done = 0
            lo, hi = streams * t // k, streams * (t + 1) // k
            # MC_STREAMS_PER_CALL streams a C call (hr_equity_mc_streams seeds
            # each as stream first + c, as one call per stream would).
            for c in range(lo, hi, MC_STREAMS_PER_CALL):
                end = min(hi, c + MC_STREAMS_PER_CALL)
                given = min(end * MC_STREAM_TRIALS, todo) - c * MC_STREAM_TRIALS
                got = equity_mc_streams(*args, seed, first, c, end, todo,
                                        MC_STREAM_TRIALS, outs[t], cancel.ptr)
                if got < 0:
                    return got
                done += got
                tally.add(got)
                if got < given:      # clashing ranges, or cancelled
                    break
            return done

        done = _run.run_tasks(part, k, inline=todo <= INLINE_TRIALS, tally=tally)
        if min(done) < 0:
            raise RuntimeError("internal error: hr_equity_mc rejected its arguments")
        total += outs.sum(axis=0)
        first += streams
        if sum(done) < todo:
            if total[4 * n] == 0:
                raise InvalidRangeError("the players' ranges always clash: no deal is possible")
            raise InvalidRangeError("the players' ranges clash in almost every deal")
        if target is not None and _fallback_equity.holdem_stderr(total, n).max() < target:
            break
    return total


def exact_random(g: GameTables, fixed: np.ndarray, n_fixed: int, n_random: int,
                 board: np.ndarray, deck: np.ndarray, perms: np.ndarray, part: int, parts: int,
                 out: np.ndarray, cancel: Any = None) -> int:
    """hr_exact_random (C only): completions part, part + parts, ... of known hands
    against random ones, counted into `out` (int64); the completions taken."""
    if _C is None:
        raise RuntimeError("internal error: the board-first enumeration needs the C core")
    taken = int(_C.lib.hr_exact_random(
        g.ptr, n_fixed, _buf("uint8_t[]", fixed), n_random, _buf("uint8_t[]", board),
        len(board), _buf("uint8_t[]", deck), len(deck), _buf("uint8_t[]", perms),
        len(perms) // 4, part, parts, _out("int64_t[]", out), _flag(cancel)))
    if taken < 0:
        raise RuntimeError("internal error: hr_exact_random rejected its arguments")
    return taken


def equity_patterns(g: GameTables, key: Any, out: np.ndarray) -> bool:
    """hr_equity_patterns (C only): the suit-pattern counts of hole ranks `key`
    into `out` (left zero when five of the cards share a rank: no deal); False,
    and nothing counted, on the pure-Python backend."""
    if not have_c():
        return False
    if max(np.bincount(np.asarray(key, dtype=np.intp))) > 4:
        return True
    ranks = np.array(key, dtype=np.uint8)
    if _C.lib.hr_equity_patterns(g.ptr, len(key) // 2, _buf("uint8_t[]", ranks),
                                 _out("int64_t[]", out)) != 0:
        raise RuntimeError(f"internal error: hr_equity_patterns rejected ranks {key!r}")
    return True


def hu_preflop_counts(table: Callable[[], tuple[np.ndarray, np.ndarray] | None], a: Any, b: Any
                      ) -> tuple[int, int, int] | None:
    """hr_hu_preflop_counts: (a wins, b wins, ties) of two disjoint hold'em hands
    from the class table (keys, counts) `table()` loads; None without the C core
    (the table is not loaded then) or the table, or when the table has no entry."""
    if not have_c():
        return None
    keys = table()
    if keys is None or not len(keys[0]):
        return None
    table_k, table_c = keys
    out = _C.ffi.new("int64_t[3]")
    if not _C.lib.hr_hu_preflop_counts(_buf("uint32_t[]", table_k),
                                       _buf("uint32_t[]", table_c), len(table_k),
                                       bytes(a), bytes(b), out):
        return None
    return int(out[0]), int(out[1]), int(out[2])


# ------------------------------------- Omaha equity (csrc/omaha_*.c)


def alias_build(weights: np.ndarray, prob: np.ndarray, alias: np.ndarray) -> None:
    """hr_alias_build (C only): the alias table of float64 `weights` into `prob`
    (uint64) and `alias` (int32), views of the caller's arrays."""
    work = np.empty(len(weights), dtype=np.int32)
    if _C.lib.hr_alias_build(_buf("double[]", weights), len(weights), _out("uint64_t[]", prob),
                             _out("int32_t[]", alias), _out("int32_t[]", work)):
        raise RuntimeError("internal error: hr_alias_build refused the weights")


def omaha_mc(g: GameTables, hilo: int, n: int, h: int, hands: np.ndarray, prob: np.ndarray,
             alias: np.ndarray, uniform: np.ndarray, offsets: np.ndarray, board: np.ndarray,
             dead: np.ndarray, seed: int, stream: int, trials: int, attempts: int,
             out: np.ndarray, cancel: Any = None) -> int:
    """hr_omaha_mc (C only): `trials` trials of stream (seed, stream), at most
    `attempts` draws, added to `out` (int64); the trials dealt, or a negative
    code for rejected arguments."""
    rng = _C.ffi.new("hr_rng *")
    _C.lib.hr_rng_seed(rng, seed, stream)
    return int(_C.lib.hr_omaha_mc(
        g.ptr, hilo, n, h, _buf("uint8_t[]", hands), _buf("uint64_t[]", prob),
        _buf("int32_t[]", alias), _buf("uint8_t[]", uniform), _buf("int32_t[]", offsets),
        _buf("uint8_t[]", board), len(board), _buf("uint8_t[]", dead), len(dead), trials,
        attempts, rng, _out("int64_t[]", out), _flag(cancel)))


def omaha_exact_prep(g: GameTables, n: int, h: int, hands: np.ndarray, cards: np.ndarray,
                     scratch: np.ndarray) -> None:
    """hr_omaha_exact_prep (C only): each hand's best per triple of `cards` into
    `scratch` (n * len(cards) ** 3 int16)."""
    if _C.lib.hr_omaha_exact_prep(g.ptr, n, h, _buf("uint8_t[]", hands),
                                  _buf("uint8_t[]", cards), len(cards),
                                  _out("int16_t[]", scratch)):
        raise RuntimeError("internal error: hr_omaha_exact_prep rejected its arguments")


def omaha_exact_run(n: int, nc: int, nb: int, scratch: np.ndarray, part: int, parts: int,
                    out: np.ndarray, cancel: Any = None) -> int:
    """hr_omaha_exact_run (C only): boards part of parts from the prepared
    `scratch`, added to `out` (3 n + 1 int64); the boards, or a negative code."""
    return int(_C.lib.hr_omaha_exact_run(n, nc, nb, _out("int16_t[]", scratch), part, parts,
                                         _out("int64_t[]", out), _flag(cancel)))


#: The share unit of the equity kernels (HR_SHARE_UNIT).
SHARE_UNIT = _fallback_equity.SHARE_UNIT


def omaha_exact(g: GameTables, holes: list[list[int]], board: list[int], deck: np.ndarray,
                nthreads: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, int]:
    """Exact equity of exact Omaha hands (one size, 4 to 6 cards) over every
    completion of `board` from `deck`: (win, tie, equity) per player and the
    boards.  The C core takes each hand's best per board triple
    (hr_omaha_exact_prep, then hr_omaha_exact_run on `nthreads` threads);
    without it every board is ranked by :func:`eval_omaha_batch`
    (``core._fallback_equity.omaha_exact``)."""
    if not have_c():
        def evaluate(hs: np.ndarray, bs: np.ndarray, out: np.ndarray) -> None:
            if eval_omaha_batch(g, hs, bs, out, nthreads) >= 0:
                raise RuntimeError("internal error: a bad deal in the exact enumeration")

        return _fallback_equity.omaha_exact(evaluate, holes, np.array(board, dtype=np.uint8),
                                            deck)
    n, h = len(holes), len(holes[0])
    cards_arr = np.ascontiguousarray(np.concatenate([np.array(board, dtype=np.uint8),
                                                     deck.astype(np.uint8)]), dtype=np.uint8)
    nc = len(cards_arr)
    hands = np.ascontiguousarray(np.array(holes, dtype=np.uint8).reshape(-1))
    scratch = np.empty(n * nc ** 3, dtype=np.int16)
    omaha_exact_prep(g, n, h, hands, cards_arr, scratch)
    boards = _comb(nc - len(board), 5 - len(board))
    k = max(1, min(nthreads, boards // 200_000))
    outs = np.zeros((k, 3 * n + 1), dtype=np.int64)

    def part(t: int, cancel: Any) -> int:
        return omaha_exact_run(n, nc, len(board), scratch, t, k, outs[t], cancel.ptr)

    got = _run.run_tasks(part, k, inline=boards <= 200_000)
    if min(got) < 0:
        raise RuntimeError("internal error: hr_omaha_exact_run rejected its arguments")
    out = outs.sum(axis=0)
    if int(out[3 * n]) != boards:
        raise RuntimeError("internal error: hr_omaha_exact_run missed boards")
    return out[:n] / boards, out[n:2 * n] / boards, out[2 * n:3 * n] / (SHARE_UNIT * boards), \
        boards


def omaha_exact_shares(g: GameTables, holes: list[list[int]], board: list[int],
                       deck: list[int]) -> tuple[list[int], int] | None:
    """Each exact Omaha hand's pot shares over every completion of `board` from
    `deck` (hands of one size, 4 to 6 cards; at most :data:`MAX_PLAYERS`), as whole
    numbers in ``1 / SHARE_UNIT`` of a pot (a tie of k hands gives each
    ``SHARE_UNIT / k``), and the boards: hr_omaha_exact_prep and hr_omaha_exact_run
    on the calling thread.  None without the C core or its tables (the caller
    enumerates the boards itself)."""
    n = len(holes)
    if not have_c() or g.ptr is None or not 2 <= n <= MAX_PLAYERS:
        return None
    cards_arr = np.ascontiguousarray(np.array(list(board) + list(deck), dtype=np.uint8))
    nc = len(cards_arr)
    hands = np.ascontiguousarray(np.array(holes, dtype=np.uint8).reshape(-1))
    scratch = np.empty(n * nc ** 3, dtype=np.int16)
    omaha_exact_prep(g, n, len(holes[0]), hands, cards_arr, scratch)
    out = np.zeros(3 * n + 1, dtype=np.int64)
    got = omaha_exact_run(n, nc, len(board), scratch, 0, 1, out)
    boards = _comb(nc - len(board), 5 - len(board))
    if got < 0 or int(out[3 * n]) != boards:
        raise RuntimeError("internal error: hr_omaha_exact_run missed boards")
    return [int(x) for x in out[2 * n:3 * n]], boards


#: The largest stub of hr_stud_three_exact (csrc/stud_exact.h); 0 without the C core.
STUD3_MAX_STUB: int = _c_const("HR_STUD3_MAX_STUB", 0)


def stud_three_shares(n_stub: int, values: np.ndarray, allowed: np.ndarray, mine: np.ndarray,
                      unit: int) -> list[int] | None:
    """hr_stud_three_exact: three seats that each lack three cards from a stub of
    `n_stub` cards; ``values[s, t]`` (0..65535, larger better) is seat s's strength
    with the t-th 3-subset of the stub positions in colex order (``{p < q < r}`` is
    number ``p + C(q, 2) + C(r, 3)``).  Each seat's pot shares (``unit`` whole,
    ties split evenly) summed over every ordered triple of pairwise disjoint
    completions, each allowed to its seat (``allowed``), seat i's own counted
    only where ``mine[i, t]``.  None without the C core or beyond its stub."""
    if not have_c() or not 9 <= n_stub <= STUD3_MAX_STUB:
        return None
    n = n_stub * (n_stub - 1) * (n_stub - 2) // 6
    v = np.ascontiguousarray(values, dtype=np.int32)
    a = np.ascontiguousarray(allowed, dtype=np.uint8)
    m = np.ascontiguousarray(mine, dtype=np.uint8)
    if v.shape != (3, n) or a.shape != (3, n) or m.shape != (3, n):
        raise ValueError(f"stud_three_shares: arrays of shape (3, {n}) expected")
    scratch = np.empty(int(_C.lib.hr_stud_three_scratch(n_stub)), dtype=np.int64)
    out = np.zeros(3, dtype=np.int64)
    got = _C.lib.hr_stud_three_exact(n_stub, _buf("int32_t[]", v), _buf("uint8_t[]", a),
                                     _buf("uint8_t[]", m), unit, _out("int64_t[]", scratch),
                                     _out("int64_t[]", out), _C.ffi.NULL)
    if got != 0:
        raise RuntimeError(f"internal error: hr_stud_three_exact rejected its input ({got})")
    return [int(x) for x in out]


#: Sums per player of hr_omaha_exact_hilo_run (csrc/omaha_exact.h).
OMAHA_HILO_SUMS: int = _c_const("HR_OMAHA_HILO_SUMS", 3)


def omaha_exact_hilo_shares(g: GameTables, holes: list[list[int]], board: list[int],
                            deck: list[int]) -> tuple[list[int], int] | None:
    """Each exact Omaha hi-lo (eight or better) hand's pot shares over every
    completion of `board` from `deck` (hands of one size, 4 to 6 cards; at most
    :data:`MAX_PLAYERS`; `g` the 52-card high tables), as whole numbers in
    ``1 / (2 SHARE_UNIT)`` of a pot: each half split evenly among its best
    hands, the low half to the high where no hand has a low.  And the boards.
    hr_omaha_exact_prep and hr_omaha_exact_hilo_run on the calling thread.
    None without the C core or its tables (the caller enumerates the boards
    itself)."""
    n = len(holes)
    if not have_c() or g.ptr is None or not 2 <= n <= MAX_PLAYERS:
        return None
    h = len(holes[0])
    cards_arr = np.ascontiguousarray(np.array(list(board) + list(deck), dtype=np.uint8))
    nc = len(cards_arr)
    hands = np.ascontiguousarray(np.array(holes, dtype=np.uint8).reshape(-1))
    scratch = np.empty(n * nc ** 3, dtype=np.int16)
    omaha_exact_prep(g, n, h, hands, cards_arr, scratch)
    out = np.zeros(OMAHA_HILO_SUMS * n + 2, dtype=np.int64)
    got = int(_C.lib.hr_omaha_exact_hilo_run(
        n, h, _buf("uint8_t[]", hands), _buf("uint8_t[]", cards_arr), nc, len(board),
        _buf("int16_t[]", scratch), 0, 1, _out("int64_t[]", out), _C.ffi.NULL))
    boards = _comb(nc - len(board), 5 - len(board))
    if got != boards or int(out[OMAHA_HILO_SUMS * n]) != boards \
            or int(out[:n].sum()) != 2 * SHARE_UNIT * boards:
        raise RuntimeError("internal error: hr_omaha_exact_hilo_run missed boards")
    return [int(x) for x in out[:n]], boards


# The Omaha sampler's streams (csrc/omaha_mc.c), as hold'em's: stream c of a seed
# deals the trials [c * MC_STREAM_TRIALS, (c + 1) * ...) of a round, whatever
# `threads` is, so a seed gives the same counts on any number of threads.
OMAHA_ROUND_TRIALS = 40_000 * MC_STREAM_TRIALS   # keeps each round's int64 sums exact
_OMAHA_MAX_ATTEMPTS = 1 << 62
#: hr_omaha_mc's sums per player (HR_OMAHA_MC_SUMS).
OMAHA_MC_SUMS = 8
#: Draws per wanted trial before a sampler gives up on ranges that clash, and
#: the draws tried before it decides that no deal exists.
MAX_DRAWS_FACTOR = _fallback_equity.MAX_DRAWS_FACTOR
MIN_DRAWS = _fallback_equity.MIN_DRAWS


def omaha_sample(g: GameTables, hilo: bool, players: list[tuple[np.ndarray, np.ndarray | None]],
                 board: Any, dead: Any, cap: int, target: float | None, seed: int,
                 nthreads: int, convert: Callable[[np.ndarray], np.ndarray],
                 stderr: Callable[[np.ndarray, int], np.ndarray]) -> tuple[np.ndarray, int]:
    """hr_omaha_mc (C only): Monte Carlo of Omaha and Omaha hi-lo equity, `cap`
    trials or fewer once ``stderr`` of the converted sums is below `target`.

    `players` are (hands (k, h), weights or None) per player: one hand is
    exact, none is "random", more is a range drawn by weight (alias table),
    a trial whose hands clash rejected whole.  Returns (``convert(sums)``,
    trials) where sums is the (8, n) array of the kernel's integer sums
    (csrc/omaha_mc.h).  Raises InvalidRangeError when the ranges (nearly)
    always clash.
    """
    n = len(players)
    h = players[0][0].shape[1]
    hands = np.ascontiguousarray(np.concatenate([p[0] for p in players]), dtype=np.uint8)
    offsets = np.zeros(n + 1, dtype=np.int32)
    offsets[1:] = np.cumsum([len(p[0]) for p in players])
    total_rows = max(int(offsets[-1]), 1)
    prob = np.zeros(total_rows, dtype=np.uint64)
    alias = np.zeros(total_rows, dtype=np.int32)
    uniform = np.ones(n, dtype=np.uint8)
    for p, (hs, w) in enumerate(players):
        if w is None or len(hs) < 2:
            continue
        uniform[p] = 0
        lo, hi = int(offsets[p]), int(offsets[p + 1])
        alias_build(np.ascontiguousarray(w, dtype=np.float64), prob[lo:hi], alias[lo:hi])
    b = np.ascontiguousarray(board, dtype=np.uint8).reshape(-1)
    d = np.ascontiguousarray(dead, dtype=np.uint8).reshape(-1)
    args = (g, int(hilo), n, h, hands, prob, alias, uniform, offsets, b, d)
    round_size = _fallback_equity.OMAHA_TARGET_CHUNK if target else OMAHA_ROUND_TRIALS
    sums = OMAHA_MC_SUMS
    width = sums * n + 2
    total = np.zeros(width, dtype=object)         # Python ints: exact at any length
    first = 0                                     # the first stream of this round
    while total[sums * n] < cap:
        todo = int(min(round_size, cap - total[sums * n]))
        streams = -(-todo // MC_STREAM_TRIALS)
        k = max(1, min(nthreads, todo // MIN_TRIALS_PER_THREAD, streams))
        outs = np.zeros((k, width), dtype=np.int64)

        def part(t: int, cancel: Any, todo: int = todo, k: int = k, streams: int = streams,
                 outs: np.ndarray = outs, first: int = first) -> int:
            done = 0
            for c in range(streams * t // k, streams * (t + 1) // k):
                share = min(MC_STREAM_TRIALS, todo - c * MC_STREAM_TRIALS)
                attempts = min(max(MAX_DRAWS_FACTOR * share, MIN_DRAWS), _OMAHA_MAX_ATTEMPTS)
                got = omaha_mc(*args, seed, first + c, share, attempts, outs[t], cancel.ptr)
                if got < 0:
                    return got
                done += got
                if got < share:      # clashing ranges, or cancelled
                    break
            return done

        done = _run.run_tasks(part, k, inline=todo <= INLINE_TRIALS)
        if min(done) < 0:
            raise RuntimeError("internal error: hr_omaha_mc rejected its arguments")
        for row in outs:
            total += row.astype(object)
        first += streams
        if sum(done) < todo:
            if total[sums * n] == 0:
                raise InvalidRangeError(f"no deal found in {int(total[sums * n + 1]):,} draws: "
                                        "the ranges collide with each other (or leave no "
                                        "deal at all)")
            raise InvalidRangeError("the players' ranges clash in almost every deal")
        acc = int(total[sums * n])
        if target is not None and acc >= 2 and \
                stderr(convert(total[:sums * n].reshape(sums, n)), acc).max() < target:
            break
    acc = int(total[sums * n])
    return convert(total[:sums * n].reshape(sums, n)), acc


def omaha_hands_mc(g: GameTables, hilo: bool, holes: list[np.ndarray], board: np.ndarray,
                   dead: np.ndarray, deck: np.ndarray, cap: int, target: float | None,
                   seed: int, nthreads: int, convert: Callable[[np.ndarray], np.ndarray],
                   tally: Callable[[np.ndarray], np.ndarray],
                   stderr: Callable[[np.ndarray, int], np.ndarray]) -> tuple[np.ndarray, int]:
    """Monte Carlo of exact Omaha hands (hi-lo when `hilo`) over the runouts of
    `board`: (sums, trials), `cap` trials or fewer once ``stderr(sums, trials)``
    is below `target`.  The C core samples seeded streams (:func:`omaha_sample`;
    its integer sums through `convert`); without it numpy deals the missing
    cards from `deck` (``core._fallback_equity.sample_boards``, seeded by
    `seed`) and adds ``tally(boards)``, the caller's sums of the boards."""
    if not have_c():
        return _fallback_equity.sample_boards(board, deck, 5 - len(board), cap, target, seed,
                                              tally, stderr)
    return omaha_sample(g, hilo, [(np.asarray(h, dtype=np.uint8)[None, :], None)
                                  for h in holes], board, dead, cap, target, seed, nthreads,
                        convert, stderr)


def omaha_ranges_mc(g: GameTables, hilo: bool,
                    players: list[tuple[np.ndarray, np.ndarray | None]], dead: np.ndarray,
                    hands: list[np.ndarray], weights: list[np.ndarray], board: np.ndarray,
                    m: int, blocked: np.ndarray, cap: int, target: float | None, seed: int,
                    nthreads: int, convert: Callable[[np.ndarray], np.ndarray],
                    tally: Callable[[list[np.ndarray], np.ndarray], np.ndarray],
                    stderr: Callable[[np.ndarray, int], np.ndarray]) -> tuple[np.ndarray, int]:
    """Monte Carlo of Omaha ranges (hi-lo when `hilo`): (sums, trials), `cap`
    trials or fewer once ``stderr(sums, trials)`` is below `target`.  The C core
    samples `players` (:func:`omaha_sample`: each range as its hands and weights,
    or none for "random"; its integer sums through `convert`); without it numpy
    draws from each range's `hands` by its `weights`, and `m` board cards, with
    the `blocked` cards out (``core._fallback_equity.sample_ranges``) and adds ``tally(hands,
    boards)``.  Raises InvalidRangeError when the ranges (nearly) always clash."""
    if not have_c():
        return _fallback_equity.sample_ranges(hands, weights, board, m, blocked, cap, target,
                                              seed, tally, stderr)
    return omaha_sample(g, hilo, players, board, dead, cap, target, seed, nthreads, convert,
                        stderr)


#: (tables, hilo) of :func:`omaha_runout_strengths`: the C core's Omaha kernel of a game.
RunoutKernel = tuple[GameTables, int]
#: The game's own ranking of runouts: (hands (h, k) uint8, runouts (r, m) uint8) ->
#: (r, h, 2) uint16 (high, low) strengths, used where no C kernel ranks the game.
RunoutRanking = Callable[[np.ndarray, np.ndarray], np.ndarray]
#: What a job over its size limit raises: the caller's error, made from the detail.
TooLarge = Callable[[str], Exception]

#: Strength cells ((runouts x hands) uint16 pairs) computed per pass of pair_counts.
PAIR_CHUNK_CELLS = 1 << 23
_MIN_ROWS_PER_THREAD = 64


def card_masks(h: np.ndarray) -> np.ndarray:
    """A 64-bit card mask per row of card ids (uint64, contiguous)."""
    bits = np.left_shift(np.uint64(1), h.astype(np.uint64))
    return np.ascontiguousarray(np.bitwise_or.reduce(bits, axis=1), dtype=np.uint64)


def omaha_strengths(kernel: RunoutKernel, hands: np.ndarray, board: np.ndarray,
                    runs: np.ndarray) -> np.ndarray:
    """(runouts, hands, 2) uint16 (C only): each hand's (high, low) on each runout of
    `board` by the Omaha kernel `kernel` (:func:`runout_kernel`), 0 where they clash."""
    tables, hilo = kernel
    hs = np.ascontiguousarray(hands, dtype=np.uint8)
    rs = np.ascontiguousarray(runs, dtype=np.uint8)
    b = np.ascontiguousarray(board, dtype=np.uint8)
    out = np.empty((len(rs), len(hs), 2), dtype=np.uint16)
    if not len(rs) or not len(hs):
        return out
    omaha_runout_strengths(tables, hilo, hs, b, rs, out)
    return out


def _runout_ranker(kernel: RunoutKernel | None, board: np.ndarray, rank: RunoutRanking
                   ) -> RunoutRanking:
    """(hands, runs) -> (runouts, hands, 2): the Omaha kernel where it ranks the game
    (`kernel` not None), else the game's own ranking `rank`."""
    if kernel is not None:
        return lambda hands, runs: omaha_strengths(kernel, hands, board, runs)
    return rank


def pair_counts(strengths: RunoutRanking, h0: np.ndarray, h1: np.ndarray, runs: np.ndarray,
                halves: int, nthreads: int = 1) -> np.ndarray:
    """(c0, c1, HR_PAIR_SUMS) int32 counts of every hand pair over the runouts (C only).

    `strengths(hands, runs)` gives (runouts, hands, 2) strengths (high 0
    where a hand clashes with the runout); the runouts are taken in passes
    of about ``PAIR_CHUNK_CELLS`` strengths.  Sums as in csrc/omaha_exact.h:
    dealt runouts, player 0's pot quarters, whole pots, parts, high-half
    halves, low-half halves, runouts with a low.  `halves` is 1 when every
    low is 0 (a game of one half), else 2.  Pairs that share a card get
    counts too: the caller drops them.
    """
    if len(h0) > len(h1):
        # the longer list in the inner loop; player 0's counts from player 1's
        # (heads-up, every share is the other player's complement)
        a = pair_counts(strengths, h1, h0, runs, halves, nthreads).transpose(1, 0, 2)
        out = np.empty_like(a)
        dealt, has_low = a[..., 0], a[..., 6]
        out[..., 0] = dealt
        out[..., 1] = 4 * dealt - a[..., 1]
        out[..., 2] = dealt - a[..., 2] - a[..., 3]
        out[..., 3] = a[..., 3]
        out[..., 4] = 2 * dealt - a[..., 4]
        out[..., 5] = 2 * has_low - a[..., 5]
        out[..., 6] = has_low
        return out
    c0, c1, r = len(h0), len(h1), len(runs)
    acc = np.zeros((c0, PAIR_SUMS, c1), dtype=np.int32)
    m0, m1 = card_masks(h0), card_masks(h1)
    step = max(1, PAIR_CHUNK_CELLS // max(1, c0 + c1))
    k = max(1, min(nthreads, c0 // _MIN_ROWS_PER_THREAD))
    for lo in range(0, r, step):
        part = runs[lo:lo + step]
        s0 = np.ascontiguousarray(strengths(h0, part), dtype=np.uint16)
        s1 = np.ascontiguousarray(strengths(h1, part), dtype=np.uint16)
        n_part = len(part)

        def task(t: int, cancel: Any, s0: np.ndarray = s0, s1: np.ndarray = s1,
                 n_part: int = n_part) -> int:
            return pair_tally(s0, s1, m0, m1, n_part, halves, c0 * t // k,
                              c0 * (t + 1) // k, acc, cancel.ptr)

        got = _run.run_tasks(task, k, inline=True)
        if min(got) < 0:
            raise RuntimeError("internal error: hr_pair_tally rejected its arguments")
    return acc.transpose(0, 2, 1)


def tuple_sums(s: np.ndarray, offsets: list[int], masks: np.ndarray, weights: np.ndarray,
               mean: bool, nthreads: int = 1) -> tuple[np.ndarray, float, int]:
    """Weighted sums over every tuple of hands that share no card (hr_tuple_tally; C only).

    `s` is (runouts, hands, 2) with every player's hands side by side
    (player p's in columns ``offsets[p]:offsets[p + 1]``), `masks` and
    `weights` per column.  Returns ((HR_TUPLE_SUMS, n) sums, the total
    weight, the (tuple, runout) deals); the sums are added per player-0
    hand and then in that order, so the result does not depend on
    `nthreads`.
    """
    n = len(offsets) - 1
    ks = TUPLE_SUMS
    c0 = offsets[1]
    rows = np.zeros((c0, ks * n + 1), dtype=np.float64)
    deals = np.zeros((max(1, nthreads), 1), dtype=np.int64)
    sc = np.ascontiguousarray(s, dtype=np.uint16)
    off = np.ascontiguousarray(offsets, dtype=np.int32)
    mk = np.ascontiguousarray(masks, dtype=np.uint64)
    wt = np.ascontiguousarray(weights, dtype=np.float64)
    k = max(1, min(nthreads, c0))

    def task(t: int, cancel: Any) -> int:
        return tuple_tally(n, sc, off, mk, wt, mean, c0 * t // k, c0 * (t + 1) // k,
                           rows, deals[t], cancel.ptr)

    got = _run.run_tasks(task, k, inline=k == 1)
    if min(got) < 0:
        raise RuntimeError("internal error: hr_tuple_tally rejected its arguments")
    total = rows.sum(axis=0)
    return total[:ks * n].reshape(ks, n), float(total[ks * n]), int(deals.sum())


def runouts_exact(kernel: RunoutKernel | None, rank: Callable[[np.ndarray], np.ndarray],
                  hands: np.ndarray, board: np.ndarray, deck: np.ndarray, idx: np.ndarray,
                  tally: Callable[[np.ndarray], np.ndarray], nthreads: int = 1) -> np.ndarray:
    """The (6, players) sums of exact hands over every runout of `board` (the cards
    ``deck[idx]``), in the rows of ``tally``: pot shares, their squares (0 here),
    high-half shares, low-half shares, scoops, parts.

    `hands` is (players, k) uint8.  The C core ranks each hand on each runout
    once, by the Omaha kernel `kernel` or else by the game's ``rank(boards)``
    ((players, boards, 2) strengths of whole boards, ``CHUNK`` runouts at a
    time), and sums one tuple (csrc/omaha_exact.c) in integer units (heads-up
    the same bits as numpy's sums).  Without it numpy adds ``tally(boards)``
    chunk by chunk (``core._fallback_equity.runouts_exact``).
    """
    n = len(hands)
    if not have_c():
        return _fallback_equity.runouts_exact(board, deck, idx, n, tally)
    runs = deck[idx]
    hs = np.ascontiguousarray(hands, dtype=np.uint8)
    if kernel is not None:
        s = omaha_strengths(kernel, hs, board, runs)
    else:
        chunk = _fallback_equity.CHUNK
        s = np.empty((len(runs), n, 2), dtype=np.uint16)
        for lo in range(0, len(runs), chunk):
            boards = _fallback_equity.boards_of(board, runs[lo:lo + chunk])
            s[lo:lo + chunk] = rank(boards).transpose(1, 0, 2)
    sums, _, _ = tuple_sums(s, list(range(n + 1)), card_masks(hs), np.ones(n), False,
                            nthreads)
    total = np.zeros((6, n))
    total[0], total[2], total[3] = sums[0], sums[3], sums[4]
    total[4], total[5] = sums[1], sums[2]
    return total


def exact_pairs(kernel: RunoutKernel | None, rank: RunoutRanking, board: np.ndarray,
                h0: np.ndarray, h1: np.ndarray, runs: np.ndarray, halves: int,
                c_limits: tuple[float, float, float], too_large: TooLarge,
                strengths: Callable[[], tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]],
                block: int, nthreads: int = 1) -> dict[str, np.ndarray]:
    """Heads-up exact equity of every hand of player 0 against every hand of
    player 1 over `runs` (the arrays of ``hilo.exact_pairs``: each (c0, c1)).

    The C core ranks the hands on the runouts (the Omaha kernel `kernel`, or
    the game's `rank`), counts every pair with hr_pair_tally in integer units
    and divides as numpy divides its exact sums (the same bits); a job over
    `c_limits` (strength cells, comparisons, pairs) raises ``too_large(detail)``.
    `halves` is 2 in a game with a low half, else 1.  Without the C core numpy
    compares ``strengths()`` = (strengths of player 0's hands, of player 1's,
    their card masks) in blocks of about `block` cells
    (``core._fallback_equity.exact_pairs``)."""
    if not have_c():
        return _fallback_equity.exact_pairs(*strengths(), block)
    cells, comparisons, most_pairs = c_limits
    r, c0, c1 = len(runs), len(h0), len(h1)
    if r * (c0 + c1) > cells or r * c0 * c1 > comparisons or c0 * c1 > most_pairs:
        detail = f"{c0:,} x {c1:,} hands on {r:,} runouts"
        if c0 * c1 > most_pairs:
            detail += f", more than {most_pairs:.0e} hand pairs"
        raise too_large(detail)
    acc = pair_counts(_runout_ranker(kernel, board, rank), h0, h1, runs, halves, nthreads)
    cnt = acc[..., 0]
    apart = (card_masks(h0)[:, None] & card_masks(h1)[None, :]) == 0
    good = apart & (cnt > 0)
    c = np.maximum(cnt, 1)
    out: dict[str, np.ndarray] = {}
    for key, col, unit in (("equity", 1, 4.0), ("win", 2, 0.0), ("tie", 3, 0.0),
                           ("high", 4, 2.0), ("low", 5, 2.0), ("has_low", 6, 0.0)):
        v = acc[..., col] / unit if unit else acc[..., col]
        out[key] = np.where(good, v / c, np.nan)
    out["dealt"] = good
    return out


def exact_tuples(kernel: RunoutKernel | None, rank: RunoutRanking, board: np.ndarray,
                 hands: list[np.ndarray], weights: list[np.ndarray], runs: np.ndarray,
                 c_limits: tuple[float, float], too_large: TooLarge,
                 strengths: Callable[[], tuple[list[np.ndarray], list[np.ndarray], np.ndarray]],
                 block: int, tuple_cells: int, nthreads: int = 1
                 ) -> tuple[np.ndarray, float, int]:
    """Exact hi-lo equity of ranges of three or more players over `runs`: the (5, n)
    weighted sums, the total weight and the deals.

    The C core ranks every hand on every runout (the Omaha kernel `kernel`,
    or the game's `rank`) and sums every tuple of hands that fit with
    hr_tuple_tally in integer units (so the sums may differ from numpy's
    float sums in the last bits); a job over `c_limits` (strength cells,
    tuple comparisons) raises ``too_large(detail)``.  Without it numpy takes
    ``strengths()`` = (hands, weights, strengths side by side) through
    ``core._fallback_equity.exact_tuples``."""
    if not have_c():
        return _fallback_equity.exact_tuples(*strengths(), block, tuple_cells)
    cells, comparisons = c_limits
    r = len(runs)
    cols = sum(len(h) for h in hands)
    tuples = 1
    for h in hands:
        tuples *= len(h)
    if r * cols > cells or tuples * r > comparisons:
        raise too_large(f"{tuples:,} hand tuples on {r:,} runouts")
    every = np.concatenate(hands)
    s = _runout_ranker(kernel, board, rank)(every, runs)
    offsets = [0]
    for h in hands:
        offsets.append(offsets[-1] + len(h))
    return tuple_sums(s, offsets, card_masks(every), np.concatenate(weights), True, nthreads)


def ranges_mc(c_plays: bool, c_args: Callable[[], tuple[Any, ...]],
              numpy_args: Callable[[], tuple[Any, ...]]) -> tuple[np.ndarray, int]:
    """Monte Carlo of a spot with ranges in a game with a board: (sums,
    trials).  Where the C core's Omaha sampler plays the game (`c_plays`, the
    game's answer) it runs ``omaha_sample(*c_args())``; otherwise (or without
    it) numpy's any-game sampler ``core._fallback_equity.table_mc(*numpy_args())``
    (its hands ranked by the caller's strengths).  Raises InvalidRangeError
    when the ranges (nearly) always clash."""
    if have_c() and c_plays:
        return omaha_sample(*c_args())
    return _fallback_equity.table_mc(*numpy_args())


def omaha_runout_strengths(tables: GameTables, hilo: int, hands: np.ndarray,
                           board: np.ndarray, runs: np.ndarray, out: np.ndarray) -> None:
    """hr_omaha_runout_strengths (C only): each hand's (high, low) on each runout
    into `out` (runouts, hands, 2) uint16."""
    bad = _C.lib.hr_omaha_runout_strengths(
        tables.ptr, hilo, hands.shape[1], _buf("uint8_t[]", hands), len(hands),
        _buf("uint8_t[]", board), len(board), _buf("uint8_t[]", runs), len(runs),
        _out("uint16_t[]", out))
    if bad != -1:
        raise RuntimeError(f"internal error: hr_omaha_runout_strengths returned {bad}")


def pair_tally(s0: np.ndarray, s1: np.ndarray, m0: np.ndarray, m1: np.ndarray, runs: int,
               halves: int, lo: int, hi: int, acc: np.ndarray, cancel: Any = None) -> int:
    """hr_pair_tally (C only): rows lo..hi of player 0's hands against every hand
    of player 1 over `runs` runouts of uint16 strengths, added to `acc` (int32);
    negative for rejected arguments."""
    return int(_C.lib.hr_pair_tally(
        _buf("uint16_t[]", s0), len(m0), _buf("uint16_t[]", s1), len(m1), runs,
        _buf("uint64_t[]", m0), _buf("uint64_t[]", m1), halves, lo, hi,
        _out("int32_t[]", acc), _flag(cancel)))


def tuple_tally(n: int, s: np.ndarray, offsets: np.ndarray, masks: np.ndarray,
                weights: np.ndarray, mean: bool, lo: int, hi: int, rows: np.ndarray,
                deals: np.ndarray, cancel: Any = None) -> int:
    """hr_tuple_tally (C only): every apart tuple whose player-0 hand is in lo..hi,
    weighted sums into `rows` (float64) and deals into `deals` (int64);
    negative for rejected arguments."""
    return int(_C.lib.hr_tuple_tally(
        n, _buf("uint16_t[]", s), s.shape[1], s.shape[0], _buf("int32_t[]", offsets),
        _buf("uint64_t[]", masks), _buf("double[]", weights), int(mean), lo, hi,
        _out("double[]", rows), _out("int64_t[]", deals), _flag(cancel)))


# -------------------------- games without a board (csrc/stud_mc.c, draw.c)

#: The kinds of boardless hand the C Monte Carlo ranks (csrc/stud_mc.h).
BL_TABLES, BL_BADUGI, BL_HILO, BL_LOW27 = 0, 1, 2, 3

#: A hold rule's C form: (high tables or None, kind, rank table, ev, flush tables).
HoldRule = tuple[Any, int, Any, Any, Any]


def badugi_hold_sums(value: np.ndarray) -> np.ndarray:
    """hr_badugi_hold_sums (C only): the badugi hold rule's table (uint64 words of
    bytes) from the float64 percentile of each hand."""
    sums = np.zeros(_C.lib.HR_BADUGI_SUBSETS, dtype=np.float64)
    words = np.zeros(-(-_C.lib.HR_BADUGI_HANDS // 8), dtype=np.uint64)
    if _C.lib.hr_badugi_hold_sums(_buf("double[]", value), len(value), _out("double[]", sums),
                                  _out("uint8_t[]", words)) != 0:
        raise RuntimeError("internal error: the hold tables were refused")
    return words


def rank_holds(tables: GameTables, value: np.ndarray, table: np.ndarray,
               low27: tuple[np.ndarray, np.ndarray] | None = None) -> None:
    """hr_rank_holds, or with `low27` (ev, flush) hr_low27_tables (C only): a hold
    rule's tables from the float64 percentile of each hand."""
    args = (tables.ptr, _buf("double[]", value), _out("uint64_t[]", table))
    if low27 is not None:
        rc = _C.lib.hr_low27_tables(*args, _out("double[]", low27[0]),
                                    _out("double[]", low27[1]), len(value))
    else:
        rc = _C.lib.hr_rank_holds(*args, len(value))
    if rc != 0:
        raise RuntimeError("internal error: the hold tables were refused")


def hold_tables(kind: int, tables: GameTables | None, value: np.ndarray
                ) -> tuple[np.ndarray, np.ndarray | None, np.ndarray | None]:
    """A hold rule's tables of `kind` (C only): (table, ev, flush) from the float64
    percentile of each hand: hr_badugi_hold_sums' (``BL_BADUGI``: bytes in uint64
    words for hr_triple_mc), hr_low27_tables' (``BL_LOW27``) or hr_rank_holds'
    (``BL_TABLES``, on the draw game's `tables`)."""
    if kind == BL_BADUGI:
        badugi_prepare()                # the colex table, under its own lock
        return badugi_hold_sums(value), None, None
    if tables is None:
        raise RuntimeError("internal error: a hold rule of five cards without its tables")
    n = len(value)
    table = np.zeros(n, dtype=np.uint64)
    if kind == BL_LOW27:
        ev = np.zeros(32 * n, dtype=np.float64)
        fl = np.zeros(32 * 8192, dtype=np.float64)
        rank_holds(tables, value, table, (ev, fl))
        return table, ev, fl
    rank_holds(tables, value, table)
    return table, None, None


def _hold_rule_args(rule: HoldRule) -> tuple[Any, ...]:
    tables, kind, table, ev, fl = rule
    nul = _C.ffi.NULL
    return (nul if tables is None else tables.ptr, kind,
            nul if table is None else _buf("uint64_t[]", table),
            nul if ev is None else _buf("double[]", ev),
            nul if fl is None else _buf("double[]", fl))


def rule_hold(rule: HoldRule, hand: Any) -> int:
    """hr_rule_hold (C only): the bit mask of the cards a hold rule keeps of `hand`."""
    return int(_C.lib.hr_rule_hold(*_hold_rule_args(rule), bytes(hand)))


def boardless_streams(kind: int, high: GameTables | None, low: GameTables | None,
                      rule: HoldRule | None, draws: int, known: np.ndarray, offsets: np.ndarray,
                      size: int, stub: np.ndarray, seed: int, first: int, trials: int,
                      stream_trials: int, cancel: Any = None) -> np.ndarray:
    """hr_boardless_mc, or with a hold `rule` and `draws` exchanges hr_triple_mc (C
    only): the int64 tallies (7 p + 1) of `trials` trials, stream ``first + c``
    dealing trials ``[c * stream_trials, (c + 1) * stream_trials)``."""
    p = len(offsets) - 1
    cards = (p, _buf("uint8_t[]", known), _buf("int32_t[]", offsets), size)
    stub_args = (_buf("uint8_t[]", stub), len(stub))
    if rule is not None:
        kernel, fixed = _C.lib.hr_triple_mc, (*_hold_rule_args(rule), *cards, draws, *stub_args)
    else:
        nul = _C.ffi.NULL
        kernel, fixed = _C.lib.hr_boardless_mc, (
            nul if high is None else high.ptr, nul if low is None else low.ptr, kind, *cards,
            *stub_args)
    out = np.zeros(7 * p + 1, dtype=np.int64)
    rng = _C.ffi.new("hr_rng *")
    dst = _out("int64_t[]", out)
    ptr = _flag(cancel)
    for c in range(-(-trials // stream_trials)):
        share = min(stream_trials, trials - c * stream_trials)
        _C.lib.hr_rng_seed(rng, seed, first + c)
        got = int(kernel(*fixed, share, rng, dst, ptr))
        if got < 0:
            raise RuntimeError("internal error: the Monte Carlo kernel rejected its arguments")
        if got < share:
            break
    return out



def boardless_stderr(total: np.ndarray, p: int) -> np.ndarray:
    """The standard error of each player's equity from hr_boardless_mc's tallies."""
    unit = float(BL_UNIT)
    n = float(total[7 * p])
    mean = total[2 * p:3 * p] / unit / n
    var = total[5 * p:6 * p] / unit ** 2 / n - mean ** 2
    out: np.ndarray = np.sqrt(np.maximum(var, 0.0) / n)
    return out


def boardless_sums(total: np.ndarray, p: int) -> tuple[np.ndarray, np.ndarray, int]:
    """hr_boardless_mc's tallies as (sums of high, low, equity, win, tie, no-low
    high; the sum of squared equities; the trials)."""
    unit = float(BL_UNIT)
    t = total[:7 * p].reshape(7, p).astype(np.float64)
    sums = np.stack([t[3] / unit, t[4] / unit, t[2] / unit, t[0], t[1], t[6] / unit])
    return sums, t[5] / unit ** 2, int(total[7 * p])


#: The arguments of :func:`boardless_streams_mc`: the job (the arguments of
#: :func:`boardless_streams` before the seed), the trials at most, the trials
#: between two stderr checks, the target stderr, the 64-bit seed, the threads.
BoardlessRun = tuple[tuple[Any, ...], int, int, "float | None", int, int]


def boardless_streams_mc(job: tuple[Any, ...], cap: int, chunk: int, target: float | None,
                         seed: int, nthreads: int) -> np.ndarray:
    """hr_boardless_mc (hr_triple_mc) over seeded streams of ``MC_STREAM_TRIALS``
    trials (C only): the int64 tallies (7 p + 1) of `cap` trials, or fewer once
    the standard error is below `target` (checked every `chunk` trials).

    Stream ``first + c`` of the seed deals the trials ``[c * 25,000, ...)``
    of a round and each thread takes a run of whole streams, so the integer
    tallies (and the result) are the same for any number of threads."""
    kind, high, low, rule, draws, known, offsets, size, stub = job
    p = len(offsets) - 1
    total = np.zeros(7 * p + 1, dtype=np.int64)
    first = 0
    while total[7 * p] < cap:
        todo = int(min(chunk, cap - total[7 * p]))
        streams = -(-todo // MC_STREAM_TRIALS)
        k = max(1, min(nthreads, todo // 50_000, streams))

        def part(t: int, cancel: _run.Cancel, todo: int = todo, k: int = k,
                 streams: int = streams, first: int = first) -> np.ndarray:
            a, b = streams * t // k, streams * (t + 1) // k
            n = min(b * MC_STREAM_TRIALS, todo) - a * MC_STREAM_TRIALS
            return boardless_streams(kind, high, low, rule, draws, known, offsets, size, stub,
                                     seed, first + a, n, MC_STREAM_TRIALS, cancel.ptr)

        outs = _run.run_tasks(part, k, inline=todo <= 200_000)
        got = np.sum(outs, axis=0)
        total += got
        first += streams
        if got[7 * p] < todo:
            raise KeyboardInterrupt
        if target is not None and boardless_stderr(total, p).max() < target:
            break
    return total


def boardless_mc(known: list[list[int]], need: list[int], stub: list[int], seed: int | None,
                 c_run: Callable[[], BoardlessRun], numpy_trials: Callable[[], int],
                 score: Callable[[np.ndarray], list[np.ndarray]]
                 ) -> tuple[np.ndarray, np.ndarray, int]:
    """Monte Carlo of a game without a board: the (6, p) sums (high, low, equity,
    win, tie, no-low high), the sum of squared equities and the trials.  The C
    core runs ``boardless_streams_mc(*c_run())`` for at most ``BL_MAX_PLAYERS``
    players; otherwise (or without it) numpy deals ``numpy_trials()`` deals of
    the `need` cards from `stub`, seeded by `seed`
    (``core._fallback_equity.boardless_mc``), each pass of hands scored by the
    caller's ``score(hands)``."""
    p = len(known)
    if have_c() and p <= BL_MAX_PLAYERS:
        return boardless_sums(boardless_streams_mc(*c_run()), p)
    return _fallback_equity.boardless_mc(known, need, stub, numpy_trials(), seed, score)


# ---------------------------------------------- hand histories (csrc/phh*.c)


def phh_scan_available() -> bool:
    """True when the C core has the hand-history scanner."""
    return _C is not None and hasattr(_C.lib, "hr_phh_scan")


#: ``mode`` bits of :func:`phh_scan` (csrc/history.h), for the tests and profiling:
#: the generic line-by-line reader alone; the quick one-pass reader alone
PHH_GENERIC, PHH_QUICK_ONLY = 2, 4


def phh_scan(data: bytes, ends: np.ndarray, final: bool, mode: int, out: np.ndarray,
             length: int | None = None) -> tuple[int, int]:
    """hr_phh_scan (C only): (records written to `out` (int64 rows), bytes consumed);
    records -1 when Python must read it all, -2 when `out` has too few rows.  ``mode``
    0 reads, 1 reads, replays and settles; ``| PHH_GENERIC`` / ``| PHH_QUICK_ONLY``
    pick one of its two readers (the same records; the quick one marks the hands it
    leaves for Python).  ``length``: scan only ``data[:length]`` (default all of it)."""
    consumed = _C.ffi.new("int64_t *")
    size = len(data) if length is None else length
    if not 0 <= size <= len(data):
        raise ValueError(f"length {size} outside the {len(data)} bytes of data")
    n = int(_C.lib.hr_phh_scan(_C.ffi.from_buffer(data), size,
                               _C.ffi.cast("int64_t *", ends.ctypes.data), len(ends),
                               int(final), mode, _C.ffi.cast("int64_t *", out.ctypes.data),
                               len(out), consumed))
    return n, int(consumed[0])


#: status of each path of :func:`read_small_files` (csrc/files.h)
FILE_OK, FILE_OTHER, FILE_BIG = 0, 1, 2
#: flags of a file read: a byte >= 0x80; the text holds "PokerStars"
FILE_NONASCII, FILE_STARS = 1, 2


def read_small_files_available() -> bool:
    """True when :func:`read_small_files` reads files (the C core, on a POSIX system)."""
    if _C is None or not hasattr(_C.lib, "hr_read_small_files"):
        return False
    nul = _C.ffi.NULL
    return int(_C.lib.hr_read_small_files(nul, nul, 0, 1, nul, 0, nul, nul, nul)) == 0


def read_small_files(paths: bytes, off: np.ndarray, small: int, buf: bytearray,
                     end: np.ndarray, status: np.ndarray, flags: np.ndarray) -> int:
    """hr_read_small_files (csrc/files.c): the files named in ``paths`` (NUL-terminated
    paths back to back, path k at byte ``off[k]``, int64) read whole into ``buf``, one
    after another: file k's bytes end at ``end[k]`` (int64; it starts where file k - 1's
    end), ``status[k]`` (int8) FILE_OK, FILE_OTHER (not a regular file, or an OS error:
    never opened if not a regular file) or FILE_BIG (``small`` bytes or more), ``flags[k]``
    (int8) FILE_NONASCII | FILE_STARS.  Stops before a file when less than ``small``
    bytes of ``buf`` are left.  Returns the paths handled; -1 where the C core has no
    such reader (no C core, or not a POSIX system): the caller reads the files itself."""
    if _C is None or not hasattr(_C.lib, "hr_read_small_files"):
        return -1
    n = len(off)
    for what, arr, dtype in (("off", off, np.int64), ("end", end, np.int64),
                             ("status", status, np.int8), ("flags", flags, np.int8)):
        if not (isinstance(arr, np.ndarray) and arr.dtype == dtype and arr.ndim == 1
                and arr.flags.c_contiguous):
            raise ValueError(f"read_small_files: {what} must be a contiguous 1-d "
                             f"{np.dtype(dtype).name} array")
    if not (len(end) >= n and len(status) >= n and len(flags) >= n):
        raise ValueError("read_small_files: end, status and flags need a slot per path")
    if n and (not paths.endswith(b"\0") or int(off.min()) < 0
              or int(off.max()) >= len(paths)):
        raise ValueError("read_small_files: paths must end with a NUL byte, offsets in them")
    return int(_C.lib.hr_read_small_files(
        _C.ffi.from_buffer(paths), _buf("int64_t[]", off), n, small,
        _out("char[]", buf), len(buf), _out("int64_t[]", end), _out("int8_t[]", status),
        _out("int8_t[]", flags)))


def stars_scan_available() -> bool:
    """True when the C core has the PokerStars text scanner (csrc/sites.c)."""
    return _C is not None and hasattr(_C.lib, "hr_stars_scan")


#: int64 fields per record of :func:`stars_scan` (csrc/sites.h)
STARS_WIDTH = 22


def stars_scan(data: bytes, ends: np.ndarray, final: bool, out: np.ndarray,
               phh: np.ndarray) -> tuple[int, int, int]:
    """hr_stars_scan (C only): PokerStars text ``data`` cut into segments ending at
    ``ends`` (int64) and hands; one record per hand into ``out`` ((rows, STARS_WIDTH)
    int64), the hands taken whole as PHH text into ``phh``.  Returns (records, PHH
    bytes written, bytes consumed); records -1 when Python must read it all, -2 when
    ``out`` or ``phh`` (uint8) is too small."""
    if _C is None:
        raise RuntimeError("the C core is not loaded: the site fast path needs it")
    phh_len = _C.ffi.new("int64_t *")
    consumed = _C.ffi.new("int64_t *")
    n = int(_C.lib.hr_stars_scan(_C.ffi.from_buffer(data), len(data),
                                 _buf("int64_t[]", ends), len(ends), int(final),
                                 _out("int64_t[]", out), len(out),
                                 _out("char[]", phh),
                                 len(phh), phh_len, consumed))
    return n, int(phh_len[0]), int(consumed[0])


#: int64 fields per PHH record (csrc/history.h HR_PHH_WIDTH)
_PHH_WIDTH = 86


def stars_replay_available() -> bool:
    """True when the C core has the PokerStars scanner that replays what it writes."""
    return _C is not None and hasattr(_C.lib, "hr_stars_replay")


def stars_replay(data: bytes, ends: np.ndarray, final: bool, out: np.ndarray,
                 prec: np.ndarray, phh: np.ndarray | None) -> tuple[int, int, int]:
    """hr_stars_replay (C only): :func:`stars_scan`, each hand written as PHH also
    replayed and settled into ``prec`` ((rows, PHH_WIDTH) int64, as many rows as
    ``out``): the record :func:`phh_scan` (mode 1) gives that PHH hand, without reading
    the text again (status PYTHON and zeros for a hand not written).  ``phh`` None:
    no PHH text is written (the records' hand span and names then index ``data``,
    their variant field is 0).  Returns as :func:`stars_scan`."""
    if _C is None:
        raise RuntimeError("the C core is not loaded: the site fast path needs it")
    if (out.ndim != 2 or out.shape[1] != STARS_WIDTH or prec.ndim != 2
            or prec.shape[1] != _PHH_WIDTH or prec.shape[0] < out.shape[0]):
        raise ValueError("stars_replay: out (rows, STARS_WIDTH) and prec (rows, 86) int64")
    phh_len = _C.ffi.new("int64_t *")
    consumed = _C.ffi.new("int64_t *")
    n = int(_C.lib.hr_stars_replay(_C.ffi.from_buffer(data), len(data),
                                   _buf("int64_t[]", ends), len(ends), int(final),
                                   _out("int64_t[]", out), _out("int64_t[]", prec), len(out),
                                   _C.ffi.NULL if phh is None else _out("char[]", phh),
                                   0 if phh is None else len(phh), phh_len, consumed))
    return n, int(phh_len[0]), int(consumed[0])
def gg_scan_available() -> bool:
    """True when the C core has the GGPoker text scanner (csrc/sites_gg.c)."""
    return _C is not None and hasattr(_C.lib, "hr_gg_scan")


#: int64 fields per record of :func:`gg_scan` (csrc/sites_gg.h)
GG_WIDTH = 8


def gg_scan(data: bytes, final: bool, out: np.ndarray, ps: np.ndarray
            ) -> tuple[int, int, int]:
    """hr_gg_scan (C only): GGPoker text ``data`` cut into hands; one record per hand
    into ``out`` ((rows, GG_WIDTH) int64), the hands it is sure of rewritten as
    PokerStars text into ``ps`` (uint8).  Returns (records, PokerStars bytes written,
    bytes consumed); records -1 when Python must read it all, -2 when ``out`` or
    ``ps`` is too small."""
    if _C is None:
        raise RuntimeError("the C core is not loaded: the site fast path needs it")
    if out.dtype != np.int64 or out.ndim != 2 or out.shape[1] != GG_WIDTH \
            or not out.flags.c_contiguous:
        raise ValueError("gg_scan: out must be a C-contiguous (rows, GG_WIDTH) int64 array")
    if ps.dtype != np.uint8 or not ps.flags.c_contiguous:
        raise ValueError("gg_scan: ps must be a contiguous uint8 array")
    ps_len = _C.ffi.new("int64_t *")
    consumed = _C.ffi.new("int64_t *")
    n = int(_C.lib.hr_gg_scan(_C.ffi.from_buffer(data), len(data), int(final),
                              _out("int64_t[]", out), len(out), _out("char[]", ps),
                              len(ps), ps_len, consumed))
    return n, int(ps_len[0]), int(consumed[0])


def phh_allin_pots(ptr: Any, rec: np.ndarray, rows: np.ndarray,
                   hu_table: tuple[np.ndarray, np.ndarray] | None, out: np.ndarray,
                   status: np.ndarray) -> None:
    """hr_phh_allin_pots (C only): the pots and share counts of all-in hands `rows`
    of records `rec` into `out` (rows, PHH_EV_WIDTH) and `status` (int8); `ptr` is
    the hold'em ``hr_game *`` (``Game.high.ptr``)."""
    nul = _C.ffi.NULL
    keys, counts, n = ((nul, nul, 0) if hu_table is None else
                       (_buf("uint32_t[]", hu_table[0]), _buf("uint32_t[]", hu_table[1]),
                        len(hu_table[0])))
    recs = _buf("int64_t[]", rec)
    # in slices of a few hands (an exact multiway all-in takes up to ~0.1 s): Ctrl-C lands
    # between two; the hands are independent, so the result is the same
    for lo in range(0, len(rows), _ALLIN_SLICE):
        hi = min(lo + _ALLIN_SLICE, len(rows))
        _C.lib.hr_phh_allin_pots(ptr, recs, _buf("int64_t[]", rows[lo:hi]), hi - lo, keys,
                                 counts, n, _out("double[]", out[lo:hi]),
                                 _out("int8_t[]", status[lo:hi]))


#: All-in hands per call of hr_phh_allin_pots (see :func:`phh_allin_pots`).
_ALLIN_SLICE = 16


def same_spans(data: bytes, start: np.ndarray, span: np.ndarray, key: np.ndarray
               ) -> np.ndarray | None:
    """hr_same_spans: for each i, the first i' <= i whose bytes ``data[start[i']:
    start[i'] + span[i']]`` and ``key[i']`` equal hand i's (int64 arrays, one entry a
    hand), as an int64 array; None without the C core (the caller compares the bytes
    itself)."""
    if _C is None or not hasattr(_C.lib, "hr_same_spans"):
        return None
    n = len(start)
    st = np.ascontiguousarray(start, dtype=np.int64)
    sp = np.ascontiguousarray(span, dtype=np.int64)
    ky = np.ascontiguousarray(key, dtype=np.int64)
    if st.shape != (n,) or sp.shape != (n,) or ky.shape != (n,):
        raise ValueError("same_spans: start, span and key need one entry a hand")
    cap = 1 << max(1, (2 * n - 1).bit_length())
    table = np.empty(cap, dtype=np.int64)
    group = np.empty(n, dtype=np.int64)
    if _C.lib.hr_same_spans(_C.ffi.from_buffer(data), len(data), _buf("int64_t[]", st),
                            _buf("int64_t[]", sp), _buf("int64_t[]", ky), n,
                            _out("int64_t[]", table), cap, _out("int64_t[]", group)) != n:
        raise ValueError("same_spans: a span outside the data")
    return group


def count_byte(data: bytes, end: int, byte: int) -> int:
    """How many of ``data[:end]`` equal ``byte`` (hr_count_byte; numpy without the C
    core): a block's line ends."""
    if not 0 <= end <= len(data) or not 0 <= byte <= 255:
        raise ValueError(f"count_byte: end {end} of {len(data)} bytes, byte {byte}")
    if _C is None or not hasattr(_C.lib, "hr_count_byte"):
        return int(np.count_nonzero(np.frombuffer(data, dtype=np.uint8, count=end) == byte))
    return int(_C.lib.hr_count_byte(_C.ffi.from_buffer(data), end, byte))


def phh_stats(data: bytes, start: np.ndarray, end: np.ndarray, seats: np.ndarray,
              pay: np.ndarray, scratch: list[np.ndarray] | None = None
              ) -> tuple[np.ndarray, np.ndarray, np.ndarray] | None:
    """hr_phh_stats: the tracker statistics of the fast hands at ``data[start[h]:end[h]]``
    (``seats`` each, ``pay`` (hands, 12) the chips each seat won), as
    ``(table (hands, 12, PHH_STAT_COLS) int32, done (hands,) bool, preflop (hands,)
    bool)``; a hand not ``done`` is left to the caller's own counter.  None without
    the C core (the caller's numpy counter then counts them all:
    ``history._stats_np``).  ``scratch``: a list holding the table's memory from
    one call to the next (a fresh table's pages cost more than counting them); the
    table returned is then overwritten by the next call given the same list."""
    if _C is None or not hasattr(_C.lib, "hr_phh_stats"):
        return None
    n = len(start)
    st = np.ascontiguousarray(start, dtype=np.int64)
    en = np.ascontiguousarray(end, dtype=np.int64)
    se = np.ascontiguousarray(seats, dtype=np.int64)
    pa = np.ascontiguousarray(pay, dtype=np.int64)
    if st.shape != (n,) or en.shape != (n,) or se.shape != (n,) or pa.shape != (n, 12):
        raise ValueError("phh_stats: start, end, seats (n,) and pay (n, 12) expected")
    if scratch is not None and scratch and len(scratch[0]) >= n:
        table = scratch[0][:n]
    else:
        table = np.empty((n, 12, PHH_STAT_COLS), dtype=np.int32)
        if scratch is not None:
            scratch[:] = [table]
    done = np.empty(n, dtype=np.uint8)
    pre = np.empty(n, dtype=np.uint8)
    if n and _C.lib.hr_phh_stats(_C.ffi.from_buffer(data), len(data), _buf("int64_t[]", st),
                                 _buf("int64_t[]", en), _buf("int64_t[]", se),
                                 _buf("int64_t[]", pa), n, _out("int32_t[]", table),
                                 _out("uint8_t[]", done), _out("uint8_t[]", pre)) != n:
        raise RuntimeError("internal error: hr_phh_stats refused its arguments")
    return table, done.view(np.bool_), pre.view(np.bool_)


def phh_stat_sums(data: bytes, start: np.ndarray, end: np.ndarray, seats: np.ndarray,
                  pay: np.ndarray, ids: np.ndarray, mask: np.ndarray, sums: np.ndarray,
                  has: np.ndarray) -> np.ndarray | None:
    """hr_phh_stat_sums: the tracker statistics of the fast hands at
    ``data[start[h]:end[h]]`` (as :func:`phh_stats`) added up per player in place:
    seat ``s`` of hand ``h`` where ``mask[h, s]`` is player ``ids[h, s]``, a row of
    ``sums`` (players, PHH_STAT_COLS) int64 and of ``has`` (players, 16) bool (each
    statistic's meaning).  Returns ``done`` (hands,) bool, the hands counted (the
    others add nothing: the caller counts them), or None without the C core."""
    if _C is None or not hasattr(_C.lib, "hr_phh_stat_sums"):
        return None
    n = len(start)
    st = np.ascontiguousarray(start, dtype=np.int64)
    en = np.ascontiguousarray(end, dtype=np.int64)
    se = np.ascontiguousarray(seats, dtype=np.int64)
    pa = np.ascontiguousarray(pay, dtype=np.int64)
    ii = np.ascontiguousarray(ids, dtype=np.int32)
    mm = np.ascontiguousarray(mask, dtype=np.bool_).view(np.uint8)
    if (st.shape != (n,) or en.shape != (n,) or se.shape != (n,) or pa.shape != (n, 12)
            or ii.shape != (n, 12) or mm.shape != (n, 12)):
        raise ValueError("phh_stat_sums: start, end, seats (n,); pay, ids, mask (n, 12)")
    if (sums.dtype != np.int64 or not sums.flags.c_contiguous or has.dtype != np.bool_
            or not has.flags.c_contiguous or sums.shape[1:] != (PHH_STAT_COLS,)
            or has.shape != (len(sums), 16)):
        raise ValueError("phh_stat_sums: sums (players, PHH_STAT_COLS) int64 and has "
                         "(players, 16) bool, C-contiguous")
    done = np.zeros(n, dtype=np.uint8)
    if n and _C.lib.hr_phh_stat_sums(_C.ffi.from_buffer(data), len(data),
                                     _buf("int64_t[]", st), _buf("int64_t[]", en),
                                     _buf("int64_t[]", se), _buf("int64_t[]", pa), n,
                                     _buf("int32_t[]", ii), _buf("uint8_t[]", mm), len(sums),
                                     _out("int64_t[]", sums),
                                     _out("uint8_t[]", has.view(np.uint8)),
                                     _out("uint8_t[]", done)) != n:
        raise ValueError("phh_stat_sums: a player id outside sums, or bad arguments")
    return done.view(np.bool_)


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


def pql_street_equity(game_ptr: Any, holes: Any, boards: Any, known: int, live: int,
                      low_ptr: Any = None) -> Any:
    """Hand-versus-hand equity on a street, deal by deal, in C.

    `holes` is (n_deals, players, h) uint8 (h = 2: hold'em's any five;
    h = 4..6: Omaha's two and three), `boards` (n_deals, 5) uint8 of which the
    first `known` (3..5) cards are seen; the rest of each board is every
    completion from the cards of the 52-bit mask `live` (the deck less the dead
    cards) no hole or board card holds.  `game_ptr` is the high half's
    ``hr_game *``; `low_ptr` None for one pot to the best high, else a hi-lo
    game (hold'em: the low half's ``hr_game *``; Omaha: any, the low is eight
    or better).  Returns (players, n_deals) float64 pot shares averaged over
    the completions, or None without the C core."""
    if _C is None:
        return None
    ffi, lib = _C.ffi, _C.lib
    hs = np.ascontiguousarray(holes, dtype=np.uint8)
    bs = np.ascontiguousarray(boards, dtype=np.uint8)
    n_deals, players, h = hs.shape
    if bs.shape != (n_deals, 5):
        raise ValueError(f"boards of shape {bs.shape}, expected ({n_deals}, 5)")
    out = np.zeros((n_deals, players), dtype=np.float64)
    got = lib.hr_pql_street_equity(game_ptr, ffi.NULL if low_ptr is None else low_ptr, h,
                                   players, ffi.from_buffer("uint8_t[]", hs),
                                   ffi.from_buffer("uint8_t[]", bs), known,
                                   live & ((1 << 52) - 1), n_deals,
                                   ffi.from_buffer("double[]", out))
    if got != n_deals:
        raise ValueError(f"hr_pql_street_equity refused the deals ({got}): {players} "
                         f"players of {h} cards, {known} board cards known")
    return out.T.copy()



def pql_stud_equity(game_ptr: Any, low_ptr: Any, holes: Any, known: int, live: int,
                    samples: int, seed: int, stream: int, cancel: Any = None) -> Any:
    """Stud hand-versus-hand equity on a street, deal by deal, in C.

    `holes` is (n_deals, players, 7) uint8, of which each player's first
    `known` (3..7) cards are seen; the rest of every hand is dealt from the
    cards of the 52-bit mask `live` (the deck less the dead cards) no seen
    card holds: every way (`samples` 0) or `samples` random ways per deal
    from the stream ``(seed, stream)`` (``hr_rng_seed``).  `game_ptr` is the
    high (or only) half's ``hr_game *``, `low_ptr` the low half's (stud
    hi-lo) or None.  Returns (players, n_deals) float64 mean pot shares, or
    None without the C core (the caller then computes in numpy), or None when
    `cancel` (an int32 flag) was raised."""
    if _C is None:
        return None
    ffi, lib = _C.ffi, _C.lib
    hs = np.ascontiguousarray(holes, dtype=np.uint8)
    n_deals, players, seven = hs.shape
    if seven != 7:
        raise ValueError(f"stud hands of {seven} cards, expected 7")
    out = np.zeros((n_deals, players), dtype=np.float64)
    rng = ffi.new("hr_rng *")
    lib.hr_rng_seed(rng, seed & 0xFFFFFFFFFFFFFFFF, stream & 0xFFFFFFFFFFFFFFFF)
    got = lib.hr_pql_stud_equity(game_ptr, ffi.NULL if low_ptr is None else low_ptr, players,
                                 ffi.from_buffer("uint8_t[]", hs), known,
                                 live & ((1 << 52) - 1), n_deals, samples, rng,
                                 ffi.from_buffer("double[]", out), _flag(cancel))
    if got == n_deals:
        return out.T.copy()
    if 0 <= got < n_deals:
        return None
    raise ValueError(f"hr_pql_stud_equity refused the deals ({got}): {players} players, "
                     f"{known} cards known")


#: The most opponents :func:`pql_range_equity` takes.
PQL_RANGE_MAX_OPPONENTS = 9


def pql_range_equity(game_ptr: Any, low_ptr: Any, hero: Any, boards: Any, known: int,
                     live: int, ranges: Any, exact_limit: int, samples: int, seed: int,
                     stream: int, cancel: Any = None) -> tuple[Any, int] | None:
    """One player's hand against ranges on a street, deal by deal, in C
    (``hr_pql_range_equity``).

    `hero` is (n_deals, h) uint8 (h = 2: hold'em's any five; h = 4..6:
    Omaha's two and three), `boards` (n_deals, 5) uint8 of which the first
    `known` (3..5) cards are seen; `ranges` a list, one per opponent, of
    (hands (K, h) uint8, weights (K,) float64 > 0).  Each deal's value is the
    player's pot share averaged over every tuple of opponent hands that fits
    the known cards (weighted) and every completion of the board from the
    cards left of `live` (the deck less the dead cards) when their count is at
    most `exact_limit`, else over `samples` of them drawn from the stream
    ``(seed, stream)`` (``hr_rng_seed``).  `game_ptr`/`low_ptr` as in
    :func:`pql_street_equity`.  Returns (values (n_deals,) float64, NaN where
    no tuple fits; deals enumerated), or None without the C core or when
    `cancel` (an int32 flag) was raised."""
    if _C is None:
        return None
    ffi, lib = _C.ffi, _C.lib
    hs = np.ascontiguousarray(hero, dtype=np.uint8)
    bs = np.ascontiguousarray(boards, dtype=np.uint8)
    n_deals, h = hs.shape
    if bs.shape != (n_deals, 5):
        raise ValueError(f"boards of shape {bs.shape}, expected ({n_deals}, 5)")
    if not 1 <= len(ranges) <= PQL_RANGE_MAX_OPPONENTS:
        raise ValueError(f"{len(ranges)} opponents; 1 to {PQL_RANGE_MAX_OPPONENTS} are taken")
    sizes = np.array([len(r[0]) for r in ranges], dtype=np.int32)
    hands = np.ascontiguousarray(np.concatenate([np.asarray(r[0], dtype=np.uint8)
                                                 .reshape(-1, h) for r in ranges]))
    weights = np.ascontiguousarray(np.concatenate([np.asarray(r[1], dtype=np.float64)
                                                   for r in ranges]))
    out = np.zeros(n_deals, dtype=np.float64)
    n_exact = ffi.new("int64_t *")
    rng = ffi.new("hr_rng *")
    lib.hr_rng_seed(rng, seed & 0xFFFFFFFFFFFFFFFF, stream & 0xFFFFFFFFFFFFFFFF)
    got = lib.hr_pql_range_equity(game_ptr, ffi.NULL if low_ptr is None else low_ptr, h,
                                  ffi.from_buffer("uint8_t[]", hs),
                                  ffi.from_buffer("uint8_t[]", bs), known,
                                  live & ((1 << 52) - 1), len(ranges),
                                  ffi.from_buffer("int32_t[]", sizes),
                                  ffi.from_buffer("uint8_t[]", hands),
                                  ffi.from_buffer("double[]", weights), exact_limit,
                                  samples, rng, n_deals, ffi.from_buffer("double[]", out),
                                  n_exact, _flag(cancel))
    if got == n_deals:
        return out, int(n_exact[0])
    if 0 <= got < n_deals:
        return None
    if got == -3:
        raise ValueError("hr_pql_range_equity drew 1,000,000 tuples of the opponents' "
                         "ranges in a row with a card in two places")
    raise ValueError(f"hr_pql_range_equity refused the deals ({got}): {len(ranges)} "
                     f"opponents, {h} hole cards, {known} board cards known")


# --- wild ---

def _wild_tables() -> tuple[Any, Any]:
    """tables/wild.py's wild_value and wild_choose (from the tables file, both backends)."""
    global _WILD_TABLES
    if _WILD_TABLES is None:
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


def store_scan(data: bytes, start: np.ndarray, end: np.ndarray, seats: np.ndarray
               ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray] | None:
    """hr_store_scan: what the hand store reads from the fast hands' PHH text at
    ``data[start[h]:end[h]]`` (``seats`` each, 1..12), as ``(stacks (n, 12) int64,
    blinds (n, 12) int64, hand_id (n,) int64 (-1 for none), key (n, 2) int64 (the
    text's bounds without white space at its ends), flags (n,) uint8)`` (flags: the
    ``STORE_*`` bits, csrc/store_scan.h).  None without the C core (the store then
    reads the text with patterns)."""
    if _C is None or not hasattr(_C.lib, "hr_store_scan"):
        return None
    n = len(start)
    st = np.ascontiguousarray(start, dtype=np.int64)
    en = np.ascontiguousarray(end, dtype=np.int64)
    se = np.ascontiguousarray(seats, dtype=np.int64)
    if st.shape != (n,) or en.shape != (n,) or se.shape != (n,):
        raise ValueError("store_scan: start, end and seats need one entry a hand")
    stacks = np.empty((n, 12), dtype=np.int64)
    blinds = np.empty((n, 12), dtype=np.int64)
    hand_id = np.empty(n, dtype=np.int64)
    key = np.empty((n, 2), dtype=np.int64)
    flags = np.empty(n, dtype=np.uint8)
    if n and _C.lib.hr_store_scan(_C.ffi.from_buffer(data), len(data), _buf("int64_t[]", st),
                                  _buf("int64_t[]", en), _buf("int64_t[]", se), n,
                                  _out("int64_t[]", stacks), _out("int64_t[]", blinds),
                                  _out("int64_t[]", hand_id), _out("int64_t[]", key),
                                  _out("uint8_t[]", flags)) != n:
        raise ValueError("store_scan: a hand outside the data or of 0 or over 12 seats")
    return stacks, blinds, hand_id, key, flags


#: hr_store_scan's flags (csrc/store_scan.h)
STORE_STACKS, STORE_BLINDS, STORE_SLOW, STORE_HAND_ID, STORE_CR = 1, 2, 4, 8, 16


def store_actions(data: bytes, start: np.ndarray, end: np.ndarray
                  ) -> tuple[np.ndarray, np.ndarray] | None:
    """hr_store_actions: the actions of the PHH hands at ``data[start[h]:end[h]]``,
    as ``(actions (k, 9) int64, ok (n,) bool)``: per action its hand, seat (-1 none),
    verb code, bet amount (-1 none), string bytes start and end, argument start,
    verb start and end (csrc/store_scan.h); ``ok[h]`` False for a hand whose
    actions line is not in the plain form (none of its actions listed).  None
    without the C core."""
    if _C is None or not hasattr(_C.lib, "hr_store_actions"):
        return None
    n = len(start)
    st = np.ascontiguousarray(start, dtype=np.int64)
    en = np.ascontiguousarray(end, dtype=np.int64)
    if st.shape != (n,) or en.shape != (n,):
        raise ValueError("store_actions: start and end need one entry a hand")
    ok = np.empty(n, dtype=np.uint8)
    need = np.zeros(1, dtype=np.int64)
    cap = 32 * n
    for _ in range(2):
        out = np.empty((cap, 9), dtype=np.int64)
        got = _C.lib.hr_store_actions(_C.ffi.from_buffer(data), len(data),
                                      _buf("int64_t[]", st), _buf("int64_t[]", en), n,
                                      _out("int64_t[]", out), cap, _out("uint8_t[]", ok),
                                      _out("int64_t[]", need))
        if got >= 0:
            return out[:got], ok.view(np.bool_)
        if got != -2:
            raise ValueError("store_actions: a hand outside the data")
        cap = int(need[0])
    raise RuntimeError("internal error: hr_store_actions asked for more room twice")
