"""Draw a game's board through the library alone, as a tool author would: from the
game's events as the table exports them, to plain text at a width, or by Rich.

Each board is a value that draws itself — ``board.text(width)`` is the plain text of a
screen that wide, and a Rich console prints ``board`` at its own width — the same
board ``mistborn … show`` prints, but that its next step names a parameter plainly
(``with cards N``) where the command line gives its option (``--cards N``)::

    mistborn hw log --json > game.json
    python examples/draw_boards.py hw game.json 40

    mistborn conflict export --json > fight.json
    python examples/draw_boards.py conflict fight.json 40 --rich

The game is one of ``conflict``, ``stuffed``, ``dbg`` and ``hw``; the board's title
starts with the game's name as the table holds it (a Conflict's board names none);
``--last N`` adds the sentences of the last N events beneath.
"""

from __future__ import annotations

import io
import json
import sys
from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Console

from boardgames import deckbuilding as dbg
from boardgames import housewar as hw
from boardgames import stuffed
from conflict import Conflict, describe
from conflict.board import drawn as conflict_drawn
from conflict.serial import event_from_dict
from core.lines import Drawing

GAMES = ("conflict", "stuffed", "dbg", "hw")


def _live(entries: Sequence[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    """The entries still in the game (an undone one is marked ``undone_by``)."""
    return [entry for entry in entries if entry.get("undone_by") is None]


def board(game: str, exported: Any, last: int = 0) -> Drawing:
    """The board of the ``game`` whose events the table ``exported`` as JSON (``mistborn
    GAME log --json``; a Conflict's: ``mistborn conflict export --json``), with the
    sentences of its ``last`` events beneath (as the log tells them; a Conflict's, as
    :func:`conflict.describe` tells them)."""
    if game == "conflict":
        fight, told = Conflict(), []
        for entry in _live(exported):
            event = event_from_dict(entry["event"])
            before = fight.state
            fight.push(event)
            told.append(describe(before, event, fight.state))
        return conflict_drawn(fight.state, last=told[len(told) - last:] if last else [])
    entries = _live(exported["events"])
    name: str = exported["game"]
    said = [str(entry["text"]) for entry in entries[len(entries) - last:]] if last else []
    data = [entry["event"] for entry in entries]
    if game == "stuffed":
        state = stuffed.replay(stuffed.CODEC.from_dict(item) for item in data)
        return stuffed.drawn(state, name=name, last=said)
    if game == "dbg":
        session = dbg.replay(dbg.CODEC.from_dict(item) for item in data)
        return dbg.drawn(session.state, name=name, last=said)
    played = hw.replay(hw.CODEC.from_dict(item) for item in data)
    host: hw.Viewer = hw.looking(narrator=True)  # every score shown (R-HW-6)
    return hw.drawn(played.state, host, name=name, last=said)


def by_rich(drawing: Drawing, width: int) -> str:
    """What a Rich console ``width`` columns wide prints of ``drawing``, as text."""
    console = Console(width=width, record=True, file=io.StringIO(), color_system=None)
    console.print(drawing)
    return console.export_text()


def main(argv: Sequence[str]) -> int:
    if len(argv) < 3 or argv[0] not in GAMES or not argv[2].isdigit():
        print("usage: draw_boards.py conflict|stuffed|dbg|hw EVENTS.json WIDTH [--rich] "
              "[--last N]", file=sys.stderr)
        return 2
    game, path, width = argv[0], argv[1], int(argv[2])
    last = int(argv[argv.index("--last") + 1]) if "--last" in argv else 0
    with open(path, encoding="utf-8") as file:
        drawing = board(game, json.load(file), last)
    print(by_rich(drawing, width) if "--rich" in argv else drawing.text(width), end="")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
