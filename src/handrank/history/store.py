"""Hand histories into a database: DuckDB (the default) or a folder of Parquet files.

Both stores hold the same five tables (the schema is :data:`SCHEMA`, and
docs/howto/history.md shows it with example queries):

``hands``
    One row a hand, keyed by ``hid``, a whole number the store gives each hand
    (0, 1, 2 ... in the order imported), and identified by ``hand_key``: the
    site and its hand id (``"PokerStars:254000000001"``), or for PHH, which
    has no site id, a digest of the hand's own text (``"phh:<sha256>"``), so
    the same hand read from two files is one hand.
``seats``
    ``(hid, seat)``: the player, the position, the stack and the hole
    cards shown.
``actions``
    ``(hid, action_index)``: the PHH action stream (street, seat, verb,
    argument).
``pots``
    ``(hid, pot_index)``: each pot's amount and the seats in it.
``results``
    ``(hid, seat)``: contributions, payouts, net, net after rake, the
    all-in EV and the all-in adjusted net (also in big blinds), and the
    tracker statistics of :mod:`handrank.history.stats` (a count and its
    ``_opportunities``; NULL where the statistic has no meaning for the game).

Money is exact: DECIMAL(38, 9) columns, filled from the record's integers
or decimals (a hand with an amount finer than 10^-9 is refused, never
rounded).  Appending a file already imported adds nothing: a hand whose key
is in the store is counted as already present.

A store records the layout it was written in (:data:`SCHEMA_VERSION`: the
DuckDB table ``store_info``, the Parquet folder's ``store_info.json``); an
import into a store of another layout (or of the first layout, written
before the version was recorded) is refused with a ValueError naming the
store and the fix: import the histories into a new store.

DuckDB and pyarrow are the optional extra ``handrank[db]``.
"""

from __future__ import annotations

import dataclasses
import datetime
import hashlib
import io
import json
import os
from collections.abc import Iterator
from decimal import ROUND_HALF_EVEN, Decimal
from fractions import Fraction
from pathlib import Path
from typing import Any

import numpy as np

from ..core import _progress
from ..core._run import check_progress
from . import allin, fast
from ._store_fast import fast_tables, keys_of, text_key
from ._summary import _unit_of
from .fast import OK, STATUS
from .model import FileError, Hand, HistoryError
from .phh import _chunks, read
from .stats import ALWAYS_STATS, FLOP_STATS, PREFLOP_STATS, big_blind, hand_stats, positions

__all__ = ["SCHEMA", "SCHEMA_VERSION", "STAT_COLUMNS", "Report", "StatsTable", "player_stats",
           "to_duckdb", "to_parquet"]

_MONEY = "DECIMAL(38, 9)"
_STATS = tuple(k for s in PREFLOP_STATS + FLOP_STATS for k in (s, s + "_opportunities"))

#: the layout of the stores this version writes (``store_info``'s ``schema_version``);
#: 1 was the layout keyed by ``hand_key`` in every table, with ``actions.text``
SCHEMA_VERSION = 2
#: table -> [(column, DuckDB type)], the first columns of each table its key
SCHEMA: dict[str, list[tuple[str, str]]] = {
    "hands": [("hid", "BIGINT"), ("hand_key", "VARCHAR"), ("site", "VARCHAR"),
              ("hand_id", "VARCHAR"),
              ("file", "VARCHAR"), ("hand_number", "INTEGER"), ("date", "DATE"),
              ("variant", "VARCHAR"),
              ("game", "VARCHAR"), ("seats", "SMALLINT"), ("unit", "VARCHAR"),
              ("big_blind", _MONEY), ("board", "VARCHAR"), ("pot", _MONEY),
              ("rake", _MONEY), ("allin", "BOOLEAN"), ("agrees_with_record", "BOOLEAN"),
              ("settle_error", "VARCHAR")],
    "seats": [("hid", "BIGINT"), ("seat", "SMALLINT"), ("player", "VARCHAR"),
              ("position", "VARCHAR"), ("starting_stack", _MONEY), ("hole_cards", "VARCHAR")],
    "actions": [("hid", "BIGINT"), ("action_index", "INTEGER"), ("street", "SMALLINT"),
                ("seat", "SMALLINT"), ("verb", "VARCHAR"), ("argument", "VARCHAR")],
    "pots": [("hid", "BIGINT"), ("pot_index", "SMALLINT"), ("amount", _MONEY),
             ("seats", "VARCHAR")],
    "results": ([("hid", "BIGINT"), ("seat", "SMALLINT"), ("player", "VARCHAR"),
                 ("position", "VARCHAR"),
                 ("contributed", _MONEY), ("payout", _MONEY), ("net", _MONEY),
                 ("net_after_rake", _MONEY), ("allin_ev", _MONEY), ("adjusted_net", _MONEY),
                 ("net_bb", _MONEY), ("adjusted_net_bb", _MONEY)]
                + [(k, "INTEGER") for k in _STATS + ALWAYS_STATS]),
}
_KEYS = {"hands": ("hid",), "seats": ("hid", "seat"),
         "actions": ("hid", "action_index"), "pots": ("hid", "pot_index"),
         "results": ("hid", "seat")}
