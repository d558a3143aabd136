"""Errors raised by the `characters` package.

Every error derives from :class:`CharacterError`, a
:class:`core.errors.RefusedError` (a :class:`ValueError`), split as in
the rest of the project:

* malformed input: :class:`SheetValueError` (a field outside what the rules allow),
  :class:`UnreadableData` (text that cannot be read safely);
* well formed but not allowed now: :class:`SheetRuleViolation` (damage to an Extra
  group, damage past 0) and :class:`NameLooksAlike` (a name that would be mistaken
  for one already at the table).

Messages are one line and quote a bad value through :func:`shown`, so a 10 MB name
never makes a 10 MB message.
"""

from __future__ import annotations

from core.errors import Malformed, NotAllowed, RefusedError, looks_alike_message, shown

__all__ = ["CharacterError", "NameLooksAlike", "SheetRuleViolation", "SheetValueError",
           "UnreadableData", "shown"]


class CharacterError(RefusedError):
    """Base class of every error raised by the `characters` package (a
    :class:`core.errors.RefusedError`, like every game's)."""


class SheetValueError(CharacterError, Malformed):
    """A sheet field holds a value outside what the rules allow.

    ``field`` is the field's name (dotted when nested, e.g. ``attributes.wits``),
    ``allowed`` says what is allowed and ``value`` is what was given (quoted in the
    message through :func:`shown`).
    """

    def __init__(self, field: str, allowed: str, value: object, *, rule: str = "R-CHAR-1"):
        self.field = field
        self.allowed = allowed
        self.value = value
        self.rule = rule
        super().__init__(f"{rule}: {field} must be {allowed}, got {shown(value)}")


class SheetRuleViolation(CharacterError, NotAllowed):
    """A well-formed request the rules do not allow for this character now."""

    def __init__(self, message: str, *, rule: str) -> None:
        self.rule = rule
        super().__init__(f"{rule}: {message}")


class NameLooksAlike(CharacterError, NotAllowed):
    """A new name that would be mistaken for ``existing``, already at the table: it
    differs only by look-alike characters (see :func:`core.names.look_alike`).

    ``why`` says what differs, e.g. ``it uses a Cyrillic letter``.
    """

    def __init__(self, name: str, existing: str, why: str) -> None:
        self.name = name
        self.existing = existing
        self.why = why
        super().__init__(looks_alike_message(name, existing, why))


class UnreadableData(CharacterError, Malformed):
    """Text that cannot be read safely: too big, nested too deep, a number too long,
    not UTF-8, or not valid TOML/JSON. ``syntax`` is true for text that is not valid
    TOML or JSON at all, ``line`` the line of such an error when known."""

    def __init__(self, message: str, *, line: int | None = None, syntax: bool = False
                 ) -> None:
        self.reason = message
        self.line = line
        self.syntax = syntax
        super().__init__(message)
