"""``handrank videopoker``: a machine's best hold for a deal, its chart, its return.

A deal shows the machine's exact return, the best hold and the value of
every one of the deal's 32 holds; ``--chart`` prints the strategy chart;
``--list`` the built-in machines.  A pay table of one's own comes as JSON
(``--paytable '{"natural-royal-flush": 800, ...}'`` or a file name).
"""

from __future__ import annotations

import argparse
import json
import os
from typing import Any

from ..games import videopoker as vp_mod
from ._common import CliError, add_command, flag, json_option

__all__ = ["add_parser", "run"]


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Register the ``videopoker`` subcommand on an argparse subparsers object."""
    p = add_command(
        subparsers, "videopoker",
        help="video poker: best hold, every hold's value, strategy chart",
        description="Solve a video-poker machine exactly (every deal, every hold, every draw) "
                    "and show a deal's best hold with the value of each of its 32 holds, or "
                    "the machine's strategy chart. Jokers are written Xx (or Jk) and Xy.",
        examples=['handrank videopoker "Ah Kh Qh Jh 9c" --table deuces-wild',
                  'handrank videopoker "Xx Th Qh 3c 4h" --table joker-poker-kings --json',
                  "handrank videopoker --table deuces-wild-full-pay --chart",
                  "handrank videopoker --list"])
    p.add_argument("hand", nargs="?", help="a deal of five cards, e.g. \"Ah Kh Qh Jh 9c\"")
    p.add_argument("--table", default="jacks-or-better-9/6",
                   help="a machine (see --list); default jacks-or-better-9/6")
    p.add_argument("--paytable", help="a pay table of one's own as JSON, or a JSON file: "
                                      "hand class -> payout per coin (replaces --table)")
    p.add_argument("--list", action="store_true", help="list the built-in machines")
    p.add_argument("--chart", action="store_true", help="print the machine's strategy chart")
    json_option(p, "print JSON")
    p.set_defaults(func=run)
    return p


def _machine(args: argparse.Namespace) -> Any:
    if args.paytable is not None:
        with flag("--paytable"):
            text = args.paytable
            if not text.lstrip().startswith(("{", "[")):
                if not os.path.lexists(text):
                    raise CliError(f"--paytable: no file {text!r} (give a JSON object of "
                                   "hand class -> payout, or a JSON file holding one)")
                try:
                    with open(text, encoding="utf-8") as f:
                        text = f.read()
                except (OSError, UnicodeDecodeError) as exc:
                    why = exc.strerror if isinstance(exc, OSError) and exc.strerror else exc
                    raise CliError(f"--paytable: cannot read {args.paytable!r}: {why}"
                                   ) from None
            try:
                table = json.loads(text)
            except json.JSONDecodeError as exc:
                raise CliError(f"--paytable: not JSON ({exc.msg} at character {exc.pos})"
                               ) from None
            if not isinstance(table, dict):
                raise CliError("--paytable: expected a JSON object of hand class -> payout")
            return vp_mod.video_poker(table)
    if args.table not in vp_mod.MACHINES and args.table not in vp_mod.ALIASES:
        raise CliError(f"--table: unknown machine {args.table!r}, expected one of "
                       + ", ".join(vp_mod.MACHINES) + " (handrank videopoker --list)")
    return vp_mod.video_poker(args.table)


def _list(args: argparse.Namespace) -> int:
    rows: list[dict[str, Any]] = []
    for name, family in vp_mod.MACHINES.items():
        table = {**vp_mod.PAYTABLES, **vp_mod.WILD_PAYTABLES}[name]
        rows.append({"machine": name, "family": family, "paytable": table})
    if args.json:
        print(json.dumps(rows))
        return 0
    width = max(len(r["machine"]) for r in rows)
    for r in rows:
        pays = "/".join(f"{v:g}" for v in sorted(r["paytable"].values(), reverse=True) if v)
        print(f"{r['machine']:<{width}}  {r['family']:<18} {pays}")
    print("short names: " + ", ".join(f"{a} = {m}" for a, m in vp_mod.ALIASES.items()))
    return 0


def run(args: argparse.Namespace) -> int:
    if args.list:
        return _list(args)
    if args.hand is None and not args.chart:
        raise CliError("give a deal of five cards, --chart or --list "
                       "(e.g. handrank videopoker \"Ah Kh Qh Jh 9c\" --table deuces-wild)")
    vp = _machine(args)
    name = args.table if args.paytable is None else "(--paytable)"
    out: dict[str, Any] = {"machine": name, "family": vp.family,
                           "expected_return": vp.expected_return, "variance": vp.variance}
    lines = [f"{name}: return {vp.expected_return:.6%} under optimal play, "
             f"variance {vp.variance:.4f}"]
    if args.hand is not None:
        with flag("hand"):
            values = vp.hold_values(args.hand)
        holds = [{"hold": vp_mod.card_text(k), "value": v} for k, v in values.items()]
        out["hand"] = args.hand
        out["best_hold"] = holds[0]["hold"]
        out["holds"] = holds
        best = holds[0]["hold"] or "nothing (draw five)"
        lines.append(f"{args.hand}: hold {best} (expected {holds[0]['value']:.6f} per coin)")
        for h in holds:
            lines.append(f"  {h['value']:10.6f}  {h['hold'] or '(draw five)'}")
    if args.chart:
        chart = vp.chart()
        out["chart"] = [{"hold": x.text, "low": x.low, "high": x.high, "deals": x.deals}
                        for x in chart.lines]
        out["chart_return"] = chart.expected_return
        out["lines_return"] = chart.lines_return
        out["exceptions"] = len(chart.exceptions)
        lines.append(str(chart))
    print(json.dumps(out) if args.json else "\n".join(lines))
    return 0