_SCALE = Decimal("1e-9")
_BLOCK = 20_000
#: hands a DuckDB transaction takes before its commit (large appends let DuckDB
#: write whole compressed row groups at once instead of logging rows and
#: compressing them again at its checkpoint; an import stopped by Ctrl-C keeps
#: every committed transaction)
_COMMIT = 100_000


@dataclasses.dataclass
class Report:
    """What an import did.

    Attributes
    ----------
    files : int
        Files read (in whole or in part).
    hands_read : int
        Hands found in them, refused ones included.
    added : int
        Hands written to the store.
    already_present : int
        Hands whose key was in the store already (or earlier in the same run).
    refused : int
        Hands that could not be read or replayed (listed in `refusals`).
    refusals : list of HistoryError
        Each refused hand, or each file that could not be read (its `hand` None),
        naming the file, the hand number and the reason.
    """

    files: int = 0
    hands_read: int = 0
    added: int = 0
    already_present: int = 0
    refused: int = 0
    refusals: list[HistoryError] = dataclasses.field(default_factory=list)

    def __str__(self) -> str:
        def n(k: int, one: str, many: str) -> str:
            return f"{k:,} {one if k == 1 else many}"
        return (f"{n(self.files, 'file', 'files')}, {n(self.hands_read, 'hand', 'hands')} read: "
                f"{self.added:,} added, {self.already_present:,} already present, "
                f"{self.refused:,} refused")


def _need() -> tuple[Any, Any]:
    try:
        import pyarrow as pa
        import pyarrow.parquet as pq
    except ImportError:
        raise ImportError("the database stores need pyarrow and duckdb: "
                          "pip install 'handrank[db]'") from None
    return pa, pq


def _money(v: Any, what: str, *, expectation: bool = False) -> Decimal | None:
    """`v` as DECIMAL(38, 9): exact for an amount paid (refused when finer), rounded
    half-even to 10^-9 for an expectation (all-in EV, big blinds)."""
    if v is None:
        return None
    if isinstance(v, Fraction):
        d = Decimal(v.numerator) / Decimal(v.denominator)
    else:
        d = v if isinstance(v, Decimal) else Decimal(str(v)) if isinstance(v, float) \
            else Decimal(v)
    if not d.is_finite():
        raise ValueError(f"{what} is {v!r}, not a finite amount")
    q = d.quantize(_SCALE, rounding=ROUND_HALF_EVEN)
    if q != d and not expectation:
        raise ValueError(f"{what} {v!r} has more than 9 decimal places")
    return q


def hand_key(h: Hand, text: bytes | None = None) -> str:
    """The key a hand is stored under: site and hand id, or a digest of its PHH text
    (``text``, the hand as written in its file; else the text :meth:`Hand.to_phh`
    writes)."""
    site, hid = h.extra.get("site"), h.extra.get("hand")
    if site and hid is not None and str(hid) not in ("", "0"):
        return f"{site}:{hid}"
    if text is not None:
        return text_key(text)
    return "phh:" + hashlib.sha256(h.to_phh().encode()).hexdigest()


def _files(paths: Any) -> Iterator[str]:
    items = [paths] if isinstance(paths, (str, os.PathLike)) else list(paths)
    for item in items:
        p = os.fspath(item)
        if os.path.isdir(p):
            for root, dirs, files in os.walk(p):
                dirs.sort()
                for f in sorted(files):
                    if f.endswith((".phh", ".phhs", ".txt")):
                        yield os.path.join(root, f)
        else:
            yield p


