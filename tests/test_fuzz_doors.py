"""Property-based fuzzing of the doors tests/test_fuzz.py does not reach (hypothesis).

Every game through every operation, ranges, boards and the hand index,
draw odds, video poker, hand histories (mutated PHH text), the Dask entry
points on a small LocalCluster and the command line as a subprocess.  What
must hold everywhere: a result or a named error (HandrankError, ValueError,
TypeError, with a message), never another exception, a crash or a hang;
and where there is an answer: batch equals one by one, C equals the
pure-Python backend, chips are conserved, index and unindex are inverse.

The default profile keeps this file well under 90 s on one core.
``HANDRANK_FUZZ=long`` runs ten times the examples of every property (and
draws new ones each run instead of the fixed derandomized set).
``HANDRANK_FUZZ_REPORT=path.json`` writes the cases tried per door.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from collections import Counter
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import handrank as hr
from handrank.boards.index import Indexer

from .fuzz_corpus import ALLOWED, TOKENS, bounded, outcome

LONG = os.environ.get("HANDRANK_FUZZ") == "long"
CASES: Counter[str] = Counter()


def profile(n: int) -> Any:
    """n examples (ten times as many with HANDRANK_FUZZ=long)."""
    return settings(max_examples=n * 10 if LONG else n, deadline=None, derandomize=not LONG,
                    suppress_health_check=list(HealthCheck), database=None)


@pytest.fixture(scope="module", autouse=True)
def _report() -> Iterator[None]:
    yield
    path = os.environ.get("HANDRANK_FUZZ_REPORT")
    if path:
        old: dict[str, int] = {}
        if os.path.exists(path):
            with open(path) as f:
                old = json.load(f)
        for k, v in CASES.items():
            old[k] = old.get(k, 0) + v
        with open(path, "w") as f:
            json.dump(old, f, indent=1, sort_keys=True)


GAMES = sorted(hr.games())
JUNK = st.one_of(st.sampled_from(TOKENS), st.text(max_size=8), st.integers(-5, 70),
                 st.booleans(), st.none(), st.floats(allow_nan=True),
                 st.sampled_from(["random", "RANDOM", "??", "AsAs", "As Kd 7h 2c 3d 4s 5h 6c",
                                  2 ** 64, -1, b"As", [True, False]]))


def _deck(name: str) -> list[int]:
    return [int(c) for c in hr.deal(1, 1, seed=0, game=name, dead="")[0]] and \
        sorted(int(c) for c in np.unique(hr.deal(400, 1, seed=1, game=name)))


DECKS = {name: _deck(name) for name in GAMES}


@st.composite
def spot(draw: Any, name: str) -> tuple[Any, Any, Any]:
    """(hand, board, other hands) of game `name`: mostly valid, sometimes hostile."""
    g = hr.game(name)
    deck = DECKS[name]
    hole = g.hole_cards
    n_board = 0 if g.hand_sizes else draw(st.sampled_from([3, 4, 5]))
    cards = draw(st.permutations(deck))[:hole * 3 + n_board]
    hand: Any = cards[:hole]
    board: Any = cards[hole:hole + n_board] if n_board else None
    others: Any = [cards[hole + n_board + i * hole: hole + n_board + (i + 1) * hole]
                   for i in range(2)]
    mode = draw(st.integers(0, 9))
    if mode == 0:
        hand = draw(JUNK)
    elif mode == 1:
        hand = list(hand[:-1]) + [draw(st.integers(-3, 80))]
    elif mode == 2 and len(hand) > 1:
        hand = list(hand[:-1]) + [hand[0]]                # a repeat
    elif mode == 3:
        board = draw(st.one_of(JUNK, st.just(hand)))     # junk, or the hand again
    elif mode == 4 and all(c < 52 for c in hand):       # text (a joker, id 52, has none)
        hand = " ".join(hr.card_str(c) for c in hand)
    return hand, board, others


@profile(60)
@given(st.data())
def test_every_game_every_operation(data: Any) -> None:
    name = data.draw(st.sampled_from(GAMES))
    hand, board, others = data.draw(spot(name))
    CASES["games x operations"] += 1
    ev = outcome(lambda: hr.evaluate(hand, board=board, game=name))
    CASES[f"games x operations: evaluate {ev[0]}"] += 1
    outcome(lambda: hr.best_five(hand, board=board, game=name))
    if ev[0] == "ok":
        # batch equals one by one, and the description of the strength answers
        g = hr.game(name)
        holes = np.asarray([hr.cards(hand)], dtype=np.uint8)
        boards = None if board is None else np.asarray([hr.cards(board)], dtype=np.uint8)
        batch = hr.evaluate_batch(holes, boards=boards, game=name) if boards is not None \
            else hr.evaluate_batch(holes, game=name)
        strength = hr.evaluate(hand, board=board, game=name)
        got = [int(x) for x in np.ravel(batch[0])]
        assert got == [int(x) for x in np.ravel(strength)], (name, hand, board, got, strength)
        if not isinstance(strength, tuple):
            outcome(lambda: hr.describe(strength, game=name))
            outcome(lambda: hr.category(strength, game=name))
        assert g.name
    players = [hand, *others]
    eq = outcome(lambda: hr.equity(players, board=board or "", game=name, trials=300, seed=7))
    CASES[f"games x operations: equity {eq[0]}"] += 1
    if eq[0] == "ok":
        r = hr.equity(players, board=board or "", game=name, trials=300, seed=7)
        assert abs(float(np.sum(r.equity)) - 1.0) < 1e-9
    st_ = outcome(lambda: hr.settle(board, players, [100, 60, 60], game=name))
    CASES[f"games x operations: settle {st_[0]}"] += 1
    if st_[0] == "ok":
        s = hr.settle(board, players, [100, 60, 60], game=name)
        assert sum(s.payouts) == 220, s          # every chip paid out, none made
        assert all(p >= 0 for p in s.payouts)


RANGE_TOKENS = ["AA", "KK+", "22+", "AKs", "AKo", "AK", "A2s-A5s", "KQ", "T9s+", "random",
                "AsKs", "QQ:0.5", "JJ:2", "AA:-1", "AA:nan", "XX", "", ",", "+", "-",
                "A5s-A2s", "99-22", "AKs+", "72o", "A", "AAA", "AA**", "AsKd:0.25"]


VALID_RANGE = [t for t in RANGE_TOKENS if t in ("AA", "KK+", "22+", "AKs", "AKo", "AK",
                                                 "A2s-A5s", "KQ", "T9s+", "QQ:0.5", "99-22",
                                                 "AKs+", "72o", "AsKs", "AsKd:0.25")]
range_texts = st.one_of(
    st.lists(st.sampled_from(VALID_RANGE), min_size=1, max_size=4),           # valid
    st.lists(st.one_of(st.sampled_from(RANGE_TOKENS), st.text(max_size=5)), max_size=6))


@profile(40)
@given(range_texts, st.integers(0, 2**32))
def test_ranges(tokens: list[str], seed: int) -> None:
    CASES["ranges"] += 1
    text = ",".join(tokens)
    r = outcome(lambda: hr.Range(text))
    CASES[f"ranges: {r[0]}"] += 1
    if r[0] != "ok":
        return
    rng = np.random.default_rng(seed)
    board = [int(c) for c in rng.permutation(52)[:int(rng.integers(3, 6))]]
    a = outcome(lambda: hr.analyze(text, board))
    if a[0] == "ok":
        res = hr.analyze(text, board)
        assert res is not None
    outcome(lambda: hr.equity([text, "random"], board=board, trials=200, seed=seed))


@profile(30)
@given(st.one_of(st.lists(st.integers(1, 3), min_size=1, max_size=3),
                st.lists(st.integers(-1, 5), min_size=0, max_size=5)),
       st.one_of(st.integers(2, 13), st.integers(-1, 14)),
       st.sampled_from(["imperfect", "perfect", "imperfect", "bad"]),
       st.integers(0, 2**32))
def test_index(rounds: list[int], ranks: int, recall: str, seed: int) -> None:
    CASES["index"] += 1
    made = outcome(lambda: Indexer(rounds, recall=recall, ranks=ranks))
    CASES[f"index: indexer {made[0]}"] += 1
    if made[0] != "ok":
        return
    ix = Indexer(rounds, recall=recall, ranks=ranks)
    rng = np.random.default_rng(seed)
    for street in range(ix.streets):
        size = ix.size(street)
        idx = np.unique(rng.integers(0, size, size=min(size, 200)))
        hands = ix.unindex_batch(idx, street)
        assert np.array_equal(ix.index_batch(hands, street), idx)
        # suits relabelled and order changed inside the first group: the same index
        perm = rng.permutation(4)
        relabel = (hands // 4) * 4 + perm[hands % 4]
        first = ix.groups(street)[0]
        relabel[:, :first] = relabel[:, :first][:, ::-1]
        assert np.array_equal(ix.index_batch(relabel, street), idx)
        for wrong in (size, -1):
            assert outcome(lambda w=wrong, k=street: ix.unindex_batch(np.array([w]), k))[0] \
                == "error"
        bad = hands[:1].copy()
        if bad.size:
            bad[0, 0] = 4 * ranks
            assert outcome(lambda b=bad, k=street: ix.index_batch(b, k))[0] == "error"
    outcome(lambda: ix.size(ix.streets))


@profile(15)
@given(st.integers(1, 6), st.integers(0, 2**32), st.one_of(JUNK, st.integers(-2, 5)))
def test_boards(n: int, seed: int, street: Any) -> None:
    CASES["boards"] += 1
    from handrank import boards
    ranks = 4
    rng = np.random.default_rng(seed)
    b = np.stack([rng.permutation(4 * ranks)[:5] for _ in range(n)]).astype(np.uint8)
    idx, ehs = boards.river_values(b, ranks)
    assert idx.shape == ehs.shape == (n, 55)
    assert np.all((ehs >= 0) & (ehs <= 1))
    # every pair of hole pairs shares out one pot: EHS averages to 1/2 per board
    assert np.allclose(ehs.mean(axis=1), 0.5)
    b[0, 0] = 4 * ranks + int(rng.integers(0, 100))
    assert outcome(lambda: boards.river_values(b, ranks))[0] == "error"
    outcome(lambda: boards._street(street))


DRAW_GAMES = ["draw", "27-draw", "27-triple", "a5-triple", "badugi"]


@profile(25)
@given(st.sampled_from(DRAW_GAMES), st.integers(0, 2**32), st.integers(0, 6),
       st.one_of(st.none(), st.integers(-2, 6), JUNK))
def test_draw_odds(game: str, seed: int, mode: int, max_discard: Any) -> None:
    CASES["draw_odds"] += 1
    rng = np.random.default_rng(seed)
    size = 4 if game == "badugi" else 5
    cards = [int(c) for c in rng.permutation(52)[:2 * size + 2]]
    hand: Any = cards[:size]
    vs: Any = None
    dead: Any = ""
    if mode == 1:
        vs = cards[size:2 * size]
    elif mode == 2:
        dead = cards[2 * size:]
    elif mode == 3:
        hand = hand[:-1] + [hand[0]]
    elif mode == 4:
        vs = hand
    elif mode == 5:
        hand = "random"
    kwargs: dict[str, Any] = {"game": game, "dead": dead, "vs": vs}
    if mode == 6 or max_discard is not None:
        kwargs["max_discard"] = max_discard
    CASES[f"draw_odds: {outcome(lambda: hr.draw_odds(hand, **kwargs))[0]}"] += 1


PAYTABLES = sorted(__import__("handrank.games.videopoker", fromlist=["PAYTABLES"]).PAYTABLES)


@profile(15)
@given(st.one_of(st.sampled_from(PAYTABLES), JUNK,
                 st.dictionaries(st.text(max_size=6), st.one_of(st.integers(-5, 900),
                                                                 st.floats()), max_size=4)),
       st.integers(0, 2**32), st.booleans())
def test_video_poker(paytable: Any, seed: int, hostile: bool) -> None:
    CASES["video poker"] += 1
    made = outcome(lambda: hr.video_poker(paytable))
    if made[0] != "ok":
        return
    vp = hr.video_poker(paytable)
    rng = np.random.default_rng(seed)
    hand: Any = [int(c) for c in rng.permutation(52)[:5]]
    if hostile:
        hand = random.Random(seed).choice([hand[:4], hand + [hand[0]], "random", [52, 1, 2, 3, 4],
                                           [True, 1, 2, 3, 4], "As As Kd Qd Jd"])
    got = outcome(lambda: vp.hold_values(hand))
    if got[0] == "ok":
        values = vp.hold_values(hand)
        best = vp.hold(hand)
        assert len(values) == 32
        assert values[tuple(best)] == max(values.values())


def _corpus() -> str:
    from handrank.history._generate import corpus
    return corpus(12, seed=5)


CORPUS = _corpus()


@st.composite
def mutated(draw: Any) -> str:
    lines = CORPUS.splitlines()
    for _ in range(draw(st.integers(1, 4))):
        i = draw(st.integers(0, len(lines) - 1))
        kind = draw(st.integers(0, 5))
        if kind == 0:
            del lines[i]
        elif kind == 1:
            lines.insert(i, lines[draw(st.integers(0, len(lines) - 1))])
        elif kind == 2:
            line = lines[i]
            j = draw(st.integers(0, max(0, len(line))))
            lines[i] = line[:j] + draw(st.text(max_size=4)) + line[j + 1:]
        elif kind == 3:
            lines[i] = lines[i].replace("10000", draw(st.sampled_from(
                ["-5", "0", "1e9", "99999999999999999999999", "x", "10000.5", "[]"])))
        elif kind == 4:
            lines[i] = lines[i].replace("'", draw(st.sampled_from(['"', "", "''", "'''"])), 1)
        else:
            lines[i] = lines[i].replace(" cbr ", draw(st.sampled_from(
                [" cbr -", " cc ", " f ", " cbr 1e400 ", " sm ", " xx "])), 1)
    return "\n".join(lines)


@profile(40)
@given(mutated())
def test_histories(text: str) -> None:
    CASES["histories"] += 1
    from handrank import history

    def replay_all() -> list[Any]:
        out = []
        for h in history.read(text=text):
            r = h.replay()
            out.append(r)
        return out

    res = outcome(replay_all)
    CASES[f"histories: {res[0]}"] += 1
    if res[0] != "ok":
        return
    for h in history.read(text=text):
        r = h.replay()
        if r.error is None and r.payouts is not None:
            # chips conserved: what was paid out is what went in, less the rake
            assert sum(r.payouts) + (r.rake or 0) == sum(r.contributions), (h.index, r)


@pytest.fixture(scope="module")
def client() -> Iterator[Any]:
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=False,
                                  dashboard_address=":0", silence_logs=50) as cluster, \
            distributed.Client(cluster, set_as_default=False) as c:
        yield c


@profile(5)
@given(st.integers(0, 2**32), st.sampled_from([0, 1, 2]))
def test_dask_entry_points(client: Any, seed: int, mode: int) -> None:
    CASES["dask"] += 1
    from handrank import dask as hd
    rng = np.random.default_rng(seed)
    cards = [hr.card_str(int(c)) for c in rng.permutation(52)[:8]]
    players: Any = [cards[0] + cards[1], cards[2] + cards[3]]
    board = "".join(cards[4:8])
    if mode == 1:
        players = [players[0], players[0]]
    elif mode == 2:
        players = [players[0], "random"]
    got = outcome(lambda: hd.equity(players, board=board, exact=True, client=client))
    want = outcome(lambda: hr.equity(players, board=board, exact=True))
    assert got[0] == want[0], (got, want)
    if got[0] == "ok":
        a = hd.equity(players, board=board, exact=True, client=client)
        b = hr.equity(players, board=board, exact=True)
        assert np.array_equal(a.equity, b.equity)


CLI_WORDS = ["eval", "games", "equity", "showdown", "range", "history", "boards",
             "preflop-table", "--game", "stud", "omaha", "badugi", "--board", "--dead",
             "--trials", "10", "-1", "0", "99999999999999999999", "--seed", "--json",
             "--scheduler", "tcp://127.0.0.1:1", "AsKs", "QdQc", "random", "AA", "Qh7c2d",
             "As Ks Qs Js Ts", "/nonexistent", "/dev/null", "/", "--out", "--what", "xyz",
             "--bins", "nan", "", "\x00", "é", "--exact", "--threads", "2", "--vs", "--",
             "-", "--plot", "fifth"]


CLI_TEMPLATES = [["eval", "As Ks Qs Js Ts"], ["equity", "AsKs", "QdQc", "--trials", "2000"],
                 ["range", "AA,KQs"], ["games"], ["showdown", "--board", "AsKsQs2d3c"],
                 ["equity", "AsKsQs", "JdTd9d", "--game", "stud", "--trials", "2000"],
                 ["eval", "AsKdQh2c", "--board", "3c4d5h9hKs", "--game", "omaha"]]
cli_argv = st.one_of(
    st.lists(st.sampled_from(CLI_WORDS), min_size=1, max_size=6),
    st.tuples(st.sampled_from(CLI_TEMPLATES), st.lists(st.sampled_from(CLI_WORDS), max_size=2))
    .map(lambda t: [*t[0], *t[1]]))


@profile(8)
@given(cli_argv)
def test_cli_hostile_arguments(argv: list[str]) -> None:
    CASES["cli"] += 1
    argv = [a for a in argv if "\x00" not in a] or ["--bogus"]
    # a valid boards or preflop-table run is minutes of work, not a hostile argument
    assume(not (("boards" in argv or "preflop-table" in argv) and "fifth" not in argv))
    env = {**os.environ, "PYTHONWARNINGS": "ignore"}
    proc = subprocess.run([sys.executable, "-m", "handrank", *argv], capture_output=True,
                          text=True, timeout=120, env=env, stdin=subprocess.DEVNULL)
    CASES[f"cli: exit {proc.returncode}"] += 1
    assert proc.returncode in (0, 1, 2), (argv, proc.returncode, proc.stderr[-2000:])
    assert "Traceback" not in proc.stderr, (argv, proc.stderr[-2000:])


def test_backends_agree_on_every_game() -> None:
    """The pure-Python backend answers every game's evaluate, batch and settle as C does."""
    rng = np.random.default_rng(11)
    calls = []
    for name in GAMES:
        g = hr.game(name)
        deck = DECKS[name]
        for _ in range(8):
            cards = [int(c) for c in rng.permutation(deck)]
            n_board = 0 if g.hand_sizes else int(rng.integers(3, 6))
            hand = cards[:g.hole_cards]
            board = cards[g.hole_cards:g.hole_cards + n_board] or None
            other = cards[g.hole_cards + n_board: 2 * g.hole_cards + n_board]
            if rng.random() < 0.2:
                hand = hand[:-1] + [int(rng.integers(0, 80))]
            calls.append((name, hand, board, other))
    CASES["backends"] += len(calls)
    code = (
        "import json, sys\nimport handrank as hr\n"
        "from tests.fuzz_corpus import outcome\n"
        "out = []\n"
        "for name, hand, board, other in json.load(sys.stdin):\n"
        "    out.append([outcome(lambda: hr.evaluate(hand, board=board, game=name)),\n"
        "                outcome(lambda: hr.settle(board, [hand, other], [30, 50], game=name)"
        ".payouts)])\n"
        "print(json.dumps(out, default=str))\n")
    here = [[outcome(lambda n=n, h=h, b=b: hr.evaluate(h, board=b, game=n)),
             outcome(lambda n=n, h=h, b=b, o=o: hr.settle(b, [h, o], [30, 50],
                                                          game=n).payouts)]
            for n, h, b, o in calls]
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    proc = subprocess.run([sys.executable, "-c", code], input=json.dumps(calls), text=True,
                          capture_output=True, timeout=300, cwd=root,
                          env={**os.environ, "HANDRANK_BACKEND": "python"})
    assert proc.returncode == 0, proc.stderr[-3000:]
    there = json.loads(proc.stdout)
    assert json.loads(json.dumps(here, default=str)) == there


