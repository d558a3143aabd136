"""The board of a Conflict: who stands where, with what dice, and what comes next.

:func:`board_view` draws it with Rich, by the library's drawing
(:mod:`conflict.drawing`) — participants in the order they act, their dice in hand,
Resiliences as bars, groups as Extras standing, the defeated dimmed but kept, who
moves next, and the last things that happened — reading at 40 columns and at 120.
:func:`board_json` gives the same facts to programs. Both draw the library's board data
(:func:`conflict.board.board`): from a state in hand, made for a viewer (a player's
board comes from the library without the hidden numbers: nothing here takes them
out), or from the view the table keeps (the Narrator's: then nothing of the engine is
imported, and a 200-participant board shows fast).

Stored text (names, stakes) is printed through :func:`cli.common.output.plain`: never as
markup, never as raw escape sequences.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import attrs

from cli.common.output import plain
from conflict import board as library
from conflict.drawing import BAR_CELLS as BAR_CELLS
from conflict.drawing import BOARD_WIDTH as BOARD_WIDTH
from conflict.drawing import LETTERS as LETTERS
from conflict.drawing import Board as Drawn
from conflict.drawing import bar as bar
from core.viewer import NARRATOR, Viewer

if TYPE_CHECKING:
    from rich.console import RenderableType
    from rich.text import Text

    from conflict.state import State

Board = Mapping[str, Any]
"""The board as :func:`conflict.board.board` gives it (a dict, or a view's JSON)."""


def data(board: State | Board, viewer: Viewer = NARRATOR) -> Board:
    """The board data of a state for ``viewer`` (or the data itself, drawn as it was
    made: only the Narrator's may be given so)."""
    if isinstance(board, Mapping):
        if not viewer.sees_all:
            raise TypeError("a board for a player is made from the state, for them: "
                            "conflict.board.board(state, viewer)")
        return board
    return library.board(board, viewer)


def next_line(state: State) -> str:
    """What the Conflict waits for, as a short line safe to print: "Brannoch acts (6
    Action Dice)"."""
    return plain(library.next_line(state))


# --- JSON ------------------------------------------------------------------------------------


def board_json(board: State | Board, last: Sequence[str] = (), *,
               viewer: Viewer = NARRATOR) -> dict[str, Any]:
    """The board for programs, as ``viewer`` may see it: every fact :func:`board_view`
    shows (see :func:`conflict.board.board`: a participant hidden from the viewer has
    no statistics, ``hidden`` true), and the ``last`` lines; what comes next made safe
    to print, as every command's ``next`` is."""
    facts = data(board, viewer)
    following = {**facts["next"], "line": plain(facts["next"]["line"])}
    return {**facts, "next": following, "participants": list(facts["participants"]),
            "last": list(last)}


# --- Rich -------------------------------------------------------------------------------------


@attrs.frozen
class BoardParts:
    """A board drawn in parts, so a screen of few rows can choose what to keep: the
    ``head`` (title, stakes, what comes next, a blank line), one block of lines per
    participant in board order, and the ``last`` events, oldest first, each already
    broken to the width (under a heading, ``last_head``, when there are any)."""

    head: list[Text]
    people: list[list[Text]]
    last_head: list[Text]
    last: list[list[Text]]

    def lines(self) -> list[Text]:
        return [*self.head, *(line for block in self.people for line in block),
                *self.last_head, *(line for event in self.last for line in event)]


def board_parts(board: State | Board, width: int, last: Sequence[str] = (), *,
                viewer: Viewer = NARRATOR) -> BoardParts:
    """The board of :func:`board_view`, in its parts (see :class:`BoardParts`): the
    lines of the library's drawing (:meth:`conflict.drawing.Board.parts`) as Rich
    ``Text``."""
    head, people, last_head, events = Drawn(data(board, viewer), tuple(last)).parts(width)
    return BoardParts([line.to_rich() for line in head],
                      [[line.to_rich() for line in block] for block in people],
                      [line.to_rich() for line in last_head],
                      [[line.to_rich() for line in event] for event in events])


def board_view(board: State | Board, width: int, last: Sequence[str] = (), *,
               viewer: Viewer = NARRATOR) -> RenderableType:
    """The board (a state, or its board data) as a Rich renderable that reads at
    ``width`` columns (40 and up), as ``viewer`` may see it: for a player the library
    leaves out the Resiliences of a participant hidden from them (the Narrator has not
    revealed them: "Resiliences not revealed") and how many Defense Dice it gained as
    an Attribute when attacked (``D?``, R-CON-7c); Extras standing always show. Every
    row is broken to ``width`` here (later rows of a line indented), so its rows are
    the lines a terminal shows."""
    return Drawn(data(board, viewer), tuple(last)).rich(width)
