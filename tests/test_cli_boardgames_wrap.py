"""The board games' sentences fit a phone's 40 columns as the Conflict's do: each
game's ``new`` and its steps print what happened and what comes next through the one
wrapper (cli/common/output.echo_wrapped), broken between words, no line wider than the
screen or ending in a space, the lines after the first hanging 2 spaces in (R-STF-1,
R-STF-2, R-DBG-1, R-DBG-11, R-HW-5)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from cli_support import ok, process, widest

GAMES = {
    "stuffed": [
        ["stuffed", "new", "-p", "ann:ch", "bo:r", "--mission", "Heist", "--teammates", "3",
         "--mercenaries", "1", "--combo", "ch:2,i,r"],  # R-STF-1
        ["stuffed", "roll", "--faces", "c,c,c,e,e,b,i,r"],  # R-STF-2
    ],
    "dbg": [
        ["dbg", "new", "-p", "ada", "bo"],  # R-DBG-1
        ["dbg", "combat", "5"],  # R-DBG-11
        ["dbg", "end-turn"],
    ],
    "hw": [
        ["hw", "new", "--players", "3", "--length", "short"],  # R-HW-5
        ["hw", "sheet", "House 1", "2 food, 1 money", "--cards", "3"],
    ],
}


def unwrapped(lines: list[str]) -> list[str]:
    """``lines`` with each sentence's hanging lines joined back to it."""
    whole: list[str] = []
    for line in lines:
        own = len(whole[-1]) - len(whole[-1].lstrip(" ")) if whole else 0
        if whole and line.startswith(" " * (own + 2)):
            whole[-1] += " " + line.strip()
        else:
            whole.append(line)
    return whole


@pytest.mark.parametrize("game", GAMES, ids=str)
def test_r_stf_1_r_dbg_1_r_hw_5_new_and_a_step_wrap_to_40_columns_hanging(
        tmp_path: Path, game: str) -> None:
    narrow_db, wide_db = tmp_path / "narrow.db", tmp_path / "wide.db"
    wrapped = 0
    for args in GAMES[game]:
        narrow = ok(narrow_db, *args, columns=40)
        wide = ok(wide_db, *args, columns=1000)
        lines = narrow.splitlines()
        assert widest(narrow) <= 40, narrow
        assert [line for line in lines if line.endswith(" ")] == []
        # The same sentences, only broken between words, the later lines hanging.
        assert unwrapped(lines) == wide.splitlines(), narrow
        wrapped += len(lines) - len(wide.splitlines())
    assert wrapped > 0  # sentences longer than the screen were there to wrap


def test_a_board_game_sentence_wraps_to_the_terminal_in_a_real_process(
        tmp_path: Path) -> None:
    """R-DBG-1: a real ``mistborn dbg new`` at COLUMNS=40 prints no line wider."""
    done = process(tmp_path / "table.db", "dbg", "new", "-p", "ada", "bo", COLUMNS="40")
    assert (done.returncode, done.stderr) == (0, "")
    assert widest(done.stdout) <= 40, done.stdout
    assert "\n  bo 38; ada moves up the Training\n" in done.stdout
