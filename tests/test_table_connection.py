"""Opening the table and what goes wrong with the file (table/connection.py).

Each failure is made for real: a write-protected file or folder, another process
holding the write lock, a file that is not SQLite, a damaged one, a full disk. Each
must end as one TableError line and leave the table as it was.
"""

from __future__ import annotations

import hashlib
import os
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
from table_support import (
    NOBODY,
    ROOT,
    RUNNING_AS_ROOT,
    crew,
    give_to_nobody,
    plain,
    python,
)

from conflict.dice import Roll
from conflict.errors import BadValue
from table import (
    Table,
    TableBusy,
    TableCannotOpen,
    TableDamaged,
    TableError,
    TableFull,
    TableNotFound,
    TableReadOnly,
    default_path,
)
from table.connection import busy_message


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def one_line(error: BaseException) -> str:
    text = str(error)
    assert "\n" not in text and text.strip() == text and text
    return text


@pytest.fixture
def shared_dir() -> Iterator[Path]:
    """A folder an unprivileged child can use (pytest's own tmp folders are private to
    their owner)."""
    folder = Path(tempfile.mkdtemp(prefix="mistborn-table-"))
    folder.chmod(0o755)
    give_to_nobody(folder)
    try:
        yield folder
    finally:
        folder.chmod(0o755)
        shutil.rmtree(folder)


def made_table(path: Path) -> Path:
    with Table(path) as table:
        table.add(crew())
    give_to_nobody(path)
    return path


# --- opening ----------------------------------------------------------------------------------


def test_opened_in_wal_mode_with_normal_sync_and_no_busy_wait_inside_sqlite(
    tmp_path: Path,
) -> None:
    with Table(tmp_path / "table.db", wait=2.5) as table:
        db = table._connection._db  # the settings live on the connection only
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert db.execute("PRAGMA synchronous").fetchone()[0] == 1  # NORMAL
        assert db.execute("PRAGMA busy_timeout").fetchone()[0] == 0  # waits happen in Python
        assert db.execute("PRAGMA foreign_keys").fetchone()[0] == 1
        assert table._connection.wait == 2.5


def test_a_missing_table_is_not_created_for_commands_that_only_read(tmp_path: Path) -> None:
    path = tmp_path / "none.db"
    with pytest.raises(TableNotFound) as caught:
        Table(path, create=False)
    assert one_line(caught.value) == f"no table at {str(path)!r}"
    assert not path.exists()
    with pytest.raises(TableNotFound, match="no table at"):
        Table(tmp_path / "missing" / "none.db", create=False)
    assert list(tmp_path.iterdir()) == []
    made_table(path)
    with Table(path, create=False) as table:
        assert table.names() == ["Kell", "Marsh", "Hazekillers"]


@pytest.mark.parametrize("path", ["", "   "])
def test_an_empty_path_is_refused(path: str) -> None:
    with pytest.raises(TableNotFound) as caught:
        Table(path)
    assert one_line(caught.value) == "no table file given: the path is empty"


def test_a_missing_folder_or_a_folder_as_the_path_is_refused(tmp_path: Path) -> None:
    with pytest.raises(TableCannotOpen, match="no such directory"):
        Table(tmp_path / "missing" / "table.db")
    with pytest.raises(TableCannotOpen, match="it is a folder"):
        Table(tmp_path)


def test_odd_characters_in_the_path_are_just_a_path(tmp_path: Path) -> None:
    path = tmp_path / "what? #1 100%.db"
    with Table(path) as table:
        table.add(crew())
    assert path.exists() and plain(path, "SELECT count(*) FROM characters") == [(3,)]


def test_a_data_folder_that_cannot_be_made_is_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    in_the_way = tmp_path / "a-file"
    in_the_way.write_text("not a folder")
    monkeypatch.setenv("XDG_DATA_HOME", str(in_the_way / "data"))
    assert default_path().parent == in_the_way / "data" / "mistborn-conflict"
    with pytest.raises(TableCannotOpen) as caught:
        default_path(make_folder=True)
    assert one_line(caught.value) == (
        f"cannot make the folder for the table {str(in_the_way / 'data' / 'mistborn-conflict')!r}"
        ": Not a directory"
    )
    assert in_the_way.read_text() == "not a folder"


