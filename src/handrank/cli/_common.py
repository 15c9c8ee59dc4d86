"""What every ``handrank`` subcommand shares: the error prefix, examples in
``--help``, errors that name the flag, and when progress may be drawn.

A user error prints one line, ``handrank: error: <what is wrong>``, on stderr
and the command exits with status 2, with no traceback.  When a value came
from a flag, the message starts with the flag as the user typed it
(``--board: invalid card 'Zz'``).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from typing import IO, Any, NoReturn

from ..core._progress import Bar
from ..core.errors import HandrankError

__all__ = ["PREFIX", "CliError", "Parser", "add_command", "fail", "flag", "interactive",
           "json_argv", "json_option", "looks_like_path", "percentages", "positive_int",
           "progress_bar", "replacing", "writable_path"]

#: Seconds of work before a progress bar appears (shorter calls draw nothing).
BAR_AFTER = 1.0

PREFIX = "handrank: error: "


class CliError(HandrankError, ValueError):
    """A command-line value that cannot be used; the message names the flag."""


class Parser(argparse.ArgumentParser):
    """An ArgumentParser whose usage errors carry the shared prefix and exit 2."""

    def error(self, message: str) -> NoReturn:
        self.print_usage(sys.stderr)
        self.exit(2, f"{PREFIX}{message}\n")


def add_command(subparsers: Any, name: str, *, help: str, description: str,
                examples: list[str]) -> argparse.ArgumentParser:
    """Register a subcommand whose ``--help`` ends with runnable examples.

    Parameters
    ----------
    subparsers : argparse subparsers action
        From ``parser.add_subparsers()``.
    name, help, description : str
        As for ``add_parser``.
    examples : list of str
        Whole command lines, shown under "examples:".

    Returns
    -------
    argparse.ArgumentParser
    """
    p: argparse.ArgumentParser = subparsers.add_parser(
        name, help=help, description=description, epilog=epilog(examples),
        formatter_class=HelpFormatter)
    return p


class HelpFormatter(argparse.RawDescriptionHelpFormatter):
    """A description wrapped to the terminal's width, paragraph by paragraph; a block
    with indented lines (the examples) kept as written, one command a line."""

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        import textwrap
        out = []
        for block in text.split("\n\n"):
            lines = block.splitlines()
            if any(line.startswith(" ") for line in lines[1:]):
                out.append("\n".join(indent + line for line in lines))
            else:
                out.append(textwrap.fill(" ".join(block.split()), width,
                                         initial_indent=indent, subsequent_indent=indent,
                                         break_on_hyphens=False, break_long_words=False))
        return "\n\n".join(out)


def epilog(examples: list[str]) -> str:
    """The "examples:" block that ends a ``--help``."""
    return "examples:\n" + "\n".join(f"  {e}" for e in examples)


#: the library's words for a Python keyword, as the command line spells it
_CLI_WORDS = (("use exact=False or a narrower query", "drop --exact to simulate, or narrow "
                "the query"),
              ("use exact=False", "drop --exact to simulate"), ("exact=True: ", "--exact: "))


def fail(message: str, file: IO[str] | None = None) -> int:
    """Print one error line with the shared prefix; return the exit status 2.

    A library message that names a Python keyword (``use exact=False``) is
    printed with the flag a command-line user gives instead (``--exact``).
    """
    for python, flag_words in _CLI_WORDS:
        message = message.replace(python, flag_words)
    print(f"{PREFIX}{message}", file=file or sys.stderr)
    return 2


@contextmanager
def flag(name: str) -> Iterator[None]:
    """Re-raise a bad value met inside the block as a :class:`CliError` naming `name`.

    Examples
    --------
    >>> from handrank.core.cards import cards
    >>> with flag("--board"):
    ...     cards("Ah Zz")
    Traceback (most recent call last):
    ...
    handrank.cli._common.CliError: --board: invalid card 'Zz'
    """
    try:
        yield
    except CliError:
        raise
    except (HandrankError, ValueError) as exc:
        raise CliError(f"{name}: {exc}") from None


def json_option(p: argparse.ArgumentParser, help: str, out: bool = True) -> None:
    """``--json`` (JSON on stdout) that also takes a file: ``--json PATH``, ``--json=PATH``.

    With `out`, also ``--out PATH``: what the command prints goes to PATH
    instead (written whole or not at all).  :func:`json_argv` reads a word
    after ``--json`` as its PATH only when it looks like one (``-``, a name
    ending in ``.json``, or a path with a folder), so ``--json "As Ks"`` still
    leaves the hand to the command.
    """
    p.add_argument("--json", nargs="?", const="-", default=None, metavar="PATH",
                   help=f"{help}; --json PATH writes it to PATH")
    p.set_defaults(json_flag=True)          # main() reads --json PATH for this command
    if out:
        p.add_argument("--out", dest="out_path", default=None, metavar="PATH",
                       help="write the output to PATH instead of stdout")


def looks_like_path(word: str) -> bool:
    """Whether the word after ``--json`` names its file (see :func:`json_option`)."""
    return word == "-" or word.lower().endswith(".json") or (
        not word.startswith("-") and ("/" in word or os.sep in word))


def json_argv(words: list[str], flag_commands: Any) -> list[str]:
    """`words` with each ``--json [PATH]`` of a `flag_commands` command as ``--json=...``.

    >>> json_argv(["eval", "--json", "As Ks Qs Js Ts"], {"eval"})
    ['eval', '--json=-', 'As Ks Qs Js Ts']
    >>> json_argv(["equity", "AsKs", "QdQc", "--json", "out.json"], {"equity"})
    ['equity', 'AsKs', 'QdQc', '--json=out.json']
    """
    command = next((w for w in words if not w.startswith("-")), None)
    if command not in flag_commands or "--json" not in words:
        return words
    out: list[str] = []
    i = 0
    while i < len(words):
        w = words[i]
        if w == "--":
            out += words[i:]
            break
        if w == "--json":
            nxt = words[i + 1] if i + 1 < len(words) else None
            if nxt is not None and looks_like_path(nxt):
                out.append(f"--json={nxt}")
                i += 2
                continue
            w = "--json=-"
        out.append(w)
        i += 1
    return out


def percentages(shares: Any, places: int) -> list[float]:
    """`shares` (fractions summing to 1) as percentages rounded to `places` that sum to 100.

    Largest-remainder rounding: each share is rounded down to a unit of the
    last place shown, and the units left over go to the shares that lost the
    most.  Shares that do not sum to 1 (to 1e-9) are rounded one by one.

    >>> percentages([0.796427, 0.203573], 2)
    [79.64, 20.36]
    >>> percentages([1 / 3, 1 / 3, 1 / 3], 1)
    [33.4, 33.3, 33.3]
    """
    values = [float(x) for x in shares]
    if abs(sum(values) - 1.0) > 1e-9:
        return [round(100 * v, places) for v in values]
    scale = 100 * 10 ** places
    units = [int(v * scale) for v in values]
    order = sorted(range(len(values)), key=lambda i: units[i] - values[i] * scale)
    for i in order[:scale - sum(units)]:
        units[i] += 1
    return [u / 10 ** places for u in units]


def positive_int(text: str) -> int:
    """argparse ``type=`` for counts: a whole number of at least 1."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number of at least 1, got {text}")
    return value


