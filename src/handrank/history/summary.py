"""Per-player results over many hands: net, all-in adjusted net, showdown split."""

from __future__ import annotations

import os
from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

import numpy as np

from ._stats_np import StatSums
from .fast import (
    AGREE,
    ALLIN,
    BIG_BLIND,
    FIXED,
    FLAGS,
    MAX_SEATS,
    OK,
    PER_SEAT,
    PLAYERS,
    SEATS,
    SEGMENT,
    SHOWDOWN,
    STATUS,
)
from .model import FileError, Hand, HistoryError
from .phh import UNEXPECTED, problem, read
from .stats import hand_stats


@dataclass
class Row:
    """One player's result in one hand.

    ``net`` takes off the player's part of the rake where the record states
    one (``Replay.net_after_rake``); ``adjusted_net`` is the all-in EV where an
    all-in happened (before any rake), else ``net``.
    """

    hand: str
    player: str
    net: float
    adjusted_net: float
    showdown: bool
    big_blind: float


#: the columns of a Summary, one entry per row (a player in a settled hand)
_COLS = ("file", "index", "player", "net", "net_int", "adj", "showdown", "bb", "bb_int")
_DTYPES = (np.int32, np.int64, np.int32, np.float64, np.bool_, np.float64, np.bool_,
           np.float64, np.bool_)
#: ``index`` of a hand without a number (a Hand made by hand: ``Hand.index`` None)
_NO_INDEX = np.iinfo(np.int64).min


