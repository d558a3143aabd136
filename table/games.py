"""Games saved in the table, whichever game: a Conflict or a board game, each an event
stream of its own kind, played by the :class:`core.game.Game` registered for that kind
(:mod:`core.registry`). The table knows no game: it asks the registry by kind.

A game is a :class:`~table.sessions.Saved` stream: its events are replayed
into state, and every new event is checked by the rules against the stream as it
stands at the moment of writing (optimistic, retried), so several players' phones can
write to one game and a game survives closing the terminal.

The first event of a game is its set-up: :func:`start` makes the stream, makes it the
current game of its kind and writes the set-up in one transaction; :func:`undo` never
takes the set-up back when the game keeps it (start another game instead).

How a refusal tells the person what to type (``start one with mistborn stuffed
new …``) is the front door's to say: :class:`NoGame` and :class:`SetupKept` carry the
kind, and :meth:`NoGame.hinted` adds the hint.
"""

from __future__ import annotations

import importlib
import warnings
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Self, TypeVar, overload

from conflict.errors import RuleViolation
from core.game import Game
from core.registry import game as rules
from table import sessions
from table.sessions import Intent, Loaded, Recorded, Saved, Undid
from table.sessions import free_name as free_name

if TYPE_CHECKING:
    from table import Table

S = TypeVar("S")
E = TypeVar("E")

__all__ = ["NoGame", "SetupKept", "find", "free_name", "load", "names", "record", "rules",
           "saved", "start", "undo", "undo_saved"]


class _KindRefusal(RuleViolation):
    """A refusal about one kind of game, which a front door may complete with what to
    type (``hinted``); ``_HINT`` says what that command does."""

    _HINT = ""

    def __init__(self, kind: str, message: str, *, rule: str) -> None:
        self.kind = kind
        self.said = message
        super().__init__(message, rule=rule)

    def hinted(self, hint: str) -> Self:
        """This refusal, telling what to type (``hint``) to start a game."""
        return type(self)(self.kind, f"{self.said}: {self._HINT} with {hint}",
                          rule=self.rule or "")


class NoGame(_KindRefusal):
    """The table holds no game of a kind yet (so there is no current one)."""

    _HINT = "start one"


class SetupKept(_KindRefusal):
    """Undo reached a game's set-up, which is never undone."""

    _HINT = "start another game"


def _game(game: str | Game[S, E]) -> Game[S, E]:
    found: Game[S, E] = rules(game) if isinstance(game, str) else game
    return found


def _kind(game: str | Game[Any, Any]) -> str:
    return game if isinstance(game, str) else game.kind


# --- finding a game ----------------------------------------------------------------------
# Each function takes the game as its stream kind (what a command knows: the result is
# typed loosely) or as its Game (the result is typed by the game's state and events).


@overload
def saved(table: Table, game: Game[S, E], name: str) -> Saved[S, E]: ...
@overload
def saved(table: Table, game: str, name: str) -> Saved[Any, Any]: ...
def saved(table: Table, game: str | Game[S, E], name: str) -> Saved[S, E] | Saved[Any, Any]:
    """The game called ``name`` (as the table spells it)."""
    return Saved(table, _game(game), name)


def names(table: Table, game: str | Game[Any, Any]) -> list[str]:
    """Every game of its kind in the table, oldest first."""
    return [info.name for info in table.streams(_kind(game))]


def find(table: Table, game: str | Game[Any, Any], typed: str | None) -> str:
    """The game meant: the current one of its kind when ``typed`` is ``None``, else the
    one whose name (or a unique beginning or word of it) was typed."""
    played = _game(game)
    if typed is None:
        current = table.current(played.kind)
        if current is None:
            raise NoGame(played.kind, f"there is no {played.title} in the table yet",
                         rule=played.rule)
        return str(current.name)
    from characters.lookup import resolve

    return resolve(typed, names(table, played), what=played.title)


@overload
def load(table: Table, game: Game[S, E], typed: str | None = None
         ) -> tuple[Saved[S, E], Loaded[S, E]]: ...
@overload
def load(table: Table, game: str, typed: str | None = None
         ) -> tuple[Saved[Any, Any], Loaded[Any, Any]]: ...