class _Rows:
    """Column lists of the five tables for one block of hands."""

    def __init__(self) -> None:
        self.cols: dict[str, dict[str, list[Any]]] = {
            t: {c: [] for c, _ in cols} for t, cols in SCHEMA.items()}
        self.keys: list[str] = []
        #: hands added row by row (their ``hid`` in the rows above: 0, 1, ... in this block)
        self.slow = 0
        #: tables of fast hands (whole Arrow tables, ``hid`` 0, 1, ... in each), added
        #: after the rows above
        self.fast: list[dict[str, Any]] = []

    def add(self, key: str, h: Hand, number: int) -> None:
        """Replay `h` and add its rows (all or none: a failure leaves no row)."""
        r = h.replay(allin_ev=True)
        n = h.seats
        bb_v = big_blind(h)
        bb = _money(bb_v, "the big blind")
        hole = {int(s): c for s, c in r.shown.items()}
        stats = hand_stats(h, r.payouts)
        pos = positions(n) if any(b for b in h.blinds_or_straddles) else [None] * n
        rows: dict[str, list[dict[str, Any]]] = {t: [] for t in SCHEMA}
        hid = self.slow
        contributed = [_money(c, "a contribution") for c in r.contributions]
        pot = sum((c for c in contributed if c is not None), Decimal(0)) + (
            _money(r.dead, "dead money") or Decimal(0))
        rows["hands"].append({
            "hid": hid, "hand_key": key, "site": h.extra.get("site", "PHH"),
            "hand_id": None if h.extra.get("hand") is None else str(h.extra.get("hand")),
            "file": h.source, "hand_number": number, "date": _date(h.extra),
            "variant": h.variant, "game": h.game,
            "seats": n, "unit": _unit_of(h), "big_blind": bb,
            "board": " / ".join(r.boards) or None, "pot": pot,
            "rake": _money(r.rake, "the rake"), "allin": r.allin_ev_exact is not None,
            "agrees_with_record": r.agrees_with_record, "settle_error": r.error})
        names = h.players or [f"p{i + 1}" for i in range(n)]
        for i in range(n):
            rows["seats"].append({
                "hid": hid, "seat": i, "player": names[i], "position": pos[i],
                "starting_stack": _money(h.starting_stacks[i], "a starting stack"),
                "hole_cards": hole.get(i)})
            net = None if r.net is None else _money(r.net[i], "a net")
            ev = None if r.allin_ev_exact is None else _exact(r.allin_ev_exact[i])
            adj_f = (r.allin_ev_exact[i] if r.allin_ev_exact is not None
                     else None if r.net is None else Fraction(r.net[i]))
            adj = None if adj_f is None else _exact(adj_f)
            row: dict[str, Any] = {
                "hid": hid, "seat": i, "player": names[i], "position": pos[i],
                "contributed": contributed[i],
                "payout": None if r.payouts is None else _money(r.payouts[i], "a payout"),
                "net": net,
                "net_after_rake": (None if r.net_after_rake is None
                                   else _money(r.net_after_rake[i], "a net after rake")),
                "allin_ev": ev,
                "adjusted_net": adj,
                "net_bb": None if net is None else _bb(Fraction(net), bb_v),
                # from the stored (rounded) adjusted net, as SQL on the columns gives it
                "adjusted_net_bb": None if adj is None else _bb(Fraction(adj), bb_v)}
            row.update({k: stats[i].get(k) for k in _STATS + ALWAYS_STATS})
            rows["results"].append(row)
        street = 0
        for j, a in enumerate(h.actions):
            t = a.split("#", 1)[0].split()
            if t[:2] == ["d", "db"]:
                street += 1
            actor = int(t[0][1:]) - 1 if t and t[0][:1] == "p" and t[0][1:].isdigit() else None
            rows["actions"].append({
                "hid": hid, "action_index": j, "street": street, "seat": actor,
                "verb": t[1] if len(t) > 1 else None,
                "argument": " ".join(t[2:]) or None})
        scale = _scale(r.contributions + [r.dead])
        for j, p in enumerate(r.pots):
            rows["pots"].append({"hid": hid, "pot_index": j,
                                 "amount": _money(Decimal(p.amount) / scale, "a pot"),
                                 "seats": ",".join(str(s) for s in p.eligible)})
        for table, rs in rows.items():
            cols = self.cols[table]
            for row in rs:
                for c, v in row.items():
                    cols[c].append(v)
        self.keys.append(key)
        self.slow += 1

    def tables(self, base: int) -> dict[str, Any]:
        """The block's five Arrow tables, its hands numbered ``hid = base, base + 1, ...``
        (the row-by-row hands first, then each fast table's in order)."""
        pa, _ = _need()
        import pyarrow.compute as pc
        out = {}
        for t, cols in SCHEMA.items():
            fields = [pa.field(c, _arrow(pa, ty)) for c, ty in cols]
            cols_ = self.cols[t]
            cols_["hid"] = [base + k for k in cols_["hid"]]
            parts = [pa.table({c: pa.array(cols_[c], type=f.type)
                               for (c, _), f in zip(cols, fields)}, schema=pa.schema(fields))]
            at = base + self.slow
            for f_ in self.fast:
                tab = f_[t]
                parts.append(tab.set_column(0, "hid", pc.add(tab.column(0), pa.scalar(
                    at, pa.int64()))))
                at += len(f_["hands"])
            out[t] = pa.concat_tables(parts) if len(parts) > 1 else parts[0]
        return out


def _date(extra: dict[str, Any]) -> datetime.date | None:
    """The day the record names (PHH's ``year``, ``month``, ``day``), or None."""
    try:
        return datetime.date(int(extra["year"]), int(extra["month"]), int(extra["day"]))
    except (KeyError, TypeError, ValueError, OverflowError):
        return None


