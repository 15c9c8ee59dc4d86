"""The games by name: :func:`game` makes one, :func:`games` lists them.

A new game is one entry in ``_ENTRIES`` (and its tables in tables/): the
operations read only the :class:`Game` fields.
"""

from __future__ import annotations

import dataclasses
import difflib
import functools
from collections.abc import Callable
from typing import Any

import numpy as np

from ..core import _backend, _compat
from ..core._tables import GameTables
from ..core._validate import quote
from ..core.cards import RANKS
from ..core.errors import UnsupportedGameError, unsupported
from .base import Game

__all__ = ["any_size_name", "best_five_game", "beyond_best_five", "game", "games", "high_tables",
           "legacy_game", "legacy_games", "plain", "plain_name", "plain_names", "register",
           "resolve", "sized_name", "unknown_game", "variant_game"]

_STRIPPED_LOWEST = "34567"
_EIGHT_LOW = ("a5", 8)
#: The tables of each low rule (rule, qualifier): the low halves of the games here
#: and :func:`handrank.lowball`.
LOW_TABLES = {("a5", None): "low_a5", ("a5", 8): "low_a5_8", ("27", None): "low_27"}


def _named(table: str, label: str) -> GameTables:
    base = _backend.GAMES.get(table)
    if base is None:
        raise RuntimeError(f"internal error: no generated tables named {table!r}")
    # The same arrays (and C pointer) under the user-facing name, which the
    # card errors quote.
    return dataclasses.replace(base, name=label)


@functools.cache
def high_tables(name: str, tbs: bool = False, kickers: bool = True,
                lowest: str = "") -> tuple[GameTables, tuple[tuple[str, Any], ...]]:
    """The high-hand tables and options of "holdem", "shortdeck" or "stripped"."""
    nk = "" if kickers else "_nk"
    opts: tuple[tuple[str, Any], ...]
    if name == "holdem":
        table, label, opts = "holdem", "holdem", ()
    elif name == "shortdeck":
        if tbs and not kickers:
            raise ValueError("shortdeck has no tables for trips_beat_straight=True "
                             "with kickers=False")
        table = "shortdeck" + ("_tbs" if tbs else nk)
        label = "shortdeck"
        opts = (("trips_beat_straight", tbs), ("kickers", kickers))
    else:
        table = ("shortdeck" if lowest == "6" else f"stripped{lowest}") + nk
        label = f"{4 * (13 - RANKS.index(lowest))}-card"
        opts = (("lowest", lowest), ("kickers", kickers))
    return _named(table, label), opts


def _low(rule: tuple[str, int | None]) -> GameTables:
    name = rule[0] if rule[1] is None else f"{rule[0]}/{rule[1]}"
    return _named(LOW_TABLES[rule], name)


def _bool(options: dict[str, Any], key: str, default: bool) -> bool:
    v = options.get(key, default)
    if not isinstance(v, (bool, np.bool_)):
        raise TypeError(f"{key} must be True or False, got {quote(v)}")
    return bool(v)


def _deck(t: GameTables) -> tuple[int, ...]:
    return tuple(c for c in range(52) if t.in_deck[c])


def _holdem_like(name: str, summary: str) -> Callable[[dict[str, Any]], Game]:
    def make(options: dict[str, Any]) -> Game:
        tbs = _bool(options, "trips_beat_straight", False)
        kickers = _bool(options, "kickers", True)
        lowest = ""
        if name == "stripped":
            lowest = options.get("lowest", "7")
            if isinstance(lowest, int) and not isinstance(lowest, bool) and 3 <= lowest <= 7:
                lowest = str(lowest)
            if not isinstance(lowest, str) or len(lowest) != 1 or lowest not in _STRIPPED_LOWEST:
                raise ValueError(f"lowest must be a rank from '3' to '7', got {quote(lowest)}")
        t, opts = high_tables(name, tbs, kickers, lowest)
        return Game(name, _deck(t), 2, 5, ("high",), "any", (t,), None, opts, summary)
    return make


