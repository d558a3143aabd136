"""What the table says of a damaged row, through the library (issue 18, item 2): the
error names the SQLite table, the row, the column and the file; no migration runs over
a damaged schema version; an event that reads as JSON but that its game cannot take is
named by its entry; the advice given for a damaged sheet is true."""

from __future__ import annotations

import hashlib
import sqlite3
from pathlib import Path

import pytest
from cli_support import ROOT, one_line_refusal, process, run
from table_support import crew
from test_table_damaged import PUBLIC_KEY

from core.errors import RefusedError
from table import DamagedRow, Table, TableDamaged, games
from table.errors import TableError


def write(path: Path, sql: str) -> None:
    """Run ``sql`` on the file with plain sqlite3, as a tool would."""
    conn = sqlite3.connect(path)
    with conn:
        assert conn.execute(sql).rowcount != 0
    conn.close()


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_r_con_20_a_damaged_sheet_names_its_table_row_column_and_file(tmp_path: Path) -> None:
    path = tmp_path / "table.db"
    with Table(path) as table:
        table.add(crew())
    write(path, "UPDATE characters SET sheet = '" + "[" * 3000 + "]" * 3000
          + "' WHERE name = 'Kell'")
    with Table(path) as table, pytest.raises(DamagedRow) as caught:
        table.get("kell")
    error = caught.value
    assert isinstance(error, TableDamaged) and isinstance(error, RefusedError)
    assert (error.table, error.row, error.column, error.path) == (
        "characters", "'Kell'", "sheet", str(path))
    assert error.reason == "is nested too deeply (more than 32 levels of tables and lists)"
    assert str(error).startswith(f"the table file {str(path)!r} is damaged: characters row "
                                 "'Kell': sheet is nested too deeply")
    with Table(path) as table:  # the other rows are read as ever
        assert table.get("Marsh").name == "Marsh"


@pytest.mark.parametrize("value", ["abc", "", "-1", "0", "9" * 30, None])
def test_no_migration_ever_runs_over_a_damaged_schema_version(tmp_path: Path,
                                                             value: str | None) -> None:
    path = tmp_path / "table.db"
    Table(path).close()
    if value is None:
        write(path, "DELETE FROM meta")
    else:
        write(path, f"UPDATE meta SET value = '{value}'")
    before = digest(path)
    with pytest.raises(DamagedRow, match=r"is damaged: meta row 'schema_version': value "
                                         r"is (the text|missing|0, less than 1)") as caught:
        Table(path)
    assert caught.value.table == "meta"
    assert digest(path) == before


def test_a_file_with_the_tables_but_no_meta_table_is_damaged_not_new(tmp_path: Path) -> None:
    path = tmp_path / "table.db"
    Table(path).close()
    write(path, "DROP TABLE meta")
    before = digest(path)
    with pytest.raises(DamagedRow, match=r"value is missing \(no meta table\)"):
        Table(path)
    assert digest(path) == before


def test_a_missing_table_is_one_line_saying_the_file_is_damaged(tmp_path: Path) -> None:
    path = tmp_path / "table.db"
    run(path, "roll", "3", "--as", "Ann")
    write(path, "DROP TABLE rolls")
    before = digest(path)
    said = one_line_refusal(run(path, "log"))
    assert said == (f"the table file {str(path)!r} is damaged: no such table: rolls; "
                    "restore a copy of the file")
    assert digest(path) == before


STUFFED = ["stuffed", "new", "-p", "ann:charisma", "bo:resource", "--mission", "Heist",
           "--teammates", "2", "--mercenaries", "1", "--combo", "ch:2,i"]
ROLL = ["c", "c", "c", "ch", "ch", "i", "b", "r"]


@pytest.mark.parametrize(("table", "column", "args"), [
    ("characters", "version", ["char", "list"]),
    ("players", "narrator", ["player", "list"]),
    ("rolls", "faces", ["log"]),
    ("entries", "sent_by", ["stuffed", "log"]),
])
def test_a_dropped_column_is_one_line_saying_the_file_is_damaged(
        tmp_path: Path, table: str, column: str, args: list[str]) -> None:
    path = tmp_path / "table.db"
    key = tmp_path / "ada.pub"
    key.write_text(PUBLIC_KEY)
    for setup in (["char", "import", str(ROOT / "examples" / "crew.toml")],
                  ["roll", "3", "--as", "Ann"], ["player", "invite", "ada", "--key", str(key)],
                  STUFFED):
        assert run(path, *setup).exit_code == 0, setup
    conn = sqlite3.connect(path)
    # A tool dropping a column must drop the readable views over it first (SQLite
    # refuses otherwise); the commands read the tables, never those views.
    views = [name for (name,) in conn.execute("SELECT name FROM sqlite_master "
                                              "WHERE type = 'view'")]
    for view in views:
        conn.execute(f"DROP VIEW {view}")
    conn.execute(f"ALTER TABLE {table} DROP COLUMN {column}")
    conn.close()
    before = digest(path)
    said = one_line_refusal(run(path, *args))
    assert said.startswith(f"the table file {str(path)!r} is damaged: ")
    assert said.endswith("; restore a copy of the file")
    assert digest(path) == before




