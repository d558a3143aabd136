"""``mistborn char`` through click's CliRunner, on real table files in tmp_path."""

from __future__ import annotations

import io
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import rich.cells
from cli_support import one_line_refusal
from click.testing import CliRunner, Result
from hypothesis import given, settings
from hypothesis import strategies as st
from profiles import scaled
from rich.console import Console
from strategies import characters

from characters.model import Character
from cli.main import main

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = sorted(str(path) for path in (ROOT / "examples").glob("*.toml"))
CREW_NAMES = {
    "Tamsin Vey",
    "Orrin Haskel",
    "Lady Veradine Casswell",
    "Brannoch",
    "The Hollow Prelate",
    "Hazekillers of House Orrell",
    "Canton guards",
}

MISTBORN = "import sys; from cli.main import main; sys.argv=['mistborn']+sys.argv[1:]; main()"
"""Runs the command line in a child process (for terminals and environments)."""

KELL = """
[[character]]
name = "Kell"
kind = "hero"
player = "Alice"
attributes = { physique = 3, charm = 4, wits = 5 }
standings = { resources = 4, influence = 4, spirit = 6 }
resiliences = { health = 8, reputation = 6, willpower = 7 }
powers = [{ name = "Steelpushing", rating = 5 }]
traits = ["Quick"]
"""


@pytest.fixture
def db(tmp_path: Path) -> Path:
    """A new, empty table file (commands that only read never make one)."""
    path = tmp_path / "table.db"
    from table import Table

    Table(path).close()
    return path


def run(db: Path, *args: str, columns: int = 40, **env: str) -> Result:
    environment = {"COLUMNS": str(columns), "NO_COLOR": "1", "MISTBORN_DB": str(db), **env}
    return CliRunner().invoke(main, ["char", *args], env=environment)


def ok(db: Path, *args: str, columns: int = 40) -> str:
    result = run(db, *args, columns=columns)
    assert result.exit_code == 0, result.stderr
    return result.stdout


def refused(db: Path, *args: str) -> str:
    """The command fails as a user mistake: exit 2, one line on stderr, no stdout."""
    return one_line_refusal(run(db, *args)).strip()


def roster(db: Path) -> list[dict[str, Any]]:
    data: list[dict[str, Any]] = json.loads(ok(db, "list", "--json"))
    return data


def sheet(db: Path, name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(ok(db, "show", name, "--json"))
    return data


def write(path: Path, text: str) -> str:
    path.write_text(text, encoding="utf-8")
    return str(path)


def widest(text: str) -> int:
    return max((rich.cells.cell_len(line) for line in text.splitlines()), default=0)


# --- import and list: the example crew on a fresh machine ---------------------------------


def test_import_examples_then_list_shows_the_crew(tmp_path: Path) -> None:
    db = tmp_path / "new.db"
    assert not db.exists()
    out = ok(db, "import", *EXAMPLES)  # a command that writes makes the table
    assert db.exists()
    assert f"{len(CREW_NAMES)} imported into the table at {db}" in " ".join(out.split())
    listing = ok(db, "list")
    for name in CREW_NAMES:
        assert name in listing
    assert {entry["name"] for entry in roster(db)} == CREW_NAMES


@pytest.mark.parametrize("columns", [40, 120])
def test_list_reads_at_40_and_120_columns(db: Path, columns: int) -> None:
    ok(db, "import", *EXAMPLES)
    ok(db, "damage", "Tamsin Vey", "health", "3")
    listing = ok(db, "list", columns=columns)
    assert widest(listing) <= columns
    assert "5/8" in listing  # Tamsin's Health after 3 damage: 8 − 3
    assert "8 Extras" in listing


def test_list_json_summarises_each_entry(db: Path) -> None:
    ok(db, "import", *EXAMPLES)
    ok(db, "damage", "Tamsin Vey", "reputation", "2")
    entries = {entry["name"]: entry for entry in roster(db)}
    tamsin = entries["Tamsin Vey"]
    assert (tamsin["kind"], tamsin["player"], tamsin["wits"]) == ("hero", "Ada", 4)
    assert tamsin["resiliences"]["reputation"] == {"full": 5, "damage": 2, "current": 3}
    guards = entries["Canton guards"]
    assert (guards["kind"], guards["count"], guards["wits"]) == ("extra", 4, 2)  # R-CON-6


def test_empty_table_says_how_to_fill_it(db: Path) -> None:
    assert "mistborn char import" in ok(db, "list")
    assert roster(db) == []


def test_broken_file_imports_nothing_not_even_the_good_files(db: Path, tmp_path: Path) -> None:
    bad = write(tmp_path / "bad.toml", KELL.replace("wits = 5", "wits = 9"))
    message = refused(db, "import", *EXAMPLES, bad)
    assert message == (
        f"{bad}: character 'Kell': attributes.wits must be a whole number 2–6, got 9 (R-CHAR-1)"
    )
    assert roster(db) == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("[[character]]\nname = \n", "line 2: bad TOML"),
        (KELL.replace("spirit = 6", "spirit = 6, luck = 2"), "standings.luck is not a known field"),
        (KELL.replace('traits = ["Quick"]', ""), None),  # valid: traits are optional
        (KELL.replace('kind = "hero"\n', ""), "character 'Kell': kind is missing"),
        (KELL.replace("health = 8", 'health = "eight"'), "resiliences.health must be a table"),
    ],
)
def test_broken_files_are_reported_on_one_line(
    db: Path, tmp_path: Path, text: str, expected: str | None
) -> None:
    path = write(tmp_path / "kell.toml", text)
    if expected is None:
        ok(db, "import", path)
        return
    message = refused(db, "import", path)
    assert message.startswith(f"{path}: ")
    assert expected in message
    assert roster(db) == []


