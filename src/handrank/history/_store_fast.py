"""The store's rows of fast-path hands, built as whole Arrow columns.

:func:`fast_tables` turns the hands of a :class:`~handrank.history.fast.Batch`
that the C reader took whole into the five tables of
:data:`handrank.history.store.SCHEMA` with numpy and pyarrow: no Python
object per hand beyond its key, its players' names and its board.  The
values are those :class:`handrank.history.store._Rows` writes for the same
hand from its replay (the tests compare the two stores row by row); a hand
this builder does not cover (a recorded date, a site, an unusual action
text...) is handed back for the Python path.
"""

from __future__ import annotations

import dataclasses
import hashlib
from typing import Any

import numpy as np

from ..core import kernels
from ._base import GAMES
from ._stats_np import COLUMNS, V_DB, V_DH, V_F, V_SM, Actions, cut_actions, stat_arrays
from ._summary import _allin_rows
from .fast import (
    AGREE,
    ALLIN,
    DEAD,
    END,
    FIXED,
    FLAGS,
    MAX_SEATS,
    OK,
    PER_SEAT,
    PLAYERS,
    SEATS,
    SEGMENT,
    START,
    STATUS,
    VARIANT,
)
from .stats import positions

__all__ = ["Scan", "fast_tables", "keys_of", "text_key"]

_NANO = 10 ** 9
_POS = {n: positions(n) for n in range(2, MAX_SEATS + 1)}
#: every position name of 2..MAX_SEATS seats in one list; n seats' names from _POS_AT[n]
_POS_FLAT = [p for k in range(2, MAX_SEATS + 1) for p in _POS[k]]
_POS_AT = np.zeros(MAX_SEATS + 1, dtype=np.int64)
_POS_AT[2:] = np.cumsum([0] + [k for k in range(2, MAX_SEATS)])
_POS_NAMES: Any = None
_SEAT_LISTS: Any = None
#: the default names "p1" ... "p12" written one after another, and where each starts
_DEFAULT = b"".join(b"p%d" % (s + 1) for s in range(MAX_SEATS))
_DEFAULT_AT = np.cumsum([0] + [len(b"p%d" % (s + 1)) for s in range(MAX_SEATS)])


def _seat_lists(pa: Any) -> Any:
    """The ``pots.seats`` text of every set of seats (by its bit mask): "0,2,5"."""
    global _SEAT_LISTS, _POS_NAMES
    if _SEAT_LISTS is None:
        _SEAT_LISTS = pa.array([",".join(str(s) for s in range(MAX_SEATS) if m >> s & 1)
                                for m in range(1 << MAX_SEATS)], pa.string())
        _POS_NAMES = pa.array(_POS_FLAT, pa.string())
    return _SEAT_LISTS


def _names(pa: Any, buf: np.ndarray[Any, Any], rec: np.ndarray[Any, Any],
           hand_rows: np.ndarray[Any, Any], seat_rows: np.ndarray[Any, Any]) -> Any:
    """Each seat's player: its recorded name, else "p<seat + 1>"."""
    has = (rec[hand_rows, FLAGS] & PLAYERS) != 0
    col = FIXED + PER_SEAT * seat_rows
    off = np.where(has, rec[hand_rows, np.minimum(col + 2, rec.shape[1] - 1)], 0)
    ln = np.where(has, rec[hand_rows, np.minimum(col + 3, rec.shape[1] - 1)], 0)
    if not has.any():
        src = np.frombuffer(_DEFAULT, dtype=np.uint8)
        return _strings(pa, src, _DEFAULT_AT[seat_rows], _DEFAULT_AT[seat_rows + 1])
    both = np.concatenate([buf, np.frombuffer(_DEFAULT, dtype=np.uint8)])
    s = np.where(has, off, len(buf) + _DEFAULT_AT[seat_rows])
    e = np.where(has, off + ln, len(buf) + _DEFAULT_AT[seat_rows + 1])
    return _strings(pa, both, s, e)