def _scale(amounts: list[Any]) -> int:
    """The power of ten the settlement counted these amounts in (its chips are integers)."""
    scale = 1
    for v in amounts:
        d = v if isinstance(v, Decimal) else Decimal(str(v))
        while scale < 10**9 and d * scale != int(d * scale):
            scale *= 10
    return scale


def _exact(v: Fraction) -> Decimal:
    """An exact amount or expectation to 10^-9, rounded half-even."""
    return Decimal(allin.nano_of(Fraction(v))).scaleb(-9)


def _bb(v: Fraction, bb: Any) -> Decimal | None:
    """``v`` in big blinds, to 10^-9 (half-even); None without a big blind."""
    if bb is None:
        return None
    b = Fraction(bb if not isinstance(bb, float) else Decimal(str(bb)))
    return None if b == 0 else _exact(v / b)


def _arrow(pa: Any, ty: str) -> Any:
    return {"VARCHAR": pa.string(), "BIGINT": pa.int64(), "INTEGER": pa.int32(),
            "SMALLINT": pa.int16(),
            "BOOLEAN": pa.bool_(), "DATE": pa.date32(), _MONEY: pa.decimal128(38, 9)}[ty]


#: whether imports take the C fast path's hands as whole columns (tests turn it off
#: to compare with the Python path)
FAST = True


def _blocks(paths: Any, report: Report, errors: str, seen: set[str],
            nbytes: list[int] | None = None) -> Iterator[_Rows]:
    """Blocks of rows of the hands of ``paths``; ``nbytes`` (when given) holds the
    bytes of input read so far and the bytes of all of it, kept up to date."""
    pa, _ = _need()
    rows = _Rows()
    files = list(_files(paths))
    report.files += len(files)
    size: dict[str, int] = {}
    for f in files:
        try:
            size[f] = os.path.getsize(f)
        except OSError:
            size[f] = 0
    if nbytes is None:
        nbytes = [0, 0]
    nbytes[:] = [0, sum(size.values())]

    def refuse(e: Exception, f: str | None, number: int | None) -> None:
        err = e if isinstance(e, HistoryError) else HistoryError(
            f"{type(e).__name__}: {e}", file=f, hand=number)
        if errors == "raise":
            raise err from None
        report.refused += 1
        report.refusals.append(err)

    def one(h: Hand, number: int, text: bytes | None) -> None:
        try:
            key = hand_key(h, text)
            if key in seen:
                report.already_present += 1
                return
            rows.add(key, h, number)
            seen.add(key)
        except Exception as e:  # noqa: BLE001  one hand never stops the batch
            refuse(e, h.source, number)

    def whole_file(f: str, offset: int = 0, index: int = 0, tail: Any = None) -> None:
        texts = _texts(f, offset) if f.endswith((".phh", ".phhs")) else None
        try:
            if tail is not None:
                got: Any = list(tail.hands())
                bad = [x for x in got if isinstance(x, HistoryError)]
                hands = [x for x in got if not isinstance(x, HistoryError)]
            else:
                rd = read(Path(f), errors="collect")
                hands, bad = list(rd), list(rd.errors)
            for h in hands:
                report.hands_read += 1
                k = (h.index or 0) - index
                one(h, (h.index or 0) + 1,
                    texts[k] if texts is not None and 0 <= k < len(texts) else None)
            for e in bad:
                if errors == "raise":
                    raise e
                if not isinstance(e, FileError):     # a file, not a hand: listed only
                    report.hands_read += 1
                    report.refused += 1
                report.refusals.append(e)
        except HistoryError:
            raise
        except (OSError, UnicodeError, ValueError) as e:
            if errors == "raise":
                raise HistoryError(f"cannot read the file: {e}", file=f) from None
            report.refusals.append(HistoryError(f"cannot read the file: {e}", file=f))

    items: Any = fast.scan(files) if FAST and fast.available() and files else (
        ("other", f) for f in files)
    for it in items:
        if isinstance(it, tuple):
            whole_file(it[1])
            got = size.get(it[1], 0)
        elif isinstance(it, fast.Tail):
            whole_file(it.file or "", it.offset, it.index, it)
            got = size.get(it.file or "", 0) - it.offset
        else:
            _batch(pa, it, report, seen, rows, one, refuse)
            got = len(it.data)
        nbytes[0] = min(nbytes[1], nbytes[0] + max(got, 0))
        if len(rows.keys) >= _BLOCK:
            yield rows
            rows = _Rows()
    if rows.keys:
        yield rows


def _texts(f: str, offset: int) -> list[bytes] | None:
    """The hands' texts of a PHH file from byte ``offset`` (a hand boundary), as
    the reader cuts them (None when the file cannot be read so)."""
    try:
        with open(f, "rb") as fh:
            fh.seek(offset)
            raw = fh.read()
        text = raw.decode("utf-8-sig" if offset == 0 else "utf-8")
    except (OSError, UnicodeError):
        return None
    return [c.encode() for _, c in _chunks(io.StringIO(text))]


