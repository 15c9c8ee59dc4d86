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

import hashlib
import re
from typing import Any

import numpy as np

from ..core import kernels
from ._base import GAMES
from ._stats_np import COLUMNS, V_DB, V_DH, V_F, V_SM, blinds_of, cut_actions, stat_arrays
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

__all__ = ["fast_tables", "text_key"]

_NANO = 10 ** 9
#: keys whose presence sends a hand to the Python path (fields this builder does not fill)
_SLOW_KEYS = (b"site", b"year", b"month", b"day", b"currency")
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


def _key_lines(data: bytes, key: bytes) -> list[tuple[int, bytes]]:
    """(offset, value) of each ``key = value`` line of ``data``."""
    out = []
    find = data.find
    for m in re.finditer(b"\n" + key + rb"[ \t]*=[ \t]*", data):
        e = find(b"\n", m.end())
        out.append((m.end(), data[m.end():len(data) if e < 0 else e].strip()))
    if data.startswith(key):
        m2 = re.match(key + rb"[ \t]*=[ \t]*", data)
        if m2 is not None:
            e = find(b"\n")
            out.insert(0, (m2.end(), data[m2.end():len(data) if e < 0 else e].strip()))
    return out


#: a ``starting_stacks`` line; group 1 its whole numbers when written plainly (a list
#: of at most 18-digit numbers), else None (the hand goes to the Python path)
_STACKS = re.compile(rb"\nstarting_stacks[ \t]*=[ \t]*(?:\[[ \t]*([0-9]{1,18}"
                     rb"(?:[ \t]*,[ \t]*[0-9]{1,18})*)[ \t]*\][ \t]*\r?(?=\n|\Z))?")


def _stacks(data: bytes, st: np.ndarray[Any, Any], en: np.ndarray[Any, Any],
            n: np.ndarray[Any, Any]) -> tuple[np.ndarray[Any, Any], np.ndarray[Any, Any]]:
    """Each hand's starting stacks ``(hands, MAX_SEATS)`` and whether it has one plain
    ``starting_stacks`` line of one whole number a seat (the others: False)."""
    h = len(st)
    stacks = np.zeros((h, MAX_SEATS), dtype=np.int64)
    at: list[int] = []
    vals: list[bytes | None] = []
    if data.startswith(b"starting_stacks"):        # the first line (no newline before)
        m0 = _STACKS.match(b"\n" + data[:data.find(b"\n") % (len(data) + 1)])
        if m0 is not None:
            at.append(0)
            vals.append(m0.group(1))
    for m in _STACKS.finditer(data):
        at.append(m.start() + 1)
        vals.append(m.group(1))
    k = _hand_of(st, en, at)
    lines = np.bincount(k[k >= 0], minlength=h) if len(k) else np.zeros(h, dtype=np.int64)
    plain = [v is not None for v in vals]
    use = np.flatnonzero((k >= 0) & np.asarray(plain, dtype=np.bool_)) if at else \
        np.zeros(0, dtype=np.int64)
    good = [vals[i] for i in use.tolist()]
    counts = np.asarray([v.count(b",") + 1 for v in good if v is not None], dtype=np.int64)
    hk = k[use]
    got = np.zeros(h, dtype=np.bool_)
    fits = (lines[hk] == 1) & (counts == n[hk]) if len(use) else np.zeros(0, dtype=np.bool_)
    if fits.any():
        text = b",".join(v for v, f in zip(good, fits.tolist()) if f and v is not None)
        nums = np.array(text.split(b",")).astype(np.int64)
        rows = hk[fits]
        c = counts[fits]
        seat = np.arange(len(nums)) - np.repeat(np.cumsum(c) - c, c)
        stacks[np.repeat(rows, c), seat] = nums
        got[rows] = True
    return stacks, got


def _hand_of(starts: np.ndarray[Any, Any], ends: np.ndarray[Any, Any], pos: list[int]
             ) -> np.ndarray[Any, Any]:
    """The hand each offset is in (-1 outside every hand)."""
    p = np.asarray(pos, dtype=np.int64)
    k = np.searchsorted(starts, p, side="right") - 1
    kk = np.maximum(k, 0)
    return np.where((k >= 0) & (p < ends[kk]), k, -1)


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


