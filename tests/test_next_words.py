"""What comes next on a board game's screen names a step's parameter by its table name,
and each front door words it, as it words a refusal's (boardgames/screen.py's
``Phrase``, cli/common/errors.py's ``option_words``): a script's board says it plainly,
the kept view holds the parameter by name, and the command line and the players'
phones — whose lines are the table's commands — still give the command's option
(R-DBG-2, R-DBG-8, R-HW-5)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from cli_support import ok
from game_seat_support import HOUSES, HW_SETUP, seated

from boardgames import deckbuilding as dbg
from boardgames import housewar as hw
from boardgames import stuffed
from boardgames.deckbuilding import Mode
from boardgames.deckbuilding.text import CATALOG
from boardgames.screen import Phrase, phrased, phrases_from_stored, to_stored, worded
from cli.boardgames.stored import read_view
from cli.common.errors import option_words
from cli.players.shell import PlayerShell
from core.registry import game as rules
from core.viewer import NARRATOR
from table import Table

FLAG = re.compile(r"(?<![\w-])--[a-z]")


def said(text: str) -> str:
    """``text`` on one line, its white space folded."""
    return " ".join(text.split())


def coop() -> dbg.Game:
    return dbg.start(("Vin", "Elend"), Mode.COOP).state


def sheets() -> hw.State:
    """A game of House War waiting for its Houses' sheets."""
    return hw.new_game(3, "short", ["Venture", "Lekal", "Hasting"]).state


def problems() -> hw.State:
    """A game of House War waiting for its starting Problems."""
    game = hw.new_game(3, "short", ["Venture", "Lekal", "Hasting"])
    for house in ("Venture", "Lekal", "Hasting"):
        game.push(hw.Sheet(house))
    return game.state


# --- the library: the parameter by its table name, said plainly --------------------------


def test_r_dbg_2_r_hw_5_a_scripts_drawn_board_names_no_option() -> None:
    """A tool author's ``drawn(state).text(40)`` printed the command line's options
    (``edict --rows ROW…``, ``sheet Venture TOKENS --cards N``, ``add NAME --urgency U
    --setup``): it names each parameter plainly, at 40 columns."""
    boards = {
        "Vin draws a Lord Ruler card (edict with rows ROW…, or adversary NAME SHIELD…), "
        "then end-turn": dbg.drawn(coop()),
        "(edict z parametrem rows RZĄD… albo adversary NAZWA TARCZA…)":
            dbg.drawn(coop(), lang="pl"),
        "(0 of 3): sheet Venture TOKENS with cards N": hw.drawn(sheets()),
        "(0 of 3 placed): add NAME with urgency U as set-up": hw.drawn(problems()),
    }
    for plain, board in boards.items():
        text = board.text(40)
        assert FLAG.search(text) is None, text
        assert plain in said(text), text
        assert all(len(line) <= 40 for line in text.splitlines()), text


def test_r_stf_2_r_hw_5_a_game_before_its_set_up_names_no_command_line() -> None:
    """Was ``set up a game: mistborn stuffed new``: the library names the set-up as the
    Deckbuilding Game's does, never a command to type."""
    assert stuffed.next_line(stuffed.new_session().state) == "set up the game first (new)"
    assert hw.next_line(hw.State()) == "set up the game first (new)"
    assert dbg.next_line(dbg.BLANK) == "set up the game first (new)"


def test_r_hw_5_each_door_words_the_parameters_the_next_line_names() -> None:
    assert hw.next_phrases(problems()) == (
        Phrase("set-up: place 1 Problem per player (0 of 3 placed): add NAME "),
        Phrase("with urgency", "urgency"), Phrase(" U "), Phrase("as set-up", "setup"))
    assert hw.next_line(sheets(), words=option_words).endswith(
        "sheet Venture TOKENS --cards N")
    assert hw.next_line(problems(), words=option_words).endswith(
        "add NAME --urgency U --setup")
    # A door with its own words for one parameter only, and one with none.
    assert hw.next_line(problems(), words={"urgency": "-u"}.get).endswith(
        "add NAME -u U as set-up")
    assert hw.next_line(problems(), words=lambda _param: None) == hw.next_line(problems())


def test_r_dbg_8_the_door_words_the_parameter_in_either_language() -> None:
    assert dbg.next_line(coop(), "pl", words=option_words) == (
        "Vin dobiera kartę Ostatniego Imperatora (edict --rows RZĄD… albo adversary NAZWA "
        "TARCZA…), potem end-turn")
    assert [p.param for p in dbg.next_phrases(coop(), "pl")] == ["", "rows", ""]
    assert dbg.drawn(coop(), words=option_words).text(40).count("--rows ROW…") == 1


@pytest.mark.parametrize(("kind", "state"), [("deckbuilding", coop), ("housewar", sheets)])
def test_r_dbg_2_r_hw_5_the_games_next_as_the_table_gives_it_takes_a_doors_words(
        kind: str, state: object) -> None:
    game = rules(kind)
    now = state()  # type: ignore[operator]
    assert FLAG.search(game.next(now, NARRATOR)) is None
    assert "--" in game.next(now, NARRATOR, words=option_words)


