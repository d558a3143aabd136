"""The table database (conflict/storage.py): a real SQLite file per test."""

from __future__ import annotations

import json
import random
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path

import attrs
import pytest
import sqlite_utils
from hypothesis import given, settings
from strategies import rosters

from characters.errors import SheetValueError
from characters.files import loads
from characters.model import Character, ExtraGroup, Resilience, Sheet
from conflict.errors import RuleViolation
from conflict.storage import (
    MIGRATIONS,
    SCHEMA_VERSION,
    NameTaken,
    Table,
    TableError,
    UnknownCharacter,
    default_path,
)

CREW = """
[[character]]
name = "Kell"
kind = "hero"
player = "Alice"
attributes = { physique = 3, charm = 4, wits = 5 }
standings = { resources = 4, influence = 4, spirit = 6 }
resiliences = { health = 8, reputation = 6, willpower = 7 }

[[character]]
name = "Marsh"
kind = "villain"
attributes = { physique = 6, charm = 2, wits = 5 }
standings = { resources = 5, influence = 8, spirit = 3 }
resiliences = { health = 12, reputation = 9, willpower = 11 }

[[group]]
name = "Hazekillers"
count = 8
attributes = { physique = 4, charm = 2, wits = 3 }
"""


def crew() -> list[Character]:
    return loads(CREW, "toml")


@pytest.fixture
def table(tmp_path: Path) -> Table:
    with Table(tmp_path / "table.db") as opened:
        yield opened  # type: ignore[misc]


def rows(path: Path) -> list[tuple[str, str]]:
    """The roster as plain sqlite3 sees it, without this project's code."""
    with sqlite3.connect(path) as conn:
        return list(conn.execute("SELECT name, kind FROM characters ORDER BY name"))


# --- the file ----------------------------------------------------------------------------


def test_created_on_first_use_with_schema_version_wal_and_busy_timeout(tmp_path: Path) -> None:
    path = tmp_path / "table.db"
    assert not path.exists()
    with Table(path, busy_timeout_ms=1234) as table:
        assert path.exists()
        assert table.schema_version == SCHEMA_VERSION == len(MIGRATIONS)
        conn = table.db.conn
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert conn.execute("PRAGMA busy_timeout").fetchone()[0] == 1234
    with sqlite3.connect(path) as conn:
        version = conn.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()
    assert version == (str(SCHEMA_VERSION),)


def test_default_location_is_the_user_data_directory() -> None:
    path = default_path()
    assert path.name == "table.db"
    assert "mistborn-conflict" in path.parts


def test_later_migrations_run_once_in_order(tmp_path: Path) -> None:
    path = tmp_path / "table.db"
    Table(path).close()
    calls: list[int] = []

    def add_rolls(db: sqlite_utils.Database) -> None:
        calls.append(1)
        db.execute("CREATE TABLE rolls (id INTEGER PRIMARY KEY, faces TEXT)")

    with Table(path, migrations=(*MIGRATIONS, add_rolls)) as table:
        assert table.schema_version == SCHEMA_VERSION + 1
        assert table.db["rolls"].exists()
    with Table(path, migrations=(*MIGRATIONS, add_rolls)) as table:
        assert table.schema_version == SCHEMA_VERSION + 1
    assert calls == [1]


def test_a_failing_migration_changes_nothing(tmp_path: Path) -> None:
    path = tmp_path / "table.db"
    Table(path).close()

    def broken(db: sqlite_utils.Database) -> None:
        db.execute("CREATE TABLE half (id INTEGER)")
        raise RuntimeError("disk on fire")

    with pytest.raises(RuntimeError):
        Table(path, migrations=(*MIGRATIONS, broken))
    with Table(path) as table:
        assert table.schema_version == SCHEMA_VERSION
        assert not table.db["half"].exists()


def test_a_table_from_a_newer_version_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "table.db"
    Table(path, migrations=(*MIGRATIONS, lambda db: None)).close()
    with pytest.raises(TableError, match="newer than this mistborn-conflict knows"):
        Table(path)


def test_a_file_that_is_not_a_database_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "notes.txt"
    path.write_text("just some notes, not SQLite\n" * 100)
    with pytest.raises(TableError, match="is not a usable table"):
        Table(path)
    with pytest.raises(TableError, match="no such directory"):
        Table(tmp_path / "missing" / "table.db")


# --- the roster ---------------------------------------------------------------------------


