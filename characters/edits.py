"""Changing a sheet field by field: ``attributes.wits=5``, ``powers[1].rating=6``.

An assignment is ``FIELD=VALUE``. FIELD is dotted, the way sheet files and error
messages name fields; list items count from 1 (``powers[2].rating`` or
``powers.2.rating``). VALUE is read according to the field's declared type:

- text fields take the text as it is (an empty value removes an optional field, such
  as ``player=`` or a group's ``standings=``);
- whole-number fields take the number (anything else reaches the model's own check,
  which names the field and what R-CHAR-1 allows);
- a Resilience given a bare number takes it as its full score and keeps the damage
  already taken (R-CHAR-1, R-CON-20);
- lists of names take a TOML list (``["Quick", "Sly"]``) or text split at commas;
- everything else is a TOML value, e.g. ``[{ name = "Pewter", rating = 3 }]``.

:func:`apply_assignments` applies all of them or none: a field the sheet does not have,
or an assignment that cannot be read, raises :class:`FieldError`; a value the rules
do not allow raises :class:`~characters.files.SheetDataError` naming the character.
The character given is a frozen value and is never changed. Renaming to a name already
taken is for whoever keeps the roster to refuse (see ``conflict.storage.Table.change``).

Nothing here prints or opens a database.
"""

from __future__ import annotations

import copy
import difflib
import enum
import json
import re
import types
import typing
from collections.abc import Sequence
from typing import Any, Final

import attrs

from characters.convert import read_toml
from characters.errors import CharacterError, UnreadableData, shown
from characters.files import SheetDataError, dotted, section_of, structure, unstructure
from characters.limits import INTEGER_DIGITS_MAX, SHOWN_MAX
from characters.model import Character, ExtraGroup, Resilience, Sheet

__all__ = ["Assignment", "Change", "FieldError", "FieldPath", "apply_assignments",
           "parse_assignment", "parse_field", "show_value"]

FieldPath = tuple[str | int, ...]
"""A field as parts: ``("powers", 0, "rating")``; list indexes here count from 0."""

_PATH_PART: Final = re.compile(r"([^.\[\]]+)|\[(\d+)\]")


class FieldError(CharacterError):
    """An assignment that cannot be read, or that names a field the sheet lacks.

    ``field`` is the field as written (the whole assignment when it has no ``=``).
    """

    def __init__(self, field: str, message: str) -> None:
        self.field = field
        super().__init__(message)


@attrs.frozen
class Assignment:
    """One ``FIELD=VALUE``, read but not yet checked against a sheet."""

    field: str
    """The field as written, without surrounding spaces: ``powers[1].rating``."""
    path: FieldPath
    """The same field as parts: ``("powers", 0, "rating")``."""
    text: str
    """VALUE exactly as written (it may be empty)."""


@attrs.frozen
class Change:
    """What one assignment did, as plain sheet data (``None``: absent)."""

    field: str
    old: Any
    new: Any

    def __str__(self) -> str:
        return f"{self.field} = {show_value(self.new)} (was {show_value(self.old)})"


def _brief(text: str) -> str:
    """A field as a message names it: as written, cut to at most 60 characters."""
    return text if len(text) <= SHOWN_MAX else text[: SHOWN_MAX - 1] + "…"


def show_value(value: Any) -> str:
    """Sheet data as one short line: text as it is, ``(none)`` for nothing, else JSON."""
    if value is None:
        return "(none)"
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)


# --- reading assignments ------------------------------------------------------------


def parse_field(text: str) -> FieldPath:
    """``powers[2].rating`` → ``("powers", 1, "rating")`` (list items count from 1;
    ``powers.2.rating`` works too). Raises :class:`FieldError` if it cannot be read."""
    parts: list[str | int] = []
    position = 0
    for match in _PATH_PART.finditer(text):
        between = text[position : match.start()]
        if between not in ("", "."):
            raise FieldError(text, f"cannot read the field {shown(text)}")
        position = match.end()
        name, index = match.group(1), match.group(2)
        if index is None and name.isdigit():
            index = name
        if index is not None:
            if int(index) < 1:
                raise FieldError(text, f"{_brief(text)}: list items count from 1")
            parts.append(int(index) - 1)
        else:
            parts.append(name.strip())
    if not parts or position != len(text) or isinstance(parts[0], int):
        raise FieldError(
            text, f"cannot read the field {shown(text)} (e.g. attributes.wits or powers[1].rating)"
        )
    return tuple(parts)


