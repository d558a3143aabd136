"""Event streams: a Conflict, or a game of Stuffed, the Deckbuilding Game or House War,
as an append-only log of events.

A stream has a kind (:data:`STREAM_KINDS`), a name unique within its kind ignoring case,
and entries numbered 1, 2, 3… Each entry holds one event (a JSON object the caller
gives; this package stores it as text and gives back an equal ``dict``, and never
interprets it), who sent it and when (UTC, microseconds). Undo marks the last live entry
undone, saying who and when; history is never deleted. One stream per kind may be the
current one.

Optimistic concurrency: a stream's ``version`` goes up by one on every append and every
undo. A writer reads the log (entries and version), decides, and appends "based on" the
version it read; if another writer got there first the append raises
:class:`~table.errors.StaleLog` and writes nothing. :func:`commit` is the loop
writers use: read, build, append, and on a stale log read and build again.
"""

from __future__ import annotations

import datetime
import json
import sqlite3
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final

import attrs

from conflict.errors import BadValue
from core.errors import shown
from core.jsonread import Limits, Unreadable, read_json
from core.registry import MODULES, registered
from table import clock
from table.connection import Connection
from table.errors import (
    DamagedRow,
    NameTaken,
    NothingToUndo,
    StaleLog,
    UnknownStream,
    check_text,
    name_key,
)
from table.stored import Row, kind_of, unreadable
from table.stream_rows import checked_version

__all__ = ["DEFAULT_ATTEMPTS", "STREAM_KINDS", "Appended", "Build", "Entry", "Event", "Log",
           "StreamInfo", "Then", "Undone", "append", "check_kind", "commit", "create", "current",
           "currents", "encode", "info", "listing", "read", "set_current", "undo"]

STREAM_KINDS: Final = tuple(MODULES)
"""The kinds of event stream this program knows: one for each game it knows
(:data:`core.registry.MODULES`; a game registered at run time adds its own)."""

DEFAULT_ATTEMPTS: Final = 5
"""Optimistic tries :func:`commit` makes before building under the write lock."""

Event = dict[str, Any]


@attrs.frozen
class Entry:
    """One entry of a log: the event, who sent it and when, and whether it was undone."""

    seq: int
    event: Event = attrs.field(hash=False)
    who: str
    at: datetime.datetime
    undone_by: str | None = None
    undone_at: datetime.datetime | None = None

    @property
    def undone(self) -> bool:
        """Whether a later undo took this entry back."""
        return self.undone_at is not None


@attrs.frozen
class Log:
    """A stream's entries (in order) and its version when they were read."""

    kind: str
    name: str
    version: int
    entries: tuple[Entry, ...]

    @property
    def events(self) -> list[Event]:
        """The live events, in order: what a replay applies."""
        return [entry.event for entry in self.entries if not entry.undone]


@attrs.frozen
class StreamInfo:
    """One stream as listed: no entries, just where it stands."""

    kind: str
    name: str
    version: int
    current: bool
    last_seq: int
    created_by: str
    created_at: datetime.datetime


@attrs.frozen
class Appended:
    """What an append wrote, and the stream's version after it."""

    entries: tuple[Entry, ...]
    version: int


@attrs.frozen
class Undone:
    """The entry an undo took back (the last, when it took back several: ``entries``,
    oldest first), and the stream's version after it."""

    entry: Entry
    version: int
    entries: tuple[Entry, ...] = ()


# --- checks --------------------------------------------------------------------------------


def check_kind(kind: object) -> str:
    """``kind`` if it is one of :data:`STREAM_KINDS` or a game is registered for it
    (:func:`core.registry.registered`), else :class:`BadValue`."""
    if kind not in STREAM_KINDS and not (isinstance(kind, str) and registered(kind)):
        raise BadValue(f"a stream kind must be one of {', '.join(STREAM_KINDS)}, got "
                       f"{shown(kind)}")
    assert isinstance(kind, str)
    return kind