def test_the_same_name_in_two_files_imports_nothing(db: Path, tmp_path: Path) -> None:
    first = write(tmp_path / "a.toml", KELL)
    second = write(tmp_path / "b.toml", KELL.replace('"Kell"', '"KELL"'))
    message = refused(db, "import", first, second)
    assert "'KELL' is also in" in message and "ignoring case" in message
    assert roster(db) == []


def test_a_look_alike_name_is_refused_naming_the_file_it_came_from(
        db: Path, tmp_path: Path) -> None:
    ok(db, "import", write(tmp_path / "kell.toml", KELL))
    alike = write(tmp_path / "alike.toml", KELL.replace('name = "Kell"', 'name = "K\u0435ll"'))
    assert refused(db, "import", alike) == (
        f"{alike}: 'K\u0435ll' looks like 'Kell' already at the table (it uses a Cyrillic "
        "letter); choose another name; nothing imported")
    assert [row["name"] for row in roster(db)] == ["Kell"]


def test_reimport_needs_replace(db: Path, tmp_path: Path) -> None:
    path = write(tmp_path / "kell.toml", KELL)
    ok(db, "import", path)
    ok(db, "damage", "Kell", "health", "2")
    changed = write(tmp_path / "kell2.toml", KELL.replace('player = "Alice"', 'player = "Bo"'))
    message = refused(db, "import", changed)
    assert "'Kell' is already in the table" in message and "--replace" in message
    assert sheet(db, "Kell")["player"] == "Alice"
    assert "replaced Kell (hero)" in ok(db, "import", "--replace", changed)
    kell = sheet(db, "Kell")
    assert kell["player"] == "Bo"
    assert kell["resiliences"]["health"]["damage"] == 2  # kept: the file does not track it


def test_r_con_20_a_sheet_kept_by_hand_replaces_the_sheet_and_keeps_the_damage(
        db: Path, tmp_path: Path) -> None:
    # A file kept by hand has no version: it knows nothing of the damage taken since.
    path = write(tmp_path / "kell.toml", KELL)
    ok(db, "import", path)
    ok(db, "damage", "Kell", "health", "3")
    ok(db, "damage", "Kell", "willpower", "1")
    said = " ".join(ok(db, "import", "--replace", path).split())
    assert "replaced Kell (hero) kept the damage the table recorded: Health 3, Willpower 1" \
        in said and "--force drops it" in said
    kell = sheet(db, "Kell")["resiliences"]
    assert (kell["health"]["damage"], kell["willpower"]["damage"]) == (3, 1)
    imported = json.loads(ok(db, "import", "--replace", path, "--json"))["imported"]
    assert imported[0]["kept_damage"] == {"health": 3, "willpower": 1}
    # A file that states more damage than the table keeps its own; a smaller full score
    # stops the kept damage at it (R-CON-20).
    ok(db, "import", "--replace", write(tmp_path / "hurt.toml", KELL.replace(
        "health = 8, reputation = 6, willpower = 7",
        "health = { full = 8, damage = 5 }, reputation = 6, willpower = 1")))
    kell = sheet(db, "Kell")["resiliences"]
    assert (kell["health"]["damage"], kell["willpower"]["damage"]) == (5, 1)
    # --force takes the file as it is.
    assert "kept the damage" not in ok(db, "import", "--replace", "--force", path)
    kell = sheet(db, "Kell")["resiliences"]
    assert (kell["health"]["damage"], kell["willpower"]["damage"]) == (0, 0)


