"""Per-player results over many hands: net, all-in adjusted net, showdown split."""

from __future__ import annotations

import os
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from .model import Hand, HistoryError
from .phh import read


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


@dataclass
class Summary:
    """The result of :func:`summary`.

    Attributes
    ----------
    rows : list of Row
        One per player per settled hand, in reading order.
    read, settled, agreeing, refused : int
        Hands read; settled; agreeing with their record; refused (errors or a
        game not supported yet).
    errors : list of str
        Why each refused hand was refused (file, hand number, action, reason).
    player : str or None
        The player :meth:`plot` follows.
    """

    rows: list[Row] = field(default_factory=list)
    read: int = 0
    settled: int = 0
    agreeing: int = 0
    refused: int = 0
    errors: list[str] = field(default_factory=list)
    player: str | None = None

    def merge(self, other: Summary) -> Summary:
        """This summary followed by ``other`` (order kept: same result on 1 or N workers)."""
        return Summary(self.rows + other.rows, self.read + other.read,
                       self.settled + other.settled, self.agreeing + other.agreeing,
                       self.refused + other.refused, self.errors + other.errors,
                       self.player or other.player)

    def totals(self) -> dict[str, dict[str, float]]:
        """Per player: hands, net, adjusted net, showdown and non-showdown net (sums in order)."""
        out: dict[str, dict[str, float]] = {}
        for r in self.rows:
            t = out.setdefault(r.player, {"hands": 0, "net": 0, "allin_adjusted_net": 0.0,
                                          "showdown_net": 0, "non_showdown_net": 0,
                                          "net_bb": 0.0})
            t["hands"] += 1
            t["net"] += r.net
            t["allin_adjusted_net"] += r.adjusted_net
            t["showdown_net" if r.showdown else "non_showdown_net"] += r.net
            t["net_bb"] += r.net / r.big_blind if r.big_blind else 0.0
        return out

    def to_pandas(self) -> Any:
        """The per-player table as a pandas DataFrame (index: player)."""
        import pandas as pd
        t = self.totals()
        return pd.DataFrame.from_dict(t, orient="index").rename_axis("player")

    def __str__(self) -> str:
        lines = [f"hands read {self.read}, settled {self.settled}, agreeing with the record "
                 f"{self.agreeing}, refused {self.refused}"]
        for p, t in sorted(self.totals().items()):
            lines.append(f"{p}: {int(t['hands'])} hands, net {t['net']:.12g}, all-in adjusted "
                         f"{t['allin_adjusted_net']:.2f}, showdown {t['showdown_net']:.12g}, "
                         f"non-showdown {t['non_showdown_net']:.12g}")
        return "\n".join(lines)

    def curves(self, player: str | None = None, unit: str = "chips"
               ) -> tuple[list[float], list[float]]:
        """Cumulative net and cumulative all-in adjusted net of one player over hands."""
        who = player or self.player or _most(self.rows)
        net, adj, a, b = [], [], 0.0, 0.0
        for r in self.rows:
            if r.player != who:
                continue
            k = (1 / r.big_blind if r.big_blind else 0.0) if unit == "bb" else 1.0
            a += r.net * k
            b += r.adjusted_net * k
            net.append(a)
            adj.append(b)
        return net, adj

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
        who = player or self.player or _most(self.rows)
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


def _most(rows: list[Row]) -> str | None:
    count: dict[str, int] = {}
    for r in rows:
        count[r.player] = count.get(r.player, 0) + 1
    return max(sorted(count), key=lambda p: count[p]) if count else None


def _add(s: Summary, h: Hand, player: str | None) -> None:
    s.read += 1
    where = f"{h.source or '<text>'} hand {h.index}"
    try:
        r = h.replay()
    except HistoryError as e:
        s.refused += 1
        s.errors.append(str(e))
        return
    if r.settlement is None or r.net is None:
        s.refused += 1
        s.errors.append(f"{r.error} ({where})")
        return
    s.settled += 1
    s.agreeing += r.agrees_with_record is True
    names = h.players or [f"p{i + 1}" for i in range(h.seats)]
    net = r.net_after_rake if r.net_after_rake is not None else r.net   # rake taken off
    adj = r.allin_ev or net
    showdown = len(r.settlement.pots) > 0 and any(len(p.eligible) > 1 for p in r.settlement.pots)
    bb = max(h.blinds_or_straddles or [0]) or (h.small_bet or 0)
    hid = f"{h.source or ''}#{h.index}"
    for i in range(h.seats):
        if player is not None and names[i] != player:
            continue
        s.rows.append(Row(hid, names[i], net[i], float(adj[i]), showdown, bb))