def encode(events: Sequence[Mapping[str, Any]]) -> list[str]:
    """Each event as JSON text; :class:`BadValue` unless each is a JSON object that reads
    back equal (no tuples, non-text keys, NaN or objects JSON lacks)."""
    if isinstance(events, Mapping) or not events:
        raise BadValue("an append needs a list of one or more events (JSON objects)")
    texts: list[str] = []
    for index, event in enumerate(events, start=1):
        try:
            if not isinstance(event, Mapping):
                raise TypeError(f"not an object: {type(event).__name__}")
            text = json.dumps(event, ensure_ascii=False, allow_nan=False, separators=(",", ":"))
            if json.loads(text) != event:
                raise TypeError("it does not read back equal (tuples or non-text keys?)")
        except (TypeError, ValueError) as error:
            raise BadValue(
                f"event {index} must be a JSON object of plain values: {error}; "
                f"got {shown(event)}"
            ) from None
        texts.append(text)
    return texts


# --- reading -------------------------------------------------------------------------------


_INFO = (
    "SELECT s.*, (SELECT coalesce(max(seq), 0) FROM entries e WHERE e.stream_id = s.id) "
    "AS last_seq FROM streams s"
)


def _stream_row(row: sqlite3.Row) -> Row:
    name = row["name"]
    return Row("streams", shown(name) if isinstance(name, str) else f"id {row['id']}")


def _keyed(row: sqlite3.Row) -> object:
    """The name of ``row`` (``id``, ``name``, ``name_key``), if its key is its name's:
    a name not found is looked for again among keys a tool changed (then the row is
    damaged, rather than the name unknown)."""
    found = row["name"]
    if isinstance(found, str) and row["name_key"] != name_key(found):
        raise _stream_row(row).damaged("name_key", f"is {kind_of(row['name_key'])}, not "
                                                   "the key of its name")
    return found


def _info(row: sqlite3.Row) -> StreamInfo:
    # A row whose version disagrees with its entries is listed all the same: that game
    # alone is refused when it is read (stream_rows, in _stream and the kept views), so
    # one damaged game never hides the others, nor stops a server listing them.
    where = _stream_row(row)
    version = where.version(row["version"])
    last_seq = where.whole(row["last_seq"], "the last entry's seq")
    return StreamInfo(
        kind=where.text(row["kind"], "kind"),
        name=where.text(row["name"], "name"),
        version=version,
        current=where.flag(row["is_current"], "is_current"),
        last_seq=last_seq,
        created_by=where.text(row["created_by"], "created_by"),
        created_at=where.time(row["created_at"], "created_at"),
    )


def _stream(db: sqlite3.Connection, kind: str, name: str) -> sqlite3.Row:
    row: sqlite3.Row | None = db.execute(
        "SELECT * FROM streams WHERE kind = ? AND name_key = ?", (check_kind(kind), name_key(name))
    ).fetchone()
    if row is None:
        rows = db.execute("SELECT id, name, name_key FROM streams WHERE kind = ?", (kind,))
        known = [_keyed(r) for r in rows]
        raise UnknownStream(kind, name, [n for n in known if isinstance(n, str)])
    where = _stream_row(row)
    # The version, and the entries it was made from: a stream whose entries were
    # deleted, or whose version was set by hand, is damaged (:mod:`.stream_rows`).
    checked_version(db, kind, where.text(row["name"], "name"), row["id"], row["version"])
    return row


def listing(db: sqlite3.Connection, kind: str | None) -> list[StreamInfo]:
    """Every stream (of ``kind``, if given), oldest first."""
    if kind is None:
        rows = db.execute(f"{_INFO} ORDER BY s.id").fetchall()
    else:
        rows = db.execute(
            f"{_INFO} WHERE s.kind = ? ORDER BY s.id", (check_kind(kind),)
        ).fetchall()
    return [_info(row) for row in rows]


