"""A game in progress as its events and the state each gives: push, undo, is-legal —
the one way every game of the tool is played in memory (the board games'
:class:`boardgames.session.Session`, the :class:`conflict.engine.Conflict`).

A game's pure ``apply(state, event) -> state`` validates each event and raises one of
the game's errors, changing nothing, when the rules refuse it. :class:`History` keeps
every state, so undoing an event restores the one before it exactly (a snapshot, no
reverse logic).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import ClassVar, Generic, TypeVar

from core.errors import NotAllowed, RefusedError

__all__ = ["History"]

S = TypeVar("S")
E = TypeVar("E")


class History(Generic[S, E]):
    """A game being played: the events so far and the state they give. A game's
    subclass names its errors: ``refused``, every error its rules raise, and
    ``violation``, the one raised when there is nothing to undo."""

    refused: ClassVar[type[RefusedError]] = RefusedError
    violation: ClassVar[type[NotAllowed]] = NotAllowed

    def __init__(self, apply: Callable[[S, E], S], initial: S, events: Iterable[E] = ()
                 ) -> None:
        self._apply = apply
        self._events: list[E] = []
        self._states: list[S] = [initial]
        for event in events:
            self.push(event)

    @property
    def state(self) -> S:
        """The current state."""
        return self._states[-1]

    @property
    def events(self) -> tuple[E, ...]:
        """Every event pushed so far, oldest first."""
        return tuple(self._events)

    def __len__(self) -> int:
        return len(self._events)

    def push(self, event: E) -> S:
        """Validate and apply ``event``; on error raise and change nothing. Returns the
        new state."""
        state = self._apply(self._states[-1], event)
        self._states.append(state)
        self._events.append(event)
        return state

    def pop(self) -> E:
        """Undo the last event, restoring the state before it exactly; returns it."""
        if not self._events:
            raise self.violation("nothing to undo: no event has been pushed")
        self._states.pop()
        return self._events.pop()

    def is_legal(self, event: E) -> bool:
        """Whether ``event`` could be pushed now."""
        try:
            self._apply(self._states[-1], event)
        except self.refused:
            return False
        return True
