"""The command line's plain values: whole numbers, numbers and words from a list, as
click reads them, refused in the project's own words rather than click's::

    --last must be 0–100, got -1                 (click: "not in the range 0<=x<=100")
    --teammates must be a whole number, got 'x'  (click: "'x' is not a valid integer")
    'flurb' is none of action, attack, defense, no-roll   (an argument: its usage
                                                           lists the words)

and an option or argument left out (:func:`missing`), worded as the commands' help
names it. Numbers are said as every number check of the library says them
(:class:`core.bounds.Bounds`), in the help too (``[default: 5; 0–100]``, not click's
``0<=x<=100``). Light at import: click only.
"""

from __future__ import annotations

from typing import Any

import click


def named(param: click.Parameter | None) -> str:
    """How the command line names ``param``: its long option (``--last``), else its
    short one, else the argument's word as the usage shows it (``NAME``, ``KIND``)."""
    if param is None:
        return "the value"
    if isinstance(param, click.Option):
        return max(param.opts, key=len)
    metavar = (param.metavar or "").strip("[]").removesuffix("...").removesuffix("…")
    if metavar and metavar.replace("-", "").replace("_", "").isalnum():
        return metavar
    return (param.name or "value").upper()


def _typed(value: Any) -> object:
    """What was typed, as a refusal quotes it: a number as itself (``got -1``), other
    text quoted (``got 'x'``)."""
    text = str(value).strip()
    for number in (int, float):
        try:
            return number(text)
        except ValueError:
            pass
    return value


def _span(low: float | None, high: float | None) -> str:
    from core.bounds import Bounds  # in a help or a refusal only (start-up)

    return Bounds("", None, None if low is None else int(low),
                  None if high is None else int(high)).span


class Whole(click.IntRange):
    """A whole number, within ``low``–``high`` where given."""

    def __init__(self, low: int | None = None, high: int | None = None) -> None:
        super().__init__(low, high)

    def get_metavar(self, param: click.Parameter, ctx: click.Context | None = None) -> str:
        return "N"

    def _describe_range(self) -> str:
        """The bounds as the help shows them: ``0–100``, ``1 or more``, or nothing."""
        return _span(self.min, self.max)

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None
                ) -> Any:
        try:
            return super().convert(value, param, ctx)
        except click.BadParameter:
            from core.bounds import Bounds  # on a refusal only (start-up)

            low, high = self.min, self.max
            bounds = Bounds(named(param), _typed(value),
                            None if low is None else int(low),
                            None if high is None else int(high))
            raise click.UsageError(bounds.message(), ctx) from None


class Number(click.FloatRange):
    """A number (``0.5``) within ``low``–``high``; ``above_low``, ``below_high``: not
    that bound itself."""

    def __init__(self, low: float, high: float, *, above_low: bool = False,
                 below_high: bool = False) -> None:
        super().__init__(low, high, min_open=above_low, max_open=below_high)

    def get_metavar(self, param: click.Parameter, ctx: click.Context | None = None) -> str:
        return "X"

    def _describe_range(self) -> str:
        span = f"{self.min:g}–{self.max:g}"
        if self.min_open or self.max_open:
            span = (f"{'more than' if self.min_open else 'at least'} {self.min:g} and "
                    f"{'less than' if self.max_open else 'at most'} {self.max:g}")
        return span

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None
                ) -> Any:
        try:
            return super().convert(value, param, ctx)
        except click.BadParameter:
            from core.errors import shown  # on a refusal only (start-up)

            raise click.UsageError(f"{named(param)} must be a number {self._describe_range()}, "
                                   f"got {shown(_typed(value))}", ctx) from None


class OneOf(click.Choice[str]):
    """One of ``words``, exactly as written."""

    def __init__(self, words: Any) -> None:
        super().__init__(list(words))

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None
                ) -> Any:
        try:
            return super().convert(value, param, ctx)
        except click.BadParameter:
            from core.errors import shown  # on a refusal only (start-up)

            words = ", ".join(map(str, self.choices))
            if isinstance(param, click.Argument):  # its usage shows the words, not a name
                raise click.UsageError(f"{shown(value)} is none of {words}", ctx) from None
            raise click.UsageError(f"{named(param)} must be one of {words}, "
                                   f"got {shown(value)}", ctx) from None


def missing(error: click.MissingParameter) -> str:
    """What a command needs that was left out, with what it may be: ``buy needs
    WHAT: one of coin, card``; ``new needs --players N``."""
    param, ctx = error.param, error.ctx
    command = ctx.info_name if ctx is not None and ctx.info_name else "the command"
    if param is None:
        return f"{command} needs {error.param_hint or 'a value'}"
    if isinstance(param.type, click.Choice):
        words = ", ".join(map(str, param.type.choices))
        if isinstance(param, click.Argument):  # as its usage shows it: by its words
            return f"{command} needs one of {words}"
        return f"{command} needs {named(param)}: one of {words}"
    what = named(param)
    if isinstance(param, click.Option) and not param.is_flag:
        what = f"{what} {param.make_metavar(ctx) if ctx is not None else 'VALUE'}"
    return f"{command} needs {what}"


def said(error: click.ClickException) -> str:
    """A click error as the front doors say it: one line, in the project's words where
    click's own would show its inner names."""
    if isinstance(error, click.MissingParameter):
        return missing(error)
    return error.format_message()


__all__ = ["Number", "OneOf", "Whole", "missing", "named", "said"]