def _fixed(name: str, hole: int, hand: str, split: bool, summary: str
           ) -> Callable[[dict[str, Any]], Game]:
    def make(options: dict[str, Any]) -> Game:
        t, _ = high_tables("holdem")
        if split:
            return Game(name, _deck(t), hole, 5, ("high", "low"), hand, (t, _low(_EIGHT_LOW)),
                        _EIGHT_LOW, (), summary)
        return Game(name, _deck(t), hole, 5, ("high",), hand, (t,), None, (), summary)
    return make


_STUD_UP = (2, 3, 4, 5)          # third to sixth street's up-cards (0-based deal order)


def _stud(name: str, summary: str) -> Callable[[dict[str, Any]], Game]:
    def make(options: dict[str, Any]) -> Game:
        t, _ = high_tables("holdem")
        deck = _deck(t)
        halves: tuple[str, ...]
        tabs: tuple[GameTables, ...]
        rule: tuple[str, int | None] | None
        if name == "stud":
            halves, tabs, rule = ("high",), (t,), None
        elif name == "razz":
            rule = ("a5", None)
            halves, tabs = ("low",), (_low(rule),)
        else:
            halves, tabs, rule = ("high", "low"), (t, _low(_EIGHT_LOW)), _EIGHT_LOW
        return Game(name, deck, 7, 0, halves, "any", tabs, rule, (), summary,
                    up_cards=_STUD_UP, hand_sizes=(5, 6, 7))
    return make


def _players(options: dict[str, Any]) -> int:
    n = options.get("players", 4)
    if isinstance(n, bool) or not isinstance(n, (int, np.integer)):
        raise TypeError(f"players must be an int, got {quote(n)}")
    if not 2 <= n <= 8:
        raise ValueError(f"fechado is for 2 to 8 players, got {quote(n)}")
    return int(n)


def _draw(name: str, exchanges: int, summary: str) -> Callable[[dict[str, Any]], Game]:
    def make(options: dict[str, Any]) -> Game:
        hand, size, limit = "any", 5, 5
        halves: tuple[str, ...]
        tabs: tuple[GameTables, ...]
        opts: tuple[tuple[str, Any], ...] = ()
        rule: tuple[str, int | None] | None = None
        if name == "draw":
            t, _ = high_tables("holdem")
            halves, tabs = ("high",), (t,)
        elif name == "fechado":
            players = _players(options)
            # 32 cards (7 to A) up to four players, one rank more per extra player
            lowest = RANKS[max(5 - max(players - 4, 0), 1)]
            t, _ = high_tables("stripped", False, True, lowest)
            mao = _bool(options, "mao", False)
            # each player exchanges up to three cards, the mao (the player to
            # the dealer's right) up to four
            halves, tabs, limit = ("high",), (t,), 4 if mao else 3
            opts = (("players", players), ("mao", mao))
        elif name == "badugi":
            t, _ = high_tables("holdem")
            halves, tabs, hand, size, limit = ("low",), (), "badugi", 4, 4
        else:
            rule = ("27", None) if name.startswith("27") else ("a5", None)
            t = _low(rule)
            halves, tabs = ("low",), (t,)
        if exchanges > 1:
            # draws=: the exchanges to come (issue 18; 1, the default, adds no option)
            draws = options.get("draws", 1)
            if isinstance(draws, bool) or not isinstance(draws, (int, np.integer)):
                raise TypeError(f"draws must be an int, got {quote(draws)}")
            if not 1 <= draws <= exchanges:
                raise ValueError(f"{name} has 1 to {exchanges} exchanges to come, "
                                 f"got draws={quote(draws)}")
            opts = (("draws", int(draws)),) if draws != 1 else ()
        return Game(name, _deck(t), size, 0, halves, hand, tabs, rule, opts, summary,
                    exchanges=exchanges, hand_sizes=(size,), max_discard=limit)
    return make


