# Stub for the compiled cffi module built from src/handrank/_build_ffi.py.
from typing import Any

ffi: Any
lib: Any
