"""The ``mistborn`` entry point: the command table, help, version, unknown commands,
the installed console script, and a ``--json`` path that never loads Rich."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from importlib.metadata import version
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from cli.main import COMMANDS, SECTIONS, START, main

ROOT = Path(__file__).resolve().parent.parent


def test_every_command_has_short_help_in_the_table() -> None:
    assert "roll" in COMMANDS
    for name, (target, short_help) in COMMANDS.items():
        assert ":" in target, name
        assert short_help.strip(), f"{name} has no help text"


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_a_command_s_short_help_is_the_one_in_the_table(name: str) -> None:
    # Written once: the command takes the table's, whichever name loaded it first.
    command = main.get_command(click.Context(main), name)
    assert command is not None
    canonical = next(short for target, short in COMMANDS.values()
                     if target == COMMANDS[name][0])
    assert command.get_short_help_str(200) == canonical


def test_group_help_lists_every_command() -> None:
    result = CliRunner().invoke(main, ["--help"])
    assert result.exit_code == 0
    for name, (_target, short_help) in COMMANDS.items():
        assert name in result.stdout
        assert short_help.split()[0] in result.stdout


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_every_command_help_works(name: str) -> None:
    result = CliRunner().invoke(main, [name, "--help"])
    assert result.exit_code == 0, result.stderr
    assert "Usage:" in result.stdout
    assert name in result.stdout
    lines = [line for line in result.stdout.splitlines()[1:] if line.strip()]
    assert lines, f"{name} --help shows no description"


def test_unknown_command_is_one_line_and_exit_2() -> None:
    result = CliRunner().invoke(main, ["rolll"])
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr.count("\n") == 1
    assert result.stderr.startswith("mistborn: ")
    assert "rolll" in result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize(("args", "meant"), [
    (["chr"], "char"), (["conflcit"], "conflict"), (["rol", "5"], "roll"),
    (["stufed"], "stuffed"),
])
def test_a_mistyped_command_suggests_the_command_meant(args: list[str], meant: str) -> None:
    # The top-level group imports its commands only when used; it suggests from their
    # names all the same, as the nested groups do.
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 2
    assert result.stderr == (f"mistborn: No such command {args[0]!r}. "
                             f"Did you mean {meant!r}?\n")


def _loaded(args: list[str], packages: tuple[str, ...]) -> subprocess.CompletedProcess[str]:
    """``mistborn ARGS`` in a fresh process: its standard error says its exit status and
    the modules of ``packages`` it had imported, on its last line."""
    code = ("import sys; from cli.main import main\n"
            f"try:\n    main({args!r})\nexcept SystemExit as stop:\n"
            f"    loaded = sorted(m for m in sys.modules if m.startswith({packages!r}))\n"
            "    print(stop.code, loaded, file=sys.stderr)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          encoding="utf-8", timeout=60, check=False, cwd=ROOT)
    return done


def test_the_suggestion_imports_no_command() -> None:
    done = _loaded(["conflcit"], ("cli.conflict", "cli.boardgames", "cli.players"))
    assert done.stderr.splitlines() == [
        "mistborn: No such command 'conflcit'. Did you mean 'conflict'?", "2 []"]


def test_a_command_like_no_other_gets_no_suggestion() -> None:
    result = CliRunner().invoke(main, ["xyzzy"])
    assert result.exit_code == 2
    assert result.stderr == "mistborn: No such command 'xyzzy'.\n"


def test_version() -> None:
    result = CliRunner().invoke(main, ["--version"])
    assert result.exit_code == 0
    assert version("mistborn-conflict") in result.stdout
    assert "mistborn" in result.stdout


def _console_script() -> Path:
    folder = Path(sys.executable).parent
    for name in ("mistborn", "mistborn.exe"):
        if (folder / name).exists():
            return folder / name
    pytest.fail(f"the mistborn console script is not installed beside {sys.executable}")


def test_installed_console_script_runs_end_to_end() -> None:
    done = subprocess.run(
        [str(_console_script()), "roll", "--faces", "5,5,4,2", "--json"],
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    # R-DICE-5's worked example: 5 5 4 2 is Result 5 with no Nudges.
    assert (data["result"], data["nudges"], data["faces"]) == (5, 0, [5, 5, 4, 2])


def test_installed_console_script_reports_mistakes_on_one_line() -> None:
    done = subprocess.run(
        [str(_console_script()), "roll", "-3"],
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=60,
        check=False,
    )
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.count("\n") == 1
    assert "R-DICE-1" in done.stderr
    assert "Traceback" not in done.stderr


_PROBE = """
import sys
from cli.main import main
sys.argv = ["mistborn", *sys.argv[1:]]
try:
    main()
