"""Equity in the games whose pot is cut into equal parts (:attr:`Game.parts`).

Double-board hold'em and Omaha (each board half of the pot), badeucy and
badacey (half to the best badugi, half to the best low).  The deal is
generic: every card not known is dealt from the stub (the game's deck
without every given and dead card), each player's missing hole cards (a
``"random"`` player, or the cards a draw-game player is still to draw in
the one exchange to come) and each board's missing cards.  Each deal is
ranked part by part (:meth:`Part.strengths`); the best hand(s) of a part
share that part, and a player's pot share is the mean of their part shares.

Exact enumeration lists every deal: C(n, K) card sets for the K missing
cards of an n-card stub, times the ways to hand them out to the places they
fill.  With every hand known and each part reading a board of its own (the
double-board games), each board's runouts are ranked on their own and the
two boards are put together by inclusion-exclusion over the cards they
could share (:func:`_exact_by_board`): a flop on each board takes
milliseconds, both boards from nothing (1.6e12 deals) about 5 s.
``exact=None`` chooses enumeration when the strengths to compute are at most
:data:`EXACT_AUTO` (about 0.6 s on one core, less than the default Monte
Carlo takes), ``exact=True`` up to :data:`EXACT_MAX`.  Monte Carlo deals
``trials`` random deals (default 1,000,000) with a numpy ``Generator``
seeded by `seed`: the same seed gives the same result, whatever `threads`.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..core._combinations import combinations
from ..core.cards import card_str
from ..core.errors import InvalidHandError, InvalidRangeError
from ..games.base import Game
from ..games.parts import boards_of
from ..ranges.holdem import Range
from ..ranges.omaha import OmahaRange
from .holdem import DEFAULT_TRIALS, TARGET_MAX_TRIALS, EquityResult, check_trials

__all__ = ["EXACT_AUTO", "EXACT_MAX", "PartsEquityResult", "equity", "exact_known",
           "known_cost"]

#: Strengths (deals x players x parts, weighted by Part.cost) that exact=None
#: enumerates: about 0.6 s on one Zen 3 core, less than Monte Carlo's default
#: million trials takes in these games (2 to 3 s), so enumeration is chosen up to it.
EXACT_AUTO = 3_000_000
#: The most weighted strengths exact=True enumerates (about a minute).
EXACT_MAX = 300_000_000
_CHUNK = 1 << 16                 # deals ranked together
_RANDOM = ("random", "*")
_JOKER = 52                      # the joker's id in the games dealt with one (games.wild)


@dataclass(frozen=True, repr=False)
class PartsEquityResult(EquityResult):
    """:class:`EquityResult` of a game of parts, with each part's shares and the scoops.

    Attributes
    ----------
    equity : ndarray of float64
        Each player's expected share of the pot (the mean of the part
        shares); sums to 1.
    win : ndarray of float64
        The same as `scoop`: every part alone.
    tie : ndarray of float64
        Probability of a part of the pot but not all of it.
    halves : tuple of str
        The parts' names (``("board 1", "board 2")``, ``("badugi", "2-7 low")``).
    shares : ndarray of float64, shape (parts, players)
        Each player's expected share of each part; each row sums to 1.
    scoop : ndarray of float64
        Probability of winning every part alone.
    """

    halves: tuple[str, ...] = ()
    shares: np.ndarray = field(default_factory=lambda: np.zeros((0, 0)))
    scoop: np.ndarray = field(default_factory=lambda: np.zeros(0))

    def half(self, name: str) -> np.ndarray:
        """Each player's expected share of the part called `name`."""
        try:
            return np.asarray(self.shares[self.halves.index(name)])
        except ValueError:
            raise ValueError(f"no part {name!r}, expected one of {self.halves}") from None

    def _more_columns(self) -> list[tuple[str, np.ndarray]]:
        # a game of one part (the wild games): its share is the pot, its scoop a win
        if len(self.halves) < 2:
            return []
        return [*((h, self.shares[i]) for i, h in enumerate(self.halves)),
                ("scoop", self.scoop)]

    def rows(self) -> list[dict[str, Any]]:
        """One dict per player: as :meth:`EquityResult.rows`, plus each part and scoop (a
        game of two parts or more)."""
        out = super().rows()
        for i, row in enumerate(out):
            for name, col in self._more_columns():
                row[name] = float(col[i])
        return out


