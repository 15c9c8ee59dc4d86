"""The ``handrank showdown`` subcommand: parses, calls :func:`handrank.showdown.settle`, prints.

    handrank showdown --board "A♣ K♥ Q♦ 5♠ 5♣" --hand "Q♠ Q♣" --hand "A♦ 5♥" \\
        --hand "K♦ K♣" --bets 300,300,100,50 --button 3 --folded 3 [--json]
"""

from __future__ import annotations

import argparse
import dataclasses
import json
from typing import Any

from ..core.cards import cards
from ..operations import settle
from ..showdown.pots import ODD_CHIP_RULES
from ._common import CliError, add_command, flag, json_option
from ._game import add_game_arguments, game_of

_UsageError = CliError      # the name earlier code and tests use


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Register ``showdown`` on an argparse subparsers object."""
    p = add_command(
        subparsers, "showdown", help="settle a showdown: pots, side pots, odd chips, why",
        description="Settle a showdown: who wins each pot and why.  Give one --hand per "
                    "seat in seat order, or one per seat still in when --folded names "
                    "the seats that folded.",
        examples=[('handrank showdown --board "A♣ K♥ Q♦ 5♠ 5♣" --hand "Q♠ Q♣" '
                   '--hand "A♦ 5♥" --hand "K♦ K♣" --bets 300,300,100,50 --button 3 --folded 3'),
                  ('handrank showdown --board "Ac Kh Qd 5s 5c" --hand AsAd --hand KdKc '
                   '--bets 100,100 --json')])
    p.add_argument("--board", default=None, help='the board, e.g. "A♣ K♥ Q♦ 5♠ 5♣"')
    p.add_argument("--hand", action="append", default=[], metavar="CARDS",
                   help='one per seat in seat order ("none" for a seat that folded), '
                        "or one per seat still in when --folded is given")
    p.add_argument("--bets", required=True, help="chips each seat put in, e.g. 300,300,100,50")
    p.add_argument("--button", type=int, default=0, help="the dealer's seat (default 0)")
    p.add_argument("--folded", default="", help="seats that folded, e.g. 3 or 1,3")
    p.add_argument("--odd-chip", default="left_of_button", choices=ODD_CHIP_RULES,
                   help="who gets odd chips (default: first seat left of the button)")
    add_game_arguments(p)
    json_option(p, "print JSON")
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
    g = game_of(args)
    bets = _ints(args.bets, "--bets")
    if args.board is not None:
        with flag("--board"):
            for part in args.board.split("|"):      # two boards: '|' between them
                cards(part)
    given: list[str | None] = []
    for h in args.hand:
        if h.strip().lower() in ("none", "-", ""):
            given.append(None)
        else:
            with flag(f"--hand {h!r}"):
                cards(h)
            given.append(h)
    folded_seats = set(_ints(args.folded, "--folded"))
    bad = sorted(s for s in folded_seats if not 0 <= s < len(bets))
    if bad:
        raise _UsageError(f"--folded: no seat {bad[0]} at a table of {len(bets)}")
    if not 0 <= args.button < len(bets):
        raise _UsageError(f"--button: no seat {args.button} at a table of {len(bets)} "
                          "(seats count from 0)")
    live = [s for s in range(len(bets)) if s not in folded_seats]
    if len(given) == len(bets):
        hands = given
    elif len(given) == len(live):
        # One hand per seat still in: the folded seats show no cards.
        it = iter(given)
        hands = [None if s in folded_seats else next(it) for s in range(len(bets))]
    else:
        raise _UsageError(f"--hand: got {len(given)} for {len(bets)} seats (--bets)"
                          + (f", {len(folded_seats)} of them folded (--folded)"
                             if folded_seats else "")
                          + ": give one per seat, 'none' for a seat that folded"
                          + (f", or one per seat still in ({len(live)})" if folded_seats
                             else ""))
    # A seat shown without cards ("none") has folded: only live seats need a hand.
    folded = [s in folded_seats or hands[s] is None for s in range(len(bets))]
    s = settle(args.board, hands, bets, folded=folded, button=args.button, odd_chip=args.odd_chip,
               game=g)
    if args.json:
        print(json.dumps({"payouts": s.payouts,
                          "pots": [_pot(p) for p in s.pots]}, ensure_ascii=False))
    else:
        print(s)
    return 0


def _pot(pot: Any) -> dict[str, Any]:
    """A pot as JSON: its fields, the parts (``halves``) only in a game of parts."""
    out = dataclasses.asdict(pot)
    if not out["halves"]:
        del out["halves"]
    for key in ("high", "low"):        # the hi-lo halves as before (no part name)
        if out.get(key):
            out[key].pop("name", None)
    return out