def load(table: Table, game: str | Game[S, E], typed: str | None = None
         ) -> tuple[Saved[S, E], Loaded[S, E]] | tuple[Saved[Any, Any], Loaded[Any, Any]]:
    """The game meant (see :func:`find`), and its events replayed."""
    stream = Saved(table, _game(game), find(table, game, typed))
    return stream, stream.load()


# --- writing ---------------------------------------------------------------------------------


@overload
def start(table: Table, game: Game[S, E], name: str | None, events: Sequence[E], *,
          who: str) -> tuple[str, Recorded[S, E]]: ...
@overload
def start(table: Table, game: str, name: str | None, events: Sequence[Any], *,
          who: str) -> tuple[str, Recorded[Any, Any]]: ...
def start(table: Table, game: str | Game[S, E], name: str | None, events: Sequence[E], *,
          who: str) -> tuple[str, Recorded[S, E]] | tuple[str, Recorded[Any, Any]]:
    """A new game called ``name`` (``None``: the first free ``Stuffed N``), made the
    current one of its kind, with its set-up ``events`` checked by the rules and
    written in the same transaction as the stream itself (see
    :func:`.sessions.start`). Returns the name and what was written."""

    made, recorded = sessions.start(table, _game(game), name, events, who=who)
    return made.name, recorded


@overload
def record(table: Table, game: Game[S, E], name: str, intent: Intent[S, E], *, who: str,
           seen: Loaded[S, E] | None = None) -> Recorded[S, E]: ...
@overload
def record(table: Table, game: str, name: str, intent: Intent[Any, Any], *, who: str,
           seen: Loaded[Any, Any] | None = None) -> Recorded[Any, Any]: ...
def record(table: Table, game: str | Game[S, E], name: str, intent: Intent[S, E], *,
           who: str, seen: Loaded[S, E] | None = None
           ) -> Recorded[S, E] | Recorded[Any, Any]:
    """Append the events ``intent(state)`` returns to the game ``name``, checked by its
    rules against the game as it stands when written (see
    :meth:`.sessions.Saved.record`)."""
    return Saved(table, _game(game), name).record(intent, who=who, seen=seen)


@overload
def undo(table: Table, game: Game[S, E], name: str, *, who: str,
         based_on: int | None = None, own: bool = False) -> Undid[S, E]: ...
@overload
def undo(table: Table, game: str, name: str, *, who: str,
         based_on: int | None = None, own: bool = False) -> Undid[Any, Any]: ...
def undo(table: Table, game: str | Game[S, E], name: str, *, who: str,
         based_on: int | None = None, own: bool = False) -> Undid[S, E] | Undid[Any, Any]:
    """Take back the last step of the game ``name``: every event its last append
    wrote, when its game undoes whole steps (a Problem worsened with all it pushed
    along; history keeps them, marked undone), else its last event. A game that keeps
    its set-up never has it taken back (:class:`SetupKept`). With ``own``, only a
    step ``who`` wrote (:class:`~table.NotYourStep`)."""
    return undo_saved(Saved(table, _game(game), name), who=who, based_on=based_on, own=own)


def undo_saved(stream: Saved[S, E], *, who: str, based_on: int | None = None,
               own: bool = False) -> Undid[S, E]:
    """:func:`undo` on a stream already at hand (with the hooks it was made with)."""
    game = stream.game

    def check(event: E) -> None:
        if game.setup_kept and isinstance(event, game.setup):
            raise SetupKept(game.kind, "only the set-up is left, and it is not undone",
                            rule=game.rule)

    return stream.undo(who=who, based_on=based_on, check=check,
                       whole_append=game.undo_whole_step, own=own)


# --- names kept for one release ---------------------------------------------------------

_MOVED = {
    "Rules": ("core.game", "Game"),
    "KINDS": ("boardgames.registration", "KINDS"),
    "stuffed": ("boardgames.registration", "stuffed"),
    "deckbuilding": ("boardgames.registration", "deckbuilding"),
    "housewar": ("boardgames.registration", "housewar"),
}


def __getattr__(name: str) -> Any:
    if name in _MOVED:
        module, new = _MOVED[name]
        warnings.warn(f"table.games.{name} moved to {module}.{new}",
                      DeprecationWarning, stacklevel=2)
        # The table imports no game: a name it used to hold is fetched by name.
        return getattr(importlib.import_module(module), new)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
