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
fill; ``exact=None`` chooses it when the strengths to compute are at most
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
from ..core.cards import card_str, cards
from ..core.errors import InvalidHandError, InvalidRangeError
from ..games.base import Game
from ..games.parts import boards_of, ids_of
from .holdem import DEFAULT_TRIALS, TARGET_MAX_TRIALS, EquityResult, check_trials

__all__ = ["EXACT_AUTO", "EXACT_MAX", "PartsEquityResult", "equity"]

#: Strengths (deals x players x parts, weighted by Part.cost) that exact=None
#: enumerates: about 0.6 s on one Zen 3 core, less than Monte Carlo's default
#: million trials takes in these games (2 to 3 s), so enumeration is chosen up to it.
EXACT_AUTO = 3_000_000
#: The most weighted strengths exact=True enumerates (about a minute).
EXACT_MAX = 300_000_000
_CHUNK = 1 << 16                 # deals ranked together
_RANDOM = ("random", "*")


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
        return [*((h, self.shares[i]) for i, h in enumerate(self.halves)),
                ("scoop", self.scoop)]

    def rows(self) -> list[dict[str, Any]]:
        """One dict per player: as :meth:`EquityResult.rows`, plus each part and scoop."""
        out = super().rows()
        for i, row in enumerate(out):
            for name, col in self._more_columns():
                row[name] = float(col[i])
        return out


def _player(g: Game, p: Any, i: int) -> list[int]:
    """The known cards of player `i` (0-based): all of them, the kept ones, or none."""
    if isinstance(p, str) and p.strip().lower() in _RANDOM:
        return []
    try:
        ids = cards(p)
    except (ValueError, TypeError) as e:
        if isinstance(p, str):
            raise InvalidRangeError(
                f"player {i + 1}: {g.name} equity takes exact hands or 'random', not ranges; "
                f"{p!r} is not a hand ({e})") from None
        raise type(e)(f"player {i + 1}'s hand: {e}") from None
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
    boards = boards_of(g, board)
    dead_ids = ids_of(dead, "dead") if dead is not None else []
    where: dict[int, str] = {}
    places = ([(f"player {i + 1}'s hand", h) for i, h in enumerate(known)]
              + [(f"board {i + 1}" if g.boards > 1 else "the board", b)
                 for i, b in enumerate(boards)] + [("dead", dead_ids)])
    deck = set(g.deck)
    for name, ids in places:
        for c in ids:
            if c not in deck:
                raise InvalidHandError(f"card {card_str(c)!r} in {name} is not in the "
                                       f"{g.name} deck")
            if c in where:
                other = where[c]
                place = other if other == name else f"{other} and {name}"
                raise InvalidHandError(f"duplicate card {card_str(c)!r} in {place}")
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
    s = _spot(g, players, board, dead)
    labels = tuple(p if isinstance(p, str) else " ".join(card_str(c) for c in cards(p))
                   for p in players)
    if exact is None:
        exact = s.cost() <= EXACT_AUTO and trials is None and target_stderr is None
    if exact:
        if s.cost() > EXACT_MAX:
            raise InvalidHandError(
                f"cannot enumerate every deal of this {g.name} spot exactly: {s.deals():,} "
                f"deals, {s.cost():,} strengths, limit {EXACT_MAX:,}; use exact=False")
        return _exact(s, labels)
    return _monte_carlo(s, trials, target_stderr, seed, labels)
