"""A Conflict's ``show`` from the view its last write stored (:meth:`table.
Table.view`): the board and the last lines, with the rolls made meanwhile, read back
without the engine or a replay. Light at import (neither click nor Rich nor attrs).
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from cli.common.glyphs import die
from cli.version import __version__

if TYPE_CHECKING:
    from table import RollEntry, Table

__all__ = ["LogLine", "from_view", "roll_lines", "with_rolls"]

LogLine = tuple[datetime.datetime, int, dict[str, Any]]
"""A line of the log: when, its id, and what it says (:mod:`cli.conflict.log`)."""


def from_view(table: Table, view: dict[str, Any] | None, count: int
              ) -> tuple[dict[str, Any], list[str]] | None:
    """The board and last lines from a Conflict's stored view, if this version of the
    program made it, it has the board's shape and holds the lines asked for (else
    ``None``: replay instead — another version may word or judge it otherwise)."""
    from conflict.board_shape import is_board
    from table.clock import parse
    from table.errors import TableDamaged

    try:
        if view is None or view["made_by"] != __version__ or not is_board(view["board"]):
            return None
        lines = view["lines"]
        if count > len(lines) and len(lines) != view["live"]:
            return None
        timed = [(parse(at), str(text)) for _seq, at, text in lines[-count:]] if count else []
        since = parse(view["since"]) if view["since"] else None
    except (KeyError, TypeError, ValueError, TableDamaged):
        return None  # a view of another shape: the events say the same
    return view["board"], with_rolls(table, timed, since, count)


def with_rolls(table: Table, timed: list[tuple[datetime.datetime, str]],
               since: datetime.datetime | None, count: int) -> list[str]:
    """The last ``count`` of the Conflict's ``timed`` lines and the rolls of the roll
    log made ``since`` its first live step, oldest first."""
    if not count or since is None:
        return []
    timed = timed + [(at, f"{line['who']} {line['text']}")
                     for at, _id, line in roll_lines(table.rolls(limit=count)) if at >= since]
    timed.sort(key=lambda pair: pair[0])  # stable: a step and a roll at once keep order
    return [text for _at, text in timed[-count:]]


def roll_lines(entries: Sequence[RollEntry]) -> list[LogLine]:
    """The roll log as log lines."""
    out: list[LogLine] = []
    for entry in entries:
        roll = entry.roll
        said = f"rolls {roll.asked}"
        if entry.purpose:
            said += f" for {entry.purpose}"
        result = f"Result {roll.result}" if roll.result else "no set"
        if roll.nudges:
            result += f", {roll.nudges} Nudge{'s' if roll.nudges != 1 else ''}"
        if roll.success is not None:
            result += f", {'success' if roll.success else 'failure'} at D{roll.difficulty}"
        faces = " ".join(die(face) for face in roll.faces)
        out.append((entry.at, entry.id, {
            "when": entry.at.isoformat(), "who": entry.who, "kind": "roll",
            "text": f"{said}: {faces} — {result}", "purpose": entry.purpose,
            "faces": list(roll.faces), "result": roll.result, "nudges": roll.nudges,
            "difficulty": roll.difficulty, "success": roll.success}))
    return out
