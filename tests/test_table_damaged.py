"""Damaged contents of a valid table file (issue 18, item 2; R-CON-20 for the roster):
every column of every table given what no program of ours writes — text where a
number belongs, an empty text, a negative number, NULL, a blob, JSON nested 5,000
deep, JSON of the wrong shape — and read by the commands that read it. Each command
either does not need that row (exit 0) or says so in one line (exit 2), with no
traceback and the file's bytes unchanged.

The tables are STRICT, so SQLite itself refuses most wrong types; a tool or a hand
edit may still write a file without that (or with the schema edited), which is what
:func:`loosen` makes. Columns are found from ``sqlite_master``, so a column added
later is covered without a change here.
"""

from __future__ import annotations

import hashlib
import shutil
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest
from cli_support import process, run
from click.testing import Result
from profiles import sized

from cli.main import one_line

DEEP = "[" * 5000 + "]" * 5000
VALUES: dict[str, object] = {
    "text": "abc",
    "empty": "",
    "negative": -1,
    "null": None,
    "blob": b"\x00\xff garbage",
    "deep": DEEP,
    "wrong shape": '{"x": [1, 2]}',
}

READERS: dict[str, list[list[str]]] = {
    "meta": [["char", "list"]],
    "migrations": [["char", "list"]],
    "characters": [["char", "list"], ["char", "show", "tamsin"], ["char", "export", "--all"],
                   ["conflict", "show"], ["table", "export", "--what", "sheets"],
                   ["char", "damage", "tamsin", "health", "1"]],
    "streams": [["conflict", "list"], ["conflict", "show"], ["stuffed", "show"],
                ["stuffed", "list"], ["log"]],
    "entries": [["conflict", "export", "Canal"], ["conflict", "show"], ["stuffed", "log"],
                ["log"], ["conflict", "undo", "--anyone"], ["table", "export"]],
    "rolls": [["log"], ["log", "--json"], ["table", "export", "--what", "rolls"]],
    "players": [["player", "list"], ["table", "export", "--what", "players"]],
    "conflict_results": [["conflict", "undo", "-c", "Canal", "--anyone"]],
    "reveals": [["conflict", "show", "Canal", "--players"], ["conflict", "export", "Canal"]],
    "views": [["conflict", "show"], ["conflict", "show", "Canal"]],
}
"""Commands that read each table (every table is also read as the file is opened)."""

SETUP = [
    ["char", "import", "examples/crew.toml", "examples/opposition.toml"],
    ["char", "damage", "tamsin", "health", "3"],
    ["conflict", "new", "Canal", "--physical", "--stakes", "the ledger"],
    ["conflict", "add", "tamsin", "brannoch", "prelate"],
    ["conflict", "reveal", "prelate"],
    ["conflict", "declare", "tamsin", "attack", "4", "--target", "prelate"],
    ["conflict", "declare", "brannoch", "attack", "5", "--target", "prelate", "--with", "staff"],
    ["conflict", "declare", "prelate", "attack", "6", "--target", "tamsin", "--with", "axe"],
    ["conflict", "act", "prelate"],
    ["conflict", "react", "tamsin", "push"],
    ["conflict", "roll", "--faces", "4,4,5,1,6,2", "--against", "5,5,6"],
    ["conflict", "act", "brannoch"],
    ["conflict", "take", "prelate"],
    ["conflict", "roll", "--faces", "3,3,6,1,2"],
    ["conflict", "damage"],
    ["conflict", "end", "the", "crew", "escapes"],
    ["conflict", "new", "Bridge", "--physical", "--stakes", "the bridge"],
    ["conflict", "add", "tamsin", "brannoch"],
    ["stuffed", "new", "-p", "ann:charisma", "bo:resource", "--mission", "Heist",
     "--teammates", "2", "--mercenaries", "1", "--combo", "ch:2,i"],
    ["stuffed", "roll", "--faces", "c", "c", "c", "ch", "ch", "i", "b", "r"],
    ["roll", "5", "--as", "Ann", "--for", "the gate"],
]
"""Something in every table: sheets with damage, a Conflict played to its end (what
its end wrote to the roster, a revealed Villain, its view) and a current one, a game of
Stuffed, a roll; a player with a key is invited after."""

