"""Equity: each player's share of the pot, by exact enumeration or Monte Carlo.

The C core (csrc/equity.c) does all enumeration and sampling; this module
validates the input once, removes dead cards from the ranges and splits the
work over threads.

Choosing the method (``exact=None``): exact enumeration wherever it is
expected to take under about 0.3 s on one core, Monte Carlo with
``DEFAULT_TRIALS`` trials elsewhere.  The time is estimated from the count of
deals.  The tuple enumeration costs ``tuples x min(boards, 50,000)``, where
``tuples`` is the product of the players' numbers of combos (after card
removal) and ``boards`` is the number of ways to complete the board (the C
core counts boards of equal ranks together, so a full preflop enumeration
costs about 50,000 evaluations per tuple); it runs about 3 ns a unit on one
core (``AhAd`` against ``random`` before the flop, 61 million units, in 0.19 s
on an AMD EPYC Zen 3 core), so estimates up to ``EXACT_TUPLE_LIMIT`` (100
million) run exactly.  Known hands against two or more ``random`` players
enumerate boards first (:mod:`._exact_random`, its own cost units); they run
exactly up to ``EXACT_LIMIT`` (50 million).
``exact=True`` refuses estimates above ``EXACT_MAX`` (50 billion).

On the pure-Python backend (no C core) both methods run with numpy: exact
enumeration one combo tuple at a time, vectorised over the boards, and Monte
Carlo dealt and evaluated a chunk of trials at a time.  ``exact=None`` takes
the same rule, except that a spot whose enumeration needs more than
``PYTHON_EXACT_LIMIT`` evaluations (``tuples x boards x players``, a few
seconds there) runs by Monte Carlo; ``exact=True`` enumerates it anyway.
"""

from __future__ import annotations

import math
import secrets
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np

from ..core import _backend, _fallback_equity, _run, _validate, kernels
from ..core._typing import CardsLike, FloatArray
from ..core._validate import quote
from ..core.cards import card_str, cards, cards_str, check_text_length
from ..core.errors import InvalidCardError, InvalidHandError, InvalidRangeError
from ..games.base import VariantLike
from ..games.holdem import game_tables
from ..games.registry import plain
from ..present._tabular import dataframe, html_table
from ..ranges.holdem import PlayerLike, Range, parse_player
from . import _exact_random, _hu_preflop

__all__ = ["EquityResult", "equity"]

MIN_PLAYERS = 2
MAX_PLAYERS = 10
BOARD_CARDS = 5
SHARE_UNIT = 2520            # divisible by every tie size 1..10, as HR_SHARE_UNIT
EXACT_LIMIT = 50_000_000
EXACT_TUPLE_LIMIT = 100_000_000
EXACT_MAX = 50_000_000_000
LEAVES_PER_TUPLE = 50_000
DEFAULT_TRIALS = 1_000_000
TARGET_CHUNK = 250_000       # trials between two target_stderr checks
TARGET_MAX_TRIALS = 100_000_000
PYTHON_EXACT_LIMIT = 20_000_000
# Monte Carlo trials per random stream (the door's hold'em Monte Carlo, kernels.holdem_mc).
MC_STREAM_TRIALS = kernels.MC_STREAM_TRIALS
# Monte Carlo counts are int64 sums of squared shares (up to 2520**2 per
# trial): 10**12 trials keep them exact.
MAX_TRIALS = 10**12
# Smaller jobs run on the calling thread (they end within milliseconds).
INLINE_COST = 2_000_000
# An exact enumeration above INLINE_COST runs as this many parts (fewer when
# there are fewer combo tuples), whatever `threads` is.
EXACT_PARTS = 64


