"""summary() of PokerStars text takes the C fast path (handrank.history.stars_fast) for
the hands it is sure of: the result must be the one of the Python reader and replay.

The oracle is summary() with the PokerStars fast path switched off
(``stars_fast.available`` made to say False: every PokerStars file then goes
through ``read()`` and ``Hand.replay`` as before), compared field by field:
counts, errors (file, hand, line), units, rows (net after the rake, all-in
adjusted net, showdown, big blind) and ``to_pandas()`` (totals and tracker
statistics).  Inputs: every real PokerStars sample folder of tests/data/sites/
(sources and licences in its README), generated hands
(handrank.history._generate_sites), damaged copies of real hands, a file cut in
small blocks with a part left to Python, and a bad byte in a later block.
"""

from __future__ import annotations

import gzip
import random
import re
from pathlib import Path
from typing import Any

import pytest

from handrank.history import stars_fast, summary
from handrank.history._generate_sites import pokerstars_corpus

pd = pytest.importorskip("pandas")

pytestmark = pytest.mark.skipif(not stars_fast.available(), reason="needs the C core")

SITES = Path(__file__).resolve().parent / "data" / "sites"
FOLDERS = sorted(p for p in SITES.glob("pokerstars*") if p.is_dir())


def _both(monkeypatch: pytest.MonkeyPatch, source: Any, **kw: Any) -> tuple[Any, Any, int]:
    """summary(source) with and without the fast path, and the hands the fast path took."""
    taken = [0]
    real = stars_fast.scan

    def counting(*a: Any, **k: Any) -> Any:
        for it in real(*a, **k):
            if isinstance(it, stars_fast.StarsBatch):
                taken[0] += sum(it.fast(i) for i in range(len(it)))
            yield it
    with monkeypatch.context() as m:
        m.setattr(stars_fast, "scan", counting)
        on = summary(source, **kw)
    with monkeypatch.context() as m:
        m.setattr(stars_fast, "available", lambda: False)
        off = summary(source, **kw)
    return on, off, taken[0]


def _same(on: Any, off: Any) -> None:
    assert on == off                    # counts, errors, player and every row
    assert (on.units, on.recorded, on.unread) == (off.units, off.recorded, off.unread)
    assert on.rows == off.rows
    pd.testing.assert_frame_equal(on.to_pandas(), off.to_pandas())
    assert on.table() == off.table() and on.table("bb") == off.table("bb")


@pytest.mark.parametrize("folder", FOLDERS, ids=lambda p: p.name)
def test_every_real_folder_sums_up_the_same(monkeypatch: pytest.MonkeyPatch,
                                            folder: Path) -> None:
    on, off, taken = _both(monkeypatch, str(folder))
    _same(on, off)
    assert on.read > 0


def test_the_real_folders_go_mostly_the_fast_way(monkeypatch: pytest.MonkeyPatch,
                                                 tmp_path: Path) -> None:
    # summary() reads no .gz file: the compressed samples are written out as text
    out = tmp_path / "gz"
    out.mkdir()
    for p in sorted(p for f in FOLDERS for p in f.glob("*.gz")):
        (out / f"{p.parent.name}_{p.name.removesuffix('.gz')}").write_bytes(
            gzip.decompress(p.read_bytes()))
    on, off, taken = _both(monkeypatch, [str(f) for f in FOLDERS] + [str(out)])
    _same(on, off)
    # the real samples hold money (USD cents) and tournament hands, hands refused, hands
    # left to Python (dead blinds, cash-outs, sitting out...) and rake taken by the record
    assert on.refused > 0 and on.read > on.settled and taken >= 1300, (on, taken)
    assert "USD cents" in on.units and "chips" in on.units
    assert any("line" in e for e in on.errors)


def test_a_player_and_no_statistics(monkeypatch: pytest.MonkeyPatch) -> None:
    on, off, _ = _both(monkeypatch, str(SITES / "pokerstars"), stats=False)
    _same(on, off)
    who = on._most()
    on, off, _ = _both(monkeypatch, str(SITES / "pokerstars"), player=who)
    _same(on, off)
    assert len(on) > 0 and {r.player for r in on.rows} == {who}