PUBLIC_KEY = ("ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIGmU5Dvq1nZ0dKZtq1B1zY1bZl+T0cRr1oQ0mEj8t2xN "
              "ada@phone")


def loosen(path: Path) -> None:
    """Take STRICT and NOT NULL off every table of ``path``, as a tool that rewrote the
    schema might: SQLite then stores whatever it is given."""
    conn = sqlite3.connect(path)
    try:
        conn.execute("PRAGMA writable_schema = ON")
        tables = conn.execute("SELECT name, sql FROM sqlite_master WHERE type = 'table'")
        for name, sql in tables.fetchall():
            loose = sql.replace(") STRICT", ")").replace(" NOT NULL", "")
            conn.execute("UPDATE sqlite_master SET sql = ? WHERE type = 'table' AND name = ?",
                         (loose, name))
        version = conn.execute("PRAGMA schema_version").fetchone()[0]
        conn.execute(f"PRAGMA schema_version = {version + 1}")
        conn.commit()
        conn.execute("PRAGMA writable_schema = OFF")
    finally:
        conn.close()


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A table with something in every table: sheets, a Conflict with a revealed
    Villain and its view, a game of Stuffed, a roll, a player with a key."""
    folder = tmp_path_factory.mktemp("built")
    path = folder / "table.db"
    key = folder / "ada.pub"
    key.write_text(PUBLIC_KEY + "\n")
    for args in [*SETUP, ["player", "invite", "ada", "--key", str(key), "--character",
                          "tamsin"]]:
        result = run(path, *args)
        assert result.exit_code == 0, (args, result.output)
    loosen(path)
    assert not Path(f"{path}-wal").exists()
    return path


def columns(path: Path) -> Iterator[tuple[str, str]]:
    conn = sqlite3.connect(path)
    try:
        tables = [row[0] for row in conn.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")]
        for table in tables:
            for row in conn.execute(f'PRAGMA table_info("{table}")'):
                yield table, row[1]
    finally:
        conn.close()


def damage(path: Path, table: str, column: str, value: object) -> bool:
    """Write ``value`` into ``column`` of every row of ``table`` (of its last row where
    a key forbids the same value twice); whether any row holds it now (``False`` when
    even a loose table cannot hold it: a row id is always a whole number)."""
    conn = sqlite3.connect(path)
    try:
        for where in ("", f' WHERE rowid = (SELECT max(rowid) FROM "{table}")'):
            try:
                changed = conn.execute(f'UPDATE "{table}" SET "{column}" = ?{where}',
                                       (value,)).rowcount
            except sqlite3.IntegrityError:
                continue
            conn.commit()
            return changed > 0
        return False
    finally:
        conn.close()


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def no_traceback(result: Result, args: list[str]) -> None:
    """Exit 0, or exit 2 with one line on standard error; never a traceback."""
    said = f"{args}: {result.output!r}"
    assert result.exception is None or isinstance(result.exception, SystemExit), \
        f"{args}: {result.exc_info}"
    assert result.exit_code in (0, 2), said
    assert "Traceback" not in result.output, said
    if result.exit_code == 2:
        assert result.stderr.startswith("mistborn: ") and result.stderr.count("\n") == 1, said
        assert "No such option" not in result.stderr, said  # the command itself is right


def every_column() -> list[tuple[str, str]]:
    """Each column of a new table (made here, so the list is known when collecting)."""
    import tempfile

    from table import Table

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "table.db"
        Table(path).close()
        return list(columns(path))


COLUMNS = every_column()


@pytest.mark.parametrize(("table", "column"), COLUMNS, ids=[f"{t}.{c}" for t, c in COLUMNS])
def test_r_con_20_every_column_damaged_gives_one_line_never_a_traceback(
        built: Path, tmp_path: Path, table: str, column: str) -> None:
    # Every damaged value under the deep profile; quickly, the first two that the column
    # takes, starting one further along for each column, so the sweep still uses each.
    assert table in READERS, f"no command listed as reading the table {table}"
    start = COLUMNS.index((table, column)) % len(VALUES)
    values = [*VALUES.items()][start:] + [*VALUES.items()][:start]
    damaged = 0
    for name, value in values:
        if damaged == sized(2, len(VALUES)):
            break
        path = tmp_path / f"{name}.db"
        shutil.copy(built, path)
        if not damage(path, table, column, value):
            continue
        damaged += 1
        for args in READERS[table]:
            before = digest(path)
            result = run(path, *args)
            no_traceback(result, [table, column, name, *args])
            if result.exit_code == 2:
                assert digest(path) == before, (table, column, name, args)


# --- the cases of the issue, through the real command -----------------------------------------

DEEP_SHEET = "[" * 3000 + "]" * 3000
ISSUE_CASES = {
    "schema version abc": ("UPDATE meta SET value = 'abc'", ["char", "list"],
                           "meta row 'schema_version': value is the text 'abc', not a whole "
                           "number; restore a copy of the file"),
    "schema version empty": ("UPDATE meta SET value = ''", ["char", "list"],
                             "meta row 'schema_version': value is the text '', not a whole "
                             "number; restore a copy of the file"),
    "schema version -1": ("UPDATE meta SET value = '-1'", ["conflict", "show"],
                          "meta row 'schema_version': value is the text '-1', not a whole "
                          "number; restore a copy of the file"),
    "empty meta": ("DELETE FROM meta", ["stuffed", "show"],
                   "meta row 'schema_version': value is missing; restore a copy of the file"),
    "3,000-deep sheet": (f"UPDATE characters SET sheet = '{DEEP_SHEET}' "
                         "WHERE name = 'Tamsin Vey'", ["char", "show", "tamsin"],
                         "characters row 'Tamsin Vey': sheet is nested too deeply (more than "
                         "32 levels of tables and lists); mend it with `mistborn char import "
                         "FILE --replace --force`, or restore a copy of the file"),
    "5,000-deep event": (f"UPDATE entries SET event = '{DEEP}' WHERE seq = 3 AND stream_id = "
                         "(SELECT id FROM streams WHERE name = 'Canal')",
                         ["conflict", "export", "Canal"],
                         "entries row 3 of the conflict 'Canal': event is nested too deeply "
                         "(more than 32 levels of tables and lists); restore a copy of the "
                         "file"),
    "public keys garbage": ("UPDATE players SET public_keys = 'garbage'", ["player", "list"],
                            "players row 'ada': public_keys is not valid JSON (Expecting "
                            "value); restore a copy of the file"),
}


@pytest.fixture(scope="module")
def strict(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The table as the commands made it (STRICT: only what SQLite itself lets a tool
    write), for the cases of the issue."""
    folder = tmp_path_factory.mktemp("strict")
    path = folder / "table.db"
    key = folder / "ada.pub"
    key.write_text(PUBLIC_KEY + "\n")
    for args in [*SETUP, ["player", "invite", "ada", "--key", str(key)]]:
        result = run(path, *args)
        assert result.exit_code == 0, (args, result.output)
    return path


@pytest.mark.parametrize("case", list(ISSUE_CASES))
def test_the_damaged_tables_of_the_issue_give_one_line_exit_2_and_change_nothing(
        strict: Path, tmp_path: Path, case: str) -> None:
    sql, args, said = ISSUE_CASES[case]
    path = tmp_path / "table.db"
    shutil.copy(strict, path)
    conn = sqlite3.connect(path)
    with conn:
        assert conn.execute(sql).rowcount > 0
    conn.close()
    before = digest(path)
    done = process(path, *args)
    assert (done.returncode, done.stdout) == (2, ""), done.stderr
    line = one_line(f"the table file {str(path)!r} is damaged: {said}")
    assert done.stderr == f"mistborn: {line}\n"
    assert "Traceback" not in done.stderr and "already exists" not in done.stderr
    assert digest(path) == before
