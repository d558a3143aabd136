"""Which Conflict a command means: the current one, or the one whose name (or a unique
beginning or word of it) was typed.

Kept apart from :mod:`conflict.saved`, which plays Conflicts with the engine, so that a
reader that only shows a stored board (``mistborn conflict show``) finds its Conflict
without loading the engine.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from conflict.errors import RuleViolation

if TYPE_CHECKING:
    from table import Table

__all__ = ["KIND", "NoConflict", "find", "names"]

KIND: Final = "conflict"
"""A Conflict's kind of event stream in the table."""


def names(table: Table) -> list[str]:
    """Every Conflict in the table, oldest first."""
    return [info.name for info in table.streams(KIND)]


class NoConflict(RuleViolation):
    """There is no Conflict to play yet (R-CON-1): each front door says how to start
    one its own way."""


def find(table: Table, typed: str | None) -> str:
    """The Conflict meant: the current one when ``typed`` is ``None``, else the one
    whose name (or a unique beginning or word of it) was typed."""
    if typed is None:
        current = table.current(KIND)
        if current is None:
            raise NoConflict("there is no Conflict yet: start one", rule="R-CON-1")
        return str(current.name)
    known = names(table)
    if typed in known:  # the exact name, as a command passes on one it has found
        return typed
    from characters.lookup import resolve  # only for a name typed (start-up time)

    return resolve(typed, known, what="Conflict")
