"""The ``handrank`` command line: parses, calls the library, prints.

User errors print one line on stderr, ``handrank: error: ...``, and exit with
status 2 (see :mod:`handrank.cli._common`).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Any

from .. import __version__, backend
from ..core.cards import cards_str
from ..core.errors import HandrankError
from ..games import game, games
from ..games.badugi import badugi
from ..operations import best_five, category, describe, evaluate
from . import _bench as _cli_bench
from . import _boards as _cli_boards
from . import _equity as _cli_equity
from . import _history as _cli_history
from . import _preflop as _cli_preflop
from . import _range as _cli_range
from . import _showdown as _cli_showdown
from . import _stats as _cli_stats
from ._common import Parser, add_command, epilog, fail


def _cmd_eval(args: argparse.Namespace) -> int:
    g = game(args.game)
    # The default game without a board keeps the short rows (no "game" key).
    short = g == game() and args.board is None
    rows = []
    for hand in args.hands:
        row = _eval_row(hand, args.board, g)
        if short:
            del row["game"]
        rows.append(row)
    if args.json:
        print(json.dumps(rows if len(rows) > 1 else rows[0], ensure_ascii=False))
    else:
        for r in rows:
            if isinstance(r["strength"], list):
                (h, lo), (hc, lc), (hf, lf) = r["strength"], r["category"], r["best_five"]
                print(f"{r['hand']}: high {h} ({hc}), low {lo} ({lc}) {r['description']}; "
                      f"best five {hf}" + (f" / {lf}" if lf else ""))
                continue
            # badugi's best hand is up to four cards
            best = "best five" if len(r["best_five"].split()) == 5 else "best hand"
            print(f"{r['hand']}: strength {r['strength']} ({r['category']}) "
                  f"{r['description']}; {best} {r['best_five']}")
    return 0


def _eval_row(hand: str, board: str | None, g: Any) -> dict[str, Any]:
    """One hand of ``handrank eval --game``: each half's strength, category and best five."""
    s: Any = evaluate(hand, board=board, game=g)
    five: Any = best_five(hand, board=board, game=g)
    row: dict[str, Any] = {"hand": hand, "game": g.name}
    if not g.split:
        cat = category(s, game=g)
        # badugi's category is its number of cards
        name = cat.name if hasattr(cat, "name") else f"{cat}-CARD"
        return {**row, "strength": s, "category": name,
                "description": describe(s, game=g), "best_five": cards_str(five)}
    cats = category(s, game=g)
    return {**row, "strength": list(s), "category": [None if c is None else c.name for c in cats],
            "description": describe(s, game=g),
            "best_five": [None if f is None else cards_str(f) for f in five]}


def _badugi_classes() -> int:
    return badugi().classes


def _cmd_games(args: argparse.Namespace) -> int:
    rows: list[dict[str, Any]] = []
    for name, summary in games().items():
        g = game(name)
        classes = g.classes if g.tables else (_badugi_classes(),)
        rows.append({"name": name, "deck": len(g.deck), "hole": g.hole_cards,
                     "board": g.board_cards, "halves": "+".join(g.halves),
                     "classes": "+".join(str(c) for c in classes), "summary": summary})
    if args.json:
        print(json.dumps(rows, ensure_ascii=False))
        return 0
    heads = ("name", "deck", "hole", "board", "halves", "classes", "summary")
    widths = [max(len(h), *(len(str(r[h])) for r in rows)) for h in heads[:-1]]
    print("  ".join(h.ljust(w) for h, w in zip(heads, widths)) + "  summary")
    for r in rows:
        print("  ".join(str(r[h]).ljust(w) for h, w in zip(heads, widths)) + "  " + r["summary"])
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(prog="handrank",
                    description="Fast poker hand ranking.  `handrank COMMAND --help` shows "
                                "each command's options and examples.",
                    formatter_class=argparse.RawDescriptionHelpFormatter,
                    epilog=epilog(['handrank eval "As Ks Qs Js Ts"',
                                   "handrank equity AsKs QdQc --board Qh7c2d",
                                   "handrank --version"]))
    parser.add_argument("--version", action="version",
                        version=f"handrank {__version__} (backend: {backend})")
    sub = parser.add_subparsers(dest="command", required=True)
    p = add_command(sub, "eval", help="strength, category and best five of 5 to 7 cards",
                    description="Strength (1..7462), category, description and best five "
                                "of each hand of 5 to 7 cards.",
                    examples=['handrank eval "As Ks Qs Js Ts"',
                              'handrank eval --json "Kh 3c Ks 6d 7c 9h 2s" "2c 3d 4h 5s 7c"'])
    p.add_argument("hands", nargs="+", help='cards, e.g. "As Ks Qs Js Ts"')
    p.add_argument("--board", default=None, help="board cards, added to each hand "
                   "(required in the Omaha games)")
    p.add_argument("--game", default="holdem", help="the game (see `handrank games`)")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(func=_cmd_eval)
    p = add_command(sub, "games", help="the games and what each deals",
                    description="Every game: deck size, hole cards, board cards, the halves "
                                "a pot pays and the distinct strengths of each half.",
                    examples=["handrank games", "handrank games --json"])
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(func=_cmd_games)
    for module in (_cli_equity, _cli_showdown, _cli_bench, _cli_range, _cli_preflop,
                   _cli_boards, _cli_history, _cli_stats):
        module.add_parser(sub)
    return parser


def _parse(parser: argparse.ArgumentParser, argv: list[str] | None) -> argparse.Namespace:
    """Parse; an unknown option is reported with the subcommand's usage, not the top's."""
    args, extra = parser.parse_known_args(argv)
    if extra:
        words = list(sys.argv[1:] if argv is None else argv)
        at = words.index(args.command) if args.command in words else len(words)
        command: Any = parser
        if all(e not in words[:at] for e in extra):    # after the command: its own usage
            sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
            command = sub.choices.get(args.command, parser)
        command.error(f"unrecognized arguments: {' '.join(extra)}")
    return args


def _quiet_broken_pipe() -> int:
    """stdout's reader went away (``| head -1``): stop quietly, as grep does.

    Python would report the broken pipe again when it flushes stdout at exit,
    so stdout is pointed at /dev/null first.  The status is 128 + SIGPIPE,
    what a shell reports for a command that a closed pipe stopped.
    """
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):
        pass
    return 141


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    try:
        try:
            args = _parse(parser, argv)       # --help and --version print here
        except SystemExit:
            # argparse may have swallowed a closed pipe while printing; the
            # text left in stdout's buffer would fail again at exit, loudly
            sys.stdout.flush()
            raise
        result: Any = args.func(args)
        sys.stdout.flush()
    except BrokenPipeError:
        return _quiet_broken_pipe()
    except (HandrankError, ValueError) as exc:
        return fail(str(exc))
    except KeyboardInterrupt:
        return 130
    return int(result or 0)
