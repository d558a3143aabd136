"""``mistborn conflict``: Conflicts saved in the table, run step by step.

Set-up (``new``, ``add``, ``list``, ``use``), the board (``show``), and what every step
command shares: which Conflict (``--conflict``, else the current one), who is writing
(``--as``, else ``$MISTBORN_AS``, else the login name), and the report each prints —
the library's sentence for every event written, what changed meanwhile if another
process wrote first, and what comes next. The step commands are made from the
Conflict's table of steps (:mod:`conflict.intents.step_table`) when one is used; the
guided round, the live board, the export and the simulation live in their own modules,
loaded when used (:data:`LAZY`). Every rule is the engine's; nothing here applies one.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Final

import click

from cli.common.decorators import F
from cli.common.errors import fail
from cli.common.lazy_commands import LazyGroup
from cli.common.options import NumbersCommand
from cli.common.output import echo_wrapped, json_option, make_console, plain, print_json
from cli.common.streams import (
    ENGLISH,
    list_streams,
    remember,
    remembered,
    report_json,
    stream_options,
    use_stream,
)
from cli.common.streams import meanwhile_lines as stream_meanwhile
from cli.common.streams import report_lines as stream_report
from cli.common.streams import who_option as who_option  # re-exported: the step commands use it
from cli.common.streams import writer as writer  # re-exported: the step commands use it
from cli.common.table_option import (
    complete_character,
    complete_conflict,
    complete_participant,
    open_table,
    table_option,
)
from cli.common.twins import UNDO
from cli.common.values import Whole
from cli.conflict.stored import from_view as _from_view
from cli.conflict.stored import with_rolls as with_rolls  # read here before it moved
from conflict.errors import possessive
from core.viewer import NARRATOR, Viewer

if TYPE_CHECKING:

    from characters.model import Character
    from conflict.events import Event
    from conflict.state import State
    from core.steps import Step
    from table import StreamInfo, Table
    from table.sessions import Loaded, Recorded, Undid


_CONFLICT_KEY = "mistborn_conflict.conflict"


# --- shared options ----------------------------------------------------------------------


def players_option(function: F) -> F:
    """``--players``: a screen the players see (Villains' and Extras' numbers hidden
    until the Narrator reveals them)."""
    return click.option(
        "--players", is_flag=True,
        help="For a screen the players see: Villains' and Extras' numbers stay hidden "
             "until revealed.")(function)


def conflict_option(function: F) -> F:
    """``--conflict/-c NAME``: which Conflict (default: the current one)."""
    return click.option("--conflict", "-c", "conflict_name", metavar="NAME", expose_value=False,
                        callback=remember(_CONFLICT_KEY), shell_complete=complete_conflict,
                        help="The Conflict (default: the current one).")(function)


def conflict_named(function: F) -> F:
    """An optional ``NAME`` argument and ``--conflict/-c NAME``, for the commands that
    look at one whole Conflict (``show``, ``simulate``, ``run``, ``watch``, ``export``):
    either spelling names it, as on the step commands; :func:`find_conflict` finds it."""
    function = click.argument("name", required=False, shell_complete=complete_conflict
                              )(function)
    return conflict_option(function)


def find_conflict(table: Table, name: str | None) -> str:
    """The Conflict meant by ``name`` (the command's ``NAME``) or ``--conflict``, else
    the current one; refused when both are given and mean two Conflicts."""
    from conflict.which import find

    option = chosen_conflict()
    found = find(table, name if name is not None else option)
    if name is not None and option is not None:
        other = find(table, option)
        if other != found:
            fail(f"NAME {name!r} is the Conflict {found!r} but --conflict {option!r} is "
                 f"{other!r}: name one Conflict")
    return found


common = stream_options(conflict_option)
"""The options every Conflict command takes: --db, --conflict, --as, --json."""


def chosen_conflict() -> str | None:
    """The Conflict named on the command line, if any."""
    return remembered(_CONFLICT_KEY)


# --- reports --------------------------------------------------------------------------------


def sentences(steps: Sequence[tuple[State, Event, State]]) -> list[str]:
    """The library's sentence for each step."""
    from conflict.narrate import describe

    return [describe(before, event, after) for before, event, after in steps]


def meanwhile_lines(recorded: Recorded[State, Event]) -> list[str]:
    """What other writers did since this one last looked (see ``Recorded``)."""
    from conflict.saved import game

    decode = game().decode  # as the table stores events: text kept as it was stored
    return [plain(line) for line in stream_meanwhile(recorded, lambda event: decode(event).TYPE)]


def report(said: Sequence[str], state: State, *, as_json: bool, version: int,
           events: Sequence[Event] = (), meanwhile: Sequence[str] = (),
           extra: dict[str, Any] | None = None) -> None:
    """Print what happened and what comes next, or the same as JSON."""
    from cli.common.board import next_line
    from conflict.whatnow import what_now

    if as_json:
        from conflict.serial import event_to_dict

        now = what_now(state)
        print_json(report_json(
            said, [event_to_dict(event) for event in events],
            {"expect": now.expect.value, "who": list(now.who), "action": now.action,
             "line": next_line(state)}, version, meanwhile=meanwhile, extra=extra))
        return
    for line in report_lines(said, state, meanwhile=meanwhile):
        echo_wrapped(line)


def report_lines(said: Sequence[str], state: State, *, meanwhile: Sequence[str] = ()
                 ) -> list[str]:
    """The lines of a step's report, each safe to print: what changed meanwhile, the
    library's sentences, and what comes next (the player shell shows the same)."""
    from cli.common.board import next_line

    return stream_report(said, next_line(state), meanwhile=meanwhile)


def report_recorded(recorded: Recorded[State, Event], *, as_json: bool) -> None:
    """Report a :class:`Recorded` write."""
    report(sentences(recorded.steps), recorded.after, as_json=as_json,
           version=recorded.version, events=recorded.events,
           meanwhile=meanwhile_lines(recorded))


def report_undone(undid: Undid[State, Event], *, as_json: bool) -> None:
    """Report an undo."""
    from conflict.narrate import describe

    said = f"{ENGLISH['undone']}: {describe(undid.after, undid.event, undid.before)}"
    report([said], undid.after, as_json=as_json, version=undid.version, events=[undid.event],
           extra={"undone": True})


def record(table: Table, build: Callable[[State], Sequence[Event]], *, as_json: bool) -> None:
    """Write what ``build(state)`` returns to the chosen Conflict, checked by the engine
    against the Conflict as it stands at the moment of writing, and report it."""
    from conflict import saved as conflicts

    name = conflicts.find(table, chosen_conflict())
    recorded = conflicts.record(table, name, build, who=writer())
    report_recorded(recorded, as_json=as_json)


def participant(state: State, typed: str) -> str:
    """The participant meant by ``typed`` (a unique beginning or word of its name)."""
    from characters.lookup import resolve

    return resolve(typed, [p.name for p in state.participants], what="participant")


# --- the group ---------------------------------------------------------------------------------


LAZY: Final = {
    "undo": UNDO,
    "run": ("cli.conflict.run:run", "The guided round: asks each step, saves as it goes."),
    "watch": ("cli.conflict.views:watch", "The live board: redraws as anyone plays."),
    "export": ("cli.conflict.views:export", "The account of a fight, as Markdown."),
    "simulate": ("cli.conflict.simulate:simulate",
                 "Who wins this fight? Play it on many times."),
}
"""The commands kept in other modules, loaded when one is used (start-up time)."""


class ConflictGroup(LazyGroup):
    """``mistborn conflict``: its set-up and board here, its other commands in
    :data:`LAZY`, and a command per step of the Conflict's table of steps
    (:mod:`conflict.intents.step_table`), each writing to the chosen Conflict."""

    noun = "Conflict"
    keeps_setup = False

    def step_command(self, step: Step[Any]) -> click.Command:
        def run(step: Step[Any], values: dict[str, Any], as_json: bool) -> None:
            with open_table() as table:
                record(table, lambda state: step.build(state, values), as_json=as_json)

        from cli.common.step_commands import command  # a step's command only (start-up)

        return command(step, run, common, conflict_now)

    def options(self, function: Callable[..., Any]) -> Callable[..., Any]:
        """The options of every step: --db, --conflict, --as, --json."""
        return common(function)

    def take_back(self, *, anyone: bool, as_json: bool) -> None:
        """Take back the last step of the chosen Conflict (``undo``)."""
        from conflict import saved as conflicts
        from conflict.state import Phase
        from table import NotYourStep

        with open_table() as table:
            name = conflicts.find(table, chosen_conflict())
            try:
                undid = conflicts.undo(table, name, who=writer(), own=not anyone)
            except NotYourStep as error:
                fail(f"{error} (undo --anyone takes it back)")
        report_undone(undid, as_json=as_json)
        if undid.after.phase is Phase.NOT_STARTED and not as_json:  # its start taken back
            import shlex

            echo_wrapped(f"Begin it again with: mistborn conflict new {shlex.quote(name)} "
                         f"--physical, --mental or --social")


def conflict_now() -> State | None:
    """The chosen Conflict as it stands, for completing a word; ``None`` when there is
    none to read (completion says nothing)."""
    from conflict import saved as conflicts

    try:
        with open_table(create=False) as table:
            return conflicts.load(table, chosen_conflict())[1].state
    except Exception:  # completing never fails a shell
        return None


@click.group(cls=ConflictGroup, lazy=LAZY, steps="conflict.intents.step_table:STEPS",
             first=("new", "add"), context_settings={"help_option_names": ["-h", "--help"]})
@table_option
@conflict_option
@who_option
def conflict() -> None:
    """Conflicts saved in the table, run step by step.

    \b
    Start: new NAME --physical
           add tamsin hazekillers
    Round: declare, test, act, change,
           hold, defend, react, take,
           roll, damage, end-round
    Also:  swap, reorder, defeat NAME
    End:   end OUTCOME
    Slip:  undo
    See:   show; mistborn log
    Show players: reveal NAME

    Characters are found by any unique beginning or word of their name. Every step is
    saved at once; several people may write to the same table.
    """


# A negative number typed for a step's dice or action is the rules' to refuse, by rule
# ("R-CON-7: dice must be 0–40, got -1"), not click's "No such option: -1".
conflict.command_class = NumbersCommand


@conflict.command("new", short_help="Start a Conflict and make it current.")
@click.argument("name")
@click.option("--physical", is_flag=True, help="It hurts bodies (Health).")
@click.option("--social", is_flag=True, help="It hurts names (Reputation).")
@click.option("--mental", is_flag=True, help="It hurts minds (Willpower).")
@click.option("--stakes", default="", metavar="TEXT", help="What the fight is over.")
@click.option("--scope", default="", metavar="TEXT", help="Where and how far it goes.")
@common
def new(name: str, physical: bool, social: bool, mental: bool, stakes: str, scope: str,
        as_json: bool) -> None:
    """Start the Conflict NAME (R-CON-1) and make it the current one."""
    from conflict import saved as conflicts
    from conflict.events import Nature

    natures = [nature for nature, given in (("physical", physical), ("social", social),
                                            ("mental", mental)) if given]
    if not natures:
        fail("say what the Conflict hurts: --physical, --social or --mental")
    if len(natures) > 1:
        fail(f"a Conflict is of one nature (R-CON-1): --{' and --'.join(natures)} were "
             f"given")
    nature = natures[0]
    with open_table() as table:
        recorded = conflicts.start(table, name, Nature(nature), stakes=stakes, scope=scope,
                                   who=writer())
    report_recorded(recorded, as_json=as_json)


def _default_side(character: Character) -> str:
    from characters.model import Kind

    return "crew" if character.kind is Kind.HERO else "opposition"


@conflict.command("add", short_help="Bring characters from the table into the Conflict.")
@click.argument("names", nargs=-1, required=True, metavar="NAME...",
                shell_complete=complete_character)
@click.option("--side", metavar="SIDE",
              help="Their side (default: crew for Heroes, opposition for the rest).")
@click.option("--surprised", is_flag=True, help="They are surprised: they declare first in "
                                                "the round they join (R-CON-5).")
@common
def add(names: Sequence[str], side: str | None, surprised: bool, as_json: bool) -> None:
    """Bring NAME... from the table's roster into the Conflict (R-CON-2). Each name may
    be any unique beginning or word of a sheet's or group's name."""
    from characters.lookup import resolve
    from conflict.events import AddParticipant

    with open_table() as table:
        roster = table.names()
        chosen = [table.get(resolve(typed, roster)) for typed in names]

        def build(_state: State) -> list[Event]:
            return [AddParticipant(character, side or _default_side(character),
                                   surprised=surprised) for character in chosen]

        record(table, build, as_json=as_json)


@conflict.command("list", short_help="List the Conflicts in the table.")
@table_option
@json_option
def list_(as_json: bool) -> None:
    """List the Conflicts in the table; the current one is marked *."""
    from conflict import saved as conflicts

    def row(table: Table, info: StreamInfo) -> dict[str, Any]:
        _saved, loaded = conflicts.load(table, info.name)
        state = loaded.state
        return {"name": info.name, "current": info.current, "round": state.round,
                "phase": state.phase.value, "participants": len(state.participants),
                "outcome": state.outcome, "events": len(loaded.events),
                "version": info.version}

    def text(found: dict[str, Any]) -> str:
        where = f"ended: {found['outcome']}" if found["phase"] == "ended" else \
            f"round {found['round']}, {found['phase'].replace('_', ' ')}"
        return f"{plain(where)}, {found['participants']} taking part"

    list_streams(conflicts.KIND, row, as_json=as_json, text=text,
                 empty="No Conflicts yet. Start one with: mistborn conflict new NAME --physical")


@conflict.command("use", short_help="Make another Conflict the current one.")
@click.argument("name", shell_complete=complete_conflict)
@table_option
@json_option
def use(name: str, as_json: bool) -> None:
    """Make the Conflict NAME the current one."""
    from conflict import saved as conflicts

    use_stream(conflicts.KIND, name, conflicts.find, what="Conflict", as_json=as_json)


@conflict.command("show", short_help="The board: who stands, with what dice, what's next.")
@conflict_named
@click.option("--last", default=5, show_default=True, metavar="N",
              type=Whole(0, 100), help="How many of the last events to show.")
@players_option
@table_option
@json_option
def show(name: str | None, last: int, players: bool, as_json: bool) -> None:
    """Show the board of the Conflict NAME (default: the current one). With --players,
    as the players may see it: Villains' and Extras' numbers hidden until revealed."""
    from cli.common.board import board_json, board_view
    from conflict.which import KIND

    with open_table(create=False) as table:
        # The current Conflict's view, when no other is named: found without its log.
        current = None if players or name is not None or chosen_conflict() is not None \
            else _from_view(table, table.view(KIND), last)
        if current is not None:
            board, lines = current
        elif players:
            board, lines = for_players(table, find_conflict(table, name), last)
        else:
            board, lines = shown(table, find_conflict(table, name), last)
    if as_json:
        print_json(board_json(board, lines))
        return
    console = make_console()
    console.print(board_view(board, console.width, lines))


def for_players(table: Table, typed: str | None, count: int
                ) -> tuple[dict[str, Any], list[str]]:
    """The board and last lines of a players' screen, made for it by the library."""
    from conflict import saved as conflicts
    from conflict.board import board

    found = conflicts.find(table, typed)
    _saved, loaded = conflicts.load(table, found)
    viewer = players_viewer(table, found)
    return board(loaded.state, viewer), recent_lines(table, loaded, count, viewer=viewer)


def shown(table: Table, typed: str | None, count: int) -> tuple[dict[str, Any], list[str]]:
    """The board of the Conflict meant (the current one when ``typed`` is ``None``)
    and its last ``count`` lines: from the view its last write stored, when that is
    current and holds enough lines — no replay, none of the engine imported — else
    from its events replayed."""

    from conflict.which import KIND, find

    found = find(table, typed)
    fast = _from_view(table, table.view(KIND, found), count)
    if fast is not None:
        return fast
    from conflict import saved as conflicts
    from conflict.board import board

    _saved, loaded = conflicts.load(table, found)
    return board(loaded.state), recent_lines(table, loaded, count)


@conflict.command("reveal", short_help="Show players a Villain's or Extras' numbers.")
@click.argument("name", shell_complete=complete_participant)
@click.option("--hide", is_flag=True, help="Hide them again.")
@common
def reveal(name: str, hide: bool, as_json: bool) -> None:
    """Show the players NAME's statistics and Resiliences in this Conflict (Villains'
    and Extras' stay hidden from players until revealed); --hide takes it back."""
    with open_table() as table:
        shown_name, changed = reveal_in(table, chosen_conflict(), name, hide=hide,
                                        who=writer())
    if as_json:
        print_json({"name": shown_name, "revealed": not hide, "changed": changed})
        return
    if hide:
        echo_wrapped(f"{possessive(plain(shown_name))} numbers are hidden from players"
                     f"{'' if changed else ' (they were already)'}.")
    else:
        echo_wrapped(f"Players now see {possessive(plain(shown_name))} statistics and "
                     f"Resiliences{'' if changed else ' (they already did)'}.")


def reveal_in(table: Table, conflict_name: str | None, typed: str, *, hide: bool,
              who: str) -> tuple[str, bool]:
    """Reveal (or hide) the participant ``typed`` means in the Conflict; returns its
    name and whether anything changed. Shared with the Narrator's player shell."""
    from conflict import saved as conflicts

    name = conflicts.find(table, conflict_name)
    _saved, loaded = conflicts.load(table, name)
    person = participant(loaded.state, typed)
    if hide:
        return person, table.hide(conflicts.KIND, name, person)
    return person, table.reveal(conflicts.KIND, name, person, who=who)


def last_lines(states: Sequence[State], events: Sequence[Event], count: int,
               viewer: Viewer = NARRATOR) -> list[str]:
    """The sentences of the last ``count`` events, as ``viewer`` may read them."""
    from conflict.narrate import describe

    if not count:
        return []
    start = max(0, len(events) - count)
    return [describe(states[i], events[i], states[i + 1], viewer)
            for i in range(start, len(events))]


def players_viewer(table: Table, conflict_name: str) -> Viewer:
    """The players' shared screen of the Conflict ``conflict_name``: it sees the
    numbers of the Villains and Extras the Narrator revealed in it, no others."""
    from conflict.privacy import looking
    from conflict.which import KIND

    return looking(revealed=table.revealed(KIND, conflict_name))


def recent_lines(table: Table, loaded: Loaded[State, Event], count: int, *,
                 viewer: Viewer = NARRATOR) -> list[str]:
    """The last ``count`` things that happened, oldest first: the Conflict's steps and
    the rolls made meanwhile with ``--as`` (a player's roll for a lock, say), which the
    Conflict's own steps do not hold; the steps as ``viewer`` may read them."""
    if not count or not loaded.entries:
        return []
    said = last_lines(loaded.states, loaded.events, count, viewer)
    timed = [(entry.at, line) for entry, line in zip(loaded.entries[-count:], said,
                                                     strict=True)]
    return with_rolls(table, timed, loaded.entries[0].at, count)
