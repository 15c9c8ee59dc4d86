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

from . import _backend, _fallback_runouts
from ._tables import GameTables

#: The compiled module (``handrank._core``), or None on the pure-Python backend.
_C: Any = _backend.core

#: True when the C core serves the calls.
HAVE_C: bool = _C is not None


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


def exact_random(g: GameTables, fixed: np.ndarray, n_fixed: int, n_random: int,
                 board: np.ndarray, deck: np.ndarray, perms: np.ndarray, part: int, parts: int,
                 out: np.ndarray, cancel: Any = None) -> int:
    """hr_exact_random (C only): completions part, part + parts, ... of known hands
    against random ones, counted into `out` (int64); the completions taken."""
    taken = int(_C.lib.hr_exact_random(
        g.ptr, n_fixed, _buf("uint8_t[]", fixed), n_random, _buf("uint8_t[]", board),
        len(board), _buf("uint8_t[]", deck), len(deck), _buf("uint8_t[]", perms),
        len(perms) // 4, part, parts, _out("int64_t[]", out), _flag(cancel)))
    if taken < 0:
        raise RuntimeError("internal error: hr_exact_random rejected its arguments")
    return taken


def equity_patterns(g: GameTables, key: Any, out: np.ndarray) -> None:
    """hr_equity_patterns (C only): the suit-pattern counts of hole ranks `key` into `out`."""
    ranks = np.array(key, dtype=np.uint8)
    if _C.lib.hr_equity_patterns(g.ptr, len(key) // 2, _buf("uint8_t[]", ranks),
                                 _out("int64_t[]", out)) != 0:
        raise RuntimeError(f"internal error: hr_equity_patterns rejected ranks {key!r}")


def hu_preflop_counts(table: tuple[np.ndarray, np.ndarray] | None, a: Any, b: Any
                      ) -> tuple[int, int, int] | None:
    """hr_hu_preflop_counts: (a wins, b wins, ties) of two disjoint hold'em hands
    from the class table (keys, counts); None without the C core or the table,
    or when the table has no entry."""
    if _C is None or table is None or not len(table[0]):
        return None
    out = _C.ffi.new("int64_t[3]")
    if not _C.lib.hr_hu_preflop_counts(_buf("uint32_t[]", table[0]),
                                       _buf("uint32_t[]", table[1]), len(table[0]),
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


# ---------------------------------------------- hand histories (csrc/phh*.c)


def phh_scan_available() -> bool:
    """True when the C core has the hand-history scanner."""
    return _C is not None and hasattr(_C.lib, "hr_phh_scan")


def phh_scan(data: bytes, ends: np.ndarray, final: bool, mode: int, out: np.ndarray
             ) -> tuple[int, int]:
    """hr_phh_scan (C only): (records written to `out` (int64 rows), bytes consumed);
    records < 0 when Python must read it all."""
    consumed = _C.ffi.new("int64_t *")
    n = int(_C.lib.hr_phh_scan(_C.ffi.from_buffer(data), len(data),
                               _C.ffi.cast("int64_t *", ends.ctypes.data), len(ends),
                               int(final), mode, _C.ffi.cast("int64_t *", out.ctypes.data),
                               len(out), consumed))
    if n == -2:
        raise RuntimeError("internal error: hr_phh_scan ran out of records")
    return n, int(consumed[0])


def phh_allin_pots(tables: GameTables, rec: np.ndarray, rows: np.ndarray,
                   hu_table: tuple[np.ndarray, np.ndarray] | None, out: np.ndarray,
                   status: np.ndarray) -> None:
    """hr_phh_allin_pots (C only): the pots and share counts of all-in hands `rows`
    of records `rec` into `out` (rows, PHH_EV_WIDTH) and `status` (int8)."""
    nul = _C.ffi.NULL
    keys, counts, n = ((nul, nul, 0) if hu_table is None else
                       (_buf("uint32_t[]", hu_table[0]), _buf("uint32_t[]", hu_table[1]),
                        len(hu_table[0])))
    _C.lib.hr_phh_allin_pots(tables.ptr, _buf("int64_t[]", rec), _buf("int64_t[]", rows),
                             len(rows), keys, counts, n, _out("double[]", out),
                             _out("int8_t[]", status))


def eval_bytes(tables: GameTables, cards: bytes) -> int:
    """hr_eval_bytes (C only): the strength of one hand of 5 to 7 card ids."""
    return int(_C.lib.hr_eval_bytes(tables.ptr, cards, len(cards)))