def _joined(pa: Any, buf: np.ndarray[Any, Any], s: np.ndarray[Any, Any],
            e: np.ndarray[Any, Any], owner: np.ndarray[Any, Any], m: int) -> Any:
    """For each of ``m`` rows the byte ranges ``buf[s:e]`` it owns (``owner``, in
    order) written one after another; null for a row that owns none."""
    ln = (e - s).astype(np.int64)
    per = np.bincount(owner, weights=ln, minlength=m).astype(np.int64) if len(owner) \
        else np.zeros(m, dtype=np.int64)
    valid = np.bincount(owner, minlength=m) > 0 if len(owner) else np.zeros(m, dtype=np.bool_)
    off = np.zeros(m + 1, dtype=np.int64)
    np.cumsum(per, out=off[1:])
    total = int(off[-1])
    at = np.zeros(len(ln) + 1, dtype=np.int64)
    np.cumsum(ln, out=at[1:])
    idx = np.repeat(s - at[:-1], ln) + np.arange(total, dtype=np.int64)
    mask = None if valid.all() else pa.py_buffer(np.packbits(valid, bitorder="little").tobytes())
    return pa.LargeStringArray.from_buffers(m, pa.py_buffer(off.tobytes()),
                                            pa.py_buffer(buf[idx].tobytes()), mask
                                            ).cast(pa.string())


def text_key(text: bytes) -> str:
    """The store key of a PHH hand with no site id: a digest of its text."""
    return "phh:" + hashlib.sha256(text.strip().replace(b"\r\n", b"\n")).hexdigest()


@dataclasses.dataclass
class Scan:
    """What the store reads from fast hands' text beyond the C record
    (:func:`~handrank.core.kernels.store_scan`), one row a hand: starting stacks
    and blinds ``(hands, MAX_SEATS)``, the ``hand`` number (-1 for none) and the
    ``STORE_*`` flags."""

    stacks: np.ndarray[Any, Any]
    blinds: np.ndarray[Any, Any]
    hand_id: np.ndarray[Any, Any]
    flags: np.ndarray[Any, Any]

    def take(self, at: np.ndarray[Any, Any]) -> Scan:
        """The rows ``at``."""
        return Scan(self.stacks[at], self.blinds[at], self.hand_id[at], self.flags[at])


def keys_of(b: Any, rows: np.ndarray[Any, Any]) -> tuple[list[str], Scan | None]:
    """The store keys of hands ``rows`` of batch ``b`` (fast hands, as :func:`text_key`
    gives them) and what :func:`fast_tables` reads from their text (None without
    the C reader of it: every hand then goes to the Python path)."""
    data = b.data
    rec = b.rec[rows]
    got = kernels.store_scan(data, rec[:, START], rec[:, END], rec[:, SEATS])
    if got is None:
        return [text_key(data[s:e]) for s, e in zip(rec[:, START].tolist(),
                                                      rec[:, END].tolist())], None
    stacks, blinds, hand_id, span, flags = got
    view, sha = memoryview(data), hashlib.sha256
    keys = ["phh:" + sha(view[s:e]).hexdigest() for s, e in span.tolist()]
    for i in np.flatnonzero(flags & kernels.STORE_CR).tolist():    # "\r\n" read as "\n"
        s, e = span[i].tolist()
        keys[i] = "phh:" + sha(data[s:e].replace(b"\r\n", b"\n")).hexdigest()
    return keys, Scan(stacks, blinds, hand_id, flags)


def _strings(pa: Any, buf: np.ndarray[Any, Any], s: np.ndarray[Any, Any],
             e: np.ndarray[Any, Any], valid: np.ndarray[Any, Any] | None = None) -> Any:
    """The byte ranges ``buf[s:e]`` as an Arrow string array (gathered, no Python loop)."""
    n = len(s)
    ln = (e - s).astype(np.int64)
    if valid is not None:
        ln = np.where(valid, ln, 0)
    off = np.zeros(n + 1, dtype=np.int64)
    np.cumsum(ln, out=off[1:])
    idx = np.repeat(s - off[:-1], ln) + np.arange(int(off[-1]), dtype=np.int64)
    payload = buf[idx].tobytes()
    mask = None
    if valid is not None and not valid.all():
        mask = pa.py_buffer(np.packbits(valid, bitorder="little").tobytes())
    return pa.LargeStringArray.from_buffers(n, pa.py_buffer(off.tobytes()),
                                            pa.py_buffer(payload), mask).cast(pa.string())


