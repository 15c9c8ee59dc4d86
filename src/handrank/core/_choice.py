"""Choose the backend, before the C core is loaded (``kernels`` loads it).

``HANDRANK_BACKEND=python`` forces the pure-Python backend and
``HANDRANK_BACKEND=c`` makes a missing C extension an ImportError; unset,
handrank uses the C core when it was built and warns once when it was not.

``HANDRANK_KERNEL`` (``generic``, ``sse2``, ``avx2`` or ``avx512``) makes the
C core's batch evaluation use that kernel instead of the fastest this CPU
runs (to time the kernels on one machine); a kernel this build or CPU
cannot run is an ImportError.  The pure-Python backend ignores it.

Nothing here touches the compiled library: this module reads the
environment and words the messages; ``handrank.core.kernels`` acts on them.
"""

from __future__ import annotations

import json
import os
import shlex
import sys
import warnings
from importlib import metadata
from typing import Any, NoReturn
from urllib.parse import unquote, urlparse


def _fail(message: str) -> NoReturn:
    if _is_cli():
        # The command line reports a user error in one line, without a traceback.
        print(f"handrank: error: {message}", file=sys.stderr)
        raise SystemExit(2)
    raise ImportError(message)


def _is_cli() -> bool:
    """True when this import is the ``handrank`` command starting up."""
    if os.path.basename(sys.argv[0] if sys.argv else "") == "handrank":
        return True
    if not hasattr(sys, "orig_argv"):
        # Python 3.9: while `python -m handrank` imports the package, argv[0] is "-m"
        return bool(sys.argv) and sys.argv[0] == "-m"
    argv = sys.orig_argv
    return any(a == "-m" and b == "handrank" for a, b in zip(argv, argv[1:]))


def reinstall_command() -> str:
    """The pip command that rebuilds handrank from where it was installed.

    pip records the source of an install from a folder or a file
    (``direct_url.json``: a checkout, an unpacked or packed sdist, a wheel
    file); the command names it (``-e`` again for an editable install), runs
    pip through this very Python (``.venv/bin/python -m pip``: ``pip`` may
    not be on the PATH, as in the README's commands), with ``--no-cache-dir``
    so that pip does not reuse the wheel it built without a compiler.  A
    wheel file without the C core cannot gain one: the command then names
    the checkout or sdist it was built from.  A release wheel has the C core
    inside, so an install from an index is simply reinstalled.
    """
    source, editable = "handrank", False
    try:
        text = metadata.distribution("handrank").read_text("direct_url.json")
        record: dict[str, Any] = json.loads(text) if text else {}
        url = urlparse(record["url"]) if record else None
        if url is not None and url.scheme == "file":
            source = shlex.quote(unquote(url.path))
            editable = bool((record.get("dir_info") or {}).get("editable"))
    except (ImportError, OSError, ValueError, KeyError, TypeError, AttributeError):
        pass
    if source.rstrip("'").endswith(".whl"):
        source = "<the checkout or sdist that wheel was built from>"
    python = shlex.quote(sys.executable or "python3")
    return (f"{python} -m pip install --no-cache-dir --force-reinstall --no-deps "
            + ("-e " if editable else "") + source)


#: "c", "python" or "" (the C core when it was built).
CHOICE = os.environ.get("HANDRANK_BACKEND", "").strip().lower()
if CHOICE not in ("", "c", "python"):
    _fail(f"HANDRANK_BACKEND must be 'c' or 'python', got {CHOICE[:40]!r}")

# The batch kernels by the number the C core gives them (csrc/handrank.h).
KERNELS = ("generic", "sse2", "avx2", "avx512")
#: The batch kernel HANDRANK_KERNEL asks for ("": the fastest this CPU runs).
KERNEL = os.environ.get("HANDRANK_KERNEL", "").strip().lower()
if KERNEL and KERNEL not in KERNELS:
    _fail(f"HANDRANK_KERNEL must be one of {', '.join(KERNELS)}, got {KERNEL[:40]!r}")


def missing_c(exc: ImportError) -> None:
    """The C extension did not import: ImportError under HANDRANK_BACKEND=c,
    else a warning (once per process: the module imports once)."""
    if CHOICE == "c":
        raise ImportError(
            f"HANDRANK_BACKEND=c but the C extension is not available: {exc}"
        ) from exc
    # pip shows a build's output only with -v, so the install cannot say
    # this where it is seen: the first import does, once per process.
    warnings.warn(
        "handrank's C extension is not available (no C compiler when it was installed?), "
        "so handrank runs on its pure-Python backend: the same answers, much slower. "
        f"To build it, install a C compiler and run `{reinstall_command()}`; "
        "to silence this warning, set HANDRANK_BACKEND=python.",
        RuntimeWarning,
        stacklevel=4,
    )


def bad_kernel(runs: list[str]) -> NoReturn:
    """HANDRANK_KERNEL names a kernel this CPU or build cannot run."""
    _fail(f"HANDRANK_KERNEL={KERNEL} but this CPU or build cannot run that kernel "
          f"(it runs {', '.join(runs)})")
