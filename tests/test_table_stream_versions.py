"""A stream's version and its entries, as a tool or a hand edit may leave them: a version
past SQLite's whole numbers, a version of 0 over entries, entries deleted under a kept
board. Each is a damaged row, said in one line (exit status 2) by every command that reads
or writes that game; nothing in the file changes, and a kept board whose stream does not
replay to it is never shown (table/stream_rows.py, table/views.py). README: "A mistake is
reported on one line with exit status 2, and changes nothing"."""

from __future__ import annotations

import hashlib
import sqlite3
from pathlib import Path

import pytest
from cli_support import ok, process
from table_support import crew

from table import DamagedRow, Table

MOST = 2**63 - 1
"""SQLite's largest whole number."""


def write(path: Path, *statements: str) -> None:
    """Run ``statements`` on the file with plain sqlite3, as a tool would."""
    conn = sqlite3.connect(path)
    with conn:
        for sql in statements:
            assert conn.execute(sql).rowcount != 0, sql
    conn.close()


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def damaged(path: Path, *args: str) -> str:
    """The one line of ``mistborn ARGS`` refusing a damaged file (exit 2, nothing
    printed, the file's bytes unchanged)."""
    before = digest(path)
    done = process(path, *args)
    assert (done.returncode, done.stdout) == (2, ""), (args, done.stdout, done.stderr[-2000:])
    assert done.stderr.startswith("mistborn: ") and done.stderr.count("\n") == 1, done.stderr
    assert digest(path) == before, args
    line = done.stderr[len("mistborn: "):-1]
    assert line.startswith(f"the table file {str(path)!r} is damaged: "), line
    return line


@pytest.fixture
def stuffed(tmp_path: Path) -> Path:
    db = tmp_path / "table.db"
    ok(db, "stuffed", "new", "-p", "ann:charisma", "bo:resource", "--mission", "Heist",
       "--teammates", "2", "--mercenaries", "1", "--combo", "ch:2,i")
    ok(db, "stuffed", "roll", "--faces", "c", "c", "c", "ch", "ch", "i", "b", "r")
    return db


@pytest.fixture
def housewar(tmp_path: Path) -> Path:
    db = tmp_path / "table.db"
    ok(db, "hw", "new", "--players", "3", "--length", "short", "--houses", "Venture",
       "Lekal", "Hasting")
    ok(db, "hw", "sheet", "venture", "2f", "1m", "--cards", "1")
    ok(db, "hw", "add", "Riot", "-u", "IV", "--setup")
    return db


# --- versions that cannot go up -------------------------------------------------------------


def test_a_stream_version_past_sqlites_integer_is_damage_not_an_overflow(stuffed: Path
                                                                        ) -> None:
    write(stuffed, f"UPDATE streams SET version = {MOST}")
    for args in (["stuffed", "end-turn"], ["stuffed", "undo", "--anyone"],
                 ["stuffed", "show", "--json"], ["stuffed", "list"]):
        assert damaged(stuffed, *args).endswith(
            f"streams row 'Stuffed 1': version is {MOST}, too big to go up by one; restore a "
            "copy of the file"), args
    with Table(stuffed) as table, pytest.raises(DamagedRow) as caught:
        table.append("stuffed", "Stuffed 1", [{"type": "end_turn"}], based_on=MOST, who="Ann")
    assert (caught.value.table, caught.value.column) == ("streams", "version")


def test_r_con_20_a_sheet_version_past_sqlites_integer_is_damage_the_forced_import_mends(
        tmp_path: Path) -> None:
    """R-CON-20: damage is recorded on the sheet, which then goes up a version; a version
    that cannot go up refuses in one line, and the import that mends a sheet mends it."""
    db = tmp_path / "table.db"
    with Table(db) as table:
        table.add(crew())
    write(db, f"UPDATE characters SET version = {MOST} WHERE name = 'Kell'")
    line = damaged(db, "char", "damage", "kell", "health", "1")
    assert line.endswith(f"characters row 'Kell': version is {MOST}, too big to go up by "
                         "one; mend it with `mistborn char import FILE --replace --force`, "
                         "or restore a copy of the file")
    kell = next(sheet for sheet in crew() if sheet.name == "Kell")
    with Table(db) as table:
        added = table.add([kell], replace=True, force=True)  # the mend
        assert [a.version for a in added] == [1]
        table.damage("kell", "health", 1)
        assert table.versions()["Kell"] == 2