def test_allowed_errors_are_the_documented_ones() -> None:
    assert set(ALLOWED) == {hr.HandrankError, ValueError, TypeError}


# ------------------------------------------------------------- history files

#: What a folder of hand histories may hold.  The kinds that cannot be read
#: (and the reader must name by path, with why) are listed in UNREADABLE.
FILE_KINDS = ["good", "mutated", "bytes", "non-utf8", "empty", "big", "link", "dangling",
              "loop", "fifo", "device", "socket", "unreadable", "dir-loop"]
UNREADABLE = {"dangling", "loop", "fifo", "device", "socket"}


def _make(folder: str, i: int, kind: str, data: Any) -> list[str]:
    """Entry `i` of `kind` in `folder`: the paths it made (a loop is two)."""
    import socket
    import stat
    path = os.path.join(folder, f"f{i}.phh")
    if kind in ("good", "mutated", "empty", "non-utf8", "big", "bytes", "unreadable"):
        if kind == "bytes":
            body = data.draw(st.binary(max_size=3000))
        elif kind == "big":               # 1 MB: one line of junk, or valid hands and junk
            body = (CORPUS.encode() + b"\n" if data.draw(st.booleans()) else b"") \
                + b"#" * (1 << 20)
        else:
            text = {"good": CORPUS, "empty": ""}.get(kind) or data.draw(mutated())
            body = text.encode("utf-8", "surrogatepass")
            if kind == "non-utf8":
                at = data.draw(st.integers(0, len(body)))
                body = body[:at] + data.draw(st.sampled_from([b"\xff", b"\xc3", b"\xed\xa0\x80",
                                                               b"\x80abc"])) + body[at:]
        with open(path, "wb") as f:
            f.write(body)
        if kind == "unreadable":          # root reads it anyway: then it is a plain file
            os.chmod(path, 0)
        return [path]
    if kind == "link":
        target = data.draw(st.sampled_from(["good.phh", "/dev/null", "."]))
        if target == "good.phh":
            with open(os.path.join(folder, "good.phh"), "w") as f:
                f.write(CORPUS)
        os.symlink(target, path)
        return [path]
    if kind == "dangling":
        os.symlink(f"missing{i}.phh", path)
        return [path]
    if kind == "loop":
        other = os.path.join(folder, f"f{i}b.phh")
        os.symlink(os.path.basename(other), path)
        os.symlink(os.path.basename(path), other)
        return [path, other]
    if kind == "fifo":
        os.mkfifo(path)
        return [path]
    if kind == "device":
        if os.geteuid() == 0:
            os.mknod(path, 0o600 | stat.S_IFCHR, os.makedev(1, 3))     # /dev/null's numbers
        else:
            os.symlink("/dev/zero", path)
        return [path]
    if kind == "socket":
        s = socket.socket(socket.AF_UNIX)
        try:
            s.bind(path)
        finally:
            s.close()
        return [path]
    sub = os.path.join(folder, f"d{i}")                  # dir-loop: a folder linking back up
    os.mkdir(sub)
    os.symlink("..", os.path.join(sub, "up"))
    return []


