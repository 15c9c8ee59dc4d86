"""The one validation layer: every entry point and both backends call it.

What lives here, so no module keeps a copy of its own:

- :func:`quote`: the user's input as it appears in a message, at most
  ``QUOTE_LIMIT`` characters (a 10 MB string or a 5,000-digit int is
  shortened, never echoed whole or converted whole).
- :func:`thread_count`: the ``threads=`` argument, checked the same way
  before either backend runs.
- :func:`card_array`: coercion of an integer array of card ids, with the
  range check done before any narrowing cast, and :func:`first_outside`,
  which finds the first bad entry in blocks of rows so an error costs no
  more memory than a good call.
- :func:`output`: the ``out=`` argument, including the refusal of an
  output that overlaps an input.
- :func:`positive_int` and :func:`fraction` for counts and tolerances.
"""

from __future__ import annotations

import numbers
import os
from typing import Any

import numpy as np

from .errors import InvalidCardError, InvalidHandError

QUOTE_LIMIT = 80
# Rows scanned at once when looking for the first bad entry: bounds the
# temporary memory of an error path to a few MB whatever the input size.
SCAN_ROWS = 1 << 16
_BIG_INT_BITS = 256


def quote(x: Any, limit: int = QUOTE_LIMIT) -> str:
    """``repr(x)`` cut to about `limit` characters; huge ints by their size.

    Examples
    --------
    >>> quote("Zz")
    "'Zz'"
    >>> quote("x" * 100, limit=40)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...' (102 characters)"
    >>> quote(-10**5000)
    'a negative int of 5001 digits'
    """
    if isinstance(x, int) and not isinstance(x, bool) and x.bit_length() > _BIG_INT_BITS:
        digits = _digits(x)
        return f"{'a negative' if x < 0 else 'an'} int of {digits} digits"
    if isinstance(x, str) and len(x) > 4 * limit:
        x = x[:2 * limit]          # repr of the head only: never of 10 MB
        text = repr(x)
        return text[:limit - 3] + "..." + text[0] + f" (more than {2 * limit} characters)"
    try:
        text = repr(x)
    except Exception:  # noqa: BLE001  (a user object whose __repr__ fails)
        text = f"<{type(x).__name__} object>"
    if len(text) <= limit:
        return text
    tail = text[-1] if text[:1] in "'\"" else ""
    return text[:limit - 3] + "..." + tail + f" ({len(text)} characters)"


def _digits(x: int) -> int:
    """Decimal digits of |x| without converting it to text."""
    x = abs(x)
    estimate = int(x.bit_length() * 0.30102999566398120) + 1
    return estimate if x >= 10 ** (estimate - 1) else estimate - 1


def number(x: Any) -> str:
    """An int for a message: its digits, or its size when it is huge."""
    if isinstance(x, (int, np.integer)) and not isinstance(x, bool):
        v = int(x)
        return str(v) if v.bit_length() <= _BIG_INT_BITS else f"({quote(v)})"
    return quote(x)


def is_int(x: Any) -> bool:
    """True for Python and numpy integers, False for bool (and everything else)."""
    return isinstance(x, (numbers.Integral, np.integer)) and not isinstance(x, (bool, np.bool_))


def positive_int(x: Any, name: str, maximum: int | None = None) -> int:
    """``x`` as an int from 1 to `maximum`, or ValueError naming `name`."""
    if not is_int(x) or int(x) < 1:
        raise ValueError(f"{name} must be a positive int, got {quote(x)}")
    if maximum is not None and int(x) > maximum:
        raise ValueError(f"{name} must be at most {maximum:,}, got {number(x)}")
    return int(x)


#: The seeds a random stream accepts: 0 .. 2**64 - 1.
SEED_MAX = (1 << 64) - 1


def seed(x: Any, name: str = "seed") -> int:
    """``x`` as a 64-bit seed: TypeError for a non-int (bool included), ValueError
    naming the seed when it is outside 0 .. 2**64 - 1 (never reduced modulo 2**64)."""
    if not is_int(x):
        raise TypeError(f"{name} must be an int, got {type(x).__name__}")
    v = int(x)
    if not 0 <= v <= SEED_MAX:
        raise ValueError(f"{name} must be an int from 0 to 2**64 - 1, got {number(v)}")
    return v


def fraction(x: Any, name: str) -> float:
    """``x`` as a float strictly between 0 and 1 (numpy numbers too)."""
    if isinstance(x, (bool, np.bool_)) or not isinstance(x, (numbers.Real, np.floating,
                                                             np.integer)):
        # a ValueError, as for a number out of range: the contract of target_stderr
        raise ValueError(f"{name} must be a number between 0 and 1, got {quote(x)}")  # noqa: TRY004
    value = float(x)
    if not 0.0 < value < 1.0:
        raise ValueError(f"{name} must be a number between 0 and 1, got {quote(x)}")
    return value


def cores() -> int:
    """The cores this process may run on."""
    if hasattr(os, "sched_getaffinity"):
        return max(1, len(os.sched_getaffinity(0)))
    return max(1, os.cpu_count() or 1)


