"""The board of a Conflict: who stands where, with what dice, and what comes next.

:func:`board_view` draws it with Rich — participants in the order they act, their dice
in hand, Resiliences as bars, groups as Extras standing, the defeated dimmed but kept,
who moves next, and the last things that happened — reading at 40 columns and at 120.
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

from cli.common.output import hanging, plain
from conflict import board as library
from conflict.board import RESILIENCE_NAMES
from core.viewer import NARRATOR, Viewer

if TYPE_CHECKING:
    from rich.console import RenderableType
    from rich.text import Text

    from conflict.state import State

BAR_CELLS = 10
BOARD_WIDTH = 72  # rows stay readable on a wide screen: the eye need not cross it
LETTERS = {"health": "H", "reputation": "R", "willpower": "W"}

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


def bar(current: int, full: int, cells: int = BAR_CELLS) -> str:
    """``████░░``: what is left filled, what is lost light; scaled to ``cells``."""
    cells = max(1, min(full, cells))
    filled = round(cells * current / full) if full else 0
    if current > 0:
        filled = max(filled, 1)
    return "█" * filled + "░" * (cells - filled)


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


def _dice(person: Board) -> str:
    parts = []
    if person["action_dice"]:
        parts.append(f"A{person['action_dice']}")
    if person["defense_dice"] is None:
        # R-CON-7c: dice gained when attacked are an Attribute; a hidden one stays hidden.
        parts.append("D?")
    elif person["defense_dice"]:
        parts.append(f"D{person['defense_dice']}")
    return " ".join(parts)


def _health_line(main: str, person: Board, width: int) -> Text:
    from rich.text import Text

    line = Text("  ")
    resiliences = person.get("resiliences")
    if person.get("hidden") and "resiliences" in person:
        line.append("Resiliences not revealed", style="dim")
        return line
    if resiliences is None:
        members, count = person["members"], person["count"]
        line.append(bar(members, count), style="red" if person["defeated"] else "green")
        # A group defeated otherwise than by damage (it fled, it yielded) keeps members.
        line.append(f" {members}/{count} {'left' if person['defeated'] else 'standing'}")
        return line
    value = resiliences[main]
    current, full = value["current"], value["full"]
    line.append(f"{LETTERS[main]} ")
    line.append(bar(current, full), style="red" if current * 3 <= full else "green")
    line.append(f" {current}/{full}")
    for name in RESILIENCE_NAMES:
        if name != main:
            other = resiliences[name]
            piece = f" · {LETTERS[name]} {other['current']}/{other['full']}"
            if line.cell_len + len(piece) <= width:
                line.append(piece)
    return line


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


def _person_lines(person: Board, main: str, width: int, ended: bool) -> list[Text]:
    """A participant's rows: name and side, dice and status (beside them when they fit,
    else beneath), and its Resiliences or Extras standing."""
    from rich.text import Text


    dim = "dim" if person["defeated"] else ""
    head = Text("▶ " if person["moving"] else "  ", style="bold")
    head.append(plain(person["name"]), style=f"bold {dim}".strip())
    head.append(f" ({plain(person['side'])})", style="dim")
    dice = "" if ended or person["defeated"] else _dice(person)
    said = person["status"]
    if person.get("order") is not None and said == "to act":
        said = f"{library.ordinal(person['order'])} to act"  # its place (R-CON-10)
    tail = f"{dice}  {said}".strip()
    if head.cell_len + 1 + len(tail) <= width:
        head.append(" " * (width - head.cell_len - len(tail)) + tail, style=dim)
        rows = [head]
    else:
        rows = [*hanging(head, width, 4), *hanging(Text(f"  {tail}", style=dim), width, 4)]
    health = _health_line(main, person, width)
    if person["defeated"]:
        health.stylize("dim")
    return [*rows, health]


def board_parts(board: State | Board, width: int, last: Sequence[str] = (), *,
                viewer: Viewer = NARRATOR) -> BoardParts:
    """The board of :func:`board_view`, in its parts (see :class:`BoardParts`)."""
    from rich.text import Text


    facts = data(board, viewer)
    rows_width = min(width, BOARD_WIDTH)  # participants' rows; sentences take it all
    title = Text(f"Round {facts['round']}", style="bold")
    title.append(f" · {facts['nature']} · {facts['phase'].replace('_', ' ')}")
    head = hanging(title, width)
    if facts["stakes"]:
        head += hanging(f"Stakes: {plain(facts['stakes'])}", width)
    head += hanging(Text("Next: ", style="bold") + Text(plain(facts["next"]["line"])),
                    width)
    head.append(Text(""))
    ended = facts["phase"] == "ended"
    people = [_person_lines(person, facts["resilience"], rows_width, ended)
              for person in facts["participants"]]
    last_head = [Text(""), Text("Last", style="bold")] if last else []
    return BoardParts(head, people, last_head, [hanging(line, width) for line in last])


def board_view(board: State | Board, width: int, last: Sequence[str] = (), *,
               viewer: Viewer = NARRATOR) -> RenderableType:
    """The board (a state, or its board data) as a Rich renderable that reads at
    ``width`` columns (40 and up), as ``viewer`` may see it: for a player the library
    leaves out the Resiliences of a participant hidden from them (the Narrator has not
    revealed them: "Resiliences not revealed") and how many Defense Dice it gained as
    an Attribute when attacked (``D?``, R-CON-7c); Extras standing always show. Every
    row is broken to ``width`` here (later rows of a line indented), so its rows are
    the lines a terminal shows."""
    from rich.console import Group

    return Group(*board_parts(board, width, last, viewer=viewer).lines())
