"""What the board games' commands share: which game (``--game``), who writes
(``--as``), the table (``--db``), ``--json``; options that take several values
(``--players Ann Bo Cy``); and the report every write prints — the library's
sentence for each event written, what other players wrote meanwhile, and what comes
next.

Each game's group (:mod:`cli.stuffed`, :mod:`cli.deckbuilding`, :mod:`cli.housewar`)
gives a :class:`Face`: how its events and state are said. Every rule is the
library's; nothing here applies one. Light at import: no Rich, no SQLite, no game code.
"""

from __future__ import annotations

import bisect
import os
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

import attrs
import click

from cli.conflicts import who_option, writer
from cli.options import NumbersCommand
from cli.output import echo_wrapped, json_option, plain, print_json
from cli.table_option import open_table, table_option

if TYPE_CHECKING:
    from conflict.table import Table
    from conflict.table.sessions import Loaded, Recorded, Undid

F = TypeVar("F", bound=Callable[..., Any])

_GAME_KEY = "mistborn_conflict.game"


# --- options --------------------------------------------------------------------------------


def _keep_game(ctx: click.Context, _param: click.Parameter, value: str | None) -> None:
    if value is not None:
        if not value.strip():
            raise click.UsageError("--game needs a name, got an empty one", ctx)
        ctx.meta[_GAME_KEY] = value


def game_option(function: F) -> F:
    """``--game/-g NAME``: which game (default: the current one); ``new`` names the new
    game with it."""
    return click.option("--game", "-g", "game_name", metavar="NAME", expose_value=False,
                        callback=_keep_game,
                        help="Which game (default: the current one); with new, its name."
                        )(function)


def common(function: F) -> F:
    """The options every game command takes: --db, --game, --as, --json."""
    return table_option(game_option(who_option(json_option(function))))


def chosen_game() -> str | None:
    """The game named with ``--game``, if any."""
    value = click.get_current_context().meta.get(_GAME_KEY)
    return value if isinstance(value, str) else None


class ManyOption(click.Option):
    """An option that takes every value up to the next option: ``--players Ann Bo Cy``
    (also ``--players Ann,Bo,Cy``, or the option repeated). Its value is the list of
    what was typed, each item split at commas unless ``commas=False``."""

    def __init__(self, *args: Any, commas: bool = True, **kwargs: Any) -> None:
        kwargs["multiple"] = True
        self.commas = commas
        super().__init__(*args, **kwargs)

    def process_value(self, ctx: click.Context, value: Any) -> Any:
        value = super().process_value(ctx, value)
        if not value or not self.commas:
            return value
        return [part.strip() for item in value for part in str(item).split(",")
                if part.strip()]


