"""Draw games: the exact odds of every hold, and the best hold.

A draw game is data (:class:`DrawGame`): its deck, its hand size, the
ranking of the final hand (the tables of a :class:`~handrank.Variant`, a
:class:`~handrank.Lowball` or badugi), and how many cards one exchange may
replace.  The operations below read only that data; the games:

================== ===== ===== ================================ ================
name               deck  cards ranking                          exchanges (max)
================== ===== ===== ================================ ================
draw               52    5     high                             1 (5 cards)
27-draw            52    5     deuce-to-seven low               1 (5)
27-triple          52    5     deuce-to-seven low               3 (5)
a5-triple          52    5     ace-to-five low                  3 (5)
badugi             52    4     badugi                           3 (4)
fechado            32+   5     stripped-deck high (flush > FH)  1 (3; the mao 4)
deuces-wild        52    5     high, the four deuces wild       1 (5)
joker-draw         53    5     high, the joker the bug          1 (5)
california-lowball 53    5     ace-to-five low, the joker wild  1 (5)
badeucy            52    5     half badugi, half 2-7 low        3 (5)
badacey            52    5     half badugi, half A-5 low        3 (5)
================== ===== ===== ================================ ================

The wild games are games of one part that ranks the whole hand
(:attr:`~handrank.games.parts.Part.whole_hand`); the odds ask that part for
strengths and categories.  Badeucy and badacey cut the pot into two parts,
each ranking the hand alone: every final hand is ranked by each part, the
categories are each part's in turn, the expected percentile the mean of the
parts', and against `vs` the pot's share is the mean of the parts' shares.

``fechado`` takes ``players=`` (2..8, default 4): up to four players the
32-card deck 7-A, one rank more per extra player (6s for a fifth, 5s for a
sixth...), and ``mao=True`` for the player to the dealer's right, who may
exchange four.

:func:`draw_odds` scores one exchange exactly: every hold, every
replacement draw from the cards not in the hand, not dead and not in `vs`.
The criterion of :func:`best_hold` without an opponent is the **expected
final strength percentile**: a final hand's percentile is the share of all
hands of the game's deck (five cards; four in badugi) it beats, plus half
the share it ties; the best hold maximises its mean over the draws.  With
`vs` (an opponent standing pat) it is the equity, P(win) + P(tie) / 2.

Needs the C core (``handrank.backend == "c"``).
"""

from __future__ import annotations

import dataclasses
import functools
import math
from typing import Any

import numpy as np

from ..core import _progress, _run, kernels
from ..core._combinations import combinations
from ..core._tables import GameTables
from ..core._typing import CardsLike
from ..core._validate import quote
from ..core.cards import RANKS, cards, cards_str, first_duplicate
from ..core.errors import InvalidCardError, InvalidHandError, unsupported
from ..present._tabular import frame
from .badugi import evaluate_badugi_batch
from .base import Game
from .holdem import evaluate_batch
from .lowball import _lowball
from .parts import Part
from .registry import _ENTRIES
from .registry import game as _game_of
from .variants import variant
from .wild import JOKER

__all__ = ["DrawGame", "DrawOdds", "best_hold", "draw_game", "draw_odds"]

_HIGH_CATEGORIES = ("high card", "one pair", "two pair", "three of a kind", "straight", "flush",
                    "full house", "four of a kind", "straight flush")
_BADUGI_CATEGORIES = ("one-card", "two-card", "three-card", "badugi")


