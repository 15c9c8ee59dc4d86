"""What a range holds on a board: made hands and draws, combo by combo (:func:`analyze`)."""

from __future__ import annotations

import dataclasses
import itertools
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from numpy.typing import NDArray

from ..core import _progress, _run
from ..core._typing import CardsLike, ComboArray, FloatArray
from ..core.cards import cards, cards_str
from ..core.errors import InvalidHandError, InvalidRangeError
from ..equity import hilo as _hilo_equity
from ..equity.holdem import claim_card
from ..games import Game
from ..games.base import VariantLike
from ..games.hands import low
from ..games.holdem import Category, evaluate_batch, game_tables
from ..games.registry import best_five_game, beyond_best_five
from ..present._plot import analysis_figure
from ..present._tabular import dataframe, html_table
from ..ranges.holdem import PlayerLike, Range, parse_player
from ..ranges.omaha import OmahaRange
from . import _runouts
from . import parts as _parts

__all__ = ["CLASSES", "DRAWS", "BoardAnalysis", "analyze"]

#: Made-hand classes, strongest first.
CLASSES = ("straight_flush", "four_of_a_kind", "full_house", "flush", "straight",
           "three_of_a_kind", "two_pair", "overpair", "top_pair", "middle_pair",
           "bottom_pair", "underpair", "board_pair", "high_card")
#: Draw names.
DRAWS = ("flush_draw", "nut_flush_draw", "open_ended", "gutshot", "backdoor_flush_draw",
         "overcards")

_PAIR_CLASSES = ("overpair", "top_pair", "middle_pair", "bottom_pair", "underpair",
                 "board_pair")
_CATEGORY_CLASS: dict[Category, int] = {c: CLASSES.index(c.name.lower()) for c in Category
                                        if c != Category.ONE_PAIR}
MIN_BOARD, MAX_BOARD = 3, 5
# class index of each category (one pair is split later); draw-bit sets as frozensets
_CATEGORY_LUT = np.array([0] + [_CATEGORY_CLASS.get(c, 0) for c in Category], dtype=np.int64)
_DRAW_SETS = [frozenset(name for k, name in enumerate(DRAWS) if bits >> k & 1)
              for bits in range(1 << len(DRAWS))]