def test_the_command_line_reports_a_data_folder_it_cannot_make(tmp_path: Path) -> None:
    in_the_way = tmp_path / "a-file"
    in_the_way.write_text("not a folder")
    env = {k: v for k, v in os.environ.items() if k != "MISTBORN_DB"}
    env["XDG_DATA_HOME"] = str(in_the_way)
    done = subprocess.run(
        [sys.executable, "-c", "from cli.main import main; main()", "char", "list"],
        capture_output=True, text=True, env=env, cwd=ROOT, check=False,
    )
    assert done.returncode == 2
    assert done.stderr == (
        f"mistborn: cannot make the folder for the table "
        f"{str(in_the_way / 'mistborn-conflict')!r}: Not a directory\n"
    )


def test_a_data_folder_under_a_write_protected_folder(shared_dir: Path) -> None:
    locked = shared_dir / "locked"
    locked.mkdir(mode=0o555)
    give_to_nobody(locked)
    done = python(
        """
        import os, sys
        os.environ["XDG_DATA_HOME"] = sys.argv[1]
        from table import TableCannotOpen, default_path
        try:
            default_path(make_folder=True)
        except TableCannotOpen as error:
            print(error)
        """,
        str(locked / "data"),
        unprivileged=True,
    )
    assert done.stderr == ""
    assert done.stdout == (
        f"cannot make the folder for the table {str(locked / 'data' / 'mistborn-conflict')!r}"
        ": Permission denied\n"
    )
    assert list(locked.iterdir()) == []


# --- write-protected files and folders -------------------------------------------------------

READ_THEN_WRITE = """
import sys
from characters.files import loads
from table import Table, TableError
try:
    with Table(sys.argv[1]) as table:
        print("read", table.names())
        table.damage("Kell", "health", 2)
        print("wrote")
except TableError as error:
    print(type(error).__name__, error)
"""


def test_a_read_only_table_file_can_be_read_but_not_written(shared_dir: Path) -> None:
    # chmod 0444 as any user would; when the tests run as root (which ignores file
    # modes) the child drops to the user nobody, who owns the file, first.
    path = made_table(shared_dir / "table.db")
    path.chmod(0o444)
    before = digest(path)
    done = python(READ_THEN_WRITE, str(path), unprivileged=True)
    assert done.stderr == ""
    assert done.stdout.splitlines() == [
        "read ['Kell', 'Marsh', 'Hazekillers']",
        f"TableReadOnly cannot write to the table {str(path)!r}: the file is read-only",
    ]
    assert digest(path) == before
    assert plain(path, "SELECT version FROM characters WHERE name = 'Kell'") == [(1,)]


def test_a_table_in_a_read_only_folder_is_read_and_a_write_refused_in_one_line(
        shared_dir: Path) -> None:
    # SQLite keeps working files beside a table even to read it: where it cannot make
    # them (a read-only folder or disk), no one can change the table, and it is read as
    # it stands.
    path = made_table(shared_dir / "table.db")
    before = digest(path)
    shared_dir.chmod(0o555)
    done = python(READ_THEN_WRITE, str(path), unprivileged=True)
    assert done.stderr == ""
    assert done.stdout.splitlines() == [
        "read ['Kell', 'Marsh', 'Hazekillers']",
        f"TableReadOnly cannot write to the table {str(path)!r}: its folder is read-only "
        "(the table keeps working files beside it)",
    ]
    assert digest(path) == before
    assert sorted(p.name for p in shared_dir.iterdir()) == ["table.db"]


READ_HEALTH = """
import sys
from table import Table
with Table(sys.argv[1], create=False) as table:
    print(table.get("Kell").resiliences.health.damage)
"""


