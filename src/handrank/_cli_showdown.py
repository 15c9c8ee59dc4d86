"""The ``handrank showdown`` subcommand: parses, calls :func:`handrank.showdown.settle`, prints.

    handrank showdown --board "A♣ K♥ Q♦ 5♠ 5♣" --hand "Q♠ Q♣" --hand "A♦ 5♥" \\
        --hand "K♦ K♣" --hand none --bets 300,300,100,50 --button 3 --folded 3 [--json]
"""

from __future__ import annotations

import argparse
import dataclasses
import json
from typing import Any

from .errors import HandrankError
from .showdown import ODD_CHIP_RULES, settle


class _UsageError(HandrankError, ValueError):
    """A command-line value that cannot be read."""


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Register ``showdown`` on an argparse subparsers object."""
    p = subparsers.add_parser("showdown", help="settle a showdown: pots, side pots, odd chips, why")
    p.add_argument("--board", default=None, help='the board, e.g. "A♣ K♥ Q♦ 5♠ 5♣"')
    p.add_argument("--hand", action="append", default=[], metavar="CARDS",
                   help='one per seat in seat order; "none" for a seat that folded')
    p.add_argument("--bets", required=True, help="chips each seat put in, e.g. 300,300,100,50")
    p.add_argument("--button", type=int, default=0, help="the dealer's seat (default 0)")
    p.add_argument("--folded", default="", help="seats that folded, e.g. 3 or 1,3")
    p.add_argument("--odd-chip", default="left_of_button", choices=ODD_CHIP_RULES,
                   help="who gets odd chips (default: first seat left of the button)")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(func=run)
    return p


def _ints(text: str, what: str) -> list[int]:
    out = []
    for token in text.replace(" ", "").split(","):
        if not token:
            continue
        try:
            out.append(int(token))
        except ValueError:
            raise _UsageError(f"{what}: expected whole numbers separated by commas, "
                              f"got {token!r}") from None
    return out


def run(args: argparse.Namespace) -> int:
    """Run ``handrank showdown``; returns the exit status."""
    bets = _ints(args.bets, "--bets")
    hands = [None if h.strip().lower() in ("none", "-", "") else h for h in args.hand]
    folded_seats = set(_ints(args.folded, "--folded"))
    bad = sorted(s for s in folded_seats if not 0 <= s < len(bets))
    if bad:
        raise _UsageError(f"--folded: no seat {bad[0]} at a table of {len(bets)}")
    # A seat shown without cards ("none") has folded: only live seats need a hand.
    folded = [s in folded_seats or (s < len(hands) and hands[s] is None)
              for s in range(len(bets))]
    s = settle(args.board, hands, bets, folded=folded, button=args.button, odd_chip=args.odd_chip)
    if args.json:
        print(json.dumps({"payouts": s.payouts,
                          "pots": [dataclasses.asdict(p) for p in s.pots]}, ensure_ascii=False))
    else:
        print(s)
    return 0
