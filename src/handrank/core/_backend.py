"""The backend in use: the names the package and its tests read.

``core._choice`` reads the environment (``HANDRANK_BACKEND``,
``HANDRANK_KERNEL``) and ``core.kernels`` loads the C core and the tables as
it says; this module only names the outcome: :data:`BACKEND` ("c" or
"python"), :data:`GAMES` (every game's tables) and :data:`KERNELS`.  It
does not hold the compiled module: only :mod:`.kernels` does
(``tests/test_door.py``); the tests that call the C core directly ask
``kernels.compiled_module()``.
"""

from __future__ import annotations

from ._choice import KERNELS, reinstall_command
from .kernels import BACKEND, GAMES

__all__ = ["BACKEND", "GAMES", "KERNELS", "reinstall_command"]
