"""Reading what the table stores: every column a read takes from the file, checked.

The file is plain SQLite: a tool, a hand edit or a bad disk may leave anything in any
column — text where a number belongs, a blob, NULL, JSON nested five thousand deep.
What this project wrote is only ever read back through a :class:`Row`, which names
the SQLite table and the row (as a person names it: a character's name, an entry's
number and stream) and raises :class:`~table.errors.DamagedRow` for anything
that is not what was written, so a damaged row is one line saying where it is and
what to do, never a traceback.

Stored JSON goes through the project's one strict reader (:func:`core.jsonread.
read_json`), with the limits of imported content (:data:`STORED`).
"""

from __future__ import annotations

import datetime
from typing import Any, Final

import attrs

from core.errors import shown
from core.jsonread import Limits, Unreadable, read_json
from table import clock
from table.errors import RESTORE, DamagedRow, TableDamaged

__all__ = ["STORED", "VERSION_MOST", "Row", "kind_of", "unreadable"]

STORED: Final = Limits(max_bytes=1_000_000)
"""What a JSON column may hold: what an imported file may (:data:`core.jsonread.SHEETS`)."""

VERSION_MOST: Final = 2**63 - 2
"""The most a stored version may be: every write makes it one more, which must still fit
SQLite's whole numbers (at most 2**63 - 1). A version past it was never written by this
program: the row is damaged."""


def kind_of(value: object) -> str:
    """What a stored value is, in a message: ``NULL``, ``a blob``, ``the number 3``,
    ``the text 'abc'``."""
    if value is None:
        return "NULL"
    if isinstance(value, bytes):
        return f"a blob of {len(value):,} bytes"
    if isinstance(value, int | float):
        return f"the number {shown(value)}"
    return f"the text {shown(value)}"


@attrs.frozen
class Row:
    """One row of the SQLite table ``table``, called ``key`` in messages; ``advice``
    is what to do when it is damaged."""

    table: str
    key: str
    advice: str = RESTORE

    def damaged(self, column: str, reason: str) -> DamagedRow:
        """The error for ``column`` of this row, which ``reason``."""
        return DamagedRow(self.table, self.key, column, reason, advice=self.advice)

    def text(self, value: object, column: str) -> str:
        """``value`` if it is text (not NULL, a number or a blob)."""
        if not isinstance(value, str):
            raise self.damaged(column, f"is {kind_of(value)}, not text")
        return value

    def optional_text(self, value: object, column: str) -> str | None:
        """``value`` if it is text or NULL."""
        return None if value is None else self.text(value, column)

    def whole(self, value: object, column: str, *, least: int = 0) -> int:
        """``value`` if it is a whole number of at least ``least``."""
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.damaged(column, f"is {kind_of(value)}, not a whole number")
        if value < least:
            raise self.damaged(column, f"is {value}, less than {least}")
        return value

    def version(self, value: object, column: str = "version", *, least: int = 0) -> int:
        """``value`` if it is a version a write can still make one more: a whole number
        from ``least`` to :data:`VERSION_MOST`."""
        version = self.whole(value, column, least=least)
        if version > VERSION_MOST:
            raise self.damaged(column, f"is {version}, too big to go up by one")
        return version

    def optional_whole(self, value: object, column: str, *, least: int = 0) -> int | None:
        """``value`` if it is NULL or a whole number of at least ``least``."""
        return None if value is None else self.whole(value, column, least=least)

    def flag(self, value: object, column: str) -> bool:
        """``value`` if it is 0 or 1, as false or true."""
        if value not in (0, 1) or isinstance(value, float):
            raise self.damaged(column, f"is {kind_of(value)}, not 0 or 1")
        return bool(value)

    def time(self, value: object, column: str) -> datetime.datetime:
        """``value`` if it is a time as the table stores them (:mod:`.clock`)."""
        try:
            return clock.parse(self.text(value, column))
        except DamagedRow:
            raise
        except TableDamaged:
            raise self.damaged(column, f"is {kind_of(value)}, not a time with its "
                                       "offset from UTC") from None

    def optional_time(self, value: object, column: str) -> datetime.datetime | None:
        """``value`` if it is NULL or a time (see :meth:`time`)."""
        return None if value is None else self.time(value, column)

    def json(self, value: object, column: str, limits: Limits = STORED) -> Any:
        """The data of the JSON text ``value``, read by the strict reader."""
        text = self.text(value, column)
        try:
            return read_json(text, limits)
        except Unreadable as error:
            raise self.damaged(column, unreadable(error)) from None

    def json_object(self, value: object, column: str) -> dict[str, Any]:
        """The JSON object in ``value``."""
        data = self.json(value, column)
        if type(data) is not dict:
            raise self.damaged(column, f"is {shown(value)}, not a JSON object")
        return data

    def text_list(self, value: object, column: str) -> list[str]:
        """The JSON list of texts in ``value``."""
        data = self.json(value, column)
        if type(data) is not list or not all(isinstance(item, str) for item in data):
            raise self.damaged(column, f"is {shown(value)}, not a JSON list of texts")
        return data


def unreadable(error: Unreadable) -> str:
    """Why stored JSON could not be read, after the column's name."""
    prefix = "bad JSON: "
    if error.reason.startswith(prefix):
        return f"is not valid JSON ({error.reason[len(prefix):]})"
    return error.reason