except SystemExit as stop:
    code = stop.code
print(f"exit={code} rich={'rich' in sys.modules}", file=sys.stderr)
"""


def _probe(*args: str) -> str:
    done = subprocess.run(
        [sys.executable, "-c", _PROBE, *args],
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=60,
        check=False,
        cwd=ROOT,
    )
    return done.stderr.strip().splitlines()[-1]


def test_json_path_does_not_import_rich() -> None:
    assert _probe("roll", "--faces", "5,5,4,2", "--json") == "exit=0 rich=False"
    assert _probe("roll", "4", "--seed", "1", "--difficulty", "2", "--json") == (
        "exit=0 rich=False"
    )
    # The same probe sees Rich when a screen is drawn (by Rich, every screen), so it can
    # tell the difference.
    assert _probe("odds", "--table") == "exit=0 rich=True"
    assert _probe("roll", "--faces", "5,5,4,2") == "exit=0 rich=True"


@pytest.mark.parametrize("name", [None, *sorted(COMMANDS)])
def test_help_fits_a_40_column_phone(name: str | None) -> None:
    # click on its own never wraps help narrower than 50 columns; the group passes the
    # real terminal width down so help reads on a phone too.
    import os

    import rich.cells

    args = [str(_console_script())] + ([name] if name else []) + ["--help"]
    env = {**os.environ, "COLUMNS": "40", "NO_COLOR": "1"}
    done = subprocess.run(args, capture_output=True, text=True, env=env, check=False)
    assert done.returncode == 0, done.stderr
    wide = [line for line in done.stdout.splitlines() if rich.cells.cell_len(line) > 40]
    assert not wide, wide


def test_help_says_where_to_start_within_a_phone_s_first_screen() -> None:
    # A newcomer on a 40-column phone reads the first 20 lines: every one fits, and they
    # say where to start, before the commands.
    env = {**os.environ, "COLUMNS": "40", "NO_COLOR": "1"}
    done = subprocess.run([str(_console_script()), "--help"], capture_output=True,
                          text=True, env=env, check=False)
    assert done.returncode == 0, done.stderr
    first = done.stdout.splitlines()[:20]
    assert [line for line in first if len(line) > 40] == []
    assert any(START in line for line in first), first
    assert "`mistborn demo`" in START
    assert "demo" in COMMANDS


def _sections(help_text: str) -> dict[str, list[str]]:
    """The help's sections: each heading with the names its rows start with."""
    found: dict[str, list[str]] = {}
    heading = ""
    for line in help_text.splitlines():
        if line.endswith(":") and not line.startswith(" "):
            heading = line[:-1]
            found[heading] = []
        elif heading and line.startswith("  ") and not line.startswith("   "):
            found[heading].append(line.split()[0])
    return found


def test_help_lists_the_commands_by_who_uses_them() -> None:
    # The Narrator's, the players', the board games' and the table file's: every command
    # in one of them, in their order, the first the demo the help points a newcomer to.
    result = CliRunner().invoke(main, ["--help"], terminal_width=80)
    assert result.exit_code == 0
    sections = _sections(result.stdout)
    commands = {heading: names for heading, names in sections.items()
                if heading != "Options"}
    assert list(commands) == ["The Narrator's commands", "Players' commands",
                              "Board games' commands", "The table file's commands"]
    assert commands == {heading: list(names) for heading, names in SECTIONS}
    assert sorted(name for names in commands.values() for name in names) == sorted(COMMANDS)
    assert commands["The Narrator's commands"][0] == "demo"
    assert "dbg" in commands["Board games' commands"]
    assert "serve" in commands["Players' commands"]
    assert list(sections)[-1] == "Options"  # after the commands: only --version, --help


