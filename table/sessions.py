"""A game saved in the table: its events replayed into state, and every new event
checked by the rules before it is written — by many writers at once.

:class:`Saved` joins an event stream of the table (:mod:`.logs`) to a game's rules, a
:class:`core.game.Game`: a pure ``apply(state, event) -> state``, its starting state,
and a codec between events and JSON objects. The same machinery serves a Conflict (the
engine) and the board games, without knowing either; :func:`start` begins every stream
— the stream made, made current and its set-up written in one transaction.

Writing is optimistic (:meth:`Saved.record`): the writer says what it intends as a
function of the current state; the log is read, replayed, the intent built and checked
by ``apply``, and appended based on the version read. When another process got in
first, the log is read again and the intent built again against the new state — so an
event still legal is applied, and one no longer legal raises the rules' own error with
nothing written. Whoever wrote meanwhile is reported back (:attr:`Recorded.meanwhile`),
so a screen can tell the person at the keyboard what changed.

A game may register hooks (:func:`register_hooks`, :class:`Hooks`) that run inside
every write transaction of its streams (``on_record``, ``on_undo``: the roster's share
of a Conflict's end) and a projection (``project``: called with the stream as it
stands after each write, to store a view that readers can show without replaying —
:mod:`.views`); a game that gives its view as data instead (:attr:`core.game.Game.view`)
has it stored the same way. Whoever writes, through whichever screen, the same hooks
run.

Replays are cached per process: a writer that reads the same log again applies only
the entries it has not seen.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Generic, TypeVar

import attrs

from core.errors import shown
from table import logs
from table.errors import DamagedRow, NameTaken, NothingToUndo, NotYourStep, StaleLog, name_key
from table.logs import Appended, Entry, Log
from table.stored import Row

if TYPE_CHECKING:
    from core.game import Game
    from table import Table

__all__ = ["Db", "HookMaker", "Hooks", "Intent", "Loaded", "Projection", "RecordHook", "Recorded",
           "Saved", "Undid", "UndoHook", "free_name", "hooks_of", "register_hooks", "start"]

S = TypeVar("S")
E = TypeVar("E")

Intent = Callable[[S], Sequence[E]]
"""What a writer wants, given the state it is applied to: the events to append."""

Db = sqlite3.Connection
"""The write transaction a game's hook runs in: the hook hands it on to the table's
own functions (:mod:`.roster`, :mod:`.results`, :mod:`.views`) and never touches
SQLite itself (only the table does)."""

RecordHook = Callable[[Db, "Recorded[S, E]"], None]
UndoHook = Callable[[Db, "Undid[S, E]"], None]
Projection = Callable[[Db, "Loaded[S, E]"], None]


@attrs.frozen
class Loaded(Generic[S, E]):
    """A stream read and replayed: ``state`` after the live ``events``, the ``entries``
    they came from (same order), and the log's ``version``."""

    version: int
    entries: tuple[Entry, ...]
    events: tuple[E, ...]
    state: S
    states: tuple[S, ...]  # the state before each event, then after the last


@attrs.frozen
class Recorded(Generic[S, E]):
    """What :meth:`Saved.record` wrote: ``events`` applied to ``before`` give ``after``
    (``steps`` holds each event with the states before and after it); ``meanwhile``
    lists the entries other writers appended since what the writer last saw, and
    ``taken_back`` those it saw that were undone since; ``version`` is the log's
    version now."""

    events: tuple[E, ...]
    entries: tuple[Entry, ...]
    before: S
    after: S
    steps: tuple[tuple[S, E, S], ...]
    version: int
    meanwhile: tuple[Entry, ...] = ()
    taken_back: tuple[Entry, ...] = ()

    @property
    def changed_meanwhile(self) -> bool:
        """Whether someone else changed the log since the writer last looked."""
        return bool(self.meanwhile or self.taken_back)


