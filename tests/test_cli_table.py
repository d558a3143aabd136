"""``mistborn table`` (cli/table/commands.py, table/export.py): the table file
for other tools. The real ``sqlite-utils`` command reads a table made by ``mistborn``;
``table export`` writes every event (or roll, sheet, game, player) as CSV, JSON or
newline-delimited JSON, with sqlite-utils, which no other command imports."""

from __future__ import annotations

import csv
import io
import json
import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from cli_support import ROOT, ok, process, refused, run
from table_support import NOBODY, RUNNING_AS_ROOT, can_drop_privileges, give_to_nobody

from table import Table

ADA_KEY = ("ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIDNZob39plRHDnN8DQ8zdv0zW6NPaeqRRxzUkVitxKsG "
           "ada@phone")
SQLITE_UTILS = Path(sys.executable).parent / "sqlite-utils"
EVENT_COLUMNS = ["game_kind", "game_name", "step", "who", "sent_at", "event_kind", "event",
                 "undone", "undone_by", "undone_at"]


@pytest.fixture(scope="module")
def made(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A table made by mistborn's own commands: the example crew, a roll, a Conflict of
    four steps (one undone), a game of Stuffed and a player with a key."""
    db = tmp_path_factory.mktemp("made") / "t.db"
    key = db.parent / "ada.pub"
    key.write_text(ADA_KEY + "\n", encoding="utf-8")
    for args in (["char", "import", "--examples"],
                 ["roll", "4", "--faces", "5,5,2,6", "--as", "Tamsin Vey", "--for", "climb"],
                 ["conflict", "new", "Canal", "--physical", "--stakes", "the ledger"],
                 ["conflict", "add", "tamsin", "prelate"],
                 ["conflict", "declare", "tamsin", "attack", "4", "--target", "prelate"],
                 ["conflict", "undo"],
                 ["stuffed", "new", "-p", "ann:ch", "bo:r", "--teammates", "3",
                  "--mercenaries", "1", "--combo", "ch:2,i,r"],
                 ["player", "invite", "ada", "--key", str(key), "--character", "tamsin"]):
        ok(db, *args)
    return db


@pytest.fixture
def db(made: Path, tmp_path: Path) -> Path:
    """A copy of :func:`made` for a test that changes it."""
    copy = tmp_path / "t.db"
    shutil.copy(made, copy)
    return copy


def sqlite_utils(*args: str) -> str:
    """The real ``sqlite-utils`` command's output."""
    done = subprocess.run([str(SQLITE_UTILS), *args], capture_output=True, text=True,
                          encoding="utf-8", timeout=60, check=False)
    assert (done.returncode, done.stderr) == (0, ""), done.stdout
    return done.stdout


# --- other tools read the file ---------------------------------------------------------------


def test_sqlite_utils_lists_the_tables_and_the_readable_views(made: Path) -> None:
    tables = [row["table"] for row in json.loads(sqlite_utils("tables", str(made)))]
    assert {"characters", "streams", "entries", "rolls", "players"} <= set(tables)
    views = [row["view"] for row in json.loads(sqlite_utils("views", str(made)))]
    assert sorted(views) == ["event_log", "game_list", "player_list", "roll_log",
                             "sheet_list"]


def test_sqlite_utils_reads_rolls_events_sheets_and_players_in_plain_words(made: Path
                                                                            ) -> None:
    (roll,) = json.loads(sqlite_utils("rows", str(made), "roll_log"))
    assert {k: roll[k] for k in ("who", "what_for", "pool", "faces", "result", "nudges")} == {
        "who": "Tamsin Vey", "what_for": "climb", "pool": 4, "faces": "5 5 2 6", "result": 5,
        "nudges": 1}
    steps = sqlite_utils("query", str(made), "--csv",
                         "SELECT game_kind, game_name, step, who, event_kind, undone "
                         "FROM event_log")
    assert steps.splitlines() == [
        "game_kind,game_name,step,who,event_kind,undone",
        "conflict,Canal,1,Ann,start,no",
        "conflict,Canal,2,Ann,add,no",
        "conflict,Canal,3,Ann,add,no",
        "conflict,Canal,4,Ann,declare,yes",
        "stuffed,Stuffed 1,1,Ann,new,no",
    ]
    prelate = json.loads(sqlite_utils(
        "query", str(made), "SELECT * FROM sheet_list WHERE name = :name",
        "-p", "name", "The Hollow Prelate"))[0]
    assert (prelate["kind"], prelate["wits"], prelate["health_full"]) == ("villain", 5, 14)
    (ada,) = json.loads(sqlite_utils("rows", str(made), "player_list"))
    assert (ada["name"], ada["plays"], ada["ssh_keys"]) == ("ada", "Tamsin Vey", 1)
    assert "AAAAC3" not in json.dumps(ada)


@pytest.mark.skipif(shutil.which("sqlite3") is None, reason="needs the sqlite3 command-line tool")
def test_the_sqlite3_shell_reads_the_views_too(made: Path) -> None:
    done = subprocess.run(["sqlite3", "-header", "-csv", str(made),
                           "SELECT game_kind, game_name, steps, undone_steps FROM game_list"],
                          capture_output=True, text=True, timeout=60, check=False)
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout.splitlines() == ["game_kind,game_name,steps,undone_steps",
                                        "conflict,Canal,3,1", "stuffed,\"Stuffed 1\",1,0"]


def test_the_json_export_says_what_sqlite_utils_query_says(made: Path) -> None:
    # One definition (the view), one writer of JSON: the same text, byte for byte.
    exported = ok(made, "table", "export", "--format", "json")
    queried = sqlite_utils("query", str(made), "SELECT * FROM event_log", "--json-cols")
    assert exported == queried
    nl = sqlite_utils("query", str(made), "SELECT * FROM event_log", "--json-cols", "--nl")
    assert ok(made, "table", "export", "--format", "nl") == nl


# --- mistborn table export ----------------------------------------------------------------


def test_every_event_exports_as_csv_json_and_nl_alike(made: Path) -> None:
    table = list(csv.reader(io.StringIO(ok(made, "table", "export"))))
    assert table[0] == EVENT_COLUMNS
    as_json = json.loads(ok(made, "table", "export", "--format", "json"))
    as_nl = [json.loads(line) for line in
             ok(made, "table", "export", "--format", "nl").splitlines()]
    assert as_nl == as_json and len(as_json) == len(table) - 1 == 5
    for row, record in zip(table[1:], as_json, strict=True):
        assert list(record) == EVENT_COLUMNS
        assert json.loads(row[6]) == record["event"]  # JSON keeps each event an object
        assert row[:6] == [str(value) for value in list(record.values())[:6]]
    assert as_json[0]["event"] == {"schema": 2, "type": "start", "nature": "physical",
                                   "stakes": "the ledger", "scope": "", "rules": 2}
    assert [r["undone"] for r in as_json] == ["no", "no", "no", "yes", "no"]


def test_a_kind_of_game_and_a_name_narrow_the_export(made: Path) -> None:
    def steps(*args: str) -> list[tuple[str, str, int]]:
        rows = json.loads(ok(made, "table", "export", "--format", "json", *args))
        return [(r["game_kind"], r["game_name"], r["step"]) for r in rows]

    assert steps("--game", "stuffed") == [("stuffed", "Stuffed 1", 1)]
    assert steps("--name", "canal") == [("conflict", "Canal", n) for n in (1, 2, 3, 4)]
    assert steps("--game", "conflict", "--name", "can") == steps("--name", "Canal")
    assert steps("--game", "housewar") == []
    assert ok(made, "table", "export", "--game", "housewar", "--format", "nl") == ""
    assert ok(made, "table", "export", "--game", "housewar") == ",".join(EVENT_COLUMNS) + "\n"
    games = json.loads(ok(made, "table", "export", "--what", "games", "--format", "json",
                          "--game", "conflict"))
    assert [(g["game_name"], g["steps"], g["undone_steps"]) for g in games] == [
        ("Canal", 3, 1)]


def completed(db: Path, words: str) -> list[str]:
    """What the shell completes the last of ``words`` to (as zsh asks: names as they
    are)."""
    done = process(db, _MISTBORN_COMPLETE="zsh_complete", COMP_WORDS=words,
                   COMP_CWORD=str(len(words.split()) - 1))
    assert done.stderr == ""
    return done.stdout.splitlines()[1::3]


def test_the_export_takes_the_command_lines_short_names_of_games(db: Path) -> None:
    """``mistborn hw`` and ``mistborn dbg`` name their games: so does the export's
    --game, completing them and saying "did you mean" to a near miss; --name completes
    every game's name, each unique in the table and saying its game."""
    def steps(*args: str) -> list[tuple[str, str, int]]:
        rows = json.loads(ok(db, "table", "export", "--format", "json", *args))
        return [(r["game_kind"], r["game_name"], r["step"]) for r in rows]

    ok(db, "dbg", "new", "--players", "Vin", "Marsh")
    assert steps("--game", "dbg") == steps("--game", "deckbuilding") == [
        ("deckbuilding", "Deckbuilding 2", 1)]
    assert steps("--game", "hw") == steps("--game", "housewar") == []
    assert steps("--game", "Stuffed") == [("stuffed", "Stuffed 1", 1)]
    assert steps("--game", "dbg", "--name", "2") == steps("--game", "dbg")
    kinds = "(the kinds are conflict, stuffed, deckbuilding, dbg, housewar, hw)"
    assert refused(db, "table", "export", "--game", "housewr") == (
        f"--game 'housewr' names no kind of game — did you mean 'housewar'? {kinds}")
    assert refused(db, "table", "export", "--game", "dgb") == (
        f"--game 'dgb' names no kind of game — did you mean 'dbg'? {kinds}")
    assert completed(db, "mistborn table export --game h") == ["housewar", "hw"]
    assert completed(db, "mistborn table export --name d") == ["Deckbuilding 2"]
    assert completed(db, "mistborn dbg show --game D") == ["Deckbuilding 2"]
    assert completed(db, "mistborn stuffed use s") == ["Stuffed 1"]


def test_rolls_sheets_and_players_export_and_no_key_is_ever_exported(made: Path) -> None:
    rolls = list(csv.DictReader(io.StringIO(ok(made, "table", "export", "--what", "rolls"))))
    assert [(r["who"], r["faces"], r["succeeded"]) for r in rolls] == [
        ("Tamsin Vey", "5 5 2 6", "")]
    sheets = json.loads(ok(made, "table", "export", "--what", "sheets", "--format", "json"))
    assert [s["name"] for s in sheets][:2] == ["Tamsin Vey", "Orrin Haskel"]
    for fmt in ("csv", "json", "nl"):
        players = ok(made, "table", "export", "--what", "players", "--format", fmt)
        assert "ada" in players and "AAAAC3" not in players and "ada@phone" not in players


def test_control_characters_in_stored_text_never_reach_the_terminal(db: Path) -> None:
    # A raw event written by a tool (the table never interprets events) with escape
    # sequences, a C1 control and a bidi override in its text.
    text = "red \x1b[31mALERT\x1b[0m \x9b2J \u202eevil\u202c\ttab\nline"
    with Table(db) as table:
        log = table.read("stuffed", "Stuffed 1")
        table.append("stuffed", "Stuffed 1", [{"type": "note", "text": text}],
                     based_on=log.version, who="tool")
    conn = sqlite3.connect(db)  # a name only a tool writing to the file could give
    conn.execute("UPDATE entries SET sent_by = 'tool\x1b]0;x\x07' WHERE sent_by = 'tool'")
    conn.commit()
    conn.close()
    for fmt in ("csv", "json", "nl"):
        out = ok(db, "table", "export", "--format", fmt, "--game", "stuffed")
        assert not any((ord(c) < 32 and c != "\n") or 127 <= ord(c) < 160 for c in out), fmt
        assert "\u202e" not in out and "\u202c" not in out
    shown = list(csv.reader(io.StringIO(ok(db, "table", "export", "--game", "stuffed"))))[-1]
    assert shown[3] == "tool\\x1b]0;x\\x07"
    # The event's cell is its stored JSON text, C1 control shown as an escape by plain().
    assert "\\u001b[31mALERT" in shown[6] and "\\x9b2J" in shown[6]
    as_json = json.loads(ok(db, "table", "export", "--format", "json", "--game", "stuffed"))
    assert as_json[-1]["event"]["text"] == text  # JSON escapes, and keeps the text exactly
    assert as_json[-1]["who"] == "tool\x1b]0;x\x07"


def test_an_export_to_a_file_is_written_whole(made: Path, tmp_path: Path) -> None:
    target = tmp_path / "steps.jsonl"
    assert ok(made, "table", "export", "--format", "nl", "-o", str(target)) == ""
    assert target.read_text(encoding="utf-8") == ok(made, "table", "export", "--format", "nl")
    mode = target.stat().st_mode & 0o777
    assert mode == 0o666 & ~_umask()
    refused(made, "table", "export", "--name", "nowhere", "-o", str(tmp_path / "no.csv"))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["steps.jsonl"]  # nor a temporary


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def test_mistakes_are_one_line_with_exit_2(made: Path, tmp_path: Path) -> None:
    assert "--format must be one of csv, json, nl, got 'xml'" in refused(
        made, "table", "export", "--format", "xml")
    missing = tmp_path / "typo.db"
    assert refused(missing, "table", "export") == f"no table at {str(missing)!r}"
    assert not missing.exists()
    assert "--game 'stufed' names no kind of game" in refused(
        made, "table", "export", "--game", "stufed")
    assert refused(made, "table", "export", "--name", "canl") == (
        "no game named 'canl' — did you mean 'Canal'?")
    assert "--what events or --what games, not rolls" in refused(
        made, "table", "export", "--what", "rolls", "--game", "conflict")
    in_a_file = tmp_path / "file"
    in_a_file.write_text("")
    message = refused(made, "table", "export", "-o", str(in_a_file / "out.csv"))
    assert message.startswith(f"cannot write the export to {str(in_a_file / 'out.csv')!r}: ")


@pytest.fixture
def shared_dir() -> Iterator[Path]:
    """A folder an unprivileged child can use (pytest's tmp folders are private)."""
    folder = Path(tempfile.mkdtemp(prefix="mistborn-export-"))
    folder.chmod(0o755)
    give_to_nobody(folder)
    try:
        yield folder
    finally:
        for path in (folder, *folder.iterdir()):
            if path.is_dir():
                path.chmod(0o755)
        shutil.rmtree(folder)


EXPORT_AS_NOBODY = f"""
import os, sys
import cli.main, cli.table.commands, table.export, table.roster
import table.logs, csv
if os.geteuid() == 0:
    os.setgroups([]); os.setgid({NOBODY}); os.setuid({NOBODY})
sys.argv = ["mistborn", "table", "export", "--db", sys.argv[1], "-o", sys.argv[2]]
cli.main.main()
"""


def test_a_read_only_folder_for_the_export_is_one_line_with_exit_2(made: Path,
                                                                  shared_dir: Path) -> None:
    if RUNNING_AS_ROOT and not can_drop_privileges():
        pytest.skip("running as root, which ignores file modes, and unable to drop to nobody")
    db = shared_dir / "t.db"
    shutil.copy(made, db)
    give_to_nobody(db)
    folder = shared_dir / "locked"
    folder.mkdir(mode=0o555)
    folder.chmod(0o555)
    done = subprocess.run([sys.executable, "-c", EXPORT_AS_NOBODY, str(db),
                           str(folder / "out.csv")], capture_output=True, text=True,
                          encoding="utf-8", timeout=60, check=False, cwd=ROOT)
    assert (done.returncode, done.stdout) == (2, ""), done.stderr
    assert done.stderr == (f"mistborn: cannot write the export to "
                           f"{str(folder / 'out.csv')!r}: Permission denied\n")
    assert list(folder.iterdir()) == []


def test_a_table_in_a_read_only_folder_is_exported_as_it_stands(made: Path,
                                                                 shared_dir: Path) -> None:
    # On a read-only disk or in a folder no one may write, SQLite cannot keep its
    # working files beside the table; no one can change it either, and it is read.
    if RUNNING_AS_ROOT and not can_drop_privileges():
        pytest.skip("running as root, which ignores file modes, and unable to drop to nobody")
    folder = shared_dir / "locked"
    folder.mkdir()
    db = folder / "t.db"
    shutil.copy(made, db)
    give_to_nobody(db, folder)
    folder.chmod(0o555)
    done = subprocess.run([sys.executable, "-c", EXPORT_AS_NOBODY, str(db), "-"],
                          capture_output=True, text=True, encoding="utf-8", timeout=60,
                          check=False, cwd=ROOT)
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout.splitlines()[0].startswith("game_kind,game_name,step,")
    assert len(done.stdout.splitlines()) > 5
    assert [path.name for path in folder.iterdir()] == ["t.db"]


def test_table_path_names_the_file_the_commands_use(made: Path) -> None:
    assert ok(made, "table", "path") == f"{made}\n"
    assert run(made, "table").exit_code == 0  # its help


# --- start-up: no other command pays for sqlite-utils -------------------------------------


_LOADED = """
import sys
from cli.main import main
sys.argv = ["mistborn", *sys.argv[1:]]
try:
    main()
except SystemExit as stop:
    code = stop.code
print(f"exit={code} sqlite_utils={'sqlite_utils' in sys.modules}", file=sys.stderr)
"""


def _loaded(db: Path, *args: str) -> str:
    done = subprocess.run([sys.executable, "-c", _LOADED, *args, "--db", str(db)],
                          capture_output=True, text=True, encoding="utf-8", timeout=60,
                          check=False, cwd=ROOT)
    return done.stderr.strip().splitlines()[-1]


def test_only_the_export_imports_sqlite_utils(db: Path) -> None:
    assert _loaded(db, "roll", "5") == "exit=0 sqlite_utils=False"
    assert _loaded(db, "conflict", "show") == "exit=0 sqlite_utils=False"
    assert _loaded(db, "table", "export", "--what", "rolls") == "exit=0 sqlite_utils=True"


def test_the_command_offers_what_the_export_knows() -> None:
    # The command names them without importing the export (and sqlite-utils) to ask.
    from cli.table import commands
    from table import export

    assert tuple(export.WHAT) == commands.WHAT and commands.FORMATS == export.FORMATS


def test_an_export_never_replaces_a_link_a_pipe_or_a_device(made: Path, tmp_path: Path) -> None:
    target = tmp_path / "real.csv"
    target.write_text("kept\n")
    link = tmp_path / "link.csv"
    link.symlink_to(target)
    pipe = tmp_path / "pipe.csv"
    os.mkfifo(pipe)
    for path in (link, pipe, Path("/dev/null")):
        message = refused(made, "table", "export", "-o", str(path))
        assert message == (f"cannot write the export to {str(path)!r}: it is not a regular "
                           f"file (a link, pipe or device is never replaced)")
    assert link.is_symlink() and target.read_text() == "kept\n"
    assert pipe.is_fifo() and Path("/dev/null").is_char_device()


@pytest.mark.parametrize("what", ["events", "rolls", "sheets", "games", "players"])
def test_a_view_dropped_by_a_tool_is_one_line_saying_the_file_is_damaged(
        made: Path, tmp_path: Path, what: str) -> None:
    copy = tmp_path / "table.db"
    shutil.copy(made, copy)
    with sqlite3.connect(copy) as conn:
        views = [name for (name,) in conn.execute(
            "SELECT name FROM sqlite_master WHERE type = 'view'")]
        for view in views:
            conn.execute(f"DROP VIEW {view}")
    conn.close()
    message = refused(copy, "table", "export", "--what", what)
    assert message.startswith(f"the table file {str(copy)!r} is damaged: its view ")
    assert message.endswith(" is missing; restore a copy of the file")
