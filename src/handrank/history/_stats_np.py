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

from ..core import kernels
from .stats import ALWAYS_STATS, FLOP_STATS, PREFLOP_STATS, positions

__all__ = ["Actions", "StatArrays", "cut_actions", "from_table", "stat_arrays"]

V_OTHER, V_F, V_CC, V_CBR, V_DB, V_SM, V_DH = range(7)
MAX_SEATS = 12

_NAMES = PREFLOP_STATS + FLOP_STATS
_IX = {k: i for i, k in enumerate(_NAMES)}
_ACTIONS = re.compile(rb"\nactions = \[")

# position tables: [seats, seat]
_STEAL = np.zeros((MAX_SEATS + 1, MAX_SEATS), dtype=np.bool_)
_BB = np.zeros((MAX_SEATS + 1, MAX_SEATS), dtype=np.bool_)
_SB = np.zeros((MAX_SEATS + 1, MAX_SEATS), dtype=np.bool_)
for _n in range(2, MAX_SEATS + 1):
    for _s, _p in enumerate(positions(_n)):
        _STEAL[_n, _s] = _p in ("CO", "BTN", "SB")
        _BB[_n, _s] = _p == "BB"
        _SB[_n, _s] = _p == "SB"


_WHOLE: dict[bytes, re.Pattern[bytes]] = {}


def _arrays(pat: re.Pattern[bytes], data: bytes) -> list[tuple[int, int]]:
    """The insides ``[a, b)`` of the one-line arrays whose key ``pat`` matches (up to
    and with the opening bracket, at a line start); the closing bracket must end
    the line (spaces and a carriage return may follow)."""
    whole = _WHOLE.get(pat.pattern)
    if whole is None:       # the key, the inside up to the first "]", blanks to the line end
        whole = _WHOLE[pat.pattern] = re.compile(
            pat.pattern + rb"([^\]\n]*)\][ \t\r\x0b\x0c]*(?=\n|\Z)")
    out = [m.span(1) for m in whole.finditer(data)]
    if data.startswith(pat.pattern[2:].replace(b"\\[", b"[")):
        m = pat.match(b"\n" + data[:200])
        if m is not None:
            a = m.end() - 1
            find = data.find
            b = find(b"]", a)
            nl = find(b"\n", a)
            nl = len(data) if nl < 0 else nl
            if 0 <= b < nl and not data[b + 1:nl].strip():
                out.insert(0, (a, b))
    return out


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


def _inside(pos: np.ndarray[Any, Any], rs: np.ndarray[Any, Any], re_: np.ndarray[Any, Any],
            ok: np.ndarray[Any, Any]) -> tuple[np.ndarray[Any, Any], np.ndarray[Any, Any]]:
    """The positions of `pos` inside an actions region ``[rs[k], re_[k])`` of a hand
    still read (``ok[k]``), and their hand."""
    k = np.searchsorted(rs, pos, side="right") - 1
    good = k >= 0
    kk = np.where(good, k, 0)
    good &= ok[kk] & (pos >= rs[kk]) & (pos < re_[kk])
    return pos[good], kk[good]


def _regions(data: bytes, starts: np.ndarray[Any, Any], ends: np.ndarray[Any, Any]
             ) -> tuple[np.ndarray[Any, Any], np.ndarray[Any, Any], np.ndarray[Any, Any]]:
    """Each hand's ``actions = [...]`` inside ``[rs, re_)`` and whether it has one
    (``ok``; else the region is empty at the hand's start)."""
    rs = np.asarray(starts, dtype=np.int64).copy()     # sorted: hands in text order
    re_ = rs.copy()
    ok = np.zeros(len(starts), dtype=np.bool_)
    found = _arrays(_ACTIONS, data)
    if found:
        f = np.array(found, dtype=np.int64)
        at = np.searchsorted(rs, f[:, 0], side="right") - 1
        mine = (at >= 0) & (f[:, 1] <= ends[np.maximum(at, 0)])
        at, f = at[mine], f[mine]
        rs[at], re_[at], ok[at] = f[:, 0], f[:, 1], True
    return rs, re_, ok


