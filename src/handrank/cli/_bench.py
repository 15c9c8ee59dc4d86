"""``handrank bench``: the command-line front end of :mod:`handrank.bench`.

The lead wires it into ``handrank.cli`` with ``_cli_bench.add_parser(sub)``.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from ._common import (
    CliError,
    Parser,
    add_command,
    fail,
    interactive,
    positive_int,
    replacing,
    writable_path,
)

__all__ = ["add_parser", "main", "run"]


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Register ``bench`` on an argparse subparsers object; returns its parser."""
    p = add_command(
        subparsers, "bench", help="compare speed with every hand evaluator installed",
        description="Time handrank and every installed peer on the same hands; "
                    "check that they rank them alike.  Peers: pip install 'handrank[peers]'.",
        examples=["handrank bench --quick",
                  "handrank bench --libs eval7,treys --repeats 3 --json bench.json",
                  "handrank bench --quick --plot bench.png",
                  "handrank bench --quick --libs treys --repeats 1"])
    p.add_argument("--quick", action="store_true", help="a short run (under 30 s)")
    p.add_argument("--repeats", type=positive_int, default=None, help="rounds per workload")
    p.add_argument("--libs", default=None,
                   help="comma-separated peers to include (default: all installed)")
    p.add_argument("--seed", type=int, default=None, help="seed of the random hands")
    p.add_argument("--json", metavar="PATH", nargs="?", const="-", default=None,
                   help="print all results as JSON instead of the table; --json PATH writes "
                        "them to PATH (- for stdout)")
    p.add_argument("--plot", metavar="PATH", default=None,
                   help="write a bar chart (needs matplotlib)")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    p.set_defaults(func=run)
    return p


def run(args: argparse.Namespace) -> int:
    """Run the suite described by ``args``, print the table; returns the exit status."""
    from .. import bench

    suite = bench.Suite.preset("quick" if args.quick else "default")
    if args.repeats is not None:
        if args.repeats < 1:
            return fail(f"--repeats: expected a whole number of at least 1, got {args.repeats}")
        suite.repeats = args.repeats
    if args.seed is not None:
        suite.seed = args.seed
    names = None
    if args.libs:
        names = [x.strip() for x in args.libs.split(",") if x.strip()]
        unknown = [x for x in names if x not in bench.PEERS]
        if unknown:
            return fail(f"--libs: unknown library {unknown[0]!r}, expected one of "
                        f"{', '.join(bench.PEERS)}")
    if args.plot:
        try:
            import matplotlib  # noqa: F401
        except ImportError:
            return fail("--plot needs matplotlib (pip install 'handrank[plot]')")
    # Refuse an unwritable output before the run, not after it.
    for name in ("json", "plot"):
        path = getattr(args, name)
        if path and path != "-":
            try:
                writable_path(f"--{name}", path)
            except CliError as exc:
                return fail(str(exc))
    libs, missing = bench.adapters(names)
    data = bench.run_suite(suite, libs, progress=not args.no_progress and interactive())
    data["missing"] = missing
    if args.json == "-":
        print(json.dumps(data))
    else:
        print(bench.render_table(data))
    for name, save in (("json", bench.save_json), ("plot", bench.save_plot)):
        path = getattr(args, name)
        if path and path != "-":
            try:
                with replacing(path) as tmp:
                    save(data, tmp)
            except OSError as exc:
                return fail(f"--{name}: cannot write {path!r}: {exc.strerror or exc}")
    return 1 if data["disagreements"] else 0


def main(argv: list[str] | None = None) -> int:
    """``python -m handrank.cli._bench``-style entry for testing without cli.py."""
    parser = Parser(prog="handrank")
    sub = parser.add_subparsers(dest="command")
    add_parser(sub)
    args = parser.parse_args(["bench", *(argv or [])])
    return int(args.func(args))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