def test_a_version_of_0_over_entries_is_damage_and_no_write_goes_ahead(stuffed: Path) -> None:
    write(stuffed, "UPDATE streams SET version = 0")
    for args in (["stuffed", "end-turn"], ["stuffed", "show"], ["stuffed", "log"]):
        line = damaged(stuffed, *args)
        assert "streams row 'Stuffed 1': version is 0, but the stream holds " in line, args
    with Table(stuffed) as table, pytest.raises(DamagedRow, match="version is 0, but"):
        table.append("stuffed", "Stuffed 1", [{"type": "end_turn"}], based_on=0, who="Ann")


# --- entries deleted under a kept board ---------------------------------------------------


def test_r_hw_a_game_whose_entries_were_deleted_is_never_drawn_from_its_kept_board(
        housewar: Path) -> None:
    """House War's kept board (the view its last write stored) is not what its empty log
    replays to: every way of showing it says the file is damaged."""
    write(housewar, "DELETE FROM entries")
    said = {damaged(housewar, *args) for args in (
        ["hw", "show"], ["hw", "show", "--json"], ["hw", "show", "--table"],
        ["hw", "unrest", "1"], ["hw", "log"])}
    assert len(said) == 1
    assert said.pop().endswith(
        "streams row 'House War 1': version is 3, but the stream holds no entry (its entries "
        "were deleted, or its version changed); restore a copy of the file")


