"""Times stored in the table: UTC, ISO 8601 text with microseconds.

Text sorts in time order and reads well in the ``sqlite3`` command-line tool.
"""

from __future__ import annotations

import datetime

from core.errors import shown
from table.errors import TableDamaged

__all__ = ["now", "parse", "parse_optional"]


def now() -> str:
    """The current time as stored: ``2025-03-01T20:15:03.123456+00:00``."""
    return datetime.datetime.now(datetime.UTC).isoformat(timespec="microseconds")


def parse(text: str) -> datetime.datetime:
    """A stored time back as an aware :class:`datetime.datetime` in UTC;
    :class:`TableDamaged` if the text is not such a time."""
    try:
        when = datetime.datetime.fromisoformat(text)
    except (TypeError, ValueError):
        when = None
    if when is None or when.utcoffset() is None:
        raise TableDamaged(f"a time in the table is damaged: {shown(str(text))}")
    return when


def parse_optional(text: str | None) -> datetime.datetime | None:
    """Like :func:`parse`, keeping ``None`` (not happened yet)."""
    return None if text is None else parse(text)
