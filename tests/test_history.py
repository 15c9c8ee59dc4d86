"""handrank.history: settle(dead=), fold wins without cards, PHH reading, replay, errors."""

from __future__ import annotations

import os
import sys
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import pytest

import handrank as hr
from handrank.history import HistoryError, allin, read, summary
from handrank.history.phh import _chunks, loads_table

from .conftest import dask_or_skip

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

# The real hands: ../shared/data/phh beside the checkout (as laid for the
# project and its CI), or HANDRANK_PHH_DATA; the tests that need them skip
# without them.
DATA = Path(os.environ.get("HANDRANK_PHH_DATA", Path(__file__).resolve().parents[2]
                           / "shared" / "data" / "phh"))
real = pytest.mark.skipif(not DATA.is_dir(), reason="real PHH data not present")

HU = """variant = 'NT'
ante_trimming_status = true
antes = [0, 0, 0]
blinds_or_straddles = [50, 100, 0]
min_bet = 100
starting_stacks = [1000, 400, 1000]
actions = ['d dh p1 AsKs', 'd dh p2 QhQd', 'd dh p3 2c7d', 'p3 f', 'p1 cbr 1000', 'p2 cc', \
'd db 2s3s9h', 'd db Tc', 'd db Jd', 'p1 sm AsKs', 'p2 sm QhQd']
finishing_stacks = [600, 800, 1000]
"""


def test_settle_dead_money_goes_to_main_pot_never_back():
    # WSOP 2023 #43 hand 68 by hand: the 225,000 big-blind ante is dead
    s = hr.settle("2c8cTh Ah 6d", ["8d3s", "9d9c", None, None, "AcKc"],
                  [75000, 3350000, 0, 0, 3350000],
                  folded=[True, False, True, True, False], dead=225000)
    assert s.payouts == [0, 0, 0, 0, 7000000]
    # without dead= the ante given as a contribution comes back as "uncalled"
    s0 = hr.settle("2c8cTh Ah 6d", ["8d3s", "9d9c", None, None, "AcKc"],
                   [75000, 3575000, 0, 0, 3350000], folded=[True, False, True, True, False])
    assert s0.payouts == [0, 225000, 0, 0, 6775000]
    # dead money in a pot with an uncalled bet: the bet comes back, the dead chips do not
    s = hr.settle("2c8cTh Ah 6d", ["9d9c", "AcKc"], [100, 300], dead=30)
    assert s.payouts == [0, 430]
    s = hr.settle("2c8cTh Ah 6d", ["AcKc", "9d9c"], [100, 300], dead=30)
    assert s.payouts == [230, 200]
    assert sum(s.payouts) == 430


def test_settle_dead_checks():
    with pytest.raises(hr.InvalidShowdownError, match="dead is negative"):
        hr.settle(None, [None, "AsKs"], [1, 2], folded=[True, False], dead=-1)
    with pytest.raises(TypeError, match="dead must be a whole number"):
        hr.settle(None, [None, "AsKs"], [1, 2], folded=[True, False], dead=1.5)


def test_fold_winner_needs_no_hand():
    s = hr.settle(None, [None, None, None], [10, 20, 40], folded=[True, True, False], dead=5)
    assert s.payouts == [0, 0, 75]
    # still demanded at a real showdown
    with pytest.raises(hr.InvalidShowdownError, match="no hand"):
        hr.settle("2c8cTh Ah 6d", [None, "AsKs"], [10, 10])


def test_replay_small_hand():
    (h,) = read(text=HU)
    r = h.replay()
    # by hand: QQ holds against AK; the main pot is 400 + 400, and 600 of p1's
    # 1000 is uncalled and comes back
    assert r.payouts == [600, 800, 0]
    assert r.net == [-400, 400, 0]
    assert r.agrees_with_record is True
    (h2,) = read(text=HU.replace("[600, 800, 1000]", "[600, 850, 950]"))
    r2 = h2.replay()
    assert r2.agrees_with_record is False
    assert "p2: recorded 850, replayed 800 (+50)" in r2.disagreement
    assert "p3: recorded 950" in r2.disagreement
    assert read(text=HU.replace("finishing_stacks = [600, 800, 1000]\n", "")).__next__(
        ).replay().agrees_with_record is None
    assert read(text=h.to_phh()).__next__() == h