def fast_tables(pa: Any, b: Any, rows: np.ndarray[Any, Any], numbers: list[int],
                keys: list[str], schema: dict[str, list[tuple[str, str]]], arrow: Any
                ) -> tuple[dict[str, Any], np.ndarray[Any, Any]]:
    """The five tables of fast hands ``rows`` of batch ``b`` (``numbers`` their hand
    numbers, ``keys`` their store keys) in ``schema`` (``arrow(pa, type)`` the Arrow
    type of a column type), and a mask of the rows left to the Python path (their
    rows are not in the tables)."""
    data = b.data
    rec = b.rec[rows]
    h = len(rows)
    st, en = rec[:, START], rec[:, END]
    slow = rec[:, STATUS] != OK
    for key in _SLOW_KEYS:
        if b"\n" + key in data or data.startswith(key):
            found = _key_lines(data, key)
            k = _hand_of(st, en, [p for p, _ in found])
            slow[k[k >= 0]] = True
    hand_id: list[str | None] = [None] * h
    if b"hand" in data:
        found = _key_lines(data, b"hand")
        for k, (_, val) in zip(_hand_of(st, en, [p for p, _ in found]).tolist(), found):
            if k < 0:
                continue
            if val.isdigit():
                hand_id[k] = str(int(val))
            else:
                slow[k] = True
    n = rec[:, SEATS].astype(np.int64)
    acts = cut_actions(data, st, en)
    slow |= ~acts.ok
    blinds_all = blinds = blinds_of(data, st, en)
    slow |= ~(blinds > 0).any(axis=1)
    stacks, got = _stacks(data, st, en, n)
    slow |= ~got
    keep = ~slow
    if not keep.any():
        return {}, slow
    rec, st, en, n = rec[keep], st[keep], en[keep], n[keep]
    kept = np.flatnonzero(keep)
    hk = [keys[i] for i in kept.tolist()]
    blinds, stacks = blinds[keep], stacks[keep]
    m = len(kept)
    # actions of the kept hands only
    amask = keep[acts.hand]
    remap = np.cumsum(keep) - 1
    ah = remap[acts.hand[amask]]
    a0, a1, verb, aseat = acts.start[amask], acts.end[amask], acts.verb[amask], \
        acts.seat[amask]
    arg = acts.arg[amask]
    buf = np.frombuffer(data, dtype=np.uint8)
    end = FIXED + PER_SEAT * MAX_SEATS
    put = rec[:, FIXED:end:PER_SEAT]
    pay = rec[:, FIXED + 1:end:PER_SEAT]
    seat_ok = np.arange(MAX_SEATS)[None, :] < n[:, None]
    net = pay - put
    # the board, the hole cards, the folded and mucked seats, from the actions
    first = np.ones(len(ah), dtype=np.bool_)
    first[1:] = ah[1:] != ah[:-1]
    start_of = np.flatnonzero(first)
    idx_in_hand = np.arange(len(ah)) - np.repeat(start_of, np.diff(np.append(start_of,
                                                                              len(ah))))
    street = np.cumsum(verb == V_DB)
    street = street - np.repeat(street[start_of] - (verb[start_of] == V_DB), np.diff(
        np.append(start_of, len(ah))))
    folded = np.zeros((m, MAX_SEATS), dtype=np.bool_)
    f = verb == V_F
    folded[ah[f], aseat[f]] = True
    cards_at = (verb == V_DH) | (verb == V_SM)
    known = cards_at & (arg < a1)
    has_q = np.zeros(len(ah), dtype=np.bool_)
    if b"?" in data:
        qpos = np.flatnonzero(buf == 63)
        k = np.searchsorted(a0, qpos, side="right") - 1
        good = (k >= 0) & (qpos < a1[np.maximum(k, 0)])
        has_q[k[good]] = True
    mucked = np.zeros((m, MAX_SEATS), dtype=np.bool_)
    sm = verb == V_SM
    mk = sm & ((arg >= a1) | has_q)
    mucked[ah[mk], aseat[mk]] = True
    # a dealt hand "d dh pN cards": the seat is the third word
    dh_seat = np.full(len(ah), -1, dtype=np.int64)
    dh = np.flatnonzero(verb == V_DH)
    if len(dh):
        p = arg[dh]
        d1 = buf[np.minimum(p + 1, len(buf) - 1)].astype(np.int64) - 48
        d2 = buf[np.minimum(p + 2, len(buf) - 1)].astype(np.int64) - 48
        two = (d2 >= 0) & (d2 <= 9) & (p + 2 < a1[dh])
        dh_seat[dh] = np.where(two, d1 * 10 + d2, d1) - 1
        arg = arg.copy()
        arg[dh] = np.minimum(np.where(two, p + 4, p + 3), a1[dh])
    hole_seat = np.where(verb == V_DH, dh_seat, aseat.astype(np.int64))
    show = known & ~has_q & (hole_seat >= 0) & (arg < a1)
    hole_s = np.full((m, MAX_SEATS), -1, dtype=np.int64)
    hole_e = np.full((m, MAX_SEATS), -1, dtype=np.int64)
    si = np.flatnonzero(show)
    hole_s[ah[si], hole_seat[si]] = arg[si]          # the last written wins
    hole_e[ah[si], hole_seat[si]] = a1[si]
    # boards: the dealt board cards of each hand, joined
    dbi = np.flatnonzero(verb == V_DB)
    board = _joined(pa, buf, arg[dbi], a1[dbi], ah[dbi], m)
    # pots, as settle cuts them (allin.pots_of), on whole arrays
    out_ = (folded | mucked) & seat_ok
    live = ~out_ & seat_ok
    nlive = live.sum(axis=1)
    none_live = nlive == 0
    if none_live.any():    # every seat out: the top contributor keeps its claim
        for hk_ in np.flatnonzero(none_live).tolist():
            cand = [(not folded[hk_, s_], int(put[hk_, s_])) for s_ in range(int(n[hk_]))]
            live[hk_, max(range(int(n[hk_])), key=lambda s_: cand[s_])] = True
        nlive = live.sum(axis=1)
    dead = rec[:, DEAD]
    big = np.iinfo(np.int64).max
    lv = np.sort(np.where(live, put, big), axis=1)
    distinct = np.ones_like(lv, dtype=np.bool_)
    distinct[:, 1:] = lv[:, 1:] != lv[:, :-1]
    distinct &= lv != big
    pot_hand, pot_amt, pot_elig = [], [], []
    low = np.zeros(m, dtype=np.int64)
    nlev = distinct.sum(axis=1)
    # levels packed left
    order = np.argsort(~distinct, axis=1, kind="stable")
    levels = np.take_along_axis(lv, order, axis=1)
    single = nlive == 1
    putm = np.where(seat_ok, put, 0)
    total = putm.sum(axis=1) + dead
    for j in range(MAX_SEATS):
        act = (j < nlev) & ~single
        if not act.any():
            break
        high = np.where(act, levels[:, j], 0)
        last = (j == nlev - 1)
        amt = (np.minimum(putm, high[:, None]) - np.minimum(putm, low[:, None])).sum(axis=1)
        amt += np.where(last, np.maximum(putm - high[:, None], 0).sum(axis=1), 0)
        amt += np.where(j == 0, dead, 0)
        el = live & (put >= high[:, None])
        go = act & (amt != 0)
        hh = np.flatnonzero(go)
        pot_hand.append(hh)
        pot_amt.append(amt[hh])
        pot_elig.append(el[hh])
        low = np.where(act, high, low)
    hs = np.flatnonzero(single)
    pot_hand.append(hs)
    pot_amt.append(total[hs])
    pot_elig.append(live[hs])
    ph = np.concatenate(pot_hand)
    pa_ = np.concatenate(pot_amt)
    pe = np.concatenate(pot_elig) if len(ph) else np.zeros((0, MAX_SEATS), dtype=np.bool_)
    o = np.argsort(ph, kind="stable")
    ph, pa_, pe = ph[o], pa_[o], pe[o]
    pfirst = np.ones(len(ph), dtype=np.bool_)
    pfirst[1:] = ph[1:] != ph[:-1]
    pstart = np.flatnonzero(pfirst)
    pidx = np.arange(len(ph)) - np.repeat(pstart, np.diff(np.append(pstart, len(ph))))
    elig_mask = pe.astype(np.int64) @ (np.int64(1) << np.arange(MAX_SEATS, dtype=np.int64))
    # the all-in EV (exact, as the summary's columns)
    ev_rows = np.flatnonzero(rec[:, FLAGS] & ALLIN)
    ev = np.zeros((m, MAX_SEATS), dtype=np.int64)
    has_ev = np.zeros(m, dtype=np.bool_)
    if len(ev_rows):
        sub = rows[keep]
        full = sub[ev_rows] - 0
        got_ev = _allin_rows(b, 0, full)
        loc = {int(r_): k for k, r_ in enumerate(sub.tolist())}
        for (i, seat_), q in got_ev.items():
            ev[loc[i], seat_] = q
            has_ev[loc[i]] = True
    # big blind: the second smallest blind posted (the only one when one is)
    bl = np.where(blinds > 0, blinds, np.inf)
    bls = np.sort(bl, axis=1)
    bb = np.where(np.isfinite(bls[:, 1]), bls[:, 1], bls[:, 0]).astype(np.int64)
    # ---- the tables
    hand_rows = np.repeat(np.arange(m), n)
    seat_rows = np.arange(len(hand_rows)) - np.repeat(np.cumsum(n) - n, n)
    files = pa.array(b.files, pa.string()).take(pa.array(rec[:, SEGMENT]))
    var_off = rec[:, VARIANT] & ((1 << 40) - 1)
    var_len = rec[:, VARIANT] >> 40
    variants = _strings(pa, buf, var_off, var_off + var_len).dictionary_encode()
    games = pa.array([GAMES.get(v, ("", None))[1] for v in variants.dictionary.to_pylist()],
                     pa.string()).take(variants.indices)
    kept_l = kept.tolist()
    agree = rec[:, AGREE]
    out: dict[str, Any] = {}
    local = pa.array(np.arange(m, dtype=np.int64))      # hid, counted from 0 in the table
    cols: dict[str, Any] = {
        "hid": local,
        "hand_key": pa.array(hk, pa.string()),
        "site": pa.array(["PHH"] * m, pa.string()),
        "hand_id": pa.array([hand_id[i] for i in kept_l], pa.string()),
        "file": files,
        "hand_number": pa.array(np.asarray(numbers, dtype=np.int32)[kept]),
        "date": pa.nulls(m, pa.date32()),
        "variant": variants.dictionary_decode(),
        "game": games,
        "seats": pa.array(n.astype(np.int16)),
        "unit": pa.array(["chips"] * m, pa.string()),
        "big_blind": _chips(pa, bb),
        "board": board,
        "pot": _chips(pa, total),
        "rake": _chips(pa, np.zeros(m, dtype=np.int64)),
        "allin": pa.array(has_ev),
        "agrees_with_record": pa.array(agree == 1, mask=agree == -1),
        "settle_error": pa.nulls(m, pa.string()),
    }
    out["hands"] = cols
    names = _names(pa, buf, rec, hand_rows, seat_rows)
    key_rows = pa.array(hand_rows.astype(np.int64))
    _seat_lists(pa)
    pos_names = _POS_NAMES.take(pa.array(_POS_AT[n[hand_rows]] + seat_rows))
    hs_, he_ = hole_s[hand_rows, seat_rows], hole_e[hand_rows, seat_rows]
    out["seats"] = {
        "hid": key_rows, "seat": pa.array(seat_rows.astype(np.int16)),
        "player": names, "position": pos_names,
        "starting_stack": _chips(pa, stacks[hand_rows, seat_rows]),
        "hole_cards": _strings(pa, buf, np.maximum(hs_, 0), np.maximum(he_, 0), hs_ >= 0)}
    netr = net[hand_rows, seat_rows]
    adj = np.where(has_ev[hand_rows], ev[hand_rows, seat_rows], netr * _NANO)
    bbr = bb[hand_rows]
    res: dict[str, Any] = {
        "hid": key_rows, "seat": out["seats"]["seat"], "player": out["seats"]["player"],
        "position": out["seats"]["position"],
        "contributed": _chips(pa, put[hand_rows, seat_rows]),
        "payout": _chips(pa, pay[hand_rows, seat_rows]),
        "net": _chips(pa, netr), "net_after_rake": _chips(pa, netr),
        "allin_ev": _nanos(pa, ev[hand_rows, seat_rows], has_ev[hand_rows]),
        "adjusted_net": _nanos(pa, adj),
        "net_bb": _nanos(pa, _div_nanos(netr, bbr, 1)),
        "adjusted_net_bb": _nanos(pa, _div_nanos(adj, bbr, _NANO))}
    whole = b.rec[rows]
    got_c = kernels.phh_stats(data, whole[:, START], whole[:, END], whole[:, SEATS],
                              whole[:, FIXED + 1:end:PER_SEAT])
    if got_c is not None and got_c[1][kept].all():      # C: one pass a hand
        table = got_c[0]
    else:
        table = stat_arrays(acts, whole[:, SEATS], blinds_all,
                            whole[:, FIXED + 1:end:PER_SEAT]).table
    kr = kept[hand_rows]
    for c, name in enumerate(COLUMNS):
        res[name] = pa.array(table[kr, seat_rows, c].astype(np.int32))
    out["results"] = res
    out["actions"] = {
        "hid": pa.array(ah.astype(np.int64)),
        "action_index": pa.array(idx_in_hand.astype(np.int32)),
        "street": pa.array(street.astype(np.int16)),
        "seat": pa.array(np.where(aseat >= 0, aseat, 0).astype(np.int16), mask=aseat < 0),
        "verb": _strings(pa, buf, _verb_start(buf, a0), _verb_end(buf, a0, a1)),
        "argument": _strings(pa, buf, acts.arg[amask], a1, acts.arg[amask] < a1)}
    out["pots"] = {
        "hid": pa.array(ph.astype(np.int64)),
        "pot_index": pa.array(pidx.astype(np.int16)),
        "amount": _chips(pa, pa_), "seats": _seat_lists(pa).take(pa.array(elig_mask))}
    tables: dict[str, Any] = {}
    for t, spec in schema.items():
        fields = [pa.field(c, arrow(pa, ty)) for c, ty in spec]
        tables[t] = pa.table([out[t][c].cast(f.type) for (c, _), f in zip(spec, fields)],
                             schema=pa.schema(fields))
    return tables, slow


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
