"""The table's schema: named migrations from an empty file to the current version.

:data:`MIGRATIONS` lists ``(name, step)`` pairs; step ``i`` (counting from 1) brings a
file to schema version ``i``. The version is kept in the ``meta`` table, and each step
applied is recorded by name and time in ``migrations``. Opening a table applies the
missing steps in one write transaction: a file is at one version or the next, never in
between (a process killed mid-migration leaves the old version). Released steps are
never changed; new features append steps.

The schema (version 10)::

    meta        key TEXT PRIMARY KEY, value TEXT          -- schema_version
    migrations  step INTEGER PRIMARY KEY, name TEXT, applied_at TEXT (NULL: before records)
    characters  id, name, name_key UNIQUE, kind, player, sheet (JSON), updated_at,
                version (1, 2, … one more on every change)
    streams     id, kind, name, name_key (UNIQUE with kind), version, is_current
                (at most one per kind), created_by, created_at
    entries     stream_id → streams, seq (1, 2, … per stream), event (JSON object),
                sent_by, sent_at, undone_by, undone_at; PRIMARY KEY (stream_id, seq)
    rolls       id, who, purpose, asked, faces (JSON list), result, nudges,
                difficulty, success (0/1), rolled_at
    players     id, name, name_key (UNIQUE among players not revoked), public_keys
                (JSON list), passphrase_hash, characters (JSON list), narrator (0/1),
                created_at, revoked_at
    conflict_results  stream_id → streams, seq (the end's entry), name_key, before
                (the sheet's Resiliences as JSON), version_after
    reveals     stream_id → streams, name_key (PRIMARY KEY with stream_id), name,
                revealed_by, revealed_at -- participants whose numbers players may see
    views       stream_id → streams (PRIMARY KEY), version (the stream's, when made),
                view (JSON object) -- what a reader shows without replaying (.views)
    roll_log, event_log, game_list, sheet_list, player_list
                SQL views in plain words for other tools (.readable)

Every table is STRICT; times are UTC ISO text with microseconds (:mod:`.clock`).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Final

from core.errors import shown_path
from table import clock
from table.connection import Connection
from table.errors import TableTooNew

__all__ = ["MIGRATIONS", "SCHEMA_VERSION", "Migration", "Step", "migrate", "read_version"]

Step = Callable[[sqlite3.Connection], None]
Migration = tuple[str, Step]


def _roster(db: sqlite3.Connection) -> None:
    """Version 1: the roster of sheets and Extra groups (as first released)."""
    db.execute(
        'CREATE TABLE "characters" (\n'
        '   "id" INTEGER PRIMARY KEY,\n'
        '   "name" TEXT NOT NULL,\n'
        '   "name_key" TEXT NOT NULL,\n'
        '   "kind" TEXT NOT NULL,\n'
        '   "player" TEXT,\n'
        '   "sheet" TEXT NOT NULL,\n'
        '   "updated_at" TEXT NOT NULL\n'
        ") STRICT"
    )
    db.execute('CREATE UNIQUE INDEX "characters_name_key"\n    ON "characters" ("name_key")')


def _sheet_versions(db: sqlite3.Connection) -> None:
    """Version 2: a version number per sheet, so an import never overwrites blindly."""
    db.execute("ALTER TABLE characters ADD COLUMN version INTEGER NOT NULL DEFAULT 1")


def _event_streams(db: sqlite3.Connection) -> None:
    """Version 3: event streams (Conflicts, board games) and their append-only logs."""
    db.execute(
        "CREATE TABLE streams (\n"
        "   id INTEGER PRIMARY KEY,\n"
        "   kind TEXT NOT NULL,\n"
        "   name TEXT NOT NULL,\n"
        "   name_key TEXT NOT NULL,\n"
        "   version INTEGER NOT NULL DEFAULT 0,\n"
        "   is_current INTEGER NOT NULL DEFAULT 0,\n"
        "   created_by TEXT NOT NULL,\n"
        "   created_at TEXT NOT NULL\n"
        ") STRICT"
    )
    db.execute("CREATE UNIQUE INDEX streams_kind_name_key ON streams (kind, name_key)")
    db.execute("CREATE UNIQUE INDEX streams_one_current ON streams (kind) WHERE is_current = 1")
    db.execute(
        "CREATE TABLE entries (\n"
        "   stream_id INTEGER NOT NULL REFERENCES streams (id),\n"
        "   seq INTEGER NOT NULL,\n"
        "   event TEXT NOT NULL,\n"
        "   sent_by TEXT NOT NULL,\n"
        "   sent_at TEXT NOT NULL,\n"
        "   undone_by TEXT,\n"
        "   undone_at TEXT,\n"
        "   PRIMARY KEY (stream_id, seq)\n"
        ") STRICT"
    )


def _roll_log(db: sqlite3.Connection) -> None:
    """Version 4: the log of rolls made outside a Conflict."""
    db.execute(
        "CREATE TABLE rolls (\n"
        "   id INTEGER PRIMARY KEY,\n"
        "   who TEXT NOT NULL,\n"
        "   purpose TEXT NOT NULL,\n"
        "   asked INTEGER NOT NULL,\n"
        "   faces TEXT NOT NULL,\n"
        "   result INTEGER NOT NULL,\n"
        "   nudges INTEGER NOT NULL,\n"
        "   difficulty INTEGER,\n"
        "   success INTEGER,\n"
        "   rolled_at TEXT NOT NULL\n"
        ") STRICT"
    )


def _players(db: sqlite3.Connection) -> None:
    """Version 5: the players who may join over SSH, and what they control."""
    db.execute(
        "CREATE TABLE players (\n"
        "   id INTEGER PRIMARY KEY,\n"
        "   name TEXT NOT NULL,\n"
        "   name_key TEXT NOT NULL,\n"
        "   public_keys TEXT NOT NULL,\n"
        "   passphrase_hash TEXT,\n"
        "   characters TEXT NOT NULL,\n"
        "   narrator INTEGER NOT NULL,\n"
        "   created_at TEXT NOT NULL,\n"
        "   revoked_at TEXT\n"
        ") STRICT"
    )
    db.execute(
        "CREATE UNIQUE INDEX players_name_key ON players (name_key) WHERE revoked_at IS NULL"
    )


def _name_keys(db: sqlite3.Connection) -> None:
    """Version 6: names compared by the project's one rule (NFKC, case-folded, invisible
    characters dropped: :func:`characters.names.name_key`), which replaced the first
    release's NFD keys; and damage never past a Resilience's full score (R-CON-20),
    which the first release allowed."""
    import json

    from characters.names import name_key

    for table in ("characters", "streams", "players"):
        rows = db.execute(f"SELECT id, name FROM {table}").fetchall()
        for row_id, name in rows:
            db.execute(f"UPDATE {table} SET name_key = ? WHERE id = ?",
                       (name_key(name), row_id))
    for row_id, kind, sheet in db.execute("SELECT id, kind, sheet FROM characters").fetchall():
        if kind == "extra":
            continue
        data = json.loads(sheet)
        changed = False
        for value in data.get("resiliences", {}).values():
            if isinstance(value, dict) and value.get("damage", 0) > value.get("full", 0):
                value["damage"] = value["full"]
                changed = True
        if changed:
            db.execute("UPDATE characters SET sheet = ? WHERE id = ?",
                       (json.dumps(data, ensure_ascii=False), row_id))


def _conflict_results(db: sqlite3.Connection) -> None:
    """Version 7: what a Conflict's end wrote to the roster (each sheet's Resiliences
    before, and the sheet's version after), so that undoing the end can put the roster
    back — but never over a change made since."""
    db.execute(
        "CREATE TABLE conflict_results (\n"
        "   stream_id INTEGER NOT NULL REFERENCES streams (id),\n"
        "   seq INTEGER NOT NULL,\n"
        "   name_key TEXT NOT NULL,\n"
        "   before TEXT NOT NULL,\n"
        "   version_after INTEGER NOT NULL,\n"
        "   PRIMARY KEY (stream_id, seq, name_key)\n"
        ") STRICT"
    )


def _reveals(db: sqlite3.Connection) -> None:
    """Version 8: the participants of a Conflict whose statistics and Resiliences the
    Narrator has revealed to the players (Villains' and Extras' stay hidden until then)."""
    db.execute(
        "CREATE TABLE reveals (\n"
        "   stream_id INTEGER NOT NULL REFERENCES streams (id),\n"
        "   name_key TEXT NOT NULL,\n"
        "   name TEXT NOT NULL,\n"
        "   revealed_by TEXT NOT NULL,\n"
        "   revealed_at TEXT NOT NULL,\n"
        "   PRIMARY KEY (stream_id, name_key)\n"
        ") STRICT"
    )


def _views(db: sqlite3.Connection) -> None:
    """Version 9: each stream's view (a Conflict's board and last steps) as its last
    write left it, so that showing it needs no replay; valid only while its version is
    the stream's (:mod:`.views`)."""
    db.execute(
        "CREATE TABLE views (\n"
        "   stream_id INTEGER PRIMARY KEY REFERENCES streams (id),\n"
        "   version INTEGER NOT NULL,\n"
        "   view TEXT NOT NULL\n"
        ") STRICT"
    )


