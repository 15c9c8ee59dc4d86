"""Random but legal hands written as GGPoker text (tests and benchmarks).

Each hand is a cash hand of :func:`handrank.history._generate_sites.pokerstars_hand`
(hold'em no limit or pot-limit Omaha, 2 to 9 seats, side pots, rake) written
in GGPoker's words: ``Poker Hand #HD...: Hold'em No Limit ($0.05/$0.1) - ...``
(``PLO`` for Omaha), amounts without trailing zeros (``$0.5``, ``$2``), a
``Dealt to`` line for every seat (cards only for the one whose history it
is), ``*** SHOWDOWN ***`` before the pot is paid, and the summary's fees as
GGPoker writes them (``Total pot $5.5 | Rake $0.2 | Jackpot $0.06 | Bingo $0 |
Fortune $0 | Tax $0``: the generator's rake split between the rake and the
jackpot fee).  The ``collected`` and ``Uncalled bet`` lines and the fees come
from the generator's own chip count (not from any reader), so reading the text
back checks the readers against an independent count.
"""

from __future__ import annotations

import random
import re

from ._generate_sites import pokerstars_hand

__all__ = ["ggpoker_corpus", "ggpoker_hand"]

_HEAD = re.compile(r"PokerStars Hand #(\d+): +(.+?) \((\$[\d.]+)/(\$[\d.]+) USD\) - "
                   r"(\d{4}/\d\d/\d\d \d\d:\d\d:\d\d) ET")
_MONEY = re.compile(r"\$(\d+)\.(\d\d)")
_SEAT = re.compile(r"Seat \d+: (.+) \(\$[\d.]+ in chips\)")
_GAMES = {"Hold'em No Limit": "Hold'em No Limit", "Omaha Pot Limit": "PLO"}


def _gg_money(m: re.Match[str]) -> str:
    whole, cents = m.group(1), m.group(2)
    if cents == "00":
        return f"${whole}"
    return f"${whole}.{cents.rstrip('0')}"


def _cents_text(v: int) -> str:
    return _gg_money(_MONEY.match(f"${v // 100}.{v % 100:02d}"))  # type: ignore[arg-type]


def ggpoker_hand(rng: random.Random, hand_id: int) -> str:
    """One cash hand as GGPoker writes it."""
    while True:
        text = pokerstars_hand(rng, hand_id)
        m = _HEAD.match(text)
        if m is not None and m.group(2) in _GAMES:
            break
    lines = text.rstrip("\n").split("\n")
    prefix = "RC" if rng.random() < 0.3 else "HD"
    out = [f"Poker Hand #{prefix}{hand_id}: {_GAMES[m.group(2)]} "
           f"({_MONEY.sub(_gg_money, m.group(3))}/{_MONEY.sub(_gg_money, m.group(4))}) - "
           f"{m.group(5)}"]
    names = [ms.group(1) for ln in lines if (ms := _SEAT.fullmatch(ln))]
    showdown = False
    for ln in lines[1:]:
        if ln.startswith("Dealt to "):
            hero = ln[len("Dealt to "):].rsplit(" [", 1)[0]
            out += [ln if nm == hero else f"Dealt to {nm} " for nm in names]
            continue
        if ln == "*** SHOW DOWN ***":
            ln, showdown = "*** SHOWDOWN ***", True
        elif " collected $" in ln and ln.endswith(" from pot") and not showdown:
            out.append("*** SHOWDOWN ***")
            showdown = True
        elif ln.startswith("Total pot "):
            mt = re.fullmatch(r"Total pot \$(\d+)\.(\d\d) \| Rake \$(\d+)\.(\d\d)", ln)
            if mt is None:
                raise AssertionError(f"the generator's summary line changed: {ln!r}")
            rake = int(mt.group(3)) * 100 + int(mt.group(4))
            jackpot = rake // 4 if rake >= 20 else 0
            total = int(mt.group(1)) * 100 + int(mt.group(2))
            ln = (f"Total pot {_cents_text(total)} | Rake {_cents_text(rake - jackpot)} | "
                  f"Jackpot {_cents_text(jackpot)} | Bingo $0 | Fortune $0 | Tax $0")
            out.append(ln)
            continue
        out.append(_MONEY.sub(_gg_money, ln))
    return "\n".join(out) + "\n"


def ggpoker_corpus(n: int, seed: int = 0) -> str:
    """``n`` hands as one GGPoker text file."""
    rng = random.Random(seed)
    return "\n\n".join(ggpoker_hand(rng, 20_000_000 + seed * 10_000_000 + i)
                       for i in range(n)) + "\n"