@attrs.frozen
class Undid(Generic[S, E]):
    """What :meth:`Saved.undo` took back: ``event`` (its entry marked undone; the last,
    when several were: ``steps`` holds each, oldest first, with the states before and
    after it), the state ``before`` the undo and ``after`` it; ``version`` is the log's
    version now."""

    event: E
    entry: Entry
    before: S
    after: S
    version: int
    steps: tuple[tuple[S, E, S], ...] = ()  # each event taken back, with its states


_UNREADABLE = (ValueError, TypeError, KeyError, AttributeError, IndexError)
"""What a game's codec or rules may raise at a stored event they cannot take: their
own refusals (:class:`core.errors.RefusedError`, a ``ValueError``) and, for data no
codec expected, Python's own."""

_REPLAYS: dict[tuple[str, str, str], Loaded[Any, Any]] = {}
"""This process's replays, by table file, kind and name: every :class:`Saved` of the
same stream shares them, so a second write replays only what is new."""
_REPLAYS_KEPT = 8


@attrs.frozen
class Hooks(Generic[S, E]):
    """What a game does inside every write transaction of one of its streams, beside
    the events (see the module docstring): ``on_record`` and ``on_undo`` run after an
    append or an undo, ``project`` stores a view of the stream as the write leaves it.
    A game gives them per stream (:data:`HookMaker`) through :func:`register_hooks`."""

    on_record: RecordHook[S, E] | None = None
    on_undo: UndoHook[S, E] | None = None
    project: Projection[S, E] | None = None


HookMaker = Callable[["Table", str], Hooks[Any, Any]]
"""``make(table, name)``: the hooks of the stream ``name`` of a kind in ``table``."""

_HOOKS: dict[str, HookMaker] = {}


def register_hooks(kind: str, make: HookMaker) -> None:
    """Give every stream of ``kind`` the hooks ``make(table, name)`` returns: a game's
    own share of a write (the Conflict's end writes the roster, R-CON-20), which the
    table runs without knowing the game. Registering a kind twice is refused."""
    if kind in _HOOKS:
        raise ValueError(f"the stream kind {kind!r} has its hooks already")
    _HOOKS[kind] = make


def hooks_of(table: Table, kind: str, name: str) -> Hooks[Any, Any]:
    """The hooks registered for streams of ``kind`` (none if its game gave none)."""
    make = _HOOKS.get(kind)
    return Hooks() if make is None else make(table, name)


