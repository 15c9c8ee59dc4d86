"""The GGPoker fast path (csrc/sites_gg.c, handrank.history.gg_fast) against the reader.

The oracle is the Python reader and replay (handrank.history.ggpoker,
Hand.replay): for every hand of the real GGPoker samples in tests/data/sites/
(sources and licences in its README), of generated GGPoker text
(handrank.history._generate_gg, whose collected lines and fees come from the
generator's own chip count) and of damaged copies of both (random line
deletions, duplicates, swaps, number changes, stray lines, byte insertions), a
hand the C scanners take must give

* the same hand: the PHH text they wrote, read back by the PHH reader, has the
  Python reader's variant, stacks, antes, blinds, actions and players, and the
  PokerStars scanner's record has the reader's winnings and rake (the sum of
  the summary's fees);
* the same replay: payouts, contributions, nets, the record check, the rake
  taken and the net after the rake, equal to ``Hand.replay``'s;
* the same number and line in its file;

and a hand they leave to Python must read as the reader reads it (the same
hand, or the same error message).  ``summary()`` gives the same rows, counts
and errors with the fast path on and off.
"""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from handrank.history import HistoryError, fast, gg_fast, read, stars_fast, summary
from handrank.history import _summary as summary_module
from handrank.history._generate_gg import ggpoker_corpus

pytestmark = pytest.mark.skipif(not gg_fast.available(), reason="needs the C core")

SITES = Path(__file__).resolve().parent / "data" / "sites"
SAMPLES = sorted((SITES / "ggpoker").glob("*.txt"))


def _compare(path: str, block: int = gg_fast.BLOCK) -> tuple[int, int]:
    """Every hand of `path` on both paths; (hands, hands the fast path took)."""
    rd = read(path, format="ggpoker", errors="collect")
    by_index = {h.index: h for h in rd}
    errors = {(e.hand - 1 if e.hand is not None else None): e for e in rd.errors}
    seen = taken = 0
    for it in gg_fast.scan(path, format="ggpoker", block=block):
        if isinstance(it, tuple):
            # a file the scanner leaves whole to the reader (text before any header...)
            assert it == ("other", path)
            return len(by_index) + len(errors), 0
        if isinstance(it, gg_fast.GGTail):
            got = list(it.hands())
            seen += len(got)
            for x in got:
                if isinstance(x, HistoryError):
                    assert str(x) == str(errors[x.hand - 1 if x.hand is not None else None])
                else:
                    want = by_index[x.index]
                    assert (x.actions, x.line, x.winnings) == (want.actions, want.line,
                                                               want.winnings)
            continue
        phh = list(read(text=it.data.decode("ascii"), format="phh")) if it.data else []
        k = 0
        for i in range(len(it)):
            seen += 1
            idx = it.index[i]
            if it.srec[i, stars_fast.S_STATUS] == stars_fast.PHH:
                _same_hand(phh[k], by_index[idx], it, i)
                k += 1
            if not it.fast(i):
                try:
                    h = it.hand(i)
                except HistoryError as e:
                    assert idx in errors and str(e) == str(errors[idx])
                else:
                    assert idx not in errors
                    want = by_index[idx]
                    assert (h.actions, h.line, h.winnings, h.rake, h.extra) == (
                        want.actions, want.line, want.winnings, want.rake, want.extra)
                continue
            taken += 1
            _same_replay(by_index[idx], it, i)
        assert k == len(phh)
    assert seen == len(by_index) + len(errors)
    return seen, taken


def _same_hand(phh: Any, want: Any, it: gg_fast.GGBatch, i: int) -> None:
    for field in ("variant", "starting_stacks", "antes", "blinds_or_straddles", "actions",
                  "players"):
        got, exp = getattr(phh, field), getattr(want, field)
        if isinstance(exp, (list, tuple)):
            got, exp = list(got), list(exp)
        assert got == exp, field
    n = want.seats
    assert it.srec[i, stars_fast.S_WON:stars_fast.S_WON + n].tolist() == want.winnings
    assert int(it.srec[i, stars_fast.S_RAKE]) == want.rake
    assert want.extra["unit"] == "cents" and it.cents[i] == 1


def _same_replay(h: Any, it: gg_fast.GGBatch, i: int) -> None:
    r = h.replay(allin_ev=False)
    n = h.seats
    assert it.rec[i, fast.SEATS] == n
    assert it.payouts[i, :n].tolist() == list(r.payouts)
    assert it.contributions[i, :n].tolist() == list(r.contributions)
    assert it.net[i, :n].tolist() == list(r.net)
    assert int(it.rec[i, fast.AGREE]) == int(r.agrees_with_record)
    assert int(it.taken_rake[i]) == r.rake
    assert it.net_after_rake[i, :n].tolist() == list(r.net_after_rake)
    assert it.names(i) == h.players
    assert it.line(i) == h.line and it.file(i) == h.source
    assert it.unit(i) == summary_module._unit_of(h)
    got = it.hand(i)
    assert (got.actions, got.extra) == (h.actions, h.extra)