@settings(max_examples=40)
@given(rosters(max_size=5))
def test_database_round_trip_keeps_every_field(roster: list[Character]) -> None:
    with tempfile.TemporaryDirectory() as directory:
        path = Path(directory) / "table.db"
        with Table(path) as table:
            table.add(roster)
        with Table(path) as table:
            for character in roster:
                assert table.get(character.name) == character
            assert sorted(map(repr, table.characters())) == sorted(map(repr, roster))


def test_rows_are_listed_heroes_then_villains_then_groups(table: Table) -> None:
    table.add(crew())
    assert table.names() == ["Kell", "Marsh", "Hazekillers"]


def test_names_are_unique_ignoring_case(table: Table) -> None:
    table.add(crew())
    renamed = attrs.evolve(crew()[0], name="KELL", player="Bo")
    with pytest.raises(NameTaken, match="'KELL' is already in the table \\(as 'Kell'\\)"):
        table.add([renamed])
    added = table.add([renamed], replace=True)
    assert [a.replaced for a in added] == [True]
    assert table.names() == ["KELL", "Marsh", "Hazekillers"]
    kell = table.get("kell")
    assert isinstance(kell, Sheet) and kell.player == "Bo"


def test_adding_is_all_or_nothing(table: Table) -> None:
    table.add(crew()[:1])
    newcomer = attrs.evolve(crew()[0], name="Vin")
    with pytest.raises(NameTaken):
        table.add([newcomer, crew()[0]])  # Kell is already there: Vin is not kept either
    assert table.names() == ["Kell"]
    with pytest.raises(NameTaken):
        table.add([newcomer, attrs.evolve(newcomer, name="vin")], replace=True)
    assert table.names() == ["Kell"]


def test_quotes_and_sql_in_names_are_just_text(table: Table) -> None:
    name = "Robert'); DROP TABLE characters; --\" 🜂"
    table.add([attrs.evolve(crew()[0], name=name)])
    assert table.get(name.upper()).name == name
    assert rows(table.path) == [(name, "hero")]


def test_unknown_names_suggest_the_closest(table: Table) -> None:
    with pytest.raises(UnknownCharacter, match="the table is empty"):
        table.get("Kell")
    table.add(crew())
    with pytest.raises(UnknownCharacter) as caught:
        table.get("Kel")
    assert str(caught.value) == "no character named 'Kel' — did you mean 'Kell'?"
    assert caught.value.suggestion == "Kell"
    with pytest.raises(UnknownCharacter, match="the table holds 'Hazekillers', 'Kell'"):
        table.get("Zzyzx")
    assert table.find("Zzyzx") is None


def test_change_renames_and_keeps_names_unique(table: Table) -> None:
    table.add(crew())
    table.change("kell", lambda c: attrs.evolve(c, name="Kelsier"))
    assert table.names() == ["Kelsier", "Marsh", "Hazekillers"]
    with pytest.raises(NameTaken):
        table.change("Kelsier", lambda c: attrs.evolve(c, name="marsh"))
    with pytest.raises(UnknownCharacter):
        table.change("Kell", lambda c: c)
    assert table.get("Kelsier").name == "Kelsier"


def test_remove(table: Table) -> None:
    table.add(crew())
    assert table.remove("MARSH").name == "Marsh"
    assert table.names() == ["Kell", "Hazekillers"]
    with pytest.raises(UnknownCharacter):
        table.remove("Marsh")


def test_r_con_20_damage_is_kept_apart_and_accumulates(tmp_path: Path) -> None:
    path = tmp_path / "table.db"
    with Table(path) as table:
        table.add(crew())
        table.damage("Kell", "health", 3)
        kell = table.damage("Kell", "Health", 2)
    assert kell.resiliences.health == Resilience(full=8, damage=5)
    with Table(path) as table:  # kept in the file
        kell = table.get("Kell")
        assert isinstance(kell, Sheet)
        assert kell.resiliences.health.current == 3
        assert table.damage("Kell", "health", 9).resiliences.health.current == 0  # never < 0
        assert table.heal("Kell", "health", 20).resiliences.health.damage == 0  # never < 0


def test_r_con_19_extras_have_no_tracked_resiliences(table: Table) -> None:
    table.add(crew())
    with pytest.raises(RuleViolation, match="R-CON-19"):
        table.damage("Hazekillers", "health", 1)
    group = table.get("Hazekillers")
    assert isinstance(group, ExtraGroup) and group.count == 8


