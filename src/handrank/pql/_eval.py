"""Poker facts of a block of deals, as numpy arrays: strengths, pot shares,
equities over the remaining run-outs, the nuts.  Everything is computed by
handrank's batch evaluators (C) over whole blocks; :class:`Ctx` remembers
what several functions of one query share (a player's strength on a street).
"""

from __future__ import annotations

import hashlib
import itertools
from typing import Any

import numpy as np

from ..core import kernels
from ..operations import category
from ._parse import PqlError
from ._spot import (
    STREETS,
    STUD_EXACT_RUNOUTS,
    STUD_SAMPLES,
    Deals,
    Spot,
    combos,
    hi_game,
    masks_of,
    stud_runouts,
    stud_street,
)
from ._stud import best_high_of_sets, best_low_of_sets, hand_types_of, presence

__all__ = ["Ctx", "STREETS", "pot_shares", "stud_runouts", "stud_street",
           "STUD_EXACT_RUNOUTS", "STUD_SAMPLES"]

_ONE = np.uint64(1)

def _splits(players: int, need: int) -> list[np.ndarray]:
    """Every way to hand the places 0..players * need - 1 of a drawn set out,
    `need` to each player in order: arrays (players, need) of places."""
    out: list[list[tuple[int, ...]]] = [[]]
    for _ in range(players):
        nxt = []
        for part in out:
            taken = {x for grp in part for x in grp}
            left = [x for x in range(players * need) if x not in taken]
            for c in itertools.combinations(left, need):
                nxt.append(part + [c])
        out = nxt
    return [np.array(part, dtype=np.int64).reshape(players, need) for part in out]


def pot_shares(halves: dict[str, np.ndarray], split: bool) -> np.ndarray:
    """Each player's share of the pot from the strengths of each half, arrays
    (P, ...): the best strength of a half takes it, ties share it; a low half
    nobody qualifies for (strength 0) goes to the high half."""
    if not split:
        (s,) = halves.values()
        best = s.max(axis=0)
        win = s == best
        return np.asarray(win / win.sum(axis=0))
    hi, lo = halves["high"], halves["low"]
    hbest = hi.max(axis=0)
    hwin = hi == hbest
    hshare = hwin / hwin.sum(axis=0)
    lbest = lo.max(axis=0)
    lwin = (lo == lbest) & (lo > 0)
    cnt = lwin.sum(axis=0)
    lshare = np.divide(lwin, cnt, out=np.zeros(lwin.shape), where=cnt > 0)
    has_low = lbest > 0
    return np.asarray(np.where(has_low, 0.5 * hshare + 0.5 * lshare, hshare))


