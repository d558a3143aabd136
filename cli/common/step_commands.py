"""The click door of a game's table of steps (:mod:`core.steps`): one click command
per :class:`~core.steps.Step`, its arguments and options made from the step's
parameters, its help from the step's, and every word completed from the game as it
stands (bash/zsh completion asks the same :meth:`~core.steps.Param.words` the player
shell's Tab asks).

A parameter is worded here as click words it: an argument by its metavar (``DICE``), an
option as ``--with``/``-w``; :func:`worded` names a parameter in this door's words, for
a refusal that names it by its table name. Light at import: no game, no table.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

import click
from click.shell_completion import CompletionItem

from cli.common.options import NumbersCommand
from cli.common.values import OneOf, Whole
from core.errors import RefusedError
from core.steps import Kind

if TYPE_CHECKING:
    from core.steps import Param, Step

__all__ = ["ManyOption", "OwnSeat", "StepCommand", "command", "worded"]


Run = Callable[["Step[Any]", dict[str, Any], bool], None]
"""``run(step, values, as_json)``: write the step with its parsed values."""


class ManyOption(click.Option):
    """An option that takes every value up to the next option: ``--players Ann Bo Cy``
    (also ``--players Ann,Bo,Cy``, or the option repeated). Its value is the list of
    what was typed, each item split at commas unless ``commas=False``."""

    def __init__(self, *args: Any, commas: bool = True, **kwargs: Any) -> None:
        kwargs["multiple"] = True
        self.commas = commas
        super().__init__(*args, **kwargs)

    def process_value(self, ctx: click.Context, value: Any) -> Any:
        value = super().process_value(ctx, value)
        if not value or not self.commas:
            return value
        return [part.strip() for item in value for part in str(item).split(",")
                if part.strip()]


class OwnSeat(NamedTuple):
    """Where a command that reads a seat's own figures takes a player's seat at the
    phones when they name none: the ``option`` given the seat, unless one of the
    parameters ``unless`` is given."""

    option: str
    unless: tuple[str, ...]


class StepCommand(NumbersCommand):
    """A command whose :class:`ManyOption` options take several values, and whose
    arguments may be negative numbers (``unrest -1``, ``coins -3``). ``own_seat``
    (:class:`OwnSeat`): the player's seat is the one it reads when they name none
    (``pay --problem X`` at the phones asks whether the player's House pays X alone)."""

    def __init__(self, *args: Any, own_seat: OwnSeat | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.own_seat = own_seat

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        many = {opt for param in self.get_params(ctx) if isinstance(param, ManyOption)
                for opt in param.opts}
        out: list[str] = []
        current: str | None = None  # the many-valued option being read
        empty = False  # it has no value yet
        for token in args:
            is_option = token.startswith("-") and len(token) > 1
            if current is not None and not is_option:
                out += [current, token]
                empty = False
                continue
            if current is not None and empty:
                out.append(current)  # given no value: click says so
            current, empty = (token, True) if token in many else (None, False)
            if current is None:
                out.append(token)
        if current is not None and empty:
            out.append(current)
        return super().parse_args(ctx, out)


def worded(param: Param, flag: str | None = None) -> str:
    """How this door names ``param`` (or one of its switches, ``flag``): ``--with`` for
    an option, ``DICE`` for an argument."""
    if flag is not None:
        return f"--{flag}"
    if param.positional:
        return param.metavar or param.name.upper()
    if param.flags:
        return "/".join(f"--{flag}" for flag in param.flags)
    return f"--{param.spelt}"


def _type(param: Param) -> Any:
    if param.kind is Kind.CHOICE and param.choices:
        return OneOf(param.choices)
    if param.kind is Kind.NUMBER:
        return Whole(param.low, param.high)
    return None


def _completer(param: Param, state: Callable[[], Any]
               ) -> Callable[[click.Context, click.Parameter, str], list[CompletionItem]]:
    """Bash/zsh completion of ``param``: its choices, else the words it reads from the
    game as it stands (any unique beginning or word of a name, as names are read);
    nothing when there is no game to read."""

    def complete(ctx: click.Context, _click_param: click.Parameter, incomplete: str
                 ) -> list[CompletionItem]:
        from cli.common.table_option import for_shell
        from core.names import matches

        found = list(param.choices or param.flags)
        if not found:
            try:
                with ctx.scope(cleanup=False):  # the options given so far: --db, --game
                    now = state()
            except Exception:  # completing never fails a shell
                now = None
            found = [] if now is None else list(param.complete(now, incomplete))
        chosen = matches(incomplete, found) if incomplete.strip() else found
        return [CompletionItem(word) for word in for_shell(list(chosen))]

    return complete


def parameters(param: Param, state: Callable[[], Any], help_text: str = ""
               ) -> list[click.Parameter]:
    """The click parameters of one of a step's parameters (a switch per flag), with
    ``help_text``, its help in this door's words."""
    help_text = help_text or param.help
    complete = _completer(param, state)
    if param.positional:
        metavar = param.metavar
        if metavar is not None and not (param.required or param.many
                                        or metavar.startswith("[")):
            metavar = f"[{metavar}]"  # as click shows an argument that may be left out
        given: dict[str, Any] = {}  # a default given, even None, would make it optional
        if param.default is not None and not param.many:
            given["default"] = param.default
        return [click.Argument([param.name], nargs=-1 if param.many else 1,
                               required=param.required, type=_type(param),
                               metavar=metavar, shell_complete=complete, **given)]
    if param.flags:
        return [click.Option([f"--{flag}", param.name], flag_value=flag, help=flag_help)
                for flag, flag_help in param.flags.items()]
    names = [f"--{param.spelt}", *([f"-{param.short}"] if param.short else []), param.name]
    if param.kind is Kind.FLAG:
        if param.off is not None:  # a switch and its opposite: --contest/--challenge
            names = [f"--{param.spelt}/--{param.off}", param.name]
        return [click.Option(names, is_flag=True, default=bool(param.default),
                             help=help_text)]
    if param.bare is not None:
        return [click.Option(names, is_flag=False, flag_value=param.bare, default=None,
                             metavar=param.metavar, help=help_text)]
    if param.many:
        return [ManyOption(names, metavar=param.metavar, help=help_text,
                           shell_complete=complete, commas=param.commas)]
    if param.repeat:
        return [click.Option(names, multiple=True, type=_type(param), metavar=param.metavar,
                             help=help_text, shell_complete=complete)]
    given = {} if param.default is None else {"default": param.default}
    return [click.Option(names, type=_type(param), required=param.required,
                         metavar=param.metavar, help=help_text, shell_complete=complete,
                         **given)]


def command(step: Step[Any], run: Run, options: Callable[[Any], Any],
            state: Callable[[], Any]) -> click.Command:
    """The click command of ``step``: its parameters, then ``options`` (the door's own:
    the table, the game, who writes, ``--json``); ``run`` writes the parsed values.
    ``state()`` reads the game as it stands, for completing a word (``None`` without
    one)."""

    def callback(as_json: bool, **values: Any) -> None:
        try:
            run(step, {**step.defaults(),
                       **{k: _value(step, k, v) for k, v in values.items()}}, as_json)
        except RefusedError as error:
            if error.param is not None and error.param in {p.name for p in step.params}:
                error.door_words = worded(step.param(error.param))  # type: ignore[attr-defined]
            raise

    function: Any = options(callback)
    made: Sequence[click.Parameter] = [
        p for param in step.params
        for p in parameters(param, state, step.worded(param.help, worded))]
    function.__click_params__ = [*getattr(function, "__click_params__", []),
                                 *reversed(made)]
    return click.command(step.name, cls=StepCommand, short_help=step.worded(step.summary, worded),
                         help=step.worded(step.help or step.summary, worded))(function)


def _value(step: Step[Any], name: str, value: Any) -> Any:
    """A parsed value as the step's build takes it: several words as a tuple."""
    if isinstance(value, list):
        return tuple(value)
    return value


def _option_words(step: Step[Any]) -> dict[str, tuple[Param, bool]]:
    """Each option word of ``step`` as this door spells it, with its parameter and
    whether a value follows it."""
    found: dict[str, tuple[Param, bool]] = {}
    for param in step.params:
        if param.positional:
            continue
        if param.flags:
            found.update({f"--{flag}": (param, False) for flag in param.flags})
            continue
        takes = param.kind is not Kind.FLAG
        for spelt in param.spelt.split("/"):  # a switch and its opposite: a/--b
            found[f"--{spelt.removeprefix('--')}"] = (param, takes)
        if param.short:
            found[f"-{param.short}"] = (param, takes)
    return found


def complete(step: Step[Any], state: Any, words: Sequence[str], partial: str,
             seat: str | None = None) -> list[str]:
    """What may come next in a line of ``step`` after ``words`` (the words typed after
    the step's name), beginning as ``partial``: an option's value after the option, the
    options after ``-``, else the next argument's
    words (read from ``state`` where a name is wanted). ``seat``: the one seat a
    parameter that names who acts may name (a player's own, at a phone)."""
    spelt = _option_words(step)
    arguments = [param for param in step.params if param.positional]
    place = 0
    pending: Param | None = None  # the option whose value comes next
    for word in words:
        if word in spelt:
            param, takes = spelt[word]
            pending = param if takes else None
        elif pending is not None:
            pending = pending if pending.many else None
        elif place < len(arguments) and not arguments[place].many:
            place += 1
    if partial.startswith("-"):
        return sorted(word for word in spelt
                      if word.startswith("--") and word.startswith(partial))
    wanted = pending if pending is not None else \
        arguments[place] if place < len(arguments) else None
    if wanted is None:
        return []
    found = wanted.words(state, partial)
    if seat is not None and wanted.seat:  # only the player's own seat is theirs to name
        own = f"{seat}=" if wanted.pairs else seat
        mine = [word for word in found
                if word.split("=", 1)[0].casefold() == seat.casefold()]
        return mine or ([own] if own.casefold().startswith(partial.casefold()) else [])
    return found
