"""What the Narrator has revealed to the players: the participants of a stream (a
Conflict) whose statistics and Resiliences players may see.

Villains and Extras keep their numbers hidden from players until the Narrator reveals
them (``mistborn conflict reveal NAME``); a reveal holds for that one stream. Each row
keeps who revealed whom and when; hiding again deletes the row.
"""

from __future__ import annotations

import sqlite3

from core.errors import shown
from table import clock
from table.errors import check_text, name_key
from table.stored import Row

__all__ = ["hide", "reveal", "revealed"]


def _stream_id(db: sqlite3.Connection, kind: str, stream: str) -> int:
    from table import logs

    return int(logs._stream(db, kind, stream)["id"])  # UnknownStream, suggesting a name


def reveal(db: sqlite3.Connection, kind: str, stream: str, name: str, *, who: str) -> bool:
    """Reveal ``name`` in the stream; whether it was hidden until now."""
    check_text(name, "the name revealed")
    check_text(who, "who reveals")
    stream_id = _stream_id(db, kind, stream)
    cursor = db.execute(
        "INSERT INTO reveals (stream_id, name_key, name, revealed_by, revealed_at) "
        "VALUES (?, ?, ?, ?, ?) ON CONFLICT (stream_id, name_key) DO NOTHING",
        (stream_id, name_key(name), name, who, clock.now()))
    return cursor.rowcount > 0


def hide(db: sqlite3.Connection, kind: str, stream: str, name: str) -> bool:
    """Hide ``name`` again; whether it had been revealed."""
    stream_id = _stream_id(db, kind, stream)
    cursor = db.execute("DELETE FROM reveals WHERE stream_id = ? AND name_key = ?",
                        (stream_id, name_key(name)))
    return cursor.rowcount > 0


def revealed(db: sqlite3.Connection, kind: str, stream: str) -> tuple[str, ...]:
    """The names revealed in the stream, in the order they were revealed."""
    stream_id = _stream_id(db, kind, stream)
    rows = db.execute("SELECT name FROM reveals WHERE stream_id = ? ORDER BY revealed_at, name",
                      (stream_id,))
    where = f"of the {kind} {shown(stream)}"
    return tuple(Row("reveals", f"{shown(row[0])} {where}").text(row[0], "name") for row in rows)