def _batch(pa: Any, b: Any, report: Report, seen: set[str], rows: _Rows, one: Any,
           refuse: Any) -> None:
    """The hands of one fast-path batch: whole columns for those the C reader took,
    the Python path for the others."""
    rec = b.rec
    report.hands_read += len(b)
    numbers = [i + 1 for i in b.index]
    cand: list[int] = []
    keys: list[str] = []
    ok = rec[:, STATUS] == OK
    fast_rows = np.flatnonzero(ok)
    all_keys, scan = keys_of(b, fast_rows)
    at: list[int] = []
    if seen.isdisjoint(all_keys) and len(set(all_keys)) == len(all_keys):
        seen.update(all_keys)              # every hand new (a new store's usual case)
        cand, keys, at = fast_rows.tolist(), all_keys, list(range(len(all_keys)))
    else:
        for j, (i, key) in enumerate(zip(fast_rows.tolist(), all_keys)):
            if key in seen:
                report.already_present += 1
                continue
            seen.add(key)
            cand.append(i)
            keys.append(key)
            at.append(j)
    slow_rows = np.flatnonzero(~ok).tolist()
    if cand:
        tables, slow = fast_tables(pa, b, np.asarray(cand, dtype=np.int64),
                                   [numbers[i] for i in cand], keys, SCHEMA, _arrow,
                                   None if scan is None else scan.take(np.asarray(at)))
        if tables:
            rows.fast.append(tables)
            rows.keys += [k for k, s_ in zip(keys, slow.tolist()) if not s_]
        for k, s_ in zip(keys, slow.tolist()):
            if s_:
                seen.discard(k)
        slow_rows += [i for i, s_ in zip(cand, slow.tolist()) if s_]
    for i in sorted(slow_rows):
        try:
            h = b.hand(i)
        except HistoryError as e:
            refuse(e, b.file(i), numbers[i])
            continue
        one(h, numbers[i], b.text(i).encode())


def _sql(con: Any, q: str) -> Any:
    """Run one statement to its end (DuckDB wants a result fetched before the next call)."""
    return con.execute(q).fetchall()


def _check_errors(errors: str) -> None:
    if errors not in ("raise", "collect"):
        raise ValueError(f"errors must be 'raise' or 'collect', got {errors!r}")


def _old_layout(store: str, found: Any) -> ValueError:
    return ValueError(
        f"{store!r} is a store of layout {found} and this version of handrank writes "
        f"layout {SCHEMA_VERSION} (its tables keyed by the whole number 'hid', no "
        "'actions.text'): import the histories into a new store (a new file or folder)")


#: the constraints of ``hands``: its key and its identity
_HANDS_KEYS = (("PRIMARY KEY", "hid"), ("UNIQUE", "hand_key"))


def _missing_keys(con: Any) -> list[tuple[str, str]]:
    """The constraints of :data:`_HANDS_KEYS` the store's ``hands`` lacks."""
    have = {(kind, cols[0]) for kind, cols in con.execute(
        "SELECT constraint_type, constraint_column_names FROM duckdb_constraints() "
        "WHERE database_name = current_database() AND schema_name = 'main' "
        "AND table_name = 'hands'").fetchall() if len(cols) == 1}
    return [k for k in _HANDS_KEYS if k not in have]


def _add_keys(con: Any) -> None:
    """Give ``hands`` the constraints it lacks (built once over its rows, which is
    cheaper than keeping the indexes up to date row by row during a first import)."""
    for kind, col in _missing_keys(con):
        _sql(con, f"ALTER TABLE hands ADD {kind} ({col})")


def _duckdb_layout(con: Any, store: str) -> bool:
    """Make the tables of a new store, or check those of an existing one: its
    recorded layout, then each table's columns (a ValueError naming the store).
    True for a new store, whose ``hands`` gets its constraints from :func:`_add_keys`
    once the import has written its rows; an existing store lacking them (an import
    stopped before that) gets them here."""
    tables = {t for (t,) in con.execute(
        "SELECT table_name FROM information_schema.tables WHERE table_schema = 'main'"
    ).fetchall()}
    created = False
    if "store_info" in tables:
        got = con.execute("SELECT value FROM store_info WHERE name = 'schema_version'"
                          ).fetchall()
        found = got[0][0] if got else "unknown"
        if found != str(SCHEMA_VERSION):
            raise _old_layout(store, found)
    elif tables & set(SCHEMA):
        raise _old_layout(store, "1 (written before stores recorded their layout)")
    else:
        _sql(con, "BEGIN TRANSACTION")
        _sql(con, "CREATE TABLE store_info (name VARCHAR PRIMARY KEY, value VARCHAR)")
        _sql(con, f"INSERT INTO store_info VALUES ('schema_version', '{SCHEMA_VERSION}')")
        for t, cols in SCHEMA.items():
            body = ", ".join(f"{c} {ty}" for c, ty in cols)
            # the hands' key and identity are enforced (_add_keys, at the end of the
            # first import); the other tables' keys are kept by the import itself (a
            # hand's rows are written once, with the hand), not indexed
            _sql(con, f"CREATE TABLE {t} ({body})")
        _sql(con, "COMMIT")
        created = True
    for t, cols in SCHEMA.items():
        have = [c for (c,) in con.execute(
            "SELECT column_name FROM information_schema.columns WHERE table_name = ? "
            "ORDER BY ordinal_position", [t]).fetchall()]
        if have != [c for c, _ in cols]:
            raise ValueError(f"{store!r}: its table {t!r} does not have the columns of "
                             f"layout {SCHEMA_VERSION}: import the histories into a new "
                             "store (a new file)")
    if not created:
        _add_keys(con)
    return created