def _chips(pa: Any, v: np.ndarray[Any, Any], valid: np.ndarray[Any, Any] | None = None) -> Any:
    """Whole chips as DECIMAL(38, 9)."""
    v = v.astype(np.int64)
    if len(v) and np.abs(v).max() >= 9 * 10 ** 9:     # beyond int64 in 10^-9 units
        return pa.array(v, mask=None if valid is None else ~valid).cast(pa.decimal128(38, 9))
    return _nanos(pa, v * _NANO, valid)


def _nanos(pa: Any, q: np.ndarray[Any, Any], valid: np.ndarray[Any, Any] | None = None) -> Any:
    """Units of 10^-9 as DECIMAL(38, 9): the 128-bit values written directly (low
    word the int64, high word its sign)."""
    q = np.ascontiguousarray(q, dtype=np.int64)
    words = np.empty((len(q), 2), dtype="<i8")
    words[:, 0] = q
    words[:, 1] = q >> 63
    mask = None
    if valid is not None and not valid.all():
        mask = pa.py_buffer(np.packbits(valid, bitorder="little").tobytes())
    return pa.Array.from_buffers(pa.decimal128(38, 9), len(q),
                                 [mask, pa.py_buffer(words.tobytes())])


def _div_nanos(num: np.ndarray[Any, Any], den: np.ndarray[Any, Any], scale: int
               ) -> np.ndarray[Any, Any]:
    """``num * scale / den`` in units of 10^-9, rounded half-even (int64, exact while
    the quotient and ``den * 10^9`` fit)."""
    d = np.where(den == 0, 1, den)
    q, r = np.divmod(num, d)                       # num = q d + r, 0 <= r < d
    mult = _NANO // scale
    frac, r2 = np.divmod(r * mult, d)
    base = q * mult + frac
    up = (2 * r2 > d) | ((2 * r2 == d) & (base % 2 == 1))
    out: np.ndarray[Any, Any] = base + up
    return out


@dataclasses.dataclass
class _Kept:
    """The hands a block's tables hold (the fast hands not sent to the Python path):
    their records and what is read from their text, one row a hand."""

    rec: np.ndarray[Any, Any]
    kept: np.ndarray[Any, Any]          # each one's row among the hands given
    n: np.ndarray[Any, Any]             # seats
    put: np.ndarray[Any, Any]           # (hands, MAX_SEATS) chips put in
    pay: np.ndarray[Any, Any]           # (hands, MAX_SEATS) payouts
    stacks: np.ndarray[Any, Any]
    bb: np.ndarray[Any, Any]            # the big blind: the second smallest blind posted
    hand_id: np.ndarray[Any, Any]       # -1: none

    @property
    def m(self) -> int:
        return len(self.kept)

    @property
    def seat_ok(self) -> np.ndarray[Any, Any]:
        out: np.ndarray[Any, Any] = np.arange(MAX_SEATS)[None, :] < self.n[:, None]
        return out


@dataclasses.dataclass
class _Play:
    """The kept hands' actions (flat, hand by hand) and what they show: who folded
    or mucked, the hole cards shown, the board."""

    hand: np.ndarray[Any, Any]          # the kept hand of each action
    start: np.ndarray[Any, Any]
    end: np.ndarray[Any, Any]
    arg: np.ndarray[Any, Any]           # where the argument starts (end: none)
    seat: np.ndarray[Any, Any]          # -1: the dealer
    index: np.ndarray[Any, Any]         # the action's number in its hand
    street: np.ndarray[Any, Any]
    folded: np.ndarray[Any, Any]        # (hands, MAX_SEATS)
    mucked: np.ndarray[Any, Any]
    hole_s: np.ndarray[Any, Any]        # the shown hole cards' bytes (-1: none)
    hole_e: np.ndarray[Any, Any]
    board: Any                          # Arrow strings, one a hand
    verb: np.ndarray[Any, Any]          # (actions, 2) each verb's bytes [start, end)