@dataclass(frozen=True)
class EquityResult:
    """The result of :func:`equity`.

    Attributes
    ----------
    equity : ndarray of float64
        Each player's expected share of the pot (wins plus shares of ties);
        sums to 1.
    win, tie : ndarray of float64
        Fraction of boards (or trials) each player wins outright / ties for
        the best hand.
    stderr : ndarray of float64
        Standard error of each equity; zeros when exact.
    exact : bool
        Whether the result is an exact enumeration.
    samples : int
        Boards enumerated (summed over combo tuples) or trials run.
    hands : tuple of str
        Each player as given (hand or range text), for labels; empty when
        the result was not made by :func:`equity`.

    Examples
    --------
    >>> equity(["AhAd", "KsKc"], board="Qh7c2d8s")
    EquityResult(exact, 44 boards)
      player  hand    equity       win      tie
      1       AhAd  95.4545%  95.4545%  0.0000%
      2       KsKc   4.5455%   4.5455%  0.0000%
    """

    equity: FloatArray
    win: FloatArray
    tie: FloatArray
    stderr: FloatArray
    exact: bool
    samples: int
    hands: tuple[str, ...] = field(default=(), compare=False)

    def __repr__(self) -> str:
        how = (f"exact, {self.samples:,} boards" if self.exact
               else f"monte carlo, {self.samples:,} trials")
        n = len(self.equity)
        hands = list(self.hands) if len(self.hands) == n else [""] * n
        columns = self._table_columns()
        rows = [["player", "hand", *(name for name, _ in columns)]
                + ([] if self.exact else ["± s.e."])]
        for i in range(n):
            row = [str(i + 1), hands[i]] + [f"{100 * float(x[i]):.4f}%" for _, x in columns]
            if not self.exact:
                row.append(f"{100 * float(self.stderr[i]):.4f}%")
            rows.append(row)
        widths = [max(len(r[j]) for r in rows) for j in range(len(rows[0]))]
        lines = ["  ".join(c.ljust(w) if j < 2 else c.rjust(w)
                           for j, (c, w) in enumerate(zip(r, widths))).rstrip()
                 for r in rows]
        # one shape in every game: the same name and columns, a game of halves or parts
        # adding its own (the subclasses are EquityResults)
        return f"EquityResult({how})\n" + "\n".join("  " + line for line in lines)

    def _more_columns(self) -> list[tuple[str, np.ndarray]]:
        """Per-player columns a subclass adds after ``tie`` (its :meth:`rows` keys)."""
        return []

    def rows(self) -> list[dict[str, Any]]:
        """One dict per player: player (1-based), hand, equity, win, tie, stderr.

        Examples
        --------
        >>> equity(["AhAd", "KsKc"], board="Qh7c2d8s9h").rows()[0]
        {'player': 1, 'hand': 'AhAd', 'equity': 1.0, 'win': 1.0, 'tie': 0.0, 'stderr': 0.0}
        """
        hands = self.hands or ("",) * len(self.equity)
        return [{"player": i + 1, "hand": h, "equity": float(e), "win": float(w),
                 "tie": float(t), "stderr": float(s)}
                for i, (h, e, w, t, s) in enumerate(zip(hands, self.equity, self.win,
                                                        self.tie, self.stderr))]

    def to_pandas(self) -> Any:
        """Return a DataFrame with one row per player.

        Columns ``player``, ``hand``, ``equity``, ``win``, ``tie``, ``stderr``
        (needs pandas: ``pip install handrank[pandas]``).

        Examples
        --------
        >>> r = equity(["AhAd", "KsKc"], board="Qh7c2d8s")
        >>> r.to_pandas()  # doctest: +SKIP
           player  hand    equity       win  tie  stderr
        0       1  AhAd  0.954545  0.954545  0.0     0.0
        1       2  KsKc  0.045455  0.045455  0.0     0.0
        """
        return dataframe(self.rows(), ["player", "hand", "equity", "win", "tie",
                                       *(name for name, _ in self._more_columns()), "stderr"])

    def _table_columns(self) -> list[tuple[str, np.ndarray]]:
        """The columns of the printed and HTML tables, each named once."""
        common = [("equity", self.equity), ("win", self.win), ("tie", self.tie)]
        # hi-lo and parts: win is the same array as scoop; the common name shows it
        return common + [(name, values) for name, values in self._more_columns()
                         if not any(v is values for _, v in common)]

    def _repr_html_(self) -> str:
        how = "exact" if self.exact else "monte carlo"
        unit = "boards" if self.exact else "trials"
        return (html_table(self.rows(), ["player", "hand",
                                         *(name for name, _ in self._table_columns())])
                + f"<p>{how}, {self.samples:,} {unit}</p>")