@dataclasses.dataclass(frozen=True)
class DrawGame:
    """One draw game's data: made by :func:`draw_game`.

    ``kind`` is ``"tables"`` (five cards ranked by ``tables``), ``"badugi"``, ``"part"``
    (the hand ranked by ``part``, the game's one :class:`~handrank.games.parts.Part` that
    ranks the whole hand: the wild games of :mod:`handrank.games.wild`) or ``"parts"``
    (a pot cut into ``parts`` that each rank the hand alone: badeucy, badacey).

    Attributes
    ----------
    name : str
        The game's name in :func:`handrank.games` (``"draw"``, ``"27-triple"`` ...).
    options : tuple of (str, value) pairs
        The options it was made with (``players`` and ``mao`` for ``fechado``).
    kind : str
        How the hand is ranked, as above.
    hand_size : int
        The cards of a hand (5 in most games, 4 in badugi).
    max_discard : int
        The most cards one exchange may replace.
    exchanges : int
        The number of exchanges (draws) in a deal.
    deck : tuple of int
        The card ids of the game's deck (fewer than 52 in ``fechado``).
    categories : tuple of str
        The final categories' names, the columns of :attr:`DrawOdds.categories`
        (a game of parts: each part's in turn, as ``"<part>: <category>"``).
    tables : GameTables or None
        The five-card ranking of a ``"tables"`` game; None otherwise.
    part : Part or None
        The one part of a ``"part"`` game; None otherwise.
    parts : tuple of Part
        The parts of a ``"parts"`` game; ``()`` otherwise.
    """

    name: str
    options: tuple[tuple[str, Any], ...]
    kind: str
    hand_size: int
    max_discard: int
    exchanges: int
    deck: tuple[int, ...]
    categories: tuple[str, ...]
    tables: GameTables | None = dataclasses.field(repr=False, compare=False, default=None)
    part: Part | None = dataclasses.field(repr=False, compare=False, default=None)
    parts: tuple[Part, ...] = dataclasses.field(repr=False, compare=False, default=())


def _one_hand_draw(g: Game) -> bool:
    """Whether `g` is a draw game (the games this module scores): an exchange of cards and
    no board, so that every part of the pot, if it is cut into parts, ranks the hand alone
    (one part that ranks the whole hand: the wild games; a badugi and a low: badeucy)."""
    return g.exchanges > 0 and g.board_cards == 0


@functools.cache
def draw_names() -> tuple[str, ...]:
    """The draw games of the one registry (:func:`handrank.games`), in its order."""
    return tuple(n for n in _ENTRIES if _one_hand_draw(_game_of(n)))


def draw_game(name: str = "draw", **options: Any) -> DrawGame:
    """Return the draw game ``name``; ``fechado`` takes ``players=`` and ``mao=``.

    Parameters
    ----------
    name : str
        A draw game of :func:`handrank.games` (default ``"draw"``).
    **options
        The game's options (``players``, ``mao`` for ``fechado``).

    Raises
    ------
    ValueError
        An unknown game, or ``players`` outside 2..8.
    TypeError
        An option the game does not take.

    Examples
    --------
    >>> len(draw_game("fechado").deck), len(draw_game("fechado", players=6).deck)
    (32, 40)
    >>> draw_game("fechado", mao=True).max_discard
    4
    """
    if isinstance(name, DrawGame):
        if options:
            raise TypeError("options go with a game name, not a DrawGame")
        return name
    if not isinstance(name, str) or name not in draw_names():
        raise ValueError(f"unknown draw game {quote(name)}, expected "
                         + ", ".join(repr(g) for g in draw_names()))
    allowed = tuple(k for k in ("players", "mao") if k in _ENTRIES[name][0])
    for key in options:
        if key not in allowed:
            raise TypeError(f"draw game {name!r} has no option {quote(key)}")
    players = options.get("players", 4)
    mao = options.get("mao", False)
    if isinstance(players, bool) or not isinstance(players, (int, np.integer)):
        raise TypeError(f"players must be an int, got {quote(players)}")
    if not 2 <= players <= 8:
        raise ValueError(f"fechado is for 2 to 8 players, got {quote(players)}")
    if not isinstance(mao, (bool, np.bool_)):
        raise TypeError(f"mao must be True or False, got {quote(mao)}")
    return _draw_game(name, int(players), bool(mao))


