"""Choose the backend once, at import.

``HANDRANK_BACKEND=python`` forces the pure-Python backend and
``HANDRANK_BACKEND=c`` makes a missing C extension an ImportError; unset,
handrank uses the C core when it was built and warns once when it was not.
"""

from __future__ import annotations

import os
import sys
import warnings
from typing import Any

from . import _tables


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
    (``direct_url.json``: a checkout, an unpacked or packed sdist); the
    command names it, with ``--no-cache-dir`` so that pip does not reuse the
    wheel it built without a compiler.  A release wheel has the C core
    inside, so an install from the index is simply reinstalled.
    """
    source = "handrank"
    try:
        import json
        from importlib import metadata
        from urllib.parse import unquote, urlparse

        text = metadata.distribution("handrank").read_text("direct_url.json")
        url = urlparse(json.loads(text)["url"]) if text else None
        if url is not None and url.scheme == "file":
            import shlex
            source = shlex.quote(unquote(url.path))
    except (ImportError, OSError, ValueError, KeyError, TypeError):
        pass
    return f"pip install --no-cache-dir --force-reinstall --no-deps {source}"


_choice = os.environ.get("HANDRANK_BACKEND", "").strip().lower()
if _choice not in ("", "c", "python"):
    _message = f"HANDRANK_BACKEND must be 'c' or 'python', got {_choice[:40]!r}"
    if _is_cli():
        # The command line reports a user error in one line, without a traceback.
        print(f"handrank: error: {_message}", file=sys.stderr)
        raise SystemExit(2)
    raise ImportError(_message)

core: Any = None
if _choice != "python":
    try:
        from . import _core as core
    except ImportError as exc:
        if _choice == "c":
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
            stacklevel=2,
        )

BACKEND = "c" if core is not None else "python"

GAMES = _tables.load_core(core) if core is not None else _tables.load_bin()
