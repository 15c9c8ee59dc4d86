#!/usr/bin/env python3
"""Generate handrank's lookup tables (see tables/README.md for the design).

The generator is a pure function of the rules: it enumerates the distinct
five-card strengths of each game, ranks them, and writes

* ``csrc/generated/tables.h`` and ``tables.c``: the C core's tables;
* ``src/handrank/_tables.bin``: the same tables for the pure-Python backend.

It uses the standard library only, iterates in sorted order and writes no
time stamps, so two runs write byte-identical files.  It prints the class
counts per category and the sha256 of each file it wrote.

Usage: ``python tables/generate.py [--out-c DIR] [--out-bin FILE] [--check]``
"""

from __future__ import annotations

import argparse
import functools
import hashlib
import itertools
import operator
import os
import struct
import sys
from dataclasses import dataclass

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import badugi  # tables/badugi.py: badugi's rank-set tables
import lowball  # tables/lowball.py: the low-hand rules
import wild  # tables/wild.py: the wild-card games' tables

N_RANKS = 13
N_SUITS = 4
N_CARDS = 52
RANK_CHARS = "23456789TJQKA"
ACE = 12

# Standard category numbers (the public Category enum): 1 high card .. 9 straight flush.
HIGH_CARD, ONE_PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH = range(1, 10)
CATEGORY_NAMES = ("", "high card", "one pair", "two pair", "three of a kind", "straight",
                  "flush", "full house", "four of a kind", "straight flush")

# Rank key of a card: RANK_BASE[rank].  Every multiset of ranks with at most four
# of a rank and at most seven cards has a distinct sum (checked in rank_bases()).
# Each base is the smallest that keeps the sums distinct given the ones before it
# (a greedy search, slow in Python and run once); the largest seven-card sum is
# 18,393,157 < 2**25.
RANK_BASE = (1, 5, 24, 112, 521, 2247, 9244, 30823, 103066, 250154, 667453, 1526359, 3453520)
MAX_CARDS = 7
MIN_CARDS = 5

# The 64-bit per-card key: bits 0..31 rank key, bits 32..47 four 4-bit suit
# counters, bit 60 marks a card outside the game's deck (or an id >= 52).  The
# counters start at 3, so a suit with five or more cards sets the counter's
# bit 3: (key >> 32) & 0x8888 finds a flush with one test.
SUIT_SHIFT = 32
SUIT_INIT = 0x3333 << SUIT_SHIFT
FLUSH_BITS = 0x8888
POISON = 1 << 60
# Per-card mask: bit 16*suit + rank.  The sum of a hand's masks has one bit per
# card exactly when no card repeats (a repeat carries into another bit), and
# (mask >> 16*suit) & 0x1FFF is the rank set of that suit.
MASK_SUIT_BITS = 16

# The perfect hash of a rank key: h = key * HASH_MULT mod 2**HASH_BITS,
# index = (h + OFFSET[h >> HASH_SHIFT]) mod 2**32.  Each row's offset already
# has the row's first h taken off (mod 2**32), so no mask picks the column.
HASH_MULT = 0x9E3779B1
HASH_BITS = 25
HASH_SHIFT = 11

# The batch kernels' 16-byte card entry {key, mask} (both uint64, one SSE2
# load): the mask as above; the key holds four 4-bit suit counters in bits
# 0..15 (a hand starts them at 3: CARD_SUIT_INIT), the poison bit 16 for a card
# outside the deck, and in bits 39..63 the card's rank key already multiplied
# by HASH_MULT mod 2**25.  The hash distributes over the sum, and bits 39..63
# wrap mod 2**25 by themselves, so a hand's key >> 39 is its h with no
# multiply and no mask, and key >> 50 its row.
CARD_SUIT_INIT = 0x3333
CARD_POISON = 1 << 16
CARD_HASH_SHIFT = 64 - HASH_BITS


@dataclass(frozen=True)
class Game:
    """The rules that change between games: the deck and the category order."""

    name: str
    lowest: int = 0                 # rank index of the deck's lowest rank (0 = the 2)
    flush_beats_full: bool = False
    trips_beat_straight: bool = False
    kickers: bool = True            # False: kickers do not split equal pairs / two pairs
    rule: str = "high"              # "a5" or "27": a low game (tables/lowball.py)
    qualifier: int = 0              # 8: eight or better, other lows score 0
    flushes: bool = True            # False: card keys carry no suit counters, no flush

    def order(self) -> tuple[int, ...]:
        """Standard category numbers, weakest first, in this game's order."""
        cats = [HIGH_CARD, ONE_PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS,
                STRAIGHT_FLUSH]
        if self.trips_beat_straight:
            cats[3], cats[4] = STRAIGHT, TRIPS
        if self.flush_beats_full:
            cats[5], cats[6] = FULL_HOUSE, FLUSH
        return tuple(cats)


