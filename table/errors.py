"""What the table refuses, and why.

Two families, as everywhere in :mod:`conflict`:

* :class:`TableError` and its subclasses – the table *file* cannot be used as asked:
  missing, busy, read-only, full, damaged, from a newer version. Nothing was changed.
* Refusals of a request against what the table holds, which are
  :class:`~conflict.errors.BadValue` (an unknown name) or
  :class:`~conflict.errors.RuleViolation` (a name taken, a log that moved on, a sheet
  changed since it was exported).

Every message is one line, fit to print as it is.
"""

from __future__ import annotations

from collections.abc import Sequence

from conflict.errors import BadValue, ConflictError, RuleViolation
from core.errors import QUOTE, cut, shown, shown_path

__all__ = ["PURPOSE_MAX", "RESTORE", "DamagedRow", "NameTaken", "NotYourStep", "NothingToUndo",
           "SheetChanged", "StaleLog", "TableBusy", "TableCannotOpen", "TableDamaged",
           "TableError", "TableFull", "TableNotFound", "TableReadOnly", "TableTooNew",
           "UnknownCharacter", "UnknownName", "UnknownPlayer", "UnknownStream", "check_purpose",
           "check_text", "closest_name", "name_key"]


def name_key(name: str) -> str:
    """The form two names share when they are the same name: the project's one rule
    (:func:`core.names.name_key`), imported when first needed (start-up: reading the
    table's errors needs no Unicode tables)."""
    from core.names import name_key as key

    return key(name)


def closest_name(name: str, known: Sequence[str]) -> str | None:
    """The known name a person most likely meant by ``name``, or ``None``: the
    project's one "did you mean" (:func:`core.names.closest`): a close spelling of the
    whole name or of any word of it (``Kel`` → ``Kell``, ``hazekilers`` →
    ``Hazekillers of House Orrell``), or a name holding what was typed."""
    from core.names import closest  # on a refusal only (start-up, as name_key)

    return closest(name, known)


def check_text(value: object, what: str) -> str:
    """``value`` if it is a name by the project's one rule (one line, no control or
    bidi characters, at most 60 characters: :func:`characters.names.check_name`), else
    :class:`BadValue` naming ``what``."""
    from characters.errors import SheetValueError
    from characters.names import check_name

    try:
        check_name(value, field=what)
    except SheetValueError as error:
        raise BadValue(f"{what} must be {error.allowed}, got {shown(error.value)}") from None
    assert isinstance(value, str)
    return value


PURPOSE_MAX = 200
"""The longest "what for" a roll may carry."""


def check_purpose(value: object) -> str:
    """What a roll is for: one line of free text (:func:`core.text.refusal`) of at most
    :data:`PURPOSE_MAX` characters."""
    if not isinstance(value, str):
        raise BadValue(f"what the roll is for must be text, got {shown(value)}")
    if len(value) > PURPOSE_MAX:
        raise BadValue(f"what the roll is for must be one line of at most {PURPOSE_MAX} "
                       f"characters, got {shown(value)}")
    from core.text import refusal  # on a roll with a purpose only (start-up)

    why = refusal(value, emoji=True)  # the project's one rule, for one line of free text
    if why is not None:
        raise BadValue(f"what the roll is for must be {why[0]}, got {shown(why[1])}")
    return value


# --- the file ----------------------------------------------------------------------------


class TableError(ConflictError):
    """The table file cannot be used as asked; nothing in it was changed."""


class TableNotFound(TableError):
    """No table file where one was expected (a command that only reads), or no path."""


class TableCannotOpen(TableError):
    """The table file or its folder cannot be opened or made."""


class TableBusy(TableError):
    """Another program kept the table locked for writing longer than the wait allowed."""


class TableReadOnly(TableError):
    """The table file (or its folder) may not be written."""


class TableFull(TableError):
    """The disk (or the table's size limit) is full; the write was not kept."""


class TableDamaged(TableError):
    """The file is not a table, or its contents are damaged."""


RESTORE = "restore a copy of the file"
"""What to do about a damaged row that no command can take out."""