class Summary:
    """The result of :func:`summary`.

    The rows are kept as columns (numpy arrays: file, hand number, player,
    net, all-in adjusted net, showdown, big blind); :attr:`rows` builds the
    :class:`Row` objects when asked.  Totals and curves are computed from the
    columns, summed in row order (so the same floats as summing the rows one
    by one).

    Attributes
    ----------
    rows : list of Row
        One per player per settled hand, in reading order (built on access).
    read, settled, agreeing, refused : int
        Hands read; settled; agreeing with their record; refused (errors or a
        game not supported yet).
    errors : list of str
        Why each refused hand was refused (file, hand number, action, reason).
    player : str or None
        The player :meth:`plot` follows.
    """

    def __init__(self, rows: Iterable[Row] | None = None, read: int = 0, settled: int = 0,
                 agreeing: int = 0, refused: int = 0, errors: list[str] | None = None,
                 player: str | None = None) -> None:
        self.read, self.settled, self.agreeing, self.refused = read, settled, agreeing, refused
        self.errors: list[str] = list(errors) if errors is not None else []
        self.player = player
        #: hands with a recorded result (finishing stacks or winnings) to compare with
        self.recorded = agreeing
        #: files (or folder entries) that could not be read, each with its path and why
        self.unread: list[str] = []
        #: the unit of the amounts, hands per unit: "chips", a currency ("USD"), or
        #: "USD cents" (PokerStars money hands, amounts in cents)
        self.units: dict[str, int] = {}
        self._files: list[str | None] = []
        self._file_id: dict[str | None, int] = {}
        self._names: list[str] = []
        self._name_id: dict[str, int] = {}
        self._parts: list[tuple[np.ndarray[Any, Any], ...]] = []
        self._pending: list[tuple[Any, ...]] = []      # rows of the Python path, not yet columns
        self._cols: tuple[np.ndarray[Any, Any], ...] | None = None
        self._n = 0                 # rows so far
        #: row number -> (net, big blind) as recorded, for the rows where either is not
        #: an int (decimal stakes): the float columns only approximate them
        self._exact: dict[int, tuple[Any, Any]] = {}
        #: per player, the tracker statistics (handrank.history.stats) summed over hands
        self._stats = StatSums()
        for r in rows or ():
            f, _, k = r.hand.rpartition("#")
            self._add_row(f or None, None if k == "None" else int(k), r.player, r.net,
                          r.adjusted_net, r.showdown, r.big_blind)

    # ---------------------------------------------------------------- building
    def _fid(self, file: str | None) -> int:
        k = self._file_id.get(file)
        if k is None:
            k = self._file_id[file] = len(self._files)
            self._files.append(file)
        return k

    def _pid(self, name: str) -> int:
        k = self._name_id.get(name)
        if k is None:
            k = self._name_id[name] = len(self._names)
            self._names.append(name)
        return k

    def _add_row(self, file: str | None, index: int | None, player: str, net: Any, adj: float,
                 showdown: bool, bb: Any) -> None:
        if type(net) is not int or type(bb) is not int:
            self._exact[self._n] = (net, bb)
        self._n += 1
        self._pending.append((self._fid(file), _NO_INDEX if index is None else index,
                              self._pid(player), net, type(net) is int, adj, showdown, bb,
                              type(bb) is int))
        self._cols = None

    def _flush_rows(self) -> None:
        if self._pending:
            cols = list(zip(*self._pending))
            self._parts.append(tuple(np.array(c, dtype=d) for c, d in zip(cols, _DTYPES)))
            self._pending = []

    def _add_part(self, part: tuple[np.ndarray[Any, Any], ...]) -> None:
        self._flush_rows()
        if len(part[0]):
            self._parts.append(part)
            self._n += len(part[0])
        self._cols = None

    def columns(self) -> dict[str, np.ndarray[Any, Any]]:
        """The rows as arrays: ``file`` and ``player`` index :attr:`files` and :attr:`names`."""
        return dict(zip(_COLS, self._columns()))

    @property
    def files(self) -> list[str | None]:
        """The files the ``file`` column indexes."""
        return list(self._files)

    @property
    def names(self) -> list[str]:
        """The players the ``player`` column indexes."""
        return list(self._names)

    def _columns(self) -> tuple[np.ndarray[Any, Any], ...]:
        if self._cols is None or self._pending:
            self._flush_rows()
            if not self._parts:
                self._cols = tuple(np.empty(0, dtype=d) for d in _DTYPES)
            elif len(self._parts) == 1:
                self._cols = self._parts[0]
            else:
                self._cols = tuple(np.concatenate(c) for c in zip(*self._parts))
                self._parts = [self._cols]
        return self._cols

    def __len__(self) -> int:
        """The number of rows."""
        return len(self._columns()[0])

    @property
    def rows(self) -> list[Row]:
        """One :class:`Row` per player per settled hand, in reading order."""
        f, k, p, net, ni, adj, sd, bb, bi = (c.tolist() for c in self._columns())
        files, names, none = self._files, self._names, int(_NO_INDEX)
        exact = self._exact
        return [Row(f"{files[a] or ''}#{None if b == none else b}", names[c],
                    *((exact[i][0],) if i in exact else (int(x) if xi else x,)), y, z,
                    *((exact[i][1],) if i in exact else (int(w) if wi else w,)))
                for i, (a, b, c, x, xi, y, z, w, wi) in enumerate(
                    zip(f, k, p, net, ni, adj, sd, bb, bi))]

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Summary):
            return NotImplemented
        return ((self.read, self.settled, self.agreeing, self.refused, self.errors,
                 self.player) == (other.read, other.settled, other.agreeing, other.refused,
                                  other.errors, other.player) and self.rows == other.rows)

    __hash__ = None     # type: ignore[assignment]

    def __repr__(self) -> str:
        return (f"Summary(read={self.read}, settled={self.settled}, agreeing={self.agreeing}, "
                f"refused={self.refused}, rows={len(self)}, players={len(self._names)})")

    def merge(self, other: Summary) -> Summary:
        """This summary followed by ``other`` (order kept: same result on 1 or N workers)."""
        out = Summary(read=self.read + other.read, settled=self.settled + other.settled,
                      agreeing=self.agreeing + other.agreeing,
                      refused=self.refused + other.refused, errors=self.errors + other.errors,
                      player=self.player or other.player)
        out.recorded = self.recorded + other.recorded
        out.unread = self.unread + other.unread
        out.units = dict(self.units)
        for k, v in other.units.items():
            out.units[k] = out.units.get(k, 0) + v
        out._exact = dict(self._exact)
        out._exact.update((k + len(self), v) for k, v in other._exact.items())
        for s in (self, other):
            cols = s._columns()
            if not len(cols[0]):
                continue
            fmap = np.array([out._fid(x) for x in s._files], dtype=np.int32)
            pmap = np.array([out._pid(x) for x in s._names], dtype=np.int32)
            out._add_part((fmap[cols[0]], cols[1], pmap[cols[2]]) + tuple(cols[3:]))
        for s in (self, other):
            smap = np.array([out._pid(x) for x in s._names], dtype=np.int64)
            out._stats.merged(s._stats, smap, len(out._names))
        return out

    # --------------------------------------------------------------- results
    def _order(self) -> tuple[np.ndarray[Any, Any], np.ndarray[Any, Any]]:
        """The players with rows, in order of first appearance, and each row's rank there."""
        p = self._columns()[2]
        if not len(p):
            return np.empty(0, dtype=np.int64), np.empty(0, dtype=np.int64)
        uniq, first, inv = np.unique(p, return_index=True, return_inverse=True)
        order = np.argsort(first, kind="stable")
        rank = np.empty(len(uniq), dtype=np.int64)
        rank[order] = np.arange(len(uniq))
        return uniq[order], rank[inv]

    def totals(self) -> dict[str, dict[str, float]]:
        """Per player: hands, net, adjusted net, showdown and non-showdown net (sums in order).

        Sums of whole chips are ints; decimal amounts sum exactly (Decimal); the
        all-in adjusted net and the big blinds are floats.
        """
        return self._totals(False)

    def _totals(self, in_bb: bool) -> dict[str, dict[str, float]]:
        """:meth:`totals`; ``in_bb`` adds each column in big blinds (for the table)."""
        _, _, _, net, ni, adj, sd, bb, _ = self._columns()
        who, g = self._order()
        m = len(who)
        if not m:
            return {}

        def total(w: np.ndarray[Any, Any], mask: np.ndarray[Any, Any] | None = None
                  ) -> np.ndarray[Any, Any]:
            if mask is None:
                out: np.ndarray[Any, Any] = np.bincount(g, weights=w, minlength=m)
                return out
            out = np.bincount(g[mask], weights=w[mask], minlength=m)
            return out

        def whole(mask: np.ndarray[Any, Any] | None) -> np.ndarray[Any, Any]:
            """Per player: every row (of mask) an int."""
            bad = ~ni if mask is None else ~ni & mask
            out: np.ndarray[Any, Any] = np.bincount(g[bad], minlength=m) == 0
            return out

        hands = np.bincount(g, minlength=m).tolist()
        safe = np.where(bb != 0, bb, 1.0)
        per_bb = np.where(bb != 0, net / safe, 0.0)
        cols = {"net": (total(net), whole(None)),
                "showdown_net": (total(net, sd), whole(sd)),
                "non_showdown_net": (total(net, ~sd), whole(~sd))}
        res: dict[str, list[Any]] = {}
        for k, (v, w) in cols.items():
            res[k] = [int(x) if i else x for x, i in zip(v.tolist(), w.tolist())]
        if self._exact:
            # players with decimal amounts: their sums exactly, in row order
            fix = {int(g[i]) for i in self._exact}
            sums = {j: [0, 0, 0] for j in fix}
            gl, nl, sl = g.tolist(), net.tolist(), sd.tolist()
            for i, j in enumerate(gl):
                if j in sums:
                    x = self._exact[i][0] if i in self._exact else int(nl[i])
                    t = sums[j]
                    t[0] += x
                    t[1 if sl[i] else 2] += x
            for j, (a, b, c) in sums.items():
                res["net"][j], res["showdown_net"][j], res["non_showdown_net"][j] = a, b, c
        adj_t = total(adj).tolist()
        bb_t = total(per_bb).tolist()
        adj_bb = total(np.where(bb != 0, adj / safe, 0.0)).tolist()
        sd_bb = total(per_bb, sd).tolist()
        nsd_bb = total(per_bb, ~sd).tolist()
        out: dict[str, dict[str, float]] = {}
        for j, pid in enumerate(who.tolist()):
            out[self._names[pid]] = {"hands": hands[j], "net": res["net"][j],
                                     "allin_adjusted_net": adj_t[j],
                                     "showdown_net": res["showdown_net"][j],
                                     "non_showdown_net": res["non_showdown_net"][j],
                                     "net_bb": bb_t[j]}
            if in_bb:
                out[self._names[pid]].update(allin_adjusted_bb=adj_bb[j], showdown_bb=sd_bb[j],
                                             non_showdown_bb=nsd_bb[j])
        return out

    def to_pandas(self) -> Any:
        """The per-player table as a pandas DataFrame (index: player).

        The totals' columns, then the tracker statistics of
        :mod:`handrank.history.stats` (PokerTracker 4's definitions): each count
        (``vpip``, ``pfr``, ``three_bet``, ``wtsd``, ``wsd`` ...) beside its
        ``<name>_opportunities``, and the aggression counts.  A statistic that
        has no meaning in any hand of the summary (a stud game has no preflop)
        is absent; one that has none in a player's hands is ``<NA>`` there.
        """
        import pandas as pd
        t = self.totals()
        df = pd.DataFrame.from_dict(t, orient="index").rename_axis("player")
        if len(df):
            cols = self._stats.columns([self._name_id[p] for p in df.index])
            for k, v in cols.items():
                df[k] = pd.array(v, dtype="Int64")
        return df

    @property
    def unit(self) -> str:
        """The unit of the amounts: "chips", a currency, "USD cents", or "mixed: ..."."""
        if not self.units:
            return "chips"
        if len(self.units) == 1:
            return next(iter(self.units))
        return "mixed: " + ", ".join(sorted(self.units))

    def counts(self) -> str:
        """The counts as a sentence: "3 hands read: 2 settled, 1 refused ..."."""
        text = (f"{_count(self.read, 'hand')} read: {self.settled} settled, "
                f"{self.refused} refused")
        if self.recorded:
            text += (f"; {self.agreeing} of {_count(self.recorded, 'hand')} with a recorded "
                     f"result {'agrees' if self.agreeing == 1 else 'agree'} with it")
        if self.unread:
            text += f"; {_count(len(self.unread), 'file')} could not be read"
        return text

    def table(self, unit: str = "record") -> str:
        """The per-player table, sorted by net (largest first), amounts in ``unit``:
        ``"record"`` (the record's own unit: chips or its currency) or ``"bb"``."""
        if unit not in ("record", "bb"):
            raise ValueError(f"unit must be 'record' or 'bb', got {unit!r}")
        tot = self._totals(unit == "bb")
        if not tot:
            return ""
        label = "big blinds" if unit == "bb" else self.unit
        scale = 100 if unit == "record" and label.endswith(" cents") else 1
        if scale > 1:
            label = label[:-len(" cents")]

        def money(x: Any) -> str:
            if unit == "bb":
                return f"{x:,.2f}"
            if isinstance(x, float):
                return f"{x / scale:,.2f}"
            if scale > 1:
                return f"{Decimal(x) / scale:,.2f}"
            return f"{x:,}"
        rows = [("player", "hands", f"net ({label})", "all-in adjusted", "showdown",
                 "non-showdown")]
        order = sorted(tot.items(), key=lambda kv: (-float(kv[1]["net"]), kv[0]))
        for p, t in order:
            if unit == "bb":
                vals = [t["net_bb"], t["allin_adjusted_bb"], t["showdown_bb"],
                        t["non_showdown_bb"]]
            else:
                vals = [t["net"], t["allin_adjusted_net"], t["showdown_net"],
                        t["non_showdown_net"]]
            rows.append((p, f"{int(t['hands']):,}", money(vals[0]), money(vals[1]),
                         money(vals[2]), money(vals[3])))
        w = [max(len(r[k]) for r in rows) for k in range(len(rows[0]))]
        return "\n".join("  ".join(c.ljust(w[k]) if k == 0 else c.rjust(w[k])
                                   for k, c in enumerate(r)).rstrip() for r in rows)

    def __str__(self) -> str:
        body = self.table()
        return self.counts() + ("\n" + body if body else "")

    def _most(self) -> str | None:
        """The player with the most rows (the first by name among equals)."""
        p = self._columns()[2]
        if not len(p):
            return None
        count = np.bincount(p, minlength=len(self._names))
        top = count.max()
        return min(self._names[k] for k in np.flatnonzero(count == top).tolist())

    def curves(self, player: str | None = None, unit: str = "chips"
               ) -> tuple[list[float], list[float]]:
        """Cumulative net and cumulative all-in adjusted net of one player over hands."""
        who = player or self.player or self._most()
        pid = self._name_id.get(who) if who is not None else None
        if pid is None:
            return [], []
        _, _, p, net, _, adj, _, bb, _ = self._columns()
        mine = p == pid
        net, adj, bb = net[mine], adj[mine], bb[mine]
        if unit == "bb":
            k = np.where(bb != 0, 1.0 / np.where(bb != 0, bb, 1.0), 0.0)
            net, adj = net * k, adj * k
        return np.cumsum(net).tolist(), np.cumsum(adj).tolist()

    def plot(self, path: str | os.PathLike[str] | None = None, ax: Any = None, *,
             player: str | None = None, unit: str = "chips") -> Any:
        """Cumulative net against cumulative all-in adjusted net over hands.

        ``unit`` is ``"chips"`` or ``"bb"`` (big blinds); saves to ``path`` when given.
        """
        if unit not in ("chips", "bb"):
            raise ValueError(f"unit must be 'chips' or 'bb', got {unit!r}")
        import matplotlib
        if ax is None and path is not None:
            matplotlib.use("Agg")
        import matplotlib.pyplot as plt
        who = player or self.player or self._most()
        net, adj = self.curves(who, unit)
        fig = None
        if ax is None:
            fig, ax = plt.subplots(figsize=(8, 4.5))
        xs = range(1, len(net) + 1)
        ax.plot(xs, net, label="net")
        ax.plot(xs, adj, label="all-in adjusted net", linestyle="--")
        ax.set_xlabel("hands")
        ax.set_ylabel("big blinds" if unit == "bb" else "chips")
        ax.set_title(f"{who}: net and all-in adjusted net")
        ax.legend()
        if path is not None:
            (fig or ax.figure).savefig(os.fspath(path), dpi=100)
            if fig is not None:
                plt.close(fig)
        return ax