@dataclass(frozen=True)
class BoardAnalysis:
    """The result of :func:`analyze`.

    Attributes
    ----------
    combos : ndarray of uint8, shape (n, 2)
        The range's live combos (off the board and the dead cards), in
        :class:`~handrank.Range` order.
    weights : ndarray of float64, shape (n,)
    classes : ndarray of str, shape (n,)
        Each combo's made-hand class, one of :data:`CLASSES`.
    draws : list of frozenset of str
        Each combo's draws, names from :data:`DRAWS` (empty on the river).
    counts : dict of str to float
        Weighted combos per class and per draw name (every name, zeros too).
    share : dict of str to float
        ``counts`` divided by the total live weight.
    board : tuple of int
    range : Range or OmahaRange
    low : ndarray of uint16, shape (n,), or None
        A game with a low half: each combo's best qualifying low on the board
        (0: none yet); then ``counts`` and ``share`` also have ``"low"`` (a
        made low) and ``"low_draw"`` (no low yet, one more card can make one;
        boards of 3 or 4 cards).  None otherwise.
    parts : dict of str to BoardAnalysis
        A game whose pot is cut into parts, each with a board of its own
        (double-board hold'em and Omaha): each part's analysis on its board,
        by the part's name (``"board 1"``, ``"board 2"``); the other board's
        cards are gone from the deck, as dead cards are, so every part has
        the same combos.  The fields above are then the first part's (as a
        hi-lo game's are its high half's) and :meth:`rows` adds each part's
        ``"<part> combos"`` and ``"<part> share"``.  Empty otherwise.
    """

    combos: ComboArray
    weights: FloatArray
    classes: NDArray[np.str_]
    draws: list[frozenset[str]]
    counts: dict[str, float]
    share: dict[str, float]
    board: tuple[int, ...]
    range: Range | OmahaRange
    low: NDArray[np.uint16] | None = None
    parts: dict[str, BoardAnalysis] = field(default_factory=dict)

    def _top(self) -> str:
        top = sorted(((v, k) for k, v in self.share.items() if v > 0 and k in CLASSES),
                     reverse=True)[:3]
        return ", ".join(f"{k} {100 * v:.1f}%" for v, k in top)

    def __repr__(self) -> str:
        if self.parts:
            on = " | ".join(cards_str(p.board) for p in self.parts.values())
            best = "; ".join(f"{name}: {p._top()}" for name, p in self.parts.items())
        else:
            on, best = cards_str(self.board), self._top()
        return (f"BoardAnalysis({self.range.text!r} on {on!r}: "
                f"{len(self.combos)} combos; {best})")

    def rows(self) -> list[dict[str, Any]]:
        """One dict per name (classes, then draws): name, kind, combos, share.

        Examples
        --------
        >>> import handrank as hr
        >>> hr.analyze("AA,KK", board="Ks 7d 2c").rows()[1]
        {'name': 'four_of_a_kind', 'kind': 'made', 'combos': 0.0, 'share': 0.0}
        """
        out = []
        for names, kind in ((CLASSES, "made"), (DRAWS, "draw")):
            for name in names:
                row = {"name": name, "kind": kind, "combos": self.counts[name],
                       "share": self.share[name]}
                for part, p in self.parts.items():
                    row[f"{part} combos"] = p.counts[name]
                    row[f"{part} share"] = p.share[name]
                out.append(row)
        return out

    def _columns(self) -> list[str]:
        return ["name", "kind", "combos", "share"] + [
            f"{part} {c}" for part in self.parts for c in ("combos", "share")]

    def to_pandas(self) -> Any:
        """Return a DataFrame with one row per class and draw name.

        Columns ``name``, ``kind`` ("made" or "draw"), ``combos`` (weighted)
        and ``share``; needs pandas (``pip install handrank[pandas]``).

        Examples
        --------
        >>> import handrank as hr
        >>> df = hr.analyze("AA,KK", board="Ks 7d 2c").to_pandas()  # doctest: +SKIP
        >>> df.set_index("name").loc["overpair", "combos"]          # doctest: +SKIP
        6.0
        """
        return dataframe(self.rows(), self._columns())

    def plot(self, path: Any = None, *, ax: Any = None) -> Any:
        """Draw the shares of the made-hand classes and draws as horizontal bars.

        Parameters
        ----------
        path : str or path-like, optional
            Save the figure there.
        ax : matplotlib Axes, optional
            Draw into it; a new figure otherwise.

        Returns
        -------
        matplotlib.figure.Figure

        Examples
        --------
        >>> import handrank as hr
        >>> fig = hr.analyze("22+,AJs+", board="Qh 7h 2d").plot()
        >>> fig.axes[0].get_title()
        '22+,AJs+ on Qh 7h 2d: 80 combos'
        """
        return analysis_figure(self, path, ax, CLASSES, DRAWS)

    def _repr_html_(self) -> str:
        head = (f"<p><b>{self.range.text}</b> on <b>{cards_str(self.board)}</b>: "
                f"{len(self.combos)} combos</p>")
        rows = [dict(r, share=f"{100 * r['share']:.1f}%", combos=f"{r['combos']:g}")
                for r in self.rows() if r["combos"] > 0]
        return head + html_table(rows, self._columns())


def _straights(in_deck: np.ndarray) -> np.ndarray:
    """13-bit rank masks of the straights of a deck: five consecutive ranks of
    the deck, and the ace with the deck's four lowest ranks."""
    ranks = [r for r in range(13) if in_deck[4 * r]]
    out = [sum(1 << r for r in ranks[i:i + 5]) for i in range(len(ranks) - 4)]
    out.append((1 << 12) | sum(1 << r for r in ranks[:4]))
    return np.array(sorted(set(out)), dtype=np.int64)


