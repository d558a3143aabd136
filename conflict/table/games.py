"""The board games saved in the table: Stuffed, the Deckbuilding Game and House War,
each an event stream of its own kind, played by its game's rules (:mod:`boardgames`).

A game is a :class:`~conflict.table.sessions.Saved` stream, exactly as a Conflict is:
its events are replayed into state, and every new event is checked by the rules
against the stream as it stands at the moment of writing (optimistic, retried), so
several players' phones can write to one game and a game survives closing the
terminal. :class:`Rules` ties a stream kind to its game's pure ``apply``, its state
before set-up and its JSON codec; :func:`rules` gives them by kind, loading a game's
code only when that game is used.

The first event of a game is its set-up: :func:`start` makes the stream, makes it the
current game of its kind and writes the set-up in one transaction; :func:`undo` never
takes the set-up back (start another game instead).
"""

from __future__ import annotations

import functools
import sqlite3
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final, Generic, TypeVar

import attrs

from boardgames.errors import RuleViolation
from conflict.table import logs
from conflict.table.sessions import Intent, Loaded, Recorded, Saved, Undid

if TYPE_CHECKING:
    from conflict.table import Table

S = TypeVar("S")
E = TypeVar("E")

KINDS: Final = ("stuffed", "deckbuilding", "housewar")
"""The board games' stream kinds (a subset of :data:`.logs.STREAM_KINDS`)."""


class NoGame(RuleViolation):
    """The table holds no game of a kind yet (so there is no current one)."""

    def __init__(self, kind: str, message: str, *, rule: str) -> None:
        self.kind = kind
        super().__init__(message, rule=rule)


class SetupKept(RuleViolation):
    """Undo reached a game's set-up, which is never undone."""

    def __init__(self, kind: str, message: str, *, rule: str) -> None:
        self.kind = kind
        super().__init__(message, rule=rule)


@attrs.frozen
class Rules(Generic[S, E]):
    """One board game as the table plays it: its stream ``kind``, the pure ``apply``,
    the state before set-up, the event codec, and how to say it in messages."""

    kind: str
    title: str  # "game of Stuffed"
    apply: Callable[[S, E], S]
    initial: S
    decode: Callable[[Mapping[str, Any]], E]
    encode: Callable[[E], dict[str, Any]]
    setup: type[Any]  # the set-up event's class: the first event, never undone
    rule: str  # the rule of set-up, named when there is no game yet
    command: str  # the command that starts one

    def saved(self, table: Table, name: str) -> Saved[S, E]:
        """The game called ``name`` (as the table spells it)."""
        return Saved(table, self.kind, name, apply=self.apply, initial=self.initial,
                     decode=self.decode, encode=self.encode)


@functools.cache
def stuffed() -> Rules[Any, Any]:
    """Stuffed (R-STF-*): :mod:`boardgames.stuffed`."""
    from boardgames.stuffed.codec import CODEC
    from boardgames.stuffed.events import NewGame
    from boardgames.stuffed.rules import apply
    from boardgames.stuffed.state import EMPTY

    return Rules("stuffed", "game of Stuffed", apply, EMPTY, CODEC.from_dict, CODEC.to_dict,
                 NewGame, "R-STF-2", "mistborn stuffed new --players NAME:ATTRIBUTE…")


@functools.cache
def deckbuilding() -> Rules[Any, Any]:
    """Mistborn: The Deckbuilding Game (R-DBG-*): :mod:`boardgames.deckbuilding`."""
    from boardgames.deckbuilding.codec import CODEC
    from boardgames.deckbuilding.events import NewGame
    from boardgames.deckbuilding.rules import apply
    from boardgames.deckbuilding.state import BLANK

    return Rules("deckbuilding", "Deckbuilding Game", apply, BLANK, CODEC.from_dict,
                 CODEC.to_dict, NewGame, "R-DBG-1", "mistborn deckbuilding new --players NAMES…")


@functools.cache
def housewar() -> Rules[Any, Any]:
    """Mistborn: House War (R-HW-*): :mod:`boardgames.housewar`."""
    from boardgames.housewar.codec import CODEC
    from boardgames.housewar.events import Start
    from boardgames.housewar.rules import apply
    from boardgames.housewar.state import State

    return Rules("housewar", "game of House War", apply, State(), CODEC.from_dict,
                 CODEC.to_dict, Start, "R-HW-5",
                 "mistborn housewar new --players N --length short")


_BY_KIND: Final[dict[str, Callable[[], Rules[Any, Any]]]] = {
    "stuffed": stuffed, "deckbuilding": deckbuilding, "housewar": housewar}