def _count(k: int, noun: str) -> str:
    """ "1 hand", "2 hands"."""
    return f"{k:,} {noun}{'' if k == 1 else 's'}"


def _unit_of(h: Hand) -> str:
    cur = h.extra.get("currency") if h.extra else None
    cur = cur if isinstance(cur, str) and cur else None
    if h.extra and h.extra.get("unit") == "cents":
        return f"{cur or 'money'} cents"
    return cur or "chips"


def _add(s: Summary, h: Hand, player: str | None, stats: bool = True) -> None:
    s.read += 1
    where = f"{h.source or '<text>'} hand {h.index}"
    try:
        r = h.replay()
    except HistoryError as e:
        s.refused += 1
        s.errors.append(str(e))
        return
    except UNEXPECTED as e:     # one hand never stops the batch
        s.refused += 1
        s.errors.append(str(HistoryError(f"unexpected {type(e).__name__} replaying the hand: "
                                         f"{e}", file=h.source, hand=h.index)))
        return
    if r.settlement is None or r.net is None:
        s.refused += 1
        s.errors.append(f"{r.error} ({where})")
        return
    s.settled += 1
    s.agreeing += r.agrees_with_record is True
    s.recorded += r.agrees_with_record is not None
    u = _unit_of(h)
    s.units[u] = s.units.get(u, 0) + 1
    names = h.players or [f"p{i + 1}" for i in range(h.seats)]
    net = r.net_after_rake if r.net_after_rake is not None else r.net   # rake taken off
    adj = r.allin_ev or net
    showdown = len(r.settlement.pots) > 0 and any(len(p.eligible) > 1 for p in r.settlement.pots)
    bb = max(h.blinds_or_straddles or [0]) or (h.small_bet or 0)
    counts = hand_stats(h, r.payouts) if stats else None
    for i in range(h.seats):
        if player is not None and names[i] != player:
            continue
        s._add_row(h.source, h.index, names[i], net[i], float(adj[i]), showdown, bb)
        if counts is not None:
            s._stats.add_hand(s._name_id[names[i]], counts[i])


