"""A seed's Monte Carlo result, dealt again in Python from the stream's definition.

When every player holds an exact hand, `hr.equity(..., exact=False, seed=s)`
deals trial ``t`` from stream ``t // 25,000`` of `s` (holdem.MC_STREAM_TRIALS):
xoshiro256** seeded through splitmix64 with (seed, stream); each trial's board
cards are drawn by one 64-bit number (the batch of bounds size, size - 1, ...,
each index the high word of a 64 x 64-bit product, the remainder rejected
whole when it could bias the batch), and index i is the i-th lowest card
still left.  This file deals those boards again with Python integers, rates
every hand with `evaluate_batch` and tallies wins, ties and pot shares: the
counts must be the library's for every trial (any change to the stream, the
dealing or the tally loops of csrc/equity.c fails here), on the heads-up loop
and the three-or-more-player loops, preflop and after a flop, in two games.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

import handrank as hr
from handrank.core import kernels

# The stream is the C core's (the pure-Python backend deals its own with numpy).
pytestmark = pytest.mark.skipif(kernels.compiled_module() is None, reason="C extension not built")

M64 = (1 << 64) - 1
STREAM_TRIALS = 25_000
BOARD_CARDS = 5


def _splitmix(x: int) -> tuple[int, int]:
    x = (x + 0x9E3779B97F4A7C15) & M64
    z = x
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M64
    return x, z ^ (z >> 31)


def _seeded(seed: int, stream: int) -> list[int]:
    _, y = _splitmix(seed & M64)
    y ^= (stream * 0xD1B54A32D192ED03) & M64
    _, y = _splitmix(y)
    state = []
    for _ in range(4):
        y, z = _splitmix(y)
        state.append(z)
    if not any(state):
        state[0] = 1
    return state


def _next(s: list[int]) -> int:
    x = (s[1] * 5) & M64
    result = ((((x << 7) | (x >> 57)) & M64) * 9) & M64
    t = (s[1] << 17) & M64
    s[2] ^= s[0]
    s[3] ^= s[1]
    s[1] ^= s[2]
    s[0] ^= s[3]
    s[2] ^= t
    s[3] = ((s[3] << 45) | (s[3] >> 19)) & M64
    return result


def _batch(s: list[int], bounds: list[int], product: int) -> list[int]:
    """One uniform index below each bound, from one 64-bit number (or more on a reject)."""
    threshold = None
    while True:
        r = _next(s)
        idx = []
        for b in bounds:
            r *= b
            idx.append(r >> 64)
            r &= M64
        if r >= product:
            return idx
        if threshold is None:
            threshold = ((1 << 64) - product) % product
        if r >= threshold:
            return idx


def _boards(seed: int, trials: int, left: list[int], m: int) -> np.ndarray:
    """The m cards each trial deals from `left` (ascending), streams in order."""
    bounds = [len(left) - i for i in range(m)]
    product = 1
    for b in bounds:
        product *= b
    out = np.empty((trials, m), dtype=np.uint8)
    for stream in range(-(-trials // STREAM_TRIALS)):
        s = _seeded(seed, stream)
        for t in range(stream * STREAM_TRIALS, min(trials, (stream + 1) * STREAM_TRIALS)):
            cards = list(left)
            for i, k in enumerate(_batch(s, bounds, product)):
                out[t, i] = cards.pop(k)
    return out


def _replayed(players, board, game, seed, trials):
    """Wins, ties and pot shares (Fractions) of each player over the replayed trials.
    A "random" player's two cards come first in a trial's deal, in player order,
    then the board's (csrc/equity.h, hr_equity_mc)."""
    holes = [None if p == "random" else hr.cards(p) for p in players]
    known = set(hr.cards(board)) | {c for h in holes if h for c in h}
    deck = [c for c in range(52) if c not in known and _in_deck(c, game)]
    n_random = holes.count(None)
    m = BOARD_CARDS - len(hr.cards(board))
    dealt = _boards(seed, trials, deck, 2 * n_random + m)
    fixed = np.array(hr.cards(board), dtype=np.uint8)
    hands, j = [], 0
    for h in holes:
        if h is None:
            hands.append(dealt[:, 2 * j:2 * j + 2])
            j += 1
        else:
            hands.append(np.tile(np.array(h, np.uint8), (trials, 1)))
    strengths = np.stack([
        hr.evaluate_batch(np.hstack([h, np.tile(fixed, (trials, 1)), dealt[:, 2 * n_random:]]),
                          game=game)
        for h in hands], axis=1).astype(np.int64)
    best = strengths.max(axis=1, keepdims=True)
    top = strengths == best
    count = top.sum(axis=1)
    wins = (top & (count == 1)[:, None]).sum(axis=0)
    ties = (top & (count > 1)[:, None]).sum(axis=0)
    shares = [sum(Fraction(int(k), int(c)) for c, k in zip(*np.unique(count[top[:, p]],
                                                                    return_counts=True)))
              for p in range(len(players))]
    return wins, ties, shares