def fast_tables(pa: Any, b: Any, rows: np.ndarray[Any, Any], numbers: list[int],
                keys: list[str], schema: dict[str, list[tuple[str, str]]], arrow: Any,
                scan: Scan | None = None) -> tuple[dict[str, Any], np.ndarray[Any, Any]]:
    """The five tables of fast hands ``rows`` of batch ``b`` (``numbers`` their hand
    numbers, ``keys`` their store keys, ``scan`` what :func:`keys_of` read from
    their text) in ``schema`` (``arrow(pa, type)`` the Arrow type of a column
    type), and a mask of the rows left to the Python path (their rows are not in
    the tables)."""
    rec = b.rec[rows]
    if scan is None:
        return {}, np.ones(len(rows), dtype=np.bool_)
    acts, verbs = _actions(b.data, rec)
    slow = ((rec[:, STATUS] != OK) | ((scan.flags & kernels.STORE_SLOW) != 0)
            | ((scan.flags & kernels.STORE_STACKS) == 0) | ~(scan.blinds > 0).any(axis=1)
            | ~acts.ok)
    keep = ~slow
    if not keep.any():
        return {}, slow
    k = _kept(rec, keep, scan)
    buf = np.frombuffer(b.data, dtype=np.uint8)
    play = _play(pa, buf, acts, verbs, keep, k.m)
    ev, has_ev = _allin_ev(b, rows, keep, k.m)
    out = {"hands": _hand_columns(pa, b, buf, k, [keys[i] for i in k.kept.tolist()],
                                  np.asarray(numbers, dtype=np.int32)[k.kept], play,
                                  has_ev),
           "seats": _seat_columns(pa, buf, k, play),
           "actions": _action_columns(pa, buf, play),
           "pots": _pot_columns(pa, k, play)}
    out["results"] = _result_columns(pa, b, rows, k, out["seats"], ev, has_ev, acts,
                                     scan.blinds)
    tables: dict[str, Any] = {}
    for t, spec in schema.items():
        fields = [pa.field(c, arrow(pa, ty)) for c, ty in spec]
        tables[t] = pa.table([out[t][c].cast(f.type) for (c, _), f in zip(spec, fields)],
                             schema=pa.schema(fields))
    return tables, slow


def _kept(rec: np.ndarray[Any, Any], keep: np.ndarray[Any, Any], scan: Scan) -> _Kept:
    """The records and text values of the hands ``keep`` marks."""
    kept = np.flatnonzero(keep)
    rec = rec[keep]
    end = FIXED + PER_SEAT * MAX_SEATS
    blinds = scan.blinds[keep]
    bl = np.where(blinds > 0, blinds, np.iinfo(np.int64).max)
    bls = np.sort(bl, axis=1)
    bb = np.where(bls[:, 1] < np.iinfo(np.int64).max, bls[:, 1], bls[:, 0])
    return _Kept(rec, kept, rec[:, SEATS].astype(np.int64), rec[:, FIXED:end:PER_SEAT],
                 rec[:, FIXED + 1:end:PER_SEAT], scan.stacks[keep], bb,
                 np.where((scan.flags[keep] & kernels.STORE_HAND_ID) != 0,
                          scan.hand_id[keep], -1))


