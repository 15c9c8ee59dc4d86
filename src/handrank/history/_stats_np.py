"""The statistics of :func:`handrank.history.stats.hand_stats` for many hands at once.

The same definitions as :mod:`.stats` (PokerTracker 4's), computed on whole
arrays: the PHH action strings of a block of fast-path hands are cut into
seat, verb and amount with numpy on the text's bytes, then every hand walks
its actions together (step ``k`` updates the state of every hand whose
``k``-th action it is).  :func:`hand_stats` is the reference: the tests
check both give the same counts, hand by hand.

A hand whose action text is not in the plain form real files use (single
quoted strings, one space between words, whole-number amounts) is marked
``ok = False`` and left to :func:`hand_stats`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

import numpy as np

from .stats import ALWAYS_STATS, FLOP_STATS, PREFLOP_STATS, positions

__all__ = ["Actions", "StatArrays", "cut_actions", "stat_arrays"]

V_OTHER, V_F, V_CC, V_CBR, V_DB, V_SM, V_DH = range(7)
MAX_SEATS = 12

_NAMES = PREFLOP_STATS + FLOP_STATS
_IX = {k: i for i, k in enumerate(_NAMES)}
_ACTIONS = re.compile(rb"(?m)^actions[ \t]*=[ \t]*\[([^\]\n]*)\][ \t]*\r?$")

# position tables: [seats, seat]
_STEAL = np.zeros((MAX_SEATS + 1, MAX_SEATS), dtype=np.bool_)
_BB = np.zeros((MAX_SEATS + 1, MAX_SEATS), dtype=np.bool_)
_SB = np.zeros((MAX_SEATS + 1, MAX_SEATS), dtype=np.bool_)
for _n in range(2, MAX_SEATS + 1):
    for _s, _p in enumerate(positions(_n)):
        _STEAL[_n, _s] = _p in ("CO", "BTN", "SB")
        _BB[_n, _s] = _p == "BB"
        _SB[_n, _s] = _p == "SB"


@dataclass
class Actions:
    """The actions of a block of hands, flat and in order (hand by hand).

    ``hand`` indexes the hands given; ``seat`` is -1 for the dealer;
    ``amount`` the amount of a ``cbr`` (NaN without one); ``start`` /
    ``end`` the action's bytes in the text, ``arg`` where its argument
    starts (``end`` when it has none).  ``ok[i]`` is False for a hand the
    byte cutter does not read (left to the Python path).
    """

    hand: np.ndarray[Any, Any]
    seat: np.ndarray[Any, Any]
    verb: np.ndarray[Any, Any]
    amount: np.ndarray[Any, Any]
    start: np.ndarray[Any, Any]
    end: np.ndarray[Any, Any]
    arg: np.ndarray[Any, Any]
    ok: np.ndarray[Any, Any]


def cut_actions(data: bytes, starts: np.ndarray[Any, Any], ends: np.ndarray[Any, Any]
                ) -> Actions:
    """The actions of the hands at ``data[starts[i]:ends[i]]`` (PHH text)."""
    h = len(starts)
    rs = np.asarray(starts, dtype=np.int64).copy()     # sorted: hands in text order
    re_ = rs.copy()
    ok = np.zeros(h, dtype=np.bool_)
    if h == 0:
        z = np.zeros(0, dtype=np.int64)
        return Actions(z, z.astype(np.int16), z.astype(np.int8), z.astype(np.float64), z, z,
                       z, ok)
    search = _ACTIONS.search
    for i, (a, b) in enumerate(zip(starts.tolist(), ends.tolist())):
        m = search(data, a, b)
        if m is not None:
            rs[i], re_[i], ok[i] = m.start(1), m.end(1), True
    buf = np.frombuffer(data + b"\0\0\0\0\0\0", dtype=np.uint8)
    empty = np.zeros(0, dtype=np.int64)

    def inside(pos: np.ndarray[Any, Any]) -> tuple[np.ndarray[Any, Any], np.ndarray[Any, Any]]:
        """The positions inside an actions region, and their hand."""
        k = np.searchsorted(rs, pos, side="right") - 1
        good = k >= 0
        kk = np.where(good, k, 0)
        good &= ok[kk] & (pos >= rs[kk]) & (pos < re_[kk])
        return pos[good], kk[good]

    region = buf[:len(data)]
    # quoting or spacing the cutter does not read: the Python path
    for bad in (b'"', b"\\", b"\t", b"\r"):
        _, hb = inside(np.flatnonzero(region == bad[0]))
        ok[hb] = False
    sp = np.flatnonzero(region == 32)
    dbl = sp[:-1][np.diff(sp) == 1] if len(sp) > 1 else empty
    _, hb = inside(dbl)
    ok[hb] = False
    q, hq = inside(np.flatnonzero(region == 39))
    odd = np.bincount(hq, minlength=h) % 2 == 1
    ok[odd] = False
    keep = ok[hq]
    q, hq = q[keep], hq[keep]
    a0, a1, hand = q[0::2] + 1, q[1::2], hq[0::2]
    # between two strings only ", " (or ","): otherwise the Python path
    gap_ok = np.ones(len(a0), dtype=np.bool_)
    if len(a0) > 1:
        same = hand[1:] == hand[:-1]
        g0, g1 = a1[:-1] + 1, a0[1:] - 1          # the bytes between two quotes
        glen = g1 - g0
        fine = ((glen == 1) & (buf[g0] == 44)) | ((glen == 2) & (buf[g0] == 44)
                                                  & (buf[np.minimum(g0 + 1, len(data))] == 32))
        gap_ok[1:] = ~same | fine
    ok[hand[~gap_ok]] = False
    # what the regions hold before the first string and after the last: spaces only
    first = np.ones(len(a0), dtype=np.bool_)
    first[1:] = hand[1:] != hand[:-1]
    ok[hand[first & (a0 - 1 != rs[hand])]] = False
    last = np.ones(len(a0), dtype=np.bool_)
    last[:-1] = hand[1:] != hand[:-1]
    tail = a1[last] + 1
    ok[hand[last][~((tail == re_[hand[last]])
                    | ((buf[tail] == 44) & (tail + 1 == re_[hand[last]])))]] = False
    keep = ok[hand]
    a0, a1, hand = a0[keep], a1[keep], hand[keep]
    c0 = buf[a0]
    dealer = (c0 == 100) & (buf[a0 + 1] == 32) & (a0 + 1 < a1)
    d1, d2 = buf[a0 + 1].astype(np.int64) - 48, buf[a0 + 2].astype(np.int64) - 48
    two = (d2 >= 0) & (d2 <= 9) & (a0 + 2 < a1)
    player = (c0 == 112) & (d1 >= 0) & (d1 <= 9) & (a0 + 1 < a1)
    seat = np.where(two, d1 * 10 + d2, d1) - 1
    sp_at = np.where(dealer, a0 + 1, np.where(two, a0 + 3, a0 + 2))
    player &= (sp_at < a1) & (buf[sp_at] == 32)
    seat = np.where(player, seat, -1)
    v0 = sp_at + 1

    def word(w: bytes) -> np.ndarray[Any, Any]:
        m = np.ones(len(v0), dtype=np.bool_)
        for k, ch in enumerate(w):
            m &= (v0 + k < a1) & (buf[v0 + k] == ch)
        e = v0 + len(w)
        out: np.ndarray[Any, Any] = m & ((e == a1) | (buf[e] == 32))
        return out
    verb = np.full(len(a0), V_OTHER, dtype=np.int8)
    verb[player & word(b"f")] = V_F
    verb[player & word(b"cc")] = V_CC
    verb[player & word(b"cbr")] = V_CBR
    verb[player & word(b"sm")] = V_SM
    verb[dealer & word(b"db")] = V_DB
    verb[dealer & word(b"dh")] = V_DH
    arg = np.where(verb == V_CBR, v0 + 4, np.where(verb == V_F, v0 + 2,
                   np.where(np.isin(verb, (V_CC, V_SM, V_DB, V_DH)), v0 + 3, a1)))
    arg = np.minimum(arg, a1)
    # a bet's amount: whole numbers only (a decimal point: the Python path)
    amount = np.full(len(a0), np.nan)
    cb = np.flatnonzero((verb == V_CBR) & (arg < a1))
    if len(cb):
        p, e = arg[cb], a1[cb]
        val = np.zeros(len(cb), dtype=np.int64)
        going = np.ones(len(cb), dtype=np.bool_)
        fine = np.ones(len(cb), dtype=np.bool_)
        for k in range(19):
            at = p + k
            ch = buf[np.minimum(at, len(data))].astype(np.int64)
            end_here = going & ((at >= e) | (ch == 32))
            fine &= ~(end_here & (k == 0))
            going &= ~end_here
            dig = (ch >= 48) & (ch <= 57)
            fine &= ~(going & ~dig)
            going &= dig
            val = np.where(going, val * 10 + (ch - 48), val)
        fine &= ~going
        amount[cb] = val.astype(np.float64)
        ok[hand[cb[~fine]]] = False
    return Actions(hand, seat.astype(np.int16), verb, amount, a0, a1, arg, ok)


@dataclass
class StatArrays:
    """Counts of a block of hands: ``did[name]`` and ``opp[name]`` are ``(hands, 12)``
    int8 (0/1), ``aggression[name]`` ``(hands, 12)`` int32 counts; ``preflop`` and
    ``flop`` say per hand whether those statistics have a meaning (else absent)."""

    did: dict[str, np.ndarray[Any, Any]]
    opp: dict[str, np.ndarray[Any, Any]]
    aggression: dict[str, np.ndarray[Any, Any]]
    preflop: np.ndarray[Any, Any]
    flop: np.ndarray[Any, Any]


def stat_arrays(acts: Actions, seats: np.ndarray[Any, Any], blinds: np.ndarray[Any, Any],
                payouts: np.ndarray[Any, Any]) -> StatArrays:
    """The statistics of board games with blinds, as :func:`.stats.hand_stats` counts them.

    ``seats`` (hands,), ``blinds`` (hands, 12) each seat's blind or straddle in
    PHH order, ``payouts`` (hands, 12) the chips each seat won from the pots
    (a payout above zero is a hand won).  Every hand is a board game; a hand
    with no blind above zero has no preflop statistics.
    """
    nh = len(seats)
    ns = MAX_SEATS
    nsts = len(_NAMES)
    did = np.zeros((nh, ns, nsts), dtype=np.int8)
    opp = np.zeros((nh, ns, nsts), dtype=np.int8)
    agg = np.zeros((nh, ns, 3), dtype=np.int32)
    has_bl: np.ndarray[Any, Any] = np.asarray((blinds > 0).any(axis=1))
    posted = blinds.astype(np.float64).copy()
    hu = seats == 2
    posted[hu, 0], posted[hu, 1] = blinds[hu, 1], blinds[hu, 0]
    posted[~has_bl] = 0.0
    to_call = posted.max(axis=1)
    street = np.zeros(nh, dtype=np.int64)
    raises = np.zeros(nh, dtype=np.int64)
    callers = np.zeros(nh, dtype=np.int64)
    limped = np.zeros(nh, dtype=np.bool_)
    first_raiser = np.full(nh, -1, dtype=np.int64)
    steal_from = np.full(nh, -1, dtype=np.int64)
    prev_aggr = np.full(nh, -1, dtype=np.int64)
    aggr = np.full(nh, -1, dtype=np.int64)
    cbettor = np.full(nh, -1, dtype=np.int64)
    prev_cb = np.full(nh, -1, dtype=np.int64)
    folded = np.zeros((nh, ns), dtype=np.bool_)
    saw = np.zeros((nh, ns), dtype=np.bool_)
    use = acts.ok[acts.hand] & np.isin(acts.verb, (V_F, V_CC, V_CBR, V_DB))
    hand_all = acts.hand[use]
    seat_all = acts.seat[use].astype(np.int64)
    verb_all = acts.verb[use]
    amt_all = acts.amount[use]
    if len(hand_all):
        brk = np.flatnonzero(np.diff(hand_all)) + 1
        first = np.zeros(len(hand_all), dtype=np.int64)
        first[brk] = brk
        first = np.maximum.accumulate(first)
        step = np.arange(len(hand_all)) - first
        order = np.argsort(step, kind="stable")
        counts = np.bincount(step)
        bounds = np.concatenate(([0], np.cumsum(counts)))
    else:
        order, bounds = np.zeros(0, dtype=np.int64), np.zeros(1, dtype=np.int64)
    ix = _IX

    def mark(k: Any, hh: Any, ss: Any, m: Any, d: Any) -> None:
        kk: Any = k if np.isscalar(k) else k[m]
        opp[hh[m], ss[m], kk] = 1
        did[hh[m], ss[m], kk] |= d[m].astype(np.int8)

    for j in range(len(bounds) - 1):
        sel = order[bounds[j]:bounds[j + 1]]
        h, s, v, amt = hand_all[sel], seat_all[sel], verb_all[sel], amt_all[sel]
        dl = v == V_DB
        if dl.any():
            hd = h[dl]
            street[hd] += 1
            f1 = hd[street[hd] == 1]
            saw[f1] = ~folded[f1]
            prev_aggr[hd], aggr[hd] = aggr[hd], -1
            prev_cb[hd], cbettor[hd] = cbettor[hd], -1
            raises[hd] = 0
            callers[hd] = 0
            posted[hd] = 0.0
            to_call[hd] = 0.0
        pl = ~dl & (s >= 0) & (s < seats[h])
        if not pl.all():
            h, s, v, amt = h[pl], s[pl], v[pl], amt[pl]
        if not len(h):
            continue
        isf, iscc, iscbr = v == V_F, v == V_CC, v == V_CBR
        facing = to_call[h] > posted[h, s]
        st, rz = street[h], raises[h]
        n = seats[h]
        pre = (st == 0) & has_bl[h]
        if pre.any():
            mark(ix["vpip"], h, s, pre, iscbr | (iscc & facing))
            mark(ix["pfr"], h, s, pre, iscbr)
            mark(ix["three_bet"], h, s, pre & (rz == 1), iscbr)
            m4 = pre & (rz == 2)
            mark(ix["four_bet"], h, s, m4, iscbr)
            mark(ix["fold_to_three_bet"], h, s, m4 & (s == first_raiser[h]), isf)
            mark(ix["steal"], h, s, pre & (rz == 0) & ~limped[h] & _STEAL[n, s], iscbr)
            mark(ix["fold_to_steal"], h, s,
                 pre & (steal_from[h] >= 0) & (rz == 1) & (callers[h] == 0)
                 & (_BB[n, s] | _SB[n, s]) & (s != steal_from[h]), isf)
        post = st >= 1
        chain = np.where(st == 1, prev_aggr[h], prev_cb[h])
        if post.any():
            k = np.clip(st, 1, 3) - 1
            cbk = ix["cbet_flop"] + k
            mark(cbk, h, s, post & (rz == 0) & (chain >= 0) & (s == chain), iscbr)
            fck = ix["fold_to_cbet_flop"] + k
            cbh = cbettor[h]
            mark(fck, h, s, post & (cbh >= 0) & (rz == 1) & (s != cbh), isf)
        ag = post | ~has_bl[h]
        for col, m in ((0, ag & iscbr), (1, ag & iscc & facing), (2, ag & isf)):
            agg[h[m], s[m], col] += 1
        folded[h[isf], s[isf]] = True
        call = iscc & facing
        hc, sc = h[call], s[call]
        posted[hc, sc] = to_call[hc]
        limped[h[call & (rz == 0)]] = True
        callers[h[call & (rz > 0)]] += 1
        if iscbr.any():
            pre0 = st == 0
            m = iscbr & pre0 & (rz == 0)
            first_raiser[h[m]] = s[m]
            steal_from[h[m]] = np.where(~limped[h[m]] & _STEAL[n[m], s[m]], s[m], -1)
            steal_from[h[iscbr & pre0 & (rz > 0)]] = -1
            m = iscbr & ~pre0 & (rz == 0) & (s == chain)
            cbettor[h[m]] = s[m]
            hb, sb = h[iscbr], s[iscbr]
            a = np.where(np.isnan(amt[iscbr]), to_call[hb], amt[iscbr])
            raises[hb] += 1
            callers[hb] = 0
            aggr[hb] = sb
            posted[hb, sb] = a
            to_call[hb] = np.maximum(to_call[hb], a)
    seat_ok = np.arange(ns)[None, :] < seats[:, None]
    live = (~folded & seat_ok).sum(axis=1)
    showdown = (live > 1) & (street >= 1)
    sawf = saw & (street >= 1)[:, None] & seat_ok
    atsd = showdown[:, None] & ~folded & sawf
    won = payouts > 0
    for name, o, d in (("wtsd", sawf, atsd), ("wwsf", sawf, sawf & won),
                       ("wsd", atsd, atsd & won)):
        opp[:, :, ix[name]] = o
        did[:, :, ix[name]] = d
    return StatArrays({k: did[:, :, i] for k, i in ix.items()},
                      {k: opp[:, :, i] for k, i in ix.items()},
                      {k: agg[:, :, i] for i, k in enumerate(ALWAYS_STATS)},
                      has_bl, np.ones(nh, dtype=np.bool_))
