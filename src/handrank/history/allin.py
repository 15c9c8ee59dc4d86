"""Exact all-in EV: each seat's expected net, pot by pot, over every run-out still to come.

A pot with one eligible seat is that seat's.  A contested pot pays each of its
contenders ``amount * shares / whole``: ``shares`` counts, over every run-out
of the cards still to come, the seat's part of the pot on that run-out (a tie
splits a pot, or a half of a hi-lo pot, evenly; the odd chip is not counted:
the expectation is of the pot's shares, not of its chips), in whole units, so
the expectation is an exact :class:`~fractions.Fraction`.

What is still to come, per game:

- **Board games** (hold'em, short deck, Omaha 4/5/6 and hi-lo): the board's
  missing cards, from the deck less the board, the contenders' hole cards and
  the hole cards of every other seat still in (a folded seat's cards are not
  used, as a player at the table would not know them).
- **Stud, stud hi-lo, razz** (:func:`deal_counts`): each contender's missing
  cards up to seven, dealt from the deck less every card of the seats still in
  and the up cards of the seats that folded (the cards the table has seen).
  The other seats' future cards need not be dealt: seen from the contenders,
  their cards are a uniformly random set of distinct unseen cards either way.
  Two contenders beyond :data:`LIMIT` deals (heads up on 3rd or 4th street)
  are counted without dealing (:func:`_heads_up_counts`), and so are three
  on 5th street (:func:`_three_way_counts`) and on 4th street on the C core
  (:func:`_three_way_counts_c`); three on 3rd street and four or more before
  6th street stay None, with the count of deals.
- **Draw games** after the last draw: nothing is to come; the EV is the pots
  shared by the hands as they stand.  Before a draw the EV is undefined (the
  draws are the players' choices): None, with the reason.

Presentation: :func:`expectation` rounds an exact EV half-even to
:data:`PLACES` (9) decimal places of the record's unit (chips, or the
currency's unit for decimal stakes) -- an int where the rounded value is
whole, else a :class:`~decimal.Decimal`.  Totals over many hands are exact sums
of the rounded values (so a total equals the sum of the rows shown).
"""

from __future__ import annotations

import itertools
import math
from decimal import Decimal
from fractions import Fraction
from typing import Any

import numpy as np

from ..core import kernels
from ..core.errors import HandrankError
from ..equity.boardless import strengths
from ..equity.hilo import game_strengths
from ..games import game as _game

__all__ = ["LIMIT", "PLACES", "UNIT", "board_counts", "board_ev", "deal_counts",
           "expectation", "from_nano", "nano", "nano_of", "pot_ev", "pots_of", "stud_ev"]

#: decimal places an expectation keeps (of the record's unit), rounded half-even
PLACES = 9
_TEN: int = 10 ** PLACES
#: a pot's whole in share units: a half of a hi-lo pot split among up to 12 ties
#: stays whole (2 * lcm(1..12))
UNIT = 2 * 27720
#: the most run-outs (or deals) one contested pot is enumerated over; beyond it the
#: EV is None with the count as the reason
LIMIT = 3_000_000
_CHUNK = 1 << 16


def _round_half_even(num: int, den: int) -> int:
    """``num / den`` (den > 0) rounded to the nearest integer, ties to even."""
    q, r = divmod(num, den)
    if 2 * r > den or (2 * r == den and q % 2):
        q += 1
    return q


def expectation(x: Fraction) -> Any:
    """An exact expectation as money: rounded half-even to :data:`PLACES` decimal
    places; an int where that is whole, else the Decimal (trailing zeros dropped)."""
    return from_nano(nano_of(x))


def nano_of(x: Fraction) -> int:
    """An exact expectation in units of ``10**-PLACES``, rounded half-even (the
    value :func:`expectation` shows)."""
    return _round_half_even(x.numerator * _TEN, x.denominator)


def from_nano(q: int) -> Any:
    """``q`` units of ``10**-PLACES`` as an int where whole, else the exact Decimal."""
    if q % _TEN == 0:
        return q // _TEN
    places = PLACES
    while q % 10 == 0:
        q //= 10
        places -= 1
    return Decimal(f"{q}E-{places}")