# Every game the build writes.  The C name is the table prefix (hr_<name>_...);
# src/handrank/variants.py maps the user-facing names and options onto these.
# "stripped" with lowest 6 is the short deck (same deck, same order), so it has
# no tables of its own; "_nk" is the seed 003 house rule (kickers do not split
# equal pairs or equal two pairs), "_tbs" ranks three of a kind above a straight.
GAMES = (
    Game("holdem"),
    Game("shortdeck", lowest=4, flush_beats_full=True),
    Game("shortdeck_tbs", lowest=4, flush_beats_full=True, trips_beat_straight=True),
    Game("shortdeck_nk", lowest=4, flush_beats_full=True, kickers=False),
) + tuple(
    Game(f"stripped{RANK_CHARS[low]}{suffix}", lowest=low, flush_beats_full=True, kickers=kick)
    for kick, suffix in ((True, ""), (False, "_nk"))
    for low in (1, 2, 3, 5)
) + (
    Game("low_a5", rule="a5", flushes=False),
    Game("low_a5_8", rule="a5", qualifier=8, flushes=False),
    Game("low_27", rule="27"),
)


def rank_bases() -> tuple[int, ...]:
    """Return RANK_BASE after checking that all its multiset sums are distinct."""
    seen: set[int] = set()
    count = 0
    for counts in multisets(N_RANKS, 0, MAX_CARDS):
        seen.add(rank_key(counts))
        count += 1
    if len(seen) != count:
        raise RuntimeError("internal error: rank bases give colliding sums")
    if max(seen) >= 1 << SUIT_SHIFT:
        raise RuntimeError("internal error: rank key does not fit in 32 bits")
    return RANK_BASE


def multisets(n_ranks: int, low: int, high: int):
    """Yield count vectors (at most 4 of a rank) with low..high cards, in sorted order."""
    if low == high:
        yield from _multisets_of(n_ranks, low)
    else:
        yield from sorted(itertools.chain.from_iterable(
            _multisets_of(n_ranks, size) for size in range(low, high + 1)))


@functools.cache
def _multisets_of(n_ranks: int, size: int) -> tuple[tuple[int, ...], ...]:
    """The count vectors of exactly ``size`` cards, in the sorted order above
    (built once per deck width: every game of that width reuses them)."""
    if n_ranks == 0:
        return ((),) if size == 0 else ()
    return tuple((c,) + rest for c in range(min(4, size) + 1)
                 for rest in _multisets_of(n_ranks - 1, size - c))


@functools.cache
def _subset_steps(lowest: int, size: int) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """For each rank multiset of ``size`` cards from ranks lowest..ace: its rank
    key and the rank bases of the ranks it holds (its key minus one of them is
    the key of a subset of ``size - 1`` cards)."""
    out = []
    for sub in _multisets_of(N_RANKS - lowest, size):
        counts = (0,) * lowest + sub
        out.append((rank_key(counts),
                    tuple(RANK_BASE[r] for r in range(lowest, N_RANKS) if counts[r])))
    return tuple(out)


def straight_top(ranks: set[int], lowest: int) -> int:
    """Top rank of the straight made by five distinct ranks, or -1."""
    top = max(ranks)
    if len(ranks) == 5 and top - min(ranks) == 4:
        return top
    wheel = {ACE, lowest, lowest + 1, lowest + 2, lowest + 3}
    if ranks == wheel:
        return lowest + 3
    return -1