@profile(20)
@given(st.lists(st.sampled_from(FILE_KINDS), min_size=1, max_size=6), st.data())
def test_history_files(kinds: list[str], data: Any) -> None:
    """A folder of good, damaged, linked, looped, special and huge files: summary
    answers (nothing hangs: every call is on the watchdog); every entry that cannot be
    read is named by path with why; a file that can be read is never so named; the
    folder reads the hands its files read one by one; and read(path) of each entry
    gives hands or a named error that says which file."""
    import shutil
    import tempfile

    from handrank import history
    CASES["history files"] += 1
    folder = tempfile.mkdtemp(prefix="hr-fuzz-files-")
    try:
        made: dict[str, str] = {}
        for i, kind in enumerate(kinds):
            for p in _make(folder, i, kind, data):
                made[p] = kind
            CASES[f"history files: {kind}"] += 1
        s = bounded(lambda: history.summary(folder))
        unread = "\n".join(s.unread)
        for p, kind in made.items():
            named = f"'{p}'" in unread
            if kind in UNREADABLE:
                assert named, (kind, p, s.unread)
            elif kind in ("good", "mutated", "empty", "big"):
                assert not named, (kind, p, s.unread)
        assert s.read == s.settled + s.refused, s.counts()
        one_by_one = 0
        for p in sorted(os.listdir(folder)):
            full = os.path.join(folder, p)
            if os.path.isdir(full):
                continue
            one_by_one += bounded(lambda q=full: history.summary(q)).read
            res = outcome(lambda q=full: sum(1 for _ in history.read(q)))
            CASES[f"history files: read {res[0]}"] += 1
            if res[0] == "error":
                assert f"'{full}'" in res[2] or full in res[2], res
        assert s.read == one_by_one, (s.counts(), one_by_one, kinds)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


