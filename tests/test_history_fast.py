"""The PHH fast path (csrc/history.c through handrank.history.fast) against the Python path.

Every hand the fast path takes whole must give what the Python reader and
replay give; everything else must reach them unchanged (same hands, same
numbers, same errors, same order).
"""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest

from handrank.history import HistoryError, fast, read, summary
from handrank.history._generate import corpus

DATA = Path(os.environ.get("HANDRANK_PHH_DATA", Path(__file__).resolve().parents[2]
                           / "shared" / "data" / "phh"))
real = pytest.mark.skipif(not DATA.is_dir(), reason="real PHH data not present")
pytestmark = pytest.mark.skipif(not fast.available(), reason="the C core is not loaded")

_AGREE = {1: True, 0: False, -1: None}


def _check_batch(b: fast.Batch, i: int) -> bool:
    """Hand i of a batch against the Python reader and replay; True if the fast path took it."""
    try:
        h = b.hand(i)
    except HistoryError:
        assert not b.fast(i), "the fast path took a hand the Python reader refuses"
        return False
    try:
        r = h.replay(allin_ev=False)
    except HistoryError:
        assert not b.fast(i), f"the fast path took a hand the replay refuses: {b.text(i)!r}"
        return False
    if not b.fast(i):
        return False
    k = h.seats
    rec = b.rec[i]
    assert r.settlement is not None and r.payouts is not None
    assert b.payouts[i, :k].tolist() == r.payouts
    assert b.contributions[i, :k].tolist() == r.contributions
    assert b.net[i, :k].tolist() == r.net
    assert int(rec[fast.DEAD]) == r.dead
    assert _AGREE[int(rec[fast.AGREE])] is r.agrees_with_record
    assert bool(rec[fast.FLAGS] & fast.SHOWDOWN) == any(
        len(p.eligible) > 1 for p in r.settlement.pots)
    # the all-in moment, from the Python replay with its (costly) equity left out
    from handrank.history import allin
    keep = allin.board_ev
    allin.board_ev = lambda *a: "left out"     # type: ignore[assignment]
    try:
        moment = h.replay(allin_ev=True).allin_board
    finally:
        allin.board_ev = keep     # type: ignore[assignment]
    assert bool(rec[fast.FLAGS] & fast.ALLIN) == (moment is not None)
    assert b.names(i) == h.players
    assert int(rec[fast.BIG_BLIND]) == (max(h.blinds_or_straddles) or (h.small_bet or 0))
    return True


def _batches(source, **kw):
    out = []
    for it in fast.scan(source, **kw):
        assert isinstance(it, fast.Batch), it
        out.append(it)
    return out


def test_generated_hands_equal_the_python_path():
    n = taken = 0
    for b in _batches(corpus(400, seed=11)):
        for i in range(len(b)):
            taken += _check_batch(b, i)
            n += 1
    assert n == 400 and taken == 400


