"""What an event of a stream wrote to the roster: each sheet's Resiliences before it,
and the sheet's version after — kept so that undoing that event can put the roster
back, but never over a change made since (the ``conflict_results`` table, schema
version 7).

Storage only: which event writes what to the roster, and when taking it back is
refused, are the game's (the Conflict's end: :mod:`conflict.saved`, R-CON-20/21),
given to the table as hooks (:func:`table.sessions.register_hooks`).
"""

from __future__ import annotations

import json
import sqlite3

import attrs

from characters.model import Resiliences
from core.errors import shown
from table.errors import name_key
from table.stored import Row

__all__ = ["Kept", "forget", "keep", "kept", "row_of"]


@attrs.frozen
class Kept:
    """One sheet an event wrote to: its name's key, its Resiliences ``before`` the
    event, and the version of its row the event left (``version_after``)."""

    key: str
    before: Resiliences
    version_after: int


def _stream_id(db: sqlite3.Connection, kind: str, name: str) -> int:
    from table import logs

    return int(logs._stream(db, kind, name)["id"])


def keep(db: sqlite3.Connection, kind: str, name: str, seq: int, sheet: str,
         before: Resiliences, version_after: int) -> None:
    """Record that the entry ``seq`` of the stream wrote to ``sheet``, which had
    ``before`` and is now at ``version_after``."""
    from characters.convert import CONVERTER

    db.execute("INSERT INTO conflict_results (stream_id, seq, name_key, before, "
               "version_after) VALUES (?, ?, ?, ?, ?)",
               (_stream_id(db, kind, name), seq, name_key(sheet),
                json.dumps(CONVERTER.unstructure(before), ensure_ascii=False), version_after))


def kept(db: sqlite3.Connection, kind: str, name: str, seq: int) -> list[Kept]:
    """What the entry ``seq`` of the stream wrote to the roster, in the order kept."""
    from characters.convert import CONVERTER

    rows = db.execute("SELECT name_key, before, version_after FROM conflict_results "
                      "WHERE stream_id = ? AND seq = ? ORDER BY rowid",
                      (_stream_id(db, kind, name), seq)).fetchall()
    found = []
    for key, before, version in rows:
        where = row_of(kind, name, seq, key)
        data = where.json_object(before, "before")
        try:
            resiliences = CONVERTER.structure(data, Resiliences)
        except (ValueError, TypeError, KeyError, ExceptionGroup) as error:  # cattrs: groups
            raise where.damaged("before", f"is not a sheet's Resiliences: {error}") from None
        found.append(Kept(where.text(key, "name_key"), resiliences,
                          where.whole(version, "version_after", least=1)))
    return found


def row_of(kind: str, name: str, seq: int, key: object) -> Row:
    """A row of ``conflict_results``, as a damaged-row error names it."""
    return Row("conflict_results", f"{shown(key)} of entry {seq} of the {kind} {shown(name)}")


def forget(db: sqlite3.Connection, kind: str, name: str, seq: int) -> None:
    """Drop what was kept for the entry ``seq`` of the stream (it was undone)."""
    db.execute("DELETE FROM conflict_results WHERE stream_id = ? AND seq = ?",
               (_stream_id(db, kind, name), seq))
