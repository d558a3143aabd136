"""What the commands share on the command line: parameter types for pools,
Difficulties and dice faces, the shared ``--difficulty`` and ``--faces`` options, and
a command class that takes negative numbers as arguments yet still reports a
mistyped option with click's "did you mean" hint.

A bad value fails the way click fails — one line, exit status 2 — with the library's
own message naming the rule (``R-DICE-1: …``). Nothing here imports Rich or SQLite.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, Final

import click

from cli.common.decorators import F
from cli.common.help_layout import Command

_NUMBER = re.compile(r"[+-]?[0-9]*\.?[0-9]+")


def number_or_text(value: str) -> int | str:
    """:func:`conflict.intents.words.number_or_text`, which loads only for what is not
    plain digits (``roll 5`` reads its pool without it: start-up time)."""
    if value.isascii() and value.isdigit() and len(value) <= 100:
        return int(value)
    from conflict.intents.words import number_or_text as read

    return read(value)


def __getattr__(name: str) -> Any:
    if name in ("MAX_ROLL", "check_roll_pool"):  # read here before they moved to pools
        from cli.common import pools

        return getattr(pools, name)
    if name == "face_tokens":  # re-exported here until it stopped loading at start-up
        import warnings

        from conflict.intents.words import face_tokens

        warnings.warn("cli.common.options.face_tokens moved: import it from "
                      "conflict.intents.words", DeprecationWarning, stacklevel=2)
        return face_tokens
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _roll_pool(value: object) -> int:
    """A pool ``mistborn roll`` may roll (:func:`cli.common.pools.check_roll_pool`)."""
    from cli.common.pools import check_roll_pool

    return check_roll_pool(value)


class LibraryType(click.ParamType[Any]):
    """A parameter type whose conversion is one of the library's checks: its error
    becomes click's one-line usage error."""

    check: Callable[[object], object]

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None
                ) -> Any:
        if not isinstance(value, str):
            return value
        from conflict.errors import ConflictError  # a value to convert only (start-up)

        try:
            return self.check(number_or_text(value))
        except ConflictError as error:
            # The library's message names the rule and the value: it needs no prefix.
            raise click.UsageError(str(error), ctx) from None


class PoolType(LibraryType):
    """A pool of dice asked: a whole number 0 or more (R-DICE-1); beyond 10 the rules
    give free Nudges (R-DICE-2), below 2 a penalty (R-DICE-3)."""

    name = "pool"

    def __init__(self, check: Callable[[object], int] | None = None) -> None:
        self.check = check or _roll_pool



    def get_metavar(self, param: click.Parameter, ctx: click.Context | None = None) -> str:
        return "N"


class DifficultyType(LibraryType):
    """A Difficulty 0–5 (R-DICE-6)."""

    name = "difficulty"

    @staticmethod
    def check(value: object) -> int | None:
        """R-DICE-6, by the library (loaded when a Difficulty is read: start-up)."""
        from conflict.dice import check_difficulty

        return check_difficulty(value)

    def get_metavar(self, param: click.Parameter, ctx: click.Context | None = None) -> str:
        return "D"


class FacesType(click.ParamType[Any]):
    """Dice rolled by hand: ``5,5,4,2``, ``5 5 4 2`` or ``5, 5, 4, 2``, read by the
    library (:func:`conflict.intents.read_faces`), which judges each face (R-DICE-1)."""

    name = "faces"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None
                ) -> Any:
        if not isinstance(value, str):
            return value
        from conflict.errors import ConflictError
        from conflict.intents.words import read_faces  # start-up: only for faces typed

        try:
            return read_faces(value, "faces", group=False)[0]
        except ConflictError as error:
            # The library's message names the rule and the value; one about the faces
            # as a whole is said with this option (cli.common.errors.said).
            from cli.common.errors import said

            raise click.UsageError(said(error), ctx) from None

    def get_metavar(self, param: click.Parameter, ctx: click.Context | None = None) -> str:
        return "F"


class SeedType(click.ParamType[int]):
    """A seed of the tool's dice: a whole number 0 to 2⁶³−1. A negative or larger one
    is refused in one line rather than taken as some other seed."""

    name = "seed"
    most = 2**63 - 1

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None
                ) -> int:
        if isinstance(value, int):
            return value
        text = str(value).strip()
        if text.isascii() and text.isdigit() and int(text) <= self.most:
            return int(text)
        raise click.UsageError(f"--seed must be a whole number 0 or more (at most 2^63−1), "
                               f"got {text[:30]!r}", ctx)

    def get_metavar(self, param: click.Parameter, ctx: click.Context | None = None) -> str:
        return "S"


SEED: Final = SeedType()

POOL = PoolType()
DIFFICULTY = DifficultyType()
FACES = FacesType()


def difficulty_option(help_text: str) -> Callable[[F], F]:
    """``--difficulty/-d D``, checked by R-DICE-6."""
    return click.option("--difficulty", "-d", type=DIFFICULTY, help=help_text)


def faces_option(help_text: str) -> Callable[[F], F]:
    """``--faces F``: dice rolled by hand instead of by the tool."""
    return click.option("--faces", type=FACES, help=help_text)


def _looks_numeric(token: str) -> bool:
    return bool(_NUMBER.fullmatch(token))


class NumbersCommand(Command):
    """A command whose arguments may be negative numbers (``roll -3`` is reported as a
    bad pool, by rule, not as an unknown option ``-3``) while a mistyped option is still
    refused with click's "did you mean" hint."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        settings = dict(kwargs.get("context_settings") or {})
        settings["ignore_unknown_options"] = True
        kwargs["context_settings"] = settings
        super().__init__(*args, **kwargs)

    def _known(self, ctx: click.Context) -> set[str]:
        names: set[str] = set()
        for param in self.get_params(ctx):
            names.update(getattr(param, "opts", ()))
            names.update(getattr(param, "secondary_opts", ()))
        return names

    def _taking_values(self, ctx: click.Context) -> set[str]:
        """The options whose next word is their value (``--stakes -x`` is a value)."""
        return {opt for param in self.get_params(ctx) if isinstance(param, click.Option)
                and not param.is_flag and not param.count for opt in param.opts}

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        if ctx.resilient_parsing:  # completing a word: nothing is refused
            return super().parse_args(ctx, args)
        known = self._known(ctx)
        taking = self._taking_values(ctx)
        value_next = False
        for token in args:
            if token == "--":
                break
            if value_next or not token.startswith("-") or token == "-" or \
                    _looks_numeric(token):
                value_next = False
                continue
            value_next = token in taking
            name = token.split("=", 1)[0]
            if name in known or (not token.startswith("--") and token[:2] in known):
                continue
            raise click.NoSuchOption(name, possibilities=sorted(
                option for option in known if option.startswith("--")), ctx=ctx)
        return super().parse_args(ctx, args)


def no_such_option_line(error: click.NoSuchOption) -> str:
    """``No such option: --jsn (did you mean --json?)`` — click's hint, on one line."""
    import difflib

    close = difflib.get_close_matches(error.option_name, list(error.possibilities or ()), n=1)
    hint = f" (did you mean {' or '.join(close)}?)" if close else ""
    return f"No such option: {error.option_name}{hint}"