def _ids(g: Game, x: Any, what: str) -> list[int]:
    """The card ids of `x` in `g`: the game's own card names (its part's: the joker ``Xx``
    of the wild games), an error naming `what` otherwise."""
    ids: list[int] = g.parts[0].ids(x, what)
    return ids


def _name(c: int) -> str:
    """A card id's text; the joker (id 52 of the joker games) is ``Xx``."""
    return "Xx" if c == _JOKER else card_str(c)


def _player(g: Game, p: Any, i: int) -> list[int]:
    """The known cards of player `i` (0-based): all of them, the kept ones, or none."""
    if isinstance(p, str) and p.strip().lower() in _RANDOM:
        return []
    try:
        ids = _ids(g, p, f"player {i + 1}'s hand")
    except (ValueError, TypeError) as e:
        if isinstance(p, str):
            raise InvalidRangeError(
                f"player {i + 1}: {g.name} equity takes exact hands or 'random', not ranges; "
                f"{p!r} is not a hand ({e})") from None
        raise
    if g.board_cards and len(ids) != g.hole_cards:
        raise InvalidHandError(f"expected {g.hole_cards} cards in player {i + 1}'s hand "
                               f"({g.name}), got {len(ids)}")
    if len(ids) > g.hole_cards:
        raise InvalidHandError(f"expected at most {g.hole_cards} cards in player {i + 1}'s "
                               f"hand ({g.name}: the cards kept, the rest drawn), got {len(ids)}")
    return ids


@dataclass
class _Spot:
    g: Game
    known: list[list[int]]          # each player's given cards
    boards: list[list[int]]         # each board's given cards
    stub: np.ndarray                # the cards left to deal
    need: list[int]                 # cards missing in each place: players, then boards

    @property
    def players(self) -> int:
        return len(self.known)

    @property
    def missing(self) -> int:
        return sum(self.need)

    def deals(self) -> int:
        n, total = len(self.stub), 1
        for k in self.need:
            total *= math.comb(n, k)
            n -= k
        return total

    def cost(self) -> int:
        return self.deals() * self.players * sum(int(p.cost) for p in self.g.parts)


def _spot(g: Game, players: Any, board: Any, dead: Any) -> _Spot:
    if isinstance(players, (str, bytes)) or not hasattr(players, "__iter__"):
        raise TypeError(f"players must be a sequence of hands, got {type(players).__name__}")
    players = list(players)
    if not 2 <= len(players) <= 10:
        raise InvalidHandError(f"expected 2 to 10 players, got {len(players)}")
    known = [_player(g, p, i) for i, p in enumerate(players)]
    boards = boards_of(g, board, "equity")
    dead_ids = _ids(g, dead, "dead") if dead is not None else []
    where: dict[int, str] = {}
    places = ([(f"player {i + 1}'s hand", h) for i, h in enumerate(known)]
              + [(f"board {i + 1}" if g.boards > 1 else "the board", b)
                 for i, b in enumerate(boards)] + [("dead", dead_ids)])
    deck = set(g.deck)
    for name, ids in places:
        for c in ids:
            if c not in deck:
                raise InvalidHandError(f"card {_name(c)!r} in {name} is not in the "
                                       f"{g.name} deck")
            if c in where:
                other = where[c]
                place = other if other == name else f"{other} and {name}"
                raise InvalidHandError(f"duplicate card {_name(c)!r} in {place}")
            where[c] = name
    stub = np.array([c for c in g.deck if c not in where], dtype=np.uint8)
    need = [g.hole_cards - len(h) for h in known] + [g.board_cards - len(b) for b in boards]
    if sum(need) > len(stub):
        raise InvalidHandError(f"the deal needs {sum(need)} more cards, the deck has "
                               f"{len(stub)} left")
    return _Spot(g, known, boards, stub, need)