def _actions(data: bytes, rec: np.ndarray[Any, Any]
             ) -> tuple[Actions, np.ndarray[Any, Any]]:
    """The hands' actions cut from their text (in C where the core has
    ``hr_store_actions``, else with numpy: the same cuts), and each action's verb
    as ``(start, end)`` bytes ``(actions, 2)``."""
    got = kernels.store_actions(data, rec[:, START], rec[:, END])
    if got is None:
        acts = cut_actions(data, rec[:, START], rec[:, END])
        buf = np.frombuffer(data, dtype=np.uint8)
        return acts, np.stack([_verb_start(buf, acts.start),
                               _verb_end(buf, acts.start, acts.end)], axis=1)
    a, ok = got
    amount = np.where(a[:, 3] >= 0, a[:, 3], np.nan)
    return Actions(a[:, 0], a[:, 1].astype(np.int16), a[:, 2].astype(np.int8), amount,
                   a[:, 4], a[:, 5], a[:, 6], ok), a[:, 7:9]


def _play(pa: Any, buf: np.ndarray[Any, Any], acts: Actions, verbs: np.ndarray[Any, Any],
          keep: np.ndarray[Any, Any], m: int) -> _Play:
    """The kept hands' actions: streets, folds, mucks, hole cards shown, boards."""
    amask = keep[acts.hand]
    ah = (np.cumsum(keep) - 1)[acts.hand[amask]]
    a0, a1, verb, aseat = acts.start[amask], acts.end[amask], acts.verb[amask], \
        acts.seat[amask]
    arg = acts.arg[amask]
    first = np.ones(len(ah), dtype=np.bool_)
    first[1:] = ah[1:] != ah[:-1]
    start_of = np.flatnonzero(first)
    runs = np.diff(np.append(start_of, len(ah)))
    index = np.arange(len(ah)) - np.repeat(start_of, runs)
    street = np.cumsum(verb == V_DB)
    street = street - np.repeat(street[start_of] - (verb[start_of] == V_DB), runs)
    folded = np.zeros((m, MAX_SEATS), dtype=np.bool_)
    f = verb == V_F
    folded[ah[f], aseat[f]] = True
    known = ((verb == V_DH) | (verb == V_SM)) & (arg < a1)
    has_q = np.zeros(len(ah), dtype=np.bool_)
    qpos = np.flatnonzero(buf == 63)                  # "?": cards not shown
    if len(qpos):
        k = np.searchsorted(a0, qpos, side="right") - 1
        good = (k >= 0) & (qpos < a1[np.maximum(k, 0)])
        has_q[k[good]] = True
    mucked = np.zeros((m, MAX_SEATS), dtype=np.bool_)
    mk = (verb == V_SM) & ((arg >= a1) | has_q)
    mucked[ah[mk], aseat[mk]] = True
    # a dealt hand "d dh pN cards": the seat is the third word
    cards = arg.copy()
    dh_seat = np.full(len(ah), -1, dtype=np.int64)
    dh = np.flatnonzero(verb == V_DH)
    if len(dh):
        p = arg[dh]
        d1 = buf[np.minimum(p + 1, len(buf) - 1)].astype(np.int64) - 48
        d2 = buf[np.minimum(p + 2, len(buf) - 1)].astype(np.int64) - 48
        two = (d2 >= 0) & (d2 <= 9) & (p + 2 < a1[dh])
        dh_seat[dh] = np.where(two, d1 * 10 + d2, d1) - 1
        cards[dh] = np.minimum(np.where(two, p + 4, p + 3), a1[dh])
    hole_seat = np.where(verb == V_DH, dh_seat, aseat.astype(np.int64))
    si = np.flatnonzero(known & ~has_q & (hole_seat >= 0) & (cards < a1))
    hole_s = np.full((m, MAX_SEATS), -1, dtype=np.int64)
    hole_e = np.full((m, MAX_SEATS), -1, dtype=np.int64)
    hole_s[ah[si], hole_seat[si]] = cards[si]          # the last written wins
    hole_e[ah[si], hole_seat[si]] = a1[si]
    dbi = np.flatnonzero(verb == V_DB)
    board = _joined(pa, buf, cards[dbi], a1[dbi], ah[dbi], m)
    return _Play(ah, a0, a1, arg, aseat, index, street, folded, mucked, hole_s, hole_e,
                 board, verbs[amask])


