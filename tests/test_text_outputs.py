"""The one rule for stored text (core/text.py), seen from the commands.

* A table written before the rule may hold anything in any text: a table is built with
  the commands, then every stored text is rewritten *directly with sqlite3* to hold
  escape sequences, BEL, C1 controls, bidi controls, separators and zero-width
  characters; every read command (with and without ``--json``) still works and prints
  none of them raw.
* Every command that stores text refuses each kind of character, in one line (exit 2)
  naming the field and showing the character escaped.
"""

from __future__ import annotations

import json
import random
import re
import shutil
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest
from cli_support import ROOT, ok, refused, run

from core.names import is_ignorable, name_key
from core.text import BIDI_CONTROLS

MARK = "QQ"
"""Typed into every text the table is built with, then replaced by :data:`HOSTILE`."""

HOSTILE = "\x1bc\x1b[2J\x07\x9b31m\u202e\u2066\u200d\u200b\u2028\ufeff\U000e0041\x7f"
"""What an old table may hold: a terminal reset and clear, BEL, a C1 CSI, an override,
an isolate, a zero-width joiner and space, a line separator, a BOM, a tag, DEL."""

NAMES = {"Tamsin": f"Tam{HOSTILE}sin", "Hazekillers": f"Haze{HOSTILE}killers",
         "Ann": f"A{HOSTILE}nn"}
"""Names rewritten in place (inside the sheets and the events too)."""

GAME_MARK = "ZZ"
"""Typed into the board games' texts, then replaced by :data:`GAME_HOSTILE`."""

GAME_HOSTILE = HOSTILE + "\u3164\u180b\ufe0f\u115f\u034f"
"""What a board game's old table may hold: their checks always refused control and
format characters, not fillers, variation selectors or the combining grapheme joiner,
which show nothing."""


def raw_in(output: str) -> list[str]:
    """The characters of ``output`` that must never be printed raw."""
    bad = [c for c in output if c in "\x1b\x07\x7f" or 0x80 <= ord(c) < 0xA0]
    bad += [c for c in output if c in BIDI_CONTROLS or c in "\u2028\u2029"]
    bad += [c for c in output if is_ignorable(c)]
    return bad


def poison(value: str, *, in_json: bool) -> str:
    hostile = json.dumps(HOSTILE)[1:-1] if in_json else HOSTILE
    game = json.dumps(GAME_HOSTILE)[1:-1] if in_json else GAME_HOSTILE
    value = value.replace(MARK, hostile).replace(GAME_MARK, game)
    for name, bad in NAMES.items():
        value = value.replace(name, json.dumps(bad)[1:-1] if in_json else bad)
    return value


def all_columns(con: sqlite3.Connection, table: str) -> list[str]:
    return [r[1] for r in con.execute(f"PRAGMA table_info({table})")]


# Columns no person writes: a name's key, made from the name, and a passphrase's hash,
# whose random letters may hold a mark by chance.
NOT_TEXT = {"name_key", "passphrase_hash"}