def test_json_sheets_import_too(db: Path, tmp_path: Path) -> None:
    ok(db, "import", write(tmp_path / "kell.toml", KELL))
    exported = ok(db, "export", "Kell", "--format", "json")
    other = tmp_path / "other.db"
    ok(other, "import", write(tmp_path / "kell.json", exported))
    assert sheet(other, "Kell") == sheet(db, "Kell")


def test_names_are_any_text_quotes_and_sql_included(db: Path, tmp_path: Path) -> None:
    name = "Zane \"the\" O'Brien'; DROP TABLE characters; --"
    path = tmp_path / "odd.json"
    ok(db, "import", write(tmp_path / "kell.toml", KELL))
    data = json.loads(ok(db, "export", "Kell", "--format", "json"))
    data["character"][0]["name"] = name
    ok(db, "import", write(path, json.dumps(data)))
    assert sheet(db, name.upper())["name"] == name
    assert {entry["name"] for entry in roster(db)} == {"Kell", name}


# --- the table file: --db, MISTBORN_DB, the default ------------------------------------------


def test_db_option_on_the_group_or_the_command_beats_the_environment(tmp_path: Path) -> None:
    env_db, group_db, command_db = (tmp_path / f"{n}.db" for n in ("env", "group", "command"))
    kell = write(tmp_path / "kell.toml", KELL)
    result = CliRunner().invoke(
        main, ["char", "--db", str(group_db), "import", kell], env={"MISTBORN_DB": str(env_db)}
    )
    assert result.exit_code == 0, result.stderr
    assert group_db.exists() and not env_db.exists()
    result = CliRunner().invoke(
        main,
        ["char", "--db", str(group_db), "import", "--db", str(command_db), kell],
        env={"MISTBORN_DB": str(env_db)},
    )
    assert result.exit_code == 0, result.stderr
    assert command_db.exists() and not env_db.exists()


