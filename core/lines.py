"""Screens as lines, and boards that draw themselves.

A screen made only of lines — a heading, label–value rows, bars, a board — needs none
of Rich's layout to be built: it is a list of :class:`Line`, plain text with a base
style and styled spans, made with the few operations of ``rich.text.Text`` the screens
use (:meth:`Line.append`, :meth:`Line.append_line`, :meth:`Line.cut`,
:meth:`Line.wrapped`), which keep the same text, styles and spans as those ``Text``
operations would. Building lines needs no Rich; drawing them does. This module is
where the library hands its lines to Rich: it imports Rich inside its functions only,
when a line is drawn or measured, so that importing any package loads no Rich (the
packages import no output library of their own).

A :class:`Drawing` is a value that lays itself out as lines for a width
(:meth:`Drawing.lines`) and draws itself: given to a Rich console it is drawn at the
console's width (``console.print(board)``), and :meth:`Drawing.text` gives the plain
text a terminal of a given width shows — what the ``mistborn`` commands print, since
they draw the same values. Every board of the library is one (a Conflict's:
:func:`conflict.board.drawn`; a board game's: each game's ``drawn``).

Text given must be printable (no control characters but ``\\n``; stored text is made
safe with :func:`core.text.printable`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rich.console import Console, ConsoleOptions, RenderableType, RenderResult
    from rich.text import Text

__all__ = ["Drawing", "Line", "Span", "terminal_cells"]

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


def terminal_cells(text: str) -> int:
    """How many cells ``text`` takes on a terminal, counted as Rich, which draws the
    lines, counts them (a row that fills a screen to its edge is measured so)."""
    from rich.cells import cell_len

    return cell_len(text)


class Drawing:
    """A value that lays itself out as :class:`Line` s for a width and draws itself: by
    Rich at the console's width (``console.print(drawing)``), or as plain text
    (:meth:`text`). A subclass gives :meth:`lines`."""

    __slots__ = ()

    def lines(self, width: int) -> list[Line]:
        """The lines of this drawing for a screen ``width`` columns wide (a line a
        screen that narrow cannot hold is broken by the screen, as a terminal does)."""
        raise NotImplementedError

    def rich(self, width: int) -> RenderableType:
        """The :meth:`lines` for ``width`` columns as one Rich renderable."""
        from rich.console import Group

        return Group(*(line.to_rich() for line in self.lines(width)))

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        for line in self.lines(options.max_width):
            yield line.to_rich()

    def text(self, width: int = 40) -> str:
        """The drawing as plain text, as a terminal ``width`` columns wide shows it
        (without colour): each line ends with a newline, and a line longer than the
        width is broken where the terminal would break it."""
        import io

        from rich.console import Console

        out = io.StringIO()
        console = Console(file=out, width=width, color_system=None, force_terminal=False,
                          force_jupyter=False, force_interactive=False, highlight=False,
                          emoji=False, markup=False, legacy_windows=False, no_color=True)
        console.print(self)
        return out.getvalue()