class Saved(Generic[S, E]):
    """One stream of the table, played by a game's rules (:class:`core.game.Game`),
    with the hooks its game registered for its kind (:func:`register_hooks`)."""

    def __init__(self, table: Table, game: Game[S, E], name: str, *,
                 hooks: Hooks[S, E] | None = None) -> None:
        self.table = table
        self.game = game
        self.kind = game.kind
        self.name = name
        self._apply = game.apply
        self._initial = game.initial
        self._decode = game.decode
        self._encode = game.encode
        made: Hooks[S, E] = hooks_of(table, game.kind, name) if hooks is None else hooks
        self._on_record = made.on_record
        self._on_undo = made.on_undo
        self._project = made.project if made.project is not None else _stored_view(game, name)
        self._key = (str(table.path), game.kind, name_key(name))

    @property
    def _cache(self) -> Loaded[S, E] | None:
        cached: Loaded[S, E] | None = _REPLAYS.get(self._key)
        return cached

    @_cache.setter
    def _cache(self, loaded: Loaded[S, E] | None) -> None:
        _REPLAYS.pop(self._key, None)
        if loaded is not None:
            _REPLAYS[self._key] = loaded
            while len(_REPLAYS) > _REPLAYS_KEPT:
                del _REPLAYS[next(iter(_REPLAYS))]

    # --- reading ----------------------------------------------------------------------

    def replay(self, log: Log) -> Loaded[S, E]:
        """``log`` replayed, reusing what this process replayed before when the log
        only grew since. Every entry reused is compared whole, its event too: an entry
        a tool edited in place under a long-running process (the server) is replayed
        again, never shown as it was (the events of entries read again are the same
        objects, :mod:`.logs`, so comparing them costs little)."""
        cached = self._cache
        start = 0
        if cached is not None and cached.version == log.version and \
                cached.entries == log.entries:
            return cached
        events: tuple[E, ...] = ()
        states: tuple[S, ...] = (self._initial,)
        if cached is not None and len(cached.entries) <= len(log.entries) and \
                cached.entries == log.entries[:len(cached.entries)]:
            events, states = cached.events, cached.states
            start = len(cached.entries)
        new_events = list(events)
        new_states = list(states)
        state = new_states[-1]
        for entry in log.entries[start:]:
            event, state = self._replayed(log, entry, state)
            new_events.append(event)
            new_states.append(state)
        loaded = Loaded(version=log.version, entries=tuple(log.entries),
                        events=tuple(new_events), state=state, states=tuple(new_states))
        self._cache = loaded
        return loaded

    def _replayed(self, log: Log, entry: Entry, state: S) -> tuple[E, S]:
        """The event of ``entry`` and the state after it; :class:`DamagedRow` naming
        the entry when the game cannot read it, or its rules refuse it where it stands
        (stored events are checked when written: these were not written by us)."""
        try:
            event = self._decode(entry.event)
        except _UNREADABLE as error:
            raise self._damaged(log, entry, f"is not a {self.kind} event: {error}") from None
        try:
            return event, self._apply(state, event)
        except _UNREADABLE as error:
            raise self._damaged(log, entry, f"is refused by the rules: {error}") from None

    def _damaged(self, log: Log, entry: Entry, reason: str) -> DamagedRow:
        where = Row("entries", f"{entry.seq} of the {log.kind} {shown(log.name)}")
        return where.damaged("event", reason).in_file(str(self.table.path))

    def load(self) -> Loaded[S, E]:
        """The stream as it stands now, replayed."""
        return self.replay(self.table.read(self.kind, self.name))

    # --- writing -----------------------------------------------------------------------

    def record(self, intent: Intent[S, E], *, who: str, seen: Loaded[S, E] | None = None,
               then: RecordHook[S, E] | None = None) -> Recorded[S, E]:
        """Append what ``intent(state)`` returns, checked by the rules against the state
        of the log at the moment of writing (see the module docstring). ``seen``: what
        the writer last showed its user (what changed since is reported back); ``then``
        runs inside the write transaction with the result, after the stream's own
        ``on_record`` hook and before its projection."""
        built: dict[str, Any] = {}

        def build(log: Log) -> list[dict[str, Any]]:
            loaded = self.replay(log)
            events = tuple(intent(loaded.state))
            steps, state = _steps(self._apply, loaded.state, events)
            built.update(loaded=loaded, events=events, steps=steps, after=state)
            return [self._encode(event) for event in events]

        def finish(db: sqlite3.Connection, log: Log, appended: Appended) -> None:
            recorded = self._recorded(built, appended, seen)
            for hook in (self._on_record, then):
                if hook is not None:
                    hook(db, recorded)
            if self._project is not None:
                self._project(db, self._grown(built["loaded"], recorded))

        hooked = self._on_record or then or self._project
        appended = self.table.commit(self.kind, self.name, build, who=who,
                                     then=finish if hooked else None)
        recorded = self._recorded(built, appended, seen)
        if recorded.events:
            self._cache = self._grown(built["loaded"], recorded)
        return recorded

    @staticmethod
    def _grown(loaded: Loaded[S, E], recorded: Recorded[S, E]) -> Loaded[S, E]:
        """``loaded`` with what ``recorded`` appended to it."""
        return Loaded(version=recorded.version,
                      entries=(*loaded.entries, *recorded.entries),
                      events=(*loaded.events, *recorded.events),
                      state=recorded.after,
                      states=(*loaded.states, *(after for _, _, after in recorded.steps)))

    def _recorded(self, built: Mapping[str, Any], appended: Appended,
                  seen: Loaded[S, E] | None) -> Recorded[S, E]:
        loaded: Loaded[S, E] = built["loaded"]
        meanwhile: tuple[Entry, ...] = ()
        taken_back: tuple[Entry, ...] = ()
        if seen is not None and seen.version != loaded.version:
            known = {entry.seq for entry in seen.entries}
            live = {entry.seq for entry in loaded.entries}
            meanwhile = tuple(e for e in loaded.entries if e.seq not in known)
            taken_back = tuple(e for e in seen.entries if e.seq not in live)
        return Recorded(events=built["events"], entries=appended.entries,
                        before=loaded.state, after=built["after"], steps=built["steps"],
                        version=appended.version, meanwhile=meanwhile, taken_back=taken_back)

    def undo(self, *, who: str, based_on: int | None = None,
             check: Callable[[E], None] | None = None,
             then: UndoHook[S, E] | None = None, whole_append: bool = False,
             own: bool = False) -> Undid[S, E]:
        """Take back the last live event (history keeps it, marked undone); with
        ``whole_append``, every event the last append wrote (one command's worth: the
        same writer, at the same moment), in one transaction.

        ``based_on``: the version the writer's screen showed; if the log moved on since,
        :class:`StaleLog` is raised and nothing changes (an undo must never take back
        someone else's newer event by surprise). ``own``: take back only a step ``who``
        wrote; another's raises :class:`NotYourStep` and nothing changes (checked in the
        same transaction, so a step written meanwhile is never taken back by surprise).
        ``check(event)`` may refuse (raising)
        before anything is written; ``then`` runs inside the write transaction, after
        the stream's own ``on_undo`` hook and before its projection.
        """

        def work(db: sqlite3.Connection) -> Undid[S, E]:
            log = logs.read(db, self.kind, self.name, include_undone=False)
            if based_on is not None and log.version != based_on:
                raise StaleLog(self.kind, log.name, based_on=based_on, version=log.version)
            if not log.entries:
                raise NothingToUndo(self.kind, log.name)
            loaded = self.replay(log)
            count = _last_append(log.entries) if whole_append else 1
            writer = log.entries[-1].who
            if own and name_key(writer) != name_key(who):
                raise NotYourStep(self.kind, log.name, who=writer, asked_by=who)
            first = len(loaded.events) - count
            for event in loaded.events[first:]:
                if check is not None:
                    check(event)
            undone = logs.undo(db, self.kind, self.name, based_on=log.version, who=who,
                               count=count)
            states = loaded.states
            result = Undid(event=loaded.events[-1], entry=undone.entry, before=loaded.state,
                           after=states[first], version=undone.version,
                           steps=tuple((states[i], loaded.events[i], states[i + 1])
                                       for i in range(first, len(loaded.events))))
            for hook in (self._on_undo, then):
                if hook is not None:
                    hook(db, result)
            if self._project is not None:
                self._project(db, Loaded(version=undone.version,
                                         entries=loaded.entries[:first],
                                         events=loaded.events[:first], state=states[first],
                                         states=states[:first + 1]))
            return result

        result: Undid[S, E] = self.table.transaction(work)
        self._cache = None
        return result


