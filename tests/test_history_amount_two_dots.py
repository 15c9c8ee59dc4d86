"""An amount with two dots ("$1.0.0", "$.00.50") is refused by name, hand and line.

The readers turn an amount into cents through decimal.Decimal; a second dot made
that raise decimal.InvalidOperation out of ``read(..., errors="collect")`` (or a
message naming only the exception class).  Each case changes one amount of a
sample hand (tests/data/sites) and expects the readers' usual refusal instead.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from handrank.history import read

SITES = Path(__file__).resolve().parent / "data" / "sites"

CASES = [
    ("pokerstars", "Seat 1: ", None, "1.0.0"),
    ("pokerstars", "Total pot", "Total pot $0.20 | Rake $0.0.0", "0.0.0"),
    ("ggpoker", "Seat 1: ", None, "1.0.0"),
    ("ggpoker", "Total pot $2 | Rake $0 |", "Total pot $2 | Rake $0.0.0 |", "$0.0.0"),
    ("888poker", "Seat 1: HROckabilly ( $10 )", "Seat 1: HROckabilly ( $.00.50 )", ".00.50"),
]


def _spoil(text: str, start: str, line: str | None, amount: str) -> str:
    """`text` with its first line starting `start` replaced by `line` (or, when
    `line` is None, that line's chip count replaced by `amount`)."""
    out = []
    done = False
    for ln in text.splitlines():
        if not done and ln.startswith(start):
            if line is None:
                head, _, tail = ln.partition("(")
                ln = f"{head}(${amount} in chips{tail.partition(' in chips')[2]}"
            else:
                ln = line
            done = True
        out.append(ln)
    assert done, start
    return "\n".join(out) + "\n"


@pytest.mark.parametrize(("site", "start", "line", "amount"), CASES)
def test_an_amount_with_two_dots_is_refused_by_name(
        tmp_path: Path, site: str, start: str, line: str | None, amount: str) -> None:
    text = (SITES / site / "CashGame_GameTypeTests_NoLimitHoldem.txt").read_text(
        encoding="utf-8-sig")
    head = next(i for i, ln in enumerate(text.splitlines(), 1) if ln.strip())
    path = tmp_path / "hand.txt"
    path.write_text(_spoil(text, start, line, amount), encoding="utf-8")
    rd = read(path, errors="collect")
    assert list(rd) == []
    (err,) = rd.errors
    assert f"an amount the reader does not read: {amount!r}" in err.reason
    assert err.file == str(path) and err.hand == 1 and err.line == head
