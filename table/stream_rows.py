"""A stream's row checked against its entries, before anything is read or shown from it.

A stream's ``version`` starts at 0 with no entry, and every write makes it one more: an
append (one or more entries) or an undo (one or more entries marked undone). So a stream
that holds entries has a version of at least 1, one with none has 0, its entries are
numbered 1, 2, 3… with no gap, and its version is at most its entries and its undone
entries together. A row that breaks any of this was changed by something else than this
program — entries deleted by hand, a version set by a tool — and its log no longer
replays to what was played, nor its kept view (:mod:`.views`) to its log: it is a damaged
row, one line, never shown.

Light at import: the reader of a kept view (``hw show``) checks here without loading the
logs.
"""

from __future__ import annotations

import sqlite3
from typing import Final

from core.errors import shown
from table.stored import Row

__all__ = ["MADE_FROM", "checked_version", "made_from"]

MADE_FROM: Final = "stream_entries"
"""The key of a kept view (:mod:`.views`) under which the table keeps what it was made
from: ``[the last entry's seq, how many entries were undone]``."""

_COUNTS: Final = ("SELECT count(*), coalesce(max(seq), 0), count(undone_at) FROM entries "
                  "WHERE stream_id = ?")

_MADE_FROM: Final = (
    f"SELECT json_extract(view, '$.{MADE_FROM}[0]'), json_extract(view, '$.{MADE_FROM}[1]') "
    "FROM views WHERE stream_id = ? AND version = ? AND json_valid(view)")


def _view_made_from(db: sqlite3.Connection, stream_id: object, version: int
                    ) -> tuple[object, object] | None:
    """What the stream's kept view says it was made from, if it is still the stream's
    and says so (a file of a schema before views has none)."""
    try:
        found = db.execute(_MADE_FROM, (stream_id, version)).fetchone()
    except sqlite3.OperationalError as error:
        if str(error) != "no such table: views":
            raise
        return None
    return None if found is None or found[0] is None else (found[0], found[1])


def made_from(db: sqlite3.Connection, stream_id: object) -> list[int]:
    """What a view made now of the stream whose row's id is ``stream_id`` is made from:
    its entries as they stand (kept under :data:`MADE_FROM`)."""
    last, undone = db.execute("SELECT coalesce(max(seq), 0), count(undone_at) FROM entries "
                              "WHERE stream_id = ?", (stream_id,)).fetchone()
    return [last, undone]


def checked_version(db: sqlite3.Connection, kind: str, name: str, stream_id: object,
                    version: object) -> int:
    """The version ``version`` of the stream ``name`` of ``kind`` (whose row's id is
    ``stream_id``), if it agrees with the stream's entries, and they with its kept
    view when it is still the stream's (see the module); else
    :class:`~table.errors.DamagedRow`."""
    where = Row("streams", shown(name))
    checked = where.version(version)
    count, last, undone = db.execute(_COUNTS, (stream_id,)).fetchone()
    deleted = "its entries were deleted, or its version changed"
    if checked == 0 and count:
        raise where.damaged("version", f"is 0, but the stream holds {_entries(count)} "
                                       f"({deleted})")
    if checked and not count:
        raise where.damaged("version", f"is {checked}, but the stream holds no entry "
                                       f"({deleted})")
    if last != count:
        raise Row("entries", f"{shown(last)} of the {kind} {shown(name)}").damaged(
            "seq", f"is {last}, but the stream holds {_entries(count)}: some before it "
                   "were deleted")
    if checked > count + undone:
        raise where.damaged("version", f"is {checked}, more than {_entries(count)} and "
                                       f"{undone} undone could make ({deleted})")
    made = _view_made_from(db, stream_id, checked)
    if made is not None and made != (last, undone):
        raise Row("views", shown(name)).damaged(
            "view", f"was made from entries up to {shown(made[0])} ({shown(made[1])} "
                    f"undone), but the stream holds entries up to {last} ({undone} undone): "
                    "entries were deleted or changed")
    return checked


def _entries(count: int) -> str:
    return f"{count} entr{'y' if count == 1 else 'ies'}"