def poison_table(db: Path) -> None:
    """Every stored text of every table, hostile, as a table written before the rule
    could hold it (``name_key`` columns as such a table would have them)."""
    with sqlite3.connect(db) as con:
        tables = [r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type='table'")]
        for table in tables:
            columns = [r[1] for r in con.execute(f"PRAGMA table_info({table})")
                       if r[2] == "TEXT" and r[1] not in NOT_TEXT and not r[1].endswith("_at")]
            for column in columns:
                rows = con.execute(f"SELECT rowid, {column} FROM {table}").fetchall()
                for rowid, value in rows:
                    if not isinstance(value, str):
                        continue
                    in_json = value[:1] in "[{"
                    new = poison(value, in_json=in_json)
                    if new != value:
                        con.execute(f"UPDATE {table} SET {column} = ? WHERE rowid = ?",
                                    (new, rowid))
            if {"name", "name_key"} <= set(all_columns(con, table)):
                for rowid, name in con.execute(f"SELECT rowid, name FROM {table}").fetchall():
                    con.execute(f"UPDATE {table} SET name_key = ? WHERE rowid = ?",
                                (name_key(name), rowid))
    con.close()


def build(db: Path) -> None:
    """A table with every kind of stored text, each holding :data:`MARK`."""
    crew, opposition = str(ROOT / "examples/crew.toml"), str(ROOT / "examples/opposition.toml")
    steps = [
        ("char", "import", crew, opposition),
        ("char", "set", "Tamsin Vey", f"notes=notes {MARK}", f"powers.1.name=Pewter {MARK}"),
        ("roll", "3", "--as", "Tamsin Vey", "--for", f"the lock {MARK}"),
        ("player", "invite", "Ann", "--passphrase"),
        ("player", "invite", "ada", "--passphrase", "--character", "tamsin"),
        ("player", "invite", "gm", "--passphrase", "--narrator"),
        ("conflict", "new", f"Fight {MARK}", "--physical", "--stakes", f"stakes {MARK}",
         "--scope", f"scope {MARK}"),
        ("conflict", "add", "tamsin", "hazekillers", "canton"),
        ("conflict", "defeat", "canton", "--reason", f"reason {MARK}"),
        ("conflict", "declare", "hazek", "attack", "3", "--target", "tamsin",
         "--about", f"about {MARK}"),
        ("conflict", "declare", "tamsin", "attack", "5", "--target", "hazek",
         "--about", f"strike {MARK}"),
        ("stuffed", "new", "-p", f"ada{GAME_MARK}:ch", "bo:r", "--mission", f"Heist {GAME_MARK}",
         "--teammates", "3", "--combo", "ch:2,i,r"),
        ("dbg", "new", "-p", f"Ada{GAME_MARK}", "Bo", "--missions", f"Pits{GAME_MARK}", "M2",
         "M3"),
        ("hw", "new", "--players", "3", "--length", "short", "--houses", f"Ada{GAME_MARK}",
         f"Venture {GAME_MARK}", "Lekal"),
        ("hw", "add", f"Riot {GAME_MARK}", "--urgency", "1", "--setup"),
    ]
    for step in steps:
        result = run(db, *step)
        assert result.exit_code == 0, (step, result.output)


@pytest.fixture(scope="module")
def hostile_table(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    db = tmp_path_factory.mktemp("old") / "old.db"
    build(db)
    poison_table(db)
    yield db


READS = [
    ("char", "list"), ("char", "show", "vey"), ("char", "export", "--all"),
    ("char", "export", "--all", "--format", "json"),
    ("log",), ("conflict", "show"), ("conflict", "show", "--players"), ("conflict", "export"),
    ("conflict", "list"),
    ("player", "list"),
    ("stuffed", "show"), ("stuffed", "log"), ("stuffed", "list"),
    ("dbg", "show"), ("dbg", "log"), ("dbg", "list"),
    ("hw", "show"), ("hw", "show", "--table"), ("hw", "log"), ("hw", "list"),
    ("table", "export"), ("table", "export", "--format", "csv"),
    ("table", "export", "--what", "sheets", "--format", "nl"),
    ("table", "export", "--what", "players", "--format", "csv"),
]
# Commands that write JSON whatever is asked, or another format, have no --json.
NO_JSON = {command for command in READS
           if "--format" in command or command[:2] in (("table", "export"), ("char", "export"))}


@pytest.mark.parametrize(("command", "as_json"), [
    *((command, False) for command in READS),
    *((command, True) for command in READS if command not in NO_JSON),
], ids=lambda value: " ".join(value) if isinstance(value, tuple) else
    ("json" if value else "text"))
def test_stored_text_of_an_old_table_is_never_printed_raw(
        hostile_table: Path, command: tuple[str, ...], as_json: bool) -> None:
    args = (*command, "--json") if as_json else command
    result = run(hostile_table, *args, columns=120)
    assert result.exit_code == 0, result.output
    assert raw_in(result.stdout) == [], (args, result.stdout[:2000])
    assert raw_in(result.stderr) == []
    if as_json:
        json.loads(result.stdout)  # escaped, still JSON


WRITES = [
    ("char", "damage", "vey", "health", "1"), ("char", "heal", "vey", "health", "1"),
    ("conflict", "hold", "canton"), ("conflict", "undo", "--anyone"),
    ("conflict", "act", "vey", "5"), ("conflict", "reveal", "haze"), ("conflict", "simulate"),
    ("conflict", "end", "done"), ("stuffed", "roll", "--faces", "c,c,c,r,r,i,i,b"),
    ("stuffed", "roll", "--faces", "c,c,c,r,r,i,i,b"), ("stuffed", "undo"),
    ("dbg", "damage", "ada", "2"), ("dbg", "end-turn"), ("hw", "add", "Flood", "--urgency", "1",
                                                          "--setup"),
    ("hw", "undo"), ("char", "rm", "vey", "--yes"),
]


@pytest.mark.parametrize("as_json", [False, True], ids=["text", "json"])
def test_steps_on_an_old_table_say_nothing_raw_done_or_refused(
        hostile_table: Path, tmp_path: Path, as_json: bool) -> None:
    db = tmp_path / "copy.db"
    shutil.copy(hostile_table, db)
    for step in WRITES:
        result = run(db, *step, *(("--json",) if as_json else ()), columns=100)
        assert "Traceback" not in result.output
        assert raw_in(result.stdout) == [], (step, result.stdout)
        assert raw_in(result.stderr) == [], (step, result.stderr)


def test_r_con_20_damage_reaches_a_sheet_an_older_version_stored(
        hostile_table: Path, tmp_path: Path) -> None:
    # Damage changes no text: a sheet holding text the rule now refuses takes it, and
    # says so without printing the text raw.
    db = tmp_path / "copy.db"
    shutil.copy(hostile_table, db)
    for step in (("char", "damage", "vey", "health", "2"), ("char", "heal", "vey", "health", "1")):
        result = run(db, *step, columns=100)
        assert result.exit_code == 0, result.output
        assert raw_in(result.stdout) == []
    shown = json.loads(run(db, "char", "show", "vey", "--json", columns=100).stdout)
    assert shown["resiliences"]["health"]["damage"] == 1, shown


@pytest.mark.parametrize("who", ["ada", "gm"])
def test_the_player_shell_shows_stored_text_of_an_old_table_escaped(
        hostile_table: Path, who: str) -> None:
    from cli.players.shell import PlayerShell
    from table import Table

    with Table(hostile_table) as table:
        shell = PlayerShell(table, who, rng=random.Random(1), color=False)
        screens = [shell.welcome(), shell.news()]
        screens += [shell.handle(line).text for line in ("b", "s", "l", "?", "s vey")]
    for screen in screens:
        assert raw_in(screen) == [], screen
    assert "\\x1bc" in "".join(screens)


def test_the_hostile_table_is_really_hostile(hostile_table: Path) -> None:
    # The rows hold the characters raw (as an old table could), and reading them back
    # shows them escaped: "\x1b" as the four characters \x1b.
    with sqlite3.connect(hostile_table) as con:
        stakes = con.execute("SELECT purpose FROM rolls").fetchone()[0]
    con.close()
    assert HOSTILE in stakes
    shown = ok(hostile_table, "log", columns=200)
    assert "\\x1bc\\x1b[2J\\x07\\x9b31m" in shown
    assert re.search(r"the lock .*x1bc", shown)


# --- every path that stores text refuses each kind of character ------------------------

BAD = {"ESC": "\x1b[2J", "BEL": "\x07", "C1": "\x9b", "override": "\u202e",
       "isolate": "\u2066", "ZWJ": "\u200d", "zero-width space": "\u200b",
       "line separator": "\u2028", "BOM": "\ufeff", "interlinear annotation": "\ufff9",
       "Egyptian format control": "\U00013430"}
"""One of each kind the rule refuses, by name (as the test ids show them)."""


@pytest.fixture(scope="module")
def made(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A table with sheets, a Conflict in its first round and one game of each kind."""
    db = tmp_path_factory.mktemp("new") / "new.db"
    crew, opposition = str(ROOT / "examples/crew.toml"), str(ROOT / "examples/opposition.toml")
    for step in [("char", "import", crew, opposition),
                 ("conflict", "new", "Fight", "--physical"),
                 ("conflict", "add", "tamsin", "hazekillers"),
                 ("stuffed", "new", "-p", "ann:ch", "bo:r", "--teammates", "3",
                  "--combo", "ch:2,i,r"),
                 ("dbg", "new", "-p", "Ann", "Bo"),
                 ("hw", "new", "--players", "3", "--length", "short")]:
        ok(db, *step)
    return db


@pytest.fixture
def table(made: Path, tmp_path: Path) -> Path:
    """A copy of :func:`made` for one test."""
    shutil.copy(made, tmp_path / "t.db")
    return tmp_path / "t.db"


def inputs(bad: str) -> dict[str, tuple[str, tuple[str, ...]]]:
    """Each path that stores text, with ``bad`` in it: the field's name as the refusal
    gives it, and the command."""
    return {
        "stakes": ("stakes", ("conflict", "new", "F2", "--social", "--stakes", f"the {bad}keep")),
        "scope": ("scope", ("conflict", "new", "F2", "--social", "--scope", f"the {bad}city")),
        "conflict name": ("conflict", ("conflict", "new", f"F{bad}2", "--social")),
        "about": ("description", ("conflict", "declare", "hazek", "no-roll",
                                  "--about", f"run {bad}away")),
        "reason": ("reason", ("conflict", "defeat", "hazek", "--reason", f"fled{bad}")),
        "outcome": ("outcome", ("conflict", "end", "they", f"fled{bad}")),
        "notes": ("notes", ("char", "set", "tamsin", f"notes=a {bad} b")),
        "sheet name": ("name", ("char", "set", "tamsin", f"name=Tam{bad}sin")),
        "power name": ("powers", ("char", "set", "tamsin", f"powers.1.name=Pe{bad}wter")),
        "roll for": ("roll is for", ("roll", "3", "--as", "Tamsin Vey", "--for",
                                     f"the {bad}lock")),
        "who rolls": ("who rolled", ("roll", "3", "--as", f"Tam{bad}sin")),
        "player": ("player", ("player", "invite", f"ki{bad}ll", "--passphrase")),
        "stuffed player": ("player", ("stuffed", "new", "-g", "G2", "-p", f"a{bad}n:ch",
                                      "bo:r", "--teammates", "3", "--combo", "ch:2,i,r")),
        "stuffed mission": ("Mission", ("stuffed", "new", "-g", "G2", "-p", "an:ch", "bo:r",
                                        "--mission", f"He{bad}ist", "--teammates", "3",
                                        "--combo", "ch:2,i,r")),
        "dbg player": ("players", ("dbg", "new", "-g", "G2", "-p", f"A{bad}n", "Bo")),
        "dbg mission": ("name", ("dbg", "new", "-g", "G2", "-p", "An", "Bo", "--missions",
                                 f"P{bad}its", "M2", "M3")),
        "House": ("House", ("hw", "new", "-g", "G2", "--players", "3", "--length", "short",
                            "--houses", f"A{bad}n", "Bo", "Cy")),
        "Problem": ("name", ("hw", "add", f"Ri{bad}ot", "--urgency", "1", "--setup")),
    }


SPACES = ("outcome", "House", "Problem")
"""The fields whose words are joined by single spaces, whatever spaces were typed."""


@pytest.mark.parametrize("kind", list(BAD))
@pytest.mark.parametrize("field", list(inputs("")))
def test_every_stored_text_refuses_control_bidi_and_invisible_characters(
        table: Path, field: str, kind: str) -> None:
    """R-CHAR-1's one text rule, on every path that stores text: format characters
    (interlinear annotation, Egyptian format controls) as the board games refused them."""
    named, command = inputs(BAD[kind])[field]
    before = ok(table, "log", "--json")
    if kind == "line separator" and field in SPACES:
        # These read their words split at any space, a line separator among them.
        assert "\u2028" not in ok(table, *command)
        return
    message = refused(table, *command)
    assert named in message, message
    assert raw_in(message) == [], message
    assert ascii(BAD[kind][0])[1:-1] in message, message  # shown escaped: \x1b, \u200d
    assert ok(table, "log", "--json") == before


def test_a_sheet_file_with_an_invisible_character_is_refused_naming_the_field(
        table: Path, tmp_path: Path) -> None:
    sheet = (ROOT / "examples/crew.toml").read_text(encoding="utf-8")
    path = tmp_path / "crew.toml"
    path.write_text(sheet.replace('name = "Tamsin Vey"', 'name = "Tam\\u200dsin Vey"'),
                    encoding="utf-8")
    message = refused(table, "char", "import", str(path), "--replace")
    assert "name must be text without invisible characters" in message
    assert "Tam\\u200dsin Vey" in message


def test_emoji_sequences_are_kept_in_free_text(table: Path) -> None:
    family = "\U0001f468\u200d\U0001f469\u200d\U0001f467"
    ok(table, "conflict", "new", "Picnic", "--social", "--stakes", f"the {family} and \u2764\ufe0f")
    assert f"the {family} and \u2764\ufe0f" in ok(table, "conflict", "show", columns=120)
    assert f"the {family} and \u2764\ufe0f" in ok(table, "conflict", "export")
    # JSON writes the joiner and the selector as escapes, and reads them back as they were.
    shown = json.loads(ok(table, "conflict", "show", "--json"))
    assert f"the {family} and \u2764\ufe0f" in json.dumps(shown, ensure_ascii=False)


@pytest.mark.parametrize("kind", ["ESC", "override", "ZWJ"])
def test_a_public_keys_comment_is_held_to_the_rule(table: Path, tmp_path: Path,
                                                   kind: str) -> None:
    import base64
    import struct

    blob = (struct.pack(">I", 11) + b"ssh-ed25519" + struct.pack(">I", 32) + bytes(32))
    key = tmp_path / "zed.pub"
    key.write_text(f"ssh-ed25519 {base64.b64encode(blob).decode()} zed{BAD[kind]}@phone\n",
                   encoding="utf-8")
    message = refused(table, "player", "invite", "zed", "--key", str(key))
    assert "its comment must be text" in message
    assert ascii(BAD[kind][0])[1:-1] in message and raw_in(message) == []
    key.write_text(f"ssh-ed25519 {base64.b64encode(blob).decode()} zed@phone\n",
                   encoding="utf-8")
    ok(table, "player", "invite", "zed", "--key", str(key))
