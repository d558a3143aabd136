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


MENDS: Final = {
    ("characters", "sheet"): "mend it with `mistborn char import FILE --replace --force`, "
                             "or restore a copy of the file",
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
    from boardgames.errors import GameError
    from characters.errors import CharacterError
    from conflict.errors import ConflictError

    return (ConflictError, CharacterError, GameError, UserError)


LONGEST_WORD: Final = 60
"""The most characters of one word (a bad value typed, say) an error line repeats; a
file's path, which names where to look, may be as long as :data:`LONGEST_LINE`."""

LONGEST_LINE: Final = 300
"""The most characters of an error line."""


def one_line(message: str) -> str:
    """``message`` on one line of at most :data:`LONGEST_LINE` characters, no word of it
    longer than :data:`LONGEST_WORD`: an argument of 100 KB is not said back whole. Text
    from the table in it is shown escaped, never raw (:func:`core.text.printable`)."""
    from core.text import printable  # on an error only (start-up: no Unicode tables)

    message = printable(message, lines=True)
    words = [word if len(word) <= LONGEST_WORD or ("/" in word and len(word) <= LONGEST_LINE)
             else f"{word[:LONGEST_WORD - 1]}…" for word in message.split()]
    line = " ".join(words)
    return line if len(line) <= LONGEST_LINE else f"{line[:LONGEST_LINE - 1]}…"


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
