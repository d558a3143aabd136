"""A board drawn by the library is the board ``mistborn … show`` prints.

Each game's ``drawn`` (a Conflict's :func:`conflict.board.drawn`) gives its board as a
value that draws itself: ``text(width)`` is the plain text of a screen that wide, and a
Rich console prints it at its own width. A tool author's script
(``examples/draw_boards.py``) reads a game's events as the table exports them and draws
its board; the command line's ``show`` of the same game, on a real table file, is the
known answer — at 40 columns, narrower and wider, with and without the last events.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from cli_support import ROOT, env_for, ok

if TYPE_CHECKING:
    from boardgames.housewar.state import State

SCRIPT = ROOT / "examples" / "draw_boards.py"


@pytest.fixture(scope="module")
def table(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One table with a game of each kind under way (long names among them, to be cut
    and broken), and a Conflict."""
    db = tmp_path_factory.mktemp("drawn") / "table.db"
    ok(db, "hw", "new", "--players", "3", "--length", "short", "--houses", "Venture",
       "Lekal", "Hasting-of-the-very-long-name")
    for house, tokens in (("venture", "2f"), ("lekal", "1s"), ("hasting", "1w")):
        ok(db, "hw", "sheet", house, tokens)
    ok(db, "hw", "add", "Ashfall", "-u", "2", "--setup", "--cost", "2", "food", "--favor", "4")
    ok(db, "hw", "add", "Riot of the skaa in the Canton of Orthodoxy", "-u", "IV", "--setup")
    ok(db, "hw", "add", "Famine", "--urgency", "1", "--setup")
    ok(db, "hw", "collect")
    ok(db, "hw", "score", "lekal", "--favor", "3")
    ok(db, "hw", "face-down", "venture", "Heir")
    ok(db, "stuffed", "new", "-p", "ann:charisma", "bo-of-the-long-name:resource",
       "--mission", "Heist", "--teammates", "2", "--mercenaries", "1", "--combo", "ch:2,i,r")
    ok(db, "stuffed", "roll", "--faces", "c", "c", "c", "ch", "ch", "i", "b", "r")
    ok(db, "stuffed", "recruit", "grunt", "--needs", "ch:2", "-a", "r")
    ok(db, "dbg", "new", "--players", "Vin", "Kelsier", "Marsh")
    ok(db, "dbg", "points", "4")
    ok(db, "dbg", "spend", "2", "1", "1")
    ok(db, "dbg", "coins", "4")
    ok(db, "dbg", "heal", "vin", "9")
    ok(db, "dbg", "undo")  # an undone step is no part of the board
    ok(db, "char", "import", str(ROOT / "examples" / "crew.toml"),
       str(ROOT / "examples" / "opposition.toml"))
    ok(db, "conflict", "new", "Canal", "--physical", "--stakes", "the ledger of House Orrell")
    ok(db, "conflict", "add", "tamsin", "brannoch", "prelate", "hazekillers")
    ok(db, "conflict", "declare", "haze", "attack", "4", "-t", "tamsin")
    return db


def exported(db: Path, game: str) -> str:
    """The game's events as the table exports them."""
    if game == "conflict":
        return ok(db, "conflict", "export", "--json")
    return ok(db, game, "log", "--json")


def drawn_by_script(db: Path, tmp_path: Path, game: str, width: int, *more: str) -> str:
    """What the tool author's script prints of the game's board, run as its own process."""
    events = tmp_path / f"{game}.json"
    events.write_text(exported(db, game), encoding="utf-8")
    done = subprocess.run([sys.executable, str(SCRIPT), game, str(events), str(width), *more],
                          capture_output=True, text=True, timeout=60, check=False,
                          env={**os.environ, **env_for(db)})
    assert done.returncode == 0 and done.stderr == "", done.stderr
    return done.stdout


GAMES = ["hw", "stuffed", "dbg", "conflict"]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("width", [40, 30, 72])
def test_r_hw_2_r_stf_3_r_dbg_3_r_con_10_a_scripts_board_is_the_one_show_prints(
        table: Path, tmp_path: Path, game: str, width: int) -> None:
    """The board as plain text at a width, and as a recording Rich console draws it, is
    what ``show`` prints on a screen that wide (its Problem track, dice, Mission tracks
    or acting order and all)."""
    shown = ok(table, game, "show", "--last", "0", columns=width)
    assert drawn_by_script(table, tmp_path, game, width) == shown
    assert drawn_by_script(table, tmp_path, game, width, "--rich") == shown


@pytest.mark.parametrize("game", GAMES)
def test_r_hw_5_r_stf_2_r_dbg_1_r_con_21_the_last_events_are_said_beneath_as_show_says_them(
        table: Path, tmp_path: Path, game: str) -> None:
    shown = ok(table, game, "show", "--last", "3", columns=40)
    assert drawn_by_script(table, tmp_path, game, 40, "--last", "3") == shown


def _house_war() -> State:
    from boardgames import housewar as hw

    game = hw.new_game(3, "short", ["Venture", "Lekal", "Hasting"])
    for house in ("Venture", "Lekal", "Hasting"):
        game.push(hw.Sheet(house))
    for problem in ("Ashfall", "Riot", "Famine"):
        game.push(hw.AddProblem(problem, urgency=1, reason="setup"))
    game.push(hw.Collect("Venture"))
    return game.state


