"""How a player's cards form a hand: the rule objects each :class:`Game` carries.

A game's ``hand`` names its rule (``"any"``, ``"omaha"``, ``"badugi"``,
``"parts"``); :attr:`Game.rule` is the object behind the name, which the
operations ask instead of comparing the name (the questions are listed in
:mod:`handrank.games.handrule`): how a hand forms and is checked, how it
ranks and reads, and which of the C core's kernels serve the game.

- :class:`AnyFive`: the best five of all the cards (hold'em, stud, the
  five-card draw games);
- :class:`HoleBoard`: exactly `hole_used` hole cards with the rest from the
  board (Omaha: two and three);
- :class:`Badugi`: the best badugi of four cards;
- :class:`Parts`: a hand of parts, each formed and ranked by its own game
  (the operations hand such a game to :mod:`handrank.games.parts`).

This module sits above the evaluators it calls (holdem, omaha, hilo, badugi,
lowball) and registers each rule with :func:`handrank.games.handrule.add_rule`.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

import numpy as np

from ..core import _validate, kernels
from ..core.cards import cards
from ..core.errors import InvalidHandError, unsupported
from .badugi import badugi, evaluate_badugi_batch
from .handrule import OWN_HOLD_TABLES, HandRule, add_rule
from .hands import low, whole_hands
from .hilo import evaluate_omaha_hilo, evaluate_omaha_hilo_batch
from .holdem import Category, _evaluate, game_tables
from .holdem import best_five as holdem_best_five
from .holdem import category as holdem_category
from .holdem import describe as holdem_describe
from .lowball import low_hand, why_low
from .omaha import evaluate_omaha, evaluate_omaha_batch

__all__ = ["OWN_HOLD_TABLES", "RULES", "AnyFive", "Badugi", "HandRule", "HoleBoard", "Parts",
           "half_arrays"]

def half_arrays(g: Any, x: Any) -> list[Any]:
    """A (high, low) pair or an (n, 2) array as one strength (array) per half."""
    arr = np.asarray(x)
    if arr.ndim == 0 or arr.shape[-1] != len(g.halves):
        raise ValueError(f"game {g.name!r} has halves {g.halves}: expected one strength "
                         f"per half, got {x!r}")
    if arr.ndim == 1:
        return [int(v) for v in arr]
    return [arr[..., i] for i in range(len(g.halves))]


@dataclass(frozen=True)
class _Ranked(HandRule):
    """A rule whose halves rank on the game's tables: a high half on hold'em-shaped
    tables, a low half by the game's low rule (what AnyFive and HoleBoard share)."""

    def describe(self, g: Any, strength: Any) -> str:
        if not g.split:
            return holdem_describe(strength, variant=g) if g.high is not None \
                else low(g).describe(strength)
        high, lo = half_arrays(g, strength)
        return holdem_describe(high, variant=g) + "; " + (low(g).describe(lo) if lo
                                                          else "no low")

    def category(self, g: Any, x: Any) -> Any:
        if not g.split and g.high is None:
            lt = g.tables[0]
            la = np.asarray(x)
            if la.dtype.kind not in "iu" or (la < 1).any() or (la > lt.classes).any():
                raise ValueError(f"low strength out of range 1..{lt.classes}: {x!r}")
            lc = lt.category[la]
            return Category(int(lc)) if la.ndim == 0 else lc.astype(np.uint8)
        if not g.split:
            return holdem_category(x, variant=g)
        high, lo = half_arrays(g, x)
        lt = g.half_tables("low")
        la = np.asarray(lo)
        if la.dtype.kind not in "iu" or (la < 0).any() or (la > lt.classes).any():
            raise ValueError(f"low strength out of range 0..{lt.classes}: {lo!r}")
        lc = lt.category[la]
        if isinstance(high, int):
            return holdem_category(high, variant=g), (Category(int(lc)) if int(lc) else None)
        return np.stack([holdem_category(high, variant=g), lc.astype(np.uint8)], axis=-1)

    def why(self, g: Any, a: Any, b: Any) -> str:
        lo = low(g)
        ids_a, ids_b = list(a.hole), list(b.hole)
        return why_low(low_hand(lo, ids_a, a.hole if len(ids_a) > 5 else ()),
                       low_hand(lo, ids_b, b.hole if len(ids_b) > 5 else ()))


@dataclass(frozen=True)
class AnyFive(_Ranked):
    """The best five of all the cards (hold'em, stud, the five-card draw games)."""

    tag: str = "any"
    any_five: bool = True

    def fives(self, hole: Sequence[int], board: Sequence[int]) -> list[list[int]]:
        return [list(f) for f in itertools.combinations(list(hole) + list(board), 5)]

    def evaluate(self, g: Any, hole: Any, board: Any) -> Any:
        ids = cards(hole) + ([] if board is None else cards(board))
        high = _evaluate(ids, game_tables(g)) if g.high is not None else None
        if not g.split:
            return high if high is not None else low(g).evaluate(ids)
        return high, low(g).evaluate(ids)

    def evaluate_batch(self, g: Any, a: Any, boards: Any, out: Any, threads: Any) -> Any:
        arr = a
        if boards is not None:
            x, y = np.asarray(a), np.asarray(boards)
            if x.ndim != 2 or y.ndim != 2 or x.shape[0] != y.shape[0]:
                raise InvalidHandError(f"expected hands (n, k) and boards (n, m) of the same "
                                       f"n, got shapes {x.shape} and {y.shape}")
            _validate.fits((x.shape[0], x.shape[1] + y.shape[1]), np.result_type(x, y),
                           "the hands and boards")
            arr = np.concatenate([x, y], axis=1)
        return whole_hands(g, arr, out=out, threads=threads)

    def best_five(self, g: Any, hole: Any, board: Any) -> Any:
        ids = cards(hole) + ([] if board is None else cards(board))
        if g.high is None:
            return low(g).best_five(ids)
        high = holdem_best_five(ids, variant=g)
        if not g.split:
            return high
        lo = low(g)
        return high, (lo.best_five(ids) if lo.evaluate(ids) else None)

    def holdem_kernels(self, g: Any) -> bool:
        return not g.split

    def holdem_hilo_kernels(self, g: Any) -> bool:
        return bool(g.eight_or_better and g.deck == tuple(range(52)))