def test_a_table_in_a_read_only_folder_is_read_with_what_its_live_writer_committed(
        shared_dir: Path) -> None:
    # Another account writes the table (its folder is theirs): its working files hold
    # steps not yet in the file itself, and the reader sees them too.
    path = made_table(shared_dir / "table.db")
    with Table(path) as writer:
        writer.damage("Kell", "health", 2)
        assert Path(f"{path}-wal").stat().st_size > 0  # the step lies in the working files
        shared_dir.chmod(0o555)
        done = python(READ_HEALTH, str(path), unprivileged=True)
    assert (done.stderr, done.stdout) == ("", "2\n")


def _immutable(path: Path, on: bool) -> bool:
    if shutil.which("chattr") is None:
        return False
    flag = "+i" if on else "-i"
    done = subprocess.run(["chattr", flag, str(path)], capture_output=True, check=False)
    return done.returncode == 0


def test_an_immutable_table_file_can_be_read_but_not_written(tmp_path: Path) -> None:
    # The file attribute stops every user, root included.
    path = made_table(tmp_path / "table.db")
    before = digest(path)
    if not _immutable(path, True):
        pytest.skip("needs chattr +i (root, on a file system with attributes)")
    try:
        with Table(path) as table:
            assert table.names() == ["Kell", "Marsh", "Hazekillers"]
            with pytest.raises(TableReadOnly) as caught:
                table.damage("Kell", "health", 2)
            assert one_line(caught.value) == (
                f"cannot write to the table {str(path)!r}: the file is read-only"
            )
            assert table.get_versioned("Kell")[1] == 1
    finally:
        _immutable(path, False)
    assert digest(path) == before


# --- another program writing ----------------------------------------------------------------

LOCKER = """
import sqlite3, sys, time
conn = sqlite3.connect(sys.argv[1], isolation_level=None)
conn.execute("BEGIN IMMEDIATE")
conn.execute("INSERT INTO rolls (who, purpose, asked, faces, result, nudges, rolled_at) "
             "VALUES ('Locker', '', 2, '[1, 2]', 0, 0, '2025-01-01T00:00:00.000000+00:00')")
print("locked", flush=True)
time.sleep(float(sys.argv[2]))
conn.execute("COMMIT")
print("released", flush=True)
time.sleep(60)
"""


@pytest.fixture
def locker(tmp_path: Path) -> Iterator[tuple[Path, list[subprocess.Popen[str]]]]:
    """A table, and a way to start processes that hold its write lock."""
    path = made_table(tmp_path / "table.db")
    started: list[subprocess.Popen[str]] = []
    yield path, started
    for child in started:
        child.kill()
        child.wait()


def hold_lock(path: Path, started: list[subprocess.Popen[str]], seconds: float) -> None:
    child = subprocess.Popen(
        [sys.executable, "-c", LOCKER, str(path), str(seconds)],
        stdout=subprocess.PIPE, text=True,
    )
    started.append(child)
    assert child.stdout is not None
    assert child.stdout.readline() == "locked\n"


def test_a_write_waits_then_says_the_table_is_busy(
    locker: tuple[Path, list[subprocess.Popen[str]]],
) -> None:
    path, started = locker
    hold_lock(path, started, 60)
    with Table(path, wait=0.5) as table:
        assert table.names() == ["Kell", "Marsh", "Hazekillers"]  # readers never wait
        assert table.rolls() == []  # and see only what was committed
        begun = time.monotonic()
        with pytest.raises(TableBusy) as caught:
            table.damage("Kell", "health", 2)
        waited = time.monotonic() - begun
        assert one_line(caught.value) == (
            "the table is busy: another program has been writing to it for 0.5 s"
        )
        assert 0.5 <= waited < 1.5
        with pytest.raises(TableBusy):
            table.record_roll(Roll.from_faces([5, 5]), who="Kell")
        assert table.get_versioned("Kell")[1] == 1


def test_the_busy_message_gives_the_wait_in_seconds() -> None:
    assert busy_message(10.0) == (
        "the table is busy: another program has been writing to it for 10 s"
    )