def analyze(range: PlayerLike, board: CardsLike, dead: CardsLike = "", *,
            variant: VariantLike = None, game: Any = "holdem",
            progress: Any = None) -> BoardAnalysis:
    """Return the made hand and the draws of every combo of a range on a board.

    (Long for its docstring: about 35 lines of code.)

    A combo's *hand* is its two hole cards with the board (3, 4 or 5 cards).

    Made-hand classes (each combo has exactly one):

    * the hand categories of :ref:`rules-categories` by name, from the best five of the
      hand: ``high_card``, ``two_pair``, ``three_of_a_kind``, ``straight``,
      ``flush``, ``full_house``, ``four_of_a_kind``, ``straight_flush``;
    * ``one_pair`` is split by where the pair is:

      - ``overpair``: the hole cards are a pair above every board card;
      - ``underpair``: the hole cards are a pair below every board card;
      - ``top_pair`` / ``bottom_pair``: one hole card pairs the highest /
        the lowest board rank;
      - ``middle_pair``: one hole card pairs another board rank, or the
        hole cards are a pair between the highest and lowest board ranks;
      - ``board_pair``: the only pair is two board cards (neither hole card
        pairs anything).

    Draws (only on boards of 3 or 4 cards, and only for hands that are not
    a flush, full house, four of a kind or straight flush; a combo may have
    several):

    * ``flush_draw``: some suit has exactly four cards among hole and board,
      at least one of them a hole card;
    * ``nut_flush_draw``: a flush draw that holds the highest card of its
      suit that is in the deck and neither on the board nor dead;
    * ``open_ended``: the hand has no straight, and two or more ranks would
      each complete a straight (five consecutive ranks, the ace also below
      the deck's lowest rank) that uses a hole card's rank not given by the
      board and the new card; a rank counts if one of its cards can still
      come (in the deck, neither on the board nor dead);
    * ``gutshot``: the same with exactly one such rank;
    * ``backdoor_flush_draw``: on a 3-card board, some suit has exactly three
      cards among hole and board, at least one of them a hole card;
    * ``overcards``: both hole cards rank above every board card and the hand
      is a high card (no pair or better).

    Parameters
    ----------
    range : str, Range or hand
        The combos to sort (weights are kept: ``counts`` are weighted).
    board : str or sequence of cards
        3, 4 or 5 cards.
    dead : str or sequence of cards, optional
        Cards no combo may hold.
    variant : str or Variant, optional
        The game (its deck and its straights); hold'em by default.
    game : str or Game
        A game with a board (hold'em by default); a game of two boards
        sorts the range board by board (see `parts` of :class:`BoardAnalysis`).
    progress : callable or bool, optional
        ``progress(done, total)`` at the start and at the end (a game of two
        boards: after each board).  ``True`` draws a bar on stderr, ``False``
        none; the default draws one in a Jupyter notebook once the call has
        taken a second.  The result is the same with or without it.

    Returns
    -------
    BoardAnalysis

    Raises
    ------
    InvalidCardError, InvalidHandError
        A bad card, a board of fewer than 3 or more than 5 cards, a card
        twice, an exact hand holding a board or dead card.
    InvalidRangeError
        Bad range text, or no combo left off the board and dead cards.

    Examples
    --------
    >>> import handrank as hr
    >>> a = hr.analyze("AA,KK,AQs,AJs,65s", board="Qh 7h 2d")
    >>> a.counts["overpair"], a.counts["top_pair"], a.counts["flush_draw"]
    (12.0, 3.0, 2.0)
    >>> a.share["nut_flush_draw"] == 1 / len(a.combos)
    True
    >>> hr.cards_str(a.combos[0]), str(a.classes[0]), sorted(a.draws[0])
    ('As Ah', 'overpair', ['backdoor_flush_draw'])
    >>> hr.analyze("AA", board="Qh 7h")
    Traceback (most recent call last):
    ...
    handrank.errors.InvalidHandError: expected a board of 3 to 5 cards, got 2
    """
    tally = _run.Tally(_run.check_progress(_progress.resolve(progress, "analyze")), 1)
    tally.show()
    other = beyond_best_five(game, variant, 'analyze', parts=True)
    if other is not None and other.parts:
        out = _analyze_parts(other, range, board, dead, tally)
    elif other is not None:
        out = _analyze_game(other, range, board, dead)
    else:
        out = _analyze_best_five(range, board, dead, variant, game)
    tally.finish()
    return out


