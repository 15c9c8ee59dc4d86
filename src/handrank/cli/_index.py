"""``handrank index``: hold'em hands to their canonical index and back.

Parses, calls :mod:`handrank.boards.index` (an :class:`Indexer`), prints.
Hands are the hole cards then the board; the street follows from the number
of cards (2 preflop, 5 flop, 6 turn, 7 river).
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from ..boards.index import Indexer
from ..core.cards import cards, cards_str
from ._common import CliError, add_command, flag, json_option

__all__ = ["add_parser", "run"]

STREETS = ("preflop", "flop", "turn", "river")


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Register ``index`` on an argparse subparsers object."""
    p = add_command(
        subparsers, "index", help="canonical index of hands up to suits, and back",
        description="Number hold'em hands up to suit relabelling (hole cards, then the "
                    "board): each HAND prints its street and index; --unindex N prints "
                    "the canonical hand of index N on --street; --sizes prints how many "
                    "classes each street has.",
        examples=['handrank index AhAd "Ah Kh Qs Jd Tc"',
                  "handrank index --unindex 168 --street preflop",
                  "handrank index --sizes --recall perfect",
                  'handrank index AcAs AhAd "Kh Qh 2c 7d 9s" --json'])
    p.add_argument("hands", nargs="*", metavar="HAND",
                   help='hole cards then board, e.g. "Ah Kh Qs Jd Tc"')
    p.add_argument("--unindex", type=int, action="append", default=[], metavar="N",
                   help="the canonical hand of index N (repeat for several)")
    p.add_argument("--street", default=None,
                   help="preflop, flop, turn or river (or 0..3) for --unindex")
    p.add_argument("--sizes", action="store_true", help="the number of classes per street")
    p.add_argument("--recall", choices=("imperfect", "perfect"), default="imperfect",
                   help="imperfect (the board as one set, default) or perfect "
                        "(one group per street)")
    json_option(p, "print JSON")
    p.set_defaults(func=run)
    return p


def _street(text: str | None) -> int:
    if text is None:
        raise CliError("--street: give the street of --unindex (preflop, flop, turn, river)")
    t = text.strip().lower()
    if t.isdigit() and int(t) < len(STREETS):
        return int(t)
    if t in STREETS:
        return STREETS.index(t)
    raise CliError(f"--street: expected preflop, flop, turn, river or 0..3, got {text!r}")


def run(args: argparse.Namespace) -> int:
    """Run ``handrank index``; returns the exit status."""
    if not (args.hands or args.unindex or args.sizes):
        raise CliError("give hands to index, --unindex N --street S, or --sizes")
    ix = Indexer((2, 3, 1, 1), recall=args.recall)
    rows: list[dict[str, Any]] = []
    for hand in args.hands:
        with flag(f"hand {hand!r}"):
            street = _street_of(ix, hand)
            i = ix.index(hand, street)
        rows.append({"hand": hand, "street": STREETS[street], "index": int(i)})
    if args.unindex:
        street = _street(args.street)
        size = ix.size(street)
        for n in args.unindex:
            if not 0 <= n < size:
                raise CliError(f"--unindex: the {STREETS[street]} has indices 0 to {size - 1}, "
                               f"got {n}")
            rows.append({"index": n, "street": STREETS[street],
                         "hand": cards_str(ix.unindex(n, street))})
    sizes = {STREETS[k]: int(ix.size(k)) for k in range(ix.streets)} if args.sizes else None
    if args.json:
        out: dict[str, Any] = {"recall": args.recall, "rows": rows}
        if sizes is not None:
            out["sizes"] = sizes
        print(json.dumps(out))
        return 0
    for r in rows:
        print(f"{r['hand']}: {r['street']} index {r['index']:,}")
    if sizes is not None:
        for name, n in sizes.items():
            print(f"{name}: {n:,} classes ({args.recall} recall)")
    return 0


def _street_of(ix: Indexer, hand: str) -> int:
    n = len(cards(hand))
    counts = [ix.cards(k) for k in range(ix.streets)]
    if n not in counts:
        raise CliError(f"hand {hand!r}: {n} cards; a hand is 2 hole cards and a board of "
                       "0, 3, 4 or 5 (2, 5, 6 or 7 cards)")
    return counts.index(n)
