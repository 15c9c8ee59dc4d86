"""Write a hand as PHH text (:meth:`Hand.to_phh`; :func:`handrank.history.phh.dumps`).

It reads only the hand's fields, so it sits below the model: the model
calls it, and it reads a :class:`HandRecord` (the fields of a :class:`Hand`).
"""

from __future__ import annotations

import json
from decimal import Decimal
from typing import Any

from ._record import HandRecord

__all__ = ["dumps"]


def _fmt(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, str):
        return "'" + v + "'" if "'" not in v and "\n" not in v else _json_str(v)
    if isinstance(v, list):
        return "[" + ", ".join(_fmt(x) for x in v) + "]"
    if isinstance(v, Decimal):
        if not v.is_finite():
            raise ValueError(f"cannot write the amount {v} as PHH")
        return str(v) if "E" not in str(v) else format(v, "f")
    return repr(v)


def _json_str(v: str) -> str:
    return json.dumps(v)


def dumps(h: HandRecord) -> str:
    """A hand as PHH text."""
    d: dict[str, Any] = {"variant": h.variant,
                         "ante_trimming_status": h.ante_trimming_status,
                         "antes": h.antes, "blinds_or_straddles": h.blinds_or_straddles}
    for k in ("bring_in", "small_bet", "big_bet", "min_bet"):
        if getattr(h, k) is not None:
            d[k] = getattr(h, k)
    d["starting_stacks"] = h.starting_stacks
    d["actions"] = h.actions
    for k in ("players", "finishing_stacks", "winnings", "rake"):
        if getattr(h, k) is not None:
            d[k] = getattr(h, k)
    for k, v in h.extra.items():
        if isinstance(v, dict):
            raise ValueError(f"cannot write nested field {k!r} as PHH")
        d[k] = v
    return "".join(f"{k} = {_fmt(v)}\n" for k, v in d.items())
