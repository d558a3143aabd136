"""``mistborn table``: the table file for other tools.

* ``table path``: where the table file is (``--db``, ``$MISTBORN_DB`` or the default),
  for ``sqlite3`` or ``sqlite-utils`` to open.
* ``table export``: every event (or roll, sheet, game, player) as CSV, JSON or
  newline-delimited JSON, to standard output or ``-o FILE``.

The export is built on sqlite-utils (:mod:`table.export`), imported when the
export runs and by nothing else: no other command pays for its import. See
docs/table-file.md for what each view holds.
"""

from __future__ import annotations

import contextlib
import os
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import TextIO

import click

from cli.common.errors import fail
from cli.common.help_layout import Group
from cli.common.output import plain
from cli.common.streams import KIND_WORDS
from cli.common.table_option import complete_stream, open_table, table_option, table_path
from cli.common.values import OneOf
from core.errors import shown_path

WHAT = ("events", "rolls", "sheets", "games", "players")
FORMATS = ("csv", "json", "nl")


@click.group(cls=Group, no_args_is_help=True,
             context_settings={"help_option_names": ["-h", "--help"]})
@table_option
def table() -> None:
    """The table file, for other tools: where it is, and its rows exported.

    \b
    Where:  table path
    Export: table export
            table export --what sheets
            table export --format nl
              -o steps.jsonl

    The file is plain SQLite: sqlite3 and sqlite-utils read it, with views in plain
    words (roll_log, event_log, game_list, sheet_list, player_list).
    """


@table.command("path")
@table_option
def path_command() -> None:
    """Print where the table file is (made or not)."""
    click.echo(str(table_path()))


@table.command("export")
@click.option("--what", type=OneOf(WHAT), default="events", metavar="WHAT",
              help="Which rows: events (every step of every game, the default), rolls, "
                   "sheets, games, or players (never their keys).")
@click.option("--format", "fmt", type=OneOf(FORMATS), default="csv", metavar="FORMAT",
              help="csv (with a header line, the default), json (one array) or nl (one "
                   "JSON object a line).")
@click.option("--game", metavar="KIND", callback=lambda _ctx, _param, value: _kind(value),
              shell_complete=lambda _ctx, _param, typed: [
                  word for word in KIND_WORDS if word.startswith(typed.casefold())],
              help="Only games of this kind: conflict, stuffed, deckbuilding (dbg), "
                   "housewar (hw).")
@click.option("--name", metavar="NAME", shell_complete=complete_stream,
              help="Only the game called NAME (any unique beginning or word).")
@click.option("-o", "--output", metavar="FILE", type=click.Path(dir_okay=False, allow_dash=True),
              help="Write to FILE (whole, or not at all) instead of standard output.")
@table_option
def export(what: str, fmt: str, game: str | None, name: str | None,
           output: str | None) -> None:
    """Export the table's rows for a spreadsheet or a script.

    CSV cells are plain text, a control character shown as an escape (\\x1b); JSON
    keeps every text exactly.
    """
    from table import export as exporting  # sqlite-utils: this command only

    if what not in exporting.GAME_VIEWS and (game is not None or name is not None):
        fail(f"--game and --name choose games: give them with --what events or "
             f"--what games, not {what}")
    with open_table(create=False) as opened:
        path = opened.path  # checked, and its schema brought up to date
    with _destination(output) as out:
        exporting.write(path, out, what=what, fmt=fmt, game=game, name=name,
                        cell=lambda text: plain(text, lines=True))


def _kind(typed: str | None) -> str | None:
    """The kind of game ``typed`` names, the command line's short names (``hw``,
    ``dbg``) too; a kind it does not know is the export's to refuse (a tool's own
    streams are exported too)."""
    if typed is None:
        return None
    word = typed.strip().casefold()
    if word in KIND_WORDS:
        return KIND_WORDS[word]
    from core.names import closest  # a near miss of the command line's own words only

    close = closest(word, list(KIND_WORDS))
    if close is not None:
        raise click.UsageError(f"--game {typed[:40]!r} names no kind of game — did you "
                               f"mean {close!r}? (the kinds are {', '.join(KIND_WORDS)})")
    return typed


@contextlib.contextmanager
def _destination(output: str | None) -> Iterator[TextIO]:
    """Standard output, or a new file in ``output``'s folder that takes its name only
    once the export is whole."""
    if output is None or output == "-":
        yield sys.stdout
        return
    from core.files import UnreadableFile, check

    target = Path(output)
    where = f"cannot write the export to {shown_path(output)}"
    # The export replaces the file whole: never a link, a pipe or a device (the one
    # check of a file the product uses, links not followed).
    try:
        check(target, what="the export's target", links=False)
    except UnreadableFile as error:
        if error.regular:
            fail(f"{where}: {error.strerror or error.problem}")
        fail(f"{where}: it is not a regular file (a link, pipe or device is never replaced)")
    try:
        handle, temporary = tempfile.mkstemp(prefix=f".{target.name}.", dir=target.parent)
    except OSError as error:
        fail(f"{where}: {error.strerror or error}")
    try:
        with open(handle, "w", encoding="utf-8", newline="") as out:
            yield out
        os.chmod(temporary, 0o666 & ~_umask())
        os.replace(temporary, target)
    except OSError as error:
        fail(f"{where}: {error.strerror or error}")
    finally:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(temporary)


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask
