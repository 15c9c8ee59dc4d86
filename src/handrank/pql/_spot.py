"""The situation a query describes (its ``from`` clause) and the dealing of it.

A :class:`Spot` holds the game, each player's range as rows of card ids with
weights (or "random": any cards), the known board and the dead cards.  It
deals blocks of deals as numpy arrays, at random (:meth:`Spot.sample`) or all
of them with their weights (:meth:`Spot.enumerate`).  Every card set is also a
52-bit mask (``uint64``) so collisions are one ``&`` per row.
"""

from __future__ import annotations

import difflib
import itertools
import math
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, ClassVar, Protocol

import numpy as np

from ..core.cards import RANKS, SUITS
from ..core.cards import cards as parse_cards
from ..core.errors import HandrankError
from ..games import Game, game
from ..operations import evaluate_batch
from ..ranges.holdem import Range
from ..ranges.omaha import OmahaRange
from ._holdem_order import ORDER
from ._parse import PqlError, locate

__all__ = ["GAMES", "Spot", "BoardSpot", "HoldemSpot", "OmahaSpot", "StudSpot", "Deals",
           "build_spot", "combos", "masks_of", "STREETS", "HANDTYPES", "BOARD", "HOLDEM",
           "STUD", "stud_runouts", "stud_street", "STUD_EXACT_RUNOUTS", "STUD_SAMPLES"]