def _draw_of(game: Any, operation: str) -> DrawGame:
    """The :class:`DrawGame` of `game`: a draw game's name, its :class:`Game` or a DrawGame.

    A game of :func:`handrank.games` that has no exchange (hold'em, stud ...)
    raises :class:`~handrank.UnsupportedGameError` naming `operation`; any
    other value what :func:`draw_game` raises.
    """
    if isinstance(game, DrawGame):
        return game
    made = game if isinstance(game, Game) else \
        _game_of(game) if isinstance(game, str) and game in _ENTRIES else None
    if made is None:
        return draw_game(game)          # its error: an unknown draw game
    if not _one_hand_draw(made):
        why = "it has no exchange of cards" if not made.exchanges else "it has a board"
        raise unsupported(operation, made.name, why + "; the draw games are "
                          + ", ".join(repr(g) for g in draw_names()))
    opts = dict(made.options)
    # draws= (the exchanges to come) does not change one exchange's odds
    return _draw_game(made.name, int(opts.get("players", 4)), bool(opts.get("mao", False)))


@functools.cache
def _draw_game(name: str, players: int, mao: bool) -> DrawGame:
    """The :class:`DrawGame` of a draw game of the registry: its Game's deck, hand size,
    exchanges and the tables of its one half (none for badugi), or its one part."""
    made = _game_of(name, players=players, mao=mao) if "players" in _ENTRIES[name][0] \
        else _game_of(name)
    if len(made.parts) > 1:
        names = tuple(f"{p.name}: {c}" for p in made.parts for c in p.category_scale()[0])
        return DrawGame(name, (), "parts", made.hole_cards, made.max_discard, made.exchanges,
                        made.deck, names, None, None, made.parts)
    if made.parts:
        part = made.parts[0]
        return DrawGame(name, (), "part", made.hole_cards, made.max_discard, made.exchanges,
                        made.deck, part.category_scale()[0], None, part)
    badugi = made.rule.four_cards
    opts = tuple((k, v) for k, v in made.options if k in ("players", "mao"))
    tables = None
    if not badugi:
        label = f"{name} ({len(made.deck)}-card)" if opts else name
        tables = dataclasses.replace(made.tables[0], name=label)
    return DrawGame(name, opts, "badugi" if badugi else "tables", made.hole_cards,
                    made.max_discard, made.exchanges, made.deck,
                    _BADUGI_CATEGORIES if badugi else _HIGH_CATEGORIES, tables)