def parse_assignment(text: str) -> Assignment:
    """``"attributes.wits=5"`` as an :class:`Assignment`; the first ``=`` splits it.

    Raises :class:`FieldError` when there is no ``=``, no field, or a field that cannot
    be read. Whether the sheet has that field is checked when it is applied.
    """
    field, equals, value = text.partition("=")
    if not equals or not field.strip():
        raise FieldError(text, f"{shown(text)}: write FIELD=VALUE, e.g. attributes.wits=5")
    return Assignment(field.strip(), parse_field(field.strip()), value)


# --- applying them ------------------------------------------------------------------


def apply_assignments(
    character: Character, assignments: Sequence[str | Assignment]
) -> tuple[Character, list[Change]]:
    """``character`` with every assignment applied in order, and what each changed.

    All or nothing: the first assignment that names no field of this kind of sheet, or
    cannot be read, raises :class:`FieldError`; if the result breaks a rule (R-CHAR-1,
    R-CON-2, R-CON-6) :class:`~characters.files.SheetDataError` says which field, with
    the character's name in front. Either way nothing is returned and ``character``,
    a frozen value, stays as it was.
    """
    if isinstance(assignments, str):
        assignments = [assignments]
    parsed = [
        item if isinstance(item, Assignment) else parse_assignment(item) for item in assignments
    ]
    cls: type[Sheet] | type[ExtraGroup] = ExtraGroup if isinstance(character, ExtraGroup) else Sheet
    data = unstructure(character)
    changes: list[Change] = []
    for assignment in parsed:
        kind = _field_type(cls, assignment.path, assignment.field)
        current = _peek(data, assignment.path)
        value = _parse_value(kind, assignment.text, assignment.field, copy.deepcopy(current))
        old = _place(data, assignment.path, value, assignment.field)
        changes.append(Change(assignment.field, old, value))
    try:
        return structure(data, cls), changes
    except SheetDataError as error:
        raise SheetDataError(
            error.problems, where=f"{section_of(character)} {shown(character.name)}"
        ) from None


def _field_type(cls: type[Any], path: FieldPath, text: str) -> Any:
    """The declared type at ``path`` inside attrs class ``cls``; unknown fields are
    refused by name, with the closest known one (or where a bare name lives)."""
    current: Any = cls
    for part in path:
        origin = typing.get_origin(current)
        args = typing.get_args(current)
        if origin in (typing.Union, types.UnionType):
            current = next(arg for arg in args if arg is not type(None))
            origin, args = typing.get_origin(current), typing.get_args(current)
        if isinstance(part, int):
            if origin is not tuple:
                where = _brief(_dotted_upto(path, part))
                raise FieldError(text, f"{_brief(text)}: {where} is not a list")
            current = args[0]
            continue
        if not (isinstance(current, type) and attrs.has(current)):
            raise FieldError(text, f"{_brief(text)}: there is no field {shown(part)} there")
        fields = attrs.fields_dict(attrs.resolve_types(current))
        if part not in fields:
            nested = _nested_field(fields, part)
            close = difflib.get_close_matches(part, list(fields), n=1)
            if nested:
                prefix = _dotted_upto(path, part)[: -len(part)]
                hint = f"did you mean {prefix + nested!r}?"
            elif close:
                hint = f"did you mean {close[0]!r}?"
            else:
                hint = "expected " + ", ".join(fields)
            raise FieldError(text, f"{_brief(text)}: {shown(part)} is not a known field ({hint})")
        current = fields[part].type
    return current


def _nested_field(fields: dict[str, Any], name: str) -> str | None:
    """``attributes.wits`` for ``wits``: the one field a level down called ``name``;
    inside a list it names the first item, as ``powers[1].rating``."""
    found = []
    for outer, field in fields.items():
        inner = field.type
        in_list = typing.get_origin(inner) is tuple
        for candidate in (inner, *typing.get_args(inner)):
            if isinstance(candidate, type) and attrs.has(candidate):
                if name in attrs.fields_dict(candidate):
                    found.append(f"{outer}[1].{name}" if in_list else f"{outer}.{name}")
                break
    return found[0] if len(found) == 1 else None