def _readable_views(db: sqlite3.Connection) -> None:
    """Version 10: views with columns in plain words (rolls, events, games, sheets,
    players without their keys), for other tools reading the file (:mod:`.readable`)."""
    from table import readable  # start-up: its SQL is needed only to migrate

    readable.create(db)


def _player_seats(db: sqlite3.Connection) -> None:
    """Version 11: the game each player last chose to sit at (``use`` in the player
    shell), as JSON ``[kind, name]``, so that their next session sits there too."""
    db.execute("ALTER TABLE players ADD COLUMN sits TEXT")


MIGRATIONS: Final[tuple[Migration, ...]] = (
    ("roster", _roster),
    ("sheet_versions", _sheet_versions),
    ("event_streams", _event_streams),
    ("roll_log", _roll_log),
    ("players", _players),
    ("name_keys", _name_keys),
    ("conflict_results", _conflict_results),
    ("reveals", _reveals),
    ("views", _views),
    ("readable_views", _readable_views),
    ("player_seats", _player_seats),
)
"""Steps from an empty file to the current schema; step ``i`` makes version ``i + 1``."""

SCHEMA_VERSION: Final = len(MIGRATIONS)


def read_version(db: sqlite3.Connection) -> int:
    """The schema version of the open file (0 for a file with none of the table's own
    tables yet); :class:`~.errors.DamagedRow` when the version is missing or is not a
    whole number of 1 or more, so that no migration ever runs over a damaged file."""
    tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    row = None
    if "meta" in tables:
        row = db.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()
    elif not tables & _OWN_TABLES:
        return 0
    value = None if row is None else row[0]
    if isinstance(value, str) and value.isascii() and value.isdigit() and len(value) < 10:
        value = int(value)
    if type(value) is int and value > 0:
        return value
    from table.stored import Row  # a damaged file only (start-up: opening is light)

    meta = Row("meta", "'schema_version'")
    if row is None:
        raise meta.damaged("value", "is missing" if "meta" in tables else
                           "is missing (no meta table)")
    return meta.whole(value, "value", least=1)


