"""Help laid out for the terminal it is read on, a phone's 40 columns among them.

click lays an option's help beside it in a column as wide as the widest option (up to
30 columns), and breaks whatever does not fit: at 40 columns the help of ``conflict
declare`` was left 6 columns, so words were cut in two (``$MISTBORN_`` / ``DB``) and
lines ran past the screen. Here the options' column is narrowed until the help has
room (:data:`HELP_ROOM`); an option wider than that column gets its help on the lines
beneath it, as click does for any long option, and an option too wide for the
terminal is itself broken at its spaces. The usage line never breaks a word at its hyphen
(``no-roll``). On a wide terminal the layout is click's.

Every command of the tool is made with these classes (:class:`Command`,
:class:`Group`: their contexts make the formatter), so a command added anywhere is laid
out alike.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

import click

__all__ = ["HELP_ROOM", "SHORT_HELP", "Command", "Context", "Group", "NarrowHelp"]

SHORT_HELP: Final = 60
"""The longest a command's one-line help is cut to in its group's list, which wraps it
to the screen (click cut it to what one line of the screen holds: "Export the
table's rows...")."""

HELP_ROOM: Final = 24
"""The fewest columns an option's help is given beside or beneath it."""

_CONTINUED: Final = 4
"""How far the rest of a broken option's line is indented under its start."""


class NarrowHelp(click.HelpFormatter):
    """click's help formatter, its options' column narrowed to leave :data:`HELP_ROOM`
    columns of help, an option wider than the terminal broken at its spaces, and no
    word of the help broken."""

    def write_dl(self, rows: Iterable[tuple[str, str]], col_max: int = 30,
                 col_spacing: int = 2) -> None:
        # click's layout (the help beside an option that fits the column, beneath one
        # that does not), with the column narrowed to leave HELP_ROOM, and words wrapped
        # whole: an option named in the help (``--until-precision``) is not broken at
        # its hyphen.
        room = self.width - self.current_indent - col_spacing - HELP_ROOM
        fitted = [(self._fitted(term), text) for term, text in rows]
        widest = max((len(term) for term, _text in fitted if "\n" not in term), default=0)
        column = min(widest, max(4, min(col_max, room))) + col_spacing
        for term, text in fitted:
            self.write(f"{'':>{self.current_indent}}{term}")
            if not text:
                self.write("\n")
                continue
            if "\n" not in term and len(term) <= column - col_spacing:
                self.write(" " * (column - len(term)))
            else:
                self.write("\n" + " " * (column + self.current_indent))
            lines = _wrapped(text, max(self.width - column - self.current_indent, 10))
            self.write(f"\n{'':>{column + self.current_indent}}".join(lines or [""]) + "\n")

    def write_usage(self, prog: str, args: str = "", prefix: str | None = None) -> None:
        # click's layout, but a word is never broken at its hyphens (``no-roll``) or cut.
        import textwrap
        from gettext import gettext

        if prefix is None:
            prefix = f"{gettext('Usage:')} "
        start = f"{prefix:>{self.current_indent}}{prog} "
        width = self.width - self.current_indent
        longest = max((len(word) for word in args.split()), default=0)
        if width >= len(start) + max(20, longest):
            first, rest = start, " " * len(start)
        else:  # the program's name alone on the first line, its words beneath (less
            # indented where the longest would not fit)
            self.write(f"{start.rstrip()}\n")
            indent = max(self.current_indent, len(prefix)) + _CONTINUED
            first = rest = " " * max(0, min(indent, width - longest))
        self.write(textwrap.fill(args, width, initial_indent=first, subsequent_indent=rest,
                                 break_on_hyphens=False, break_long_words=False) + "\n")

    def _fitted(self, term: str) -> str:
        """``term`` on one line if the terminal holds it, else broken at its spaces,
        each further line indented under it (click writes the first line's indent)."""
        width = self.width - self.current_indent
        if len(term) <= width:
            return term
        lines: list[str] = []
        for word in term.split(" "):
            fits = width - (_CONTINUED if len(lines) > 1 else 0)  # the first line is wider
            if lines and len(lines[-1]) + 1 + len(word) <= fits:
                lines[-1] += f" {word}"
            else:
                lines.append(word)
        indent = " " * (self.current_indent + _CONTINUED)
        return f"\n{indent}".join(lines)


def _wrapped(text: str, width: int) -> list[str]:
    """``text``'s lines at ``width``, its paragraphs (split by a blank line) apart,
    words never broken (at a hyphen or anywhere)."""
    import textwrap

    lines: list[str] = []
    for paragraph in text.split("\n\n"):
        if lines:
            lines.append("")
        # Its lines joined, the spaces within them kept (click sets two before
        # "[default: …]").
        joined = " ".join(line.strip() for line in paragraph.splitlines())
        lines += textwrap.wrap(joined, width, break_on_hyphens=False, break_long_words=False)
    return lines


class Context(click.Context):
    """A context whose help is laid out by :class:`NarrowHelp`."""

    formatter_class = NarrowHelp


class Command(click.Command):
    """A command of the tool: its help laid out by :class:`NarrowHelp`; words left over
    once its arguments are read are refused in the tool's words, not click's ("Got
    unexpected extra argument")."""

    context_class = Context

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        allowed = ctx.allow_extra_args
        ctx.allow_extra_args = True  # the words left over are said here
        try:
            rest = super().parse_args(ctx, args)
        finally:
            ctx.allow_extra_args = allowed
        if rest and not allowed and not ctx.resilient_parsing:
            from core.errors import shown  # on a refusal only (start-up)

            many = "one word" if len(rest) == 1 else f"{len(rest)} words"
            raise click.UsageError(f"{many} too many: {shown(' '.join(rest))}", ctx)
        return rest


class Group(click.Group):
    """A group of the tool: its help, and that of the commands and groups it makes
    (``@group.command()``), laid out by :class:`NarrowHelp`."""

    context_class = Context
    command_class = Command
    group_class = type  # a group made by a group is of its class

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows = []
        for name in self.list_commands(ctx):
            command = self.get_command(ctx, name)
            if command is not None and not command.hidden:
                rows.append((name, command.get_short_help_str(SHORT_HELP)))
        if rows:
            with formatter.section("Commands"):
                formatter.write_dl(rows)