def _dotted_upto(path: FieldPath, upto: str | int) -> str:
    return dotted(path[: path.index(upto) + 1])


def _parse_value(kind: Any, text: str, field: str, current: Any) -> Any:
    """VALUE as plain sheet data for a field of type ``kind`` (``current`` is what the
    field holds now, as plain data)."""
    args = typing.get_args(kind)
    optional = typing.get_origin(kind) in (typing.Union, types.UnionType) and type(None) in args
    if optional:
        if text.strip() == "":
            return None
        kind = next(arg for arg in args if arg is not type(None))
    if kind is str:
        return text
    whole = re.fullmatch(r"\s*[+-]?(\d+)\s*", text)
    # A number too long to be any score reaches the model as text, which names the field.
    number: int | str = (
        int(text) if whole and len(whole.group(1)) <= INTEGER_DIGITS_MAX else text
    )
    if kind is int:
        return number  # the model names the field if it is not a whole number
    if kind is Resilience and whole:
        # A bare number is the full score; the damage taken is kept.
        damage = current.get("damage", 0) if isinstance(current, dict) else 0
        return {"full": number, "damage": damage}
    if typing.get_origin(kind) is tuple and typing.get_args(kind)[0] is str:
        try:
            parsed = _toml_value(text, field)
        except _NotToml:
            return [item.strip() for item in text.split(",") if item.strip()]
        return parsed if isinstance(parsed, list) else [parsed]
    if isinstance(kind, type) and issubclass(kind, enum.Enum):
        return text
    try:
        return _toml_value(text, field)
    except _NotToml:
        raise FieldError(
            field,
            f"{_brief(field)}: cannot read {shown(text)}; write a TOML value, "
            'e.g. [{ name = "Pewter", rating = 3 }]',
        ) from None


class _NotToml(Exception):
    """VALUE is not TOML at all (so it may be read another way)."""


def _toml_value(text: str, field: str) -> Any:
    """VALUE read as a TOML value, through the same safe reader as sheet files: text
    too deep, a number too long or NaN is refused by :class:`FieldError`."""
    try:
        return read_toml(f"value = {text}")["value"]
    except UnreadableData as error:
        if error.syntax:
            raise _NotToml from None
        raise FieldError(field, f"{_brief(field)}: the value {error.reason}") from None


def _peek(data: Any, path: FieldPath) -> Any:
    """What ``data`` holds at ``path``, or ``None``."""
    for part in path:
        if isinstance(part, int):
            if not isinstance(data, list) or part >= len(data):
                return None
            data = data[part]
        else:
            if not isinstance(data, dict):
                return None
            data = data.get(part)
    return data


def _place(data: Any, path: FieldPath, value: Any, text: str) -> Any:
    """Put ``value`` at ``path`` inside ``data`` (``None`` removes the field); returns
    the value it replaced."""
    target = data
    for depth, part in enumerate(path[:-1]):
        target = _step(target, part, path, depth, text)
    last = path[-1]
    if isinstance(last, int):
        if not isinstance(target, list) or last >= len(target):
            size = len(target) if isinstance(target, list) else 0
            raise FieldError(
                text, f"{_brief(text)}: there {'is' if size == 1 else 'are'} {size} item(s) there"
            )
        old = target[last]
        target[last] = value
        return old
    if not isinstance(target, dict):
        raise FieldError(text, f"{_brief(text)}: there is no field {shown(last)} there")
    old = target.get(last)
    if value is None:
        target.pop(last, None)
    else:
        target[last] = value
    return old


def _step(target: Any, part: str | int, path: FieldPath, depth: int, text: str) -> Any:
    """One step down towards the field, making a missing table on the way."""
    if isinstance(part, int):
        if isinstance(target, list) and part < len(target):
            return target[part]
        size = len(target) if isinstance(target, list) else 0
        raise FieldError(text, f"{_brief(text)}: {_brief(dotted(path[:depth]))} has {size} item(s)")
    if isinstance(target, dict):
        if target.get(part) is None:
            target[part] = {}
        return target[part]
    raise FieldError(text, f"{_brief(text)}: there is no field {shown(part)} there")
