"""What the board games' commands share: which game (``--game``), who writes
(``--as``), the table (``--db``), ``--json``; options that take several values
(``--players Ann Bo Cy``); and the report every write prints (the library's
sentences, what others wrote meanwhile, what comes next). Run for a seat
(:mod:`cli.boardgames.seat`), a command writes, reads and draws for it instead.

Each game's group (:mod:`cli.boardgames.stuffed`, :mod:`cli.boardgames.deckbuilding`,
:mod:`cli.boardgames.housewar`) gives a :class:`Face`: how its events and state are
said. Every rule is the library's; nothing here applies one. Light at import: no Rich,
no SQLite, no game code.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

import attrs
import click

from boardgames.errors import GameError
from cli.boardgames.drawing import STYLES as STYLES
from cli.boardgames.drawing import drawn as drawn
from cli.boardgames.drawing import entry_time
from cli.boardgames.drawing import locale_language as locale_language
from cli.boardgames.drawing import rows as rows
from cli.boardgames.drawing import wrapped as wrapped
from cli.boardgames.seat import current as current_seat
from cli.common.decorators import F
from cli.common.errors import fail
from cli.common.lazy_commands import LazyGroup
from cli.common.output import echo_wrapped, json_option, plain, print_json
from cli.common.step_commands import ManyOption as ManyOption
from cli.common.step_commands import StepCommand
from cli.common.step_commands import command as step_command
from cli.common.streams import (
    ENGLISH,
    history,
    last_steps,
    list_streams,
    log_last,
    remember,
    remembered,
    report_json,
    report_lines,
    stream_options,
    taken_back,
    use_stream,
    who_option,
    writer,
)
from cli.common.streams import meanwhile_lines as stream_meanwhile
from cli.common.table_option import complete_game, open_table, table_option
from cli.common.values import Whole
from core.lazy import named
from core.steps import Who

if TYPE_CHECKING:
    from core.game import Game
    from core.steps import Step
    from table import Entry, StreamInfo, Table
    from table.sessions import Loaded, Recorded, Undid


_GAME_KEY = "mistborn_conflict.game"


# --- options --------------------------------------------------------------------------------


def game_option(function: F) -> F:
    """``--game/-g NAME``: which game (default: the current one); ``new`` names the new
    game with it."""
    return click.option("--game", "-g", "game_name", metavar="NAME", expose_value=False,
                        callback=remember(_GAME_KEY), shell_complete=complete_game,
                        help="Which game (default: the current one); with new, its name."
                        )(function)


common = stream_options(game_option)


def game_group(kind: str, lazy: Mapping[str, tuple[str, str]], *, steps: str,
               reads: Sequence[str] = (), cls: type[GameGroup] | None = None
               ) -> Callable[[Callable[..., Any]], GameGroup]:
    """The group of the game ``kind`` (``cls``, default :class:`GameGroup`): its commands
    kept in other modules (``lazy``, in the order its help lists them after the steps,
    but ``new``, listed first), those of them that only read (``reads``: anyone may ask
    them at any time, :attr:`core.steps.Who.READ`; the others are the host's), its table
    of steps (``steps``: ``"module:NAME"``), its face (``cli.boardgames.KIND:face``) and
    the options every game's group takes: the table, which game, who writes."""

    def make(function: Callable[..., Any]) -> GameGroup:
        group = click.group(cls=cls or GameGroup, lazy=lazy, first=("new",),
                            steps=steps, face=f"cli.boardgames.{kind}:face", game_kind=kind,
                            reads=frozenset(reads),
                            context_settings={"help_option_names": ["-h", "--help"]})
        made = group(table_option(game_option(who_option(function))))
        assert isinstance(made, GameGroup)
        return made

    return make
"""The options every game command takes: --db, --game, --as, --json."""


def chosen_game() -> str | None:
    """The game named with ``--game``, if any."""
    return remembered(_GAME_KEY)


GameCommand = StepCommand
"""A board game's command (see :class:`~cli.common.step_commands.StepCommand`)."""


game_command = functools.partial(click.command, cls=GameCommand)
"""A game's command kept in a module of its own, loaded when used: its group's lazy map
names it with its short help (:class:`GameGroup`)."""


class GameGroup(LazyGroup):
    """A game's group (:class:`cli.common.lazy_commands.LazyGroup`): its steps come from
    the game's table of steps, each made a click command when used
    (:mod:`cli.common.step_commands`) and written for the game's :class:`Face`
    (``face``: ``"module:NAME"`` of the function giving it); its other commands are
    named in its lazy map, imported on first use, so that ``mistborn stuffed odds``
    loads the odds and nothing of the game."""

    command_class = GameCommand
    noun = "game"
    keeps_setup = True

    def __init__(self, *args: Any, face: str = "", game_kind: str = "",
                 reads: frozenset[str] = frozenset(), **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.face_at = face
        self.game_kind = game_kind  # its stream kind (completing a game's name)
        unknown = reads - set(self.lazy)
        assert not unknown, f"only a command of the lazy map reads: {sorted(unknown)}"
        self.reads = reads

    def who(self, name: str) -> Who:
        """Who may run the command ``name``: a step's is its table's; a command that
        only reads (``reads`` of :func:`game_group`) anyone's, at any time; every other
        command (``new``, ``show``, ``undo``…) the host's."""
        if name in self.reads:
            return Who.READ
        steps = self.steps
        if name not in self.lazy and steps is not None and name in steps.names():
            return steps[name].who
        return Who.HOST

    def face(self) -> Face:
        """How the command line says the game."""
        found: Face = named(self.face_at)()
        return found

    def step_command(self, step: Step[Any]) -> click.Command:
        """The click command of one of the game's steps."""

        def run(step: Step[Any], values: dict[str, Any], as_json: bool) -> None:
            write(self.face(), lambda state: step.build(state, values), as_json=as_json)

        return step_command(step, run, self.options, lambda: state_now(self.face().kind))

    def options(self, function: Callable[..., Any]) -> Callable[..., Any]:
        """The options every step of the game takes: --db, --game, --as, --json."""
        return common(function)

    def take_back(self, *, anyone: bool, as_json: bool) -> None:
        """Take back the last step of the chosen game (``undo``)."""
        undo(self.face(), as_json=as_json, anyone=anyone)


def state_now(kind: str) -> Any:
    """The chosen game of ``kind`` as it stands, for completing a word; ``None`` when
    there is none to read (no table, no game, a damaged file: completion says nothing)."""
    try:
        return load(kind)[1].state
    except Exception:  # completing never fails a shell
        return None


# --- languages ---------------------------------------------------------------------------------


# --- reports ---------------------------------------------------------------------------------


@attrs.frozen
class Face:
    """How the command line says one game: its stream ``kind``; one sentence per event
    (``describe(before, event, after)``); what comes next (``next_line(state)``); the
    JSON fields a report adds about a state (``status``); and its few words in the
    language of the screen (``words``: ``next``, ``meanwhile``, ``undone``); and
    ``check(state)``, which refuses every step of a game that is over. What Conflicts
    and games say alike is :mod:`cli.common.streams`'."""

    kind: str
    describe: Callable[[Any, Any, Any], str]
    next_line: Callable[[Any], str]
    status: Callable[[Any], dict[str, Any]] = lambda _state: {}
    words: Mapping[str, str] = ENGLISH
    # Refuses any step at all in this state (a game won), before a command reads what
    # was typed against it: the refusal then names the reason, not a missing die.
    check: Callable[[Any], None] = lambda _state: None
    # The end-of-game summary in the screen's language (default: the game's own, for
    # the Narrator); nothing while the game goes on.
    final: Callable[[Any], Sequence[str]] | None = None
    # Events written before each step, read from the state and the table's clock (House
    # War's negotiation time running out).
    prelude: Callable[[Any], Sequence[Any]] = lambda _state: ()
    # The board a player's shell shows: ``board(name, state, width, said, following,
    # viewer)`` draws the game for ``viewer`` at ``width`` with the last sentences and
    # what comes next; ``board_summary``: it says the end-of-game summary itself.
    board: Callable[[str, Any, int, Sequence[str], str, Any], list[Any]] = \
        lambda *_drawn: []
    board_summary: bool = False

    def summary(self, state: Any) -> list[str]:
        """The end-of-game summary of ``state``, as plain lines; empty before the end."""
        if self.final is not None:
            return list(self.final(state))
        from core.viewer import NARRATOR
        from table.games import rules

        return list(rules(self.kind).summary(state, NARRATOR))


START_COMMANDS = {"stuffed": "mistborn stuffed new --players NAME:ATTRIBUTE…",
                  "deckbuilding": "mistborn deckbuilding new --players NAMES…",
                  "housewar": "mistborn housewar new --players N --length short"}
"""What to type to start a game of each kind, when there is none (or only its set-up)."""


def find_game(table: Table, kind: str, typed: str | None) -> str:
    """The game meant (:func:`table.games.find`); if none, how to start one."""
    from table import games

    try:
        return games.find(table, kind, typed)
    except games.NoGame as error:
        raise error.hinted(START_COMMANDS[kind]) from None


def _event_type(event: dict[str, Any]) -> str:
    return str(event.get("type", "event")).replace("_", " ")


def report(face: Face, name: str, steps: Sequence[tuple[Any, Any, Any]], state: Any, *,
           as_json: bool, version: int, said: Sequence[str] | None = None,
           meanwhile: Sequence[str] = (), extra: dict[str, Any] | None = None) -> None:
    """Print what happened and what comes next, or the same as one JSON document."""
    from table.games import rules

    lines = list(said) if said is not None else [face.describe(b, e, a) for b, e, a in steps]
    # The step that ends the game says the summary once; later reports do not.
    ending = face.summary(state) if steps and not face.summary(steps[0][0]) else []
    if as_json:
        encode = rules(face.kind).encode
        fields = {**face.status(state), **({"summary": ending} if ending else {}),
                  **(extra or {})}
        print_json(report_json(lines, [encode(event) for _, event, _ in steps],
                               face.next_line(state), version, meanwhile=meanwhile,
                               game=name, extra=fields))
        return
    reported = report_lines(lines, plain(face.next_line(state)), meanwhile=meanwhile,
                            words=face.words)
    for line in reported[:-1] + summary_lines(face, ending) + reported[-1:]:
        echo_wrapped(line)  # as a Conflict's sentences: to the screen, hanging


def summary_lines(face: Face | Mapping[str, str], ending: Sequence[str]) -> list[str]:
    """The end-of-game summary under its heading, in the words of ``face`` (or a map)."""
    if not ending:
        return []
    words = face.words if isinstance(face, Face) else face
    return [f"{words.get('summary', 'Summary')}:", *(f"  {plain(line)}" for line in ending)]


def meanwhile_lines(face: Face, recorded: Recorded[Any, Any]) -> list[str]:
    """What other writers did since this one last looked."""
    return stream_meanwhile(recorded, _event_type, face.words)


def record(face: Face, table: Table, build: Callable[[Any], Sequence[Any]], *,
           as_json: bool) -> Recorded[Any, Any]:
    """Write what ``build(state)`` returns to the chosen game, checked by its rules
    against the game as it stands at the moment of writing, and report it."""
    from table import games

    name = find_game(table, face.kind, chosen_game())

    def checked(state: Any) -> Sequence[Any]:
        face.check(state)
        return [*face.prelude(state), *build(state)]

    recorded = games.record(table, face.kind, name, checked, who=writer())
    report(face, name, recorded.steps, recorded.after, as_json=as_json,
           version=recorded.version, meanwhile=meanwhile_lines(face, recorded))
    return recorded


def write(face: Face, build: Callable[[Any], Sequence[Any]], *, as_json: bool) -> None:
    """:func:`record` on the table this command uses (or for its seat: :mod:`.seat`)."""
    if (seat := current_seat()) is None:
        with open_table() as table:
            record(face, table, build, as_json=as_json)
    else:
        seat.write(face, build)


def start(face: Face, events: Sequence[Any], *, as_json: bool) -> None:
    """Start a new game with its set-up ``events`` (named by ``--game``, else the
    first free ``Stuffed N``, unique in the table), make it current, and report it."""
    from table import games

    with open_table() as table:
        name, recorded = games.start(table, face.kind, chosen_game(), events, who=writer())
    if not as_json:
        echo_wrapped(f"{plain(name)}:")
    report(face, name, recorded.steps, recorded.after, as_json=as_json,
           version=recorded.version)


def undo(face: Face, *, as_json: bool, anyone: bool = False) -> Undid[Any, Any]:
    """Take back the last step of the chosen game (every event it wrote) and report
    it: only when this writer wrote it, unless ``anyone``."""
    from table import NotYourStep, games

    with open_table() as table:
        name = find_game(table, face.kind, chosen_game())
        try:
            undid = games.undo(table, face.kind, name, who=writer(), own=not anyone)
        except games.SetupKept as error:
            raise error.hinted(START_COMMANDS[face.kind]) from None
        except NotYourStep as error:
            fail(face.words["not_yours"].format(name=repr(plain(name)), who=plain(error.who),
                                                anyone="--anyone"))
    # Newest first: the way back.
    steps = [(after, event, before) for before, event, after in reversed(undid.steps)]
    said = [f"{face.words['undone']}: {face.describe(before, event, after)}"
            for after, event, before in steps]
    report(face, name, steps, undid.after, as_json=as_json, version=undid.version,
           said=said, extra={"undone": True})
    return undid


def load(kind: str) -> tuple[str, Loaded[Any, Any]]:
    """The chosen game of ``kind`` (read only: no table is made), replayed."""
    from table import games

    if (seat := current_seat()) is not None:
        return seat.load(kind)

    with open_table(create=False) as table:
        name = find_game(table, kind, chosen_game())
        return name, games.saved(table, kind, name).load()


def last_sentences(face: Face, loaded: Loaded[Any, Any], count: int) -> list[str]:
    """The sentences of the last ``count`` events."""
    return last_steps(loaded.states, loaded.events, count, face.describe)


# --- show ------------------------------------------------------------------------------------


def show_last(function: F) -> F:
    """``--last N``: how many of the game's last events ``show`` says (default 3)."""
    return click.option("--last", default=3, show_default=True, type=Whole(0, 100),
                        metavar="N", help="How many of the last events to show.")(function)


class Showing(NamedTuple):
    """What ``show`` draws of the chosen game, replayed: its ``name``, the ``loaded``
    game, the sentences of its ``last`` events and its ``summary`` (empty before the
    end)."""

    name: str
    loaded: Loaded[Any, Any]
    last: list[str]
    summary: list[str]


def showing(face: Face, count: int) -> Showing:
    """The chosen game of ``face``'s kind as ``show`` draws it, with the sentences of its
    last ``count`` events."""
    name, loaded = load(face.kind)
    return Showing(name, loaded, last_sentences(face, loaded, count),
                   face.summary(loaded.state))


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
        list_games(kind, summary, as_json=as_json)

    @group.command("use", short_help="Make another game the current one.")
    @click.argument("name", shell_complete=complete_game)
    @table_option
    @json_option
    @extra
    def use(name: str, as_json: bool) -> None:
        """Make the game NAME (any unique beginning of it) the current one."""

        use_stream(kind, name, lambda table, typed: find_game(table, kind, typed),
                   what="game", as_json=as_json)

    @group.command("log", short_help="The game's events with who and when.")
    @log_last("events")
    @click.option("--player", "-p", "player", metavar="NAME",
                  help="Only NAME's steps: written by NAME, made in NAME's turns, or "
                       "naming or changing NAME (what was done to them). Any unique "
                       "beginning or word of the name.")
    @common
    @extra
    def log(last: int | None, player: str | None, as_json: bool) -> None:
        """Every event of the game, oldest first, with who wrote it and when; undone
        events stay, marked.

        With --player NAME, a player's (or a House's) own history: the steps NAME
        wrote, every step of NAME's turns, and the steps that name or change NAME —
        what was done to them on other turns (damage, an attack, the Target, Favor, a
        Teammate)."""
        game_log(face_of(), last, as_json=as_json, player=player)


def list_games(kind: str, summary: Callable[[Any], str], *, as_json: bool) -> None:
    """``list``: the games of ``kind`` in the table, each in a few words."""
    from table import games

    def row(table: Table, info: StreamInfo) -> dict[str, Any]:
        loaded = games.saved(table, kind, info.name).load()
        return {"name": info.name, "current": info.current, "events": len(loaded.events),
                "version": info.version, "summary": summary(loaded.state)}

    list_streams(kind, row, as_json=as_json, text=lambda found: plain(found["summary"]),
                 empty=f"No games yet. Start one with: mistborn {kind} new")


def _steps_of(game: Game[Any, Any], loaded: Loaded[Any, Any], everything: Sequence[Entry],
              typed: str) -> tuple[str, set[int]]:
    """The player ``typed`` means, and the numbers of their steps among ``everything``
    (see :func:`core.player_log.concerns`): whose turn it was is read from the state
    the live steps before each step leave, and whom a step changes from that state and
    the one after it (a step taken back: after it, applied there again)."""
    import bisect

    from core.player_log import PlayerNotFound, concerns, resolve_player

    try:
        player = resolve_player(typed, game.players(loaded.state)[0])
    except PlayerNotFound as error:
        fail(str(error))
    live = [entry.seq for entry in loaded.entries]
    theirs = set()
    for entry in everything:
        at = bisect.bisect_left(live, entry.seq)
        before = loaded.states[at]
        if concerns(player, who=entry.who, event=entry.event,
                    turn_of=game.players(before)[1],
                    changed=game.changed(before, _after(game, loaded, at, entry))):
            theirs.add(entry.seq)
    return player, theirs


def _after(game: Game[Any, Any], loaded: Loaded[Any, Any], at: int, entry: Entry) -> Any:
    """The state after ``entry``, the ``at``-th live step or, taken back, applied again
    to the state the live steps before it leave (that state when it no longer applies
    there)."""
    if at < len(loaded.entries) and loaded.entries[at].seq == entry.seq:
        return loaded.states[at + 1]
    try:
        return game.apply(loaded.states[at], game.decode(entry.event))
    except GameError:
        return loaded.states[at]


def history_of(table: Table, kind: str, name: str, describe: Callable[[Any, Any, Any], str],
               player: str | None = None) -> tuple[str | None, list[tuple[Entry, str]]]:
    """Every step of the game ``name`` of ``kind``, taken back ones included, with its
    sentence (``describe(before, event, after)``); only ``player``'s when one is named
    (a player's own history: their steps, their turns, what named or changed them),
    with the player the name typed means."""
    from table import games

    game = games.rules(kind)
    loaded = games.saved(table, kind, name).load()
    everything = table.read(kind, name, include_undone=True).entries
    told = history(everything, loaded, describe, lambda before, event: taken_back(
        before, event, decode=game.decode, apply=game.apply, describe=describe,
        brief=_event_type, errors=GameError))
    if player is None:
        return None, told
    meant, theirs = _steps_of(game, loaded, everything, player)
    return meant, [(entry, text) for entry, text in told if entry.seq in theirs]


def game_log(face: Face, last: int | None, *, as_json: bool, player: str | None = None
             ) -> None:
    """``log``: every event of the chosen game with who and when, undone ones marked;
    only ``player``'s steps when one is named."""
    kind = face.kind
    with open_table(create=False) as table:
        name = find_game(table, kind, chosen_game())
        player, told = history_of(table, kind, name, face.describe, player)
    lines = []
    for entry, text in told:
        line: dict[str, Any] = {"seq": entry.seq, "when": entry.at.isoformat(),
                                "who": entry.who, "text": text, "event": entry.event}
        if entry.undone:
            line["undone_by"] = entry.undone_by
        lines.append(line)
    if last is not None:
        lines = lines[-last:]
    if as_json:
        print_json({"game": name, **({} if player is None else {"player": player}),
                    "events": lines})
        return
    for line in lines:
        when = entry_time(line["when"])
        undone = (f" ({face.words['undone'].lower()}: {plain(line['undone_by'])})"
                  if "undone_by" in line else "")
        echo_wrapped(f"{line['seq']}. {when} {plain(line['who'])}: "
                     f"{plain(line['text'])}{undone}")
