"""hr_stars_replay (csrc/sites.c) against the two scans it replaces.

The PokerStars fast path used to write each hand it takes as PHH text
(``hr_stars_scan``) and read that text back to replay and settle it
(``hr_phh_scan``, mode 1).  ``hr_stars_replay`` replays and settles the hand on
the arrays the text is written from.  The oracle here is the old way, kept as
``stars_fast._batch_twice``: on real samples, generated hands and hands
damaged at random -- above all in what the PHH reader reads with care (cards
with tabs, '?', '#', quotes, "10"; amounts of 15 digits and more; hands of
hundreds of actions; heads-up blinds and antes) -- the two must give

* the same scanner records and the same PHH text, byte for byte;
* the same status for every hand (the same hands left to Python);
* for every hand taken, the same PHH record, field by field (chips put in,
  payouts, flags, dead money, big blind, the all-in EV's fields, the offsets of
  names and variant in the text).

The fast path's results against the Python reader and replay are checked by
tests/test_history_stars_fast.py, which runs on the new way.
"""

from __future__ import annotations

import gzip
import random
import re
from pathlib import Path

import numpy as np
import pytest

from handrank.core import kernels
from handrank.history import fast, stars_fast
from handrank.history._generate_sites import pokerstars_corpus

pytestmark = pytest.mark.skipif(not (stars_fast.available()
                                     and kernels.stars_replay_available()),
                                reason="the C core is not loaded")

DATA = Path(__file__).parent / "data" / "sites"
SAMPLES = sorted(p for p in DATA.rglob("*") if p.is_file() and "pokerstars" in p.parent.name
                 and p.suffix in (".txt", ".gz"))
#: the record field only a profiler reads (why a hand was left to Python)
WHY = fast.WHY if hasattr(fast, "WHY") else 9


def _raw(p: Path) -> bytes:
    data = p.read_bytes()
    return gzip.decompress(data) if p.suffix == ".gz" else data


def _same(data: bytes, final: bool = True) -> tuple[int, int]:
    """Both ways on ``data``: equal, field by field; (hands, hands taken)."""
    a = stars_fast._replayed(data, final)
    b = stars_fast._batch_twice(data, final)
    assert (a[0] is None) == (b[0] is None)
    if a[0] is None or b[0] is None:
        return 0, 0
    srec_a, rec_a, phh_a, used_a = a
    srec_b, rec_b, phh_b, used_b = b
    assert used_a == used_b and phh_a == phh_b
    assert np.array_equal(srec_a, srec_b)
    assert rec_a.shape == rec_b.shape
    status_a, status_b = rec_a[:, fast.STATUS], rec_b[:, fast.STATUS]
    bad = np.flatnonzero(status_a != status_b)
    assert not len(bad), [(int(i), int(rec_a[i, WHY]), int(rec_b[i, WHY]),
                           data[int(srec_a[i, 2]):int(srec_a[i, 3])][:3000].decode("utf-8",
                                                                                  "replace"))
                          for i in bad[:1]]
    ok = np.flatnonzero(status_b == fast.OK)
    cols = [c for c in range(fast.WIDTH) if c != WHY]
    diff = rec_a[ok][:, cols] != rec_b[ok][:, cols]
    rows = np.flatnonzero(diff.any(axis=1))
    assert not len(rows), (ok[rows[:3]].tolist(),
                           [np.array(cols)[diff[r]].tolist() for r in rows[:3]])
    return len(rec_a), len(ok)


def test_real_samples_replay_as_the_phh_text() -> None:
    seen = taken = 0
    for p in SAMPLES:
        s, t = _same(_raw(p).removeprefix(b"\xef\xbb\xbf"))
        seen += s
        taken += t
    assert seen >= 1540 and taken >= 1300, (seen, taken)