def _pots(k: _Kept, play: _Play) -> tuple[np.ndarray[Any, Any], np.ndarray[Any, Any],
                                          np.ndarray[Any, Any], np.ndarray[Any, Any]]:
    """The pots as settle cuts them (``allin.pots_of``), on whole arrays: each pot's
    hand, amount and eligible seats (a mask), hand by hand; and each hand's total."""
    m, n, put, seat_ok = k.m, k.n, k.put, k.seat_ok
    live = ~((play.folded | play.mucked) & seat_ok) & seat_ok
    nlive = live.sum(axis=1)
    for h in np.flatnonzero(nlive == 0).tolist():  # all out: the top contributor keeps it
        cand = [(not play.folded[h, s], int(put[h, s])) for s in range(int(n[h]))]
        live[h, max(range(int(n[h])), key=lambda s: cand[s])] = True
    nlive = live.sum(axis=1)
    dead = k.rec[:, DEAD]
    big = np.iinfo(np.int64).max
    lv = np.sort(np.where(live, put, big), axis=1)
    distinct = np.ones_like(lv, dtype=np.bool_)
    distinct[:, 1:] = lv[:, 1:] != lv[:, :-1]
    distinct &= lv != big
    nlev = distinct.sum(axis=1)
    levels = np.take_along_axis(lv, np.argsort(~distinct, axis=1, kind="stable"), axis=1)
    single = nlive == 1
    putm = np.where(seat_ok, put, 0)
    total = putm.sum(axis=1) + dead
    hands, amounts, elig = [], [], []
    low = np.zeros(m, dtype=np.int64)
    for j in range(MAX_SEATS):
        act = (j < nlev) & ~single
        if not act.any():
            break
        high = np.where(act, levels[:, j], 0)
        amt = (np.minimum(putm, high[:, None]) - np.minimum(putm, low[:, None])).sum(axis=1)
        amt += np.where(j == nlev - 1, np.maximum(putm - high[:, None], 0).sum(axis=1), 0)
        amt += np.where(j == 0, dead, 0)
        hh = np.flatnonzero(act & (amt != 0))
        hands.append(hh)
        amounts.append(amt[hh])
        elig.append((live & (put >= high[:, None]))[hh])
        low = np.where(act, high, low)
    hs = np.flatnonzero(single)
    hands.append(hs)
    amounts.append(total[hs])
    elig.append(live[hs])
    ph = np.concatenate(hands)
    o = np.argsort(ph, kind="stable")
    pe = np.concatenate(elig)[o] if len(ph) else np.zeros((0, MAX_SEATS), dtype=np.bool_)
    mask = pe.astype(np.int64) @ (np.int64(1) << np.arange(MAX_SEATS, dtype=np.int64))
    return ph[o], np.concatenate(amounts)[o], mask, total


def _allin_ev(b: Any, rows: np.ndarray[Any, Any], keep: np.ndarray[Any, Any], m: int
              ) -> tuple[np.ndarray[Any, Any], np.ndarray[Any, Any]]:
    """The exact all-in EV of the kept hands (10^-9 units, (hands, MAX_SEATS)), as the
    summary's columns, and which hands have one."""
    rec = b.rec[rows][keep]
    ev = np.zeros((m, MAX_SEATS), dtype=np.int64)
    has_ev = np.zeros(m, dtype=np.bool_)
    ev_rows = np.flatnonzero(rec[:, FLAGS] & ALLIN)
    if len(ev_rows):
        sub = rows[keep]                   # increasing: a hand's place by bisection
        for (i, seat), q in _allin_rows(b, 0, sub[ev_rows]).items():
            at = int(np.searchsorted(sub, i))
            ev[at, seat] = q
            has_ev[at] = True
    return ev, has_ev