def nano(v: Any) -> int:
    """An int, or a Decimal of at most :data:`PLACES` places, in units of ``10**-PLACES``."""
    if isinstance(v, int):
        return int(v) * _TEN
    f = Fraction(v) * _TEN
    if f.denominator != 1:
        raise ValueError(f"{v!r} has more than {PLACES} decimal places")
    return int(f.numerator)


def pots_of(chips: list[int], out: list[bool], dead: int) -> list[tuple[int, tuple[int, ...]]]:
    """The pots ``settle`` cuts (amount, eligible seats), without paying them."""
    n = len(chips)
    live = [s for s in range(n) if not out[s]]
    if len(live) == 1:
        return [(sum(chips) + dead, (live[0],))]
    levels = sorted({chips[s] for s in live})
    pots = []
    low = 0
    for i, high in enumerate(levels):
        last = i == len(levels) - 1
        amount = sum(min(c, high) - min(c, low) + (max(c - high, 0) if last else 0)
                     for c in chips) + (dead if i == 0 else 0)
        low = high
        if amount == 0:
            continue
        pots.append((amount, tuple(s for s in live if chips[s] >= high)))
    return pots


def pot_ev(pots: list[tuple[int, tuple[int, ...]]], put: list[Any], scale: int,
           counts: Any) -> list[Fraction] | str:
    """Each seat's exact expected net: the pots (amounts in ``1/scale`` of the unit)
    shared by ``counts(eligible) -> (shares, whole) or a reason``, less what each put in.
    Returns the reason instead where a pot cannot be counted."""
    n = len(put)
    ev = [Fraction(0)] * n
    for amount, eligible in pots:
        if len(eligible) == 1:
            ev[eligible[0]] += Fraction(amount, scale)
            continue
        got = counts(eligible)
        if isinstance(got, str):
            return got
        shares, whole = got
        for s, k in zip(eligible, shares):
            ev[s] += Fraction(amount * k, scale * whole)
    return [ev[s] - Fraction(put[s]) for s in range(n)]


def board_ev(pots: list[tuple[int, tuple[int, ...]]], board: list[int],
             holes: dict[int, list[int]], out: list[bool], put: list[Any], scale: int,
             game: str) -> list[Fraction] | str:
    """A board game's exact all-in EV (the board at the all-in, each seat's hole cards):
    each contested pot over every completion of the board, the hole cards of the
    other seats still in removed from the deck.  Or why there is none."""
    n = len(put)
    live = [s for s in range(n) if not out[s]]
    if any(s not in holes for s in live):
        return "a hand still in is unknown"

    def counts(eligible: tuple[int, ...]) -> tuple[list[int], int] | str:
        others = [c for s in live if s not in eligible for c in holes[s]]
        return board_counts(game, [holes[s] for s in eligible], board, others)
    return pot_ev(pots, put, scale, counts)


def stud_ev(pots: list[tuple[int, tuple[int, ...]]], snap: dict[int, list[int | None]],
            later: dict[int, list[int | None]], holes: dict[int, list[int]],
            out: list[bool], put: list[Any], scale: int, game: str, size: int
            ) -> list[Fraction] | str:
    """A game without a board: each contested pot over every way to complete the
    contenders' hands to ``size`` cards.

    ``snap`` holds each seat's cards (in the order dealt, None unknown) at the
    all-in, ``later`` the cards dealt to it after; a seat still in has its cards
    then from its hand at the end less the later ones.  Empty ``snap`` (a draw
    game after the last draw): the hands as they are, nothing to come.  The
    stub is the deck less the cards of the seats still in and the up cards
    (stud: third to sixth card) of the others.
    """
    n = len(put)
    live = [s for s in range(n) if not out[s]]
    if any(s not in holes for s in live):
        return "a hand still in is unknown"
    then: dict[int, list[int]] = {}
    for s in live:
        if not snap:
            then[s] = list(holes[s])
            continue
        after = later.get(s, [])
        if None in after:
            return f"a card dealt to seat p{s + 1} after the all-in is unknown"
        had = [c for c in holes[s] if c not in after]
        if len(had) != len(snap.get(s, [])):
            return f"seat p{s + 1}'s cards at the all-in cannot be told from its hand"
        then[s] = had
    seen_up = [c for s, got in snap.items() if s not in then for c in got[2:6] if c is not None]

    def counts(eligible: tuple[int, ...]) -> tuple[list[int], int] | str:
        dead = seen_up + [c for s in live if s not in eligible for c in then[s]]
        return deal_counts(game, [then[s] for s in eligible], dead, size)
    return pot_ev(pots, put, scale, counts)