# name -> (options it takes, maker)
_ENTRIES: dict[str, tuple[tuple[str, ...], Callable[[dict[str, Any]], Game]]] = {
    "holdem": ((), _holdem_like("holdem", "Texas hold'em: 2 hole cards, 5 board, best five")),
    "shortdeck": (("trips_beat_straight", "kickers"), _holdem_like(
        "shortdeck", "short-deck hold'em: 36 cards (6 to A), a flush beats a full house")),
    "stripped": (("lowest", "kickers"), _holdem_like(
        "stripped", "stripped-deck hold'em: lowest= rank to A (default 7: 32 cards)")),
    "omaha": ((), _fixed("omaha", 4, "omaha", False,
                         "Omaha: 4 hole cards, exactly 2 of them with 3 of the board")),
    "omaha5": ((), _fixed("omaha5", 5, "omaha", False,
                          "five-card Omaha: 5 hole cards, exactly 2 with 3 of the board")),
    "omaha6": ((), _fixed("omaha6", 6, "omaha", False,
                          "six-card Omaha: 6 hole cards, exactly 2 with 3 of the board")),
    "omaha-hilo": ((), _fixed("omaha-hilo", 4, "omaha", True,
                              "Omaha hi-lo: Omaha, the pot split with an eight-or-better low")),
    "omaha5-hilo": ((), _fixed("omaha5-hilo", 5, "omaha", True,
                               "five-card Omaha hi-lo, eight-or-better low")),
    "holdem-hilo": ((), _fixed("holdem-hilo", 2, "any", True,
                               "hold'em hi-lo: best five high and eight-or-better low")),
    "stud": ((), _stud("stud", "seven-card stud: 7 cards each, no board, best five high")),
    "stud-hilo": ((), _stud("stud-hilo",
                            "seven-card stud hi-lo: best five high and eight-or-better low")),
    "razz": ((), _stud("razz", "razz: seven-card stud for the best ace-to-five low")),
    "draw": ((), _draw("draw", 1, "five-card draw: five cards, one exchange, high")),
    "fechado": (("players", "mao"), _draw(
        "fechado", 1, "poker fechado: five-card draw, 32 cards for up to 4 players and one "
        "rank more per extra player (players=), flush beats full house")),
    "27-draw": ((), _draw("27-draw", 1, "deuce-to-seven single draw: five cards, one "
                                        "exchange, deuce-to-seven low")),
    "27-triple": (("draws",), _draw("27-triple", 3, "deuce-to-seven triple draw: five cards, "
                                                    "three exchanges, deuce-to-seven low")),
    "a5-triple": (("draws",), _draw("a5-triple", 3, "ace-to-five triple draw: five cards, "
                                                    "three exchanges, ace-to-five low")),
    "badugi": (("draws",), _draw("badugi", 3, "badugi: four cards, three exchanges, the best "
                                              "set of different ranks and suits")),
}


# The Game of each name with its default options, made on first use (with the
# backend's tables it was made from: a switched backend makes it again).
_DEFAULTS: dict[str, tuple[Any, Game]] = {}


def register(name: str, options: tuple[str, ...], make: Callable[[dict[str, Any]], Game]
             ) -> None:
    """Add a game made in its own module (games/double.py, ...) to the one registry."""
    if name in _ENTRIES:
        raise RuntimeError(f"internal error: game {name!r} registered twice")
    _ENTRIES[name] = (options, make)