def test_r_hw_5_a_board_is_titled_by_the_games_name_house_war_unless_another_is_given() -> None:
    """The title began with nothing (``  · turn 1 · Venture``): the game's name is the
    table's, not the state's. A board drawn in code is House War's unless named."""
    from boardgames import housewar as hw

    state = _house_war()
    assert hw.drawn(state).text(40).splitlines()[0] == "House War · turn 1 · Venture"
    named = hw.drawn(state, name="Saturday", last=["Venture collects."])
    text = named.text(40)
    assert text.startswith("Saturday · turn 1 · Venture\nUnrest 0 of 8\n")
    assert "• Venture collects.\nNext: step 2: worsen" in text
    assert all(len(line) <= 40 for line in text.splitlines())


def test_r_stf_2_r_dbg_1_r_con_1_each_board_is_named_by_its_game_or_as_given() -> None:
    from boardgames import deckbuilding as dbg
    from boardgames import stuffed
    from characters.samples import example_characters
    from conflict import AddParticipant, Conflict, Nature, Start
    from conflict.board import drawn

    seats = (stuffed.Seat("Ann", "Kelsier", "charisma"), stuffed.Seat("Bo", "Vin", "resource"))
    game = stuffed.replay([stuffed.NewGame(seats, stuffed.Mission("Heist", 2, 1, "ch:2"))])
    assert stuffed.drawn(game).text(40).startswith("Stuffed · turn 1 · Ann\n")
    assert stuffed.drawn(game, name="Pits").text(40).startswith("Pits · turn 1 · Ann\n")
    cards = dbg.start(["Vin", "Kelsier"]).state
    assert dbg.drawn(cards).text(40).startswith("Deckbuilding Game · turn 1 · competitive\n")
    assert dbg.drawn(cards, name="Gra", lang="pl").text(40).startswith("Gra · tura 1")
    cast = {character.name: character for character in example_characters()}
    fight = Conflict([Start(Nature.PHYSICAL), AddParticipant(cast["Tamsin Vey"], "crew")])
    assert drawn(fight.state).text(40).startswith("Round 1 · physical · declaration\n")
    assert drawn(fight.state, name="Canal").text(40).startswith(
        "Canal · Round 1 · physical · declaration\n")


def test_r_hw_6_the_viewer_the_board_values_and_the_boards_are_exported() -> None:
    """What a board is made of and for whom is importable where the board is: a House
    War board is made for a viewer (R-HW-6) that ``looking`` returns."""
    import boardgames.screen as screen
    from boardgames import deckbuilding as dbg
    from boardgames import housewar as hw
    from boardgames import stuffed
    from conflict import board
    from core.viewer import NARRATOR, Viewer

    assert {"Shown", "Line", "Title", "Tray", "Grid", "Houses"} <= set(screen.__all__)
    assert screen.Shown == (screen.Line | screen.Title | screen.Tray | screen.Grid
                            | screen.Houses)
    for package in (hw, stuffed, dbg, board):
        assert package.Viewer is Viewer and package.NARRATOR is NARRATOR, package
        assert {"Viewer", "NARRATOR", "drawn"} <= set(package.__all__), package
    assert isinstance(hw.looking(houses=["Venture"]), hw.Viewer)
    assert {"Shown", "HouseWarBoard", "NAME"} <= set(hw.__all__)
    assert {"Shown", "StuffedBoard", "NAME"} <= set(stuffed.__all__)
    assert {"board", "next_line", "summary", "DeckbuildingBoard", "NAME"} <= set(dbg.__all__)


def test_drawing_a_board_loads_rich_only_when_it_is_drawn() -> None:
    code = ("import sys\n"
            "from boardgames import housewar as hw\n"
            "import boardgames.drawing, conflict.board, conflict.drawing\n"
            "board = hw.drawn(hw.new_game(3, 'short').state)\n"
            "lines = board.lines(40)\n"
            "print('rich' in sys.modules)\n"
            "text = board.text(40)\n"
            "print('rich' in sys.modules, text.splitlines()[0])\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True, cwd=ROOT)
    assert done.stdout.splitlines() == ["False", "True House War · set-up · House 1"]


def test_r_hw_2_a_boards_lines_are_the_text_a_screen_as_wide_shows() -> None:
    from boardgames import housewar as hw

    board = hw.drawn(_house_war())
    for width in (40, 72):
        assert board.text(width) == "".join(f"{line.plain}\n" for line in board.lines(width))


def test_r_hw_5_a_scripts_board_names_the_parameter_plainly_where_show_gives_the_option(
        tmp_path: Path) -> None:
    """The one difference between a script's board and ``show``'s: what comes next names
    a step's parameter plainly in the library (``with cards``), and the command line
    gives its option (``--cards``); the script's board names no option at all."""
    db = tmp_path / "table.db"
    ok(db, "hw", "new", "--players", "3", "--length", "short", "--houses", "Venture",
       "Lekal", "Hasting")
    ok(db, "hw", "sheet", "venture", "2f", "--cards", "1")
    option = re.compile(r"(?<![\w-])--[a-z]")
    shown = ok(db, "hw", "show", "--last", "0", columns=72)
    script = drawn_by_script(db, tmp_path, "hw", 72)
    assert option.search(script) is None
    assert "sheet Lekal TOKENS with cards N" in " ".join(script.split())
    assert " ".join(script.split()).replace("with cards", "--cards") == " ".join(shown.split())
    for plain in (drawn_by_script(db, tmp_path, "hw", 40),
                  drawn_by_script(db, tmp_path, "hw", 40, "--rich")):
        assert option.search(plain) is None
        assert all(len(line) <= 40 for line in plain.splitlines())
