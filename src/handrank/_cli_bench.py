"""``handrank bench``: the command-line front end of :mod:`handrank.bench`.

The lead wires it into ``handrank.cli`` with ``_cli_bench.add_parser(sub)``.
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any

__all__ = ["add_parser", "main", "run"]


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Register ``bench`` on an argparse subparsers object; returns its parser."""
    p = subparsers.add_parser(
        "bench", help="compare speed with every hand evaluator installed",
        description="Time handrank and every installed peer on the same hands; "
                    "check that they rank them alike.")
    p.add_argument("--quick", action="store_true", help="a short run (under 30 s)")
    p.add_argument("--repeats", type=int, default=None, help="rounds per workload")
    p.add_argument("--libs", default=None,
                   help="comma-separated peers to include (default: all installed)")
    p.add_argument("--seed", type=int, default=None, help="seed of the random hands")
    p.add_argument("--json", metavar="PATH", default=None, help="write all results as JSON")
    p.add_argument("--plot", metavar="PATH", default=None,
                   help="write a bar chart (needs matplotlib)")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    p.set_defaults(func=run)
    return p


def run(args: argparse.Namespace) -> int:
    """Run the suite described by ``args``, print the table; returns the exit status."""
    from . import bench

    suite = bench.Suite.preset("quick" if args.quick else "default")
    if args.repeats is not None:
        if args.repeats < 1:
            print(f"handrank: error: repeats must be at least 1, got {args.repeats}",
                  file=sys.stderr)
            return 2
        suite.repeats = args.repeats
    if args.seed is not None:
        suite.seed = args.seed
    names = None
    if args.libs:
        names = [x.strip() for x in args.libs.split(",") if x.strip()]
        unknown = [x for x in names if x not in bench.PEERS]
        if unknown:
            print(f"handrank: error: unknown library {unknown[0]!r}, expected one of "
                  f"{', '.join(bench.PEERS)}", file=sys.stderr)
            return 2
    if args.plot:
        try:
            import matplotlib  # noqa: F401
        except ImportError:
            print("handrank: error: --plot needs matplotlib (pip install 'handrank[plot]')",
                  file=sys.stderr)
            return 2
    for option, path in (("--json", args.json), ("--plot", args.plot)):
        problem = _unwritable(path) if path else None
        if problem:
            # checked before the run, not after minutes of timing
            print(f"handrank: error: {option} {path!r}: {problem}", file=sys.stderr)
            return 2
    libs, missing = bench.adapters(names)
    data = bench.run_suite(suite, libs, progress=not args.no_progress)
    data["missing"] = missing
    print(bench.render_table(data))
    if args.json:
        bench.save_json(data, args.json)
    if args.plot:
        bench.save_plot(data, args.plot)
    return 1 if data["disagreements"] else 0


def _unwritable(path: str) -> str | None:
    """Why a results file cannot be written at `path`, or None if it can."""
    folder = os.path.dirname(os.path.abspath(path))
    if os.path.isdir(path):
        return "is a directory"
    if not os.path.isdir(folder):
        return f"no such directory {folder!r}"
    if not os.access(folder, os.W_OK) or (os.path.exists(path) and not os.access(path, os.W_OK)):
        return "not writable"
    return None


def main(argv: list[str] | None = None) -> int:
    """``python -m handrank._cli_bench``-style entry for testing without cli.py."""
    parser = argparse.ArgumentParser(prog="handrank")
    sub = parser.add_subparsers(dest="command")
    add_parser(sub)
    args = parser.parse_args(["bench", *(argv or [])])
    return int(args.func(args))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