def game(name: str = "holdem", **options: Any) -> Game:
    """Return the game called `name` with the given rule options.

    Parameters
    ----------
    name : str
        One of :func:`games`: "holdem", "shortdeck", "stripped", "omaha",
        "omaha5", "omaha6", "omaha-hilo", "omaha5-hilo", "holdem-hilo", "stud",
        "stud-hilo", "razz", "draw", "fechado", "27-draw", "27-triple",
        "a5-triple", "badugi", "double-holdem", "double-omaha", "double-omaha5",
        "badeucy", "badacey", "courchevel", "courchevel-hilo".
    **options
        ``shortdeck``: ``trips_beat_straight``, ``kickers``; ``stripped``:
        ``lowest`` (a rank "3" .. "7", default "7"), ``kickers``; ``fechado``:
        ``players`` (2..8, default 4), ``mao`` (True: the player who may
        exchange four cards).

    Returns
    -------
    Game

    Raises
    ------
    ValueError
        An unknown name or an option value out of range.
    TypeError
        An option the game does not take, or of the wrong type.

    Examples
    --------
    >>> g = game("omaha-hilo")
    >>> g.hole_cards, g.board_cards, g.halves, len(g.deck)
    (4, 5, ('high', 'low'), 52)
    >>> len(game("stripped").deck), len(game("stripped", lowest="6").deck)
    (32, 36)
    >>> len(game("fechado", players=6).deck)
    40
    """
    entry = _ENTRIES.get(name) if isinstance(name, str) else None
    if entry is None:
        raise unknown_game(name)
    allowed, make = entry
    if not options:
        # a Game is immutable: each name's default is made once (every
        # operation resolves its game= name here), again if the tables change
        made = _DEFAULTS.get(name)
        if made is None or made[0] is not _backend.GAMES:
            made = _DEFAULTS[name] = (_backend.GAMES, make({}))
        return made[1]
    for key in options:
        if key not in allowed:
            expected = " or ".join(repr(a) for a in allowed) if allowed else "no options"
            raise TypeError(f"game {name!r} has no option {quote(key)}, expected {expected}")
    return make(options)


_FIRST = ("holdem", "omaha")       # named first: the games most asked for


def unknown_game(name: Any) -> ValueError:
    """The one error every operation raises for a game name it does not know."""
    # The list itself is too long for a message (handrank.games() has it);
    # a near miss of a known name is named instead.
    close = difflib.get_close_matches(name, list(_ENTRIES), n=2, cutoff=0.6) \
        if isinstance(name, str) and len(name) <= 40 else []
    hint = f"; did you mean {' or '.join(repr(n) for n in close)}?" if close else ""
    return ValueError(f"unknown game {quote(name)}, expected 'holdem' or 'omaha' or another "
                      f"of the {len(_ENTRIES)} games of handrank.games(){hint}")


def games() -> dict[str, str]:
    """Every game name with a one-line summary.

    >>> list(games())[:3]
    ['holdem', 'shortdeck', 'stripped']
    """
    return {name: game(name).summary for name in _ENTRIES}


def resolve(g: Any) -> Game:
    """A :class:`Game` from a Game or a name (default options)."""
    if isinstance(g, Game):
        return g
    if isinstance(g, str):
        return game(g)
    raise TypeError(f"game must be a game name or a Game, got {type(g).__name__}")


def _is_plain(g: Game) -> bool:
    """Hold'em as the operations' fast paths run it: 52 cards, two hole cards and five
    on the board, the best five of them, one high half on the standard tables."""
    return (g.hand == "any" and g.halves == ("high",) and g.hole_cards == 2
            and g.board_cards == 5 and not g.hand_sizes and len(g.deck) == 52
            and g.tables[0].values is _backend.GAMES["holdem"].values)


@functools.cache
def plain_names() -> frozenset[str]:
    """The ``game=`` names (with default options) of plain hold'em (:func:`_is_plain`).

    The operations look a name up here for their fast paths and the old
    spellings (``variant=`` with the default game), instead of testing it.
    """
    return frozenset(name for name, (_, make) in _ENTRIES.items() if _is_plain(make({})))


#: The names each old entry point took before every operation took every game:
#: ``handrank.equity.equity``, ``handrank.showdown.settle``,
#: ``handrank.showdown.explain`` (whose "a5" and "27" are low rules, not games).
_LEGACY = {"equity": ("holdem", "omaha", "omaha-hilo"),
           "settle": ("holdem", "holdem-hilo", "omaha-hilo"),
           "explain": ("holdem",)}


@functools.cache
def legacy_games(entry: str) -> dict[str, Game]:
    """The games an old entry point (``"equity"``, ``"settle"``, ``"explain"``) took, by name.

    Its accepted ``game=`` values map to their :class:`Game`; the entry point
    reads what to do from the Game, and its unknown-game error from
    :func:`legacy_names`.
    """
    return {name: game(name) for name in _LEGACY[entry]}


