"""The rules of the new games written out plainly, for the tests' brute force.

Independent of handrank: cards are ids ``4 * rank + suit`` (rank 0..12 = 2..A,
suit 0..3), and every function below compares hands by Python tuples built
straight from the rule book (RULES.md §2-3 and §8, and the badugi rules).
"""

from __future__ import annotations

import itertools
from collections import Counter


def high_key(five: tuple[int, ...], wheel: bool = True) -> tuple:
    """A key whose order is the high order of five cards (higher is stronger); `wheel`:
    A-2-3-4-5 is a straight (not in deuce-to-seven)."""
    five = tuple(int(c) for c in five)
    ranks = sorted((c // 4 for c in five), reverse=True)
    flush = len({c % 4 for c in five}) == 1
    distinct = sorted(set(ranks), reverse=True)
    straight_top = -1
    if len(distinct) == 5:
        if distinct[0] - distinct[4] == 4:
            straight_top = distinct[0]
        elif wheel and distinct == [12, 3, 2, 1, 0]:
            straight_top = 3                         # the wheel, five-high
    groups = sorted(Counter(ranks).items(), key=lambda rc: (-rc[1], -rc[0]))
    shape = [n for _, n in groups]
    order = [r for r, _ in groups]
    if straight_top >= 0 and flush:
        return (8, straight_top)
    if shape == [4, 1]:
        return (7, *order)
    if shape == [3, 2]:
        return (6, *order)
    if flush:
        return (5, *ranks)
    if straight_top >= 0:
        return (4, straight_top)
    if shape == [3, 1, 1]:
        return (3, *order)
    if shape == [2, 2, 1]:
        return (2, *order)
    if shape == [2, 1, 1, 1]:
        return (1, *order)
    return (0, *ranks)


def holdem_key(hole: list[int], board: list[int]) -> tuple:
    """The best five of the hole cards and the board."""
    return max(high_key(f) for f in itertools.combinations(hole + board, 5))


def omaha_key(hole: list[int], board: list[int]) -> tuple:
    """Exactly two hole cards and three board cards."""
    return max(high_key(p + t) for p in itertools.combinations(hole, 2)
               for t in itertools.combinations(board, 3))


def low27_key(five: list[int]) -> tuple:
    """Deuce-to-seven: the high order upside down (higher key = better low)."""
    k = high_key(tuple(five), wheel=False)
    return tuple(-x for x in k)


def low_a5_key(five: list[int]) -> tuple:
    """Ace-to-five: aces low, straights and flushes ignored; fewer and lower pairs better,
    then the lower ranks from the top (higher key = better low)."""
    ranks = [0 if int(c) // 4 == 12 else int(c) // 4 + 1 for c in five]   # ace 0 .. king 12
    groups = sorted(Counter(ranks).items(), key=lambda rc: (-rc[1], -rc[0]))
    shape = tuple(n for _, n in groups)
    pattern = {(1, 1, 1, 1, 1): 0, (2, 1, 1, 1): 1, (2, 2, 1): 2, (3, 1, 1): 3,
               (3, 2): 4, (4, 1): 5}[shape]
    return (-pattern, *(-r for r, _ in groups))


def badugi_key(cards: list[int]) -> tuple:
    """The best badugi of any subset: more cards, then the lower highest card and so on
    (aces low); higher key = better."""
    best: tuple = ()
    for size in range(1, 5):
        for sub in itertools.combinations(cards, size):
            if len({c // 4 for c in sub}) == size and len({c % 4 for c in sub}) == size:
                ranks = sorted((0 if int(c) // 4 == 12 else int(c) // 4 + 1 for c in sub),
                               reverse=True)
                key = (size, *(-r for r in ranks))
                best = max(best, key) if best else key
    return best


def shares(keys: list[tuple]) -> list[float]:
    """Each player's share of one part: the best key(s) split it."""
    top = max(keys)
    n = keys.count(top)
    return [1 / n if k == top else 0.0 for k in keys]


def settle_parts(contributions: list[int], folded: list[bool], keys: list[list[tuple] | None],
                 button: int) -> list[int]:
    """Payouts by the rules: pots by layers of the contributions; each pot cut in equal
    parts, the odd chips to the first parts; each part to its best key(s), odd chips
    of a tie to the winners from the first seat left of the button.  keys[s][j] is
    seat s's key in part j (None for a folded seat)."""
    n = len(contributions)
    live = [s for s in range(n) if not folded[s]]
    pay = [0] * n
    levels = sorted({contributions[s] for s in live})
    low = 0
    for i, high in enumerate(levels):
        last = i == len(levels) - 1
        amount = sum(min(c, high) - min(c, low) + (max(c - high, 0) if last else 0)
                     for c in contributions)
        low = high
        eligible = [s for s in live if contributions[s] >= high]
        if amount == 0:
            continue
        if len(eligible) == 1:
            pay[eligible[0]] += amount
            continue
        parts = len(keys[eligible[0]])
        each, odd = divmod(amount, parts)
        for j in range(parts):
            part = each + (1 if j < odd else 0)
            best = max(keys[s][j] for s in eligible)
            winners = [s for s in eligible if keys[s][j] == best]
            winners.sort(key=lambda s: (s - button - 1) % n)
            q, r = divmod(part, len(winners))
            for k, w in enumerate(winners):
                pay[w] += q + (1 if k < r else 0)
    return pay