@pytest.mark.skipif(sys.platform != "linux", reason="XDG data directory is the Linux default")
def test_default_table_lives_in_the_user_data_directory(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "MISTBORN_DB"}
    env["XDG_DATA_HOME"] = str(tmp_path / "data")
    done = subprocess.run(
        [sys.executable, "-c", MISTBORN, "char", "list", "--json"],
        capture_output=True, text=True, env=env, cwd=ROOT, check=False,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == []
    assert (tmp_path / "data" / "mistborn-conflict" / "table.db").exists()


def test_a_file_that_is_not_a_table_is_one_line(tmp_path: Path) -> None:
    junk = tmp_path / "junk.db"
    junk.write_text("not a database\n" * 200)
    assert "is not a usable table" in refused(junk, "list")


# --- show ----------------------------------------------------------------------------------


@pytest.mark.parametrize("columns", [40, 120])
def test_show_reads_at_40_and_120_columns(db: Path, columns: int) -> None:
    ok(db, "import", *EXAMPLES)
    ok(db, "damage", "Tamsin Vey", "health", "3")
    for name in CREW_NAMES:
        screen = ok(db, "show", name, columns=columns)
        assert widest(screen) <= columns, name
        for word in name.split():  # the name may wrap, never vanish
            assert word in screen
    tamsin = ok(db, "show", "tamsin vey", columns=columns)
    # Resiliences as bars with digits: 8 Health, 3 damage → 5 filled cells, 3 light ones.
    assert "█████░░░ 5/8" in tamsin
    assert "Steelpushing" in tamsin and "played by Ada" in tamsin


def test_show_group_gives_count_and_declaring_wits(db: Path) -> None:
    ok(db, "import", *EXAMPLES)
    screen = ok(db, "show", "Canton guards")
    assert "4 Extras" in screen
    assert "Declares at Wits 2 (lowest member)" in screen  # R-CON-6: Wits 3 2 3 4
    assert "R-CON-19" in screen


def test_show_json_is_the_sheet_with_figures(db: Path) -> None:
    ok(db, "import", *EXAMPLES)
    ok(db, "damage", "The Hollow Prelate", "willpower", "12")
    prelate = sheet(db, "the hollow prelate")
    assert prelate["kind"] == "villain" and "player" not in prelate
    assert prelate["resiliences"]["willpower"] == {"full": 12, "damage": 12, "current": 0}
    assert prelate["defeated"] is True  # R-CON-20
    guards = sheet(db, "Canton guards")
    assert (guards["kind"], guards["count"], guards["declares_at_wits"]) == ("extra", 4, 2)


def test_unknown_names_suggest_the_closest(db: Path) -> None:
    ok(db, "import", *EXAMPLES)
    for command in (["show"], ["export"], ["rm", "--yes"], ["set"], ["damage"]):
        args = [*command, "Tamsin Vee"]
        args += {"set": ["notes=x"], "damage": ["health", "1"]}.get(command[0], [])
        message = refused(db, *args)
        assert message == "no character named 'Tamsin Vee' — did you mean 'Tamsin Vey'?"


# --- export ---------------------------------------------------------------------------------


def test_export_round_trips_through_a_new_table(db: Path, tmp_path: Path) -> None:
    ok(db, "import", *EXAMPLES)
    ok(db, "damage", "Brannoch", "health", "4")
    text = ok(db, "export", "--all")
    assert text.startswith("#")
    other = tmp_path / "other.db"
    ok(other, "import", write(tmp_path / "all.toml", text))
    assert roster(other) == roster(db)
    for name in CREW_NAMES:
        assert sheet(other, name) == sheet(db, name)


def test_export_needs_a_name(db: Path) -> None:
    assert "name at least one character" in refused(db, "export")
    assert "the table is empty" in refused(db, "export", "--all")


# --- set ------------------------------------------------------------------------------------


def test_set_changes_fields_together(db: Path) -> None:
    ok(db, "import", *EXAMPLES)
    out = ok(
        db, "set", "Tamsin Vey", "attributes.wits=5", "standings.spirit=7", "player=Eve",
        "notes=Back from the Pits", "traits=Quick hands, Lucky", "powers[1].rating=6",
        "equipment.2.damage=2", "resiliences.health.full=10",
    )
    assert "attributes.wits = 5 (was 4)" in out
    tamsin = sheet(db, "Tamsin Vey")
    assert tamsin["attributes"]["wits"] == 5
    assert tamsin["standings"]["spirit"] == 7
    assert tamsin["player"] == "Eve"
    assert tamsin["notes"] == "Back from the Pits"
    assert tamsin["traits"] == ["Quick hands", "Lucky"]
    assert tamsin["powers"] == [{"name": "Steelpushing", "rating": 6}]
    assert tamsin["equipment"][1]["damage"] == 2
    assert tamsin["resiliences"]["health"]["full"] == 10


def test_set_says_each_change_within_a_phone_s_40_columns(db: Path) -> None:
    """A long note changed reads on a phone: the sentence wraps to the width, the lines
    after the first hanging in (no rule ID: every screen reads at 40 columns)."""
    ok(db, "import", *EXAMPLES)
    out = ok(db, "set", "tamsin", "notes=Owes the Prelate a favour")
    assert out.splitlines() == [
        "Tamsin Vey: notes = Owes the Prelate a",
        "  favour (was Grew up in a skaa",
        "  tenement; never wastes a coin she can",
        "  throw.)",
    ]


def test_set_resilience_number_keeps_the_damage(db: Path) -> None:
    ok(db, "import", *EXAMPLES)
    ok(db, "damage", "Tamsin Vey", "health", "3")
    ok(db, "set", "Tamsin Vey", "resiliences.health=10")
    assert sheet(db, "Tamsin Vey")["resiliences"]["health"] == {
        "full": 10, "damage": 3, "current": 7
    }


def test_set_toml_values_player_removal_and_rename(db: Path) -> None:
    ok(db, "import", *EXAMPLES)
    ok(db, "set", "Orrin Haskel", 'powers=[{name = "Soothing", rating = 6}, '
       '{name = "Rioting", rating = 2}]', "player=", "name=Orrin the Smooth")
    orrin = sheet(db, "orrin the smooth")
    assert [p["rating"] for p in orrin["powers"]] == [6, 2]
    assert "player" not in orrin
    assert "Orrin Haskel" not in {entry["name"] for entry in roster(db)}


def test_set_group_fields(db: Path) -> None:
    ok(db, "import", *EXAMPLES)
    ok(db, "set", "Canton guards", "count=3", "member_wits=[4, 3, 5]", "standings=")
    guards = sheet(db, "Canton guards")
    assert (guards["count"], guards["declares_at_wits"]) == (3, 3)  # R-CON-6
    assert "standings" not in guards


@pytest.mark.parametrize(
    ("assignment", "expected"),
    [
        ("attributes.wits=9", "attributes.wits must be a whole number 2–6, got 9 (R-CHAR-1)"),
        ("attributes.wits=five", "attributes.wits must be a whole number 2–6, got 'five'"),
        ("standings.spirit=1", "standings.spirit must be a whole number 2–10, got 1"),
        ("resiliences.health.full=0", "resiliences.health.full must be a whole number 1–100"),
        ("kind=extra", "(R-CON-2)"),
        ("attributes.wit=5", "'wit' is not a known field (did you mean 'wits'?)"),
        ("strength=5", "'strength' is not a known field"),
        # A bare Attribute, Standing or Resilience name points to where it lives.
        ("wits=5", "'wits' is not a known field (did you mean 'attributes.wits'?)"),
        ("spirit=5", "(did you mean 'standings.spirit'?)"),
        ("resiliences.full=5", "'full' is not a known field"),
        ("powers[3].rating=2", "powers has 1 item(s)"),
        ("powers[0].rating=2", "list items count from 1"),
        ("name=Brannoch", "'Brannoch' is already in the table"),
        ("wits", "write FIELD=VALUE"),
        ("powers=[{name=", "cannot read"),
        ("name=", "name must be non-empty text"),
    ],
)
def test_set_refuses_bad_values_and_changes_nothing(
    db: Path, assignment: str, expected: str
) -> None:
    ok(db, "import", *EXAMPLES)
    before = sheet(db, "Tamsin Vey")
    message = refused(db, "set", "Tamsin Vey", "attributes.charm=3", assignment)
    assert expected in message
    assert sheet(db, "Tamsin Vey") == before  # the good assignment was not kept either


# --- damage and heal ------------------------------------------------------------------------


def test_r_con_20_damage_accumulates_and_heal_stops_at_no_damage(db: Path) -> None:
    ok(db, "import", *EXAMPLES)
    out = ok(db, "damage", "Tamsin Vey", "health", "3")
    assert "Health █████░░░ 5/8" in out
    ok(db, "damage", "Tamsin Vey", "Health", "2")
    assert sheet(db, "Tamsin Vey")["resiliences"]["health"]["current"] == 3
    # Past the full score, or healing more than was taken: one line, nothing changed.
    assert "7 damage would take it past 0 (at most 3)" in refused(
        db, "damage", "Tamsin Vey", "h", "7")
    assert "R-CON-20" in refused(db, "heal", "Tamsin Vey", "health", "20")
    assert sheet(db, "Tamsin Vey")["resiliences"]["health"]["current"] == 3
    out = ok(db, "damage", "Tamsin Vey", "h", "3")
    assert "0/8" in out and "defeated" in out and "R-CON-20" in out
    assert sheet(db, "Tamsin Vey")["resiliences"]["health"] == {
        "full": 8, "damage": 8, "current": 0  # R-CON-20: damage stops at the full score
    }
    healed = json.loads(ok(db, "heal", "Tamsin Vey", "health", "8", "--json"))
    assert (healed["damage"], healed["current"], healed["defeated"]) == (0, 8, False)


def test_r_con_19_extras_take_no_resilience_damage(db: Path) -> None:
    ok(db, "import", *EXAMPLES)
    assert "R-CON-19" in refused(db, "damage", "Hazekillers of House Orrell", "health", "1")
    assert "R-CON-19" in refused(db, "heal", "Canton guards", "health", "1")


def test_damage_needs_a_known_resilience_and_a_whole_number(db: Path) -> None:
    ok(db, "import", *EXAMPLES)
    assert "one of health, reputation, willpower" in refused(db, "damage", "Brannoch", "luck", "1")
    refused(db, "damage", "Brannoch", "health", "lots")
    refused(db, "damage", "Brannoch", "health", "--", "-2")
    # Written plainly, a negative amount is a bad amount, not an unknown option.
    for command in ("damage", "heal"):
        message = refused(db, command, "Brannoch", "health", "-2")
        assert f"{command} must be a whole number 0–100, got -2" in message
    assert sheet(db, "Brannoch")["resiliences"]["health"]["damage"] == 0


# --- rm -------------------------------------------------------------------------------------


def test_rm_with_yes(db: Path) -> None:
    ok(db, "import", *EXAMPLES)
    assert "Removed Brannoch." in ok(db, "rm", "BRANNOCH", "--yes")
    assert "Brannoch" not in {entry["name"] for entry in roster(db)}


def test_rm_without_a_terminal_refuses_instead_of_hanging(db: Path) -> None:
    ok(db, "import", *EXAMPLES)
    assert "without --yes" in refused(db, "rm", "Brannoch")
    assert "Brannoch" in {entry["name"] for entry in roster(db)}


@pytest.mark.skipif(sys.platform == "win32", reason="needs a pseudo-terminal")
@pytest.mark.parametrize(("answer", "kept"), [("y", False), ("n", True)])
def test_rm_asks_at_a_terminal(db: Path, answer: str, kept: bool) -> None:
    import pty

    ok(db, "import", *EXAMPLES)
    leader, follower = pty.openpty()
    child = subprocess.Popen(
        [sys.executable, "-c", MISTBORN, "char", "rm", "Brannoch"],
        stdin=follower, stdout=follower, stderr=follower, cwd=ROOT,
        env={**os.environ, "MISTBORN_DB": str(db), "NO_COLOR": "1"},
    )
    os.close(follower)
    seen = b""
    while b"[y/N]" not in seen:
        seen += os.read(leader, 1024)
    assert b"Remove Brannoch (hero) from the table?" in seen
    os.write(leader, answer.encode() + b"\n")
    assert child.wait(timeout=60) == (1 if kept else 0)
    os.close(leader)
    assert ("Brannoch" in {entry["name"] for entry in roster(db)}) == kept


@pytest.mark.skipif(shutil.which("tmux") is None, reason="needs tmux to draw the screen")
def test_rm_asks_between_words_at_40_columns(db: Path) -> None:
    from screen_support import Screen

    ok(db, "import", *EXAMPLES)
    screen = Screen(db, 40, 20, "char", "rm", "Brannoch")
    try:
        shown = screen.wait_for("from the table?")
        # Broken between words by the question itself, not by the terminal's edge.
        assert any(line.rstrip().endswith("[y/N]:") for line in shown), shown
        assert all(not line.startswith("y/N]") for line in shown), shown
    finally:
        screen.close()


# --- help and start-up ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "command", [[], ["import"], ["list"], ["show"], ["export"], ["set"], ["damage"],
                ["heal"], ["rm"]],
)
def test_every_char_command_has_help_that_fits_40_columns(command: list[str]) -> None:
    done = subprocess.run(
        [sys.executable, "-c", MISTBORN, "char", *command, "--help"],
        capture_output=True, text=True, cwd=ROOT, check=False,
        env={**os.environ, "COLUMNS": "40", "NO_COLOR": "1"},
    )
    assert done.returncode == 0, done.stderr
    assert "Usage:" in done.stdout and "--db" in done.stdout
    assert widest(done.stdout) <= 40, done.stdout