def _add_fast(s: Summary, source: Any, player: str | None, per_file: bool = False,
              allin_ev: bool = True, stats: bool = True) -> None:
    """Hands of a path or PHH text through the C fast path; as ``read`` + :func:`_add`.

    Hands the fast path takes whole become columns without a Python object
    per hand: each run of them is a few numpy operations on the batch's
    records, plus one dictionary look-up per hand for its players' names
    and the all-in EV of the hands all in before the river.  Read errors are
    listed after the hands of ``source`` as ``read`` lists them
    (``per_file``: after the hands of each file, as one summary per file
    would).  ``allin_ev=False`` (benchmarks) leaves the adjusted net equal
    to the net; ``stats=False`` counts no tracker statistics.
    """
    from .fast import Batch, Tail, scan
    bad: list[HistoryError] = []        # read errors: listed after the hands, as read() does
    current: list[Any] = [None]

    def at(file: Any) -> None:
        if per_file and file != current[0]:
            flush()
            current[0] = file

    def flush() -> None:
        _add_errors(s, bad)
        bad.clear()
    names = _Names(s)
    for it in scan(source):
        if isinstance(it, tuple):
            at(it[1])
            why = problem(it[1]) if it[0] == "other" else None
            if why is not None:         # not opened, and a folder (a loop) not walked again
                bad.append(FileError(why, file=it[1]))
                continue
            rd = (read(text=it[1], errors="collect") if it[0] == "text"
                  else read(it[1], errors="collect"))
            for h in rd:
                _add(s, h, player, stats)
            bad += rd.errors
            continue
        if isinstance(it, Tail):
            at(it.file)
            for x in it.hands():
                if isinstance(x, HistoryError):
                    bad.append(x)
                else:
                    _add(s, x, player, stats)
            continue
        b: Batch = it
        status = b.rec[:, STATUS]
        slow = np.flatnonzero(status != OK).tolist() + [len(b)]
        lo = 0
        for hi in slow:
            if hi > lo:                 # a run of hands the fast path took whole
                if per_file:
                    at(b.files[int(b.rec[lo, SEGMENT])])
                    at(b.files[int(b.rec[hi - 1, SEGMENT])])
                _take(s, b, lo, hi, player, names, allin_ev, stats)
            if hi < len(b):             # the Python path
                if per_file:
                    at(b.file(hi))
                try:
                    h = b.hand(hi)
                except HistoryError as e:
                    bad.append(e)
                else:
                    _add(s, h, player, stats)
            lo = hi + 1
    flush()


