"""Omaha hi-lo (FO/8) in the PHH fast path, against the Python replay (settle, game
"omaha-hilo": its own evaluation of every two-plus-three hand, its own halving)."""

from __future__ import annotations

import random

import pytest

from handrank.history import fast
from handrank.history._generate import hand_text

from .test_history_fast import _as_omaha, _batches, _check_batch

pytestmark = pytest.mark.skipif(not fast.available(), reason="the C core is not loaded")


def test_omaha_hilo_hands_equal_the_python_path():
    rng = random.Random(12)
    taken = lows = split = odd = 0
    for k in range(400):
        stacks = [rng.randrange(151, 20_001) for _ in range(6)] if k % 2 else None
        text = hand_text(rng, stacks=stacks)
        text = _as_omaha(text, rng).replace("variant = 'PO'", "variant = 'FO/8'").replace(
            "variant = 'NO'", "variant = 'FO/8'")
        (b,) = _batches(text)
        assert b.fast(0), b.text(0)
        assert _check_batch(b, 0)
        taken += 1
        st = b.replay(0, allin_ev=False).settlement
        assert st is not None
        for p in st.pots:
            lows += p.low is not None
            split += p.low is not None and (len(p.low.winners) > 1 or len(p.high.winners) > 1)
            odd += p.low is not None and p.amount % 2 == 1
    assert taken == 400 and lows > 40 and split > 5 and odd > 5, (lows, split, odd)