def equity(players: Sequence[PlayerLike], board: CardsLike = "", dead: CardsLike = "", *,
           exact: bool | None = None,
           trials: int | None = None, target_stderr: float | None = None,
           seed: int | None = None, threads: int | None = None,
           variant: VariantLike = None, game: str = "holdem",
           progress: Any = None) -> EquityResult:
    """Return each player's equity: exact enumeration or Monte Carlo.

    (Long for its docstring only: the work is in ``_equity``.)

    Parameters
    ----------
    players : sequence
        2 to 10 players, each an exact hand (``"AsKs"``, ``[51, 47]``), range
        text (``"QQ+,AKs"``, ``"AA:0.5,KK"``), a :class:`Range`, or ``"random"``.
    board : str or sequence of cards, optional
        0 to 5 board cards.
    dead : str or sequence of cards, optional
        Cards no one can hold or be dealt.
    exact : bool, optional
        True forces enumeration, False forces Monte Carlo; by default
        (None) exact when affordable, as explained under Notes.
    trials : int, optional
        Monte Carlo trials (default 1,000,000); with `target_stderr`, the cap.
    target_stderr : float, optional
        Run Monte Carlo in chunks until every player's standard error is
        below this (at most `trials`, default 100,000,000 trials).
    seed : int, optional
        Seed of the Monte Carlo streams; the same seed gives the same
        result bit for bit, whatever `threads` is and on any machine.
        Stream ``c`` of the seed deals trials ``25000 * c`` to
        ``25000 * (c + 1) - 1``.
    threads : int, optional
        Worker threads (default: every core); they share out the streams.
    variant : str or Variant, optional
        The deck and hand order (a name such as ``"shortdeck"`` or a
        :class:`Variant`); hold'em's 52 cards by default.  Boards are dealt
        only from the variant's deck and every given card must be in it.
    game : {"holdem", "omaha", "omaha-hilo"}
        ``"omaha"``: each player is an exact hand of 4, 5 or 6 cards (all
        players the same size) or an Omaha range (Monte Carlo) and plays
        exactly two hole cards with three from the board (see
        :mod:`handrank.equity.omaha`).  ``"omaha-hilo"``: the same players,
        eight or better; the result (:class:`handrank.equity.hilo.HiLoEquityResult`)
        adds ``.high``, ``.low`` (each player's expected share of the high
        and of the low half; a half with no qualifying low goes to the high
        hand, so ``.low`` sums to the probability that a low exists) and
        ``.scoop`` (the probability of the whole pot alone).
    progress : callable, optional
        ``progress(done, total)``, called on the calling thread as the work
        goes (after each chunk: a part of the enumeration or a run of up to
        16 streams of 25,000 trials, at most about ten times a second while threads
        run): `done` never decreases and the last call has ``done ==
        total``.  Units: the parts of an exact enumeration, or trials (with
        `target_stderr`, `total` is the trial cap, and a run stopped early by
        the target ends with ``(done, done)``).  The Omaha and hi-lo games
        report only the start and the end.  The result is the same with or
        without it, bit for bit.

    Returns
    -------
    EquityResult

    Raises
    ------
    InvalidCardError, InvalidHandError
        A bad card, a card outside the variant's deck, a card used twice
        (naming both places), a bad board size, more cards needed than the
        deck holds.
    InvalidRangeError
        Unparseable range text, a range with no combos left after card
        removal, ranges that always clash.
    ValueError
        Fewer than 2 or more than 10 players, a bad `trials`, `threads` or
        `target_stderr`, an exact enumeration too large, an unknown `game`.

    Notes
    -----
    With ``exact=None``, and neither `trials` nor `target_stderr` given, the
    cost of enumerating is estimated as ``tuples x min(boards, 50,000)``:
    ``tuples`` is the product of the players' numbers of combos after card
    removal, ``boards`` the number of ways to complete the board (boards of
    equal ranks are counted together, so a full preflop enumeration costs
    about 50,000 evaluations per tuple).  Up to 50 million (about a second on
    one core) the answer is exact; above, Monte Carlo with 1,000,000 trials.
    ``exact=True`` refuses estimates above 50 billion.

    The rules of the showdown behind each deal: :ref:`rules-best-five` on the
    rules page.

    Examples
    --------
    >>> r = equity(["AhAd", "AsAc"])
    >>> r.equity.tolist(), r.exact
    ([0.5, 0.5], True)
    >>> equity(["AhAd", "KsKc"], board="Ac Kd 2h 7s 9c").win.tolist()
    [1.0, 0.0]
    >>> equity(["AsKs", "QdQc"], board="As Kd 7h")
    Traceback (most recent call last):
    ...
    handrank.errors.InvalidHandError: card 'As' is in player 1's hand and on the board
    """
    tally = _run.check_progress(progress)
    if not plain(game):
        # handrank.equity.equity (equity/__init__.py) sends the other games elsewhere
        raise RuntimeError(f"internal error: game {game!r} reached the hold'em equity")
    result = _equity(players, board, dead, exact, trials, target_stderr, seed, threads, variant,
                     tally)
    return replace(result, hands=_hand_labels(players))


