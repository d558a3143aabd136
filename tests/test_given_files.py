"""Files the product is given that are no table, no key, no sheet: a pipe (``mkfifo``), a
device (``/dev/zero``), a path too long for the system, one of the system's own files
(``/proc/self/mem``). Every file the product reads goes through one reader
(:mod:`core.files`), which refuses what is not a regular file and reads at most a stated
size; every path the system refuses is one line. README: "A mistake is reported on one
line with exit status 2, and changes nothing" — never a hang, never gigabytes read,
never a traceback.

Each command runs as a real process under a timeout: a reader that waited on a pipe
fails the test by its timeout rather than hanging the suite."""

from __future__ import annotations

import ast
import hashlib
import os
import subprocess
from pathlib import Path

import pytest
from cli_support import ROOT, console_script, env_for

TIMEOUT = 60
NOT_REGULAR = "is not a regular file (a pipe, a device or a folder)"


def mistborn(db: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """``mistborn ARGS`` as its own process on the table ``db``, with no input."""
    return subprocess.run([str(console_script()), *args], capture_output=True, text=True,
                          encoding="utf-8", env={**os.environ, **env_for(db)},
                          timeout=TIMEOUT, check=False, cwd=ROOT, stdin=subprocess.DEVNULL)


def refusal(done: subprocess.CompletedProcess[str]) -> str:
    """The one line a refused command said (exit 2, nothing on standard output)."""
    assert (done.returncode, done.stdout) == (2, ""), done.stderr[-2000:]
    assert done.stderr.startswith("mistborn: ") and done.stderr.count("\n") == 1, \
        done.stderr[-2000:]
    assert "Traceback" not in done.stderr
    return done.stderr[len("mistborn: "):-1]


@pytest.fixture
def fifo(tmp_path: Path) -> Path:
    path = tmp_path / "named.pipe"
    os.mkfifo(path)
    return path


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


# --- keys --------------------------------------------------------------------------------


def test_a_key_file_that_is_a_pipe_is_refused_at_once(tmp_path: Path, fifo: Path) -> None:
    db = tmp_path / "t.db"
    said = refusal(mistborn(db, "player", "invite", "zed", "--key", str(fifo)))
    assert said == f"the key file {str(fifo)!r} {NOT_REGULAR}"
    assert not db.exists()  # nothing was made


def test_a_key_file_that_is_a_device_is_refused_not_read(tmp_path: Path) -> None:
    said = refusal(mistborn(tmp_path / "t.db", "player", "invite", "zed", "--key",
                            "/dev/zero"))
    assert said == f"the key file '/dev/zero' {NOT_REGULAR}"


def test_a_huge_key_file_is_refused_after_reading_at_most_its_limit(tmp_path: Path) -> None:
    from table.players import KEY_FILE_MOST

    huge = tmp_path / "huge.pub"
    with huge.open("wb") as file:  # 8 GB that take no room: a sparse file
        file.truncate(8 << 30)
    said = refusal(mistborn(tmp_path / "t.db", "player", "invite", "zed", "--key",
                            str(huge)))
    assert said == (f"the key file {str(huge)!r} is too big: {8 << 30:,} bytes "
                    f"(at most {KEY_FILE_MOST:,})")


def test_a_host_key_that_is_a_pipe_or_a_device_stops_the_server_in_one_line(
        tmp_path: Path, fifo: Path) -> None:
    for given in (str(fifo), "/dev/zero"):
        said = refusal(mistborn(tmp_path / "t.db", "serve", "--host", "127.0.0.1",
                                "--port", "0", "--host-key", given))
        assert said == f"the host key file {given!r} {NOT_REGULAR}"


def test_a_host_key_file_holding_no_key_stops_the_server_in_one_line(tmp_path: Path) -> None:
    junk = tmp_path / "host_key"
    junk.write_text("not a key\n")
    said = refusal(mistborn(tmp_path / "t.db", "serve", "--host", "127.0.0.1", "--port", "0",
                            "--host-key", str(junk)))
    assert said.startswith(f"the host key file {str(junk)!r} holds no private key")
    assert junk.read_text() == "not a key\n"


# --- the table itself --------------------------------------------------------------------


@pytest.mark.parametrize("args", [["char", "list"], ["roll", "3", "--as", "Ann"]])
def test_a_table_that_is_a_pipe_or_a_device_is_refused_in_one_line(
        fifo: Path, args: list[str]) -> None:
    for given in (fifo, Path("/dev/zero"), Path("/dev/null")):
        said = refusal(mistborn(given, *args))
        assert said == f"cannot open the table {str(given)!r}: it {NOT_REGULAR}"
    assert fifo.is_fifo()


@pytest.mark.skipif(not Path("/proc/self/mem").exists(), reason="needs Linux's /proc")
@pytest.mark.parametrize("args", [["char", "list"], ["roll", "3", "--as", "Ann"]])
def test_one_of_the_systems_own_files_is_no_table_not_a_full_disk(args: list[str]) -> None:
    said = refusal(mistborn(Path("/proc/self/mem"), *args))
    assert "full" not in said
    assert said.startswith("'/proc/self/mem' is not a table file: it is one of the "
                           "system's own files")


# --- paths the system refuses ------------------------------------------------------------


def test_a_table_path_too_long_for_the_system_is_one_line(tmp_path: Path) -> None:
    # A file name of 303 bytes: past the 255 every common file system allows.
    db = tmp_path / f"{'n' * 300}.db"
    for args in (["char", "list"], ["char", "import", str(ROOT / "examples" / "crew.toml")],
                 ["roll", "3", "--as", "Ann"], ["table", "export"], ["player", "list"]):
        said = refusal(mistborn(db, *args))
        # The path is quoted cut in its middle: its start and its file's name kept.
        assert said.startswith(f"cannot open the table '{str(tmp_path)[:40]}"), args
        assert said.endswith("nnn.db': File name too long"), args
        assert "…" in said and len(said) < 200, args


def test_a_path_longer_than_the_system_takes_is_one_line(tmp_path: Path) -> None:
    # 5,000 characters of folders that do not exist: past the 4,096 of a whole path.
    folders = "/".join(["f" * 99] * 50)
    db = tmp_path / folders / "t.db"
    for args in (["char", "list"], ["stuffed", "show"], ["serve", "--port", "0"]):
        said = refusal(mistborn(db, *args))
        assert said.endswith("/t.db': File name too long"), args


def test_a_file_the_command_writes_at_a_path_too_long_is_one_line(tmp_path: Path) -> None:
    kept = tmp_path / f"{'k' * 300}.db"
    said = refusal(mistborn(tmp_path / "t.db", "demo", "--keep", str(kept)))
    assert said.startswith(f"cannot use '{str(tmp_path)[:40]}")
    assert said.endswith("kkk.db': file name too long")


def test_a_host_key_in_a_missing_folder_is_one_line(tmp_path: Path) -> None:
    key = tmp_path / "missing" / "host_key"
    said = refusal(mistborn(tmp_path / "t.db", "serve", "--host", "127.0.0.1", "--port", "0",
                            "--host-key", str(key)))
    assert said == f"cannot use {str(key)!r}: no such file or directory"


# --- the one reader ------------------------------------------------------------------------


def test_the_reader_takes_a_regular_file_and_at_most_its_limit(tmp_path: Path) -> None:
    from core.files import UnreadableFile, read

    path = tmp_path / "key.pub"
    path.write_bytes(b"12345")
    assert read(path, what="the key file", limit=5) == b"12345"
    with pytest.raises(UnreadableFile) as caught:
        read(path, what="the key file", limit=4)
    error = caught.value
    assert (error.size, error.regular, error.path) == (5, True, str(path))
    assert str(error) == f"the key file {str(path)!r} is too big: 5 bytes (at most 4)"
    with pytest.raises(UnreadableFile, match="cannot be read: No such file"):
        read(tmp_path / "missing", what="the key file", limit=4)
    for folder in (tmp_path, Path("/dev/zero")):
        with pytest.raises(UnreadableFile) as caught:
            read(folder, what="the key file", limit=4)
        assert not caught.value.regular


def test_the_check_refuses_what_another_program_would_wait_on(tmp_path: Path,
                                                              fifo: Path) -> None:
    from core.files import NOT_REGULAR as said
    from core.files import UnreadableFile, check

    assert said == NOT_REGULAR
    path = tmp_path / "table.db"
    assert check(path, what="the table") is None  # none yet: made later
    path.write_bytes(b"")
    assert check(path, what="the table") is not None
    link = tmp_path / "link.db"
    link.symlink_to(path)
    assert check(link, what="the table") is not None  # a link to a table is the table
    with pytest.raises(UnreadableFile, match="a link, a pipe"):
        check(link, what="the export's target", links=False)
    with pytest.raises(UnreadableFile, match=r"is not a regular file \(a pipe"):
        check(fifo, what="the table")


# What reads a file in the product's own code, and why each is no file a person gives.
OTHER_READERS = {
    "core/files.py": "the one reader",
    "core/names.py": "the look-alike table, a file of the package",
    "characters/samples.py": "the example sheets, files of the package",
    "conflict/simulate/run.py": "/proc/loadavg, the system's load",
}
READING = {"read_text", "read_bytes", "read_private_key", "read_public_key",
           "read_authorized_keys", "read_certificate", "load_keypairs"}


def _reads(path: Path) -> bool:
    """Whether ``path`` opens a file to read it: ``open()`` or ``os.open()`` without a
    mode that writes, or a call that reads a whole file."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Call):
            continue
        called = node.func
        name = called.attr if isinstance(called, ast.Attribute) else \
            called.id if isinstance(called, ast.Name) else ""
        if name in READING:
            return True
        builtin = isinstance(called, ast.Name)
        of_os = isinstance(called, ast.Attribute) and isinstance(called.value, ast.Name) \
            and called.value.id == "os"
        if name == "open" and (builtin or of_os):
            text = ast.unparse(node)
            if not any(word in text for word in ("O_WRONLY", "'w'", '"w"', "O_RDWR")):
                return True
    return False


def test_every_file_the_product_reads_goes_through_the_one_reader() -> None:
    readers = sorted(str(path.relative_to(ROOT)) for folder in
                     ("core", "conflict", "characters", "boardgames", "table", "cli")
                     for path in (ROOT / folder).rglob("*.py") if _reads(path))
    assert readers == sorted(OTHER_READERS)