@dataclasses.dataclass(frozen=True, eq=False)
class DrawOdds:
    """The exact outcome of every hold of one hand: made by :func:`draw_odds`.

    Attributes
    ----------
    game : DrawGame
        The game the odds are of.
    holds : list of tuple of int
        The kept card ids of each hold, best first.
    categories : ndarray of float, shape (holds, categories)
        The probability of each final category (names in `category_names`).
        A game whose pot is cut into parts (badeucy, badacey) lists each
        part's categories in turn, named ``"<part>: <category>"``; each
        part's columns sum to 1.
    category_names : tuple of str
        The names of the columns of `categories` (the game's
        :attr:`DrawGame.categories`).
    win, tie : ndarray of float, shape (holds,)
        P(win) and P(tie) against `vs`; NaN without `vs`.  In a game of
        parts `win` is winning every part (a scoop) and `tie` a part of the
        pot but not all of it.
    expected : ndarray of float, shape (holds,)
        The mean final strength percentile (see :mod:`handrank.games.draw`);
        in a game of parts, the mean over the parts of each part's.
    draws : ndarray of int64, shape (holds,)
        The number of final hands each hold was scored over: every set of
        cards it can draw from the unseen stub.
    equity : ndarray of float, shape (holds,)
        The expected share of the pot against `vs` (``win + tie / 2`` in a
        game of one part); NaN without `vs`.
    halves : tuple of str
        The names of the pot's parts (``("badugi", "2-7 low")``); ``()`` in
        a game of one part.
    shares : ndarray of float, shape (holds, parts)
        A game of parts: each hold's expected share of each part against
        `vs` (NaN without `vs`); shape (holds, 0) otherwise.
    best : tuple of int
        ``holds[0]``.
    best_str, holds_str : str, list of str
        `best` and `holds` as card text.
    """

    game: DrawGame
    holds: list[tuple[int, ...]]
    categories: np.ndarray
    category_names: tuple[str, ...]
    win: np.ndarray
    tie: np.ndarray
    expected: np.ndarray
    draws: np.ndarray
    equity: np.ndarray = dataclasses.field(default_factory=lambda: np.zeros(0))
    halves: tuple[str, ...] = ()
    shares: np.ndarray = dataclasses.field(default_factory=lambda: np.zeros((0, 0)))

    @property
    def best(self) -> tuple[int, ...]:
        return self.holds[0]

    @property
    def best_str(self) -> str:
        """The best hold as card text (``"As Ks Qs Js"``; ``""`` to draw them all)."""
        return _text(self.holds[0])

    @property
    def holds_str(self) -> list[str]:
        """Every hold as card text, best first (the order of `holds`)."""
        return [_text(h) for h in self.holds]

    def __repr__(self) -> str:
        return (f"DrawOdds(game={self.game.name!r}, holds={len(self.holds)}, "
                f"best={_text(self.best)!r})")

    def to_pandas(self) -> Any:
        """Return a DataFrame with one row per hold, best first (the order of `holds`).

        Columns ``hold`` (card text, ``"As Kd"``; ``""`` to draw them all),
        ``equity``, ``win``, ``tie``, ``expected`` and ``draws`` in every
        game, then one column per final category by its name in
        `category_names` (a game of parts: ``"<part>: <category>"``), then
        in a game of parts each part's share by its name in `halves`.
        Needs pandas (``pip install handrank[pandas]``).

        Examples
        --------
        >>> import handrank as hr
        >>> df = hr.draw_odds("As Kd 7c 4h 2s", game="draw").to_pandas()  # doctest: +SKIP
        >>> df.columns.tolist()[:6]                                       # doctest: +SKIP
        ['hold', 'equity', 'win', 'tie', 'expected', 'draws']
        """
        k = len(self.holds)
        nan = np.full(k, np.nan)
        columns: dict[str, Any] = {
            "hold": self.holds_str,
            "equity": self.equity if len(self.equity) == k else nan,
            "win": self.win, "tie": self.tie, "expected": self.expected, "draws": self.draws}
        columns.update((name, self.categories[:, j])
                       for j, name in enumerate(self.category_names))
        if self.halves:
            columns.update((name, self.shares[:, j]) for j, name in enumerate(self.halves))
        return frame(columns)


def _text(ids: Any) -> str:
    """Card text; the joker (id 52, the wild games') is ``Xx``."""
    return " ".join("Xx" if c == JOKER else cards_str([c]) for c in ids)


def _ids(x: CardsLike, game: DrawGame, what: str) -> list[int]:
    ids = game.part.ids(x, what) if game.part is not None else cards(x)
    for c in ids:
        if c not in game.deck:
            raise InvalidCardError(f"card {_text([c])!r} in {what} is not in the "
                                   f"{len(game.deck)}-card deck of {game.name!r}")
    return ids


@functools.cache
def _percentiles(game: DrawGame) -> np.ndarray:
    """value[strength]: the share of the deck's hands a strength beats, plus half it ties.

    The histogram of every hand of the deck is the draw kernel's hold of no
    card from the whole deck."""
    hist = _histograms(game, list(game.deck[:game.hand_size]),
                       np.array(game.deck, dtype=np.uint8), [0])[0].astype(np.float64)
    below = np.cumsum(hist) - hist
    value: np.ndarray = (below + hist / 2) / hist.sum()
    return value


def _histograms(game: DrawGame, ids: list[int], stub: np.ndarray, masks: list[int],
                tally: _run.Tally | None = None) -> np.ndarray:
    """hr_draw_odds: the final strengths' histogram of each hold (reported to `tally`
    hold by hold when it reports anywhere; one call of the kernel otherwise)."""
    if tally is not None and tally.progress is not None and len(masks) > 1:
        n = len(ids)
        out = []
        for m in masks:
            out.append(_histograms(game, ids, stub, [m]))
            tally.add(math.comb(len(stub), n - bin(m).count("1")))
        return np.concatenate(out)
    if game.part is not None:
        return _part_histograms(game, game.part, ids, stub, masks)
    return kernels.draw_odds(game.tables, game.kind == "badugi", ids, stub, masks,
                             _classes(game) + 1)


