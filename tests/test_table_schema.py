"""The table's schema (table/schema.py): named migrations, versions, old files."""

from __future__ import annotations

import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from table_support import ROOT, crew, plain

from characters.model import Resilience, Sheet
from table import (
    MIGRATIONS,
    SCHEMA_VERSION,
    Table,
    TableTooNew,
    default_path,
)

V1_FILE = Path(__file__).parent / "data" / "table-v1.db"

# The schema as designed (table/schema.py's docstring), written out by hand.
COLUMNS = {
    "meta": ["key", "value"],
    "migrations": ["step", "name", "applied_at"],
    "characters": [
        "id", "name", "name_key", "kind", "player", "sheet", "updated_at", "version"
    ],
    "streams": [
        "id", "kind", "name", "name_key", "version", "is_current", "created_by", "created_at"
    ],
    "entries": [
        "stream_id", "seq", "event", "sent_by", "sent_at", "undone_by", "undone_at"
    ],
    "rolls": [
        "id", "who", "purpose", "asked", "faces", "result", "nudges", "difficulty",
        "success", "rolled_at",
    ],
    "players": [
        "id", "name", "name_key", "public_keys", "passphrase_hash", "characters",
        "narrator", "created_at", "revoked_at", "sits",
    ],
    "conflict_results": ["stream_id", "seq", "name_key", "before", "version_after"],
    "reveals": ["stream_id", "name_key", "name", "revealed_by", "revealed_at"],
    "views": ["stream_id", "version", "view"],
}


def columns(path: Path) -> dict[str, list[str]]:
    tables = [row[0] for row in plain(path, "SELECT name FROM sqlite_master WHERE type='table'")]
    return {
        str(table): [str(row[1]) for row in plain(path, f"PRAGMA table_info({table})")]
        for table in tables
    }


def schema_sql(path: Path) -> list[tuple[object, ...]]:
    return plain(path, "SELECT type, name, sql FROM sqlite_master ORDER BY type, name")


def test_migrations_are_named_steps_in_order() -> None:
    assert [name for name, _ in MIGRATIONS] == [
        "roster", "sheet_versions", "event_streams", "roll_log", "players", "name_keys",
        "conflict_results", "reveals", "views", "readable_views", "player_seats",
    ]
    assert SCHEMA_VERSION == 11


def test_a_new_file_gets_every_table_and_records_each_step(tmp_path: Path) -> None:
    path = tmp_path / "table.db"
    assert not path.exists()
    with Table(path) as table:
        assert path.exists()
        assert table.schema_version == SCHEMA_VERSION
    assert columns(path) == COLUMNS
    assert plain(path, "SELECT value FROM meta WHERE key = 'schema_version'") == [("11",)]
    steps = plain(path, "SELECT step, name, applied_at IS NOT NULL FROM migrations")
    assert steps == [(1, "roster", 1), (2, "sheet_versions", 1), (3, "event_streams", 1),
                     (4, "roll_log", 1), (5, "players", 1), (6, "name_keys", 1),
                     (7, "conflict_results", 1), (8, "reveals", 1),
                     (9, "views", 1), (10, "readable_views", 1),
                     (11, "player_seats", 1)]
    assert plain(path, "PRAGMA journal_mode") == [("wal",)]  # kept in the file
    # Every table is STRICT: a wrong type is refused by SQLite itself.
    conn = sqlite3.connect(path)
    with pytest.raises(sqlite3.IntegrityError, match="cannot store TEXT value in INTEGER"):
        conn.execute("INSERT INTO rolls (who, purpose, asked, faces, result, nudges, rolled_at)"
                     " VALUES ('a', '', 'many', '[]', 0, 0, 'now')")
    conn.close()


def test_a_version_1_file_made_by_the_first_release_is_migrated(tmp_path: Path) -> None:
    path = tmp_path / "table.db"
    shutil.copy(V1_FILE, path)
    assert plain(path, "SELECT value FROM meta") == [("1",)]
    assert "version" not in columns(path)["characters"]
    with Table(path) as table:
        assert table.schema_version == SCHEMA_VERSION
        assert table.names() == ["Kell", "Marsh", "Hazekillers"]
        kell = table.get("kell")
        assert isinstance(kell, Sheet) and kell.resiliences.health.damage == 3
        assert table.versions() == {"Kell": 1, "Marsh": 1, "Hazekillers": 1}
        assert table.streams() == [] and table.rolls() == [] and table.players() == []
    assert columns(path) == COLUMNS
    # Step 1 ran before steps were recorded: listed, undated.
    steps = plain(path, "SELECT step, name, applied_at IS NOT NULL FROM migrations")
    assert steps == [(1, "roster", 0), (2, "sheet_versions", 1), (3, "event_streams", 1),
                     (4, "roll_log", 1), (5, "players", 1), (6, "name_keys", 1),
                     (7, "conflict_results", 1), (8, "reveals", 1),
                     (9, "views", 1), (10, "readable_views", 1),
                     (11, "player_seats", 1)]
    assert plain(path, "PRAGMA integrity_check") == [("ok",)]
    # The migrated file has exactly the schema of a new one (step 1 still writes the
    # very tables the first release wrote).
    fresh = tmp_path / "fresh.db"
    Table(fresh).close()
    assert schema_sql(path) == schema_sql(fresh)


