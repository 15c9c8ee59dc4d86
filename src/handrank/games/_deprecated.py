"""The public spellings superseded by ``game=``: same results, and a DeprecationWarning.

The modules they come from keep the undecorated functions (the library's
own code calls those); only the names under ``handrank.`` warn.
"""

from __future__ import annotations

import functools
import warnings
from collections.abc import Callable
from typing import Any, TypeVar

from . import hilo as _hilo
from . import omaha as _omaha
from . import variants as _variants

__all__ = ["evaluate_omaha", "evaluate_omaha_batch", "evaluate_omaha_hilo",
           "evaluate_omaha_hilo_batch", "variant"]

F = TypeVar("F", bound=Callable[..., Any])


def _superseded(new: str) -> Callable[[F], F]:
    def wrap(f: F) -> F:
        @functools.wraps(f)
        def inner(*args: Any, **kwargs: Any) -> Any:
            warnings.warn(f"handrank.{f.__name__} is deprecated; use {new}",
                          DeprecationWarning, stacklevel=2)
            return f(*args, **kwargs)
        return inner  # type: ignore[return-value]
    return wrap


evaluate_omaha = _superseded(
    'hr.evaluate(hole, board=board, game="omaha")')(_omaha.evaluate_omaha)
evaluate_omaha_batch = _superseded(
    'hr.evaluate_batch(holes, boards=boards, game="omaha")')(_omaha.evaluate_omaha_batch)
evaluate_omaha_hilo = _superseded(
    'hr.evaluate(hole, board=board, game="omaha-hilo")')(_hilo.evaluate_omaha_hilo)
evaluate_omaha_hilo_batch = _superseded(
    'hr.evaluate_batch(holes, boards=boards, game="omaha-hilo")')(
    _hilo.evaluate_omaha_hilo_batch)
variant = _superseded("hr.game(name, **options)")(_variants.variant)
