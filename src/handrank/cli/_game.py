"""``--game`` on the command line: a game name with every rule option it takes.

Two spellings, which may be mixed (a flag overrides the same option in the
spec):

- ``--game 27-triple --draws 3``, ``--game fechado --players 6 --mao``,
  ``--game stripped --lowest 6``, ``--game shortdeck --trips-beat-straight``;
- ``--game 27-triple:draws=3``, ``--game fechado:players=6,mao=true``, the
  form ``handrank games`` shows for each game's options.

:func:`game_of` makes the :class:`~handrank.Game`; an unknown name or option
is a :class:`~handrank.cli._common.CliError` naming ``--game`` and pointing to
``handrank games``.
"""

from __future__ import annotations

import argparse
import difflib
from typing import Any

from ..core._validate import quote
from ..games import game, games
from ..games.base import Game
from ..games.registry import _ENTRIES
from ._common import CliError, positive_int

__all__ = ["add_game_arguments", "game_of", "option_names", "spelling"]

# The command-line flag of each rule option, and how its value is read.
_FLAGS: dict[str, tuple[str, str]] = {
    "draws": ("--draws", "int"),
    "players": ("--players", "int"),
    "mao": ("--mao", "bool"),
    "lowest": ("--lowest", "str"),
    "trips_beat_straight": ("--trips-beat-straight", "bool"),
    "kickers": ("--no-kickers", "bool"),
}


def option_names(name: str) -> tuple[str, ...]:
    """The rule options game `name` takes (``()`` for none or an unknown name)."""
    entry = _ENTRIES.get(name)
    return tuple(entry[0]) if entry else ()


def spelling(name: str) -> str:
    """The ``--game`` spelling with every option of `name` at its example value.

    >>> spelling("27-triple")
    '27-triple:draws=3'
    >>> spelling("holdem")
    'holdem'
    """
    examples = {"draws": "3", "players": "6", "mao": "true", "lowest": "6",
                "trips_beat_straight": "true", "kickers": "false"}
    opts = list(option_names(name))
    if not opts:
        return name
    # the longest prefix of the options that makes a game (not every pair has tables)
    while len(opts) > 1:
        try:
            game(name, **{o: _value(o, examples.get(o, "")) for o in opts})
            break
        except (ValueError, TypeError, CliError):
            opts.pop()
    return name + ":" + ",".join(f"{o}={examples.get(o, '...')}" for o in opts)


def add_game_arguments(p: argparse.ArgumentParser, default: str = "holdem",
                       players_flag: bool = True) -> None:
    """``--game`` and the flags of every rule option (``--draws``, ``--players`` ...).

    `players_flag` False leaves ``--players`` to a command that has its own;
    ``--game fechado:players=6`` still works there.
    """
    p.add_argument("--game", default=default, metavar="GAME",
                   help="the game, with options as name:key=value,... "
                        "(see `handrank games`; default %(default)s)")
    g = p.add_argument_group("game options (also --game NAME:key=value)")
    g.add_argument("--draws", type=positive_int, dest="game_draws", default=None,
                   help="27-triple, a5-triple, badugi: exchanges to come (1 to 3)")
    if players_flag:
        g.add_argument("--players", type=positive_int, dest="game_players", default=None,
                       metavar="N", help="fechado: players at the table (2 to 8)")
    g.add_argument("--mao", action="store_true", dest="game_mao", default=None,
                   help="fechado: the player who may exchange four cards")
    g.add_argument("--lowest", dest="game_lowest", default=None, metavar="RANK",
                   help="stripped: the lowest rank in the deck (3 to 7)")
    g.add_argument("--trips-beat-straight", action="store_true",
                   dest="game_trips_beat_straight", default=None,
                   help="shortdeck: three of a kind beats a straight")
    g.add_argument("--no-kickers", action="store_false", dest="game_kickers", default=None,
                   help="shortdeck, stripped: ignore kickers")


def _value(key: str, text: str) -> Any:
    kind = _FLAGS.get(key, ("", "str"))[1]
    t = text.strip()
    if kind == "int":
        try:
            return int(t)
        except ValueError:
            raise CliError(f"--game: {key} takes a whole number, got {t!r}") from None
    if kind == "bool":
        low = t.lower()
        if low in ("true", "yes", "1", "on"):
            return True
        if low in ("false", "no", "0", "off"):
            return False
        raise CliError(f"--game: {key} takes true or false, got {t!r}")
    return t


def parse_spec(spec: str) -> tuple[str, dict[str, Any]]:
    """``"27-triple:draws=3"`` -> ``("27-triple", {"draws": 3})``."""
    name, _, rest = spec.strip().partition(":")
    name = name.strip()
    options: dict[str, Any] = {}
    for part in filter(None, (p.strip() for p in rest.split(","))):
        key, eq, value = part.partition("=")
        key = key.strip().replace("-", "_")
        if not eq:
            example = spelling(name) if option_names(name) else "27-triple:draws=3"
            raise CliError(f"--game: expected key=value after {name!r}:, got {part!r} "
                           f"(e.g. {example})")
        options[key] = _value(key, value)
    return name, options


def game_of(args: argparse.Namespace) -> Game:
    """The :class:`Game` that ``--game`` and the option flags name."""
    name, options = parse_spec(getattr(args, "game", None) or "holdem")
    for key in _FLAGS:
        value = getattr(args, f"game_{key}", None)
        if value is not None:
            options[key] = value
    if name not in _ENTRIES:
        close = difflib.get_close_matches(name, list(games()), n=2, cutoff=0.6)
        hint = f"; did you mean {' or '.join(repr(n) for n in close)}?" if close else ""
        raise CliError(f"--game: unknown game {quote(name)}; `handrank games` lists the "
                       f"{len(_ENTRIES)} games{hint}")
    allowed = option_names(name)
    for key in options:
        if key not in allowed:
            flag = _FLAGS.get(key, (key, ""))[0]
            takes = ("takes " + ", ".join(_FLAGS.get(o, (o, ""))[0] for o in allowed)
                     if allowed else "takes no options")
            raise CliError(f"{flag}: game {name!r} has no option {key!r}; it {takes}")
    try:
        return game(name, **options)
    except (ValueError, TypeError) as exc:
        raise CliError(f"--game: {exc}") from None