# each mutation edits the text of one generated hand; many make it a bad hand
def _mutations(text: str, rng: random.Random) -> str:
    lines = text.splitlines()
    k = next(j for j, ln in enumerate(lines) if ln.startswith("actions"))
    acts = lines[k][len("actions = ["):-1].split(", ")
    what = rng.randrange(13)
    if what == 0 and len(acts) > 1:
        del acts[rng.randrange(len(acts))]
    elif what == 1:
        j = rng.randrange(len(acts))
        acts.insert(j, acts[j])
    elif what == 2 and len(acts) > 2:
        j = rng.randrange(len(acts) - 1)
        acts[j], acts[j + 1] = acts[j + 1], acts[j]
    elif what == 3:
        acts = [a.replace("cc", "cbr " + str(rng.choice([0, 100, 150, 9999, 10000, 10001])))
                if rng.random() < 0.2 else a for a in acts]
    elif what == 4:
        ranks, suits = "23456789TJQKA", "cdhs"
        card = rng.choice(ranks) + rng.choice(suits)
        j = rng.randrange(len(acts))
        a = acts[j]
        acts[j] = a[:-3] + card + "'" if a.startswith("'d") else a
    elif what == 5:
        acts.append(rng.choice(["'p1 f'", "'p2 cc'", "'d db 2c'", "'p3 sm'", "'p1 sm ????'",
                                "'p7 f'", "'p1 xx'", "'p2'", "' '", "'d'", "'d dh p1'"]))
    elif what == 6:
        acts = acts[:rng.randrange(1, len(acts) + 1)]
    elif what == 7:
        lines[k - 1] = lines[k - 1].replace("10000", str(rng.choice([50, 99, 0, 20000])), 1)
    elif what == 8:
        lines = [ln.replace("blinds_or_straddles = [50, 100", "blinds_or_straddles = "
                            + rng.choice(["[100, 50", "[0, 0", "[50, 100, 200", "[0, 100"]))
                 for ln in lines]
    elif what == 9:
        lines = [ln.replace("ante_trimming_status = true", "ante_trimming_status = false")
                 .replace("antes = [0, 0", "antes = [" + str(rng.choice([5, 10000, 20000]))
                          + ", 7") for ln in lines]
    elif what == 10:
        lines.insert(rng.randrange(len(lines) + 1), rng.choice(
            ["# a comment", "x = 1.5", "players = ['a', 'b', 'c', 'd', 'e', 'f']",
             "players = ['a']", "rake = 0", "small_bet = 7", "winnings = [0, 0, 0, 0, 0, 0]",
             "hand = 007", "variant = 'NT'", "y = [1, 'a']", "z = \"q\\\\\"", "w = 'é'"]))
    elif what == 11 and any(ln.startswith("finishing_stacks") for ln in lines):
        # half chips in the record (the Pluribus logs have them)
        j = next(j for j, ln in enumerate(lines) if ln.startswith("finishing_stacks"))
        nums = [int(x) for x in lines[j][len("finishing_stacks = ["):-1].split(", ")]
        a, b = rng.sample(range(len(nums)), 2)
        da, db = rng.choice([(0.5, -0.5), (0.5, 0.5), (1.5, -1.5), (0.0, 0.0), (0.5, 0)])
        txt = [str(x) for x in nums]
        txt[a], txt[b] = str(nums[a] + da), str(nums[b] + db)
        lines[j] = "finishing_stacks = [" + ", ".join(txt) + "]"
    else:
        acts = [a.replace("d dh p", "d dh  p") if rng.random() < 0.3 else a for a in acts]
        lines = [ln.replace("variant = 'NT'", "variant = " + rng.choice(
            ["'FT'", "'PT'", "'PO'", "\"NT\"", "'XX'", "1"])) for ln in lines]
    lines[k] = "actions = [" + ", ".join(acts) + "]"
    return "\n".join(lines) + "\n"


def test_mutated_hands_fast_or_python_never_different():
    rng = random.Random(5)
    texts = [t.split("\n", 1)[1] for t in corpus(300, seed=12).split("\n\n") if t.strip()]
    taken = refused = 0
    for _ in range(1500):
        text = _mutations(rng.choice(texts), rng)
        for b in _batches(text):
            for i in range(len(b)):
                if _check_batch(b, i):
                    taken += 1
                else:
                    refused += 1
    assert taken > 200 and refused > 200          # both sides of the fence were tried


def _outcomes(rd_source, **kw):
    """Per hand: (file, index, payouts) or the error text, through read() and replay."""
    rd = (read(text=rd_source, errors="collect") if isinstance(rd_source, str)
          and ("\n" in rd_source or "=" in rd_source) else read(rd_source, errors="collect"))
    out = []
    for h in rd:
        try:
            r = h.replay(allin_ev=False)
            out.append((h.source, h.index, r.payouts))
        except HistoryError as e:
            out.append(str(e))
    return out, [str(e) for e in rd.errors]


def _fast_outcomes(source, **kw):
    out, bad = [], []
    for it in fast.scan(source, **kw):
        if isinstance(it, tuple):
            o, e = _outcomes(it[1])
            out += o
            bad += e
        elif isinstance(it, fast.Tail):
            for x in it.hands():
                if isinstance(x, HistoryError):
                    bad.append(str(x))
                else:
                    try:
                        out.append((x.source, x.index, x.replay(allin_ev=False).payouts))
                    except HistoryError as e:
                        out.append(str(e))
        else:
            for i in range(len(it)):
                if it.fast(i):
                    k = int(it.rec[i, fast.SEATS])
                    out.append((it.file(i), it.index[i], it.payouts[i, :k].tolist()))
                    continue
                try:
                    h = it.hand(i)
                except HistoryError as e:
                    bad.append(str(e))
                    continue
                try:
                    out.append((h.source, h.index, h.replay(allin_ev=False).payouts))
                except HistoryError as e:
                    out.append(str(e))
    return out, bad