def _parquet_layout(root: Path) -> None:
    """Make the folders of a new Parquet store, or check an existing one's layout."""
    info = root / "store_info.json"
    if info.exists():
        try:
            found = json.loads(info.read_text()).get("schema_version", "unknown")
        except (OSError, ValueError, AttributeError):
            found = "unknown"
        if found != SCHEMA_VERSION:
            raise _old_layout(os.fspath(root), found)
    elif any((root / t).is_dir() and any((root / t).glob("part-*.parquet")) for t in SCHEMA):
        raise _old_layout(os.fspath(root), "1 (written before stores recorded their layout)")
    for t in SCHEMA:
        (root / t).mkdir(parents=True, exist_ok=True)
    if not info.exists():
        info.write_text(json.dumps({"schema_version": SCHEMA_VERSION}) + "\n")


def _check_store(con: Any, store: str) -> None:
    """A ValueError naming the store unless it is of this version's layout."""
    got: list[Any] = []
    try:
        got = con.execute("SELECT value FROM store_info WHERE name = 'schema_version'"
                          ).fetchall()
    except Exception:  # noqa: BLE001  no such table: an older store
        raise _old_layout(store, "1 (written before stores recorded their layout)") from None
    found = got[0][0] if got else "unknown"
    if found != str(SCHEMA_VERSION):
        raise _old_layout(store, found)


def _parquet_views(duckdb: Any, root: Path) -> Any:
    """An in-memory DuckDB connection whose ``hands`` and ``results`` are views of
    the Parquet store ``root`` (its layout checked)."""
    info = root / "store_info.json"
    if not info.exists():
        if any((root / t).is_dir() and any((root / t).glob("part-*.parquet")) for t in SCHEMA):
            raise _old_layout(os.fspath(root), "1 (written before stores recorded their layout)")
        raise ValueError(f"{os.fspath(root)!r} is not a Parquet hand store (no store_info.json)")
    try:
        found = json.loads(info.read_text()).get("schema_version", "unknown")
    except (OSError, ValueError, AttributeError):
        found = "unknown"
    if found != SCHEMA_VERSION:
        raise _old_layout(os.fspath(root), found)
    con = duckdb.connect()
    for t in ("hands", "results"):
        parts = (root / t / "*.parquet").as_posix().replace("'", "''")
        con.execute(f"CREATE VIEW {t} AS SELECT * FROM read_parquet('{parts}')")
    return con


def to_duckdb(paths: Any, database: str | os.PathLike[str], *, errors: str = "collect",
              progress: Any = None) -> Report:
    """Import hand histories into a DuckDB database file (made if missing).

    Parameters
    ----------
    paths : path or iterable of paths
        Files or folders (read recursively) of PHH or site text histories.
    database : path
        The DuckDB file; tables are made on first use, hands already in it
        (same key) are counted and not added again.
    errors : {"collect", "raise"}
        ``"collect"`` lists bad hands and files in the report and goes on.
    progress : bool or callable, optional
        ``True`` draws a bar on stderr; a callable is called as
        ``progress(done, total)`` in bytes of input read (the last call is
        ``(total, total)``); ``False`` none.  The default draws a bar in a
        Jupyter notebook when the import takes more than a second.

    Returns
    -------
    Report
    """
    _check_errors(errors)
    report_to = check_progress(_progress.resolve(progress, "to_duckdb"))
    _need()
    try:
        import duckdb
    except ImportError:
        raise ImportError("to_duckdb needs duckdb: pip install 'handrank[db]'") from None
    report = Report()
    con = duckdb.connect(os.fspath(database))
    created = False
    try:
        created = _duckdb_layout(con, os.fspath(database))
        # one thread: the import is one core's work (DuckDB's threads cost more CPU
        # than they save on blocks of this size)
        _sql(con, "SET threads = 1")
        # the hands already stored: their keys, so that only new hands are built
        seen = {k for (k,) in con.execute("SELECT hand_key FROM hands").fetchall()}
        base = int(con.execute("SELECT coalesce(max(hid) + 1, 0) FROM hands").fetchall()[0][0])
        nbytes = [0, 0]
        pending = 0            # hands written in the open transaction
        for rows in _blocks(paths, report, errors, seen, nbytes):
            tabs = rows.tables(base)
            base += len(rows.keys)
            if not pending:
                _sql(con, "BEGIN TRANSACTION")
            for t, tab in tabs.items():
                con.register("new_rows", tab)
                _sql(con, f"INSERT INTO {t} SELECT * FROM new_rows")
                con.unregister("new_rows")
            pending += len(rows.keys)
            if pending >= _COMMIT:
                _sql(con, "COMMIT")
                report.added += pending
                pending = 0
            if report_to is not None:
                report_to(nbytes[0], nbytes[1])
        if pending:
            _sql(con, "COMMIT")
            report.added += pending
        if created:
            _add_keys(con)
            created = False
        if report_to is not None:
            report_to(nbytes[1], nbytes[1])
    except (RuntimeError, duckdb.InterruptException) as exc:
        # Ctrl-C inside a query: DuckDB stops it and raises "Query interrupted"
        if "interrupted" in str(exc).lower():
            raise KeyboardInterrupt from None
        raise
    finally:
        if report_to is not None and hasattr(report_to, "close"):
            report_to.close()
        if created:            # stopped: what was committed gets its constraints now
            _finish_keys(con)
        con.close()
    return report


