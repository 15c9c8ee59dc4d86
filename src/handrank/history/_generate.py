"""Random but legal no-limit hold'em hands as PHH text (tests and benchmarks).

Each hand is played by a simple random policy (fold, check/call, raise or
shove), dealt from a seeded shuffle; ``finishing_stacks`` is written from
an independent chip count of the generator itself (not from the replay).
"""

from __future__ import annotations

import random

from ..core.cards import card_str
from ..showdown.pots import settle


def hand_text(rng: random.Random, seats: int = 6, stack: int = 10_000, sb: int = 50,
              bb: int = 100, stacks: list[int] | None = None) -> str:
    """One hand; ``stacks`` (one per seat, each above the big blind) instead of ``stack``
    makes side pots."""
    start = list(stacks) if stacks is not None else [stack] * seats
    deck = list(range(52))
    rng.shuffle(deck)
    holes = [deck[2 * i:2 * i + 2] for i in range(seats)]
    board = deck[2 * seats:2 * seats + 5]
    acts = [f"d dh p{i + 1} {card_str(a)}{card_str(b)}" for i, (a, b) in enumerate(holes)]
    st = list(start)
    bet = [0] * seats
    put = [0] * seats
    for s, b in ((0, sb), (1, bb)):
        bet[s] = b
        st[s] -= b
    folded = [False] * seats
    first = 2 % seats
    dealt = 0
    for street in range(4):
        if street:
            for s in range(seats):
                put[s] += bet[s]
                bet[s] = 0
            k = 3 if street == 1 else 1
            acts.append("d db " + "".join(card_str(c) for c in board[dealt:dealt + k]))
            dealt += k
            first = 0
        live = [s for s in range(seats) if not folded[s]]
        need = {s for s in live if st[s] > 0}
        if len(need) <= 1 and all(bet[s] >= max(bet) for s in need):
            need = set()
        cur = first
        while need:
            s = cur % seats
            cur += 1
            if s not in need:
                continue
            need.discard(s)
            hi = max(bet)
            r = rng.random()
            owe = hi - bet[s]
            if owe and r < 0.35:
                folded[s] = True
                acts.append(f"p{s + 1} f")
                if sum(not f for f in folded) == 1:
                    break
            elif r < 0.8 or st[s] <= owe:
                c = min(owe, st[s])
                bet[s] += c
                st[s] -= c
                acts.append(f"p{s + 1} cc")
            else:
                to = min(bet[s] + st[s], max(2 * hi, hi + bb) if r < 0.97 else bet[s] + st[s])
                st[s] -= to - bet[s]
                bet[s] = to
                acts.append(f"p{s + 1} cbr {to}")
                need = {t for t in range(seats) if not folded[t] and st[t] > 0 and t != s}
        if sum(not f for f in folded) == 1:
            break
    for s in range(seats):
        put[s] += bet[s]
    live = [s for s in range(seats) if not folded[s]]
    fin = [start[s] - put[s] for s in range(seats)]
    if len(live) > 1:
        while dealt < 5:
            acts.append("d db " + card_str(board[dealt]))
            dealt += 1
        for s in live:
            acts.append(f"p{s + 1} sm {card_str(holes[s][0])}{card_str(holes[s][1])}")
        pay = settle(board, [holes[s] if not folded[s] else None for s in range(seats)], put,
                     folded=folded, button=seats - 1).payouts
    else:
        pay = [sum(put) if s == live[0] else 0 for s in range(seats)]
    fin = [fin[s] + pay[s] for s in range(seats)]
    q = ", ".join(f"'{a}'" for a in acts)
    return (f"variant = 'NT'\nante_trimming_status = true\nantes = {[0] * seats}\n"
            f"blinds_or_straddles = {[sb, bb] + [0] * (seats - 2)}\nmin_bet = {bb}\n"
            f"starting_stacks = {start}\nactions = [{q}]\n"
            f"finishing_stacks = {fin}\n")


def corpus(n: int, seed: int = 0) -> str:
    """``n`` hands as one .phhs text."""
    rng = random.Random(seed)
    return "".join(f"[{i + 1}]\n{hand_text(rng)}\n" for i in range(n))