def _refuse_unplain(data: bytes, region: np.ndarray[Any, Any], rs: np.ndarray[Any, Any],
                    re_: np.ndarray[Any, Any], ok: np.ndarray[Any, Any]) -> None:
    """Mark not `ok` the hands whose actions hold quoting or spacing the cutter does
    not read (a byte search first: clean text never pays for the pass)."""
    for bad in (b'"', b"\\", b"\t", b"\r"):
        if bad in data:
            _, hb = _inside(np.flatnonzero(region == bad[0]), rs, re_, ok)
            ok[hb] = False
    if b"  " in data:
        sp = np.flatnonzero(region == 32)
        dbl = sp[:-1][np.diff(sp) == 1] if len(sp) > 1 else np.zeros(0, dtype=np.int64)
        _, hb = _inside(dbl, rs, re_, ok)
        ok[hb] = False


def _strings(buf: np.ndarray[Any, Any], n: int, rs: np.ndarray[Any, Any],
             re_: np.ndarray[Any, Any], ok: np.ndarray[Any, Any]
             ) -> tuple[np.ndarray[Any, Any], np.ndarray[Any, Any], np.ndarray[Any, Any]]:
    """The single-quoted strings of the hands still `ok`: their insides ``[a0, a1)``
    and hand, the list checked to be plain (``'...', '...'`` and nothing else; a hand
    that is not is marked not `ok` and left out)."""
    h = len(rs)
    q, hq = _inside(np.flatnonzero(buf[:n] == 39), rs, re_, ok)
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
                                                  & (buf[np.minimum(g0 + 1, n)] == 32))
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
    return a0[keep], a1[keep], hand[keep]


def _seats_verbs(buf: np.ndarray[Any, Any], a0: np.ndarray[Any, Any],
                 a1: np.ndarray[Any, Any]
                 ) -> tuple[np.ndarray[Any, Any], np.ndarray[Any, Any], np.ndarray[Any, Any]]:
    """Each action's seat (-1: the dealer, or not a player's), verb (``V_*``) and where
    its argument starts (`a1` when it has none)."""
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
    return seat, verb, np.minimum(arg, a1)


def _amounts(buf: np.ndarray[Any, Any], n: int, verb: np.ndarray[Any, Any],
             arg: np.ndarray[Any, Any], a1: np.ndarray[Any, Any], hand: np.ndarray[Any, Any],
             ok: np.ndarray[Any, Any]) -> np.ndarray[Any, Any]:
    """A bet's amount (NaN for other actions): whole numbers only (a decimal point, or
    anything else: the hand is marked not `ok`, for the Python path)."""
    amount = np.full(len(verb), np.nan)
    cb = np.flatnonzero((verb == V_CBR) & (arg < a1))
    if len(cb):
        p, e = arg[cb], a1[cb]
        val = np.zeros(len(cb), dtype=np.int64)
        going = np.ones(len(cb), dtype=np.bool_)
        fine = np.ones(len(cb), dtype=np.bool_)
        for k in range(19):
            at = p + k
            ch = buf[np.minimum(at, n)].astype(np.int64)
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
    return amount


def cut_actions(data: bytes, starts: np.ndarray[Any, Any], ends: np.ndarray[Any, Any]
                ) -> Actions:
    """The actions of the hands at ``data[starts[i]:ends[i]]`` (PHH text)."""
    if len(starts) == 0:
        z = np.zeros(0, dtype=np.int64)
        return Actions(z, z.astype(np.int16), z.astype(np.int8), z.astype(np.float64), z, z,
                       z, np.zeros(0, dtype=np.bool_))
    rs, re_, ok = _regions(data, starts, np.asarray(ends, dtype=np.int64))
    buf = np.frombuffer(data + b"\0\0\0\0\0\0", dtype=np.uint8)
    _refuse_unplain(data, buf[:len(data)], rs, re_, ok)
    a0, a1, hand = _strings(buf, len(data), rs, re_, ok)
    seat, verb, arg = _seats_verbs(buf, a0, a1)
    amount = _amounts(buf, len(data), verb, arg, a1, hand, ok)
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
    #: ``(hands, 12, len(COLUMNS))`` every column of :data:`COLUMNS`
    table: np.ndarray[Any, Any]


def _steps(hand_all: np.ndarray[Any, Any]) -> tuple[np.ndarray[Any, Any], np.ndarray[Any, Any]]:
    """The actions (flat, hand by hand) ordered by their step in their hand:
    ``order[bounds[k]:bounds[k + 1]]`` are the ``k``-th actions of their hands."""
    if not len(hand_all):
        return np.zeros(0, dtype=np.int64), np.zeros(1, dtype=np.int64)
    brk = np.flatnonzero(np.diff(hand_all)) + 1
    first = np.zeros(len(hand_all), dtype=np.int64)
    first[brk] = brk
    first = np.maximum.accumulate(first)
    step = np.arange(len(hand_all)) - first
    order = np.argsort(step, kind="stable")
    counts = np.bincount(step)
    return order, np.concatenate(([0], np.cumsum(counts)))