def _analyze_best_five(range: PlayerLike, board: CardsLike, dead: CardsLike,
                       variant: VariantLike, game: Any) -> BoardAnalysis:
    """:func:`analyze` in the games ranked by the best five with one high half."""
    variant = best_five_game(game, variant, 'analyze')
    g = game_tables(variant)
    r = parse_player(range)
    b = cards(board) if not isinstance(board, str) or board.strip() else []
    d = cards(dead) if not isinstance(dead, str) or dead.strip() else []
    if not MIN_BOARD <= len(b) <= MAX_BOARD:
        raise InvalidHandError(f"expected a board of {MIN_BOARD} to {MAX_BOARD} cards, "
                               f"got {len(b)}")
    where: dict[int, str] = {}
    for c in b:
        claim_card(where, c, "the board", g)
    for c in d:
        claim_card(where, c, "the dead cards", g)
    combos, weights = r.arrays()
    if len(combos) == 1:
        for c in combos[0]:
            claim_card(where, int(c), "the hand", g)
    known = np.array(sorted(where) if len(combos) != 1 else b + d, dtype=np.uint8)
    outside = np.flatnonzero(~np.asarray(g.in_deck[:52], dtype=bool)).astype(np.uint8)
    live = ~_runouts.touches(combos, np.concatenate([known, outside]))
    combos, weights = np.ascontiguousarray(combos[live]), weights[live]
    if len(combos) == 0:
        raise InvalidRangeError(f"range {r.text!r} has no combos left after removing the "
                                "board and the dead cards")
    board_ids = np.array(b, dtype=np.uint8)
    cls, draw_bits = _classify(g, variant, combos, board_ids, np.array(d, dtype=np.uint8))
    names, draws, counts = _named(cls, draw_bits, weights)
    total = float(weights.sum())
    share = {k: (v / total if total > 0 else 0.0) for k, v in counts.items()}
    return BoardAnalysis(combos=combos, weights=weights, classes=names, draws=draws,
                         counts=counts, share=share, board=tuple(b), range=r)


def _named(cls: np.ndarray, draw_bits: np.ndarray, weights: np.ndarray
           ) -> tuple[NDArray[np.str_], list[frozenset[str]], dict[str, float]]:
    """Class names, draw sets and the weighted count of each class and draw."""
    counts: dict[str, float] = {}
    per_class = np.bincount(cls, weights=weights, minlength=len(CLASSES))
    for k, name in enumerate(CLASSES):
        counts[name] = float(per_class[k])
    for k, name in enumerate(DRAWS):
        counts[name] = float(weights[(draw_bits >> k) & 1 == 1].sum())
    return (np.array(CLASSES)[cls], [_DRAW_SETS[bits] for bits in draw_bits.tolist()],
            counts)


