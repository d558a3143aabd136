"""Light screens: simple lines of styled text, printed byte for byte as Rich prints
them, without loading Rich (start-up time: Rich's console alone costs more than a
whole ``mistborn roll`` may).

A screen made only of lines — a heading, label–value rows, bars — needs none of
Rich's layout. Such a screen is a list of :class:`Line`: plain text, a base style and
styled spans, built with the few operations of ``rich.text.Text`` the screens use
(:meth:`Line.append`, :meth:`Line.append_line`, :meth:`Line.cut`, :meth:`Line.wrapped`),
which keep the same text, styles and spans as those ``Text`` operations would. Then:

* :func:`show` prints the lines as ``make_console().print(Group(*texts))`` would, Rich
  never loaded when it can tell exactly what Rich would write: same width (``COLUMNS``,
  else the terminal's, else 80), colours and styles as escape codes only when a
  terminal listens (``FORCE_COLOR``, ``TTY_COMPATIBLE``, ``NO_COLOR``, ``TERM``), a
  line that would not fit the width never drawn here. In any case it cannot tell
  (a line too wide, a character whose width it does not know, a style it does not
  know, a dumb terminal, Windows, Jupyter, IDLE) it hands the same lines to Rich.
* :func:`width` is the console's width as Rich would take it, to build lines for;
  :func:`cells`, how wide a text is, when this module knows.
* :meth:`Line.to_rich` and :class:`LightScreen` give Rich the same lines, where a
  screen is drawn by Rich anyway (the players' shell).

A screen of another command draws this way by building its lines for a width::

    def lines(width: int) -> list[Line]:
        title = Line("Pool of 4 dice", "bold")
        row = Line("Result ", "bold").append_line(Line("5").append(" ⚄5", "bold cyan"))
        return [title, *row.wrapped(width, indent=7)]

    show(lines)  # as make_console().print(Group(*(l.to_rich() for l in lines(w))))

``tests/test_light.py`` renders random lines both ways, over widths and terminal
settings, and checks the bytes are the same. Text given must be printable (no control
characters but ``\\n``; make stored text safe with :func:`cli.common.output.plain`).
"""

from __future__ import annotations

import builtins
import itertools
import os
import sys
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, TextIO

if TYPE_CHECKING:
    from rich.console import Console, ConsoleOptions, RenderResult
    from rich.text import Text

__all__ = ["LightScreen", "Line", "cells", "show", "terminal", "width"]

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


# --- how Rich would print ---------------------------------------------------------------

_ATTRIBUTES = {"bold": "1", "dim": "2", "italic": "3", "underline": "4", "blink": "5",
               "reverse": "7", "strike": "9"}
_COLOURS = {name: number for number, name in enumerate(
    ("black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"))}
_ONE_CELL = frozenset("⚀⚁⚂⚃⚄⚅·—–─×−▶█░▏▎▍▌▋▊▉…→←•")
"""Characters besides printable ASCII whose width (one cell) is known here; Rich
measures any other (``tests/test_light.py`` checks these against Rich)."""

_ORDER = "1234579"


def _codes(styles: Sequence[str], colour: bool) -> str | None:
    """The SGR codes Rich writes for ``styles`` combined in order (attributes, then
    the last colour); ``None`` for a word this module does not know."""
    found: set[str] = set()
    last = ""
    for style in styles:
        for word in style.split():
            if word in _ATTRIBUTES:
                found.add(_ATTRIBUTES[word])
            elif word in _COLOURS:
                last = str(30 + _COLOURS[word])
            elif word.startswith("bright_") and word[7:] in _COLOURS:
                last = str(90 + _COLOURS[word[7:]])
            else:
                return None
    codes = [code for code in _ORDER if code in found]
    if colour and last:
        codes.append(last)
    return ";".join(codes)


def cells(text: str) -> int | None:
    """How many cells ``text`` takes as Rich measures it, when the width of each of its
    characters is known here; ``None`` when it is not."""
    if text.isascii():
        return len(text) if text.isprintable() else None
    if all(c in _ONE_CELL or (c.isascii() and c.isprintable()) for c in text):
        return len(text)
    return None


def _fits(text: str, room: int) -> bool:
    """Whether ``text`` is printable and at most ``room`` cells wide, by widths known
    here (``False`` when it cannot tell)."""
    if text.isascii():
        return text.isprintable() and len(text) <= room
    return all(c in _ONE_CELL or (c.isascii() and c.isprintable()) for c in text) \
        and len(text) <= room