class _Names:
    """Player ids of fast hands, by the text that lists them (the same text, the same names)."""

    def __init__(self, s: Summary) -> None:
        self.s = s
        self.known: dict[tuple[int, bytes], tuple[int, ...]] = {}
        self.default: np.ndarray[Any, Any] | None = None

    def of(self, b: Any, lo: int, hi: int) -> np.ndarray[Any, Any]:
        """``(hi - lo, MAX_SEATS)`` player ids (-1 past each hand's seats)."""
        rec = b.rec[lo:hi]
        n = rec[:, SEATS]
        out = np.full((hi - lo, MAX_SEATS), -1, dtype=np.int32)
        has = (rec[:, FLAGS] & PLAYERS) != 0
        seat = np.arange(MAX_SEATS)
        if not has.all():
            if self.default is None:
                self.default = np.array([self.s._pid(f"p{k + 1}") for k in range(MAX_SEATS)],
                                        dtype=np.int32)
            m = ~has[:, None] & (seat < n[:, None])
            out[m] = np.broadcast_to(self.default, out.shape)[m]
        rows = np.flatnonzero(has)
        if len(rows):
            end = FIXED + PER_SEAT * MAX_SEATS
            at_ = rec[rows, FIXED + 2:end:PER_SEAT]
            ln = rec[rows, FIXED + 3:end:PER_SEAT]
            k = n[rows]
            first = at_[:, 0] - 1
            last = at_[np.arange(len(rows)), k - 1] + ln[np.arange(len(rows)), k - 1]
            known, data, pid = self.known, b.data, self.s._pid
            got: list[tuple[int, ...]] = []
            for m, a, e in zip(k.tolist(), first.tolist(), last.tolist()):
                key = (m, data[a:e])
                ids = known.get(key)
                if ids is None:
                    if len(known) >= 4096:
                        known.clear()
                    o, w = at_[len(got)].tolist(), ln[len(got)].tolist()
                    ids = known[key] = tuple(
                        pid(data[o[j]:o[j] + w[j]].decode("ascii")) for j in range(m)
                    ) + (-1,) * (MAX_SEATS - m)
                got.append(ids)
            out[rows] = np.array(got, dtype=np.int32)
        return out


