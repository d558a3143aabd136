"""Field checks for the Conflict's events, and the limits of what a person may type.

Each check raises :class:`~conflict.errors.BadValue` naming the field, what is allowed
and what was given (quoted to at most :data:`QUOTE` characters, so a huge value never
makes a huge message). The ceilings below are far beyond any real table and keep a
typo or a hostile program from storing absurd values; ``docs/limits.md`` lists them.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable
from typing import Any, Final, TypeVar

import attrs

from characters.errors import CharacterError, SheetValueError
from characters.names import check_name
from conflict.errors import BadValue, shown
from core import bounds
from core.text import reading_stored, refusal

__all__ = ["MAX_ACTION_NUMBER", "MAX_DICE", "MAX_GRANTED", "MAX_NUDGES", "MAX_REORDER", "MAX_TEXT",
           "Check", "Faces", "flag", "lower", "lower_or_none", "name", "optional", "text",
           "to_enum", "to_faces", "to_names", "whole"]

MAX_DICE: Final = 40  # Action or Defense Dice declared (R-CON-7): far above any sheet
MAX_GRANTED: Final = 20  # Defense Dice a Narrator grants (R-CON-7c)
MAX_NUDGES: Final = 20  # Nudges applied or spent in one attack (R-CON-18)
MAX_ACTION_NUMBER: Final = 1_000_000  # actions are numbered over the whole Conflict
MAX_TEXT: Final = 500  # stakes, scope, descriptions, sources, notes, outcomes, reasons
MAX_REORDER: Final = 1000  # names in one Reorder (R-CON-4)

Check = Callable[[Any, "attrs.Attribute[Any]", Any], None]
E = TypeVar("E", bound=enum.Enum)


_NAMES_ACCEPTED: set[str] = set()
"""Texts :func:`characters.names.check_name` has accepted: whether it accepts a text
depends on the text alone, and every event names a participant, so each name is
checked once (a bounded set: it is emptied when it grows past 10,000 names)."""


def name(rule: str) -> Check:
    """A participant's or side's name: one line of text, see :mod:`characters.names`."""

    def check(_instance: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
        if value.__class__ is str and value in _NAMES_ACCEPTED:
            return
        try:
            check_name(value, field=attribute.name)
        except SheetValueError as error:
            raise BadValue(f"{attribute.name} must be {error.allowed}, got "
                           f"{shown(error.value)}", rule=rule) from None
        except CharacterError as error:
            raise BadValue(str(error), rule=rule) from None
        if value.__class__ is str and not reading_stored():
            if len(_NAMES_ACCEPTED) >= 10_000:
                _NAMES_ACCEPTED.clear()
            _NAMES_ACCEPTED.add(value)

    return check


def text(_instance: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
    """Free text of at most :data:`MAX_TEXT` characters, held to the project's one rule
    for free text (:func:`core.text.first_refused`: tab, line breaks and emoji
    sequences, but no control, bidi or invisible character)."""
    if not isinstance(value, str):
        raise BadValue(f"{attribute.name} must be text, got {shown(value)}")
    if len(value) > MAX_TEXT:
        raise BadValue(f"{attribute.name} must be at most {MAX_TEXT} characters, got "
                       f"{len(value)}")
    if value.isascii() and value.isprintable():
        return  # the common case, checked first
    why = refusal(value, lines=True, emoji=True)
    if why is not None:
        raise BadValue(f"{attribute.name} must be {why[0]}, got {shown(why[1])}")


def whole(low: int, high: int, rule: str) -> Check:
    """A whole number ``low``–``high`` (a bool is not a number): the project's one
    check, :func:`core.bounds.whole`."""
    return bounds.whole(low, high, rule=rule, refuse=_REFUSE)


_REFUSE = bounds.said_by(BadValue)


def optional(check: Check) -> Check:
    """``check``, but ``None`` is allowed."""

    def inner(instance: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
        if value is not None:
            check(instance, attribute, value)

    return inner


def flag(_instance: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
    """``True`` or ``False``, nothing else (``"false"`` is not false)."""
    if not isinstance(value, bool):
        raise BadValue(f"{attribute.name} must be true or false, got {shown(value)}")


def lower(value: str) -> str:
    """Text trimmed and lower-cased (Resilience names); anything else unchanged, for the
    field's validator to refuse by name."""
    return value.strip().lower() if isinstance(value, str) else value


def lower_or_none(value: str | None) -> str | None:
    """:func:`lower`, or ``None`` for none given."""
    return None if value is None else lower(value)


def to_enum(cls: type[E], field: str, *, param: str | None = None) -> Callable[[Any], E]:
    """A converter to ``cls`` from a member or its value; else :class:`BadValue`
    naming ``field``, carrying the value given (and ``param``, its table name, where a
    value of that name is given so)."""

    def convert(value: Any) -> E:
        if isinstance(value, cls):
            return value
        try:
            return cls(value.strip().lower() if isinstance(value, str) else value)
        except (ValueError, TypeError):
            allowed = ", ".join(str(m.value) for m in cls)
            raise BadValue(f"{field} must be one of {allowed}, got {shown(value)}",
                           param=param, value=value) from None

    return convert




Faces = tuple[tuple[int, ...], ...]
"""Faces per roller: one tuple of die faces for each character rolling (R-DICE-8)."""


def to_faces(value: Iterable[Iterable[int]]) -> Faces:
    """Faces per roller from lists of die faces 1–6 (R-DICE-1); at most 1,000 rollers
    (an Extra group's members) of at most 10 dice each (R-DICE-2)."""
    if value.__class__ is not tuple and (isinstance(value, (str, bytes))
                                         or not isinstance(value, Iterable)):
        raise BadValue(f"faces must be a list of lists of die faces, got {shown(value)}",
                       rule="R-DICE-1")
    out: list[tuple[int, ...]] = []
    for row in value:
        if row.__class__ is tuple:
            faces = row  # the common case, checked first: a tuple, as rolled
        elif isinstance(row, (str, bytes)) or not isinstance(row, Iterable):
            raise BadValue(f"each roller's faces must be a list of die faces, got "
                           f"{shown(row)}", rule="R-DICE-1")
        else:
            faces = tuple(row)
        if len(faces) > 10:
            raise BadValue(f"a roller rolls at most 10 dice, got {len(faces)}",
                           rule="R-DICE-2")
        for face in faces:
            if face.__class__ is int and 0 < face < 7:
                continue  # the common case, checked first: a plain number 1–6
            if isinstance(face, bool) or not isinstance(face, int) or not 1 <= face <= 6:
                raise BadValue(f"a die face must be 1–6, got {shown(face)}", rule="R-DICE-1")
        out.append(faces)
        if len(out) > 1000:
            raise BadValue("at most 1,000 rollers act together", rule="R-DICE-8")
    return tuple(out)


def to_names(value: Iterable[str]) -> tuple[str, ...]:
    """A list of names (never a string read as a list of letters)."""
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise BadValue(f"names must be a list of names, got {shown(value)}", rule="R-CON-4")
    names = []
    for item in value:
        names.append(item)
        if len(names) > MAX_REORDER:
            raise BadValue(f"at most {MAX_REORDER} names", rule="R-CON-4")
    return tuple(names)
