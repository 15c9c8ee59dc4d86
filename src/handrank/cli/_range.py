"""The ``handrank range`` subcommand: a range's 13x13 chart, its equity and its breakdown.

Parses, calls :class:`handrank.Range`, :func:`handrank.range_equity` and
:func:`handrank.analyze`, prints.  The chart is plain text when stdout is not
a terminal (or with ``--color never``) and coloured cells on a terminal.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
from collections.abc import Sequence
from typing import Any

import numpy as np

from ..analysis import CLASSES, DRAWS, analyze, range_equity
from ..core.cards import cards, cards_str
from ..core.errors import HandrankError, InvalidRangeError
from ..games.registry import best_five_game
from ..present._grid import LABELS, RANK_LABELS
from ..ranges.holdem import Range
from ..ranges.omaha import OmahaRange
from ._common import (
    add_command,
    fail,
    flag,
    json_option,
    percentages,
    progress_bar,
    replacing,
    writable_path,
)
from ._game import add_game_arguments, game_of

__all__ = ["add_parser", "format_grid", "run"]

CELL = 5


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Register the ``range`` subcommand on an argparse subparsers object."""
    p = add_command(
        subparsers, "range", help="a range's 13x13 chart, equity and board breakdown",
        description="Print a range as the 13x13 chart of classes: the weights, or with "
                    "--vs the equity of each class against another range; with --board "
                    "also the made hands and draws of its combos.",
        examples=['handrank range "QQ+,AKs,A5s"',
                  'handrank range "QQ+,AKs,A5s" --vs "22+,AJo+" --board Qh7c2d',
                  'handrank range "22+,A2s+,KTo+" --board Qh7h2d --json',
                  'handrank range "QQ+,AKs" --plot range.png'])
    p.add_argument("range", help='range text, e.g. "QQ+,AKs,A5s"')
    p.add_argument("--vs", help='the villain range, e.g. "22+,AJo+"')
    p.add_argument("--board", default="", help="0 to 5 board cards, e.g. Qh7c2d")
    p.add_argument("--dead", default="", help="dead cards")
    p.add_argument("--plot", metavar="PATH", help="also save a picture (needs matplotlib)")
    add_game_arguments(p)
    json_option(p, "print JSON")
    p.add_argument("--color", choices=("auto", "always", "never"), default="auto",
                   help="colour the chart (default: when stdout is a terminal)")
    p.set_defaults(func=run)
    return p


def _use_colour(choice: str) -> bool:
    if choice != "auto":
        return choice == "always"
    if os.environ.get("NO_COLOR") or os.environ.get("TERM") == "dumb":
        return False
    return sys.stdout.isatty()


def _rgb(v: float, equity: bool) -> tuple[int, int, int]:
    if equity:
        if v < 0.5:
            t = v / 0.5
            return (int(215 + 40 * t), int(48 + 176 * t), int(39 + 100 * t))
        t = (v - 0.5) / 0.5
        return (int(255 - 229 * t), int(224 - 72 * t), int(139 - 59 * t))
    t = min(max(v, 0.0), 1.0)
    return (int(222 - 189 * t), int(235 - 122 * t), int(247 - 66 * t))


def format_grid(values: np.ndarray, equity: bool, colour: bool,
                rows: Sequence[int] = tuple(range(13))) -> list[str]:
    """The chart as lines of text.

    Weights (``equity=False``): a class held in full shows its name, a
    class held in part its weight (``.50``), a class not held ``.``.
    Equities: the class's equity in percent, ``.`` where the range holds none.
    ``rows``: the rows and columns drawn (a short deck's ranks).
    """
    lines = ["   " + "".join(f"{RANK_LABELS[r]:>{CELL}}" for r in rows)]
    for r in rows:
        cells = []
        for c in rows:
            v = float(values[r, c])
            held = not math.isnan(v) and (equity or v > 0)
            if not held:
                text = "."
            elif equity:
                text = f"{100 * v:.1f}"
            elif v >= 1.0:
                text = LABELS[r][c]
            else:
                text = f"{v:.2f}".lstrip("0")
            cell = f"{text:>{CELL}}"
            if colour and held:
                red, green, blue = _rgb(v, equity)
                ink = "30" if 0.299 * red + 0.587 * green + 0.114 * blue > 140 else "97"
                cell = f"\x1b[48;2;{red};{green};{blue}m\x1b[{ink}m{cell}\x1b[0m"
            cells.append(cell)
        lines.append(f"{RANK_LABELS[r]:>3}" + "".join(cells))
    return lines


def _breakdown_lines(a: Any) -> list[str]:
    total = float(a.weights.sum())
    lines = [f"made hands ({total:g} weighted combos):"]
    # the made hands are one each: their column adds up to 100.00% (largest remainder)
    made = dict(zip(CLASSES, percentages([a.share[name] for name in CLASSES], 2)))
    for name in CLASSES:
        if a.counts[name] > 0:
            lines.append(f"  {name:<20}{a.counts[name]:>8g}  {made[name]:6.2f}%")
    lines.append("draws:")
    any_draw = False
    for name in DRAWS:
        if a.counts[name] > 0:
            any_draw = True
            lines.append(f"  {name:<20}{a.counts[name]:>8g}  {100 * a.share[name]:6.2f}%")
    if not any_draw:
        lines.append("  none" if len(a.board) < 5 else "  none on the river")
    if getattr(a, "low", None) is not None:            # a game with a low half
        lines.append("low:")
        for name in ("low", "low_draw"):
            lines.append(f"  {name:<20}{a.counts[name]:>8g}  {100 * a.share[name]:6.2f}%")
    return lines


