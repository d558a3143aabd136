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
from typing import TYPE_CHECKING, Any, Final

import cattrs
from cattrs.errors import AttributeValidationNote, ForbiddenExtraKeysError

from characters.convert import SETUPS, Invalid, read_json
from characters.errors import CharacterError, UnreadableData
from characters.model import ExtraGroup, Sheet
from conflict.errors import BadValue, ConflictError, shown
from conflict.events import EVENT_BY_TYPE, Event
from core.convert import Converter
from core.lazy import made

EVENT_MAX_BYTES = 200_000
"""The largest event read: an ``add`` event carries a whole sheet (notes at most 4,000
characters, lists at most 40 items), far below this."""

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


def _register_events(converter: cattrs.Converter) -> None:
    """The sheet-or-group inside ``add`` events, on the events' own converter: a group
    is told apart by its ``count``."""

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


EVENTS: Final = Converter(*SETUPS, _register_events)
"""The events' converter: the sheets' hooks (:data:`characters.convert.SETUPS`) and the
sheet-or-group of ``add`` events, made on first use."""

if TYPE_CHECKING:
    converter: cattrs.Converter
    """The events' converter (:data:`EVENTS`), as it was always importable."""

__all__ = ["EVENTS", "EVENT_MAX_BYTES", "SCHEMA", "SCHEMAS_READ", "UPGRADES", "event_from_dict",
           "event_from_json", "event_to_dict", "event_to_json", "events_from_json",
           "events_to_json"]


def __getattr__(name: str) -> Any:
    return made(__name__, name, {"converter": EVENTS})  # made on first use, by the one factory


def event_to_dict(event: Event) -> dict[str, Any]:
    """A JSON-ready dict of ``event`` with its ``schema`` and ``type`` tag."""
    cls = type(event)
    if EVENT_BY_TYPE.get(getattr(cls, "TYPE", "")) is not cls:
        raise BadValue(f"not a Conflict event: {shown(event)}")
    body = EVENTS().unstructure(event, cls)
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
    if kind == "start":
        body.setdefault("rules", 1)  # begun before editions were kept: edition 1
    try:
        event: Event = EVENTS().structure(body, cls)
    except ConflictError:
        raise
    except (CharacterError, cattrs.BaseValidationError, ValueError, TypeError,
            KeyError, AttributeError) as error:
        raise BadValue(f"cannot read {kind} event: {_reason(error)}") from None
    return event


def _reason(error: BaseException) -> str:
    """Every problem in a structuring error, each with its field: ``kind must be one
    of action, defense, no_roll, got 'dance'``."""

    if isinstance(error, cattrs.BaseValidationError) and error.exceptions:
        return "; ".join(_reason(e) for e in error.exceptions)
    if isinstance(error, ForbiddenExtraKeysError):
        return f"no field called {', '.join(map(shown, sorted(error.extra_fields)))}"
    fields = [n.name for n in getattr(error, "__notes__", ())
              if isinstance(n, AttributeValidationNote)]
    if isinstance(error, KeyError):
        missing = fields[0] if fields else (error.args[0] if error.args else "a field")
        return f"missing field {shown(missing)}"
    if isinstance(error, (ConflictError, CharacterError)):
        return str(error)  # the model's own message names the field and the rule
    text = error.reason if isinstance(error, Invalid) else (str(error) or type(error).__name__)
    return f"{fields[0]} {text}" if fields else text


def event_to_json(event: Event) -> str:
    """``event`` as one line of JSON."""
    return json.dumps(event_to_dict(event), ensure_ascii=False, separators=(",", ":"))


def event_from_json(text: str) -> Event:
    """The event in a line of JSON; :class:`BadValue` if it cannot be read."""
    try:
        data = read_json(text, max_bytes=EVENT_MAX_BYTES)  # refuses hostile text
    except UnreadableData as error:
        raise BadValue(f"an event must be JSON: {error}") from None
    return event_from_dict(data)


def events_to_json(events: Iterable[Event]) -> str:
    """Events as JSON lines, one event per line."""
    return "".join(event_to_json(e) + "\n" for e in events)


def events_from_json(text: str) -> list[Event]:
    """Events from JSON lines (blank lines are skipped)."""
    return [event_from_json(line) for line in text.splitlines() if line.strip()]



