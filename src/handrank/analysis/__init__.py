"""Analyses above equity: combo-by-combo equity and what a range holds on a board.

* :func:`equity_matrix`: every combo of one range against every combo of another;
* :func:`range_equity`: every combo of the hero's range against the villain's range;
* :func:`analyze`: made hands and draws of each combo on a board.

These modules import the layers below them (equity, evaluate, ranges) and
nothing imports them but ``handrank/__init__.py`` and the CLI.
"""

from __future__ import annotations

from .board import CLASSES, DRAWS, BoardAnalysis, analyze
from .matrix import EquityMatrix, RangeEquity, equity_matrix, range_equity

__all__ = ["CLASSES", "DRAWS", "BoardAnalysis", "EquityMatrix", "RangeEquity", "analyze",
           "equity_matrix", "range_equity"]
