"""The example scripts run as a tool author would run them: as their own process."""

from __future__ import annotations

import ast
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
PLAY = EXAMPLES / "play_conflict.py"
END = re.compile(r"^The Conflict ends in round (\d+): (.+) \((\d+) events\)$")


def example(script: Path, *args: str, cwd: Path, columns: int
            ) -> subprocess.CompletedProcess[str]:
    """``script`` run as a tool author runs it, in ``cwd``, its terminal ``columns``
    wide."""
    env = {**os.environ, "COLUMNS": str(columns)}
    return subprocess.run([sys.executable, str(script), *args], cwd=cwd, capture_output=True,
                          text=True, timeout=60, check=False, env=env)


def run(*args: str, cwd: Path, columns: int = 200) -> subprocess.CompletedProcess[str]:
    return example(PLAY, *args, cwd=cwd, columns=columns)


@pytest.mark.parametrize("seed", [None, "1", "99", "100"])
def test_play_conflict_runs_a_whole_conflict_to_its_end(seed: str | None,
                                                         tmp_path: Path) -> None:
    done = run(*([seed] if seed else []), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    lines = done.stdout.splitlines()
    assert lines[0] == "Round 1"
    end = END.match(lines[-1])
    assert end, lines[-1]
    rounds, outcome, events = int(end[1]), end[2], int(end[3])
    round_lines = [line for line in lines if line.startswith("Round ")]
    assert round_lines == [f"Round {n}" for n in range(1, rounds + 1)]
    # One log line per event played; besides them: Start, 3 participants, an EndRound
    # between rounds and the EndConflict (R-CON-21).
    played = len(lines) - len(round_lines) - 1
    assert events == 4 + played + (rounds - 1) + 1
    text = " ".join(done.stdout.split())  # sentences, unwrapped
    if outcome == "the hazekillers side is beaten":
        # R-CON-19: the last Extra falls.
        assert re.search(r"of Hazekillers fall[^.]*: none left; Hazekillers are defeated\.",
                         text)
    elif outcome == "the crew side is beaten":  # R-CON-20: both Heroes at Health 0
        for hero in ("Tamsin Vey", "Brannoch"):
            assert re.search(rf"{hero} takes \d+ Health damage[^.]*: Health 0/\d+; "
                             rf"{hero} is defeated\.", text), hero
    else:
        assert outcome == "no side gives in after 6 rounds" and rounds == 6


def test_play_conflict_is_the_same_fight_for_the_same_seed(tmp_path: Path) -> None:
    first, second = run("5", cwd=tmp_path), run("5", cwd=tmp_path)
    assert first.stdout == second.stdout
    assert first.stdout != run("6", cwd=tmp_path).stdout


def test_play_conflict_reads_at_40_columns(tmp_path: Path) -> None:
    done = run("1", cwd=tmp_path, columns=40)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert max(len(line) for line in lines) <= 40
    wide = run("1", cwd=tmp_path).stdout
    assert " ".join(done.stdout.split()) == " ".join(wide.split())  # only wrapped


def test_play_conflict_uses_the_library_alone() -> None:
    tree = ast.parse(PLAY.read_text(encoding="utf-8"))
    roots = {alias.name.split(".")[0] for node in ast.walk(tree)
             if isinstance(node, ast.Import) for alias in node.names}
    roots |= {node.module.split(".")[0] for node in ast.walk(tree)
              if isinstance(node, ast.ImportFrom) and node.module}
    assert roots <= {"__future__", "random", "shutil", "sys", "textwrap", "characters",
                     "conflict"}, roots


# --- a whole game of House War, from the options alone ---------------------------------

DRIVE = EXAMPLES / "drive_housewar.py"
WON = re.compile(r"^The game ends on turn (\d+): (\S+ wins|.+ share the victory) "
                 r"\((\d+) events\)$")


def drive(*args: str, cwd: Path, columns: int = 1000) -> subprocess.CompletedProcess[str]:
    return example(DRIVE, *args, cwd=cwd, columns=columns)


@pytest.mark.parametrize("seed", [None, "1", "2", "42"])
def test_r_hw_3_drive_housewar_plays_a_whole_game_to_its_winner(seed: str | None,
                                                                 tmp_path: Path) -> None:
    """From the options alone, set-up to "the player with the highest score wins"
    (R-HW-3): every House's sheet, one starting Problem per player, turns of steps 1–5,
    and the end, by Vin solved or erupted, with its winner on the last line."""
    done = drive(*([seed] if seed else []), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    lines = done.stdout.splitlines()
    assert lines[0].startswith("A 4-player short game begins")
    won = WON.match(lines[-1])
    assert won, lines[-1]
    text = "\n".join(lines)
    for house in ("Venture", "Lekal", "Hasting", "Tekiel"):
        assert f"{house} collects its sheet at set-up" in text  # R-HW-5
    assert len(re.findall(r" is placed at Urgency ", text)) == 4  # R-HW-2: 1 per player
    assert re.search(r"^Vin (is solved|erupts)", text, re.MULTILINE)  # R-HW-3
    # One sentence per event: the start, and each the options built.
    assert int(won[3]) == len(lines) - 1


def test_drive_housewar_is_the_same_game_for_the_same_seed(tmp_path: Path) -> None:
    first, second = drive("5", cwd=tmp_path), drive("5", cwd=tmp_path)
    assert first.stdout == second.stdout
    assert first.stdout != drive("6", cwd=tmp_path).stdout


def test_drive_housewar_reads_at_40_columns(tmp_path: Path) -> None:
    done = drive("3", cwd=tmp_path, columns=40)
    assert done.returncode == 0, done.stderr
    assert max(len(line) for line in done.stdout.splitlines()) <= 40
    assert " ".join(done.stdout.split()) == " ".join(drive("3", cwd=tmp_path).stdout.split())


def test_drive_housewar_knows_no_rule_and_builds_no_event() -> None:
    """The script imports the package alone and names none of its event classes: every
    event comes from an option (``option.events``)."""
    tree = ast.parse(DRIVE.read_text(encoding="utf-8"))
    roots = {alias.name.split(".")[0] for node in ast.walk(tree)
             if isinstance(node, ast.Import) for alias in node.names}
    roots |= {node.module.split(".")[0] for node in ast.walk(tree)
              if isinstance(node, ast.ImportFrom) and node.module}
    assert roots <= {"__future__", "random", "shutil", "sys", "textwrap", "typing",
                     "boardgames"}, roots
    used = {node.attr for node in ast.walk(tree) if isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name) and node.value.id == "hw"}
    assert used == {"Option", "State", "new_game", "options", "describe", "outcome"}, used