def _hand_columns(pa: Any, b: Any, buf: np.ndarray[Any, Any], k: _Kept, keys: list[str],
                  numbers: np.ndarray[Any, Any], play: _Play, has_ev: np.ndarray[Any, Any]
                  ) -> dict[str, Any]:
    """The ``hands`` table's columns (``hid`` counted from 0)."""
    m, rec = k.m, k.rec
    var_off = rec[:, VARIANT] & ((1 << 40) - 1)
    variants = _strings(pa, buf, var_off, var_off + (rec[:, VARIANT] >> 40)
                        ).dictionary_encode()
    games = pa.array([GAMES.get(v, ("", None))[1] for v in variants.dictionary.to_pylist()],
                     pa.string()).take(variants.indices)
    agree = rec[:, AGREE]
    total = np.where(k.seat_ok, k.put, 0).sum(axis=1) + rec[:, DEAD]
    return {
        "hid": pa.array(np.arange(m, dtype=np.int64)),
        "hand_key": pa.array(keys, pa.string()),
        "site": pa.array(["PHH"] * m, pa.string()),
        "hand_id": pa.array(k.hand_id, mask=k.hand_id < 0).cast(pa.string()),
        "file": pa.array(b.files, pa.string()).take(pa.array(rec[:, SEGMENT])),
        "hand_number": pa.array(numbers),
        "date": pa.nulls(m, pa.date32()),
        "variant": variants.dictionary_decode(),
        "game": games,
        "seats": pa.array(k.n.astype(np.int16)),
        "unit": pa.array(["chips"] * m, pa.string()),
        "big_blind": _chips(pa, k.bb),
        "board": play.board,
        "pot": _chips(pa, total),
        "rake": _chips(pa, np.zeros(m, dtype=np.int64)),
        "allin": pa.array(has_ev),
        "agrees_with_record": pa.array(agree == 1, mask=agree == -1),
        "settle_error": pa.nulls(m, pa.string()),
    }


def _seat_rows(k: _Kept) -> tuple[np.ndarray[Any, Any], np.ndarray[Any, Any]]:
    """The hand and the seat of each seat row (hand by hand)."""
    hand_rows = np.repeat(np.arange(k.m), k.n)
    return hand_rows, np.arange(len(hand_rows)) - np.repeat(np.cumsum(k.n) - k.n, k.n)


def _seat_columns(pa: Any, buf: np.ndarray[Any, Any], k: _Kept, play: _Play
                  ) -> dict[str, Any]:
    """The ``seats`` table's columns."""
    hand_rows, seat_rows = _seat_rows(k)
    _seat_lists(pa)
    hs, he = play.hole_s[hand_rows, seat_rows], play.hole_e[hand_rows, seat_rows]
    return {
        "hid": pa.array(hand_rows.astype(np.int64)),
        "seat": pa.array(seat_rows.astype(np.int16)),
        "player": _names(pa, buf, k.rec, hand_rows, seat_rows),
        "position": _POS_NAMES.take(pa.array(_POS_AT[k.n[hand_rows]] + seat_rows)),
        "starting_stack": _chips(pa, k.stacks[hand_rows, seat_rows]),
        "hole_cards": _strings(pa, buf, np.maximum(hs, 0), np.maximum(he, 0), hs >= 0)}