def test_files_blocks_and_odd_text_as_read_cuts_them(tmp_path):
    hands = [t for t in corpus(30, seed=13).split("\n\n") if t.strip()]
    body = "\n\n".join(hands) + "\n"
    odd = ("# only a comment\n[empty]\n\n# nothing\n" + body.replace("[3]\n", "[3]\n# c\n")
           + "[bad]\nvariant = 'NT\n[last]\n" + hands[4].split("\n", 1)[1] + "\n")
    (tmp_path / "a.phhs").write_text(odd)
    (tmp_path / "b.phhs").write_bytes(odd.replace("\n", "\r\n").encode())     # CRLF
    (tmp_path / "c.phhs").write_bytes(b"\xef\xbb\xbf" + odd.encode())            # a BOM
    (tmp_path / "d.phhs").write_bytes(odd.replace("\n", "\r", 3).encode())      # lone CR
    k = odd.rindex("[last]")                                                   # late
    (tmp_path / "d2.phhs").write_bytes((odd[:k] + odd[k:].replace("\n", "\r", 2)).encode())
    (tmp_path / "e.phhs").write_text(odd.replace("'NT'", "'NT'\nplayers = ['Zoë', 'b', "
                                                 "'c', 'd', 'e', 'f']", 2), encoding="utf-8")
    (tmp_path / "f.txt").write_text("not a hand\n")
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "g.phh").write_text(hands[0].split("\n", 1)[1])
    want = _outcomes(tmp_path)
    assert len(want[0]) > 150 and want[1]
    assert _fast_outcomes(tmp_path) == want
    # a big file block by block: blocks far smaller than a hand still cut it right
    big = tmp_path / "a.phhs"
    for block in (97, 1000, 1 << 20):
        got = _fast_outcomes(big, block=block)
        old = fast.SMALL
        fast.SMALL = 64                    # every file read as a big one
        try:
            assert _fast_outcomes(big, block=block) == _outcomes(big) == got
            for name in ("d.phhs", "d2.phhs", "c.phhs", "b.phhs"):
                assert _fast_outcomes(tmp_path / name, block=block) == _outcomes(
                    tmp_path / name), (name, block)
        finally:
            fast.SMALL = old
    # text sources: no newline translation, as read() reads a string
    assert _fast_outcomes(odd) == _outcomes(odd)
    assert _fast_outcomes(odd.replace("\n", "\r\n")) == _outcomes(odd.replace("\n", "\r\n"))


def test_read_only_mode_takes_the_same_hands():
    text = corpus(50, seed=14)
    (a,) = _batches(text)
    (b,) = _batches(text, settle=False)
    assert a.rec[:, fast.STATUS].tolist() == b.rec[:, fast.STATUS].tolist() == [0] * 50
    assert not b.payouts.any()


def test_summary_fast_equals_python(tmp_path, monkeypatch):
    (tmp_path / "g.phhs").write_text(corpus(300, seed=15))
    (tmp_path / "h.phh").write_text("variant = 'NT'\nstarting_stacks = [1, 2]\nactions = []\n")
    (tmp_path / "i.phhs").write_text("[1]\nvariant = 'NT\n")
    a = summary(tmp_path)
    monkeypatch.setattr(fast, "available", lambda: False)
    b = summary(tmp_path)
    assert (a.read, a.settled, a.agreeing, a.refused) == (b.read, b.settled, b.agreeing,
                                                          b.refused) == (302, 300, 300, 2)
    assert a.errors == b.errors and a.rows == b.rows


@real
def test_pluribus_all_10000_fast_equal_python():
    n = 0
    for b in _batches(DATA / "pluribus"):
        for i in range(len(b)):
            assert b.fast(i), b.text(i)
            h = b.hand(i)
            r = h.replay(allin_ev=False)
            k = h.seats
            assert b.payouts[i, :k].tolist() == r.payouts, h.source
            assert b.contributions[i, :k].tolist() == r.contributions
            assert _AGREE[int(b.rec[i, fast.AGREE])] is r.agrees_with_record is True
            n += 1
    assert n == 10_000