def test_list_json_does_not_import_rich(db: Path) -> None:
    code = (
        "import sys; from cli.main import main; sys.argv=['mistborn']+sys.argv[1:]\n"
        "try:\n    main()\nexcept SystemExit as stop:\n"
        "    print('rich' in sys.modules, stop.code, file=sys.stderr)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, "char", "list", "--json"],
        capture_output=True, text=True, cwd=ROOT, check=False,
        env={**os.environ, "MISTBORN_DB": str(db)},
    )
    assert done.stderr.strip().splitlines()[-1] == "False 0"
    assert json.loads(done.stdout) == []


@settings(max_examples=scaled(60))
@given(characters(), st.sampled_from([40, 120]))
def test_any_sheet_fits_the_screen(character: Character, columns: int) -> None:
    from cli.common.sheet_screens import roster_view, sheet_view

    for view in (sheet_view(character, columns), roster_view([character], columns)):
        console = Console(width=columns, file=io.StringIO(), no_color=True, emoji=False)
        with console.capture() as captured:
            console.print(view)
        assert widest(captured.get()) <= columns


@pytest.mark.parametrize("command", [["list"], ["show", "Kell"], ["export", "--all"]])
def test_a_command_that_only_reads_never_makes_a_table(tmp_path: Path,
                                                       command: list[str]) -> None:
    missing = tmp_path / "typo.db"
    message = refused(missing, *command)
    assert message == f"no table at {str(missing)!r}"
    assert not missing.exists()