def _finish_keys(con: Any) -> None:
    """The constraints of a new store whose import stopped (best effort: a store left
    without them gets them when it is next opened for an import)."""
    try:
        _sql(con, "ROLLBACK")          # the transaction the stop left open, if any
    except Exception:  # noqa: BLE001  none was open
        pass
    try:
        _add_keys(con)
    except Exception:  # noqa: BLE001  the import's own error is the one to report
        pass


def to_parquet(paths: Any, out: str | os.PathLike[str], *, errors: str = "collect",
               progress: Any = None) -> Report:
    """Import hand histories into a folder of Parquet files, one sub-folder a table.

    ``out/hands/``, ``out/seats/`` ... each hold ``part-NNNNN.parquet`` files;
    a new import adds parts with only the hands not already there.  Read them
    back with ``pandas.read_parquet(out / "results")`` or, for stores larger
    than one machine, ``dask.dataframe.read_parquet``.  Parameters as
    :func:`to_duckdb` (``progress`` too).
    """
    _check_errors(errors)
    report_to = check_progress(_progress.resolve(progress, "to_parquet"))
    pa, pq = _need()
    import pyarrow.compute as pc
    import pyarrow.dataset as ds
    report = Report()
    root = Path(out)
    _parquet_layout(root)
    hands_dir = root / "hands"
    seen: set[str] = set()
    old_parts = sorted(hands_dir.glob("part-*.parquet"))
    if old_parts:
        for k in ds.dataset([str(p) for p in old_parts], format="parquet").to_table(
                columns=["hand_key"]).column("hand_key").to_pylist():
            seen.add(k)
    part = max((int(p.stem.split("-")[1]) + 1 for p in old_parts), default=0)
    base = 0
    if old_parts:
        top = ds.dataset([str(p) for p in old_parts], format="parquet").to_table(
            columns=["hid"]).column("hid")
        base = 0 if len(top) == 0 else int(pc.max(top).as_py()) + 1
    nbytes = [0, 0]
    try:
        for rows in _blocks(paths, report, errors, seen, nbytes):
            tabs = rows.tables(base)
            base += len(rows.keys)
            for t, tab in tabs.items():
                tmp = root / t / f".part-{part:05d}.parquet.tmp"
                pq.write_table(tab, tmp)
                os.replace(tmp, root / t / f"part-{part:05d}.parquet")
            report.added += len(rows.keys)
            part += 1
            if report_to is not None:
                report_to(nbytes[0], nbytes[1])
        if report_to is not None:
            report_to(nbytes[1], nbytes[1])
    finally:
        if report_to is not None and hasattr(report_to, "close"):
            report_to.close()
    return report


#: the statistics :func:`player_stats` sums (each with its ``_opportunities``)
STAT_COLUMNS = PREFLOP_STATS + FLOP_STATS


