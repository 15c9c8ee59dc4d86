"""The ``handrank history`` subcommand: reads hand histories, prints the per-player summary."""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
from typing import Any

from ..history.sites import FORMATS
from ._common import add_command, fail, replacing, writable_path


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Register ``history`` on an argparse subparsers object."""
    p = add_command(
        subparsers, "history", help="read hand histories: net, all-in adjusted net per player",
        description="Read hand histories (files and folders, recursively: .phh, .phhs, "
                    ".txt) in PHH or a site's own text: "
                    f"{', '.join(f for f in FORMATS if f != 'phh')} (each file's site is "
                    "told from its first lines), replay and settle every hand, and "
                    "print each player's net, all-in adjusted net and showdown split "
                    "(a table sorted by net, amounts in the record's unit: chips or its "
                    "currency), with counts of hands read, settled and refused.  Every "
                    "file that cannot be read and every hand refused is listed on stderr "
                    "with its file and hand.  Exit status: 0 when every file was read "
                    "(refused hands are listed), 1 when a file could not be read (or, "
                    "with --strict, at the first error), 2 for a usage error (a path "
                    "on the command line that does not exist).",
        examples=["handrank history hands/ --db hands.duckdb",
                  "handrank history hands/ --player Pluribus --plot net.png",
                  "handrank history export.txt --format ggpoker",
                  # from a clone of the repository: its site samples
                  "handrank history tests/data/sites/ggpoker --unit bb"])
    p.add_argument("paths", nargs="+", metavar="PATH", help="files or folders")
    p.add_argument("--player", default=None, help="only this player")
    p.add_argument("--format", choices=FORMATS, default=None,
                   help="read every file as this site's text (default: each file's site "
                        "is told from its first lines)")
    p.add_argument("--json", nargs="?", const="-", default=None, metavar="OUT",
                   help="the summary as JSON: on stdout (--json), or into the file OUT "
                        "(with amounts in several currencies, \"players\" is by unit)")
    p.add_argument("--unit", choices=("record", "bb"), default="record",
                   help="amounts in the record's unit (chips or its currency; the default: "
                        "one table per currency, never added together) or in big blinds "
                        "(bb, also for --plot)")
    p.add_argument("--strict", action="store_true",
                   help="stop at the first file that cannot be read or hand refused (exit 1)")
    p.add_argument("--csv", default=None, metavar="OUT", help="write the per-player table")
    p.add_argument("--plot", default=None, metavar="OUT.png", help="cumulative net graph")
    p.add_argument("--scheduler", default=None, metavar="ADDRESS",
                   help="a dask scheduler address (one task per file)")
    p.add_argument("--db", default=None, metavar="FILE.duckdb",
                   help="also import the hands into this DuckDB database (made if missing; "
                        "hands already there are not added twice; the db extra); "
                        "`handrank stats FILE.duckdb` then prints the statistics")
    p.set_defaults(func=_cmd_history)
    return p


def _usage_problem(args: argparse.Namespace) -> int | None:
    """The exit status of a usage error found before any work (None: none found)."""
    # The optional libraries an output needs are checked before any work.
    for name, module, extra in (("csv", "pandas", "pandas"), ("plot", "matplotlib", "plot"),
                                ("db", "duckdb", "db")):
        if getattr(args, name):
            try:
                __import__(module)
            except ImportError:
                return fail(f"--{name} needs {module} (pip install 'handrank[{extra}]')")
    for name in ("json", "csv", "plot", "db"):  # refuse an unwritable output before the work
        if getattr(args, name) and getattr(args, name) != "-":
            writable_path(f"--{name}", getattr(args, name))
    if args.json == "-" and "-" in sys.argv[1:]:
        print("handrank: note: '--json -' is the old spelling of '--json' (JSON on stdout)",
              file=sys.stderr)
    if args.format is not None:
        for name in ("scheduler", "db"):    # they tell each file's site themselves
            if getattr(args, name) is not None:
                return fail(f"--format cannot be combined with --{name} (there each file's "
                            "site is told from its first lines)")
    return None


def _cmd_history(args: argparse.Namespace) -> int:
    status = _usage_problem(args)
    if status is not None:
        return status
    if args.scheduler is not None:
        from .. import dask as hd
        from ._preflop import _client  # one connection helper: a clean error in 10 s
        with _client(args.scheduler) as client:
            s = hd.histories(args.paths, client=client, player=args.player,
                             progress=True)
    else:
        import os
        for p in args.paths:        # a path on the command line that is not there: a usage error
            if not os.path.lexists(p):
                return fail(f"cannot read {p!r}: No such file or directory")
        try:
            s = _summarize([f for p in args.paths for f in _paths_of(p)], args.player,
                           strict=args.strict, format=args.format)
        except OSError as exc:      # a path that is missing or cannot be read: named
            name = exc.filename if exc.filename is not None else ""
            print(f"handrank: error: cannot read {name!r}: {exc.strerror or exc}" if name
                  else f"handrank: error: {exc}", file=sys.stderr)
            return 1
    if args.strict and (s.unread or s.errors):
        first = (s.unread or s.errors)[0]
        print(f"handrank: error: {first}", file=sys.stderr)
        return 1
    if args.json == "-":
        json.dump(_json_of(s), sys.stdout, indent=1, default=_plain)
        print()
    else:
        print(s.counts())
        table = s.table(args.unit)
        if table:
            print(table)
        elif args.player is not None:
            print(f"no hands for player {args.player!r}")
    for e in s.unread:
        print(f"cannot read: {e}", file=sys.stderr)
    if args.db:
        failed = _to_db(args)
        if failed is not None:
            return failed
    for e in s.errors[:20]:
        print(f"refused: {e}", file=sys.stderr)
    if len(s.errors) > 20:
        print(f"refused: ... and {len(s.errors) - 20} more", file=sys.stderr)
    writers: list[tuple[str, Any]] = [
        ("json", lambda tmp: _write_json(s, tmp)),
        ("csv", lambda tmp: s.to_pandas().to_csv(tmp)),
        ("plot", lambda tmp: s.plot(tmp, player=args.player,
                                    unit="bb" if args.unit == "bb" else "chips"))]
    for name, write in writers:
        path = getattr(args, name)
        if path and path != "-":
            try:
                with replacing(path) as tmp:    # the old file stays until the new one is whole
                    write(tmp)
            except OSError as exc:
                return fail(f"--{name}: cannot write {path!r}: {exc.strerror or exc}")
            except ValueError as exc:   # a player's amounts in several currencies
                return fail(f"--{name}: {exc}".replace("unit='bb'", "--unit bb"))
    return 1 if s.unread else 0


def _plain(x: Any) -> Any:
    """JSON of an exact amount: a Decimal as its digits (a string keeps every one)."""
    from decimal import Decimal
    if isinstance(x, Decimal):
        return str(x)
    raise TypeError(f"not JSON: {type(x).__name__}")


def _json_of(s: Any) -> dict[str, Any]:
    return {"read": s.read, "settled": s.settled, "agreeing": s.agreeing,
            "recorded": s.recorded, "refused": s.refused, "unit": s.unit,
            "unread": s.unread, "errors": s.errors,
            # amounts of different units are never added: by unit when there are several
            "players": s.by_unit() if len(s.unit_names) > 1 else s.totals()}



def _to_db(args: argparse.Namespace) -> int | None:
    """``--db``: the hands imported into the DuckDB file; the exit status of a failure
    (a database this run began is not left behind), None when done."""
    import os

    import duckdb

    from ..history.store import to_duckdb
    new_db = not os.path.exists(args.db)
    try:
        report = to_duckdb(args.paths, args.db)
    except (OSError, duckdb.Error) as exc:  # a full disk; not a DuckDB file
        if new_db:
            for leftover in (args.db, args.db + ".wal"):
                with contextlib.suppress(OSError):
                    os.remove(leftover)
        if isinstance(exc, OSError):
            return fail(f"--db: cannot write {args.db!r}: {exc.strerror or exc}")
        first = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        return fail(f"--db: cannot write {args.db!r}: {first}")
    print(f"database {args.db}: {report}", file=sys.stderr if args.json == "-"
          else sys.stdout)
    return None

def _write_json(s: Any, path: str) -> None:
    with open(path, "w", encoding="utf-8") as f:
        json.dump(_json_of(s), f, indent=1, default=_plain)


def _paths_of(p: str) -> list[str]:
    from ..history.phh import _paths
    return _paths(p)


class _Counter:
    """A plain progress counter on stderr (a terminal without tqdm)."""

    def __init__(self, total: int) -> None:
        self.total, self.done = total, 0

    def update(self, k: int) -> None:
        self.done += k
        sys.stderr.write(f"\rhistory: {self.done}/{self.total} files")
        sys.stderr.flush()

    def close(self) -> None:
        sys.stderr.write("\n")
        sys.stderr.flush()


def _summarize(files: list[str], player: str | None, step: int = 500,
               strict: bool = False, format: str | None = None) -> Any:
    """summary() of the files in order, a block of files at a time, with a bar on a terminal.

    The same result as one summary per file, joined in order (read errors after
    each file's hands).  ``format`` (a site of ``FORMATS``) reads every file as
    that site's text, through the Python reader; None tells each file's site from
    its first lines.
    """
    from ..history import fast
    from ..history._summary import Summary, _add, _add_errors, _add_fast, summary
    from ..history.phh import read
    bar: Any = None
    if sys.stderr.isatty() and files:
        try:
            from tqdm import tqdm
            bar = tqdm(total=len(files), unit="file", file=sys.stderr)
        except ImportError:
            bar = _Counter(len(files))
    s = Summary(player=player)
    import os

    from ..history.model import FileError
    from ..history.phh import problem
    loops = [f for f in files if os.path.isdir(f)]      # folders listed: symlink loops
    if loops:
        files = [f for f in files if f not in set(loops)]
        s.unread += [str(FileError(problem(f) or "a folder", file=f)) for f in loops]
    if strict:
        step = 1        # the first error is fatal: no file after the one holding it is read
    try:
        for k in range(0, len(files), step):
            block = files[k:k + step]
            if format is not None:     # the site given: every file read as its text
                for f in block:
                    rd = read(f, format=format, errors="collect")
                    for h in rd:
                        _add(s, h, player)
                    _add_errors(s, rd.errors)
            elif fast.available():
                _add_fast(s, block, player, per_file=True)
            else:
                for f in block:
                    s = s.merge(summary(f, player=player))
            if bar is not None:
                bar.update(len(block))
            if strict and (s.unread or s.errors):
                break
    finally:
        if bar is not None:
            bar.close()
    return s