def _fill(s: _Spot, drawn: np.ndarray) -> tuple[list[np.ndarray], np.ndarray]:
    """Each player's hands (T, hole) and the boards (T, boards * board cards) of `drawn`
    (T, K): the missing cards of each place in turn, players first."""
    t = drawn.shape[0]
    pos = 0
    hands = []
    for known, k in zip(s.known, s.need):
        h = np.empty((t, s.g.hole_cards), dtype=np.uint8)
        h[:, :len(known)] = known
        h[:, len(known):] = drawn[:, pos:pos + k]
        pos += k
        hands.append(h)
    w = s.g.board_cards
    b = np.empty((t, s.g.boards * w), dtype=np.uint8)
    for i, (given, k) in enumerate(zip(s.boards, s.need[s.players:])):
        b[:, i * w:i * w + len(given)] = given
        b[:, i * w + len(given):(i + 1) * w] = drawn[:, pos:pos + k]
        pos += k
    return hands, b


def tally(g: Game, hands: list[np.ndarray], boards: np.ndarray) -> dict[str, Any]:
    """Each deal's pot shares, part shares and scoops: per player, arrays of the T deals
    (``"pot"`` a list of p, ``"parts"`` a list per part of p, ``"scoop"`` a list of p)."""
    parts: list[list[np.ndarray]] = []
    alone: list[list[np.ndarray]] = []
    for part in g.parts:
        s = [part.strengths(h, boards) for h in hands]
        best = np.maximum.reduce(s) if len(s) > 1 else s[0]
        top = [x == best for x in s]
        count = np.add.reduce([t.astype(np.int8) for t in top])
        parts.append([t / count for t in top])
        alone.append([t & (count == 1) for t in top])
    k = len(parts)
    pot = [sum(parts[j][i] for j in range(k)) / k for i in range(len(hands))]
    scoop = [np.logical_and.reduce([alone[j][i] for j in range(k)]) for i in range(len(hands))]
    return {"pot": pot, "parts": parts, "scoop": scoop}


def _splits(need: list[int]) -> list[np.ndarray]:
    """Every way to hand K drawn columns out to the places, as column orders."""
    out: list[list[int]] = [[]]
    left_all = list(range(sum(need)))
    for k in need:
        nxt = []
        for order in out:
            left = [c for c in left_all if c not in order]
            for pick in itertools.combinations(left, k):
                nxt.append(order + list(pick))
        out = nxt
    return [np.array(o, dtype=np.intp) for o in out]


class _Sums:
    def __init__(self, g: Game, p: int) -> None:
        self.pot = np.zeros(p)
        self.squares = np.zeros(p)
        self.parts = np.zeros((len(g.parts), p))
        self.scoop = np.zeros(p)
        self.tie = np.zeros(p)
        self.n = 0

    def add(self, r: dict[str, Any]) -> None:
        for i, pot in enumerate(r["pot"]):
            self.pot[i] += pot.sum()
            self.squares[i] += np.dot(pot, pot)
            self.scoop[i] += np.count_nonzero(r["scoop"][i])
            self.tie[i] += np.count_nonzero((pot > 0) & (pot < 1))
            for j, part in enumerate(r["parts"]):
                self.parts[j, i] += part[i].sum()
        self.n += len(r["pot"][0])

    def stderr(self) -> np.ndarray:
        n = max(self.n, 1)
        mean = self.pot / n
        var = np.maximum(self.squares / n - mean * mean, 0.0)
        return np.asarray(np.sqrt(var / max(n - 1, 1)))

    def result(self, g: Game, exact: bool, hands: tuple[str, ...]) -> PartsEquityResult:
        n = self.n
        stderr = np.zeros_like(self.pot) if exact else self.stderr()
        scoop = self.scoop / n
        return PartsEquityResult(self.pot / n, scoop, self.tie / n, stderr, exact, n, hands,
                                 halves=tuple(p.name for p in g.parts), shares=self.parts / n,
                                 scoop=scoop)