def test_unknown_resilience_or_negative_amount_changes_nothing(table: Table) -> None:
    table.add(crew())
    with pytest.raises(SheetValueError, match="resilience must be one of health"):
        table.damage("Kell", "luck", 1)
    with pytest.raises(SheetValueError):
        table.heal("Kell", "health", -1)
    assert table.get("Kell") == crew()[0]


def test_a_damaged_row_is_reported_not_crashed_on(table: Table) -> None:
    table.add(crew())
    with sqlite3.connect(table.path) as conn:
        conn.execute("UPDATE characters SET sheet = '{\"name\": 1}' WHERE name = 'Kell'")
    with pytest.raises(TableError, match=r"the sheet of 'Kell' .* is damaged"):
        table.get("Kell")


def test_two_connections_see_each_others_writes(tmp_path: Path) -> None:
    path = tmp_path / "table.db"
    with Table(path) as first, Table(path) as second:
        first.add(crew()[:1])
        assert second.names() == ["Kell"]
        second.damage("Kell", "willpower", 2)
        kell = first.get("Kell")
        assert isinstance(kell, Sheet) and kell.resiliences.willpower.damage == 2


# --- seen from outside ----------------------------------------------------------------------


@pytest.mark.skipif(shutil.which("sqlite3") is None, reason="needs the sqlite3 command-line tool")
def test_the_sqlite3_command_line_tool_shows_the_rows(table: Table) -> None:
    table.add(crew())
    table.damage("Kell", "health", 2)
    result = subprocess.run(
        ["sqlite3", "-json", str(table.path),
         "SELECT name, kind, player, sheet FROM characters ORDER BY name"],
        capture_output=True, text=True, check=True,
    )
    shown = json.loads(result.stdout)
    assert [(r["name"], r["kind"], r["player"]) for r in shown] == [
        ("Hazekillers", "extra", None),
        ("Kell", "hero", "Alice"),
        ("Marsh", "villain", None),
    ]
    kell = json.loads(shown[1]["sheet"])
    assert kell["resiliences"]["health"] == {"full": 8, "damage": 2}
    check = subprocess.run(["sqlite3", str(table.path), "PRAGMA integrity_check"],
                           capture_output=True, text=True, check=True)
    assert check.stdout.strip() == "ok"


WRITER = textwrap.dedent(
    """
    import sys, attrs
    from characters.files import loads
    from conflict.storage import Table
    crew = loads(sys.argv[2], "toml")
    crew += [attrs.evolve(crew[-1], name=f"Guard {n}") for n in range(60)]
    with Table(sys.argv[1]) as table:
        table.add(crew, replace=True)
        batch = 0
        while True:
            batch += 1
            print(batch, flush=True)  # about to write: a kill now lands mid-batch
            table.add([attrs.evolve(c, notes=f"batch {batch}") for c in crew], replace=True)
    """
)


def test_a_process_killed_mid_write_leaves_no_half_written_sheet(tmp_path: Path) -> None:
    path = tmp_path / "table.db"
    for _attempt in range(5):
        child = subprocess.Popen(
            [sys.executable, "-c", WRITER, str(path), CREW],
            stdout=subprocess.PIPE, text=True,
        )
        assert child.stdout is not None
        for _ in range(3):  # let it commit a few batches
            assert child.stdout.readline()
        # then kill it at some moment inside the next batch's writes
        time.sleep(random.uniform(0, 0.01))
        child.send_signal(signal.SIGKILL)
        child.wait()
        with sqlite3.connect(path) as conn:
            assert conn.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        with Table(path) as table:
            roster = table.characters()
        assert len(roster) == 63
        # Each write replaced all of them in one transaction: they always agree.
        assert len({c.notes for c in roster}) == 1, sorted({c.notes for c in roster})


def test_unknown_names_suggest_a_name_containing_the_word_typed() -> None:
    from conflict.storage import closest_name

    known = ["Hazekillers of House Orrell", "Canton guards", "Kell"]
    # Too far from any whole name for a spelling match, but one name holds the word.
    assert closest_name("hazekillers", known) == "Hazekillers of House Orrell"
    assert closest_name("GUARDS", known) == "Canton guards"
    # A close spelling still wins, and nothing alike gives no suggestion.
    assert closest_name("Kel", known) == "Kell"
    assert closest_name("Zzyzx", known) is None
    assert closest_name("  ", known) is None
