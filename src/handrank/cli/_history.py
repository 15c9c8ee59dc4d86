"""The ``handrank history`` subcommand: reads hand histories, prints the per-player summary."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from ._common import add_command, fail, replacing, writable_path


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Register ``history`` on an argparse subparsers object."""
    p = add_command(
        subparsers, "history", help="read hand histories: net, all-in adjusted net per player",
        description="Read PHH and PokerStars hand histories (files and folders, "
                    "recursively: .phh, .phhs, .txt), replay and settle every hand, and "
                    "print each player's net, all-in adjusted net and showdown split, "
                    "with counts of hands read, settled, agreeing with the record and "
                    "refused.",
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
        from .. import dask as hd
        from ._preflop import _client  # one connection helper: a clean error in 10 s
        with _client(args.scheduler) as client:
            s = hd.histories(args.paths, client=client, player=args.player,
                             progress=True)
    else:
        s = _summarize([f for p in args.paths for f in _paths_of(p)], args.player)
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


def _summarize(files: list[str], player: str | None, step: int = 500) -> Any:
    """summary() of the files in order, a block of files at a time, with a bar on a terminal.

    The same result as one summary per file, joined in order (read errors after
    each file's hands).
    """
    from ..history import fast
    from ..history.summary import Summary, _add_fast, summary
    bar: Any = None
    if sys.stderr.isatty() and files:
        try:
            from tqdm import tqdm
            bar = tqdm(total=len(files), unit="file", file=sys.stderr)
        except ImportError:
            bar = _Counter(len(files))
    s = Summary(player=player)
    try:
        for k in range(0, len(files), step):
            block = files[k:k + step]
            if fast.available():
                _add_fast(s, block, player, per_file=True)
            else:
                for f in block:
                    s = s.merge(summary(f, player=player))
            if bar is not None:
                bar.update(len(block))
    finally:
        if bar is not None:
            bar.close()
    return s