def _add_fast(s: Summary, source: Any, player: str | None, per_file: bool = False) -> None:
    """Hands of a path or PHH text through the C fast path; as ``read`` + :func:`_add`.

    Read errors are listed after the hands of ``source`` as ``read`` lists them
    (``per_file``: after the hands of each file, as one summary per file would).
    """
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
        SHOWDOWN,
        STATUS,
        Batch,
        Tail,
        scan,
    )
    bad: list[HistoryError] = []        # read errors: listed after the hands, as read() does
    known: dict[tuple[int, bytes], list[str]] = {}   # players' names by the text listing them
    default = [[f"p{k + 1}" for k in range(n)] for n in range(2, MAX_SEATS + 1)]
    current: list[Any] = [None]

    def at(file: Any) -> None:
        if per_file and file != current[0]:
            flush()
            current[0] = file

    def flush() -> None:
        s.read += len(bad)
        s.refused += len(bad)
        s.errors.extend(str(e) for e in bad)
        bad.clear()
    for it in scan(source):
        if isinstance(it, tuple):
            at(it[1])
            rd = read(it[1], errors="collect")
            for h in rd:
                _add(s, h, player)
            bad += rd.errors
            continue
        if isinstance(it, Tail):
            at(it.file)
            for x in it.hands():
                if isinstance(x, HistoryError):
                    bad.append(x)
                else:
                    _add(s, x, player)
            continue
        b: Batch = it
        rec = b.rec
        status = rec[:, STATUS].tolist()
        flags = rec[:, FLAGS].tolist()
        agree = rec[:, AGREE].tolist()
        seats = rec[:, SEATS].tolist()
        bbs = rec[:, BIG_BLIND].tolist()
        end = FIXED + PER_SEAT * MAX_SEATS
        diff = rec[:, FIXED + 1:end:PER_SEAT] - rec[:, FIXED:end:PER_SEAT]
        net = diff.tolist()
        netf = diff.astype(float).tolist()     # float(net), as Row.adjusted_net takes it
        name_at = rec[:, FIXED + 2:end:PER_SEAT].tolist()
        name_len = rec[:, FIXED + 3:end:PER_SEAT].tolist()
        data = b.data
        files = b.files
        index = b.index
        segs = rec[:, 1].tolist()
        rows = s.rows
        taken = agreeing = 0
        for i, st in enumerate(status):
            if per_file:
                at(files[segs[i]])
            if st != OK:                        # the Python path
                try:
                    h = b.hand(i)
                except HistoryError as e:
                    bad.append(e)
                    continue
                _add(s, h, player)
                continue
            taken += 1
            agreeing += agree[i] == 1
            n = seats[i]
            fl = flags[i]
            if fl & PLAYERS:
                at_, ln = name_at[i], name_len[i]
                # the text from the first name's opening quote to the last name: the
                # same text is cut into the same names
                span = (n, data[at_[0] - 1:at_[n - 1] + ln[n - 1]])
                names = known.get(span)
                if names is None:
                    if len(known) >= 4096:
                        known.clear()
                    names = known[span] = [data[at_[k]:at_[k] + ln[k]].decode("ascii")
                                           for k in range(n)]
            else:
                names = default[n - 2]
            hid = f"{files[segs[i]] or ''}#{index[i]}"
            showdown = bool(fl & SHOWDOWN)
            bb = bbs[i]
            nets = net[i]
            adj = (fast_allin_ev(b, i) if fl & ALLIN else None) or netf[i]
            if player is None:
                rows += [Row(hid, nm, x, float(y), showdown, bb)
                         for nm, x, y in zip(names, nets, adj)]
                continue
            for k in range(n):
                if names[k] == player:
                    rows.append(Row(hid, names[k], nets[k], float(adj[k]), showdown, bb))
        s.read += taken
        s.settled += taken
        s.agreeing += agreeing
    flush()


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


def summary(hands_or_paths: Any, *, player: str | None = None) -> Summary:
    """Per-player results over hands, files or folders.

    Paths and PHH text go through the C fast path (:mod:`handrank.history.fast`),
    which hands to the Python reader and replay whatever it does not take.

    Parameters
    ----------
    hands_or_paths : Hand, path, or an iterable of them
    player : str, optional
        Keep only this player's rows (and follow them in :meth:`Summary.plot`).

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
            _add(s, item, player)
            continue
        if isinstance(item, (str, os.PathLike)) and fast.available():
            _add_fast(s, item, player)
            continue
        rd = read(item, errors="collect")
        for h in rd:
            _add(s, h, player)
        s.read += len(rd.errors)
        s.refused += len(rd.errors)
        s.errors += [str(e) for e in rd.errors]
    return s
