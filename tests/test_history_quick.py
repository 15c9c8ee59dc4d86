"""hr_phh_scan's two readers: the quick one-pass reader against the generic one.

csrc/history.c reads each hand first with a quick reader of the spelling
generated and real files use, and leaves any other hand to the generic
line-by-line reader.  The quick reader must give exactly the generic
reader's record (every field: status, payouts, contributions, flags, names,
all-in board, hole cards...) wherever it takes a hand; elsewhere the generic
reader decides.  The generic reader alone is ``mode | PHH_GENERIC``, the quick
reader alone ``mode | PHH_QUICK_ONLY`` (it marks the hands it leaves, why 70),
so both sides of the fence are checked here: that the quick reader takes the
hands it is meant for, and that whatever it takes, it reads as the generic
reader does.  (The generic reader is checked against the Python reader and
replay by tests/test_history_fast.py.)
"""

from __future__ import annotations

import os
import random
from pathlib import Path

import numpy as np
import pytest

from handrank.core import kernels
from handrank.history import fast
from handrank.history._generate import corpus

from .test_history_fast import _mutations

DATA = Path(os.environ.get("HANDRANK_PHH_DATA", Path(__file__).resolve().parents[2]
                           / "shared" / "data" / "phh"))
real = pytest.mark.skipif(not DATA.is_dir(), reason="real PHH data not present")
pytestmark = pytest.mark.skipif(not fast.available(), reason="the C core is not loaded")

GENERIC, QUICK_ONLY = kernels.PHH_GENERIC, kernels.PHH_QUICK_ONLY


def _call(data: bytes, ends: list[int], final: bool, mode: int
          ) -> tuple[int, int, np.ndarray]:
    """One hr_phh_scan call with room for every hand: (returned, consumed, records)."""
    cap = data.count(b"[") + len(ends) + 1
    out = np.zeros((cap, fast.WIDTH), dtype=np.int64)
    n, consumed = kernels.phh_scan(data, np.asarray(ends, dtype=np.int64), final, mode, out)
    return n, consumed, out[:max(n, 0)]


def _same(data: bytes, ends: list[int], final: bool = True) -> tuple[int, int]:
    """Both readers on ``data`` in both modes: the same result, records equal field by
    field; the quick reader alone agrees on every hand it takes.  (taken by the quick
    reader, hands) in mode 1."""
    taken = hands = 0
    for mode in (0, 1):
        n, used, rec = _call(data, ends, final, mode)
        g_n, g_used, g_rec = _call(data, ends, final, mode | GENERIC)
        assert (n, used) == (g_n, g_used)
        assert np.array_equal(rec, g_rec)
        q_n, q_used, q_rec = _call(data, ends, final, mode | QUICK_ONLY)
        assert (q_n, q_used) == (n, used)
        if n <= 0:
            continue
        mine = q_rec[:, fast.WHY] != 70
        assert np.array_equal(q_rec[mine], rec[mine])
        # what the quick reader leaves: the same hand boundaries
        cols = [fast.SEGMENT, fast.START, fast.END]
        assert np.array_equal(q_rec[:, cols], rec[:, cols])
        if mode == 1:
            taken, hands = int(mine.sum()), n
    return taken, hands


def test_generated_hands_all_taken_by_the_quick_reader():
    text = corpus(600, seed=21).encode()
    taken, hands = _same(text, [len(text)])
    assert hands == 600 and taken == 600
    # cut into blocks at line ends, the last hand of a block left for the next call
    lines = text.split(b"\n")
    rng = random.Random(4)
    for _ in range(40):
        k = rng.randrange(1, len(lines))
        block = b"\n".join(lines[:k]) + b"\n"
        _same(block, [len(block)], final=False)


def test_omaha_and_hilo_hands_taken_alike():
    from .test_history_fast import _as_omaha
    rng = random.Random(8)
    texts = [t.split("\n", 1)[1] for t in corpus(200, seed=9).split("\n\n") if t.strip()]
    hands = [_as_omaha(t, rng) for t in texts]
    hands += [h.replace("variant = 'PO'", "variant = 'FO/8'") for h in hands[:60]]
    data = "".join(f"[{i}]\n{h}\n" for i, h in enumerate(hands)).encode()
    taken, n = _same(data, [len(data)])
    assert n == len(hands) and taken > 0.9 * n


@real
def test_pluribus_and_real_files_as_segments():
    files = sorted(str(p) for p in DATA.rglob("*.phh*"))
    assert len(files) > 10_000
    blobs = [Path(f).read_bytes() for f in files]
    data = b"".join(blobs)
    ends = np.cumsum([len(b) for b in blobs]).tolist()
    taken, hands = _same(data, ends)
    assert hands == len(files)
    pluribus = sum("pluribus" in f for f in files)
    assert pluribus == 10_000 and taken >= pluribus


