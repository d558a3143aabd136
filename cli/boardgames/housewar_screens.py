"""The screens of ``mistborn housewar``: the library's board drawn with Rich (``show``:
:func:`boardgames.housewar.screen.board`, drawn by :mod:`boardgames.drawing`), and a
payment (``pay``), read at 40 columns.

The grid is the board: Urgency I to IV left to right, the lowest row at the bottom,
``·`` a free space; at 40 columns a name is cut to its cell, and every Problem is then
listed in full with its column and cost. The Active House is marked ``▶`` (and bold):
no colour carries meaning alone. A figure hidden from the viewer (R-HW-6) reads ``?``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from boardgames.drawing import HouseWarBoard
from cli.boardgames.base import wrapped

if TYPE_CHECKING:
    from rich.console import RenderableType

    from boardgames.housewar.pay import Payment
    from boardgames.housewar.resources import Resources
    from boardgames.housewar.screen import Shown
    from boardgames.housewar.state import State
    from core.viewer import Viewer


def board(name: str, state: State, width: int, last: Sequence[str], next_line: str,
          viewer: Viewer | None = None) -> RenderableType:
    """The whole game on one screen as ``viewer`` may see it (default: the Narrator):
    the library's board (:func:`boardgames.housewar.screen.board`) with the negotiation
    timer by the table's clock, the last events and what comes next."""
    from boardgames.housewar.privacy import NARRATOR
    from boardgames.housewar.screen import board as shown
    from table import clock

    now = clock.parse(clock.now())
    return drawn_board(name, shown(state, NARRATOR if viewer is None else viewer, now),
                       width, last, next_line)


def drawn_board(name: str, shown: Sequence[Shown], width: int, last: Sequence[str],
                next_line: str) -> RenderableType:
    """The library's board ``shown`` (made now, or stored beside the game), the last
    events and what comes next, on one screen (:class:`boardgames.drawing.HouseWarBoard`)."""

    return HouseWarBoard(tuple(shown), name, tuple(last), next_line).rich(width)


def payment_screen(holding: Resources, cost: Resources, payment: Payment | None,
                   short: int, width: int) -> RenderableType:
    """Whether the tokens held pay the cost alone, and how (R-HW-4)."""
    from rich.console import Group

    width = max(40, min(width, 72))
    parts: list[Any] = []
    parts += wrapped(f"Holding {holding.text()}", width)
    parts += wrapped(f"Cost    {cost.text()}", width)
    if payment is None:
        parts += wrapped(f"Cannot pay alone: short {short} token{'s' if short != 1 else ''} "
                         f"(1 Atium, or 2 tokens, per missing icon; no pooling)", width,
                         style="bold")
    else:
        parts += wrapped(f"Pays: {payment.text()}", width, style="bold")
        parts += wrapped(f"Spends {payment.spent.text()}; keeps "
                         f"{(holding - payment.spent).text()}", width)
    return Group(*parts)
