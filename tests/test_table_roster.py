"""The roster in the table (table/roster.py): a real SQLite file per test."""

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
from collections.abc import Iterator
from pathlib import Path

import attrs
import pytest
from hypothesis import given, settings
from profiles import scaled
from strategies import rosters
from table_support import CREW, crew, plain

from characters.errors import SheetRuleViolation, SheetValueError
from characters.model import Character, ExtraGroup, Resilience, Sheet
from table import (
    NameTaken,
    SheetChanged,
    Table,
    TableError,
    UnknownCharacter,
    closest_name,
)


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Table]:
    with Table(tmp_path / "table.db") as opened:
        yield opened


def rows(path: Path) -> list[tuple[object, ...]]:
    """The roster as plain sqlite3 sees it, without this project's code."""
    return plain(path, "SELECT name, kind FROM characters ORDER BY name")


# --- the roster ---------------------------------------------------------------------------


@settings(max_examples=scaled(40))
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
        # Never past 0 nor past no damage (R-CON-20): refused, nothing changed.
        with pytest.raises(SheetRuleViolation, match="R-CON-20: Health of 'Kell' has 3 of 8"):
            table.damage("Kell", "health", 9)
        with pytest.raises(SheetRuleViolation, match="R-CON-20"):
            table.heal("Kell", "health", 20)
        assert table.get_versioned("Kell")[1] == 3  # two changes, no more
        assert table.damage("Kell", "health", 3).resiliences.health.current == 0
        assert table.heal("Kell", "health", 8).resiliences.health.damage == 0


def test_r_con_19_extras_have_no_tracked_resiliences(table: Table) -> None:
    table.add(crew())
    with pytest.raises(SheetRuleViolation, match="R-CON-19"):
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
    conn = sqlite3.connect(table.path)
    with conn:
        conn.execute("UPDATE characters SET sheet = '{\"name\": 1}' WHERE name = 'Kell'")
    conn.close()
    with pytest.raises(TableError,
                       match=r"is damaged: characters row 'Kell': sheet is not a valid sheet"):
        table.get("Kell")


def test_two_connections_see_each_others_writes(tmp_path: Path) -> None:
    path = tmp_path / "table.db"
    with Table(path) as first, Table(path) as second:
        first.add(crew()[:1])
        assert second.names() == ["Kell"]
        second.damage("Kell", "willpower", 2)
        kell = first.get("Kell")
        assert isinstance(kell, Sheet) and kell.resiliences.willpower.damage == 2


# --- versions: no blind overwrite ----------------------------------------------------------


def test_every_change_to_a_sheet_raises_its_version_by_one(table: Table) -> None:
    added = table.add(crew())
    assert [(a.character.name, a.version) for a in added] == [
        ("Kell", 1), ("Marsh", 1), ("Hazekillers", 1)
    ]
    table.damage("Kell", "health", 1)  # 2
    table.heal("Kell", "health", 1)  # 3
    table.change("Kell", lambda c: attrs.evolve(c, notes="owes Marsh"))  # 4
    replaced = table.add([crew()[0]], replace=True)  # 5
    assert replaced[0].version == 5 and replaced[0].replaced
    kell, version = table.get_versioned("KELL")
    assert kell == crew()[0] and version == 5
    assert table.versions() == {"Kell": 5, "Marsh": 1, "Hazekillers": 1}
    assert [v for _, v in table.characters_versioned()] == [5, 1, 1]
    # The same numbers as plain sqlite3 sees them.
    assert plain(table.path, "SELECT name, version FROM characters ORDER BY id") == [
        ("Kell", 5), ("Marsh", 1), ("Hazekillers", 1)
    ]
    # A renamed sheet keeps its row and counts on.
    table.change("Kell", lambda c: attrs.evolve(c, name="Kelsier"))
    assert table.versions()["Kelsier"] == 6


def test_an_import_refuses_sheets_changed_since_the_export(table: Table) -> None:
    table.add(crew())
    exported = table.versions()  # {"Kell": 1, "Marsh": 1, "Hazekillers": 1}
    table.damage("Kell", "health", 2)  # someone else plays on: Kell is now version 3
    table.damage("Kell", "health", 1)
    edited = [attrs.evolve(c, notes="edited at home") for c in crew()]
    with pytest.raises(SheetChanged) as caught:
        table.add(edited, replace=True, expected_versions=exported)
    assert str(caught.value) == "Kell changed in the table since the export (version 1, now 3)"
    assert caught.value.changes == (("Kell", 1, 3),)
    # Nothing was written, not even the sheets that had not changed.
    assert table.versions() == {"Kell": 3, "Marsh": 1, "Hazekillers": 1}
    assert all(c.notes == "" for c in table.characters())
    # Names in expected_versions match ignoring case; force overwrites anyway.
    added = table.add(edited, replace=True, expected_versions={"kell": 1}, force=True)
    assert [a.version for a in added] == [4, 2, 2]
    assert all(c.notes == "edited at home" for c in table.characters())


