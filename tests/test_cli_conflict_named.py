"""Which Conflict a command means: ``NAME`` or ``-c/--conflict NAME`` on every command
that looks at a whole Conflict (``show``, ``simulate``, ``run``, ``watch``,
``export``), as on the step commands; both given must mean one Conflict."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pexpect
import pytest
from cli_support import one_line_refusal
from click.testing import CliRunner, Result

from cli.main import main

ROOT = Path(__file__).resolve().parent.parent
CODE = "import sys; from cli.main import main; sys.argv = ['mistborn'] + sys.argv[1:]; main()"

# What each command shows of the Conflict it looked at: Rooftops, not the current one.
LOOKS = {
    "show": ([], "Stakes: the atium cache"),
    "simulate": (["--runs", "20", "--seed", "1", "--json"], '"conflict": "Rooftops"'),
    "export": ([], "# Rooftops"),
    "run": ([], "Stakes: the atium cache"),
}


def run(db: Path, *args: str, stdin: str = "") -> Result:
    env = {"MISTBORN_DB": str(db), "COLUMNS": "60", "NO_COLOR": "1", "MISTBORN_AS": "Ann"}
    return CliRunner().invoke(main, list(args), env=env, input=stdin)


def ok(db: Path, *args: str) -> str:
    result = run(db, *args)
    assert result.exit_code == 0, result.output
    return result.stdout


@pytest.fixture
def db(tmp_path: Path) -> Path:
    """Two Conflicts: Rooftops, and Canal, the current one."""
    path = tmp_path / "table.db"
    ok(path, "char", "import", "--examples")
    ok(path, "conflict", "new", "Rooftops", "--physical", "--stakes", "the atium cache")
    ok(path, "conflict", "add", "tamsin", "hazekillers")
    ok(path, "conflict", "new", "Canal", "--social", "--stakes", "the ledger")
    ok(path, "conflict", "add", "brannoch", "prelate")
    return path


@pytest.mark.parametrize("spelling", [["roof"], ["-c", "roof"], ["--conflict", "Rooftops"],
                                      ["roof", "-c", "ROOFTOPS"]])
@pytest.mark.parametrize("command", sorted(LOOKS))
def test_a_conflict_is_named_by_its_argument_or_by_conflict(
        db: Path, command: str, spelling: list[str]) -> None:
    extra, shown = LOOKS[command]
    output = ok(db, "conflict", command, *spelling, *extra)
    assert shown in output
    assert "the ledger" not in output


@pytest.mark.parametrize("command", [*sorted(LOOKS), "watch"])
def test_a_name_and_conflict_that_mean_two_conflicts_are_refused(
        db: Path, command: str) -> None:
    message = one_line_refusal(run(db, "conflict", command, "roof", "-c", "canal"))
    assert message == ("NAME 'roof' is the Conflict 'Rooftops' but --conflict 'canal' is "
                       "'Canal': name one Conflict")


@pytest.mark.parametrize("command", sorted(LOOKS))
def test_conflict_before_the_command_counts_as_well(db: Path, command: str) -> None:
    message = one_line_refusal(run(db, "conflict", "-c", "canal", command, "roof"))
    assert "name one Conflict" in message


@pytest.mark.parametrize("spelling", [["Rooftops"], ["-c", "roof"]])
def test_watch_shows_the_conflict_named_either_way(db: Path, spelling: list[str]) -> None:
    # The live board runs until q, on a real terminal.
    env = {**os.environ, "MISTBORN_DB": str(db), "TERM": "xterm", "NO_COLOR": "1",
           "PYTHONPATH": str(ROOT)}
    env.pop("COLUMNS", None)
    env.pop("LINES", None)
    watch = pexpect.spawn(sys.executable, ["-c", CODE, "conflict", "watch", *spelling],
                          env=env, encoding="utf-8", dimensions=(30, 60), timeout=15)
    watch.expect("Stakes: the atium cache")
    watch.expect("Rooftops · q quits")
    watch.send("q")
    watch.expect(pexpect.EOF)
    watch.close()
    assert watch.exitstatus == 0