def rules(kind: str) -> Rules[Any, Any]:
    """The rules of the board game ``kind`` (one of :data:`KINDS`)."""
    found = _BY_KIND.get(kind)
    if found is None:
        from conflict.errors import BadValue

        raise BadValue(f"a board game is one of {', '.join(KINDS)}, got {kind!r}"[:120])
    return found()


def _kind(game: str | Rules[Any, Any]) -> Rules[Any, Any]:
    return rules(game) if isinstance(game, str) else game


# --- finding a game ----------------------------------------------------------------------


def saved(table: Table, kind: str, name: str) -> Saved[Any, Any]:
    """The game of ``kind`` called ``name`` (as the table spells it)."""
    return rules(kind).saved(table, name)


def names(table: Table, kind: str) -> list[str]:
    """Every game of ``kind`` in the table, oldest first."""
    return [info.name for info in table.streams(kind)]


def find(table: Table, kind: str, typed: str | None) -> str:
    """The game meant: the current one of ``kind`` when ``typed`` is ``None``, else the
    one whose name (or a unique beginning or word of it) was typed."""
    game = rules(kind)
    if typed is None:
        current = table.current(kind)
        if current is None:
            raise NoGame(kind, f"there is no {game.title} in the table yet: start one with "
                               f"{game.command}", rule=game.rule)
        return str(current.name)
    from characters.lookup import resolve

    return resolve(typed, names(table, kind), what=game.title)


def load(table: Table, kind: str, typed: str | None = None
         ) -> tuple[Saved[Any, Any], Loaded[Any, Any]]:
    """The game meant (see :func:`find`), and its events replayed."""
    game = saved(table, kind, find(table, kind, typed))
    return game, game.load()


def free_name(taken: Sequence[str]) -> str:
    """The first of ``Game 1``, ``Game 2``… not in ``taken`` (ignoring case)."""
    from conflict.table.errors import name_key

    keys = {name_key(name) for name in taken}
    number = 1
    while name_key(f"Game {number}") in keys:
        number += 1
    return f"Game {number}"


# --- writing ---------------------------------------------------------------------------------


def start(table: Table, kind: str, name: str | None, events: Sequence[Any], *, who: str
          ) -> tuple[str, Recorded[Any, Any]]:
    """A new game of ``kind`` called ``name`` (``None``: the first free ``Game N``),
    made current, with its set-up ``events`` checked by the rules and written in the
    same transaction as the stream itself. Returns the name and what was written."""
    game = rules(kind)
    if not events or not isinstance(events[0], game.setup):
        raise RuleViolation(f"a {game.title} begins with its set-up", rule=game.rule)
    state = game.initial
    steps = []
    for event in events:
        after = game.apply(state, event)  # raises, by rule, when not allowed
        steps.append((state, event, after))
        state = after
    encoded = logs.encode([game.encode(event) for event in events])

    def work(db: sqlite3.Connection) -> tuple[str, logs.Appended]:
        chosen = name
        if chosen is None:
            taken = [row[0] for row in db.execute(
                "SELECT name FROM streams WHERE kind = ?", (kind,))]
            chosen = free_name(taken)
        logs.create(db, kind, chosen, who=who, current=True)
        return chosen, logs.append(db, kind, chosen, encoded, based_on=0, who=who)

    made, appended = table._connection.write(work)
    return made, Recorded(events=tuple(events), entries=appended.entries,
                          before=game.initial, after=state, steps=tuple(steps),
                          version=appended.version)


def record(table: Table, kind: str, name: str, intent: Intent[Any, Any], *, who: str,
           seen: Loaded[Any, Any] | None = None) -> Recorded[Any, Any]:
    """Append the events ``intent(state)`` returns to the game ``name``, checked by its
    rules against the game as it stands when written (see
    :meth:`.sessions.Saved.record`)."""
    return saved(table, kind, name).record(intent, who=who, seen=seen)


def undo(table: Table, kind: str, name: str, *, who: str, based_on: int | None = None
         ) -> Undid[Any, Any]:
    """Take back the last step of the game ``name``: every event its last append
    wrote (a Problem worsened with all it pushed along; history keeps them, marked
    undone). The set-up is never taken back."""
    game = rules(kind)

    def check(event: Any) -> None:
        if isinstance(event, game.setup):
            raise SetupKept(game.kind, f"only the set-up is left, and it is not undone: "
                                       f"start another game with {game.command}",
                            rule=game.rule)

    return game.saved(table, name).undo(who=who, based_on=based_on, check=check,
                                        whole_append=True)