def _hand_labels(players: Any) -> tuple[str, ...]:
    """Each player as text: range text as given, or the cards of an exact hand."""
    out = []
    for p in players:
        if isinstance(p, Range):
            out.append(p.text)
        elif isinstance(p, str):
            out.append(p.strip())
        else:
            try:
                out.append(cards_str(cards(p)))
            except (TypeError, ValueError):
                out.append(str(p))
    return tuple(out)


def _equity(players: Any, board: Any, dead: Any, exact: bool | None, trials: int | None,
            target_stderr: float | None, seed: int | None, threads: int | None,
            variant: Any, progress: Any = None) -> EquityResult:
    g = game_tables(variant)
    spot = _prepare(players, board, dead, g)
    trials, target_stderr = check_trials(trials, target_stderr)
    nthreads = _threads(threads)
    check_deal(spot)
    if use_exact(spot, exact, trials, target_stderr):
        return _exact(spot, nthreads, progress)
    check_acceptance(spot, trials, target_stderr)
    return _monte_carlo(spot, trials, target_stderr, seed, nthreads, progress)


#: Nodes the search for one deal may visit before it gives up (and lets the
#: sampler, whose attempts are bounded, decide).
DEAL_SEARCH_NODES = 200_000
#: Tuples drawn by :func:`check_acceptance` to estimate how often a draw is a deal.
PILOT_DRAWS = 1 << 18


def _ranged(spot: _Spot) -> list[int]:
    """Players whose combo is drawn from a range (and so may clash with another's)."""
    return [p for p in range(spot.n) if not spot.deal[p] and len(spot.combos[p]) > 1]


def deal_exists(spot: _Spot) -> bool | None:
    """Whether the players can be given pairwise disjoint combos of positive weight.

    A depth-first search over the players' combos (fewest first), with the
    card sets already shown to lead nowhere remembered, so it is quick on
    every range set met in practice; None if it visits `DEAL_SEARCH_NODES`
    nodes without an answer.  The board, the dead cards and the exact hands
    are off every range already (see :func:`_prepare`), and the count of
    cards left was checked there, so this is the whole question.
    """
    masks = []
    for p in range(spot.n):
        if spot.deal[p]:
            continue
        keep = spot.weights[p] > 0
        c = spot.combos[p][keep].astype(np.uint64)
        if len(c) == 0:
            return False
        bits = (np.uint64(1) << c[:, 0]) | (np.uint64(1) << c[:, 1])
        masks.append(sorted(set(int(b) for b in bits)))
    masks.sort(key=len)
    dead_ends: set[tuple[int, int]] = set()
    nodes = 0

    def search(i: int, used: int) -> bool | None:
        nonlocal nodes
        if i == len(masks):
            return True
        if (i, used) in dead_ends:
            return False
        for m in masks[i]:
            if m & used:
                continue
            nodes += 1
            if nodes > DEAL_SEARCH_NODES:
                return None
            found = search(i + 1, used | m)
            if found:
                return True
            if found is None:
                return None
        dead_ends.add((i, used))
        return False

    return search(0, 0)


