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


class _Hand:
    """One generated hand being written: the deal (stakes, seats, stacks, cards) drawn
    from `rng` in a fixed order, then each seat's chips (`st` behind, `put` in the pot
    from streets before, `bet` this street) as the lines in `out` move them."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.cents = rng.random() < 0.6
        self.omaha = rng.random() < 0.3
        self.pot_limit = self.omaha or rng.random() < 0.15
        self.n = n = rng.choice([2, 3, 4, 5, 6, 6, 6, 9, 9])
        self.sb, self.bb = bb_ = (
            rng.choice([(1, 2), (2, 5), (5, 10), (10, 25), (25, 50)]) if self.cents
            else rng.choice([(10, 20), (25, 50), (50, 100), (100, 200)]))
        bb = bb_[1]
        self.ante = ante = 0 if self.cents or rng.random() < 0.4 else max(1, bb // 10)
        self.names = rng.sample(NAMES, n)
        start = [rng.choice([bb * rng.randint(10, 150), bb * 100,
                             bb * rng.randint(1, 30) + ante]) for _ in range(n)]
        self.start = [max(s, ante + bb + 1) for s in start]
        holes_n = 4 if self.omaha else 2
        deck = list(range(52))
        rng.shuffle(deck)
        self.holes = [deck[holes_n * i:holes_n * i + holes_n] for i in range(n)]
        self.board = deck[holes_n * n:holes_n * n + 5]
        self.out: list[str] = []
        self.st = list(self.start)
        self.put = [0] * n
        self.bet = [0] * n
        self.folded = [False] * n
        self.dealt = 0
        # the small and the big blind's seats (heads-up: the button is the small blind)
        self.sbs, self.bbs = (n - 1, 0) if n == 2 else (0, 1)

    def money(self, v: int) -> str:
        return _money(v, self.cents)

    def allin(self, s: int) -> str:
        return " and is all-in" if self.st[s] == 0 else ""

    def header(self, hand_id: int) -> list[int]:
        """The header, the table and the seats; returns each player's seat number
        (player 0 first after the button, n - 1 the button)."""
        money, n, rng = self.money, self.n, self.rng
        game = ("Omaha Pot Limit" if self.omaha else "Hold'em Pot Limit" if self.pot_limit
                else "Hold'em No Limit")
        if self.cents:
            head = (f"PokerStars Hand #{hand_id}:  {game} ({money(self.sb)}/{money(self.bb)} "
                    "USD) - 2026/12/07 10:00:00 ET")
        else:
            head = (f"PokerStars Hand #{hand_id}: Tournament #{hand_id // 7}, $0.98+$0.12 USD "
                    f"{game} - Level IV ({self.sb}/{self.bb}) - 2026/12/07 10:00:00 ET")
        seat_no = sorted(rng.sample(range(1, 10), n))
        b = rng.randrange(n)
        table = seat_no[b + 1:] + seat_no[:b + 1]        # table[k]: seat number of player k
        self.out += [head, f"Table 'Gen {hand_id % 97}' 9-max Seat #{table[-1]} is the button"]
        for s in sorted(range(n), key=lambda k: table[k]):
            self.out.append(f"Seat {table[s]}: {self.names[s]} ({money(self.start[s])} in chips)")
        return table

    def posts(self) -> None:
        """The antes, the blinds, and the hero's cards."""
        names, st, out = self.names, self.st, self.out
        if self.ante:
            for s in range(self.n):
                a = min(self.ante, st[s])
                st[s] -= a
                self.put[s] += a
                out.append(f"{names[s]}: posts the ante {self.money(a)}" + self.allin(s))
        for s, amt, what in ((self.sbs, self.sb, "small blind"),
                             (self.bbs, self.bb, "big blind")):
            a = min(amt, st[s])
            st[s] -= a
            self.bet[s] = a
            out.append(f"{names[s]}: posts {what} {self.money(a)}" + self.allin(s))
        out.append("*** HOLE CARDS ***")
        hero = self.rng.randrange(self.n)
        out.append(f"Dealt to {names[hero]} [{' '.join(card_str(c) for c in self.holes[hero])}]")

    def deal_board(self, k: int, label: str) -> None:
        """`k` more board cards, as the street `label` writes them."""
        dealt, board = self.dealt, self.board
        shown = " ".join(card_str(c) for c in board[:dealt])
        new = " ".join(card_str(c) for c in board[dealt:dealt + k])
        self.out.append(f"*** {label} *** " + (f"[{shown}] " if dealt else "") + f"[{new}]")
        self.dealt += k

    def streets(self) -> None:
        """Every betting round, until one seat is left or the river is bet."""
        n = self.n
        for street in range(4):
            if street:
                for s in range(n):
                    self.put[s] += self.bet[s]
                    self.bet[s] = 0
                self.deal_board(3 if street == 1 else 1, ("FLOP", "TURN", "RIVER")[street - 1])
            can = [s for s in range(n) if not self.folded[s] and self.st[s] > 0]
            if len(can) <= 1 and all(self.bet[s] >= max(self.bet) for s in can):
                continue
            self.betting(can, (self.sbs if n == 2 else 2 % n) if street == 0 else 0)
            if sum(not f for f in self.folded) == 1:
                break
        for s in range(n):
            self.put[s] += self.bet[s]

    def betting(self, can: list[int], first: int) -> None:
        """One betting round from seat `first`: each seat that can act folds, calls
        (or checks) or raises at random, until every one has answered the last raise."""
        n, bet, st, rng = self.n, self.bet, self.st, self.rng
        folded, names, out = self.folded, self.names, self.out
        need = set(can)
        full_raise = self.bb            # the size of the last full raise
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
                out.append(f"{names[s]}: calls {self.money(c)}" + self.allin(s)
                           if c else f"{names[s]}: checks")
                continue
            to = self.raise_to(s, r, hi, owe, full_raise)
            if to <= hi:
                continue
            if to - hi >= full_raise:
                full_raise = to - hi
            else:
                reopen = False
            self.raise_line(s, hi, to)
            need = {t for t in range(n) if not folded[t] and st[t] > 0 and t != s}

    def raise_to(self, s: int, r: float, hi: int, owe: int, full_raise: int) -> int:
        """What seat `s` bets or raises to (at most all it has; pot limit: the pot)."""
        top = self.bet[s] + self.st[s]
        lo = hi + max(full_raise, self.bb)
        if not self.pot_limit:
            return min(top, lo if r < 0.95 else top)
        pot = sum(self.put) + sum(self.bet) + owe
        cap = hi + pot
        to = min(top, self.rng.choice([lo, max(lo, (lo + cap) // 2), cap]))
        return min(max(to, min(lo, top)), cap, top)

    def raise_line(self, s: int, hi: int, to: int) -> None:
        money = self.money
        words = (f"bets {money(to - self.bet[s])}" if hi == 0 else
                 f"raises {money(to - hi)} to {money(to)}")
        self.st[s] -= to - self.bet[s]
        self.bet[s] = to
        self.out.append(f"{self.names[s]}: {words}" + self.allin(s))

    def payouts(self) -> tuple[list[int], int, int]:
        """The bet nobody matched returned, the board run out and the hands shown at a
        showdown; returns each seat's payout (the pots settled by the rules), the seat
        the bet went back to and how much."""
        n, put, folded = self.n, self.put, self.folded
        live = [s for s in range(n) if not folded[s]]
        # the part of the largest bet nobody matched goes back
        order = sorted(put, reverse=True)
        top_s = put.index(order[0])
        back = order[0] - order[1]
        if back:
            self.out.append(f"Uncalled bet ({self.money(back)}) returned to "
                            f"{self.names[top_s]}")
        if len(live) <= 1:
            return [sum(put) if s == live[0] else 0 for s in range(n)], top_s, back
        while self.dealt < 5:
            dealt = self.dealt
            self.deal_board(3 if dealt == 0 else 1,
                            ("FLOP", "TURN", "RIVER")[(dealt - 3) + 1 if dealt >= 3 else 0])
        self.out.append("*** SHOW DOWN ***")
        for s in live:
            self.out.append(f"{self.names[s]}: shows "
                            f"[{' '.join(card_str(c) for c in self.holes[s])}]")
        settled = settle_game(self.board, [self.holes[s] if not folded[s] else None
                                           for s in range(n)],
                              put, _game("omaha" if self.omaha else "holdem"), folded=folded,
                              button=n - 1)
        return list(settled.payouts), top_s, back

    def summary(self, pay: list[int], top_s: int, back: int, table: list[int]) -> None:
        """The winners' lines (the rake taken from the largest payouts first) and the
        summary."""
        n, money, names, out = self.n, self.money, self.names, self.out
        pay[top_s] -= back
        total = sum(self.put) - back
        rake = min(total * 5 // 100, 3 * self.bb) if self.cents and self.dealt >= 3 else 0
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
        if self.dealt:
            out.append("Board [" + " ".join(card_str(c) for c in self.board[:self.dealt]) + "]")
        for s in sorted(range(n), key=lambda k: table[k]):
            tag = " (button)" if s == n - 1 else ""
            if collected[s] > 0:
                out.append(f"Seat {table[s]}: {names[s]}{tag} collected ({money(collected[s])})")
            elif self.folded[s]:
                out.append(f"Seat {table[s]}: {names[s]}{tag} folded")
            else:
                out.append(f"Seat {table[s]}: {names[s]}{tag} lost")


def pokerstars_hand(rng: random.Random, hand_id: int) -> str:
    """One hand as PokerStars writes it (English)."""
    h = _Hand(rng)
    table = h.header(hand_id)
    h.posts()
    h.streets()
    pay, top_s, back = h.payouts()
    h.summary(pay, top_s, back, table)
    return "\n".join(h.out) + "\n"


def pokerstars_corpus(n: int, seed: int = 0) -> str:
    """``n`` hands as one PokerStars text file."""
    rng = random.Random(seed)
    return "\n\n".join(pokerstars_hand(rng, 250_000_000_000 + seed * 10_000_000 + i)
                       for i in range(n)) + "\n"
