"""Hand histories: read PHH into one :class:`Hand` model, replay and settle.

Readers are small layers over :mod:`.model`; :mod:`.replay` turns a hand
into pots and payouts through :func:`handrank.settle`.
"""

from __future__ import annotations

from ._summary import Summary, summary
from .model import FileError, Hand, HistoryError
from .phh import read
from .replay import Replay
from .store import Report, StatsTable, player_stats, to_duckdb, to_parquet

__all__ = ["FileError", "Hand", "HistoryError", "Replay", "Report", "StatsTable", "Summary",
           "player_stats", "read", "summary", "to_duckdb", "to_parquet"]