#: The most threads a call uses: ``threads=`` above it counts as MAX_THREADS.
#: A fixed number (not a multiple of the cores), so a seed's Monte Carlo
#: streams, which depend on ``threads``, are the same on every machine.
MAX_THREADS = 256


def thread_count(threads: Any, n: int | None = None, min_rows: int = 1) -> int:
    """The ``threads=`` argument checked, capped at MAX_THREADS and at one per `min_rows` rows.

    ``None`` is every core.  Anything but a positive int (bool, float and
    str included) is a ValueError on both backends.
    """
    if threads is None:
        count = min(cores(), MAX_THREADS)
    else:
        count = min(positive_int(threads, "threads"), MAX_THREADS)
    if n is not None:
        count = min(count, n // min_rows)
    return max(1, count)


def first_outside(arr: np.ndarray, low: int, high: int) -> tuple[int, ...] | None:
    """Index of the first entry (row-major) outside low..high, or None.

    Works on blocks of ``SCAN_ROWS`` rows, so the memory used is bounded
    whatever the number of bad entries; broadcast axes (stride 0) are read
    once, so a broadcast view of a huge shape is checked at once.
    """
    if arr.size == 0:
        return None
    distinct = arr[tuple(slice(0, 1) if st == 0 and sh > 1 else slice(None)
                         for st, sh in zip(arr.strides, arr.shape))]
    lo, hi = distinct.min(), distinct.max()
    if lo >= low and hi <= high:
        return None
    flat_rows = distinct.reshape(distinct.shape[0], -1) if distinct.ndim > 1 \
        else distinct.reshape(-1, 1)
    for start in range(0, flat_rows.shape[0], SCAN_ROWS):
        block = flat_rows[start:start + SCAN_ROWS]
        bad = (block < low) | (block > high)
        if bad.any():
            k = int(np.argmax(bad.reshape(-1)))
            r, c = divmod(k, block.shape[1])
            rest = np.unravel_index(c, distinct.shape[1:]) if distinct.ndim > 1 else ()
            return (start + r, *(int(i) for i in rest))
    raise RuntimeError("internal error: min/max found a bad entry the scan did not")


def card_array(a: Any, *, what: str = "", shape: str = "(n, 5..7)", ndim: int = 2,
               widths: tuple[int, ...] = (5, 6, 7), row_word: str = "row",
               with_column: bool = True) -> np.ndarray:
    """Card ids as a C-contiguous uint8 array, every id checked to be in 0..51.

    Raises TypeError for a non-integer array, InvalidHandError for a wrong
    shape and InvalidCardError naming the first id outside 0..51 (row and
    column) before any narrowing cast.
    """
    try:
        arr = a if isinstance(a, np.ndarray) else np.asarray(a)
    except (ValueError, TypeError, OverflowError):
        name = f"{what} as an integer array" if what else "an integer array"
        raise InvalidHandError(
            f"expected {name} of shape {shape}, got rows of different lengths or "
            "values that are not card ids") from None
    name = f"{what} as an integer array" if what else "an integer array"
    if not isinstance(a, np.ndarray) and arr.dtype.kind in "iu" and _holds_bool(a, arr):
        # numpy reads True/False among ints as 1/0: a bool is never a card id
        raise TypeError(f"expected {name} of shape {shape}: True and False are not card ids")
    text = f"expected {name} of shape {shape}, got shape {arr.shape} dtype {arr.dtype}"
    if arr.dtype.kind not in "iu" and not (arr.size == 0 and arr.ndim == ndim):
        raise TypeError(text)
    if arr.ndim != ndim or arr.shape[-1] not in widths:
        raise InvalidHandError(text)
    if arr.dtype != np.uint8 and arr.size:
        bad = first_outside(arr, 0, 51)
        if bad is not None:
            place = f" in {what}" if what else ""
            where = f"{row_word} {bad[0]}"
            if with_column and len(bad) > 1:
                where += ", column " + ", ".join(str(i) for i in bad[1:])
            raise InvalidCardError(f"invalid card id {int(arr[bad])}{place} at {where}")
    return contiguous(arr, np.uint8, f"{what or 'the cards'} as uint8")


def no_bools(a: Any, name: str = "an integer array of card ids") -> Any:
    """`a` as an array when it is nested lists or tuples of ints; TypeError when one of
    them is True or False (numpy reads them as 1 and 0, and a bool is never a card id).

    An ndarray, or input numpy does not read as integers, is returned as it is, for the
    caller's own checks and messages."""
    if isinstance(a, np.ndarray) or a is None:
        return a
    try:
        arr = np.asarray(a)
    except (ValueError, TypeError, OverflowError):
        return a
    if arr.dtype.kind not in "iu":
        return a
    if _holds_bool(a, arr):
        raise TypeError(f"expected {name}: True and False are not card ids")
    return arr


def _holds_bool(a: Any, arr: np.ndarray) -> bool:
    """Whether the nested lists or tuples `a` (read as `arr`) hold a bool (or a numpy
    bool): only the places that read as 0 or 1 are looked at."""
    for place in np.argwhere(arr <= 1):
        x = a
        for k in place:
            x = x[int(k)]
        if isinstance(x, (bool, np.bool_)):
            return True
    return False


def memory_bytes() -> int:
    """This machine's physical memory in bytes (2**63 - 1 where it cannot be read)."""
    try:
        return int(os.sysconf("SC_PHYS_PAGES")) * int(os.sysconf("SC_PAGE_SIZE"))
    except (AttributeError, ValueError, OSError):
        return (1 << 63) - 1


def _size_text(nbytes: int) -> str:
    for unit, shift in (("TiB", 40), ("GiB", 30), ("MiB", 20), ("KiB", 10)):
        if nbytes >= 1 << shift:
            return f"{nbytes / (1 << shift):.3g} {unit}"
    return f"{nbytes} bytes"


def _too_big(shape: tuple[int, ...], dtype: Any, what: str) -> tuple[int, str]:
    """The bytes of an array of `shape` and `dtype`, and the error text to refuse it."""
    dt = np.dtype(dtype)
    nbytes = dt.itemsize
    for d in shape:
        nbytes *= int(d)
    shown = "(" + ", ".join(f"{int(d):,}" for d in shape) + ("," if len(shape) == 1 else "") + ")"
    return nbytes, (f"{what} of shape {shown} {dt.name} needs {_size_text(nbytes)}, more "
                    f"than {{}}: pass fewer rows at a time")


def fits(shape: tuple[int, ...], dtype: Any, what: str = "the result") -> None:
    """ValueError naming the size when an array of `shape` and `dtype` is more than
    this machine's memory (checked before a copy or a concatenation allocates it)."""
    nbytes, text = _too_big(shape, dtype, what)
    if nbytes > memory_bytes():
        raise ValueError(text.format(f"this machine's memory ({_size_text(memory_bytes())})"))


def alloc(shape: tuple[int, ...], dtype: Any, what: str = "the result") -> np.ndarray:
    """``np.empty(shape, dtype)``, or ValueError naming the size when it cannot be
    allocated: refused before allocating when it is more than this machine's
    memory, and a MemoryError of the allocation itself becomes the same ValueError."""
    fits(shape, dtype, what)
    try:
        return np.empty(shape, dtype=dtype)
    except MemoryError:
        raise ValueError(_too_big(shape, dtype, what)[1].format("can be allocated now")) \
            from None


#: Bytes copied at a time by :func:`contiguous` (Ctrl-C lands between two).
COPY_SLICE_BYTES = 1 << 24


def contiguous(arr: np.ndarray, dtype: Any, what: str = "the input") -> np.ndarray:
    """``np.ascontiguousarray(arr, dtype)``, copied in slices of rows.

    A broadcast or strided view of hundreds of millions of rows takes seconds
    to copy; done in slices of ~16 MiB, Ctrl-C is seen between two, and a copy
    that cannot be allocated is the ValueError of :func:`alloc`.
    """
    dt = np.dtype(dtype)
    if arr.dtype == dt and arr.flags.c_contiguous:
        return arr
    if arr.ndim == 0 or arr.size * dt.itemsize <= COPY_SLICE_BYTES:
        return np.ascontiguousarray(arr, dtype=dt)
    out = alloc(arr.shape, dt, what)
    row = max(1, (arr.size // max(1, arr.shape[0])) * dt.itemsize)
    step = max(1, COPY_SLICE_BYTES // row)
    for lo in range(0, arr.shape[0], step):
        out[lo:lo + step] = arr[lo:lo + step]
    return out


def output(out: Any, shape: tuple[int, ...], dtype: type, *inputs: np.ndarray,
           name: str = "out") -> np.ndarray:
    """The array to write results to: `out` checked, or a new one.

    An `out` that overlaps any of `inputs` (the arrays the C core reads) is
    refused: the core reads rows while it writes results, on several
    threads, so an overlap would feed results back in as cards.  Making it
    work would take a hidden copy of the input, the allocation ``out=`` is
    there to avoid, so the caller is asked for a separate array instead.
    """
    dt = np.dtype(dtype)
    if out is None:
        return alloc(shape, dt, f"{name} array")
    if not isinstance(out, np.ndarray) or out.dtype != dt:
        raise TypeError(f"{name} must be a {dt.name} numpy array, got {type(out).__name__}"
                        + (f" of dtype {out.dtype}" if isinstance(out, np.ndarray) else ""))
    if out.shape != shape:
        want = "(" + ", ".join(str(s) for s in shape) + ("," if len(shape) == 1 else "") + ")"
        raise ValueError(f"{name} must be a writable contiguous array of shape {want}, "
                         f"got shape {out.shape}")
    if not out.flags.c_contiguous:
        raise ValueError(f"{name} must be C-contiguous, got a non-contiguous view "
                         "(pass a contiguous array, such as one from np.empty)")
    if not out.flags.writeable:
        raise ValueError(f"{name} must be writable, got a read-only array")
    for arr in inputs:
        # Both are contiguous here, so overlapping bounds are overlapping bytes.
        if out.size and arr.size and np.may_share_memory(out, arr):
            raise ValueError(f"{name} overlaps the input array; pass a separate array "
                             "(the result would overwrite cards still to be read)")
    return out
