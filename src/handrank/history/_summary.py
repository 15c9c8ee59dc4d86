"""Per-player results over many hands: net, all-in adjusted net, showdown split."""

from __future__ import annotations

import itertools
import math
import os
import stat
from collections.abc import Iterable
from dataclasses import dataclass
from decimal import ROUND_HALF_EVEN, Decimal
from fractions import Fraction
from typing import Any

import numpy as np

from ..core import _progress, kernels
from ..equity import _hu_preflop
from ..equity.holdem import SHARE_UNIT
from . import allin, fast, gg_fast, stars_fast
from ._base import number
from ._stats_np import StatSums, blinds_of, cut_actions, stat_arrays
from .fast import (
    AGREE,
    ALLIN,
    ALLIN_BOARD,
    BIG_BLIND,
    CHIPS,
    DEAD,
    END,
    FIXED,
    FLAGS,
    HOLES,
    KNOWN,
    MAX_SEATS,
    OK,
    OUT,
    PER_SEAT,
    PLAYERS,
    SEATS,
    SEGMENT,
    SHOWDOWN,
    START,
    STATUS,
    VARIANT,
)
from .model import GAMES, FileError, Hand, HistoryError
from .phh import UNEXPECTED, _paths, problem, read
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
    net: Any
    adjusted_net: Any
    showdown: bool
    big_blind: Any
    #: the unit of ``net`` and ``big_blind``: "chips", a currency ("EUR") or its
    #: cents ("USD cents"), as :attr:`Summary.units` names them
    unit: str = "chips"