def check_deal(spot: _Spot) -> None:
    """Raise InvalidRangeError at once if no deal of the players' ranges exists."""
    if len(_ranged(spot)) > 1 or any(not (w > 0).any() for w in spot.weights):
        if deal_exists(spot) is False:
            raise InvalidRangeError("the players' ranges always clash: no deal is possible")


def check_acceptance(spot: _Spot, trials: int | None, target: float | None) -> None:
    """Refuse at once a deal the Monte Carlo sampler would almost never draw.

    The sampler draws each ranged player's combo by weight and rejects a
    draw where two players share a card, giving up after about 1,000
    attempts per trial (``1000 * trials``, at least a million).  When a
    quick bound says clashes may be common, `PILOT_DRAWS` draws of a
    generator of its own (the result's random streams are untouched)
    estimate the share of draws that are deals; if the sampler would need
    more than four times its attempts, it would only give up after a long
    time, so the call is refused now with the sampler's own message.
    """
    ranged = _ranged(spot)
    if len(ranged) < 2:
        return
    probs, marg = [], []
    for p in ranged:
        w = spot.weights[p]
        pr = w / w.sum()
        m = np.zeros(52)
        np.add.at(m, spot.combos[p][:, 0], pr)
        np.add.at(m, spot.combos[p][:, 1], pr)
        probs.append(pr)
        marg.append(m)
    clash = sum(float(marg[i] @ marg[j]) for i in range(len(marg)) for j in range(i))
    if clash < 0.5:         # a union bound: at least half the draws are deals
        return
    rng = np.random.default_rng(0x23)

    def deals(draws: int) -> int:
        used = np.zeros(draws, dtype=np.uint64)
        ok = np.ones(draws, dtype=bool)
        for p, pr in zip(ranged, probs):
            pick = np.minimum(np.searchsorted(np.cumsum(pr), rng.random(draws), side="right"),
                              len(pr) - 1)
            c = spot.combos[p][pick].astype(np.uint64)
            bits = (np.uint64(1) << c[:, 0]) | (np.uint64(1) << c[:, 1])
            ok &= (used & bits) == 0
            used |= bits
        return int(ok.sum())

    if deals(PILOT_DRAWS >> 6) * 100 >= PILOT_DRAWS >> 6:
        return              # 1% of a first few draws are deals: far from the bound below
    accepted = deals(PILOT_DRAWS)
    cap = trials if trials is not None else (TARGET_MAX_TRIALS if target else DEFAULT_TRIALS)
    todo = min(TARGET_CHUNK if target else cap, cap)
    budget = max(1000 * todo, 1_000_000)
    if todo * PILOT_DRAWS > 4 * budget * max(accepted, 1) and (accepted or todo >= 16):
        if deal_exists(spot) is False:
            raise InvalidRangeError("the players' ranges always clash: no deal is possible")
        raise InvalidRangeError("the players' ranges clash in almost every deal")


def use_exact(spot: _Spot, exact: bool | None, trials: Any, target_stderr: Any) -> bool:
    """Whether :func:`equity` enumerates (True) or samples; raises on a bad combination.

    Shared with :mod:`handrank.dask`, so both choose alike.
    """
    cost, by_boards = spot.cost_and_path()
    if exact is None:
        limit = EXACT_LIMIT if by_boards else EXACT_TUPLE_LIMIT
        exact = trials is None and target_stderr is None and cost <= limit
        if exact and spot.python_cost() > kernels.on_backend(c=math.inf,
                                                             python=PYTHON_EXACT_LIMIT):
            exact = False   # numpy enumeration would take long: Monte Carlo instead
    if exact:
        if trials is not None or target_stderr is not None:
            raise ValueError("trials and target_stderr apply to Monte Carlo, not exact=True")
        if cost > EXACT_MAX:
            raise ValueError(f"exact enumeration too large (about {cost:.2g} evaluations, "
                             f"limit {EXACT_MAX:.0e}); use exact=False")
        return True
    return False