def info(db: sqlite3.Connection, kind: str, name: str) -> StreamInfo:
    """The stream ``name`` of ``kind``; :class:`UnknownStream` suggests the closest."""
    stream_id = _stream(db, kind, name)["id"]
    return _info(db.execute(f"{_INFO} WHERE s.id = ?", (stream_id,)).fetchone())


def current(db: sqlite3.Connection, kind: str) -> StreamInfo | None:
    """The current stream of ``kind``, or ``None``."""
    row = db.execute(f"{_INFO} WHERE s.kind = ? AND s.is_current = 1", (check_kind(kind),))
    found = row.fetchone()
    return None if found is None else _info(found)


def currents(db: sqlite3.Connection, kinds: Sequence[str]) -> list[StreamInfo]:
    """The current stream of each of ``kinds`` that has one, in one query."""
    marks = ", ".join("?" * len(kinds))
    rows = db.execute(f"{_INFO} WHERE s.is_current = 1 AND s.kind IN ({marks})",
                      tuple(check_kind(kind) for kind in kinds))
    return [_info(row) for row in rows.fetchall()]


def _damaged(kind: str, name: str, seq: object, why: str, column: str = "event") -> DamagedRow:
    return Row("entries", f"{shown(seq)} of the {kind} {shown(name)}").damaged(column, why)


_STORED: Final = Limits(max_bytes=1_000_000)


_PARSED: dict[str, Event] = {}
"""Each stored event's text read before in this process, and what it read as: a log is
read again at every write, and its entries never change (an undo marks one, it does not
rewrite it), so only the entries not seen yet are parsed. Read-only: every decoder copies
what it changes."""

_PARSED_MOST: Final = 200_000


def _events(rows: Sequence[sqlite3.Row], kind: str, name: str) -> list[Event]:
    """The events of ``rows`` (``event`` is their second column): only those not read
    before in this process are parsed, through the strict reader."""
    parsed = _PARSED
    new = [row for row in rows if row[1] not in parsed]
    if new:
        if len(parsed) + len(new) > _PARSED_MOST:
            parsed.clear()
            new = list(rows)
        for row, event in zip(new, _parse(new, kind, name), strict=True):
            parsed[row[1]] = event
    return [parsed[row[1]] for row in rows]


def _parse(rows: Sequence[sqlite3.Row], kind: str, name: str) -> list[Event]:
    """The events of ``rows``, each through the project's one strict reader (a damaged
    file cannot hang or crash a read). Each row is read alone: texts joined into one
    array could read as other events than their rows hold (one row's unclosed string
    swallowing the next), and cost no less (measured with 2,000 stored events: 27 ms
    alone, 37 ms as one array, which the depth check then walks whole)."""
    events: list[Event] = []
    for row in rows:
        try:
            event = read_json(row[1], _STORED)
        except Unreadable as error:
            raise _damaged(kind, name, row[0], unreadable(error)) from None
        if type(event) is not dict:
            raise _damaged(kind, name, row[0], f"is {shown(row[1])}, not a JSON object")
        events.append(event)
    return events


_ENTRY_COLUMNS = "seq, event, sent_by, sent_at, undone_by, undone_at"


def _entries(rows: Sequence[sqlite3.Row], kind: str, name: str) -> tuple[Entry, ...]:
    """Entries from rows of :data:`_ENTRY_COLUMNS` (a 1,000-entry log is read often:
    positional access, one JSON parse, each distinct time parsed once)."""
    times: dict[str, datetime.datetime] = {}  # the entries of one append share a time
    for row in rows:
        _check_entry(row, kind, name)
        for column, text in (("sent_at", row[3]), ("undone_at", row[5])):
            if text not in times and (text is not None or column == "sent_at"):
                where = Row("entries", f"{shown(row[0])} of the {kind} {shown(name)}")
                times[text] = where.time(text, column)
    events = _events(rows, kind, name)
    return tuple(
        Entry(row[0], event, row[2], times[row[3]], row[4], times.get(row[5]))
        for row, event in zip(rows, events, strict=True)
    )