class Ctx:
    """One block of deals and what has been computed about it."""

    def __init__(self, spot: Spot, deals: Deals) -> None:
        self.spot = spot
        self.d = deals
        self.n = deals.n
        self.g = spot.game
        self.cache: dict[Any, Any] = {}
        self.dead = np.array(spot.dead, dtype=np.uint8)
        self._deck = {int(c) for c in spot.deck}

    @property
    def high_game(self) -> Any:
        """The game whose strengths are the high half's (the game itself when it
        has one half; a hi-lo game's high half is hold'em's scale)."""
        return hi_game(self.g) if self.g.split else self.g

    # ------------------------------------------------------------ streets
    def street_cards(self, street: str) -> int:
        return self.spot.street_cards(street)

    def board_at(self, street: str) -> np.ndarray:
        return self.d.board[:, :self.street_cards(street)]

    # ---------------------------------------------------------- strengths
    def _evaluate(self, hole: np.ndarray, board: np.ndarray) -> dict[str, np.ndarray]:
        return self.spot.evaluate(hole, board)

    def strength(self, player: int, street: str) -> dict[str, np.ndarray]:
        key = ("s", player, street)
        if key not in self.cache:
            n = self.street_cards(street)
            hole, board = self.spot.seen(self.d.holes[player], self.d.board, n)
            self.cache[key] = self._evaluate(hole, board)
        out: dict[str, np.ndarray] = self.cache[key]
        return out

    def half(self, player: int, street: str, half: str) -> np.ndarray:
        s = self.strength(player, street)
        if half not in s:
            raise PqlError(f"game {self.spot.pql_game!r} has no {half} half")
        return s[half]

    def all_halves(self, street: str) -> dict[str, np.ndarray]:
        key = ("all", street)
        if key not in self.cache:
            per = [self.strength(i, street) for i in range(len(self.spot.players))]
            self.cache[key] = {h: np.stack([p[h] for p in per]) for h in per[0]}
        out: dict[str, np.ndarray] = self.cache[key]
        return out

    def river_shares(self) -> np.ndarray:
        """(P, n) pot shares at showdown."""
        key = ("shares",)
        if key not in self.cache:
            self.cache[key] = pot_shares(self.all_halves("river"), self.g.split)
        out: np.ndarray = self.cache[key]
        return out

    # ------------------------------------------------------ street equity
    def street_equity(self, street: str) -> np.ndarray:
        """(P, n) each player's pot share averaged over every run-out of the
        board from `street` on, every hand known (hand versus hand); in stud,
        every way to deal the later cards (:meth:`stud_equity`)."""
        return self.spot.street_equity(self, street)

    def board_equity(self, street: str) -> np.ndarray:
        """:meth:`street_equity` in a game with a board."""
        if street == "river":
            return self.river_shares()
        key = ("eq", street)
        if key in self.cache:
            out: np.ndarray = self.cache[key]
            return out
        s = self.street_cards(street)
        d, spot = self.d, self.spot
        n = d.n
        high = self.g.high
        low_ptr = None
        if self.g.split:
            # hold'em hi-lo: the low half's tables; Omaha hi-lo: eight or better
            low_ptr = self.g.tables[self.g.halves.index("low")].ptr \
                if self.g.eight_or_better else None
        if high is not None and len(d.holes) <= kernels.PQL_MAX_PLAYERS \
                and (not self.g.split or low_ptr is not None):
            # in C: every completion of each deal's board, deal by deal
            live = ((1 << 52) - 1) & ~self.dead_mask
            for c in range(52):
                if c not in self._deck:
                    live &= ~(1 << c)
            got = kernels.pql_street_equity(high.ptr, np.stack(d.holes, axis=1),
                                            d.board[:, :5], s, live, low_ptr)
            if got is not None:
                self.cache[key] = got
                out = got
                return out
        known = np.concatenate(d.holes + [d.board[:, :s]], axis=1)
        used = masks_of(known) | np.uint64(spot.fixed_mask)
        left = self._left(used)
        k = 5 - s
        idx = combos(left.shape[1], k)
        r = len(idx)
        res = np.zeros((len(spot.players), n))
        step = max(1, (1 << 18) // r)
        for a in range(0, n, step):
            b = min(n, a + step)
            m = b - a
            runs = left[a:b][:, idx]                                   # (m, r, k)
            boards = np.concatenate([np.broadcast_to(d.board[a:b, None, :s], (m, r, s)), runs],
                                    axis=2).reshape(m * r, 5)
            halves: dict[str, list[np.ndarray]] = {}
            for hole in d.holes:
                hs = np.repeat(hole[a:b], r, axis=0)
                for h, v in self._evaluate(hs, boards).items():
                    halves.setdefault(h, []).append(v.reshape(m, r))
            if len(d.holes) == 2 and not self.g.split:         # heads-up, one half
                (x, y), = halves.values()
                wins = (x > y).sum(axis=1) + 0.5 * (x == y).sum(axis=1)
                res[0, a:b] = wins / r
                res[1, a:b] = 1.0 - res[0, a:b]
                continue
            sh = pot_shares({h: np.stack(v) for h, v in halves.items()}, self.g.split)
            res[:, a:b] = sh.mean(axis=2)
        self.cache[key] = res
        return res

    def stud_equity(self, known: int) -> np.ndarray:
        """(P, n) each stud player's pot share averaged over every way to deal
        the players' cards after their first `known` (3..6) from the cards none
        of them shows, not dead: exactly when those ways are at most
        :data:`STUD_EXACT_RUNOUTS` (see :func:`stud_runouts`), else over
        :data:`STUD_SAMPLES` of them drawn at random (from a stream fixed by
        the deal's cards, so a seed gives the same answer on any thread)."""
        key = ("stud_eq", known)
        if key in self.cache:
            out: np.ndarray = self.cache[key]
            return out
        d, g = self.d, self.g
        p = len(d.holes)
        holes = np.ascontiguousarray(np.stack(d.holes, axis=1), dtype=np.uint8)   # (n, P, 7)
        ways = stud_runouts(len(self.spot.deck) - len(self.spot.dead), p, known)
        samples = 0 if ways <= STUD_EXACT_RUNOUTS else STUD_SAMPLES
        seed = int.from_bytes(hashlib.blake2b(holes[:, :, :known].tobytes(),
                                              digest_size=8).digest(), "little")
        live = ((1 << 52) - 1) & ~self.dead_mask
        for c in range(52):
            if c not in self._deck:
                live &= ~(1 << c)
        low = g.tables[1] if g.split else None
        got = None
        if p <= kernels.PQL_MAX_PLAYERS:
            got = kernels.pql_stud_equity(g.tables[0].ptr, None if low is None else low.ptr,
                                          holes, known, live, samples, seed, known)
        if got is None:
            got = self._stud_equity_numpy(holes, known, live, samples, seed)
        self.cache[key] = got
        return np.asarray(got)

    def _stud_equity_numpy(self, holes: np.ndarray, known: int, live: int, samples: int,
                           seed: int) -> np.ndarray:
        """:meth:`stud_equity` in numpy, deal by deal (without the C core)."""
        n, p, _ = holes.shape
        need = 7 - known
        rng = np.random.Generator(np.random.PCG64(seed))
        out = np.zeros((p, n))
        for d in range(n):
            seen = holes[d, :, :known]
            used = set(int(c) for c in seen.ravel())
            unseen = np.array([c for c in range(52) if (live >> c) & 1 and c not in used],
                              dtype=np.uint8)
            if samples == 0:
                drawn = unseen[combos(len(unseen), p * need)] if need else \
                    np.zeros((1, 0), np.uint8)
                parts = [drawn[:, sp].reshape(len(drawn), p, need) for sp in _splits(p, need)]
                deal = np.concatenate(parts)
            else:
                deal = np.stack([rng.permutation(unseen)[:p * need] for _ in range(samples)])
                deal = deal.reshape(samples, p, need)
            r = len(deal)
            hands = np.concatenate([np.broadcast_to(seen, (r, p, known)), deal], axis=2)
            halves: dict[str, list[np.ndarray]] = {}
            for i in range(p):
                for h, v in self._evaluate(np.ascontiguousarray(hands[:, i]),
                                           np.zeros((r, 0), np.uint8)).items():
                    halves.setdefault(h, []).append(v)
            sh = pot_shares({h: np.stack(v) for h, v in halves.items()}, self.g.split)
            out[:, d] = sh.mean(axis=1)
        return out

    def _left(self, used: np.ndarray) -> np.ndarray:
        """(n, U) the deck's cards not in each row's mask, ascending; U must be
        the same for every row."""
        deck_bits = np.zeros(52, dtype=bool)
        deck_bits[self.spot.deck] = True
        bits = (((used[:, None] >> np.arange(52, dtype=np.uint64)) & _ONE) == 0) & deck_bits
        counts = bits.sum(axis=1)
        if len(counts) and counts.min() != counts.max():
            raise AssertionError("rows with different numbers of unseen cards")
        u = int(counts[0]) if len(counts) else 0
        return np.nonzero(bits)[1].reshape(len(used), u).astype(np.uint8)

    # ----------------------------------------------------------- the nuts
    def nut(self, player: int, street: str, half: str, same_type: bool = False) -> np.ndarray:
        """Whether the player's `half` on `street` is the best any hand could
        make from the cards the player cannot see held (not the board, not
        dead, not the player's own); with `same_type`, the best of the hands
        of the player's own category (high only)."""
        return self.spot.nut(self, player, street, half, same_type)

    def board_nut(self, player: int, street: str, half: str,
                  same_type: bool = False) -> np.ndarray:
        """:meth:`nut` in a game with a board."""
        s = self.street_cards(street)
        d = self.d
        own = self.half(player, street, half)
        used = masks_of(np.concatenate([d.holes[player], d.board[:, :s]], axis=1)) \
            | np.uint64(self.spot.fixed_mask)
        if half == "low":
            return own.astype(np.int64) >= self._best_low(used, d.board[:, :s])
        left = self._left(used)
        pairs = combos(left.shape[1], 2)
        r = len(pairs)
        best = np.zeros(d.n, dtype=np.int64)
        step = max(1, (1 << 17) // r)
        for a in range(0, d.n, step):
            b = min(d.n, a + step)
            m = b - a
            two = left[a:b][:, pairs].reshape(m * r, 2)
            board = np.repeat(d.board[a:b, :s], r, axis=0)
            got = self._best_with_two(two, board, half).reshape(m, r)
            if same_type:
                cat = np.asarray(category(got.reshape(-1).astype(np.uint16), game=self.high_game))
                mine = np.asarray(category(own[a:b], game=self.high_game))
                got = np.where(cat.reshape(m, r) == mine[:, None], got, 0)
            best[a:b] = got.max(axis=1)
        return own.astype(np.int64) >= best

    # ----------------------------------------------------------- the outs
    def next_strengths(self, player: int, street: str,
                       half: str = "high") -> tuple[np.ndarray, np.ndarray]:
        """The cards that can come on the street after `street` and the
        player's `half` with each: ``(cards, strengths)``, both (n, U).  The
        unseen cards are the player's view: not the player's own, not the
        board up to `street`, not dead (other players' cards are unknown to
        the player)."""
        s = self.street_cards(street)
        if s >= 5:
            raise PqlError("outs are counted on the flop or the turn (the river has no "
                           "next card)")
        key = ("next", player, street, half)
        if key not in self.cache:
            d = self.d
            used = masks_of(np.concatenate([d.holes[player], d.board[:, :s]], axis=1)) \
                | np.uint64(self.dead_mask)
            left = self._left(used)
            n, u = left.shape
            hole = np.repeat(d.holes[player], u, axis=0)
            board = np.concatenate([np.repeat(d.board[:, :s], u, axis=0),
                                    left.reshape(-1, 1)], axis=1)
            got = self._evaluate(hole, board)[half].reshape(n, u)
            self.cache[key] = (left, got)
        out: tuple[np.ndarray, np.ndarray] = self.cache[key]
        return out

    # ------------------------------------------------ the stud nuts and outs
    def _unseen_mask(self, player: int, cards: int) -> np.ndarray:
        """(n,) 52-bit masks of the cards a stud player holding the first
        `cards` of the hand cannot see: the deck less them and the dead."""
        deck = int(masks_of(self.spot.deck[None, :])[0])
        own = masks_of(self.d.holes[player][:, :cards])
        return np.asarray(np.uint64(deck & ~self.dead_mask) & ~own)

    def stud_nut(self, player: int, street: str, half: str) -> np.ndarray:
        """Whether the stud player's `half` on `street` (five cards or more) is
        the best any hand of as many cards could be from the cards the player
        cannot see (see :mod:`._stud`)."""
        s = self.street_cards(street)
        own = self.half(player, street, half).astype(np.int64)
        unseen = self._unseen_mask(player, s)
        if half == "low":
            best = best_low_of_sets(unseen, self.g, 1 if self.g.split else None)
        else:
            best = best_high_of_sets(unseen, self.high_game)
        return np.asarray(own >= best)

    def stud_next(self, player: int, street: str) -> tuple[np.ndarray, np.ndarray]:
        """The cards a stud player may get on the street after `street` (third
        to sixth) and the player's hand with each: ``(cards, strengths)``, both
        (n, U); the strengths are the high half's from five cards on, else
        None-like zeros (the caller reads hand types from the cards)."""
        s = STREETS.get(street, 0) if street not in ("flop", "turn", "river") \
            else stud_street(street)
        if not 3 <= s <= 6:
            raise PqlError(f"street {street!r}: stud outs are counted on third to sixth "
                           "street (seventh has no next card)")
        key = ("stud_next", player, s)
        if key not in self.cache:
            unseen = self._unseen_mask(player, s)
            p = presence(unseen).transpose(0, 2, 1).reshape(len(unseen), 52)
            n = len(unseen)
            counts = p.sum(axis=1)
            if len(counts) and counts.min() != counts.max():
                raise AssertionError("rows with different numbers of unseen cards")
            left = np.nonzero(p)[1].reshape(n, -1).astype(np.uint8)
            u = left.shape[1]
            hand = np.concatenate([np.repeat(self.d.holes[player][:, :s], u, axis=0),
                                   left.reshape(-1, 1)], axis=1)
            if s + 1 >= 5 and "high" in self.g.halves:
                got = self._evaluate(hand, np.zeros((len(hand), 0), np.uint8))
                strength = got["high"].reshape(n, u).astype(np.int64)
            else:
                strength = np.zeros((n, u), dtype=np.int64)
            self.cache[key] = (left, strength, hand.reshape(n, u, s + 1))
        left, strength, _ = self.cache[key]
        return left, strength

    def stud_next_hands(self, player: int, street: str) -> np.ndarray:
        """(n, U, s + 1) the hands of :meth:`stud_next`."""
        self.stud_next(player, street)
        s = self.street_cards_any(street)
        out: np.ndarray = self.cache[("stud_next", player, s)][2]
        return out

    def short_types(self, cards: np.ndarray) -> np.ndarray:
        """The hand types (the spot's order) of rows of 3 or 4 cards, from the
        rank counts: quads, trips, two pair, a pair or a high card (no
        straight or flush has five cards yet)."""
        ranks = cards.astype(np.int64) // 4
        counts = (ranks[:, :, None] == np.arange(13)).sum(axis=1)
        top = counts.max(axis=1)
        pairs = (counts == 2).sum(axis=1)
        code = {name: i for i, name in enumerate(self.spot.handtypes)}
        return np.asarray(np.select(
            [top == 4, top == 3, pairs == 2, pairs == 1],
            [code["quads"], code["trips"], code["twopair"], code["pair"]], code["highcard"]),
            dtype=np.int64)

    def next_types(self, player: int, street: str, lut: np.ndarray) -> np.ndarray:
        """(n, U) the player's hand type (`lut` maps a category to its place in
        the spot's order) with each card that can come next."""
        return self.spot.next_types(self, player, street, lut)

    def board_next_types(self, player: int, street: str, lut: np.ndarray) -> np.ndarray:
        """:meth:`next_types` in a game with a board (:meth:`next_strengths`)."""
        _, nxt = self.next_strengths(player, street, "high")
        return hand_types_of(nxt, self.high_game, lut)

    def stud_next_types(self, player: int, street: str, lut: np.ndarray) -> np.ndarray:
        """:meth:`next_types` in stud (:meth:`stud_next`): from the rank counts
        while the next hand has fewer than five cards."""
        _, nxt = self.stud_next(player, street)
        k = self.street_cards_any(street) + 1
        if k >= 5:
            return hand_types_of(nxt, self.high_game, lut)
        hands = self.stud_next_hands(player, street)
        n, u, _ = hands.shape
        return self.short_types(hands.reshape(n * u, k)).reshape(n, u)

    def nut_hi_outs(self, player: int, street: str) -> np.ndarray:
        """How many of the next card's possibilities give the player the nut
        high (:meth:`nut_outs`, :meth:`stud_nut_outs`)."""
        return self.spot.nut_hi_outs(self, player, street)

    def street_cards_any(self, street: str) -> int:
        """A stud street's cards, third street on (no five-card minimum)."""
        return stud_street(street)

    def stud_nut_outs(self, player: int, street: str) -> np.ndarray:
        """How many of the next card's possibilities give the stud player the
        nut high (:meth:`stud_nut`'s sense, the card no longer unseen):
        fourth to sixth street."""
        s = self.street_cards_any(street)
        if not 4 <= s <= 6:
            raise PqlError(f"street {street!r}: stud nut outs are counted on fourth to "
                           "sixth street (the next hand has five cards or more)")
        left, own = self.stud_next(player, street)
        n, u = left.shape
        unseen = self._unseen_mask(player, s)
        rest = (np.repeat(unseen, u) & ~(np.uint64(1) << left.reshape(-1).astype(np.uint64)))
        best = best_high_of_sets(rest, self.high_game).reshape(n, u)
        return np.asarray((own >= best).sum(axis=1))

    def nut_lo_outs(self, player: int, street: str) -> np.ndarray:
        """How many of the next street's unseen cards give the player the nut
        low: a low no other hand can beat from the cards the player then
        cannot see (:meth:`nut`'s sense, the card no longer unseen)."""
        return self.spot.nut_lo_outs(self, player, street)

    def stud_nut_lo_outs(self, player: int, street: str) -> np.ndarray:
        """:meth:`nut_lo_outs` in stud: fourth to sixth street."""
        s = self.street_cards_any(street)
        if not 4 <= s <= 6:
            raise PqlError(f"street {street!r}: stud nut outs are counted on fourth to "
                           "sixth street (the next hand has five cards or more)")
        left, _ = self.stud_next(player, street)
        n, u = left.shape
        hands = self.stud_next_hands(player, street).reshape(n * u, s + 1)
        got = self._evaluate(hands, np.zeros((n * u, 0), np.uint8))["low"]
        own = got.reshape(n, u).astype(np.int64)
        unseen = self._unseen_mask(player, s)
        rest = np.repeat(unseen, u) & ~(np.uint64(1) << left.reshape(-1).astype(np.uint64))
        best = best_low_of_sets(rest, self.g, 1 if self.g.split else None).reshape(n, u)
        return np.asarray(((own > 0) & (own >= best)).sum(axis=1))

    def board_nut_lo_outs(self, player: int, street: str) -> np.ndarray:
        """:meth:`nut_lo_outs` in a game with a board."""
        left, own_lo = self.next_strengths(player, street, "low")
        s = self.street_cards(street)
        d = self.d
        used = masks_of(np.concatenate([d.holes[player], d.board[:, :s]], axis=1)) \
            | np.uint64(self.dead_mask)
        out = np.zeros(d.n, dtype=np.int64)
        for j in range(left.shape[1]):
            card = left[:, j]
            board = np.concatenate([d.board[:, :s], card[:, None]], axis=1)
            best = self._best_low(used | (np.uint64(1) << card.astype(np.uint64)), board)
            mine = own_lo[:, j].astype(np.int64)
            out += (mine > 0) & (mine >= best)
        return out

    @property
    def dead_mask(self) -> int:
        m = 0
        for c in self.spot.dead:
            m |= 1 << int(c)
        return m

    def nut_outs(self, player: int, street: str) -> np.ndarray:
        """How many of the next street's unseen cards (:meth:`next_strengths`)
        give the player the nut high: a high no two other unseen cards make
        better with the board and that card."""
        left, own = self.next_strengths(player, street, "high")
        n, u = left.shape
        s = self.street_cards(street)
        # for each card u, every pair of the other U - 1 cards (indices past u shift by one)
        base = combos(u - 1, 2).astype(np.int64)
        pairs = base[None, :, :] + (base[None, :, :] >= np.arange(u)[:, None, None])
        p = pairs.shape[1]
        out = np.zeros(n, dtype=np.int64)
        step = max(1, (1 << 18) // (u * p))
        for a in range(0, n, step):
            b = min(n, a + step)
            m = b - a
            rows = np.arange(a, b)[:, None, None]
            two = left[rows[..., None], pairs[None]].reshape(-1, 2)           # (m*u*p, 2)
            flop = np.broadcast_to(self.d.board[a:b, None, None, :s], (m, u, p, s))
            card = np.broadcast_to(left[a:b, :, None, None], (m, u, p, 1))
            board = np.concatenate([flop, card], axis=3).reshape(-1, s + 1)
            best = self._best_with_two(two, board, "high").reshape(m, u, p).max(axis=2)
            out[a:b] = (own[a:b].astype(np.int64) >= best).sum(axis=1)
        return out

    def _best_low(self, used: np.ndarray, board: np.ndarray) -> np.ndarray:
        """The best low two unseen cards make with the board: a low depends on
        ranks only, so one card of each low rank (A, 2..8) still unseen, and
        every pair of them (28 at most)."""
        n = len(used)
        low_ranks = [12, 0, 1, 2, 3, 4, 5, 6]
        rep = np.zeros((n, 8), dtype=np.uint8)
        have = np.zeros((n, 8), dtype=bool)
        for j, r in enumerate(low_ranks):
            for suit in range(3, -1, -1):
                c = 4 * r + suit
                free = ((used >> np.uint64(c)) & _ONE) == 0
                rep[:, j] = np.where(free, c, rep[:, j])
                have[:, j] |= free
        pairs = combos(8, 2)
        ok = have[:, pairs[:, 0]] & have[:, pairs[:, 1]]           # (n, 28)
        rows, which = np.nonzero(ok)
        best = np.zeros((n, len(pairs)), dtype=np.int64)
        if len(rows):
            two = np.stack([rep[rows, pairs[which, 0]], rep[rows, pairs[which, 1]]], axis=1)
            lo = self.spot.low_with_two(two, board[rows])
            best[rows, which] = lo
        out: np.ndarray = best.max(axis=1)
        return out

    def _best_with_two(self, two: np.ndarray, board: np.ndarray, half: str) -> np.ndarray:
        """The `half` strength of two hole cards with the board, by the game's rule."""
        return self.spot.best_with_two(two, board, half)
