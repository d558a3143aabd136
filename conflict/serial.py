"""Events to and from JSON-ready dicts, through cattrs, with a type tag and a schema.

Every event becomes a dict such as::

    {"schema": 1, "type": "declare", "name": "Vin", "kind": "action", "dice": 6, ...}

``schema`` is the version of this layout (:data:`SCHEMA`); a later version of the
program reads older schemas it knows and refuses others. Enums are stored as their
values, tuples as lists; the sheet or Extra group inside ``add`` events is stored
whole (a group is told apart by its ``count``). Anything unreadable — unknown type,
unknown schema, a missing or bad field — raises :class:`~conflict.errors.BadValue`.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from typing import Any, get_args, get_origin

import cattrs
from cattrs.errors import AttributeValidationNote

from characters.errors import CharacterError
from characters.model import ExtraGroup, Kind, Sheet
from conflict.errors import BadValue, ConflictError, shown
from conflict.events import EVENT_BY_TYPE, Event

SCHEMA = 2
"""The version of the event layout written by this program.

Version 2 added an attack's ``harm`` and ``attack_kind`` (R-CON-8, R-CON-8a), Nudges
``spent`` with a ``note`` (R-CON-18), and a roll's ``defenders`` (one entry per
participant rolling against the action, R-CON-16) in place of version 1's single
``defender``."""


def _from_schema_1(data: dict[str, Any]) -> dict[str, Any]:
    """A version-1 event as version 2: only the roll changed."""
    data = {**data, "schema": 2}
    if data.get("type") == "roll" and "defender" in data:
        faces = data.pop("defender")
        data["defenders"] = [{"faces": faces, "name": None}] if faces else []
    return data


UPGRADES: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {1: _from_schema_1}
"""Older layouts this program reads, each turned into the next version."""

SCHEMAS_READ = frozenset({SCHEMA, *UPGRADES})
"""The versions this program can read."""


def _strict(kind: type[Any], accepts: Callable[[Any], bool], expected: str
            ) -> Callable[[Any, Any], Any]:
    """A structure hook that passes ``kind`` values through untouched and refuses any
    other JSON value, instead of converting it (``"false"`` would read as true, ``2.7``
    as 2)."""

    def structure(value: Any, _type: Any) -> Any:
        if not accepts(value):
            raise ValueError(f"expected {expected}, got {shown(value)}")
        return value

    return structure


def _is_tuple_of(type_: Any) -> bool:
    args = get_args(type_)
    return get_origin(type_) is tuple and len(args) == 2 and args[1] is Ellipsis


def _make_converter() -> cattrs.Converter:
    converter = cattrs.Converter(forbid_extra_keys=True)
    converter.register_structure_hook(int, _strict(
        int, lambda v: isinstance(v, int) and not isinstance(v, bool), "a whole number"))
    converter.register_structure_hook(bool, _strict(
        bool, lambda v: isinstance(v, bool), "true or false"))
    converter.register_structure_hook(str, _strict(
        str, lambda v: isinstance(v, str), "text"))

    def tuple_of(type_: Any) -> Callable[[Any, Any], tuple[Any, ...]]:
        item = get_args(type_)[0]

        def structure(value: Any, _type: Any) -> tuple[Any, ...]:
            if not isinstance(value, (list, tuple)):
                raise ValueError(f"expected a list, got {shown(value)}")
            return tuple(converter.structure(v, item) for v in value)

        return structure

    converter.register_structure_hook_factory(_is_tuple_of, tuple_of)
    converter.register_unstructure_hook(Kind, lambda kind: kind.value)
    converter.register_structure_hook(Kind, lambda value, _type: Kind(value))

    def structure_character(value: Any, _type: Any) -> Sheet | ExtraGroup:
        if not isinstance(value, Mapping):
            raise BadValue(f"a character must be an object, got {shown(value)}", rule="R-CON-2")
        cls: type[Sheet | ExtraGroup] = ExtraGroup if "count" in value else Sheet
        result: Sheet | ExtraGroup = converter.structure(value, cls)
        return result

    def unstructure_character(value: Sheet | ExtraGroup) -> Any:
        return converter.unstructure(value, type(value))

    converter.register_structure_hook(Sheet | ExtraGroup, structure_character)
    converter.register_unstructure_hook(Sheet | ExtraGroup, unstructure_character)
    return converter


converter = _make_converter()
"""The cattrs converter for events (and the sheets inside them)."""


def event_to_dict(event: Event) -> dict[str, Any]:
    """A JSON-ready dict of ``event`` with its ``schema`` and ``type`` tag."""
    cls = type(event)
    if EVENT_BY_TYPE.get(getattr(cls, "TYPE", "")) is not cls:
        raise BadValue(f"not a Conflict event: {shown(event)}")
    body = converter.unstructure(event, cls)
    return {"schema": SCHEMA, "type": cls.TYPE, **body}


def event_from_dict(data: Mapping[str, Any]) -> Event:
    """The event a dict from :func:`event_to_dict` describes; :class:`BadValue` if it
    cannot be read."""
    if not isinstance(data, Mapping):
        raise BadValue(f"an event must be an object, got {shown(data)}")
    schema = data.get("schema")
    if schema not in SCHEMAS_READ or isinstance(schema, bool):
        raise BadValue(f"unknown event schema {shown(schema)} (this program reads "
                       f"{', '.join(map(str, sorted(SCHEMAS_READ)))})")
    data = dict(data)
    while data["schema"] != SCHEMA:
        data = UPGRADES[data["schema"]](data)
    kind = data.get("type")
    cls = EVENT_BY_TYPE.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise BadValue(f"unknown event type {shown(kind)} (known: {', '.join(EVENT_BY_TYPE)})")
    body = {k: v for k, v in data.items() if k not in ("schema", "type")}
    try:
        event: Event = converter.structure(body, cls)
    except ConflictError:
        raise
    except (CharacterError, cattrs.BaseValidationError, ValueError, TypeError,
            KeyError, AttributeError) as error:
        raise BadValue(f"cannot read {kind} event: {_reason(error)}") from None
    return event


def _reason(error: BaseException) -> str:
    if isinstance(error, cattrs.BaseValidationError):
        inner = error.exceptions
        if inner:
            return "; ".join(_reason(e) for e in inner)
    if isinstance(error, KeyError):
        return f"missing field {shown(error.args[0])}" if error.args else "missing field"
    text = str(error) or type(error).__name__
    if isinstance(error, ValueError) and not isinstance(error, ConflictError):
        fields = [n.name for n in getattr(error, "__notes__", ())
                  if isinstance(n, AttributeValidationNote)]
        if fields:
            return f"{fields[0]}: {text}"
    return text


def event_to_json(event: Event) -> str:
    """``event`` as one line of JSON."""
    return json.dumps(event_to_dict(event), ensure_ascii=False, separators=(",", ":"))


def event_from_json(text: str) -> Event:
    """The event in a line of JSON; :class:`BadValue` if it cannot be read."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise BadValue(f"an event must be JSON: {error}") from None
    return event_from_dict(data)


def events_to_json(events: Iterable[Event]) -> str:
    """Events as JSON lines, one event per line."""
    return "".join(event_to_json(e) + "\n" for e in events)


def events_from_json(text: str) -> list[Event]:
    """Events from JSON lines (blank lines are skipped)."""
    return [event_from_json(line) for line in text.splitlines() if line.strip()]



