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


def test_the_readme_is_short() -> None:
    assert len(README.splitlines()) <= 260


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
