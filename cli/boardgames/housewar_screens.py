"""The screens of ``mistborn housewar``: the library's board drawn with Rich (``show``:
:func:`boardgames.housewar.screen.board`), and a payment (``pay``), read at 40 columns.

The grid is the board: Urgency I to IV left to right, the lowest row at the bottom,
``·`` a free space; at 40 columns a name is cut to its cell, and every Problem is then
listed in full with its column and cost. The Active House is marked ``▶`` (and bold):
no colour carries meaning alone. A figure hidden from the viewer (R-HW-6) reads ``?``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from boardgames.screen import Grid, Houses, Line
from cli.boardgames.base import drawn, wrapped
from cli.common.output import plain

if TYPE_CHECKING:
    from rich.console import RenderableType
    from rich.text import Text

    from boardgames.housewar.pay import Payment
    from boardgames.housewar.resources import Resources
    from boardgames.housewar.screen import Shown
    from boardgames.housewar.state import State
    from core.viewer import Viewer

def _clip(text: str, width: int) -> str:
    return text if len(text) <= width else text[: max(1, width - 1)] + "…"


def grid(shown: Grid, width: int) -> list[Text]:
    """The Problem track as on the board: columns I–IV, the top row first, ``·`` a free
    space, each name cut to its cell."""
    from rich.text import Text

    cell = max(4, (width - 3) // 4)
    lines = [Text(" ".join(head.ljust(cell) for head in shown.heads).rstrip(), style="bold")]
    for row in shown.rows:
        cells = [plain(_clip(name, cell)) if name else "·" for name in row]
        lines.append(Text(" ".join(c.ljust(cell) for c in cells).rstrip()))
    return lines


def houses(shown: Houses, width: int) -> list[Text]:
    """The Houses' table, the names cut to fit, each House's tokens below it."""
    from rich.text import Text

    name_width = min(max(5, *(len(h.name) for h in shown.rows)), width - 2 - 6 * 3)
    lines = [Text("  " + "House".ljust(name_width) + "".join(f"{x:>6}" for x in shown.labels),
                  style="bold")]
    for house in shown.rows:
        row = Text(("▶ " if house.active else "  ") +
                   plain(_clip(house.name, name_width)).ljust(name_width),
                   style="bold" if house.active else "")
        row.append("".join(f"{'?' if figure is None else figure:>6}"
                           for figure in (house.favor, house.disgrace, house.score)))
        lines.append(row)
        lines += drawn(Line(house.details, wrap=True, margin=4), "", width)
    return lines


def board(name: str, state: State, width: int, last: Sequence[str], next_line: str,
          viewer: Viewer | None = None) -> RenderableType:
    """The whole game on one screen as ``viewer`` may see it (default: the Narrator):
    the library's board (:func:`boardgames.housewar.screen.board`) with the negotiation
    timer by the table's clock, the last events and what comes next."""
    from boardgames.housewar.privacy import NARRATOR
    from boardgames.housewar.screen import board as shown
    from conflict.table import clock

    now = clock.parse(clock.now())
    return drawn_board(name, shown(state, NARRATOR if viewer is None else viewer, now),
                       width, last, next_line)


def drawn_board(name: str, shown: Sequence[Shown], width: int, last: Sequence[str],
                next_line: str) -> RenderableType:
    """The library's board ``shown`` (made now, or stored beside the game), the last
    events and what comes next, on one screen."""
    from rich.console import Group

    width = max(40, min(width, 72))
    parts: list[Any] = []
    for item in shown:
        if isinstance(item, Grid):
            parts += grid(item, width)
        elif isinstance(item, Houses):
            parts += houses(item, width)
        else:
            parts += drawn(item, name, width)
    for line in last:
        parts += wrapped(f"• {plain(line)}", width)
    parts += wrapped(f"Next: {plain(next_line)}", width)
    return Group(*parts)


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