def five_card_class(counts: tuple[int, ...], flush: bool, game: Game) -> tuple:
    """The comparison key of a five-card hand, by the one rule of docs/rules.md.

    Returns (position of the category in the game's order, standard category,
    tie-break ranks, ranks of a representative hand in group order).
    """
    groups = sorted(((c, r) for r, c in enumerate(counts) if c), reverse=True)
    shape = tuple(c for c, _ in groups)
    ranks = tuple(r for _, r in groups)
    played = tuple(r for c, r in groups for _ in range(c))
    top = straight_top(set(ranks), game.lowest) if shape == (1, 1, 1, 1, 1) else -1
    if top >= 0:
        cat = STRAIGHT_FLUSH if flush else STRAIGHT
        tie = (top,)
        if top != max(ranks):       # the ace plays low: list it last
            played = tuple(sorted(played, reverse=True)[1:]) + (ACE,)
    elif flush:
        cat, tie = FLUSH, ranks
    else:
        cat = {(4, 1): QUADS, (3, 2): FULL_HOUSE, (3, 1, 1): TRIPS, (2, 2, 1): TWO_PAIR,
               (2, 1, 1, 1): ONE_PAIR, (1, 1, 1, 1, 1): HIGH_CARD}[shape]
        tie = ranks
        if not game.kickers and cat == ONE_PAIR:
            tie, played = ranks[:1], played[:2]
        elif not game.kickers and cat == TWO_PAIR:
            tie, played = ranks[:2], played[:4]
    return (game.order().index(cat), cat, tie, played)


@dataclass
class GameTables:
    game: Game
    card_key: list[int]
    card_mask: list[int]
    card: list[int]            # 256 {key, mask} pairs for the batch kernels (CARD_* above)
    values: list[int]          # hash index -> strength (non-flush hands of 5..7 cards)
    flush: list[int]           # 13-bit rank set of the flush suit -> strength
    category: list[int]        # strength -> standard category (index 0 unused)
    class_ranks: list[int]     # strength*5 .. +5 -> ranks in group order, 255 = none
    counts: dict[int, int]     # standard category -> number of strengths


def build_game(game: Game, hash_index: dict[int, int], hash_size: int) -> GameTables:
    deck_ranks = range(game.lowest, N_RANKS)
    n = len(deck_ranks)

    def full(sub: tuple[int, ...]) -> tuple[int, ...]:
        return (0,) * game.lowest + sub

    # 1. Every distinct five-card class, from rank multisets with and without a flush.
    #    A low game's key comes from tables/lowball.py; None there is "no
    #    qualifying low", strength 0.
    classes: dict[tuple, tuple] = {}
    five_non_flush: dict[tuple[int, ...], tuple | None] = {}
    five_flush: dict[tuple[int, ...], tuple | None] = {}
    for sub in multisets(n, 5, 5):
        counts = full(sub)
        for flush, into in ((False, five_non_flush), (True, five_flush)):
            if flush and (max(counts) > 1 or not game.flushes):
                continue
            if game.rule == "high":
                key = five_card_class(counts, flush, game)
            else:
                key = lowball.five_card_class(counts, flush, game.rule, game.qualifier)
            into[counts] = key[:3] if key else None
            if key:
                classes.setdefault(key[:3], key)
    ordered = sorted(classes)
    strength = {k: i + 1 for i, k in enumerate(ordered)}
    strength[None] = 0
    category = [0] + [classes[k][1] for k in ordered]
    class_ranks = [255] * 5
    for k in ordered:
        played = list(classes[k][3])
        class_ranks += played + [255] * (5 - len(played))
    counts_per_cat = {c: category.count(c) for c in range(1, 10)}

    # 2. Non-flush hands of 5, 6 and 7 cards: the best five-card sub-multiset,
    #    built up one card at a time (best of n cards = best of its n-1 subsets).
    #    Keyed by rank key: a subset's key is the key less one held rank's base.
    best: dict[int, int] = {rank_key(c): strength[k] for c, k in five_non_flush.items()}
    for size in (6, 7):
        for key, bases in _subset_steps(game.lowest, size):
            best[key] = max([best[key - b] for b in bases])
    values = [0] * hash_size
    for key, value in best.items():
        values[hash_index[key]] = value

    # 3. Flushes: the 13-bit rank set of the suit with five or more cards.
    flush = [0] * (1 << N_RANKS)
    deck_mask = sum(1 << r for r in deck_ranks)
    for size in (5, 6, 7) if game.flushes else ():
        for bits in itertools.combinations(deck_ranks, size):
            mask = sum(1 << r for r in bits)
            if size == 5:
                counts = tuple(1 if mask >> r & 1 else 0 for r in range(N_RANKS))
                flush[mask] = strength[five_flush[counts]]
            else:
                flush[mask] = max(flush[mask & ~(1 << r)] for r in bits)
    if any(flush[m] for m in range(1 << N_RANKS) if m & ~deck_mask):
        raise RuntimeError(f"internal error: {game.name} has a flush outside its deck")

    # 4. Per-card keys; cards outside the deck and ids 52..255 are poisoned.
    #    The batch entries: the same mask (0 for a poisoned card, so a hand with
    #    one has fewer than k mask bits), the key in the CARD_* layout.
    card_key = [POISON] * 256
    card_mask = [0] * 256
    card = [CARD_POISON, 0] * 256
    for c in range(N_CARDS):
        rank, suit = divmod(c, N_SUITS)
        if rank >= game.lowest:
            counter = 1 << (4 * suit) if game.flushes else 0   # no suit counters: no flush
            card_key[c] = RANK_BASE[rank] + (counter << SUIT_SHIFT)
            card_mask[c] = 1 << (MASK_SUIT_BITS * suit + rank)
            h = (RANK_BASE[rank] * HASH_MULT) & ((1 << HASH_BITS) - 1)
            card[2 * c] = (h << CARD_HASH_SHIFT) + counter
            card[2 * c + 1] = card_mask[c]
    return GameTables(game, card_key, card_mask, card, values, flush, category, class_ranks,
                      counts_per_cat)


