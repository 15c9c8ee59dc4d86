"""The ``handrank`` command line: parses, calls the library, prints.

User errors print one line on stderr, ``handrank: error: ...``, and exit with
status 2 (see :mod:`handrank.cli._common`).
"""

from __future__ import annotations

import argparse
import contextlib
import csv
import io
import json
import os
import sys
from typing import Any

from .. import __version__, backend
from ..core.cards import cards, cards_str
from ..core.errors import HandrankError
from ..games import game, games
from ..games.badugi import badugi
from ..operations import best_five, category, describe, evaluate
from . import _bench as _cli_bench
from . import _boards as _cli_boards
from . import _draw as _cli_draw
from . import _equity as _cli_equity
from . import _history as _cli_history
from . import _index as _cli_index
from . import _pql as _cli_pql
from . import _preflop as _cli_preflop
from . import _range as _cli_range
from . import _showdown as _cli_showdown
from . import _stats as _cli_stats
from . import _videopoker as _cli_videopoker
from ._common import (
    CliError,
    Parser,
    add_command,
    epilog,
    fail,
    flag,
    json_argv,
    json_option,
    replacing,
    writable_path,
)
from ._game import add_game_arguments, game_of, option_names, spelling


def _cmd_eval(args: argparse.Namespace) -> int:
    g = game_of(args)
    if args.board is not None:
        with flag("--board"):
            cards(args.board)
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
                (h, lo), (hc, _), (hf, lf) = r["strength"], r["category"], r["best_five"]
                # a low half has no category of its own: its description says it
                print(f"{r['hand']}: high {h} ({hc}), low {lo} {r['description']}; "
                      f"best five {hf}" + (f" / {lf}" if lf else ""))
                continue
            # badugi's best hand is up to four cards
            best = "best five" if len(r["best_five"].split()) == 5 else "best hand"
            # a low's category (HIGH_CARD ...) says nothing its description does not;
            # badugi's (3-CARD) does
            low = g.halves == ("low",) and not r["category"].endswith("-CARD")
            cat = "" if low else f" ({r['category']})"
            print(f"{r['hand']}: strength {r['strength']}{cat} "
                  f"{r['description']}; {best} {r['best_five']}")
    return 0


def _eval_row(hand: str, board: str | None, g: Any) -> dict[str, Any]:
    """One hand of ``handrank eval --game``: each half's strength, category and best five."""
    s: Any = evaluate(hand, board=board, game=g)
    five: Any = best_five(hand, board=board, game=g)
    row: dict[str, Any] = {"hand": hand, "game": g.name}
    if not g.split:
        cat = category(s, game=g)
        # badugi's category is its number of cards; the wild games' a name
        name = (cat.name if hasattr(cat, "name") else cat if isinstance(cat, str)
                else f"{cat}-CARD")
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
                     "classes": [int(c) for c in classes],
                     "options": list(option_names(name)), "spelling": spelling(name),
                     "summary": summary})
    if args.json:
        print(json.dumps(rows, ensure_ascii=False))
        return 0
    if args.csv:
        w = csv.writer(sys.stdout, lineterminator="\n")
        w.writerow(["name", "deck", "hole", "board", "halves", "classes", "spelling", "summary"])
        for r in rows:
            w.writerow([r["name"], r["deck"], r["hole"], r["board"], r["halves"],
                        "+".join(str(c) for c in r["classes"]), r["spelling"], r["summary"]])
        return 0
    shown = [{**r, "classes": "+".join(str(c) for c in r["classes"]),
              "options": r["spelling"] if r["options"] else ""} for r in rows]
    heads = ("name", "deck", "hole", "board", "halves", "classes", "options", "summary")
    widths = [max(len(h), *(len(str(r[h])) for r in shown)) for h in heads[:-1]]
    print("  ".join(h.ljust(w) for h, w in zip(heads, widths)) + "  summary")
    for r in shown:
        print("  ".join(str(r[h]).ljust(w) for h, w in zip(heads, widths)) + "  " + r["summary"])
    print("\noptions: --game NAME:key=value,... or the flags (--draws 3, --players 6, "
          "--mao, --lowest 6, --trips-beat-straight, --no-kickers)")
    return 0


