"""``mistborn log``: everything the table remembers, newest last — rolls made outside a
Conflict and every step of the Conflicts, each with who and when. Undone steps stay,
marked as such: history is never deleted.
"""

from __future__ import annotations

import datetime
from typing import TYPE_CHECKING, Any

import click

from cli.common.help_layout import Command
from cli.common.output import echo_wrapped, json_option, plain, print_json
from cli.common.streams import history, log_last, taken_back
from cli.common.table_option import complete_conflict, open_table, table_option
from cli.conflict.stored import LogLine
from cli.conflict.stored import roll_lines as roll_lines  # read here before it moved

if TYPE_CHECKING:
    from conflict.state import State
    from table import Entry, Table

Line = LogLine


def _when(at: datetime.datetime) -> str:
    return at.astimezone().strftime("%Y-%m-%d %H:%M:%S")


def conflict_lines(table: Table, name: str) -> list[Line]:
    """Every step of the Conflict ``name``, undone ones included and marked."""
    from conflict import saved as conflicts
    from conflict.narrate import describe

    _saved, loaded = conflicts.load(table, name)
    everything: tuple[Entry, ...] = table.read(conflicts.KIND, name, include_undone=True).entries
    out: list[Line] = []
    for entry, text in history(everything, loaded, describe, _taken_back):
        line: dict[str, Any] = {"when": entry.at.isoformat(), "who": entry.who,
                                "kind": "conflict", "conflict": name, "seq": entry.seq,
                                "text": text, "event": entry.event}
        if entry.undone:
            line["undone_by"] = entry.undone_by
            line["text"] = f"{text} (undone by {entry.undone_by})"
        out.append((entry.at, entry.seq, line))
    return out


def participant_lines(table: Table, name: str, typed: str) -> list[Line]:
    """The steps of the Conflict ``name`` that are the participant's ``typed`` means:
    those written as them, and those whose event names them as the one acting, the
    target, a roller or the one damaged, read from the event and the Conflict as the
    live steps before it leave it (see :func:`conflict.involved.involved`; a step taken
    back is read there too)."""
    import bisect

    from characters.names import name_key
    from cli.common.errors import fail
    from conflict import saved as conflicts
    from conflict.errors import ConflictError
    from conflict.involved import involved
    from core.player_log import PlayerNotFound, resolve_player

    loaded = conflicts.load(table, name)[1]
    try:
        found = resolve_player(typed, [p.name for p in loaded.state.participants],
                               what="participant")
    except PlayerNotFound as error:
        fail(str(error))
    wanted = name_key(found)
    live = [entry.seq for entry in loaded.entries]

    def theirs(line: Line) -> bool:
        if name_key(line[2]["who"]) == wanted:
            return True
        at = bisect.bisect_left(live, line[1])
        try:
            event = (loaded.events[at] if at < len(live) and live[at] == line[1]
                     else conflicts.game().decode(line[2]["event"]))
        except ConflictError:  # a step taken back that no longer reads: only its writer's
            return False
        return any(name_key(person) == wanted for person in involved(loaded.states[at], event))

    return [line for line in conflict_lines(table, name) if theirs(line)]


def _taken_back(before: State, event: dict[str, Any]) -> str:
    """The sentence of a step taken back, told against the Conflict as the steps kept
    before it leave it (as it stood when the step was made, unless an earlier step was
    undone later); a few words when it no longer applies there."""
    from conflict.engine import apply
    from conflict.errors import ConflictError
    from conflict.narrate import describe
    from conflict.saved import game

    return taken_back(before, event, decode=game().decode, apply=apply, describe=describe,
                      brief=_brief, errors=ConflictError)


def _brief(event: dict[str, Any]) -> str:
    """A step taken back, in a few words (its sentence needed the state it had then)."""
    words = [str(event.get("type", "step")).replace("_", " ")]
    for key in ("name", "action"):
        if key in event:
            words.append(f"{key} {event[key]}")
    return " · ".join(words)


@click.command(cls=Command)
@click.option("--conflict", "-c", "conflict_name", metavar="NAME",
              shell_complete=complete_conflict,
              help="Only this Conflict's steps (a unique beginning or word of its name).")
@log_last("lines")
@click.option("--player", "-p", "participant", metavar="NAME",
              help="Only the steps of this participant of the Conflict (the current one "
                   "unless -c names another): those that name them — their actions and "
                   "what was done to them — and those written as them.")
@json_option
@table_option
def log(conflict_name: str | None, last: int | None, participant: str | None,
        as_json: bool) -> None:
    """Rolls and Conflict steps, newest last, with who and when.

    With --player NAME, one participant's steps in one Conflict: those that name them
    as the one acting, the target, a roller or the one damaged (their declarations,
    actions and rolls, attacks on them, their damage) and those written as them
    (--as NAME)."""
    from conflict import saved as conflicts

    with open_table(create=False) as table:
        lines: list[Line] = []
        if participant is not None:
            lines += participant_lines(table, conflicts.find(table, conflict_name),
                                       participant)
        elif conflict_name is not None:
            lines += conflict_lines(table, conflicts.find(table, conflict_name))
        else:
            lines += roll_lines(table.rolls())
            for name in conflicts.names(table):
                lines += conflict_lines(table, name)
    lines.sort(key=lambda line: (line[0], line[1]))
    if last is not None:
        lines = lines[-last:]
    if as_json:
        print_json([line for _, _, line in lines])
        return
    if not lines:
        echo_wrapped("Nothing yet: no rolls recorded, no Conflict started.")
        return
    for at, _, line in lines:
        where = f" · {plain(line['conflict'])}" if "conflict" in line else ""
        echo_wrapped(f"{_when(at)} · {plain(line['who'])}{where}: {plain(line['text'])}")