def _take(s: Summary, b: Any, lo: int, hi: int, player: str | None, names: _Names,
          allin_ev: bool, stats: bool = True) -> None:
    """Fast hands ``lo:hi`` of batch ``b`` (all taken whole) as columns of ``s``."""
    rec = b.rec[lo:hi]
    k = hi - lo
    s.read += k
    s.settled += k
    s.agreeing += int((rec[:, AGREE] == 1).sum())
    s.recorded += int((rec[:, AGREE] != -1).sum())
    s.units["chips"] = s.units.get("chips", 0) + k      # no currency: C passes those on
    ids = names.of(b, lo, hi)
    mask = ids >= 0
    if player is not None:
        pid = s._name_id.get(player)
        if pid is None:
            return
        mask &= ids == pid
    end = FIXED + PER_SEAT * MAX_SEATS
    net = (rec[:, FIXED + 1:end:PER_SEAT] - rec[:, FIXED:end:PER_SEAT]).astype(np.float64)
    adj = net.copy()
    if allin_ev:
        allin = np.flatnonzero(rec[:, FLAGS] & ALLIN)
        if len(allin):
            _allin_rows(b, lo, allin, adj)
    hand, seat = np.nonzero(mask)
    fmap = np.array([s._fid(f) for f in b.files], dtype=np.int32)
    index = np.asarray(b.index[lo:hi], dtype=np.int64)
    flags = rec[:, FLAGS]
    one = np.ones(len(hand), dtype=np.bool_)
    s._add_part((fmap[rec[hand, SEGMENT]], index[hand], ids[hand, seat], net[hand, seat], one,
                 adj[hand, seat], (flags[hand] & SHOWDOWN) != 0,
                 rec[hand, BIG_BLIND].astype(np.float64), one))
    if stats:
        _take_stats(s, b, lo, hi, ids, mask)