def _check_entry(row: sqlite3.Row, kind: str, name: str) -> None:
    """``row`` (of :data:`_ENTRY_COLUMNS`) if each column holds what an append wrote."""
    if isinstance(row[0], bool) or not isinstance(row[0], int) or row[0] < 1:
        raise _damaged(kind, name, row[0], f"is {kind_of(row[0])}, not a whole number "
                                           "of 1 or more", "seq")
    if not isinstance(row[1], str):
        raise _damaged(kind, name, row[0], f"is {kind_of(row[1])}, not text")
    for index, column in ((2, "sent_by"), (4, "undone_by")):
        if not isinstance(row[index], str) and (index == 2 or row[index] is not None):
            raise _damaged(kind, name, row[0], f"is {kind_of(row[index])}, not text", column)


def read(db: sqlite3.Connection, kind: str, name: str, *, include_undone: bool) -> Log:
    """The stream's entries in order (live ones only unless ``include_undone``)."""
    stream = _stream(db, kind, name)
    live = "" if include_undone else " AND undone_at IS NULL"
    rows = db.execute(
        f"SELECT {_ENTRY_COLUMNS} FROM entries WHERE stream_id = ?{live} ORDER BY seq",
        (stream["id"],),
    ).fetchall()
    entries = _entries(rows, kind, stream["name"])
    return Log(kind=kind, name=stream["name"], version=stream["version"], entries=entries)


# --- writing -------------------------------------------------------------------------------


def create(
    db: sqlite3.Connection, kind: str, name: str, *, who: str, current: bool | None
) -> StreamInfo:
    """A new empty stream (see :meth:`table.Table.create_stream`)."""
    check_kind(kind)
    check_text(name, f"the name of a {kind}")
    check_text(who, "who")
    existing = db.execute(
        "SELECT name FROM streams WHERE kind = ? AND name_key = ?", (kind, name_key(name))
    ).fetchone()
    if existing is not None:
        raise NameTaken(name, existing["name"], where=f"a {kind} in the table")
    if current is None:
        found = db.execute("SELECT 1 FROM streams WHERE kind = ? AND is_current = 1", (kind,))
        current = found.fetchone() is None
    if current:
        db.execute("UPDATE streams SET is_current = 0 WHERE kind = ? AND is_current = 1", (kind,))
    db.execute(
        "INSERT INTO streams (kind, name, name_key, version, is_current, created_by, created_at) "
        "VALUES (?, ?, ?, 0, ?, ?, ?)",
        (kind, name, name_key(name), int(current), who, clock.now()),
    )
    return info(db, kind, name)


def set_current(db: sqlite3.Connection, kind: str, name: str) -> StreamInfo:
    """Make ``name`` the current stream of its kind (the previous one no longer is)."""
    stream = _stream(db, kind, name)
    db.execute("UPDATE streams SET is_current = 0 WHERE kind = ? AND is_current = 1", (kind,))
    db.execute("UPDATE streams SET is_current = 1 WHERE id = ?", (stream["id"],))
    return info(db, kind, name)


def _check_version(stream: sqlite3.Row, kind: str, based_on: int) -> None:
    if isinstance(based_on, bool) or not isinstance(based_on, int):
        raise BadValue(f"based_on must be a log version (a whole number), got {shown(based_on)}")
    if int(stream["version"]) != based_on:
        raise StaleLog(kind, stream["name"], based_on=based_on, version=int(stream["version"]))


def append(
    db: sqlite3.Connection,
    kind: str,
    name: str,
    texts: Sequence[str],
    *,
    based_on: int,
    who: str,
) -> Appended:
    """Append events already encoded by :func:`encode`, if the log is at ``based_on``."""
    check_text(who, "who")
    stream = _stream(db, kind, name)
    _check_version(stream, kind, based_on)
    last = db.execute(
        "SELECT coalesce(max(seq), 0) FROM entries WHERE stream_id = ?", (stream["id"],)
    ).fetchone()[0]
    at = clock.now()
    rows = [(stream["id"], last + n, text, who, at) for n, text in enumerate(texts, start=1)]
    db.executemany(
        "INSERT INTO entries (stream_id, seq, event, sent_by, sent_at) VALUES (?, ?, ?, ?, ?)",
        rows,
    )
    version = based_on + 1
    db.execute("UPDATE streams SET version = ? WHERE id = ?", (version, stream["id"]))
    when = clock.parse(at)
    entries = tuple(
        Entry(seq=seq, event=json.loads(text), who=who, at=when) for _, seq, text, _, _ in rows
    )
    return Appended(entries=entries, version=version)


