"""The public operations, generic over games: each asks the :class:`Game`.

``handrank.evaluate``, ``evaluate_batch``, ``describe``, ``category``,
``best_five``, ``explain``, ``equity``, ``settle`` and ``showdown_batch`` are
these functions.  Each takes ``game=`` (a name or a :class:`Game`) and reads
only what the game says: which cards form a hand (``Game.rule``, the rule
objects of :mod:`handrank.games.rules`), which
halves are paid (``Game.halves``) and the tables of each.  A call in one of
the spellings that worked before (``variant=``, the old ``game=`` strings)
runs the code it always ran, so hold'em results, errors and messages do not
change; the hold'em-like paths below the games (evaluate.py, omaha.py,
hilo.py, equity.py, showdown.py) are the engines these dispatch to.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import replace
from typing import Any, Literal, Union, cast, overload

import numpy as np
from numpy.typing import NDArray

from .core import _compat, _progress, _validate, kernels
from .core._run import check_progress
from .core._typing import CardArrayLike, CardsLike, FloatArray, IntArray, StrengthArray
from .core.cards import cards as _cards
from .core.errors import InvalidHandError, no_board
from .equity import boardless as _boardless
from .equity import equity as _old_equity
from .equity import hilo as _hilo_equity
from .equity import holdem_hilo as _holdem_hilo_equity
from .equity import omaha as _omaha_equity
from .equity import parts as _parts_equity
from .equity.holdem import EquityResult, _hand_labels
from .equity.holdem import equity as _holdem_equity
from .games import Game, resolve
from .games import game as _make_game
from .games import games as _games
from .games import parts as _parts
from .games.base import VariantLike
from .games.hands import low
from .games.holdem import Category, game_tables
from .games.holdem import best_five as _best_five
from .games.holdem import category as _category
from .games.holdem import describe as _describe
from .games.holdem import evaluate as _evaluate1
from .games.holdem import evaluate_batch as _evaluate_batch
from .games.registry import (
    _ENTRIES,
    any_size_name,
    legacy_game,
    plain_name,
    sized_name,
    unknown_game,
    variant_game,
)
from .ranges.holdem import PlayerLike
from .ranges.omaha import MAX_HANDS, OmahaRange
from .showdown import parts as _parts_showdown
from .showdown import pots as _showdown
from .showdown.pots import Settlement

# The game= values (registry names and their Games) whose one hand takes
# hold'em's C fast path: chosen by the Games' rules and tables
# (Game.holdem_ranked), not by name.
_ONE_HAND_GAMES: frozenset[Any] = frozenset(
    key for name in _ENTRIES if _make_game(name).holdem_ranked
    for key in (name, _make_game(name)))

__all__ = ["best_five", "category", "describe", "equity", "evaluate", "evaluate_batch",
           "explain", "settle", "showdown_batch"]


# explain's low-hand rules (handrank.showdown.explain's "a5" and "27"), not games
_LOW_RULES = ("a5", "27")


def _door(game: Any, variant: Any, unknown: bool = False) -> tuple[Game, bool]:
    """The door of every operation: the :class:`Game` it runs, and whether its name is old.

    A name resolves here, once, to its Game (:func:`handrank.game`: each
    name's default Game is made once); past the door an operation asks only
    the Game.  ``variant=`` (deprecated, warns) makes hold'em with the
    variant's tables.  The flag is True for a name that took Omaha hands of
    4 to 6 cards before each game dealt its own count (``"omaha"``,
    ``"omaha-hilo"``): an old spelling, whose other sizes are still accepted
    in every operation, with a DeprecationWarning naming the game of that
    size (:func:`_hole_count`, core/_compat.py).  The Game itself deals its
    own count only.
    `unknown`: a value that is neither a name nor a Game is an unknown game
    (ValueError, as settle, equity and explain always said), not a TypeError.
    """
    if variant is not None:
        _compat.warn_variant(3)
        if not plain_name(game):
            name = game.name if isinstance(game, Game) else game
            raise ValueError(f"variant= does not apply with game={name!r}; "
                             "pass the game's options to hr.game()")
        return variant_game(game_tables(variant)), False
    if isinstance(game, Game):
        return game, False
    if unknown and not isinstance(game, str):
        raise unknown_game(game)
    return resolve(game), any_size_name(game)


def _own_tables(g: Game) -> Game | None:
    """The `variant` an engine of the best five takes for `g`: None (the engine's own
    hold'em tables and fast paths) for a game hold'em's kernels rank unchanged."""
    return None if g.holdem_ranked else g


def _old_entry(entry: str, game: Any, variant: Any, hands: Any) -> bool:
    """Whether ``variant=`` (deprecated) comes with a name its old entry point took with
    it (``game="omaha", variant="shortdeck"``: short-deck Omaha), which then runs there.

    The hands are checked first, as the game's name says (:func:`_players_hole`).
    """
    if variant is None:
        return False
    old = legacy_game(entry, game)
    if old is None:
        return False
    _players_hole(old, hands, any_size_name(game))
    _compat.warn_variant(3)
    return True


def _holdem_fast(game: Any, variant: Any) -> bool:
    """Whether `game` (a name or a Game) is ranked by hold'em's own kernels and no
    ``variant=`` is given: the operations' fast paths, asked before the door."""
    if variant is not None:
        return False
    if isinstance(game, Game):
        return game.holdem_ranked
    try:
        return game in _ONE_HAND_GAMES
    except TypeError:              # unhashable: the door says what is wrong
        return False


_low = low




def _hole_count(g: Game, n: int, what: str = "the hole cards", legacy: bool = False) -> None:
    """A game whose hand takes hole cards by rule (Omaha) deals exactly its own count.

    `legacy`: the game was named by a string that took 4 to 6 hole cards
    before; then another size is accepted, as before, and warns
    (DeprecationWarning naming the game of that size) where that game exists.
    """
    need = g.rule.hole_count(g)
    if need is not None and n != need:
        new = sized_name(g.name, n) if legacy else None
        if new is not None:
            if new in _ENTRIES:             # six-card Omaha hi-lo has no other name yet
                _compat.warn_hand_size(g.name, n, new, 4)
            return
        raise InvalidHandError(f"expected {need} cards in {what}, got {n}: "
                               f"{g.name} deals every hand the same number of cards, "
                               f"{need}")


def _hole_rows(g: Game, a: Any, legacy: bool = False) -> None:
    x = np.asarray(a)
    if g.rule.hole_count(g) is not None and x.ndim >= 2:
        _hole_count(g, int(x.shape[-1]), "each row of hole cards", legacy)


def _players_hole(g: Game, players: Any, legacy: bool = False) -> None:
    """Each exact hand (and Omaha range) of `players` has the game's hole-card count."""
    if g.rule.hole_count(g) is None or isinstance(players, (str, bytes)) \
            or not hasattr(players, "__iter__"):
        return
    for i, p in enumerate(players):
        if p is None or (isinstance(p, str) and p.strip().lower() in ("random", "*")):
            continue
        if _omaha_equity._is_range(p):
            size = getattr(p, "size", None)
            if size is None:
                try:
                    size = OmahaRange(p).size
                except (ValueError, TypeError):
                    continue                    # the driver names the error
            _hole_count(g, int(size), f"player {i + 1}'s hands", legacy)
            continue
        try:
            n = len(_cards(p))
        except (ValueError, TypeError):
            continue
        if n in (4, 5, 6) or not legacy:
            _hole_count(g, n, f"player {i + 1}'s hand", legacy)


def _need_board(g: Game, board: Any, what: str = "board=") -> None:
    if board is None:
        raise ValueError(f"game {g.name!r} forms a hand from hole and board cards: "
                         f"{what} is required")


# ---------------------------------------------------------------- evaluation

# The names whose strengths are one number (typing only: the code asks the Game).
OneHalf = Literal["holdem", "shortdeck", "stripped", "omaha", "omaha5", "omaha6"]
TwoHalves = Literal["omaha-hilo", "omaha5-hilo", "holdem-hilo"]
GameLike = Union[str, Game]


@kernels.one_hand_game(_ONE_HAND_GAMES)
def evaluate(cards: CardsLike, *, board: CardsLike | None = None, game: GameLike = "holdem",
             variant: VariantLike = None) -> int:
    """Return the strength of a hand in `game` (hold'em by default).

    Parameters
    ----------
    cards : str, sequence of str or int, or 1-D integer array
        The cards (hold'em-like games: 5 to 7 with `board`); the hole cards
        for the Omaha games.
    board : cards, optional
        The board: added to `cards` in a game of the best five of any cards,
        required in the Omaha games.
    game : str or Game
        A name of :func:`handrank.games` or a :class:`Game`.
    variant : optional
        Deprecated: use ``game=hr.game(...)``.

    Returns
    -------
    int, or (int, int) for a game of two halves
        Higher is stronger in each half; a low of 0 is no qualifying low.
        (Typed ``int``, the one-half case, so that hold'em code type-checks
        as before; for a two-half game ``typing.cast(tuple[int, int], ...)``.)

    Raises
    ------
    InvalidCardError, InvalidHandError
        As :func:`handrank.games.holdem.evaluate`; a card outside the game's deck.
    UnsupportedGameError
        A `board` in a game without one (stud, the draw games).
    ValueError
        An unknown game, or an Omaha game without `board`.

    Examples
    --------
    >>> evaluate("As Ks Qs Js Ts")
    7462
    >>> evaluate("As Ah Kd Qd", board="Ac 7d 2d 9h 3s", game="omaha")   # three aces
    5814
    >>> evaluate("As 2h Kd Qd", board="3c 4d 5h 9h Ks", game="omaha-hilo")   # a wheel
    (5854, 56)
    >>> evaluate("As 2h Kd Qd", game="omaha")
    Traceback (most recent call last):
    ...
    ValueError: game 'omaha' forms a hand from hole and board cards: board= is required
    """
    # One hold'em hand first takes the C fast path that kernels.one_hand_game
    # builds around this general path.
    try:
        fast = board is None and variant is None and game in _ONE_HAND_GAMES
    except TypeError:       # an unhashable game: the general path says what is wrong
        fast = False
    if fast:
        return _evaluate1(cards)
    return cast(int, _evaluate_any(cards, board, *_door(game, variant)))


def _evaluate_any(cards: Any, board: Any, g: Game, legacy: bool = False) -> Any:
    """The strength (or (high, low)) of one hand in `g`."""
    if g.parts:
        return _parts.evaluate_parts(g, cards, board)
    if g.hand_sizes:
        _no_board(g, board, "evaluate")
        ids = _boardless.check_hand(g, cards)
        return g.rule.evaluate(_boardless._ranked(g), ids, None)
    rule = g.rule
    if rule.hole_count(g) is not None:            # hole cards by rule: with a board
        _need_board(g, board)
        _hole_count(g, len(_cards(cards)), legacy=legacy)
    return rule.evaluate(g, cards, board)


def _no_board(g: Game, board: Any, operation: str) -> None:
    if board is not None and (not isinstance(board, str) or board.strip()):
        raise no_board(operation, g, "pass every card of a hand in cards")


def evaluate_batch(a: CardArrayLike, *, boards: CardArrayLike | None = None,
                   game: Any = "holdem", out: StrengthArray | None = None,
                   threads: int | None = None, variant: VariantLike = None) -> StrengthArray:
    """Return the strength of each row in `game`; ``(n, 2)`` for a game of two halves.

    Parameters
    ----------
    a : array_like of int, shape (n, k)
        Card ids: whole hands (hold'em-like games, 5 <= k + board width <= 7)
        or the hole cards (Omaha games, k = 4..6).
    boards : array_like of int, shape (n, 3..5), optional
        Added to `a` in hold'em-like games; required in the Omaha games.
    game : str or Game
        A name of :func:`handrank.games` or a :class:`Game`.
    out : ndarray of uint16, shape (n,) or (n, 2), optional
    threads : int, optional
    variant : optional
        Deprecated: use ``game=hr.game(...)``.

    Returns
    -------
    ndarray of uint16, shape (n,) or (n, 2) (high, low; low 0 = none)

    Examples
    --------
    >>> evaluate_batch([[51, 47, 43, 39, 35]])
    array([7462], dtype=uint16)
    >>> from handrank import cards
    >>> evaluate_batch([cards("As 2h Kd Qd")], boards=[cards("3c 4d 5h 9h Ks")],
    ...                game="omaha-hilo")
    array([[5854,   56]], dtype=uint16)
    """
    if boards is None and _holdem_fast(game, variant):
        return _evaluate_batch(a, out=out, threads=threads)
    a = _validate.no_bools(a, "the hands as card ids")
    boards = _validate.no_bools(boards, "boards as card ids")
    g, legacy = _door(game, variant)
    if g.parts:
        return _parts.evaluate_parts_batch(g, a, boards)
    if g.hand_sizes:
        if boards is not None and np.asarray(boards).size:   # an empty board: as evaluate
            raise no_board("evaluate_batch", g, "boards= does not apply")
        arr0 = _boardless.check_rows(g, a)
        return cast(StrengthArray,
                    g.rule.evaluate_batch(_boardless._ranked(g), arr0, None, out, threads))
    if g.rule.hole_count(g) is not None:          # hole cards by rule: with boards
        _need_board(g, boards, "boards=")
        _hole_rows(g, a, legacy)
    return cast(StrengthArray, g.rule.evaluate_batch(g, a, boards, out, threads))


def describe(strength: Any, *, game: Any = "holdem", variant: VariantLike = None) -> str:
    """A strength in words; for two halves a (high, low) pair.

    Parameters
    ----------
    strength : int or pair
        As :func:`evaluate` returns it in `game`.
    game : str or Game
        The game the strength is of (default ``"holdem"``).
    variant : optional
        Deprecated: pass ``game=hr.game(name, **options)``.

    >>> describe(7462)
    'Royal flush'
    >>> describe(evaluate("Ks Kd Kh 9s 3c", game="holdem-hilo"), game="holdem-hilo")
    'Three of a kind, Kings, with 9-3 kickers; no low'
    """
    if _holdem_fast(game, variant):
        return _describe(strength)
    g, _ = _door(game, variant)
    if g.parts:
        return _parts.describe_parts(g, strength)
    return g.rule.describe(g, strength)


@overload
def category(x: int | np.integer[Any], *, game: OneHalf = ...,
             variant: VariantLike = ...) -> Category: ...
@overload
def category(x: IntArray | Sequence[int], *, game: OneHalf = ...,
             variant: VariantLike = ...) -> NDArray[np.uint8]: ...
@overload
def category(x: Any, *, game: GameLike, variant: VariantLike = ...) -> Any: ...
def category(x: Any, *, game: Any = "holdem", variant: VariantLike = None) -> Any:
    """Category of a strength (array); for two halves, of each half.

    For a pair: (high Category, low Category or None when there is no low);
    for an (n, 2) array: (n, 2) uint8, 0 where there is no low.

    Parameters
    ----------
    x : int, pair or array
        A strength as :func:`evaluate` returns it in `game` (an array of them,
        or a (high, low) pair in a game of two halves).
    game : str or Game
        The game the strength is of (default ``"holdem"``).
    variant : optional
        Deprecated: pass ``game=hr.game(name, **options)``.

    >>> category(7462)
    <Category.STRAIGHT_FLUSH: 9>
    >>> category((5342, 56), game="omaha-hilo")
    (<Category.THREE_OF_A_KIND: 4>, <Category.HIGH_CARD: 1>)
    """
    if _holdem_fast(game, variant):
        return _category(x)
    g, _ = _door(game, variant)
    if g.parts:
        return _parts.category_parts(g, x)
    return g.rule.category(g, x)


@overload
def best_five(cards: CardsLike, *, board: CardsLike | None = ..., game: OneHalf = ...,
              variant: VariantLike = ...) -> list[int]: ...
@overload
def best_five(cards: CardsLike, *, board: CardsLike | None = ..., game: GameLike,
              variant: VariantLike = ...) -> Any: ...
def best_five(cards: CardsLike, *, board: CardsLike | None = None, game: Any = "holdem",
              variant: VariantLike = None) -> Any:
    """The ids of the five cards that make the best hand; (high, low or None) for two halves.

    Parameters
    ----------
    cards : str or sequence of cards
        The hand: 5 to 7 cards in hold'em with no `board`, else the hole cards.
    board : str or sequence of cards, optional
        The board the hole cards play with.
    game : str or Game
        Any game of :func:`handrank.games` with hands of five cards (default
        ``"holdem"``).
    variant : optional
        Deprecated: pass ``game=hr.game(name, **options)``.

    >>> from handrank import cards_str
    >>> cards_str(best_five("As Ah Kd Qd", board="Ac 7d 2d 9h 3s", game="omaha"))
    'As Ah Ac 9h 7d'
    """
    if board is None and _holdem_fast(game, variant):
        return _best_five(cards)
    g, legacy = _door(game, variant)
    if g.parts:
        return _parts.best_five_parts(g, cards, board)
    if g.hand_sizes:
        _no_board(g, board, "best_five")
        return g.rule.best_five(_boardless._ranked(g), _boardless.check_hand(g, cards), None)
    if g.rule.hole_count(g) is None:
        return g.rule.best_five(g, cards, board)
    _need_board(g, board)                         # hole cards by rule: with a board
    hole, bd = _cards(cards), _cards(board)  # type: ignore[arg-type]
    _hole_count(g, len(hole), legacy=legacy)
    return g.rule.best_five(g, hole, bd)


# ---------------------------------------------------------------- showdown


def explain(a: CardsLike, b: CardsLike, board: CardsLike | None = None, *,
            variant: VariantLike = None, game: Any = "holdem") -> str:
    """Say why one hand beats another, in any game; see :func:`handrank.showdown.explain`.

    Parameters
    ----------
    a, b : str or sequence of cards
        The two hands (hole cards in a game with a board).
    board : str or sequence of cards, optional
        The board, in a game with one.
    game : str or Game
        Any game of :func:`handrank.games` (default ``"holdem"``).
    variant : optional
        Deprecated: pass ``game=hr.game(name, **options)``.

    One shape in every game: ``"<stronger> beats <weaker>: <why>"`` or
    ``"split: <why>"`` (the stronger hand first, whichever of `a` and `b` it
    is); in a game of two halves one such sentence a half,
    ``"high: ...; low: ..."``.

    >>> explain("As Ah Kd Qd", "Ks Kh 2c 3c", "Ac 7d 2d 9h 3s", game="omaha")
    'A-A-A-9-7 beats 3-3-2-2-A: three of a kind beats two pair'
    >>> for half in explain("As 2h Kd Qd", "Ac 3d Kc Qc", "4h 5d 8d 9h Ts",
    ...                     game="omaha-hilo").split("; low: "):
    ...     print(half)
    high: split: both play A-K-T-9-8; the 2, the Q, the 3 and the Q do not play
    8-5-4-2-A beats 8-5-4-3-A: both eight-low; the fourth card decides, 2 against 3
    """
    if game in _LOW_RULES:
        # the low rules of handrank.showdown.explain (not games), and their errors
        if variant is not None:
            _compat.warn_variant(2)
        return _showdown.explain(a, b, board, variant=variant, game=game)
    g, legacy = _door(game, variant, unknown=True)
    # the old names ("omaha" with hands of 5 or 6) are checked by name, as settle takes them
    checked = game if legacy else g
    if g.parts:
        return _parts_showdown.explain(a, b, board, g)
    if g.hand_sizes:
        _no_board(g, board, "explain")
        settle(None, [a, b], [1, 1], game=g)            # its checks and errors
        return _showdown.explain_game(a, b, None, g)
    if g.rule.holdem_kernels(g):
        return _showdown.explain(a, b, board, variant=_own_tables(g))
    _need_board(g, board, "a board")
    settle(board, [a, b], [1, 1], game=checked)
    return _showdown.explain_game(a, b, board, g)


def settle(board: CardsLike | None, hands: Sequence[CardsLike | None],
           contributions: Sequence[int], *, folded: Sequence[bool] | None = None,
           button: int = 0, odd_chip: str = "left_of_button", variant: VariantLike = None,
           game: Any = "holdem", dead: int = 0) -> Settlement:
    """Settle a pot in any game: cut the chips into pots and pay each to its best hand(s).

    Parameters
    ----------
    board : str or sequence of cards, or None
        The community cards (None in a game without a board, or when
        everyone else folded).
    hands : sequence of (str, sequence of cards, or None)
        Each seat's cards in seat order: the hole cards of a board game, the
        whole hand in stud and the draw games; None for a seat that folded.
    contributions : sequence of int
        Chips each seat put in over the whole hand (whole chips, >= 0).
    folded : sequence of bool, optional
        True for each seat that folded; by default nobody folded.
    button : int
        The dealer's seat (default 0).
    odd_chip : {"left_of_button", "high_card_by_suit", "seat_order"}
        Who gets the chips that do not divide evenly: the tied winners in
        seat order from the first seat left of the button (the default), by
        highest hole card (rank, then suit c < d < h < s), or from seat 0;
        see :ref:`rules-odd-chips`.
    variant : optional
        Deprecated: pass ``game=hr.game(name, **options)``.
    game : str or Game
        Any game of :func:`handrank.games` (default ``"holdem"``), by name or
        as :func:`handrank.game` makes it.  A game of two halves splits every
        pot between the best high and the best low; each pot's ``high`` and
        ``low`` say who won each half and why.
    dead : int
        Chips in the pot that belong to no seat's contribution (antes taken
        as dead money, dead blinds).  They go to the main pot and are never
        returned as uncalled: the main pot's winner(s) take them, or the last
        seat in when everyone else folded.

    Returns
    -------
    Settlement
        ``.payouts`` per seat and ``.pots`` (main pot first); ``str()`` of
        it is a readable account.

    Raises
    ------
    TypeError
        A contribution that is not an int (bool and float included).
    InvalidShowdownError
        A negative contribution or `dead`, lengths that differ, fewer than 2
        seats, `button` out of range, every player folded, a live seat
        without a hand, an unknown `odd_chip` rule.
    InvalidCardError, InvalidHandError
        A bad card, a card repeated across hands and board (saying where),
        a hand or board of the wrong size for the game.
    ValueError
        An unknown game.

    Examples
    --------
    >>> import handrank as hr
    >>> hr.settle("Ac 7d 2d 9h 3s", ["As Ah Kd Qd", "Ks Kh 2c 3c"], [10, 10],
    ...           game="omaha").payouts
    [20, 0]
    """
    kw: dict[str, Any] = {"folded": folded, "button": button, "odd_chip": odd_chip,
                          "dead": dead}
    old = _old_entry("settle", game, variant, hands)
    if old:
        return _showdown.settle(board, hands, contributions, variant=variant, game=game, **kw)
    g, legacy = _door(game, variant, unknown=True)
    if g.parts:
        return _parts_showdown.settle(board, hands, contributions, g, **kw)
    _players_hole(g, hands, legacy)
    return _showdown.settle_game(board, hands, contributions, g, **kw)


def showdown_batch(boards: CardArrayLike, hole: Any, *, threads: int | None = None,
                   variant: VariantLike = None, game: Any = "holdem") -> FloatArray:
    """Each player's share of one pot in each of many deals, in any game.

    Hold'em-like games run the C showdown kernel; the others evaluate every
    seat with :func:`evaluate_batch` and share each half among its best.

    Parameters
    ----------
    boards : array-like of card ids, shape (n, board cards)
        One board a deal.
    hole : array-like of card ids, shape (n, players, hole cards)
        Each player's cards in each deal (a list of per-deal lists of hands).
    threads : int, optional
        Worker threads for the C kernel (default: every core).
    game : str or Game
        Any game of :func:`handrank.games` (default ``"holdem"``).
    variant : optional
        Deprecated: pass ``game=hr.game(name, **options)``.

    Returns
    -------
    ndarray of float64, shape (n, players)
        Each player's share of the pot in each deal (each row sums to 1).

    >>> from handrank import cards
    >>> showdown_batch([cards("Ac 7d 2d 9h 3s")], [[cards("As Ah Kd Qd"), cards("Ks Kh 2c 3c")]],
    ...                game="omaha")
    array([[1., 0.]])
    """
    boards = _validate.no_bools(boards, "boards as card ids")
    hole = _validate.no_bools(hole, "hole cards as card ids")
    g, legacy = _door(game, variant)
    if g.parts:
        return _parts_showdown.showdown_batch(boards, hole, g)
    if g.hand_sizes:
        h0 = np.asarray(hole)
        if boards is not None and np.asarray(boards).size:
            raise no_board("showdown_batch", g, "pass boards=None")
        if h0.ndim != 3 or h0.shape[1] < 1:
            raise InvalidHandError(f"expected hands (n, p, k) with 1 or more players, "
                                   f"got shape {h0.shape}")
        for j in range(h0.shape[1]):
            _boardless.check_rows(g, h0[:, j])
        _check_deals(np.zeros((h0.shape[0], 0), dtype=h0.dtype), h0)
        return _boardless.shares(g, h0)
    if g.rule.holdem_kernels(g):
        return _showdown.showdown_batch(boards, hole, threads=threads, variant=_own_tables(g))
    b = np.asarray(boards)
    h = np.asarray(hole)
    if h.ndim != 3 or b.ndim != 2 or h.shape[0] != b.shape[0]:
        raise InvalidHandError(f"expected boards (n, 5) and hole (n, p, k) of the same n, "
                               f"got shapes {b.shape} and {h.shape}")
    n, p = h.shape[0], h.shape[1]
    _hole_rows(g, h, legacy)
    if p < 1:
        raise InvalidHandError(f"expected 1 or more players per deal, got {p}")
    _check_deals(b, h)
    s = np.stack([np.asarray(evaluate_batch(h[:, j], boards=b, game=g, threads=threads))
                  .reshape(n, -1) for j in range(p)], axis=1)            # (n, p, halves)
    top = s == s.max(axis=1, keepdims=True)
    if not g.split:
        t = top[:, :, 0]
        one: FloatArray = t / t.sum(axis=1, keepdims=True)
        return one
    high = top[:, :, 0] / top[:, :, 0].sum(axis=1, keepdims=True)
    has_low = s[:, :, 1].max(axis=1) > 0
    low_top = top[:, :, 1] & has_low[:, None]
    low = low_top / np.maximum(low_top.sum(axis=1, keepdims=True), 1)
    shares = np.where(has_low[:, None], (high + low) / 2, high)
    return np.asarray(shares, dtype=np.float64)


def _check_deals(b: np.ndarray, h: np.ndarray) -> None:
    """A card repeated across seats of one deal (each seat's own row checks itself)."""
    if h.dtype.kind not in "iu" or b.dtype.kind not in "iu":
        return                                  # evaluate_batch raises the type error
    n = h.shape[0]
    _validate.fits((n, h[0].size + b.shape[1]), np.int64, "the deals as int64")
    flat = np.concatenate([h.reshape(n, -1), b], axis=1).astype(np.int64)
    srt = np.sort(flat, axis=1)
    dup = (srt[:, 1:] == srt[:, :-1]).any(axis=1)
    if dup.any():
        r = int(np.argmax(dup))
        raise InvalidHandError(f"a card is used twice in deal {r}")


# ---------------------------------------------------------------- equity


def equity(players: Sequence[PlayerLike], board: CardsLike = "", dead: CardsLike = "", *,
           exact: bool | None = None, trials: int | None = None,
           target_stderr: float | None = None, seed: int | None = None,
           threads: int | None = None, variant: VariantLike = None,
           game: Any = "holdem", progress: Any = None) -> EquityResult:
    """Each player's equity in any game: exact enumeration or Monte Carlo.

    Parameters
    ----------
    players : sequence
        2 to 10 players, each an exact hand (``"AsKs"``, ``[51, 47]``), range
        text (``"QQ+,AKs"``, ``"AA:0.5,KK"``; Omaha patterns such as
        ``"AA**"`` in the Omaha games), a :class:`Range`, or ``"random"``.
        In the draw games (``draw``, ``27-draw``, ``27-triple``, ``badugi``
        ...) a hand is the cards its player keeps: the missing cards are
        drawn in the one exchange to come (``game=hr.game("27-triple",
        draws=3)`` for more), and a full hand stands pat, scored as given
        (no exchange is chosen for it: :func:`handrank.best_hold` and
        :func:`handrank.draw_odds` choose one).
    board : str or sequence of cards, optional
        0 to 5 board cards (none in stud and the draw games).
    dead : str or sequence of cards, optional
        Cards no one can hold or be dealt.
    exact : bool, optional
        True forces enumeration, False forces Monte Carlo; by default (None)
        exact when affordable (see Notes).
    trials : int, optional
        Monte Carlo trials (default 1,000,000); with `target_stderr`, the cap.
    target_stderr : float, optional
        Run Monte Carlo in chunks until every player's standard error is
        below this (at most `trials`, default 100,000,000 trials).
    seed : int, optional
        Seed of the Monte Carlo streams; the same seed gives the same result
        bit for bit, whatever `threads` is and on any machine.
    threads : int, optional
        Worker threads (default: every core).
    variant : optional
        Deprecated: pass ``game=hr.game(name, **options)``.
    game : str or Game
        Any game of :func:`handrank.games` (default ``"holdem"``), by name or
        as :func:`handrank.game` makes it.  The Omaha games, hi-lo included,
        take exact hands or Omaha ranges (Monte Carlo); holdem-hilo takes
        exact hands.  A game of two halves returns a result with ``.high``,
        ``.low`` and ``.scoop``; a game of parts (``double-holdem``,
        ``badeucy`` ...; two boards as ``("Ah Kd 2c", "7s 7d 9h")`` or
        ``"Ah Kd 2c | 7s 7d 9h"``) one with ``.shares`` per part and
        ``.scoop`` (:class:`handrank.equity.parts.PartsEquityResult`).
    progress : callable or True, optional
        ``progress(done, total)``, called on the calling thread as the work
        goes; `done` never decreases and the last call has ``done == total``.
        True draws a bar on stderr (tqdm when installed), and so does the
        default in a Jupyter notebook for a call longer than a second; False
        draws none.  The result is the same with or without it, bit for bit.
        Hold'em reports each part of
        an exact enumeration or run of trials; the other games report the
        start and the end, and an exact multiway enumeration of random
        players each part.

    Returns
    -------
    EquityResult
        ``.equity``, ``.win``, ``.tie``, ``.stderr`` per player, ``.exact``
        and ``.samples``.

    Raises
    ------
    InvalidCardError, InvalidHandError
        A bad card, a card outside the game's deck, a card used twice
        (naming both places), a bad board size.
    InvalidRangeError
        Unparseable range text, a range with no combos left after card
        removal, ranges that always clash.
    ValueError
        Fewer than 2 or more than 10 players, a bad `trials`, `threads` or
        `target_stderr`, an exact enumeration too large, an unknown `game`.

    Notes
    -----
    The Omaha games, hi-lo included, take exact hands or Omaha ranges; a
    range may be a list of exact hands, comma-separated
    (``"AsKsQdJd,7c7h2c2h"``), in every game: in a game without a board each
    tuple of the players' hands that fits together counts alike.  On the
    river an exact hand (or several) against one ``"random"`` Omaha hand
    is exact even where the random hands are too many to list: each of them
    meets one deal, so they are evaluated once each, grouped by strength.

    ``exact=None`` enumerates wherever that is expected to take under about
    0.3 s on one core, estimated from the count of deals (see
    :mod:`handrank.equity.holdem`), and samples elsewhere.

    Examples
    --------
    >>> import handrank as hr
    >>> r = hr.equity(["As 2s", "Kh Kd"], board="3c 4d 9h Qc", game="holdem-hilo")
    >>> [round(x, 4) for x in r.low.tolist()]
    [0.3636, 0.0]
    """
    if seed is not None:    # every game's streams: 0 .. 2**64 - 1, never reduced
        seed = _validate.seed(seed)
    kw: dict[str, Any] = {"exact": exact, "trials": trials, "target_stderr": target_stderr,
                          "seed": seed, "threads": threads}
    progress = _progress.resolve(progress, "equity")        # True: a bar on stderr
    if _old_entry("equity", game, variant, players):
        return _old_equity(players, board, dead, variant=variant, game=game, progress=progress,
                           **kw)
    g, legacy = _door(game, variant, unknown=True)
    if g.parts:
        if progress is not None:
            check_progress(progress)
            progress(0, 1)
        parts = _parts_equity.equity(g, players, board, dead, **kw)
        if progress is not None:
            progress(1, 1)
        return parts
    _players_hole(g, players, legacy)
    if g.rule.holdem_kernels(g) and not g.hand_sizes:
        return _holdem_equity(players, board, dead, variant=_own_tables(g), progress=progress,
                              **kw)
    if progress is None:
        return _game_equity(g, legacy, players, board, dead, kw)
    check_progress(progress)             # the other games: the start and the end only
    progress(0, 1)
    r = _game_equity(g, legacy, players, board, dead, kw)
    progress(1, 1)
    return r


def _game_equity(g: Game, legacy: bool, players: Any, board: Any, dead: Any,
                 kw: dict[str, Any]) -> EquityResult:
    """Equity in a game of one board and hole cards by rule, or of two halves, or without
    a board: the engine the Game's rules call for.  `legacy`: an old name that took Omaha
    hands of any size (the engines then take the size from the hands)."""
    if g.hand_sizes:
        return _boardless.equity(g, players, board, dead, **kw)
    if _own_driver(g, players, kw["exact"]):
        r = _omaha_equity.equity(players, board, dead, game="omaha",
                                 variant=None if legacy else g, **kw) \
            if not g.split else \
            _hilo_equity.equity(players, board, dead,
                                hole_cards=None if legacy else g.hole_cards, **kw)
    elif g.rule.holdem_hilo_kernels(g):
        # hold'em hi-lo: exact hands as before, ranges on the any-game driver
        r = _holdem_hilo_equity.equity(players, board, dead, **kw)
    else:
        r = _hilo_equity.game_equity(g, players, board, dead, **kw)
    return replace(r, hands=_hand_labels(players))


def _own_driver(g: Game, players: Any, exact: bool | None) -> bool:
    """Whether the game's own equity driver (Omaha, Omaha hi-lo) takes this spot.

    The any-game driver (:func:`handrank.equity.hilo.game_equity`) takes the
    rest: hold'em-hand games of two halves, exact enumerations with ranges,
    and ``"random"`` hands too many to list (six-card Omaha).
    """
    if g.rule.omaha_tables(g) is None:
        return False
    if isinstance(players, (str, bytes)) or not hasattr(players, "__len__"):
        return True                                 # the driver raises the type error
    ranged = [p for p in players if _omaha_equity._is_range(p)]
    if not ranged:
        return True
    if exact:
        return False
    random = any(isinstance(p, str) and p.strip().lower() in ("random", "*") for p in ranged)
    return not (random and math.comb(len(g.deck), g.hole_cards) > MAX_HANDS)


def games() -> dict[str, str]:
    """Every game name with a one-line summary (see :func:`handrank.game`)."""
    return _games()
