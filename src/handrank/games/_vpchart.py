"""A video-poker strategy chart generated from the exact solution.

A chart is a list of hold patterns, best first, read the way players read
one ("2 2 + A K Q suited > pat flush > K Q suited > ... > draw five"): from
a deal, keep the cards of the first line the deal contains.  A pattern names
the wild cards kept, the ranks of the natural cards kept and whether they
are all of one suit; a pat hand (all five kept) is named by its pay class.

Lines are ordered by the average value of the deals they are the best play
for; every pattern that is the best play of some deal has a line.  Where the
first line a deal contains is not its best play (a penalty card, a kicker,
two holds of one pattern), the deal is an exception, listed with its best
hold: the lines with the exceptions play every deal at its best value, so at
the machine's exact return, and :attr:`Chart.lines_return` says what the
lines alone return.
"""

from __future__ import annotations

import dataclasses
import math
from typing import Any

import numpy as np

from . import _vpwild as W

__all__ = ["Chart", "Line", "build"]

_RANKS = "23456789TJQKA"


@dataclasses.dataclass(frozen=True)
class Line:
    """One line of a chart: a hold pattern and the deals it is the best play for."""

    text: str
    low: float          # the least and greatest value of the deals it is best for
    high: float
    deals: int          # how many deals (of the whole deck) it is the best play for


@dataclasses.dataclass(frozen=True, eq=False)
class Chart:
    """A strategy chart: :attr:`lines` best first, and the deals that are exceptions."""

    machine: str
    lines: list[Line]
    exceptions: np.ndarray      # structured: cards (5,), weight, hold (bit j keeps cards[j])
    expected_return: float      # of the lines with the exceptions (the machine's exact return)
    lines_return: float         # of the lines alone
    _rank: np.ndarray = dataclasses.field(repr=False)
    _pattern: np.ndarray = dataclasses.field(repr=False)

    def __str__(self) -> str:
        out = [f"Strategy chart: {self.machine} (return {self.expected_return:.6%} "
               f"with the exceptions, {self.lines_return:.6%} from the lines alone)",
               "keep the first line the deal contains:"]
        out.append("   #  value of the deals it is best for  hold")
        for i, x in enumerate(self.lines, 1):
            span = (f"{x.low:.4f}" if abs(x.high - x.low) < 5e-5
                    else f"{x.low:.4f} to {x.high:.4f}")
            out.append(f"{i:4d}. {span:>20}                {_brief(x.text)}")
        out.append(f"exceptions: {len(self.exceptions):,} classes of deals "
                   f"({int(self.exceptions['weight'].sum()):,} deals) play otherwise "
                   "(Chart.exceptions)")
        return "\n".join(out)

    def __repr__(self) -> str:
        # the lines' text and a count, never the exceptions' card ids (str() prints the chart)
        return (f"Chart(machine={self.machine!r}, lines={len(self.lines)}, "
                f"exceptions={len(self.exceptions)}, "
                f"expected_return={self.expected_return:.6f}, top={self.short(3)!r})")

    def short(self, n: int = 12) -> str:
        """The first `n` lines joined by ' > ', the way charts are quoted."""
        more = " > ..." if len(self.lines) > n else ""
        return " > ".join(x.text for x in self.lines[:n]) + more


