"""The ``handrank history`` subcommand: reads hand histories, prints the per-player summary."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from ._cli_common import add_command, fail, replacing, writable_path


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Register ``history`` on an argparse subparsers object."""
    p = add_command(
        subparsers, "history", help="read hand histories: net, all-in adjusted net per player",
        description="Read PHH hand histories (files and folders, recursively: .phh, "
                    ".phhs), replay and settle every hand, and print each player's net, "
                    "all-in adjusted net and showdown split, with counts of hands read, "
                    "settled, agreeing with the record and refused.",
        examples=["handrank history hands/ --player Pluribus --plot net.png"])
    p.add_argument("paths", nargs="+", metavar="PATH", help="files or folders")
    p.add_argument("--player", default=None, help="only this player")
    p.add_argument("--json", default=None, metavar="OUT", help="write the summary as JSON")
    p.add_argument("--csv", default=None, metavar="OUT", help="write the per-player table")
    p.add_argument("--plot", default=None, metavar="OUT.png", help="cumulative net graph")
    p.add_argument("--scheduler", default=None, metavar="ADDRESS",
                   help="a dask scheduler address (one task per file)")
    p.set_defaults(func=_cmd_history)
    return p


def _cmd_history(args: argparse.Namespace) -> int:
    # The optional libraries an output needs are checked before any work.
    for name, module, extra in (("csv", "pandas", "pandas"), ("plot", "matplotlib", "plot")):
        if getattr(args, name):
            try:
                __import__(module)
            except ImportError:
                return fail(f"--{name} needs {module} (pip install 'handrank[{extra}]')")
    for name in ("json", "csv", "plot"):        # refuse an unwritable output before the work
        if getattr(args, name):
            writable_path(f"--{name}", getattr(args, name))
    if args.scheduler is not None:
        import distributed

        from . import dask as hd
        make: Any = distributed.Client
        with make(args.scheduler) as client:
            s = hd.histories(args.paths, client=client, player=args.player,
                             progress=True)
    else:
        from .history import summary
        from .history.phh import _paths
        files = [f for p in args.paths for f in _paths(p)]
        bar: Any = None
        if sys.stderr.isatty():
            try:
                from tqdm import tqdm
                bar = tqdm(files, unit="file", file=sys.stderr)
            except ImportError:
                bar = None
        s = summary(bar if bar is not None else files, player=args.player)
    print(s)
    for e in s.errors[:20]:
        print(f"refused: {e}", file=sys.stderr)
    if len(s.errors) > 20:
        print(f"refused: ... and {len(s.errors) - 20} more", file=sys.stderr)
    writers: list[tuple[str, Any]] = [
        ("json", lambda tmp: _write_json(s, tmp)),
        ("csv", lambda tmp: s.to_pandas().to_csv(tmp)),
        ("plot", lambda tmp: s.plot(tmp, player=args.player))]
    for name, write in writers:
        path = getattr(args, name)
        if path:
            try:
                with replacing(path) as tmp:    # the old file stays until the new one is whole
                    write(tmp)
            except OSError as exc:
                return fail(f"--{name}: cannot write {path!r}: {exc.strerror or exc}")
    return 0


def _write_json(s: Any, path: str) -> None:
    with open(path, "w", encoding="utf-8") as f:
        json.dump({"read": s.read, "settled": s.settled, "agreeing": s.agreeing,
                   "refused": s.refused, "errors": s.errors, "players": s.totals()},
                  f, indent=1)
