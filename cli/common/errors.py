"""A mistake by the person at the keyboard, as every front door reports it: one line,
exit status 2 (:func:`fail`). Light at import, so any command module may use it
without loading the click group of :mod:`cli.main`."""

from __future__ import annotations

import contextlib
import errno
import os
import sys
from collections.abc import Callable
from typing import Final, NoReturn


class UserError(Exception):
    """A mistake by the person at the keyboard, reported as one line (exit status 2)."""


def fail(message: str) -> NoReturn:
    """Stop the command with a one-line error and exit status 2."""
    raise UserError(message)


_REIMPORT: Final = ("mend it with `mistborn char import FILE --replace --force`, or restore "
                   "a copy of the file")

MENDS: Final = {
    ("characters", "sheet"): _REIMPORT,
    ("characters", "version"): _REIMPORT,  # the import with force starts it again
}
"""What mends a damaged column of the table (by SQLite table and column) where a command
can: the table's own advice names none."""


def option_words(param: str) -> str:
    """How the command line gives a step's parameter named ``param`` (its table
    name): the option of that name."""
    return f"--{param.replace('_', '-')}"


def said(error: BaseException, words: Callable[[str], str | None] = option_words) -> str:
    """``error`` as a front door says it: a damaged row of the table (:class:`~conflict.
    table.errors.DamagedRow`) with the command that mends it, where one does; a refusal
    about one of a step's parameters (its ``param``, by the table's name) with how this
    door gives that parameter, ``words(param)`` (the command line's option by default;
    the library's sentence itself names no door's words)."""
    from table.errors import DamagedRow  # on an error only (start-up)

    if isinstance(error, DamagedRow) and (error.table, error.column) in MENDS:
        return str(error.hinted(MENDS[error.table, error.column]))
    which = sys.modules.get("conflict.which")  # loaded when it raised: not to check
    if which is not None and isinstance(error, which.NoConflict):
        return f"{error} with mistborn conflict new NAME --physical"
    param = getattr(error, "param", None)
    # The door that ran the step may have worded it already (its option, its usage).
    how = getattr(error, "door_words", None) or (
        words(param) if isinstance(param, str) else None)
    return f"{error} ({how})" if how else str(error)


def user_errors() -> tuple[type[BaseException], ...]:
    """The errors a front door reports as one line with exit status 2: the library's
    refusals and :class:`UserError`."""
    # On an error only (start-up: no game's errors are loaded to answer a roll).
    from core.errors import RefusedError  # every game's, the sheets', a file unread

    return (RefusedError, UserError)


def path_failed(error: OSError) -> str:
    """What went wrong with a file or folder the system refused (``error`` names it),
    as one line: the path (cut in its middle, :func:`core.errors.shown_path`) and the
    system's reason (``File name too long``)."""
    from core.errors import shown_path  # on an error only (start-up)

    why = error.strerror or type(error).__name__
    return f"cannot use {shown_path(error.filename)}: {why[:1].lower()}{why[1:]}"


LONGEST_WORD: Final = 60
"""The most characters of one word (a bad value typed, say) an error line repeats; a
file's path, which names where to look, may be as long as :data:`LONGEST_PATH`. Longer
ones are cut in their middle, their start and their end kept (:func:`core.errors.cut`)."""

LONGEST_PATH: Final = 124
"""The most characters of a word of an error line holding a file's path: the path as
the library quotes it (:data:`core.errors.PATH_QUOTE`), with the punctuation after it."""

PREFIX: Final = "mistborn: "
"""What every error line of the command line starts with."""

LONGEST_LINE: Final = 300
"""The most bytes (UTF-8) of an error line as printed, :data:`PREFIX` included (the line
break not): so the most characters too."""


def one_line(message: str) -> str:
    """``message`` on one line fit to follow :data:`PREFIX`: the two together at most
    :data:`LONGEST_LINE` bytes, no word longer than :data:`LONGEST_WORD` (a path's
    :data:`LONGEST_PATH`): an argument of 100 KB is not said back whole. Text from the
    table in it is shown escaped, never raw (:func:`core.text.printable`)."""
    from core.errors import cut
    from core.text import printable  # on an error only (start-up: no Unicode tables)

    message = printable(message, lines=True)
    line = " ".join(cut(word, LONGEST_PATH if "/" in word else LONGEST_WORD, ends=True)
                    for word in message.split())
    room = LONGEST_LINE - len(PREFIX.encode())
    data = line.encode("utf-8", "surrogatepass")
    if len(data) <= room:
        return line
    # Cut at a character's boundary, with room for the ellipsis (3 bytes).
    return data[:room - 3].decode("utf-8", "ignore") + "…"


def output_closed() -> None:
    """Stop before doing anything (exit status 1) when standard output is closed
    (``mistborn roll 5 >&-``): what the command says could not be shown."""
    if sys.stdout is None:
        if sys.stderr is not None:
            print("mistborn: standard output is closed; nothing was done", file=sys.stderr)
        sys.exit(1)


def output_failed(error: OSError) -> NoReturn:
    """Stop (exit status 1) when writing the output failed for want of room (standard
    output sent to a full disk): one line, and what is left unwritten dropped, so that
    Python says nothing more at exit. Any other ``error`` is raised again (the table's
    own failures never reach here: they are :class:`~table.TableError`)."""
    if error.errno not in (errno.ENOSPC, errno.EDQUOT, errno.EFBIG):
        raise error
    with contextlib.suppress(OSError, ValueError, AttributeError):
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    print(f"mistborn: cannot write the output: {one_line(error.strerror or str(error))}",
          file=sys.stderr)
    sys.exit(1)


def printable_anywhere() -> None:
    """On a terminal or pipe that cannot take UTF-8 (``LANG=C`` with no UTF-8 fallback,
    ``PYTHONIOENCODING=ascii``), print what it can and a ``?`` for the rest (dice
    glyphs, bars, dashes) rather than stop with an encoding error."""
    for stream in (sys.stdout, sys.stderr):
        encoding = (getattr(stream, "encoding", None) or "").lower().replace("-", "")
        if encoding not in ("utf8", "utf_8") and hasattr(stream, "reconfigure"):
            with contextlib.suppress(ValueError, OSError):  # closed or detached
                stream.reconfigure(errors="replace")


def sizes_readable() -> None:
    """Drop a ``COLUMNS`` or ``LINES`` that Python calls digits but is no number
    (``COLUMNS=²``): Rich would stop on it with a traceback; unset, the terminal's size
    counts, as for any other value that is not a number."""
    for name in ("COLUMNS", "LINES"):
        value = os.environ.get(name, "")
        if value.isdigit() and not value.isdecimal():
            del os.environ[name]


def utf8(text: str) -> bool:
    """Whether an argument was valid UTF-8 (Python keeps invalid bytes as lone
    surrogates, which no terminal or table can take)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True