#: street name -> board cards seen (hold'em and Omaha) / cards held (stud)
STREETS = {"flop": 3, "turn": 4, "river": 5,
           "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7}

#: a stud street equity is exact when each deal has at most this many ways to
#: deal the cards still to come (sixth street heads-up: 1,560; three-way 35,904)
STUD_EXACT_RUNOUTS = 50_000
#: else it is the mean over this many of those ways drawn at random
STUD_SAMPLES = 1_000

# hand types in the order of a standard deck; short deck swaps flush and full house
HANDTYPES = ["highcard", "pair", "twopair", "trips", "straight", "flush", "fullhouse",
             "quads", "straightflush"]

#: What a spot offers that some functions need (:attr:`Spot.offers`): a board
#: shared by the players, hold'em hands (two hole cards, any five of the
#: seven), the stud streets (each player's own cards, up cards among them).
BOARD, HOLDEM, STUD = "board", "hold'em hands", "stud streets"


def stud_runouts(cards: int, players: int, known: int) -> int:
    """The ways to deal `players` stud players their cards after the first
    `known` from the cards of a deck of `cards` (dead cards taken out) that
    no player's first `known` hold."""
    need = 7 - known
    left = cards - players * known
    total = 1
    for _ in range(players):
        total *= math.comb(max(left, 0), need)
        left -= need
    return total


def stud_street(street: str) -> int:
    """The cards a stud player holds on `street` (flop, turn and river read as
    fifth, sixth and seventh)."""
    return {"flop": 5, "turn": 6, "river": 7}.get(street, STREETS[street])


_ONE = np.uint64(1)
_BITS = (_ONE << np.arange(64, dtype=np.uint64))


def masks_of(rows: np.ndarray) -> np.ndarray:
    """The 52-bit mask (uint64) of each row of card ids."""
    rows = np.asarray(rows)
    if rows.ndim == 1:
        rows = rows[None, :]
    m = np.zeros(rows.shape[:-1], dtype=np.uint64)
    for j in range(rows.shape[-1]):
        m |= _BITS[rows[..., j].astype(np.int64)]
    return m


_COMBOS: dict[tuple[int, int], np.ndarray] = {}


def combos(n: int, k: int) -> np.ndarray:
    """Every k-subset of range(n), rows ascending (int16), remembered."""
    key = (n, k)
    if key not in _COMBOS:
        if k == 0:
            arr = np.zeros((1, 0), dtype=np.int16)
        else:
            arr = np.array(list(itertools.combinations(range(n), k)), dtype=np.int16)
            arr = arr.reshape(-1, k)
        arr.flags.writeable = False
        _COMBOS[key] = arr
    return _COMBOS[key]


_COMPLETIONS: dict[tuple[int, int, int], np.ndarray] = {}


def n_completions(unseen: int, known: int, cards: int) -> int:
    """The number of rows of :func:`completions`."""
    f = max(0, min(3, cards) - known)
    return math.comb(unseen, f) * math.perm(unseen - f, cards - known - f)


def completions(unseen: int, known: int, cards: int) -> np.ndarray:
    """Every way to finish a board of `known` cards from `unseen` cards (indices):
    the missing flop cards as a set, then the turn and the river each in its
    place, since functions of the turn tell them apart."""
    key = (unseen, known, cards)
    if key not in _COMPLETIONS:
        f = max(0, min(3, cards) - known)
        rows = combos(unseen, f).astype(np.int16)
        for _ in range(cards - known - f):
            n = len(rows)
            free = np.ones((n, unseen), dtype=bool)
            if rows.shape[1]:
                free[np.arange(n)[:, None], rows] = False
            nxt = np.nonzero(free)[1].reshape(n, unseen - rows.shape[1]).astype(np.int16)
            rows = np.concatenate([np.repeat(rows, nxt.shape[1], axis=0),
                                   nxt.reshape(-1, 1)], axis=1)
        rows.flags.writeable = False
        _COMPLETIONS[key] = rows
    return _COMPLETIONS[key]


def hi_game(g: Game) -> Game:
    """The game a hi-lo game's high half is ranked in (hold'em's scale)."""
    return game("holdem")


def fillers(rows: np.ndarray, k: int) -> np.ndarray:
    """k cards per row among the tens to kings (never part of a low) not in the row."""
    cand = np.arange(32, 48, dtype=np.uint8)          # Tc .. Ks
    used = masks_of(rows)
    free = ((used[:, None] >> cand.astype(np.uint64)) & _ONE) == 0
    # the first k free candidates of each row (at most 7 cards are used)
    order = np.argsort(~free, axis=1, kind="stable")[:, :k]
    return cand[order]


@dataclass
class Player:
    name: str
    text: str
    hands: np.ndarray | None      # (K, h) uint8, or None: any cards ("random")
    weights: np.ndarray | None    # (K,) float64
    masks: np.ndarray | None      # (K,) uint64
    cum: np.ndarray | None        # (K,) cumulative probabilities

    @property
    def random(self) -> bool:
        return self.hands is None


@dataclass
class Deals:
    """A block of deals: each player's cards, the whole board, weights."""
    holes: list[np.ndarray]       # per player (n, h) uint8
    board: np.ndarray             # (n, B) uint8, the board to the river
    weight: np.ndarray | None     # (n,) float64 in exact mode, None (all 1) when sampled
    n: int


_GENERIC_POS = re.compile(r"(10|[2-9TJQKA*])([cdhsxyzw]?)", re.IGNORECASE)
_GENERIC = re.compile(r"(?:(?:10|[2-9TJQKA*])[cdhsxyzw]?)+", re.IGNORECASE)
_WEIGHT = re.compile(r"(.*?)(?::([0-9]*\.?[0-9]+))?$")


def _generic_two(body: str) -> np.ndarray | None:
    """Two-card hands matching a generic pattern (``**``, ``A*``, ``AwKw``,
    ``Ks*``), rows ascending; None if the text is not such a pattern."""
    if not _GENERIC.fullmatch(body):
        return None
    pos = [(r.upper(), s.lower()) for r, s in _GENERIC_POS.findall(body)]
    if len(pos) != 2:
        return None

    def fits(c: int, rank: str, suit: str, sub: dict[str, int]) -> bool:
        if rank not in ("*",) and RANKS.index("T" if rank == "10" else rank) != c // 4:
            return False
        if suit in SUITS and suit and SUITS.index(suit) != c % 4:
            return False
        if suit in "xyzw" and suit:
            if suit in sub:
                return sub[suit] == c % 4
        return True

    out = []
    for a, b in itertools.combinations(range(52), 2):
        for x, y in ((a, b), (b, a)):
            (r1, s1), (r2, s2) = pos
            if not (fits(x, r1, s1, {}) and fits(y, r2, s2, {})):
                continue
            # suit variables: same letter same suit, different letters different suits
            sub: dict[str, int] = {}
            good = True
            for c, s in ((x, s1), (y, s2)):
                if s and s in "xyzw":
                    if s in sub and sub[s] != c % 4:
                        good = False
                    sub[s] = c % 4
            if good and len(set(sub.values())) == len(sub):
                out.append((a, b))
                break
    return np.array(out, dtype=np.uint8).reshape(-1, 2)


def holdem_top(term: str) -> np.ndarray:
    """The hands of a hold'em percentage term (``'15%'``): whole starting-hand
    classes taken best first by :data:`._holdem_order.ORDER` (exact all-in
    equity against one random hand) while the hands taken are fewer than the
    percentage of the 1,326: the smallest run of classes holding at least
    that share (the rule of Omaha's ``15%``)."""
    try:
        pct = float(term[:-1])
    except ValueError:
        raise PqlError(f"cannot read the percentage {term!r}") from None
    if not 0 < pct <= 100:
        raise PqlError(f"a percentage range is above 0 and at most 100, got {term!r}")
    want = pct / 100 * 1326
    taken: list[np.ndarray] = []
    count = 0
    for name, _ in ORDER:
        if count >= want - 1e-9:
            break
        rows = np.asarray(Range(name).combo_ids, dtype=np.uint8).reshape(-1, 2)
        taken.append(rows)
        count += len(rows)
    return np.concatenate(taken)


def _holdem_range(text: str, deck_mask: int) -> tuple[np.ndarray, np.ndarray]:
    """A hold'em range: handrank's notation, plus the generic two-card patterns."""
    by_key: dict[tuple[int, int], float] = {}
    for raw in text.split(","):
        term = raw.strip()
        if not term:
            raise PqlError(f"empty term in range {text!r}")
        m = _WEIGHT.fullmatch(term)
        body, w_text = (m.group(1), m.group(2)) if m else (term, None)
        w = 1.0 if w_text is None else float(w_text)
        if not 0.0 <= w <= 1.0:
            raise PqlError(f"weight {w_text} in {term!r} is not from 0 to 1")
        if body.lower() in ("*", "**", "random"):
            rows = np.array(list(itertools.combinations(range(52), 2)), dtype=np.uint8)
        elif body.endswith("%"):
            if deck_mask != (1 << 52) - 1:
                raise PqlError(f"a percentage range ({body!r}) reads the 52-card hold'em "
                               "order; this game has another deck")
            rows = holdem_top(body)
        else:
            try:
                rows = np.asarray(Range(body).combo_ids, dtype=np.uint8).reshape(-1, 2)
            except HandrankError:
                got = _generic_two(body)
                if got is None or not len(got):
                    raise PqlError(f"cannot read the hold'em range term {body!r}") from None
                rows = got
        for a, b in np.sort(rows, axis=1).tolist():
            by_key[(a, b)] = w
    keys = [k for k, w in by_key.items() if w > 0
            and (deck_mask >> k[0]) & 1 and (deck_mask >> k[1]) & 1]
    hands = np.array(keys, dtype=np.uint8).reshape(-1, 2)
    weights = np.array([by_key[k] for k in keys], dtype=np.float64)
    return hands, weights


def _is_all(text: str, h: int) -> bool:
    t = text.replace(" ", "").lower()
    return t in ("*", "random", "*" * h)


class Facts(Protocol):
    """What a spot asks of the facts of a block of deals (``_eval.Ctx``) when
    the way to compute something depends on how the spot deals."""

    def river_shares(self) -> np.ndarray: ...
    def board_equity(self, street: str) -> np.ndarray: ...
    def stud_equity(self, known: int) -> np.ndarray: ...
    def board_nut(self, player: int, street: str, half: str,
                  same_type: bool = False) -> np.ndarray: ...
    def stud_nut(self, player: int, street: str, half: str) -> np.ndarray: ...
    def nut_outs(self, player: int, street: str) -> np.ndarray: ...
    def stud_nut_outs(self, player: int, street: str) -> np.ndarray: ...
    def board_nut_lo_outs(self, player: int, street: str) -> np.ndarray: ...
    def stud_nut_lo_outs(self, player: int, street: str) -> np.ndarray: ...
    def board_next_types(self, player: int, street: str, lut: np.ndarray) -> np.ndarray: ...
    def stud_next_types(self, player: int, street: str, lut: np.ndarray) -> np.ndarray: ...


@dataclass
class Spot:
    """A spot: the game, the players' ranges, the known board and dead cards,
    and what depends on how the game deals (a board shared by the players,
    or stud's cards of each player's own): reading a range, dealing and
    enumerating, the streets, forming a hand, the work a function costs.
    Use a subclass (:class:`HoldemSpot`, :class:`OmahaSpot`,
    :class:`StudSpot`); the planner and the evaluator ask it and never its
    game's name."""

    #: what the spot offers that some functions need (:data:`BOARD`, ...)
    offers: ClassVar[frozenset[str]] = frozenset()

    pql_game: str
    game: Game
    hole: int
    board_cards: int              # 5, or 0 in stud
    deck: np.ndarray              # card ids of the game's deck (uint8)
    players: list[Player]
    board: list[int]
    dead: list[int]
    fixed_mask: int               # board | dead
    lowest_rank: int = 0          # 0 (deuce) in a full deck
    flush_beats_full: bool = False

    @property
    def names(self) -> list[str]:
        return [p.name for p in self.players]

    # ------------------------------------------------------------- sampling
    def sample(self, rng: np.random.Generator, n: int) -> Deals:
        """`n` deals at random: each range player's hand by weight, collisions
        rejected, then random players and the rest of the board uniformly."""
        parts: list[tuple[np.ndarray, list[np.ndarray]]] = []
        have, tries = 0, 0
        ranged = [i for i, p in enumerate(self.players) if not p.random]
        dealt = 0
        while have < n:
            want = n - have
            # deal enough for the acceptance seen so far (a rare fit of the ranges
            # must not mean thousands of small rounds)
            rate = have / dealt if have else (1.0 if not tries else 1e-3)
            m = want if not tries else int(min(4_000_000, max(64, 1.2 * want / rate + 16)))
            dealt += m
            used = np.full(m, np.uint64(self.fixed_mask))
            ok = np.ones(m, dtype=bool)
            got: list[np.ndarray] = []
            for i in ranged:
                p = self.players[i]
                assert p.cum is not None and p.masks is not None and p.hands is not None
                idx = np.searchsorted(p.cum, rng.random(m), side="right")
                np.minimum(idx, len(p.cum) - 1, out=idx)
                pm = p.masks[idx]
                ok &= (used & pm) == 0
                used |= pm
                got.append(p.hands[idx])
            keep = np.flatnonzero(ok)[:want]
            parts.append((used[keep], [g[keep] for g in got]))
            have += len(keep)
            tries += 1
            if tries >= 50 and have == 0:
                raise PqlError("the players' ranges cannot be dealt together (no deal "
                               "without a card in two places)")
        used = np.concatenate([u for u, _ in parts])
        holes_r = [np.concatenate([g[j] for _, g in parts]) for j in range(len(ranged))]
        holes: list[np.ndarray] = [np.empty((0,), np.uint8)] * len(self.players)
        for j, i in enumerate(ranged):
            holes[i] = holes_r[j]
        # the random players, the cards a stud player was not given and the
        # rest of the board: a partial Fisher-Yates shuffle of each row's cards
        # left (the same number in every row)
        miss = [self.hole if p.random else self.hole - holes[i].shape[1]
                for i, p in enumerate(self.players)]
        k = sum(miss) + self.board_cards - len(self.board)
        if k <= 12:                     # few cards: draw each, redraw a card in use
            cards = self._draw(rng, used, k)
        else:
            if ranged:
                left = self.left(used)
            else:                       # every row has the same cards left
                left = np.tile(self.left(used[:1]), (n, 1))
            u = left.shape[1]
            flat = left.reshape(-1)
            base = np.arange(n, dtype=np.int64) * u
            for j in range(k):
                pick = base + rng.integers(j, u, n)
                here = base + j
                a = flat[pick]
                flat[pick] = flat[here]
                flat[here] = a
            cards = left[:, :k]
        at = 0
        for i, p in enumerate(self.players):
            part = cards[:, at:at + miss[i]]
            at += miss[i]
            if p.random:
                holes[i] = part
            elif miss[i]:
                holes[i] = np.concatenate([holes[i], part], axis=1)
        known = np.broadcast_to(np.array(self.board, dtype=np.uint8), (n, len(self.board)))
        board = np.concatenate([known, cards[:, at:k]], axis=1)
        return Deals(holes, board, None, n)

    def left(self, used: np.ndarray) -> np.ndarray:
        """(n, U) each row's cards of the deck not in `used`, ascending (U is the
        same for every row)."""
        bits = (((used[:, None] >> np.arange(52, dtype=np.uint64)) & _ONE) == 0)
        bits &= self.deck_bits
        u = int(bits[0].sum()) if len(used) else 0
        return np.nonzero(bits)[1].reshape(len(used), u).astype(np.uint8)

    @property
    def deck_bits(self) -> np.ndarray:
        b = np.zeros(52, dtype=bool)
        b[self.deck] = True
        return b

    def _draw(self, rng: np.random.Generator, used: np.ndarray, k: int) -> np.ndarray:
        """k cards per row, uniformly from the deck's cards not in `used` (updated)."""
        n = len(used)
        out = np.empty((n, k), dtype=np.uint8)
        deck = self.deck
        for j in range(k):
            c = deck[rng.integers(0, len(deck), n)]
            bad = np.flatnonzero((used >> c.astype(np.uint64)) & _ONE)
            while len(bad):
                c[bad] = deck[rng.integers(0, len(deck), len(bad))]
                bad = bad[((used[bad] >> c[bad].astype(np.uint64)) & _ONE) != 0]
            used |= _BITS[c.astype(np.int64)]
            out[:, j] = c
        return out

    # ---------------------------------------------------------- enumeration
    def exact_players(self) -> list[tuple[np.ndarray, np.ndarray, np.ndarray]]:
        """Each player's (hands, weights, masks), random players as every hand."""
        out = []
        for p in self.players:
            if p.random:
                hands = self.deck[combos(len(self.deck), self.hole)]
                hands = hands[(masks_of(hands) & np.uint64(self.fixed_mask)) == 0]
                out.append((hands, np.ones(len(hands)), masks_of(hands)))
            else:
                assert p.hands is not None and p.weights is not None and p.masks is not None
                out.append((p.hands, p.weights, p.masks))
        return out

    # ------------------------------------------- what the subclasses answer
    @classmethod
    def read_hands(cls, name: str, text: str, hole: int,
                   deck_mask: int) -> tuple[np.ndarray, np.ndarray]:
        """A player's range text -> (hands (K, h) uint8, weights (K,))."""
        raise NotImplementedError

    @classmethod
    def flush_beats_full_in(cls, g: Game) -> bool:
        """Whether a flush beats a full house in the game (short deck)."""
        return False

    @property
    def handtypes(self) -> list[str]:
        """The hand types, weakest first, in this game's order."""
        if self.flush_beats_full:
            o = list(HANDTYPES)
            o[5], o[6] = "fullhouse", "flush"
            return o
        return HANDTYPES

    def exact_size(self) -> tuple[int, int]:
        """(hand tuples before collisions, board run-outs per tuple): their product
        bounds the number of deals of an exact enumeration."""
        raise NotImplementedError

    def enumerate(self, rows_per_block: int) -> Iterator[Deals]:
        """Every deal with its weight (the product of the range weights), in
        blocks of about `rows_per_block` deals."""
        raise NotImplementedError

    def too_many_deals(self, tuples: int, runouts: int, per_deal: int, limit: int) -> str:
        """Why an exact enumeration of `tuples` x `runouts` deals of `per_deal`
        evaluations each is refused (it is above `limit`)."""
        raise NotImplementedError

    def street_cards(self, street: str) -> int:
        """The cards of `street` a hand is ranked from (the board's in the board
        games, each player's in stud); a street the game has not is refused."""
        raise NotImplementedError

    def seen(self, hole: np.ndarray, board: np.ndarray,
             n: int) -> tuple[np.ndarray, np.ndarray]:
        """The cards (hole, board) of a street of `n` cards (:meth:`street_cards`)."""
        raise NotImplementedError

    def hole_at(self, hole: np.ndarray, street: str | None) -> np.ndarray:
        """A player's own cards on `street` (all of them when None)."""
        return hole

    def short_hand(self, street: str) -> int | None:
        """The cards of a hand on `street` when fewer than five (stud's third
        and fourth streets), else None."""
        return None

    def evaluate(self, hole: np.ndarray, board: np.ndarray) -> dict[str, np.ndarray]:
        """Each half's strengths of the hands `hole` with `board`, row by row."""
        raise NotImplementedError

    def _halves(self, s: np.ndarray) -> dict[str, np.ndarray]:
        g = self.game
        if len(g.halves) == 2:
            return {"high": s[:, 0], "low": s[:, 1]}
        return {g.halves[0]: s}

    def best_with_two(self, two: np.ndarray, board: np.ndarray, half: str) -> np.ndarray:
        """The `half` strength of two hole cards with the board, by the game's rule (the
        board games)."""
        raise NotImplementedError

    def low_with_two(self, two: np.ndarray, board: np.ndarray) -> np.ndarray:
        """The low two hole cards make with the board (the board games)."""
        raise NotImplementedError

    def low_of_five(self, cs: list[int]) -> int:
        """The low strength of five cards in this game's scale (0: no low)."""
        got = np.asarray(evaluate_batch(np.array([cs], np.uint8), game=self.game, threads=1))
        return int(got.reshape(-1)[-1])

    def range_hands(self, text: str) -> np.ndarray:
        """The hands of a range argument (``inRange``), rows of card ids."""
        raise NotImplementedError

    # ------------------------------------------------ the work of functions
    def runouts_cost(self, street: str) -> int:
        """Run-outs a street equity on `street` (not the river) evaluates a deal."""
        raise NotImplementedError

    def runouts_inexact(self, name: str, street: Any) -> str | None:
        """Why the street equity `name` on `street` would not be exact in an
        enumeration of the deals, or None."""
        return None

    def nut_cost(self, street: str) -> int:
        """Evaluations of a nut test on `street` a deal."""
        raise NotImplementedError

    def outs_cost(self, street: str) -> int:
        """Evaluations of an outs count on `street` a deal."""
        raise NotImplementedError

    def nut_outs_cost(self, street: str) -> int:
        """Evaluations of a nut-outs count on `street` a deal."""
        raise NotImplementedError

    # ---------------------------------- which computation of the facts serves
    def street_equity(self, facts: Facts, street: str) -> np.ndarray:
        """(P, n) each player's equity on `street` (:meth:`_eval.Ctx.street_equity`)."""
        raise NotImplementedError

    def nut(self, facts: Facts, player: int, street: str, half: str,
            same_type: bool) -> np.ndarray:
        """Whether the player's `half` on `street` is the nuts (:meth:`_eval.Ctx.nut`)."""
        raise NotImplementedError

    def nut_hi_outs(self, facts: Facts, player: int, street: str) -> np.ndarray:
        """How many next cards give the player the nut high."""
        raise NotImplementedError

    def nut_lo_outs(self, facts: Facts, player: int, street: str) -> np.ndarray:
        """How many next cards give the player the nut low."""
        raise NotImplementedError

    def next_types(self, facts: Facts, player: int, street: str,
                   lut: np.ndarray) -> np.ndarray:
        """(n, U) the player's hand type (`lut`'s order) with each next card."""
        raise NotImplementedError


class BoardSpot(Spot):
    """A game with a board shared by the players (hold'em, Omaha): the board
    is dealt flop, turn and river."""

    offers: ClassVar[frozenset[str]] = frozenset({BOARD})
    #: the ways two hole cards take the board cards of a hand (Omaha: three of five)
    board_choices: ClassVar[int] = 1

    def exact_size(self) -> tuple[int, int]:
        tuples = 1
        for p in self.players:
            tuples *= (math.comb(len(self.deck) - len(self.board) - len(self.dead), self.hole)
                       if p.random else len(p.hands))  # type: ignore[arg-type]
        unseen = (len(self.deck) - len(self.board) - len(self.dead)
                  - self.hole * len(self.players))
        return tuples, n_completions(max(unseen, 0), len(self.board), self.board_cards)

    def enumerate(self, rows_per_block: int) -> Iterator[Deals]:
        """Every deal with its weight (the product of the range weights), in
        blocks of about `rows_per_block` deals."""
        ps = self.exact_players()
        shape = tuple(len(h) for h, _, _ in ps)
        total = math.prod(shape)
        k = self.board_cards - len(self.board)
        unseen = len(self.deck) - len(self.board) - len(self.dead) - self.hole * len(ps)
        idx_r = completions(unseen, len(self.board), self.board_cards)
        r = len(idx_r)
        step = max(1, rows_per_block // r)
        deck_mask = np.zeros(52, dtype=bool)
        deck_mask[self.deck] = True
        for start in range(0, total, step):
            flat = np.arange(start, min(total, start + step), dtype=np.int64)
            idx = np.unravel_index(flat, shape)
            used = np.full(len(flat), np.uint64(self.fixed_mask))
            ok = np.ones(len(flat), dtype=bool)
            w = np.ones(len(flat))
            for (_, weights, masks), ix in zip(ps, idx):
                pm = masks[ix]
                ok &= (used & pm) == 0
                used |= pm
                w *= weights[ix]
            keep = np.flatnonzero(ok & (w > 0))
            if not len(keep):
                continue
            used = used[keep]
            holes = [ps[j][0][idx[j][keep]] for j in range(len(ps))]
            # the cards left for the board, in deck order, per row
            bits = ((used[:, None] >> np.arange(52, dtype=np.uint64)) & _ONE) == 0
            bits &= deck_mask
            left = np.nonzero(bits)[1].reshape(len(keep), -1).astype(np.uint8)
            assert left.shape[1] == unseen
            m = len(keep)
            rest = left[:, idx_r].reshape(m * r, k)
            known = np.broadcast_to(np.array(self.board, dtype=np.uint8), (m * r, len(self.board)))
            board = np.concatenate([known, rest], axis=1)
            yield Deals([np.repeat(h, r, axis=0) for h in holes], board,
                        np.repeat(w[keep], r), m * r)

    def too_many_deals(self, tuples: int, runouts: int, per_deal: int, limit: int) -> str:
        return (f"about {tuples * runouts:,} deals ({tuples:,} hand tuples x {runouts:,} "
                f"boards) x {per_deal:,} evaluations each is beyond the limit of {limit:,}; "
                "use exact=False or a narrower query")

    def street_cards(self, street: str) -> int:
        n = STREETS[street]
        if n > 5:
            raise PqlError(f"street {street!r} is a stud street; the {self.pql_game} "
                           "streets are flop, turn and river")
        return n

    def seen(self, hole: np.ndarray, board: np.ndarray,
             n: int) -> tuple[np.ndarray, np.ndarray]:
        return hole, board[:, :n]

    def runouts_cost(self, street: str) -> int:
        unseen = (len(self.deck) - len(self.dead) - self.hole * len(self.players)
                  - STREETS[street])
        return math.comb(unseen, 5 - STREETS[street]) * len(self.players)

    def nut_cost(self, street: str) -> int:
        unseen = len(self.deck) - len(self.dead) - self.hole - STREETS.get(street, 5)
        return math.comb(max(unseen, 2), 2) * self.board_choices

    def outs_cost(self, street: str) -> int:
        return len(self.deck) - len(self.dead) - self.hole - STREETS.get(street, 5)

    def nut_outs_cost(self, street: str) -> int:
        u = len(self.deck) - len(self.dead) - self.hole - STREETS.get(street, 5)
        return u * math.comb(max(u - 1, 2), 2) * self.board_choices

    def street_equity(self, facts: Facts, street: str) -> np.ndarray:
        return facts.board_equity(street)

    def nut(self, facts: Facts, player: int, street: str, half: str,
            same_type: bool) -> np.ndarray:
        return facts.board_nut(player, street, half, same_type)

    def nut_hi_outs(self, facts: Facts, player: int, street: str) -> np.ndarray:
        return facts.nut_outs(player, street)

    def nut_lo_outs(self, facts: Facts, player: int, street: str) -> np.ndarray:
        return facts.board_nut_lo_outs(player, street)

    def next_types(self, facts: Facts, player: int, street: str,
                   lut: np.ndarray) -> np.ndarray:
        return facts.board_next_types(player, street, lut)


class HoldemSpot(BoardSpot):
    """Hold'em and its decks (short deck): two hole cards, the best five of
    the seven."""

    offers: ClassVar[frozenset[str]] = frozenset({BOARD, HOLDEM})

    @classmethod
    def read_hands(cls, name: str, text: str, hole: int,
                   deck_mask: int) -> tuple[np.ndarray, np.ndarray]:
        return _holdem_range(text, deck_mask)

    @classmethod
    def flush_beats_full_in(cls, g: Game) -> bool:
        flush = np.array([parse_cards("Ah Qh Jh 9h 7h")], dtype=np.uint8)
        full = np.array([parse_cards("As Ad Ac Ks Kd")], dtype=np.uint8)
        return bool(np.ravel(evaluate_batch(flush, game=g))[0]
                    > np.ravel(evaluate_batch(full, game=g))[0])

    def evaluate(self, hole: np.ndarray, board: np.ndarray) -> dict[str, np.ndarray]:
        return self._halves(evaluate_batch(np.concatenate([hole, board], axis=1),
                                           game=self.game, threads=1))

    def best_with_two(self, two: np.ndarray, board: np.ndarray, half: str) -> np.ndarray:
        return self.evaluate(two, board)[half]

    def low_with_two(self, two: np.ndarray, board: np.ndarray) -> np.ndarray:
        return self.evaluate(two, board)["low"]

    def range_hands(self, text: str) -> np.ndarray:
        hands, _ = _holdem_range(text, (1 << 52) - 1)
        return hands


class OmahaSpot(BoardSpot):
    """Omaha (4 to 6 hole cards, hi or hi-lo): exactly two hole cards and
    three of the board."""

    board_choices: ClassVar[int] = 10

    @classmethod
    def read_hands(cls, name: str, text: str, hole: int,
                   deck_mask: int) -> tuple[np.ndarray, np.ndarray]:
        try:
            r = OmahaRange(text, hole)
        except HandrankError as exc:
            raise PqlError(f"{name}={text!r}: {exc}") from None
        return np.asarray(r.hands, dtype=np.uint8), np.asarray(r.weights, dtype=float)

    def evaluate(self, hole: np.ndarray, board: np.ndarray) -> dict[str, np.ndarray]:
        if board.shape[1] < 5:
            return self._short(hole, board)
        return self._halves(evaluate_batch(hole, boards=board, game=self.game, threads=1))

    def _short(self, hole: np.ndarray, board: np.ndarray) -> dict[str, np.ndarray]:
        """Omaha on the flop or the turn: the high is the best of two hole cards
        with three board cards (every choice); the low is the kernel's on the
        board filled up with cards of ten to king, which no low can use."""
        hi = np.zeros(len(hole), dtype=np.uint16)
        hp = combos(hole.shape[1], 2)
        bt = combos(board.shape[1], 3)
        for a, b in hp:
            for t in bt:
                five = np.concatenate([hole[:, [a, b]], board[:, t]], axis=1)
                np.maximum(hi, evaluate_batch(five, game=hi_game(self.game), threads=1),
                           out=hi)
        out = {"high": hi}
        if self.game.split:
            fill = fillers(np.concatenate([hole, board], axis=1), 5 - board.shape[1])
            full = np.concatenate([board, fill], axis=1)
            out["low"] = evaluate_batch(hole, boards=full, game=self.game, threads=1)[:, 1]
        return out

    def best_with_two(self, two: np.ndarray, board: np.ndarray, half: str) -> np.ndarray:
        g = self.game
        if half == "high":
            # exactly two hole cards and three of the board: best over the board's triples
            trip = combos(board.shape[1], 3)
            best = np.zeros(len(two), dtype=np.int64)
            for t in trip:
                five = np.concatenate([two, board[:, t]], axis=1)
                best = np.maximum(best, evaluate_batch(five, game=hi_game(g), threads=1))
            return best
        # low: two fillers from the high ranks (T..K) that no row uses make a
        # four-card Omaha hand whose low is the two cards' low
        fill = fillers(np.concatenate([two, board], axis=1), g.hole_cards - 2)
        hole = np.concatenate([two, fill], axis=1)
        return np.asarray(evaluate_batch(hole, boards=board, game=g, threads=1)[:, 1])

    def low_with_two(self, two: np.ndarray, board: np.ndarray) -> np.ndarray:
        # fillers (tens to kings, never in a low) complete the hole and the board
        short = 5 - board.shape[1]
        fill = fillers(board, self.game.hole_cards - 2 + short)
        b = np.concatenate([board, fill[:, :short]], axis=1)
        return np.asarray(evaluate_batch(np.concatenate([two, fill[:, short:]], axis=1),
                                         boards=b, game=self.game, threads=1)[:, 1])

    def low_of_five(self, cs: list[int]) -> int:
        """Omaha's: two hole cards and three of the board, the rest filled with
        cards of ten to king, which no low uses."""
        g = self.game
        fill = [c for c in range(32, 48) if c not in cs]
        extra = g.hole_cards - 2
        hole = cs[:2] + fill[:extra]
        board = cs[2:] + fill[extra:extra + 2]
        got = evaluate_batch(np.array([hole], np.uint8), boards=np.array([board], np.uint8),
                             game=g, threads=1)
        return int(np.asarray(got)[0, 1])

    def range_hands(self, text: str) -> np.ndarray:
        return np.asarray(OmahaRange(text, self.hole).hands, dtype=np.uint8)


class StudSpot(Spot):
    """The stud games (stud, stud hi-lo, razz): no board; each player's own
    seven cards, dealt third to seventh street."""

    offers: ClassVar[frozenset[str]] = frozenset({STUD})

    def exact_size(self) -> tuple[int, int]:
        return 1, self._stud_deals()

    def _stud_given(self) -> tuple[list[np.ndarray], list[int], np.ndarray]:
        """Each stud player's given cards, the cards each still gets, and the
        cards left to deal them from (the deck less the given and dead cards)."""
        given = [np.zeros(0, np.uint8) if p.random else p.hands[0]   # type: ignore[index]
                 for p in self.players]
        miss = [self.hole - len(g) for g in given]
        used = {int(c) for g in given for c in g} | set(self.dead)
        stub = np.array([c for c in self.deck.tolist() if c not in used], dtype=np.uint8)
        return given, miss, stub

    def _stud_deals(self) -> int:
        """The number of ways to deal every stud player the cards not given."""
        _, miss, stub = self._stud_given()
        total, left = 1, len(stub)
        for k in miss:
            total *= math.comb(max(left, 0), k)
            left -= k
        return total

    def enumerate(self, rows_per_block: int) -> Iterator[Deals]:
        """Every way to deal the stud players the cards not given, each once
        (weight 1): the drawn cards as a set, then every way to hand them out."""
        given, miss, stub = self._stud_given()
        m = sum(miss)
        drawn = combos(len(stub), m)
        splits: list[list[tuple[int, ...]]] = [[]]
        for k in miss:
            nxt: list[list[tuple[int, ...]]] = []
            for part in splits:
                taken = {x for grp in part for x in grp}
                left = [x for x in range(m) if x not in taken]
                nxt.extend(part + [c] for c in itertools.combinations(left, k))
            splits = nxt
        step = max(1, rows_per_block)
        for split in splits:
            for a in range(0, len(drawn), step):
                rows = stub[drawn[a:a + step]]                        # (r, m)
                r = len(rows)
                holes = [np.concatenate([np.broadcast_to(g, (r, len(g))),
                                         rows[:, list(idx)]], axis=1).astype(np.uint8)
                         for g, idx in zip(given, split)]
                yield Deals(holes, np.zeros((r, 0), np.uint8), np.ones(r), r)

    @classmethod
    def read_hands(cls, name: str, text: str, hole: int,
                   deck_mask: int) -> tuple[np.ndarray, np.ndarray]:
        try:
            cs = parse_cards(text)
        except HandrankError:
            raise PqlError(f"{name}={text!r}: stud players are '*' (any cards) or "
                           f"1 to {hole} exact cards; other stud ranges are not supported "
                           "yet") from None
        if not 1 <= len(cs) <= hole or len(set(cs)) != len(cs):
            raise PqlError(f"{name}={text!r}: expected 1 to {hole} different cards")
        # in the order dealt: third street is the first three cards; the cards
        # not given are dealt at random
        return np.array([cs], dtype=np.uint8), np.ones(1)

    def too_many_deals(self, tuples: int, runouts: int, per_deal: int, limit: int) -> str:
        return (f"about {tuples * runouts:,} ways to deal the stud cards not given x "
                f"{per_deal:,} evaluations each is beyond the limit of {limit:,}; use "
                "exact=False or give more cards")

    def street_cards(self, street: str) -> int:
        n = stud_street(street)
        if n < 5:
            raise PqlError(f"street {street!r}: a stud hand is ranked from fifth street "
                           "(five cards) on")
        return n

    def seen(self, hole: np.ndarray, board: np.ndarray,
             n: int) -> tuple[np.ndarray, np.ndarray]:
        return hole[:, :n], board

    def hole_at(self, hole: np.ndarray, street: str | None) -> np.ndarray:
        return hole if street is None else hole[:, :self.street_cards(street)]

    def short_hand(self, street: str) -> int | None:
        n = STREETS.get(street, 5)
        return n if n < 5 else None

    def evaluate(self, hole: np.ndarray, board: np.ndarray) -> dict[str, np.ndarray]:
        return self._halves(evaluate_batch(hole, game=self.game, threads=1))

    def range_hands(self, text: str) -> np.ndarray:
        raise PqlError("inRange is not supported in the stud games yet")

    def runouts_cost(self, street: str) -> int:
        known = stud_street(street)
        if known == 7:
            return 0
        ways = stud_runouts(len(self.deck) - len(self.dead), len(self.players), known)
        return min(ways, STUD_SAMPLES if ways > STUD_EXACT_RUNOUTS else ways) \
            * len(self.players)

    def runouts_inexact(self, name: str, street: Any) -> str | None:
        known = stud_street(street) if isinstance(street, str) else 7
        ways = stud_runouts(len(self.deck) - len(self.dead),
                            len(self.players), known) if known < 7 else 1
        if ways > STUD_EXACT_RUNOUTS:
            return (f"{name} on {street} street has {ways:,} ways to deal the later cards "
                    f"a deal, above the {STUD_EXACT_RUNOUTS:,} it enumerates (it averages "
                    f"{STUD_SAMPLES:,} drawn at random)")
        return None

    def nut_cost(self, street: str) -> int:
        return 16                   # the best hand of each category of the unseen cards

    def outs_cost(self, street: str) -> int:
        return len(self.deck) - len(self.dead)

    def nut_outs_cost(self, street: str) -> int:
        return (len(self.deck) - len(self.dead)) * 16

    def street_equity(self, facts: Facts, street: str) -> np.ndarray:
        n = stud_street(street)
        return facts.river_shares() if n == 7 else facts.stud_equity(n)

    def nut(self, facts: Facts, player: int, street: str, half: str,
            same_type: bool) -> np.ndarray:
        return facts.stud_nut(player, street, half)

    def nut_hi_outs(self, facts: Facts, player: int, street: str) -> np.ndarray:
        return facts.stud_nut_outs(player, street)

    def nut_lo_outs(self, facts: Facts, player: int, street: str) -> np.ndarray:
        return facts.stud_nut_lo_outs(player, street)

    def next_types(self, facts: Facts, player: int, street: str,
                   lut: np.ndarray) -> np.ndarray:
        return facts.stud_next_types(player, street, lut)


#: PQL's game names (and a few of handrank's) -> (handrank game, the spot's class)
GAMES: dict[str, tuple[str, type[Spot]]] = {
    "holdem": ("holdem", HoldemSpot),
    "holdem8": ("holdem-hilo", HoldemSpot),
    "shortdeck": ("shortdeck", HoldemSpot),
    "omahahi": ("omaha", OmahaSpot),
    "omaha": ("omaha", OmahaSpot),
    "omaha8": ("omaha-hilo", OmahaSpot),
    "omahahi5": ("omaha5", OmahaSpot),
    "omaha5": ("omaha5", OmahaSpot),
    "omaha85": ("omaha5-hilo", OmahaSpot),
    "omahahi6": ("omaha6", OmahaSpot),
    "omaha6": ("omaha6", OmahaSpot),
    "studhi": ("stud", StudSpot),
    "stud": ("stud", StudSpot),
    "stud8": ("stud-hilo", StudSpot),
    "razz": ("razz", StudSpot),
}


def _cards(text: str, what: str) -> list[int]:
    t = text.strip()
    if t in ("", "*"):
        return []
    try:
        out = parse_cards(t)
    except HandrankError as exc:
        raise PqlError(f"{what}={text!r}: {exc} (board and dead cards are exact cards, "
                       f"e.g. 'Ah9s2c')") from None
    if len(set(out)) != len(out):
        raise PqlError(f"{what}={text!r} names a card twice")
    return out


def _player(name: str, text: str, cls: type[Spot], hole: int,
            fixed_mask: int, deck_mask: int) -> Player:
    if _is_all(text, hole):
        return Player(name, text, None, None, None, None)
    hands, weights = cls.read_hands(name, text, hole, deck_mask)
    masks = masks_of(hands) if len(hands) else np.zeros(0, np.uint64)
    live = ((masks & np.uint64(fixed_mask)) == 0) & ((masks & ~np.uint64(deck_mask)) == 0)
    live &= weights > 0
    hands, weights, masks = hands[live], weights[live], masks[live]
    if not len(hands):
        raise PqlError(f"the range of {name} ({text!r}) cannot be dealt: every hand in it "
                       "uses a board or dead card")
    cum = np.cumsum(weights)
    cum /= cum[-1]
    return Player(name, text, hands, weights, masks, cum)


RESERVED = ("game", "board", "dead", "syntax")


def build_spot(query_text: str, bindings: list[tuple[str, str, int]]) -> Spot:
    """The spot of a ``from`` clause; errors name the binding."""
    seen: dict[str, int] = {}
    values: dict[str, str] = {}
    players: list[tuple[str, str, int]] = []
    for key, value, pos in bindings:
        low = key.lower()
        if low in seen:
            raise locate(query_text, pos, f"{key!r} is given twice")
        seen[low] = pos
        if low in RESERVED:
            values[low] = value
        else:
            players.append((key, value, pos))
    gname = values.get("game", "holdem").strip().lower()
    if gname not in GAMES:
        near = difflib.get_close_matches(gname, list(GAMES), n=1)
        hint = f"; did you mean {near[0]!r}?" if near else ""
        raise locate(query_text, seen.get("game", 0),
                     f"unknown game {gname!r}{hint} (games: {', '.join(sorted(GAMES))})")
    syntax = values.get("syntax", "generic").strip().lower()
    if syntax not in ("generic", "default", ""):
        raise locate(query_text, seen["syntax"], f"unknown syntax {syntax!r}, expected "
                     "'generic'")
    hr_name, cls = GAMES[gname]
    g = game(hr_name)
    deck = np.array(sorted(g.deck), dtype=np.uint8)
    deck_mask = int(masks_of(deck[None, :])[0])
    hole = g.hole_cards
    board_cards = g.board_cards
    board = _cards(values.get("board", ""), "board")
    dead = _cards(values.get("dead", ""), "dead")
    if BOARD not in cls.offers and board:
        raise PqlError(f"game {gname!r} has no board")
    if len(board) > board_cards:
        raise PqlError(f"board={values['board']!r} has {len(board)} cards, "
                       f"{gname} has {board_cards}")
    if len(board) in (1, 2):
        raise PqlError(f"board={values['board']!r}: a board is a flop (3 cards), a turn (4) "
                       "or a river (5)")
    both = board + dead
    if len(set(both)) != len(both):
        raise PqlError("a card is both on the board and dead")
    for c in both:
        if not (deck_mask >> c) & 1:
            raise PqlError(f"card {RANKS[c // 4]}{SUITS[c % 4]} is not in the {gname} deck")
    fixed = int(masks_of(np.array([both], dtype=np.uint8))[0]) if both else 0
    if not players:
        raise PqlError("the query names no player (e.g. hero='AA', villain='**')")
    if len(players) > 10:
        raise PqlError(f"{len(players)} players: at most 10")
    need = len(players) * hole + board_cards - len(board) + len(both)
    if need > len(deck):
        raise PqlError(f"{len(players)} players need {need} cards, the {gname} deck has "
                       f"{len(deck)}")
    ps = [_player(n, v, cls, hole, fixed, deck_mask) for n, v, _ in players]
    lowest = int(deck.min()) // 4
    flush_first = cls.flush_beats_full_in(g)
    return cls(gname, g, hole, board_cards, deck, ps, board, dead, fixed, lowest,
               flush_first)


def player_positions(bindings: list[tuple[str, str, int]]) -> dict[str, int]:
    return {k.lower(): pos for k, _, pos in bindings if k.lower() not in RESERVED}


def spot_summary(spot: Spot) -> dict[str, Any]:
    return {"game": spot.pql_game, "players": {p.name: p.text for p in spot.players},
            "board": spot.board, "dead": spot.dead}
