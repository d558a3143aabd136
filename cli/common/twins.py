"""The commands every game's group has alike, written once: ``undo`` for a Conflict and
for each board game. A group gives what differs — its options, how it takes a step back
and names what it plays — and :func:`undo` makes its command (the group's lazy map
names it: :mod:`cli.common.lazy_commands`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final, Protocol

import click

from cli.common.help_layout import Command

__all__ = ["UNDO", "Twins", "undo"]

UNDO: Final = ("cli.common.twins:undo", "Take back your last step (history keeps it).")
"""``undo`` in a group's lazy map: where it is made, and its short help."""


class Twins(Protocol):
    """What a group gives its twin commands."""

    noun: str
    """What one of its games is called in help: ``Conflict``, ``game``."""
    keeps_setup: bool
    """Whether its set-up is never taken back (a board game's)."""

    def options(self, function: Callable[..., Any]) -> Callable[..., Any]:
        """Its options every step takes (the table, which game, who writes, --json)."""

    def take_back(self, *, anyone: bool, as_json: bool) -> None:
        """Take back the last step of the chosen game and report it."""


def undo(group: Twins) -> click.Command:
    """``undo``: take back the last step, if this writer wrote it (``--anyone``: whoever
    did); it stays in the log, marked undone."""
    setup = " The set-up itself is never undone." if group.keeps_setup else ""

    @click.option("--anyone", is_flag=True,
                  help="Take back the last step even when someone else wrote it.")
    def take_back(anyone: bool, as_json: bool) -> None:
        group.take_back(anyone=anyone, as_json=as_json)

    return click.command("undo", cls=Command, help=(
        f"Take back the last step of the {group.noun}, if you wrote it (--as, or "
        f"$MISTBORN_AS); --anyone takes it back whoever wrote it. It stays in the log, "
        f"marked undone.{setup}"))(group.options(take_back))