def test_every_real_sample_is_the_same_on_both_paths() -> None:
    seen = taken = 0
    for p in SAMPLES:
        s, t = _compare(str(p))
        seen += s
        taken += t
    # the samples' plain hands go the fast way (the rest: straddles, missed blinds,
    # Bet & Muck, EV cash-outs, run twice and three times)
    assert seen == 16 and taken >= 8, (seen, taken)


def test_generated_hands_are_the_same_on_both_paths(tmp_path: Path) -> None:
    f = tmp_path / "gen.txt"
    f.write_text(ggpoker_corpus(600, seed=7))
    seen, taken = _compare(str(f))
    assert seen == 600 and taken == 600
    for it in gg_fast.scan(str(f)):
        assert isinstance(it, gg_fast.GGBatch)
        assert (it.rec[:, fast.AGREE] == 1).all()


def test_stakes_without_a_currency_are_the_same_on_both_paths(tmp_path: Path) -> None:
    f = tmp_path / "gen.txt"
    f.write_text(ggpoker_corpus(40, seed=11).replace("$", ""))
    assert _compare(str(f)) == (40, 40)


def test_small_blocks_cut_hands_as_one_read(tmp_path: Path) -> None:
    f = tmp_path / "gen.txt"
    f.write_text(ggpoker_corpus(120, seed=3))

    def rows(items: list[Any]) -> list[Any]:
        return [(it.index[i], it.payouts[i].tolist(), it.contributions[i].tolist(),
                 it.names(i), int(it.rec[i, fast.AGREE]), it.line(i))
                for it in items for i in range(len(it))]
    whole = list(gg_fast.scan(str(f)))
    pieces = list(gg_fast.scan(str(f), block=700))
    assert len(whole) == 1 and len(pieces) > 10
    assert rows(pieces) == rows(whole) and len(rows(whole)) == 120
    assert [it.line(i) for it in pieces for i in range(len(it))] == [
        h.line for h in read(str(f), format="ggpoker")]


#: lines a damaged file may gain: each one something the reader reads, refuses or lets go
STRAY = ["{n}: straddle $0.04", "{n}: posts missed blind $0.01", "{n}: Bet & Muck $0.05",
         "{n}: Bet & Muck folds", "{n}: Chooses to EV Cashout", "{n}: Pays Cashout Risk ($1)",
         "{n}: Receives Cashout ($0.5)", '{n} said, "{n}: folds"',
         "*** FIRST FLOP *** [Ah Kd 2c]", "*** SECOND SHOWDOWN ***", "{n}: sits out",
         "{n} collected $0.10 from pot", "{n} collected $0.105 from pot",
         "Uncalled bet ($0.02) returned to {n}", "{n}: shows [qs]", "{n}: mucks hand",
         "Dealt to {n}", "Dealt to {n} [as ks]", "Dealt to {n} [10h  2c]",
         "{n}: raises $0.02 to $0.04 and is all-in", "Seat 9: {n} ($1 in chips)",
         "{n}: bets 1.5", "{n}: calls", "PokerStars Hand #1:", "Poker Hand #TM1: x",
         "Poker Hand #HD7: PLO ($0.1/$0.2) - 2020/01/01 00:00:00",
         "Total pot $1 | Rake $0.5 | Jackpot $0.1", "Total pot $1 | Rake $0.5,0",
         "Total pot $1 | Jackpot $0.1", "Total pot $1 | Rake $.5 | Tax $0.01",
         "Total pot $1 | Rake $0.001", "{n}: posts big blind $0.02",
         "{n}: posts small blind $0.01", "*** SHOWDOWN ***", "*** SUMMARY ***"]


def _damage(text: str, rng: random.Random) -> str:
    lines = text.split("\n")
    names = re.findall(r"(?m)^Seat \d+: (.+?) \(", text) or ["x"]
    for _ in range(rng.randint(1, 4)):
        if not lines:
            break
        k = rng.randrange(len(lines))
        what = rng.randrange(8)
        if what == 0:
            del lines[k]
        elif what == 1:
            lines.insert(k, lines[k])
        elif what == 2 and k + 1 < len(lines):
            lines[k], lines[k + 1] = lines[k + 1], lines[k]
        elif what == 3:
            lines[k] = re.sub(r"\d+", lambda m: str(int(m.group()) + rng.randint(-2, 3)),
                              lines[k], count=1)
        elif what == 4:
            lines.insert(k, rng.choice(STRAY).format(n=rng.choice(names)))
        elif what == 5:
            lines[k] = lines[k].replace(rng.choice(names), rng.choice(names), 1)
        elif what == 6:
            lines[k] = lines[k].upper() if rng.random() < 0.5 else lines[k].lower()
        else:
            c = rng.randrange(len(lines[k]) + 1)
            lines[k] = lines[k][:c] + rng.choice(
                [" ", ":", "$", "[", "]", "0", "\u00e9", "\t", "|", ",", ".", "(", "\r"]) \
                + lines[k][c:]
    return "\n".join(lines)


