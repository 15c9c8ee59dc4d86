"""The ``handrank equity`` subcommand: parses, calls :func:`handrank.equity`, prints.

The lead wires it into cli.py with ``add_parser(subparsers)`` and dispatches
to ``run(args)``, which returns the exit code (2 on a user error, printed as
one line on stderr).
"""

from __future__ import annotations

import argparse
import csv
import json
import sys
from typing import Any

from ..core._validate import fraction
from ..core.cards import cards
from ..core.errors import HandrankError
from ..operations import equity
from ._common import add_command, fail, flag, json_option, percentages, positive_int, progress_bar
from ._game import add_game_arguments, game_of
from ._preflop import cluster_equity

__all__ = ["add_parser", "run"]


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Register the ``equity`` subcommand on an argparse subparsers object."""
    p = add_command(subparsers, "equity", help="equity of hands or ranges",
                    description="Equity of 2 to 10 hands or ranges: exact when affordable, "
                                "else Monte Carlo.  In the draw games (draw, 27-draw, "
                                "27-triple, badugi ...) each hand is the cards its player "
                                "keeps: the missing cards are drawn in one exchange (more "
                                "with --draws in the triple draws), and a full hand stands "
                                "pat, scored as given; `handrank draw` finds the cards to "
                                "keep.",
                    examples=["handrank equity AsKs QdQc",
                              'handrank equity AhAd "QQ+,AKs" --board Qh7c2d',
                              "handrank equity AhAd random random --exact",
                              "handrank equity AsKs random random --trials 200000 --seed 7",
                              "handrank equity AsKs QdQc --dead 2c3c --json",
                              "handrank equity AsKs QdQc --csv --out equity.csv",
                              "handrank equity AsKdQh2c 7c7h2s3d --game omaha --board Qs7d2h",
                              'handrank equity AcKc QdQh --game double-holdem '
                              '--board "Qs7c2d | As9s9d"',
                              "handrank equity AhAd random random --target-stderr 0.001 --seed 7"])
    p.add_argument("players", nargs="+", help='hands or ranges: AsKs "QQ+,AKs" random')
    p.add_argument("--board", default="", help="0 to 5 board cards, e.g. Qh7c2d; two boards "
                                               "(double-holdem, double-omaha) with '|' "
                                               "between them, e.g. 'Qh7c2d | As9s9d'")
    p.add_argument("--dead", default="", help="dead cards")
    how = p.add_mutually_exclusive_group()
    how.add_argument("--trials", type=positive_int, help="Monte Carlo trials")
    how.add_argument("--exact", action="store_true", help="force exact enumeration")
    how.add_argument("--target-stderr", type=float, metavar="E",
                     help="Monte Carlo until every player's standard error is at most E "
                          "(e.g. 0.001)")
    p.add_argument("--seed", type=int, help="Monte Carlo seed")
    p.add_argument("--threads", type=positive_int, help="worker threads")
    p.add_argument("--scheduler", help="run on this dask scheduler, e.g. tcp://10.0.0.5:8786 "
                                       "(needs the dask extra)")
    add_game_arguments(p)
    json_option(p, "print JSON")
    p.add_argument("--csv", action="store_true", help="print CSV, one row per player")
    p.set_defaults(func=run)
    return p


def run(args: argparse.Namespace) -> int:
    """Run the subcommand; return the exit code."""
    kwargs: dict[str, Any] = {"exact": True if args.exact else None, "trials": args.trials,
                              "seed": args.seed, "threads": args.threads}
    try:
        g = game_of(args)
        kwargs["game"] = g
        if getattr(args, "target_stderr", None) is not None:
            with flag("--target-stderr"):
                kwargs["target_stderr"] = fraction(args.target_stderr, "target_stderr")
        if "|" in args.board and g.boards < 2:
            raise ValueError(f"--board: '|' separates two boards, but {g.name} deals one; "
                             "the double-board games are double-holdem, double-omaha and "
                             "double-omaha5 (--game)")
        for name in ("board", "dead"):
            with flag(f"--{name}"):
                for part in getattr(args, name).split("|" if name == "board" else None):
                    cards(part)
        if args.scheduler is not None and not _cluster_runs(g):
            raise ValueError("--scheduler runs hold'em only; drop --game or --scheduler")
        if args.scheduler is not None:
            result = cluster_equity(args)
        else:
            with progress_bar("equity") as progress:
                result = equity(args.players, args.board, args.dead, progress=progress,
                                **kwargs)
    except (HandrankError, ValueError, TypeError) as exc:
        return fail(str(exc))
    halves = hasattr(result, "scoop")
    # the halves' columns, as the result names them: high, low (hi-lo); board 1,
    # board 2 (double board); badugi, 2-7 low (badeucy); then scoop
    rows = result.rows()
    extra = [k for k in rows[0] if k not in ("player", "hand", "equity", "win", "tie",
                                             "stderr")] if halves else []
    if args.json:
        players = [{"player": p, "equity": float(e), "win": float(w), "tie": float(t),
                    "stderr": float(s)}
                   for p, e, w, t, s in zip(args.players, result.equity, result.win,
                                            result.tie, result.stderr)]
        for row, got in zip(players, rows):
            row.update({k: got[k] for k in extra})
        print(json.dumps({"exact": result.exact, "samples": result.samples,
                          "players": players}))
        return 0
    if args.csv:
        w = csv.writer(sys.stdout, lineterminator="\n")
        cols = ["equity", "win", "tie", "stderr"]
        w.writerow(["player", *cols, *extra])
        for i, p in enumerate(args.players):
            w.writerow([p, *(repr(float(getattr(result, c)[i])) for c in cols),
                        *(repr(float(rows[i][k])) for k in extra)])
        return 0
    width = max(6, *(len(p) for p in args.players))
    shown = percentages(result.equity, 4)      # the column adds up to 100.0000%
    if halves and len(getattr(result, "halves", ("high", "low"))) > 1:
        # two halves: the columns of the result's own table (a win there is a
        # scoop, so there is no win column to repeat the scoop column)
        print(f"{'player':<{width}}  {'equity':>9}  {'tie':>8}"
              + "".join(f"  {k:>9}" for k in extra))
        for p, e, t, s, got in zip(args.players, shown, result.tie, result.stderr, rows):
            err = "" if result.exact else f"  ± {100 * s:.3f}%"
            print(f"{p:<{width}}  {e:8.4f}%  {100 * t:7.3f}%"
                  + "".join(f"  {100 * got[k]:8.4f}%" for k in extra) + err)
    else:
        print(f"{'player':<{width}}  {'equity':>9}  {'win':>8}  {'tie':>8}")
        for p, e, w, t, s in zip(args.players, shown, result.win, result.tie,
                                 result.stderr):
            err = "" if result.exact else f"  ± {100 * s:.3f}%"
            print(f"{p:<{width}}  {e:8.4f}%  {100 * w:7.3f}%  {100 * t:7.3f}%{err}")
    how = "exact" if result.exact else "monte carlo"
    # an exact count is of boards, or of deals in a game with no board
    unit = "deals" if g.hand_sizes else "boards"
    unit = unit if result.exact else "trials"
    print(f"{how}, {result.samples:,} {unit[:-1] if result.samples == 1 else unit}")
    return 0


def _cluster_runs(g: Any) -> bool:
    """Whether handrank.dask's equity plays `g`: hold'em's deal and tables (a full
    deck, two hole cards, a board of five, the best five of seven, one high half)."""
    return (len(g.deck) == 52 and g.hole_cards == 2 and g.board_cards == 5
            and g.rule.holdem_kernels(g) and g.halves == ("high",))
