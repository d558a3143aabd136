"""How a Conflict's board is drawn: its data (:func:`conflict.board.board`) as lines of
styled text at a width (:class:`core.lines.Line`), and the board as a value that draws
itself (:class:`Board`, made by :func:`conflict.board.drawn`).

This is the one drawing of a Conflict's board: ``mistborn conflict show``, ``watch``
and the players' shell draw these same lines, so a script's board reads as the
command line's does::

    from conflict.board import drawn
    board = drawn(c.state, name="Canal")
    print(board.text(40), end="")           # plain text, 40 columns
    rich.console.Console().print(board)     # by Rich, at the console's width

Participants are listed in the order they act, their dice in hand beside them,
Resiliences as bars (groups as Extras standing), the defeated dimmed but kept, ``▶``
who moves next, and the last things that happened beneath; it reads at 40 columns
and at 120. Stored text (names, stakes) goes through :func:`core.text.printable`:
never read as markup, never printed as raw escape sequences.

How wide a row is decides what fits beside it: text is measured as the terminal's
drawing counts it (:func:`core.lines.terminal_cells`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import attrs

from conflict.board_shape import RESILIENCE_NAMES, ordinal
from core.lines import Drawing, Line, terminal_cells
from core.text import printable as plain

__all__ = ["BAR_CELLS", "BOARD_WIDTH", "LETTERS", "Board", "Parts", "bar", "board_lines",
           "parts"]

BAR_CELLS = 10
BOARD_WIDTH = 72  # rows stay readable on a wide screen: the eye need not cross it
LETTERS = {"health": "H", "reputation": "R", "willpower": "W"}

Facts = Mapping[str, Any]
Measure = Callable[[str], int]
Parts = tuple[list[Line], list[list[Line]], list[Line], list[list[Line]]]
"""A board in parts, so a screen of few rows can choose what to keep: the head (title,
stakes, what comes next, a blank line), one block of lines per participant in board
order, the heading of the last events (when there are any) and the last events, oldest
first, each already broken to the width."""


def bar(current: int, full: int, cells: int = BAR_CELLS) -> str:
    """``████░░``: what is left filled, what is lost light; scaled to ``cells``."""
    cells = max(1, min(full, cells))
    filled = round(cells * current / full) if full else 0
    if current > 0:
        filled = max(filled, 1)
    return "█" * filled + "░" * (cells - filled)


def _dice(person: Facts) -> str:
    parts = []
    if person["action_dice"]:
        parts.append(f"A{person['action_dice']}")
    if person["defense_dice"] is None:
        # R-CON-7c: dice gained when attacked are an Attribute; a hidden one stays hidden.
        parts.append("D?")
    elif person["defense_dice"]:
        parts.append(f"D{person['defense_dice']}")
    return " ".join(parts)


def _health_line(main: str, person: Facts, width: int, measure: Measure) -> Line:
    line = Line("  ")
    resiliences = person.get("resiliences")
    if person.get("hidden") and "resiliences" in person:
        return line.append("Resiliences not revealed", "dim")
    if resiliences is None:
        members, count = person["members"], person["count"]
        line.append(bar(members, count), "red" if person["defeated"] else "green")
        # A group defeated otherwise than by damage (it fled, it yielded) keeps members.
        return line.append(f" {members}/{count} {'left' if person['defeated'] else 'standing'}")
    value = resiliences[main]
    current, full = value["current"], value["full"]
    line.append(f"{LETTERS[main]} ")
    line.append(bar(current, full), "red" if current * 3 <= full else "green")
    line.append(f" {current}/{full}")
    for name in RESILIENCE_NAMES:
        if name != main:
            other = resiliences[name]
            piece = f" · {LETTERS[name]} {other['current']}/{other['full']}"
            if measure(line.plain) + len(piece) <= width:
                line.append(piece)
    return line


def _person_lines(person: Facts, main: str, width: int, ended: bool, measure: Measure
                  ) -> list[Line]:
    """A participant's rows: name and side, dice and status (beside them when they fit,
    else beneath), and its Resiliences or Extras standing."""
    dim = "dim" if person["defeated"] else ""
    head = Line("▶ " if person["moving"] else "  ", "bold")
    head.append(plain(person["name"]), f"bold {dim}".strip())
    head.append(f" ({plain(person['side'])})", "dim")
    dice = "" if ended or person["defeated"] else _dice(person)
    said = person["status"]
    if person.get("order") is not None and said == "to act":
        said = f"{ordinal(person['order'])} to act"  # its place (R-CON-10)
    tail = f"{dice}  {said}".strip()
    taken = measure(head.plain)
    if taken + 1 + len(tail) <= width:
        head.append(" " * (width - taken - len(tail)) + tail, dim)
        rows = [head]
    else:
        rows = [*head.wrapped(width, 4), *Line(f"  {tail}", dim).wrapped(width, 4)]
    health = _health_line(main, person, width, measure)
    if person["defeated"] and health.plain:
        health.spans.append((0, len(health.plain), "dim"))  # Text.stylize("dim")
    return [*rows, health]


def parts(facts: Facts, width: int, last: Sequence[str], measure: Measure, name: str = ""
          ) -> Parts:
    """The board data ``facts`` (:func:`conflict.board.board`) in its parts, read at
    ``width`` columns, with the ``last`` lines; the title after the Conflict's ``name``
    when one is given."""
    rows_width = min(width, BOARD_WIDTH)  # participants' rows; sentences take it all
    named = f"{plain(name)} · " if name else ""
    title = Line(f"{named}Round {facts['round']}", "bold")
    title.append(f" · {facts['nature']} · {facts['phase'].replace('_', ' ')}")
    head = title.wrapped(width)
    if facts["stakes"]:
        head += Line(plain(f"Stakes: {plain(facts['stakes'])}")).wrapped(width)
    head += (Line("Next: ", "bold") + Line(plain(facts["next"]["line"]))).wrapped(width)
    head.append(Line(""))
    ended = facts["phase"] == "ended"
    people = [_person_lines(person, facts["resilience"], rows_width, ended, measure)
              for person in facts["participants"]]
    last_head = [Line(""), Line("Last", "bold")] if last else []
    return head, people, last_head, [Line(plain(line)).wrapped(width) for line in last]


def board_lines(facts: Facts, width: int, last: Sequence[str], measure: Measure,
                name: str = "") -> list[Line]:
    """:func:`parts`, one line after another."""
    return _joined(parts(facts, width, last, measure, name))


def _joined(found: Parts) -> list[Line]:
    head, people, last_head, events = found
    return [*head, *(line for block in people for line in block), *last_head,
            *(line for event in events for line in event)]


@attrs.frozen
class Board(Drawing):
    """A Conflict's board, ready to draw: its data (``facts``, as
    :func:`conflict.board.board` gives it for a viewer, or as the table keeps it), the
    sentences of the ``last`` events beneath, and the Conflict's ``name`` before its
    title (none when empty)."""

    facts: Mapping[str, Any]
    last: tuple[str, ...] = ()
    name: str = ""

    def parts(self, width: int) -> Parts:
        """The board for ``width`` columns in its parts (see :data:`Parts`)."""
        return parts(self.facts, width, self.last, terminal_cells, self.name)

    def lines(self, width: int) -> list[Line]:
        return _joined(self.parts(width))
