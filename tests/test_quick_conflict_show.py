"""``conflict show`` is answered before click loads (:mod:`cli.quick_show`, start-up
time) from the board the Conflict's last write stored: the same words print the same
bytes, with the same exit status, as through the click group, at any width and colour
setting, rolls made meanwhile among the last lines, and leave the table as it was;
any other words, a view that cannot be taken, and a name whose width the light
renderer does not know beside a row are left to the group, untouched."""

from __future__ import annotations

import hashlib
import sqlite3
import sys
from pathlib import Path

import attrs
import pytest
from click.testing import CliRunner

from characters.samples import example_characters
from cli.main import main
from cli.quick import answered
from conflict import Nature
from conflict import saved as conflicts
from table import Table

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))

from startup import fill

_WORDS = [["conflict", "show"], ["conflict", "show", "--last", "0"],
          ["conflict", "show", "--last", "12"]]

_TERMINALS = {"plain": {}, "colour": {"FORCE_COLOR": "1"},
              "no colour": {"FORCE_COLOR": "1", "NO_COLOR": "1"}}

_ENVIRONMENT = ("FORCE_COLOR", "TTY_COMPATIBLE", "NO_COLOR", "MISTBORN_WAIT", "COLUMNS",
                "MISTBORN_AS")


@pytest.fixture(autouse=True)
def _plain(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in _ENVIRONMENT:
        monkeypatch.delenv(name, raising=False)


@pytest.fixture(scope="module")
def fought(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The bench's table: a Conflict of 50 events, and a roll recorded after them."""
    path = tmp_path_factory.mktemp("fought") / "t.db"
    fill(path)
    result = CliRunner().invoke(main, ["roll", "5", "--as", "Tamsin Vey", "--for", "the lock",
                                       "--seed", "3", "--db", str(path)])
    assert result.exit_code == 0, result.output
    return path


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.mark.parametrize("terminal", list(_TERMINALS))
@pytest.mark.parametrize("columns", [20, 33, 40, 55, 72, 80, 120])
@pytest.mark.parametrize("words", _WORDS, ids=" ".join)
def test_r_con_a_plain_conflict_show_prints_what_the_click_command_prints(
        fought: Path, words: list[str], columns: int, terminal: str,
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    before = _digest(fought)
    env = {"MISTBORN_DB": str(fought), "COLUMNS": str(columns), **_TERMINALS[terminal]}
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    assert answered(words)
    quick = capsys.readouterr()
    clicked = CliRunner().invoke(main, words, env=env)
    assert clicked.exit_code == 0, clicked.output
    assert (quick.out, quick.err) == (clicked.stdout, clicked.stderr)
    assert _digest(fought) == before
    assert ("rolls 5 for the lock" in " ".join(quick.out.split())) == (words[-1] != "0")


@pytest.mark.parametrize("words", [
    ["conflict", "show", "Canal"], ["conflict", "show", "-c", "Canal"],
    ["conflict", "show", "--players"], ["conflict", "show", "--json"],
    ["conflict", "show", "--last", "101"], ["conflict", "show", "--last", "100"],
    ["conflict", "show", "--last", "5", "--last", "6"],
    ["conflict", "show", "--db", "t.db"], ["conflict"], ["conflict", "log"],
    ["Conflict", "show"],
], ids=repr)
def test_any_other_conflict_show_is_left_to_the_click_group(
        fought: Path, words: list[str], capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MISTBORN_DB", str(fought))
    assert not answered(words)
    assert capsys.readouterr() == ("", "")


def _fresh(path: Path, name: str, stakes: str = "") -> None:
    """A Conflict with the example cast, one of them renamed ``name``."""
    cast = [attrs.evolve(c, name=name) if c.name == "Brannoch" else c
            for c in example_characters()]
    with Table(path) as table:
        table.add(cast)
        conflicts.start(table, "Canal", Nature.PHYSICAL, stakes=stakes, who="Narrator")
        conflicts.add(table, "Canal", [(c, "crew", False) for c in cast], who="Narrator")


def test_r_con_a_name_of_unknown_width_beside_a_row_is_left_to_the_click_group(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "t.db"
    _fresh(path, "Brannoch 大")
    monkeypatch.setenv("MISTBORN_DB", str(path))
    assert not answered(["conflict", "show"])
    assert capsys.readouterr() == ("", "")


@pytest.mark.parametrize("columns", [20, 40, 80])
def test_r_con_stakes_of_unknown_width_are_drawn_by_rich_as_the_click_command_draws_them(
        tmp_path: Path, columns: int, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "t.db"
    _fresh(path, "Brannoch", stakes="大 the ledger of House Venture and its 秘密")
    env = {"MISTBORN_DB": str(path), "COLUMNS": str(columns)}
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    assert answered(["conflict", "show"])
    quick = capsys.readouterr()
    clicked = CliRunner().invoke(main, ["conflict", "show"], env=env)
    assert (quick.out, quick.err) == (clicked.stdout, clicked.stderr)


def test_r_con_a_stale_view_or_a_wait_set_is_left_to_the_click_group(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "t.db"
    _fresh(path, "Brannoch")
    monkeypatch.setenv("MISTBORN_DB", str(path))
    assert answered(["conflict", "show"])
    capsys.readouterr()
    monkeypatch.setenv("MISTBORN_WAIT", "soon")
    assert not answered(["conflict", "show"])
    monkeypatch.delenv("MISTBORN_WAIT")
    with sqlite3.connect(path) as db:
        db.execute("DELETE FROM views")
    db.close()
    assert not answered(["conflict", "show"])
    assert capsys.readouterr() == ("", "")