def _damaged_file(tmp_path: Path, seed: int) -> Path:
    rng = random.Random(seed)
    real = [p.read_text(encoding="utf-8-sig") for p in SAMPLES]
    pick = [rng.choice(real) for _ in range(6)] + ggpoker_corpus(8, seed=seed).split("\n\n")
    rng.shuffle(pick)
    damaged = "\n\n".join(_damage(h, rng) if rng.random() < 0.8 else h for h in pick)
    f = tmp_path / "damaged.txt"
    f.write_bytes(damaged.encode("utf-8"))
    return f


@pytest.mark.parametrize("seed", range(60))
def test_damaged_hands_are_the_same_on_both_paths(tmp_path: Path, seed: int) -> None:
    f = _damaged_file(tmp_path, seed)
    _compare(str(f))
    _compare(str(f), block=1500)


def _rows(s: Any) -> tuple[Any, ...]:
    return (s.read, s.settled, s.refused, s.agreeing, s.recorded, dict(s.units),
            list(s.errors), list(s.unread))


@pytest.mark.parametrize("seed", range(8))
def test_summary_is_the_same_with_the_fast_path_on_and_off(
        tmp_path: Path, seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    f = _damaged_file(tmp_path, 100 + seed)
    g = tmp_path / "gen.txt"
    g.write_text(ggpoker_corpus(50, seed=seed))
    items = [str(f), str(g)] + [str(p) for p in SAMPLES[:4]]
    scan = gg_fast.scan
    taken = [0]

    def counted(*args: Any, **kw: Any) -> Any:
        for it in scan(*args, **kw):
            if isinstance(it, gg_fast.GGBatch):
                taken[0] += sum(it.fast(i) for i in range(len(it)))
            yield it
    monkeypatch.setattr(gg_fast, "scan", counted)
    on = summary(items)
    assert taken[0] >= 50           # the fast path took the generated hands at least
    monkeypatch.setattr(gg_fast, "available", lambda: False)
    off = summary(items)
    assert _rows(on) == _rows(off)
    for a, b in zip(on._columns(), off._columns()):
        assert np.array_equal(a, b)


def test_a_block_left_to_python_reads_the_rest_as_the_reader(tmp_path: Path) -> None:
    # a line starting with a byte that is not ASCII may be cut otherwise by the reader:
    # the scanner leaves the file to Python from the block that holds it on
    text = ggpoker_corpus(60, seed=5)
    k = text.index("*** SUMMARY ***", len(text) // 2)
    f = tmp_path / "gen.txt"
    f.write_text(text[:k] + "\u00e9t\u00e9: folds\n" + text[k:], encoding="utf-8")
    items = list(gg_fast.scan(str(f), block=2000))
    tails = [it for it in items if isinstance(it, gg_fast.GGTail)]
    assert len(tails) == 1 and isinstance(items[0], gg_fast.GGBatch)
    seen, taken = _compare(str(f), block=2000)
    assert seen == 60 and 0 < taken < 60


def test_a_bad_utf8_byte_is_the_readers_file_error(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    text = ggpoker_corpus(30, seed=6).encode()
    k = text.index(b"*** SUMMARY ***", len(text) // 2)
    f = tmp_path / "gen.txt"
    f.write_bytes(text[:k] + b"\xff\n" + text[k:])
    seen, taken = _compare(str(f), block=3000)
    assert 0 < taken < seen
    on = summary(str(f))
    monkeypatch.setattr(gg_fast, "available", lambda: False)
    off = summary(str(f))
    assert _rows(on) == _rows(off)
    assert len(on.unread) == 1 and "not UTF-8 text at line" in on.unread[0]


def test_a_file_of_another_site_is_left_to_its_reader(tmp_path: Path) -> None:
    other = sorted((SITES / "winamax").glob("*.txt"))[0]
    f = tmp_path / "winamax.txt"
    f.write_bytes(other.read_bytes())
    assert list(gg_fast.scan(str(f))) == [("other", str(f))]
    assert list(gg_fast.scan(str(f), format="ggpoker")) == [("other", str(f))]
    g = tmp_path / "gg.txt"
    g.write_text(ggpoker_corpus(3, seed=9))
    items = list(gg_fast.scan([str(f), str(g)]))
    assert items[0] == ("other", str(f)) and len(items) == 2
    assert isinstance(items[1], gg_fast.GGBatch) and len(items[1]) == 3
    assert items[1].file(0) == str(g) and items[1].line(0) == 1
    stray = tmp_path / "stray.txt"
    stray.write_text("not a hand\n" + ggpoker_corpus(2, seed=9))
    assert list(gg_fast.scan(str(stray), format="ggpoker")) == [("other", str(stray))]