def rank_key(counts: tuple[int, ...]) -> int:
    return sum(map(operator.mul, counts, RANK_BASE))


# Games whose Omaha non-flush table is written (the rest use the plain hash
# path in csrc/omaha.c): the table is 1.1 MB and takes ~2 s to build.
OMAHA_GAMES = ("holdem",)
N_PAIRS = N_RANKS * (N_RANKS + 1) // 2


def build_omaha_index(hash_index: dict[int, int], hash_size: int
                      ) -> tuple[list[int], list[int], list[tuple[int, ...]]]:
    """Dense numbers of five-card boards (by hash slot) and of hole rank pairs.

    Returns (board index per hash slot, 0xFFFF = not a five-card key; pair
    index per rank1 * 13 + rank2, symmetric; the boards' count vectors).
    """
    boards = list(multisets(N_RANKS, 5, 5))
    board_index = [0xFFFF] * hash_size
    for i, counts in enumerate(boards):
        board_index[hash_index[rank_key(counts)]] = i
    pair_index = [0] * (N_RANKS * N_RANKS)
    i = 0
    for a in range(N_RANKS):
        for b in range(a, N_RANKS):
            pair_index[a * N_RANKS + b] = pair_index[b * N_RANKS + a] = i
            i += 1
    return board_index, pair_index, boards


def build_omaha(t: GameTables, hash_index: dict[int, int],
                boards: list[tuple[int, ...]]) -> list[int]:
    """Row per board rank multiset, column per hole rank pair: the best non-flush
    strength of three of the board's cards plus the pair (0 = impossible deal).
    """
    low = t.game.lowest
    v5 = {}
    for counts in multisets(N_RANKS, 5, 5):
        v5[rank_key(counts)] = t.values[hash_index[rank_key(counts)]]
    pairs = [(a, b) for a in range(N_RANKS) for b in range(a, N_RANKS)]
    pair_keys = [RANK_BASE[a] + RANK_BASE[b] for a, b in pairs]
    out: list[int] = []
    for counts in boards:
        if any(counts[:low]):
            out += [0] * N_PAIRS
            continue
        cards = [r for r in range(N_RANKS) for _ in range(counts[r])]
        tris = sorted({RANK_BASE[x] + RANK_BASE[y] + RANK_BASE[z]
                       for x, y, z in itertools.combinations(cards, 3)})
        for (a, b), pk in zip(pairs, pair_keys):
            if a < low or counts[a] + 1 + (a == b) > 4 or counts[b] + 1 + (a == b) > 4:
                out.append(0)
            else:
                out.append(max([v5[tk + pk] for tk in tris]))
    return out


def low_extras(games: list[GameTables], hash_index: dict[int, int]) -> tuple:
    """The low games' C extras: the categories csrc/lowball.c tests and the
    Omaha hi-lo low tables (tables/lowball.py), read from the eight-or-better
    game's own values."""
    if (lowball.HIGH_ORDER != (HIGH_CARD, ONE_PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH,
                               FULL_HOUSE, QUADS, STRAIGHT_FLUSH)):
        raise RuntimeError("internal error: tables/lowball.py numbers categories differently")
    (low8,) = [t for t in games if t.game.rule == "a5" and t.game.qualifier == 8]

    def value(counts: tuple[int, ...]) -> int:
        return low8.values[hash_index[rank_key(counts)]]

    defines = [("HR_CATEGORY_FLUSH", FLUSH), ("HR_CATEGORY_STRAIGHT_FLUSH", STRAIGHT_FLUSH)]
    arrays = [("uint8_t", "hr_hilo_low_bit", lowball.low_bits()),
              ("uint8_t", "hr_hilo_low", lowball.omaha_low(value))]
    return defines, arrays