def test_phrases_join_their_texts_and_keep_each_parameter() -> None:
    rows = Phrase("with rows", "rows")
    assert phrased("a", "", "b", rows, "c", Phrase("d")) == (Phrase("ab"), rows, Phrase("cd"))
    assert phrased("") == ()
    assert worded((Phrase("edict "), rows)) == "edict with rows"
    assert worded((Phrase("edict "), rows), option_words) == "edict --rows"
    stored = json.loads(json.dumps(to_stored(phrased("edict ", rows))))
    assert phrases_from_stored(stored) == (Phrase("edict "), rows)
    for damaged in ("edict --rows", [["Line", "x"]], [["Phrase", "x"]], None):
        with pytest.raises(ValueError):
            phrases_from_stored(damaged)


def test_r_dbg_8_a_catalogs_message_in_pieces_leaves_its_slots() -> None:
    rows = Phrase("with rows", "rows")
    pieces = CATALOG.pieces("screen.next_draw", {"name": "Vin", "edict": "edict",
                                                 "adversary": "adversary", "end": "end-turn"},
                            "en", {"rows": rows})
    assert phrased(*pieces) == (Phrase("Vin draws a Lord Ruler card (edict "), rows,
                                Phrase(" ROW…, or adversary NAME SHIELD…), then end-turn"))
    assert "".join(piece for piece in pieces if isinstance(piece, str)) == CATALOG.render(
        "screen.next_draw", {"name": "Vin", "edict": "edict", "adversary": "adversary",
                             "end": "end-turn", "rows": ""}, "en")


# --- the table's kept view: the parameter by name, each reader's to word ------------------


def test_r_hw_5_the_kept_view_names_the_parameter_not_an_option(tmp_path: Path) -> None:
    db = tmp_path / "table.db"
    ok(db, *HOUSES)
    with Table(db) as table:
        view = table.view("housewar")
    assert view is not None
    assert FLAG.search(json.dumps(view, ensure_ascii=False)) is None
    assert Phrase("with cards", "cards") in phrases_from_stored(view["next"])
    stored = read_view(view, view["name"], "narrator", 3)
    assert stored is not None
    assert stored.next_line.endswith("sheet Lekal TOKENS --cards N")


# --- the doors: the command line and the phones still give the option -------------------


def _shown(db: Path, *args: str) -> str:
    """What the command printed, on one line; every line of it fit 40 columns."""
    out = ok(db, *args)
    assert all(len(line) <= 40 for line in out.splitlines()), out
    return said(out)


def _replayed(db: Path, *args: str) -> str:
    """What ``show`` prints with no view kept: the events replayed."""
    import sqlite3

    with sqlite3.connect(db) as connection:
        connection.execute("DELETE FROM views")
    connection.close()
    return _shown(db, *args)


def test_r_hw_5_the_command_line_still_names_the_option(tmp_path: Path) -> None:
    db = tmp_path / "table.db"
    assert "sheet Lekal TOKENS --cards N" in _shown(db, *HOUSES)
    shown = _shown(db, "hw", "show")
    assert "Next: set-up: each House collects its sheet (0 of 4): sheet Lekal TOKENS " \
           "--cards N" in shown
    assert _replayed(db, "hw", "show") == shown
    assert json.loads(ok(db, "hw", "show", "--json"))["next"].endswith("TOKENS --cards N")
    for args in HW_SETUP[:4]:
        reported = _shown(db, *args)
    assert reported.endswith("(0 of 4 placed): add NAME --urgency U --setup")
    shown = _shown(db, "hw", "show")
    assert "add NAME --urgency U --setup" in shown
    assert _replayed(db, "hw", "show") == shown


def test_r_dbg_2_r_dbg_8_the_command_line_still_names_the_option(tmp_path: Path) -> None:
    db = tmp_path / "table.db"
    assert "(edict --rows ROW…, or adversary NAME SHIELD…)" in _shown(
        db, "dbg", "new", "-p", "Vin", "Elend", "--coop")
    shown = _shown(db, "dbg", "show")
    assert "Next: Vin draws a Lord Ruler card (edict --rows ROW…, or adversary NAME " \
           "SHIELD…), then end-turn" in shown
    assert _replayed(db, "dbg", "show") == shown
    assert "(edict --rows RZĄD… albo adversary" in _shown(db, "dbg", "show", "--lang", "pl")
    assert "edict --rows ROW…" in json.loads(ok(db, "dbg", "show", "--json"))["next"]
    assert "edict --rows ROW…" in _shown(db, "dbg", "combat", "2")


def test_r_hw_5_r_dbg_2_the_phone_still_names_the_option(tmp_path: Path) -> None:
    """A line at a phone is the table's command, parsed by its options: the "Next:" line
    and the board there give them as the command line does."""
    table = seated(tmp_path / "hw.db", ("venture", "lekal"), HOUSES)
    host = PlayerShell(table, "gm", color=False)
    assert "Next: set-up: each House collects its sheet (0 of 4): sheet Lekal TOKENS " \
           "--cards N" in said(host.handle("b").text)
    for args in HW_SETUP[:3]:
        assert host.handle(" ".join(args[1:])).status == 0
    reply = host.handle(" ".join(HW_SETUP[3][1:]))
    assert reply.status == 0, reply.text
    assert said(reply.text).endswith("(0 of 4 placed): add NAME --urgency U --setup")
    assert all(len(line) <= 40 for line in reply.text.splitlines()), reply.text
    cards = seated(tmp_path / "dbg.db", ("vin", "elend"),
                   ["dbg", "new", "-p", "vin", "elend", "--coop"])
    vin = PlayerShell(cards, "vin", color=False)
    assert "(edict --rows ROW…, or adversary NAME SHIELD…)" in said(vin.handle("b").text)
