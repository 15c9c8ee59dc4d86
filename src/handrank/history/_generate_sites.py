"""Random but legal hands written as PokerStars text (tests and benchmarks).

Hold'em (no-limit, pot-limit, fixed-limit amounts as no-limit writes them are
not used: no-limit and pot-limit only) and pot-limit Omaha, cash (dollars,
with rake) and tournament (chips, antes), 2 to 9 seats, stacks of different
sizes (side pots), played by a simple random policy from a seeded shuffle.
Each hand's ``collected`` and ``Uncalled bet`` lines and its summary's total
pot and rake come from the generator's own chip count and
:func:`handrank.showdown.pots.settle_game` (not from the replay), so reading the
text back checks the readers against an independent count.
"""

from __future__ import annotations

import random

from ..core.cards import card_str
from ..games import game as _game
from ..showdown.pots import settle_game

NAMES = ["Parker09SA", "pokerHero1", "fifita78", "grind hauz", "Undispute477", "Jerry 1942",
         "BRUNOFUENTES27", "Finalflash007", "a.b-c_d", "xX_Nit_Xx", "Mr Fold", "K9sOff"]


def _money(v: int, cents: bool) -> str:
    return f"${v // 100}.{v % 100:02d}" if cents else str(v)


def pokerstars_hand(rng: random.Random, hand_id: int) -> str:
    """One hand as PokerStars writes it (English)."""
    cents = rng.random() < 0.6
    omaha = rng.random() < 0.3
    pot_limit = omaha or rng.random() < 0.15
    n = rng.choice([2, 3, 4, 5, 6, 6, 6, 9, 9])
    sb, bb = rng.choice([(1, 2), (2, 5), (5, 10), (10, 25), (25, 50)]) if cents else \
        rng.choice([(10, 20), (25, 50), (50, 100), (100, 200)])
    ante = 0 if cents or rng.random() < 0.4 else max(1, bb // 10)
    names = rng.sample(NAMES, n)
    start = [rng.choice([bb * rng.randint(10, 150), bb * 100, bb * rng.randint(1, 30) + ante])
             for _ in range(n)]
    start = [max(s, ante + bb + 1) for s in start]
    holes_n = 4 if omaha else 2
    deck = list(range(52))
    rng.shuffle(deck)
    holes = [deck[holes_n * i:holes_n * i + holes_n] for i in range(n)]
    board = deck[holes_n * n:holes_n * n + 5]
    def money(v: int) -> str:
        return _money(v, cents)
    game = ("Omaha Pot Limit" if omaha else "Hold'em Pot Limit" if pot_limit
            else "Hold'em No Limit")
    if cents:
        head = (f"PokerStars Hand #{hand_id}:  {game} ({money(sb)}/{money(bb)} USD) - "
                "2026/12/07 10:00:00 ET")
    else:
        head = (f"PokerStars Hand #{hand_id}: Tournament #{hand_id // 7}, $0.98+$0.12 USD "
                f"{game} - Level IV ({sb}/{bb}) - 2026/12/07 10:00:00 ET")
    # seats in the order of action: 0 first after the button, n - 1 the button
    seat_no = sorted(rng.sample(range(1, 10), n))
    b = rng.randrange(n)
    table = seat_no[b + 1:] + seat_no[:b + 1]        # table[k]: seat number of player k
    out = [head, f"Table 'Gen {hand_id % 97}' 9-max Seat #{table[-1]} is the button"]
    for s in sorted(range(n), key=lambda k: table[k]):
        out.append(f"Seat {table[s]}: {names[s]} ({money(start[s])} in chips)")
    st = list(start)
    put = [0] * n
    if ante:
        for s in range(n):
            a = min(ante, st[s])
            st[s] -= a
            put[s] += a
            out.append(f"{names[s]}: posts the ante {money(a)}"
                       + (" and is all-in" if st[s] == 0 else ""))
    bet = [0] * n
    sbs, bbs = (n - 1, 0) if n == 2 else (0, 1)
    for s, amt, what in ((sbs, sb, "small blind"), (bbs, bb, "big blind")):
        a = min(amt, st[s])
        st[s] -= a
        bet[s] = a
        out.append(f"{names[s]}: posts {what} {money(a)}" + (" and is all-in" if st[s] == 0
                                                              else ""))
    out.append("*** HOLE CARDS ***")
    hero = rng.randrange(n)
    out.append(f"Dealt to {names[hero]} [{' '.join(card_str(c) for c in holes[hero])}]")
    folded = [False] * n
    dealt = 0
    for street in range(4):
        if street:
            for s in range(n):
                put[s] += bet[s]
                bet[s] = 0
            k = 3 if street == 1 else 1
            shown = " ".join(card_str(c) for c in board[:dealt])
            new = " ".join(card_str(c) for c in board[dealt:dealt + k])
            label = ("FLOP", "TURN", "RIVER")[street - 1]
            out.append(f"*** {label} *** " + (f"[{shown}] " if dealt else "") + f"[{new}]")
            dealt += k
        live = [s for s in range(n) if not folded[s]]
        can = [s for s in live if st[s] > 0]
        if len(can) <= 1 and all(bet[s] >= max(bet) for s in can):
            continue
        first = (sbs if n == 2 else 2 % n) if street == 0 else 0
        need = set(can)
        full_raise = bb            # the size of the last full raise
        reopen = True
        cur = first
        while need:
            s = cur % n
            cur += 1
            if s not in need:
                continue
            need.discard(s)
            hi = max(bet)
            owe = hi - bet[s]
            r = rng.random()
            if owe and r < 0.3:
                folded[s] = True
                out.append(f"{names[s]}: folds")
                if sum(not f for f in folded) == 1:
                    break
                continue
            others = [t for t in range(n) if t != s and not folded[t] and st[t] > 0]
            if r < 0.8 or st[s] <= owe or not reopen or not others:
                c = min(owe, st[s])
                bet[s] += c
                st[s] -= c
                out.append(f"{names[s]}: calls {money(c)}" + (" and is all-in" if st[s] == 0
                                                                else "") if c else
                           f"{names[s]}: checks")
                continue
            top = bet[s] + st[s]
            lo = hi + max(full_raise, bb)
            if pot_limit:
                pot = sum(put) + sum(bet) + owe
                cap = hi + pot
                to = min(top, rng.choice([lo, max(lo, (lo + cap) // 2), cap]))
                to = min(max(to, min(lo, top)), cap, top)
            else:
                to = min(top, lo if r < 0.95 else top)
            if to <= hi:
                continue
            if to - hi >= full_raise:
                full_raise = to - hi
            else:
                reopen = False
            words = (f"bets {money(to - bet[s])}" if hi == 0 else
                     f"raises {money(to - hi)} to {money(to)}")
            st[s] -= to - bet[s]
            bet[s] = to
            out.append(f"{names[s]}: {words}" + (" and is all-in" if st[s] == 0 else ""))
            need = {t for t in range(n) if not folded[t] and st[t] > 0 and t != s}
        if sum(not f for f in folded) == 1:
            break
    for s in range(n):
        put[s] += bet[s]
    live = [s for s in range(n) if not folded[s]]
    # the part of the largest bet nobody matched goes back
    order = sorted(put, reverse=True)
    top_s = put.index(order[0])
    back = order[0] - order[1]
    if back:
        out.append(f"Uncalled bet ({money(back)}) returned to {names[top_s]}")
    if len(live) > 1:
        while dealt < 5:
            shown = " ".join(card_str(c) for c in board[:dealt])
            label = ("FLOP", "TURN", "RIVER")[(dealt - 3) + 1 if dealt >= 3 else 0]
            k = 3 if dealt == 0 else 1
            new = " ".join(card_str(c) for c in board[dealt:dealt + k])
            out.append(f"*** {label} *** " + (f"[{shown}] " if dealt else "") + f"[{new}]")
            dealt += k
        out.append("*** SHOW DOWN ***")
        for s in live:
            out.append(f"{names[s]}: shows [{' '.join(card_str(c) for c in holes[s])}]")
        settled = settle_game(board, [holes[s] if not folded[s] else None for s in range(n)],
                              put, _game("omaha" if omaha else "holdem"), folded=folded,
                              button=n - 1)
        pay = list(settled.payouts)
    else:
        pay = [sum(put) if s == live[0] else 0 for s in range(n)]
    pay[top_s] -= back
    total = sum(put) - back
    rake = min(total * 5 // 100, 3 * bb) if cents and dealt >= 3 else 0
    take = rake
    collected = list(pay)
    for s in sorted(range(n), key=lambda t: -pay[t]):
        k = min(take, collected[s])
        collected[s] -= k
        take -= k
    for s in range(n):
        if collected[s] > 0:
            out.append(f"{names[s]} collected {money(collected[s])} from pot")
    out.append("*** SUMMARY ***")
    out.append(f"Total pot {money(total)} | Rake {money(rake)}")
    if dealt:
        out.append("Board [" + " ".join(card_str(c) for c in board[:dealt]) + "]")
    for s in sorted(range(n), key=lambda k: table[k]):
        tag = " (button)" if s == n - 1 else ""
        if collected[s] > 0:
            out.append(f"Seat {table[s]}: {names[s]}{tag} collected ({money(collected[s])})")
        elif folded[s]:
            out.append(f"Seat {table[s]}: {names[s]}{tag} folded")
        else:
            out.append(f"Seat {table[s]}: {names[s]}{tag} lost")
    return "\n".join(out) + "\n"


def pokerstars_corpus(n: int, seed: int = 0) -> str:
    """``n`` hands as one PokerStars text file."""
    rng = random.Random(seed)
    return "\n\n".join(pokerstars_hand(rng, 250_000_000_000 + seed * 10_000_000 + i)
                       for i in range(n)) + "\n"