def hash_slot(key: int) -> tuple[int, int]:
    """(row, column) of a rank key: a multiply that is a bijection modulo 2**25."""
    h = (key * HASH_MULT) & ((1 << HASH_BITS) - 1)
    return h >> HASH_SHIFT, h & ((1 << HASH_SHIFT) - 1)


def build_hash() -> tuple[list[int], dict[int, int], int]:
    """Place every 5..7-card rank key by hash-and-displace.

    A rank key (< 2**25) is multiplied by an odd constant modulo 2**25, which
    permutes 0..2**25-1 and so keeps keys distinct while spreading them; the
    high bits of the product pick a row, the low HASH_SHIFT bits a column.
    Each row gets one offset so that its columns land on free slots.  Rows are
    placed fullest first, each at the smallest offset that fits (first fit
    decreasing): 73,775 keys fill 75,025 slots.  The offsets returned are
    (slot of column 0 - first h of the row) mod 2**32, so a slot is
    (h + offsets[h >> HASH_SHIFT]) mod 2**32.  The search works on the free
    slots as one big integer (bit i set = slot i free): the offsets where a
    row fits are the AND of the free set shifted right by each column.
    """
    keys = sorted(rank_key(c) for c in multisets(N_RANKS, MIN_CARDS, MAX_CARDS))
    if keys[-1] >> HASH_BITS:
        raise RuntimeError("internal error: rank key wider than the hash")
    rows: dict[int, list[int]] = {}
    for k in keys:
        row, col = hash_slot(k)
        rows.setdefault(row, []).append(col)
    n_rows = 1 << (HASH_BITS - HASH_SHIFT)
    offsets = [0] * n_rows
    free = (1 << (2 * len(keys) + (2 << HASH_SHIFT))) - 1
    for row in sorted(rows, key=lambda r: (-len(rows[r]), r)):
        cols = rows[row]
        fits = free
        for c in cols:
            fits &= free >> c
        offset = (fits & -fits).bit_length() - 1
        for c in cols:
            free &= ~(1 << (offset + c))
        offsets[row] = offset
    index = {}
    for k in keys:
        row, col = hash_slot(k)
        index[k] = offsets[row] + col
    # Room for every (row, column), not only the keys' slots: a lookup of any
    # 64-bit key (a garbage row checked only afterwards) stays in bounds.
    size = max(offsets) + (1 << HASH_SHIFT)
    if len(set(index.values())) != len(keys):
        raise RuntimeError("internal error: the perfect hash has a collision")
    wrapped = [(o - (row << HASH_SHIFT)) & 0xFFFFFFFF for row, o in enumerate(offsets)]
    return wrapped, index, size


# ---------------------------------------------------------------- writers

HEADER = "/* GENERATED by tables/generate.py - do not edit. */\n"


def c_array(ctype: str, name: str, data: list[int], per_line: int = 16) -> str:
    width = {"uint8_t": 0, "uint16_t": 0, "uint32_t": 0, "uint64_t": 1}[ctype]
    text = [hex(v) + "ULL" for v in data] if width else [str(int(v)) for v in data]
    lines = ["  " + ",".join(text[i:i + per_line]) + "," for i in range(0, len(text), per_line)]
    return f"const {ctype} {name}[{len(data)}] = {{\n" + "\n".join(lines) + "\n};\n"