def _exact(s: _Spot, hands: tuple[str, ...]) -> PartsEquityResult:
    sums = _Sums(s.g, s.players)
    k = s.missing
    if k == 0:
        h, b = _fill(s, np.zeros((1, 0), dtype=np.uint8))
        sums.add(tally(s.g, h, b))
        return sums.result(s.g, True, hands)
    combos = combinations(len(s.stub), k)
    orders = _splits(s.need)
    step = max(_CHUNK // len(orders), 1)
    for lo in range(0, len(combos), step):
        block = s.stub[combos[lo:lo + step]]
        drawn = np.concatenate([block[:, o] for o in orders])
        h, b = _fill(s, drawn)
        sums.add(tally(s.g, h, b))
    return sums.result(s.g, True, hands)


def _separable(s: _Spot) -> bool:
    """Whether each part reads one board of its own and only boards miss cards: then the
    boards can be enumerated one at a time (:func:`_exact_by_board`)."""
    bs = [p.board for p in s.g.parts]
    return (s.g.boards == 2 and not any(s.need[:s.players]) and None not in bs
            and sorted(bs) == [0, 1])


def _separable_cost(s: _Spot) -> int:
    n = len(s.stub)
    return sum(math.comb(n, k) for k in s.need[s.players:]) * s.players * sum(
        int(p.cost) for p in s.g.parts)


def _superset_sums(runs: np.ndarray, n: int, size: int, weights: list[np.ndarray]
                   ) -> list[np.ndarray]:
    """For every `size`-subset S of range(n) (by its combinatorial-number key), the sum of
    each weight over the runs (rows of ascending indices) that contain S."""
    table = np.array([[math.comb(i, j) for j in range(size + 1)] for i in range(n + 1)],
                     dtype=np.int64)
    out = [np.zeros(math.comb(n, size)) for _ in weights]
    for cols in itertools.combinations(range(runs.shape[1]), size):
        key = np.zeros(len(runs), dtype=np.int64)
        for j, c in enumerate(cols):
            key += table[runs[:, c], j + 1]
        for o, w in zip(out, weights):
            o += np.bincount(key, weights=w, minlength=len(o))
    return out


def _disjoint_sums(r1: np.ndarray, f: list[np.ndarray], r2: np.ndarray, g: list[np.ndarray],
                   n: int) -> list[float]:
    """sum of f[i] * g[j] over the pairs of runs with no card in common, for each pair of
    weights: by inclusion-exclusion over the cards they share, sum over S of (-1)^|S|
    F(S) G(S), F(S) the sum of f over the runs containing S."""
    total = [0.0] * len(f)
    for size in range(min(r1.shape[1], r2.shape[1]) + 1):
        fs = _superset_sums(r1, n, size, f)
        gs = _superset_sums(r2, n, size, g)
        for i, (a, b) in enumerate(zip(fs, gs)):
            total[i] += (-1) ** size * float(np.dot(a, b))
    return total


def _exact_by_board(s: _Spot, hands: tuple[str, ...]) -> PartsEquityResult:
    """Exact equity when each part reads its own board and the hands are known.

    Each board's runouts are ranked once, on their own.  Every runout of one
    board has as many runouts of the other that miss its cards, so each part's
    share is its mean over its own board's runouts; the scoops and the deals
    with no share need the two boards together, summed over the pairs of
    runouts with no card in common by inclusion-exclusion (:func:`_disjoint_sums`).
    """
    g, n, p = s.g, len(s.stub), s.players
    holes = [np.tile(np.array(h, dtype=np.uint8), (1, 1)) for h in s.known]
    w = g.board_cards
    runs, share, alone, none = [], [], [], []
    for part in g.parts:
        b = part.board
        k = s.need[p + b]
        r = combinations(n, k)
        boards = np.zeros((len(r), g.boards * w), dtype=np.uint8)
        boards[:, b * w:b * w + len(s.boards[b])] = s.boards[b]
        boards[:, b * w + len(s.boards[b]):(b + 1) * w] = s.stub[r]
        st = [part.strengths(np.repeat(h, len(r), axis=0), boards) for h in holes]
        best = np.maximum.reduce(st)
        top = [x == best for x in st]
        count = np.add.reduce([t.astype(np.int8) for t in top])
        runs.append(r)
        share.append([t / count for t in top])
        alone.append([(t & (count == 1)).astype(np.float64) for t in top])
        none.append([(~t).astype(np.float64) for t in top])
    deals = s.deals()
    shares = np.array([[float(x.mean()) for x in sh] for sh in share])      # (parts, p)
    joint = _disjoint_sums(runs[0], alone[0] + none[0], runs[1], alone[1] + none[1], n)
    scoop = np.array(joint[:p]) / deals
    nothing = np.array(joint[p:]) / deals
    pot = shares.mean(axis=0)
    return PartsEquityResult(pot, scoop, 1 - scoop - nothing, np.zeros(p), True, deals, hands,
                             halves=tuple(q.name for q in g.parts), shares=shares,
                             scoop=scoop)


def _monte_carlo(s: _Spot, trials: int | None, target: float | None, seed: int | None,
                 hands: tuple[str, ...]) -> PartsEquityResult:
    rng = np.random.default_rng(seed)
    cap = trials if trials is not None else (TARGET_MAX_TRIALS if target is not None
                                             else DEFAULT_TRIALS)
    sums = _Sums(s.g, s.players)
    k, n = s.missing, len(s.stub)
    while sums.n < cap:
        t = min(_CHUNK, cap - sums.n)
        order = np.argsort(rng.random((t, n)), axis=1)[:, :k]
        h, b = _fill(s, s.stub[order])
        sums.add(tally(s.g, h, b))
        if target is not None and sums.n >= 2 and float(sums.stderr().max()) < target:
            break
    return sums.result(s.g, False, hands)


def equity(g: Game, players: Any, board: Any = "", dead: Any = "", *,
           exact: bool | None = None, trials: int | None = None,
           target_stderr: float | None = None, seed: int | None = None,
           threads: int | None = None) -> PartsEquityResult:
    """Each player's equity in a game of parts; see :func:`handrank.equity`.

    `threads` is accepted for the one signature and does not change the
    result (the ranking of one chunk runs on one core).
    """
    trials, target_stderr = check_trials(trials, target_stderr)
    if exact is not None and not isinstance(exact, (bool, np.bool_)):
        raise TypeError(f"exact must be True, False or None, got {type(exact).__name__}")
    if isinstance(players, (str, bytes)) or not hasattr(players, "__iter__"):
        raise TypeError(f"players must be a sequence of hands, got {type(players).__name__}")
    players = list(players)
    ranges = {i: r for i, r in ((i, _range_of(g, p, i)) for i, p in enumerate(players))
              if r is not None}
    labels = tuple(_label(g, p) for p in players)
    if ranges:
        return _range_equity(g, players, ranges, board, dead, exact, trials, target_stderr,
                             seed, labels)
    s = _spot(g, players, board, dead)
    by_board = _separable(s)
    cost = _separable_cost(s) if by_board else s.cost()
    if exact is None:
        exact = cost <= EXACT_AUTO and trials is None and target_stderr is None
    if exact:
        if by_board and cost <= EXACT_MAX:
            return _exact_by_board(s, labels)
        if s.cost() > EXACT_MAX:
            raise InvalidHandError(
                f"cannot enumerate every deal of this {g.name} spot exactly: {s.deals():,} "
                f"deals, {s.cost():,} strengths, limit {EXACT_MAX:,}; use exact=False")
        return _exact(s, labels)
    return _monte_carlo(s, trials, target_stderr, seed, labels)


def exact_known(g: Game, hands: list[np.ndarray], board: Any, dead: Any) -> PartsEquityResult:
    """Exact equity of known hands (every hole card given): the board operations' one
    pair of combos (:mod:`handrank.analysis.parts`), as :func:`equity` computes it."""
    s = _spot(g, [list(h) for h in hands], board, dead)
    labels = tuple(_label(g, h) for h in hands)
    return _exact_by_board(s, labels) if _separable(s) else _exact(s, labels)


def known_cost(g: Game, hands: list[np.ndarray], board: Any, dead: Any) -> int:
    """The weighted strengths :func:`exact_known` computes for these hands."""
    s = _spot(g, [list(h) for h in hands], board, dead)
    return _separable_cost(s) if _separable(s) else s.cost()


def _label(g: Game, p: Any) -> str:
    if isinstance(p, str):
        return p
    text = getattr(p, "text", None)
    if isinstance(text, str):
        return text
    return " ".join(_name(c) for c in _ids(g, p, "a hand"))


def _range_of(g: Game, p: Any, i: int) -> tuple[np.ndarray, np.ndarray] | None:
    """A range player's combos (n, hole cards) and weights; None for an exact hand or
    "random".  Every game takes a comma-separated list of exact hands (each alike);
    hold'em ranges a game of two hole cards, Omaha ranges the Omaha games of a board."""
    if isinstance(p, Range):
        ids, w = p.arrays()
    elif isinstance(p, OmahaRange):
        ids, w = np.asarray(p.hands), np.asarray(p.weights)
    elif not isinstance(p, str) or p.strip().lower() in _RANDOM:
        return None
    else:
        listed = _exact_list(g, p)
        if listed is not None:
            return listed
        try:
            _ids(g, p, "a hand")
            return None                           # one exact hand
        except (ValueError, TypeError) as e:
            why = str(e)
        if not g.board_cards:
            raise InvalidRangeError(f"player {i + 1}: {g.name} equity takes exact hands, "
                                    "lists of them or 'random' (the cards kept), not "
                                    f"ranges; got {p!r} ({why})")
        if g.hole_cards == 2:
            ids, w = Range(p).arrays()
        else:
            r = OmahaRange(p)
            ids, w = np.asarray(r.hands), np.asarray(r.weights)
    if not g.board_cards:
        raise InvalidRangeError(f"player {i + 1}: {g.name} equity takes exact hands, lists "
                                "of them or 'random' (the cards kept), not ranges")
    if ids.ndim != 2 or ids.shape[1] != g.hole_cards:
        raise InvalidRangeError(f"player {i + 1}'s range deals {ids.shape[-1]}-card hands, "
                                f"{g.name} deals {g.hole_cards}")
    return ids.astype(np.uint8), w.astype(np.float64)


def _exact_list(g: Game, p: str) -> tuple[np.ndarray, np.ndarray] | None:
    """A list of exact hands of the game's hole cards, comma-separated ("AsKd,QcJh"), as
    a range of those hands alike; None for other text (one hand written with commas
    between its cards stays one hand)."""
    if "," not in p:
        return None
    try:
        hands = [_ids(g, h, "a hand") for h in p.split(",")]
    except (ValueError, TypeError):
        return None
    if len(hands) < 2 or any(len(h) != g.hole_cards for h in hands):
        return None
    return np.array(hands, dtype=np.uint8), np.ones(len(hands))


def _combos_left(ranges: dict[int, tuple[np.ndarray, np.ndarray]], gone: list[int]
                 ) -> dict[int, tuple[np.ndarray, np.ndarray]]:
    """Each range without the combos that hold a card of `gone` (board, dead, exact hands)."""
    out = {}
    mask = np.zeros(64, dtype=bool)                      # every card id (the jokers too)
    mask[gone] = True
    for i, (ids, w) in ranges.items():
        keep = ~mask[ids].any(axis=1)
        if not keep.any():
            raise InvalidRangeError(f"player {i + 1}'s range has no combos left after removing "
                                    "the board, the dead cards and the other players' hands")
        out[i] = (ids[keep], w[keep])
    return out


def _range_equity(g: Game, players: list[Any], ranges: dict[int, tuple[np.ndarray, np.ndarray]],
                  board: Any, dead: Any, exact: bool | None, trials: int | None,
                  target: float | None, seed: int | None, labels: tuple[str, ...]
                  ) -> PartsEquityResult:
    """Equity with ranges: the hands drawn jointly by weight with card removal (every tuple
    of combos that fit together, weighted by the product of their weights)."""
    first = {i: "random" for i in ranges}
    base = _spot(g, [first.get(i, p) for i, p in enumerate(players)], board, dead)
    fixed = [c for i, h in enumerate(base.known) if i not in ranges for c in h]
    gone = fixed + [c for b in base.boards for c in b] + [
        c for c in g.deck if c not in set(base.stub) and c not in fixed]
    left = _combos_left(ranges, sorted(set(gone)))
    order = sorted(left)
    tuples = math.prod(len(left[i][0]) for i in order)
    # the shape of every tuple's spot (its costs read only the counts)
    one = _Spot(g, [list(range(g.hole_cards)) if i in left else h
                    for i, h in enumerate(base.known)], base.boards,
                base.stub[:len(base.stub) - g.hole_cards * len(left)],
                [0 if i in left else k for i, k in enumerate(base.need)])
    each = _separable_cost(one) if _separable(one) else one.cost()
    if exact is None:
        exact = tuples * each <= EXACT_AUTO and trials is None and target is None
    if not exact:
        return _range_monte_carlo(g, base, left, trials, target, seed, labels)
    if tuples * each > EXACT_MAX:
        raise InvalidRangeError(
            f"cannot enumerate every deal of this {g.name} spot exactly: {tuples:,} combo "
            f"tuples x {each:,} strengths, limit {EXACT_MAX:,}; use exact=False")
    p = len(players)
    acc = {"equity": np.zeros(p), "scoop": np.zeros(p), "tie": np.zeros(p),
           "shares": np.zeros((len(g.parts), p))}
    total = 0.0
    deals = 0
    for pick in itertools.product(*(range(len(left[i][0])) for i in order)):
        hands = [left[i][0][k] for i, k in zip(order, pick)]
        cat = np.concatenate(hands)
        if len(np.unique(cat)) != len(cat):
            continue
        wt = float(np.prod([left[i][1][k] for i, k in zip(order, pick)]))
        chosen = dict(zip(order, hands))
        s = _spot(g, [list(chosen[i]) if i in chosen else q for i, q in enumerate(players)],
                  board, dead)
        r = _exact_by_board(s, labels) if _separable(s) else _exact(s, labels)
        for key in acc:
            acc[key] += wt * np.asarray(getattr(r, key))
        total += wt
        deals += r.samples
    if total == 0:
        raise InvalidRangeError("the players' ranges clash in every deal: no combos fit "
                                "together")
    eq, sc, tie, sh = (acc[k] / total for k in ("equity", "scoop", "tie", "shares"))
    return PartsEquityResult(eq, sc, tie, np.zeros(p), True, deals, labels,
                             halves=tuple(q.name for q in g.parts), shares=sh, scoop=sc)


def _range_monte_carlo(g: Game, base: _Spot, left: dict[int, tuple[np.ndarray, np.ndarray]],
                       trials: int | None, target: float | None, seed: int | None,
                       labels: tuple[str, ...]) -> PartsEquityResult:
    """Monte Carlo with ranges: each trial draws a combo for every range by weight (again
    while two share a card) and deals the rest from what is left."""
    rng = np.random.default_rng(seed)
    cap = trials if trials is not None else (TARGET_MAX_TRIALS if target is not None
                                             else DEFAULT_TRIALS)
    sums = _Sums(g, base.players)
    size = max(g.deck) + 1                     # card ids: 52, or 53 with the joker
    outside = np.ones(size, dtype=bool)
    outside[base.stub] = False                 # every card not in the stub is gone
    k = base.missing - sum(g.hole_cards for _ in left)   # the ranges' cards are not dealt
    cum = {i: np.cumsum(w) / w.sum() for i, (_, w) in left.items()}
    while sums.n < cap:
        t = min(_CHUNK, cap - sums.n)
        picks = {i: np.minimum(np.searchsorted(cum[i], rng.random(t), side="right"),
                               len(cum[i]) - 1) for i in left}
        for _ in range(1000):
            held = np.concatenate([left[i][0][picks[i]] for i in left], axis=1)
            srt = np.sort(held, axis=1)
            bad = (srt[:, 1:] == srt[:, :-1]).any(axis=1)
            if not bad.any():
                break
            for i in left:
                picks[i][bad] = np.minimum(np.searchsorted(cum[i], rng.random(int(bad.sum())),
                                                           side="right"), len(cum[i]) - 1)
        else:
            raise InvalidRangeError("the players' ranges clash in almost every deal")
        keys = rng.random((t, size))
        keys[:, outside] = 2.0
        np.put_along_axis(keys, held.astype(np.intp), 2.0, axis=1)
        drawn = np.argsort(keys, axis=1)[:, :k].astype(np.uint8)
        hands, pos = [], 0
        for i, known in enumerate(base.known):
            if i in left:
                hands.append(left[i][0][picks[i]])
                continue
            need = g.hole_cards - len(known)
            hands.append(np.ascontiguousarray(np.concatenate(
                [np.tile(np.array(known, dtype=np.uint8), (t, 1)), drawn[:, pos:pos + need]],
                axis=1)))
            pos += need
        w = g.board_cards
        b = np.empty((t, g.boards * w), dtype=np.uint8)
        for j, given in enumerate(base.boards):
            b[:, j * w:j * w + len(given)] = given
            b[:, j * w + len(given):(j + 1) * w] = drawn[:, pos:pos + w - len(given)]
            pos += w - len(given)
        sums.add(tally(g, hands, b))
        if target is not None and sums.n >= 2 and float(sums.stderr().max()) < target:
            break
    return sums.result(g, False, labels)
