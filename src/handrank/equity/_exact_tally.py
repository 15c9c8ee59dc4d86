"""Which of the C core's runout kernels rank a game's hands, for the exact tallies.

The tallies themselves (every hand's (high, low) on every runout, then every
pair or tuple of hands compared runout by runout in C: csrc/omaha_exact.c)
are the door's jobs, :func:`handrank.core.kernels.runouts_exact`,
:func:`~handrank.core.kernels.exact_pairs` and
:func:`~handrank.core.kernels.exact_tuples`, with the numpy algorithm behind
the same functions; the equity engines hand them the kernel named here (or
None: the game's own ranking) and the game's ranking.
"""

from __future__ import annotations

from typing import Any

from ..core import kernels

__all__ = ["omaha_kernel", "omaha_kernel_tables"]


def omaha_kernel(g: Any) -> kernels.RunoutKernel | None:
    """(hr_game, hilo) when csrc/omaha.c ranks game `g`'s hands on the C backend, else None.

    The game's rule says which tables (``Game.rule.omaha_tables``: the Omaha
    games of 4 to 6 hole cards with a high half, high only or with the
    eight-or-better low); None on the pure-Python backend.
    """
    tables = g.rule.omaha_tables(g)
    return None if tables is None else kernels.runout_kernel(tables[0], int(tables[1]))


def omaha_kernel_tables(tables: Any, hilo: bool) -> kernels.RunoutKernel | None:
    """(hr_game, hilo) for the Omaha drivers, which hold the high half's tables."""
    return kernels.runout_kernel(tables, int(hilo))
