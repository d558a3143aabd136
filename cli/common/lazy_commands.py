"""A click group whose commands live in modules it imports only when one is used.

``mistborn conflict show`` should not load the step commands, the live board or the
simulation to draw a board: the group knows which module adds which command to it, and
imports that module on first use (start-up time)."""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import Any

import click

__all__ = ["CommandsElsewhere", "SuggestsUnloaded"]


class SuggestsUnloaded(click.Group):
    """A group that says "did you mean" from every name :meth:`list_commands` gives,
    the commands it has not imported yet among them (click suggests only from those
    the group holds): ``mistborn stuffed rol`` suggests ``roll`` without importing it."""

    def resolve_command(self, ctx: click.Context, args: list[str]
                        ) -> tuple[str | None, click.Command | None, list[str]]:
        try:
            return super().resolve_command(ctx, args)
        except click.exceptions.NoSuchCommand as error:
            # Suggest from every name, held or not (click's guess saw the held only).
            raise click.exceptions.NoSuchCommand(
                error.command_name, possibilities=self.list_commands(ctx), ctx=ctx) from None


class CommandsElsewhere(click.Group):
    """A group some of whose commands are added by other modules when imported:
    ``elsewhere`` maps each such module to the names of the commands it adds. A name
    not known at all loads every module, so that click's "did you mean" still sees
    every command."""

    def __init__(self, *args: Any, elsewhere: Mapping[str, str | tuple[str, ...]] = {},
                 **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.elsewhere = {name: module for module, names in elsewhere.items()
                          for name in (names.split() if isinstance(names, str) else names)}

    def load(self, name: str | None = None) -> None:
        """Import the module that adds ``name``, or with no name, every module."""
        modules = [self.elsewhere[name]] if name in self.elsewhere else self.elsewhere.values()
        for module in dict.fromkeys(modules):
            importlib.import_module(module)

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*self.elsewhere, *super().list_commands(ctx)})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in self.commands:
            self.load(cmd_name if cmd_name in self.elsewhere else None)
        return super().get_command(ctx, cmd_name)
