"""The operations of games without a board: stud, razz, the draw games, badugi.

Each function reads the :class:`~handrank.games.Game` only: its deck, the
card counts a hand may hold (``hand_sizes``), how a hand forms (``hand``:
the best five of any cards, or badugi's best four), its halves and, for the
draw games, the most cards one exchange replaces (``max_discard``).

Equity deals the missing cards of every player from the stub (the deck
without every known and dead card): in stud each player's cards so far (3 to
7, the same count for everyone) are completed to seven; in a draw game each
player is given as the cards kept and draws the rest of a full hand in the
one exchange to come.  Exact when the deals number at most
``EXACT_LIMIT``, Monte Carlo otherwise: on the C core csrc/stud_mc.c, seeded
25,000-trial streams as in hold'em (the same result for any ``threads``).

**The reshuffle (fechado, seed 003).**  With more than five players the stub
can run out during the exchange; the earlier players' discards are then
shuffled and dealt to those still waiting.  Seen from the cards known (the
kept ones and ``dead=``), the draws stay a uniformly random set of distinct
unseen cards for each player, whatever the reshuffle does: every relabelling
of the unseen cards is as likely, and it maps any such assignment to any
other.  So the equity over the unseen cards is the equity of the deal with
the reshuffle (tests/test_stud_mc.py writes the deal out and compares).  A
player can never draw more cards than the stub held after the deal, and
fechado's limits (3, the mao 4, at most 8 players) always fit.

**More exchanges to come.**  ``hr.game("27-triple" | "a5-triple" | "badugi",
draws=k)``, k = 2 or 3: the first exchange keeps each player's given cards
(a full hand stands pat on it), each later one, in seat order, keeps the
cards of the game's hold rule (``HOLD_RULES``, named in the result's
``hold_rule``) and draws; a player the stub cannot serve gets the earlier
players' discards, shuffled (never their own).  Monte Carlo only.  The
rules: ace-to-five is ranked by ranks alone, so its rule is
:func:`handrank.best_hold`'s criterion exactly (the hold of the highest mean
final strength percentile over every draw from the 47 unseen cards, no
dead cards), tabulated once per process for the 6,175 rank multisets (about
0.4 s); deuce-to-seven's rule is that criterion too, exactly: each hold's
mean over its ranks (the same tables, every hold's mean kept) plus, when
its kept cards are of one suit (or none is kept), the gain of the draws
that complete a flush, tabulated by the suit's ranks in the hand and the
kept ones (about 0.5 s more); badugi's rule is that criterion too: the draws
of a hold are the four-card hands that contain it and no other card of the
hand, so by inclusion-exclusion their sum is a signed sum of the values of
every hand containing a subset of the hand (video poker's method),
tabulated for every four-card hand once (about 0.1 s).
"""

from __future__ import annotations

import dataclasses
import itertools
import math
import threading
from collections.abc import Sequence
from typing import Any

import numpy as np

from ..core import _fallback_equity, _validate, kernels
from ..core.cards import card_str, first_duplicate
from ..core.cards import cards as _cards
from ..core.errors import InvalidCardError, InvalidHandError, InvalidRangeError, no_board
from ..games import Game, game
from ..games.badugi import badugi as _badugi
from ..games.badugi import evaluate_badugi_batch
from ..games.draw import _percentiles, draw_game
from .hilo import HiLoEquityResult
from .holdem import MC_STREAM_TRIALS, TARGET_CHUNK, TARGET_MAX_TRIALS, EquityResult, mc_seed

__all__ = ["EXACT_LIMIT", "check_hand", "equity", "evaluate_badugi_batch", "shares",
           "strengths"]

EXACT_LIMIT = 2_000_000
#: the most tuples of hands :func:`equity` runs for players given as lists of exact hands
MAX_TUPLES = 1_000
DEFAULT_TRIALS = 200_000