def _part_histograms(game: DrawGame, part: Part, ids: list[int], stub: np.ndarray,
                     masks: list[int]) -> np.ndarray:
    """The histograms of a game of one part (the wild games): every draw of every hold
    ranked by the part (the wild games' table lookup)."""
    n_s = _classes(game) + 1
    hist = np.empty((len(masks), n_s), dtype=np.uint32)
    for i, m in enumerate(masks):
        rows = _draws(stub, [c for j, c in enumerate(ids) if m >> j & 1], len(ids))
        hist[i] = np.bincount(_part_rows(part, rows), minlength=n_s)
    return hist


def _part_rows(part: Part, rows: np.ndarray) -> np.ndarray:
    """The strengths of rows of whole hands on a part's scale (no board)."""
    rows = np.ascontiguousarray(rows, dtype=np.uint8)
    return part.strengths(rows, np.zeros((len(rows), 0), dtype=np.uint8))


def _game_tables(game: DrawGame) -> GameTables:
    if game.tables is None:
        raise RuntimeError(f"internal error: {game.name!r} has no hash tables")
    return game.tables


def _classes(game: DrawGame) -> int:
    if game.kind == "badugi":
        return kernels.badugi_classes()
    if game.part is not None:
        return int(game.part.classes)
    return int(_game_tables(game).classes)


def _category_table(game: DrawGame) -> np.ndarray:
    if game.part is not None:
        return game.part.category_scale()[1]
    if game.kind == "badugi":
        return kernels.badugi_tables()[1][:_classes(game) + 1]
    return np.ascontiguousarray(_game_tables(game).category, dtype=np.uint8)


def _evaluate_rows(game: DrawGame, rows: np.ndarray) -> np.ndarray:
    if game.part is not None:
        return _part_rows(game.part, rows)
    if game.kind == "badugi":
        return evaluate_badugi_batch(rows)
    if game.tables is not None and game.tables.low:
        rule = "27" if "27" in game.name else "a5"
        return _lowball(rule, None).evaluate_batch(rows)
    return evaluate_batch(rows, variant=_variant_of(game))