def test_fast_reader_matches_toml():
    text = HU + "event = \"x # y\"\nday = 3\nflag = false\nx = 1.5\n"
    assert loads_table(text) == tomllib.loads(text)
    text2 = "a = [\n 1, 2,\n]\n# c\nb = 'q'  # comment\n"
    assert loads_table(text2) == tomllib.loads(text2)


def test_phhs_and_streams(tmp_path):
    body = "".join(f"[{i}]\n{HU}\n" for i in range(1, 4))
    p = tmp_path / "a.phhs"
    p.write_text(body)
    hands = list(read(p))
    assert len(hands) == 3 and [h.index for h in hands] == [0, 1, 2]
    with open(p) as f:
        assert len(list(read(f))) == 3
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "b.phh").write_text(HU)
    assert len(list(read(tmp_path))) == 4
    assert [n for n, _ in _chunks(body.splitlines(True))] == ["1", "2", "3"]


BAD = {
    "unknown card": ("'d dh p1 AsKs'", "'d dh p1 AsZz'", "invalid card"),
    "duplicate card": ("'d dh p2 QhQd'", "'d dh p2 QhAs'", "duplicate card 'As'"),
    "out of turn": ("'p3 f', 'p1 cbr 1000'", "'p1 cbr 1000', 'p3 f'", "out of turn"),
    "bet > stack": ("'p1 cbr 1000'", "'p1 cbr 1001'", "only 1000 behind"),
    "after over": ("'p3 f', 'p1 cbr 1000', 'p2 cc'", "'p3 f', 'p1 cbr 1000', 'p2 f', 'p3 cc'",
                   "after the hand is over"),
    "unknown variant": ("variant = 'NT'", "variant = 'XX'", "unknown variant"),
    "truncated": ("'d db Tc', 'd db Jd', 'p1 sm AsKs', 'p2 sm QhQd'", "'d db Tc'",
                  "truncated"),
}


@pytest.mark.parametrize("case", sorted(BAD))
def test_bad_hands_name_the_reason(case):
    old, new, msg = BAD[case]
    assert old in HU
    (h,) = read(text=HU.replace(old, new))
    with pytest.raises(HistoryError, match=msg) as e:
        h.replay()
    assert isinstance(e.value, ValueError)


def test_bad_toml_is_collected(tmp_path):
    p = tmp_path / "x.phhs"
    p.write_text(f"[1]\n{HU}\n[2]\nvariant = 'NT\n[3]\n{HU}\n[4]\nvariant = 'NT'\n")
    with pytest.raises(HistoryError, match="bad TOML") as e:
        list(read(p))
    assert e.value.hand == 2 and e.value.file == str(p)      # 1-based, as printed
    rd = read(p, errors="collect")
    assert len(list(rd)) == 2
    assert [(x.hand, "TOML" in x.reason or "missing" in x.reason) for x in rd.errors] == [
        (2, True), (4, True)]


@real
def test_wsop_43_hand_68_winner_gets_7m():
    (h,) = read(DATA / "wsop/2023/43/5/68.phh")
    r = h.replay()
    assert r.payouts[4] == 7_000_000
    assert r.dead == 225_000
    assert r.agrees_with_record is True


@real
def test_real_files_fast_reader_equals_toml_and_round_trip():
    for p in sorted(DATA.rglob("*.phh")):
        if "pluribus" in p.parts and not p.name.startswith("1"):
            continue                       # a tenth of Pluribus keeps this quick
        text = p.read_text()
        assert loads_table(text) == tomllib.loads(text), p
        for h in read(p):
            assert next(read(text=h.to_phh())) == h, p