def test_a_waiting_write_goes_through_when_the_other_finishes(
    locker: tuple[Path, list[subprocess.Popen[str]]],
) -> None:
    path, started = locker
    hold_lock(path, started, 0.4)
    with Table(path) as table:
        begun = time.monotonic()
        sheet = table.damage("Kell", "health", 2)
        waited = time.monotonic() - begun
        assert sheet.resiliences.health.damage == 2
        assert 0.2 < waited < 3
        assert [r.who for r in table.rolls()] == ["Locker"]  # the other write is kept


WAITER = """
import sys, time
from conflict.dice import Roll
from conflict.errors import BadValue
from table import Table
with Table(sys.argv[1], wait=30) as table:
    print("waiting", flush=True)
    try:
        table.record_roll(Roll.from_faces([5, 5]), who="Waiter")
    except KeyboardInterrupt:
        print("interrupted", flush=True)
        sys.exit(3)
print("wrote", flush=True)
"""


def test_ctrl_c_interrupts_a_write_waiting_for_the_lock_at_once(
    locker: tuple[Path, list[subprocess.Popen[str]]],
) -> None:
    path, started = locker
    hold_lock(path, started, 60)
    waiter = subprocess.Popen(
        [sys.executable, "-c", WAITER, str(path)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    assert waiter.stdout is not None
    assert waiter.stdout.readline() == "waiting\n"
    time.sleep(0.3)  # well inside the wait
    sent = time.monotonic()
    waiter.send_signal(signal.SIGINT)
    out, err = waiter.communicate(timeout=10)
    took = time.monotonic() - sent
    assert (waiter.returncode, out, err) == (3, "interrupted\n", "")
    assert took < 1.0
    assert plain(path, "SELECT who FROM rolls") == []


# --- files that are not tables -----------------------------------------------------------------


def test_a_file_that_is_not_sqlite_is_refused_and_left_alone(tmp_path: Path) -> None:
    path = tmp_path / "notes.txt"
    path.write_text("just some notes, not SQLite\n" * 100)
    before = digest(path)
    with pytest.raises(TableDamaged) as caught:
        Table(path)
    assert one_line(caught.value) == f"{str(path)!r} is not a usable table: file is not a database"
    assert digest(path) == before
    assert [p.name for p in tmp_path.iterdir()] == ["notes.txt"]


def _scramble(path: Path, pages: range, seed: int) -> None:
    junk = random.Random(seed)
    with path.open("r+b") as file:
        for page in pages:
            file.seek(page * PAGE)
            file.write(junk.randbytes(PAGE))


PAGE = 4096


def test_a_damaged_table_is_reported_in_one_line_and_not_made_worse(tmp_path: Path) -> None:
    path = made_table(tmp_path / "table.db")
    with Table(path) as table:
        for n in range(400):
            table.record_roll(Roll.from_faces([5, 5, 3]), who=f"Guard {n}", purpose="x" * 40)
    pages = path.stat().st_size // PAGE
    assert pages >= 10
    # Damage the last pages (where the latest rolls are): the file still opens, and
    # reading the rolls meets the damage.
    _scramble(path, range(pages - 3, pages), seed=7)
    before = digest(path)
    with Table(path) as table:
        assert table.names() == ["Kell", "Marsh", "Hazekillers"]
        with pytest.raises(TableDamaged) as caught:
            table.rolls()
    assert one_line(caught.value).startswith(f"the table {str(path)!r} is damaged (")
    assert "malformed" in str(caught.value) and "restore it from a backup" in str(caught.value)
    assert digest(path) == before
    # Damage every page but the header: the file no longer opens, for reading or writing.
    _scramble(path, range(1, pages), seed=8)
    before = digest(path)
    for create in (True, False):
        with pytest.raises(TableDamaged) as caught:
            Table(path, create=create)
        assert "malformed" in one_line(caught.value)
    assert digest(path) == before


def test_a_damaged_row_is_reported_not_crashed_on(tmp_path: Path) -> None:
    path = made_table(tmp_path / "table.db")
    with Table(path) as table:
        table.record_roll(Roll.from_faces([5, 5]), who="Kell")
        table.record_roll(Roll.from_faces([4, 4]), who="Kell")
    conn = sqlite3.connect(path)
    with conn:
        conn.execute("UPDATE rolls SET rolled_at = 'yesterday' WHERE id = 1")
        conn.execute("UPDATE rolls SET faces = '[7, 7]' WHERE id = 2")
    conn.close()
    with Table(path) as table:
        with pytest.raises(TableDamaged) as caught:
            table.rolls(limit=1)
        assert one_line(caught.value) == (
            f"the table file {str(path)!r} is damaged: rolls row 2: faces are not a roll of "
            "the pool asked: R-DICE-1: a die face must be 1–6, got 7; restore a copy of the "
            "file"
        )
        with pytest.raises(TableDamaged) as caught:
            table.rolls()
        assert one_line(caught.value) == (
            f"the table file {str(path)!r} is damaged: rolls row 1: rolled_at is the text "
            "'yesterday', not a time with its offset from UTC; restore a copy of the file"
        )


def test_a_closed_table_says_so(tmp_path: Path) -> None:
    table = Table(tmp_path / "table.db")
    table.close()
    table.close()  # again is harmless
    with pytest.raises(TableError) as caught:
        table.names()
    assert one_line(caught.value) == f"the table {str(tmp_path / 'table.db')!r} is closed"


# --- a full disk -------------------------------------------------------------------------------


def test_a_full_table_keeps_nothing_of_the_write_that_did_not_fit(tmp_path: Path) -> None:
    path = made_table(tmp_path / "table.db")
    with Table(path) as table:
        db = table._connection._db
        pages = db.execute("PRAGMA page_count").fetchone()[0]
        db.execute(f"PRAGMA max_page_count = {pages + 2}")  # SQLite's own size limit
        guards = [
            attrs.evolve(crew()[2], name=f"Guard {n}", notes="a long story " * 40)
            for n in range(40)
        ]
        with pytest.raises(TableFull) as caught:
            table.add(guards)
        assert one_line(caught.value) == (
            f"cannot write to the table {str(path)!r}: the disk is full; nothing was saved"
        )
        assert table.names() == ["Kell", "Marsh", "Hazekillers"]
        table.damage("Kell", "health", 1)  # a small write still fits, the table works
    assert plain(path, "SELECT count(*) FROM characters") == [(3,)]
    assert plain(path, "PRAGMA integrity_check") == [("ok",)]


FILL_DISK = """
import sqlite3, sys
from collections import Counter
from table import Table, TableFull
path = sys.argv[1]
with Table(path) as table:
    table.create_stream("conflict", "Siege", who="Filler")
    version = 0
    try:
        while True:
            batch = [{"batch": version, "part": n, "pad": "x" * 3000} for n in range(5)]
            done = table.append("conflict", "Siege", batch, based_on=version, who="Filler")
            version = done.version
    except TableFull as error:
        print("full:", error)
    again = []
    for attempt in range(3):  # every later write says so too, not "disk I/O error"
        try:
            late = [{"batch": version, "part": n, "pad": "x" * 3000} for n in range(5)]
            table.append("conflict", "Siege", late, based_on=version, who="Filler")
        except TableFull:
            again.append("full")
        except Exception as error:
            again.append(repr(error))
    print("again", ",".join(again))
    log = table.read("conflict", "Siege")
    parts = Counter(entry.event["batch"] for entry in log.entries)
    whole = sorted(parts) == list(range(version)) and set(parts.values()) == {5}
    print("appends", version, "log version", log.version, "whole", whole)
print("integrity", sqlite3.connect(path).execute("PRAGMA integrity_check").fetchone()[0])
"""


def _on_a_tiny_disk(tmp_path: Path, code: str, size: str
                    ) -> tuple[Path, subprocess.CompletedProcess[str]]:
    """``code`` run by Python with a table path on a tmpfs of ``size`` mounted in a
    private mount namespace, so the disk really fills up (skipped where it cannot be
    mounted); the folder and what the run printed, with nothing on standard error."""
    if not RUNNING_AS_ROOT or shutil.which("unshare") is None:
        pytest.skip("needs root and unshare to mount a tiny tmpfs")
    disk = tmp_path / "disk"
    disk.mkdir()
    script = f"""
mount -t tmpfs -o size={size} tmpfs {disk} || exit 77
exec {sys.executable} -c "$1" {disk}/table.db
"""
    done = subprocess.run(
        ["unshare", "-m", "sh", "-c", script, "sh", textwrap.dedent(code)],
        capture_output=True, text=True, cwd=ROOT, timeout=60, check=False,
    )
    if done.returncode == 77 or (done.returncode and done.stderr.startswith("unshare")):
        pytest.skip(f"cannot mount a tmpfs here: {done.stderr.strip()}")
    assert done.stderr == ""
    return disk, done


def test_a_real_full_disk_keeps_nothing_of_the_write_that_did_not_fit(tmp_path: Path) -> None:
    # A tiny tmpfs in a private mount namespace: the disk really fills up.
    disk, done = _on_a_tiny_disk(tmp_path, FILL_DISK, "256k")
    full, again, counts, integrity = done.stdout.splitlines()
    path = f"{disk}/table.db"
    assert full == f"full: cannot write to the table {path!r}: the disk is full; nothing was saved"
    assert again == "again full,full,full"
    _, appends, _, _, version, _, whole = counts.split()
    assert int(appends) == int(version) > 0
    assert whole == "True"  # every append of 5 events wholly there; the failed one absent
    assert integrity == "integrity ok"
    assert list(disk.iterdir()) == []  # the tmpfs went away with its namespace


FULL_THEN_WRITE = """
import sys
from pathlib import Path
from table import Table, TableFull
path = Path(sys.argv[1])
with Table(path) as table:
    table.create_stream("conflict", "Siege", who="Filler")
try:  # something else fills the disk
    with open(path.parent / "filler", "wb") as filler:
        while True:
            filler.write(bytes(65536))
            filler.flush()
except OSError:
    pass
said = []
for attempt in range(3):  # each a new writer, as each command is
    try:
        with Table(path) as table:
            table.append("conflict", "Siege", [{"n": attempt}], based_on=0, who="Late")
        said.append("written")
    except TableFull as error:
        said.append(f"full: {error}")
    except Exception as error:
        said.append(f"{type(error).__name__}: {error}")
try:  # and a reader, as a command that only shows the table
    with Table(path) as table:
        table.read("conflict", "Siege")
    said.append("read")
except TableFull as error:
    said.append(f"full: {error}")
print("\\n".join(said))
"""


def test_a_disk_filled_by_something_else_is_said_to_be_full_at_every_write(
        tmp_path: Path) -> None:
    # SQLite reports a full disk as SQLITE_FULL at most once; later writers get only
    # "disk I/O error". The table says what is wrong every time; a new writer or reader
    # is stopped as it opens the table, which makes its journal files beside it, and
    # is told so (a reader is not told its write failed).
    disk, done = _on_a_tiny_disk(tmp_path, FULL_THEN_WRITE, "512k")
    path = f"{disk}/table.db"
    full = (f"full: cannot open the table {path!r}: the disk is full (the table needs a "
            "little room beside it, even to be read); nothing was changed")
    assert done.stdout.splitlines() == [full] * 4


def test_unprivileged_children_really_are_unprivileged(shared_dir: Path) -> None:
    # The permission tests above rely on this when the suite runs as root.
    done = python("import os; print(os.geteuid())", unprivileged=True)
    assert done.stdout == f"{NOBODY if RUNNING_AS_ROOT else os.geteuid()}\n"


@pytest.mark.parametrize("wait", [-1, float("nan"), "10", True])
def test_the_wait_must_be_seconds(tmp_path: Path, wait: object) -> None:
    with pytest.raises(BadValue, match="wait must be a number of seconds, 0 or more"):
        Table(tmp_path / "table.db", wait=wait)  # type: ignore[arg-type]
    assert not (tmp_path / "table.db").exists()
