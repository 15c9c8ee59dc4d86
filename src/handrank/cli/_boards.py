"""``handrank boards STREET --out DIR``: the hand-strength tables of a street.

Writes ``.npy`` files and a manifest (handrank.boards.build), chunk by chunk
with a journal, so a run that was stopped resumes where it stopped.  A
progress bar goes to stderr (tqdm when installed).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from typing import Any

from ..core.errors import HandrankError
from ._common import CliError, add_command, fail, interactive, json_option
from ._preflop import _client

__all__ = ["add_parser", "run"]


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Register the ``boards`` subcommand on an argparse subparsers object."""
    p = add_command(
        subparsers, "boards",
        help="EHS, EHS^2 and histograms of every hand of a street",
        description="Exact hand strength against one random hand for every canonical "
                    "(hole, board) index of a hold'em street (handrank.index.holdem), "
                    "written as .npy files with a manifest. A stopped run resumes.",
        examples=["handrank boards river --out tables/",
                  "handrank boards turn --out tables/ --what ehs,hist --bins 30",
                  "handrank boards flop --out tables/ --scheduler tcp://10.0.0.5:8786"])
    p.add_argument("street", help="preflop, flop, turn or river (or 0..3)")
    p.add_argument("--out", required=True, help="the directory to write")
    p.add_argument("--what", default="ehs,ehs2,hist",
                   help="comma-separated: ehs, ehs2, hist (default: all; the river has ehs)")
    p.add_argument("--bins", type=int, default=50, help="histogram bins (default 50)")
    p.add_argument("--scheduler", help="a dask scheduler address (default: this process)")
    json_option(p, "print the manifest as JSON", out=False)
    p.add_argument("--ranks", type=int, default=13, help=argparse.SUPPRESS)  # reduced decks
    p.set_defaults(func=run)
    return p


class _Progress:
    def __init__(self) -> None:
        self.bar: Any = None
        self.start = time.perf_counter()

    def __call__(self, done: int, total: int) -> None:
        if self.bar is None:
            self.bar = False
            if interactive(sys.stderr):     # a log or a pipe gets the closing line only
                try:
                    from tqdm import tqdm
                    self.bar = tqdm(total=total, initial=done - 1, unit="chunk",
                                    file=sys.stderr)
                except ImportError:
                    pass
        if self.bar:
            self.bar.update(1)
        elif done == total or sys.stderr.isatty():
            end = "\n" if done == total else "\r"
            sys.stderr.write(f"{done}/{total} chunks {time.perf_counter() - self.start:.1f} s"
                             + end)

    def close(self) -> None:
        if self.bar:
            self.bar.close()


def run(args: argparse.Namespace) -> int:
    """Run ``boards``; return the exit code."""
    from .. import boards
    street = args.street
    if street.isdigit():
        street = int(street)
    if os.path.exists(args.out) and not os.path.isdir(args.out):   # before the work
        raise CliError(f"--out: {args.out!r} is a file, expected a folder for the tables")
    progress = _Progress()
    start = time.perf_counter()
    try:
        with _client(args.scheduler) as client:
            manifest = boards.build(street, args.out, what=args.what, bins=args.bins,
                                    client=client, progress=progress, _ranks=args.ranks)
    except (HandrankError, ValueError, TypeError, OSError) as exc:
        return fail(str(exc))
    finally:
        progress.close()
    if args.json:
        print(json.dumps(manifest))
        return 0
    files = ", ".join(f["path"] for f in manifest["files"].values())
    print(f"wrote {args.out}: {files} ({time.perf_counter() - start:.1f} s)")
    return 0