@pytest.mark.parametrize("seed", [1, 2])
def test_generated_hands_sum_up_the_same(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                         seed: int) -> None:
    f = tmp_path / "gen.txt"
    f.write_text(pokerstars_corpus(400, seed=seed))
    on, off, taken = _both(monkeypatch, str(f))
    _same(on, off)
    assert on.read == on.settled == on.agreeing == 400 and taken == 400
    # cash hands with rake taken and all-in hands are there
    assert on.units.get("USD cents", 0) > 0
    assert any(r.net != r.adjusted_net for r in on.rows)


def _damage(text: str, rng: random.Random) -> str:
    lines = text.split("\n")
    for _ in range(rng.randint(1, 3)):
        k = rng.randrange(len(lines))
        what = rng.randrange(4)
        if what == 0:
            del lines[k]
        elif what == 1:
            lines.insert(k, lines[k])
        elif what == 2:
            lines[k] = re.sub(r"\d+", lambda m: str(int(m.group()) + rng.randint(-2, 3)),
                              lines[k], count=1)
        else:
            c = rng.randrange(len(lines[k]) + 1)
            lines[k] = lines[k][:c] + rng.choice([" ", ":", "$", "é"]) + lines[k][c:]
    return "\n".join(lines)


@pytest.mark.parametrize("seed", range(8))
def test_damaged_hands_sum_up_the_same(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                       seed: int) -> None:
    rng = random.Random(seed)
    real = [p for p in sorted((SITES / "pokerstars-pokerregion").glob("*.txt"))]
    text = rng.choice(real).read_text(encoding="utf-8-sig")
    hands = [h for h in re.split(r"(?m)^(?=PokerStars (?:Zoom )?(?:Hand|Game) #)", text)
             if h.strip()]
    pick = [rng.choice(hands) for _ in range(10)] + [pokerstars_corpus(6, seed=seed)]
    f = tmp_path / "damaged.txt"
    f.write_text("\n\n".join(_damage(h, rng) if rng.random() < 0.7 else h for h in pick),
                 encoding="utf-8")
    _same(*_both(monkeypatch, str(f))[:2])


def test_small_blocks_and_a_part_left_to_python(monkeypatch: pytest.MonkeyPatch,
                                                tmp_path: Path) -> None:
    text = pokerstars_corpus(80, seed=5)
    k = text.index("*** SUMMARY ***", len(text) // 2)
    f = tmp_path / "gen.txt"
    f.write_text(text[:k] + "\u00e9t\u00e9: folds\n" + text[k:], encoding="utf-8")
    monkeypatch.setattr(stars_fast, "BLOCK", 2000)
    on, off, taken = _both(monkeypatch, str(f), progress=False)
    _same(on, off)
    assert on.read == 80 and 0 < taken < 80


def test_a_bad_byte_in_a_later_block_is_the_readers_error(monkeypatch: pytest.MonkeyPatch,
                                                         tmp_path: Path) -> None:
    text = pokerstars_corpus(60, seed=6).encode("utf-8")
    k = text.index(b"*** SUMMARY ***", 2 * len(text) // 3)
    f = tmp_path / "gen.txt"
    f.write_bytes(text[:k] + b"\xff\n" + text[k:])
    monkeypatch.setattr(stars_fast, "BLOCK", 3000)
    on, off, taken = _both(monkeypatch, [str(f), str(f)])
    _same(on, off)
    assert len(on.unread) == 2 and "not UTF-8 text at line" in on.unread[0] and taken > 0


def test_other_sites_and_mixed_lists(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    g = tmp_path / "gen.txt"
    g.write_text(pokerstars_corpus(30, seed=8))
    items = [str(SITES / "winamax"), str(g), str(SITES / "ggpoker"), str(tmp_path / "none.txt")]
    on, off, taken = _both(monkeypatch, items)
    _same(on, off)
    assert taken == 30 and on.unread


def test_one_summary_per_file_order_as_the_command_line_reads(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    # the command line and the Dask runner list each file's read errors after its hands
    from handrank.history._summary import Summary, _add_fast
    g = tmp_path / "gen.txt"
    g.write_text(pokerstars_corpus(20, seed=4))
    items = [str(SITES / "pokerstars"), str(g), str(SITES / "pokerstars-jspokerparser")]

    def run() -> Any:
        s = Summary()
        _add_fast(s, items, None, per_file=True)
        return s
    on = run()
    with monkeypatch.context() as m:
        m.setattr(stars_fast, "available", lambda: False)
        off = run()
    _same(on, off)
    assert on.errors and on.unread
