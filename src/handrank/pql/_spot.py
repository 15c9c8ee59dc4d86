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
from typing import Any

import numpy as np

from ..core.cards import RANKS, SUITS
from ..core.cards import cards as parse_cards
from ..core.errors import HandrankError
from ..games import Game, game
from ..operations import evaluate_batch
from ..ranges.holdem import Range
from ..ranges.omaha import OmahaRange
from ._parse import PqlError, locate

__all__ = ["GAMES", "Spot", "Deals", "build_spot", "combos", "masks_of"]

#: PQL's game names (and a few of handrank's) -> (handrank game, dealing kind)
GAMES: dict[str, tuple[str, str]] = {
    "holdem": ("holdem", "shared"),
    "holdem8": ("holdem-hilo", "shared"),
    "shortdeck": ("shortdeck", "shared"),
    "omahahi": ("omaha", "pick2"),
    "omaha": ("omaha", "pick2"),
    "omaha8": ("omaha-hilo", "pick2"),
    "omahahi5": ("omaha5", "pick2"),
    "omaha5": ("omaha5", "pick2"),
    "omaha85": ("omaha5-hilo", "pick2"),
    "omahahi6": ("omaha6", "pick2"),
    "omaha6": ("omaha6", "pick2"),
    "studhi": ("stud", "studlike"),
    "stud": ("stud", "studlike"),
    "stud8": ("stud-hilo", "studlike"),
    "razz": ("razz", "studlike"),
}

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
    from ._holdem_order import ORDER
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


@dataclass
class Spot:
    pql_game: str
    game: Game
    kind: str                     # shared (hold'em-like), pick2 (Omaha), studlike
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

    def exact_size(self) -> tuple[int, int]:
        """(hand tuples before collisions, board run-outs per tuple): their product
        bounds the number of deals of an exact enumeration."""
        if self.kind == "studlike":
            return 1, self._stud_deals()
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
        if self.kind == "studlike":
            yield from self._enumerate_stud(rows_per_block)
            return
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


    # ------------------------------------------------- stud enumeration
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

    def _enumerate_stud(self, rows_per_block: int) -> Iterator[Deals]:
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


def _player(name: str, text: str, spot_game: Game, kind: str, hole: int,
            fixed_mask: int, deck_mask: int) -> Player:
    if _is_all(text, hole):
        return Player(name, text, None, None, None, None)
    if kind == "shared":
        hands, weights = _holdem_range(text, deck_mask)
    elif kind == "pick2":
        try:
            r = OmahaRange(text, hole)
        except HandrankError as exc:
            raise PqlError(f"{name}={text!r}: {exc}") from None
        hands, weights = np.asarray(r.hands, dtype=np.uint8), np.asarray(r.weights, dtype=float)
    else:
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
        hands, weights = np.array([cs], dtype=np.uint8), np.ones(1)
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
    hr_name, kind = GAMES[gname]
    g = game(hr_name)
    deck = np.array(sorted(g.deck), dtype=np.uint8)
    deck_mask = int(masks_of(deck[None, :])[0])
    hole = g.hole_cards
    board_cards = g.board_cards
    board = _cards(values.get("board", ""), "board")
    dead = _cards(values.get("dead", ""), "dead")
    if kind == "studlike" and board:
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
    ps = [_player(n, v, g, kind, hole, fixed, deck_mask) for n, v, _ in players]
    lowest = int(deck.min()) // 4
    flush_first = False
    if kind == "shared":
        flush = np.array([parse_cards("Ah Qh Jh 9h 7h")], dtype=np.uint8)
        full = np.array([parse_cards("As Ad Ac Ks Kd")], dtype=np.uint8)
        flush_first = bool(np.ravel(evaluate_batch(flush, game=g))[0]
                          > np.ravel(evaluate_batch(full, game=g))[0])
    return Spot(gname, g, kind, hole, board_cards, deck, ps, board, dead, fixed, lowest,
                flush_first)


def player_positions(bindings: list[tuple[str, str, int]]) -> dict[str, int]:
    return {k.lower(): pos for k, _, pos in bindings if k.lower() not in RESERVED}


def spot_summary(spot: Spot) -> dict[str, Any]:
    return {"game": spot.pql_game, "players": {p.name: p.text for p in spot.players},
            "board": spot.board, "dead": spot.dead}