@dataclass
class _Spot:
    g: Any
    n: int
    board: np.ndarray
    dead: np.ndarray
    combos: list[np.ndarray]         # per player (k, 2) uint8
    weights: list[np.ndarray]        # per player (k,) float64
    deal: list[bool]                 # player is "random": dealt from the cards left (MC)

    def cost(self) -> float:
        return self.cost_and_path()[0]

    def cost_and_path(self) -> tuple[float, bool]:
        """The cost of an exact run, and whether it enumerates boards first
        (known hands against random players, :mod:`._exact_random`) or tuples."""
        fast = _exact_random.job(self)   # known hands v. "random": boards first
        if fast is not None:
            return fast.cost, True
        tuples = math.prod(len(c) for c in self.combos)
        left = _deck_size(self.g) - len(self.board) - len(self.dead) - 2 * self.n
        boards = math.comb(left, BOARD_CARDS - len(self.board))
        return float(tuples) * min(boards, LEAVES_PER_TUPLE), False

    def python_cost(self) -> float:
        """Evaluations of the numpy enumeration: every board of every combo tuple."""
        tuples = math.prod(len(c) for c in self.combos)
        left = _deck_size(self.g) - len(self.board) - len(self.dead) - 2 * self.n
        return float(tuples) * math.comb(left, BOARD_CARDS - len(self.board)) * self.n

    def flat(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        combos = np.ascontiguousarray(np.concatenate(self.combos), dtype=np.uint8)
        weights = np.ascontiguousarray(np.concatenate(self.weights), dtype=np.float64)
        offsets = np.zeros(self.n + 1, dtype=np.int32)
        offsets[1:] = np.cumsum([len(c) for c in self.combos])
        return combos, weights, offsets


def check_trials(trials: Any, target_stderr: Any) -> tuple[int | None, float | None]:
    """``trials`` (1..MAX_TRIALS) and ``target_stderr`` (0..1) checked; shared with Omaha."""
    if trials is not None:
        trials = _validate.positive_int(trials, "trials", MAX_TRIALS)
    if target_stderr is not None:
        target_stderr = _validate.fraction(target_stderr, "target_stderr")
    return trials, target_stderr


def _deck_size(g: Any) -> int:
    return int(g.in_deck[:52].sum())


def _place(i: int) -> str:
    return f"player {i + 1}'s hand"


def table_cards(players: Any, board: Any, dead: Any) -> tuple[int, list[int], list[int]]:
    """The number of players, the board and the dead cards, checked.

    Shared with Omaha equity (``_omaha_equity``).
    """
    if isinstance(players, (str, bytes, Range)) or not hasattr(players, "__len__"):
        raise TypeError(f"expected a sequence of players, got {type(players).__name__}")
    n = len(players)
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:
        raise ValueError(f"expected {MIN_PLAYERS} to {MAX_PLAYERS} players, got {n}")
    check_text_length(board)
    check_text_length(dead)
    b = cards(board) if not isinstance(board, str) or board.strip() else []
    d = cards(dead) if not isinstance(dead, str) or dead.strip() else []
    if len(b) > BOARD_CARDS:
        raise InvalidHandError(f"expected 0 to {BOARD_CARDS} board cards, got {len(b)}")
    return n, b, d


def claim_card(where: dict[int, str], c: int, place: str, g: Any) -> None:
    """Record that card ``c`` is at ``place``, or raise naming both places it is at."""
    if not g.in_deck[c]:
        raise InvalidCardError(f"card {card_str(c)!r} is not in the {g.name} deck")
    if c in where:
        first = where[c]
        if first == place:
            raise InvalidHandError(f"card {card_str(c)!r} is {_at(place)} twice")
        a, b = (place, first) if not first.startswith("player") else (first, place)
        raise InvalidHandError(f"card {card_str(c)!r} is {_at(a)} and {_at(b)}")
    where[c] = place


def _prepare(players: Any, board: Any, dead: Any, g: Any) -> _Spot:
    n, b, d = table_cards(players, board, dead)
    where: dict[int, str] = {}

    def claim(c: int, place: str) -> None:
        claim_card(where, c, place, g)

    for c in b:
        claim(c, "the board")
    for c in d:
        claim(c, "the dead cards")
    ranges = [parse_player(p) for p in players]
    exact_hands = [i for i, r in enumerate(ranges) if len(r) == 1]
    for i in exact_hands:
        for c in ranges[i].combos()[0]:
            claim(c, _place(i))
    need = 2 * n + BOARD_CARDS - len(b)
    left = int(sum(1 for c in range(52) if c not in where and g.in_deck[c]))
    left += 2 * len(exact_hands)        # exact hands were claimed above
    if need > left:
        raise InvalidHandError(f"not enough cards: {n} players and the board need {need} "
                               f"more cards, the deck has {left} left")
    combos, weights, deal = [], [], []
    for i, (_, r) in enumerate(zip(players, ranges)):
        if len(r) == 0:
            raise InvalidRangeError(f"player {i + 1}'s range {quote(r.text)} is empty")
        full_random = len(r) == 1326 and len(set(r.weights())) == 1
        if len(r) == 1:
            ids, w = r.arrays()
        else:
            taken = [c for c, place in where.items() if place != _place(i)]
            taken += [c for c in range(52) if not g.in_deck[c]]  # outside the deck
            rest = r.without(taken) if taken else r
            if len(rest) == 0:
                raise InvalidRangeError(
                    f"player {i + 1}'s range {quote(r.text)} has no combos left after removing "
                    "the board, the dead cards and the other players' hands")
            ids, w = rest.arrays()
        if (w < 0).any() or not np.isfinite(w).all():
            raise InvalidRangeError(f"player {i + 1}'s range has a negative weight")
        top = float(w.max())
        if top > 0 and top != 1.0:
            # Equity is the same for weights scaled per player; scaled so the
            # largest is 1, a product of ten tiny weights cannot underflow.
            w = w / top
        combos.append(ids)
        weights.append(w)
        deal.append(full_random)
    return _Spot(g, n, np.array(b, dtype=np.uint8), np.array(d, dtype=np.uint8), combos,
                 weights, deal)


def _at(place: str) -> str:
    return ("on " if place == "the board" else "in ") + place


def _threads(threads: Any) -> int:
    return _validate.thread_count(threads)


def _result_exact(spot: _Spot, out: np.ndarray, samples: int) -> EquityResult:
    n = spot.n
    total = out[3 * n]
    if total <= 0:
        raise InvalidRangeError("the players' ranges always clash: no deal is possible")
    return EquityResult(equity=out[2 * n:3 * n] / SHARE_UNIT / total, win=out[:n] / total,
                        tie=out[n:2 * n] / total, stderr=np.zeros(n), exact=True,
                        samples=int(samples))


def exact_parts(spot: _Spot) -> int:
    """The parts an exact enumeration is cut into: a function of the spot only.

    Part ``j`` of ``P`` takes the tuples ``j, j + P, ...``; the threads share
    out whole parts and the parts' sums are added in part order, so the
    result does not depend on `threads` (or on a progress callback), and the
    parts are the progress steps.  A small job is one part.
    """
    tuples = math.prod(len(c) for c in spot.combos)
    return 1 if spot.cost() <= INLINE_COST else max(1, min(tuples, EXACT_PARTS))


def _heads_up_preflop(spot: _Spot) -> tuple[np.ndarray, int] | None:
    """Two exact hands of hold'em, no board, no dead cards: the class table's counts.

    The counts are hr_equity_exact's own integers for the pair's class
    (:mod:`handrank.equity._hu_preflop`), put where it puts them, so the result is
    the same doubles as the enumeration's.
    """
    if (spot.n != 2 or len(spot.board) or len(spot.dead) or spot.g is not _backend.GAMES["holdem"]
            or any(len(c) != 1 for c in spot.combos)
            or any(float(w[0]) != 1.0 for w in spot.weights) or any(spot.deal)):
        return None
    got = _hu_preflop.counts(spot.combos[0][0], spot.combos[1][0])
    if got is None:
        return None
    win_a, win_b, ties = got
    out = np.array([win_a, win_b, ties, ties, SHARE_UNIT * win_a + SHARE_UNIT // 2 * ties,
                    SHARE_UNIT * win_b + SHARE_UNIT // 2 * ties, _hu_preflop.BOARDS],
                   dtype=np.float64)
    return out, _hu_preflop.BOARDS


def _c_first(spot: _Spot, nthreads: int, progress: Any) -> tuple[np.ndarray, int] | None:
    """The C core's shortcuts of an exact spot (the counts, or None): the heads-up
    preflop table, then the board-first plans of known hands v. "random"."""
    quick_hu = _heads_up_preflop(spot)
    if quick_hu is not None:
        tally = _run.Tally(progress, 1)
        tally.show()
        tally.finish()
        return quick_hu
    fast = _exact_random.job(spot)
    if fast is not None:   # known hands v. "random" (csrc/exact_random.c)
        tally = _run.Tally(progress, 1)     # the plans' parts (run() sets the total)
        counts = _exact_random.run(fast, spot, nthreads, fast.cost <= INLINE_COST, tally)
        tally.show()
        tally.finish()
        return counts
    return None


def _exact(spot: _Spot, nthreads: int, progress: Any = None) -> EquityResult:
    # the door's job: the C core's shortcuts and hr_equity_exact in parts, or
    # numpy's enumeration tuple by tuple
    return _result_exact(spot, *kernels.holdem_exact(
        spot.g, spot.combos, spot.weights, spot.board, spot.dead, nthreads=nthreads,
        plan=lambda: (exact_parts(spot), spot.cost() <= INLINE_COST), progress=progress,
        flat=spot.flat, first=lambda: _c_first(spot, nthreads, progress)))


def _exact_python(spot: _Spot, progress: Any = None) -> EquityResult:
    """Exact enumeration with numpy, one tuple at a time, vectorised over boards."""
    return _result_exact(spot, *_fallback_equity.holdem_exact(
        spot.g, spot.combos, spot.weights, spot.board, spot.dead, progress))


def mc_arrays(spot: _Spot) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The Monte Carlo kernel's combos, cumulative weights, uniform flags, offsets.

    Shared with :mod:`handrank.dask`.
    """
    return kernels.mc_arrays(spot.combos, spot.weights, spot.deal)


def mc_seed(seed: Any) -> int:
    """The 64-bit seed of the Monte Carlo streams (a random one for None)."""
    if seed is None:
        return secrets.randbits(64)
    return _validate.seed(seed)


def _mc_cap(trials: int | None, target: float | None) -> tuple[int, int]:
    """The trials a Monte Carlo run deals at most, and between two `target` checks."""
    cap = trials if trials is not None else (TARGET_MAX_TRIALS if target else DEFAULT_TRIALS)
    return cap, TARGET_CHUNK if target else cap


def _mc_result(n: int, total: np.ndarray) -> EquityResult:
    acc = int(total[4 * n])
    return EquityResult(equity=total[2 * n:3 * n] / SHARE_UNIT / acc, win=total[:n] / acc,
                        tie=total[n:2 * n] / acc, stderr=_stderr(total, n), exact=False,
                        samples=acc)


def _monte_carlo(spot: _Spot, trials: int | None, target: float | None, seed: int | None,
                 nthreads: int, progress: Any = None) -> EquityResult:
    """Monte Carlo on the door's job (:func:`handrank.core.kernels.holdem_mc`)."""
    cap, chunk_size = _mc_cap(trials, target)
    total = kernels.holdem_mc(spot.g, spot.combos, spot.weights, spot.deal, spot.board,
                              spot.dead, cap, chunk_size, target, mc_seed(seed), nthreads,
                              progress)
    return _mc_result(spot.n, total)


def _monte_carlo_python(spot: _Spot, trials: int | None, target: float | None,
                        seed: int | None, progress: Any = None) -> EquityResult:
    """Monte Carlo with numpy on any backend (``core._fallback_equity.holdem_mc``:
    the door's job without the C core), for :mod:`handrank.dask` without it."""
    cap, chunk_size = _mc_cap(trials, target)
    tally = _run.Tally(progress, cap)
    tally.show()
    total = _fallback_equity.holdem_mc(spot.g, spot.combos, spot.weights, spot.deal,
                                       spot.board, spot.dead, cap, chunk_size, target,
                                       mc_seed(seed), tally)
    tally.finish(int(total[4 * spot.n]))
    return _mc_result(spot.n, total)


_stderr = _fallback_equity.holdem_stderr
