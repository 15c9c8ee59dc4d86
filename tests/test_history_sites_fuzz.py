"""Site readers on damaged real files: every hand read or refused by name, never a crash.

Each case takes one real sample file of one site (tests/data/sites/), damages
it with a seeded random edit (a line deleted, duplicated, swapped with the
next, cut short, an amount or a card changed, a name changed, stray bytes
inserted) and reads it through the site's reader with ``errors="collect"``.
Whatever the damage, the reader must give back hands and ``HistoryError``s only
(each error naming the file, and for a hand the line of its header, or for
iPoker of its ``<game>`` tag), and each hand it gives must replay or raise
``HistoryError``: no other exception, no hang.
"""

from __future__ import annotations

import gzip
import random
import re
from pathlib import Path

import pytest

from handrank.history import HistoryError, sites

SITES = Path(__file__).resolve().parent / "data" / "sites"
FORMATS = {"pokerstars": ["pokerstars", "pokerstars-jspokerparser"],
           "winamax": ["winamax"], "888poker": ["888poker", "888poker-pokerregion"],
           "partypoker": ["partypoker"], "wpn": ["wpn", "wpn-v2"], "ipoker": ["ipoker"],
           "ggpoker": ["ggpoker"]}


def _text(path: Path) -> str:
    raw = path.read_bytes()
    if path.suffix == ".gz":
        raw = gzip.decompress(raw)
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        return raw.decode("cp1252")


def _damage(lines: list[str], rng: random.Random) -> list[str]:
    out = list(lines)
    if not out:
        return out
    i = rng.randrange(len(out))
    kind = rng.randrange(8)
    if kind == 0:
        del out[i]
    elif kind == 1:
        out.insert(i, out[i])
    elif kind == 2 and i + 1 < len(out):
        out[i], out[i + 1] = out[i + 1], out[i]
    elif kind == 3:
        out[i] = out[i][: rng.randrange(len(out[i]) + 1)]
    elif kind == 4:                                      # an amount changed
        out[i] = re.sub(r"\d+", lambda m: str(int(m.group(0)) * rng.choice((0, 2, 7, 10**9))),
                        out[i], count=1)
    elif kind == 5:                                      # a card changed
        out[i] = re.sub(r"\b[2-9TJQKA][cdhs]\b", rng.choice(("As", "Xx", "1z", "Ah Ah")),
                        out[i], count=1)
    elif kind == 6:                                      # a name changed
        out[i] = re.sub(r"^(\S+)", r"\1_", out[i], count=1)
    else:
        out.insert(i, rng.choice(("\x00\x01", "*** ***", "Seat 99: x (1 in chips)",
                                  "]]]]", "Total pot -5 | Rake 9", "<game>")))
    return out


CASES = [(fmt, k) for fmt in FORMATS for k in range(40)]


@pytest.mark.parametrize(("fmt", "seed"), CASES, ids=[f"{f}-{k}" for f, k in CASES])
def test_damaged_site_files_are_read_or_refused_by_name(fmt: str, seed: int) -> None:
    files = sorted(p for d in FORMATS[fmt] for p in (SITES / d).glob("*")
                   if p.suffix in (".txt", ".gz"))
    rng = random.Random(f"{fmt}-{seed}")
    path = rng.choice(files)
    lines = _text(path).splitlines()
    for _ in range(rng.randrange(1, 4)):
        lines = _damage(lines, rng)
    bad: list[HistoryError] = []
    hands = list(sites.READERS[fmt](lines, str(path), "collect", bad))
    for e in bad:
        assert isinstance(e, HistoryError) and e.file == str(path) and e.reason
        if e.hand is not None and (fmt != "ipoker" or "gamecode" in "".join(lines)):
            assert e.line is not None and 1 <= e.line <= len(lines), e
    for h in hands:
        try:
            h.replay(allin_ev=False)
        except HistoryError:
            pass