def run(args: argparse.Namespace) -> int:
    """Run the subcommand; return the exit code."""
    try:
        return _run(args)
    except (HandrankError, ValueError, TypeError) as exc:
        return fail(str(exc))


def _run(args: argparse.Namespace) -> int:
    if args.plot:
        writable_path("--plot", args.plot)      # before any work, not after it
    g = game_of(args)
    if g.hand_sizes:                            # stud, draw, badugi: no board, no ranges
        raise HandrankError(
            f"game {g.name!r} has no ranges: `handrank range` is for the games with "
            f"hole cards and a board (hold'em and Omaha); try `handrank equity "
            f"--game {g.name}` with each player's cards")
    if g.hole_cards != 2:
        return _run_hands(args)                 # Omaha hands: no 13x13 grid
    typed = Range(args.range)
    r = Range(typed, game=g)                    # the combos in the game's deck
    with flag("--board"):
        board = cards(args.board) if args.board.strip() else []
    with flag("--dead"):
        cards(args.dead)
    if args.vs is not None:
        with flag("--vs"):
            Range(args.vs)
    re = None
    if args.vs:
        with progress_bar("range equity") as progress:
            re = range_equity(r, args.vs, board, args.dead, game=g, progress=progress)
    a = analyze(r, board, args.dead, game=g) if board else None
    if re is None and a is None:           # no operation ran: check the game alone
        best_five_game(g, None, "handrank range")
    if re is not None:
        values, is_equity = re.by_class(), True
    else:
        values, is_equity = r.grid(), False
    if args.plot:
        try:
            with replacing(args.plot) as tmp:
                fig = re.plot(tmp, kind="grid") if re is not None else r.plot(tmp)
        except ImportError as exc:
            raise HandrankError(f"--plot: {exc}") from None
        except OSError as exc:
            raise HandrankError(f"--plot: cannot write {args.plot!r}: "
                                f"{exc.strerror or exc}") from None
        del fig
    if args.json:
        print(json.dumps({
            "range": typed.text, "combos": len(r), "vs": re.villain.text if re else None,
            "ranks": [RANK_LABELS[k] for k in r._chart_rows()],
            "board": cards_str(board), "equity": re.overall if re else None,
            "grid_kind": "equity" if is_equity else "weight",
            "grid": [[None if math.isnan(v) else float(v) for v in row] for row in values],
            "labels": [list(row) for row in LABELS],
            "breakdown": {"counts": a.counts, "share": a.share} if a else None,
        }))
        return 0
    colour = _use_colour(args.color)
    n = len(g.deck)
    head = f"{typed.text}: {len(r)} combos ({100 * len(r) / (n * (n - 1) // 2):.1f}%)"
    if board:
        head += f" on {cards_str(board)}"
    print(head)
    if re is not None:
        print(f"equity against {re.villain.text}: {100 * re.overall:.2f}% "
              f"(exact; each class against the whole range)")
    for line in format_grid(values, is_equity, colour, r._chart_rows()):
        print(line)
    if a is not None:
        for line in _breakdown_lines(a):
            print(line)
    if args.plot:
        print(f"wrote {args.plot}")
    return 0


def _omaha_range(text: str, g: Any) -> Any:
    """An OmahaRange of `text`; hold'em notation ("QQ+,AKs") is named as such."""
    try:
        return OmahaRange(text, g.hole_cards)
    except InvalidRangeError as exc:
        try:
            Range(text)
        except (HandrankError, ValueError):
            raise exc from None
        raise InvalidRangeError(
            f"{text!r} is hold'em range notation, which does not apply to {g.name} "
            f"({g.hole_cards} hole cards); write {g.hole_cards}-card patterns such as "
            f"'AA**', 'AAKKds' or exact hands, or drop --game for hold'em") from None


def _run_hands(args: argparse.Namespace) -> int:
    """`handrank range` in a game of more than two hole cards (Omaha notation)."""
    g = game_of(args)
    if args.plot:
        raise HandrankError(f"--plot draws the 13x13 grid of two-card hands; game "
                            f"{g.name!r} deals {g.hole_cards}")
    r: Any = _omaha_range(args.range, g)
    with flag("--board"):
        board = cards(args.board) if args.board.strip() else []
    with flag("--dead"):
        cards(args.dead)
    re = None
    if args.vs:
        with progress_bar("range equity") as progress:
            re = range_equity(r, args.vs, board, args.dead, game=g, progress=progress)
    a = analyze(r, board, args.dead, game=g) if board else None
    if args.json:
        print(json.dumps({
            "range": r.text, "combos": len(r), "vs": args.vs,
            "board": cards_str(board), "equity": re.overall if re else None,
            "breakdown": {"counts": a.counts, "share": a.share} if a else None,
        }))
        return 0
    head = f"{r.text}: {len(r)} hands"
    if board:
        head += f" on {cards_str(board)}"
    print(head)
    if re is not None:
        print(f"equity against {args.vs}: {100 * re.overall:.2f}% (exact)")
    if a is not None:
        for line in _breakdown_lines(a):
            print(line)
    return 0