def _take_stats(s: Summary, b: Any, lo: int, hi: int, ids: np.ndarray[Any, Any],
                mask: np.ndarray[Any, Any]) -> None:
    """The tracker statistics of fast hands ``lo:hi`` (numpy; a hand whose action
    text the byte cutter leaves alone through :func:`hand_stats`)."""
    from ._stats_np import blinds_of, cut_actions, stat_arrays
    from .fast import END, START
    rec = b.rec[lo:hi]
    acts = cut_actions(b.data, rec[:, START], rec[:, END])
    pay = rec[:, FIXED + 1:FIXED + PER_SEAT * MAX_SEATS:PER_SEAT]
    sa = stat_arrays(acts, rec[:, SEATS], blinds_of(b.data, rec[:, START], rec[:, END]), pay)
    good = acts.ok[:, None] & mask
    s._stats.add_block(ids, good, sa)
    for j in np.flatnonzero(~acts.ok & mask.any(axis=1)).tolist():
        counts = hand_stats(b.hand(lo + j), pay[j].tolist())
        for seat in np.flatnonzero(mask[j]).tolist():
            s._stats.add_hand(int(ids[j, seat]), counts[seat])


def _allin_rows(b: Any, lo: int, allin: np.ndarray[Any, Any], adj: np.ndarray[Any, Any]
                ) -> None:
    """Write the all-in EV of fast hands ``lo + allin`` into their rows of ``adj``.

    Hold'em hands in one C call (``hr_phh_allin_pots``: the pots and the exact
    share counts of each contested pot, a heads-up preflop pot's from the
    class table of :mod:`handrank.equity._hu_preflop`); :func:`allin_ev_of_pots` turns them
    into EVs with the float operations of :func:`replay.pot_ev`, in its
    order, so the same bits.  Other hands through :func:`fast_allin_ev`.
    """
    from ..core import _backend
    from ..equity import _hu_preflop
    from .replay import _fast_tables
    core = _backend.core
    ptr = _fast_tables("holdem")
    rows = (allin + lo).astype(np.int64)
    if core is None or ptr is None:
        rest = rows
    else:
        ffi, lib = core.ffi, core.lib
        rec = np.ascontiguousarray(b.rec)
        out = np.empty((len(rows), lib.HR_PHH_EV_WIDTH), dtype=np.float64)
        st = np.empty(len(rows), dtype=np.int8)
        lib.hr_phh_allin_pots(ptr, ffi.from_buffer("int64_t[]", rec),
                              ffi.from_buffer("int64_t[]", rows), len(rows),
                              *_hu_preflop.pointers(ffi),
                              ffi.from_buffer("double[]", out, require_writable=True),
                              ffi.from_buffer("int8_t[]", st, require_writable=True))
        done = st == 0
        if done.any():
            put = rec[rows[done], FIXED:FIXED + PER_SEAT * MAX_SEATS:PER_SEAT]
            adj[allin[done]] = allin_ev_of_pots(out[done], put)
        rest = rows[st == 2]
    for i in rest.tolist():
        ev = fast_allin_ev(b, i)
        if ev:
            adj[i - lo, :len(ev)] = ev