def write_c(out_dir: str, offsets: list[int], hash_size: int, games: list[GameTables],
            omaha: tuple, extra: tuple = ((), ())) -> list[str]:
    """Write tables.h and tables.c; ``extra`` is (defines, arrays) to add to them."""
    os.makedirs(out_dir, exist_ok=True)
    h = [HEADER, "#ifndef HR_GENERATED_TABLES_H\n#define HR_GENERATED_TABLES_H\n\n",
         "#include <stdint.h>\n\n",
         f"#define HR_HASH_MULT 0x{HASH_MULT:x}u\n",
         f"#define HR_HASH_BITS {HASH_BITS}\n",
         f"#define HR_HASH_SHIFT {HASH_SHIFT}\n",
         f"#define HR_HASH_ROWS {len(offsets)}\n",
         f"#define HR_HASH_SIZE {hash_size}\n",
         f"#define HR_SUIT_SHIFT {SUIT_SHIFT}\n",
         f"#define HR_SUIT_INIT 0x{SUIT_INIT:x}ULL\n",
         f"#define HR_FLUSH_BITS 0x{FLUSH_BITS:x}\n",
         f"#define HR_POISON_SHIFT {POISON.bit_length() - 1}\n",
         f"#define HR_MASK_SUIT_BITS {MASK_SUIT_BITS}\n",
         f"#define HR_CARD_SUIT_INIT 0x{CARD_SUIT_INIT:x}u\n",
         f"#define HR_CARD_POISON_SHIFT {CARD_POISON.bit_length() - 1}\n",
         f"#define HR_CARD_HASH_SHIFT {CARD_HASH_SHIFT}\n",
         f"#define HR_N_GAMES {len(games)}\n\n",
         "/* hidden: the core's own code reads it without going through the GOT */\n",
         "#if defined(__GNUC__) && !defined(_WIN32)\n",
         "__attribute__((visibility(\"hidden\")))\n",
         "#endif\n",
         "extern const uint32_t hr_hash_offsets[HR_HASH_ROWS];\n"]
    c = [HEADER, '#include "../handrank.h"\n#include "../port.h"\n#include "tables.h"\n\n',
         c_array("uint32_t", "hr_hash_offsets", offsets)]
    for g in games:
        p = f"hr_{g.game.name}"
        n_classes = len(g.category) - 1
        h.append(f"#define HR_{g.game.name.upper()}_CLASSES {n_classes}\n")
        h.append(f"extern const uint64_t {p}_card[{len(g.card)}];\n")
        c.append("HR_ALIGN16 " + c_array("uint64_t", f"{p}_card", g.card))
        for ctype, suffix, data in (("uint64_t", "card_key", g.card_key),
                                    ("uint64_t", "card_mask", g.card_mask),
                                    ("uint16_t", "values", g.values),
                                    ("uint16_t", "flush", g.flush),
                                    ("uint8_t", "category", g.category),
                                    ("uint8_t", "class_ranks", g.class_ranks)):
            h.append(f"extern const {ctype} {p}_{suffix}[{len(data)}];\n")
            c.append(c_array(ctype, f"{p}_{suffix}", data))
    board_index, pair_index, omaha_rows = omaha
    n_boards = max(i for i in board_index if i != 0xFFFF) + 1
    h.append(f"#define HR_OMAHA_BOARDS {n_boards}\n"
             f"#define HR_OMAHA_PAIRS {N_PAIRS}\n"
             "extern const uint16_t hr_omaha_board_index[HR_HASH_SIZE];\n"
             "extern const uint8_t hr_omaha_pair_index[169];\n"
             "extern const uint16_t *const hr_omaha_rows[HR_N_GAMES];\n")
    c.append(c_array("uint16_t", "hr_omaha_board_index", board_index))
    c.append(c_array("uint8_t", "hr_omaha_pair_index", pair_index))
    for name, rows in sorted(omaha_rows.items()):
        c.append(c_array("uint16_t", f"hr_{name}_omaha", rows))
    c.append("const uint16_t *const hr_omaha_rows[HR_N_GAMES] = {\n" + "".join(
        f"  hr_{g.game.name}_omaha,\n" if g.game.name in omaha_rows else "  0,\n"
        for g in games) + "};\n")
    defines, arrays = extra
    for name, value in defines:
        h.append(f"#define {name} {value}\n")
    for ctype, name, data in arrays:
        h.append(f"extern const {ctype} {name}[{len(data)}];\n")
        c.append(c_array(ctype, name, data))
    c.append("const hr_game hr_games[HR_N_GAMES] = {\n")
    for g in games:
        p = f"hr_{g.game.name}"
        c.append(f'  {{"{g.game.name}", {p}_card_key, {p}_card_mask, {p}_values, {p}_flush, '
                 f"{p}_category, {p}_class_ranks, {len(g.category) - 1}, {p}_card}},\n")
    c.append("};\n")
    h.append("\n#endif\n")
    paths = []
    for name, text in (("tables.h", "".join(h)), ("tables.c", "".join(c))):
        path = os.path.join(out_dir, name)
        write_if_changed(path, text.encode())
        paths.append(path)
    return paths


