"""Progress bars: ``progress=True`` in the library and the command line's bar.

``progress=True`` asks for a bar, ``progress=False`` refuses one, and the
default (None) draws one in a Jupyter notebook only, for calls longer than a
second.  A :class:`Bar` is a ``progress(done, total)`` callable that draws on a
stream (stderr by default): tqdm's bar when tqdm is installed (``tqdm.auto``,
so a notebook gets its widget), else one line redrawn in place.  It closes
itself when ``done == total`` (every long call ends with that report), and
:meth:`Bar.close` wipes it earlier (an error, Ctrl-C).
"""

from __future__ import annotations

import sys
import time
from typing import IO, Any

__all__ = ["Bar", "resolve"]


class Bar:
    """``progress(done, total)`` drawn on `stream`: tqdm if installed, else one line.

    Parameters
    ----------
    desc : str
        The label before the bar.
    stream : file, optional
        Where to draw (default: stderr at the time of each call).
    after : float
        Seconds of work before anything is drawn (shorter calls draw nothing).
    """

    def __init__(self, desc: str, stream: IO[str] | None = None, after: float = 0.0) -> None:
        self.desc, self.after, self.start = desc, after, time.perf_counter()
        self._stream = stream
        self.bar: Any = None
        self.drawn = False
        self.closed = False

    @property
    def stream(self) -> IO[str]:
        return self._stream or sys.stderr

    def __call__(self, done: int, total: int) -> None:
        if self.closed:
            return
        if not self.drawn and time.perf_counter() - self.start < self.after:
            return
        if not self.drawn:
            self.drawn = True
            try:
                import tqdm as _installed  # noqa: F401  (None in sys.modules: not installed)
                from tqdm.auto import tqdm
            except ImportError:
                self.bar = None
            else:
                self.bar = tqdm(total=total, desc=self.desc, file=self.stream, leave=False,
                                dynamic_ncols=True)
        if self.bar is not None:
            if self.bar.total != total:
                self.bar.total = total
            self.bar.update(done - self.bar.n)
        else:
            pct = 100 * done / total if total else 100.0
            self.stream.write(f"\r{self.desc}: {pct:5.1f}% ({done:,}/{total:,}) "
                              f"{time.perf_counter() - self.start:.1f} s")
            self.stream.flush()
        if total and done >= total:
            self.close()

    def close(self) -> None:
        """Take the bar off the stream (once)."""
        if self.closed:
            return
        self.closed = True
        if self.bar is not None:
            self.bar.close()
        elif self.drawn:
            self.stream.write("\r\x1b[K")
            self.stream.flush()


#: Seconds before the default bar of a notebook appears (shorter calls draw nothing).
NOTEBOOK_AFTER = 1.0


def in_notebook() -> bool:
    """Whether this runs in a Jupyter kernel (an IPython ZMQ shell)."""
    shell = sys.modules.get("IPython")
    get = getattr(shell, "get_ipython", None)
    try:
        ip = get() if get is not None else None
    except Exception:  # noqa: BLE001  an IPython too odd to ask: not a notebook
        return False
    return type(ip).__name__ == "ZMQInteractiveShell"


def resolve(progress: Any, desc: str) -> Any:
    """``progress=`` as a callable: True becomes a :class:`Bar` on stderr.

    None becomes a bar too in a notebook, drawn once the call has taken
    :data:`NOTEBOOK_AFTER` seconds; elsewhere None stays None.  False turns
    every bar off; callables pass through, and anything else is left for the
    operation's own check to refuse.
    """
    if progress is True:
        return Bar(desc)
    if progress is False:
        return None
    if progress is None and in_notebook():
        return Bar(desc, after=NOTEBOOK_AFTER)
    return progress
