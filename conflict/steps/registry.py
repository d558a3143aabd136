"""The engine's dispatch table, filled where each handler is written: a step module
marks its handler with :func:`handles`, so a new event kind's handler is one function
in one file (:mod:`conflict.engine` imports the step modules and dispatches)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final, TypeVar

from conflict.errors import BadValue, shown

if TYPE_CHECKING:
    from conflict.events import Event
    from conflict.state import State

__all__ = ["HANDLERS", "Handlers", "handles"]

E = TypeVar("E")


class Handlers:
    """The engine's dispatch table: one handler ``(state, event) -> state`` per event
    class. :meth:`add` is typed so that a handler must accept its event's class."""

    def __init__(self) -> None:
        self._table: dict[type[Any], Callable[[State, Any], State]] = {}

    def add(self, cls: type[E], handler: Callable[[State, E], State]) -> None:
        """Register ``handler`` for events of ``cls``."""
        self._table[cls] = handler

    def __contains__(self, cls: object) -> bool:
        return cls in self._table

    def __call__(self, state: State, event: Event) -> State:
        handler = self._table.get(type(event))
        if handler is None:
            raise BadValue(f"not a Conflict event: {shown(event)}")
        return handler(state, event)


HANDLERS: Final = Handlers()
"""Every event class's handler, as the step modules register them."""


def handles(cls: type[E]) -> Callable[[Callable[[State, E], State]],
                                      Callable[[State, E], State]]:
    """Register the decorated function as the handler of events of ``cls``."""

    def register(handler: Callable[[State, E], State]) -> Callable[[State, E], State]:
        HANDLERS.add(cls, handler)
        return handler

    return register