def test_the_help_imports_no_command() -> None:
    # Listing the commands by section still reads their short help from the table of
    # commands: no command's module is imported to write the help.
    done = _loaded(["--help"], ("cli.conflict", "cli.boardgames", "cli.players",
                                "cli.table", "rich"))
    assert done.stderr.splitlines() == ["0 []"]
    assert "The Narrator's commands:" in done.stdout


COLOUR = re.compile(r"\x1b\[[0-9;]*(3[0-79]|38;[0-9;]+)m")

SCREENS = [
    ["roll", "--faces", "5,5,4,2", "--difficulty", "5"],
    ["odds", "4"],
    ["odds", "5", "vs", "4"],
    ["odds", "--table"],
    ["char", "list"],
    ["char", "show", "Brannoch"],
]


@pytest.mark.parametrize("args", SCREENS, ids=" ".join)
def test_every_screen_honours_no_color(args: list[str], tmp_path: Path) -> None:
    db = str(tmp_path / "table.db")
    runner = CliRunner()
    examples = sorted(str(p) for p in (ROOT / "examples").glob("*.toml"))
    imported = runner.invoke(main, ["char", "--db", db, "import", *examples])
    assert imported.exit_code == 0, imported.output
    env = {"MISTBORN_DB": db, "FORCE_COLOR": "1", "COLUMNS": "60"}
    coloured = runner.invoke(main, args, env={**env, "NO_COLOR": ""})
    assert coloured.exit_code == 0, coloured.output
    # Styling is really being written here (some screens use bold alone) …
    assert "\x1b[" in coloured.stdout
    # … and NO_COLOR takes every colour away, whatever else stays.
    plain = runner.invoke(main, args, env={**env, "NO_COLOR": "1"})
    assert plain.exit_code == 0, plain.output
    assert not COLOUR.search(plain.stdout)


@pytest.mark.parametrize(("args", "heading"), [([], "The Narrator's commands:"),
                                               (["char"], "Commands:")])
def test_a_bare_command_prints_its_help(args: list[str], heading: str) -> None:
    result = CliRunner().invoke(main, args, prog_name="mistborn")
    assert result.exit_code == 0
    assert result.stderr == ""
    assert result.stdout == CliRunner().invoke(main, [*args, "--help"],
                                               prog_name="mistborn").stdout
    assert result.stdout.startswith("Usage: mistborn") and heading in result.stdout


@pytest.mark.parametrize(("args", "hint"), [
    (["roll", "3", "--jsn"], "No such option: --jsn (did you mean --json?)"),
    (["odds", "4", "--tabel"], "No such option: --tabel (did you mean --table?)"),
    (["roll", "--seeds", "3", "4"], "No such option: --seeds (did you mean --seed?)"),
    (["odds", "--xyzzy"], "No such option: --xyzzy"),
])
def test_a_mistyped_option_keeps_clicks_hint(args: list[str], hint: str) -> None:
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 2
    assert result.stderr == f"mistborn: {hint}\n"


@pytest.mark.parametrize(("args", "message"), [
    (["roll", "-3"], "R-DICE-1: a pool must be 0–40 dice, got -3"),
    (["roll", "41"], "R-DICE-1: a pool must be 0–40 dice, got 41"),
    (["roll", "9" * 5000], "R-DICE-1: a pool must be a whole number of dice 0–40, got"),
    (["roll", "4", "-d", "x"], "R-DICE-6: Difficulty must be a whole number 0–5, got 'x'"),
    (["odds", "21"], "R-DICE-2: odds cover pools of 0–20 dice"),
])
def test_bad_numbers_are_one_short_line_naming_the_rule(args: list[str], message: str) -> None:
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 2
    assert result.stderr.startswith(f"mistborn: {message}")
    assert result.stderr.count("\n") == 1 and len(result.stderr) < 160


def test_plain_shows_control_characters_and_drops_bidi_controls() -> None:
    from cli.common.output import plain

    assert plain("a\x1b[2Jb") == "a\\x1b[2Jb"
    assert plain("x\u202eevil") == "xevil"
    assert plain("one\ntwo") == "one\\x0atwo"
    assert plain("one\ntwo", lines=True) == "one\ntwo"
    assert plain("[bold]hi[/bold]") == "[bold]hi[/bold]"


def test_an_argument_that_is_not_utf8_is_one_line_and_exit_2() -> None:
    done = subprocess.run([sys.executable, "-c", "from cli.main import main; main()",
                           "roll", b"3\xff".decode("utf-8", "surrogateescape")],
                          capture_output=True, text=True, cwd=ROOT, check=False)
    assert done.returncode == 2
    assert done.stderr == "mistborn: argument 2 is not UTF-8 text; nothing was done\n"


@pytest.mark.parametrize("env", [{"PYTHONIOENCODING": "ascii"},
                                 {"LC_ALL": "C", "LANG": "C", "PYTHONUTF8": "0",
                                  "PYTHONCOERCECLOCALE": "0", "PYTHONIOENCODING": ""}])
def test_a_terminal_that_cannot_take_utf8_gets_question_marks_not_a_traceback(
        env: dict[str, str], tmp_path: Path) -> None:
    script = _console_script()
    base = {k: v for k, v in os.environ.items()
            if k not in ("LC_ALL", "LANG", "LC_CTYPE", "PYTHONIOENCODING", "PYTHONUTF8")}
    base.update({"MISTBORN_DB": str(tmp_path / "t.db"), "NO_COLOR": "1", **env})
    for args in (["roll", "3", "--seed", "1", "--as", "Ada"], ["odds", "5", "vs", "4"],
                 ["demo", "--keep", str(tmp_path / "demo.db")],
                 ["conflict", "show", "--db", str(tmp_path / "demo.db")],
                 ["char", "show", "tamsin", "--db", str(tmp_path / "demo.db")],
                 ["char", "show", "nobody"]):
        done = subprocess.run([str(script), *args], env=base, capture_output=True,
                              check=False)
        assert b"Traceback" not in done.stderr, (args, done.stderr)
        if args[:2] == ["char", "show"] and args[2] == "nobody":
            assert done.returncode == 2 and done.stderr.count(b"\n") == 1
        else:
            assert done.returncode == 0, (args, done.stderr)
            assert b"?" in done.stdout  # a glyph it could not print


HUGE = "x" * 100_000


@pytest.mark.parametrize("args", [
    ["roll", "5", HUGE],                       # an extra argument
    ["roll", "5", "--difficulty", HUGE],       # a bad value for an option
    ["roll", HUGE],                            # a bad value for an argument
    ["odds", "4", "--against", HUGE],
    ["char", "show", HUGE],                    # a name looked up in the table
    ["conflict", "declare", HUGE, "action", "3"],
    ["stuffed", "odds", HUGE],
    ["roll", "5", *(["a"] * 5_000)],           # many short words
])
def test_an_error_line_repeats_at_most_60_characters_of_a_bad_value(
        tmp_path: Path, args: list[str]) -> None:
    result = CliRunner().invoke(main, args, env={"MISTBORN_DB": str(tmp_path / "t.db"),
                                                 "COLUMNS": "80"})
    assert result.exit_code == 2, result.output[:300]
    line = result.stderr
    assert line.startswith("mistborn: ") and line.count("\n") == 1
    assert len(line) <= len("mistborn: ") + 300 + 1
    # Every word but a file's path (the table's, here) is cut at 60 characters.
    assert max(len(word) for word in line.split() if "/" not in word) <= 60 + 2