# ------------------------------------------------------------------ board games
_FAST: dict[str, Any] = {}


def fast_tables(name: str) -> Any:
    """The C tables of a game the fast settlement and enumeration take, or None.

    Decided by what the game is, never by its name: one high half, hands made
    of any five of two hole cards and a five-card board, no rule options, and
    tables on the C backend.
    """
    if name not in _FAST:
        try:
            g = _game(name)
        except (HandrankError, ValueError, KeyError):
            g = None
        ok = (g is not None and kernels.HAVE_C and g.halves == ("high",)
              and g.rule.holdem_kernels(g)
              and g.hole_cards == 2 and g.board_cards == 5 and not g.options
              and g.high is not None and g.high.ptr is not None)
        _FAST[name] = g.high.ptr if ok and g is not None and g.high is not None else None
    return _FAST[name]


#: preflop counts by :func:`suit_key` (cleared when it holds MEMO_SIZE spots)
_MEMO: dict[tuple[Any, ...], tuple[tuple[int, ...], int]] = {}
MEMO_SIZE = 1 << 16


def suit_key(holes: list[list[int]], dead: list[int]) -> tuple[int, ...]:
    """The hands and dead cards with their suits renamed in order of first appearance.

    Two spots with one key differ by a permutation of the four suits applied to
    every card; a hand's rank depends only on which suits are alike, so the
    permutation maps the boards one seat wins one to one onto the boards it
    wins in the other spot: the counts are the same integers.  The key keeps
    the seat order and each seat's cards as a set.
    """
    names: dict[int, int] = {}
    key: list[int] = []
    for h in holes:
        for c in sorted(h, reverse=True):
            t = names.setdefault(c & 3, len(names))
            key.append((c & ~3) | t)
    key.append(-1)
    rest = []
    for c in sorted(dead, reverse=True):
        t = names.setdefault(c & 3, len(names))
        rest.append((c & ~3) | t)
    key += sorted(rest)
    return tuple(key)


def board_counts(game: str, holes: list[list[int]], board: list[int], dead: list[int]
                 ) -> tuple[list[int], int] | str:
    """Exact pot shares of known hands over every completion of the board.

    Hold'em-like games on the C core through ``hr_equity_exact``
    (:func:`handrank.core.kernels.holdem_exact_counts`; preflop spots
    remembered by :func:`suit_key`); Omaha of 4 to 6 cards, high only or hi-lo
    eight or better, on the C core's Omaha enumeration (:func:`_omaha_counts`);
    every other board game (short deck, hold'em hi-lo, ...) by enumerating the
    run-outs here with the game's own evaluators.  Returns ``(shares, whole)``
    or why not.
    """
    ptr = fast_tables(game)
    if ptr is not None:
        key = (game, suit_key(holes, dead)) if not board and MEMO_SIZE else None
        hit = _MEMO.get(key) if key is not None else None
        if hit is not None:
            return list(hit[0]), hit[1]
        got = kernels.holdem_exact_counts(ptr, holes, board, dead)
        if got is not None:
            if key is not None:
                if len(_MEMO) >= MEMO_SIZE:
                    _MEMO.clear()
                _MEMO[key] = (tuple(got[0]), got[1])
            return got
    got_omaha = _omaha_counts(game, holes, board, dead)
    if got_omaha is not None:
        return got_omaha
    return _enumerate_boards(game, holes, board, dead)


_OMAHA: dict[str, tuple[Any, bool] | None] = {}


