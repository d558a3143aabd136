"""An error line is at most 300 bytes as printed, ``mistborn: `` included, whatever it
repeats: every value in it is cut by the one cut (:func:`core.errors.cut`), a file's
path in its middle so that the line keeps where it starts and the file's own name.
README: "A mistake is reported on one line with exit status 2"; docs/limits.md."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest
from cli_support import ok, process

from cli.common.errors import LONGEST_LINE, PREFIX, one_line
from core.errors import PATH_QUOTE, cut, shown, shown_path


def said(done_stderr: str) -> str:
    """The one line of a refusal, checked to fit: at most 300 bytes before its line
    break, the prefix included."""
    assert done_stderr.startswith(PREFIX) and done_stderr.count("\n") == 1, done_stderr[:500]
    line = done_stderr[:-1]
    assert len(line.encode("utf-8")) <= LONGEST_LINE, (len(line.encode()), line[:500])
    return line


def test_a_missing_folder_in_a_5000_character_table_path_is_a_short_line(
        tmp_path: Path) -> None:
    db = tmp_path / "missing" / "/".join(["abcdefghij" * 10] * 49) / "t.db"
    assert len(str(db)) > 4_900
    for args in (["char", "list"], ["hw", "show"], ["roll", "3", "--as", "Ann"]):
        done = process(db, *args)
        assert done.returncode == 2, done.stderr[-300:]
        line = said(done.stderr)
        assert str(tmp_path)[:40] in line and "/t.db'" in line, line


def test_a_missing_folder_in_a_long_path_the_system_takes_keeps_its_start_and_end(
        tmp_path: Path) -> None:
    db = tmp_path / "missing" / "/".join(["abcdefghij" * 10] * 35) / "t.db"
    assert 3_000 < len(str(db)) < 4_000
    for args in (["char", "list"], ["conflict", "show"], ["player", "invite", "zed",
                                                          "--passphrase"]):
        done = process(db, *args)
        assert done.returncode == 2, done.stderr[-300:]
        line = said(done.stderr)
        assert line.endswith(f"{shown_path(db)}: no such directory") or \
            line.endswith(f"no table at {shown_path(db)}"), line


@pytest.fixture
def stuffed(tmp_path: Path) -> Path:
    db = tmp_path / "table.db"
    ok(db, "stuffed", "new", "-p", "ann:charisma", "bo:resource", "--mission", "Heist",
       "--teammates", "2", "--mercenaries", "1", "--combo", "ch:2,i")
    ok(db, "stuffed", "roll", "--faces", "c", "c", "c", "ch", "ch", "i", "b", "r")
    return db


def test_r_stf_1_a_stored_roll_of_faces_no_die_has_is_a_short_line(stuffed: Path,
                                                                   tmp_path: Path) -> None:
    """R-STF-1: the die's six symbols; a stored roll naming others is a damaged row,
    said in one line that fits."""
    conn = sqlite3.connect(stuffed)
    with conn:
        conn.execute("""UPDATE entries SET event = '{"game":"stuffed","schema":1,"type":"roll",
                        "faces":["zzz",1,null]}' WHERE seq = 2""")
    conn.close()
    for args in (["stuffed", "log"], ["stuffed", "show", "--json"], ["stuffed", "end-turn"]):
        done = process(stuffed, *args)
        assert done.returncode == 2, done.stderr
        line = said(done.stderr)
        assert "entries row 2 of the stuffed 'Stuffed 1'" in line and line.endswith("…")


def test_a_table_in_a_folder_of_a_long_name_keeps_its_name_in_a_damaged_rows_line(
        stuffed: Path, tmp_path: Path) -> None:
    folder = tmp_path / ("long folder name " * 12).strip().replace(" ", "-")
    folder.mkdir()
    db = folder / "table.db"
    shutil.copy(stuffed, db)
    conn = sqlite3.connect(db)
    with conn:
        conn.execute("UPDATE entries SET event = '[1]' WHERE seq = 2")
    conn.close()
    done = process(db, "stuffed", "log")
    line = said(done.stderr)
    assert f"the table file {shown_path(db)} is damaged" in line
    # Cut in the middle: the start of the path and the file's name kept.
    assert f"'{str(tmp_path)[:40]}" in line and "…" in line
    assert "/table.db' is damaged: entries row 2" in line


# --- the one cut ---------------------------------------------------------------------------


def test_the_one_cut_keeps_the_start_and_the_end_of_a_path() -> None:
    path = "/srv/" + "n" * 300 + "/table.db"
    quoted = shown_path(path)
    assert len(quoted) == PATH_QUOTE
    assert quoted.startswith("'/srv/nnn") and quoted.endswith("nnn/table.db'")
    assert quoted.count("…") == 1
    assert shown_path("/tmp/t.db") == "'/tmp/t.db'"
    assert cut("abcdef", 4) == "abc…" and cut("abcdef", 4, ends=True) == "ab…f"
    assert shown("x" * 100) == "'" + "x" * 58 + "…"  # a typed value: its start


def test_a_line_of_wide_text_is_cut_to_300_bytes_at_a_character() -> None:
    line = one_line("é" * 100 + " " + "名" * 50 + " word" * 60)
    assert len((PREFIX + line).encode("utf-8")) <= LONGEST_LINE
    assert line.endswith("…") and "\ufffd" not in line


def test_every_word_of_a_line_is_cut_keeping_its_start_and_end() -> None:
    line = one_line(f"no table at '/srv/{'p' * 400}/t.db' and {'v' * 100} said")
    words = line.split()
    assert words[3].startswith("'/srv/ppp") and words[3].endswith("ppp/t.db'")
    assert words[5].startswith("vvv") and words[5].endswith("vvv") and len(words[5]) == 60
    assert line.endswith(" said")
