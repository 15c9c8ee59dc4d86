"""The backend in use: the names the package and its tests read.

``core._choice`` reads the environment (``HANDRANK_BACKEND``,
``HANDRANK_KERNEL``) and ``core.kernels`` loads the C core and the tables as
it says; this module only names the outcome: :data:`BACKEND` ("c" or
"python"), :data:`GAMES` (every game's tables) and :data:`KERNELS`.

``core`` is the compiled module (None on the pure-Python backend), for the
tests that call the C core directly; no module of the package reads it
(``tests/test_door.py``).
"""

from __future__ import annotations

from typing import Any

from . import kernels
from ._choice import KERNELS, reinstall_command
from .kernels import BACKEND, GAMES

__all__ = ["BACKEND", "GAMES", "KERNELS", "core", "reinstall_command"]

#: The compiled module, or None (see the module's docstring).
core: Any = kernels.compiled_module()
