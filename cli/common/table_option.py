"""The ``--db PATH`` option: which table database a command uses.

Every command that reads or writes the table takes ``--db PATH``; a group can take it
too, and its subcommands inherit it (``mistborn char --db t.db list`` and
``mistborn char list --db t.db`` are the same). Without it, the ``MISTBORN_DB``
environment variable names the file, and without that the table lives in the user's
data directory. The file is created on first use.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import click

from cli.common.decorators import F
from cli.common.table_file import named_table

if TYPE_CHECKING:
    from table import Table


DB_ENV = "MISTBORN_DB"
_META_KEY = "mistborn_conflict.db"


def _remember(ctx: click.Context, _param: click.Parameter, value: str | None) -> None:
    # ctx.meta is shared by a group's context and its subcommands': the innermost
    # --db given wins.
    if value is None:
        return
    if not value.strip():
        raise click.UsageError("--db needs the path of a table file, got an empty one", ctx)
    ctx.meta[_META_KEY] = value


def table_option(function: F) -> F:
    """Add ``--db PATH`` to a command or group."""
    return click.option(
        "--db",
        metavar="PATH",
        expose_value=False,
        callback=_remember,
        help=f"The table database file (else ${DB_ENV}, else one in your data directory).",
    )(function)


def table_path(ctx: click.Context | None = None) -> Path:
    """The table file this command uses: ``--db``, else ``$MISTBORN_DB``, else the
    default in the user's data directory (whose folder is made if missing)."""
    ctx = ctx or click.get_current_context()
    chosen = ctx.meta.get(_META_KEY) or os.environ.get(DB_ENV)
    if chosen:
        return named_table(chosen)
    from table import default_path

    return default_path(make_folder=True)


def open_table(ctx: click.Context | None = None, *, create: bool = True) -> Table:
    """Open the table this command uses. A command that only reads passes
    ``create=False``: a path the user named (``--db`` or ``$MISTBORN_DB``) that does not
    exist is reported, not made — a typo must not start an empty table. The default
    table in the data directory is made on first use either way."""
    from table import Table

    ctx = ctx or click.get_current_context()
    named = bool(ctx.meta.get(_META_KEY) or os.environ.get(DB_ENV))
    return Table(table_path(ctx), create=create or not named, wait=_wait())


WAIT_ENV = "MISTBORN_WAIT"
COMPLETE_ENV = "_MISTBORN_COMPLETE"  # click's: which shell asks for completions


def _wait() -> float:
    """How long to wait for another program writing to the table, in seconds:
    ``$MISTBORN_WAIT``, else the table's default (10 s)."""
    from core.errors import shown
    from table import DEFAULT_WAIT

    text = os.environ.get(WAIT_ENV, "").strip()
    if not text:
        return DEFAULT_WAIT
    try:
        value = float(text)
    except ValueError:
        raise click.UsageError(
            f"${WAIT_ENV} must be a number of seconds, got {shown(text)}") from None
    if not 0 <= value <= 3600:
        raise click.UsageError(f"${WAIT_ENV} must be 0–3600 seconds, got {shown(text)}")
    return value


def _completed(ctx: click.Context, incomplete: str, names: Callable[[Table], list[str]]
               ) -> list[str]:
    """The ``names`` the table holds that match ``incomplete`` (any case, by beginning or
    word). Never fails: a missing or busy table, or no Conflict, completes nothing."""
    from characters.lookup import matches

    try:
        with open_table(ctx, create=False) as table:
            found = names(table)
    except Exception:  # completion must never print an error into the shell
        return []
    return for_shell(matches(incomplete, found) if incomplete.strip() else found)


def complete_character(ctx: click.Context, _param: click.Parameter, incomplete: str
                       ) -> list[str]:
    """Shell completion of a character's name from the table's roster."""
    return _completed(ctx, incomplete, lambda table: list(table.names()))


def complete_participant(ctx: click.Context, _param: click.Parameter, incomplete: str
                         ) -> list[str]:
    """Shell completion of a participant's name in the chosen (or current) Conflict."""

    def participants(table: Table) -> list[str]:
        from conflict import saved as conflicts

        chosen = ctx.meta.get("mistborn_conflict.conflict")
        _saved, loaded = conflicts.load(table, chosen if isinstance(chosen, str) else None)
        return [p.name for p in loaded.state.participants]

    return _completed(ctx, incomplete, participants)


def complete_conflict(ctx: click.Context, _param: click.Parameter, incomplete: str
                      ) -> list[str]:
    """Shell completion of a Conflict's name from the table."""

    def names(table: Table) -> list[str]:
        from conflict import saved as conflicts

        return list(conflicts.names(table))

    return _completed(ctx, incomplete, names)


def complete_game(ctx: click.Context, _param: click.Parameter, incomplete: str
                  ) -> list[str]:
    """Shell completion of a game's name, of the game whose group the command is in
    (``mistborn hw show --game H⇥``: House War's; a group says its kind as
    ``game_kind``)."""
    kind = next((found for c in _lineage(ctx)
                 if isinstance(found := getattr(c.command, "game_kind", None), str)), None)
    if kind is None:
        return []
    return _completed(ctx, incomplete, lambda table: [
        info.name for info in table.streams(kind)])


def complete_stream(ctx: click.Context, _param: click.Parameter, incomplete: str
                    ) -> list[str]:
    """Shell completion of the name of any game in the table, whichever its kind."""
    return _completed(ctx, incomplete, lambda table: list(dict.fromkeys(
        info.name for info in table.streams())))


def _lineage(ctx: click.Context | None) -> list[click.Context]:
    found = []
    while ctx is not None:
        found.append(ctx)
        ctx = ctx.parent
    return found


_BASH_SPECIAL = r"""([\s'"\\$`!&|;<>()\[\]{}*?#~^])"""
"""Compiled by :func:`re.sub` when a completion needs it, not at import (start-up time)."""


def for_shell(names: list[str]) -> list[str]:
    """Names as the shell asking for them inserts them: bash puts a completion into
    the command line as it is, so its spaces and other special characters are escaped
    with a backslash — written doubled, as click's bash script reads each line with
    ``read``, which takes one level of backslashes off (zsh and fish quote what they
    insert themselves)."""
    if os.environ.get(COMPLETE_ENV) != "bash_complete":
        return names
    return [re.sub(_BASH_SPECIAL, r"\\\\\\\1", name) for name in names]