def _variant_of(game: DrawGame) -> Any:
    if game.name != "fechado":
        return variant("holdem")
    lowest = next(RANKS[c // 4] for c in game.deck)
    return variant("shortdeck") if lowest == "6" else variant("stripped", lowest=lowest)


def _strength(game: DrawGame, ids: list[int]) -> int:
    return int(_evaluate_rows(game, np.array([ids], dtype=np.uint8))[0])


def draw_odds(hand: CardsLike, *, game: str | Game | DrawGame = "draw", dead: CardsLike = "",
              vs: CardsLike | None = None, max_discard: int | None = None,
              progress: Any = None) -> DrawOdds:
    """The exact distribution of the final hand for every hold of one exchange.

    Parameters
    ----------
    hand : str or sequence of cards
        The hand before the exchange (five cards; four in badugi).
    game : str, Game or DrawGame
        ``"draw"``, ``"27-draw"``, ``"27-triple"``, ``"a5-triple"``,
        ``"badugi"``, ``"fechado"``, ``"deuces-wild"``, ``"joker-draw"``,
        ``"california-lowball"``, their :func:`handrank.game` (with
        options: ``hr.game("fechado", players=6)``), or a :func:`draw_game`.
    dead : str or sequence of cards
        Cards known out of the stub.
    vs : str or sequence of cards, optional
        An opponent's hand that stands pat (a full hand), or the cards it
        keeps (fewer: it draws the rest from the same stub, exact over every
        pair of disjoint draws): gives `win`, `tie` and orders the holds by
        equity.
    max_discard : int, optional
        At most this many cards replaced (default and maximum: the game's
        limit).
    progress : callable or bool, optional
        ``progress(done, total)`` as the holds are scored (`total` the
        draws of every hold; `done` never decreases and ends at `total`).
        ``True`` draws a bar on stderr, ``False`` none; the default draws
        one in a Jupyter notebook once the call has taken a second.  The
        result is the same with or without it.

    Returns
    -------
    DrawOdds

    Raises
    ------
    UnsupportedGameError
        A game of :func:`handrank.games` without an exchange (hold'em, stud ...).
    InvalidCardError
        A bad card or a card outside the game's deck.
    InvalidHandError
        A wrong hand size, a card given twice.
    ValueError
        `max_discard` above the game's limit, a `vs` of more cards than a
        hand or that exchanges more than the game allows.

    Examples
    --------
    >>> from handrank.core.cards import cards_str
    >>> d = draw_odds("As Ks Qs Js 2d")
    >>> cards_str(d.best), len(d.holds)
    ('As Ks Qs Js', 32)
    >>> round(float(d.categories[0, 8]), 4)              # the royal flush: 1 of 47
    0.0213
    >>> draw_odds("As Ks Qs Js 2d", game="fechado")
    Traceback (most recent call last):
    ...
    handrank.errors.InvalidCardError: card '2d' in the hand is not in the 32-card deck of 'fechado'
    """
    progress = _run.check_progress(_progress.resolve(progress, "draw odds"))
    kernels.need_c("draw_odds")
    g = _draw_of(game, "draw_odds")
    ids, dead_ids, vs_ids = _draw_cards(g, hand, dead, vs)
    limit = _discard_limit(g, max_discard)
    known = ids + dead_ids + vs_ids
    stub = np.array([c for c in g.deck if c not in set(known)], dtype=np.uint8)
    n = g.hand_size
    masks = [m for m in range(1 << n) if n - bin(m).count("1") <= min(limit, len(stub))]
    if len(masks) < 1 << n and limit > len(stub):
        raise ValueError(f"only {len(stub)} cards left to draw")
    vs_draws = vs is not None and len(vs_ids) < g.hand_size
    if vs_draws and (g.parts or g.part is not None and g.part.wild_game is None):
        raise unsupported("draw_odds", g.name, "a vs= that draws is not supported in the games "
                          "of parts yet: give vs= a hand that stands pat")
    if vs_draws and max(n - bin(m).count("1") for m in masks) + n - len(vs_ids) > len(stub):
        raise ValueError(f"only {len(stub)} cards left to draw for both hands")
    tally = _run.Tally(progress, sum(math.comb(len(stub), n - bin(m).count("1"))
                                     for m in masks))
    tally.show()
    if g.parts:
        out = _parts_odds(g, ids, vs_ids if vs is not None else None, stub, masks, tally)
    else:
        out = _odds(g, ids, vs_ids if vs is not None else None, stub, masks, tally)
    tally.finish()
    return out


def _odds(g: DrawGame, ids: list[int], vs: list[int] | None, stub: np.ndarray,
          masks: list[int], tally: _run.Tally) -> DrawOdds:
    """draw_odds from the checked cards: every hold's histogram, ordered by
    equity against `vs` (the opponent's ids; None: no opponent) or by
    expected percentile."""
    vs_ids = vs or []
    n = g.hand_size
    vs_draws = vs is not None and len(vs_ids) < g.hand_size
    vs_strength = _strength(g, vs_ids) if vs is not None and not vs_draws else 0
    cat = _category_table(g)
    value = _percentiles(g)
    k, n_s = len(masks), _classes(g) + 1
    hist = _histograms(g, ids, stub, masks, tally)
    h = hist.astype(np.float64)
    t = h.sum(axis=1)
    n_cat = len(g.categories)
    onehot = np.zeros((n_s, n_cat), dtype=np.float64)
    onehot[np.arange(1, n_s), cat[1:n_s].astype(np.intp) - 1] = 1.0
    cats = h @ onehot
    expected = h @ value / t
    if vs_draws:
        w, e, pairs = _against_drawing(g, ids, vs_ids, stub, masks)
        win, tie = w / pairs, e / pairs
        score = win + tie / 2
    elif vs is not None:
        win = h[:, vs_strength + 1:].sum(axis=1) / t
        tie = h[:, vs_strength] / t
        score = win + tie / 2
    else:
        win = tie = np.full(k, np.nan)
        score = expected
    order = np.argsort(-score, kind="stable")
    kept = [tuple(ids[j] for j in range(n) if masks[h] >> j & 1) for h in order]
    equity = win + tie / 2 if vs is not None else np.full(k, np.nan)
    return DrawOdds(g, kept, (cats / t[:, None])[order], g.categories,
                    win[order], tie[order], expected[order], t[order].astype(np.int64),
                    equity[order], (), np.zeros((k, 0)))


def _draws(stub: np.ndarray, kept: list[int], n: int) -> np.ndarray:
    """Every final hand of a hold: the kept cards and each set of n - kept stub cards."""
    draws = stub[combinations(len(stub), n - len(kept))]
    return np.ascontiguousarray(np.concatenate(
        [np.broadcast_to(np.array(kept, dtype=np.uint8), (len(draws), len(kept))), draws],
        axis=1), dtype=np.uint8)


def _parts_odds(g: DrawGame, ids: list[int], vs: list[int] | None, stub: np.ndarray,
                masks: list[int], tally: _run.Tally) -> DrawOdds:
    """draw_odds in a game whose pot is cut into parts that each rank the hand alone
    (badeucy, badacey): every final hand of every hold ranked by each part; the
    categories, percentiles and shares of each part, the scoops and the pot's share."""
    n, k, parts = g.hand_size, len(masks), g.parts
    scales = [p.category_scale() for p in parts]
    values = [_part_percentiles(g, i) for i in range(len(parts))]
    vs_s = ([int(_part_rows(p, np.array([vs], dtype=np.uint8))[0]) for p in parts]
            if vs is not None and len(vs) == n else None)
    cats = np.zeros((k, len(g.categories)))
    expected, t = np.zeros(k), np.zeros(k, dtype=np.int64)
    win, tie, shares = (np.full(k, np.nan), np.full(k, np.nan),
                        np.full((k, len(parts)), np.nan))
    for h, m in enumerate(masks):
        rows = _draws(stub, [c for j, c in enumerate(ids) if m >> j & 1], n)
        strengths = [_part_rows(p, rows) for p in parts]
        t[h] = len(rows)
        col = 0
        for (names, table), s in zip(scales, strengths):
            cats[h, col:col + len(names)] = np.bincount(
                table[s].astype(np.intp) - 1, minlength=len(names))[:len(names)] / len(rows)
            col += len(names)
        expected[h] = float(np.mean([v[s].mean() for v, s in zip(values, strengths)]))
        if vs_s is not None:
            beat = [s > v for s, v in zip(strengths, vs_s)]
            even = [s == v for s, v in zip(strengths, vs_s)]
            part_share = [b + e / 2 for b, e in zip(beat, even)]
            shares[h] = [float(x.mean()) for x in part_share]
            pot = np.mean(part_share, axis=0)
            win[h] = float(np.logical_and.reduce(beat).mean())
            tie[h] = float(((pot > 0) & (pot < 1)).mean())
        tally.add(len(rows))
    equity = shares.mean(axis=1)
    score = equity if vs_s is not None else expected
    order = np.argsort(-score, kind="stable")
    kept = [tuple(ids[j] for j in range(n) if masks[h] >> j & 1) for h in order]
    return DrawOdds(g, kept, cats[order], g.categories, win[order], tie[order],
                    expected[order], t[order], equity[order], tuple(p.name for p in parts),
                    shares[order])


@functools.cache
def _part_percentiles(game: DrawGame, i: int) -> np.ndarray:
    """value[strength] of part `i`: the share of the deck's hands it beats, plus half it
    ties (every hand of the game's deck ranked by the part)."""
    part = game.parts[i]
    rows = np.ascontiguousarray(np.array(game.deck, dtype=np.uint8)[
        combinations(len(game.deck), game.hand_size)])
    hist = np.bincount(_part_rows(part, rows), minlength=int(part.classes) + 1)
    hist = hist.astype(np.float64)
    below = np.cumsum(hist) - hist
    value: np.ndarray = (below + hist / 2) / hist.sum()
    return value


def _draw_cards(g: DrawGame, hand: CardsLike, dead: CardsLike, vs: CardsLike | None
                ) -> tuple[list[int], list[int], list[int]]:
    """The ids of the hand, the dead cards and `vs`, checked (sizes, repeats)."""
    ids = _ids(hand, g, "the hand")
    if len(ids) != g.hand_size:
        raise InvalidHandError(f"{g.name!r} is played with {g.hand_size} cards, "
                               f"got {len(ids)}")
    dead_ids = _ids(dead, g, "dead") if dead is not None else []
    vs_ids = _ids(vs, g, "vs") if vs is not None else []
    if vs is not None and len(vs_ids) > g.hand_size:
        raise ValueError(f"vs must be a hand of {g.hand_size} cards that stands pat, or the "
                         f"cards it keeps, got {len(vs_ids)}")
    if vs is not None and g.hand_size - len(vs_ids) > g.max_discard:
        raise ValueError(f"{g.name!r} allows at most {g.max_discard} cards exchanged, "
                         f"vs keeps {len(vs_ids)} of {g.hand_size}")
    dup = first_duplicate(ids + dead_ids + vs_ids)
    if dup >= 0:
        raise InvalidHandError(f"duplicate card {_text([dup])!r}")
    return ids, dead_ids, vs_ids


def _discard_limit(g: DrawGame, max_discard: Any) -> int:
    """The most cards one exchange replaces: the game's limit or `max_discard`."""
    if max_discard is None:
        return g.max_discard
    if isinstance(max_discard, bool) or not isinstance(max_discard, (int, np.integer)):
        raise TypeError(f"max_discard must be an int, got {quote(max_discard)}")
    if not 0 <= max_discard <= g.max_discard:
        raise ValueError(f"{g.name!r} allows 0 to {g.max_discard} discards, "
                         f"got max_discard={quote(max_discard)}")
    return int(max_discard)


def _against_drawing(game: DrawGame, ids: list[int], vs_ids: list[int], stub: np.ndarray,
                     masks: list[int]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """hr_draw_vs: per hold the winning and tying pairs of draws, and all pairs."""
    n, d_vs = game.hand_size, game.hand_size - len(vs_ids)
    most = max([d_vs] + [n - bin(m).count("1") for m in masks])
    size = max(math.comb(len(stub), most), 1)
    wild = game.part.wild_game if game.part is not None else None
    win, tie = kernels.draw_vs(game.tables, game.kind == "badugi", ids, vs_ids, stub, masks,
                               size, wild=wild)
    pairs = np.array([math.comb(len(stub), n - bin(m).count("1"))
                      * math.comb(len(stub) - n + bin(m).count("1"), d_vs) for m in masks],
                     dtype=np.float64)
    return win.astype(np.float64), tie.astype(np.float64), pairs


def best_hold(hand: CardsLike, *, game: str | Game | DrawGame = "draw", dead: CardsLike = "",
              vs: CardsLike | None = None, progress: Any = None) -> tuple[int, ...]:
    """The cards to keep: the hold of highest equity against `vs`, or without
    `vs` of highest expected final strength percentile (see :mod:`handrank.games.draw`;
    in a game of parts, the mean of the parts' percentiles).  `progress` as
    :func:`draw_odds` takes it.

    Parameters
    ----------
    hand : str or sequence of cards
        The hand dealt (the game's hand size).
    game : str, Game or DrawGame
        A draw game (default ``"draw"``).
    dead : str or sequence of cards, optional
        Cards that cannot be drawn (seen elsewhere).
    vs : str or sequence of cards, optional
        An opponent's hand that stands pat.
    progress : bool or callable, optional
        As :func:`draw_odds` takes it.

    Examples
    --------
    >>> from handrank.core.cards import cards_str
    >>> cards_str(best_hold("9s 9d Kc 4h 2s"))
    '9s 9d'
    >>> cards_str(best_hold("8s 5d 4h 3c 3s", game="27-draw"))
    '8s 5d 4h 3c'
    """
    return draw_odds(hand, game=_draw_of(game, "best_hold"), dead=dead, vs=vs,
                     progress=progress).best
