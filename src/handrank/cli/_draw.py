"""``handrank draw``: the odds of every hold of one draw-game hand, best hold first.

Parses, calls :func:`handrank.draw_odds`, prints a table (or JSON, or CSV).
"""

from __future__ import annotations

import argparse
import csv
import json
import sys
from typing import Any

from ..core.cards import cards
from ..games.draw import _draw_of, draw_names, draw_odds
from ._common import CliError, add_command, flag, json_option, positive_int
from ._game import add_game_arguments, game_of

__all__ = ["add_parser", "run"]


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Register ``draw`` on an argparse subparsers object."""
    p = add_command(
        subparsers, "draw", help="draw odds and the best hold of a draw-game hand",
        description="Exact odds of every hold of one exchange in a draw game "
                    f"({', '.join(draw_names())}): the final "
                    "categories, the expected strength percentile and, with --vs, the "
                    "chance to win.  The best hold comes first.",
        examples=['handrank draw "As Ks Qs Js 2d"',
                  'handrank draw "8s 5d 4h 3c 3s" --game 27-triple --draws 3 --all',
                  'handrank draw "As Ad Kc Qh 9s" --vs "Kd Kh 7c 7d 2s" --json',
                  'handrank draw "2s 2d 3h Kc 7s" --game deuces-wild --top 3',
                  'handrank draw "As 2d 3h Kc 7s" --game badeucy --top 5'])
    p.add_argument("hand", help='the hand before the exchange, e.g. "As Ks Qs Js 2d"')
    add_game_arguments(p, default="draw")
    p.add_argument("--dead", default="", help="cards known out of the stub")
    p.add_argument("--vs", default=None, metavar="CARDS",
                   help="an opponent that stands pat (a full hand) or the cards it keeps")
    p.add_argument("--max-discard", type=int, default=None, metavar="N",
                   help="at most N cards exchanged (default: the game's limit)")
    p.add_argument("--top", type=positive_int, default=10, metavar="N",
                   help="the N best holds (default 10)")
    p.add_argument("--all", action="store_true", help="every hold")
    json_option(p, "print JSON (every hold)")
    p.add_argument("--csv", action="store_true", help="print CSV (every hold)")
    p.set_defaults(func=run)
    return p


def _rows(d: Any) -> list[dict[str, Any]]:
    vs = not all(w != w for w in d.win.tolist())          # NaN without --vs
    rows = []
    for i, hold in enumerate(d.holds):
        row: dict[str, Any] = {
            "hold": d.holds_str[i], "discard": _size(d) - len(hold),
            "expected": float(d.expected[i]), "draws": int(d.draws[i]),
            "categories": {n: float(x) for n, x in zip(d.category_names, d.categories[i])}}
        if vs:
            row.update(win=float(d.win[i]), tie=float(d.tie[i]))
        rows.append(row)
    return rows


def _size(d: Any) -> int:
    return int(d.game.hand_size)


def run(args: argparse.Namespace) -> int:
    """Run ``handrank draw``; returns the exit status."""
    g = game_of(args)
    if not g.max_discard:
        raise CliError(f"--game: {g.name!r} has no exchange of cards; the draw games are "
                       + ", ".join(draw_names()))
    for name in ("dead", "vs"):             # a bad card is named by its flag
        value = getattr(args, name)
        if value is not None:
            with flag(f"--{name}"):
                cards(value)
    limit = _draw_of(g, "draw_odds").max_discard
    if args.max_discard is not None and not 0 <= args.max_discard <= limit:
        raise CliError(f"--max-discard: {g.name!r} allows 0 to {limit} discards, "
                       f"got {args.max_discard}")
    with flag("hand"):
        d = draw_odds(args.hand, game=g, dead=args.dead, vs=args.vs,
                      max_discard=args.max_discard)
    rows = _rows(d)
    if args.json:
        print(json.dumps({"game": g.name, "hand": args.hand, "best": rows[0]["hold"],
                          "holds": rows}, ensure_ascii=False))
        return 0
    if args.csv:
        w = csv.writer(sys.stdout, lineterminator="\n")
        names = list(d.category_names)
        vs = "win" in rows[0]
        w.writerow(["hold", "discard", "expected", *(["win", "tie"] if vs else []), *names])
        for r in rows:
            w.writerow([r["hold"], r["discard"], f"{r['expected']:.6f}",
                        *([f"{r['win']:.6f}", f"{r['tie']:.6f}"] if vs else []),
                        *(f"{r['categories'][n]:.6f}" for n in names)])
        return 0
    shown = rows if args.all else rows[:args.top]
    best = rows[0]["hold"] or "nothing (draw them all)"
    print(f"{g.name}: {args.hand} -> keep {best}")
    vs = "win" in rows[0]
    width = max(len("hold"), *(len(r["hold"]) for r in shown))
    head = f"{'hold':<{width}}  {'draw':>4}  {'expected':>8}"
    if vs:
        head += f"  {'win':>7}  {'tie':>6}"
    print(head + "  most likely final hand")
    for r in shown:
        name, p = max(r["categories"].items(), key=lambda kv: kv[1])
        line = f"{r['hold'] or '-':<{width}}  {r['discard']:>4}  {100 * r['expected']:7.2f}%"
        if vs:
            line += f"  {100 * r['win']:6.2f}%  {100 * r['tie']:5.2f}%"
        print(line + f"  {name} {100 * p:.1f}%")
    if len(shown) < len(rows):
        print(f"... {len(rows) - len(shown)} more holds (--all shows every one)")
    print("expected: the final hand's mean strength percentile"
          + ("; win and tie against --vs" if vs else ""))
    return 0