@pytest.mark.parametrize("seed", range(6))
def test_generated_hands_replay_as_the_phh_text(seed: int) -> None:
    data = pokerstars_corpus(400, seed=100 + seed).encode()
    seen, taken = _same(data)
    assert seen == 400 and taken == 400
    # a block cut anywhere (the last hand left for the next block) gives the same
    for cut in (len(data) // 3, len(data) // 2 + 17):
        _same(data[:data.rfind(b"\n", 0, cut) + 1], final=False)


#: what may go into a card's brackets or an amount
CARDS = ["\t", "?", "#", '"', "\\", "10", "1 0", "??", "T", " ", "Xx", "Ah", ",", "'"]


def _damage(text: str, rng: random.Random) -> str:
    lines = text.split("\n")
    for _ in range(rng.randint(1, 3)):
        k = rng.randrange(len(lines))
        ln = lines[k]
        what = rng.randrange(6)
        if what == 0 and "[" in ln:             # inside a card's brackets
            at = [m.start() + 1 for m in re.finditer(r"\[", ln)]
            c = rng.choice(at)
            c += rng.randrange(max(1, ln.find("]", c) - c + 1))
            lines[k] = ln[:c] + rng.choice(CARDS) + ln[c:]
        elif what == 1 and re.search(r"\d", ln):  # an amount of 15 digits or more
            nums = list(re.finditer(r"\d+", ln))
            m = rng.choice(nums)
            lines[k] = ln[:m.end()] + "9" * rng.randint(10, 16) + ln[m.end():]
        elif what == 2:                         # many more actions
            acts = [x for x in lines if re.search(r": (checks|calls|folds)$", x)]
            if acts:
                lines[k:k] = [rng.choice(acts)] * rng.randint(50, 520)
        elif what == 3 and rng.random() < 0.5:
            del lines[k]
        elif what == 3:                         # a knockout's words, anywhere
            c = rng.randrange(len(ln) + 1)
            lines[k] = ln[:c] + rng.choice([" for eliminating ", "for eliminating ",
                                            " for eliminating"]) + ln[c:]
        elif what == 4 and k + 1 < len(lines):
            lines[k], lines[k + 1] = lines[k + 1], lines[k]
        else:
            lines[k] = re.sub(r"\d+", lambda m: str(int(m.group()) + rng.randint(-3, 3)), ln,
                              count=1)
    return "\n".join(lines)


@pytest.mark.parametrize("seed", range(30))
def test_damaged_hands_replay_as_the_phh_text(seed: int) -> None:
    rng = random.Random(seed)
    texts = [_raw(p).decode("utf-8-sig") for p in SAMPLES[seed % len(SAMPLES):][:1]]
    hands = [h for t in texts for h in
             re.split(r"(?m)^(?=PokerStars (?:Zoom )?(?:Hand|Game) #)", t) if h.strip()]
    hands += [h for h in pokerstars_corpus(40, seed=seed).split("\n\n") if h.strip()]
    pick = [rng.choice(hands) for _ in range(60)]
    damaged = "\n\n".join(_damage(h, rng) if rng.random() < 0.9 else h for h in pick)
    _same(damaged.encode("utf-8"))


def test_heads_up_hands_replay_as_the_phh_text() -> None:
    hands = [h for h in pokerstars_corpus(3000, seed=5).split("\n\n")
             if h.strip() and len(re.findall(r"(?m)^Seat \d+: .+ in chips", h)) == 2]
    assert len(hands) >= 20
    seen, taken = _same("\n\n".join(hands).encode())
    assert seen == len(hands) and taken == seen


def _raise_war(raises: int, stack: str, blinds: tuple[str, str] = ("10", "20"),
               cash: bool = False) -> str:
    """A heads-up hand of ``raises`` raises before the flop, called, shown down."""
    cur = "$" if cash else ""
    head = ("PokerStars Hand #1: Hold'em No Limit ($0.01/$0.02 USD) - 2026/12/07 10:00:00 ET"
            if cash else "PokerStars Hand #1: Tournament #2, $1+$0 USD Hold'em No Limit - "
            "Level I (10/20) - 2026/12/07 10:00:00 ET")
    who = ["alice", "bob"]
    lines = [head, "Table 'T 1' 9-max Seat #1 is the button",
             f"Seat 1: alice ({cur}{stack} in chips)", f"Seat 2: bob ({cur}{stack} in chips)",
             f"alice: posts small blind {cur}{blinds[0]}",
             f"bob: posts big blind {cur}{blinds[1]}", "*** HOLE CARDS ***"]
    to = 20
    for k in range(raises):
        lines.append(f"{who[k % 2]}: raises {cur}20 to {cur}{to + 20}")
        to += 20
    lines.append(f"{who[raises % 2]}: calls {cur}20")
    checks = ["bob: checks", "alice: checks"]
    lines += ["*** FLOP *** [2c 3d 4h]", *checks, "*** TURN *** [2c 3d 4h] [5s]", *checks,
              "*** RIVER *** [2c 3d 4h 5s] [9c]", *checks, "*** SHOW DOWN ***",
              "alice: shows [Ah Kh] (a straight, Ace to Five)",
              "bob: shows [Qh Jh] (high card Queen)",
              f"alice collected {cur}{2 * to} from pot", "*** SUMMARY ***",
              f"Total pot {cur}{2 * to} | Rake {cur}0", ""]
    return "\n".join(lines)


@pytest.mark.parametrize("raises", [100, 497, 498, 499, 600])
def test_hands_of_many_actions_replay_as_the_phh_text(raises: int) -> None:
    # the PHH reader takes at most 512 actions (the two deals and six checks among them)
    seen, taken = _same(_raise_war(raises, "1000000").encode())
    assert seen == 1 and taken == (raises + 14 <= 512)


@pytest.mark.parametrize("stack, blinds, taken", [
    ("9999999999999.99", ("0.01", "0.02"), 1),       # 999,999,999,999,999 cents
    ("10000000000000", ("0.01", "0.02"), 0),         # 10^15 cents: 16 digits
    ("1000", ("0.01", "10000000000000"), 0),         # a blind of 16 digits
])
def test_amounts_of_sixteen_digits_are_left_to_python(stack: str, blinds: tuple[str, str],
                                                      taken: int) -> None:
    text = _raise_war(2, stack, blinds, cash=True)
    assert _same(text.encode()) == (1, taken)


def test_without_the_phh_text_the_hands_are_the_same(tmp_path: Path) -> None:
    # scan(text=False) writes no PHH text: the same hands, payouts, nets, rake taken,
    # record check and names, the names and hand spans read from the site text
    f = tmp_path / "gen.txt"
    f.write_text(pokerstars_corpus(300, seed=11) + "\n\n" + _raw(SAMPLES[0]).decode(
        "utf-8-sig"))

    def rows(text: bool) -> list[object]:
        out: list[object] = []
        for it in stars_fast.scan(str(f), text=text, block=1 << 14):
            assert isinstance(it, stars_fast.StarsBatch)
            for i in range(len(it)):
                row = [it.fast(i), it.index[i], it.line(i), it.text(i), it.unit(i)]
                if it.fast(i):
                    row += [it.payouts[i].tolist(), it.net_after_rake[i].tolist(),
                            int(it.rec[i, fast.AGREE]), int(it.taken_rake[i]), it.names(i),
                            it.rec[i, fast.SEATS:fast.BIG_BLIND + 1].tolist(),
                            it.rec[i, fast.EXT + 1:].tolist()]
                out.append(row)
        return out
    with_text, without = rows(True), rows(False)
    assert len(with_text) >= 300 and sum(bool(r[0]) for r in with_text) >= 300
    assert without == with_text
