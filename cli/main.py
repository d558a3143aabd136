"""Entry point of the ``mistborn`` command.

Subcommands live in their own modules and are imported only when used, so that
``mistborn odds --json`` never pays for Rich or SQLite. Every user mistake — a click
usage error or a library error — ends as one line on standard error and exit status 2.
"""

from __future__ import annotations

import sys
from typing import Any

import click

from cli.common.errors import LONGEST_LINE as LONGEST_LINE
from cli.common.errors import LONGEST_WORD as LONGEST_WORD
from cli.common.errors import (
    PREFIX,
    UserError,
    fail,
    one_line,
    output_closed,
    output_failed,
    path_failed,
    printable_anywhere,
    said,
    sizes_readable,
    user_errors,
    utf8,
)
from cli.common.lazy_commands import LazyGroup as Loading
from cli.common.lazy_commands import Sections
from cli.version import __version__

__all__ = ["COMMANDS", "SECTIONS", "START", "LazyGroup", "UserError", "fail", "main"]

# name -> ("module:attribute", short help): each module owns one command or group, whose
# short help is this one (the group lists commands without importing them; an alias's
# help names the command it stands for).
COMMANDS: dict[str, tuple[str, str]] = {
    "roll": ("cli.conflict.roll:roll", "Roll a dice pool, or judge dice rolled by hand."),
    "demo": ("cli.conflict.demo:demo", "Watch a short Conflict played with the example sheets."),
    "odds": ("cli.conflict.odds:odds", "Exact odds of a pool, a Contest, or the whole table."),
    "char": ("cli.conflict.char:char", "Character sheets and Extra groups in the table."),
    "conflict": ("cli.conflict.commands:conflict",
                 "Run a Conflict step by step, saved as it goes."),
    "log": ("cli.conflict.log:log", "Rolls and Conflict steps, newest last, with who and when."),
    "stuffed": ("cli.boardgames.stuffed:stuffed",
                "Stuffed: dice, sets, recruiting, which dice to keep."),
    "deckbuilding": ("cli.boardgames.deckbuilding:deckbuilding",
                     "The Deckbuilding Game's dials and tracks (also: dbg)."),
    "dbg": ("cli.boardgames.deckbuilding:deckbuilding", "Short for deckbuilding."),
    "housewar": ("cli.boardgames.housewar:housewar",
                 "House War's Unrest, Problems and scores (also: hw)."),
    "hw": ("cli.boardgames.housewar:housewar", "Short for housewar."),
    "player": ("cli.players.commands:player", "Players who may join over SSH; the player shell."),
    "serve": ("cli.players.serve:serve", "Serve the table over SSH to players' phones."),
    "table": ("cli.table.commands:table",
              "The table file for other tools: its path; its rows as CSV or JSON."),
}

# Who uses which command: the help lists them in these sections, in this order.
SECTIONS: Sections = (
    ("The Narrator's commands", ("demo", "roll", "odds", "char", "conflict", "log")),
    ("Players' commands", ("serve", "player")),
    ("Board games' commands", ("stuffed", "deckbuilding", "dbg", "housewar", "hw")),
    ("The table file's commands", ("table",)),
)

START = "New here? Start with `mistborn demo`."
"""The help's first word to a newcomer (shown before the options and commands)."""


class LazyGroup(Loading):
    """The ``mistborn`` group: its commands are :data:`COMMANDS`, imported on first use
    (:class:`cli.common.lazy_commands.LazyGroup`); every mistake ends as one line."""

    def format_options(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        # The commands by who uses them come first (a phone's first screen shows them),
        # the options (only --version and --help) last.
        self.format_commands(ctx, formatter)
        click.Command.format_options(self, ctx, formatter)

    def main(self, *args: Any, **kwargs: Any) -> Any:
        kwargs["standalone_mode"] = False
        output_closed()
        printable_anywhere()
        sizes_readable()
        given = kwargs.get("args", args[0] if args else None)
        for number, arg in enumerate(sys.argv[1:] if given is None else given, start=1):
            if not utf8(arg):
                click.echo(f"mistborn: argument {number} is not UTF-8 text; nothing was done",
                           err=True)
                sys.exit(2)
        try:
            result = super().main(*args, **kwargs)
        except click.exceptions.NoArgsIsHelpError as error:
            # A bare `mistborn` or `mistborn char`: its help, as --help shows it.
            click.echo(error.ctx.get_help() if error.ctx else "")
            sys.exit(0)
        except click.exceptions.Abort as error:
            if isinstance(error.__context__, KeyboardInterrupt):  # click's word for Ctrl-C
                click.echo("mistborn: interrupted", err=True)  # after click's own new line
                sys.exit(130)
            sys.exit(1)  # "no" at a confirmation: nothing was done, nothing to report
        except click.NoSuchOption as error:
            from cli.common.options import no_such_option_line

            click.echo(f"{PREFIX}{one_line(no_such_option_line(error))}", err=True)
            sys.exit(2)
        except click.ClickException as error:
            from cli.common.values import said as click_said  # on an error only

            click.echo(f"{PREFIX}{one_line(click_said(error))}", err=True)
            sys.exit(2)
        except user_errors() as error:
            click.echo(f"{PREFIX}{one_line(said(error))}", err=True)
            sys.exit(2)
        except BrokenPipeError:
            sys.exit(1)
        except OSError as error:
            if error.filename is None:  # the output could not be written (a full disk)?
                output_failed(error)
            # A file the command was given, or the table's folder: what went wrong with it.
            click.echo(f"{PREFIX}{one_line(path_failed(error))}", err=True)
            sys.exit(2)
        except KeyboardInterrupt:
            click.echo("mistborn: interrupted", err=True)
            sys.exit(130)
        sys.exit(result if isinstance(result, int) else 0)


def _help_width() -> int:
    """Help text wraps to the real terminal (phones are ~40 columns wide); click alone
    would never go below 50. ``$COLUMNS`` first, as :func:`shutil.get_terminal_size`
    reads it (shutil itself, with its compression modules, is not worth loading on
    every command for this)."""
    import os

    try:
        columns = int(os.environ.get("COLUMNS", "0"))
    except ValueError:
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):
            columns = 80
    return min(columns or 80, 100)


@click.group(
    cls=LazyGroup, lazy=COMMANDS, sections=SECTIONS,
    context_settings={"help_option_names": ["-h", "--help"], "terminal_width": _help_width()},
)
@click.version_option(__version__, prog_name="mistborn")
def main() -> None:
    """A table tool for the Mistborn Adventure Game: dice, odds and Conflicts; and
    companions for Stuffed, the Deckbuilding Game and House War.

    New here? Start with `mistborn demo`."""