@real
def test_real_files_summary_fast_equals_python(monkeypatch):
    src = [DATA / "pluribus" / "100", DATA / "wsop", DATA / "dwan-ivey-2009.phh"]
    a = summary(src)
    monkeypatch.setattr(fast, "available", lambda: False)
    b = summary(src)
    assert a.rows == b.rows and a.errors == b.errors
    assert (a.read, a.settled, a.agreeing, a.refused) == (b.read, b.settled, b.agreeing,
                                                          b.refused)


def test_fast_payouts_chosen_by_what_the_game_is():
    """replay's quick payout path: by the Game's properties (issue 19), not its name."""
    import handrank as hr
    from handrank.history.replay import _fast_tables
    taken = []
    for name in hr.games():
        g = hr.game(name)
        want = (g.halves == ("high",) and g.hand == "any" and g.hole_cards == 2
                and g.board_cards == 5 and not g.options)
        assert (_fast_tables(name) is not None) == want, name
        taken += [name] * want
    assert "holdem" in taken and "omaha" not in taken


def test_dask_histories_tasks_of_many_files_same_as_one_summary_per_file(tmp_path,
                                                                           monkeypatch):
    from .conftest import dask_or_skip
    hd = dask_or_skip()
    from handrank.history._summary import Summary
    (tmp_path / "a.phhs").write_text(corpus(40, seed=3) + "[x]\nvariant = 'NT\n")
    (tmp_path / "b.phh").write_text("variant = 'NT'\nstarting_stacks = [1, 2]\nactions = []\n")
    (tmp_path / "c.phhs").write_text("[1]\nvariant = 'NT\n" + corpus(20, seed=4))
    (tmp_path / "d.txt").write_text(corpus(3, seed=5))      # read as PokerStars: refused
    want = Summary()
    for f in sorted(tmp_path.iterdir()):
        want = want.merge(summary(f))
    for per_task in (1, 2, 2000):
        monkeypatch.setattr(hd, "_HISTORY_TASK_FILES", per_task)
        got = hd.histories([tmp_path])
        assert got.rows == want.rows and got.errors == want.errors
        assert (got.read, got.settled, got.agreeing, got.refused) == (
            want.read, want.settled, want.agreeing, want.refused)
    assert want.errors[0].endswith("hand 41, line 402)") and "b.phh" in want.errors[1]


def test_cli_history_progress_on_a_terminal(tmp_path, capsys, monkeypatch):
    """A bar on a terminal: tqdm where installed, else a plain counter; same summary."""
    import sys

    from handrank.cli import main
    from handrank.cli._history import _summarize
    for i in range(3):
        (tmp_path / f"{i}.phhs").write_text(corpus(5, seed=20 + i))
    (tmp_path / "3.phhs").write_text("[1]\nvariant = 'NT\n")
    files = sorted(str(p) for p in tmp_path.iterdir())
    want = summary(files)
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True, raising=False)
    monkeypatch.setitem(sys.modules, "tqdm", None)          # no tqdm: the plain counter
    got = _summarize(files, None, step=2)
    assert got.rows == want.rows and got.errors == want.errors and got.read == 16
    err = capsys.readouterr().err
    assert "history: 2/4 files" in err and "history: 4/4 files" in err
    assert main(["history", str(tmp_path)]) == 0
    out = capsys.readouterr()
    assert ("16 hands read: 15 settled, 1 refused; 15 of 15 hands with a recorded result "
            "agree with it") in out.out
    assert "history: 4/4 files" in out.err and "bad TOML" in out.err


SHORT = """variant = "NS"
ante_trimming_status = true
antes = [3000, 3000, 3000, 3000, 3000, 3000]
blinds_or_straddles = [0, 0, 0, 0, 0, 3000]
min_bet = 3000
starting_stacks = [495000, 232000, 362000, 403000, 301000, 204000]
actions = ["d dh p1 Th8h", "d dh p2 QsJd", "d dh p3 QhQd", "d dh p4 8d7c", "d dh p5 KhKs", \
"d dh p6 8c7h", "p1 cc", "p2 cc", "p3 cbr 35000", "p4 f", "p5 cbr 298000", "p6 f", "p1 f", \
"p2 f", "p3 cc", "p5 sm KhKs", "p3 sm QhQd", "d db 9h6cKc", "d db Jh", "d db Ts"]
"""