@real
def test_real_hands_replay_and_agree():
    counts = {"agree": 0, "unsupported": 0}
    pluribus = 0
    for h in read(DATA):
        r = h.replay()
        if r.error:
            assert r.error.startswith("not settleable yet: game"), (h.source, r.error)
            assert h.game is None
            counts["unsupported"] += 1
            continue
        if h.finishing_stacks is None and h.winnings is None:
            assert r.agrees_with_record is None     # the famous hands record no result
            continue
        assert r.agrees_with_record is True, (h.source, r.disagreement)
        counts["agree"] += 1
        pluribus += "pluribus" in (h.source or "")
    assert pluribus == 10_000
    assert counts["unsupported"] == 0           # short deck replays too (stud, razz,
    #                                            draw: see test_history_boardless.py)


ALLIN3 = """variant = 'NT'
ante_trimming_status = false
antes = [5, 5, 5]
blinds_or_straddles = [50, 100, 0]
min_bet = 100
starting_stacks = [300, 1000, 1000]
actions = ['d dh p1 AsKs', 'd dh p2 QhQd', 'd dh p3 Jc9c', 'p3 cbr 300', 'p1 cc', \
'p2 cbr 995', 'p3 cc', 'd db 2s3sTc', 'd db 4d', 'd db 8h']
"""


def _oracle_ev(h, board_at, holes):
    """Brute force: settle every remaining board (deck less the live hands), average."""
    import itertools

    from handrank.core.cards import card_str, cards
    r = h.replay()
    used = set(cards(board_at)) | {c for x in holes for c in cards(x)}
    deck = [c for c in range(52) if c not in used]
    k = 5 - len(cards(board_at))
    tot = [0] * h.seats
    m = 0
    for extra in itertools.combinations(deck, k):
        b = board_at + "".join(card_str(c) for c in extra)
        st = hr.settle(b, holes, [c - (5 if not h.ante_trimming_status else 0)
                                  for c in r.contributions],
                       button=h.seats - 1, dead=r.dead)
        tot = [t + p for t, p in zip(tot, st.payouts)]
        m += 1
    return [Fraction(t, m) - c for t, c in zip(tot, r.contributions)]


def test_allin_ev_against_brute_force():
    (h,) = read(text=ALLIN3)
    r = h.replay()
    assert r.allin_board == ""
    # main pot 3 x 295 + dead antes; side pot between p2 and p3
    assert [p.amount for p in r.pots] == [3 * 295 + 15, 2 * 700]
    holes = ["AsKs", "QhQd", "Jc9c"]
    # preflop brute force is 1.7M settles: check on the flop instead, same code path
    flop = ALLIN3.replace(
        "'p3 cbr 300', 'p1 cc', 'p2 cbr 995', 'p3 cc', 'd db 2s3sTc'",
        "'p3 cc', 'p1 cc', 'p2 cc', 'd db 2s3sTc', 'p1 cbr 195', 'p2 cbr 895', 'p3 cc'")
    (hf,) = read(text=flop)
    rf = hf.replay()
    assert rf.allin_board == "2s3sTc"
    want = _oracle_ev(hf, "2s3sTc", holes)
    # no odd chip in these pots (900 and 1,400 split 2 or 3 ways): the mean payout is the EV
    assert rf.allin_ev_exact == want
    assert rf.allin_ev == [allin.expectation(x) for x in want]
    assert all(type(x) in (int, Decimal) for x in rf.allin_ev)
    assert sum(rf.allin_ev_exact) == 0
    assert rf.adjusted_net == rf.allin_ev
    checked = ("'p3 f', 'p1 cc', 'p2 cc', 'd db 2s3s9h', 'p1 cc', 'p2 cc', 'd db Tc', "
               "'p1 cc', 'p2 cc', 'd db Jd', 'p1 cc', 'p2 cc', 'p1 sm AsKs', 'p2 sm QhQd']")
    (h0,) = read(text=HU[:HU.index("'p3 f'")] + checked + "\n")
    r0 = h0.replay()
    assert r0.allin_ev is None and r0.adjusted_net == r0.net