def omaha_tables(name: str) -> Any:
    """The C tables of an Omaha game with one high half (4 to 6 hole cards, two of
    them and three of a five-card board make each hand, no rule options), or None.
    Decided by the game's rule (``rule.omaha_tables``), never by its name."""
    got = _omaha_rule(name)
    return got[0] if got is not None and not got[1] else None


def omaha_hilo_tables(name: str) -> Any:
    """The C high tables of an Omaha hi-lo game (eight or better; 4 to 6 hole
    cards, two of them and three of a five-card board make each half, no rule
    options), or None.  Decided by the game's rule, never by its name."""
    got = _omaha_rule(name)
    return got[0] if got is not None and got[1] else None


def _omaha_rule(name: str) -> tuple[Any, bool] | None:
    """(tables, hilo) the C core's Omaha kernels rank game ``name`` with, or None."""
    if name not in _OMAHA:
        try:
            g = _game(name)
        except (HandrankError, ValueError, KeyError):
            g = None
        got = (g.rule.omaha_tables(g) if g is not None and kernels.HAVE_C
               and g.board_cards == 5 and not g.options else None)
        # the C core's Omaha kernels rank it (high only, or with the
        # eight-or-better low) on tables it holds
        ok = got is not None and getattr(got[0], "ptr", None) is not None
        _OMAHA[name] = (got[0], bool(got[1])) if ok and got is not None else None
    return _OMAHA[name]


def _omaha_counts(game: str, holes: list[list[int]], board: list[int], dead: list[int]
                  ) -> tuple[list[int], int] | str | None:
    """:func:`board_counts` of Omaha on the C core's exact enumeration (each
    hand's best high per board triple once, then every board): high only
    (``kernels.omaha_exact_shares``: shares in ``1 / SHARE_UNIT`` of a pot)
    or hi-lo, eight or better (``kernels.omaha_exact_hilo_shares``: each half
    to its best hands, the low half to the high where no hand has a low;
    shares in ``1 / (2 SHARE_UNIT)``), scaled to ``1 / UNIT`` (2 SHARE_UNIT
    divides UNIT; each splits a pot, or a half, evenly among up to ten tied
    hands, so the counts are those of :func:`_enumerate_boards`).  None
    where it does not apply (then the boards are enumerated by
    :func:`_enumerate_boards`)."""
    rule = _omaha_rule(game)
    if rule is None or not holes or len({len(h) for h in holes}) != 1 \
            or len(holes) > 10 or len(board) > 5 or UNIT % (2 * kernels.SHARE_UNIT):
        return None
    tables, hilo = rule
    size = len(holes[0])
    # high only: the game's own hole count (its tables); hi-lo: 4 to 6 (the
    # evaluator of the hi-lo games takes each, as _enumerate_boards does)
    if size != _game(game).hole_cards and not (hilo and 4 <= size <= 6):
        return None
    used = set(board) | set(dead) | {c for h in holes for c in h}
    stub = [c for c in _game(game).deck if c not in used]
    total = math.comb(len(stub), 5 - len(board))
    if total == 0 or total > LIMIT:      # the reason as the enumeration gives it
        return None
    if hilo:
        got = kernels.omaha_exact_hilo_shares(tables, holes, board, stub)
        unit = 2 * kernels.SHARE_UNIT
    else:
        got = kernels.omaha_exact_shares(tables, holes, board, stub)
        unit = kernels.SHARE_UNIT
    if got is None:
        return None
    shares, boards = got
    k = UNIT // unit
    return [x * k for x in shares], UNIT * boards


def _combinations(stub: list[int], m: int) -> np.ndarray[Any, Any]:
    """Every ``m``-subset of ``stub`` as rows (uint8)."""
    if m == 0:
        return np.zeros((1, 0), dtype=np.uint8)
    flat = np.fromiter(itertools.chain.from_iterable(itertools.combinations(stub, m)),
                       dtype=np.uint8, count=math.comb(len(stub), m) * m)
    return flat.reshape(-1, m)


