"""Whole numbers within bounds: the one check every game's values use.

:func:`whole` makes an ``attrs`` validator, :func:`check_whole` checks one value
where no attrs field holds it (a command's argument, a converter). A bool is never a
number, and nothing is converted: ``"5"`` and ``4.0`` are refused. A refusal names the
field, what was expected and what was given::

    pool must be a whole number 2–10, got 'six'     (not a whole number)
    pool must be 2–10, got 11                       (a whole number out of bounds)

Each package raises its own error class (``refuse=said_by(BadValue)``), or says it in
its own words from the :class:`Bounds` that were broken (a localized catalog). The
error keeps the value given (``error.value``) and, where the number is a step's
parameter, that parameter's table name (``error.param``, ``param=`` here: ``amount``),
which each front door words its own way; the message is the same with or without it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs

from core.errors import Malformed, RuledError, shown

__all__ = ["BadNumber", "Bounds", "Refuse", "Validator", "check_whole", "said_by", "whole"]


class BadNumber(RuledError, Malformed):
    """A value that is not a whole number within its bounds (when no package's own
    error class was given)."""


@attrs.frozen
class Bounds:
    """A broken bound: ``field`` held ``value``, which should have been a whole number
    within ``low``–``high`` (``None``: no bound on that side), by rule ``rule``;
    ``param``: the table name of the step's parameter that gave it, where one did."""

    field: str
    value: object
    low: int | None = None
    high: int | None = None
    rule: str | None = None
    param: str | None = None

    @property
    def span(self) -> str:
        """``1–8``, ``0 or more``, ``12 or less`` (or nothing, without bounds)."""
        if self.low is not None and self.high is not None:
            return f"{self.low}–{self.high}"
        if self.low is not None:
            return f"{self.low} or more"
        return "" if self.high is None else f"{self.high} or less"

    @property
    def whole(self) -> bool:
        """Whether the value was a whole number at all (then only a bound was broken)."""
        return isinstance(self.value, int) and not isinstance(self.value, bool)

    def message(self, *, whole_in_range: bool = False) -> str:
        """``field must be EXPECTED, got VALUE``: "a whole number" and the span when the
        value was no whole number (or always, with ``whole_in_range``), else the span."""
        span = self.span
        if not self.whole or whole_in_range:
            expected = f"a whole number {span}" if span else "a whole number"
        else:
            expected = span
        return f"{self.field} must be {expected}, got {shown(self.value)}"


Refuse = Callable[[Bounds], Exception]
"""Makes the error that refuses a value out of its bounds."""


def said_by(error: type[RuledError], *, whole_in_range: bool = False) -> Refuse:
    """Refusals as ``error(message, rule=..., param=..., value=...)`` with
    :meth:`Bounds.message`'s words, carrying the value given and its parameter."""

    def refuse(bounds: Bounds) -> Exception:
        return error(bounds.message(whole_in_range=whole_in_range), rule=bounds.rule,
                     param=bounds.param, value=bounds.value)

    return refuse


_DEFAULT: Refuse = said_by(BadNumber)


def check_whole(value: object, field: str, low: int | None = None, high: int | None = None,
                *, rule: str | None = None, refuse: Refuse = _DEFAULT,
                param: str | None = None) -> int:
    """``value`` if it is a whole number within ``low``–``high``; else the error
    ``refuse`` makes from the broken :class:`Bounds` (``param``: the step's parameter
    that gave it, by its table name)."""
    if isinstance(value, int) and not isinstance(value, bool) and (
            low is None or value >= low) and (high is None or value <= high):
        return value
    raise refuse(Bounds(field, value, low, high, rule, param))


Validator = Callable[[Any, "attrs.Attribute[Any]", Any], None]


def whole(low: int | None = None, high: int | None = None, *, rule: str | None = None,
          refuse: Refuse = _DEFAULT, optional: bool = False, field: str | None = None,
          param: str | None = None) -> Validator:
    """An attrs validator: the field holds a whole number within ``low``–``high`` (or
    ``None``, if ``optional``). The refusal names the field (``field``, else the
    attribute's name) and carries ``param``, the step's parameter that gives it, where
    every step that makes the value gives it by that table name."""

    def check(_instance: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
        if optional and value is None:
            return
        check_whole(value, field or attribute.name, low, high, rule=rule, refuse=refuse,
                    param=param)

    return check