class _Walk:
    """Every hand's betting state, one array slot per hand (``-1``: no seat), walked
    one step at a time, and the counts made so far: ``did`` / ``opp`` ``(hands, 12,
    statistics)``, ``agg`` ``(hands, 12, 3)``."""

    def __init__(self, seats: np.ndarray[Any, Any], blinds: np.ndarray[Any, Any]) -> None:
        nh, ns = len(seats), MAX_SEATS
        self.seats = seats
        self.did = np.zeros((nh, ns, len(_NAMES)), dtype=np.int8)
        self.opp = np.zeros((nh, ns, len(_NAMES)), dtype=np.int8)
        self.agg = np.zeros((nh, ns, 3), dtype=np.int32)
        self.has_bl: np.ndarray[Any, Any] = np.asarray((blinds > 0).any(axis=1))
        posted = blinds.astype(np.float64).copy()
        hu = seats == 2
        posted[hu, 0], posted[hu, 1] = blinds[hu, 1], blinds[hu, 0]
        posted[~self.has_bl] = 0.0
        self.posted = posted
        self.to_call = posted.max(axis=1)
        self.street = np.zeros(nh, dtype=np.int64)
        self.raises = np.zeros(nh, dtype=np.int64)
        self.callers = np.zeros(nh, dtype=np.int64)
        self.limped = np.zeros(nh, dtype=np.bool_)
        self.first_raiser = np.full(nh, -1, dtype=np.int64)
        self.steal_from = np.full(nh, -1, dtype=np.int64)
        self.prev_aggr = np.full(nh, -1, dtype=np.int64)
        self.aggr = np.full(nh, -1, dtype=np.int64)
        self.cbettor = np.full(nh, -1, dtype=np.int64)
        self.prev_cb = np.full(nh, -1, dtype=np.int64)
        self.folded = np.zeros((nh, ns), dtype=np.bool_)
        self.saw = np.zeros((nh, ns), dtype=np.bool_)

    def mark(self, k: Any, hh: Any, ss: Any, m: Any, d: Any) -> None:
        """An opportunity of statistic `k` for the actions `m`, taken where `d`."""
        kk: Any = k if np.isscalar(k) else k[m]
        self.opp[hh[m], ss[m], kk] = 1
        self.did[hh[m], ss[m], kk] |= d[m].astype(np.int8)

    def new_street(self, hd: np.ndarray[Any, Any]) -> None:
        """The hands `hd` deal a board street."""
        street = self.street
        street[hd] += 1
        f1 = hd[street[hd] == 1]
        self.saw[f1] = ~self.folded[f1]
        self.prev_aggr[hd], self.aggr[hd] = self.aggr[hd], -1
        self.prev_cb[hd], self.cbettor[hd] = self.cbettor[hd], -1
        self.raises[hd] = 0
        self.callers[hd] = 0
        self.posted[hd] = 0.0
        self.to_call[hd] = 0.0

    def act(self, h: np.ndarray[Any, Any], s: np.ndarray[Any, Any], v: np.ndarray[Any, Any],
            amt: np.ndarray[Any, Any]) -> None:
        """One player action in each hand `h` (seat `s`, verb `v`, amount `amt`): its
        opportunities counted, then the state moved."""
        isf, iscc, iscbr = v == V_F, v == V_CC, v == V_CBR
        facing = self.to_call[h] > self.posted[h, s]
        st, rz = self.street[h], self.raises[h]
        n = self.seats[h]
        pre = (st == 0) & self.has_bl[h]
        if pre.any():
            self.preflop(h, s, n, pre, rz, isf, iscc, iscbr, facing)
        post = st >= 1
        chain = np.where(st == 1, self.prev_aggr[h], self.prev_cb[h])
        if post.any():
            k = np.clip(st, 1, 3) - 1
            cbh = self.cbettor[h]
            self.mark(_IX["cbet_flop"] + k, h, s, post & (rz == 0) & (chain >= 0) & (s == chain),
                      iscbr)
            self.mark(_IX["fold_to_cbet_flop"] + k, h, s,
                      post & (cbh >= 0) & (rz == 1) & (s != cbh), isf)
        ag = post | ~self.has_bl[h]
        for col, m in ((0, ag & iscbr), (1, ag & iscc & facing), (2, ag & isf)):
            self.agg[h[m], s[m], col] += 1
        self.folded[h[isf], s[isf]] = True
        call = iscc & facing
        hc, sc = h[call], s[call]
        self.posted[hc, sc] = self.to_call[hc]
        self.limped[h[call & (rz == 0)]] = True
        self.callers[h[call & (rz > 0)]] += 1
        if iscbr.any():
            self.raised(h, s, n, st, rz, chain, iscbr, amt)

    def preflop(self, h: Any, s: Any, n: Any, pre: Any, rz: Any, isf: Any, iscc: Any,
                iscbr: Any, facing: Any) -> None:
        """The preflop statistics' opportunities of the actions `pre`."""
        mark, ix = self.mark, _IX
        mark(ix["vpip"], h, s, pre, iscbr | (iscc & facing))
        mark(ix["pfr"], h, s, pre, iscbr)
        mark(ix["three_bet"], h, s, pre & (rz == 1), iscbr)
        m4 = pre & (rz == 2)
        mark(ix["four_bet"], h, s, m4, iscbr)
        mark(ix["fold_to_three_bet"], h, s, m4 & (s == self.first_raiser[h]), isf)
        mark(ix["steal"], h, s, pre & (rz == 0) & ~self.limped[h] & _STEAL[n, s], iscbr)
        steal_from = self.steal_from[h]
        mark(ix["fold_to_steal"], h, s,
             pre & (steal_from >= 0) & (rz == 1) & (self.callers[h] == 0)
             & (_BB[n, s] | _SB[n, s]) & (s != steal_from), isf)

    def raised(self, h: Any, s: Any, n: Any, st: Any, rz: Any, chain: Any, iscbr: Any,
               amt: Any) -> None:
        """The state after the bets and raises `iscbr` (to `amt`, NaN: to the amount
        to call)."""
        pre0 = st == 0
        m = iscbr & pre0 & (rz == 0)
        self.first_raiser[h[m]] = s[m]
        self.steal_from[h[m]] = np.where(~self.limped[h[m]] & _STEAL[n[m], s[m]], s[m], -1)
        self.steal_from[h[iscbr & pre0 & (rz > 0)]] = -1
        m = iscbr & ~pre0 & (rz == 0) & (s == chain)
        self.cbettor[h[m]] = s[m]
        hb, sb = h[iscbr], s[iscbr]
        a = np.where(np.isnan(amt[iscbr]), self.to_call[hb], amt[iscbr])
        self.raises[hb] += 1
        self.callers[hb] = 0
        self.aggr[hb] = sb
        self.posted[hb, sb] = a
        self.to_call[hb] = np.maximum(self.to_call[hb], a)

    def showdown(self, payouts: np.ndarray[Any, Any]) -> None:
        """``wtsd``, ``wwsf`` and ``wsd``, once every action is walked."""
        seat_ok = np.arange(MAX_SEATS)[None, :] < self.seats[:, None]
        live = (~self.folded & seat_ok).sum(axis=1)
        showdown = (live > 1) & (self.street >= 1)
        sawf = self.saw & (self.street >= 1)[:, None] & seat_ok
        atsd = showdown[:, None] & ~self.folded & sawf
        won = payouts > 0
        for name, o, d in (("wtsd", sawf, atsd), ("wwsf", sawf, sawf & won),
                           ("wsd", atsd, atsd & won)):
            self.opp[:, :, _IX[name]] = o
            self.did[:, :, _IX[name]] = d