def _steps(apply: Callable[[S, E], S], state: S, events: Sequence[E]
           ) -> tuple[tuple[tuple[S, E, S], ...], S]:
    """Each of ``events`` applied in turn from ``state``: (before, event, after) for
    each, and the state after the last; raises, by rule, at one not allowed."""
    steps = []
    for event in events:
        after = apply(state, event)
        steps.append((state, event, after))
        state = after
    return tuple(steps), state


def _last_append(entries: Sequence[Entry]) -> int:
    """How many entries at the end of ``entries`` one append wrote: the same writer
    at the same moment (one transaction stamps every entry it writes alike)."""
    last = entries[-1]
    count = 0
    for entry in reversed(entries):
        if entry.at != last.at or entry.who != last.who:
            break
        count += 1
    return count


# --- starting a stream ------------------------------------------------------------------------


def free_name(taken: Sequence[str], stem: str = "Game") -> str:
    """``{stem} N`` (``House War 3``) with the first number N that ends none of the
    names ``taken`` (every stream of the table, whichever its game): a default name is
    unique in the table and says its game, and its number alone finds it (``use 3``).
    A name given by hand keeps its number out of use."""
    numbers = {words[-1] for words in (name.split() for name in taken) if words}
    number = 1
    while str(number) in numbers:
        number += 1
    return f"{stem} {number}"