def _in_deck(card: int, game: str) -> bool:
    return game != "shortdeck" or card // 4 >= 4          # short deck: sixes and up


SPOTS = [
    (["AsKs", "QdQc"], "", "holdem"),                              # heads-up, preflop
    (["AsKs", "QdQc"], "Kh 7h 2s", "holdem"),                      # heads-up, flush draws
    (["AsKs", "QdQc", "JhTh"], "", "holdem"),                      # three-way, no branch
    (["AhKh", "7c7d", "QsJs", "2c3d"], "9h 8h 2d", "holdem"),      # four players, flop
    (["AhKh", "7c7d", "QsJs", "2c3d", "9h8h", "TcTd"], "", "holdem"),  # six players
    (["AsKs", "QdQc", "JhTh"], "", "shortdeck"),                   # a deck of 36
    (["AsKs", "random"], "", "holdem"),                            # "random" players:
    (["random", "QdQc"], "Kh 7h 2s", "holdem"),                    # their cards first,
    (["AsKs", "QdQc", "random"], "", "holdem"),                    # then the board's
    (["AsKs", "random", "random"], "", "holdem"),
    (["random", "random"], "", "holdem"),
    (["random", "AhKh", "random", "7c7d"], "9h 8h 2d", "holdem"),
    (["AsKs", "random"], "", "shortdeck"),
]


@pytest.mark.parametrize("players,board,game", SPOTS,
                         ids=[f"{len(p)}p-{g}-{len(b.split())}" for p, b, g in SPOTS])
def test_a_seed_deals_the_stream_it_is_defined_by(players, board, game):
    trials, seed = 30_000, 2026                      # two streams: 25,000 + 5,000 trials
    r = hr.equity(players, board, exact=False, trials=trials, seed=seed, threads=2, game=game)
    assert not r.exact
    wins, ties, shares = _replayed(players, board, game, seed, trials)
    for p in range(len(players)):
        assert round(r.win[p] * trials) == wins[p], (p, r.win[p] * trials, wins[p])
        assert round(r.tie[p] * trials) == ties[p], (p, r.tie[p] * trials, ties[p])
        assert abs(r.equity[p] - float(shares[p] / trials)) < 1e-12, (p, r.equity[p])
    assert sum(shares) == trials                     # every pot paid out in full


def test_the_replay_fails_on_another_seed():
    """The replay is not a mirror of whatever the library returns: one seed off,
    the counts differ."""
    players, trials = ["AsKs", "QdQc", "JhTh"], 30_000
    r = hr.equity(players, exact=False, trials=trials, seed=2027, threads=1)
    wins, _, _ = _replayed(players, "", "holdem", 2026, trials)
    assert [round(w * trials) for w in r.win] != list(wins)