def _classify(g: Any, variant: Any, combos: np.ndarray, board: np.ndarray,
              dead: np.ndarray, cat: np.ndarray | None = None, both_hole: bool = False
              ) -> tuple[np.ndarray, np.ndarray]:
    """Class index (into CLASSES) and draw bits (bit k = DRAWS[k]) of each combo.

    `cat`: the combos' categories, when known (else evaluated here).
    `both_hole`: a hand must use both hole cards (Omaha's two of the hole
    cards, classified one pair at a time): a flush draw then holds two cards
    of its suit, a straight both hole ranks.
    """
    n, nb = len(combos), len(board)
    if cat is None:
        hands = np.empty((n, nb + 2), dtype=np.uint8)
        hands[:, :nb] = board
        hands[:, nb:] = combos
        strength = evaluate_batch(hands, variant=variant, threads=1)
        cat = np.asarray(g.category)[strength]
    out = _CATEGORY_LUT[cat]
    h = (combos // 4).astype(np.int64)           # hole ranks
    hs = (combos % 4).astype(np.int64)           # hole suits
    br = (board // 4).astype(np.int64)
    top = int(br.max())
    pair = cat == Category.ONE_PAIR
    out[pair] = _pair_classes(h, br)[pair]

    bits = np.zeros(n, dtype=np.int64)
    if nb == MAX_BOARD:
        return out, bits
    drawing = cat < Category.FLUSH
    # flush draws
    board_suits = np.bincount(board % 4, minlength=4)
    hole_suits = np.zeros((n, 4), dtype=np.int64)
    np.add.at(hole_suits, (np.repeat(np.arange(n), 2), hs.ravel()), 1)
    suit_total = hole_suits + board_suits[None, :]
    four = ((hole_suits == 2) & (board_suits[None, :] == 2)) if both_hole \
        else (suit_total == 4) & (hole_suits >= 1)
    fd = four.any(axis=1) & drawing
    # the cards that can still come: in the deck, off the board and not dead
    free = np.asarray(g.in_deck[:52], dtype=bool).copy()
    free[board] = False
    free[dead] = False
    nut_rank = np.array([max((r for r in range(13) if free[4 * r + s]), default=-1)
                         for s in range(4)])
    holds_nut = np.zeros((n, 4), dtype=bool)
    for k in (0, 1):
        holds_nut[np.arange(n), hs[:, k]] |= h[:, k] == nut_rank[hs[:, k]]
    nfd = (four & holds_nut).any(axis=1) & drawing
    three = ((hole_suits == 2) & (board_suits[None, :] == 1)) if both_hole \
        else (suit_total == 3) & (hole_suits >= 1)
    bd = three.any(axis=1) & drawing & (nb == 3)
    made, outs = _straight_outs(g, h, br, free, both_hole)
    if both_hole:
        return out, _draw_bits(four, holds_nut, three, drawing, made, outs, cat, h, top, nb,
                               ranks_out=True)
    outs = _popcount(outs)
    straight_ok = drawing & ~made
    oe = straight_ok & (outs >= 2)
    gs = straight_ok & (outs == 1)
    over = (cat == Category.HIGH_CARD) & (h.min(axis=1) > top)
    for k, flag in enumerate((fd, nfd, oe, gs, bd, over)):
        bits |= flag.astype(np.int64) << k
    return out, bits


def _pair_classes(h: np.ndarray, br: np.ndarray) -> np.ndarray:
    """The class of each combo (hole ranks `h`) as a one-pair hand on board ranks `br`."""
    top, bottom = int(br.max()), int(br.min())
    on_board = np.zeros(13, dtype=bool)
    on_board[br] = True
    pocket = h[:, 0] == h[:, 1]
    hit = on_board[h]                             # (n, 2): hole rank on the board
    paired_rank = np.where(hit[:, 0], h[:, 0], h[:, 1])
    any_hit = hit.any(axis=1)
    sub = np.full(len(h), CLASSES.index("board_pair"))
    sub[any_hit & (paired_rank == top)] = CLASSES.index("top_pair")
    sub[any_hit & (paired_rank == bottom) & (paired_rank != top)] = CLASSES.index("bottom_pair")
    sub[any_hit & (paired_rank != top) & (paired_rank != bottom)] = CLASSES.index("middle_pair")
    sub[pocket & (h[:, 0] > top)] = CLASSES.index("overpair")
    sub[pocket & (h[:, 0] < bottom)] = CLASSES.index("underpair")
    sub[pocket & (h[:, 0] < top) & (h[:, 0] > bottom)] = CLASSES.index("middle_pair")
    return sub


def _straight_outs(g: Any, h: np.ndarray, br: np.ndarray, free: np.ndarray, both_hole: bool
                   ) -> tuple[np.ndarray, np.ndarray]:
    """(made: the combo holds a straight; outs: bit x set when a card of rank x, still
    free to come, completes one with a hole card (both with `both_hole`))."""
    n = len(h)
    straights = _straights(np.asarray(g.in_deck))
    bmask = int(np.bitwise_or.reduce(1 << br))
    hole_mask = (1 << h[:, 0]) | (1 << h[:, 1])
    mask = hole_mask | bmask
    st = straights[None, :]
    if both_hole:
        # both hole ranks in the straight, the other three from the board
        both_in = ((st & hole_mask[:, None]) == hole_mask[:, None]) & (h[:, 0] != h[:, 1])[:, None]
        made = (both_in & ((st & ~(hole_mask[:, None] | bmask)) == 0)).any(axis=1)
    else:
        made = ((mask[:, None] & st) == st).any(axis=1)
    can_come = [r for r in range(13) if free[4 * r:4 * r + 4].any()]
    outs = np.zeros(n, dtype=np.int64)           # bit x: rank x completes a straight
    for x in can_come:
        xb = 1 << x
        with_x = mask | xb
        holds_x = (straights & xb) != 0
        if both_hole:
            fits = both_in & ((st & ~(hole_mask[:, None] | bmask | xb)) == 0) \
                & ((hole_mask & xb) == 0)[:, None]
            hit = (fits & holds_x[None, :]).any(axis=1)
        else:
            fits = (with_x[:, None] & st) == st
            needs_hole = (straights & ~(bmask | xb)) != 0
            hit = (fits & holds_x[None, :] & needs_hole[None, :]).any(axis=1)
        outs |= hit.astype(np.int64) << x
    return made, outs



def _popcount(x: np.ndarray) -> np.ndarray:
    return np.array([bin(int(v)).count("1") for v in x], dtype=np.int64) if len(x) \
        else np.zeros(0, dtype=np.int64)


def _draw_bits(four: np.ndarray, holds_nut: np.ndarray, three: np.ndarray, drawing: np.ndarray,
               made: np.ndarray, outs: np.ndarray, cat: np.ndarray, h: np.ndarray, top: int,
               nb: int, ranks_out: bool) -> np.ndarray:
    """One pair of hole cards' draws, before the whole hand's: the straight outs
    as a rank mask (bits 8..20), the other draws as DRAWS bits."""
    fd = four.any(axis=1)
    nfd = (four & holds_nut).any(axis=1)
    bd = three.any(axis=1) & (nb == 3)
    over = h.min(axis=1) > top
    bits = np.zeros(len(h), dtype=np.int64)
    for k, flag in enumerate((fd, nfd, bd, over)):
        bits |= flag.astype(np.int64) << k
    return bits | (outs << 8)


# ------------------------------------------------ the games of other hands and halves


def _pairs_triples(combos: np.ndarray, board: np.ndarray, used: int = 2
                   ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Every (`used` hole cards, the rest from the board) hand of each combo (Omaha's
    two and three): (n, P, T, 5), and the hole cards used (n, P, used)."""
    k, nb = combos.shape[1], len(board)
    pairs = np.array(list(itertools.combinations(range(k), used)), dtype=np.int64)
    triples = np.array(list(itertools.combinations(range(nb), 5 - used)), dtype=np.int64)
    sub = combos[:, pairs]                                          # (n, P, 2)
    tri = board[triples]                                            # (T, 3)
    n, p, t = len(combos), len(pairs), len(triples)
    five = np.empty((n, p, t, 5), dtype=np.uint8)
    five[..., :used] = sub[:, :, None, :]
    five[..., used:] = tri[None, None, :, :]
    return five, sub, pairs


def _low_of(g: Game, combos: np.ndarray, board: np.ndarray) -> np.ndarray:
    """Each combo's best qualifying low on `board` (0: none), by the game's rule: the best
    of the fives it picks (``rule.hole_used`` hole cards each), or of all the cards."""
    lo = low(g)
    if g.rule.hole_used:
        five, _, _ = _pairs_triples(combos, board, g.rule.hole_used)
        n, p, t, _ = five.shape
        s = lo.evaluate_batch(five.reshape(-1, 5), threads=1).reshape(n, p * t)
        return np.asarray(s.max(axis=1), dtype=np.uint16)
    hands = np.concatenate([combos, np.broadcast_to(board, (len(combos), len(board)))], axis=1)
    return np.asarray(lo.evaluate_batch(np.ascontiguousarray(hands, dtype=np.uint8),
                                        threads=1), dtype=np.uint16)


def _analyze_game(g: Game, hands: Any, board: Any, dead: Any) -> BoardAnalysis:
    """:func:`analyze` in the Omaha games and the games with a low half."""
    b = cards(board) if not isinstance(board, str) or board.strip() else []
    if not MIN_BOARD <= len(b) <= MAX_BOARD:
        raise InvalidHandError(f"expected a board of {MIN_BOARD} to {MAX_BOARD} cards, "
                               f"got {len(b)}")
    t = _hilo_equity.table(g, [hands, "random"], board, dead, listed=(0,))
    combos = t.hands[0]
    assert combos is not None
    weights = _hilo_equity.weights_of(t, 0).copy()
    if g.hole_cards == 2:
        r: Any = parse_player(hands)
        weights = r.arrays()[1][_place(r.arrays()[0], combos)]
    else:
        r = hands if isinstance(hands, OmahaRange) else OmahaRange(
            _hilo_equity.hands_text(combos) if len(combos) == 1 else hands)
        if isinstance(hands, OmahaRange) or len(combos) > 1:
            full = r.hands
            weights = r.weights[_place(full, combos)]
    tables = game_tables(g)
    board_ids = np.array(b, dtype=np.uint8)
    dead_ids = t.dead
    if g.rule.hole_used:                  # the best of the fives the rule picks
        five, sub, _ = _pairs_triples(combos, board_ids, g.rule.hole_used)
        n, p, tt, _ = five.shape
        strength = evaluate_batch(five.reshape(-1, 5), variant=g, threads=1)
        per_pair = strength.reshape(n, p, tt).max(axis=2)            # (n, P)
        best = per_pair.argmax(axis=1)
        cat_pair = np.asarray(tables.category)[per_pair]             # (n, P)
        cat = cat_pair[np.arange(n), best]
        flat = np.ascontiguousarray(sub.reshape(-1, 2))
        cls_pair, bits_pair = _classify(tables, g, flat, board_ids, dead_ids,
                                        cat=cat_pair.reshape(-1), both_hole=True)
        cls = cls_pair.reshape(n, p)[np.arange(n), best]
        # the whole hand's draws: any pair's, while the whole hand can still draw
        anyb = np.bitwise_or.reduce(bits_pair.reshape(n, p), axis=1)
        if len(b) == MAX_BOARD:
            anyb = np.zeros(n, dtype=np.int64)
        drawing = cat < Category.FLUSH
        straight_ok = drawing & (cat != Category.STRAIGHT)
        outs = _popcount(anyb >> 8)
        fd, nfd, bd, over = ((anyb >> k) & 1 == 1 for k in range(4))
        flags = (fd & drawing, nfd & drawing, straight_ok & (outs >= 2),
                 straight_ok & (outs == 1), bd & drawing, over & (cat == Category.HIGH_CARD))
        draw_bits = np.zeros(n, dtype=np.int64)
        for k, flag in enumerate(flags):
            draw_bits |= flag.astype(np.int64) << k
    else:
        cls, draw_bits = _classify(tables, g, combos, board_ids, dead_ids)
    names, draws, counts = _named(cls, draw_bits, weights)
    low = None
    if "low" in g.halves:
        low = _low_of(g, combos, board_ids)
        counts["low"] = float(weights[low > 0].sum())
        can = np.zeros(len(combos), dtype=bool)
        if len(b) < MAX_BOARD:
            free = ~t.gone()
            for rank in (12, *range(0, 7)):                 # A, 2 .. 8: the low ranks
                card = next((4 * rank + s for s in range(4) if free[4 * rank + s]), None)
                if card is None:
                    continue
                ok = np.flatnonzero(~((combos == card).any(axis=1)))
                more = np.append(board_ids, np.uint8(card))
                can[ok] |= _low_of(g, np.ascontiguousarray(combos[ok]), more) > 0
        counts["low_draw"] = float(weights[(low == 0) & can].sum())
    total = float(weights.sum())
    share = {k: (v / total if total > 0 else 0.0) for k, v in counts.items()}
    return BoardAnalysis(combos=combos, weights=weights, classes=names, draws=draws,
                         counts=counts, share=share, board=tuple(b), range=r, low=low)


def _place(all_hands: np.ndarray, live: np.ndarray) -> np.ndarray:
    key = {int(m): i for i, m in enumerate(_hilo_equity.masks(all_hands))}
    return np.array([key[int(m)] for m in _hilo_equity.masks(live)], dtype=np.int64)


def _analyze_parts(g: Game, hands: Any, board: Any, dead: Any, tally: _run.Tally
                   ) -> BoardAnalysis:
    """:func:`analyze` in a game of parts with a board each: board by board, each part as
    the game of its board alone, the other boards' cards gone as dead cards are."""
    each = {}
    alone = _parts.boards_alone(g, board, dead, "analyze")
    tally.total = len(alone)
    for a in alone:
        each[a.name] = analyze(hands, a.board, a.dead, game=a.game, progress=False)
        tally.add(1)
    first = next(iter(each.values()))
    return dataclasses.replace(first, parts=each)