def _hand(text: str, name: str = "x"):
    (h,) = read(text=text)
    h.source = name
    return h


def test_summary_hand_computed(tmp_path):
    # hand A: HU above, p1 -400, p2 +400 at showdown, p3 0 (folded)
    a = HU.replace("starting_stacks", "players = ['ann', 'bob', 'cy']\nstarting_stacks")
    # hand B: p3 raises to 300, everyone folds: p3 wins the blinds (+150), p1 -50, p2 -100
    b = a.split("actions")[0] + (
        "actions = ['d dh p1 AsKs', 'd dh p2 QhQd', 'd dh p3 2c7d', 'p3 cbr 300', 'p1 f', "
        "'p2 f']\n")
    (tmp_path / "a.phh").write_text(a)
    (tmp_path / "b.phh").write_text(b)
    (tmp_path / "c.phh").write_text(a.replace("AsKs", "AsZz"))    # refused, not dropped
    s = summary(tmp_path)
    assert (s.read, s.settled, s.agreeing, s.refused) == (3, 2, 1, 1)
    assert "invalid card" in s.errors[0]
    t = s.totals()
    assert {k: v for k, v in t["ann"].items() if k != "allin_adjusted_net"} == {
        "hands": 2, "net": -450, "showdown_net": -400, "non_showdown_net": -50,
        "net_bb": Decimal("-4.5")}
    assert t["bob"]["net"] == 300 and t["bob"]["showdown_net"] == 400
    assert t["cy"]["net"] == 150 and t["cy"]["non_showdown_net"] == 150
    # all-in adjusted: hand A went all in preflop (AK v QQ, exact equity from hr.equity;
    # the folded seat's 2c7d is not removed from the deck, by the documented definition)
    eq = hr.equity(["AsKs", "QhQd"], exact=True).equity
    want_ann = 800 * float(eq[0]) - 1000 + 600 - 50
    assert float(t["ann"]["allin_adjusted_net"]) == pytest.approx(want_ann)
    assert type(t["ann"]["allin_adjusted_net"]) is Decimal
    net, adj = s.curves("ann")
    assert net == [-400, -450]
    only = summary(tmp_path, player="bob")
    assert {r.player for r in only.rows} == {"bob"}
    pytest.importorskip("pandas", reason="to_pandas needs the pandas extra")
    df = s.to_pandas()
    assert df.loc["cy", "net"] == 150
    pytest.importorskip("matplotlib", reason="plot needs the plot extra")
    out = tmp_path / "g.png"
    only.plot(out, unit="bb")
    assert out.stat().st_size > 1000


def test_dask_histories_same_as_summary(tmp_path):
    hd = dask_or_skip()
    for i in range(3):
        (tmp_path / f"{i}.phh").write_text(HU.replace("AsKs", ["AsKs", "AhKh", "AdKd"][i]))
    a = hd.histories([tmp_path])
    b = summary(tmp_path)
    assert a.rows == b.rows and a.totals() == b.totals()


def test_cli_history(tmp_path, capsys):
    from handrank.cli import main
    (tmp_path / "a.phh").write_text(HU)
    (tmp_path / "b.phh").write_text(HU.replace("AsKs", "AsAs"))
    j = tmp_path / "o.json"
    try:
        import pandas  # noqa: F401
        csv = ["--csv", str(tmp_path / "o.csv")]
    except ImportError:      # --csv needs the pandas extra; the rest runs without it
        csv = []
    assert main(["history", str(tmp_path), "--json", str(j), *csv]) == 0
    out = capsys.readouterr()
    assert ("2 hands read: 1 settled, 1 refused; 1 of 1 hand with a recorded result agrees "
            "with it") in out.out
    assert "duplicate card" in out.err
    import json
    d = json.loads(j.read_text())
    assert d["refused"] == 1 and d["players"]["p2"]["net"] == 400