# spellings beside the quick reader's (old, new, whether the quick reader takes the
# hand): the hand is hand 0 of corpus(1, seed=2) with old replaced by new; each
# read alike by both readers
SPELLINGS = [
    ("variant = 'NT'", 'variant = "NT"', True),
    ("variant = 'NT'", "variant\t= 'NT'", False),
    ("variant = 'NT'", "variant  = 'NT'", False),
    ("variant = 'NT'", "variant='NT'", False),
    ("variant = 'NT'", "variant = 'NT'  ", False),
    ("variant = 'NT'", "  variant = 'NT'", False),
    ("variant = 'NT'", "variant = 'NT' # hold'em", False),
    ("variant = 'NT'", "Variant = 'NT'", False),
    ("variant = 'NT'", "variant = 'NT'\nvariant = 'NT'", False),
    ("variant = 'NT'", "variant = 'NT'\n\n\n", True),
    ("variant = 'NT'", "variant = 'NT'\n# a comment", False),
    ("variant = 'NT'", "variant = 'NT'\nrake = 0", False),
    ("variant = 'NT'", "variant = 'NT'\ncurrency = 'USD'", False),
    ("variant = 'NT'", "variant = 'NT'\nhand = 12\ntable = 'x y'\nday = +3", False),
    ("variant = 'NT'", "variant = 'NT'\nhand = 012", False),
    ("variant = 'NT'", "variant = 'NT'\nhand = 1.5", False),
    ("variant = 'NT'", "variant = 'NT'\nhand = true\nseen = false", True),
    ("variant = 'NT'", "variant = 'NT'\nx = [1, 2]", False),
    ("variant = 'NT'", "variant = 'NT'\nx = 'a\\\\b'", False),
    ("variant = 'NT'", "variant = 'NT'\nhand = 1\nhand = 2", False),
    ("variant = 'NT'", "variant = 'NT'\nsmall_bet = 7", True),
    ("variant = 'NT'", "variant = 'NT'\nsmall_bet = -7", False),
    ("variant = 'NT'", "variant = 'NT'\nplayers = ['a', 'b', 'c', 'd', 'e', 'f']", True),
    ("variant = 'NT'", "variant = 'NT'\nplayers = ['a', \"b\", 'c', 'd', 'e', 'f']", True),
    ("variant = 'NT'", "variant = 'NT'\nplayers = ['a','b', 'c', 'd', 'e', 'f']", False),
    ("variant = 'NT'", "variant = 'NT'\nplayers = ['a', 'b', 'c', 'd', 'e', '#f']", False),
    ("variant = 'NT'", "variant = 'NT'\nplayers = ['a', 'b', 'c', 'd', 'e']", False),
    ("variant = 'NT'", "variant = 'NT'\nplayers = ['a]', 'b', 'c', 'd', 'e', ' f ']", True),
    ("variant = 'NT'", "variant = 'NT'\nwinnings = [0, 0, 0, 0, 0, 0]", False),
    ("ante_trimming_status = true", "ante_trimming_status = false", True),
    ("ante_trimming_status = true", "ante_trimming_status = 1", False),
    ("antes = [0, 0, 0, 0, 0, 0]", "antes = []", False),
    ("antes = [0, 0, 0, 0, 0, 0]", "antes = [0, 0, 0, 0, 0, 0, ]", False),
    ("antes = [0, 0, 0, 0, 0, 0]", "antes = [ 0, 0, 0, 0, 0, 0 ]", False),
    ("antes = [0, 0, 0, 0, 0, 0]", "antes = [+0, 0, 0, 0, 0, 0]", False),
    ("antes = [0, 0, 0, 0, 0, 0]", "antes = [00, 0, 0, 0, 0, 0]", False),
    ("antes = [0, 0, 0, 0, 0, 0]", "antes = [5, 5, 5, 5, 5, 5]", True),
    ("antes = [0, 0, 0, 0, 0, 0]", "antes = [0, 5, 0, 0, 0, 0]", False),
    ("antes = [0, 0, 0, 0, 0, 0]", "antes = [0,0,0,0,0,0]", False),
    ("straddles = [50, 100, 0", "straddles = [50, 100, 200", False),
    ("straddles = [50, 100, 0", "straddles = [50.0, 100, 0", False),
    ("starting_stacks = [", "starting_stacks = [1000000000000000, ", False),
    ("starting_stacks = [", "starting_stacks = [100000000000000, ", False),
    ("min_bet = 100", "min_bet = 100\r", False),
    ("min_bet = 100", "min_bet = 1e2", False),
    ("'p", "\"p", False),
    ("'d dh p1", "'d dh  p1", False),
    ("'d dh p1", "'d\tdh p1", False),
    ("'d dh p1", "' d dh p1", False),
    ("', '", "','", False),
    ("', '", "',  '", False),
    ("', '", "' , '", False),
    ("']", "', ]", False),
    ("']", "' ]", False),
    ("'d dh p1 ", "'d dh p1 ????', 'd dh p1 ", True),
    ("'d dh p2 ", "'d dh p2 ????', 'd dh p2 ", True),
    ("cc'", "cc '", False),
    ("f'", "f x'", True),
    ("f'", "f x y z'", False),
]


