"""The one way the command line loads its commands: a click group whose commands live
in modules it imports only when one is used, and whose steps come from a game's table
of steps.

``mistborn conflict show`` should not load the step commands, the live board or the
simulation to draw a board: the group knows where each command lives and its short
help, and imports a command's module on first use (start-up time)."""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import click

from cli.common.help_layout import SHORT_HELP, Group

if TYPE_CHECKING:
    from core.steps import Step, Steps

__all__ = ["Lazy", "LazyGroup", "Sections", "SuggestsUnloaded"]


class SuggestsUnloaded(Group):
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


Lazy = Mapping[str, tuple[str, str]]
"""A group's commands kept elsewhere: name → ("module:attribute", short help). The
attribute is the command, or a function of the group giving it (a twin command made for
each game, :mod:`cli.common.twins`); its short help is this one, written once: listing the group
imports nothing."""


Sections = tuple[tuple[str, tuple[str, ...]], ...]
"""A group's help in sections: each heading with the names of the commands it lists, in
that order (``("The Narrator's commands", ("demo", "roll"))``)."""


def summary(step: Step[Any]) -> str:
    """A step's one-line help in the command line's words (``--faces``)."""
    from cli.common.step_commands import worded  # a step's words only (start-up)

    return step.worded(step.summary, worded)


class LazyGroup(SuggestsUnloaded):
    """The one way a group of the command line loads its commands on first use: the
    commands of ``lazy`` (:data:`Lazy`), and the steps of a game's table of steps
    (``steps``: ``"module:NAME"`` of a :class:`core.steps.Steps`, read when the group's
    game is named), each made a command by :meth:`step_command` when used. Its help
    lists ``first`` (the commands listed before the steps), the table's steps, then those
    of ``lazy`` and those it holds, in that order (by name when ``sort``); or, given
    ``sections`` (:data:`Sections`), under each section's heading in its own order, any
    command no section names last under "Commands"."""

    def __init__(self, *args: Any, lazy: Lazy | None = None, steps: str = "",
                 first: tuple[str, ...] = (), sort: bool = False,
                 sections: Sections = (), **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.lazy: dict[str, tuple[str, str]] = dict(lazy or {})
        self.steps_at, self.first, self.sort = steps, first, sort
        self.sections = sections

    @property
    def steps(self) -> Steps[Any] | None:
        """The game's table of steps, if the group has one (imported when asked for)."""
        if not self.steps_at:
            return None
        module, _, name = self.steps_at.partition(":")
        found: Steps[Any] = getattr(importlib.import_module(module), name)
        return found

    def step_command(self, step: Step[Any]) -> click.Command:
        """The command of one of the table's steps (each group writes its own way)."""
        raise NotImplementedError(step.name)

    def listing(self) -> list[tuple[str, str]]:
        """Every command's name and short help, in the help's order."""
        held = [(name, command.get_short_help_str(SHORT_HELP)) for name, command
                in self.commands.items() if name not in self.lazy]
        lazy = [(name, short) for name, (_target, short) in self.lazy.items()]
        steps = self.steps
        table = [] if steps is None else [(s.name, summary(s)) for s in steps]
        if self.sort:
            return sorted({*held, *lazy, *table})
        rows = [*lazy, *held]
        return ([row for row in rows if row[0] in self.first] + table
                + [row for row in rows if row[0] not in self.first])

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(name for name, _short in self.listing())

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name in self.commands:
            return self.commands[cmd_name]
        if cmd_name in self.lazy:  # not a step: the game's table stays unread
            target = self.lazy[cmd_name][0]
            module, _, attr = target.partition(":")
            found = getattr(importlib.import_module(module), attr)
            command = found if isinstance(found, click.Command) else found(self)
            assert isinstance(command, click.Command)
            # Its own entry's short help (an alias's names the command it stands for).
            command.short_help = next(own for own_target, own in self.lazy.values()
                                      if own_target == target)
            return command
        steps = self.steps
        if steps is not None and cmd_name in steps.names():  # an alias is the shell's
            return self.step_command(steps[cmd_name])
        return None

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows = dict(self.listing())
        for heading, names in self.sections:
            listed = [(name, rows.pop(name)) for name in names if name in rows]
            if listed:
                with formatter.section(heading):
                    formatter.write_dl(listed)
        if rows:
            with formatter.section("Commands"):
                formatter.write_dl(list(rows.items()))