def test_generated_corpus_agrees_and_fast_path_equals_settle():
    from handrank.history._generate import corpus
    n = 0
    for h in read(text=corpus(1500, seed=7)):
        r = h.replay()
        assert r.agrees_with_record is True, (h.index, r.disagreement)
        assert r.payouts == r.settlement.payouts          # the fast path against settle
        assert sum(r.net) == 0
        n += 1
    assert n == 1500


@real
def test_pluribus_fast_path_equals_settle():
    for h in read(DATA / "pluribus" / "100"):
        r = h.replay()
        assert r.payouts == r.settlement.payouts, h.source


PS_CASH = """PokerStars Hand #200000001:  Hold'em No Limit ($0.01/$0.02 USD) - \
2020/01/01 12:00:00 ET
Table 'Alpha' 6-max Seat #3 is the button
Seat 1: Alice ($2 in chips)
Seat 3: Bob ($1 in chips)
Seat 5: Carol ($3.00 in chips)
Carol: posts small blind $0.01
Alice: posts big blind $0.02
*** HOLE CARDS ***
Dealt to Carol [Ah Ad]
Bob: raises $0.04 to $0.06
Carol: raises $0.24 to $0.30
Alice: calls $0.28
Bob: raises $0.70 to $1 and is all-in
Carol: raises $1.50 to $2.50
Alice: calls $1.70 and is all-in
Uncalled bet ($0.50) returned to Carol
*** FLOP *** [2c 7d Jh]
*** TURN *** [2c 7d Jh] [5s]
*** RIVER *** [2c 7d Jh 5s] [9c]
*** SHOW DOWN ***
Alice: shows [Kc Kd] (a pair of Kings)
Carol: shows [Ah Ad] (a pair of Aces)
Carol collected $1.95 from side pot
Bob: mucks hand
Carol collected $2.95 from main pot
*** SUMMARY ***
Total pot $5 Main pot $2.95. Side pot $1.95. | Rake $0.10
Board [2c 7d Jh 5s 9c]
Seat 1: Alice (big blind) showed [Kc Kd] and lost with a pair of Kings
Seat 3: Bob (button) mucked
Seat 5: Carol (small blind) showed [Ah Ad] and won ($4.90) with a pair of Aces
"""

PS_TOURNEY = """PokerStars Hand #200000002: Tournament #99, $1.00+$0.10 USD Hold'em No Limit - \
Level II (15/30) - 2020/01/01 12:05:00 ET
Table '99 1' 9-max Seat #1 is the button
Seat 1: Ann (1500 in chips)
Seat 2: Ben (1,000 in chips)
Seat 4: Cal (800 in chips)
Ann: posts the ante 5
Ben: posts the ante 5
Cal: posts the ante 5
Ben: posts small blind 15
Cal: posts big blind 30
*** HOLE CARDS ***
Ann: folds
Ben: raises 60 to 90
Cal: folds
Uncalled bet (60) returned to Ben
Ben collected 75 from pot
Ben: doesn't show hand
*** SUMMARY ***
Total pot 75 | Rake 0
Seat 2: Ben (small blind) collected (75)
"""


def test_pokerstars_cash_rake_side_pot_uncalled_shows_mucks():
    (h,) = read(text=PS_CASH)
    assert h.players == ["Carol", "Alice", "Bob"]           # p1 = first seat after the button
    assert h.starting_stacks == [300, 200, 100] and h.extra["unit"] == "cents"
    assert h.rake == 10 and h.winnings == [540, 0, 0]        # collected + uncalled returned
    r = h.replay()
    # Bob mucked, so he gives up his claim: his chips join one pot of Alice and Carol
    assert [(p.amount, p.eligible) for p in r.pots] == [(500, (0, 1)), (50, (0,))]
    assert r.payouts == [550, 0, 0]
    assert r.agrees_with_record is True and "rake of 10" in r.disagreement
    assert r.net == [300, -200, -100]          # before the rake (net does not take it off)
    assert next(read(text=h.to_phh())) == h
    (bad,) = read(text=PS_CASH.replace("Carol collected $2.95", "Carol collected $2.90"))
    assert bad.replay().agrees_with_record is False