def test_an_import_up_to_date_with_the_table_is_accepted(table: Table) -> None:
    table.add(crew())
    table.damage("Marsh", "willpower", 1)
    exported = table.versions()
    edited = [attrs.evolve(c, notes="v2") for c in crew()]
    added = table.add(edited, replace=True, expected_versions=exported)
    assert [(a.character.name, a.version) for a in added] == [
        ("Kell", 2), ("Marsh", 3), ("Hazekillers", 2)
    ]


def test_an_import_brings_back_removed_sheets_but_refuses_changed_ones(table: Table) -> None:
    table.add(crew())
    table.damage("Marsh", "health", 1)
    table.damage("Kell", "health", 1)
    exported = table.versions()
    table.remove("Marsh")
    table.damage("Kell", "health", 1)
    with pytest.raises(SheetChanged) as caught:
        table.add(crew(), replace=True, expected_versions=exported)
    assert str(caught.value) == "Kell changed in the table since the export (version 2, now 3)"
    assert table.names() == ["Kell", "Hazekillers"]  # nothing written
    # A sheet removed since overwrites nothing of anyone's: it comes back (into another
    # table, the same export simply adds).
    kell_now = table.get("Kell")
    back = table.add([c for c in crew() if c.name != "Kell"], replace=True,
                     expected_versions=exported)
    assert [(a.character.name, a.replaced) for a in back] == [
        ("Marsh", False), ("Hazekillers", True)]
    assert table.get("Kell") == kell_now
    # Sheets the export did not list are checked only for their names.
    newcomer = attrs.evolve(crew()[0], name="Vin")
    assert table.add([newcomer], expected_versions=exported)[0].version == 1


def test_a_version_1_row_reads_as_version_1(tmp_path: Path) -> None:
    # Rows written before versions existed (schema 1) start at 1 (see test_table_schema).
    path = tmp_path / "table.db"
    shutil.copy(Path(__file__).parent / "data" / "table-v1.db", path)
    with Table(path) as table:
        assert table.versions() == {"Kell": 1, "Marsh": 1, "Hazekillers": 1}
        assert table.damage("Kell", "health", 1).resiliences.health.damage == 4
        assert table.get_versioned("Kell")[1] == 2


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
    from table import Table
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
        assert plain(path, "PRAGMA integrity_check") == [("ok",)]
        with Table(path) as table:
            roster = table.characters()
        assert len(roster) == 63
        # Each write replaced all of them in one transaction: they always agree.
        assert len({c.notes for c in roster}) == 1, sorted({c.notes for c in roster})


def test_unknown_names_suggest_a_name_containing_the_word_typed() -> None:
    known = ["Hazekillers of House Orrell", "Canton guards", "Kell"]
    # Too far from any whole name for a spelling match, but one name holds the word.
    assert closest_name("hazekillers", known) == "Hazekillers of House Orrell"
    assert closest_name("GUARDS", known) == "Canton guards"
    # A close spelling still wins, and nothing alike gives no suggestion.
    assert closest_name("Kel", known) == "Kell"
    assert closest_name("Zzyzx", known) is None
    assert closest_name("  ", known) is None


def test_r_con_20_a_hand_kept_sheet_replaced_while_damage_is_recorded_loses_none(
        tmp_path: Path) -> None:
    # One writer records damage, one at a time; another replaces the sheet again and
    # again from a file kept by hand (no version). Every point of damage survives.
    import threading

    path = tmp_path / "table.db"
    sheet = next(c for c in crew() if isinstance(c, Sheet))
    with Table(path) as table:
        table.add([sheet])
    full = sheet.resiliences.get("health").full
    hits = min(5, full)

    def damage() -> None:
        with Table(path) as table:
            for _ in range(hits):
                table.damage(sheet.name, "health", 1)

    def replace() -> None:
        with Table(path) as table:
            for _ in range(10):
                table.add([sheet], replace=True)

    writers = [threading.Thread(target=damage), threading.Thread(target=replace)]
    for writer in writers:
        writer.start()
    for writer in writers:
        writer.join()
    with Table(path) as table:
        table.add([sheet], replace=True)  # once more, after every point was recorded
        kept = table.get(sheet.name)
        assert isinstance(kept, Sheet) and kept.resiliences.get("health").damage == hits
        table.add([sheet], replace=True, force=True)  # --force takes the file as it is
        forced = table.get(sheet.name)
        assert isinstance(forced, Sheet) and forced.resiliences.get("health").damage == 0