def stat_arrays(acts: Actions, seats: np.ndarray[Any, Any], blinds: np.ndarray[Any, Any],
                payouts: np.ndarray[Any, Any]) -> StatArrays:
    """The statistics of board games with blinds, as :func:`.stats.hand_stats` counts them.

    ``seats`` (hands,), ``blinds`` (hands, 12) each seat's blind or straddle in
    PHH order, ``payouts`` (hands, 12) the chips each seat won from the pots
    (a payout above zero is a hand won).  Every hand is a board game; a hand
    with no blind above zero has no preflop statistics.
    """
    w = _Walk(seats, blinds)
    use = acts.ok[acts.hand] & np.isin(acts.verb, (V_F, V_CC, V_CBR, V_DB))
    hand_all = acts.hand[use]
    seat_all = acts.seat[use].astype(np.int64)
    verb_all = acts.verb[use]
    amt_all = acts.amount[use]
    order, bounds = _steps(hand_all)
    for j in range(len(bounds) - 1):
        sel = order[bounds[j]:bounds[j + 1]]
        h, s, v, amt = hand_all[sel], seat_all[sel], verb_all[sel], amt_all[sel]
        dl = v == V_DB
        if dl.any():
            w.new_street(h[dl])
        pl = ~dl & (s >= 0) & (s < seats[h])
        if not pl.all():
            h, s, v, amt = h[pl], s[pl], v[pl], amt[pl]
        if len(h):
            w.act(h, s, v, amt)
    w.showdown(payouts)
    nh, nsts = len(seats), len(_NAMES)
    table = np.empty((nh, MAX_SEATS, len(COLUMNS)), dtype=np.int32)
    table[:, :, 0:2 * nsts:2] = w.did
    table[:, :, 1:2 * nsts:2] = w.opp
    table[:, :, 2 * nsts:] = w.agg
    return StatArrays({k: table[:, :, 2 * i] for k, i in _IX.items()},
                      {k: table[:, :, 2 * i + 1] for k, i in _IX.items()},
                      {k: w.agg[:, :, i] for i, k in enumerate(ALWAYS_STATS)},
                      w.has_bl, np.ones(nh, dtype=np.bool_), table)