def test_pokerstars_tournament_antes_and_folds(tmp_path):
    p = tmp_path / "t.txt"
    p.write_text(PS_TOURNEY + "\n\n" + PS_CASH)
    a, b = read(p)
    assert a.antes == [5, 5, 5] and a.blinds_or_straddles == [15, 30, 0]
    r = a.replay()
    assert r.dead == 15 and r.payouts == [135, 0, 0] and r.agrees_with_record is True
    assert b.players[0] == "Carol"
    assert len(list(read(tmp_path))) == 2


def test_truncated_file_is_reported(tmp_path):
    from handrank.history._generate import corpus
    text = corpus(5, seed=3)
    p = tmp_path / "cut.phhs"
    p.write_text(text[: text.rindex("actions") + 40])      # cut inside the last actions array
    rd = read(p, errors="collect")
    hands = list(rd)
    assert len(hands) == 4 and len(rd.errors) == 1
    assert rd.errors[0].hand == 5 and "TOML" in rd.errors[0].reason


def test_streams_in_bounded_memory():
    import tracemalloc

    def lines():
        """A 5,000-hand .phhs (about 2.6 MB) made line by line, never held whole."""
        for i in range(5000):
            yield f"[{i + 1}]\n"
            yield from HU.splitlines(True)

    class File:
        name = "stream.phhs"

        def read(self) -> str:
            raise RuntimeError("read() would hold the whole file")

        def __iter__(self):
            return lines()

    tracemalloc.start()
    n = sum(1 for _ in read(File()))
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert n == 5000
    assert peak < 300_000            # one hand at a time: kilobytes, not the 2.6 MB


def test_settle_dead_in_omaha_high():
    s = hr.settle("Ac 7d 2d 9h 3s", ["As Ah Kd Qd", "Ks Kh 2c 3c"], [10, 30], game="omaha",
                  dead=5)
    assert s.payouts == [25, 20]          # 20 of seat 1's 30 uncalled; the dead 5 are not


@pytest.mark.parametrize("stacks, message", [
    ("[-100, 100]", r"starting_stacks\[0\] must be a chip count"),
    ("[100, 'x']", r"starting_stacks\[1\] must be a chip count"),
    ("[]", "starting_stacks"),
])
def test_bad_stacks_are_a_history_error(stacks, message):
    text = ('variant = "NT"\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n'
            f'starting_stacks = {stacks}\n'
            'actions = ["d dh p1 AsKs", "d dh p2 7c2d", "p2 f"]\n')
    with pytest.raises(HistoryError, match=message):
        for hand in read(text=text):
            hand.replay()


def test_cli_history_outputs_name_the_extra_they_need(tmp_path, capsys):
    """Without pandas (matplotlib), --csv (--plot) is one line naming the extra, at once."""
    import subprocess
    code = ("import sys; sys.modules['pandas'] = None; sys.modules['matplotlib'] = None; "
            "from handrank.cli import main; sys.exit(main(sys.argv[1:]))")
    (tmp_path / "a.phh").write_text(HU)
    for flag, needs, extra in (("--csv", "pandas", "pandas"), ("--plot", "matplotlib", "plot")):
        out = tmp_path / f"o-{flag[2:]}"
        p = subprocess.run([sys.executable, "-c", code, "history", str(tmp_path), flag, str(out)],
                           capture_output=True, text=True, timeout=120)
        assert p.returncode == 2, p.stderr
        assert p.stderr.strip() == (f"handrank: error: {flag} needs {needs} "
                                    f"(pip install 'handrank[{extra}]')")
        assert p.stdout == "" and not out.exists()