@dataclass(frozen=True)
class HoleBoard(_Ranked):
    """Exactly `hole_used` hole cards and the rest from the board (Omaha: two and three)."""

    tag: str = "omaha"
    hole_fixed: bool = True
    hole_used: int = 2

    def hole_count(self, g: Any) -> int | None:
        return int(g.hole_cards)

    def hole_sizes(self, g: Any) -> tuple[int, ...]:
        # the old names ("omaha", "omaha-hilo") took 4 to 6 hole cards; the
        # operations check each game's own count before a showdown reads them
        return (4, 5, 6)

    def fives(self, hole: Sequence[int], board: Sequence[int]) -> list[list[int]]:
        return [list(p) + list(t) for p in itertools.combinations(hole, self.hole_used)
                for t in itertools.combinations(board, 5 - self.hole_used)]

    def picked_fives(self, hole: int, board: int) -> int:
        return math.comb(hole, self.hole_used) * math.comb(board, 5 - self.hole_used)

    def label(self, g: Any) -> str:
        return self.tag

    def evaluate(self, g: Any, hole: Any, board: Any) -> Any:
        if g.split:
            if g.eight_or_better:
                return evaluate_omaha_hilo(hole, board)
            out = self.evaluate_batch(g, np.array([cards(hole)]), np.array([cards(board)]),
                                      None, None)
            return int(out[0, 0]), int(out[0, 1])
        return evaluate_omaha(hole, board, variant=g)

    def evaluate_batch(self, g: Any, a: Any, boards: Any, out: Any, threads: Any) -> Any:
        if g.split and g.eight_or_better:
            return evaluate_omaha_hilo_batch(a, boards, out=out, threads=threads)
        if not g.split:
            return evaluate_omaha_batch(a, boards, out=out, threads=threads, variant=g)
        raise unsupported("evaluate_batch", g, f"no kernel for its low rule {g.low_rule!r}")

    def best_five(self, g: Any, hole: Any, board: Any) -> Any:
        strength = self.evaluate(g, hole, board)
        combos = self.fives(hole, board)
        arr = np.array(combos, dtype=np.uint8)
        # the same halves scored on five whole cards (the two-plus-three taken)
        five = replace(g, hand=AnyFive.tag)
        s = five.rule.evaluate_batch(five, arr, None, None, None)
        if not g.split:
            return holdem_best_five(combos[int(np.argmax(s))], variant=g)
        top = holdem_best_five(combos[int(np.argmax(s[:, 0]))], variant=g)
        lo = low(g).best_five(combos[int(np.argmax(s[:, 1]))]) if strength[1] else None
        return top, lo

    def omaha_tables(self, g: Any) -> tuple[Any, bool] | None:
        if g.high is None or g.hole_cards not in (4, 5, 6):
            return None
        if not g.split:
            return game_tables(g), False
        if g.eight_or_better:
            return game_tables(None), True
        return None


@dataclass(frozen=True)
class Badugi(HandRule):
    """The best badugi of four cards (different ranks and suits)."""

    tag: str = "badugi"
    four_cards: bool = True

    def evaluate(self, g: Any, hole: Any, board: Any) -> Any:
        return badugi().evaluate(hole)

    def evaluate_batch(self, g: Any, a: Any, boards: Any, out: Any, threads: Any) -> Any:
        return evaluate_badugi_batch(a, out=out)

    def best_five(self, g: Any, hole: Any, board: Any) -> Any:
        return badugi().best_four(hole)

    def describe(self, g: Any, strength: Any) -> str:
        return str(badugi().describe(strength))

    def category(self, g: Any, x: Any) -> Any:
        b = badugi()
        if np.ndim(x) == 0:
            return b.category(x)
        return np.array([b.category(v) for v in np.asarray(x).ravel()],
                        dtype=np.uint8).reshape(np.shape(x))

    def why(self, g: Any, a: Any, b: Any) -> str:
        if a.strength < b.strength:
            a, b = b, a
        size_a, size_b = (int(badugi().category(h.strength)) for h in (a, b))
        if a.strength == b.strength:
            return f"split: both play {a.text}; suits never decide"
        if size_a != size_b:
            return f"{a.text} beats {b.text}: {size_a} cards play against {size_b}"
        return f"{a.text} beats {b.text}: both {size_a} cards; the highest card that " \
               "differs decides, the lower wins"

    def boardless_kernel(self, g: Any) -> tuple[int, Any, Any]:
        return kernels.BL_BADUGI, None, None

    def hold_kind(self, g: Any) -> int:
        return kernels.BL_BADUGI


@dataclass(frozen=True)
class Parts(HandRule):
    """A hand of parts, each formed and ranked by its own game (``Game.parts``: the two
    boards of double-board hold'em, the badugi and the low of badeucy)."""

    tag: str = "parts"


#: The rule of each ``Game.hand`` name.
RULES: dict[str, HandRule] = {r.tag: r for r in (AnyFive(), HoleBoard(), Badugi(), Parts())}
for _rule in RULES.values():
    add_rule(_rule)
