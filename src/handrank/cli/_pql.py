"""The ``handrank pql`` subcommand: run a Poker Query Language query.

Prints one line per selector (a histogram as a table), percentages as the
Odds Oracle prints them, then how the answer was obtained (exact, or Monte
Carlo with the trials and the seed); ``--json`` for machines.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from ..pql import pql
from ._common import add_command, json_option, positive_int, progress_bar

__all__ = ["add_parser", "run"]


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Register the ``pql`` subcommand on an argparse subparsers object."""
    p = add_command(
        subparsers, "pql", help="run a Poker Query Language (PQL) query",
        description="Run a PQL query: select <selectors> from game=..., <player>='<range>', "
                    "..., board=..., dead=... [where <condition>].  Exact when the deals "
                    "are few enough, else Monte Carlo.  See docs/howto/pql.md.",
        examples=['handrank pql "select avg(riverEquity(hero)) from game=\'holdem\', '
                  'hero=\'AA\', villain=\'**\'"',
                  'handrank pql "select histogram(winningHandType()) from game=\'studhi\', '
                  'p1=\'*\', p2=\'*\', p3=\'*\'" --trials 100000 --seed 1 --json'])
    p.add_argument("query", help="the PQL query (quote it)")
    p.add_argument("--trials", type=positive_int, default=None,
                   help="Monte Carlo trials (default 600,000)")
    p.add_argument("--seed", type=int, default=None, help="Monte Carlo seed")
    g = p.add_mutually_exclusive_group()
    g.add_argument("--exact", dest="exact", action="store_true", default=None,
                   help="enumerate every deal (refused above the limit)")
    g.add_argument("--no-exact", dest="exact", action="store_false",
                   help="simulate even where enumeration would be cheap")
    p.add_argument("--target-stderr", type=float, default=None,
                   help="simulate until every figure's standard error is at most this "
                        "(a fraction, e.g. 0.001)")
    p.add_argument("--threads", type=positive_int, default=None, help="threads")
    json_option(p, "print JSON")
    p.set_defaults(func=run)
    return p


def run(args: argparse.Namespace) -> int:
    with progress_bar("pql", sys.stderr) as bar:
        r = pql(args.query, trials=args.trials, seed=args.seed, exact=args.exact,
                target_stderr=args.target_stderr, threads=args.threads, progress=bar)
    print(r.to_json() if args.json else r.text())
    return 0