@dataclasses.dataclass
class StatsTable:
    """Per-player statistics read from a store: one dict a row.

    Each statistic is a count with its ``<name>_opportunities`` beside it
    (None where it has no meaning for any of the player's hands); ``af`` and
    ``afq`` are the aggression factor and frequency after the first round.
    Money columns are :class:`~decimal.Decimal`, in the row's ``unit`` (the
    hands' ``unit``, as :class:`~handrank.history.Summary` names it:
    "chips", a currency "EUR", or its cents "USD cents"): a player with hands
    in several units has a row per unit, and amounts of different units are
    never added together (nor their bb/100: each row's is over its own hands).
    ``units`` lists the units of the rows (sorted).
    """

    rows: list[dict[str, Any]]
    units: list[str] = dataclasses.field(default_factory=list)

    def to_pandas(self) -> Any:
        """The rows as a pandas DataFrame (needs pandas)."""
        import pandas as pd
        return pd.DataFrame(self.rows)

    def __len__(self) -> int:
        return len(self.rows)

    def __str__(self) -> str:
        head = (["unit"] if len(self.units) > 1 else []) + ["player"] + (
            ["position"] if self.rows and "position" in self.rows[0] else [])
        cols = head + ["hands", "net", "bb/100", "vpip", "pfr", "3bet", "wtsd", "w$sd", "af"]
        table = [cols]
        for r in self.rows:
            def pct(k: str, r: dict[str, Any] = r) -> str:
                n, d = r.get(k), r.get(k + "_opportunities")
                return "-" if n is None or not d else f"{100 * n / d:.1f}"
            bb = r["bb_per_100"]
            table.append([str(r[c]) if r[c] is not None else "-" for c in head] + [
                f"{r['hands']:,}", f"{r['net']:,f}".rstrip("0").rstrip("."),
                "-" if bb is None else f"{bb:.2f}", pct("vpip"), pct("pfr"), pct("three_bet"),
                pct("wtsd"), pct("wsd"),
                "-" if r["af"] is None else f"{r['af']:.2f}"])
        w = [max(len(row[i]) for row in table) for i in range(len(cols))]
        return "\n".join("  ".join(c.ljust(w[i]) if i < len(head) else c.rjust(w[i])
                                   for i, c in enumerate(row)) for row in table)


def player_stats(database: str | os.PathLike[str], *, player: str | None = None,
                 by_position: bool = False) -> StatsTable:
    """Tracker statistics per player (and per position) from a DuckDB store.

    Parameters
    ----------
    database : path
        A file written by :func:`to_duckdb`, or a folder written by
        :func:`to_parquet`.
    player : str, optional
        Only this player's rows.
    by_position : bool
        One row per player and position (the position is NULL in games
        without positions) instead of one per player.

    Returns
    -------
    StatsTable
        One row per player (and position) and unit: the nets of hands in
        different units (currencies, chips) are never added together.
        Sorted by unit, then by net, largest first.
    """
    if not os.path.exists(database):
        raise FileNotFoundError(f"no database {os.fspath(database)!r}")
    try:
        import duckdb
    except ImportError:
        raise ImportError("player_stats needs duckdb: pip install 'handrank[db]'") from None
    keys = ["h.unit", "r.player"] + (["r.position"] if by_position else [])
    sums = ", ".join(f"sum({k}) AS {k}" for s in STAT_COLUMNS
                     for k in (s, s + "_opportunities"))
    q = (f"SELECT {', '.join(keys)}, count(*) AS hands, sum(r.net) AS net, "
         "sum(r.adjusted_net) AS adjusted_net, "
         "100 * sum(r.net_bb) / count(r.net_bb) AS bb_per_100, "
         "100 * sum(r.adjusted_net_bb) / count(r.adjusted_net_bb) AS adjusted_bb_per_100, "
         f"{sums}, sum(aggression_bets) AS aggression_bets, "
         "sum(aggression_calls) AS aggression_calls, sum(aggression_folds) AS aggression_folds "
         + "FROM results r JOIN hands h USING (hid) "
         + ("WHERE r.player = ? " if player is not None else "")
         + f"GROUP BY {', '.join(keys)} "
         f"ORDER BY h.unit NULLS LAST, net DESC NULLS LAST, {', '.join(keys[1:])}")
    if os.path.isdir(database):
        con = _parquet_views(duckdb, Path(database))
    else:
        con = duckdb.connect(os.fspath(database), read_only=True)
    try:
        if not os.path.isdir(database):
            _check_store(con, os.fspath(database))
        cur = con.execute(q, [player] if player is not None else [])
        names = [d[0] for d in cur.description]
        rows = [dict(zip(names, t)) for t in cur.fetchall()]
    except (RuntimeError, duckdb.InterruptException) as exc:
        # Ctrl-C inside the query: DuckDB stops it and raises "Query interrupted"
        if "interrupted" in str(exc).lower():
            raise KeyboardInterrupt from None
        raise
    finally:
        con.close()
    for r in rows:
        b, c, f = r["aggression_bets"], r["aggression_calls"], r["aggression_folds"]
        r["af"] = None if not c else b / c
        r["afq"] = None if not (b + c + f) else b / (b + c + f)
        for k in ("bb_per_100", "adjusted_bb_per_100"):
            if r[k] is not None:
                r[k] = Decimal(r[k]).quantize(Decimal("0.01"))
    return StatsTable(rows, sorted({r["unit"] for r in rows if r["unit"] is not None}))