@pytest.mark.parametrize("keep, message", [
    (1, "a header and nothing else: no table, seats or actions"),
    (2, "fewer than 2 seats"),
    (5, r"no actions after the seats \(a hand cut short\?\)"),
])
def test_pokerstars_header_only_hand_is_refused_once(tmp_path, keep, message):
    text = "\n".join(PS_CASH.splitlines()[:keep]) + "\n"
    with pytest.raises(HistoryError, match=message) as e:
        list(read(text=text))
    # named once, 1-based, with the line of its header
    assert str(e.value).count("(hand 1, line 1)") == 1 and e.value.hand == 1
    # with other hands around it: refused with its file and number, the others read
    p = tmp_path / "h.txt"
    p.write_text(PS_TOURNEY + "\n\n" + text + "\n\n" + PS_CASH)
    rd = read(p, errors="collect")
    assert [h.extra["hand"] for h in rd] == [200000002, 200000001]
    (err,) = rd.errors
    line = (PS_TOURNEY + "\n\n").count("\n") + 1       # the refused hand's header
    assert err.hand == 2 and err.file == str(p) and err.line == line
    assert str(err).count("(file") == 1 and str(err).endswith(
        f"(file {str(p)!r}, hand 2, line {line})")


def test_pokerstars_errors_name_the_hand_once():
    (bad,) = [PS_CASH.replace("Table 'Alpha' 6-max Seat #3 is the button\n", "")]
    with pytest.raises(HistoryError) as e:
        list(read(text=bad))
    assert str(e.value) == "no button line (hand 1, line 1)"
    with pytest.raises(HistoryError) as e:
        list(read(text=PS_CASH.replace("Hold'em No Limit", "Razz")))
    assert str(e.value).count("(hand 1, line 1)") == 1 and "unsupported game" in str(e.value)


def test_rake_the_record_states_comes_off_the_net():
    (h,) = read(text=PS_CASH)
    r = h.replay()
    # by hand: Carol is paid 550 by the replay, 540 by the record: the 10 rake is hers
    assert r.rake == 10 and r.net == [300, -200, -100]
    assert r.net_after_rake == [290, -200, -100]
    s = summary(PS_CASH)
    t = s.totals()
    assert t["Carol"]["net"] == 290 and t["Alice"]["net"] == -200 and t["Bob"]["net"] == -100
    # no rake stated: nothing comes off
    (h2,) = read(text=HU)
    r2 = h2.replay()
    assert r2.rake == 0 and r2.net_after_rake == r2.net


def test_a_string_with_a_nul_byte_is_named_not_opened():
    with pytest.raises(ValueError, match="neither PHH text .* nor a path .*NUL byte"):
        list(read("\x00\xff garbage"))


@pytest.mark.parametrize("name", ["holdem", "holdem-hilo", "omaha-hilo"])
def test_replay_settles_by_game_as_settle_by_name(name: str) -> None:
    """The replay settles every showdown by ``settle_game`` for the history's Game;
    for the games ``settle`` takes by name that is what ``settle(game=name)`` pays
    and says, pot for pot (side pots, folds, odd chips, dead money)."""
    import random

    from handrank.games import game
    from handrank.showdown.pots import settle, settle_game

    rng = random.Random(17)
    hole = 4 if name == "omaha-hilo" else 2
    for _ in range(300):
        n = rng.randint(2, 6)
        cards = rng.sample(range(52), 5 + n * hole)
        board = cards[:5]
        hands = [cards[5 + s * hole:5 + (s + 1) * hole] for s in range(n)]
        chips = [rng.choice([1, 5, 7, 20, 33]) for _ in range(n)]
        folded = [rng.random() < 0.2 for _ in range(n)]
        if all(folded):
            folded[0] = False
        hs = [None if f else h for h, f in zip(hands, folded)]
        button, dead = rng.randrange(n), rng.choice([0, 0, 3])
        a = settle(board, hs, chips, folded=folded, button=button, game=name, dead=dead)
        b = settle_game(board, hs, chips, game(name), folded=folded, button=button, dead=dead)
        assert a == b and str(a) == str(b)
