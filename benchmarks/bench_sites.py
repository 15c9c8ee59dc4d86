"""Site text histories: read, and read + replay + settle, hands per second on one core.

    python benchmarks/bench_sites.py [--hands N] [--format NAME ...]

Each format's corpus is built from the real samples in tests/data/sites/
(every hand of them that reads and settles without error), repeated until it
holds N hands (default 100,000), written once into a temporary folder (never
into the source tree) and read back as a file through the format's reader:
PokerStars (the 2020 cash tables and tournaments of pokerstars-pokerregion/
and the fixtures of pokerstars/), Winamax, 888poker, partypoker, Winning Poker
Network and iPoker (one XML session per hand).  The corpus repeats a few
hundred distinct hands, so it measures the readers on real hand shapes, not
on a spread of stakes, sizes and games.

Times are CPU time of this process (time.process_time), the best of --repeat
runs; the machine may be shared.
"""

from __future__ import annotations

import argparse
import gzip
import os
import platform
import re
import tempfile
import time
from pathlib import Path

from handrank.history import HistoryError, sites

SITES = Path(__file__).resolve().parent.parent / "tests" / "data" / "sites"

#: format -> (sample folders, the line that starts a hand)
FORMATS = {
    "pokerstars": (["pokerstars-pokerregion", "pokerstars"], r"PokerStars (?:Zoom )?(?:Hand|Game) #"),
    "ggpoker": (["ggpoker"], r"Poker Hand #"),
    "winamax": (["winamax"], r"Winamax Poker - "),
    "888poker": (["888poker"], r"#Game No"),
    "partypoker": (["partypoker"], r"(?:#Game No|\*{5} Hand History for Game)"),
    "wpn": (["wpn"], r"Game started at: "),
    "ipoker": (["ipoker"], r"<\?xml|<session"),
}


def _text(path: Path) -> str:
    raw = path.read_bytes()
    if path.suffix == ".gz":
        raw = gzip.decompress(raw)
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        return raw.decode("cp1252")


def _good_hands(fmt: str) -> list[str]:
    """The texts of the sample hands of `fmt` that read and settle without error."""
    folders, head = FORMATS[fmt]
    out: list[str] = []
    for folder in folders:
        for path in sorted((SITES / folder).glob("*")):
            if path.suffix not in (".txt", ".gz"):
                continue
            text = "\n".join(_text(path).replace("\ufeff", "").splitlines())
            parts = [p for p in re.split(f"(?m)^(?={head})", text) if p.strip()]
            for part in parts:
                lines = part.splitlines()
                heads = [ln for ln in lines if ln.strip()] + ["", ""]
                if sites.guess(heads[0], heads[1]) != fmt:
                    continue
                bad: list[HistoryError] = []
                hands = list(sites.READERS[fmt](lines, None, "collect", bad))
                if bad or len(hands) != 1:
                    continue
                try:
                    r = hands[0].replay(allin_ev=False)
                except HistoryError:
                    continue
                if r.agrees_with_record is not False:
                    out.append(part.strip("\n") + "\n")
    return out


def _corpus(fmt: str, hands: int, folder: str) -> tuple[str, int]:
    parts = _good_hands(fmt)
    if not parts:
        raise SystemExit(f"{fmt}: no sample hand reads")
    path = os.path.join(folder, f"{fmt}.txt")
    with open(path, "w", encoding="utf-8") as f:
        for i in range(hands):
            f.write(parts[i % len(parts)])
            f.write("\n\n")
    return path, len(parts)


def _run(fmt: str, path: str, settle: bool) -> int:
    bad: list[HistoryError] = []
    n = 0
    with open(path, encoding="utf-8") as f:
        for h in sites.READERS[fmt](f, path, "collect", bad):
            n += 1
            if settle:
                h.replay(allin_ev=False)
    if bad:
        raise SystemExit(f"{fmt}: {len(bad)} hands refused, first: {bad[0]}")
    return n


def _time(fmt: str, path: str, settle: bool, repeat: int) -> tuple[int, float]:
    best = float("inf")
    n = 0
    for _ in range(repeat):
        t = time.process_time()
        n = _run(fmt, path, settle)
        best = min(best, time.process_time() - t)
    return n, best


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--hands", type=int, default=100_000)
    ap.add_argument("--repeat", type=int, default=1)
    ap.add_argument("--format", nargs="*", default=list(FORMATS))
    args = ap.parse_args()
    print(f"CPU: {platform.processor() or platform.machine()}; Python {platform.python_version()}")
    with tempfile.TemporaryDirectory() as folder:
        print(f"{'format':<11} {'distinct':>8} {'hands':>8} {'read h/s':>10} "
              f"{'read+replay+settle h/s':>24}")
        for fmt in args.format:
            path, distinct = _corpus(fmt, args.hands, folder)
            n, t_read = _time(fmt, path, False, args.repeat)
            n2, t_all = _time(fmt, path, True, args.repeat)
            assert n == n2 == args.hands, (n, n2)
            print(f"{fmt:<11} {distinct:>8} {n:>8} {n / t_read:>10,.0f} {n / t_all:>24,.0f}",
                  flush=True)


if __name__ == "__main__":
    main()
