"""Badugi for the table generator (docs/rules.md); standard library only.

A badugi is the best set of a four-card hand's cards with no two of the same
rank and no two of the same suit.  More cards beat fewer; among sets of the
same size the lower highest card wins, then the next, and so on; aces are
low.  Suits never decide, so a set's value depends only on its ranks: the
tables rank every set of 1..4 different ranks (1,092 classes) and csrc/draw.c
finds, for four cards, the largest sets without a repeated rank or suit and
takes the best of them.

* ``badugi_value`` (8,192 uint16): the strength of a set of ranks given as a
  13-bit mask in ace-low order (bit 0 the ace, bit 1 the 2, ... bit 12 the
  king); 0 for the empty set and sets of more than four ranks.
* ``badugi_size`` (classes + 1 uint8): the number of cards of a strength.
* ``badugi_ranks`` (4 * (classes + 1) uint8): its ranks, highest first, as
  card ranks (0..12 = 2..A), 255 where the set is smaller.
* ``badugi_subsets`` (64 * 8 uint8): for each pattern of clashes among four
  cards (bit p set when pair p of (0,1) (0,2) (0,3) (1,2) (1,3) (2,3) shares a
  rank or a suit), the count and then the subsets (bit i = card i) of the
  largest size that hold no clashing pair: the only candidates for the best.

Strength 1 is the worst (a lone king), 1092 the best (4-3-2-A).
"""

from __future__ import annotations

import itertools

N_RANKS = 13
ACE = 12
SIZE = 4


def low_order(rank: int) -> int:
    """A card rank's place in the ace-low order: the ace 0, the 2 one, ... the king 12."""
    return 0 if rank == ACE else rank + 1


def classes() -> list[tuple[int, ...]]:
    """Every set of 1..4 different ace-low places, worst first."""
    sets = [s for k in range(1, SIZE + 1) for s in itertools.combinations(range(N_RANKS), k)]
    # more cards first, then the lower highest card, and so on: sort by (size, negated places
    # high first) ascending puts the worst first
    return sorted(sets, key=lambda s: (len(s), tuple(-v for v in sorted(s, reverse=True))))


def tables() -> tuple[list[int], list[int], list[int]]:
    """badugi_value, badugi_size, badugi_ranks (see the module docstring)."""
    order = classes()
    value = [0] * (1 << N_RANKS)
    size = [0]
    ranks = [255] * SIZE
    for strength, s in enumerate(order, start=1):
        value[sum(1 << v for v in s)] = strength
        size.append(len(s))
        played = [ACE if v == 0 else v - 1 for v in sorted(s, reverse=True)]
        ranks += played + [255] * (SIZE - len(s))
    return value, size, ranks


PAIRS = tuple(itertools.combinations(range(SIZE), 2))


def subsets() -> list[int]:
    """badugi_subsets (see the module docstring)."""
    out = []
    for clash in range(1 << len(PAIRS)):
        best: list[int] = []
        for k in range(SIZE, 0, -1):
            for combo in itertools.combinations(range(SIZE), k):
                if not any(clash >> p & 1 for p, (i, j) in enumerate(PAIRS)
                           if i in combo and j in combo):
                    best.append(sum(1 << i for i in combo))
            if best:
                break
        if len(best) > 7:
            raise RuntimeError("internal error: more than 7 candidate badugis")
        out += [len(best)] + best + [0] * (7 - len(best))
    return out


def extras() -> tuple[list[tuple[str, int]], list[tuple[str, str, list[int]]]]:
    """The (defines, arrays) generate.py writes for csrc/draw.c and the Python backend."""
    value, size, ranks = tables()
    defines = [("HR_BADUGI_CLASSES", len(size) - 1)]
    arrays = [("uint16_t", "hr_badugi_value", value), ("uint8_t", "hr_badugi_size", size),
              ("uint8_t", "hr_badugi_ranks", ranks), ("uint8_t", "hr_badugi_subsets", subsets())]
    return defines, arrays
