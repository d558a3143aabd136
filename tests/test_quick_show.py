"""The board games' ``show`` is answered before click loads (:mod:`cli.quick_show`,
start-up time) from the view the game's last write stored: the same words print the
same bytes, with the same exit status, as through the click group, at any width and
colour setting, and leave the table as it was; any other words, and any view that
cannot be taken, are left to the group, untouched."""

from __future__ import annotations

import hashlib
import random
import sqlite3
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from cli.main import main
from cli.quick import answered
from table import Table, games

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))

from board_games import deckbuilding, house_war, stuffed_game
from cli_support import ok

ROOT = Path(__file__).resolve().parent.parent

# group → (stream kind, a game's events: set-up first)
_GAMES = {"stuffed": ("stuffed", stuffed_game(12, random.Random(5))),
          "dbg": ("deckbuilding", deckbuilding(12, random.Random(6))),
          "hw": ("housewar", house_war(6, random.Random(7)))}

_WORDS = [["show"], ["show", "--last", "0"], ["show", "--last", "20"]]

# name → the environment: no escape codes; colours; styles without colours
_TERMINALS = {"plain": {}, "colour": {"FORCE_COLOR": "1"},
              "no colour": {"FORCE_COLOR": "1", "NO_COLOR": "1"}}

_ENVIRONMENT = ("FORCE_COLOR", "TTY_COMPATIBLE", "NO_COLOR", "MISTBORN_WAIT", "COLUMNS",
                "LC_ALL", "LC_MESSAGES", "LANG", "MISTBORN_AS")


@pytest.fixture(autouse=True)
def _plain(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in _ENVIRONMENT:
        monkeypatch.delenv(name, raising=False)


@pytest.fixture(scope="module")
def tables(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """A table for each game (played for a while), and ``"over"``: a game of Stuffed
    played to its end, its summary below the board. The games played have more events
    than a view keeps said."""
    found = {}
    for group, (kind, events) in _GAMES.items():
        path = tmp_path_factory.mktemp(group) / "t.db"
        with Table(path) as table:
            games.start(table, kind, "Game 1", events[:1], who="Ann")
            games.record(table, kind, "Game 1", lambda _s, e=events: e[1:], who="Ann")
        found[group] = path
    over = tmp_path_factory.mktemp("over") / "t.db"
    ok(over, "dbg", "new", "--players", "Vin", "Kelsier")
    ok(over, "dbg", "damage", "kelsier", "40")
    found["over"] = over
    return found


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _both(words: list[str], env: dict[str, str], capsys: pytest.CaptureFixture[str],
          monkeypatch: pytest.MonkeyPatch) -> tuple[tuple[str, str], tuple[str, str]]:
    """What ``words`` print answered here, and through the click group."""
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    assert answered(words)
    quick = capsys.readouterr()
    clicked = CliRunner().invoke(main, words, env=env)
    assert clicked.exit_code == 0, clicked.output
    return (quick.out, quick.err), (clicked.stdout, clicked.stderr)


@pytest.mark.parametrize("terminal", list(_TERMINALS))
@pytest.mark.parametrize("columns", [20, 33, 40, 55, 71, 72, 80, 120])
@pytest.mark.parametrize("words", _WORDS, ids=" ".join)
@pytest.mark.parametrize("group", ["stuffed", "dbg", "hw", "over"])
def test_r_stf_r_dbg_r_hw_a_plain_show_prints_what_the_click_command_prints(
        tables: dict[str, Path], group: str, words: list[str], columns: int, terminal: str,
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    path = tables[group]
    before = _digest(path)
    env = {"MISTBORN_DB": str(path), "COLUMNS": str(columns), **_TERMINALS[terminal]}
    said = "dbg" if group == "over" else group
    if said == "dbg" and 40 < columns < 72:  # its board is kept laid out to 40 and 72
        assert not answered([said, *words])
        assert capsys.readouterr() == ("", "")
        return
    quick, clicked = _both([said, *words], env, capsys, monkeypatch)
    assert quick == clicked
    assert _digest(path) == before
    if group == "over":
        assert "Summary:" in quick[0]


@pytest.mark.parametrize("group", ["stuffed", "deckbuilding", "housewar"])
def test_r_stf_r_dbg_r_hw_the_long_names_are_answered_alike(
        tables: dict[str, Path], group: str, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    short = {"stuffed": "stuffed", "deckbuilding": "dbg", "housewar": "hw"}[group]
    quick, clicked = _both([group, "show"], {"MISTBORN_DB": str(tables[short])}, capsys,
                           monkeypatch)
    assert quick == clicked


@pytest.mark.parametrize("words", [
    ["stuffed", "show", "--json"], ["stuffed", "show", "--game", "Game 1"],
    ["stuffed", "show", "--last", "101"], ["stuffed", "show", "--last", "21"],
    ["stuffed", "show", "--last", "-1"],
    ["stuffed", "show", "--last=3"], ["stuffed", "show", "-h"], ["stuffed", "show", "x"],
    ["stuffed", "show", "--last", "3", "--last", "4"], ["stuffed", "show", "--last", "٣"],
    ["stuffed"], ["stuffed", "log"], ["hw", "show", "--as", "Ann"], ["dbg", "show", "--lang", "en"],
    ["dbg", "show", "--db", "other.db"], ["Stuffed", "show"],
], ids=repr)
def test_any_other_show_is_left_to_the_click_group(
        tables: dict[str, Path], words: list[str], capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MISTBORN_DB", str(tables["stuffed"]))
    assert not answered(words)
    assert capsys.readouterr() == ("", "")


def test_r_stf_1_a_stale_or_missing_view_is_left_to_the_click_group_to_replay(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    kind, events = _GAMES["stuffed"]
    path = tmp_path / "t.db"
    with Table(path) as table:
        games.start(table, kind, "Game 1", events[:1], who="Ann")
    monkeypatch.setenv("MISTBORN_DB", str(path))
    assert answered(["stuffed", "show"])
    capsys.readouterr()
    with sqlite3.connect(path) as db:
        db.execute("DELETE FROM views")
    db.close()
    assert not answered(["stuffed", "show"])
    assert capsys.readouterr() == ("", "")


def test_a_table_or_game_missing_is_left_to_the_click_group_to_report(
        tmp_path: Path, tables: dict[str, Path], capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MISTBORN_DB", str(tmp_path / "missing.db"))
    assert not answered(["hw", "show"])
    assert not (tmp_path / "missing.db").exists()
    monkeypatch.setenv("MISTBORN_DB", str(tables["stuffed"]))
    assert not answered(["hw", "show"])  # no game of House War in it
    assert capsys.readouterr() == ("", "")


def test_r_dbg_the_deckbuilding_game_in_polish_or_a_wait_set_is_left_to_the_click_group(
        tables: dict[str, Path], capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MISTBORN_DB", str(tables["dbg"]))
    monkeypatch.setenv("LANG", "pl_PL.UTF-8")
    assert not answered(["dbg", "show"])
    monkeypatch.delenv("LANG")
    monkeypatch.setenv("MISTBORN_WAIT", "soon")
    assert not answered(["stuffed", "show"])
    assert capsys.readouterr() == ("", "")


def test_every_group_whose_show_is_answered_is_among_the_first_words_read() -> None:
    from cli import quick
    from cli.quick_show import GROUPS

    assert set(GROUPS) <= quick._FIRST
