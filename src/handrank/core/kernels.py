"""The one door to the compiled library.

This is the only module that touches the C core's ``ffi`` and ``lib``
(``tests/test_door.py`` checks it).  It offers one typed Python function per
C entry point the package uses; each takes and returns Python and numpy
values, does the cffi casts itself, turns the C core's error codes into the
named exceptions, and runs the numpy fallback (``core._fallback``) when the
C core is not built, so no other module branches on the backend.
"""

from __future__ import annotations

from typing import Any

from . import _backend

#: The compiled module (``handrank._core``), or None on the pure-Python backend.
_C: Any = _backend.core

#: True when the C core serves the calls.
HAVE_C: bool = _C is not None
