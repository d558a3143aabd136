"""A mistake by the person at the keyboard, as every front door reports it: one line,
exit status 2 (:func:`fail`). Light at import, so any command module may use it
without loading the click group of :mod:`cli.main`."""

from __future__ import annotations

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


def said(error: BaseException) -> str:
    """``error`` as a front door says it: a damaged row of the table (:class:`~conflict.
    table.errors.DamagedRow`) with the command that mends it, where one does."""
    from conflict.table.errors import DamagedRow  # on an error only (start-up)

    if isinstance(error, DamagedRow) and (error.table, error.column) in MENDS:
        return str(error.hinted(MENDS[error.table, error.column]))
    return str(error)