#: the columns of a Summary, one entry per row (a player in a settled hand): ``net``
#: and ``bb`` in the record's unit, ``adj`` (the all-in adjusted net) in units of
#: ``10**-allin.PLACES`` of it; a row whose amounts are not such int64 values (a
#: Decimal net or big blind, or too large) holds 0 there and its exact values in
#: ``Summary._exact``; ``unit`` indexes ``Summary._unit_names``
_COLS = ("file", "index", "player", "net", "adj", "showdown", "bb", "unit")
_DTYPES = (np.int32, np.int64, np.int32, np.int64, np.int64, np.bool_, np.int64, np.int16)
#: the largest net or big blind kept in a column (so ``adj`` in nano-units fits int64)
_BIG = 9 * 10**9
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
        self._unit_names: list[str] = []         # the units the ``unit`` column indexes
        self._unit_id: dict[str, int] = {}
        self._files: list[str | None] = []
        self._file_id: dict[str | None, int] = {}
        self._names: list[str] = []
        self._name_id: dict[str, int] = {}
        self._parts: list[tuple[np.ndarray[Any, Any], ...]] = []
        self._pending: list[tuple[Any, ...]] = []      # rows of the Python path, not yet columns
        self._cols: tuple[np.ndarray[Any, Any], ...] | None = None
        self._n = 0                 # rows so far
        #: row number -> (net, adjusted net, big blind), exact, for the rows whose
        #: amounts the int64 columns do not hold (decimal stakes, huge amounts)
        self._exact: dict[int, tuple[Any, Any, Any]] = {}
        #: per player, the tracker statistics (handrank.history.stats) summed over hands
        self._stats = StatSums()
        for r in rows or ():
            f, _, k = r.hand.rpartition("#")
            self._add_row(f or None, None if k == "None" else int(k), r.player, r.net,
                          r.adjusted_net, r.showdown, r.big_blind, r.unit)

    # ---------------------------------------------------------------- building
    def _fid(self, file: str | None) -> int:
        k = self._file_id.get(file)
        if k is None:
            k = self._file_id[file] = len(self._files)
            self._files.append(file)
        return k

    def _uid(self, unit: str) -> int:
        k = self._unit_id.get(unit)
        if k is None:
            k = self._unit_id[unit] = len(self._unit_names)
            self._unit_names.append(unit)
        return k

    def _pid(self, name: str) -> int:
        k = self._name_id.get(name)
        if k is None:
            k = self._name_id[name] = len(self._names)
            self._names.append(name)
        return k

    def _add_row(self, file: str | None, index: int | None, player: str, net: Any, adj: Any,
                 showdown: bool, bb: Any, unit: str = "chips") -> None:
        q = allin.nano(adj)
        if type(net) is not int or type(bb) is not int or abs(net) > _BIG or abs(bb) > _BIG \
                or abs(q) > _BIG * 10**allin.PLACES:
            self._exact[self._n] = (net, adj, bb)
            net, q, bb = 0, 0, 0
        self._n += 1
        self._pending.append((self._fid(file), _NO_INDEX if index is None else index,
                              self._pid(player), net, q, showdown, bb, self._uid(unit)))
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
        """The rows as arrays: ``file``, ``player`` and ``unit`` index :attr:`files`,
        :attr:`names` and :attr:`unit_names`."""
        return dict(zip(_COLS, self._columns()))

    @property
    def files(self) -> list[str | None]:
        """The files the ``file`` column indexes."""
        return list(self._files)

    @property
    def names(self) -> list[str]:
        """The players the ``player`` column indexes."""
        return list(self._names)

    @property
    def unit_names(self) -> list[str]:
        """The units the ``unit`` column indexes."""
        return list(self._unit_names)

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
        f, k, p, net, adj, sd, bb, un = (c.tolist() for c in self._columns())
        files, names, none = self._files, self._names, int(_NO_INDEX)
        exact, of, units = self._exact, allin.from_nano, self._unit_names
        out = []
        for i, (a, b, c, x, y, z, w, u) in enumerate(zip(f, k, p, net, adj, sd, bb, un)):
            if i in exact:
                x, y, w = exact[i]
            else:
                y = of(y)
            out.append(Row(f"{files[a] or ''}#{None if b == none else b}", names[c], x, y, z,
                           w, units[u]))
        return out

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
            umap = np.array([out._uid(x) for x in s._unit_names], dtype=np.int16)
            out._add_part((fmap[cols[0]], cols[1], pmap[cols[2]]) + tuple(cols[3:7])
                          + (umap[cols[7]],))
        for s in (self, other):
            smap = np.array([out._pid(x) for x in s._names], dtype=np.int64)
            out._stats.merged(s._stats, smap, len(out._names))
        return out

    # --------------------------------------------------------------- results
    def _order(self, p: np.ndarray[Any, Any]) -> tuple[np.ndarray[Any, Any], np.ndarray[Any, Any]]:
        """The players of the player column ``p``, in order of first appearance, and each
        row's rank there."""
        if not len(p):
            return np.empty(0, dtype=np.int64), np.empty(0, dtype=np.int64)
        uniq, first, inv = np.unique(p, return_index=True, return_inverse=True)
        order = np.argsort(first, kind="stable")
        rank = np.empty(len(uniq), dtype=np.int64)
        rank[order] = np.arange(len(uniq))
        return uniq[order], rank[inv]

    def totals(self, unit: str | None = None) -> dict[str, dict[str, Any]]:
        """Per player: hands, net, all-in adjusted net, showdown and non-showdown net, and
        the net in big blinds.

        Exact: each amount is the sum of the player's rows (an int, or a Decimal
        where a row is one); ``net_bb`` is the exact sum of each row's net over
        its big blind (0 for a row without one), rounded half-even to
        ``allin.PLACES`` (9) decimal places (:func:`allin.expectation`).

        Parameters
        ----------
        unit : str, optional
            Only the rows whose amounts are in this unit (a key of :attr:`units`:
            "chips", "EUR", "USD cents" ...).  Amounts of different units are
            never added together: when the rows are in several units, give one
            (or use :meth:`by_unit`).

        Raises
        ------
        ValueError
            No ``unit`` while the rows are in several units, or a ``unit`` that
            none of the hands read is in.
        """
        return self._totals(False, self._one_unit(unit, "totals"))

    def by_unit(self) -> dict[str, dict[str, dict[str, Any]]]:
        """:meth:`totals` of each unit the rows are in, by unit name (sorted).

        Examples
        --------
        >>> Summary().by_unit()
        {}
        """
        return {u: self._totals(False, u) for u in sorted(self._unit_names)}

    def _one_unit(self, unit: str | None, what: str) -> str | None:
        """``unit`` checked: None only when the rows are in one unit (or none)."""
        if unit is None:
            if len(self._unit_names) > 1:
                raise ValueError(
                    f"the amounts are in {len(self._unit_names)} units "
                    f"({', '.join(sorted(self._unit_names))}), never added together: "
                    f"{what}(unit=...) gives one unit's, by_unit() each unit's")
            return None
        if unit not in self.units and unit not in self._unit_id:
            raise ValueError(f"no hand is in unit {unit!r}; the units are "
                             f"{', '.join(sorted(self.units)) or 'none'}")
        return unit

    def _totals(self, in_bb: bool, unit: str | None = None) -> dict[str, dict[str, Any]]:
        """:meth:`totals`; ``in_bb`` adds each column in big blinds (for the table);
        ``unit``: only the rows in that unit (None: every row)."""
        cols, exact = self._columns(), self._exact
        if unit is not None and self._unit_names != [unit]:
            keep = cols[7] == self._unit_id.get(unit, -1)
            where = np.flatnonzero(keep)
            cols = tuple(c[where] for c in cols)
            at = {i: k for k, i in enumerate(where.tolist())} if exact else {}
            exact = {at[i]: v for i, v in exact.items() if i in at}
        _, _, p, net, adj, sd, bb, _ = cols
        who, g = self._order(p)
        m = len(who)
        if not m:
            return {}
        hands = np.bincount(g, minlength=m).tolist()
        tot: dict[str, list[Any]] = {
            "net": _sums(g, net, m), "showdown_net": _sums(g[sd], net[sd], m),
            "non_showdown_net": _sums(g[~sd], net[~sd], m),
            "allin_adjusted_net": _sums(g, adj, m)}
        per_bb = {"net_bb": _bb_sums(g, net, bb, m, 1)}
        if in_bb:
            one = 10 ** allin.PLACES
            per_bb.update(allin_adjusted_bb=_bb_sums(g, adj, bb, m, one),
                          showdown_bb=_bb_sums(g[sd], net[sd], bb[sd], m, 1),
                          non_showdown_bb=_bb_sums(g[~sd], net[~sd], bb[~sd], m, 1))
        gl = g.tolist()
        for i, (x, y, w) in exact.items():      # rows the columns do not hold
            j = gl[i]
            shown = bool(sd[i])
            tot["net"][j] += x
            tot["showdown_net" if shown else "non_showdown_net"][j] += x
            tot["allin_adjusted_net"][j] += allin.nano(y)
            if w:
                per_bb["net_bb"][j] += Fraction(x) / Fraction(w)
                if in_bb:
                    per_bb["allin_adjusted_bb"][j] += Fraction(y) / Fraction(w)
                    per_bb["showdown_bb" if shown else "non_showdown_bb"][j] += \
                        Fraction(x) / Fraction(w)
        tot["allin_adjusted_net"] = [allin.from_nano(q) for q in tot["allin_adjusted_net"]]
        out: dict[str, dict[str, Any]] = {}
        for j, pid in enumerate(who.tolist()):
            row = out[self._names[pid]] = {"hands": hands[j]}
            row.update((k, tot[k][j]) for k in ("net", "allin_adjusted_net", "showdown_net",
                                               "non_showdown_net"))
            row.update((k, allin.expectation(v[j])) for k, v in per_bb.items())
        return out

    def to_pandas(self) -> Any:
        """The per-player table as a pandas DataFrame (index: player).

        The totals' columns, then the tracker statistics of
        :mod:`handrank.history.stats` (PokerTracker 4's definitions): each count
        (``vpip``, ``pfr``, ``three_bet``, ``wtsd``, ``wsd`` ...) beside its
        ``<name>_opportunities``, and the aggression counts.  A statistic that
        has no meaning in any hand of the summary (a stud game has no preflop)
        is absent; one that has none in a player's hands is ``<NA>`` there.

        Amounts in several units (:attr:`units`) are never added together: the
        frame then has a row per player and unit, a ``unit`` column first (the
        statistics, counts of actions, are each player's over all the hands).
        """
        import pandas as pd
        if len(self._unit_names) > 1:      # a row per player and unit: never added together
            parts = []
            for u, t in self.by_unit().items():
                part = pd.DataFrame.from_dict(t, orient="index").rename_axis("player")
                part.insert(0, "unit", u)
                parts.append(part)
            df = pd.concat(parts)
        else:
            df = pd.DataFrame.from_dict(self.totals(), orient="index").rename_axis("player")
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
        ``"record"`` (the record's own unit: chips or its currency) or ``"bb"``.

        Amounts in different units are never added: with ``"record"``, rows in
        several units (:attr:`units`) give one table per unit, each headed by
        its unit, a blank line between; big blinds add up across units.
        """
        if unit not in ("record", "bb"):
            raise ValueError(f"unit must be 'record' or 'bb', got {unit!r}")
        if unit == "record" and len(self._unit_names) > 1:
            return "\n\n".join(self._table(unit, u, self._totals(False, u))
                                for u in sorted(self._unit_names))
        return self._table(unit, "big blinds" if unit == "bb" else self.unit,
                           self._totals(unit == "bb"))

    def _table(self, unit: str, label: str, tot: dict[str, dict[str, Any]]) -> str:
        """The table of totals ``tot``, amounts in ``label``."""
        if not tot:
            return ""
        scale = 100 if unit == "record" and label.endswith(" cents") else 1
        if scale > 1:
            label = label[:-len(" cents")]

        def money(x: Any) -> str:
            """Exact amounts as written; a figure with more than two places (an
            expectation, big blinds, cents as the currency) shown to two, half-even."""
            if scale > 1:
                x = Decimal(x) / scale
            if unit == "bb" or (isinstance(x, Decimal) and x != x.quantize(Decimal("0.01"))):
                return f"{Decimal(x).quantize(Decimal('0.01'), ROUND_HALF_EVEN):,}"
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
               ) -> tuple[list[Any], list[Any]]:
        """Cumulative net and cumulative all-in adjusted net of one player over hands.

        Exact: in chips (the record's unit) the running sums of the rows (int or
        Decimal); in big blinds (``unit="bb"``) the exact running sums of each
        row's amount over its big blind, rounded half-even to ``allin.PLACES``
        places.  A player whose rows are in several units (currencies) has no
        curve in chips (ValueError: amounts of different units are never
        added); big blinds add up.
        """
        who = player or self.player or self._most()
        pid = self._name_id.get(who) if who is not None else None
        if pid is None:
            return [], []
        _, _, p, net, adj, _, bb, un = self._columns()
        rows = np.flatnonzero(p == pid).tolist()
        if unit != "bb" and len(set(un[rows].tolist())) > 1:
            raise ValueError(f"{who}'s amounts are in several units "
                             f"({', '.join(sorted({self._unit_names[u] for u in un[rows]}))}), "
                             f"never added together: use unit='bb' (big blinds)")
        nets, adjs, bbs = net[rows].tolist(), adj[rows].tolist(), bb[rows].tolist()
        for k, i in enumerate(rows):
            if i in self._exact:
                x, y, w = self._exact[i]
                nets[k], adjs[k], bbs[k] = x, allin.nano(y), w
        if unit == "bb":
            a, c = Fraction(0), Fraction(0)
            out_n, out_a = [], []
            for x, q, w in zip(nets, adjs, bbs):
                if w:
                    a += Fraction(x) / Fraction(w)
                    c += Fraction(q, 10 ** allin.PLACES) / Fraction(w)
                out_n.append(allin.expectation(a))
                out_a.append(allin.expectation(c))
            return out_n, out_a
        return (list(itertools.accumulate(nets)),
                [allin.from_nano(q) for q in itertools.accumulate(adjs)])

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
        net, adj = (list(map(float, c)) for c in self.curves(who, unit))  # drawn, not summed
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


def _sums(keys: np.ndarray[Any, Any], vals: np.ndarray[Any, Any], m: int) -> list[int]:
    """Exact per-key sums of int64 values (in two 32-bit halves: no overflow below
    2**31 rows)."""
    if not len(vals):
        return [0] * m
    hi, lo = np.divmod(vals, np.int64(1 << 32))
    a = np.zeros(m, dtype=np.int64)
    b = np.zeros(m, dtype=np.int64)
    np.add.at(a, keys, hi)
    np.add.at(b, keys, lo)
    return [(x << 32) + y for x, y in zip(a.tolist(), b.tolist())]


def _bb_sums(keys: np.ndarray[Any, Any], vals: np.ndarray[Any, Any], bb: np.ndarray[Any, Any],
             m: int, unit: int) -> list[Fraction]:
    """Per key, the exact sum of ``vals / (unit * bb)`` over the rows with a big blind."""
    out = [Fraction(0)] * m
    has = bb != 0
    if not has.any():
        return out
    keys, vals, bb = keys[has], vals[has], bb[has]
    blinds, at = np.unique(bb, return_inverse=True)
    pair, inv = np.unique(keys.astype(np.int64) * len(blinds) + at.reshape(-1),
                          return_inverse=True)
    sums = _sums(inv.reshape(-1), vals, len(pair))
    bl = blinds.tolist()
    for k, total in zip(pair.tolist(), sums):
        j, b = divmod(k, len(bl))
        out[j] += Fraction(total, unit * bl[b])
    return out


def _count(k: int, noun: str) -> str:
    """ "1 hand", "2 hands"."""
    return f"{k:,} {noun}{'' if k == 1 else 's'}"


def _unit_of(h: Hand) -> str:
    cur = h.extra.get("currency") if h.extra else None
    cur = cur if isinstance(cur, str) and cur else None
    if h.extra and h.extra.get("unit") == "cents":
        return f"{cur or 'money'} cents"
    return cur or "chips"


def _add(s: Summary, h: Hand, player: str | None, stats: bool = True,
         allin_ev: bool = True) -> None:
    s.read += 1
    try:
        r = h.replay(allin_ev=allin_ev)
    except HistoryError as e:
        s.refused += 1
        s.errors.append(str(e))
        return
    except UNEXPECTED as e:     # one hand never stops the batch
        s.refused += 1
        s.errors.append(str(HistoryError(f"unexpected {type(e).__name__} replaying the hand: "
                                         f"{e}", file=h.source, hand=number(h.index),
                                         line=h.line)))
        return
    if r.settlement is None or r.net is None:
        s.refused += 1
        s.errors.append(str(HistoryError(r.error or "not settled", file=h.source,
                                         hand=number(h.index), line=h.line)))
        return
    s.settled += 1
    s.agreeing += r.agrees_with_record is True
    s.recorded += r.agrees_with_record is not None
    u = _unit_of(h)
    s.units[u] = s.units.get(u, 0) + 1
    names = h.players or [f"p{i + 1}" for i in range(h.seats)]
    net = r.net_after_rake if r.net_after_rake is not None else r.net   # rake taken off
    adj = r.allin_ev or net     # the all-in EV before any rake
    showdown = len(r.settlement.pots) > 0 and any(len(p.eligible) > 1 for p in r.settlement.pots)
    bb = max(h.blinds_or_straddles or [0]) or (h.small_bet or 0)
    counts = hand_stats(h, r.payouts) if stats else None
    for i in range(h.seats):
        if player is not None and names[i] != player:
            continue
        s._add_row(h.source, h.index, names[i], net[i], adj[i], showdown, bb, u)
        if counts is not None:
            s._stats.add_hand(s._name_id[names[i]], counts[i])


def _add_fast(s: Summary, source: Any, player: str | None, per_file: bool = False,
              allin_ev: bool = True, stats: bool = True, meter: _Meter | None = None
              ) -> None:
    """Hands of a path or PHH text through the C fast path; as ``read`` + :func:`_add`.

    Hands the fast path takes whole become columns without a Python object
    per hand: each run of them is a few numpy operations on the batch's
    records, plus one dictionary look-up per hand for its players' names
    and the all-in EV of the hands all in before the river.  Read errors are
    listed after the hands of ``source`` as ``read`` lists them
    (``per_file``: after the hands of each file, as one summary per file
    would).  ``allin_ev=False`` (benchmarks) leaves the adjusted net equal
    to the net (on both paths: the Python path's replays skip the all-in EV);
    ``stats=False`` counts no tracker statistics; ``meter`` counts
    the bytes read.
    """
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

    def slow(rd: Any) -> None:
        for h in rd:
            _add(s, h, player, stats, allin_ev)
        bad.extend(rd.errors)

    def tail(t: fast.Tail | stars_fast.StarsTail) -> None:
        at(t.file)
        for x in t.hands():
            if isinstance(x, HistoryError):
                bad.append(x)
            else:
                _add(s, x, player, stats, allin_ev)

    def batch(b: fast.Batch) -> None:
        _batch(s, b, player, names, allin_ev, stats, bad, at if per_file else None)
    pending = 0                         # the bytes of the item before: counted once it is done
    for it in fast.scan(source):
        if meter is not None:
            meter.add(pending)
            pending = (_size(it[1]) if isinstance(it, tuple) and it[0] == "other"
                       else _size(it.file) - it.offset if isinstance(it, fast.Tail)
                       and it.file is not None else len(it.data)
                       if isinstance(it, fast.Batch) and it.files != [None] else 0)
        if isinstance(it, tuple):
            at(it[1])
            why = problem(it[1]) if it[0] == "other" else None
            if why is not None:         # not opened, and a folder (a loop) not walked again
                bad.append(FileError(why, file=it[1]))
                continue
            if it[0] == "other" and stars_fast.available():
                for x in stars_fast.scan(it[1], block=stars_fast.BLOCK):
                    if isinstance(x, tuple) and gg_fast.available():    # GGPoker's own
                        for y in gg_fast.scan(x[1], block=gg_fast.BLOCK):
                            if isinstance(y, tuple):
                                slow(read(y[1], errors="collect"))
                            elif isinstance(y, stars_fast.StarsTail):
                                tail(y)
                            else:
                                batch(y)
                    elif isinstance(x, tuple):      # not PokerStars (or not read by C)
                        slow(read(x[1], errors="collect"))
                    elif isinstance(x, stars_fast.StarsTail):
                        tail(x)
                    else:
                        batch(x)
                continue
            slow(read(text=it[1], errors="collect") if it[0] == "text"
                 else read(it[1], errors="collect"))
            continue
        if isinstance(it, fast.Tail):
            tail(it)
            continue
        batch(it)
    if meter is not None:
        meter.add(pending)
    flush()


def _batch(s: Summary, b: fast.Batch, player: str | None, names: _Names, allin_ev: bool,
           stats: bool, bad: list[HistoryError], at: Any) -> None:
    """The hands of one fast batch: runs of hands taken whole as columns, the rest
    through the Python reader and replay (their read errors into ``bad``)."""
    per_file = at is not None
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
                _add(s, h, player, stats, allin_ev)
        lo = hi + 1


class _Names:
    """Player ids of fast hands, by the text that lists them (the same text, the same names)."""

    def __init__(self, s: Summary) -> None:
        self.s = s
        self.known: dict[tuple[int, bytes], tuple[int, ...]] = {}
        self.default: np.ndarray[Any, Any] | None = None

    def _ids(self, data: bytes, m: int, a: int, e: int, at_: np.ndarray[Any, Any],
             ln: np.ndarray[Any, Any]) -> tuple[int, ...]:
        """The player ids of the ``m`` names at ``at_`` / ``ln`` (text ``data[a:e]``)."""
        key = (m, data[a:e])
        ids = self.known.get(key)
        if ids is None:
            if len(self.known) >= 4096:
                self.known.clear()
            o, w = at_.tolist(), ln.tolist()
            ids = self.known[key] = tuple(
                self.s._pid(data[o[j]:o[j] + w[j]].decode("ascii")) for j in range(m)
            ) + (-1,) * (MAX_SEATS - m)
        return ids

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
            data = b.data
            group = kernels.same_spans(data, first, last - first, k)
            if group is None:           # no C core: the bytes compared here
                firsts, inverse = np.arange(len(rows)), np.arange(len(rows))
            else:                       # one look-up a distinct list of names
                firsts, inverse = np.unique(group, return_inverse=True)
            got = [self._ids(data, int(k[j]), int(first[j]), int(last[j]), at_[j], ln[j])
                   for j in firsts.tolist()]
            out[rows] = np.array(got, dtype=np.int32).reshape(len(got), MAX_SEATS)[
                inverse.reshape(-1)]
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
    stars = isinstance(b, stars_fast.StarsBatch)
    if stars:                           # chips, or a currency's cents, hand by hand
        hand_units = [b.unit(i) for i in range(lo, hi)]
        for u in hand_units:
            s.units[u] = s.units.get(u, 0) + 1
        uids = np.array([s._uid(u) for u in hand_units], dtype=np.int16)
    else:
        s.units["chips"] = s.units.get("chips", 0) + k      # no currency: C passes those on
        uids = np.full(k, s._uid("chips"), dtype=np.int16)
    ids = names.of(b, lo, hi)
    mask = ids >= 0
    if player is not None:
        pid = s._name_id.get(player)
        if pid is None:
            return
        mask &= ids == pid
    end = FIXED + PER_SEAT * MAX_SEATS
    net = rec[:, FIXED + 1:end:PER_SEAT] - rec[:, FIXED:end:PER_SEAT]
    if stars:                           # the rake the record takes off (Replay.net_after_rake)
        net = net + b.rake_taken(lo, hi)
    big = np.abs(net) > _BIG
    adj = np.where(big, 0, net) * np.int64(10 ** allin.PLACES)
    odd = {(int(h), int(t)): int(net[h, t]) * 10 ** allin.PLACES
           for h, t in zip(*np.nonzero(big & mask))}      # rows the columns cannot hold
    if allin_ev:
        hands_in = np.flatnonzero(rec[:, FLAGS] & ALLIN)
        if len(hands_in):
            for (h, t), q in _allin_rows(b, lo, hands_in).items():
                if abs(q) > _BIG * 10 ** allin.PLACES:
                    odd[h, t] = q
                else:
                    adj[h, t] = q
    hand, seat = np.nonzero(mask)
    bbv = rec[hand, BIG_BLIND].copy()
    netv, adjv = net[hand, seat], adj[hand, seat]
    flags = rec[:, FLAGS]
    showdown = (flags[hand] & SHOWDOWN) != 0
    base = s._n + len(s._pending)
    bad = np.flatnonzero(big[hand, seat] | (np.abs(bbv) > _BIG))
    if odd:
        where = {(h, t): k for k, (h, t) in enumerate(zip(hand.tolist(), seat.tolist()))}
        bad = np.union1d(bad, [where[x] for x in odd if x in where]).astype(np.int64)
    for k in bad.tolist():
        key = (int(hand[k]), int(seat[k]))
        q = odd[key] if key in odd else int(adjv[k])
        s._exact[base + k] = (int(netv[k]), allin.from_nano(q), int(bbv[k]))
        netv[k] = adjv[k] = bbv[k] = 0
    fmap = np.array([s._fid(f) for f in b.files], dtype=np.int32)
    index = np.asarray(b.index[lo:hi], dtype=np.int64)
    s._add_part((fmap[rec[hand, SEGMENT]], index[hand], ids[hand, seat], netv, adjv, showdown,
                 bbv, uids[hand]))
    if stats:
        _take_stats(s, b, lo, hi, ids, mask)


def _take_stats(s: Summary, b: Any, lo: int, hi: int, ids: np.ndarray[Any, Any],
                mask: np.ndarray[Any, Any]) -> None:
    """The tracker statistics of fast hands ``lo:hi``: added up per player in C
    (``hr_phh_stat_sums``), else counted by numpy; a hand either leaves alone (its
    text not in the plain form) through :func:`hand_stats`."""
    rec = b.rec[lo:hi]
    pay = rec[:, FIXED + 1:FIXED + PER_SEAT * MAX_SEATS:PER_SEAT]
    ok = s._stats.add_counted(b.data, rec[:, START], rec[:, END], rec[:, SEATS], pay, ids,
                              mask)
    if ok is None:                  # no C core: the numpy counter
        acts = cut_actions(b.data, rec[:, START], rec[:, END])
        sa = stat_arrays(acts, rec[:, SEATS], blinds_of(b.data, rec[:, START], rec[:, END]),
                         pay)
        ok = acts.ok
        s._stats.add_block(ids, ok[:, None] & mask, sa)
    for j in np.flatnonzero(~ok & mask.any(axis=1)).tolist():
        counts = hand_stats(b.hand(lo + j), pay[j].tolist())
        for seat in np.flatnonzero(mask[j]).tolist():
            s._stats.add_hand(int(ids[j, seat]), counts[seat])


def _allin_rows(b: Any, lo: int, hands: np.ndarray[Any, Any]) -> dict[tuple[int, int], int]:
    """The all-in EV of fast hands ``lo + hands``: ``(hand - lo, seat) -> EV`` in units of
    ``10**-allin.PLACES`` chip, rounded half-even from the exact expectation.

    Hold'em hands in one C call (``hr_phh_allin_pots``: the pots and the exact
    share counts of each contested pot, a heads-up preflop pot's from the
    class table of :mod:`handrank.equity._hu_preflop`); :func:`exact_ev_of_pots`
    turns them into exact EVs, the same fractions as the replay's
    (:func:`allin.board_ev` on the same counts).  Other hands through
    :func:`fast_allin_ev`'s exact EV.
    """
    ptr = allin.fast_tables("holdem")
    rows = (hands + lo).astype(np.int64)
    got: dict[tuple[int, int], int] = {}
    rest = rows.tolist()
    if ptr is not None:
        rec = np.ascontiguousarray(b.rec)
        out = np.empty((len(rows), kernels.PHH_EV_WIDTH), dtype=np.float64)
        st = np.empty(len(rows), dtype=np.int8)
        kernels.phh_allin_pots(ptr, rec, rows, _hu_preflop.table(), out, st)
        rest = []
        for k, i in enumerate(rows.tolist()):
            q = None
            if st[k] == 0:
                n = int(rec[i, SEATS])
                q = _nano_of_pots(out[k].tolist(),
                                  rec[i, FIXED:FIXED + PER_SEAT * n:PER_SEAT].tolist())
            if q is None and st[k] != 1:
                rest.append(i)
            for t, x in enumerate(q or ()):
                got[i - lo, t] = x
    for i in rest:
        ev = _fast_exact_ev(b, i)
        for t, f in enumerate(ev or ()):
            got[i - lo, t] = allin.nano_of(f)
    return got


def _nano_of_pots(pots: list[float], put: list[int]) -> list[int] | None:
    """:func:`exact_ev_of_pots` rounded as :func:`allin.nano_of` rounds it, in integers
    over one common denominator (the same values, without Fraction objects)."""
    n = len(put)
    width = 3 + MAX_SEATS
    rows = []
    den = 1
    for j in range(int(pots[-1])):
        p = pots[j * width:(j + 1) * width]
        if p[0] >= 2 ** 53:
            return None
        seats = [t for t in range(n) if int(p[1]) >> t & 1]
        whole = SHARE_UNIT * int(p[2]) if len(seats) > 1 else 1
        den = math.lcm(den, whole)
        rows.append((int(p[0]), seats, whole, p))
    num = [-put[t] * den for t in range(n)]
    for amount, seats, whole, p in rows:
        if len(seats) == 1:
            num[seats[0]] += amount * den
            continue
        f = den // whole
        for t in seats:
            num[t] += amount * int(p[3 + t]) * f
    return [_half_even(x, den) for x in num]


def _half_even(num: int, den: int) -> int:
    """``num / den`` in units of ``10**-allin.PLACES``, rounded half-even."""
    q, r = divmod(num * 10 ** allin.PLACES, den)
    if 2 * r > den or (2 * r == den and q % 2):
        q += 1
    return int(q)


def exact_ev_of_pots(pots: list[float], put: list[int]) -> list[Fraction] | None:
    """The exact EV per seat from one ``hr_phh_allin_pots`` row (whole numbers in
    doubles): a pot's only seat takes it, each contender of a contested pot
    ``amount * share / (SHARE_UNIT * boards)``; less what each seat put in.  None
    where an amount is too large for a double to hold exactly."""
    n = len(put)
    width = 3 + MAX_SEATS
    ev = [Fraction(0)] * n
    for j in range(int(pots[-1])):
        p = pots[j * width:(j + 1) * width]
        if p[0] >= 2 ** 53:
            return None
        amount, elig = int(p[0]), int(p[1])
        seats = [t for t in range(n) if elig >> t & 1]
        if len(seats) == 1:
            ev[seats[0]] += amount
            continue
        whole = SHARE_UNIT * int(p[2])
        for t in seats:
            ev[t] += Fraction(amount * int(p[3 + t]), whole)
    return [ev[t] - put[t] for t in range(n)]


def fast_allin_ev(b: Any, i: int) -> list[Any] | None:
    """``Replay.allin_ev`` of fast hand ``i`` of batch ``b``, from its record.

    The record holds what the replay knows when the all-in is called (the
    board, each seat's hole cards, who is out, what each put in); the pots
    are cut as ``settle`` cuts them and the EV is the same function of them
    as the replay's (:func:`allin.board_ev`), so the same exact values.
    """
    ev = _fast_exact_ev(b, i)
    return None if ev is None else [allin.expectation(x) for x in ev]


def _fast_exact_ev(b: Any, i: int) -> list[Fraction] | None:
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
    ev = allin.board_ev(allin.pots_of(chips, out, r[DEAD]), board, holes, out, put, 1, game)
    return None if isinstance(ev, str) else ev


def summary(hands_or_paths: Any, *, player: str | None = None, stats: bool = True,
            progress: Any = None) -> Summary:
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
    progress : bool or callable, optional
        ``True`` draws a progress bar on stderr; a callable is called as
        ``progress(done, total)`` in bytes of the files given (paths and
        folders; hands and text count nothing), the last call with ``done ==
        total``.  The default draws a bar in a Jupyter notebook once the call has
        taken a second, nothing elsewhere; ``False`` never draws one.  The
        result is the same with or without it.

    Returns
    -------
    Summary
        Counts, errors and per-player rows; bad hands are counted and listed,
        never dropped.
    """
    s = Summary(player=player)
    items: Iterable[Any] = ([hands_or_paths] if isinstance(hands_or_paths, (Hand, str,
                                                                           os.PathLike))
                            else hands_or_paths)
    report = _progress.resolve(progress, "summary")
    if report is not None and not callable(report):
        raise TypeError(f"progress must be True, False, None or a callable, got {progress!r}")
    meter = None
    if report is not None:
        items = list(items)
        meter = _Meter(report, items)
    for item in items:
        if isinstance(item, Hand):
            _add(s, item, player, stats)
            continue
        if isinstance(item, (str, os.PathLike)) and fast.available():
            _add_fast(s, item, player, stats=stats, meter=meter)
            continue
        text = isinstance(item, str) and ("\n" in item or "=" in item) and \
            not os.path.lexists(item)
        rd = read(text=item, errors="collect") if text else read(item, errors="collect")
        for h in rd:
            _add(s, h, player, stats)
        _add_errors(s, rd.errors)
        if meter is not None and not text and isinstance(item, (str, os.PathLike)):
            meter.files(_paths(os.fspath(item)))
    if meter is not None:
        meter.end()
    return s


class _Meter:
    """``progress(done, total)`` of :func:`summary` in bytes of the files given."""

    def __init__(self, report: Any, items: list[Any]) -> None:
        self.report, self.done = report, 0
        self.total = sum(_size(f) for x in items if isinstance(x, (str, os.PathLike))
                         and not (isinstance(x, str) and ("\n" in x or "=" in x)
                                  and not os.path.lexists(x))
                         for f in _paths(os.fspath(x)))
        self.report(0, self.total)

    def add(self, k: int) -> None:
        """``k`` more bytes read (never past the total, which only :meth:`end` reports)."""
        done = min(self.done + k, max(self.total - 1, 0))
        if done > self.done:
            self.done = done
            self.report(done, self.total)

    def files(self, paths: Iterable[str]) -> None:
        self.add(sum(_size(f) for f in paths))

    def end(self) -> None:
        self.done = self.total
        self.report(self.total, self.total)


def _size(path: str) -> int:
    """The bytes of a regular file (0 for anything else; nothing opened)."""
    try:
        st = os.stat(path)
    except OSError:
        return 0
    return st.st_size if stat.S_ISREG(st.st_mode) else 0


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