def test_a_stored_event_its_rules_refuse_is_named_by_its_entry(tmp_path: Path) -> None:
    path = tmp_path / "table.db"
    # Played in processes of their own: this one has replayed nothing of it.
    assert process(path, *STUFFED).returncode == 0
    assert process(path, "stuffed", "roll", "--faces", *ROLL).returncode == 0
    # The set-up again, where the roll was: JSON its codec reads, which its rules refuse.
    write(path, "UPDATE entries SET event = (SELECT event FROM entries WHERE seq = 1) "
                "WHERE seq = 2")
    with Table(path) as table, pytest.raises(DamagedRow) as caught:
        games.load(table, "stuffed")
    assert (caught.value.table, caught.value.row, caught.value.column) == (
        "entries", "2 of the stuffed 'Stuffed 1'", "event")
    assert caught.value.reason.startswith("is refused by the rules: R-STF-")
    said = one_line_refusal(run(path, "stuffed", "roll", "--faces", *ROLL))
    assert said.startswith(f"the table file {str(path)!r} is damaged: entries row 2 of the "
                           "stuffed 'Stuffed 1': event is refused by the rules: R-STF-")


def test_a_stored_event_its_codec_cannot_read_is_named_by_its_entry(tmp_path: Path) -> None:
    path = tmp_path / "table.db"
    assert run(path, *STUFFED).exit_code == 0
    write(path, """UPDATE entries SET event = '{"schema": 1, "type": "roll"}' WHERE seq = 1""")
    with Table(path) as table, pytest.raises(DamagedRow) as caught:
        games.load(table, "stuffed")
    assert (caught.value.table, caught.value.row, caught.value.column) == (
        "entries", "1 of the stuffed 'Stuffed 1'", "event")
    assert caught.value.reason.startswith("is not a stuffed event: ")
    assert caught.value.path == str(path)


def test_r_con_20_the_import_a_damaged_sheet_advises_mends_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # a short path: the whole line is shown
    path = Path("table.db")
    crew_file = str(ROOT / "examples" / "crew.toml")
    assert run(path, "char", "import", crew_file).exit_code == 0
    write(path, "UPDATE characters SET sheet = '{\"name\": 1}' WHERE name = 'Tamsin Vey'")
    said = one_line_refusal(run(path, "char", "show", "tamsin"))
    assert said == ("the table file 'table.db' is damaged: characters row 'Tamsin Vey': sheet "
                    "is not a valid sheet: kind is missing (and 3 more problems); mend it "
                    "with `mistborn char import FILE --replace --force`, or restore a copy "
                    "of the file")
    with Table(path) as table, pytest.raises(DamagedRow) as caught:
        table.get("Tamsin Vey")  # the library's own words name no command
    assert caught.value.advice == ("import the sheet again over it, with force, or restore a "
                                   "copy of the file")
    done = run(path, "char", "import", crew_file, "--replace", "--force")
    assert done.exit_code == 0, done.output
    assert run(path, "char", "show", "tamsin").exit_code == 0


def test_a_damaged_row_is_a_table_error_the_front_doors_already_report() -> None:
    error = DamagedRow("rolls", "3", "faces", "is NULL, not text")
    assert isinstance(error, TableError)
    assert str(error) == ("the table file is damaged: rolls row 3: faces is NULL, not text; "
                          "restore a copy of the file")
    named = error.in_file("/tmp/t.db")
    assert named.path == "/tmp/t.db" and named.in_file("/elsewhere") is named


def test_each_stored_event_is_read_alone_never_as_part_of_its_neighbours(
        tmp_path: Path) -> None:
    """Three rows that are no events alone but would read as three events joined into
    one array (the first's unclosed string swallowing the second): the first is named."""
    path = tmp_path / "table.db"
    with Table(path) as table:
        table.create_stream("stuffed", "Heist", who="Ann")
        table.append("stuffed", "Heist", [{"n": 1}, {"n": 2}, {"n": 3}], based_on=0, who="Ann")
    conn = sqlite3.connect(path)
    with conn:
        for seq, text in ((1, '{"x":"}'), (2, '{"}'), (3, "{},{}")):
            conn.execute("UPDATE entries SET event = ? WHERE seq = ?", (text, seq))
    conn.close()
    with Table(path) as table, pytest.raises(DamagedRow) as caught:
        table.read("stuffed", "Heist")
    assert (caught.value.row, caught.value.column) == ("1 of the stuffed 'Heist'", "event")
    assert caught.value.reason.startswith("is not valid JSON (Unterminated string")