def test_short_deck_replays_with_its_ranking_and_deck():
    """NS (Triton London 2019, Xuan v Phua): settled by the short-deck game's tables."""
    import handrank as hr
    (h,) = read(text=SHORT)
    r = h.replay()
    # by hand: antes 6 x 3,000, limps of 3,000 by p1 and p2, the button's 3,000 blind,
    # and 298,000 each from p3 and p5 (all in): 623,000
    assert sum(r.contributions) == 623_000
    # the game's own tables: K-Q-J-T-9 against K-K-K-J-T
    g = hr.game("shortdeck")
    board = "9h6cKcJhTs"
    best = 2 if hr.evaluate("QhQd" + board, game=g) > hr.evaluate("KhKs" + board, game=g) else 4
    assert r.payouts == [623_000 if s == best else 0 for s in range(6)]
    assert r.agrees_with_record is None                     # no record
    assert r.allin_ev is not None           # by hr.equity(game="shortdeck"): test_history_allin
    with pytest.raises(HistoryError, match="'2h' is not in the deck"):
        next(read(text=SHORT.replace("Th8h", "Th2h"))).replay()
    (b,) = _batches(SHORT)
    assert not b.fast(0)                    # the fast path leaves short deck to Python


def test_allin_ev_c_counts_equal_the_numpy_enumeration(monkeypatch):
    """The exact EV from hr_equity_exact's counts equals the one from every run-out
    enumerated with the game's batch evaluator (allin._enumerate_boards), as exact
    fractions; flop and turn all-ins (and a few preflop ones: 1.7M boards each)."""
    from handrank.core import kernels
    from handrank.history import allin
    hands = []
    pre = 0
    for h in read(text=corpus(250, seed=31)):
        r = h.replay()
        if r.allin_ev is None:
            continue
        if r.allin_board == "":
            pre += 1
            if pre > 2:
                continue
        hands.append((h, r.allin_ev_exact))
    monkeypatch.setattr(kernels, "holdem_exact_counts", lambda *a: None)
    monkeypatch.setattr(allin, "MEMO_SIZE", 0)
    assert [h.replay().allin_ev_exact for h, _ in hands] == [e for _, e in hands]
    assert len(hands) > 20 and pre > 2          # side pots and multiway included


def _as_omaha(text: str, rng: random.Random) -> str:
    """A generated hold'em hand dealt again as pot-limit Omaha: two more cards a seat."""
    import re

    from handrank.core.cards import card_str
    used = set(re.findall(r"[2-9TJQKA][cdhs]", text.split("actions = ")[1].split("\n")[0]))
    deck = [card_str(c) for c in range(52) if card_str(c) not in used]
    rng.shuffle(deck)
    extra: dict[str, str] = {}

    def deal(m: re.Match[str]) -> str:
        extra[m.group(1)] = deck.pop() + deck.pop()
        return f"d dh {m.group(1)} {m.group(2)}{extra[m.group(1)]}"
    text = re.sub(r"d dh (p\d+) ([2-9TJQKA][cdhs]{1}[2-9TJQKA][cdhs])", deal, text)
    text = re.sub(r"(p\d+) sm ([2-9TJQKA][cdhs][2-9TJQKA][cdhs])",
                  lambda m: f"{m.group(1)} sm {extra[m.group(1)]}{m.group(2)}", text)
    text = re.sub(r"finishing_stacks = .*\n", "", text)
    return text.replace("variant = 'NT'", "variant = " + rng.choice(["'PO'", "'NO'"]))


def test_omaha_hands_equal_the_python_path():
    rng = random.Random(8)
    texts = [t.split("\n", 1)[1] for t in corpus(300, seed=16).split("\n\n") if t.strip()]
    taken = showdowns = 0
    for text in texts:
        (b,) = _batches(_as_omaha(text, rng))
        taken += _check_batch(b, 0)
        showdowns += bool(b.rec[0, fast.FLAGS] & fast.SHOWDOWN)
    assert taken == 300 and showdowns > 50
    # and mutated: bad Omaha hands reach the Python path unchanged
    for _ in range(300):
        (b,) = _batches(_mutations(_as_omaha(rng.choice(texts), rng), rng))
        _check_batch(b, 0)