# The hold rule of each triple-draw game's later exchanges (see the module).
HOLD_RULES = {
    "a5-triple": "best_hold: the hold of the highest expected final strength percentile "
                 "(exact: ace-to-five ranks only)",
    "27-triple": "best_hold: the hold of the highest expected final strength percentile "
                 "(exact: by ranks, plus the draws that make a flush)",
    "badugi": "best_hold: the hold of the highest expected final strength percentile "
              "(exact: inclusion-exclusion over the hands containing the kept cards)",
}


@dataclasses.dataclass(frozen=True, repr=False)
class DrawEquityResult(EquityResult):
    """:class:`EquityResult` of a draw game with more than one exchange to come.

    ``hold_rule`` names the rule every player draws by after the first
    exchange (see :mod:`handrank.equity.boardless`)."""

    hold_rule: str = ""


def exchanges_to_come(g: Game) -> int:
    """The exchanges to come of a draw game (its ``draws=`` option, default 1)."""
    return int(dict(g.options).get("draws", 1))


_HOLD_LOCK = threading.Lock()
_HOLD_TABLES: dict[str, tuple[np.ndarray, np.ndarray | None, np.ndarray | None]] = {}


def hold_tables(g: Game) -> tuple[np.ndarray | None, np.ndarray | None, np.ndarray | None]:
    """The hold rule's tables of a triple draw, made once, of the kind its hand rule
    names (``g.rule.hold_kind``): hr_rank_holds' (a5-triple), hr_low27_tables'
    (27-triple, about a second) or hr_badugi_hold_sums' (badugi)."""
    name = g.name
    with _HOLD_LOCK:
        if name not in _HOLD_TABLES:
            dg = draw_game(name)
            value = np.ascontiguousarray(_percentiles(dg), dtype=np.float64)
            _HOLD_TABLES[name] = kernels.hold_tables(g.rule.hold_kind(g), dg.tables, value)
        return _HOLD_TABLES[name]


def _hold_rule(g: Game) -> kernels.HoldRule:
    """(high tables, kind, table, ev, flush) of `g`'s hold rule for the C core."""
    table, ev, fl = hold_tables(g)
    high = g.rule.boardless_kernel(g)[1]
    return (high, g.rule.hold_kind(g), table, ev, fl)


def rule_hold(g: Game, hand: Sequence[int]) -> tuple[int, ...]:
    """The cards the hold rule of `g` keeps from a full hand (C core)."""
    mask = kernels.rule_hold(_hold_rule(g), hand)
    return tuple(c for j, c in enumerate(hand) if mask >> j & 1)


def _sizes_text(g: Game) -> str:
    s = g.hand_sizes
    return f"{s[0]}" if len(s) == 1 else f"{s[0]} to {s[-1]}"


def check_hand(g: Game, cards: Any, what: str = "the hand") -> list[int]:
    """The ids of one hand of `g`: its size, its deck and no card twice."""
    ids = _cards(cards)
    if g.hand_sizes and len(ids) not in g.hand_sizes:
        raise InvalidHandError(f"game {g.name!r} ranks hands of {_sizes_text(g)} cards, "
                               f"got {len(ids)} in {what}")
    check_deck(g, ids, what)
    dup = first_duplicate(ids)
    if dup >= 0:
        raise InvalidHandError(f"duplicate card {card_str(dup)!r} in {what}")
    return ids


def check_deck(g: Game, ids: Sequence[int], what: str) -> None:
    deck = set(g.deck)
    for c in ids:
        if c not in deck:
            raise InvalidCardError(f"card {card_str(c)!r} in {what} is not in the "
                                   f"{len(g.deck)}-card deck of game {g.name!r}")