def _shares(g: Any, s: np.ndarray[Any, Any]) -> np.ndarray[Any, Any]:
    """(k, p) whole shares of one pot from (k, p, halves) strengths (larger is better;
    a low of 0 is none): the pot, or each half of a split game where some hand has a
    low, to the best hands, ties sharing evenly, in units of ``1 / UNIT``."""
    hi = s[:, :, 0].astype(np.int64)
    top = hi == hi.max(axis=1, keepdims=True)
    cnt = top.sum(axis=1)
    if not g.split or s.shape[2] < 2:
        out: np.ndarray[Any, Any] = top * (UNIT // cnt)[:, None]
        return out
    lo = s[:, :, 1].astype(np.int64)
    best = lo.max(axis=1)
    has = best > 0
    ltop = (lo == best[:, None]) & has[:, None]
    lcnt = np.maximum(ltop.sum(axis=1), 1)
    half = np.where(has, UNIT // 2, UNIT)
    out = top * (half // cnt)[:, None] + ltop * ((UNIT // 2) // lcnt)[:, None]
    return out


def _enumerate_boards(game: str, holes: list[list[int]], board: list[int], dead: list[int]
                      ) -> tuple[list[int], int] | str:
    g = _game(game)
    used = set(board) | set(dead) | {c for h in holes for c in h}
    stub = [c for c in g.deck if c not in used]
    m = 5 - len(board)
    total = math.comb(len(stub), m)
    if total == 0:
        return "no run-out: the deck has too few cards left"
    if total > LIMIT:
        return f"{total:,} run-outs, more than the {LIMIT:,} enumerated exactly"
    runs = _combinations(stub, m)
    sums = np.zeros(len(holes), dtype=np.int64)
    fixed = np.array(board, dtype=np.uint8)
    for lo in range(0, len(runs), _CHUNK):
        r = runs[lo:lo + _CHUNK]
        k = len(r)
        boards = np.ascontiguousarray(
            np.concatenate([np.broadcast_to(fixed, (k, len(board))), r], axis=1), dtype=np.uint8)
        s = np.stack([game_strengths(g, np.ascontiguousarray(np.broadcast_to(
            np.array(h, dtype=np.uint8), (k, len(h)))), boards) for h in holes], axis=1)
        sums += _shares(g, s).sum(axis=0)
    return [int(x) for x in sums], UNIT * total


# ------------------------------------------------------------ games without a board
def deal_counts(game: str, known: list[list[int]], dead: list[int], size: int
                ) -> tuple[list[int], int] | str:
    """Exact pot shares of hands completed to ``size`` cards from the stub.

    ``known`` holds each contender's cards so far; every way of dealing each
    the cards it lacks (distinct cards from the deck less ``known`` and
    ``dead``) is one deal.  Returns ``(shares, whole)`` or why not.
    """
    g = _game(game)
    used = set(dead) | {c for h in known for c in h}
    stub = [c for c in g.deck if c not in used]
    need = [size - len(h) for h in known]
    t = sum(need)
    if t > len(stub):
        return f"the stub holds {len(stub)} cards, the hands still need {t}"
    ways = math.comb(len(stub), t) * math.factorial(t)
    for k in need:
        ways //= math.factorial(k)
    if ways > LIMIT:
        if len(known) == 2 and need[0] == need[1]:
            return _heads_up_counts(g, known, stub, need[0])
        if (len(known) == 3 and len(set(need)) == 1
                and math.comb(len(stub), need[0]) <= THREE_WAY_COMPLETIONS):
            return _three_way_counts(g, known, stub, need[0])
        if len(known) == 3 and need == [3, 3, 3]:
            fourth = _three_way_counts_c(g, known, stub)
            if fourth is not None:
                return fourth
        return f"{ways:,} deals, more than the {LIMIT:,} enumerated exactly"
    splits = _splits(need)
    runs = _combinations(stub, t)
    p = len(known)
    sums = np.zeros(p, dtype=np.int64)
    for lo in range(0, len(runs), max(1, _CHUNK // len(splits))):
        r = runs[lo:lo + max(1, _CHUNK // len(splits))]
        k = len(r) * len(splits)
        rows = []
        for i in range(p):
            base = np.broadcast_to(np.array(known[i], dtype=np.uint8), (k, len(known[i])))
            got = np.concatenate([r[:, sp[i]] for sp in splits], axis=0) if need[i] else \
                np.zeros((k, 0), dtype=np.uint8)
            rows.append(np.ascontiguousarray(np.concatenate([base, got], axis=1),
                                             dtype=np.uint8))
        s = np.stack([np.asarray(strengths(g, h)).reshape(k, -1) for h in rows], axis=1)
        sums += _shares(g, s).sum(axis=0)
    return [int(x) for x in sums], UNIT * ways


def _splits(need: list[int]) -> list[list[list[int]]]:
    """Every way to hand positions ``0..sum(need)-1`` out, ``need[i]`` to seat i."""
    out: list[list[list[int]]] = []

    def go(i: int, left: list[int], acc: list[list[int]]) -> None:
        if i == len(need):
            out.append(acc)
            return
        for pick in itertools.combinations(left, need[i]):
            go(i + 1, [x for x in left if x not in pick], acc + [list(pick)])
    go(0, list(range(sum(need))), [])
    return out


#: the most completions of one hand :func:`_three_way_counts` takes (three hands
#: lacking two cards each: 5th street; on 4th street there are ~9,000)
THREE_WAY_COMPLETIONS = 1200


def _three_way_counts(g: Any, known: list[list[int]], stub: list[int], t: int
                      ) -> tuple[list[int], int]:
    """:func:`deal_counts` for three hands that each lack ``t`` cards, without dealing
    every deal (stud's 5th street: ~10^8 deals).

    A deal is an ordered triple ``(a, b, c)`` of pairwise disjoint ``t``-subsets
    of the stub.  Seat ``i``'s share on a deal is a sum over the sets ``T``
    of seats it ties with of ``[each of T equals v_i][each other seat is
    below v_i] / |T|``: a product of one condition per other seat, given
    ``a`` (seat i's completion).  So with ``M[b, c] = [b & c == {}]``, and for
    seat j the matrix ``C_j[a, b] = [a & b == {}][v_j(b) cond v_i(a)]``,
    the count of deals for one choice of conditions is the row sum of
    ``(C_j @ M) * C_k``: a matrix product of the ``N = C(u, t)`` completions
    (666 on 5th street), exact in float64 (every entry is a count below
    2^53).  Hi-lo as :func:`_heads_up_counts` splits it: half the high
    shares, half the low shares (seat i with a low), and half the high
    shares on the deals where no hand has a low.
    """
    u = len(stub)
    pos = _combinations(list(range(u)), t).astype(np.int64)
    n_c = len(pos)
    cards = np.asarray(stub, dtype=np.uint8)[pos]
    vals = []
    for h in known:
        rows = np.ascontiguousarray(np.concatenate(
            [np.broadcast_to(np.array(h, dtype=np.uint8), (n_c, len(h))), cards], axis=1))
        vals.append(np.asarray(strengths(g, rows)).reshape(n_c, -1).astype(np.int64))
    bits = (np.int64(1) << pos).sum(axis=1)
    apart = (bits[:, None] & bits[None, :]) == 0                  # M, and "disjoint from a"
    m_f = apart.astype(np.float64)

    def pivot(i: int, col: int, mine: np.ndarray[Any, Any],
              theirs: list[np.ndarray[Any, Any]]) -> int:
        """Seat i's shares (units of 1/UNIT) of one pot decided by strength column
        ``col``, over the deals where seat i's completion passes ``mine`` and every
        other seat's passes ``theirs``."""
        j, k = (s_ for s_ in range(3) if s_ != i)
        x = vals[i][:, col][:, None]
        conds = {}
        for s_ in (j, k):
            v = vals[s_][:, col][None, :]
            ok = apart & theirs[s_][None, :]
            conds[s_] = (ok & (v < x), ok & (v == x))
        total = 0
        for wj, cj in zip((1, 2), conds[j]):                      # below, tied
            left = cj.astype(np.float64) @ m_f
            for wk, ck in zip((1, 2), conds[k]):
                tied = (wj == 2) + (wk == 2) + 1
                per_a = np.rint((left * ck).sum(axis=1)).astype(np.int64)
                total += UNIT // tied * int(per_a[mine].sum())
        return total

    everyone = [np.ones(n_c, dtype=np.bool_)] * 3
    ways = math.comb(u, 3 * t) * math.factorial(3 * t) // math.factorial(t) ** 3
    if not g.split or vals[0].shape[1] < 2:
        shares = [pivot(i, 0, everyone[i], everyone) for i in range(3)]
    else:
        no_low = [v[:, 1] == 0 for v in vals]
        shares = [pivot(i, 0, everyone[i], everyone) // 2
                  + pivot(i, 1, vals[i][:, 1] > 0, everyone) // 2
                  + pivot(i, 0, no_low[i], no_low) // 2 for i in range(3)]
    if sum(shares) != UNIT * ways:
        raise RuntimeError("internal error: the three-way counts miss deals")
    return shares, UNIT * ways


def _colex_triples(u: int) -> np.ndarray[Any, Any]:
    """Every 3-subset ``p < q < r`` of ``0..u-1`` as rows, in colex order (row
    ``p + C(q, 2) + C(r, 3)``)."""
    return np.array([(p, q, r) for r in range(2, u) for q in range(1, r) for p in range(q)],
                    dtype=np.int64).reshape(-1, 3)


def _three_way_counts_c(g: Any, known: list[list[int]], stub: list[int]
                        ) -> tuple[list[int], int] | None:
    """:func:`deal_counts` for three hands that each lack three cards (stud's 4th
    street: ~4.6 * 10^11 deals) on the C core (``kernels.stud_three_shares``,
    csrc/stud_exact.c: Moebius inversion over the cards two completions share,
    the pivot's completions swept in order of strength).  Each hand is ranked
    once per completion of the stub, C(u, 3) of them.  Hi-lo as
    :func:`_three_way_counts` splits it: half the high shares, half the low
    shares (seat i with a low), and half the high shares on the deals where no
    hand has a low.  None without the C core (the caller says the deals are
    too many)."""
    u = len(stub)
    if not 9 <= u <= kernels.STUD3_MAX_STUB:
        return None
    pos = _colex_triples(u)
    n_c = len(pos)
    cards = np.asarray(stub, dtype=np.uint8)[pos]
    vals = []
    for h in known:
        rows = np.ascontiguousarray(np.concatenate(
            [np.broadcast_to(np.array(h, dtype=np.uint8), (n_c, len(h))), cards], axis=1))
        vals.append(np.asarray(strengths(g, rows)).reshape(n_c, -1).astype(np.int64))
    if max(int(v.max()) for v in vals) >= 1 << 16:
        return None
    everyone = np.ones((3, n_c), dtype=np.bool_)
    high = np.stack([v[:, 0] for v in vals])
    ways = math.comb(u, 9) * math.factorial(9) // math.factorial(3) ** 3
    if not g.split or vals[0].shape[1] < 2:
        got = kernels.stud_three_shares(u, high, everyone, everyone, UNIT)
        if got is None:
            return None
        shares = got
    else:
        low = np.stack([v[:, 1] for v in vals])
        no_low = low == 0
        parts = [kernels.stud_three_shares(u, high, everyone, everyone, UNIT),
                 kernels.stud_three_shares(u, low, everyone, low > 0, UNIT),
                 kernels.stud_three_shares(u, high, no_low, no_low, UNIT)]
        if any(x is None for x in parts):
            return None
        shares = [sum(int(x[i]) for x in parts if x is not None) // 2 for i in range(3)]
    if sum(shares) != UNIT * ways:
        raise RuntimeError("internal error: the three-way counts miss deals")
    return shares, UNIT * ways


def _heads_up_counts(g: Any, known: list[list[int]], stub: list[int], t: int
                     ) -> tuple[list[int], int]:
    """:func:`deal_counts` for two hands that each lack ``t`` cards, without dealing.

    A deal is an ordered pair ``(a, b)`` of disjoint ``t``-subsets of the stub
    (``a`` completes the first hand, ``b`` the second), and a seat's share of
    the pot depends on ``a`` and ``b`` only through the two hands' strengths.
    Every ``t``-subset is evaluated once for each hand; the pairs that share
    no card are counted by Moebius inversion over the shared cards,
    ``[a & b == {}] = sum over S <= a & b of (-1)^|S|``, so that::

        sum over disjoint (a, b) of f(a, b)
            = sum over S of (-1)^|S| * sum over a >= S, b >= S of f(a, b)

    and the inner sum, grouped by ``S``, is a count of pairs in one group
    whose strengths compare so (a sort and a binary search).  The same
    whole numbers as dealing every pair: C(u, t) evaluations a hand instead
    of C(u, t) * C(u - t, t) deals (heads up on third street, u = 46: 163,185
    against 1.8 * 10^10).
    """
    u = len(stub)
    pos = _combinations(list(range(u)), t).astype(np.int64)          # (N, t), ascending
    cards = np.asarray(stub, dtype=np.uint8)[pos]
    vals = []
    for h in known:
        rows = np.ascontiguousarray(np.concatenate(
            [np.broadcast_to(np.array(h, dtype=np.uint8), (len(pos), len(h))), cards], axis=1))
        vals.append(np.asarray(strengths(g, rows)).reshape(len(pos), -1).astype(np.int64))
    binom = np.array([[math.comb(n, r) for r in range(t + 1)] for n in range(u + 1)],
                     dtype=np.int64)
    # each subset's k-subsets S (k = 0..t), as a number (combinadic) per level
    groups = []
    for k in range(t + 1):
        ids = np.zeros((len(pos), math.comb(t, k)), dtype=np.int64)
        for j, pick in enumerate(itertools.combinations(range(t), k)):
            for i, col in enumerate(pick):
                ids[:, j] += binom[pos[:, col], i + 1]
        groups.append(ids)

    def pairs(va: np.ndarray[Any, Any], vb: np.ndarray[Any, Any],
              ka: np.ndarray[Any, Any], kb: np.ndarray[Any, Any]) -> tuple[int, int, int]:
        """Over disjoint pairs (a among ``ka``, b among ``kb``): how many have
        va > vb, va == vb, and how many there are."""
        gt = eq = tot = 0
        for k, ids in enumerate(groups):
            m = ids.shape[1]
            ia, ib = ids[ka].ravel(), ids[kb].ravel()
            xa, xb = np.repeat(va[ka], m), np.repeat(vb[kb], m)
            keys = np.sort((ib << 17) | xb)
            base = np.searchsorted(keys, ia << 17)
            lt = np.searchsorted(keys, (ia << 17) | xa)
            le = np.searchsorted(keys, (ia << 17) | xa, side="right")
            top = np.searchsorted(keys, (ia + 1) << 17)
            sign = -1 if k % 2 else 1
            gt += sign * int((lt - base).sum())
            eq += sign * int((le - lt).sum())
            tot += sign * int((top - base).sum())
        return gt, eq, tot

    everyone = np.ones(len(pos), dtype=np.bool_)
    ha, hb = vals[0][:, 0], vals[1][:, 0]
    if max(int(ha.max()), int(hb.max())) >= 1 << 16:
        raise RuntimeError("internal error: a strength beyond 16 bits")
    gt, eq, ways = pairs(ha, hb, everyone, everyone)
    if not g.split or vals[0].shape[1] < 2:
        first = UNIT * gt + UNIT // 2 * eq
    else:
        la, lb = vals[0][:, 1], vals[1][:, 1]
        lgt, leq, _ = pairs(la, lb, everyone, everyone)
        # where neither hand has a low the high takes the whole pot: the halves'
        # formula gave it half the high and a quarter for the tied "no low"
        ngt, neq, nt = pairs(ha, hb, la == 0, lb == 0)
        first = (UNIT // 2 * gt + UNIT // 4 * eq + UNIT // 2 * lgt + UNIT // 4 * leq
                 + UNIT // 2 * ngt + UNIT // 4 * neq - UNIT // 4 * nt)
    return [first, UNIT * ways - first], UNIT * ways