def _drawn(line: Line, room: int, colour: bool | None) -> str | None:
    """``line`` as Rich writes it at ``room`` columns (``colour``: ``None`` for no
    escape codes at all, else whether colours are kept); ``None`` when it cannot
    tell."""
    out: list[str] = []
    at = 0
    for part in line.plain.split("\n"):
        if not _fits(part, room):
            return None
        end = at + len(part)
        cuts = sorted({at, end, *(edge for start, stop, _ in line.spans if start < end
                                  and stop > at for edge in (max(start, at), min(stop, end)))})
        for start, stop in itertools.pairwise(cuts):
            styles = [line.style] + [style for first, last, style in line.spans
                                     if first <= start and last >= stop]
            codes = _codes(styles, bool(colour))
            if codes is None:
                return None
            text = line.plain[start:stop]
            out.append(f"\x1b[{codes}m{text}\x1b[0m" if codes and colour is not None else text)
        out.append("\n")
        at = end + 1
    return "".join(out)


def terminal(environ: Mapping[str, str] | None = None, file: TextIO | None = None
             ) -> tuple[bool, bool] | None:
    """Whether Rich would write escape codes to ``file`` (standard output) and whether
    with colours (``NO_COLOR``), as ``make_console()`` decides; ``None`` where this
    module does not decide (Windows, Jupyter, IDLE, a dumb terminal)."""
    environ = os.environ if environ is None else environ
    file = sys.stdout if file is None else file
    if sys.platform == "win32" or hasattr(builtins, "get_ipython"):
        return None
    if getattr(sys.stdin, "__module__", "").startswith("idlelib"):
        return None
    listening = _listening(environ, file)
    if listening and _dumb(environ):
        return None
    return listening, environ.get("NO_COLOR", "") == ""


def _listening(environ: Mapping[str, str], file: TextIO) -> bool:
    """Whether Rich takes ``file`` for a terminal (``TTY_COMPATIBLE``, ``FORCE_COLOR``,
    else whether it is one)."""
    said = environ.get("TTY_COMPATIBLE", "")
    forced = environ.get("FORCE_COLOR")
    if said in ("0", "1"):
        return said == "1"
    if forced is not None:
        return forced != ""
    try:
        return bool(file.isatty())
    except (ValueError, AttributeError):
        return False


def _dumb(environ: Mapping[str, str]) -> bool:
    return environ.get("TERM", "").lower() in ("dumb", "unknown")


def width(environ: Mapping[str, str] | None = None, file: TextIO | None = None) -> int:
    """The width Rich's console takes: ``COLUMNS`` if a number and ``LINES`` too; else
    80 on a dumb terminal; else ``COLUMNS`` if a number, else the first of standard
    input, output and error that is a terminal, else 80."""
    environ = os.environ if environ is None else environ
    columns, rows = environ.get("COLUMNS"), environ.get("LINES")
    if columns is not None and columns.isdigit() and rows is not None and rows.isdigit():
        return int(columns)
    if _dumb(environ) and _listening(environ, sys.stdout if file is None else file):
        return 80
    if columns is not None and columns.isdigit():
        return int(columns)
    found = 0
    for descriptor in (0, 1, 2):
        try:
            found = os.get_terminal_size(descriptor).columns
        except (AttributeError, ValueError, OSError):
            continue
        break
    return found or 80


def render(lines: Sequence[Line], columns: int, listening: bool, colour: bool) -> str | None:
    """What Rich writes for ``lines`` at ``columns``; ``None`` when this module cannot
    tell."""
    out = []
    for line in lines:
        drawn = _drawn(line, columns, colour if listening else None)
        if drawn is None:
            return None
        out.append(drawn)
    return "".join(out)


def show(build: Callable[[int], Sequence[Line]]) -> None:
    """Print the lines ``build`` makes for the console's width, as Rich would print
    them, by Rich itself when this module cannot tell what it would write."""
    columns = width()
    said = terminal()
    text = None if said is None or columns < 1 else render(build(columns), columns, *said)
    if text is None:
        _by_rich(build)
        return
    sys.stdout.write(text)
    sys.stdout.flush()


def _by_rich(build: Callable[[int], Sequence[Line]]) -> None:
    # Rich only when this module cannot tell what it would write.
    from rich.console import Group

    from cli.common.output import make_console

    console = make_console()
    console.print(Group(*(line.to_rich() for line in build(console.width))))
