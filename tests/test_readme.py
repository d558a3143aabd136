"""The README tells the truth: its set-up commands match CI, and the output pasted in
its tour is what the commands print today."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
from click.testing import CliRunner

from cli.main import main

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")


def _blocks(language: str) -> list[str]:
    """The fenced code blocks of the README written in ``language`` ("" for plain)."""
    blocks: list[str] = []
    current: list[str] | None = None
    current_language = ""
    for line in README.splitlines():
        if line.startswith("```"):
            if current is None:
                current, current_language = [], line[3:].strip()
            else:
                if current_language == language:
                    blocks.append("\n".join(current) + "\n")
                current = None
        elif current is not None:
            current.append(line)
    return blocks


def _shell_blocks() -> list[str]:
    return _blocks("sh")


def test_readme_opens_with_the_two_set_up_commands() -> None:
    blocks = _shell_blocks()
    assert len(blocks) >= 2
    first, second = (b.strip() for b in blocks[:2])
    assert "pip install ." in first and "mistborn " in first
    assert "pip install -e '.[test]'" in second and "pytest" in second


def test_ci_runs_the_readme_test_command() -> None:
    second = _shell_blocks()[1].strip()
    # The part after making and entering a virtual environment is run verbatim by CI
    # (quietly), inside a fresh virtual environment of its own.
    command = second.split(". .venv/bin/activate && ", 1)[1]
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert command.replace("pip install ", "pip install -q ") in ci


def test_ci_tests_on_every_python_the_machine_has_from_the_readmes_oldest() -> None:
    # The README claims Python 3.11+: CI runs the tests on each 3.11 or later it finds,
    # on the PATH (python3, python3.N) and among pyenv's versions, one per minor version.
    import glob
    import os
    import shutil
    import subprocess
    import sys

    assert "Python 3.11+" in (ROOT / "README.md").read_text(encoding="utf-8")
    # (Asked first, so that a CI script without the option is never run whole here.)
    assert '"--pythons"' in (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    done = subprocess.run(["bash", str(ROOT / ".ci" / "run"), "--pythons"],
                          capture_output=True, text=True, check=True, timeout=120)
    found = done.stdout.split()

    def minor(python: str) -> str | None:
        try:
            said = subprocess.run([python, "-c", "import sys; print(*sys.version_info[:2])"],
                                  capture_output=True, text=True, timeout=60, check=False)
        except OSError:
            return None
        parts = said.stdout.split()
        return f"{parts[0]}.{parts[1]}" if said.returncode == 0 and len(parts) == 2 else None

    minors = [minor(python) for python in found]
    assert len(set(minors)) == len(minors) and None not in minors, found
    root = os.environ.get("PYENV_ROOT", os.path.expanduser("~/.pyenv"))
    here = [*glob.glob(f"{root}/versions/*/bin/python3"),
            *filter(None, (shutil.which(f"python3.{n}") for n in range(11, 41)))]
    wanted = {m for m in map(minor, here) if m and tuple(map(int, m.split("."))) >= (3, 11)}
    assert set(minors) == wanted | {f"{sys.version_info[0]}.{sys.version_info[1]}"}


def test_the_package_names_every_python_it_supports() -> None:
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert project["requires-python"] == ">=3.11"
    named = [c.rsplit(" :: ", 1)[1] for c in project["classifiers"]
             if c.startswith("Programming Language :: Python :: 3.")]
    assert named[:3] == ["3.11", "3.12", "3.13"]
    assert named == [f"3.{n}" for n in range(11, 11 + len(named))]


def _tour_examples() -> list[tuple[str, str]]:
    """(command, expected output) for every deterministic roll/odds example."""
    examples = []
    for block in _blocks(""):
        for chunk in re.split(r"^(?=\$ )", block, flags=re.M):
            if not chunk.startswith("$ mistborn "):
                continue
            command, _, output = chunk.partition("\n")
            argv = shlex.split(command[2:])[1:]
            deterministic = argv[0] == "odds" or "--seed" in argv or "--faces" in argv
            if argv[0] in {"roll", "odds"} and deterministic and "--json" not in argv \
                    and "…" not in output:
                examples.append((command[2:], output.rstrip("\n")))
    return examples


EXAMPLES = _tour_examples()


def test_the_tour_has_examples_to_check() -> None:
    assert len(EXAMPLES) >= 5


@pytest.mark.parametrize(("command", "expected"), EXAMPLES, ids=[c for c, _ in EXAMPLES])
def test_readme_output_is_real(command: str, expected: str) -> None:
    result = CliRunner().invoke(
        main, shlex.split(command)[1:], env={"COLUMNS": "40", "NO_COLOR": "1"}
    )
    assert result.exit_code == 0, result.output
    assert result.output.rstrip("\n") == expected


GAMES = {"stuffed", "deckbuilding", "dbg", "housewar", "hw"}


def _sessions() -> list[list[tuple[str, str]]]:
    """Each README block of ``mistborn`` commands, as (command, expected output) pairs
    to run in order."""
    sessions = []
    for block in _blocks(""):
        steps = []
        for chunk in re.split(r"^(?=\$ )", block, flags=re.M):
            if chunk.startswith("$ mistborn "):
                command, _, output = chunk.partition("\n")
                steps.append((command[2:], output.rstrip("\n")))
        if steps:
            sessions.append(steps)
    return sessions


def _game_sessions() -> list[list[tuple[str, str]]]:
    """The board games' blocks, each to run on a fresh table."""
    return [steps for steps in _sessions() if shlex.split(steps[0][0])[1] in GAMES]