def check_rows(g: Game, a: Any) -> np.ndarray:
    """An (n, k) array of hands of `g`, checked for size and deck."""
    arr = np.asarray(a)
    if arr.ndim != 2:
        raise InvalidHandError(f"expected a 2-D array of hands, got shape {arr.shape}")
    if g.hand_sizes and arr.shape[1] not in g.hand_sizes:
        raise InvalidHandError(f"game {g.name!r} ranks hands of {_sizes_text(g)} cards, "
                               f"got rows of {arr.shape[1]}")
    if arr.dtype.kind in "iu" and arr.size and len(g.deck) < 52:
        bad = ~np.isin(arr, np.array(g.deck))
        if bad.any():
            r, c = (int(x) for x in np.argwhere(bad)[0])
            v = int(arr[r, c])
            name = card_str(v) if 0 <= v < 52 else str(v)
            raise InvalidCardError(f"card {name!r} in row {r} is not in the "
                                   f"{len(g.deck)}-card deck of game {g.name!r}")
    return arr


def strengths(g: Game, rows: np.ndarray) -> np.ndarray:
    """(n,) or (n, 2) strengths of whole hands of `g` (no size check)."""
    return np.asarray(g.rule.evaluate_batch(_ranked(g), rows, None, None, None))


def _ranked(g: Game) -> Game:
    """`g` without its size check (the engines check 5 to 7 themselves)."""
    return dataclasses.replace(g, hand_sizes=())


def badugi() -> Any:
    return _badugi()


def shares(g: Game, hands: np.ndarray) -> np.ndarray:
    """Each player's share of one pot in each deal: hands (n, p, k) -> (n, p)."""
    n, p = hands.shape[0], hands.shape[1]
    s = np.stack([np.asarray(strengths(g, np.ascontiguousarray(hands[:, j]))).reshape(n, -1)
                  for j in range(p)], axis=1)                  # (n, p, halves)
    top = s == s.max(axis=1, keepdims=True)
    high = top[:, :, 0] / top[:, :, 0].sum(axis=1, keepdims=True)
    if not g.split:
        return np.asarray(high, dtype=np.float64)
    has_low = s[:, :, 1].max(axis=1) > 0
    low_top = top[:, :, 1] & has_low[:, None]
    low = low_top / np.maximum(low_top.sum(axis=1, keepdims=True), 1)
    out = np.where(has_low[:, None], (high + low) / 2, high)
    return np.asarray(out, dtype=np.float64)


