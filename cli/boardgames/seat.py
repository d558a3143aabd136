"""Where a board game's command writes, reads and draws: the table it opens and the
terminal it prints to, or — when a front door runs the command for someone sitting at
a game (the player shell, :mod:`cli.players.game_desk`) — that seat.

A command says what it wants the same way either way: the events to write, built by
the library against the game as it stands (``base.write(face(), build)``), the game
it reads (``base.load(kind)``) and a screen drawn at a width (:func:`show`). The
command's own parsing and library calls run unchanged; only these three ends differ.
So a line typed in the player shell (``keep ch ch b``) makes exactly the events the
table's command (``mistborn stuffed keep ch ch b``) makes, and no second parser
exists. A seat is set for the running thread only (a context variable): commands run
for one player never write for another.

Light at import: no Rich, no table, no game code.
"""

from __future__ import annotations

import contextlib
import contextvars
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from rich.console import RenderableType

    from table.sessions import Loaded


class Seat(Protocol):
    """Someone at a game, for whom a command writes, reads and draws."""

    def write(self, face: Any, build: Callable[[Any], Sequence[Any]]) -> None:
        """Write the events ``build(state)`` returns, checked against the game as it
        stands at the moment of writing (``face``: the game's
        :class:`~cli.boardgames.base.Face`)."""

    def load(self, kind: str) -> tuple[str, Loaded[Any, Any]]:
        """The game of ``kind`` the seat is at: its name and its events replayed."""

    def show(self, draw: Callable[[int], RenderableType]) -> None:
        """Keep the screen ``draw(width)`` makes at the seat's width."""


_SEAT: contextvars.ContextVar[Seat | None] = contextvars.ContextVar(
    "mistborn_boardgame_seat", default=None)


def current() -> Seat | None:
    """The seat a command is run for in this thread, if any (else: the terminal)."""
    return _SEAT.get()


@contextlib.contextmanager
def seated(seat: Seat) -> Iterator[Seat]:
    """Run the commands called inside for ``seat``."""
    token = _SEAT.set(seat)
    try:
        yield seat
    finally:
        _SEAT.reset(token)


def show(draw: Callable[[int], RenderableType]) -> None:
    """Print the screen ``draw(width)`` makes on this terminal, or keep it for the
    seat the command runs for."""
    seat = current()
    if seat is not None:
        seat.show(draw)
        return
    from cli.common.output import make_console

    console = make_console()
    console.print(draw(console.width))