def _result_columns(pa: Any, b: Any, rows: np.ndarray[Any, Any], k: _Kept,
                    seats: dict[str, Any], ev: np.ndarray[Any, Any],
                    has_ev: np.ndarray[Any, Any], acts: Any, blinds: np.ndarray[Any, Any]
                    ) -> dict[str, Any]:
    """The ``results`` table's columns: money, all-in EV, statistics."""
    hand_rows, seat_rows = _seat_rows(k)
    net = (k.pay - k.put)[hand_rows, seat_rows]
    adj = np.where(has_ev[hand_rows], ev[hand_rows, seat_rows], net * _NANO)
    bb = k.bb[hand_rows]
    res: dict[str, Any] = {
        "hid": seats["hid"], "seat": seats["seat"], "player": seats["player"],
        "position": seats["position"],
        "contributed": _chips(pa, k.put[hand_rows, seat_rows]),
        "payout": _chips(pa, k.pay[hand_rows, seat_rows]),
        "net": _chips(pa, net), "net_after_rake": _chips(pa, net),
        "allin_ev": _nanos(pa, ev[hand_rows, seat_rows], has_ev[hand_rows]),
        "adjusted_net": _nanos(pa, adj),
        "net_bb": _nanos(pa, _div_nanos(net, bb, 1)),
        "adjusted_net_bb": _nanos(pa, _div_nanos(adj, bb, _NANO))}
    whole = b.rec[rows]
    end = FIXED + PER_SEAT * MAX_SEATS
    got = kernels.phh_stats(b.data, whole[:, START], whole[:, END], whole[:, SEATS],
                            whole[:, FIXED + 1:end:PER_SEAT])
    if got is not None and got[1][k.kept].all():      # C: one pass a hand
        table = got[0]
    else:
        table = stat_arrays(acts, whole[:, SEATS], blinds.astype(np.float64),
                            whole[:, FIXED + 1:end:PER_SEAT]).table
    cols = np.ascontiguousarray(table[k.kept[hand_rows], seat_rows].T, dtype=np.int32)
    for c, name in enumerate(COLUMNS):
        res[name] = pa.array(cols[c])
    return res


def _action_columns(pa: Any, buf: np.ndarray[Any, Any], play: _Play) -> dict[str, Any]:
    """The ``actions`` table's columns."""
    seat = play.seat
    return {
        "hid": pa.array(play.hand.astype(np.int64)),
        "action_index": pa.array(play.index.astype(np.int32)),
        "street": pa.array(play.street.astype(np.int16)),
        "seat": pa.array(np.where(seat >= 0, seat, 0).astype(np.int16), mask=seat < 0),
        "verb": _strings(pa, buf, play.verb[:, 0], play.verb[:, 1]),
        "argument": _strings(pa, buf, play.arg, play.end, play.arg < play.end)}


def _pot_columns(pa: Any, k: _Kept, play: _Play) -> dict[str, Any]:
    """The ``pots`` table's columns."""
    ph, amount, mask, _ = _pots(k, play)
    first = np.ones(len(ph), dtype=np.bool_)
    first[1:] = ph[1:] != ph[:-1]
    pstart = np.flatnonzero(first)
    index = np.arange(len(ph)) - np.repeat(pstart, np.diff(np.append(pstart, len(ph))))
    return {
        "hid": pa.array(ph.astype(np.int64)),
        "pot_index": pa.array(index.astype(np.int16)),
        "amount": _chips(pa, amount), "seats": _seat_lists(pa).take(pa.array(mask))}


def _VERB_AT(buf: np.ndarray[Any, Any], a0: np.ndarray[Any, Any]) -> np.ndarray[Any, Any]:
    """Offset of a player's verb from the start of its action: after ``pN `` / ``pNN ``."""
    two = (buf[np.minimum(a0 + 2, len(buf) - 1)] >= 48) & (buf[np.minimum(a0 + 2,
                                                                          len(buf) - 1)] <= 57)
    out: np.ndarray[Any, Any] = np.where(two, 4, 3)
    return out


def _verb_start(buf: np.ndarray[Any, Any], a0: np.ndarray[Any, Any]) -> np.ndarray[Any, Any]:
    """Where each action's verb starts: after ``d `` or ``pN ``."""
    out: np.ndarray[Any, Any] = np.where(buf[a0] == 100, a0 + 2, a0 + _VERB_AT(buf, a0))
    return out


def _verb_end(buf: np.ndarray[Any, Any], a0: np.ndarray[Any, Any], a1: np.ndarray[Any, Any]
              ) -> np.ndarray[Any, Any]:
    """Where each action's verb ends (the next space, or the action's end)."""
    e = _verb_start(buf, a0).copy()
    going = e < a1
    for _ in range(8):
        at = np.minimum(e, len(buf) - 1)
        going &= (e < a1) & (buf[at] != 32)
        e = np.where(going, e + 1, e)
    out: np.ndarray[Any, Any] = e
    return out