def undo(db: sqlite3.Connection, kind: str, name: str, *, based_on: int, who: str,
         count: int = 1) -> Undone:
    """Mark the last ``count`` live entries undone, if the log is at ``based_on``."""
    check_text(who, "who")
    if isinstance(count, bool) or not isinstance(count, int) or count < 1:
        raise BadValue(f"count must be a whole number of entries, 1 or more, got {shown(count)}")
    stream = _stream(db, kind, name)
    _check_version(stream, kind, based_on)
    rows = db.execute(
        f"SELECT {_ENTRY_COLUMNS} FROM entries WHERE stream_id = ? AND undone_at IS NULL "
        "ORDER BY seq DESC LIMIT ?",
        (stream["id"], count),
    ).fetchall()
    if len(rows) < count or not rows:
        raise NothingToUndo(kind, stream["name"])
    at = clock.now()
    db.executemany(
        "UPDATE entries SET undone_by = ?, undone_at = ? WHERE stream_id = ? AND seq = ?",
        [(who, at, stream["id"], row[0]) for row in rows],
    )
    version = based_on + 1
    db.execute("UPDATE streams SET version = ? WHERE id = ?", (version, stream["id"]))
    when = clock.parse(at)
    entries = tuple(attrs.evolve(entry, undone_by=who, undone_at=when)
                    for entry in _entries(rows[::-1], kind, stream["name"]))
    return Undone(entry=entries[-1], version=version, entries=entries)


Build = Callable[[Log], Sequence[Mapping[str, Any]]]
Then = Callable[[sqlite3.Connection, Log, "Appended"], None]


def commit(
    connection: Connection,
    kind: str,
    name: str,
    build: Build,
    *,
    who: str,
    attempts: int = DEFAULT_ATTEMPTS,
    then: Then | None = None,
) -> Appended:
    """Read the live log, ``build(log)`` the events to append, and append them based on
    the version read; when another writer got there first, read and build again.

    ``build`` re-validates against the log it is given (this is where the Conflict
    engine checks the rules) and returns the events, or raises to abort: nothing is
    written and its exception propagates unchanged. An empty result writes nothing.
    ``then(db, log, appended)``, if given, runs inside the same write transaction after
    the append (the roster's share of a Conflict's end): all is kept, or nothing.
    After ``attempts`` stale tries, one last try reads, builds and appends inside the
    write transaction, where no one can get in between: ``commit`` always finishes.
    """
    check_text(who, "who")

    def finish(db: sqlite3.Connection, log: Log, texts: list[str]) -> Appended:
        appended = append(db, kind, name, texts, based_on=log.version, who=who)
        if then is not None:
            then(db, log, appended)
        return appended

    for _attempt in range(attempts):
        log = connection.read(lambda db: read(db, kind, name, include_undone=False))
        events = build(log)
        if not events:
            return Appended(entries=(), version=log.version)
        texts = encode(events)

        def optimistic(
            db: sqlite3.Connection, texts: list[str] = texts, log: Log = log
        ) -> Appended:
            return finish(db, log, texts)

        try:
            return connection.write(optimistic)
        except StaleLog:
            continue

    def locked(db: sqlite3.Connection) -> Appended:
        log = read(db, kind, name, include_undone=False)
        events = build(log)
        if not events:
            return Appended(entries=(), version=log.version)
        return finish(db, log, encode(events))

    return connection.write(locked)
