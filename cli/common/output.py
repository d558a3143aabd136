"""Shared pieces of every command's output: the ``--json`` option, the Rich console,
and die glyphs (:mod:`cli.common.glyphs`)."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

import click

from cli.common.decorators import F
from cli.common.glyphs import DIE_GLYPHS as DIE_GLYPHS  # read here before they moved
from cli.common.glyphs import die as die
from core.text import json_safe, printable

if TYPE_CHECKING:
    from rich.console import Console, ConsoleOptions, RenderResult
    from rich.measure import Measurement
    from rich.text import Text


def json_option(function: F) -> F:
    """The ``--json`` flag, the same on every command."""
    return click.option(
        "--json", "as_json", is_flag=True, help="Print one JSON document and nothing else."
    )(function)


def print_json(data: object) -> None:
    """Print ``data`` as JSON on standard output (stable key order), every control,
    bidi or invisible character of stored text written as a ``\\u`` escape
    (:func:`core.text.json_safe`), never raw; so is every character the output's
    encoding cannot carry (``PYTHONIOENCODING=latin-1``, ``LC_ALL=C``), so that a
    program reading it in that encoding gets every text back, never a ``?``."""
    import json  # only for --json: a screen never needs it (start-up time)

    document = json.dumps(data, ensure_ascii=False, indent=2)
    click.echo(json_safe(document, output_encoding()))


def output_encoding() -> str | None:
    """The encoding of standard output (``None`` when unknown): what a document printed
    there is escaped for (:func:`core.text.carried`)."""
    import sys

    encoding = getattr(sys.stdout, "encoding", None)
    return encoding if isinstance(encoding, str) and encoding else None


def make_console(*, stderr: bool = False) -> Console:
    """A Rich console that honours ``NO_COLOR`` and ``COLUMNS`` (phones read at 40)."""
    from rich.console import Console

    return Console(
        stderr=stderr,
        highlight=False,
        no_color=bool(os.environ.get("NO_COLOR")) or None,
        emoji=False,
    )


def plain(text: str, *, lines: bool = False) -> str:
    """Stored text made safe to print, by the project's one rule (:func:`core.text.printable`):
    control characters (escape sequences among them) shown as ``\\x1b``-style escapes,
    bidi controls, line or paragraph separators and invisible characters outside emoji
    sequences dropped, line breaks kept only when ``lines``. Markup is never parsed:
    screens put this into Rich ``Text``, which prints square brackets as they are."""
    return printable(text, lines=lines)


def echo_wrapped(line: str) -> None:
    """Print a sentence wrapped to the terminal's width (phones show 40 columns), the
    lines after the first hanging 2 spaces in from the sentence's own indent: the one
    way every command prints its sentences."""
    import shutil

    from core.wrap import rows

    width = max(20, shutil.get_terminal_size((80, 24)).columns)
    indent = len(line) - len(line.lstrip(" ")) + 2
    click.echo("\n".join(rows(line, width, indent, cut=False)))  # a path stays whole


def fitted(prompt: str) -> str:
    """A question broken between words to fit the terminal (a phone's 40 columns), the
    answer typed after its last line; a terminal breaks words wherever the edge falls
    (``[y/N]`` split in two). The lines after the first hang 2 spaces in from the
    question's own indent, as every sentence wraps."""
    import shutil

    from core.wrap import rows

    width = shutil.get_terminal_size((80, 24)).columns
    if len(prompt) < width:
        return prompt
    indent = len(prompt) - len(prompt.lstrip(" ")) + 2
    return "\n".join(rows(prompt, max(20, width - 1), indent=indent)) + " "


def hanging(text: Text | str, width: int, indent: int = 2, style: str = "") -> list[Text]:
    """``text`` (Rich ``Text`` keeps its styles; a ``str`` is made safe with
    :func:`plain`) as lines at most ``width`` cells wide, broken between words by
    :func:`core.wrap.spans`, the lines after the first indented by ``indent`` spaces,
    none ending in spaces: the one way every screen wraps a line."""
    from rich.text import Text

    from core.wrap import spans

    whole = text if isinstance(text, Text) else Text(plain(text), style=style)
    lines = []
    for number, (start, end) in enumerate(spans(whole.plain, width, indent)):
        piece = whole[start:end]
        if number:
            piece = Text(" " * indent) + piece
        lines.append(piece)
    return lines


class Hanging:
    """A line of text as a Rich renderable, wrapped by :func:`hanging` at the width Rich
    draws it (a phone's 40 columns, a wide terminal's 120): the lines after the first
    hang ``indent`` spaces in, as every sentence of the command line wraps."""

    def __init__(self, text: Text, indent: int = 2) -> None:
        self.text, self.indent = text, indent

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield from hanging(self.text, options.max_width, self.indent)

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        """As wide as the whole line at most; at least its longest part between spaces
        and hyphens (a table's column given less breaks it there)."""
        import re

        from rich.cells import cell_len
        from rich.measure import Measurement

        text = self.text.plain
        parts = re.findall(r"[^ \-\u2010]*[-\u2010]?", text)
        least = max((cell_len(part) for part in parts), default=0)
        return Measurement(min(least, options.max_width), min(cell_len(text), options.max_width))