def allin_ev_of_pots(pots: np.ndarray[Any, Any], put: np.ndarray[Any, Any]
                     ) -> np.ndarray[Any, Any]:
    """EV per seat from ``hr_phh_allin_pots`` rows, as :func:`replay.pot_ev` computes it.

    pot_ev adds, pot by pot, ``amount`` to a pot's only seat and ``amount *
    (share / SHARE_UNIT / boards)`` to each contender of a contested pot,
    then takes off what each seat put in; here the same operations on whole
    columns (adding 0.0 elsewhere changes no bits: no sum is -0.0).
    """
    from ..equity.holdem import SHARE_UNIT
    k = len(pots)
    seat = np.arange(MAX_SEATS)
    width = 3 + MAX_SEATS
    ev = np.zeros((k, MAX_SEATS))
    count = pots[:, -1].astype(np.int64)
    for j in range(int(count.max()) if k else 0):
        p = pots[:, j * width:(j + 1) * width]
        amount = p[:, 0:1]
        elig = (p[:, 1].astype(np.int64)[:, None] >> seat & 1).astype(np.bool_)
        elig &= (j < count)[:, None]
        ways = elig.sum(axis=1)[:, None]
        boards = np.where(ways > 1, p[:, 2:3], 1.0)
        share = p[:, 3:] / SHARE_UNIT / boards
        ev += np.where(elig, np.where(ways > 1, amount * share, amount), 0.0)
    out: np.ndarray[Any, Any] = ev - put
    return out


def fast_allin_ev(b: Any, i: int) -> list[Any] | None:
    """``Replay.allin_ev`` of fast hand ``i`` of batch ``b``, from its record.

    The record holds what the replay knows when the all-in is called (the
    board, each seat's hole cards, who is out, what each put in); the pots
    are cut as ``settle`` cuts them and the EV is the same function of them
    as the replay's, so the floats are the same.
    """
    from .fast import ALLIN_BOARD, CHIPS, DEAD, FIXED, HOLES, KNOWN, OUT, PER_SEAT, SEATS, VARIANT
    from .model import GAMES
    from .replay import pot_ev, pots_of
    r = b.rec[i].tolist()
    n = r[SEATS]
    v = r[VARIANT]
    off, ln = v & ((1 << 40) - 1), v >> 40
    game = GAMES[b.data[off:off + ln].decode("ascii")][1]
    if game is None:
        raise RuntimeError("internal error: a fast hand of a game handrank does not settle")
    packed = r[ALLIN_BOARD]
    board = [(packed >> (8 + 8 * k)) & 255 for k in range(packed & 255)]
    known, outm = r[KNOWN], r[OUT]
    holes = {}
    for s in range(n):
        if known >> s & 1:
            h = r[HOLES + s]
            holes[s] = [(h >> (8 + 8 * k)) & 255 for k in range(h & 255)]
    out = [bool(outm >> s & 1) for s in range(n)]
    chips = r[CHIPS:CHIPS + n]
    put = r[FIXED:FIXED + PER_SEAT * n:PER_SEAT]
    return pot_ev(pots_of(chips, out, r[DEAD]), board, holes, out, put, 1, game)


def summary(hands_or_paths: Any, *, player: str | None = None, stats: bool = True
            ) -> Summary:
    """Per-player results over hands, files or folders.

    Paths and PHH text go through the C fast path (:mod:`handrank.history.fast`),
    which hands to the Python reader and replay whatever it does not take.

    Parameters
    ----------
    hands_or_paths : Hand, path, or an iterable of them
    player : str, optional
        Keep only this player's rows (and follow them in :meth:`Summary.plot`).
    stats : bool
        Count the tracker statistics (the columns :meth:`Summary.to_pandas`
        adds); ``False`` skips them (several times faster on the fast path).

    Returns
    -------
    Summary
        Counts, errors and per-player rows; bad hands are counted and listed,
        never dropped.
    """
    from . import fast
    s = Summary(player=player)
    items: Iterable[Any] = ([hands_or_paths] if isinstance(hands_or_paths, (Hand, str,
                                                                           os.PathLike))
                            else hands_or_paths)
    for item in items:
        if isinstance(item, Hand):
            _add(s, item, player, stats)
            continue
        if isinstance(item, (str, os.PathLike)) and fast.available():
            _add_fast(s, item, player, stats=stats)
            continue
        rd = (read(text=item, errors="collect") if isinstance(item, str) and (
            "\n" in item or "=" in item) and not os.path.lexists(item)
            else read(item, errors="collect"))
        for h in rd:
            _add(s, h, player, stats)
        _add_errors(s, rd.errors)
    return s


def _add_errors(s: Summary, bad: list[HistoryError]) -> None:
    """Read errors into ``s``: a hand refused counts as read and refused; a file that
    could not be read is listed in ``unread``."""
    for e in bad:
        if isinstance(e, FileError):
            s.unread.append(str(e))
        else:
            s.read += 1
            s.refused += 1
            s.errors.append(str(e))