_OWN_TABLES: Final = frozenset({"characters", "streams", "entries", "migrations"})
"""Tables only this program makes: a file holding one has a version."""


def _too_new(path: Path, version: int, known: int) -> TableTooNew:
    return TableTooNew(
        f"{shown_path(path)} has schema version {version}, newer than this "
        f"mistborn-conflict knows ({known}); upgrade mistborn-conflict"
    )


def migrate(connection: Connection, migrations: Sequence[Migration] = MIGRATIONS) -> int:
    """Bring the file to the last of ``migrations``; returns the version it is at.

    A file already current costs one read. Otherwise every missing step runs in one
    write transaction, so a failing step (or a killed process) leaves the file as it
    was. A file from a newer version raises :class:`TableTooNew`.
    """
    known = len(migrations)
    version = connection.read(read_version)
    if version == known:
        return version
    if version > known:
        raise _too_new(connection.path, version, known)

    def steps(db: sqlite3.Connection) -> int:
        found = read_version(db)  # again, now that this connection holds the write lock
        if found > known:
            raise _too_new(connection.path, found, known)
        db.execute("CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
        db.execute(
            "CREATE TABLE IF NOT EXISTS migrations "
            "(step INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT) STRICT"
        )
        # Steps applied before names were recorded (version-1 files) are listed undated.
        db.executemany(
            "INSERT OR IGNORE INTO migrations (step, name, applied_at) VALUES (?, ?, NULL)",
            [(step + 1, migrations[step][0]) for step in range(found)],
        )
        for step in range(found, known):
            _name, apply = migrations[step]
            apply(db)
            db.execute(
                "INSERT INTO migrations (step, name, applied_at) VALUES (?, ?, ?)",
                (step + 1, migrations[step][0], clock.now()),
            )
            db.execute(
                "INSERT INTO meta (key, value) VALUES ('schema_version', ?) "
                "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                (str(step + 1),),
            )
        return known

    return connection.write(steps)
