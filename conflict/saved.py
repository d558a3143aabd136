"""Conflicts saved in the table: the engine's events in an event stream of kind
``"conflict"``, written by many processes at once (:mod:`table.sessions`).

The Conflict's :class:`core.game.Game` (:func:`game`) is registered here for its
stream kind (:mod:`core.registry`), with the hooks the table runs inside each write of
a Conflict's stream (:func:`table.sessions.register_hooks`): the roster's
share of an end and the stored view. The table itself knows no Conflict.

Ruling (documented in the README): a Hero's or Villain's damage reaches the roster
**when the Conflict ends**. During the Conflict the damage lives in its events (each
participant joined with its sheet as the roster had it); the event that ends the
Conflict also adds the damage each participant took in it to its sheet in the roster
as the sheet stands then, in the same transaction — so whatever else changed the
sheet meanwhile (a Narrator's edit, another Conflict's end) is kept — and keeps what
the sheet had before. Undoing the end puts those sheets back — and is refused,
changing nothing, if a sheet changed since.

Every write also stores the Conflict's view (:mod:`table.views`): the board
(:func:`conflict.board.board`) and the last :data:`VIEW_LINES` steps narrated, so that
``mistborn conflict show`` draws a 200-participant board without replaying it.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Final

from characters.model import RESILIENCES, Character, Resilience, Resiliences, Sheet
from conflict.engine import Conflict, apply
from conflict.errors import RuleViolation, possessive
from conflict.events import AddParticipant, EndConflict, Event, Nature, Start
from conflict.serial import event_from_dict, event_to_dict
from conflict.state import EMPTY, State
from conflict.which import KIND as KIND
from conflict.which import find as find
from conflict.which import names as names
from core import registry
from core.game import Game
from core.game import program_version as program_version
from core.text import as_stored
from table import results, roster, sessions, views
from table.errors import name_key
from table.sessions import Db, Hooks, Intent, Loaded, Recorded, Saved, Undid

if TYPE_CHECKING:
    from core.game import Game
    from core.steps import Words
    from core.viewer import Viewer
    from table import Table

__all__ = ["KIND", "VIEW_LINES", "add", "carried", "find", "game", "load", "names",
           "program_version", "record", "save", "saved", "start", "undo", "view"]


VIEW_LINES: Final = 20
"""How many of the last steps a Conflict's view keeps narrated."""


def _describe(before: State, event: Event, after: State, viewer: Viewer) -> str:
    from conflict.narrate import describe

    return describe(before, event, after, viewer)


def _board(state: State, viewer: Viewer) -> dict[str, Any]:
    from conflict.board import board

    return board(state, viewer)


def _next(state: State, _viewer: Viewer, *, words: Words | None = None) -> str:
    # What comes next names whose move it is, never a hidden figure: the same for all;
    # it names no step's parameter, so no door's words are wanted.
    from conflict.board import next_line

    return next_line(state)


@functools.cache
def game() -> Game[State, Event]:
    """The Conflict as the table stores it: the engine's events (R-CON-*), set up by
    :class:`~conflict.events.Start` (R-CON-1). Undo takes back one event at a time,
    the set-up too."""

    return Game(kind=KIND, title="Conflict", apply=apply, initial=EMPTY,
                decode=as_stored(event_from_dict), encode=event_to_dict, setup=Start,
                rule="R-CON-1",
                refuse=RuleViolation, describe=_describe, board=_board, next=_next,
                setup_kept=False, undo_whole_step=False, short="Conflict")


def hooks(table: Table, name: str) -> Hooks[State, Event]:
    """What every write of the Conflict ``name`` does beside its events: an end writes
    the roster's share (see the ruling above), an undone end puts it back, and the
    Conflict's view is stored."""
    return Hooks(on_record=_end_to_roster(table, name), on_undo=_roster_back(table, name),
                 project=_project(name))


registry.register(KIND, game)
sessions.register_hooks(KIND, hooks)


def saved(table: Table, name: str) -> Saved[State, Event]:
    """The Conflict called ``name`` (as the table spells it), played by the engine:
    whoever records or undoes through it writes the roster's share of an end (see the
    ruling above) and the Conflict's view."""
    return Saved(table, game(), name)


def view(loaded: Loaded[State, Event]) -> dict[str, Any]:
    """The Conflict's view as a reader shows it: ``board`` (see
    :func:`conflict.board.board`), ``lines`` — the last :data:`VIEW_LINES` live steps
    narrated, oldest first, each ``[seq, time sent, sentence]`` — ``since``, when the
    first live step was sent (rolls made since belong beside them), ``live``, how
    many live steps there are, and ``made_by``, the version of the program that made
    it (a reader of another version replays instead)."""
    from conflict.board import board
    from conflict.narrate import describe

    start = max(0, len(loaded.events) - VIEW_LINES)
    lines = [[loaded.entries[i].seq, loaded.entries[i].at.isoformat(),
              describe(loaded.states[i], loaded.events[i], loaded.states[i + 1])]
             for i in range(start, len(loaded.events))]
    return {"board": board(loaded.state), "lines": lines,
            "since": loaded.entries[0].at.isoformat() if loaded.entries else None,
            "live": len(loaded.entries), "made_by": program_version()}


def _project(name: str) -> sessions.Projection[State, Event]:
    def store(db: Db, loaded: Loaded[State, Event]) -> None:
        views.write(db, KIND, name, loaded.version, view(loaded))

    return store