def test_r_hw_5_a_damaged_game_refuses_itself_alone(housewar: Path) -> None:
    """One game whose entries were deleted refuses that game alone: another game of the
    table is shown and played, ``list`` names the damaged one beside the others, and
    the server starts (saying the damaged game on its log)."""
    import os
    import subprocess

    from cli_support import console_script, env_for

    ok(housewar, "hw", "new", "--players", "3", "--length", "short", "--houses", "Tekiel",
       "Elariel", "Renoux")  # House War 2, now the current game
    write(housewar, "DELETE FROM entries WHERE stream_id = "
                    "(SELECT id FROM streams WHERE name = 'House War 1')")
    assert damaged(housewar, "hw", "-g", "House War 1", "show").endswith(
        "version is 3, but the stream holds no entry (its entries were deleted, or its "
        "version changed); restore a copy of the file")
    assert ok(housewar, "hw", "show").startswith("House War 2")
    ok(housewar, "hw", "sheet", "tekiel", "2f")
    listed = " ".join(ok(housewar, "hw", "list", columns=200).split())
    assert "House War 1 — damaged: streams row 'House War 1': version is 3" in listed
    assert "* House War 2 — turn 0" in listed
    server = subprocess.Popen(
        [str(console_script()), "serve", "--host", "127.0.0.1", "--port", "0"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env={**os.environ, **env_for(housewar)})
    try:
        assert server.stdout is not None
        assert server.stdout.readline().startswith("Serving ")
    finally:
        server.terminate()
        _out, log = server.communicate(timeout=30)
    assert "housewar 'House War 1' refused: the table file" in log


def test_a_conflict_whose_last_entry_was_deleted_is_never_drawn_from_its_kept_board(
        tmp_path: Path) -> None:
    db = tmp_path / "table.db"
    ok(db, "char", "import", "examples/crew.toml", "examples/opposition.toml")
    ok(db, "conflict", "new", "Canal", "--physical", "--stakes", "the ledger")
    ok(db, "conflict", "add", "tamsin", "brannoch")
    write(db, "DELETE FROM entries WHERE seq = (SELECT max(seq) FROM entries)")
    # Both joined in one write: the version agrees with the entries left; the kept board,
    # made from three entries, does not.
    for args in (["conflict", "show"], ["conflict", "show", "Canal", "--json"],
                 ["conflict", "add", "prelate"], ["conflict", "undo", "--anyone"]):
        assert damaged(db, *args).endswith(
            "views row 'Canal': view was made from entries up to 3 (0 undone), but the "
            "stream holds entries up to 2 (0 undone): entries were deleted or changed; "
            "restore a copy of the file"), args
    listed = " ".join(ok(db, "conflict", "list", columns=200).split())
    assert "Canal — damaged: views row 'Canal': view was made from entries up to 3" in listed


def test_an_entry_deleted_from_the_middle_of_a_game_is_named(stuffed: Path) -> None:
    ok(stuffed, "stuffed", "end-turn")
    write(stuffed, "DELETE FROM entries WHERE seq = 2")
    line = damaged(stuffed, "stuffed", "show")
    assert "entries row 3 of the stuffed 'Stuffed 1': seq is 3, but the stream holds 2 " \
           "entries: some before it were deleted" in line


def test_a_game_played_undone_and_played_on_is_never_taken_for_damaged(stuffed: Path) -> None:
    # Each undo is a write that adds no entry: the version may pass the entries' count.
    ok(stuffed, "stuffed", "end-turn")
    ok(stuffed, "stuffed", "undo", "--anyone")
    ok(stuffed, "stuffed", "undo", "--anyone")
    ok(stuffed, "stuffed", "roll", "--faces", "c", "c", "c", "ch", "ch", "i", "b", "r")
    with Table(stuffed) as table:
        assert table.stream("stuffed", "Stuffed 1").version == 6  # new, 2 rolls, 1 end, 2 undos
    assert "ann rolls" in ok(stuffed, "stuffed", "show")


# --- every game: entries edited in place, versions lowered ----------------------------------

# Each game kind as the command line plays it: the commands, the stream's kind and name,
# and one stored value a hand edit changes so that the log replays to another board.
PLAYED = {
    "conflict": ([["char", "import", "examples/crew.toml", "examples/opposition.toml"],
                  ["conflict", "new", "Canal", "--physical", "--stakes", "the ledger"],
                  ["conflict", "add", "tamsin", "brannoch"]],
                 "conflict", "Canal", (1, '"stakes":"the ledger"', '"stakes":"the map"')),
    "stuffed": ([["stuffed", "new", "-p", "ann:charisma", "bo:resource", "--mission", "Heist",
                  "--teammates", "2", "--mercenaries", "1", "--combo", "ch:2,i"],
                 ["stuffed", "roll", "--faces", "c", "c", "c", "ch", "ch", "i", "b", "r"],
                 ["stuffed", "end-turn"]],
                "stuffed", "Stuffed 1", (2, '"coin","coin","coin"', '"coin","coin","birden"')),
    "dbg": ([["dbg", "new", "--players", "Vin", "Kelsier"], ["dbg", "coins", "4"],
             ["dbg", "end-turn"]],
            "deckbuilding", "Deckbuilding 1", (2, '"amount":4', '"amount":3')),
    "hw": ([["hw", "new", "--players", "3", "--length", "short", "--houses", "Venture",
             "Lekal", "Hasting"],
            ["hw", "sheet", "venture", "2f", "1m", "--cards", "1"],
            ["hw", "add", "Riot", "-u", "IV", "--setup"]],
           "housewar", "House War 1", (2, '"food":2', '"food":5')),
}


@pytest.fixture(params=sorted(PLAYED))
def played(request: pytest.FixtureRequest, tmp_path: Path) -> tuple[Path, str]:
    """A table holding one game of each kind in turn (its command group), played."""
    db = tmp_path / "table.db"
    for args in PLAYED[request.param][0]:
        ok(db, *args)
    return db, request.param


def stream_of(group: str) -> tuple[str, str]:
    return PLAYED[group][1], PLAYED[group][2]


def shows(db: Path, group: str) -> list[list[str]]:
    """Every way of showing the game, and a write."""
    return [[group, "show"], [group, "show", "--json"], [group, "undo", "--anyone"]]


def test_an_entry_edited_in_place_shows_what_its_log_now_says(played: tuple[Path, str]
                                                              ) -> None:
    """R-CON, R-STF, R-DBG, R-HW alike: an event changed by hand (a tool's UPDATE) that
    the game still replays, to another board: ``show`` never draws the board kept before
    the edit, but what the log says now — as ``show --json`` does, and as a table with
    no kept board at all — in a fresh process and in one that replayed the game before
    the edit alike (a server runs for days)."""
    db, group = played
    seq, old, new = PLAYED[group][3]
    # Shown by processes of their own, and by this one, which keeps its replays.
    before = [process(db, group, "show", *args).stdout for args in ([], ["--json"])]
    assert before == [ok(db, group, "show", *args) for args in ([], ["--json"])]
    write(db, f"UPDATE entries SET event = replace(event, '{old}', '{new}') WHERE seq = {seq}")
    after = [process(db, group, "show", *args) for args in ([], ["--json"])]
    assert [done.returncode for done in after] == [0, 0], [done.stderr for done in after]
    now = [done.stdout for done in after]
    assert now[0] != before[0] and now[1] != before[1]
    assert [ok(db, group, "show", *args) for args in ([], ["--json"])] == now
    write(db, "DELETE FROM views")  # the log alone, replayed
    assert [process(db, group, "show", *args).stdout for args in ([], ["--json"])] == now
    assert [ok(db, group, "show", *args) for args in ([], ["--json"])] == now


def test_an_entry_edited_in_place_its_rules_refuse_is_named_not_drawn(
        played: tuple[Path, str]) -> None:
    """R-CON, R-STF, R-DBG, R-HW alike: the set-up stored again where the second step
    was — JSON the game reads, which its rules refuse there. Every way of showing the
    game, and a write, names that entry in one line; the board kept before the edit is
    never drawn."""
    db, group = played
    kind, name = stream_of(group)
    write(db, "UPDATE entries SET event = (SELECT event FROM entries WHERE seq = 1) "
              "WHERE seq = 2")
    said = {damaged(db, *args) for args in shows(db, group)}
    assert len(said) == 1, said
    assert f"is damaged: entries row 2 of the {kind} {name!r}: event is refused by the " \
           "rules: R-" in said.pop()


def test_r_stf_2_an_undone_mark_moved_by_hand_is_named_not_drawn(stuffed: Path) -> None:
    """R-STF-2 ("a turn starts with all 8 dice rolled"): the end of the turn was taken
    back, then a tool moved the mark to the roll — as many entries, as many undone,
    another log, whose end of turn comes before any roll. ``show`` names that entry in
    one line, never the board kept before the edit."""
    ok(stuffed, "stuffed", "end-turn")
    ok(stuffed, "stuffed", "undo", "--anyone")
    write(stuffed, "UPDATE entries SET undone_at = NULL, undone_by = NULL WHERE seq = 3",
          "UPDATE entries SET undone_at = (SELECT sent_at FROM entries WHERE seq = 3), "
          "undone_by = 'Ann' WHERE seq = 2")
    assert damaged(stuffed, "stuffed", "show").endswith(
        "entries row 3 of the stuffed 'Stuffed 1': event is refused by the rules: R-STF-2: "
        "ann has not rolled yet: a turn starts with all 8 dice rolled; restore a copy of "
        "the file")


def test_r_hw_a_board_kept_by_an_older_release_is_replayed_not_trusted(housewar: Path
                                                                       ) -> None:
    """A board kept by a release that recorded only the last seq and the undone count
    cannot tell an edited entry: the game is replayed and shows what its log says."""
    write(housewar, "UPDATE views SET view = json_set(view, '$.stream_entries', "
                    "json_array(3, 0))",
          "UPDATE entries SET event = replace(event, '\"food\":2', '\"food\":5') "
          "WHERE seq = 2")
    shown = process(housewar, "hw", "show").stdout
    assert "Venture collects its sheet at set-up: 1 Money, 5 Food" in " ".join(shown.split())
    write(housewar, "DELETE FROM views")
    assert process(housewar, "hw", "show").stdout == shown


def test_a_version_lowered_below_its_kept_boards_is_damage(played: tuple[Path, str]) -> None:
    """Every game: a version set lower by hand, still above 0 and within its entries,
    is behind the version its kept board was made at; every way of reading or writing
    the game says the file is damaged, and no write goes ahead."""
    db, group = played
    kind, name = stream_of(group)
    with Table(db) as table:
        version = table.stream(kind, name).version
    assert version > 1
    write(db, f"UPDATE streams SET version = {version - 1}")
    for args in shows(db, group):
        assert damaged(db, *args).endswith(
            f"streams row {name!r}: version is {version - 1}, but its kept view was made at "
            f"version {version} (its version was lowered); restore a copy of the file"), args
    with Table(db) as table, pytest.raises(DamagedRow, match="its version was lowered"):
        table.undo(kind, name, based_on=version - 1, who="Ann")


def test_a_version_lowered_after_writes_that_kept_no_board_is_damage(
        played: tuple[Path, str]) -> None:
    """Every game: after two writes that kept no board (a script's raw undos through the
    library), a version lowered by one is no longer behind any kept board, but it is
    behind the writes the entries record (each write stamps its entries with its time):
    damage, and no write goes ahead."""
    db, group = played
    kind, name = stream_of(group)
    with Table(db) as table:
        version = table.stream(kind, name).version
        for step in range(2):
            table.undo(kind, name, based_on=version + step, who="script")
        assert table.stream(kind, name).version == version + 2
    conn = sqlite3.connect(db)
    assert conn.execute("SELECT version FROM views").fetchone() == (version,)  # kept no view
    conn.close()
    write(db, f"UPDATE streams SET version = {version + 1}")
    for args in shows(db, group):
        assert damaged(db, *args).endswith(
            f"streams row {name!r}: version is {version + 1}, fewer than the {version + 2} "
            "writes its entries record (its version was lowered); restore a copy of the "
            "file"), args
    with Table(db) as table, pytest.raises(DamagedRow, match="its version was lowered"):
        table.undo(kind, name, based_on=version + 1, who="Ann")