class DamagedRow(TableDamaged):
    """One row of the table file holds what no program of this project wrote: text
    where a number belongs, JSON nested too deeply, an event its game cannot read.

    ``table`` is the SQLite table (``entries``), ``row`` its key as a person names it
    (``2 of the conflict 'Canal'``), ``column`` the column read, ``reason`` what is
    wrong with it and ``advice`` what to do; ``path`` is the file, filled in by the
    connection that read the row (:meth:`in_file`). Nothing was changed."""

    def __init__(self, table: str, row: str, column: str, reason: str, *,
                 advice: str = RESTORE, path: str | None = None) -> None:
        self.table = table
        self.row = row
        self.column = column
        self.reason = reason
        self.advice = advice
        self.path = path
        where = "the table file" if path is None else f"the table file {shown_path(path)}"
        super().__init__(f"{where} is damaged: {table} row {row}: {column} {reason}; "
                         f"{advice}")

    def hinted(self, advice: str) -> DamagedRow:
        """This error advising ``advice`` instead: a front door names the command that
        mends the row (the table knows no command)."""
        return DamagedRow(self.table, self.row, self.column, self.reason, advice=advice,
                          path=self.path)

    def in_file(self, path: str) -> DamagedRow:
        """This error, naming the file ``path`` (unless it names one already)."""
        if self.path is not None:
            return self
        return DamagedRow(self.table, self.row, self.column, self.reason,
                          advice=self.advice, path=path)


class TableTooNew(TableError):
    """The file was written by a newer mistborn-conflict, with a schema this one lacks."""


# --- names ---------------------------------------------------------------------------------


class UnknownName(BadValue):
    """No entry of some sort has that name; ``suggestion`` is the closest known one."""

    what = "entry"
    empty = "the table has none"

    def __init__(self, name: str, known: Sequence[str]) -> None:
        self.name = name
        self.known = tuple(known)
        self.suggestion = closest_name(name, known)
        from core.names import not_found  # on a refusal only (start-up, as name_key)

        super().__init__(not_found(self.what, name, self.known, self.suggestion, quote=repr,
                                   none=self.empty, holds="the table holds"))


class UnknownCharacter(UnknownName):
    """No character or group in the table has that name."""

    what = "character"
    empty = "the table is empty"


class UnknownPlayer(UnknownName):
    """No player (not revoked) has that name."""

    what = "player"
    empty = "no players have been invited"


class UnknownStream(UnknownName):
    """No event stream of that kind has that name."""

    def __init__(self, kind: str, name: str, known: Sequence[str]) -> None:
        self.kind = kind
        self.what = kind
        self.empty = f"the table holds no {kind} yet"
        super().__init__(name, known)


class NameTaken(RuleViolation):
    """A name already used (names are unique ignoring case)."""

    def __init__(self, name: str, existing: str, *, where: str = "in the table") -> None:
        self.name = name
        self.existing = existing
        same = "" if existing == name else f" (as {shown(existing)})"
        super().__init__(f"{shown(name)} is already {where}{same}; names are unique ignoring "
                         "case")


# --- concurrent writers ----------------------------------------------------------------------


class StaleLog(RuleViolation):
    """An append or undo was built on a version of the log that is no longer current.

    ``version`` is the log's version now; read the log again and rebuild.
    """

    def __init__(self, kind: str, name: str, *, based_on: int, version: int) -> None:
        self.kind = kind
        self.name = name
        self.based_on = based_on
        self.version = version
        super().__init__(
            f"the {kind} {shown(name)} changed while you were deciding (version {based_on}, "
            f"now {version}): look again and retry"
        )


class NothingToUndo(RuleViolation):
    """Undo asked of a log with no live entry left."""

    def __init__(self, kind: str, name: str) -> None:
        self.kind = kind
        self.name = name
        super().__init__(f"nothing to undo in the {kind} {shown(name)}")


class NotYourStep(RuleViolation):
    """Undo asked for the writer's own last step, and the last step is someone else's.

    ``who`` wrote it; nothing was undone."""

    def __init__(self, kind: str, name: str, *, who: str, asked_by: str) -> None:
        self.kind = kind
        self.name = name
        self.who = who
        self.asked_by = asked_by
        super().__init__(f"the last step of the {kind} {shown(name)} is {cut(who, QUOTE)}'s, "
                         f"not {cut(asked_by, QUOTE)}'s: nothing undone")


class SheetChanged(RuleViolation):
    """Sheets changed in the table since the file being imported was exported.

    ``changes`` holds (name, version expected, version now or ``None`` if removed).
    """

    def __init__(self, changes: Sequence[tuple[str, int, int | None]]) -> None:
        self.changes = tuple(changes)
        parts = [
            f"{name} changed in the table since the export (version {expected}, now {now})"
            if now is not None
            else f"{name} was removed from the table since the export (version {expected})"
            for name, expected, now in self.changes
        ]
        super().__init__("; ".join(parts))
