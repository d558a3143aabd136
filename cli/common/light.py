"""Screens as lines: simple lines of styled text (:class:`core.lines.Line`), built
without Rich and drawn by it.

A screen made only of lines — a heading, label–value rows, bars — needs none of
Rich's layout to be built: it is a list of :class:`Line`. The library's screens (a
roll, the odds, the boards) are built this way, so building one needs no Rich;
drawing it does:

* :func:`show` prints the lines ``build`` makes for the console's width with Rich's
  console (:func:`cli.common.output.make_console`);
* :meth:`Line.to_rich` and :class:`LightScreen` give Rich the same lines, where a
  screen is drawn inside Rich's own layout (the players' shell).

A screen of another command draws this way by building its lines for a width::

    def lines(width: int) -> list[Line]:
        title = Line("Pool of 4 dice", "bold")
        row = Line("Result ", "bold").append_line(Line("5").append(" ⚄5", "bold cyan"))
        return [title, *row.wrapped(width, indent=7)]

    show(lines)

Text given must be printable (no control characters but ``\\n``; make stored text
safe with :func:`cli.common.output.plain`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from core.lines import Line

if TYPE_CHECKING:
    from rich.console import Console, ConsoleOptions, RenderResult

__all__ = ["LightScreen", "Line", "show"]


class LightScreen:
    """Lines built for the width Rich draws at, as a Rich renderable: ``build`` is
    called with the width and gives the lines (a screen drawn inside Rich's own
    layout, as the players' shell does)."""

    def __init__(self, build: Callable[[int], Sequence[Line]]) -> None:
        self.build = build

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        for line in self.build(options.max_width):
            yield line.to_rich()


def show(build: Callable[[int], Sequence[Line]]) -> None:
    """Print the lines ``build`` makes for the console's width, by Rich
    (:func:`cli.common.output.make_console`)."""
    from rich.console import Group

    from cli.common.output import make_console

    console = make_console()
    console.print(Group(*(line.to_rich() for line in build(console.width))))