def test_an_empty_db_path_is_refused(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["char", "--db", "", "list"], env={"NO_COLOR": "1"})
    assert result.exit_code == 2
    assert result.stderr == "mistborn: --db needs the path of a table file, got an empty one\n"


def test_list_reads_well_at_every_width_from_40_to_120(db: Path) -> None:
    ok(db, "import", *EXAMPLES)
    for columns in range(40, 121):
        out = ok(db, "list", columns=columns)
        lines = out.splitlines()
        assert max(len(line) for line in lines) <= columns, columns
        for name in CREW_NAMES:  # never wrapped mid-name
            assert any(name in line for line in lines), (columns, name)


def test_stored_text_is_shown_as_text_never_as_markup_or_escapes(db: Path) -> None:
    ok(db, "import", *EXAMPLES)
    # Escape sequences never get in (R-CHAR-1 refuses control characters)...
    assert "control characters" in refused(db, "set", "Tamsin Vey", "notes=a \x1b[2J b")
    # ... and markup is shown as the text it is.
    ok(db, "set", "Tamsin Vey", "player=[/bold]", "notes=[link=https://evil.example]x[/link]")
    wide = ok(db, "list", columns=120)
    assert "[/bold]" in wide
    shown = run(db, "show", "Tamsin Vey", columns=80, NO_COLOR="").stdout
    assert "[link=https://evil.example]x[/link]" in shown
    assert "\x1b]8;" not in shown  # no hyperlink planted