def test_default_location_is_the_user_data_directory() -> None:
    path = default_path()
    assert path.name == "table.db"
    assert "mistborn-conflict" in path.parts


def _add_notes(db: sqlite3.Connection) -> None:
    db.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT)")


def test_later_migrations_run_once_in_order(tmp_path: Path) -> None:
    path = tmp_path / "table.db"
    Table(path).close()
    calls: list[str] = []

    def first(db: sqlite3.Connection) -> None:
        calls.append("first")
        _add_notes(db)

    def second(db: sqlite3.Connection) -> None:
        calls.append("second")
        db.execute("ALTER TABLE notes ADD COLUMN author TEXT")

    later = (*MIGRATIONS, ("notes", first), ("note_authors", second))
    with Table(path, migrations=later) as table:
        assert table.schema_version == SCHEMA_VERSION + 2
    with Table(path, migrations=later) as table:
        assert table.schema_version == SCHEMA_VERSION + 2
    assert calls == ["first", "second"]
    assert columns(path)["notes"] == ["id", "text", "author"]
    assert plain(path, f"SELECT name FROM migrations WHERE step > {SCHEMA_VERSION}") == [
        ("notes",), ("note_authors",)
    ]


def test_a_failing_migration_changes_nothing(tmp_path: Path) -> None:
    path = tmp_path / "table.db"
    Table(path).close()
    before = schema_sql(path)

    def broken(db: sqlite3.Connection) -> None:
        db.execute("CREATE TABLE half (id INTEGER)")
        raise RuntimeError("disk on fire")

    with pytest.raises(RuntimeError, match="disk on fire"):
        Table(path, migrations=(*MIGRATIONS, ("notes", _add_notes), ("broken", broken)))
    assert schema_sql(path) == before  # not even the step that worked is kept
    with Table(path) as table:
        assert table.schema_version == SCHEMA_VERSION


def test_a_table_from_a_newer_version_is_refused_and_left_alone(tmp_path: Path) -> None:
    path = tmp_path / "table.db"
    Table(path, migrations=(*MIGRATIONS, ("notes", _add_notes))).close()
    before = path.read_bytes()
    with pytest.raises(TableTooNew) as caught:
        Table(path)
    assert str(caught.value) == (
        f"{str(path)!r} has schema version {SCHEMA_VERSION + 1}, newer than this "
        f"mistborn-conflict knows ({SCHEMA_VERSION}); "
        "upgrade mistborn-conflict"
    )
    assert path.read_bytes() == before


OPEN_NEW = """
import sys
from table import Table
with Table(sys.argv[1]) as table:
    print(table.schema_version, table.names())
"""


def test_processes_creating_the_same_new_table_at_once_all_succeed(tmp_path: Path) -> None:
    path = tmp_path / "table.db"
    openers = [
        subprocess.Popen(
            [sys.executable, "-c", OPEN_NEW, str(path)],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT,
        )
        for _ in range(6)
    ]
    for opener in openers:
        out, err = opener.communicate(timeout=60)
        assert (opener.returncode, out, err) == (0, f"{SCHEMA_VERSION} []\n", "")
    assert columns(path) == COLUMNS
    assert plain(path, "SELECT count(*) FROM migrations") == [(SCHEMA_VERSION,)]


def test_r_con_20_version_6_rekeys_names_and_stops_damage_at_the_full_score(
        tmp_path: Path) -> None:
    # A version-5 file written with the first release's NFD keys and a sheet whose
    # damage had run past its full score.
    import json
    import unicodedata

    path = tmp_path / "table.db"
    with Table(path, migrations=MIGRATIONS[:5]) as table:
        table.add(crew())
    conn = sqlite3.connect(path)
    sheet = json.loads(conn.execute("SELECT sheet FROM characters WHERE name = 'Kell'")
                       .fetchone()[0])
    sheet["name"] = "Kéll"
    sheet["resiliences"]["health"] = {"full": 8, "damage": 12}
    nfd = unicodedata.normalize("NFD", "kéll")
    conn.execute("UPDATE characters SET name = 'Kéll', name_key = ?, sheet = ? "
                 "WHERE name = 'Kell'", (nfd, json.dumps(sheet)))
    conn.commit()
    conn.close()
    with Table(path) as table:
        assert table.schema_version == SCHEMA_VERSION
        kell = table.get("KÉLL")  # found by the new key, typed precomposed
        assert isinstance(kell, Sheet)
        assert kell.resiliences.health == Resilience(8, 8)
