"""A stream's row checked against its entries, before anything is read or shown from it.

A stream's ``version`` starts at 0 with no entry, and every write makes it one more: an
append (one or more entries) or an undo (one or more entries marked undone). So a stream
that holds entries has a version of at least 1, one with none has 0, its entries are
numbered 1, 2, 3… with no gap, and its version is at most its entries and its undone
entries together, and at least the writes they record (each append stamps its entries
with one time, each undo the entries it marks). A view kept beside the stream
(:mod:`.views`) was made at a version no later than the stream's, and, while it is still
the stream's, from entries up to the last one's seq with as many undone. A row that
breaks any of this was changed by something else than this program — entries deleted by
hand, a version set or lowered by a tool — and its log no longer replays to what was
played, nor its kept view to its log: it is a damaged row, one line, never shown.

An entry edited in place leaves a whole log, which is the truth: the view kept beside it
records a digest of the entries it was made from (:func:`digest`), and a reader that
finds another one replays the log instead of showing the view (:func:`.views.read`) —
what the edited log says, or the line naming the entry it cannot replay.

Light at import: the reader of a kept view (``hw show``) checks here without loading the
logs.
"""

from __future__ import annotations

import sqlite3
from typing import Final

from core.errors import shown
from table.stored import Row

__all__ = ["MADE_FROM", "checked_version", "digest", "made_from"]

MADE_FROM: Final = "stream_entries"
"""The key of a kept view (:mod:`.views`) under which the table keeps what it was made
from: ``[the last entry's seq, how many entries were undone, their digest]``
(:func:`digest`; a view kept by an older release has no digest, and is replayed)."""

_COUNTS: Final = ("SELECT count(*), coalesce(max(seq), 0), count(undone_at) FROM entries "
                  "WHERE stream_id = ?")

_WRITES: Final = ("SELECT count(DISTINCT sent_at) + count(DISTINCT undone_at) FROM entries "
                  "WHERE stream_id = ?")

_KEPT: Final = (
    f"SELECT version, json_extract(made, '$.{MADE_FROM}[0]'), "
    f"json_extract(made, '$.{MADE_FROM}[1]') FROM (SELECT version, "
    "CASE WHEN json_valid(view) THEN view END AS made FROM views WHERE stream_id = ?)")

_DIGESTED: Final = (
    "SELECT CAST(group_concat(event, char(10)) AS BLOB), "
    "group_concat(seq) FILTER (WHERE undone_at IS NOT NULL) "
    "FROM (SELECT seq, event, undone_at FROM entries WHERE stream_id = ? ORDER BY seq)")
"""Every event's text in the order of the entries (their seq, which has no gap:
:func:`checked_version`), and the seqs of those undone: joined by SQLite, for a
digest that costs one row, not one per entry (200 entries: 65 µs, not 135 µs).
SQLite does not promise to join in the inner query's order: were it ever to join
otherwise, a view would only be taken for stale and replayed, never shown wrongly."""


def _kept(db: sqlite3.Connection, stream_id: object) -> tuple[object, ...] | None:
    """The stream's kept view's version, and what it says it was made from (``None``
    for what it does not say), if it has one (a file of a schema before views has
    none)."""
    try:
        found: tuple[object, ...] | None = db.execute(_KEPT, (stream_id,)).fetchone()
    except sqlite3.OperationalError as error:
        if str(error) != "no such table: views":
            raise
        return None
    return found


def digest(db: sqlite3.Connection, stream_id: object) -> int:
    """A digest of the entries of the stream whose row's id is ``stream_id``: each
    one's event's text as stored, in the order of their seq, and which are undone.
    An entry edited in place, marked or unmarked undone, or deleted makes another.

    A CRC-32, not a cryptographic hash: it tells a kept view from careless edits (a
    tool's ``UPDATE``), catching with certainty any change confined to 32 consecutive
    bits, and any other but for one chance in four billion. A deliberate forger can
    rewrite the view as easily as the entries, so no hash could stop one; and ``zlib``
    loads in a tenth of the time of ``hashlib`` (whose OpenSSL a ``show`` would pay
    for at every start)."""
    import zlib

    events, undone = db.execute(_DIGESTED, (stream_id,)).fetchone()
    return zlib.crc32(events or b"", zlib.crc32(str(undone).encode()))


def made_from(db: sqlite3.Connection, stream_id: object) -> list[int]:
    """What a view made now of the stream whose row's id is ``stream_id`` is made from:
    its entries as they stand (kept under :data:`MADE_FROM`)."""
    last, undone = db.execute("SELECT coalesce(max(seq), 0), count(undone_at) FROM entries "
                              "WHERE stream_id = ?", (stream_id,)).fetchone()
    return [last, undone, digest(db, stream_id)]


def checked_version(db: sqlite3.Connection, kind: str, name: str, stream_id: object,
                    version: object) -> int:
    """The version ``version`` of the stream ``name`` of ``kind`` (whose row's id is
    ``stream_id``), if it agrees with the stream's entries and its kept view (see the
    module); else :class:`~table.errors.DamagedRow`."""
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
    kept = _kept(db, stream_id)
    if kept is not None and isinstance(kept[0], int) and kept[0] > checked:
        raise where.damaged("version", f"is {checked}, but its kept view was made at "
                                       f"version {kept[0]} (its version was lowered)")
    if kept is not None and kept[0] == checked and kept[1] is not None:
        if (kept[1], kept[2]) != (last, undone):
            raise Row("views", shown(name)).damaged(
                "view", f"was made from entries up to {shown(kept[1])} ({shown(kept[2])} "
                        f"undone), but the stream holds entries up to {last} ({undone} "
                        "undone): entries were deleted or changed")
        return checked  # no write since the view's, which was made at this version
    # Each append stamps its entries with one time, each undo the entries it marks:
    # the stream was written at least once for each distinct time (two writes in the
    # same microsecond share one, so this counts no more writes than were made).
    writes = db.execute(_WRITES, (stream_id,)).fetchone()[0]
    if checked < writes:
        raise where.damaged("version", f"is {checked}, fewer than the {writes} writes its "
                                       "entries record (its version was lowered)")
    return checked


def _entries(count: int) -> str:
    return f"{count} entr{'y' if count == 1 else 'ies'}"