def test_no_blind_overwrite_an_import_refuses_sheets_changed_since_the_export(
        db: Path, tmp_path: Path) -> None:
    ok(db, "import", *EXAMPLES)
    exported = ok(db, "export", "Tamsin Vey", "Brannoch")
    assert "version = 1" in exported
    edited = tmp_path / "edited.toml"
    edited.write_text(exported.replace("wits = 4", "wits = 5"), encoding="utf-8")
    # Meanwhile a Conflict's end (or anyone) writes 3 damage to Tamsin's sheet.
    ok(db, "damage", "Tamsin Vey", "health", "3")
    message = refused(db, "import", "--replace", str(edited))
    assert "Tamsin Vey" in message and "version 1, now 2" in message
    assert "nothing imported" in message
    assert sheet(db, "Tamsin Vey")["resiliences"]["health"]["damage"] == 3  # nothing lost
    assert sheet(db, "Brannoch")["attributes"]["wits"] == 4  # all or nothing
    out = json.loads(ok(db, "import", "--replace", "--force", str(edited), "--json"))
    assert [entry["name"] for entry in out["imported"]] == ["Tamsin Vey", "Brannoch"]
    assert sheet(db, "Brannoch")["attributes"]["wits"] == 5
    # An export taken now imports cleanly.
    again = tmp_path / "again.toml"
    again.write_text(ok(db, "export", "Brannoch"), encoding="utf-8")
    ok(db, "import", "--replace", str(again))


def test_every_command_that_prints_takes_json(db: Path) -> None:
    out = json.loads(ok(db, "import", *EXAMPLES, "--json"))
    assert len(out["imported"]) == len(CREW_NAMES)
    changed = json.loads(ok(db, "set", "tamsin", "attributes.wits=5", "--json"))
    assert changed["changes"] == [{"field": "attributes.wits", "old": 4, "new": 5}]
    assert changed["sheet"]["attributes"]["wits"] == 5
    assert json.loads(ok(db, "rm", "canton", "--yes", "--json")) == {"removed": "Canton guards"}
