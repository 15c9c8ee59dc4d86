"""``handrank stats``: the tracker statistics of a hand database (the ``db`` extra)."""

from __future__ import annotations

import argparse
import json
import os
from decimal import Decimal
from typing import Any

from ._common import add_command, fail, json_option

__all__ = ["add_parser", "run"]


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Register the ``stats`` subcommand on an argparse subparsers object."""
    p = add_command(
        subparsers, "stats",
        help="tracker statistics (VPIP, PFR ...) of a hand database",
        description="Per-player statistics of a DuckDB hand database written by "
                    "handrank.history.to_duckdb: hands, net, bb/100 and the HUD "
                    "percentages (each count and its opportunities with --json), "
                    "a row per player and unit: amounts in different currencies "
                    "(or chips) are never added. "
                    "Needs the db extra (pip install 'handrank[db]').",
        examples=["handrank stats hands.duckdb",
                  "handrank stats hands.duckdb --player Pluribus --by-position",
                  "handrank stats hands.duckdb --json"])
    p.add_argument("database", help="a DuckDB file written by handrank.history.to_duckdb "
                   "(or a Parquet folder written by to_parquet)")
    p.add_argument("--player", help="only this player")
    p.add_argument("--by-position", action="store_true", help="one row per position")
    json_option(p, "print JSON")
    p.set_defaults(func=run)
    return p


def _plain(v: Any) -> Any:
    return str(v) if isinstance(v, Decimal) else v


def run(args: argparse.Namespace) -> int:
    """Print the statistics table (or JSON)."""
    if not os.path.exists(args.database):
        return fail(f"no database file {args.database!r}")
    try:
        from ..history.store import player_stats
        table = player_stats(args.database, player=args.player,
                             by_position=args.by_position)
    except ImportError:
        return fail("stats needs duckdb (pip install 'handrank[db]')")
    except Exception as e:  # noqa: BLE001  a file that is not a hand database
        return fail(f"cannot read {args.database!r} as a hand database: "
                    f"{type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''}")
    if args.json:
        print(json.dumps([{k: _plain(v) for k, v in r.items()} for r in table.rows]))
    elif not table.rows:
        print("no hands" + (f" for player {args.player!r}" if args.player else ""))
    else:
        print(table)
        print(_units_note(table.units))
    return 0


def _units_note(units: list[str]) -> str:
    """The line under the table that says what net is counted in."""
    if len(units) == 1:
        return f"net in {units[0]} (the records' unit); bb/100: big blinds won per 100 hands"
    return (f"net in each row's unit ({', '.join(units) or 'unknown'}), never added "
            "across units; bb/100: big blinds won per 100 hands of that unit")
