"""Errors raised by the `characters` package."""

from __future__ import annotations


class CharacterError(ValueError):
    """Base class of every error raised by the `characters` package."""


class SheetValueError(CharacterError):
    """A sheet field holds a value outside what the rules allow.

    ``field`` is the field's name (dotted when nested, e.g. ``attributes.wits``),
    ``allowed`` says what is allowed and ``value`` is what was given.
    """

    def __init__(self, field: str, allowed: str, value: object, *, rule: str = "R-CHAR-1"):
        self.field = field
        self.allowed = allowed
        self.value = value
        self.rule = rule
        super().__init__(f"{rule}: {field} must be {allowed}, got {value!r}")
