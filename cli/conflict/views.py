"""``mistborn conflict watch`` (the live board), ``conflict export`` (the account of a
fight) and ``conflict run`` (the guided round, :mod:`cli.conflict.run`).

The live board redraws when any process changes the table: it asks SQLite's
``PRAGMA data_version`` every few hundred milliseconds — a number that changes whenever
another connection commits — and redraws only on a change or a resize. It reads only
what the library says (the board of :mod:`cli.common.board`, sentences of
:mod:`conflict.narrate`); ``q`` or Ctrl-C quits.
"""

from __future__ import annotations

import contextlib
import os
import sys
import time
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import click

from cli.common.help_layout import Command
from cli.common.output import hanging, json_option, make_console, plain, print_json
from cli.common.table_option import open_table, table_option
from cli.common.values import Whole
from cli.conflict.group import (
    conflict_named,
    find_conflict,
    players_option,
    players_viewer,
    recent_lines,
)
from core.viewer import NARRATOR, Viewer

if TYPE_CHECKING:
    from rich.console import RenderableType
    from rich.text import Text

    from cli.common.board import BoardParts
    from conflict.state import State

POLL_SECONDS = 0.15  # how often the table is asked whether anything changed


# --- the account -----------------------------------------------------------------------


@click.command("export", cls=Command)
@conflict_named
@table_option
@json_option
def export(name: str | None, as_json: bool) -> None:
    """Write the account of the Conflict NAME (default: the current one) as Markdown:
    stakes, who took part, each round narrated, damage, defeats, the outcome. --json
    gives the raw events instead, with who sent each and when (undone ones marked)."""
    from cli.conflict.account import account
    from conflict import saved as conflicts

    with open_table(create=False) as table:
        found = find_conflict(table, name)
        _saved, loaded = conflicts.load(table, found)
        everything = table.read(conflicts.KIND, found, include_undone=True).entries
    if as_json:
        print_json([{"seq": entry.seq, "who": entry.who, "at": entry.at.isoformat(),
                     "undone_by": entry.undone_by, "event": entry.event}
                    for entry in everything])
        return
    # Stored text (a table written before the one rule) is printed escaped, never raw.
    click.echo(plain(account(found, loaded.events, loaded.states), lines=True), nl=False)


# --- the live board ---------------------------------------------------------------------


def _people_fitted(blocks: list[list[Text]], room: int) -> list[Text]:
    """The participants' rows that fit ``room`` rows, in board order: who moves now
    (``▶``) first, then the others in order; a row says how many are left out."""
    from rich.text import Text

    moving = [i for i, block in enumerate(blocks) if block[0].plain.startswith("▶")]
    chosen: set[int] = set()
    used = 0
    for index in [*moving, *(i for i in range(len(blocks)) if i not in moving)]:
        more = 1 if len(chosen) + 1 < len(blocks) else 0
        if used + len(blocks[index]) + more > room:
            break
        chosen.add(index)
        used += len(blocks[index])
    rows = [line for i, block in enumerate(blocks) if i in chosen for line in block]
    if len(chosen) < len(blocks):
        rows.append(Text(f"… and {len(blocks) - len(chosen)} more", style="dim"))
    return rows


def _fit(parts: BoardParts, height: int) -> list[Text]:
    """The rows of ``parts`` that fit ``height`` rows, the footer's row left out: the
    head's "Next" always; then the newest events, as many as half the room left takes
    (the newest always); then participants in board order (who moves now first), a row
    saying how many more there are; then older events in the room still left. Each
    row is one terminal line (the parts are broken to the width already)."""

    head = parts.head
    room = height - len(head)
    if room < 3:  # a very short screen: what comes next alone
        start = next((i for i, line in enumerate(head) if line.plain.startswith("Next")), 0)
        head = [line for line in head[start:] if line.plain]  # "Next", all its rows
        room = height - len(head)
    events: list[list[Text]] = []
    heading = len(parts.last_head)
    budget = max(0, room // 2 - heading)
    for event in reversed(parts.last):
        if events and sum(map(len, events)) + len(event) > budget:
            break
        events.insert(0, event)
    used = (heading + sum(map(len, events))) if events else 0
    people = _people_fitted(parts.people, room - used)
    for event in reversed(parts.last[:len(parts.last) - len(events)]):
        if len(people) + used + len(event) > room:
            break
        events.insert(0, event)
        used += len(event)
    last = [*parts.last_head, *(line for event in events for line in event)] if events else []
    return [*head, *people, *last][:max(0, height)]


def watch_view(state: State, last: list[str], width: int, height: int,
               name: str, viewer: Viewer = NARRATOR) -> RenderableType:
    """The board as ``viewer`` may see it (the players' screen leaves out what a
    player's board does), cut to fit ``height`` rows of ``width`` columns, counted as
    the terminal shows them (every line broken to the width first): what comes next,
    the newest events and the footer ("q quits") always show; older events and the
    participants last in order give way (see :func:`_fit`)."""
    from rich.console import Group
    from rich.text import Text

    from cli.common.board import board_parts

    parts = board_parts(state, width, last, viewer=viewer)
    footer = hanging(Text(f"{plain(name)} · q quits", style="dim"), width)[-1:]
    rows = parts.lines()
    if len(rows) + 1 > height:
        rows = _fit(parts, height - 1)
    return Group(*rows, *footer)


@contextlib.contextmanager
def keys() -> Iterator[int | None]:
    """Single keys from the terminal without Enter (cbreak), restored afterwards;
    ``None`` when standard input is not a terminal."""
    if not sys.stdin.isatty():
        yield None
        return
    import termios
    import tty

    fd = sys.stdin.fileno()
    saved = termios.tcgetattr(fd)
    try:
        tty.setcbreak(fd)
        yield fd
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, saved)


def _pressed(fd: int | None, timeout: float) -> bytes:
    import select

    if fd is None:
        time.sleep(timeout)
        return b""
    ready, _, _ = select.select([fd], [], [], timeout)
    return os.read(fd, 32) if ready else b""


@click.command("watch", cls=Command)
@conflict_named
@click.option("--last", default=5, show_default=True, type=Whole(0, 50),
              metavar="N", help="How many of the last events to show beneath.")
@players_option
@table_option
def watch(name: str | None, last: int, players: bool) -> None:
    """The board of the Conflict NAME (default: the current one), redrawn within a
    moment of any step or roll from any terminal or phone. q or Ctrl-C quits. With
    --players, a screen the players can see: Villains' and Extras' numbers stay
    hidden until revealed (mistborn conflict reveal)."""
    from rich.live import Live

    from conflict import saved as conflicts

    console = make_console()
    with open_table(create=False) as table:
        found = find_conflict(table, name)
        saved = conflicts.saved(table, found)

        def render() -> Any:
            loaded = saved.load()
            viewer = players_viewer(table, found) if players else NARRATOR
            lines = recent_lines(table, loaded, last, viewer=viewer)
            size = console.size
            return watch_view(loaded.state, lines, size.width, size.height, found, viewer)

        seen = (table.data_version(), console.size)
        with keys() as fd, Live(render(), console=console, screen=console.is_terminal,
                                auto_refresh=False, transient=False) as live:
            while True:
                pressed = _pressed(fd, POLL_SECONDS)
                if pressed[:1] in (b"q", b"Q", b"\x1b"):
                    break
                now = (table.data_version(), console.size)
                if now != seen or pressed:
                    seen = now
                    live.update(render(), refresh=True)



__all__ = ["export", "watch"]
