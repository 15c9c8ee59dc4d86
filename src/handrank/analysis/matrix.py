"""Equity combo by combo: :func:`equity_matrix` and :func:`range_equity`.

Both enumerate every runout of the board exactly (heads-up).  The strength
of each combo on each runout is computed once (``_runouts.strengths``); the
matrix then compares every row combo with every column combo on each runout
(vectorised counters in C), and the range equity sorts the villain's
strengths on each runout so each hero combo costs two binary searches plus a
correction for the villain combos that share one of its cards
(csrc/matrix.c).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from html import escape
from typing import Any

import numpy as np

from ..core import _backend, _progress, _run, kernels
from ..core._typing import CardsLike, ComboArray, FloatArray
from ..core.cards import card_str, cards_str
from ..core.errors import InvalidRangeError
from ..equity import hilo as _hilo_equity
from ..equity import preflop as _preflop
from ..equity.holdem import BOARD_CARDS, SHARE_UNIT, _prepare, _Spot, equity
from ..games import Game
from ..games.base import VariantLike
from ..games.holdem import game_tables
from ..games.registry import best_five_game, beyond_best_five
from ..present._grid import class_name
from ..present._plot import range_equity_figure
from ..present._tabular import dataframe, frame, html_grid, html_table
from ..ranges.holdem import _CELL, _COMBO_IDS, PlayerLike, Range, parse_player
from ..ranges.omaha import OmahaRange
from . import _runouts
from . import parts as _parts

__all__ = ["EquityMatrix", "RangeEquity", "equity_matrix", "range_equity"]

# Largest jobs: (row combos x column combos x runouts) comparisons and
# (combos x runouts) evaluations.  The C core does about 3e9 comparisons a
# second; numpy about 1e8.
MAX_COMPARISONS = kernels.on_backend(c=2e11, python=5e8)
MAX_EVALUATIONS = kernels.on_backend(c=2e9, python=5e7)


@dataclass(frozen=True)
class EquityMatrix:
    """The result of :func:`equity_matrix`: each row combo against each column combo.

    Attributes
    ----------
    rows, cols : ndarray of uint8, shape (n, 2) and (m, 2)
        The combos of the two ranges in :class:`~handrank.Range` order.
    equity, win, tie : ndarray of float64, shape (n, m)
        Heads-up equity, win and tie fractions of row combo ``i`` against
        column combo ``j`` over every runout; NaN where the two share a card
        or either holds a board or dead card (or a card outside a variant's
        deck).  In a game of two halves `win` is the whole pot alone
        (a scoop) and `tie` a part of it.
    high, low : ndarray of float64, shape (n, m), or None
        A game of two halves: the row combo's share of the high half and of
        the low half (counted when a qualifying low exists); None otherwise.
    halves : tuple of str
        A game whose pot is cut into parts (two boards): the parts' names
        (``("board 1", "board 2")``); ``()`` otherwise.
    shares : ndarray of float64, shape (parts, n, m), or None
        A game of parts: the row combo's share of each part; there `win`
        is every part alone (a scoop) and `tie` a part of the pot but not
        all of it.  None otherwise.
    """

    rows: ComboArray
    cols: ComboArray
    equity: FloatArray
    win: FloatArray
    tie: FloatArray
    high: FloatArray | None = None
    low: FloatArray | None = None
    halves: tuple[str, ...] = ()
    shares: FloatArray | None = None

    def __repr__(self) -> str:
        return (f"EquityMatrix({len(self.rows)} x {len(self.cols)} combos, "
                f"{int(np.isfinite(self.equity).sum())} pairs dealt)")

    def to_pandas(self) -> Any:
        """Return a DataFrame with one row per (row combo, column combo) pair.

        Columns ``row`` and ``column`` (the combos as card text, ``"AhAd"``,
        as :meth:`RangeEquity.to_pandas` writes a hand), ``equity``, ``win``,
        ``tie`` in every game, then a game of two halves adds ``high`` and
        ``low``, a game of parts each part's share by its name (``board 1``,
        ``board 2``).  Rows go row combo by row combo, each against every
        column combo in order, so column ``equity`` is
        ``self.equity.ravel()``; a pair that cannot be dealt (a shared
        card) keeps its row with NaN figures.  Needs pandas
        (``pip install handrank[pandas]``).

        Examples
        --------
        >>> import handrank as hr
        >>> df = hr.equity_matrix("AA", "KK", board="Ks 7d 2c").to_pandas()  # doctest: +SKIP
        >>> df.columns.tolist()                                               # doctest: +SKIP
        ['row', 'column', 'equity', 'win', 'tie']
        """
        n, m = len(self.rows), len(self.cols)
        row_text = np.array([_hand_text(c) for c in self.rows], dtype=object)
        col_text = np.array([_hand_text(c) for c in self.cols], dtype=object)
        columns: dict[str, Any] = {"row": np.repeat(row_text, m), "column": np.tile(col_text, n),
                                   "equity": self.equity.ravel(), "win": self.win.ravel(),
                                   "tie": self.tie.ravel()}
        if self.high is not None and self.low is not None:
            columns.update(high=self.high.ravel(), low=self.low.ravel())
        if self.shares is not None:
            columns.update((name, s.ravel()) for name, s in zip(self.halves, self.shares))
        return frame(columns)


@dataclass(frozen=True)
class RangeEquity:
    """The result of :func:`range_equity`: each hero combo against the villain's range.

    Attributes
    ----------
    combos : ndarray of uint8, shape (n, 2)
        The hero's live combos (off the board and the dead cards) in
        :class:`~handrank.Range` order.
    weights : ndarray of float64, shape (n,)
        Their weights in the hero's range.
    equity, win, tie : ndarray of float64, shape (n,)
        Each combo's equity, win and tie fractions against the villain's
        weighted live combos that share no card with it, over every runout;
        NaN for a combo that every villain combo clashes with.
    overall : float
        The hero range's equity, ``hr.equity([hero, villain], board, dead,
        exact=True).equity[0]`` to the last bit.
    hero, villain : Range
        The two ranges as given.
    board : tuple of int
        The board's card ids.
    high, low : ndarray of float64, shape (n,), or None
        A game of two halves: each combo's share of the high half and of the
        low half (counted when a qualifying low exists); None otherwise.
    halves : tuple of str
        A game whose pot is cut into parts (two boards): the parts' names;
        ``()`` otherwise.
    shares : ndarray of float64, shape (parts, n), or None
        A game of parts: each combo's share of each part; there `win` is
        every part alone (a scoop) and `tie` a part of the pot but not all
        of it, and `board` the boards' cards one after the other.  None
        otherwise.
    """

    combos: ComboArray
    weights: FloatArray
    equity: FloatArray
    win: FloatArray
    tie: FloatArray
    overall: float
    hero: Range | OmahaRange
    villain: Range | OmahaRange
    board: tuple[int, ...] = field(default=())
    high: FloatArray | None = None
    low: FloatArray | None = None
    halves: tuple[str, ...] = ()
    shares: FloatArray | None = None

    def __repr__(self) -> str:
        return (f"RangeEquity(hero={self.hero.text!r}, villain={self.villain.text!r}, "
                f"{len(self.combos)} combos, overall={self.overall:.4f})")

    def distribution(self) -> tuple[FloatArray, FloatArray]:
        """Return the combos' equities sorted ascending and their cumulative weight.

        Returns
        -------
        equity : ndarray of float64
            The equities of the combos that can be dealt, ascending.
        cumulative : ndarray of float64
            The fraction of the range's weight at or below each equity:
            ``cumulative[-1] == 1``.

        Examples
        --------
        >>> import handrank as hr
        >>> e, c = hr.range_equity("AA,KK", "QQ", board="2c 3d 4h 5s 9c").distribution()
        >>> e.tolist(), c.tolist()
        ([1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0], \
[0.08333333333333333, 0.16666666666666666, 0.25, 0.3333333333333333, \
0.4166666666666667, 0.5, 0.5833333333333334, 0.6666666666666666, 0.75, \
0.8333333333333334, 0.9166666666666666, 1.0])
        """
        ok = np.isfinite(self.equity)
        e, w = self.equity[ok], self.weights[ok]
        order = np.argsort(e, kind="stable")
        c = np.cumsum(w[order])
        return e[order], c / c[-1]

    def by_class(self) -> FloatArray:
        """Return the weighted mean equity of each of the 169 classes, as a 13x13 grid.

        The layout is :meth:`handrank.Range.grid`'s (row and column 0 are
        aces, suited classes above the diagonal); NaN where the range holds
        no live combo of the class.

        Examples
        --------
        >>> import handrank as hr
        >>> g = hr.range_equity("AA,KK", "QQ", board="2c 3d 4h 5s 9c").by_class()
        >>> float(g[0, 0]), float(g[1, 1]), int(np.isnan(g).sum())
        (1.0, 1.0, 167)
        """
        ok = np.isfinite(self.equity)
        cell = _CELL[_combo_index(self.combos[ok])]
        w = self.weights[ok]
        total = np.bincount(cell, weights=w, minlength=169)
        value = np.bincount(cell, weights=w * self.equity[ok], minlength=169)
        with np.errstate(invalid="ignore", divide="ignore"):
            out = np.where(total > 0, value / np.where(total > 0, total, 1), np.nan)
        return out.reshape(13, 13)

    def plot(self, path: Any = None, *, ax: Any = None, kind: str = "both") -> Any:
        """Draw the grid coloured by equity per class and/or the distribution curve.

        Parameters
        ----------
        path : str or path-like, optional
            Save the figure there (the format from the extension).
        ax : matplotlib Axes or a pair of them, optional
            Draw into these axes (one for ``kind="grid"`` or
            ``"distribution"``, two for ``"both"``); a new figure otherwise.
        kind : {"both", "grid", "distribution"}

        Returns
        -------
        matplotlib.figure.Figure

        Raises
        ------
        ImportError
            Without matplotlib (``pip install handrank[plot]``).
        ValueError
            An unknown `kind`, or the wrong number of axes.

        Examples
        --------
        >>> import handrank as hr
        >>> fig = hr.range_equity("QQ+,AKs", "TT+,AK", board="Ks 7d 2c").plot()
        >>> type(fig).__name__, len(fig.axes)          # grid, its colour bar, the curve
        ('Figure', 3)
        """
        return range_equity_figure(self, path, ax, kind)

    def to_pandas(self) -> Any:
        """Return a DataFrame with one row per hero combo.

        Columns ``hand``, ``class``, ``weight``, ``equity``, ``win``, ``tie``
        in every game, then a game of two halves adds ``high`` and ``low``,
        a game of parts each part's share by its name (``board 1``,
        ``board 2``); ``class`` is a two-card hand's class (``AKs``), None
        for hands of more cards (needs pandas: ``pip install handrank[pandas]``).

        Examples
        --------
        >>> import handrank as hr
        >>> df = hr.range_equity("AA", "KK", board="Ks 7d 2c").to_pandas()  # doctest: +SKIP
        >>> df.columns.tolist()                                              # doctest: +SKIP
        ['hand', 'class', 'weight', 'equity', 'win', 'tie']
        """
        return dataframe(_combo_rows(self.combos, self.weights, equity=self.equity,
                                     win=self.win, tie=self.tie, **self._more_columns()))

    def _more_columns(self) -> dict[str, np.ndarray]:
        """The columns a game of halves or of parts adds after the common ones."""
        out: dict[str, np.ndarray] = {}
        if self.high is not None and self.low is not None:
            out.update(high=self.high, low=self.low)
        if self.shares is not None:
            out.update(zip(self.halves, self.shares))
        return out

    def _repr_html_(self) -> str:
        head = (f"<p><b>{_esc(self.hero.text)}</b> vs <b>{_esc(self.villain.text)}</b>"
                f"{_board_text(self.board)}: equity <b>{100 * self.overall:.2f}%</b> "
                f"over {len(self.combos)} combos</p>")
        best = np.argsort(-np.nan_to_num(self.equity, nan=-1.0), kind="stable")[:10]
        rows = _combo_rows(self.combos[best], self.weights[best], equity=self.equity[best],
                           win=self.win[best], tie=self.tie[best],
                           **{k: v[best] for k, v in self._more_columns().items()})
        # the 13 x 13 grid of classes is hold'em's (two-card hands)
        grid = (html_grid(self.by_class(), percent=True, keep=self.hero._chart_rows())
                if self.combos.shape[1] == 2 and isinstance(self.hero, Range) else "")
        return head + grid + "<p>strongest combos</p>" + html_table(rows)


def _esc(text: str) -> str:
    return escape(text)


def _board_text(board: tuple[int, ...]) -> str:
    return f" on {cards_str(board)}" if board else ""


def _combo_index(combos: np.ndarray) -> np.ndarray:
    hi = combos[:, 0].astype(np.intp)
    lo = combos[:, 1].astype(np.intp)
    return hi * (hi - 1) // 2 + lo


def _hand_text(combo: np.ndarray) -> str:
    return "".join(card_str(int(c)) for c in combo)


def _combo_rows(combos: np.ndarray, weights: np.ndarray,
                **columns: np.ndarray) -> list[dict[str, Any]]:
    out = []
    for k, combo in enumerate(combos):
        two = len(combo) == 2
        row: dict[str, Any] = {"hand": _hand_text(combo),
                               "class": class_name(int(combo[0]), int(combo[1])) if two
                               else None,
                               "weight": float(weights[k])}
        for name, values in columns.items():
            row[name] = float(values[k])
        out.append(row)
    return out


def _spot(players: list[Any], board: Any, dead: Any, variant: Any) -> _Spot:
    g = game_tables(variant)
    spot = _prepare(players, board, dead, g)
    return spot


def _check_cost(n_evals: float, n_compares: float) -> None:
    if n_evals > MAX_EVALUATIONS or n_compares > MAX_COMPARISONS:
        where = kernels.on_backend(c="", python=" on the pure-Python backend")
        raise InvalidRangeError(
            f"too large{where}: about {n_evals:.2g} evaluations and {n_compares:.2g} "
            f"comparisons (limits {MAX_EVALUATIONS:.0e} and {MAX_COMPARISONS:.0e}); "
            "give more board cards or smaller ranges")


def _chunk_rows(n_combos: int) -> int:
    return max(1, _runouts.CHUNK_CELLS // max(1, n_combos))


def equity_matrix(a: PlayerLike, b: PlayerLike, board: CardsLike = "", dead: CardsLike = "", *,
                  variant: VariantLike = None, game: Any = "holdem",
                  progress: Any = None) -> EquityMatrix:
    """Return the heads-up equity of every combo of `a` against every combo of `b`.

    (Long for its docstring: about 40 lines of code.)

    Exact over every runout of the board (0 to 5 cards given).  Each
    combo's strength on each runout is computed once; the pairs are then
    compared runout by runout with vectorised counters (csrc/matrix.c), so
    1,326 x 1,326 combos on a flop take well under a second.

    Parameters
    ----------
    a, b : str, Range or hand
        The row and the column range (text such as ``"QQ+,AKs"``, a
        :class:`~handrank.Range`, or an exact hand).  Weights are ignored:
        every combo gets its own row or column.
    board : str or sequence of cards, optional
        0 to 5 board cards.
    dead : str or sequence of cards, optional
        Cards no one holds and no runout deals.
    variant : str or Variant, optional
        The game; hold'em by default.
    progress : callable or bool, optional
        ``progress(done, total)`` after each chunk of runouts (`total` is the
        number of runouts; `done` never decreases and ends at `total`).  The
        result is the same with or without it; the games
        beyond a high hand of five (Omaha, hi-lo) report only the start and
        the end.  ``True`` draws a bar on stderr, ``False`` none; the default
        draws one in a Jupyter notebook once the call has taken a second.

    Returns
    -------
    EquityMatrix
        ``rows`` and ``cols`` are the ranges' combos in Range order,
        ``equity[i, j]`` row combo i's equity against column combo j: NaN
        where they share a card or one holds a board or dead card.

    Raises
    ------
    InvalidCardError, InvalidHandError
        A bad card, a board of more than 5 cards, an exact hand that holds
        a board or dead card.
    InvalidRangeError
        Bad range text, a range with no combo off the board and dead cards.
    InvalidRangeError
        A job too large (for example two wide ranges before the flop); like
        every error for a bad value, a HandrankError and a ValueError.

    Examples
    --------
    >>> import handrank as hr
    >>> m = hr.equity_matrix("AA", "KK", board="Ks 7d 2c")
    >>> m.equity.shape, round(float(np.nanmax(m.equity)), 4)
    ((6, 6), 0.0859)
    >>> int(np.isnan(m.equity).sum())     # the three KK combos holding the Ks
    18
    >>> hr.cards_str(m.rows[0]), hr.cards_str(m.cols[5])
    ('As Ah', 'Kd Kc')
    >>> bool(m.equity[0, 5] == hr.equity(["AsAh", "KdKc"], board="Ks 7d 2c").equity[0])
    True
    >>> hr.equity_matrix("AsKs", "QQ", board="As 7d 2c")
    Traceback (most recent call last):
    ...
    handrank.errors.InvalidHandError: card 'As' is in player 1's hand and on the board
    """
    progress = _progress.resolve(progress, "equity matrix")  # a notebook's bar
    other = beyond_best_five(game, variant, 'equity_matrix', parts=True)
    if other is not None and other.parts:   # two boards: pair by pair
        return _parts_matrix(other, a, b, board, dead, progress)
    if other is not None:                 # the other games report the start and the end
        ends = _run.Tally(_run.check_progress(progress), 1)
        ends.show()
        m = _game_matrix(other, a, b, board, dead)
        ends.finish()
        return m
    variant = best_five_game(game, variant, 'equity_matrix')
    ra, rb = parse_player(a), parse_player(b)
    spot = _spot([ra, rb], board, dead, variant)
    rows, _ = ra.arrays()
    cols, _ = rb.arrays()
    outside = np.flatnonzero(~np.asarray(spot.g.in_deck[:52], dtype=bool))
    known = np.concatenate([spot.board, spot.dead, outside]).astype(np.uint8)
    row_ok = ~_runouts.touches(rows, known)
    col_ok = ~_runouts.touches(cols, known)
    lr = np.ascontiguousarray(rows[row_ok])
    lc = np.ascontiguousarray(cols[col_ok])
    g = spot.g
    n_r = _runouts.n_runouts(g, spot.board, spot.dead)
    _check_cost((len(lr) + len(lc)) * n_r, len(lr) * len(lc) * n_r)
    win = np.zeros((len(lr), len(lc)), dtype=np.uint32)
    tie = np.zeros((len(lr), len(lc)), dtype=np.uint32)
    tally = _run.Tally(_run.check_progress(progress), n_r)
    tally.show()
    for runs in _runouts.runouts(g, spot.board, spot.dead, _chunk_rows(len(lr) + len(lc))):
        s_rows = _runouts.strengths(g, spot.board, runs, lr)
        s_cols = _runouts.strengths(g, spot.board, runs, lc)
        _runouts.matrix_tally(s_rows, s_cols, win, tie)
        tally.add(len(runs))
    tally.finish()
    left = len(_runouts.deck_left(g, spot.board, spot.dead))
    total = float(math.comb(left - 4, BOARD_CARDS - len(spot.board)))
    apart = ~_runouts.clashes(lr, lc)
    shape = (len(rows), len(cols))
    eq, w, t = (np.full(shape, np.nan) for _ in range(3))
    cell = np.ix_(np.flatnonzero(row_ok), np.flatnonzero(col_ok))
    wf = np.where(apart, win / total, np.nan)
    tf = np.where(apart, tie / total, np.nan)
    w[cell], t[cell] = wf, tf
    eq[cell] = np.where(apart, _shares(win, tie) / SHARE_UNIT / total, np.nan)
    return EquityMatrix(rows=rows, cols=cols, equity=eq, win=w, tie=t)


def range_equity(hero: PlayerLike, villain: PlayerLike, board: CardsLike = "",
                 dead: CardsLike = "", *, variant: VariantLike = None,
                 game: Any = "holdem", progress: Any = None) -> RangeEquity:
    """Return the equity of each hero combo against the villain's whole range.

    (Long for its docstring: about 50 lines of code.)

    Exact over every runout (0 to 5 board cards given), heads-up.  A hero
    combo meets only the villain combos that share no card with it, each
    with its weight (card removal).

    Parameters
    ----------
    hero, villain : str, Range or hand
        Range text (``"JJ+,AK"``, ``"22+:0.5"``), a :class:`~handrank.Range`
        or an exact hand.
    board : str or sequence of cards, optional
        0 to 5 board cards.
    dead : str or sequence of cards, optional
        Cards no one holds and no runout deals.
    variant : str or Variant, optional
        The game; hold'em by default.
    progress : callable or bool, optional
        ``progress(done, total)`` after each chunk of the work (runouts, or
        before the flop the hero's hand classes; `done` never decreases and
        the last call has ``done == total``).  The result is the same with
        or without it; the games
        beyond a high hand of five (Omaha, hi-lo) report only the start and
        the end.  ``True`` draws a bar on stderr, ``False`` none; the default
        draws one in a Jupyter notebook once the call has taken a second.

    Returns
    -------
    RangeEquity
        Per live hero combo ``equity``, ``win``, ``tie``; ``overall`` is the
        weighted mean, equal to ``hr.equity([hero, villain], board, dead,
        exact=True).equity[0]`` bit for bit.  When the weights are multiples
        of a power of two (1, 0.5, 0.25 ...) and the sums fit in 53 bits,
        it comes from this function's own exact tallies, which are then the
        very numbers hr.equity divides; otherwise hr.equity is called.

    Raises
    ------
    InvalidCardError, InvalidHandError
        A bad card, a board of more than 5 cards, an exact hand that holds
        a board or dead card.
    InvalidRangeError
        Bad range text, a range with no combo left after the board and dead
        cards, ranges that always clash.
    InvalidRangeError
        A job too large (for example two wide ranges before the flop); like
        every error for a bad value, a HandrankError and a ValueError.

    Examples
    --------
    >>> import handrank as hr
    >>> re = hr.range_equity("AA,KK", "QQ", board="Qh 7c 2d")
    >>> len(re.combos), round(re.overall, 4)
    (12, 0.0859)
    >>> bool(re.overall == hr.equity(["AA,KK", "QQ"], board="Qh 7c 2d", exact=True).equity[0])
    True
    >>> hr.range_equity("QQ", "AA", board="Qh Qc Qd 7s")
    Traceback (most recent call last):
    ...
    handrank.errors.InvalidRangeError: player 1's range 'QQ' has no combos left after \
removing the board, the dead cards and the other players' hands
    """
    progress = _progress.resolve(progress, "range equity")  # a notebook's bar
    other = beyond_best_five(game, variant, 'range_equity', parts=True)
    if other is not None and other.parts:   # two boards: pair by pair
        return _parts_range_equity(other, hero, villain, board, dead, progress)
    if other is not None:                 # the other games report the start and the end
        ends = _run.Tally(_run.check_progress(progress), 1)
        ends.show()
        r = _game_range_equity(other, hero, villain, board, dead)
        ends.finish()
        return r
    variant = best_five_game(game, variant, 'range_equity')
    rh, rv = parse_player(hero), parse_player(villain)
    spot = _spot([rh, rv], board, dead, variant)
    g = spot.g
    hc, hw = spot.combos[0], spot.weights[0]
    vc, vw = spot.combos[1], spot.weights[1]
    hc, hw = _range_order(hc, hw)
    vc, vw = _range_order(vc, vw)
    n_r = _runouts.n_runouts(g, spot.board, spot.dead)
    # the C core's tally sorts the villain's strengths per runout (about 40
    # comparisons a hand); numpy's compares every pair
    _check_cost((len(hc) + len(vc)) * n_r,
                len(hc) * kernels.on_backend(c=40, python=len(vc)) * n_r)
    left = len(_runouts.deck_left(g, spot.board, spot.dead))
    boards = math.comb(left - 4, BOARD_CARDS - len(spot.board))
    apart_w = (~_runouts.clashes(hc, vc)).astype(np.float64) @ vw     # villain weight met
    total = apart_w * boards
    if not (total > 0).any():
        raise InvalidRangeError("the players' ranges always clash: no deal is possible")
    tally = _run.Tally(_run.check_progress(progress), n_r)
    fast = (_preflop_tally(hc, vc, vw, tally)
            if not len(spot.board) and not len(spot.dead) and g is _backend.GAMES["holdem"]
            else None)
    if fast is not None:
        win, tie = fast
    else:
        win = np.zeros(len(hc))
        tie = np.zeros(len(hc))
        tally.total = tally.done + n_r      # after a preflop pass that gave up, if any
        tally.show()
        for runs in _runouts.runouts(g, spot.board, spot.dead, _chunk_rows(len(hc) + len(vc))):
            s_h = _runouts.strengths(g, spot.board, runs, hc)
            s_v = _runouts.strengths(g, spot.board, runs, vc)
            _runouts.range_tally(s_h, s_v, hc, vc, vw, win, tie)
            tally.add(len(runs))
    tally.finish()
    with np.errstate(invalid="ignore", divide="ignore"):
        ok = total > 0
        denom = np.where(ok, total, 1.0)
        eq = np.where(ok, _shares(win, tie) / SHARE_UNIT / denom, np.nan)
        wf = np.where(ok, win / denom, np.nan)
        tf = np.where(ok, tie / denom, np.nan)
    overall = _overall(hw, vw, win, tie, total)
    if overall is None:
        overall = float(equity([rh, rv], board, dead, exact=True, variant=variant).equity[0])
    b = tuple(int(c) for c in spot.board)
    return RangeEquity(combos=hc, weights=hw, equity=eq, win=wf, tie=tf, overall=overall,
                       hero=rh, villain=rv, board=b)


def _preflop_tally(hc: np.ndarray, vc: np.ndarray, vw: np.ndarray,
                   tally: _run.Tally | None = None) -> tuple[np.ndarray, np.ndarray] | None:
    """The runout loop's win and tie tallies before the flop, from the preflop
    table's counts shared across suit patterns (handrank.equity.preflop): one rank
    pass and flush corrections per pair of hole-rank pairs, then each combo
    pair's suit patterns pick its counts.  None (use the loop) on the
    pure-Python backend (the counts are the C core's) and unless the
    weighted tallies are exact integers in float64, as the loop's then are, so
    both give the same numbers bit for bit."""
    e = _scale(vw)
    if e is None:
        return None
    vs = np.rint(vw * float(1 << e)).astype(np.int64)
    hc = hc.astype(np.int64)
    vc = vc.astype(np.int64)
    # each combo with its higher-ranked card first (the order its key is in)
    hc = np.where((hc[:, :1] >> 2) < (hc[:, 1:] >> 2), hc[:, ::-1], hc)
    vc = np.where((vc[:, :1] >> 2) < (vc[:, 1:] >> 2), vc[:, ::-1], vc)
    h_key = (hc[:, 0] >> 2) * 13 + (hc[:, 1] >> 2)
    v_key = (vc[:, 0] >> 2) * 13 + (vc[:, 1] >> 2)
    win_i = np.zeros(len(hc), dtype=np.int64)
    tie_i = np.zeros(len(hc), dtype=np.int64)
    bits = np.int64(1) << np.arange(4, dtype=np.int64)
    h_keys = np.unique(h_key)
    started = False
    for hk in h_keys:
        hi = np.flatnonzero(h_key == hk)
        for vk in np.unique(v_key):
            vi = np.flatnonzero(v_key == vk)
            key = (int(hk) // 13, int(hk) % 13, int(vk) // 13, int(vk) % 13)
            blocks = _preflop.pattern_counts(key)
            if blocks is None:
                return None         # the pure-Python backend: the runout loop counts
            if not started and tally is not None:
                tally.total, tally.done = len(h_keys), 0
                tally.show()
            started = True
            cards = np.concatenate([np.repeat(hc[hi], len(vi), axis=0),
                                    np.tile(vc[vi], (len(hi), 1))], axis=1)
            apart = ((cards[:, :2, None] != cards[:, None, 2:]).all(axis=(1, 2)))
            in_suit = (cards[:, None, :] & 3) == np.arange(4)[None, :, None]
            pats = (in_suit * bits).sum(axis=2)                      # (m, 4)
            counts = blocks[0] + blocks[1 + pats].sum(axis=1)        # (m, 6)
            w = np.tile(vs[vi], len(hi)) * apart
            win_i[hi] += (counts[:, 0] * w).reshape(len(hi), len(vi)).sum(axis=1)
            tie_i[hi] += (counts[:, 2] * w).reshape(len(hi), len(vi)).sum(axis=1)
        if tally is not None:
            tally.add(1)
    if max(int(win_i.max(initial=0)), int(tie_i.max(initial=0))) >= 1 << _EXACT_BITS:
        return None
    return win_i / float(1 << e), tie_i / float(1 << e)


def _shares(win: np.ndarray, tie: np.ndarray) -> np.ndarray:
    """Pot shares in units of 1 / SHARE_UNIT, as hr.equity counts them (exact
    integers for whole counts), so that one combo's equity is hr.equity's to
    the last bit."""
    return win * float(SHARE_UNIT) + tie * float(SHARE_UNIT // 2)


def _range_order(combos: np.ndarray, weights: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Combos in Range order (hi, lo descending), whatever order they came in."""
    order = np.argsort(-_combo_index(combos), kind="stable")
    return np.ascontiguousarray(combos[order], dtype=np.uint8), weights[order]


_EXACT_BITS = 53


def _scale(weights: np.ndarray) -> int | None:
    """The smallest e <= 30 with every weight * 2**e an integer, or None."""
    for e in range(31):
        s = weights * float(1 << e)
        if np.all(s == np.floor(s)):
            return e
    return None


def _overall(hw: np.ndarray, vw: np.ndarray, win: np.ndarray, tie: np.ndarray,
             total: np.ndarray) -> float | None:
    """hr.equity's number from the exact tallies, or None if they may not be exact.

    hr.equity adds ``w_hero * w_villain * count`` over the pairs: with
    weights that are multiples of ``2**-e`` every partial sum is a multiple
    of ``2**-(e_h + e_v)``, so if the final sums stay below ``2**53`` units
    nothing is ever rounded, in its sums or in these.  The same two sums then
    go through the same two divisions.
    """
    eh, ev = _scale(hw), _scale(vw)
    if eh is None or ev is None:
        return None
    unit_v = float(1 << ev)
    w_units, t_units, tot_units = win * unit_v, tie * unit_v, total * unit_v
    for x in (w_units, t_units, tot_units):
        if not np.all(x == np.floor(x)) or x.max(initial=0.0) >= 2.0**_EXACT_BITS:
            return None
    h_units = hw * float(1 << eh)
    # bounds in floating point first, so the int64 sums below cannot overflow
    share = (w_units * SHARE_UNIT + t_units * (SHARE_UNIT // 2)) * h_units
    if share.sum() >= 2.0**_EXACT_BITS or (tot_units * h_units).sum() >= 2.0**_EXACT_BITS:
        return None
    hi = h_units.astype(np.int64)
    s_int = int(np.dot(hi, w_units.astype(np.int64) * SHARE_UNIT
                       + t_units.astype(np.int64) * (SHARE_UNIT // 2)))
    t_int = int(np.dot(hi, tot_units.astype(np.int64)))
    if t_int == 0:
        return None
    scale = 2.0 ** -(eh + ev)
    return float(np.float64(s_int * scale) / SHARE_UNIT / np.float64(t_int * scale))


def _all_combos() -> np.ndarray:
    return _COMBO_IDS


# ------------------------------------------------ the games of other hands and halves


def _too_large(g: Game, what: str) -> Any:
    cells, comparisons = _hilo_equity.pair_limits(g)

    def make(detail: str) -> InvalidRangeError:
        return InvalidRangeError(
            f"{what} too large for {g.name}: {detail} (limits "
            f"{cells:.0e} strengths and {comparisons:.0e} "
            "comparisons); give more board cards or smaller ranges")
    return make


def _all_hands(g: Game, x: Any) -> tuple[Any, np.ndarray]:
    """A player's range and every hand of it (before card removal), in its order."""
    if g.hole_cards == 2:
        r = parse_player(x)
        return r, r.arrays()[0]
    t = _hilo_equity.table(g, [x, "random"], "", "", listed=(0,))
    h = t.hands[0]
    assert h is not None
    return (x if isinstance(x, OmahaRange) else OmahaRange(_hilo_equity.hands_text(h))
            if len(h) == 1 else OmahaRange(x)), h


def _place(all_hands: np.ndarray, live: np.ndarray) -> np.ndarray:
    """The index in `all_hands` of each row of `live` (rows of the same card sets)."""
    key = {int(m): i for i, m in enumerate(_hilo_equity.masks(all_hands))}
    return np.array([key[int(m)] for m in _hilo_equity.masks(live)], dtype=np.int64)


def _game_matrix(g: Game, a: Any, b: Any, board: Any, dead: Any) -> EquityMatrix:
    t = _hilo_equity.table(g, [a, b], board, dead, listed=True)
    _, rows = _all_hands(g, a)
    _, cols = _all_hands(g, b)
    p = _hilo_equity.exact_pairs(t, too_large=_too_large(g, "equity_matrix"))
    h0, h1 = t.hands
    assert h0 is not None and h1 is not None
    cell = np.ix_(_place(rows, h0), _place(cols, h1))
    full = {}
    for k in ("equity", "win", "tie", "high", "low"):
        m = np.full((len(rows), len(cols)), np.nan)
        m[cell] = p[k]
        full[k] = m
    split = g.split
    return EquityMatrix(rows=rows, cols=cols, equity=full["equity"], win=full["win"],
                        tie=full["tie"], high=full["high"] if split else None,
                        low=full["low"] if split else None)


def _game_range_equity(g: Game, hero: Any, villain: Any, board: Any,
                       dead: Any) -> RangeEquity:
    t = _hilo_equity.table(g, [hero, villain], board, dead, listed=True)
    rh, _ = _all_hands(g, hero)
    rv, _ = _all_hands(g, villain)
    p = _hilo_equity.exact_pairs(t, too_large=_too_large(g, "range_equity"))
    w0, w1 = _hilo_equity.weights_of(t, 0), _hilo_equity.weights_of(t, 1)
    dealt = p["dealt"]
    if not dealt.any():
        raise InvalidRangeError("the players' ranges always clash: no deal is possible")
    per = {k: _hilo_equity.pair_mean(p[k], w0, w1, dealt) for k in
           ("equity", "win", "tie", "high", "low")}
    h0 = t.hands[0]
    assert h0 is not None
    split = g.split
    return RangeEquity(combos=h0, weights=w0, equity=per["equity"][0], win=per["win"][0],
                       tie=per["tie"][0], overall=per["equity"][1], hero=rh, villain=rv,
                       board=tuple(int(c) for c in t.board),
                       high=per["high"][0] if split else None,
                       low=per["low"][0] if split else None)


# ------------------------------------------------ the games of parts (two boards)


def _parts_matrix(g: Game, a: Any, b: Any, board: Any, dead: Any, progress: Any
                  ) -> EquityMatrix:
    """:func:`equity_matrix` in a game of parts: each pair exactly (analysis/parts.py)."""
    _, rows, _ = _parts.player_range(g, a, 0)
    _, cols, _ = _parts.player_range(g, b, 1)
    t = _parts.pair_table(g, rows, cols, board, dead, "equity_matrix", progress)
    return EquityMatrix(rows=rows, cols=cols, equity=t.equity, win=t.win, tie=t.tie,
                        halves=tuple(p.name for p in g.parts), shares=t.shares)


def _parts_range_equity(g: Game, hero: Any, villain: Any, board: Any, dead: Any,
                        progress: Any) -> RangeEquity:
    """:func:`range_equity` in a game of parts: each hero combo against the villain's
    combos it can meet, by weight; `overall` summed in the order hr.equity sums it."""
    rh, hc, hw = _parts.player_range(g, hero, 0)
    rv, vc, vw = _parts.player_range(g, villain, 1)
    t = _parts.pair_table(g, hc, vc, board, dead, "range_equity", progress)
    live = ~np.isin(hc, t.gone).any(axis=1)
    if not live.any():
        raise InvalidRangeError(f"player 1's range {rh.text!r} has no combos left after "
                                "removing the boards and the dead cards")
    if not t.dealt.any():
        raise InvalidRangeError("the players' ranges always clash: no deal is possible")
    w = np.where(t.dealt, vw[None, :], 0.0)
    met = w.sum(axis=1)
    with np.errstate(invalid="ignore", divide="ignore"):
        def mean(x: np.ndarray) -> np.ndarray:
            return np.asarray(np.where(met > 0, np.nansum(x * w, axis=-1) / met, np.nan))
        eq, win, tie = mean(t.equity), mean(t.win), mean(t.tie)
        shares = np.stack([mean(s) for s in t.shares])
    acc = total = 0.0
    for i, j in np.argwhere(t.dealt):
        wt = float(np.prod([hw[i], vw[j]]))
        acc += wt * float(t.equity[i, j])
        total += wt
    k = np.flatnonzero(live)
    boards = tuple(int(c) for c in _parts.board_cards(g, board))
    return RangeEquity(combos=hc[k], weights=hw[k], equity=eq[k], win=win[k], tie=tie[k],
                       overall=acc / total, hero=rh, villain=rv, board=boards,
                       halves=tuple(p.name for p in g.parts), shares=shares[:, k])
