"""``handrank preflop-table`` and ``handrank equity --scheduler``: the Dask commands.

``preflop-table`` runs on this machine's cores with no extra; with
``--scheduler`` (and ``equity --scheduler``) they need the ``dask`` extra, and
without it print one line naming it and exit with status 2.
``--scheduler tcp://host:8786`` runs on that cluster (a ``dask scheduler``
with ``dask worker`` processes); without it, on this machine's cores.
A progress bar goes to stderr.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import time
from collections.abc import Iterator
from typing import Any

from ..core.errors import HandrankError
from ..equity.preflop import local_table
from ._common import add_command, fail, interactive, json_option, replacing, writable_path

__all__ = ["add_parser", "cluster_equity", "run"]



def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Register the ``preflop-table`` subcommand on an argparse subparsers object."""
    p = add_command(
        subparsers, "preflop-table",
        help="exact preflop equity of every class against the others",
        description="Exact all-in preflop equity of hand classes against each other "
                    "(169 x 169 heads-up by default), written as CSV. On this machine's cores "
                    "with no extra; --scheduler (a cluster) needs the dask extra.",
        examples=["handrank preflop-table --out table.csv",
                  "handrank preflop-table --out table.csv --scheduler tcp://10.0.0.5:8786",
                  ("handrank preflop-table --out three.csv --players 3 "
                   "--scheduler tcp://10.0.0.5:8786"),
                  "handrank preflop-table --out aa_kk.csv --classes AA,KK,AKs,AKo"])
    p.add_argument("--out", required=True, help="the CSV file to write")
    p.add_argument("--players", type=int, default=2, choices=(2, 3),
                   help="2: a class x class table; 3: every class triple (a cluster job)")
    p.add_argument("--classes", help="comma-separated class names (default: all 169)")
    p.add_argument("--scheduler", help="a dask scheduler address, e.g. tcp://10.0.0.5:8786 "
                                       "(default: this machine's cores)")
    json_option(p, "print what was written as JSON (file, players, classes, shape, "
                   "seconds)", out=False)
    p.set_defaults(func=run)
    return p


@contextlib.contextmanager
def _client(address: str | None) -> Iterator[Any]:
    """None for the local machine, or a Client connected to `address`."""
    if address is None:
        yield None
        return
    import distributed
    make: Any = distributed.Client
    try:
        # never the process's default client: the commands pass it to each call, and a
        # client that failed half-way must not capture later dask work in this process
        client = make(address, timeout="6s", set_as_default=False)   # an error within 10 s
    except (OSError, TimeoutError) as exc:
        raise HandrankError(f"cannot reach the dask scheduler {address!r}: {exc}") from None
    except Exception as exc:   # something answered, not as a scheduler does (an HTTP server)
        raise HandrankError(f"cannot reach the dask scheduler {address!r}: what answers there "
                            f"is not a dask scheduler ({type(exc).__name__})") from None
    try:
        yield client
    finally:
        client.close()


def _progress(start: float) -> Any:
    """progress(done, total) for the pieces: a bar redrawn on a terminal, else one closing line."""
    import sys


    def show(done: int, total: int) -> None:
        elapsed = time.perf_counter() - start
        if interactive(sys.stderr):
            fill = 30 * done // max(total, 1)
            sys.stderr.write(f"\r[{'#' * fill}{' ' * (30 - fill)}] {done}/{total} pieces "
                             f"{elapsed:6.1f} s" + ("\n" if done == total else ""))
            sys.stderr.flush()
        elif done == total:
            sys.stderr.write(f"{done}/{total} pieces {elapsed:.1f} s\n")
    return show


def _dask_module() -> Any:
    try:
        from .. import dask as hrd
    except ImportError as exc:
        raise HandrankError(str(exc)) from None
    return hrd


def run(args: argparse.Namespace) -> int:
    """Run ``preflop-table``; return the exit code."""
    try:
        writable_path("--out", args.out)        # before the work, not after it
        classes = None
        if args.classes is not None:
            classes = [c.strip() for c in args.classes.split(",") if c.strip()]
        start = time.perf_counter()
        if args.scheduler is None:          # one machine: no cluster package needed
            table = local_table(args.players, classes, progress=_progress(start))
        else:
            hrd = _dask_module()
            with _client(args.scheduler) as client:
                table = hrd.run_preflop_table(players=args.players, client=client,
                                              classes=classes, progress=True)
        with replacing(args.out) as tmp:
            table.to_csv(tmp)
    except (HandrankError, ValueError, TypeError, OSError) as exc:
        return fail(str(exc))
    k = len(table.classes)
    seconds = time.perf_counter() - start
    if args.json:
        dims = [k, k] if args.players == 2 else [k, k, k, 3]
        print(json.dumps({"out": args.out, "players": args.players,
                          "classes": list(table.classes), "shape": dims,
                          "seconds": round(seconds, 3)}))
        return 0
    shape = f"{k} x {k}" if args.players == 2 else f"{k} x {k} x {k} x 3"
    print(f"wrote {args.out}: {shape} exact equities, {seconds:.1f} s")
    return 0


def cluster_equity(args: argparse.Namespace) -> Any:
    """``handrank equity`` with ``--scheduler``: :func:`handrank.dask.equity` on it."""
    hrd = _dask_module()
    with _client(args.scheduler) as client:
        return hrd.run_equity(args.players, args.board, args.dead,
                              exact=True if args.exact else None, trials=args.trials,
                              target_stderr=getattr(args, "target_stderr", None),
                              seed=args.seed, client=client, progress=not args.json)