def test_spellings_read_alike():
    base = corpus(1, seed=2).split("\n", 1)[1]
    for old, new, quick in SPELLINGS:
        assert old in base, old
        text = base.replace(old, new, 1)
        for data in (text.encode(), ("[7]\n" + text + "\n[8]\n" + base).encode()):
            taken, hands = _same(data, [len(data)])
            # every hand but the edited one is the quick reader's (none when a lone
            # carriage return leaves the whole text to Python)
            assert taken == (quick + hands - 1 if hands else 0), (new, taken, hands)


def _noise(text: str, rng: random.Random) -> str:
    """A few bytes replaced, inserted or dropped, from the characters that matter."""
    noise = "[]'\",=#\r\n\t p0123456789.?dbhsmcfx-+_aAKQJTz\\\x0b\x1c\xe9"
    b = list(text)
    for _ in range(rng.randrange(1, 4)):
        k = rng.randrange(len(b))
        op = rng.randrange(3)
        if op == 0:
            b[k] = rng.choice(noise)
        elif op == 1:
            b.insert(k, rng.choice(noise))
        else:
            del b[k]
    return "".join(b)


def _swaps(text: str, rng: random.Random) -> str:
    """Digits, ranks, suits and actions swapped for others: the same spelling, another
    hand (most replay; some are refused)."""
    b = list(text)
    for _ in range(rng.randrange(1, 4)):
        k = rng.randrange(len(b))
        c = b[k]
        if c.isdigit():
            b[k] = rng.choice("0123456789")
        elif c in "23456789TJQKA" and k + 1 < len(b) and b[k + 1] in "cdhs":
            b[k] = rng.choice("23456789TJQKA")
        elif c in "cdhs" and k and b[k - 1] in "23456789TJQKA":
            b[k] = rng.choice("cdhs")
        elif c == "f" and b[k - 1] == " ":
            b[k] = rng.choice(["cc", "f", "sm", "cbr 500", "sm ????"])
    return "".join(b)


def test_mutated_hands_read_alike():
    rng = random.Random(13)
    texts = [t.split("\n", 1)[1] for t in corpus(300, seed=14).split("\n\n") if t.strip()]
    taken = hands = 0
    for r in range(400):
        parts = []
        for i in range(rng.randrange(1, 6)):
            t = rng.choice(texts)
            kind = rng.choice([0, 0, 1, 2])
            t = _swaps(t, rng) if kind == 0 else _noise(t, rng) if kind == 1 else \
                _mutations(t, rng)
            head = rng.choice([f"[{i}]\n"] * 6 + [f"[{i}]  \n", f"  [{i}]\n", ""])
            parts.append(head + t + rng.choice(["", "\n", "\n\n", "\n# c\n"]))
        data = "".join(parts).encode("utf-8", "surrogateescape")
        cut = [len(data)]
        if r % 3 == 0 and len(data) > 2:
            cut = sorted({rng.randrange(1, len(data)), len(data)})
        t, n = _same(data, cut)
        taken += t
        hands += n
        if r % 5 == 0 and b"\n" in data[:-1]:
            part = data[:data.rfind(b"\n", 0, len(data) - 1) + 1]
            _same(part, [len(part)], final=False)
    # both sides of the fence were tried
    assert taken > 150 and hands - taken > 300, (taken, hands)


def test_count_byte_counts_as_bytes_count():
    rng = random.Random(3)
    for n in list(range(0, 70)) + [255 * 16 - 1, 255 * 16, 255 * 16 + 17, 100_000]:
        data = bytes(rng.choice(b"\n\na b\xff\x00") for _ in range(n))
        for end in {0, n, n // 2, max(0, n - 1)}:
            for byte in (10, 0, 255, 32):
                assert kernels.count_byte(data, end, byte) == data.count(bytes([byte]), 0, end)
    with pytest.raises(ValueError):
        kernels.count_byte(b"abc", 4, 10)
