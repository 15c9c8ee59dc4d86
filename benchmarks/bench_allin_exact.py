"""Exact all-in EV of the games beyond hold'em: one core's CPU time.

- Pot-limit Omaha all in preflop three ways or more (generated hold'em hands
  dealt again as PLO: two more cards a seat): the replay's exact EV with the C
  core's Omaha enumeration (``allin._omaha_counts``) and with the numpy
  enumeration of every board it replaced.
- Pot-limit Omaha hi-lo (eight or better) all in preflop three ways or more
  (the same hands as PO/8, read and replayed by ``history.read``): the C
  core's hi-lo enumeration (``kernels.omaha_exact_hilo_shares``) against the
  numpy enumeration of every board.
- Stud, stud hi-lo and razz all in three ways on 5th street
  (``allin._three_way_counts``, ~2 * 10^8 deals) and on 4th street
  (``allin._three_way_counts_c`` on the C core, ~4.6 * 10^11 deals).

Speed is measured here, never asserted in a test.  Usage::

    python benchmarks/bench_allin_exact.py [--hands 400]
"""

from __future__ import annotations

import argparse
import os
import random
import re
import sys
import time


def _as_omaha(text: str, rng: random.Random, variant: str = "PO") -> str:
    """A generated hold'em hand dealt again as pot-limit Omaha."""
    from handrank.core.cards import card_str
    used = set(re.findall(r"[2-9TJQKA][cdhs]", text.split("actions = ")[1].split("\n")[0]))
    deck = [card_str(c) for c in range(52) if card_str(c) not in used]
    rng.shuffle(deck)
    extra: dict[str, str] = {}

    def deal(m: re.Match[str]) -> str:
        extra[m.group(1)] = deck.pop() + deck.pop()
        return f"d dh {m.group(1)} {m.group(2)}{extra[m.group(1)]}"
    text = re.sub(r"d dh (p\d+) ([2-9TJQKA][cdhs][2-9TJQKA][cdhs])", deal, text)
    text = re.sub(r"(p\d+) sm ([2-9TJQKA][cdhs][2-9TJQKA][cdhs])",
                  lambda m: f"{m.group(1)} sm {extra[m.group(1)]}{m.group(2)}", text)
    text = re.sub(r"finishing_stacks = .*\n", "", text)
    return text.replace("variant = 'NT'", f"variant = '{variant}'")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=400)
    args = ap.parse_args()
    import handrank as hr
    from handrank.history import allin, fast
    from handrank.history._generate import corpus
    print(f"load average at the start: {os.getloadavg()[0]:.1f}")
    rng = random.Random(21)
    texts = [t.split("\n", 1)[1] for t in corpus(args.hands, seed=77).split("\n\n")
             if t.strip()]
    spots = []
    for text in texts:
        (b,) = list(fast.scan(_as_omaha(text, rng)))
        if not b.rec[0, fast.FLAGS] & fast.ALLIN:
            continue
        board = int(b.rec[0, fast.ALLIN_BOARD]) & 255
        live = bin(int(b.rec[0, fast.KNOWN]) & ~int(b.rec[0, fast.OUT])).count("1")
        if board == 0 and live >= 3:
            spots.append(b)
    print(f"{len(spots)} PLO hands all in preflop three ways or more")
    real = allin._omaha_counts
    evs = {}
    try:
        for label, f in (("C omaha_exact", real), ("numpy boards", lambda *a: None)):
            allin._omaha_counts = f
            t = time.process_time()
            evs[label] = [b.replay(0).allin_ev for b in spots]
            dt = time.process_time() - t
            print(f"  {label}: {dt:.2f} s CPU, {1000 * dt / max(len(spots), 1):.1f} ms a hand")
    finally:
        allin._omaha_counts = real
    print(f"  the same EVs: {evs['C omaha_exact'] == evs['numpy boards']}")
    _hilo(args.hands)
    a, b, c = hr.cards("AhAd2c3hTc"), hr.cards("KsKd9h4s5d"), hr.cards("7c7d8sJc6h")
    for game in ("stud", "stud-hilo", "razz"):
        t = time.process_time()
        got = allin.deal_counts(game, [a, b, c], [], 7)
        dt = time.process_time() - t
        assert isinstance(got, tuple)
        print(f"{game}, three ways on 5th street ({got[1] // allin.UNIT:,} deals): "
              f"{dt:.2f} s CPU")
    a, b, c = hr.cards("AhAd2c3h"), hr.cards("KsKd9h4s"), hr.cards("7c7d8sJc")
    for game in ("stud", "stud-hilo", "razz"):
        t = time.process_time()
        got = allin.deal_counts(game, [a, b, c], [], 7)
        dt = time.process_time() - t
        assert isinstance(got, tuple)
        print(f"{game}, three ways on 4th street ({got[1] // allin.UNIT:,} deals): "
              f"{dt:.2f} s CPU")
    return 0


def _hilo(hands: int) -> None:
    """PLO hi-lo all in preflop three ways or more: C against numpy boards."""
    from handrank.history import allin, read
    from handrank.history._generate import corpus
    rng = random.Random(23)
    texts = [t.split("\n", 1)[1] for t in corpus(hands, seed=78).split("\n\n")
             if t.strip()]
    spots = []
    for text in texts:
        (h,) = read(text=_as_omaha(text, rng, "PO/8"))
        r = h.replay()
        if r.allin_board == "" and sum(not f for f in r.folded) >= 3 and r.allin_ev:
            spots.append(h)
    print(f"{len(spots)} PLO hi-lo hands all in preflop three ways or more")
    real = allin._omaha_counts
    evs = {}
    try:
        for label, f in (("C omaha_exact_hilo", real), ("numpy boards", lambda *a: None)):
            allin._omaha_counts = f
            t = time.process_time()
            evs[label] = [h.replay().allin_ev_exact for h in spots]
            dt = time.process_time() - t
            print(f"  {label}: {dt:.2f} s CPU, {1000 * dt / max(len(spots), 1):.1f} ms a hand")
    finally:
        allin._omaha_counts = real
    print(f"  the same EVs: {evs['C omaha_exact_hilo'] == evs['numpy boards']}")


if __name__ == "__main__":
    sys.exit(main())
