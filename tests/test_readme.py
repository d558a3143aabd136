"""The README tells the truth: its set-up commands match CI, it is short, and its tour
reads in order on a fresh table (every example of it is run, in order, by
``tests/test_docs_pages.py``; its Python by ``tests/test_docs_examples.py``)."""

from __future__ import annotations

import shlex
from pathlib import Path

from docs_support import blocks, steps, words

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
STEPS = steps(README)


def _shell_blocks() -> list[str]:
    return [block.text for block in blocks(README) if block.language == "sh"]


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


def test_the_readme_says_how_to_run_the_deep_profile_as_ci_runs_it() -> None:
    deep = "HYPOTHESIS_PROFILE=deep python -m pytest"
    assert f"`{deep}`" in " ".join(README.split())
    assert deep in (ROOT / ".ci" / "run").read_text(encoding="utf-8")


def test_the_readme_is_short() -> None:
    assert len(README.splitlines()) <= 260


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


def test_the_tour_starts_on_a_table_of_its_own_at_a_width_it_states() -> None:
    first = words(STEPS[0].command)
    assert first[0] == "export" and "COLUMNS=40" in first
    assert any(word.startswith("MISTBORN_DB=") for word in first)
    assert "40 columns" in README


def test_the_tour_runs_a_round_undoes_a_step_shows_the_board_and_simulates() -> None:
    commands = [shlex.split(step.command)[1:3] for step in STEPS[1:]]
    assert ["char", "import"] in commands
    conflict = {words[1] for words in commands if words[0] == "conflict"}
    assert {"new", "add", "declare", "act", "roll", "damage", "undo", "show",
            "simulate"} <= conflict


def test_the_tour_imports_the_example_sheets_that_come_with_the_tool() -> None:
    # Not files of the clone: the tour reads the same wherever the tool was installed.
    assert any(step.command == "mistborn char import --examples" for step in STEPS)


def test_the_readme_shows_a_mistyped_name_getting_a_suggestion() -> None:
    assert any(step.expected.startswith("mistborn: ") and "did you mean" in step.expected
               for step in STEPS)


def test_the_readme_says_where_to_read_the_docs_and_how_to_build_them() -> None:
    assert "mkdocs serve" in README and "mkdocs build --strict" in README
    assert "pip install -e '.[docs]'" in README