def start(table: Table, game: Game[S, E], name: str | None, events: Sequence[E], *,
          who: str) -> tuple[Saved[S, E], Recorded[S, E]]:
    """A new stream of ``game`` called ``name`` (``None``: its first free default name,
    ``House War 3``: :func:`free_name`), made the current one of its kind, with its
    set-up ``events`` checked by the rules and written — with whatever the game's hooks
    write — in the same transaction as the stream itself. The first event must be the
    set-up (the game's own refusal, naming its rule of set-up).

    A stream of that name whose every step was taken back, its set-up too (a game that
    does not keep its set-up, :attr:`core.game.Game.setup_kept`: the Conflict), begins
    again: the set-up is appended to it, made current, its history keeping what was
    undone. Any other name taken is refused (:class:`~table.NameTaken`)."""

    if not events or not isinstance(events[0], game.setup):
        raise game.refuse(f"a {game.title} begins with its set-up", rule=game.rule)
    steps, state = _steps(game.apply, game.initial, events)
    encoded = logs.encode([game.encode(event) for event in events])

    def work(db: sqlite3.Connection) -> tuple[Saved[S, E], Recorded[S, E]]:
        chosen = name
        if chosen is None:
            chosen = free_name([row[0] for row in db.execute("SELECT name FROM streams")],
                               game.short)
        chosen, based_on = _begun(db, game.kind, chosen, who=who)
        appended = logs.append(db, game.kind, chosen, encoded, based_on=based_on, who=who)
        saved = Saved(table, game, chosen)
        recorded = Recorded(events=tuple(events), entries=appended.entries,
                            before=game.initial, after=state, steps=steps,
                            version=appended.version)
        if saved._on_record is not None:
            saved._on_record(db, recorded)
        if saved._project is not None:
            saved._project(db, Saved._grown(_empty(game.initial), recorded))
        return saved, recorded

    made: tuple[Saved[S, E], Recorded[S, E]] = table.transaction(work)
    made[0]._cache = None
    return made


def _begun(db: sqlite3.Connection, kind: str, name: str, *, who: str) -> tuple[str, int]:
    """The stream ``name`` of ``kind`` made, or begun again when every entry it holds is
    undone (see :func:`start`), and made current: its stored name and version."""
    try:
        logs.create(db, kind, name, who=who, current=True)
        return name, 0
    except NameTaken:
        emptied = logs.read(db, kind, name, include_undone=False)
        if emptied.entries:
            raise
    logs.set_current(db, kind, emptied.name)
    return emptied.name, emptied.version


def _stored_view(game: Game[S, E], name: str) -> Projection[S, E] | None:
    """The projection that stores the view the game gives (:attr:`core.game.Game.view`)
    of the stream ``name``, if it gives one."""
    made = game.view
    if made is None:
        return None

    def store(db: Db, loaded: Loaded[S, E]) -> None:
        from table import views

        views.write(db, game.kind, name, loaded.version,
                    made(name, loaded.states, loaded.events))

    return store


def _empty(initial: S) -> Loaded[S, Any]:
    return Loaded(version=0, entries=(), events=(), state=initial, states=(initial,))