def legacy_game(entry: str, name: Any) -> Game | None:
    """The Game an old entry point (``"equity"``, ``"settle"``, ``"explain"``) runs for
    its ``game=`` value: None for a value it does not take (it names its own error)."""
    return legacy_games(entry).get(name) if isinstance(name, str) else None


def plain(game: Any) -> bool:
    """Whether `game` (a name or a :class:`Game`) is hold'em as its own kernels rank it
    (:attr:`Game.holdem_ranked`)."""
    if isinstance(game, Game):
        return game.holdem_ranked
    return plain_name(game)


def plain_name(game: Any) -> bool:
    """Whether `game` is a name (not a :class:`Game`) of plain hold'em
    (:func:`plain_names`): the old ``variant=`` spelling goes with such a name.
    The one place outside :func:`resolve` that tells a name from a Game."""
    return isinstance(game, str) and game in plain_names()


def legacy_names(entry: str) -> tuple[str, ...]:
    """The names of :func:`legacy_games`, in the order the old errors list them."""
    return _LEGACY[entry]


# The names that took Omaha hands of 4 to 6 cards before each game dealt its own count.
_ANY_OMAHA_SIZE = {"omaha": "omaha{}", "omaha-hilo": "omaha{}-hilo"}


def any_size_name(name: Any) -> bool:
    """Whether `name` is an old name that took Omaha hands of 4 to 6 cards
    (``"omaha"``, ``"omaha-hilo"``): another size warns and runs (:func:`sized_name`)."""
    return isinstance(name, str) and name in _ANY_OMAHA_SIZE


def variant_game(t: GameTables) -> Game:
    """The Game of the old ``variant=``: hold'em dealt and ranked with the tables `t`."""
    return Game(t.name, _deck(t), 2, 5, ("high",), "any", (t,))


def sized_name(name: str, n: int) -> str | None:
    """The game of `n` hole cards that an old name (``"omaha"``, ``"omaha-hilo"``) meant
    when it took hands of 4 to 6 cards; None for another name or size."""
    if name not in _ANY_OMAHA_SIZE or n not in (4, 5, 6):
        return None
    return _ANY_OMAHA_SIZE[name].format("" if n == 4 else n)


def beyond_best_five(game: Any, variant: Any, operation: str = "this operation",
                     parts: bool = False) -> Game | None:
    """The Game of a game with a board not ranked by the best five with one high half.

    None for those (hold'em, short deck, stripped: the operations' own
    paths), for ``variant=`` (the old spelling) and for a game without a
    board (then :func:`best_five_game` says what the operation takes).  A
    game of parts with a board (two boards) is returned when the operation
    takes them (`parts`), else raises UnsupportedGameError naming `operation`.
    """
    if variant is not None:
        return None
    g = resolve(game)
    if g.parts and g.board_cards == 0:
        return None
    if g.parts and parts:
        return g
    if g.parts:
        raise unsupported(operation, g, f"a game whose pot is cut into parts "
                          f"({', '.join(g.halves)}) takes hr.evaluate, hr.equity, hr.settle, "
                          "hr.explain and hr.showdown_batch")
    if g.board_cards == 0 or (g.halves == ("high",) and g.hand == "any"):
        return None
    return g


def best_five_game(game: Any, variant: Any, operation: str) -> Any:
    """The `variant=` to run `operation` with, for a game ranked by one high half of five.

    `game` is "holdem" (then `variant` is used as given) or another game name
    or :class:`Game`; a game with a low half, with Omaha's hand rule or
    without a board raises ValueError naming the operation and the game.
    """
    if variant is not None:
        _compat.warn_variant(3)
    if plain_name(game):
        return variant
    g = resolve(game)
    if variant is not None:
        raise ValueError(f"variant= does not apply with game={g.name!r}; "
                         "pass the game's options to hr.game()")
    if g.halves != ("high",) or g.hand != "any" or g.board_cards == 0:
        raise UnsupportedGameError(
            f"{operation} does not support game {g.name!r} yet: it takes games ranked by the "
            "best five cards with one high half (holdem, shortdeck, stripped)")
    return g