def _pattern_keys(deals: np.ndarray, fam: W.Family, cls5_of_deal: np.ndarray) -> np.ndarray:
    """(R, 32) int64: the pattern of each hold of each deal."""
    d = deals.astype(np.int64)
    joker = d >= 52
    deuce = (d < 4) if fam.deuces_wild else np.zeros_like(joker)
    nat = ~(joker | deuce)
    rank = np.where(nat, d // 4, 0)
    suit = np.where(nat, d % 4, 0)
    keys = np.zeros((len(d), 32), dtype=np.int64)
    for m in range(32):
        pos = [j for j in range(5) if m >> j & 1]
        if len(pos) == 5:
            keys[:, m] = (1 << 40) + cls5_of_deal
            continue
        code = np.zeros(len(d), dtype=np.int64)
        nd = np.zeros(len(d), dtype=np.int64)
        nj = np.zeros(len(d), dtype=np.int64)
        smin = np.full(len(d), 9, dtype=np.int64)
        smax = np.full(len(d), -1, dtype=np.int64)
        count = np.zeros(len(d), dtype=np.int64)
        for j in pos:
            code = np.where(nat[:, j], code * 14 + rank[:, j] + 1, code)
            nd += deuce[:, j]
            nj += joker[:, j]
            smin = np.where(nat[:, j], np.minimum(smin, suit[:, j]), smin)
            smax = np.where(nat[:, j], np.maximum(smax, suit[:, j]), smax)
            count += nat[:, j]
        suited = (count >= 2) & (smin == smax)
        keys[:, m] = ((nd * 3 + nj) * 14 ** 5 + code) * 2 + suited
    return keys


_STRAIGHTS = [frozenset(range(lo, lo + 5)) for lo in range(9)] + [frozenset({12, 0, 1, 2, 3})]
_ROYAL = frozenset(range(8, 13))


def _pattern_text(key: int, fam: W.Family) -> str:
    """A hold pattern in the words of a strategy chart."""
    if key >= 1 << 40:
        return "pat " + fam.classes[key - (1 << 40)].replace("-", " ")
    suited = bool(key & 1)
    rest = key >> 1
    code = rest % 14 ** 5
    nd, nj = divmod(rest // 14 ** 5, 3)
    ranks: list[int] = []
    while code:
        code, r = divmod(code, 14)
        ranks.append(r - 1)
    w = nd + nj
    held = w + len(ranks)
    wild = (f"{nd} deuce{'s' if nd > 1 else ''}" if nd else "") + \
        (" and " if nd and nj else "") + \
        (("the joker" if nj == 1 and fam.jokers == 1 else f"{nj} joker{'s' if nj > 1 else ''}")
         if nj else "")
    if not held:
        return "draw five (discard everything)"
    if not ranks:
        return f"{wild} only"
    counts = sorted((ranks.count(r) for r in set(ranks)), reverse=True)
    top = counts[0]
    distinct = top == 1
    names = " ".join(_RANKS[r] for r in sorted(ranks, reverse=True))
    what = ""
    if w == 0 and held == 4 and top == 4 or w and top + w == 4 and held == 4:
        what = "four of a kind"
    elif top + w == 3 and held == 3:
        what = "three of a kind"
    elif w == 0 and counts[:2] == [2, 2]:
        what = "two pair"
    elif w == 0 and held == 2 and top == 2:
        what = f"a pair ({_RANKS[ranks[0]]}s)"
    elif suited or len(ranks) == 1:
        rs = frozenset(ranks)
        if distinct and held >= 2 and rs <= _ROYAL:
            what = f"{held} to a royal flush ({names})"
        elif distinct and held >= 3 and any(rs <= s for s in _STRAIGHTS):
            what = f"{held} to a straight flush ({names})"
        elif held >= 3 and suited:
            what = f"{held} to a flush ({names})"
    if not what and distinct and held >= 3 and any(frozenset(ranks) <= s for s in _STRAIGHTS):
        what = f"{held} to a straight ({names})"
    if not what:
        what = names + (" suited" if suited else "")
    return f"{wild} + {what}" if w else what


def build(vp: Any, name: str) -> Chart:
    """The chart of a solved machine (a :class:`~handrank.games.videopoker.VideoPoker`)."""
    t = W.tables(vp.family)
    fam = t.family
    values = vp.values
    best = vp.strategy["hold"].astype(np.int64)
    weights = t.weights
    r = np.arange(len(best))
    bestv = values[r, best]
    idx5 = W.colex(t.deals, fam.cards)
    keys = _pattern_keys(t.deals, fam, t.cls5[idx5].astype(np.int64))
    uniq, pid = np.unique(keys, return_inverse=True)
    pid = pid.reshape(keys.shape)
    pbest = pid[r, best]
    npat = len(uniq)
    wsum = np.bincount(pbest, weights=weights, minlength=npat)
    vsum = np.bincount(pbest, weights=weights * bestv, minlength=npat)
    used = wsum > 0
    score = np.where(used, vsum / np.where(used, wsum, 1), -np.inf)
    # the empty hold is the last line: a deal with no other line draws five
    empty = pid[0, 0]
    score[empty] = -np.inf if not used[empty] else score[empty]
    order = [int(p) for p in np.argsort(-score, kind="stable") if used[p]]
    if empty in order:
        order.remove(empty)
    order.append(int(empty))
    rank = np.full(npat, 10 ** 6, dtype=np.int64)
    rank[order] = np.arange(len(order))
    pick = np.argmin(rank[pid], axis=1)         # the first line a deal contains
    pickv = values[r, pick]
    total = math.comb(fam.cards, 5)
    tol = 1e-9 * np.maximum(1.0, np.abs(bestv))
    bad = pickv < bestv - tol
    lines_return = float(weights @ pickv) / total
    played = np.where(bad, bestv, pickv)
    exact = float(weights @ played) / total
    ex = np.empty(int(bad.sum()), dtype=[("cards", np.uint8, (5,)), ("weight", np.int64),
                                        ("hold", np.uint8)])
    ex["cards"] = t.deals[bad]
    ex["weight"] = weights[bad]
    ex["hold"] = best[bad]
    lines: list[Line] = []
    for p in order:
        on = pbest == p
        lo = float(bestv[on].min()) if on.any() else 0.0
        hi = float(bestv[on].max()) if on.any() else 0.0
        text = _pattern_text(int(uniq[p]), fam)
        if lines and _merge(lines[-1].text, text) is not None:   # one line for a kind of hold
            prev = lines.pop()
            lo, hi = min(lo, prev.low), max(hi, prev.high)
            text = str(_merge(prev.text, text))
            lines.append(Line(text, lo, hi, prev.deals + int(weights[on].sum())))
            continue
        lines.append(Line(text, lo, hi, int(weights[on].sum())))
    return Chart(name, lines, ex, exact, lines_return, rank, pid)


def _brief(text: str, most: int = 8) -> str:
    """A line's text with a long list of rank sets cut short."""
    if not text.endswith(")") or " (" not in text:
        return text
    head, sets = text[:-1].split(" (", 1)
    items = sets.split(", ")
    if len(items) <= most:
        return text
    return f"{head} ({', '.join(items[:most])} and {len(items) - most} more)"


def _merge(a: str, b: str) -> str | None:
    """Two adjacent lines of one kind ("4 to a royal flush (K Q J T)", "... (A Q J T)") as
    one line listing both rank sets; None if they are of different kinds."""
    if a == b:
        return a
    if not (a.endswith(")") and b.endswith(")")) or "(" not in a or "(" not in b:
        return None
    ha, ra = a[:-1].split(" (", 1)
    hb, rb = b[:-1].split(" (", 1)
    if ha != hb:
        return None
    return f"{ha} ({ra}, {rb})"