class GameCommand(NumbersCommand):
    """A command whose :class:`ManyOption` options take several values, and whose
    arguments may be negative numbers (``unrest -1``, ``coins -3``)."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        many = {opt for param in self.get_params(ctx) if isinstance(param, ManyOption)
                for opt in param.opts}
        out: list[str] = []
        current: str | None = None  # the many-valued option being read
        empty = False  # it has no value yet
        for token in args:
            is_option = token.startswith("-") and len(token) > 1
            if current is not None and not is_option:
                out += [current, token]
                empty = False
                continue
            if current is not None and empty:
                out.append(current)  # given no value: click says so
            current, empty = (token, True) if token in many else (None, False)
            if current is None:
                out.append(token)
        if current is not None and empty:
            out.append(current)
        return super().parse_args(ctx, out)


class GameGroup(click.Group):
    """A game's group. Its commands are :class:`GameCommand` s; those listed in
    ``lazy`` (name → ``("module:attribute", short help)``) are imported on first use,
    so that ``mistborn stuffed odds`` loads the odds and nothing of the game."""

    command_class = GameCommand

    def __init__(self, *args: Any, lazy: dict[str, tuple[str, str]] | None = None,
                 **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.lazy = dict(lazy or {})

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*self.lazy, *super().list_commands(ctx)})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name in self.lazy:
            import importlib

            module_name, attr = self.lazy[cmd_name][0].split(":")
            command = getattr(importlib.import_module(module_name), attr)
            assert isinstance(command, click.Command)
            return command
        return super().get_command(ctx, cmd_name)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows = [(name, self.lazy[name][1]) for name in self.lazy]
        rows += [(name, command.get_short_help_str(60))
                 for name, command in self.commands.items() if name not in self.lazy]
        with formatter.section("Commands"):
            formatter.write_dl(rows)


# --- languages ---------------------------------------------------------------------------------


def locale_language() -> str:
    """``pl`` when the locale is Polish (the first of ``LC_ALL``, ``LC_MESSAGES``,
    ``LANG`` that is set starts with ``pl``), else ``en``."""
    for variable in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(variable, "")
        if value:
            return "pl" if value.lower().startswith("pl") else "en"
    return "en"


# --- reports ---------------------------------------------------------------------------------


@attrs.frozen
class Face:
    """How the command line says one game: its stream ``kind``; one sentence per event
    (``describe(before, event, after)``); what comes next (``next_line(state)``); the
    JSON fields a report adds about a state (``status``); and its few words in the
    language of the screen (``words``: ``next``, ``meanwhile``, ``undone``); and
    ``check(state)``, which refuses every step of a game that is over."""

    kind: str
    describe: Callable[[Any, Any, Any], str]
    next_line: Callable[[Any], str]
    status: Callable[[Any], dict[str, Any]] = lambda _state: {}
    words: Callable[[str], str] = lambda key: {"next": "Next", "meanwhile": "Meanwhile",
                                               "undone": "Undone",
                                               "undone_by": "{who}'s step was undone"}[key]
    # Refuses any step at all in this state (a game won), before a command reads what
    # was typed against it: the refusal then names the reason, not a missing die.
    check: Callable[[Any], None] = lambda _state: None


START_COMMANDS = {
    "stuffed": "mistborn stuffed new --players NAME:ATTRIBUTE…",
    "deckbuilding": "mistborn deckbuilding new --players NAMES…",
    "housewar": "mistborn housewar new --players N --length short",
}
"""What to type to start a game of each kind, told when there is none (or only its
set-up is left to undo)."""


def find_game(table: Table, kind: str, typed: str | None) -> str:
    """The game meant (see :func:`conflict.table.games.find`); a missing one is
    refused telling how to start one."""
    from conflict.table import games

    try:
        return games.find(table, kind, typed)
    except games.NoGame as error:
        raise error.hinted(START_COMMANDS[kind]) from None


def _event_type(event: dict[str, Any]) -> str:
    return str(event.get("type", "event")).replace("_", " ")


def _taken_back(face: Face, before: Any, event: dict[str, Any]) -> str:
    """The sentence of a step taken back, told against the game as the steps kept
    before it leave it; its type in a few words when it no longer applies there."""
    from boardgames.errors import GameError
    from conflict.table.games import rules

    game = rules(face.kind)
    try:
        decoded = game.decode(event)
        return face.describe(before, decoded, game.apply(before, decoded))
    except GameError:
        return _event_type(event)


def report(face: Face, name: str, steps: Sequence[tuple[Any, Any, Any]], state: Any, *,
           as_json: bool, version: int, said: Sequence[str] | None = None,
           meanwhile: Sequence[str] = (), extra: dict[str, Any] | None = None) -> None:
    """Print what happened and what comes next, or the same as one JSON document."""
    from conflict.table.games import rules

    lines = list(said) if said is not None else [face.describe(b, e, a) for b, e, a in steps]
    if as_json:
        encode = rules(face.kind).encode
        print_json({"game": name, "said": lines,
                    "events": [encode(event) for _, event, _ in steps],
                    "meanwhile": list(meanwhile), "next": face.next_line(state),
                    "version": version, **face.status(state), **(extra or {})})
        return
    for line in meanwhile:
        click.echo(f"{face.words('meanwhile')}: {plain(line)}")
    for line in lines:
        click.echo(plain(line))
    click.echo(f"{face.words('next')}: {plain(face.next_line(state))}")


def meanwhile_lines(face: Face, recorded: Recorded[Any, Any]) -> list[str]:
    """What other writers did since this one last looked."""
    lines = [f"{entry.who}: {_event_type(entry.event)}" for entry in recorded.meanwhile]
    lines += [face.words("undone_by").format(who=entry.who) for entry in recorded.taken_back]
    return lines


def record(face: Face, table: Table, build: Callable[[Any], Sequence[Any]], *,
           as_json: bool) -> Recorded[Any, Any]:
    """Write what ``build(state)`` returns to the chosen game, checked by its rules
    against the game as it stands at the moment of writing, and report it."""
    from conflict.table import games

    name = find_game(table, face.kind, chosen_game())

    def checked(state: Any) -> Sequence[Any]:
        face.check(state)
        return build(state)

    recorded = games.record(table, face.kind, name, checked, who=writer())
    report(face, name, recorded.steps, recorded.after, as_json=as_json,
           version=recorded.version, meanwhile=meanwhile_lines(face, recorded))
    return recorded


def write(face: Face, build: Callable[[Any], Sequence[Any]], *, as_json: bool) -> None:
    """:func:`record` on the table this command uses."""
    with open_table() as table:
        record(face, table, build, as_json=as_json)


def start(face: Face, events: Sequence[Any], *, as_json: bool) -> None:
    """Start a new game with its set-up ``events`` (named by ``--game``, else the
    first free ``Game N``), make it current, and report it."""
    from conflict.table import games

    with open_table() as table:
        name, recorded = games.start(table, face.kind, chosen_game(), events, who=writer())
    if not as_json:
        click.echo(f"{plain(name)}:")
    report(face, name, recorded.steps, recorded.after, as_json=as_json,
           version=recorded.version)


def undo(face: Face, *, as_json: bool) -> Undid[Any, Any]:
    """Take back the last step of the chosen game (every event it wrote) and report
    it."""
    from conflict.table import games

    with open_table() as table:
        name = find_game(table, face.kind, chosen_game())
        try:
            undid = games.undo(table, face.kind, name, who=writer())
        except games.SetupKept as error:
            raise error.hinted(START_COMMANDS[face.kind]) from None
    # Newest first: the way back.
    steps = [(after, event, before) for before, event, after in reversed(undid.steps)]
    said = [f"{face.words('undone')}: {face.describe(before, event, after)}"
            for after, event, before in steps]
    report(face, name, steps, undid.after, as_json=as_json, version=undid.version,
           said=said, extra={"undone": True})
    return undid


def load(kind: str) -> tuple[str, Loaded[Any, Any]]:
    """The chosen game of ``kind`` (read only: no table is made), replayed."""
    from conflict.table import games

    with open_table(create=False) as table:
        name = find_game(table, kind, chosen_game())
        return name, games.saved(table, kind, name).load()


def last_sentences(face: Face, loaded: Loaded[Any, Any], count: int) -> list[str]:
    """The sentences of the last ``count`` events."""
    events, states = loaded.events, loaded.states
    start_at = max(0, len(events) - count) if count else len(events)
    return [face.describe(states[i], events[i], states[i + 1])
            for i in range(start_at, len(events))]


# --- list, use, log --------------------------------------------------------------------------


def add_table_commands(group: click.Group, kind: str, face_of: Callable[[], Face],
                       summary: Callable[[Any], str],
                       extra: Callable[[Any], Any] = lambda function: function) -> None:
    """Add ``list``, ``use`` and ``log`` to the group of the game ``kind``: the games in
    the table, the current one, and one game's history with who and when (undone
    events marked). ``face_of`` and ``summary`` are called only when a command runs;
    ``extra`` adds the game's own options (the Deckbuilding Game's ``--lang``)."""

    @group.command("list", short_help="List the games in the table.")
    @table_option
    @json_option
    @extra
    def list_(as_json: bool) -> None:
        """List the games in the table; the current one is marked *."""
        from conflict.table import games

        rows: list[dict[str, Any]] = []
        with open_table(create=False) as table:
            for info in table.streams(kind):
                loaded = games.saved(table, kind, info.name).load()
                rows.append({"name": info.name, "current": info.current,
                             "events": len(loaded.events), "version": info.version,
                             "summary": summary(loaded.state)})
        if as_json:
            print_json(rows)
            return
        if not rows:
            click.echo(f"No games yet. Start one with: mistborn {kind} new")
            return
        for row in rows:
            mark = "*" if row["current"] else " "
            echo_wrapped(f"{mark} {plain(row['name'])} — {plain(row['summary'])}")

    @group.command("use", short_help="Make another game the current one.")
    @click.argument("name")
    @table_option
    @json_option
    @extra
    def use(name: str, as_json: bool) -> None:
        """Make the game NAME (any unique beginning of it) the current one."""

        with open_table(create=False) as table:
            info = table.set_current(kind, find_game(table, kind, name))
        if as_json:
            print_json({"current": info.name})
            return
        click.echo(f"{plain(info.name)} is now the current game.")

    @group.command("log", short_help="The game's events with who and when.")
    @click.option("--last", type=click.IntRange(1, 100_000), metavar="N",
                  help="Only the last N events.")
    @common
    @extra
    def log(last: int | None, as_json: bool) -> None:
        """Every event of the game, oldest first, with who wrote it and when; undone
        events stay, marked."""
        from conflict.table import games

        face = face_of()
        with open_table(create=False) as table:
            name = find_game(table, kind, chosen_game())
            loaded = games.saved(table, kind, name).load()
            everything = table.read(kind, name, include_undone=True).entries
        said = {entry.seq: face.describe(loaded.states[i], loaded.events[i],
                                         loaded.states[i + 1])
                for i, entry in enumerate(loaded.entries)}
        live = [entry.seq for entry in loaded.entries]
        lines = []
        for entry in everything:
            text = said.get(entry.seq) or _taken_back(
                face, loaded.states[bisect.bisect(live, entry.seq)], entry.event)
            line: dict[str, Any] = {"seq": entry.seq, "when": entry.at.isoformat(),
                                    "who": entry.who, "text": text, "event": entry.event}
            if entry.undone:
                line["undone_by"] = entry.undone_by
            lines.append(line)
        if last is not None:
            lines = lines[-last:]
        if as_json:
            print_json({"game": name, "events": lines})
            return
        for line in lines:
            when = entry_time(line["when"])
            undone = (f" ({face.words('undone').lower()}: {plain(line['undone_by'])})"
                      if "undone_by" in line else "")
            echo_wrapped(f"{line['seq']}. {when} {plain(line['who'])}: "
                       f"{plain(line['text'])}{undone}")


def wrapped(text: str, width: int, *, indent: int = 2, style: str = "") -> list[Any]:
    """``text`` (already made safe with ``plain``) as Rich ``Text`` lines at most
    ``width`` wide, broken between words, later lines indented."""
    from rich.text import Text

    lines: list[str] = []
    for word in text.split(" "):
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append((" " * indent if lines else "") + word)
    return [Text(line, style=style) for line in lines]


def entry_time(iso: str) -> str:
    """An entry's time as the local ``HH:MM``."""
    import datetime

    return datetime.datetime.fromisoformat(iso).astimezone().strftime("%H:%M")