@profile(3)
@given(st.lists(st.sampled_from(FILE_KINDS), min_size=2, max_size=6), st.data())
def test_history_files_on_the_command_line(kinds: list[str], data: Any) -> None:
    """`handrank history FOLDER` and `handrank history FILE`: exit 0, 1 or 2, no
    traceback, and every entry that cannot be read named on stderr."""
    import shutil
    import tempfile
    CASES["history files cli"] += 1
    folder = tempfile.mkdtemp(prefix="hr-fuzz-files-")
    try:
        made: dict[str, str] = {}
        for i, kind in enumerate(kinds):
            for p in _make(folder, i, kind, data):
                made[p] = kind
        targets = [folder, *sorted(made)[:2]]
        for target in targets:
            proc = subprocess.run([sys.executable, "-m", "handrank", "history", target],
                                  capture_output=True, text=True, timeout=300)
            CASES[f"history files cli: exit {proc.returncode}"] += 1
            assert proc.returncode in (0, 1, 2), (target, proc.returncode, proc.stderr[-2000:])
            assert "Traceback" not in proc.stderr, proc.stderr[-2000:]
            for p, kind in made.items():
                if kind in UNREADABLE and (target == folder or target == p):
                    assert p in proc.stderr, (kind, p, proc.stderr[-2000:])
    finally:
        shutil.rmtree(folder, ignore_errors=True)