def test_the_streams_entry_point_refuses_bad_runs_and_sums_like_one_call_per_stream():
    """hr_equity_mc_streams (up to 16 streams a call from hr.equity) against one
    hr_equity_mc call per stream, each seeded by hand; bad stream runs give -1."""
    from handrank.equity import holdem

    ffi, lib = kernels.compiled_module().ffi, kernels.compiled_module().lib
    spot = holdem._prepare(["AsKs", "QdQc", "random"], "Kh 7h", "", holdem.game_tables(None))
    combos, cum, uniform, offsets = holdem.mc_arrays(spot)
    args = (spot.g.ptr, spot.n, ffi.from_buffer("uint8_t[]", combos),
            ffi.from_buffer("uint64_t[]", cum), ffi.from_buffer("uint8_t[]", uniform),
            ffi.from_buffer("int32_t[]", offsets), ffi.from_buffer("uint8_t[]", spot.board),
            len(spot.board), ffi.from_buffer("uint8_t[]", spot.dead), len(spot.dead))
    width = 4 * spot.n + 2
    seed, first, todo, per = 99, 7, 60_000, 25_000           # streams of 25,000, 25,000, 10,000
    one = np.zeros(width, dtype=np.int64)
    rng = ffi.new("hr_rng *")
    for c in range(3):
        lib.hr_rng_seed(rng, seed, first + c)
        share = min(per, todo - c * per)
        assert lib.hr_equity_mc(*args, share, max(1000 * share, 1_000_000), rng,
                                ffi.from_buffer("int64_t[]", one, require_writable=True),
                                ffi.NULL) == share
    both = np.zeros(width, dtype=np.int64)
    out = ffi.from_buffer("int64_t[]", both, require_writable=True)
    assert lib.hr_equity_mc_streams(*args, seed, first, 0, 2, todo, per, out, ffi.NULL) == 50_000
    assert lib.hr_equity_mc_streams(*args, seed, first, 2, 3, todo, per, out, ffi.NULL) == 10_000
    assert np.array_equal(both, one)
    assert both[:spot.n].sum() > 0
    for lo, hi, t, p, f in [(0, 4, todo, per, first),      # past the last stream
                            (2, 1, todo, per, first),      # backwards
                            (-1, 1, todo, per, first), (0, 1, -5, per, first),
                            (0, 1, todo, 0, first), (0, 1, todo, per, -1),
                            (1, 2, 2**63 - 1, 2**63 - 1, first)]:  # one stream, counted
                                                                   # without overflow
        spare = np.zeros(width, dtype=np.int64)
        assert lib.hr_equity_mc_streams(*args, seed, f, lo, hi, t, p,
                                        ffi.from_buffer("int64_t[]", spare,
                                                        require_writable=True),
                                        ffi.NULL) == -1, (lo, hi, t, p, f)
        assert not spare.any()
    empty = np.zeros(width, dtype=np.int64)
    assert lib.hr_equity_mc_streams(*args, seed, first, 1, 1, todo, per,
                                    ffi.from_buffer("int64_t[]", empty, require_writable=True),
                                    ffi.NULL) == 0


@pytest.mark.parametrize("players,board,dead", [
    (["AsKs", "QdQc"], "", ""), (["AsKs", "random"], "", ""),
    (["random", "QdQc"], "Kh 7h 2s", ""), (["AsKs", "QdQc", "random"], "", "2c"),
    (["AsKs", "random", "random"], "", ""), (["random", "random"], "", ""),
    (["random", "random", "random"], "Jd 9s 4c 3h", ""),
    (["AhKh", "random", "7c7d", "random", "QsJs"], "9h 8h", "2d 3d"),
    (["random"] * 6, "", ""),
    (["random"] * 9, "", ""),                       # 23 draws: more than one batch
])
def test_exact_and_random_players_deal_what_the_general_loop_deals(players, board, dead):
    """With every player an exact hand or "random", hr_equity_mc takes a loop of
    its own; the general loop (taken here by allowing one attempt fewer than the
    trials asked) must give the same tallies and leave the generator in the same
    state, trial for trial, with each of the CPU's card selects (pdep with the
    AVX2 and AVX-512 kernels, the sorted select with the others)."""
    from handrank.equity import holdem

    ffi, lib = kernels.compiled_module().ffi, kernels.compiled_module().lib
    spot = holdem._prepare(players, board, dead, holdem.game_tables(None))
    combos, cum, uniform, offsets = holdem.mc_arrays(spot)
    args = (spot.g.ptr, spot.n, ffi.from_buffer("uint8_t[]", combos),
            ffi.from_buffer("uint64_t[]", cum), ffi.from_buffer("uint8_t[]", uniform),
            ffi.from_buffer("int32_t[]", offsets), ffi.from_buffer("uint8_t[]", spot.board),
            len(spot.board), ffi.from_buffer("uint8_t[]", spot.dead), len(spot.dead))
    width, trials = 4 * spot.n + 2, 20_000

    def run(asked: int, attempts: int) -> tuple[np.ndarray, list[int]]:
        out = np.zeros(width, dtype=np.int64)
        rng = ffi.new("hr_rng *")
        lib.hr_rng_seed(rng, 31, 4)
        assert lib.hr_equity_mc(*args, asked, attempts, rng,
                                ffi.from_buffer("int64_t[]", out, require_writable=True),
                                ffi.NULL) == trials
        return out, list(rng.s)

    before = int(lib.hr_batch_kernel())
    try:
        for k in [k for k in range(4) if lib.hr_set_batch_kernel(k) == 0]:
            own, own_state = run(trials, trials)
            general, general_state = run(trials + 1, trials)
            assert own[4 * spot.n] == own[4 * spot.n + 1] == trials
            assert own[:spot.n].sum() > 0
            np.testing.assert_array_equal(own, general, err_msg=f"kernel {k}")
            assert own_state == general_state, k
    finally:
        assert lib.hr_set_batch_kernel(before) == 0