def writable_path(name: str, path: str) -> None:
    """Refuse, before any work is done, a path that cannot be written.

    Raises
    ------
    CliError
        The folder does not exist or is not writable, or the path is a folder.
    """
    folder = os.path.dirname(os.path.abspath(path))
    if os.path.isdir(path):
        raise CliError(f"{name}: {path!r} is a folder, expected a file name")
    if not os.path.isdir(folder):
        raise CliError(f"{name}: cannot write {path!r}: no such directory {folder!r}")
    if not os.access(folder, os.W_OK) or (os.path.exists(path) and not os.access(path, os.W_OK)):
        raise CliError(f"{name}: cannot write {path!r}: permission denied")


def interactive(stream: IO[str] | None = None) -> bool:
    """Whether progress may be drawn on `stream` (stderr): only on a terminal.

    Progress redraws its line with a carriage return; in a log file or a pipe
    that is noise, so nothing is drawn there.
    """
    s = stream or sys.stderr
    try:
        return bool(s.isatty())
    except (AttributeError, ValueError):
        return False


@contextmanager
def replacing(path: str) -> Iterator[str]:
    """A temporary file beside `path`, renamed onto it when the block succeeds.

    The block writes the temporary file (same folder, same extension, so a
    plot's format is chosen alike); on success it is synced to the disk and
    replaces `path` in one rename, with the old file's permissions (or the umask's for a new file).
    On any failure it is removed and `path` is left as it was, so a full disk
    or Ctrl-C never leaves a truncated file where a good one was.
    """
    folder = os.path.dirname(os.path.abspath(path))
    base = os.path.basename(path)
    fd, tmp = tempfile.mkstemp(prefix=f".{base}.", suffix=os.path.splitext(base)[1],
                               dir=folder)
    os.close(fd)
    try:
        try:
            mode = os.stat(path).st_mode & 0o7777
        except OSError:
            umask = os.umask(0)
            os.umask(umask)
            mode = 0o666 & ~umask
        os.chmod(tmp, mode)
        yield tmp
        fd = os.open(tmp, os.O_RDONLY)
        try:
            os.fsync(fd)            # the bytes on the disk before the name moves
        finally:
            os.close(fd)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


@contextmanager
def progress_bar(desc: str, stream: IO[str] | None = None) -> Iterator[Any]:
    """A ``progress(done, total)`` callback for a library call, or None off a terminal.

    On a terminal (stderr) the bar appears once the work has taken
    :data:`BAR_AFTER` seconds (tqdm when the ``progress`` extra is
    installed, else a line redrawn in place) and is wiped at the end, so
    stdout (a table, JSON) is never mixed with it.
    """
    s = stream or sys.stderr
    if not interactive(s):
        yield None
        return
    bar = Bar(desc, s, after=BAR_AFTER)
    try:
        yield bar
    finally:
        bar.close()