def from_table(table: np.ndarray[Any, Any], preflop: np.ndarray[Any, Any]) -> StatArrays:
    """The :class:`StatArrays` of a ``(hands, 12, len(COLUMNS))`` table (the C counter's)."""
    nsts = len(_NAMES)
    if table.shape[1:] != (MAX_SEATS, len(COLUMNS)):
        raise ValueError(f"a statistics table of {table.shape}, expected (n, 12, "
                         f"{len(COLUMNS)})")
    return StatArrays({k: table[:, :, 2 * i] for k, i in _IX.items()},
                      {k: table[:, :, 2 * i + 1] for k, i in _IX.items()},
                      {k: table[:, :, 2 * nsts + i] for i, k in enumerate(ALWAYS_STATS)},
                      preflop, np.ones(len(table), dtype=np.bool_), table)


_BLINDS = re.compile(rb"\nblinds_or_straddles = \[")


def blinds_of(data: bytes, starts: np.ndarray[Any, Any], ends: np.ndarray[Any, Any]
              ) -> np.ndarray[Any, Any]:
    """``(hands, 12)`` each seat's blind or straddle, read from the hands' PHH text
    (zero where none is written)."""
    out = np.zeros((len(starts), MAX_SEATS))
    st = np.asarray(starts, dtype=np.int64)
    en = np.asarray(ends, dtype=np.int64)
    at_, groups = [], []
    for a, b in _arrays(_BLINDS, data):
        g = data[a:b]
        if g.strip():
            at_.append(a)
            groups.append(g)
    if not groups:
        return out
    pos = np.array(at_, dtype=np.int64)
    hand = np.searchsorted(st, pos, side="right") - 1
    count = np.array([g.count(b",") + 1 for g in groups], dtype=np.int64)
    good = (hand >= 0) & (pos < en[np.maximum(hand, 0)]) & (count <= MAX_SEATS)
    try:
        vals = np.array(b",".join(groups).split(b",")).astype(np.float64)
    except ValueError:          # not plain numbers: one hand at a time
        for j, (h, g) in enumerate(zip(hand.tolist(), groups)):
            if good[j]:
                try:
                    v = [float(x) for x in g.split(b",")]
                except ValueError:
                    continue
                out[h, :len(v)] = v
        return out
    seat = np.arange(len(vals)) - np.repeat(np.cumsum(count) - count, count)
    row = np.repeat(hand, count)
    keep = np.repeat(good, count)
    out[row[keep], seat[keep]] = vals[keep]
    return out


#: the statistics columns of a per-player table, in order: each count beside its
#: opportunities, then the aggression counts
COLUMNS = tuple(k for s in _NAMES for k in (s, s + "_opportunities")) + ALWAYS_STATS
_COL = {k: i for i, k in enumerate(COLUMNS)}