def _halves(g: Game, hands: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per deal: the high-half shares, the low-half shares (0 without a low), has-low."""
    n, p = hands.shape[0], hands.shape[1]
    s = np.stack([np.asarray(strengths(g, np.ascontiguousarray(hands[:, j]))).reshape(n, -1)
                  for j in range(p)], axis=1)
    top = s == s.max(axis=1, keepdims=True)
    high = top[:, :, 0] / top[:, :, 0].sum(axis=1, keepdims=True)
    has_low = s[:, :, 1].max(axis=1) > 0
    low_top = top[:, :, 1] & has_low[:, None]
    low = low_top / np.maximum(low_top.sum(axis=1, keepdims=True), 1)
    return high, low, has_low


def _players(g: Game, players: Sequence[Any], dead: Any) -> tuple[list[list[int]], list[int],
                                                                  list[int]]:
    """Each player's known cards, the cards each still gets, and the stub."""
    if isinstance(players, (str, bytes)) or len(players) < 2:
        raise ValueError("equity needs 2 or more players")
    for i, p in enumerate(players):
        if isinstance(p, str) and p.strip().lower() == "random":
            raise InvalidRangeError(
                f"game {g.name!r} has no ranges: player {i + 1} is 'random', a hold'em and "
                f"Omaha range; give each player's known cards instead (up to "
                f"{max(g.hand_sizes)}; the cards still to come are dealt at random)")
    known = [_cards(p) for p in players]
    full = max(g.hand_sizes)
    if not g.max_discard:                 # no exchange: the cards come street by street
        counts = {len(k) for k in known}
        if len(counts) != 1:
            raise ValueError(f"game {g.name!r}: every player still in holds the same number "
                             f"of cards on a street, got counts {[len(k) for k in known]}")
        (count,) = counts
        if not 3 <= count <= full:
            raise ValueError(f"game {g.name!r}: each player holds 3 to {full} cards, "
                             f"got {count}")
    else:
        for i, k in enumerate(known):
            if len(k) > full:
                raise InvalidHandError(f"game {g.name!r} is played with {full} cards, "
                                       f"got {len(k)} for player {i + 1}")
            if full - len(k) > g.max_discard:
                raise ValueError(f"game {g.name!r} allows at most {g.max_discard} cards "
                                 f"exchanged, player {i + 1} keeps {len(k)} of {full}")
    dead_ids = _cards(dead) if dead else []
    for i, k in enumerate(known):
        check_deck(g, k, f"player {i + 1}'s cards")
    check_deck(g, dead_ids, "dead")
    every = [c for k in known for c in k] + dead_ids
    dup = first_duplicate(every)
    if dup >= 0:
        raise InvalidHandError(f"duplicate card {card_str(dup)!r}")
    used = set(every)
    stub = [c for c in g.deck if c not in used]
    need = [full - len(k) for k in known]
    if sum(need) > len(stub):
        raise ValueError(f"only {len(stub)} cards left to deal, {sum(need)} needed")
    return known, need, stub


def _splits(need: list[int]) -> list[list[list[int]]]:
    """Every way to hand out positions 0..m-1 of a drawn set, need[i] to player i."""
    out: list[list[list[int]]] = [[]]
    left_all = list(range(sum(need)))
    for k in need:
        nxt = []
        for part in out:
            taken = {x for grp in part for x in grp}
            left = [x for x in left_all if x not in taken]
            for c in itertools.combinations(left, k):
                nxt.append(part + [list(c)])
        out = nxt
    return out


def _deal_count(need: list[int], stub: int) -> int:
    total, left = 1, stub
    for k in need:
        total *= math.comb(left, k)
        left -= k
    return total


_hands = _fallback_equity.boardless_hands


def hand_lists(players: Sequence[Any]) -> list[list[str]] | None:
    """Each player's exact hands when one or more is given as a list of them
    (``"AsAdKc,QhQdJc"``: comma-separated, two or more cards each); else None."""
    if isinstance(players, (str, bytes)) or not hasattr(players, "__iter__"):
        return None
    out: list[list[str]] = []
    listed = False
    for p in players:
        parts = p.split(",") if isinstance(p, str) else []
        if len(parts) > 1:
            try:
                many = all(len(_cards(x)) >= 2 for x in parts)
            except (InvalidCardError, ValueError):
                many = False
            if many:
                out.append(parts)
                listed = True
                continue
        out.append([p])
    return out if listed else None


#: The fields of an equity result that are not averaged over the tuples of hands
#: (:func:`tuples_equity` sets them itself).
_NOT_AVERAGED = frozenset({"exact", "samples", "hands", "stderr"})


def tuples_equity(name: str, lists: list[list[Any]], run: Any, gone: Sequence[int] = ()
                  ) -> Any:
    """Equity in game `name` of players given as lists of exact hands (:func:`hand_lists`):
    every tuple of their hands that fits together (no card twice, none of `gone`: the
    board and dead cards) equally likely, each run as its own spot by
    ``run(players)``; the mean of their results (the standard errors of Monte Carlo
    tuples combined)."""
    fits: list[tuple[Any, ...]] = []
    for t in itertools.product(*lists):
        if len(fits) > MAX_TUPLES:
            break
        ids = [c for h in t if h is not None and not (isinstance(h, str) and h.strip().lower()
                                                       in ("random", "*", ""))
               for c in _cards(h)]
        if first_duplicate(ids + list(gone)) < 0:
            fits.append(t)
    if len(fits) > MAX_TUPLES:
        raise InvalidRangeError(f"equity in {name} runs each tuple of the players' hands: "
                                f"more than {MAX_TUPLES:,} tuples fit together; give fewer hands")
    if not fits:
        raise InvalidRangeError("the players' hands always clash: no deal is possible")
    results = [run(list(t)) for t in fits]
    n = len(results)
    mean: dict[str, Any] = {}
    for f in dataclasses.fields(results[0]):
        if f.name in _NOT_AVERAGED:
            continue
        value = getattr(results[0], f.name)
        # the per-player arrays are averaged; the rest (a draw game's hold rule) is shared
        mean[f.name] = (sum(getattr(r, f.name) for r in results) / n
                        if isinstance(value, np.ndarray) else value)
    mean["stderr"] = np.sqrt(sum(r.stderr ** 2 for r in results)) / n
    mean["exact"] = all(r.exact for r in results)
    mean["samples"] = sum(r.samples for r in results)
    return type(results[0])(**mean)


def _combinations(stub: list[int], m: int) -> np.ndarray:
    if m == 0:
        return np.zeros((1, 0), dtype=np.uint8)
    flat = np.fromiter(itertools.chain.from_iterable(itertools.combinations(stub, m)),
                       dtype=np.uint8, count=math.comb(len(stub), m) * m)
    return flat.reshape(-1, m)


def equity(g: Game, players: Sequence[Any], board: Any, dead: Any, *, exact: bool | None,
           trials: int | None, target_stderr: float | None, seed: int | None,
           threads: int | None) -> EquityResult:
    """Each player's equity in a game without a board (see the module)."""
    if board not in ("", None) and _cards(board):
        raise no_board("equity", g, "board= must be empty")
    lists = hand_lists(players)
    if lists is not None:
        gone = _cards(dead) if dead not in ("", None) else []
        listed: EquityResult = tuples_equity(g.name, lists, lambda pl: equity(
            g, pl, "", dead, exact=exact, trials=trials, target_stderr=target_stderr,
            seed=seed, threads=threads), gone)
        return listed
    known, need, stub = _players(g, players, dead)
    p = len(known)
    draws = exchanges_to_come(g)
    if draws > 1:
        return _triple(g, players, known, stub, exact, trials, target_stderr, seed, threads,
                       draws)
    count = _deal_count(need, len(stub))
    run_exact = exact if exact is not None else count <= EXACT_LIMIT
    if run_exact and count > 50 * EXACT_LIMIT:
        raise ValueError(f"exact equity would enumerate {count:,} deals; use exact=False")
    if run_exact:
        (high, low, eq, win, tie, nolow_high), total = _exact_sums(g, known, need, stub)
        samples = int(total)
        stderr = np.zeros(p)
    else:
        # the door's job: the C core's seeded streams (at most BL_MAX_PLAYERS
        # players), or numpy's sampler scored here
        sums, sq, samples = kernels.boardless_mc(
            known, need, stub, seed,
            lambda: _c_run(g, known, stub, trials, target_stderr, seed, threads),
            lambda: _numpy_trials(trials), lambda h: _score(g, h))
        high, low, eq, win, tie, nolow_high = sums
        total = float(samples)
        mean = eq / total
        stderr = np.sqrt(np.maximum(sq / total - mean ** 2, 0.0) / total)
    labels = _labels(players)
    if not g.split:
        return EquityResult(eq / total, win / total, tie / total, stderr, bool(run_exact),
                            samples, labels)
    return HiLoEquityResult(eq / total, win / total, tie / total, stderr, bool(run_exact),
                            samples, labels, high=high / total, low=low / total,
                            scoop=win / total)


def _exact_sums(g: Game, known: list[list[int]], need: list[int], stub: list[int]
                ) -> tuple[list[np.ndarray], float]:
    """Every deal of the stub: the sums of high, low, equity, win, tie and no-low
    high per player, and the number of deals."""
    p = len(known)
    drawn = _combinations(stub, sum(need))
    splits = _splits(need)
    high = np.zeros(p)
    low = np.zeros(p)
    eq = np.zeros(p)
    win = np.zeros(p)
    tie = np.zeros(p)
    nolow_high = np.zeros(p)
    for sp in splits:
        h = _hands(known, need, drawn, sp)
        acc = _accumulate(g, h)
        high += acc[0]
        low += acc[1]
        eq += acc[2]
        win += acc[3]
        tie += acc[4]
        nolow_high += acc[5]
    return [high, low, eq, win, tie, nolow_high], float(drawn.shape[0] * len(splits))


def _numpy_trials(trials: int | None) -> int:
    """The trials of the numpy Monte Carlo (which takes no target_stderr)."""
    n = int(trials) if trials is not None else DEFAULT_TRIALS
    if n < 1:
        raise ValueError(f"trials must be at least 1, got {trials}")
    return n


def _score(g: Game, h: np.ndarray) -> list[np.ndarray]:
    """The sums over the deals `h` of :func:`_per_deal`'s six values, then of the
    squared equities."""
    if g.split:
        per = _per_deal(g, h)
        return [per[i].sum(axis=0) for i in range(6)] + [(per[2] ** 2).sum(axis=0)]
    return _accumulate(g, h)


def _triple(g: Game, players: Sequence[Any], known: list[list[int]], stub: list[int],
            exact: bool | None, trials: int | None, target: float | None, seed: int | None,
            threads: int | None, draws: int) -> DrawEquityResult:
    """Monte Carlo over `draws` exchanges, the later ones by ``HOLD_RULES[g.name]``."""
    if exact:
        raise ValueError(f"game {g.name!r} with {draws} exchanges to come has Monte Carlo "
                         "equity only (each player draws by the hold rule): use exact=False")
    kernels.need_c("equity with more than one exchange to come")
    if len(known) > kernels.BL_MAX_PLAYERS:
        raise ValueError(f"equity takes at most {kernels.BL_MAX_PLAYERS} players")
    sums, sq, n = _monte_carlo_c(g, known, stub, trials, target, seed, threads)
    eq, win, tie = sums[2] / n, sums[3] / n, sums[4] / n
    stderr = np.sqrt(np.maximum(sq / n - eq ** 2, 0.0) / n)
    return DrawEquityResult(eq, win, tie, stderr, False, n, _labels(players),
                            hold_rule=HOLD_RULES[g.name])


def _labels(players: Sequence[Any]) -> tuple[str, ...]:
    return tuple(p if isinstance(p, str) else " ".join(card_str(c) for c in _cards(p))
                 for p in players)


def _kernel(g: Game, known: list[list[int]], stub: list[int]) -> tuple[Any, ...]:
    """The arguments of :func:`handrank.core.kernels.boardless_streams` for `g`'s
    Monte Carlo before the stream's: (kind, high, low, hold rule, draws, cards,
    offsets, hand size, stub)."""
    p = len(known)
    flat = np.array([c for k in known for c in k], dtype=np.uint8)
    offsets = np.zeros(p + 1, dtype=np.int32)
    offsets[1:] = np.cumsum([len(k) for k in known])
    stub_arr = np.array(stub, dtype=np.uint8)
    cards_args = (flat, offsets, max(g.hand_sizes), stub_arr)
    draws = exchanges_to_come(g)
    if draws > 1:
        return (kernels.BL_TABLES, None, None, _hold_rule(g), draws, *cards_args)
    kind, hi, lo = g.rule.boardless_kernel(g)
    return (kind, hi, lo, None, 1, *cards_args)


def stream_tally(job: tuple[Any, ...], seed: int, first: int, trials: int,
                 cancel: Any = None) -> np.ndarray:
    """The int64 tallies (7 p + 1) of `trials` trials from stream `first` of `seed` on:
    stream ``first + c`` deals trials ``[c * 25,000, (c + 1) * 25,000)``; `job`
    from :func:`_kernel`."""
    kind, high, low, rule, draws, cards, offsets, size, stub = job
    return kernels.boardless_streams(kind, high, low, rule, draws, cards, offsets, size, stub,
                                     seed, first, trials, MC_STREAM_TRIALS, cancel)


def check_trials(trials: Any, target: Any) -> None:
    if trials is not None:
        if isinstance(trials, bool) or not isinstance(trials, (int, np.integer)):
            raise TypeError(f"trials must be an int, got {type(trials).__name__}")
        if trials < 1:
            raise ValueError(f"trials must be at least 1, got {trials}")
    if target is not None and (isinstance(target, bool) or
                               not (isinstance(target, (int, float)) and target > 0)):
        raise ValueError(f"target_stderr must be a positive number, got {target!r}")


#: The standard error of each player's equity from the tallies.
tally_stderr = kernels.boardless_stderr
#: The tallies as (sums of high, low, equity, win, tie, no-low high; the sum of
#: squared equities; the trials).
tally_sums = kernels.boardless_sums


def _c_run(g: Game, known: list[list[int]], stub: list[int], trials: int | None,
           target: float | None, seed: int | None, threads: int | None) -> kernels.BoardlessRun:
    """The arguments of :func:`handrank.core.kernels.boardless_streams_mc` for
    `g`'s Monte Carlo (the C core's seeded streams), trials and threads checked."""
    nthreads = _validate.thread_count(threads)
    check_trials(trials, target)
    job = _kernel(g, known, stub)
    cap = int(trials) if trials is not None else (TARGET_MAX_TRIALS if target else
                                                   DEFAULT_TRIALS)
    chunk = TARGET_CHUNK if target else cap
    return job, cap, chunk, target, mc_seed(seed), nthreads


def _monte_carlo_c(g: Game, known: list[list[int]], stub: list[int], trials: int | None,
                   target: float | None, seed: int | None, threads: int | None
                   ) -> tuple[np.ndarray, np.ndarray, int]:
    """hr_boardless_mc (hr_triple_mc) over seeded streams (C only,
    :func:`handrank.core.kernels.boardless_streams_mc`).  Returns the sums
    (high, low, equity, win, tie, no-low high; each per player, pot
    fractions), the sum of squared equities and the trials."""
    return tally_sums(kernels.boardless_streams_mc(
        *_c_run(g, known, stub, trials, target, seed, threads)), len(known))


def mc_result(g: Game, players: Sequence[Any], total: np.ndarray) -> EquityResult:
    """The equity result of Monte Carlo tallies (hr_boardless_mc's layout)."""
    p = len(players)
    sums, _, n = tally_sums(total, p)
    high, low, eq, win, tie, _ = sums
    stderr = tally_stderr(total, p)
    labels = _labels(players)
    if exchanges_to_come(g) > 1:
        return DrawEquityResult(eq / n, win / n, tie / n, stderr, False, n, labels,
                                hold_rule=HOLD_RULES[g.name])
    if not g.split:
        return EquityResult(eq / n, win / n, tie / n, stderr, False, n, labels)
    return HiLoEquityResult(eq / n, win / n, tie / n, stderr, False, n, labels,
                            high=high / n, low=low / n, scoop=win / n)


def dask_chunk(name: str, options: tuple[tuple[str, Any], ...], known: list[list[int]],
               stub: list[int], seed: int, first: int, trials: int,
               cancel: Any = None) -> np.ndarray:
    """One task of :func:`dask_equity`: the tallies of `trials` trials from stream
    `first` on (the game by name and options: workers rebuild it)."""
    g = game(name, **dict(options))
    return stream_tally(_kernel(g, known, stub), seed, first, trials, cancel)


def dask_equity(g: Game, players: Sequence[Any], board: Any, dead: Any, *,
                exact: bool | None, trials: int | None, target_stderr: float | None,
                seed: int | None, chunk_trials: int, run: Any) -> EquityResult:
    """``handrank.dask.equity`` for a game without a board.

    Exact enumeration runs here (as :func:`equity`); Monte Carlo runs as tasks
    of whole 25,000-trial streams (`chunk_trials` rounded up to a multiple):
    task k deals the streams after task k - 1's, so the tallies -- and the
    result -- are bit for bit ``handrank.equity``'s with the same seed and
    trials, on any cluster.  With `target_stderr` whole tasks are added, in
    order, until it is reached.  ``run(fn, calls)`` runs the tasks."""
    if board not in ("", None) and _cards(board):
        raise no_board("equity", g, "board= must be empty")
    known, need, stub = _players(g, players, dead)
    draws = exchanges_to_come(g)
    count = _deal_count(need, len(stub))
    if draws == 1 and (exact or (exact is None and count <= EXACT_LIMIT)):
        return equity(g, players, board, dead, exact=exact, trials=trials,
                      target_stderr=target_stderr, seed=seed, threads=None)
    if exact:
        raise ValueError(f"game {g.name!r} with {draws} exchanges to come has Monte Carlo "
                         "equity only (each player draws by the hold rule): use exact=False")
    kernels.require_c("handrank.dask.equity of this game needs the C core")
    p = len(known)
    if p > kernels.BL_MAX_PLAYERS:
        raise ValueError(f"equity takes at most {kernels.BL_MAX_PLAYERS} players")
    check_trials(trials, target_stderr)
    if draws > 1:
        hold_tables(g)                      # once, before the tasks
    cap = int(trials) if trials is not None else (TARGET_MAX_TRIALS if target_stderr else
                                                   DEFAULT_TRIALS)
    per = -(-max(int(chunk_trials), 1) // MC_STREAM_TRIALS)          # streams per task
    chunk = per * MC_STREAM_TRIALS
    n_chunks = -(-cap // chunk)
    s = mc_seed(seed)
    total = np.zeros(7 * p + 1, dtype=np.int64)
    batch = n_chunks if target_stderr is None else 4
    k = 0
    while k < n_chunks:
        todo = range(k, min(n_chunks, k + batch))
        calls = [(g.name, g.options, known, stub, s, j * per, min(chunk, cap - j * chunk))
                 for j in todo]
        for out in run(dask_chunk, calls):
            if out is None:
                raise KeyboardInterrupt
            total += out
        k = todo[-1] + 1
        if target_stderr is not None and tally_stderr(total, p).max() < target_stderr:
            break
    return mc_result(g, players, total)


def _per_deal(g: Game, h: np.ndarray) -> list[np.ndarray]:
    """Per deal and player: high share, low share, equity, win (alone), tie, no-low high."""
    if not g.split:
        sh = shares(g, h)
        top = sh > 0
        alone = top.sum(axis=1, keepdims=True) == 1
        win = (top & alone).astype(np.float64)
        tie = (top & ~alone).astype(np.float64)
        z = np.zeros_like(sh)
        return [sh, z, sh, win, tie, z]
    high, low, has_low = _halves(g, h)
    eq = np.where(has_low[:, None], (high + low) / 2, high)
    scoop = (eq == 1.0).astype(np.float64)
    part = ((eq > 0) & (eq < 1.0)).astype(np.float64)
    nolow = np.where(has_low[:, None], 0.0, high)
    return [high, low, eq, scoop, part, nolow]


def _accumulate(g: Game, h: np.ndarray) -> list[np.ndarray]:
    """The sums over deals of :func:`_per_deal` (one-half games in integer counts),
    then (one-half games) the sum of the squared equities."""
    if g.split:
        return [x.sum(axis=0) for x in _per_deal(g, h)]
    n, p = h.shape[0], h.shape[1]
    st = np.stack([np.asarray(strengths(g, np.ascontiguousarray(h[:, j]))).reshape(n)
                   for j in range(p)], axis=1)
    z = np.zeros(p)
    if p == 2:
        a, b = st[:, 0], st[:, 1]
        w0, w1 = np.count_nonzero(a > b), np.count_nonzero(b > a)
        t = n - w0 - w1
        won = np.array([w0, w1], dtype=np.float64)
        return [won + t / 2, z, won + t / 2, won, np.array([t, t], dtype=np.float64), z,
                won + t / 4]
    top = st == st.max(axis=1, keepdims=True)
    cnt = top.sum(axis=1)
    eq = np.zeros(p)
    win = np.zeros(p)
    tie = np.zeros(p)
    sq = np.zeros(p)
    for k in range(1, p + 1):
        hits = np.count_nonzero(top & (cnt == k)[:, None], axis=0).astype(np.float64)
        eq += hits / k
        sq += hits / (k * k)
        if k == 1:
            win += hits
        else:
            tie += hits
    return [eq, z, eq, win, tie, z, sq]
