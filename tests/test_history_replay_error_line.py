"""A replay's refusal names a line of the file: the action's own line where the
reader kept one, else the hand's header line (never "line 0").

The GGPoker reader writes some of a hand's lines itself (they have no line of the
file); the PokerStars reader keeps each action's line.  Each case drops the last
pre-flop action of a sample hand (tests/data/sites), so the flop is dealt while a
seat is still to act.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from handrank.history import HistoryError, read

SITES = Path(__file__).resolve().parent / "data" / "sites"


def _replay_error(tmp_path: Path, site: str, drop: str) -> tuple[HistoryError, list[str]]:
    text = (SITES / site / "CashGame_GameTypeTests_PotLimitOmaha.txt").read_text(
        encoding="utf-8-sig")
    assert drop in text
    text = "\n\n" + text.replace(drop, "", 1)           # the header on line 3
    path = tmp_path / "hand.txt"
    path.write_text(text, encoding="utf-8")
    (h,) = list(read(path))
    assert h.line == 3
    with pytest.raises(HistoryError, match="board dealt while seat p. is still to act") as e:
        h.replay()
    assert e.value.file == str(path) and e.value.hand == 1 and e.value.action is not None
    return e.value, text.splitlines()


def test_a_ggpoker_refusal_names_the_hand_line(tmp_path: Path) -> None:
    err, _ = _replay_error(tmp_path, "ggpoker", "Hero: folds\n")
    assert err.line == 3


def test_a_pokerstars_refusal_keeps_the_action_line(tmp_path: Path) -> None:
    err, lines = _replay_error(tmp_path, "pokerstars", "Zubasa89: calls $0.24\n")
    assert err.line is not None and lines[err.line - 1].startswith("*** FLOP ***")