class _TopFormatter(argparse.RawDescriptionHelpFormatter):
    """``handrank --help``: each command's summary on one line at 80 columns.

    argparse measures the commands one indent level short, so the longest
    (``preflop-table``) would push its summary to a line of its own.
    """

    def add_argument(self, action: argparse.Action) -> None:
        super().add_argument(action)
        self._action_max_length = max(self._action_max_length, 17)


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(prog="handrank",
                    description="Fast poker hand ranking.  `handrank COMMAND --help` shows "
                                "each command's options and examples.",
                    formatter_class=_TopFormatter,
                    epilog=epilog(['handrank eval "As Ks Qs Js Ts"',
                                   "handrank equity AsKs QdQc --board Qh7c2d",
                                   'handrank draw "As Ks Qs Js 2d"',
                                   "handrank games",
                                   "handrank --version"]))
    parser.add_argument("--version", action="version",
                        version=f"handrank {__version__} (backend: {backend})")
    sub = parser.add_subparsers(dest="command", required=True, metavar="command",
                                title="commands (handrank command --help for its options)")
    p = add_command(sub, "eval", help="strength, category and best five of 5 to 7 cards",
                    description="Strength (1..7462), category, description and best five "
                                "of each hand of 5 to 7 cards.",
                    examples=['handrank eval "As Ks Qs Js Ts"',
                              'handrank eval --json "Kh 3c Ks 6d 7c 9h 2s" "2c 3d 4h 5s 7c"'])
    p.add_argument("hands", nargs="+", help='cards, e.g. "As Ks Qs Js Ts"')
    p.add_argument("--board", default=None, help="board cards, added to each hand "
                   "(required in the Omaha games)")
    add_game_arguments(p)
    json_option(p, "print JSON")
    p.set_defaults(func=_cmd_eval)
    p = add_command(sub, "games", help="the games and what each deals",
                    description="Every game: deck size, hole cards, board cards, the halves "
                                "a pot pays and the distinct strengths of each half.",
                    examples=["handrank games --json", "handrank games --csv", "handrank games"])
    json_option(p, "print JSON")
    p.add_argument("--csv", action="store_true", help="print CSV")
    p.set_defaults(func=_cmd_games)
    for module in (_cli_equity, _cli_showdown, _cli_draw, _cli_range, _cli_index,
                   _cli_preflop, _cli_boards, _cli_history, _cli_stats, _cli_videopoker,
                   _cli_pql, _cli_bench):
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


def json_flag_commands(parser: argparse.ArgumentParser) -> frozenset[str]:
    """The commands whose ``--json`` is :func:`~._common.json_option`'s flag that may
    take a PATH (bench and history take a PATH after ``--json`` as before)."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return frozenset(name for name, p in action.choices.items()
                             if p.get_default("json_flag"))
    return frozenset()


def _output_path(args: argparse.Namespace) -> str | None:
    """The file ``--json PATH`` or ``--out PATH`` names (``--json`` itself then means JSON)."""
    path = getattr(args, "out_path", None)
    j = getattr(args, "json", None)
    if getattr(args, "json_flag", False) and j not in (None, "-"):
        if path is not None and path != j:
            raise CliError(f"--json {j!r} and --out {path!r} name two files; give one")
        path, args.json = j, "-"
    if path is not None:
        writable_path("--out" if getattr(args, "out_path", None) else "--json", path)
    return path


def _run(args: argparse.Namespace) -> Any:
    """Run the command; with an output path, what it prints goes to that file whole."""
    path = _output_path(args)
    if path is None:
        return args.func(args)
    buffer = io.StringIO()
    with contextlib.redirect_stdout(buffer):
        result = args.func(args)
    if not result:
        try:
            with replacing(path) as tmp, open(tmp, "w", encoding="utf-8") as f:
                f.write(buffer.getvalue())
        except OSError as exc:       # a full disk: the old file is left as it was
            flag = "--out" if getattr(args, "out_path", None) else "--json"
            raise CliError(f"{flag}: cannot write {path!r}: {exc.strerror or exc}") from None
    return result


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    try:
        words = json_argv(list(sys.argv[1:] if argv is None else argv),
                          json_flag_commands(parser))
        try:
            args = _parse(parser, words)       # --help and --version print here
        except SystemExit:
            # argparse may have swallowed a closed pipe while printing; the
            # text left in stdout's buffer would fail again at exit, loudly
            sys.stdout.flush()
            raise
        result: Any = _run(args)
        sys.stdout.flush()
    except BrokenPipeError:
        return _quiet_broken_pipe()
    except (HandrankError, ValueError) as exc:
        return fail(str(exc))
    except KeyboardInterrupt:
        return 130
    return int(result or 0)