def write_bin(path: str, offsets: list[int], games: list[GameTables],
              extra: list[tuple[str, str, list[int]]] | None = None) -> str:
    """Write the tables as named little-endian arrays (format in tables/README.md)."""
    params = {"hash_mult": HASH_MULT, "hash_bits": HASH_BITS, "hash_shift": HASH_SHIFT,
              "suit_shift": SUIT_SHIFT, "suit_init": SUIT_INIT, "flush_bits": FLUSH_BITS,
              "poison_shift": POISON.bit_length() - 1, "mask_suit_bits": MASK_SUIT_BITS,
              "card_suit_init": CARD_SUIT_INIT, "card_poison_shift": CARD_POISON.bit_length() - 1,
              "card_hash_shift": CARD_HASH_SHIFT}
    arrays: list[tuple[str, str, list[int]]] = [(f"param.{k}", "Q", [v]) for k, v in params.items()]
    arrays.append(("hash_offsets", "I", offsets))
    for g in games:
        p = g.game.name
        arrays += [(f"{p}.card_key", "Q", g.card_key), (f"{p}.card_mask", "Q", g.card_mask),
                   (f"{p}.card", "Q", g.card),
                   (f"{p}.values", "H", g.values), (f"{p}.flush", "H", g.flush),
                   (f"{p}.category", "B", g.category), (f"{p}.class_ranks", "B", g.class_ranks)]
    # extra arrays by their C name without the "hr_" prefix ("badugi_value", ...)
    codes = {"uint8_t": "B", "uint16_t": "H", "uint32_t": "I", "uint64_t": "Q"}
    arrays += [(name.removeprefix("hr_"), codes[ctype], data) for ctype, name, data in extra or []]
    out = bytearray(b"HRTABLES1\n")
    out += struct.pack("<I", len(arrays))
    for name, code, data in arrays:
        raw = struct.pack(f"<{len(data)}{code}", *data)
        out += struct.pack("<32s1sI", name.encode(), code.encode(), len(data))
        out += b"\0" * (-len(out) % 8)
        out += raw
    out += b"\0" * (-len(out) % 8)
    write_if_changed(path, bytes(out))
    return path


def write_if_changed(path: str, data: bytes) -> None:
    """Write only if different, so an unchanged table does not force a rebuild."""
    try:
        with open(path, "rb") as f:
            if f.read() == data:
                return
    except FileNotFoundError:
        pass
    os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
    with open(path, "wb") as f:
        f.write(data)


def generate(out_c: str, out_bin: str, quiet: bool = False) -> list[str]:
    rank_bases()
    offsets, index, size = build_hash()
    games = [build_game(g, index, size) for g in GAMES]
    board_index, pair_index, boards = build_omaha_index(index, size)
    omaha_rows = {t.game.name: build_omaha(t, index, boards) for t in games
                  if t.game.name in OMAHA_GAMES}
    low_defines, low_arrays = low_extras(games, index)
    badugi_defines, badugi_arrays = badugi.extras()
    wild_defines, wild_arrays = wild.extras()
    paths = write_c(out_c, offsets, size, games, (board_index, pair_index, omaha_rows),
                    (low_defines + badugi_defines + wild_defines,
                     list(low_arrays) + badugi_arrays + wild_arrays))
    paths.append(write_bin(out_bin, offsets, games, badugi_arrays + wild_arrays))
    if not quiet:
        print(f"hash: {len(index)} keys in {size} slots, {len(offsets)} row offsets")
        for g in games:
            total = len(g.category) - 1
            per = ", ".join(f"{CATEGORY_NAMES[c]} {n}" for c, n in g.counts.items() if n)
            print(f"{g.game.name}: {total} classes ({per})")
        for p in paths:
            with open(p, "rb") as f:
                print(f"sha256 {hashlib.sha256(f.read()).hexdigest()}  {os.path.relpath(p)}")
    return paths


def main(argv: list[str] | None = None) -> int:
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out-c", default=os.path.join(root, "csrc", "generated"))
    parser.add_argument("--out-bin", default=os.path.join(root, "src", "handrank", "_tables.bin"))
    parser.add_argument("--quiet", action="store_true")
    args = parser.parse_args(argv)
    generate(args.out_c, args.out_bin, args.quiet)
    return 0


if __name__ == "__main__":
    sys.exit(main())
