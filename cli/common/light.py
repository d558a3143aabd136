"""Screens as lines: simple lines of styled text, built without Rich and drawn by it.

A screen made only of lines — a heading, label–value rows, bars — needs none of
Rich's layout to be built: it is a list of :class:`Line`, plain text with a base style
and styled spans, made with the few operations of ``rich.text.Text`` the screens use
(:meth:`Line.append`, :meth:`Line.append_line`, :meth:`Line.cut`, :meth:`Line.wrapped`),
which keep the same text, styles and spans as those ``Text`` operations would. The
library's screens (a roll, the odds, the boards) are built this way, so building one
needs no Rich; drawing it does:

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

if TYPE_CHECKING:
    from rich.console import Console, ConsoleOptions, RenderResult
    from rich.text import Text

__all__ = ["LightScreen", "Line", "show"]

Span = tuple[int, int, str]
"""A styled run of a line: start, end (indices into its text) and style."""


class Line:
    """Plain text with a base style and styled spans, as ``rich.text.Text`` keeps them
    (a ``\\n`` in the text starts another line on screen)."""

    __slots__ = ("plain", "spans", "style")

    def __init__(self, text: str = "", style: str = "",
                 spans: Sequence[Span] = ()) -> None:
        self.plain = text
        self.style = style
        self.spans = list(spans)

    def __repr__(self) -> str:
        return f"Line({self.plain!r}, {self.style!r}, {self.spans!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Line) and (self.plain, self.style, self.spans) == (
            other.plain, other.style, other.spans)

    __hash__ = None  # type: ignore[assignment]  # mutable, as Text is

    def __len__(self) -> int:
        return len(self.plain)

    def append(self, text: str, style: str = "") -> Line:
        """``text`` added at the end in ``style`` (``Text.append`` of a ``str``)."""
        if text:
            if style:
                self.spans.append((len(self.plain), len(self.plain) + len(text), style))
            self.plain += text
        return self

    def append_line(self, other: Line) -> Line:
        """``other`` added at the end, its base style kept as a span over it
        (``Text.append_text``)."""
        at = len(self.plain)
        if other.style:
            self.spans.append((at, at + len(other.plain), other.style))
        self.spans.extend((start + at, end + at, style) for start, end, style in other.spans)
        self.plain += other.plain
        return self

    def __add__(self, other: Line) -> Line:
        return self.copy().append_line(other)

    def copy(self) -> Line:
        return Line(self.plain, self.style, self.spans)

    def cut(self, start: int, end: int) -> Line:
        """The piece ``start:end`` with its styles (``text[start:end]``); spans that
        touch the piece only at an edge are left out (they colour nothing)."""
        piece = Line(self.plain[start:end], self.style)
        for first, last, style in self.spans:
            if first < end and last > start:
                piece.spans.append((max(first, start) - start, min(last, end) - start, style))
        return piece

    def wrapped(self, width: int, indent: int = 2) -> list[Line]:
        """This line broken between words to ``width`` cells by :func:`core.wrap.spans`,
        the lines after the first indented by ``indent`` spaces: what
        :func:`cli.common.output.hanging` does to a Rich ``Text``."""
        from core.wrap import spans

        lines = []
        for number, (start, end) in enumerate(spans(self.plain, width, indent)):
            piece = self.cut(start, end)
            lines.append(Line(" " * indent) + piece if number else piece)
        return lines

    def to_rich(self) -> Text:
        """The same line as a Rich ``Text``."""
        from rich.text import Span as RichSpan
        from rich.text import Text

        return Text(self.plain, style=self.style,
                    spans=[RichSpan(start, end, style) for start, end, style in self.spans])


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
