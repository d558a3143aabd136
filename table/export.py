"""The table's rows for other tools: every event, roll, sheet, game or player as CSV,
JSON or newline-delimited JSON, read from the readable views (:mod:`.readable`) with
sqlite-utils, so that an export says what ``sqlite-utils query`` says of the same view.

This is the one module of the project that imports sqlite-utils (~90 ms of import, and
its command-line helpers more: see :mod:`.connection`), and only ``mistborn table
export`` imports this module; every other command stays on the standard library.

The file is read through a connection of its own (which writes nothing), opened after
:class:`Table` has checked the file and brought its schema up to date. What is exported
is the Narrator's (the views show all a Narrator sees); players' SSH keys and passphrase
hashes are in no view, so in no export.
"""

from __future__ import annotations

import contextlib
import csv
import json
import sqlite3
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any, Final, TextIO

import sqlite_utils
from sqlite_utils.cli import output_rows

from conflict.errors import BadValue
from core.errors import shown, shown_path
from core.names import matches
from core.registry import MODULES
from core.text import json_safe
from table.connection import open_reading
from table.errors import RESTORE, TableDamaged, UnknownStream, closest_name, name_key

__all__ = ["FORMATS", "GAME_VIEWS", "WHAT", "write"]

WHAT: Final = {
    "events": "event_log",
    "rolls": "roll_log",
    "sheets": "sheet_list",
    "games": "game_list",
    "players": "player_list",
}
"""What can be exported, and the view each is read from."""

GAME_VIEWS: Final = ("events", "games")
"""What a choice of games (a kind, a name) narrows."""

FORMATS: Final = ("csv", "json", "nl")
"""CSV with a header line; one JSON array; one JSON object a line."""

Row = tuple[Any, ...]


def _open(path: Path) -> sqlite_utils.Database:
    try:
        conn = open_reading(path)
    except sqlite3.Error as error:
        raise TableDamaged(f"cannot read the table {shown_path(path)}: {error}") from None
    return sqlite_utils.Database(conn, recursive_triggers=False, execute_plugins=False)


def _game_filter(db: sqlite_utils.Database, game: str | None, name: str | None
                 ) -> tuple[str | None, list[str]]:
    """The ``WHERE`` of an export narrowed to games of kind ``game`` and called
    ``name`` (the same name, else any unique beginning or word of one, any case)."""
    streams = [(row["kind"], row["name"]) for row in
               db.query("SELECT kind, name FROM streams ORDER BY id")]
    conditions: list[str] = []
    params: list[str] = []
    if game is not None:
        kinds = sorted({*MODULES, *(kind for kind, _ in streams)})
        if game not in kinds:
            close = closest_name(game, kinds)
            hint = f" — did you mean {close!r}?" if close is not None else ""
            raise BadValue(f"no kind of game named {shown(game)}{hint} (the kinds are "
                           f"{', '.join(kinds)})")
        conditions.append("game_kind = ?")
        params.append(game)
    if name is not None:
        among = [title for kind, title in streams if game is None or kind == game]
        found = sorted(set(matches(name, among)), key=name_key)
        if not found:
            raise UnknownStream(game or "game", name, among)
        if len(found) > 1:
            raise BadValue(f"{shown(name)} could be any of {', '.join(map(repr, found))}: "
                           f"give more of the name")
        conditions.append("game_name = ?")
        params.append(found[0])
    return (" AND ".join(conditions) or None), params


def _rows(db: sqlite_utils.Database, view: str, where: str | None, params: list[str],
          *, events_as_json: bool) -> Iterator[Row]:
    for row in db.view(view).rows_where(where, params):
        if events_as_json and isinstance(row.get("event"), str):
            # A damaged entry is exported as the text it holds.
            with contextlib.suppress(ValueError):
                row["event"] = json.loads(row["event"])
        yield tuple(row.values())


def _csv(out: TextIO, headers: list[str], rows: Iterable[Row],
         cell: Callable[[str], str]) -> None:
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow([cell(header) for header in headers])
    for row in rows:
        writer.writerow(["" if value is None else cell(str(value)) for value in row])


def _json(out: TextIO, headers: list[str], rows: Iterable[Row], *, nl: bool) -> None:
    lines = output_rows(rows, headers, nl, False, False)  # type: ignore[no-untyped-call]
    encoding = getattr(out, "encoding", None)  # what the output cannot carry is escaped too
    for line in lines:
        if nl and line == "[]":
            continue  # sqlite-utils' "no rows" is an array; newline-delimited, it is no line
        out.write(json_safe(str(line), encoding))  # the one text rule's escapes
        out.write("\n")


def write(path: Path, out: TextIO, *, what: str = "events", fmt: str = "csv",
          game: str | None = None, name: str | None = None,
          cell: Callable[[str], str] = str) -> None:
    """Write ``what`` (a key of :data:`WHAT`) from the table file at ``path`` to ``out``
    in ``fmt`` (one of :data:`FORMATS`): events and games only of the kind ``game``
    and called ``name`` when given. CSV cells are passed through ``cell`` (a front
    door makes stored text safe to print with it); JSON escapes every control
    character, and gives each event as the JSON object it is."""
    if what not in WHAT:
        raise BadValue(f"an export is one of {', '.join(WHAT)}, got {shown(what)}")
    if fmt not in FORMATS:
        raise BadValue(f"an export's format is one of {', '.join(FORMATS)}, got {shown(fmt)}")
    if what not in GAME_VIEWS and (game is not None or name is not None):
        raise BadValue(f"a kind or name of game narrows only {' or '.join(GAME_VIEWS)}, "
                       f"not {what}")
    db = _open(path)
    try:
        if WHAT[what] not in db.view_names():  # dropped by a tool: no traceback
            raise TableDamaged(f"the table file {shown_path(path)} is damaged: its view "
                               f"{WHAT[what]} is missing; {RESTORE}")
        where, params = _game_filter(db, game, name)
        headers = [column.name for column in db.view(WHAT[what]).columns]
        rows = _rows(db, WHAT[what], where, params, events_as_json=fmt != "csv")
        if fmt == "csv":
            _csv(out, headers, rows, cell)
        else:
            _json(out, headers, rows, nl=fmt == "nl")
    except sqlite3.Error as error:
        raise TableDamaged(f"cannot read the table {shown_path(path)}: {error}") from None
    finally:
        db.close()