SESSIONS = _game_sessions()


def test_the_board_games_have_sessions_to_check() -> None:
    played = {shlex.split(steps[0][0])[1] for steps in SESSIONS}
    assert {"stuffed", "dbg", "hw"} <= played
    assert any("stuffed odds" in command for steps in SESSIONS for command, _ in steps)


@pytest.mark.parametrize("steps", SESSIONS, ids=[s[0][0] for s in SESSIONS])
def test_readme_game_sessions_are_real(steps: list[tuple[str, str]], tmp_path: Path) -> None:
    env = {"COLUMNS": "40", "NO_COLOR": "1", "MISTBORN_DB": str(tmp_path / "table.db"),
           "MISTBORN_AS": "Ann", "LANG": "C.UTF-8", "LC_ALL": "", "LC_MESSAGES": ""}
    for command, expected in steps:
        result = CliRunner().invoke(main, shlex.split(command)[1:], env=env)
        assert result.exit_code == 0, (command, result.output)
        assert result.output.rstrip("\n") == expected, command


def _sessions_starting_with(words: tuple[str, ...]) -> list[list[tuple[str, str]]]:
    """The README's blocks whose first command starts ``mistborn WORDS…``."""
    return [steps for steps in _sessions()
            if tuple(shlex.split(steps[0][0])[1:1 + len(words)]) == words]


def _lines(text: str) -> list[str]:
    return [line.rstrip() for line in text.rstrip("\n").splitlines()]


CONFLICT_STEPS = [step for steps in _sessions_starting_with(("conflict",)) for step in steps]


def test_the_conflict_tour_runs_a_round_shows_the_board_and_simulates() -> None:
    commands = [shlex.split(command)[2] for command, _ in CONFLICT_STEPS]
    assert {"new", "declare", "roll", "undo", "show", "simulate"} <= set(commands)


def test_readme_conflict_session_is_real(tmp_path: Path) -> None:
    # The blocks run in order on one table holding the example sheets, as the README
    # says; screens at 40 columns.
    env = {"COLUMNS": "40", "NO_COLOR": "1", "MISTBORN_DB": str(tmp_path / "table.db"),
           "MISTBORN_AS": "Ann", "LANG": "C.UTF-8", "LC_ALL": "", "LC_MESSAGES": ""}
    imported = CliRunner().invoke(main, ["char", "import", "--examples"], env=env)
    assert imported.exit_code == 0, imported.output
    for command, expected in CONFLICT_STEPS:
        result = CliRunner().invoke(main, shlex.split(command)[1:], env=env)
        assert result.exit_code == 0, (command, result.output)
        assert _lines(result.output) == _lines(expected), command


def test_readme_demo_opens_as_the_demo_does() -> None:
    (steps,) = _sessions_starting_with(("demo",))
    ((command, shown),) = steps
    assert shown.endswith("\n…")
    result = CliRunner().invoke(main, shlex.split(command)[1:],
                                env={"COLUMNS": "40", "NO_COLOR": "1"})
    assert result.exit_code == 0, result.output
    start = _lines(shown)[:-1]
    assert _lines(result.output)[:len(start)] == start


def test_readme_python_examples_print_what_the_readme_says(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code_blocks, printed = _blocks("python"), _blocks("text")
    assert code_blocks, "the README shows no library example"
    assert len(code_blocks) == len(printed)
    for code, expected in zip(code_blocks, printed, strict=True):
        exec(compile(code, "README.md", "exec"), {"__name__": "readme_example"})
        assert capsys.readouterr().out == expected


def _refusals() -> list[tuple[str, str]]:
    """(command, the one line it prints) for each refusal the README shows."""
    return [(command, expected) for steps in _sessions() for command, expected in steps
            if expected.startswith("mistborn: ") and "\n" not in expected]


REFUSALS = _refusals()


@pytest.mark.parametrize(("command", "expected"), REFUSALS, ids=[c for c, _ in REFUSALS])
def test_readme_refusals_are_real(command: str, expected: str, tmp_path: Path) -> None:
    # On a table holding the example sheets, as the README's tour has it.
    env = {"COLUMNS": "40", "NO_COLOR": "1", "MISTBORN_DB": str(tmp_path / "table.db"),
           "MISTBORN_AS": "Ann", "LANG": "C.UTF-8", "LC_ALL": "", "LC_MESSAGES": ""}
    imported = CliRunner().invoke(main, ["char", "import", "--examples"], env=env)
    assert imported.exit_code == 0, imported.output
    result = CliRunner().invoke(main, shlex.split(command)[1:], env=env)
    assert result.exit_code == 2, result.output
    assert result.stderr == expected + "\n"


def test_the_readme_shows_a_mistyped_name_getting_a_suggestion() -> None:
    assert any("did you mean" in expected for _command, expected in REFUSALS)