def load(table: Table, typed: str | None = None
         ) -> tuple[Saved[State, Event], Loaded[State, Event]]:
    """The Conflict meant (see :func:`find`), and its events replayed."""
    conflict = saved(table, find(table, typed))
    return conflict, conflict.load()


def start(table: Table, name: str, nature: Nature, *, stakes: str = "", scope: str = "",
          who: str) -> Recorded[State, Event]:
    """A new Conflict, made current, with its Start event (R-CON-1), in one write."""
    _made, recorded = sessions.start(table, game(), name,
                                     [Start(nature, stakes=stakes, scope=scope)], who=who)
    return recorded


def save(table: Table, conflict: Conflict | Sequence[Event], *, name: str | None = None,
         who: str) -> tuple[str, Recorded[State, Event]]:
    """A whole Conflict built in code (a :class:`~conflict.engine.Conflict`, or its
    events from the Start on) saved to the table in one write: a new Conflict called
    ``name`` (``None``: the first free name), made current, every event checked by the
    engine; if it has ended, its damage reaches the roster as at any end (the ruling
    above). Returns the name given and what was written."""
    events = conflict.events if isinstance(conflict, Conflict) else conflict
    made, recorded = sessions.start(table, game(), name, events, who=who)
    return made.name, recorded


def record(table: Table, name: str, intent: Intent[State, Event], *, who: str,
           seen: Loaded[State, Event] | None = None) -> Recorded[State, Event]:
    """Append the events ``intent(state)`` returns (any sequence: a list, a tuple, one
    event's ``(event,)``), checked by the engine (see :meth:`.sessions.Saved.record`);
    an end of the Conflict writes the roster too."""
    return saved(table, name).record(intent, who=who, seen=seen)


def add(table: Table, name: str, joining: Sequence[tuple[Character, str, bool]], *,
        who: str) -> Recorded[State, Event]:
    """Participants join: each ``(sheet or group, side, surprised)`` (R-CON-2/5)."""
    events = [AddParticipant(character, side, surprised=surprised)
              for character, side, surprised in joining]
    return record(table, name, lambda _state: events, who=who)


def undo(table: Table, name: str, *, who: str, based_on: int | None = None,
         own: bool = False) -> Undid[State, Event]:
    """Take back the last event; an undone end puts the roster back as it was. With
    ``own``, only an event ``who`` wrote (:class:`~table.NotYourStep`)."""
    return saved(table, name).undo(who=who, based_on=based_on, own=own)


# --- the roster's share of an end (the ruling above) -------------------------------------


def carried(joined: Resiliences, ended: Resiliences) -> Callable[[Resiliences], Resiliences]:
    """The change a Conflict's end makes to a sheet's Resiliences (R-CON-20): the
    damage ``ended`` has beyond what the sheet had when it joined (``joined``) — or
    the healing, when it has less — applied to the Resiliences as the roster holds
    them now through :meth:`~characters.model.Resilience.damaged` and
    :meth:`~characters.model.Resilience.healed`, each stopping at its bounds; so
    damage, healing or edits made to the sheet while the Conflict ran are kept."""

    def change(now: Resiliences) -> Resiliences:
        for resilience in RESILIENCES:
            dealt = ended.get(resilience).damage - joined.get(resilience).damage
            if dealt:
                now = now.replace(resilience, _dealt(now.get(resilience), dealt))
        return now

    return change


def _dealt(resilience: Resilience, dealt: int) -> Resilience:
    if dealt > 0:
        return resilience.damaged(dealt, clamp=True)
    return resilience.healed(-dealt, clamp=True)


def _end_to_roster(table: Table, name: str) -> sessions.RecordHook[State, Event]:
    def then(db: Db, recorded: Recorded[State, Event]) -> None:
        ends = [entry for entry, event in zip(recorded.entries, recorded.events, strict=True)
                if isinstance(event, EndConflict)]
        if not ends:
            return
        for person in recorded.after.participants:
            if not isinstance(person.character, Sheet) or person.resiliences is None:
                continue
            taken = carried(person.character.resiliences, person.resiliences)
            wrote = roster.change_resiliences(db, person.name, taken, table.path)
            if wrote is None:
                continue  # no change, or a sheet brought in from elsewhere
            before, version = wrote
            results.keep(db, KIND, name, ends[-1].seq, person.name, before, version)

    return then


def _as_kept(kept: Resiliences, _now: Resiliences) -> Resiliences:
    """The Resiliences a sheet had before a Conflict's end wrote to it."""
    return kept


def _roster_back(table: Table, name: str) -> sessions.UndoHook[State, Event]:
    def then(db: Db, undid: Undid[State, Event]) -> None:
        if not isinstance(undid.event, EndConflict):
            return
        for kept in results.kept(db, KIND, name, undid.entry.seq):
            person = next((p for p in undid.before.participants
                           if name_key(p.name) == kept.key), None)
            if person is None:
                raise results.row_of(KIND, name, undid.entry.seq, kept.key).damaged(
                    "name_key", "names no participant of the Conflict")
            if roster.version_of(db, person.name) != kept.version_after:
                raise RuleViolation(f"{possessive(person.name)} sheet changed since the "
                                    f"Conflict ended: undoing the end would lose that "
                                    f"change; nothing undone",
                                    rule="R-CON-21")
            roster.change_resiliences(db, person.name,
                                      functools.partial(_as_kept, kept.before), table.path)
        results.forget(db, KIND, name, undid.entry.seq)

    return then