class StatSums:
    """Per-player sums of every statistic (rows: player ids), and whether each
    statistic has a meaning in at least one of the player's hands."""

    def __init__(self) -> None:
        self.sums = np.zeros((0, len(COLUMNS)), dtype=np.int64)
        self.has = np.zeros((0, len(_NAMES)), dtype=np.bool_)
        #: whether any hand was counted (else a table has no statistics columns)
        self.counted = False

    def _grow(self, players: int) -> None:
        if players > len(self.sums):
            k = max(players, 2 * len(self.sums))
            sums = np.zeros((k, len(COLUMNS)), dtype=np.int64)
            has = np.zeros((k, len(_NAMES)), dtype=np.bool_)
            sums[:len(self.sums)], has[:len(self.has)] = self.sums, self.has
            self.sums, self.has = sums, has

    def add_hand(self, pid: int, counts: dict[str, int]) -> None:
        """One seat's counts (a dict of :func:`.stats.hand_stats`)."""
        self._grow(pid + 1)
        self.counted = True
        row, has = self.sums[pid], self.has[pid]
        for k, v in counts.items():
            row[_COL[k]] += v
            if k in _IX:
                has[_IX[k]] = True

    def add_block(self, ids: np.ndarray[Any, Any], mask: np.ndarray[Any, Any],
                  sa: StatArrays) -> None:
        """The seats ``mask`` of a block of hands, ``ids`` their player ids ``(hands, 12)``."""
        hand, seat = np.nonzero(mask)
        if not len(hand):
            return
        pid = ids[hand, seat].astype(np.int64)
        order = np.argsort(pid, kind="stable")
        sp = pid[order]
        cut = np.flatnonzero(np.concatenate(([True], sp[1:] != sp[:-1])))
        who = sp[cut]
        self._grow(int(who.max()) + 1)
        self.counted = True
        hs = hand[order]
        self.sums[who] += np.add.reduceat(sa.table[hs, seat[order]], cut, axis=0)
        npre = len(PREFLOP_STATS)
        self.has[who, :npre] |= np.maximum.reduceat(sa.preflop[hs], cut)[:, None]
        self.has[who, npre:] |= np.maximum.reduceat(sa.flop[hs], cut)[:, None]

    def add_counted(self, data: bytes, start: np.ndarray[Any, Any], end: np.ndarray[Any, Any],
                    seats: np.ndarray[Any, Any], pay: np.ndarray[Any, Any],
                    ids: np.ndarray[Any, Any], mask: np.ndarray[Any, Any]
                    ) -> np.ndarray[Any, Any] | None:
        """The fast hands at ``data[start[h]:end[h]]`` counted and added up in C
        (``kernels.phh_stat_sums``), the seats ``mask`` being players ``ids``; returns
        which hands were counted (the others are the caller's), or None without the C
        core (nothing added)."""
        self._grow(int(ids[mask].max()) + 1 if mask.any() else 0)
        done = kernels.phh_stat_sums(data, start, end, seats, pay, ids, mask, self.sums,
                                     self.has)
        if done is not None and (done[:, None] & mask).any():
            self.counted = True
        return done

    def merged(self, other: StatSums, pmap: np.ndarray[Any, Any], players: int) -> None:
        """Add ``other``'s rows, its player ``j`` being this one's ``pmap[j]``."""
        self._grow(players)
        self.counted |= other.counted
        k = min(len(pmap), len(other.sums))
        if k:
            np.add.at(self.sums, pmap[:k], other.sums[:k])
            np.logical_or.at(self.has, pmap[:k], other.has[:k])

    def columns(self, pids: list[int]) -> dict[str, list[int | None]]:
        """Per statistic column, the value of each player of ``pids`` (None where the
        statistic has no meaning in any of the player's hands); only the statistics
        that have a meaning for one of them."""
        self._grow(max(pids, default=-1) + 1)
        rows = np.asarray(pids, dtype=np.int64)
        sums, has = self.sums[rows], self.has[rows]
        out: dict[str, list[int | None]] = {}
        if not self.counted:
            return out
        for name, i in _IX.items():
            if not has[:, i].any():
                continue
            for k in (name, name + "_opportunities"):
                vals = sums[:, _COL[k]].tolist()
                out[k] = [v if h else None for v, h in zip(vals, has[:, i].tolist())]
        for k in ALWAYS_STATS:
            out[k] = sums[:, _COL[k]].tolist()
        return out
