"""Low-hand rules for the table generator (docs/rules.md, "Low hands and high-low games"); standard library only.

``generate.py`` imports this module and builds a low game through its usual
``build_game`` (same rank-multiset hash, per-game values and flush tables):
only the five-card comparison differs, and it lives here.

* ``"a5"``: ace-to-five.  Aces are low, straights and flushes do not count,
  so a game of this rule has no suit counters in its card keys (the
  ``flushes=False`` field of ``Game``) and its value table alone ranks every
  5- to 7-card hand.  With ``qualifier=8`` only five different ranks, all 8 or
  lower, make a low: 56 classes, every other hand is 0 ("no low").
* ``"27"``: deuce-to-seven.  The high order of docs/rules.md (categories, the one rule) turned upside
  down, except that A-2-3-4-5 is no straight (an ace-high hand, or ace-high
  flush).  Flushes count against the hand, so for six and seven cards the
  best low may avoid a flush; csrc/lowball.c handles that one case (every
  flush is a worse low than any hand without one, so a hand with an
  off-suit card plays its best five that is not a flush).

A class key is ``(order..., standard category, tie-break, ranks played)``
like ``generate.five_card_class``: sorting the first three elements puts the
worst low first, so strength 1 is the worst low and ``classes`` the best.

It also writes the Omaha hi-lo low table (``omaha_low``): the best
eight-or-better low of two hole cards plus three board cards depends only on
which of the eight low ranks (A, 2..8) the hole and the board hold.
"""

from __future__ import annotations

import itertools
from typing import Callable, Optional

N_RANKS = 13
N_CARDS = 52
ACE = 12
# The standard category numbers (generate.py checks they are its own).
(HIGH_CARD, ONE_PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS,
 STRAIGHT_FLUSH) = range(1, 10)
HIGH_ORDER = (HIGH_CARD, ONE_PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS,
              STRAIGHT_FLUSH)
SHAPES = {(1, 1, 1, 1, 1): HIGH_CARD, (2, 1, 1, 1): ONE_PAIR, (2, 2, 1): TWO_PAIR,
          (3, 1, 1): TRIPS, (3, 2): FULL_HOUSE, (4, 1): QUADS}
RULES = ("a5", "27")
QUALIFIERS = (0, 8)

Key = Optional[tuple]


def five_card_class(counts: tuple[int, ...], flush: bool, rule: str, qualifier: int) -> Key:
    """The class key of a five-card low hand, or None for no qualifying low."""
    if rule == "a5":
        return _ace_to_five(counts, qualifier)
    if rule == "27" and not qualifier:
        return _deuce_to_seven(counts, flush)
    raise RuntimeError(f"internal error: no low rule {rule!r} with qualifier {qualifier}")


def _ace_to_five(counts: tuple[int, ...], qualifier: int) -> Key:
    # Each rank's place in the ace-low order: the ace 1, the 2 two, ... the king 13.
    groups = sorted(((c, 1 if r == ACE else r + 2, r) for r, c in enumerate(counts) if c),
                    reverse=True)
    cat = SHAPES[tuple(c for c, _, _ in groups)]
    low = tuple(v for _, v, _ in groups)        # group ranks, largest group first, high first
    if qualifier and (cat != HIGH_CARD or low[0] > qualifier):
        return None
    played = tuple(r for c, _, r in groups for _ in range(c))
    # A better low is a lower pattern, then lower ranks: negate both.
    return (-HIGH_ORDER.index(cat), cat, tuple(-v for v in low), played)


def _deuce_to_seven(counts: tuple[int, ...], flush: bool) -> Key:
    groups = sorted(((c, r) for r, c in enumerate(counts) if c), reverse=True)
    cat = SHAPES[tuple(c for c, _ in groups)]
    tie = tuple(r for _, r in groups)
    if cat == HIGH_CARD:
        if tie[0] - tie[4] == 4:                # no wheel: the ace is high only
            cat, tie = (STRAIGHT_FLUSH if flush else STRAIGHT), tie[:1]
        elif flush:
            cat = FLUSH
    played = tuple(r for c, r in groups for _ in range(c))
    # The high order of docs/rules.md (the one rule), upside down.
    return (-HIGH_ORDER.index(cat), cat, tuple(-r for r in tie), played)


# ------------------------------------------------------------ Omaha hi-lo low

LOW_RANKS = (ACE, 0, 1, 2, 3, 4, 5, 6)      # A 2 3 4 5 6 7 8: bit i of a low-rank set


def low_bits() -> list[int]:
    """Per card id (256 entries): the bit of its rank in the low-rank set, 0 if above 8."""
    out = [0] * 256
    for card in range(N_CARDS):
        rank = card // 4
        if rank in LOW_RANKS:
            out[card] = 1 << LOW_RANKS.index(rank)
    return out


def omaha_low(value: Callable[[tuple[int, ...]], int]) -> list[int]:
    """The best eight-or-better low of Omaha, by (board low-rank set, hole low-rank set).

    ``value(counts)`` is the eight-or-better strength (0 = none) of a
    five-card rank multiset, read from the game's own tables.  Entry
    ``board_set * 256 + hole_set`` is the best value of two hole ranks plus
    three board ranks, all five different; a board set of other than 3..5
    ranks cannot make a low (or be dealt) and stays 0.
    """
    def counts_of(bits: int) -> tuple[int, ...]:
        c = [0] * N_RANKS
        for i in range(8):
            if bits >> i & 1:
                c[LOW_RANKS[i]] = 1
        return tuple(c)

    def subsets(bits: int, k: int) -> list[int]:
        members = [1 << i for i in range(8) if bits >> i & 1]
        return [sum(s) for s in itertools.combinations(members, k)]

    five = {s: value(counts_of(s)) for s in subsets(0xFF, 5)}
    pairs = subsets(0xFF, 2)
    pairs_in = [[p for p in pairs if p & ~h == 0] for h in range(256)]
    table = [0] * (256 * 256)
    for board in range(256):
        if not 3 <= bin(board).count("1") <= 5:
            continue
        triples = subsets(board, 3)
        # best low of each hole pair with three board ranks it does not repeat
        with_pair = {p: max((five[p | t] for t in triples if not p & t), default=0)
                     for p in pairs}
        row = board * 256
        for hole in range(256):
            best = max((with_pair[p] for p in pairs_in[hole]), default=0)
            table[row + hole] = best
    return table
